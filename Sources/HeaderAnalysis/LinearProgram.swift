import HeaderSource
import HeaderSyntax
import HeaderMath
import HeaderIR
import HeaderEval

/// The extremes of an affine function over a polyhedron: the range analysis asks it how far a value can go
/// on a path, given the conditions taken to get there. A dense two-phase simplex (the tableau method with
/// an auxiliary variable for an infeasible start, and the smallest index among ties, which cannot cycle),
/// over a handful of variables.
///
/// Its answers are floating-point guesses, and nothing is concluded from them alone: each comes with the
/// multipliers of its rows (the dual solution, or for an infeasible program the Farkas multipliers of phase
/// 1), which `LinearCertificate` checks against the constraints in outward-rounded arithmetic. A guess
/// that the check does not bear out proves nothing, so the tolerance below only steers the pivots.
package enum LinearProgram {
    package enum Outcome {
        /// The optimum, with multipliers `y ≥ 0` of the rows such that `objective ≤ y · rows` (as guessed).
        case optimal(Double, multipliers: [Double])
        case unbounded
        /// No point satisfies the constraints, as guessed, with multipliers `y ≥ 0` such that `y · rows ≥ 0`
        /// and `y · bounds < 0`.
        case infeasible(multipliers: [Double])
    }

    /// Below this, the pivoting takes a number as zero.
    static let tolerance = 1e-9

    /// The largest `objective · x` over `x ≥ 0` with `rows[i] · x ≤ bounds[i]`.
    static func maximize(_ objective: [Double], rows: [[Double]], bounds: [Double]) -> Outcome {
        var tableau = Tableau(rows: rows, bounds: bounds, objective: objective)
        return tableau.solve()
    }

    private struct Tableau {
        let m: Int, n: Int
        var basic: [Int], nonbasic: [Int]
        /// (m + 2) rows of (n + 2) numbers, row after row.
        var d: [Double]
        let width: Int
        var pivots = 0
        /// The largest bound, at least 1: pivoting on bounds of 1e15 leaves errors far above the tolerance, so
        /// infeasibility is judged relative to it.
        let scale: Double

        init(rows: [[Double]], bounds: [Double], objective: [Double]) {
            let m = rows.count, n = objective.count
            self.m = m
            self.n = n
            basic = (0..<m).map { n + $0 }
            nonbasic = Array(0..<n) + [-1]
            width = n + 2
            d = Array(repeating: 0, count: (m + 2) * (n + 2))
            for i in 0..<m {
                for j in 0..<n { d[i * width + j] = rows[i][j] }
                d[i * width + n] = -1
                d[i * width + n + 1] = bounds[i]
            }
            for j in 0..<n { d[m * width + j] = -objective[j] }
            d[(m + 1) * width + n] = 1
            scale = bounds.reduce(1) { Swift.max($0, abs($1)) }
        }

        mutating func pivot(_ r: Int, _ s: Int) {
            pivots += 1
            let w = width
            d.withUnsafeMutableBufferPointer { d in
                let inverse = 1 / d[r * w + s]
                for i in 0..<(m + 2) where i != r && d[i * w + s] != 0 {
                    let factor = d[i * w + s] * inverse
                    for j in 0..<w where j != s { d[i * w + j] -= d[r * w + j] * factor }
                }
                for j in 0..<w where j != s { d[r * w + j] *= inverse }
                for i in 0..<(m + 2) where i != r { d[i * w + s] *= -inverse }
                d[r * w + s] = inverse
            }
            swap(&basic[r], &nonbasic[s])
        }

        subscript(_ i: Int, _ j: Int) -> Double { d[i * width + j] }

        /// The multipliers of the rows that objective row `x` holds: a row's slack that is not basic has its
        /// reduced cost there; a basic one has none. Negative entries (a guess short of optimal) count as 0.
        func multipliers(row x: Int) -> [Double] {
            var y = [Double](repeating: 0, count: m)
            for j in 0...n where nonbasic[j] >= n {
                let row = nonbasic[j] - n
                if row < m { y[row] = Swift.max(0, self[x, j]) }
            }
            return y
        }

        /// Pivots to the optimum of row `m` (phase 2) or `m + 1` (phase 1); false when unbounded or
        /// past the pivot limit.
        mutating func run(phase: Int) -> Bool {
            let x = phase == 1 ? m + 1 : m
            while pivots < AnalysisLimits.simplexPivots {
                var s = -1
                for j in 0...n {
                    if phase == 2 && nonbasic[j] == -1 { continue }
                    if s == -1 || self[x, j] < self[x, s] - LinearProgram.tolerance
                        || (abs(self[x, j] - self[x, s]) <= LinearProgram.tolerance && nonbasic[j] < nonbasic[s]) { s = j }
                }
                guard s >= 0, self[x, s] < -LinearProgram.tolerance else { return true }
                var r = -1
                for i in 0..<m where self[i, s] > LinearProgram.tolerance {
                    if r == -1 { r = i; continue }
                    let ratio = self[i, n + 1] / self[i, s], best = self[r, n + 1] / self[r, s]
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
            for i in 0..<m where self[i, n + 1] < self[r, n + 1] { r = i }
            if m > 0, self[r, n + 1] < -LinearProgram.tolerance {
                pivot(r, n)
                // Phase 1 cannot be unbounded; stopping short leaves the question open, which is not infeasible.
                if !run(phase: 1) { return .unbounded }
                // The rows come scaled to a largest coefficient of 1, so the slack needed is in those units, relative
                // to the largest bound: `offset ≥ 1e15` and `z = offset / 2` hold together, whatever the pivots' last bits.
                if self[m + 1, n + 1] < -LinearProgram.tolerance * scale { return .infeasible(multipliers: multipliers(row: m + 1)) }
                for i in 0..<m where basic[i] == -1 {
                    var s = -1
                    for j in 0...n where s == -1 || self[i, j] < self[i, s] || (self[i, j] == self[i, s] && nonbasic[j] < nonbasic[s]) { s = j }
                    pivot(i, s)
                }
            }
            guard run(phase: 2) else { return .unbounded }
            return .optimal(self[m, n + 1], multipliers: multipliers(row: m))
        }
    }
}
