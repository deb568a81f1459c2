import Foundation
import XCTest
@testable import HeaderKit

/// The differential test's machinery, shared by the tests of every back end and of names: the seeded
/// random specs (`SpecGenerator`), the offsets and input settings they are evaluated at, and the run that
/// emits each spec as Swift, builds them all with one `swiftc -O`, runs a driver that prints the bit
/// pattern of every output, and compares every line with what the interpreter computes.
///
/// `HEADERC_DIFF_SEED` (decimal or 0x-hex) picks another sequence of specs; `HEADERC_DIFF_COUNT` how many.
enum DifferentialHarness {
    static let defaultSeed: UInt64 = 0x4845_4144_4552_4331

    static var seed: UInt64 {
        guard let text = ProcessInfo.processInfo.environment["HEADERC_DIFF_SEED"] else { return defaultSeed }
        if text.hasPrefix("0x") { return UInt64(text.dropFirst(2), radix: 16) ?? defaultSeed }
        return UInt64(text) ?? defaultSeed
    }

    static var count: Int {
        ProcessInfo.processInfo.environment["HEADERC_DIFF_COUNT"].flatMap(Int.init) ?? 1000
    }

    /// The generated Swift is built with `swiftc -O`, about a third of a second per spec on these
    /// machines, so the Swift run takes fewer specs than the JavaScript one unless HEADERC_DIFF_COUNT says:
    /// 400, which keeps the whole `swift test` well inside CI's 30 minutes.
    static var swiftCount: Int {
        ProcessInfo.processInfo.environment["HEADERC_DIFF_COUNT"].flatMap(Int.init) ?? 400
    }

    /// Whether the parser takes `keyframes(x, extend: both)`; see `testKeyframesExtendOptionParses`.
    static let extendParses: Bool = {
        let text = "header A\ncover {\n    height = keyframes(offset, extend: both) { 0: 0pt, 100pt: 50pt }\n}\n"
        return Compilation(path: "probe.header", text: text).spec != nil
    }()

    static func generatedSpecs(count: Int, seed: UInt64) -> [(GeneratedSpec, CheckedSpec?, Compilation)] {
        var generator = SpecGenerator(seed: seed, allowExtend: extendParses)
        return (0..<count).map { index in
            let generated = generator.generate(index: index)
            let compilation = Compilation(path: "spec\(index).header", text: generated.text)
            return (generated, compilation.spec, compilation)
        }
    }

    static let commonOffsets: [Double] = [
        -.infinity, -1e300, -1e6, -1000, -190, -100, -44.5, -1, -0.5, -1e-9, -.leastNonzeroMagnitude, -0.0, 0, .leastNonzeroMagnitude, 1e-300, 1e-9, 0.001,
        0.1, 0.25, 0.5, 1, 1.5, 2, 10, 22, 33.3, 44, 50, 73.00000000000001, 99.99999999999999, 100, 120, 145.5, 146, 190,
        200, 250, 260, 300, 320, 500, 1000, 12345.678, 1e6, 1e15, 1e300, .greatestFiniteMagnitude, .infinity, .nan,
        100, 0, 50, -20, 300, 146, // revisited, for states
    ]

    /// A seed of a spec's own: the FNV-1a hash of its text from `basis` (each use of it starts from a basis of its own).
    static func seed(for text: String, basis: UInt64) -> UInt64 {
        text.utf8.reduce(basis) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    }

    /// Each frame's time along a spec's offsets, in milliseconds: never going back, by steps drawn from the spec's
    /// text (`seed(for:)`), so that each spec follows a trace of times of its own. The steps mix frames at 60 and
    /// 120 Hz, zero-length frames, long pauses, fractions of a millisecond and one leap of 1e15 ms now and then.
    static func frameTimes(_ count: Int, for text: String) -> [Double] {
        var random = SeededGenerator(seed: seed(for: text, basis: 0xcbf2_9ce4_8422_2325))
        let steps: [Double] = [0, 16.75, 0, 300, 8, 1000.5, 33.25, 0.125, 600, 1e-3, 16.75, 250, 8.333333333333334, 16.666666666666668]
        var time = 0.0
        return (0..<count).map { _ in
            time += random.chance(0.01) ? 1e15 : random.chance(0.3) ? Double(random.below(2_000_000)) / 1000 : random.pick(steps)
            return time
        }
    }

