import HeaderSource
import HeaderSyntax
import HeaderMath

/// Constant folding for the checker, which must know where a constant stands (a state's initial value,
/// a bound, a position). A node whose operands are all constants is lowered on its own and folded by
/// the lowering, so a folded value is computed by the one definition of each operation and rule
/// (`Semantics`, `Lowering`); infinite and NaN results are folded too, with their exact bits. The
/// lowering is a later stage than the checker, so whoever runs both hands the checker its evaluator
/// (`ConstantFolder`; `Compilation` passes `Lowering.constantValue(of:)`).
/// The value of an expression made of constants only, computed as the lowered program computes it; nil
/// for an expression that is not a constant.
public typealias ConstantFolder = (CheckedExpression) -> Value?

package enum Folding {
    package static func fold(_ expression: CheckedExpression, with constantValue: ConstantFolder) -> CheckedExpression {
        switch expression {
        case .constant, .boolConstant, .slot, .parameter:
            return expression
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
        default:
            break
        }
        guard operandsAreConstant(expression), let folded = constantValue(expression) else { return expression }
        switch folded {
        case .number(let value): return .constant(value)
        case .bool(let value): return .boolConstant(value)
        case .phase(let phase): return .constant(Double(phase.rawValue))
        }
    }

    /// Whether every direct operand is a constant: only then can the node fold, and checking this first
    /// keeps folding at each node of a deep expression from lowering its whole subtree again.
    private static func operandsAreConstant(_ expression: CheckedExpression) -> Bool {
        switch expression {
        case .constant, .boolConstant: return true
        case .slot, .located, .parameter, .call: return false
        case .negate(let operand), .not(let operand), .curve(_, let operand): return operand.isConstant
        case .arithmetic(_, let lhs, let rhs), .comparison(_, let lhs, let rhs), .boolEquality(_, let lhs, let rhs),
             .logical(_, let lhs, let rhs):
            return lhs.isConstant && rhs.isConstant
        case .conditional(let condition, let then, let otherwise):
            return condition.isConstant && then.isConstant && otherwise.isConstant
        case .builtin(_, let arguments): return arguments.allSatisfy(\.isConstant)
        case .keyframes(let keyframes):
            return keyframes.driver.isConstant && keyframes.stops.allSatisfy { $0.position.isConstant && $0.value.isConstant }
        }
    }
}
