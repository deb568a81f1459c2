import HeaderSource
import HeaderSyntax
import HeaderMath
import HeaderIR

/// How one language writes the statements and expressions of a body: everything the body printer does not
/// share. Each operation's spelling is one line of `spelling(_:)`, beside `Semantics`' definition of it. A
/// language that writes numbers in more than one type (Swift's CGFloat and Double) also says which type an
/// operation computes in (`typing`) and how a value changes type (`converted`); the others keep the defaults.
package protocol BodySyntax {
    associatedtype Scope: FreshNames
    /// One level of indentation.
    static var indentation: String { get }
    /// What a read the printer cannot resolve is written as (a local out of range): never reached.
    static var notANumber: String { get }
    static func literal(_ value: Double) -> String
    /// A number where the context wants `type`, and whether the text is a plain literal, which takes any
    /// numeric type its context gives it.
    static func literal(_ value: Double, as type: ValueType) -> (text: String, adapts: Bool)
    static func phase(_ phase: ScrollPhase) -> String
    /// `val name: Type = value` / `const name = value;`.
    static func constant(_ name: String, type: ValueType, value: String) -> String
    /// A variable an if-chain assigns: `val name: Type` / `let name;`.
    static func variable(_ name: String, type: ValueType) -> String
    static func assignment(_ name: String, value: String) -> String
    /// An `if`'s test as it follows the keyword: `(test)` / `test`.
    static func condition(_ test: String) -> String
    /// The name a hoisted operand is given.
    static func hoistedName(isBool: Bool) -> String
    /// A conditional expression of rendered operands, of `type`; `literalBranches`: both branches are plain
    /// literals. Whether its operands are parenthesised first.
    static func conditional(_ test: String, _ then: String, _ otherwise: String, type: ValueType, literalBranches: Bool) -> String
    static var parenthesizesConditionalOperands: Bool { get }
    static func spelling(_ operation: UnaryOperation) -> Spelling
    static func spelling(_ operation: BinaryOperation) -> Spelling
    /// Whether a callee is one of the file's own helpers (`$min`, `swiftMin`), which the file must define.
    static func isHelper(_ callee: String) -> Bool
    static func curve(_ curve: Curve, argument: String) -> String
    /// Whether a curve's argument is always a plain name (hoisted into `let t` otherwise).
    static var curveTakesName: Bool { get }

    /// The type a value of `type` is written in.
    static func written(_ type: ValueType) -> ValueType
    /// The text of a value of type `from` as `to`, or nil where the language needs no conversion.
    static func converted(_ text: String, from: ValueType, to: ValueType) -> String?
    /// The type an operation's operands are written in and the type of its result, where the context wants `wanted`.
    static func typing(_ operation: UnaryOperation, wanted: ValueType) -> (operand: ValueType, result: ValueType)
    static func typing(_ operation: BinaryOperation, wanted: ValueType, lhs: ValueType, rhs: ValueType) -> (operands: ValueType, result: ValueType)
    /// How tightly each operand of an infix operator at `level` must bind to go without parentheses (`orEqual`:
    /// an operand at the level itself may).
    static func operandBounds(_ level: Precedence) -> (left: Precedence, leftOrEqual: Bool, right: Precedence)
    /// An operand of a comparison as written beside its operator.
    static func comparisonOperand(_ text: String) -> String
    /// The language's own binary32 type, in which the printer writes a spec's Float arithmetic; nil where
    /// every number is one type (JavaScript), whose Floats stay the Doubles that `fround` gives.
    static var binary32: Binary32Syntax? { get }
}