    static func offsets(extra: [Double]) -> [Double] {
        var seen = Set(commonOffsets.map(\.bitPattern))
        var result = commonOffsets
        for value in extra where seen.insert(value.bitPattern).inserted && result.count < commonOffsets.count + 40 {
            result.append(value)
        }
        return result
    }

    /// Input settings after the defaults: random ordinary values, zeros (bools flipped), and extremes.
    static func settings(for spec: CheckedSpec, _ rng: inout SeededGenerator) -> [[Value]] {
        guard !spec.inputs.isEmpty else { return [] }
        func random(_ input: CheckedInput) -> Value {
            switch input.type {
            case .length, .pixels: return .number(rng.pick([0, 20, 47, -10, 1e6, 0.5, 146, 44, 320]))
            case .number, .density, .time: return .number(rng.pick([1.5, 0, -1, 2, 0.25, 1e-300, 3, 0.5]))
            case .bool: return .bool(rng.chance(0.5))
            case .phase: return .phase(rng.pick(ScrollPhase.allCases))
            }
        }
        let zeros = spec.inputs.map { input -> Value in
            if case .bool(let value) = input.defaultValue { return .bool(!value) }
            // A phase other than its default: the one after it.
            if case .phase(let value) = input.defaultValue { return .phase(ScrollPhase(rawValue: (value.rawValue + 1) % 3) ?? .idle) }
            return .number(0)
        }
        let extremes = spec.inputs.map { input -> Value in
            switch input.type {
            case .bool: return .bool(rng.chance(0.5))
            case .phase: return .phase(rng.pick(ScrollPhase.allCases))
            default: return .number(rng.pick([Double.nan, .infinity, -.infinity, 1e300, -1e300, -0.0, .leastNonzeroMagnitude]))
            }
        }
        return [spec.inputs.map(random), spec.inputs.map(random), zeros, extremes]
    }

    // MARK: Running

    struct DiffCase {
        let index: Int
        let text: String
        let spec: CheckedSpec
        let offsets: [Double]
        /// Input values for the settings after the first, which uses the defaults.
        let settings: [[Value]]
        /// The generated enum's name (`compile --name`); `Gen<index>Math` when nil.
        var enumName: String? = nil

        var swiftEnumName: String { enumName ?? "Gen\(index)Math" }
    }

    struct Report {
        var buildFailures: [String] = []
        var mismatchReports: [String] = []
        /// Values that differ (NaN against a number counts here).
        var mismatchCount = 0
        var mismatchingSpecs: Set<Int> = []
        /// NaN on both sides, with different sign or payload bits.
        var nanMismatchCount = 0
        var nanMismatchingSpecs: Set<Int> = []
        var nanReports: [String] = []
        var framesCompared = 0
        var valuesCompared = 0
        var buildSeconds = 0.0
        /// swiftc's warnings about the generated files.
        var warnings: [String] = []
    }

