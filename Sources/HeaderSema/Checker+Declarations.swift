import HeaderSource
import HeaderSyntax
import HeaderMath

/// The rules of each kind of declaration: an input's constant default, a state's constant start and its
/// bounds, a block's properties and their types, snap points that stay put, animations that are springs.
extension Checker {
    mutating func checkInput(_ input: InputDeclaration, slot: Int) -> CheckedInput? {
        // A phase input's default is a phase: the one place besides a comparison where a phase may stand.
        phaseOperand = true
        guard var typed = check(input.defaultValue) else { return nil }
        let type = input.type?.type ?? typed.type
        // `input p: phase = dragging` where a declaration named `dragging` hides the phase.
        if type == .phase, typed.type != .phase, case .name(let name) = input.defaultValue.kind, ScrollPhase(name: name.name) != nil,
           let entry = symbols[name.name] {
            diagnostics.error("the default of input '\(input.name.name)' must be a phase; '\(name.name)' here is \(describe(entry.symbol)) of the spec, which hides the phase '\(name.name)': rename it",
                              at: input.defaultValue.range, notes: [.init(message: "'\(name.name)' is declared here", range: entry.range)])
            return nil
        }
        guard conform(typed, to: type, input.defaultValue.range, "the default of input '\(input.name.name)'") else { return nil }
        if let annotation = input.type, annotation.isFloat {
            guard let float = conformPrecision(typed, to: annotation, input.defaultValue.range, "input '\(input.name.name)'") else { return nil }
            typed = float
        }
        let value: Value
        switch typed.expression {
        case .constant(let number) where type == .phase:
            value = .phase(ScrollPhase(number: number) ?? .idle)
        case .constant(let number): value = .number(number)
        case .boolConstant(let bool): value = .bool(bool)
        default:
            diagnostics.error("the default of input '\(input.name.name)' must be a constant", at: input.defaultValue.range)
            return nil
        }
        let range = input.bounds.flatMap { checkInputBounds(input, $0, type: type, defaultValue: value) }
        return CheckedInput(nameRange: input.name.range, name: input.name.name, type: type, isFloat: typed.binary32, defaultValue: value, range: range,
                            documentation: input.documentation, slot: slot)
    }

    /// `in low...high`: constants of the input's type, finite, in order, with the default between them.
    /// Nil (with an error) when they are not; a bool takes no range, as both its values are analysed.
    private mutating func checkInputBounds(_ input: InputDeclaration, _ bounds: (low: Expression, high: Expression),
                                           type: ValueType, defaultValue: Value) -> ClosedRange<Double>? {
        let name = input.name.name
        let written = bounds.low.range.union(bounds.high.range)
        guard type != .bool else {
            diagnostics.error("a bool input takes no range: the analysis tries both values", at: written)
            return nil
        }
        guard type != .phase else {
            diagnostics.error("a phase input takes no range: the analysis tries each of its values, 'idle', 'dragging' and 'decelerating'", at: written)
            return nil
        }
        var values: [Double] = []
        for (syntax, which) in [(bounds.low, "lower"), (bounds.high, "upper")] {
            guard let typed = check(syntax), conform(typed, to: type, syntax.range, "the \(which) bound of input '\(name)'") else {
                return nil
            }
            guard case .constant(let value) = typed.expression else {
                diagnostics.error("the \(which) bound of input '\(name)' must be a constant", at: syntax.range)
                return nil
            }
            guard value.isFinite else {
                diagnostics.error("the \(which) bound of input '\(name)' must be a finite number, found \(value)", at: syntax.range)
                return nil
            }
            values.append(value)
        }
        let low = values[0], high = values[1]
        guard low <= high else {
            diagnostics.error("the range of input '\(name)' is reversed: \(format(low)) is above \(format(high))", at: written)
            return nil
        }
        if case .number(let value) = defaultValue, !(low...high).contains(value) {
            diagnostics.error("the default of input '\(name)', \(format(value)), is outside its range \(format(low))...\(format(high))",
                              at: input.defaultValue.range)
            return nil
        }
        return low...high
    }

