/// Constant folding. A node whose operands are all constants is replaced by its value, computed with the
/// same operations the interpreter and the generated code use. Infinite and NaN results are folded too:
/// left to swiftc, `0.0 / 0.0` would fold to a NaN with other bits than the one the interpreter computes
/// at run time, and the emitter writes every constant, NaN included, with its exact bits.
enum Folding {
    static func fold(_ expression: CheckedExpression) -> CheckedExpression {
        switch expression {
        case .negate(.constant(let value)):
            return number(-value) ?? expression
        case .not(.boolConstant(let value)):
            return .boolConstant(!value)
        case .arithmetic(let op, .constant(let lhs), .constant(let rhs)):
            return number(op.apply(lhs, rhs)) ?? expression
        case .comparison(let op, .constant(let lhs), .constant(let rhs)):
            return .boolConstant(op.apply(lhs, rhs))
        case .boolEquality(let isEqual, .boolConstant(let lhs), .boolConstant(let rhs)):
            return .boolConstant((lhs == rhs) == isEqual)
        case .logical(let op, .boolConstant(let lhs), .boolConstant(let rhs)):
            return .boolConstant(op == .and ? lhs && rhs : lhs || rhs)
        // Nothing has side effects, so a constant that decides `and` or `or` decides it on either side.
        case .logical(.and, .boolConstant(false), _), .logical(.and, _, .boolConstant(false)):
            return .boolConstant(false)
        case .logical(.or, .boolConstant(true), _), .logical(.or, _, .boolConstant(true)):
            return .boolConstant(true)
        case .logical(.and, .boolConstant(true), let other), .logical(.and, let other, .boolConstant(true)),
             .logical(.or, .boolConstant(false), let other), .logical(.or, let other, .boolConstant(false)):
            return other
        case .conditional(.boolConstant(let condition), let then, let otherwise):
            return condition ? then : otherwise
        case .builtin(let builtin, let arguments):
            var constants: [Double] = []
            for argument in arguments {
                guard case .constant(let value) = argument else { return expression }
                constants.append(value)
            }
            let value = builtin.apply(constants[0], constants.count > 1 ? constants[1] : 0, constants.count > 2 ? constants[2] : 0)
            return number(value) ?? expression
        case .curve(let curve, .constant(let progress)):
            return number(curve.value(at: progress)) ?? expression
        case .keyframes(let keyframes):
            return foldKeyframes(keyframes) ?? expression
        default:
            return expression
        }
    }

    /// Keyframes whose driver and positions are constants are the one segment they select, by the rule
    /// of `Interpreter.compileKeyframes`, written with the interpreter's own formula; a single stop is its
    /// value whatever the driver. Left to the generated code, the branches never taken would be dead code
    /// that swiftc warns about.
    private static func foldKeyframes(_ keyframes: CheckedKeyframes) -> CheckedExpression? {
        let stops = keyframes.stops
        if stops.count == 1 { return stops[0].value }
        guard case .constant(let x) = keyframes.driver else { return nil }
        var positions: [Double] = []
        for stop in stops {
            guard case .constant(let position) = stop.position else { return nil }
            positions.append(position)
        }
        func segment(_ index: Int) -> CheckedExpression {
            let from = stops[index - 1].value
            guard case .curve(let curve) = stops[index].curve else { return from }
            let start = positions[index - 1]
            let t = (x - start) / (positions[index] - start)
            let to = stops[index].value
            return fold(.arithmetic(.add, from, fold(.arithmetic(.multiply, fold(.arithmetic(.subtract, to, from)),
                                                                  fold(.curve(curve, .constant(t)))))))
        }
        let last = stops.count - 1
        if !keyframes.extendsBefore, x <= positions[0] { return stops[0].value }
        for index in 1...last where x < positions[index] { return segment(index) }
        if case .hold = stops[last].curve { return stops[last].value }
        return keyframes.extendsAfter ? segment(last) : stops[last].value
    }

    private static func number(_ value: Double) -> CheckedExpression? {
        .constant(value)
    }
}

extension ArithmeticOperator {
    public func apply(_ lhs: Double, _ rhs: Double) -> Double {
        switch self {
        case .add: return lhs + rhs
        case .subtract: return lhs - rhs
        case .multiply: return lhs * rhs
        case .divide: return lhs / rhs
        }
    }
}

extension ComparisonOperator {
    public func apply(_ lhs: Double, _ rhs: Double) -> Bool {
        switch self {
        case .less: return lhs < rhs
        case .lessEqual: return lhs <= rhs
        case .greater: return lhs > rhs
        case .greaterEqual: return lhs >= rhs
        case .equal: return lhs == rhs
        case .notEqual: return lhs != rhs
        }
    }
}
