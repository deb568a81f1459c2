import HeaderSource
import HeaderSyntax
import HeaderMath
import HeaderIR

/// How spec names become Kotlin names, in one place. The rule, as for Swift: a spec name is used as
/// written, in backticks where Kotlin reserves it (hard, soft and modifier keywords alike: backticks
/// are legal around any of them). The kernels and helpers the file needs are private functions at
/// the file's top level, outside the object, so no spec name declared inside it can hide what they
/// read; their own names are reserved. What Kotlin on the JVM still cannot take (a name that hides
/// a type the generated code uses, two properties whose getters would have one JVM name, a getter
/// that would override `getClass`) is refused by `validate`, which `check` and `compile --target
/// kotlin` run.
public enum KotlinNames {
    /// Kotlin's hard keywords, which are never identifiers, and its soft and modifier keywords, which
    /// are identifiers in most places but not all: every one is written in backticks.
    package static let keywords: Set<String> = [
        // hard
        "as", "break", "class", "continue", "do", "else", "false", "for", "fun", "if", "in", "interface", "is",
        "null", "object", "package", "return", "super", "this", "throw", "true", "try", "typealias", "typeof",
        "val", "var", "when", "while",
        // soft
        "by", "catch", "constructor", "delegate", "dynamic", "field", "file", "finally", "get", "import", "init",
        "param", "property", "receiver", "set", "setparam", "value", "where",
        // modifiers
        "abstract", "actual", "annotation", "companion", "const", "crossinline", "data", "enum", "expect",
        "external", "final", "infix", "inline", "inner", "internal", "lateinit", "noinline", "open", "operator",
        "out", "override", "private", "protected", "public", "reified", "sealed", "suspend", "tailrec", "vararg",
        // special identifiers
        "it", "_",
    ]

    /// Types, packages and objects the generated code names, which a declaration of the same name would
    /// hide inside the object (`Double.NaN`, `Math.floor`, `java.lang`).
    package static let shadowedTypes: Set<String> = [
        "Double", "Float", "Boolean", "Int", "Long", "String", "Any", "Unit", "Nothing", "DoubleArray", "Math", "StrictMath",
        "java", "kotlin", "Frame", "State", "SpringAnimation", "ScrollPhase", "Suppress", "JvmStatic",
    ]

    /// The top-level private functions and values the file may declare, and the object's own API.
    package static let generatedNames: Set<String> = helperNames.union(["frame", "advance", "settle", "INSTANCE"])

    /// The private top-level functions and values of the runtime (`Runtime/Runtime.kt`).
    static let helperNames = Set(KotlinRuntime.library.declaredNames)