    /// `: phase` anywhere but on an input: a phase is the scroll's, passed in, and only compared.
    mutating func refusePhaseType(_ annotation: TypeAnnotation?, of what: String) -> Bool {
        guard let annotation, annotation.type == .phase else { return false }
        diagnostics.error("\(what) cannot be a phase: only an input can, as in 'input phase: phase = idle', and a phase is only compared with '==' or '!='",
                          at: annotation.range)
        return true
    }

    /// Functions whose parameters or result are declared phases: refused, as a phase is never passed along.
    mutating func refusePhaseFunctions() {
        for function in functions {
            for parameter in function.parameters {
                _ = refusePhaseType(parameter.type, of: "parameter '\(parameter.name.name)' of function '\(function.name.name)'")
            }
            _ = refusePhaseType(function.resultType, of: "the result of function '\(function.name.name)'")
        }
    }

    mutating func checkState(_ state: StateDeclaration, slot: Int) -> CheckedState? {
        if refusePhaseType(state.type, of: "state '\(state.name.name)'") { return nil }
        if let annotation = state.type, annotation.isFloat {
            diagnostics.error("state '\(state.name.name)' cannot be a Float: a state holds a Double; declare it '\(annotation.type.rawValue)', give it 'toDouble(...)' of a Float, and read it back with 'toFloat(\(state.name.name))'",
                              at: annotation.range)
            return nil
        }
        stateContext = (state.name.name, false)
        defer { stateContext = nil }
        let initial = check(state.initial)
        let type = stateType(slot - stateSlot(0))
        guard type != .bool else {
            diagnostics.error("a state holds a number or a length, not a bool", at: state.type?.range ?? state.name.range)
            return nil
        }
        var bounds: (CheckedExpression, CheckedExpression)?
        if let (low, high) = state.bounds {
            let lowTyped = check(low), highTyped = check(high)
            if let lowTyped, let highTyped, conform(lowTyped, to: type, low.range, "the lower bound of state '\(state.name.name)'"),
               conform(highTyped, to: type, high.range, "the upper bound of state '\(state.name.name)'") {
                bounds = (lowTyped.expression, highTyped.expression)
                var isNaN = false
                for (typed, syntax, which) in [(lowTyped, low, "lower"), (highTyped, high, "upper")] {
                    if case .constant(let value) = typed.expression, value.isNaN {
                        diagnostics.error("the \(which) bound of state '\(state.name.name)' is NaN (not a number), so the state cannot be kept within it",
                                          at: syntax.range)
                        isNaN = true
                    }
                }
                if !isNaN, case .constant(let lowValue) = lowTyped.expression, case .constant(let highValue) = highTyped.expression,
                   !(lowValue <= highValue) {
                    diagnostics.error("the bounds of state '\(state.name.name)' are reversed: \(lowValue) is above \(highValue)",
                                      at: low.range.union(high.range))
                }
            }
        }
        stateContext = (state.name.name, true)
        let next = check(state.next)
        if let initial {
            let reads = scrollReads(of: initial.expression)
            if reads.offset || reads.state != nil {
                let what = reads.offset ? "the offset" : "state '\(reads.state ?? "")'"
                diagnostics.error("the initial value of state '\(state.name.name)' cannot depend on \(what): it is the value before the first offset; use constants, inputs and named values of inputs",
                                  at: state.initial.range)
                return nil
            }
        }
        guard let initial, let next,
              conform(initial, to: type, state.initial.range, "the initial value of state '\(state.name.name)'"),
              conform(next, to: type, state.next.range, "the next value of state '\(state.name.name)'") else { return nil }
        // A state holds a Double; a Float's way through one is written, both ways.
        for (typed, syntax) in [(initial, state.initial), (next, state.next)] where typed.binary32 {
            diagnostics.error("state '\(state.name.name)' holds a Double and is given a Float: write 'toDouble(...)' around it, and 'toFloat(\(state.name.name))' where it is read",
                              at: syntax.range)
            return nil
        }
        return CheckedState(nameRange: state.name.range, name: state.name.name, type: type, initial: initial.expression, bounds: bounds,
                            next: next.expression, documentation: state.documentation, slot: slot)
    }

