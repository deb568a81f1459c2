import XCTest
@testable import HeaderKit

/// What the range analysis proves of snaps: the state a snap moves holds what the snap can settle on, and a
/// custom rule that can come to rest outside its points is a warning, with a witness the interpreter gives.
/// The syntax for both (`snap state name { ... }`, a `rule` clause) is not in the parser yet, so the programs
/// are lowered from specs without it and then changed as that syntax will lower.
final class SnapRangeTests: XCTestCase {
    private func lowered(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> (Program, SourceFile) {
        let compilation = Compilation(path: "snap.header", text: text)
        let program = try XCTUnwrap(compilation.program, "\(compilation.diagnostics.all)", file: file, line: line)
        return (program, compilation.source)
    }

    // MARK: A rule that rests outside its points

    /// `snap bar { 0pt, 190pt } rule <rule>` as the clause will lower: the snap's settle body replaced by
    /// `select(outside the span, target, rule)`, the span's ends folded to 0 and 190 as the lowering folds them.
    private func withRule(_ rule: (_ target: Expr, _ constant: (Double) -> Expr) -> Expr) throws -> (Program, SourceFile) {
        var (program, source) = try lowered("header S\nsnap bar { 0pt, 190pt } threshold 0.5\nbar { offsetY = -offset }\n")
        let old = program.snaps[0].settle
        let range = old.result.range
        let target = Expr(.read(.target), .length, range)
        func constant(_ value: Double) -> Expr { .constant(value, .length, at: range) }
        let inside = Expr(.binary(.and, Expr(.binary(.greater, target, constant(0)), .bool, range),
                                  Expr(.binary(.less, target, constant(190)), .bool, range)), .bool, range)
        let result = Expr(.select(Expr(.unary(.not, inside), .bool, range), target, rule(target, constant)), .length, range)
        program.snaps[0].settle = Body(locals: [], localNames: [], result: result, uses: old.uses)
        program.snaps[0].hasCustomRule = true
        program.snaps[0].hasDefaultRule = false
        return (program, source)
    }

    /// `rule target < 95pt ? 0pt : target + 500pt`: by hand, a target outside (0, 190) is left alone (0 or
    /// 190 within the hull 0...190 of the points), one in (0, 95) settles on 0, and one in [95, 190) on
    /// target + 500, within 595...690 (the double just below 190, plus 500, rounds to 690). So the settled
    /// value is proven within 0...690, and the warning's witness is the first target tried, the middle of the
    /// span, 95, at velocity 0: 95 + 500 = 595, which the interpreter gives.
    func testARuleThatCanRestOutsideItsPointsIsAWarning() throws {
        let (program, source) = try withRule { target, constant in
            Expr(.select(Expr(.binary(.less, target, constant(95)), .bool, target.range), constant(0),
                         Expr(.binary(.add, target, constant(500)), .length, target.range)), .length, target.range)
        }
        let analysis = RangeAnalysis.analyze(program)
        XCTAssertEqual(analysis.settles.map(\.name), ["settle.bar"])
        XCTAssertEqual(analysis.settles.first?.range, RangeAnalysis.ProvenRange(min: 0, max: 690))
        XCTAssertEqual(analysis.settlePoints.first, RangeAnalysis.ProvenRange(min: 0, max: 190))
        let warnings = RangeWarnings.warnings(program, analysis: analysis, source: source)
        XCTAssertEqual(warnings.map(\.diagnostic.message),
                       ["snap 'bar' can come to rest at 595, outside its points 0...190 (target 95, velocity 0)"])
        let warning = try XCTUnwrap(warnings.first)
        XCTAssertEqual(warning.snap, 0)
        XCTAssertTrue(warning.offset > 0 && warning.offset < 190)
        XCTAssertEqual(Interpreter(program: program).settle(snap: 0, offset: warning.offset, velocity: warning.velocity), 595)
        XCTAssertEqual(warning.value, 595)
    }

    /// A rule that settles only on its points, `target < 95pt ? 0pt : 190pt`, is proven within them (0...190, by
    /// hand: 0 or 190 inside, the target itself outside the span, 0 or 190 again), and is no warning.
    func testARuleThatRestsOnItsPointsIsNoWarning() throws {
        let (program, source) = try withRule { target, constant in
            Expr(.select(Expr(.binary(.less, target, constant(95)), .bool, target.range), constant(0), constant(190)), .length, target.range)
        }
        let analysis = RangeAnalysis.analyze(program)
        XCTAssertEqual(analysis.settles.first?.range, RangeAnalysis.ProvenRange(min: 0, max: 190))
        XCTAssertEqual(RangeWarnings.warnings(program, analysis: analysis, source: source).map(\.diagnostic.message), [])
    }

    /// The default rule with its clauses is no warning however wide the analysis's range: only a `rule` clause
    /// is asked about, and every spec in the test suite has none.
    func testTheDefaultRuleIsNoWarning() throws {
        let (program, source) = try lowered("header S\ninput travel: pt in 20pt...300pt = 146\nsnap bar { 0pt, travel } ties up fling 500\nbar { offsetY = -offset }\n")
        let analysis = RangeAnalysis.analyze(program)
        XCTAssertEqual(analysis.settles.first?.range, RangeAnalysis.ProvenRange(min: 0, max: 300))
        XCTAssertEqual(RangeWarnings.warnings(program, analysis: analysis, source: source).map(\.diagnostic.message), [])
    }

    // MARK: A state moved by a snap

    /// `hidden` is kept within 0...100 by its bounds, but a snap with points 0 and 500 that moves it takes it
    /// to 500 when a gesture flings up from inside the span (or to 0), and frames read that until the next
    /// advance. By hand: settling from any value in 0...500 gives 0 or 500 inside the span and the value
    /// itself outside it, and the next advance clamps back into 0...100, so the state's values, and
    /// `v.offsetY = hidden`, are 0...500. Without the snap they are 0...100.
    func testAStateMovedByASnapHoldsWhatItSettlesOn() throws {
        let text = """
            header S
            state hidden: pt = 0 in 0pt...100pt { next = hidden + delta }
            snap bar { 0pt, 500pt }
            v { offsetY = hidden }
            """
        var (program, _) = try lowered(text)
        XCTAssertEqual(RangeAnalysis.analyze(program).outputs[0].range, RangeAnalysis.ProvenRange(min: 0, max: 100))
        program.snaps[0].state = 0
        let proven = RangeAnalysis.analyze(program).outputs[0].range
        XCTAssertEqual(proven, RangeAnalysis.ProvenRange(min: 0, max: 500))

        // The interpreter: frames at 0 and 60 advance `hidden` to 0 + 60 = 60 (within its bounds); the scroll
        // ends there with a fling up, and the snap settles on 500, the first point at or above 60.
        let interpreter = Interpreter(program: program)
        _ = interpreter.frame(at: 0)
        XCTAssertEqual(interpreter.frame(at: 60), [.number(60)])
        let settled = interpreter.settle(snap: 0, offset: try XCTUnwrap(interpreter.value(named: "hidden")), velocity: 1000)
        XCTAssertEqual(settled, 500)
        // The state takes the settled value and the next frame reads it before any advance: v.offsetY = hidden
        // is then 500 (the interpreter has no way to set a state, so this is the output's body by hand).
        XCTAssertTrue(proven.contains(settled))
        XCTAssertFalse(RangeAnalysis.ProvenRange(min: 0, max: 100).contains(settled))
    }
}
