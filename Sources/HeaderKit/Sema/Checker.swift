/// Resolves names, checks types, orders the named values and folds constants, producing the `CheckedSpec`
/// that both the interpreter and the emitter consume. It reports every problem it finds into one
/// `Diagnostics`, and keeps going after an error without piling further errors on the same mistake.
public struct Checker {
    /// What a name in an expression refers to.
    private enum Symbol {
        case offset
        case input(Int)
        case value(Int)
        case curve(Int)
        case state(Int)
    }

    /// A checked expression with its type. `flexible` marks a number made only of unit-less literals,
    /// which may stand where a length is expected (`max(0, -offset)`, `height = 190`).
    private struct Typed {
        var expression: CheckedExpression
        var type: ValueType
        var flexible: Bool = false
    }

    private enum Progress { case unchecked, checking, failed, done(Typed) }

    private var diagnostics: Diagnostics
    private var symbols: [String: (symbol: Symbol, range: SourceRange)] = [:]
    private var inputs: [InputDeclaration] = []
    private var values: [ValueDeclaration] = []
    private var curves: [CurveDeclaration] = []
    private var stateDeclarations: [StateDeclaration] = []
    private var valueProgress: [Progress] = []
    /// Inputs whose default did not check; their uses say nothing more, so one mistake gives one error.
    private var failedInputs: Set<Int> = []
    private var curveProgress: [Curve??] = []
    private var curveChecking: Set<Int> = []
    /// The values being checked, innermost last, to name a cycle when one closes.
    private var checkingStack: [Int] = []
    private var orderedValues: [CheckedValue] = []
    /// Set while checking a state's initial value, bounds and update, which are evaluated before the named
    /// values of a frame and so may not read them (constants aside); `delta` may be read in the update only.
    private var stateContext: (name: String, allowsDelta: Bool)?

    /// Named values and curves are checked recursively through their uses; a chain longer than this is
    /// refused, so that no spec can exhaust the stack.
    static let maximumChainLength = 256
    /// `min` and `max` become a chain of pairs, one level deeper per argument.
    static let maximumArguments = 64

    private init(diagnostics: Diagnostics) {
        self.diagnostics = diagnostics
    }

    public static func check(_ syntax: SpecSyntax, into diagnostics: inout Diagnostics) -> CheckedSpec? {
        var checker = Checker(diagnostics: diagnostics)
        let spec = checker.run(syntax)
        diagnostics = checker.diagnostics
        return diagnostics.hasErrors ? nil : spec
    }

    // The slot layout of `CheckedSpec`: offset, delta, then inputs, states and values.
    private func inputSlot(_ index: Int) -> Int { 2 + index }
    private func stateSlot(_ index: Int) -> Int { 2 + inputs.count + index }
    private var firstValueSlot: Int { stateSlot(stateDeclarations.count) }

    private mutating func run(_ syntax: SpecSyntax) -> CheckedSpec? {
        declareSymbols(syntax)
        var checkedInputs: [CheckedInput] = []
        for (index, input) in inputs.enumerated() {
            if let checked = checkInput(input, slot: inputSlot(index)) {
                checkedInputs.append(checked)
            } else {
                failedInputs.insert(index)
            }
        }
        for index in values.indices { _ = checkValue(index) }
        for index in curves.indices { _ = checkNamedCurve(index) }
        let checkedStates = stateDeclarations.enumerated().compactMap { index, state in
            checkState(state, slot: stateSlot(index))
        }
        var blocks: [CheckedBlock] = []
        var snaps: [CheckedSnap] = []
        var animations: [CheckedAnimation] = []
        var animationNames: [String: SourceRange] = [:]
        var blockNames: [String: SourceRange] = [:]
        for declaration in syntax.declarations {
            switch declaration {
            case .block(let block):
                guard claim(block.name, "block", in: &blockNames) else { continue }
                blocks.append(checkBlock(block))
            case .snap(let snap):
                snaps.append(checkSnap(snap))
            case .animation(let animation):
                guard claim(animation.name, "animation", in: &animationNames) else { continue }
                guard let curve = checkCurve(animation.value) else { continue }
                guard case .spring(let spring) = curve else {
                    diagnostics.error("an animation is a spring, as in 'spring(response: 0.35, dampingFraction: 0.8)'",
                                      at: animation.value.range)
                    continue
                }
                animations.append(CheckedAnimation(nameRange: animation.name.range, name: animation.name.name, spring: spring,
                                                   documentation: animation.documentation))
            default:
                break
            }
        }
        if blocks.isEmpty, !diagnostics.hasErrors {
            diagnostics.warning("the header has no blocks, so it has no outputs",
                                at: syntax.name?.range ?? SourceRange(0, 0))
        }
        var slotTypes = [ValueType](repeating: .length, count: firstValueSlot + values.count)
        for input in checkedInputs { slotTypes[input.slot] = input.type }
        for state in checkedStates { slotTypes[state.slot] = state.type }
        for value in orderedValues { slotTypes[value.slot] = value.type }
        return CheckedSpec(name: syntax.name?.name ?? "Header", nameRange: syntax.name?.range ?? SourceRange(0, 0), inputs: checkedInputs, states: checkedStates,
                           values: orderedValues, blocks: blocks, snaps: snaps, animations: animations,
                           slotCount: firstValueSlot + values.count, slotTypes: slotTypes)
    }

