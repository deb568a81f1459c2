import HeaderSource
import HeaderSyntax
import HeaderMath
import HeaderIR

/// How one language writes the statements and expressions of a body: everything the body printer does not
/// share. Each operation's spelling is one line of `spelling(_:)`, beside `Semantics`' definition of it.
package protocol BodySyntax {
    associatedtype Scope: FreshNames
    /// One level of indentation.
    static var indentation: String { get }
    /// What a read the printer cannot resolve is written as (a local out of range): never reached.
    static var notANumber: String { get }
    static func literal(_ value: Double) -> String
    static func phase(_ phase: ScrollPhase) -> String
    /// `val name: Type = value` / `const name = value;`.
    static func constant(_ name: String, type: ValueType, value: String) -> String
    /// A variable an if-chain assigns: `val name: Type` / `let name;`.
    static func variable(_ name: String, type: ValueType) -> String
    static func assignment(_ name: String, value: String) -> String
    /// The name a hoisted operand is given.
    static func hoistedName(isBool: Bool) -> String
    /// A conditional expression of rendered operands, and whether its operands are parenthesised first.
    static func conditional(_ test: String, _ then: String, _ otherwise: String) -> String
    static var parenthesizesConditionalOperands: Bool { get }
    static func spelling(_ operation: UnaryOperation) -> Spelling
    static func spelling(_ operation: BinaryOperation) -> Spelling
    /// Whether a callee is one of the file's own helpers (`$min`, `swiftMin`), which the file must define.
    static func isHelper(_ callee: String) -> Bool
    static func curve(_ curve: Curve, argument: String) -> String
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
}

