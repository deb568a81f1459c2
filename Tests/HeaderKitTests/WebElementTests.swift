import Foundation
import XCTest
@testable import HeaderKit

/// `compile --target web`: the element's module is JavaScript that node accepts; in headless Chromium over
/// the DevTools protocol, scrolled to a dozen offsets, every slot is where `headerc layout` puts it and the
/// values the module computed are the interpreter's, bit for bit; input attributes, malformed ones and
/// Reduce Motion act as the element promises (README, "On the web").
final class WebElementTests: XCTestCase {
    static let width = 390.0, height = 844.0

    func testTagsAndTheCommandLine() throws {
        XCTAssertEqual(WebElement.tag(forHeader: "ProfileStretchy"), "profile-stretchy")
        XCTAssertEqual(WebElement.tag(forHeader: "AppleMusicProfile"), "apple-music-profile")
        XCTAssertEqual(WebElement.tag(forHeader: "Banner"), "banner-header")
        XCTAssertEqual(WebElement.tag(forHeader: "HTMLHeader2"), "html-header2")
        XCTAssertEqual(WebElement.tag(forHeader: "snake_case_name"), "snake-case-name")
        XCTAssertEqual(WebElement.tag(forHeader: "Über_Bar"), "ber-bar")
        for name in ["profile-header", "x-1", "my.el-a_b"] { XCTAssertTrue(WebElement.isElementName(name), name) }
        for name in ["Profile-Header", "profile", "1-a", "font-face", "a-é", "-a"] { XCTAssertFalse(WebElement.isElementName(name), name) }

        let spec = PackagePaths.url("Examples/ProfileStretchy.header").path
        let directory = try TestScratch.directory("web-cli")
        let made = Driver.run(["compile", spec, "--target", "web", "-o", directory.appendingPathComponent("out").path])
        XCTAssertEqual(made.exitCode, 0, made.standardError)
        let module = try String(contentsOf: directory.appendingPathComponent("out/profile-stretchy.mjs"), encoding: .utf8)
        XCTAssertTrue(module.contains("defineHeaderElement(\"profile-stretchy\""))
        let named = Driver.run(["compile", spec, "--target", "web", "--name", "my-profile"])
        XCTAssertTrue(named.standardOutput.contains("defineHeaderElement(\"my-profile\""))
        // The report, also at the top of the module, gives every output a place and a reason.
        let report = Driver.run(["compile", spec, "--target", "web", "--report"])
        XCTAssertEqual(report.exitCode, 0)
        XCTAssertEqual(report.standardOutput.split(separator: "\n").count, 7, report.standardOutput)
        XCTAssertTrue(report.standardOutput.contains("avatar.opacity      main thread without layout"), report.standardOutput)
        XCTAssertTrue(report.standardOutput.contains("content.top         main thread without layout  fixed while the inputs hold"), report.standardOutput)
        XCTAssertTrue(module.contains("//   cover.height        main thread with layout"))
        // A line of text keeps its box and is scaled (`_box`): StickyParallax's title lays nothing out.
        let parallax = Driver.run(["compile", PackagePaths.url("Examples/StickyParallax.header").path, "--target", "web", "--report"])
        XCTAssertTrue(parallax.standardOutput.contains("title.scale       main thread without layout  a scale of the box"),
                      parallax.standardOutput)
        for (arguments, message) in [
            (["compile", spec, "--target", "web", "--name", "Profile"], "'--name' takes a custom element's name"),
            (["compile", spec, "--report"], "'--report' says where a web element applies each output"),
            (["compile", spec, "--target", "web", "--report", "--report"], "'--report' is given twice"),
            (["compile", spec, "--target", "html"], "unknown target 'html'; use swift, js, kotlin or web"),
        ] {
            let outcome = Driver.run(arguments)
            XCTAssertEqual(outcome.exitCode, 2, arguments.joined(separator: " "))
            XCTAssertTrue(outcome.standardError.contains(message), outcome.standardError)
        }
        // A file where the folder should be is refused, and left as it was.
        let file = directory.appendingPathComponent("taken")
        try "keep".write(to: file, atomically: true, encoding: .utf8)
        let refused = Driver.run(["compile", spec, "--target", "web", "-o", file.path])
        XCTAssertEqual(refused.exitCode, 2, refused.standardError)
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), "keep")
    }

    /// The runtime is a real file that node reads as a module; so is every example's element module.
    /// Each output the compositor cannot draw says why: a jump, a spring, a driver that is not the offset
    /// times a constant, what is not keyframes at all, a layer that moves otherwise, a place that adds two.
    func testTheReportSaysWhyAnOutputIsNotOnTheCompositor() throws {
        let directory = try TestScratch.directory("web-report")
        let spec = directory.appendingPathComponent("Reasons.header")
        try """
            header Reasons
            input k: pt = 100pt
            a: box frame(width: 10pt, height: 10pt) { opacity = keyframes(offset) { 0pt: 1, 50pt: 0 via steps(2) } }
            b: box frame(width: 10pt, height: 10pt) { opacity = keyframes(offset) { 0pt: 1, 50pt: 0 via hold } }
            c: box frame(width: 10pt, height: 10pt) { opacity = keyframes(offset) { 0pt: 1, 50pt: 0 via spring(0.5) } }
            d: box frame(width: 10pt, height: 10pt) { opacity = keyframes(offset / k) { 0: 1, 1: 0 } }
            e: box frame(width: 10pt, height: 10pt) {
                offsetY = keyframes(offset) { 0pt: 0pt, 50pt: 10pt }
                opacity = 1 - offset / 100pt
            }
            f: box in e frame(width: 10pt, height: 10pt) { offsetY = keyframes(offset) { 0pt: 0pt, 100pt: 20pt } }
            g: box frame(width: 10pt, height: 10pt) { opacity = keyframes(offset) { 0pt: 1, 50pt: 0 via linear(0, 0.5 50%, 0.5 60%, 1) } }
            h: box frame(width: 10pt, height: 10pt) { opacity = keyframes(offset) { 0pt: 1, 50pt: 0 via linear(0, 0.25 50%, 0.75 50%, 1) } }
            j: group { height = max(50pt, 200pt - offset) }
            k: image in j clipped to j { height = 200pt }
            l: image { height = max(50pt, 100pt - offset) }
            """.write(to: spec, atomically: true, encoding: .utf8)
        let report = Driver.run(["compile", spec.path, "--target", "web", "--report"])
        XCTAssertEqual(report.exitCode, 0, report.standardError)
        var rows: [String: String] = [:]
        for line in report.standardOutput.split(separator: "\n") {
            rows[String(line.prefix { $0 != " " })] = String(line)
        }
        func expect(_ output: String, _ place: String, _ reason: String) {
            let row = rows[output] ?? ""
            XCTAssertTrue(row.contains("  \(place)  "), "\(output): \(row)")
            XCTAssertTrue(row.contains(reason), "\(output): \(row)")
        }
        expect("a.opacity", "main thread without layout", "its keyframes jump")
        expect("b.opacity", "main thread without layout", "its keyframes jump")
        expect("c.opacity", "main thread without layout", "a spring, which CSS cannot ease")
        expect("d.opacity", "main thread without layout", "not driven by the offset times a positive constant")
        expect("e.opacity", "main thread without layout", "it is not keyframes of the offset")
        expect("e.offsetY", "main thread without layout", "the e layer is drawn frame by frame: its opacity changes with the scroll")
        expect("f.offsetY", "main thread without layout", "both e.offsetY and f.offsetY")
        // A linear() whose points are continuous, though two share an output, is no jump.
        expect("g.opacity", "compositor", "linear(0 0%, 0.5 50%, 0.5 60%, 1 100%)")
        expect("h.opacity", "main thread without layout", "its keyframes jump")
        // A group's height is a scale of its box; the image clipped to it reads it for its clip only, which
        // lays nothing out. An image's own height is laid out again.
        expect("j.height", "main thread without layout", "a scale of the box the block was laid out at")
        expect("l.height", "main thread with layout", "the size of an image's box, laid out again")

        // Twenty blocks each below the one before read the first one's height for their place, and each is
        // drawn frame by frame for its opacity: the reason names the first 16 by name (b0, b1, b10 … b19, b2,
        // b20, b3, b4, as strings sort), then says there are more.
        let chain = directory.appendingPathComponent("Chain.header")
        try (["header Chain", "b0: box at topLeading frame(width: 100pt) { height = keyframes(offset) { 0: 100pt, 100pt: 50pt } }"]
             + (1...20).map { "b\($0): box at topLeading below b\($0 - 1) frame(width: 100pt, height: 10pt) { opacity = 1 - offset / 1000pt }" })
            .joined(separator: "\n").write(to: chain, atomically: true, encoding: .utf8)
        let chained = Driver.run(["compile", chain.path, "--target", "web", "--report"])
        XCTAssertEqual(chained.exitCode, 0, chained.standardError)
        let row = chained.standardOutput.split(separator: "\n").first { $0.hasPrefix("b0.height ") }.map(String.init) ?? ""
        XCTAssertEqual(row.components(separatedBy: " layer is drawn frame by frame: ").count - 1, 16, row)
        XCTAssertTrue(row.contains("the b4 layer is drawn") && !row.contains("the b5 layer"), row)
        XCTAssertTrue(row.hasSuffix("; and other layers drawn frame by frame"), row)
    }

    func testTheRuntimeAndTheModulesAreJavaScript() throws {
        let node = try NodeHarness.findNode()
        let directory = try TestScratch.directory("web-node")
        // The runtime files as files: the element's and the preview's, what generated modules carry, the scroll driver.
        var files: [URL] = []
        for folder in ["Sources/HeaderTools/Runtime", "Sources/HeaderCodeGen/JavaScript/Runtime"] {
            files += try FileManager.default.contentsOfDirectory(at: PackagePaths.url(folder), includingPropertiesForKeys: nil)
                .filter { ["mjs", "js"].contains($0.pathExtension) }
        }
        XCTAssertEqual(files.count, 7)
        for name in Self.examples {
            let outcome = Driver.run(["compile", PackagePaths.url(name).path, "--target", "web", "-o", directory.path])
            XCTAssertEqual(outcome.exitCode, 0, outcome.standardError)
        }
        files += try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil).filter { $0.pathExtension == "mjs" }
        XCTAssertEqual(files.count, 7 + Self.examples.count)
        for file in files {
            let result = try ProcessRunner.run(node, ["--check", file.path])
            XCTAssertEqual(result.status, 0, "\(file.lastPathComponent): \(result.combined)")
        }
        // The module's math is the JavaScript back end's, as it stands.
        let spec = PackagePaths.url("Examples/StickyParallax.header").path
        let module = try String(contentsOf: directory.appendingPathComponent("sticky-parallax.mjs"), encoding: .utf8)
        XCTAssertTrue(module.contains(Driver.run(["compile", spec, "--target", "js"]).standardOutput))
    }

    static let examples = ["Examples/ProfileStretchy.header", "Examples/StickyParallax.header", "Examples/StretchyImage.header",
                           "Examples/AppleMusicProfile.header", "Examples/CollapsingToolbar.header", "Tests/Specs/layout/collapsing-toolbar.header",
                           "Tests/Specs/values/every-layer-kind.header", "Tests/Specs/layout/scroll-driven.header"]

    /// A page with the element, 390 × 844, a child per slot (its name as its text) and a tall page; with
    /// `pull`, the element's page can be pulled down that far past its top.
    /// `startingAt`: the element's first frame is at that offset, as a page that opens scrolled.
    /// `clock`: the page's `performance.now()` is `window.clock.now`, which stands at 0 and moves 16 ms a frame
    /// while `window.clock.running`, before any other frame callback: the element's frame times are the test's.
    static func page(for program: Program, tag: String, pull: Int = 0, startingAt: Double? = nil, clock: Bool = false) -> String {
        let structures = HeaderLayout.structures(of: program)
        let children = program.blocks.indices.map { index -> String in
            let name = program.blocks[index].name
            if structures[index].kind == .page { return "<div slot=\"\(name)\" style=\"height: 4000px; background: #eee\"></div>" }
            return "<div slot=\"\(name)\" style=\"background: rgba(0,0,0,.2); font: 17px sans-serif\">\(name)</div>"
        }
        return """
            <!DOCTYPE html>
            <html><head><meta charset="utf-8"><style>body { margin: 0 }</style>
            <script>window.warnings = []; const warn = console.warn; console.warn = (...a) => { window.warnings.push(a.join(" ")); warn(...a); };</script>
            \(clock ? "<script>window.clock = { now: 0, running: false }; performance.now = () => window.clock.now; (function tick() { if (window.clock.running) window.clock.now += 16; requestAnimationFrame(tick); })();</script>" : "")
            <script type="module" src="\(tag).mjs"></script>
            \(startingAt.map { "<script type=\"module\">document.getElementById(\"header\").offset = \($0);</script>" } ?? "")</head>
            <body><\(tag) id="header" style="width: \(Int(width))px; height: \(Int(height))px"\(pull > 0 ? " pull=\"\(pull)\"" : "")>
            \(children.joined(separator: "\n"))
            </\(tag)></body></html>
            """
    }

    /// Scrolls the element's scroller to `offset`, waits two frames, and reads back every slot's rectangle
    /// (relative to the element), its box's computed opacity, and the frame's values as bits.
    static let probe = """
        (offset) => new Promise((resolve) => {
          const element = document.getElementById("header");
          element.offset = offset;
          requestAnimationFrame(() => requestAnimationFrame(() => {
            const host = element.getBoundingClientRect();
            const view = new DataView(new ArrayBuffer(8));
            const bits = (x) => { view.setFloat64(0, x); return view.getBigUint64(0).toString(16); };
            const slots = {};
            for (const child of element.children) {
              const box = child.getBoundingClientRect();
              const wrapper = element.shadowRoot.querySelector(`[data-block="${child.slot}"]`);
              slots[child.slot] = { x: box.left - host.left, y: box.top - host.top, width: box.width, height: box.height,
                                    opacity: wrapper ? Number(getComputedStyle(wrapper).opacity) : 1 };
            }
            const values = {};
            for (const [key, value] of Object.entries(element.values ?? {})) values[key] = typeof value === "number" ? bits(value) : String(value);
            const order = [...element.shadowRoot.querySelector(".layers").children].map((wrapper) => wrapper.dataset.block);
            resolve({ offset: element.offset, scrollTop: element.scroller.scrollTop, slots, values, order });
          }));
        })
        """

    func testEverySlotIsWhereLayoutPutsItAndTheValuesAreEvals() throws {
        let chromium = try ChromiumHarness.find()
        let directory = try TestScratch.directory("web-chromium")
        let browser = try DevToolsPipe(chromium: chromium, arguments: ["--allow-file-access-from-files"])
        defer { browser.close() }
        // Pulls past the top included: the element has a `pull` of 200.
        let offsets: [Double] = [0, -120, -37, 0, 12, 37, 73, 100, 101, 146, 150, 200, 256, 300, 420, 600]
        var slots = 0, values = 0
        for path in Self.examples {
            // Time stands at 0, as for `eval --at`: CollapsingToolbar's scrim starts its fade and stays at its start.
            let program = try Self.openElement(path, in: directory, browser) { Self.page(for: $0, tag: $1, pull: 200, clock: true) }
            let interpreter = Interpreter(program: program)
            let layout = HeaderLayout.Evaluator(program: program, width: Self.width, labels: false)
            let inputs = program.inputs.map(\.defaultValue)
            // The element advances its states along every offset it sees: rest, then each scroll in turn.
            _ = interpreter.frame(at: 0)
            for offset in offsets {
                let read = try XCTUnwrap(try browser.send("Runtime.evaluate", ["expression": "(\(Self.probe))(\(offset))",
                                                                               "awaitPromise": true, "returnByValue": true])["result"] as? [String: Any])
                let result = try XCTUnwrap(read["value"] as? [String: Any], "\(path) at \(offset): \(read)")
                let place = "\(program.name) at \(offset)"
                XCTAssertEqual(result["scrollTop"] as? Double, offset + 200, "\(place): the page scrolls that far, below the pull")
                XCTAssertEqual(result["offset"] as? Double, offset, place)
                let frame = interpreter.frame(at: offset)
                let computed = try XCTUnwrap(result["values"] as? [String: String], place)
                for (output, value) in zip(program.outputs, frame) {
                    let expected: String
                    switch value {
                    case .number(let number): expected = String(number.bitPattern, radix: 16)
                    case .bool(let bool): expected = String(bool)
                    case .phase(let phase): expected = phase.name
                    }
                    XCTAssertEqual(computed[output.qualifiedName], expected, "\(place): \(output.qualifiedName)")
                    values += 1
                }
                let drawn = try XCTUnwrap(result["slots"] as? [String: [String: Double]], place)
                let layers = layout.layers(values: frame, inputs: inputs, offset: offset, canvasHeight: Self.height)
                // Back to front as the layout draws them (the page scrolls under them all).
                XCTAssertEqual(result["order"] as? [String], layers.filter { $0.kind != .page }.map(\.block), place)
                for layer in layers {
                    let slot = try XCTUnwrap(drawn[layer.block], "\(place): no slot \(layer.block)")
                    let what = "\(place): \(layer.block)"
                    let x: Double = slot["x"] ?? .nan, drawnWidth: Double = slot["width"] ?? .nan
                    if layer.width == nil {
                        // A line of text: its alignment point is where layout says.
                        let fraction: Double = layer.alignX == "center" ? 0.5 : layer.alignX == "trailing" ? 1 : 0
                        XCTAssertEqual(x + drawnWidth * fraction, layer.x, accuracy: 0.01, what)
                    } else {
                        XCTAssertEqual(x, layer.x, accuracy: 0.01, what)
                        XCTAssertEqual(drawnWidth, layer.width ?? .nan, accuracy: 0.01, what)
                    }
                    XCTAssertEqual(slot["y"] ?? .nan, layer.y, accuracy: 0.01, what)
                    if layer.kind != .page {
                        XCTAssertEqual(slot["height"] ?? .nan, layer.height, accuracy: 0.01, what)
                        // Computed opacity is printed to about single precision.
                        XCTAssertEqual(slot["opacity"] ?? .nan, layer.opacity, accuracy: 1e-6, what)
                    }
                    slots += 1
                }
            }
        }
        print("web: \(slots) slots where layout puts them, \(values) values the module computed equal to eval's, in headless Chromium")
        XCTAssertGreaterThan(slots, 300)
    }

    /// A page that hands the element another scroller drives it by that scroller: the document's own
    /// (`element.scroller = document.scrollingElement`, docs/web.md), whose scroll the document reports to
    /// itself and not to its scrolling element, or a scrolling `<div>` around it. The element stands sticky
    /// at the top; after two frames at each offset its values are eval's and every slot but the page's is
    /// where `layout` puts it, on the main thread (StickyParallax) and on the document's scroll timeline
    /// (scroll-driven). Given back its own scroller, it follows that one alone.
    func testAScrollerThePageHandsInDrivesTheHeader() throws {
        let chromium = try ChromiumHarness.find()
        let directory = try TestScratch.directory("web-scroller")
        let browser = try DevToolsPipe(chromium: chromium, arguments: ["--allow-file-access-from-files"])
        defer { browser.close() }
        let read = """
            (offset) => new Promise((resolve) => {
              window.handedScroller.scrollTop = offset;
              requestAnimationFrame(() => requestAnimationFrame(() => {
                const element = document.getElementById("header"), host = element.getBoundingClientRect();
                const view = new DataView(new ArrayBuffer(8)), slots = {}, values = {};
                for (const child of element.children) {
                  const box = child.getBoundingClientRect();
                  const wrapper = element.shadowRoot.querySelector(`[data-block="${child.slot}"]`);
                  slots[child.slot] = { x: box.left - host.left, y: box.top - host.top, width: box.width, height: box.height,
                                        opacity: wrapper ? Number(getComputedStyle(wrapper).opacity) : 1 };
                }
                for (const [key, value] of Object.entries(element.values)) {
                  if (typeof value === "number") { view.setFloat64(0, value); values[key] = view.getBigUint64(0).toString(16); }
                }
                resolve({ offset: element.offset, scrollTop: window.handedScroller.scrollTop, slots, values });
              }));
            })
            """
        var slots = 0
        let cases = [("Examples/StickyParallax.header", "document"), ("Tests/Specs/layout/scroll-driven.header", "document"),
                     ("Examples/StickyParallax.header", "div")]
        for (path, scroller) in cases {
            let program = try XCTUnwrap(Compilation(path: path, text: try PackagePaths.text(path)).program, path)
            let tag = WebElement.tag(forHeader: program.name)
            XCTAssertEqual(Driver.run(["compile", PackagePaths.url(path).path, "--target", "web", "-o", directory.path]).exitCode, 0)
            let page = directory.appendingPathComponent("\(tag)-\(scroller).html")
            let sticky = "position: sticky; top: 0; display: block"
            var text = Self.page(for: program, tag: tag).replacingOccurrences(of: "id=\"header\" style=\"", with: "id=\"header\" style=\"\(sticky); ")
                .replacingOccurrences(of: "</\(tag)></body>", with: "</\(tag)><div style=\"height: 4000px\"></div></body>")
            if scroller == "div" {
                text = text.replacingOccurrences(of: "<body><\(tag)", with: "<body><div id=\"outer\" style=\"height: \(Int(Self.height))px; overflow-y: auto\"><\(tag)")
                    .replacingOccurrences(of: "</body>", with: "</div></body>")
            }
            try text.write(to: page, atomically: true, encoding: .utf8)
            try browser.open(page.absoluteString)
            try Self.waitForElement(browser, path)
            let handed = scroller == "div" ? "document.getElementById('outer')" : "document.scrollingElement"
            _ = try browser.evaluate("window.handedScroller = \(handed); document.getElementById('header').scroller = window.handedScroller, 0")
            let interpreter = Interpreter(program: program)
            let layout = HeaderLayout.Evaluator(program: program, width: Self.width, labels: false)
            _ = interpreter.frame(at: 0)
            for offset: Double in [0, 37, 100, 150, 300, 12, 0] {
                let result = try XCTUnwrap(try browser.send("Runtime.evaluate", ["expression": "(\(read))(\(offset))", "awaitPromise": true,
                                                                                 "returnByValue": true])["result"] as? [String: Any])
                let value = try XCTUnwrap(result["value"] as? [String: Any], "\(path) at \(offset): \(result)")
                let place = "\(program.name) at \(offset) of the \(scroller)'s scroll"
                XCTAssertEqual(value["scrollTop"] as? Double, offset, place)
                XCTAssertEqual(value["offset"] as? Double, offset, "\(place): the element follows the scroller it was handed")
                let frame = interpreter.frame(at: offset)
                let computed = try XCTUnwrap(value["values"] as? [String: String], place)
                for (output, number) in zip(program.outputs, frame) {
                    guard case .number(let number) = number else { continue }
                    XCTAssertEqual(computed[output.qualifiedName], String(number.bitPattern, radix: 16), "\(place): \(output.qualifiedName)")
                }
                let drawn = try XCTUnwrap(value["slots"] as? [String: [String: Double]], place)
                for layer in layout.layers(values: frame, inputs: program.inputs.map(\.defaultValue), offset: offset, canvasHeight: Self.height)
                where layer.kind != .page {
                    let slot = try XCTUnwrap(drawn[layer.block], "\(place): no slot \(layer.block)")
                    let what = "\(place): \(layer.block)"
                    if let width = layer.width {
                        XCTAssertEqual(slot["x"] ?? .nan, layer.x, accuracy: 0.01, what)
                        XCTAssertEqual(slot["width"] ?? .nan, width, accuracy: 0.01, what)
                    }
                    XCTAssertEqual(slot["y"] ?? .nan, layer.y, accuracy: 0.01, what)
                    XCTAssertEqual(slot["height"] ?? .nan, layer.height, accuracy: 0.01, what)
                    XCTAssertEqual(slot["opacity"] ?? .nan, layer.opacity, accuracy: 1e-6, what)
                    slots += 1
                }
            }
            // Given back its own scroller, the element leaves the other scroll alone and follows its own.
            let own = try XCTUnwrap(try browser.send("Runtime.evaluate", ["expression": """
                new Promise((resolve) => {
                  const element = document.getElementById("header");
                  element.scroller = null;
                  window.handedScroller.scrollTop = 200;
                  requestAnimationFrame(() => requestAnimationFrame(() => {
                    const afterOther = element.offset;
                    element.offset = 50;
                    requestAnimationFrame(() => requestAnimationFrame(() => resolve([afterOther, element.offset, window.handedScroller.scrollTop])));
                  }));
                })
                """, "awaitPromise": true, "returnByValue": true])["result"] as? [String: Any])
            XCTAssertEqual(own["value"] as? [Double], [0, 50, 200], "\(program.name), the \(scroller)'s scroller: its own scroller again")
        }
        XCTAssertGreaterThan(slots, 60)
    }

    /// A line of text is drawn at its size at rest and scaled from there, whatever the element drew before: a
    /// page whose first frame is at an offset draws each line as wide as a page scrolled there from rest, and
    /// at rest a line is as wide as the page lays the same text out without the element, but for the scale
    /// from the layout engine's 1/64 px grid (its box is the rest height rounded up to it).
    func testALineOfTextDoesNotDependOnWhereThePageWasBefore() throws {
        let chromium = try ChromiumHarness.find()
        let directory = try TestScratch.directory("web-text")
        let browser = try DevToolsPipe(chromium: chromium, arguments: ["--allow-file-access-from-files"])
        defer { browser.close() }
        let widths = """
            (() => {
              const element = document.getElementById("header"), result = {};
              for (const child of element.children) {
                const natural = document.createElement("span");
                natural.style.cssText = "font: 17px sans-serif; white-space: nowrap; position: absolute";
                natural.textContent = child.textContent;
                document.body.append(natural);
                result[child.slot] = { drawn: child.getBoundingClientRect().width, natural: natural.getBoundingClientRect().width };
                natural.remove();
              }
              return result;
            })()
            """
        var lines = 0
        for path in Self.examples {
            let program = try XCTUnwrap(Compilation(path: path, text: try PackagePaths.text(path)).program, path)
            let structures = HeaderLayout.structures(of: program)
            let texts = program.blocks.indices.filter { structures[$0].kind == .text }.map { program.blocks[$0].name }
            guard !texts.isEmpty else { continue }
            let tag = WebElement.tag(forHeader: program.name)
            XCTAssertEqual(Driver.run(["compile", PackagePaths.url(path).path, "--target", "web", "-o", directory.path]).exitCode, 0)
            let layout = HeaderLayout.Evaluator(program: program, width: Self.width, labels: false)
            // The layers after the states went along `offsets` (the last one's), as the element goes along them.
            func layers(along offsets: [Double]) -> [HeaderLayout.Layer] {
                let interpreter = Interpreter(program: program)
                var frame = interpreter.frame(at: 0)
                for offset in offsets { frame = interpreter.frame(at: offset) }
                return layout.layers(values: frame, inputs: program.inputs.map(\.defaultValue), offset: offsets.last ?? 0,
                                     canvasHeight: Self.height)
            }
            let rest = layers(along: [0])
            func read(startingAt start: Double?, offsets: [Double]) throws -> [String: [String: Double]] {
                let page = directory.appendingPathComponent("\(tag)-\(start.map { String(Int($0)) } ?? "rest").html")
                try Self.page(for: program, tag: tag, startingAt: start).write(to: page, atomically: true, encoding: .utf8)
                try browser.open(page.absoluteString)
                try Self.waitForElement(browser, path)
                for offset in offsets {
                    _ = try browser.send("Runtime.evaluate", ["expression": "(\(Self.probe))(\(offset))", "awaitPromise": true])
                }
                return try XCTUnwrap(browser.evaluate("JSON.stringify(\(widths))") as? String)
                    .data(using: .utf8).flatMap { try JSONSerialization.jsonObject(with: $0) as? [String: [String: Double]] } ?? [:]
            }
            let paths: [(start: Double?, offsets: [Double])] = [(nil, [0]), (nil, [0, 300, 100]), (100, [0, 100])]
            for (start, offsets) in paths {
                let drawn = try read(startingAt: start, offsets: offsets)
                let there = layers(along: offsets)
                for name in texts {
                    let restHeight = try XCTUnwrap(rest.first { $0.block == name }?.height, name)
                    let height = try XCTUnwrap(there.first { $0.block == name }?.height, name)
                    guard restHeight > 0 else { continue }
                    let natural = try XCTUnwrap(drawn[name]?["natural"])
                    XCTAssertEqual(drawn[name]?["drawn"] ?? .nan, natural * Swift.max(height, 0) / ((restHeight * 64).rounded(.up) / 64),
                                   accuracy: 0.01, "\(path): \(name) along \(offsets)\(start.map { ", opened at \($0)" } ?? "")")
                    lines += 1
                }
            }
        }
        XCTAssertGreaterThanOrEqual(lines, 12)
    }

    /// An input attribute changed at run time is applied on the next frame; a malformed one is ignored
    /// with one console warning naming it; Reduce Motion, emulated, stops StickyParallax's drift.
    func testInputsAttributesAndReduceMotion() throws {
        let chromium = try ChromiumHarness.find()
        let directory = try TestScratch.directory("web-inputs")
        let browser = try DevToolsPipe(chromium: chromium, arguments: ["--allow-file-access-from-files"])
        defer { browser.close() }
        for path in ["Examples/StickyParallax.header"] {
            let program = try XCTUnwrap(Compilation(path: path, text: try PackagePaths.text(path)).program)
            XCTAssertEqual(Driver.run(["compile", PackagePaths.url(path).path, "--target", "web", "-o", directory.path]).exitCode, 0)
            let page = directory.appendingPathComponent("sticky.html")
            try Self.page(for: program, tag: "sticky-parallax").write(to: page, atomically: true, encoding: .utf8)
            try browser.open(page.absoluteString)
            try Self.waitForElement(browser, path)
            func value(_ name: String, at offset: Double, after script: String = "") throws -> Any? {
                let expression = "(async () => { \(script); const read = await (\(Self.probe))(\(offset)); return read.values[\(JavaScriptNames.string(name))]; })()"
                let result = try browser.send("Runtime.evaluate", ["expression": expression, "awaitPromise": true, "returnByValue": true])
                return (result["result"] as? [String: Any])?["value"]
            }
            func bits(_ x: Double) -> String { String(x.bitPattern, radix: 16) }
            // Defaults: the header at 100 is 260 - 100 = 160 tall; with a 47 pt inset, 307 - 100 = 207.
            XCTAssertEqual(try value("header.height", at: 100) as? String, bits(160))
            XCTAssertEqual(try value("header.height", at: 100, after: "document.getElementById('header').setAttribute('safe-area-top', '47')") as? String,
                           bits(207))
            // Malformed: ignored (the 47 stands), one warning naming it, no exception.
            for _ in 0..<3 {
                XCTAssertEqual(try value("header.height", at: 100, after: "document.getElementById('header').setAttribute('safe-area-top', 'tall')") as? String,
                               bits(207))
            }
            let warnings = try browser.evaluate("JSON.stringify(window.warnings)") as? String ?? ""
            XCTAssertEqual(warnings, #"["<sticky-parallax>: ignoring safe-area-top=\"tall\": not a number"]"#)
            // Removed: back to the default. A property set through `inputs` is applied too.
            XCTAssertEqual(try value("header.height", at: 100, after: "document.getElementById('header').removeAttribute('safe-area-top')") as? String,
                           bits(160))
            XCTAssertEqual(try value("header.height", at: 100, after: "document.getElementById('header').inputs = { safeAreaTop: 20 }") as? String,
                           bits(180))
            // The backdrop drifts by half the scroll at 100: -50; with Reduce Motion emulated, 0.
            XCTAssertEqual(try value("backdrop.offsetY", at: 100) as? String, bits(-50))
            try browser.send("Emulation.setEmulatedMedia", ["features": [["name": "prefers-reduced-motion", "value": "reduce"]]])
            XCTAssertEqual(try value("backdrop.offsetY", at: 100, after: "await new Promise((r) => setTimeout(r, 50))") as? String, bits(0))
            try browser.send("Emulation.setEmulatedMedia", ["features": [["name": "prefers-reduced-motion", "value": "no-preference"]]])
            XCTAssertEqual(try value("backdrop.offsetY", at: 100, after: "await new Promise((r) => setTimeout(r, 50))") as? String, bits(-50))
        }
    }

    /// A transition runs in time on the web: the element passes each frame's time to `advance` and draws again
    /// while a run is under way, with the page still. Over two seconds: at rest 0; two frames after the scroll
    /// passes 100 it has only started; after 2.5 s it has arrived at 1, and the element has stopped drawing;
    /// back under 100, it returns to 0 the same way.
    func testATransitionRunsUntilItArrives() throws {
        let chromium = try ChromiumHarness.find()
        let directory = try TestScratch.directory("web-transition")
        let browser = try DevToolsPipe(chromium: chromium, arguments: ["--allow-file-access-from-files"])
        defer { browser.close() }
        let spec = directory.appendingPathComponent("Fade.header")
        try """
            header Fade
            transition scrim {
                on offset > 100pt
                duration 2s
            }
            bar: bar {
                height = 60pt
                opacity = scrim
            }
            content: page padding(top: 60pt) {}
            """.write(to: spec, atomically: true, encoding: .utf8)
        let program = try XCTUnwrap(Compilation(path: spec.path, text: try String(contentsOf: spec, encoding: .utf8)).program)
        let compiled = Driver.run(["compile", spec.path, "--target", "web", "-o", directory.path])
        XCTAssertEqual(compiled.exitCode, 0, compiled.standardError)
        let page = directory.appendingPathComponent("fade.html")
        // A one-word name takes `-header`: a custom element's name has a hyphen.
        try Self.page(for: program, tag: "fade-header").write(to: page, atomically: true, encoding: .utf8)
        try browser.open(page.absoluteString)
        try Self.waitForElement(browser, spec.path)
        func opacity(at offset: Double) throws -> Double? {
            let expression = "(async () => (await (\(Self.probe))(\(offset))).values[\"bar.opacity\"])()"
            let result = try browser.send("Runtime.evaluate", ["expression": expression, "awaitPromise": true, "returnByValue": true])
            return ((result["result"] as? [String: Any])?["value"] as? String).flatMap { UInt64($0, radix: 16) }.map(Double.init(bitPattern:))
        }
        func drawsAfter(milliseconds: Int) throws -> Int {
            let script = "(async () => { const e = document.getElementById('header'); let n = 0; e.addEventListener('draw', () => n++);"
                + " await new Promise((r) => setTimeout(r, \(milliseconds))); const before = n;"
                + " await new Promise((r) => setTimeout(r, 200)); return n - before; })()"
            let result = try browser.send("Runtime.evaluate", ["expression": script, "awaitPromise": true, "returnByValue": true])
            return (result["result"] as? [String: Any])?["value"] as? Int ?? -1
        }
        XCTAssertEqual(try opacity(at: 0), 0)
        let started = try XCTUnwrap(try opacity(at: 150))
        XCTAssertLessThan(started, 1)
        // Drawn again, frame after frame, with no scroll; none once it has arrived.
        XCTAssertEqual(try drawsAfter(milliseconds: 2_500), 0)
        XCTAssertEqual(try browser.evaluate("document.getElementById('header').values['bar.opacity']") as? Double, 1)
        XCTAssertGreaterThan(try XCTUnwrap(try opacity(at: 50)), 0)
        _ = try drawsAfter(milliseconds: 2_500)
        XCTAssertEqual(try browser.evaluate("document.getElementById('header').values['bar.opacity']") as? Double, 0)
    }

    /// CollapsingToolbar's scrim is an animator of the spec's own, states that read the time: the element draws
    /// it frame after frame where the scroll stands, each frame's values eval's at that frame's time, bit for
    /// bit, until it has faded in (MDC's alpha 255), and then draws nothing more. The first frames of the fade
    /// leave every state as it was (alpha 0 until the curve reaches 1/255), which `readsTime` carries over.
    func testStatesThatReadTheTimeAreDrawnUntilTheyRest() throws {
        let chromium = try ChromiumHarness.find()
        let directory = try TestScratch.directory("web-clock")
        let browser = try DevToolsPipe(chromium: chromium, arguments: ["--allow-file-access-from-files"])
        defer { browser.close() }
        let path = "Examples/CollapsingToolbar.header"
        let program = try Self.openElement(path, in: directory, browser) { Self.page(for: $0, tag: $1, clock: true) }
        // Each frame's time and values, read in a frame after the element's.
        func drawn() throws -> (time: Double, values: [String: String], draws: Int) {
            let result = try browser.send("Runtime.evaluate", ["expression": """
                new Promise((resolve) => requestAnimationFrame(() => {
                  const view = new DataView(new ArrayBuffer(8)), out = {};
                  for (const [key, value] of Object.entries(document.getElementById("header").values)) {
                    view.setFloat64(0, Number(value)); out[key] = view.getBigUint64(0).toString(16); }
                  resolve({ time: window.clock.now, values: out, draws: window.draws });
                }))
                """, "awaitPromise": true, "returnByValue": true])
            let value = try XCTUnwrap((result["result"] as? [String: Any])?["value"] as? [String: Any], "\(result)")
            return (value["time"] as? Double ?? .nan, value["values"] as? [String: String] ?? [:], value["draws"] as? Int ?? -1)
        }
        _ = try browser.evaluate("window.draws = 0; document.getElementById('header').addEventListener('draw', () => window.draws++); 0")
        let interpreter = Interpreter(program: program)
        _ = interpreter.frame(at: 0)
        // Past the trigger at 1000 ms, the clock standing: the fade starts there (wantsScrim from offset 145 on).
        _ = try browser.evaluate("window.clock.now = 1000; document.getElementById('header').offset = 200; 0")
        interpreter.time = 1000
        var frame = interpreter.frame(at: 200)
        var steps = 1000.0
        func check(_ seen: (time: Double, values: [String: String], draws: Int), _ place: String) {
            while steps < seen.time {
                steps += 16
                interpreter.time = steps
                frame = interpreter.frame(at: 200)
            }
            for (output, value) in zip(program.outputs, frame) {
                guard case .number(let number) = value else { continue }
                XCTAssertEqual(seen.values[output.qualifiedName], String(number.bitPattern, radix: 16), "\(place): \(output.qualifiedName)")
            }
        }
        check(try drawn(), "at the crossing")
        _ = try browser.evaluate("window.clock.running = true; 0")
        var opacities: [Double] = []
        for _ in 0..<40 {
            let seen = try drawn()
            check(seen, "at \(seen.time) ms")
            opacities.append(Double(bitPattern: UInt64(seen.values["scrim.opacity"] ?? "", radix: 16) ?? 0))
            if opacities.last == 1 { break }
            usleep(30_000)
        }
        XCTAssertEqual(opacities.last, 1, "faded in: MDC's alpha 255")
        XCTAssertTrue(opacities.contains { $0 > 0 && $0 < 1 }, "drawn mid-way: \(opacities)")
        XCTAssertEqual(opacities, opacities.sorted(), "a fade in only rises")
        // At rest: no more frames while the clock runs on.
        let rested = try drawn()
        usleep(300_000)
        let later = try drawn()
        XCTAssertGreaterThan(later.time, rested.time + 100, "the page's frames went on")
        XCTAssertEqual(later.draws - rested.draws, 0, "nothing drawn once the scrim is at rest")
        check(later, "at rest")
    }

    /// A finger, synthesised over the DevTools protocol, drags ProfileStretchy's page up 80 pt and lifts: the
    /// element's phase follows dragging, decelerating, idle, and the scroll comes to rest where the spec's
    /// snap says for the offset and velocity of the release, as `eval --settle` computes it.
    func testATouchDragIsAGestureThatSnaps() throws {
        let chromium = try ChromiumHarness.find()
        let directory = try TestScratch.directory("web-touch")
        let browser = try DevToolsPipe(chromium: chromium, arguments: ["--allow-file-access-from-files"])
        defer { browser.close() }
        let path = "Examples/ProfileStretchy.header"
        let program = try XCTUnwrap(Compilation(path: path, text: try PackagePaths.text(path)).program)
        XCTAssertEqual(Driver.run(["compile", PackagePaths.url(path).path, "--target", "web", "-o", directory.path]).exitCode, 0)
        let page = directory.appendingPathComponent("touch.html")
        try Self.page(for: program, tag: "profile-stretchy").write(to: page, atomically: true, encoding: .utf8)
        try browser.open(page.absoluteString)
        try browser.send("Emulation.setTouchEmulationEnabled", ["enabled": true, "maxTouchPoints": 1])
        try Self.waitForElement(browser, path)
        // Every change of phase, as the element announces it.
        try browser.evaluate("window.phases = []; document.getElementById('header').addEventListener('phasechange', (event) => window.phases.push(event.detail)); true")
        func touch(_ type: String, _ y: Double) throws {
            let points: [[String: Any]] = type == "touchEnd" ? [] : [["x": 200, "y": y]]
            try browser.send("Input.dispatchTouchEvent", ["type": type, "touchPoints": points])
        }
        var phases: [String] = []
        func note() throws {
            phases = (try browser.evaluate("JSON.stringify(window.phases)") as? String).flatMap {
                try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String]
            } ?? []
        }
        // Within the browser's 800 × 600 window.
        try touch("touchStart", 400)
        try note()
        for step in 1...16 {
            try touch("touchMove", 400 - Double(step) * 5)
            usleep(16_000)
            try note()
        }
        try touch("touchEnd", 320)
        let start = Date()
        var release: [String: Any]?
        while Date().timeIntervalSince(start) < 5 {
            try note()
            release = try browser.evaluate("document.getElementById('header').lastRelease") as? [String: Any]
            if release != nil, phases.last == "idle",
               let offset = try browser.evaluate("document.getElementById('header').scroller.scrollTop") as? Double,
               let target = release?["target"] as? Double, abs(offset - target) < 0.5 { break }
            usleep(20_000)
        }
        XCTAssertEqual(phases, ["dragging", "decelerating", "idle"])
        let ended = try XCTUnwrap(release?["offset"] as? Double, "no release")
        let velocity = try XCTUnwrap(release?["velocity"] as? Double)
        XCTAssertGreaterThan(ended, 40, "the drag scrolled the page")
        let target = try XCTUnwrap(release?["target"] as? Double)
        let interpreter = Interpreter(program: program)
        XCTAssertEqual(target.bitPattern, interpreter.settle(snap: 0, offset: ended, velocity: velocity).bitPattern,
                       "ended at \(ended), \(velocity) pt/s")
        let rest = try XCTUnwrap(try browser.evaluate("document.getElementById('header').scroller.scrollTop") as? Double)
        XCTAssertEqual(rest, target, accuracy: 0.5, "the scroll came to rest where the snap says")
        print("web: a touch drag went \(phases.joined(separator: ", ")), ended at \(ended) at \(velocity) pt/s and came to rest at \(rest) (settle: \(target))")

        // A finger that drags, holds still a moment and lifts: the scroll ended before the lift, so no
        // `scrollend` follows it; the release is still a gesture's end, at no speed, and snaps.
        try touch("touchStart", 400)
        for step in 1...12 {
            try touch("touchMove", 400 - Double(step) * 5)
            usleep(16_000)
        }
        usleep(400_000)
        try touch("touchEnd", 340)
        let held = Date()
        var second: [String: Any]?
        while Date().timeIntervalSince(held) < 5 {
            try note()
            second = try browser.evaluate("document.getElementById('header').lastRelease") as? [String: Any]
            if phases.count == 6, let offset = second?["offset"] as? Double, offset != ended { break }
            usleep(20_000)
        }
        XCTAssertEqual(phases, ["dragging", "decelerating", "idle", "dragging", "decelerating", "idle"])
        XCTAssertEqual(second?["velocity"] as? Double, 0, "\(String(describing: second))")
        let heldAt = try XCTUnwrap(second?["offset"] as? Double)
        XCTAssertEqual((second?["target"] as? Double)?.bitPattern, interpreter.settle(snap: 0, offset: heldAt, velocity: 0).bitPattern)
    }

    /// A snap with a motion: after a touch drag the page scrolls to the snap's rest frame by frame along the spec's
    /// spring, from where its own deceleration ended; every frame the element drew is the interpreter's motion at
    /// that frame's time since the start, bit for bit, and the last is the target itself.
    func testASnapsMotionCarriesThePageToItsRest() throws {
        let chromium = try ChromiumHarness.find()
        let directory = try TestScratch.directory("web-motion")
        let browser = try DevToolsPipe(chromium: chromium, arguments: ["--allow-file-access-from-files"])
        defer { browser.close() }
        let spec = directory.appendingPathComponent("Glide.header")
        try """
            header Glide
            snap bar { 0pt, 150pt } motion spring(response: 0.5, dampingFraction: 0.7)
            bar: bar {
                height = max(150pt - offset, 44pt)
            }
            content: page padding(top: 150pt) {}
            """.write(to: spec, atomically: true, encoding: .utf8)
        let program = try XCTUnwrap(Compilation(path: spec.path, text: try String(contentsOf: spec, encoding: .utf8)).program)
        XCTAssertEqual(Driver.run(["compile", spec.path, "--target", "web", "-o", directory.path]).exitCode, 0)
        let page = directory.appendingPathComponent("glide.html")
        try Self.page(for: program, tag: "glide-header").write(to: page, atomically: true, encoding: .utf8)
        try browser.open(page.absoluteString)
        try browser.send("Emulation.setTouchEmulationEnabled", ["enabled": true, "maxTouchPoints": 1])
        try Self.waitForElement(browser, spec.path)
        func touch(_ type: String, _ y: Double) throws {
            let points: [[String: Any]] = type == "touchEnd" ? [] : [["x": 200, "y": y]]
            try browser.send("Input.dispatchTouchEvent", ["type": type, "touchPoints": points])
        }
        try touch("touchStart", 400)
        for step in 1...10 {
            try touch("touchMove", 400 - Double(step) * 5)
            usleep(16_000)
        }
        usleep(300_000)
        try touch("touchEnd", 350)
        var release: [String: Any]?
        let start = Date()
        while Date().timeIntervalSince(start) < 6 {
            release = try browser.evaluate("document.getElementById('header').lastRelease") as? [String: Any]
            if let frames = release?["motion"] as? [[Double]], let target = release?["target"] as? Double, frames.last?.last == target { break }
            usleep(50_000)
        }
        let ended = try XCTUnwrap(release?["offset"] as? Double, "no release")
        let target = try XCTUnwrap(release?["target"] as? Double)
        XCTAssertNotNil(release?["motion"], "no motion: \(String(describing: release))")
        // As bit patterns: a number through JSON may come back an ulp away.
        let script = "(() => { const v = new DataView(new ArrayBuffer(8)); const hex = (x) => { v.setFloat64(0, x); return v.getBigUint64(0).toString(16); };"
            + " return JSON.stringify(document.getElementById('header').lastRelease.motion.map((f) => f.map(hex))); })()"
        let words = try XCTUnwrap((try browser.evaluate(script) as? String).flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [[String]] })
        let frames = words.map { $0.map { Double(bitPattern: UInt64($0, radix: 16) ?? 0) } }
        let interpreter = Interpreter(program: program)
        XCTAssertEqual(target.bitPattern, interpreter.settle(snap: 0, offset: ended, velocity: 0).bitPattern)
        XCTAssertNotEqual(target, ended, "the release snaps somewhere else")
        XCTAssertGreaterThan(frames.count, 5)
        for frame in frames {
            let expected = try XCTUnwrap(interpreter.motion(snap: 0, from: ended, velocity: 0, target: target, elapsed: frame[0]))
            XCTAssertEqual(frame[1].bitPattern, expected.bitPattern, "at \(frame[0]) ms")
        }
        XCTAssertEqual(frames.last?[1], target, "the motion arrives")
        print("web: a drag ended at \(ended); the snap's spring carried the page to \(target) in \(frames.count) frames over \(frames.last?[0] ?? 0) ms")
    }

    /// Touch drags of two headers that decide where they rest in their own ways: AppleMusicProfile's height
    /// follows the direction of every scroll step (a state), and Wikipedia's bar snaps by a rule of its own.
    /// Each comes to rest where the interpreter (`eval --trace`, `eval --settle`) says for the offsets the
    /// element saw, which the page records from the same scroll events.
    func testTouchGesturesComeToRestWhereEvalSays() throws {
        let chromium = try ChromiumHarness.find()
        let directory = try TestScratch.directory("web-touch-rest")
        let browser = try DevToolsPipe(chromium: chromium, arguments: ["--allow-file-access-from-files"])
        defer { browser.close() }
        for (path, drag) in [("Examples/AppleMusicProfile.header", 110.0), ("Tests/Specs/snap/rule-wikipedia.header", 30.0)] {
            let program = try XCTUnwrap(Compilation(path: path, text: try PackagePaths.text(path)).program)
            let tag = WebElement.tag(forHeader: program.name)
            XCTAssertEqual(Driver.run(["compile", PackagePaths.url(path).path, "--target", "web", "-o", directory.path]).exitCode, 0)
            let page = directory.appendingPathComponent("\(tag).html")
            // A tall page in the unnamed slot, for a spec without a page block.
            let html = Self.page(for: program, tag: tag).replacingOccurrences(
                of: "</\(tag)>", with: "<div style=\"height: 4000px\"></div></\(tag)>")
            try html.write(to: page, atomically: true, encoding: .utf8)
            try browser.open(page.absoluteString)
            try browser.send("Emulation.setTouchEmulationEnabled", ["enabled": true, "maxTouchPoints": 1])
            try Self.waitForElement(browser, path)
            try browser.evaluate("""
                window.seen = []; window.phases = [];
                const header = document.getElementById('header');
                header.scroller.addEventListener('scroll', () => window.seen.push(header.scroller.scrollTop), { passive: true });
                header.addEventListener('phasechange', (event) => window.phases.push(event.detail)); true
                """)
            func touch(_ type: String, _ y: Double) throws {
                try browser.send("Input.dispatchTouchEvent", ["type": type, "touchPoints": type == "touchEnd" ? [] : [["x": 200, "y": y]]])
            }
            // Up and back down a little, then up again, a frame a step: the direction changes twice.
            var fingers: [Double] = []
            var y = 500.0
            for step in 0..<Int(drag / 5) { y -= 5; fingers.append(y); if step == 8 { for _ in 0..<3 { y += 5; fingers.append(y) } } }
            try touch("touchStart", 500)
            for finger in fingers {
                try touch("touchMove", finger)
                usleep(16_000)
            }
            usleep(150_000)
            try touch("touchEnd", y)
            let start = Date()
            var release: [String: Any]?
            while Date().timeIntervalSince(start) < 5 {
                release = try browser.evaluate("document.getElementById('header').lastRelease") as? [String: Any]
                let phases = try browser.evaluate("window.phases.join(',')") as? String
                if release != nil, phases?.hasSuffix("idle") == true,
                   let offset = try browser.evaluate("document.getElementById('header').scroller.scrollTop") as? Double,
                   let target = release?["target"] as? Double, offset == target,
                   try browser.evaluate("document.getElementById('header').offset") as? Double == target { break }
                usleep(20_000)
            }
            usleep(100_000)
            let place = program.name
            XCTAssertEqual(try browser.evaluate("window.phases.join(',')") as? String, "dragging,decelerating,idle", place)
            let seen = try XCTUnwrap(try browser.evaluate("window.seen") as? [Double], place)
            let ended = try XCTUnwrap(release?["offset"] as? Double, "\(place): no release")
            let velocity = try XCTUnwrap(release?["velocity"] as? Double, place)
            let target = try XCTUnwrap(release?["target"] as? Double, place)
            XCTAssertGreaterThan(seen.count, 5, place)
            let interpreter = Interpreter(program: program)
            if program.snaps.isEmpty {
                XCTAssertEqual(target, ended, "\(place): nothing snaps")
            } else {
                XCTAssertEqual(target.bitPattern, interpreter.settle(snap: 0, offset: ended, velocity: velocity).bitPattern,
                               "\(place): ended at \(ended), \(velocity) pt/s")
                XCTAssertNotEqual(target, ended, "\(place): the rule moved the rest")
            }
            // The frame at rest is eval's along the offsets the element saw (0 at rest first).
            var frame = interpreter.frame(at: 0)
            for offset in seen { frame = interpreter.frame(at: offset) }
            XCTAssertEqual(seen.last, target, "\(place): the last offset seen is the rest")
            let values = try XCTUnwrap(try browser.evaluate("""
                (() => { const view = new DataView(new ArrayBuffer(8)); const out = {};
                  for (const [key, value] of Object.entries(document.getElementById('header').values)) {
                    view.setFloat64(0, Number(value)); out[key] = view.getBigUint64(0).toString(16); }
                  return out; })()
                """) as? [String: String], place)
            for (output, value) in zip(program.outputs, frame) {
                guard case .number(let number) = value else { continue }
                XCTAssertEqual(values[output.qualifiedName], String(number.bitPattern, radix: 16), "\(place): \(output.qualifiedName)")
            }
            print("web: \(place) touch drag: \(seen.count) offsets, released at \(ended) at \(velocity) pt/s, at rest at \(target); "
                + program.outputs.prefix(2).map { "\($0.qualifiedName) = \(values[$0.qualifiedName] ?? "?")" }.joined(separator: ", "))
        }
    }

    /// The main thread's work per frame of a scripted 120-frame scroll of each example, from the DevTools
    /// protocol's performance metrics (script, style and layout time, and how many layouts), printed: a
    /// figure to watch, not a timed assertion. Beside them, the same scroll of a page whose scroll listener
    /// writes one transform, the least any header drawn on the main thread costs on the machine at hand.
    func testMainThreadWorkPerScrollFrameIsPrinted() throws {
        let chromium = try ChromiumHarness.find()
        let directory = try TestScratch.directory("web-metrics")
        let browser = try DevToolsPipe(chromium: chromium, arguments: ["--allow-file-access-from-files", "--disable-smooth-scrolling"])
        defer { browser.close() }
        func metrics() throws -> [String: Double] {
            let list = try browser.send("Performance.getMetrics", [:])["metrics"] as? [[String: Any]] ?? []
            return Dictionary(list.compactMap { entry in (entry["name"] as? String).map { ($0, entry["value"] as? Double ?? .nan) } },
                              uniquingKeysWith: { first, _ in first })
        }
        // A person's scroll: 120 wheel steps of 3 px, a frame apart, that the browser scrolls itself; then the
        // page's `offset`, two frames on, and the milliseconds of main thread a frame, by kind.
        func scroll(_ what: String, offset: String) throws -> (offset: Double, line: String) {
            try browser.send("Performance.enable", [:])
            let before = try metrics()
            var halfway: [String: Double] = [:]
            for step in 0..<120 {
                if step == 60 { halfway = try metrics() }
                try browser.send("Input.dispatchMouseEvent", ["type": "mouseWheel", "x": 195, "y": 400, "deltaX": 0, "deltaY": 3])
                usleep(16_000)
            }
            let ended = try browser.send("Runtime.evaluate", ["expression": """
                new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(\(offset)))))
                """, "awaitPromise": true, "returnByValue": true])
            let after = try metrics()
            func perFrame(_ name: String, from start: [String: Double] = before, to end: [String: Double] = after, frames: Double = 120) -> Double {
                ((end[name] ?? .nan) - (start[name] ?? .nan)) / frames * 1000
            }
            func mainThread(from start: [String: Double], to end: [String: Double], frames: Double) -> Double {
                ["ScriptDuration", "LayoutDuration", "RecalcStyleDuration"].reduce(0) { $0 + perFrame($1, from: start, to: end, frames: frames) }
            }
            // Most examples' headers collapse over the first 60 frames (180 pt), and a frame that moves less costs
            // less: the figure over those frames is printed beside the whole scroll's.
            let line = String(format: "web: %@ main thread %.3f ms a scroll frame (script %.3f, style %.3f, layout %.3f), %.0f layouts in 120 frames; "
                              + "%.3f ms a frame over the first 60", what, mainThread(from: before, to: after, frames: 120),
                              perFrame("ScriptDuration"), perFrame("RecalcStyleDuration"), perFrame("LayoutDuration"),
                              perFrame("LayoutCount") * 120 / 1000, mainThread(from: before, to: halfway, frames: 60))
            return (((ended["result"] as? [String: Any])?["value"] as? Double) ?? .nan, line)
        }
        let floor = directory.appendingPathComponent("one-transform.html")
        try """
            <!DOCTYPE html>
            <html><head><style>body { margin: 0 } #page { position: absolute; inset: 0; overflow-y: auto }
            #box { position: absolute; left: 0; top: 0; width: 390px; height: 260px; background: #ccc; will-change: transform }</style></head>
            <body style="width: 390px; height: 844px; position: relative"><div id="page"><div style="height: 4000px"></div></div><div id="box"></div>
            <script>const page = document.getElementById("page"), box = document.getElementById("box");
            page.addEventListener("scroll", () => { box.style.transform = `translate(0px, ${-page.scrollTop / 2}px)`; }, { passive: true });</script>
            </body></html>
            """.write(to: floor, atomically: true, encoding: .utf8)
        try browser.open(floor.absoluteString)
        let plain = try scroll("a page that writes one transform", offset: "document.getElementById('page').scrollTop")
        XCTAssertEqual(plain.offset, 360, "the scroll went to 3 × 120")
        print(plain.line)
        for path in Self.examples where path.hasPrefix("Examples/") {
            let program = try Self.openElement(path, in: directory, browser)
            let header = try scroll(program.name, offset: "document.getElementById('header').offset")
            XCTAssertEqual(header.offset, 360, "\(program.name): the scroll went to 3 × 120")
            print(header.line)
        }
    }

    /// A header whose outputs are all keyframes of the offset on places and opacities runs on the
    /// compositor: the report says so of every output, each layer has its scroll-driven animations, and a
    /// scripted 120-frame scroll lays nothing out, while every slot is still where `layout` puts it.
    func testAHeaderOfScrollDrivenKeyframesRunsOnTheCompositor() throws {
        let path = "Tests/Specs/layout/scroll-driven.header"
        let report = Driver.run(["compile", PackagePaths.url(path).path, "--target", "web", "--report"])
        XCTAssertEqual(report.exitCode, 0)
        let rows = report.standardOutput.split(separator: "\n")
        XCTAssertEqual(rows.count, 5, report.standardOutput)
        for row in rows { XCTAssertTrue(row.contains("  compositor  "), String(row)) }

        let chromium = try ChromiumHarness.find()
        let directory = try TestScratch.directory("web-compositor")
        let browser = try DevToolsPipe(chromium: chromium, arguments: ["--allow-file-access-from-files"])
        defer { browser.close() }
        let program = try Self.openElement(path, in: directory, browser)
        // backdrop (translate), avatar (translate and opacity), title (opacity), badge (translate).
        let animations = try browser.evaluate("""
            (() => { const root = document.getElementById("header").shadowRoot; const found = {};
              for (const wrapper of root.querySelectorAll(".block")) found[wrapper.dataset.block] = wrapper.getAnimations()
                .filter((animation) => animation.timeline && animation.timeline.constructor.name === "ScrollTimeline").length;
              return found; })()
            """) as? [String: Any]
        XCTAssertEqual(animations?["backdrop"] as? Int, 1)
        XCTAssertEqual(animations?["avatar"] as? Int, 2)
        XCTAssertEqual(animations?["title"] as? Int, 1)
        XCTAssertEqual(animations?["badge"] as? Int, 1)

        try browser.send("Performance.enable", [:])
        func metrics() throws -> [String: Double] {
            let list = try browser.send("Performance.getMetrics", [:])["metrics"] as? [[String: Any]] ?? []
            return Dictionary(list.compactMap { entry in (entry["name"] as? String).map { ($0, entry["value"] as? Double ?? .nan) } },
                              uniquingKeysWith: { first, _ in first })
        }
        let before = try metrics()
        let scroll = """
            new Promise((resolve) => {
              const element = document.getElementById("header");
              let frame = 0;
              const step = () => {
                element.scroller.scrollTop = frame * 2.5;
                if (++frame <= 120) requestAnimationFrame(step);
                else requestAnimationFrame(() => requestAnimationFrame(() => resolve(element.offset)));
              };
              requestAnimationFrame(step);
            })
            """
        let ended = try browser.send("Runtime.evaluate", ["expression": scroll, "awaitPromise": true, "returnByValue": true])
        let after = try metrics()
        XCTAssertEqual((ended["result"] as? [String: Any])?["value"] as? Double, 300)
        func delta(_ name: String) -> Double { (after[name] ?? .nan) - (before[name] ?? .nan) }
        XCTAssertEqual(delta("LayoutCount"), 0, "a scroll of scroll-driven keyframes lays nothing out")
        print(String(format: "web: %@ main thread %.3f ms a scroll frame, %.0f layouts and %.0f style recalculations in 120 frames",
                     program.name, (delta("ScriptDuration") + delta("LayoutDuration") + delta("RecalcStyleDuration")) / 120 * 1000,
                     delta("LayoutCount"), delta("RecalcStyleCount")))
    }

    /// Compiles the spec at `path` with `compile --target web` into `directory`, writes beside the module the
    /// page `html` makes of the program and the tag (`page(for:tag:)` by default), opens it and waits for the
    /// element; returns the program.
    static func openElement(_ path: String, in directory: URL, _ browser: DevToolsPipe,
                            html: (Program, String) -> String = { page(for: $0, tag: $1) }) throws -> Program {
        let program = try XCTUnwrap(Compilation(path: path, text: try PackagePaths.text(path)).program, path)
        let tag = WebElement.tag(forHeader: program.name)
        XCTAssertEqual(Driver.run(["compile", PackagePaths.url(path).path, "--target", "web", "-o", directory.path]).exitCode, 0, path)
        let page = directory.appendingPathComponent("\(tag).html")
        try html(program, tag).write(to: page, atomically: true, encoding: .utf8)
        try browser.open(page.absoluteString)
        try waitForElement(browser, path)
        return program
    }

    static func waitForElement(_ browser: DevToolsPipe, _ what: String) throws {
        let start = Date()
        while Date().timeIntervalSince(start) < 10 {
            if try browser.evaluate("!!(customElements.get(document.getElementById('header')?.localName) && document.getElementById('header').values)") as? Bool == true { return }
            usleep(20_000)
        }
        XCTFail("\(what): the element was not defined and drawn within 10 s")
    }
}
