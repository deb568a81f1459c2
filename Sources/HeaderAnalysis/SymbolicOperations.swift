import HeaderSource
import HeaderSyntax
import HeaderMath
import HeaderSema
import HeaderIR
import HeaderEval
import Foundation

/// The operations of the program on abstract values, one path at a time.
extension SymbolicEvaluation {
    package mutating func unary(_ operation: UnaryOperation, _ value: AbstractValue, on path: AnalysisPath,
                        at range: SourceRange) -> [Outcome] {
        guard case .number(let number) = value else {
            if case .bool(let bool) = value { return [(path, .bool(operation == .not ? !bool : bool))] }
            return []
        }
        var outcomes: [Outcome] = []
        for alternative in number.alternatives {
            guard let form = alternative.form.map({ known($0, on: path) }) else {
                let special = alternative.special ?? .nan
                if operation == .sqrt, special < 0 { record(.squareRootOfNegative, at: range) }
                outcomes.append((path, .number(AbstractNumber(constant: Semantics.unary(operation, special)))))
                continue
            }
            switch operation {
            case .not:
                outcomes.append((path, .bool(false)))
            case .negate:
                outcomes.append((path, .number(AbstractNumber(form: -form))))
            case .abs:
                let bounds = space.bounds(form, on: path)
                // Whichever sign rounding gives the number, its magnitude is at least 0 and at most the larger end's.
                let largest = Swift.max(-form.floatLower, form.floatUpper)
                let positive = form.narrowed(to: 0, largest), negative = (-form).narrowed(to: 0, largest)
                if bounds.lower >= 0 {
                    outcomes.append((path, .number(AbstractNumber(form: positive))))
                } else if bounds.upper <= 0 {
                    outcomes.append((path, .number(AbstractNumber(form: negative))))
                } else {
                    outcomes.append((space.adding(-form, strict: false, to: path), .number(AbstractNumber(form: positive))))
                    outcomes.append((space.adding(form, strict: false, to: path), .number(AbstractNumber(form: negative))))
                }
            case .sqrt, .floor, .ceil, .round:
                let real = space.bounds(form, on: path)
                var result = AbstractNumber(form: nil)
                if operation == .sqrt,
                   real.lower < 0 || mayRoundBelowZero(form, on: path) {
                    record(.squareRootOfNegative, at: range)
                    result.nan = true
                }
                // Each is monotone, and sqrt is correctly rounded: the results at the ends of the operand's
                // floating-point bounds bound every result.
                let bounds = space.floatBounds(form, real: real, on: path)
                let lower = operation == .sqrt ? Swift.max(bounds.lower, 0) : bounds.lower
                if !real.infeasible, lower <= bounds.upper {
                    result.form = fresh(Semantics.unary(operation, lower), Semantics.unary(operation, bounds.upper), form)
                }
                outcomes.append((path, .number(result)))
            }
        }
        return outcomes
    }

    package mutating func binary(_ operation: BinaryOperation, _ left: AbstractValue, _ right: AbstractValue, on path: AnalysisPath,
                         at range: SourceRange) -> [Outcome] {
        switch (left, right) {
        case (.bool(let a), .bool(let b)):
            return [(path, .bool(Semantics.binary(operation, a ? 1 : 0, b ? 1 : 0) != 0))]
        case (.number(let a), .number(let b)):
            var outcomes: [Outcome] = []
            // What NaN and the infinities give adds no condition: it is gathered into one number (and at most
            // one outcome of each bool) on the unchanged path, so that they do not multiply the paths. A
            // comparison of a named value, a local or a variable that can be special says, on each outcome,
            // which kinds of number gave it (`ExactBounds.kinds`), so that its readers below see no others.
            let marks = operation.yieldsBool && (a.hasSpecials || b.hasSpecials)
            var specialBools: [Bool: (UInt8, UInt8)] = [:]
            var specialNumbers: [AbstractNumber] = []
            for x in a.alternatives {
                for y in b.alternatives {
                    if let f = x.form, let g = y.form {
                        let found = finite(operation, f, g, on: path, at: range)
                        outcomes += marks ? found.map { (marked($0.path, a, ExactBounds.Kind.finite, b, ExactBounds.Kind.finite), $0.value) } : found
                        continue
                    }
                    for (_, value) in special(operation, x, y, on: path, at: range) {
                        switch value {
                        case .bool(let bool):
                            let seen = specialBools[bool] ?? (0, 0)
                            specialBools[bool] = (seen.0 | ExactBounds.Kind.of(x), seen.1 | ExactBounds.Kind.of(y))
                        case .number(let number): specialNumbers.append(number)
                        }
                    }
                }
            }
            for bool in specialBools.keys.sorted(by: { !$0 && $1 }) {
                let (left, right) = specialBools[bool] ?? (ExactBounds.Kind.all, ExactBounds.Kind.all)
                outcomes.append((marks ? marked(path, a, left, b, right) : path, .bool(bool)))
            }
            if var merged = specialNumbers.first {
                for number in specialNumbers.dropFirst() { merged = union(merged, number) }
                outcomes.append((path, .number(merged)))
            }
            return outcomes
        default:
            return []
        }
    }

