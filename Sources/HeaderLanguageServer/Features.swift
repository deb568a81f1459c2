import Foundation
import HeaderSource
import HeaderSyntax
import HeaderMath
import HeaderSema
import HeaderTools

/// The requests about a document: each answers from the document's `DocumentAnalysis`.
extension Session {
    /// The whole document, laid out as `headerc fmt` lays it out; no edit when it has a syntax error or is
    /// already so.
    func formatting(_ params: [String: Any]) throws -> Any {
        let (_, text, analysis) = try document(params)
        let result = Formatter.format(analysis.compilation.source)
        guard let formatted = result.text, result.changesFile else { return [Any]() }
        return [["range": ["start": json(Position(line: 0, character: 0)), "end": json(text.endPosition(in: encoding))],
                 "newText": formatted] as [String: Any]]
    }

    /// A name's declaration, documentation, type and proven range, as Markdown.
    func hover(_ params: [String: Any]) throws -> Any {
        let (_, text, analysis) = try document(params)
        let offset = try offset(params, in: text)
        guard let found = analysis.index.name(at: offset) else { return NSNull() }
        var lines: [String] = []
        if let symbol = found.symbol ?? analysis.index.declaration(named: found.name) {
            let typeText = analysis.typeText(of: symbol)
            let signature: String
            switch symbol.kind {
            case .header: signature = "header \(symbol.name)"
            case .input: signature = "input \(symbol.name)\(typeText)"
            case .value: signature = "let \(symbol.name)\(typeText)"
            case .state: signature = "state \(symbol.name)\(typeText)"
            case .transition: signature = "transition \(symbol.name)"
            case .curve: signature = "curve \(symbol.name)"
            case .animation: signature = "animation \(symbol.name)"
            case .snap: signature = "snap \(symbol.name)"
            case .block: signature = "\(symbol.name)\(symbol.structure.map { ": \($0)" } ?? "") { … }"
            case .property: signature = "\(symbol.block ?? "").\(symbol.name)\(typeText)"
            case .function: signature = SymbolIndex.signature(of: symbol)
            case .parameter:
                signature = "\(symbol.name)\(symbol.annotation.map { ": \($0.text)" } ?? ""), a parameter of \(symbol.block ?? "")"
            }
            lines.append("```header\n\(signature)\n```")
            if let type = analysis.type(of: symbol) {
                let precision = analysis.isFloat(symbol) ? ", computed in binary32 (a Float)" : ""
                lines.append("*\(symbol.kind.rawValue)*, \(Session.describe(type))\(precision)")
            }
            if symbol.kind == .block {
                lines.append(symbol.structure == nil
                    ? "*block*: declares no structure, so the pictures guess what it is from its name (`headerc check` says how)"
                    : "*block*: placed by its structure (Grammar.md, \"Structure\"); `headerc layout` gives its rectangle")
            }
            if let documentation = symbol.documentation, !documentation.isEmpty { lines.append(documentation) }
            if let range = analysis.provenRange(of: symbol) { lines.append("Proven range: `\(range)`") }
        } else if let builtin = Builtin(rawValue: found.name) {
            lines.append("```header\n\(builtin.signature)\n```")
            lines.append("*built-in function*: \(builtin.summary)")
        } else if let preset = Curve.presets.first(where: { $0.name == found.name }) {
            lines.append("```header\n\(preset.name)\n```")
            lines.append("*curve preset*: \(preset.summary)")
        } else if found.name == "offset" {
            lines.append("```header\noffset: pt\n```\n*the scroll offset*, a length in points")
        } else if found.name == "delta" {
            lines.append("```header\ndelta: pt\n```\n*the change of the scroll offset since the previous one*, read by states")
        } else {
            return NSNull()
        }
        return ["contents": ["kind": "markdown", "value": lines.joined(separator: "\n\n")],
                "range": json(found.range, in: text)] as [String: Any]
    }

    private static func describe(_ type: ValueType) -> String {
        switch type {
        case .length: return "a length, in points (`pt`)"
        case .pixels: return "a length in device pixels (`px`)"
        case .density: return "a density, in pixels per point (`px/pt`)"
        case .number: return "a number, without a unit"
        case .bool: return "a bool"
        case .phase: return "the scroll's phase (`idle`, `dragging` or `decelerating`)"
        case .time: return "a duration, in milliseconds (`ms`; `0.3s` is 300)"
        }
    }

    func definition(_ params: [String: Any]) throws -> Any {
        let (uri, text, analysis) = try document(params)
        let offset = try offset(params, in: text)
        guard let found = analysis.index.name(at: offset) else { return NSNull() }
        let symbol = found.symbol ?? analysis.index.declaration(named: found.name)
        guard let symbol else { return NSNull() }
        return ["uri": uri, "range": json(symbol.nameRange, in: text)] as [String: Any]
    }

    func references(_ params: [String: Any]) throws -> Any {
        let (uri, text, analysis) = try document(params)
        let offset = try offset(params, in: text)
        let includeDeclaration = (params["context"] as? [String: Any])?["includeDeclaration"] as? Bool ?? true
        if let parameter = analysis.index.name(at: offset)?.symbol, parameter.kind == .parameter {
            return analysis.index.occurrences(ofParameter: parameter, includingDeclaration: includeDeclaration).map {
                ["uri": uri, "range": json($0, in: text)] as [String: Any]
            }
        }
        guard let found = analysis.index.name(at: offset),
              found.symbol.map({ $0.kind.isReferable }) ?? (analysis.index.declaration(named: found.name) != nil) else {
            return [Any]()
        }
        return analysis.index.occurrences(of: found.name, includingDeclaration: includeDeclaration).map {
            ["uri": uri, "range": json($0, in: text)] as [String: Any]
        }
    }

