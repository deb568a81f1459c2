import Foundation
import XCTest
@testable import HeaderKit

/// The commands for tools and editors: `fmt`, `check --format json`, and `-` for standard input.
final class ToolCommandTests: XCTestCase {
    private var scratch: URL!

    override func setUpWithError() throws {
        scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("headerc-tool-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        if let scratch { try? FileManager.default.removeItem(at: scratch) }
    }

    private func write(_ name: String, _ text: String) throws -> String {
        let url = scratch.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    private func read(_ path: String) throws -> String {
        String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
    }

    private func run(_ arguments: [String], input: String) -> Driver.Outcome {
        StandardInput.$read.withValue({ Data(input.utf8) }) { Driver.run(arguments) }
    }

    private let messy = "header F\nv { height = 1+2\n  opacity=0.5 }\n"
    private let tidy = "header F\nv {\n    height = 1 + 2\n    opacity = 0.5\n}\n"
    /// `nope` is not declared: the checker's error, which fmt does not look for.
    private let checkerError = "header F\nv {\n  height = nope }\n"
    /// The '{' on line 2 is never closed: a syntax error.
    private let syntaxError = "header F\nv {\n    height = 1\n"

    // MARK: fmt

    func testFormatPrints() throws {
        let path = try write("a.header", messy)
        let outcome = Driver.run(["fmt", path])
        XCTAssertEqual(outcome.exitCode, 0)
        XCTAssertEqual(outcome.standardOutput, tidy)
        XCTAssertEqual(outcome.standardError, "")
        XCTAssertEqual(try read(path), messy, "fmt without --in-place changes nothing")
    }

    func testFormatInPlace() throws {
        let changed = try write("a.header", messy)
        let formatted = try write("b.header", tidy)
        let before = try FileManager.default.attributesOfItem(atPath: formatted)[.modificationDate] as? Date
        let outcome = Driver.run(["fmt", "--in-place", changed, formatted])
        XCTAssertEqual(outcome.exitCode, 0)
        XCTAssertEqual(outcome.standardOutput, "")
        XCTAssertEqual(try read(changed), tidy)
        XCTAssertEqual(try read(formatted), tidy)
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: formatted)[.modificationDate] as? Date, before,
                       "a file already formatted is not rewritten")
        // No temporary file is left behind.
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch.path).sorted(), ["a.header", "b.header"])
    }

    func testFormatInPlaceThroughASymbolicLink() throws {
        let target = try write("real.header", messy)
        let link = scratch.appendingPathComponent("link.header").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        XCTAssertEqual(Driver.run(["fmt", "--in-place", link]).exitCode, 0)
        XCTAssertEqual(try read(target), tidy)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link), target, "the link stays a link")
    }

    func testFormatCheck() throws {
        let changed = try write("a.header", messy)
        let formatted = try write("b.header", tidy)
        let outcome = Driver.run(["fmt", "--check", changed, formatted])
        XCTAssertEqual(outcome.exitCode, 1)
        XCTAssertEqual(outcome.standardOutput, "\(changed)\n", "only the file that would change is named")
        XCTAssertEqual(try read(changed), messy, "--check changes nothing")
        let clean = Driver.run(["fmt", "--check", formatted])
        XCTAssertEqual(clean.exitCode, 0)
        XCTAssertEqual(clean.standardOutput, "")
    }

    func testFormatSyntaxErrorChangesNothing() throws {
        let broken = try write("broken.header", syntaxError)
        let fine = try write("fine.header", messy)
        let outcome = Driver.run(["fmt", "--in-place", broken, fine])
        XCTAssertEqual(outcome.exitCode, 1)
        XCTAssertEqual(try read(broken), syntaxError)
        XCTAssertEqual(try read(fine), tidy, "the other files are still formatted")
        XCTAssertTrue(outcome.standardError.hasPrefix("\(broken):2:3: error: expected '}' to close the '{' opened at line 2"),
                      outcome.standardError)
        let printed = Driver.run(["fmt", broken])
        XCTAssertEqual(printed.exitCode, 1)
        XCTAssertEqual(printed.standardOutput, "")
    }

    func testFormatLeavesCheckerErrorsToCheck() throws {
        let outcome = run(["fmt", "-"], input: checkerError)
        XCTAssertEqual(outcome.exitCode, 0)
        XCTAssertEqual(outcome.standardOutput, "header F\nv {\n    height = nope\n}\n")
    }

    func testFormatUsage() {
        for arguments in [["fmt"], ["fmt", "--check", "--in-place", "a.header"], ["fmt", "--tabs", "a.header"],
                          ["fmt", "--in-place", "-"], ["fmt", "-", "-"], ["check", "-", "-"], ["check", "--format", "xml", "a"],
                          ["check", "--format"], ["help", "fmtx"]] {
            let outcome = Driver.run(arguments)
            XCTAssertEqual(outcome.exitCode, 2, "\(arguments)")
            XCTAssertEqual(outcome.standardError.filter { $0 == "\n" }.count, 1, "\(arguments): \(outcome.standardError)")
        }
        XCTAssertTrue(Driver.run(["help", "fmt"]).standardOutput.contains("--in-place"))
        XCTAssertTrue(Driver.run(["--help"]).standardOutput.contains("fmt"))
        XCTAssertTrue(Driver.run(["help", "check"]).standardOutput.contains("--format json"))
    }

    // MARK: standard input

    func testStandardInput() {
        let image = "header StretchyImage\n\nimage {\n    height = 300pt + max(0, -offset)\n}\n"
        let eval = run(["eval", "-", "--at", "-50,10", "--format", "csv"], input: image)
        XCTAssertEqual(eval.exitCode, 0)
        XCTAssertEqual(eval.standardOutput, "offset,image.height\n-50.0,350.0\n10.0,300.0\n")

        let compile = run(["compile", "-"], input: image)
        XCTAssertEqual(compile.exitCode, 0)
        XCTAssertTrue(compile.standardOutput.hasPrefix("// Generated by headerc \(Headerc.version) from <stdin>: edit the spec, not this file.\n"),
                      compile.standardOutput)
        XCTAssertTrue(compile.standardOutput.contains("nonisolated enum StretchyImageMath"))

        let check = run(["check", "-"], input: checkerError)
        XCTAssertEqual(check.exitCode, 1)
        XCTAssertTrue(check.standardError.hasPrefix("<stdin>:3:12: error: unknown name 'nope'"), check.standardError)

        let format = run(["fmt", "-"], input: messy)
        XCTAssertEqual(format.standardOutput, tidy)
        let formatCheck = run(["fmt", "--check", "-"], input: messy)
        XCTAssertEqual(formatCheck.exitCode, 1)
        XCTAssertEqual(formatCheck.standardOutput, "<stdin>\n")
        let formatError = run(["fmt", "-"], input: syntaxError)
        XCTAssertEqual(formatError.exitCode, 1)
        XCTAssertTrue(formatError.standardError.hasPrefix("<stdin>:2:3: error:"), formatError.standardError)
    }

    // MARK: check --format json

    private func json(_ outcome: Driver.Outcome, file: StaticString = #filePath, line: UInt = #line) throws -> [[String: Any]] {
        let object = try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: Any]
        return try XCTUnwrap(object?["diagnostics"] as? [[String: Any]], outcome.standardOutput, file: file, line: line)
    }

    func testCheckJSON() throws {
        // 1️⃣ to 2️⃣: the second `a`; 3️⃣ to 4️⃣: the first, which the note points at; 5️⃣ to 6️⃣: `nope`.
        let marked = Markers.extract("header E\nlet 3️⃣a4️⃣ = 1\nlet 1️⃣a2️⃣ = 2\ncover {\n    height = 5️⃣nope6️⃣\n}\n")
        let path = try write("e.header", marked.text)
        let outcome = Driver.run(["check", "--format", "json", path])
        XCTAssertEqual(outcome.exitCode, 1)
        XCTAssertEqual(outcome.standardError, "", "the diagnostics go to standard output, as JSON only")
        let diagnostics = try json(outcome)
        XCTAssertEqual(diagnostics.count, 2)
        func assertAt(_ entry: [String: Any], _ start: Character, _ end: Character, line: UInt = #line) {
            XCTAssertEqual(entry["file"] as? String, path, line: line)
            XCTAssertEqual(entry["line"] as? Int, marked[start].line, line: line)
            XCTAssertEqual(entry["column"] as? Int, marked[start].column, line: line)
            XCTAssertEqual(entry["endLine"] as? Int, marked[end].line, line: line)
            XCTAssertEqual(entry["endColumn"] as? Int, marked[end].column, line: line)
        }
        let duplicate = diagnostics[0]
        XCTAssertEqual(duplicate["severity"] as? String, "error")
        XCTAssertEqual(duplicate["message"] as? String, "duplicate declaration of 'a'")
        assertAt(duplicate, "1️⃣", "2️⃣")
        let notes = try XCTUnwrap(duplicate["notes"] as? [[String: Any]])
        XCTAssertEqual(notes.count, 1)
        XCTAssertEqual(notes.first?["message"] as? String, "'a' is first declared here")
        if let note = notes.first { assertAt(note, "3️⃣", "4️⃣") }
        let unknown = diagnostics[1]
        XCTAssertEqual(unknown["message"] as? String, "unknown name 'nope'")
        assertAt(unknown, "5️⃣", "6️⃣")
        XCTAssertEqual((unknown["notes"] as? [Any])?.count, 0)
    }

    func testCheckJSONWarningsSeveralFilesAndStandardInput() throws {
        // A warning: division by the literal 0, the `0` at line 3, column 23.
        let warning = "header W\nv {\n    height = offset / 0\n}\n"
        let clean = try write("clean.header", "header C\nv {\n    height = 1\n}\n")
        let outcome = run(["check", "--format", "json", clean, "-", "missing.header"], input: warning)
        XCTAssertEqual(outcome.exitCode, 1, "a file that cannot be read is an error")
        XCTAssertEqual(outcome.standardError, "headerc: cannot read 'missing.header': no such file\n")
        let diagnostics = try json(outcome)
        XCTAssertEqual(diagnostics.count, 1)
        XCTAssertEqual(diagnostics.first?["file"] as? String, "<stdin>")
        XCTAssertEqual(diagnostics.first?["severity"] as? String, "warning")
        XCTAssertEqual(diagnostics.first?["line"] as? Int, 3)
        XCTAssertEqual(diagnostics.first?["column"] as? Int, 23)
        XCTAssertEqual(diagnostics.first?["endColumn"] as? Int, 24)

        let none = Driver.run(["check", "--format", "json", clean])
        XCTAssertEqual(none.exitCode, 0)
        XCTAssertEqual(none.standardOutput, "{\"diagnostics\": []}\n")
        XCTAssertEqual(Driver.run(["check", "--format", "text", clean]).exitCode, 0)
    }

    func testJSONStrings() {
        XCTAssertEqual(JSONString.quoted("a\"b\\c\nd\u{1}é"), "\"a\\\"b\\\\c\\nd\\u0001é\"")
    }

    // MARK: the built binary, reading a real standard input

    func testBinaryReadsStandardInput() throws {
        let candidates = [Bundle.main.bundleURL.appendingPathComponent("headerc"),
                          Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("headerc"),
                          PackagePaths.url(".build/debug/headerc")]
        guard let binary = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw XCTSkip("no headerc binary")
        }
        let input = try write("in.header", messy)
        let result = try ProcessRunner.run(binary, ["fmt", "-"], input: URL(fileURLWithPath: input))
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.output, tidy)
    }
}
