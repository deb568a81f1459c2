import Foundation
import XCTest
@testable import HeaderKit

final class CurveTests: XCTestCase {
    private func bezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double,
                        file: StaticString = #filePath, line: UInt = #line) throws -> CubicBezier {
        try XCTUnwrap(CubicBezier(x1: x1, y1: y1, x2: x2, y2: y2), file: file, line: line)
    }

    // MARK: cubic-bezier

    func testCubicBezierMatchesRefPy() throws {
        // python3 ref.py bezier ease 0.1 0.25 0.5 0.75 0.9 --binary64-input --double (and the other names)
        let table: [(Curve?, [Double])] = [
            (Curve.preset(named: "ease"), [0.09479630571604325, 0.40851059135539586, 0.802403387584857, 0.9604589783489741, 0.9943164774845564]),
            (Curve.preset(named: "ease-in"), [0.017026609651562944, 0.09346465071882486, 0.3153568125725393, 0.6218618691748902, 0.8394278457624665]),
            (Curve.preset(named: "easeOut"), [0.1605721542375335, 0.3781381308251098, 0.6846431874274607, 0.9065353492811752, 0.9829733903484371]),
            (Curve.preset(named: "ease-in-out"), [0.0197224535483112, 0.12916193104731982, 0.5, 0.8708380689526802, 0.9802775464516889]),
            (Curve.preset(named: "m3-standard"), [0.15625000000000003, 0.6072203620726822, 0.8778336048097609, 0.97548006787611, 0.9964590405116713]),
            (Curve.preset(named: "m3EmphasizedDecelerate"), [0.6213843955771872, 0.8315297464871121, 0.9502474753240219, 0.9905109569281499, 0.9986663459891906]),
            (Curve.preset(named: "m3EmphasizedAccelerate"), [0.005538248396287315, 0.03534264908799907, 0.15399819195884146, 0.40558550892245493, 0.6833009247157458]),
        ]
        for (curve, expected) in table {
            let curve = try XCTUnwrap(curve)
            for (x, y) in zip([0.1, 0.25, 0.5, 0.75, 0.9], expected) {
                XCTAssertEqual(curve.value(at: x), y, accuracy: 4e-16, "\(curve) at \(x)")
            }
        }
        // python3 ref.py bezier 0 1 0 1 0.001 0.1 0.4999 0.5 0.5001 0.9 0.999999 --binary64-input --double
        let xs = [0.001, 0.1, 0.4999, 0.5, 0.5001, 0.9, 0.999999]
        let extremes: [(CubicBezier, [Double])] = [
            (try bezier(0, 1, 0, 1), [0.271, 0.8461462430742686, 0.9912132450311423, 0.9912200031099895, 0.9912267568224364, 0.9999588984584163, 1.0]),
            (try bezier(1, 0, 0, 1), [3.3370419825627253e-07, 0.0037616749580831666, 0.4561897339268086, 0.5, 0.5438102660731914, 0.9962383250419168, 0.9999999999996667]),
            (try bezier(0.3, -0.5, 0.7, 1.5), [-0.0016568047350846125, -0.08079160982460194, 0.4997857142896633, 0.5, 0.5002142857103368, 1.080791609824602, 1.0000016666567901]),
        ]
        for (curve, expected) in extremes {
            for (x, y) in zip(xs, expected) {
                XCTAssertEqual(curve.value(at: x), y, accuracy: 4e-16, "\(curve) at \(x)")
            }
        }
    }

    func testCubicBezierEndsAndExtrapolation() throws {
        let ease = try bezier(0.25, 0.1, 0.25, 1)
        XCTAssertEqual(ease.value(at: 0).bitPattern, 0.0.bitPattern)
        XCTAssertEqual(ease.value(at: -0.0).bitPattern, 0.0.bitPattern)
        XCTAssertEqual(ease.value(at: 1), 1)
        // python3 ref.py bezier ease -0.5 1.5 --double
        XCTAssertEqual(ease.value(at: -0.5), -0.2)
        XCTAssertEqual(ease.value(at: 1.5), 1)
        // WPT cubic-bezier-timing-functions-output: cubic-bezier(0, -0.5, 1, -0.5) is 0 below 0
        // (vertical start tangent); python3 ref.py bezier 0 -0.5 1 -0.5 -0.5 1.5 --double
        let wpt = try bezier(0, -0.5, 1, -0.5)
        XCTAssertEqual(wpt.value(at: -0.5), 0)
        XCTAssertEqual(wpt.value(at: 1.5), 1)
        XCTAssertEqual(wpt.value(at: -.infinity), 0)
        // python3 ref.py bezier 0.3 -0.5 0.7 1.5 -1 2 --double
        let over = try bezier(0.3, -0.5, 0.7, 1.5)
        XCTAssertEqual(over.value(at: -1), 1.6666666666666667, accuracy: 2e-16)
        XCTAssertEqual(over.value(at: 2), -0.6666666666666666, accuracy: 2e-16)
        // Falls back to P2 - P0 when P1 = P0: python3 ref.py bezier 0.42 0 1 1 -1 2 --double
        let easeIn = try bezier(0.42, 0, 1, 1)
        XCTAssertEqual(easeIn.value(at: -1), 0)
        XCTAssertEqual(easeIn.value(at: 2), 2.7241379310344827, accuracy: 4e-16)
        XCTAssertEqual(try bezier(0, 0, 0, 1).value(at: -1), 0)
        XCTAssertEqual(try bezier(0, 1, 0, 1).value(at: 2), 1)
        XCTAssertTrue(ease.value(at: .nan).isNaN)
        XCTAssertEqual(ease.value(at: .infinity), 1)
        XCTAssertEqual(over.value(at: .infinity), -.infinity)
        // On the diagonal the curve is the identity, also outside [0, 1].
        let diagonal = try bezier(0.3, 0.3, 0.6, 0.6)
        for x in [-2.0, 0.1, 0.7, 3] { XCTAssertEqual(diagonal.value(at: x), x) }
        XCTAssertEqual(Curve.linear.value(at: -4.5), -4.5)
    }

    /// Rounding can carry a Bézier's sum past the hull of its control points' y, which the true curve never
    /// leaves: for ease, ((a t + b) t + c) t, with a, b, c from y1 = 0.1 and y2 = 1, is 1.0000000000000002 at
    /// some t just below 1 (found here by scanning t). The kernel keeps the sum within 0...1 there.
    func testABezierStaysWithinTheHullOfItsControlPoints() throws {
        let c = 3 * 0.1, b = 3 * (1 - 0.1) - c, a = 1 - c - b
        var t = 1.0, highest = 0.0
        for _ in 0..<3_000 {
            t = t.nextDown
            highest = max(highest, ((a * t + b) * t + c) * t)
        }
        XCTAssertGreaterThan(highest, 1)
        let ease = try XCTUnwrap(CubicBezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1))
        var x = 1.0
        for _ in 0..<20_000 {
            x = x.nextDown
            let y = ease.value(at: x)
            XCTAssertTrue(y >= 0 && y <= 1, "\(y) at \(x)")
        }
        // An overshooting curve keeps within its own hull, -0.5...1.5, and still overshoots 1.
        let over = try XCTUnwrap(CubicBezier(x1: 0.4, y1: -0.5, x2: 0.6, y2: 1.5))
        let samples = (1..<10_000).map { over.value(at: Double($0) / 10_000) }
        XCTAssertTrue(samples.allSatisfy { $0 >= -0.5 && $0 <= 1.5 })
        XCTAssertGreaterThan(samples.max() ?? 0, 1)
    }

    func testCubicBezierValidation() {
        XCTAssertNil(CubicBezier(x1: -0.1, y1: 0, x2: 1, y2: 1))
        XCTAssertNil(CubicBezier(x1: 0, y1: 0, x2: 1.1, y2: 1))
        XCTAssertNil(CubicBezier(x1: 0.5, y1: .nan, x2: 1, y2: 1))
        XCTAssertNil(CubicBezier(x1: 0.5, y1: 0, x2: 1, y2: .infinity))
        XCTAssertNotNil(CubicBezier(x1: 0, y1: -100, x2: 1, y2: 100))
    }

    // MARK: steps

    func testStepsSpecExamples() throws {
        // python3 ref.py steps 4 POSITION -0.5 -0.1 0 0.1 0.25 0.5 0.99 1 1.1 1.5 --binary64-input --double
        let xs = [-0.5, -0.1, 0, 0.1, 0.25, 0.5, 0.99, 1, 1.1, 1.5]
        let expected: [StepPosition: [Double]] = [
            .jumpStart: [-0.25, 0, 0.25, 0.25, 0.5, 0.75, 1, 1, 1.25, 1.75],
            .jumpEnd: [-0.5, -0.25, 0, 0, 0.25, 0.5, 0.75, 1, 1, 1.5],
            .jumpNone: [-2.0 / 3, -1.0 / 3, 0, 0, 1.0 / 3, 2.0 / 3, 1, 1, 4.0 / 3, 2],
            .jumpBoth: [-0.2, 0, 0.2, 0.2, 0.4, 0.6, 0.8, 1, 1, 1.4],
        ]
        for position in StepPosition.allCases {
            let steps = try XCTUnwrap(Steps(count: 4, position: position))
            for (x, y) in zip(xs, try XCTUnwrap(expected[position])) {
                XCTAssertEqual(steps.value(at: x), y, "steps(4, \(position.rawValue)) at \(x)")
            }
        }
        // steps(10, end) at the double 0.7: floor(0.7 * 10) = 7 in binary64 (README, "--binary64-input").
        XCTAssertEqual(try XCTUnwrap(Steps(count: 10, position: .jumpEnd)).value(at: 0.7), 0.7)
        XCTAssertEqual(try XCTUnwrap(Steps(count: 4, position: .jumpEnd)).value(at: -0.0).bitPattern, 0.0.bitPattern)
        XCTAssertTrue(try XCTUnwrap(Steps(count: 3, position: .jumpBoth)).value(at: .nan).isNaN)
        XCTAssertNil(Steps(count: 0, position: .jumpEnd))
        XCTAssertNil(Steps(count: 1, position: .jumpNone))
        XCTAssertNotNil(Steps(count: 2, position: .jumpNone))
        XCTAssertEqual(StepPosition.parse("start"), .jumpStart)
        XCTAssertEqual(StepPosition.parse("end"), .jumpEnd)
        XCTAssertEqual(StepPosition.parse("jump-both"), .jumpBoth)
        XCTAssertNil(StepPosition.parse("middle"))
        XCTAssertEqual(Curve.preset(named: "step-start")?.value(at: 0), 1)
        XCTAssertEqual(Curve.preset(named: "stepEnd")?.value(at: 0.999), 0)
    }

    // MARK: linear()

    private func linear(_ stops: [(Double, [Double])]) throws -> PiecewiseLinear {
        try XCTUnwrap(PiecewiseLinear(stops: stops.map { (output: $0.0, inputs: $0.1) }))
    }

    func testLinearSpecExamples() throws {
        // css-easing-2: linear(0, 0.25 75%, 1); python3 ref.py linear "0, 0.25 75%, 1" 0.375 1.5 -0.5 0.75 0.9 --double
        let curve = try linear([(0, []), (0.25, [0.75]), (1, [])])
        XCTAssertEqual(curve.value(at: 0.375), 0.125)
        XCTAssertEqual(curve.value(at: 1.5), 2.5)
        XCTAssertEqual(curve.value(at: -0.5), -0.16666666666666666, accuracy: 1e-16)
        XCTAssertEqual(curve.value(at: 0.75), 0.25)
        XCTAssertEqual(curve.value(at: 0.9), 0.7, accuracy: 2e-16)
        // python3 ref.py linear "0, 0.5 25% 75%, 1" 0 0.1 0.25 0.5 0.75 0.8 1 2 -1 --double
        let flat = try linear([(0, []), (0.5, [0.25, 0.75]), (1, [])])
        for (x, y) in zip([0, 0.1, 0.25, 0.5, 0.75, 0.8, 1, 2, -1], [0, 0.2, 0.5, 0.5, 0.5, 0.6, 1, 3, -2]) {
            XCTAssertEqual(flat.value(at: x), y, accuracy: 2e-16, "at \(x)")
        }
        // Missing inputs spread evenly, decreasing ones raised to the largest so far:
        // python3 ref.py linear "0, 0.2, 0.9 40%, 0.3, 0.5, 1" 0.1 0.2 0.3 0.5 0.6 0.99 1.2 --double
        let spread = try linear([(0, []), (0.2, []), (0.9, [0.4]), (0.3, []), (0.5, []), (1, [])])
        XCTAssertEqual(spread.inputs, [0, 0.2, 0.4, 0.6, 0.8, 1])
        for (x, y) in zip([0.1, 0.2, 0.3, 0.5, 0.6, 0.99, 1.2], [0.1, 0.2, 0.55, 0.6, 0.3, 0.975, 1.5]) {
            XCTAssertEqual(spread.value(at: x), y, accuracy: 4e-16, "at \(x)")
        }
        // python3 ref.py linear "0.5 50%, 0.2 30%, 1 20%, 0" 0 0.3 0.5 0.7 1 --double
        let decreasing = try linear([(0.5, [0.5]), (0.2, [0.3]), (1, [0.2]), (0, [])])
        XCTAssertEqual(decreasing.inputs, [0.5, 0.5, 0.5, 1])
        for (x, y) in zip([0, 0.3, 0.5, 0.7, 1], [0.2, 0.2, 1, 0.6, 0]) {
            XCTAssertEqual(decreasing.value(at: x), y, accuracy: 2e-16, "at \(x)")
        }
        // A zero-width first segment gives its end output: python3 ref.py linear "0 20%, 1 20%" 0 0.1 0.2 0.3
        let jump = try linear([(0, [0.2]), (1, [0.2])])
        for x in [0, 0.1, 0.2, 0.3] { XCTAssertEqual(jump.value(at: x), 1) }
        // python3 ref.py linear "0, 1 120%, 0.5" 0.6 1.2 1.5
        let past = try linear([(0, []), (1, [1.2]), (0.5, [])])
        for x in [0.6, 1.2, 1.5] { XCTAssertEqual(past.value(at: x), 0.5) }
        XCTAssertTrue(curve.value(at: .nan).isNaN)
        XCTAssertNil(PiecewiseLinear(stops: [(output: 0, inputs: [])]))
        XCTAssertNil(PiecewiseLinear(stops: [(output: 0, inputs: []), (output: .nan, inputs: [])]))
        XCTAssertNil(PiecewiseLinear(stops: [(output: 0, inputs: [0, 0.1, 0.2]), (output: 1, inputs: [])]))
    }

    // MARK: springs

    func testSpringMatchesRefPy() throws {
        // value(x) is the position at x * settle_1e-3_s; each row: python3 ref.py springinfo D B
        // for T, then python3 ref.py spring D B <x*T...> --double (springrd for response/zeta).
        let xs = [0.01, 0.1, 0.25, 0.5, 0.75, 0.99]
        let rows: [(SpringCurve?, Double, [Double])] = [
            (SpringCurve(duration: 0.5, bounce: 0.3), 0.82356175381936269,
             [0.005101231557624619, 0.3218793957796276, 0.8905580179816989, 1.0365053367312986, 0.9996618334080882, 0.9989605349822694]),
            (SpringCurve(duration: 0.5, bounce: 0.15), 0.70671558367380460,
             [0.0037498495206333047, 0.23839791748129063, 0.7157934892853742, 0.989320238692619, 1.0052592489588414, 1.0009595551112234]),
            (SpringCurve(duration: 0.5, bounce: 0), 0.73477169819429580,
             [0.004009261393712926, 0.2360686798250437, 0.671067519285765, 0.9444771835619267, 0.9922109019050088, 0.9989131643793543]),
            (SpringCurve(duration: 0.5, bounce: -0.5), 2.0736415720425167,
             [0.024555912322923302, 0.464058378611578, 0.8119524440075335, 0.9671769856778871, 0.9942708626895393, 0.9989276820664195]),
            (SpringCurve(response: 0.55, dampingFraction: 0.825), 0.79348818286470565,
             [0.0039084685487830945, 0.24864681214491766, 0.7402194390459451, 1.0008583097583692, 1.0062513467856453, 1.000618244401808]),
            (SpringCurve(response: 1, dampingFraction: 1.000001), 1.4695479193440720,
             [0.004009285080165164, 0.23606961782876948, 0.671068742208036, 0.9444775077973713, 0.9922109381715699, 0.9989131646549727]),
            (SpringCurve(response: 0.4, dampingFraction: 3), 2.5742036966263373,
             [0.04160036571363305, 0.48515233980617223, 0.8181420521115284, 0.9679012447922055, 0.9943344236649927, 0.9989281604852879]),
        ]
        for (spring, settle, expected) in rows {
            let spring = try XCTUnwrap(spring)
            XCTAssertEqual(spring.settlingTime, settle, accuracy: settle * 1e-13, "\(spring)")
            for (x, y) in zip(xs, expected) {
                XCTAssertEqual(spring.value(at: x), y, accuracy: 1e-13, "\(spring) at \(x)")
            }
            XCTAssertEqual(spring.value(at: 0), 0)
            XCTAssertEqual(spring.value(at: -3), 0)
            XCTAssertEqual(spring.value(at: 1), 1)
            XCTAssertEqual(spring.value(at: .infinity), 1)
            XCTAssertTrue(spring.value(at: .nan).isNaN)
        }
        // Apple's Spring doc: Spring(duration: 0.5, bounce: 0.3) has stiffness 157.9, damping 17.6.
        let apple = try XCTUnwrap(SpringCurve(duration: 0.5, bounce: 0.3))
        let omega = 2 * Double.pi / apple.response
        XCTAssertEqual(omega * omega, 157.9, accuracy: 0.05)
        XCTAssertEqual(2 * apple.dampingRatio * omega, 17.6, accuracy: 0.05)
    }

    func testSpringValidation() {
        XCTAssertNil(SpringCurve(duration: 0, bounce: 0))
        XCTAssertNil(SpringCurve(duration: -1, bounce: 0))
        XCTAssertNil(SpringCurve(duration: .infinity, bounce: 0))
        XCTAssertNil(SpringCurve(duration: 0.5, bounce: 1))
        XCTAssertNil(SpringCurve(duration: 0.5, bounce: -1))
        XCTAssertNil(SpringCurve(duration: 0.5, bounce: .nan))
        XCTAssertNil(SpringCurve(response: 0.5, dampingFraction: 0))
        XCTAssertNil(SpringCurve(response: .nan, dampingFraction: 1))
        XCTAssertNotNil(SpringCurve(duration: 0.5, bounce: 0.999))
        XCTAssertNotNil(SpringCurve(response: 0.5, dampingFraction: 1e6))
        XCTAssertNotNil(SpringCurve(response: 1e-6, dampingFraction: 0.5))
    }

    /// The checker's bounds (a duration, response and damping fraction within 1e-6...1e6, any bounce
    /// strictly between -1 and 1) are the conditions its message states: at each corner of them, and
    /// just inside the bounces' ends, the spring exists and gives finite positions between 0 and 1.
    func testEverySpringWithinTheCheckersBoundsExists() throws {
        let lengths = [1e-6, 1e-6.nextUp, 0.5, 1e6.nextDown, 1e6]
        let bounces = [(-1.0).nextUp, -0.5, 0, 0.5, 1.0.nextDown]
        let fractions = [1e-6, 1.0.nextDown, 1, 1.0.nextUp, 1e6]
        var springs: [(String, SpringCurve?)] = []
        for length in lengths {
            for bounce in bounces { springs.append(("duration \(length) bounce \(bounce)", SpringCurve(duration: length, bounce: bounce))) }
            for fraction in fractions { springs.append(("response \(length) dampingFraction \(fraction)", SpringCurve(response: length, dampingFraction: fraction))) }
        }
        for (name, spring) in springs {
            let spring = try XCTUnwrap(spring, name)
            XCTAssertTrue(spring.settlingTime.isFinite && spring.settlingTime > 0, name)
            for x in [1e-300, 0.001, 0.5, 0.999, 1.0.nextDown] {
                XCTAssertTrue(spring.value(at: x).isFinite, "\(name) at \(x)")
            }
        }
        // Just past them, the spring itself has no finite settling time or frequency.
        XCTAssertNil(SpringCurve(duration: .leastNonzeroMagnitude, bounce: 0))
        XCTAssertNil(SpringCurve(duration: 1e300, bounce: 1.0.nextDown))
    }

    // MARK: presets

    func testPresets() throws {
        let names = Curve.presets.map(\.name)
        XCTAssertEqual(Set(names).count, names.count)
        for preset in Curve.presets {
            XCTAssertEqual(Curve.preset(named: preset.name), preset.curve)
            XCTAssertFalse(preset.summary.isEmpty)
            // step-start has already jumped at 0, as CSS defines it.
            XCTAssertEqual(preset.curve.value(at: 0), preset.name == "stepStart" ? 1 : 0, preset.name)
            XCTAssertEqual(preset.curve.value(at: 1), 1, preset.name)
        }
        XCTAssertEqual(Curve.preset(named: "ease-in-out"), Curve.preset(named: "easeInOut"))
        XCTAssertEqual(Curve.preset(named: "m3-emphasized-decelerate"),
                       .cubicBezier(try bezier(0.05, 0.7, 0.1, 1)))
        XCTAssertNil(Curve.preset(named: "easeSideways"))
        XCTAssertNil(Curve.preset(named: "-"))
    }
}

