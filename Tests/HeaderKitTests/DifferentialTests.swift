import Foundation
import XCTest
@testable import HeaderKit

/// The interpreter and the generated Swift must agree bit for bit, over random valid specs and the cases
/// they once got wrong; the machinery is `DifferentialHarness` (`HEADERC_DIFF_SEED`, `HEADERC_DIFF_COUNT`).
final class DifferentialTests: XCTestCase {

    // MARK: The generator

    func testGeneratedSpecsAreValid() {
        let seed = DifferentialHarness.seed
        // HEADERC_DIFF_PRINT=17 prints spec 17 of the seed, to reproduce a report.
        if let wanted = ProcessInfo.processInfo.environment["HEADERC_DIFF_PRINT"].flatMap(Int.init) {
            let all = DifferentialHarness.generatedSpecs(count: wanted + 1, seed: seed)
            print("spec \(wanted) of seed \(seed):\n\(all[wanted].0.text)")
            if let spec = all[wanted].1 {
                print(SwiftEmitter(spec: spec, sourcePath: "spec\(wanted).header", enumName: "Gen\(wanted)Math").emit())
            }
        }
        print("DifferentialTests seed: \(seed) (0x\(String(seed, radix: 16))); extend option parses: \(DifferentialHarness.extendParses)")
        var invalid = 0
        for (generated, spec, compilation) in DifferentialHarness.generatedSpecs(count: DifferentialHarness.count, seed: seed) where spec == nil {
            invalid += 1
            if invalid <= 5 {
                XCTFail("generated spec \(generated.index) (seed \(seed)) does not compile:\n\(generated.text)\n"
                        + DifferentialHarness.render(compilation))
            } else {
                print("generated spec \(generated.index) does not compile: \(compilation.diagnostics.errors.first?.message ?? "")")
            }
        }
        XCTAssertEqual(invalid, 0)
    }

    /// A state bound written `min(expression, high)` is NaN when the expression folds to NaN
    /// (`sqrt(-116)`), since Swift's `min(nan, high)` is nan: the generator writes `min(high, expression)`,
    /// which is `high` then. Spec 702 of seed 19 was the first of 60,000 with such a bound
    /// (`state st0: number = 1 in min(sqrt(-116), 1)...1`); the check is the checker's own message.
    func testGeneratedStateBoundsAreNeverNaN() {
        let specs = DifferentialHarness.generatedSpecs(count: 703, seed: 19)
        let nanBounds = specs.filter { $0.2.diagnostics.errors.contains { $0.message.contains("is NaN") } }.map(\.0.index)
        XCTAssertEqual(nanBounds, [])
        XCTAssertTrue(specs[702].0.text.contains("in min(1, sqrt(-116))...1"), specs[702].0.text)
        XCTAssertNotNil(specs[702].1)
    }

    /// A third of the specs declare functions, and most of those call them: typed and untyped parameters,
    /// bool ones, functions calling earlier ones, calls from named values, outputs, states and snaps.
    func testGeneratedSpecsDrawFunctions() {
        let specs = DifferentialHarness.generatedSpecs(count: 300, seed: DifferentialHarness.seed)
        let declaring = specs.filter { $0.0.text.contains("\nfunc fn") }
        let calling = declaring.filter { spec in
            spec.0.text.split(separator: "\n").contains { !$0.hasPrefix("func ") && $0.contains("fn0(") }
        }
        let untyped = declaring.filter { $0.0.text.contains("(p0,") || $0.0.text.contains("(p0)") }
        XCTAssertGreaterThan(declaring.count, 60)
        XCTAssertGreaterThan(calling.count, 20)
        XCTAssertGreaterThan(untyped.count, 20)
        XCTAssertTrue(declaring.allSatisfy { $0.1 != nil })
        print("DifferentialTests: \(declaring.count) of 300 specs declare functions, \(calling.count) call fn0 outside a function")
    }

    /// Some states start from inputs through pow or a curve, which only `advance` computes: each back end
    /// must carry that math too (`testInitialValueFromInputsHasItsMathAndCurves`).
    func testGeneratedSpecsDrawInitialValuesThroughPowAndCurves() {
        let specs = DifferentialHarness.generatedSpecs(count: 1000, seed: DifferentialHarness.seed)
        let initialLines = specs.flatMap { $0.0.text.split(separator: "\n").filter { $0.hasPrefix("state ") } }
        let pow = initialLines.filter { $0.contains("= pow(abs(") }, curve = initialLines.filter { $0.contains("= easeInOut(clamp(abs(") }
        XCTAssertGreaterThan(pow.count, 5)
        XCTAssertGreaterThan(curve.count, 5)
        print("DifferentialTests: of 1000 specs, \(pow.count) states start through pow and \(curve.count) through a curve")
    }

