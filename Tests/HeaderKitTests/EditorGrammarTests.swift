import Foundation
import XCTest
@testable import HeaderKit

/// `Editors/header.tmLanguage.json` highlights every word the lexer and checker know, read from the
/// library's own tables (`Vocabulary`), so that the grammar and the language cannot drift apart; and the
/// words `Vocabulary` lists by hand are the ones the checker takes.
final class EditorGrammarTests: XCTestCase {
    private static let grammarData: Data? = try? Data(contentsOf: PackagePaths.url("Editors/header.tmLanguage.json"))

    private func tokenizer() throws -> TextMateTokenizer {
        try TextMateTokenizer(json: try XCTUnwrap(Self.grammarData, "Editors/header.tmLanguage.json is missing"))
    }

    /// The scopes on `word` where it first appears after `marker` (or anywhere) in the one-line `text`.
    private func scopes(of word: String, in text: String, after marker: String = "", file: StaticString = #filePath,
                        line: UInt = #line) throws -> [String] {
        let all = try tokenizer().scopes(of: text)[0]
        let string = text as NSString
        let from = marker.isEmpty ? 0 : string.range(of: marker).upperBound
        let range = string.range(of: word, options: [], range: NSRange(location: from, length: string.length - from))
        XCTAssertNotEqual(range.location, NSNotFound, "'\(word)' is not in '\(text)'", file: file, line: line)
        guard range.location != NSNotFound else { return [] }
        // Every character of the word carries the same scopes.
        let first = all[range.location]
        for index in range.location..<range.upperBound {
            XCTAssertEqual(all[index], first, "'\(word)' in '\(text)' is scoped in pieces", file: file, line: line)
        }
        return first
    }

    private func assertScope(_ word: String, in text: String, after marker: String = "", startsWith prefixes: [String],
                             file: StaticString = #filePath, line: UInt = #line) throws {
        let found = try scopes(of: word, in: text, after: marker, file: file, line: line)
        XCTAssertTrue(found.contains { scope in prefixes.contains { scope.hasPrefix($0) } },
                      "'\(word)' in '\(text)' is scoped \(found), not \(prefixes)", file: file, line: line)
    }

