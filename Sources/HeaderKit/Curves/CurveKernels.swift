import Foundation

/// The numeric kernels behind `Curve.value(at:)`, each written twice on purpose: once as the
/// library function and once, right above it, as the source text that `CurveSwiftSource` emits.
/// The two bodies are the same text (only `private` differs), so generated code performs the same
/// IEEE operations in the same order and returns the same bits. `CurveTests` checks that the text
/// of every library kernel below matches its string, and compiles the strings to compare bits.
///
/// Rules for editing: change a kernel and its string together; use only `+ - * /`, comparisons,
/// `.squareRoot()`, `.rounded(.down)` and the `Foundation` functions `exp`, `expm1`, `sin`, `cos`
/// (glibc/libm calls made the same way in both places); no FMA; every loop has a fixed bound.
enum CurveKernels {
    /// Name of a kernel as it appears in generated code, plus the names of kernels it calls.
    struct Declaration: Sendable {
        let name: String
        let dependencies: [String]
        let source: String
    }

    static let all: [Declaration] = [
        Declaration(name: "curveSolveCubic", dependencies: [], source: solveCubicSource),
        Declaration(name: "curveCubicBezier", dependencies: ["curveSolveCubic"], source: cubicBezierSource),
        Declaration(name: "curveCubicBezierInflected", dependencies: ["curveSolveCubic"],
                    source: cubicBezierInflectedSource),
        Declaration(name: "curveSteps", dependencies: [], source: stepsSource),
        Declaration(name: "curveLinearSegment", dependencies: [], source: linearSegmentSource),
        Declaration(name: "curveSpringUnderdamped", dependencies: [], source: springUnderdampedSource),
        Declaration(name: "curveSpringCritical", dependencies: [], source: springCriticalSource),
        Declaration(name: "curveSpringOverdamped", dependencies: [], source: springOverdampedSource),
    ]

    // MARK: - cubic solver

    // Safeguarded Newton on p(u) = ((a u + b) u + c) u = target, p increasing on [lower, upper].
    // Newton converges quadratically from the chord guess for ordinary curves; whenever a step
    // would leave the bracket (zero or tiny slope, bad guess), a bisection step is taken instead,
    // so the loop always makes progress. It stops after a Newton step smaller than 1e-9 relative
    // (the next error would be ~1e-18 relative), or when the bracket is two adjacent doubles.
    // 200 iterations bound the loop even for NaN or inconsistent brackets.
    static let solveCubicSource = """
        private static func curveSolveCubic(_ target: Double, _ a: Double, _ b: Double, _ c: Double, _ lower: Double, _ upper: Double, _ guess: Double) -> Double {
            var lo = lower
            var hi = upper
            var u = guess
            var iteration = 0
            while iteration < 200 {
                iteration += 1
                let f = ((a * u + b) * u + c) * u - target
                if f == 0 { return u }
                if f < 0 { lo = u } else { hi = u }
                let slope = (3 * a * u + 2 * b) * u + c
                let newton = u - f / slope
                if newton > lo && newton < hi {
                    let step = newton - u
                    u = newton
                    if Swift.abs(step) <= 1e-9 * Swift.abs(u) { return u }
                } else {
                    let middle = lo + 0.5 * (hi - lo)
                    if !(middle > lo && middle < hi) { return u }
                    u = middle
                }
            }
            return u
        }
        """
    @inline(__always)
    static func curveSolveCubic(_ target: Double, _ a: Double, _ b: Double, _ c: Double, _ lower: Double, _ upper: Double, _ guess: Double) -> Double {
        var lo = lower
        var hi = upper
        var u = guess
        var iteration = 0
        while iteration < 200 {
            iteration += 1
            let f = ((a * u + b) * u + c) * u - target
            if f == 0 { return u }
            if f < 0 { lo = u } else { hi = u }
            let slope = (3 * a * u + 2 * b) * u + c
            let newton = u - f / slope
            if newton > lo && newton < hi {
                let step = newton - u
                u = newton
                if Swift.abs(step) <= 1e-9 * Swift.abs(u) { return u }
            } else {
                let middle = lo + 0.5 * (hi - lo)
                if !(middle > lo && middle < hi) { return u }
                u = middle
            }
        }
        return u
    }

    // MARK: - cubic-bezier

