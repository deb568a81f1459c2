import Foundation
import XCTest
@testable import HeaderKit

/// Every example, and the specs the picture tests write, drawn at the offsets where its header is stretched
/// (pulled down), resting, half and fully collapsed, worked out from each spec's numbers; each drawn layer
/// is checked against a layout worked out here from `eval --format csv` by the rules README.md states (a
/// second implementation of the model, spec by spec, not `HeaderLayout`), and against the rules
/// themselves: the header's height from `eval` clips every layer but the page, image areas span the full
/// width, text without a `top` sits in the header's bottom, and no block's name is written where another
/// block's layer shows over it or where its own layer does not show.
final class PictureModelTests: XCTestCase {
    struct Rect: Equatable {
        var x, y, width, height: Double

        /// Scaled about its centre, as the model scales a layer.
        func scaled(_ scale: Double) -> Rect {
            Rect(x: x + width * (1 - scale) / 2, y: y + height * (1 - scale) / 2, width: width * scale, height: height * scale)
        }
    }

    /// One spec: where it comes from, the stages' offsets (a trace for a header with state), its `header`
    /// block (whose height clips the rest), and each block's kind and rectangle at a stage from eval's values.
    struct Case {
        let name: String
        let path: String
        let stages: [(what: String, offset: Double)]
        let header: String?
        let layout: (_ value: (String) -> Double, _ offset: Double, _ canvasHeight: Double) -> [String: (kind: String, rect: Rect)]
    }

    static let width = 390.0
    /// Text without a `fontSize` is 20 pt; its line is 1.3 times that.
    static let lineHeight = 26.0

    /// A text line placed in the header's bottom: `bottom` is its frame's bottom edge, lines stack up 10 pt
    /// above it, 4 pt apart.
    static func text(bottomOf lines: [(block: String, height: Double, shown: Bool)], frameBottom: Double) -> [String: Rect] {
        var bottom = frameBottom - 10
        var rects: [String: Rect] = [:]
        for line in lines.reversed() {
            rects[line.block] = Rect(x: 16, y: bottom - line.height, width: width - 32, height: line.height)
            if line.shown { bottom -= line.height + 4 }
        }
        return rects
    }

