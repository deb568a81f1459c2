import Foundation
@testable import HeaderKit

/// What the spec files' runner asks of every implementation: for each accepted spec, its probes (a trace
/// of offsets under one input setting, or one settle call), answered by the interpreter here and by the
/// generated Swift, JavaScript and Kotlin through one program each (`SpecBackEnds`).
struct SpecProbe {
    enum Kind {
        /// The frame at the trace's last offset, after following it from the initial state.
        case frame(offsets: [Double])
        /// Every frame along the offsets, followed from the initial state: the outputs at the first offset,
        /// then at the second, and so on.
        case sweep(offsets: [Double])
        /// The frame at the last offset after following them, each offset with inputs of its own (one list per
        /// offset, every input in order): the rows of `eval --trace`.
        /// `times`: each frame's time in milliseconds (`time=` in a row).
        /// `gesture`: for a trace with a finger (`touch=`) or rows without an offset (`-`), each row as written, which
        /// each back end passes to its own `ScrollDriver` bound to its generated `settle` and `motion`; `offsets` are
        /// then the interpreter's (`ScrollGesture`).
        case trace(offsets: [Double], inputs: [[Value]], times: [Double], gesture: [SpecProbe.Row]?)
        case settle(snap: Int, target: Double, velocity: Double)
        /// A snap of a state: the state advanced along the offsets, then settled; the value returned, then the
        /// state's value after the call.
        case settleState(snap: Int, offsets: [Double], velocity: Double)
        /// The settled offset for each target, then each velocity: every pair, the target's loop outside.
        case settles(snap: Int, targets: [Double], velocities: [Double])
    }

    /// A row of a trace as written: where it puts the scroll (nil: where it was left) and the finger (nil: no finger).
    struct Row {
        let given: Double?
        let touching: Bool?
    }

    let kind: Kind
    /// One value per input of the program, in order.
    let inputs: [Value]

    /// The offsets of a frame or a trace probe, each with the inputs it is given and its time (0 for a frame's).
    var rows: (offsets: [Double], inputs: [[Value]], times: [Double]) {
        switch kind {
        case .frame(let offsets): return (offsets, offsets.map { _ in inputs }, offsets.map { _ in 0 })
        case .trace(let offsets, let rows, let times, _): return (offsets, rows, times)
        default: return ([], [], [])
        }
    }
}

extension SpecProbe {
    /// The gesture's rows, for a trace that has one.
    var gesture: [Row]? {
        if case .trace(_, _, _, let gesture) = kind { return gesture }
        return nil
    }
}

extension Program {
    /// The snap the scroll comes to rest by (the first snap of the scroll), for the drivers.
    var scrollSnap: Int? { snaps.firstIndex { $0.state == nil } }
}

/// One accepted spec file with its probes, numbered for the generated programs.
struct SpecCase {
    let number: Int
    let file: SpecFile
    let spec: CheckedSpec
    let program: Program
    let probes: [SpecProbe]

    /// What the interpreter gives for each probe: every output of the frame (bools as 1 and 0), or the
    /// settled offset.
    func interpreterValues() -> [[Double]] {
        probes.map { probe in
            let interpreter = Interpreter(program: program)
            for (input, value) in zip(program.inputs, probe.inputs) { _ = interpreter.setInput(input.name, to: value) }
            switch probe.kind {
            case .sweep(let offsets):
                return offsets.flatMap { interpreter.frame(at: $0).map(Self.number) }
            case .frame, .trace:
                let (offsets, rows, times) = probe.rows
                var last: [Value] = []
                for ((offset, row), time) in zip(zip(offsets, rows), times) {
                    for (input, value) in zip(program.inputs, row) { _ = interpreter.setInput(input.name, to: value) }
                    interpreter.time = time
                    last = interpreter.frame(at: offset)
                }
                return last.map(Self.number)
            case .settle(let snap, let target, let velocity):
                return [interpreter.settle(snap: snap, offset: target, velocity: velocity)]
            case .settleState(let snap, let offsets, let velocity):
                for offset in offsets { _ = interpreter.frame(at: offset) }
                let settled = interpreter.settleState(snap: snap, velocity: velocity) ?? .nan
                let state = program.snaps[snap].state.map { program.states[$0].name }
                return [settled, state.flatMap { interpreter.value(named: $0) } ?? .nan]
            case .settles(let snap, let targets, let velocities):
                return targets.flatMap { target in velocities.map { interpreter.settle(snap: snap, offset: target, velocity: $0) } }
            }
        }
    }