    /// `optimize`: build with -O, as an app's release build does; -Onone builds many specs faster where
    /// names, not the optimizer, are under test.
    static func runDifferential(_ cases: [DiffCase], swiftc: URL, label: String, optimize: Bool = true) throws -> Report {
        var report = Report()
        let directory = try makeDirectory(label)
        var included = cases
        var generated: [Int: String] = [:], drivers: [Int: String] = [:]
        for diffCase in cases {
            let name = diffCase.swiftEnumName
            generated[diffCase.index] = SwiftEmitter(spec: diffCase.spec, sourcePath: "spec\(diffCase.index).header", enumName: name).emit()
            drivers[diffCase.index] = driverSource(diffCase, enumName: name)
        }
        try supportSource.write(to: directory.appendingPathComponent("Support.swift"), atomically: true, encoding: .utf8)

        // One swiftc -O for everything. The generated files are concatenated into two halves compiled in
        // parallel (one file per spec would make every frontend parse hundreds of files); the driver
        // functions are `@_optimize(none)`, so the optimizer works on the generated code as an app's
        // build would, not on a giant driver with everything inlined into it. A spec whose code does not
        // compile is reported and left out.
        let buildStart = Date()
        var attempt = 0
        while true {
            attempt += 1
            // Which spec each line of each concatenated file belongs to, to attribute errors.
            var owners: [String: [(range: Range<Int>, index: Int)]] = [:]
            func concatenate(_ name: String, _ sources: [(Int, String)]) throws {
                var text = ""
                var line = 1
                for (index, source) in sources {
                    let count = source.split(separator: "\n", omittingEmptySubsequences: false).count
                    owners[name, default: []].append((line..<(line + count), index))
                    text += source + "\n"
                    line += count
                }
                try text.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
            }
            let half = (included.count + 1) / 2
            try concatenate("GenA.swift", included.prefix(half).map { ($0.index, generated[$0.index] ?? "") })
            try concatenate("GenB.swift", included.dropFirst(half).map { ($0.index, generated[$0.index] ?? "") })
            try concatenate("Drive.swift", included.map { ($0.index, drivers[$0.index] ?? "") })
            let main = ["import Foundation", ""] + included.map { "drive\($0.index)()" } + ["flush()", ""]
            try main.joined(separator: "\n").write(to: directory.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
            let files = ["GenA.swift", "GenB.swift", "Drive.swift", "Support.swift", "main.swift"]
            let build = try run(swiftc, [optimize ? "-O" : "-Onone", "-j", "2", "-disable-batch-mode", "-module-name", "Differential", "-o", "differential"] + files,
                                in: directory)
            if build.status == 0 {
                report.warnings = build.output.split(separator: "\n").filter {
                    $0.contains(": warning:") && ($0.contains("GenA.swift") || $0.contains("GenB.swift"))
                }.map(String.init)
                break
            }
            var broken: [Int: [String]] = [:]
            for line in build.output.split(separator: "\n") where line.contains(": error:") {
                let parts = line.split(separator: ":")
                guard parts.count > 2, let owner = owners[String(parts[0])], let number = Int(parts[1]),
                      let entry = owner.first(where: { $0.range.contains(number) }) else { continue }
                broken[entry.index, default: []].append(String(line))
            }
            if broken.isEmpty || attempt > 3 {
                report.buildFailures.append("swiftc failed (kept \(directory.path)):\n\(build.output.prefix(8000))")
                return report
            }
            for (index, errors) in broken.sorted(by: { $0.key < $1.key }) {
                let text = cases.first(where: { $0.index == index })?.text ?? ""
                report.buildFailures.append("generated Swift of spec \(index) does not compile (kept \(directory.path)):\n"
                                            + errors.prefix(12).joined(separator: "\n") + "\nspec:\n\(text)")
            }
            included.removeAll { broken[$0.index] != nil }
        }
        report.buildSeconds = Date().timeIntervalSince(buildStart)

        let driverRun = try ProcessRunner.run(directory.appendingPathComponent("differential"), [], in: directory)
        let output = driverRun.output
        var lines: [Substring: [Substring]] = [:]
        for line in output.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count >= 3 else { continue }
            lines[fields[0..<3].joined(separator: " ")[...]] = Array(fields[3...])
        }
        if driverRun.status != 0 {
            report.buildFailures.append("the driver exited with \(driverRun.status) (kept \(directory.path)); last line: \(output.split(separator: "\n").last ?? "")")
        }

        for diffCase in included {
            var firstReport: String?
            var firstNaNReport: String?
            var caseMismatches = 0
            var caseNaNMismatches = 0
            for (settingIndex, setting) in ([nil] + diffCase.settings.map { Optional($0) }).enumerated() {
                let expectations = expected(diffCase, setting: setting)
                for (key, expectedValues, names, offset) in expectations.map({ ($0.key(diffCase.index, settingIndex), $0.values, $0.names, $0.offset) }) {
                    guard let actual = lines[key[...]] else {
                        caseMismatches += 1
                        if firstReport == nil { firstReport = "spec \(diffCase.index): no output line '\(key)' from the generated code (crash?)" }
                        continue
                    }
                    report.framesCompared += 1
                    for position in expectedValues.indices {
                        report.valuesCompared += 1
                        let actualValue = position < actual.count ? String(actual[position]) : "<missing>"
                        guard actualValue != expectedValues[position] else { continue }
                        let nanOnly = isNaN(actualValue) && isNaN(expectedValues[position])
                        if nanOnly { caseNaNMismatches += 1 } else { caseMismatches += 1 }
                        if nanOnly ? firstNaNReport == nil : firstReport == nil {
                            let inputs = setting.map { values in
                                zip(diffCase.spec.inputs, values).map { "\($0.name) = \(describe($1))" }.joined(separator: ", ")
                            } ?? "defaults"
                            let text = """
                                \(nanOnly ? "NAN BITS DIFFER" : "MISMATCH") spec \(diffCase.index) at \(offset.map { "offset \($0) (0x\(String($0.bitPattern, radix: 16)))" } ?? key), inputs: \(inputs)
                                  \(names[position]): interpreter \(describeBits(expectedValues[position])), generated \(describeBits(actualValue))
                                spec:
                                \(diffCase.text)
                                """
                            if nanOnly { firstNaNReport = text } else { firstReport = text }
                        }
                    }
                }
            }
            if caseMismatches > 0 {
                report.mismatchCount += caseMismatches
                report.mismatchingSpecs.insert(diffCase.index)
                if report.mismatchReports.count < 8, let firstReport {
                    report.mismatchReports.append(firstReport + "  (\(caseMismatches) mismatching values in this spec)")
                }
            }
            if caseNaNMismatches > 0 {
                report.nanMismatchCount += caseNaNMismatches
                report.nanMismatchingSpecs.insert(diffCase.index)
                if report.nanReports.count < 3, let firstNaNReport {
                    report.nanReports.append(firstNaNReport + "  (\(caseNaNMismatches) NaNs with other bits in this spec)")
                }
            }
        }
        if report.buildFailures.isEmpty && report.mismatchCount == 0 && report.nanMismatchCount == 0 {
            try? FileManager.default.removeItem(at: directory)
        } else {
            print("differential work directory kept: \(directory.path)")
        }
        return report
    }

