import XCTest
@testable import HeaderKit

/// The lexer and parser: every construct parses (checked by evaluating, so that the tree's shape is what
/// is tested), and each syntax error is reported once, where it is, with the parse going on after it.
final class LexerParserTests: XCTestCase {
    private typealias H = SpecHarness

    // MARK: Tokens

    private func tokens(_ text: String) -> (tokens: [Token], diagnostics: Diagnostics) {
        var diagnostics = Diagnostics()
        let tokens = Lexer.tokenize(SourceFile(path: "t.header", text: text), into: &diagnostics)
        return (tokens, diagnostics)
    }

    func testLexerReadsEveryTokenKind() {
        let (tokens, diagnostics) = tokens("header input let curve x_1 12 12.5pt 1e3 2E-2pt true ( ) { } , : = ? + - * / < <= > >= == != && || ! ... %")
        XCTAssertTrue(diagnostics.all.isEmpty, "\(diagnostics.all)")
        let kinds = tokens.map(\.kind)
        XCTAssertEqual(kinds, [
            .keyword(.header), .keyword(.input), .keyword(.let), .keyword(.curve), .identifier,
            .number, .number, .number, .number, .keyword(.true),
            .punctuation(.leftParen), .punctuation(.rightParen), .punctuation(.leftBrace), .punctuation(.rightBrace),
            .punctuation(.comma), .punctuation(.colon), .punctuation(.equal), .punctuation(.question),
            .punctuation(.plus), .punctuation(.minus), .punctuation(.star), .punctuation(.slash),
            .punctuation(.less), .punctuation(.lessEqual), .punctuation(.greater), .punctuation(.greaterEqual),
            .punctuation(.equalEqual), .punctuation(.bangEqual), .punctuation(.ampAmp), .punctuation(.pipePipe),
            .punctuation(.bang), .punctuation(.dotDotDot), .punctuation(.percent), .endOfFile,
        ])
        XCTAssertEqual(tokens[4].text, "x_1")
        XCTAssertEqual(tokens[5].number, 12)
        XCTAssertFalse(tokens[5].hasPointUnit)
        XCTAssertEqual(tokens[6].number, 12.5)
        XCTAssertTrue(tokens[6].hasPointUnit)
        XCTAssertEqual(tokens[7].number, 1000)
        XCTAssertEqual(tokens[8].number, 0.02)
        XCTAssertTrue(tokens[8].hasPointUnit)
        // Ranges are UTF-8 byte offsets.
        XCTAssertEqual(tokens[5].range, SourceRange(27, 29))
    }

    func testLexerWhitespaceFlagsDecideMinus() {
        let (tokens, _) = tokens("a - b a -b a-b")
        let minuses = tokens.filter { $0.kind == .punctuation(.minus) }
        XCTAssertEqual(minuses.map(\.spaceBefore), [true, true, false])
        XCTAssertEqual(minuses.map(\.spaceAfter), [true, false, false])
    }

    // MARK: Declarations

    func testEveryDeclarationKindParses() throws {
        let text = """
        header Everything

        input safeAreaTop: pt = 20
        input textScale = 1.5
        input reduceMotion: bool = false
        input fraction: number = 0.25
        let travel: pt = 190pt - collapsed
        let collapsed = safeAreaTop + 44pt
        let half = travel / 2
        curve snappy = cubicBezier(0.2, 0, 0, 1)
        curve stepped = steps(4, jump-end)
        curve bent = linear(0, 0.25 75%, 1)
        curve springy = spring(duration: 0.5, bounce: 0.2)

        cover {
            height = max(190pt - offset, collapsed)
            drift: pt = offset * 0.5
            ratio: number = half / travel
            shown: bool = not reduceMotion
            scrimOpacity = snappy(fraction)
        }
        bar { opacity = 1 }
        """
        let compiled = MarkedCompilation(text)
        let spec = try XCTUnwrap(compiled.expectValid())
        XCTAssertEqual(spec.name, "Everything")
        XCTAssertEqual(spec.inputs.map(\.name), ["safeAreaTop", "textScale", "reduceMotion", "fraction"])
        XCTAssertEqual(spec.inputs.map(\.type), [.length, .number, .bool, .number])
        XCTAssertEqual(spec.inputs.map(\.defaultValue), [.number(20), .number(1.5), .bool(false), .number(0.25)])
        XCTAssertEqual(spec.outputs.map(\.qualifiedName),
                       ["cover.height", "cover.drift", "cover.ratio", "cover.shown", "cover.scrimOpacity", "bar.opacity"])
        XCTAssertEqual(spec.outputs.map(\.type), [.length, .length, .number, .bool, .number, .number])
        // `travel` is declared before `collapsed` but computed after it.
        let order = spec.values.map(\.name)
        XCTAssertLessThan(try XCTUnwrap(order.firstIndex(of: "collapsed")), try XCTUnwrap(order.firstIndex(of: "travel")))

        let frame = H.frame(text, at: 100)
        XCTAssertEqual(H.number(frame, "cover.height"), 90)         // 190 - 100 against 20 + 44
        XCTAssertEqual(H.number(frame, "cover.drift"), 50)
        XCTAssertEqual(H.number(frame, "cover.ratio"), 0.5)
        XCTAssertEqual(H.bool(frame, "cover.shown"), true)
        XCTAssertEqual(H.number(frame, "bar.opacity"), 1)
    }

