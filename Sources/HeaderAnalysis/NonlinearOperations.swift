import HeaderSource
import HeaderSyntax
import HeaderMath
import HeaderIR
import HeaderEval

/// The operations whose result is not an affine form of their operands: a product of two forms, a
/// division by a form, `pow` and curves, each a new variable bounded by what the path allows.
extension SymbolicEvaluation {
    /// f·g of two forms. For each value of f's variables, the product lies between f·low and f·high, with
    /// low...high the values g takes on the path: two linear constraints on a new variable, once f's sign is
    /// known (each sign a path). Exact when g varies independently of f, as a keyframe segment's fraction
    /// does of the values it moves between; the product of the bounds otherwise.
    package mutating func product(_ f: LinearForm, _ g: LinearForm, on path: AnalysisPath) -> [Outcome] {
        var (f, g) = (f, g)
        var a = space.bounds(f, on: path), b = space.bounds(g, on: path)
        if !(b.lower.isFinite && b.upper.isFinite), a.lower.isFinite && a.upper.isFinite {
            swap(&f, &g)
            swap(&a, &b)
        }
        // The product's own bounds from the factors' floating-point ones, multiplied as the program does.
        let x = space.floatBounds(f, real: a, on: path), y = space.floatBounds(g, real: b, on: path)
        let products = [x.lower * y.lower, x.lower * y.upper, x.upper * y.lower, x.upper * y.upper].map { $0.isNaN ? 0 : $0 }
        let z = fresh(products.min() ?? 0, products.max() ?? 0, f, g)
        if let id = z.variableIDs.first {
            if y.lower >= 0 && y.upper <= 1 {
                space.variables[id].fractionOf = f
            } else if x.lower >= 0 && x.upper <= 1 {
                space.variables[id].fractionOf = g
            }
        }
        // Factors whose product can pass the largest double overflow; an unbounded factor counts as large as
        // a double goes, so `offset * progress` with progress in 0...1 cannot, and `offset * offset` can.
        let overflows = !(largestMagnitude(a) * largestMagnitude(b) <= .greatestFiniteMagnitude)
        let result = AbstractNumber(form: z, positiveInfinity: overflows, negativeInfinity: overflows)
        // The constraints below tie z to the real f and g, but the program multiplies their floating-point
        // values, which differ by up to their rounding errors (`offset - (offset - 3pt)` is 3 in reals and 0
        // at offset 1e308): g's error widens its bounds, f's adds |its error| × |g| on each side. Where an
        // error has no finite bound, z keeps its own bounds alone.
        func errorBound(_ form: LinearForm) -> Double {
            guard form.rounds else { return 0 }
            guard let error = space.roundingError(form, on: path) else { return .infinity }
            return space.bounds(error, on: path).upper
        }
        let fError = errorBound(f), gError = errorBound(g)
        let low = b.lower - gError, high = b.upper + gError
        let slack = fError == 0 ? 0 : fError * Swift.max(Swift.abs(low), Swift.abs(high))
        guard slack.isFinite else { return [(path, .number(result))] }
        var outcomes: [Outcome] = []
        for nonNegative in [true, false] {
            if nonNegative ? a.upper < 0 : a.lower >= 0 { continue }
            var branch = path
            if nonNegative ? a.lower < 0 : a.upper > 0 { branch = space.adding(nonNegative ? -f : f, strict: false, to: branch) }
            // f ≥ 0: f·low ≤ z ≤ f·high; f ≤ 0: f·high ≤ z ≤ f·low (each less or more by the slack).
            let (below, above) = nonNegative ? (low, high) : (high, low)
            let margin = LinearForm(constant: slack)
            if below.isFinite { branch = space.adding(f.scaled(by: below) - z - margin, strict: false, to: branch) }
            if above.isFinite { branch = space.adding(z - f.scaled(by: above) - margin, strict: false, to: branch) }
            outcomes.append((branch, .number(result)))
        }
        return outcomes
    }

