/// The statements of one generated function: the parameters converted to Double, the states advanced,
/// the named values it needs in dependency order, and temporaries for keyframes and long expressions.
/// Expressions are rendered with exactly the tree the checker built, so Swift evaluates the same
/// operations in the same order as the interpreter.
struct FunctionBody {
    let spec: CheckedSpec
    private(set) var lines: [String] = []
    private var names: Set<String>
    private var slotNames: [Int: String] = [:]
    private var indentation = ""
    private var temporaryCount = 0

    /// Above this many operators an operand is moved into its own `let`, which keeps lines readable and
    /// the Swift type checker fast.
    private static let operatorsPerExpression = 8

    init(spec: CheckedSpec, names: Set<String>) {
        self.spec = spec
        self.names = names
    }

    /// Emits the statements that make every slot that `expressions` read (directly or through named
    /// values) available.
    mutating func prepare(needing expressions: [CheckedExpression], advancingState: Bool) {
        var needed = Set<Int>()
        var pending: [CheckedExpression] = expressions
        if advancingState {
            for state in spec.states {
                pending.append(state.next)
                if let bounds = state.bounds { pending += [bounds.low, bounds.high] }
                needed.insert(state.slot)
            }
        }
        let valueBySlot = Dictionary(spec.values.map { ($0.slot, $0) }, uniquingKeysWith: { first, _ in first })
        while let expression = pending.popLast() {
            expression.forEachSlot { slot in
                guard needed.insert(slot).inserted, let value = valueBySlot[slot] else { return }
                pending.append(value.expression)
            }
        }
        if needed.contains(CheckedSpec.offsetSlot) || advancingState {
            lines.append("let offset = Double(offset)")
        }
        slotNames[CheckedSpec.offsetSlot] = "offset"
        for input in spec.inputs where needed.contains(input.slot) {
            let name = SwiftNames.identifier(input.name)
            if input.type == .length { lines.append("let \(name) = Double(\(name))") }
            slotNames[input.slot] = name
        }
        if advancingState { advanceStates(needed) }
        for value in spec.values where needed.contains(value.slot) {
            let text = expression(value.expression)
            let name = SwiftNames.identifier(value.name)
            lines.append("let \(name): \(FunctionBody.localType(value.type)) = \(text)")
            slotNames[value.slot] = name
        }
    }

    /// The state update, mirroring `Interpreter.advanceStates`: every `next` reads the previous values,
    /// then each is kept within its bounds, then all are stored.
    private mutating func advanceStates(_ needed: Set<Int>) {
        var readsDelta = false
        var readsPrevious = Set<Int>()
        for state in spec.states {
            var expressions = [state.next]
            if let bounds = state.bounds { expressions += [bounds.low, bounds.high] }
            for expression in expressions {
                expression.forEachSlot { slot in
                    if slot == CheckedSpec.deltaSlot { readsDelta = true }
                    if spec.states.contains(where: { $0.slot == slot }) { readsPrevious.insert(slot) }
                }
            }
        }
        if readsDelta {
            lines.append("let delta = state.lastOffset.map { offset - Double($0) } ?? 0")
            slotNames[CheckedSpec.deltaSlot] = "delta"
        }
        for state in spec.states where readsPrevious.contains(state.slot) {
            let name = fresh("previous" + state.name.prefix(1).uppercased() + state.name.dropFirst())
            let stored = "state.\(SwiftNames.identifier(state.name))"
            lines.append("let \(name) = \(state.type == .length ? "Double(\(stored))" : stored)")
            slotNames[state.slot] = name
        }
        var updated: [(CheckedState, String)] = []
        for state in spec.states {
            var text = expression(state.next)
            if let bounds = state.bounds {
                text = "Swift.min(Swift.max(\(text), \(expression(bounds.low))), \(expression(bounds.high)))"
            }
            let name = fresh(state.name)
            lines.append("let \(name): Double = \(text)")
            updated.append((state, name))
        }
        for (state, name) in updated {
            let stored = "state.\(SwiftNames.identifier(state.name))"
            lines.append("\(stored) = \(state.type == .length ? "CGFloat(\(name))" : name)")
            slotNames[state.slot] = name
        }
        lines.append("state.lastOffset = CGFloat(offset)")
    }

    // MARK: Expressions

    /// Swift's precedence levels for the operators the emitter writes, loosest first.
    private enum Level: Int, Comparable {
        case or = 1, and, comparison, additive, multiplicative, prefix, atom
        static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    private struct Rendered {
        var text: String
        var level: Level
        var operators: Int
    }

    /// The expression's Swift text; statements it needs first are appended to `lines`.
    mutating func expression(_ expression: CheckedExpression) -> String {
        render(expression).text
    }

