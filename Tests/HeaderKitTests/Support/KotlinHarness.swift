import Foundation
import XCTest
@testable import HeaderKit

/// Compiles generated Kotlin with `kotlinc` and runs it on the JVM, comparing what it computes with the
/// interpreter bit for bit. `kotlinc` starts a JVM and compiles slowly, so one run takes every case of a
/// batch: each case's file is in a package of its own, and one generated `Main.kt` calls each case's API
/// at every offset and input setting (as `eval` and the JavaScript driver do), writing the raw bits of
/// every value (`toRawBits()`, bools as 1 and 0) to a file of big-endian words read back here.
enum KotlinHarness {
    /// `kotlinc`, or a skip that says why the Kotlin back end is not run.
    static func findKotlinc() throws -> URL {
        try ProcessRunner.find("kotlinc", fallbacks: ["/usr/bin/kotlinc", "/usr/local/bin/kotlinc"],
                               skipping: "the Kotlin back end is not run (Debian's `kotlin` package; .ci/run installs it)")
    }

    static func findJava() throws -> URL {
        try ProcessRunner.find("java", fallbacks: ["/usr/bin/java"], skipping: "the Kotlin back end is not run")
    }

    struct Report {
        var failures: [String] = []
        /// kotlinc's warnings about the generated files (the driver's own are not counted).
        var warnings: [String] = []
        var valuesCompared = 0
        var transcendentalCompared = 0
        var mismatches = 0
        var casesRun = 0
        /// Every value the JVM gave, case by case, in the order of `NodeHarness.expected`.
        var values: [[Double]] = []
        var compileSeconds = 0.0
        var seconds = 0.0

        var summary: String {
            "\(casesRun) specs, \(valuesCompared) values compared bit for bit (\(transcendentalCompared) through pow or a spring), "
                + "\(mismatches) mismatches, \(warnings.count) warnings; kotlinc \(String(format: "%.1f", compileSeconds)) s, "
                + "total \(String(format: "%.1f", seconds)) s"
        }
    }

    /// The package and object of case `number`.
    static func objectPath(_ number: Int) -> String { "case\(number).Gen\(number)Math" }

    /// Emits, builds and runs `cases` (in one `kotlinc` run), comparing every value with the interpreter.
    static func run(_ cases: [NodeHarness.Case], label: String) throws -> Report {
        let kotlinc = try findKotlinc()
        let java = try findJava()
        let start = Date()
        let directory = try DifferentialHarness.makeDirectory("kotlin-\(label)")
        var report = Report()
        // Kept when something failed, for a person to look at.
        defer { if report.failures.isEmpty { try? FileManager.default.removeItem(at: directory) } }
        var files: [String] = []
        for (number, diffCase) in cases.enumerated() {
            let source = KotlinEmitter(program: diffCase.program, sourcePath: "\(diffCase.label).header",
                                       objectName: "Gen\(number)Math", packageName: "case\(number)").emit()
            let name = "Case\(number).kt"
            try source.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
            // Each driver is a file, and so a class, of its own: one class of a thousand drivers' literals
            // outgrows the JVM's 65,535 constants.
            let driverName = "Drive\(number).kt"
            try (["import java.io.DataOutputStream", ""] + [driver(diffCase, number: number)]).joined(separator: "\n")
                .write(to: directory.appendingPathComponent(driverName), atomically: true, encoding: .utf8)
            files += [name, driverName]
        }
        let main = (["import java.io.DataOutputStream", "import java.io.FileOutputStream", "import java.io.BufferedOutputStream", ""]
            + [mainFunction(count: cases.count)]).joined(separator: "\n")
        try main.write(to: directory.appendingPathComponent("Main.kt"), atomically: true, encoding: .utf8)
        let compileStart = Date()
        // kotlinc's default heap runs out on a few hundred files.
        let (status, output) = try DifferentialHarness.run(URL(fileURLWithPath: "/usr/bin/env"),
                                                         ["JAVA_OPTS=-Xmx6g", kotlinc.path] + files
                                                             + ["Main.kt", "-include-runtime", "-d", "cases.jar"],
                                                         in: directory)
        report.compileSeconds = Date().timeIntervalSince(compileStart)
        for line in output.split(separator: "\n") where line.contains("warning:") && line.hasPrefix("Case") {
            report.warnings.append(String(line))
        }
        guard status == 0 else {
            report.failures.append("kotlinc exited with \(status):\n\(output.prefix(4_000))")
            report.seconds = Date().timeIntervalSince(start)
            return report
        }
        let (runStatus, runOutput) = try DifferentialHarness.run(java, ["-jar", "cases.jar"], in: directory)
        if runStatus != 0 { report.failures.append("java exited with \(runStatus): \(runOutput.prefix(2_000))") }
        for (number, diffCase) in cases.enumerated() {
            compare(diffCase, number: number, in: directory, into: &report)
        }
        report.seconds = Date().timeIntervalSince(start)
        return report
    }

