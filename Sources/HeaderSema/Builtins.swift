import HeaderSource
import HeaderSyntax
import HeaderMath

/// The built-in functions. What each computes is written once, in `ExpressionLowering.builtin`.
public enum Builtin: String, Sendable, CaseIterable {
    case min, max, clamp, abs, mix, progress, pow, sqrt, floor, ceil, round

    /// How many arguments a call takes; `min` and `max` take two or more and are lowered to pairs.
    public var arity: ClosedRange<Int> {
        switch self {
        case .min, .max: return 2...Int.max
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
        }
    }
}