    /// Some specs declare transitions, drawn from a stream of their own: conditions each way, durations
    /// read from inputs, curves each way, springs for their own settling time. Each is accepted, and every
    /// back end is driven along `DifferentialHarness.frameTimes`.
    func testGeneratedSpecsDrawTransitions() {
        let specs = DifferentialHarness.generatedSpecs(count: 1000, seed: DifferentialHarness.seed)
        let declaring = specs.filter { $0.0.text.contains("transition fade") }
        let lines = declaring.flatMap { $0.0.text.split(separator: "\n") }
        XCTAssertGreaterThan(declaring.count, 80)
        XCTAssertTrue(declaring.allSatisfy { $0.1 != nil }, declaring.first { $0.1 == nil }.map { "\($0.0.text)\n\($0.2.diagnostics)" } ?? "")
        XCTAssertGreaterThan(lines.filter { $0.contains("    off ") }.count, 20)
        XCTAssertGreaterThan(lines.filter { $0.contains("    reverse ") }.count, 10)
        XCTAssertGreaterThan(lines.filter { $0.contains("    duration ") && $0.contains(" * 100ms") }.count, 5)
        XCTAssertGreaterThan(declaring.filter { !$0.0.text.contains("    duration ") }.count, 5)
        print("DifferentialTests: \(declaring.count) of 1000 specs declare transitions")
    }

    /// The first snap of the scroll says how the scroll moves after the finger lifts now and then: a spring alone, or a
    /// curve over a duration, drawn from a stream of their own. Each is accepted.
    func testGeneratedSpecsDrawSnapMotions() {
        let specs = DifferentialHarness.generatedSpecs(count: 1000, seed: DifferentialHarness.seed)
        let moving = specs.filter { $0.0.text.contains(" motion ") }
        XCTAssertGreaterThan(moving.count, 20)
        XCTAssertTrue(moving.allSatisfy { $0.1 != nil }, moving.first { $0.1 == nil }.map { "\($0.0.text)\n\($0.2.diagnostics)" } ?? "")
        XCTAssertGreaterThan(moving.filter { $0.0.text.contains(" duration ") }.count, 5)
        XCTAssertGreaterThan(moving.filter { !$0.0.text.contains(" duration ") }.count, 5)
        print("DifferentialTests: \(moving.count) of 1000 specs give their snap a motion")
    }

    /// Of the first 1,000 generated specs, more than `atLeast` contain `marker`, and every one of them is
    /// accepted; `what` says what they do, for the printed count.
    private func assertGeneratedSpecsDraw(_ marker: String, atLeast: Int, _ what: String, line: UInt = #line) {
        let specs = DifferentialHarness.generatedSpecs(count: 1000, seed: DifferentialHarness.seed)
        let drawing = specs.filter { $0.0.text.contains(marker) }
        XCTAssertGreaterThan(drawing.count, atLeast, line: line)
        XCTAssertTrue(drawing.allSatisfy { $0.1 != nil }, drawing.first { $0.1 == nil }.map { "\($0.0.text)\n\($0.2.diagnostics)" } ?? "",
                      line: line)
        print("DifferentialTests: \(drawing.count) of 1000 specs \(what)")
    }

    /// Some specs keep the frame's time in states (`time` in a `next`), drawn from a stream of their own. Each is accepted.
    func testGeneratedSpecsDrawStatesThatReadTime() {
        assertGeneratedSpecsDraw("next = time", atLeast: 50, "keep the frame's time in a state")
    }

    /// Some quotients are rounded to binary32, `fround(a / b)`, drawn from a stream of their own.
    func testGeneratedSpecsDrawFround() {
        assertGeneratedSpecsDraw("fround(", atLeast: 50, "round a quotient to binary32")
    }

    /// Some specs declare Floats (Grammar.md, "Float"), drawn from a stream of their own: a Float input,
    /// Float arithmetic and built-ins, a Float function, and Floats back into Doubles. Each is accepted.
    func testGeneratedSpecsDrawFloats() {
        assertGeneratedSpecsDraw(": float in 0.5...3", atLeast: 100, "declare Floats")
        assertGeneratedSpecsDraw("    eased: float = ", atLeast: 30, "apply Compose's curve to a Float")
    }

