import HeaderSource
import HeaderSyntax
import HeaderMath

/// The typing of expressions: numbers, lengths and bools, unit-less literals that adapt to lengths,
/// operators, conditionals; every node folded as it is built.
extension Checker {
    /// The checked expression, marked with where it is written.
    package mutating func check(_ expression: Expression) -> Typed? {
        guard var typed = checkNode(expression) else { return nil }
        typed.expression = typed.expression.located(at: expression.range)
        return typed
    }

    private mutating func checkNode(_ expression: Expression) -> Typed? {
        let phaseAllowed = phaseOperand
        phaseOperand = false
        switch expression.kind {
        case .error:
            return nil
        case .number(let value, let unit, _):
            return Typed(expression: .constant(value), type: unit, flexible: unit == .number)
        case .bool(let value):
            return Typed(expression: .boolConstant(value), type: .bool)
        case .name(let identifier):
            guard let typed = resolve(identifier) else { return nil }
            // A parameter declared a phase has had its error where it is declared.
            if typed.type == .phase, !phaseAllowed, parameterScope?.parameters[identifier.name] == nil {
                refusePhaseUse(identifier)
                return nil
            }
            return typed
        case .unary(let op, let operandSyntax):
            guard let operand = check(operandSyntax) else { return nil }
            switch op {
            case .negate:
                guard operand.type != .bool else {
                    diagnostics.error("cannot negate a bool with '-'; use 'not'", at: expression.range)
                    return nil
                }
                // A Float's negation is exact: it stays a Float.
                return Typed(expression: fold(.negate(operand.expression)), type: operand.type, flexible: operand.flexible,
                             binary32: operand.binary32)
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
                return Typed(expression: fold(.not(operand.expression)), type: .bool)
            }
        case .binary:
            return checkBinaryChain(expression)
        case .conditional(let conditionSyntax, let thenSyntax, let elseSyntax):
            let condition = check(conditionSyntax), checkedThen = check(thenSyntax), checkedOtherwise = check(elseSyntax)
            guard let condition, let checkedThen, let checkedOtherwise,
                  let branches = atOnePrecision([checkedThen, checkedOtherwise], [thenSyntax.range, elseSyntax.range], "a conditional",
                                                at: thenSyntax.range.union(elseSyntax.range)) else { return nil }
            let (then, otherwise) = (branches[0], branches[1])
            guard condition.type == .bool else {
                diagnostics.error("a condition must be a bool, found \(condition.type.displayName)", at: conditionSyntax.range)
                return nil
            }
            guard let (type, flexible) = unify(then, otherwise) else {
                diagnostics.error("both branches must have the same type, found \(then.type.displayName) and \(otherwise.type.displayName)",
                                  at: thenSyntax.range.union(elseSyntax.range))
                return nil
            }
            return Typed(expression: fold(.conditional(condition.expression, then.expression, otherwise.expression)),
                         type: type, flexible: flexible, binary32: then.binary32)
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
        if case .binary(let op, _, _)? = spine.last?.kind { phaseOperand = op.isComparison }
        var result = check(leftmost)
        for node in spine.reversed() {
            guard case .binary(let op, let lhsSyntax, let rhsSyntax) = node.kind else { continue }
            phaseOperand = op.isComparison
            let rhs = check(rhsSyntax)
            guard let lhs = result, let rhs else {
                result = nil
                continue
            }
            result = checkBinary(op, lhs, rhs, node.range, lhsSyntax.range, rhsSyntax)
            if let checked = result { result?.expression = checked.expression.located(at: node.range) }
        }
        return result
    }

    private mutating func checkBinary(_ op: BinaryOperator, _ lhs: Typed, _ rhs: Typed, _ range: SourceRange,
                                      _ lhsRange: SourceRange, _ rhsSyntax: Expression) -> Typed? {
        func describe() -> String { "\(lhs.type.displayName) \(op.rawValue) \(rhs.type.displayName)" }
        switch op {
        case .equal where lhs.type == .phase || rhs.type == .phase, .notEqual where lhs.type == .phase || rhs.type == .phase:
            guard lhs.type == .phase, rhs.type == .phase else {
                var hint = "; a phase is compared with another phase: \(ScrollPhase.namesInProse), or a phase input"
                var notes: [Diagnostic.Note] = []
                if case .name(let name) = rhsSyntax.kind, ScrollPhase(name: name.name) != nil, let entry = symbols[name.name] {
                    hint = "; '\(name.name)' here is \(self.describe(entry.symbol)) of the spec, which hides the phase '\(name.name)': rename it"
                    notes = [.init(message: "'\(name.name)' is declared here", range: entry.range)]
                }
                diagnostics.error("cannot compare \(describe())\(hint)", at: range, notes: notes)
                return nil
            }
            let comparison: ComparisonOperator = op == .equal ? .equal : .notEqual
            return Typed(expression: fold(.comparison(comparison, lhs.expression, rhs.expression)), type: .bool)
        case .less where lhs.type == .phase || rhs.type == .phase, .lessEqual where lhs.type == .phase || rhs.type == .phase,
             .greater where lhs.type == .phase || rhs.type == .phase, .greaterEqual where lhs.type == .phase || rhs.type == .phase:
            diagnostics.error("a phase has no order: compare it with '==' or '!=', as in 'phase == dragging'", at: range)
            return nil
        case .and, .or:
            guard lhs.type == .bool, rhs.type == .bool else {
                diagnostics.error("'\(op.rawValue)' needs two bools, found \(describe())", at: range)
                return nil
            }
            let logical: LogicalOperator = op == .and ? .and : .or
            return Typed(expression: fold(.logical(logical, lhs.expression, rhs.expression)), type: .bool)
        case .equal where lhs.type == .bool || rhs.type == .bool, .notEqual where lhs.type == .bool || rhs.type == .bool:
            guard lhs.type == .bool, rhs.type == .bool else {
                diagnostics.error("cannot compare \(describe())", at: range)
                return nil
            }
            return Typed(expression: fold(.boolEquality(isEqual: op == .equal, lhs.expression, rhs.expression)), type: .bool)
        case .less, .lessEqual, .greater, .greaterEqual, .equal, .notEqual:
            guard lhs.type != .bool, rhs.type != .bool, unify(lhs, rhs) != nil else {
                let hint = Units.mixesPointsAndPixels(lhs.type, rhs.type) ? ": \(conversionHint())" : ""
                diagnostics.error("cannot compare \(describe())\(hint)", at: range)
                return nil
            }
            guard let operands = atOnePrecision([lhs, rhs], [lhsRange, rhsSyntax.range], "'\(op.rawValue)'", at: range) else { return nil }
            let (lhs, rhs) = (operands[0], operands[1])
            let comparison = ComparisonOperator(rawValue: op.rawValue) ?? .equal
            return Typed(expression: fold(.comparison(comparison, lhs.expression, rhs.expression)), type: .bool)
        case .add, .subtract, .multiply, .divide:
            guard lhs.type != .bool, rhs.type != .bool else {
                diagnostics.error("arithmetic needs numbers or lengths, found \(describe())", at: range)
                return nil
            }
            guard let operands = atOnePrecision([lhs, rhs], [lhsRange, rhsSyntax.range], "'\(op.rawValue)'", at: range) else { return nil }
            let (lhs, rhs) = (operands[0], operands[1])
            let type: ValueType
            let flexible = lhs.flexible && rhs.flexible
            switch op {
            case .add, .subtract:
                guard let (unified, _) = unify(lhs, rhs) else {
                    let verb = op == .add ? "add" : "subtract"
                    let hint = Units.mixesPointsAndPixels(lhs.type, rhs.type) ? conversionHint() : "write lengths with a unit, as '12pt'"
                    diagnostics.error("cannot \(verb) \(lhs.type.displayName) and \(rhs.type.displayName); \(hint)",
                                      at: range)
                    return nil
                }
                type = unified
            case .multiply:
                switch Units.product(lhs.type, rhs.type) {
                case .type(let product): type = product
                case .refused(let message):
                    diagnostics.error(message, at: range)
                    return nil
                }
            default:
                if case .constant(let divisor) = rhs.expression, divisor == 0 {
                    diagnostics.warning("division by zero", at: rhsSyntax.range)
                }
                switch Units.quotient(lhs.type, rhs.type) {
                case .type(let quotient): type = quotient
                case .refused(let message):
                    diagnostics.error(message, at: range)
                    return nil
                }
            }
            let arithmetic = ArithmeticOperator(rawValue: op.rawValue) ?? .add
            let computed = fold(.arithmetic(arithmetic, lhs.expression, rhs.expression))
            // Float arithmetic: the Double operation, rounded once to binary32.
            return Typed(expression: lhs.binary32 ? roundedToFloat(computed) : computed, type: type, flexible: flexible, binary32: lhs.binary32)
        }
    }

    /// The common type of two operands, letting a unit-less literal stand for a length, pixels or a density.
    func unify(_ lhs: Typed, _ rhs: Typed) -> (ValueType, Bool)? {
        if lhs.type == rhs.type { return (lhs.type, lhs.flexible && rhs.flexible) }
        if lhs.type.isNumeric, rhs.type == .number, rhs.flexible { return (lhs.type, false) }
        if rhs.type.isNumeric, lhs.type == .number, lhs.flexible { return (rhs.type, false) }
        return nil
    }

    mutating func conform(_ typed: Typed, to type: ValueType, _ range: SourceRange, _ what: String) -> Bool {
        if typed.type == type || (type.isNumeric && typed.type == .number && typed.flexible) { return true }
        var message = "\(what) must be a \(type.displayName), found \(typed.type.displayName)"
        if Units.mixesPointsAndPixels(type, typed.type) {
            message += "; \(conversionHint())"
        } else if type == .number, typed.type == .length || typed.type == .pixels {
            message += "; divide by a length to get a plain number"
        } else if type == .length, typed.type == .number {
            message += "; multiply by a length such as '1pt'"
        } else if type == .pixels, typed.type == .number {
            message += "; multiply by a length such as '1px'"
        } else if type == .phase {
            message += "; a phase is \(ScrollPhase.namesInProse)"
        }
        diagnostics.error(message, at: range)
        return false
    }

    /// A phase (a phase input, or one of the three names) used anywhere but as an operand of `==` or `!=`.
    private mutating func refusePhaseUse(_ identifier: Identifier) {
        let what = symbols[identifier.name] == nil ? "'\(identifier.name)' is a phase" : "input '\(identifier.name)' is a phase"
        diagnostics.error("\(what), which can only be compared with '==' or '!=' to another phase, as in 'phase == dragging'",
                          at: identifier.range)
    }

    /// One of `idle`, `dragging` and `decelerating` where no declaration hides it: a phase constant, its raw value.
    func phaseConstant(_ identifier: Identifier) -> Typed? {
        guard let phase = ScrollPhase(name: identifier.name) else { return nil }
        return Typed(expression: .constant(Double(phase.rawValue)), type: .phase)
    }

    /// The type of an input or state without an annotation, read from its constant default, so that
    /// uses can be checked before the declaration itself is.
    func inferredType(of value: Expression) -> ValueType {
        switch value.kind {
        case .name(let name) where symbols[name.name] == nil && ScrollPhase(name: name.name) != nil: return .phase
        case .bool: return .bool
        case .number(_, let unit, _): return unit
        case .unary(.not, _): return .bool
        case .unary(.negate, let operand), .unary(.plus, let operand):
            if case .number(_, let unit, _) = operand.kind { return unit }
            return .number
        default: return .number
        }
    }
}