    func testKeywordsCanNameBlocksAndProperties() throws {
        let text = """
        header Keywords
        header { height = 1 }
        let {
            height = 2
        }
        cover {
            input: pt = 3pt
            via: number = 4
        }
        """
        let compiled = MarkedCompilation(text)
        let spec = try XCTUnwrap(compiled.expectValid())
        XCTAssertEqual(spec.outputs.map(\.qualifiedName), ["header.height", "let.height", "cover.input", "cover.via"])
        XCTAssertEqual(Interpreter(spec: spec).frame(at: 0), [.number(1), .number(2), .number(3), .number(4)])
    }

    // MARK: Operators

    /// Each line is `name: number = expression` and its value worked out by hand.
    private func assertValues(_ cases: [(String, Value)], inputs: String = "", file: StaticString = #filePath, line: UInt = #line) {
        var text = "header Ops\n\(inputs)\nv {\n"
        for (index, (expression, value)) in cases.enumerated() {
            let type: String
            if case .bool = value { type = "bool" } else { type = "number" }
            text += "    p\(index): \(type) = \(expression)\n"
        }
        text += "}\n"
        let frame = H.frame(text, at: 0, file: file, line: line)
        for (index, (expression, expected)) in cases.enumerated() {
            let actual = frame["v.p\(index)"]
            XCTAssertEqual(actual, expected, "\(expression)", file: file, line: line)
        }
    }

    func testArithmeticPrecedenceAndAssociativity() {
        let cases: [(String, Value)] = [
            ("10 - 4 - 3", .number(3)),
            ("2 + 3 * 4", .number(14)),
            ("2 * 3 + 4", .number(10)),
            ("(2 + 3) * 4", .number(20)),
            ("-2 * 3", .number(-6)),
            ("- 2 * 3", .number(-6)),
            ("--2", .number(2)),
            ("100 / 10 / 5", .number(2)),
            ("2 * 3 / 4", .number(1.5)),
            ("10 - 2 * 3 - 1", .number(3)),
            ("1 + 2 - 3 + 4", .number(4)),
            ("10-4", .number(6)),
            ("10- 4", .number(6)),
            ("((((1))))", .number(1)),
            ("1.5e2", .number(150)),
        ]
        assertValues(cases)
        // The same through inputs, so that the interpreter (not constant folding) computes them.
        let inputs = "input ten = 10\ninput four = 4\ninput three = 3\ninput two = 2"
        assertValues([
            ("ten - four - three", .number(3)),
            ("two + three * four", .number(14)),
            ("-two * three", .number(-6)),
            ("ten / two / two", .number(2.5)),
            ("ten-four", .number(6)),
        ], inputs: inputs)
    }

    func testComparisonAndLogicPrecedence() {
        assertValues([
            ("1 < 2", .bool(true)), ("2 <= 2", .bool(true)), ("3 > 4", .bool(false)), ("4 >= 5", .bool(false)),
            ("1 == 1", .bool(true)), ("1 != 1", .bool(false)),
            ("1 + 1 == 2", .bool(true)),
            ("2 * 3 > 5", .bool(true)),
            ("not true or true", .bool(true)),           // (not true) or true
            ("not (true or true)", .bool(false)),
            ("!false", .bool(true)),
            ("true or false and false", .bool(true)),    // true or (false and false)
            ("(true or false) and false", .bool(false)),
            ("false and false or true", .bool(true)),
            ("true && false || true", .bool(true)),
            ("1 < 2 and 3 > 4 or 5 == 5", .bool(true)),
            ("true == false", .bool(false)),
            ("true != false", .bool(true)),
            ("not not true", .bool(true)),
        ])
    }

