import HeaderSource
import HeaderSyntax
import HeaderMath
import HeaderIR

/// How generated Swift writes a body (`BodyPrinter`): lengths are CGFloat, as UIKit's sizes are, numbers
/// Double, bools Bool, phases the enum's `ScrollPhase`. Arithmetic is done in the type the context wants,
/// which gives the same bits in CGFloat as in Double (a CGFloat is a Double and its operations are
/// Double's); the operations Swift's standard library does not compute as the interpreter does are
/// headerc's own math, carried into the file (`OwnedMath`).
package enum SwiftSyntax: BodySyntax {
    package typealias Scope = SwiftScope
    package static let indentation = "    "
    package static let notANumber = "Double.nan"
    package static let parenthesizesConditionalOperands = true
    package static let curveTakesName = true

    package static func spelling(_ operation: UnaryOperation) -> Spelling {
        switch operation {
        case .not: return .prefix("!")
        case .negate: return .prefix("-")
        case .sqrt: return .postfix(".squareRoot()")
        case .abs: return .postfix(".magnitude")
        case .floor: return .postfix(".rounded(.down)")
        case .ceil: return .postfix(".rounded(.up)")
        case .round: return .postfix(".rounded()")
        // `+ 0` makes a zero +0, as the Int it stands for (Grammar.md, "Rounding as other languages round").
        case .trunc: return .template("(", ".rounded(.towardZero) + 0)", operators: 2, member: true)
        case .roundHalfEven: return .postfix(".rounded(.toNearestOrEven)")
        // Through Float and back: IEEE 754's conversion, to nearest with ties to even.
        case .fround: return .template("Double(Float(", "))", operators: 1, member: false)
        case .roundHalfUp: return .call("Self.mathRoundHalfUp")
        case .exp: return .call("Self.mathExp")
        case .expm1: return .call("Self.mathExpm1")
        case .sin: return .call("Self.mathSin")
        case .cos: return .call("Self.mathCos")
        }
    }

    package static func spelling(_ operation: BinaryOperation) -> Spelling {
        switch operation {
        case .min: return .call("Swift.min")
        case .max: return .call("Swift.max")
        case .div: return .call("Self.mathDiv")
        case .fmin: return .call("Self.mathFmin")
        case .fmax: return .call("Self.mathFmax")
        case .pow: return .call("Self.mathPow")
        case .add: return .infix("+", .additive)
        case .subtract: return .infix("-", .additive)
        case .multiply: return .infix("*", .multiplicative)
        case .divide: return .infix("/", .multiplicative)
        // Swift's comparisons are one level, and do not chain.
        case .less: return .infix("<", .relational)
        case .lessEqual: return .infix("<=", .relational)
        case .greater: return .infix(">", .relational)
        case .greaterEqual: return .infix(">=", .relational)
        case .equal, .boolEqual: return .infix("==", .relational)
        case .notEqual, .boolNotEqual: return .infix("!=", .relational)
        case .and: return .infix("&&", .and)
        case .or: return .infix("||", .or)
        }
    }

    package static func written(_ type: ValueType) -> ValueType {
        switch SwiftType(type) {
        case .double: return .number
        case .cgFloat: return .length
        case .bool: return .bool
        case .phase: return .phase
        }
    }

    /// Exact: CGFloat is a Double.
    package static func converted(_ text: String, from: ValueType, to: ValueType) -> String? {
        guard ![from, to].contains(.bool), ![from, to].contains(.phase) else { return nil }
        return "\(SwiftType(to).rawValue)(\(text))"
    }

    package static func typing(_ operation: UnaryOperation, wanted: ValueType) -> (operand: ValueType, result: ValueType) {
        switch operation {
        case .not: return (.bool, .bool)
        case .sqrt, .fround, .roundHalfUp, .exp, .expm1, .sin, .cos: return (.number, .number)
        case .negate, .abs, .floor, .ceil, .round, .trunc, .roundHalfEven: return (wanted, wanted)
        }
    }

    package static func typing(_ operation: BinaryOperation, wanted: ValueType, lhs: ValueType, rhs: ValueType) -> (operands: ValueType, result: ValueType) {
        switch operation {
        case .div, .fmin, .fmax, .pow: return (.number, .number)
        case .min, .max, .add, .subtract, .multiply, .divide: return (wanted, wanted)
        // Phases are compared as the enum's cases (`phase == .dragging`); numbers in CGFloat when either
        // side is a length, else in Double: the same comparison either way.
        case .less, .lessEqual, .greater, .greaterEqual, .equal, .notEqual:
            if lhs == .phase || rhs == .phase { return (.phase, .bool) }
            return (written(lhs) == .length || written(rhs) == .length ? .length : .number, .bool)
        case .boolEqual, .boolNotEqual, .and, .or: return (.bool, .bool)
        }
    }

    /// Comparisons do not chain, and an arithmetic left operand is parenthesised for the reader: `(a + b) < c`.
    package static func operandBounds(_ level: Precedence) -> (left: Precedence, leftOrEqual: Bool, right: Precedence) {
        level == .relational ? (.additive, false, .relational) : (level, true, level)
    }

    /// Swift warns that `x < nan` is always false when an input, a state or a local of the spec is named `nan`
    /// (`nan`, `state.nan`): `(nan)` it is not.
    package static func comparisonOperand(_ text: String) -> String {
        text == "nan" || text.hasSuffix(".nan") ? "(\(text))" : text
    }

    package static func literal(_ value: Double, as type: ValueType) -> (text: String, adapts: Bool) {
        if value.isInfinite && type == .length { return (value > 0 ? "CGFloat.infinity" : "(-CGFloat.infinity)", false) }
        let plain = isPlainLiteral(value)
        return plain || type != .length ? (literal(value), plain) : ("CGFloat(\(literal(value)))", false)
    }

    /// A number as written in an expression: whole numbers without a fraction (`190`, where the context
    /// makes them Doubles, exactly), anything else with every bit kept.
    package static func literal(_ value: Double) -> String {
        guard value == value.rounded(), value.magnitude < 9_007_199_254_740_992, !(value == 0 && value.sign == .minus) else {
            return CurveSwiftSource.literal(value)
        }
        let text = String(Int64(value))
        return value < 0 ? "(\(text))" : text
    }

    /// Whether `literal` writes the number as a decimal literal, which any floating-point type takes.
    static func isPlainLiteral(_ value: Double) -> Bool {
        value.isFinite && !value.isSubnormal && (value == value.rounded() && value.magnitude < 9_007_199_254_740_992
            || CurveSwiftSource.isDecimalLiteral(value))
    }

    /// A phase as the enum's case, `.dragging`.
    package static func phase(_ phase: ScrollPhase) -> String { "." + phase.name }
    package static func constant(_ name: String, type: ValueType, value: String) -> String { "let \(name): \(SwiftType(type).rawValue) = \(value)" }
    package static func variable(_ name: String, type: ValueType) -> String { "let \(name): \(SwiftType(type).rawValue)" }
    package static func assignment(_ name: String, value: String) -> String { "\(name) = \(value)" }
    package static func condition(_ test: String) -> String { test }
    package static func hoistedName(isBool: Bool) -> String { isBool ? "condition" : "x" }
    /// Two literal branches would leave Swift to choose their type.
    package static func conditional(_ test: String, _ then: String, _ otherwise: String, type: ValueType, literalBranches: Bool) -> String {
        "(\(test) ? \(then)\(literalBranches ? " as \(SwiftType(type).rawValue)" : "") : \(otherwise))"
    }
    /// headerc's own math, carried into the file (`OwnedMath`): `Self.mathPow`.
    package static func isHelper(_ callee: String) -> Bool { callee.hasPrefix("Self.") }
    package static func curve(_ curve: Curve, argument: String) -> String { CurveSwiftSource.call(curve, argument: argument) }

    package static let binary32: Binary32Syntax? = Binary32Syntax(
        type: "Float", fromDouble: .call("Float"), toNumber: { .call(SwiftType($0).rawValue) }, literal: floatLiteral,
        squareRoot: .postfix(".squareRoot()"), constant: { "let \($0): Float = \($1)" })

    /// A Float's shortest digits, where swiftc reads them back as that Float (it reads a literal into Float80
    /// first, and a second rounding could move it); whole numbers as plain integers.
    private static func floatLiteral(_ value: Double) -> String? {
        guard let float = Binary32Syntax.literalValue(value) else { return nil }
        if value == value.rounded(), value.magnitude < 16_777_216 { return literal(value) }
        let text = float.magnitude.description
        guard CurveSwiftSource.survivesDoubleRounding(text, float.magnitude) else { return nil }
        return value < 0 ? "(-\(text))" : text
    }
}

