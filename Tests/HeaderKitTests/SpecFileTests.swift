import Foundation
import XCTest
@testable import HeaderKit

/// The spec files of `Tests/Specs`, each with its expectations inside (`Tests/Specs/README.md`): their
/// diagnostics as `check` gives them, their values in the interpreter, their proven ranges, facts of their
/// generated code, and, for every accepted spec, the same values from the generated Swift, JavaScript and
/// Kotlin, each back end one build of all the specs together, compared bit for bit with the interpreter
/// and with the expectation. A failure names the file and line of the expectation first.
final class SpecFileTests: XCTestCase {
    /// A spec file checked as `headerc check` checks it.
    struct Loaded {
        let file: SpecFile
        let compilation: Compilation
        /// The front end's diagnostics, then the range analysis's warnings.
        let diagnostics: [Diagnostic]
        let specCase: SpecCase?
        /// Expectations that name what the spec does not have, found while making the probes.
        let problems: [String]
    }

    static let loaded: [Loaded] = {
        guard let files = try? SpecFile.all() else { return [] }
        var number = 0
        return files.map { file in
            let compilation = Compilation(source: SourceFile(path: file.path, text: file.text), checksKotlinNames: true)
            let diagnostics = compilation.diagnostics.all + Driver.rangeWarnings(compilation)
            var problems: [String] = []
            var specCase: SpecCase?
            if let spec = compilation.spec, let program = compilation.program {
                var probes: [SpecProbe] = []
                func inputs(_ settings: [SpecFile.Setting], line: Int) -> [Value] {
                    var values = program.inputs.map(\.defaultValue)
                    for setting in settings {
                        if let index = program.inputs.firstIndex(where: { $0.name == setting.name }) {
                            values[index] = setting.value
                        } else {
                            problems.append("\(file.path):\(line): the spec has no input '\(setting.name)'")
                        }
                    }
                    return values
                }
                for expectation in file.values {
                    for output in expectation.outputs where !program.outputs.contains(where: { $0.qualifiedName == output.name }) {
                        problems.append("\(file.path):\(expectation.line): the spec has no output '\(output.name)'")
                    }
                    guard !expectation.rows.isEmpty else {
                        probes.append(SpecProbe(kind: .frame(offsets: expectation.offsets),
                                                inputs: inputs(expectation.settings, line: expectation.line)))
                        continue
                    }
                    // Each row's inputs on top of the row before's, as `eval --trace` keeps them.
                    // `time=T` gives the row's time in milliseconds (kept by the rows after it), as the trace's `time` column.
                    // `touch=down` and `touch=up` say where the finger is, as the trace's `touch` column, and `-` that the scroll is
                    // where it was left: the offsets are resolved as `eval --trace` resolves them (`ScrollGesture`).
                    let timeIsInput = !program.readsTime && program.inputs.contains { $0.name == "time" }
                    var settings: [SpecFile.Setting] = []
                    var rows: [[Value]] = []
                    var time = 0.0, times: [Double] = []
                    var touching: Bool?
                    var offsets: [Double] = [], gesture: [SpecProbe.Row] = []
                    let resolver = Interpreter(program: program)
                    var scroll = ScrollGesture(interpreter: resolver)
                    for (row, given) in zip(expectation.rows, expectation.givenOffsets) {
                        for setting in row where setting.name == "time" && !timeIsInput {
                            if case .number(let value) = setting.value { time = value }
                        }
                        for setting in row where setting.name == "touch" {
                            if case .bool(let down) = setting.value { touching = down }
                        }
                        settings += row.filter { (timeIsInput || $0.name != "time") && $0.name != "touch" }
                        rows.append(inputs(settings, line: expectation.line))
                        times.append(time)
                        for (input, value) in zip(program.inputs, rows[rows.count - 1]) { _ = resolver.setInput(input.name, to: value) }
                        offsets.append(scroll.frame(time: time, given: given, touching: touching).offset)
                        gesture.append(SpecProbe.Row(given: given, touching: touching))
                    }
                    let followsAFinger = touching != nil || expectation.givenOffsets.contains(nil)
                    probes.append(SpecProbe(kind: .trace(offsets: offsets, inputs: rows, times: times, gesture: followsAFinger ? gesture : nil),
                                            inputs: rows.last ?? []))
                }
                for expectation in file.settles {
                    guard let snap = program.snaps.firstIndex(where: { $0.name == expectation.snap }) else {
                        problems.append("\(file.path):\(expectation.line): the spec has no snap '\(expectation.snap)'")
                        probes.append(SpecProbe(kind: .frame(offsets: [0]), inputs: inputs([], line: expectation.line)))
                        continue
                    }
                    let kind: SpecProbe.Kind
                    if program.snaps[snap].state != nil {
                        kind = .settleState(snap: snap, offsets: expectation.targets, velocity: expectation.velocity)
                    } else {
                        if expectation.targets.count != 1 {
                            problems.append("\(file.path):\(expectation.line): snap '\(expectation.snap)' settles one target (a trace is for 'snap state')")
                        }
                        kind = .settle(snap: snap, target: expectation.target, velocity: expectation.velocity)
                    }
                    probes.append(SpecProbe(kind: kind, inputs: inputs(expectation.settings, line: expectation.line)))
                }
                specCase = SpecCase(number: number, file: file, spec: spec, program: program, probes: probes)
                number += 1
            }
            return Loaded(file: file, compilation: compilation, diagnostics: diagnostics, specCase: specCase, problems: problems)
        }
    }()

