import Foundation
import XCTest
@testable import HeaderKit

/// What headerc makes of a few specs, checked in and compared byte for byte, so that a change to an
/// emitter or a message shows up as a reviewable diff: the generated Swift, JavaScript and Kotlin of the
/// examples, the diagnostics of a spec with errors and one with warnings (`Tests/Golden`), and the
/// generated Swift the benchmark compiles (`Sources/headerc-bench/Generated`). Every file is made as
/// `headerc compile` and `headerc check` make it, through the driver. One command regenerates them all:
/// `HEADERC_REGENERATE_GOLDEN=1 swift test --filter GoldenTests` (see Tests/Golden/README.md).
final class GoldenTests: XCTestCase {
    private static let examples = ["ProfileStretchy", "StickyParallax", "StretchyImage", "AppleMusicProfile"]
    private static let targets = [("swift", "Math.swift"), ("js", "Math.mjs"), ("kotlin", "Math.kt")]

    func testGeneratedCodeOfTheExamples() throws {
        for example in Self.examples {
            for (target, suffix) in Self.targets {
                let outcome = GoldenFiles.compile("Examples/\(example).header", target: target)
                XCTAssertEqual(outcome.exitCode, 0, outcome.standardError)
                XCTAssertEqual(outcome.standardError, "", "\(example) \(target)")
                try GoldenFiles.assertCurrent(outcome.standardOutput, golden: "Tests/Golden/\(target)/\(example)\(suffix)")
            }
        }
    }

    /// The benchmark builds these; they are the same files `headerc compile` writes.
    func testBenchmarkGeneratedSwift() throws {
        let specs = Self.examples.filter { $0 != "StretchyImage" }.map { "Examples/\($0).header" }
            + ["Sources/headerc-bench/Specs/BezierBench.header"]
        for spec in specs {
            let name = URL(fileURLWithPath: spec).deletingPathExtension().lastPathComponent
            let outcome = GoldenFiles.compile(spec, target: "swift")
            XCTAssertEqual(outcome.exitCode, 0, outcome.standardError)
            try GoldenFiles.assertCurrent(outcome.standardOutput, golden: "Sources/headerc-bench/Generated/\(name)Math.swift")
        }
    }

    /// `check`'s rendered diagnostics and its JSON, for a spec with errors and one with a range warning.
    func testDiagnostics() throws {
        for (spec, status) in [("errors/several-errors", Int32(1)), ("syntax/parsing-goes-on-after-an-error", 1),
                               ("warnings/opacity-leaves-range", 0)] {
            let path = "Tests/Specs/\(spec).header"
            let name = URL(fileURLWithPath: spec).lastPathComponent
            let text = GoldenFiles.check(path)
            XCTAssertEqual(text.exitCode, status, text.standardError)
            try GoldenFiles.assertCurrent(text.standardError, golden: "Tests/Golden/diagnostics/\(name).txt")
            let json = GoldenFiles.check(path, json: true)
            XCTAssertEqual(json.exitCode, status)
            try GoldenFiles.assertCurrent(json.standardOutput, golden: "Tests/Golden/diagnostics/\(name).json")
        }
    }

    func testEmissionIsStable() {
        let first = GoldenFiles.compile("Examples/ProfileStretchy.header", target: "swift").standardOutput
        XCTAssertFalse(first.isEmpty)
        XCTAssertEqual(first, GoldenFiles.compile("Examples/ProfileStretchy.header", target: "swift").standardOutput)
    }
}
