import Foundation
import XCTest
@testable import HeaderKit

/// `preview` opened in headless Chromium (`chromium-headless-shell`; `.ci/run` installs it, and these tests
/// skip without it), pointed by its fragment at offsets (pulls past the top included) and input values:
/// the readout the page computed through the embedded module must be the interpreter's, bit for bit, and
/// its layers must carry those numbers.
final class PreviewTests: XCTestCase {
    /// `data-output` and `data-bits` of each readout cell.
    static func readout(_ dom: String) -> [String: String] {
        var cells: [String: String] = [:]
        let pattern = #"data-output="([^"]+)" data-bits="([^"]+)""#
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return [:] }
        for match in regex.matches(in: dom, range: NSRange(dom.startIndex..., in: dom)) {
            guard let name = Range(match.range(at: 1), in: dom), let bits = Range(match.range(at: 2), in: dom) else { continue }
            cells[String(dom[name])] = String(dom[bits])
        }
        return cells
    }

    func testReadoutIsTheInterpretersAtEveryOffset() throws {
        let chromium = try ChromiumHarness.find()
        let directory = try DifferentialHarness.makeDirectory("preview")
        let cases: [(String, [[Double]], [(String, Value)])] = [
            ("ProfileStretchy", [[-80], [0], [37.5], [146], [400]], [("safeAreaTop", .number(47)), ("textScale", .number(1.3))]),
            ("StickyParallax", [[-120], [0], [60], [250]], [("reduceMotion", .bool(true))]),
            ("StretchyImage", [[-200], [-0.5], [90]], []),
            // A header with state follows the offsets in order.
            ("AppleMusicProfile", [[0], [-60], [0, 120, 40], [0, 300, 250, -30]], []),
            // Every kind of layer: the frame by its role, a veil, a bar, an avatar, text hidden past 60, a box, the page.
            ("Tests/Specs/values/every-layer-kind.header", [[-40], [0], [50], [140], [300]], [("compact", .bool(true))]),
            // The collapsing toolbar, its structure declared: the photo clipped to the app bar, the title in the toolbar.
            ("Tests/Specs/layout/collapsing-toolbar.header", [[-50], [0], [100], [200], [300]], []),
            // A phase input set by its name in the fragment, as the page's list sets it.
            ("Tests/Specs/state/navigation-bar-hider.header", [[0], [0, 20], [0, 30, 60]], [("phase", .phase(.dragging))]),
        ]
        var compared = 0, layersCompared = 0
        for (name, traces, inputs) in cases {
            let file = name.hasSuffix(".header") ? name : "Examples/\(name).header"
            let spec = PackagePaths.url(file).path
            let page = directory.appendingPathComponent("\(URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent).html")
            let made = Driver.run(["preview", spec, "-o", page.path])
            XCTAssertEqual(made.exitCode, 0, made.standardError)
            let html = try String(contentsOf: page, encoding: .utf8)
            for loader in ["<script src", "<link", "<img", "<iframe", "fetch(", "import(", "XMLHttpRequest", "url(http", "@import"] {
                XCTAssertFalse(html.contains(loader), "\(name): the page loads nothing, but it has \(loader)")
            }
            let compilation = Compilation(path: spec, text: try PackagePaths.text(file))
            let interpreter = Interpreter(program: try XCTUnwrap(compilation.program))
            for (input, value) in inputs { interpreter.setInput(input, to: value) }
            let inputFragment = inputs.map { input, value -> String in
                switch value {
                case .bool(let bool): return "&\(input)=\(bool)"
                case .phase(let phase): return "&\(input)=\(phase.name)"
                case .number(let number): return "&\(input)=\(number)"
                }
            }.joined()
            for trace in traces {
                interpreter.resetState()
                var values: [Value] = []
                for offset in trace { values = interpreter.frame(at: offset) }
                let fragment = "offset=" + trace.map { "\($0)" }.joined(separator: ",") + inputFragment
                let dom = try ChromiumHarness.dumpDOM(page, fragment: fragment, chromium: chromium)
                XCTAssertTrue(dom.contains("data-ready=\"true\""), "\(name) #\(fragment): the page did not finish")
                let cells = Self.readout(dom)
                for (output, value) in zip(compilation.program?.outputs ?? [], values) {
                    let expected: String
                    switch value {
                    case .bool(let bool): expected = String(bool)
                    case .phase(let phase): expected = phase.name
                    case .number(let number): expected = String(number.bitPattern, radix: 16)
                    }
                    XCTAssertEqual(cells[output.qualifiedName], expected, "\(name) #\(fragment): \(output.qualifiedName) should be \(value)")
                    compared += 1
                }
                // The page runs the layout plan that `HeaderLayout` evaluates, to the bit, with the interpreter's numbers.
                let program = try XCTUnwrap(compilation.program)
                let expected = HeaderLayout.Evaluator(program: program).layers(values: values, inputs: program.inputs.map { interpreter.inputValue($0.name) ?? $0.defaultValue },
                                                                               offset: trace[trace.count - 1],
                                                                               canvasHeight: PreviewHTML.phoneHeight)
                let drawn = Self.layers(dom)
                XCTAssertEqual(drawn.map(\.block), expected.map(\.block), "\(name) #\(fragment)")
                for (page, swift) in zip(drawn, expected) {
                    XCTAssertEqual(page.kind, swift.kind.rawValue)
                    // A line of text's width is what it says: the page writes "none", as the model does.
                    for (got, want) in zip(page.geometry, [swift.x, swift.y, swift.width ?? .nan, swift.height]) {
                        XCTAssertTrue(got.bitPattern == want.bitPattern || (got.isNaN && want.isNaN),
                                      "\(name) #\(fragment): layer \(swift.block): \(got) in the page, \(want) in Swift")
                    }
                    layersCompared += 1
                }
            }
        }
        print("preview: \(compared) readout values in headless Chromium equal the interpreter's; \(layersCompared) layers laid out as HeaderLayout does")
        XCTAssertGreaterThan(compared, 40)
    }

    /// A scroll that ends comes to rest where the interpreter's settle puts it (a pull past the top at rest),
    /// and the readout there is the interpreter's.
    func testScrollEndsWhereSettleSays() throws {
        let chromium = try ChromiumHarness.find()
        let directory = try DifferentialHarness.makeDirectory("preview-snap")
        let spec = PackagePaths.url("Examples/ProfileStretchy.header").path
        let page = directory.appendingPathComponent("ProfileStretchy.html")
        XCTAssertEqual(Driver.run(["preview", spec, "-o", page.path]).exitCode, 0)
        let compilation = Compilation(path: spec, text: try PackagePaths.text("Examples/ProfileStretchy.header"))
        let interpreter = Interpreter(program: try XCTUnwrap(compilation.program))
        interpreter.setInput("safeAreaTop", to: .number(47))
        let height = try XCTUnwrap(compilation.program?.outputs.firstIndex { $0.qualifiedName == "cover.height" })
        for (ended, velocity) in [(30.0, 0.0), (70, 0), (-80, 0), (200, 0), (50, 2000), (50, -2000), (98, -100)] {
            let rest = ended < 0 ? 0 : interpreter.settle(snap: 0, offset: ended, velocity: velocity)
            let dom = try ChromiumHarness.dumpDOM(page, fragment: "offset=0&safeAreaTop=47&ended=\(ended)&velocity=\(velocity)", chromium: chromium)
            XCTAssertTrue(dom.contains("data-offset=\"\(Self.javaScriptText(rest))\""), "ended at \(ended) (\(velocity) pt/s): rest should be \(rest)")
            guard case .number(let expected) = interpreter.frame(at: rest)[height] else { return XCTFail("cover.height is a number") }
            XCTAssertEqual(Self.readout(dom)["cover.height"], String(expected.bitPattern, radix: 16), "at rest \(rest)")
        }
    }

    /// Each drawn layer's kind, block and geometry (x, y, width, height), in the page's order.
    static func layers(_ dom: String) -> [(kind: String, block: String, geometry: [Double])] {
        let pattern = #"class="layer ([a-z]+)" data-block="([^"]+)" data-x="([^"]+)" data-y="([^"]+)" data-width="([^"]+)" data-height="([^"]+)""#
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
        return regex.matches(in: dom, range: NSRange(dom.startIndex..., in: dom)).map { match in
            let groups = (1...6).map { Range(match.range(at: $0), in: dom).map { String(dom[$0]) } ?? "" }
            return (groups[0], groups[1], groups[2...].map { Double($0) ?? .nan })
        }
    }

    /// How JavaScript's `String(x)` writes a whole number or a short decimal (enough for the heights above).
    static func javaScriptText(_ x: Double) -> String {
        x == x.rounded() && x.magnitude < 1e15 ? String(Int64(x)) : x.description
    }

    func testPreviewCommandLine() throws {
        let image = PackagePaths.url("Examples/StretchyImage.header").path
        let printed = Driver.run(["preview", image])
        XCTAssertEqual(printed.exitCode, 0, printed.standardError)
        XCTAssertTrue(printed.standardOutput.hasPrefix("<!DOCTYPE html>"))
        XCTAssertTrue(printed.standardOutput.contains("export function frame(offset, inputs = {}) {"))
        let profile = Driver.run(["preview", PackagePaths.url("Examples/ProfileStretchy.header").path, "--set", "safeAreaTop=47"])
        XCTAssertTrue(profile.standardOutput.contains("startingInputs: { \"safeAreaTop\": 47, \"textScale\": 1 }"))
        for (arguments, message) in [
            (["preview", image, "--at", "0"], "headerc: unknown option '--at' for 'preview'\n"),
            (["preview"], "headerc: 'preview' needs a file\n"),
        ] {
            let outcome = Driver.run(arguments)
            XCTAssertEqual(outcome.exitCode, 2)
            XCTAssertEqual(outcome.standardError, message)
        }
        // The spec's file name, in the module's first comment, cannot open an HTML comment in the script.
        let directory = try DifferentialHarness.makeDirectory("preview-cli")
        let spec = directory.appendingPathComponent("Closing<!--.header")
        try "header Closing\ncover { height = 100pt }\n".write(to: spec, atomically: true, encoding: .utf8)
        let page = Driver.run(["preview", spec.path])
        XCTAssertEqual(page.exitCode, 0, page.standardError)
        XCTAssertTrue(page.standardOutput.contains("from Closing<\\!--.header"))
        XCTAssertEqual(page.standardOutput.components(separatedBy: "</script>").count, 2, "one script element, closed once")
    }
}