    /// Some specs declare phase inputs, drawn from a stream of their own: compared with the three phases and
    /// with each other, and half the time read by a state that moves only while dragging. Each is accepted.
    func testGeneratedSpecsDrawPhases() {
        let specs = DifferentialHarness.generatedSpecs(count: 300, seed: DifferentialHarness.seed)
        let declaring = specs.filter { $0.0.text.contains(": phase = ") }
        let withState = declaring.filter { $0.0.text.contains("== dragging ? held") }
        XCTAssertGreaterThan(declaring.count, 20)
        XCTAssertGreaterThan(withState.count, 8)
        XCTAssertTrue(declaring.allSatisfy { $0.1 != nil }, declaring.first { $0.1 == nil }?.0.text ?? "")
        print("DifferentialTests: \(declaring.count) of 300 specs declare phase inputs, \(withState.count) a state that reads one")
    }

    /// Some snaps carry a rule: a threshold, a tie direction, a fling speed, some of them read from inputs, or
    /// a rule of their own; some move a state.
    func testGeneratedSpecsDrawSnapRules() {
        let specs = DifferentialHarness.generatedSpecs(count: 1000, seed: DifferentialHarness.seed)
        let snapLines = specs.flatMap { spec in spec.0.text.split(separator: "\n").filter { $0.hasPrefix("snap ") } }
        let withRules = snapLines.filter { !$0.hasSuffix("}") }
        for clause in [" threshold ", " ties up", " ties down", " fling "] {
            XCTAssertTrue(withRules.contains { $0.contains(clause) }, clause)
        }
        XCTAssertGreaterThan(withRules.count, 20)
        let custom = snapLines.filter { $0.contains(" rule ") }
        let ofStates = snapLines.filter { $0.hasPrefix("snap state ") }
        XCTAssertGreaterThan(custom.filter { $0.contains("target") }.count, 20)
        XCTAssertGreaterThan(custom.filter { $0.contains("velocity") }.count, 5)
        XCTAssertGreaterThan(ofStates.count, 20)
        XCTAssertGreaterThan(ofStates.filter { $0.contains(" rule ") }.count, 5)
        XCTAssertTrue(specs.allSatisfy { spec in !spec.0.text.contains("snap ") || spec.1 != nil })
        print("DifferentialTests: \(withRules.count) of \(snapLines.count) generated snaps have a rule, \(custom.count) a rule of "
              + "their own; \(ofStates.count) move a state")
    }

    func testGeneratorIsDeterministic() {
        var a = SpecGenerator(seed: 42, allowExtend: true), b = SpecGenerator(seed: 42, allowExtend: true)
        for index in 0..<20 { XCTAssertEqual(a.generate(index: index).text, b.generate(index: index).text) }
    }

    // MARK: Interpreter against generated Swift

    func testInterpreterMatchesGeneratedSwift() throws {
        let start = Date()
        let seed = DifferentialHarness.seed
        print("DifferentialTests seed: \(seed) (0x\(String(seed, radix: 16))), \(DifferentialHarness.swiftCount) specs; extend option parses: \(DifferentialHarness.extendParses)")
        let swiftc = try DifferentialHarness.findSwiftc()
        var cases: [DifferentialHarness.DiffCase] = []
        for (generated, spec, compilation) in DifferentialHarness.generatedSpecs(count: DifferentialHarness.swiftCount, seed: seed) {
            guard let spec else {
                XCTFail("generated spec \(generated.index) does not compile:\n\(generated.text)\n"
                        + DifferentialHarness.render(compilation))
                continue
            }
            var rng = SeededGenerator(seed: seed ^ UInt64(generated.index + 1) &* 0x9E37_79B9_7F4A_7C15)
            cases.append(DifferentialHarness.DiffCase(index: generated.index, text: generated.text, spec: spec,
                                  offsets: DifferentialHarness.offsets(extra: generated.interestingOffsets),
                                  settings: DifferentialHarness.settings(for: spec, &rng)))
        }
        let report = try DifferentialHarness.runDifferential(cases, swiftc: swiftc, label: "diff-\(seed)")
        for failure in report.buildFailures { XCTFail(failure) }
        for failure in report.mismatchReports { XCTFail(failure) }
        // Where both sides are NaN, only NaN-ness is part of the contract: IEEE 754 leaves open which NaN
        // an operation returns, LLVM may swap the operands of + and *, and it rewrites some libm calls
        // (pow(x, 1) becomes x, keeping x's NaN where glibc returns another). They are counted and shown.
        for note in report.nanReports { print("note: \(note)") }
        print("DifferentialTests: \(cases.count) specs, \(report.framesCompared) frames, \(report.valuesCompared) values compared, "
              + "\(report.mismatchCount) mismatching values in \(report.mismatchingSpecs.count) specs, "
              + "\(report.nanMismatchCount) NaNs with other sign or payload in \(report.nanMismatchingSpecs.count) specs, "
              + "build \(String(format: "%.1f", report.buildSeconds)) s, total \(String(format: "%.1f", Date().timeIntervalSince(start))) s")
        XCTAssertEqual(report.mismatchCount, 0, "mismatching specs: \(report.mismatchingSpecs.sorted())")
    }

