import Foundation
import XCTest
@testable import HeaderKit

/// Inputs that must never crash or hang the compiler: empty and garbage files, truncations and mutations
/// of the examples, and pathological sizes. Huge inputs run in a child `headerc` process with a time
/// limit, so that a stack overflow or a hang fails one test instead of killing or stalling the whole run;
/// the rest run in-process through `Compilation`, `Interpreter` and `Driver.run`.
final class RobustnessTests: XCTestCase {
    private typealias H = SpecHarness

    /// Errors kept per file, plus the "too many errors" line.
    private let errorCap = Diagnostics.errorLimit + 1

    // MARK: Child process

    /// The `headerc` executable built beside the test bundle (`swift test` builds every product).
    private static let headerc: URL? = {
        var candidates: [URL] = []
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            candidates.append(bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("headerc"))
        }
        if let argument = CommandLine.arguments.first(where: { $0.hasSuffix(".xctest") }) {
            candidates.append(URL(fileURLWithPath: argument).deletingLastPathComponent().appendingPathComponent("headerc"))
        }
        candidates.append(H.packageRoot.appendingPathComponent(".build/debug/headerc"))
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    private struct ChildResult: Sendable {
        var status: Int32 = 0
        var crashed = false
        var timedOut = false
        var standardError = ""
        var seconds = 0.0
        var description: String {
            crashed ? "crashed with signal \(status)" : timedOut ? "did not finish" : "exited with \(status)"
        }
    }

    /// Runs `headerc` with `arguments`, ending it (by its own handle) when it outlives `timeout`.
    private static func runChild(_ arguments: [String], timeout: Double = 20) throws -> ChildResult {
        guard let headerc = Self.headerc else { throw XCTSkip("the headerc executable is not built") }
        let run = try ProcessRunner.run(headerc, arguments, environment: ["SWIFT_BACKTRACE": "enable=no"], timeout: timeout)
        var result = ChildResult()
        result.timedOut = run.timedOut
        result.seconds = run.seconds
        result.status = run.status
        result.crashed = run.crashed
        result.standardError = String(run.error.prefix(4000))
        return result
    }

    private func write(_ text: String, _ name: String) throws -> String {
        let url = try H.temporaryDirectory(self).appendingPathComponent(name)
        try text.write(to: url, atomically: false, encoding: .utf8)
        return url.path
    }

    /// Several specs through `headerc eval` at once (two at a time), then asserts for each
    /// that it exited with 0 or 1 in time; returns the names that survived.
    @discardableResult
    private func assertChildrenSurvive(_ cases: [(name: String, text: String)], timeout: Double = 20,
                                       file: StaticString = #filePath, line: UInt = #line) throws -> Set<String> {
        guard Self.headerc != nil else { throw XCTSkip("the headerc executable is not built") }
        let paths = try cases.map { try write($0.text, "\($0.name).header") }
        let results = Concurrently.map(paths) { path in try? RobustnessTests.runChild(["eval", path, "--at", "0,100"], timeout: timeout) }
        var survivors: Set<String> = []
        for (entry, result) in zip(cases, results) {
            guard let result else {
                XCTFail("\(entry.name): headerc could not be started", file: file, line: line)
                continue
            }
            let survived = !result.crashed && !result.timedOut && [0, 1].contains(result.status)
            XCTAssertTrue(survived, "\(entry.name): headerc eval \(result.description) after \(String(format: "%.1f", result.seconds)) s\n"
                          + result.standardError.prefix(1500), file: file, line: line)
            if survived { survivors.insert(entry.name) }
        }
        return survivors
    }

    // MARK: In-process

