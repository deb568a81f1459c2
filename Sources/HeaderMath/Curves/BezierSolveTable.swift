/// The per-curve table behind `CurveKernels.curveCubicBezier`: first guesses for the parameter u that
/// solves p(u) = r, so that two Newton steps with one division bring them to full precision.
///
/// A curve's inputs split at `split` into two sides. Each side solves its own increasing cubic
/// p(u) = ((a u + b) u + c) u = r with r >= 0 measured away from an anchor (r = (x - anchor) * direction),
/// and t = tAnchor + tDirection * u. For an ordinary curve the sides are the two ends, so that each
/// solves where its polynomial is small and keeps a relative residual: x <= 0.5 solves x(t) = x, and
/// x > 0.5 solves the mirrored curve 1 - x(1 - s) = 1 - x. For a curve whose x'(t) nearly vanishes at
/// its inflection point ti (close to (1, _, 0, _)), the sides are the two halves around x(ti) = q.
///
/// Rows are indexed by the bits of r: `octaves` octaves below 1, each cut into `1 << rowBits` rows of
/// equal width, plus row 0 for [0, 2^-octaves). Rows get narrower towards r = 0 in proportion to r,
/// which is what the power laws near an end with x'(t) = 0 (u ~ r^(1/2) or r^(1/3)) need: a cubic
/// through four exact solutions then guesses u to about 1e-7 relative on every row but row 0, for the
/// presets and the hard curves alike. Each row holds that cubic in r (not in a local variable: the guess needs no more than 1e-9).
///
/// Layout of a side: a, b, c, anchor, direction, tAnchor, tDirection, upper (the end of u's bracket),
/// then the rows, 4 coefficients each, highest degree first. The table is both sides, lower first.
package enum BezierSolveTable {
    package static let octaves = 8
    package static let rowBits = 3
    package static let rowsPerSide = octaves << rowBits + 1
    package static let headerSize = 8
    package static let sideSize = headerSize + 4 * rowsPerSide
    package static let count = 2 * sideSize
    /// r.bitPattern >> shift counts rows of the octave grid; `firstRow` is where 2^-octaves falls.
    package static let shift = 52 - rowBits
    package static let firstRow = Int(Double(sign: .plus, exponent: -octaves, significand: 1).bitPattern >> UInt64(shift))

    package struct Side {
        package let a: Double, b: Double, c: Double
        package let anchor: Double, direction: Double
        package let tAnchor: Double, tDirection: Double
        package let upper: Double
    }

    /// Both sides' headers and rows.
    package static func table(lower: Side, upper: Side) -> [Double] {
        rows(of: lower) + rows(of: upper)
    }

    private static func rows(of side: Side) -> [Double] {
        var values = [side.a, side.b, side.c, side.anchor, side.direction, side.tAnchor, side.tDirection, side.upper]
        values.reserveCapacity(sideSize)
        // The largest r the side can see: p at the end of the bracket.
        let reach = ((side.a * side.upper + side.b) * side.upper + side.c) * side.upper
        var guess = 0.0
        for row in 0..<rowsPerSide {
            let start = row == 0 ? 0 : Double(bitPattern: UInt64(firstRow + row - 1) << UInt64(shift))
            let end = Double(bitPattern: UInt64(firstRow + row) << UInt64(shift))
            // Interpolation at the four Chebyshev points of [start, end], in w = (r - start) / width.
            var solutions = SIMD4<Double>()
            for k in 0..<4 {
                let r = Swift.min(start + (end - start) * chebyshevNodes[k], reach)
                let u = r > 0 ? CurveKernels.curveSolveCubic(r, side.a, side.b, side.c, 0, side.upper, Swift.min(Swift.max(guess, 0), side.upper)) : 0
                guess = u
                solutions[k] = u
            }
            let cubic = cubicThrough(solutions, start: start, width: end - start)
            values += [cubic[3], cubic[2], cubic[1], cubic[0]]
        }
        return values
    }

    /// 1/2 - cos((2k + 1) pi / 8) / 2 for k = 0...3, written out so that the table does not depend on a
    /// platform's cos.
    private static let chebyshevNodes = SIMD4<Double>(0.03806023374435663, 0.3086582838174551, 0.6913417161825449, 0.9619397662556434)

    /// The nodes, for a back end that builds the table itself.
    package static var chebyshevNodeValues: [Double] { (0..<4).map { chebyshevNodes[$0] } }

    /// The cubic through (chebyshevNodes[i], values[i]) in w, rewritten in r = start + width * w:
    /// coefficients of 1, r, r^2, r^3.
    private static func cubicThrough(_ values: SIMD4<Double>, start: Double, width: Double) -> SIMD4<Double> {
        let nodes = chebyshevNodes
        // Newton's divided differences, then the nested form expanded into powers of w (lowest first).
        var differences = values
        for order in 1..<4 {
            for i in stride(from: 3, through: order, by: -1) {
                differences[i] = (differences[i] - differences[i - 1]) / (nodes[i] - nodes[i - order])
            }
        }
        var inW = SIMD4<Double>()
        inW[0] = differences[3]
        for (degree, i) in zip(1...3, stride(from: 2, through: 0, by: -1)) {
            // inW * (w - nodes[i]) + differences[i], inW of the given degree so far
            var next = SIMD4<Double>()
            for power in 0..<degree {
                next[power + 1] += inW[power]
                next[power] -= inW[power] * nodes[i]
            }
            next[0] += differences[i]
            inW = next
        }
        // w = scale * r + offset.
        let scale = 1 / width, offset = -start / width
        var inR = SIMD4<Double>()
        for index in stride(from: 3, through: 0, by: -1) {
            var next = SIMD4<Double>()
            for power in 0..<4 {
                next[power] += inR[power] * offset
                if power < 3 { next[power + 1] += inR[power] * scale }
            }
            next[0] += inW[index]
            inR = next
        }
        return inR
    }
}
