import Foundation
import XCTest
@testable import HeaderKit

/// `headerc fmt`: the layout it promises, and over every example, every spec of the test corpus and a few
/// hundred random specs with comments woven in: formatting succeeds, is idempotent, keeps every comment
/// between the same tokens and on the same side of a line break, and changes neither what `eval` prints
/// nor the Swift that `compile` emits.
final class FormatterTests: XCTestCase {
    private func format(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        let result = Formatter.format(SourceFile(path: "test.header", text: text))
        guard let formatted = result.text else {
            XCTFail("fmt refused:\n" + DiagnosticRenderer(source: SourceFile(path: "test.header", text: text))
                .render(result.diagnostics.sorted), file: file, line: line)
            return ""
        }
        return formatted
    }

    // MARK: The layout

    func testLayout() {
        let messy = """


        // intro comment\u{20}\u{20}
        header   Messy // trailing on header



        /// doc for a
        input a:pt=0
        let b=a*2+-3pt   // trailing b
        let c = a > 0pt?1:2
        let d = max(a,
          b,   c * 1pt)
        curve k=cubicBezier(0.2,0,0,1)
        cover{height=b width=a /* inline */ scale=c
          // own line before opacity
          opacity=keyframes(c,extend:after){0:1 0.5:0.4 via steps(3,jump-end) 1:0 via linear(0,0.25 75%,1)}
          offsetY=keyframes(a){
             0pt:0pt,
           100pt:-40pt via easeOut
             /* before last */
             160pt : -40pt via hold   // tail
          }

        }
        empty {   }
        state h: pt = 260pt in 120pt ... 320pt { next = h-delta }
        snap s {0pt,max(b,0pt)}
        snap t {
        0pt
        b }
        /* end
           comment */
        """
        let expected = """
        // intro comment
        header Messy // trailing on header

        /// doc for a
        input a: pt = 0
        let b = a * 2 + -3pt // trailing b
        let c = a > 0pt ? 1 : 2
        let d = max(a,
            b, c * 1pt)
        curve k = cubicBezier(0.2, 0, 0, 1)
        cover {
            height = b
            width = a /* inline */
            scale = c
            // own line before opacity
            opacity = keyframes(c, extend: after) { 0: 1 0.5: 0.4 via steps(3, jump-end) 1: 0 via linear(0, 0.25 75%, 1) }
            offsetY = keyframes(a) {
                0pt: 0pt,
                100pt: -40pt via easeOut
                /* before last */
                160pt: -40pt via hold // tail
            }
        }
        empty {}
        state h: pt = 260pt in 120pt...320pt {
            next = h - delta
        }
        snap s { 0pt, max(b, 0pt) }
        snap t {
            0pt
            b
        }
        /* end
           comment */

        """
        XCTAssertEqual(format(messy), expected)
        XCTAssertEqual(format(expected), expected)
    }

    /// Spaces between a lone `\r` and a `\n` in a block comment are two line breaks: trimming them must not
    /// join the two into one `\r\n`.
    func testSpacesBetweenALoneCarriageReturnAndANewlineStay() {
        let text = "header D\rlet a = offset\r/* Three\r \nfour */\rc { top = a }"
        XCTAssertEqual(format(text), "header D\rlet a = offset\r/* Three\r \nfour */\rc {\r    top = a\r}\r")
    }

    func testMinusKeepsItsMeaning() {
        // `1 -10pt` is a value and the next stop's position; `a-b` and `a - b` subtract.
        let text = "header M\nv {\n    x: pt = keyframes(offset) { 0: 1pt -10pt: 0pt }\n    y: pt = offset-1pt\n    z: pt = - offset\n}\n"
        XCTAssertEqual(format(text), "header M\nv {\n    x: pt = keyframes(offset) { 0: 1pt -10pt: 0pt }\n    y: pt = offset - 1pt\n    z: pt = -offset\n}\n")
    }