package typealias SwiftBody = BodyPrinter<SwiftSyntax>

/// What the emission plan asks of Swift: its typed printer, scopes and statements.
struct SwiftEmission: EmissionSyntax {
    typealias Language = SwiftSyntax
    let program: Program
    let names: APINames<SwiftNames>
    var functions: [Callee] { names.functions }
    func scope(for uses: Uses, callsValues: Bool) -> SwiftScope { names.scope(for: uses, callsValues: callsValues) }
    func constant(_ name: String, type: ValueType, value: String) -> String { "let \(name): \(SwiftType(type).rawValue) = \(value)" }
    func assignment(_ name: String, value: String) -> String { "\(name) = \(value)" }
    var callsValueFunctions: Bool { true }
    func readInputs(_ indices: [Int], scope: inout SwiftScope) -> (lines: [String], names: [Int: String]) {
        ([], Dictionary(uniqueKeysWithValues: indices.map { ($0, names.inputParameters[$0]) }))
    }
    /// Labelled as the API says, named inside as no input is.
    func parameterName(_ label: String, scope: inout SwiftScope) -> String { scope.fresh(label) }
    func delta(_ name: String, scope: inout SwiftScope) -> [String] {
        ["let \(name): CGFloat = state.\(names.lastOffsetField).map { offset - $0 } ?? 0"]
    }
    var firstCall: String { "if state.\(names.lastOffsetField) == nil {" }
    var recordOffset: String { "state.\(names.lastOffsetField) = offset" }
    func stateField(_ index: Int) -> String { "state.\(names.stateFields[index])" }
    var notANumber: String { "nan" }
    func call(value index: Int) -> String {
        let body = program.values[index].body, name = names.valueFunctions[index]
        return body.isFixed ? "Self.\(name)" : "Self.\(name)(\(arguments(body.uses).joined(separator: ", ")))"
    }
    /// The labelled arguments that pass a function's parameters on to a function that reads `uses`.
    func arguments(_ uses: Uses) -> [String] {
        var arguments: [String] = []
        if uses.offset { arguments.append("offset: offset") }
        if uses.state { arguments.append("state: state") }
        for input in uses.inputs { arguments.append("\(SwiftNames.label(program.inputs[input].name)): \(names.inputParameters[input])") }
        return arguments
    }
}

