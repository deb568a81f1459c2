import HeaderSource
import HeaderSyntax
import HeaderMath
import HeaderIR
import HeaderEval

/// The variables and the questions asked of them: the bounds of a form over a path.
package struct VariableSpace {
    package var variables: [AnalysisVariable] = []
    /// Set once the analysis is past its budget (`AnalysisLimits.evaluations`): the linear program is asked
    /// nothing more, so each question is answered from the variables' intervals alone (sound, and cheap).
    package var answersFromIntervals = false

    package mutating func add(_ variable: AnalysisVariable) -> Int {
        variables.append(variable)
        return variables.count - 1
    }

    /// Whether the form's floating-point number can change with the offset: through its terms, or, where it
    /// rounds, through what cancelled (`offset - 20pt - offset` is -20 in real arithmetic and 0 at 1e200).
    func followsOffset(_ form: LinearForm) -> Bool {
        form.terms.contains { variables[$0.id].followsOffset }
            || (form.rounds && form.excess.contains { variables[$0.id].followsOffset })
    }

    /// Whether a condition on the form, kept as a constraint, bounds the offset where it holds: every term that
    /// follows the offset is the offset itself or a quotient of forms of the offset and of what does not follow
    /// it (whose constraint `adding` restates on them), and no rounding cancelled a term of the offset.
    func tracksOffset(_ form: LinearForm) -> Bool {
        func linear(_ form: LinearForm) -> Bool {
            form.terms.allSatisfy { $0.id == SymbolicEvaluation.offsetVariable || !variables[$0.id].followsOffset }
        }
        if form.rounds, form.excess.contains(where: { variables[$0.id].followsOffset }) { return false }
        return form.terms.allSatisfy { term in
            guard variables[term.id].followsOffset, term.id != SymbolicEvaluation.offsetVariable else { return true }
            guard let quotient = variables[term.id].quotient else { return false }
            return linear(quotient.numerator) && linear(quotient.denominator)
        }
    }

    /// The form's bounds over the box of its variables alone, constraints aside, or over a narrower box
    /// where `narrowed` gives one.
    func boxBounds(_ form: LinearForm, narrowed: [Int: (lower: Double, upper: Double)] = [:]) -> FormBounds {
        var lower = form.constant, upper = form.constant
        for (id, coefficient) in form.terms {
            let term = Self.termRange(coefficient, narrowed[id] ?? (variables[id].lower, variables[id].upper))
            lower += term.low
            upper += term.high
        }
        return FormBounds(lower: lower.isNaN ? -.infinity : lower, upper: upper.isNaN ? .infinity : upper)
    }

    /// `coefficient × x` over x's interval, an infinity times 0 counting as 0.
    private static func termRange(_ coefficient: Double, _ interval: (lower: Double, upper: Double)) -> (low: Double, high: Double) {
        let a = coefficient * interval.lower, b = coefficient * interval.upper
        return (Swift.min(a.isNaN ? 0 : a, b.isNaN ? 0 : b), Swift.max(a.isNaN ? 0 : a, b.isNaN ? 0 : b))
    }

    /// What a constraint on one variable alone, `coefficient × x + constant ≤ 0`, says of it: x ≤ limit (an upper
    /// bound) or x ≥ limit, the limit rounded outward (up for an upper bound) when the division is not exact,
    /// so that it never cuts off a point; `exact` says it was not rounded. Nil when it ties variables together
    /// or its limit is not finite (the linear program must judge it then).
    package static func limit(of constraint: LinearForm) -> (id: Int, limit: Double, isUpper: Bool, exact: Bool)? {
        guard constraint.terms.count == 1, let (id, coefficient) = constraint.terms.first else { return nil }
        let quotient = -constraint.constant / coefficient
        guard quotient.isFinite else { return nil }
        let isUpper = coefficient > 0
        // The residual of a correctly rounded quotient is a double (away from underflow): 0 when it is exact.
        let tiny = abs(constraint.constant) < 0x1p-900 || abs(quotient) < 0x1p-900 || abs(coefficient) < 0x1p-900
        let exact = !tiny && constraint.constant.addingProduct(quotient, coefficient) == 0
            || constraint.constant == 0
        if exact { return (id, quotient + 0, isUpper, true) }
        return (id, isUpper ? quotient.nextUp : quotient.nextDown, isUpper, false)
    }

    /// Narrows a variable's interval by a constraint on it alone; false when `limit(of:)` has none.
    private static func narrow(_ interval: inout (lower: Double, upper: Double), by constraint: LinearForm) -> Bool {
        guard let (_, limit, isUpper, _) = limit(of: constraint) else { return false }
        if isUpper { interval.upper = Swift.min(interval.upper, limit) } else { interval.lower = Swift.max(interval.lower, limit) }
        return true
    }

    /// A narrowed interval, nil when its ends crossed: the limits are rounded outward, so no point lies within.
    private static func closed(_ interval: (lower: Double, upper: Double)) -> (lower: Double, upper: Double)? {
        interval.lower > interval.upper ? nil : interval
    }

    /// The form's extremes over the path: the box, narrowed by the linear program when a constraint
    /// shares a variable with the form.
    package func bounds(_ form: LinearForm, on path: AnalysisPath) -> FormBounds {
        if form.terms.count == 1 { return singleVariableBounds(form, on: path) }
        return generalBounds(form, on: path)
    }

    private func generalBounds(_ form: LinearForm, on path: AnalysisPath) -> FormBounds {
        let box = boxBounds(form)
        if form.isConstant { return box }
        let relevant = relevantConstraints(form, path)
        guard !relevant.isEmpty else { return box }
        if let narrowed = narrowedBox(relevant) {
            guard let narrowed else { return FormBounds(lower: .infinity, upper: -.infinity, infeasible: true) }
            return boxBounds(form, narrowed: narrowed)
        }
        let upper = extreme(form, relevant, maximize: true)
        if upper == nil { return FormBounds(lower: .infinity, upper: -.infinity, infeasible: true) }
        let lower = extreme(form, relevant, maximize: false)
        return FormBounds(lower: Swift.max(box.lower, lower ?? -.infinity), upper: Swift.min(box.upper, upper ?? .infinity))
    }

    /// `bounds` for a form of one variable, the commonest question (the offset's own bounds among them): when
    /// no constraint on the path ties that variable to another, the ones on it alone narrow its interval, with
    /// nothing allocated; otherwise the linear program as for any form.
    private func singleVariableBounds(_ form: LinearForm, on path: AnalysisPath) -> FormBounds {
        let (id, coefficient) = form.terms[0]
        var interval = (lower: variables[id].lower, upper: variables[id].upper)
        for constraint in path.constraints where constraint.terms.contains(where: { $0.id == id }) {
            guard constraint.terms.count == 1, Self.narrow(&interval, by: constraint) else { return generalBounds(form, on: path) }
        }
        guard let closed = Self.closed(interval) else { return FormBounds(lower: .infinity, upper: -.infinity, infeasible: true) }
        let term = Self.termRange(coefficient, closed)
        let low = form.constant + term.low, high = form.constant + term.high
        return FormBounds(lower: low.isNaN ? -.infinity : low, upper: high.isNaN ? .infinity : high)
    }

    /// Whether the path's constraints can all hold (strict ones strictly); with `zero`, also whether that form
    /// can be 0 there. False only where that is proven: constraints on one variable each by the intervals they
    /// leave, limits rounded outward; others by the linear program's multipliers, checked by
    /// `LinearCertificate`. Any doubt answers true, which keeps a path that may not be taken (sound).
    func isFeasible(_ path: AnalysisPath, zero: LinearForm? = nil) -> Bool {
        var rows = Array(zip(path.constraints, path.strict))
        if let zero { rows += [(zero, false), (-zero, false)] }
        if let exact = singleVariableFeasibility(rows) { return exact }
        for (constraint, strict) in rows where constraint.isConstant {
            if constraint.constant > 0 || (strict && constraint.constant == 0) { return false }
        }
        let tied = rows.filter { !$0.0.isConstant }
        // One linear program either way: with strict constraints, that of their margin, whose phase 1 also
        // finds the closure infeasible.
        guard tied.contains(where: \.1) else { return extreme(LinearForm(constant: 0), tied.map(\.0), maximize: true) != nil }
        return !strictlyInfeasible(tied)
    }

    /// Whether constraints on one variable each can hold, strict ones strictly, from the intervals they leave,
    /// at any scale, with limits rounded outward (so two limits that meet only by rounding leave it open).
    /// Nil when a constraint ties variables together (the linear program answers then).
    private func singleVariableFeasibility(_ rows: [(constraint: LinearForm, strict: Bool)]) -> Bool? {
        var intervals: [Int: (lower: Double, lowerStrict: Bool, upper: Double, upperStrict: Bool)] = [:]
        for (constraint, strict) in rows {
            if constraint.isConstant {
                if constraint.constant > 0 || (strict && constraint.constant == 0) { return false }
                continue
            }
            guard let (id, limit, isUpper, exact) = Self.limit(of: constraint) else { return nil }
            // A rounded limit lies just outside the true one: strict or not, the point at it may hold.
            let strict = strict && exact
            var interval = intervals[id] ?? (variables[id].lower, false, variables[id].upper, false)
            if isUpper {
                if limit < interval.upper || (limit == interval.upper && strict) { (interval.upper, interval.upperStrict) = (limit, strict) }
            } else if limit > interval.lower || (limit == interval.lower && strict) {
                (interval.lower, interval.lowerStrict) = (limit, strict)
            }
            intervals[id] = interval
        }
        for interval in intervals.values {
            if interval.lower == interval.upper && (interval.lowerStrict || interval.upperStrict) { return false }
            if interval.lower > interval.upper { return false }
        }
        return true
    }

    /// The offsets where floating point can take the path: its conditions each of a rounded form held within
    /// its rounding error there, and not strictly (dropped where that error is unbounded); the others as they
    /// are. Floating point takes a way about where real arithmetic does, not exactly there:
    /// `progress(offset, 95pt, 0.25pt) == 0.75` holds at 23.9375 and at the double above it. The error grows
    /// with |offset|, so each sign of the offset is asked on its own, where it is a form of the offset.
    func offsetsAsFloatingPointMeets(_ path: AnalysisPath) -> FormBounds {
        let offset = LinearForm.variable(SymbolicEvaluation.offsetVariable)
        let real = bounds(offset, on: path)
        // Unbounded both ways in real arithmetic, so in floating point; and only the conditions tied to the
        // offset bound it.
        if !real.infeasible, real.lower == -.infinity, real.upper == .infinity { return real }
        let tied = relevantIndices(offset, path)
        guard tied.contains(where: { path.constraints[$0].rounds }) else { return real }
        var hull = FormBounds(lower: .infinity, upper: -.infinity, infeasible: true)
        for (side, sign) in [(-offset, FloatingPointSign.plus), (offset, .minus)] {
            var met = path
            met.constraints = [side]
            met.strict = [false]
            for (constraint, strict) in tied.map({ (path.constraints[$0], path.strict[$0]) }) {
                guard constraint.rounds else {
                    met.constraints.append(constraint)
                    met.strict.append(strict)
                    continue
                }
                // The other variables over their boxes: wider than over the path, and no linear program each.
                guard let error = roundingError(constraint, on: path, onBoxes: sign),
                      let relaxed = withUnitOffset(constraint - error) else { continue }
                met.constraints.append(relaxed)
                met.strict.append(false)
            }
            // An end that real arithmetic leaves unbounded floating point does too: only the others are asked.
            let found: FormBounds
            if real.infeasible || (real.lower > -.infinity && real.upper < .infinity)
                || met.constraints.allSatisfy({ $0.terms.count == 1 }) {
                found = bounds(offset, on: met)
            } else {
                let maximize = real.upper < .infinity
                guard let end = extreme(offset, met.constraints, maximize: maximize) else { continue }
                found = maximize ? FormBounds(lower: -.infinity, upper: end) : FormBounds(lower: end, upper: .infinity)
            }
            if found.infeasible { continue }
            hull = FormBounds(lower: Swift.min(hull.lower, found.lower), upper: Swift.max(hull.upper, found.upper))
        }
        return hull
    }

    /// A condition `form ≤ 0` restated with the offset's coefficient exactly ±1, and no stronger: the linear
    /// program's certificate cancels the offset, which is unbounded, only with such a coefficient (its
    /// multipliers make no exact multiple of `offset` from `1.0000000000000002 × offset`). Each other
    /// coefficient and the constant are divided by the offset's, the constant lowered by what those divisions
    /// may round off over the variables' boxes; nil where one of those boxes is unbounded.
    private func withUnitOffset(_ form: LinearForm) -> LinearForm? {
        let offsetID = SymbolicEvaluation.offsetVariable
        guard let scale = form.terms.first(where: { $0.id == offsetID }).map({ abs($0.coefficient) }), scale != 1 else { return form }
        var restated = LinearForm(constant: 0)
        // Each quotient is within half an ulp of the real one: 2⁻⁵³ × |quotient| × |x| at most, for each term.
        var lost = abs(form.constant / scale) * 0x1p-52
        for (id, coefficient) in form.terms {
            let quotient = coefficient / scale
            restated = restated + LinearForm.variable(id).scaled(by: quotient)
            guard id != offsetID else { continue }
            let largest = Swift.max(abs(variables[id].lower), abs(variables[id].upper))
            lost += abs(quotient) * largest * 0x1p-52
        }
        guard lost.isFinite else { return nil }
        return restated + LinearForm(constant: (form.constant / scale - lost.nextUp).nextDown)
    }

    /// A bound on how far floating point can stray from the form on the path, as a form that is at least
    /// that everywhere on it (`roundingFactor × M + absoluteError`, where each |x| in M is x or -x when the
    /// variable keeps one sign on the path, else the largest it can be there); nil when that is unbounded.
    /// `onBoxes` as for `roundingErrorParts`.
    func roundingError(_ form: LinearForm, on path: AnalysisPath, onBoxes offsetSide: FloatingPointSign? = nil) -> LinearForm? {
        guard let parts = roundingErrorParts(form, on: path, onBoxes: offsetSide) else { return nil }
        return Self.folding(parts.straddling, into: parts.error)
    }

    /// The error with each variable that takes both signs counted at its largest magnitude; nil when unbounded.
    private static func folding(_ straddling: [(id: Int, coefficient: Double, largest: Double)], into error: LinearForm) -> LinearForm? {
        var error = error
        for (_, coefficient, largest) in straddling { error.constant += largest * coefficient }
        return error.constant.isFinite ? error : nil
    }

    /// `roundingError` in two parts: the form for the variables of one sign on the path, and each variable that
    /// takes both signs there, with its coefficient in the error (times |x|) and its largest magnitude.
    /// `onBoxes` takes each variable over its box alone (no linear program), the offset's narrowed to the
    /// side of 0 given.
    private func roundingErrorParts(_ form: LinearForm, on path: AnalysisPath, onBoxes offsetSide: FloatingPointSign? = nil)
        -> (error: LinearForm, straddling: [(id: Int, coefficient: Double, largest: Double)])? {
        let factor = form.roundingFactor
        guard factor.isFinite else { return nil }
        let magnitude = form.magnitude
        var error = LinearForm(constant: factor * magnitude.constant + form.absoluteError)
        var straddling: [(id: Int, coefficient: Double, largest: Double)] = []
        for (id, weight) in magnitude.terms {
            var (lower, upper) = (variables[id].lower, variables[id].upper)
            if let offsetSide, id == SymbolicEvaluation.offsetVariable {
                if offsetSide == .plus { lower = Swift.max(lower, 0) } else { upper = Swift.min(upper, 0) }
            } else if offsetSide == nil, lower < 0 && upper > 0 {
                let narrowed = bounds(.variable(id), on: path)
                if narrowed.infeasible { continue }
                (lower, upper) = (narrowed.lower, narrowed.upper)
            }
            let coefficient = factor * weight
            if lower >= 0 {
                error = error + LinearForm.variable(id).scaled(by: coefficient)
            } else if upper <= 0 {
                error = error + LinearForm.variable(id).scaled(by: -coefficient)
            } else {
                straddling.append((id, coefficient, Swift.max(-lower, upper)))
            }
        }
        guard error.constant.isFinite else { return nil }
        return (error, straddling)
    }

    /// The extremes of the floating-point number of a form on the path: of `form - error` and `form + error`,
    /// point by point, with `roundingError`'s error. Up to two variables that take both signs there are taken
    /// a sign at a time, where |x| is x or -x: `offset × 0.3` under `offset × 0.1 < 10` is at most 30 and a
    /// rounding, though its error grows without bound as the offset falls. Nil when the error is unbounded.
    private func roundedExtremes(_ form: LinearForm, on path: AnalysisPath) -> FormBounds? {
        guard var (error, straddling) = roundingErrorParts(form, on: path) else { return nil }
        if straddling.count > 2 {
            guard let folded = Self.folding(straddling, into: error) else { return nil }
            (error, straddling) = (folded, [])
        }
        var result = FormBounds(lower: .infinity, upper: -.infinity, infeasible: true)
        for signs in 0..<(1 << straddling.count) {
            var side = path, sideError = error
            for (bit, variable) in straddling.enumerated() {
                let positive = signs & (1 << bit) != 0
                let x = LinearForm.variable(variable.id)
                side = adding(positive ? -x : x, strict: false, to: side)
                sideError = sideError + x.scaled(by: positive ? variable.coefficient : -variable.coefficient)
            }
            let within = withinError(form, sideError, on: side)
            if within.infeasible { continue }
            result = FormBounds(lower: Swift.min(result.lower, within.lower), upper: Swift.max(result.upper, within.upper))
        }
        return result
    }

    /// Bounds on the floating-point number of the form on the path, given its real bounds there: those, widened
    /// by what rounding can do, within the form's own floating-point bounds. Rounding is the program's
    /// (`roundedExtremes`) and the analysis's own in finding the bounds (a few units in the last place of the
    /// numbers the form combines: its constant and the larger of its finite real bounds).
    func floatBounds(_ form: LinearForm, real: FormBounds, on path: AnalysisPath) -> FormBounds {
        guard !real.infeasible else { return real }
        let own = FormBounds(lower: form.floatLower, upper: form.floatUpper)
        // Real bounds no tighter than the form's own: nothing to widen, nothing to gain.
        guard real.lower > own.lower || real.upper < own.upper else { return own }
        var rounded = real
        if form.rounds {
            guard let extremes = roundedExtremes(form, on: path), !extremes.infeasible else { return own }
            // form ± error brackets the form at every point, so its extremes do too; the linear program, asked
            // twice with coefficients of 1e-15 beside 1, need not agree with itself to the last bits.
            rounded = FormBounds(lower: Swift.min(extremes.lower, real.lower), upper: Swift.max(extremes.upper, real.upper))
        }
        var noise = 0.0
        if !form.isConstant {
            let sides = [real.lower, real.upper].filter(\.isFinite).map(abs)
            noise = 8 * Double.ulpOfOne * (abs(form.constant) + (sides.max() ?? 0))
        }
        let lower = Swift.max(own.lower, rounded.lower - noise), upper = Swift.min(own.upper, rounded.upper + noise)
        // Both are bounds of the same numbers: ends that cross can only be the real ones' slip, and the
        // floating-point ones are the program's own operations.
        return lower <= upper ? FormBounds(lower: lower, upper: upper) : own
    }

    /// Whether floating point can make the form 0 on the path where real arithmetic cannot.
    func roundsToZero(_ form: LinearForm, on path: AnalysisPath) -> Bool {
        guard form.rounds else { return false }
        guard let error = roundingError(form, on: path) else { return true }
        let within = withinError(form, error, on: path)
        return !within.infeasible && within.lower <= 0 && within.upper >= 0
    }

    /// The smallest of `form - error` and the largest of `form + error` on the path, point by point. The linear
    /// program's tolerance is far coarser than an error of a few units in the last place: where the form stays
    /// put along an unbounded direction (`z - offset` with z ≥ offset) and the error grows along it, it would
    /// take `(1 - γ)·z - (1 + γ)·offset` for `z - offset`, bounded. So each side is asked first with the error
    /// magnified past that tolerance: unbounded then, it is unbounded.
    func withinError(_ form: LinearForm, _ error: LinearForm, on path: AnalysisPath) -> FormBounds {
        let magnified = error.scaled(by: 0x1p40)
        // Both ask of the same constraints, so either says whether they can hold.
        let low = bounds(form - magnified, on: path), high = bounds(form + magnified, on: path)
        if low.infeasible || high.infeasible { return FormBounds(lower: .infinity, upper: -.infinity, infeasible: true) }
        let lower = low.lower > -.infinity ? bounds(form - error, on: path).lower : -.infinity
        let upper = high.upper < .infinity ? bounds(form + error, on: path).upper : .infinity
        return FormBounds(lower: lower, upper: upper)
    }

    /// Whether floating point can make the form below 0 on the path.
    func roundsBelowZero(_ form: LinearForm, on path: AnalysisPath) -> Bool {
        guard form.rounds else { return false }
        guard let error = roundingError(form, on: path) else { return true }
        let within = withinError(form, error, on: path)
        return !within.infeasible && within.lower < 0
    }

    /// The path with one more condition, `form ≤ 0` (or `< 0`). A condition on a quotient alone,
    /// `a·(n / d) + c ≤ 0` with d of one sign, is also the condition `a·n + c·d ≤ 0` (or `≥`) on its operands.
    func adding(_ form: LinearForm, strict: Bool, to path: AnalysisPath) -> AnalysisPath {
        var path = path
        // A path keeps its latest conditions only: forgetting one only lets the path hold more points (sound),
        // and keeps each linear program small.
        if path.constraints.count >= AnalysisLimits.conditionsOnAPath {
            path.constraints.removeFirst(2)
            path.strict.removeFirst(2)
        }
        path.constraints.append(form)
        path.strict.append(strict)
        if form.terms.count == 1, let (id, a) = form.terms.first, let quotient = variables[id].quotient {
            var product = quotient.numerator.scaled(by: a) + quotient.denominator.scaled(by: form.constant)
            if !quotient.denominatorIsPositive { product = -product }
            path.constraints.append(product)
            path.strict.append(strict)
        }
        return path
    }

    /// Constraints on one variable each only bound it: the box they leave, with no linear program (most
    /// conditions compare one value with a constant). Nil when a constraint has several variables (the
    /// linear program answers then); `.some(nil)` when the box is empty, beyond the linear program's
    /// tolerance, as it would find it infeasible.
    private func narrowedBox(_ constraints: [LinearForm]) -> [Int: (lower: Double, upper: Double)]?? {
        var box: [Int: (lower: Double, upper: Double)] = [:]
        for constraint in constraints {
            guard constraint.terms.count == 1, let id = constraint.terms.first?.id else { return nil }
            var bounds = box[id] ?? (variables[id].lower, variables[id].upper)
            guard Self.narrow(&bounds, by: constraint) else { return nil }
            box[id] = bounds
        }
        for (id, bounds) in box where bounds.lower > bounds.upper {
            guard let closed = Self.closed(bounds) else { return .some(nil) }
            box[id] = closed
        }
        return box
    }

    /// The constraints that share variables with the form, directly or through other constraints.
    private func relevantConstraints(_ form: LinearForm, _ path: AnalysisPath) -> [LinearForm] {
        relevantIndices(form, path).map { path.constraints[$0] }
    }

    /// `relevantConstraints` by their places on the path.
    private func relevantIndices(_ form: LinearForm, _ path: AnalysisPath) -> [Int] {
        guard !path.constraints.isEmpty else { return [] }
        var reached = Set(form.variableIDs)
        var taken = [Bool](repeating: false, count: path.constraints.count)
        var changed = true
        while changed {
            changed = false
            for (index, constraint) in path.constraints.enumerated() where !taken[index] {
                if constraint.variableIDs.contains(where: reached.contains) {
                    taken[index] = true
                    reached.formUnion(constraint.variableIDs)
                    changed = true
                }
            }
        }
        return path.constraints.indices.filter { taken[$0] }
    }
}
