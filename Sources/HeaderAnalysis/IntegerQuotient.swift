import HeaderSource
import HeaderIR

/// `div(a, b)` on abstract values: the quotient `a / b` as `divide` bounds it, then truncated.
extension SymbolicEvaluation {
    /// Truncation is monotone, so the truncated ends of the rounded quotient's bounds bound trunc(a / b).
    /// div truncates the exact quotient instead, which is one closer to zero where the rounded quotient
    /// landed on a whole number from beyond it: so a positive lower end may be one lower and a negative
    /// upper end one higher. From 2⁵² on div is the rounded quotient itself, which these bounds hold.
    /// NaN and the infinities are the quotient's: div keeps them.
    mutating func integerQuotient(_ f: LinearForm, _ g: LinearForm, on path: AnalysisPath,
                                          at range: SourceRange) -> [Outcome] {
        divide(f, g, on: path, at: range).map { outcome in
            guard case .number(var number) = outcome.value, let quotient = number.form else { return outcome }
            let real = space.bounds(quotient, on: outcome.path)
            let bounds = space.floatBounds(quotient, real: real, on: outcome.path)
            guard !real.infeasible, bounds.lower <= bounds.upper else { return outcome }
            let low = bounds.lower.rounded(.towardZero), high = bounds.upper.rounded(.towardZero)
            number.form = fresh(low > 0 ? low - 1 : low, high < 0 ? high + 1 : high, quotient)
            return (outcome.path, .number(number))
        }
    }
}

extension BinaryOperation {
    /// min, max, fmin and fmax give one of their operands: where the other is NaN or an infinity, the
    /// finite side's form is the result as it stands.
    var picksAnOperand: Bool {
        switch self {
        case .min, .max, .fmin, .fmax: return true
        default: return false
        }
    }
}