    func testCallsAndParentheses() {
        // A '(' that starts a line is not a call, so that line break stays; one after 'not' groups.
        let text = "header P\nlet a = not(true)\nlet b = max (1,2)\nv {\n    x = keyframes(offset) {\n        0: 1\n        (50): 2\n    }\n}\n"
        XCTAssertEqual(format(text), "header P\nlet a = not (true)\nlet b = max(1, 2)\nv {\n    x = keyframes(offset) {\n        0: 1\n        (50): 2\n    }\n}\n")
    }

    func testFunctionsAreLaidOutAndKeepTheirComments() {
        // The parameters' '(' hugs the name as a call's does; ':' of a type has a space after it only.
        let text = "header F\n/// halves\nfunc   half( x ,y:pt ) :pt=x/2+y // trailing\nfunc g(x,\ny) = half(x,\ny)\nv { height = half(2,offset) }\n"
        XCTAssertEqual(format(text), "header F\n/// halves\nfunc half(x, y: pt): pt = x / 2 + y // trailing\nfunc g(x,\n    y) = half(x,\n        y)\nv {\n    height = half(2, offset)\n}\n")
    }

    func testSnapRulesFollowTheirPointsAndKeepTheirComments() {
        // The clauses stay on the line of the `}`, one space apart, with the comment after them; a block
        // named like a clause stays a block.
        let text = "header S\nsnap a {0pt,100pt}   threshold   0.3 ties  up // collapses\nsnap b {\n0pt\n100pt\n}\nfling 500\nfling {\nx = 1\n}\n"
        XCTAssertEqual(format(text), "header S\nsnap a { 0pt, 100pt } threshold 0.3 ties up // collapses\nsnap b {\n    0pt\n    100pt\n} fling 500\nfling {\n    x = 1\n}\n")
    }

    func testContinuationLinesAndConditionals() {
        let text = "header C\nlet p = offset > 0\n? 1\n: 2\nlet q = max(\n1,\nmin(\n2,\n3\n)\n)\n"
        XCTAssertEqual(format(text), "header C\nlet p = offset > 0\n    ? 1\n    : 2\nlet q = max(\n    1,\n    min(\n        2,\n        3\n    )\n)\n")
    }

    func testDocumentationStaysAttached() {
        // A comment on its own line directly above documents; one after code or past a blank line does not.
        let text = "header D\n/// documents a\nlet a = 1 // not documentation\n\n// cut off by the blank line\n\n\nlet b = 2\nv { /* after the brace */ opacity = a /* before */ scale = b }\n"
        let formatted = format(text)
        XCTAssertEqual(formatted, "header D\n/// documents a\nlet a = 1 // not documentation\n\n// cut off by the blank line\n\nlet b = 2\nv { /* after the brace */\n    opacity = a /* before */\n    scale = b\n}\n")
        var before = Diagnostics(), after = Diagnostics()
        XCTAssertEqual(SyntaxFingerprint.of(Parser.parse(SourceFile(path: "a", text: text), into: &before)),
                       SyntaxFingerprint.of(Parser.parse(SourceFile(path: "a", text: formatted), into: &after)))
    }

    func testLineEndingsAndByteOrderMark() {
        XCTAssertEqual(format("header R\r\nv {\r\n  height = 1 // c\r\n}\r\n"), "header R\r\nv {\r\n    height = 1 // c\r\n}\r\n")
        XCTAssertEqual(format("header R\nv { height = 1 }"), "header R\nv {\n    height = 1\n}\n")
        // A block comment keeps its own line breaks; the first line break outside comments decides.
        XCTAssertEqual(format("header R /*\n*/\r\nv {}"), "header R /*\n*/\r\nv {}\r\n")
        // A byte order mark stays.
        let marked = "\u{FEFF}header R\nv {\n    height = 1\n}\n"
        XCTAssertEqual(Formatter.format(SourceFile(path: "bom", text: marked)).text, marked)
    }

