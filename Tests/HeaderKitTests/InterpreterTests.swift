import Foundation
import XCTest
@testable import HeaderKit

/// The interpreter against values worked out by hand. Most expressions go through inputs, so that the
/// interpreter computes them rather than constant folding; a few are checked both ways.
final class InterpreterTests: XCTestCase {
    private typealias H = SpecHarness

    /// Evaluates `name: type = expression` outputs of one block `v` at one offset.
    private func values(_ expressions: [String], inputs: String = "", at offset: Double = 0,
                        set: [String: Value] = [:], file: StaticString = #filePath, line: UInt = #line) -> [Value] {
        var text = "header I\n\(inputs)\nv {\n"
        for (index, expression) in expressions.enumerated() { text += "    p\(index): number = \(expression)\n" }
        text += "}\n"
        let frame = H.frame(text, at: offset, inputs: set, file: file, line: line)
        return expressions.indices.map { frame["v.p\($0)"] ?? .bool(false) }
    }

    private func numbers(_ expressions: [String], inputs: String = "", at offset: Double = 0,
                         set: [String: Value] = [:], file: StaticString = #filePath, line: UInt = #line) -> [Double] {
        values(expressions, inputs: inputs, at: offset, set: set, file: file, line: line).map {
            guard case .number(let value) = $0 else { XCTFail("\($0) is not a number", file: file, line: line); return .nan }
            return value
        }
    }

    // MARK: Arithmetic and built-ins

    // MARK: Keyframes

    private let keyframesText = """
    header K
    v {
        linear: number = keyframes(offset) { 0: 10, 100: 20, 200: 0 }
        held: number = keyframes(offset) { 0: 0, 100: 10 via hold, 200: 20 }
        eased: number = keyframes(offset) { 0: 10, 100: 20 via easeIn }
        single: number = keyframes(offset) { 50: 7 }
        jump: number = keyframes(offset) { 0: 0, 50: 1, 50: 2, 100: 3 }
        length: pt = keyframes(offset) { 0pt: 0pt, 100pt: 50pt }
        onProgress: number = keyframes(clamp(offset / 100pt, 0, 1)) { 0.25: 1, 0.75: 0 }
    }
    """

    func testViaEaseInAtTheMidpointMatchesTheReference() {
        // python3 /work/shared/curves/ref.py bezier ease-in 0.5 --double → 0.3153568125725393
        // The solver is documented as exact to about 1e-15 (CurveTests allow 4e-16); the value is within one ulp.
        let easeInHalf = 0.3153568125725393
        let frame = H.frame(keyframesText, at: 50)
        XCTAssertEqual(H.number(frame, "v.eased"), 10 + 10 * easeInHalf, accuracy: 4e-15)
        let ends = H.frames(keyframesText, at: [0, 100])
        XCTAssertEqual(ends.map { H.number($0, "v.eased") }, [10, 20])
        // The curve applied directly, folded and at run time.
        for value in numbers(["easeIn(0.5)", "easeIn(x)"], inputs: "input x = 0.5") {
            XCTAssertEqual(value, easeInHalf, accuracy: 4e-16)
        }
    }

    /// The same keyframe semantics without the parser: the checked keyframes of `{ 0: 0, 100: 10 [via hold], 200: 30 }`
    /// with the extension flags set directly, evaluated by the interpreter's compiled code.
    private func extended(_ stops: String, before: Bool, after: Bool, at offsets: [Double],
                          file: StaticString = #filePath, line: UInt = #line) -> [Double] {
        let compilation = Compilation(path: "k.header", text: "header K\nv { opacity = keyframes(offset) { \(stops) } }\n")
        guard let spec = compilation.spec, case .keyframes(let plain)? = spec.outputs.first?.expression.unlocated else {
            XCTFail("\(compilation.diagnostics.all)", file: file, line: line)
            return []
        }
        let keyframes = CheckedKeyframes(driver: plain.driver, stops: plain.stops, extendsBefore: before, extendsAfter: after)
        guard let output = spec.outputs.first else { return [] }
        let changed = CheckedOutput(nameRange: output.nameRange, block: output.block, name: output.name, type: output.type,
                                    expression: .keyframes(keyframes), documentation: nil)
        let block = CheckedBlock(nameRange: output.nameRange, name: output.block, properties: [changed], documentation: nil)
        let edited = CheckedSpec(name: spec.name, nameRange: spec.nameRange, inputs: spec.inputs, states: spec.states,
                                 values: spec.values, blocks: [block], snaps: spec.snaps, animations: spec.animations,
                                 slotCount: spec.slotCount, slotTypes: spec.slotTypes)
        let interpreter = Interpreter(spec: edited)
        return offsets.map { offset in
            guard case .number(let value) = interpreter.frame(at: offset)[0] else { return .nan }
            return value
        }
    }

