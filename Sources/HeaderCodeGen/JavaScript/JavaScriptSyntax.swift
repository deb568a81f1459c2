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
extension JavaScriptScope: FreshNames {}
