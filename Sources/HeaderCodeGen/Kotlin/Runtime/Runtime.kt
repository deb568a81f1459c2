/**
 * What generated Kotlin (`compile --target kotlin`) calls beyond Kotlin's own operators: the operations Kotlin
 * spells otherwise than Swift, each computing the interpreter's result exactly, headerc's own math (fdlibm 5.3,
 * which StrictMath is by contract), and the curve kernels, each `CurveKernels`' Swift kernel (CurveKernels.swift
 * in HeaderMath) written line for line with the same IEEE operations in the same order (`x.rounded(.down)` is
 * `Math.floor`, `Swift.min(a, b)` is `swiftMin`, `bitPattern >> 49` is `toRawBits() ushr 49`).
 *
 * A generated file carries the declarations it calls and those they read, each with the comments above it
 * (`RuntimeLibrary`), as private declarations at its top level; this comment stays here. The tests compile this
 * file with kotlinc. After an edit, `HEADERC_REGENERATE_GOLDEN=1 swift test --filter RuntimeEmbeddingTests`
 * embeds the new text.
 */

/**
 * Swift's min and max, which order NaN and signed zeros as `b < a ? b : a` and `b >= a ? b : a`; Kotlin's
 * minOf and Math.min propagate NaN and put -0.0 below 0.0.
 */
private fun swiftMin(a: Double, b: Double): Double = if (b < a) b else a

private fun swiftMax(a: Double, b: Double): Double = if (b >= a) b else a

// Halves away from zero, as Swift's rounded() (Math.round takes halves up, Math.rint to even): the
// fraction x - truncate(x) is exact, so no addition of 0.5 can round it first.
private fun swiftRound(x: Double): Double {
    val whole = if (x < 0.0) Math.ceil(x) else Math.floor(x)
    return if (Math.abs(x - whole) >= 0.5) whole + Math.signum(x) else whole
}

private fun mathTrunc(x: Double): Double = (if (x < 0.0) Math.ceil(x) else Math.floor(x)) + 0.0

// The JVM's d2f rounds to nearest, ties to even, as IEEE 754 and Swift's Float(x) do.
private fun mathFround(x: Double): Double = x.toFloat().toDouble()

/**
 * OwnedMath's roundHalfUp, div, fmin and fmax, operation for operation: `%` is C's fmod, exact; Math.round
 * answers a Long, and minOf and maxOf propagate NaN.
 */
private fun mathRoundHalfUp(x: Double): Double {
    val up = Math.ceil(x)
    val down = up - 1.0
    return (if (x - down < 0.5) down else up) + 0.0
}

private fun mathDiv(a: Double, b: Double): Double {
    val quotient = a / b
    if (!(Math.abs(quotient) < 4503599627370496.0)) return quotient
    val whole = if (quotient < 0.0) Math.ceil(quotient) else Math.floor(quotient)
    if (whole != quotient || whole == 0.0) return whole + 0.0
    val remainder = a % b
    if (!(Math.abs(remainder) + Math.abs(remainder) > Math.abs(b))) return whole
    return if (whole > 0.0) whole - 1.0 else -(-whole - 1.0) + 0.0
}

private fun mathFmin(a: Double, b: Double): Double {
    if (a < b || b.isNaN()) return a
    if (b < a || a.isNaN()) return b
    return if (a == 0.0) -(-a - b) else a
}

private fun mathFmax(a: Double, b: Double): Double {
    if (a > b || b.isNaN()) return a
    if (b > a || a.isNaN()) return b
    return if (a == 0.0) a + b else a
}

/**
 * headerc's own pow (OwnedMath.pow): fdlibm 5.3's, which StrictMath is by contract, with C's cases where Java's
 * differ: pow(1, y) is 1 for every y, NaN too, and pow(-1, ±infinity) is 1.
 */
private fun mathPow(x: Double, y: Double): Double =
    if (x == 1.0 || (x == -1.0 && Math.abs(y) == Double.POSITIVE_INFINITY)) 1.0 else StrictMath.pow(x, y)

