import Foundation
import XCTest
@testable import HeaderKit

/// `plot` and `render` draw what `eval` computes: each SVG is parsed as XML and every mark is mapped back
/// (through the chart's own plot area and domain, or the filmstrip's layer geometry) to the numbers of
/// `eval --format csv`, within the two decimals the SVG keeps.
final class PictureTests: XCTestCase {
    static let examples = JavaScriptEmitterTests.examples

    /// An album: a header block, an `artwork` image area and a 3 pt reading bar.
    /// An album whose blocks say what they are: the header's frame clips the artwork it holds; a 3 pt
    /// reading bar is too thin for its name.
    static let albumSpec = """
        header Album
        header: group {
            height = 200pt - offset
        }
        artwork: image in header clipped to header {
            height = 300pt - offset
            blur = 10
        }
        readingBar: bar frame(height: 3pt) {}

        """

    /// The same blocks with no structure: the pictures guess from the names, and `check` says so.
    static let guessedSpec = "header Album\nheader {\n    height = 200pt - offset\n}\nartwork {\n    height = 300pt - offset\n}\n"

    /// `eval --format csv` as rows of numbers (bools as 1 and 0), by output name.
    static func evalRows(_ arguments: [String]) throws -> (offsets: [Double], columns: [String: [Double]]) {
        let outcome = Driver.run(["eval"] + arguments + ["--format", "csv"])
        XCTAssertEqual(outcome.exitCode, 0, outcome.standardError)
        let rows = outcome.standardOutput.split(separator: "\n").map { $0.split(separator: ",").map(String.init) }
        let header = try XCTUnwrap(rows.first)
        var columns: [String: [Double]] = [:]
        var offsets: [Double] = []
        for row in rows.dropFirst() {
            offsets.append(Double(row[0]) ?? .nan)
            for (name, text) in zip(header.dropFirst(), row.dropFirst()) {
                columns[name, default: []].append(text == "true" ? 1 : text == "false" ? 0 : Double(text) ?? .nan)
            }
        }
        return (offsets, columns)
    }

    static func svg(_ arguments: [String]) throws -> XMLTree {
        let outcome = Driver.run(arguments)
        XCTAssertEqual(outcome.exitCode, 0, outcome.standardError)
        return try XCTUnwrap(XMLTree.parse(outcome.standardOutput), "not well-formed XML:\n\(outcome.standardOutput.prefix(500))")
    }

    func testPlotSeriesLieOnEvalsValues() throws {
        var points = 0
        for name in Self.examples {
            let path = PackagePaths.url("Examples/\(name).header").path
            let sweep = "-120:420:3"
            let svg = try Self.svg(["plot", path, "--sweep", sweep])
            XCTAssertEqual(svg.name, "svg")
            let eval = try Self.evalRows([path, "--sweep", sweep])
            let charts = svg.all(named: "g", class: "chart")
            XCTAssertEqual(charts.map { $0.attributes["data-output"] ?? "" }.sorted(), eval.columns.keys.sorted(), name)
            for chart in charts {
                let output = chart.attributes["data-output"] ?? ""
                let values = try XCTUnwrap(eval.columns[output])
                let left = try XCTUnwrap(chart.double("data-left")), top = try XCTUnwrap(chart.double("data-top"))
                let width = try XCTUnwrap(chart.double("data-width")), height = try XCTUnwrap(chart.double("data-height"))
                let xMin = try XCTUnwrap(chart.double("data-x-min")), xMax = try XCTUnwrap(chart.double("data-x-max"))
                let yMin = try XCTUnwrap(chart.double("data-y-min")), yMax = try XCTUnwrap(chart.double("data-y-max"))
                XCTAssertEqual(xMin, -120)
                XCTAssertEqual(xMax, 420)
                for value in values where value.isFinite { XCTAssertTrue(value >= yMin && value <= yMax, "\(output): \(value) off the chart") }
                let drawn = chart.all(named: "polyline", class: "series").flatMap { polyline in
                    (polyline.attributes["points"] ?? "").split(separator: " ").map { pair -> (Double, Double) in
                        let parts = pair.split(separator: ",").compactMap { Double($0) }
                        return (parts.first ?? .nan, parts.last ?? .nan)
                    }
                }
                let finite = zip(eval.offsets, values).filter { $0.1.isFinite }
                XCTAssertEqual(drawn.count, finite.count, "\(name) \(output)")
                for ((offset, value), (x, y)) in zip(finite, drawn) {
                    let expectedX = left + (offset - xMin) / (xMax - xMin) * width
                    let expectedY = top + height - (value - yMin) / (yMax - yMin) * height
                    XCTAssertEqual(x, expectedX, accuracy: 0.006, "\(name) \(output) at \(offset)")
                    XCTAssertEqual(y, expectedY, accuracy: 0.006, "\(name) \(output) at \(offset): \(value)")
                    points += 1
                }
            }
        }
        print("plot: \(points) points of the examples where eval puts them")
        XCTAssertGreaterThan(points, 4 * 180 * 3)
    }