/// How a language writes its `Float` (Swift's, Kotlin's): a Float operation of two Floats is the Double
/// operation rounded once to binary32 (Grammar.md, "fround"), so the lowered program's `fround(a * b)` of
/// two Floats is written `a * b` in Float, and gives the same bits.
package struct Binary32Syntax: Sendable {
    /// `Float`.
    package let type: String
    /// A Double's text as a Float: `Float(x)`, `x.toFloat()`.
    package let fromDouble: Spelling
    /// A Float's text as a number of `type` (a Double, Swift's CGFloat): `Double(x)`, `x.toDouble()`.
    package let toNumber: @Sendable (ValueType) -> Spelling
    /// A literal that reads back as exactly `value` (a Float) where a Float is wanted, or nil where there is none.
    package let literal: @Sendable (Double) -> String?
    /// The square root of a Float, as a Float, where the language has it.
    package let squareRoot: Spelling?
    /// A constant of the type: `let name: Float = value`.
    package let constant: @Sendable (_ name: String, _ value: String) -> String

    /// The Float that `value` is, where a decimal literal can write it: finite, normal, exactly a Float, and
    /// not -0 (which a literal would lose).
    package static func literalValue(_ value: Double) -> Float? {
        let float = Float(value)
        guard float.isFinite, !float.isSubnormal, Double(float) == value, !(value == 0 && value.sign == .minus) else { return nil }
        return float
    }
}

/// The languages that write every number as one type (a JavaScript number, a Kotlin `Double`).
extension BodySyntax {
    package static func literal(_ value: Double, as type: ValueType) -> (text: String, adapts: Bool) { (literal(value), false) }
    package static func condition(_ test: String) -> String { "(\(test))" }
    package static var curveTakesName: Bool { false }
    package static func written(_ type: ValueType) -> ValueType { type == .bool || type == .phase ? type : .number }
    package static func converted(_ text: String, from: ValueType, to: ValueType) -> String? { nil }
    package static func typing(_ operation: UnaryOperation, wanted: ValueType) -> (operand: ValueType, result: ValueType) {
        operation == .not ? (.bool, .bool) : (wanted, wanted)
    }
    package static func typing(_ operation: BinaryOperation, wanted: ValueType, lhs: ValueType, rhs: ValueType) -> (operands: ValueType, result: ValueType) {
        switch operation {
        case .less, .lessEqual, .greater, .greaterEqual, .equal, .notEqual: return (written(lhs), .bool)
        case .boolEqual, .boolNotEqual, .and, .or: return (.bool, .bool)
        default: return (wanted, wanted)
        }
    }
    /// Left-associative: a right operand at the same level keeps its parentheses. A comparison inside an
    /// equality is parenthesised too, for the reader: `(a < b) == (c < d)`.
    package static func operandBounds(_ level: Precedence) -> (left: Precedence, leftOrEqual: Bool, right: Precedence) {
        let least: Precedence = level == .equality ? .relational : level
        return (least, level != .equality, least)
    }
    package static func comparisonOperand(_ text: String) -> String { text }
    package static var binary32: Binary32Syntax? { nil }
}

extension BodySyntax {
    /// A value of `type` as a literal: an input's default, a state's initial value.
    static func literal(_ value: Value, as type: ValueType) -> String {
        switch value {
        case .bool(let bool): return bool ? "true" : "false"
        case .number(let number): return literal(number, as: written(type)).text
        case .phase(let phase): return self.phase(phase)
        }
    }
}

/// A scope that hands out names not taken yet.
package protocol FreshNames {
    mutating func fresh(_ base: String) -> String
}

/// How a language writes an operation.
package enum Spelling {
    /// `!x`, `-x`.
    case prefix(String)
    /// `f(x)`, `f(a, b)`.
    case call(String)
    case infix(String, Precedence)
    /// `before + x + after`, counted as `operators` operators; `member`: the operand binds as the receiver
    /// of a member does (`(-x).magnitude`).
    case template(String, String, operators: Int, member: Bool)

    /// `x.member`.
    package static func postfix(_ member: String) -> Spelling { .template("", member, operators: 1, member: true) }
}

/// The precedence levels of the operators a body is written with, loosest first (JavaScript's and Kotlin's:
/// equality binds more loosely than the relational operators).
package enum Precedence: Int, Comparable {
    case ternary = 0, or, and, equality, relational, additive, multiplicative, prefix, atom
    package static func < (lhs: Precedence, rhs: Precedence) -> Bool { lhs.rawValue < rhs.rawValue }
}