    static var cases: [SpecCase] { loaded.compactMap(\.specCase) }

    /// The corpus is there, and every expectation in it reads.
    func testSpecFilesParse() {
        let loaded = Self.loaded
        XCTAssertGreaterThanOrEqual(loaded.count, 150, "Tests/Specs holds \(loaded.count) spec files")
        var expectations = 0
        for spec in loaded {
            let file = spec.file
            for problem in file.problems { XCTFail("\(file.path):\(problem.line): \(problem.message)") }
            for problem in spec.problems { XCTFail(problem) }
            let count = file.values.reduce(0) { $0 + $1.outputs.count } + file.settles.count + file.diagnostics.count
                + file.ranges.count + file.generated.count + file.layouts.count
            if count == 0 { XCTFail("\(file.path):1: the spec file expects nothing") }
            expectations += count
        }
        print("spec files: \(loaded.count) files, \(expectations) expectations, \(Self.cases.count) accepted specs")
    }

    // MARK: The front end and the analysis

    /// Every diagnostic `check` gives is expected, at its line and column, and every expected one is given.
    func testDiagnostics() {
        for spec in Self.loaded {
            let file = spec.file, source = spec.compilation.source
            var unmatched = spec.diagnostics
            for expectation in file.diagnostics {
                let index = unmatched.firstIndex { diagnostic in
                    let location = source.location(of: diagnostic.range.start)
                    return diagnostic.severity == expectation.severity && location.line == expectation.position.line
                        && location.column == expectation.position.column && diagnostic.message.contains(expectation.message)
                }
                if let index {
                    unmatched.remove(at: index)
                } else {
                    let found = spec.diagnostics.map { diagnostic -> String in
                        let location = source.location(of: diagnostic.range.start)
                        return "\(location.line):\(location.column): \(diagnostic.severity.rawValue): \(diagnostic.message)"
                    }
                    XCTFail("\(file.path):\(expectation.line): expected \(expectation.severity.rawValue) at "
                            + "\(expectation.position.line):\(expectation.position.column) containing '\(expectation.message)', "
                            + "found \(found.isEmpty ? "none" : found.joined(separator: "; "))")
                }
            }
            for diagnostic in unmatched {
                let location = source.location(of: diagnostic.range.start)
                XCTFail("\(file.path):\(location.line):\(location.column): unexpected \(diagnostic.severity.rawValue): \(diagnostic.message)")
            }
        }
    }

    /// Every expected value, in the interpreter.
    func testValuesInTheInterpreter() {
        var compared = 0
        for specCase in Self.cases {
            compared += Self.compare(specCase, specCase.interpreterValues(), backEnd: "interpreter")
        }
        print("spec files: \(compared) expected values compared in the interpreter")
        XCTAssertGreaterThan(compared, 0)
    }

