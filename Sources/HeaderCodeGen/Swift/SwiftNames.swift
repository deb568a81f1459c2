import HeaderSource
import HeaderSyntax
import HeaderMath
import HeaderIR

/// How spec names become Swift names, in one place. The rule: a spec name is used as written, in
/// backticks where Swift reserves it. Names the generated code makes up itself (locals, the State's
/// record of the last offset, parameter names inside `settle`) are chosen around the spec's names.
/// A block's nested struct is its name capitalised, with `Block` appended where that would be a
/// type the generated code uses or a field of `Frame`. A named value whose function would take an
/// output's name gets `Value` appended. What still cannot work (a name that would hide a type the
/// generated code uses, two outputs whose functions would have one name) is refused by `validate`.
public enum SwiftNames {
    /// Words that must be written in backticks to be used as names.
    package static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows",
        "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default",
        "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch",
        "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true",
        "try", "_", "borrowing", "consuming", "nonisolated", "some", "any", "package", "Type", "Protocol",
    ]

    /// Types and modules the generated code names, which a declaration of the same name would hide.
    package static let shadowedTypes: Set<String> = ["Double", "Float", "CGFloat", "Bool", "Swift", "Foundation", "Frame", "State",
                                             "SpringAnimation", "ScrollPhase", "Self", "Equatable", "Sendable",
                                             "CurveBezierTable", "Synchronization"]

    /// Functions the generated enum declares itself, which a spec's values, outputs and animations must not take.
    static let generatedFunctions: Set<String> = {
        var names: Set<String> = ["frame", "advance", "settle", "initialState", "animation"]
        for runtime in [SwiftRuntime.curves, SwiftRuntime.math, SwiftRuntime.bezierTableStorage] {
            names.formUnion(runtime.declaredNames.filter { !shadowedTypes.contains($0) })
        }
        return names
    }()

    public static func isPlainIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else { return false }
        return name.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0) }
            && name.unicodeScalars.allSatisfy(\.isASCII) && !keywords.contains(name)
    }

    /// A spec name as a Swift identifier where it is declared or read: in backticks when it is a keyword,
    /// or begins with an underscore (Swift keeps some such words, as `_const`, for itself).
    public static func identifier(_ name: String) -> String {
        keywords.contains(name) || name.hasPrefix("_") ? "`\(name)`" : name
    }

    /// A spec name as an argument label at a call site, where Swift takes keywords as they are (and
    /// warns about needless backticks); only `inout` must be escaped there.
    public static func label(_ name: String) -> String {
        name == "inout" ? "`inout`" : name
    }

    /// The nested struct of a block: `cover` -> `Cover`; with `Block` appended where the plain form is a
    /// type the generated code uses, a keyword or a field of `Frame` (`frame.Cover` beside `frame.cover`).
    public static func blockType(_ name: String, blockNames: Set<String> = []) -> String {
        let capitalized = name.prefix(1).uppercased() + name.dropFirst()
        if keywords.contains(capitalized) || shadowedTypes.contains(capitalized) || blockNames.contains(capitalized)
            || capitalized.hasPrefix("_") {
            return capitalized + "Block"
        }
        return capitalized
    }

    /// The per-output function: `avatar.opacity` -> `avatarOpacity`.
    public static func outputFunction(block: String, property: String) -> String {
        block + property.prefix(1).uppercased() + property.dropFirst()
    }

    /// The function of a named value: its own name, or with `Value` appended where an output's function
    /// or the API already has that name (`let coverHeight` beside `cover { height }`).
    public static func valueFunction(_ name: String, in program: Program) -> String {
        valueFunction(name, outputFunctions: Set(program.outputs.map { outputFunction(block: $0.block, property: $0.name) }))
    }

    package static func valueFunction(_ name: String, outputFunctions: Set<String>) -> String {
        outputFunctions.contains(name) || generatedFunctions.contains(name) || typeMembers.contains(name) ? name + "Value" : name
    }

    /// Names that Swift reads as the type's own after a dot (`X.self`, `X.Type`, `X.init`), even in
    /// backticks: no member can be reached by them.
    static let typeMembers: Set<String> = ["self", "Self", "Type", "Protocol", "init", "deinit", "subscript"]

    /// The settle function of a snap: `settle` when the header has one snap, else `settle` + its name.
    package static func settleFunction(_ snap: String, count: Int) -> String {
        count == 1 ? "settle" : "settle" + snap.prefix(1).uppercased() + snap.dropFirst()
    }

    /// Reports the names that Swift cannot take, or that would collide in the generated enum. `check`
    /// and `compile` report these; `eval` does not, since nothing is emitted.
    public static func validate(_ program: Program, enumName: String?, into diagnostics: inout Diagnostics) {
        if let enumName {
            if !isPlainIdentifier(enumName) || enumName.hasPrefix("_") {
                diagnostics.error("'\(enumName)' cannot name the generated enum: it must be a Swift identifier that is not a keyword",
                                  at: program.nameRange)
            } else if shadowedTypes.contains(enumName) {
                diagnostics.error("the generated enum cannot be named '\(enumName)': it would hide the Swift type or module of that name",
                                  at: program.nameRange)
            }
        }
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
        for output in program.outputs {
            claim(outputFunction(block: output.block, property: output.name), for: "output '\(output.qualifiedName)'",
                  at: output.nameRange)
        }
        let outputNames = Set(program.outputs.map { outputFunction(block: $0.block, property: $0.name) })
        for value in program.values {
            claim(valueFunction(value.name, outputFunctions: outputNames), for: "named value '\(value.name)'", at: value.nameRange)
        }
        for animation in program.animations {
            claim(animation.name, for: "animation '\(animation.name)'", at: animation.nameRange)
        }
        for function in program.functions {
            claim(function.name, for: "function '\(function.name)'", at: function.nameRange)
            if typeMembers.contains(function.name) {
                diagnostics.error("a function cannot be named '\(function.name)' in the generated Swift; rename it", at: function.nameRange)
            }
        }
        // A static member is reached through the type (`AppMath.init`), where these names mean the type's own.
        for animation in program.animations where typeMembers.contains(animation.name) && !shadowedTypes.contains(animation.name) {
            diagnostics.error("an animation cannot be named '\(animation.name)': in the generated Swift, `.\(animation.name)` after the enum means the enum's own, not a member; rename it",
                              at: animation.nameRange)
        }
        for snap in program.snaps where program.snaps.count > 1 {
            claim(settleFunction(snap.name, count: program.snaps.count), for: "the settle function of snap '\(snap.name)'",
                  at: program.nameRange)
        }
        for snap in program.snaps where snap.motion != nil {
            claim("motion", for: "the motion function of snap '\(snap.name)'", at: program.nameRange)
        }
        if program.timeDependence() != nil {
            claim("readsTime", for: "the function that says whether the states read the time", at: program.nameRange)
        }
        let blockNames = Set(program.blocks.map(\.name))
        var types: [String: String] = [:]
        for block in program.blocks {
            let type = blockType(block.name, blockNames: blockNames)
            if let other = types[type] {
                diagnostics.error("blocks '\(block.name)' and '\(other)' would both become the Swift type '\(type)'; rename one",
                                  at: block.nameRange)
            } else if blockNames.contains(type) {
                diagnostics.error("block '\(block.name)' would become the Swift type '\(type)', which is also a field of Frame; rename it",
                                  at: block.nameRange)
            }
            types[type] = block.name
        }
        var everyName: [(String, SourceRange)] = [(program.name, program.nameRange)]
        everyName += program.inputs.map { ($0.name, $0.nameRange) } + program.values.map { ($0.name, $0.nameRange) }
        everyName += program.states.map { ($0.name, $0.nameRange) } + program.blocks.map { ($0.name, $0.nameRange) }
        everyName += program.outputs.map { ($0.name, $0.nameRange) } + program.animations.map { ($0.name, $0.nameRange) }
        everyName += program.functions.map { ($0.name, $0.nameRange) }
        for (name, range) in everyName {
            if name == "_" {
                diagnostics.error("'_' cannot be a name in Swift", at: range)
            } else if shadowedTypes.contains(name) {
                diagnostics.error("'\(name)' would hide the Swift type of that name in the generated code; rename it", at: range)
            }
        }
        if program.isStateful {
            for input in program.inputs where input.name == "state" {
                diagnostics.error("an input named 'state' would clash with the 'state' parameter of a header with state",
                                  at: input.nameRange)
            }
        }
    }
}

/// Hands out names inside one generated scope: each is new to the scope, never a keyword or a type the
/// generated code uses, and as close to the asked-for name as that allows.
package struct SwiftScope {
    private var taken: Set<String>
    /// Names taken in every function alike, shared rather than copied into each scope.
    private let outer: Set<String>
    /// The next number to try after each base, so that handing out many names costs linear time.
    private var nextNumber: [String: Int] = [:]

    package init(taken: Set<String> = [], outer: Set<String> = []) {
        self.taken = taken.union(SwiftNames.shadowedTypes)
        self.outer = outer
    }

    mutating func reserve(_ name: String) {
        taken.insert(name)
    }

    func isTaken(_ name: String) -> Bool { taken.contains(name) || outer.contains(name) }

    /// `base` itself when it is free and plain, else `base2`, `base3`, …
    package mutating func fresh(_ base: String) -> String {
        var candidate = base
        var number = nextNumber[base, default: 1]
        while isTaken(candidate) || SwiftNames.keywords.contains(candidate) || candidate.hasPrefix("_") && candidate == base {
            number += 1
            candidate = "\(base)\(number)"
        }
        nextNumber[base] = number
        taken.insert(candidate)
        return candidate
    }
}
