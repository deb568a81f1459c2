import Foundation
import XCTest
import HeaderKit

/// The three examples that transcribe a seed (000, 003, 004 in /work/shared/seeds) must evaluate to the
/// seed's own numbers at every offset. Each seed's formulas are transcribed here again, independently of
/// the `.header` files, straight from the seed text; the interpreter is compared with them over a dense
/// sweep, far offsets and a grid of inputs, and at a few points worked out by hand.
final class SeedFidelityTests: XCTestCase {

    // MARK: Independent transcriptions of the seeds

    /// Seed 000, "Profile Header Stretchy": `ProfileHeaderStretchyMath` plus the view's constants
    /// (coverHeight 190, barHeight 44, `@ScaledMetric avatarSize = 88`, the spacer `coverHeight + avatarSize / 2 + 12`).
    private enum Seed000 {
        static let expanded = 190.0
        static let barHeight = 44.0

        static func coverHeight(offset: Double, expanded: Double, collapsed: Double) -> Double {
            max(expanded - offset, min(collapsed, expanded))
        }

        static func progress(offset: Double, expanded: Double, collapsed: Double) -> Double {
            let travel = expanded - collapsed
            guard travel > 0 else { return 1 }
            return min(max(offset / travel, 0), 1)
        }

        static func avatarScale(progress: Double) -> Double { 1 - 0.45 * min(max(progress, 0), 1) }
        static func avatarOpacity(progress: Double) -> Double { 1 - min(max((progress - 0.55) / 0.35, 0), 1) }
        static func titleOpacity(progress: Double) -> Double { min(max((progress - 0.8) / 0.2, 0), 1) }

        /// cover.height, cover.scrimOpacity, avatar.size, avatar.scale, avatar.opacity, title.opacity, content.top
        static func frame(offset: Double, safeAreaTop: Double, textScale: Double) -> [Value] {
            let collapsed = safeAreaTop + barHeight
            let progress = progress(offset: offset, expanded: expanded, collapsed: collapsed)
            let avatarSize = 88.0 * textScale
            return [
                .number(coverHeight(offset: offset, expanded: expanded, collapsed: collapsed)),
                .number(progress),  // `.fill(.ultraThinMaterial).opacity(progress)`
                .number(avatarSize),
                .number(avatarScale(progress: progress)),
                .number(avatarOpacity(progress: progress)),
                .number(titleOpacity(progress: progress)),
                .number(expanded + avatarSize / 2 + 12),
            ]
        }
    }

    /// Seed 003, "Sticky Parallax Header": expandedHeight 260, collapsedHeight `@ScaledMetric(relativeTo:
    /// .largeTitle) 60`, `StickyParallaxHeaderMath.drift`, and the demo's title closure.
    private enum Seed003 {
        static func drift(offset: Double, fullHeight: Double, height: Double) -> Double {
            min(max(offset, 0) * 0.5, max(fullHeight - height, 0))
        }

        /// header.height, backdrop.height, backdrop.offsetY, title.scale, subtitle.opacity, subtitle.visible
        static func frame(offset: Double, safeAreaTop: Double, textScale: Double, reduceMotion: Bool) -> [Value] {
            let expandedHeight = 260.0
            let collapsedHeight = 60.0 * textScale
            let fullHeight = expandedHeight + safeAreaTop
            let pinnedHeight = collapsedHeight + safeAreaTop
            let height = max(pinnedHeight, fullHeight - offset)
            let collapse = min(max(offset / max(fullHeight - pinnedHeight, 1), 0), 1)
            return [
                .number(height),
                .number(max(fullHeight, height)),
                .number(reduceMotion ? 0 : -drift(offset: offset, fullHeight: fullHeight, height: height)),
                .number(1 - 0.3 * collapse),
                .number(1 - collapse * 2),
                // `.frame(height: collapse > 0.5 ? 0 : nil)`: visible when it is not zeroed.
                .bool(!(collapse > 0.5)),
            ]
        }
    }

    /// Seed 004, the stretchy header with `onScrollGeometryChange`.
    private enum Seed004 {
        /// image.height, image.offsetY
        static func frame(offset: Double) -> [Value] {
            [.number(300 + max(0, -offset)), .number(-(max(0, offset)))]
        }
    }

    // MARK: Loading the examples