    /// A lone `\r` ends a line as `\n` and `\r\n` do: a file whose first line ends so keeps its `\r`s,
    /// and a line break after a lone `\r` is one (a continuation line, indented).
    func testLoneCarriageReturnsEndLines() {
        XCTAssertEqual(format("header R\rv {\r  height = 1 // c\r}\r"), "header R\rv {\r    height = 1 // c\r}\r")
        XCTAssertEqual(format("header R\rlet a = 1 +\r2\r\r\r\rlet b = max(\r1)"),
                       "header R\rlet a = 1 +\r    2\r\rlet b = max(\r    1)\r")
        // The first line break decides; comments keep theirs.
        XCTAssertEqual(format("header R\r\nlet a = 1\rlet b = 2 /*\r*/\nlet c = 3"),
                       "header R\r\nlet a = 1\r\nlet b = 2 /*\r*/\r\nlet c = 3\r\n")
        XCTAssertEqual(format("header R /*\n*/\rv {}"), "header R /*\n*/\rv {}\r")
    }

    /// `SourceFile` leaves a byte order mark out of its bytes; fmt writes it back, and `--check` and
    /// `--in-place` compare with the file as it is, mark included.
    func testByteOrderMarkStaysInTheFile() {
        let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
        let formatted = Formatter.format(SourceFile(path: "bom", contents: mark + Array("header R\nv {}\n".utf8)))
        XCTAssertEqual(formatted.text, "\u{FEFF}header R\nv {}\n")
        XCTAssertFalse(formatted.changesFile)
        let messy = Formatter.format(SourceFile(path: "bom", contents: mark + Array("header R\r\nv {  }".utf8)))
        XCTAssertEqual(messy.text, "\u{FEFF}header R\r\nv {}\r\n")
        XCTAssertTrue(messy.changesFile)
        XCTAssertFalse(Formatter.format(SourceFile(path: "plain", text: "header R\nv {}\n")).changesFile)
        XCTAssertTrue(Formatter.format(SourceFile(path: "plain", text: "header R\nv {}")).changesFile)
        XCTAssertEqual(Self.run(["fmt", "--check", "-"], input: "\u{FEFF}header R\nv {}\n").exitCode, 0)
        XCTAssertEqual(Self.run(["fmt", "--check", "-"], input: "\u{FEFF}header R\nv {  }\n").exitCode, 1)
        XCTAssertEqual(Self.run(["fmt", "-"], input: "\u{FEFF}header R\nv {  }\n").standardOutput, "\u{FEFF}header R\nv {}\n")
    }

    /// Bytes that are not UTF-8 read as U+FFFD: fmt must refuse the file with the lexer's error, not write
    /// the U+FFFD over a comment's bytes, nor report its own output as a failure.
    func testInvalidUTF8IsRefused() {
        let inComment = Array("header U\n// caf".utf8) + [0xE9] + Array("\nv {}\n".utf8)
        let commented = Formatter.format(SourceFile(path: "u", contents: inComment))
        XCTAssertNil(commented.text)
        XCTAssertEqual(commented.diagnostics.errors.map(\.message), ["invalid UTF-8 at byte 15 of the file (0xE9); a spec is UTF-8 text"])
        let inCode = Array("header U\nv { height = 1 ".utf8) + [0xFF] + Array(" }\n".utf8)
        let coded = Formatter.format(SourceFile(path: "u", contents: inCode))
        XCTAssertNil(coded.text)
        XCTAssertEqual(coded.diagnostics.errors.map(\.message), ["invalid UTF-8 at byte 24 of the file (0xFF); a spec is UTF-8 text"])
        XCTAssertEqual(Self.run(["fmt", "--check", "-"], input: "header U\n// caf\u{FFFD}\nv {}\n").exitCode, 0,
                       "a U+FFFD written as such is text like any other")
    }

