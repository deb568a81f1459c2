import Foundation
import XCTest
@testable import HeaderKit

/// `headerc ranges` and the range warnings of `headerc check`, as the command line gives them.
final class RangesCommandTests: XCTestCase {
    private func example(_ name: String) -> String { PackagePaths.url("Examples/\(name).header").path }

    func testSeed003GetsExactlyTheSubtitleWarning() throws {
        let path = example("StickyParallax")
        let outcome = Driver.run(["check", path])
        XCTAssertEqual(outcome.exitCode, 0)
        // `opacity = 1 - collapse * 2` is on line 40, its expression from column 15; at offset 200 with the
        // defaults, collapse = clamp(200 / (260 - 60), 0, 1) = 1, so the opacity is 1 - 2 = -1.
        let line = try PackagePaths.text("Examples/StickyParallax.header").components(separatedBy: "\n")[39]
        XCTAssertEqual(line, "    opacity = 1 - collapse * 2")
        XCTAssertEqual(outcome.standardError, """
        \(path):40:15: warning: 'subtitle.opacity' falls to -1 (at offset 200 with the defaults); SwiftUI clamps opacity: write clamp(..., 0, 1) to say so
            opacity = 1 - collapse * 2
                      ^^^^^^^^^^^^^^^^

        """)
    }

    func testSeeds000002And004GetNoWarning() {
        for name in ["ProfileStretchy", "AppleMusicProfile", "StretchyImage"] {
            let outcome = Driver.run(["check", example(name)])
            XCTAssertEqual(outcome.exitCode, 0, name)
            XCTAssertEqual(outcome.standardError, "", name)
        }
    }