    /// `from + z` where z is a product by a factor within 0...1 of some `change`: floating point keeps it between
    /// `from` and `from + change` at every point, since fl(change × c) lies between 0 and change, and
    /// fl(from + y) between fl(from + 0) and fl(from + change) (rounding keeps order). The hull of those two
    /// bounds the sum, where its own floating-point bounds forget that `change` moves with `from`:
    /// `0.5k + (0 - 0.5k) × c` is at least 0, to the bit.
    func interpolation(_ from: LinearForm, _ z: LinearForm, on path: AnalysisPath) -> FormBounds? {
        guard z.constant == 0, z.terms.count == 1, let (id, coefficient) = z.terms.first, coefficient == 1, !z.rounds,
              let change = space.variables[id].fractionOf else { return nil }
        let start = floatBounds(from, on: path), end = floatBounds(from + change, on: path)
        guard !start.infeasible, !end.infeasible else { return nil }
        return FormBounds(lower: Swift.min(start.lower, end.lower), upper: Swift.max(start.upper, end.upper))
    }

    package mutating func divide(_ f: LinearForm, _ g: LinearForm, on path: AnalysisPath, at range: SourceRange) -> [Outcome] {
        let realNumerator = space.bounds(f, on: path)
        // The corners are the program's own quotients of floating-point bounds: each result lies between them.
        let numerator = space.floatBounds(f, real: realNumerator, on: path)
        // A divisor that real arithmetic keeps from 0 but floating point can round to it, as
        // `(offset - 1e-300pt) - offset`, divides by 0 all the same.
        let roundsToZero = mayRoundToZero(g, on: path)
        if g.isConstant, !g.rounds, g.constant != 0, !roundsToZero {
            return [(path, .number(overflowing(f.divided(by: g.constant), on: path)))]
        }
        let realDenominator = space.bounds(g, on: path)
        var denominator = space.floatBounds(g, real: realDenominator, on: path)
        if roundsToZero {
            // Every value within the rounding error of the divisor's, 0 included.
            let error = space.roundingError(g, on: path).map { space.bounds($0, on: path).upper } ?? .infinity
            denominator.lower = min(denominator.lower, realDenominator.lower - error, 0)
            denominator.upper = max(denominator.upper, realDenominator.upper + error, 0)
        }
        var result = AbstractNumber(form: nil)
        // A constant divisor gets here when it is 0 or carries rounding (`(travel + 24pt) - travel`, 24 give
        // or take an ulp): the latter is 0 only where it can round to 0.
        let canBeZero = roundsToZero || (g.isConstant && g.constant == 0)
            || (realDenominator.lower <= 0 && realDenominator.upper >= 0 && space.isFeasible(path, zero: g))
        // A divisor kept from 0 keeps its sign in floating point too (it would round to 0 on the way).
        if !canBeZero {
            if realDenominator.lower >= 0 { denominator.lower = max(denominator.lower, 0) }
            if realDenominator.upper <= 0 { denominator.upper = min(denominator.upper, 0) }
        }
        if canBeZero {
            record(.divisionByZero, at: range)
            noteZeroSettings(of: g)
            // 0 / 0, where floating point can round the numerator to 0 too.
            result.nan = (realNumerator.lower <= 0 && realNumerator.upper >= 0)
                || mayRoundToZero(f, on: path)
            result.positiveInfinity = numerator.lower < 0 || numerator.upper > 0
            result.negativeInfinity = result.positiveInfinity
            if g.isConstant, !g.rounds, !roundsToZero { return [(path, .number(result))] }
        }
        // The quotient over the divisor's values but 0: each side of 0 it reaches gives its corners, and a
        // side that comes near 0 an unbounded end.
        var lower = Double.infinity, upper = -Double.infinity
        for side in [(denominator.lower, min(denominator.upper, 0)), (max(denominator.lower, 0), denominator.upper)] where side.0 <= side.1 {
            let (a, b) = side
            if a == 0 && b == 0 { continue }
            for n in [numerator.lower, numerator.upper] {
                for d in [a, b] where d != 0 {
                    let q = n / d
                    lower = min(lower, q.isNaN ? 0 : q)
                    upper = max(upper, q.isNaN ? 0 : q)
                }
            }
            if a == 0 || b == 0 {
                let towardsPositive = a == 0
                if numerator.upper > 0 { if towardsPositive { upper = .infinity } else { lower = -.infinity } }
                if numerator.lower < 0 { if towardsPositive { lower = -.infinity } else { upper = .infinity } }
                if numerator.lower <= 0, numerator.upper >= 0 { lower = min(lower, 0); upper = max(upper, 0) }
            }
        }
        // The quotient overflows when the largest numerator over the smallest divisor passes the largest
        // double (an unbounded numerator counting as large as a double goes): `offset / travel` with travel
        // at least 20 cannot, `1 / x` with x coming near 0 can.
        let smallestDivisor = denominator.lower > 0 ? denominator.lower : denominator.upper < 0 ? -denominator.upper : 0
        // It overflows the way the signs of its operands point: `pull / height` with both at least 0 only to +inf.
        if !(largestMagnitude(numerator) / smallestDivisor <= .greatestFiniteMagnitude), numerator.lower < 0 || numerator.upper > 0 {
            let (positive, negative) = (numerator.upper > 0, numerator.lower < 0)
            let (above, below) = (denominator.upper > 0, denominator.lower < 0)
            if (positive && above) || (negative && below) { result.positiveInfinity = true }
            if (positive && below) || (negative && above) { result.negativeInfinity = true }
        }
        if lower <= upper {
            let variable = fresh(lower, upper, f, g)
            if !canBeZero, let id = variable.variableIDs.first {
                space.variables[id].quotient = (f, g, denominator.lower >= 0)
            }
            result.form = variable
        }
        return [(path, .number(result))]
    }

