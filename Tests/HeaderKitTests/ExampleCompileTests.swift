import Foundation
import HeaderKit
import XCTest

/// `headerc compile` on each example gives Swift that swiftc accepts without a warning in every language
/// mode an app may use, and that prints, through `<Header>Math.frame(offset:...)`, exactly the CSV that
/// `headerc eval --format csv` prints.
final class ExampleCompileTests: XCTestCase {
    private let examples = ["ProfileStretchy", "StickyParallax", "StretchyImage", "AppleMusicProfile"]

    private func generated(_ name: String) throws -> String {
        let outcome = Driver.run(["compile", PackagePaths.url("Examples/\(name).header").path])
        XCTAssertEqual(outcome.exitCode, 0, outcome.standardError)
        return outcome.standardOutput
    }

    func testGeneratedSwiftBuildsWithoutWarningsInEveryMode() throws {
        let compiler = try SwiftCompilerHarness()
        var sources: [String: String] = [:]
        for name in examples { sources["\(name)Math.swift"] = try generated(name) }
        // A caller outside any actor, as in a nonisolated helper of a view model.
        sources["Caller.swift"] = """
            import Foundation
            nonisolated func callFromAnywhere() -> CGFloat {
                var state = AppleMusicProfileMath.State()
                return ProfileStretchyMath.frame(offset: 10).cover.height + StickyParallaxMath.headerHeight(offset: 3)
                    + StretchyImageMath.frame(offset: 0).image.height + AppleMusicProfileMath.frame(offset: 1, state: &state).header.height
            }

            """
        let modes = [
            ["-swift-version", "5"],
            ["-swift-version", "6", "-strict-concurrency=complete"],
            ["-swift-version", "6", "-default-isolation", "MainActor"],
            ["-swift-version", "5", "-strict-concurrency=complete", "-default-isolation", "MainActor"],
        ]
        for mode in modes {
            let result = try compiler.typecheck(sources: sources, flags: mode + ["-warnings-as-errors"])
            XCTAssertEqual(result.status, 0, "\(mode.joined(separator: " ")):\n\(result.diagnostics)")
            XCTAssertEqual(result.diagnostics, "", mode.joined(separator: " "))
        }
    }

    func testGeneratedFramesPrintExactlyWhatEvalPrints() throws {
        let compiler = try SwiftCompilerHarness()
        let sweeps = ["-300:700:0.5", "-1e6:1e6:12345.678"]
        let lists = ["-1e300,-0.0,0,1e-300,145.99999999999997,146,146.00000000000003,1e300"]
        // Input settings to run each sweep with; each example reads the ones it declares.
        let settings: [[String: String]] = [
            [:],
            ["safeAreaTop": "47", "textScale": "1.35", "reduceMotion": "true"],
            ["safeAreaTop": "200", "textScale": "0.8"],
            ["safeAreaTop": "0", "textScale": "4.3"],
        ]
        var sources: [String: String] = [:]
        var main = "import Foundation\nfunc show(_ x: Double) -> String { x.description }\nfunc show(_ x: CGFloat) -> String { Double(x).description }\nfunc show(_ x: Bool) -> String { x ? \"true\" : \"false\" }\n"
        main += "let offsets = (readLine() ?? \"\").split(separator: \",\").map { Double(String($0)) ?? .nan }\n"
        var expected = ""
        var offsetsLine = ""
        var allOffsets: [Double] = []
        var arguments: [[String]] = []
        for sweep in sweeps { arguments.append(["--sweep", sweep]) }
        for list in lists { arguments.append(["--at", list]) }
        // Every offset of every sweep and list, in order, is one trace through each example.
        for argument in arguments {
            let outcome = Driver.run(["eval", PackagePaths.url("Examples/StretchyImage.header").path] + argument + ["--format", "csv"])
            allOffsets += outcome.standardOutput.split(separator: "\n").dropFirst().compactMap { Double($0.split(separator: ",")[0]) }
        }
        offsetsLine = allOffsets.map(\.description).joined(separator: ",")
        for name in examples {
            let spec = try XCTUnwrap(Compilation(path: name, text: try PackagePaths.text("Examples/\(name).header")).spec)
            sources["\(name)Math.swift"] = try generated(name)
            for setting in settings {
                var command = ["eval", PackagePaths.url("Examples/\(name).header").path, "--at", offsetsLine, "--format", "csv"]
                var parameters = ""
                for input in spec.inputs {
                    guard let value = setting[input.name] else { continue }
                    command += ["--set", "\(input.name)=\(value)"]
                    // Numbers reach the program as text read at run time: a decimal literal in Swift source
                    // can round differently from the spec's reading of the same text on x86_64.
                    switch input.type {
                    case .bool: parameters += ", \(input.name): \(value)"
                    case .phase: parameters += ", \(input.name): .\(value)"
                    case .number, .time: parameters += ", \(input.name): Double(\"\(value)\") ?? .nan"
                    case .length, .pixels, .density: parameters += ", \(input.name): CGFloat(Double(\"\(value)\") ?? .nan)"
                    }
                }
                let outcome = Driver.run(command)
                XCTAssertEqual(outcome.exitCode, 0, outcome.standardError)
                expected += outcome.standardOutput
                let columns = spec.outputs.map { "show(f.\($0.block).\($0.name))" }.joined(separator: " + \",\" + ")
                main += "print(\"offset,\(spec.outputs.map(\.qualifiedName).joined(separator: ","))\")\n"
                main += "do {\n"
                if spec.isStateful { main += "    var state = \(name)Math.State()\n" }
                let state = spec.isStateful ? ", state: &state" : ""
                main += "    for offset in offsets {\n"
                main += "        let f = \(name)Math.frame(offset: CGFloat(offset)\(state)\(parameters))\n"
                main += "        print(show(offset) + \",\" + \(columns))\n"
                main += "    }\n}\n"
            }
        }
        sources["main.swift"] = main
        let output = try compiler.run(sources: sources, input: offsetsLine + "\n")
        let outputLines = output.split(separator: "\n", omittingEmptySubsequences: false)
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(outputLines.count, expectedLines.count)
        XCTAssertGreaterThan(expectedLines.count, 4 * 4 * 2000)
        for (index, (line, want)) in zip(outputLines, expectedLines).enumerated() where line != want {
            XCTFail("line \(index): generated Swift printed\n\(line)\nheaderc eval printed\n\(want)")
            break
        }
    }
}
