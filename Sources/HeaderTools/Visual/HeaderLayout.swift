import HeaderSource
import HeaderSyntax
import HeaderMath
import HeaderIR
import HeaderEval
import HeaderCodeGen

/// How a header is drawn from one frame's outputs, for the filmstrip (and, written again in JavaScript
/// line for line, `PreviewHTML.layoutSource`, the live preview): each block is a layer on a phone-wide
/// canvas, its kind guessed from its name, its known properties applied. Nothing here is part of the
/// language: it only shows the numbers.
///
/// - kind: `avatar`/`photo` a circle; `title`, `subtitle`, `name`, `label`, `caption`, `text` a line of
///   text; `scrim`, `shade`, `overlay` a dark veil over the last area; `bar`, `nav`, `toolbar` a bar;
///   `content`, `list`, `body` the page below; `cover`, `image`, `backdrop`, `header`, `hero`, `banner`,
///   `background`, `artwork`, `poster`, `picture`, `wallpaper` an image area (full width); any other block a
///   rectangle. The name of a block that is not text, an avatar or the page is written on its layer where it fits
///   (`labelFits`). A line
///   `role: <word>` in a block's documentation comment says its kind whatever its name: `header`,
///   `image` (or `area`), `bar`, `scrim`, `avatar`, `text` (or `title`), `content`, `box`.
/// - clip: a block named `header` (or declaring `role: header`) is the header's frame, as in the app, where the header clips what it
///   holds: every layer but the page (and the header itself) is drawn only between the top of the canvas
///   and the header's bottom edge (`clipHeight`).
/// - place: `leading` or `x`, `top` or `y`, `width`, `height` and `size` where the spec has them; else an
///   area fills the width from the top, an avatar straddles the bottom of the areas above it, text and
///   other rectangles stack below what is above them. Text without a `top` is drawn in the header, as an
///   app draws a title in its bar: the header's frame is the `header` block's, else the first area's, and
///   such lines stack up from 10 pt above its bottom edge, the last declared lowest, 4 pt apart (a hidden
///   line takes no room). Content is the page, which scrolls: its `top` is
///   where it starts in the page, so it is drawn at `top - offset` (or just below the areas without one).
///   An area without a height takes the one of the area before it (a blur over the header).
/// - order: the page at the bottom, then areas, veils, bars, other rectangles, text, and avatars on top;
///   within a kind, in declaration order.
/// - then `offsetX`/`offsetY` move it, `scale` (or `scaleX`/`scaleY`) scale it about its centre, and
///   `opacity`, `blur`, `cornerRadius`, `fontSize`, `visible` (or `hidden`) and an area's `scrimOpacity`
///   style it.
package struct HeaderLayout {
    package static let width = 390.0
    package static let height = 560.0

    package enum Kind: String {
        case area, bar, scrim, avatar, text, content, box
    }

    package struct Layer: Equatable {
        package var block: String
        package var kind: Kind
        package var x: Double, y: Double, width: Double, height: Double
        package var opacity = 1.0
        package var blur = 0.0
        package var cornerRadius = 0.0
        package var fontSize = 0.0
        package var hidden = false
        package var scrimOpacity = 0.0
        /// Where a `header` block clips the layer: it is drawn only from y = 0 to y = clipHeight.
        package var clipHeight: Double?

        /// Whether the block's name is written on the layer, in `labelBox` (see `labelFits`).
        package var showsLabel = false

        /// Where the name is written: 8 pt in from the left and 6 pt below the top of what shows of the layer
        /// (the canvas's top edge cuts what lies above it), one line of 12 px bold text in a box 16 pt tall
        /// and `labelCharacterWidth` a character wide.
        package var labelBox: (x: Double, y: Double, width: Double, height: Double) {
            (x + 8, Swift.max(y, 0) + 6, Layer.labelCharacterWidth * Double(block.utf16.count), Layer.labelLineHeight)
        }
        package static let labelLineHeight = 16.0
        /// Wider than the average 12 px bold sans-serif character, so that a name measured by it is no wider.
        package static let labelCharacterWidth = 7.5

        /// The part of the layer that shows: its rectangle within the header's clip, or nil for one hidden,
        /// transparent or empty.
        package var shownRect: (x0: Double, y0: Double, x1: Double, y1: Double)? {
            guard !hidden, opacity > 0 else { return nil }
            var y0 = y, y1 = y + Swift.max(height, 0)
            if let clip = clipHeight { (y0, y1) = (Swift.max(y0, 0), Swift.min(y1, clip)) }
            let x1 = x + Swift.max(width, 0)
            return x1 > x && y1 > y0 ? (x, y0, x1, y1) : nil
        }
    }

    /// A label is written on an area, a veil, a bar or a rectangle (a line of text shows its name already, a
    /// circle has no corner to hold one), only where its box lies inside what shows of its own layer and of the canvas, and
    /// no layer drawn above it shows over any of it: so a name never sits on another block's layer, nor
    /// hangs past a thin bar's edge, nor is hidden under a title.
    package static func labelFits(_ layer: Layer, under above: ArraySlice<Layer>, canvasHeight: Double) -> Bool {
        guard ![.content, .text, .avatar].contains(layer.kind), let shown = layer.shownRect else { return false }
        let box = layer.labelBox
        let (x0, y0, x1, y1) = (box.x, box.y, box.x + box.width, box.y + box.height)
        guard x0 >= shown.x0, x1 <= Swift.min(shown.x1, width), y0 >= shown.y0, y1 <= Swift.min(shown.y1, canvasHeight) else { return false }
        return !above.contains { other in
            guard let rect = other.shownRect else { return false }
            return rect.x0 < x1 && x0 < rect.x1 && rect.y0 < y1 && y0 < rect.y1
        }
    }

    package static func kind(of block: String) -> Kind {
        let name = block.lowercased()
        func has(_ words: [String]) -> Bool { words.contains { name.contains($0) } }
        if has(["avatar", "photo"]) { return .avatar }
        if has(["title", "name", "label", "caption", "text"]) { return .text }
        if has(["scrim", "shade", "overlay"]) { return .scrim }
        if has(["bar", "nav", "toolbar"]) { return .bar }
        if has(["content", "list", "body"]) { return .content }
        if has(areaWords) { return .area }
        return .box
    }

    /// The roles a block's documentation can declare, on a line of its own (`role: image`), whatever the
    /// block is called: the word, and the kind it draws as. `header` is an image area that is also the
    /// header's frame, which clips what the header holds.
    package static let roles: [(word: String, kind: Kind)] = [
        ("header", .area), ("image", .area), ("area", .area), ("bar", .bar), ("scrim", .scrim), ("avatar", .avatar),
        ("text", .text), ("title", .text), ("content", .content), ("box", .box),
    ]

    /// The role each block's documentation declares, by block name; a block that declares none is absent.
    package static func declaredRoles(of program: Program) -> [String: String] {
        var roles: [String: String] = [:]
        for block in program.blocks {
            guard let documentation = block.documentation else { continue }
            for line in documentation.split(whereSeparator: \.isNewline) {
                let words = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                if words.count == 2, words[0].lowercased() == "role", let role = role(named: words[1]) { roles[block.name] = role }
            }
        }
        return roles
    }

    private static func role(named word: String) -> String? {
        let word = word.lowercased()
        return roles.contains { $0.word == word } ? word : nil
    }

    package static func kind(ofRole role: String) -> Kind? {
        roles.first { $0.word == role }?.kind
    }

    package static let areaWords = ["cover", "image", "backdrop", "header", "hero", "banner", "background", "artwork", "poster",
                            "picture", "wallpaper"]

    /// The layers of one frame; `properties` gives each block's outputs by property name, `roles` the
    /// roles blocks declare (`declaredRoles(of:)`), which come before what their names suggest.
    package static func layers(blocks: [(name: String, properties: [String: Value])], offset: Double,
                       canvasHeight: Double = height, roles: [String: String] = [:]) -> [Layer] {
        var layers: [Layer] = []
        /// Text with no `top`, to be moved into the header: where the loop put it, and its height unscaled.
        var textsForTheHeader: [(index: Int, y: Double, height: Double)] = []
        var areasBottom = 0.0, stackBottom = 0.0
        var lastArea: Layer?
        for (name, properties) in blocks {
            func number(_ key: String) -> Double? {
                if case .number(let value)? = properties[key], value.isFinite { return value }
                return nil
            }
            func flag(_ key: String) -> Bool? {
                if case .bool(let value)? = properties[key] { return value }
                return nil
            }
            let kind = roles[name].flatMap(kind(ofRole:)) ?? kind(of: name)
            let x = number("leading") ?? number("x"), y = number("top") ?? number("y")
            var layer: Layer
            switch kind {
            case .area, .bar:
                let height = number("height") ?? number("size") ?? (kind == .area ? lastArea?.height ?? 200 : 44)
                layer = Layer(block: name, kind: kind, x: x ?? 0, y: y ?? 0, width: number("width") ?? width, height: height)
            case .scrim:
                let base = lastArea ?? Layer(block: name, kind: .scrim, x: 0, y: 0, width: width, height: 200)
                layer = Layer(block: name, kind: kind, x: x ?? base.x, y: y ?? base.y, width: number("width") ?? base.width,
                              height: number("height") ?? base.height)
            case .avatar:
                let size = number("size") ?? number("width") ?? number("height") ?? 72
                layer = Layer(block: name, kind: kind, x: x ?? 16, y: y ?? areasBottom - size / 2, width: size, height: size)
                layer.cornerRadius = size / 2
            case .text:
                let fontSize = number("fontSize") ?? 20
                layer = Layer(block: name, kind: kind, x: x ?? 16, y: y ?? stackBottom + 8, width: number("width") ?? width - 32,
                              height: number("height") ?? fontSize * 1.3)
                layer.fontSize = fontSize
                if y == nil { textsForTheHeader.append((layers.count, layer.y, layer.height)) }
            case .content:
                let top = y.map { $0 - offset } ?? areasBottom
                layer = Layer(block: name, kind: kind, x: x ?? 0, y: top, width: number("width") ?? width,
                              height: number("height") ?? Swift.max(canvasHeight - top, 0))
            case .box:
                let size = number("size")
                layer = Layer(block: name, kind: kind, x: x ?? 16, y: y ?? stackBottom + 8, width: number("width") ?? size ?? 160,
                              height: number("height") ?? size ?? 36)
            }
            if let radius = number("cornerRadius") { layer.cornerRadius = radius }
            if kind == .area || kind == .bar {
                areasBottom = Swift.max(areasBottom, layer.y + layer.height)
                lastArea = layer
            }
            stackBottom = Swift.max(stackBottom, layer.y + layer.height)
            // Moved, then scaled about its centre.
            let scaleX = number("scaleX") ?? number("scale") ?? 1, scaleY = number("scaleY") ?? number("scale") ?? 1
            layer.x += (number("offsetX") ?? 0) + layer.width * (1 - scaleX) / 2
            layer.y += (number("offsetY") ?? 0) + layer.height * (1 - scaleY) / 2
            layer.width *= scaleX
            layer.height *= scaleY
            layer.cornerRadius *= Swift.min(scaleX, scaleY)
            layer.fontSize *= scaleY
            layer.opacity = number("opacity") ?? 1
            layer.blur = number("blur") ?? 0
            layer.scrimOpacity = number("scrimOpacity") ?? 0
            layer.hidden = flag("visible") == false || flag("hidden") == true
            layers.append(layer)
        }
        // Text without a place of its own goes in the header's bottom, the last line lowest.
        let namedHeader = layers.first { (roles[$0.block] ?? $0.block.lowercased()) == "header" && $0.kind == .area }
        if let frame = namedHeader ?? layers.first(where: { $0.kind == .area }) {
            var bottom = frame.y + frame.height - 10
            for text in textsForTheHeader.reversed() {
                let top = bottom - text.height
                layers[text.index].y += top - text.y
                if !layers[text.index].hidden { bottom = top - 4 }
            }
        }
        // The header clips what it holds, as the app's frame does.
        if let header = namedHeader {
            let bottom = Swift.max(header.y + header.height, 0)
            for index in layers.indices where layers[index].kind != .content && layers[index].block != header.block {
                layers[index].clipHeight = bottom
            }
        }
        // The page first, under the header; then areas, veils and bars, rectangles, text, and avatars on top.
        var ordered = stackingOrder.flatMap { kind in layers.filter { $0.kind == kind } }
        for index in ordered.indices {
            ordered[index].showsLabel = labelFits(ordered[index], under: ordered[(index + 1)...], canvasHeight: canvasHeight)
        }
        return ordered
    }

    package static let stackingOrder: [Kind] = [.content, .area, .scrim, .bar, .box, .text, .avatar]

    /// A frame's outputs grouped by block, in declaration order.
    package static func blocks(of program: Program, values: [Value]) -> [(name: String, properties: [String: Value])] {
        program.blocks.map { block in
            var properties: [String: Value] = [:]
            for index in block.outputs where index < values.count { properties[program.outputs[index].name] = values[index] }
            return (block.name, properties)
        }
    }
}
