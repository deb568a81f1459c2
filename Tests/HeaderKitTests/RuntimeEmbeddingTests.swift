import Foundation
import XCTest
@testable import HeaderKit

/// The runtime files under `Sources/HeaderTools/Runtime/` are real files (node checks them), and
/// `Sources/HeaderTools/Web/EmbeddedRuntime.swift` holds each as a constant, byte for byte, so that the
/// executable is self-contained. The Swift file is made from the runtime files by `embedding(_:)` here;
/// `HEADERC_REGENERATE_GOLDEN=1 swift test --filter RuntimeEmbeddingTests` writes it anew after an edit.
final class RuntimeEmbeddingTests: XCTestCase {
    static let folder = "Sources/HeaderTools/Runtime"
    static let output = "Sources/HeaderTools/Web/EmbeddedRuntime.swift"

    func testTheEmbeddedRuntimeIsMadeFromItsFiles() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: PackagePaths.url(Self.folder).path)
            .filter { !$0.hasPrefix(".") }.sorted()
        XCTAssertFalse(names.isEmpty)
        let files = try names.map { ($0, try PackagePaths.text("\(Self.folder)/\($0)")) }
        let expected = Self.embedding(files)
        if ProcessInfo.processInfo.environment["HEADERC_REGENERATE_GOLDEN"] == "1" {
            try expected.write(to: PackagePaths.url(Self.output), atomically: true, encoding: .utf8)
        }
        XCTAssertEqual(try PackagePaths.text(Self.output), expected,
                       "\(Self.output) is stale: HEADERC_REGENERATE_GOLDEN=1 swift test --filter RuntimeEmbeddingTests")
        // And the constants are the files' texts.
        XCTAssertEqual(EmbeddedRuntime.headerElementMJS, try PackagePaths.text("\(Self.folder)/header-element.mjs"))
    }

    /// `header-element.mjs` gives `headerElementMJS`: the base name's words camel-cased, the extension in capitals.
    static func constantName(_ fileName: String) -> String {
        let url = URL(fileURLWithPath: fileName)
        let parts = url.deletingPathExtension().lastPathComponent.split { !$0.isLetter && !$0.isNumber }
        let base = parts.enumerated().map { index, part in
            index == 0 ? part.lowercased() : part.prefix(1).uppercased() + part.dropFirst()
        }.joined()
        return base + url.pathExtension.uppercased()
    }

    /// A Swift string literal of the text on one line: every character that is not printable ASCII escaped.
    static func literal(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case " "..."~": out.unicodeScalars.append(scalar)
            default: out += "\\u{\(String(scalar.value, radix: 16))}"
            }
        }
        return out + "\""
    }

    static func embedding(_ files: [(name: String, text: String)]) -> String {
        var lines = ["// Made from the files of Sources/HeaderTools/Runtime by RuntimeEmbeddingTests: edit those, then",
                     "// HEADERC_REGENERATE_GOLDEN=1 swift test --filter RuntimeEmbeddingTests.", "", "package enum EmbeddedRuntime {"]
        for (name, text) in files {
            lines.append("    /// `Runtime/\(name)`, byte for byte.")
            lines.append("    package static let \(constantName(name)) = \(literal(text))")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }
}