    /// A spec name where it is declared or read: in backticks when Kotlin reserves it.
    public static func identifier(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    /// The nested data class of a block in `Frame`: Swift's rule (`cover` -> `Cover`, with `Block` where
    /// that is a type the code uses or a field of `Frame`), with Kotlin's reserved words.
    static func blockType(_ name: String, blockNames: Set<String>) -> String {
        let capitalized = name.prefix(1).uppercased() + name.dropFirst()
        if keywords.contains(capitalized) || shadowedTypes.contains(capitalized) || blockNames.contains(capitalized)
            || capitalized.hasPrefix("_") {
            return capitalized + "Block"
        }
        return capitalized
    }

    /// The name of the JVM getter Kotlin gives a property: `isOpen` keeps its name, anything else is
    /// `get` and the name with its first letter upper-cased.
    package static func getter(_ property: String) -> String {
        if property.hasPrefix("is"), property.count > 2,
           let third = property.dropFirst(2).first, !third.isLowercase {
            return property
        }
        return "get" + property.prefix(1).uppercased() + property.dropFirst()
    }

    /// Reports the names that Kotlin cannot take, or that would collide in the generated object.
    public static func validate(_ program: Program, into diagnostics: inout Diagnostics) {
        var functions: [String: String] = [:]
        func claim(_ name: String, for what: String, at range: SourceRange) {
            if generatedNames.contains(name) {
                diagnostics.error("\(what) would become the Kotlin function '\(name)', which the generated code already has; rename it",
                                  at: range)
            } else if let other = functions[name] {
                diagnostics.error("\(what) and \(other) would both become the Kotlin function '\(name)'; rename one", at: range)
            } else {
                functions[name] = what
            }
        }
        let outputNames = Set(program.outputs.map { SwiftNames.outputFunction(block: $0.block, property: $0.name) })
        for output in program.outputs {
            claim(SwiftNames.outputFunction(block: output.block, property: output.name), for: "output '\(output.qualifiedName)'",
                  at: output.nameRange)
        }
        for value in program.values {
            claim(valueFunction(value.name, outputFunctions: outputNames), for: "named value '\(value.name)'", at: value.nameRange)
        }
        for animation in program.animations {
            claim(animation.name, for: "animation '\(animation.name)'", at: animation.nameRange)
        }
        for function in program.functions {
            claim(function.name, for: "function '\(function.name)'", at: function.nameRange)
        }
        for snap in program.snaps where program.snaps.count > 1 {
            claim(SwiftNames.settleFunction(snap.name, count: program.snaps.count), for: "the settle function of snap '\(snap.name)'",
                  at: program.nameRange)
        }
        for snap in program.snaps where snap.motion != nil {
            claim("motion", for: "the motion function of snap '\(snap.name)'", at: program.nameRange)
        }
        if program.timeDependence() != nil {
            claim("readsTime", for: "the function that says whether the states read the time", at: program.nameRange)
        }
        // Getters of one class's properties share the JVM's namespace, with `getClass` already taken.
        func checkGetters(_ properties: [(name: String, range: SourceRange)], of owner: String) {
            var seen: [String: String] = [:]
            for property in properties {
                let getter = getter(property.name)
                if getter == "getClass" {
                    diagnostics.error("'\(property.name)' cannot be a property of \(owner) in Kotlin: its getter would be getClass(), which every JVM object has; rename it",
                                      at: property.range)
                } else if let other = seen[getter] {
                    diagnostics.error("'\(other)' and '\(property.name)' would both have the JVM getter \(getter)() in Kotlin's \(owner); rename one",
                                      at: property.range)
                } else {
                    seen[getter] = property.name
                }
            }
        }
        checkGetters(program.blocks.map { ($0.name, $0.nameRange) }, of: "Frame")
        for block in program.blocks {
            checkGetters(block.outputs.map { (program.outputs[$0].name, program.outputs[$0].nameRange) }, of: "block '\(block.name)'")
        }
        if program.isStateful {
            checkGetters(program.states.map { ($0.name, $0.nameRange) }, of: "State")
        }
        // Named values that depend on nothing are the object's properties, as are the animations.
        var objectProperties = program.values.filter { $0.body.isFixed }
            .map { (valueFunction($0.name, outputFunctions: outputNames), $0.nameRange) }
        objectProperties += program.animations.map { ($0.name, $0.nameRange) }
        checkGetters(objectProperties, of: "the object")
        let blockNames = Set(program.blocks.map(\.name))
        var types: [String: String] = [:]
        for block in program.blocks {
            let type = blockType(block.name, blockNames: blockNames)
            if let other = types[type] {
                diagnostics.error("blocks '\(block.name)' and '\(other)' would both become the Kotlin class '\(type)'; rename one",
                                  at: block.nameRange)
            } else if blockNames.contains(type) {
                diagnostics.error("block '\(block.name)' would become the Kotlin class '\(type)', which is also a property of Frame; rename it",
                                  at: block.nameRange)
            }
            types[type] = block.name
        }
        // Inputs are parameters and named values locals or the object's members, where they would hide a
        // type or a helper that a body reads; blocks, outputs and states are only ever properties.
        var scoped = program.inputs.map { ($0.name, $0.nameRange) } + program.values.map { ($0.name, $0.nameRange) }
        scoped += program.animations.map { ($0.name, $0.nameRange) } + program.functions.map { ($0.name, $0.nameRange) }
        for (name, range) in scoped {
            if shadowedTypes.contains(name) {
                diagnostics.error("'\(name)' would hide the Kotlin type or package of that name in the generated code; rename it",
                                  at: range)
            } else if helperNames.contains(name) {
                diagnostics.error("'\(name)' would hide the generated Kotlin's helper function of that name; rename it", at: range)
            }
        }
        var everyName: [(String, SourceRange)] = [(program.name, program.nameRange)]
        everyName += scoped + program.states.map { ($0.name, $0.nameRange) } + program.blocks.map { ($0.name, $0.nameRange) }
        everyName += program.outputs.map { ($0.name, $0.nameRange) }
        for (name, range) in everyName where name == "_" {
            diagnostics.error("'_' cannot be a name in Kotlin", at: range)
        }
        // `settle(target, velocity, …)` takes the inputs its snap reads as parameters beside those two.
        let settleInputs = Set(program.snaps.flatMap(\.settle.uses.inputs))
        for index in settleInputs.sorted() where ["target", "velocity"].contains(program.inputs[index].name) {
            let input = program.inputs[index]
            diagnostics.error("an input named '\(input.name)' would clash with the '\(input.name)' parameter of the Kotlin settle function; rename it",
                              at: input.nameRange)
        }
        // `motion(from, velocity, target, elapsed, …)` likewise.
        let motionInputs = Set(program.snaps.compactMap(\.motion).flatMap(\.uses.inputs))
        for index in motionInputs.sorted() where ["from", "velocity", "target", "elapsed"].contains(program.inputs[index].name) {
            let input = program.inputs[index]
            diagnostics.error("an input named '\(input.name)' would clash with the '\(input.name)' parameter of the Kotlin motion function; rename it",
                              at: input.nameRange)
        }
        if program.isStateful {
            for input in program.inputs where input.name == "state" {
                diagnostics.error("an input named 'state' would clash with the 'state' parameter of a header with state",
                                  at: input.nameRange)
            }
        }
    }

    /// A named value's function: its own name, or with `Value` appended where an output's function or the
    /// API already has it, as in Swift.
    package static func valueFunction(_ name: String, outputFunctions: Set<String>) -> String {
        outputFunctions.contains(name) || generatedNames.contains(name) ? name + "Value" : name
    }

    /// A Double literal Kotlin reads back as exactly `x`: Java's parser rounds decimal text correctly, so
    /// Swift's shortest round-trip digits do, with `.0` where they have no point or exponent. Negatives,
    /// -0.0 included, are in parentheses, so the text can go anywhere an operand can; subnormals and NaN
    /// keep their bits.
    package static func literal(_ x: Double) -> String {
        if x.isNaN || x.isSubnormal {
            let bits = "Double.fromBits(\(x.bitPattern > UInt64(Int64.max) ? "-" : "")0x\(String(x.bitPattern > UInt64(Int64.max) ? ~x.bitPattern &+ 1 : x.bitPattern, radix: 16))L)"
            return x.sign == .minus ? "(\(bits))" : bits
        }
        if x.isInfinite { return x < 0 ? "Double.NEGATIVE_INFINITY" : "Double.POSITIVE_INFINITY" }
        var text = x.magnitude.description
        if !text.contains(".") && !text.contains("e") { text += ".0" }
        return x.sign == .minus ? "(-\(text))" : text
    }
}

/// Hands out Kotlin identifiers inside one function: each new to it, never a keyword, a name the
/// generated code reads, or a type it names.
package struct KotlinScope {
    private var taken: Set<String>
    /// Names taken in every function alike (the file's members), shared rather than copied into each scope,
    /// so that a file of n functions costs linear time.
    private let outer: Set<String>
    private var nextNumber: [String: Int] = [:]

    package init(taken: Set<String> = [], outer: Set<String> = []) {
        self.taken = taken.union(KotlinNames.shadowedTypes).union(KotlinNames.generatedNames).union(KotlinNames.keywords)
        self.outer = outer
    }

    mutating func reserve(_ name: String) { taken.insert(name) }

    /// `base` itself when it is free, else `base2`, `base3`, …
    package mutating func fresh(_ base: String) -> String {
        var candidate = base
        var number = nextNumber[base, default: 1]
        while taken.contains(candidate) || outer.contains(candidate) {
            number += 1
            candidate = "\(base)\(number)"
        }
        nextNumber[base] = number
        taken.insert(candidate)
        return candidate
    }
}