    func testConditionalsNestAndAreRightAssociative() {
        assertValues([
            ("true ? 1 : 2", .number(1)),
            ("false ? 1 : 2", .number(2)),
            // a ? b : c ? d : e is a ? b : (c ? d : e); read left to right it would not check.
            ("false ? 1 : true ? 2 : 3", .number(2)),
            ("false ? 1 : false ? 2 : 3", .number(3)),
            ("true ? false ? 1 : 2 : 3", .number(2)),
            ("1 < 2 ? 10 + 1 : 20", .number(11)),
            ("(true ? 1 : 2) + 10", .number(11)),
            ("true ? 1 : 2 + 10", .number(1)),
            ("false ? 1 : 2 + 10", .number(12)),
        ])
        // With non-constant conditions, evaluated by the interpreter.
        let text = """
        header Cond
        v {
            band: number = offset < 0pt ? -1 : offset < 100pt ? 0 : offset < 200pt ? 1 : 2
            inner: number = offset >= 0pt ? (offset > 50pt ? 2 : 1) : 0
        }
        """
        let frames = H.frames(text, at: [-10, 0, 60, 150, 250])
        XCTAssertEqual(frames.map { H.number($0, "v.band") }, [-1, 0, 0, 1, 2])
        XCTAssertEqual(frames.map { H.number($0, "v.inner") }, [0, 1, 2, 2, 2])
    }

    func testMinusFollowsSwiftWhitespaceRule() throws {
        // `1 -50: 2` is the stop `... : 1` followed by the stop `-50: 2`, not `1 - 50`.
        let text = """
        header Minus
        v {
            oneLine: number = keyframes(offset) { -100: 1 -50: 2 }
            spaced: number = keyframes(offset) { -100pt: 10 0pt: 20 100pt: 0 }
        }
        """
        let compiled = MarkedCompilation(text)
        let spec = try XCTUnwrap(compiled.expectValid())
        guard case .keyframes(let keyframes) = spec.outputs[0].expression.unlocated else { return XCTFail("\(spec.outputs[0].expression)") }
        XCTAssertEqual(keyframes.stops.count, 2)
        let frames = H.frames(text, at: [-75, -50, 50])
        XCTAssertEqual(frames.map { H.number($0, "v.oneLine") }, [1.5, 2, 2])
        XCTAssertEqual(frames.map { H.number($0, "v.spaced") }, [12.5, 15, 10])

        // Outside a list, `10 -4` is `10` and then a stray `-4`.
        let stray = MarkedCompilation("header M\nlet a = 10 1️⃣-4\nv { opacity = a }\n")
        stray.expect("expected a declaration", at: stray["1️⃣"])
        stray.expectErrorCount(1)
    }

    func testCallsAndCurveApplications() {
        assertValues([
            ("max(1, 2)", .number(2)),
            ("min(3, 1, 2)", .number(1)),
            ("max(1, 5, 3, 4)", .number(5)),
            ("clamp(5, 0, 3)", .number(3)),
            ("abs(-2) + abs(2)", .number(4)),
            ("mix(10, 20, 0.25)", .number(12.5)),
            ("max(min(1, 2), clamp(0.5, 0, 1))", .number(1)),
            ("easeInOut(0.5)", .number(0.5)),
            ("cubicBezier(0.42, 0, 0.58, 1)(0.5)", .number(0.5)),
            ("linear(0.25)", .number(0.25)),
            ("mine(1)", .number(1)),
            ("steps(4)(0.5)", .number(0.5)),
        ], inputs: "curve mine = linear(0, 1)")
    }

    func testKeyframesWithCommasOrNewlines() {
        let text = """
        header Stops
        v {
            commas: number = keyframes(offset) { 0: 0, 100: 10, 200: 0 }
            newlines: number = keyframes(offset) {
                0: 0
                100: 10
                200: 0
            }
            mixed: number = keyframes(offset) { 0: 0  100: 10,
                200: 0, }
            curves: number = keyframes(offset) { 0: 0, 100: 10 via easeIn, 200: 0 via hold }
        }
        """
        let frames = H.frames(text, at: [-10, 50, 100, 150, 250])
        for name in ["v.commas", "v.newlines", "v.mixed"] {
            XCTAssertEqual(frames.map { H.number($0, name) }, [0, 5, 10, 5, 0], name)
        }
        XCTAssertEqual(frames.map { H.number($0, "v.curves") }[2...], [10, 10, 0])
    }

