/// A cubic-bezier curve applied to a Float: Compose's `CubicBezierEasing`, computed as Compose computes it
/// (`CurveKernels.curveComposeBezier`). Its four numbers are Kotlin's Float literals of the curve's, each
/// rounded once to binary32 (`cubicBezier(0.4, 0, 0.2, 1)` is `CubicBezierEasing(0.4f, 0f, 0.2f, 1f)`), held as
/// the Doubles they are exactly.
public struct ComposeCubicBezier: Sendable, Hashable {
    public let x1: Double
    public let y1: Double
    public let x2: Double
    public let y2: Double
    /// The curve's name where it has one (`m3Legacy`), as `CubicBezier.name`; not part of its identity.
    public let name: String?

    public init(_ bezier: CubicBezier) {
        x1 = Double(Float(bezier.x1))
        y1 = Double(Float(bezier.y1))
        x2 = Double(Float(bezier.x2))
        y2 = Double(Float(bezier.y2))
        name = bezier.name
    }

    public static func == (lhs: ComposeCubicBezier, rhs: ComposeCubicBezier) -> Bool {
        (lhs.x1, lhs.y1, lhs.x2, lhs.y2) == (rhs.x1, rhs.y1, rhs.x2, rhs.y2)
    }

    public func hash(into hasher: inout Hasher) {
        for value in [x1, y1, x2, y2] { hasher.combine(value) }
    }

    /// The eased fraction: in 0...1 for a fraction strictly between 0 and 1, the fraction itself elsewhere.
    public func value(at x: Double) -> Double {
        CurveKernels.curveComposeBezier(x, x1, y1, x2, y2)
    }
}
