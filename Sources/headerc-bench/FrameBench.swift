import Foundation
import HeaderKit

/// Seed 000's math as a developer writes it by hand, returning a frame of the same shape as the generated
/// `ProfileStretchyMath.Frame`: the baseline the generated enum must match.
enum HandWrittenProfileMath {
    struct Frame {
        struct Cover { var height: CGFloat; var scrimOpacity: Double }
        struct Avatar { var size: CGFloat; var scale: Double; var opacity: Double }
        struct Title { var opacity: Double }
        struct Content { var top: CGFloat }
        var cover: Cover
        var avatar: Avatar
        var title: Title
        var content: Content
    }

    static func frame(offset: CGFloat, safeAreaTop: CGFloat = 0, textScale: Double = 1) -> Frame {
        let collapsed = safeAreaTop + 44
        let travel = 190 - collapsed
        let progress: Double = travel > 0 ? min(max(Double(offset) / Double(travel), 0), 1) : 1
        let size = 88 * CGFloat(textScale)
        return Frame(
            cover: Frame.Cover(height: max(190 - offset, min(collapsed, 190)), scrimOpacity: progress),
            avatar: Frame.Avatar(size: size, scale: 1 - 0.45 * min(max(progress, 0), 1),
                                 opacity: 1 - min(max((progress - 0.55) / 0.35, 0), 1)),
            title: Frame.Title(opacity: min(max((progress - 0.8) / 0.2, 0), 1)),
            content: Frame.Content(top: 190 + size / 2 + 12))
    }
}

/// Offsets uniform in [-300, 700]; the native 1,000-block runner draws the same ones.
func benchOffsets(count: Int) -> [Double] {
    var random = BenchRandom(seed: 0x5851_F42D_4C95_7F2D)
    return (0..<count).map { _ in -300 + 1000 * random.next() }
}

/// The interpreter's time per frame (all outputs written to a buffer) for `spec` at `offsets`.
func interpreterNanoseconds(_ spec: CheckedSpec, _ program: Program, offsets: [Double], repeats: Int = 7) -> Double {
    let interpreter = Interpreter(program: program)
    var buffer = [Double](repeating: 0, count: program.outputs.count)
    let last = program.outputs.count - 1
    return nanoseconds(count: offsets.count, repeats: repeats) {
        var total = 0.0
        buffer.withUnsafeMutableBufferPointer { outputs in
            for offset in offsets {
                interpreter.evaluate(at: offset, into: outputs)
                total += outputs[0] + outputs[last]
            }
        }
        return total
    }
}

// The two native loops are functions of their own, compiled alike, so that neither gains from what the
// optimizer does with the code around it.
@inline(never)
func generatedFrames(_ offsets: [Double]) -> Double {
    var total = 0.0
    for offset in offsets {
        let frame = ProfileStretchyMath.frame(offset: CGFloat(offset))
        total += Double(frame.cover.height) + frame.avatar.opacity + Double(frame.content.top)
    }
    return total
}

@inline(never)
func handWrittenFrames(_ offsets: [Double]) -> Double {
    var total = 0.0
    for offset in offsets {
        let frame = HandWrittenProfileMath.frame(offset: CGFloat(offset))
        total += Double(frame.cover.height) + frame.avatar.opacity + Double(frame.content.top)
    }
    return total
}

func printProfileStretchyFigures() {
    let offsets = benchOffsets(count: 1_000_000)
    // The package root is three levels above this file.
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let path = root.appendingPathComponent("Examples/ProfileStretchy.header").path
    guard let text = try? String(contentsOfFile: path, encoding: .utf8),
          let spec = Compilation(path: path, text: text).spec else {
        print("ProfileStretchy: run from the package root \(path) not found or not valid")
        return
    }
    let program = Lowering.lower(spec)
    var interpreted = Double.infinity, generated = Double.infinity, handWritten = Double.infinity
    // Rounds alternate, and the two native candidates swap places each round, so that a busy moment on
    // the machine hits every candidate alike.
    for round in 0..<10 {
        interpreted = Swift.min(interpreted, interpreterNanoseconds(spec, program, offsets: offsets, repeats: 3))
        let first = round % 2 == 0
        if first { generated = Swift.min(generated, nanoseconds(count: offsets.count, repeats: 3) { generatedFrames(offsets) }) }
        handWritten = Swift.min(handWritten, nanoseconds(count: offsets.count, repeats: 3) { handWrittenFrames(offsets) })
        if !first { generated = Swift.min(generated, nanoseconds(count: offsets.count, repeats: 3) { generatedFrames(offsets) }) }
    }
    print("ProfileStretchy, one whole frame (7 outputs), \(offsets.count) offsets in [-300, 700]")
    print(String(format: "ProfileStretchy interpreter %.1f ns", interpreted))
    print(String(format: "ProfileStretchy generated Swift %.2f ns", generated))
    print(String(format: "ProfileStretchy hand-written %.2f ns", handWritten))
    print(String(format: "ratio generated/hand-written %.2f", generated / handWritten))
    print(String(format: "ratio interpreter/native %.2f", interpreted / generated))
}

