import XCTest
@testable import HeaderKit

/// Every node of the lowered program says where its source expression is written; nodes that lowering
/// makes for a construct are written where the construct is.
final class LoweredRangeTests: XCTestCase {
    private func lowered(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> (Program, SourceFile)? {
        let compilation = Compilation(path: "r.header", text: text)
        guard let program = compilation.program else {
            XCTFail("\(compilation.diagnostics.all)", file: file, line: line)
            return nil
        }
        return (program, compilation.source)
    }

    private func text(_ range: SourceRange, in source: SourceFile) -> String {
        String(decoding: source.bytes[range.start..<range.end], as: UTF8.self)
    }

    func testAnOperationHasTheRangeOfItsExpression() throws {
        let spec = "header R\nlet travel = 100pt\nv { top = (offset - 1pt) / 2 + travel }\n"
        let (program, source) = try XCTUnwrap(lowered(spec))
        let result = program.outputs[0].body.result
        XCTAssertEqual(text(result.range, in: source), "(offset - 1pt) / 2 + travel")
        guard case .binary(.add, let quotient, _) = result.kind, case .binary(.divide, let difference, _) = quotient.kind,
              case .binary(.subtract, let offset, _) = difference.kind else { return XCTFail("\(result.kind)") }
        XCTAssertEqual(text(quotient.range, in: source), "(offset - 1pt) / 2")
        XCTAssertEqual(text(difference.range, in: source), "(offset - 1pt)")
        XCTAssertEqual(text(offset.range, in: source), "offset")
    }

    func testClampsMinAndMaxHaveTheCallsRange() throws {
        let (program, source) = try XCTUnwrap(lowered("header R\nv { opacity = clamp(offset / 100pt, 0, 1) }\n"))
        let result = program.outputs[0].body.result
        guard case .binary(.min, let inner, _) = result.kind, case .binary(.max, let ratio, _) = inner.kind else {
            return XCTFail("\(result.kind)")
        }
        XCTAssertEqual(text(result.range, in: source), "clamp(offset / 100pt, 0, 1)")
        XCTAssertEqual(text(inner.range, in: source), "clamp(offset / 100pt, 0, 1)")
        XCTAssertEqual(text(ratio.range, in: source), "offset / 100pt")
    }

    func testKeyframesChainHasTheCallsRangeAndEachTestItsStop() throws {
        let spec = "header R\nv { opacity = keyframes(offset) { 0: 1, 100: 0 } }\n"
        let (program, source) = try XCTUnwrap(lowered(spec))
        let result = program.outputs[0].body.result
        XCTAssertEqual(text(result.range, in: source), "keyframes(offset) { 0: 1, 100: 0 }")
        guard case .select(let first, _, let rest) = result.kind, case .select(let second, _, _) = rest.kind else {
            return XCTFail("\(result.kind)")
        }
        XCTAssertEqual(text(first.range, in: source), "0: 1")
        XCTAssertEqual(text(second.range, in: source), "100: 0")
        XCTAssertEqual(text(rest.range, in: source), "keyframes(offset) { 0: 1, 100: 0 }")
    }
}