    private mutating func render(_ expression: CheckedExpression) -> Rendered {
        switch expression {
        case .constant(let value):
            return Rendered(text: CurveSwiftSource.literal(value), level: .atom, operators: 0)
        case .boolConstant(let value):
            return Rendered(text: value ? "true" : "false", level: .atom, operators: 0)
        case .slot(let slot):
            return Rendered(text: slotNames[slot] ?? spec.slotName(slot), level: .atom, operators: 0)
        case .negate(let operand):
            let inner = parenthesized(render(operand), above: .prefix, orEqual: false)
            return Rendered(text: "-" + inner.text, level: .prefix, operators: inner.operators + 1)
        case .not(let operandExpression):
            let inner = parenthesized(render(operandExpression), above: .prefix, orEqual: false)
            return Rendered(text: "!" + inner.text, level: .prefix, operators: inner.operators + 1)
        case .arithmetic(let op, let lhs, let rhs):
            let level: Level = op == .add || op == .subtract ? .additive : .multiplicative
            return binary(op.rawValue, level, lhs, rhs)
        case .comparison(let op, let lhs, let rhs):
            return binary(op.rawValue, .comparison, lhs, rhs)
        case .boolEquality(let isEqual, let lhs, let rhs):
            return binary(isEqual ? "==" : "!=", .comparison, lhs, rhs)
        case .logical(let op, let lhs, let rhs):
            return binary(op.rawValue, op == .and ? .and : .or, lhs, rhs)
        case .conditional(let condition, let then, let otherwise):
            let parts = [render(condition), render(then), render(otherwise)].map { parenthesized($0, above: .or) }
            // Two literal branches would leave Swift to choose between Double and CGFloat.
            let type = then.isConstant && otherwise.isConstant && !spec.isBool(then) ? " as Double" : ""
            let text = "(\(parts[0].text) ? \(parts[1].text)\(type) : \(parts[2].text))"
            return hoistIfLong(Rendered(text: text, level: .atom, operators: parts.map(\.operators).reduce(1, +)),
                               bool: spec.isBool(then))
        case .builtin(let builtin, let arguments):
            let parts = arguments.map { argument in hoistIfLong(render(argument), bool: false) }
            let list = parts.map(\.text).joined(separator: ", ")
            let operators = parts.map(\.operators).reduce(1, +)
            let text: String
            switch builtin {
            case .min: text = "Swift.min(\(list))"
            case .max: text = "Swift.max(\(list))"
            case .clamp: text = "Self.clamped(\(list))"
            case .mix: text = "Self.mixed(\(list))"
            case .progress: text = "Self.progressFraction(\(list))"
            case .pow: text = "Foundation.pow(\(list))"
            case .abs: text = parenthesized(parts[0], above: .prefix, orEqual: false).text + ".magnitude"
            case .sqrt: text = parenthesized(parts[0], above: .prefix, orEqual: false).text + ".squareRoot()"
            case .floor: text = parenthesized(parts[0], above: .prefix, orEqual: false).text + ".rounded(.down)"
            case .ceil: text = parenthesized(parts[0], above: .prefix, orEqual: false).text + ".rounded(.up)"
            case .round: text = parenthesized(parts[0], above: .prefix, orEqual: false).text + ".rounded()"
            }
            return Rendered(text: text, level: .atom, operators: operators)
        case .curve(let curve, let progress):
            let argument = identifier(for: render(progress))
            return Rendered(text: CurveSwiftSource.call(curve, argument: argument), level: .atom, operators: 1)
        case .keyframes(let keyframes):
            return Rendered(text: emitKeyframes(keyframes), level: .atom, operators: 0)
        }
    }

    private mutating func binary(_ op: String, _ level: Level, _ lhs: CheckedExpression, _ rhs: CheckedExpression) -> Rendered {
        // Left-associative: a right operand at the same level keeps its parentheses; comparisons do not chain.
        let left = parenthesized(hoistIfLong(render(lhs), bool: spec.isBool(lhs)), above: level == .comparison ? .additive : level,
                           orEqual: level != .comparison)
        let right = parenthesized(hoistIfLong(render(rhs), bool: spec.isBool(rhs)), above: level, orEqual: false)
        return Rendered(text: "\(left.text) \(op) \(right.text)", level: level, operators: left.operators + right.operators + 1)
    }

    /// Parenthesises an operand that binds more loosely than its context requires.
    private func parenthesized(_ rendered: Rendered, above level: Level, orEqual: Bool = true) -> Rendered {
        if rendered.level > level || (orEqual && rendered.level == level) { return rendered }
        return Rendered(text: "(\(rendered.text))", level: .atom, operators: rendered.operators)
    }

    private mutating func hoistIfLong(_ rendered: Rendered, bool: Bool) -> Rendered {
        guard rendered.operators > FunctionBody.operatorsPerExpression else { return rendered }
        let name = fresh("e")
        lines.append(indentation + "let \(name): \(bool ? "Bool" : "Double") = \(rendered.text)")
        return Rendered(text: name, level: .atom, operators: 0)
    }