/** fdlibm 5.3's exp, expm1, sin, cos and acos: StrictMath's by contract, and headerc's own (OwnedMath). */
private fun mathExp(x: Double): Double = StrictMath.exp(x)

private fun mathExpm1(x: Double): Double = StrictMath.expm1(x)

private fun mathSin(x: Double): Double = StrictMath.sin(x)

private fun mathCos(x: Double): Double = StrictMath.cos(x)

private fun mathAcos(x: Double): Double = StrictMath.acos(x)

/** The curve kernels: `CurveKernels`' Swift kernels, whose comments say what each computes and why. */
private fun curveSolveCubic(target: Double, a: Double, b: Double, c: Double, lower: Double, upper: Double, guess: Double): Double {
    var lo = lower
    var hi = upper
    var u = guess
    var iteration = 0
    while (iteration < 200) {
        iteration += 1
        val f = ((a * u + b) * u + c) * u - target
        if (f == 0.0) return u
        if (f < 0.0) lo = u else hi = u
        val slope = (3.0 * a * u + 2.0 * b) * u + c
        val newton = u - f / slope
        if (newton > lo && newton < hi) {
            val step = newton - u
            u = newton
            if (Math.abs(step) <= 1e-9 * Math.abs(u)) return u
        } else {
            val middle = lo + 0.5 * (hi - lo)
            if (!(middle > lo && middle < hi)) return u
            u = middle
        }
    }
    return u
}

// A cubic-bezier curve's solve table, built once from its two sides' headers (a, b, c, anchor,
// direction, tAnchor, tDirection, upper): 65 rows a side, each the cubic in r through
// four solutions of the side's polynomial, at the Chebyshev points of the row (see headerc's BezierSolveTable).
private fun curveBezierTable(headers: DoubleArray): DoubleArray {
    val nodes = doubleArrayOf(0.03806023374435663, 0.3086582838174551, 0.6913417161825449, 0.9619397662556434)
    val table = DoubleArray(536)
    for (side in 0..1) {
        val base = side * 268
        for (k in 0 until 8) table[base + k] = headers[side * 8 + k]
        val a = table[base]
        val b = table[base + 1]
        val c = table[base + 2]
        val upper = table[base + 7]
        val reach = ((a * upper + b) * upper + c) * upper
        var guess = 0.0
        for (row in 0 until 65) {
            val start = if (row == 0) 0.0 else Double.fromBits((8120 + row - 1).toLong() shl 49)
            val end = Double.fromBits((8120 + row).toLong() shl 49)
            val differences = DoubleArray(4)
            for (k in 0..3) {
                val r = swiftMin(start + (end - start) * nodes[k], reach)
                val u = if (r > 0.0) curveSolveCubic(r, a, b, c, 0.0, upper, swiftMin(swiftMax(guess, 0.0), upper)) else 0.0
                guess = u
                differences[k] = u
            }
            for (order in 1..3) {
                for (i in 3 downTo order) {
                    differences[i] = (differences[i] - differences[i - 1]) / (nodes[i] - nodes[i - order])
                }
            }
            var inW = DoubleArray(4)
            inW[0] = differences[3]
            for (degree in 1..3) {
                val i = 3 - degree
                val next = DoubleArray(4)
                for (power in 0 until degree) {
                    next[power + 1] += inW[power]
                    next[power] -= inW[power] * nodes[i]
                }
                next[0] += differences[i]
                inW = next
            }
            val width = end - start
            val scale = 1.0 / width
            val offset = -start / width
            var inR = DoubleArray(4)
            for (index in 3 downTo 0) {
                val next = DoubleArray(4)
                for (power in 0..3) {
                    next[power] += inR[power] * offset
                    if (power < 3) next[power + 1] += inR[power] * scale
                }
                next[0] += inW[index]
                inR = next
            }
            val at = base + 8 + 4 * row
            table[at] = inR[3]
            table[at + 1] = inR[2]
            table[at + 2] = inR[1]
            table[at + 3] = inR[0]
        }
    }
    return table
}