    /// The path where the numbers compared, each by its form's origin, are only of the kinds given.
    private func marked(_ path: AnalysisPath, _ a: AbstractNumber, _ left: UInt8, _ b: AbstractNumber, _ right: UInt8) -> AnalysisPath {
        var path = path
        for (number, kinds) in [(a, left), (b, right)] where number.hasSpecials {
            guard let origin = number.form?.origin else { continue }
            var bounds = path.exactBounds[origin] ?? ExactBounds()
            bounds.kinds &= kinds
            path.exactBounds[origin] = bounds
        }
        return path
    }

    /// An operation where one side (at least) is NaN or an infinity: its result does not depend on where
    /// the finite side lies within its sign (or, for min and max, is the finite side itself).
    private mutating func special(_ operation: BinaryOperation, _ x: AbstractNumber, _ y: AbstractNumber, on path: AnalysisPath,
                                  at range: SourceRange) -> [Outcome] {
        func representatives(_ number: AbstractNumber) -> [Double] {
            if let value = number.special { return [value] }
            guard let form = number.form else { return [.nan] }
            let bounds = space.bounds(form, on: path)
            var values = [bounds.lower, bounds.upper].filter(\.isFinite)
            for probe in [-2, -1, -0.5, 0, 0.5, 1, 2] where probe >= bounds.lower && probe <= bounds.upper { values.append(probe) }
            if values.isEmpty { values = [0] }
            return values
        }
        if (operation == .divide || operation == .pow), y.form == nil, y.special == 0 { record(.divisionByZero, at: range) }
        var outcomes: [Outcome] = []
        var seenBools: Set<Bool> = []
        var result = AbstractNumber(form: nil)
        var constants: [Double] = []
        for a in representatives(x) {
            for b in representatives(y) {
                let value = Semantics.binary(operation, a, b)
                if operation.yieldsBool {
                    seenBools.insert(value != 0)
                } else if (operation == .min || operation == .max), x.form != nil, value == a, !a.isNaN {
                    result = AbstractNumber(form: x.form)
                } else if (operation == .min || operation == .max), y.form != nil, value == b, !b.isNaN {
                    result = AbstractNumber(form: y.form)
                } else if value.isFinite {
                    constants.append(value)
                } else {
                    result.nan = result.nan || value.isNaN
                    result.positiveInfinity = result.positiveInfinity || value == .infinity
                    result.negativeInfinity = result.negativeInfinity || value == -.infinity
                }
            }
        }
        if operation == .pow, x.form != nil || y.form != nil { result.nan = true }
        if operation.yieldsBool {
            for bool in seenBools.sorted(by: { !$0 && $1 }) {
                noteCondition(range, bool)
                outcomes.append((path, .bool(bool)))
            }
            return outcomes
        }
        if let low = constants.min(), let high = constants.max() {
            let constant = AbstractNumber(form: low == high ? LinearForm(constant: low) : .variable(space.add(
                AnalysisVariable(lower: low, upper: high, followsOffset: false)), within: low, high))
            outcomes.append((path, .number(constant)))
        }
        if result.form != nil || result.hasSpecials { outcomes.append((path, .number(result))) }
        return outcomes
    }

