import Foundation
import XCTest
@testable import HeaderKit

/// Runs emitted JavaScript modules in `node` and compares what they compute with the interpreter. One node
/// process runs a batch of modules: each module is imported once and called at every offset and input
/// setting, and its results go to a binary file of doubles (bools as 1 and 0), read back here.
enum NodeHarness {
    /// `node`, or a skip when the machine has none.
    static func findNode() throws -> URL {
        try ProcessRunner.find("node", fallbacks: ["/usr/bin/node", "/usr/local/bin/node"], skipping: "the JavaScript module is not run")
    }

    struct Case {
        let label: String
        let program: Program
        let spec: CheckedSpec
        let text: String
        let offsets: [Double]
        /// Input settings after the first, which passes `{}` so that every input takes its default.
        let settings: [[Value]]
    }

    struct Report {
        var failures: [String] = []
        /// Values whose computation involves no transcendental function: compared bit for bit (any NaN
        /// equals any NaN).
        var exactCompared = 0
        var exactMismatches = 0
        /// Values that go through `pow` or a spring's `exp`, `sin`, `cos` or `expm1`, where JavaScript's
        /// Math library may differ from the platform's libm in the last place.
        var transcendentalCompared = 0
        var transcendentalDiffering = 0
        /// How many differ by at most 1, 4 and 1024 ulp, and by more.
        var ulpBuckets = [0, 0, 0, 0]
        var worstUlps: UInt64 = 0
        var worstDescription = ""
        var framesCompared = 0
        var seconds = 0.0

        var summary: String {
            "\(framesCompared) frames, \(exactCompared) values compared bit for bit (\(exactMismatches) mismatches), "
                + "\(transcendentalCompared) through pow or a spring (\(transcendentalDiffering) differ: \(ulpBuckets[0]) by 1 ulp, "
                + "\(ulpBuckets[1]) by 2 to 4, \(ulpBuckets[2]) by 5 to 1024, \(ulpBuckets[3]) by more; worst \(worstUlps) ulp"
                + (worstDescription.isEmpty ? "" : ": \(worstDescription)") + "), \(String(format: "%.1f", seconds)) s"
        }
    }

    static let settleTargets: [Double] = DifferentialHarness.settleTargets
    static let settleVelocities: [Double] = DifferentialHarness.settleVelocities

    static func run(_ cases: [Case], label: String, batchSize: Int = 250) throws -> Report {
        let node = try findNode()
        let start = Date()
        let directory = try DifferentialHarness.makeDirectory("js-\(label)")
        try driverSource.write(to: directory.appendingPathComponent("driver.mjs"), atomically: true, encoding: .utf8)
        var report = Report()
        for batchStart in stride(from: 0, to: cases.count, by: batchSize) {
            let batch = Array(cases[batchStart..<min(batchStart + batchSize, cases.count)])
            var entries: [String] = []
            for (offset, diffCase) in batch.enumerated() {
                let number = batchStart + offset
                let module = JavaScriptEmitter(program: diffCase.program, sourcePath: "\(diffCase.label).header").emit()
                try module.write(to: directory.appendingPathComponent("case\(number).mjs"), atomically: true, encoding: .utf8)
                entries.append(entry(diffCase, number: number))
            }
            let manifest = "{\"targets\": [\(settleTargets.map(word).joined(separator: ", "))], "
                + "\"velocities\": [\(settleVelocities.map(word).joined(separator: ", "))], "
                + "\"cases\": [\n"
                + entries.joined(separator: ",\n") + "\n]}\n"
            let manifestName = "batch\(batchStart).json"
            try manifest.write(to: directory.appendingPathComponent(manifestName), atomically: true, encoding: .utf8)
            let (status, output) = try DifferentialHarness.run(node, ["driver.mjs", manifestName], in: directory)
            if status != 0 { report.failures.append("node exited with \(status): \(output.prefix(2_000))") }
            for (offset, diffCase) in batch.enumerated() {
                compare(diffCase, number: batchStart + offset, in: directory, into: &report)
            }
        }
        report.seconds = Date().timeIntervalSince(start)
        return report
    }

    /// A double as the driver reads it: its bit pattern in hexadecimal, in a JSON string.
    static func word(_ x: Double) -> String { "\"\(String(x.bitPattern, radix: 16))\"" }