    static func number(_ value: Value) -> Double { value.storedNumber }
}

/// Builds every case into one program per back end, runs it once, and reads back each probe's values
/// (`nil` for a case whose program failed, with the reason in `failures`).
enum SpecBackEnds {
    struct Outcome {
        /// By case number, then by probe.
        var values: [Int: [[Double]]] = [:]
        var failures: [String] = []
        var buildSeconds = 0.0
        var seconds = 0.0
    }

    /// Lines `N P hex hex ...` (case, probe, the values' bit patterns) or `N error message`.
    static func read(_ output: String, into outcome: inout Outcome, cases: [SpecCase], backEnd: String) {
        var lines: [String: [Double]] = [:]
        var errors: [Int: String] = [:]
        for line in output.split(separator: "\n") {
            let fields = line.split(separator: " ", maxSplits: 2)
            guard fields.count >= 2, let number = Int(fields[0]) else { continue }
            if fields[1] == "error" {
                errors[number] = fields.count > 2 ? String(fields[2]) : ""
                continue
            }
            let words = fields.count > 2 ? fields[2].split(separator: " ") : []
            lines["\(fields[0]) \(fields[1])"] = words.map { Double(bitPattern: UInt64($0, radix: 16) ?? 0x7FF8_DEAD_0000_0000) }
        }
        for specCase in cases {
            if let error = errors[specCase.number] {
                outcome.failures.append("\(specCase.file.path): the \(backEnd) code failed: \(error.prefix(1_000))")
                continue
            }
            var values: [[Double]] = []
            for index in specCase.probes.indices {
                guard let line = lines["\(specCase.number) \(index)"] else {
                    outcome.failures.append("\(specCase.file.path): the \(backEnd) program printed nothing for probe \(index)")
                    break
                }
                values.append(line)
            }
            if values.count == specCase.probes.count { outcome.values[specCase.number] = values }
        }
    }

    static func hex(_ x: Double) -> String { "0x" + String(x.bitPattern, radix: 16) }

    // MARK: Swift

    static func swift(_ cases: [SpecCase]) throws -> Outcome {
        let harness = try SwiftCompilerHarness()
        let start = Date()
        var sources: [String: String] = [:]
        // Two files of generated code, so that swiftc's two frontends share them.
        let half = (cases.count + 1) / 2
        for (name, part) in [("GenA.swift", cases.prefix(half)), ("GenB.swift", cases.dropFirst(half))] {
            sources[name] = part.map {
                SwiftEmitter(program: $0.program, sourcePath: $0.file.path, enumName: "Spec\($0.number)Math").emit()
            }.joined(separator: "\n")
        }
        sources["Drive.swift"] = swiftSupport + cases.map(swiftDriver).joined(separator: "\n")
        sources["ScrollDriver.swift"] = RuntimeTexts.swiftScrollDriver
        sources["main.swift"] = cases.map { "drive\($0.number)()\n" }.joined() + "print(driverOutput, terminator: \"\")\n"
        var outcome = Outcome()
        // -Onone: the language's rules are under test, not the optimizer, which the differential test builds
        // its 1,000 random specs with (-O, IEEE 754 kept to the bit), and it halves the build (7 s for 12).
        let run = try harness.build(sources: sources, flags: ["-Onone", "-j", "2", "-disable-batch-mode", "-module-name", "SpecFiles"])
        outcome.buildSeconds = run.buildSeconds
        if let failure = run.failure {
            outcome.failures.append(failure)
        } else {
            read(run.output, into: &outcome, cases: cases, backEnd: "Swift")
        }
        outcome.seconds = Date().timeIntervalSince(start)
        return outcome
    }

    private static let swiftSupport = """
        import Foundation

        extension Double { var bits: UInt64 { bitPattern } }
        extension CGFloat { var bits: UInt64 { Double(self).bitPattern } }
        extension Bool { var bits: UInt64 { self ? (1.0).bitPattern : (0.0).bitPattern } }

        nonisolated(unsafe) var driverOutput = ""

        @inline(never) func emit(_ head: String, _ values: [UInt64]) {
            driverOutput += head
            for value in values { driverOutput += " " + String(value, radix: 16) }
            driverOutput += "\\n"
        }

        func length(_ bits: UInt64) -> CGFloat { CGFloat(Double(bitPattern: bits)) }
        func number(_ bits: UInt64) -> Double { Double(bitPattern: bits) }

        """