    func testExtensionSemanticsInTheInterpreter() {
        let stops = "0: 0, 100: 10, 200: 30"
        let offsets: [Double] = [-100, 0, 50, 100, 200, 250]
        XCTAssertEqual(extended(stops, before: true, after: true, at: offsets), [-10, 0, 5, 10, 30, 40])
        XCTAssertEqual(extended(stops, before: true, after: false, at: offsets), [-10, 0, 5, 10, 30, 30])
        XCTAssertEqual(extended(stops, before: false, after: true, at: offsets), [0, 0, 5, 10, 30, 40])
        XCTAssertEqual(extended(stops, before: false, after: false, at: offsets), [0, 0, 5, 10, 30, 30])
        // A hold segment extended after its stop: at and past 100 the value has jumped to 10.
        XCTAssertEqual(extended("0: 0, 100: 10 via hold", before: false, after: true, at: [50, 99, 100, 200]), [0, 0, 10, 10])
        // Extending before through a hold segment keeps the first value.
        XCTAssertEqual(extended("0: 0, 100: 10 via hold", before: true, after: false, at: [-50, 50, 100]), [0, 0, 10])
    }

    // MARK: IEEE 754

    func testIEEESemantics() {
        let folded = numbers(["1 / 0", "-1 / 0", "0 / 0", "-0", "0 * -1", "sqrt(-1)"])
        XCTAssertEqual(folded[0], .infinity)
        XCTAssertEqual(folded[1], -.infinity)
        XCTAssertTrue(folded[2].isNaN)
        XCTAssertEqual(folded[3], 0)
        XCTAssertEqual(folded[3].sign, .minus, "-0 must stay -0.0")
        XCTAssertEqual(folded[4].sign, .minus, "0 * -1 is -0.0")
        XCTAssertTrue(folded[5].isNaN)

        let computed = numbers(["one / zero", "-one / zero", "zero / zero", "-zero", "zero * -one", "abs(-zero)"],
                               inputs: "input zero = 0\ninput one = 1")
        XCTAssertEqual(computed[0], .infinity)
        XCTAssertEqual(computed[1], -.infinity)
        XCTAssertTrue(computed[2].isNaN)
        XCTAssertEqual(computed[3].sign, .minus)
        XCTAssertEqual(computed[4].sign, .minus)
        XCTAssertEqual(computed[5].sign, .plus)

        // -offset at offset 0 is -0.0, as Swift computes it.
        let frame = H.frame("header Z\nv { offsetY = -offset\n top = -max(0pt, offset) }\n", at: 0)
        XCTAssertEqual(H.number(frame, "v.offsetY").sign, .minus)
        XCTAssertEqual(H.number(frame, "v.top").sign, .minus)
    }

    func testHugeAndNegativeOffsets() throws {
        let example = try XCTUnwrap(H.examples().first { $0.name == "StretchyImage.header" }).text
        let offsets: [Double] = [-1e308, -1e6, -300, -1, 0, 1, 1e6, 1e308, .greatestFiniteMagnitude]
        let frames = H.frames(example, at: offsets)
        for (offset, frame) in zip(offsets, frames) {
            XCTAssertEqual(H.number(frame, "image.height"), 300 + max(0, -offset), "\(offset)")
            let offsetY = H.number(frame, "image.offsetY")
            XCTAssertEqual(offsetY, -max(0, offset), "\(offset)")
            XCTAssertEqual(offsetY.sign, (-max(0, offset)).sign, "\(offset)")
        }
        // Infinite and NaN offsets do not trap.
        let odd = H.frames(example, at: [.infinity, -.infinity, .nan])
        XCTAssertEqual(H.number(odd[0], "image.offsetY"), -.infinity)
        XCTAssertEqual(H.number(odd[1], "image.height"), .infinity)
        _ = H.number(odd[2], "image.height")
    }

