/// The extremes of an affine function over a polyhedron: the range analysis asks it how far a value can go
/// on a path, given the conditions taken to get there. A dense two-phase simplex (the tableau method with
/// an auxiliary variable for an infeasible start, and the smallest index among ties, which cannot cycle),
/// over a handful of variables.
enum LinearProgram {
    enum Outcome: Equatable {
        case optimal(Double)
        case unbounded
        /// No point satisfies the constraints.
        case infeasible
    }

    /// Below this, a number is taken as zero; a path whose constraints miss by less stays feasible.
    static let tolerance = 1e-9
    /// Pivots allowed before giving up; a program that gives up is answered as unbounded (sound).
    static let pivotLimit = 5_000

    /// The largest `objective · x` over `x ≥ 0` with `rows[i] · x ≤ bounds[i]`.
    static func maximize(_ objective: [Double], rows: [[Double]], bounds: [Double]) -> Outcome {
        var tableau = Tableau(rows: rows, bounds: bounds, objective: objective)
        return tableau.solve()
    }

    private struct Tableau {
        let m: Int, n: Int
        var basic: [Int], nonbasic: [Int]
        var d: [[Double]]
        var pivots = 0

        init(rows: [[Double]], bounds: [Double], objective: [Double]) {
            let m = rows.count, n = objective.count
            self.m = m
            self.n = n
            basic = (0..<m).map { n + $0 }
            nonbasic = Array(0..<n) + [-1]
            d = Array(repeating: Array(repeating: 0, count: n + 2), count: m + 2)
            for i in 0..<m {
                for j in 0..<n { d[i][j] = rows[i][j] }
                d[i][n] = -1
                d[i][n + 1] = bounds[i]
            }
            for j in 0..<n { d[m][j] = -objective[j] }
            d[m + 1][n] = 1
        }

        mutating func pivot(_ r: Int, _ s: Int) {
            pivots += 1
            let inverse = 1 / d[r][s]
            for i in 0..<(m + 2) where i != r && d[i][s] != 0 {
                let factor = d[i][s] * inverse
                for j in 0..<(n + 2) where j != s { d[i][j] -= d[r][j] * factor }
            }
            for j in 0..<(n + 2) where j != s { d[r][j] *= inverse }
            for i in 0..<(m + 2) where i != r { d[i][s] *= -inverse }
            d[r][s] = inverse
            swap(&basic[r], &nonbasic[s])
        }

        /// Pivots to the optimum of row `m` (phase 2) or `m + 1` (phase 1); false when unbounded or
        /// past the pivot limit.
        mutating func run(phase: Int) -> Bool {
            let x = phase == 1 ? m + 1 : m
            while pivots < LinearProgram.pivotLimit {
                var s = -1
                for j in 0...n {
                    if phase == 2 && nonbasic[j] == -1 { continue }
                    if s == -1 || d[x][j] < d[x][s] - LinearProgram.tolerance
                        || (abs(d[x][j] - d[x][s]) <= LinearProgram.tolerance && nonbasic[j] < nonbasic[s]) { s = j }
                }
                guard s >= 0, d[x][s] < -LinearProgram.tolerance else { return true }
                var r = -1
                for i in 0..<m where d[i][s] > LinearProgram.tolerance {
                    if r == -1 { r = i; continue }
                    let ratio = d[i][n + 1] / d[i][s], best = d[r][n + 1] / d[r][s]
                    if ratio < best - LinearProgram.tolerance
                        || (abs(ratio - best) <= LinearProgram.tolerance && basic[i] < basic[r]) { r = i }
                }
                guard r >= 0 else { return false }
                pivot(r, s)
            }
            return false
        }

        mutating func solve() -> Outcome {
            var r = 0
            for i in 0..<m where d[i][n + 1] < d[r][n + 1] { r = i }
            if m > 0, d[r][n + 1] < -LinearProgram.tolerance {
                pivot(r, n)
                if !run(phase: 1) { return pivots >= LinearProgram.pivotLimit ? .unbounded : .infeasible }
                if d[m + 1][n + 1] < -LinearProgram.tolerance * max(1, maxBound) { return .infeasible }
                for i in 0..<m where basic[i] == -1 {
                    var s = -1
                    for j in 0...n where s == -1 || d[i][j] < d[i][s] || (d[i][j] == d[i][s] && nonbasic[j] < nonbasic[s]) { s = j }
                    pivot(i, s)
                }
            }
            guard run(phase: 2) else { return .unbounded }
            return .optimal(d[m][n + 1])
        }

        private var maxBound: Double {
            (0..<m).reduce(0) { max($0, abs(d[$1][n + 1])) }
        }
    }
}
