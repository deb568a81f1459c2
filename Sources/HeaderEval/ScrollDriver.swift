// The scroll as a finger moves it and lets it go, for a header whose snap has a motion (Grammar.md, "The motion
// after release"): events in, the offset of each frame out. No UI framework: an app passes what its scroll view
// reports (a touch down, each offset, a touch up, each frame's time in milliseconds) and draws the header at the
// offset `offset(at:)` gives, scrolling there too while a motion runs. `settle` and `motion` are the generated
// code's, bound to the app's inputs. `headerc eval --trace` follows its rows with this driver, and the JavaScript
// (`scroll-driver.mjs`) and Kotlin (`ScrollDriver.kt`) drivers are written from it line for line, with the same IEEE
// operations in the same order, so that one recorded gesture gives the same frames everywhere.
public struct ScrollDriver {
    /// How far the scroll goes on after a release, in seconds of its velocity: UIKit's normal deceleration, 0.998 a
    /// millisecond, carries it velocity / 1000 x 0.998 / (1 - 0.998) points further.
    public static let projectionSeconds = 0.499
    /// The finger's samples that count towards its velocity: those of the last 100 ms before it lifts.
    public static let velocityWindow = 100.0

    /// A motion under way: where the finger lifted, at what velocity (points per second), where the snap settled
    /// the scroll, and when (milliseconds).
    public struct Release: Equatable {
        public let from: Double
        public let velocity: Double
        public let target: Double
        public let start: Double
    }

    /// The generated settle function: where a scroll that would end at a target with a velocity comes to rest. Both
    /// functions may be bound anew when the inputs change; a motion under way goes on with the new ones.
    public var settle: (_ target: Double, _ velocity: Double) -> Double
    /// The generated motion function; nil where the snap has none, and the scroll view decelerates by itself.
    public var motion: ((_ from: Double, _ velocity: Double, _ target: Double, _ elapsed: Double) -> Double)?

    public private(set) var isTouching = false
    /// The motion under way since the last lift, until a scroll or a touch ends it.
    public private(set) var release: Release?
    private var offset = 0.0
    private var sampleTimes: [Double] = []
    private var sampleOffsets: [Double] = []

    public init(settle: @escaping (_ target: Double, _ velocity: Double) -> Double,
                motion: ((_ from: Double, _ velocity: Double, _ target: Double, _ elapsed: Double) -> Double)?) {
        self.settle = settle
        self.motion = motion
    }

    /// The finger comes down at `time`: it catches the scroll where it is, and the motion ends.
    public mutating func touchDown(time: Double) {
        if isTouching { return }
        offset = offset(at: time)
        release = nil
        isTouching = true
        sampleTimes = []
        sampleOffsets = []
        sample(time)
    }

    /// The scroll is at `offset` at `time`: under the finger, a sample of its velocity; without one, a scroll
    /// that moves by itself, which ends any motion.
    public mutating func scrolled(to offset: Double, time: Double) {
        self.offset = offset
        release = nil
        if isTouching { sample(time) }
    }

    /// The finger lifts at `time`: its velocity over the last 100 ms carries the scroll on, the snap settles that,
    /// and the motion starts from where it lifted.
    public mutating func touchUp(time: Double) {
        if !isTouching { return }
        isTouching = false
        sample(time)
        guard motion != nil else { return }
        let velocity = releaseVelocity()
        let target = settle(offset + velocity * Self.projectionSeconds, velocity)
        release = Release(from: offset, velocity: velocity, target: target, start: time)
    }

    /// The offset of the frame at `time`: where the finger or a scroll put it, or where the motion has it.
    public func offset(at time: Double) -> Double {
        guard let release, let motion else { return offset }
        return motion(release.from, release.velocity, release.target, time - release.start)
    }

    /// Whether a frame at `time` would still move: a motion under way that has not reached its target.
    public func isMoving(at time: Double) -> Bool {
        guard let release else { return false }
        return offset(at: time) != release.target
    }

    /// A sample of the finger at `time`: one at the same time as the last replaces it; those older than the
    /// window are dropped.
    private mutating func sample(_ time: Double) {
        if let last = sampleTimes.last, last == time {
            sampleOffsets[sampleOffsets.count - 1] = offset
        } else {
            sampleTimes.append(time)
            sampleOffsets.append(offset)
        }
        var first = 0
        while first < sampleTimes.count, sampleTimes[first] < time - Self.velocityWindow { first += 1 }
        if first > 0 {
            sampleTimes.removeFirst(first)
            sampleOffsets.removeFirst(first)
        }
    }

    /// Points per second from the oldest to the newest sample of the window; 0 with fewer than two apart in time.
    private func releaseVelocity() -> Double {
        guard let firstTime = sampleTimes.first, let lastTime = sampleTimes.last, lastTime > firstTime,
              let firstOffset = sampleOffsets.first, let lastOffset = sampleOffsets.last else { return 0 }
        return (lastOffset - firstOffset) / (lastTime - firstTime) * 1000
    }
}
