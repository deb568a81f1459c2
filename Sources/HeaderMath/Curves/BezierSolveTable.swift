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
///
/// The arithmetic that builds it is one kernel, `CurveKernels.curveBezierTable`, which the library calls and
/// generated Swift and JavaScript carry (JavaScript and Kotlin as its twins), so every back end builds the
/// same bits from a curve's two x-coordinates. The kernels spell the layout below as named literals
/// (`curveBezierSideSize`…); `CurveTests` checks that they agree with it.
package enum BezierSolveTable {
    static let octaves = 8
    static let rowBits = 3
    package static let rowsPerSide = octaves << rowBits + 1
    package static let headerSize = 8
    package static let sideSize = headerSize + 4 * rowsPerSide
    package static let count = 2 * sideSize
    /// r.bitPattern >> shift counts rows of the octave grid; `firstRow` is where 2^-octaves falls.
    package static let shift = 52 - rowBits
    package static let firstRow = Int(Double(sign: .plus, exponent: -octaves, significand: 1).bitPattern >> UInt64(shift))

    /// The nodes of each row's interpolation, for a back end that builds the table itself.
    package static var chebyshevNodeValues: [Double] { CurveKernels.curveBezierNodes }
}