    /// `func driveN()`: each probe of case N through the generated enum's API, as an app calls it.
    private static func swiftDriver(_ specCase: SpecCase) -> String {
        let program = specCase.program
        let name = "Spec\(specCase.number)Math"
        func arguments(_ inputs: [Int], _ values: [Value]) -> String {
            inputs.map { index -> String in
                let label = SwiftNames.label(program.inputs[index].name)
                switch (program.inputs[index].type, values[index]) {
                case (_, .bool(let bool)): return ", \(label): \(bool)"
                case (_, .phase(let phase)): return ", \(label): .\(phase.name)"
                case (.length, .number(let number)): return ", \(label): length(\(hex(number)))"
                case (_, .number(let number)): return ", \(label): number(\(hex(number)))"
                }
            }.joined()
        }
        let frameUses = Uses.union(program.outputs.map(\.body.uses))
        let advanceInputs = program.advanceUses.inputs
        var lines = ["@_optimize(none) func drive\(specCase.number)() {"]
        for (index, probe) in specCase.probes.enumerated() {
            lines.append("    do {")
            switch probe.kind {
            case .frame, .trace:
                // A trace's rows each advance with their own inputs; a frame's offsets all with the probe's.
                let (literalOffsets, rows, times) = probe.rows
                var offsets = literalOffsets.map { "length(\(hex($0)))" }
                if let gesture = probe.gesture {
                    // The rows through the Swift driver, bound to the generated functions with each row's inputs.
                    lines.append("        var driver = ScrollDriver(settle: { t, _ in t }, motion: nil)")
                    for (index, ((row, inputs), time)) in zip(zip(gesture, rows), times).enumerated() {
                        if let snap = program.scrollSnap {
                            let settle = SwiftNames.identifier(SwiftNames.settleFunction(program.snaps[snap].name, count: program.snaps.count))
                            lines.append("        driver.settle = { t, w in Double(\(name).\(settle)(target: CGFloat(t), velocity: CGFloat(w)"
                                         + "\(arguments(program.snaps[snap].settle.uses.inputs, inputs)))) }")
                            if let motion = program.snaps[snap].motion {
                                lines.append("        driver.motion = { a, b, c, e in Double(\(name).motion(from: CGFloat(a), velocity: CGFloat(b), "
                                             + "target: CGFloat(c), elapsed: e\(arguments(motion.uses.inputs, inputs)))) }")
                            }
                        }
                        let t = "number(\(hex(time)))"
                        if row.touching == true { lines.append("        driver.touchDown(time: \(t))") }
                        if let given = row.given { lines.append("        driver.scrolled(to: number(\(hex(given))), time: \(t))") }
                        if row.touching != true { lines.append("        driver.touchUp(time: \(t))") }
                        lines.append("        let o\(index) = CGFloat(driver.offset(at: \(t)))")
                        offsets[index] = "o\(index)"
                    }
                }
                if program.isStateful {
                    lines.append("        var state = \(name).State()")
                    for ((offset, row), time) in zip(zip(offsets, rows), times) {
                        let time = program.readsTime ? ", time: number(\(hex(time)))" : ""
                        lines.append("        \(name).advance(&state, offset: \(offset)\(time)\(arguments(advanceInputs, row)))")
                    }
                    lines.append("        _ = state")
                }
                let state = frameUses.state ? ", state: state" : ""
                lines.append("        let f = \(name).frame(offset: \(offsets.last ?? "0")\(state)\(arguments(frameUses.inputs, rows.last ?? probe.inputs)))")
                let reads = program.outputs.map { "f.\(SwiftNames.identifier($0.block)).\(SwiftNames.identifier($0.name)).bits" }
                lines.append("        emit(\"\(specCase.number) \(index)\", [\(reads.joined(separator: ", "))])")
            case .sweep(let offsets):
                if program.isStateful { lines.append("        var state = \(name).State()") }
                lines.append("        var r: [UInt64] = []")
                lines.append("        for c in [\(offsets.map { "length(\(hex($0)))" }.joined(separator: ", "))] {")
                if program.isStateful {
                    lines.append("            \(name).advance(&state, offset: c\(program.readsTime ? ", time: 0" : "")\(arguments(advanceInputs, probe.inputs)))")
                }
                let state = frameUses.state ? ", state: state" : ""
                lines.append("            let f = \(name).frame(offset: c\(state)\(arguments(frameUses.inputs, probe.inputs)))")
                let reads = program.outputs.map { "f.\(SwiftNames.identifier($0.block)).\(SwiftNames.identifier($0.name)).bits" }
                lines.append("            r += [\(reads.joined(separator: ", "))]")
                lines.append("        }")
                lines.append("        emit(\"\(specCase.number) \(index)\", r)")
            case .settle(let snap, let target, let velocity):
                let function = SwiftNames.identifier(SwiftNames.settleFunction(program.snaps[snap].name, count: program.snaps.count))
                lines.append("        let r = \(name).\(function)(target: length(\(hex(target))), velocity: length(\(hex(velocity)))"
                             + "\(arguments(program.snaps[snap].settle.uses.inputs, probe.inputs)))")
                lines.append("        emit(\"\(specCase.number) \(index)\", [r.bits])")
            case .settleState(let snap, let offsets, let velocity):
                let function = SwiftNames.identifier(SwiftNames.settleFunction(program.snaps[snap].name, count: program.snaps.count))
                let field = SwiftNames.identifier(program.states[program.snaps[snap].state ?? 0].name)
                lines.append("        var state = \(name).State()")
                lines.append("        for c in [\(offsets.map { "length(\(hex($0)))" }.joined(separator: ", "))] {")
                lines.append("            \(name).advance(&state, offset: c\(program.readsTime ? ", time: 0" : "")\(arguments(advanceInputs, probe.inputs)))")
                lines.append("        }")
                lines.append("        let r = \(name).\(function)(&state, velocity: length(\(hex(velocity)))"
                             + "\(arguments(program.snaps[snap].settle.uses.inputs, probe.inputs)))")
                lines.append("        emit(\"\(specCase.number) \(index)\", [r.bits, state.\(field).bits])")
            case .settles(let snap, let targets, let velocities):
                lines.append("        var r: [UInt64] = []")
                lines.append("        for t in [\(targets.map { "length(\(hex($0)))" }.joined(separator: ", "))] {")
                lines.append("            for w in [\(velocities.map { "length(\(hex($0)))" }.joined(separator: ", "))] {")
                let call = swiftSettle(program, snap: snap, enumName: name, target: "t", velocity: "w",
                                       inputs: arguments(program.snaps[snap].settle.uses.inputs, probe.inputs))
                lines += call.setup.map { "                " + $0 }
                lines.append("                r.append(\(call.expression).bits)")
                lines.append("            }")
                lines.append("        }")
                lines.append("        emit(\"\(specCase.number) \(index)\", r)")
            }
            lines.append("    }")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// A Swift call of snap `index`'s settle function at the target and velocity named (variables of the
    /// driver, a CGFloat and a Double or CGFloat), with the inputs' argument text: for a snap of a state, the
    /// target is put in a fresh state first, which `setup` declares.
    static func swiftSettle(_ program: Program, snap index: Int, enumName: String, target: String, velocity: String,
                            inputs: String) -> (setup: [String], expression: String) {
        let snap = program.snaps[index]
        let function = SwiftNames.identifier(SwiftNames.settleFunction(snap.name, count: program.snaps.count))
        guard let moved = snap.state else {
            return ([], "\(enumName).\(function)(target: CGFloat(\(target)), velocity: CGFloat(\(velocity))\(inputs))")
        }
        let type = program.states[moved].type == .length ? "CGFloat" : "Double"
        return (["var moved = \(enumName).State()", "moved.\(SwiftNames.identifier(program.states[moved].name)) = \(type)(\(target))"],
                "\(enumName).\(function)(&moved, velocity: CGFloat(\(velocity))\(inputs))")
    }

    // MARK: JavaScript

    static func javaScript(_ cases: [SpecCase]) throws -> Outcome {
        let node = try NodeHarness.findNode()
        let start = Date()
        let directory = try TestScratch.directory("spec-files-js")
        try RuntimeTexts.javaScriptScrollDriver.write(to: directory.appendingPathComponent("scroll-driver.mjs"), atomically: true, encoding: .utf8)
        var driver = [javaScriptSupport]
        for specCase in cases {
            let module = JavaScriptEmitter(program: specCase.program, sourcePath: specCase.file.path).emit()
            try module.write(to: directory.appendingPathComponent("case\(specCase.number).mjs"), atomically: true, encoding: .utf8)
            driver.append(javaScriptDriver(specCase))
        }
        driver.append("process.stdout.write(lines.join(\"\\n\") + \"\\n\");\n")
        try driver.joined(separator: "\n").write(to: directory.appendingPathComponent("driver.mjs"), atomically: true, encoding: .utf8)
        var outcome = Outcome()
        let run = try ProcessRunner.run(node, ["driver.mjs"], in: directory)
        if run.status != 0 { outcome.failures.append("node exited with \(run.status): \(run.error.prefix(2_000))") }
        read(run.output, into: &outcome, cases: cases, backEnd: "JavaScript")
        outcome.seconds = Date().timeIntervalSince(start)
        return outcome
    }

    private static let javaScriptSupport = #"""
        import { ScrollDriver } from "./scroll-driver.mjs";
        const view = new DataView(new ArrayBuffer(8));
        const f = (hex) => { view.setBigUint64(0, BigInt(hex)); return view.getFloat64(0); };
        const bits = (x) => { view.setFloat64(0, typeof x === "boolean" ? (x ? 1 : 0) : x); return view.getBigUint64(0).toString(16); };
        const lines = [];
        function inputs(entries) {
          const result = {};
          // Defined, not assigned: an input may be named `__proto__`.
          for (const [name, value] of entries) Object.defineProperty(result, name, { value, enumerable: true, writable: true, configurable: true });
          return result;
        }
        """#

    private static func javaScriptDriver(_ specCase: SpecCase) -> String {
        let program = specCase.program
        let number = specCase.number
        var lines = ["try {", "  const m = await import(\"./case\(number).mjs\");"]
        func inputsObject(_ values: [Value]) -> String {
            let entries = zip(program.inputs, values).map { input, value -> String in
                switch value {
                case .bool(let bool): return "[\(JavaScriptNames.string(input.name)), \(bool)]"
                case .number(let x): return "[\(JavaScriptNames.string(input.name)), f(\"\(hex(x))\")]"
                case .phase(let phase): return "[\(JavaScriptNames.string(input.name)), \(JavaScriptNames.string(phase.name))]"
                }
            }
            return "inputs([\(entries.joined(separator: ", "))])"
        }
        for (index, probe) in specCase.probes.enumerated() {
            lines.append("  {")
            lines.append("    const i = \(inputsObject(probe.inputs));")
            switch probe.kind {
            case .frame, .trace:
                // Each offset with its row's inputs (a frame's rows all have the probe's).
                let (literalOffsets, rows, times) = probe.rows
                lines.append("    const s = \(program.isStateful ? "m.initialState()" : "null");")
                lines.append("    let r;")
                let step = program.isStateful ? "m.advance(s, o, j, t); r = m.frame(o, j, s);" : "r = m.frame(o, j);"
                if let gesture = probe.gesture {
                    // The rows through the JavaScript driver, bound to the module's functions with each row's inputs.
                    let snap = program.scrollSnap
                    let settle = snap.map { JavaScriptNames.string(JavaScriptNames.settleFunction(program.snaps[$0].name, count: program.snaps.count)) }
                    let moves = snap.map { program.snaps[$0].motion != nil } ?? false
                    let entries = zip(zip(gesture, rows), times).map { rowAndInputs, time -> String in
                        let (row, inputs) = rowAndInputs
                        let given = row.given.map { "f(\"\(hex($0))\")" } ?? "null"
                        let touching = row.touching.map { $0 ? "true" : "false" } ?? "null"
                        return "[\(given), \(touching), \(inputsObject(inputs)), f(\"\(hex(time))\")]"
                    }.joined(separator: ", ")
                    lines.append("    const d = new ScrollDriver((t) => t, null);")
                    lines.append("    for (const [g, down, j, t] of [\(entries)]) {")
                    if let settle { lines.append("      d.settle = (a, w) => m[\(settle)](a, w, j);") }
                    if moves { lines.append("      d.motion = (a, b, c, e) => m.motion(a, b, c, e, j);") }
                    lines.append("      if (down === true) d.touchDown(t);")
                    lines.append("      if (g !== null) d.scrolled(g, t);")
                    lines.append("      if (down !== true) d.touchUp(t);")
                    lines.append("      const o = d.offsetAt(t);")
                    lines.append("      \(step)")
                    lines.append("    }")
                } else {
                    let pairs = zip(zip(literalOffsets, rows), times).map { "[f(\"\(hex($0.0))\"), \(inputsObject($0.1)), f(\"\(hex($1))\")]" }
                        .joined(separator: ", ")
                    lines.append("    for (const [o, j, t] of [\(pairs)]) { \(step) }")
                }
                let reads = program.outputs.map { "r[\(JavaScriptNames.string($0.qualifiedName))]" }
                lines.append("    lines.push(\"\(number) \(index) \" + [\(reads.joined(separator: ", "))].map(bits).join(\" \"));")
            case .sweep(let offsets):
                let list = offsets.map { "f(\"\(hex($0))\")" }.joined(separator: ", ")
                let reads = program.outputs.map { "r[\(JavaScriptNames.string($0.qualifiedName))]" }
                lines.append("    const s = \(program.isStateful ? "m.initialState()" : "null");")
                lines.append("    const all = [];")
                lines.append("    for (const o of [\(list)]) {")
                lines.append(program.isStateful ? "      m.advance(s, o, i); const r = m.frame(o, i, s);" : "      const r = m.frame(o, i);")
                lines.append("      all.push(\(reads.joined(separator: ", ")));")
                lines.append("    }")
                lines.append("    lines.push(\"\(number) \(index) \" + all.map(bits).join(\" \"));")
            case .settle(let snap, let target, let velocity):
                let function = JavaScriptNames.settleFunction(program.snaps[snap].name, count: program.snaps.count)
                lines.append("    lines.push(\"\(number) \(index) \" + bits(m[\(JavaScriptNames.string(function))](f(\"\(hex(target))\"), f(\"\(hex(velocity))\"), i)));")
            case .settleState(let snap, let offsets, let velocity):
                let function = JavaScriptNames.settleFunction(program.snaps[snap].name, count: program.snaps.count)
                let list = offsets.map { "f(\"\(hex($0))\")" }.joined(separator: ", ")
                let field = JavaScriptNames.member("s", program.states[program.snaps[snap].state ?? 0].name)
                lines.append("    const s = m.initialState();")
                lines.append("    for (const o of [\(list)]) m.advance(s, o, i);")
                lines.append("    const r = m[\(JavaScriptNames.string(function))](s, f(\"\(hex(velocity))\"), i);")
                lines.append("    lines.push(\"\(number) \(index) \" + [r, \(field)].map(bits).join(\" \"));")
            case .settles(let snap, let targets, let velocities):
                let function = JavaScriptNames.settleFunction(program.snaps[snap].name, count: program.snaps.count)
                lines.append("    const all = [];")
                // A snap of a state settles the state's value: the target is put there first.
                let call = program.snaps[snap].state.map {
                    "{ const s = m.initialState(); \(JavaScriptNames.member("s", program.states[$0].name)) = t; all.push(m[\(JavaScriptNames.string(function))](s, w, i)); }"
                } ?? "all.push(m[\(JavaScriptNames.string(function))](t, w, i));"
                lines.append("    for (const t of [\(targets.map { "f(\"\(hex($0))\")" }.joined(separator: ", "))]) "
                             + "for (const w of [\(velocities.map { "f(\"\(hex($0))\")" }.joined(separator: ", "))]) " + call)
                lines.append("    lines.push(\"\(number) \(index) \" + all.map(bits).join(\" \"));")
            }
            lines.append("  }")
        }
        lines.append("} catch (error) {")
        lines.append("  lines.push(\"\(number) error \" + String(error && error.stack || error).replace(/\\n/g, \" | \"));")
        lines.append("}")
        return lines.joined(separator: "\n")
    }

    // MARK: Kotlin

    static func kotlin(_ cases: [SpecCase]) throws -> Outcome {
        let kotlinc = try KotlinHarness.findKotlinc()
        let java = try KotlinHarness.findJava()
        let start = Date()
        let directory = try TestScratch.directory("spec-files-kotlin")
        var files: [String] = []
        var drivers: [String] = []
        for specCase in cases {
            let source = KotlinEmitter(program: specCase.program, sourcePath: specCase.file.path,
                                       objectName: "Spec\(specCase.number)Math", packageName: "case\(specCase.number)").emit()
            let name = "Case\(specCase.number).kt"
            try source.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
            files.append(name)
            drivers.append(kotlinDriver(specCase))
        }
        let decode = "fun offsetsOf(words: String): DoubleArray = "
            + "words.split(',').map { java.lang.Double.longBitsToDouble(java.lang.Long.parseUnsignedLong(it, 16)) }.toDoubleArray()"
        let main = [decode] + drivers + ["fun main() {", "    val out = StringBuilder()"] + cases.map { "    drive\($0.number)(out)" }
            + ["    print(out)", "}", ""]
        try main.joined(separator: "\n").write(to: directory.appendingPathComponent("Main.kt"), atomically: true, encoding: .utf8)
        var outcome = Outcome()
        try RuntimeTexts.kotlinScrollDriver.write(to: directory.appendingPathComponent("ScrollDriver.kt"), atomically: true, encoding: .utf8)
        let build = try ProcessRunner.run(kotlinc, files + ["ScrollDriver.kt", "Main.kt", "-include-runtime", "-d", "specs.jar"], in: directory,
                                          environment: ["JAVA_OPTS": "-Xmx3g"])
        outcome.buildSeconds = build.seconds
        let warnings = build.combined.split(separator: "\n").filter { $0.hasPrefix("Case") && $0.contains("warning:") }
        for warning in warnings.prefix(5) { outcome.failures.append("kotlinc warns: \(warning)") }
        guard build.status == 0 else {
            outcome.failures.append("kotlinc exited with \(build.status):\n\(build.combined.prefix(4_000))")
            outcome.seconds = Date().timeIntervalSince(start)
            return outcome
        }
        let run = try ProcessRunner.run(java, ["-jar", "specs.jar"], in: directory)
        if run.status != 0 { outcome.failures.append("java exited with \(run.status): \(run.error.prefix(2_000))") }
        read(run.output, into: &outcome, cases: cases, backEnd: "Kotlin")
        outcome.seconds = Date().timeIntervalSince(start)
        return outcome
    }

    private static func kotlinDriver(_ specCase: SpecCase) -> String {
        let program = specCase.program
        let object = "case\(specCase.number).Spec\(specCase.number)Math"
        func arguments(_ inputs: [Int], _ values: [Value]) -> String {
            inputs.map { index -> String in
                let value: String
                switch values[index] {
                case .bool(let bool): value = "\(bool)"
                case .number(let number): value = KotlinNames.literal(number)
                case .phase(let phase): value = "\(object).\(KotlinSyntax.phaseEntry(phase))"
                }
                return ", \(KotlinNames.identifier(program.inputs[index].name)) = \(value)"
            }.joined()
        }
        func bits(_ read: String, _ type: ValueType) -> String {
            let raw = type == .bool ? "(if (\(read)) 1.0 else 0.0).toRawBits()" : "\(read).toRawBits()"
            return ".append(' ').append(java.lang.Long.toHexString(\(raw)))"
        }
        let frameInputs = Uses.union(program.outputs.map(\.body.uses)).inputs
        let advanceInputs = program.advanceUses.inputs
        let blockOf = program.blocks.flatMap { block in block.outputs.map { _ in block.name } }
        var lines = ["fun drive\(specCase.number)(out: StringBuilder) {", "    try {"]
        for (index, probe) in specCase.probes.enumerated() {
            lines.append("        run {")
            switch probe.kind {
            case .frame, .trace:
                // A trace's rows each advance with their own inputs; a frame's offsets all with the probe's.
                let (literalOffsets, rows, times) = probe.rows
                var offsets = literalOffsets.map(KotlinNames.literal)
                if let gesture = probe.gesture {
                    // The rows through the Kotlin driver, bound to the generated functions with each row's inputs.
                    lines.append("            val driver = ScrollDriver({ t, _ -> t }, null)")
                    for (index, ((row, inputs), time)) in zip(zip(gesture, rows), times).enumerated() {
                        if let snap = program.scrollSnap {
                            let settle = KotlinNames.identifier(SwiftNames.settleFunction(program.snaps[snap].name, count: program.snaps.count))
                            lines.append("            driver.settle = { t, w -> \(object).\(settle)(t, w\(arguments(program.snaps[snap].settle.uses.inputs, inputs))) }")
                            if let motion = program.snaps[snap].motion {
                                lines.append("            driver.motion = { a, b, c, e -> \(object).motion(a, b, c, e\(arguments(motion.uses.inputs, inputs))) }")
                            }
                        }
                        let t = KotlinNames.literal(time)
                        if row.touching == true { lines.append("            driver.touchDown(\(t))") }
                        if let given = row.given { lines.append("            driver.scrolled(\(KotlinNames.literal(given)), \(t))") }
                        if row.touching != true { lines.append("            driver.touchUp(\(t))") }
                        lines.append("            val o\(index) = driver.offsetAt(\(t))")
                        offsets[index] = "o\(index)"
                    }
                }
                if program.isStateful {
                    lines.append("            val state = \(object).State()")
                    for ((offset, row), time) in zip(zip(offsets, rows), times) {
                        let time = program.readsTime ? ", \(KotlinNames.literal(time))" : ""
                        lines.append("            \(object).advance(state, \(offset)\(time)\(arguments(advanceInputs, row)))")
                    }
                }
                let last = offsets.last ?? "0.0", inputs = arguments(frameInputs, rows.last ?? probe.inputs)
                lines.append("            val frame = \(object).frame(\(last)\(program.isStateful ? ", state" : "")\(inputs))")
                var line = "            out.append(\"\(specCase.number) \(index)\")"
                for (outputIndex, output) in program.outputs.enumerated() {
                    line += bits("frame.\(KotlinNames.identifier(blockOf[outputIndex])).\(KotlinNames.identifier(output.name))", output.type)
                }
                lines.append(line + ".append('\\n')")
            case .sweep(let offsets):
                lines.append("            out.append(\"\(specCase.number) \(index)\")")
                if program.isStateful { lines.append("            val state = \(object).State()") }
                // As bit patterns in one string: the JVM caps a method at 64 KB, which thousands of literals pass.
                let words = offsets.map { String($0.bitPattern, radix: 16) }.joined(separator: ",")
                lines.append("            for (offset in offsetsOf(\"\(words)\")) {")
                if program.isStateful {
                    lines.append("                \(object).advance(state, offset\(program.readsTime ? ", 0.0" : "")\(arguments(advanceInputs, probe.inputs)))")
                    lines.append("                val frame = \(object).frame(offset, state\(arguments(frameInputs, probe.inputs)))")
                } else {
                    lines.append("                val frame = \(object).frame(offset\(arguments(frameInputs, probe.inputs)))")
                }
                var line = "                out"
                for (outputIndex, output) in program.outputs.enumerated() {
                    line += bits("frame.\(KotlinNames.identifier(blockOf[outputIndex])).\(KotlinNames.identifier(output.name))", output.type)
                }
                lines.append(line)
                lines.append("            }")
                lines.append("            out.append('\\n')")
            case .settle(let snap, let target, let velocity):
                let name = KotlinNames.identifier(SwiftNames.settleFunction(program.snaps[snap].name, count: program.snaps.count))
                let call = "\(object).\(name)(\(KotlinNames.literal(target)), \(KotlinNames.literal(velocity))"
                    + "\(arguments(program.snaps[snap].settle.uses.inputs, probe.inputs)))"
                lines.append("            out.append(\"\(specCase.number) \(index)\")\(bits(call, .number)).append('\\n')")
            case .settleState(let snap, let offsets, let velocity):
                let name = KotlinNames.identifier(SwiftNames.settleFunction(program.snaps[snap].name, count: program.snaps.count))
                let field = KotlinNames.identifier(program.states[program.snaps[snap].state ?? 0].name)
                lines.append("            val state = \(object).State()")
                lines.append("            for (offset in doubleArrayOf(\(offsets.map(KotlinNames.literal).joined(separator: ", ")))) "
                             + "\(object).advance(state, offset\(program.readsTime ? ", 0.0" : "")\(arguments(advanceInputs, probe.inputs)))")
                let call = "\(object).\(name)(state, \(KotlinNames.literal(velocity))\(arguments(program.snaps[snap].settle.uses.inputs, probe.inputs)))"
                lines.append("            val r = \(call)")
                lines.append("            out.append(\"\(specCase.number) \(index)\")\(bits("r", .number))\(bits("state.\(field)", .number)).append('\\n')")
            case .settles(let snap, let targets, let velocities):
                let name = KotlinNames.identifier(SwiftNames.settleFunction(program.snaps[snap].name, count: program.snaps.count))
                lines.append("            out.append(\"\(specCase.number) \(index)\")")
                let inputs = arguments(program.snaps[snap].settle.uses.inputs, probe.inputs)
                // A snap of a state settles the state's value: the target is put there first.
                let call = program.snaps[snap].state.map {
                    "{ val moved = \(object).State(); moved.\(KotlinNames.identifier(program.states[$0].name)) = target; "
                        + "out\(bits("\(object).\(name)(moved, velocity\(inputs))", .number)) }"
                } ?? "out\(bits("\(object).\(name)(target, velocity\(inputs))", .number))"
                lines.append("            for (target in doubleArrayOf(\(targets.map(KotlinNames.literal).joined(separator: ", ")))) "
                             + "for (velocity in doubleArrayOf(\(velocities.map(KotlinNames.literal).joined(separator: ", ")))) " + call)
                lines.append("            out.append('\\n')")
            }
            lines.append("        }")
        }
        lines.append("    } catch (error: Throwable) {")
        lines.append("        out.append(\"\(specCase.number) error \").append(error.toString().replace('\\n', ' ')).append('\\n')")
        lines.append("    }")
        lines.append("}")
        return lines.joined(separator: "\n")
    }
}
