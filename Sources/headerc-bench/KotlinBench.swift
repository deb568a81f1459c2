import Foundation
import HeaderKit

/// The generated Kotlin `frame` of ProfileStretchy on the JVM beside the hand-written one; skipped where
/// kotlinc is missing.
func printKotlinFigures() {
    guard let kotlinc = ["/usr/bin/kotlinc", "/usr/local/bin/kotlinc"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }),
          let java = ["/usr/bin/java", "/usr/local/bin/java"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
        print("ratio generated/hand-written (Kotlin) skipped (kotlinc or java not found)")
        return
    }
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let path = root.appendingPathComponent("Examples/ProfileStretchy.header").path
    guard let text = try? String(contentsOfFile: path, encoding: .utf8),
          let program = Compilation(path: path, text: text).program else {
        print("ratio generated/hand-written (Kotlin) skipped (Examples/ProfileStretchy.header not found)")
        return
    }
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("headerc-bench-kotlin-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    do {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // The hand-written frame and the timing loop are real files beside this one.
        let kotlinFolder = root.appendingPathComponent("Sources/headerc-bench/Kotlin")
        let files = [("ProfileStretchyMath.kt", KotlinEmitter(program: program, sourcePath: "ProfileStretchy.header", packageName: "bench").emit()),
                     ("HandWritten.kt", try String(contentsOf: kotlinFolder.appendingPathComponent("HandWritten.kt"), encoding: .utf8)),
                     ("Main.kt", try String(contentsOf: kotlinFolder.appendingPathComponent("Main.kt"), encoding: .utf8))]
        for (name, source) in files {
            try source.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        let jar = directory.appendingPathComponent("bench.jar").path
        let build = run(kotlinc, files.map { directory.appendingPathComponent($0.0).path } + ["-include-runtime", "-d", jar])
        guard build.status == 0 else {
            print("ratio generated/hand-written (Kotlin) skipped (kotlinc failed)")
            return
        }
        let result = run(java, ["-jar", jar, "1000000"])
        let fields = result.output.split(separator: " ").compactMap { Double($0) }
        guard result.status == 0, fields.count >= 2 else {
            print("ratio generated/hand-written (Kotlin) skipped (the JVM failed)")
            return
        }
        print("ProfileStretchy on the JVM, one whole frame (7 outputs), 1000000 offsets in [-300, 700], after warm-up")
        print(String(format: "ProfileStretchy generated Kotlin %.2f ns", fields[0]))
        print(String(format: "ProfileStretchy hand-written Kotlin %.2f ns", fields[1]))
        print(String(format: "ratio generated/hand-written (Kotlin) %.2f", fields[0] / fields[1]))
    } catch {
        print("ratio generated/hand-written (Kotlin) skipped (\(error.localizedDescription))")
    }
}
