import HeaderSource
import HeaderSyntax
import HeaderMath
import HeaderSema

/// The rule of transitions, the one place it is written (Grammar.md, "Transitions"). A transition is four
/// states, updated at every frame from their previous values, the frame's time and its conditions:
///
/// - `target`: -1 before the first frame, then 1 while it runs (or rests) towards 1, 0 towards 0;
/// - `from`: the value where the current run started;
/// - `start`: the time the current run started;
/// - the transition itself: `from + curve(fraction) * (target - from)`, the fraction being the time since
///   `start` over the run's duration, within 0...1 (1 for a duration that is not above 0).
///
/// At the first frame it rests where its conditions say, with no run under way. After that, while it goes
/// towards 0 (or rests there) an `on` that holds starts a run towards 1; while it goes towards 1 an `off`
/// that holds (`not on` without one) starts a run towards 0. A run starts from the value the transition has
/// at that frame's time, so a reversal mid-way goes back from where it is, over the whole duration. The
/// conditions are read at every frame, so a scroll that jumps over a band in one frame still sets it off.
package enum TransitionLowering {
    /// The previous values the update reads, and the clauses, lowered into the body being built.
    package struct Parts {
        let target: Expr, from: Expr, start: Expr
        let on: Expr
        /// Nil: `not on`.
        let off: Expr?
        let durationOn: Expr, durationOff: Expr
        let curveOn: Curve, curveOff: Curve
        let time: Expr
        let range: SourceRange

        package init(target: Expr, from: Expr, start: Expr, on: Expr, off: Expr?, durationOn: Expr, durationOff: Expr,
                     curveOn: Curve, curveOff: Curve, time: Expr, range: SourceRange) {
            (self.target, self.from, self.start, self.on, self.off) = (target, from, start, on, off)
            (self.durationOn, self.durationOff, self.curveOn, self.curveOff) = (durationOn, durationOff, curveOn, curveOff)
            (self.time, self.range) = (time, range)
        }
    }

    /// The four states' new values, in the order target, from, start, value.
    package enum Field: CaseIterable { case target, from, start, value }

    package static func next(_ field: Field, _ parts: Parts, into builder: inout BodyBuilder) -> Expr {
        let range = parts.range
        // Durations are times whatever their constants were lowered as; their ratio is a plain number.
        func typed(_ expression: Expr, _ type: ValueType) -> Expr {
            var typed = expression
            typed.type = type
            return typed
        }
        let durationOn = typed(parts.durationOn, .time), durationOff = typed(parts.durationOff, .time)
        func number(_ value: Double, _ type: ValueType = .number) -> Expr { .constant(value, type, at: range) }
        let first = builder.bind(builder.binary(.less, parts.target, number(0), at: range), name: "first")
        let isOn = builder.bind(builder.binary(.equal, parts.target, number(1), at: range), name: "towardsOne")
        let on = builder.bind(parts.on, name: "on")
        let off = parts.off.map { builder.bind($0, name: "off") } ?? builder.unary(.not, on, at: range)
        let flips = builder.bind(builder.binary(.and, builder.unary(.not, first, at: range), builder.select(isOn, off, on, at: range),
                                                at: range), name: "flips")
        let newOn = builder.bind(builder.select(first, on, builder.select(flips, builder.unary(.not, isOn, at: range), isOn, at: range),
                                                at: range), name: "newTowardsOne")
        let newTarget = builder.select(newOn, number(1), number(0), at: range)
        switch field {
        case .target:
            return newTarget
        case .start:
            return builder.select(builder.binary(.or, first, flips, at: range), parts.time, parts.start, at: range)
        case .from, .value:
            break
        }
        // The current run's value at this frame's time.
        let duration = builder.bind(builder.select(isOn, durationOn, durationOff, at: range), name: "duration")
        let elapsed = builder.binary(.subtract, parts.time, parts.start, at: range)
        let ratio = typed(builder.binary(.divide, elapsed, duration, at: range), .number)
        let clamped = builder.binary(.min, builder.binary(.max, ratio, number(0), at: range), number(1), at: range)
        let fraction = builder.bind(builder.select(builder.binary(.greater, duration, number(0, .time), at: range), clamped, number(1),
                                                   at: range), name: "fraction")
        func easing(_ towardsOne: Expr, _ fraction: Expr, _ builder: inout BodyBuilder) -> Expr {
            let curveOn = builder.curve(parts.curveOn, fraction, at: range)
            guard parts.curveOn != parts.curveOff else { return curveOn }
            return builder.select(towardsOne, curveOn, builder.curve(parts.curveOff, fraction, at: range), at: range)
        }
        let eased = easing(isOn, fraction, &builder)
        let current = builder.bind(builder.binary(.add, parts.from, builder.binary(.multiply, eased,
                                                                                    builder.binary(.subtract, parts.target, parts.from, at: range),
                                                                                    at: range), at: range), name: "current")
        let target = builder.bind(newTarget, name: "target")
        let from = builder.bind(builder.select(first, target, builder.select(flips, current, parts.from, at: range), at: range), name: "from")
        guard field == .value else { return from }
        // A run that starts now is at its beginning, or at its end for a duration that is not above 0.
        let newDuration = builder.select(newOn, durationOn, durationOff, at: range)
        let startingFraction = builder.select(builder.binary(.greater, newDuration, number(0, .time), at: range), number(0), number(1),
                                              at: range)
        let newFraction = builder.bind(builder.select(first, number(1), builder.select(flips, startingFraction, fraction, at: range),
                                                      at: range), name: "fraction")
        let newEased = easing(newOn, newFraction, &builder)
        return builder.binary(.add, from, builder.binary(.multiply, newEased, builder.binary(.subtract, target, from, at: range), at: range),
                              at: range)
    }
}
