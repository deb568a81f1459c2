import Foundation
import XCTest
import HeaderKit

/// The command-line contract of headerc, driven in-process through `Driver.run` and, for exit codes and the
/// separation of stdout and stderr, through the built binary. Every expected number is worked out by hand
/// from the seeds' formulas, never copied from the program's output.
final class CommandLineTests: XCTestCase {

    // MARK: Paths and helpers

    private static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // HeaderKitTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // the package

    private static func example(_ name: String) -> String {
        packageRoot.appendingPathComponent("Examples").appendingPathComponent("\(name).header").path
    }

    private var profile: String { Self.example("ProfileStretchy") }
    private var sticky: String { Self.example("StickyParallax") }
    private var image: String { Self.example("StretchyImage") }

    private var scratch: URL!

    override func setUpWithError() throws {
        scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("headerc-cli-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        if let scratch { try? FileManager.default.removeItem(at: scratch) }
    }

    /// Each trace is refused with the line that is wrong (the message), exit code 2, and nothing printed.
    private func assertTracesRefused(_ spec: String, file: String, _ cases: [(text: String, message: String)],
                                     line: UInt = #line) throws {
        for (text, message) in cases {
            let bad = try write(file, text)
            let refused = Driver.run(["eval", spec, "--trace", bad])
            XCTAssertEqual(refused.exitCode, 2, text, line: line)
            XCTAssertEqual(refused.standardOutput, "", text, line: line)
            XCTAssertTrue(refused.standardError.contains(message), "\(text): \(refused.standardError)", line: line)
        }
    }

    /// Writes a spec into the scratch directory and returns its path.
    private func write(_ name: String, _ text: String) throws -> String {
        let url = scratch.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// A valid spec with one warning: `offset / 0` (line 5, the `0` at column 22).
    private func warningSpec() throws -> String {
        try write("warn.header", "header W\ninput k = 1\n\na: box {\n    v: pt = offset / 0\n}\n")
    }

    /// A spec with one error: an unknown name (line 4, `nope` at columns 18 to 21).
    private func errorSpec() throws -> String {
        try write("err.header", "header E\n\na {\n    v: pt = offset + nope\n}\n")
    }

    private func lines(_ text: String) -> [String] {
        var lines = text.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    private func csvRows(_ text: String) -> [[String]] {
        lines(text).map { $0.components(separatedBy: ",") }
    }

    /// Swift's shortest round-trip description, for values whose arithmetic is written out in the test.
    private func d(_ value: Double) -> String { value.description }

    private func assertUsageError(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) {
        let outcome = Driver.run(arguments)
        XCTAssertEqual(outcome.exitCode, 2, "\(arguments)", file: file, line: line)
        XCTAssertEqual(outcome.standardOutput, "", "\(arguments)", file: file, line: line)
        XCTAssertTrue(outcome.standardError.hasSuffix("\n"), "\(arguments): \(outcome.standardError.debugDescription)",
                      file: file, line: line)
        XCTAssertEqual(lines(outcome.standardError).count, 1,
                       "\(arguments) should print one line on stderr: \(outcome.standardError.debugDescription)",
                       file: file, line: line)
    }

    // MARK: eval --format csv

    func testEvalCSVStretchyImage() {
        // 300 + max(0, -offset) and -(max(0, offset)): at -50, 350 and -0.0; at 0, 300 and -0.0;
        // at 75.5, 300 and -75.5; at 400, 300 and -400.
        let outcome = Driver.run(["eval", image, "--at", "-50,0,75.5,400", "--format", "csv"])
        XCTAssertEqual(outcome.exitCode, 0)
        XCTAssertEqual(outcome.standardError, "")
        XCTAssertEqual(outcome.standardOutput, """
            offset,image.height,image.offsetY
            -50.0,350.0,-0.0
            0.0,300.0,-0.0
            75.5,300.0,-75.5
            400.0,300.0,-400.0

            """)
    }

    func testEvalCSVProfileStretchy() {
        let outcome = Driver.run(["eval", profile, "--at", "-50,0,73,146,1000", "--format", "csv"])
        XCTAssertEqual(outcome.exitCode, 0)
        XCTAssertEqual(outcome.standardError, "")
        let rows = csvRows(outcome.standardOutput)
        XCTAssertEqual(rows.first, ["offset", "cover.height", "cover.scrimOpacity", "avatar.size", "avatar.scale",
                                    "avatar.opacity", "title.opacity", "content.top"])
        guard rows.count == 6 else { return XCTFail("expected 5 rows: \(outcome.standardOutput)") }
        // travel = 190 - 44 = 146; content.top = 190 + 88 / 2 + 12 = 246.
        // -50: cover = max(240, 44) = 240; progress = clamp(-50/146) = 0.
        XCTAssertEqual(rows[1], ["-50.0", "240.0", "0.0", "88.0", "1.0", "1.0", "0.0", "246.0"])
        // 0: cover 190, progress 0.
        XCTAssertEqual(rows[2], ["0.0", "190.0", "0.0", "88.0", "1.0", "1.0", "0.0", "246.0"])
        // 73: cover 117, progress 0.5, scale 1 - 0.45 * 0.5.
        XCTAssertEqual(rows[3], ["73.0", "117.0", "0.5", "88.0", d(1 - 0.45 * 0.5), "1.0", "0.0", "246.0"])
        // 146: cover = max(44, 44) = 44, progress 1, scale 0.55, avatar gone, title (1 - 0.8) / 0.2.
        XCTAssertEqual(rows[4], ["146.0", "44.0", "1.0", "88.0", d(1 - 0.45), "0.0", d((1 - 0.8) / 0.2), "246.0"])
        // 1000: the bar, as at 146.
        XCTAssertEqual(rows[5], ["1000.0", "44.0", "1.0", "88.0", d(1 - 0.45), "0.0", d((1 - 0.8) / 0.2), "246.0"])
    }

    func testEvalCSVWithSettings() {
        // safeAreaTop 47, textScale 1.5: collapsed 91, travel 99; avatar 132; content.top = 190 + 66 + 12 = 268.
        // offset 49.5: progress 0.5, cover = 140.5, scale 1 - 0.225.
        let outcome = Driver.run(["eval", profile, "--at", "49.5", "--set", "safeAreaTop=47",
                                  "--set", "textScale=1.5", "--format", "csv"])
        XCTAssertEqual(outcome.exitCode, 0, outcome.standardError)
        XCTAssertEqual(csvRows(outcome.standardOutput).dropFirst().first,
                       ["49.5", "140.5", "0.5", "132.0", d(1 - 0.45 * 0.5), "1.0", "0.0", "268.0"])

        // A length input takes an optional pt unit.
        let withUnit = Driver.run(["eval", profile, "--at", "49.5", "--set", "safeAreaTop=47pt",
                                   "--set", "textScale=1.5", "--format", "csv"])
        XCTAssertEqual(withUnit.exitCode, 0, withUnit.standardError)
        XCTAssertEqual(withUnit.standardOutput, outcome.standardOutput)
    }

    /// An option or an input given twice is refused rather than silently taking the last, as a repeated
    /// --at is: which one was meant is a guess.
    func testRepeatedOptionsAreRefused() throws {
        let out = scratch.appendingPathComponent("A.swift").path
        let other = scratch.appendingPathComponent("B.swift").path
        for arguments in [
            ["eval", profile, "--at", "0", "--set", "safeAreaTop=0", "--set", "safeAreaTop=47"],
            ["eval", profile, "--at", "0", "--set", "safeAreaTop=47", "--set", "safeAreaTop=47"],
            ["eval", profile, "--at", "0", "--format", "csv", "--format", "json"],
            ["eval", profile, "--at", "0", "--settle", "0", "--settle", "100"],
            ["compile", profile, "-o", out, "-o", other],
            ["compile", profile, "-o", out, "--output", other],
            ["compile", profile, "--name", "A", "--name", "B"],
        ] {
            assertUsageError(arguments)
        }
        XCTAssertTrue(Driver.run(["eval", profile, "--at", "0", "--set", "safeAreaTop=0", "--set", "safeAreaTop=47"])
            .standardError.contains("'--set safeAreaTop' is given twice"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))
        XCTAssertFalse(FileManager.default.fileExists(atPath: other))
        // Two different inputs are fine.
        XCTAssertEqual(Driver.run(["eval", profile, "--at", "0", "--set", "safeAreaTop=1", "--set", "textScale=2"]).exitCode, 0)
    }

    /// `headerc` alone did nothing: the usage goes to standard error, and the exit code says so.
    func testNoArgumentsIsAUsageError() {
        let outcome = Driver.run([])
        XCTAssertEqual(outcome.exitCode, 2)
        XCTAssertEqual(outcome.standardOutput, "")
        XCTAssertTrue(outcome.standardError.contains("usage: headerc COMMAND"), outcome.standardError)
        XCTAssertEqual(outcome.standardError, Driver.run(["--help"]).standardOutput)
    }

    func testEvalCSVBooleansAndReduceMotion() {
        // StickyParallax defaults: full 260, pinned 60, divisor 200.
        // 100: height 160, backdrop 260, drift 50, collapse 0.5, scale 0.85, opacity 0, visible !(0.5 > 0.5) = true.
        // 150: height 110, drift 75, collapse 0.75, scale 1 - 0.225, opacity -0.5, hidden.
        // -20: height 280, backdrop 280, drift = min(0, max(-20, 0)) = 0 so offsetY = -0.0, collapse 0.
        let outcome = Driver.run(["eval", sticky, "--at", "-20,100,150", "--format", "csv"])
        XCTAssertEqual(outcome.exitCode, 0)
        let rows = csvRows(outcome.standardOutput)
        XCTAssertEqual(rows, [
            ["offset", "header.height", "backdrop.height", "backdrop.offsetY", "title.scale", "subtitle.opacity", "subtitle.visible"],
            ["-20.0", "280.0", "280.0", "-0.0", "1.0", "1.0", "true"],
            ["100.0", "160.0", "260.0", "-50.0", "0.85", "0.0", "true"],
            ["150.0", "110.0", "260.0", "-75.0", d(1 - 0.3 * 0.75), "-0.5", "false"],
        ])
        // With Reduce Motion the backdrop does not drift: offsetY = 0 (a positive zero: the literal 0).
        let reduced = Driver.run(["eval", sticky, "--at", "100", "--set", "reduceMotion=true", "--format", "csv"])
        XCTAssertEqual(reduced.exitCode, 0)
        XCTAssertEqual(csvRows(reduced.standardOutput).last, ["100.0", "160.0", "260.0", "0.0", "0.85", "0.0", "true"])
    }

    /// `--trace`: each row sets its inputs, then the frame follows the path. The state moves only while
    /// dragging: 50 at rest; 50 - (10 - 0) = 40 at 10; 40 - 20 = 20 at 30; left at 20 at 50, not dragging.
    /// The bar moves by the offset since the drag began: 10 - 10 = 0, then 30 - 10 = 20, then 0 at rest.
    /// `--settle` for a snap of a state: where the state would rest if the scroll ended at each row, from the
    /// state's value there (not the offset), leaving the rows that follow as they were.
    func testEvalSettlesASnapOfAState() throws {
        let spec = scratch.appendingPathComponent("Reveal.header")
        try """
        header Reveal
        state hidden: pt = 0 in 0pt...120pt {
            next = hidden + delta
        }
        snap state hidden { 0pt, 120pt } threshold 0.5
        bar {
            y = -hidden
        }
        """.write(to: spec, atomically: true, encoding: .utf8)
        // hidden is 0, 50, 70, 61, then 21 (61 - 40) and 200 kept at 120: half of 120 is 60, so 50 and 21 go
        // back to 0, 70 and 61 up to 120, and 0 and 120 stay.
        let outcome = Driver.run(["eval", spec.path, "--at", "0,50,70,61,21,200", "--settle", "0", "--format", "csv"])
        XCTAssertEqual(outcome.exitCode, 0, outcome.standardError)
        XCTAssertEqual(csvRows(outcome.standardOutput), [
            ["offset", "bar.y", "settle.hidden"],
            ["0.0", "-0.0", "0.0"],
            ["50.0", "-50.0", "0.0"],
            ["70.0", "-70.0", "120.0"],
            ["61.0", "-61.0", "120.0"],
            ["21.0", "-21.0", "0.0"],
            ["200.0", "-120.0", "120.0"],
        ])
    }

    /// A trace's row gives every column: a cell left empty is refused with its line, as docs/commands.md says.
    func testATraceCellLeftEmptyIsRefusedWithItsLine() throws {
        let trace = try write("empty.csv", "offset,textScale\n0,1\n10,\n")
        let outcome = Driver.run(["eval", profile, "--trace", trace, "--format", "csv"])
        XCTAssertEqual(outcome.exitCode, 2)
        XCTAssertEqual(outcome.standardOutput, "")
        XCTAssertTrue(outcome.standardError.contains("empty.csv:3: input 'textScale' is a number; '' is not"), outcome.standardError)
    }

    func testEvalFollowsATraceOfOffsetsAndInputs() throws {
        let spec = scratch.appendingPathComponent("Drag.header")
        try """
        header Drag
        input dragging = false
        input dragStart: pt = 0
        let moved = dragging ? offset - dragStart : 0pt
        state shown: pt = 50 in 0pt...50pt {
            next = dragging ? shown - delta : shown
        }
        bar {
            y = moved
            height = shown
        }
        """.write(to: spec, atomically: true, encoding: .utf8)
        let trace = scratch.appendingPathComponent("drag.csv")
        // A blank line is passed over; a line may end in \r\n.
        try "offset, dragging, dragStart\n0,false,0\n10,true,10pt\n\n30,true,10\r\n50,false,10\n"
            .write(to: trace, atomically: true, encoding: .utf8)
        let outcome = Driver.run(["eval", spec.path, "--trace", trace.path, "--format", "csv"])
        XCTAssertEqual(outcome.exitCode, 0, outcome.standardError)
        XCTAssertEqual(csvRows(outcome.standardOutput), [
            ["offset", "dragging", "dragStart", "bar.y", "bar.height"],
            ["0.0", "false", "0.0", "0.0", "50.0"],
            ["10.0", "true", "10.0", "0.0", "40.0"],
            ["30.0", "true", "10.0", "20.0", "20.0"],
            ["50.0", "false", "10.0", "0.0", "20.0"],
        ])
        // An input the trace does not name keeps its --set value: with dragStart 5, the bar is at 5, then 25.
        let partial = scratch.appendingPathComponent("partial.csv")
        try "offset,dragging\n0,false\n10,true\n30,true\n".write(to: partial, atomically: true, encoding: .utf8)
        let withSet = Driver.run(["eval", spec.path, "--trace", partial.path, "--set", "dragStart=5", "--format", "csv"])
        XCTAssertEqual(withSet.exitCode, 0, withSet.standardError)
        XCTAssertEqual(csvRows(withSet.standardOutput).map { $0[2] }, ["bar.y", "0.0", "5.0", "25.0"])

        // Each bad trace is refused with the line that is wrong, and nothing is printed.
        try assertTracesRefused(spec.path, file: "drag-bad.csv", [
            ("offset,nope\n1,2\n", "drag-bad.csv:1: 'Drag' has no input 'nope'"),
            ("x,dragging\n1,true\n", "drag-bad.csv:1: the first column is 'offset', found 'x'"),
            ("offset,dragging,dragging\n1,true,true\n", "drag-bad.csv:1: the column 'dragging' is given twice"),
            ("offset,dragging\n0,true\n1,maybe\n", "drag-bad.csv:3: input 'dragging' is a bool; 'maybe' is not"),
            ("offset,dragging\n1\n", "drag-bad.csv:2: 1 value, and the first line names 2 columns"),
            ("offset\nnan\n", "drag-bad.csv:2: the offset must be a finite number, found 'nan'"),
            ("offset,dragging\n", "drag-bad.csv: the trace has no rows"),
            ("\n\n", "drag-bad.csv: the trace is empty"),
        ])
        assertUsageError(["eval", spec.path, "--trace", trace.path, "--at", "0"])
        assertUsageError(["eval", spec.path, "--trace", trace.path, "--set", "dragging=true"])
        assertUsageError(["eval", "-", "--trace", "-"])
        XCTAssertEqual(Driver.run(["eval", spec.path, "--trace", scratch.appendingPathComponent("none.csv").path]).exitCode, 1)
    }

    /// A trace's `time` column drives a transition: linear over 600 ms from the frame at t = 100, where the
    /// offset passes 100, so 0 there, (400 - 100) / 600 = 0.5 at t = 400, and 1 from t = 700; the column is
    /// printed after the offset. A trace that a transition cannot follow is refused with its line.
    func testEvalFollowsATraceOfTimes() throws {
        let spec = try write("Fade.header", """
            header Fade
            input time = 1
            transition scrim {
                on offset > 100pt
                duration 600ms
            }
            bar {
                opacity = scrim * time
            }
            """)
        let trace = try write("fade.csv", "offset,time\n0,0\n150,100\n150,400ms\n150,700\n")
        let outcome = Driver.run(["eval", spec, "--trace", trace, "--format", "csv"])
        XCTAssertEqual(outcome.exitCode, 0, outcome.standardError)
        XCTAssertEqual(csvRows(outcome.standardOutput), [
            ["offset", "time", "bar.opacity"],
            ["0.0", "0.0", "0.0"],
            ["150.0", "100.0", "0.0"],
            ["150.0", "400.0", "0.5"],
            ["150.0", "700.0", "1.0"],
        ])
        try assertTracesRefused(spec, file: "fade-bad.csv", [
            ("offset\n0\n", "fade-bad.csv:1: 'Fade' follows time (a transition, or a state that reads 'time'): add a column 'time' of milliseconds"),
            ("offset,time\n0,10\n1,5\n", "fade-bad.csv:3: the time goes back from 10.0 to 5.0"),
            ("offset,time\n0,nan\n", "fade-bad.csv:2: the time must be a finite number of milliseconds, found 'nan'"),
            ("offset,time\n0,1pt\n", "fade-bad.csv:2: the time must be a finite number of milliseconds, found '1pt'"),
            ("offset,time,time\n0,1,1\n", "fade-bad.csv:1: the column 'time' is given twice"),
        ])
        // Without a transition, an input named `time` is set by its column as any input is.
        let plain = try write("Plain.header", "header Plain\ninput time = 1\nbar {\n    opacity = time\n}\n")
        let rows = Driver.run(["eval", plain, "--trace", try write("plain.csv", "offset,time\n0,0.25\n"), "--format", "csv"])
        XCTAssertEqual(csvRows(rows.standardOutput), [["offset", "time", "bar.opacity"], ["0.0", "0.25", "0.25"]], rows.standardError)
    }

    /// A finger along a trace: `touch` puts it down and lifts it, an empty offset leaves the scroll where it is or on
    /// its motion. The finger drags 0 to 100 in 100 ms and lifts (1000 pt/s, carried to 100 + 499 = 599, a fling to 800),
    /// and the scroll goes there linearly over 200 ms: 100 + 0.5 x 700 = 450 at t=200, 800 from t=300. A spec with an
    /// input named `touch` and no motion keeps its column; a bad touch or a first row without an offset is refused.
    func testEvalFollowsAFingerAndTheMotionAfterIt() throws {
        let spec = try write("Glide.header", """
            header Glide
            snap bar { 0pt, 400pt, 800pt } motion linear duration 200ms
            bar {
                offsetY = -offset
            }
            """)
        let trace = try write("glide.csv", "offset,time,touch\n0,0,down\n100,100,up\n,200,up\n,300,up\n,1000,up\n60,1016,up\n,1100,up\n")
        let outcome = Driver.run(["eval", spec, "--trace", trace, "--format", "csv"])
        XCTAssertEqual(outcome.exitCode, 0, outcome.standardError)
        XCTAssertEqual(csvRows(outcome.standardOutput), [
            ["offset", "time", "bar.offsetY"],
            ["0.0", "0.0", "-0.0"],
            ["100.0", "100.0", "-100.0"],
            ["450.0", "200.0", "-450.0"],
            ["800.0", "300.0", "-800.0"],
            ["800.0", "1000.0", "-800.0"],
            ["60.0", "1016.0", "-60.0"],
            ["60.0", "1100.0", "-60.0"],
        ])
        try assertTracesRefused(spec, file: "glide-bad.csv", [
            ("offset,time,touch\n,0,down\n", "glide-bad.csv:2: the first row needs an offset"),
            ("offset,time,touch\n0,0,pressed\n", "glide-bad.csv:2: the touch is 'down' (the finger is on the screen) or 'up', found 'pressed'"),
            ("offset,time,touch,touch\n0,0,up,up\n", "glide-bad.csv:1: the column 'touch' is given twice"),
            ("offset,time\n0,0\nx,16\n", "glide-bad.csv:3: the offset must be a finite number, found 'x' (or empty, where the scroll"),
        ])
        let plain = try write("Touchy.header", "header Touchy\ninput touch = 1\nbar {\n    opacity = touch\n}\n")
        let rows = Driver.run(["eval", plain, "--trace", try write("touchy.csv", "offset,touch\n0,0.25\n"), "--format", "csv"])
        XCTAssertEqual(csvRows(rows.standardOutput), [["offset", "touch", "bar.opacity"], ["0.0", "0.25", "0.25"]], rows.standardError)
    }

    /// `driver` writes each language's scroll driver, the runtime file itself, and refuses what it does not take.
    func testDriverWritesEachLanguagesScrollDriver() throws {
        for (target, path) in [("swift", "Sources/HeaderEval/ScrollDriver.swift"), ("js", "Sources/HeaderCodeGen/JavaScript/Runtime/scroll-driver.mjs"),
                               ("kotlin", "Sources/HeaderCodeGen/Kotlin/Runtime/ScrollDriver.kt")] {
            let outcome = Driver.run(["driver", "--target", target])
            XCTAssertEqual(outcome.exitCode, 0, outcome.standardError)
            XCTAssertEqual(outcome.standardOutput, try PackagePaths.text(path), target)
        }
        let file = scratch.appendingPathComponent("ScrollDriver.swift").path
        XCTAssertEqual(Driver.run(["driver", "-o", file]).exitCode, 0)
        XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8), RuntimeTexts.swiftScrollDriver)
        for (arguments, message) in [(["driver", "--target", "rust"], "unknown target 'rust'; use swift, js or kotlin"),
                                     (["driver", "spec.header"], "'driver' takes no file"),
                                     (["driver", "--target", "js", "--target", "js"], "'--target' is given twice"),
                                     (["driver", "--tagret", "js"], "did you mean '--target'?")] {
            let refused = Driver.run(arguments)
            XCTAssertEqual(refused.exitCode, 2, arguments.joined(separator: " "))
            XCTAssertEqual(refused.standardOutput, "")
            XCTAssertTrue(refused.standardError.contains(message), refused.standardError)
        }
    }

    /// A phase input along a trace and by `--set`: the same drag written with the scroll's phase, each row's
    /// phase by its name, printed by its name (in JSON as a string). Shown moves by -delta while dragging:
    /// 50 at rest; 50 - 10 = 40 at 10; 40 - 20 = 20 at 30; kept at 20 at 50, decelerating, and at 60, idle.
    func testEvalTakesThePhaseByName() throws {
        let spec = scratch.appendingPathComponent("Phase.header")
        try """
        header Phase
        input phase: phase = idle
        state shown: pt = 50 in 0pt...50pt {
            next = phase == dragging ? shown - delta : shown
        }
        bar {
            height = shown
        }
        """.write(to: spec, atomically: true, encoding: .utf8)
        let trace = scratch.appendingPathComponent("phase.csv")
        try "offset,phase\n0,idle\n10,dragging\n30,dragging\n50,decelerating\n60,idle\n".write(to: trace, atomically: true, encoding: .utf8)
        let outcome = Driver.run(["eval", spec.path, "--trace", trace.path, "--format", "csv"])
        XCTAssertEqual(outcome.exitCode, 0, outcome.standardError)
        XCTAssertEqual(csvRows(outcome.standardOutput), [
            ["offset", "phase", "bar.height"],
            ["0.0", "idle", "50.0"],
            ["10.0", "dragging", "40.0"],
            ["30.0", "dragging", "20.0"],
            ["50.0", "decelerating", "20.0"],
            ["60.0", "idle", "20.0"],
        ])
        // --set holds the phase along --at: dragging from 0 to 30 takes 30 off; decelerating keeps 50.
        let dragging = Driver.run(["eval", spec.path, "--at", "0,30", "--set", "phase=dragging", "--format", "csv"])
        XCTAssertEqual(csvRows(dragging.standardOutput).last, ["30.0", "20.0"], dragging.standardError)
        let json = Driver.run(["eval", spec.path, "--at", "0", "--set", "phase=decelerating", "--format", "json"])
        XCTAssertTrue(json.standardOutput.contains("\"inputs\": {\"phase\": \"decelerating\"}"), json.standardOutput)
        XCTAssertTrue(json.standardOutput.contains("\"bar.height\": 50.0"), json.standardOutput)
        // Another word is refused with the three names, and the line of the trace that has it.
        let misspelt = Driver.run(["eval", spec.path, "--at", "0", "--set", "phase=draging"])
        XCTAssertEqual(misspelt.exitCode, 2)
        XCTAssertTrue(misspelt.standardError.contains("input 'phase' is a phase, which takes idle, dragging or decelerating; 'draging' is none of them; did you mean 'dragging'?"),
                      misspelt.standardError)
        let bad = scratch.appendingPathComponent("phase-bad.csv")
        try "offset,phase\n0,idle\n10,1\n".write(to: bad, atomically: true, encoding: .utf8)
        let refused = Driver.run(["eval", spec.path, "--trace", bad.path])
        XCTAssertEqual(refused.exitCode, 2)
        XCTAssertEqual(refused.standardOutput, "")
        XCTAssertTrue(refused.standardError.contains("phase-bad.csv:3: input 'phase' is a phase, which takes idle, dragging or decelerating; '1' is none of them"),
                      refused.standardError)
    }

    func testSweep() {
        // --sweep 0:100:10 is 0, 10, ..., 100: eleven rows; height 300 throughout, offsetY = -offset.
        let outcome = Driver.run(["eval", image, "--sweep", "0:100:10", "--format", "csv"])
        XCTAssertEqual(outcome.exitCode, 0)
        let rows = csvRows(outcome.standardOutput)
        XCTAssertEqual(rows.count, 12)
        XCTAssertEqual(rows.dropFirst().map { $0[0] }, (0...10).map { d(Double($0 * 10)) })
        XCTAssertEqual(rows.dropFirst().map { $0[2] }, (0...10).map { d(-Double($0 * 10)) })

        // Downwards, with a negative step: 100, 75, 50, 25, 0.
        let down = Driver.run(["eval", image, "--sweep", "100:0:-25", "--format", "csv"])
        XCTAssertEqual(down.exitCode, 0)
        XCTAssertEqual(csvRows(down.standardOutput).dropFirst().map { $0[0] }, ["100.0", "75.0", "50.0", "25.0", "0.0"])

        // A fractional step still ends on TO: 0:1:0.1 has 11 offsets, FROM + i * STEP.
        let fractional = Driver.run(["eval", image, "--sweep", "0:1:0.1", "--format", "csv"])
        XCTAssertEqual(csvRows(fractional.standardOutput).dropFirst().map { $0[0] }, (0...10).map { d(Double($0) * 0.1) })

        // A step that does not land on TO stops before it: 0, 30, 60, 90.
        let short = Driver.run(["eval", image, "--sweep", "0:100:30", "--format", "csv"])
        XCTAssertEqual(csvRows(short.standardOutput).dropFirst().map { $0[0] }, ["0.0", "30.0", "60.0", "90.0"])

        // FROM equal to TO: one offset.
        let single = Driver.run(["eval", image, "--sweep", "5:5:1", "--format", "csv"])
        XCTAssertEqual(single.exitCode, 0)
        XCTAssertEqual(csvRows(single.standardOutput).dropFirst().map { $0[0] }, ["5.0"])
    }

    /// A sweep never passes TO, and ends on TO itself when its steps land there.
    func testSweepNeverPassesItsEnd() {
        func sweep(_ text: String) -> [String] {
            let outcome = Driver.run(["eval", image, "--sweep", text, "--format", "csv"])
            XCTAssertEqual(outcome.exitCode, 0, outcome.standardError)
            return csvRows(outcome.standardOutput).dropFirst().map { $0[0] }
        }
        // 3 * 0.1 is 0.30000000000000004, past 0.3; (0.3 - 0) / 0.1 is 2.9999999999999996, three steps to
        // within rounding, so the last offset is 0.3 itself.
        XCTAssertEqual(0.0 + 3 * 0.1, 0.30000000000000004)
        XCTAssertEqual(sweep("0:0.3:0.1"), ["0.0", "0.1", "0.2", "0.3"])
        // 6 * 0.1 is 0.6000000000000001 (an inner offset, kept as FROM + i * STEP); 7 * 0.1 is 0.7000000000000001,
        // replaced by TO.
        XCTAssertEqual(sweep("0:0.7:0.1"), ["0.0", "0.1", "0.2", "0.30000000000000004", "0.4", "0.5",
                                            "0.6000000000000001", "0.7"])
        // 2.5 steps: the last is 0.2, short of 0.25.
        XCTAssertEqual(sweep("0:0.25:0.1"), ["0.0", "0.1", "0.2"])
        // Downwards: 0.3 - 0.1 = 0.19999999999999998, 0.3 - 2 * 0.1 = 0.09999999999999998, then 0 exactly.
        XCTAssertEqual(sweep("0.3:0:-0.1"), ["0.3", "0.19999999999999998", "0.09999999999999998", "0.0"])
        // 1.1 + 2 * 0.1 = 1.3000000000000003, past 1.3.
        XCTAssertEqual(sweep("1.1:1.3:0.1"), ["1.1", "1.2000000000000002", "1.3"])
    }

    // MARK: eval --format json

    func testEvalJSON() throws {
        let outcome = Driver.run(["eval", profile, "--at", "0,73", "--set", "safeAreaTop=47", "--format", "json"])
        XCTAssertEqual(outcome.exitCode, 0)
        XCTAssertEqual(outcome.standardError, "")
        let object = try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8))
        let root = try XCTUnwrap(object as? [String: Any])
        XCTAssertEqual(Set(root.keys), ["header", "inputs", "frames"])
        XCTAssertEqual(root["header"] as? String, "ProfileStretchy")
        let inputs = try XCTUnwrap(root["inputs"] as? [String: Any])
        XCTAssertEqual(Set(inputs.keys), ["safeAreaTop", "textScale"])
        XCTAssertEqual((inputs["safeAreaTop"] as? NSNumber)?.doubleValue, 47)
        XCTAssertEqual((inputs["textScale"] as? NSNumber)?.doubleValue, 1)
        let frames = try XCTUnwrap(root["frames"] as? [[String: Any]])
        XCTAssertEqual(frames.count, 2)
        let keys: Set<String> = ["offset", "cover.height", "cover.scrimOpacity", "avatar.size", "avatar.scale",
                                 "avatar.opacity", "title.opacity", "content.top"]
        for frame in frames { XCTAssertEqual(Set(frame.keys), keys) }
        func number(_ frame: [String: Any], _ key: String) -> Double? { (frame[key] as? NSNumber)?.doubleValue }
        // safeAreaTop 47: collapsed 91, travel 99. At 0: cover 190, progress 0. At 73: cover 117,
        // progress 73/99, scale 1 - 0.45 * 73/99, opacity 1 - (73/99 - 0.55) / 0.35.
        XCTAssertEqual(number(frames[0], "offset"), 0)
        XCTAssertEqual(number(frames[0], "cover.height"), 190)
        XCTAssertEqual(number(frames[0], "cover.scrimOpacity"), 0)
        XCTAssertEqual(number(frames[0], "content.top"), 246)
        XCTAssertEqual(number(frames[1], "offset"), 73)
        XCTAssertEqual(number(frames[1], "cover.height"), 117)
        XCTAssertEqual(try XCTUnwrap(number(frames[1], "cover.scrimOpacity")), 73.0 / 99, accuracy: 1e-15)
        XCTAssertEqual(try XCTUnwrap(number(frames[1], "avatar.scale")), 1 - 0.45 * 73 / 99, accuracy: 1e-15)
        XCTAssertEqual(try XCTUnwrap(number(frames[1], "avatar.opacity")), 1 - (73.0 / 99 - 0.55) / 0.35, accuracy: 1e-14)
        XCTAssertEqual(number(frames[1], "title.opacity"), 0)

