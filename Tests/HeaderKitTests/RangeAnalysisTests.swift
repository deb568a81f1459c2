import Foundation
import XCTest
@testable import HeaderKit

/// The range analysis: precise on every example (each output's proven interval is its true range, worked
/// out by hand below from the seeds' formulas), sound on random specs (every value the interpreter gives
/// at many offsets and inputs within their ranges lies inside), and every witness reproduces.
final class RangeAnalysisTests: XCTestCase {
    private struct Expected {
        let min: Double
        let max: Double
        /// For a lower bound that floating point passes: a value the program gives below the real bound, worked
        /// out by hand in floating point. The proven bound lies at or below it, and within 1e-11 of the real one.
        var passedBy: Double? = nil
    }

    private func analysis(_ path: String, file: StaticString = #filePath, line: UInt = #line) throws -> RangeAnalysis {
        let compilation = Compilation(path: path, text: try PackagePaths.text(path))
        let program = try XCTUnwrap(compilation.program, "\(path) does not check", file: file, line: line)
        return RangeAnalysis.analyze(program)
    }

    private func assertRanges(_ path: String, _ expected: [String: Expected], file: StaticString = #filePath, line: UInt = #line) throws {
        let result = try analysis(path, file: file, line: line)
        XCTAssertEqual(Set(result.outputs.filter { $0.type != .bool }.map(\.name)), Set(expected.keys), file: file, line: line)
        for output in result.outputs where output.type != .bool {
            guard let want = expected[output.name] else { continue }
            if let passed = want.passedBy {
                XCTAssertLessThan(passed, want.min, "\(output.name): the value given does not pass the real bound", file: file, line: line)
                XCTAssertLessThanOrEqual(output.range.min, passed, "\(output.name).min", file: file, line: line)
                XCTAssertGreaterThanOrEqual(output.range.min, want.min - 1e-11 * max(1, abs(want.min)), "\(output.name).min", file: file, line: line)
            } else {
                XCTAssertEqual(output.range.min, want.min, "\(output.name).min", file: file, line: line)
            }
            XCTAssertEqual(output.range.max, want.max, "\(output.name).max", file: file, line: line)
            XCTAssertFalse(output.range.nan, "\(output.name) NaN", file: file, line: line)
            XCTAssertFalse(output.range.infinite, "\(output.name) infinite", file: file, line: line)
        }
    }

    // MARK: Precision: each example's true ranges, by hand

    /// s = safeAreaTop in 0...100, t = textScale in 0.5...4, o = offset anywhere.
    func testProfileStretchyIsExact() throws {
        // travel = 190 - (s + 44) = 146 - s, in 46...146, always > 0; progress = clamp(o / travel, 0, 1).
        try assertRanges("Examples/ProfileStretchy.header", [
            // max(190 - o, min(s + 44, 190)) = max(190 - o, s + 44): at least 44 (s = 0, o large), unbounded above.
            "cover.height": Expected(min: 44, max: .infinity),
            "cover.scrimOpacity": Expected(min: 0, max: 1),
            // 88 t
            "avatar.size": Expected(min: 44, max: 352),
            "avatar.scale": Expected(min: 1 - 0.45, max: 1),
            "avatar.opacity": Expected(min: 0, max: 1),
            "title.opacity": Expected(min: 0, max: 1),
            // 190 + 88 t / 2 + 12 = 202 + 44 t
            "content.top": Expected(min: 224, max: 378),
        ])
    }

    func testStickyParallaxIsExact() throws {
        // In floating point, (260 + s) - (60 × 0.5 + s) rounds twice on the way: at s = 49.36012754298432 it is
        // one unit in the last place above 230, and the drift past 460 is that (checked against the interpreter).
        let s = 49.36012754298432
        let drift = (260 + s) - (60 * 0.5 + s)
        let compilation = Compilation(path: "StickyParallax.header", text: try PackagePaths.text("Examples/StickyParallax.header"))
        let program = try XCTUnwrap(compilation.program)
        let interpreter = Interpreter(program: program)
        interpreter.setInput("safeAreaTop", to: .number(s))
        interpreter.setInput("textScale", to: .number(0.5))
        let offsetY = try XCTUnwrap(program.outputs.firstIndex { $0.qualifiedName == "backdrop.offsetY" })
        XCTAssertEqual(interpreter.frame(at: 1000)[offsetY], .number(-drift))
        // full = 260 + s, pinned = 60 t + s, full - pinned = 260 - 60 t in 20...230 (so max(..., 1) is it),
        // collapse = clamp(o / (260 - 60 t), 0, 1) in 0...1.
        try assertRanges("Examples/StickyParallax.header", [
            // max(60 t + s, 260 + s - o): 30 at t = 0.5, s = 0, o >= 230; unbounded as o falls.
            "header.height": Expected(min: 30, max: .infinity),
            "backdrop.height": Expected(min: 260, max: .infinity),
            // full - height = min(260 - 60 t, o), so drift = min(max(o, 0) / 2, max(min(260 - 60 t, o), 0))
            // reaches 260 - 60 t = 230 at t = 0.5 (o >= 460); -330 is what forgetting that full and height
            // share s and o gives.
            "backdrop.offsetY": Expected(min: -230, max: 0, passedBy: -drift),
            "title.scale": Expected(min: 0.7, max: 1),
            "subtitle.opacity": Expected(min: -1, max: 1),
        ])
        let visible = try XCTUnwrap(try analysis("Examples/StickyParallax.header").outputs.first { $0.name == "subtitle.visible" })
        XCTAssertTrue(visible.canBeTrue && visible.canBeFalse)
        // It flips where collapse = 0.5: o = (260 - 60 t) / 2, from 10 (t = 4) to 115 (t = 0.5).
        assertChanges(visible.changes, from: 10, to: 115)
    }

    func testAppleMusicProfileIsExact() throws {
        // The state stays in 120...320 whatever the deltas; p = (h - 120) / 200 in 0...1.
        try assertRanges("Examples/AppleMusicProfile.header", [
            "header.height": Expected(min: 120, max: 320),
            "avatar.size": Expected(min: 50, max: 110),
            "title.fontSize": Expected(min: 16, max: 26),
            "cover.blur": Expected(min: 0, max: 8),
        ])
    }

    func testStretchyImageIsExact() throws {
        try assertRanges("Examples/StretchyImage.header", [
            "image.height": Expected(min: 300, max: .infinity),
            "image.offsetY": Expected(min: -.infinity, max: 0),
        ])
    }

    func testTheOffsetsBetweenWhichOutputsChange() throws {
        let result = try analysis("Examples/StickyParallax.header")
        let changes = Dictionary(uniqueKeysWithValues: result.outputs.map { ($0.name, $0.changes) })
        // collapse moves for o in 0...260 - 60 t, widest at t = 0.5; the drift until o = 2 (260 - 60 t).
        assertChanges(changes["subtitle.opacity"] ?? nil, from: 0, to: 230)
        assertChanges(changes["backdrop.offsetY"] ?? nil, from: -.infinity, to: 460)
    }

