import Foundation
import XCTest
@testable import HeaderKit

/// Compares `CubicBezier.value(at:)` with an independent Float80 reference at 100,000 inputs per
/// curve. The reference bisects the Bernstein form (not the power basis the library uses) with a
/// 64-bit significand, and is itself checked against tools/curves/ref.py values first.
final class CurvePrecisionTests: XCTestCase {
    /// cubic-bezier in Float80 by bisection on t. Below x = 0.5 it compares x(t) with x; above, it
    /// compares 1 - x(t) written as its own Bernstein sum, so both ends keep relative accuracy
    /// (an end with x'(t) = 0 otherwise turns 1e-19 of rounding into 1e-11 of t).
    struct Reference {
        let x1: Float80, y1: Float80, x2: Float80, y2: Float80

        init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
            (self.x1, self.y1, self.x2, self.y2) = (Float80(x1), Float80(y1), Float80(x2), Float80(y2))
        }

        func value(_ xIn: Double) -> Float80 {
            let x = Float80(xIn)
            if x <= 0 || x >= 1 { return x <= 0 ? 0 : 1 }
            // (1, y1, 0, y2) is x = 1/2 + 4 (t - 1/2)^3 exactly, so t has a closed form; the
            // bisection could not resolve t there (x'(1/2) = 0).
            if x1 == 1 && x2 == 0 {
                let d = (x - 0.5) / 4
                let u = d < 0 ? -Foundation.cbrt(-d) : Foundation.cbrt(d)
                return y(0.5 + u)
            }
            var lo: Float80 = 0, hi: Float80 = 1
            let complement = x > 0.5
            let target = complement ? 1 - x : x
            for _ in 0..<66 {
                let t = (lo + hi) / 2
                let s = 1 - t
                let below: Bool
                if complement {
                    // 1 - x(t) = s^3 + 3 s^2 t (1 - x1) + 3 s t^2 (1 - x2), decreasing in t
                    below = s * s * s + 3 * s * s * t * (1 - x1) + 3 * s * t * t * (1 - x2) > target
                } else {
                    below = 3 * s * s * t * x1 + 3 * s * t * t * x2 + t * t * t < target
                }
                if below { lo = t } else { hi = t }
            }
            return y((lo + hi) / 2)
        }

        func y(_ t: Float80) -> Float80 {
            let s = 1 - t
            return 3 * s * s * t * y1 + 3 * s * t * t * y2 + t * t * t
        }

