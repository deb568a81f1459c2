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
