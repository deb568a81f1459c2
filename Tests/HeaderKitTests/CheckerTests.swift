import Foundation
import XCTest
@testable import HeaderKit

/// The checker's diagnostics, each with its position (by marker) and without a cascade behind it.
final class CheckerTests: XCTestCase {
    private typealias H = SpecHarness
    // MARK: Names

    func testUnknownNameSuggestsTheClosest() {
        let compiled = MarkedCompilation("""
        header C
        let progress = clamp(offset / 100pt, 0, 1)
        cover { opacity = 1️⃣progres }
        title { height = 2️⃣ofset + 3️⃣zzzzzz }
        """)
        compiled.expect("unknown name 'progres'; did you mean 'progress'?", at: compiled["1️⃣"])
        compiled.expect("unknown name 'ofset'; did you mean 'offset'?", at: compiled["2️⃣"])
        let far = compiled.expect("unknown name 'zzzzzz'", at: compiled["3️⃣"])
        XCTAssertEqual(far?.message.contains("did you mean"), false)
        compiled.expectErrorCount(3)
        XCTAssertNil(compiled.spec)
    }

    /// A misspelt name is reported in the same run as an error in its value, whether the checker or the
    /// parser finds that error.
    func testUnknownPropertyIsReportedBesideAnErrorInItsValue() {
        let compiled = MarkedCompilation("""
        header C
        avatar {
            1️⃣hieght = 100pt + 2️⃣nope
            3️⃣opacty = 1 * 4️⃣)
        }
        """)
        compiled.expect("unknown property 'hieght'; did you mean 'height'? a property of your own needs a type, pt, number or bool, as in 'hieght: pt = ...'",
                        at: compiled["1️⃣"])
        compiled.expect("unknown name 'nope'", at: compiled["2️⃣"])
        compiled.expect("unknown property 'opacty'; did you mean 'opacity'?", at: compiled["3️⃣"])
        compiled.expect("found ')'", at: compiled["4️⃣"])
        compiled.expectErrorCount(4)
    }

    func testCustomPropertyNeedsAType() throws {
        let compiled = MarkedCompilation("""
        header C
        backdrop {
            1️⃣drift = offset * 0.5
            backdropHeight = 10pt
        }
        """)
        let error = compiled.expect("unknown property 'drift'", at: compiled["1️⃣"])
        XCTAssertEqual(error?.message.contains("'drift: pt = ...'"), true, error?.message ?? "")
        compiled.expectErrorCount(1)
        // With the type it checks, and a known last word gives the type.
        let fixed = MarkedCompilation("header C\nbackdrop {\n    drift: pt = offset * 0.5\n    backdropHeight = 10pt\n}\n")
        let spec = try XCTUnwrap(fixed.expectValid())
        XCTAssertEqual(spec.outputs.map(\.type), [.length, .length])
    }

    func testBuiltInNamesCannotBeDeclared() {
        let compiled = MarkedCompilation("header C\nlet 1️⃣offset = 1\ninput 2️⃣delta = 2\ncover { height = 1 }\n")
        compiled.expect("'offset' is built in", at: compiled["1️⃣"])
        compiled.expect("'delta' is built in", at: compiled["2️⃣"])
        compiled.expectErrorCount(2)
    }

    // MARK: Duplicates

    func testDuplicateDeclarationsNoteTheFirst() throws {
        let compiled = MarkedCompilation("""
        header C
        let 1️⃣a = 1
        input 2️⃣s = 1
        let 3️⃣a = 2
        input 4️⃣s = 2
        curve 5️⃣c = easeIn
        let 6️⃣c = 3
        cover { height = a + s * 1pt }
        """)
        for (duplicate, first): (Character, Character) in [("3️⃣", "1️⃣"), ("4️⃣", "2️⃣"), ("6️⃣", "5️⃣")] {
            let error = compiled.expect("duplicate declaration of", at: compiled[duplicate])
            XCTAssertEqual(error?.notes.count, 1)
            if let note = error?.notes.first {
                XCTAssertEqual(compiled.location(note), compiled[first])
                XCTAssertTrue(note.message.contains("first declared here"), note.message)
            }
        }
        compiled.expectErrorCount(3)
    }