    static func render(_ compilation: Compilation) -> String {
        DiagnosticRenderer(source: compilation.source).render(compilation.diagnostics.sorted)
    }

    static func describe(_ value: Value) -> String {
        switch value {
        case .number(let number): return "\(number)"
        case .bool(let bool): return "\(bool)"
        case .phase(let phase): return phase.name
        }
    }

    static func describeBits(_ text: String) -> String {
        if text == "0" || text == "1" { return "\(text) (or bool \(text == "1"))" }
        guard let bits = UInt64(text, radix: 16) else { return text }
        return "\(Double(bitPattern: bits)) (0x\(text))"
    }

    static func hex(_ x: Double) -> String { String(x.bitPattern, radix: 16) }

    /// Whether a printed value is the bit pattern of a NaN (bools print as 0 or 1, never NaN).
    static func isNaN(_ text: String) -> Bool {
        guard text.count > 1, let bits = UInt64(text, radix: 16) else { return false }
        return Double(bitPattern: bits).isNaN
    }

    struct Expectation {
        let ordinal: String
        let offset: Double?
        let values: [String]
        let names: [String]
        func key(_ index: Int, _ setting: Int) -> String { "\(index) \(setting) \(ordinal)" }
    }

    /// What the driver should print for one input setting, from the interpreter.
    static func expected(_ diffCase: DiffCase, setting: [Value]?) -> [Expectation] {
        let spec = diffCase.spec
        let interpreter = Interpreter(spec: spec)
        if let setting {
            for (input, value) in zip(spec.inputs, setting) { interpreter.setInput(input.name, to: value) }
        }
        interpreter.resetState()
        // The order `driverSource` prints: the frame's outputs; each output's function; each value's
        // function; the states.
        var names = spec.outputs.map(\.qualifiedName)
        for output in spec.outputs {
            names.append("function \(SwiftNames.outputFunction(block: output.block, property: output.name))()")
        }
        for value in spec.values {
            names.append("value function \(value.name)()")
        }
        names += spec.states.map { "state \($0.name) after the frame" }
        var result: [Expectation] = []
        let times = frameTimes(diffCase.offsets.count, for: diffCase.text)
        for (ordinal, offset) in diffCase.offsets.enumerated() {
            interpreter.time = times[ordinal]
            let outputs = interpreter.frame(at: offset).map { value -> String in
                switch value {
                case .number(let number): return hex(number)
                case .bool(let bool): return bool ? "1" : "0"
                case .phase(let phase): return String(phase.rawValue)
                }
            }
            var values = outputs
            values += outputs
            for value in spec.values {
                let raw = interpreter.value(named: value.name) ?? .nan
                values.append(value.type == .bool ? (raw != 0 ? "1" : "0") : hex(raw))
            }
            values += spec.states.map { hex(interpreter.value(named: $0.name) ?? .nan) }
            result.append(Expectation(ordinal: "\(ordinal)", offset: offset, values: values, names: names))
        }
        for (snapIndex, _) in spec.snaps.enumerated() {
            var values: [String] = []
            var snapNames: [String] = []
            for target in settleTargets {
                for velocity in settleVelocities {
                    values.append(hex(interpreter.settle(snap: snapIndex, offset: target, velocity: velocity)))
                    snapNames.append("settle \(spec.snaps[snapIndex].name)(target: \(target), velocity: \(velocity))")
                }
            }
            result.append(Expectation(ordinal: "S\(snapIndex)", offset: nil, values: values, names: snapNames))
            guard interpreter.program.snaps[snapIndex].motion != nil else { continue }
            let calls = motionCalls(for: diffCase.text)
            let motions = calls.map { hex(interpreter.motion(snap: snapIndex, from: $0.from, velocity: $0.velocity, target: $0.target,
                                                                   elapsed: $0.elapsed) ?? .nan) }
            let motionNames = calls.map { "motion \(spec.snaps[snapIndex].name)(from: \($0.from), velocity: \($0.velocity), target: \($0.target), elapsed: \($0.elapsed))" }
            result.append(Expectation(ordinal: "M\(snapIndex)", offset: nil, values: motions, names: motionNames))
        }
        return result
    }