    /// C's pow over the path's bounds: a constant exponent, or a positive base, keep the result bounded;
    /// a negative base with an exponent that may be fractional is NaN.
    package mutating func power(_ f: LinearForm, _ g: LinearForm, on path: AnalysisPath, at range: SourceRange) -> [Outcome] {
        let realBase = space.bounds(f, on: path)
        let base = space.floatBounds(f, real: realBase, on: path)
        let exponent = space.floatBounds(g, real: space.bounds(g, on: path), on: path)
        var result = AbstractNumber(form: nil)
        let integral = exponent.lower == exponent.upper && exponent.lower.rounded() == exponent.lower
        if realBase.lower < 0 || mayRoundBelowZero(f, on: path), !integral {
            record(.powerOfNegative, at: range)
            result.nan = true
        }
        var bases = [base.lower, base.upper]
        for probe in [0.0, 1, -1] where probe > base.lower && probe < base.upper { bases.append(probe) }
        if !integral { bases = bases.map { max($0, 0) } }
        var exponents = [exponent.lower, exponent.upper]
        for probe in [0.0, 1, -1] where probe > exponent.lower && probe < exponent.upper { exponents.append(probe) }
        if !integral, exponent.lower < exponent.upper {
            // Between integers the sign and size of a power do not turn over, but an unbounded side does.
            exponents += [exponent.lower.rounded(.up), exponent.upper.rounded(.down)].filter { $0 >= exponent.lower && $0 <= exponent.upper }
        }
        // pow is within an ulp but not correctly rounded, so not surely monotone: each corner is widened by
        // an ulp, but where C defines it exactly (a base of 0 or 1, an exponent of 0 or 1).
        var values: [Double] = []
        for b in bases {
            for e in exponents {
                let value = OwnedMath.pow(b, e)
                let exact = b == 0 || b == 1 || e == 0 || e == 1 || !value.isFinite
                values += exact ? [value] : [value.nextDown, value.nextUp]
            }
        }
        if base.lower <= 0, base.upper >= 0, exponent.lower < 0 { result.positiveInfinity = true; result.negativeInfinity = true }
        let finiteValues = values.filter(\.isFinite)
        let unboundedBelow = values.contains(-.infinity) || base.lower == -.infinity || exponent.upper == .infinity
        let unboundedAbove = values.contains(.infinity) || base.upper == .infinity || exponent.upper == .infinity
            || exponent.lower == -.infinity
        // A negative exponent on a base that comes to 0 goes to an infinity from either side of it.
        let nearPole = base.lower <= 0 && base.upper >= 0 && exponent.lower < 0
        let monotone = (exponent.lower == exponent.upper || base.lower >= 0) && !nearPole
        if monotone, let low = finiteValues.min(), let high = finiteValues.max() {
            result.form = fresh(unboundedBelow ? -.infinity : low, unboundedAbove ? .infinity : high, f, g)
        } else {
            result.form = fresh(-.infinity, .infinity, f, g)
        }
        if values.contains(where: \.isNaN) { result.nan = true }
        // A power reaches an infinity at a finite exponent long before the exponent's own end.
        if values.contains(.infinity) { result.positiveInfinity = true }
        if values.contains(-.infinity) { result.negativeInfinity = true }
        return [(path, .number(result))]
    }

