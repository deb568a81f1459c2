import Foundation
import XCTest
@testable import HeaderKit

/// The runtime files are real files (node, kotlinc and swiftc check them), and a Swift file beside the code
/// that prints them holds each as a constant, byte for byte, so that the executable is self-contained:
/// `Sources/HeaderTools/Web/EmbeddedRuntime.swift` the web element's (`Sources/HeaderTools/Runtime/`), and
/// `Sources/HeaderCodeGen/Shared/RuntimeTexts.swift` what generated code carries (each back end's `Runtime/`
/// folder, and the library's own kernels in HeaderMath, compiled into headerc as well). The Swift files are made
/// from the runtime files by `embedding` here; `HEADERC_REGENERATE_GOLDEN=1 swift test --filter
/// RuntimeEmbeddingTests` writes them anew after an edit.
final class RuntimeEmbeddingTests: XCTestCase {
    static let folder = "Sources/HeaderTools/Runtime"
    static let output = "Sources/HeaderTools/Web/EmbeddedRuntime.swift"

    /// What generated code carries, by the constant that holds it.
    static let codeGenerationFiles: [(constant: String, path: String)] = [
        ("swiftOwnedMath", "Sources/HeaderMath/Math/OwnedMathKernels.swift"),
        ("swiftOwnedRounding", "Sources/HeaderMath/Math/OwnedRounding.swift"),
        ("swiftCurveKernels", "Sources/HeaderMath/Curves/CurveKernels.swift"),
        ("swiftCurveBezierTable", "Sources/HeaderCodeGen/Swift/Runtime/CurveBezierTable.swift"),
        ("javaScriptHelpers", "Sources/HeaderCodeGen/JavaScript/Runtime/helpers.mjs"),
        ("javaScriptMath", "Sources/HeaderCodeGen/JavaScript/Runtime/math.mjs"),
        ("javaScriptCurves", "Sources/HeaderCodeGen/JavaScript/Runtime/curves.mjs"),
        ("kotlinRuntime", "Sources/HeaderCodeGen/Kotlin/Runtime/Runtime.kt"),
        ("swiftScrollDriver", "Sources/HeaderEval/ScrollDriver.swift"),
        ("javaScriptScrollDriver", "Sources/HeaderCodeGen/JavaScript/Runtime/scroll-driver.mjs"),
        ("kotlinScrollDriver", "Sources/HeaderCodeGen/Kotlin/Runtime/ScrollDriver.kt"),
    ]
    static let codeGenerationOutput = "Sources/HeaderCodeGen/Shared/RuntimeTexts.swift"

    func testTheEmbeddedRuntimeIsMadeFromItsFiles() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: PackagePaths.url(Self.folder).path)
            .filter { !$0.hasPrefix(".") }.sorted()
        XCTAssertFalse(names.isEmpty)
        let files = try names.map { (constantName($0), "Runtime/\($0)", try PackagePaths.text("\(Self.folder)/\($0)")) }
        try check(Self.output, Self.embedding(files, enumName: "EmbeddedRuntime", from: "the files of \(Self.folder)"))
        // And the constants are the files' texts.
        XCTAssertEqual(EmbeddedRuntime.headerElementMJS, try PackagePaths.text("\(Self.folder)/header-element.mjs"))
    }

    func testTheTextsGeneratedCodeCarriesAreMadeFromTheirFiles() throws {
        let files = try Self.codeGenerationFiles.map { ($0.constant, $0.path, try PackagePaths.text($0.path)) }
        try check(Self.codeGenerationOutput, Self.embedding(files, enumName: "RuntimeTexts", from: "runtime files"))
        XCTAssertEqual(RuntimeTexts.kotlinRuntime, try PackagePaths.text("Sources/HeaderCodeGen/Kotlin/Runtime/Runtime.kt"))
    }

    private func check(_ output: String, _ expected: String) throws {
        if ProcessInfo.processInfo.environment["HEADERC_REGENERATE_GOLDEN"] == "1" {
            try expected.write(to: PackagePaths.url(output), atomically: true, encoding: .utf8)
        }
        XCTAssertEqual(try PackagePaths.text(output), expected,
                       "\(output) is stale: HEADERC_REGENERATE_GOLDEN=1 swift test --filter RuntimeEmbeddingTests")
    }

    /// `header-element.mjs` gives `headerElementMJS`: the base name's words camel-cased, the extension in capitals.
    func constantName(_ fileName: String) -> String {
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

    static func embedding(_ files: [(constant: String, path: String, text: String)], enumName: String, from origin: String) -> String {
        var lines = ["// Made from \(origin) by RuntimeEmbeddingTests: edit those, then",
                     "// HEADERC_REGENERATE_GOLDEN=1 swift test --filter RuntimeEmbeddingTests.", "", "package enum \(enumName) {"]
        for (constant, path, text) in files {
            lines.append("    /// `\(path)`, byte for byte.")
            lines.append("    package static let \(constant) = \(literal(text))")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }
}