    func testDuplicateBlockNotesTheFirst() {
        let compiled = MarkedCompilation("""
        header C
        1️⃣cover { height = 1 }
        title { opacity = 1 }
        2️⃣cover { height = 2 }
        """)
        let error = compiled.expect("duplicate block 'cover'", at: compiled["2️⃣"])
        XCTAssertEqual(error.flatMap { $0.notes.first.map(compiled.location) }, compiled["1️⃣"])
        compiled.expectErrorCount(1)
    }

    func testDuplicatePropertyNotesTheFirst() {
        let compiled = MarkedCompilation("""
        header C
        cover {
            1️⃣height = 1
            opacity = 1
            2️⃣height = 2
        }
        """)
        let error = compiled.expect("duplicate property 'height' in block 'cover'", at: compiled["2️⃣"])
        XCTAssertEqual(error.flatMap { $0.notes.first.map(compiled.location) }, compiled["1️⃣"])
        compiled.expectErrorCount(1)
    }

    // MARK: Cycles

    func testCycleIsNamedOnce() {
        let compiled = MarkedCompilation("""
        header C
        let 1️⃣a = b + 1pt
        let b = a * 2
        let 2️⃣c = c
        let 3️⃣x = y
        let y = z
        let z = x
        cover { height = a + b + c + x }
        """)
        let error = compiled.expect("'a' depends on itself", at: compiled["1️⃣"])
        XCTAssertEqual(error?.message.contains("a -> b -> a"), true, error?.message ?? "")
        let own = compiled.expect("'c' depends on itself", at: compiled["2️⃣"])
        XCTAssertEqual(own?.message.contains("c -> c"), true, own?.message ?? "")
        let long = compiled.expect("'x' depends on itself", at: compiled["3️⃣"])
        XCTAssertEqual(long?.message.contains("x -> y -> z -> x"), true, long?.message ?? "")
        // The values in a cycle and their users are not reported again.
        compiled.expectErrorCount(3)
    }

    /// Grammar.md: a named value may be reached through at most 256 others. `a0` uses `a1`, ..., so the
    /// last of a chain `a0 ... a256` is reached through 256 and is allowed; `a257` is one too many.
    func testNamedValueChainOfExactly256IsAllowed() throws {
        func chain(_ last: Int) -> String {
            var lines = ["header C"]
            for index in 0..<last { lines.append("let a\(index) = a\(index + 1) + 1pt") }
            lines += ["let a\(last) = offset", "cover { height = a0 }"]
            return lines.joined(separator: "\n")
        }
        // a0 = offset + 256pt.
        XCTAssertEqual(H.number(H.frame(chain(256), at: 1), "cover.height"), 257)
        let refused = Compilation(path: "c.header", text: chain(257))
        XCTAssertEqual(refused.diagnostics.errors.map(\.message),
                       ["'a257' is reached through more than 256 named values, one defined by the next"])
        // Curves count the same way: c0 ... c256 is fine, c0 ... c257 is not.
        func curves(_ last: Int) -> String {
            var lines = ["header C"]
            for index in 0..<last { lines.append("curve c\(index) = c\(index + 1)") }
            lines += ["curve c\(last) = linear", "cover { opacity = c0(0.25) }"]
            return lines.joined(separator: "\n")
        }
        XCTAssertEqual(H.number(H.frame(curves(256), at: 0), "cover.opacity"), 0.25)
        XCTAssertEqual(Compilation(path: "c.header", text: curves(257)).diagnostics.errors.map(\.message),
                       ["curve 'c257' is reached through more than 256 curves, one defined by the next"])
    }

