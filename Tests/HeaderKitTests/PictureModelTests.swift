import Foundation
import XCTest
@testable import HeaderKit

/// Every example, and the album the picture tests write, drawn at the offsets where its header is stretched
/// (pulled down), resting, half and fully collapsed; each drawn layer is checked against a layout worked out
/// here from `eval --format csv` by the rules Grammar.md states ("Structure": a second implementation of
/// the model, spec by spec, not `HeaderLayout`), with the clip each is drawn through, and against the
/// pictures' own rule: no block's name is written where another block's layer shows over it or where its
/// own layer does not show.
final class PictureModelTests: XCTestCase {
    struct Rect: Equatable {
        var x, y, width, height: Double
    }

    /// One spec: where it comes from, the stages' offsets (a trace for a header with state), and each
    /// block's kind, rectangle and clip at a stage from eval's values.
    struct Case {
        let name: String
        let path: String
        let stages: [(what: String, offset: Double)]
        let layout: (_ value: (String) -> Double, _ offset: Double, _ canvasHeight: Double) -> [String: Expected]
    }

    struct Expected {
        let kind: String
        let rect: Rect
        var clip: Rect? = nil
    }

    static let width = 390.0

    static func cases() throws -> [Case] {
        let directory = try DifferentialHarness.makeDirectory("picture-model")
        let album = directory.appendingPathComponent("Album.header")
        try PictureTests.albumSpec.write(to: album, atomically: true, encoding: .utf8)
        func example(_ name: String) -> String { PackagePaths.url("Examples/\(name).header").path }
        return [
            // travel = 190 - 44 = 146: half closed at 73, the bar at 146. The cover is clipped to itself; the
            // avatar's centre sits on its bottom edge, 20 pt in, scaled about its bottom-leading corner; the
            // title's 44 pt line is centred at its bottom.
            Case(name: "ProfileStretchy", path: example("ProfileStretchy"),
                 stages: [("stretched", -80), ("resting", 0), ("half", 73), ("collapsed", 146), ("past", 200)]) { value, offset, canvas in
                let cover = value("cover.height"), size = value("avatar.size"), scale = value("avatar.scale")
                let top = value("content.top") - offset
                let coverRect = Rect(x: 0, y: 0, width: width, height: cover)
                return ["cover": Expected(kind: "image", rect: coverRect, clip: coverRect),
                        "avatar": Expected(kind: "circle", rect: Rect(x: 20, y: cover + size / 2 - size * scale, width: size * scale, height: size * scale)),
                        "title": Expected(kind: "text", rect: Rect(x: width / 2, y: cover - 44, width: .nan, height: 44)),
                        "content": Expected(kind: "page", rect: Rect(x: 0, y: top, width: width, height: max(canvas - top, 0)))]
            },
            // fullHeight - pinnedHeight = 260 - 60 = 200: half at 100, pinned at 200, and 230 past it. The
            // subtitle's 20 pt line sits 10 pt up (none when hidden), the title's 41 pt line on it, scaled about
            // its bottom-leading corner; the backdrop is clipped to the header's frame.
            Case(name: "StickyParallax", path: example("StickyParallax"),
                 stages: [("stretched", -80), ("resting", 0), ("half", 100), ("collapsed", 200), ("past", 230)]) { value, offset, canvas in
                let header = value("header.height"), scale = value("title.scale")
                let subtitleHeight = value("subtitle.visible") == 1 ? 20.0 : 0
                let subtitleTop = header - 10 - subtitleHeight
                let frame = Rect(x: 0, y: 0, width: width, height: header)
                return ["header": Expected(kind: "group", rect: frame),
                        "backdrop": Expected(kind: "image", rect: Rect(x: 0, y: value("backdrop.offsetY"), width: width, height: value("backdrop.height")),
                                             clip: frame),
                        "title": Expected(kind: "text", rect: Rect(x: 20, y: subtitleTop - 41 * scale, width: .nan, height: 41 * scale)),
                        "subtitle": Expected(kind: "text", rect: Rect(x: 20, y: subtitleTop, width: .nan, height: subtitleHeight)),
                        "content": Expected(kind: "page", rect: Rect(x: 0, y: 260 - offset, width: width, height: max(canvas - (260 - offset), 0)))]
            },
            // A 300 pt image that moves up with the content, clipped to itself: half gone at 150, gone at 300.
            Case(name: "StretchyImage", path: example("StretchyImage"),
                 stages: [("stretched", -80), ("resting", 0), ("half", 150), ("collapsed", 300)]) { value, offset, canvas in
                let image = Rect(x: 0, y: value("image.offsetY"), width: width, height: value("image.height"))
                return ["image": Expected(kind: "image", rect: image, clip: image),
                        "content": Expected(kind: "page", rect: Rect(x: 0, y: 300 - offset, width: width, height: max(canvas - (300 - offset), 0)))]
            },
            // The state follows the trace: 260 at rest, 320 pulled (clamped from 260 + 60), 260 back at 0, then
            // 220 at 40, and 120 (clamped from 80) at 180. The avatar sits 24 in and 22 up, the title after it
            // and 16 pt of spacing, its line 1.2 times its font; the page starts below the header.
            Case(name: "AppleMusicProfile", path: example("AppleMusicProfile"),
                 stages: [("resting", 0), ("stretched", -60), ("resting", 0), ("half", 40), ("collapsed", 180)]) { value, offset, canvas in
                let header = value("header.height"), size = value("avatar.size"), line = 1.2 * value("title.fontSize")
                let frame = Rect(x: 0, y: 0, width: width, height: header)
                return ["header": Expected(kind: "group", rect: frame),
                        "cover": Expected(kind: "image", rect: frame, clip: frame),
                        "avatar": Expected(kind: "circle", rect: Rect(x: 24, y: header - 22 - size, width: size, height: size)),
                        "title": Expected(kind: "text", rect: Rect(x: 24 + size + 16, y: header - 22 - line, width: .nan, height: line)),
                        "content": Expected(kind: "page", rect: Rect(x: 0, y: header - offset, width: width, height: max(canvas - (header - offset), 0)))]
            },
            // An Android-style collapsing toolbar (Tests/Specs/layout): the app bar, max(256 - offset, 56) tall,
            // clips itself and the photo, which scrolls at half speed up to 100; the title's 24 pt line sits
            // 16 pt up, so it ends in the 56 pt toolbar; the list starts 256 down.
            Case(name: "CollapsingToolbar", path: PackagePaths.url("Tests/Specs/layout/collapsing-toolbar.header").path,
                 stages: [("stretched", -50), ("resting", 0), ("half", 100), ("collapsed", 200), ("past", 300)]) { value, offset, canvas in
                let bar = Rect(x: 0, y: 0, width: width, height: max(256 - offset, 56))
                let list = 256 - offset
                return ["appBar": Expected(kind: "group", rect: bar, clip: bar),
                        "photo": Expected(kind: "image", rect: Rect(x: 0, y: -min(max(offset, 0), 200) * 0.5, width: width, height: 256), clip: bar),
                        "toolbarTitle": Expected(kind: "text", rect: Rect(x: 16, y: bar.height - 40, width: .nan, height: 24)),
                        "list": Expected(kind: "page", rect: Rect(x: 0, y: list, width: width, height: max(canvas - list, 0)))]
            },
            // header = 200 - offset: half at 100, closed at 200; the artwork is clipped to it.
            Case(name: "Album", path: album.path,
                 stages: [("stretched", -80), ("resting", 0), ("half", 100), ("collapsed", 200)]) { value, _, _ in
                let frame = Rect(x: 0, y: 0, width: width, height: value("header.height"))
                return ["header": Expected(kind: "group", rect: frame),
                        "artwork": Expected(kind: "image", rect: Rect(x: 0, y: 0, width: width, height: value("artwork.height")), clip: frame),
                        "readingBar": Expected(kind: "bar", rect: Rect(x: 0, y: 0, width: width, height: 3))]
            },
        ]
    }

