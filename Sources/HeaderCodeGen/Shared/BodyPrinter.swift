import HeaderSource
import HeaderSyntax
import HeaderMath
import HeaderIR

/// A function of the spec as a body calls it: its name in the file and its types.
package struct Callee {
    package let name: String
    package let parameters: [ValueType]
    package let result: ValueType

    /// The spec's functions under the names the file declares them by.
    package static func list(_ names: [String], _ functions: [Program.Function]) -> [Callee] {
        zip(names, functions).map { Callee(name: $0, parameters: $1.parameters.map(\.type), result: $1.type) }
    }
}

/// The statements of one generated function: a body of the lowered program written node for node, so that
/// the target evaluates the same operations in the same order as the interpreter. The operations a language
/// spells otherwise than it computes them are the file's helpers, which compute exactly what the interpreter
/// computes (the file takes those its program's operations are spelled with: `Program.curvesAndHelpers`);
/// what a read means is the caller's to say: its text and type.
package struct BodyPrinter<Syntax: BodySyntax> {
    package private(set) var lines: [String] = []
    package private(set) var scope: Syntax.Scope
    private let readText: (Read) -> (String, ValueType)
    private var localNames: [(String, ValueType)] = []
    private var indentation = ""

    /// Above this many operators an operand is moved into its own constant, which keeps lines readable and
    /// the compiler's nesting shallow (and Swift's type checker fast) however long the spec's expressions are.
    private static var operatorsPerExpression: Int { 8 }

    /// The spec's functions, as the file declares them.
    private let functions: [Callee]

    package init(functions: [Callee] = [], scope: Syntax.Scope, readText: @escaping (Read) -> (String, ValueType)) {
        self.functions = functions
        self.scope = scope
        self.readText = readText
    }

    package mutating func append(_ line: String) {
        lines.append(indentation + line)
    }

    package mutating func fresh(_ base: String) -> String { scope.fresh(base) }

    /// Writes the body's locals as constants and returns the result's text, as `type` (the result's own by
    /// default). A result that is a chain of conditions becomes an if-chain assigning `name` (which the
    /// caller has taken in this scope).
    package mutating func render(_ body: Body, as type: ValueType? = nil, name: String? = nil) -> String {
        localNames = []
        for (index, local) in body.locals.enumerated() {
            let localName = fresh(index < body.localNames.count ? body.localNames[index] : "x")
            let localType = Syntax.written(local.type)
            statement(local, into: localName, as: localType)
            localNames.append((localName, localType))
        }
        let wanted = Syntax.written(type ?? body.result.type)
        if case .select = body.result.kind, body.result.isWrittenAsIfChain {
            let resultName = name ?? fresh("value")
            statement(body.result, into: resultName, as: wanted)
            return resultName
        }
        return render(body.result, as: wanted, top: true).text
    }

    /// A constant holding the expression, or for a chain of conditions a variable and an if-chain assigning it.
    package mutating func statement(_ expression: Expr, into name: String, as type: ValueType) {
        guard case .select = expression.kind, expression.isWrittenAsIfChain else {
            append(Syntax.constant(name, type: type, value: render(expression, as: type, top: true).text))
            return
        }
        // Every test is written before the chain: what a test hoists must come before its `if`, and nothing
        // has side effects, so an early test decides the same either way.
        var tests: [String] = []
        var branches: [Expr] = []
        var current = expression
        while case .select(let condition, let then, let otherwise) = current.kind {
            tests.append(render(condition, as: .bool, top: true).text)
            branches.append(then)
            current = otherwise
        }
        append(Syntax.variable(name, type: type))
        for (index, test) in tests.enumerated() {
            append((index == 0 ? "if " : "} else if ") + Syntax.condition(test) + " {")
            indented { $0.append(Syntax.assignment(name, value: $0.render(branches[index], as: type, top: true).text)) }
        }
        append("} else {")
        indented { $0.append(Syntax.assignment(name, value: $0.render(current, as: type, top: true).text)) }
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
        var type: ValueType
        /// A plain number literal, which takes whatever numeric type its context wants.
        var isLiteral = false
    }

    /// `top`: the expression is a statement's whole right-hand side, which needs no hoisting of its own.
    /// `wanted`: the type the context wants, in which arithmetic is done.
    private mutating func render(_ expression: Expr, as wanted: ValueType, top: Bool = false) -> Rendered {
        func atom(_ text: String, _ type: ValueType) -> Rendered { Rendered(text: text, level: .atom, operators: 0, type: type) }
        switch expression.kind {
        case .constant(let value) where expression.type == .phase:
            return atom(Syntax.phase(ScrollPhase(number: value) ?? .idle), .phase)
        case .constant(let value):
            let literal = Syntax.literal(value, as: wanted)
            return Rendered(text: literal.text, level: .atom, operators: 0, type: wanted, isLiteral: literal.adapts)
        case .boolConstant(let value):
            return atom(value ? "true" : "false", .bool)
        case .read(let read):
            guard case .local(let index) = read else {
                let (text, type) = readText(read)
                return convert(atom(text, Syntax.written(type)), to: wanted)
            }
            let (text, type) = index < localNames.count ? localNames[index] : (Syntax.notANumber, .number)
            return convert(atom(text, type), to: wanted)
        case .unary(let operation, let operand):
            let typing = Syntax.typing(operation, wanted: wanted)
            return convert(spelled(Syntax.spelling(operation), [operand], operands: typing.operand, result: typing.result), to: wanted)
        case .binary(let operation, let lhs, let rhs):
            let typing = Syntax.typing(operation, wanted: wanted, lhs: lhs.type, rhs: rhs.type)
            return convert(spelled(Syntax.spelling(operation), [lhs, rhs], operands: typing.operands, result: typing.result), to: wanted)
        case .select(let condition, let then, let otherwise):
            if expression.isWrittenAsIfChain {
                let name = fresh(expression.type == .bool ? "condition" : "x")
                statement(expression, into: name, as: wanted)
                return atom(name, wanted)
            }
            var operands = [render(condition, as: .bool), render(then, as: wanted), render(otherwise, as: wanted)]
            if Syntax.parenthesizesConditionalOperands { operands = operands.map { parenthesized($0, above: .ternary) } }
            let text = Syntax.conditional(operands[0].text, operands[1].text, operands[2].text, type: wanted,
                                          literalBranches: operands[1].isLiteral && operands[2].isLiteral)
            let rendered = Rendered(text: text, level: .atom, operators: operands.reduce(1) { $0 + $1.operators }, type: wanted)
            return top ? rendered : hoistIfLong(rendered)
        case .curve(let curve, let progress):
            if Syntax.curveTakesName {
                let text = Syntax.curve(curve, argument: name(for: render(progress, as: .number)))
                return convert(Rendered(text: text, level: .atom, operators: 1, type: .number), to: wanted)
            }
            let argument = hoistIfLong(render(progress, as: .number))
            let text = Syntax.curve(curve, argument: argument.text)
            // An identity curve is its argument, which keeps its own precedence.
            if text == argument.text { return convert(argument, to: wanted) }
            return convert(Rendered(text: text, level: .atom, operators: argument.operators + 1, type: .number), to: wanted)
        case .call(let index, let arguments):
            guard index < functions.count else { return atom(Syntax.notANumber, .number) }
            let callee = functions[index]
            let rendered = arguments.enumerated().map { position, argument in
                hoistIfLong(render(argument, as: Syntax.written(position < callee.parameters.count ? callee.parameters[position] : .number)))
            }
            return convert(call(callee.name, rendered, type: Syntax.written(callee.result)), to: wanted)
        }
    }

    private mutating func spelled(_ spelling: Spelling, _ operands: [Expr], operands type: ValueType, result: ValueType) -> Rendered {
        switch spelling {
        case .prefix(let op):
            let inner = hoistIfLong(render(operands[0], as: type))
            let operand = parenthesized(inner, above: .prefix, orEqual: false)
            // `-(-x)` must not become `--x`, the decrement operator.
            let text = operand.text.hasPrefix(op) || operand.text.hasPrefix("-") ? "\(op)(\(operand.text))" : op + operand.text
            return Rendered(text: text, level: .prefix, operators: inner.operators + 1, type: result)
        case .call(let callee):
            return call(callee, operands.map { hoistIfLong(render($0, as: type)) }, type: result)
        case .template(let before, let after, let operators, let member):
            let inner = hoistIfLong(render(operands[0], as: type))
            // A member binds tighter than a prefix operator: `-x.magnitude` is `-(x.magnitude)`.
            let operand = member ? parenthesized(inner, above: .prefix, orEqual: false) : inner
            return Rendered(text: before + operand.text + after, level: .atom, operators: inner.operators + operators, type: result)
        case .infix(let op, let level):
            let bounds = Syntax.operandBounds(level)
            var left = parenthesized(hoistIfLong(render(operands[0], as: type)), above: bounds.left, orEqual: bounds.leftOrEqual)
            var right = parenthesized(hoistIfLong(render(operands[1], as: type)), above: bounds.right, orEqual: false)
            if level == .relational || level == .equality {
                left.text = Syntax.comparisonOperand(left.text)
                right.text = Syntax.comparisonOperand(right.text)
            }
            return Rendered(text: "\(left.text) \(op) \(right.text)", level: level, operators: left.operators + right.operators + 1, type: result)
        }
    }

    private func call(_ callee: String, _ arguments: [Rendered], type: ValueType) -> Rendered {
        Rendered(text: "\(callee)(\(arguments.map(\.text).joined(separator: ", ")))", level: .atom,
                 operators: arguments.reduce(1) { $0 + $1.operators }, type: type)
    }

    /// The value as `type`: a literal as it is, anything else converted where the language converts it.
    private func convert(_ rendered: Rendered, to type: ValueType) -> Rendered {
        var converted = rendered
        if rendered.isLiteral {
            converted.type = type
        } else if rendered.type != type, let text = Syntax.converted(rendered.text, from: rendered.type, to: type) {
            converted = Rendered(text: text, level: .atom, operators: rendered.operators, type: type)
        }
        return converted
    }

    /// Parenthesises an operand that binds more loosely than its context requires.
    private func parenthesized(_ rendered: Rendered, above level: Precedence, orEqual: Bool = true) -> Rendered {
        if rendered.level > level || (orEqual && rendered.level == level) { return rendered }
        var wrapped = rendered
        wrapped.text = "(\(rendered.text))"
        wrapped.level = .atom
        return wrapped
    }

    private mutating func hoistIfLong(_ rendered: Rendered) -> Rendered {
        guard rendered.operators > Self.operatorsPerExpression else { return rendered }
        let name = fresh(Syntax.hoistedName(isBool: rendered.type == .bool))
        append(Syntax.constant(name, type: rendered.type, value: rendered.text))
        return Rendered(text: name, level: .atom, operators: 0, type: rendered.type)
    }

    /// A plain name holding the value, hoisting it into a constant unless it already is one.
    private mutating func name(for rendered: Rendered) -> String {
        if rendered.level == .atom, rendered.text.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }),
           let first = rendered.text.first, !first.isNumber {
            return rendered.text
        }
        let name = fresh("t")
        append(Syntax.constant(name, type: .number, value: rendered.text))
        return name
    }
}