    /// Compiles in-process, and evaluates when valid; the diagnostics stay capped and their rendering small.
    @discardableResult
    private func compileSafely(_ text: String, _ name: String, maximumRendered: Int = 64_000,
                               file: StaticString = #filePath, line: UInt = #line) -> Compilation {
        let compilation = Compilation(path: name, text: text)
        let errors = compilation.diagnostics.errors.count
        XCTAssertLessThanOrEqual(errors, errorCap, "\(name)", file: file, line: line)
        XCTAssertEqual(compilation.spec == nil, compilation.diagnostics.hasErrors, "\(name)", file: file, line: line)
        let rendered = DiagnosticRenderer(source: compilation.source).render(compilation.diagnostics.sorted)
        XCTAssertLessThanOrEqual(rendered.utf8.count, maximumRendered, "\(name): rendering is \(rendered.utf8.count) bytes",
                                 file: file, line: line)
        if let spec = compilation.spec {
            let interpreter = Interpreter(spec: spec)
            for offset in [-100.0, 0, 37.5, 1e9] {
                XCTAssertEqual(interpreter.frame(at: offset).count, spec.outputs.count, file: file, line: line)
            }
        }
        return compilation
    }

    private func timed(_ what: String, limit: Double, _ body: () throws -> Void, file: StaticString = #filePath, line: UInt = #line) rethrows {
        let start = Date()
        try body()
        let seconds = Date().timeIntervalSince(start)
        XCTAssertLessThan(seconds, limit, "\(what) took \(String(format: "%.2f", seconds)) s", file: file, line: line)
    }

    // MARK: Degenerate files

    func testEmptyAndCommentOnlyFiles() throws {
        for text in ["", " ", "\n\n\n", "\t\r\n", "// only a comment", "/* block */", "/// doc\n// more\n/* and /* nested */ */\n",
                     "header", "header A", "header A\n", "header A\ncover {}", "header A\ncover { }\n", "\u{FEFF}header A\n"] {
            compileSafely(text, "degenerate.header")
        }
        let empty = Compilation(path: "e.header", text: "")
        XCTAssertNil(empty.spec)
        XCTAssertEqual(empty.diagnostics.errors.count, 1, "\(empty.diagnostics.all)")
        XCTAssertEqual(empty.diagnostics.errors.first?.message, "a spec starts with 'header Name'")

        let path = try write("", "empty.header")
        XCTAssertEqual(Driver.run(["check", path]).exitCode, 1)
        let comments = try write("// nothing\n/* here */\n", "comments.header")
        XCTAssertEqual(Driver.run(["eval", comments, "--at", "0,100"]).exitCode, 1)
        // The smallest valid spec evaluates.
        let smallest = try write("header A\ncover { height = offset }\n", "small.header")
        let outcome = Driver.run(["eval", smallest, "--at", "0,100"])
        XCTAssertEqual(outcome.exitCode, 0, outcome.standardError)
    }

    func testBinaryGarbage() throws {
        let directory = try H.temporaryDirectory(self)
        try timed("garbage", limit: 6) {
            for seed in UInt64(0)..<200 {
                var generator = SeededGenerator(seed: seed)
                let count = Int.random(in: 0...2000, using: &generator)
                var bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
                if seed % 3 == 0, !bytes.isEmpty { bytes[0] = 0 }                       // a NUL first
                if seed % 5 == 0 { bytes = Array("header G\ncover { height = ".utf8) + bytes }  // garbage in a spec
                if seed % 7 == 0 { bytes += [0xC3, 0x28, 0xE2, 0x82, 0xFF, 0xFE, 0x00] }       // invalid UTF-8
                if seed < 30 {
                    // Through a file, as the command line reads it (invalid UTF-8 is repaired on reading).
                    let url = directory.appendingPathComponent("garbage\(seed).header")
                    try Data(bytes).write(to: url)
                    let check = Driver.run(["check", url.path])
                    XCTAssertTrue([0, 1].contains(check.exitCode), "seed \(seed)")
                    XCTAssertLessThan(check.standardError.utf8.count, 64_000, "seed \(seed)")
                    let eval = Driver.run(["eval", url.path, "--at", "0,100"])
                    XCTAssertTrue([0, 1].contains(eval.exitCode), "seed \(seed)")
                } else {
                    compileSafely(String(decoding: bytes, as: UTF8.self), "garbage\(seed).header")
                }
            }
        }
    }

