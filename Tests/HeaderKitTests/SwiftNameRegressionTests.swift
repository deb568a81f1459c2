import Foundation
import XCTest
@testable import HeaderKit

/// The name clashes that once gave Swift that did not build, or other numbers than eval: each spec now
/// compiles and agrees with the interpreter bit for bit, or is refused by name.
final class SwiftNameRegressionTests: XCTestCase {
    static let accepted: [(String, String)] = [
        // A state named like the field that keeps the last offset.
        ("lastOffset", "header L\nstate lastOffset: pt = 0 { next = offset }\nb { top = lastOffset }\n"),
        // Inputs named like settle's parameters or its former locals.
        ("velocityInput", "header V\ninput velocity: pt = 0\nsnap a { 0pt, 100pt + velocity }\nb { top = velocity }\n"),
        ("targetInput", "header T\ninput target: pt = 7\ninput points: pt = 3\nsnap a { 0pt, 100pt + points }\nb { top = target + points }\n"),
        // A named value called `target` read by a snap: it once hid settle's parameter.
        ("targetValue", "header W\ninput inset: pt = 0\nlet target = 150pt + inset\nlet velocity = target / 2\nsnap a { 0pt, target, velocity }\nb { top = target }\n"),
        // Blocks whose types would hide the types Frame uses, and an underscored keyword.
        ("typeBlocks", "header B\ndouble { top = 1pt }\ncGFloat { top = 2pt }\nequatable { top = 3pt }\nsendable { top = 4pt }\nbool { top = 5pt }\n_const { top = 6pt }\nCover { top = 7pt }\n"),
    ]

    func testOnceBrokenNamesCompileAndAgree() throws {
        let swiftc = try DifferentialHarness.findSwiftc()
        var cases: [DifferentialHarness.DiffCase] = []
        var rng = SeededGenerator(seed: 13)
        for (index, (label, text)) in Self.accepted.enumerated() {
            let compilation = Compilation(path: "\(label).header", text: text)
            guard let spec = compilation.spec else {
                XCTFail("\(label) is refused:\n\(DifferentialHarness.render(compilation))")
                continue
            }
            cases.append(DifferentialHarness.DiffCase(index: index, text: text, spec: spec, offsets: DifferentialHarness.offsets(extra: [20]),
                                                    settings: DifferentialHarness.settings(for: spec, &rng)))
        }
        let report = try DifferentialHarness.runDifferential(cases, swiftc: swiftc, label: "names")
        for failure in report.buildFailures { XCTFail(failure) }
        for failure in report.mismatchReports { XCTFail(failure) }
        for warning in report.warnings { XCTFail("swiftc warns: \(warning)") }
        XCTAssertEqual(report.mismatchCount, 0)
        XCTAssertGreaterThan(report.framesCompared, 0)
    }

    func testRenamedGeneratedNames() throws {
        let lastOffset = try XCTUnwrap(Compilation(path: "l.header", text: Self.accepted[0].1).spec)
        let swift = SwiftEmitter(spec: lastOffset, sourcePath: "l.header").emit()
        XCTAssertTrue(swift.contains("var lastOffset: CGFloat = 0\n"), swift)
        XCTAssertTrue(swift.contains("var lastOffset2: CGFloat? = nil"), swift)
        let velocity = try XCTUnwrap(Compilation(path: "v.header", text: Self.accepted[1].1).spec)
        XCTAssertTrue(SwiftEmitter(spec: velocity, sourcePath: "v.header").emit()
            .contains("static func settle(target: CGFloat, velocity velocity2: CGFloat, velocity: CGFloat = 0) -> CGFloat"))
        let blocks = try XCTUnwrap(Compilation(path: "b.header", text: Self.accepted[4].1).spec)
        let types = SwiftEmitter(spec: blocks, sourcePath: "b.header").emit()
        for declaration in ["var double: DoubleBlock", "var cGFloat: CGFloatBlock", "var equatable: EquatableBlock",
                            "var sendable: SendableBlock", "var bool: BoolBlock", "var `_const`: _constBlock",
                            "var Cover: CoverBlock"] {
            XCTAssertTrue(types.contains(declaration), "\(declaration) in\n\(types)")
        }
    }