    struct DrawnLayer {
        let block: String, kind: String
        let rect: Rect
        let clip: Rect?
        let hidden: Bool
        let opacity: Double
        /// The boxes of the names written on it (x, baseline - 12, 7.5 pt a character, 16 tall).
        let labels: [Rect]

        /// What shows of it: its rectangle within the clip, if any, and the canvas.
        func shown(canvasHeight: Double) -> Rect? {
            guard !hidden, opacity > 0 else { return nil }
            var top = rect.y, bottom = rect.y + max(rect.height, 0)
            var left = rect.x, right = rect.x + max(rect.width.isNaN ? 0 : rect.width, 0)
            if let clip {
                (top, bottom) = (max(top, clip.y), min(bottom, clip.y + clip.height))
                (left, right) = (max(left, clip.x), min(right, clip.x + clip.width))
            }
            (top, bottom) = (max(top, 0), min(bottom, canvasHeight))
            (left, right) = (max(left, 0), min(right, PictureModelTests.width))
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
    static func drawnLayers(_ frame: XMLTree) -> [DrawnLayer] {
        var clips: [String: Rect] = [:]
        for clip in frame.all(named: "clipPath") {
            guard let id = clip.attributes["id"], id.hasPrefix("clip-"), let rect = clip.all(named: "rect").first else { continue }
            clips[id] = Rect(x: rect.double("x") ?? 0, y: rect.double("y") ?? 0, width: rect.double("width") ?? .nan, height: rect.double("height") ?? .nan)
        }
        var found: [DrawnLayer] = []
        func walk(_ node: XMLTree, clip: Rect?) {
            var clip = clip
            if let reference = node.attributes["clip-path"], reference.hasPrefix("url(#clip-") {
                clip = clips[String(reference.dropFirst(5).dropLast())] ?? Rect(x: .nan, y: .nan, width: .nan, height: .nan)
            }
            if node.attributes["class"] == "layer" {
                let labels = node.all(named: "text", class: "name").map { text in
                    return Rect(x: text.double("x") ?? .nan, y: (text.double("y") ?? .nan) - 12,
                         width: HeaderLayout.Layer.labelCharacterWidth * Double(text.text.utf16.count), height: 16)
                }
                found.append(DrawnLayer(block: node.attributes["data-block"] ?? "", kind: node.attributes["data-kind"] ?? "",
                                        rect: Rect(x: node.double("data-x") ?? .nan, y: node.double("data-y") ?? .nan,
                                                   width: node.double("data-width") ?? .nan, height: node.double("data-height") ?? .nan),
                                        clip: clip, hidden: node.attributes["data-hidden"] == "true",
                                        opacity: node.double("data-opacity") ?? .nan, labels: labels))
                return
            }
            for child in node.children { walk(child, clip: clip) }
        }
        walk(frame, clip: nil)
        return found
    }

    /// Checks one frame's layers against the layout worked out from eval and against the model's rules; the
    /// number of names checked.
    static func check(_ drawn: [DrawnLayer], against expected: [String: Expected], canvasHeight: Double, _ what: String) -> Int {
        XCTAssertEqual(Set(drawn.map(\.block)), Set(expected.keys), what)
        var labels = 0
        func same(_ a: Rect?, _ b: Rect?, _ context: String) {
            guard let a, let b else { return XCTAssertTrue(a == nil && b == nil, "\(context): clipped to \(String(describing: a)), the model says \(String(describing: b))") }
            for (got, wanted) in zip([a.x, a.y, a.width, a.height], [b.x, b.y, b.width, b.height]) where !(got.isNaN && wanted.isNaN) {
                XCTAssertEqual(got, wanted, accuracy: 1e-9, "\(context): \(a), the model says \(b)")
            }
        }
        for (index, layer) in drawn.enumerated() {
            let context = "\(what): \(layer.block)"
            guard let want = expected[layer.block] else { continue }
            XCTAssertEqual(layer.kind, want.kind, context)
            same(layer.rect, want.rect, "\(context) drawn at")
            same(layer.clip, want.clip, "\(context) clip")
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
                labels += Self.check(Self.drawnLayers(frame), against: spec.layout(value, stage.offset, HeaderLayout.height),
                                     canvasHeight: HeaderLayout.height, what)
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
                labels += Self.check(Self.previewLayers(dom), against: spec.layout(value, stage.offset, PreviewHTML.phoneHeight),
                                     canvasHeight: PreviewHTML.phoneHeight, what)
                frames += 1
            }
        }
        print("preview: \(frames) frames laid out as the model says, \(labels) names clear of other layers")
        XCTAssertGreaterThan(labels, 10, "the names were checked")
    }

    /// The page's layers: kind, block, geometry and clip from their `data-` attributes, hidden from their style,
    /// and the box of the name written on each.
    static func previewLayers(_ dom: String) -> [DrawnLayer] {
        guard let tag = try? NSRegularExpression(pattern: #"<div class="layer ([a-z]+)"([^>]*)>(<span class="name" data-y="([-0-9.e]+)")?"#),
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
            // A name's box: 8 pt in, its line's top at its `data-y`, 7.5 pt a character, 16 tall.
            let labels = Range(match.range(at: 4), in: dom).map { top in
                [Rect(x: rect.x + 8, y: Double(dom[top]) ?? .nan,
                      width: HeaderLayout.Layer.labelCharacterWidth * Double(block.utf16.count), height: 16)]
            } ?? []
            let clip = attributes["data-clip"].map { $0.split(separator: " ").map { Double($0) ?? .nan } }
                .flatMap { $0.count == 4 ? Rect(x: $0[0], y: $0[1], width: $0[2], height: $0[3]) : nil }
            return DrawnLayer(block: block, kind: kind, rect: rect, clip: clip, hidden: style.contains("display: none"),
                              opacity: 1, labels: labels)
        }
    }
}