    /// `keyframes(driver, extend: both)`: the grammar's option is `identifier ":" identifier`.
    func testKeyframesExtendOptionParses() throws {
        for mode in ["before", "after", "both", "none"] {
            let compiled = MarkedCompilation("header K\nv { opacity = keyframes(offset, extend: \(mode)) { 0: 0, 100: 1 } }\n")
            let spec = try XCTUnwrap(compiled.expectValid(), mode)
            guard case .keyframes(let keyframes) = spec.outputs[0].expression.unlocated else { return XCTFail(mode) }
            XCTAssertEqual(keyframes.extendsBefore, mode == "before" || mode == "both", mode)
            XCTAssertEqual(keyframes.extendsAfter, mode == "after" || mode == "both", mode)
        }
    }

    // MARK: Comments and documentation

    func testCommentsAreSkippedAndBlockCommentsNest() throws {
        let text = """
        // leading comment
        header /* inline */ Comments // trailing
        /* a block /* nested /* twice */ still */ comment */
        let a = 1 /* in an expression */ + /* nested /* here */ too */ 2
        /*
        let b = broken ( code
        /* with a nested part */
        */
        v { opacity = a // done
        }
        """
        let compiled = MarkedCompilation(text)
        let spec = try XCTUnwrap(compiled.expectValid())
        XCTAssertEqual(Interpreter(spec: spec).frame(at: 0), [.number(3)])
    }

    func testDocumentationAttachesToTheDeclarationBelow() throws {
        let text = """
        // File comment, cut off by the blank line below.

        header Docs

        /// Top inset.
        input safeAreaTop: pt = 0
        // A plain comment documents too.
        let a = offset * 2
        /// Cut off by a blank line.

        let b = offset
        let c = offset // trailing, documents nothing
        /**
         * Block doc.
         */
        let d = offset
        /// Line one.
        /// Line two.
        cover {
            /// The height.
            height = a + b + c + d
            opacity = 1 // not documentation
            /// Next.
            scale = 1
        }
        """
        let compiled = MarkedCompilation(text)
        let spec = try XCTUnwrap(compiled.expectValid())
        XCTAssertEqual(spec.inputs.first?.documentation, "Top inset.")
        func doc(_ name: String) -> String?? { spec.values.first { $0.name == name }.map(\.documentation) }
        XCTAssertEqual(doc("a"), .some("A plain comment documents too."))
        XCTAssertEqual(doc("b"), .some(nil))
        XCTAssertEqual(doc("c"), .some(nil))
        XCTAssertEqual(doc("d"), .some("Block doc."))
        XCTAssertEqual(spec.blocks.first?.documentation, "Line one.\nLine two.")
        XCTAssertEqual(spec.outputs.map(\.documentation), ["The height.", nil, "Next."])
    }

    func testWindowsLineEndings() throws {
        let text = "header W\r\n/// Doc line.\r\nlet a = offset\r\ncover {\r\n    height = a\r\n    scale = 1️⃣nope\r\n}\r\n"
        let compiled = MarkedCompilation(text)
        compiled.expect("unknown name 'nope'", at: compiled["1️⃣"])
        XCTAssertFalse(compiled.rendered.contains("\r"), compiled.rendered)
        let valid = MarkedCompilation(text.replacingOccurrences(of: "1️⃣nope", with: "2"))
        let spec = try XCTUnwrap(valid.expectValid())
        XCTAssertEqual(spec.values.first?.documentation, "Doc line.")
    }

