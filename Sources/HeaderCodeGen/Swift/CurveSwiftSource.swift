import HeaderSource
import HeaderSyntax
import HeaderMath
import HeaderIR

/// Swift source for evaluating curves in generated code, returning the same bits as
/// `Curve.value(at:)`: calls pass the library's precomputed constants as exact literals to
/// kernels whose text is the library's own kernel text (see `CurveKernels`). A cubic-bezier curve is
/// one line, a `static let` of its two control points' x; its solve table is built at first use by the
/// library's own `curveBezierTable`, kept by `CurveBezierTable` (`Runtime/CurveBezierTable.swift`).
public enum CurveSwiftSource {
    /// A Swift expression of type Double evaluating `curve` at `argument` (a plain identifier of
    /// type Double). Kernels are called as `Self.name(...)`, so the expression must sit inside the
    /// type that holds `kernels(for:)`.
    public static func call(_ curve: Curve, argument: String) -> String {
        switch curve {
        case .linear:
            return argument
        case let .cubicBezier(bezier):
            switch bezier.solver {
            case .identity:
                return argument
            case let .table(split, _):
                let tail = [bezier.ya, bezier.yb, bezier.yc, bezier.startSlope, bezier.endSlope, bezier.yLow, bezier.yHigh].map(literal)
                return "Self.curveCubicBezier(" + ([argument, literal(split), "Self.\(CurveNames.bezierTable(bezier)).table"] + tail)
                    .joined(separator: ", ") + ")"
            }
        case let .steps(steps):
            return invocation("curveSteps", argument, [Double(steps.count), steps.offset, Double(steps.jumps)])
        case let .piecewiseLinear(linear):
            return "Self.\(CurveNames.linearFunction(linear))(\(argument))"
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

    /// The `private static func` declarations (source lines indented by 4 spaces, to sit inside a
    /// `nonisolated enum`) that `call` needs for `curves`: shared kernels first in a fixed order,
    /// then one function per distinct `linear()` curve and one table per distinct cubic-bezier table, sorted
    /// by name; each at most once.
    /// `math`: headerc's own math functions that the rest of the file calls (`mathPow`), emitted with those
    /// the kernels call, each once.
    public static func kernels(for curves: [Curve], math: Set<String> = []) -> [String] {
        let needed = CurveKernelNames.needed(by: curves)
        var linearFunctions: [String: [String]] = [:]
        var bezierTables: [String: String] = [:]
        for curve in curves {
            switch curve {
            case let .cubicBezier(bezier):
                if case .table = bezier.solver { bezierTables[CurveNames.bezierTable(bezier)] = tableDeclaration(bezier) }
            case let .piecewiseLinear(linear):
                linearFunctions[CurveNames.linearFunction(linear)] = linearFunction(linear)
            case .linear, .steps, .spring, .composeCubicBezier:
                break
            }
        }
        var lines = SwiftRuntime.curves.lines(for: needed)
        for name in linearFunctions.keys.sorted() {
            if !lines.isEmpty { lines.append("") }
            lines += linearFunctions[name] ?? []
        }
        if !bezierTables.isEmpty {
            if !lines.isEmpty { lines.append("") }
            lines += SwiftRuntime.bezierTableStorage.lines(for: ["CurveBezierTable"])
            lines.append("")
            lines.append("    // Each cubic-bezier curve, by its control points' x: its solve table is built at its first use.")
            lines += bezierTables.keys.sorted().compactMap { bezierTables[$0] }
        }
        let mathLines = SwiftRuntime.math.lines(for: SwiftRuntime.curves.reads(for: needed).union(math))
        if !mathLines.isEmpty {
            if !lines.isEmpty { lines.append("") }
            lines += mathLines
        }
        return lines
    }

    /// A Swift literal that the compiler reads back as exactly `x`, with negatives (including
    /// -0.0) in parentheses so the text can go anywhere an operand can.
    ///
    /// Shortest round-trip decimal (`x.description`) is not enough: on x86_64 swiftc converts a
    /// float literal to Float80 first and then to Double, and that double rounding moves some
    /// values by one ulp (-6.274305822267499 is one). Such values, and every value when this
    /// process cannot reproduce the Float80 path, are written as exact hexadecimal literals.
    /// Whether `literal` writes `x` in decimal (not as bits or in hexadecimal).
    package static func isDecimalLiteral(_ x: Double) -> Bool {
        x.isFinite && !x.isSubnormal && survivesDoubleRounding(x.description, x)
    }

    public static func literal(_ x: Double) -> String {
        // A NaN keeps its exact bits (sign and payload), which `Double.nan` would not; swiftc warns that a
        // subnormal literal "underflows", so those are written as bits too.
        if x.isNaN || x.isSubnormal {
            let bits = "Double(bitPattern: 0x\(String(x.bitPattern, radix: 16)))"
            return x.isSubnormal && x.sign == .minus ? "(\(bits))" : bits
        }
        if x.isInfinite { return x < 0 ? "(-Double.infinity)" : "Double.infinity" }
        let decimal = x.description
        let text = survivesDoubleRounding(decimal, x) ? decimal : hexadecimal(x)
        return x.sign == .minus ? "(\(text))" : text
    }

    /// Whether swiftc reads the literal `text` back as exactly `x`, a Double or a Float, through the Float80
    /// it reads literals into first; false where this process cannot reproduce that path.
    package static func survivesDoubleRounding<Value: BinaryFloatingPoint>(_ text: String, _ x: Value) -> Bool {
        #if arch(x86_64) && !os(Windows) && !os(Android)
        guard let wide = Float80(text) else { return false }
        let read = Value(wide)
        return read == x && read.sign == x.sign
        #else
        return false
        #endif
    }

    /// `0x1.8p+1` form: exact in every binary format at least as wide as Double.
    package static func hexadecimal(_ x: Double) -> String {
        let sign = x.sign == .minus ? "-" : ""
        if x == 0 { return sign + "0x0p+0" }
        let fraction = x.significandBitPattern
        let biased = Int(x.exponentBitPattern)
        let lead = biased == 0 ? "0" : "1"
        let exponent = biased == 0 ? -1022 : biased - 1023
        var digits = String(fraction, radix: 16)
        digits = String(repeating: "0", count: 13 - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        let point = digits.isEmpty ? "" : "." + digits
        return "\(sign)0x\(lead)\(point)p\(exponent < 0 ? "-" : "+")\(Swift.abs(exponent))"
    }

    private static func invocation(_ kernel: String, _ argument: String, _ constants: [Double]) -> String {
        "Self.\(kernel)(\(([argument] + constants.map(literal)).joined(separator: ", ")))"
    }

    /// A curve's solve table: one line, built by the shared kernel at its first use.
    private static func tableDeclaration(_ bezier: CubicBezier) -> String {
        "    private static let \(CurveNames.bezierTable(bezier)) = CurveBezierTable(\(literal(bezier.x1)), \(literal(bezier.x2)))"
    }

    /// The lines a file needs at its top for `kernels(for: curves)`: the atomics that keep a cubic-bezier
    /// curve's table where a lazy static is not read inline (`Runtime/CurveBezierTable.swift`).
    public static func imports(for curves: [Curve]) -> [String] {
        let tables = curves.contains { curve in
            if case let .cubicBezier(bezier) = curve, case .table = bezier.solver { return true }
            return false
        }
        return tables ? ["#if !canImport(Darwin)", "import Synchronization", "#endif"] : []
    }

    /// The if-chain twin of `PiecewiseLinear.value(at:)`: the same comparisons pick the same
    /// segment, and each segment calls the shared kernel with the same constants.
    private static func linearFunction(_ linear: PiecewiseLinear) -> [String] {
        let inputs = linear.inputs, outputs = linear.outputs
        func segment(_ s: Int) -> String {
            let span = inputs[s + 1] - inputs[s]
            if span == 0 { return literal(outputs[s + 1]) }
            let arguments = [inputs[s], outputs[s], span, outputs[s + 1] - outputs[s]].map(literal)
            return "curveLinearSegment(x, \(arguments.joined(separator: ", ")))"
        }
        let last = inputs.count - 1
        var lines = ["    private static func \(CurveNames.linearFunction(linear))(_ x: Double) -> Double {",
                     "        if x.isNaN { return x }"]
        for k in 1..<last {
            lines.append("        if x < \(literal(inputs[k])) { return \(segment(k - 1)) }")
        }
        lines.append("        return \(segment(last - 1))")
        lines.append("    }")
        return lines
    }
}