    mutating func checkBlock(_ block: BlockDeclaration) -> CheckedBlock {
        var properties: [CheckedOutput] = []
        var seen: [String: SourceRange] = [:]
        for property in block.properties {
            if let previous = seen[property.name.name] {
                diagnostics.error("duplicate property '\(property.name.name)' in block '\(block.name.name)'",
                                  at: property.name.range,
                                  notes: [.init(message: "'\(property.name.name)' is first set here", range: previous)])
                continue
            }
            seen[property.name.name] = property.name.range
            if refusePhaseType(property.type, of: "property '\(property.name.name)'") { continue }
            let expected = property.type?.type ?? KnownProperties.type(of: property.name.name)
            // The value is checked first, but a misspelt name is reported even when the value has an error
            // of its own, so that one run reports both.
            let typed = check(property.value)
            guard let expected else {
                let suggestion = Suggestions.closest(to: property.name.name, among: KnownProperties.types.keys.sorted())
                let hint = suggestion.map { "did you mean '\($0)'? " } ?? ""
                let example = typed.map { "as in '\(property.name.name): \($0.type.rawValue) = ...'" }
                    ?? "pt, number or bool, as in '\(property.name.name): pt = ...'"
                diagnostics.error("unknown property '\(property.name.name)'; \(hint)a property of your own needs a type, \(example)",
                                  at: property.name.range)
                continue
            }
            guard let checked = typed else { continue }
            let what = "property '\(property.name.name)'"
            // The type it writes (`expected` is that type), at the precision it writes; else the known property's.
            let conformed: Typed?
            if let annotation = property.type {
                conformed = conform(checked, to: annotation, property.value.range, what)
            } else {
                conformed = conform(checked, to: expected, property.value.range, what) ? checked : nil
            }
            guard let typed = conformed else { continue }
            properties.append(CheckedOutput(nameRange: property.name.range, block: block.name.name, name: property.name.name, type: expected,
                                            isFloat: typed.binary32, expression: typed.expression, documentation: property.documentation))
        }
        return CheckedBlock(nameRange: block.name.range, name: block.name.name, properties: properties, documentation: block.documentation)
    }

    mutating func checkSnap(_ snap: SnapDeclaration) -> CheckedSnap {
        // `snap state name`: the points, the target and the result are values of that state.
        var movedState: Int?
        var pointType = ValueType.length
        if snap.stateKeyword != nil {
            if let entry = symbols[snap.name.name], case .state(let index) = entry.symbol, transitions[index] != nil {
                diagnostics.error("'snap state \(snap.name.name)' moves a state, and '\(snap.name.name)' is a transition, which time moves",
                                  at: snap.name.range)
            } else if let entry = symbols[snap.name.name], case .state(let index) = entry.symbol {
                movedState = index
                pointType = stateType(index)
            } else {
                let states = stateDeclarations.map(\.name.name)
                let hint = Suggestions.closest(to: snap.name.name, among: states).map { "; did you mean '\($0)'?" }
                    ?? (states.isEmpty ? "; declare it with 'state \(snap.name.name) = ... { next = ... }'" : "")
                diagnostics.error("'snap state \(snap.name.name)' moves a state, and there is no state '\(snap.name.name)'\(hint)",
                                  at: snap.name.range)
            }
        }
        var points: [CheckedExpression] = []
        for point in snap.points {
            guard let typed = check(point), conform(typed, to: pointType, point.range, "a snap point") else { continue }
            if followsScroll(typed.expression) {
                diagnostics.error("a snap point cannot depend on the offset or a state: it is a fixed place to come to rest",
                                  at: point.range)
                continue
            }
            points.append(typed.expression)
        }
        // Only when none is written: a point refused above has had its error.
        if snap.points.isEmpty {
            diagnostics.error("snap '\(snap.name.name)' needs at least one point", at: snap.name.range)
        }
        let threshold = snap.rule.threshold.flatMap { checkSnapClause($0, "a snap's threshold (the fraction of the way to the upper point)") }
        if let threshold, let range = snap.rule.threshold?.range, case .number(let value)? = constantValue(threshold), !(0...1).contains(value) {
            diagnostics.error("a snap's threshold is a fraction of the way from the lower point to the upper one, from 0 to 1, found \(value)",
                              at: range)
        }
        let fling = snap.rule.fling.flatMap { checkSnapClause($0, "a snap's fling speed (points per second)") }
        var rule: CheckedExpression?
        if let written = snap.rule.rule {
            rule = checkSnapRule(written, target: pointType, snap: snap)
        }
        var checked = CheckedSnap(name: snap.name.name, nameRange: snap.name.range, points: points, threshold: threshold,
                                  tiesUp: snap.rule.ties?.value == .up, fling: fling, documentation: snap.documentation)
        checked.rule = rule
        checked.state = movedState
        checked.motion = checkMotion(snap, movesState: snap.stateKeyword != nil)
        return checked
    }

