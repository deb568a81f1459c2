import HeaderSource
import HeaderSyntax
import HeaderMath
import HeaderIR

/// Kotlin source for evaluating curves, returning the same bits as `Curve.value(at:)`: calls to the kernels of
/// `Runtime/Runtime.kt` (`CurveKernels`' Swift kernels line for line), passing the library's precomputed
/// constants as exact literals. A cubic-bezier curve's solve table is not written
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
        case let .composeCubicBezier(compose):
            return invocation("curveComposeBezier", argument, [compose.x1, compose.y1, compose.x2, compose.y2])
        }
    }

    /// What `call` needs for `curves`: the kernels of the runtime (`KotlinRuntime`) by name, and the lines of one
    /// function per distinct `linear()` curve and one table per distinct cubic-bezier curve, sorted by name, each
    /// at most once.
    public static func kernels(for curves: [Curve]) -> (lines: [String], names: Set<String>) {
        var linearFunctions: [String: [String]] = [:]
        var bezierTables: [String: [String]] = [:]
        for curve in curves {
            switch curve {
            case let .cubicBezier(bezier):
                if case let .table(_, table) = bezier.solver {
                    let name = CurveNames.bezierTable(bezier)
                    if bezierTables[name] == nil { bezierTables[name] = tableDeclaration(name, table) }
                }
            case let .piecewiseLinear(linear):
                linearFunctions[CurveNames.linearFunction(linear)] = linearFunction(linear)
            case .linear, .steps, .spring, .composeCubicBezier:
                break
            }
        }
        var lines: [String] = []
        for name in linearFunctions.keys.sorted() {
            if !lines.isEmpty { lines.append("") }
            lines += linearFunctions[name] ?? []
        }
        for name in bezierTables.keys.sorted() {
            if !lines.isEmpty { lines.append("") }
            lines += bezierTables[name] ?? []
        }
        return (lines, CurveKernelNames.needed(by: curves))
    }

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
