/// CSS `cubic-bezier(x1, y1, x2, y2)`: the unit cubic Bézier from (0, 0) to (1, 1), read as y
/// for a given x. Outside [0, 1] it continues along its end tangents, with the rule browsers and
/// WPT use (tools/curves/README.md, "Extrapolation").
public struct CubicBezier: Sendable, Hashable {
    public static func == (lhs: CubicBezier, rhs: CubicBezier) -> Bool {
        (lhs.x1, lhs.y1, lhs.x2, lhs.y2) == (rhs.x1, rhs.y1, rhs.x2, rhs.y2)
    }

    /// Everything else is computed from the four numbers.
    public func hash(into hasher: inout Hasher) {
        for value in [x1, y1, x2, y2] { hasher.combine(value) }
    }

    public let x1: Double
    public let y1: Double
    public let x2: Double
    public let y2: Double

    /// How `value(at:)` solves for t; chosen once here so every evaluation takes one path.
    package enum Solver: Sendable {
        /// Control points on the diagonal: exactly the identity, as in the reference.
        case identity
        /// Two sides split at `split`, each with its polynomial and first guesses (`BezierSolveTable`).
        case table(split: Double, table: [Double])
    }

    package let solver: Solver
    package let ya: Double, yb: Double, yc: Double
    package let startSlope: Double, endSlope: Double
    /// The hull of the control points' y, min(0, y1, y2)...max(1, y1, y2): the curve never leaves it for x in
    /// 0...1, and the kernel keeps its sum there, which rounding could otherwise pass (`ease` summed to
    /// 1.0000000000000002 just below x = 1).
    package let yLow: Double, yHigh: Double
    /// The name the spec gives the curve (a preset's, `ease`, or a declared curve's), which generated code
    /// names its table after; nil for a curve written out in place. Not part of the curve's identity.
    public private(set) var name: String?

    /// The same curve, called `name`.
    public func named(_ name: String) -> CubicBezier {
        var named = self
        named.name = name
        return named
    }

    /// nil unless all four numbers are finite and x1, x2 lie in [0, 1] (CSS makes the function
    /// invalid otherwise; it is what keeps x(t) increasing, so the solve has one answer).
    public init?(x1: Double, y1: Double, x2: Double, y2: Double) {
        guard x1.isFinite, y1.isFinite, x2.isFinite, y2.isFinite,
              (0...1).contains(x1), (0...1).contains(x2) else { return nil }
        // Normalise -0.0 so that equal curves hash and emit identically.
        self.x1 = x1 + 0
        self.y1 = y1 + 0
        self.x2 = x2 + 0
        self.y2 = y2 + 0
        (ya, yb, yc) = Self.coefficients(y1, y2)
        (yLow, yHigh) = (Swift.min(0, self.y1, self.y2), Swift.max(1, self.y1, self.y2))
        (startSlope, endSlope) = Self.endSlopes(x1: x1, y1: y1, x2: x2, y2: y2)
        solver = Self.chooseSolver(x1: x1, y1: y1, x2: x2, y2: y2)
    }

    /// Power basis of a unit Bézier coordinate: ((a t + b) t + c) t.
    package static func coefficients(_ p1: Double, _ p2: Double) -> (Double, Double, Double) {
        let c = 3 * p1
        let b = 3 * (p2 - p1) - c
        let a = 1 - c - b
        return (a, b, c)
    }

    /// Geometric tangent at each end: P1 - P0 unless P1 = P0, then P2 - P0; a vertical tangent
    /// gives slope 0; all three points equal means the identity (slope 1). Mirrored at x = 1.
    static func endSlopes(x1: Double, y1: Double, x2: Double, y2: Double) -> (Double, Double) {
        let start: Double
        if x1 > 0 {
            start = y1 / x1
        } else if y1 == 0 && x2 > 0 {
            start = y2 / x2
        } else if y1 == 0 && y2 == 0 {
            start = 1
        } else {
            start = 0
        }
        let end: Double
        if x2 < 1 {
            end = (y2 - 1) / (x2 - 1)
        } else if y2 == 1 && x1 < 1 {
            end = (y1 - 1) / (x1 - 1)
        } else if y2 == 1 && y1 == 1 {
            end = 1
        } else {
            end = 0
        }
        return (start, end)
    }

    /// Below `CurveKernels.curveBezierInflectionSlope` (0.1), the minimum of x'(t) inside (0, 1), the
    /// expansions around the ends lose more than ~1e-14 in y near the minimum, so the solve moves to the
    /// inflection point. Curves that get there have x1 near 1 and x2 near 0, so x'(t) stays near 3 at both
    /// ends. The table is the kernel's, the one generated code builds.
    static func chooseSolver(x1: Double, y1: Double, x2: Double, y2: Double) -> Solver {
        if x1 == y1 && x2 == y2 { return .identity }
        let table = CurveKernels.curveBezierTable(x1, x2)
        // The lower side runs down from q = x(ti) (direction -1) only when the sides meet at the inflection point.
        return .table(split: table[4] < 0 ? table[3] : 0.5, table: table)
    }

    /// y for input progress x; exactly 0 at x = 0 and 1 at x = 1, linear extrapolation outside
    /// [0, 1] (a zero slope gives the end value even at ±infinity), NaN for NaN.
    public func value(at x: Double) -> Double {
        switch solver {
        case .identity:
            return x
        case let .table(split, table):
            return table.withUnsafeBufferPointer { table in
                CurveKernels.curveCubicBezier(x, split, table, ya, yb, yc, startSlope, endSlope, yLow, yHigh)
            }
        }
    }
}
