import HeaderSource
import HeaderSyntax
import HeaderMath
import HeaderIR
import HeaderEval

/// The values of the range analysis. On one path through the program (one outcome for each condition met
/// on the way), a number is an affine form over the analysis's variables (the offset, the inputs with
/// a range, the states, and the results of nonlinear operations), possibly also NaN or an infinity;
/// a bool is decided. The path keeps the conditions it took as linear constraints `form ≤ 0`.

/// `constant + Σ coefficient × variable`. The terms are few (a value rarely follows more than a handful of
/// variables), so a sorted array serves: adding two forms merges them, and nothing is hashed.
///
/// A form also bounds how far floating point can stray from it. The program computes the value with a
/// rounding at each operation (and the analysis rounds its own coefficients), so the two differ by at most
/// γ(k) × M + `absoluteError` (Higham's γ(k) = k·u / (1 - k·u), u = 2⁻⁵³), where k counts the roundings and
/// M bounds every intermediate result: the sum of the magnitudes of the constants and variables the
/// computation combined, each scaled as it was. M is the form's own `|constant| + Σ |coefficient| × |x|`
/// plus what cancelled on the way (`excess`): `(offset - 1e-300pt) - offset` is the constant -1e-300 in
/// real arithmetic, but 0 in floating point at every offset past 1e-284, and its excess, 2 × |offset|,
/// is what lets the analysis see that.
package struct LinearForm: Sendable {
    package typealias Term = (id: Int, coefficient: Double)

    package var constant: Double
    /// By variable, each variable once, no zero coefficient.
    package private(set) var terms: [Term]
    /// The roundings that the computation of the form made, in the program and in the analysis; counted up to
    /// `roundingsLimit` and no further, as a value read twice by the next, and so on, doubles the count
    /// at each step (sixty steps would pass the largest Int).
    private(set) var roundings = 0
    /// Past 2⁵² roundings γ(k) is infinite: the error is unbounded whatever more are counted.
    static let roundingsLimit = 1 << 52

    private static func counted(_ roundings: Int) -> Int { Swift.min(roundings, roundingsLimit) }
    /// Magnitude that cancelled: by variable (non-negative, sorted, usually none), and of the constants.
    private(set) var excess: [Term] = []
    private(set) var excessConstant = 0.0
    /// What the computation can lose absolutely: products that fall below the smallest normal double, and a
    /// curve's kernel, which is within 2e-13 of the true curve (see `SymbolicEvaluation.curve`).
    private(set) var absoluteError = 0.0
    /// For the form of a named value or a local as it was read: which computation's number it is, so that
    /// what a comparison of that very number said (`travel > 0`) holds of it exactly, rounding aside.
    package var origin: Int?
    /// Bounds on the floating-point number itself, kept by doing each operation of the program on the ends of
    /// its operands' bounds, in floating point as the program does: rounding to nearest never turns an order
    /// round (x ≤ y gives fl(x) ≤ fl(y)), so an operation that is monotone in each operand keeps every value
    /// it can give between what it gives at the ends. Where the real bounds of the form, widened by its
    /// rounding error, are wider than these, these are the bounds: `1 - 0.45 × p` with p in 0...1 is at
    /// least fl(1 - fl(0.45 × 1)), to the bit.
    var floatLower = -Double.infinity
    var floatUpper = Double.infinity

    package init(constant: Double) {
        self.constant = constant
        self.terms = []
        (floatLower, floatUpper) = (constant, constant)
    }

    private init(constant: Double, sortedTerms: [Term]) {
        self.constant = constant
        self.terms = sortedTerms
    }

    package static func variable(_ id: Int) -> LinearForm { LinearForm(constant: 0, sortedTerms: [(id, 1)]) }

    /// A variable whose floating-point number lies within `lower...upper`, and, with `error`, strays from the
    /// variable's real value by up to that much.
    package static func variable(_ id: Int, within lower: Double, _ upper: Double, error: Double = 0) -> LinearForm {
        var form = variable(id)
        (form.floatLower, form.floatUpper) = (lower, upper)
        form.absoluteError = error
        return form
    }

    /// The form with its floating-point bounds narrowed to `lower...upper` as well.
    func narrowed(to lower: Double, _ upper: Double) -> LinearForm {
        var form = self
        form.floatLower = Swift.max(form.floatLower, lower)
        form.floatUpper = Swift.min(form.floatUpper, upper)
        return form
    }

    /// An end of a sum of floating-point bounds: ∞ - ∞ (an end of an empty side) says nothing.
    private static func end(_ value: Double, lower: Bool) -> Double {
        value.isNaN ? (lower ? -.infinity : .infinity) : value
    }

    package var isConstant: Bool { terms.isEmpty }
    var variableIDs: LazyMapSequence<[Term], Int> { terms.lazy.map { $0.id } }
    /// Whether floating point can give anything but the form's value.
    package var rounds: Bool { roundings > 0 || absoluteError > 0 }

    /// The exact constant 0: adding it rounds nothing (`0 - x` is `-x`, to the bit).
    private var isExactZero: Bool { terms.isEmpty && constant == 0 && !rounds }

    package static func + (a: LinearForm, b: LinearForm) -> LinearForm {
        if a.isExactZero || b.isExactZero {
            var sum = a.isExactZero ? b : a
            sum.origin = nil
            return sum
        }
        var sum = sumOfTerms(a, b)
        // Two exact numbers whose variables all cancel: the program's sum is the floating-point sum of the two
        // constants, which is the form's constant.
        if sum.terms.isEmpty, !a.rounds, !b.rounds { sum.roundings = 0 }
        return sum
    }

    private static func sumOfTerms(_ a: LinearForm, _ b: LinearForm) -> LinearForm {
        var sum = LinearForm(constant: a.constant + b.constant, sortedTerms: [])
        sum.roundings = counted(a.roundings + b.roundings + 2)
        sum.absoluteError = a.absoluteError + b.absoluteError
        sum.excessConstant = a.excessConstant + b.excessConstant + (abs(a.constant) + abs(b.constant) - abs(sum.constant))
        sum.excess = merged(a.excess, b.excess)
        sum.floatLower = end(a.floatLower + b.floatLower, lower: true)
        sum.floatUpper = end(a.floatUpper + b.floatUpper, lower: false)
        if b.terms.isEmpty { sum.terms = a.terms; return sum }
        if a.terms.isEmpty { sum.terms = b.terms; return sum }
        var terms: [Term] = []
        var cancelled: [Term] = []
        terms.reserveCapacity(a.terms.count + b.terms.count)
        var i = 0, j = 0
        while i < a.terms.count || j < b.terms.count {
            if j == b.terms.count || (i < a.terms.count && a.terms[i].id < b.terms[j].id) {
                terms.append(a.terms[i])
                i += 1
            } else if i == a.terms.count || b.terms[j].id < a.terms[i].id {
                terms.append(b.terms[j])
                j += 1
            } else {
                let (x, y) = (a.terms[i].coefficient, b.terms[j].coefficient)
                let coefficient = x + y
                if coefficient != 0 { terms.append((a.terms[i].id, coefficient)) }
                let lost = abs(x) + abs(y) - abs(coefficient)
                if lost > 0 { cancelled.append((a.terms[i].id, lost)) }
                i += 1
                j += 1
            }
        }
        sum.terms = terms
        if !cancelled.isEmpty { sum.excess = merged(sum.excess, cancelled) }
        return sum
    }

    /// The term-wise sum of two sorted lists of non-negative terms.
    private static func merged(_ a: [Term], _ b: [Term]) -> [Term] {
        if a.isEmpty { return b }
        if b.isEmpty { return a }
        var result: [Term] = []
        var i = 0, j = 0
        while i < a.count || j < b.count {
            if j == b.count || (i < a.count && a[i].id < b[j].id) {
                result.append(a[i])
                i += 1
            } else if i == a.count || b[j].id < a[i].id {
                result.append(b[j])
                j += 1
            } else {
                result.append((a[i].id, a[i].coefficient + b[j].coefficient))
                i += 1
                j += 1
            }
        }
        return result
    }

    /// `f - g` as a comparison sees it: comparing rounds nothing, so its error is only its operands'.
    static func comparing(_ f: LinearForm, _ g: LinearForm) -> LinearForm {
        var difference = f - g
        difference.roundings = Swift.max(f.roundings, g.roundings)
        return difference
    }

    package static prefix func - (a: LinearForm) -> LinearForm { a.scaled(by: -1) }
    package static func - (a: LinearForm, b: LinearForm) -> LinearForm { a + (-b) }

    package func scaled(by factor: Double) -> LinearForm {
        guard factor != 0 else { return LinearForm(constant: 0) }
        var result = LinearForm(constant: constant * factor, sortedTerms: terms.map { ($0.id, $0.coefficient * factor) })
        let size = abs(factor)
        // A power of two scales exactly (short of underflow); any other factor rounds, in the program and here.
        let exact = size.significandBitPattern == 0
        result.roundings = LinearForm.counted(roundings + (exact ? 0 : 2))
        result.excess = excess.map { ($0.id, $0.coefficient * size) }
        result.excessConstant = excessConstant * size
        result.setFloatBounds(floatLower * factor, floatUpper * factor)
        // Below the smallest normal double a product is off by up to half the least subnormal, absolutely: no
        // relative error bounds it. The program's product loses that only where the number's bounds do not keep
        // it above the normal range; the analysis's own constant (and what cancelled from it) where it fell there.
        let normal = 0x1p-1022
        let keptNormal = result.floatLower >= normal || result.floatUpper <= -normal
        let constantFell = (constant != 0 && abs(result.constant) < normal) || (excessConstant != 0 && result.excessConstant < normal)
        result.absoluteError = absoluteError * size + (size == 1 || keptNormal ? 0 : 0x1p-1074) + (constantFell ? 0x1p-1074 : 0)
        // A variable's coefficient (or its weight in what cancelled) that falls there is off by up to half the least
        // subnormal times |x|, which grows with x: `5e-324 × (offset + 100) / 100.5` keeps no term of the offset,
        // and is -8.4e-18 at offset -1.7e308. So each such variable weighs 2⁻¹⁰²¹ more in the magnitude that the
        // rounding factor (at least u = 2⁻⁵³ once a rounding is counted) multiplies: 2⁻¹⁰⁷⁴ × |x| at least, the
        // coefficient's rounding and the magnitude it no longer counts (below 2⁻¹⁰²² × |x|) together.
        var fell: [Term] = []
        for (before, after) in zip(terms, result.terms) where abs(after.coefficient) < normal { fell.append((before.id, 0x1p-1021)) }
        for (before, after) in zip(excess, result.excess) where before.coefficient != 0 && after.coefficient < normal {
            if !fell.contains(where: { $0.id == before.id }) { fell.append((before.id, 0x1p-1021)) }
        }
        if !fell.isEmpty {
            result.terms.removeAll { $0.coefficient == 0 }
            result.excess = LinearForm.merged(result.excess, fell.sorted { $0.id < $1.id })
            result.roundings = Swift.max(result.roundings, 1)
        }
        return result
    }

    /// Floating-point bounds from an operation's results at the ends, in either order.
    private mutating func setFloatBounds(_ a: Double, _ b: Double) {
        floatLower = LinearForm.end(Swift.min(a, b), lower: true)
        floatUpper = LinearForm.end(Swift.max(a, b), lower: false)
    }

    /// The form divided by a constant: `x / d` in the program, `x × (1 / d)` here, and `1 / d` may round.
    func divided(by divisor: Double) -> LinearForm {
        var result = scaled(by: 1 / divisor)
        if abs(1 / divisor).significandBitPattern != 0 { result.roundings = LinearForm.counted(result.roundings + 1) }
        // The program divides: its ends are the quotients, not the products by 1 / d.
        result.setFloatBounds(floatLower / divisor, floatUpper / divisor)
        return result
    }

    /// γ(k) for the form's roundings: what, times the magnitude, bounds its rounding error.
    var roundingFactor: Double {
        let k = Double(roundings) * 0x1p-53
        return k < 0.5 ? k / (1 - k) * 1.0000001 : .infinity
    }

    /// The magnitude M, term by term (non-negative coefficients, sorted), and its constant.
    package var magnitude: (terms: [Term], constant: Double) {
        (LinearForm.merged(terms.map { ($0.id, abs($0.coefficient)) }, excess), abs(constant) + excessConstant)
    }
}