        // Within each frame the keys follow the declaration order, after "offset".
        let text = outcome.standardOutput
        let order = ["\"offset\"", "\"cover.height\"", "\"cover.scrimOpacity\"", "\"avatar.size\"", "\"avatar.scale\"",
                     "\"avatar.opacity\"", "\"title.opacity\"", "\"content.top\""]
        let positions = order.compactMap { text.range(of: $0)?.lowerBound }
        XCTAssertEqual(positions.count, order.count)
        XCTAssertEqual(positions, positions.sorted())
    }

    func testEvalJSONBooleans() throws {
        let outcome = Driver.run(["eval", sticky, "--at", "150", "--set", "reduceMotion=true", "--format", "json"])
        XCTAssertEqual(outcome.exitCode, 0)
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: Any])
        XCTAssertEqual(root["header"] as? String, "StickyParallax")
        let inputs = try XCTUnwrap(root["inputs"] as? [String: Any])
        XCTAssertEqual(inputs["reduceMotion"] as? Bool, true)
        XCTAssertTrue(outcome.standardOutput.contains("\"reduceMotion\": true"), outcome.standardOutput)
        let frame = try XCTUnwrap((root["frames"] as? [[String: Any]])?.first)
        // 150: height 110, offsetY 0 (reduce motion), subtitle hidden.
        XCTAssertEqual((frame["header.height"] as? NSNumber)?.doubleValue, 110)
        XCTAssertEqual((frame["backdrop.offsetY"] as? NSNumber)?.doubleValue, 0)
        XCTAssertEqual((frame["subtitle.opacity"] as? NSNumber)?.doubleValue, -0.5)
        XCTAssertEqual(frame["subtitle.visible"] as? Bool, false)
        XCTAssertTrue(outcome.standardOutput.contains("\"subtitle.visible\": false"), outcome.standardOutput)
    }

    func testEvalJSONNoInputs() throws {
        let outcome = Driver.run(["eval", image, "--at", "-50", "--format", "json"])
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: Any])
        XCTAssertEqual((root["inputs"] as? [String: Any])?.count, 0)
        let frame = try XCTUnwrap((root["frames"] as? [[String: Any]])?.first)
        XCTAssertEqual((frame["image.height"] as? NSNumber)?.doubleValue, 350)
        XCTAssertEqual((frame["image.offsetY"] as? NSNumber)?.doubleValue, 0)
    }

    // MARK: eval, the default table

    func testEvalTableIsTheDefault() {
        let outcome = Driver.run(["eval", image, "--at", "-50,0,75.5"])
        XCTAssertEqual(outcome.exitCode, 0)
        XCTAssertEqual(outcome.standardError, "")
        XCTAssertEqual(Driver.run(["eval", image, "--at", "-50,0,75.5", "--format", "table"]).standardOutput,
                       outcome.standardOutput)
        let rows = lines(outcome.standardOutput)
        XCTAssertEqual(rows.first, "StretchyImage")
        XCTAssertEqual(rows.count, 5)
        guard rows.count == 5 else { return }
        let cells = rows.dropFirst().map { $0.split(separator: " ").map(String.init) }
        // Numbers for people, as `ranges` prints them: -0.0 is 0 here, and -0.0 in CSV.
        XCTAssertEqual(cells, [["offset", "image.height", "image.offsetY"],
                               ["-50", "350", "0"],
                               ["0", "300", "0"],
                               ["75.5", "300", "-75.5"]])
        // The README's first command: the title's opacity at full collapse is 1 in the table, its exact bits in CSV.
        let profile = PackagePaths.url("Examples/ProfileStretchy.header").path
        let table = lines(Driver.run(["eval", profile, "--sweep", "-100:300:50"]).standardOutput)
        let header = table.dropFirst().first?.split(separator: " ").map(String.init) ?? []
        let column = header.firstIndex(of: "title.opacity") ?? -1
        let collapsed = table.first { $0.trimmingCharacters(in: .whitespaces).hasPrefix("150 ") }?.split(separator: " ").map(String.init) ?? []
        XCTAssertEqual(collapsed.indices.contains(column) ? collapsed[column] : nil, "1", table.joined(separator: "\n"))
        let csv = Driver.run(["eval", profile, "--at", "150", "--format", "csv"]).standardOutput
        XCTAssertTrue(csv.contains("0.9999999999999998"), csv)
        // The columns are aligned: every line of the table is as long as the header line.
        XCTAssertEqual(Set(rows.dropFirst().map(\.count)).count, 1)

        // A spec with inputs names their values on the first line.
        let sticky = Driver.run(["eval", self.sticky, "--at", "0", "--set", "safeAreaTop=47"])
        let first = lines(sticky.standardOutput).first ?? ""
        XCTAssertTrue(first.hasPrefix("StickyParallax"), first)
        XCTAssertTrue(first.contains("safeAreaTop") && first.contains("47"), first)
    }

    // MARK: help and version

    func testHelpAndVersion() {
        for arguments in [["--help"], ["-h"], ["help"], ["help", "check"], ["help", "eval"], ["help", "compile"],
                          ["eval", "--help"], ["check", "--help"], ["compile", "--help"], ["--version"]] {
            let outcome = Driver.run(arguments)
            XCTAssertEqual(outcome.exitCode, 0, "\(arguments)")
            XCTAssertEqual(outcome.standardError, "", "\(arguments)")
            XCTAssertFalse(outcome.standardOutput.isEmpty, "\(arguments)")
        }
        XCTAssertTrue(Driver.run(["help", "eval"]).standardOutput.contains("--sweep"))
        XCTAssertTrue(Driver.run(["help", "compile"]).standardOutput.contains("-o"))
        XCTAssertTrue(Driver.run(["help", "check"]).standardOutput.contains("check"))
        XCTAssertTrue(Driver.run(["--version"]).standardOutput.hasPrefix("headerc "))
        XCTAssertEqual(lines(Driver.run(["--version"]).standardOutput).count, 1)
    }

    // MARK: usage errors: exit 2, one line on stderr

    func testUsageErrors() throws {
        let file = profile
        let cases: [[String]] = [
            ["frobnicate"],
            ["--frobnicate"],
            ["help", "frobnicate"],
            ["check"],
            ["check", file, "--strict"],
            ["eval"],
            ["eval", "--at", "0"],
            ["eval", file],                                       // no offsets
            ["eval", file, "--at"],                               // missing argument
            ["eval", file, "--sweep"],
            ["eval", file, "--at", "0", "--format"],
            ["eval", file, "--at", "0", "--set"],
            ["eval", file, "--at", "0", "--bogus"],               // unknown flag
            ["eval", file, "--at", "0", "--format", "xml"],
            ["eval", file, "--at", "0", "--sweep", "0:10:1"],     // offsets twice
            ["eval", file, file, "--at", "0"],                    // two files
            ["eval", file, "--at", "0,abc"],                      // bad numbers
            ["eval", file, "--at", "0,,1"],
            ["eval", file, "--at", ""],
            ["eval", file, "--at", "1e999"],
            ["eval", file, "--at", "nan"],
            ["eval", file, "--at", "inf"],
            ["eval", file, "--sweep", "0:100"],                   // bad sweeps
            ["eval", file, "--sweep", "0:100:10:5"],
            ["eval", file, "--sweep", "0:100:0"],
            ["eval", file, "--sweep", "0:100:-10"],
            ["eval", file, "--sweep", "100:0:10"],
            ["eval", file, "--sweep", "a:b:c"],
            ["eval", file, "--sweep", "0:1e300:1e-300"],
            ["eval", file, "--at", "0", "--set", "safeAreaTop"],  // --set without =
            ["eval", file, "--at", "0", "--set", "=1"],
            ["eval", file, "--at", "0", "--set", "bogus=1"],      // unknown input
            ["eval", file, "--at", "0", "--set", "safeareatop=1"],
            ["eval", file, "--at", "0", "--set", "safeAreaTop=abc"], // bad values
            ["eval", file, "--at", "0", "--set", "safeAreaTop="],
            ["eval", file, "--at", "0", "--set", "safeAreaTop=inf"],
            ["eval", image, "--at", "0", "--set", "safeAreaTop=1"], // a spec with no inputs
            ["eval", sticky, "--at", "0", "--set", "reduceMotion=yes"],
            ["eval", sticky, "--at", "0", "--set", "reduceMotion=1"],
            ["eval", sticky, "--at", "0", "--set", "textScale=true"],
            ["compile"],
            ["compile", file, "-o"],
            ["compile", file, "--bogus"],
            ["compile", file, file],
        ]
        for arguments in cases { assertUsageError(arguments) }
    }

    /// An input set to NaN or an infinity is told it must be finite, not that it is no length.
    func testSetNonFiniteInputSaysFinite() {
        for value in ["nan", "inf", "-inf", "infpt", "1e999"] {
            let outcome = Driver.run(["eval", profile, "--at", "0", "--set", "safeAreaTop=\(value)"])
            XCTAssertEqual(outcome.exitCode, 2)
            XCTAssertEqual(outcome.standardError, "headerc: input 'safeAreaTop' must be finite, found '\(value)'\n")
        }
        XCTAssertEqual(Driver.run(["eval", profile, "--at", "0", "--set", "textScale=nan"]).standardError,
                       "headerc: input 'textScale' must be finite, found 'nan'\n")
        XCTAssertEqual(Driver.run(["eval", profile, "--at", "0", "--set", "safeAreaTop=abc"]).standardError,
                       "headerc: input 'safeAreaTop' is a length; 'abc' is not\n")
    }

    /// CSV and JSON are handed on in pieces as they are made, the same text as gathered whole; a table too
    /// long to lay out is refused, naming the formats that stream.
    func testEvalStreamsItsRows() throws {
        final class Pieces: @unchecked Sendable {
            let lock = NSLock()
            var pieces: [String] = []
            func add(_ piece: String) { lock.lock(); pieces.append(piece); lock.unlock() }
        }
        for format in ["csv", "json"] {
            let arguments = ["eval", profile, "--sweep", "0:20000:0.5", "--format", format]
            let whole = Driver.run(arguments)
            XCTAssertEqual(whole.exitCode, 0)
            let pieces = Pieces()
            let streamed = Driver.run(arguments, standardOutputPieces: { pieces.add($0) })
            XCTAssertEqual(streamed.exitCode, 0)
            XCTAssertGreaterThan(pieces.pieces.count, 10, "40,001 rows come in many pieces")
            // Each piece is about 64 KB: a few rows past the size at most.
            XCTAssertLessThan(pieces.pieces.map(\.utf8.count).max() ?? 0, 70_000)
            XCTAssertEqual(pieces.pieces.joined() + streamed.standardOutput, whole.standardOutput)
        }
        let rows = csvRows(Driver.run(["eval", profile, "--sweep", "0:20000:0.5", "--format", "csv"]).standardOutput)
        XCTAssertEqual(rows.count, 1 + 40_001)
        XCTAssertEqual(rows.last?.first, "20000.0")
        XCTAssertEqual(rows[3].first, "1.0")

        let refused = Driver.run(["eval", profile, "--sweep", "0:9999999:1"])
        XCTAssertEqual(refused.exitCode, 2)
        XCTAssertEqual(refused.standardError, "headerc: a table of 10000000 offsets is too long to lay out; "
                       + "use --format csv (or json), which prints each offset as it goes\n")
        XCTAssertEqual(refused.standardOutput, "")
        // 100,000 offsets still make a table.
        XCTAssertEqual(Driver.run(["eval", image, "--sweep", "0:99999:1"]).exitCode, 0)
    }

    /// A bool input is told what it takes; a misspelt option is told the nearest option of its command.
    func testUsageErrorsSayWhatToWrite() {
        XCTAssertEqual(Driver.run(["eval", sticky, "--at", "0", "--set", "reduceMotion=yes"]).standardError,
                       "headerc: input 'reduceMotion' is a bool, which takes true or false; 'yes' is neither\n")
        XCTAssertEqual(Driver.run(["eval", sticky, "--at", "0", "--fromat", "csv"]).standardError,
                       "headerc: unknown option '--fromat' for 'eval'; did you mean '--format'?\n")
        XCTAssertEqual(Driver.run(["check", sticky, "--fromat", "json"]).standardError,
                       "headerc: unknown option '--fromat' for 'check'; did you mean '--format'?\n")
        XCTAssertEqual(Driver.run(["fmt", sticky, "--inplace"]).standardError,
                       "headerc: unknown option '--inplace' for 'fmt'; did you mean '--in-place'?\n")
        XCTAssertEqual(Driver.run(["compile", sticky, "--nmae", "X"]).standardError,
                       "headerc: unknown option '--nmae' for 'compile'; did you mean '--name'?\n")
        XCTAssertEqual(Driver.run(["render", sticky, "--at", "0", "--sett", "textScale=1"]).standardError,
                       "headerc: unknown option '--sett' for 'render'; did you mean '--set'?\n")
        XCTAssertEqual(Driver.run(["--verison"]).standardError, "headerc: unknown option '--verison'; did you mean '--version'?\n")
        // Nothing near: no guess.
        XCTAssertEqual(Driver.run(["eval", sticky, "--at", "0", "--bogus"]).standardError,
                       "headerc: unknown option '--bogus' for 'eval'\n")
    }

    /// A flat sum of 5,000 terms is no nesting: check and eval take it (every stage recurses through a
    /// chain, so this is also a stack test), and a chain past 10,000 operations is refused with one line.
    func testLongFlatChainsThroughCheckAndEval() throws {
        let sum = Array(repeating: "offset", count: 5_000).joined(separator: " + ")
        let constants = Array(repeating: "0.5pt", count: 5_000).joined(separator: " + ")
        let products = Array(repeating: "(offset / 1pt)", count: 5_000).joined(separator: " * ")
        let path = try write("long.header", "header Long\nlet s = \(sum)\ncover {\n    height = s + \(constants)\n    scale = \(products)\n}\n")
        XCTAssertEqual(Driver.run(["check", path]).exitCode, 0)
        // At 2: 5,000 * 2 + 2,500 = 12,500, and 2^5000 is infinity. At 1: 5,000 + 2,500 and 1.
        let outcome = Driver.run(["eval", path, "--at", "2,1", "--format", "csv"])
        XCTAssertEqual(outcome.exitCode, 0, outcome.standardError)
        XCTAssertEqual(outcome.standardOutput, "offset,cover.height,cover.scale\n2.0,12500.0,inf\n1.0,7500.0,1.0\n")
        XCTAssertEqual(Driver.run(["compile", path]).exitCode, 0)

        let tooLong = try write("toolong.header", "header Long\ncover { height = \(Array(repeating: "offset", count: 10_002).joined(separator: "+")) }\n")
        let refused = Driver.run(["check", tooLong])
        XCTAssertEqual(refused.exitCode, 1)
        XCTAssertTrue(refused.standardError.hasPrefix("\(tooLong):2:18: error: expression is too long (more than 10000 operations"),
                      String(refused.standardError.prefix(300)))
    }

    /// An unknown input named with --set is a usage mistake: one line, even when the spec has warnings.
    func testUnknownInputIsOneLineEvenWithWarnings() throws {
        let path = try warningSpec()
        XCTAssertEqual(Driver.run(["check", path]).exitCode, 0, "the spec is valid, with a warning")
        assertUsageError(["eval", path, "--at", "0", "--set", "kk=1"])
        assertUsageError(["eval", path, "--at", "0", "--set", "k=true"])
    }

    // MARK: files that cannot be read

    func testMissingFiles() throws {
        let missing = scratch.appendingPathComponent("missing.header").path
        for arguments in [["check", missing], ["eval", missing, "--at", "0"], ["compile", missing],
                          ["check", profile, missing, image]] {
            let outcome = Driver.run(arguments)
            XCTAssertEqual(outcome.exitCode, 1, "\(arguments)")
            XCTAssertTrue(outcome.standardError.contains(missing), "\(arguments): \(outcome.standardError)")
            XCTAssertEqual(outcome.standardOutput, "", "\(arguments)")
        }
        let directory = scratch.path
        for arguments in [["check", directory], ["eval", directory, "--at", "0"], ["compile", directory]] {
            let outcome = Driver.run(arguments)
            XCTAssertEqual(outcome.exitCode, 1, "\(arguments)")
            XCTAssertTrue(outcome.standardError.contains(directory), "\(arguments): \(outcome.standardError)")
            XCTAssertEqual(outcome.standardOutput, "", "\(arguments)")
        }
    }

    func testUnreadableFile() throws {
        try XCTSkipIf(getuid() == 0, "root reads a file with mode 000")
        let path = try write("locked.header", "header L\n\na {\n    v: pt = offset\n}\n")
        XCTAssertEqual(chmod(path, 0), 0)
        defer { chmod(path, 0o644) }
        let outcome = Driver.run(["check", path])
        XCTAssertEqual(outcome.exitCode, 1)
        XCTAssertTrue(outcome.standardError.contains(path), outcome.standardError)
    }

    /// The loader reads bytes: a byte order mark is skipped, and bytes that are not UTF-8 are an error that
    /// names their place, even in a doc comment of an otherwise valid spec.
    func testByteOrderMarkAndInvalidUTF8InFiles() throws {
        let bom = scratch.appendingPathComponent("bom.header")
        try Data([0xEF, 0xBB, 0xBF] + Array("header B\na { top = offset }\n".utf8)).write(to: bom)
        let evaluated = Driver.run(["eval", bom.path, "--at", "3", "--format", "csv"])
        XCTAssertEqual(evaluated.exitCode, 0, evaluated.standardError)
        XCTAssertEqual(evaluated.standardOutput, "offset,a.top\n3.0,3.0\n")

        let bad = scratch.appendingPathComponent("bad.header")
        try Data(Array("header B\n/// doc ".utf8) + [0xFF] + Array(" here\na { top = offset }\n".utf8)).write(to: bad)
        let checked = Driver.run(["check", bad.path])
        XCTAssertEqual(checked.exitCode, 1)
        XCTAssertEqual(lines(checked.standardError).first,
                       "\(bad.path):2:9: error: invalid UTF-8 at byte 17 of the file (0xFF); a spec is UTF-8 text")
        XCTAssertEqual(Driver.run(["compile", bad.path]).exitCode, 1)
    }

    // MARK: check

    func testCheckExamples() {
        let outcome = Driver.run(["check", profile, sticky, image])
        XCTAssertEqual(outcome.exitCode, 0, outcome.standardError)
        XCTAssertFalse(outcome.standardError.contains(": error:"), outcome.standardError)
        XCTAssertEqual(outcome.standardOutput, "")
    }

    func testCheckWarningIsExitZero() throws {
        let path = try warningSpec()
        let outcome = Driver.run(["check", path])
        XCTAssertEqual(outcome.exitCode, 0)
        XCTAssertEqual(outcome.standardOutput, "")
        // `    v: pt = offset / 0`: 4 spaces and `v: pt = offset / ` are 21 characters, so the 0 is at column 22.
        XCTAssertEqual(lines(outcome.standardError), [
            "\(path):5:22: warning: division by zero",
            "    v: pt = offset / 0",
            String(repeating: " ", count: 21) + "^",
        ])
    }

    func testCheckErrorIsExitOne() throws {
        let path = try errorSpec()
        let outcome = Driver.run(["check", path])
        XCTAssertEqual(outcome.exitCode, 1)
        XCTAssertEqual(outcome.standardOutput, "")
        let rendered = lines(outcome.standardError)
        guard rendered.count >= 3 else { return XCTFail(outcome.standardError) }
        // `    v: pt = offset + nope`: `nope` starts after 4 + 17 = 21 characters, at column 22, four carets.
        XCTAssertTrue(rendered[0].hasPrefix("\(path):4:22: error: "), rendered[0])
        XCTAssertTrue(rendered[0].contains("nope"), rendered[0])
        XCTAssertEqual(rendered[1], "    v: pt = offset + nope")
        XCTAssertEqual(rendered[2], String(repeating: " ", count: 21) + "^^^^")

        // One bad file among good ones fails the run; every file is still checked.
        let warning = try warningSpec()
        let mixed = Driver.run(["check", profile, path, warning])
        XCTAssertEqual(mixed.exitCode, 1)
        XCTAssertTrue(mixed.standardError.contains("\(path):4:22: error:"))
        XCTAssertTrue(mixed.standardError.contains("\(warning):5:22: warning:"))

        // eval and compile of a spec with an error: exit 1, nothing on stdout.
        for arguments in [["eval", path, "--at", "0"], ["compile", path]] {
            let failed = Driver.run(arguments)
            XCTAssertEqual(failed.exitCode, 1, "\(arguments)")
            XCTAssertEqual(failed.standardOutput, "", "\(arguments)")
            XCTAssertTrue(failed.standardError.contains("\(path):4:22: error:"), "\(arguments)")
        }
    }

    // MARK: compile

    func testCompileToStandardOutputAndToFile() throws {
        let printed = Driver.run(["compile", image])
        XCTAssertEqual(printed.exitCode, 0)
        XCTAssertEqual(printed.standardError, "")
        XCTAssertTrue(printed.standardOutput.contains("enum StretchyImageMath"), printed.standardOutput)
        XCTAssertTrue(printed.standardOutput.contains("import Foundation"))

        let out = scratch.appendingPathComponent("StretchyImageMath.swift").path
        let written = Driver.run(["compile", image, "-o", out])
        XCTAssertEqual(written.exitCode, 0, written.standardError)
        XCTAssertEqual(written.standardOutput, "")
        XCTAssertEqual(try String(contentsOfFile: out, encoding: .utf8), printed.standardOutput)

        // Overwrites an existing file; leaves no temporary file behind.
        try Data("old".utf8).write(to: URL(fileURLWithPath: out))
        XCTAssertEqual(Driver.run(["compile", image, "-o", out]).exitCode, 0)
        XCTAssertEqual(try String(contentsOfFile: out, encoding: .utf8), printed.standardOutput)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch.path), ["StretchyImageMath.swift"])

        // --name renames the enum.
        let named = Driver.run(["compile", image, "--name", "Stretch"])
        XCTAssertTrue(named.standardOutput.contains("enum Stretch "), named.standardOutput)
    }

    /// `--range-warnings` (which the build-tool plugin passes) prints what `check` warns of; the Swift is the
    /// same. StickyParallax's subtitle fades as `1 - collapse * 2`, and `collapse` reaches 1 at offset 200
    /// (a 260 pt header over a 60 pt bar), so its opacity falls to 1 - 2 = -1.
    func testCompileWithRangeWarnings() {
        let plain = Driver.run(["compile", sticky])
        XCTAssertEqual(plain.exitCode, 0)
        XCTAssertEqual(plain.standardError, "")
        let warned = Driver.run(["compile", sticky, "--range-warnings"])
        XCTAssertEqual(warned.exitCode, 0)
        XCTAssertEqual(warned.standardOutput, plain.standardOutput)
        XCTAssertTrue(warned.standardError.contains(
            "StickyParallax.header:40:15: warning: 'subtitle.opacity' falls to -1 (at offset 200 with the defaults)"),
                      warned.standardError)
        XCTAssertEqual(warned.standardError, Driver.run(["check", sticky]).standardError)
        assertUsageError(["compile", sticky, "--range-warnings", "--range-warnings"])
    }

    func testFailingCompileLeavesOutputUntouched() throws {
        let bad = try errorSpec()
        let out = scratch.appendingPathComponent("Out.swift")
        let original = Data("// precious, not to be touched\n\u{0}\u{FF}".utf8) + Data([0xFE, 0x00, 0x0A])
        try original.write(to: out)
        let before = try FileManager.default.attributesOfItem(atPath: out.path)[.modificationDate] as? Date

        let outcome = Driver.run(["compile", bad, "-o", out.path])
        XCTAssertEqual(outcome.exitCode, 1)
        XCTAssertEqual(outcome.standardOutput, "")
        XCTAssertEqual(try Data(contentsOf: out), original)
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: out.path)[.modificationDate] as? Date, before)
        XCTAssertEqual(Set(try FileManager.default.contentsOfDirectory(atPath: scratch.path)), ["err.header", "Out.swift"])

        // A missing input file does not create or touch the output either.
        let fresh = scratch.appendingPathComponent("Fresh.swift").path
        XCTAssertEqual(Driver.run(["compile", scratch.appendingPathComponent("nope.header").path, "-o", fresh]).exitCode, 1)
        XCTAssertFalse(FileManager.default.fileExists(atPath: fresh))
        XCTAssertEqual(Driver.run(["compile", bad, "-o", fresh]).exitCode, 1)
        XCTAssertFalse(FileManager.default.fileExists(atPath: fresh))

        // An output that cannot be written (its directory is missing, or it is a directory): exit 1, naming it.
        let nowhere = scratch.appendingPathComponent("no/such/dir/X.swift").path
        let unwritable = Driver.run(["compile", image, "-o", nowhere])
        XCTAssertEqual(unwritable.exitCode, 1)
        XCTAssertTrue(unwritable.standardError.contains(nowhere), unwritable.standardError)
        let intoDirectory = Driver.run(["compile", image, "-o", scratch.path])
        XCTAssertEqual(intoDirectory.exitCode, 1)
        var isDirectory: ObjCBool = false
        XCTAssertTrue(FileManager.default.fileExists(atPath: scratch.path, isDirectory: &isDirectory) && isDirectory.boolValue)
    }

    // MARK: compile -o: what the output is

    private func fileType(_ path: String) -> mode_t? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return info.st_mode & 0o170000
    }

    private func permissions(_ path: String) -> mode_t? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return info.st_mode & 0o7777
    }

    /// The spec named as its own output would be replaced by Swift: refused, however the path is spelt.
    func testCompileRefusesToOverwriteItsInput() throws {
        let text = "header Same\n\na {\n    top = offset\n}\n"
        let spec = try write("same.header", text)
        let link = scratch.appendingPathComponent("link.header").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: spec)
        let hard = scratch.appendingPathComponent("hard.header").path
        XCTAssertEqual(Foundation.link(spec, hard), 0)
        let dotted = scratch.appendingPathComponent("sub").path
        try FileManager.default.createDirectory(atPath: dotted, withIntermediateDirectories: false)
        for (input, output) in [(spec, spec), (spec, link), (link, spec), (hard, spec), (spec, hard),
                                (spec, dotted + "/../same.header")] {
            let outcome = Driver.run(["compile", input, "-o", output])
            XCTAssertEqual(outcome.exitCode, 2, "\(input) -o \(output)")
            XCTAssertEqual(outcome.standardOutput, "")
            XCTAssertTrue(outcome.standardError.contains("is the spec"), outcome.standardError)
            XCTAssertEqual(lines(outcome.standardError).count, 1, outcome.standardError)
            XCTAssertEqual(try String(contentsOfFile: spec, encoding: .utf8), text)
        }
        XCTAssertEqual(fileType(link), 0o120000, "the link is still a link")
        // Another file beside it is written as usual.
        XCTAssertEqual(Driver.run(["compile", spec, "-o", scratch.appendingPathComponent("Same.swift").path]).exitCode, 0)
    }

    /// -o through a symbolic link replaces the link's target, and the link stays a link; a dangling link
    /// creates its target.
    func testCompileFollowsASymbolicLink() throws {
        let expected = Driver.run(["compile", image]).standardOutput
        let target = try write("Target.swift", "old\n")
        let link = scratch.appendingPathComponent("Link.swift").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "Target.swift")
        let outcome = Driver.run(["compile", image, "-o", link])
        XCTAssertEqual(outcome.exitCode, 0, outcome.standardError)
        XCTAssertEqual(fileType(link), 0o120000)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link), "Target.swift")
        XCTAssertEqual(try String(contentsOfFile: target, encoding: .utf8), expected)

        let dangling = scratch.appendingPathComponent("Dangling.swift").path
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: "Created.swift")
        XCTAssertEqual(Driver.run(["compile", image, "-o", dangling]).exitCode, 0)
        XCTAssertEqual(fileType(dangling), 0o120000)
        XCTAssertEqual(try String(contentsOfFile: scratch.appendingPathComponent("Created.swift").path, encoding: .utf8),
                       expected)
        XCTAssertEqual(Set(try FileManager.default.contentsOfDirectory(atPath: scratch.path)),
                       ["Target.swift", "Link.swift", "Dangling.swift", "Created.swift"], "no temporary file is left")

        // A failing compile leaves the link and its target as they were.
        try Data("kept\n".utf8).write(to: URL(fileURLWithPath: target))
        XCTAssertEqual(Driver.run(["compile", try errorSpec(), "-o", link]).exitCode, 1)
        XCTAssertEqual(fileType(link), 0o120000)
        XCTAssertEqual(try String(contentsOfFile: target, encoding: .utf8), "kept\n")
    }

    /// An existing file keeps its mode: a private 600 file does not become world-readable.
    func testCompileKeepsTheOutputsMode() throws {
        let out = try write("Private.swift", "old\n")
        XCTAssertEqual(chmod(out, 0o600), 0)
        XCTAssertEqual(Driver.run(["compile", image, "-o", out]).exitCode, 0)
        XCTAssertEqual(permissions(out), 0o600)
        XCTAssertEqual(fileType(out), 0o100000)
        XCTAssertEqual(try String(contentsOfFile: out, encoding: .utf8), Driver.run(["compile", image]).standardOutput)

        XCTAssertEqual(chmod(out, 0o640), 0)
        XCTAssertEqual(Driver.run(["compile", image, "-o", out]).exitCode, 0)
        XCTAssertEqual(permissions(out), 0o640)

        // A failing compile leaves content and mode alone.
        XCTAssertEqual(Driver.run(["compile", try errorSpec(), "-o", out]).exitCode, 1)
        XCTAssertEqual(permissions(out), 0o640)
        XCTAssertEqual(try String(contentsOfFile: out, encoding: .utf8), Driver.run(["compile", image]).standardOutput)
    }

    /// A FIFO is written through, to whoever reads it; it stays a FIFO.
    func testCompileWritesThroughAFIFO() throws {
        let fifo = scratch.appendingPathComponent("pipe").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        final class Reader: @unchecked Sendable {
            let done = DispatchSemaphore(value: 0)
            var data = Data()
        }
        let reader = Reader()
        let thread = Thread {
            if let handle = FileHandle(forReadingAtPath: fifo) {
                reader.data = handle.readDataToEndOfFile()
                try? handle.close()
            }
            reader.done.signal()
        }
        thread.start()
        let outcome = Driver.run(["compile", image, "-o", fifo])
        if reader.done.wait(timeout: .now() + 10) == .timedOut {
            // Nothing opened the FIFO for writing: open and close it so that the reader is released.
            let descriptor = open(fifo, O_WRONLY | O_NONBLOCK)
            if descriptor >= 0 { close(descriptor) }
            XCTFail("compile did not write to the FIFO")
        }
        XCTAssertEqual(outcome.exitCode, 0, outcome.standardError)
        XCTAssertEqual(String(decoding: reader.data, as: UTF8.self), Driver.run(["compile", image]).standardOutput)
        XCTAssertEqual(fileType(fifo), 0o010000, "still a FIFO")
    }

    /// A spec is read from a FIFO, as from `<(make-spec)` or `/dev/stdin`: once, to its end (opened twice, the
    /// second open would wait for a writer that has gone). A device that never ends is cut off, not read
    /// until memory runs out.
    func testASpecIsReadFromAFIFO() throws {
        let fifo = scratch.appendingPathComponent("spec-pipe").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let text = try String(contentsOfFile: image, encoding: .utf8)
        let written = DispatchSemaphore(value: 0)
        // A reader that closes early must not end the test process with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        let thread = Thread {
            if let handle = FileHandle(forWritingAtPath: fifo) {
                try? handle.write(contentsOf: Data(text.utf8))
                try? handle.close()
            }
            written.signal()
        }
        thread.start()
        let outcome = Driver.run(["eval", fifo, "--at", "-50,0,120", "--format", "csv"])
        if written.wait(timeout: .now() + 10) == .timedOut {
            // Nothing opened the FIFO for reading: open and close it so that the writer is released.
            let descriptor = open(fifo, O_RDONLY | O_NONBLOCK)
            if descriptor >= 0 { close(descriptor) }
            XCTFail("eval did not read the FIFO")
        }
        XCTAssertEqual(outcome.exitCode, 0, outcome.standardError)
        XCTAssertEqual(outcome.standardOutput, Driver.run(["eval", image, "--at", "-50,0,120", "--format", "csv"]).standardOutput)

        let endless = Driver.run(["check", "/dev/zero"])
        XCTAssertEqual(endless.exitCode, 1)
        XCTAssertEqual(endless.standardError, "headerc: cannot read '/dev/zero': it goes on past 256 MB\n")
    }

    /// /dev/null is written to, not replaced: run as root, a rename would put a regular file in its place.
    func testCompileToDevNullLeavesTheDevice() throws {
        XCTAssertEqual(fileType("/dev/null"), 0o020000)
        let outcome = Driver.run(["compile", image, "-o", "/dev/null"])
        XCTAssertEqual(outcome.exitCode, 0, outcome.standardError)
        XCTAssertEqual(outcome.standardOutput, "")
        XCTAssertEqual(fileType("/dev/null"), 0o020000, "/dev/null is still a character device")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: "/dev").filter { $0.contains("headerc") }, [],
                       "no temporary file is left in /dev")
    }

    // MARK: the built binary

    /// The headerc executable next to the test bundle (swift test builds it), or in .build/debug.
    private func binary() throws -> URL {
        var candidates: [URL] = []
        #if os(macOS)
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            candidates.append(bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("headerc"))
        }
        #endif
        candidates.append(Bundle.main.bundleURL.appendingPathComponent("headerc"))
        candidates.append(Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("headerc"))
        candidates.append(Self.packageRoot.appendingPathComponent(".build/debug/headerc"))
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw XCTSkip("no headerc binary found in \(candidates.map(\.path))")
        }
        return found
    }

    private struct Run {
        var standardOutput: String
        var standardError: String
        var exitCode: Int32
    }

    private func run(_ arguments: [String]) throws -> Run {
        let result = try ProcessRunner.run(try binary(), arguments)
        XCTAssertFalse(result.crashed)
        return Run(standardOutput: result.output, standardError: result.error, exitCode: result.status)
    }

    func testBinaryEvalSeparatesOutputs() throws {
        let run = try run(["eval", image, "--at", "-50,0,75.5,400", "--format", "csv"])
        XCTAssertEqual(run.exitCode, 0)
        XCTAssertEqual(run.standardError, "")
        XCTAssertEqual(run.standardOutput,
                       "offset,image.height,image.offsetY\n-50.0,350.0,-0.0\n0.0,300.0,-0.0\n75.5,300.0,-75.5\n400.0,300.0,-400.0\n")
    }

    /// The command runs on a thread with a large stack; where that stack cannot be had (here, a 400 MB
    /// limit on address space), it runs on the main thread instead of waiting for a thread that never starts.
    func testBinaryRunsWhenTheLargeStackCannotBeHad() throws {
        let headerc = try binary()
        let result = try ProcessRunner.shell("ulimit -v 400000 && exec timeout 20 \"$0\" eval \"$1\" --at 0,75.5 --format csv",
                                             [headerc.path, image])
        XCTAssertEqual(result.status, 0, "124 is a hang, ended by timeout")
        XCTAssertEqual(result.output, "offset,image.height,image.offsetY\n0.0,300.0,-0.0\n75.5,300.0,-75.5\n")
    }

    func testBinaryExitCodes() throws {
        let help = try run(["--help"])
        XCTAssertEqual(help.exitCode, 0)
        XCTAssertFalse(help.standardOutput.isEmpty)
        XCTAssertEqual(help.standardError, "")

        let version = try run(["--version"])
        XCTAssertEqual(version.exitCode, 0)
        XCTAssertTrue(version.standardOutput.hasPrefix("headerc "))

        let usage = try run(["eval", image, "--at", "0", "--bogus"])
        XCTAssertEqual(usage.exitCode, 2)
        XCTAssertEqual(usage.standardOutput, "")
        XCTAssertEqual(lines(usage.standardError).count, 1, usage.standardError)

        let badSweep = try run(["eval", image, "--sweep", "0:100:0"])
        XCTAssertEqual(badSweep.exitCode, 2)
        XCTAssertEqual(lines(badSweep.standardError).count, 1, badSweep.standardError)

        let missing = scratch.appendingPathComponent("missing.header").path
        let notFound = try run(["check", missing])
        XCTAssertEqual(notFound.exitCode, 1)
        XCTAssertTrue(notFound.standardError.contains(missing))
        XCTAssertEqual(notFound.standardOutput, "")

        let error = try run(["check", try errorSpec()])
        XCTAssertEqual(error.exitCode, 1)
        XCTAssertEqual(error.standardOutput, "")
        XCTAssertTrue(error.standardError.contains(":4:22: error: "), error.standardError)

        let warning = try run(["check", try warningSpec()])
        XCTAssertEqual(warning.exitCode, 0)
        XCTAssertEqual(warning.standardOutput, "")
        XCTAssertTrue(warning.standardError.contains(":5:22: warning: division by zero"), warning.standardError)

        let good = try run(["check", profile, sticky, image])
        XCTAssertEqual(good.exitCode, 0)
        XCTAssertEqual(good.standardOutput, "")
    }

    /// `-o /dev/stdout` into a pipe: `/dev/stdout` leads, through `/proc/self/fd/1`, to a link that reads
    /// `pipe:[…]`, which names no file but opens as the pipe. The output goes down the pipe, whole.
    func testBinaryCompileToStandardOutputThroughAPipe() throws {
        let headerc = try binary()
        let whole = scratch.appendingPathComponent("whole.swift"), head = scratch.appendingPathComponent("head.swift")
        let errors = scratch.appendingPathComponent("errors")
        let result = try ProcessRunner.shell("\"$0\" compile \"$1\" -o /dev/stdout 2>\"$2\" | cat >\"$3\" && "
                                                 + "\"$0\" compile \"$1\" -o /dev/stdout 2>>\"$2\" | head -n 3 >\"$4\"",
                                             [headerc.path, profile, errors.path, whole.path, head.path])
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(try String(contentsOf: errors, encoding: .utf8), "")
        let printed = Driver.run(["compile", profile]).standardOutput
        XCTAssertEqual(try String(contentsOf: whole, encoding: .utf8), printed)
        let firstThree = printed.split(separator: "\n", omittingEmptySubsequences: false).prefix(3).joined(separator: "\n") + "\n"
        XCTAssertEqual(try String(contentsOf: head, encoding: .utf8), firstThree)
        XCTAssertEqual(fileType("/dev/null"), 0o020000, "/dev/null is still a character device")
    }

    /// A long sweep in CSV is written as it goes: 500,000 rows (about 33 MB of text, and 166 MB of memory
    /// when every row was kept before printing) run in a few tens of MB. The last row is worked out by hand:
    /// at offset 499999 the cover has long collapsed to its 44 pt bar.
    func testBinaryLongSweepRunsInBoundedMemory() throws {
        let time = URL(fileURLWithPath: "/usr/bin/time")
        guard FileManager.default.isExecutableFile(atPath: time.path) else { throw XCTSkip("no /usr/bin/time to measure memory") }
        let headerc = try binary()
        let out = scratch.appendingPathComponent("sweep-last"), measured = scratch.appendingPathComponent("sweep-memory")
        let result = try ProcessRunner.shell("\"$0\" -f %M -o \"$1\" \"$2\" eval \"$3\" --sweep 0:499999:1 --format csv | tail -n 1 >\"$4\"",
                                             [time.path, measured.path, headerc.path, profile, out.path])
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(try String(contentsOf: out, encoding: .utf8).components(separatedBy: ",").prefix(2), ["499999.0", "44.0"])
        let kilobytes = try String(contentsOf: measured, encoding: .utf8).split(separator: "\n").last.flatMap { Int($0) }
        let peak = try XCTUnwrap(kilobytes, "no peak memory in /usr/bin/time's report")
        XCTAssertLessThan(peak, 80_000, "eval --sweep of 500,000 offsets took \(peak) KB")
    }

    func testBinaryCompile() throws {
        let out = scratch.appendingPathComponent("P.swift").path
        let compiled = try run(["compile", profile, "-o", out])
        XCTAssertEqual(compiled.exitCode, 0, compiled.standardError)
        XCTAssertEqual(compiled.standardOutput, "")
        let first = try Data(contentsOf: URL(fileURLWithPath: out))
        XCTAssertTrue(String(decoding: first, as: UTF8.self).contains("enum ProfileStretchyMath"))

        let failed = try run(["compile", try errorSpec(), "-o", out])
        XCTAssertEqual(failed.exitCode, 1)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: out)), first)

        let printed = try run(["compile", profile])
        XCTAssertEqual(printed.exitCode, 0)
        XCTAssertEqual(Data(printed.standardOutput.utf8), first)
    }
}