    /// Every expected range, as `headerc ranges` proves it.
    func testRanges() {
        for specCase in Self.cases where !specCase.file.ranges.isEmpty {
            let analysis = RangeAnalysis.analyze(specCase.program)
            for expectation in specCase.file.ranges {
                let path = "\(specCase.file.path):\(expectation.line)"
                // A snap's settled value is a row of its own, `settle.<name>`, after the outputs.
                guard let output = (analysis.outputs + analysis.settles).first(where: { $0.name == expectation.output }) else {
                    XCTFail("\(path): the spec has no output '\(expectation.output)'")
                    continue
                }
                let found = Self.describe(output)
                func fail() { XCTFail("\(path): expected the range of \(expectation.output) to be \(Self.describe(expectation)), found \(found)") }
                if let canBeTrue = expectation.canBeTrue, let canBeFalse = expectation.canBeFalse {
                    guard output.type == .bool, output.canBeTrue == canBeTrue, output.canBeFalse == canBeFalse else { fail(); continue }
                } else {
                    guard output.type != .bool, output.range.min == expectation.min, output.range.max == expectation.max else { fail(); continue }
                }
                if output.type != .bool, output.range.nan != expectation.nan || output.range.infinite != expectation.infinite { fail(); continue }
                if let covered = expectation.covered {
                    guard let got = output.changes, got.from <= covered.from, got.to >= covered.to else { fail(); continue }
                }
                if let changes = expectation.changes {
                    switch (changes, output.changes) {
                    case (nil, nil): break
                    // The offsets worked out by hand, where the output truly starts and stops changing: the
                    // proven ones must hold them (sound) and lie within rounding of them (tight).
                    case (let want?, let got?) where Self.holdsTightly(got.from, want.from, below: true)
                        && Self.holdsTightly(got.to, want.to, below: false): break
                    default: fail()
                    }
                }
            }
        }
    }

    /// Whether a proven end of the offsets where an output changes holds the true one (at or below it for the
    /// start, at or above for the stop) and lies within 1e-12 of it, relative: infinite ends must be equal.
    static func holdsTightly(_ proven: Double, _ truth: Double, below: Bool) -> Bool {
        guard truth.isFinite else { return proven == truth }
        let holds = below ? proven <= truth : proven >= truth
        return holds && abs(proven - truth) <= 1e-12 * Swift.max(1, abs(truth))
    }

    /// What the generated code of each target must contain, emitted as `headerc compile` emits it.
    func testGeneratedCode() {
        for spec in Self.loaded where !spec.file.generated.isEmpty {
            var emitted: [SpecFile.Target: String] = [:]
            for expectation in spec.file.generated {
                let text = emitted[expectation.target] ?? GoldenFiles.compile(spec.file.path, target: expectation.target.rawValue).standardOutput
                emitted[expectation.target] = text
                if !text.contains(expectation.text) {
                    XCTFail("\(spec.file.path):\(expectation.line): expected the \(expectation.target.rawValue) code to contain "
                            + "'\(expectation.text)', found none in its \(text.split(separator: "\n").count) lines")
                }
            }
        }
    }

    // MARK: The back ends

    /// The spec files only: the other specs of the tests would cost swiftc as much again, and the
    /// differential test covers the Swift back end at large.
    func testGeneratedSwift() throws {
        try runBackEnd("swift", SpecBackEnds.swift)
    }

    /// The spec files, and every other spec the tests hold that checks for Kotlin (`otherSpecs`), which
    /// cost node little.
    func testGeneratedJavaScript() throws {
        try runBackEnd("javascript", SpecBackEnds.javaScript, others: try Self.otherSpecs())
    }

    /// The spec files, and with them, since kotlinc is slow to start and one build takes them all, every
    /// other spec the tests hold that checks for Kotlin (`otherSpecs`).
    func testGeneratedKotlin() throws {
        let others = try Self.otherSpecs()
        XCTAssertGreaterThan(others.count, 100, "the other specs of the tests that check for Kotlin")
        try runBackEnd("kotlin", SpecBackEnds.kotlin, others: others)
    }