    static func cases() throws -> [Case] {
        let directory = try DifferentialHarness.makeDirectory("picture-model")
        let album = directory.appendingPathComponent("Album.header"), roles = directory.appendingPathComponent("Roles.header")
        try PictureTests.albumSpec.write(to: album, atomically: true, encoding: .utf8)
        try PictureTests.rolesSpec.write(to: roles, atomically: true, encoding: .utf8)
        func example(_ name: String) -> String { PackagePaths.url("Examples/\(name).header").path }
        return [
            // travel = 190 - 44 = 146: half closed at 73, the bar at 146. No `header` block: nothing is clipped, and
            // the title sits in the first area, the cover.
            Case(name: "ProfileStretchy", path: example("ProfileStretchy"),
                 stages: [("stretched", -80), ("resting", 0), ("half", 73), ("collapsed", 146), ("past", 200)], header: nil) { value, offset, canvas in
                let cover = value("cover.height"), size = value("avatar.size")
                let title = text(bottomOf: [("title", lineHeight, true)], frameBottom: cover)
                let top = value("content.top") - offset
                return ["cover": ("area", Rect(x: 0, y: 0, width: width, height: cover)),
                        "avatar": ("avatar", Rect(x: 16, y: cover - size / 2, width: size, height: size).scaled(value("avatar.scale"))),
                        "title": ("text", title["title"] ?? Rect(x: .nan, y: .nan, width: .nan, height: .nan)),
                        "content": ("content", Rect(x: 0, y: top, width: width, height: max(canvas - top, 0)))]
            },
            // fullHeight - pinnedHeight = 260 - 60 = 200: half at 100, pinned at 200, and 230 past it.
            Case(name: "StickyParallax", path: example("StickyParallax"),
                 stages: [("stretched", -80), ("resting", 0), ("half", 100), ("collapsed", 200), ("past", 230)], header: "header") { value, _, _ in
                let header = value("header.height")
                let lines = text(bottomOf: [("title", lineHeight, true), ("subtitle", lineHeight, value("subtitle.visible") == 1)],
                                 frameBottom: header)
                return ["header": ("area", Rect(x: 0, y: 0, width: width, height: header)),
                        "backdrop": ("area", Rect(x: 0, y: value("backdrop.offsetY"), width: width, height: value("backdrop.height"))),
                        "title": ("text", (lines["title"] ?? Rect(x: .nan, y: .nan, width: .nan, height: .nan)).scaled(value("title.scale"))),
                        "subtitle": ("text", lines["subtitle"] ?? Rect(x: .nan, y: .nan, width: .nan, height: .nan))]
            },
            // A 300 pt image that moves up with the content: half gone at 150, gone at 300.
            Case(name: "StretchyImage", path: example("StretchyImage"),
                 stages: [("stretched", -80), ("resting", 0), ("half", 150), ("collapsed", 300)], header: nil) { value, _, _ in
                ["image": ("area", Rect(x: 0, y: value("image.offsetY"), width: width, height: value("image.height")))]
            },
            // The state follows the trace: 260 at rest, 320 pulled (clamped from 260 + 60), 260 back at 0, then
            // 220 (half-way between 120 and 320) at 40, and 120 (clamped from 80) at 180.
            Case(name: "AppleMusicProfile", path: example("AppleMusicProfile"),
                 stages: [("resting", 0), ("stretched", -60), ("resting", 0), ("half", 40), ("collapsed", 180)], header: "header") { value, _, _ in
                let header = value("header.height"), size = value("avatar.size"), font = value("title.fontSize")
                let title = text(bottomOf: [("title", 1.3 * font, true)], frameBottom: header)
                return ["header": ("area", Rect(x: 0, y: 0, width: width, height: header)),
                        "avatar": ("avatar", Rect(x: 16, y: header - size / 2, width: size, height: size)),
                        "title": ("text", title["title"] ?? Rect(x: .nan, y: .nan, width: .nan, height: .nan)),
                        // No height: the one of the area before it.
                        "cover": ("area", Rect(x: 0, y: 0, width: width, height: header))]
            },
            // header = 200 - offset: half at 100, closed at 200.
            Case(name: "Album", path: album.path,
                 stages: [("stretched", -80), ("resting", 0), ("half", 100), ("collapsed", 200)], header: "header") { value, _, _ in
                ["header": ("area", Rect(x: 0, y: 0, width: width, height: value("header.height"))),
                 "artwork": ("area", Rect(x: 0, y: 0, width: width, height: value("artwork.height"))),
                 "readingBar": ("bar", Rect(x: 0, y: 0, width: width, height: value("readingBar.height")))]
            },
            Case(name: "Roles", path: roles.path,
                 stages: [("stretched", -80), ("resting", 0), ("half", 100), ("collapsed", 200)], header: "frame") { value, _, _ in
                let art = value("art.height")
                return ["frame": ("area", Rect(x: 0, y: 0, width: width, height: value("frame.height"))),
                        "art": ("area", Rect(x: 0, y: 0, width: width, height: art)),
                        // Below the lowest layer above it, 8 pt apart.
                        "sticker": ("box", Rect(x: 16, y: max(value("frame.height"), art) + 8, width: 160, height: value("sticker.height")))]
            },
        ]
    }

    struct DrawnLayer {
        let block: String, kind: String
        let rect: Rect
        let clipHeight: Double?
        let hidden: Bool
        let opacity: Double
        /// The boxes of the names written on it (x, baseline - 12, 7.5 pt a character, 16 tall).
        let labels: [Rect]

        /// What shows of it: its rectangle within the clip, if any, and the canvas.
        func shown(canvasHeight: Double) -> Rect? {
            guard !hidden, opacity > 0 else { return nil }
            var top = rect.y, bottom = rect.y + max(rect.height, 0)
            if let clip = clipHeight { (top, bottom) = (max(top, 0), min(bottom, clip)) }
            (top, bottom) = (max(top, 0), min(bottom, canvasHeight))
            let right = min(rect.x + max(rect.width, 0), PictureModelTests.width), left = max(rect.x, 0)
            return right > left && bottom > top ? Rect(x: left, y: top, width: right - left, height: bottom - top) : nil
        }
    }

    static func overlaps(_ a: Rect, _ b: Rect) -> Bool {
        a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
    }

    static func inside(_ a: Rect, _ b: Rect) -> Bool {
        a.x >= b.x && a.y >= b.y && a.x + a.width <= b.x + b.width && a.y + a.height <= b.y + b.height
    }

