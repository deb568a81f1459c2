import HeaderSource
import HeaderSyntax
import HeaderMath
import HeaderIR

/// The runtime kernels that evaluating curves calls, by their names in every runtime (JavaScript's have `$` in
/// front): each back end takes them from its runtime with what they read (`RuntimeLibrary`).
package enum CurveKernelNames {
    package static func needed(by curves: [Curve]) -> Set<String> {
        var needed = Set<String>()
        for curve in curves {
            switch curve {
            case .linear:
                break
            case let .cubicBezier(bezier):
                if case .table = bezier.solver { needed.formUnion(["curveCubicBezier", "curveBezierTable"]) }
            case .steps:
                needed.insert("curveSteps")
            case .piecewiseLinear:
                needed.insert("curveLinearSegment")
            case let .spring(spring):
                switch spring.motion {
                case .underdamped: needed.insert("curveSpringUnderdamped")
                case .critical: needed.insert("curveSpringCritical")
                case .overdamped: needed.insert("curveSpringOverdamped")
                }
            case .composeCubicBezier:
                needed.insert("curveComposeBezier")
            }
        }
        return needed
    }
}
