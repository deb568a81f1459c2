import HeaderIR

/// The scroll as a finger moves it and lets it go, frame by frame (Grammar.md, "The motion after release"): while
/// the finger is down the scroll is where the frames say; when it lifts, the velocity of its last 100 ms carries
/// the scroll to where a free deceleration would end, the first snap of the scroll settles that, and where that
/// snap has a `motion` the scroll follows it from then on, until a frame puts the scroll somewhere or the finger
/// comes down again. `eval --trace` follows its rows with it; the drivers of every back end do the same.
public struct ScrollGesture {
    /// How far the scroll goes on after a release, in seconds of its velocity: UIKit's normal deceleration, 0.998 a
    /// millisecond, carries a page velocity / 1000 x 0.998 / (1 - 0.998) points further.
    public static let projectionSeconds = 0.499
    /// The finger's samples that count towards its velocity: those of the last 100 ms.
    public static let velocityWindow = 100.0

    /// A motion under way: the body's parameters, and when it started.
    public struct Motion: Sendable, Equatable {
        public let from: Double, velocity: Double, target: Double, start: Double
    }

    /// One frame: the offset the header sees, and the motion that gave it (nil where the frame gave it).
    public struct Frame: Sendable, Equatable {
        public let offset: Double
        public let motion: Motion?
        public let elapsed: Double
    }

    private var samples: [(time: Double, offset: Double)] = []
    private var touching = false
    private var motion: Motion?
    private var offset = 0.0
    /// The snap the scroll comes to rest by: the first snap of the scroll.
    private let snap: Int?

    public init(program: Program) {
        snap = program.snaps.firstIndex { $0.state == nil }
    }

    /// The offset of the frame at `time` (milliseconds, not before the last frame's): `given` is where the frame
    /// says the scroll is (nil: where it was left), `touching` whether the finger is down (nil: no finger at all).
    public mutating func frame(time: Double, given: Double?, touching down: Bool?, interpreter: Interpreter) -> Frame {
        let fingerDown = down ?? false
        if fingerDown {
            if !touching {
                touching = true
                samples = []
            }
            offset = given ?? current(at: time, interpreter)
            motion = nil
            sample(time, offset)
            return Frame(offset: offset, motion: nil, elapsed: 0)
        }
        if touching {
            // The finger lifts here: where it was, or where this frame says it lifted.
            touching = false
            let lift = given ?? offset
            sample(time, lift)
            offset = lift
            let velocity = releaseVelocity()
            if let snap, interpreter.program.snaps[snap].motion != nil {
                let target = interpreter.settle(snap: snap, offset: lift + velocity * Self.projectionSeconds, velocity: velocity)
                let started = Motion(from: lift, velocity: velocity, target: target, start: time)
                motion = started
                return moved(started, at: time, interpreter)
            }
            return Frame(offset: lift, motion: nil, elapsed: 0)
        }
        if let given {
            motion = nil
            offset = given
            return Frame(offset: given, motion: nil, elapsed: 0)
        }
        if let motion { return moved(motion, at: time, interpreter) }
        return Frame(offset: offset, motion: nil, elapsed: 0)
    }

    private mutating func moved(_ motion: Motion, at time: Double, _ interpreter: Interpreter) -> Frame {
        let elapsed = time - motion.start
        offset = snap.flatMap {
            interpreter.motion(snap: $0, from: motion.from, velocity: motion.velocity, target: motion.target, elapsed: elapsed)
        } ?? offset
        return Frame(offset: offset, motion: motion, elapsed: elapsed)
    }

    /// Where the scroll is at `time` with no frame to say: on its motion, or where it was left.
    private mutating func current(at time: Double, _ interpreter: Interpreter) -> Double {
        guard let motion else { return offset }
        return moved(motion, at: time, interpreter).offset
    }

    private mutating func sample(_ time: Double, _ offset: Double) {
        samples.append((time, offset))
        samples.removeAll { $0.time < time - Self.velocityWindow }
    }

    /// Points per second from the oldest to the newest sample of the last 100 ms; 0 with fewer than two apart in time.
    private func releaseVelocity() -> Double {
        guard let first = samples.first, let last = samples.last, last.time > first.time else { return 0 }
        return (last.offset - first.offset) / (last.time - first.time) * 1000
    }
}
