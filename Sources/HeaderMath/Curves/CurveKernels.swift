/// The numeric kernels behind `Curve.value(at:)` (see `CurveKernelsNamespace.swift`): the library's code, and the
/// text generated Swift carries, declaration by declaration, with `private` in front (`RuntimeLibrary` cuts the
/// file; `///` comments stay here, `//` comments travel with the code), so generated code performs the same IEEE
/// operations in the same order and returns the same bits.
///
/// Rules for editing: use only `+ - * /`, comparisons, `.squareRoot()`, `.rounded(.down)`, integer operations on
/// `bitPattern`, reads of a table passed in, and headerc's own `exp`, `expm1`, `sin`, `cos`, `acos` (`Self.mathExp`…,
/// `OwnedMath` in both places); no FMA; every loop has a fixed bound; names from the standard library written
/// `Swift.` (a spec may name its own value `Int` or `min`). After an edit, `HEADERC_REGENERATE_GOLDEN=1 swift test
/// --filter RuntimeEmbeddingTests` embeds the new text.
extension CurveKernels {
    // MARK: - cubic solver

    /// Safeguarded Newton on p(u) = ((a u + b) u + c) u = target, p increasing on [lower, upper].
    /// Newton converges quadratically from the chord guess for ordinary curves; whenever a step
    /// would leave the bracket (zero or tiny slope, bad guess), a bisection step is taken instead,
    /// so the loop always makes progress. It stops after a Newton step smaller than 1e-9 relative
    /// (the next error would be ~1e-18 relative), or when the bracket is two adjacent doubles.
    /// 200 iterations bound the loop even for NaN or inconsistent brackets.
    @inline(__always) package static func curveSolveCubic(_ target: Double, _ a: Double, _ b: Double, _ c: Double, _ lower: Double, _ upper: Double, _ guess: Double) -> Double {
        var lo = lower
        var hi = upper
        var u = guess
        var iteration = 0
        while iteration < 200 {
            iteration += 1
            let f = ((a * u + b) * u + c) * u - target
            if f == 0 { return u }
            if f < 0 { lo = u } else { hi = u }
            let slope = (3 * a * u + 2 * b) * u + c
            let newton = u - f / slope
            if newton > lo && newton < hi {
                let step = newton - u
                u = newton
                if Swift.abs(step) <= 1e-9 * Swift.abs(u) { return u }
            } else {
                let middle = lo + 0.5 * (hi - lo)
                if !(middle > lo && middle < hi) { return u }
                u = middle
            }
        }
        return u
    }

    // MARK: - cubic-bezier

    // The solve table's layout (headerc's BezierSolveTable). A side is a header of 8 numbers (a, b, c,
    // anchor, direction, tAnchor, tDirection, upper), then 65 rows of 4 coefficients, 268 numbers in all;
    // the lower side comes first.
    package static let curveBezierHeaderSize = 8
    package static let curveBezierRows = 65
    package static let curveBezierSideSize = 268
    // r.bitPattern >> 49 keeps the exponent of r >= 0 and the top 3 bits of its fraction: 8 rows an octave,
    // narrower towards r = 0 as the solution's power law there needs. 2^-8 shifts to 8120, where row 1
    // starts; row 0 takes every r below it, and rows 1...64 are the 8 octaves up to 1.
    package static let curveBezierRowShift = 49
    package static let curveBezierFirstRow = 8120
    // Below this x'(t) at the inflection point, the sides meet there rather than at x = 1/2.
    package static let curveBezierInflectionSlope = 0.1
    // 1/2 - cos((2k + 1) pi / 8) / 2 for k = 0...3, written out so that no platform's cos enters the table.
    package static let curveBezierNodes: [Double] = [0.03806023374435663, 0.3086582838174551, 0.6913417161825449, 0.9619397662556434]