    /// The result of an affine operation, which floating point takes to an infinity when it can pass the
    /// largest double: an unbounded variable counts as large as a double goes, so `offset + offset` and
    /// `2 * offset` can overflow (at offsets near 1e308) and `offset + 300` cannot.
    package mutating func overflowing(_ form: LinearForm, on path: AnalysisPath) -> AbstractNumber {
        // The box first; only when it allows an overflow, each variable's bounds on the path (a quotient
        // kept within 0...1 by a clamp is unbounded in its box).
        func magnitude(_ bound: (Int) -> (lower: Double, upper: Double)) -> Double {
            var total = abs(form.constant)
            for (id, coefficient) in form.terms {
                let (lower, upper) = bound(id)
                let largest = max(abs(lower), abs(upper))
                total += abs(coefficient) * (largest.isFinite ? largest : .greatestFiniteMagnitude)
            }
            return total
        }
        let finite = form.constant.isFinite && form.terms.allSatisfy { $0.coefficient.isFinite }
        var overflows = !finite || !(magnitude { (space.variables[$0].lower, space.variables[$0].upper) } <= .greatestFiniteMagnitude)
        if finite, overflows, !path.constraints.isEmpty {
            overflows = !(magnitude { id in
                let bounds = space.bounds(.variable(id), on: path)
                return bounds.infeasible ? (0, 0) : (bounds.lower, bounds.upper)
            } <= .greatestFiniteMagnitude)
        }
        guard overflows else { return AbstractNumber(form: form) }
        let result = finite ? form : fresh(-.infinity, .infinity, form)
        return AbstractNumber(form: result, positiveInfinity: true, negativeInfinity: true)
    }

    /// The largest magnitude within the bounds, an unbounded side counting as the largest double.
    package func largestMagnitude(_ bounds: FormBounds) -> Double {
        min(max(abs(bounds.lower), abs(bounds.upper)), .greatestFiniteMagnitude)
    }

    /// A new variable over `lower...upper` for the result of an operation on `source`, bounds that must hold of
    /// its floating-point number.
    package mutating func fresh(_ lower: Double, _ upper: Double, _ sources: LinearForm...) -> LinearForm {
        let low = lower.isNaN ? -.infinity : min(lower, upper.isNaN ? lower : upper)
        let high = upper.isNaN ? .infinity : max(upper, lower.isNaN ? upper : lower)
        return .variable(space.add(AnalysisVariable(lower: low, upper: high,
                                                    followsOffset: sources.contains { space.followsOffset($0) })), within: low, high)
    }

    private mutating func finite(_ operation: BinaryOperation, _ f: LinearForm, _ g: LinearForm, on path: AnalysisPath,
                                 at range: SourceRange) -> [Outcome] {
        let f = known(f, on: path), g = known(g, on: path)
        func number(_ form: LinearForm?, nan: Bool = false, positive: Bool = false, negative: Bool = false) -> [Outcome] {
            [(path, .number(AbstractNumber(form: form, nan: nan, positiveInfinity: positive, negativeInfinity: negative)))]
        }
        switch operation {
        case .add:
            var sum = overflowing(f + g, on: path)
            if let between = interpolation(f, g, on: path) ?? interpolation(g, f, on: path) {
                sum.form = sum.form?.narrowed(to: between.lower, between.upper)
            }
            return [(path, .number(sum))]
        case .subtract: return [(path, .number(overflowing(f - g, on: path)))]
        case .multiply:
            if g.isConstant { return [(path, .number(overflowing(f.scaled(by: g.constant), on: path)))] }
            if f.isConstant { return [(path, .number(overflowing(g.scaled(by: f.constant), on: path)))] }
            return product(f, g, on: path)
        case .divide:
            return divide(f, g, on: path, at: range)
        case .min, .max:
            let difference = f - g
            let bounds = space.bounds(difference, on: path)
            let firstIsLess = operation == .min
            // Whichever side the program takes, min(f, g) lies within the smaller of the lower ends and the
            // smaller of the upper ones (max within the larger ones): the side taken, within these.
            let pick: (Double, Double) -> Double = firstIsLess ? { Swift.min($0, $1) } : { Swift.max($0, $1) }
            let lower = pick(f.floatLower, g.floatLower), upper = pick(f.floatUpper, g.floatUpper)
            func taken(_ form: LinearForm) -> AbstractValue { .number(AbstractNumber(form: form.narrowed(to: lower, upper))) }
            // A side that real arithmetic always takes, floating point may not, by a rounding: then the result
            // is the other side, as far as the floating-point bounds know.
            func decided(_ form: LinearForm) -> [Outcome] {
                guard difference.rounds else { return [(path, taken(form))] }
                var either = form
                (either.floatLower, either.floatUpper) = (lower, upper)
                return number(either)
            }
            if bounds.upper <= 0 { return decided(firstIsLess ? f : g) }
            if bounds.lower >= 0 { return decided(firstIsLess ? g : f) }
            return [(space.adding(difference, strict: false, to: path), taken(firstIsLess ? f : g)),
                    (space.adding(-difference, strict: false, to: path), taken(firstIsLess ? g : f))]
        case .pow:
            return power(f, g, on: path, at: range)
        case .less, .lessEqual, .greater, .greaterEqual, .equal, .notEqual:
            return compare(operation, f, g, on: path, at: range)
        case .and, .or, .boolEqual, .boolNotEqual:
            return []
        }
    }