        /// Tangent slopes at the ends, from the geometric rule (README "Extrapolation").
        var slopes: (Float80, Float80) {
            let start: Float80 = x1 > 0 ? y1 / x1 : (y1 == 0 && x2 > 0 ? y2 / x2 : (y1 == 0 && y2 == 0 ? 1 : 0))
            let end: Float80 = x2 < 1 ? (y2 - 1) / (x2 - 1)
                : (y2 == 1 && x1 < 1 ? (y1 - 1) / (x1 - 1) : (y2 == 1 && y1 == 1 ? 1 : 0))
            return (start, end)
        }
    }

    static let curves: [(name: String, points: (Double, Double, Double, Double))] = {
        var list: [(name: String, points: (Double, Double, Double, Double))] = []
        for preset in Curve.presets {
            if case let .cubicBezier(b) = preset.curve { list.append((preset.name, (b.x1, b.y1, b.x2, b.y2))) }
        }
        list += [
            ("(0,1,0,1)", (0, 1, 0, 1)),
            ("(1,0,0,1)", (1, 0, 0, 1)),
            ("(0.05,0.7,0.1,1)", (0.05, 0.7, 0.1, 1)),
            ("(0.3,-0.5,0.7,1.5)", (0.3, -0.5, 0.7, 1.5)),
            // Beyond the brief: nearly flat in the middle, and steep ends at x = 0 and x = 1.
            ("(0.99,0,0.01,1)", (0.99, 0, 0.01, 1)),
            ("(0.9,0.2,0.15,0.8)", (0.9, 0.2, 0.15, 0.8)),
            ("(0,0.5,1,0.5)", (0, 0.5, 1, 0.5)),
            ("(0.3,0,1,0.5)", (0.3, 0, 1, 0.5)),
            ("(0,2,1,-1)", (0, 2, 1, -1)),
        ]
        return list
    }()

    /// 100,000 inputs: uniform random, a grid, and clusters where solvers struggle (near 0, 1
    /// and 1/2, in decades down to 1e-300 / 1 ulp).
    static let inputs: [Double] = {
        var xs: [Double] = []
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func random() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) * 0x1p-53
        }
        for _ in 0..<60_000 { xs.append(random()) }
        for i in 0..<20_000 { xs.append(Double(i) / 20_000) }
        while xs.count < 100_000 {
            let exponent = -300 * random() * random()
            let d = Foundation.pow(10, exponent) * (0.5 + random())
            xs += [d, 1 - d, 0.5 + d, 0.5 - d].filter { $0 > 0 && $0 < 1 }
        }
        return Array(xs.prefix(100_000))
    }()

    func testReferenceAgreesWithRefPy() {
        // python3 ref.py bezier ease 0.1 0.25 0.5 0.75 0.9 --binary64-input --double
        let ease = Reference(0.25, 0.1, 0.25, 1)
        for (x, expected) in [(0.1, 0.09479630571604325), (0.25, 0.40851059135539586), (0.5, 0.802403387584857),
                              (0.75, 0.9604589783489741), (0.9, 0.9943164774845564)] {
            XCTAssertEqual(Double(ease.value(x)), expected, accuracy: 2e-16)
        }
        // python3 ref.py bezier 1 0 0 1 0.001 0.1 0.4999 0.5001 0.999999 --binary64-input --double
        let flat = Reference(1, 0, 0, 1)
        for (x, expected) in [(0.001, 3.3370419825627253e-07), (0.1, 0.0037616749580831666), (0.4999, 0.4561897339268086),
                              (0.5001, 0.5438102660731914), (0.999999, 0.9999999999996667)] {
            XCTAssertEqual(Double(flat.value(x)), expected, accuracy: 2e-16)
        }
        // python3 ref.py bezier 0 1 0 1 0.001 0.1 0.4999 0.999999 --binary64-input --double
        let steep = Reference(0, 1, 0, 1)
        for (x, expected) in [(0.001, 0.271), (0.1, 0.8461462430742686), (0.4999, 0.9912132450311423),
                              (0.999999, 1.0)] {
            XCTAssertEqual(Double(steep.value(x)), expected, accuracy: 2e-16)
        }
        // python3 ref.py bezier 0.3 -0.5 0.7 1.5 0.001 0.4999 0.999999 --binary64-input --double
        let over = Reference(0.3, -0.5, 0.7, 1.5)
        for (x, expected) in [(0.001, -0.0016568047350846125), (0.4999, 0.4997857142896633),
                              (0.999999, 1.0000016666567901)] {
            XCTAssertEqual(Double(over.value(x)), expected, accuracy: 2e-16)
        }
    }

    private func isPreset(_ name: String) -> Bool { Curve.presets.contains { $0.name == name } }

    func testCubicBezierPrecision() {
        let curves = Self.curves, inputs = Self.inputs
        let outside: [Double] = [-1e6, -3, -1, -0.5, -1e-9, -1e-300, 1 + 1e-15, 1.000001, 1.5, 2, 10, 1e6]
        let results = Concurrently.map(curves) { named -> (worst: Double, at: Double, outsideWorst: Double) in
            let (x1, y1, x2, y2) = named.points
            guard let curve = CubicBezier(x1: x1, y1: y1, x2: x2, y2: y2) else { return (.infinity, .nan, .infinity) }
            let reference = Reference(x1, y1, x2, y2)
            var worst = 0.0, worstAt = 0.0
            for x in inputs {
                let error = Swift.abs(Double(Float80(curve.value(at: x)) - reference.value(x)))
                if !(error <= worst) { worst = error; worstAt = x }
            }
            let (s0, s1) = reference.slopes
            var outsideWorst = 0.0
            for x in outside {
                let expected = x < 0 ? s0 * Float80(x) : 1 + s1 * (Float80(x) - 1)
                let error = Swift.abs(Double(Float80(curve.value(at: x)) - expected)) / Swift.max(1, Swift.abs(Double(expected)))
                outsideWorst = Swift.max(outsideWorst, error.isNaN ? .infinity : error)
            }
            return (worst, worstAt, outsideWorst)
        }
        for (curve, result) in zip(curves, results) {
            let name = curve.name.padding(toLength: 24, withPad: " ", startingAt: 0)
            print("cubic-bezier precision \(name) worst |Δy| = \(result.worst) at x = \(result.at); outside [0,1] rel \(result.outsideWorst)")
            // The presets reach about 1e-16; the hard curves, where x'(t) nearly vanishes inside (0, 1), 1e-14.
            XCTAssertLessThanOrEqual(result.worst, isPreset(curve.name) ? 1e-15 : 1e-13, curve.name)
            XCTAssertLessThanOrEqual(result.outsideWorst, 1e-15, curve.name)
        }
    }
}
