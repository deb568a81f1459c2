/// Rounding with halves toward +infinity, integer division and IEEE 754's minimumNumber and maximumNumber
/// (see `OwnedMath`): operations no runtime spells alike, built from IEEE `+ - /`, comparisons, `%` (exact, C's
/// fmod) and rounding to whole numbers (exact), so that each back end performs the same operations in the same
/// order. As `OwnedMathKernels.swift`, the library's code and the text generated Swift carries.
extension OwnedMath {
    /// x rounds down only when it lies more than a half below ceil(x). x - (ceil(x) - 1) is exact wherever
    /// the comparison can go either way (Sterbenz), where x + 0.5 is not (0.49999999999999994 + 0.5 is 1);
    /// `+ 0` makes a zero +0 (ceil keeps x's sign) and changes nothing else. NaN and the infinities compare
    /// false and stay.
    static func mathRoundHalfUp(_ x: Swift.Double) -> Swift.Double {
        let up = x.rounded(.up)
        let down = up - 1
        return (x - down < 0.5 ? down : up) + 0
    }

    /// trunc(a / b) is the truncated exact quotient except where the rounded quotient landed on a whole
    /// number m from below (1 / 0.1 is 10, its exact quotient 9.99...): then the exact remainder (fmod)
    /// is within a quarter of b of b itself, where from above it is within a quarter of b of 0 (below
    /// 2^52 half an ulp of m is at most 1/4), and the quotient is one closer to zero. A zero quotient is
    /// +0, as the Int it stands for.
    static func mathDiv(_ a: Swift.Double, _ b: Swift.Double) -> Swift.Double {
        let quotient = a / b
        guard quotient.magnitude < 0x1p52 else { return quotient }
        let whole = quotient.rounded(.towardZero)
        guard whole == quotient, whole != 0 else { return whole + 0 }
        let remainder = a.truncatingRemainder(dividingBy: b)
        guard remainder.magnitude + remainder.magnitude > b.magnitude else { return whole }
        return whole > 0 ? whole - 1 : -(-whole - 1) + 0
    }

    /// Two equal operands are one number or two zeros; -(-a - b) of zeros is -0 unless both are +0.
    static func mathFmin(_ a: Swift.Double, _ b: Swift.Double) -> Swift.Double {
        if a < b || b.isNaN { return a }
        if b < a || a.isNaN { return b }
        return a == 0 ? -(-a - b) : a
    }

    /// Two equal operands are one number or two zeros; a + b of zeros is +0 unless both are -0.
    static func mathFmax(_ a: Swift.Double, _ b: Swift.Double) -> Swift.Double {
        if a > b || b.isNaN { return a }
        if b > a || a.isNaN { return b }
        return a == 0 ? a + b : a
    }
}
