import Foundation
import HeaderKit

/// Specs of any size in the shape of a real header: two named values and four outputs a block, one
/// of them keyframes through a curve (about 8 lines a block).
func scalingSpec(blocks: Int) -> String {
    var lines = ["header Big", "input safeAreaTop: pt = 0", "input textScale = 1"]
    lines.reserveCapacity(3 + 8 * blocks)
    for index in 0..<blocks {
        lines.append("let base\(index) = 100pt + \(index % 97)pt * textScale")
        lines.append("let progress\(index) = clamp((offset - base\(index)) / 200pt, 0, 1)")
        lines.append("b\(index) {")
        lines.append("    height = max(base\(index) - offset, 44pt + safeAreaTop)")
        lines.append("    opacity = 1 - progress\(index)")
        lines.append("    scale = 1 - 0.2 * progress\(index)")
        lines.append("    top = keyframes(offset) { 0: 0pt, 100pt: base\(index) via easeInOut, 200pt: 20pt }")
        lines.append("}")
    }
    return lines.joined(separator: "\n") + "\n"
}

/// Two shapes that once cost more than linear time in the range analysis: each named value reads the
/// one before (an output reads each, so a reader's cost must not grow with the depth), and every block
/// has an opacity that leaves 0...1 (a warning each, with its witness).
func chainSpec(blocks: Int) -> String {
    var lines = ["header Chain", "input textScale in 0.5...4 = 1", "let v0 = offset"]
    for index in 1..<blocks { lines.append("let v\(index) = clamp(v\(index - 1) * 0.5 + 1pt * textScale, -100pt, 100pt)") }
    for index in 0..<blocks { lines.append("b\(index) { height = v\(index) }") }
    return lines.joined(separator: "\n") + "\n"
}

/// One block whose height is a chain of about `operations` additions of the offset, half of them in a named
/// value: a spec grows along its expressions too. (The parser takes at most 10,000 operations in one
/// expression; here each holds half.)
func longExpressionSpec(operations: Int) -> String {
    let half = Array(repeating: "offset", count: operations / 2).joined(separator: " + ")
    return "header Long\nlet s = \(half)\ncover {\n    height = s + \(half)\n}\n"
}

func warningSpec(blocks: Int) -> String {
    scalingSpec(blocks: blocks).replacingOccurrences(of: "opacity = 1 - progress", with: "opacity = 1 - 2 * progress")
}

/// `headerc check` as the executable runs it: the front end, then the range analysis and its warnings'
/// witnesses.
func checkWithRangeWarnings(_ text: String, path: String) {
    let compilation = Compilation(path: path, text: text)
    if let program = compilation.program {
        let analysis = RangeAnalysis.analyze(program)
        sink += Double(RangeWarnings.diagnose(program, analysis: analysis, source: compilation.source).count)
    }
}

/// The best of `repeats` wall-clock times of `body`, in seconds.
func seconds(repeats: Int = 3, _ body: () -> Void) -> Double {
    timed(repeats: repeats) { body() }.building
}

/// The best of `repeats` wall-clock times of `body`, and apart from it the best time of freeing what
/// `body` returns: the executable never frees what a command built (`Driver.Outcome.keptUntilExit`),
/// so a command's time is the first figure, and an in-process caller pays the second on top.
func timed<Built>(repeats: Int = 3, _ body: () -> Built) -> (building: Double, freeing: Double) {
    var building = Double.infinity, freeing = Double.infinity
    for _ in 0..<repeats {
        let start = DispatchTime.now().uptimeNanoseconds
        var middle = start
        do {
            let built = body()
            middle = DispatchTime.now().uptimeNanoseconds
            withExtendedLifetime(built) {}
        }
        let end = DispatchTime.now().uptimeNanoseconds
        building = min(building, Double(middle - start) / 1e9)
        freeing = min(freeing, Double(end - middle) / 1e9)
    }
    return (building, freeing)
}