    /// 4 KB of random bytes through `check`: the unreadable bytes are shown masked, not as three-byte
    /// replacement characters, and where the errors are cut the output says so.
    func testRandomBytesAreReportedBrieflyAndTheCutIsSaid() throws {
        var generator = SeededGenerator(seed: 0x4B42)
        let bytes = (0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let url = try write("", "random.header")
        try Data(bytes).write(to: URL(fileURLWithPath: url))
        let check = Driver.run(["check", url])
        XCTAssertEqual(check.exitCode, 1)
        XCTAssertFalse(check.standardError.contains("\u{FFFD}"), "unreadable bytes are masked")
        XCTAssertTrue(check.standardError.contains("only the first 50 are shown, and checking stops here; more were cut"),
                      String(check.standardError.suffix(400)))
        XCTAssertLessThan(check.standardError.utf8.count, 16_000)
    }

    // MARK: Truncations and mutations of the examples

    func testEveryPrefixOfEveryExample() throws {
        let examples = H.examples()
        XCTAssertFalse(examples.isEmpty, "no examples found")
        // A guard against a cost that grows faster than the text (a debug build, five examples, the longest cut
        // sparsely past its first 4 KB: about 11 s), not a measure of speed, which headerc-bench takes.
        try timed("prefixes", limit: 20) {
            for example in examples {
                XCTAssertNotNil(Compilation(path: example.name, text: example.text).spec, "\(example.name) does not check")
                let bytes = Array(Self.withoutTrailingComments(example.text).utf8)
                for length in 0...bytes.count where Self.cutsAt(length, of: bytes) {
                    let prefix = String(decoding: bytes[..<length], as: UTF8.self)
                    compileSafely(prefix, "\(example.name)[..<\(length)]")
                }
                // A few through the command line.
                for length in stride(from: 0, through: bytes.count, by: max(1, bytes.count / 5)) {
                    let path = try write(String(decoding: bytes[..<length], as: UTF8.self), "prefix\(length).header")
                    XCTAssertTrue([0, 1].contains(Driver.run(["check", path]).exitCode))
                    XCTAssertTrue([0, 1].contains(Driver.run(["eval", path, "--at", "0,100"]).exitCode))
                }
            }
        }
    }

    /// Where an example is cut: at every byte of its first 4 KB, and past them within a byte of each line break
    /// and at every 32nd byte, so that a long example (CollapsingToolbar's lookup tables) costs in proportion to
    /// its length rather than to its square, every kind of line still cut everywhere in the shorter ones.
    static func cutsAt(_ length: Int, of bytes: [UInt8]) -> Bool {
        if length <= 4096 || length % 32 == 0 || length == bytes.count { return true }
        return (length - 1...length + 1).contains { $0 >= 0 && $0 < bytes.count && bytes[$0] == UInt8(ascii: "\n") }
    }

    /// The text up to the end of its last line of code: the comment lines after it (an example's layout
    /// expectations) cut at every byte are only more of the comments cut before.
    static func withoutTrailingComments(_ text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        while let last = lines.last, last.trimmingCharacters(in: .whitespaces).isEmpty || last.hasPrefix("//") { lines.removeLast() }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Token-level mutations (delete, insert, swap, duplicate) of the examples, seeded.
    func testRandomMutationsOfTheExamples() throws {
        let examples = H.examples()
        XCTAssertFalse(examples.isEmpty)
        let pool = ["(", ")", "{", "}", ",", ":", "=", "?", "+", "-", "*", "/", "<", "==", "and", "not", "!", "...", "%",
                    "0", "1", "-1", "0.5", "1e308", "190pt", "0pt", "true", "false", "offset", "delta", "let", "input", "curve",
                    "state", "snap", "header", "keyframes", "via", "hold", "extend", "max", "min", "clamp", "progress", "easeIn",
                    "cubicBezier", "steps", "linear", "spring", "x", "cover", "height", "\n", "//", "/*", "*/", "@", "é", ".5"]
        var generator = SeededGenerator(seed: 2024)
        var valid = 0
        try timed("mutations", limit: 12) {
            for example in examples {
                var diagnostics = Diagnostics()
                let source = SourceFile(path: example.name, text: example.text)
                let ranges = Lexer.tokenize(source, into: &diagnostics).map(\.range).filter { $0.end > $0.start }
                let pieces = ranges.map { source.text(of: $0) }
                for round in 0..<600 {
                    var tokens = pieces
                    for _ in 0..<Int.random(in: 1...3, using: &generator) where !tokens.isEmpty {
                        let index = Int.random(in: 0..<tokens.count, using: &generator)
                        switch Int.random(in: 0..<4, using: &generator) {
                        case 0: tokens.remove(at: index)
                        case 1: tokens.insert(pool.randomElement(using: &generator)!, at: index)
                        case 2: tokens.swapAt(index, Int.random(in: 0..<tokens.count, using: &generator))
                        default: tokens.insert(tokens[index], at: index)
                        }
                    }
                    let text = "header M\n" + tokens.dropFirst(2).joined(separator: round % 2 == 0 ? " " : "\n")
                    let compilation = compileSafely(text, "\(example.name)#\(round)")
                    if compilation.spec != nil { valid += 1 }
                    if round % 200 == 0 {
                        let path = try write(text, "mutation\(round).header")
                        XCTAssertTrue([0, 1].contains(Driver.run(["eval", path, "--at", "0,100"]).exitCode))
                    }
                }
            }
        }
        // Some mutations stay valid (a swapped pair of equal tokens, say), so the interpreter ran on them too.
        XCTAssertGreaterThan(valid, 0)
    }

    // MARK: Pathological sizes

    private func nested(_ count: Int, open: String, middle: String, close: String) -> String {
        String(repeating: open, count: count) + middle + String(repeating: close, count: count)
    }

    /// 100,000 levels of each kind of nesting, and a 100,000-term chain, through `headerc eval` in a child
    /// process; each must be refused with a bounded number of errors, in time.
    func testHundredThousandLevelsInAChildProcess() throws {
        let n = 100_000
        let cases: [(String, String)] = [
            ("parentheses", nested(n, open: "(", middle: "offset", close: ")")),
            ("unaryMinus", String(repeating: "-", count: n) + "offset"),
            ("additionChain", Array(repeating: "1pt", count: n).joined(separator: "+")),
            ("ternaries", String(repeating: "true ? 1pt : ", count: n) + "0pt"),
            ("keyframes", nested(n, open: "keyframes(", middle: "offset", close: ") { 0: 1 }") ),
            ("calls", nested(n, open: "abs(", middle: "offset", close: ")")),
        ]
        try timed("100,000 levels", limit: 15) {
            try assertChildrenSurvive(cases.map { ($0.0, "header Deep\ncover { height = \($0.1) }\ntitle { opacity = 1 }\n") })
        }
    }

    /// The same shapes at 2,000 in-process (a flat chain at 20,000, since 2,000 terms are not nesting):
    /// one error each, not a cascade, and the parse goes on to report the error on the next line.
    func testDeepNestingIsReportedOnceAndParsingGoesOn() {
        let n = 2_000
        let cases: [(String, String)] = [
            ("parentheses", nested(n, open: "(", middle: "offset", close: ")")),
            ("unaryMinus", String(repeating: "-", count: n) + "offset"),
            ("additionChain", Array(repeating: "1pt", count: 20_000).joined(separator: "+")),
            ("ternaries", String(repeating: "true ? 1pt : ", count: n) + "0pt"),
            ("keyframes", nested(n, open: "keyframes(", middle: "offset", close: ") { 0: 1pt }")),
            ("calls", nested(n, open: "abs(", middle: "offset", close: ")")),
        ]
        for (name, expression) in cases {
            for declaration in ["cover { height = \(expression) }", "let deep = \(expression)"] {
                let compiled = MarkedCompilation("header Deep\n\(declaration)\ntitle { opacity = 1️⃣nope }\n")
                let deep = compiled.errors.filter { $0.message.contains("too deeply nested") || $0.message.contains("too long") }
                XCTAssertEqual(deep.count, 1, "\(name) in '\(declaration.prefix(12))': \(compiled.errors.map(\.message))")
                XCTAssertTrue(compiled.errors.contains { $0.message.contains("unknown name 'nope'") && compiled.location($0) == compiled["1️⃣"] },
                              "\(name) in '\(declaration.prefix(12))': the error on the next line is lost: \(compiled.errors.map(\.message))")
                XCTAssertEqual(compiled.errors.count, 2, "\(name) in '\(declaration.prefix(12))': \(compiled.errors.map(\.message))")
            }
        }
    }

    /// A long chain of named values, each using the next (declared in the opposite order to their use):
    /// the checker must not recurse once per link. Likewise a long cycle, a long chain of named curves, and
    /// `max` of many arguments (a flat call in the source, which the checker lowers to nested pairs).
    func testLongChainsAndWideCalls() throws {
        let n = 2_000
        var chain = ["header Chain"]
        for index in 0..<n { chain.append("let a\(index) = a\(index + 1) + 1pt") }
        chain += ["let a\(n) = offset", "cover { height = a0 }"]
        var cycle = ["header Cycle"]
        for index in 0..<n { cycle.append("let a\(index) = a\((index + 1) % n) + 1pt") }
        cycle.append("cover { height = a0 }")
        var curves = ["header Curves"]
        for index in 0..<10_000 { curves.append("curve c\(index) = c\(index + 1)") }
        curves += ["curve c10000 = easeIn", "cover { opacity = c0(0.5) }"]
        let wide = Array(repeating: "offset", count: 100_000).joined(separator: ", ")
        let constants = (0..<20_000).map { "\($0 % 977)pt" }.joined(separator: ", ")
        try timed("chains", limit: 15) {
            try assertChildrenSurvive([
                ("valueChain", chain.joined(separator: "\n")),
                ("valueCycle", cycle.joined(separator: "\n")),
                ("curveChain", curves.joined(separator: "\n")),
                ("wideMax", "header Wide\ncover { height = max(\(wide)) }\n"),
                ("wideMin", "header Wide\ncover { height = min(offset, \(constants)) }\n"),
            ], timeout: 10)
        }
    }

    /// The same shapes within the checker's limits (chains of 256 values, 64 arguments), in-process: the
    /// cycle is one error.
    func testModerateChainsInProcess() {
        var cycle = ["header Cycle"]
        for index in 0..<200 { cycle.append("let a\(index) = a\((index + 1) % 200) + 1pt") }
        cycle.append("cover { height = a0 }")
        let compilation = compileSafely(cycle.joined(separator: "\n"), "cycle.header")
        XCTAssertEqual(compilation.diagnostics.errors.count, 1)
        XCTAssertEqual(compilation.diagnostics.errors.first?.message.hasPrefix("'a0' depends on itself: a0 -> a1 -> a2"), true)
        let wide = Array(repeating: "offset", count: 63).joined(separator: ", ")
        let spec = compileSafely("header Wide\ncover { height = max(\(wide), 5pt) }\n", "wide.header").spec
        XCTAssertEqual(spec.map { Interpreter(spec: $0).frame(at: 3) }, [.number(5)])
    }

    /// Size must cost linear time: 100,000 stops, and 10,000 named values with 1,000 outputs (each
    /// should take well under a second; a quadratic pass takes many).
    func testManyStopsAndManyDeclarations() throws {
        let stops = (0..<100_000).map { "\($0): \($0 % 2)" }.joined(separator: ", ")
        var lines = ["header Many"]
        for index in 0..<10_000 { lines.append("let v\(index) = offset * \(index)") }
        lines.append("cover {")
        for index in stride(from: 0, to: 10_000, by: 10) { lines.append("    p\(index): pt = v\(index)") }
        lines.append("}")
        // A hang detector on a debug build of a shared machine: the benchmark measures the cost itself.
        try timed("many", limit: 30) {
            try assertChildrenSurvive([
                ("manyStops", "header Stops\ncover { opacity = keyframes(offset / 1pt) { \(stops) } }\n"),
                ("manyDeclarations", lines.joined(separator: "\n")),
            ], timeout: 12)
        }
    }

    func testMillionCharacterLines() throws {
        let million = 1_000_000
        let cases: [(String, String)] = [
            ("longSum", "header L\ncover { height = " + String(repeating: "1 + ", count: million / 4) + "1 }\n"),
            ("longComment", "header L\n// " + String(repeating: "x", count: million) + "\ncover { height = 1 }\n"),
            ("longName", "header L\ncover { height = " + String(repeating: "a", count: million / 10) + " }\n"),
            ("longNumber", "header L\ncover { height = " + String(repeating: "9", count: million / 10) + " }\n"),
            ("longJunk", "header L\ncover { height = " + String(repeating: "@", count: million / 10) + " }\n"),
            ("longSpaces", "header L\ncover { height = " + String(repeating: " ", count: million / 10) + "offset }\n"),
        ]
        for (name, text) in cases {
            timed(name, limit: 5) {
                // The rendering shows a window of the line (and of any name it quotes), not a megabyte.
                let compilation = compileSafely(text, "\(name).header", maximumRendered: 20_000)
                if name == "longComment" || name == "longSpaces" { XCTAssertNotNil(compilation.spec, name) }
            }
        }
        let path = try write(cases[0].1, "long.header")
        XCTAssertEqual(Driver.run(["eval", path, "--at", "0,100"]).exitCode, 1)
    }

    func testDeeplyNestedBlockComments() throws {
        let n = 100_000
        let closed = "header C\n" + nested(n, open: "/* ", middle: "x", close: " */") + "\ncover { height = 1 }\n"
        let unclosed = "header C\n" + String(repeating: "/* ", count: n) + "x */\ncover { height = 1 }\n"
        timed("nested comments", limit: 10) {
            let valid = compileSafely(closed, "closed.header")
            XCTAssertNotNil(valid.spec, "\(valid.diagnostics.all.prefix(3))")
            let invalid = compileSafely(unclosed, "unclosed.header")
            XCTAssertEqual(invalid.diagnostics.errors.map(\.message), ["unterminated '/*' comment"])
        }
    }

    func testTenThousandErrorsStayCapped() throws {
        var parser = ["header Errors"]
        for _ in 0..<10_000 { parser.append("let = = )") }
        parser.append("cover { height = 1 }")
        var lexer = ["header Errors", "cover {"]
        for _ in 0..<10_000 { lexer.append("    height = 12px") }
        lexer.append("}")
        var types = ["header Errors", "cover {"]
        for index in 0..<10_000 { types.append("    p\(index): bool = \(index)") }
        types.append("}")
        for (name, lines) in [("parser", parser), ("lexer", lexer), ("types", types)] {
            let text = lines.joined(separator: "\n")
            try timed(name, limit: 5) {
                let compilation = compileSafely(text, "\(name).header", maximumRendered: 20_000)
                XCTAssertEqual(compilation.diagnostics.errors.count, errorCap, name)
                XCTAssertEqual(compilation.diagnostics.errors.last?.message.contains("too many errors"), true, name)
                let path = try write(text, "\(name).header")
                let outcome = Driver.run(["check", path])
                XCTAssertEqual(outcome.exitCode, 1)
                XCTAssertLessThan(outcome.standardError.utf8.count, 20_000, name)
            }
        }
    }

    /// 10,000 unknown names among 10,000 declarations: each "did you mean" must not cost a pass over every
    /// name (quadratic), and errors past the cap should cost nothing. Run in a child with a time limit.
    func testTenThousandUnknownNamesFinishQuickly() throws {
        var lines = ["header Errors"]
        for index in 0..<10_000 { lines.append("let v\(index) = missing\(index)") }
        lines.append("cover { height = 1 }")
        try timed("unknown names", limit: 5) {
            try assertChildrenSurvive([("unknownNames", lines.joined(separator: "\n"))], timeout: 3)
        }
    }
}
