import HeaderSource
import HeaderSyntax
import HeaderMath

/// Names: declaring them (one namespace for inputs, values, states and curves; blocks and animations
/// apart), what a name means where it is used, and the order of named values, each checked once, on first
/// use, after everything it reads, with cycles named.
extension Checker {
    /// Records a name in its namespace; false, after reporting it with a note at the first, when it is taken.
    package mutating func claim(_ name: Identifier, _ kind: String, in taken: inout [String: SourceRange]) -> Bool {
        if let previous = taken[name.name] {
            diagnostics.error("duplicate \(kind) '\(name.name)'", at: name.range,
                              notes: [.init(message: "'\(name.name)' is first declared here", range: previous)])
            return false
        }
        taken[name.name] = name.range
        return true
    }

    mutating func declareSymbols(_ syntax: SpecSyntax) {
        symbols["offset"] = (.offset, SourceRange(0, 0))
        for declaration in syntax.declarations {
            let name: Identifier
            let symbol: Symbol
            switch declaration {
            case .input(let input):
                name = input.name
                symbol = .input(inputs.count)
                inputs.append(input)
            case .value(let value):
                name = value.name
                symbol = .value(values.count)
                values.append(value)
            case .curve(let curve):
                name = curve.name
                symbol = .curve(curves.count)
                curves.append(curve)
            case .state(let state):
                name = state.name
                symbol = .state(stateDeclarations.count)
                stateDeclarations.append(state)
            case .function(let function):
                name = function.name
                symbol = .function(functions.count)
                functions.append(function)
            case .transition(let transition):
                // A transition is read as a state is (its value at this frame; the previous one in a `next`): it
                // takes a state's slot, whose update `checkTransition` gives.
                name = transition.name
                symbol = .state(stateDeclarations.count)
                transitions[stateDeclarations.count] = transition
                let zero = Expression(.number(0, unit: .number, isInteger: true), transition.name.range)
                stateDeclarations.append(StateDeclaration(name: transition.name, type: nil, initial: zero, bounds: nil, next: zero,
                                                          documentation: transition.documentation, range: transition.range))
            case .block, .snap, .animation:
                continue
            }
            if name.name == "offset" || name.name == "delta" {
                diagnostics.error("'\(name.name)' is built in and cannot be declared again", at: name.range)
            } else if let previous = symbols[name.name] {
                diagnostics.error("duplicate declaration of '\(name.name)'", at: name.range,
                                  notes: [.init(message: "'\(name.name)' is first declared here", range: previous.range)])
            } else {
                symbols[name.name] = (symbol, name.range)
                if case .curve = symbol, let hidden = Checker.builtinHidden(by: name.name) {
                    diagnostics.warning("curve '\(name.name)' hides \(hidden), in the whole file", at: name.range)
                }
            }
        }
        valueProgress = Array(repeating: .unchecked, count: values.count)
        functionBodies = Array(repeating: nil, count: functions.count)
        curveProgress = Array(repeating: nil, count: curves.count)
    }

    /// What a curve declared as `name` hides in the whole file, if anything.
    private static func builtinHidden(by name: String) -> String? {
        if let builtin = Builtin(rawValue: name) { return "the built-in function '\(builtin.signature)'" }
        if name == "linear" { return "the preset 'linear' and the curve function 'linear(...)'" }
        if CurveConstructor(rawValue: name) != nil { return "the curve function '\(name)(...)'" }
        if let preset = Curve.presets.first(where: { $0.name == name }) { return "the preset '\(name)', \(preset.summary)" }
        if name == "hold" { return "'via hold'" }
        return nil
    }

    private func valueSlot(_ index: Int) -> Int { firstValueSlot + index }