    static let settleTargets: [Double] = [-50, 0, 1, 22, 30, 44, 72, 75, 100, 150, 300, 1e6]
    static let settleVelocities: [Double] = [0, 400, -400, 2000, -2000]
    /// Where a snap's motion is asked for the scroll: from where the finger lifted, at what velocity, towards which
    /// target, how long after: every combination, the times a trace of the spec's own from the lift to past any end
    /// (drawn from its text, as `frameTimes` are).
    static func motionCalls(for text: String) -> [(from: Double, velocity: Double, target: Double, elapsed: Double)] {
        var random = SeededGenerator(seed: seed(for: text, basis: 0x84222325_cbf29ce4))
        let elapsed = [0.0] + (0..<6).map { _ in Double(random.below(5_000_000)) / 1000 }.sorted()
        var calls: [(Double, Double, Double, Double)] = []
        for from in [0.0, 130, -40] {
            for velocity in [0.0, 400, -2000] {
                for target in [0.0, 100, 300] {
                    for time in elapsed { calls.append((from, velocity, target, time)) }
                }
            }
        }
        return calls
    }

    // MARK: Driver source

    static func word(_ x: Double) -> String { "0x" + String(x.bitPattern, radix: 16) }

    /// The driver's shared part: the common offsets, bit patterns as words, and one printer.
    static var supportSource: String {
        """
        import Foundation

        extension Double { var bits: UInt64 { bitPattern } }
        extension CGFloat { var bits: UInt64 { Double(self).bitPattern } }
        extension Bool { var bits: UInt64 { self ? 1 : 0 } }

        let commonOffsets: [UInt64] = [\(commonOffsets.map(word).joined(separator: ", "))]
        let settleTargets: [UInt64] = [\(settleTargets.map(word).joined(separator: ", "))]
        let settleVelocities: [UInt64] = [\(settleVelocities.map(word).joined(separator: ", "))]

        func doubles(_ words: [UInt64]) -> [Double] { words.map { Double(bitPattern: $0) } }

        nonisolated(unsafe) var driverOutput = ""

        @inline(never) func emit(_ head: String, _ values: [UInt64]) {
            driverOutput += head
            for value in values { driverOutput += " " + String(value, radix: 16) }
            driverOutput += "\\n"
            if driverOutput.utf8.count > 1 << 20 { flush() }
        }

        func flush() {
            FileHandle.standardOutput.write(Data(driverOutput.utf8))
            driverOutput = ""
        }

        """
    }