    /// Hand-worked: the target 20 lies between the points 0 and 150 (target = 150 + inset, inset 0), and
    /// a gesture at rest settles on the nearer, 0. The generated settle once returned 150.
    func testNamedValueCalledTargetSettlesAsEval() {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("headerc-names-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("w.header").path
        try? "header W\ninput inset: pt = 0\nlet target = 150pt + inset\nsnap a { 0pt, target }\nb { top = target }\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        let outcome = Driver.run(["eval", path, "--at", "20", "--settle", "0", "--format", "csv"])
        XCTAssertEqual(outcome.standardOutput, "offset,b.top,settle.a\n20.0,150.0,0.0\n", outcome.standardError)
    }

    /// `cover` and `Cover` would need the one struct name `CoverBlock`: refused, naming both.
    func testBlocksDifferingOnlyInCaseAreRefusedByName() {
        let compilation = Compilation(path: "c.header", text: "header C\nCover { top = 7pt }\ncover { top = 8pt }\n")
        XCTAssertNil(compilation.spec)
        XCTAssertEqual(compilation.diagnostics.errors.map(\.message), ["blocks 'cover' and 'Cover' would both become the Swift type 'CoverBlock'; rename one"])
    }

    func testNamesThatWouldHideTheGeneratedCodesTypesAreRefusedByName() {
        for name in ["SpringAnimation", "Double", "CGFloat", "Frame", "State", "Swift", "Equatable", "Sendable", "Self", "init"] {
            let text = "header A\nanimation \(name) = spring(response: 0.4, dampingFraction: 0.7)\nb { top = clamp(offset, 0, 1pt) }\n"
            let compilation = Compilation(path: "a.header", text: text)
            XCTAssertNil(compilation.spec, name)
            XCTAssertEqual(compilation.diagnostics.errors.count, 1, "one error for one name: \(compilation.diagnostics.errors.map(\.message))")
            XCTAssertTrue(compilation.diagnostics.errors.contains { $0.message.contains("'\(name)'") }, "\(name): \(compilation.diagnostics.errors.map(\.message))")
            // eval emits nothing, so it takes the spec.
            XCTAssertNotNil(Compilation(path: "a.header", text: text, checksSwiftNames: false).spec, name)
        }
    }

    func testEnumNamesThatWouldNotBuildAreRefused() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("headerc-enum-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("p.header").path
        try "header P\nb { top = Foundation.pow(2, 3) * 1pt }\n".replacingOccurrences(of: "Foundation.", with: "")
            .write(toFile: path, atomically: true, encoding: .utf8)
        for name in ["Double", "CGFloat", "Bool", "Swift", "Foundation", "Equatable", "Sendable", "Frame", "State", "self", "_"] {
            let outcome = Driver.run(["compile", path, "--name", name])
            XCTAssertNotEqual(outcome.exitCode, 0, name)
            XCTAssertTrue(outcome.standardError.contains("'\(name)'"), "\(name): \(outcome.standardError)")
            XCTAssertEqual(outcome.standardOutput, "", name)
        }
        XCTAssertEqual(Driver.run(["compile", path, "--name", "PowMath"]).exitCode, 0)
    }

    func testInputDocumentationReachesTheGeneratedSwift() throws {
        let text = "header D\n/// The top inset, under the status bar.\ninput safeAreaTop: pt = 0\nb { top = offset + safeAreaTop }\n"
        let spec = try XCTUnwrap(Compilation(path: "d.header", text: text).spec)
        let swift = SwiftEmitter(spec: spec, sourcePath: "d.header").emit()
        XCTAssertTrue(swift.contains("    /// - Parameters:\n    ///   - safeAreaTop: The top inset, under the status bar.\n    static func frame("), swift)
    }
}

/// What the parser reads must not be dropped: a percentage or a label on a keyframes driver, or a
/// percentage after its `extend` option, is an error rather than nothing.
final class KeyframesArgumentTests: XCTestCase {
    func testDriverTakesNoLabelOrPercentage() {
        for (text, message) in [
            ("keyframes(offset -5%) { 0: 0pt, 100pt: 1pt }", "the driver of 'keyframes' is an expression alone, as in 'keyframes(offset)': no label and no percentage"),
            ("keyframes(d: offset 5%) { 0: 0pt, 100pt: 1pt }", "the driver of 'keyframes' is an expression alone, as in 'keyframes(offset)': no label and no percentage"),
            ("keyframes(offset, extend: both 5%) { 0: 0pt, 100pt: 1pt }", "keyframes takes one option, 'extend: before', 'after', 'both' or 'none'"),
        ] {
            let compilation = Compilation(path: "k.header", text: "header K\nb { top = \(text) }\n")
            XCTAssertNil(compilation.spec, text)
            XCTAssertEqual(compilation.diagnostics.errors.map(\.message), [message], text)
        }
        XCTAssertNotNil(Compilation(path: "k.header", text: "header K\nb { top = keyframes(offset, extend: both) { 0: 0pt, 100pt: 1pt } }\n").spec)
    }
}