    private static func compare(_ diffCase: NodeHarness.Case, number: Int, in directory: URL, into report: inout Report) {
        report.values.append([])
        if let message = try? String(contentsOf: directory.appendingPathComponent("case\(number).err"), encoding: .utf8) {
            report.failures.append("\(diffCase.label): the JVM failed: \(message.prefix(1_000))\n\(diffCase.text)")
            return
        }
        guard let data = try? Data(contentsOf: directory.appendingPathComponent("case\(number).bin")) else {
            report.failures.append("\(diffCase.label): the JVM wrote nothing")
            return
        }
        var words = [UInt64](repeating: 0, count: data.count / 8)
        _ = words.withUnsafeMutableBytes { data.copyBytes(to: $0) }
        let actual = words.map { Double(bitPattern: UInt64(bigEndian: $0)) }
        report.values[report.values.count - 1] = actual
        let expected = NodeHarness.expected(diffCase)
        guard actual.count == expected.count else {
            report.failures.append("\(diffCase.label): the JVM gave \(actual.count) values, the interpreter \(expected.count)")
            return
        }
        report.casesRun += 1
        var reported = 0
        for (got, want) in zip(actual, expected) {
            report.valuesCompared += 1
            if want.transcendental { report.transcendentalCompared += 1 }
            // Only NaN-ness is part of the contract for a NaN: the JVM keeps no payload through arithmetic.
            guard !(got.bitPattern == want.value.bitPattern || got.isNaN && want.value.isNaN) else { continue }
            report.mismatches += 1
            if reported < 3 {
                reported += 1
                report.failures.append("\(diffCase.label) \(want.what): JVM \(got) (0x\(String(got.bitPattern, radix: 16))), "
                                       + "interpreter \(want.value) (0x\(String(want.value.bitPattern, radix: 16)))\n\(diffCase.text)")
            }
        }
    }