    /// `+` is a prefix operator as `-` is, with the same spacing rule: `1 +10pt` is a value and the next
    /// stop's position, `+offset+ +2pt` a sum of two prefixed operands.
    func testUnaryPlusKeepsItsMeaning() {
        let text = "header P\ncover {\n    opacity = cubicBezier(+ 0.5, 0, +0.5, +1)(0.5)\n    height = +offset+ +2pt\n    scale = keyframes(offset) { 0: 1 +10pt: 0 }\n    scaleX = + (offset)\n}\n"
        XCTAssertEqual(format(text), "header P\ncover {\n    opacity = cubicBezier(+0.5, 0, +0.5, +1)(0.5)\n    height = +offset + +2pt\n    scale = keyframes(offset) { 0: 1 +10pt: 0 }\n    scaleX = +(offset)\n}\n")
    }

    /// The sign of a percentage (`-10%`, `+50%`) is no operator, and `- 10%` is no percentage: it stays
    /// against its number. (A percentage on a keyframes driver is a syntax error, which fmt leaves alone.)
    func testSignedPercentagesStayAgainstTheirNumbers() {
        let text = "header L\ncurve c = linear(0, 0.1 -10 %, -25%  0.5,0.5 +50%, 1)\ncover { opacity = keyframes(offset) { 0: 1, 100: 0 } }\n"
        XCTAssertEqual(format(text), "header L\ncurve c = linear(0, 0.1 -10%, -25% 0.5, 0.5 +50%, 1)\ncover {\n    opacity = keyframes(offset) { 0: 1, 100: 0 }\n}\n")
    }

    func testStepPositionsStayWritten() {
        let text = "header S\nv {\n    opacity = keyframes(offset) { 0: 0, 100: 1 via steps(4, jump-none) }\n}\n"
        XCTAssertEqual(format(text), text)
    }

    // MARK: Every spec we have

    /// Thousands of tokens, well past the parser's window of tokens it keeps when it lexes as it goes: the
    /// formatter hands the parser every token at once, and each block comes out laid out the same way.
    func testLongSpecIsLaidOutBlockByBlock() {
        let count = 600
        var messy = "header Long\n"
        var tidy = "header Long\n"
        for index in 0..<count {
            messy += "b\(index){height=\(index)pt  opacity=1-offset/\(index + 1)pt}\n"
            tidy += "b\(index) {\n    height = \(index)pt\n    opacity = 1 - offset / \(index + 1)pt\n}\n"
        }
        XCTAssertEqual(format(messy), tidy)
        XCTAssertEqual(format(tidy), tidy)
    }

    /// A `(` after a range's `...` stays against it, as any token after `...` does; a `,` or `)` after an
    /// inline comment stays against the comment, as it would against the token before it.
    /// A Float's types keep their words, a density's `px/pt` tight after `float` as after the colon alone;
    /// a division by a name `px` stays a division.
    func testFloatTypes() {
        let spec = "header F\ninput d:float   px/pt=2\ninput e : px/pt = 1\nlet f :  float=toFloat(offset/1pt)\n"
            + "func lerp(a:float pt,b: float pt,t :float):float pt=(1-t)*a+t*b\nbar {\n  opacity:float=f\n  w: float px = toFloat(9px) / d * 1pt * d\n}\n"
        XCTAssertEqual(format(spec), "header F\ninput d: float px/pt = 2\ninput e: px/pt = 1\nlet f: float = toFloat(offset / 1pt)\n"
                       + "func lerp(a: float pt, b: float pt, t: float): float pt = (1 - t) * a + t * b\nbar {\n    opacity: float = f\n"
                       + "    w: float px = toFloat(9px) / d * 1pt * d\n}\n")
        let division = "header G\nlet px = 2\nlet float = 3\nlet q = offset > 0pt ? float : px / 2\na {\n    opacity = q\n}\n"
        XCTAssertEqual(format(division), division)
    }