    /// A carriage return alone ends a line, as in old Mac files: a `//` comment ends there instead of
    /// swallowing the rest of the file.
    func testCarriageReturnLineEndings() throws {
        let frame = H.frame("header Cr\ra { top = offset }\r// old\rb { top = 2pt }\r", at: 5)
        XCTAssertEqual(frame.keys.sorted(), ["a.top", "b.top"])
        XCTAssertEqual(H.number(frame, "a.top"), 5)
        XCTAssertEqual(H.number(frame, "b.top"), 2)

        // Lines and columns: `b { top = nope }` is line 4, `nope` at column 11; the line shown has no "\r".
        let compiled = MarkedCompilation("header Cr\ra { top = offset }\r// old\rb { top = 1️⃣nope }\r")
        compiled.expect("unknown name 'nope'", at: compiled["1️⃣"])
        XCTAssertEqual(compiled["1️⃣"], SourceLocation(line: 4, column: 11))
        compiled.expectErrorCount(1)
        XCTAssertEqual(compiled.rendered.components(separatedBy: "\n").dropFirst().first, "b { top = nope }")
        XCTAssertFalse(compiled.rendered.contains("\r"), compiled.rendered.debugDescription)

        // Documentation, in line comments and in a block comment, split at each "\r".
        let documented = MarkedCompilation("header D\r/// One.\r/// Two.\rlet a = offset\r/* Three\r * four\r */\rlet b = a\rc { top = b }")
        let spec = try XCTUnwrap(documented.expectValid())
        XCTAssertEqual(spec.values.map(\.documentation), ["One.\nTwo.", "Three\nfour"])

        // A call's `(` must be on the line of what it calls: a "\r" ends that line too.
        let call = MarkedCompilation("header K\rlet a = offset\rlet b = a\r(1)\rc { top = b }")
        XCTAssertFalse(call.errors.isEmpty, "'a' then '(1)' on the next line is not a call")
    }

    /// The line table: "\n", "\r\n" and "\r" each end one line; "\n\r" is two line ends.
    func testLineTableCountsEveryKindOfLineEnd() {
        // a \r b \r\n c \n d \n \r e: bytes 0 1 2 3 4 5 6 7 8 9 10.
        let source = SourceFile(path: "t.header", text: "a\rb\r\nc\nd\n\re")
        XCTAssertEqual([0, 2, 5, 7, 9, 10].map { source.location(of: $0) }, (1...6).map { SourceLocation(line: $0, column: 1) })
        XCTAssertEqual((1...6).map { source.lineText($0) }, ["a", "b", "c", "d", "", "e"])
        XCTAssertEqual(source.location(of: 3), SourceLocation(line: 2, column: 2), "the \r of \r\n ends line 2")
    }

    /// A UTF-8 byte order mark at the start is skipped: it is not an unexpected character, and columns on
    /// the first line count from after it.
    func testByteOrderMarkIsSkipped() throws {
        let frame = H.frame("\u{FEFF}header B\na { top = offset }\n", at: 3)
        XCTAssertEqual(H.number(frame, "a.top"), 3)
        let fromBytes = SourceFile(path: "b.header", contents: [0xEF, 0xBB, 0xBF] + Array("header B\n".utf8))
        XCTAssertEqual(fromBytes.text, "header B\n")
        XCTAssertTrue(fromBytes.invalidUTF8.isEmpty)
        // `header 3`: the 3 is at column 8, as if the mark were not there.
        let compiled = Compilation(path: "b.header", text: "\u{FEFF}header 3\na { top = offset }\n")
        let error = try XCTUnwrap(compiled.diagnostics.errors.first)
        XCTAssertEqual(compiled.source.location(of: error.range.start), SourceLocation(line: 1, column: 8))
        XCTAssertFalse(compiled.diagnostics.all.contains { $0.message.contains("FEFF") })
        // Elsewhere it is still an unexpected character.
        let inside = MarkedCompilation("header B\na { top = 1️⃣\u{FEFF}offset }\n")
        inside.expect("unexpected character U+FEFF", at: inside["1️⃣"])
    }