    /// A flat chain is not nesting: 201 terms used to be "too deeply nested". Nesting is still capped.
    func testFlatChainIsNotNesting() throws {
        // 201 terms of offset: at 2, 402; 1,000 terms of 1pt fold to 1000.
        let sum = Array(repeating: "offset", count: 201).joined(separator: " + ")
        XCTAssertEqual(H.number(H.frame("header S\ncover { height = \(sum) }\n", at: 2), "cover.height"), 402)
        let constants = Array(repeating: "1pt", count: 1_000).joined(separator: " + ")
        XCTAssertEqual(H.number(H.frame("header S\ncover { height = \(constants) }\n", at: 0), "cover.height"), 1_000)
        // a - b * c - d ...: each product is one level inside the chain.
        let mixed = Array(repeating: "offset * 2", count: 300).joined(separator: " - ")
        // 2o - 2o - ... (300 terms) = 2o - 299 * 2o = -596o; at 1, -596.
        XCTAssertEqual(H.number(H.frame("header S\ncover { height = \(mixed) }\n", at: 1), "cover.height"), -596)
        // 201 levels of real nesting are refused, once.
        let nested = String(repeating: "(", count: 201) + "offset" + String(repeating: ")", count: 201)
        let compiled = MarkedCompilation("header S\ncover { height = \(nested) }\n")
        XCTAssertEqual(compiled.errors.map(\.message), ["expression is too deeply nested (more than 200 levels)"])
        // So is a right-nested chain: a + (b + (c + ...)).
        let rightNested = String(repeating: "offset + (", count: 201) + "offset" + String(repeating: ")", count: 201)
        XCTAssertEqual(Compilation(path: "r.header", text: "header S\ncover { height = \(rightNested) }\n").diagnostics.errors.count, 1)
    }

    func testCurveDefinedInTermsOfItself() {
        let compiled = MarkedCompilation("header C\ncurve 1️⃣a = b\ncurve b = a\ncover { opacity = a(0.5) }\n")
        XCTAssertGreaterThanOrEqual(compiled.errors.count, 1)
        XCTAssertTrue(compiled.errors.contains { $0.message.contains("in terms of itself") }, compiled.rendered)
        compiled.expectErrorCount(1)
    }

    // MARK: Types

    func testUnitlessLiteralsAdaptToLengths() throws {
        let compiled = MarkedCompilation("""
        header C
        input top: pt = 0
        let a = max(0, -offset) + 10
        cover {
            height = 190
            top = top + 2 * 3
            minHeight = clamp(offset, 0, 100)
            maxHeight = offset > 100 ? 100 : offset
        }
        """)
        XCTAssertNotNil(compiled.expectValid())
    }

    func testArityOfEveryBuiltin() {
        for builtin in Builtin.allCases {
            var counts = [builtin.arity.lowerBound - 1]
            if builtin.arity.upperBound != Int.max { counts.append(builtin.arity.upperBound + 1) }
            for count in counts where count >= 0 {
                let arguments = Array(repeating: "1", count: count).joined(separator: ", ")
                let compiled = MarkedCompilation("header C\ncover { opacity = 1️⃣\(builtin.rawValue)(\(arguments)) }\n")
                let error = compiled.expect("'\(builtin.rawValue)' takes", at: compiled["1️⃣"])
                XCTAssertEqual(error?.message.contains("found \(count): \(builtin.signature)"), true, error?.message ?? "\(builtin)")
                compiled.expectErrorCount(1)
            }
        }
        let compiled = MarkedCompilation("header C\ncover { opacity = 1️⃣clamp(1, 2) }\n")
        compiled.expect("'clamp' takes 3 arguments, found 2: clamp(x, low, high)", at: compiled["1️⃣"])
        let one = MarkedCompilation("header C\ncover { opacity = 1️⃣abs(1, 2) }\n")
        one.expect("'abs' takes 1 argument, found 2: abs(x)", at: one["1️⃣"])
        let many = MarkedCompilation("header C\ncover { opacity = 1️⃣max(1) }\n")
        many.expect("'max' takes two or more arguments, found 1", at: many["1️⃣"])
    }

    func testBuiltinArgumentsShareOneType() {
        let compiled = MarkedCompilation("""
        header C
        input k = 2
        cover {
            height = max(offset, 1️⃣k)
            opacity = min(1, 2️⃣true)
            top = clamp(3️⃣label: offset, 0, 10)
        }
        """)
        compiled.expect("the arguments of 'max' must have the same type, found length and number", at: compiled["1️⃣"])
        compiled.expect("'min' needs numbers or lengths, found bool", at: compiled["2️⃣"])
        compiled.expect("'clamp' takes no argument labels", at: compiled["3️⃣"])
    }

    // MARK: Keyframes and curves

