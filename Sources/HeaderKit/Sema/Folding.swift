/// Constant folding. A node whose operands are all constants is replaced by its value, computed with the
/// same operations the interpreter and the generated code use. Like Lua's folder, it keeps a node whose
/// value would be infinite or NaN, so that such a value stays visible in the generated code.
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
        default:
            return expression
        }
    }

    private static func number(_ value: Double) -> CheckedExpression? {
        value.isFinite ? .constant(value) : nil
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