    /// `fun driveN(out)`: case N's API called along its offsets for each input setting (the defaults first,
    /// by passing nothing), `advance` before `frame` for a header with state, then every settle function.
    private static func driver(_ diffCase: NodeHarness.Case, number: Int) -> String {
        let program = diffCase.program
        let object = objectPath(number)
        let frameInputs = Uses.union(program.outputs.map(\.body.uses)).inputs
        let advanceInputs = program.advanceUses.inputs
        func arguments(_ inputs: [Int], _ setting: [Value]?) -> String {
            guard let setting else { return "" }
            return inputs.map { index -> String in
                let value: String
                switch setting[index] {
                case .bool(let bool): value = bool ? "true" : "false"
                case .phase(let phase): value = "\(object).\(KotlinSyntax.phaseEntry(phase))"
                case .number(let number): value = KotlinNames.literal(number)
                }
                return ", \(KotlinNames.identifier(program.inputs[index].name)) = \(value)"
            }.joined()
        }
        var lines = ["fun drive\(number)(out: DataOutputStream) {"]
        lines.append("    val offsets = doubleArrayOf(\(diffCase.offsets.map(KotlinNames.literal).joined(separator: ", ")))")
        let time = program.readsTime ? ", times[n]" : ""
        if program.readsTime {
            // As bit patterns in one string: each spec's times are its own, and a literal each would fill the class's constants.
            let words = DifferentialHarness.frameTimes(diffCase.offsets.count, for: diffCase.text).map { String($0.bitPattern, radix: 16) }
            lines.append("    val times = timesOf(\"\(words.joined(separator: ","))\")")
        }
        lines.append("    val targets = doubleArrayOf(\(NodeHarness.settleTargets.map(KotlinNames.literal).joined(separator: ", ")))")
        lines.append("    val velocities = doubleArrayOf(\(NodeHarness.settleVelocities.map(KotlinNames.literal).joined(separator: ", ")))")
        if program.snaps.contains(where: { $0.motion != nil }) {
            let calls = DifferentialHarness.motionCalls(for: diffCase.text).map { [$0.from, $0.velocity, $0.target, $0.elapsed].map(KotlinNames.literal).joined(separator: ", ") }
            lines.append("    val motionCalls = arrayOf(\(calls.map { "doubleArrayOf(\($0))" }.joined(separator: ", ")))")
        }
        let blockOf = program.blocks.enumerated().flatMap { blockIndex, block in block.outputs.map { _ in blockIndex } }
        for setting in [nil] + diffCase.settings.map(Optional.some) {
            lines.append("    run {")
            if program.isStateful { lines.append("        val state = \(object).State()") }
            lines.append(program.readsTime ? "        for ((n, offset) in offsets.withIndex()) {" : "        for (offset in offsets) {")
            if program.isStateful {
                lines.append("            \(object).advance(state, offset\(time)\(arguments(advanceInputs, setting)))")
                lines.append("            val frame = \(object).frame(offset, state\(arguments(frameInputs, setting)))")
            } else {
                lines.append("            val frame = \(object).frame(offset\(arguments(frameInputs, setting)))")
            }
            for (index, output) in program.outputs.enumerated() {
                let block = program.blocks[blockOf[index]]
                let read = "frame.\(KotlinNames.identifier(block.name)).\(KotlinNames.identifier(output.name))"
                lines.append(output.type == .bool ? "            out.writeLong((if (\(read)) 1.0 else 0.0).toRawBits())"
                                                  : "            out.writeLong(\(read).toRawBits())")
            }
            lines.append("        }")
            for snap in program.snaps {
                let name = KotlinNames.identifier(SwiftNames.settleFunction(snap.name, count: program.snaps.count))
                if let moved = snap.state {
                    // A snap of a state settles the state's value: the target is put there first.
                    lines.append("        for (target in targets) for (velocity in velocities) { val moved = \(object).State(); "
                                 + "moved.\(KotlinNames.identifier(program.states[moved].name)) = target; "
                                 + "out.writeLong(\(object).\(name)(moved, velocity\(arguments(snap.settle.uses.inputs, setting))).toRawBits()) }")
                } else {
                    lines.append("        for (target in targets) for (velocity in velocities) "
                                 + "out.writeLong(\(object).\(name)(target, velocity\(arguments(snap.settle.uses.inputs, setting))).toRawBits())")
                }
                if let motion = snap.motion {
                    lines.append("        for (call in motionCalls) out.writeLong(\(object).motion(call[0], call[1], call[2], call[3]"
                                 + "\(arguments(motion.uses.inputs, setting))).toRawBits())")
                }
            }
            lines.append("    }")
        }
        lines.append("}")
        return lines.joined(separator: "\n")
    }

    /// `main`, calling the drivers a hundred to a function: the JVM limits a method to 64 KB.
    private static func mainFunction(count: Int) -> String {
        var lines: [String] = []
        let chunks = stride(from: 0, to: count, by: 100).map { $0..<min($0 + 100, count) }
        for (chunk, range) in chunks.enumerated() {
            lines.append("fun run\(chunk)() {")
            for number in range {
                lines.append("    try {")
                lines.append("        DataOutputStream(BufferedOutputStream(FileOutputStream(\"case\(number).bin\"))).use { drive\(number)(it) }")
                lines.append("    } catch (error: Throwable) {")
                lines.append("        java.io.File(\"case\(number).err\").writeText(error.toString())")
                lines.append("    }")
            }
            lines.append("}")
        }
        lines.append("fun timesOf(words: String): DoubleArray = words.split(',').map { java.lang.Double.longBitsToDouble(java.lang.Long.parseUnsignedLong(it, 16)) }.toDoubleArray()")
        lines.append("fun main() {")
        for chunk in chunks.indices { lines.append("    run\(chunk)()") }
        lines.append("}")
        return lines.joined(separator: "\n")
    }
}