    /// The generated sources compile without warnings in Swift 5 and 6 modes, under complete concurrency
    /// checking and with MainActor as the default isolation, and can be called from nonisolated code.
    func testGeneratedSourcesCompileStrictly() throws {
        let swiftc = try DifferentialHarness.findSwiftc()
        let subset = DifferentialHarness.generatedSpecs(count: min(DifferentialHarness.count, 60), seed: DifferentialHarness.seed).compactMap { generated, spec, _ in
            spec.map { (generated, $0) }
        }
        let directory = try DifferentialHarness.makeDirectory("strict-\(DifferentialHarness.seed)")
        var files: [String] = []
        var callers = ["import Foundation", ""]
        for (generated, spec) in subset {
            let name = "Gen\(generated.index)Math"
            try SwiftEmitter(spec: spec, sourcePath: "spec\(generated.index).header", enumName: name).emit()
                .write(to: directory.appendingPathComponent("Gen\(generated.index).swift"), atomically: true, encoding: .utf8)
            files.append("Gen\(generated.index).swift")
            callers += DifferentialHarness.nonisolatedCaller(spec, enumName: name, index: generated.index)
        }
        if let (generated, _) = subset.first(where: { !$0.1.isStateful }) {
            callers += ["nonisolated func detachedUse() async -> Bool {",
                        "    let frame = await Task.detached { Gen\(generated.index)Math.frame(offset: 1) }.value",
                        "    return frame == frame", "}", ""]
        }
        try callers.joined(separator: "\n").write(to: directory.appendingPathComponent("Callers.swift"), atomically: true, encoding: .utf8)
        files.append("Callers.swift")
        let modes: [[String]] = [
            ["-swift-version", "5", "-warnings-as-errors"],
            ["-swift-version", "6", "-strict-concurrency=complete", "-warnings-as-errors"],
            ["-swift-version", "6", "-strict-concurrency=complete", "-default-isolation", "MainActor", "-warnings-as-errors"],
            ["-swift-version", "5", "-default-isolation", "MainActor", "-warnings-as-errors"],
        ]
        var failed = false
        // Each mode is one frontend on one core: two at a time.
        let results = Concurrently.map(modes) { [files] mode in
            Result { try DifferentialHarness.run(swiftc, ["-parse-as-library", "-wmo", "-emit-sil", "-o", "/dev/null", "-module-name", "Strict"] + mode + files,
                                                 in: directory) }
        }
        for (mode, outcome) in zip(modes, results) {
            let result = try outcome.get()
            if result.status != 0 {
                failed = true
                let specs = Set(DifferentialHarness.matches(of: #"Gen(\d+)\.swift"#, in: result.output).compactMap(Int.init)).sorted()
                var message = "generated code does not compile with \(mode.joined(separator: " ")): specs \(specs)\n"
                // Every kind of error once (names elided), then the start of the compiler's output.
                let kinds = Set(result.output.split(separator: "\n").filter { $0.contains(": error: ") }.map { line in
                    line.components(separatedBy: ": error: ").last?
                        .replacingOccurrences(of: #"'[^']*'"#, with: "'…'", options: .regularExpression) ?? ""
                })
                message += "kinds of error:\n  " + kinds.sorted().joined(separator: "\n  ") + "\n"
                message += String(result.output.prefix(3000))
                if let first = specs.first, let entry = subset.first(where: { $0.0.index == first }) {
                    message += "\nspec \(first):\n\(entry.0.text)"
                }
                XCTFail(message)
            }
        }
        if !failed { try? FileManager.default.removeItem(at: directory) } else { print("kept \(directory.path)") }
    }

    /// HEADERC_DIFF_SPEC_FILE=path runs the differential on one spec file, to minimise a reported case.
    func testSpecFileFromEnvironment() throws {
        guard let path = ProcessInfo.processInfo.environment["HEADERC_DIFF_SPEC_FILE"] else {
            throw XCTSkip("set HEADERC_DIFF_SPEC_FILE to a .header file")
        }
        let swiftc = try DifferentialHarness.findSwiftc()
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let compilation = Compilation(path: path, text: text)
        guard let spec = compilation.spec else { return XCTFail(DifferentialHarness.render(compilation)) }
        var rng = SeededGenerator(seed: DifferentialHarness.seed)
        let diffCase = DifferentialHarness.DiffCase(index: 0, text: text, spec: spec, offsets: DifferentialHarness.offsets(extra: []),
                                settings: DifferentialHarness.settings(for: spec, &rng))
        let report = try DifferentialHarness.runDifferential([diffCase], swiftc: swiftc, label: "file")
        for failure in report.buildFailures { XCTFail(failure) }
        for failure in report.mismatchReports { XCTFail(failure) }
        // Where both sides are NaN, only NaN-ness is part of the contract: IEEE 754 leaves open which NaN
        // an operation returns, LLVM may swap the operands of + and *, and it rewrites some libm calls
        // (pow(x, 1) becomes x, keeping x's NaN where glibc returns another). They are counted and shown.
        for note in report.nanReports { print("note: \(note)") }
        print("compared \(report.valuesCompared) values, \(report.mismatchCount) mismatches, \(report.nanMismatchCount) NaN bit differences")
    }

    // MARK: Names

    /// Swift keywords as the names of blocks, properties, inputs and values; `Type` as a block's name.
    func testSwiftKeywordNamesCompileAndAgree() throws {
        let swiftc = try DifferentialHarness.findSwiftc()
        let text = """
            header Keywords
            input default: pt = 10
            input self = 1.5
            input in = false
            input Type = 2
            input protocol: pt = 4
            let return = default + 20pt
            let repeat = self * 2
            let where = in ? 1 : 0
            Type {
                height = return + protocol
                self: pt = default * Type
                in: number = repeat + where
                default: bool = not in
            }
            default {
                protocol: pt = keyframes(offset) { 0: default, 100pt: return via easeOut }
                Type: number = Type
                self: bool = in
            }
            self {
                in: number = progress(offset, 0, default)
            }
            protocol {
                opacity = where
            }
            in {
                scale = repeat
            }

            """
        let compilation = Compilation(path: "keywords.header", text: text)
        guard let spec = compilation.spec else {
            XCTFail(DifferentialHarness.render(compilation))
            return
        }
        var rng = SeededGenerator(seed: 7)
        let diffCase = DifferentialHarness.DiffCase(index: 0, text: text, spec: spec, offsets: DifferentialHarness.offsets(extra: [10, 100]),
                                settings: DifferentialHarness.settings(for: spec, &rng))
        let report = try DifferentialHarness.runDifferential([diffCase], swiftc: swiftc, label: "keywords")
        for failure in report.buildFailures { XCTFail(failure) }
        for failure in report.mismatchReports { XCTFail(failure) }
        // Where both sides are NaN, only NaN-ness is part of the contract: IEEE 754 leaves open which NaN
        // an operation returns, LLVM may swap the operands of + and *, and it rewrites some libm calls
        // (pow(x, 1) becomes x, keeping x's NaN where glibc returns another). They are counted and shown.
        for note in report.nanReports { print("note: \(note)") }
        XCTAssertGreaterThan(report.framesCompared, 0)
    }

    /// Names that a generated function also uses (its temporaries, kernel locals, library names).
    /// Found: `let abs = ...` becomes `static func abs(offset:)` in the enum, which hides Swift's `abs`
    /// from the curve solver and the settle helper ("use of 'abs' refers to instance method rather than
    /// global function 'abs' in module 'Swift'").
    func testHostileValueNamesCompileAndAgree() throws {
        let swiftc = try DifferentialHarness.findSwiftc()
        var cases: [DifferentialHarness.DiffCase] = []
        var rng = SeededGenerator(seed: 11)
        for (index, name) in (SpecGenerator.hostileNames + SpecGenerator.swiftTypeNames).enumerated() {
            let text = """
                header Hostile
                input inLen: pt = 5
                curve c0 = cubicBezier(0.3, -0.5, 0.7, 1.5)
                let \(name) = progress(offset, 0, 100pt + inLen)
                let other = keyframes(offset) { 0: 1, 50pt: \(name) via steps(3, end), 100pt: 0 via c0 }
                cover {
                    height = 190pt * c0(\(name)) + max(0, -offset)
                    scale = mix(other, \(name), easeOut(\(name)))
                    opacity = linear(0, 0.25 75%, 1)(\(name)) * spring(response: 0.35, dampingFraction: 0.8)(other)
                }
                snap rest { 0pt, inLen + 44pt }

                """
            let compilation = Compilation(path: "hostile\(index).header", text: text)
            guard let spec = compilation.spec else {
                // Refusing such a name is acceptable; only accepted names must work.
                continue
            }
            cases.append(DifferentialHarness.DiffCase(index: index, text: text, spec: spec, offsets: DifferentialHarness.offsets(extra: [50, 100]),
                                  settings: DifferentialHarness.settings(for: spec, &rng)))
        }
        let report = try DifferentialHarness.runDifferential(cases, swiftc: swiftc, label: "hostile")
        for failure in report.buildFailures { XCTFail(failure) }
        for failure in report.mismatchReports { XCTFail(failure) }
        // Where both sides are NaN, only NaN-ness is part of the contract: IEEE 754 leaves open which NaN
        // an operation returns, LLVM may swap the operands of + and *, and it rewrites some libm calls
        // (pow(x, 1) becomes x, keeping x's NaN where glibc returns another). They are counted and shown.
        for note in report.nanReports { print("note: \(note)") }
    }

    // MARK: Regressions found by the differential test

    /// `extend` is a keyword, so the parser does not take it as an argument label and
    /// `keyframes(x, extend: both)`, the documented spelling, is refused.
    func testKeyframesExtendOptionParses() {
        for mode in ["before", "after", "both", "none"] {
            let text = "header A\ncover {\n    height = keyframes(offset, extend: \(mode)) { 0: 0pt, 100pt: 50pt }\n}\n"
            let compilation = Compilation(path: "extend.header", text: text)
            XCTAssertNotNil(compilation.spec, DifferentialHarness.render(compilation))
        }
    }

    /// Found by the differential test: a keyframe segment is emitted as `from + (to - from) * t` with
    /// `from` pasted unparenthesised after the `-`, so `0: offset + 10pt` became `to - offset + 10`.
    /// At offset 50 the interpreter gives 30 and the generated code 40.
    func testKeyframeSegmentParenthesisesTheStartValue() throws {
        try assertAgrees("""
            header K
            cover {
                height = keyframes(offset) { 0: offset + 10pt, 100pt: 0pt }
                opacity = keyframes(offset) { 0: 1 - 0.5, 100pt: 0 via easeOut }
            }

            """)
    }

    /// Found by the generator: a state without a type annotation takes its type from its initial value
    /// (here number), but every use of it is typed as a length, so the spec does not check.
    func testUnannotatedNumberStateIsANumber() {
        let text = "header S\nstate s = 0.5 in 0...1 {\n    next = s + 0.1\n}\ncover {\n    opacity = s\n}\n"
        let compilation = Compilation(path: "state.header", text: text)
        XCTAssertNotNil(compilation.spec, DifferentialHarness.render(compilation))
    }

    /// Found by the differential test: a comparison of two constants that folding leaves alone (a
    /// single-stop keyframes, or an infinite or NaN operand) is emitted as `18.5 < 2.0`, which swiftc
    /// rejects with Foundation imported ("ambiguous use of operator '<'": Double or CGFloat).
    func testComparisonOfUnfoldedConstantsCompiles() throws {
        try assertAgrees("""
            header C
            cover {
                visible = keyframes(offset) { 0: 18.5 } < 2
                hidden = 1 / 0 > 5
                interactive = (0 / 0) == (0 / 0)
            }

            """)
    }

    /// A state whose initial value reads inputs is set in `advance` from the body of that initial value,
    /// which the file's math functions and curve kernels must cover too: with `pow` or a curve only there,
    /// the generated Swift called a `mathPow` it did not declare.
    func testInitialValueFromInputsHasItsMathAndCurves() throws {
        try assertAgrees("""
            header I
            input k in 0...4 = 2
            state peak: pt = 10pt * pow(k, 0.5) + 5pt * ease(k / 4) { next = max(peak, offset) }
            cover {
                height = peak
            }

            """)
    }

    /// Found by the strict compile: `5e-324` (a subnormal) is emitted as the literal `5e-324`, on which
    /// swiftc warns "'5e-324' underflows and loses precision", an error under -warnings-as-errors.
    func testSubnormalLiteralCompilesWithoutWarnings() throws {
        let swiftc = try DifferentialHarness.findSwiftc()
        let text = "header D\ncover {\n    height = max(offset, 5e-324pt)\n    opacity = 2.2250738585072014e-308 + offset / 1pt\n}\n"
        let compilation = Compilation(path: "subnormal.header", text: text)
        guard let spec = compilation.spec else { return XCTFail(DifferentialHarness.render(compilation)) }
        let directory = try DifferentialHarness.makeDirectory("subnormal")
        defer { try? FileManager.default.removeItem(at: directory) }
        try SwiftEmitter(spec: spec, sourcePath: "subnormal.header", enumName: "SubnormalMath").emit()
            .write(to: directory.appendingPathComponent("Subnormal.swift"), atomically: true, encoding: .utf8)
        let result = try DifferentialHarness.run(swiftc, ["-parse-as-library", "-typecheck", "-warnings-as-errors", "Subnormal.swift"], in: directory)
        XCTAssertEqual(result.status, 0, result.output)
        try assertAgrees(text)
    }

    /// Found by the differential test: a NaN made from constants (`0 / 0`, `sqrt(-1)`) is left unfolded
    /// and computed at run time by the interpreter (x86's default NaN, sign bit set: 0xfff8000000000000),
    /// but swiftc -O folds the emitted `0.0 / 0.0` to 0x7ff8000000000000, so the bits differ.
    func testConstantNaNHasTheInterpretersBits() throws {
        try assertAgrees("""
            header N
            cover {
                opacity = (0 / 0) + offset / 1pt
                scale = sqrt(-1)
            }

            """)
    }

    /// Found by the strict compile: a keyframes with `extend: before` whose first segment holds never
    /// reads its first position, and a single-stop keyframes never reads its driver, yet both are
    /// hoisted into `let`s: "immutable value 't1' was never used" fails -warnings-as-errors.
    func testUnusedKeyframeTemporariesCompileWithoutWarnings() throws {
        let swiftc = try DifferentialHarness.findSwiftc()
        let text = """
            header U
            cover {
                x = keyframes(offset, extend: before) { 300pt: 7.25pt, 1000000pt: 18.625pt via hold }
                y = max(89.25pt, keyframes(offset) { 0: 13pt })
            }

            """
        let compilation = Compilation(path: "unused.header", text: text)
        guard let spec = compilation.spec else { return XCTFail(DifferentialHarness.render(compilation)) }
        let directory = try DifferentialHarness.makeDirectory("unused")
        defer { try? FileManager.default.removeItem(at: directory) }
        try SwiftEmitter(spec: spec, sourcePath: "unused.header", enumName: "UnusedMath").emit()
            .write(to: directory.appendingPathComponent("Unused.swift"), atomically: true, encoding: .utf8)
        let result = try DifferentialHarness.run(swiftc, ["-parse-as-library", "-emit-sil", "-o", "/dev/null", "-warnings-as-errors", "Unused.swift"],
                                  in: directory)
        XCTAssertEqual(result.status, 0, result.output)
    }

    /// Runs one spec through the differential and fails on any difference.
    func assertAgrees(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let swiftc = try DifferentialHarness.findSwiftc()
        let compilation = Compilation(path: "case.header", text: text)
        guard let spec = compilation.spec else { return XCTFail(DifferentialHarness.render(compilation), file: file, line: line) }
        var rng = SeededGenerator(seed: 3)
        let diffCase = DifferentialHarness.DiffCase(index: 0, text: text, spec: spec, offsets: DifferentialHarness.offsets(extra: []),
                                settings: DifferentialHarness.settings(for: spec, &rng))
        let report = try DifferentialHarness.runDifferential([diffCase], swiftc: swiftc, label: "case-\(line)")
        for failure in report.buildFailures + report.mismatchReports + report.nanReports { XCTFail(failure, file: file, line: line) }
        XCTAssertGreaterThan(report.valuesCompared, 0, file: file, line: line)
    }
}
