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
struct LinearForm: Sendable {
    typealias Term = (id: Int, coefficient: Double)

    var constant: Double
    /// By variable, each variable once, no zero coefficient.
    private(set) var terms: [Term]
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
    var origin: Int?
    /// Bounds on the floating-point number itself, kept by doing each operation of the program on the ends of
    /// its operands' bounds, in floating point as the program does: rounding to nearest never turns an order
    /// round (x ≤ y gives fl(x) ≤ fl(y)), so an operation that is monotone in each operand keeps every value
    /// it can give between what it gives at the ends. Where the real bounds of the form, widened by its
    /// rounding error, are wider than these, these are the bounds: `1 - 0.45 × p` with p in 0...1 is at
    /// least fl(1 - fl(0.45 × 1)), to the bit.
    var floatLower = -Double.infinity
    var floatUpper = Double.infinity

    init(constant: Double) {
        self.constant = constant
        self.terms = []
        (floatLower, floatUpper) = (constant, constant)
    }

    private init(constant: Double, sortedTerms: [Term]) {
        self.constant = constant
        self.terms = sortedTerms
    }

    static func variable(_ id: Int) -> LinearForm { LinearForm(constant: 0, sortedTerms: [(id, 1)]) }

    /// A variable whose floating-point number lies within `lower...upper`, and, with `error`, strays from the
    /// variable's real value by up to that much.
    static func variable(_ id: Int, within lower: Double, _ upper: Double, error: Double = 0) -> LinearForm {
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

    var isConstant: Bool { terms.isEmpty }
    var variableIDs: LazyMapSequence<[Term], Int> { terms.lazy.map { $0.id } }
    /// Whether floating point can give anything but the form's value.
    var rounds: Bool { roundings > 0 || absoluteError > 0 }

    /// The exact constant 0: adding it rounds nothing (`0 - x` is `-x`, to the bit).
    private var isExactZero: Bool { terms.isEmpty && constant == 0 && !rounds }

    static func + (a: LinearForm, b: LinearForm) -> LinearForm {
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

    static prefix func - (a: LinearForm) -> LinearForm { a.scaled(by: -1) }
    static func - (a: LinearForm, b: LinearForm) -> LinearForm { a + (-b) }

    func scaled(by factor: Double) -> LinearForm {
        guard factor != 0 else { return LinearForm(constant: 0) }
        var result = LinearForm(constant: constant * factor, sortedTerms: terms.map { ($0.id, $0.coefficient * factor) })
        let size = abs(factor)
        // A power of two scales exactly (short of underflow); any other factor rounds, in the program and here.
        let exact = size.significandBitPattern == 0
        result.roundings = LinearForm.counted(roundings + (exact ? 0 : 2))
        result.excess = excess.map { ($0.id, $0.coefficient * size) }
        result.excessConstant = excessConstant * size
        result.setFloatBounds(floatLower * factor, floatUpper * factor)
        // A product loses to underflow only below the smallest normal double: not where the number's bounds keep
        // it above that, and the analysis's own coefficients did not fall there either.
        let normal = 0x1p-1022
        let keptNormal = result.floatLower >= normal || result.floatUpper <= -normal
        let ownNormal = ([(constant, result.constant)] + zip(terms, result.terms).map { ($0.coefficient, $1.coefficient) })
            .allSatisfy { before, after in before == 0 || abs(after) >= normal }
        result.absoluteError = absoluteError * size + (size == 1 || (keptNormal && ownNormal) ? 0 : 0x1p-1074)
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
    var magnitude: (terms: [Term], constant: Double) {
        (LinearForm.merged(terms.map { ($0.id, abs($0.coefficient)) }, excess), abs(constant) + excessConstant)
    }
}

/// A number on one path: the finite values of `form` (none when nil), and which of NaN, +inf and -inf
/// it may also be.
struct AbstractNumber: Sendable {
    var form: LinearForm?
    var nan = false
    var positiveInfinity = false
    var negativeInfinity = false

    init(form: LinearForm?, nan: Bool = false, positiveInfinity: Bool = false, negativeInfinity: Bool = false) {
        self.form = form
        self.nan = nan
        self.positiveInfinity = positiveInfinity
        self.negativeInfinity = negativeInfinity
    }

    init(constant value: Double) {
        if value.isNaN {
            self.init(form: nil, nan: true)
        } else if value.isInfinite {
            self.init(form: nil, positiveInfinity: value > 0, negativeInfinity: value < 0)
        } else {
            self.init(form: LinearForm(constant: value))
        }
    }

    var hasSpecials: Bool { nan || positiveInfinity || negativeInfinity }

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
    var special: Double? {
        guard form == nil else { return nil }
        switch (nan, positiveInfinity, negativeInfinity) {
        case (true, false, false): return .nan
        case (false, true, false): return .infinity
        case (false, false, true): return -.infinity
        default: return nil
        }
    }
}

enum AbstractValue: Sendable {
    case number(AbstractNumber)
    case bool(Bool)
}

/// A variable of the analysis: the values it takes, whether it follows the offset, and for the result
/// of a division by an expression of one sign, the division itself (so that a condition on the quotient
/// is also a condition on its operands).
struct AnalysisVariable: Sendable {
    var lower: Double
    var upper: Double
    var followsOffset: Bool
    var quotient: (numerator: LinearForm, denominator: LinearForm, denominatorIsPositive: Bool)?
    /// For a product by a factor within 0...1 (a keyframe segment's change times its eased fraction): the other
    /// factor, whose number the product's lies between 0 and, at every point, in floating point too.
    var fractionOf: LinearForm?
}

/// One way through the program: the conditions taken, the bools that inputs hold on it, and what has
/// already been computed on it (named values, the current body's locals).
struct AnalysisPath: Sendable {
    /// The fields live in one copy-on-write box: the evaluation copies a path at every fork and at every
    /// outcome it returns, and one retain is cheaper than one for each of the six containers.
    private final class Storage: @unchecked Sendable {
        var constraints: [LinearForm] = []
        var strict: [Bool] = []
        var boolInputs: [Int: Bool] = [:]
        var values: [Int: AbstractValue] = [:]
        var locals: [Int: AbstractValue] = [:]
        var exactBounds: [Int: ExactBounds] = [:]

        init() {}

        init(copying other: Storage) {
            constraints = other.constraints
            strict = other.strict
            boolInputs = other.boolInputs
            values = other.values
            locals = other.locals
            exactBounds = other.exactBounds
        }
    }

    private var storage = Storage()

    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(copying: storage) }
    }

    var constraints: [LinearForm] {
        get { storage.constraints }
        _modify { makeUnique(); yield &storage.constraints }
    }
    /// Whether each constraint is strict, `form < 0`: the linear program sees its closure, and the
    /// questions that a boundary decides (can a divisor be 0, can a branch be taken) tighten it.
    var strict: [Bool] {
        get { storage.strict }
        _modify { makeUnique(); yield &storage.strict }
    }
    var boolInputs: [Int: Bool] {
        get { storage.boolInputs }
        _modify { makeUnique(); yield &storage.boolInputs }
    }
    var values: [Int: AbstractValue] {
        get { storage.values }
        _modify { makeUnique(); yield &storage.values }
    }
    var locals: [Int: AbstractValue] {
        get { storage.locals }
        _modify { makeUnique(); yield &storage.locals }
    }
    /// What the comparisons taken said of a named value's or a local's floating-point number itself, by
    /// its form's `origin`: exact, where the constraints hold of the real forms only.
    var exactBounds: [Int: ExactBounds] {
        get { storage.exactBounds }
        _modify { makeUnique(); yield &storage.exactBounds }
    }
}

/// Bounds on one floating-point number, each strict or not.
struct ExactBounds: Sendable {
    var lower = -Double.infinity, lowerStrict = false
    var upper = Double.infinity, upperStrict = false