    /// `CubicBezier` builds its table with this, and generated code at a curve's first use: one arithmetic.
    /// The same operations in the same order as `BezierSolveTable` describes them; no FMA.
    // The solve table of a cubic-bezier curve, from its control points' x (it depends on nothing else),
    // with x(t) = ((xa t + xb) t + xc) t. When x'(t) nearly vanishes at the inflection point ti, the sides
    // are the halves around q = x(ti); otherwise t = 0 and, through the mirrored curve, t = 1.
    package static func curveBezierTable(_ x1: Double, _ x2: Double) -> [Double] {
        let xc = 3 * x1
        let xb = 3 * (x2 - x1) - xc
        let xa = 1 - xc - xb
        var table: [Double] = []
        table.reserveCapacity(2 * Self.curveBezierSideSize)
        if xa > 0 {
            let ti = -xb / (3 * xa)
            if ti > 0 && ti < 1 {
                let b = 3 * xa * ti + xb
                let c = (3 * xa * ti + 2 * xb) * ti + xc
                if c < Self.curveBezierInflectionSlope {
                    let q = ((xa * ti + xb) * ti + xc) * ti
                    curveBezierSide(&table, xa, -b, c, q, -1, ti, -1, ti)
                    curveBezierSide(&table, xa, b, c, q, 1, ti, 1, 1 - ti)
                    return table
                }
            }
        }
        let mc = 3 * (1 - x2)
        let mb = 3 * ((1 - x1) - (1 - x2)) - mc
        let ma = 1 - mc - mb
        curveBezierSide(&table, xa, xb, xc, 0, 1, 0, 1, 1)
        curveBezierSide(&table, ma, mb, mc, 1, -1, 1, -1, 1)
        return table
    }

    // One side: its header, then for each row the cubic in r through four solutions of p(u) = r at the
    // row's Chebyshev points, highest degree first (divided differences, expanded in w = (r - start) / width,
    // then in r). Each solve starts from the one before.
    package static func curveBezierSide(_ table: inout [Double], _ a: Double, _ b: Double, _ c: Double, _ anchor: Double, _ direction: Double, _ tAnchor: Double, _ tDirection: Double, _ upper: Double) {
        table += [a, b, c, anchor, direction, tAnchor, tDirection, upper]
        let nodes = Self.curveBezierNodes
        let reach = ((a * upper + b) * upper + c) * upper
        var guess = 0.0
        for row in 0..<Self.curveBezierRows {
            let start = row == 0 ? 0 : Double(bitPattern: Swift.UInt64(Self.curveBezierFirstRow + row - 1) << Self.curveBezierRowShift)
            let end = Double(bitPattern: Swift.UInt64(Self.curveBezierFirstRow + row) << Self.curveBezierRowShift)
            var differences = [0.0, 0.0, 0.0, 0.0]
            for k in 0..<4 {
                let r = Swift.min(start + (end - start) * nodes[k], reach)
                let u = r > 0 ? curveSolveCubic(r, a, b, c, 0, upper, Swift.min(Swift.max(guess, 0), upper)) : 0
                guess = u
                differences[k] = u
            }
            for order in 1..<4 {
                for i in Swift.stride(from: 3, through: order, by: -1) {
                    differences[i] = (differences[i] - differences[i - 1]) / (nodes[i] - nodes[i - order])
                }
            }
            var inW = [differences[3], 0.0, 0.0, 0.0]
            for degree in 1...3 {
                let i = 3 - degree
                var next = [0.0, 0.0, 0.0, 0.0]
                for power in 0..<degree {
                    next[power + 1] += inW[power]
                    next[power] -= inW[power] * nodes[i]
                }
                next[0] += differences[i]
                inW = next
            }
            let width = end - start
            let scale = 1 / width
            let offset = -start / width
            var inR = [0.0, 0.0, 0.0, 0.0]
            for index in Swift.stride(from: 3, through: 0, by: -1) {
                var next = [0.0, 0.0, 0.0, 0.0]
                for power in 0..<4 {
                    next[power] += inR[power] * offset
                    if power < 3 { next[power + 1] += inR[power] * scale }
                }
                next[0] += inW[index]
                inR = next
            }
            table += [inR[3], inR[2], inR[1], inR[0]]
        }
    }

