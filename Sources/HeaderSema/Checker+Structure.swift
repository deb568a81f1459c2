import HeaderSource
import HeaderSyntax

/// What each block is and where it sits (Grammar.md, "Structure"): the kind and clauses after a block's
/// name, resolved once every block is known, since a block may sit in one declared after it.
extension Checker {
    mutating func checkStructures(_ declarations: [BlockDeclaration], blocks: inout [CheckedBlock]) {
        var indexOf: [String: Int] = [:]
        for (index, block) in blocks.enumerated() { indexOf[block.name] = index }
        var page: (name: String, range: SourceRange)?
        // What each named value computes, for paddings that read inputs through them: built once.
        var valueBySlot: [Int: CheckedExpression] = [:]
        for value in orderedValues { valueBySlot[value.slot] = value.expression }
        for (index, declaration) in declarations.enumerated() {
            guard let syntax = declaration.structure else { continue }
            guard let structure = checkStructure(syntax, of: declaration, indexOf: indexOf, blocks: blocks, valueBySlot: valueBySlot)
            else { continue }
            if structure.kind == .page {
                if let first = page {
                    diagnostics.error("'\(declaration.name.name)' and '\(first.name)' both claim to be the page; a header scrolls one page",
                                      at: syntax.kind.range, notes: [.init(message: "'\(first.name)' is the page here", range: first.range)])
                    continue
                }
                page = (declaration.name.name, syntax.kind.range)
            }
            for property in declaration.properties {
                guard BlockKind.layoutProperties.contains(property.name.name),
                      let reason = structure.kind.refusal(of: property.name.name) else { continue }
                diagnostics.error("'\(property.name.name)' makes no sense for '\(declaration.name.name)', \(structure.kind.described): \(reason)",
                                  at: property.name.range)
            }
            blocks[index].structure = structure
        }
        refuseCycles(declarations, blocks: &blocks)
    }