    /// The examples, the benchmark's spec and the specs written inside the tests (`SpecCorpus`, but for
    /// `Tests/Specs`) that check for Kotlin, each along a sweep of offsets under its defaults and one other
    /// setting, and its settle functions at the differential test's targets and velocities. The examples
    /// go along `eval --sweep -320:720:0.5` and its far offsets, under the safe areas and text scales an
    /// app passes.
    static func otherSpecs() throws -> [SpecCase] {
        let offsets: [Double] = [-1e300, -320, -100, -44.5, -0.0, 0, 1e-9, 22, 50, 99.99999999999999, 146, 190, 250, 300, 720, 1e6,
                                 .infinity, .nan]
        let sweep = (0...2_080).map { -320 + Double($0) * 0.5 } + [-1e300, -0.0, 1e-9, 1e6, .infinity, .nan]
        var rng = SeededGenerator(seed: 0x434F_5250)
        var number = loaded.count
        var cases: [SpecCase] = []
        for entry in try SpecCorpus.all() where !entry.name.hasPrefix("Tests/Specs/") {
            let compilation = Compilation(source: SourceFile(path: "corpus.header", text: entry.text), checksSwiftNames: false,
                                          checksKotlinNames: true)
            guard let spec = compilation.spec, let program = compilation.program else { continue }
            var probes: [SpecProbe] = []
            let isExample = entry.name.hasPrefix("Examples/")
            var settings = [program.inputs.map(\.defaultValue)]
            if isExample {
                func with(_ values: [String: Double]) -> [Value] {
                    program.inputs.map { input in values[input.name].map(Value.number) ?? input.defaultValue }
                }
                let names = Set(program.inputs.map(\.name))
                if names.contains("safeAreaTop") { settings.append(with(["safeAreaTop": 47])) }
                if names.isSuperset(of: ["safeAreaTop", "textScale"]) { settings.append(with(["safeAreaTop": 59, "textScale": 1.35])) }
            } else {
                settings += DifferentialHarness.settings(for: spec, &rng).prefix(1)
            }
            for setting in settings {
                probes.append(SpecProbe(kind: .sweep(offsets: isExample ? sweep : offsets), inputs: setting))
                for snap in program.snaps.indices {
                    probes.append(SpecProbe(kind: .settles(snap: snap, targets: DifferentialHarness.settleTargets,
                                                           velocities: DifferentialHarness.settleVelocities), inputs: setting))
                }
            }
            cases.append(SpecCase(number: number, file: SpecFile(path: entry.name, text: entry.text), spec: spec, program: program,
                                  probes: probes))
            number += 1
        }
        return cases
    }

    /// One build and one run of every accepted spec: each probe's every value the same bits as the
    /// interpreter's, and each expected value as expected.
    private func runBackEnd(_ name: String, _ backEnd: ([SpecCase]) throws -> SpecBackEnds.Outcome,
                            others: [SpecCase] = []) throws {
        let cases = Self.cases + others
        let outcome = try backEnd(cases)
        for failure in outcome.failures.prefix(20) { XCTFail(failure) }
        var compared = 0, expected = 0, specs = 0
        for specCase in cases {
            guard let values = outcome.values[specCase.number] else { continue }
            specs += 1
            let interpreter = specCase.interpreterValues()
            for (probeIndex, (got, want)) in zip(values, interpreter).enumerated() {
                let (line, place) = Self.place(of: probeIndex, in: specCase)
                guard got.count == want.count else {
                    XCTFail("\(specCase.file.path):\(line): \(name) gives \(got.count) values \(place), the interpreter \(want.count)")
                    continue
                }
                var reported = 0
                for (index, (a, b)) in zip(got, want).enumerated() where !SpecFile.same(a, b) {
                    reported += 1
                    guard reported <= 3 else { break }
                    let what = Self.describe(value: index, of: probeIndex, in: specCase)
                    XCTFail("\(specCase.file.path):\(line): \(name) gives \(what.name) = \(Self.format(a)) \(what.place ?? place), "
                            + "the interpreter \(Self.format(b))")
                }
                compared += got.count
            }
            expected += Self.compare(specCase, values, backEnd: name)
        }
        print("spec files, \(name): \(specs) specs (\(others.count) of them from SpecCorpus), \(compared) values compared bit for bit with the interpreter, "
              + "\(expected) with their expectations; build \(String(format: "%.1f", outcome.buildSeconds)) s, "
              + "total \(String(format: "%.1f", outcome.seconds)) s")
        XCTAssertEqual(specs, cases.count, "\(name) ran \(specs) of \(cases.count) specs")
    }

    // MARK: Comparing and describing

