import HeaderSource
import HeaderSyntax
import HeaderMath
import HeaderIR
import HeaderEval
import HeaderCodeGen
import Foundation

/// `headerc plot`: small multiples, one chart per output, offset on x and the value on y with its unit,
/// from the interpreter's values along a sweep; each chart marks where its formula switches on the offset
/// (keyframe stops) and every snap point. Each chart's group carries its plot area and domain as data
/// attributes, so that a reader (or a test) can map any mark back to an offset and a value.
package struct PlotSVG {
    package let program: Program
    package let offsets: [Double]
    /// One row of outputs per offset, in `program.outputs` order.
    package let rows: [[Value]]
    package let marks: OffsetMarks
    package let inputs: [(name: String, value: Value)]

    package init(program: Program, offsets: [Double], rows: [[Value]], marks: OffsetMarks, inputs: [(name: String, value: Value)]) {
        self.program = program
        self.offsets = offsets
        self.rows = rows
        self.marks = marks
        self.inputs = inputs
    }

    static let chartWidth = 360.0, chartHeight = 210.0
    static let plotLeft = 58.0, plotTop = 30.0, plotRight = 14.0, plotBottom = 34.0
    package static let headerHeight = 56.0

    package func render() -> String {
        let count = program.outputs.count
        let columns = max(1, min(3, count))
        let rowsOfCharts = (count + columns - 1) / columns
        let width = Double(columns) * PlotSVG.chartWidth + 20
        let height = PlotSVG.headerHeight + Double(max(rowsOfCharts, 1)) * PlotSVG.chartHeight + 10
        var svg = SVGText(width: width, height: height)
        svg.open("style")
        svg.raw(".title{font:600 13px sans-serif;fill:#222}.label{font:11px sans-serif;fill:#555}"
                + ".axis{stroke:#888;stroke-width:1}.series{fill:none;stroke:#d6336c;stroke-width:1.8}"
                + ".stop{stroke:#999;stroke-dasharray:3 3}.snap{stroke:#1c7ed6;stroke-dasharray:6 3}")
        svg.close("style")
        let settings = inputs.map { "\($0.name) = \($0.value.printed)" }.joined(separator: ", ")
        svg.text(SVGText.escape(program.name), x: 10, y: 22, attributes: ["class": "title"])
        let sweep = offsets.isEmpty ? "" : "offset \(Self.short(offsets[0])) to \(Self.short(offsets[offsets.count - 1]))"
        svg.text(SVGText.escape([sweep, settings].filter { !$0.isEmpty }.joined(separator: "; ")
                                 + "  (grey dashes: stops, blue dashes: snap points)"),
                 x: 10, y: 42, attributes: ["class": "label"])
        for (index, output) in program.outputs.enumerated() {
            let left = 10 + Double(index % columns) * PlotSVG.chartWidth
            let top = PlotSVG.headerHeight + Double(index / columns) * PlotSVG.chartHeight
            chart(index, output, left: left, top: top, into: &svg)
        }
        return svg.finish()
    }

    /// The plot area of a chart whose box starts at `left`, `top`.
    package static func area(left: Double, top: Double) -> (x: Double, y: Double, width: Double, height: Double) {
        (left + plotLeft, top + plotTop, chartWidth - plotLeft - plotRight, chartHeight - plotTop - plotBottom)
    }

    /// The value range a chart shows: its finite values, a little wider, or 0 to 1 for a bool.
    static func domain(_ values: [Double], isBool: Bool) -> (low: Double, high: Double) {
        if isBool { return (-0.1, 1.1) }
        let finite = values.filter(\.isFinite)
        guard var low = finite.min(), var high = finite.max() else { return (0, 1) }
        if low == high {
            low -= 1
            high += 1
        }
        let pad = (high - low) * 0.05
        guard (low - pad).isFinite, (high + pad).isFinite else { return (low, high) }
        return (low - pad, high + pad)
    }

    private func chart(_ index: Int, _ output: Program.Output, left: Double, top: Double, into svg: inout SVGText) {
        let values = rows.map { row -> Double in
            guard index < row.count else { return .nan }
            return row[index].storedNumber
        }
        let area = PlotSVG.area(left: left, top: top)
        let xLow = offsets.min() ?? 0, xHigh = offsets.max() ?? 1
        let xSpan = xHigh > xLow ? xHigh - xLow : 1
        let (yLow, yHigh) = PlotSVG.domain(values, isBool: output.type == .bool)
        func x(_ offset: Double) -> Double { area.x + (offset - xLow) / xSpan * area.width }
        func y(_ value: Double) -> Double { area.y + area.height - (value - yLow) / (yHigh - yLow) * area.height }
        svg.open("g", ["class": "chart", "data-output": output.qualifiedName, "data-type": output.type.displayName,
                       "data-x-min": xLow.description, "data-x-max": (xLow + xSpan).description,
                       "data-y-min": yLow.description, "data-y-max": yHigh.description,
                       "data-left": SVGText.number(area.x), "data-top": SVGText.number(area.y),
                       "data-width": SVGText.number(area.width), "data-height": SVGText.number(area.height)])
        let unit = output.type == .bool ? " (false / true)" : output.type == .density ? " (px/pt)"
            : output.type.literalSuffix.isEmpty ? "" : " (\(output.type.literalSuffix))"
        svg.text(SVGText.escape(output.qualifiedName + unit), x: left + 6, y: top + 18, attributes: ["class": "title"])
        let bottom = area.y + area.height
        svg.line(area.x, bottom, area.x + area.width, bottom, ["class": "axis"])
        svg.line(area.x, area.y, area.x, bottom, ["class": "axis"])
        for offset in [xLow, xHigh] + (xLow < 0 && xHigh > 0 ? [0.0] : []) {
            svg.line(x(offset), bottom, x(offset), bottom + 4, ["class": "axis"])
            svg.text(Self.short(offset), x: x(offset), y: bottom + 16, attributes: ["class": "label", "text-anchor": "middle"])
        }
        let yLabels: [(Double, String)] = output.type == .bool ? [(0, "false"), (1, "true")]
            : [(values.filter(\.isFinite).min() ?? yLow, ""), (values.filter(\.isFinite).max() ?? yHigh, "")]
        for (value, label) in yLabels {
            svg.line(area.x - 4, y(value), area.x, y(value), ["class": "axis"])
            svg.text(label.isEmpty ? Self.short(value) : label, x: area.x - 6, y: y(value) + 4,
                     attributes: ["class": "label", "text-anchor": "end"])
        }
        let stops = index < marks.stops.count ? marks.stops[index] : []
        for stop in stops where stop >= xLow && stop <= xHigh {
            svg.line(x(stop), area.y, x(stop), bottom, ["class": "stop", "data-offset": stop.description])
        }
        for point in marks.snapPoints where point >= xLow && point <= xHigh {
            svg.line(x(point), area.y, x(point), bottom, ["class": "snap", "data-offset": point.description])
        }
        // One polyline per run of finite values: an infinity or NaN leaves a gap.
        var run: [String] = []
        func flush() {
            if !run.isEmpty { svg.empty("polyline", ["class": "series", "points": run.joined(separator: " ")]) }
            run = []
        }
        for (offset, value) in zip(offsets, values) {
            guard value.isFinite, offset.isFinite else {
                flush()
                continue
            }
            run.append("\(SVGText.number(x(offset))),\(SVGText.number(y(value)))")
        }
        flush()
        svg.close("g")
    }

    /// A number for a label: at most 4 significant digits, without a trailing `.0`.
    package static func short(_ value: Double) -> String {
        guard value.isFinite else { return value.description }
        let text = String(format: "%.4g", value)
        return text == "-0" ? "0" : text
    }
}