/// How check (the front end, then with the range analysis and its warnings, as `headerc check` runs),
/// compile (to each target), fmt and one eval offset grow with the spec:
/// each figure for 1,000 and 10,000 blocks, and their ratio (linear cost gives about 10).
func printScaling() {
    print("scaling (best of 3, in process)")
    var figures: [String: [Int: Double]] = [:]
    var freeing: [String: [Int: Double]] = [:]
    for blocks in [1_000, 10_000] {
        let text = scalingSpec(blocks: blocks)
        let path = "big\(blocks).header"
        // Each command as the executable runs it: what it built outlives the clock (see `timed`).
        func measure<Built>(_ name: String, _ command: () -> Built) {
            (figures[name, default: [:]][blocks], freeing[name, default: [:]][blocks]) = timed(command)
        }
        measure("check") {
            let compilation = Compilation(path: path, text: text)
            sink += Double(compilation.diagnostics.errors.count)
            return compilation
        }
        measure("compile") {
            let compilation = Compilation(path: path, text: text)
            if let program = compilation.program {
                sink += Double(SwiftEmitter(program: program, sourcePath: path).emit().utf8.count)
            }
            return compilation
        }
        // `compile` to the other targets, each with the front end as the command runs it for that target.
        measure("compile --target js") {
            let compilation = Compilation(path: path, text: text, checksSwiftNames: false)
            if let program = compilation.program {
                sink += Double(JavaScriptEmitter(program: program, sourcePath: path).emit().utf8.count)
            }
            return compilation
        }
        measure("compile --target kotlin") {
            let compilation = Compilation(source: SourceFile(path: path, text: text), checksSwiftNames: false, checksKotlinNames: true)
            if let program = compilation.program {
                sink += Double(KotlinEmitter(program: program, sourcePath: path).emit().utf8.count)
            }
            return compilation
        }
        // The web element: the JavaScript module, the layout, the compositor's plan and the runtime.
        measure("compile --target web") {
            let compilation = Compilation(path: path, text: text, checksSwiftNames: false)
            if let program = compilation.program {
                let module = JavaScriptEmitter(program: program, sourcePath: path).emit()
                sink += Double(WebElement(program: program, spec: compilation.spec, module: module).render().utf8.count)
            }
            return compilation
        }
        // `headerc fmt`: lexing with comments, parsing, laying out, and parsing the result to verify it.
        measure("fmt") {
            let result = Formatter.format(SourceFile(path: path, text: text))
            sink += Double(result.text?.utf8.count ?? 0)
            return result
        }
        // `headerc check` runs the front end, then proves ranges and finds the witnesses of its warnings.
        figures["check with range warnings", default: [:]][blocks] = seconds() { checkWithRangeWarnings(text, path: path) }
        measure("eval one offset") {
            let compilation = Compilation(path: path, text: text, checksSwiftNames: false)
            var interpreter: Interpreter?
            if let program = compilation.program {
                interpreter = Interpreter(program: program)
                if case .number(let value)? = interpreter?.frame(at: 50).first { sink += value }
            }
            return (compilation, interpreter)
        }
    }
    // Where one eval offset's time goes, for the larger spec.
    do {
        let text = scalingSpec(blocks: 10_000)
        var compilation: Compilation?
        let front = seconds(repeats: 1) { compilation = Compilation(path: "big.header", text: text, checksSwiftNames: false) }
        if let program = compilation?.program {
            var interpreter: Interpreter?
            let build = seconds(repeats: 1) { interpreter = Interpreter(program: program) }
            let frame = seconds(repeats: 1) { if case .number(let value)? = interpreter?.frame(at: 50).first { sink += value } }
            print(String(format: "eval 10000 blocks: front end and lowering %.3f s, interpreter %.3f s, first frame %.4f s", front, build, frame))
        }
    }
    for (name, shape) in [("check with range warnings, a chain of named values", chainSpec(blocks:)),
                          ("check with range warnings, a warning in every block", warningSpec(blocks:))] {
        for blocks in [1_000, 10_000] {
            let text = shape(blocks)
            figures[name, default: [:]][blocks] = seconds() { checkWithRangeWarnings(text, path: "shape.header") }
        }
    }
    // Two of them on one long expression, 1,000 and 10,000 operations long, on a thread with the stack the
    // executable gives its commands: the passes walk an expression recursively.
    for (name, figure) in longExpressionFigures() { figures[name] = figure }
    for name in ["check", "compile", "compile --target js", "compile --target kotlin", "compile --target web", "fmt", "eval one offset",
                 "check with range warnings", "check with range warnings, a chain of named values",
                 "check with range warnings, a warning in every block",
                 "check with range warnings, one long expression", "eval one offset, one long expression"] {
        let small = figures[name]?[1_000] ?? .nan, large = figures[name]?[10_000] ?? .nan
        let unit = name.hasSuffix("one long expression") ? "operations" : "blocks"
        print(String(format: "%@ 1000 %@ %.3f s", name, unit, small))
        print(String(format: "%@ 10000 %@ %.3f s", name, unit, large))
        print(String(format: "%@ ratio 10000/1000 %.1f", name, large / small))
        guard let freeSmall = freeing[name]?[1_000], let freeLarge = freeing[name]?[10_000] else { continue }
        print(String(format: "%@ then freeing what it built (in process only) 1000 blocks %.3f s, 10000 blocks %.3f s",
                     name, freeSmall, freeLarge))
    }
    let both = (figures["check"]?[10_000] ?? .nan) + (figures["compile"]?[10_000] ?? .nan)
    print(String(format: "check plus compile 10000 blocks %.3f s", both))
    let commands = (figures["check with range warnings"]?[10_000] ?? .nan) + (figures["compile"]?[10_000] ?? .nan)
    print(String(format: "check with range warnings plus compile 10000 blocks %.3f s", commands))
}

