import Foundation
import XCTest

/// `headerc lsp` as an editor meets it: one server process for the class, spoken to over pipes. Each test
/// opens documents of its own. Positions are the protocol's: 0-based lines, UTF-16 code units.
final class LanguageServerTests: XCTestCase {
    nonisolated(unsafe) private static var shared: LanguageServerClient?

    private var server: LanguageServerClient {
        get throws {
            if let server = LanguageServerTests.shared { return server }
            let server = try LanguageServerClient()
            let response = server.request("initialize", ["processId": NSNull(), "capabilities": [String: Any]()])
            let capabilities = (response["result"] as? [String: Any])?["capabilities"] as? [String: Any]
            XCTAssertEqual(capabilities?["positionEncoding"] as? String, "utf-16", "UTF-16 unless the client offers another")
            server.notify("initialized", [:])
            LanguageServerTests.shared = server
            return server
        }
    }

    override class func tearDown() {
        guard let server = shared else { return }
        let response = server.request("shutdown")
        XCTAssertTrue(response.keys.contains("result") && response["error"] == nil, "shutdown answers null")
        server.notify("exit", [:])
        XCTAssertEqual(server.exitCode(), 0, "exit after shutdown exits with 0")
        shared = nil
    }

    private func open(_ server: LanguageServerClient, _ uri: String, _ text: String, version: Int = 1) {
        server.notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "header", "version": version, "text": text]])
    }

    private func range(_ line: Int, _ start: Int, _ end: Int) -> [String: [String: Int]] {
        ["start": ["line": line, "character": start], "end": ["line": line, "character": end]]
    }

    private func rangeOf(_ value: Any?) -> [String: [String: Int]]? {
        guard let object = value as? [String: Any], let start = object["start"] as? [String: Int],
              let end = object["end"] as? [String: Int] else { return nil }
        return ["start": start, "end": end]
    }

    private func at(_ uri: String, _ line: Int, _ character: Int) -> [String: Any] {
        ["textDocument": ["uri": uri], "position": ["line": line, "character": character]]
    }

    // MARK: diagnostics

    /// The unknown name stands after two emoji in a comment: each is two UTF-16 code units (and one
    /// Character, and four UTF-8 bytes), so a server counting anything but UTF-16 is off by two or more.
    private static let emojiSpec = """
        header Emoji

        let rest = 120pt
        let shown = /* 🎉👍 */ rest + 1️⃣missing2️⃣

        bar {
            height = shown
        }

        """

    func testDiagnosticsArePlacedInUTF16AndAFixClearsThem() throws {
        let server = try server
        let marked = Markers.extract(LanguageServerTests.emojiSpec)
        let uri = "file:///tmp/emoji.header"
        open(server, uri, marked.text)
        let diagnostics = server.diagnostics(for: uri, version: 1)
        XCTAssertEqual(diagnostics.count, 1, "\(diagnostics)")
        let error = try XCTUnwrap(diagnostics.first)
        XCTAssertEqual(error["severity"] as? Int, 1)
        XCTAssertEqual(error["message"] as? String, "unknown name 'missing'")
        // Worked out by hand: "let shown = " is 12 units, "/* " 3, 🎉 and 👍 two each, " */ " 4, "rest + " 7.
        XCTAssertEqual(rangeOf(error["range"]), range(3, 30, 37))
        // And from the markers: the Characters before each, counted again in UTF-16.
        let line = marked.text.components(separatedBy: "\n")[3]
        let start = line.prefix(marked["1️⃣"].column - 1).utf16.count, end = line.prefix(marked["2️⃣"].column - 1).utf16.count
        XCTAssertEqual(rangeOf(error["range"]), range(marked["1️⃣"].line - 1, start, end))

        // An incremental change, in UTF-16 ranges, that replaces the unknown name with a declared one.
        server.notify("textDocument/didChange", [
            "textDocument": ["uri": uri, "version": 2],
            "contentChanges": [["range": range(3, 30, 37), "text": "rest"]],
        ])
        XCTAssertEqual(server.diagnostics(for: uri, version: 2).count, 0, "the fix clears the error")

        // Two changes in one quick burst, the second a whole new text: only the last version is published.
        server.notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": 3],
                                                 "contentChanges": [["range": range(3, 23, 27), "text": "nothing"]]])
        server.notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": 4],
                                                 "contentChanges": [["text": "header Emoji\n\nlet a = 1 +\n"]]])
        let last = server.diagnostics(for: uri, version: 4)
        XCTAssertFalse(server.holds { ($0["params"] as? [String: Any])?["version"] as? Int == 3 }, "version 3 was never published")
        XCTAssertEqual(last.count, 1, "\(last)")
        XCTAssertEqual((last.first?["range"] as? [String: Any]).flatMap { $0["start"] as? [String: Int] }?["line"], 3,
                       "the missing operand is reported at the end of the text, on line 4")
        server.notify("textDocument/didClose", ["textDocument": ["uri": uri]])
        XCTAssertEqual(server.diagnostics(for: uri, version: nil).count, 0, "closing clears the diagnostics")
    }

    /// A note is the diagnostic's related information, at its own place in the same document.
    func testNotesAreRelatedInformation() throws {
        let server = try server
        let uri = "file:///tmp/notes.header"
        open(server, uri, "header N\n\nlet a = 1\nlet a = 2\nb {\n    opacity = a\n}\n")
        let diagnostics = server.diagnostics(for: uri, version: 1)
        let duplicate = try XCTUnwrap(diagnostics.first { ($0["message"] as? String)?.hasPrefix("duplicate declaration") == true },
                                      "\(diagnostics)")
        XCTAssertEqual(rangeOf(duplicate["range"]), range(3, 4, 5))
        let related = try XCTUnwrap(duplicate["relatedInformation"] as? [[String: Any]])
        XCTAssertEqual(related.count, 1)
        XCTAssertEqual(related.first?["message"] as? String, "'a' is first declared here")
        let location = related.first?["location"] as? [String: Any]
        XCTAssertEqual(location?["uri"] as? String, uri)
        XCTAssertEqual(rangeOf(location?["range"]), range(2, 4, 5))
        server.notify("textDocument/didClose", ["textDocument": ["uri": uri]])
    }

    // MARK: formatting

    func testFormattingIsWhatFmtPrints() throws {
        let server = try server
        let text = "header   Fmt\nlet  a=1\nx{\n  y=a}\n"
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("lsp-fmt-\(UUID().uuidString).header")
        try text.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let fmt = Process()
        fmt.executableURL = try LanguageServerClient.binary()
        fmt.arguments = ["fmt", file.path]
        let pipe = Pipe()
        fmt.standardOutput = pipe
        try fmt.run()
        let printed = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        fmt.waitUntilExit()
        XCTAssertNotEqual(printed, text)

        let uri = "file:///tmp/fmt.header"
        open(server, uri, text)
        let edits = try XCTUnwrap(server.request("textDocument/formatting", ["textDocument": ["uri": uri],
                                                                            "options": ["tabSize": 4, "insertSpaces": true]])["result"] as? [[String: Any]])
        XCTAssertEqual(edits.count, 1)
        XCTAssertEqual(edits.first?["newText"] as? String, printed)
        // Four lines, each ended: the document ends at the start of a fifth.
        XCTAssertEqual(rangeOf(edits.first?["range"]), ["start": ["line": 0, "character": 0], "end": ["line": 4, "character": 0]])

        server.notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": 2], "contentChanges": [["text": printed]]])
        let again = server.request("textDocument/formatting", ["textDocument": ["uri": uri], "options": [String: Any]()])
        XCTAssertEqual((again["result"] as? [Any])?.count, 0, "a formatted file gets no edit")
        server.notify("textDocument/didClose", ["textDocument": ["uri": uri]])
    }

    // MARK: names

    private static let namesSpec = """
        header Hover

        input scale in 0.5...2 = 1
        /// The avatar's side, scaled.
        let side = 40pt * scale

        avatar {
            size = side
            radius = side / 2
        }

        """

    func testHoverShowsDocumentationTypeAndProvenRange() throws {
        let server = try server
        let uri = "file:///tmp/hover.header"
        open(server, uri, LanguageServerTests.namesSpec)
        // `side` in `    size = side`: it starts after 11 units.
        let hover = try XCTUnwrap(server.request("textDocument/hover", at(uri, 7, 12))["result"] as? [String: Any])
        let value = try XCTUnwrap((hover["contents"] as? [String: Any])?["value"] as? String)
        XCTAssertEqual((hover["contents"] as? [String: Any])?["kind"] as? String, "markdown")
        XCTAssertTrue(value.contains("let side: pt"), value)
        XCTAssertTrue(value.contains("The avatar's side, scaled."), value)
        // 40 pt times a scale between 0.5 and 2.
        XCTAssertTrue(value.contains("Proven range: `20 … 80 pt`"), value)
        XCTAssertEqual(rangeOf(hover["range"]), range(7, 11, 15))

        // An output: half of the side.
        let radius = try XCTUnwrap(server.request("textDocument/hover", at(uri, 8, 6))["result"] as? [String: Any])
        let radiusText = try XCTUnwrap((radius["contents"] as? [String: Any])?["value"] as? String)
        XCTAssertTrue(radiusText.contains("avatar.radius: pt") && radiusText.contains("`10 … 40 pt`"), radiusText)

        // A built-in.
        server.notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": 2],
                                                 "contentChanges": [["range": range(8, 13, 21), "text": "clamp(side, 0pt, 30pt)"]]])
        let builtin = try XCTUnwrap(server.request("textDocument/hover", at(uri, 8, 15))["result"] as? [String: Any])
        XCTAssertTrue(((builtin["contents"] as? [String: Any])?["value"] as? String ?? "").contains("clamp(x, low, high)"))
        server.notify("textDocument/didClose", ["textDocument": ["uri": uri]])
    }

    /// A Float says so where it is declared, inferred or written, and in a function's signature.
    func testHoverShowsAFloat() throws {
        let server = try server
        let uri = "file:///tmp/float.header"
        let text = """
            header F
            input density: float px/pt = 2.625
            let fraction = toFloat(offset / 300pt)
            func lerp(a: float pt, b: float pt, t: float): float pt = (1 - t) * a + t * b
            bar {
                height = toDouble(lerp(10pt, 56pt, fraction))
            }
            """
        open(server, uri, text)
        func hover(_ line: Int, _ character: Int) throws -> String {
            let result = try XCTUnwrap(server.request("textDocument/hover", at(uri, line, character))["result"] as? [String: Any])
            return try XCTUnwrap((result["contents"] as? [String: Any])?["value"] as? String)
        }
        let input = try hover(1, 7)
        XCTAssertTrue(input.contains("input density: float px/pt") && input.contains("computed in binary32"), input)
        // Inferred: no type is written, and the checker's is shown.
        let value = try hover(2, 6)
        XCTAssertTrue(value.contains("let fraction: float\n") && value.contains("a number, without a unit, computed in binary32"), value)
        let function = try hover(3, 6)
        XCTAssertTrue(function.contains("func lerp(a: float pt, b: float pt, t: float): float pt"), function)
        // The output is a Double: toDouble made it one.
        let output = try hover(5, 9)
        XCTAssertTrue(output.contains("bar.height: pt\n") && !output.contains("binary32"), output)
        server.notify("textDocument/didClose", ["textDocument": ["uri": uri]])
    }

    func testDefinitionAndReferencesOfANamedValue() throws {
        let server = try server
        let uri = "file:///tmp/names.header"
        open(server, uri, LanguageServerTests.namesSpec)
        // `side` in `    radius = side / 2` starts after 13 units; it is declared on line 5 after `let `.
        let definition = try XCTUnwrap(server.request("textDocument/definition", at(uri, 8, 14))["result"] as? [String: Any])
        XCTAssertEqual(definition["uri"] as? String, uri)
        XCTAssertEqual(rangeOf(definition["range"]), range(4, 4, 8))

        var params = at(uri, 4, 5)
        params["context"] = ["includeDeclaration": true]
        let references = try XCTUnwrap(server.request("textDocument/references", params)["result"] as? [[String: Any]])
        XCTAssertEqual(references.compactMap { rangeOf($0["range"]) }, [range(4, 4, 8), range(7, 11, 15), range(8, 13, 17)])
        params["context"] = ["includeDeclaration": false]
        let uses = try XCTUnwrap(server.request("textDocument/references", params)["result"] as? [[String: Any]])
        XCTAssertEqual(uses.compactMap { rangeOf($0["range"]) }, [range(7, 11, 15), range(8, 13, 17)])
        server.notify("textDocument/didClose", ["textDocument": ["uri": uri]])
    }

    /// A state read by its own update and by an output, and a curve named after `via`.
    func testReferencesOfAStateAndDefinitionOfACurve() throws {
        let server = try server
        let uri = "file:///tmp/refs.header"
        open(server, uri, """
            header Refs

            /// Smooth.
            curve soft = cubicBezier(0.2, 0, 0.2, 1)
            state h = 100pt in 50pt...200pt {
                next = h - delta
            }

            b {
                height = h
                top = keyframes(offset) { 0: 0pt, 100pt: 10pt via soft }
            }

            """)
        var params = at(uri, 9, 13)
        params["context"] = ["includeDeclaration": true]
        let references = try XCTUnwrap(server.request("textDocument/references", params)["result"] as? [[String: Any]])
        // `state ` is 6 characters, `    next = ` 11, `    height = ` 13.
        XCTAssertEqual(references.compactMap { rangeOf($0["range"]) }, [range(4, 6, 7), range(5, 11, 12), range(9, 13, 14)])
        // `    top = keyframes(offset) { 0: 0pt, 100pt: 10pt via ` is 54 characters; `curve ` 6.
        let definition = try XCTUnwrap(server.request("textDocument/definition", at(uri, 10, 56))["result"] as? [String: Any])
        XCTAssertEqual(rangeOf(definition["range"]), range(3, 6, 10))
        let hover = try XCTUnwrap(server.request("textDocument/hover", at(uri, 10, 56))["result"] as? [String: Any])
        let text = (hover["contents"] as? [String: Any])?["value"] as? String ?? ""
        XCTAssertTrue(text.contains("curve soft") && text.contains("Smooth."), text)
        server.notify("textDocument/didClose", ["textDocument": ["uri": uri]])
    }

    /// `snap state hidden` names the state it moves, so its references include the snap; in a rule, `target` is
    /// the gesture's, not an input of that name.
    func testReferencesThroughSnapsOfStatesAndRules() throws {
        let server = try server
        let uri = "file:///tmp/snaps.header"
        open(server, uri, """
            header Snaps
            input target: pt = 10pt
            state hidden: pt = 0 { next = hidden + delta }
            snap state hidden { 0pt, 100pt } rule target < 50pt ? 0pt : 100pt
            snap bar { 0pt, target } rule target

            b {
                height = hidden + target
            }

            """)
        var params = at(uri, 2, 6)
        params["context"] = ["includeDeclaration": true]
        let hidden = try XCTUnwrap(server.request("textDocument/references", params)["result"] as? [[String: Any]])
        // `state ` 6; `state hidden: pt = 0 { next = ` 30; `snap state ` 11; `    height = ` 13.
        XCTAssertEqual(hidden.compactMap { rangeOf($0["range"]) }, [range(2, 6, 12), range(2, 30, 36), range(3, 11, 17), range(7, 13, 19)])
        params = at(uri, 1, 6)
        params["context"] = ["includeDeclaration": true]
        let target = try XCTUnwrap(server.request("textDocument/references", params)["result"] as? [[String: Any]])
        // The input's declaration, the second point of `bar` (`snap bar { 0pt, ` is 16), and the block's read
        // (`    height = hidden + ` is 22); none of the rules' `target`s.
        XCTAssertEqual(target.compactMap { rangeOf($0["range"]) }, [range(1, 6, 12), range(4, 16, 22), range(7, 22, 28)])
        server.notify("textDocument/didClose", ["textDocument": ["uri": uri]])
    }

    /// A function: its definition and references from a call, its parameters' within its body (apart from
    /// a global of the same name), hover with its signature, completion and the outline.
    func testFunctionsAndTheirParameters() throws {
        let server = try server
        let uri = "file:///tmp/functions.header"
        open(server, uri, """
            header Functions

            input x = 2
            /// Maps `x` from low...high to 0...1.
            func normalized(x, low: pt, high: pt): number = clamp((x - low) / (high - low), 0, 1)

            b {
                opacity = normalized(offset, 10pt, 50pt)
                scale = normalized(x * 1pt, 0pt, 4pt)
            }

            """)
        // `    opacity = ` is 14 characters; `func ` 5.
        let definition = try XCTUnwrap(server.request("textDocument/definition", at(uri, 7, 16))["result"] as? [String: Any])
        XCTAssertEqual(rangeOf(definition["range"]), range(4, 5, 15))
        var params = at(uri, 4, 7)
        params["context"] = ["includeDeclaration": true]
        let calls = try XCTUnwrap(server.request("textDocument/references", params)["result"] as? [[String: Any]])
        XCTAssertEqual(calls.compactMap { rangeOf($0["range"]) }, [range(4, 5, 15), range(7, 14, 24), range(8, 12, 22)])
        // The parameter `x` (at 16) and its use in the body (at 55), not the input `x` of line 2 nor its use at line 8.
        let body = "func normalized(x, low: pt, high: pt): number = clamp(("
        let parameterReferences = try XCTUnwrap(server.request("textDocument/references", {
            var request = at(uri, 4, 16)
            request["context"] = ["includeDeclaration": true]
            return request
        }())["result"] as? [[String: Any]])
        XCTAssertEqual(parameterReferences.compactMap { rangeOf($0["range"]) }, [range(4, 16, 17), range(4, body.count, body.count + 1)])
        let parameterDefinition = try XCTUnwrap(server.request("textDocument/definition", at(uri, 4, body.count))["result"] as? [String: Any])
        XCTAssertEqual(rangeOf(parameterDefinition["range"]), range(4, 16, 17))
        let inputDefinition = try XCTUnwrap(server.request("textDocument/definition", at(uri, 8, 23))["result"] as? [String: Any])
        XCTAssertEqual(rangeOf(inputDefinition["range"]), range(2, 6, 7))
        let hover = try XCTUnwrap(server.request("textDocument/hover", at(uri, 7, 16))["result"] as? [String: Any])
        let text = (hover["contents"] as? [String: Any])?["value"] as? String ?? ""
        XCTAssertTrue(text.contains("func normalized(x, low: pt, high: pt): number") && text.contains("Maps `x`"), text)
        let completion = try XCTUnwrap(server.request("textDocument/completion", at(uri, 8, 12))["result"] as? [String: Any])
        let items = try XCTUnwrap(completion["items"] as? [[String: Any]])
        let item = items.first { $0["label"] as? String == "normalized" }
        XCTAssertEqual(item?["detail"] as? String, "func normalized(x, low: pt, high: pt): number")
        XCTAssertEqual(item?["kind"] as? Int, 3)
        let symbols = try XCTUnwrap(server.request("textDocument/documentSymbol", ["textDocument": ["uri": uri]])["result"] as? [[String: Any]])
        let children = symbols.first?["children"] as? [[String: Any]] ?? []
        XCTAssertEqual(children.map { $0["name"] as? String }, ["x", "normalized", "b"])
        XCTAssertEqual(children[1]["kind"] as? Int, 12)
        XCTAssertEqual((children[1]["children"] as? [[String: Any]])?.map { $0["name"] as? String }, ["x", "low", "high"])
        server.notify("textDocument/didClose", ["textDocument": ["uri": uri]])
    }

    func testCompletionOffersBuiltinsAndNamesInScope() throws {
        let server = try server
        let uri = "file:///tmp/completion.header"
        open(server, uri, LanguageServerTests.namesSpec)
        let result = try XCTUnwrap(server.request("textDocument/completion", at(uri, 8, 13))["result"] as? [String: Any])
        let items = try XCTUnwrap(result["items"] as? [[String: Any]])
        let byLabel = Dictionary(items.map { ($0["label"] as? String ?? "", $0) }, uniquingKeysWith: { first, _ in first })
        XCTAssertEqual(byLabel["clamp"]?["detail"] as? String, "clamp(x, low, high)")
        XCTAssertNotNil(byLabel["side"], "a named value")
        XCTAssertNotNil(byLabel["scale"], "an input")
        XCTAssertNotNil(byLabel["easeInOut"], "a curve preset")
        XCTAssertNotNil(byLabel["radius"], "a property the file uses")
        server.notify("textDocument/didClose", ["textDocument": ["uri": uri]])
    }

    /// Hover on a rounding built-in says which language rounds alike; completion offers each with its signature.
    func testRoundingBuiltinsHoverAndComplete() throws {
        let server = try server
        let uri = "file:///tmp/rounding.header"
        open(server, uri, LanguageServerTests.namesSpec)
        server.notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": 2],
                                                 "contentChanges": [["range": range(8, 13, 21), "text": "roundHalfUp(side / 2)"]]])
        let hover = try XCTUnwrap(server.request("textDocument/hover", at(uri, 8, 15))["result"] as? [String: Any])
        let text = (hover["contents"] as? [String: Any])?["value"] as? String ?? ""
        XCTAssertTrue(text.contains("roundHalfUp(x)") && text.contains("halves toward +infinity") && text.contains("Math.round"), text)
        let result = try XCTUnwrap(server.request("textDocument/completion", at(uri, 8, 13))["result"] as? [String: Any])
        let items = try XCTUnwrap(result["items"] as? [[String: Any]])
        let byLabel = Dictionary(items.map { ($0["label"] as? String ?? "", $0) }, uniquingKeysWith: { first, _ in first })
        for (label, signature) in [("trunc", "trunc(x)"), ("roundHalfUp", "roundHalfUp(x)"), ("roundHalfEven", "roundHalfEven(x)"),
                                   ("div", "div(a, b)"), ("fmin", "fmin(a, b, ...)"), ("fmax", "fmax(a, b, ...)")] {
            XCTAssertEqual(byLabel[label]?["detail"] as? String, signature)
        }
        server.notify("textDocument/didClose", ["textDocument": ["uri": uri]])
    }

    func testOutlineHoldsDeclarationsAndBlocksWithTheirProperties() throws {
        let server = try server
        let uri = "file:///tmp/outline.header"
        open(server, uri, LanguageServerTests.namesSpec)
        let symbols = try XCTUnwrap(server.request("textDocument/documentSymbol", ["textDocument": ["uri": uri]])["result"] as? [[String: Any]])
        XCTAssertEqual(symbols.map { $0["name"] as? String }, ["Hover"])
        let children = symbols.first?["children"] as? [[String: Any]] ?? []
        XCTAssertEqual(children.map { $0["name"] as? String }, ["scale", "side", "avatar"])
        let properties = children.last?["children"] as? [[String: Any]] ?? []
        XCTAssertEqual(properties.map { $0["name"] as? String }, ["size", "radius"])
        XCTAssertEqual(rangeOf(properties.last?["selectionRange"]), range(8, 4, 10))
        server.notify("textDocument/didClose", ["textDocument": ["uri": uri]])
    }

    /// A block's structure: hover and the outline show what it is and where it sits, a block a clause names
    /// hovers as that block, and completion offers the kinds, clauses, alignments and edges.
    func testStructureInHoverOutlineAndCompletion() throws {
        let server = try server
        let uri = "file:///tmp/structure.header"
        open(server, uri, "header Structure\ncover: image clipped {\n    height = 190pt - offset\n}\n/// The profile image.\n"
                          + "avatar: circle in cover at bottomLeading center on bottom {\n    size = 88pt\n}\nbadge {}\n")
        let hover = try XCTUnwrap(server.request("textDocument/hover", at(uri, 5, 2))["result"] as? [String: Any])
        let text = (hover["contents"] as? [String: Any])?["value"] as? String ?? ""
        XCTAssertTrue(text.contains("avatar: circle in cover at bottomLeading center on bottom { … }"), text)
        XCTAssertTrue(text.contains("The profile image.") && text.contains("placed by its structure"), text)
        let named = try XCTUnwrap(server.request("textDocument/hover", at(uri, 5, 19))["result"] as? [String: Any])
        let namedText = (named["contents"] as? [String: Any])?["value"] as? String ?? ""
        XCTAssertTrue(namedText.contains("cover: image clipped { … }"), namedText)
        let guessed = try XCTUnwrap(server.request("textDocument/hover", at(uri, 8, 1))["result"] as? [String: Any])
        XCTAssertTrue(((guessed["contents"] as? [String: Any])?["value"] as? String ?? "").contains("declares no structure"))
        let definition = try XCTUnwrap(server.request("textDocument/definition", at(uri, 5, 19))["result"] as? [String: Any])
        XCTAssertEqual(rangeOf(definition["range"]), range(1, 0, 5))
        let symbols = try XCTUnwrap(server.request("textDocument/documentSymbol", ["textDocument": ["uri": uri]])["result"] as? [[String: Any]])
        let children = symbols.first?["children"] as? [[String: Any]] ?? []
        XCTAssertEqual(children.map { $0["detail"] as? String }, ["image clipped", "circle in cover at bottomLeading center on bottom", "block"])
        let result = try XCTUnwrap(server.request("textDocument/completion", at(uri, 6, 4))["result"] as? [String: Any])
        let items = try XCTUnwrap(result["items"] as? [[String: Any]])
        let byLabel = Dictionary(items.map { ($0["label"] as? String ?? "", $0) }, uniquingKeysWith: { first, _ in first })
        XCTAssertEqual(byLabel["circle"]?["detail"] as? String, "block kind")
        XCTAssertEqual(byLabel["page"]?["detail"] as? String, "block kind")
        XCTAssertEqual(byLabel["padding"]?["detail"] as? String, "structure clause")
        XCTAssertEqual(byLabel["bottomLeading"]?["detail"] as? String, "alignment")
        XCTAssertEqual(byLabel["horizontal"]?["detail"] as? String, "edge")
        server.notify("textDocument/didClose", ["textDocument": ["uri": uri]])
    }

    // MARK: inlay hints

    func testInlayHintsShowEachOutputsProvenRangeInTheExamples() throws {
        let server = try server
        // The outputs of each example, counted in the files.
        let outputs = ["AppleMusicProfile": 4, "ProfileStretchy": 7, "StickyParallax": 6, "StretchyImage": 2]
        for (name, count) in outputs {
            let uri = "file:///examples/\(name).header"
            open(server, uri, try PackagePaths.text("Examples/\(name).header"))
            let whole = ["start": ["line": 0, "character": 0], "end": ["line": 1000, "character": 0]]
            let hints = try XCTUnwrap(server.request("textDocument/inlayHint", ["textDocument": ["uri": uri], "range": whole])["result"] as? [[String: Any]])
            XCTAssertEqual(hints.count, count, name)
            XCTAssertTrue(hints.allSatisfy { ($0["label"] as? String)?.hasPrefix("∈ ") == true }, "\(hints)")
            let labels = hints.map { hint -> String in
                let position = hint["position"] as? [String: Int] ?? [:]
                return "\(position["line"] ?? -1):\(position["character"] ?? -1) \(hint["label"] as? String ?? "")"
            }
            switch name {
            case "StretchyImage":
                // 300 pt plus the overscroll, unbounded; minus the scroll, never above 0. Each after its line's 36 and 29 units.
                XCTAssertEqual(labels, ["7:36 ∈ 300 … +inf pt", "9:29 ∈ -inf … 0 pt"])
            case "AppleMusicProfile":
                // p is clamped to 0...1: 50 pt plus up to 60 pt.
                XCTAssertTrue(labels.contains("23:26 ∈ 50 … 110 pt"), "\(labels)")
            default:
                break
            }
            server.notify("textDocument/didClose", ["textDocument": ["uri": uri]])
        }
    }

    // MARK: bad traffic

    /// Each mistake is answered as the protocol says, and a request after it still gets its answer.
    func testBadTrafficIsAnsweredAndTheServerGoesOn() throws {
        let server = try server
        func stillAnswers(_ file: StaticString = #filePath, _ line: UInt = #line) {
            let response = server.request("textDocument/documentSymbol", ["textDocument": ["uri": "file:///tmp/alive.header"]],
                                          file: file, line: line)
            XCTAssertNotNil(response["result"], "the server still answers", file: file, line: line)
        }
        open(server, "file:///tmp/alive.header", "header Alive\n")
        func isError(_ code: Int) -> ([String: Any]) -> Bool {
            { ($0["error"] as? [String: Any])?["code"] as? Int == code }
        }

        // Not JSON: a parse error with a null id.
        server.sendRaw(Array("Content-Length: 13\r\n\r\n{\"jsonrpc\": 2".utf8))
        let garbled = server.wait(for: isError(-32700))
        XCTAssertTrue(garbled["id"] is NSNull, "\(garbled)")
        stillAnswers()

        // A length that says too little: the body is cut, fails as JSON, and the rest is skipped up to the
        // next header.
        let cutShort = server.frame(["jsonrpc": "2.0", "id": 901, "method": "textDocument/documentSymbol",
                                     "params": ["textDocument": ["uri": "file:///tmp/alive.header"]]])
        let cutBody = cutShort.drop { $0 != UInt8(ascii: "{") }
        server.sendRaw(Array("Content-Length: 10\r\n\r\n".utf8) + Array(cutBody))
        XCTAssertTrue(server.wait(for: isError(-32700))["id"] is NSNull)
        stillAnswers()

        // A length that says too much: the body ends where the next header starts.
        let body = Array("{\"jsonrpc\":\"2.0\",\"id\":\"long\",\"method\":\"textDocument/documentSymbol\",\"params\":{\"textDocument\":{\"uri\":\"file:///tmp/alive.header\"}}}".utf8)
        server.sendRaw(Array("Content-Length: \(body.count + 500)\r\n\r\n".utf8) + body)
        stillAnswers()
        XCTAssertNotNil(server.wait { LanguageServerClient.same($0["id"], "long") }["result"], "the body cut at the next header")

        // A header with no length at all, and one whose length is no number: each a parse error.
        server.sendRaw(Array("Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n".utf8))
        XCTAssertTrue(server.wait(for: isError(-32700))["id"] is NSNull)
        stillAnswers()
        server.sendRaw(Array("Content-Length: abc\r\n\r\n".utf8))
        XCTAssertTrue(server.wait(for: isError(-32700))["id"] is NSNull)
        stillAnswers()

        // An unknown method, with a string id.
        let unknown = server.request("textDocument/frobnicate", [:], id: "x-1")
        XCTAssertEqual((unknown["error"] as? [String: Any])?["code"] as? Int, -32601)
        XCTAssertEqual(unknown["id"] as? String, "x-1")

        // An unknown notification gets no answer at all; the next request's answer is the next message.
        server.notify("$/somethingElse", ["x": 1])
        server.notify("$/cancelRequest", ["id": 12345])
        server.notify("textDocument/frobnicated", [:])
        stillAnswers()
        XCTAssertFalse(server.holds { $0["method"] == nil }, "a notification is never answered")

        // A request about a document never opened.
        let never = server.request("textDocument/hover", at("file:///tmp/never-opened.header", 0, 0))
        XCTAssertEqual((never["error"] as? [String: Any])?["code"] as? Int, -32602, "\(never)")
        stillAnswers()
        server.notify("textDocument/didClose", ["textDocument": ["uri": "file:///tmp/alive.header"]])
    }

    /// JSON that is not a request, or a request whose parts have the wrong types or impossible values: each
    /// with an id gets an answer (an error, or a result where the protocol lets positions be clamped), none
    /// stops the server.
    func testMalformedRequestsAreAnsweredWithoutStoppingTheServer() throws {
        let server = try server
        let uri = "file:///tmp/odd.header"
        open(server, uri, "header Odd\nlet a = 1\nb {\n    opacity = a\n}\n")
        func code(_ message: [String: Any]) -> Int? { (message["error"] as? [String: Any])?["code"] as? Int }
        func raw(_ json: String) { server.sendRaw(Array("Content-Length: \(json.utf8.count)\r\n\r\n\(json)".utf8)) }

        raw("[]")
        XCTAssertEqual(code(server.wait { $0["id"] is NSNull }), -32600, "an array is not a message")
        raw("null")
        XCTAssertEqual(code(server.wait { $0["id"] is NSNull }), -32600)
        raw("{\"jsonrpc\":\"2.0\",\"id\":{},\"method\":\"textDocument/hover\"}")
        XCTAssertEqual(code(server.wait { $0["id"] is NSNull }), -32600, "an id that is an object")
        raw("{\"jsonrpc\":\"2.0\",\"id\":71,\"method\":5}")
        XCTAssertEqual(code(server.wait { $0["id"] as? Int == 71 }), -32600, "a method that is a number")
        raw("{\"jsonrpc\":\"2.0\",\"id\":72}")
        XCTAssertEqual(code(server.wait { $0["id"] as? Int == 72 }), -32600, "no method")

        XCTAssertEqual(code(server.request("textDocument/hover", ["textDocument": ["uri": uri], "position": ["line": "a", "character": 0]])), -32602)
        XCTAssertEqual(code(server.request("textDocument/hover", ["position": ["line": 0, "character": 0]])), -32602)
        XCTAssertEqual(code(server.request("initialize", ["capabilities": [String: Any]()])), -32600, "initialize twice")
        for (line, character) in [(1_000_000_000, 0), (-5, -5), (1, 1_000_000_000), (Int.max, Int.max), (Int.min, 3)] {
            let position = ["line": line, "character": character]
            for method in ["textDocument/hover", "textDocument/definition", "textDocument/references", "textDocument/completion"] {
                let response = server.request(method, ["textDocument": ["uri": uri], "position": position])
                XCTAssertTrue(response.keys.contains("result"), "\(method) at \(position): \(response)")
            }
        }
        // Changes with ranges past the end, backwards, or of the wrong type change what they can and stop nothing.
        server.notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": 2], "contentChanges": [
            ["range": range(99, 0, 5), "text": "// end\n"],
            ["range": ["start": ["line": 1, "character": 9], "end": ["line": 0, "character": 0]], "text": ""],
            ["range": "everything", "text": "x"],
            ["text": 5],
        ]])
        server.notify("textDocument/didChange", ["textDocument": ["uri": "file:///tmp/never-opened.header", "version": 2],
                                                 "contentChanges": [["text": "x"]]])
        XCTAssertEqual(server.diagnostics(for: uri, version: 2).count, 0)
        let symbols = server.request("textDocument/documentSymbol", ["textDocument": ["uri": uri]])
        XCTAssertEqual((symbols["result"] as? [[String: Any]])?.first?["name"] as? String, "Odd")
        server.notify("textDocument/didClose", ["textDocument": ["uri": uri]])
    }

    /// JSON nested 100,000 deep and a spec nested as deep: a parse error and a diagnostic, and the server goes on.
    func testDeepNestingNeitherCrashesNorHangs() throws {
        let server = try server
        let deep = String(repeating: "[", count: 100_000) + "1"
        server.sendRaw(Array("Content-Length: \(deep.utf8.count)\r\n\r\n\(deep)".utf8))
        XCTAssertEqual((server.wait { $0["id"] is NSNull }["error"] as? [String: Any])?["code"] as? Int, -32700)
        let uri = "file:///tmp/deep.header"
        open(server, uri, "header D\nlet a = " + String(repeating: "(", count: 100_000) + "1" + String(repeating: ")", count: 100_000)
             + "\nb {\n    opacity = a\n}\n")
        let diagnostics = server.diagnostics(for: uri, version: 1)
        XCTAssertTrue(diagnostics.contains { ($0["message"] as? String)?.contains("too deeply nested") == true }, "\(diagnostics)")
        XCTAssertNotNil(server.request("textDocument/hover", at(uri, 1, 4))["result"])
        server.notify("textDocument/didClose", ["textDocument": ["uri": uri]])
    }

    /// A request cancelled while the server is busy (here with a large document just opened) is answered
    /// with RequestCancelled; the one after it is answered as usual.
    func testACancelledRequestIsAnsweredAsCancelled() throws {
        let server = try server
        var lines = ["header Busy"]
        for index in 0..<300 {
            lines += ["let v\(index) = clamp(offset / \(index + 1)pt, 0, 1)", "b\(index) {", "    opacity = v\(index)", "}"]
        }
        let uri = "file:///tmp/busy.header"
        let open = server.frame(["jsonrpc": "2.0", "method": "textDocument/didOpen",
                                 "params": ["textDocument": ["uri": uri, "languageId": "header", "version": 1,
                                                             "text": lines.joined(separator: "\n")]]])
        let hover = server.frame(["jsonrpc": "2.0", "id": "cancelled", "method": "textDocument/hover",
                                  "params": at(uri, 1, 5)])
        let cancel = server.frame(["jsonrpc": "2.0", "method": "$/cancelRequest", "params": ["id": "cancelled"]])
        server.sendRaw(open + hover + cancel)
        let cancelled = server.wait { LanguageServerClient.same($0["id"], "cancelled") }
        XCTAssertEqual((cancelled["error"] as? [String: Any])?["code"] as? Int, -32800, "\(cancelled)")
        let answered = server.request("textDocument/hover", at(uri, 1, 5))
        XCTAssertNotNil(answered["result"] as? [String: Any], "\(answered)")
        server.notify("textDocument/didClose", ["textDocument": ["uri": uri]])
    }

    /// Input that ends without `shutdown` and `exit` ends the server with 1.
    func testTheEndOfInputWithoutShutdownExitsWithOne() throws {
        let server = try LanguageServerClient()
        XCTAssertNotNil(server.request("initialize", ["capabilities": [String: Any]()])["result"])
        server.closeInput()
        XCTAssertEqual(server.exitCode(), 1)
    }

    /// A session that asks before `initialize`, then asks for UTF-8 positions, and ends without `shutdown`:
    /// its exit code is 1.
    func testUTF8PositionsWhenOfferedAndExitWithoutShutdown() throws {
        let server = try LanguageServerClient()
        let early = server.request("textDocument/hover", at("file:///tmp/early.header", 0, 0))
        XCTAssertEqual((early["error"] as? [String: Any])?["code"] as? Int, -32002, "a request before initialize: \(early)")
        let response = server.request("initialize", ["capabilities": ["general": ["positionEncodings": ["utf-8", "utf-16"]]]])
        XCTAssertEqual(((response["result"] as? [String: Any])?["capabilities"] as? [String: Any])?["positionEncoding"] as? String, "utf-8")
        let uri = "file:///tmp/emoji8.header"
        open(server, uri, Markers.extract(LanguageServerTests.emojiSpec).text)
        let error = try XCTUnwrap(server.diagnostics(for: uri, version: 1).first)
        // In bytes: 12, 3, four for each emoji, 4 and 7.
        XCTAssertEqual(rangeOf(error["range"]), range(3, 34, 41))
        server.notify("exit", [:])
        XCTAssertEqual(server.exitCode(), 1, "exit without shutdown exits with 1")
    }

    // MARK: a real editor

    /// Neovim's own client, headless (`Support/NeovimSession.lua`): it opens a copy of an example with one
    /// declaration squeezed and a block added whose square root the range analysis warns of, waits for the diagnostics, asks for a hover and formats
    /// the buffer through its own formatting path.
    func testNeovimsClientGetsDiagnosticsHoverAndFormatting() throws {
        let searchPath = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
            + ["/usr/bin", "/usr/local/bin"]
        guard let nvim = searchPath.map({ "\($0)/nvim" }).first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw XCTSkip("nvim is not installed (Debian's neovim, which .ci/run installs): the Neovim test skips")
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lsp-nvim-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let example = try PackagePaths.text("Examples/ProfileStretchy.header")
        let exampleLines = example.components(separatedBy: "\n").count - 1
        let text = example.replacingOccurrences(of: "let coverHeight = 190pt", with: "let   coverHeight=190pt")
            + "extra {\n    root: number = sqrt(offset / 1pt)\n}\n"
        let spec = directory.appendingPathComponent("Profile.header")
        try text.write(to: spec, atomically: true, encoding: .utf8)
        let result = directory.appendingPathComponent("result")

        let process = Process()
        process.executableURL = URL(fileURLWithPath: nvim)
        process.arguments = ["--headless", "--clean", "-c", "luafile " + PackagePaths.url("Tests/HeaderKitTests/Support/NeovimSession.lua").path]
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["HEADERC"] = try LanguageServerClient.binary().path
        environment["SPEC"] = spec.path
        environment["RESULT"] = result.path
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        if process.isRunning { process.terminate() }
        XCTAssertEqual(process.terminationStatus, 0)

        let facts = try String(contentsOf: result, encoding: .utf8).components(separatedBy: "\n")
        XCTAssertTrue(facts.contains("diagnostics 1"), "\(facts)")
        // The square root is on the second added line, after `    root: number = `, 19 characters.
        XCTAssertTrue(facts.contains { $0.hasPrefix("diagnostic \(exampleLines + 1):19 severity 2 square root of a negative number") },
                      "\(facts)")
        let hover = facts.first { $0.hasPrefix("hover ") } ?? ""
        XCTAssertTrue(hover.contains("let coverHeight: pt") && hover.contains("The cover's height at rest.")
                      && hover.contains("Proven range: `190 pt`"), hover)

        let fmt = Process()
        fmt.executableURL = try LanguageServerClient.binary()
        fmt.arguments = ["fmt", spec.path]
        let pipe = Pipe()
        fmt.standardOutput = pipe
        try fmt.run()
        let printed = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        fmt.waitUntilExit()
        XCTAssertEqual(try String(contentsOf: directory.appendingPathComponent("result.formatted"), encoding: .utf8), printed)
        XCTAssertTrue(printed.contains("let coverHeight = 190pt"))
    }

    /// The Neovim set-up in `Editors/README.md`, exactly as written there, as a user's `init.lua`: opening a
    /// spec gives the buffer the `header` filetype, starts `headerc lsp` (found on the PATH) and attaches it,
    /// and the spec's warning arrives as a diagnostic.
    func testTheNeovimSetUpInTheEditorsReadmeStartsTheServer() throws {
        let searchPath = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
            + ["/usr/bin", "/usr/local/bin"]
        guard let nvim = searchPath.map({ "\($0)/nvim" }).first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw XCTSkip("nvim is not installed (Debian's neovim, which .ci/run installs): the Neovim set-up test skips")
        }
        let readme = try PackagePaths.text("Editors/README.md")
        let neovim = try XCTUnwrap(readme.range(of: "- **Neovim**"), "Editors/README.md has no Neovim set-up")
        let open = try XCTUnwrap(readme.range(of: "```lua\n", range: neovim.upperBound..<readme.endIndex))
        let close = try XCTUnwrap(readme.range(of: "```", range: open.upperBound..<readme.endIndex))
        // The block as a user pastes it: its lines without the list item's indentation.
        let snippet = readme[open.upperBound..<close.lowerBound].split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix("  ") ? String($0.dropFirst(2)) : String($0) }.joined(separator: "\n")
        XCTAssertTrue(snippet.contains("\"headerc\", \"lsp\""), snippet)

        let directory = try TestScratch.directory("lsp-nvim-readme")
        let initFile = directory.appendingPathComponent("init.lua")
        try snippet.write(to: initFile, atomically: true, encoding: .utf8)
        let spec = directory.appendingPathComponent("Fading.header")
        try "header Fading\nbadge: box {\n    opacity = 1 - offset / 100pt\n}\n".write(to: spec, atomically: true, encoding: .utf8)
        let result = directory.appendingPathComponent("result")
        let check = directory.appendingPathComponent("check.lua")
        try """
            local attached = vim.wait(15000, function()
              return #vim.lsp.buf_get_clients(0) > 0 and #vim.diagnostic.get(0) > 0
            end, 20)
            local file = io.open(os.getenv("RESULT"), "w")
            file:write("filetype " .. vim.bo.filetype .. "\\n")
            file:write("clients " .. #vim.lsp.buf_get_clients(0) .. "\\n")
            for _, diagnostic in ipairs(vim.diagnostic.get(0)) do file:write("diagnostic " .. diagnostic.message .. "\\n") end
            file:close()
            vim.cmd("qall!")
            """.write(to: check, atomically: true, encoding: .utf8)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: nvim)
        process.arguments = ["--headless", "-u", initFile.path, "-i", "NONE", "-c", "edit " + spec.path, "-c", "luafile " + check.path]
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        // `headerc` as the set-up names it: on the PATH; a home of its own, so no other configuration is read.
        let binary = try LanguageServerClient.binary()
        environment["PATH"] = binary.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        for variable in ["HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"] {
            environment[variable] = directory.path
        }
        environment["RESULT"] = result.path
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        if process.isRunning { process.terminate() }
        let facts = (try? String(contentsOf: result, encoding: .utf8))?.components(separatedBy: "\n") ?? []
        XCTAssertTrue(facts.contains("filetype header"), "\(facts)")
        XCTAssertTrue(facts.contains("clients 1"), "\(facts)")
        XCTAssertTrue(facts.contains { $0.hasPrefix("diagnostic 'badge.opacity' rises to") || $0.hasPrefix("diagnostic 'badge.opacity' falls to") },
                      "\(facts)")
    }
}