extension SwiftEmission: BlockFrameSyntax {
    func argument(_ label: String, _ value: String) -> String { "\(label): \(value)" }
    func call(_ function: String, _ arguments: [String]) -> String { "Self.\(function)(\(arguments.joined(separator: ", ")))" }
    func blockFrame(_ block: Int, _ outputs: [String]) -> String {
        "Frame.\(names.blockTypes[block])(\(outputArguments(block, outputs).joined(separator: ", ")))"
    }
    /// Each output of a block, labelled as its field.
    func outputArguments(_ block: Int, _ outputs: [String]) -> [String] {
        zip(program.blocks[block].outputs, outputs).map { argument(SwiftNames.label(program.outputs[$0].name), $1) }
    }
}

extension SwiftNames: APINaming {
    static func callee(_ function: String) -> String { "Self." + function }
    static var generatedMembers: Set<String> { generatedFunctions }
    static var localsHideMembers: Bool { false }
    static func scope(taken: Set<String>, outer: Set<String>) -> SwiftScope { SwiftScope(taken: taken, outer: outer) }
    static func reserve(_ name: String, in scope: inout SwiftScope) { scope.reserve(name) }
}

extension SwiftScope: FreshNames {}

/// The Swift type of a value of the language: lengths are CGFloat, numbers Double.
package enum SwiftType: String {
    case double = "Double"
    case cgFloat = "CGFloat"
    case bool = "Bool"
    /// The generated enum's own `ScrollPhase`.
    case phase = "ScrollPhase"

    package init(_ type: ValueType) {
        switch type {
        case .number, .time: self = .double
        // Points, pixels and densities are CGFloat, as UIKit's sizes and `displayScale` are.
        case .length, .pixels, .density: self = .cgFloat
        case .bool: self = .bool
        case .phase: self = .phase
        }
    }
}
