import HeaderSource
import HeaderSyntax
import HeaderSema

/// What a spec declares and where each name is used, read from the parsed tree, so that it answers even
/// while the spec has errors. Inputs, states, named values, curves and animations share one namespace.
package struct SymbolIndex: Sendable {
    package enum Kind: String, Sendable {
        case header, input, value, state, curve, animation, snap, block, property
        case function, parameter, transition

        /// Whether expressions anywhere can name it (a parameter is named in its function's body only).
        var isReferable: Bool {
            switch self {
            case .input, .value, .state, .curve, .animation, .function, .transition: return true
            case .header, .snap, .block, .property, .parameter: return false
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
        package let annotation: TypeAnnotation?
        /// For a property, its block's name; its value's range, where an inlay hint goes.
        package let block: String?
        let valueRange: SourceRange?
        package var children: [Symbol] = []
        /// For a block, what it is and where it sits, as written after its name: `circle in cover at bottomLeading`.
        package var structure: String? = nil
    }

    package struct Reference: Sendable {
        package let name: String
        package let range: SourceRange
        /// The function whose parameter this names, for a name in a function's body that is a parameter.
        package var function: String? = nil
    }

    package private(set) var header: Symbol?
    /// Every declaration in source order; a block's properties are its children.
    package private(set) var declarations: [Symbol] = []
    /// Every name an expression reads, in source order.
    package private(set) var references: [Reference] = []
    /// Every block a structure names (`in cover`, `above subtitle`), in source order.
    package private(set) var blockReferences: [Reference] = []

    /// The index of a parsed spec; `source` gives each block's structure as written.
    package init(_ syntax: SpecSyntax, source: SourceFile? = nil) {
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
            case .transition(let transition):
                add(.transition, transition.name, transition.range, transition.documentation, nil,
                    [transition.on, transition.off, transition.duration, transition.curve, transition.reverse].compactMap { $0 })
            case .snap(let snap):
                add(.snap, snap.name, snap.range, snap.documentation, nil, snap.points + [snap.rule.threshold, snap.rule.fling, snap.rule.motion, snap.rule.duration].compactMap { $0 })
                // `snap state hidden` names the state it moves: renaming the state renames it there too.
                if snap.stateKeyword != nil { references.append(Reference(name: snap.name.name, range: snap.name.range)) }
                // In a rule, `target` and `velocity` are the gesture's, whatever else has those names.
                if let rule = snap.rule.rule { collect(rule, hiding: Set(Vocabulary.ruleNames)) }
            case .animation(let animation):
                add(.animation, animation.name, animation.range, animation.documentation, nil, [animation.value])
            case .function(let function):
                // A parameter is a child of its function; its `block` names the function.
                var symbol = Symbol(kind: .function, name: function.name.name, nameRange: function.name.range, range: function.range,
                                    documentation: function.documentation, annotation: function.resultType, block: nil,
                                    valueRange: function.body.range)
                symbol.children = function.parameters.map { parameter in
                    Symbol(kind: .parameter, name: parameter.name.name, nameRange: parameter.name.range,
                           range: parameter.type.map { parameter.name.range.union($0.range) } ?? parameter.name.range,
                           documentation: nil, annotation: parameter.type, block: function.name.name, valueRange: nil)
                }
                declarations.append(symbol)
                collect(function.body, parameters: Set(function.parameters.map(\.name.name)), of: function.name.name)
            case .block(let block):
                var symbol = Symbol(kind: .block, name: block.name.name, nameRange: block.name.range, range: block.range,
                                    documentation: block.documentation, annotation: nil, block: nil, valueRange: nil)
                for property in block.properties {
                    symbol.children.append(Symbol(kind: .property, name: property.name.name, nameRange: property.name.range,
                                                  range: property.range, documentation: property.documentation,
                                                  annotation: property.type, block: block.name.name,
                                                  valueRange: property.value.range))
                    collect(property.value)
                }
                if let structure = block.structure {
                    symbol.structure = source.map { $0.text(of: structure.range) } ?? structure.kind.name
                    for clause in structure.clauses {
                        switch clause.kind {
                        case .container(let name), .above(let name), .below(let name), .after(let name), .before(let name),
                             .behind(let name), .clipped(to: let name?):
                            blockReferences.append(Reference(name: name.name, range: name.range))
                        case .padding(let items): items.forEach { collect($0.value) }
                        case .frame(let items): items.forEach { collect($0.value) }
                        default: break
                        }
                    }
                }
                declarations.append(symbol)
            }
        }
        references.sort { $0.range.start < $1.range.start }
    }

    private mutating func add(_ kind: Kind, _ name: Identifier, _ range: SourceRange, _ documentation: String?,
                              _ annotation: TypeAnnotation?, _ expressions: [Expression]) {
        declarations.append(Symbol(kind: kind, name: name.name, nameRange: name.range, range: range,
                                   documentation: documentation, annotation: annotation, block: nil, valueRange: nil))
        for expression in expressions { collect(expression) }
    }

    /// The names an expression reads. A loop over a stack, not recursion: expressions nest as deep as the
    /// parser allows.
    private mutating func collect(_ expression: Expression, parameters: Set<String> = [], of function: String? = nil,
                                  hiding hidden: Set<String> = []) {
        var stack = [expression]
        while let next = stack.popLast() {
            if case .name(let identifier) = next.kind, !hidden.contains(identifier.name) {
                references.append(Reference(name: identifier.name, range: identifier.range,
                                            function: parameters.contains(identifier.name) ? function : nil))
            }
            stack.append(contentsOf: next.kind.children)
        }
    }

    /// The declaration expressions can reach by this name (the first, when a name is declared twice).
    package func declaration(named name: String) -> Symbol? {
        declarations.first { $0.kind.isReferable && $0.name == name }
    }

    /// Every symbol, the properties included, in source order.
    var allSymbols: [Symbol] {
        declarations.flatMap { [$0] + $0.children }
    }

    /// The name under a byte offset: a declared name or a use of one (an offset just after a name counts,
    /// as a cursor at a word's end does).
    package func name(at offset: Int) -> (name: String, range: SourceRange, symbol: Symbol?)? {
        func covers(_ range: SourceRange) -> Bool { range.start <= offset && offset <= range.end }
        if let header, covers(header.nameRange) { return (header.name, header.nameRange, header) }
        for symbol in allSymbols where covers(symbol.nameRange) { return (symbol.name, symbol.nameRange, symbol) }
        if let reference = blockReferences.first(where: { covers($0.range) }) {
            return (reference.name, reference.range, declarations.first { $0.kind == .block && $0.name == reference.name })
        }
        if let reference = references.first(where: { covers($0.range) }) {
            if let function = reference.function {
                return (reference.name, reference.range, parameter(reference.name, of: function))
            }
            return (reference.name, reference.range, nil)
        }
        return nil
    }

    /// The parameter `name` of the function `function`.
    package func parameter(_ name: String, of function: String) -> Symbol? {
        declarations.first { $0.kind == .function && $0.name == function }?.children.first { $0.name == name }
    }

    /// Where a function's parameter is declared and used, in its body.
    func occurrences(ofParameter parameter: Symbol, includingDeclaration: Bool) -> [SourceRange] {
        var ranges = references.filter { $0.function == parameter.block && $0.name == parameter.name }.map(\.range)
        if includingDeclaration { ranges.append(parameter.nameRange) }
        return ranges.sorted { $0.start < $1.start }
    }

    /// Where a referable name is declared and used.
    func occurrences(of name: String, includingDeclaration: Bool) -> [SourceRange] {
        var ranges = references.filter { $0.name == name && $0.function == nil }.map(\.range)
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

extension SymbolIndex {
    /// `func name(x, low: pt): number`, as declared.
    package static func signature(of function: Symbol) -> String {
        let parameters = function.children.map { "\($0.name)\($0.annotation.map { ": \($0.text)" } ?? "")" }
        return "func \(function.name)(\(parameters.joined(separator: ", ")))\(function.annotation.map { ": \($0.text)" } ?? "")"
    }
}
