/// The numeric kernels behind `Curve.value(at:)`, in `CurveKernels.swift`: one text, compiled into the library
/// and carried by generated Swift. JavaScript's and Kotlin's are their runtimes' (`curves.mjs`, `Runtime.kt` in
/// HeaderCodeGen), written line for line from these, with the same IEEE operations in the same order.
package enum CurveKernels {
    /// The springs' and Compose's curve's transcendental functions are headerc's own (`OwnedMath`, emitted beside the kernels
    /// that call them), so the kernels read the same in the library and in generated code.
    @inline(__always) package static func mathExp(_ x: Double) -> Double { OwnedMath.exp(x) }
    @inline(__always) package static func mathExpm1(_ x: Double) -> Double { OwnedMath.expm1(x) }
    @inline(__always) package static func mathSin(_ x: Double) -> Double { OwnedMath.sin(x) }
    @inline(__always) package static func mathCos(_ x: Double) -> Double { OwnedMath.cos(x) }
    @inline(__always) package static func mathAcos(_ x: Double) -> Double { OwnedMath.acos(x) }
}