/// The precedence levels of the operators a body is written with, loosest first (JavaScript's and Kotlin's:
/// equality binds more loosely than the relational operators).
package enum Precedence: Int, Comparable {
    case ternary = 0, or, and, equality, relational, additive, multiplicative, prefix, atom
    package static func < (lhs: Precedence, rhs: Precedence) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// The statements of one generated function: a body of the lowered program written node for node, so that
/// the target evaluates the same operations in the same order as the interpreter. The operations a language
/// spells differently from Swift are the file's helpers, which compute exactly what the interpreter computes
/// (the file takes those its program's operations are spelled with: `Program.curvesAndHelpers`); what a read
/// means is the caller's to say.
package struct BodyPrinter<Syntax: BodySyntax> {
    package private(set) var lines: [String] = []
    package private(set) var scope: Syntax.Scope
    private let readText: (Read) -> String
    private var localNames: [String] = []
    private var indentation = ""

    /// Above this many operators an operand is moved into its own constant, which keeps lines readable and
    /// the compiler's nesting shallow however long the spec's expressions are.
    private static var operatorsPerExpression: Int { 8 }

    /// The names of the user's functions, as the file declares them.
    private let functions: [String]

    package init(functions: [String] = [], scope: Syntax.Scope, readText: @escaping (Read) -> String) {
        self.functions = functions
        self.scope = scope
        self.readText = readText
    }

    package mutating func append(_ line: String) {
        lines.append(indentation + line)
    }

    package mutating func fresh(_ base: String) -> String { scope.fresh(base) }

    /// Writes the body's locals as constants and returns the result's text. A result that is a chain of
    /// conditions becomes an if-chain assigning `name` (which the caller has taken in this scope).
    package mutating func render(_ body: Body, name: String? = nil) -> String {
        localNames = []
        for (index, local) in body.locals.enumerated() {
            let localName = fresh(index < body.localNames.count ? body.localNames[index] : "x")
            statement(local, into: localName)
            localNames.append(localName)
        }
        if case .select = body.result.kind, body.result.isWrittenAsIfChain {
            let resultName = name ?? fresh("value")
            statement(body.result, into: resultName)
            return resultName
        }
        return render(body.result, top: true).text
    }

    /// A constant holding the expression, or for a chain of conditions a variable and an if-chain assigning it.
    package mutating func statement(_ expression: Expr, into name: String) {
        guard case .select = expression.kind, expression.isWrittenAsIfChain else {
            append(Syntax.constant(name, type: expression.type, value: render(expression, top: true).text))
            return
        }
        // Every test is written before the chain: what a test hoists must come before its `if`, and nothing
        // has side effects, so an early test decides the same either way.
        var tests: [String] = []
        var branches: [Expr] = []
        var current = expression
        while case .select(let condition, let then, let otherwise) = current.kind {
            tests.append(render(condition, top: true).text)
            branches.append(then)
            current = otherwise
        }
        append(Syntax.variable(name, type: expression.type))
        for (index, test) in tests.enumerated() {
            append(index == 0 ? "if (\(test)) {" : "} else if (\(test)) {")
            indented { $0.append(Syntax.assignment(name, value: $0.render(branches[index], top: true).text)) }
        }
        append("} else {")
        indented { $0.append(Syntax.assignment(name, value: $0.render(current, top: true).text)) }
        append("}")
    }

    /// The lines that `body` adds, one level further in (the statements of the caller's own `if`).
    package mutating func indented(_ body: (inout BodyPrinter) -> Void) {
        let outer = indentation
        indentation += Syntax.indentation
        body(&self)
        indentation = outer
    }

    // MARK: Expressions

    private struct Rendered {
        var text: String
        var level: Precedence
        var operators: Int
        var isBool = false
    }

    private mutating func render(_ expression: Expr, top: Bool = false) -> Rendered {
        var rendered = renderNode(expression, top: top)
        rendered.isBool = expression.type == .bool
        return rendered
    }

    private mutating func renderNode(_ expression: Expr, top: Bool) -> Rendered {
        switch expression.kind {
        case .constant(let value) where expression.type == .phase:
            return Rendered(text: Syntax.phase(ScrollPhase(number: value) ?? .idle), level: .atom, operators: 0)
        case .constant(let value):
            return Rendered(text: Syntax.literal(value), level: .atom, operators: 0)
        case .boolConstant(let value):
            return Rendered(text: value ? "true" : "false", level: .atom, operators: 0)
        case .read(let read):
            if case .local(let index) = read {
                return Rendered(text: index < localNames.count ? localNames[index] : Syntax.notANumber, level: .atom, operators: 0)
            }
            return Rendered(text: readText(read), level: .atom, operators: 0)
        case .unary(let operation, let operand):
            return spelled(Syntax.spelling(operation), [operand])
        case .binary(let operation, let lhs, let rhs):
            return spelled(Syntax.spelling(operation), [lhs, rhs])
        case .select(let condition, let then, let otherwise):
            if expression.isWrittenAsIfChain {
                let name = fresh(expression.type == .bool ? "condition" : "x")
                statement(expression, into: name)
                return Rendered(text: name, level: .atom, operators: 0)
            }
            var operands = [render(condition), render(then), render(otherwise)]
            if Syntax.parenthesizesConditionalOperands { operands = operands.map { parenthesized($0, above: .ternary) } }
            let rendered = Rendered(text: Syntax.conditional(operands[0].text, operands[1].text, operands[2].text), level: .atom,
                                    operators: operands.reduce(1) { $0 + $1.operators }, isBool: expression.type == .bool)
            return top ? rendered : hoistIfLong(rendered)
        case .curve(let curve, let progress):
            let argument = hoistIfLong(render(progress))
            let text = Syntax.curve(curve, argument: argument.text)
            // An identity curve is its argument, which keeps its own precedence.
            if text == argument.text { return argument }
            return Rendered(text: text, level: .atom, operators: argument.operators + 1)
        case .call(let index, let arguments):
            let name = index < functions.count ? functions[index] : Syntax.notANumber
            return call(name, arguments.map { hoistIfLong(render($0)) })
        }
    }

    private mutating func spelled(_ spelling: Spelling, _ operands: [Expr]) -> Rendered {
        switch spelling {
        case .prefix(let op):
            let inner = hoistIfLong(render(operands[0]))
            let operand = parenthesized(inner, above: .prefix, orEqual: false)
            // `-(-x)` must not become `--x`, the decrement operator.
            let text = operand.text.hasPrefix("-") ? "\(op)(\(operand.text))" : op + operand.text
            return Rendered(text: text, level: .prefix, operators: inner.operators + 1)
        case .call(let callee):
            return call(callee, operands.map { hoistIfLong(render($0)) })
        case .infix(let op, let level):
            // Left-associative: a right operand at the same level keeps its parentheses. A comparison inside an
            // equality is parenthesised too, for the reader: `(a < b) == (c < d)`.
            let least: Precedence = level == .equality ? .relational : level
            let left = parenthesized(hoistIfLong(render(operands[0])), above: least, orEqual: level != .equality)
            let right = parenthesized(hoistIfLong(render(operands[1])), above: least, orEqual: false)
            return Rendered(text: "\(left.text) \(op) \(right.text)", level: level, operators: left.operators + right.operators + 1)
        }
    }

    private func call(_ callee: String, _ arguments: [Rendered]) -> Rendered {
        Rendered(text: "\(callee)(\(arguments.map(\.text).joined(separator: ", ")))", level: .atom,
                        operators: arguments.reduce(1) { $0 + $1.operators })
    }

    /// Parenthesises an operand that binds more loosely than its context requires.
    private func parenthesized(_ rendered: Rendered, above level: Precedence, orEqual: Bool = true) -> Rendered {
        if rendered.level > level || (orEqual && rendered.level == level) { return rendered }
        return Rendered(text: "(\(rendered.text))", level: .atom, operators: rendered.operators, isBool: rendered.isBool)
    }

    private mutating func hoistIfLong(_ rendered: Rendered) -> Rendered {
        guard rendered.operators > Self.operatorsPerExpression else { return rendered }
        let name = fresh(Syntax.hoistedName(isBool: rendered.isBool))
        append(Syntax.constant(name, type: rendered.isBool ? .bool : .number, value: rendered.text))
        return Rendered(text: name, level: .atom, operators: 0)
    }
}