    /// `func driveN()`: the generated API called at every offset and input setting, printing bit patterns
    /// in the order `expected` lists them. Setting 0 holds the defaults: `frame` and `advance` are called
    /// without input arguments there, everything else with them. With state, `advance` moves it and
    /// everything else reads it; each function is called with exactly the parameters it declares,
    /// which the lowered program's `uses` say (a function that took more would not build).
    static func driverSource(_ diffCase: DiffCase, enumName: String) -> String {
        let spec = diffCase.spec
        let program = Lowering.lower(spec)
        let index = diffCase.index
        let stateful = spec.isStateful
        func inputArguments(_ inputs: [Int]) -> String {
            inputs.map { position -> String in
                let input = spec.inputs[position]
                let label = SwiftNames.label(input.name)
                switch input.type {
                case .bool: return ", \(label): v[\(position)] != 0"
                case .phase: return ", \(label): v[\(position)] == 0 ? .idle : v[\(position)] == 1 ? .dragging : .decelerating"
                case .length, .pixels, .density: return ", \(label): CGFloat(v[\(position)])"
                case .number, .time: return ", \(label): v[\(position)]"
                }
            }.joined()
        }
        func call(_ name: String, _ body: Body) -> String {
            if body.uses.isConstant, body.locals.isEmpty, body.uses.values.isEmpty { return "\(enumName).\(name)" }
            var arguments: [String] = []
            if body.uses.offset { arguments.append("offset: c") }
            if body.uses.state { arguments.append("state: state") }
            let text = arguments.joined(separator: ", ") + inputArguments(body.uses.inputs)
            return "\(enumName).\(name)(\(text.hasPrefix(", ") ? String(text.dropFirst(2)) : text))"
        }
        let frameUses = Uses.union(program.outputs.map(\.body.uses))
        let advanceUses = program.advanceUses
        func words(_ values: [Value]) -> String {
            "[" + values.map { value -> String in
                switch value {
                case .number(let number): return word(number)
                case .bool(let bool): return word(bool ? 1 : 0)
                case .phase(let phase): return word(Double(phase.rawValue))
                }
            }.joined(separator: ", ") + "]"
        }
        let extra = diffCase.offsets.dropFirst(commonOffsets.count)
        var lines: [String] = ["import Foundation", ""]
        lines.append("@_optimize(none) func drive\(index)() {")
        lines.append("    let extra: [UInt64] = [\(extra.map(word).joined(separator: ", "))]")
        lines.append("    let offsets = doubles(commonOffsets + extra)")
        if program.readsTime { lines.append("    let times = doubles([\(frameTimes(diffCase.offsets.count, for: diffCase.text).map(word).joined(separator: ", "))])") }
        let settings = [spec.inputs.map(\.defaultValue)] + diffCase.settings
        lines.append("    let settings: [[UInt64]] = [\(settings.map(words).joined(separator: ", "))]")
        lines.append("    for s in settings.indices {")
        lines.append("        let v = doubles(settings[s])")
        lines.append("        _ = v")
        if stateful { lines.append("        var state = \(enumName).State()") }
        lines.append("        for n in offsets.indices {")
        lines.append("            let c = CGFloat(offsets[n])")
        if stateful {
            let time = program.readsTime ? ", time: times[n]" : ""
            lines.append("            if s == 0 { \(enumName).advance(&state, offset: c\(time)) } else { \(enumName).advance(&state, offset: c\(time)\(inputArguments(advanceUses.inputs))) }")
        }
        let stateArgument = frameUses.state ? ", state: state" : ""
        lines.append("            let f = s == 0 ? \(enumName).frame(offset: c\(stateArgument)) : \(enumName).frame(offset: c\(stateArgument)\(inputArguments(frameUses.inputs)))")
        let frameValues = spec.outputs.map { "f.\(SwiftNames.identifier($0.block)).\(SwiftNames.identifier($0.name)).bits" }
        lines.append("            var r: [UInt64] = [\(frameValues.joined(separator: ", "))]")
        for output in program.outputs {
            let name = SwiftNames.identifier(SwiftNames.outputFunction(block: output.block, property: output.name))
            lines.append("            r.append(\(call(name, output.body)).bits)")
        }
        for value in program.values {
            let name = SwiftNames.identifier(SwiftNames.valueFunction(value.name, in: program))
            lines.append("            r.append(\(call(name, value.body)).bits)")
        }
        for state in spec.states { lines.append("            r.append(state.\(SwiftNames.identifier(state.name)).bits)") }
        lines.append("            emit(\"\(index) \\(s) \\(n)\", r)")
        lines.append("        }")
        for (snapIndex, snap) in program.snaps.enumerated() {
            lines.append("        var r\(snapIndex): [UInt64] = []")
            lines.append("        for t in doubles(settleTargets) {")
            lines.append("            for w in doubles(settleVelocities) {")
            let call = SpecBackEnds.swiftSettle(program, snap: snapIndex, enumName: enumName, target: "t", velocity: "w",
                                                inputs: inputArguments(snap.settle.uses.inputs))
            lines += call.setup.map { "                " + $0 }
            lines.append("                r\(snapIndex).append(\(call.expression).bits)")
            lines.append("            }")
            lines.append("        }")
            lines.append("        emit(\"\(index) \\(s) S\(snapIndex)\", r\(snapIndex))")
            if let motion = snap.motion {
                var uses = motion.uses
                uses.offset = false
                let calls = motionCalls(for: diffCase.text).map { "[\(word($0.from)), \(word($0.velocity)), \(word($0.target)), \(word($0.elapsed))]" }
                lines.append("        var m\(snapIndex): [UInt64] = []")
                lines.append("        let motionCalls: [[UInt64]] = [\(calls.joined(separator: ", "))]")
                lines.append("        for call in motionCalls {")
                lines.append("            let a = doubles(call)")
                lines.append("            m\(snapIndex).append(\(enumName).motion(from: CGFloat(a[0]), velocity: CGFloat(a[1]), target: CGFloat(a[2]), "
                             + "elapsed: a[3]\(inputArguments(uses.inputs))).bits)")
                lines.append("        }")
                lines.append("        emit(\"\(index) \\(s) M\(snapIndex)\", m\(snapIndex))")
            }
        }
        lines.append("    }")
        lines.append("}")
        lines.append("")
        return lines.joined(separator: "\n")
    }