    /// Keyframe stops on the offset (constant or through an input) and snap points are marked where they are.
    func testPlotMarksStopsAndSnapPoints() throws {
        let directory = try DifferentialHarness.makeDirectory("plot-marks")
        let spec = directory.appendingPathComponent("marks.header")
        try """
            header Marks
            input inset: pt = 20
            let travel = 160pt - inset
            cover {
                height = keyframes(offset) { 0pt: 200pt, 100pt: 120pt via easeOut, travel: 80pt }
                opacity = offset > 50pt ? 0.5 : 1
            }
            title {
                scale = 1
            }
            let progress = clamp(offset / 200pt, 0, 1)
            avatar {
                opacity = keyframes(progress) { 0: 1, 0.5: 0.2, 1: 0 }
                scale = 1 - 0.3 * progress
            }
            snap rest { 0pt, travel }
            """.write(to: spec, atomically: true, encoding: .utf8)
        let svg = try Self.svg(["plot", spec.path, "--sweep", "-50:250:5", "--set", "inset=40"])
        let charts = Dictionary(uniqueKeysWithValues: svg.all(named: "g", class: "chart").map { ($0.attributes["data-output"] ?? "", $0) })
        func marks(_ output: String, _ kind: String) throws -> [Double] {
            let chart = try XCTUnwrap(charts[output])
            let left = try XCTUnwrap(chart.double("data-left")), width = try XCTUnwrap(chart.double("data-width"))
            return try chart.all(named: "line", class: kind).map { line in
                let offset = try XCTUnwrap(line.double("data-offset"))
                XCTAssertEqual(try XCTUnwrap(line.double("x1")), left + (offset + 50) / 300 * width, accuracy: 0.006)
                XCTAssertEqual(line.double("x1"), line.double("x2"))
                return offset
            }
        }
        // travel = 160 - 40 with the input set.
        XCTAssertEqual(try marks("cover.height", "stop"), [0, 100, 120])
        XCTAssertEqual(try marks("cover.opacity", "stop"), [50])
        XCTAssertEqual(try marks("title.scale", "stop"), [])
        // Stops on a named value that follows the offset are placed where it crosses them: progress is 0, 0.5
        // and 1 at 0, 100 and 200 pt. The output that reads it without a test has none.
        let progressStops = try marks("avatar.opacity", "stop")
        XCTAssertEqual(progressStops.count, 3)
        for (got, want) in zip(progressStops, [0.0, 100, 200]) { XCTAssertEqual(got, want, accuracy: 1e-9) }
        XCTAssertEqual(try marks("avatar.scale", "stop"), [])
        for output in ["cover.height", "cover.opacity", "title.scale", "avatar.opacity"] { XCTAssertEqual(try marks(output, "snap"), [0, 120]) }
    }