    // MARK: Declarations

    /// Records a name in its namespace; false, after reporting it with a note at the first, when it is taken.
    private mutating func claim(_ name: Identifier, _ kind: String, in taken: inout [String: SourceRange]) -> Bool {
        if let previous = taken[name.name] {
            diagnostics.error("duplicate \(kind) '\(name.name)'", at: name.range,
                              notes: [.init(message: "'\(name.name)' is first declared here", range: previous)])
            return false
        }
        taken[name.name] = name.range
        return true
    }

    private mutating func declareSymbols(_ syntax: SpecSyntax) {
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
        curveProgress = Array(repeating: nil, count: curves.count)
    }

    private mutating func checkInput(_ input: InputDeclaration, slot: Int) -> CheckedInput? {
        guard let typed = check(input.defaultValue) else { return nil }
        let type = input.type?.type ?? typed.type
        guard conform(typed, to: type, input.defaultValue.range, "the default of input '\(input.name.name)'") else { return nil }
        let value: Value
        switch typed.expression {
        case .constant(let number): value = .number(number)
        case .boolConstant(let bool): value = .bool(bool)
        default:
            diagnostics.error("the default of input '\(input.name.name)' must be a constant", at: input.defaultValue.range)
            return nil
        }
        return CheckedInput(nameRange: input.name.range, name: input.name.name, type: type, defaultValue: value, documentation: input.documentation, slot: slot)
    }

    private func valueSlot(_ index: Int) -> Int { firstValueSlot + index }