/// Generated Swift must return the library's bits. Checked two ways: the kernel strings are the
/// library kernels' text, and a program built from the emitted source prints the same bits.
final class CurveSwiftSourceTests: XCTestCase {
    static func sampleCurves() -> [Curve] {
        var curves = Curve.presets.map(\.curve)
        for (x1, y1, x2, y2) in [(0.0, 1.0, 0.0, 1.0), (1, 0, 0, 1), (0.05, 0.7, 0.1, 1), (0.3, -0.5, 0.7, 1.5),
                                 (0.99, 0, 0.01, 1), (0, -0.5, 1, -0.5), (0.3, 0.3, 0.6, 0.6), (0, 0.5, 1, 0.5)] {
            if let curve = CubicBezier(x1: x1, y1: y1, x2: x2, y2: y2) { curves.append(.cubicBezier(curve)) }
        }
        for position in StepPosition.allCases {
            for count in [2, 5, 10] {
                if let steps = Steps(count: count, position: position) { curves.append(.steps(steps)) }
            }
        }
        let stopLists: [[(output: Double, inputs: [Double])]] = [
            [(0, []), (0.25, [0.75]), (1, [])],
            [(0, []), (0.5, [0.25, 0.75]), (1, [])],
            [(0, []), (0.2, []), (0.9, [0.4]), (0.3, []), (0.5, []), (1, [])],
            [(0.5, [0.5]), (0.2, [0.3]), (1, [0.2]), (0, [])],
            [(0, [0.2]), (1, [0.2])],
            [(-0.0, []), (1, [])],
            [(0, []), (1.1, [0.3]), (0.95, [0.6]), (1, [])],
        ]
        for stops in stopLists {
            if let linear = PiecewiseLinear(stops: stops) { curves.append(.piecewiseLinear(linear)) }
        }
        let springs = [SpringCurve(duration: 0.5, bounce: 0.3), SpringCurve(duration: 0.35, bounce: 0),
                       SpringCurve(duration: 0.5, bounce: -0.5), SpringCurve(response: 0.55, dampingFraction: 0.825),
                       SpringCurve(response: 1, dampingFraction: 1.000001), SpringCurve(response: 0.4, dampingFraction: 30),
                       SpringCurve(duration: 1, bounce: 0.95)]
        curves += springs.compactMap { $0.map(Curve.spring) }
        curves.append(.linear)
        return curves
    }