    /// Each frame of the filmstrip draws its layers with eval's numbers at its offset.
    func testFilmstripLayersCarryEvalsValues() throws {
        let at = "-80,0,60,146,300"
        var checked = 0
        func frames(_ name: String, _ extra: [String] = []) throws -> ([XMLTree], (offsets: [Double], columns: [String: [Double]])) {
            let path = PackagePaths.url("Examples/\(name).header").path
            let svg = try Self.svg(["render", path, "--at", at] + extra)
            let eval = try Self.evalRows([path, "--at", at] + extra)
            let frames = svg.all(named: "g", class: "frame")
            XCTAssertEqual(frames.compactMap { $0.double("data-offset") }, eval.offsets)
            return (frames, eval)
        }
        func layer(_ frame: XMLTree, _ block: String) throws -> XMLTree {
            try XCTUnwrap(frame.all { $0.attributes["class"] == "layer" && $0.attributes["data-block"] == block }.first, block)
        }
        func check(_ element: XMLTree, _ attribute: String, _ expected: Double, _ what: String) {
            XCTAssertEqual(element.double(attribute) ?? .nan, expected, accuracy: 0.006, what)
            checked += 1
        }

        let (profile, profileEval) = try frames("ProfileStretchy", ["--set", "safeAreaTop=47"])
        for (index, frame) in profile.enumerated() {
            func value(_ output: String) -> Double { profileEval.columns[output]?[index] ?? .nan }
            let cover = try layer(frame, "cover")
            check(cover, "data-height", value("cover.height"), "cover height")
            check(cover, "data-y", 0, "cover top")
            let avatar = try layer(frame, "avatar")
            let size = value("avatar.size"), scale = value("avatar.scale")
            check(avatar, "data-width", size * scale, "avatar width")
            // Its centre on the cover's bottom edge, then scaled about its bottom-leading corner.
            check(avatar, "data-y", value("cover.height") + size / 2 - size * scale, "avatar top")
            check(avatar, "data-x", 20, "avatar leading")
            check(avatar, "data-opacity", value("avatar.opacity"), "avatar opacity")
            check(try layer(frame, "title"), "data-opacity", value("title.opacity"), "title opacity")
            // The page scrolls: its top is drawn `offset` above where it starts.
            check(try layer(frame, "content"), "data-y", value("content.top") - profileEval.offsets[index], "content top")
            let scrim = try XCTUnwrap(cover.all(named: "rect", class: "scrim").first ?? (value("cover.scrimOpacity") == 0 ? cover : nil))
            if value("cover.scrimOpacity") > 0 { check(scrim, "opacity", value("cover.scrimOpacity") * 0.6, "scrim") }
        }
        let (image, imageEval) = try frames("StretchyImage")
        for (index, frame) in image.enumerated() {
            let layer = try layer(frame, "image")
            check(layer, "data-height", imageEval.columns["image.height"]?[index] ?? .nan, "image height")
            check(layer, "data-y", imageEval.columns["image.offsetY"]?[index] ?? .nan, "image offset")
        }
        let (sticky, stickyEval) = try frames("StickyParallax")
        for (index, frame) in sticky.enumerated() {
            let subtitle = try layer(frame, "subtitle")
            XCTAssertEqual(subtitle.attributes["data-hidden"] == "true", stickyEval.columns["subtitle.visible"]?[index] == 0)
            check(try layer(frame, "backdrop"), "data-y", stickyEval.columns["backdrop.offsetY"]?[index] ?? .nan, "backdrop offset")
        }
        // A header with state is drawn along the offsets in order, as eval goes.
        let (music, musicEval) = try frames("AppleMusicProfile")
        for (index, frame) in music.enumerated() {
            check(try layer(frame, "header"), "data-height", musicEval.columns["header.height"]?[index] ?? .nan, "header height")
            check(try layer(frame, "cover"), "data-blur", musicEval.columns["cover.blur"]?[index] ?? .nan, "cover blur")
        }
        print("render: \(checked) layer attributes where eval puts them")
    }

