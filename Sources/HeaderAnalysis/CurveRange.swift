import HeaderSource
import HeaderSyntax
import HeaderMath
import HeaderIR
import HeaderEval
import Foundation

/// The exact range of a curve over an interval of progress: its values at the ends and at every turning
/// point between them (and, for `linear()`, the values its jumps approach). Bézier curves turn where dy/dt
/// vanishes (a quadratic's roots, mapped to x through x(t)); underdamped springs at each half period of
/// their oscillation; `linear()` at its points; steps and the other springs never turn.
package enum CurveRange {
    package static func range(of curve: Curve, over lower: Double, _ upper: Double) -> (lower: Double, upper: Double) {
        if case .composeCubicBezier = curve { return composeRange(over: lower, upper) }
        var candidates = [lower, upper].map { curve.value(at: $0) }
        for x in turningPoints(of: curve) where x > lower && x < upper {
            candidates.append(curve.value(at: x))
        }
        // linear() jumps where two points share an input: the value before the jump is approached there
        // without being taken, and bounds the range all the same.
        if case .piecewiseLinear(let linear) = curve {
            for (x, y) in zip(linear.inputs, linear.outputs) where x >= lower && x <= upper { candidates.append(y) }
        }
        // Outside 0...1 a Bézier or a linear() extends along a straight line, so an unbounded side goes
        // to an infinity unless that line is flat.
        let finite = candidates.filter { !$0.isNaN }
        return (finite.min() ?? -.infinity, finite.max() ?? .infinity)
    }

    /// Where the curve may turn within 0...1 (its extremes lie at the ends of an interval or here).
    static func turningPoints(of curve: Curve) -> [Double] {
        switch curve {
        case .linear, .steps: return [0, 1]
        case .piecewiseLinear(let curve): return curve.inputs + [0, 1]
        case .cubicBezier(let curve): return bezierTurningPoints(curve) + [0, 1]
        case .spring(let spring): return springTurningPoints(spring) + [0, 1]
        case .composeCubicBezier: return [0, 1]
        }
    }

    /// Compose's curve in Float (`ComposeCubicBezier`) clamps what it gives for a fraction strictly between 0
    /// and 1 into 0...1, and gives any other fraction back as it is; its Float solve is not bounded more
    /// tightly than that.
    private static func composeRange(over lower: Double, _ upper: Double) -> (lower: Double, upper: Double) {
        var low = Double.infinity, high = -Double.infinity
        if lower <= 0 { (low, high) = (Swift.min(low, lower), Swift.max(high, Swift.min(upper, 0))) }
        if upper >= 1 { (low, high) = (Swift.min(low, Swift.max(lower, 1)), Swift.max(high, upper)) }
        if lower < 1 && upper > 0 { (low, high) = (Swift.min(low, 0), Swift.max(high, 1)) }
        return (low, high)
    }

    /// dy/dt = 3·ya t² + 2·yb t + yc; at each root t in (0, 1), x(t) is where y turns.
    private static func bezierTurningPoints(_ curve: CubicBezier) -> [Double] {
        let (ya, yb, yc) = CubicBezier.coefficients(curve.y1, curve.y2)
        let (xa, xb, xc) = CubicBezier.coefficients(curve.x1, curve.x2)
        var roots: [Double] = []
        let a = 3 * ya, b = 2 * yb, c = yc
        if abs(a) < 1e-15 {
            if abs(b) > 1e-15 { roots.append(-c / b) }
        } else {
            let discriminant = b * b - 4 * a * c
            if discriminant >= 0 {
                let root = discriminant.squareRoot()
                roots += [(-b - root) / (2 * a), (-b + root) / (2 * a)]
            }
        }
        var points: [Double] = []
        for t in roots where t > 0 && t < 1 {
            let x = ((xa * t + xb) * t + xc) * t
            // The curve's own solver lands within 1e-13 of the root: its neighbours are tried too.
            points += [x, x - 1e-9, x + 1e-9]
        }
        return points
    }

    /// An underdamped spring's position 1 - e^(-decay t)(cos(ωt) + r sin(ωt)) turns at t = kπ/ω.
    private static func springTurningPoints(_ spring: SpringCurve) -> [Double] {
        guard case .underdamped(_, let damped, _) = spring.motion, damped > 0 else { return [] }
        var points: [Double] = []
        var k = 1.0
        while k * .pi / damped < spring.settlingTime, points.count < 3_000 {
            let x = k * .pi / damped / spring.settlingTime
            points += [x, x.nextDown, x.nextUp]
            k += 1
        }
        return points
    }
}