    /// Compares the expected values of a case with `values` (one list per probe, as `SpecCase` orders
    /// them); returns how many it compared.
    @discardableResult
    static func compare(_ specCase: SpecCase, _ values: [[Double]], backEnd: String) -> Int {
        let file = specCase.file, program = specCase.program
        var compared = 0
        for (index, expectation) in file.values.enumerated() where index < values.count {
            let (_, place) = place(of: index, in: specCase)
            for output in expectation.outputs {
                guard let position = program.outputs.firstIndex(where: { $0.qualifiedName == output.name }),
                      position < values[index].count else { continue }
                let found = values[index][position]
                let foundValue: Value = program.outputs[position].type == .bool ? .bool(found != 0) : .number(found)
                compared += 1
                if !SpecFile.same(foundValue, output.value) {
                    XCTFail("\(file.path):\(expectation.line): expected \(output.name) = \(format(output.value)) \(place), "
                            + "found \(format(foundValue)) (\(backEnd))")
                }
            }
        }
        for (offset, expectation) in file.settles.enumerated() {
            let index = file.values.count + offset
            guard index < values.count, !values[index].isEmpty,
                  program.snaps.contains(where: { $0.name == expectation.snap }) else { continue }
            compared += 1
            // A snap of a state gives the value returned and the state's value after the call: both must be it.
            if let found = values[index].first(where: { !SpecFile.same($0, expectation.value) }) {
                let (_, place) = place(of: index, in: specCase)
                XCTFail("\(file.path):\(expectation.line): expected settle \(expectation.snap) = \(format(expectation.value)) \(place), "
                        + "found \(format(found)) (\(backEnd))")
            }
        }
        return compared
    }

    /// What value `index` of a probe's values is: an output, or a settled offset, and where, when the
    /// probe looks at several places.
    static func describe(value index: Int, of probe: Int, in specCase: SpecCase) -> (name: String, place: String?) {
        let program = specCase.program, count = max(program.outputs.count, 1)
        switch specCase.probes[probe].kind {
        case .frame, .trace: return (program.outputs[index].qualifiedName, nil)
        case .settle(let snap, _, _): return ("settle \(program.snaps[snap].name)", nil)
        case .settleState(let snap, _, _):
            return (index == 0 ? "settle \(program.snaps[snap].name)" : "\(program.snaps[snap].name) after settle", nil)
        case .sweep(let offsets):
            return (program.outputs[index % count].qualifiedName, "at offset \(format(offsets[index / count])) of the sweep")
        case .settles(let snap, let targets, let velocities):
            return ("settle \(program.snaps[snap].name)", "at target \(format(targets[index / velocities.count])) "
                    + "velocity \(format(velocities[index % velocities.count]))")
        }
    }

    /// The line of a probe's expectation and where it looks: `at offset 100 with k = 3`.
    static func place(of probe: Int, in specCase: SpecCase) -> (line: Int, text: String) {
        let file = specCase.file
        guard probe < file.values.count + file.settles.count else {
            let inputs = zip(specCase.program.inputs, specCase.probes[probe].inputs).map { "\($0.name) = \(format($1))" }
            return (1, inputs.isEmpty ? "" : "with " + inputs.joined(separator: ", "))
        }
        func with(_ settings: [SpecFile.Setting]) -> String {
            settings.isEmpty ? "" : " with " + settings.map { "\($0.name) = \(format($0.value))" }.joined(separator: ", ")
        }
        if probe < file.values.count {
            let expectation = file.values[probe]
            let offsets = expectation.offsets.map(format).joined(separator: ", ")
            if !expectation.rows.isEmpty {
                let rows = zip(expectation.offsets, expectation.rows).map { offset, settings in
                    ([format(offset)] + settings.map { "\($0.name)=\(format($0.value))" }).joined(separator: " ")
                }
                return (expectation.line, "along the trace \(rows.joined(separator: ", "))")
            }
            return (expectation.line, "at offset\(expectation.offsets.count > 1 ? "s" : "") \(offsets)\(with(expectation.settings))")
        }
        let expectation = file.settles[probe - file.values.count]
        let at = expectation.targets.count > 1 ? "after offsets " + expectation.targets.map(format).joined(separator: ", ") : "at target \(format(expectation.target))"
        return (expectation.line, "\(at) velocity \(format(expectation.velocity))\(with(expectation.settings))")
    }

    /// A number as a reader writes it: `120`, `0.5`, `-0.0`, `nan`, `inf`.
    static func format(_ x: Double) -> String {
        if x == 0 { return x.sign == .minus ? "-0.0" : "0" }
        if x.isFinite, x == x.rounded(), abs(x) < 1e15 { return String(Int64(x)) }
        return SpecFile.describe(x)
    }

    static func format(_ value: Value) -> String {
        switch value {
        case .bool(let bool): return "\(bool)"
        case .number(let number): return format(number)
        case .phase(let phase): return phase.name
        }
    }