    /// The model Grammar.md states ("Structure"), drawn: a block clipped to the header's frame, a circle
    /// hanging on the cover's edge, a line of text at its alignment point, the page that scrolls. Every
    /// figure is worked out by hand from the specs.
    func testFilmstripDrawsTheHeaderAsTheAppDoes() throws {
        func layer(_ frame: XMLTree, _ block: String) throws -> XMLTree {
            try XCTUnwrap(frame.all { $0.attributes["class"] == "layer" && $0.attributes["data-block"] == block }.first, block)
        }
        func geometry(_ layer: XMLTree) -> [Double] {
            ["data-x", "data-y", "data-width", "data-height"].map { layer.double($0) ?? .nan }
        }
        /// The clip rectangle a layer is drawn through, from the `clip-path` of the group around it.
        func clip(_ svg: XMLTree, around block: String) -> [Double]? {
            guard let group = svg.all({ group in group.name == "g" && group.attributes["clip-path"]?.hasPrefix("url(#clip-") == true
                    && group.children.contains { $0.attributes["data-block"] == block } }).first,
                  let id = group.attributes["clip-path"]?.dropFirst(5).dropLast(),
                  let clip = svg.all({ $0.name == "clipPath" && $0.attributes["id"] == String(id) }).first,
                  let rect = clip.all(named: "rect").first else { return nil }
            return ["x", "y", "width", "height"].map { rect.double($0) ?? .nan }
        }

        // StickyParallax at 230, defaults: header = max(60, 260 - 230) = 60; the backdrop is 260 tall, drifted
        // up by min(230 / 2, 260 - 60) = 115, so it spans -115...145, clipped to the header's 0...60.
        // collapse = 1: the subtitle is hidden and takes no room, at 60 - 10 = 50; the title's 41 pt line sits
        // on it (y 9) and is scaled to 0.7 about its bottom-leading corner: y = 9 + 41 × 0.3 = 21.3, 28.7 tall.
        let sticky = try Self.svg(["render", PackagePaths.url("Examples/StickyParallax.header").path, "--at", "230"])
        XCTAssertEqual(geometry(try layer(sticky, "header")), [0, 0, 390, 60])
        XCTAssertEqual(geometry(try layer(sticky, "backdrop")), [0, -115, 390, 260])
        XCTAssertEqual(clip(sticky, around: "backdrop"), [0, 0, 390, 60])
        XCTAssertEqual(try layer(sticky, "backdrop").attributes["data-clip"], "0.00 0.00 390.00 60.00")
        let title = try layer(sticky, "title")
        XCTAssertEqual(title.double("data-x"), 20)
        XCTAssertEqual(title.double("data-y") ?? .nan, 21.3, accuracy: 1e-9)
        XCTAssertEqual(title.double("data-height") ?? .nan, 28.7, accuracy: 1e-9)
        XCTAssertEqual(title.attributes["data-width"], "none", "a line is as wide as what it says")
        XCTAssertNil(clip(sticky, around: "title"), "the title overlays the clipped frame, unclipped")
        XCTAssertNil(clip(sticky, around: "header"), "the header's frame is not clipped")

        // ProfileStretchy at 146, defaults: the cover has collapsed to max(190 - 146, 44) = 44 pt, clipped to
        // itself; the title's 44 pt line is centred in it (x 195, y 0); the avatar, 88 × 0.55 = 48.4 across,
        // its bottom at 44 + 44 = 88, is not clipped; the page starts at 190 + 44 + 12 - 146 = 100.
        let profile = try Self.svg(["render", PackagePaths.url("Examples/ProfileStretchy.header").path, "--at", "146"])
        XCTAssertEqual(geometry(try layer(profile, "cover")), [0, 0, 390, 44])
        XCTAssertEqual(clip(profile, around: "cover"), [0, 0, 390, 44])
        let profileTitle = try layer(profile, "title")
        XCTAssertEqual([profileTitle.double("data-x"), profileTitle.double("data-y"), profileTitle.double("data-height")], [195, 0, 44])
        XCTAssertEqual(profileTitle.all(named: "text").first?.attributes["text-anchor"], "middle")
        let avatar = geometry(try layer(profile, "avatar"))
        XCTAssertEqual(avatar[0], 20)
        XCTAssertEqual(avatar[1], 88 - 48.4, accuracy: 1e-9)
        XCTAssertEqual(avatar[2], 48.4, accuracy: 1e-9)
        XCTAssertNil(clip(profile, around: "avatar"), "the avatar hangs below the cover, unclipped")
        XCTAssertEqual(try layer(profile, "content").double("data-y"), 100)

        // An album pulled to -80: the artwork is 300 + 80 = 380 tall and the header's frame (200 + 80 = 280)
        // clips it. The 3 pt reading bar is too thin for its name.
        let directory = try DifferentialHarness.makeDirectory("render-model")
        let spec = directory.appendingPathComponent("Album.header")
        try Self.albumSpec.write(to: spec, atomically: true, encoding: .utf8)
        let album = try Self.svg(["render", spec.path, "--at", "-80"])
        let artwork = try layer(album, "artwork")
        XCTAssertEqual(artwork.attributes["data-kind"], "image")
        XCTAssertEqual(geometry(artwork), [0, 0, 390, 380])
        XCTAssertEqual(artwork.double("data-blur"), 10)
        XCTAssertEqual(clip(album, around: "artwork"), [0, 0, 390, 280])
        let bar = try layer(album, "readingBar")
        XCTAssertEqual(geometry(bar), [0, 0, 390, 3])
        XCTAssertFalse(bar.all(named: "text").contains { $0.text.contains("readingBar") }, "a 3 pt bar shows no name")
        XCTAssertTrue(artwork.all(named: "text").contains { $0.text.contains("artwork") }, "a tall area shows its name")

        // Without structure the pictures guess from the names, and `check` names each guess with its line.
        let guessed = directory.appendingPathComponent("Guessed.header")
        try Self.guessedSpec.write(to: guessed, atomically: true, encoding: .utf8)
        let checked = Driver.run(["check", guessed.path])
        XCTAssertEqual(checked.exitCode, 0)
        XCTAssertTrue(checked.standardError.contains("note: 2 blocks ('header', 'artwork') declare no structure"), checked.standardError)
        XCTAssertTrue(checked.standardError.contains("note: 'artwork' is drawn as if declared 'artwork: image in header'"), checked.standardError)
        // Past eight guessed blocks the note names the first eight, then how many more; each has its own note.
        let many = directory.appendingPathComponent("Many.header")
        try ("header Many\n" + (0..<11).map { "part\($0) { height = 10 }\n" }.joined()).write(to: many, atomically: true, encoding: .utf8)
        let manyChecked = Driver.run(["check", many.path])
        XCTAssertEqual(manyChecked.exitCode, 0)
        XCTAssertTrue(manyChecked.standardError.contains(
            "note: 11 blocks ('part0', 'part1', 'part2', 'part3', 'part4', 'part5', 'part6', 'part7', 3 more) declare no structure"),
                      manyChecked.standardError)
        XCTAssertEqual(manyChecked.standardError.components(separatedBy: "is drawn as if declared 'part").count, 12, manyChecked.standardError)
        // The collapsing toolbar without its structure: every block named once, each with the line to add.
        let toolbar = Driver.run(["check", PackagePaths.url("Tests/Specs/layout/collapsing-toolbar-guessed.header").path])
        XCTAssertEqual(toolbar.exitCode, 0)
        XCTAssertEqual(toolbar.standardError.components(separatedBy: "declare no structure").count, 2, "one note a spec")
        for (line, declared) in [(9, "appBar: bar"), (12, "photo: circle at bottomLeading"), (16, "toolbarTitle: text at bottomLeading"), (19, "list: page")] {
            XCTAssertTrue(toolbar.standardError.contains("collapsing-toolbar-guessed.header:\(line):1: note: '\(declared.prefix { $0 != ":" })' is drawn as if declared '\(declared)"),
                          toolbar.standardError)
        }
    }

