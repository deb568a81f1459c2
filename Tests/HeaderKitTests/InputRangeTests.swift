import XCTest
@testable import HeaderKit

/// `input name in low...high = default`: the range the analysis assumes, its rules, and fmt.
final class InputRangeTests: XCTestCase {
    func testARangeReachesTheLoweredProgram() throws {
        let compiled = MarkedCompilation("""
        header R
        input safeAreaTop: pt in 0pt...100pt = 0
        input textScale in 0.5...4 = 1
        input plain = 2
        input reduceMotion = false
        v { top = safeAreaTop * textScale * plain }
        """)
        _ = compiled.expectValid()
        let program = try XCTUnwrap(compiled.compilation.program)
        XCTAssertEqual(program.inputs.map(\.range), [0...100, 0.5...4, nil, nil])
    }

    func testTheRulesOfARange() {
        let compiled = MarkedCompilation("""
        header R
        input a: pt in 0pt...100pt = 1️⃣200
        input b: pt in 2️⃣100pt...0pt = 0
        input c in 0...3️⃣offset / 1pt = 0
        input d in 0...4️⃣(1 / 0) = 0
        input e in 5️⃣0...1 = false
        input f: pt in 0...1 = 1
        input g in -1...6️⃣1pt = 0
        v { top = a + b + f }
        """)
        compiled.expect("the default of input 'a', 200, is outside its range 0...100", at: compiled["1️⃣"])
        compiled.expect("the range of input 'b' is reversed: 100 is above 0", at: compiled["2️⃣"])
        compiled.expect("the upper bound of input 'c' must be a constant", at: compiled["3️⃣"])
        compiled.expect("the upper bound of input 'd' must be a finite number, found inf", at: compiled["4️⃣"])
        compiled.expect("a bool input takes no range", at: compiled["5️⃣"])
        compiled.expect("the upper bound of input 'g' must be a number, found length", at: compiled["6️⃣"])
        compiled.expectErrorCount(6)
    }

    func testARangeWithOneValueAndTheDefaultOnABound() throws {
        let compiled = MarkedCompilation("""
        header R
        input a: pt in 10pt...10pt = 10
        input b in -2...3 = -2
        v { top = a * b }
        """)
        _ = compiled.expectValid()
        XCTAssertEqual(try XCTUnwrap(compiled.compilation.program).inputs.map(\.range), [10...10, -2...3])
    }

    func testFmtLaysARangeOut() {
        let text = "header R\ninput   safeAreaTop: pt   in 0pt ...  100pt=0\ninput textScale in 0.5...4 = 1\nv { top = safeAreaTop }\n"
        XCTAssertEqual(Formatter.format(SourceFile(path: "r.header", text: text)).text,
                       "header R\ninput safeAreaTop: pt in 0pt...100pt = 0\ninput textScale in 0.5...4 = 1\nv {\n    top = safeAreaTop\n}\n")
    }

    func testAMissingEllipsisIsAParseError() {
        let compiled = MarkedCompilation("header R\ninput a in 0 1️⃣= 0\nv { top = a * 1pt }\n")
        compiled.expect("expected '...' between the bounds of input 'a'", at: compiled["1️⃣"])
    }
}
