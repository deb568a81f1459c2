import HeaderSource
import HeaderSyntax
import HeaderMath

/// The built-in functions. What each computes is written once, in `ExpressionLowering.builtin`.
public enum Builtin: String, Sendable, CaseIterable {
    case min, max, clamp, abs, mix, progress, pow, sqrt, floor, ceil, round
    /// Rounding as other languages round, integer division, and C's NaN-ignoring fmin and fmax.
    case trunc, roundHalfUp, roundHalfEven, div, fmin, fmax
    /// x rounded to binary32, as Kotlin's and Swift's Float hold it (JavaScript's Math.fround).
    case fround
    /// The conversions between a Double and a Float (Grammar.md, "Float"): Kotlin's toFloat() and toDouble().
    case toFloat, toDouble

    /// How many arguments a call takes; `min` and `max` take two or more and are lowered to pairs.
    public var arity: ClosedRange<Int> {
        switch self {
        case .min, .max: return 2...Int.max
        case .fmin, .fmax: return 2...Int.max
        case .div: return 2...2
        case .trunc, .roundHalfUp, .roundHalfEven, .fround, .toFloat, .toDouble: return 1...1
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
        case .fround: return "fround(x)"
        case .toFloat: return "toFloat(x)"
        case .toDouble: return "toDouble(x)"
        }
    }

    /// What a call computes, in a line: the language server's hover shows it under the signature.
    public var summary: String {
        switch self {
        case .min: return "the smallest argument, as Swift's min: pairwise `b < a ? b : a`"
        case .max: return "the largest argument, as Swift's max: pairwise `b >= a ? b : a`"
        case .clamp: return "`min(max(x, low), high)`"
        case .abs: return "the magnitude of x"
        case .mix: return "`a + (b - a) * t`"
        case .progress: return "`clamp((x - from) / (to - from), 0, 1)`"
        case .pow: return "base to the power exponent (fdlibm's pow, with C's special cases)"
        case .sqrt: return "the square root of x"
        case .floor: return "x rounded down"
        case .ceil: return "x rounded up"
        case .round: return "x rounded to nearest, halves away from zero (Swift's rounded(), C's round)"
        case .trunc: return "x rounded toward zero (Kotlin's toInt(), Swift's Int(x), C's trunc)"
        case .roundHalfUp: return "x rounded to nearest, halves toward +infinity (Kotlin's roundToInt(), Java's Math.round)"
        case .roundHalfEven: return "x rounded to nearest, halves to even (Kotlin's round, Java's Math.rint, Swift's .toNearestOrEven)"
        case .div: return "the exact quotient a / b truncated toward zero (Kotlin's and Swift's Int /)"
        case .fmin: return "the smallest argument, a NaN ignored, -0 below +0 (C's fmin)"
        case .fmax: return "the largest argument, a NaN ignored, +0 above -0 (C's fmax)"
        case .fround: return "x rounded to the nearest binary32, ties to even, as a Float holds it (Kotlin's toFloat(), JavaScript's Math.fround)"
        case .toFloat: return "x as a Float: rounded to the nearest binary32, ties to even (Kotlin's toFloat(), Swift's Float(x))"
        case .toDouble: return "a Float as a Double: the same value (Kotlin's toDouble(), Swift's Double(x))"
        }
    }
}
