import Foundation
import HeaderKit

/// `scalingSpec` with a structure on every block: every tenth an image clipped to itself, the nine after
/// it boxes on its bottom-leading corner, scaled from there, and each image clipped into the one before.
func structuredSpec(blocks: Int) -> String {
    var lines = ["header Big", "input safeAreaTop: pt = 0", "input textScale = 1"]
    lines.reserveCapacity(3 + 8 * blocks)
    for index in 0..<blocks {
        let group = index - index % 10
        let structure = index % 10 == 0
            ? "image clipped" + (index >= 10 ? " in b\(index - 10) padding(top: 4pt + safeAreaTop)" : "")
            : "box in b\(group) at bottomLeading padding(leading: \(index % 10 * 8)pt) scale from bottomLeading"
        lines.append("let base\(index) = 100pt + \(index % 97)pt * textScale")
        lines.append("let progress\(index) = clamp((offset - base\(index)) / 200pt, 0, 1)")
        lines.append("b\(index): \(structure) {")
        lines.append("    height = max(base\(index) - offset, 44pt + safeAreaTop)")
        lines.append("    opacity = 1 - progress\(index)")
        lines.append("    scale = 1 - 0.2 * progress\(index)")
        lines.append("    offsetY = keyframes(offset) { 0: 0pt, 100pt: base\(index) via easeInOut, 200pt: 20pt }")
        lines.append("}")
    }
    return lines.joined(separator: "\n") + "\n"
}

/// `layout --format json` as the command runs it, for specs of 100 and 1,000 blocks and their ratio
/// (linear cost gives about 10); and one frame's layout beside the frame's own evaluation, for the
/// examples and the 1,000-block spec.
func printLayoutFigures() {
    print("layout (best of 3, in process)")
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("headerc-bench-layout-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    var figures: [Int: Double] = [:]
    do {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for blocks in [100, 1_000] {
            let path = directory.appendingPathComponent("big\(blocks).header").path
            try structuredSpec(blocks: blocks).write(toFile: path, atomically: true, encoding: .utf8)
            figures[blocks] = seconds {
                let outcome = Driver.run(["layout", path, "--sweep", "-100:400:50", "--format", "json"])
                sink += Double(outcome.standardOutput.utf8.count + Int(outcome.exitCode))
            }
            // The same spec through eval, whose front end layout shares: what layout adds is the difference.
            let eval = seconds {
                let outcome = Driver.run(["eval", path, "--sweep", "-100:400:50", "--format", "json"])
                sink += Double(outcome.standardOutput.utf8.count + Int(outcome.exitCode))
            }
            print(String(format: "layout --format json %d blocks (11 offsets) %.4f s (eval --format json %.4f s)", blocks,
                         figures[blocks] ?? .nan, eval))
        }
    } catch {
        print("layout: \(error)")
    }
    print(String(format: "layout --format json ratio 1000/100 %.1f", (figures[1_000] ?? .nan) / (figures[100] ?? .nan)))
    var specs: [(String, String)] = ["ProfileStretchy", "StickyParallax", "StretchyImage", "AppleMusicProfile"].compactMap { name in
        (try? String(contentsOfFile: "Examples/\(name).header", encoding: .utf8)).map { (name, $0) }
    }
    specs.append(("1000 blocks", structuredSpec(blocks: 1_000)))
    for (name, text) in specs {
        guard let program = Compilation(path: "\(name).header", text: text, checksSwiftNames: false).program else { continue }
        let interpreter = Interpreter(program: program)
        let layout = HeaderLayout.Evaluator(program: program, labels: false)
        let inputs = program.inputs.map(\.defaultValue)
        let offsets = stride(from: -100.0, through: 400, by: 0.5).map { $0 }
        let frames = offsets.map { interpreter.frame(at: $0) }
        let evaluation = nanoseconds(count: offsets.count) {
            var total = 0.0
            for offset in offsets { if case .number(let value)? = interpreter.frame(at: offset).first { total += value } }
            return total
        }
        var layers: [HeaderLayout.Layer] = []
        let laying = nanoseconds(count: offsets.count) {
            var total = 0.0
            for (offset, frame) in zip(offsets, frames) {
                layout.layers(values: frame, inputs: inputs, offset: offset, canvasHeight: HeaderLayout.screenHeight, into: &layers)
                total += layers.first?.y ?? 0
            }
            return total
        }
        print(String(format: "layout of one frame %@ %.0f ns, the frame's evaluation %.0f ns, ratio %.2f (%d instructions, %d constants)",
                     name, laying, evaluation, laying / evaluation, layout.size.instructions, layout.size.constants))
    }
}