/// `check` with its range warnings, and one eval offset, on `longExpressionSpec` of 1,000 and 10,000
/// operations, each run on the thread the executable gives its commands (`Driver.onCommandStack`).
func longExpressionFigures() -> [String: [Int: Double]] {
    final class Figures: @unchecked Sendable { var byName: [String: [Int: Double]] = [:] }
    let figures = Figures()
    Driver.onCommandStack {
        for operations in [1_000, 10_000] {
            let text = longExpressionSpec(operations: operations)
            figures.byName["check with range warnings, one long expression", default: [:]][operations] = seconds() {
                checkWithRangeWarnings(text, path: "long.header")
            }
            figures.byName["eval one offset, one long expression", default: [:]][operations] = seconds() {
                if let program = Compilation(path: "long.header", text: text, checksSwiftNames: false).program,
                   case .number(let value)? = Interpreter(program: program).frame(at: 50).first {
                    sink += value
                }
            }
        }
    }
    return figures.byName
}

/// How long `swiftc -O` takes to build the generated Swift of a spec of 100 blocks: an app target pays
/// this at every clean build (the 1,000-block figure comes with the native timing of that spec).
func printSwiftcBuildTimes() {
    guard let swiftc = swiftcPath() else {
        print("swiftc -O: swiftc not found, skipped")
        return
    }
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("headerc-bench-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    do {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for blocks in [100] {
            let path = "big\(blocks).header"
            guard let program = Compilation(path: path, text: scalingSpec(blocks: blocks)).program else { continue }
            let source = directory.appendingPathComponent("Big\(blocks)Math.swift")
            try SwiftEmitter(program: program, sourcePath: path).emit().write(to: source, atomically: true, encoding: .utf8)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: swiftc)
            process.arguments = ["-O", "-parse-as-library", "-c", source.path, "-o", directory.appendingPathComponent("b\(blocks).o").path]
            let start = DispatchTime.now().uptimeNanoseconds
            try process.run()
            process.waitUntilExit()
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            print(String(format: "swiftc -O %d blocks %.1f s%@", blocks, elapsed, process.terminationStatus == 0 ? "" : " (failed)"))
        }
    } catch {
        print("swiftc -O: \(error)")
    }
}