    /// A number that switches between constants changes where it switches, as a bool does; one value on
    /// every path, or paths that part on an input alone, never change with the offset.
    func testAnOutputThatSwitchesBetweenConstantsChanges() throws {
        let result = try XCTUnwrap(analyse("""
        header R
        input k in 0...4 = 1
        input flag: bool = false
        a { top = offset > 50pt ? 1pt : 0pt }
        b { top = offset < 0pt ? 1pt : offset < 100pt ? 2pt : 3pt }
        c { top = offset > 50pt ? 1pt : 1pt }
        d { top = k > 2 ? 1pt : 0pt }
        e { top = flag ? (offset > -100pt ? 1pt : 0pt) : (offset > 50pt ? 0pt : 1pt) }
        f { top = max(100pt - offset, 44pt) }
        g { visible = k > 2 }
        """))
        let changes = Dictionary(uniqueKeysWithValues: result.outputs.map { ($0.name, $0.changes) })
        assertChanges(changes["a.top"] ?? nil, from: 50, to: 50)
        assertChanges(changes["b.top"] ?? nil, from: 0, to: 100)
        XCTAssertNil(changes["c.top"] ?? nil)
        XCTAssertNil(changes["d.top"] ?? nil)
        // With flag false it switches at 50, with flag true at -100.
        assertChanges(changes["e.top"] ?? nil, from: -100, to: 50)
        // It follows the offset below 56 and is 44 from there.
        assertChanges(changes["f.top"] ?? nil, from: -.infinity, to: 56)
        XCTAssertNil(changes["g.visible"] ?? nil)
    }

    /// Change points that hold the true ones, within the rounding floating point may move them by (1e-12,
    /// relative: `SpecFileTests.holdsTightly`).
    private func assertChanges(_ changes: (from: Double, to: Double)?, from: Double, to: Double,
                               file: StaticString = #filePath, line: UInt = #line) {
        guard let changes else { return XCTFail("never said to change", file: file, line: line) }
        XCTAssertTrue(SpecFileTests.holdsTightly(changes.from, from, below: true), "from \(changes.from), not \(from)", file: file, line: line)
        XCTAssertTrue(SpecFileTests.holdsTightly(changes.to, to, below: false), "to \(changes.to), not \(to)", file: file, line: line)
    }

    // MARK: Rules