    /// Checks a named value once, on first use or in declaration order, and appends it to the evaluation
    /// order after everything it uses.
    mutating func checkValue(_ index: Int) -> Typed? {
        switch valueProgress[index] {
        case .done(let typed): return typed
        case .failed: return nil
        case .checking:
            let cycleStart = checkingStack.lastIndex(of: index) ?? 0
            var cycle = checkingStack[cycleStart...].map { values[$0].name.name } + [values[index].name.name]
            if cycle.count > 12 { cycle = cycle.prefix(6) + ["(\(cycle.count - 10) more)"] + cycle.suffix(4) }
            let declaration = values[index]
            diagnostics.error("'\(declaration.name.name)' depends on itself: \(cycle.joined(separator: " -> "))",
                              at: declaration.name.range)
            for member in checkingStack[cycleStart...] { valueProgress[member] = .failed }
            return nil
        case .unchecked:
            break
        }
        let declaration = values[index]
        // The values being checked are the ones this one is reached through.
        guard checkingStack.count <= Checker.maximumChainLength else {
            diagnostics.error("'\(declaration.name.name)' is reached through more than \(Checker.maximumChainLength) named values, one defined by the next",
                              at: declaration.name.range)
            valueProgress[index] = .failed
            return nil
        }
        if refusePhaseType(declaration.type, of: "named value '\(declaration.name.name)'") {
            valueProgress[index] = .failed
            return nil
        }
        valueProgress[index] = .checking
        checkingStack.append(index)
        let typed = check(declaration.value)
        checkingStack.removeLast()
        if case .failed = valueProgress[index] { return nil }
        guard var typed else {
            valueProgress[index] = .failed
            return nil
        }
        if let annotation = declaration.type {
            guard let precise = conform(typed, to: annotation, declaration.value.range, "'\(declaration.name.name)'") else {
                valueProgress[index] = .failed
                return nil
            }
            typed = precise
            typed.type = annotation.type
            typed.flexible = false
        }
        valueProgress[index] = .done(typed)
        orderedValues.append(CheckedValue(nameRange: declaration.name.range, name: declaration.name.name, type: typed.type,
                                          isFloat: typed.binary32, expression: typed.expression,
                                          documentation: declaration.documentation, slot: valueSlot(index)))
        return typed
    }

    package mutating func resolve(_ identifier: Identifier) -> Typed? {
        if let scope = parameterScope { return resolveInFunction(identifier, scope) }
        // In a rule the gesture's target and velocity hide whatever else has those names.
        if let targetType = snapRuleTarget {
            if identifier.name == "target" { return Typed(expression: .slot(CheckedSpec.targetSlot), type: targetType) }
            if identifier.name == "velocity" { return Typed(expression: .slot(CheckedSpec.velocitySlot), type: .number) }
        }
        guard let entry = symbols[identifier.name] else {
            if Vocabulary.ruleNames.contains(identifier.name) {
                diagnostics.error("'\(identifier.name)' (\(identifier.name == "target" ? "where a scroll gesture would end" : "the speed of a scroll gesture")) can only be read in a snap's 'rule'",
                                  at: identifier.range)
                return nil
            }
            if identifier.name == "delta" {
                if stateContext?.allowsDelta == true { return Typed(expression: .slot(CheckedSpec.deltaSlot), type: .length) }
                diagnostics.error("'delta' (the change of offset) can only be read in a state's 'next'", at: identifier.range)
                return nil
            }
            // The frame's time, where the states advance: a name anywhere else, which a declaration may take.
            if identifier.name == "time" {
                if stateContext?.allowsDelta == true { return Typed(expression: .slot(CheckedSpec.timeSlot), type: .time) }
                diagnostics.error("'time' (the frame's time in milliseconds) can only be read in a state's 'next' or a transition's 'on' and 'off'",
                                  at: identifier.range)
                return nil
            }
            if let phase = phaseConstant(identifier) { return phase }
            reportUnknownName(identifier, among: suggestable { Array(symbols.keys) + phaseNames }, what: "name")
            return nil
        }
        switch entry.symbol {
        case .offset:
            return Typed(expression: .slot(CheckedSpec.offsetSlot), type: .length)
        case .input(let index):
            guard !failedInputs.contains(index) else { return nil }
            let input = inputs[index]
            let type = input.type?.type ?? inferredType(of: input.defaultValue)
            // A Float input is rounded to binary32 where it is read, whatever Double the caller passes.
            guard input.type?.isFloat == true else { return Typed(expression: .slot(inputSlot(index)), type: type) }
            return Typed(expression: roundedToFloat(.slot(inputSlot(index))), type: type, binary32: true)
        case .value(let index):
            // A named value's own body is checked as itself, not as part of the state that reads it first.
            let (context, ruleTarget) = (stateContext, snapRuleTarget)
            (stateContext, snapRuleTarget) = (nil, nil)
            let checked = checkValue(index)
            (stateContext, snapRuleTarget) = (context, ruleTarget)
            guard let typed = checked else { return nil }
            // A constant value is used as the constant itself, so that what depends on it folds too.
            switch typed.expression {
            case .constant, .boolConstant: return typed
            default:
                let slot = Typed(expression: .slot(valueSlot(index)), type: typed.type, binary32: typed.binary32)
                if let context, let state = scrollReads(of: slot.expression).state {
                    let reason = state == context.name
                        ? "'\(identifier.name)' reads '\(state)' itself, the value being computed"
                        : "'\(identifier.name)' reads state '\(state)', and a named value that reads a state is computed after the states are updated"
                    diagnostics.error("state '\(context.name)' cannot read '\(identifier.name)': \(reason); read '\(state)' directly (its previous value), or name the part that reads no state on its own",
                                      at: identifier.range)
                    return nil
                }
                return slot
            }
        case .state(let index):
            return Typed(expression: .slot(stateSlot(index)), type: stateType(index))
        case .curve:
            diagnostics.error("'\(identifier.name)' is a curve; apply it to a progress, as in '\(identifier.name)(t)'",
                              at: identifier.range)
            return nil
        case .function:
            diagnostics.error("'\(identifier.name)' is a function; call it, as in '\(identifier.name)(...)'", at: identifier.range)
            return nil
        }
    }

