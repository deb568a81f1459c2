import HeaderSource
import HeaderSyntax
import HeaderMath
import HeaderIR
import HeaderEval

/// A keyframe segment's fraction, `(x - s) / (p - s)` (or `x / p` where its first stop is at 0): where the
/// comparisons that chose the segment put the driver x between the stops s and p, s ≤ x ≤ p and s < p, the
/// fraction lies in 0...1 in floating point, however the stops move. Rounding keeps order, so
/// fl(x - s) ≤ fl(p - s); a difference of two doubles is 0 only where they are equal, so fl(p - s) > 0; and
/// a quotient of 0 ≤ n ≤ d with d > 0 is at most 1. Stops that meet (`a - b` at a = b) choose no segment
/// between them: nothing divides.
extension SymbolicEvaluation {
    /// The driver and the stops of a division that has a segment's shape: each a constant or a read of the
    /// offset, an input, a state, a named value or a local (numbers that comparisons can have ordered: a
    /// named value is one number on a path, remembered where it was first read), the start the same
    /// on both sides, or absent on both (a start at 0, whose subtraction lowering leaves out).
    static func segmentFraction(_ numerator: Expr, _ denominator: Expr) -> (driver: Expr, start: Expr?, end: Expr)? {
        if case .binary(.subtract, let x, let s) = numerator.kind, case .binary(.subtract, let p, let t) = denominator.kind {
            return plain(x) && plain(p) && plain(s) && same(s, t) ? (x, s, p) : nil
        }
        return plain(numerator) && plain(denominator) ? (numerator, nil, denominator) : nil
    }

    private static func plain(_ expression: Expr) -> Bool {
        switch expression.kind {
        case .constant, .read(.offset), .read(.input), .read(.state), .read(.local), .read(.value): return true
        default: return false
        }
    }

    private static func same(_ a: Expr, _ b: Expr) -> Bool {
        switch (a.kind, b.kind) {
        case (.constant(let x), .constant(let y)): return x.bitPattern == y.bitPattern
        case (.read(let x), .read(let y)): return x == y
        default: return false
        }
    }

    /// The fraction as a number within 0...1, when its operands are finite on the path and the path orders
    /// its driver between its stops; nil otherwise (the division is then analysed as any other).
    mutating func boundedFraction(_ shape: (driver: Expr, start: Expr?, end: Expr), _ numerator: AbstractValue,
                                  _ denominator: AbstractValue, on path: AnalysisPath) -> AbstractValue? {
        guard case .number(let n) = numerator, case .number(let d) = denominator, !n.hasSpecials, !d.hasSpecials,
              let f = n.form, let g = d.form, let x = finiteNumber(shape.driver, on: path), let p = finiteNumber(shape.end, on: path)
        else { return nil }
        let zero = LinearForm(constant: 0)
        guard let s = shape.start.map({ finiteNumber($0, on: path) }) ?? zero else { return nil }
        guard ordered(s, x, strictly: false, on: path), ordered(x, p, strictly: false, on: path),
              ordered(s, x, strictly: true, on: path) || ordered(x, p, strictly: true, on: path) else { return nil }
        return .number(AbstractNumber(form: fresh(0, 1, f, g)))
    }

    /// The form of a constant's or a read's number on the path, when it can only be finite.
    private mutating func finiteNumber(_ expression: Expr, on path: AnalysisPath) -> LinearForm? {
        switch expression.kind {
        case .constant(let value):
            return value.isFinite ? LinearForm(constant: value) : nil
        case .read(let read):
            let outcomes = self.read(read, type: expression.type, on: path)
            guard outcomes.count == 1, case .number(let number) = outcomes[0].value, !number.hasSpecials else { return nil }
            return number.form
        default:
            return nil
        }
    }
}
