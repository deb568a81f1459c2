import HeaderSource
import HeaderSyntax
import HeaderMath

/// The built-in functions. What each computes is written once, in `ExpressionLowering.builtin`.
public enum Builtin: String, Sendable, CaseIterable {
    case min, max, clamp, abs, mix, progress, pow, sqrt, floor, ceil, round
    /// Rounding as other languages round, integer division, and C's NaN-ignoring fmin and fmax.
    case trunc, roundHalfUp, roundHalfEven, div, fmin, fmax

    /// How many arguments a call takes; `min` and `max` take two or more and are lowered to pairs.
    public var arity: ClosedRange<Int> {
        switch self {
        case .min, .max: return 2...Int.max
        case .fmin, .fmax: return 2...Int.max
        case .div: return 2...2
        case .trunc, .roundHalfUp, .roundHalfEven: return 1...1
        case .clamp, .mix, .progress: return 3...3
        case .pow: return 2...2
        case .abs, .sqrt, .floor, .ceil, .round: return 1...1
        }
    }

    public var signature: String {
        switch self {
        case .min: return "min(a, b, ...)"
        case .max: return "max(a, b, ...)"
        case .clamp: return "clamp(x, low, high)"
        case .abs: return "abs(x)"
        case .mix: return "mix(a, b, t)"
        case .progress: return "progress(x, from, to)"
        case .pow: return "pow(base, exponent)"
        case .sqrt: return "sqrt(x)"
        case .floor: return "floor(x)"
        case .ceil: return "ceil(x)"
        case .round: return "round(x)"
        case .trunc: return "trunc(x)"
        case .roundHalfUp: return "roundHalfUp(x)"
        case .roundHalfEven: return "roundHalfEven(x)"
        case .div: return "div(a, b)"
        case .fmin: return "fmin(a, b, ...)"
        case .fmax: return "fmax(a, b, ...)"
        }
    }
}
