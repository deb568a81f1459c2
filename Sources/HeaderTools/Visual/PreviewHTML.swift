import HeaderSource
import HeaderSyntax
import HeaderMath
import HeaderIR
import HeaderEval
import HeaderCodeGen

/// `headerc preview`: one self-contained HTML file (no network, no external script) in which the header
/// is the spec's own web element (`compile --target web`, `WebElement`), inline, its page able to be pulled
/// `pull` points down past its top (negative offsets, the stretch): the page a designer looks at is the
/// one an app ships. Each block's slot holds a stand-in that says the block's kind by its look; beside the
/// phone, a field for each input, a readout of every output, and plots (`Runtime/preview.mjs`, which says
/// what the page's fragment can set).
package struct PreviewHTML {
    package let program: Program
    package let module: String
    /// The inputs' starting values (their defaults, or `--set`).
    package let inputValues: [Value]

    package init(program: Program, module: String, inputValues: [Value]) {
        self.program = program
        self.module = module
        self.inputValues = inputValues
    }

    /// The phone's height, in points (its width is `HeaderLayout.width`).
    package static let phoneHeight = 720.0
    /// How far above rest the page can be pulled, in points.
    package static let pull = 600.0
    /// The offsets the plots sweep.
    static let plotFrom = -150.0, plotTo = 450.0, plotStep = 3.0

    package func render() -> String {
        let element = WebElement(program: program, spec: nil, module: module, labels: true)
        // The module goes into a <script> element: nothing in it may end the element or open an HTML comment.
        let embedded = element.render().replacingOccurrences(of: "</", with: "<\\/").replacingOccurrences(of: "<!--", with: "<\\!--")
        let title = SVGText.escape(program.name)
        let starting = zip(program.inputs, inputValues).map { input, value -> String in
            let text: String
            switch value {
            case .bool(let bool): text = bool ? "true" : "false"
            case .number(let number): text = JavaScriptNames.literal(number)
            case .phase(let phase): text = JavaScriptNames.string(phase.name)
            }
            return "\(JavaScriptNames.string(input.name)): \(text)"
        }
        // The first snap of the scroll: a snap of a state moves no scroll.
        let settle = program.snaps.first { $0.state == nil }.map { JavaScriptNames.settleFunction($0.name, count: program.snaps.count) } ?? "null"
        // A stand-in for each block, in the order the element draws them, each to be given its layer's numbers.
        let stands = HeaderLayout.plan(of: program, labels: false).layers.map { layer -> String in
            let name = SVGText.escape(layer.block)
            let content = layer.kind == .text ? name : "<span class=\"name\">\(name)</span><div class=\"veil\"></div>"
            return "<div class=\"layer \(layer.kind.rawValue)\" data-block=\"\(name)\" data-x=\"0\" data-y=\"0\" "
                + "data-width=\"0\" data-height=\"0\" slot=\"\(name)\">\(content)</div>"
        }
        // Without a page block, room to scroll in the element's unnamed slot.
        let filler = HeaderLayout.structures(of: program).contains { $0.kind == .page } ? [] : ["<div class=\"filler\"></div>"]
        let settings = "const previewSettings = { pull: \(JavaScriptNames.literal(PreviewHTML.pull)), "
            + "plotFrom: \(JavaScriptNames.literal(PreviewHTML.plotFrom)), plotTo: \(JavaScriptNames.literal(PreviewHTML.plotTo)), "
            + "plotStep: \(JavaScriptNames.literal(PreviewHTML.plotStep)), startingInputs: { \(starting.joined(separator: ", ")) }, settle: \(settle) };"
        let application = EmbeddedRuntime.previewMJS.replacingOccurrences(of: "</", with: "<\\/").replacingOccurrences(of: "<!--", with: "<\\!--")
        let lines = [
            "<!DOCTYPE html>", "<html lang=\"en\">", "<head>", "<meta charset=\"utf-8\">",
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">",
            "<title>\(title): headerc preview</title>", "<style>", EmbeddedRuntime.previewCSS + "</style>", "</head>", "<body>",
            "<header class=\"top\"><h1>\(title)</h1><span id=\"offset-readout\">offset 0</span></header>", "<main>",
            "<section id=\"phone\" aria-label=\"header preview\">",
            "<\(element.tag) id=\"header\">", (stands + filler).joined(separator: "\n"), "</\(element.tag)>", "</section>",
            "<section id=\"side\">", "  <form id=\"controls\" aria-label=\"inputs\"></form>",
            "  <table id=\"readout\"><thead><tr><th>output</th><th>value</th></tr></thead><tbody></tbody></table>",
            "  <div id=\"plots\"></div>", "</section>", "</main>", "<script type=\"module\">", embedded, settings,
            "// ---- The preview, around the element above.", application, "</script>", "</body>", "</html>", "",
        ]
        return lines.joined(separator: "\n")
    }
}