    func testKeyframeStopsOutOfOrder() {
        let compiled = MarkedCompilation("""
        header C
        cover { opacity = keyframes(offset) { 0: 1, 1️⃣100: 0.5, 2️⃣50: 0 } }
        """)
        let error = compiled.expect("keyframe stops must be in ascending order: 50 comes after 100", at: compiled["2️⃣"])
        XCTAssertEqual(error.flatMap { $0.notes.first.map(compiled.location) }, compiled["1️⃣"])
        compiled.expectErrorCount(1)
    }

    func testFirstStopCurveIsAWarning() throws {
        let compiled = MarkedCompilation("header C\ncover { opacity = keyframes(offset) { 0: 1 via 1️⃣easeIn, 100: 0 } }\n")
        compiled.expect("the first stop's curve is not used", at: compiled["1️⃣"], severity: .warning)
        XCTAssertNotNil(compiled.spec)
    }

    /// CSS's count is an `<integer>`: `steps(2.0)` and `steps(2e0)` are refused, not read as 2; a named
    /// constant with a whole value is a count.
    func testStepsCountIsWrittenAsAnInteger() throws {
        let compiled = MarkedCompilation("""
        header C
        curve a = steps(1️⃣2.0)
        curve b = steps(2️⃣2e0, jump-start)
        cover { opacity = a(0.5) + b(0.5) }
        """)
        compiled.expect("the number of steps is a whole number written without a fraction or exponent, as in 'steps(2)'",
                        at: compiled["1️⃣"])
        compiled.expect("the number of steps is a whole number written without a fraction or exponent", at: compiled["2️⃣"])
        compiled.expectErrorCount(2)
        // steps(2) at 0.75 is floor(1.5) / 2 = 0.5; with a constant count, the same.
        let frame = H.frame("header C\nlet n = 2\ncover {\n    opacity = steps(2)(0.75)\n    scale = steps(n)(0.75)\n}\n", at: 0)
        XCTAssertEqual(H.number(frame, "cover.opacity"), 0.5)
        XCTAssertEqual(H.number(frame, "cover.scale"), 0.5)
    }

    /// linear() as CSS writes it: a negative position, a position before its value, and the input fix-up
    /// of css-easing-2 ("create a linear easing function": an input is at least the largest before it).
    func testLinearTakesEveryCSSStopForm() throws {
        // linear(0, 0.1 -10%, 1): points (0, 0), (max(-0.1, 0) = 0, 0.1), (1, 1). At x the segment is the
        // one after the last point at or below x: from (0, 0.1) to (1, 1), so 0.1 + 0.9x: 0.1 at 0, 0.19 at
        // 0.1, 0.595 at 0.55, 1 at 1.
        let negative = MarkedCompilation("header L\ncurve c = linear(0, 0.1 -10%, 1)\ncover { opacity = c(0.5) }\n")
        XCTAssertNotNil(negative.expectValid())
        let curve = try XCTUnwrap(PiecewiseLinear(stops: [(0, []), (0.1, [-0.1]), (1, [])]))
        XCTAssertEqual(curve.inputs, [0, 0, 1])
        for (x, expected) in [(0.0, 0.1), (0.1, 0.19), (0.55, 0.595), (1.0, 1.0)] {
            let frame = H.frame("header L\ncover { opacity = linear(0, 0.1 -10%, 1)(\(x)) }\n", at: 0)
            XCTAssertEqual(H.number(frame, "cover.opacity"), expected, accuracy: 1e-15, "at \(x)")
        }
        // A position before its value, one or two of them: (0, 0), (0.25, 0.5), (1, 1); then a flat
        // stretch at 0.5 from 0.25 to 0.5. +50% is 50%.
        let frame = H.frame("""
            header L
            cover {
                opacity = linear(0, 25% 0.5, 1)(0.625)
                scale = linear(0, 25% 50% 0.5, 1)(0.4)
                scaleX = linear(0, 0.5 +50%, 1)(0.75)
            }
            """, at: 0)
        // 0.5 + 0.5 * (0.625 - 0.25) / 0.75 = 0.75; 0.5; 0.5 + 0.5 * 0.25 / 0.5 = 0.75.
        XCTAssertEqual(H.number(frame, "cover.opacity"), 0.75)
        XCTAssertEqual(H.number(frame, "cover.scale"), 0.5)
        XCTAssertEqual(H.number(frame, "cover.scaleX"), 0.75)
        // Positions on both sides of the value are not CSS.
        let split = MarkedCompilation("header L\ncover { opacity = linear(0, 25% 0.5 1️⃣50%, 1)(0.5) }\n")
        split.expect("a stop's positions go together, before or after its value", at: split["1️⃣"])
        split.expectErrorCount(1)
    }

