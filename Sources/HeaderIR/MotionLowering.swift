import HeaderSource
import HeaderSyntax
import HeaderMath
import HeaderSema

/// The motion after release, the one place it is written (Grammar.md, "The motion after release"): where the
/// scroll is a time after the finger lifted at `from` with `velocity` (points per second), on its way to `target`,
/// where its snap settled it.
///
/// - A spring alone is the damped oscillator SwiftUI's spring is, with the stiffness and damping its parameters
///   give, let go at `from` with the release velocity: the displacement d from the target obeys
///   d'' + 2 zeta omega d' + omega^2 d = 0 with d(0) = from - target and d'(0) = velocity. It overshoots as the
///   spring does, and it is at the target exactly from the first time a bound of |d| falls to `restDistance`:
///   the bound only falls from there on, so the motion ends once and for all.
/// - A curve over a duration is `from + curve(x) * (target - from)`, x the time since the release over the
///   duration, within 0...1 (1 for a duration that is not above 0), and the target exactly at x = 1. A spring with
///   a duration is stretched to it, as a transition's is; the release velocity is not read.
///
/// Before any time has passed (an elapsed time not above 0) the scroll is where the finger lifted.
package enum MotionLowering {
    /// Points: how close a spring's bound must come to the target for the motion to end there.
    package static let restDistance = 1e-3

    /// What the generated `motion` function does, for its documentation in every back end (`settle` is the name of
    /// the snap's settle function there).
    package static func summary(_ snap: Program.Snap, settle: String) -> String {
        "Where the scroll is `elapsed` milliseconds after the finger lifted at `from` with `velocity`\n"
            + "(points per second), on its way to `target`, where `\(settle)` put it: "
            + (snap.motionIsSpring ? "the snap's spring, let go\nwith that velocity, overshoot and all; `target` itself once within \(restDistance) pt of it for good."
               : "along the snap's curve\nover its duration, and `target` itself from then on.")
    }

    /// The parts of the motion's body: reads of where the finger lifted (`.offset`), the release velocity, the
    /// settled target and the time since the release (`.time`), and the duration's expression when one is given.
    package static func position(curve: Curve, duration: Expr?, at range: SourceRange, into builder: inout BodyBuilder) -> Expr {
        let from = builder.bind(Expr(.read(.offset), .length, range), name: "from")
        let target = builder.bind(Expr(.read(.target), .length, range), name: "target")
        let elapsed = Expr(.read(.time), .time, range)
        func number(_ value: Double) -> Expr { .constant(value, at: range) }
        func add(_ a: Expr, _ b: Expr) -> Expr { builder.binary(.add, a, b, at: range) }
        func multiply(_ a: Expr, _ b: Expr) -> Expr { builder.binary(.multiply, a, b, at: range) }
        func subtract(_ a: Expr, _ b: Expr) -> Expr { builder.binary(.subtract, a, b, at: range) }
        let started = builder.bind(builder.binary(.greater, elapsed, .constant(0, .time, at: range), at: range), name: "started")
        let moving: Expr
        if let duration {
            var ratio = builder.binary(.divide, elapsed, duration, at: range)
            ratio.type = .number
            let clamped = builder.binary(.min, builder.binary(.max, ratio, number(0), at: range), number(1), at: range)
            let positive = builder.binary(.greater, duration, .constant(0, .time, at: range), at: range)
            let fraction = builder.bind(builder.select(positive, clamped, number(1), at: range), name: "fraction")
            let eased = builder.curve(curve, fraction, at: range)
            let along = add(from, multiply(eased, subtract(target, from)))
            moving = builder.select(builder.binary(.less, fraction, number(1), at: range), along, target, at: range)
        } else if case .spring(let spring) = curve {
            moving = springPosition(spring.motion, from: from, target: target, elapsed: elapsed, at: range, into: &builder)
        } else {
            // The checker gives a curve without a duration only when it is a spring.
            moving = target
        }
        var result = builder.select(started, moving, from, at: range)
        result.type = .length
        return result
    }

    private static func springPosition(_ motion: SpringCurve.Motion, from: Expr, target: Expr, elapsed: Expr, at range: SourceRange,
                                       into builder: inout BodyBuilder) -> Expr {
        func number(_ value: Double) -> Expr { .constant(value, at: range) }
        func add(_ a: Expr, _ b: Expr) -> Expr { builder.binary(.add, a, b, at: range) }
        func multiply(_ a: Expr, _ b: Expr) -> Expr { builder.binary(.multiply, a, b, at: range) }
        func subtract(_ a: Expr, _ b: Expr) -> Expr { builder.binary(.subtract, a, b, at: range) }
        func divide(_ a: Expr, _ b: Expr) -> Expr { builder.binary(.divide, a, b, at: range) }
        func unary(_ operation: UnaryOperation, _ a: Expr) -> Expr { builder.unary(operation, a, at: range) }
        func bind(_ expression: Expr, _ name: String) -> Expr { builder.bind(expression, name: name) }
        var seconds = divide(elapsed, number(1000))
        seconds.type = .number
        let t = bind(seconds, "seconds")
        let velocity = Expr(.read(.velocity), .length, range)
        let displacement = bind(subtract(from, target), "displacement")
        let offTarget: Expr, bound: Expr
        // Whether the bound has stopped rising: from there on it only falls, so the motion ends once.
        var falling: Expr? = nil
        switch motion {
        case let .underdamped(decay, damped, _):
            // d = e^(-decay t) (A cos(damped t) + B sin(damped t)), B = (v + decay A) / damped; |d| <= e^(-decay t) sqrt(A^2 + B^2).
            let sine = bind(divide(add(velocity, multiply(number(decay), displacement)), number(damped)), "sine")
            let envelope = bind(unary(.exp, multiply(number(-decay), t)), "envelope")
            let angle = bind(multiply(number(damped), t), "angle")
            offTarget = multiply(envelope, add(multiply(displacement, unary(.cos, angle)), multiply(sine, unary(.sin, angle))))
            bound = multiply(envelope, unary(.sqrt, add(multiply(displacement, displacement), multiply(sine, sine))))
        case let .critical(omega):
            // d = (A + B t) e^(-omega t), B = v + omega A; |d| <= (|A| + |B| t) e^(-omega t), which falls once
            // omega (|A| + |B| t) >= |B|.
            let slope = bind(add(velocity, multiply(number(omega), displacement)), "slope")
            let envelope = bind(unary(.exp, multiply(number(-omega), t)), "envelope")
            offTarget = multiply(add(displacement, multiply(slope, t)), envelope)
            let reach = bind(add(unary(.abs, displacement), multiply(unary(.abs, slope), t)), "reach")
            bound = multiply(reach, envelope)
            falling = builder.binary(.greaterEqual, multiply(number(omega), reach), unary(.abs, slope), at: range)
        case let .overdamped(r1, r2, _):
            // With roots r2 < r1 < 0: d = A e^(r2 t) + C e^(r1 t) (1 - e^((r2 - r1) t)) / (r1 - r2), C = v - r2 A, the
            // difference written with expm1 so that it keeps its digits when the roots are close. As
            // (1 - e^((r2 - r1) t)) / (r1 - r2) <= t, |d| <= |A| e^(r2 t) + |C| t e^(r1 t), which falls once r1 t <= -1.
            let c = bind(subtract(velocity, multiply(number(r2), displacement)), "slow")
            let slowDecay = bind(unary(.exp, multiply(number(r1), t)), "slowDecay")
            let fastDecay = bind(unary(.exp, multiply(number(r2), t)), "fastDecay")
            let spread = divide(unary(.negate, unary(.expm1, multiply(number(r2 - r1), t))), number(r1 - r2))
            offTarget = add(multiply(displacement, fastDecay), multiply(multiply(c, slowDecay), spread))
            bound = add(multiply(unary(.abs, displacement), fastDecay), multiply(multiply(unary(.abs, c), t), slowDecay))
            falling = builder.binary(.lessEqual, multiply(number(r1), t), number(-1), at: range)
        }
        var rests = builder.binary(.lessEqual, bound, number(restDistance), at: range)
        if let falling { rests = builder.binary(.and, falling, rests, at: range) }
        let position = add(target, offTarget)
        return builder.select(rests, target, position, at: range)
    }
}