    func testRangesJSON() throws {
        let outcome = Driver.run(["ranges", example("ProfileStretchy"), "--format", "json"])
        XCTAssertEqual(outcome.exitCode, 0, outcome.standardError)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: Any])
        let outputs = try XCTUnwrap(object["outputs"] as? [String: [String: Any]])
        let cover = try XCTUnwrap(outputs["cover.height"])
        // max(190 - offset, safeAreaTop + 44): 44 at least, unbounded as the page is pulled down.
        XCTAssertEqual(cover["min"] as? Double, 44)
        XCTAssertTrue(cover["max"] is NSNull)
        XCTAssertEqual(cover["nan"] as? Bool, false)
        XCTAssertEqual(outputs["avatar.size"]?["min"] as? Double, 44)
        XCTAssertEqual(outputs["avatar.size"]?["max"] as? Double, 352)
        // To the bit: StickyParallax's drift passes 230 by a rounding (RangeAnalysisTests works it out), and its
        // proven bound lies just below -230, far from the -330 that forgetting correlation gives.
        let sticky = Driver.run(["ranges", example("StickyParallax"), "--format", "json"])
        let stickyOutputs = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(sticky.standardOutput.utf8)) as? [String: Any])?["outputs"]
            as? [String: [String: Any]])
        let drift = try XCTUnwrap(stickyOutputs["backdrop.offsetY"]?["min"] as? Double)
        XCTAssertTrue(drift <= -230.00000000000003 && drift > -230.000000001, "\(drift)")
        XCTAssertTrue(outcome.standardOutput.contains("\"cover.height\": {\"min\": 44.0, \"max\": null, \"nan\": false"))
        let conditions = try XCTUnwrap(object["conditions"] as? [[String: Any]])
        XCTAssertEqual(conditions.first?["condition"] as? String, "travel > 0")
        XCTAssertEqual(conditions.first?["always"] as? Bool, true)
    }

    /// Each snap's settled value is a row after the outputs, in the table and the JSON alike. By hand: the points
    /// 0 and travel (20...300) span at most 0...300, and the default rule settles inside the span on one of them,
    /// outside it on the target itself; it reads no offset, so it never changes between offsets.
    func testASnapsSettledValueIsARow() throws {
        let (rows, outputs, table) = try ranges("header S\ninput travel: pt in 20pt...300pt = 146\nsnap bar { 0pt, travel }\nbar { offsetY = -offset }\n")
        XCTAssertEqual(rows.last { $0.hasPrefix("settle.bar") }?.split(separator: " ", omittingEmptySubsequences: true),
                       ["settle.bar", "0", "300", "no", "no", "never"], table)
        XCTAssertEqual(rows.filter { $0.hasPrefix("bar.offsetY") }.count, 1, table)
        let settle = try XCTUnwrap(outputs["settle.bar"], table)
        XCTAssertEqual(settle["min"] as? Double, 0)
        XCTAssertEqual(settle["max"] as? Double, 300)
        XCTAssertEqual(settle["nan"] as? Bool, false)
        XCTAssertEqual(settle["infinite"] as? Bool, false)
        XCTAssertNil(settle["changesFrom"])
    }

    /// `headerc ranges` on a spec written to a file: the table's rows, the JSON's outputs, and the table itself.
    private func ranges(_ text: String) throws -> (rows: [String], outputs: [String: [String: Any]], table: String) {
        let url = try SpecHarness.temporaryDirectory(self).appendingPathComponent("ranges.header")
        try text.write(to: url, atomically: true, encoding: .utf8)
        let table = Driver.run(["ranges", url.path])
        XCTAssertEqual(table.exitCode, 0, table.standardError)
        let json = Driver.run(["ranges", url.path, "--format", "json"])
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        let outputs = try XCTUnwrap(object["outputs"] as? [String: [String: Any]], json.standardOutput)
        return (table.standardOutput.components(separatedBy: "\n"), outputs, table.standardOutput)
    }

    /// The table is for people: bounds to 12 significant digits (the JSON has them to the bit, -230 less a
    /// rounding error here).
    func testRangesTable() {
        let outcome = Driver.run(["ranges", example("StickyParallax")])
        XCTAssertEqual(outcome.exitCode, 0)
        let rows = outcome.standardOutput.components(separatedBy: "\n")
        XCTAssertEqual(rows.first { $0.hasPrefix("backdrop.offsetY") }?.split(separator: " ", omittingEmptySubsequences: true).prefix(3),
                       ["backdrop.offsetY", "-230", "0"])
    }

    /// The program computes every named value at every frame, so a guard inside one that its readers read only
    /// under the same guard still takes both ways (at s = 0 it is false): no "always true" for it. Read without
    /// the guard, a guard that its input's range decides is still reported.
    func testAGuardInsideANamedValueIsDecidedOnlyByTheWholeProgram() throws {
        let directory = try SpecHarness.temporaryDirectory(self)
        let url = directory.appendingPathComponent("guard.header")
        let guarded = "header G\ninput s: pt in 0pt...60pt = 30\nlet r = s > 0pt ? offset / s : 0\nt { offsetY = s > 0pt ? r * 1pt : 0pt }\n"
        try guarded.write(to: url, atomically: true, encoding: .utf8)
        let outcome = Driver.run(["ranges", url.path, "--format", "json"])
        XCTAssertEqual(outcome.exitCode, 0, outcome.standardError)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: Any])
        XCTAssertEqual((object["conditions"] as? [[String: Any]])?.count, 0, outcome.standardOutput)
        let decided = "header G\ninput s: pt in 1pt...60pt = 30\nlet r = s > 0pt ? offset / s : 0\nt { offsetY = r * 1pt }\n"
        try decided.write(to: url, atomically: true, encoding: .utf8)
        let table = Driver.run(["ranges", url.path]).standardOutput
        XCTAssertTrue(table.contains("3:9  s > 0pt is always true"), table)
    }

    func testAnInputWithoutARangeIsNoted() throws {
        let directory = try SpecHarness.temporaryDirectory(self)
        let url = directory.appendingPathComponent("note.header")
        try "header N\ninput scale = 1\nv: box {\n    opacity = 2 - scale\n}\n".write(to: url, atomically: true, encoding: .utf8)
        let outcome = Driver.run(["check", url.path])
        // At the default, 2 - 1 = 1: nothing to warn of, and nothing to note.
        XCTAssertEqual(outcome.standardError, "")
        try "header N\ninput scale = 0.5\nv {\n    opacity = 2 - scale\n}\n".write(to: url, atomically: true, encoding: .utf8)
        let noted = Driver.run(["check", url.path]).standardError
        XCTAssertTrue(noted.contains("note.header:4:15: warning: 'v.opacity' rises to 1.5 (at offset 0 with the defaults)"), noted)
        XCTAssertTrue(noted.contains("note.header:2:7: note: 'scale' has no range, so only its default, 0.5, is analysed"), noted)
    }

    /// The column and the JSON fields that say where an output changes: a switch between two constants at
    /// offset 50 changes at 50 and 50, by hand, and the JSON gives the doubles either side of 50, where the
    /// constant parts are (0 at 49.99999999999999, 1 at 50.00000000000001); the same constant on both sides
    /// never changes.
    func testASwitchBetweenConstantsChangesWhereItSwitches() throws {
        let (rows, outputs, table) = try ranges("header S\nv {\n    top = offset > 50pt ? 1pt : 0pt\n    bottom = offset > 50pt ? 1pt : 1pt\n}\n")
        XCTAssertTrue(rows.contains { $0.hasPrefix("v.top") && $0.hasSuffix("50 and 50") }, table)
        XCTAssertTrue(rows.contains { $0.hasPrefix("v.bottom") && $0.hasSuffix("never") }, table)
        XCTAssertEqual(outputs["v.top"]?["changesFrom"] as? Double, 49.99999999999999)
        XCTAssertEqual(outputs["v.top"]?["changesTo"] as? Double, 50.00000000000001)
        // An output that never changes has neither field (null is for an unbounded side).
        XCTAssertNil(outputs["v.bottom"]?["changesFrom"], table)
        XCTAssertNil(outputs["v.bottom"]?["changesTo"], table)
    }

    func testUsage() {
        for arguments in [["ranges"], ["ranges", "a.header", "b.header"], ["ranges", "a.header", "--format", "csv"],
                          ["ranges", "a.header", "--format"], ["ranges", "a.header", "--bogus"]] {
            let outcome = Driver.run(arguments)
            XCTAssertEqual(outcome.exitCode, 2, "\(arguments)")
            XCTAssertEqual(outcome.standardOutput, "", "\(arguments)")
        }
        XCTAssertTrue(Driver.run(["help", "ranges"]).standardOutput.hasPrefix("usage: headerc ranges FILE"))
        XCTAssertEqual(Driver.run(["ranges", "/nonexistent/x.header"]).exitCode, 1)
    }
}