    private mutating func checkStructure(_ syntax: BlockStructureSyntax, of declaration: BlockDeclaration, indexOf: [String: Int],
                                         blocks: [CheckedBlock], valueBySlot: [Int: CheckedExpression]) -> BlockStructure? {
        let name = declaration.name.name
        guard let kind = BlockKind(rawValue: syntax.kind.name) else {
            let kinds = BlockKind.allCases.map(\.rawValue)
            let hint = Suggestions.closest(to: syntax.kind.name, among: kinds).map { "did you mean '\($0)'? " } ?? ""
            diagnostics.error("unknown kind '\(syntax.kind.name)' for block '\(name)'; \(hint)a block is one of \(kinds.joined(separator: ", "))",
                              at: syntax.kind.range)
            return nil
        }
        var structure = BlockStructure(kind: kind)
        var seen: [String: SourceRange] = [:]
        var failed = false
        func block(_ identifier: Identifier, _ role: String) -> Int? {
            guard let index = indexOf[identifier.name] else {
                let hint = Suggestions.closest(to: identifier.name, among: indexOf.keys.sorted()).map { "; did you mean '\($0)'?" } ?? ""
                diagnostics.error("unknown block '\(identifier.name)' for '\(name)' \(role)\(hint)", at: identifier.range)
                failed = true
                return nil
            }
            return index
        }
        for clause in syntax.clauses {
            // `center on` may be given once for each axis; every other clause once.
            var key = clause.word
            if case .centerOn(let edge) = clause.kind { key += edge.isVertical ? " vertical" : " horizontal" }
            if case .above = clause.kind { key = "above or below" }
            if case .below = clause.kind { key = "above or below" }
            if case .after = clause.kind { key = "after or before" }
            if case .before = clause.kind { key = "after or before" }
            if let first = seen[key] {
                let what = key.hasSuffix("vertical") || key.hasSuffix("horizontal") ? "'center on' clauses for one axis"
                : key.contains(" or ") ? "'\(key.replacingOccurrences(of: " or ", with: "' or '"))' clauses" : "'\(clause.word)' clauses"
                diagnostics.error("block '\(name)' has two \(what)", at: clause.range,
                                  notes: [.init(message: "the first is here", range: first)])
                failed = true
                continue
            }
            seen[key] = clause.range
            switch clause.kind {
            case .container(let identifier):
                if kind == .page {
                    diagnostics.error("the page scrolls under the whole header: it cannot sit in '\(identifier.name)'", at: clause.range)
                    failed = true
                } else if let index = block(identifier, "to sit in") {
                    structure.container = index
                }
            case .above(let identifier), .below(let identifier):
                guard let index = block(identifier, "to stack on") else { continue }
                if case .above = clause.kind { structure.stacking = .above(index) } else { structure.stacking = .below(index) }
            case .after(let identifier), .before(let identifier):
                guard let index = block(identifier, "to sit beside") else { continue }
                if case .after = clause.kind { structure.beside = .after(index) } else { structure.beside = .before(index) }
            case .behind(let identifier):
                if identifier.name == name {
                    diagnostics.error("block '\(name)' cannot be drawn behind itself", at: identifier.range)
                    failed = true
                } else if let index = block(identifier, "to be drawn behind") {
                    structure.behind = index
                }
            case .alignment(let alignment):
                structure.alignment = alignment
            case .scaleFrom(let alignment):
                structure.scaleAnchor = alignment
            case .centerOn(let edge):
                structure.centeredOn.insert(edge)
            case .clipped(let identifier):
                if let identifier {
                    if let index = block(identifier, "to be clipped to") { structure.clip = .block(index) }
                } else {
                    structure.clip = .own
                }
            case .padding(let items):
                for item in items {
                    guard let value = inputLength(item.value, "padding '\(item.edge)' of '\(name)'", valueBySlot: valueBySlot) else { failed = true; continue }
                    for edge in BlockStructureSyntax.paddingEdges[item.edge] ?? [] { structure.padding[edge] = value }
                }
            case .frame(let items):
                for item in items {
                    guard let value = constantLength(item.value, "frame \(item.dimension) of '\(name)'") else { failed = true; continue }
                    if item.dimension == "width" { structure.frameWidth = value } else { structure.frameHeight = value }
                }
            }
        }
        if let container = structure.container, blocks.indices.contains(container), let syntaxKind = blocks[container].structure?.kind,
           syntaxKind == .page {
            diagnostics.error("nothing sits in the page: '\(blocks[container].name)' scrolls, and '\(name)' would scroll with it", at: syntax.range)
            failed = true
        }
        return failed ? nil : structure
    }

    /// A padding: a constant plus inputs times constants (`260pt + safeAreaTop`), read through named
    /// values; what follows the scroll is a property (`top`, `offsetY`), which the layout reads each frame.
    private mutating func inputLength(_ expression: Expression, _ what: String, valueBySlot: [Int: CheckedExpression]) -> LayoutLength? {
        guard let typed = check(expression), conform(typed, to: .length, expression.range, what) else { return nil }
        let inputCount = inputs.count
        func linear(_ expression: CheckedExpression, depth: Int) -> LayoutLength? {
            guard depth < 64 else { return nil }
            switch expression.unlocated {
            case .constant(let value): return LayoutLength(value)
            case .slot(let slot):
                if slot >= 2, slot < 2 + inputCount { return LayoutLength(0, terms: [.init(input: slot - 2, factor: 1)]) }
                return valueBySlot[slot].flatMap { linear($0, depth: depth + 1) }
            case .negate(let operand):
                return linear(operand, depth: depth + 1).map(scaled(by: -1))
            case .arithmetic(let op, let lhs, let rhs):
                guard let left = linear(lhs, depth: depth + 1), let right = linear(rhs, depth: depth + 1) else { return nil }
                switch op {
                case .add: return LayoutLength(left.constant + right.constant, terms: left.terms + right.terms)
                case .subtract: return LayoutLength(left.constant - right.constant, terms: left.terms + right.terms.map { .init(input: $0.input, factor: -$0.factor) })
                case .multiply:
                    if right.terms.isEmpty { return scaled(by: right.constant)(left) }
                    if left.terms.isEmpty { return scaled(by: left.constant)(right) }
                    return nil
                case .divide:
                    return right.terms.isEmpty ? scaled(by: 1 / right.constant)(left) : nil
                }
            default: return nil
            }
        }
        func scaled(by factor: Double) -> (LayoutLength) -> LayoutLength {
            { LayoutLength($0.constant * factor, terms: $0.terms.map { .init(input: $0.input, factor: $0.factor * factor) }) }
        }
        guard let length = linear(typed.expression, depth: 0) else {
            diagnostics.error("\(what) must be a constant such as '20pt', or one plus inputs such as '12pt + safeAreaTop'; what follows the scroll is a property, such as 'top = ...' or 'offsetY = ...'",
                              at: expression.range)
            return nil
        }
        guard length.constant.isFinite, length.terms.allSatisfy({ $0.factor.isFinite }), length.terms.isEmpty ? length.constant >= 0 : true else {
            diagnostics.error("\(what) must be a finite length of at least 0pt, found \(length.constant)", at: expression.range)
            return nil
        }
        return length
    }