    static func sampleInputs() -> [Double] {
        var xs: [Double] = [0, -0.0, 1, 0.5, -1, 2, -1e300, 1e300, .infinity, -.infinity, .nan,
                            .leastNonzeroMagnitude, -.leastNonzeroMagnitude, 1e-300, 1 - 0x1p-53, 1 + 0x1p-52,
                            0.7, 0.25, 0.75, 0.2, 0.3, 0.4, 0.6]
        var state: UInt64 = 12_345
        func random() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) * 0x1p-53
        }
        for i in 0...1_000 { xs.append(Double(i) / 1_000) }
        for _ in 0..<1_500 { xs.append(random()) }
        for _ in 0..<300 { xs.append(random() * 6 - 3) }
        for _ in 0..<200 { xs.append(Foundation.pow(10, -300 * random())) }
        return xs
    }

    /// The kernels spell BezierSolveTable's layout as named literals; both agree with the layout worked
    /// out by hand: 8 octaves of 2^3 rows and row 0, a header of 8, so 8 + 4 * 65 = 268 numbers a side;
    /// a row is r.bitPattern >> (52 - 3), and 2^-8 is the biased exponent 1015 << 52, so 1015 << 3 = 8120.
    func testBezierKernelLiteralsAreTheTableLayout() throws {
        let table = BezierSolveTable.self
        XCTAssertEqual([table.headerSize, table.rowsPerSide, table.sideSize, table.count, table.shift, table.firstRow],
                       [8, 65, 268, 536, 49, 8120])
        XCTAssertEqual([CurveKernels.curveBezierHeaderSize, CurveKernels.curveBezierRows, CurveKernels.curveBezierSideSize,
                        CurveKernels.curveBezierRowShift, CurveKernels.curveBezierFirstRow],
                       [8, 65, 268, 49, 8120])
        XCTAssertEqual(CurveKernels.curveBezierInflectionSlope, 0.1)
        // The nodes are 1/2 - cos((2k + 1) pi / 8) / 2 (to an ulp or two of glibc's cos), and swiftc reads
        // each literal back exactly.
        for (k, node) in CurveKernels.curveBezierNodes.enumerated() {
            XCTAssertEqual(node, 0.5 - Foundation.cos(Double(2 * k + 1) * Double.pi / 8) / 2, accuracy: 3e-16)
            XCTAssertTrue(CurveSwiftSource.isDecimalLiteral(node))
        }
        // No number of the layout is left in the kernels that read and build the table.
        for source in SwiftRuntime.curves.pieces(for: ["curveCubicBezier", "curveBezierTable"])
            .filter({ $0.name != "curveBezierHeaderSize" && $0.name != "curveSolveCubic" }).map({ $0.lines.joined(separator: "\n") }) {
            for magic in ["268", "8119", "8120", ">> 49", "<< 49", " 65", "0.1 "] {
                XCTAssertFalse(source.contains(magic), magic)
            }
        }
        for preset in Curve.presets {
            if case .cubicBezier(let bezier) = preset.curve, case .table(_, let values) = bezier.solver {
                XCTAssertEqual(values.count, 536, preset.name)
            }
        }
    }

    /// (1, 0, 0, 1) is x = 1/2 + 4 (t - 1/2)^3, so on each side u = cbrt(r / 4): every row but the first
    /// (r < 2^-8) guesses it to 1e-6 or better up to r = 1/2, which the kernel's two Newton steps rely on.
    func testBezierTableGuessesTheRoot() throws {
        let bezier = try XCTUnwrap(CubicBezier(x1: 1, y1: 0, x2: 0, y2: 1))
        guard case let .table(split, values) = bezier.solver else { return XCTFail("no table") }
        XCTAssertEqual(split, 0.5)
        var worst = 0.0
        for side in [0, BezierSolveTable.sideSize] {
            for k in 1..<2_000 {
                let r = Foundation.pow(2, -8 + 6.99 * Double(k) / 2_000)
                let raw = Int(r.bitPattern >> UInt64(BezierSolveTable.shift)) - BezierSolveTable.firstRow + 1
                let row = side + BezierSolveTable.headerSize + 4 * raw
                let guess = ((values[row] * r + values[row + 1]) * r + values[row + 2]) * r + values[row + 3]
                let exact = Foundation.cbrt(r / 4)
                worst = Swift.max(worst, Swift.abs(guess - exact) / exact)
            }
        }
        XCTAssertLessThan(worst, 1e-6)
    }

    func testLiteralsRoundTrip() {
        XCTAssertEqual(CurveSwiftSource.literal(-0.0), "(-0.0)")
        XCTAssertEqual(CurveSwiftSource.literal(0.1), "0.1")
        XCTAssertEqual(CurveSwiftSource.literal(-2.5), "(-2.5)")
        XCTAssertEqual(CurveSwiftSource.literal(.infinity), "Double.infinity")
        XCTAssertEqual(CurveSwiftSource.literal(-.infinity), "(-Double.infinity)")
        // NaNs and subnormals are written as their bits: a NaN's sign survives, and swiftc does not warn.
        XCTAssertEqual(CurveSwiftSource.literal(.nan), "Double(bitPattern: 0x7ff8000000000000)")
        XCTAssertEqual(CurveSwiftSource.literal(-Double.nan), "Double(bitPattern: 0xfff8000000000000)")
        XCTAssertEqual(CurveSwiftSource.literal(.leastNonzeroMagnitude), "Double(bitPattern: 0x1)")
        XCTAssertEqual(CurveSwiftSource.literal(-.leastNonzeroMagnitude), "(Double(bitPattern: 0x8000000000000001))")
        // swiftc on x86_64 reads -6.274305822267499 one ulp off (literal -> Float80 -> Double).
        let doubleRounded = Double(bitPattern: 13_842_122_295_622_956_823)
        XCTAssertEqual(CurveSwiftSource.literal(doubleRounded), "(-0x1.918e3a01ef717p+2)")
        XCTAssertEqual(CurveSwiftSource.hexadecimal(-1.5), "-0x1.8p+0")
        XCTAssertEqual(CurveSwiftSource.hexadecimal(.leastNonzeroMagnitude), "0x0.0000000000001p-1022")
        for x in [1e-5, .leastNonzeroMagnitude, 1.7976931348623157e308, 0.1 + 0.2, 1.0 / 3, doubleRounded, 2.2250738585072014e-308] {
            XCTAssertEqual(Double(CurveSwiftSource.hexadecimal(x))?.bitPattern, x.bitPattern)
            if x.isSubnormal { continue }
            let text = CurveSwiftSource.literal(x).trimmingCharacters(in: CharacterSet(charactersIn: "()"))
            XCTAssertEqual(Double(text)?.bitPattern, x.bitPattern)
        }
    }

    /// Generated Swift for a spec whose outputs use `curves` (one output each, or all in one sum).
    private func generatedLines(curves: [(Double, Double, Double, Double)], outputs: Int, summed: Bool) throws -> Int {
        var spec = "header Curves\n\ninput x = 0.5\n\n"
        for (k, curve) in curves.enumerated() { spec += "curve c\(k) = cubicBezier(\(curve.0), \(curve.1), \(curve.2), \(curve.3))\n" }
        spec += "\nout {\n"
        if summed {
            spec += "    total: number = " + curves.indices.map { "c\($0)(x)" }.joined(separator: " + ") + "\n"
        } else {
            for k in 0..<outputs { spec += "    v\(k): number = c\(k % curves.count)(x)\n" }
        }
        spec += "}\n"
        let program = try XCTUnwrap(Compilation(path: "Curves.header", text: spec).program)
        return SwiftEmitter(program: program, sourcePath: "Curves.header").emit().split(separator: "\n", omittingEmptySubsequences: false).count
    }

    /// A cubic-bezier curve is one line of generated Swift (its table, built at first use) besides its
    /// calls: 20 distinct curves summed in one output take at most 5 lines each beyond the first, and 20
    /// outputs with a curve each take exactly one line a curve more than the same outputs sharing one.
    func testEachCubicBezierCurveIsOneLine() throws {
        // Distinct x-coordinates, so that no two curves share a table.
        let curves: [(Double, Double, Double, Double)] = (0..<20).map { (k: Int) -> (Double, Double, Double, Double) in
            let step = 0.01 * Double(k)
            return (0.1 + step, 0.1, 0.5 + step, 0.9)
        }
        let one = try generatedLines(curves: [curves[0]], outputs: 1, summed: true)
        let twenty = try generatedLines(curves: curves, outputs: 1, summed: true)
        XCTAssertLessThanOrEqual(twenty - one, 95, "\(one) lines for one curve, \(twenty) for twenty")
        let shared = try generatedLines(curves: [curves[0]], outputs: 20, summed: false)
        let distinct = try generatedLines(curves: curves, outputs: 20, summed: false)
        XCTAssertEqual(distinct - shared, 19)
    }

    func testKernelsAreDeduplicatedAndStable() {
        let curves = Self.sampleCurves()
        let once = CurveSwiftSource.kernels(for: curves)
        XCTAssertEqual(once, CurveSwiftSource.kernels(for: curves + curves.reversed()))
        let declarations = once.filter { $0.hasPrefix("    private static func") }
        XCTAssertEqual(Set(declarations).count, declarations.count)
        XCTAssertEqual(CurveSwiftSource.kernels(for: [.linear]), [])
        XCTAssertTrue(once.allSatisfy { $0.isEmpty || $0.hasPrefix("    ") })
    }

    /// The generated file with every curve, its kernels and its imports; `value(index, x)` evaluates one.
    private static func generatedCurvesSource(_ curves: [Curve]) -> String {
        var source = ["import Foundation"] + CurveSwiftSource.imports(for: curves) + ["", "nonisolated enum GeneratedCurves {"]
        source += CurveSwiftSource.kernels(for: curves)
        source += ["", "    static func value(_ index: Int, _ x: Double) -> Double {", "        switch index {"]
        for (index, curve) in curves.enumerated() {
            source.append("        case \(index): return \(CurveSwiftSource.call(curve, argument: "x"))")
        }
        source += ["        default: return Double.nan", "        }", "    }", "}", ""]
        return source.joined(separator: "\n")
    }

    /// The same file with the branch that Apple's platforms compile (a cubic-bezier table in a lazy
    /// `static let`) chosen instead of the atomic one, so that the branch this machine cannot select is
    /// type-checked and run here too.
    private static func applePlatformsBranch(_ source: String) -> String {
        source.replacingOccurrences(of: "#if !canImport(Darwin)", with: "#if false")
            .replacingOccurrences(of: "#if canImport(Darwin)", with: "#if true")
    }

    func testEmittedSourceIsBitIdentical() throws {
        let compiler = try SwiftCompilerHarness()
        let curves = Self.sampleCurves()
        let generated = Self.generatedCurvesSource(curves)
        XCTAssertTrue(generated.contains("#if canImport(Darwin)"), "the sample curves include cubic-bezier tables")
        let main = """
            let count = \(curves.count)
            while let line = readLine() {
                guard let bits = UInt64(line, radix: 16) else { continue }
                let x = Double(bitPattern: bits)
                var row = ""
                for index in 0..<count {
                    row += String(GeneratedCurves.value(index, x).bitPattern, radix: 16) + " "
                }
                print(row)
            }

            """
        let inputs = Self.sampleInputs()
        let text = inputs.map { String($0.bitPattern, radix: 16) }.joined(separator: "\n") + "\n"
        for (branch, source) in [("this platform's", generated), ("Apple's platforms'", Self.applePlatformsBranch(generated))] {
            for mode in [["-swift-version", "5", "-warnings-as-errors"],
                         ["-swift-version", "6", "-strict-concurrency=complete", "-warnings-as-errors"]] {
                let check = try compiler.typecheck(sources: ["GeneratedCurves.swift": source], flags: ["-parse-as-library"] + mode)
                XCTAssertEqual(check.status, 0, "\(branch) branch, \(mode.joined(separator: " ")):\n\(check.diagnostics)")
            }
            let output = try compiler.run(sources: ["GeneratedCurves.swift": source, "main.swift": main], input: text)
            let rows = output.split(separator: "\n")
            XCTAssertEqual(rows.count, inputs.count, "\(branch) branch")
            var mismatches = 0
            for (x, row) in zip(inputs, rows) {
                let generated = row.split(separator: " ").map { UInt64($0, radix: 16) }
                XCTAssertEqual(generated.count, curves.count)
                for (index, curve) in curves.enumerated() where index < generated.count {
                    let library = curve.value(at: x).bitPattern
                    if generated[index] != library {
                        mismatches += 1
                        if mismatches <= 20 {
                            XCTFail("\(branch) branch, curve \(index) \(curve) at \(x): library \(String(library, radix: 16)), generated \(generated[index].map { String($0, radix: 16) } ?? "?")")
                        }
                    }
                }
            }
            print("bit identity, \(branch) branch: \(curves.count) curves x \(inputs.count) inputs, \(mismatches) mismatches")
            XCTAssertEqual(mismatches, 0)
        }
    }

    /// Threads that meet a cubic-bezier curve for the first time together all get its table whole: built
    /// by one of them and published once, or built by several with the losers' copies freed. Thread
    /// Sanitizer watches the race, in both branches of the generated storage.
    func testFirstUseFromManyThreadsIsRaceFree() throws {
        let compiler = try SwiftCompilerHarness()
        let curves = Self.sampleCurves()
        let generated = Self.generatedCurvesSource(curves)
        let x = 0.3183098861837907
        let expected = curves.map { String($0.value(at: x).bitPattern, radix: 16) }.joined(separator: " ")
        // Eight threads wait at a barrier, then each evaluates every curve from a different one onwards, so
        // that first uses of one table collide; every thread prints what it got.
        let main = """
            import Foundation

            let threads = 8
            let count = \(curves.count)
            let x = \(x)
            let lock = NSLock()
            let ready = DispatchGroup()
            let start = DispatchSemaphore(value: 0)
            var rows = [String](repeating: "", count: threads)
            let finished = DispatchGroup()
            for thread in 0..<threads {
                ready.enter()
                finished.enter()
                Thread.detachNewThread {
                    ready.leave()
                    start.wait()
                    var values = [UInt64](repeating: 0, count: count)
                    for step in 0..<count {
                        let index = (thread + step) % count
                        values[index] = GeneratedCurves.value(index, x).bitPattern
                    }
                    let row = values.map { String($0, radix: 16) }.joined(separator: " ")
                    lock.lock()
                    rows[thread] = row
                    lock.unlock()
                    finished.leave()
                }
            }
            ready.wait()
            for _ in 0..<threads { start.signal() }
            finished.wait()
            for row in rows { print(row) }

            """
        for (branch, source) in [("this platform's", generated), ("Apple's platforms'", Self.applePlatformsBranch(generated))] {
            let run = try compiler.build(sources: ["GeneratedCurves.swift": source, "main.swift": main],
                                         flags: ["-O", "-sanitize=thread", "-swift-version", "5"])
            if let failure = run.failure {
                XCTFail("\(branch) branch: \(failure)")
                continue
            }
            let rows = run.output.split(separator: "\n").map(String.init)
            XCTAssertEqual(rows.count, 8, "\(branch) branch")
            for row in rows { XCTAssertEqual(row, expected, "\(branch) branch") }
        }
    }
}
