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

    package init(program: Program, offsets: [Double], rows: [[Value]]) {
        self.program = program
        self.offsets = offsets
        self.rows = rows
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
        let roles = HeaderLayout.declaredRoles(of: program)
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
            let layers = HeaderLayout.layers(blocks: HeaderLayout.blocks(of: program, values: rows[index]), offset: offset,
                                             roles: roles)
            if let clip = layers.lazy.compactMap(\.clipHeight).first {
                svg.open("clipPath", ["id": "header\(index)"])
                svg.empty("rect", ["width": SVGText.number(HeaderLayout.width), "height": SVGText.number(clip)])
                svg.close("clipPath")
            }
            for (number, layer) in layers.enumerated() {
                if layer.clipHeight != nil { svg.open("g", ["clip-path": "url(#header\(index))"]) }
                draw(layer, id: "f\(index)l\(number)", into: &svg)
                if layer.clipHeight != nil { svg.close("g") }
            }
            svg.close("g")
            svg.text("offset \(SVGText.escape(PlotSVG.short(offset)))", x: HeaderLayout.width / 2,
                     y: HeaderLayout.height + 24, attributes: ["class": "caption", "text-anchor": "middle"])
            svg.close("g")
        }
        return svg.finish()
    }

    static let colors: [HeaderLayout.Kind: String] = [
        .area: "#5c7cfa", .bar: "#343a40", .scrim: "#000", .avatar: "#f59f00", .text: "#212529", .content: "#fff", .box: "#20c997",
    ]

    private func draw(_ layer: HeaderLayout.Layer, id: String, into svg: inout SVGText) {
        var attributes = ["class": "layer", "data-block": layer.block, "data-kind": layer.kind.rawValue,
                          "data-x": SVGText.number(layer.x), "data-y": SVGText.number(layer.y),
                          "data-width": SVGText.number(layer.width), "data-height": SVGText.number(layer.height),
                          "data-opacity": SVGText.number(layer.opacity), "data-blur": SVGText.number(layer.blur),
                          "opacity": SVGText.number(Swift.min(Swift.max(layer.opacity, 0), 1))]
        if layer.hidden {
            attributes["visibility"] = "hidden"
            attributes["data-hidden"] = "true"
        }
        if let clip = layer.clipHeight { attributes["data-clip-height"] = SVGText.number(clip) }
        if layer.blur > 0 {
            svg.open("filter", ["id": "blur-\(id)"])
            svg.empty("feGaussianBlur", ["stdDeviation": SVGText.number(layer.blur / 2)])
            svg.close("filter")
            attributes["filter"] = "url(#blur-\(id))"
        }
        svg.open("g", attributes)
        let fill = FilmstripSVG.colors[layer.kind] ?? "#888"
        let width = Swift.max(layer.width, 0), height = Swift.max(layer.height, 0)
        switch layer.kind {
        case .avatar:
            svg.empty("ellipse", ["cx": SVGText.number(layer.x + layer.width / 2), "cy": SVGText.number(layer.y + layer.height / 2),
                                  "rx": SVGText.number(width / 2), "ry": SVGText.number(height / 2), "fill": fill,
                                  "stroke": "#fff", "stroke-width": "3"])
        case .text:
            svg.text(SVGText.escape(layer.block), x: layer.x, y: layer.y + layer.height * 0.8,
                     attributes: ["font-size": SVGText.number(layer.fontSize), "font-family": "sans-serif", "font-weight": "700",
                                  "fill": fill])
        default:
            svg.empty("rect", ["x": SVGText.number(layer.x), "y": SVGText.number(layer.y), "width": SVGText.number(width),
                               "height": SVGText.number(height), "rx": SVGText.number(Swift.max(layer.cornerRadius, 0)),
                               "fill": fill, "fill-opacity": layer.kind == .scrim ? "0.5" : "1",
                               "stroke": layer.kind == .content ? "#dee2e6" : "none"])
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