    /// Bytes that are not UTF-8 are an error at their byte offset, in a doc comment too (they used to
    /// become U+FFFD silently there), and once each: not also an unexpected character.
    func testInvalidUTF8IsReportedWithItsByteOffset() throws {
        // a 0xFF b 0xE2 0x82: a lone continuation byte at 1, a truncated three-byte sequence at 3.
        let source = SourceFile(path: "u.header", contents: [0x61, 0xFF, 0x62, 0xE2, 0x82])
        XCTAssertEqual(source.text, "a\u{FFFD}b\u{FFFD}")
        XCTAssertEqual(source.invalidUTF8.map(\.fileOffset), [1, 3])
        XCTAssertEqual(source.invalidUTF8.map(\.fileBytes), [[0xFF], [0xE2, 0x82]])
        XCTAssertEqual(source.invalidUTF8.map(\.range), [SourceRange(1, 4), SourceRange(5, 8)])
        // After a byte order mark, the offsets are still the file's.
        XCTAssertEqual(SourceFile(path: "u.header", contents: [0xEF, 0xBB, 0xBF, 0x61, 0xFF]).invalidUTF8.map(\.fileOffset), [4])

        // "header B\n" is 9 bytes and "/// doc " 8 more: the 0xFF is byte 17, line 2, column 9.
        let bytes = Array("header B\n/// doc ".utf8) + [0xFF] + Array(" here\nlet a = offset\nc { top = a }\n".utf8)
        var diagnostics = Diagnostics()
        let file = SourceFile(path: "u.header", contents: bytes)
        _ = Parser.parse(file, into: &diagnostics)
        XCTAssertEqual(diagnostics.errors.map(\.message), ["invalid UTF-8 at byte 17 of the file (0xFF); a spec is UTF-8 text"])
        XCTAssertEqual(diagnostics.errors.first.map { file.location(of: $0.range.start) }, SourceLocation(line: 2, column: 9))

        // In code: one error, not a second one for the U+FFFD.
        var inCode = Diagnostics()
        _ = Parser.parse(SourceFile(path: "u.header", contents: Array("header B\na { top = offset ".utf8) + [0xC3] + Array(" }".utf8)),
                         into: &inCode)
        XCTAssertEqual(inCode.errors.map(\.message), ["invalid UTF-8 at byte 26 of the file (0xC3); a spec is UTF-8 text"])
    }

    /// A letter outside ASCII in a name says that names are ASCII, once per name written, and the name is
    /// still a name: its uses do not cascade into "unknown name".
    func testNonASCIILetterInAName() {
        let compiled = MarkedCompilation("header N\nlet caf1️⃣é = 1pt\na { top = caf2️⃣é + offset }\nb { top = 3️⃣π }\n")
        compiled.expect("names are ASCII: 'café' has 'é' (U+00E9)", at: compiled["1️⃣"])
        compiled.expect("names are ASCII: 'café' has 'é' (U+00E9)", at: compiled["2️⃣"])
        compiled.expect("names are ASCII: 'π' has 'π' (U+03C0)", at: compiled["3️⃣"])
        // `π` is then unknown, which is true: it was never declared.
        compiled.expect("unknown name 'π'", at: compiled["3️⃣"])
        compiled.expectErrorCount(4)
        // A symbol that is not a letter is still an unexpected character.
        let symbol = MarkedCompilation("header N\na { top = 1️⃣€ }\n")
        symbol.expect("unexpected character U+20AC", at: symbol["1️⃣"])
    }

    // MARK: Syntax errors

    /// A half-typed property just before `}`: the error is the missing `=`, and the `}` still closes the
    /// block (it used to be skipped, giving "expected '}' ... found the end of the file").
    func testHalfTypedPropertyBeforeTheClosingBrace() {
        let compiled = MarkedCompilation("header H\nb {\n    top = 1pt\n    scale1️⃣\n}\nc { top = 2pt }\n")
        compiled.expect("expected '=' after property 'scale', found '}'", at: compiled["1️⃣"])
        compiled.expectErrorCount(1)
        XCTAssertFalse(compiled.rendered.contains("end of the file"), compiled.rendered)
    }

    /// `top = 1pt x }`: what follows the value on its line is the mistake; the next block is not.
    func testStrayNameAfterAValue() {
        let compiled = MarkedCompilation("header H\nb { top = 1pt 1️⃣x }\nc {\n    top = 2pt\n}\n")
        compiled.expect("unexpected 'x' after the value of property 'top'", at: compiled["1️⃣"])
        compiled.expectErrorCount(1)
        XCTAssertFalse(compiled.rendered.contains("'c'"), compiled.rendered)
        let number = MarkedCompilation("header H\nb { top = 1pt 2️⃣5 }\nc { top = 2pt }\n")
        number.expect("unexpected '5' after the value of property 'top'", at: number["2️⃣"])
        number.expectErrorCount(1)
        // Two properties on one line are still fine.
        let frame = H.frame("header H\nb { top = 1pt scale = 2 }\n", at: 0)
        XCTAssertEqual(H.number(frame, "b.top"), 1)
        XCTAssertEqual(H.number(frame, "b.scale"), 2)
    }