private fun curveCubicBezier(x: Double, split: Double, table: DoubleArray, ya: Double, yb: Double, yc: Double, s0: Double, s1: Double, low: Double, high: Double): Double {
    if (x.isNaN()) return x
    if (x <= 0.0) {
        if (x == 0.0 || s0 == 0.0) return 0.0
        return s0 * x
    }
    if (x >= 1.0) {
        if (x == 1.0 || s1 == 0.0) return 1.0
        return 1.0 + s1 * (x - 1.0)
    }
    val side = if (x > split) 268 else 0
    val a = table[side]
    val b = table[side + 1]
    val c = table[side + 2]
    val r = (x - table[side + 3]) * table[side + 4]
    val row = side + 8 + 4 * Math.min(Math.max((r.toRawBits() ushr 49).toInt() - 8119, 0), 64)
    val guess = ((table[row] * r + table[row + 1]) * r + table[row + 2]) * r + table[row + 3]
    val inverseSlope = 1.0 / ((3.0 * a * guess + 2.0 * b) * guess + c)
    val first = guess - (((a * guess + b) * guess + c) * guess - r) * inverseSlope
    var u = first - (((a * first + b) * first + c) * first - r) * inverseSlope
    if (!(Math.abs(u - first) <= 1e-11 * u)) {
        val upper = table[side + 7]
        u = curveSolveCubic(r, a, b, c, 0.0, upper, if (u > 0.0 && u < upper) u else guess)
    }
    val t = table[side + 5] + table[side + 6] * u
    val y = ((ya * t + yb) * t + yc) * t
    return if (y < low) low else if (y > high) high else y
}

// Compose's cubic-bezier in Float, in Kotlin's own Float, as Compose computes it.
private fun curveComposeBezier(x: Double, x1: Double, y1: Double, x2: Double, y2: Double): Double {
    val fraction = x.toFloat()
    if (!(fraction > 0f && fraction < 1f)) return x
    val t = curveComposeCubicRoot(0.0f - fraction, x1.toFloat() - fraction, x2.toFloat() - fraction, 1.0f - fraction)
    if (t.isNaN()) return x
    val p1 = y1.toFloat()
    val p2 = y2.toFloat()
    val a = 1.0f / 3.0f + (p1 - p2)
    val b = p2 - 2.0f * p1
    val y = 3.0f * ((a * t + b) * t + p1) * t
    return (if (y < 0f) 0f else if (y > 1f) 1f else y).toDouble()
}

