import HeaderSource
import HeaderSyntax
import HeaderMath
import HeaderIR

/// Kotlin source for evaluating curves, returning the same bits as `Curve.value(at:)`: each kernel is
/// `CurveKernels`' Swift kernel written line for line in Kotlin, with the same IEEE operations in the
/// same order (`x.rounded(.down)` is `Math.floor`, `Swift.min(a, b)` is `swiftMin`, `bitPattern >> 49`
/// is `toRawBits() ushr 49`), as private functions at the top level of the file. Calls pass the
/// library's precomputed constants as exact literals. A cubic-bezier curve's solve table is not written
/// out: the file holds its two sides' eight-number headers and builds the rows at first use, with
/// `CurveKernels.curveBezierSide`'s arithmetic step for step, so the table has the library's bits. The springs
/// call the math functions headerc owns (`OwnedMath`), which on the JVM are `StrictMath`'s: both are
/// fdlibm 5.3, and the tests compare them bit for bit.
public enum CurveKotlinSource {
    /// A Kotlin expression evaluating `curve` at `argument`.
    public static func call(_ curve: Curve, argument: String) -> String {
        switch curve {
        case .linear:
            return argument
        case let .cubicBezier(bezier):
            switch bezier.solver {
            case .identity:
                return argument
            case let .table(split, _):
                let tail = [bezier.ya, bezier.yb, bezier.yc, bezier.startSlope, bezier.endSlope, bezier.yLow, bezier.yHigh]
                    .map(KotlinNames.literal)
                return "curveCubicBezier(" + ([argument, KotlinNames.literal(split), CurveNames.bezierTable(bezier)] + tail)
                    .joined(separator: ", ") + ")"
            }
        case let .steps(steps):
            return invocation("curveSteps", argument, [Double(steps.count), steps.offset, Double(steps.jumps)])
        case let .piecewiseLinear(linear):
            return "\(CurveNames.linearFunction(linear))(\(argument))"
        case let .spring(spring):
            switch spring.motion {
            case let .underdamped(decay, damped, ratio):
                return invocation("curveSpringUnderdamped", argument, [spring.settlingTime, decay, damped, ratio])
            case let .critical(omega):
                return invocation("curveSpringCritical", argument, [spring.settlingTime, omega])
            case let .overdamped(r1, r2, half):
                return invocation("curveSpringOverdamped", argument, [spring.settlingTime, r1, r2, half])
            }
        }
    }

    /// The top-level declarations `call` needs for `curves`, and the names of the math helpers they call:
    /// shared kernels first in a fixed order, then one function per distinct `linear()` curve and one
    /// table per distinct cubic-bezier curve, sorted by name; each at most once.
    public static func kernels(for curves: [Curve]) -> (lines: [String], helpers: Set<String>) {
        var needed = Set<String>()
        var linearFunctions: [String: [String]] = [:]
        var bezierTables: [String: [String]] = [:]
        for curve in curves {
            switch curve {
            case .linear:
                break
            case let .cubicBezier(bezier):
                if case let .table(_, table) = bezier.solver {
                    needed.formUnion(["curveCubicBezier", "curveSolveCubic", "curveBezierTable"])
                    let name = CurveNames.bezierTable(bezier)
                    if bezierTables[name] == nil { bezierTables[name] = tableDeclaration(name, table) }
                }
            case .steps:
                needed.insert("curveSteps")
            case let .piecewiseLinear(linear):
                needed.insert("curveLinearSegment")
                linearFunctions[CurveNames.linearFunction(linear)] = linearFunction(linear)
            case let .spring(spring):
                switch spring.motion {
                case .underdamped: needed.insert("curveSpringUnderdamped")
                case .critical: needed.insert("curveSpringCritical")
                case .overdamped: needed.insert("curveSpringOverdamped")
                }
            }
        }
        var helpers = Set<String>()
        var lines: [String] = []
        for kernel in all where needed.contains(kernel.name) {
            if !lines.isEmpty { lines.append("") }
            lines += kernel.source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            helpers.formUnion(kernel.helpers)
        }
        for name in linearFunctions.keys.sorted() {
            if !lines.isEmpty { lines.append("") }
            lines += linearFunctions[name] ?? []
        }
        for name in bezierTables.keys.sorted() {
            if !lines.isEmpty { lines.append("") }
            lines += bezierTables[name] ?? []
        }
        return (lines, helpers)
    }