/// A number on one path: the finite values of `form` (none when nil), and which of NaN, +inf and -inf
/// it may also be.
package struct AbstractNumber: Sendable {
    package var form: LinearForm?
    package var nan = false
    var positiveInfinity = false
    var negativeInfinity = false
    /// For a named value or a local that can only be NaN or an infinity (no finite form, whose own
    /// `origin` says this): which computation's number it is, so that a comparison of it that rules out
    /// some kinds (`ExactBounds.kinds`) holds of its later readers too.
    var specialOrigin: Int?

    package init(form: LinearForm?, nan: Bool = false, positiveInfinity: Bool = false, negativeInfinity: Bool = false) {
        self.form = form
        self.nan = nan
        self.positiveInfinity = positiveInfinity
        self.negativeInfinity = negativeInfinity
    }

    package init(constant value: Double) {
        if value.isNaN {
            self.init(form: nil, nan: true)
        } else if value.isInfinite {
            self.init(form: nil, positiveInfinity: value > 0, negativeInfinity: value < 0)
        } else {
            self.init(form: LinearForm(constant: value))
        }
    }

    var hasSpecials: Bool { nan || positiveInfinity || negativeInfinity }

    /// Which computation's number it is, where it is a named value's or a local's.
    var origin: Int? { form?.origin ?? specialOrigin }

    /// Each possibility on its own: the finite form, then each special value.
    var alternatives: [AbstractNumber] {
        guard hasSpecials else { return [self] }
        var list: [AbstractNumber] = []
        if let form { list.append(AbstractNumber(form: form)) }
        if nan { list.append(AbstractNumber(constant: .nan)) }
        if positiveInfinity { list.append(AbstractNumber(constant: .infinity)) }
        if negativeInfinity { list.append(AbstractNumber(constant: -.infinity)) }
        return list
    }

    /// The special value it is, when it is only that.
    package var special: Double? {
        guard form == nil else { return nil }
        switch (nan, positiveInfinity, negativeInfinity) {
        case (true, false, false): return .nan
        case (false, true, false): return .infinity
        case (false, false, true): return -.infinity
        default: return nil
        }
    }
}

package enum AbstractValue: Sendable {
    case number(AbstractNumber)
    case bool(Bool)
}

/// A variable of the analysis: the values it takes, whether it follows the offset, and for the result
/// of a division by an expression of one sign, the division itself (so that a condition on the quotient
/// is also a condition on its operands).
package struct AnalysisVariable: Sendable {
    package var lower: Double
    package var upper: Double
    var followsOffset: Bool
    package var quotient: (numerator: LinearForm, denominator: LinearForm, denominatorIsPositive: Bool)?
    /// For a product by a factor within 0...1 (a keyframe segment's change times its eased fraction): the other
    /// factor, whose number the product's lies between 0 and, at every point, in floating point too.
    var fractionOf: LinearForm?
}