    func testTightAfterRangesAndInlineComments() {
        let spec = "header T\ninput x in 0pt...(100pt) = 0pt\nlet a = max(1 /* a */, 2 /* b */)\nlet b = min(3 /* c */ , 4)\n"
        XCTAssertEqual(format(spec),
                       "header T\ninput x in 0pt...(100pt) = 0pt\nlet a = max(1 /* a */, 2 /* b */)\nlet b = min(3 /* c */, 4)\n")
        let state = "header S\nstate h = 10pt in 0pt...(20pt) {\n    next = h\n}\na {\n    height = h\n}\n"
        XCTAssertEqual(format(state), state)
    }

    func testExamplesAreFormatted() throws {
        for name in ["ProfileStretchy", "StickyParallax", "StretchyImage", "AppleMusicProfile"] {
            let text = try PackagePaths.text("Examples/\(name).header")
            XCTAssertEqual(format(text), text, "Examples/\(name).header is not in fmt's layout")
            Self.assertFormattingKeepsEverything(text, name: name, offsets: [-100, -1, 0, 0.5, 50, 73, 146, 200, 1000])
        }
    }

    func testCorpus() throws {
        // On both cores; a failure is asserted where it is found.
        let outcomes = Concurrently.map(try SpecCorpus.all()) { entry -> Bool in
            var diagnostics = Diagnostics()
            _ = Parser.parse(SourceFile(path: entry.name, text: entry.text), into: &diagnostics)
            if diagnostics.hasErrors {
                XCTAssertNil(Formatter.format(SourceFile(path: entry.name, text: entry.text)).text,
                             "\(entry.name) has a syntax error but was formatted")
                return false
            }
            Self.assertFormattingKeepsEverything(entry.text, name: entry.name, offsets: [-200, -10, 0, 1, 25, 50, 99.5, 100, 150, 300])
            return true
        }
        let formatted = outcomes.filter { $0 }.count, refused = outcomes.count - formatted
        print("FormatterTests corpus: \(formatted) specs formatted, \(refused) with syntax errors refused")
        XCTAssertGreaterThan(formatted, 40)
    }

    func testRandomSpecsWithComments() {
        let count = ProcessInfo.processInfo.environment["HEADERC_FMT_COUNT"].flatMap(Int.init) ?? 200
        var generator = SpecGenerator(seed: 0x666D_7421, allowExtend: DifferentialHarness.extendParses)
        var random = SeededGenerator(seed: 0x636F_6D6D)
        let specs = (0..<count).map { index in
            let generated = generator.generate(index: index)
            let woven = Self.weaveComments(into: generated.text, &random)
            let offsets = Array(Set(generated.interestingOffsets.filter(\.isFinite) + [-120, 0, 33, 100, 260])).sorted()
            return (index: index, text: woven, offsets: Array(offsets.prefix(40)))
        }
        // On both cores; a failure is asserted where it is found.
        _ = Concurrently.map(specs) { spec in
            Self.assertFormattingKeepsEverything(spec.text, name: "random spec \(spec.index)", offsets: spec.offsets)
        }
    }

