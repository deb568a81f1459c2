/// How spec names become Swift names, in one place: keywords are escaped with backticks, and the names
/// the generated API derives (`avatarOpacity`, `Frame.Avatar`) are checked for collisions.
public enum SwiftNames {
    /// Words that must be written in backticks to be used as names.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows",
        "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default",
        "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch",
        "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true",
        "try", "_", "borrowing", "consuming", "nonisolated", "some", "any", "package",
    ]

    /// Names that cannot be a nested type's name even in backticks.
    static let reservedTypeNames: Set<String> = ["Type", "Protocol", "Self", "Frame", "State", "Any"]

    public static func isPlainIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else { return false }
        return name.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0) }
            && name.unicodeScalars.allSatisfy(\.isASCII) && !keywords.contains(name)
    }

    /// A spec name as a Swift identifier where it is declared or read: escaped when it is a keyword, or a
    /// name a type member cannot otherwise take.
    public static func identifier(_ name: String) -> String {
        keywords.contains(name) || name == "Type" || name == "Protocol" ? "`\(name)`" : name
    }

    /// A spec name as an argument label at a call site, where Swift takes keywords as they are and
    /// refuses needless backticks in some positions; only `inout` must be escaped there.
    public static func label(_ name: String) -> String {
        name == "inout" ? "`inout`" : name
    }

    /// The nested struct of a block: `cover` -> `Cover`, with a suffix where the plain form is taken.
    public static func blockType(_ name: String) -> String {
        let capitalized = name.prefix(1).uppercased() + name.dropFirst()
        return reservedTypeNames.contains(capitalized) || keywords.contains(capitalized) ? capitalized + "Block" : capitalized
    }

    /// The per-output function: `avatar.opacity` -> `avatarOpacity`.
    public static func outputFunction(block: String, property: String) -> String {
        block + property.prefix(1).uppercased() + property.dropFirst()
    }

    /// The function of a named value: its own name, or with `Value` appended where an output's function
    /// or the API already has that name (`let coverHeight` beside `cover { height }`).
    public static func valueFunction(_ name: String, in spec: CheckedSpec) -> String {
        valueFunction(name, outputFunctions: outputFunctions(spec))
    }

    static func valueFunction(_ name: String, outputFunctions: Set<String>) -> String {
        outputFunctions.contains(name) || generatedFunctions.contains(name) ? name + "Value" : name
    }

    static func outputFunctions(_ spec: CheckedSpec) -> Set<String> {
        Set(spec.outputs.map { outputFunction(block: $0.block, property: $0.name) })
    }

    /// Types the generated code refers to, which a local or member of the same name would hide.
    static let shadowedTypes: Set<String> = ["Double", "CGFloat", "Bool", "Swift", "Foundation", "Frame", "State",
                                             "SpringAnimation", "Self"]

    /// The generated API's own names, which a spec's values and outputs must not take.
    static let generatedFunctions: Set<String> = ["frame", "settle", "initialState", "animation"]

    /// Reports names that Swift cannot take, or that would collide in the generated enum.
    public static func validate(_ spec: CheckedSpec, into diagnostics: inout Diagnostics) {
        var functions: [String: String] = [:]
        func claim(_ name: String, for what: String, at range: SourceRange) {
            if generatedFunctions.contains(name) {
                diagnostics.error("\(what) would become the generated function '\(name)', which the generated API already has; rename it",
                                  at: range)
            } else if let other = functions[name] {
                diagnostics.error("\(what) and \(other) would both become the generated function '\(name)'; rename one",
                                  at: range)
            } else {
                functions[name] = what
            }
        }
        for output in spec.outputs {
            claim(outputFunction(block: output.block, property: output.name), for: "output '\(output.qualifiedName)'",
                  at: output.nameRange)
        }
        let outputNames = outputFunctions(spec)
        for value in spec.values {
            claim(valueFunction(value.name, outputFunctions: outputNames), for: "named value '\(value.name)'", at: value.nameRange)
        }
        for animation in spec.animations {
            claim(animation.name, for: "animation '\(animation.name)'", at: animation.nameRange)
        }
        var types: [String: String] = [:]
        for block in spec.blocks {
            let type = blockType(block.name)
            if let other = types[type] {
                diagnostics.error("blocks '\(block.name)' and '\(other)' would both become the Swift type '\(type)'; rename one",
                                  at: block.nameRange)
            }
            types[type] = block.name
        }
        var everyName: [(String, SourceRange)] = [(spec.name, spec.nameRange)]
        everyName += spec.inputs.map { ($0.name, $0.nameRange) } + spec.values.map { ($0.name, $0.nameRange) }
        everyName += spec.states.map { ($0.name, $0.nameRange) } + spec.blocks.map { ($0.name, $0.nameRange) }
        everyName += spec.outputs.map { ($0.name, $0.nameRange) }
        for (name, range) in everyName {
            if name == "_" {
                diagnostics.error("'_' cannot be a name in Swift", at: range)
            } else if shadowedTypes.contains(name) {
                diagnostics.error("'\(name)' would hide the Swift type of that name in the generated code; rename it", at: range)
            }
        }
        if spec.isStateful {
            for input in spec.inputs where input.name == "state" {
                diagnostics.error("an input named 'state' would clash with the 'state' parameter of a header with state",
                                  at: input.nameRange)
            }
        }
    }
}
