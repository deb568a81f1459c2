import HeaderSource
import HeaderSyntax
import HeaderMath
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
                    outcomes += partedWithoutEnd([(space.adding(-form, strict: false, to: path), .number(AbstractNumber(form: positive))),
                                                  (space.adding(form, strict: false, to: path), .number(AbstractNumber(form: negative)))],
                                                 on: form)
                }
            case .sqrt, .floor, .ceil, .round, .trunc, .roundHalfUp, .roundHalfEven:
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
            case .fround:
                // Monotone as well, and past the largest Float (by half its last step) a finite number rounds to
                // an infinity, which the finite form cannot hold: that side is said as an infinity.
                let real = space.bounds(form, on: path)
                let bounds = space.floatBounds(form, real: real, on: path)
                var result = AbstractNumber(form: nil)
                if !real.infeasible, bounds.lower <= bounds.upper {
                    let largest = Double(Float.greatestFiniteMagnitude)
                    var lower = Semantics.unary(.fround, bounds.lower), upper = Semantics.unary(.fround, bounds.upper)
                    if upper == .infinity { (result.positiveInfinity, upper) = (true, largest) }
                    if lower == -.infinity { (result.negativeInfinity, lower) = (true, -largest) }
                    if lower <= upper { result.form = fresh(lower, upper, form) }
                }
                outcomes.append((path, .number(result)))
            case .exp, .expm1:
                // Increasing, and fdlibm's within 1 ulp of the true value: two steps out from each end's result bound
                // every result between; past the largest double the result is +infinity.
                let real = space.bounds(form, on: path)
                let bounds = space.floatBounds(form, real: real, on: path)
                var result = AbstractNumber(form: nil)
                if !real.infeasible, bounds.lower <= bounds.upper {
                    let floor = operation == .exp ? 0.0 : -1.0
                    var lower = Swift.max(Semantics.unary(operation, bounds.lower).nextDown.nextDown, floor)
                    var upper = Semantics.unary(operation, bounds.upper).nextUp.nextUp
                    if upper == .infinity { (result.positiveInfinity, upper) = (true, .greatestFiniteMagnitude) }
                    if lower == .infinity { lower = .greatestFiniteMagnitude }
                    if lower <= upper { result.form = fresh(lower, upper, form) }
                }
                outcomes.append((path, .number(result)))
            case .sin, .cos:
                // Within 1 ulp of a value within -1...1.
                outcomes.append((path, .number(AbstractNumber(form: fresh(-(1.0.nextUp), 1.0.nextUp, form)))))
            }
        }
        return splitByKind(outcomes, of: [number])
    }

    /// Outcomes that a number's kinds parted (its finite form, NaN, each infinity), not a condition of the
    /// offset: each is taken where its path's constraints do not say, so each may meet the others anywhere
    /// among them (`untracked`). `offset / (offset * 2^-1022)` is one number, or NaN at 0 alone.
    private func splitByKind(_ outcomes: [Outcome], of operands: [AbstractNumber]) -> [Outcome] {
        guard outcomes.count > 1, operands.contains(where: { $0.alternatives.count > 1 }) else { return outcomes }
        return untracked(outcomes)
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
            // Whether a number is NaN or infinite is no constraint on the offset: a comparison that one of them
            // decides either way is taken where its constraints do not say.
            if marks, Set(outcomes.compactMap { if case .bool(let bool) = $0.value { return bool } else { return nil } }).count == 2 {
                return untracked(outcomes)
            }
            return operation.yieldsBool ? outcomes : splitByKind(outcomes, of: [a, b])
        default:
            return []
        }
    }

    /// The path where the numbers compared, each by its form's origin, are only of the kinds given.
    package func marked(_ path: AnalysisPath, _ a: AbstractNumber, _ left: UInt8, _ b: AbstractNumber, _ right: UInt8) -> AnalysisPath {
        var path = path
        for (number, kinds) in [(a, left), (b, right)] where number.hasSpecials {
            guard let origin = number.origin else { continue }
            var bounds = path.exactBounds[origin] ?? ExactBounds()
            bounds.kinds &= kinds
            path.exactBounds[origin] = bounds
        }
        return path
    }

    /// An operation where one side (at least) is NaN or an infinity: its result does not depend on where
    /// the finite side lies within its sign (or, for min and max, is the finite side itself).
    package mutating func special(_ operation: BinaryOperation, _ x: AbstractNumber, _ y: AbstractNumber, on path: AnalysisPath,
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
        if (operation == .divide || operation == .pow || operation == .div), y.form == nil, y.special == 0 {
            record(.divisionByZero, at: range)
        }
        var outcomes: [Outcome] = []
        var seenBools: Set<Bool> = []
        var result = AbstractNumber(form: nil)
        var constants: [Double] = []
        for a in representatives(x) {
            for b in representatives(y) {
                let value = Semantics.binary(operation, a, b)
                if operation.yieldsBool {
                    seenBools.insert(value != 0)
                } else if operation.picksAnOperand, x.form != nil, value == a, !a.isNaN {
                    result = AbstractNumber(form: x.form)
                } else if operation.picksAnOperand, y.form != nil, value == b, !b.isNaN {
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
    mutating func overflowing(_ form: LinearForm, on path: AnalysisPath) -> AbstractNumber {
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
    func largestMagnitude(_ bounds: FormBounds) -> Double {
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

    package mutating func finite(_ operation: BinaryOperation, _ f: LinearForm, _ g: LinearForm, on path: AnalysisPath,
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
            // A factor that is its own constant to the bit scales the other side; one that only real
            // arithmetic makes constant (`138.875pt + offset - offset`) is the number floating point left.
            if g.isConstant, !g.rounds { return [(path, .number(overflowing(f.scaled(by: g.constant), on: path)))] }
            if f.isConstant, !f.rounds { return [(path, .number(overflowing(g.scaled(by: f.constant), on: path)))] }
            return product(f, g, on: path)
        case .divide:
            return divide(f, g, on: path, at: range)
        case .div:
            return integerQuotient(f, g, on: path, at: range)
        case .min, .max, .fmin, .fmax:
            // Between finite numbers fmin and fmax are min and max, but for the sign of a zero.
            let difference = f - g
            let bounds = space.bounds(difference, on: path)
            let firstIsLess = operation == .min || operation == .fmin
            // Whichever side the program takes, min(f, g) lies within the smaller of the lower ends and the
            // smaller of the upper ones (max within the larger ones): the side taken, within these.
            let pick: (Double, Double) -> Double = firstIsLess ? { Swift.min($0, $1) } : { Swift.max($0, $1) }
            let lower = pick(f.floatLower, g.floatLower), upper = pick(f.floatUpper, g.floatUpper)
            func taken(_ form: LinearForm) -> AbstractValue { .number(AbstractNumber(form: form.narrowed(to: lower, upper))) }
            // A side that real arithmetic always takes, floating point takes too unless the two sides' rounding
            // errors can close the gap between them (`difference` counts both): then the program may take the
            // other side, whose number its own form describes, on the same path.
            func decided(_ form: LinearForm, over other: LinearForm) -> [Outcome] {
                guard f.rounds || g.rounds, space.roundsToZero(difference, on: path) else { return [(path, taken(form))] }
                // Rounding, not a condition the constraints keep, picks the side.
                var either = path
                either.untracked = true
                return [(either, taken(form)), (either, taken(other))]
            }
            if bounds.upper <= 0 { return firstIsLess ? decided(f, over: g) : decided(g, over: f) }
            if bounds.lower >= 0 { return firstIsLess ? decided(g, over: f) : decided(f, over: g) }
            return partedWithoutEnd([(space.adding(difference, strict: false, to: path), taken(firstIsLess ? f : g)),
                                     (space.adding(-difference, strict: false, to: path), taken(firstIsLess ? g : f))],
                                    on: difference)
        case .pow:
            return power(f, g, on: path, at: range)
        case .less, .lessEqual, .greater, .greaterEqual, .equal, .notEqual:
            return compare(operation, f, g, on: path, at: range)
        case .and, .or, .boolEqual, .boolNotEqual:
            return []
        }
    }
}
