import XCTest
@testable import HeaderKit

/// How a runtime file is cut into what generated code carries (`RuntimeLibrary`), on texts made for each rule,
/// and what the real runtimes hold.
final class RuntimeLibraryTests: XCTestCase {
    func testADeclarationTakesTheCommentsAboveItAndWhatItReads() {
        let text = """
            /**
             * The file's own description: never carried.
             */

            // The words of a double.
            const $words = new Float64Array(1);
            const $ints = new Int32Array($words.buffer);

            /* A block comment
             * above a function. */

            function $high(x) {
              // $unused in a comment is not read.
              $words[0] = x;

              return $ints[1];
            }

            function $alone() { return 1; }
            """
        let library = RuntimeLibrary(text, level: 0)
        XCTAssertEqual(library.pieces.map(\.name), ["$words", "$high", "$alone"])
        XCTAssertEqual(library.declaredNames, ["$words", "$ints", "$high", "$alone"])
        // Two declarations with no blank line between are one piece, with the comment above the first.
        XCTAssertEqual(library.pieces[0].lines, ["// The words of a double.", "const $words = new Float64Array(1);",
                                                 "const $ints = new Int32Array($words.buffer);"])
        // A comment above a declaration travels with it across a blank line; a blank line inside its body stays.
        XCTAssertEqual(library.pieces[1].lines.first, "/* A block comment")
        XCTAssertTrue(library.pieces[1].lines.contains(""))
        // What a piece reads comes along, in the file's order; what a comment names does not.
        XCTAssertEqual(library.pieces(for: ["$high"]).map(\.name), ["$words", "$high"])
        XCTAssertFalse(library.pieces[1].identifiers.contains("$unused"))
        XCTAssertEqual(library.lines(for: ["$alone"]), ["function $alone() { return 1; }"])
        XCTAssertEqual(library.lines(for: ["$nothing"]), [])
    }

    func testLibraryDocumentationStaysAndDeclarationsAreMadePrivate() {
        let text = """
            /// The file's type.
            extension Kernels {
                // MARK: - first

                /// Library documentation: stays here.
                // Travels with the code.
                @inline(__always) package static func first(_ x: Double) -> Double {
                    return Self.second(x) + 1
                }

                #if canImport(Darwin)
                private struct Table {}
                #else
                private struct Table { let x = 1 }
                #endif

                /// Stays.
                static func second(_ x: Double) -> Double { x }
            }
            """
        let library = RuntimeLibrary(text, level: 4, rewrite: SwiftRuntime.privateDeclaration)
        XCTAssertEqual(library.pieces.map(\.name), ["first", "Table", "second"])
        XCTAssertEqual(library.lines(for: ["first"]), [
            "    // Travels with the code.",
            "    private static func first(_ x: Double) -> Double {",
            "        return Self.second(x) + 1",
            "    }",
            "",
            "    private static func second(_ x: Double) -> Double { x }",
        ])
        // One type written once per platform is one piece, its `#if` included.
        XCTAssertEqual(library.lines(for: ["Table"]).first, "    #if canImport(Darwin)")
        XCTAssertEqual(library.lines(for: ["Table"]).last, "    #endif")
    }

    /// Every helper a syntax table spells an operation with is declared by that language's runtime, so a
    /// generated file that calls it has it.
    func testEveryHelperAnOperationCallsIsInItsRuntime() {
        func callees<Syntax: BodySyntax>(_ syntax: Syntax.Type) -> [String] {
            let spellings = UnaryOperation.allCases.map(Syntax.spelling) + BinaryOperation.allCases.map(Syntax.spelling)
            return spellings.compactMap { spelling in
                if case .call(let callee) = spelling, Syntax.isHelper(callee) { return callee }
                return nil
            }
        }
        let kotlin = callees(KotlinSyntax.self), javaScript = callees(JavaScriptSyntax.self)
        XCTAssertEqual(kotlin.count, 14)
        XCTAssertEqual(javaScript.count, 19)
        for callee in kotlin { XCTAssertTrue(KotlinRuntime.library.declares(callee), callee) }
        for callee in javaScript {
            XCTAssertTrue(JavaScriptRuntime.helpers.declares(callee) || JavaScriptRuntime.math.declares(callee), callee)
        }
    }

    /// The real runtimes: every function the library computes with is there, made private, and reads only what
    /// its own file (or, for the curves, headerc's math) declares.
    func testTheRuntimesHoldTheLibrarysFunctions() {
        let math = SwiftRuntime.math
        for name in ["mathHighWord", "mathLowWord", "mathFromWords", "mathScalbn", "mathExp", "mathExpm1", "mathKernelSin",
                     "mathKernelCos", "mathTwoOverPi", "mathPio2Chunks", "mathNpio2HighWords", "mathKernelRemPio2",
                     "mathRemPio2", "mathSin", "mathCos", "mathPow", "mathRoundHalfUp", "mathDiv", "mathFmin", "mathFmax"] {
            XCTAssertTrue(math.declares(name), name)
        }
        XCTAssertEqual(Set(math.pieces(for: ["mathSin"]).map(\.name)),
                       ["mathHighWord", "mathLowWord", "mathFromWords", "mathScalbn", "mathKernelSin", "mathKernelCos",
                        "mathTwoOverPi", "mathPio2Chunks", "mathNpio2HighWords", "mathKernelRemPio2", "mathRemPio2", "mathSin"])
        for piece in math.pieces + SwiftRuntime.curves.pieces {
            XCTAssertFalse(piece.lines.contains { $0.hasPrefix("    ///") }, piece.name)
            let declaration = piece.lines.first { !$0.hasPrefix("    //") } ?? ""
            XCTAssertTrue(declaration.hasPrefix("    private static "), "\(piece.name): \(declaration)")
        }
        XCTAssertEqual(SwiftRuntime.curves.reads(for: ["curveSpringOverdamped"]).intersection(math.declaredNames),
                       ["mathExp", "mathExpm1"])
        XCTAssertEqual(Set(KotlinRuntime.library.pieces(for: ["curveCubicBezier"]).map(\.name)),
                       ["curveCubicBezier", "curveSolveCubic"])
        XCTAssertEqual(JavaScriptRuntime.curves.reads(for: ["$curveSpringUnderdamped"]).intersection(JavaScriptRuntime.math.declaredNames),
                       ["$mathExp", "$mathSin", "$mathCos"])
    }
}