    /// `banner.height` reads another block's output, which no expression can: one error that says to use
    /// `let`, not "unknown name 'banner'" and "unexpected '.'".
    func testReadingAnotherBlocksPropertySaysToUseLet() {
        let compiled = MarkedCompilation("header H\nbanner { height = 100pt }\nb { top = 1️⃣banner.height + 1pt }\n")
        compiled.expect("'banner.height': an expression cannot read a block's property; declare the value with 'let' ('let bannerHeight = ...') and use 'bannerHeight'",
                        at: compiled["1️⃣"])
        compiled.expectErrorCount(1)
        // A longer path is one error too; `.5` and a lone `.` keep their own messages.
        let path = MarkedCompilation("header H\nb { top = 2️⃣a.b.c }\n")
        path.expect("'a.b.c': an expression cannot read", at: path["2️⃣"])
        path.expectErrorCount(1)
        let fraction = MarkedCompilation("header H\nb { top = 3️⃣.5 }\n")
        fraction.expect("write a number as '0.5'", at: fraction["3️⃣"])
    }

    /// When what is missing is at the end of a line, the error belongs on that line (as Swift puts it,
    /// just after the last token), and the declaration on the next line must survive the recovery.
    func testMissingEqualsAtEndOfLine() {
        let compiled = MarkedCompilation("""
        header E
        input b1️⃣
        let c = 1pt
        cover { height = c }
        """)
        compiled.expect("expected '=' and a default value after input 'b'", at: compiled["1️⃣"])
        // `let c` must not be swallowed by the recovery, which would make `c` unknown below.
        XCTAssertFalse(compiled.rendered.contains("unknown name 'c'"), compiled.rendered)
        compiled.expectErrorCount(1)
    }

    func testUnclosedParenthesisNamesWhereItOpened() throws {
        let compiled = MarkedCompilation("""
        header E
        let a = 1️⃣(1 + 2
        let b = 2️⃣max(1,
            3
        let c = 3
        v { opacity = c }
        """)
        // Both are reported, each pointing at (or with a note at) the bracket that was left open.
        XCTAssertEqual(compiled.errors.count, 2, compiled.rendered)
        for marker: Character in ["1️⃣", "2️⃣"] {
            let opener = compiled[marker]
            let mentionsOpener = compiled.errors.contains { error in
                error.message.contains("'('") && (compiled.location(error) == opener
                    || error.notes.contains { compiled.location($0) == opener }
                    || error.message.contains("line \(opener.line)"))
            }
            XCTAssertTrue(mentionsOpener, "no error shows the '(' at \(opener.line):\(opener.column):\n\(compiled.rendered)")
        }
    }

    func testUnclosedParenthesisAtEndOfFile() {
        let compiled = MarkedCompilation("header E\nv {\n    opacity = 1️⃣(1 + 2")
        compiled.expect("expected ')' to close the '('", at: compiled["1️⃣"])
    }

    func testUnclosedBraceBeforeTheNextDeclaration() {
        let compiled = MarkedCompilation("""
        header E
        cover 1️⃣{
            height = 10pt
        let a = 2
        title { opacity = a }
        """)
        // The forgotten '}' is reported once, pointing at (or noting) the '{', and `a` is still declared.
        XCTAssertEqual(compiled.errors.count, 1, compiled.rendered)
        let opener = compiled["1️⃣"]
        let error = compiled.errors.first
        XCTAssertTrue(error.map { $0.message.contains("'{'") } ?? false, compiled.rendered)
        XCTAssertTrue(error.map { compiled.location($0) == opener || $0.notes.contains { compiled.location($0) == opener } } ?? false,
                      "the error does not show the '{' at \(opener.line):\(opener.column):\n\(compiled.rendered)")
        XCTAssertFalse(compiled.rendered.contains("unknown name 'a'"), compiled.rendered)
    }

    /// A block that starts a line inside another block means the other's `}` was forgotten: the message
    /// names that block and the line of its `{`, and the next block is read as a block, so nothing cascades.
    func testUnclosedBraceBeforeTheNextBlock() {
        let compiled = MarkedCompilation("""
        header E
        cover 2️⃣{
            height = 10pt1️⃣

        avatar {
            size = 10pt
        }
        title { opacity = 3️⃣nope }
        """)
        let error = compiled.expect("expected '}' to close block 'cover' (its '{' is at line 2) before block 'avatar'",
                                    at: compiled["1️⃣"])
        XCTAssertEqual(error.map { $0.notes.map(compiled.location) }, [compiled["2️⃣"]])
        compiled.expect("unknown name 'nope'", at: compiled["3️⃣"])
        compiled.expectErrorCount(2)
        XCTAssertFalse(compiled.rendered.contains("expected '='"), compiled.rendered)
    }

