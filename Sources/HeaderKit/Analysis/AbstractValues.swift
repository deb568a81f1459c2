/// The values of the range analysis. On one path through the program (one outcome for each condition met
/// on the way), a number is an affine form over the analysis's variables (the offset, the inputs with
/// a range, the states, and the results of nonlinear operations), possibly also NaN or an infinity;
/// a bool is decided. The path keeps the conditions it took as linear constraints `form ≤ 0`.

/// `constant + Σ coefficient × variable`. The terms are few (a value rarely follows more than a handful of
/// variables), so a sorted array serves: adding two forms merges them, and nothing is hashed.
///
/// A form also bounds how far floating point can stray from it. The program computes the value with a
/// rounding at each operation (and the analysis rounds its own coefficients), so the two differ by at most
/// γ(k) × M + `underflow` (Higham's γ(k) = k·u / (1 - k·u), u = 2⁻⁵³), where k counts the roundings and
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
    /// What products that fall below the smallest normal double can lose, absolutely.
    private(set) var underflow = 0.0
    /// For the form of a named value or a local as it was read: which computation's number it is, so that
    /// what a comparison of that very number said (`travel > 0`) holds of it exactly, rounding aside.
    var origin: Int?

    init(constant: Double) {
        self.constant = constant
        self.terms = []
    }

    private init(constant: Double, sortedTerms: [Term]) {
        self.constant = constant
        self.terms = sortedTerms
    }

    static func variable(_ id: Int) -> LinearForm { LinearForm(constant: 0, sortedTerms: [(id, 1)]) }

    var isConstant: Bool { terms.isEmpty }
    var variableIDs: LazyMapSequence<[Term], Int> { terms.lazy.map { $0.id } }
    /// Whether floating point can give anything but the form's value.
    var rounds: Bool { roundings > 0 || underflow > 0 }

    static func + (a: LinearForm, b: LinearForm) -> LinearForm {
        var sum = LinearForm(constant: a.constant + b.constant, sortedTerms: [])
        sum.roundings = counted(a.roundings + b.roundings + 2)
        sum.underflow = a.underflow + b.underflow
        sum.excessConstant = a.excessConstant + b.excessConstant + (abs(a.constant) + abs(b.constant) - abs(sum.constant))
        sum.excess = merged(a.excess, b.excess)
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
        result.underflow = underflow * size + (size == 1 ? 0 : 0x1p-1074)
        return result
    }

    /// The form divided by a constant: `x / d` in the program, `x × (1 / d)` here, and `1 / d` may round.
    func divided(by divisor: Double) -> LinearForm {
        var result = scaled(by: 1 / divisor)
        if abs(1 / divisor).significandBitPattern != 0 { result.roundings = LinearForm.counted(result.roundings + 1) }
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

    /// Narrows a variable's interval by a constraint on it alone, `coefficient × x + constant ≤ 0`; false
    /// when the constraint's limit is not finite (the linear program must judge it).
    private static func narrow(_ interval: inout (lower: Double, upper: Double), by constraint: LinearForm) -> Bool {
        let coefficient = constraint.terms[0].coefficient
        let limit = -constraint.constant / coefficient
        guard limit.isFinite else { return false }
        if coefficient > 0 { interval.upper = Swift.min(interval.upper, limit) } else { interval.lower = Swift.max(interval.lower, limit) }
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

    /// Whether the path's constraints can all hold, strict ones by a margin that the linear program's
    /// tolerance cannot blur; with `zero`, also whether that form can be 0 there.
    func isFeasible(_ path: AnalysisPath, zero: LinearForm? = nil) -> Bool {
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
        guard !constraints.isEmpty else { return true }
        for constraint in constraints where constraint.isConstant && constraint.constant > 0 { return false }
        if let narrowed = narrowedBox(constraints.filter { !$0.isConstant }) { return narrowed != nil }
        return extreme(LinearForm(constant: 0), constraints.filter { !$0.isConstant }, maximize: true) != nil
    }

    /// A bound on how far floating point can stray from the form on the path, as a form that is at least
    /// that everywhere on it (`roundingFactor × M + underflow`, where each |x| in M is x or -x when the
    /// variable keeps one sign on the path, else the largest it can be there); nil when that is unbounded.
    func roundingError(_ form: LinearForm, on path: AnalysisPath) -> LinearForm? {
        let factor = form.roundingFactor
        guard factor.isFinite else { return nil }
        let magnitude = form.magnitude
        var error = LinearForm(constant: factor * magnitude.constant + form.underflow)
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
                let largest = Swift.max(-lower, upper) * coefficient
                guard largest.isFinite else { return nil }
                error.constant += largest
            }
        }
        guard error.constant.isFinite else { return nil }
        return error
    }

    /// Whether floating point can make the form 0 on the path where real arithmetic cannot.
    func roundsToZero(_ form: LinearForm, on path: AnalysisPath) -> Bool {
        guard form.rounds else { return false }
        guard let error = roundingError(form, on: path) else { return true }
        let low = bounds(form - error, on: path), high = bounds(form + error, on: path)
        return !low.infeasible && low.lower <= 0 && high.upper >= 0
    }

    /// Whether floating point can make the form below 0 on the path.
    func roundsBelowZero(_ form: LinearForm, on path: AnalysisPath) -> Bool {
        guard form.rounds else { return false }
        guard let error = roundingError(form, on: path) else { return true }
        let low = bounds(form - error, on: path)
        return !low.infeasible && low.lower < 0
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
