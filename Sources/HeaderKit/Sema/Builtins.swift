import Foundation

/// The built-in functions. `apply` is their one definition: the interpreter and constant folding call it,
/// and the Swift emitter spells the same operations in the same order.
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

    public func apply(_ a: Double, _ b: Double = 0, _ c: Double = 0) -> Double {
        function(a, b, c)
    }

    /// The function itself, taking unused arguments as 0, so that a caller can pick it once.
    public var function: @Sendable (Double, Double, Double) -> Double {
        switch self {
        case .min: return { a, b, _ in Swift.min(a, b) }
        case .max: return { a, b, _ in Swift.max(a, b) }
        case .clamp: return { a, b, c in Swift.min(Swift.max(a, b), c) }
        case .abs: return { a, _, _ in a.magnitude }
        case .mix: return { a, b, c in a + (b - a) * c }
        case .progress: return { a, b, c in Swift.min(Swift.max((a - b) / (c - b), 0), 1) }
        case .pow: return { a, b, _ in Foundation.pow(a, b) }
        case .sqrt: return { a, _, _ in a.squareRoot() }
        case .floor: return { a, _, _ in a.rounded(.down) }
        case .ceil: return { a, _, _ in a.rounded(.up) }
        case .round: return { a, _, _ in a.rounded() }
        }
    }
}
