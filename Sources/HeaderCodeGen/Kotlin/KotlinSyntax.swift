import HeaderSource
import HeaderSyntax
import HeaderMath
import HeaderIR

/// How generated Kotlin writes a body (`BodyPrinter`): numbers and lengths are `Double`, bools `Boolean`,
/// phases the object's `ScrollPhase`. The operations Kotlin spells otherwise than Swift are the runtime's
/// private helpers (`Runtime/Runtime.kt`), which compute exactly what the interpreter computes.
package enum KotlinSyntax: BodySyntax {
    package typealias Scope = KotlinScope
    package static let indentation = "    "
    package static let notANumber = "Double.NaN"
    package static let parenthesizesConditionalOperands = false

    package static func spelling(_ operation: UnaryOperation) -> Spelling {
        switch operation {
        case .not: return .prefix("!")
        case .negate: return .prefix("-")
        case .abs: return .call("Math.abs")
        case .sqrt: return .call("Math.sqrt")
        case .floor: return .call("Math.floor")
        case .ceil: return .call("Math.ceil")
        case .round: return .call("swiftRound")
        case .trunc: return .call("mathTrunc")
        case .roundHalfUp: return .call("mathRoundHalfUp")
        // Math.rint is IEEE's roundToIntegralTiesToEven: Swift's .toNearestOrEven, to the bit.
        case .roundHalfEven: return .call("Math.rint")
        case .fround: return .call("mathFround")
        case .exp: return .call("mathExp")
        case .expm1: return .call("mathExpm1")
        case .sin: return .call("mathSin")
        case .cos: return .call("mathCos")
        }
    }

    package static func spelling(_ operation: BinaryOperation) -> Spelling {
        switch operation {
        case .min: return .call("swiftMin")
        case .max: return .call("swiftMax")
        case .pow: return .call("mathPow")
        case .div: return .call("mathDiv")
        case .fmin: return .call("mathFmin")
        case .fmax: return .call("mathFmax")
        case .add: return .infix("+", .additive)
        case .subtract: return .infix("-", .additive)
        case .multiply: return .infix("*", .multiplicative)
        case .divide: return .infix("/", .multiplicative)
        case .less: return .infix("<", .relational)
        case .lessEqual: return .infix("<=", .relational)
        case .greater: return .infix(">", .relational)
        case .greaterEqual: return .infix(">=", .relational)
        // `==` between values whose static type is Double is IEEE equality: NaN is unequal to itself, -0.0
        // equals 0.0 (only a Double? or Any would compare as `equals` does).
        case .equal, .boolEqual: return .infix("==", .equality)
        case .notEqual, .boolNotEqual: return .infix("!=", .equality)
        case .and: return .infix("&&", .and)
        case .or: return .infix("||", .or)
        }
    }

    /// The Kotlin type of a value of the language.
    package static func type(_ type: ValueType) -> String {
        switch type {
        case .bool: return "Boolean"
        case .phase: return phaseType
        default: return "Double"
        }
    }

    /// The object's own enum of the scroll's phase, and a phase (held as a number by the lowered program) as its entry.
    package static let phaseType = "ScrollPhase"
    package static func phaseEntry(_ phase: ScrollPhase) -> String { phaseType + "." + phase.name.uppercased() }

    package static func literal(_ value: Double) -> String { KotlinNames.literal(value) }
    package static func phase(_ phase: ScrollPhase) -> String { phaseEntry(phase) }
    package static func constant(_ name: String, type: ValueType, value: String) -> String {
        "val \(name): \(self.type(type)) = \(value)"
    }
    package static func variable(_ name: String, type: ValueType) -> String { "val \(name): \(self.type(type))" }
    package static func assignment(_ name: String, value: String) -> String { "\(name) = \(value)" }
    package static func hoistedName(isBool: Bool) -> String { isBool ? "condition" : "x" }
    package static func conditional(_ test: String, _ then: String, _ otherwise: String, type: ValueType, literalBranches: Bool) -> String {
        "(if (\(test)) \(then) else \(otherwise))"
    }
    package static func isHelper(_ callee: String) -> Bool { !callee.hasPrefix("Math.") }
    package static func curve(_ curve: Curve, argument: String) -> String { CurveKotlinSource.call(curve, argument: argument) }

    /// Kotlin reads a Float literal (`0.3f`) as Java's `Float.parseFloat` does, rounded once, so a Float's shortest
    /// digits read back as that Float.
    package static let binary32: Binary32Syntax? = Binary32Syntax(
        type: "Float", fromDouble: .postfix(".toFloat()"), toNumber: { _ in .postfix(".toDouble()") },
        literal: { value in
            guard let float = Binary32Syntax.literalValue(value) else { return nil }
            let text = float.magnitude.description + "f"
            return value < 0 ? "(-\(text))" : text
        },
        squareRoot: nil, constant: { "val \($0): Float = \($1)" })
}

