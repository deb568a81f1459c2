import HeaderSource
import HeaderSyntax
import HeaderMath
import HeaderIR
import HeaderEval

/// The questions that the path's constraints on several variables put to the linear program, and what its
/// multipliers prove of them (`LinearCertificate`): a guess is never an answer on its own.
extension VariableSpace {
    /// Whether no point satisfies the constraints with the strict ones strict: their closure has none, or
    /// the largest margin t (up to 1) by which every strict one can hold, `cᵢ + t ≤ 0`, is 0, as the
    /// multipliers prove (`Σ yᵢ cᵢ > 0` over the box, or `≥ 0` with weight on a strict one).
    func strictlyInfeasible(_ rows: [(LinearForm, Bool)]) -> Bool {
        guard let multipliers = multipliers(rows) else { return false }
        return LinearCertificate.provesInfeasible(rows.map { (form: $0.0, strict: $0.1) }, multipliers: multipliers,
                                                 box: { (variables[$0].lower, variables[$0].upper) })
    }

    /// The largest (or smallest) value of the form under the constraints, proven: nil only when their
    /// multipliers prove that they cannot hold, and ±infinity when unbounded or unanswered.
    package func extreme(_ form: LinearForm, _ constraints: [LinearForm], maximize: Bool) -> Double? {
        let target = maximize ? form : -form
        let unanswered: Double = maximize ? .infinity : -.infinity
        let box = { (id: Int) in (lower: variables[id].lower, upper: variables[id].upper) }
        switch guess(target, constraints, margins: nil) {
        case .infeasible(let multipliers):
            let rows = constraints.map { (form: $0, strict: false) }
            return LinearCertificate.provesInfeasible(rows, multipliers: multipliers, box: box) ? nil : unanswered
        case .optimal(let multipliers):
            let bound = LinearCertificate.upperBound(target, constraints, multipliers: multipliers, box: box)
            guard !bound.isNaN else { return unanswered }
            return maximize ? bound : -bound
        case .unanswered:
            return unanswered
        }
    }

    /// Multipliers for constraints whose strict ones may have no room: those of the largest margin t (at most
    /// 1) by which the strict ones can hold, or of the closure's infeasibility; nil when the simplex gives none.
    func multipliers(_ rows: [(LinearForm, Bool)]) -> [Double]? {
        switch guess(LinearForm(constant: 0), rows.map(\.0), margins: rows.map(\.1)) {
        case .infeasible(let multipliers), .optimal(let multipliers): return multipliers
        case .unanswered: return nil
        }
    }

    /// What the simplex guesses of the largest value of the form under the constraints, with multipliers for
    /// the constraints as written (for `LinearCertificate` to check). With `margins`, the objective is
    /// instead a margin t, `0 ≤ t ≤ 1`, added to each constraint marked. Each variable becomes non-negative
    /// ones: `lower + y`, `upper - y`, or `y⁺ - y⁻` when it has no bound.
    package enum Guess {
        case optimal([Double])
        case infeasible([Double])
        case unanswered
    }

    package func guess(_ form: LinearForm, _ constraints: [LinearForm], margins: [Bool]?) -> Guess {
        guard !answersFromIntervals else { return .unanswered }
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
        // The margin's column comes last.
        let margin = columnCount
        if margins != nil {
            upperRows.append((margin, 1))
            columnCount += 1
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
        var factors: [Double] = []
        // Each row and the objective scaled to a largest coefficient of 1, so that the simplex's tolerance
        // means the same whatever the units (a coefficient of 1e-15 is not zero).
        func scale(_ coefficients: [Double]) -> Double {
            let largest = coefficients.reduce(0) { max($0, abs($1)) }
            return largest > 0 && largest.isFinite ? largest : 1
        }
        for (index, constraint) in constraints.enumerated() {
            let (coefficients, constant) = row(constraint)
            let factor = scale(coefficients)
            var scaled = coefficients.map { $0 / factor }
            if let margins, margins[index] { scaled[margin] = 1 }
            rows.append(scaled)
            bounds.append(-constant / factor)
            factors.append(factor)
        }
        for (column, bound) in upperRows {
            var coefficients = [Double](repeating: 0, count: columnCount)
            coefficients[column] = 1
            rows.append(coefficients)
            bounds.append(bound)
        }
        var (objective, constant) = row(form)
        if margins != nil {
            objective = [Double](repeating: 0, count: columnCount)
            objective[margin] = 1
            constant = 0
        }
        let factor = scale(objective)
        // Numbers too large for the simplex to pivot on without overflowing: the question stays unanswered.
        let sizes = rows.joined().map(abs) + bounds.map(abs) + objective.map { abs($0 / factor) } + [abs(constant), factor]
        guard sizes.allSatisfy({ $0.isFinite && $0 < 1e150 }) else { return .unanswered }
        // The multipliers of the rows as scaled, for the constraints as written (the box's rows aside: the
        // certificate takes the box as it is).
        func original(_ y: [Double], times weight: Double) -> [Double] {
            constraints.indices.map { $0 < y.count ? y[$0] * weight / factors[$0] : 0 }
        }
        switch LinearProgram.maximize(objective.map { $0 / factor }, rows: rows, bounds: bounds) {
        case .infeasible(let y): return .infeasible(original(y, times: 1))
        case .unbounded: return .unanswered
        case .optimal(_, let y): return .optimal(original(y, times: factor))
        }
    }
}