    /// A plain identifier holding the value, hoisting it into a `let` unless it already is one.
    private mutating func identifier(for rendered: Rendered) -> String {
        if rendered.level == .atom, rendered.text.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }),
           let first = rendered.text.first, !first.isNumber {
            return rendered.text
        }
        let name = fresh("t")
        lines.append(indentation + "let \(name): Double = \(rendered.text)")
        return name
    }

    /// The if-chain of `Interpreter.compileKeyframes`, as statements assigning one `let`.
    private mutating func emitKeyframes(_ keyframes: CheckedKeyframes) -> String {
        let stops = keyframes.stops
        if stops.count == 1 { return render(stops[0].value).text }
        // Constants are written in place; anything else is computed once, before the if-chain.
        func operand(_ expression: CheckedExpression) -> String {
            if case .constant(let value) = expression { return CurveSwiftSource.literal(value) }
            return identifier(for: render(expression))
        }
        let x = operand(keyframes.driver)
        // The first position is read only by the hold test and by a first segment that is not a hold.
        var firstIsRead = !keyframes.extendsBefore
        if case .curve = stops[1].curve { firstIsRead = true }
        let positions = stops.enumerated().map { index, stop in
            index == 0 && !firstIsRead ? "" : operand(stop.position)
        }
        // A test between a constant driver and a constant position is decided here, as the interpreter
        // would decide it, so that no branch is dead code (which swiftc warns about).
        func decided(_ index: Int, strictly: Bool) -> Bool? {
            guard case .constant(let driver) = keyframes.driver, case .constant(let position) = stops[index].position else {
                return nil
            }
            return strictly ? driver < position : driver <= position
        }
        var branches: [(condition: String?, stop: Int, segment: Bool)] = []
        var isComplete = false
        func add(_ condition: String?, _ outcome: Bool?, stop: Int, segment: Bool) {
            guard !isComplete, outcome != false else { return }
            if condition == nil || outcome == true {
                branches.append((nil, stop, segment))
                isComplete = true
            } else {
                branches.append((condition, stop, segment))
            }
        }
        let last = stops.count - 1
        if !keyframes.extendsBefore { add("\(x) <= \(positions[0])", decided(0, strictly: false), stop: 0, segment: false) }
        for index in 1...last { add("\(x) < \(positions[index])", decided(index, strictly: true), stop: index, segment: true) }
        // Past the last stop a hold segment has made its jump, so extending it keeps the last value.
        var extendsLastSegment = keyframes.extendsAfter
        if case .hold = stops[last].curve { extendsLastSegment = false }
        add(nil, nil, stop: last, segment: extendsLastSegment)

        let result = fresh("k")
        lines.append(indentation + "let \(result): Double")
        let conditional = branches.count > 1
        for (number, branch) in branches.enumerated() {
            if let condition = branch.condition {
                lines.append(indentation + (number == 0 ? "if \(condition) {" : "} else if \(condition) {"))
            } else if conditional {
                lines.append(indentation + "} else {")
            }
            let outer = indentation
            if conditional { indentation += "    " }
            let value: String
            if branch.segment {
                value = segment(keyframes, branch.stop, x: x, positions: positions)
            } else {
                value = render(stops[branch.stop].value).text
            }
            lines.append(indentation + "\(result) = \(value)")
            indentation = outer
        }
        if conditional { lines.append(indentation + "}") }
        return result
    }

    /// `from + (to - from) * curve(t)`, the interpreter's formula; `from` is rendered once and written twice.
    private mutating func segment(_ keyframes: CheckedKeyframes, _ index: Int, x: String, positions: [String]) -> String {
        let fromRendered = render(keyframes.stops[index - 1].value)
        let from = parenthesized(fromRendered, above: .additive)
        switch keyframes.stops[index].curve {
        case .hold:
            return from.text
        case .curve(let curve):
            let to = parenthesized(render(keyframes.stops[index].value), above: .additive)
            let subtracted = parenthesized(fromRendered, above: .additive, orEqual: false)
            let start = positions[index - 1], end = positions[index]
            let fraction = "(\(x) - \(start)) / (\(end) - \(start))"
            if case .linear = curve {
                return "\(from.text) + (\(to.text) - \(subtracted.text)) * (\(fraction))"
            }
            let t = fresh("t")
            lines.append(indentation + "let \(t): Double = \(fraction)")
            return "\(from.text) + (\(to.text) - \(subtracted.text)) * \(CurveSwiftSource.call(curve, argument: t))"
        }
    }

    private mutating func fresh(_ base: String) -> String {
        var candidate = base
        while names.contains(candidate) || SwiftNames.keywords.contains(candidate) || base.count <= 1 && candidate == base {
            temporaryCount += 1
            candidate = "\(base)\(temporaryCount)"
        }
        names.insert(candidate)
        return candidate
    }

    static func localType(_ type: ValueType) -> String {
        type == .bool ? "Bool" : "Double"
    }
}