/// Builds an SVG document: elements with attributes in a fixed order, text escaped, numbers with two decimals.
package struct SVGText {
    private var text: String

    package init(width: Double, height: Double) {
        text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(SVGText.number(width))\" height=\"\(SVGText.number(height))\" "
            + "viewBox=\"0 0 \(SVGText.number(width)) \(SVGText.number(height))\">\n"
        text += "<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>\n"
    }

    package static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let text = String(format: "%.2f", value)
        return text == "-0.00" ? "0.00" : text
    }

    static func escape(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            default:
                // XML 1.0 has no place for most control characters, even escaped.
                if let scalar = character.unicodeScalars.first, scalar.value < 0x20, scalar != "\t" { result += "?" } else {
                    result.append(character)
                }
            }
        }
        return result
    }

    private static func attributes(_ attributes: [String: String]) -> String {
        attributes.keys.sorted().map { " \($0)=\"\(escape(attributes[$0] ?? ""))\"" }.joined()
    }

    package mutating func open(_ name: String, _ attributes: [String: String] = [:]) {
        text += "<\(name)\(SVGText.attributes(attributes))>\n"
    }

    package mutating func close(_ name: String) {
        text += "</\(name)>\n"
    }

    package mutating func empty(_ name: String, _ attributes: [String: String]) {
        text += "<\(name)\(SVGText.attributes(attributes))/>\n"
    }

    /// Text already escaped.
    package mutating func raw(_ content: String) {
        text += content + "\n"
    }

    package mutating func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ attributes: [String: String]) {
        var all = attributes
        all["x1"] = SVGText.number(x1)
        all["y1"] = SVGText.number(y1)
        all["x2"] = SVGText.number(x2)
        all["y2"] = SVGText.number(y2)
        empty("line", all)
    }

    /// `content` already escaped.
    package mutating func text(_ content: String, x: Double, y: Double, attributes: [String: String] = [:]) {
        var all = attributes
        all["x"] = SVGText.number(x)
        all["y"] = SVGText.number(y)
        text += "<text\(SVGText.attributes(all))>\(content)</text>\n"
    }

    package func finish() -> String { text + "</svg>\n" }
}