    /// `motion curve [duration d]`: a spring by itself runs by time from the release velocity; any curve runs over
    /// a duration of constants, inputs and named values of inputs, as a transition's does.
    private mutating func checkMotion(_ snap: SnapDeclaration, movesState: Bool) -> CheckedMotion? {
        let name = snap.name.name
        guard let written = snap.rule.motion else {
            if let duration = snap.rule.duration {
                diagnostics.error("'duration' is the time of a snap's motion: write the curve too, as in 'motion easeOut duration 300ms'",
                                  at: duration.range)
            }
            return nil
        }
        // The clauses first, each with its own error; then whether this snap may move the scroll at all.
        let curve = checkCurve(written)
        var duration: CheckedExpression?? = .some(nil)
        if let expression = snap.rule.duration {
            duration = nil
            if let typed = check(expression), conform(typed, to: .time, expression.range, "the duration of the motion of snap '\(name)'") {
                if followsScroll(typed.expression) {
                    diagnostics.error("the duration of the motion of snap '\(name)' cannot depend on the offset or a state: it is fixed while the scroll moves; use constants, inputs and named values of inputs",
                                      at: expression.range)
                } else {
                    duration = .some(typed.expression)
                }
            }
        } else if let curve, !curve.isSpringCurve {
            diagnostics.error("a motion along a curve needs a 'duration', as in 'motion easeOut duration 300ms' (a spring alone runs from the release velocity)",
                              at: written.range)
            return nil
        }
        if movesState {
            diagnostics.error("'snap state \(name)' sets the state at once when the scroll ends; only a snap of the scroll has a 'motion'",
                              at: written.range)
            return nil
        }
        if let first = firstScrollSnap, first != name {
            diagnostics.error("the scroll comes to rest by its first snap, '\(first)': give the 'motion' to that one",
                              at: written.range)
            return nil
        }
        guard let curve, let duration else { return nil }
        return CheckedMotion(curve: curve, duration: duration)
    }

    /// `rule expression`: where a gesture comes to rest, for every target. It decides alone, so the
    /// default rule's clauses beside it would say nothing; it reads `target` and `velocity`, inputs and named
    /// values, and stays put while the gesture ends, as the points do.
    private mutating func checkSnapRule(_ written: Expression, target: ValueType, snap: SnapDeclaration) -> CheckedExpression? {
        for (word, range) in snap.rule.words where !["rule", "motion", "duration"].contains(word) {
            diagnostics.error("'\(word)' changes the default rule, and 'rule' replaces it: decide in the rule's expression instead",
                              at: range)
        }
        snapRuleTarget = target
        defer { snapRuleTarget = nil }
        let what = target == .length ? "a snap's rule (where the gesture comes to rest)" : "the rule of 'snap state \(snap.name.name)'"
        guard let typed = check(written), conform(typed, to: target, written.range, what) else { return nil }
        if followsScroll(typed.expression) {
            diagnostics.error("\(what) cannot depend on the offset or a state: it reads where the gesture ends, 'target', instead",
                              at: written.range)
            return nil
        }
        return typed.expression
    }

    /// A clause of a snap's rule: a number that stays put, as its points do.
    private mutating func checkSnapClause(_ clause: Expression, _ what: String) -> CheckedExpression? {
        guard let typed = check(clause), conform(typed, to: .number, clause.range, what) else { return nil }
        if followsScroll(typed.expression) {
            diagnostics.error("\(what) cannot depend on the offset or a state: the rule is fixed while the gesture ends", at: clause.range)
            return nil
        }
        return typed.expression
    }