    /// A syntax error inside a call's arguments is one error: the list cut short is not then found to
    /// have too few stops.
    func testErrorInsideLinearIsOneError() {
        let compiled = MarkedCompilation("header L\ncover { opacity = linear(0 1️⃣50, 0.5, 1, 0.2, 1)(0.5) }\n")
        compiled.expect("expected ')' to close the '(' opened at line 2, found a number", at: compiled["1️⃣"])
        compiled.expectErrorCount(1)
        XCTAssertFalse(compiled.rendered.contains("at least two stops"), compiled.rendered)
    }

    /// A leading '+' is accepted where CSS accepts it, and means nothing; as with '-', `a +b` is two
    /// expressions.
    func testUnaryPlus() throws {
        // cubicBezier(0.5, 0, 0.5, 1) is symmetric about (0.5, 0.5).
        let frame = H.frame("""
            header P
            cover {
                opacity = cubicBezier(+0.5, 0, +0.5, +1)(0.5)
                height = +offset + +2pt
                scale = keyframes(offset) { 0: 1 +10pt: 0 }
            }
            """, at: 3)
        XCTAssertEqual(H.number(frame, "cover.opacity"), 0.5)
        XCTAssertEqual(H.number(frame, "cover.height"), 5)
        // Two stops, (0, 1) and (10, 0): 1 - 3/10 at 3.
        XCTAssertEqual(H.number(frame, "cover.scale"), 1 + (0 - 1) * (3.0 / 10), accuracy: 1e-15)
        let bool = MarkedCompilation("header P\ncover { visible = 1️⃣+true }\n")
        bool.expect("'+' needs a number or a length, found bool", at: bool["1️⃣"])
        bool.expectErrorCount(1)
    }

    // MARK: Hiding built-ins

    /// A declared curve takes the place of the preset, built-in function or curve function of its name, in
    /// the whole file, with a warning; inputs, named values and states are values and hide nothing that is
    /// called: `let min = 3` leaves `min(a, b)` alone, and `let easeOut = 0.5` leaves `easeOut(t)` alone.
    func testDeclaredCurveHidesABuiltinWithAWarning() throws {
        let compiled = MarkedCompilation("""
        header H
        curve 1️⃣easeIn = linear
        curve 2️⃣min = linear
        curve 3️⃣hold = linear
        cover {
            opacity = easeIn(0.3)
            scale = min(0.25)
            height = keyframes(offset) { 0pt: 0pt, 10pt: 10pt via easeIn, 20pt: 20pt via hold }
        }
        """)
        compiled.expect("curve 'easeIn' hides the preset 'easeIn', cubic-bezier(0.42, 0, 1, 1), CSS ease-in, in the whole file",
                        at: compiled["1️⃣"], severity: .warning)
        compiled.expect("curve 'min' hides the built-in function 'min(a, b, ...)', in the whole file", at: compiled["2️⃣"],
                        severity: .warning)
        compiled.expect("curve 'hold' hides 'via hold', in the whole file", at: compiled["3️⃣"], severity: .warning)
        XCTAssertEqual(compiled.warnings.count, 3)
        let spec = try XCTUnwrap(compiled.expectValid())
        // easeIn and min are the identity here; `via easeIn` and `via hold` too: 5pt and 15pt are halfway.
        let interpreter = Interpreter(spec: spec)
        XCTAssertEqual(interpreter.frame(at: 5), [.number(0.3), .number(0.25), .number(5)])
        XCTAssertEqual(interpreter.frame(at: 15), [.number(0.3), .number(0.25), .number(15)])
        // `linear(t)` is the declared curve, easeOut, wherever it is applied.
        let hidden = MarkedCompilation("header H\ncurve 4️⃣linear = easeOut\ncover { opacity = linear(0.3) }\n")
        hidden.expect("curve 'linear' hides the preset 'linear' and the curve function 'linear(...)', in the whole file",
                      at: hidden["4️⃣"], severity: .warning)
        let linear = H.frame("header H\ncurve linear = easeOut\ncover { opacity = linear(0.3) }\n", at: 0)
        let easeOut = H.frame("header H\ncover { opacity = easeOut(0.3) }\n", at: 0)
        XCTAssertEqual(H.number(linear, "cover.opacity"), H.number(easeOut, "cover.opacity"))
        XCTAssertNotEqual(H.number(easeOut, "cover.opacity"), 0.3)
        // Hidden, min is a curve: two arguments are a mistake.
        let two = MarkedCompilation("header H\ncurve min = linear\ncover { opacity = 1️⃣min(0.25, 0.5) }\n")
        two.expect("a curve is applied to one progress", at: two["1️⃣"])
    }