    /// A state's type: the one written, else its initial value's as it checks (`state prev = start`, with
    /// `start` a length, holds a length even when that initial value is refused for not being a constant, so
    /// one mistake gives one error). Its diagnostics are the state's own, given where the state is checked.
    mutating func stateType(_ index: Int) -> ValueType {
        if let known = stateTypes[index] { return known }
        let state = stateDeclarations[index]
        var type = state.type?.type ?? inferredType(of: state.initial)
        // A state is never a phase (that is refused where it is declared): one mistake, one error.
        if type == .phase { type = .number }
        // Known before the initial value is checked: one that reads its own state finds this.
        stateTypes[index] = type
        if state.type == nil {
            let (saved, context) = (diagnostics, stateContext)
            stateContext = (state.name.name, false)
            if let typed = check(state.initial), typed.type != .bool, typed.type != .phase { type = typed.type }
            (diagnostics, stateContext) = (saved, context)
            stateTypes[index] = type
        }
        return type
    }

    package func describe(_ symbol: Symbol) -> String {
        switch symbol {
        case .offset: return "the scroll offset"
        case .input: return "an input"
        case .value: return "a named value"
        case .curve: return "a curve"
        case .state: return "a state"
        case .function: return "a function"
        }
    }

    /// What a name means where a function or a curve is expected: called (`name(...)`), after `via`, or as
    /// the value of a `curve` or `animation`. A declared curve comes first, so it hides a built-in of its
    /// name (and the declaration is warned about); inputs, named values and states do not live here, so
    /// `let min = 3` leaves `min(a, b)` alone.
    package enum Callable {
        case declaredCurve(Int)
        case builtin(Builtin)
        case constructor(CurveConstructor)
        case preset(Curve)
    }

    func callable(_ name: String) -> Callable? {
        if let entry = symbols[name], case .curve(let index) = entry.symbol { return .declaredCurve(index) }
        if let builtin = Builtin(rawValue: name) { return .builtin(builtin) }
        // `linear` is both: the identity curve by name or applied, a constructor with stops.
        if let constructor = CurveConstructor(rawValue: name) { return .constructor(constructor) }
        if let preset = Curve.preset(named: name) { return .preset(preset) }
        return nil
    }

    func isDeclaredCurve(_ name: String) -> Bool {
        if case .declaredCurve? = callable(name) { return true }
        return false
    }

    func declaredCurveNames() -> [String] {
        curves.map(\.name.name)
    }

    /// Names to suggest from; none past the error limit, where the message is dropped anyway, so that
    /// thousands of unknown names do not cost a pass over every name each.
    func suggestable(_ names: () -> [String]) -> [String] {
        diagnostics.isSaturated ? [] : names()
    }

    /// The three phase names, as names to suggest, in a spec that declares a phase input.
    var phaseNames: [String] {
        inputs.contains { $0.type?.type == .phase } ? ScrollPhase.allCases.map(\.name).filter { symbols[$0] == nil } : []
    }

    mutating func reportUnknownName(_ identifier: Identifier, among candidates: [String], what: String) {
        if let suggestion = Suggestions.closest(to: identifier.name, among: candidates.sorted()) {
            if ScrollPhase(name: suggestion) != nil, symbols[suggestion] == nil {
                diagnostics.error("unknown \(what) '\(identifier.name)'; did you mean the phase '\(suggestion)'? A phase is \(ScrollPhase.namesInProse)",
                                  at: identifier.range)
                return
            }
            diagnostics.error("unknown \(what) '\(identifier.name)'; did you mean '\(suggestion)'?", at: identifier.range)
        } else {
            diagnostics.error("unknown \(what) '\(identifier.name)'", at: identifier.range)
        }
    }
}