    /// The table (`curveBezierTable`, 536 numbers) splits x at `split` into two sides; each solves its
    /// increasing cubic p(u) = r for r = (x - anchor) * direction >= 0, and t = tAnchor + tDirection * u.
    /// A row of the table, picked by the bits of r, guesses u to about 1e-7 relative. Two Newton steps
    /// that share the slope at the guess follow: the first leaves about 1e-14, the second (whose slope is
    /// off by the guess's 1e-7) about 1e-21, which is exact but for the rounding of the residual; and
    /// where x(t) rounds to x itself (t = 1/2 of a symmetric curve) the result is that t exactly. The
    /// division happens once, beside the first residual. When the second step is not below 1e-11
    /// relative (row 0, r < 2^-8, where the guess is poor, or a curve too hard for its rows), the
    /// safeguarded solver finishes from there. Rows past the last (r >= 1 by rounding) use the last.
    /// Outside [0, 1] the curve continues along its end tangents (slopes s0, s1).
    @inline(__always) package static func curveCubicBezier(_ x: Double, _ split: Double, _ table: Swift.UnsafeBufferPointer<Double>, _ ya: Double, _ yb: Double, _ yc: Double, _ s0: Double, _ s1: Double, _ low: Double, _ high: Double) -> Double {
        // One pair of comparisons keeps x in (0, 1); NaN, the ends and the tangents beyond them leave here.
        if !(x > 0 && x < 1) {
            if x.isNaN { return x }
            if x <= 0 { return x == 0 || s0 == 0 ? 0 : s0 * x }
            return x == 1 || s1 == 0 ? 1 : 1 + s1 * (x - 1)
        }
        // Every index below lies in a table of this size (a side starts at 0 or one side in, and the row
        // is clamped to the side's rows), so after this one check the reads need no check of their own.
        Swift.precondition(table.count == 2 * Self.curveBezierSideSize)
        let side = x > split ? Self.curveBezierSideSize : 0
        let a = table[side], b = table[side + 1], c = table[side + 2]
        let r = (x - table[side + 3]) * table[side + 4]
        let row = side + Self.curveBezierHeaderSize + 4 * Swift.min(Swift.max(Swift.Int(truncatingIfNeeded: r.bitPattern >> Self.curveBezierRowShift) - Self.curveBezierFirstRow + 1, 0), Self.curveBezierRows - 1)
        let guess = ((table[row] * r + table[row + 1]) * r + table[row + 2]) * r + table[row + 3]
        let inverseSlope = 1 / ((3 * a * guess + 2 * b) * guess + c)
        let first = guess - (((a * guess + b) * guess + c) * guess - r) * inverseSlope
        var u = first - (((a * first + b) * first + c) * first - r) * inverseSlope
        if !(Swift.abs(u - first) <= 1e-11 * u) {
            let upper = table[side + 7]
            u = curveSolveCubic(r, a, b, c, 0, upper, u > 0 && u < upper ? u : guess)
        }
        let t = table[side + 5] + table[side + 6] * u
        let y = ((ya * t + yb) * t + yc) * t
        return y < low ? low : y > high ? high : y
    }

    // MARK: - Compose's cubic-bezier, in Float

