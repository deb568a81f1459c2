import HeaderSource
import HeaderSyntax
import HeaderMath
import HeaderIR

/// JavaScript source for evaluating curves, returning the same bits as `Curve.value(at:)`: each kernel
/// is `CurveKernels`' Swift kernel written line for line in JavaScript, with the same IEEE operations in
/// the same order (`x.rounded(.down)` is `Math.floor`, `Swift.abs` is `Math.abs`, `x.isNaN` is
/// `x !== x`), and calls pass the library's precomputed constants as exact literals. The springs call
/// headerc's own `exp`, `sin`, `cos` and `expm1` (`$mathExp`…, see `OwnedMathJavaScriptSource`), never
/// JavaScript's Math library, so every kernel is bit-identical. `JavaScriptEmitterTests` runs the kernels
/// in `node` against the library.
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
        }
    }

    /// Whether evaluating `curve` calls a transcendental function (headerc's own).
    public static func isTranscendental(_ curve: Curve) -> Bool {
        if case .spring = curve { return true }
        return false
    }

    /// The math functions of `OwnedMathJavaScriptSource` that the kernels of `curves` call.
    public static func mathFunctions(for curves: [Curve]) -> Set<String> {
        var names = Set<String>()
        for case let .spring(spring) in curves {
            switch spring.motion {
            case .underdamped: names.formUnion(["$mathExp", "$mathSin", "$mathCos"])
            case .critical: names.insert("$mathExp")
            case .overdamped: names.formUnion(["$mathExp", "$mathExpm1"])
            }
        }
        return names
    }

    /// The kernel functions `call` needs for `curves`, shared kernels first in a fixed order, then one
    /// function per distinct `linear()` curve, sorted by name; each at most once.
    public static func kernels(for curves: [Curve]) -> [String] {
        var needed = Set<String>()
        var linearFunctions: [String: [String]] = [:]
        var bezierTables: [String: [String]] = [:]
        for curve in curves {
            switch curve {
            case .linear:
                break
            case let .cubicBezier(bezier):
                if case let .table(_, table) = bezier.solver {
                    needed.formUnion(["$curveCubicBezier", "$curveSolveCubic"])
                    bezierTables[bezierTableName(bezier)] = tableDeclaration(bezierTableName(bezier), table)
                }
            case .steps:
                needed.insert("$curveSteps")
            case let .piecewiseLinear(linear):
                needed.insert("$curveLinearSegment")
                linearFunctions[linearFunctionName(linear)] = linearFunction(linear)
            case let .spring(spring):
                switch spring.motion {
                case .underdamped: needed.insert("$curveSpringUnderdamped")
                case .critical: needed.insert("$curveSpringCritical")
                case .overdamped: needed.insert("$curveSpringOverdamped")
                }
            }
        }
        var lines: [String] = []
        for (name, source) in all where needed.contains(name) {
            if !lines.isEmpty { lines.append("") }
            lines += source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
        for name in linearFunctions.keys.sorted() {
            if !lines.isEmpty { lines.append("") }
            lines += linearFunctions[name] ?? []
        }
        for name in bezierTables.keys.sorted() {
            if !lines.isEmpty { lines.append("") }
            lines += bezierTables[name] ?? []
        }
        return lines
    }

    /// Every kernel, in the order of `CurveKernels.all`.
    package static let all: [(name: String, source: String)] = [
        ("$curveSolveCubic", solveCubic),
        ("$curveCubicBezier", cubicBezier),
        ("$curveSteps", steps),
        ("$curveLinearSegment", linearSegment),
        ("$curveSpringUnderdamped", springUnderdamped),
        ("$curveSpringCritical", springCritical),
        ("$curveSpringOverdamped", springOverdamped),
    ]

    // The twins of `CurveKernels`' sources; see the comments there for what each computes and why.

    package static let solveCubic = """
        function $curveSolveCubic(target, a, b, c, lower, upper, guess) {
          let lo = lower;
          let hi = upper;
          let u = guess;
          let iteration = 0;
          while (iteration < 200) {
            iteration += 1;
            const f = ((a * u + b) * u + c) * u - target;
            if (f === 0) { return u; }
            if (f < 0) { lo = u; } else { hi = u; }
            const slope = (3 * a * u + 2 * b) * u + c;
            const newton = u - f / slope;
            if (newton > lo && newton < hi) {
              const step = newton - u;
              u = newton;
              if (Math.abs(step) <= 1e-9 * Math.abs(u)) { return u; }
            } else {
              const middle = lo + 0.5 * (hi - lo);
              if (!(middle > lo && middle < hi)) { return u; }
              u = middle;
            }
          }
          return u;
        }
        """

    // `r.bitPattern >> 49` is the high word of r's bits shifted by 17; r >= 0, so the shift is unsigned
    // either way. One DataView for every call: reading a double's bits allocates nothing.
    package static let cubicBezier = """
        const $curveBits = new DataView(new ArrayBuffer(8));
        function $curveCubicBezier(x, split, table, ya, yb, yc, s0, s1, low, high) {
          if (x !== x) { return x; }
          if (x <= 0) {
            if (x === 0 || s0 === 0) { return 0; }
            return s0 * x;
          }
          if (x >= 1) {
            if (x === 1 || s1 === 0) { return 1; }
            return 1 + s1 * (x - 1);
          }
          const side = x > split ? 268 : 0;
          const a = table[side], b = table[side + 1], c = table[side + 2];
          const r = (x - table[side + 3]) * table[side + 4];
          $curveBits.setFloat64(0, r);
          const row = side + 8 + 4 * Math.min(Math.max(($curveBits.getUint32(0) >>> 17) - 8119, 0), 64);
          const guess = ((table[row] * r + table[row + 1]) * r + table[row + 2]) * r + table[row + 3];
          const inverseSlope = 1 / ((3 * a * guess + 2 * b) * guess + c);
          const first = guess - (((a * guess + b) * guess + c) * guess - r) * inverseSlope;
          let u = first - (((a * first + b) * first + c) * first - r) * inverseSlope;
          if (!(Math.abs(u - first) <= 1e-11 * u)) {
            const upper = table[side + 7];
            u = $curveSolveCubic(r, a, b, c, 0, upper, u > 0 && u < upper ? u : guess);
          }
          const t = table[side + 5] + table[side + 6] * u;
          const y = ((ya * t + yb) * t + yc) * t;
          return y < low ? low : y > high ? high : y;
        }
        """

    package static let steps = """
        function $curveSteps(x, count, offset, jumps) {
          let current = Math.floor(x * count) + offset;
          if (x >= 0 && current < 0) { current = 0; }
          if (x <= 1 && current > jumps) { current = jumps; }
          return current / jumps;
        }
        """

    package static let linearSegment = """
        function $curveLinearSegment(x, startInput, startOutput, span, rise) {
          return startOutput + (x - startInput) / span * rise;
        }
        """

    package static let springUnderdamped = """
        function $curveSpringUnderdamped(x, settle, decay, damped, ratio) {
          if (x !== x) { return x; }
          if (x <= 0) { return 0; }
          if (x >= 1) { return 1; }
          const t = x * settle;
          const y = 1 - $mathExp(-decay * t) * ($mathCos(damped * t) + ratio * $mathSin(damped * t));
          return y < 0 ? 0 : y;
        }
        """

    package static let springCritical = """
        function $curveSpringCritical(x, settle, omega) {
          if (x !== x) { return x; }
          if (x <= 0) { return 0; }
          if (x >= 1) { return 1; }
          const t = x * settle;
          const y = 1 - $mathExp(-omega * t) * (1 + omega * t);
          return y < 0 ? 0 : y > 1 ? 1 : y;
        }
        """

    package static let springOverdamped = """
        function $curveSpringOverdamped(x, settle, r1, r2, half) {
          if (x !== x) { return x; }
          if (x <= 0) { return 0; }
          if (x >= 1) { return 1; }
          const t = x * settle;
          const slow = $mathExp(r1 * t);
          const fast = $mathExp(r2 * t);
          const y = 1 - (0.5 * (slow + fast) - half * slow * $mathExpm1((r2 - r1) * t));
          return y < 0 ? 0 : y > 1 ? 1 : y;
        }
        """

    private static func invocation(_ kernel: String, _ argument: String, _ constants: [Double]) -> String {
        "\(kernel)(\(([argument] + constants.map(JavaScriptNames.literal)).joined(separator: ", ")))"
    }

    /// The Swift twin's name with `$` in front, so equal curves share one function in both languages.
    package static func linearFunctionName(_ linear: PiecewiseLinear) -> String {
        "$" + CurveSwiftSource.linearFunctionName(linear)
    }

    /// The Swift twin's name with `$` in front: the table of a cubic-bezier curve.
    package static func bezierTableName(_ bezier: CubicBezier) -> String {
        "$" + CurveSwiftSource.bezierTableName(bezier)
    }

    /// A curve's solve table as exact literals, four to a line (one row of the table each), frozen.
    private static func tableDeclaration(_ name: String, _ table: [Double]) -> [String] {
        var lines = ["const \(name) = Object.freeze(["]
        for start in stride(from: 0, to: table.count, by: 4) {
            lines.append("  " + table[start..<Swift.min(start + 4, table.count)].map(JavaScriptNames.literal).joined(separator: ", ") + ",")
        }
        lines.append("]);")
        return lines
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