    func testPictureCommandLine() throws {
        let image = PackagePaths.url("Examples/StretchyImage.header").path
        for (arguments, message) in [
            (["render", image], "headerc: 'render' needs offsets: --at -80,0,100,200\n"),
            (["render", image, "--sweep", "0:10:1"], "headerc: unknown option '--sweep' for 'render'\n"),
            (["plot", image, "--at", "0"], "headerc: unknown option '--at' for 'plot'\n"),
            (["plot", image, "--sweep", "0:10:-1"], "headerc: '--sweep' needs a step that goes from 0.0 towards 10.0\n"),
            (["plot", image, "--set", "nope=1"], "headerc: 'StretchyImage' has no input 'nope'; it has none\n"),
            (["plot"], "headerc: 'plot' needs a file\n"),
            (["plot", image, "-o", image], "headerc: the output '\(image)' is the spec '\(image)' itself; writing it would replace the spec\n"),
        ] {
            let outcome = Driver.run(arguments)
            XCTAssertEqual(outcome.exitCode, 2, "\(arguments)")
            XCTAssertEqual(outcome.standardError, message)
        }
        let directory = try DifferentialHarness.makeDirectory("plot-cli")
        let out = directory.appendingPathComponent("plot.svg").path
        let written = Driver.run(["plot", image, "-o", out])
        XCTAssertEqual(written.exitCode, 0, written.standardError)
        XCTAssertEqual(written.standardOutput, "")
        XCTAssertEqual(try String(contentsOfFile: out, encoding: .utf8), Driver.run(["plot", image]).standardOutput)
        // The default sweep: -100 to 400 by 2.
        let chart = try XCTUnwrap(XMLTree.parse(try String(contentsOfFile: out, encoding: .utf8))?.all(named: "g", class: "chart").first)
        XCTAssertEqual(chart.double("data-x-min"), -100)
        XCTAssertEqual(chart.double("data-x-max"), 400)
        XCTAssertTrue(Driver.run(["help", "plot"]).standardOutput.contains("--sweep"))
        XCTAssertTrue(Driver.run(["render", "--help"]).standardOutput.contains("--at"))
    }
}