    /// f·g of two forms. For each value of f's variables, the product lies between f·low and f·high, with
    /// low...high the values g takes on the path: two linear constraints on a new variable, once f's sign is
    /// known (each sign a path). Exact when g varies independently of f, as a keyframe segment's fraction
    /// does of the values it moves between; the product of the bounds otherwise.
    private mutating func product(_ f: LinearForm, _ g: LinearForm, on path: AnalysisPath) -> [Outcome] {
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
        var outcomes: [Outcome] = []
        for nonNegative in [true, false] {
            if nonNegative ? a.upper < 0 : a.lower >= 0 { continue }
            var branch = path
            if nonNegative ? a.lower < 0 : a.upper > 0 { branch = space.adding(nonNegative ? -f : f, strict: false, to: branch) }
            // f ≥ 0: f·low ≤ z ≤ f·high; f ≤ 0: f·high ≤ z ≤ f·low.
            let (below, above) = nonNegative ? (b.lower, b.upper) : (b.upper, b.lower)
            if below.isFinite { branch = space.adding(f.scaled(by: below) - z, strict: false, to: branch) }
            if above.isFinite { branch = space.adding(z - f.scaled(by: above), strict: false, to: branch) }
            outcomes.append((branch, .number(AbstractNumber(form: z, positiveInfinity: overflows, negativeInfinity: overflows))))
        }
        return outcomes
    }

    /// `from + z` where z is a product by a factor within 0...1 of some `change`: floating point keeps it between
    /// `from` and `from + change` at every point, since fl(change × c) lies between 0 and change, and
    /// fl(from + y) between fl(from + 0) and fl(from + change) (rounding keeps order). The hull of those two
    /// bounds the sum, where its own floating-point bounds forget that `change` moves with `from`:
    /// `0.5k + (0 - 0.5k) × c` is at least 0, to the bit.
    private func interpolation(_ from: LinearForm, _ z: LinearForm, on path: AnalysisPath) -> FormBounds? {
        guard z.constant == 0, z.terms.count == 1, let (id, coefficient) = z.terms.first, coefficient == 1, !z.rounds,
              let change = space.variables[id].fractionOf else { return nil }
        let start = floatBounds(from, on: path), end = floatBounds(from + change, on: path)
        guard !start.infeasible, !end.infeasible else { return nil }
        return FormBounds(lower: Swift.min(start.lower, end.lower), upper: Swift.max(start.upper, end.upper))
    }

    private mutating func divide(_ f: LinearForm, _ g: LinearForm, on path: AnalysisPath, at range: SourceRange) -> [Outcome] {
        let realNumerator = space.bounds(f, on: path)
        // The corners are the program's own quotients of floating-point bounds: each result lies between them.
        let numerator = space.floatBounds(f, real: realNumerator, on: path)
        // A divisor that real arithmetic keeps from 0 but floating point can round to it, as
        // `(offset - 1e-300pt) - offset`, divides by 0 all the same.
        let roundsToZero = mayRoundToZero(g, on: path)
        if g.isConstant, g.constant != 0, !roundsToZero {
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
        let canBeZero = roundsToZero || g.isConstant
            || (realDenominator.lower <= 0 && realDenominator.upper >= 0 && space.isFeasible(path, zero: g))
        // A divisor kept from 0 keeps its sign in floating point too (it would round to 0 on the way).
        if !canBeZero {
            if realDenominator.lower >= 0 { denominator.lower = max(denominator.lower, 0) }
            if realDenominator.upper <= 0 { denominator.upper = min(denominator.upper, 0) }
        }
        if canBeZero {
            record(.divisionByZero, at: range)
            // 0 / 0, where floating point can round the numerator to 0 too.
            result.nan = (realNumerator.lower <= 0 && realNumerator.upper >= 0)
                || mayRoundToZero(f, on: path)
            result.positiveInfinity = numerator.lower < 0 || numerator.upper > 0
            result.negativeInfinity = result.positiveInfinity
            if g.isConstant, !roundsToZero { return [(path, .number(result))] }
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
    private mutating func power(_ f: LinearForm, _ g: LinearForm, on path: AnalysisPath, at range: SourceRange) -> [Outcome] {
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
}