    /// Specs and random specs with a few random insertions and deletions (brackets, operators, comments,
    /// line breaks of every kind): whenever the result still parses, fmt lays it out (it never has to
    /// refuse), idempotently, with every token and comment in its place.
    func testMutatedSpecs() throws {
        var random = SeededGenerator(seed: 0x6D75_7461)
        var generator = SpecGenerator(seed: 0x6D75_7462, allowExtend: DifferentialHarness.extendParses)
        let bases = try SpecCorpus.all().map(\.text) + (0..<40).map { generator.generate(index: $0).text }
        let pieces = [" ", "\n", "\n\n\n", "\t", "\r\n", "\r", "(", ")", "{", "}", "-", "- ", " -", "\n-", "-\n", "*", "!", "not ",
                      ",", ":", "?", " ? 1 : ", "...", "%", "1", "x", "=", "\n(", "(x)", "f(", "max(1,\n2)", "/* c */", "// d\n", "/*\n*/",
                      "/*", "*/", "via hold", ", extend: both", "jump-end", "keyframes(offset) { 0: 1 }", "\nv { a: pt = 1 }\n",
                      "\nstate s = 1 { next = s }\n", "\nsnap q { 1 2 }\n"]
        var parsed = 0
        for _ in 0..<6000 {
            var bytes = Array(random.pick(bases).utf8)
            for _ in 0..<(1 + random.below(4)) {
                let at = random.below(bytes.count + 1)
                if random.chance(0.4), at < bytes.count {
                    bytes.removeSubrange(at..<min(bytes.count, at + 1 + random.below(3)))
                } else {
                    bytes.insert(contentsOf: Array(random.pick(pieces).utf8), at: at)
                }
            }
            let text = String(decoding: bytes, as: UTF8.self)
            var diagnostics = Diagnostics()
            _ = Parser.parse(SourceFile(path: "m", text: text), into: &diagnostics)
            guard !diagnostics.hasErrors else { continue }
            parsed += 1
            guard let formatted = Formatter.format(SourceFile(path: "m", text: text)).text else {
                XCTFail("fmt refused a spec that parses:\n\(text.debugDescription)")
                continue
            }
            XCTAssertEqual(Formatter.format(SourceFile(path: "m", text: formatted)).text, formatted,
                           "not idempotent:\n\(text.debugDescription)\n\(formatted.debugDescription)")
            XCTAssertEqual(Self.tokensAndComments(formatted), Self.tokensAndComments(text),
                           "tokens or comments moved:\n\(text.debugDescription)\n\(formatted.debugDescription)")
        }
        XCTAssertGreaterThan(parsed, 300)
    }

