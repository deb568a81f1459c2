import HeaderSource
import HeaderSyntax
import HeaderMath
import HeaderIR
import HeaderEval
import HeaderCodeGen

/// The header's layout: where each block is drawn at an offset, from its structure (Grammar.md,
/// "Structure") and the frame's outputs. The rules are written once, here, as a `LayoutPlan` of
/// expressions of the outputs, which `layout` and the filmstrip evaluate and the preview page runs as
/// JavaScript, so every picture draws by one definition.
///
/// A block that declares no structure is given one guessed from its name (`guessedStructure`), and
/// `check` names each such block with the line that would declare it (`guessNote`).
package struct HeaderLayout {
    /// The screen's width unless `layout --width` says otherwise: an iPhone's, in points.
    package static let width = 390.0
    /// The filmstrip's canvas height.
    package static let height = 560.0
    /// The screen's height `layout` places the page against: an iPhone's, in points.
    package static let screenHeight = 844.0
    /// A line of text's font size where it declares none (SwiftUI's body text), and its line's height as a
    /// multiple of the font size where the structure gives no `frame(height:)`.
    static let defaultFontSize = 17.0, lineHeightPerFontSize = 1.2
    /// A bar's height and a circle's diameter where nothing gives one.
    static let defaultBarHeight = 44.0, defaultCircleSize = 44.0

    package struct Layer: Equatable {
        package var block: String
        package var kind: BlockKind
        /// The drawn rectangle, after offsets and scale; a line of text's `x` is its alignment point (`alignX`),
        /// its width (nil) what it says.
        package var x: Double, y: Double, width: Double?, height: Double
        package var alignX: String?
        package var opacity = 1.0
        package var blur = 0.0
        package var cornerRadius = 0.0
        package var fontSize = 0.0
        package var hidden = false
        package var scrimOpacity = 0.0
        /// The rectangle the layer is drawn within, where it is clipped.
        package var clip: (x: Double, y: Double, width: Double, height: Double)?

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

        package static func == (a: Layer, b: Layer) -> Bool {
            a.block == b.block && a.kind == b.kind && a.x == b.x && a.y == b.y && a.width == b.width && a.height == b.height
                && a.alignX == b.alignX && a.opacity == b.opacity && a.blur == b.blur && a.cornerRadius == b.cornerRadius
                && a.fontSize == b.fontSize && a.hidden == b.hidden && a.scrimOpacity == b.scrimOpacity
                && a.clip.map { [$0.x, $0.y, $0.width, $0.height] } == b.clip.map { [$0.x, $0.y, $0.width, $0.height] }
                && a.showsLabel == b.showsLabel && a.labelY == b.labelY
        }
    }

    // MARK: Structures

    /// Every block's structure, as declared or as guessed from its name (`guessedStructure`), in one pass:
    /// what a guess reads of the blocks before it is kept as it goes.
    package static func structures(of program: Program) -> [BlockStructure] {
        let blocks = program.blocks
        let kinds = blocks.map { guessedKind(ofName: $0.name) }
        // For each block, the next block without structure guessed to be a line of text.
        var nextText = [Int?](repeating: nil, count: blocks.count)
        var following: Int?
        for index in blocks.indices.reversed() {
            nextText[index] = following
            if blocks[index].structure == nil, kinds[index] == .text { following = index }
        }
        var seen = GuessContext()
        var structures: [BlockStructure] = []
        structures.reserveCapacity(blocks.count)
        for index in blocks.indices {
            let structure = blocks[index].structure ?? guessedStructure(kinds[index], after: seen, nextText: nextText[index])
            structures.append(structure)
            if [.image, .group].contains(structure.kind) {
                seen.firstArea = seen.firstArea ?? index
                seen.lastArea = index
                if seen.headerFrame == nil, blocks[index].name.lowercased() == "header" { seen.headerFrame = index }
            }
            if structure.kind != .page { seen.lastBlock = index }
        }
        return structures
    }

    /// What a guess reads of the blocks declared before it.
    struct GuessContext {
        var firstArea: Int?, lastArea: Int?
        /// The first image or group named `header`: the header's frame.
        var headerFrame: Int?
        /// The last block that is not the page.
        var lastBlock: Int?
    }

    /// What a block without a structure is drawn as, from the kind its name suggests (`guessedKind`): a
    /// circle on the bottom edge of the first area above it, a line of text at the header's bottom-leading
    /// corner (lines stacking up, the last declared lowest), an image, a bar, the page, a material over the
    /// last area, anything else a box below the block before it: a guess, which `check` names
    /// (`guessNote`). It reads only blocks declared before it, and the next line of text, so guesses form no ring.
    static func guessedStructure(_ kind: BlockKind, after seen: GuessContext, nextText: Int?) -> BlockStructure {
        var structure = BlockStructure(kind: kind)
        switch kind {
        case .circle:
            structure.container = seen.firstArea
            structure.alignment = .bottomLeading
            structure.padding.leading = LayoutLength(16)
            structure.centeredOn = [.bottom]
        case .text:
            structure.container = seen.headerFrame ?? seen.firstArea
            structure.alignment = .bottomLeading
            structure.padding.leading = LayoutLength(16)
            structure.padding.bottom = LayoutLength(10)
            if let nextText { structure.stacking = .above(nextText) }
        case .material:
            structure.container = seen.lastArea
        case .image:
            structure.container = seen.lastArea
        case .bar, .page, .group:
            break
        case .box:
            structure.alignment = .topLeading
            structure.padding.leading = LayoutLength(16)
            structure.padding.top = LayoutLength(8)
            structure.frameWidth = 160
            structure.frameHeight = 36
            if let previous = seen.lastBlock { structure.stacking = .below(previous) }
        }
        if let headerFrame = seen.headerFrame, kind != .page, structure.container == nil { structure.clip = .block(headerFrame) }
        return structure
    }

    /// The kind a block's name suggests, by the first of these its lower-cased name contains: `avatar` or
    /// `photo` a circle; `title`, `name`, `label`, `caption`, `text` a line of text; `scrim`, `shade`,
    /// `overlay` a material; `bar`, `nav`, `toolbar` a bar; `content`, `list`, `body` the page; an area's
    /// word (`areaWords`) an image; anything else a box.
    static func guessedKind(ofName name: String) -> BlockKind {
        let name = name.lowercased()
        func has(_ words: [String]) -> Bool { words.contains { name.contains($0) } }
        if has(["avatar", "photo"]) { return .circle }
        if has(["title", "name", "label", "caption", "text"]) { return .text }
        if has(["scrim", "shade", "overlay"]) { return .material }
        if has(["bar", "nav", "toolbar"]) { return .bar }
        if has(["content", "list", "body"]) { return .page }
        if has(areaWords) { return .image }
        return .box
    }

    static let areaWords = ["cover", "image", "backdrop", "header", "hero", "banner", "background", "artwork", "poster",
                            "picture", "wallpaper"]

    /// How many blocks `guessNote`'s message names; a note of its own names every one.
    static let guessesNamed = 8

    /// `check`'s note, once per spec: the blocks whose structure the pictures guess (the first
    /// `guessesNamed` by name, then how many more), each with the line that would declare it as guessed.
    /// Nil where every block declares its structure.
    package static func guessNote(for program: Program) -> Diagnostic? {
        let structures = structures(of: program)
        let guessed = program.blocks.indices.filter { program.blocks[$0].structure == nil }
        guard let first = guessed.first else { return nil }
        var names = guessed.prefix(guessesNamed).map { "'\(program.blocks[$0].name)'" }
        if guessed.count > guessesNamed { names.append("\(guessed.count - guessesNamed) more") }
        let notes = guessed.map { index in
            Diagnostic.Note(message: "'\(program.blocks[index].name)' is drawn as if declared '\(declaration(of: index, structures[index], in: program))'",
                            range: program.blocks[index].nameRange)
        }
        let count = guessed.count == 1 ? "block \(names[0]) declares" : "\(guessed.count) blocks (\(names.joined(separator: ", "))) declare"
        return Diagnostic(.note, "\(count) no structure, so the pictures guess it from the name; declare what each is and where it sits, as in the lines below (Grammar.md, \"Structure\")",
                          at: program.blocks[first].nameRange, notes: notes)
    }

    /// A structure as the line that declares it: `avatar: circle in cover at bottomLeading padding(leading: 16pt) center on bottom`.
    package static func declaration(of index: Int, _ structure: BlockStructure, in program: Program) -> String {
        func name(_ block: Int) -> String { program.blocks.indices.contains(block) ? program.blocks[block].name : "?" }
        func length(_ value: Double) -> String { "\(PlotSVG.short(value))pt" }
        func padding(_ value: LayoutLength) -> String {
            var text = value.constant != 0 || value.terms.isEmpty ? length(value.constant) : ""
            for term in value.terms {
                let name = program.inputs.indices.contains(term.input) ? program.inputs[term.input].name : "?"
                let scaled = term.factor == 1 ? name : term.factor == -1 ? "-\(name)" : "\(PlotSVG.short(term.factor)) * \(name)"
                text += text.isEmpty ? scaled : scaled.hasPrefix("-") ? " - \(scaled.dropFirst())" : " + \(scaled)"
            }
            return text
        }
        var words = ["\(name(index)): \(structure.kind.rawValue)"]
        if let container = structure.container { words.append("in \(name(container))") }
        if structure.alignment != .top { words.append("at \(structure.alignment.rawValue)") }
        switch structure.stacking {
        case .above(let other)?: words.append("above \(name(other))")
        case .below(let other)?: words.append("below \(name(other))")
        case nil: break
        }
        let padding = LayoutEdge.allCases.filter { !structure.padding[$0].isZero }.map { "\($0.rawValue): \(padding(structure.padding[$0]))" }
        if !padding.isEmpty { words.append("padding(\(padding.joined(separator: ", ")))") }
        let frame = [("width", structure.frameWidth), ("height", structure.frameHeight)].compactMap { label, value in value.map { "\(label): \(length($0))" } }
        if !frame.isEmpty { words.append("frame(\(frame.joined(separator: ", ")))") }
        for edge in LayoutEdge.allCases where structure.centeredOn.contains(edge) { words.append("center on \(edge.rawValue)") }
        switch structure.clip {
        case .own?: words.append("clipped")
        case .block(let other)?: words.append("clipped to \(name(other))")
        case nil: break
        }
        if structure.scaleAnchor != .center { words.append("scale from \(structure.scaleAnchor.rawValue)") }
        switch structure.beside {
        case .after(let other)?: words.append("after \(name(other))")
        case .before(let other)?: words.append("before \(name(other))")
        case nil: break
        }
        if let behind = structure.behind { words.append("behind \(name(behind))") }
        return words.joined(separator: " ")
    }

    /// A program's layout ready to evaluate frame after frame: its plan built and compiled once.
    package struct Evaluator {
        package let plan: LayoutPlan
        package let width: Double
        private let compiled: CompiledLayout
        package var size: (instructions: Int, constants: Int) { compiled.size }

        /// Without `labels`, only what `layout` prints is computed (place, size, opacity and clip): no name
        /// labels, blur, corner radius, font size or scrim.
        package init(program: Program, width: Double = HeaderLayout.width, labels: Bool = true) {
            let outputIndex = program.blocks.map { block in
                Dictionary(block.outputs.compactMap { index in
                    program.outputs.indices.contains(index) ? (program.outputs[index].name, index) : nil
                }, uniquingKeysWith: { first, _ in first })
            }
            self.width = width
            plan = HeaderLayout.plan(of: program, labels: labels)
            compiled = CompiledLayout(plan, outputIndex: outputIndex, geometryOnly: !labels)
        }

        /// The layers of one frame (the program's outputs in order, with the inputs it was computed with, in
        /// the program's order), back to front.
        package func layers(values: [Value], inputs: [Value], offset: Double, canvasHeight: Double) -> [Layer] {
            var layers: [Layer] = []
            compiled.evaluate(values: values, inputs: inputs, offset: offset, canvasWidth: width, canvasHeight: canvasHeight, into: &layers)
            return layers
        }

        /// The same, written over `layers`, whose storage is kept from frame to frame.
        package func layers(values: [Value], inputs: [Value], offset: Double, canvasHeight: Double, into layers: inout [Layer]) {
            compiled.evaluate(values: values, inputs: inputs, offset: offset, canvasWidth: width, canvasHeight: canvasHeight, into: &layers)
        }
    }

    // MARK: The plan

    /// The plan of a program's layout on a screen `canvasWidth` by `canvasHeight`, with the pictures' name
    /// labels where `labels` is set.
    package static func plan(of program: Program, labels: Bool = true) -> LayoutPlan {
        let blocks = program.blocks.map { block in
            (block.name, Set(block.outputs.compactMap { program.outputs.indices.contains($0) ? program.outputs[$0].name : nil }))
        }
        var plan = plan(blocks: blocks, structures: structures(of: program), labels: labels)
        plan.inputNames = program.inputs.map(\.name)
        return plan
    }

    /// The layout, written once as expressions of a frame's outputs (Grammar.md, "Structure", says each
    /// rule). A property the block has is read where it holds a finite number, and the default taken where
    /// it does not.
    static func plan(blocks: [(name: String, properties: Set<String>)], structures: [BlockStructure], labels: Bool) -> LayoutPlan {
        var plan = LayoutPlan()
        plan.blockNames = blocks.map(\.name)
        let zero = LayoutExpression.constant(0)
        typealias Rect = (x: LayoutExpression, y: LayoutExpression, width: LayoutExpression, height: LayoutExpression)
        var frames = [Rect?](repeating: nil, count: blocks.count)
        var layers = [LayoutPlan.Layer?](repeating: nil, count: blocks.count)
        let screen: Rect = (zero, zero, .canvasWidth, .canvasHeight)

        // Each block after those it is placed against; a ring (possible only through a guess, which the
        // checker does not see) places the block against the screen instead.
        var order: [Int] = []
        var state = [UInt8](repeating: 0, count: blocks.count)
        for start in blocks.indices where state[start] == 0 {
            var stack: [(block: Int, next: Int)] = [(start, 0)]
            state[start] = 1
            while let top = stack.last {
                let targets = references(structures[top.block]).filter(blocks.indices.contains)
                if top.next < targets.count {
                    stack[stack.count - 1].next += 1
                    let target = targets[top.next]
                    if state[target] == 0 {
                        state[target] = 1
                        stack.append((target, 0))
                    }
                    continue
                }
                state[top.block] = 2
                order.append(top.block)
                stack.removeLast()
            }
        }

        for index in order {
            let (name, properties) = blocks[index]
            let structure = structures[index]
            func number(_ keys: [String], or fallback: LayoutExpression) -> LayoutExpression {
                keys.reversed().reduce(fallback) { rest, key in
                    properties.contains(key) ? .property(block: index, key: key, otherwise: rest) : rest
                }
            }
            func has(_ key: String) -> LayoutExpression {
                properties.contains(key) ? .hasProperty(block: index, keys: [key]) : zero
            }
            func placed(_ block: Int?) -> Rect? { block.flatMap { frames.indices.contains($0) ? frames[$0] : nil } }
            let container = placed(structure.container) ?? screen
            let insets = structure.padding
            let padding = (top: plan.kept(length(insets.top)), bottom: plan.kept(length(insets.bottom)),
                           leading: plan.kept(length(insets.leading)), trailing: plan.kept(length(insets.trailing)))
            let available = (width: plan.kept(.subtract(container.width, .add(padding.leading, padding.trailing))),
                             height: plan.kept(.subtract(container.height, .add(padding.top, padding.bottom))))
            let hidden = plan.kept(hiddenExpression(index, properties))
            let frameWidth = structure.frameWidth.map(LayoutExpression.constant)
            let frameHeight = structure.frameHeight.map(LayoutExpression.constant)
            var fontSize = zero, cornerRadius = zero
            var width: LayoutExpression, height: LayoutExpression
            switch structure.kind {
            case .circle:
                let size = number(["size"], or: frameWidth ?? frameHeight ?? .constant(defaultCircleSize))
                (width, height) = (size, size)
                cornerRadius = .divide(size, .constant(2))
            case .text:
                fontSize = plan.kept(number(["fontSize"], or: .constant(defaultFontSize)))
                width = zero
                height = number(["height"], or: frameHeight ?? .multiply(fontSize, .constant(lineHeightPerFontSize)))
            case .box:
                width = number(["width", "size"], or: frameWidth ?? available.width)
                height = number(["height", "size"], or: frameHeight ?? available.height)
            case .bar:
                width = number(["width"], or: frameWidth ?? available.width)
                height = number(["height"], or: frameHeight ?? .constant(defaultBarHeight))
            case .group, .image, .material:
                width = number(["width"], or: frameWidth ?? available.width)
                height = number(["height"], or: frameHeight ?? available.height)
            case .page:
                width = available.width
                height = zero
            }
            width = plan.kept(width)
            // A block that is not visible takes no room, as a view that is taken out.
            height = plan.kept(.select(hidden, then: zero, otherwise: height))

            var x: LayoutExpression, y: LayoutExpression
            let horizontal = structure.alignment.horizontalFraction, vertical = structure.alignment.verticalFraction
            if structure.centeredOn.contains(.leading) {
                x = .subtract(.add(container.x, padding.leading), .divide(width, .constant(2)))
            } else if structure.centeredOn.contains(.trailing) {
                x = .subtract(.subtract(.add(container.x, container.width), padding.trailing), .divide(width, .constant(2)))
            } else {
                x = aligned(.add(container.x, padding.leading), room: available.width, size: width, fraction: horizontal)
            }
            if structure.kind == .page {
                x = .add(container.x, padding.leading)
                // It starts at the top of the screen, or below the block it stacks under (a scroll view under
                // a header in a VStack), and moves up as the page scrolls.
                var start = LayoutExpression.add(container.y, padding.top)
                if case .below(let other)? = structure.stacking, let other = placed(other) {
                    start = .add(.add(other.y, other.height), padding.top)
                }
                y = .subtract(.add(start, number(["top"], or: zero)), .offset)
                height = plan.kept(.select(hidden, then: zero,
                                           otherwise: number(["height"], or: .maximum(.subtract(.canvasHeight, plan.kept(y)), zero))))
            } else {
                switch structure.stacking {
                case .above(let other)? where placed(other) != nil:
                    y = .subtract(.subtract(placed(other)?.y ?? zero, padding.bottom), height)
                case .below(let other)? where placed(other) != nil:
                    let other = placed(other) ?? screen
                    y = .add(.add(other.y, other.height), padding.top)
                default:
                    if structure.centeredOn.contains(.top) {
                        y = .subtract(.add(container.y, padding.top), .divide(height, .constant(2)))
                    } else if structure.centeredOn.contains(.bottom) {
                        y = .subtract(.subtract(.add(container.y, container.height), padding.bottom), .divide(height, .constant(2)))
                    } else {
                        y = aligned(.add(container.y, padding.top), room: available.height, size: height, fraction: vertical)
                    }
                }
                switch structure.beside {
                case .after(let other)? where placed(other) != nil:
                    let other = placed(other) ?? screen
                    x = .add(.add(other.x, other.width), padding.leading)
                case .before(let other)? where placed(other) != nil:
                    x = .subtract(.subtract(placed(other)?.x ?? zero, padding.trailing), width)
                default: break
                }
                x = .select(has("leading"), then: .add(container.x, number(["leading"], or: zero)), otherwise: x)
                y = .select(has("top"), then: .add(container.y, number(["top"], or: zero)), otherwise: y)
            }
            // Moved by the offsets it has (an offset that is not a finite number moves it by 0).
            if properties.contains("offsetX") { x = .add(x, number(["offsetX"], or: zero)) }
            if properties.contains("offsetY") { y = .add(y, number(["offsetY"], or: zero)) }
            (x, y) = (plan.kept(x), plan.kept(y))
            frames[index] = (x, y, width, height)

            // Scaled about its anchor; a negative scale mirrors, and the box is the mirrored one's.
            let scaleX = plan.kept(number(["scaleX", "scale"], or: .constant(1)))
            let scaleY = plan.kept(number(["scaleY", "scale"], or: .constant(1)))
            func scaled(_ start: LayoutExpression, _ size: LayoutExpression, _ scale: LayoutExpression, _ anchor: Double)
                -> (LayoutExpression, LayoutExpression) {
                // A block with no scale property is drawn as placed.
                if scale == .constant(1) { return (start, size) }
                let moved = plan.kept(.add(start, .multiply(.multiply(size, .constant(anchor)), .subtract(.constant(1), scale))))
                let length = plan.kept(.multiply(size, scale))
                return (plan.kept(.select(.less(length, zero), then: .add(moved, length), otherwise: moved)),
                        plan.kept(.select(.less(length, zero), then: .subtract(zero, length), otherwise: length)))
            }
            let (drawnX, drawnWidth) = structure.kind == .text ? (x, zero) : scaled(x, width, scaleX, structure.scaleAnchor.horizontalFraction)
            let (drawnY, drawnHeight) = scaled(y, height, scaleY, structure.scaleAnchor.verticalFraction)
            cornerRadius = number(["cornerRadius"], or: cornerRadius)
            layers[index] = LayoutPlan.Layer(
                block: name, kind: structure.kind, x: drawnX, y: drawnY, width: drawnWidth, height: drawnHeight,
                widthFromContent: structure.kind == .text,
                alignX: structure.kind == .text ? structure.alignment.horizontalWord : nil,
                // Drawn as SwiftUI and CSS draw it: within 0...1.
                opacity: plan.kept(.select(hidden, then: zero, otherwise: .maximum(.minimum(number(["opacity"], or: .constant(1)), .constant(1)), zero))),
                blur: number(["blur"], or: zero),
                cornerRadius: plan.kept(.multiply(cornerRadius, .minimum(scaleX, scaleY))),
                fontSize: plan.kept(.multiply(fontSize, scaleY)), hidden: hidden,
                scrimOpacity: number(["scrimOpacity"], or: zero), clip: nil)
        }
        // Clips, once every layer is placed: a block's own drawn box, or what shows of another block.
        for index in order {
            guard let clip = structures[index].clip, let layer = layers[index] else { continue }
            switch clip {
            case .own:
                layers[index]?.clip = LayoutPlan.ClipRect(x: layer.x, y: layer.y, width: layer.width, height: layer.height)
            case .block(let other):
                guard layers.indices.contains(other), let target = layers[other] else { continue }
                var rect = LayoutPlan.ClipRect(x: target.x, y: target.y, width: target.width, height: target.height)
                if let outer = target.clip {
                    let x0 = plan.kept(.maximum(rect.x, outer.x)), y0 = plan.kept(.maximum(rect.y, outer.y))
                    let x1 = plan.kept(.minimum(.add(rect.x, rect.width), .add(outer.x, outer.width)))
                    let y1 = plan.kept(.minimum(.add(rect.y, rect.height), .add(outer.y, outer.height)))
                    rect = LayoutPlan.ClipRect(x: x0, y: y0, width: plan.kept(.maximum(.subtract(x1, x0), zero)),
                                               height: plan.kept(.maximum(.subtract(y1, y0), zero)))
                }
                layers[index]?.clip = rect
            }
        }
        // Drawn back to front: the page under the header, then the blocks in declaration order, each after
        // the block it sits in.
        var drawn: [Int] = [], placedInOrder = Set<Int>()
        func draw(_ index: Int, depth: Int) {
            guard !placedInOrder.contains(index), depth <= blocks.count else { return }
            if let container = structures[index].container, blocks.indices.contains(container) { draw(container, depth: depth + 1) }
            if placedInOrder.insert(index).inserted { drawn.append(index) }
        }
        for index in blocks.indices where structures[index].kind == .page { draw(index, depth: 0) }
        for index in blocks.indices { draw(index, depth: 0) }
        // `behind b`: moved to just under b, in declaration order.
        for index in blocks.indices {
            guard let other = structures[index].behind, other != index, let from = drawn.firstIndex(of: index) else { continue }
            drawn.remove(at: from)
            drawn.insert(index, at: drawn.firstIndex(of: other) ?? from)
        }
        plan.layers = drawn.compactMap { layers[$0] }
        if labels { planLabels(&plan) }
        return plan
    }

    /// `start + (room - size) × fraction`, the point an alignment puts a block at: `start` itself for the
    /// leading or top side, and no multiplication for the trailing or bottom side.
    private static func aligned(_ start: LayoutExpression, room: LayoutExpression, size: LayoutExpression, fraction: Double) -> LayoutExpression {
        switch fraction {
        case 0: return start
        case 1: return .add(start, .subtract(room, size))
        default: return .add(start, .multiply(.subtract(room, size), .constant(fraction)))
        }
    }

    /// A padding's length: its constant, plus each input it reads times its factor, in that order.
    private static func length(_ value: LayoutLength) -> LayoutExpression {
        value.terms.reduce(LayoutExpression.constant(value.constant)) { sum, term in
            .add(sum, .multiply(.input(term.input), .constant(term.factor)))
        }
    }

    private static func references(_ structure: BlockStructure) -> [Int] {
        var result = structure.placedAgainst
        if case .block(let clip)? = structure.clip { result.append(clip) }
        return result
    }

    private static func hiddenExpression(_ index: Int, _ properties: Set<String>) -> LayoutExpression {
        let byVisible = properties.contains("visible") ? LayoutExpression.flag(block: index, key: "visible", value: false) : nil
        let byHidden = properties.contains("hidden") ? LayoutExpression.flag(block: index, key: "hidden", value: true) : nil
        switch (byVisible, byHidden) {
        case let (visible?, flagged?): return .select(visible, then: .constant(1), otherwise: flagged)
        case let (visible?, nil): return visible
        case let (nil, flagged?): return flagged
        case (nil, nil): return .constant(0)
        }
    }

    /// What shows of each layer: its rectangle within its clip, where it is not hidden, not transparent and
    /// not empty (`shown` 1, else 0).
    private static func shownRect(_ layer: LayoutPlan.Layer, _ plan: inout LayoutPlan) -> LayoutPlan.Rect {
        let zero = LayoutExpression.constant(0)
        var x0 = layer.x, y0 = layer.y
        var x1 = plan.kept(.add(layer.x, .maximum(layer.width, zero))), y1 = plan.kept(.add(layer.y, .maximum(layer.height, zero)))
        if let clip = layer.clip {
            (x0, y0) = (plan.kept(.maximum(x0, clip.x)), plan.kept(.maximum(y0, clip.y)))
            (x1, y1) = (plan.kept(.minimum(x1, .add(clip.x, clip.width))), plan.kept(.minimum(y1, .add(clip.y, clip.height))))
        }
        let nonEmpty = LayoutExpression.select(.less(x0, x1), then: .less(y0, y1), otherwise: zero)
        let shown = plan.kept(.select(layer.hidden, then: zero, otherwise: .select(.less(zero, layer.opacity), then: nonEmpty, otherwise: zero)))
        return LayoutPlan.Rect(shown: shown, x0: x0, y0: y0, x1: x1, y1: y1)
    }

    /// A block's name is written on an area, a bar, a box or a group (a line of text shows its name
    /// already, a circle has no corner to hold one, the page and a material are under or over others),
    /// only where its box lies inside what shows of its own layer and of the canvas, and no layer drawn
    /// above it shows over any of it.
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
            guard [.image, .bar, .box, .group].contains(layer.kind) else { continue }
            let x0 = plan.kept(.add(layer.x, .constant(8)))
            let x1 = plan.kept(.add(x0, .constant(Layer.labelCharacterWidth * Double(layer.block.utf16.count))))
            let y1 = plan.kept(.add(labelY, .constant(Layer.labelLineHeight)))
            let inside = [
                LayoutExpression.lessOrEqual(shown.x0, x0), .lessOrEqual(x1, .minimum(shown.x1, .canvasWidth)),
                .lessOrEqual(shown.y0, labelY), .lessOrEqual(y1, .minimum(shown.y1, .canvasHeight)),
            ].reduce(shown.shown) { all, next in .select(all, then: next, otherwise: zero) }
            let clear = LayoutExpression.select(.overlapsShown(x0: x0, y0: labelY, x1: x1, y1: y1, from: index + 1),
                                                then: zero, otherwise: .constant(1))
            plan.layers[index].showsLabel = plan.kept(.select(inside, then: clear, otherwise: zero))
        }
    }
}
