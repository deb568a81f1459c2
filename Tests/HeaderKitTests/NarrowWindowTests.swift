import XCTest
@testable import HeaderKit

/// Soundness where the linear program's tolerance would mislead: conditions that leave a window of offsets
/// from 1e-6 down to 1e-300 wide, the window tied to one, two or three variables through sums, differences
/// and scales, each end strict or not. Every value the interpreter gives inside each window and next to its
/// ends lies in its proven interval,.
final class NarrowWindowTests: XCTestCase {
    /// The quantity the window is on: its text, and the offset at which it takes a value, given the inputs.
    private struct Quantity: Sendable {
        let text: String
        let offset: @Sendable (_ value: Double, _ k: Double, _ j: Double, _ s: Double) -> Double
    }

    private static let quantities: [Quantity] = [
        Quantity(text: "offset") { v, _, _, _ in v },
        Quantity(text: "offset - 7pt") { v, _, _, _ in v + 7 },
        Quantity(text: "offset * 3") { v, _, _, _ in v / 3 },
        Quantity(text: "offset - k") { v, k, _, _ in v + k },
        Quantity(text: "k - offset") { v, k, _, _ in k - v },
        Quantity(text: "offset + k") { v, k, _, _ in v - k },
        Quantity(text: "offset * 0.3 - k") { v, k, _, _ in (v + k) / 0.3 },
        Quantity(text: "offset - k * 2.5") { v, k, _, _ in v + k * 2.5 },
        Quantity(text: "offset * s - k") { v, k, _, s in (v + k) / s },
        Quantity(text: "offset - k - j") { v, k, j, _ in v + k + j },
        Quantity(text: "j - (offset - k)") { v, k, j, _ in k + j - v },
        Quantity(text: "(offset + j) * 0.5 - k") { v, k, j, _ in (v + k) * 2 - j },
    ]

    private struct Window {
        let text: String
        let quantity: Quantity
        let low: Double
        let width: Double
    }

    private static func windows(count: Int, seed: UInt64) -> [Window] {
        var random = SeededGenerator(seed: seed)
        return (0..<count).map { index in
            let quantity = quantities[index % quantities.count]
            // Widths from 1e-6 down to 1e-300, a few significant digits each.
            let exponent = -6 - random.below(295)
            let width = Double("\(1 + random.below(9))e\(exponent)") ?? 1e-6
            let low = random.pick([0, 0, 1, -2.5, 40])
            let high = low + width
            let lower = random.pick([">", ">="]), upper = random.pick(["<", "<="])
            let q = quantity.text
            let condition = "\(q) \(lower) \(low)pt ? (\(q) \(upper) \(high)pt"
            let text = """
                header W\(index)
                input k: pt in 0pt...10pt = 0
                input j: pt in -5pt...5pt = 1
                input s: number in 0.5...3 = 1
                b {
                  opacity = \(condition) ? 2 : 1) : 1
                  offsetY = \(condition) ? \(q) : 0pt) : 0pt
                }
                """
            return Window(text: text, quantity: quantity, low: low, width: width)
        }
    }

    func testEveryValueInANarrowWindowLiesInItsProvenRange() throws {
        var random = SeededGenerator(seed: 0x5749_4E44)
        var specs = 0, checked = 0, inside = 0, warnings = 0
        for window in Self.windows(count: 1_200, seed: 0x4E41_5252) {
            let compilation = Compilation(path: "window.header", text: window.text)
            let program = try XCTUnwrap(compilation.program, window.text)
            specs += 1
            let analysis = RangeAnalysis.analyze(program)
            let interpreter = Interpreter(program: program)
            for _ in 0..<3 {
                let k = random.chance(0.3) ? random.pick([0.0, 10]) : random.double(in: 0...10)
                let j = random.chance(0.3) ? random.pick([-5.0, 5]) : random.double(in: -5...5)
                let s = random.chance(0.3) ? random.pick([0.5, 3]) : random.double(in: 0.5...3)
                interpreter.setInput("k", to: .number(k))
                interpreter.setInput("j", to: .number(j))
                interpreter.setInput("s", to: .number(s))
                var offsets: [Double] = []
                for fraction in [0.0, 0.001, 0.25, 0.5, 0.75, 0.999, 1] {
                    let offset = window.quantity.offset(window.low + window.width * fraction, k, j, s)
                    offsets += [offset, offset.nextUp, offset.nextDown]
                }
                for offset in offsets where offset.isFinite {
                    interpreter.resetState()
                    let frame = interpreter.frame(at: offset)
                    if case .number(2) = frame[0] { inside += 1 }
                    for (index, value) in frame.enumerated() {
                        checked += 1
                        guard case .number(let number) = value else { continue }
                        let proven = analysis.outputs[index].range
                        guard proven.contains(number) else {
                            return XCTFail("\(analysis.outputs[index].name) is \(number) at offset \(offset) with k = \(k), j = \(j), s = \(s), proven \(proven)\n\(window.text)")
                        }
                    }
                }
            }
            // A third of them: each warning's witness search runs thousands of frames.
            if specs % 3 == 0 { warnings += try RangeWarningReproduction.check(window.text, path: "window.header") }
        }
        XCTAssertGreaterThanOrEqual(specs, 1_000)
        // The windows are met: the interpreter gives 2 inside most of them.
        XCTAssertGreaterThan(inside, specs)
        print("narrow windows: \(specs) specs, \(checked) values, \(inside) inside their window, \(warnings) warnings reproduced at their witness")
    }
}