    private static func entry(_ diffCase: Case, number: Int) -> String {
        let program = diffCase.program
        let settings = diffCase.settings.map { setting in
            "{" + zip(program.inputs, setting).map { input, value -> String in
                switch value {
                case .bool(let bool): return "\(JavaScriptNames.string(input.name)): \(bool)"
                case .phase(let phase): return "\(JavaScriptNames.string(input.name)): \(JavaScriptNames.string(phase.name))"
                case .number(let number): return "\(JavaScriptNames.string(input.name)): {\"bits\": \(word(number))}"
                }
            }.joined(separator: ", ") + "}"
        }
        // A snap of a state as [function, the state's property], which the driver sets to the target first.
        let settles = program.snaps.map { snap -> String in
            let function = JavaScriptNames.string(JavaScriptNames.settleFunction(snap.name, count: program.snaps.count))
            return snap.state.map { "[\(function), \(JavaScriptNames.string(program.states[$0].name))]" } ?? function
        }
        return "{\"module\": \"case\(number).mjs\", \"output\": \"case\(number).bin\", \"stateful\": \(program.isStateful), "
            + "\"offsets\": [\(diffCase.offsets.map(word).joined(separator: ", "))], "
            + "\"times\": [\(DifferentialHarness.frameTimes(diffCase.offsets.count, for: diffCase.text).map(word).joined(separator: ", "))], "
            + "\"settings\": [{}\(settings.map { ", " + $0 }.joined())], \"settles\": [\(settles.joined(separator: ", "))], "
            + "\"motions\": [\(program.snaps.map { $0.motion != nil ? "true" : "false" }.joined(separator: ", "))], "
            + "\"motionCalls\": [\(DifferentialHarness.motionCalls(for: diffCase.text).map { "[\(word($0.from)), \(word($0.velocity)), \(word($0.target)), \(word($0.elapsed))]" }.joined(separator: ", "))]}"
    }

    /// What the driver writes for one case, from the interpreter, with whether each value goes through a
    /// transcendental function and what it is.
    static func expected(_ diffCase: Case) -> [(value: Double, transcendental: Bool, what: String)] {
        let program = diffCase.program
        let flags = TranscendentalReach(program)
        var result: [(Double, Bool, String)] = []
        for (settingIndex, setting) in ([[]] + diffCase.settings).enumerated() {
            let interpreter = Interpreter(program: program)
            for (input, value) in zip(program.inputs, setting) { interpreter.setInput(input.name, to: value) }
            for (offset, time) in zip(diffCase.offsets, DifferentialHarness.frameTimes(diffCase.offsets.count, for: diffCase.text)) {
                interpreter.time = time
                for (index, value) in interpreter.frame(at: offset).enumerated() {
                    let number: Double
                    switch value {
                    case .bool(let bool): number = bool ? 1 : 0
                    case .phase(let phase): number = Double(phase.rawValue)
                    case .number(let raw): number = raw
                    }
                    result.append((number, flags.outputs[index],
                                   "\(program.outputs[index].qualifiedName) at offset \(offset), setting \(settingIndex)"))
                }
            }
            for (snapIndex, snap) in program.snaps.enumerated() {
                for target in settleTargets {
                    for velocity in settleVelocities {
                        result.append((interpreter.settle(snap: snapIndex, offset: target, velocity: velocity), flags.snaps[snapIndex],
                                       "settle \(snap.name)(\(target), \(velocity)), setting \(settingIndex)"))
                    }
                }
                guard snap.motion != nil else { continue }
                for call in DifferentialHarness.motionCalls(for: diffCase.text) {
                    let value = interpreter.motion(snap: snapIndex, from: call.from, velocity: call.velocity, target: call.target, elapsed: call.elapsed)
                    result.append((value ?? .nan, snap.motionIsSpring,
                                   "motion \(snap.name)(\(call.from), \(call.velocity), \(call.target), \(call.elapsed)), setting \(settingIndex)"))
                }
            }
        }
        return result
    }

    private static func compare(_ diffCase: Case, number: Int, in directory: URL, into report: inout Report) {
        let errorFile = directory.appendingPathComponent("case\(number).err")
        if let message = try? String(contentsOf: errorFile, encoding: .utf8) {
            report.failures.append("\(diffCase.label): node failed: \(message)\n\(diffCase.text)")
            return
        }
        guard let data = try? Data(contentsOf: directory.appendingPathComponent("case\(number).bin")) else {
            report.failures.append("\(diffCase.label): node wrote nothing")
            return
        }
        var words = [UInt64](repeating: 0, count: data.count / 8)
        _ = words.withUnsafeMutableBytes { data.copyBytes(to: $0) }
        let actual = words.map { Double(bitPattern: UInt64(littleEndian: $0)) }
        let expected = expected(diffCase)
        guard actual.count == expected.count else {
            report.failures.append("\(diffCase.label): node gave \(actual.count) values, the interpreter \(expected.count)")
            return
        }
        report.framesCompared += diffCase.offsets.count * (diffCase.settings.count + 1)
        var reported = 0
        for (got, want) in zip(actual, expected) {
            let same = got.bitPattern == want.value.bitPattern || got.isNaN && want.value.isNaN
            if want.transcendental {
                report.transcendentalCompared += 1
                guard !same else { continue }
                report.transcendentalDiffering += 1
                let ulps = ulpDistance(got, want.value)
                report.ulpBuckets[ulps <= 1 ? 0 : ulps <= 4 ? 1 : ulps <= 1024 ? 2 : 3] += 1
                if ulps > report.worstUlps {
                    report.worstUlps = ulps
                    report.worstDescription = "\(diffCase.label) \(want.what): node \(got), interpreter \(want.value)"
                }
            } else {
                report.exactCompared += 1
                guard !same else { continue }
                report.exactMismatches += 1
                if reported < 3 {
                    reported += 1
                    report.failures.append("\(diffCase.label) \(want.what): node \(got) (0x\(String(got.bitPattern, radix: 16))), "
                                           + "interpreter \(want.value) (0x\(String(want.value.bitPattern, radix: 16)))\n\(diffCase.text)")
                }
            }
        }
    }