    /// Checks a named value once, on first use or in declaration order, and appends it to the evaluation
    /// order after everything it uses.
    private mutating func checkValue(_ index: Int) -> Typed? {
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
            guard conform(typed, to: annotation.type, declaration.value.range, "'\(declaration.name.name)'") else {
                valueProgress[index] = .failed
                return nil
            }
            typed.type = annotation.type
            typed.flexible = false
        }
        valueProgress[index] = .done(typed)
        orderedValues.append(CheckedValue(nameRange: declaration.name.range, name: declaration.name.name, type: typed.type, expression: typed.expression,
                                          documentation: declaration.documentation, slot: valueSlot(index)))
        return typed
    }

    private mutating func checkState(_ state: StateDeclaration, slot: Int) -> CheckedState? {
        stateContext = (state.name.name, false)
        defer { stateContext = nil }
        let initial = check(state.initial)
        let type = state.type?.type ?? inferredType(of: state.initial)
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
        if let initial, !initial.expression.isConstant {
            diagnostics.error("the initial value of state '\(state.name.name)' must be a constant: it is the default of the generated State",
                              at: state.initial.range)
            return nil
        }
        guard let initial, let next,
              conform(initial, to: type, state.initial.range, "the initial value of state '\(state.name.name)'"),
              conform(next, to: type, state.next.range, "the next value of state '\(state.name.name)'") else { return nil }
        return CheckedState(nameRange: state.name.range, name: state.name.name, type: type, initial: initial.expression, bounds: bounds,
                            next: next.expression, documentation: state.documentation, slot: slot)
    }

    private mutating func checkBlock(_ block: BlockDeclaration) -> CheckedBlock {
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
            let expected = property.type?.type ?? KnownProperties.type(of: property.name.name)
            guard let typed = check(property.value) else { continue }
            guard let expected else {
                let suggestion = Suggestions.closest(to: property.name.name, among: KnownProperties.types.keys.sorted())
                let hint = suggestion.map { "did you mean '\($0)'? " } ?? ""
                diagnostics.error("unknown property '\(property.name.name)'; \(hint)a property of your own needs a type, as in '\(property.name.name): \(typed.type.rawValue) = ...'",
                                  at: property.name.range)
                continue
            }
            guard conform(typed, to: expected, property.value.range, "property '\(property.name.name)'") else { continue }
            properties.append(CheckedOutput(nameRange: property.name.range, block: block.name.name, name: property.name.name, type: expected,
                                            expression: typed.expression, documentation: property.documentation))
        }
        return CheckedBlock(nameRange: block.name.range, name: block.name.name, properties: properties, documentation: block.documentation)
    }

    private mutating func checkSnap(_ snap: SnapDeclaration) -> CheckedSnap {
        var points: [CheckedExpression] = []
        for point in snap.points {
            guard let typed = check(point), conform(typed, to: .length, point.range, "a snap point") else { continue }
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
        return CheckedSnap(name: snap.name.name, points: points, documentation: snap.documentation)
    }

    /// Whether an expression reads the offset or a state, directly or through named values.
    private func followsScroll(_ expression: CheckedExpression) -> Bool {
        var follows = false
        expression.forEachSlot { slot in
            if slot < inputSlot(0) || (slot >= stateSlot(0) && slot < firstValueSlot) {
                follows = true
            } else if slot >= firstValueSlot, case .done(let typed) = valueProgress[slot - firstValueSlot] {
                follows = follows || followsScroll(typed.expression)
            }
        }
        return follows
    }

    // MARK: Expressions

    private mutating func check(_ expression: Expression) -> Typed? {
        switch expression.kind {
        case .error:
            return nil
        case .number(let value, let isLength, _):
            return Typed(expression: .constant(value), type: isLength ? .length : .number, flexible: !isLength)
        case .bool(let value):
            return Typed(expression: .boolConstant(value), type: .bool)
        case .name(let identifier):
            return resolve(identifier)
        case .unary(let op, let operandSyntax):
            guard let operand = check(operandSyntax) else { return nil }
            switch op {
            case .negate:
                guard operand.type != .bool else {
                    diagnostics.error("cannot negate a bool with '-'; use 'not'", at: expression.range)
                    return nil
                }
                return Typed(expression: Folding.fold(.negate(operand.expression)), type: operand.type, flexible: operand.flexible)
            case .plus:
                guard operand.type != .bool else {
                    diagnostics.error("'+' needs a number or a length, found bool", at: expression.range)
                    return nil
                }
                return operand
            case .not:
                guard operand.type == .bool else {
                    diagnostics.error("'not' needs a bool, found \(operand.type.displayName)", at: operandSyntax.range)
                    return nil
                }
                return Typed(expression: Folding.fold(.not(operand.expression)), type: .bool)
            }
        case .binary:
            return checkBinaryChain(expression)
        case .conditional(let conditionSyntax, let thenSyntax, let elseSyntax):
            let condition = check(conditionSyntax), then = check(thenSyntax), otherwise = check(elseSyntax)
            guard let condition, let then, let otherwise else { return nil }
            guard condition.type == .bool else {
                diagnostics.error("a condition must be a bool, found \(condition.type.displayName)", at: conditionSyntax.range)
                return nil
            }
            guard let (type, flexible) = unify(then, otherwise) else {
                diagnostics.error("both branches must have the same type, found \(then.type.displayName) and \(otherwise.type.displayName)",
                                  at: thenSyntax.range.union(elseSyntax.range))
                return nil
            }
            return Typed(expression: Folding.fold(.conditional(condition.expression, then.expression, otherwise.expression)),
                         type: type, flexible: flexible)
        case .call(let callee, let arguments):
            return checkCall(callee, arguments, expression.range)
        case .keyframes(let driver, let options, let stops):
            return checkKeyframes(driver, options, stops, expression.range)
        }
    }

    /// A chain of binary operators, `a + b + c + ...`, is a tree as deep as it is long: its left operands
    /// are checked in a loop, innermost first, so that only nesting costs recursion. Both operands of each
    /// operator are checked even when one fails, so that one run reports the errors of both.
    private mutating func checkBinaryChain(_ expression: Expression) -> Typed? {
        var spine: [Expression] = []
        var leftmost = expression
        while case .binary(_, let lhs, _) = leftmost.kind {
            spine.append(leftmost)
            leftmost = lhs
        }
        var result = check(leftmost)
        for node in spine.reversed() {
            guard case .binary(let op, _, let rhsSyntax) = node.kind else { continue }
            let rhs = check(rhsSyntax)
            guard let lhs = result, let rhs else {
                result = nil
                continue
            }
            result = checkBinary(op, lhs, rhs, node.range, rhsSyntax)
        }
        return result
    }

    private mutating func resolve(_ identifier: Identifier) -> Typed? {
        guard let entry = symbols[identifier.name] else {
            if identifier.name == "delta" {
                if stateContext?.allowsDelta == true { return Typed(expression: .slot(CheckedSpec.deltaSlot), type: .length) }
                diagnostics.error("'delta' (the change of offset) can only be read in a state's 'next'", at: identifier.range)
                return nil
            }
            reportUnknownName(identifier, among: suggestable { Array(symbols.keys) }, what: "name")
            return nil
        }
        switch entry.symbol {
        case .offset:
            return Typed(expression: .slot(CheckedSpec.offsetSlot), type: .length)
        case .input(let index):
            guard !failedInputs.contains(index) else { return nil }
            let input = inputs[index]
            let type = input.type?.type ?? inferredType(of: input.defaultValue)
            return Typed(expression: .slot(inputSlot(index)), type: type)
        case .value(let index):
            guard let typed = checkValue(index) else { return nil }
            // A constant value is used as the constant itself, so that what depends on it folds too.
            switch typed.expression {
            case .constant, .boolConstant: return typed
            default:
                if let context = stateContext {
                    diagnostics.error("state '\(context.name)' cannot read the named value '\(identifier.name)', which is computed after the states; use the offset, inputs, states and constants",
                                      at: identifier.range)
                    return nil
                }
                return Typed(expression: .slot(valueSlot(index)), type: typed.type)
            }
        case .state(let index):
            let state = stateDeclarations[index]
            return Typed(expression: .slot(stateSlot(index)), type: state.type?.type ?? inferredType(of: state.initial))
        case .curve:
            diagnostics.error("'\(identifier.name)' is a curve; apply it to a progress, as in '\(identifier.name)(t)'",
                              at: identifier.range)
            return nil
        }
    }

    /// The type of an input or state without an annotation, read from its constant default, so that
    /// uses can be checked before the declaration itself is.
    private func inferredType(of value: Expression) -> ValueType {
        switch value.kind {
        case .bool: return .bool
        case .number(_, let isLength, _): return isLength ? .length : .number
        case .unary(.not, _): return .bool
        case .unary(.negate, let operand), .unary(.plus, let operand):
            if case .number(_, let isLength, _) = operand.kind { return isLength ? .length : .number }
            return .number
        default: return .number
        }
    }

    /// Names to suggest from; none past the error limit, where the message is dropped anyway, so that
    /// thousands of unknown names do not cost a pass over every name each.
    private func suggestable(_ names: () -> [String]) -> [String] {
        diagnostics.isSaturated ? [] : names()
    }

    private mutating func reportUnknownName(_ identifier: Identifier, among candidates: [String], what: String) {
        if let suggestion = Suggestions.closest(to: identifier.name, among: candidates.sorted()) {
            diagnostics.error("unknown \(what) '\(identifier.name)'; did you mean '\(suggestion)'?", at: identifier.range)
        } else {
            diagnostics.error("unknown \(what) '\(identifier.name)'", at: identifier.range)
        }
    }

    /// The common type of two operands, letting a unit-less literal stand for a length.
    private func unify(_ lhs: Typed, _ rhs: Typed) -> (ValueType, Bool)? {
        if lhs.type == rhs.type { return (lhs.type, lhs.flexible && rhs.flexible) }
        if lhs.type == .length, rhs.type == .number, rhs.flexible { return (.length, false) }
        if rhs.type == .length, lhs.type == .number, lhs.flexible { return (.length, false) }
        return nil
    }

    private mutating func conform(_ typed: Typed, to type: ValueType, _ range: SourceRange, _ what: String) -> Bool {
        if typed.type == type || (type == .length && typed.type == .number && typed.flexible) { return true }
        var message = "\(what) must be a \(type.displayName), found \(typed.type.displayName)"
        if type == .number, typed.type == .length {
            message += "; divide by a length to get a plain number"
        } else if type == .length, typed.type == .number {
            message += "; multiply by a length such as '1pt'"
        }
        diagnostics.error(message, at: range)
        return false
    }

    private mutating func checkBinary(_ op: BinaryOperator, _ lhs: Typed, _ rhs: Typed, _ range: SourceRange,
                                      _ rhsSyntax: Expression) -> Typed? {
        func describe() -> String { "\(lhs.type.displayName) \(op.rawValue) \(rhs.type.displayName)" }
        switch op {
        case .and, .or:
            guard lhs.type == .bool, rhs.type == .bool else {
                diagnostics.error("'\(op.rawValue)' needs two bools, found \(describe())", at: range)
                return nil
            }
            let logical: LogicalOperator = op == .and ? .and : .or
            return Typed(expression: Folding.fold(.logical(logical, lhs.expression, rhs.expression)), type: .bool)
        case .equal where lhs.type == .bool || rhs.type == .bool, .notEqual where lhs.type == .bool || rhs.type == .bool:
            guard lhs.type == .bool, rhs.type == .bool else {
                diagnostics.error("cannot compare \(describe())", at: range)
                return nil
            }
            return Typed(expression: Folding.fold(.boolEquality(isEqual: op == .equal, lhs.expression, rhs.expression)), type: .bool)
        case .less, .lessEqual, .greater, .greaterEqual, .equal, .notEqual:
            guard lhs.type != .bool, rhs.type != .bool, unify(lhs, rhs) != nil else {
                diagnostics.error("cannot compare \(describe())", at: range)
                return nil
            }
            let comparison = ComparisonOperator(rawValue: op.rawValue) ?? .equal
            return Typed(expression: Folding.fold(.comparison(comparison, lhs.expression, rhs.expression)), type: .bool)
        case .add, .subtract, .multiply, .divide:
            guard lhs.type != .bool, rhs.type != .bool else {
                diagnostics.error("arithmetic needs numbers or lengths, found \(describe())", at: range)
                return nil
            }
            let type: ValueType
            let flexible = lhs.flexible && rhs.flexible
            switch op {
            case .add, .subtract:
                guard let (unified, _) = unify(lhs, rhs) else {
                    let verb = op == .add ? "add" : "subtract"
                    diagnostics.error("cannot \(verb) \(lhs.type.displayName) and \(rhs.type.displayName); write lengths with a unit, as '12pt'",
                                      at: range)
                    return nil
                }
                type = unified
            case .multiply:
                if lhs.type == .length, rhs.type == .length {
                    diagnostics.error("cannot multiply two lengths; one side must be a plain number", at: range)
                    return nil
                }
                type = lhs.type == .length || rhs.type == .length ? .length : .number
            default:
                if case .constant(let divisor) = rhs.expression, divisor == 0 {
                    diagnostics.warning("division by zero", at: rhsSyntax.range)
                }
                switch (lhs.type, rhs.type) {
                case (.length, .length): type = .number
                case (.length, _): type = .length
                case (_, .length):
                    diagnostics.error("cannot divide a number by a length", at: range)
                    return nil
                default: type = .number
                }
            }
            let arithmetic = ArithmeticOperator(rawValue: op.rawValue) ?? .add
            return Typed(expression: Folding.fold(.arithmetic(arithmetic, lhs.expression, rhs.expression)),
                         type: type, flexible: flexible)
        }
    }

    // MARK: Calls

    private mutating func checkCall(_ callee: Expression, _ arguments: [Argument], _ range: SourceRange) -> Typed? {
        // Anything but a built-in function that is called is a curve applied to a progress: `easeOut(t)`,
        // `snappy(t)`, `cubicBezier(0.2, 0, 0, 1)(t)`; `linear` with one argument is the identity curve.
        let curve: Curve?
        if case .name(let name) = callee.kind {
            switch callable(name.name) {
            case .builtin(let builtin)?:
                return checkBuiltin(builtin, name, arguments, range)
            case .constructor(.linear)? where arguments.count == 1:
                curve = .linear
            case .constructor?:
                diagnostics.error("'\(name.name)(...)' makes a curve; apply it to a progress, as in '\(name.name)(...)(t)', or use it after 'via'",
                                  at: range)
                return nil
            case .preset(let preset)?:
                curve = preset
            case .declaredCurve(let index)?:
                curve = checkNamedCurve(index)
            case nil:
                if let entry = symbols[name.name] {
                    diagnostics.error("'\(name.name)' is \(describe(entry.symbol)), not a function", at: name.range)
                } else {
                    let candidates = suggestable {
                        Builtin.allCases.map(\.rawValue) + Curve.presets.map(\.name) + declaredCurveNames()
                    }
                    reportUnknownName(name, among: candidates, what: "function")
                }
                return nil
            }
        } else {
            curve = checkCurve(callee)
        }
        guard arguments.count == 1, let argument = arguments.first, argument.label == nil, argument.positions.isEmpty else {
            diagnostics.error("a curve is applied to one progress, as in 'easeOut(t)'", at: range)
            return nil
        }
        guard let progress = check(argument.value), let curve else { return nil }
        guard conform(progress, to: .number, argument.value.range, "the progress a curve is applied to") else { return nil }
        return Typed(expression: Folding.fold(.curve(curve, progress.expression)), type: .number)
    }

    private mutating func checkBuiltin(_ builtin: Builtin, _ name: Identifier, _ arguments: [Argument],
                                       _ range: SourceRange) -> Typed? {
        guard arguments.count <= Checker.maximumArguments else {
            diagnostics.error("'\(builtin.rawValue)' takes at most \(Checker.maximumArguments) arguments", at: range)
            return nil
        }
        guard builtin.arity.contains(arguments.count) else {
            diagnostics.error("'\(builtin.rawValue)' takes \(builtin.arity.upperBound == Int.max ? "two or more" : "\(builtin.arity.lowerBound)") argument\(builtin.arity.lowerBound == 1 ? "" : "s"), found \(arguments.count): \(builtin.signature)",
                              at: range)
            return nil
        }
        var typedArguments: [Typed] = []
        for argument in arguments {
            if let label = argument.label {
                diagnostics.error("'\(builtin.rawValue)' takes no argument labels", at: label.range)
            }
            if let position = argument.positions.first {
                diagnostics.error("a position ('50%') only means something in 'linear(...)'", at: position.range)
            }
            guard let typed = check(argument.value) else { return nil }
            if typed.type == .bool {
                diagnostics.error("'\(builtin.rawValue)' needs numbers or lengths, found bool", at: argument.value.range)
                return nil
            }
            typedArguments.append(typed)
        }
        // Arguments that must be plain numbers, by position.
        let plainPositions: Set<Int>
        switch builtin {
        case .mix: plainPositions = [2]
        case .pow, .sqrt: plainPositions = Set(typedArguments.indices)
        default: plainPositions = []
        }
        for position in plainPositions.sorted() {
            let what = builtin == .mix ? "the fraction 't' of mix(a, b, t)" : "the argument of '\(builtin.rawValue)'"
            guard conform(typedArguments[position], to: .number, arguments[position].value.range, what) else { return nil }
        }
        // The others share one type.
        var shared: (ValueType, Bool)?
        for (position, typed) in typedArguments.enumerated() where !plainPositions.contains(position) {
            guard let current = shared else {
                shared = (typed.type, typed.flexible)
                continue
            }
            guard let unified = unify(Typed(expression: .constant(0), type: current.0, flexible: current.1), typed) else {
                diagnostics.error("the arguments of '\(builtin.rawValue)' must have the same type, found \(current.0.displayName) and \(typed.type.displayName)",
                                  at: arguments[position].value.range)
                return nil
            }
            shared = unified
        }
        let resultType: ValueType = builtin == .progress || builtin == .pow || builtin == .sqrt ? .number : shared?.0 ?? .number
        let flexible = builtin == .progress ? false : typedArguments.allSatisfy(\.flexible)
        let operands = typedArguments.map(\.expression)
        // min and max of several arguments become a chain of pairs, left to right.
        if builtin == .min || builtin == .max, var result = operands.first {
            for operand in operands.dropFirst() { result = Folding.fold(.builtin(builtin, [result, operand])) }
            return Typed(expression: result, type: resultType, flexible: flexible)
        }
        if builtin == .progress, case .constant(let from) = operands[1], case .constant(let to) = operands[2], from == to {
            diagnostics.warning("progress(x, from, to) with from equal to to divides by zero", at: range)
        }
        return Typed(expression: Folding.fold(.builtin(builtin, operands)), type: resultType, flexible: flexible)
    }

    // MARK: Keyframes

    private mutating func checkKeyframes(_ driverSyntax: Expression, _ options: [Argument], _ stops: [KeyframeStop],
                                         _ range: SourceRange) -> Typed? {
        guard let driver = check(driverSyntax) else { return nil }
        guard driver.type != .bool else {
            diagnostics.error("a keyframes driver must be a number or a length, found bool", at: driverSyntax.range)
            return nil
        }
        var extendsBefore = false, extendsAfter = false
        for option in options {
            guard option.label?.name == "extend", case .name(let mode) = option.value.kind else {
                diagnostics.error("keyframes takes one option, 'extend: before', 'after', 'both' or 'none'", at: option.range)
                continue
            }
            switch mode.name {
            case "before": extendsBefore = true
            case "after": extendsAfter = true
            case "both": extendsBefore = true; extendsAfter = true
            case "none": break
            default:
                diagnostics.error("'extend' is 'before', 'after', 'both' or 'none', found '\(mode.name)'", at: mode.range)
            }
        }
        guard !stops.isEmpty else {
            diagnostics.error("keyframes need at least one stop, as in '{ 0: 1, 100: 0 }'", at: range)
            return nil
        }
        var checkedStops: [CheckedKeyframes.Stop] = []
        var valueType: (ValueType, Bool)?
        var previousPosition: (value: Double, range: SourceRange)?
        var failed = false
        for (index, stop) in stops.enumerated() {
            let position = check(stop.position), value = check(stop.value)
            var curve: SegmentCurve = .curve(.linear)
            if let curveSyntax = stop.curve {
                if index == 0 {
                    diagnostics.warning("the first stop's curve is not used: a curve shapes the way into a stop from the one before",
                                        at: curveSyntax.range)
                }
                if case .name(let name) = curveSyntax.kind, name.name == "hold", !isDeclaredCurve("hold") {
                    curve = .hold
                } else if let checked = checkCurve(curveSyntax) {
                    curve = .curve(checked)
                } else {
                    failed = true
                }
            }
            guard let position, let value else {
                failed = true
                continue
            }
            if !conform(position, to: driver.type, stop.position.range, "a stop's position on a \(driver.type.displayName) driver") {
                failed = true
            }
            if value.type == .bool {
                diagnostics.error("a keyframe value must be a number or a length, found bool", at: stop.value.range)
                failed = true
                continue
            }
            if let current = valueType {
                if let unified = unify(Typed(expression: .constant(0), type: current.0, flexible: current.1), value) {
                    valueType = unified
                } else {
                    diagnostics.error("keyframe values must share one type, found \(current.0.displayName) and \(value.type.displayName)",
                                      at: stop.value.range)
                    failed = true
                }
            } else {
                valueType = (value.type, value.flexible)
            }
            if case .constant(let at) = position.expression {
                if let previous = previousPosition, at < previous.value {
                    diagnostics.error("keyframe stops must be in ascending order: \(format(at)) comes after \(format(previous.value))",
                                      at: stop.position.range,
                                      notes: [.init(message: "the previous stop is here", range: previous.range)])
                    failed = true
                }
                previousPosition = (at, stop.position.range)
            } else {
                previousPosition = nil
            }
            checkedStops.append(.init(position: position.expression, value: value.expression, curve: curve))
        }
        guard !failed, let valueType else { return nil }
        let keyframes = CheckedKeyframes(driver: driver.expression, stops: checkedStops,
                                         extendsBefore: extendsBefore, extendsAfter: extendsAfter)
        return Typed(expression: Folding.fold(.keyframes(keyframes)), type: valueType.0, flexible: valueType.1)
    }

    private func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
    }

    // MARK: Curves

    /// The curve constructors, which take constant arguments and make a curve.
    private enum CurveConstructor: String {
        case cubicBezier, steps, linear, spring
    }

    /// What a name means where a function or a curve is expected: called (`name(...)`), after `via`, or as
    /// the value of a `curve` or `animation`. A declared curve comes first, so it hides a built-in of its
    /// name (and the declaration is warned about); inputs, named values and states do not live here, so
    /// `let min = 3` leaves `min(a, b)` alone.
    private enum Callable {
        case declaredCurve(Int)
        case builtin(Builtin)
        case constructor(CurveConstructor)
        case preset(Curve)
    }

    private func callable(_ name: String) -> Callable? {
        if let entry = symbols[name], case .curve(let index) = entry.symbol { return .declaredCurve(index) }
        if let builtin = Builtin(rawValue: name) { return .builtin(builtin) }
        // `linear` is both: the identity curve by name or applied, a constructor with stops.
        if let constructor = CurveConstructor(rawValue: name) { return .constructor(constructor) }
        if let preset = Curve.preset(named: name) { return .preset(preset) }
        return nil
    }

    private func isDeclaredCurve(_ name: String) -> Bool {
        if case .declaredCurve? = callable(name) { return true }
        return false
    }

    private func declaredCurveNames() -> [String] {
        curves.map(\.name.name)
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

    private func describe(_ symbol: Symbol) -> String {
        switch symbol {
        case .offset: return "the scroll offset"
        case .input: return "an input"
        case .value: return "a named value"
        case .curve: return "a curve"
        case .state: return "a state"
        }
    }

    private mutating func checkNamedCurve(_ index: Int) -> Curve? {
        if let done = curveProgress[index] { return done }
        let declaration = curves[index]
        guard !curveChecking.contains(index) else {
            diagnostics.error("curve '\(declaration.name.name)' is defined in terms of itself", at: declaration.name.range)
            curveProgress[index] = .some(nil)
            return nil
        }
        guard curveChecking.count <= Checker.maximumChainLength else {
            diagnostics.error("curve '\(declaration.name.name)' is reached through more than \(Checker.maximumChainLength) curves, one defined by the next",
                              at: declaration.name.range)
            curveProgress[index] = .some(nil)
            return nil
        }
        curveChecking.insert(index)
        let curve = checkCurve(declaration.value)
        curveChecking.remove(index)
        curveProgress[index] = .some(curve)
        return curve
    }

    /// A curve expression: a preset or declared curve by name, or a constructor with constant arguments.
    private mutating func checkCurve(_ expression: Expression) -> Curve? {
        switch expression.kind {
        case .error:
            return nil
        case .name(let name):
            switch callable(name.name) {
            case .declaredCurve(let index)?:
                return checkNamedCurve(index)
            case .preset(let preset)?:
                return preset
            case .constructor(.linear)?:
                return .linear
            case .constructor?:
                diagnostics.error("'\(name.name)' makes a curve when called, as in '\(name.name)(...)'", at: name.range)
                return nil
            case .builtin?:
                diagnostics.error("'\(name.name)' is a built-in function, not a curve", at: name.range)
                return nil
            case nil:
                if let entry = symbols[name.name] {
                    diagnostics.error("'\(name.name)' is \(describe(entry.symbol)), not a curve", at: name.range)
                    return nil
                }
                let candidates = suggestable { Curve.presets.map(\.name) + ["hold"] + declaredCurveNames() }
                reportUnknownName(name, among: candidates, what: "curve")
                return nil
            }
        case .call(let callee, let arguments):
            guard case .name(let name) = callee.kind, case .constructor(let constructor)? = callable(name.name) else {
                diagnostics.error("expected a curve: a name such as 'easeOut', or 'cubicBezier(...)', 'steps(...)', 'linear(...)', 'spring(...)'",
                                  at: expression.range)
                return nil
            }
            return checkCurveConstructor(constructor, arguments, expression.range)
        default:
            diagnostics.error("expected a curve: a name such as 'easeOut', or 'cubicBezier(...)', 'steps(...)', 'linear(...)', 'spring(...)'",
                              at: expression.range)
            return nil
        }
    }

    private mutating func constantArgument(_ argument: Argument, _ what: String) -> Double? {
        guard let typed = check(argument.value) else { return nil }
        guard typed.type == .number, case .constant(let value) = typed.expression else {
            diagnostics.error("\(what) must be a constant number", at: argument.value.range)
            return nil
        }
        return value
    }

    private mutating func checkCurveConstructor(_ constructor: CurveConstructor, _ arguments: [Argument],
                                                _ range: SourceRange) -> Curve? {
        switch constructor {
        case .cubicBezier:
            guard arguments.count == 4 else {
                diagnostics.error("cubicBezier takes four numbers: cubicBezier(x1, y1, x2, y2)", at: range)
                return nil
            }
            let numbers = arguments.enumerated().map { index, argument in
                constantArgument(argument, "cubicBezier's \(["x1", "y1", "x2", "y2"][index])")
            }
            guard let x1 = numbers[0], let y1 = numbers[1], let x2 = numbers[2], let y2 = numbers[3] else { return nil }
            for (value, index) in [(x1, 0), (x2, 2)] where !(0...1).contains(value) {
                diagnostics.error("cubicBezier's \(index == 0 ? "x1" : "x2") must be within 0...1, found \(value): x is time, and time cannot run backwards",
                                  at: arguments[index].value.range)
                return nil
            }
            guard let bezier = CubicBezier(x1: x1, y1: y1, x2: x2, y2: y2) else {
                diagnostics.error("invalid cubicBezier", at: range)
                return nil
            }
            return .cubicBezier(bezier)
        case .steps:
            guard (1...2).contains(arguments.count), let count = constantArgument(arguments[0], "the number of steps") else {
                if !(1...2).contains(arguments.count) {
                    diagnostics.error("steps takes a count and a position: steps(4, jump-end)", at: range)
                }
                return nil
            }
            // CSS's count is an <integer>: `steps(2.0)` is refused there, and here, rather than read as 2.
            if case .number(_, _, isInteger: false) = arguments[0].value.kind, count == count.rounded(), abs(count) < 1e15 {
                diagnostics.error("the number of steps is a whole number written without a fraction or exponent, as in 'steps(\(format(count)))'",
                                  at: arguments[0].value.range)
                return nil
            }
            var position = StepPosition.jumpEnd
            if arguments.count == 2 {
                guard let spelled = stepPositionName(arguments[1].value), let parsed = StepPosition.parse(spelled) else {
                    diagnostics.error("a steps position is jump-start, jump-end, jump-none, jump-both, start or end",
                                      at: arguments[1].value.range)
                    return nil
                }
                position = parsed
            }
            guard count == count.rounded(), count >= 1, count <= 1_000_000,
                  let steps = Steps(count: Int(count), position: position) else {
                diagnostics.error("steps needs a whole number of steps, at least \(position == .jumpNone ? 2 : 1)",
                                  at: arguments[0].value.range)
                return nil
            }
            return .steps(steps)
        case .linear:
            guard arguments.count >= 2 else {
                diagnostics.error("linear(...) needs at least two stops, as in linear(0, 0.25 75%, 1)", at: range)
                return nil
            }
            var stops: [(output: Double, inputs: [Double])] = []
            for argument in arguments {
                guard let output = constantArgument(argument, "a linear() stop") else { return nil }
                if argument.positions.count > 2 {
                    diagnostics.error("a linear() stop has at most two positions", at: argument.range)
                    return nil
                }
                var positions: [Double] = []
                for position in argument.positions {
                    guard case .number(let value, _, _) = position.kind else { return nil }
                    positions.append(value)
                }
                stops.append((output, positions))
            }
            guard let curve = PiecewiseLinear(stops: stops) else {
                diagnostics.error("invalid linear() curve", at: range)
                return nil
            }
            return .piecewiseLinear(curve)
        case .spring:
            var named: [String: Double] = [:]
            let defaultLabels = ["duration", "bounce"]
            for (index, argument) in arguments.enumerated() {
                let label = argument.label?.name ?? (index < 2 ? defaultLabels[index] : "")
                guard ["duration", "bounce", "response", "dampingFraction"].contains(label) else {
                    diagnostics.error("spring takes (duration:, bounce:) or (response:, dampingFraction:)", at: argument.range)
                    return nil
                }
                guard let value = constantArgument(argument, "spring's \(label)") else { return nil }
                named[label] = value
            }
            let spring: SpringCurve?
            if named["response"] != nil || named["dampingFraction"] != nil {
                guard named["duration"] == nil, named["bounce"] == nil else {
                    diagnostics.error("spring takes either (duration:, bounce:) or (response:, dampingFraction:), not both", at: range)
                    return nil
                }
                spring = SpringCurve(response: named["response"] ?? 0.5, dampingFraction: named["dampingFraction"] ?? 0.825)
            } else {
                spring = SpringCurve(duration: named["duration"] ?? 0.5, bounce: named["bounce"] ?? 0)
            }
            guard let spring else {
                diagnostics.error("a spring needs a duration or response above 0, a bounce between -1 and 1 (exclusive), and a damping fraction above 0",
                                  at: range)
                return nil
            }
            return .spring(spring)
        }
    }

    /// Reads `jumpEnd`, `end`, or the CSS spelling `jump-end` (which the parser sees as a subtraction).
    private func stepPositionName(_ expression: Expression) -> String? {
        switch expression.kind {
        case .name(let name):
            switch name.name {
            case "jumpStart": return "jump-start"
            case "jumpEnd": return "jump-end"
            case "jumpNone": return "jump-none"
            case "jumpBoth": return "jump-both"
            default: return name.name
            }
        case .binary(.subtract, let lhs, let rhs):
            guard case .name(let first) = lhs.kind, case .name(let second) = rhs.kind else { return nil }
            return "\(first.name)-\(second.name)"
        default:
            return nil
        }
    }
}
