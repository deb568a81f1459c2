import HeaderSource
import HeaderSyntax
import HeaderMath
import HeaderIR
import HeaderEval



/// What the linear program's multipliers prove, checked in arithmetic that rounds outward: every sum and
/// product is widened to the doubles on either side of it unless an error-free transformation (two-sum,
/// fused multiply-add) shows it exact. So a claim made here holds of the real constraints, whatever the
/// simplex's pivots did to their last bits; a claim the arithmetic cannot bear out is not made.
///
/// The constraints are `cᵢ(x) ≤ 0` (or `< 0`), affine in variables that lie in a box. For multipliers
/// yᵢ ≥ 0, every point of the constraints has `Σ yᵢ cᵢ(x) ≤ 0` (`< 0` if a strict one has yᵢ > 0), so:
/// - where the box keeps `Σ yᵢ cᵢ` above 0 (or at or above 0, that strict way), no point exists;
/// - every point has `f(x) ≤ f(x) - Σ yᵢ cᵢ(x)`, whose largest value over the box bounds f from above.
package enum LinearCertificate {
    /// A real number known to lie within `lower...upper`.
    package struct Enclosure {
        package var lower: Double
        package var upper: Double

        package init(_ value: Double) { (lower, upper) = (value, value) }
        package init(lower: Double, upper: Double) { (self.lower, self.upper) = (lower, upper) }

        package static func + (a: Enclosure, b: Enclosure) -> Enclosure {
            Enclosure(lower: sum(a.lower, b.lower, .down), upper: sum(a.upper, b.upper, .up))
        }

        /// The enclosure times an exact factor.
        package func scaled(by factor: Double) -> Enclosure {
            let a = product(lower, factor), b = product(upper, factor)
            return factor >= 0 ? Enclosure(lower: a.lower, upper: b.upper) : Enclosure(lower: b.lower, upper: a.upper)
        }
    }

    /// `a + b` rounded the given way (`.down` or `.up`): exact when two-sum finds no error.
    package static func sum(_ a: Double, _ b: Double, _ direction: FloatingPointRoundingRule) -> Double {
        let s = a + b
        guard s.isFinite else {
            if s.isNaN { return direction == .down ? -.infinity : .infinity }
            // An overflow to an infinity is past every finite bound that way; the other way, the largest double.
            if direction == .down { return s < 0 ? s : .greatestFiniteMagnitude }
            return s > 0 ? s : -.greatestFiniteMagnitude
        }
        guard a.isFinite, b.isFinite else { return s }
        let bv = s - a
        let error = (a - (s - bv)) + (b - bv)
        if direction == .down { return error < 0 ? s.nextDown : s }
        return error > 0 ? s.nextUp : s
    }

    /// `a × b` as an enclosure: exact when the fused multiply-add shows no error and nothing is near underflow.
    package static func product(_ a: Double, _ b: Double) -> Enclosure {
        if a == 0 || b == 0 { return Enclosure(0) }
        let p = a * b
        if p.isNaN { return Enclosure(lower: -.infinity, upper: .infinity) }
        if p.isInfinite {
            return p > 0 ? Enclosure(lower: a.isFinite && b.isFinite ? .greatestFiniteMagnitude : p, upper: p)
                : Enclosure(lower: p, upper: a.isFinite && b.isFinite ? -.greatestFiniteMagnitude : p)
        }
        if abs(p) < 0x1p-960 { return Enclosure(lower: p.nextDown, upper: p.nextUp) }
        let error = (a * b).isFinite ? (-p).addingProduct(a, b) : 0
        return Enclosure(lower: error < 0 ? p.nextDown : p, upper: error > 0 ? p.nextUp : p)
    }

    /// `Σ weightᵢ × formᵢ` as enclosures: of its constant and of each variable's coefficient.
    private static func combination(_ parts: [(form: LinearForm, weight: Double)]) -> (constant: Enclosure, terms: [Int: Enclosure]) {
        var constant = Enclosure(0)
        var terms: [Int: Enclosure] = [:]
        for (form, weight) in parts where weight != 0 {
            constant = constant + product(form.constant, weight)
            for (id, coefficient) in form.terms {
                terms[id] = (terms[id] ?? Enclosure(0)) + product(coefficient, weight)
            }
        }
        return (constant, terms)
    }

    /// The smallest value over the box of an affine function with enclosed coefficients, rounded down.
    private static func minimum(_ function: (constant: Enclosure, terms: [Int: Enclosure]),
                                box: (Int) -> (lower: Double, upper: Double)) -> Double {
        var total = function.constant.lower
        for (id, coefficient) in function.terms {
            let (lower, upper) = box(id)
            var least = Double.infinity
            for h in [coefficient.lower, coefficient.upper] {
                for x in [lower, upper] {
                    // A coefficient of exactly 0 contributes 0 at any point, however far the box reaches.
                    let value = h == 0 ? 0 : product(h, x).lower
                    least = Swift.min(least, value.isNaN ? -.infinity : value)
                }
            }
            total = sum(total, least, .down)
            if total == -.infinity { return total }
        }
        return total
    }

    /// Whether the multipliers prove that no point of the box satisfies the constraints.
    static func provesInfeasible(_ constraints: [(form: LinearForm, strict: Bool)], multipliers: [Double],
                                 box: (Int) -> (lower: Double, upper: Double)) -> Bool {
        guard multipliers.count == constraints.count, multipliers.allSatisfy({ $0 >= 0 && $0.isFinite }) else { return false }
        for weights in candidates(multipliers) {
            let least = minimum(combination(zip(constraints, weights).map { ($0.form, $1) }), box: box)
            let strictWeight = zip(constraints, weights).contains { $0.strict && $1 > 0 }
            if least > 0 || (least >= 0 && strictWeight) { return true }
        }
        return false
    }

    /// An upper bound, proven, on `form` over the points of the box that satisfy the constraints (their
    /// closure); +infinity when the multipliers bound nothing.
    package static func upperBound(_ form: LinearForm, _ constraints: [LinearForm], multipliers: [Double],
                           box: (Int) -> (lower: Double, upper: Double)) -> Double {
        guard multipliers.count == constraints.count, multipliers.allSatisfy({ $0 >= 0 && $0.isFinite }) else { return .infinity }
        var best = Double.infinity
        for weights in candidates(multipliers) {
            // max f - Σ y c = -min(Σ y c - f)
            let parts = zip(constraints, weights).map { ($0, $1) } + [(form, -1.0)]
            best = Swift.min(best, -minimum(combination(parts), box: box))
        }
        return best
    }

    /// The multipliers as the simplex left them, and rounded to 30 bits of the largest: pivots leave
    /// 1 - 2⁻⁵³ where 1 cancels a variable without bounds exactly, and a cancellation that misses by a bit
    /// proves nothing about a variable that reaches infinity.
    private static func candidates(_ multipliers: [Double]) -> [[Double]] {
        let largest = multipliers.max() ?? 0
        guard largest > 0 else { return [multipliers] }
        let unit = Double(sign: .plus, exponent: largest.exponent - 30, significand: 1)
        let rounded = multipliers.map { ($0 / unit).rounded() * unit }
        return rounded == multipliers ? [multipliers] : [multipliers, rounded]
    }
}