    /// How many doubles lie between two values (adjacent doubles are 1 apart, 0 and -0 are 1 apart);
    /// `UInt64.max` when one is NaN and the other is not.
    static func ulpDistance(_ a: Double, _ b: Double) -> UInt64 {
        if a.isNaN || b.isNaN { return a.isNaN && b.isNaN ? 0 : .max }
        func key(_ x: Double) -> Int64 {
            let magnitude = Int64(bitPattern: x.bitPattern & 0x7FFF_FFFF_FFFF_FFFF)
            return x.sign == .minus ? -magnitude - 1 : magnitude
        }
        let (ka, kb) = (key(a), key(b))
        return ka >= kb ? UInt64(bitPattern: ka &- kb) : UInt64(bitPattern: kb &- ka)
    }

    /// Imports each module of the manifest and calls it as eval would: along the offsets in order with
    /// `advance` before `frame` for a header with state, then every settle function at fixed targets and
    /// velocities. A module that fails to load or throws writes its message instead of its values.
    static let driverSource = #"""
        import { readFileSync, writeFileSync } from "node:fs";
        import { pathToFileURL } from "node:url";
        import { resolve } from "node:path";

        const view = new DataView(new ArrayBuffer(8));
        function fromBits(hex) {
          view.setBigUint64(0, BigInt("0x" + hex));
          return view.getFloat64(0);
        }
        function decodeInputs(setting) {
          const inputs = {};
          for (const [name, value] of Object.entries(setting)) {
            // Defined, not assigned: an input may be named `__proto__`.
            Object.defineProperty(inputs, name, { value: typeof value === "boolean" || typeof value === "string" ? value : fromBits(value.bits),
                                                  enumerable: true, writable: true, configurable: true });
          }
          return inputs;
        }
        const number = (value) => typeof value === "boolean" ? (value ? 1 : 0) : value;

        const manifest = JSON.parse(readFileSync(process.argv[2], "utf8"));
        const targets = manifest.targets.map(fromBits);
        const velocities = manifest.velocities.map(fromBits);
        for (const entry of manifest.cases) {
          try {
            const module = await import(pathToFileURL(resolve(entry.module)).href);
            const offsets = entry.offsets.map(fromBits);
            const times = entry.times.map(fromBits);
            const values = [];
            for (const setting of entry.settings) {
              const inputs = decodeInputs(setting);
              const state = entry.stateful ? module.initialState() : null;
              for (const [n, offset] of offsets.entries()) {
                let frame;
                if (state) {
                  module.advance(state, offset, inputs, times[n]);
                  frame = module.frame(offset, inputs, state);
                } else {
                  frame = module.frame(offset, inputs);
                }
                if (Object.keys(frame).length !== module.outputs.length) throw new Error("a frame has other keys than outputs names");
                for (const output of module.outputs) values.push(number(frame[output.name]));
              }
              for (const [k, name] of entry.settles.entries()) {
                for (const target of targets) {
                  for (const velocity of velocities) {
                    if (Array.isArray(name)) {
                      const moved = module.initialState();
                      moved[name[1]] = target;
                      values.push(module[name[0]](moved, velocity, inputs));
                    } else {
                      values.push(module[name](target, velocity, inputs));
                    }
                  }
                }
                if (entry.motions[k]) {
                  for (const [from, velocity, target, elapsed] of entry.motionCalls.map((call) => call.map(fromBits))) values.push(module.motion(from, velocity, target, elapsed, inputs));
                }
              }
            }
            writeFileSync(entry.output, Buffer.from(new Float64Array(values).buffer));
          } catch (error) {
            writeFileSync(entry.output.replace(/\.bin$/, ".err"), String(error && error.stack || error));
          }
        }
        """#
}

/// Which outputs and snaps of a program go through a transcendental function (`pow`, or a spring's
/// `exp`, `sin`, `cos` and `expm1`): directly, through the named values they read, or through a state
/// that does, since a state carries a difference to every later frame.
struct TranscendentalReach {
    var outputs: [Bool] = []
    var snaps: [Bool] = []

    init(_ program: Program) {
        func direct(_ body: Body) -> Bool {
            var found = false
            for expression in body.locals + [body.result] {
                expression.forEachNode { node in
                    switch node.kind {
                    case .binary(.pow, _, _): found = true
                    case .curve(let curve, _): found = found || CurveJavaScriptSource.isTranscendental(curve)
                    default: break
                    }
                }
            }
            return found
        }
        var values: [Bool] = []
        for value in program.values {
            values.append(direct(value.body) || value.body.uses.values.contains { values[$0] })
        }
        let states = program.states.contains { direct($0.next) || $0.next.uses.values.contains { values[$0] } }
        func reaches(_ body: Body) -> Bool {
            direct(body) || body.uses.values.contains { values[$0] } || (body.uses.state && states)
        }
        outputs = program.outputs.map { reaches($0.body) }
        snaps = program.snaps.map { reaches($0.settle) }
    }
}