    /// Compose's `CubicBezierEasing.transform` (androidx Easing.kt at 252d0904, Bezier.kt at 028952b9, ui-util
    /// MathHelpers.kt at 11bff464), operation for operation: the fraction and the four numbers are Floats
    /// (each argument is one, held as a Double); x(t) = fraction is solved by Cardano's method in Double with
    /// Float steps where Compose has them, `fastCbrt` for the cube roots and headerc's own `acos` and `cos`
    /// for `kotlin.math`'s; y(t) is then evaluated in Float and clamped to 0...1. At or outside 0 and 1, and
    /// for NaN, the fraction is returned as it is. Where Compose finds no root and throws, the fraction is
    /// returned too (Grammar.md, "Float").
    @inline(__always) package static func curveComposeBezier(_ x: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Double {
        let fraction = Swift.Float(x)
        if !(fraction > 0 && fraction < 1) { return x }
        let t = Self.curveComposeCubicRoot(0 - fraction, Swift.Float(x1) - fraction, Swift.Float(x2) - fraction, 1 - fraction)
        if t.isNaN { return x }
        let p1 = Swift.Float(y1), p2 = Swift.Float(y2)
        let a = Swift.Float(1) / Swift.Float(3) + (p1 - p2)
        let b = p2 - 2 * p1
        let y = 3 * ((a * t + b) * t + p1) * t
        return Swift.Double(y < 0 ? 0 : y > 1 ? 1 : y)
    }

    /// Compose's `findFirstCubicRoot`: the first root in 0...1 of the cubic Bézier through p0...p3, NaN where
    /// it finds none. `a`, `b`, `c` and `d` are the power basis in Double, from Float differences where
    /// Compose subtracts two Floats.
    @inline(__always) package static func curveComposeCubicRoot(_ p0: Swift.Float, _ p1: Swift.Float, _ p2: Swift.Float, _ p3: Swift.Float) -> Swift.Float {
        let epsilon = 0x1.ad7f29abcaf48p-24  // 1e-7
        let tau = 0x1.921fb54442d18p+2  // Math.PI * 2.0
        var a = 3.0 * (Swift.Double(p0) - 2.0 * Swift.Double(p1) + Swift.Double(p2))
        var b = 3.0 * Swift.Double(p1 - p0)
        var c = Swift.Double(p0)
        let d = Swift.Double(-p0) + 3.0 * Swift.Double(p1 - p2) + Swift.Double(p3)
        if Swift.abs(d) < epsilon {  // not a cubic
            if Swift.abs(a) < epsilon {  // not a quadratic
                if Swift.abs(b) < epsilon { return Swift.Float.nan }
                return Self.curveComposeUnitRoot(Swift.Float(-c / b))
            }
            let q = (b * b - 4.0 * a * c).squareRoot()
            let a2 = 2.0 * a
            let root = Self.curveComposeUnitRoot(Swift.Float((q - b) / a2))
            if !root.isNaN { return root }
            return Self.curveComposeUnitRoot(Swift.Float((-b - q) / a2))
        }
        a /= d
        b /= d
        c /= d
        let o3 = (3.0 * b - a * a) / 9.0
        let q2 = (2.0 * a * a * a - 9.0 * a * b + 27.0 * c) / 54.0
        let discriminant = q2 * q2 + o3 * o3 * o3
        let a3 = a / 3.0
        if discriminant < 0.0 {
            let r = (-(o3 * o3 * o3)).squareRoot()
            let t = -q2 / r
            let cosPhi = t < -1.0 ? -1.0 : t > 1.0 ? 1.0 : t
            let phi = Self.mathAcos(cosPhi)
            let t1 = Swift.Double(2 * Self.curveFastCbrt(Swift.Float(r)))
            var root = Self.curveComposeUnitRoot(Swift.Float(t1 * Self.mathCos(phi / 3.0) - a3))
            if !root.isNaN { return root }
            root = Self.curveComposeUnitRoot(Swift.Float(t1 * Self.mathCos((phi + tau) / 3.0) - a3))
            if !root.isNaN { return root }
            return Self.curveComposeUnitRoot(Swift.Float(t1 * Self.mathCos((phi + 2.0 * tau) / 3.0) - a3))
        }
        if discriminant == 0.0 {
            let u1 = -Self.curveFastCbrt(Swift.Float(q2))
            let root = Self.curveComposeUnitRoot(2 * u1 - Swift.Float(a3))
            if !root.isNaN { return root }
            return Self.curveComposeUnitRoot(-u1 - Swift.Float(a3))
        }
        let sd = discriminant.squareRoot()
        let u1 = Self.curveFastCbrt(Swift.Float(-q2 + sd))
        let v1 = Self.curveFastCbrt(Swift.Float(q2 + sd))
        return Self.curveComposeUnitRoot(Swift.Float(Swift.Double(u1 - v1) - a3))
    }

    /// Compose's `clampValidRootInUnitRange`: r within 0...1, r just outside (by Compose's `FloatEpsilon`,
    /// 8.34465e-7) moved onto the end, NaN further out.
    @inline(__always) package static func curveComposeUnitRoot(_ r: Swift.Float) -> Swift.Float {
        let epsilon: Swift.Float = 0x1.cp-21  // 8.3446500e-7f
        if r < 0 { return r >= -epsilon ? 0 : Swift.Float.nan }
        if r > 1 { return r <= 1 + epsilon ? 1 : Swift.Float.nan }
        return r
    }

    /// Compose's `fastCbrt` (ui-util): a first guess from the bits of x, whose exponent the integer division by
    /// 3 divides, then two Newton steps, all in Float. The 33 bits keep the sign apart from the quotient, so
    /// fastCbrt(-x) = -fastCbrt(x).
    @inline(__always) package static func curveFastCbrt(_ x: Swift.Float) -> Swift.Float {
        let bits = Swift.Int64(Swift.Int32(bitPattern: x.bitPattern)) & 0x1_ffff_ffff
        var estimate = Swift.Float(bitPattern: Swift.UInt32(truncatingIfNeeded: 0x2a51_0554 &+ Swift.Int32(truncatingIfNeeded: bits / 3)))
        let third = Swift.Float(1) / Swift.Float(3)
        estimate -= (estimate - x / (estimate * estimate)) * third
        estimate -= (estimate - x / (estimate * estimate)) * third
        return estimate
    }

    // MARK: - steps

    /// css-easing-2 "output of a step easing function" with the before flag unset. `offset` is 1
    /// for jump-start and jump-both, else 0; adding it also turns floor(-0.0) into +0.0.
    @inline(__always) package static func curveSteps(_ x: Double, _ count: Double, _ offset: Double, _ jumps: Double) -> Double {
        var current = (x * count).rounded(.down) + offset
        if x >= 0 && current < 0 { current = 0 }
        if x <= 1 && current > jumps { current = jumps }
        return current / jumps
    }

    // MARK: - linear()

    /// One segment of a linear() curve, in the spec's order of operations.
    @inline(__always) package static func curveLinearSegment(_ x: Double, _ startInput: Double, _ startOutput: Double, _ span: Double, _ rise: Double) -> Double {
        return startOutput + (x - startInput) / span * rise
    }

    // MARK: - springs

    /// Position of a unit-mass spring released at 0 towards 1 with no initial velocity, at time
    /// t = x * settle. decay = zeta * omega0, damped = omega0 * sqrt(1 - zeta^2), ratio = decay / damped.
    @inline(__always) package static func curveSpringUnderdamped(_ x: Double, _ settle: Double, _ decay: Double, _ damped: Double, _ ratio: Double) -> Double {
        if x.isNaN { return x }
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        let t = x * settle
        let y = 1 - Self.mathExp(-decay * t) * (Self.mathCos(damped * t) + ratio * Self.mathSin(damped * t))
        return y < 0 ? 0 : y
    }

    @inline(__always) package static func curveSpringCritical(_ x: Double, _ settle: Double, _ omega: Double) -> Double {
        if x.isNaN { return x }
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        let t = x * settle
        let y = 1 - Self.mathExp(-omega * t) * (1 + omega * t)
        return y < 0 ? 0 : y > 1 ? 1 : y
    }

    /// With roots r1 > r2 of the characteristic polynomial, 1 - position is
    /// (e^(r1 t) + e^(r2 t)) / 2 + decay (e^(r1 t) - e^(r2 t)) / (r1 - r2). The difference is
    /// written e^(r1 t) * -expm1((r2 - r1) t) so that it stays accurate when zeta is close to 1
    /// (r1 - r2 tiny) and cannot overflow when zeta is large. half = decay / (r1 - r2).
    @inline(__always) package static func curveSpringOverdamped(_ x: Double, _ settle: Double, _ r1: Double, _ r2: Double, _ half: Double) -> Double {
        if x.isNaN { return x }
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        let t = x * settle
        let slow = Self.mathExp(r1 * t)
        let fast = Self.mathExp(r2 * t)
        let y = 1 - (0.5 * (slow + fast) - half * slow * Self.mathExpm1((r2 - r1) * t))
        return y < 0 ? 0 : y > 1 ? 1 : y
    }
}