    func testValuesDoNotHideFunctionsOrCurves() throws {
        // min(4, 10) + 3 = 7; easeOut(easeOut) is the preset at 0.5; `via hold` holds 0 until 10.
        let text = """
            header H
            let min = 3
            let easeOut = 0.5
            input hold = 1
            cover {
                height = min(offset, 10pt) + min * 1pt
                opacity = easeOut(easeOut)
                scale = keyframes(offset) { 0pt: 0, 10pt: 1 via hold }
            }
            """
        let compiled = MarkedCompilation(text)
        XCTAssertNotNil(compiled.expectValid())
        XCTAssertEqual(compiled.warnings.count, 0, compiled.rendered)
        let frame = H.frame(text, at: 4)
        XCTAssertEqual(H.number(frame, "cover.height"), 7)
        XCTAssertEqual(H.number(frame, "cover.opacity"), H.number(H.frame("header H\ncover { opacity = easeOut(0.5) }\n", at: 0), "cover.opacity"))
        XCTAssertEqual(H.number(frame, "cover.scale"), 0)
        // A value called, or used as a curve, says what it is.
        let misuse = MarkedCompilation("""
        header H
        input k = 1
        let v = 0.5
        cover {
            opacity = 1️⃣k(0.5)
            scale = keyframes(offset) { 0pt: 0, 10pt: 1 via 2️⃣v }
        }
        """)
        misuse.expect("'k' is an input, not a function", at: misuse["1️⃣"])
        misuse.expect("'v' is a named value, not a curve", at: misuse["2️⃣"])
        misuse.expectErrorCount(2)
    }

    func testCurvesAreNotValuesAndConstructorsNeedAProgress() {
        let compiled = MarkedCompilation("""
        header C
        curve snappy = cubicBezier(0.2, 0, 0, 1)
        a { opacity = 1️⃣snappy }
        b { opacity = 2️⃣cubicBezier(0.2, 0, 0, 1) }
        c { opacity = 3️⃣easeIn(0.1, 0.2) }
        d { opacity = easeIn(4️⃣offset) }
        """)
        compiled.expect("'snappy' is a curve; apply it to a progress", at: compiled["1️⃣"])
        compiled.expect("'cubicBezier(...)' makes a curve", at: compiled["2️⃣"])
        compiled.expect("a curve is applied to one progress", at: compiled["3️⃣"])
        compiled.expect("the progress a curve is applied to must be a number, found length", at: compiled["4️⃣"])
        compiled.expectErrorCount(4)
    }

    // MARK: Inputs

    /// An input whose default is wrong is reported once; its uses must not add errors of their own
    /// (the untyped input's type is unknown, not "number").
    func testBadUntypedInputDefaultDoesNotCascade() {
        let unknown = MarkedCompilation("""
        header C
        input a = 1️⃣foo
        cover { height = a }
        """)
        unknown.expect("unknown name 'foo'", at: unknown["1️⃣"])
        unknown.expectErrorCount(1)

        let notConstant = MarkedCompilation("""
        header C
        input b = 1️⃣offset * 2
        cover { height = b }
        """)
        notConstant.expect("the default of input 'b' must be a constant", at: notConstant["1️⃣"])
        notConstant.expectErrorCount(1)
    }

    // MARK: Warnings

