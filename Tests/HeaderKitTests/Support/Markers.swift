import Foundation
import XCTest
@testable import HeaderKit

/// Location markers in the style of swift-syntax's `1️⃣`: a test writes a spec with markers where its
/// diagnostics should point, `Markers.extract` removes them and records where each one stood, and the
/// assertions compare a diagnostic's position with a marker instead of with hand-counted columns.
///
/// Lines and columns are 1-based and columns count Characters, as `SourceFile.location(of:)` does.
enum Markers {
    /// The recognised markers, in order.
    static let all: [Character] = ["0️⃣", "1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣", "8️⃣", "9️⃣", "🔟"]

    /// A spec's text with its markers taken out, and where each marker stood.
    struct Marked {
        let text: String
        let locations: [Character: SourceLocation]

        /// The location of a marker; a test that names a marker it did not write fails loudly.
        subscript(_ marker: Character) -> SourceLocation {
            guard let location = locations[marker] else {
                XCTFail("marker \(marker) does not appear in the text")
                return SourceLocation(line: 0, column: 0)
            }
            return location
        }
    }

    static func extract(_ text: String) -> Marked {
        var stripped = ""
        var locations: [Character: SourceLocation] = [:]
        var line = 1
        var column = 1
        for character in text {
            if all.contains(character) {
                precondition(locations[character] == nil, "marker \(character) appears twice")
                locations[character] = SourceLocation(line: line, column: column)
                continue
            }
            stripped.append(character)
            // A line ends at "\n", "\r\n" (one Character) or "\r" alone, as in SourceFile.
            if character.unicodeScalars.contains("\n") || character.unicodeScalars.contains("\r") {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return Marked(text: stripped, locations: locations)
    }
}

/// A spec compiled from marked text, with helpers to find and check its diagnostics.
struct MarkedCompilation {
    let marked: Markers.Marked
    let compilation: Compilation

    init(_ text: String, path: String = "test.header") {
        marked = Markers.extract(text)
        compilation = Compilation(path: path, text: marked.text)
    }

    var source: SourceFile { compilation.source }
    var diagnostics: [Diagnostic] { compilation.diagnostics.all }
    var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }
    var warnings: [Diagnostic] { diagnostics.filter { $0.severity == .warning } }
    var spec: CheckedSpec? { compilation.spec }

    subscript(_ marker: Character) -> SourceLocation { marked[marker] }

    func location(_ diagnostic: Diagnostic) -> SourceLocation { source.location(of: diagnostic.range.start) }
    func location(_ note: Diagnostic.Note) -> SourceLocation { source.location(of: note.range.start) }

    /// Every diagnostic as the compiler prints it, for failure messages.
    var rendered: String { DiagnosticRenderer(source: source).render(compilation.diagnostics.sorted) }

    /// Asserts that a diagnostic of `severity` whose message contains `fragment` starts at `location`,
    /// and returns it. Reports every diagnostic when there is no such one.
    @discardableResult
    func expect(_ fragment: String, at location: SourceLocation, severity: Diagnostic.Severity = .error,
                file: StaticString = #filePath, line: UInt = #line) -> Diagnostic? {
        let candidates = diagnostics.filter { $0.severity == severity && $0.message.contains(fragment) }
        if let match = candidates.first(where: { self.location($0) == location }) { return match }
        if candidates.isEmpty {
            XCTFail("no \(severity) containing \"\(fragment)\"; got:\n\(rendered)", file: file, line: line)
        } else {
            let found = candidates.map { "\(self.location($0).line):\(self.location($0).column)" }.joined(separator: ", ")
            XCTFail("\(severity) containing \"\(fragment)\" is at \(found), expected \(location.line):\(location.column); got:\n\(rendered)",
                    file: file, line: line)
        }
        return nil
    }

    /// Asserts the number of errors, showing them all when it differs (a cascade, or a missed error).
    func expectErrorCount(_ count: Int, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(errors.count, count, "errors:\n\(rendered)", file: file, line: line)
    }

    /// Asserts that the spec checked without errors and returns it.
    func expectValid(file: StaticString = #filePath, line: UInt = #line) -> CheckedSpec? {
        XCTAssertNil(errors.first, "unexpected errors:\n\(rendered)", file: file, line: line)
        XCTAssertNotNil(spec, file: file, line: line)
        return spec
    }
}

/// Compiling and evaluating specs in one call, keyed by `block.property`.
enum SpecHarness {
    /// The outputs of a spec at each offset (in order, so states follow the path), keyed by qualified name.
    static func frames(_ text: String, at offsets: [Double], inputs: [String: Value] = [:],
                       file: StaticString = #filePath, line: UInt = #line) -> [[String: Value]] {
        let compilation = Compilation(path: "eval.header", text: text)
        guard let spec = compilation.spec else {
            XCTFail("spec does not check:\n" + DiagnosticRenderer(source: compilation.source).render(compilation.diagnostics.sorted),
                    file: file, line: line)
            return offsets.map { _ in [:] }
        }
        let interpreter = Interpreter(spec: spec)
        for (name, value) in inputs.sorted(by: { $0.key < $1.key }) {
            XCTAssertTrue(interpreter.setInput(name, to: value), "cannot set input \(name)", file: file, line: line)
        }
        return offsets.map { offset in
            let values = interpreter.frame(at: offset)
            XCTAssertEqual(values.count, spec.outputs.count, file: file, line: line)
            var frame: [String: Value] = [:]
            for (output, value) in zip(spec.outputs, values) { frame[output.qualifiedName] = value }
            return frame
        }
    }

    static func frame(_ text: String, at offset: Double, inputs: [String: Value] = [:],
                      file: StaticString = #filePath, line: UInt = #line) -> [String: Value] {
        frames(text, at: [offset], inputs: inputs, file: file, line: line)[0]
    }

    /// The number an output holds, failing when it is missing or a bool.
    static func number(_ frame: [String: Value], _ name: String, file: StaticString = #filePath, line: UInt = #line) -> Double {
        // An empty frame is a spec that did not check, which `frames` has already reported.
        if frame.isEmpty { return .nan }
        guard case .number(let value)? = frame[name] else {
            XCTFail("\(name) is \(frame[name].map { "\($0)" } ?? "missing") in \(frame)", file: file, line: line)
            return .nan
        }
        return value
    }

    static func bool(_ frame: [String: Value], _ name: String, file: StaticString = #filePath, line: UInt = #line) -> Bool? {
        if frame.isEmpty { return nil }
        guard case .bool(let value)? = frame[name] else {
            XCTFail("\(name) is \(frame[name].map { "\($0)" } ?? "missing") in \(frame)", file: file, line: line)
            return nil
        }
        return value
    }

    /// The examples shipped with the package, by file name.
    static func examples() -> [(name: String, text: String)] {
        let directory = packageRoot.appendingPathComponent("Examples")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".header") }.sorted().compactMap { name in
            guard let text = try? String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8) else { return nil }
            return (name, text)
        }
    }

    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A fresh temporary directory, removed when the test ends.
    static func temporaryDirectory(_ test: XCTestCase) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("headerc-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        test.addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }
}