    /// Names in scope, built-ins with their signatures, curve presets and constructors, keywords, and the
    /// property names the file already uses. The client filters them by what is typed.
    func completion(_ params: [String: Any]) throws -> Any {
        let (_, _, analysis) = try document(params)
        var items: [[String: Any]] = []
        var seen = Set<String>()
        func add(_ label: String, kind: Int, detail: String, documentation: String? = nil) {
            guard seen.insert(label).inserted else { return }
            var item: [String: Any] = ["label": label, "kind": kind, "detail": detail]
            if let documentation { item["documentation"] = ["kind": "markdown", "value": documentation] }
            items.append(item)
        }
        for symbol in analysis.index.declarations where symbol.kind == .function {
            add(symbol.name, kind: 3, detail: SymbolIndex.signature(of: symbol), documentation: symbol.documentation)
        }
        for symbol in analysis.index.declarations where symbol.kind.isReferable {
            let type = analysis.typeText(of: symbol)
            add(symbol.name, kind: symbol.kind == .value ? 21 : symbol.kind == .curve || symbol.kind == .animation ? 12 : 6,
                detail: "\(symbol.kind.rawValue) \(symbol.name)\(type)", documentation: symbol.documentation)
        }
        for name in Vocabulary.predefinedNames { add(name, kind: 6, detail: "\(name): pt") }
        // The phases, unless a declaration hides them (it is then among the declarations above).
        for phase in Vocabulary.phases where !analysis.index.declarations.contains(where: { $0.name == phase }) {
            add(phase, kind: 20, detail: "phase")
        }
        for builtin in Builtin.allCases { add(builtin.rawValue, kind: 3, detail: builtin.signature) }
        for preset in Curve.presets { add(preset.name, kind: 12, detail: "curve preset", documentation: preset.summary) }
        for constructor in Vocabulary.curveConstructors { add(constructor, kind: 3, detail: "curve") }
        for name in analysis.index.propertyNames { add(name, kind: 10, detail: "property") }
        // A block's structure: what it is, the clauses that place it, the points and edges they name.
        for kind in Vocabulary.blockKinds { add(kind, kind: 7, detail: "block kind") }
        for clause in Vocabulary.structureClauses { add(clause, kind: 14, detail: "structure clause") }
        for alignment in Vocabulary.alignments { add(alignment, kind: 20, detail: "alignment") }
        for side in Vocabulary.paddingSides { add(side, kind: 20, detail: "edge") }
        for keyword in Vocabulary.keywords + Vocabulary.contextualKeywords + Vocabulary.contextualConstants {
            add(keyword, kind: 14, detail: "keyword")
        }
        return ["isIncomplete": false, "items": items] as [String: Any]
    }

    /// The outline: the header, and inside it each declaration, blocks holding their properties.
    func documentSymbols(_ params: [String: Any]) throws -> Any {
        let (_, text, analysis) = try document(params)
        func symbolKind(_ kind: SymbolIndex.Kind) -> Int {
            switch kind {
            case .header: return 2
            case .input: return 13
            case .value: return 14
            case .state, .transition: return 13
            case .curve, .animation: return 12
            case .snap: return 20
            case .block: return 23
            case .property: return 7
            case .function: return 12
            case .parameter: return 13
            }
        }
        func json(_ symbol: SymbolIndex.Symbol) -> [String: Any] {
            var item: [String: Any] = [
                "name": symbol.name, "kind": symbolKind(symbol.kind), "detail": symbol.structure ?? symbol.kind.rawValue,
                "range": self.json(symbol.range.union(symbol.nameRange), in: text),
                "selectionRange": self.json(symbol.nameRange, in: text),
            ]
            if !symbol.children.isEmpty { item["children"] = symbol.children.map(json) }
            return item
        }
        let declarations = analysis.index.declarations.map(json)
        guard let header = analysis.index.header else { return declarations }
        return [[
            "name": header.name, "kind": 2, "detail": "header",
            "range": self.json(SourceRange(0, text.bytes.count), in: text),
            "selectionRange": self.json(header.nameRange, in: text),
            "children": declarations,
        ] as [String: Any]]
    }

    /// Each output's proven range, after its expression.
    func inlayHints(_ params: [String: Any]) throws -> Any {
        let (_, text, analysis) = try document(params)
        var low = 0, high = Int.max
        if let range = params["range"] as? [String: Any], let start = position(range["start"]), let end = position(range["end"]) {
            low = text.offset(of: start, in: encoding)
            high = text.offset(of: end, in: encoding)
        }
        var hints: [[String: Any]] = []
        for symbol in analysis.index.allSymbols where symbol.kind == .property {
            guard let valueRange = symbol.valueRange, valueRange.end >= low, valueRange.end <= high,
                  let proven = analysis.provenRange(of: symbol) else { continue }
            hints.append(["position": json(text.position(of: valueRange.end, in: encoding)), "label": "∈ \(proven)",
                          "paddingLeft": true, "tooltip": "the range headerc proves for \(symbol.block ?? "").\(symbol.name)"])
        }
        return hints
    }
}