    func testGrammarIsWellFormed() throws {
        let tokenizer = try tokenizer()
        XCTAssertEqual(tokenizer.scopeName, "source.header")
        let object = try JSONSerialization.jsonObject(with: try XCTUnwrap(Self.grammarData)) as? [String: Any]
        XCTAssertEqual(object?["fileTypes"] as? [String], ["header"])
        // The VS Code extension points at the same grammar.
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: PackagePaths.url("Editors/vscode/package.json"))) as? [String: Any]
        let contributes = manifest?["contributes"] as? [String: Any]
        let grammars = contributes?["grammars"] as? [[String: Any]]
        XCTAssertEqual(grammars?.first?["scopeName"] as? String, "source.header")
        let path = try XCTUnwrap(grammars?.first?["path"] as? String)
        XCTAssertEqual(try Data(contentsOf: PackagePaths.url("Editors/vscode").appendingPathComponent(path)), Self.grammarData)
    }

    /// The extension's grammar is a file of its own, the same bytes as `Editors/header.tmLanguage.json`, so
    /// that a copy of `Editors/vscode` (which a link would leave dangling) still highlights.
    func testVSCodeExtensionHoldsACopyOfTheGrammar() throws {
        let copy = PackagePaths.url("Editors/vscode/syntaxes/header.tmLanguage.json")
        let attributes = try FileManager.default.attributesOfItem(atPath: copy.path)
        XCTAssertEqual(attributes[.type] as? FileAttributeType, .typeRegular, "\(copy.path) is a link, not a file")
        XCTAssertEqual(try Data(contentsOf: copy), Self.grammarData,
                       "Editors/vscode/syntaxes/header.tmLanguage.json differs from Editors/header.tmLanguage.json: copy it over")
        // Nothing else in the extension points outside it.
        let files = FileManager.default.enumerator(at: PackagePaths.url("Editors/vscode"), includingPropertiesForKeys: [.isSymbolicLinkKey])
        while let file = files?.nextObject() as? URL {
            XCTAssertFalse(try file.resourceValues(forKeys: [.isSymbolicLinkKey]).isSymbolicLink ?? false, "\(file.path) is a link")
        }
    }

    func testKeywords() throws {
        for keyword in Keyword.allCases {
            let text: String
            switch keyword {
            case .header: text = "header Profile"
            case .input: text = "input safeAreaTop: pt = 0"
            case .let: text = "let travel = 146pt"
            case .curve: text = "curve gentle = easeOut"
            case .state: text = "state height = 260pt in 120pt...320pt { next = height - delta }"
            case .snap: text = "snap cover { 0pt, 146pt }"
            case .animation: text = "animation heightSpring = spring(response: 0.35)"
            case .func: text = "func normalized(x, low, high) = clamp((x - low) / (high - low), 0, 1)"
            case .true, .false: text = "let hidden = \(keyword.rawValue)"
            case .and, .or: text = "let hidden = a \(keyword.rawValue) b"
            case .not: text = "let hidden = not a"
            case .keyframes: text = "    opacity = keyframes(progress) { 0.55: 1, 0.9: 0 }"
            case .via: text = "    opacity = keyframes(progress) { 0: 1, 1: 0 via easeOut }"
            }
            try assertScope(keyword.rawValue, in: text, startsWith: ["keyword.", "storage.type.", "constant.language."])
        }
        XCTAssertEqual(Vocabulary.keywords, Keyword.allCases.map(\.rawValue))
    }

    func testFunctionDeclarations() throws {
        let line = "func normalized(x, low: pt, high): number = clamp((x - low) / (high - low), 0, 1)"
        try assertScope("func", in: line, startsWith: ["storage.type.func."])
        try assertScope("normalized", in: line, startsWith: ["entity.name.function."])
        try assertScope("pt", in: line, startsWith: ["support.type."])
        try assertScope("number", in: line, startsWith: ["support.type."])
    }

    func testContextualWordsAndTypes() throws {
        let state = "state height = 260pt in 120pt...320pt {"
        try assertScope("in", in: state, after: "260pt", startsWith: ["keyword."])
        try assertScope("in", in: "input safeAreaTop: pt in 0pt...100pt = 0", after: "pt", startsWith: ["keyword."])
        try assertScope("next", in: "    next = height - delta", startsWith: ["keyword."])
        try assertScope("extend", in: "    x = keyframes(offset, extend: both) { 0: 0, 1: 1 }", startsWith: ["keyword."])
        for mode in ["before", "after", "both", "none"] {
            try assertScope(mode, in: "    x = keyframes(offset, extend: \(mode)) { 0: 0, 1: 1 }", startsWith: ["constant.language."])
        }
        try assertScope("hold", in: "    x = keyframes(offset) { 0: 0, 1: 1 via hold }", startsWith: ["constant.language."])
        for name in Vocabulary.predefinedNames {
            try assertScope(name, in: "let a = \(name) * 2", startsWith: ["variable.language."])
        }
        for type in Vocabulary.types {
            try assertScope(type, in: "input value: \(type) = 0", startsWith: ["support.type."])
            try assertScope(type, in: "input value: \(type) in 0...1 = 0", after: ":", startsWith: ["support.type."])
            try assertScope(type, in: "state value: \(type) = 0 in 0...1 {", after: ":", startsWith: ["support.type."])
        }
        try assertScope("pt", in: "input safeAreaTop: pt in 0pt...100pt = 0", after: ":", startsWith: ["support.type."])
        // A Float's types: the word alone, and before each type that has a Float form.
        for type in ["", " pt", " px", " px/pt", " number"] {
            let declaration = "input value: \(Vocabulary.floatWord)\(type) in 1...4 = 2"
            try assertScope(Vocabulary.floatWord, in: declaration, startsWith: ["support.type."])
            if !type.isEmpty { try assertScope(String(type.dropFirst()), in: declaration, after: Vocabulary.floatWord, startsWith: ["support.type."]) }
            try assertScope("fade", in: "    fade:\(" " + Vocabulary.floatWord + type) = x", startsWith: ["variable.other.property."])
            try assertScope(Vocabulary.floatWord, in: "func f(x: \(Vocabulary.floatWord)\(type)) = x", startsWith: ["support.type."])
        }
        XCTAssertEqual(try scopes(of: "float", in: "let a = float * 2"), [], "as a name it is a name")
        for phase in Vocabulary.phases {
            try assertScope(phase, in: "    opacity = phase == \(phase) ? 1 : 0", startsWith: ["constant.language."])
            try assertScope(phase, in: "input phase: phase = \(phase)", after: "=", startsWith: ["constant.language."])
        }
        try assertScope("phase", in: "input phase: phase = idle", after: ":", startsWith: ["support.type."])
        let snap = "snap bar { 0pt, travel } threshold 0.3 ties up fling 500"
        try assertScope("threshold", in: snap, startsWith: ["keyword."])
        try assertScope("ties", in: snap, startsWith: ["keyword."])
        try assertScope("up", in: snap, startsWith: ["constant.language."])
        try assertScope("fling", in: snap, startsWith: ["keyword."])
        try assertScope("down", in: "snap bar { 0pt, 100pt } ties down", startsWith: ["constant.language."])
        let motion = "snap bar { 0pt, travel } motion easeOut duration reduceMotion ? 0ms : 300ms"
        try assertScope("motion", in: motion, startsWith: ["keyword."])
        try assertScope("duration", in: motion, startsWith: ["keyword."])
        let rule = "snap bar { 0pt, travel } rule target < 0.5 * travel ? 0pt : travel"
        try assertScope("rule", in: rule, startsWith: ["keyword."])
        let stateSnap = "snap state hidden { 0pt, travel } threshold 0.5"
        try assertScope("snap", in: stateSnap, startsWith: ["storage.type."])
        try assertScope("state", in: stateSnap, startsWith: ["storage.modifier."])
        try assertScope("hidden", in: stateSnap, startsWith: ["entity.name."])
        XCTAssertEqual(try scopes(of: "rule", in: "let a = rule"), [])
        // As names they are names.
        XCTAssertEqual(try scopes(of: "threshold", in: "let a = threshold * 2"), [])
        XCTAssertEqual(try scopes(of: "fling", in: "let a = fling"), [])
        XCTAssertEqual(try scopes(of: "motion", in: "let a = motion * 2"), [])
        // A transition's word and clauses, each at the start of its line; names elsewhere.
        try assertScope("transition", in: "transition scrim {", startsWith: ["storage.type."])
        try assertScope("scrim", in: "transition scrim {", startsWith: ["entity.name."])
        for clause in ["on", "off", "duration", "reverse"] {
            try assertScope(clause, in: "    \(clause) offset > 10pt", startsWith: ["keyword."])
            XCTAssertEqual(try scopes(of: clause, in: "let a = \(clause) * 2"), [])
        }
        try assertScope("ms", in: "    duration 600ms", startsWith: ["keyword.other.unit."])
        try assertScope("ms", in: "input fade: ms = 300ms", after: ":", startsWith: ["support.type."])
        XCTAssertEqual(Set(Vocabulary.contextualKeywords + Vocabulary.contextualConstants),
                       ["in", "next", "extend", "before", "after", "both", "none", "hold", "threshold", "ties", "fling", "rule", "up", "down",
                        "transition", "on", "off", "duration", "reverse", "motion"])
    }

    /// A block's structure: its kind, each clause, the blocks it names, alignments, edges and labels.
    func testStructureWords() throws {
        for kind in Vocabulary.blockKinds {
            try assertScope(kind, in: "cover: \(kind) {", after: ":", startsWith: ["support.type."])
        }
        let avatar = "avatar: circle in cover at bottomLeading padding(leading: 20pt) center on bottom scale from bottomLeading behind title {"
        try assertScope("avatar", in: avatar, startsWith: ["entity.name.section."])
        for clause in ["in", "at", "padding", "center", "on", "scale", "from", "behind"] {
            try assertScope(clause, in: avatar, after: "circle", startsWith: ["keyword."])
        }
        try assertScope("cover", in: avatar, startsWith: ["entity.name.section."])
        try assertScope("title", in: avatar, startsWith: ["entity.name.section."])
        try assertScope("leading", in: avatar, after: "padding(", startsWith: ["variable.parameter."])
        try assertScope("bottom", in: avatar, after: "on ", startsWith: ["constant.language."])
        for alignment in Vocabulary.alignments {
            try assertScope(alignment, in: "title: text at \(alignment) {", after: "at ", startsWith: ["constant.language."])
            try assertScope(alignment, in: "title: text scale from \(alignment) {", after: "from ", startsWith: ["constant.language."])
        }
        for side in Vocabulary.paddingSides {
            try assertScope(side, in: "title: text padding(\(side): 12pt + safeAreaTop) {", after: "(", startsWith: ["variable.parameter."])
        }
        let stacked = "title: text in header above subtitle after avatar clipped to header frame(height: 41pt) {"
        for clause in ["above", "after", "clipped", "to", "frame"] { try assertScope(clause, in: stacked, startsWith: ["keyword."]) }
        try assertScope("subtitle", in: stacked, startsWith: ["entity.name.section."])
        try assertScope("41", in: stacked, startsWith: ["constant.numeric."])
        // A property with a type is still a property; the words are names elsewhere.
        try assertScope("fade", in: "    fade: number = 1", startsWith: ["variable.other.property."])
        XCTAssertEqual(try scopes(of: "center", in: "let a = center * 2"), [])
        XCTAssertEqual(Set(Vocabulary.structureClauses), ["in", "at", "above", "below", "after", "before", "behind", "padding", "frame", "center", "clipped", "scale"])
    }

    func testBuiltinsCurvesAndLabels() throws {
        for builtin in Vocabulary.builtins {
            try assertScope(builtin, in: "let a = \(builtin)(1, 2)", startsWith: ["support.function."])
        }
        for preset in Vocabulary.curvePresets {
            try assertScope(preset, in: "    x = keyframes(offset) { 0: 0, 1: 1 via \(preset) }", startsWith: ["support.constant.curve."])
            try assertScope(preset, in: "curve c = \(preset)", after: "=", startsWith: ["support.constant.curve."])
        }
        for constructor in Vocabulary.curveConstructors {
            try assertScope(constructor, in: "curve c = \(constructor)(1)", startsWith: ["support.function.curve."])
        }
        for position in Vocabulary.stepPositions {
            try assertScope(position, in: "curve c = steps(4, \(position))", startsWith: ["support.constant.step-position."])
        }
        for label in Vocabulary.springLabels {
            try assertScope(label, in: "animation a = spring(\(label): 0.5)", startsWith: ["variable.parameter."])
        }
    }

    func testCommentsNumbersAndNames() throws {
        let tokenizer = try tokenizer()
        try assertScope("/// The cover.", in: "/// The cover.", startsWith: ["comment.line.documentation."])
        try assertScope("// not documentation", in: "let a = 1 // not documentation", startsWith: ["comment.line.double-slash."])
        try assertScope("let", in: "/* a /* nested */ let */ let a = 1", startsWith: ["comment.block."])
        try assertScope("let", in: "/* a /* nested */ let */ let a = 1", after: "*/ let */", startsWith: ["storage.type."])
        let lines = tokenizer.scopes(of: "/* one\nlet two\n*/ let a = 1")
        XCTAssertTrue(lines[1].allSatisfy { $0.contains { $0.hasPrefix("comment.block.") } }, "a block comment spans lines")
        try assertScope("190", in: "let coverHeight = 190pt", startsWith: ["constant.numeric."])
        try assertScope("pt", in: "let coverHeight = 190pt", startsWith: ["keyword.other.unit."])
        try assertScope("1.5e3", in: "let a = 1.5e3", startsWith: ["constant.numeric."])
        try assertScope("coverHeight", in: "let coverHeight = 190pt", startsWith: ["entity.name."])
        try assertScope("cover", in: "cover {", startsWith: ["entity.name.section."])
        try assertScope("header", in: "header {", startsWith: ["entity.name.section."])
        try assertScope("scrimOpacity", in: "    scrimOpacity = progress", startsWith: ["variable.other.property."])
        // A plain name is not taken for a keyword or a built-in.
        XCTAssertEqual(try scopes(of: "travel", in: "let a = travel * 2"), [])
        XCTAssertEqual(try scopes(of: "minimum", in: "let a = minimum"), [])
    }

    // MARK: The hand-made lists are what the checker takes

    private func compiles(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
        let compilation = Compilation(path: "v.header", text: text)
        XCTAssertNotNil(compilation.spec, "\(text)\n\(DiagnosticRenderer(source: compilation.source).render(compilation.diagnostics.sorted))",
                        file: file, line: line)
    }

    func testHandListedWordsAreTheCheckers() {
        let arguments = ["cubicBezier": "0.2, 0, 0, 1", "steps": "4", "linear": "0, 1", "spring": "duration: 0.5"]
        for constructor in Vocabulary.curveConstructors {
            compiles("header V\ncurve c = \(constructor)(\(arguments[constructor] ?? ""))\nv {\n    opacity = c(0.5)\n}\n")
        }
        XCTAssertNil(Compilation(path: "v", text: "header V\ncurve c = bezier(0, 0, 1, 1)\nv {\n    opacity = c(0.5)\n}\n").spec)
        for position in Vocabulary.stepPositions {
            compiles("header V\ncurve c = steps(4, \(position))\nv {\n    opacity = c(0.5)\n}\n")
        }
        for label in Vocabulary.springLabels {
            compiles("header V\nanimation a = spring(\(label): 0.5)\nv {\n    opacity = 1\n}\n")
        }
        for mode in ["before", "after", "both", "none"] {
            compiles("header V\nv {\n    opacity = keyframes(offset, extend: \(mode)) { 0: 0, 100: 1 via hold }\n}\n")
        }
        compiles("header V\nstate s = 1 in 0...2 {\n    next = s - delta / 100pt\n}\nv {\n    opacity = s * offset / 1pt\n}\n")
    }
}
