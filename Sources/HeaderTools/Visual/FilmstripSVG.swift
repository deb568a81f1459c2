import HeaderSource
import HeaderSyntax
import HeaderMath
import HeaderIR
import HeaderEval
import HeaderCodeGen

/// `headerc render`: the header drawn at each offset, side by side, from the interpreter's values (along
/// the offsets in order, as `eval` goes, for a header with state). Each layer's group carries its block,
/// kind and geometry as data attributes, in the frame's own coordinates.
package struct FilmstripSVG {
    package let program: Program
    package let offsets: [Double]
    package let rows: [[Value]]
    /// The inputs the rows were computed with, in the program's order.
    package let inputs: [Value]

    package init(program: Program, offsets: [Double], rows: [[Value]], inputs: [Value]) {
        self.program = program
        self.offsets = offsets
        self.rows = rows
        self.inputs = inputs
    }

    package static let gap = 24.0
    static let labelHeight = 34.0

    package func render() -> String {
        let frameWidth = HeaderLayout.width + FilmstripSVG.gap
        let width = Double(max(offsets.count, 1)) * frameWidth + FilmstripSVG.gap
        let height = HeaderLayout.height + FilmstripSVG.labelHeight + 2 * FilmstripSVG.gap
        var svg = SVGText(width: width, height: height)
        svg.open("style")
        svg.raw(".name{font:600 12px sans-serif;fill:#fff}.caption{font:600 14px sans-serif;fill:#222}"
                + ".phone{fill:#f1f3f5;stroke:#adb5bd}")
        svg.close("style")
        let layout = HeaderLayout.Evaluator(program: program)
        for (index, offset) in offsets.enumerated() where index < rows.count {
            let left = FilmstripSVG.gap + Double(index) * frameWidth
            svg.open("g", ["class": "frame", "data-offset": offset.description,
                           "transform": "translate(\(SVGText.number(left)),\(SVGText.number(FilmstripSVG.gap)))"])
            svg.open("clipPath", ["id": "phone\(index)"])
            svg.empty("rect", ["width": SVGText.number(HeaderLayout.width), "height": SVGText.number(HeaderLayout.height)])
            svg.close("clipPath")
            svg.empty("rect", ["class": "phone", "width": SVGText.number(HeaderLayout.width),
                               "height": SVGText.number(HeaderLayout.height)])
            svg.open("g", ["clip-path": "url(#phone\(index))"])
            let layers = layout.layers(values: rows[index], inputs: inputs, offset: offset, canvasHeight: HeaderLayout.height)
            for (number, layer) in layers.enumerated() {
                let id = "f\(index)l\(number)"
                if let clip = layer.clip {
                    svg.open("clipPath", ["id": "clip-\(id)"])
                    svg.empty("rect", ["x": SVGText.number(clip.x), "y": SVGText.number(clip.y),
                                       "width": SVGText.number(Swift.max(clip.width, 0)), "height": SVGText.number(Swift.max(clip.height, 0))])
                    svg.close("clipPath")
                    svg.open("g", ["clip-path": "url(#clip-\(id))"])
                }
                draw(layer, id: id, into: &svg)
                if layer.clip != nil { svg.close("g") }
            }
            svg.close("g")
            svg.text("offset \(SVGText.escape(PlotSVG.short(offset)))", x: HeaderLayout.width / 2,
                     y: HeaderLayout.height + 24, attributes: ["class": "caption", "text-anchor": "middle"])
            svg.close("g")
        }
        return svg.finish()
    }

    static let colors: [BlockKind: String] = [
        .image: "#5c7cfa", .group: "none", .material: "#f8f9fa", .bar: "#343a40", .circle: "#f59f00", .text: "#212529",
        .page: "#fff", .box: "#20c997",
    ]

    private func draw(_ layer: HeaderLayout.Layer, id: String, into svg: inout SVGText) {
        let layerWidth = layer.width ?? 0
        var attributes = ["class": "layer", "data-block": layer.block, "data-kind": layer.kind.rawValue,
                          "data-x": SVGText.number(layer.x), "data-y": SVGText.number(layer.y),
                          "data-width": layer.width.map(SVGText.number) ?? "none", "data-height": SVGText.number(layer.height),
                          "data-opacity": SVGText.number(layer.opacity), "data-blur": SVGText.number(layer.blur),
                          "opacity": SVGText.number(Swift.min(Swift.max(layer.opacity, 0), 1))]
        if layer.hidden {
            attributes["visibility"] = "hidden"
            attributes["data-hidden"] = "true"
        }
        if let clip = layer.clip {
            attributes["data-clip"] = [clip.x, clip.y, clip.width, clip.height].map(SVGText.number).joined(separator: " ")
        }
        if layer.blur > 0 {
            svg.open("filter", ["id": "blur-\(id)"])
            svg.empty("feGaussianBlur", ["stdDeviation": SVGText.number(layer.blur / 2)])
            svg.close("filter")
            attributes["filter"] = "url(#blur-\(id))"
        }
        svg.open("g", attributes)
        let fill = FilmstripSVG.colors[layer.kind] ?? "#888"
        let width = Swift.max(layerWidth, 0), height = Swift.max(layer.height, 0)
        switch layer.kind {
        case .circle:
            svg.empty("ellipse", ["cx": SVGText.number(layer.x + layerWidth / 2), "cy": SVGText.number(layer.y + layer.height / 2),
                                  "rx": SVGText.number(width / 2), "ry": SVGText.number(height / 2), "fill": fill,
                                  "stroke": "#fff", "stroke-width": "3"])
        case .text:
            let anchor = ["leading": "start", "center": "middle", "trailing": "end"][layer.alignX ?? "leading"] ?? "start"
            svg.text(SVGText.escape(layer.block), x: layer.x, y: layer.y + layer.height * 0.8,
                     attributes: ["font-size": SVGText.number(layer.fontSize), "font-family": "sans-serif", "font-weight": "700",
                                  "fill": fill, "text-anchor": anchor])
        default:
            svg.empty("rect", ["x": SVGText.number(layer.x), "y": SVGText.number(layer.y), "width": SVGText.number(width),
                               "height": SVGText.number(height), "rx": SVGText.number(Swift.max(layer.cornerRadius, 0)),
                               "fill": fill, "fill-opacity": layer.kind == .material ? "0.6" : "1",
                               "stroke": layer.kind == .page ? "#dee2e6" : layer.kind == .group ? "#adb5bd" : "none",
                               "stroke-dasharray": layer.kind == .group ? "4 3" : "none"])
            if layer.scrimOpacity > 0 {
                svg.empty("rect", ["class": "scrim", "x": SVGText.number(layer.x), "y": SVGText.number(layer.y),
                                   "width": SVGText.number(width), "height": SVGText.number(height), "fill": "#000",
                                   "opacity": SVGText.number(Swift.min(layer.scrimOpacity, 1) * 0.6)])
            }
            if layer.showsLabel {
                let box = layer.labelBox
                svg.text(SVGText.escape(layer.block), x: box.x, y: box.y + 12, attributes: ["class": "name"])
            }
        }
        svg.close("g")
    }
}