    private static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // HeaderKitTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // the package

    private func loadExample(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> CheckedSpec {
        let path = Self.packageRoot.appendingPathComponent("Examples").appendingPathComponent("\(name).header").path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let compilation = Compilation(path: path, text: text)
        XCTAssertTrue(compilation.diagnostics.errors.isEmpty,
                      "\(name): \(compilation.diagnostics.errors.map(\.message))", file: file, line: line)
        return try XCTUnwrap(compilation.spec, "\(name) does not check", file: file, line: line)
    }

    // MARK: The grid

    private static let denseOffsets: [Double] = (0...4000).map { -300 + Double($0) * 0.25 }
    private static let farOffsets: [Double] = [1e4, -1e4, 1e6, -1e6, 1e9, -1e9, 1e15, -1e15, 1e300, -1e300]
    private static let offsets = denseOffsets + farOffsets

    /// 146 is 190 - 44: the cover exactly as tall as the bar (travel 0); 145.5, 150 and 200 on either side.
    private static let safeAreaTops: [Double] = [0, 20, 44, 47, 59, 100, 145.5, 146, 150, 200]
    /// The safe area cancels out of 003's `fullHeight - pinnedHeight` (260 - 60 * textScale), so only a large
    /// text scale reaches its `max(…, 1)` divisor: 4.3 gives 2, 259.5 / 60 gives 0.5, 260 / 60 about 0 and 5 gives -40.
    private static let textScales: [Double] = [0.8, 1, 1.35, 2, 3.5, 4.3, 259.5 / 60, 260.0 / 60, 5]

    private static func matches(_ actual: Value, _ expected: Value) -> Bool {
        switch (actual, expected) {
        case (.bool(let a), .bool(let b)):
            return a == b
        case (.number(let a), .number(let b)):
            if a.isNaN || b.isNaN { return a.isNaN && b.isNaN }
            if a == b { return true }
            return abs(a - b) <= 1e-9 * max(1, abs(b))
        default:
            return false
        }
    }

    /// Compares every frame; reports the first few mismatches and the total, so that one bug does not print a
    /// million lines. Every offset goes through `evaluate(at:into:)` (bools as 1 or 0), which `frame(at:)` wraps;
    /// the whole and quarter offsets and the far ones also go through `frame(at:)`, which gives the types. (In a
    /// debug build `frame(at:)` costs about seven times as much, and the grid has some 800 000 frames.)
    private func compareSweep(_ interpreter: Interpreter, context: String, names: [String],
                              expected: (Double) -> [Value], failures: inout Int,
                              file: StaticString = #filePath, line: UInt = #line) {
        let count = interpreter.program.outputs.count
        XCTAssertEqual(count, names.count, context, file: file, line: line)
        let buffer = UnsafeMutableBufferPointer<Double>.allocate(capacity: count)
        buffer.initialize(repeating: .nan)
        defer { buffer.deallocate() }
        func report(_ message: @autoclosure () -> String) {
            failures += 1
            if failures <= 12 { XCTFail(message(), file: file, line: line) }
        }
        for (position, offset) in Self.offsets.enumerated() {
            let wanted = expected(offset)
            guard wanted.count == count else {
                report("\(context) offset \(offset): \(count) outputs, the seed has \(wanted.count)")
                continue
            }
            interpreter.evaluate(at: offset, into: buffer)
            for index in wanted.indices {
                let raw: Value
                if case .bool = wanted[index] { raw = .bool(buffer[index] != 0) } else { raw = .number(buffer[index]) }
                if !Self.matches(raw, wanted[index]) {
                    report("\(context) offset \(offset): \(names[index]) is \(raw), the seed gives \(wanted[index])")
                }
            }
            guard position % 4 == 0 || position >= Self.denseOffsets.count else { continue }
            let actual = interpreter.frame(at: offset)
            guard actual.count == wanted.count else {
                report("\(context) offset \(offset): frame has \(actual.count) outputs, the seed has \(wanted.count)")
                continue
            }
            for index in wanted.indices where !Self.matches(actual[index], wanted[index]) {
                report("\(context) offset \(offset): frame's \(names[index]) is \(actual[index]), the seed gives \(wanted[index])")
            }
        }
    }

    // MARK: Contract: names, types, defaults

    func testProfileStretchyContract() throws {
        let spec = try loadExample("ProfileStretchy")
        XCTAssertEqual(spec.name, "ProfileStretchy")
        XCTAssertEqual(spec.outputs.map(\.qualifiedName),
                       ["cover.height", "cover.scrimOpacity", "avatar.size", "avatar.scale", "avatar.opacity",
                        "title.opacity", "content.top"])
        XCTAssertFalse(spec.outputs.contains { $0.type == .bool })
        XCTAssertEqual(spec.inputs.map(\.name), ["safeAreaTop", "textScale"])
        XCTAssertEqual(spec.inputs.map(\.type), [.length, .number])
        XCTAssertEqual(spec.inputs.map(\.defaultValue), [.number(0), .number(1)])
        XCTAssertFalse(spec.isStateful)
        // 000 has nothing to slow down for Reduce Motion.
        XCTAssertFalse(Interpreter(spec: spec).setInput("reduceMotion", to: .bool(true)))
    }

    func testStickyParallaxContract() throws {
        let spec = try loadExample("StickyParallax")
        XCTAssertEqual(spec.name, "StickyParallax")
        XCTAssertEqual(spec.outputs.map(\.qualifiedName),
                       ["header.height", "backdrop.height", "backdrop.offsetY", "title.scale", "subtitle.opacity",
                        "subtitle.visible"])
        XCTAssertEqual(spec.outputs.map { $0.type == .bool }, [false, false, false, false, false, true])
        XCTAssertEqual(spec.inputs.map(\.name), ["safeAreaTop", "textScale", "reduceMotion"])
        XCTAssertEqual(spec.inputs.map(\.type), [.length, .number, .bool])
        XCTAssertEqual(spec.inputs.map(\.defaultValue), [.number(0), .number(1), .bool(false)])
        XCTAssertFalse(spec.isStateful)
    }

    func testStretchyImageContract() throws {
        let spec = try loadExample("StretchyImage")
        XCTAssertEqual(spec.name, "StretchyImage")
        XCTAssertEqual(spec.outputs.map(\.qualifiedName), ["image.height", "image.offsetY"])
        XCTAssertFalse(spec.outputs.contains { $0.type == .bool })
        XCTAssertEqual(spec.inputs.map(\.name), [])
        XCTAssertFalse(spec.isStateful)
    }

    // MARK: Sweeps against the transcriptions

    func testProfileStretchyMatchesSeed000Everywhere() throws {
        let spec = try loadExample("ProfileStretchy")
        let names = spec.outputs.map(\.qualifiedName)
        var failures = 0
        // The defaults, without setting anything.
        compareSweep(Interpreter(spec: spec), context: "defaults", names: names,
                     expected: { Seed000.frame(offset: $0, safeAreaTop: 0, textScale: 1) }, failures: &failures)
        for safeAreaTop in Self.safeAreaTops {
            for textScale in Self.textScales {
                let interpreter = Interpreter(spec: spec)
                XCTAssertTrue(interpreter.setInput("safeAreaTop", to: .number(safeAreaTop)))
                XCTAssertTrue(interpreter.setInput("textScale", to: .number(textScale)))
                compareSweep(interpreter, context: "safeAreaTop \(safeAreaTop) textScale \(textScale)", names: names,
                             expected: { Seed000.frame(offset: $0, safeAreaTop: safeAreaTop, textScale: textScale) },
                             failures: &failures)
            }
        }
        XCTAssertEqual(failures, 0, "mismatches with seed 000")
    }

    func testStickyParallaxMatchesSeed003Everywhere() throws {
        let spec = try loadExample("StickyParallax")
        let names = spec.outputs.map(\.qualifiedName)
        var failures = 0
        compareSweep(Interpreter(spec: spec), context: "defaults", names: names,
                     expected: { Seed003.frame(offset: $0, safeAreaTop: 0, textScale: 1, reduceMotion: false) },
                     failures: &failures)
        for safeAreaTop in Self.safeAreaTops {
            for textScale in Self.textScales {
                for reduceMotion in [false, true] {
                    let interpreter = Interpreter(spec: spec)
                    XCTAssertTrue(interpreter.setInput("safeAreaTop", to: .number(safeAreaTop)))
                    XCTAssertTrue(interpreter.setInput("textScale", to: .number(textScale)))
                    XCTAssertTrue(interpreter.setInput("reduceMotion", to: .bool(reduceMotion)))
                    compareSweep(interpreter,
                                 context: "safeAreaTop \(safeAreaTop) textScale \(textScale) reduceMotion \(reduceMotion)",
                                 names: names,
                                 expected: { Seed003.frame(offset: $0, safeAreaTop: safeAreaTop, textScale: textScale,
                                                           reduceMotion: reduceMotion) },
                                 failures: &failures)
                }
            }
        }
        XCTAssertEqual(failures, 0, "mismatches with seed 003")
    }

    func testStretchyImageMatchesSeed004Everywhere() throws {
        let spec = try loadExample("StretchyImage")
        var failures = 0
        compareSweep(Interpreter(spec: spec), context: "StretchyImage", names: spec.outputs.map(\.qualifiedName),
                     expected: Seed004.frame, failures: &failures)
        XCTAssertEqual(failures, 0, "mismatches with seed 004")
    }

    /// The interpreter has no state for these specs: evaluating the offsets backwards gives the same frames.
    func testFramesDoNotDependOnThePath() throws {
        for name in ["ProfileStretchy", "StickyParallax", "StretchyImage"] {
            let spec = try loadExample(name)
            let forward = Interpreter(spec: spec)
            let backward = Interpreter(spec: spec)
            let offsets = stride(from: -300.0, through: 700, by: 7.5).map { $0 }
            let frames = offsets.map { forward.frame(at: $0) }
            for (offset, frame) in zip(offsets, frames).reversed() {
                XCTAssertEqual(backward.frame(at: offset), frame, "\(name) at \(offset)")
            }
        }
    }

    // MARK: Points worked out by hand

    private func frame(_ spec: CheckedSpec, at offset: Double, _ inputs: [String: Value] = [:]) -> [String: Value] {
        let interpreter = Interpreter(spec: spec)
        for (name, value) in inputs { XCTAssertTrue(interpreter.setInput(name, to: value), name) }
        return Dictionary(uniqueKeysWithValues: zip(spec.outputs.map(\.qualifiedName), interpreter.frame(at: offset)))
    }

    private func assertNumber(_ frame: [String: Value], _ name: String, _ expected: Double, accuracy: Double = 1e-12,
                              file: StaticString = #filePath, line: UInt = #line) {
        guard case .number(let actual)? = frame[name] else {
            return XCTFail("\(name) is \(String(describing: frame[name])), expected a number", file: file, line: line)
        }
        XCTAssertEqual(actual, expected, accuracy: accuracy, name, file: file, line: line)
    }

    func testProfileStretchyByHand() throws {
        let spec = try loadExample("ProfileStretchy")

        // safeAreaTop 0, offset 73: collapsed = 0 + 44 = 44, travel = 190 - 44 = 146, progress = 73 / 146 = 0.5.
        // cover.height = max(190 - 73, min(44, 190)) = 117; scrim = progress = 0.5; avatar.size = 88 * 1 = 88;
        // avatar.scale = 1 - 0.45 * 0.5 = 0.775; avatar.opacity = 1 - clamp((0.5 - 0.55) / 0.35) = 1 - 0 = 1;
        // title.opacity = clamp((0.5 - 0.8) / 0.2) = 0; content.top = 190 + 88 / 2 + 12 = 246.
        var f = frame(spec, at: 73)
        assertNumber(f, "cover.height", 117)
        assertNumber(f, "cover.scrimOpacity", 0.5)
        assertNumber(f, "avatar.size", 88)
        assertNumber(f, "avatar.scale", 0.775)
        assertNumber(f, "avatar.opacity", 1)
        assertNumber(f, "title.opacity", 0)
        assertNumber(f, "content.top", 246)

        // offset 116.8: progress = 116.8 / 146 = 0.8; cover = 190 - 116.8 = 73.2; scale = 1 - 0.36 = 0.64;
        // avatar.opacity = 1 - (0.8 - 0.55) / 0.35 = 1 - 5/7 = 2/7; title.opacity = (0.8 - 0.8) / 0.2 = 0.
        f = frame(spec, at: 116.8)
        assertNumber(f, "cover.height", 73.2)
        assertNumber(f, "cover.scrimOpacity", 0.8)
        assertNumber(f, "avatar.scale", 0.64)
        assertNumber(f, "avatar.opacity", 2.0 / 7.0)
        assertNumber(f, "title.opacity", 0)

        // offset 131.4: progress = 131.4 / 146 = 0.9; avatar.opacity = 1 - clamp(0.35 / 0.35) = 0;
        // title.opacity = (0.9 - 0.8) / 0.2 = 0.5; scale = 1 - 0.405 = 0.595.
        f = frame(spec, at: 131.4)
        assertNumber(f, "avatar.opacity", 0)
        assertNumber(f, "title.opacity", 0.5)
        assertNumber(f, "avatar.scale", 0.595)

        // offset 146 and beyond: progress 1, the cover is the bar: max(190 - 146, 44) = 44, and stays 44 at 500.
        f = frame(spec, at: 500)
        assertNumber(f, "cover.height", 44)
        assertNumber(f, "cover.scrimOpacity", 1)
        assertNumber(f, "avatar.scale", 0.55)
        assertNumber(f, "avatar.opacity", 0)
        assertNumber(f, "title.opacity", 1)

        // safeAreaTop 47, textScale 1.35, offset -60 (pulled down): travel = 190 - 91 = 99, progress = clamp(-60/99) = 0;
        // cover = max(190 + 60, 91) = 250; avatar.size = 88 * 1.35 = 118.8; content.top = 190 + 59.4 + 12 = 261.4.
        f = frame(spec, at: -60, ["safeAreaTop": .number(47), "textScale": .number(1.35)])
        assertNumber(f, "cover.height", 250)
        assertNumber(f, "cover.scrimOpacity", 0)
        assertNumber(f, "avatar.size", 118.8)
        assertNumber(f, "avatar.scale", 1)
        assertNumber(f, "avatar.opacity", 1)
        assertNumber(f, "content.top", 261.4)

        // safeAreaTop 200: collapsed = 244 > 190, travel = -54 <= 0, so progress = 1 at every offset, even pulled
        // down; cover = max(190 - offset, min(244, 190)) = max(190 - offset, 190): 290 at -100, 190 at 0 and 500.
        for (offset, cover) in [(-100.0, 290.0), (0, 190), (500, 190)] {
            f = frame(spec, at: offset, ["safeAreaTop": .number(200)])
            assertNumber(f, "cover.height", cover)
            assertNumber(f, "cover.scrimOpacity", 1)
            assertNumber(f, "avatar.scale", 0.55)
            assertNumber(f, "avatar.opacity", 0)
            assertNumber(f, "title.opacity", 1)
        }
        // safeAreaTop 146: travel exactly 0, the guard's `travel > 0` is false, progress 1.
        f = frame(spec, at: 0, ["safeAreaTop": .number(146)])
        assertNumber(f, "cover.scrimOpacity", 1)
        assertNumber(f, "cover.height", 190)
    }

    func testStickyParallaxByHand() throws {
        let spec = try loadExample("StickyParallax")
        func visible(_ frame: [String: Value]) -> Bool? {
            if case .bool(let visible)? = frame["subtitle.visible"] { return visible }
            return nil
        }

        // Defaults, offset 100: full = 260, pinned = 60, height = max(60, 160) = 160; collapse = 100 / 200 = 0.5;
        // drift = min(100 * 0.5, max(260 - 160, 0)) = min(50, 100) = 50; backdrop.height = max(260, 160) = 260;
        // title.scale = 1 - 0.15 = 0.85; subtitle.opacity = 1 - 1 = 0; visible = !(0.5 > 0.5) = true.
        var f = frame(spec, at: 100)
        assertNumber(f, "header.height", 160)
        assertNumber(f, "backdrop.height", 260)
        assertNumber(f, "backdrop.offsetY", -50)
        assertNumber(f, "title.scale", 0.85)
        assertNumber(f, "subtitle.opacity", 0)
        XCTAssertEqual(visible(f), true)

        // offset 150: height 110, collapse 0.75, drift = min(75, 150) = 75; scale = 1 - 0.225 = 0.775;
        // opacity = 1 - 1.5 = -0.5 (as the seed writes it); visible = !(0.75 > 0.5) = false.
        f = frame(spec, at: 150)
        assertNumber(f, "header.height", 110)
        assertNumber(f, "backdrop.offsetY", -75)
        assertNumber(f, "title.scale", 0.775)
        assertNumber(f, "subtitle.opacity", -0.5)
        XCTAssertEqual(visible(f), false)

        // offset 1000: height = max(60, -740) = 60, collapse 1; drift = min(500, max(260 - 60, 0)) = 200 (the cap);
        // scale 0.7; opacity 1 - 2 = -1.
        f = frame(spec, at: 1000)
        assertNumber(f, "header.height", 60)
        assertNumber(f, "backdrop.height", 260)
        assertNumber(f, "backdrop.offsetY", -200)
        assertNumber(f, "title.scale", 0.7)
        assertNumber(f, "subtitle.opacity", -1)
        XCTAssertEqual(visible(f), false)

        // Reduce Motion, offset 1000: offsetY = 0, the rest unchanged.
        f = frame(spec, at: 1000, ["reduceMotion": .bool(true)])
        assertNumber(f, "backdrop.offsetY", 0)
        assertNumber(f, "header.height", 60)

        // safeAreaTop 47, textScale 2, offset -40: full = 307, pinned = 120 + 47 = 167; height = max(167, 347) = 347;
        // collapse = clamp(-40 / 140) = 0; drift = min(0, max(307 - 347, 0)) = 0; backdrop.height = max(307, 347) = 347.
        f = frame(spec, at: -40, ["safeAreaTop": .number(47), "textScale": .number(2)])
        assertNumber(f, "header.height", 347)
        assertNumber(f, "backdrop.height", 347)
        assertNumber(f, "backdrop.offsetY", 0)
        assertNumber(f, "title.scale", 1)
        assertNumber(f, "subtitle.opacity", 1)
        XCTAssertEqual(visible(f), true)
        // offset 105 there: height = max(167, 202) = 202; collapse = 105 / 140 = 0.75; drift = min(52.5, 105) = 52.5.
        f = frame(spec, at: 105, ["safeAreaTop": .number(47), "textScale": .number(2)])
        assertNumber(f, "header.height", 202)
        assertNumber(f, "backdrop.offsetY", -52.5)
        assertNumber(f, "title.scale", 0.775)

        // textScale 5: pinned = 300 > full = 260, so the divisor is max(-40, 1) = 1 and collapse = clamp(offset).
        // offset 0.25: collapse 0.25, scale = 0.925, opacity 0.5, visible; height = max(300, 259.75) = 300;
        // backdrop.height = max(260, 300) = 300; drift = min(0.125, max(260 - 300, 0)) = 0.
        f = frame(spec, at: 0.25, ["textScale": .number(5)])
        assertNumber(f, "header.height", 300)
        assertNumber(f, "backdrop.height", 300)
        assertNumber(f, "backdrop.offsetY", 0)
        assertNumber(f, "title.scale", 0.925)
        assertNumber(f, "subtitle.opacity", 0.5)
        XCTAssertEqual(visible(f), true)
        // offset 0.75: collapse 0.75, opacity -0.5, hidden.
        f = frame(spec, at: 0.75, ["textScale": .number(5)])
        assertNumber(f, "subtitle.opacity", -0.5)
        XCTAssertEqual(visible(f), false)
    }

    func testStretchyImageByHand() throws {
        let spec = try loadExample("StretchyImage")
        // -50: height = 300 + max(0, 50) = 350; offsetY = -(max(0, -50)) = -0 (a negative zero, as in Swift).
        var f = frame(spec, at: -50)
        assertNumber(f, "image.height", 350, accuracy: 0)
        assertNumber(f, "image.offsetY", 0, accuracy: 0)
        if case .number(let y)? = f["image.offsetY"] { XCTAssertEqual(y.sign, .minus, "-(max(0, -50)) is -0.0") }
        // 75.5: height = 300 + max(0, -75.5) = 300; offsetY = -75.5.
        f = frame(spec, at: 75.5)
        assertNumber(f, "image.height", 300, accuracy: 0)
        assertNumber(f, "image.offsetY", -75.5, accuracy: 0)
        // 400: 300 and -400.
        f = frame(spec, at: 400)
        assertNumber(f, "image.height", 300, accuracy: 0)
        assertNumber(f, "image.offsetY", -400, accuracy: 0)
    }
}