package typealias KotlinBody = BodyPrinter<KotlinSyntax>

/// What the emission plan asks of Kotlin: its printer, scopes and statements.
struct KotlinEmission: EmissionSyntax {
    typealias Language = KotlinSyntax
    let program: Program
    let names: APINames<KotlinNames>
    var functions: [Callee] { names.functions }
    func scope(for uses: Uses, callsValues: Bool) -> KotlinScope { names.scope(for: uses, callsValues: callsValues) }
    func constant(_ name: String, type: ValueType, value: String) -> String { KotlinSyntax.constant(name, type: type, value: value) }
    func assignment(_ name: String, value: String) -> String { KotlinSyntax.assignment(name, value: value) }
    var callsValueFunctions: Bool { true }
    func readInputs(_ indices: [Int], scope: inout KotlinScope) -> (lines: [String], names: [Int: String]) {
        ([], Dictionary(uniqueKeysWithValues: indices.map { ($0, names.inputParameters[$0]) }))
    }
    /// Callers pass `target`, `velocity` and the like by name, so they keep them (`KotlinNames.validate`
    /// refuses an input that would take one); the time, which an input may be named, takes a name of its own.
    func parameterName(_ label: String, scope: inout KotlinScope) -> String {
        if label == "time" { return scope.fresh(label) }
        scope.reserve(label)
        return label
    }
    func delta(_ name: String, scope: inout KotlinScope) -> [String] {
        let last = scope.fresh("last")
        return ["val \(last) = state.\(names.lastOffsetField)", "val \(name): Double = if (\(last) == null) 0.0 else offset - \(last)"]
    }
    var firstCall: String { "if (state.\(names.lastOffsetField) == null) {" }
    var recordOffset: String { "state.\(names.lastOffsetField) = offset" }
    func stateField(_ index: Int) -> String { "state.\(names.stateFields[index])" }
    var notANumber: String { KotlinSyntax.notANumber }
    func call(value index: Int) -> String {
        let body = program.values[index].body, name = names.valueFunctions[index]
        return body.isFixed ? name : "\(name)(\(arguments(body.uses).joined(separator: ", ")))"
    }
    /// The arguments that pass a function's parameters on to a function that reads `uses`.
    func arguments(_ uses: Uses) -> [String] {
        var arguments: [String] = []
        if uses.offset { arguments.append("offset") }
        if uses.state { arguments.append("state") }
        for index in uses.inputs { arguments.append(names.inputParameters[index]) }
        return arguments
    }
}

extension KotlinEmission: BlockFrameSyntax {
    func argument(_ label: String, _ value: String) -> String { value }
    func call(_ function: String, _ arguments: [String]) -> String { "\(function)(\(arguments.joined(separator: ", ")))" }
    func blockFrame(_ block: Int, _ outputs: [String]) -> String { "Frame.\(names.blockTypes[block])(\(outputs.joined(separator: ", ")))" }
}

extension KotlinNames: APINaming {
    static func callee(_ function: String) -> String { function }
    static var generatedMembers: Set<String> { [] }
    static var localsHideMembers: Bool { true }
    static func scope(taken: Set<String>, outer: Set<String>) -> KotlinScope { KotlinScope(taken: taken, outer: outer) }
    static func reserve(_ name: String, in scope: inout KotlinScope) { scope.reserve(name) }
}

extension KotlinScope: FreshNames {}