    private struct Kernel {
        let name: String
        /// The file's math helpers it calls.
        let helpers: Set<String>
        let source: String
    }

    /// The names of the kernels the file may declare at its top level.
    static var kernelNames: [String] { all.map(\.name) }

    /// Every kernel, in the order of `CurveKernels.all`, the table builder after the solver it uses.
    private static let all: [Kernel] = [
        Kernel(name: "curveSolveCubic", helpers: [], source: solveCubic),
        Kernel(name: "curveBezierTable", helpers: ["swiftMin", "swiftMax"], source: bezierTable),
        Kernel(name: "curveCubicBezier", helpers: ["swiftMin", "swiftMax"], source: cubicBezier),
        Kernel(name: "curveSteps", helpers: [], source: steps),
        Kernel(name: "curveLinearSegment", helpers: [], source: linearSegment),
        Kernel(name: "curveSpringUnderdamped", helpers: ["mathExp", "mathSin", "mathCos"], source: springUnderdamped),
        Kernel(name: "curveSpringCritical", helpers: ["mathExp"], source: springCritical),
        Kernel(name: "curveSpringOverdamped", helpers: ["mathExp", "mathExpm1"], source: springOverdamped),
    ]

    // The twins of `CurveKernels`' sources; see the comments there for what each computes and why.

    static let solveCubic = """
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
        """

    /// `CurveKernels.curveBezierTable` from the sides' headers, which the library works out: the loop over
    /// rows of `curveBezierSide`, the same Chebyshev nodes, the same divided differences and expansion into
    /// powers of r, operation for operation.
    package static let bezierTable = """
        // A cubic-bezier curve's solve table, built once from its two sides' headers (a, b, c, anchor,
        // direction, tAnchor, tDirection, upper): \(BezierSolveTable.rowsPerSide) rows a side, each the cubic in r through
        // four solutions of the side's polynomial, at the Chebyshev points of the row (see headerc's BezierSolveTable).
        private fun curveBezierTable(headers: DoubleArray): DoubleArray {
            val nodes = doubleArrayOf(\(chebyshevNodes))
            val table = DoubleArray(\(BezierSolveTable.count))
            for (side in 0..1) {
                val base = side * \(BezierSolveTable.sideSize)
                for (k in 0 until \(BezierSolveTable.headerSize)) table[base + k] = headers[side * \(BezierSolveTable.headerSize) + k]
                val a = table[base]
                val b = table[base + 1]
                val c = table[base + 2]
                val upper = table[base + 7]
                val reach = ((a * upper + b) * upper + c) * upper
                var guess = 0.0
                for (row in 0 until \(BezierSolveTable.rowsPerSide)) {
                    val start = if (row == 0) 0.0 else Double.fromBits((\(BezierSolveTable.firstRow) + row - 1).toLong() shl \(BezierSolveTable.shift))
                    val end = Double.fromBits((\(BezierSolveTable.firstRow) + row).toLong() shl \(BezierSolveTable.shift))
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
                    val at = base + \(BezierSolveTable.headerSize) + 4 * row
                    table[at] = inR[3]
                    table[at + 1] = inR[2]
                    table[at + 2] = inR[1]
                    table[at + 3] = inR[0]
                }
            }
            return table
        }
        """

    private static var chebyshevNodes: String {
        BezierSolveTable.chebyshevNodeValues.map(KotlinNames.literal).joined(separator: ", ")
    }