    package mutating func curve(_ curve: Curve, _ progress: AbstractNumber, on path: AnalysisPath) -> AbstractNumber {
        var result = AbstractNumber(form: nil, nan: progress.nan)
        for special in [Double.infinity, -.infinity] where special > 0 ? progress.positiveInfinity : progress.negativeInfinity {
            let value = curve.value(at: special)
            result = union(result, AbstractNumber(constant: value))
        }
        guard let form = progress.form else { return result }
        let bounds = floatBounds(form, on: path)
        guard !bounds.infeasible else { return result }
        // An unbounded progress along a sloped end leaves that side unbounded too.
        let range = CurveRange.range(of: curve, over: bounds.lower, bounds.upper)
        // The kernels that solve and sum in floating point are within 1e-13 of the true curve (CurvePrecisionTests
        // holds them to it), and so within twice that of one another: a value near an end can pass the kernel's
        // own value there (`ease` gives 1.0000000000000002 just below 1). That is the variable's rounding error:
        // its real bounds stay the curve's, so what they decide stays decided. Steps and the identity are exact.
        var error = 0.0
        switch curve {
        case .linear, .steps, .composeCubicBezier: break
        case .cubicBezier, .piecewiseLinear, .spring:
            let scale = Swift.max(1, abs(range.lower), abs(range.upper))
            error = scale.isFinite ? 2e-13 * scale : 0
        }
        var lower = range.lower - error, upper = range.upper + error
        if case .cubicBezier(let bezier) = curve {
            // A Bézier's kernel goes on along a line outside 0...1, in roundings that keep order, so its values at
            // the ends bound it there; within, it keeps its sum within the hull of the control points' y. So
            // `ease` gives 0...1 to the bit wherever its progress lies.
            var ends: [Double] = []
            if bounds.lower < 0 { ends += [curve.value(at: bounds.lower), 0] }
            if bounds.upper > 1 { ends += [curve.value(at: bounds.upper), 1] }
            let inner = (lower: Swift.max(bounds.lower, 0), upper: Swift.min(bounds.upper, 1))
            if inner.lower <= inner.upper {
                let within = CurveRange.range(of: curve, over: inner.lower, inner.upper)
                ends += [Swift.max(within.lower - error, bezier.yLow), Swift.min(within.upper + error, bezier.yHigh)]
            }
            if let low = ends.min(), let high = ends.max() { (lower, upper) = (Swift.max(lower, low), Swift.min(upper, high)) }
        }
        if case .spring(let spring) = curve {
            // A spring's kernel never gives below 0, nor above 1 where it does not overshoot, as the true spring.
            lower = Swift.max(lower, 0)
            if case .underdamped = spring.motion {} else { upper = Swift.min(upper, 1) }
        }
        let id = space.add(AnalysisVariable(lower: range.lower, upper: range.upper, followsOffset: space.followsOffset(form)))
        result.form = .variable(id, within: lower, upper, error: error)
        // A curve unbounded on a side goes there along a line, which floating point takes to an infinity at a
        // progress that is still finite (5e307 along a slope of 4).
        if range.lower == -.infinity { result.negativeInfinity = true }
        if range.upper == .infinity { result.positiveInfinity = true }
        return result
    }
}