    func testLeadingDotNumberIsOneError() {
        let compiled = MarkedCompilation("header E\nlet a = 1️⃣.5\ncover { opacity = 2️⃣.25 }\n")
        compiled.expect("write a number as '0.5'", at: compiled["1️⃣"])
        compiled.expect("write a number as '0.5'", at: compiled["2️⃣"])
        // One mistake, one error: the '5' after the '.' must not be reported again.
        compiled.expectErrorCount(2)
    }

    func testMissingHeaderLineAndSecondHeaderLine() {
        let missing = MarkedCompilation("1️⃣cover { height = 1 }\n")
        missing.expect("a spec starts with 'header Name'", at: missing["1️⃣"])
        let twice = MarkedCompilation("header A\n1️⃣header B\ncover { height = 1 }\n")
        twice.expect("one 'header' line", at: twice["1️⃣"])
        twice.expectErrorCount(1)
    }

    func testUnexpectedCharactersAndNonASCIIColumns() {
        // Columns count Characters: the é and the emoji before the error are one column each.
        let compiled = MarkedCompilation("header E\n/* é 🙂 */ let a = 1 + 1️⃣@\ncover { height = a }\n")
        compiled.expect("unexpected character '@'", at: compiled["1️⃣"])
        compiled.expectErrorCount(1)
    }

    /// The lexer reports an unreadable character and hands the parser an `.invalid` token; the parser must
    /// not report that token a second time ("expected '=' ..., found an invalid character").
    func testInvalidCharacterIsReportedOnce() {
        let inName = MarkedCompilation("header E\nlet caf1️⃣é = 1\ncover { height = 1 }\n")
        inName.expect("names are ASCII: 'café' has 'é' (U+00E9)", at: inName["1️⃣"])
        inName.expectErrorCount(1)
        let topLevel = MarkedCompilation("header E\nlet a = 1 1️⃣@ 2\ncover { height = 1 }\n")
        topLevel.expect("unexpected character '@'", at: topLevel["1️⃣"])
        topLevel.expectErrorCount(1)
        let inBlock = MarkedCompilation("header E\ncover {\n    height = 1\n    1️⃣# opacity = 1\n}\n")
        inBlock.expect("unexpected character '#'", at: inBlock["1️⃣"])
        inBlock.expectErrorCount(1)
    }

    func testDiagnosticsAreRenderedWithCarets() {
        let compiled = MarkedCompilation("header E\nlet a = 12em\ncover {\n\theight = true }\n", path: "dir/spec.header")
        XCTAssertEqual(compiled.rendered, """
        dir/spec.header:2:11: error: unknown unit 'em'; lengths are written in points, as '12pt', or in device pixels, as '12px', durations as '12ms' or '12s'
        let a = 12em
                  ^^
        dir/spec.header:4:11: error: property 'height' must be a length, found bool
         height = true }
                  ^^^^

        """)
    }

    // MARK: Reading tokens as the parser goes

    /// `Parser.parse(_:into:)` reads tokens from the lexer as it needs them; the formatter hands it the
    /// whole list. Both must give the same tree and the same diagnostics, on good specs and broken ones
    /// (every corpus spec, and each cut short at several points, which leaves constructs open).
    func testParsingAsTokensArriveEqualsParsingAList() throws {
        var compared = 0
        for entry in try SpecCorpus.all() {
            let bytes = Array(entry.text.utf8)
            let cuts = [bytes.count, bytes.count / 2, bytes.count / 3, bytes.count * 3 / 4, 7]
            for cut in cuts where cut <= bytes.count {
                let source = SourceFile(path: "t.header", contents: Array(bytes[0..<cut]))
                var streamed = Diagnostics()
                let streamedSyntax = Parser.parse(source, into: &streamed)
                var listed = Diagnostics()
                let tokens = Lexer.tokenize(source, into: &listed)
                let listedSyntax = Parser.parse(source, tokens: tokens, into: &listed)
                XCTAssertEqual(SyntaxFingerprint.of(streamedSyntax), SyntaxFingerprint.of(listedSyntax), "\(entry.name) cut at \(cut)")
                XCTAssertEqual(streamed.sorted, listed.sorted, "\(entry.name) cut at \(cut)")
                compared += 1
            }
        }
        XCTAssertGreaterThan(compared, 500)
    }
}
