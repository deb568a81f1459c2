import HeaderSource
import HeaderSyntax
import HeaderMath
import HeaderIR

/// JavaScript source for evaluating curves, returning the same bits as `Curve.value(at:)`: calls to the
/// kernels of `Runtime/curves.mjs` (`CurveKernels`' Swift kernels line for line), passing the library's
/// precomputed constants as exact literals. `JavaScriptEmitterTests` runs the kernels in `node` against the
/// library. A cubic-bezier curve is one line, an object holding its control points' x, whose solve table the
/// kernel builds at the curve's first use and keeps there.
public enum CurveJavaScriptSource {
    /// A JavaScript expression evaluating `curve` at `argument` (any expression).
    public static func call(_ curve: Curve, argument: String) -> String {
        switch curve {
        case .linear:
            return argument
        case let .cubicBezier(bezier):
            let tail = [bezier.ya, bezier.yb, bezier.yc, bezier.startSlope, bezier.endSlope, bezier.yLow, bezier.yHigh]
            switch bezier.solver {
            case .identity:
                return argument
            case let .table(split, _):
                let constants = ([split] + tail).map(JavaScriptNames.literal)
                return "$curveCubicBezier(\(([argument, constants[0], bezierTableName(bezier)] + constants.dropFirst()).joined(separator: ", ")))"
            }
        case let .steps(steps):
            return invocation("$curveSteps", argument, [Double(steps.count), steps.offset, Double(steps.jumps)])
        case let .piecewiseLinear(linear):
            return "\(linearFunctionName(linear))(\(argument))"
        case let .spring(spring):
            switch spring.motion {
            case let .underdamped(decay, damped, ratio):
                return invocation("$curveSpringUnderdamped", argument, [spring.settlingTime, decay, damped, ratio])
            case let .critical(omega):
                return invocation("$curveSpringCritical", argument, [spring.settlingTime, omega])
            case let .overdamped(r1, r2, half):
                return invocation("$curveSpringOverdamped", argument, [spring.settlingTime, r1, r2, half])
            }
        case let .composeCubicBezier(compose):
            return invocation("$curveComposeBezier", argument, [compose.x1, compose.y1, compose.x2, compose.y2])
        }
    }

    /// Whether evaluating `curve` calls a transcendental function (headerc's own).
    public static func isTranscendental(_ curve: Curve) -> Bool {
        switch curve {
        case .spring, .composeCubicBezier: return true
        case .linear, .cubicBezier, .steps, .piecewiseLinear: return false
        }
    }

    /// The math functions (`JavaScriptRuntime.math`) that the kernels of `curves` read.
    public static func mathFunctions(for curves: [Curve]) -> Set<String> {
        JavaScriptRuntime.curves.reads(for: kernelNames(for: curves))
    }

    /// The kernels `call` reaches for `curves`.
    private static func kernelNames(for curves: [Curve]) -> Set<String> {
        Set(CurveKernelNames.needed(by: curves).map { "$" + $0 })
    }

    /// The kernel functions `call` needs for `curves`, shared kernels first in a fixed order, then one
    /// function per distinct `linear()` curve and one line per distinct cubic-bezier table, sorted by name;
    /// each at most once.
    public static func kernels(for curves: [Curve]) -> [String] {
        var linearFunctions: [String: [String]] = [:]
        var bezierTables: [String: String] = [:]
        for curve in curves {
            switch curve {
            case let .cubicBezier(bezier):
                if case .table = bezier.solver { bezierTables[bezierTableName(bezier)] = tableDeclaration(bezier) }
            case let .piecewiseLinear(linear):
                linearFunctions[linearFunctionName(linear)] = linearFunction(linear)
            case .linear, .steps, .spring, .composeCubicBezier:
                break
            }
        }
        var lines = JavaScriptRuntime.curves.lines(for: kernelNames(for: curves))
        for name in linearFunctions.keys.sorted() {
            if !lines.isEmpty { lines.append("") }
            lines += linearFunctions[name] ?? []
        }
        if !bezierTables.isEmpty {
            if !lines.isEmpty { lines.append("") }
            lines.append("// Each cubic-bezier curve's control points' x, and its solve table once its first use has built it.")
            lines += bezierTables.keys.sorted().compactMap { bezierTables[$0] }
        }
        return lines
    }

    private static func invocation(_ kernel: String, _ argument: String, _ constants: [Double]) -> String {
        "\(kernel)(\(([argument] + constants.map(JavaScriptNames.literal)).joined(separator: ", ")))"
    }

    /// The Swift twin's name with `$` in front, so equal curves share one function in both languages.
    static func linearFunctionName(_ linear: PiecewiseLinear) -> String {
        "$" + CurveNames.linearFunction(linear)
    }

    /// The Swift twin's name with `$` in front: a cubic-bezier curve and its table.
    static func bezierTableName(_ bezier: CubicBezier) -> String {
        "$" + CurveNames.bezierTable(bezier)
    }

    /// A curve: its control points' x and, once built, its solve table.
    private static func tableDeclaration(_ bezier: CubicBezier) -> String {
        let x1 = JavaScriptNames.literal(bezier.x1), x2 = JavaScriptNames.literal(bezier.x2)
        return "const \(bezierTableName(bezier)) = { x1: \(x1), x2: \(x2), table: null };"
    }

    /// The if-chain twin of `PiecewiseLinear.value(at:)`, as `CurveSwiftSource` writes it in Swift.
    private static func linearFunction(_ linear: PiecewiseLinear) -> [String] {
        let inputs = linear.inputs, outputs = linear.outputs
        func segment(_ s: Int) -> String {
            let span = inputs[s + 1] - inputs[s]
            if span == 0 { return JavaScriptNames.literal(outputs[s + 1]) }
            let arguments = [inputs[s], outputs[s], span, outputs[s + 1] - outputs[s]].map(JavaScriptNames.literal)
            return "$curveLinearSegment(x, \(arguments.joined(separator: ", ")))"
        }
        let last = inputs.count - 1
        var lines = ["function \(linearFunctionName(linear))(x) {",
                     "  if (x !== x) { return x; }"]
        for k in 1..<last {
            lines.append("  if (x < \(JavaScriptNames.literal(inputs[k]))) { return \(segment(k - 1)); }")
        }
        lines.append("  return \(segment(last - 1));")
        lines.append("}")
        return lines
    }
}
