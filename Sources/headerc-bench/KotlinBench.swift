import Foundation
import HeaderKit

/// Seed 000's math as an Android developer writes it by hand in Kotlin (kotlin.math's min and max), with
/// a frame of the same shape as the generated one: the baseline the generated `frame` must match on the JVM.
private let handWrittenKotlin = """
    import kotlin.math.max
    import kotlin.math.min

    object HandWrittenProfileMath {
        data class Cover(val height: Double, val scrimOpacity: Double)
        data class Avatar(val size: Double, val scale: Double, val opacity: Double)
        data class Title(val opacity: Double)
        data class Content(val top: Double)
        data class Frame(val cover: Cover, val avatar: Avatar, val title: Title, val content: Content)

        fun frame(offset: Double, safeAreaTop: Double = 0.0, textScale: Double = 1.0): Frame {
            val collapsed = safeAreaTop + 44
            val travel = 190 - collapsed
            val progress = if (travel > 0) min(max(offset / travel, 0.0), 1.0) else 1.0
            val size = 88 * textScale
            return Frame(
                Cover(max(190 - offset, min(collapsed, 190.0)), progress),
                Avatar(size, 1 - 0.45 * min(max(progress, 0.0), 1.0), 1 - min(max((progress - 0.55) / 0.35, 0.0), 1.0)),
                Title(min(max((progress - 0.8) / 0.2, 0.0), 1.0)),
                Content(190 + size / 2 + 12)
            )
        }
    }
    """

/// Times both on the same offsets (the benchmark's generator and seed), after a warm-up that lets the JIT
/// compile both loops; rounds alternate, and the best round of each is printed.
private func kotlinRunner(offsetCount: Int) -> String {
    """
    var sink = 0.0

    fun generated(offsets: DoubleArray): Double {
        var total = 0.0
        for (offset in offsets) {
            val frame = bench.ProfileStretchyMath.frame(offset)
            total += frame.cover.height + frame.avatar.opacity + frame.content.top
        }
        return total
    }

    fun handWritten(offsets: DoubleArray): Double {
        var total = 0.0
        for (offset in offsets) {
            val frame = HandWrittenProfileMath.frame(offset)
            total += frame.cover.height + frame.avatar.opacity + frame.content.top
        }
        return total
    }

    fun best(offsets: DoubleArray, body: (DoubleArray) -> Double, rounds: Int): Double {
        var fastest = Double.POSITIVE_INFINITY
        for (round in 0 until rounds) {
            val start = System.nanoTime()
            sink += body(offsets)
            fastest = Math.min(fastest, (System.nanoTime() - start).toDouble() / offsets.size)
        }
        return fastest
    }

    fun main() {
        var state = 0x5851F42D4C957F2DL
        val offsets = DoubleArray(\(offsetCount)) {
            state = state * 6364136223846793005L + 1442695040888963407L
            -300.0 + 1000.0 * ((state ushr 11).toDouble() * 1.0 / 9007199254740992.0)
        }
        for (warm in 0 until 20) { sink += generated(offsets) + handWritten(offsets) }
        var generatedBest = Double.POSITIVE_INFINITY
        var handBest = Double.POSITIVE_INFINITY
        for (round in 0 until 10) {
            if (round % 2 == 0) generatedBest = Math.min(generatedBest, best(offsets, ::generated, 3))
            handBest = Math.min(handBest, best(offsets, ::handWritten, 3))
            if (round % 2 == 1) generatedBest = Math.min(generatedBest, best(offsets, ::generated, 3))
        }
        println("$generatedBest $handBest $sink")
    }
    """
}

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
        let files = [("ProfileStretchyMath.kt", KotlinEmitter(program: program, sourcePath: "ProfileStretchy.header", packageName: "bench").emit()),
                     ("HandWritten.kt", handWrittenKotlin), ("Main.kt", kotlinRunner(offsetCount: 1_000_000))]
        for (name, source) in files {
            try source.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        let jar = directory.appendingPathComponent("bench.jar").path
        let build = run(kotlinc, files.map { directory.appendingPathComponent($0.0).path } + ["-include-runtime", "-d", jar])
        guard build.status == 0 else {
            print("ratio generated/hand-written (Kotlin) skipped (kotlinc failed)")
            return
        }
        let result = run(java, ["-jar", jar])
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