private fun curveComposeCubicRoot(p0: Float, p1: Float, p2: Float, p3: Float): Float {
    val epsilon = 1e-7
    val tau = Math.PI * 2.0
    var a = 3.0 * (p0 - 2.0 * p1 + p2)
    var b = 3.0 * (p1 - p0)
    var c = p0.toDouble()
    val d = -p0 + 3.0 * (p1 - p2) + p3
    if (Math.abs(d) < epsilon) {  // not a cubic
        if (Math.abs(a) < epsilon) {  // not a quadratic
            if (Math.abs(b) < epsilon) return Float.NaN
            return curveComposeUnitRoot((-c / b).toFloat())
        }
        val q = Math.sqrt(b * b - 4.0 * a * c)
        val a2 = 2.0 * a
        val root = curveComposeUnitRoot(((q - b) / a2).toFloat())
        if (!root.isNaN()) return root
        return curveComposeUnitRoot(((-b - q) / a2).toFloat())
    }
    a /= d
    b /= d
    c /= d
    val o3 = (3.0 * b - a * a) / 9.0
    val q2 = (2.0 * a * a * a - 9.0 * a * b + 27.0 * c) / 54.0
    val discriminant = q2 * q2 + o3 * o3 * o3
    val a3 = a / 3.0
    if (discriminant < 0.0) {
        val r = Math.sqrt(-(o3 * o3 * o3))
        val t = -q2 / r
        val cosPhi = if (t < -1.0) -1.0 else if (t > 1.0) 1.0 else t
        val phi = mathAcos(cosPhi)
        val t1 = 2.0f * curveFastCbrt(r.toFloat())
        var root = curveComposeUnitRoot((t1 * mathCos(phi / 3.0) - a3).toFloat())
        if (!root.isNaN()) return root
        root = curveComposeUnitRoot((t1 * mathCos((phi + tau) / 3.0) - a3).toFloat())
        if (!root.isNaN()) return root
        return curveComposeUnitRoot((t1 * mathCos((phi + 2.0 * tau) / 3.0) - a3).toFloat())
    }
    if (discriminant == 0.0) {
        val u1 = -curveFastCbrt(q2.toFloat())
        val root = curveComposeUnitRoot(2.0f * u1 - a3.toFloat())
        if (!root.isNaN()) return root
        return curveComposeUnitRoot(-u1 - a3.toFloat())
    }
    val sd = Math.sqrt(discriminant)
    val u1 = curveFastCbrt((-q2 + sd).toFloat())
    val v1 = curveFastCbrt((q2 + sd).toFloat())
    return curveComposeUnitRoot((u1 - v1 - a3).toFloat())
}

private fun curveComposeUnitRoot(r: Float): Float {
    val epsilon = 8.3446500e-7f
    if (r < 0.0f) return if (r >= -epsilon) 0.0f else Float.NaN
    if (r > 1.0f) return if (r <= 1.0f + epsilon) 1.0f else Float.NaN
    return r
}

private fun curveFastCbrt(x: Float): Float {
    val bits = x.toRawBits().toLong() and 0x1ffffffffL
    var estimate = Float.fromBits(0x2a510554 + (bits / 3).toInt())
    estimate -= (estimate - x / (estimate * estimate)) * (1.0f / 3.0f)
    estimate -= (estimate - x / (estimate * estimate)) * (1.0f / 3.0f)
    return estimate
}

private fun curveSteps(x: Double, count: Double, offset: Double, jumps: Double): Double {
    var current = Math.floor(x * count) + offset
    if (x >= 0.0 && current < 0.0) current = 0.0
    if (x <= 1.0 && current > jumps) current = jumps
    return current / jumps
}

private fun curveLinearSegment(x: Double, startInput: Double, startOutput: Double, span: Double, rise: Double): Double {
    return startOutput + (x - startInput) / span * rise
}

private fun curveSpringUnderdamped(x: Double, settle: Double, decay: Double, damped: Double, ratio: Double): Double {
    if (x.isNaN()) return x
    if (x <= 0.0) return 0.0
    if (x >= 1.0) return 1.0
    val t = x * settle
    val y = 1.0 - mathExp(-decay * t) * (mathCos(damped * t) + ratio * mathSin(damped * t))
    return if (y < 0.0) 0.0 else y
}

private fun curveSpringCritical(x: Double, settle: Double, omega: Double): Double {
    if (x.isNaN()) return x
    if (x <= 0.0) return 0.0
    if (x >= 1.0) return 1.0
    val t = x * settle
    val y = 1.0 - mathExp(-omega * t) * (1.0 + omega * t)
    return if (y < 0.0) 0.0 else if (y > 1.0) 1.0 else y
}

private fun curveSpringOverdamped(x: Double, settle: Double, r1: Double, r2: Double, half: Double): Double {
    if (x.isNaN()) return x
    if (x <= 0.0) return 0.0
    if (x >= 1.0) return 1.0
    val t = x * settle
    val slow = mathExp(r1 * t)
    val fast = mathExp(r2 * t)
    val y = 1.0 - (0.5 * (slow + fast) - half * slow * mathExpm1((r2 - r1) * t))
    return if (y < 0.0) 0.0 else if (y > 1.0) 1.0 else y
}