    /// A frame's length: a constant, since the layout is placed once and moved by its outputs, and finite
    /// and not negative.
    private mutating func constantLength(_ expression: Expression, _ what: String) -> Double? {
        guard let typed = check(expression), conform(typed, to: .length, expression.range, what) else { return nil }
        guard case .constant(let value) = typed.expression.unlocated else {
            diagnostics.error("\(what) must be a constant length such as '20pt'; one that changes is a property, such as 'top = ...' or 'offsetY = ...'",
                              at: expression.range)
            return nil
        }
        guard value.isFinite, value >= 0 else {
            diagnostics.error("\(what) must be a finite length of at least 0pt, found \(value)", at: expression.range)
            return nil
        }
        return value
    }

    /// Blocks placed against each other in a ring (`a in b`, `b above a`, or clipped to each other) have
    /// no first one to place: each ring is reported once, at the block declared first in it.
    private mutating func refuseCycles(_ declarations: [BlockDeclaration], blocks: inout [CheckedBlock]) {
        enum Mark { case unvisited, visiting, done }
        var marks = [Mark](repeating: .unvisited, count: blocks.count)
        func references(_ index: Int) -> [Int] {
            guard let structure = blocks[index].structure else { return [] }
            var result = structure.placedAgainst
            if case .block(let clip)? = structure.clip { result.append(clip) }
            return result.filter(blocks.indices.contains)
        }
        for start in blocks.indices where marks[start] == .unvisited {
            // Iterative depth-first search: a long chain of blocks must not exhaust the stack.
            var stack: [(block: Int, next: Int)] = [(start, 0)]
            marks[start] = .visiting
            while let top = stack.last {
                let targets = references(top.block)
                guard top.next < targets.count else {
                    marks[top.block] = .done
                    stack.removeLast()
                    continue
                }
                stack[stack.count - 1].next += 1
                let target = targets[top.next]
                switch marks[target] {
                case .done: continue
                case .unvisited:
                    marks[target] = .visiting
                    stack.append((target, 0))
                case .visiting:
                    let ring = stack.map(\.block).drop { $0 != target } + [target]
                    let path = ring.map { "'\(blocks[$0].name)'" }.joined(separator: " → ")
                    let first = ring.min() ?? target
                    let range = declarations.indices.contains(first) ? declarations[first].structure?.range ?? blocks[first].nameRange
                        : blocks[first].nameRange
                    diagnostics.error("blocks are placed against each other in a ring, so none can be placed first: \(path)", at: range)
                    for member in ring { blocks[member].structure = nil }
                }
            }
        }
    }
}

extension BlockKind {
    /// The kind in a message: "an image", "a line of text".
    var described: String {
        switch self {
        case .group: return "a group"
        case .image: return "an image"
        case .material: return "a material"
        case .bar: return "a bar"
        case .circle: return "a circle"
        case .box: return "a box"
        case .text: return "a line of text"
        case .page: return "the page"
        }
    }
}