    /// A nonisolated function that calls the generated API, to check it from outside any actor.
    static func nonisolatedCaller(_ spec: CheckedSpec, enumName: String, index: Int) -> [String] {
        var lines = ["nonisolated func use\(index)() -> Bool {"]
        if spec.isStateful {
            lines.append("    var state = \(enumName).State()")
            // A transition, or a state that reads the frame's time: `frame` then takes it.
            let time = Lowering.lower(spec).readsTime ? ", time: 16.75" : ""
            lines.append("    let frame = \(enumName).frame(offset: 12.5, state: &state\(time))")
        } else {
            lines.append("    let frame = \(enumName).frame(offset: 12.5)")
        }
        if let output = spec.outputs.first {
            lines.append("    _ = frame.\(SwiftNames.identifier(output.block)).\(SwiftNames.identifier(output.name))")
        }
        lines.append("    return frame == frame")
        lines.append("}")
        lines.append("")
        return lines
    }

    // MARK: Processes

    static func findSwiftc() throws -> URL { try SwiftCompilerHarness.findSwiftc() }

    /// A fresh work directory, in the run's folder (`TestScratch`), which goes when the tests end.
    static func makeDirectory(_ label: String) throws -> URL {
        try TestScratch.directory(label)
    }

    /// Runs a program to its end; its status and what it printed on both outputs.
    static func run(_ executable: URL, _ arguments: [String], in directory: URL) throws -> (status: Int32, output: String) {
        let result = try ProcessRunner.run(executable, arguments, in: directory)
        return (result.status, result.combined)
    }

    static func matches(of pattern: String, in text: String) -> [String] {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
        let range = NSRange(text.startIndex..., in: text)
        return regex.matches(in: text, range: range).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        }
    }
}
