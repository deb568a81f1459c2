import HeaderSource
import HeaderSyntax
import HeaderMath
import HeaderIR
import HeaderEval
import HeaderCodeGen

/// How a header is drawn from one frame's outputs, for the filmstrip and the live preview: each block is a
/// layer on a phone-wide canvas, its kind guessed from its name, its known properties applied. The rules
/// are written once, here, as a `LayoutPlan` of expressions of the outputs, which the filmstrip evaluates
/// and the preview page runs as JavaScript. Nothing here is part of the language: it only shows the numbers.
///
/// - kind: `avatar`/`photo` a circle; `title`, `subtitle`, `name`, `label`, `caption`, `text` a line of
///   text; `scrim`, `shade`, `overlay` a dark veil over the last area; `bar`, `nav`, `toolbar` a bar;
///   `content`, `list`, `body` the page below; `cover`, `image`, `backdrop`, `header`, `hero`, `banner`,
///   `background`, `artwork`, `poster`, `picture`, `wallpaper` an image area (full width); any other block a
///   rectangle. The name of a block that is not text, an avatar or the page is written on its layer where it fits
///   (the plan's label rule, `planLabels`). A line
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

        /// Whether the block's name is written on the layer, in `labelBox` (the plan's label rule).
        var showsLabel = false
        /// The top of the name's box: 6 pt below the top of what shows of the layer (the canvas's top edge
        /// cuts what lies above it).
        var labelY = 0.0

        /// Where the name is written: 8 pt in from the left, at `labelY`, one line of 12 px bold text in a box
        /// 16 pt tall and `labelCharacterWidth` a character wide.
        var labelBox: (x: Double, y: Double, width: Double, height: Double) {
            (x + 8, labelY, Layer.labelCharacterWidth * Double(block.utf16.count), Layer.labelLineHeight)
        }
        static let labelLineHeight = 16.0
        /// Wider than the average 12 px bold sans-serif character, so that a name measured by it is no wider.
        package static let labelCharacterWidth = 7.5
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

    static let areaWords = ["cover", "image", "backdrop", "header", "hero", "banner", "background", "artwork", "poster",
                            "picture", "wallpaper"]

    /// The layers of one frame; `properties` gives each block's outputs by property name, `roles` the
    /// roles blocks declare (`declaredRoles(of:)`), which come before what their names suggest.
    package static func layers(blocks: [(name: String, properties: [String: Value])], offset: Double,
                               canvasHeight: Double = height, roles: [String: String] = [:]) -> [Layer] {
        plan(blocks: blocks.map { ($0.name, Set($0.properties.keys)) }, roles: roles)
            .evaluate(properties: blocks.map(\.properties), offset: offset, canvasHeight: canvasHeight)
    }

    /// The plan of a program's layout, for every frame: its blocks and the properties they have.
    static func plan(of program: Program) -> LayoutPlan {
        let blocks = program.blocks.map { block in
            (block.name, Set(block.outputs.compactMap { program.outputs.indices.contains($0) ? program.outputs[$0].name : nil }))
        }
        return plan(blocks: blocks, roles: declaredRoles(of: program))
    }

    /// The layout, written once as expressions of a frame's outputs: what a block's kind draws, where, and
    /// how its properties move and style it (see the type's documentation). A property the block has is
    /// read where it holds a finite number, and the default taken where it does not.
    static func plan(blocks: [(name: String, properties: Set<String>)], roles: [String: String]) -> LayoutPlan {
        var plan = LayoutPlan()
        plan.blockNames = blocks.map(\.name)
        /// Text with no `top`, to be moved into the header: its layer, where the loop put it and its height
        /// unscaled, and 1 where it has a place of its own after all (a `top` that is finite in the frame).
        var textsForTheHeader: [(index: Int, y: LayoutExpression, height: LayoutExpression, placed: LayoutExpression)] = []
        var areasBottom = LayoutExpression.constant(0), stackBottom = LayoutExpression.constant(0)
        var lastArea: (x: LayoutExpression, y: LayoutExpression, width: LayoutExpression, height: LayoutExpression)?
        var layers: [LayoutPlan.Layer] = []
        for (blockIndex, (name, properties)) in blocks.enumerated() {
            /// The first of the properties that holds a finite number, else `fallback`.
            func number(_ keys: [String], or fallback: LayoutExpression) -> LayoutExpression {
                keys.reversed().reduce(fallback) { rest, key in
                    properties.contains(key) ? .property(block: blockIndex, key: key, otherwise: rest) : rest
                }
            }
            func has(_ keys: [String]) -> LayoutExpression {
                let present = keys.filter(properties.contains)
                return present.isEmpty ? .constant(0) : .hasProperty(block: blockIndex, keys: present)
            }
            let kind = roles[name].flatMap(kind(ofRole:)) ?? kind(of: name)
            let xKeys = ["leading", "x"], yKeys = ["top", "y"]
            var x: LayoutExpression, y: LayoutExpression, width: LayoutExpression, height: LayoutExpression
            var cornerRadius = LayoutExpression.constant(0), fontSize = LayoutExpression.constant(0)
            switch kind {
            case .area, .bar:
                height = number(["height", "size"], or: kind == .area ? lastArea?.height ?? .constant(200) : .constant(44))
                (x, y, width) = (number(xKeys, or: .constant(0)), number(yKeys, or: .constant(0)), number(["width"], or: .constant(Self.width)))
            case .scrim:
                let base = lastArea ?? (.constant(0), .constant(0), .constant(Self.width), .constant(200))
                (x, y) = (number(xKeys, or: base.x), number(yKeys, or: base.y))
                (width, height) = (number(["width"], or: base.width), number(["height"], or: base.height))
            case .avatar:
                let size = plan.kept(number(["size", "width", "height"], or: .constant(72)))
                (x, y) = (number(xKeys, or: .constant(16)), number(yKeys, or: .subtract(areasBottom, .divide(size, .constant(2)))))
                (width, height, cornerRadius) = (size, size, .divide(size, .constant(2)))
            case .text:
                fontSize = plan.kept(number(["fontSize"], or: .constant(20)))
                (x, y) = (number(xKeys, or: .constant(16)), number(yKeys, or: .add(stackBottom, .constant(8))))
                (width, height) = (number(["width"], or: .constant(Self.width - 32)), number(["height"], or: .multiply(fontSize, .constant(1.3))))
            case .content:
                let top = plan.kept(.select(has(yKeys), then: .subtract(number(yKeys, or: .constant(0)), .offset), otherwise: areasBottom))
                (x, y, width) = (number(xKeys, or: .constant(0)), top, number(["width"], or: .constant(Self.width)))
                height = number(["height"], or: .maximum(.subtract(.canvasHeight, top), .constant(0)))
            case .box:
                (x, y) = (number(xKeys, or: .constant(16)), number(yKeys, or: .add(stackBottom, .constant(8))))
                (width, height) = (number(["width", "size"], or: .constant(160)), number(["height", "size"], or: .constant(36)))
            }
            (x, y, width, height) = (plan.kept(x), plan.kept(y), plan.kept(width), plan.kept(height))
            if kind == .text, has(yKeys) != .constant(1) {
                textsForTheHeader.append((layers.count, y, height, has(yKeys)))
            }
            cornerRadius = number(["cornerRadius"], or: cornerRadius)
            if kind == .area || kind == .bar {
                areasBottom = plan.kept(.maximum(areasBottom, .add(y, height)))
                lastArea = (x, y, width, height)
            }
            stackBottom = plan.kept(.maximum(stackBottom, .add(y, height)))
            // Moved, then scaled about its centre.
            let scaleX = plan.kept(number(["scaleX", "scale"], or: .constant(1)))
            let scaleY = plan.kept(number(["scaleY", "scale"], or: .constant(1)))
            let hiddenByVisible = properties.contains("visible") ? LayoutExpression.flag(block: blockIndex, key: "visible", value: false) : nil
            let hiddenByHidden = properties.contains("hidden") ? LayoutExpression.flag(block: blockIndex, key: "hidden", value: true) : nil
            let hidden: LayoutExpression
            switch (hiddenByVisible, hiddenByHidden) {
            case let (visible?, flagged?): hidden = .select(visible, then: .constant(1), otherwise: flagged)
            case let (visible?, nil): hidden = visible
            case let (nil, flagged?): hidden = flagged
            case (nil, nil): hidden = .constant(0)
            }
            let half = { (size: LayoutExpression, scale: LayoutExpression) in
                LayoutExpression.divide(.multiply(size, .subtract(.constant(1), scale)), .constant(2))
            }
            layers.append(LayoutPlan.Layer(
                block: name, kind: kind,
                x: plan.kept(.add(x, .add(number(["offsetX"], or: .constant(0)), half(width, scaleX)))),
                y: plan.kept(.add(y, .add(number(["offsetY"], or: .constant(0)), half(height, scaleY)))),
                width: plan.kept(.multiply(width, scaleX)), height: plan.kept(.multiply(height, scaleY)),
                opacity: number(["opacity"], or: .constant(1)), blur: number(["blur"], or: .constant(0)),
                cornerRadius: plan.kept(.multiply(cornerRadius, .minimum(scaleX, scaleY))),
                fontSize: plan.kept(.multiply(fontSize, scaleY)), hidden: plan.kept(hidden),
                scrimOpacity: number(["scrimOpacity"], or: .constant(0)), clipHeight: nil))
        }
        // Text without a place of its own goes in the header's bottom, the last line lowest.
        let namedHeader = layers.firstIndex { (roles[$0.block] ?? $0.block.lowercased()) == "header" && $0.kind == .area }
        if let frame = namedHeader ?? layers.firstIndex(where: { $0.kind == .area }) {
            var bottom = plan.kept(.subtract(.add(layers[frame].y, layers[frame].height), .constant(10)))
            for text in textsForTheHeader.reversed() {
                let top = plan.kept(.subtract(bottom, text.height))
                let moved = LayoutExpression.add(layers[text.index].y, .subtract(top, text.y))
                let placed = text.placed
                layers[text.index].y = plan.kept(placed == .constant(0) ? moved : .select(placed, then: layers[text.index].y, otherwise: moved))
                let next = LayoutExpression.select(layers[text.index].hidden, then: bottom, otherwise: .subtract(top, .constant(4)))
                bottom = plan.kept(placed == .constant(0) ? next : .select(placed, then: bottom, otherwise: next))
            }
        }
        // The header clips what it holds, as the app's frame does.
        if let header = namedHeader {
            let bottom = plan.kept(.maximum(.add(layers[header].y, layers[header].height), .constant(0)))
            for index in layers.indices where layers[index].kind != .content && layers[index].block != layers[header].block {
                layers[index].clipHeight = bottom
            }
        }
        // The page first, under the header; then areas, veils and bars, rectangles, text, and avatars on top.
        plan.layers = stackingOrder.flatMap { kind in layers.filter { $0.kind == kind } }
        planLabels(&plan)
        return plan
    }

    /// What shows of each layer: its rectangle within the header's clip, where it is not hidden, not
    /// transparent and not empty (`shown` 1, else 0).
    private static func shownRect(_ layer: LayoutPlan.Layer, _ plan: inout LayoutPlan) -> LayoutPlan.Rect {
        let zero = LayoutExpression.constant(0)
        var y0 = layer.y, y1 = plan.kept(.add(layer.y, .maximum(layer.height, zero)))
        if let clip = layer.clipHeight { (y0, y1) = (plan.kept(.maximum(y0, zero)), plan.kept(.minimum(y1, clip))) }
        let x1 = plan.kept(.add(layer.x, .maximum(layer.width, zero)))
        let nonEmpty = LayoutExpression.select(.less(layer.x, x1), then: .less(y0, y1), otherwise: zero)
        let shown = plan.kept(.select(layer.hidden, then: zero, otherwise: .select(.less(zero, layer.opacity), then: nonEmpty, otherwise: zero)))
        return LayoutPlan.Rect(shown: shown, x0: layer.x, y0: y0, x1: x1, y1: y1)
    }

    /// A block's name is written on an area, a veil, a bar or a rectangle (a line of text shows its name
    /// already, a circle has no corner to hold one), only where its box lies inside what shows of its own
    /// layer and of the canvas, and no layer drawn above it shows over any of it: so a name never sits on
    /// another block's layer, nor hangs past a thin bar's edge, nor is hidden under a title.
    private static func planLabels(_ plan: inout LayoutPlan) {
        var rects: [LayoutPlan.Rect] = []
        for layer in plan.layers { rects.append(shownRect(layer, &plan)) }
        plan.shownRects = rects
        plan.shownRectsReady = plan.registers.count
        let zero = LayoutExpression.constant(0)
        for (index, layer) in plan.layers.enumerated() {
            let shown = rects[index]
            let labelY = plan.kept(.add(.maximum(layer.y, zero), .constant(6)))
            plan.layers[index].labelY = labelY
            guard ![.content, .text, .avatar].contains(layer.kind) else { continue }
            let x0 = plan.kept(.add(layer.x, .constant(8)))
            let x1 = plan.kept(.add(x0, .constant(Layer.labelCharacterWidth * Double(layer.block.utf16.count))))
            let y1 = plan.kept(.add(labelY, .constant(Layer.labelLineHeight)))
            let inside = [
                LayoutExpression.lessOrEqual(shown.x0, x0), .lessOrEqual(x1, .minimum(shown.x1, .constant(width))),
                .lessOrEqual(shown.y0, labelY), .lessOrEqual(y1, .minimum(shown.y1, .canvasHeight)),
            ].reduce(shown.shown) { all, next in .select(all, then: next, otherwise: zero) }
            let clear = LayoutExpression.select(.overlapsShown(x0: x0, y0: labelY, x1: x1, y1: y1, from: index + 1),
                                                then: zero, otherwise: .constant(1))
            plan.layers[index].showsLabel = plan.kept(.select(inside, then: clear, otherwise: zero))
        }
    }

    static let stackingOrder: [Kind] = [.content, .area, .scrim, .bar, .box, .text, .avatar]

    /// A frame's outputs grouped by block, in declaration order.
    package static func blocks(of program: Program, values: [Value]) -> [(name: String, properties: [String: Value])] {
        program.blocks.map { block in
            var properties: [String: Value] = [:]
            for index in block.outputs where index < values.count { properties[program.outputs[index].name] = values[index] }
            return (block.name, properties)
        }
    }
}