    /// A transition's clauses: conditions that read what a state's `next` may read, durations of inputs, curves.
    mutating func checkTransition(_ transition: TransitionDeclaration, slot: Int) -> CheckedState? {
        let name = transition.name.name
        stateContext = (name, true)
        defer { stateContext = nil }
        func condition(_ expression: Expression?, _ clause: String) -> CheckedExpression?? {
            guard let expression else { return .some(nil) }
            guard let typed = check(expression) else { return nil }
            guard typed.type == .bool else {
                diagnostics.error("the '\(clause)' clause of transition '\(name)' is a condition (a bool), found \(typed.type.displayName)",
                                  at: expression.range)
                return nil
            }
            return .some(typed.expression)
        }
        let on = condition(transition.on, "on"), off = condition(transition.off, "off")
        stateContext = (name, false)
        // Nil where a curve did not check: its error is given.
        let curveOn: Curve? = transition.curve.map { checkCurve($0) } ?? .linear
        let curveOff: Curve? = transition.reverse.map { checkCurve($0) } ?? curveOn
        var durations: (on: CheckedExpression, off: CheckedExpression)?
        if let expression = transition.duration {
            if let typed = check(expression), conform(typed, to: .time, expression.range, "the duration of transition '\(name)'") {
                if followsScroll(typed.expression) {
                    diagnostics.error("the duration of transition '\(name)' cannot depend on the offset or a state: it is fixed while the transition runs; use constants, inputs and named values of inputs",
                                      at: expression.range)
                } else {
                    durations = (typed.expression, typed.expression)
                }
            }
        } else if case .spring(let springOn)? = curveOn, case .spring(let springOff)? = curveOff {
            // A spring runs for its own settling time (Grammar.md, "Transitions").
            durations = (.constant(springOn.settlingTime * 1000), .constant(springOff.settlingTime * 1000))
        } else if curveOn != nil, curveOff != nil {
            diagnostics.error("transition '\(name)' needs a 'duration', as in 'duration 300ms' (only a spring has a duration of its own)",
                              at: transition.name.range)
        }
        guard let on = on ?? nil, let off, let curveOn, let curveOff, let durations else { return nil }
        var state = CheckedState(nameRange: transition.name.range, name: name, type: .number, initial: .constant(0), bounds: nil,
                                 next: .constant(0), documentation: transition.documentation, slot: slot)
        state.transition = CheckedTransition(on: on, off: off, durationOn: durations.on, durationOff: durations.off,
                                             curveOn: curveOn, curveOff: curveOff)
        return state
    }

    /// Whether an expression reads the offset or a state, directly or through named values.
    private mutating func followsScroll(_ expression: CheckedExpression) -> Bool {
        let reads = scrollReads(of: expression)
        return reads.offset || reads.state != nil
    }

    /// What an expression reads of the scroll, directly or through the named values it reads (each named
    /// value's reads worked out once, so that values that share others cost their number, not their paths).
    mutating func scrollReads(of expression: CheckedExpression) -> ScrollReads {
        var reads = ScrollReads()
        var valueIndices: [Int] = []
        expression.forEachSlot { slot in
            if slot == CheckedSpec.offsetSlot || slot == CheckedSpec.deltaSlot || slot == CheckedSpec.timeSlot {
                reads.offset = true
            } else if slot >= stateSlot(0) && slot < firstValueSlot {
                reads.state = reads.state ?? stateDeclarations[slot - stateSlot(0)].name.name
            } else if slot >= firstValueSlot {
                valueIndices.append(slot - firstValueSlot)
            }
        }
        for index in valueIndices {
            let through: ScrollReads
            if let known = valueScrollReads[index] {
                through = known
            } else if index < valueProgress.count, case .done(let typed) = valueProgress[index] {
                through = scrollReads(of: typed.expression)
                valueScrollReads[index] = through
            } else {
                continue
            }
            reads.offset = reads.offset || through.offset
            reads.state = reads.state ?? through.state
        }
        return reads
    }

    mutating func checkAnimation(_ animation: AnimationDeclaration) -> CheckedAnimation? {
        guard let curve = checkCurve(animation.value) else { return nil }
        guard case .spring(let spring) = curve else {
            diagnostics.error("an animation is a spring, as in 'spring(response: 0.35, dampingFraction: 0.8)'",
                              at: animation.value.range)
            return nil
        }
        return CheckedAnimation(nameRange: animation.name.range, name: animation.name.name, spring: spring,
                                documentation: animation.documentation)
    }
}

private extension Curve {
    /// A spring, which runs by time from a velocity and so needs no duration.
    var isSpringCurve: Bool {
        if case .spring = self { return true }
        return false
    }
}