    // x <= 0.5 solves x(t) = x with t measured from 0 (coefficients xa, xb, xc); x > 0.5 solves
    // 1 - x(1 - s) = 1 - x with s measured from 1 (the mirrored curve, coefficients ma, mb, mc).
    // Each side then evaluates its polynomial where its value is small, so the residual has a
    // relative error, which keeps t accurate where x'(t) vanishes at an end point. 1 - x is exact
    // for x > 0.5. Outside [0, 1] the curve continues along its end tangents (slopes s0, s1).
    static let cubicBezierSource = """
        private static func curveCubicBezier(_ x: Double, _ xa: Double, _ xb: Double, _ xc: Double, _ ma: Double, _ mb: Double, _ mc: Double, _ ya: Double, _ yb: Double, _ yc: Double, _ s0: Double, _ s1: Double) -> Double {
            if x.isNaN { return x }
            if x <= 0 {
                if x == 0 || s0 == 0 { return 0 }
                return s0 * x
            }
            if x >= 1 {
                if x == 1 || s1 == 0 { return 1 }
                return 1 + s1 * (x - 1)
            }
            let t: Double
            if x <= 0.5 {
                t = curveSolveCubic(x, xa, xb, xc, 0, 1, x)
            } else {
                let r = 1 - x
                t = 1 - curveSolveCubic(r, ma, mb, mc, 0, 1, r)
            }
            return ((ya * t + yb) * t + yc) * t
        }
        """
    @inline(__always)
    static func curveCubicBezier(_ x: Double, _ xa: Double, _ xb: Double, _ xc: Double, _ ma: Double, _ mb: Double, _ mc: Double, _ ya: Double, _ yb: Double, _ yc: Double, _ s0: Double, _ s1: Double) -> Double {
        if x.isNaN { return x }
        if x <= 0 {
            if x == 0 || s0 == 0 { return 0 }
            return s0 * x
        }
        if x >= 1 {
            if x == 1 || s1 == 0 { return 1 }
            return 1 + s1 * (x - 1)
        }
        let t: Double
        if x <= 0.5 {
            t = curveSolveCubic(x, xa, xb, xc, 0, 1, x)
        } else {
            let r = 1 - x
            t = 1 - curveSolveCubic(r, ma, mb, mc, 0, 1, r)
        }
        return ((ya * t + yb) * t + yc) * t
    }

    // For curves close to (1, _, 0, _), x'(t) nearly vanishes inside (0, 1) at the inflection
    // point ti, where x(t) = q + ((a u + b) u + c) u with u = t - ti. Solving in u keeps the
    // residual small and relative there (x - q is exact near q by Sterbenz), which an expansion
    // around 0 or 1 cannot: its rounding error of ~1e-16 divided by x' ~ 1e-6 would move t.
    static let cubicBezierInflectedSource = """
        private static func curveCubicBezierInflected(_ x: Double, _ a: Double, _ b: Double, _ c: Double, _ q: Double, _ ti: Double, _ ya: Double, _ yb: Double, _ yc: Double, _ s0: Double, _ s1: Double) -> Double {
            if x.isNaN { return x }
            if x <= 0 {
                if x == 0 || s0 == 0 { return 0 }
                return s0 * x
            }
            if x >= 1 {
                if x == 1 || s1 == 0 { return 1 }
                return 1 + s1 * (x - 1)
            }
            let t = ti + curveSolveCubic(x - q, a, b, c, -ti, 1 - ti, x - ti)
            return ((ya * t + yb) * t + yc) * t
        }
        """
    @inline(__always)
    static func curveCubicBezierInflected(_ x: Double, _ a: Double, _ b: Double, _ c: Double, _ q: Double, _ ti: Double, _ ya: Double, _ yb: Double, _ yc: Double, _ s0: Double, _ s1: Double) -> Double {
        if x.isNaN { return x }
        if x <= 0 {
            if x == 0 || s0 == 0 { return 0 }
            return s0 * x
        }
        if x >= 1 {
            if x == 1 || s1 == 0 { return 1 }
            return 1 + s1 * (x - 1)
        }
        let t = ti + curveSolveCubic(x - q, a, b, c, -ti, 1 - ti, x - ti)
        return ((ya * t + yb) * t + yc) * t
    }

    // MARK: - steps