    private func analyse(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> RangeAnalysis? {
        let compilation = Compilation(path: "r.header", text: text)
        guard let program = compilation.program else {
            XCTFail("\(compilation.diagnostics.all)", file: file, line: line)
            return nil
        }
        return RangeAnalysis.analyze(program)
    }

    func testAGuardProvesNoDivisionByZero() throws {
        let guarded = try XCTUnwrap(analyse("""
        header R
        input gap: pt in 0pt...200pt = 10
        let travel = 100pt - gap
        v { progress = travel > 0 ? clamp(offset / travel, 0, 1) : 1 }
        """))
        XCTAssertTrue(guarded.issues.isEmpty, "\(guarded.issues)")
        XCTAssertEqual(guarded.outputs[0].range, RangeAnalysis.ProvenRange(min: 0, max: 1))
        let unguarded = try XCTUnwrap(analyse("""
        header R
        input gap: pt in 0pt...200pt = 10
        let travel = 100pt - gap
        v { progress = travel >= 0 ? clamp(offset / travel, 0, 1) : 1 }
        """))
        XCTAssertEqual(unguarded.issues.map(\.kind), [.divisionByZero])
        // 0 / 0 at offset 0 is NaN, and clamp keeps a NaN.
        XCTAssertTrue(unguarded.outputs[0].range.nan)
        // The division in a named value that is read only under the guard.
        let throughValue = try XCTUnwrap(analyse("""
        header R
        input gap: pt in 0pt...200pt = 10
        let travel = 100pt - gap
        let ratio = offset / travel
        v { progress = travel > 0 ? clamp(ratio, 0, 1) : 1 }
        """))
        XCTAssertTrue(throughValue.issues.isEmpty, "\(throughValue.issues)")
        XCTAssertEqual(throughValue.outputs[0].range, RangeAnalysis.ProvenRange(min: 0, max: 1))
    }

    /// Floating point rounds where real arithmetic does not: past 2⁵³, `offset + 1pt` is `offset` (or the next
    /// even number), and `offset - 1e-300pt` is `offset` from about 1e-284 on. What that can make of a
    /// divisor, a square root's operand or a condition, the analysis sees.
    func testWhatRoundingCanDoIsSeen() throws {
        let result = try XCTUnwrap(analyse("""
        header R
        input gap: pt in 0pt...200pt = 10
        let travel = 100pt - gap
        a { opacity = 1pt / ((offset - 1e-300pt) - offset) }
        b { top = (offset + 1pt) - offset > 0.5pt ? 1pt : 1000pt }
        c { scale = sqrt((offset / 1pt + 1) - offset / 1pt - 1) }
        d { progress = travel > 0 ? clamp(offset / travel, 0, 1) : 1 }
        e { opacity = offset >= 0pt ? 1pt / (offset + 100pt) : 0 }
        """))
        let ranges = Dictionary(uniqueKeysWithValues: result.outputs.map { ($0.name, $0.range) })
        // At offset 1, (1 - 1e-300) - 1 is +0, and 1 / +0 is +inf: in real arithmetic it is -1e300.
        XCTAssertEqual(ranges["a.opacity"]?.infinite, true)
        // The condition is false at offset 2⁵³, where (2⁵³ + 1) - 2⁵³ is 0.
        XCTAssertEqual(ranges["b.top"], RangeAnalysis.ProvenRange(min: 1, max: 1000))
        XCTAssertTrue(result.conditions.isEmpty, "\(result.conditions)")
        // (2⁵³ + 1) - 2⁵³ - 1 is -1, whose square root is NaN.
        XCTAssertEqual(ranges["c.scale"]?.nan, true)
        XCTAssertEqual(Set(result.issues.map(\.kind)), [.divisionByZero, .squareRootOfNegative])
        // A guard on the number itself still proves the division safe, and a divisor of one sign whose terms
        // all add up (no cancellation) is not rounded to 0.
        XCTAssertEqual(ranges["d.progress"], RangeAnalysis.ProvenRange(min: 0, max: 1))
        XCTAssertEqual(ranges["e.opacity"], RangeAnalysis.ProvenRange(min: 0, max: 0.01))
    }

    /// The bounds are of the floating-point numbers the program gives, each case worked by hand.
    func testTheBoundsHoldOfFloatingPointNumbers() throws {
        let text = """
        header F
        input k in 1...4 = 1
        input s: pt in 0pt...100pt = 0
        let x = (offset * 0.1 + 0.7pt) * 3
        let z = max(offset, 0pt) * k
        state d = 0pt {
            next = delta
        }
        a { opacity = 1 - 0.45 * clamp(offset / 146pt, 0, 1)
            top = (260pt + s) - (30pt + s)
            bottom = x < 32.1pt ? offset * 1e6 : 0pt
            hidden = offset == z + 3pt
            width = keyframes(offset * 1e300) { 0pt: 0pt, 1pt: 10pt via cubicBezier(0.3, 2, 0.6, 2) }
            height = d
            scale = cubicBezier(0.5, 0, 0.5, 2)(offset / 1pt)
            progress = ease(clamp(offset / 100pt, 0, 1))
            padding = steps(1, jumpBoth)(progress(offset, 1e15pt, 1pt)) * offset
            cornerRadius = keyframes(offset) { 0: 0pt, 100pt: 50pt * k via smooth } }
        """
        let result = try XCTUnwrap(analyse(text))
        let compilation = Compilation(path: "f.header", text: text)
        let program = try XCTUnwrap(compilation.program)
        let ranges = Dictionary(uniqueKeysWithValues: result.outputs.map { ($0.name, $0) })
        func range(_ name: String) throws -> RangeAnalysis.ProvenRange { try XCTUnwrap(ranges[name]?.range, name) }

        // fl(1 - fl(0.45 × 1)) at the clamp's end, to the bit: the clamp bounds its own number.
        XCTAssertEqual(try range("a.opacity"), RangeAnalysis.ProvenRange(min: 1 - 0.45, max: 1))

        // 230 in real arithmetic; floating point rounds 260 + s and 30 + s, and the difference strays from 230
        // by a unit or two in its last place: at s = 49.36012754298432 it is 230.00000000000003.
        let top = try range("a.top")
        for s in [0, 0.1, 49.36012754298432, 99.9, 100] {
            let value = (260 + s) - (30 + s)
            XCTAssertTrue(top.contains(value), "\(value) at s = \(s), proven \(top)")
        }
        XCTAssertEqual((260 + 49.36012754298432) - (30 + 49.36012754298432), 230.00000000000003)
        XCTAssertTrue(top.min > 230 - 1e-11 && top.max < 230 + 1e-11, "\(top)")

        // x < 32.1 is 0.3 × offset < 30 in real arithmetic, offset < 100; in floating point x is 32.1 or more from
        // offset 100 on, and offset × 1e6 stays below 1e8 plus a rounding. Its error grows without bound as the
        // offset falls, where the value falls faster.
        let bottom = try range("a.bottom")
        XCTAssertEqual(bottom.min, -.infinity)
        XCTAssertTrue(bottom.max >= 99.99999999999999 * 1e6 && bottom.max < 1e8 + 1e-4, "\(bottom)")

        // z ≥ offset in real arithmetic, so offset == z + 3 never holds; at offset 1e200 with k = 1, z + 3 is z,
        // which is the offset. The linear program's tolerance must not hide that.
        let hidden = try XCTUnwrap(ranges["a.hidden"])
        XCTAssertTrue(hidden.canBeTrue && hidden.canBeFalse)
        XCTAssertEqual(1e200 + 3, 1e200)

        // offset × 1e300 passes 0...1 for offsets between 0 and 1e-300: the segment, which overshoots to 10 times
        // the Bézier's peak, is taken there. The peak of y(t) = 3(1-t)²t·2 + 3(1-t)t²·2 + t³, by hand: y' = 0 at
        // 6(1-t)² - ... worked here by scanning t.
        var peak = 0.0
        for step in 0...100_000 {
            let t = Double(step) / 100_000
            peak = max(peak, 3 * (1 - t) * (1 - t) * t * 2 + 3 * (1 - t) * t * t * 2 + t * t * t)
        }
        let width = try range("a.width")
        XCTAssertTrue(width.max >= 10 * peak - 1e-6 && width.max < 10 * peak + 1e-6, "\(width), peak \(10 * peak)")

        // delta is the difference of two finite offsets, which overflows: from 1.7e308 to -1.7e308 it is -inf.
        XCTAssertTrue(try range("a.height").infinite)
        XCTAssertEqual(-1.7e308 - 1.7e308, -.infinity)

        // Past x = 1 the curve goes on along its end slope, (1 - 2) / (1 - 0.5) = -2: at offset 1e308 that is
        // 1 - 2 × (1e308 - 1), below the largest negative double.
        XCTAssertTrue(try range("a.scale").infinite)

        // A spring that does not overshoot keeps within 0...1, kernel and all, and a keyframe segment along it
        // between its two ends: 0...50 k, to the bit.
        XCTAssertEqual(try range("a.cornerRadius"), RangeAnalysis.ProvenRange(min: 0, max: 200))

        // Past offset 1e15 the progress is 0 and steps(1, jump-both) gives 1/2: the padding is offset / 2, without
        // bound. The linear program that finds it works with bounds of 1e15, where its pivots' last bits are far
        // above an absolute tolerance: it must not call the path infeasible.
        XCTAssertEqual(try range("a.padding").max, .infinity)
        let paddingIndex = try XCTUnwrap(program.outputs.firstIndex { $0.qualifiedName == "a.padding" })
        XCTAssertEqual(Interpreter(program: program).frame(at: 0x1p53 + 2)[paddingIndex], .number((0x1p53 + 2) / 2))

        // ease over 0...1 is 0...1, to the bit: its kernel keeps its sum within the hull of the control points'
        // y (CurveTests), and the analysis knows it. Just below offset 100 the interpreter stays at most 1.
        XCTAssertEqual(try range("a.progress"), RangeAnalysis.ProvenRange(min: 0, max: 1))
        let interpreter = Interpreter(program: program)
        let progressIndex = try XCTUnwrap(program.outputs.firstIndex { $0.qualifiedName == "a.progress" })
        var x = 100.0
        for _ in 0..<3_000 {
            x = x.nextDown
            guard case .number(let value) = interpreter.frame(at: x)[progressIndex] else { return XCTFail("not a number") }
            XCTAssertTrue(value >= 0 && value <= 1, "\(value) at offset \(x)")
        }
    }

    /// A bound is printed round only when that widens the range: 0.7000000000000001 as a lower bound is 0.7
    /// (below it), as an upper bound it stays; 0.3235374321849094 as a lower bound is not 0.323537432185,
    /// which lies 9e-14 above it and would be passed by the value that attains the bound.
    func testPrintingABoundNeverNarrowsIt() {
        XCTAssertEqual(RangeAnalysis.clean(0.7000000000000001, .down), 0.7)
        XCTAssertEqual(RangeAnalysis.clean(0.7000000000000001, .up), 0.7000000000000001)
        XCTAssertEqual(RangeAnalysis.clean(0.29999999999999993, .up), 0.3)
        XCTAssertEqual(RangeAnalysis.clean(0.29999999999999993, .down), 0.29999999999999993)
        XCTAssertEqual(RangeAnalysis.clean(0.3235374321849094, .down), 0.3235374321849094)
        XCTAssertEqual(RangeAnalysis.clean(0.3235374321849094, .up), 0.323537432185)
        XCTAssertEqual(RangeAnalysis.clean(4e-17, .down), 0)
        XCTAssertEqual(RangeAnalysis.clean(4e-17, .up), 4e-17)
        XCTAssertEqual(RangeAnalysis.clean(-4e-17, .up), 0)
        // An offset where an output starts or stops changing is no bound: the nearer round number serves.
        XCTAssertEqual(RangeAnalysis.clean(9.99999999999991, .toNearestOrEven), 10)
    }

    /// A clamp bounds the very number it returns: `1 - p` with p clamped to 0...1 (computed from the offset
    /// through 1/200, which rounds) is fl(1 - 1) = 0 at least and fl(1 - 0) = 1 at most, to the bit, and
    /// `1e-300 * p` tops out at 1e-300, not at 0.
    func testAClampBoundsItsOwnNumber() throws {
        var lines = ["header R", "input k = 1"]
        for index in 0..<40 {
            lines.append("let p\(index) = clamp((offset - (100pt + \(index)pt * k)) / 200pt, 0, 1)")
            lines.append("b\(index) { opacity = 1 - p\(index)")
            lines.append("    top = 1e-300pt * p\(index) }")
        }
        let result = try XCTUnwrap(analyse(lines.joined(separator: "\n")))
        for output in result.outputs {
            let expected = output.name.hasSuffix("opacity") ? RangeAnalysis.ProvenRange(min: 0, max: 1)
                : RangeAnalysis.ProvenRange(min: 0, max: 1e-300)
            XCTAssertEqual(output.range, expected, output.name)
        }
    }

    /// A value read twice by the next, eighty times over, doubles the count of roundings at each step: the
    /// count stops where the rounding error is unbounded anyway, rather than overflowing. By hand, each
    /// v = v' × 0.5 + v' × 0.5 is v', so the last is k × 0.5, in 0...0.5.
    func testARoundingCountThatDoublesAtEachStepStops() throws {
        var lines = ["header D", "input k in 0...1 = 0", "let v0 = k * 0.5"]
        for index in 1..<80 { lines.append("let v\(index) = v\(index - 1) * 0.5 + v\(index - 1) * 0.5") }
        lines.append("b { opacity = v79 }")
        let text = lines.joined(separator: "\n")
        let result = try XCTUnwrap(analyse(text))
        XCTAssertEqual(result.outputs[0].range, RangeAnalysis.ProvenRange(min: 0, max: 0.5))
        let outcome = StandardInput.$read.withValue({ Data(text.utf8) }) { Driver.run(["check", "-"]) }
        XCTAssertEqual(outcome.exitCode, 0, outcome.standardError)
    }

    func testConditionsThatNeverChangeAreListed() throws {
        let result = try XCTUnwrap(analyse("""
        header R
        input s: pt in 0pt...100pt = 0
        v { top = s >= 0 ? offset : 0 }
        w { top = offset > 50 ? 1 : 0 }
        """))
        XCTAssertEqual(result.conditions.map(\.value), [true])
    }

    func testCurvesGiveTheirTrueRange() throws {
        // y(t) = 3(1-t)²t·(-0.5) + 3(1-t)t²·1.5 + t³ dips below 0 and rises above 1: its extremes are where
        // y'(t) = 0, t = (1 ± √(1 - 4·(-1.5)·(-1.5)... computed here from the polynomial, not the analysis.
        let y1 = -0.5, y2 = 1.5
        func y(_ t: Double) -> Double { 3 * (1 - t) * (1 - t) * t * y1 + 3 * (1 - t) * t * t * y2 + t * t * t }
        var low = 0.0, high = 1.0
        for step in 0...200_000 {
            let t = Double(step) / 200_000
            low = min(low, y(t))
            high = max(high, y(t))
        }
        let result = try XCTUnwrap(analyse("header R\nv { progress = cubicBezier(0.4, -0.5, 0.6, 1.5)(clamp(offset / 100pt, 0, 1)) }\n"))
        XCTAssertEqual(result.outputs[0].range.min, low, accuracy: 1e-6)
        XCTAssertEqual(result.outputs[0].range.max, high, accuracy: 1e-6)
        XCTAssertLessThan(result.outputs[0].range.min, 0)
        XCTAssertGreaterThan(result.outputs[0].range.max, 1)
        // A bouncy spring overshoots 1 at its first peak, t = π/ω_d.
        let spring = try XCTUnwrap(SpringCurve(duration: 0.5, bounce: 0.3))
        var peak = 0.0
        for step in 0...100_000 { peak = max(peak, spring.value(at: Double(step) / 100_000)) }
        let springy = try XCTUnwrap(analyse("header R\nv { scale = bouncy(clamp(offset / 100pt, 0, 1)) }\n"))
        // At 0 the spring is 0, and its kernel never gives less.
        XCTAssertEqual(springy.outputs[0].range.min, 0)
        XCTAssertEqual(springy.outputs[0].range.max, peak, accuracy: 1e-7)
        XCTAssertGreaterThan(springy.outputs[0].range.max, 1)
    }

    /// Each named value is evaluated once, whoever reads it and under whatever conditions: a chain of 400
    /// values, each read by an output and one of them under a condition, keeps every range exact. By hand:
    /// v1 = clamp(o / 2 + 1, -100, 100) spans -100...100, and each next one halves and adds 1:
    /// -49...51, -23.5...26.5, -10.75...14.25. Read under `offset > 0`, v3 lies in 1.75...26.5 (o > 0 gives
    /// v1 > 1, v2 > 1.5, v3 > 1.75), and the output is 0 elsewhere: 0...26.5.
    func testAChainOfNamedValuesKeepsItsRanges() throws {
        var lines = ["header Chain", "let v0 = offset"]
        for index in 1...400 { lines.append("let v\(index) = clamp(v\(index - 1) * 0.5 + 1pt, -100pt, 100pt)") }
        lines.append("c { top = offset > 0pt ? v3 : 0pt }")
        for index in 1...400 { lines.append("b\(index) { top = v\(index) }") }
        let result = try XCTUnwrap(analyse(lines.joined(separator: "\n")))
        let ranges = Dictionary(uniqueKeysWithValues: result.outputs.map { ($0.name, $0.range) })
        XCTAssertEqual(ranges["b1.top"], RangeAnalysis.ProvenRange(min: -100, max: 100))
        XCTAssertEqual(ranges["b2.top"], RangeAnalysis.ProvenRange(min: -49, max: 51))
        XCTAssertEqual(ranges["b3.top"], RangeAnalysis.ProvenRange(min: -23.5, max: 26.5))
        XCTAssertEqual(ranges["b4.top"], RangeAnalysis.ProvenRange(min: -10.75, max: 14.25))
        XCTAssertEqual(ranges["c.top"], RangeAnalysis.ProvenRange(min: 0, max: 26.5))
        // Every value of the chain lies within -100...100, and the far ones close in on 2.
        let last = try XCTUnwrap(ranges["b400.top"])
        XCTAssertTrue(last.min >= -100 && last.max <= 100 && last.min <= 2 && last.max >= 2, "\(last)")
    }

    func testKeyframesAreExact() throws {
        let result = try XCTUnwrap(analyse("""
        header R
        input k in 1...2 = 1
        v { opacity = keyframes(offset) { 0: 1, 100: 0.5 * k, 200: 0 } }
        """))
        XCTAssertEqual(result.outputs[0].range, RangeAnalysis.ProvenRange(min: 0, max: 1))
    }

    func testDeadKeyframeStops() throws {
        let text = """
        header D
        let p = clamp(offset / 100pt, 0, 1)
        v {
            opacity = keyframes(p) { 0: 1, 0.5: 0.5, 1: 0, 1️⃣1.5: 0.2 }
            scale = keyframes(p + 2) { 2️⃣0: 1, 1: 0.5, 3: 0 }
            top = keyframes(offset) { 0pt: 0pt, 100pt: 10pt }
        }
        """
        let compiled = MarkedCompilation(text)
        let program = try XCTUnwrap(compiled.compilation.program)
        _ = try XCTUnwrap(compiled.spec)
        let warnings = RangeWarnings.warnings(program, analysis: RangeAnalysis.analyze(program), source: compiled.source)
        // p is within 0...1, so the stop at 1.5 is never reached; p + 2 is within 2...3, so it never comes
        // back to the stop at 0; the stop at 1 is passed (p + 2 >= 1), and the offset reaches every stop.
        XCTAssertEqual(warnings.map(\.diagnostic.message), [
            "this keyframe stop is never reached: its driver stays below 1.5",
            "this keyframe stop is never reached: its driver stays above 0",
        ])
        XCTAssertEqual(warnings.map { compiled.location($0.diagnostic) }, [compiled["1️⃣"], compiled["2️⃣"]])
    }

    // MARK: Soundness on random specs

    /// Every value the interpreter gives lies inside its proven range, to the bit: the bounds are of
    /// floating-point numbers, not of real ones. So does every value a snap settles on, for targets within
    /// the hull of its points' proven values.
    func testEveryValueLiesInItsProvenRange() throws {
        var random = SeededGenerator(seed: 0x5241_4E47)
        var checked = 0, specs = 0, settled = 0, movedStates = 0
        for (generated, _, compilation) in DifferentialHarness.generatedSpecs(count: 400, seed: DifferentialHarness.seed) {
            guard let program = compilation.program else { continue }
            specs += 1
            let analysis = RangeAnalysis.analyze(program)
            let interpreter = Interpreter(program: program)
            // Every finite offset: where rounding eats small terms (past 2⁵³), where arithmetic overflows to
            // an infinity (near the largest double), and the smallest subnormal.
            var offsets = generated.interestingOffsets.filter(\.isFinite)
                + [0, 1e6, -1e6, 1e9, -1e9, 3.7e11, -3.7e11, 1e15, -1e15, 0x1p53 + 2, 1e200, -1e300, 1.7e308, -1.7e308, Double.leastNonzeroMagnitude]
            for _ in 0..<40 { offsets.append(random.double(in: -600...600)) }
            for round in 0..<5 {
                var setting: [String] = []
                for input in generated.inputs {
                    switch input.type {
                    case .phase:
                        // Each phase in turn, drawing nothing: the random numbers of the other inputs stay as they were.
                        let phase = ScrollPhase.allCases[round % ScrollPhase.allCases.count]
                        interpreter.setInput(input.name, to: .phase(phase))
                        setting.append("\(input.name)=\(phase.name)")
                    case .bool:
                        let value = random.chance(0.5)
                        interpreter.setInput(input.name, to: .bool(value))
                        setting.append("\(input.name)=\(value)")
                    case .number, .length:
                        guard let range = input.range else { continue }
                        let value = random.chance(0.3) ? random.pick([range.lowerBound, range.upperBound]) : random.double(in: range)
                        interpreter.setInput(input.name, to: .number(value))
                        setting.append("\(input.name)=\(value)")
                    }
                }
                interpreter.resetState()
                let stateSnaps = program.snaps.indices.filter { program.snaps[$0].state != nil }
                // The frames' times, for the transitions: never back, with repeats, a frame's, jumps past any duration.
                var time = random.pick([0, -1e12, 1e9])
                for (step, offset) in offsets.enumerated() {
                    if !generated.isStateful { interpreter.resetState() }
                    time += random.pick([0, 16.75, 300, 1e-3, 5000, 1e12, 0.5])
                    interpreter.time = time
                    var frames = [interpreter.frame(at: offset)]
                    // Now and then a scroll ends and a snap moves its state: the frame drawn from the settled
                    // state, and the frames that advance from it, stay within the proven ranges too.
                    if !stateSnaps.isEmpty, step % 5 == 4 {
                        let velocity = random.pick([0, 1, -1, 400, -400, 1e6])
                        interpreter.settleState(snap: random.pick(stateSnaps), velocity: velocity)
                        frames.append(interpreter.redraw())
                        movedStates += 1
                    }
                    for (index, value) in frames.joined().enumerated() {
                        let proven = analysis.outputs[index % program.outputs.count]
                        checked += 1
                        switch value {
                        case .phase: break
                        case .bool(let bool):
                            guard bool ? proven.canBeTrue : proven.canBeFalse else {
                                return XCTFail("spec \(generated.index): \(proven.name) is \(bool) at offset \(offset) with \(setting), proven never\n\(generated.text)")
                            }
                        case .number(let number):
                            let range = proven.range
                            // To the bit: the bounds hold of floating-point numbers, rounding and all.
                            guard range.contains(number) else {
                                return XCTFail("spec \(generated.index): \(proven.name) is \(number) at offset \(offset) with \(setting), proven \(range)\n\(generated.text)")
                            }
                        }
                    }
                }
                // Each snap's settled value, for targets within the hull of its points' proven values (the targets
                // its row is proven for) and every kind of velocity.
                for (snap, proven) in analysis.settles.enumerated() {
                    let hull = analysis.settlePoints[snap]
                    guard hull.min <= hull.max else { continue }
                    var targets = offsets + [hull.min, hull.max, hull.min.nextUp, hull.max.nextDown, hull.min / 2 + hull.max / 2]
                    for _ in 0..<10 where hull.max - hull.min < .infinity { targets.append(random.double(in: hull.min...hull.max)) }
                    for target in targets where target >= hull.min && target <= hull.max {
                        for velocity in [0, 1, -1, 299.99, 300, -300, 500, -500, 1e6, -1e6, .nan, .infinity, -.infinity] {
                            let value = interpreter.settle(snap: snap, offset: target, velocity: velocity)
                            settled += 1
                            guard proven.range.contains(value) else {
                                return XCTFail("spec \(generated.index): \(proven.name) is \(value) at target \(target), velocity \(velocity) with \(setting), proven \(proven.range)\n\(generated.text)")
                            }
                        }
                    }
                }
            }
        }
        XCTAssertGreaterThan(specs, 350)
        XCTAssertGreaterThan(checked, 100_000)
        XCTAssertGreaterThan(settled, 10_000)
        XCTAssertGreaterThan(movedStates, 100)
    }

    /// The window of the issue: `offset - k` between 0 and 1e-8 is met (at offset 5e-9 with k = 0 the
    /// opacity is 2), so 2 is in the proven range and the inner condition is not decided.
    func testANarrowWindowTiedToAnInputIsKept() throws {
        let compilation = Compilation(path: "sb.header", text: """
            header Sb
            input k: pt in 0pt...10pt = 0
            b { opacity = offset - k > 0pt ? (offset - k < 0.00000001pt ? 2 : 1) : 1 }
            """)
        let analysis = RangeAnalysis.analyze(try XCTUnwrap(compilation.program))
        XCTAssertEqual(analysis.outputs[0].range.min, 1)
        XCTAssertEqual(analysis.outputs[0].range.max, 2)
        XCTAssertEqual(analysis.conditions.count, 0, "\(analysis.conditions)")
    }

    /// A comparison of a named value that can be infinite says on each side which kinds of number gave it:
    /// r = offset / s is ±infinity where s is tiny, and `r < 0.01 ? 0 : r > 0.99 ? 1 : r` takes those to 0
    /// and 1; its finite values between are 0.01...0.99. So the progress lies in 0...1, by hand.
    func testAGuardNarrowsANamedValuesOwnNumber() throws {
        let compilation = Compilation(path: "r.header", text: """
            header R
            input s: pt in 0pt...60pt = 30
            let r = s > 0pt ? offset / s : 0
            t { progress = r < 0.01 ? 0 : r > 0.99 ? 1 : r }
            """)
        let analysis = RangeAnalysis.analyze(try XCTUnwrap(compilation.program))
        XCTAssertEqual(analysis.outputs[0].range, RangeAnalysis.ProvenRange(min: 0, max: 1))
    }

    /// Bool inputs split the paths of the bodies that read them: eleven bools, each adding its own power of
    /// two, give every sum from 0 to 2¹¹ - 1 = 2047 (by hand), the last bool as well as the first, and an
    /// output that reads none of them is 1 on one path.
    func testEveryBoolInputTakesBothValues() throws {
        let names = (0..<11).map { "b\($0)" }
        let sum = names.enumerated().map { "(\($1) ? \(1 << $0) : 0)" }.joined(separator: " + ")
        let inputs = names.map { "input \($0) = false" }.joined(separator: "\n")
        let text = "header Bools\n\(inputs)\nlet total = \(sum)\nv { offsetY = total * 1pt }\nw { opacity = 1 }\n"
        let analysis = RangeAnalysis.analyze(try XCTUnwrap(Compilation(path: "bools.header", text: text).program))
        XCTAssertEqual(analysis.outputs[0].range, RangeAnalysis.ProvenRange(min: 0, max: 2047))
        XCTAssertEqual(analysis.outputs[1].range, RangeAnalysis.ProvenRange(min: 1, max: 1))
        XCTAssertNil(analysis.outputs[1].changes)
    }

    /// A state's range is the fixpoint however long it takes to reach: in a chain of fourteen states, each
    /// taking the next one's value and the last 1, the first becomes 1 at the fourteenth frame of a trace,
    /// and every state is 0 or 1 (by hand), so the first one's range is 0...1. The interpreter agrees.
    func testAChainOfStatesReachesItsFixpoint() throws {
        let states = (1...14).map { "state s\($0) = 0 { next = \($0 < 14 ? "s\($0 + 1)" : "1") }" }.joined(separator: "\n")
        let compilation = Compilation(path: "states.header", text: "header Chain\n\(states)\nv { opacity = s1 }\n")
        let program = try XCTUnwrap(compilation.program)
        XCTAssertEqual(RangeAnalysis.analyze(program).outputs[0].range, RangeAnalysis.ProvenRange(min: 0, max: 1))
        let interpreter = Interpreter(program: program)
        let trace = (0..<16).map { offset -> Value in interpreter.frame(at: Double(offset))[0] }
        XCTAssertEqual(trace[12], .number(0))
        XCTAssertEqual(trace[13], .number(1))
    }

    /// A keyframe segment between stops that move with the inputs: the comparisons that choose it put the
    /// driver between the stops, so its fraction lies in 0...1 and nothing divides by 0. By hand: with
    /// stops 0 and d = a - b (a, b in 0...10), the value is 0 up to 0, then d at once where d ≤ 0 (stops that
    /// meet are a jump), or the offset up to d where d > 0: within -10...10, never NaN. With stops a and b in
    /// 0...100 and values 0 and 10, it is 0, 10 or between: 0...10. Each is sampled in the interpreter.
    func testAKeyframeSegmentBetweenMovingStopsIsAFraction() throws {
        for (stops, lower, upper) in [("0pt: 0pt, a - b: a - b", -10.0, 10.0), ("a: 0pt, b: 10pt", 0, 10)] {
            let range = stops.hasPrefix("0pt") ? "10pt" : "100pt"
            let text = "header K\ninput a: pt in 0pt...\(range) = 5\ninput b: pt in 0pt...\(range) = 5\nv { offsetY = keyframes(offset) { \(stops) } }\n"
            let compilation = Compilation(path: "k.header", text: text)
            let program = try XCTUnwrap(compilation.program)
            let proven = RangeAnalysis.analyze(program).outputs[0].range
            XCTAssertEqual(proven, RangeAnalysis.ProvenRange(min: lower, max: upper), stops)
            let warnings = RangeWarnings.diagnose(program, analysis: RangeAnalysis.analyze(program), source: compilation.source)
            XCTAssertEqual(warnings.map(\.message), [], stops)
            let interpreter = Interpreter(program: program)
            let points = [0, 1e-300, 1e-9, 0.1, 3, 5, 5.000000000000001, 7, 10, upper]
            for a in points where a <= (upper == 10 && lower == 0 ? 100 : 10) {
                for b in points {
                    _ = interpreter.setInput("a", to: .number(a))
                    _ = interpreter.setInput("b", to: .number(b))
                    for offset in [-1, 0, 1e-300, 1e-10, 0.05, 1, a - b, (a - b).nextDown, (a - b).nextUp, a, a.nextUp, b, b.nextDown, 20] {
                        guard case .number(let value) = interpreter.frame(at: offset)[0] else { return XCTFail("not a number") }
                        XCTAssertTrue(proven.contains(value), "\(stops): \(value) at offset \(offset) with a = \(a), b = \(b)")
                    }
                }
            }
        }
    }

    /// pow is within an ulp but not correctly rounded, so its bounds are its corners widened: sampled at
    /// the ends of each range, a few ulps beside them, 0, 1 and -1 where they lie within, and seeded points
    /// between, over bases and exponents near its corners (a base near 0 or 1, exponents near 0, large ones
    /// that overflow or underflow), every result the interpreter gives lies in the proven interval, and a
    /// NaN or an infinity only where the analysis says it can be.
    func testPowLiesInItsProvenRangeNearItsCorners() throws {
        let bases: [(Double, Double)] = [(0, 1), (1, 2), (0.5, 1.5), (1 - 1e-15, 1 + 1e-15), (0, 1e-300), (1e-10, 1e10),
                                         (0.999, 1.001), (-2, 2), (-1, 0), (2, 2)]
        let exponents: [(Double, Double)] = [(-2, 2), (0, 1), (0.5, 0.5), (-1e-15, 1e-15), (100, 1000), (-1000, -100),
                                             (3, 3), (-3, -3), (0.1, 0.3), (1, 1), (-0.5, 2.5)]
        var generator = SeededGenerator(seed: 20)
        var checked = 0
        func samples(_ low: Double, _ high: Double) -> [Double] {
            var values = [low, high, low.nextUp, high.nextDown, low.nextUp.nextUp, high.nextDown.nextDown]
            values += [0, 1, -1].filter { $0 >= low && $0 <= high }
            values += (0..<12).map { _ in low + (high - low) * Double.random(in: 0...1, using: &generator) }
            return values.filter { $0 >= low && $0 <= high }
        }
        for (baseLow, baseHigh) in bases {
            for (exponentLow, exponentHigh) in exponents {
                let text = """
                    header P
                    input x in \(baseLow)...\(baseHigh) = \(baseLow)
                    input y in \(exponentLow)...\(exponentHigh) = \(exponentLow)
                    v { offsetY = pow(x, y) * 1pt }
                    """
                let compilation = Compilation(path: "p.header", text: text)
                let program = try XCTUnwrap(compilation.program, text)
                let proven = RangeAnalysis.analyze(program).outputs[0].range
                let interpreter = Interpreter(program: program)
                for x in samples(baseLow, baseHigh) {
                    for y in samples(exponentLow, exponentHigh) {
                        _ = interpreter.setInput("x", to: .number(x))
                        _ = interpreter.setInput("y", to: .number(y))
                        guard case .number(let value) = interpreter.frame(at: 0)[0] else { return XCTFail("not a number") }
                        XCTAssertTrue(proven.contains(value), "pow(\(x), \(y)) = \(value), proven \(proven)\n\(text)")
                        checked += 1
                    }
                }
            }
        }
        XCTAssertGreaterThan(checked, 10_000)
    }

    /// A divisor that is 0 only inside the inputs' ranges, at none of their ends or defaults: `check` finds
    /// the input value that makes it 0 and warns there, and the interpreter divides by 0 at that witness.
    /// The news-article case first (`articleLength - viewportHeight`, 0 where the article is as long as the
    /// viewport), then 200 generated specs with the zero planted at an interior point, and 100 where it takes
    /// two inputs moved together to reach it.
    func testAZeroInsideTheInputsRangesIsFound() throws {
        var specs = ["""
            header News
            input articleLength: pt in 500pt...10000pt = 4000pt
            input viewportHeight: pt in 300pt...2000pt = 844pt
            let scrollable = articleLength - viewportHeight
            readingBar { progress = clamp(offset / scrollable, 0, 1) }
            """]
        var generator = SeededGenerator(seed: 25)
        while specs.count < 201 {
            let lx = Int.random(in: 100...200, using: &generator), hx = lx + Int.random(in: 50...500, using: &generator)
            let ly = Int.random(in: 0...99, using: &generator), hy = ly + Int.random(in: 10...300, using: &generator)
            let c = [1, 2, 4][Int.random(in: 0...2, using: &generator)]
            let target = Int.random(in: (lx + 1)...(hx - 1), using: &generator)
            let k = c * target - ly
            // The zero must lie at none of the points tried before: each input at its default or an end.
            let corners = [lx, hx].flatMap { x in [ly, hy].map { y in c * x - y - k } }
            guard !corners.contains(0) else { continue }
            specs.append("""
                header Plant
                input x: pt in \(lx)pt...\(hx)pt = \(lx)pt
                input y: pt in \(ly)pt...\(hy)pt = \(ly)pt
                let d = \(c) * x - (y + \(k)pt)
                b { opacity = clamp(offset / d, 0, 1) }
                """)
        }
        // Then 100 with the zero where no one input reaches it alone: `c·x + y - k` is 0 at (tx, ty) inside the
        // ranges, and negative at the defaults (the low ends), where neither x = (k - ly) / c nor y = k - c·lx
        // lies in its range: both must move, and no corner is a zero.
        while specs.count < 301 {
            let lx = Int.random(in: 100...200, using: &generator), hx = lx + Int.random(in: 50...500, using: &generator)
            let ly = Int.random(in: 0...99, using: &generator), hy = ly + Int.random(in: 10...300, using: &generator)
            let c = [1, 2, 4][Int.random(in: 0...2, using: &generator)]
            let tx = Int.random(in: (lx + 1)...(hx - 1), using: &generator), ty = Int.random(in: (ly + 1)...(hy - 1), using: &generator)
            let k = c * tx + ty
            let xAlone = Double(k - ly) / Double(c), yAlone = k - c * lx
            let corners = [lx, hx].flatMap { x in [ly, hy].map { y in c * x + y - k } }
            guard !(Double(lx)...Double(hx)).contains(xAlone), !(ly...hy).contains(yAlone), !corners.contains(0) else { continue }
            specs.append("""
                header PlantTwo
                input x: pt in \(lx)pt...\(hx)pt = \(lx)pt
                input y: pt in \(ly)pt...\(hy)pt = \(ly)pt
                let d = \(c) * x + y - \(k)pt
                b { opacity = clamp(offset / d, 0, 1) }
                """)
        }
        var reproduced = 0
        for (index, text) in specs.enumerated() {
            let compilation = Compilation(path: "plant\(index).header", text: text)
            let program = try XCTUnwrap(compilation.program, text)
            let messages = RangeWarnings.diagnose(program, analysis: RangeAnalysis.analyze(program), source: compilation.source)
                .map(\.message)
            XCTAssertTrue(messages.contains { $0.hasPrefix("division by zero") }, "\(messages)\n\(text)")
            reproduced += try RangeWarningReproduction.check(text, path: "plant\(index).header")
        }
        XCTAssertGreaterThanOrEqual(reproduced, specs.count)
    }

    /// Every warning of every spec in the test suite (the examples, the specs written in the tests, the
    /// generated ones) reproduces in the interpreter at its witness.
    func testEveryWitnessReproduces() throws {
        var sources: [(String, String)] = try SpecCorpus.all().map { ($0.name, $0.text) }
        for (generated, _, _) in DifferentialHarness.generatedSpecs(count: 400, seed: DifferentialHarness.seed) {
            sources.append(("spec\(generated.index).header", generated.text))
        }
        var warnings = 0
        let harmsBefore = RangeWarningReproduction.harmsChecked
        let checked = Concurrently.map(sources) { source in Result { try RangeWarningReproduction.check(source.1, path: source.0) } }
        for count in checked { warnings += try count.get() }
        let harms = RangeWarningReproduction.harmsChecked - harmsBefore
        print("witnesses: \(warnings) warnings of \(sources.count) specs reproduce in the interpreter; "
              + "\(harms) of them are faults, each naming an output or a state the interpreter shows NaN or infinite there")
        XCTAssertGreaterThan(warnings, 20)
        XCTAssertGreaterThan(harms, 10)
    }

    /// The warnings the interpreter does not bear out are not given, and a witness names what it takes.
    func testNoWarningWithoutARun() throws {
        func messages(_ text: String) throws -> [String] {
            let compilation = Compilation(path: "w.header", text: text)
            let program = try XCTUnwrap(compilation.program)
            return RangeWarnings.warnings(program, analysis: RangeAnalysis.analyze(program), source: compilation.source)
                .map(\.diagnostic.message)
        }
        // Equal stop positions are a jump: nothing divides by their difference.
        let jump = try messages("""
            header K
            input a: pt in 0pt...10pt = 5
            input b: pt in 0pt...10pt = 5
            v { offsetY = keyframes(offset) { 0pt: 0pt, a - b: a - b } }
            """)
        XCTAssertFalse(jump.contains { $0.hasPrefix("division by zero") }, "\(jump)")
        // At s = 0 the branch that divides is not taken.
        let guarded = try messages("""
            header G
            input s: pt in 0pt...60pt = 30
            t { progress = s > 0pt ? (offset / s < 0.01 ? 0 : 1) : 0 }
            """)
        XCTAssertEqual(guarded, [])
        // With the defaults the division is not run; with on = false it is, by h = 0.
        let flipped = try messages("""
            header O
            input on: bool = true
            input h: pt = 0
            t { scale = on ? 1 : 1pt / h }
            """)
        XCTAssertEqual(flipped.filter { $0.hasPrefix("division by zero") },
                       ["division by zero: 'h' is 0 (at offset 0 with on = false), and 't.scale' is infinite there"])
    }

    // MARK: Cost

    /// Each level of `min(x, 1) * (...)` splits its left side in two, and the right side is evaluated once for
    /// each way: 2ⁿ evaluations for n levels, without the budget. Past it the ways are merged, so that twice
    /// the levels cost about twice the evaluations, and every value the program gives still lies in the range.
    func testNestingWhoseLeftSidesSplitCostsInProportionToItsSize() throws {
        func nested(_ levels: Int) -> String {
            var expression = "offset / 100pt"
            for _ in 0..<levels { expression = "(min(offset / 100pt, 1) * (\(expression)) + 1)" }
            return "header Deep\nv {\n    opacity = \(expression)\n}\n"
        }
        var made: [Int] = []
        for levels in [20, 40] {
            let text = nested(levels)
            let program = try XCTUnwrap(Compilation(path: "deep.header", text: text).program)
            let analysis = RangeAnalysis.analyze(program)
            XCTAssertGreaterThan(analysis.evaluations.made, analysis.evaluations.budget, "the budget is reached")
            made.append(analysis.evaluations.made)
            try assertSound(program, analysis, offsets: [0, 1, -1, 50, 99, 100, 101, -99, -100, -101, -250, 250, 1e6, -1e6, 1e300, -1e300])
        }
        XCTAssertLessThan(Double(made[1]) / Double(made[0]), 3, "\(made)")
    }

    /// Past the budget, an output that switches between constants where the offset passes 50 keeps its
    /// switch: the hull of 0 and 1 over paths parted on the offset follows the offset.
    func testPastTheBudgetASwitchStillChanges() throws {
        var expression = "offset / 100pt"
        for _ in 0..<30 { expression = "(min(offset / 100pt, 1) * (\(expression)) + 1)" }
        let text = "header Switch\ndeep {\n    opacity = \(expression)\n}\nb {\n    opacity = offset > 50pt ? 1 : 0\n}\n"
        let program = try XCTUnwrap(Compilation(path: "switch.header", text: text).program)
        let analysis = RangeAnalysis.analyze(program)
        XCTAssertGreaterThan(analysis.evaluations.made, analysis.evaluations.budget, "the budget is reached")
        let changes = try XCTUnwrap(analysis.outputs[1].changes, "b.opacity switches at 50")
        XCTAssertLessThanOrEqual(changes.from, 50)
        XCTAssertGreaterThanOrEqual(changes.to, 50)
        XCTAssertEqual(analysis.outputs[1].range, RangeAnalysis.ProvenRange(min: 0, max: 1))
    }

    /// A function that calls the one before twice doubles at each level; f8 here expands to just under the
    /// checker's limit of 2,000 operations, and each product splits on its left factor's sign. At offset 1
    /// the opacity is 1.01 to the 132nd (to the 128th from f7, times the 4th from f2): about 3.72.
    func testAFunctionExpandedToTheLimitIsAnalysedInProportion() throws {
        let text = """
        header Expanded
        func f0(x) = x + 1
        func f1(x) = f0(x) * f0(x)
        func f2(x) = f1(x) * f1(x)
        func f3(x) = f2(x) * f2(x)
        func f4(x) = f3(x) * f3(x)
        func f5(x) = f4(x) * f4(x)
        func f6(x) = f5(x) * f5(x)
        func f7(x) = f6(x) * f6(x)
        func f8(x) = f7(x) * f2(x)
        v {
            opacity = f8(offset / 100pt)
        }
        """
        let program = try XCTUnwrap(Compilation(path: "expanded.header", text: text).program)
        let analysis = RangeAnalysis.analyze(program)
        XCTAssertLessThan(analysis.evaluations.made, 3 * analysis.evaluations.budget)
        XCTAssertLessThan(analysis.evaluations.budget, 10 * program.inliningCalls().outputs.reduce(0) { $0 + $1.body.nodeCount })
        guard case .number(let atOne)? = Interpreter(program: program).frame(at: 1).first else { return XCTFail("no opacity") }
        XCTAssertEqual(atOne, exp(132 * log(1.01)), accuracy: 1e-9)
        // Past offset 21,540 the power passes the largest double (e^709.78 is about 216.4 to the 132nd).
        XCTAssertTrue(analysis.outputs[0].range.infinite)
        XCTAssertGreaterThanOrEqual(analysis.outputs[0].range.max, atOne)
        try assertSound(program, analysis, offsets: [0, 1, -1, 50, 100, 21_540, 21_541, -50, -100, -199, -200, -201, -300, 1e6, -1e6])
    }

    private func assertSound(_ program: Program, _ analysis: RangeAnalysis, offsets: [Double],
                             file: StaticString = #filePath, line: UInt = #line) throws {
        let interpreter = Interpreter(program: program)
        for offset in offsets {
            for (index, value) in interpreter.frame(at: offset).enumerated() {
                guard case .number(let number) = value else { continue }
                XCTAssertTrue(analysis.outputs[index].range.contains(number),
                              "\(analysis.outputs[index].name) is \(number) at offset \(offset), proven \(analysis.outputs[index].range)",
                              file: file, line: line)
            }
        }
    }
}