    var excludesZero: Bool { lower > 0 || (lower == 0 && lowerStrict) || upper < 0 || (upper == 0 && upperStrict) }
    var excludesNegative: Bool { lower >= 0 }
}

/// The extremes of a form on a path.
struct FormBounds {
    var lower: Double
    var upper: Double
    /// No point of the path's constraints exists: the path cannot be taken.
    var infeasible = false
}

/// The variables and the questions asked of them: the bounds of a form over a path.
struct VariableSpace {
    var variables: [AnalysisVariable] = []
    /// Conditions a path keeps, the latest ones.
    static let constraintLimit = 32

    mutating func add(_ variable: AnalysisVariable) -> Int {
        variables.append(variable)
        return variables.count - 1
    }

    func followsOffset(_ form: LinearForm) -> Bool {
        form.terms.contains { variables[$0.id].followsOffset }
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
    /// bound) or x ≥ limit. Nil when it ties variables together or its limit is not finite (the linear program
    /// must judge it then).
    private static func limit(of constraint: LinearForm) -> (id: Int, limit: Double, isUpper: Bool)? {
        guard constraint.terms.count == 1, let (id, coefficient) = constraint.terms.first else { return nil }
        let limit = -constraint.constant / coefficient
        return limit.isFinite ? (id, limit, coefficient > 0) : nil
    }

    /// Narrows a variable's interval by a constraint on it alone; false when `limit(of:)` has none.
    private static func narrow(_ interval: inout (lower: Double, upper: Double), by constraint: LinearForm) -> Bool {
        guard let (_, limit, isUpper) = limit(of: constraint) else { return false }
        if isUpper { interval.upper = Swift.min(interval.upper, limit) } else { interval.lower = Swift.max(interval.lower, limit) }
        return true
    }

    /// A narrowed interval whose ends crossed: empty when by more than the linear program's tolerance (its
    /// rows are scaled to a coefficient of 1, so the tolerance is in the variable's units), else its ends
    /// the other way round.
    private static func closed(_ interval: (lower: Double, upper: Double)) -> (lower: Double, upper: Double)? {
        guard interval.lower > interval.upper else { return interval }
        return interval.lower - interval.upper > LinearProgram.tolerance ? nil : (interval.upper, interval.lower)
    }

    /// The form's extremes over the path: the box, narrowed by the linear program when a constraint
    /// shares a variable with the form.
    func bounds(_ form: LinearForm, on path: AnalysisPath) -> FormBounds {
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

    /// Whether the path's constraints can all hold, strict ones strictly when each is on one variable, else by
    /// a margin that the linear program's tolerance cannot blur; with `zero`, also whether that form can be 0
    /// there.
    func isFeasible(_ path: AnalysisPath, zero: LinearForm? = nil) -> Bool {
        var rows = Array(zip(path.constraints, path.strict))
        if let zero { rows += [(zero, false), (-zero, false)] }
        if let exact = singleVariableFeasibility(rows) { return exact }
        var constraints = path.constraints.indices.map { index -> LinearForm in
            var constraint = path.constraints[index]
            if path.strict[index] {
                // Relative to the row's largest coefficient, the scale the linear program sees it at.
                let largest = constraint.terms.reduce(0) { max($0, abs($1.coefficient)) }
                constraint.constant += 1e-7 * (largest > 0 ? largest : 1)
            }
            return constraint
        }
        if let zero { constraints += [zero, -zero] }
        // Some constraint ties variables together (the rest were answered above): the linear program decides.
        for constraint in constraints where constraint.isConstant && constraint.constant > 0 { return false }
        return extreme(LinearForm(constant: 0), constraints.filter { !$0.isConstant }, maximize: true) != nil
    }

    /// Whether constraints on one variable each can hold, strict ones strictly, from the intervals they leave,
    /// at any scale: the linear program's margin for a strict constraint is 1e-7 of the variable, which would
    /// shut `1e-300 × k < offset < 1e-300` (a keyframe between progress 0 and 0.1 of a 1e-300 pt span). Ends
    /// that cross by no more than the rounding of their division leave it open. Nil when a constraint ties
    /// variables together (the linear program answers then).
    private func singleVariableFeasibility(_ rows: [(constraint: LinearForm, strict: Bool)]) -> Bool? {
        var intervals: [Int: (lower: Double, lowerStrict: Bool, upper: Double, upperStrict: Bool)] = [:]
        for (constraint, strict) in rows {
            if constraint.isConstant {
                if constraint.constant > 0 || (strict && constraint.constant == 0) { return false }
                continue
            }
            guard let (id, limit, isUpper) = Self.limit(of: constraint) else { return nil }
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
            if interval.lower > interval.upper {
                let slip = 4 * Swift.max(interval.lower.ulp, interval.upper.ulp)
                if interval.lower - interval.upper > slip { return false }
            }
        }
        return true
    }

    /// A bound on how far floating point can stray from the form on the path, as a form that is at least
    /// that everywhere on it (`roundingFactor × M + absoluteError`, where each |x| in M is x or -x when the
    /// variable keeps one sign on the path, else the largest it can be there); nil when that is unbounded.
    func roundingError(_ form: LinearForm, on path: AnalysisPath) -> LinearForm? {
        guard let parts = roundingErrorParts(form, on: path) else { return nil }
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
    private func roundingErrorParts(_ form: LinearForm, on path: AnalysisPath)
        -> (error: LinearForm, straddling: [(id: Int, coefficient: Double, largest: Double)])? {
        let factor = form.roundingFactor
        guard factor.isFinite else { return nil }
        let magnitude = form.magnitude
        var error = LinearForm(constant: factor * magnitude.constant + form.absoluteError)
        var straddling: [(id: Int, coefficient: Double, largest: Double)] = []
        for (id, weight) in magnitude.terms {
            var (lower, upper) = (variables[id].lower, variables[id].upper)
            if lower < 0 && upper > 0 {
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
        if path.constraints.count >= Self.constraintLimit {
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
        return path.constraints.indices.filter { taken[$0] }.map { path.constraints[$0] }
    }

    /// The largest (or smallest) value of the form under the constraints: nil when they cannot hold,
    /// ±infinity when unbounded. Each variable becomes non-negative ones: `lower + y`, `upper - y`, or
    /// `y⁺ - y⁻` when it has no bound.
    private func extreme(_ form: LinearForm, _ constraints: [LinearForm], maximize: Bool) -> Double? {
        var ids = Set(form.variableIDs)
        for constraint in constraints { ids.formUnion(constraint.variableIDs) }
        let order = ids.sorted()
        // For each variable: the constant it contributes, and its columns with their signs.
        var columnCount = 0
        var shapes: [(offset: Double, columns: [(Int, Double)])] = []
        var upperRows: [(column: Int, bound: Double)] = []
        for id in order {
            let variable = variables[id]
            if variable.lower.isFinite {
                shapes.append((variable.lower, [(columnCount, 1)]))
                if variable.upper.isFinite { upperRows.append((columnCount, variable.upper - variable.lower)) }
                columnCount += 1
            } else if variable.upper.isFinite {
                shapes.append((variable.upper, [(columnCount, -1)]))
                columnCount += 1
            } else {
                shapes.append((0, [(columnCount, 1), (columnCount + 1, -1)]))
                columnCount += 2
            }
        }
        let position = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, $0) })
        func row(_ form: LinearForm) -> (coefficients: [Double], constant: Double) {
            var coefficients = [Double](repeating: 0, count: columnCount)
            var constant = form.constant
            for (id, coefficient) in form.terms {
                guard let index = position[id] else { continue }
                let shape = shapes[index]
                constant += coefficient * shape.offset
                for (column, sign) in shape.columns { coefficients[column] += coefficient * sign }
            }
            return (coefficients, constant)
        }
        var rows: [[Double]] = []
        var bounds: [Double] = []
        // Each row and the objective scaled to a largest coefficient of 1, so that the simplex's tolerance
        // means the same whatever the units (a coefficient of 1e-15 is not zero).
        func scale(_ coefficients: [Double]) -> Double {
            let largest = coefficients.reduce(0) { max($0, abs($1)) }
            return largest > 0 && largest.isFinite ? largest : 1
        }
        for constraint in constraints {
            let (coefficients, constant) = row(constraint)
            let factor = scale(coefficients)
            rows.append(coefficients.map { $0 / factor })
            bounds.append(-constant / factor)
        }
        for (column, bound) in upperRows {
            var coefficients = [Double](repeating: 0, count: columnCount)
            coefficients[column] = 1
            rows.append(coefficients)
            bounds.append(bound)
        }
        let (objective, constant) = row(maximize ? form : -form)
        let factor = scale(objective)
        // Numbers too large for the simplex to pivot on without overflowing: the question stays unanswered,
        // which the callers read as unbounded (and feasible).
        let unanswered: Double = maximize ? .infinity : -.infinity
        let sizes = rows.joined().map(abs) + bounds.map(abs) + objective.map { abs($0 / factor) } + [abs(constant), factor]
        guard sizes.allSatisfy({ $0.isFinite && $0 < 1e150 }) else { return unanswered }
        // Coefficients 1e8 apart (a length of 1e15pt beside one of 1pt): the simplex's tolerance would take
        // the small ones for 0 and stop short of the optimum, so the box answers instead.
        let coefficients = (rows.joined() + objective.map { $0 / factor }).map(abs).filter { $0 > 0 }
        if let smallest = coefficients.min(), let largest = coefficients.max(), largest > 1e8 * smallest { return unanswered }
        switch LinearProgram.maximize(objective.map { $0 / factor }, rows: rows, bounds: bounds) {
        case .infeasible: return nil
        case .unbounded: return maximize ? .infinity : -.infinity
        case .optimal(let value):
            let total = value * factor + constant
            guard !total.isNaN else { return unanswered }
            return maximize ? total : -total
        }
    }
}