    /// Comments on lines of their own, after code and between tokens (only where there is a space already,
    /// since a comment counts as a space: `a-b` would become `a /* */-b`, a different expression), extra
    /// blank lines and ragged indentation.
    static func weaveComments(into text: String, _ random: inout SeededGenerator) -> String {
        var lines: [String] = []
        var marker = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if random.chance(0.15) {
                marker += 1
                lines.append(String(repeating: " ", count: random.below(9)) + "// own line \(marker)")
            }
            if random.chance(0.05) { lines.append(contentsOf: Array(repeating: "", count: 1 + random.below(3))) }
            var woven = ""
            var inComment = false
            var previous: Character?
            for character in line.drop(while: { $0 == " " }) {
                if character == "/" && previous == "/" { inComment = true }
                if character == " ", !inComment, random.chance(0.12) {
                    marker += 1
                    woven += random.chance(0.5) ? " /* between \(marker) */ " : " /*\(marker)*/ "
                } else {
                    woven.append(character)
                }
                previous = character
            }
            var indented = String(repeating: random.chance(0.2) ? "\t" : " ", count: random.below(7)) + woven
            if !woven.isEmpty, !woven.contains("//"), random.chance(0.2) {
                marker += 1
                indented += random.chance(0.5) ? "   // after code \(marker)" : " /* after code \(marker) */"
            } else if !woven.contains("//"), random.chance(0.05) {
                indented += "  \t"
            }
            lines.append(indented)
        }
        return lines.joined(separator: "\n")
    }

    // MARK: The promise

    /// Formats `text` and checks: idempotent; the same tokens and comments in the same order, each comment
    /// after code or on a line of its own as before; `eval` prints the same at `offsets` (and the same
    /// settle targets); `compile` emits the same Swift; `check` reports the same messages.
    private static func assertFormattingKeepsEverything(_ text: String, name: String, offsets: [Double],
                                                 file: StaticString = #filePath, line: UInt = #line) {
        let source = SourceFile(path: "spec.header", text: text)
        guard let formatted = Formatter.format(source).text else {
            let diagnostics = Formatter.format(source).diagnostics.sorted
            XCTFail("\(name): fmt refused:\n\(DiagnosticRenderer(source: source).render(diagnostics))\n\(text)", file: file, line: line)
            return
        }
        XCTAssertEqual(Formatter.format(SourceFile(path: "spec.header", text: formatted)).text, formatted,
                       "\(name): fmt is not idempotent on\n\(formatted)", file: file, line: line)
        XCTAssertEqual(Self.tokensAndComments(formatted), Self.tokensAndComments(text),
                       "\(name): tokens or comments moved:\n\(text)\n---\n\(formatted)", file: file, line: line)
        let at = offsets.map(\.description).joined(separator: ",")
        var commands: [[String]] = [["eval", "-", "--at", at, "--format", "csv"], ["compile", "-"], ["check", "-"]]
        if let spec = Compilation(source: source).spec, !spec.snaps.isEmpty {
            commands.append(["eval", "-", "--at", at, "--format", "csv", "--settle", "900"])
            commands.append(["eval", "-", "--at", at, "--format", "csv", "--settle", "-40"])
        }
        for command in commands {
            let before = Self.run(command, input: text), after = Self.run(command, input: formatted)
            XCTAssertEqual(after.standardOutput, before.standardOutput, "\(name): \(command[0]) differs after fmt:\n\(text)\n---\n\(formatted)",
                           file: file, line: line)
            XCTAssertEqual(after.exitCode, before.exitCode, "\(name): \(command[0]) exit code differs", file: file, line: line)
            if command[0] == "check" {
                XCTAssertEqual(Self.messages(after.standardError), Self.messages(before.standardError), "\(name): check differs",
                               file: file, line: line)
            }
        }
    }

    /// The comparisons above run the commands in-process on `input`: the driver's large-stack thread must
    /// read that, not the test's own standard input (which would make every comparison pass, vacuously).
    func testCommandsReadTheSpecGiven() {
        XCTAssertEqual(Self.run(["fmt", "-"], input: "header F\nv { height = 1 }").standardOutput, "header F\nv {\n    height = 1\n}\n")
        XCTAssertEqual(Self.run(["eval", "-", "--at", "0,10", "--format", "csv"], input: "header F\nv { height = 1pt + offset }\n").standardOutput,
                       "offset,v.height\n0.0,1.0\n10.0,11.0\n")
    }

    static func run(_ arguments: [String], input: String) -> Driver.Outcome {
        StandardInput.$read.withValue({ Data(input.utf8) }) { Driver.run(arguments) }
    }

    /// The diagnostics' messages, without their positions, which formatting moves.
    private static func messages(_ standardError: String) -> [String] {
        standardError.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("<stdin>:"), let range = line.range(of: ": error: ") ?? line.range(of: ": warning: ") ?? line.range(of: ": note: ") else {
                return nil
            }
            return String(line[range.lowerBound...])
        }
    }

    /// The tokens' spellings and the comments, in source order; a comment is marked with whether code or
    /// another comment comes before it on its line.
    static func tokensAndComments(_ text: String) -> [String] {
        let source = SourceFile(path: "a", text: text)
        var diagnostics = Diagnostics()
        var comments: [SourceRange] = []
        let tokens = Lexer.tokenize(source, into: &diagnostics, comments: &comments)
        var items = tokens.filter { $0.kind != .endOfFile }.map { (start: $0.range.start, end: $0.range.end, text: source.text(of: $0.range), comment: false) }
        items += comments.map { ($0.start, $0.end, FormatVerification.normalizedComment(source.text(of: $0)), true) }
        items.sort { $0.start < $1.start }
        var result: [String] = []
        var previousEnd: Int?
        for item in items {
            if item.comment {
                let afterCode = previousEnd.map { LineBreaks.count(in: source.bytes, from: $0, to: item.start) == 0 } ?? false
                result.append((afterCode ? "after code: " : "own line: ") + item.text)
            } else {
                result.append(item.text)
            }
            previousEnd = item.end
        }
        return result
    }
}
