/**
 * The scroll as a finger moves it and lets it go, for a header whose snap has a motion (Grammar.md, "The motion
 * after release"): events in, the offset of each frame out. An app passes what its scroll (a nested scroll
 * connection, a fling behaviour) reports: a touch down, each offset, a touch up, each frame's time in
 * milliseconds; it draws the header at `offsetAt(time)`, scrolling there too while a motion runs. `settle` and
 * `motion` are the generated object's, bound to the app's inputs:
 *
 *     val driver = ScrollDriver({ target, velocity -> HeaderMath.settle(target, velocity) },
 *                               { from, velocity, target, elapsed -> HeaderMath.motion(from, velocity, target, elapsed) })
 *
 * Written line for line from headerc's Swift `ScrollDriver` (Sources/HeaderEval/ScrollDriver.swift), with the same
 * IEEE operations in the same order: one recorded gesture gives the same frames in every language. The tests
 * compile this file with kotlinc.
 */
class ScrollDriver(
    /** Both functions may be bound anew when the inputs change; a motion under way goes on with the new ones. */
    var settle: (target: Double, velocity: Double) -> Double,
    /** Null where the snap has no motion, and the scroll view decelerates by itself. */
    var motion: ((from: Double, velocity: Double, target: Double, elapsed: Double) -> Double)?
) {
    /** A motion under way: where the finger lifted, at what velocity (points per second), where the snap settled it, and when. */
    data class Release(val from: Double, val velocity: Double, val target: Double, val start: Double)

    var isTouching = false
        private set
    /** The motion under way since the last lift, until a scroll or a touch ends it. */
    var release: Release? = null
        private set
    private var offset = 0.0
    private val sampleTimes = ArrayList<Double>()
    private val sampleOffsets = ArrayList<Double>()

    /** The finger comes down at `time`: it catches the scroll where it is, and the motion ends. */
    fun touchDown(time: Double) {
        if (isTouching) return
        offset = offsetAt(time)
        release = null
        isTouching = true
        sampleTimes.clear()
        sampleOffsets.clear()
        sample(time)
    }

    /**
     * The scroll is at `offset` at `time`: under the finger, a sample of its velocity; without one, a scroll that
     * moves by itself, which ends any motion.
     */
    fun scrolled(offset: Double, time: Double) {
        this.offset = offset
        release = null
        if (isTouching) sample(time)
    }

    /**
     * The finger lifts at `time`: its velocity over the last 100 ms carries the scroll on, the snap settles that,
     * and the motion starts from where it lifted.
     */
    fun touchUp(time: Double) {
        if (!isTouching) return
        isTouching = false
        sample(time)
        if (motion == null) return
        val velocity = releaseVelocity()
        val target = settle(offset + velocity * PROJECTION_SECONDS, velocity)
        release = Release(offset, velocity, target, time)
    }

    /** The offset of the frame at `time`: where the finger or a scroll put it, or where the motion has it. */
    fun offsetAt(time: Double): Double {
        val release = this.release
        val motion = this.motion
        if (release == null || motion == null) return offset
        return motion(release.from, release.velocity, release.target, time - release.start)
    }

    /** Whether a frame at `time` would still move: a motion under way that has not reached its target. */
    fun isMovingAt(time: Double): Boolean {
        val release = this.release ?: return false
        return offsetAt(time) != release.target
    }

    /** A sample of the finger at `time`: one at the same time as the last replaces it; those older than the window are dropped. */
    private fun sample(time: Double) {
        if (sampleTimes.isNotEmpty() && sampleTimes[sampleTimes.size - 1] == time) {
            sampleOffsets[sampleOffsets.size - 1] = offset
        } else {
            sampleTimes.add(time)
            sampleOffsets.add(offset)
        }
        var first = 0
        while (first < sampleTimes.size && sampleTimes[first] < time - VELOCITY_WINDOW) first += 1
        if (first > 0) {
            sampleTimes.subList(0, first).clear()
            sampleOffsets.subList(0, first).clear()
        }
    }

    /** Points per second from the oldest to the newest sample of the window; 0 with fewer than two apart in time. */
    private fun releaseVelocity(): Double {
        if (sampleTimes.isEmpty() || !(sampleTimes[sampleTimes.size - 1] > sampleTimes[0])) return 0.0
        return (sampleOffsets[sampleOffsets.size - 1] - sampleOffsets[0]) / (sampleTimes[sampleTimes.size - 1] - sampleTimes[0]) * 1000.0
    }

    companion object {
        /** How far the scroll goes on after a release, in seconds of its velocity (UIKit's normal deceleration). */
        const val PROJECTION_SECONDS = 0.499
        /** The finger's samples that count towards its velocity: those of the last 100 ms before it lifts. */
        const val VELOCITY_WINDOW = 100.0
    }
}