    /// The layers of one filmstrip frame, in the order drawn, with the clip each is drawn through.
    static func drawnLayers(_ frame: XMLTree, clips: [String: Double]) -> [DrawnLayer] {
        var found: [DrawnLayer] = []
        func walk(_ node: XMLTree, clip: Double?) {
            var clip = clip
            if let reference = node.attributes["clip-path"], reference.hasPrefix("url(#header") {
                clip = clips[String(reference.dropFirst(5).dropLast())] ?? .nan
            }
            if node.attributes["class"] == "layer" {
                let labels = node.all(named: "text", class: "name").map { text in
                    Rect(x: text.double("x") ?? .nan, y: (text.double("y") ?? .nan) - 12,
                         width: HeaderLayout.Layer.labelCharacterWidth * Double(text.text.utf16.count), height: 16)
                }
                found.append(DrawnLayer(block: node.attributes["data-block"] ?? "", kind: node.attributes["data-kind"] ?? "",
                                        rect: Rect(x: node.double("data-x") ?? .nan, y: node.double("data-y") ?? .nan,
                                                   width: node.double("data-width") ?? .nan, height: node.double("data-height") ?? .nan),
                                        clipHeight: clip, hidden: node.attributes["data-hidden"] == "true",
                                        opacity: node.double("data-opacity") ?? .nan, labels: labels))
                XCTAssertEqual(node.double("data-clip-height"), clip, "\(node.attributes["data-block"] ?? ""): its clip attribute")
                return
            }
            for child in node.children { walk(child, clip: clip) }
        }
        walk(frame, clip: nil)
        return found
    }

    /// Checks one frame's layers against the layout worked out from eval and against the model's rules; the
    /// number of names checked.
    static func check(_ drawn: [DrawnLayer], against expected: [String: (kind: String, rect: Rect)], header: String?,
                      headerHeight: Double?, canvasHeight: Double, _ what: String) -> Int {
        XCTAssertEqual(Set(drawn.map(\.block)), Set(expected.keys), what)
        var labels = 0
        for (index, layer) in drawn.enumerated() {
            let context = "\(what): \(layer.block)"
            guard let want = expected[layer.block] else { continue }
            XCTAssertEqual(layer.kind, want.kind, context)
            for (got, wanted) in zip([layer.rect.x, layer.rect.y, layer.rect.width, layer.rect.height],
                                     [want.rect.x, want.rect.y, want.rect.width, want.rect.height]) {
                XCTAssertEqual(got, wanted, accuracy: 0.006, "\(context): drawn at \(layer.rect), the model puts it at \(want.rect)")
            }
            // The header's height clips every layer but the page and the header itself; without a header, nothing is.
            if let header, let height = headerHeight, layer.block != header, layer.kind != "content" {
                XCTAssertEqual(layer.clipHeight ?? .nan, max(height, 0), accuracy: 0.006, "\(context): clipped to the header's height")
            } else {
                XCTAssertNil(layer.clipHeight, "\(context): not clipped")
            }
            if let shown = layer.shown(canvasHeight: canvasHeight), let clip = layer.clipHeight {
                XCTAssertTrue(shown.y >= 0 && shown.y + shown.height <= clip + 1e-9, "\(context): shows outside the header")
            }
            // An image area spans the full width.
            if layer.kind == "area" { XCTAssertTrue(layer.rect.x == 0 && layer.rect.width == width, "\(context): not the full width") }
            // A name lies on what shows of its own layer, and no layer drawn above it shows over it.
            for label in layer.labels {
                labels += 1
                guard let shown = layer.shown(canvasHeight: canvasHeight) else {
                    XCTFail("\(context): a name on a layer that does not show")
                    continue
                }
                XCTAssertTrue(inside(label, shown), "\(context): its name at \(label) is not on its layer \(shown)")
                for other in drawn[(index + 1)...] {
                    guard let rect = other.shown(canvasHeight: canvasHeight) else { continue }
                    XCTAssertFalse(overlaps(label, rect), "\(context): its name at \(label) is under \(other.block) at \(rect)")
                }
            }
        }
        return labels
    }

    func testFilmstripAtEveryStageIsTheModel() throws {
        var frames = 0, labels = 0
        for spec in try Self.cases() {
            let at = spec.stages.map { "\($0.offset)" }.joined(separator: ",")
            let svg = try PictureTests.svg(["render", spec.path, "--at", at])
            let eval = try PictureTests.evalRows([spec.path, "--at", at])
            let drawnFrames = svg.all(named: "g", class: "frame")
            XCTAssertEqual(drawnFrames.count, spec.stages.count, spec.name)
            for (index, (frame, stage)) in zip(drawnFrames, spec.stages).enumerated() {
                let what = "\(spec.name) \(stage.what) at \(stage.offset)"
                func value(_ output: String) -> Double {
                    guard let column = eval.columns[output], column.indices.contains(index) else {
                        XCTFail("\(what): eval has no \(output)")
                        return .nan
                    }
                    return column[index]
                }
                XCTAssertEqual(frame.double("data-offset"), stage.offset, what)
                let clips = Dictionary(frame.all(named: "clipPath").compactMap { clip -> (String, Double)? in
                    guard let id = clip.attributes["id"], id.hasPrefix("header") else { return nil }
                    return (id, clip.all(named: "rect").first?.double("height") ?? .nan)
                }, uniquingKeysWith: { first, _ in first })
                let headerHeight = spec.header.map { value("\($0).height") }
                if let height = headerHeight {
                    XCTAssertEqual(Array(clips.values), [max(height, 0)], "\(what): one clip, the header's height from eval")
                } else {
                    XCTAssertTrue(clips.isEmpty, "\(what): no header block, no clip")
                }
                let drawn = Self.drawnLayers(frame, clips: clips)
                labels += Self.check(drawn, against: spec.layout(value, stage.offset, HeaderLayout.height), header: spec.header,
                                     headerHeight: headerHeight, canvasHeight: HeaderLayout.height, what)
                frames += 1
            }
        }
        print("render: \(frames) frames of \(try Self.cases().count) specs laid out as the model says, \(labels) names clear of other layers")
        XCTAssertGreaterThan(labels, 10, "the names were checked")
    }

