import HeaderSource
import HeaderSyntax
import HeaderMath
import HeaderSema
import Foundation

/// The value of each operation of the lowered program, the one definition that constant folding uses
/// and that every back end translates operation for operation. Bools are 1 and 0 where a Double
/// stands for them.
public enum Semantics {
    @inlinable public static func unary(_ operation: UnaryOperation, _ x: Double) -> Double {
        switch operation {
        case .negate: return -x
        case .not: return x != 0 ? 0 : 1
        case .abs: return x.magnitude
        case .sqrt: return x.squareRoot()
        case .floor: return x.rounded(.down)
        case .ceil: return x.rounded(.up)
        case .round: return x.rounded()
        // A whole number as the Int it stands for: a zero is +0 (`+ 0` turns -0 into +0, and nothing else).
        case .trunc: return x.rounded(.towardZero) + 0
        case .roundHalfUp: return OwnedMath.roundHalfUp(x)
        case .roundHalfEven: return x.rounded(.toNearestOrEven)
        // IEEE 754's conversion, to nearest with ties to even; a NaN stays a NaN, an infinity the infinity.
        case .fround: return Double(Float(x))
        case .exp: return OwnedMath.exp(x)
        case .expm1: return OwnedMath.expm1(x)
        case .sin: return OwnedMath.sin(x)
        case .cos: return OwnedMath.cos(x)
        }
    }

    @inlinable public static func binary(_ operation: BinaryOperation, _ a: Double, _ b: Double) -> Double {
        switch operation {
        case .add: return a + b
        case .subtract: return a - b
        case .multiply: return a * b
        case .divide: return a / b
        case .min: return Swift.min(a, b)
        case .max: return Swift.max(a, b)
        // headerc's own pow (fdlibm 5.3's, with C's special cases), the same on every platform.
        case .pow: return OwnedMath.pow(a, b)
        // Each written once in OwnedMath, in IEEE operations that every back end spells alike.
        case .div: return OwnedMath.div(a, b)
        case .fmin: return OwnedMath.fmin(a, b)
        case .fmax: return OwnedMath.fmax(a, b)
        case .less: return a < b ? 1 : 0
        case .lessEqual: return a <= b ? 1 : 0
        case .greater: return a > b ? 1 : 0
        case .greaterEqual: return a >= b ? 1 : 0
        case .equal, .boolEqual: return a == b ? 1 : 0
        case .notEqual, .boolNotEqual: return a != b ? 1 : 0
        case .and: return a != 0 && b != 0 ? 1 : 0
        case .or: return a != 0 || b != 0 ? 1 : 0
        }
    }
}
