import HeaderSource
import HeaderSyntax
import HeaderMath
import HeaderSema
import HeaderIR
import HeaderEval
import HeaderCodeGen

/// `headerc compile --target web`: one self-contained ES module that defines a custom element for the
/// header, `<profile-stretchy>` for `ProfileStretchy`, with a named slot per block (`<img slot="cover">`)
/// and the page's slot (and the unnamed one) scrolling under the header. It holds the JavaScript back
/// end's module (the math, bit for bit), the layout plan that `layout` evaluates (`HeaderLayout`), and
/// the element's runtime (`Runtime/header-element.mjs`), which wires them to the scroll.
package struct WebElement {
    package let program: Program
    /// `compile --target js`'s module for the program.
    package let module: String
    package let tag: String
    /// What the compositor draws; without the checked spec, nothing.
    package let compositor: CompositorPlan
    let plan: LayoutPlan

    /// `labels`: the layers also say where each block's name is written (`showsLabel`, `labelY`), as the
    /// pictures place it, for the preview's stand-ins.
    package init(program: Program, spec: CheckedSpec?, module: String, tag: String? = nil, labels: Bool = false) {
        self.program = program
        self.module = module
        self.tag = tag ?? WebElement.tag(forHeader: program.name)
        plan = HeaderLayout.plan(of: program, labels: labels)
        compositor = CompositorPlan(program: program, spec: spec, plan: plan)
    }

    /// The keys of the state whose change keeps the element drawing states that read the time where the page
    /// stands: the states, and the record of the last offset where one reads `delta`, which is 0 at the first
    /// frame at rest (Grammar.md, "State").
    package static func restKeys(of program: Program) -> [String] {
        let readsDelta = program.states.contains { $0.next.reads(.delta) }
        return program.states.map(\.name) + (readsDelta ? [JavaScriptEmitter.lastOffsetKey(of: program)] : [])
    }

    /// `ProfileStretchy` gives `profile-stretchy`: the name's words in lower case, joined by hyphens (a word
    /// starts at a capital after a small letter or digit, and at the last capital of a run before a small
    /// letter: `HTMLHeader` gives `html-header`); a custom element's name needs a hyphen, so a one-word
    /// name gets `-header` (`Banner` gives `banner-header`).
    package static func tag(forHeader name: String) -> String {
        var words: [String] = []
        var word = ""
        let characters = Array(name)
        for (index, character) in characters.enumerated() {
            let previous = index > 0 ? characters[index - 1] : nil
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            let startsWord = character.isUppercase && (
                (previous.map { $0.isLowercase || $0.isNumber } ?? false)
                    || ((previous?.isUppercase ?? false) && (next?.isLowercase ?? false)))
            if startsWord, !word.isEmpty {
                words.append(word)
                word = ""
            }
            if character.isLetter || character.isNumber { word.append(Character(character.lowercased())) } else if !word.isEmpty {
                words.append(word)
                word = ""
            }
        }
        if !word.isEmpty { words.append(word) }
        let asciiWords = words.map { String($0.unicodeScalars.filter { $0.isASCII }) }.filter { !$0.isEmpty }
        var tag = asciiWords.joined(separator: "-")
        if tag.isEmpty || !(tag.first?.isLetter ?? false) { tag = "header" + (tag.isEmpty ? "" : "-" + tag) }
        return tag.contains("-") ? tag : tag + "-header"
    }

    /// Whether a custom element can take `name` (`--name`): lower-case ASCII letters, digits, `-`, `.` and
    /// `_`, starting with a letter, with a hyphen, and none of the names HTML keeps for itself.
    package static func isElementName(_ name: String) -> Bool {
        let reserved: Set<String> = ["annotation-xml", "color-profile", "font-face", "font-face-src", "font-face-uri",
                                     "font-face-format", "font-face-name", "missing-glyph"]
        guard let first = name.unicodeScalars.first, ("a"..."z").contains(first), name.contains("-"), !reserved.contains(name) else {
            return false
        }
        return name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || "-._".unicodeScalars.contains($0) }
    }

    // MARK: Where each output runs

    /// Where an output is applied in the page, and why there.
    package struct Channel: Equatable {
        package enum Place: String {
            case compositor = "compositor"
            case mainThread = "main thread without layout"
            case mainThreadWithLayout = "main thread with layout"
            case notDrawn = "not drawn"
        }
        package let output: String
        package let place: Place
        package let reason: String
    }

    /// Every output, in eval's order, with where the element applies it.
    package var report: [Channel] {
        let structures = HeaderLayout.structures(of: program)
        // The kinds whose box the runtime keeps and scales (`_box` in header-element.mjs): a group, box,
        // material, bar or circle, and a line of text (from its box at rest); an image is laid out at each size.
        let scaledKinds: Set<BlockKind> = [.group, .box, .material, .bar, .circle, .text]
        var channels: [Channel] = []
        for (blockIndex, block) in program.blocks.enumerated() {
            let kind = structures.indices.contains(blockIndex) ? structures[blockIndex].kind : .box
            for index in block.outputs where program.outputs.indices.contains(index) {
                let output = program.outputs[index]
                let name = output.qualifiedName
                guard let readers = compositor.readers[name] else {
                    channels.append(Channel(output: name, place: .notDrawn, reason: "the layout does not read it; the page reads it from element.values"))
                    continue
                }
                let drawnByHand = readers.drawnByHand
                if drawnByHand.isEmpty {
                    let reason: String
                    if let keyframes = compositor.keyframes[name] {
                        let easings = Set(keyframes.easings).sorted().joined(separator: ", ")
                        reason = "a scroll-driven CSS animation: @keyframes on the scroll's timeline from "
                            + "\(CompositorPlan.cssNumber(keyframes.offsets.first ?? 0)) to \(CompositorPlan.cssNumber(keyframes.offsets.last ?? 0)) px, eased by \(easings)"
                    } else {
                        reason = "fixed while the inputs hold: set when they or the element's size change, then drawn by the compositor"
                    }
                    channels.append(Channel(output: name, place: .compositor, reason: reason))
                    continue
                }
                if compositor.fixedOutputs.contains(name) {
                    channels.append(Channel(output: name, place: .mainThread,
                                            reason: "fixed while the inputs hold: written again only when they or the element's size change"))
                    continue
                }
                // The output's own reason where it is one CSS cannot compute; else its layers'.
                var why = compositor.outputReasons[name]
                    ?? (drawnByHand.map { "the \($0) layer is drawn frame by frame: \(compositor.layerReasons[$0] ?? "")" }
                        + (readers.moreDrawnByHand ? ["and other layers drawn frame by frame"] : [])).joined(separator: "; ")
                // Only a layer whose box's size reads the output can be laid out again by it: one that reads it
                // for its place, its clip or its opacity is drawn by a transform, a clip-path or an opacity, and
                // the page is never resized (its top is the spacer's height).
                let resizedKinds = readers.sizedByHand.filter { $0 != .page }
                let place: Channel.Place
                if output.name == "top" && kind == .page {
                    place = .mainThreadWithLayout
                    why = "the height of the spacer above the page, and " + why
                } else if resizedKinds.isEmpty {
                    place = .mainThread
                } else if resizedKinds.allSatisfy(scaledKinds.contains) {
                    place = .mainThread
                    why = "a scale of the box the block was laid out at, and " + why
                } else {
                    place = .mainThreadWithLayout
                    why = "the size of an image's box, laid out again, and " + why
                }
                channels.append(Channel(output: name, place: place, reason: why))
            }
        }
        return channels
    }

    /// The report as lines for people: `cover.height  main thread with layout  (the size of ...)`.
    package var reportText: String {
        let rows = report
        let width = rows.map(\.output.count).max() ?? 0
        let placeWidth = rows.map(\.place.rawValue.count).max() ?? 0
        return rows.map { row in
            row.output + String(repeating: " ", count: width - row.output.count) + "  "
                + row.place.rawValue + String(repeating: " ", count: placeWidth - row.place.rawValue.count) + "  " + row.reason
        }.joined(separator: "\n") + (rows.isEmpty ? "" : "\n")
    }

    // MARK: The module

    package func render() -> String {
        let structures = HeaderLayout.structures(of: program)
        let pageIndex = structures.firstIndex { $0.kind == .page }
        let page = pageIndex.map { JavaScriptNames.string(program.blocks[$0].name) } ?? "null"
        let blocks = program.blocks.enumerated().map { index, block in
            "{ name: \(JavaScriptNames.string(block.name)), kind: \"\(structures.indices.contains(index) ? structures[index].kind.rawValue : "box")\" }"
        }
        let phase = program.inputs.first { $0.type == .phase }.map { JavaScriptNames.string($0.name) } ?? "null"
        let reduceMotion = program.inputs.first { $0.name == "reduceMotion" && $0.type == .bool }.map { JavaScriptNames.string($0.name) } ?? "null"
        let settle = program.snaps.first { $0.state == nil }.map { JavaScriptNames.settleFunction($0.name, count: program.snaps.count) } ?? "null"
        // The first snap of the scroll's motion, which the element's scroll to a snap's rest follows.
        let moves = program.snaps.first { $0.state == nil }?.motion != nil
        let report = reportText.split(separator: "\n").map { "//   " + $0 }.joined(separator: "\n")
        // Each transition's value and target, by their keys in the state: the element draws again while one runs.
        let transitions = program.transitions.map {
            "[\(JavaScriptNames.string(program.states[$0.value].name)), \(JavaScriptNames.string(program.states[$0.target].name))]"
        }
        // States of the spec's own that read the time (a transition's are followed by `transitions`).
        let clocked = program.timeDependence() != nil
        let order = plan.layers.map { JavaScriptNames.string($0.block) }
        let head = [
            "// The web element <\(tag)> of the header '\(program.name)', by headerc \(Headerc.version): edit the spec, not this file.",
            "// Use: <script type=\"module\" src=\"\(tag).mjs\"></script>, then <\(tag)> with a child per block slot",
            "// (\(program.blocks.map { "slot=\"\($0.name)\"" }.joined(separator: ", "))).",
            "// Where each output is applied (compile --target web --report):",
            report, "", module,
            "// ---- The layout (headerc layout's), on the element's own size.",
            "let layoutWidth = 0, layoutHeight = 0;",
            plan.javaScript(), "",
            "// ---- The element.",
            EmbeddedRuntime.headerElementMJS,
        ]
        let glue = """
            export const element = defineHeaderElement(\(JavaScriptNames.string(tag)), {
              outputs, inputs, frame,
              initialState: typeof initialState === "function" ? initialState : null,
              advance: typeof advance === "function" ? advance : null,
              settle: \(settle),\(moves ? "\n  motion," : "")
              blocks: [\(blocks.joined(separator: ", "))],
              order: [\(order.joined(separator: ", "))],
              page: \(page), phase: \(phase), reduceMotion: \(reduceMotion),\(transitions.isEmpty ? "" : "\n  transitions: [\(transitions.joined(separator: ", "))],")\(clocked ? "\n  readsTime, restKeys: [\(WebElement.restKeys(of: program).map(JavaScriptNames.string).joined(separator: ", "))]," : "")
              scroll: \(scrollTable()),
              layout(blocks, offset, inputs, width, height) {
                layoutWidth = width;
                layoutHeight = height;
                return layoutLayers(blocks, offset, inputs);
              },
            });

            """
        return head.joined(separator: "\n") + glue
    }

    /// The compositor's part for the runtime: each scroll-driven output's stops (offsets, values, the
    /// easing of each segment), and each compositor layer's outputs for x, y and opacity.
    func scrollTable() -> String {
        func list(_ numbers: [Double]) -> String { "[" + numbers.map(JavaScriptNames.literal).joined(separator: ", ") + "]" }
        func name(_ output: String?) -> String { output.map(JavaScriptNames.string) ?? "null" }
        let keyframes = compositor.keyframes.keys.sorted().compactMap { key -> String? in
            guard let stops = compositor.keyframes[key] else { return nil }
            return "\(JavaScriptNames.string(key)): { offsets: \(list(stops.offsets)), values: \(list(stops.values)), "
                + "easings: [\(stops.easings.map(JavaScriptNames.string).joined(separator: ", "))] }"
        }
        let layers = compositor.layers.keys.sorted().compactMap { block -> String? in
            guard let layer = compositor.layers[block] else { return nil }
            return "\(JavaScriptNames.string(block)): { x: \(name(layer.x)), y: \(name(layer.y)), opacity: \(name(layer.opacity)) }"
        }
        return "{\n    keyframes: {\n" + keyframes.map { "      " + $0 + ",\n" }.joined() + "    },\n    layers: {\n"
            + layers.map { "      " + $0 + ",\n" }.joined() + "    },\n  }"
    }
}
