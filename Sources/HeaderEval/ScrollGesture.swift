import HeaderIR

/// The rows of `eval --trace` as a scroll view reports them to a `ScrollDriver` bound to the interpreter (Grammar.md,
/// "The motion after release"): each row is a frame whose `touch` puts the finger down or lifts it, whose offset (if
/// it gives one) is where the finger or a scroll put the scroll, and whose time the frame is drawn at.
public struct ScrollGesture {
    /// One frame: the offset the header sees, and the motion that gave it (nil where the row or the finger did).
    public struct Frame: Equatable {
        public let offset: Double
        public let release: ScrollDriver.Release?
        /// Milliseconds since the release, for a frame on a motion.
        public let elapsed: Double
    }

    private var driver: ScrollDriver

    /// The scroll comes to rest by the first snap of the scroll, and moves there by its motion if it has one.
    public init(interpreter: Interpreter) {
        let snap = interpreter.program.snaps.firstIndex { $0.state == nil }
        let moves = snap.map { interpreter.program.snaps[$0].motion != nil } ?? false
        driver = ScrollDriver(settle: { target, velocity in
            snap.map { interpreter.settle(snap: $0, offset: target, velocity: velocity) } ?? target
        }, motion: !moves ? nil : { from, velocity, target, elapsed in
            snap.flatMap { interpreter.motion(snap: $0, from: from, velocity: velocity, target: target, elapsed: elapsed) } ?? target
        })
    }

    /// The frame of a row at `time` (milliseconds, not before the last row's): `given` is where the row says the
    /// scroll is (nil: where it was left), `touching` whether the finger is down (nil: no finger at all).
    public mutating func frame(time: Double, given: Double?, touching: Bool?) -> Frame {
        if touching == true { driver.touchDown(time: time) }
        if let given { driver.scrolled(to: given, time: time) }
        if touching != true { driver.touchUp(time: time) }
        let offset = driver.offset(at: time)
        guard let release = driver.release else { return Frame(offset: offset, release: nil, elapsed: 0) }
        return Frame(offset: offset, release: release, elapsed: time - release.start)
    }
}
