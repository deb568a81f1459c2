import HeaderSource
import HeaderSyntax

/// What a spec declares and where each name is used, read from the parsed tree, so that it answers even
/// while the spec has errors. Inputs, states, named values, curves and animations share one namespace.
package struct SymbolIndex: Sendable {
    package enum Kind: String, Sendable {
        case header, input, value, state, curve, animation, snap, block, property

        /// Whether expressions can name it.
        var isReferable: Bool {
            switch self {
            case .input, .value, .state, .curve, .animation: return true
            case .header, .snap, .block, .property: return false
            }
        }
    }

    package struct Symbol: Sendable {
        package let kind: Kind
        package let name: String
        package let nameRange: SourceRange
        /// The whole declaration.
        package let range: SourceRange
        package let documentation: String?
        package let annotation: ValueType?
        /// For a property, its block's name; its value's range, where an inlay hint goes.
        package let block: String?
        package let valueRange: SourceRange?
        package var children: [Symbol] = []
    }

    package struct Reference: Sendable {
        package let name: String
        package let range: SourceRange
    }

    package private(set) var header: Symbol?
    /// Every declaration in source order; a block's properties are its children.
    package private(set) var declarations: [Symbol] = []
    /// Every name an expression reads, in source order.
    package private(set) var references: [Reference] = []

    package init(_ syntax: SpecSyntax) {
        if let name = syntax.name {
            header = Symbol(kind: .header, name: name.name, nameRange: name.range, range: name.range,
                            documentation: nil, annotation: nil, block: nil, valueRange: nil)
        }
        for declaration in syntax.declarations {
            switch declaration {
            case .input(let input):
                add(.input, input.name, input.range, input.documentation, input.type, [input.defaultValue]
                    + (input.bounds.map { [$0.low, $0.high] } ?? []))
            case .value(let value):
                add(.value, value.name, value.range, value.documentation, value.type, [value.value])
            case .curve(let curve):
                add(.curve, curve.name, curve.range, curve.documentation, nil, [curve.value])
            case .state(let state):
                add(.state, state.name, state.range, state.documentation, state.type,
                    [state.initial, state.next] + (state.bounds.map { [$0.low, $0.high] } ?? []))
            case .snap(let snap):
                add(.snap, snap.name, snap.range, snap.documentation, nil, snap.points)
            case .animation(let animation):
                add(.animation, animation.name, animation.range, animation.documentation, nil, [animation.value])
            case .block(let block):
                var symbol = Symbol(kind: .block, name: block.name.name, nameRange: block.name.range, range: block.range,
                                    documentation: block.documentation, annotation: nil, block: nil, valueRange: nil)
                for property in block.properties {
                    symbol.children.append(Symbol(kind: .property, name: property.name.name, nameRange: property.name.range,
                                                  range: property.range, documentation: property.documentation,
                                                  annotation: property.type?.type, block: block.name.name,
                                                  valueRange: property.value.range))
                    collect(property.value)
                }
                declarations.append(symbol)
            }
        }
        references.sort { $0.range.start < $1.range.start }
    }

    private mutating func add(_ kind: Kind, _ name: Identifier, _ range: SourceRange, _ documentation: String?,
                              _ annotation: TypeAnnotation?, _ expressions: [Expression]) {
        declarations.append(Symbol(kind: kind, name: name.name, nameRange: name.range, range: range,
                                   documentation: documentation, annotation: annotation?.type, block: nil, valueRange: nil))
        for expression in expressions { collect(expression) }
    }

    /// The names an expression reads. A loop over a stack, not recursion: expressions nest as deep as the
    /// parser allows.
    private mutating func collect(_ expression: Expression) {
        var stack = [expression]
        while let next = stack.popLast() {
            if case .name(let identifier) = next.kind {
                references.append(Reference(name: identifier.name, range: identifier.range))
            }
            stack.append(contentsOf: next.kind.children)
        }
    }

    /// The declaration expressions can reach by this name (the first, when a name is declared twice).
    package func declaration(named name: String) -> Symbol? {
        declarations.first { $0.kind.isReferable && $0.name == name }
    }

    /// Every symbol, the properties included, in source order.
    package var allSymbols: [Symbol] {
        declarations.flatMap { [$0] + $0.children }
    }

    /// The name under a byte offset: a declared name or a use of one (an offset just after a name counts,
    /// as a cursor at a word's end does).
    package func name(at offset: Int) -> (name: String, range: SourceRange, symbol: Symbol?)? {
        func covers(_ range: SourceRange) -> Bool { range.start <= offset && offset <= range.end }
        if let header, covers(header.nameRange) { return (header.name, header.nameRange, header) }
        for symbol in allSymbols where covers(symbol.nameRange) { return (symbol.name, symbol.nameRange, symbol) }
        if let reference = references.first(where: { covers($0.range) }) {
            return (reference.name, reference.range, nil)
        }
        return nil
    }

    /// Where a referable name is declared and used.
    package func occurrences(of name: String, includingDeclaration: Bool) -> [SourceRange] {
        var ranges = references.filter { $0.name == name }.map(\.range)
        if includingDeclaration, let declaration = declaration(named: name) {
            ranges.append(declaration.nameRange)
        }
        return ranges.sorted { $0.start < $1.start }
    }

    /// The names used as properties anywhere in the file, once each.
    package var propertyNames: [String] {
        var seen = Set<String>()
        return allSymbols.filter { $0.kind == .property && seen.insert($0.name).inserted }.map(\.name)
    }
}