    // MARK: Conditionals, bools, inputs

    /// Parts of a frame's expressions that read only inputs (`a + 1`, `a * 10`) are computed once per
    /// change of input; each change must reach them.
    func testPartsThatReadOnlyInputsFollowEachChange() throws {
        let text = "header H\ninput a = 2\nv {\n    height = offset * (a + 1) + clamp(offset, a * 10pt, 100pt)\n}\n"
        let interpreter = Interpreter(spec: try XCTUnwrap(Compilation(path: "h.header", text: text).spec))
        // 5 * 3 + clamp(5, 20, 100) = 15 + 20
        XCTAssertEqual(interpreter.frame(at: 5), [.number(35)])
        XCTAssertTrue(interpreter.setInput("a", to: .number(0)))
        // 5 * 1 + clamp(5, 0, 100) = 5 + 5
        XCTAssertEqual(interpreter.frame(at: 5), [.number(10)])
        XCTAssertTrue(interpreter.setInput("a", to: .number(4)))
        // 50 * 5 + clamp(50, 40, 100) = 250 + 50, then 120 * 5 + 100
        XCTAssertEqual(interpreter.frame(at: 50), [.number(300)])
        XCTAssertEqual(interpreter.frame(at: 120), [.number(700)])
    }

    func testInputsAndOutputOrderThroughTheAPI() throws {
        let example = try XCTUnwrap(H.examples().first { $0.name == "ProfileStretchy.header" }).text
        let spec = try XCTUnwrap(Compilation(path: "p.header", text: example).spec)
        XCTAssertEqual(spec.outputs.map(\.qualifiedName),
                       ["cover.height", "cover.scrimOpacity", "avatar.size", "avatar.scale", "avatar.opacity", "title.opacity", "content.top"])
        let interpreter = Interpreter(spec: spec)
        // coverHeight 190, collapsed 44, travel 146: offset 73 is half-way.
        XCTAssertEqual(interpreter.frame(at: 73), [.number(117), .number(0.5), .number(88), .number(1 - 0.45 * 0.5), .number(1), .number(0), .number(246)])
        XCTAssertTrue(interpreter.setInput("textScale", to: .number(2)))
        XCTAssertTrue(interpreter.setInput("safeAreaTop", to: .number(46)))
        XCTAssertEqual(interpreter.inputValue("textScale"), .number(2))
        // collapsed 90, travel 100: offset 50 is half-way; the avatar is 176 pt.
        XCTAssertEqual(interpreter.frame(at: 50), [.number(140), .number(0.5), .number(176), .number(1 - 0.45 * 0.5), .number(1), .number(0), .number(190 + 88 + 12)])
        XCTAssertEqual(interpreter.frame(at: 500)[0], .number(90))
        // Wrong names and types are refused and change nothing.
        XCTAssertFalse(interpreter.setInput("textScal", to: .number(3)))
        XCTAssertFalse(interpreter.setInput("textScale", to: .bool(true)))
        XCTAssertEqual(interpreter.inputValue("textScale"), .number(2))
    }

    func testStickyParallaxByHand() throws {
        let example = try XCTUnwrap(H.examples().first { $0.name == "StickyParallax.header" }).text
        // fullHeight 260, pinned 60: collapse 0.5 at offset 100, height 160, drift min(50, 100) = 50.
        let frame = H.frame(example, at: 100)
        XCTAssertEqual(H.number(frame, "header.height"), 160)
        XCTAssertEqual(H.number(frame, "backdrop.height"), 260)
        XCTAssertEqual(H.number(frame, "backdrop.offsetY"), -50)
        XCTAssertEqual(H.number(frame, "title.scale"), 1 - 0.3 * 0.5)
        XCTAssertEqual(H.number(frame, "subtitle.opacity"), 0)
        XCTAssertEqual(H.bool(frame, "subtitle.visible"), true)
        let reduced = H.frame(example, at: 100, inputs: ["reduceMotion": .bool(true)])
        XCTAssertEqual(H.number(reduced, "backdrop.offsetY"), 0)
        let later = H.frame(example, at: 150)
        XCTAssertEqual(H.bool(later, "subtitle.visible"), false)
    }

}
