import HeaderSource
import HeaderSyntax
import HeaderMath
import HeaderIR

/// A function of the spec as a body calls it: its name in the file and its types.
package struct Callee {
    package let name: String
    package let parameters: [ValueType]
    package let result: ValueType
    /// Which parameters, and whether the result, are declared Floats: the language's own Float where it has one.
    package var parametersAreFloat: [Bool] = []
    package var resultIsFloat = false

    /// The spec's functions under the names the file declares them by.
    package static func list(_ names: [String], _ functions: [Program.Function]) -> [Callee] {
        zip(names, functions).map {
            Callee(name: $0, parameters: $1.parameters.map(\.type), result: $1.type, parametersAreFloat: $1.parameters.map(\.isFloat),
                   resultIsFloat: $1.resultIsFloat)
        }
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
    /// Each local of the body being written: its name, its type, and whether it is the language's Float.
    private var localNames: [(name: String, type: ValueType, binary32: Bool)] = []
    /// The reads that hold the language's Float (`Binary32Syntax`): named values written into Float constants.
    package var binary32Reads: Set<Read> = []
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
        renderLocals(body)
        return renderResult(body, as: type, name: name)
    }

    /// A named value's body, as `render`, and whether its text is the language's Float (`Binary32Syntax`): a
    /// value that is a Float is written in Float, for its reads to compute in Float.
    package mutating func renderValue(_ body: Body, as type: ValueType, name: String) -> (text: String, binary32: Bool) {
        renderLocals(body)
        if let float = Syntax.binary32, isBinary32(body.result) { return (renderBinary32(body.result, float).text, true) }
        return (renderResult(body, as: type, name: name), false)
    }

    /// A function's body whose result is declared a Float, as text of the language's Float; nil where the
    /// language has none.
    package mutating func renderBinary32Result(_ body: Body) -> String? {
        guard let float = Syntax.binary32 else { return nil }
        renderLocals(body)
        return renderBinary32(body.result, float).text
    }

    /// The body's locals as constants, a Float (the language's) for each that is one.
    private mutating func renderLocals(_ body: Body) {
        localNames = []
        for (index, local) in body.locals.enumerated() {
            let localName = fresh(index < body.localNames.count ? body.localNames[index] : "x")
            if let float = Syntax.binary32, isBinary32(local) {
                append(float.constant(localName, renderBinary32(local, float).text))
                localNames.append((localName, .number, true))
                continue
            }
            let localType = Syntax.written(local.type)
            statement(local, into: localName, as: localType)
            localNames.append((localName, localType, false))
        }
    }

    private mutating func renderResult(_ body: Body, as type: ValueType?, name: String?) -> String {
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
        /// The text is the language's Float (`Binary32Syntax`), not `type`'s own type.
        var binary32 = false
    }

    /// `top`: the expression is a statement's whole right-hand side, which needs no hoisting of its own.
    /// `wanted`: the type the context wants, in which arithmetic is done.
    private mutating func render(_ expression: Expr, as wanted: ValueType, top: Bool = false) -> Rendered {
        func atom(_ text: String, _ type: ValueType) -> Rendered { Rendered(text: text, level: .atom, operators: 0, type: type) }
        if let float = Syntax.binary32, wanted.isNumeric, isBinary32(expression) {
            let rendered = renderBinary32(expression, float)
            return applied(float.toNumber(Syntax.written(wanted)), to: rendered, type: Syntax.written(wanted), binary32: false)
        }
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
            let (text, type, _) = index < localNames.count ? localNames[index] : (Syntax.notANumber, .number, false)
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
            return convert(call(callee.name, self.arguments(arguments, of: callee), type: Syntax.written(callee.result)), to: wanted)
        }
    }

    // MARK: Floats

    /// Whether `expression` is a Float the printer writes in the language's own Float: a rounding to binary32
    /// (`fround`, which is how the checker writes every Float operation), a read of a Float local or value,
    /// or a negation or a choice of Floats.
    private func isBinary32(_ expression: Expr) -> Bool {
        guard Syntax.binary32 != nil else { return false }
        switch expression.kind {
        case .unary(.fround, _): return true
        case .unary(.negate, let operand): return isBinary32(operand)
        case .read(.local(let index)): return index < localNames.count && localNames[index].binary32
        case .read(let read): return binary32Reads.contains(read)
        case .call(let index, _): return index < functions.count && functions[index].resultIsFloat
        case .select(_, let then, let otherwise):
            return !expression.isWrittenAsIfChain && isFloatOperand(then) && isFloatOperand(otherwise) && (isBinary32(then) || isBinary32(otherwise))
        default: return false
        }
    }

    /// A Float, or a number constant that a Float literal writes exactly.
    private func isFloatOperand(_ expression: Expr) -> Bool {
        if case .constant(let value) = expression.kind, expression.type != .phase { return Syntax.binary32?.literal(value) != nil }
        return isBinary32(expression)
    }

    /// `expression`, a Float or a constant that is one, as text of the language's Float. A Float operation of
    /// two Floats is that operation in Float, which rounds once as `fround` of the Double operation does; any
    /// other rounding is the Double made a Float, and a Float that is not written as one (a choice written as
    /// an if-chain) is its Double made a Float, exactly.
    private mutating func renderBinary32(_ expression: Expr, _ float: Binary32Syntax) -> Rendered {
        func atom(_ text: String) -> Rendered { Rendered(text: text, level: .atom, operators: 0, type: .number, binary32: true) }
        switch expression.kind {
        case .constant(let value):
            if let text = float.literal(value) { return atom(text) }
        case .read(.local(let index)) where index < localNames.count && localNames[index].binary32:
            return atom(localNames[index].name)
        case .read(let read) where binary32Reads.contains(read):
            return atom(readText(read).0)
        case .call(let index, let arguments) where isBinary32(expression):
            let callee = functions[index]
            return hoistIfLong(call(callee.name, self.arguments(arguments, of: callee), type: .number, binary32: true))
        case .unary(.negate, let operand) where isBinary32(operand):
            let inner = parenthesized(hoistIfLong(renderBinary32(operand, float)), above: .prefix, orEqual: false)
            let text = inner.text.hasPrefix("-") ? "-(\(inner.text))" : "-" + inner.text
            return Rendered(text: text, level: .prefix, operators: inner.operators + 1, type: .number, binary32: true)
        case .unary(.fround, let operand):
            switch operand.kind {
            case .binary(let operation, let lhs, let rhs)
                where [.add, .subtract, .multiply, .divide].contains(operation) && isFloatOperand(lhs) && isFloatOperand(rhs)
                    && (isBinary32(lhs) || isBinary32(rhs)):
                guard case .infix(let op, let level) = Syntax.spelling(operation) else { break }
                let bounds = Syntax.operandBounds(level)
                let left = parenthesized(hoistIfLong(renderBinary32(lhs, float)), above: bounds.left, orEqual: bounds.leftOrEqual)
                let right = parenthesized(hoistIfLong(renderBinary32(rhs, float)), above: bounds.right, orEqual: false)
                return Rendered(text: "\(left.text) \(op) \(right.text)", level: level, operators: left.operators + right.operators + 1,
                                type: .number, binary32: true)
            case .unary(.sqrt, let radicand) where isBinary32(radicand):
                if let root = float.squareRoot {
                    return applied(root, to: hoistIfLong(renderBinary32(radicand, float)), type: .number, binary32: true)
                }
            default:
                break
            }
            // Made a Float from the type it is written in (Swift's `Float(density)` of a CGFloat): exactly as from a Double.
            return applied(float.fromDouble, to: hoistIfLong(render(operand, as: Syntax.written(operand.type))), type: .number, binary32: true)
        case .select(let condition, let then, let otherwise) where isBinary32(expression):
            var operands = [render(condition, as: .bool), renderBinary32(then, float), renderBinary32(otherwise, float)]
            if Syntax.parenthesizesConditionalOperands { operands = operands.map { parenthesized($0, above: .ternary) } }
            let text = Syntax.conditional(operands[0].text, operands[1].text, operands[2].text, type: .number, literalBranches: false)
            return hoistIfLong(Rendered(text: text, level: .atom, operators: operands.reduce(1) { $0 + $1.operators }, type: .number, binary32: true))
        default:
            break
        }
        return applied(float.fromDouble, to: hoistIfLong(render(expression, as: .number)), type: .number, binary32: true)
    }

    /// A read's text as a number of `type`, for a caller that passes it on as one: a Float read
    /// (`binary32Reads`) made a Double (or CGFloat), exactly; any other as it is.
    package func numberText(of read: Read, _ text: String, as type: ValueType) -> String {
        guard binary32Reads.contains(read), let float = Syntax.binary32 else { return text }
        let rendered = Rendered(text: text, level: .atom, operators: 0, type: .number, binary32: true)
        return applied(float.toNumber(Syntax.written(type)), to: rendered, type: Syntax.written(type), binary32: false).text
    }

    /// `spelling` (a call, a prefix or a member) applied to rendered text, giving a value of `type`.
    private func applied(_ spelling: Spelling, to inner: Rendered, type: ValueType, binary32: Bool) -> Rendered {
        switch spelling {
        case .call(let callee):
            return Rendered(text: "\(callee)(\(inner.text))", level: .atom, operators: inner.operators + 1, type: type, binary32: binary32)
        case .template(let before, let after, let operators, let member):
            let operand = member ? parenthesized(inner, above: .prefix, orEqual: false) : inner
            return Rendered(text: before + operand.text + after, level: .atom, operators: inner.operators + operators, type: type, binary32: binary32)
        case .prefix(let op):
            let operand = parenthesized(inner, above: .prefix, orEqual: false)
            return Rendered(text: op + operand.text, level: .prefix, operators: inner.operators + 1, type: type, binary32: binary32)
        case .infix:
            return inner
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

    private func call(_ callee: String, _ arguments: [Rendered], type: ValueType, binary32: Bool = false) -> Rendered {
        Rendered(text: "\(callee)(\(arguments.map(\.text).joined(separator: ", ")))", level: .atom,
                 operators: arguments.reduce(1) { $0 + $1.operators }, type: type, binary32: binary32)
    }

    /// The arguments of a call of one of the spec's functions, each in its parameter's type: a parameter declared
    /// a Float takes the language's Float (the checker gave it a Float).
    private mutating func arguments(_ arguments: [Expr], of callee: Callee) -> [Rendered] {
        arguments.enumerated().map { position, argument in
            if let float = Syntax.binary32, position < callee.parametersAreFloat.count, callee.parametersAreFloat[position] {
                return hoistIfLong(renderBinary32(argument, float))
            }
            return hoistIfLong(render(argument, as: Syntax.written(position < callee.parameters.count ? callee.parameters[position] : .number)))
        }
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
        if rendered.binary32, let float = Syntax.binary32 {
            append(float.constant(name, rendered.text))
        } else {
            append(Syntax.constant(name, type: rendered.type, value: rendered.text))
        }
        return Rendered(text: name, level: .atom, operators: 0, type: rendered.type, binary32: rendered.binary32)
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
