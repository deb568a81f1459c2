import Foundation
@testable import HeaderKit

/// Every spec the package holds: the examples, the benchmark's spec, any `.header` file under Tests/, and
/// the specs written inside the tests as string literals (those that start with a `header` line and have
/// no interpolation, read as Swift reads them: escapes resolved, a multi-line literal without its closing
/// delimiter's indentation, position markers taken out). Tests of the whole language, such as the
/// formatter's, run over all of them.
enum SpecCorpus {
    struct Entry {
        let name: String
        let text: String
    }

    static func all() throws -> [Entry] {
        var entries: [Entry] = []
        let manager = FileManager.default
        var files = try manager.contentsOfDirectory(atPath: PackagePaths.url("Examples").path)
            .filter { $0.hasSuffix(".header") }.sorted().map { "Examples/\($0)" }
        files.append("Sources/headerc-bench/Specs/BezierBench.header")
        var testSources: [String] = []
        if let walker = manager.enumerator(atPath: PackagePaths.url("Tests").path) {
            for case let path as String in walker {
                if path.hasSuffix(".header") { files.append("Tests/\(path)") }
                if path.hasSuffix(".swift") { testSources.append("Tests/\(path)") }
            }
        }
        for file in files {
            entries.append(Entry(name: file, text: try PackagePaths.text(file)))
        }
        for file in testSources.sorted() {
            for (index, literal) in literals(in: try PackagePaths.text(file)).enumerated() {
                // Position markers (1️⃣) come out, as the tests that hold them take them out.
                entries.append(Entry(name: "\(file) literal \(index)", text: Markers.extract(literal).text))
            }
        }
        return entries
    }

    /// The multi-line string literals of a Swift file that hold a spec.
    static func literals(in swift: String) -> [String] {
        var result: [String] = []
        var body: [Substring]?
        for line in swift.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " }
            if var lines = body {
                if trimmed.hasPrefix("\"\"\"") {
                    let indent = line.count - trimmed.count
                    let text = lines.map { $0.count >= indent ? String($0.dropFirst(indent)) : "" }.joined(separator: "\n")
                    if text.hasPrefix("header "), let unescaped = unescape(text + "\n") { result.append(unescaped) }
                    body = nil
                } else {
                    lines.append(line)
                    body = lines
                }
            } else if line.hasSuffix("\"\"\""), !trimmed.hasPrefix("\"\"\"") || trimmed.count > 3 {
                body = []
            } else {
                result += singleLineLiterals(in: line)
            }
        }
        return result
    }

    /// `"header ..."` literals on one line.
    private static func singleLineLiterals(in line: Substring) -> [String] {
        var result: [String] = []
        var rest = line[...]
        while let open = rest.range(of: "\"header ") {
            var index = open.upperBound
            var literal = "header "
            var closed = false
            while index < rest.endIndex {
                let character = rest[index]
                if character == "\"" { closed = true; break }
                literal.append(character)
                if character == "\\" {
                    index = rest.index(after: index)
                    guard index < rest.endIndex else { break }
                    literal.append(rest[index])
                }
                index = rest.index(after: index)
            }
            guard closed else { break }
            if let unescaped = unescape(literal) { result.append(unescaped) }
            rest = rest[rest.index(after: index)...]
        }
        return result
    }

    /// Resolves `\n`, `\r`, `\t`, `\0`, `\\`, `\"`, `\'` and `\u{...}`; nil for an interpolation or anything else.
    private static func unescape(_ text: String) -> String? {
        var out = ""
        var iterator = text.makeIterator()
        while let character = iterator.next() {
            guard character == "\\" else {
                out.append(character)
                continue
            }
            switch iterator.next() {
            case "n": out += "\n"
            case "r": out += "\r"
            case "t": out += "\t"
            case "0": out += "\0"
            case "\\": out += "\\"
            case "\"": out += "\""
            case "'": out += "'"
            case "u":
                guard iterator.next() == "{" else { return nil }
                var hex = ""
                while let digit = iterator.next(), digit != "}" { hex.append(digit) }
                guard let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) else { return nil }
                out.unicodeScalars.append(scalar)
            default:
                return nil
            }
        }
        return out
    }
}