    func testDivisionByLiteralZeroIsAWarning() throws {
        let compiled = MarkedCompilation("""
        header C
        let z = offset / 1️⃣0
        cover { height = z + offset / 2️⃣(1 - 1) }
        """)
        compiled.expect("division by zero", at: compiled["1️⃣"], severity: .warning)
        compiled.expect("division by zero", at: compiled["2️⃣"], severity: .warning)
        compiled.expectErrorCount(0)
        XCTAssertNotNil(compiled.spec, "warnings must not make the spec nil")
    }

    func testProgressWithEqualBoundsIsAWarning() {
        let compiled = MarkedCompilation("header C\ncover { opacity = 1️⃣progress(offset, 10pt, 10pt) }\n")
        compiled.expect("divides by zero", at: compiled["1️⃣"], severity: .warning)
        XCTAssertNotNil(compiled.spec)
    }

    func testHeaderWithoutBlocksIsAWarning() {
        let compiled = MarkedCompilation("header 1️⃣Empty\nlet a = 1\n")
        compiled.expect("no blocks", at: compiled["1️⃣"], severity: .warning)
        XCTAssertNotNil(compiled.spec)
    }

    // MARK: Many errors in one run

    /// Errors far apart (here on lines 3 and 40), one from the parser and one from the checker, are both
    /// reported in one run, each rendered with its own line and caret.
    func testDistantErrorsAreAllReportedAndRendered() throws {
        var lines = ["header Far", "", "let a 1️⃣12pt"]
        for index in 4...39 { lines.append("let v\(index) = \(index)pt") }
        lines.append("cover { scale = 2️⃣offset }")
        XCTAssertEqual(lines.count, 40)
        let compiled = MarkedCompilation(lines.joined(separator: "\n") + "\n", path: "far.header")
        XCTAssertEqual(compiled["1️⃣"].line, 3)
        XCTAssertEqual(compiled["2️⃣"].line, 40)
        compiled.expect("expected '=' after 'let a'", at: compiled["1️⃣"])
        compiled.expect("property 'scale' must be a number, found length", at: compiled["2️⃣"])
        compiled.expectErrorCount(2)
        XCTAssertEqual(compiled.rendered, """
        far.header:3:7: error: expected '=' after 'let a', found a number
        let a 12pt
              ^^^^
        far.header:40:17: error: property 'scale' must be a number, found length; divide by a length to get a plain number
        cover { scale = offset }
                        ^^^^^^

        """)

        // Two checker errors far apart, too.
        var checkerLines = ["header Far", "", "let a = 1️⃣missing"]
        for index in 4...39 { checkerLines.append("let v\(index) = \(index)pt") }
        checkerLines.append("cover { height = 2️⃣true }")
        let both = MarkedCompilation(checkerLines.joined(separator: "\n"))
        both.expect("unknown name 'missing'", at: both["1️⃣"])
        both.expect("property 'height' must be a length, found bool", at: both["2️⃣"])
        both.expectErrorCount(2)
    }

    func testCheckExitCodes() throws {
        let directory = try SpecHarness.temporaryDirectory(self)
        func write(_ name: String, _ text: String) throws -> String {
            let url = directory.appendingPathComponent(name)
            try text.write(to: url, atomically: true, encoding: .utf8)
            return url.path
        }
        let errors = try write("errors.header", "header E\nlet a = nope\ncover { height = 1pt }\n")
        let warnings = try write("warnings.header", "header W\ncover { height = offset / 0 }\n")
        let clean = try write("clean.header", "header C\ncover: image { top = offset }\n")

        let failed = Driver.run(["check", errors])
        XCTAssertEqual(failed.exitCode, 1)
        XCTAssertTrue(failed.standardError.contains("errors.header:2:9: error: unknown name 'nope'"), failed.standardError)

        let warned = Driver.run(["check", warnings])
        XCTAssertEqual(warned.exitCode, 0, warned.standardError)
        XCTAssertTrue(warned.standardError.contains("warnings.header:2:27: warning: division by zero"), warned.standardError)

        let passed = Driver.run(["check", clean])
        XCTAssertEqual(passed.exitCode, 0)
        XCTAssertEqual(passed.standardError, "")

        // One bad file among several makes the run fail, and every file is still checked.
        let mixed = Driver.run(["check", clean, errors, warnings])
        XCTAssertEqual(mixed.exitCode, 1)
        XCTAssertTrue(mixed.standardError.contains("warning: division by zero"), mixed.standardError)
    }
}