    package static let cubicBezier = """
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
            val side = if (x > split) \(BezierSolveTable.sideSize) else 0
            val a = table[side]
            val b = table[side + 1]
            val c = table[side + 2]
            val r = (x - table[side + 3]) * table[side + 4]
            val row = side + \(BezierSolveTable.headerSize) + 4 * Math.min(Math.max((r.toRawBits() ushr \(BezierSolveTable.shift)).toInt() - \(BezierSolveTable.firstRow - 1), 0), \(BezierSolveTable.rowsPerSide - 1))
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
        """

    package static let steps = """
        private fun curveSteps(x: Double, count: Double, offset: Double, jumps: Double): Double {
            var current = Math.floor(x * count) + offset
            if (x >= 0.0 && current < 0.0) current = 0.0
            if (x <= 1.0 && current > jumps) current = jumps
            return current / jumps
        }
        """

    static let linearSegment = """
        private fun curveLinearSegment(x: Double, startInput: Double, startOutput: Double, span: Double, rise: Double): Double {
            return startOutput + (x - startInput) / span * rise
        }
        """

    static let springUnderdamped = """
        private fun curveSpringUnderdamped(x: Double, settle: Double, decay: Double, damped: Double, ratio: Double): Double {
            if (x.isNaN()) return x
            if (x <= 0.0) return 0.0
            if (x >= 1.0) return 1.0
            val t = x * settle
            val y = 1.0 - mathExp(-decay * t) * (mathCos(damped * t) + ratio * mathSin(damped * t))
            return if (y < 0.0) 0.0 else y
        }
        """

    static let springCritical = """
        private fun curveSpringCritical(x: Double, settle: Double, omega: Double): Double {
            if (x.isNaN()) return x
            if (x <= 0.0) return 0.0
            if (x >= 1.0) return 1.0
            val t = x * settle
            val y = 1.0 - mathExp(-omega * t) * (1.0 + omega * t)
            return if (y < 0.0) 0.0 else if (y > 1.0) 1.0 else y
        }
        """

    static let springOverdamped = """
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
        """

    private static func invocation(_ kernel: String, _ argument: String, _ constants: [Double]) -> String {
        "\(kernel)(\(([argument] + constants.map(KotlinNames.literal)).joined(separator: ", ")))"
    }

    /// A curve's table, built at first use from the headers of its two sides (eight numbers each).
    private static func tableDeclaration(_ name: String, _ table: [Double]) -> [String] {
        let size = BezierSolveTable.headerSize, side = BezierSolveTable.sideSize
        guard table.count == BezierSolveTable.count else { return ["private val \(name) = DoubleArray(0)"] }
        let lower = table[0..<size].map(KotlinNames.literal).joined(separator: ", ")
        let upper = table[side..<(side + size)].map(KotlinNames.literal).joined(separator: ", ")
        return ["private val \(name): DoubleArray = curveBezierTable(doubleArrayOf(",
                "    \(lower),",
                "    \(upper)",
                "))"]
    }

    /// The if-chain twin of `PiecewiseLinear.value(at:)`, as `CurveSwiftSource` writes it in Swift.
    private static func linearFunction(_ linear: PiecewiseLinear) -> [String] {
        let inputs = linear.inputs, outputs = linear.outputs
        func segment(_ s: Int) -> String {
            let span = inputs[s + 1] - inputs[s]
            if span == 0 { return KotlinNames.literal(outputs[s + 1]) }
            let arguments = [inputs[s], outputs[s], span, outputs[s + 1] - outputs[s]].map(KotlinNames.literal)
            return "curveLinearSegment(x, \(arguments.joined(separator: ", ")))"
        }
        let last = inputs.count - 1
        var lines = ["private fun \(CurveNames.linearFunction(linear))(x: Double): Double {",
                     "    if (x.isNaN()) return x"]
        for k in 1..<last {
            lines.append("    if (x < \(KotlinNames.literal(inputs[k]))) return \(segment(k - 1))")
        }
        lines.append("    return \(segment(last - 1))")
        lines.append("}")
        return lines
    }
}