    /// The preview lays the header out by the same model: the page in headless Chromium, opened at each stage
    /// (along the trace up to it, for the header with state), against the same layout worked out from eval.
    func testPreviewAtEveryStageIsTheModel() throws {
        let chromium = try ChromiumHarness.find()
        let directory = try DifferentialHarness.makeDirectory("picture-model-preview")
        var frames = 0, labels = 0
        for spec in try Self.cases() {
            let page = directory.appendingPathComponent("\(spec.name).html")
            let made = Driver.run(["preview", spec.path, "-o", page.path])
            XCTAssertEqual(made.exitCode, 0, made.standardError)
            let hasState = spec.name == "AppleMusicProfile"
            let at = spec.stages.map { "\($0.offset)" }
            let eval = try PictureTests.evalRows([spec.path, "--at", at.joined(separator: ",")])
            for (index, stage) in spec.stages.enumerated() {
                let what = "\(spec.name) preview \(stage.what) at \(stage.offset)"
                func value(_ output: String) -> Double { eval.columns[output]?[index] ?? .nan }
                let trace = hasState ? at[...index].joined(separator: ",") : at[index]
                let dom = try ChromiumHarness.dumpDOM(page, fragment: "offset=\(trace)", chromium: chromium)
                XCTAssertTrue(dom.contains("data-ready=\"true\""), "\(what): the page did not finish")
                let drawn = Self.previewLayers(dom)
                let headerHeight = spec.header.map { value("\($0).height") }
                labels += Self.check(drawn, against: spec.layout(value, stage.offset, PreviewHTML.phoneHeight), header: spec.header,
                                     headerHeight: headerHeight, canvasHeight: PreviewHTML.phoneHeight, what)
                frames += 1
            }
        }
        print("preview: \(frames) frames laid out as the model says, \(labels) names clear of other layers")
        XCTAssertGreaterThan(labels, 10, "the names were checked")
    }

    /// The page's layers: kind, block, geometry and clip from their `data-` attributes, hidden from their style,
    /// and the box of the name written on each.
    static func previewLayers(_ dom: String) -> [DrawnLayer] {
        guard let tag = try? NSRegularExpression(pattern: #"<div class="layer ([a-z]+)"([^>]*)>(<span class="name" style="top: ([-0-9.e]+)px;">)?"#),
              let attribute = try? NSRegularExpression(pattern: #"([a-z-]+)="([^"]*)""#) else { return [] }
        return tag.matches(in: dom, range: NSRange(dom.startIndex..., in: dom)).map { match in
            let kind = Range(match.range(at: 1), in: dom).map { String(dom[$0]) } ?? ""
            let text = Range(match.range(at: 2), in: dom).map { String(dom[$0]) } ?? ""
            var attributes: [String: String] = [:]
            for pair in attribute.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                guard let name = Range(pair.range(at: 1), in: text), let value = Range(pair.range(at: 2), in: text) else { continue }
                attributes[String(text[name])] = String(text[value])
            }
            func number(_ name: String) -> Double { attributes[name].flatMap(Double.init) ?? .nan }
            let style = attributes["style"] ?? ""
            let block = attributes["data-block"] ?? ""
            let rect = Rect(x: number("data-x"), y: number("data-y"), width: number("data-width"), height: number("data-height"))
            // A name's box: 8 pt in, at its `top` within the layer, 7.5 pt a character, 16 tall.
            let labels = Range(match.range(at: 4), in: dom).map { top in
                [Rect(x: rect.x + 8, y: rect.y + (Double(dom[top]) ?? .nan),
                      width: HeaderLayout.Layer.labelCharacterWidth * Double(block.utf16.count), height: 16)]
            } ?? []
            return DrawnLayer(block: block, kind: kind, rect: rect,
                              clipHeight: attributes["data-clip-height"].flatMap(Double.init), hidden: style.contains("display: none"),
                              opacity: 1, labels: labels)
        }
    }
}
