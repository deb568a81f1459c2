/// An interpolation curve: maps input progress x to output progress, 0 to 0 and 1 to 1 for every
/// kind except a `linear()` whose stops say otherwise.
public enum Curve: Sendable, Hashable {
    case linear
    case cubicBezier(CubicBezier)
    case steps(Steps)
    case piecewiseLinear(PiecewiseLinear)
    case spring(SpringCurve)
    /// A cubic-bezier applied to a Float, as Compose's `CubicBezierEasing` computes it.
    case composeCubicBezier(ComposeCubicBezier)

    /// The curve's output at `x`. Total: never traps, NaN gives NaN (the kinds document their
    /// values outside [0, 1]); `linear` is the identity everywhere.
    public func value(at x: Double) -> Double {
        switch self {
        case .linear: return x
        case let .cubicBezier(curve): return curve.value(at: x)
        case let .steps(curve): return curve.value(at: x)
        case let .piecewiseLinear(curve): return curve.value(at: x)
        case let .spring(curve): return curve.value(at: x)
        case let .composeCubicBezier(curve): return curve.value(at: x)
        }
    }

    /// The same curve, called `name` where the curve keeps a name (a cubic-bezier's table is named after it).
    public func named(_ name: String) -> Curve {
        if case let .cubicBezier(bezier) = self { return .cubicBezier(bezier.named(name)) }
        return self
    }

    /// The largest magnitude of a `cubicBezier`'s y, and of a `linear()`'s output or position (in percent),
    /// that the checker takes: within it a curve's own arithmetic cannot overflow, and the range analysis
    /// bounds it exactly (Grammar.md, "Curves"). CSS sets no bound; no real curve comes near it.
    public static let largestParameter = 1_000_000.0

    /// Named presets usable in specs, each with its definition, for docs and "did you mean".
    /// Names are identifiers (the spec language has no `-` in names); `preset(named:)` also takes
    /// the CSS spellings such as `ease-in-out`.
    public static let presets: [(name: String, curve: Curve, summary: String)] = {
        var list: [(name: String, curve: Curve, summary: String)] = [
            ("linear", .linear, "identity: output = input"),
        ]
        func bezier(_ name: String, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ origin: String) {
            guard let curve = CubicBezier(x1: x1, y1: y1, x2: x2, y2: y2) else { return }
            list.append((name, .cubicBezier(curve.named(name)),
                         "cubic-bezier(\([x1, y1, x2, y2].map(short).joined(separator: ", "))), \(origin)"))
        }
        bezier("ease", 0.25, 0.1, 0.25, 1, "CSS ease")
        bezier("easeIn", 0.42, 0, 1, 1, "CSS ease-in")
        bezier("easeOut", 0, 0, 0.58, 1, "CSS ease-out")
        bezier("easeInOut", 0.42, 0, 0.58, 1, "CSS ease-in-out")
        // Core Animation's named timing functions; SwiftUI's .easeIn, .easeOut and .easeInOut are the same curves.
        bezier("caDefault", 0.25, 0.1, 0.25, 1, "Core Animation kCAMediaTimingFunctionDefault")
        bezier("caEaseIn", 0.42, 0, 1, 1, "Core Animation easeIn, SwiftUI .easeIn")
        bezier("caEaseOut", 0, 0, 0.58, 1, "Core Animation easeOut, SwiftUI .easeOut")
        bezier("caEaseInEaseOut", 0.42, 0, 0.58, 1, "Core Animation easeInEaseOut, SwiftUI .easeInOut")
        bezier("m3Standard", 0.2, 0, 0, 1, "Material 3 standard")
        bezier("m3StandardAccelerate", 0.3, 0, 1, 1, "Material 3 standard accelerate")
        bezier("m3StandardDecelerate", 0, 0, 0, 1, "Material 3 standard decelerate")
        bezier("m3EmphasizedDecelerate", 0.05, 0.7, 0.1, 1, "Material 3 emphasized decelerate")
        bezier("m3EmphasizedAccelerate", 0.3, 0, 0.8, 0.15, "Material 3 emphasized accelerate")
        bezier("m3Legacy", 0.4, 0, 0.2, 1, "Material 3 legacy")
        bezier("m3LegacyAccelerate", 0.4, 0, 1, 1, "Material 3 legacy accelerate")
        bezier("m3LegacyDecelerate", 0, 0, 0.2, 1, "Material 3 legacy decelerate")
        func steps(_ name: String, _ position: StepPosition, _ origin: String) {
            guard let curve = Steps(count: 1, position: position) else { return }
            list.append((name, .steps(curve), "steps(1, \(position.rawValue)), \(origin)"))
        }
        steps("stepStart", .jumpStart, "CSS step-start: 1 from x = 0 on")
        steps("stepEnd", .jumpEnd, "CSS step-end: 0 until x reaches 1")
        func spring(_ name: String, _ duration: Double, _ bounce: Double, _ origin: String) {
            guard let curve = SpringCurve(duration: duration, bounce: bounce) else { return }
            list.append((name, .spring(curve), "spring(duration: \(short(duration)), bounce: \(short(bounce))), \(origin)"))
        }
        spring("smooth", 0.5, 0, "SwiftUI .smooth: no overshoot (critically damped)")
        spring("snappy", 0.5, 0.15, "SwiftUI .snappy: small overshoot")
        spring("bouncy", 0.5, 0.3, "SwiftUI .bouncy: visible overshoot")
        return list
    }()

    /// 0.0 → "0", 0.25 → "0.25": how the numbers read in a spec.
    private static func short(_ x: Double) -> String {
        let text = x.description
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }

    /// The preset called `named` (e.g. `easeInOut`, or its CSS spelling `ease-in-out`).
    public static func preset(named: String) -> Curve? {
        let key = camelCase(named)
        return presets.first(where: { $0.name == key })?.curve
    }

    /// `ease-in-out` → `easeInOut`; names without `-` are returned unchanged.
    package static func camelCase(_ name: String) -> String {
        let parts = name.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count > 1, !parts.contains(where: \.isEmpty) else { return name }
        return String(parts[0]) + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }
}