    // css-easing-2 "output of a step easing function" with the before flag unset. `offset` is 1
    // for jump-start and jump-both, else 0; adding it also turns floor(-0.0) into +0.0.
    static let stepsSource = """
        private static func curveSteps(_ x: Double, _ count: Double, _ offset: Double, _ jumps: Double) -> Double {
            var current = (x * count).rounded(.down) + offset
            if x >= 0 && current < 0 { current = 0 }
            if x <= 1 && current > jumps { current = jumps }
            return current / jumps
        }
        """
    @inline(__always)
    static func curveSteps(_ x: Double, _ count: Double, _ offset: Double, _ jumps: Double) -> Double {
        var current = (x * count).rounded(.down) + offset
        if x >= 0 && current < 0 { current = 0 }
        if x <= 1 && current > jumps { current = jumps }
        return current / jumps
    }

    // MARK: - linear()

    // One segment of a linear() curve, in the spec's order of operations.
    static let linearSegmentSource = """
        private static func curveLinearSegment(_ x: Double, _ startInput: Double, _ startOutput: Double, _ span: Double, _ rise: Double) -> Double {
            return startOutput + (x - startInput) / span * rise
        }
        """
    @inline(__always)
    static func curveLinearSegment(_ x: Double, _ startInput: Double, _ startOutput: Double, _ span: Double, _ rise: Double) -> Double {
        return startOutput + (x - startInput) / span * rise
    }

    // MARK: - springs

    // Position of a unit-mass spring released at 0 towards 1 with no initial velocity, at time
    // t = x * settle. decay = zeta * omega0, damped = omega0 * sqrt(1 - zeta^2), ratio = decay / damped.
    static let springUnderdampedSource = """
        private static func curveSpringUnderdamped(_ x: Double, _ settle: Double, _ decay: Double, _ damped: Double, _ ratio: Double) -> Double {
            if x.isNaN { return x }
            if x <= 0 { return 0 }
            if x >= 1 { return 1 }
            let t = x * settle
            return 1 - Foundation.exp(-decay * t) * (Foundation.cos(damped * t) + ratio * Foundation.sin(damped * t))
        }
        """
    @inline(__always)
    static func curveSpringUnderdamped(_ x: Double, _ settle: Double, _ decay: Double, _ damped: Double, _ ratio: Double) -> Double {
        if x.isNaN { return x }
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        let t = x * settle
        return 1 - Foundation.exp(-decay * t) * (Foundation.cos(damped * t) + ratio * Foundation.sin(damped * t))
    }

    static let springCriticalSource = """
        private static func curveSpringCritical(_ x: Double, _ settle: Double, _ omega: Double) -> Double {
            if x.isNaN { return x }
            if x <= 0 { return 0 }
            if x >= 1 { return 1 }
            let t = x * settle
            return 1 - Foundation.exp(-omega * t) * (1 + omega * t)
        }
        """
    @inline(__always)
    static func curveSpringCritical(_ x: Double, _ settle: Double, _ omega: Double) -> Double {
        if x.isNaN { return x }
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        let t = x * settle
        return 1 - Foundation.exp(-omega * t) * (1 + omega * t)
    }

    // With roots r1 > r2 of the characteristic polynomial, 1 - position is
    // (e^(r1 t) + e^(r2 t)) / 2 + decay (e^(r1 t) - e^(r2 t)) / (r1 - r2). The difference is
    // written e^(r1 t) * -expm1((r2 - r1) t) so that it stays accurate when zeta is close to 1
    // (r1 - r2 tiny) and cannot overflow when zeta is large. half = decay / (r1 - r2).
    static let springOverdampedSource = """
        private static func curveSpringOverdamped(_ x: Double, _ settle: Double, _ r1: Double, _ r2: Double, _ half: Double) -> Double {
            if x.isNaN { return x }
            if x <= 0 { return 0 }
            if x >= 1 { return 1 }
            let t = x * settle
            let slow = Foundation.exp(r1 * t)
            let fast = Foundation.exp(r2 * t)
            return 1 - (0.5 * (slow + fast) - half * slow * Foundation.expm1((r2 - r1) * t))
        }
        """
    @inline(__always)
    static func curveSpringOverdamped(_ x: Double, _ settle: Double, _ r1: Double, _ r2: Double, _ half: Double) -> Double {
        if x.isNaN { return x }
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        let t = x * settle
        let slow = Foundation.exp(r1 * t)
        let fast = Foundation.exp(r2 * t)
        return 1 - (0.5 * (slow + fast) - half * slow * Foundation.expm1((r2 - r1) * t))
    }
}