    private static func describe(_ output: RangeAnalysis.OutputRange) -> String {
        var text = output.type == .bool
            ? (output.canBeTrue && output.canBeFalse ? "false...true" : output.canBeTrue ? "true" : "false")
            : "\(format(output.range.min))...\(format(output.range.max))"
        if output.type != .bool, output.range.nan { text += ", nan" }
        if output.type != .bool, output.range.infinite { text += ", infinite" }
        text += output.changes.map { ", changes \(format($0.from))...\(format($0.to))" } ?? ", constant"
        return text
    }

    private static func describe(_ expectation: SpecFile.RangeExpectation) -> String {
        var text: String
        if let canBeTrue = expectation.canBeTrue, let canBeFalse = expectation.canBeFalse {
            text = canBeTrue && canBeFalse ? "false...true" : canBeTrue ? "true" : "false"
        } else {
            text = "\(format(expectation.min ?? .nan))...\(format(expectation.max ?? .nan))"
        }
        if expectation.nan { text += ", nan" }
        if expectation.infinite { text += ", infinite" }
        switch expectation.changes {
        case .none: break
        case .some(.none): text += ", constant"
        case .some(.some(let changes)): text += ", changes \(format(changes.from))...\(format(changes.to))"
        }
        if let covered = expectation.covered { text += ", changes covering \(format(covered.from))...\(format(covered.to))" }
        return text
    }

    /// Each `expect layout` line: the interpreter's frame after the offsets, laid out by `HeaderLayout` (what
    /// `headerc layout`, `render` and `preview` draw), on a screen 390 pt wide and 844 tall.
    func testLayoutExpectations() throws {
        var checked = 0
        for loaded in Self.loaded where !loaded.file.layouts.isEmpty {
            let file = loaded.file
            guard let program = loaded.compilation.program else {
                XCTFail("\(file.path): a spec with layout expectations must be accepted")
                continue
            }
            let layout = HeaderLayout.Evaluator(program: program, labels: false)
            for expectation in file.layouts {
                let interpreter = Interpreter(program: program)
                for setting in expectation.settings { interpreter.setInput(setting.name, to: setting.value) }
                var values: [Value] = []
                for offset in expectation.offsets { values = interpreter.frame(at: offset) }
                let inputs = program.inputs.map { interpreter.inputValue($0.name) ?? $0.defaultValue }
                let layers = layout.layers(values: values, inputs: inputs, offset: expectation.offsets.last ?? 0,
                                           canvasHeight: HeaderLayout.screenHeight)
                let place = "\(file.path):\(expectation.line)"
                if let order = expectation.order { XCTAssertEqual(layers.map(\.block), order, "\(place): the layers back to front") }
                for (block, fields) in expectation.blocks {
                    guard let layer = layers.first(where: { $0.block == block }) else {
                        XCTFail("\(place): no layer '\(block)'")
                        continue
                    }
                    for (key, text) in fields {
                        func near(_ found: Double?, _ expected: String) -> Bool {
                            if expected == "none" { return found == nil }
                            guard let found, let want = SpecFile.number(expected) else { return false }
                            return found == want || abs(found - want) <= 1e-9 || (found.isNaN && want.isNaN)
                        }
                        let found: String, matches: Bool
                        switch key {
                        case "x": (found, matches) = ("\(layer.x)", near(layer.x, text))
                        case "y": (found, matches) = ("\(layer.y)", near(layer.y, text))
                        case "width": (found, matches) = (layer.width.map { "\($0)" } ?? "none", near(layer.width, text))
                        case "height": (found, matches) = ("\(layer.height)", near(layer.height, text))
                        case "opacity": (found, matches) = ("\(layer.opacity)", near(layer.opacity, text))
                        case "kind": (found, matches) = (layer.kind.rawValue, layer.kind.rawValue == text)
                        case "alignX": (found, matches) = (layer.alignX ?? "none", (layer.alignX ?? "none") == text)
                        default:
                            let rect = layer.clip.map { [$0.x, $0.y, $0.width, $0.height] }
                            found = rect.map { $0.map { "\($0)" }.joined(separator: ",") } ?? "none"
                            let parts = text.split(separator: ",").map(String.init)
                            matches = text == "none" ? rect == nil : rect.map { rect in parts.count == 4 && zip(rect, parts).allSatisfy { near($0, $1) } } ?? false
                        }
                        XCTAssertTrue(matches, "\(place): expected \(block).\(key) = \(text) at offset \(expectation.offsets.last ?? 0), found \(found)")
                        checked += 1
                    }
                }
            }
        }
        print("layout: \(checked) fields of spec files' layout expectations checked")
        XCTAssertGreaterThan(checked, 100)
    }
}