/// The interpreter against the generated Swift of the 1,000-block scaling spec, built with `swiftc -O`
/// into a runner that times the same offsets (about two minutes of swiftc on this machine, which the
/// benchmark reports as the build time of 1,000 blocks).
func printThousandBlockFigures(buildsNative: Bool) {
    let path = "big1000.header"
    let compilation = Compilation(path: path, text: scalingSpec(blocks: 1_000))
    guard let spec = compilation.spec, let program = compilation.program else { return }
    let offsets = benchOffsets(count: 2_000)
    // A frame takes microseconds, so many short runs: the best of them is the one nothing else disturbed.
    let interpreted = interpreterNanoseconds(spec, program, offsets: offsets, repeats: 25)
    print("1000 blocks (4000 outputs), one whole frame, \(offsets.count) offsets in [-300, 700]")
    print(String(format: "1000 blocks interpreter %.0f ns", interpreted))
    guard buildsNative else {
        print("ratio interpreter/native (1000 blocks) skipped (--no-swiftc)")
        return
    }
    guard let native = nativeThousandBlockNanoseconds(program: program, offsetCount: offsets.count) else {
        print("ratio interpreter/native (1000 blocks) skipped (swiftc failed)")
        return
    }
    print(String(format: "1000 blocks generated Swift %.0f ns", native))
    print(String(format: "ratio interpreter/native (1000 blocks) %.2f", interpreted / native))
}

/// Builds the generated Swift of `program` with a timing loop and runs it; nil when that fails.
private func nativeThousandBlockNanoseconds(program: Program, offsetCount: Int) -> Double? {
    guard let swiftc = swiftcPath() else { return nil }
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("headerc-bench-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let runner = """
        import Foundation
        // The same generator and seed as the benchmark's benchOffsets.
        var state: UInt64 = 0x5851_F42D_4C95_7F2D
        let offsets: [Double] = (0..<\(offsetCount)).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return -300 + 1000 * (Double(state >> 11) * 0x1p-53)
        }
        var best = Double.infinity, sink = 0.0
        for _ in 0..<25 {
            let start = DispatchTime.now().uptimeNanoseconds
            var total = 0.0
            for offset in offsets {
                let frame = BigMath.frame(offset: CGFloat(offset))
                total += Double(frame.b0.height) + Double(frame.b999.top)
            }
            sink += total
            best = Swift.min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / Double(offsets.count))
        }
        print(best, sink)
        """
    do {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let math = directory.appendingPathComponent("BigMath.swift"), main = directory.appendingPathComponent("main.swift")
        try SwiftEmitter(program: program, sourcePath: "big1000.header").emit().write(to: math, atomically: true, encoding: .utf8)
        try runner.write(to: main, atomically: true, encoding: .utf8)
        let executable = directory.appendingPathComponent("runner")
        let start = DispatchTime.now().uptimeNanoseconds
        guard run(swiftc, ["-O", math.path, main.path, "-o", executable.path]).status == 0 else { return nil }
        // What an app target pays at every clean build (the runner's own main.swift is a few lines).
        print(String(format: "swiftc -O 1000 blocks %.1f s", Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9))
        let result = run(executable.path, [])
        guard result.status == 0, let first = result.output.split(separator: " ").first else { return nil }
        return Double(first)
    } catch {
        return nil
    }
}

func swiftcPath() -> String? {
    ["/opt/swift/usr/bin/swiftc", "/usr/bin/swiftc"].first { FileManager.default.isExecutableFile(atPath: $0) }
}

/// Runs a program to its end; its exit status and standard output.
func run(_ executable: String, _ arguments: [String]) -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    do { try process.run() } catch { return (-1, "") }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}
