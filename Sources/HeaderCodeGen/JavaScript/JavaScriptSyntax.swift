import HeaderSource
import HeaderSyntax
import HeaderMath
import HeaderIR

/// How a generated JavaScript module writes a body (`BodyPrinter`): numbers and lengths are JavaScript numbers
/// (IEEE doubles), bools booleans, phases their names. The operations JavaScript spells otherwise than Swift
/// are module helpers (`Runtime/helpers.mjs`, and headerc's own `$mathPow`), which compute exactly what the
/// interpreter computes.
package enum JavaScriptSyntax: BodySyntax {
    package typealias Scope = JavaScriptScope
    package static let indentation = "  "
    package static let notANumber = "NaN"
    package static let parenthesizesConditionalOperands = true

    package static func spelling(_ operation: UnaryOperation) -> Spelling {
        switch operation {
        case .not: return .prefix("!")
        case .negate: return .prefix("-")
        case .abs: return .call("$abs")
        case .sqrt: return .call("$sqrt")
        case .floor: return .call("$floor")
        case .ceil: return .call("$ceil")
        case .round: return .call("$round")
        case .trunc: return .call("$trunc")
        case .roundHalfUp: return .call("$roundHalfUp")
        case .roundHalfEven: return .call("$roundHalfEven")
        case .fround: return .call("$fround")
        case .exp: return .call("$mathExp")
        case .expm1: return .call("$mathExpm1")
        case .sin: return .call("$mathSin")
        case .cos: return .call("$mathCos")
        }
    }

    package static func spelling(_ operation: BinaryOperation) -> Spelling {
        switch operation {
        case .min: return .call("$min")
        case .max: return .call("$max")
        case .pow: return .call("$mathPow")
        case .div: return .call("$div")
        case .fmin: return .call("$fmin")
        case .fmax: return .call("$fmax")
        case .add: return .infix("+", .additive)
        case .subtract: return .infix("-", .additive)
        case .multiply: return .infix("*", .multiplicative)
        case .divide: return .infix("/", .multiplicative)
        case .less: return .infix("<", .relational)
        case .lessEqual: return .infix("<=", .relational)
        case .greater: return .infix(">", .relational)
        case .greaterEqual: return .infix(">=", .relational)
        // Strict equality on numbers is IEEE equality: NaN is unequal to itself, -0 equals 0.
        case .equal, .boolEqual: return .infix("===", .equality)
        case .notEqual, .boolNotEqual: return .infix("!==", .equality)
        case .and: return .infix("&&", .and)
        case .or: return .infix("||", .or)
        }
    }

    package static func literal(_ value: Double) -> String { JavaScriptNames.literal(value) }
    /// A phase is its name, as the module's inputs take it: `phase === "dragging"`.
    package static func phase(_ phase: ScrollPhase) -> String { JavaScriptNames.string(phase.name) }
    package static func constant(_ name: String, type: ValueType, value: String) -> String { "const \(name) = \(value);" }
    package static func variable(_ name: String, type: ValueType) -> String { "let \(name);" }
    package static func assignment(_ name: String, value: String) -> String { "\(name) = \(value);" }
    package static func hoistedName(isBool: Bool) -> String { "x" }
    package static func conditional(_ test: String, _ then: String, _ otherwise: String, type: ValueType, literalBranches: Bool) -> String {
        "(\(test) ? \(then) : \(otherwise))"
    }
    package static func isHelper(_ callee: String) -> Bool { true }
    package static func curve(_ curve: Curve, argument: String) -> String { CurveJavaScriptSource.call(curve, argument: argument) }
}

package typealias JavaScriptBody = BodyPrinter<JavaScriptSyntax>

/// What the emission plan asks of JavaScript: every value a function needs is a local of its own, never a call.
struct JavaScriptEmission: EmissionSyntax {
    /// The parameters of the exported functions, which spec names must not take as locals.
    static let parameterNames: Set<String> = ["offset", "inputs", "state", "target", "velocity", "from", "elapsed"]

    typealias Language = JavaScriptSyntax
    let program: Program
    let lastOffset: String
    let functions: [Callee]

    init(program: Program, lastOffset: String) {
        self.program = program
        self.lastOffset = lastOffset
        functions = Callee.list(program.functions.map(\.name), program.functions)
    }

    /// Every function starts from this one: the exported functions' parameters and the spec's functions,
    /// which a local of that name would hide, are taken.
    func scope(for uses: Uses, callsValues: Bool) -> JavaScriptScope {
        JavaScriptScope(taken: JavaScriptEmission.parameterNames.union(program.functions.map(\.name)))
    }
    var callsValueFunctions: Bool { false }
    /// Each input a local, from `inputs` by its name, or its default where `inputs` does not have it.
    func readInputs(_ indices: [Int], scope: inout JavaScriptScope) -> (lines: [String], names: [Int: String]) {
        var lines: [String] = [], names: [Int: String] = [:]
        for index in indices {
            let input = program.inputs[index], name = scope.fresh(input.name)
            names[index] = name
            lines.append("const \(name) = \(input.type == .phase ? "$phase" : "$input")(inputs, \(JavaScriptNames.string(input.name)), "
                         + "\(JavaScriptSyntax.literal(input.defaultValue, as: input.type)));")
        }
        return (lines, names)
    }
    func parameterName(_ label: String, scope: inout JavaScriptScope) -> String {
        JavaScriptEmission.parameterNames.contains(label) ? label : scope.fresh(label)
    }
    func delta(_ name: String, scope: inout JavaScriptScope) -> [String] {
        ["const \(name) = \(lastOffset) == null ? 0 : offset - \(lastOffset);"]
    }
    var firstCall: String { "if (\(lastOffset) == null) {" }
    var recordOffset: String { "\(lastOffset) = offset;" }
    func constant(_ name: String, type: ValueType, value: String) -> String { JavaScriptSyntax.constant(name, type: type, value: value) }
    func assignment(_ name: String, value: String) -> String { JavaScriptSyntax.assignment(name, value: value) }
    func stateField(_ index: Int) -> String { JavaScriptNames.member("state", program.states[index].name) }
    func call(value index: Int) -> String { "NaN" }
    var notANumber: String { "NaN" }
}

extension JavaScriptScope: FreshNames {}
