import HeaderSource
import HeaderSyntax
import HeaderMath
import HeaderIR

/// The statements of one generated function: a body of the lowered program written as Swift, node for
/// node, so that Swift evaluates the same operations in the same order as the interpreter. Lengths are
/// CGFloat, numbers Double, bools Bool; what a read means (a parameter, a local, a call of another
/// function) is the caller's to say.
package struct FunctionBody {
    package private(set) var lines: [String] = []
    package private(set) var scope: SwiftScope
    private let readText: (Read) -> (String, SwiftType)
    private var localNames: [(String, SwiftType)] = []
    private var indentation = ""

    /// Above this many operators an operand is moved into its own `let`, which keeps lines readable and
    /// the Swift type checker fast.
    private static let operatorsPerExpression = 8

    /// The user's functions as the file declares them, for `.call`.
    private let functions: [SwiftCallee]

    package init(functions: [SwiftCallee] = [], scope: SwiftScope, readText: @escaping (Read) -> (String, SwiftType)) {
        self.functions = functions
        self.scope = scope
        self.readText = readText
    }

    /// Adds a line of the caller's own, at the body's indentation.
    package mutating func append(_ line: String) {
        lines.append(indentation + line)
    }

    package mutating func fresh(_ base: String) -> String { scope.fresh(base) }

    /// Writes the body's locals as `let`s and returns the result's text, as `type`. A result that is a
    /// chain of conditions becomes an if-chain assigning `name` (which the caller has taken in this scope).
    package mutating func render(_ body: Body, as type: SwiftType, name: String? = nil) -> String {
        localNames = []
        for (index, local) in body.locals.enumerated() {
            let name = fresh(index < body.localNames.count ? body.localNames[index] : "x")
            let localType = SwiftType(local.type)
            statement(local, into: name, as: localType)
            localNames.append((name, localType))
        }
        let result = body.result
        if case .select = result.kind, result.isWrittenAsIfChain {
            let name = name ?? fresh("value")
            statement(result, into: name, as: type)
            return name
        }
        return render(result, as: type, top: true).text
    }

    /// `let name: Type = expression`, or for a chain of two or more conditions an if-chain assigning it.
    package mutating func statement(_ expression: Expr, into name: String, as type: SwiftType) {
        guard case .select = expression.kind, expression.isWrittenAsIfChain else {
            let text = render(expression, as: type, top: true).text
            append("let \(name): \(type.rawValue) = \(text)")
            return
        }
        // Every test is written before the chain: what a test hoists into `let`s must come before its
        // `if`, and nothing has side effects, so an early test decides the same either way.
        var tests: [String] = []
        var branches: [Expr] = []
        var current = expression
        while case .select(let condition, let then, let otherwise) = current.kind {
            tests.append(render(condition, as: .bool, top: true).text)
            branches.append(then)
            current = otherwise
        }
        append("let \(name): \(type.rawValue)")
        for (index, test) in tests.enumerated() {
            append(index == 0 ? "if \(test) {" : "} else if \(test) {")
            branch(branches[index], into: name, as: type)
        }
        append("} else {")
        branch(current, into: name, as: type)
        append("}")
    }


    /// The lines that `body` adds, one level further in (the statements of the caller's own `if`).
    package mutating func indented(_ body: (inout FunctionBody) -> Void) {
        let outer = indentation
        indentation += "    "
        body(&self)
        indentation = outer
    }

    private mutating func branch(_ expression: Expr, into name: String, as type: SwiftType) {
        let outer = indentation
        indentation += "    "
        append("\(name) = \(render(expression, as: type, top: true).text)")
        indentation = outer
    }

    /// A number as written in an expression: whole numbers without a fraction (`190`, where the context
    /// makes them Doubles, exactly), anything else with every bit kept.
    /// Whether `literal` writes the number as a decimal literal, which any floating-point type takes.
    static func isPlainLiteral(_ value: Double) -> Bool {
        value.isFinite && !value.isSubnormal && (value == value.rounded() && value.magnitude < 9_007_199_254_740_992
            || CurveSwiftSource.isDecimalLiteral(value))
    }

    /// A phase as the enum's case, `.dragging`, from the number the lowered program holds it as.
    package static func phaseLiteral(_ value: Double) -> String {
        "." + (ScrollPhase(number: value) ?? .idle).name
    }

    package static func literal(_ value: Double) -> String {
        guard value == value.rounded(), value.magnitude < 9_007_199_254_740_992, !(value == 0 && value.sign == .minus) else {
            return CurveSwiftSource.literal(value)
        }
        let text = String(Int64(value))
        return value < 0 ? "(\(text))" : text
    }

    // MARK: Expressions

    /// Swift's precedence levels for the operators the emitter writes, loosest first.
    private enum Level: Int, Comparable {
        case ternary = 0, or, and, comparison, additive, multiplicative, prefix, atom
        static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    private struct Rendered {
        var text: String
        var level: Level
        var operators: Int
        var type: SwiftType
        /// A plain number literal, which takes whatever numeric type its context wants.
        var isLiteral = false
    }

    /// `top`: the expression is a statement's whole right-hand side, which needs no hoisting of its own.
    /// `type`: the Swift type the context wants; arithmetic is done in it, which gives the same bits in
    /// CGFloat as in Double (a CGFloat is a Double and its operations are Double's).
    private mutating func render(_ expression: Expr, as type: SwiftType? = nil, top: Bool = false) -> Rendered {
        let wanted = type ?? SwiftType(expression.type)
        switch expression.kind {
        case .constant(let value) where expression.type == .phase:
            return Rendered(text: FunctionBody.phaseLiteral(value), level: .atom, operators: 0, type: .phase)
        case .constant(let value) where value.isInfinite && wanted == .cgFloat:
            return Rendered(text: value > 0 ? "CGFloat.infinity" : "(-CGFloat.infinity)", level: .atom, operators: 0, type: wanted)
        case .constant(let value):
            let text = FunctionBody.literal(value)
            let plain = FunctionBody.isPlainLiteral(value)
            if plain || wanted == .double {
                return Rendered(text: text, level: .atom, operators: 0, type: wanted, isLiteral: plain)
            }
            return Rendered(text: "\(wanted.rawValue)(\(text))", level: .atom, operators: 0, type: wanted)
        case .boolConstant(let value):
            return Rendered(text: value ? "true" : "false", level: .atom, operators: 0, type: .bool)
        case .read(let read):
            let (text, readType): (String, SwiftType)
            if case .local(let index) = read {
                (text, readType) = index < localNames.count ? localNames[index] : ("nan", .double)
            } else {
                (text, readType) = readText(read)
            }
            return convert(Rendered(text: text, level: .atom, operators: 0, type: readType), to: wanted)
        case .unary(let operation, let operand):
            switch operation {
            case .not: return prefix("!", hoistIfLong(render(operand, as: .bool)))
            case .negate: return prefix("-", hoistIfLong(render(operand, as: wanted)))
            case .sqrt: return convert(postfix(hoistIfLong(render(operand, as: .double)), ".squareRoot()"), to: wanted)
            case .abs: return postfix(hoistIfLong(render(operand, as: wanted)), ".magnitude")
            case .floor: return postfix(hoistIfLong(render(operand, as: wanted)), ".rounded(.down)")
            case .ceil: return postfix(hoistIfLong(render(operand, as: wanted)), ".rounded(.up)")
            case .round: return postfix(hoistIfLong(render(operand, as: wanted)), ".rounded()")
            case .trunc:
                // `+ 0` makes a zero +0, as the Int it stands for (Grammar.md, "Rounding as other languages round").
                let cut = postfix(hoistIfLong(render(operand, as: wanted)), ".rounded(.towardZero)")
                return Rendered(text: "(\(cut.text) + 0)", level: .atom, operators: cut.operators + 1, type: cut.type)
            case .roundHalfEven: return postfix(hoistIfLong(render(operand, as: wanted)), ".rounded(.toNearestOrEven)")
            case .fround:
                // Through Float and back: IEEE 754's conversion, to nearest with ties to even.
                let x = hoistIfLong(render(operand, as: .double))
                return convert(Rendered(text: "Double(Float(\(x.text)))", level: .atom, operators: x.operators + 1, type: .double), to: wanted)
            case .roundHalfUp, .exp, .expm1, .sin, .cos:
                let x = hoistIfLong(render(operand, as: .double))
                return convert(Rendered(text: "Self.\(SwiftEmitter.ownedMathFunction(operation) ?? "")(\(x.text))", level: .atom,
                                        operators: x.operators + 1, type: .double), to: wanted)
            }
        case .binary(let operation, let lhs, let rhs):
            switch operation {
            case .min, .max:
                let a = hoistIfLong(render(lhs, as: wanted)), b = hoistIfLong(render(rhs, as: wanted))
                let function = operation == .min ? "Swift.min" : "Swift.max"
                return Rendered(text: "\(function)(\(a.text), \(b.text))", level: .atom, operators: a.operators + b.operators + 1,
                                type: wanted)
            case .div, .fmin, .fmax:
                let a = hoistIfLong(render(lhs, as: .double)), b = hoistIfLong(render(rhs, as: .double))
                let function = operation == .div ? "mathDiv" : operation == .fmin ? "mathFmin" : "mathFmax"
                return convert(Rendered(text: "Self.\(function)(\(a.text), \(b.text))", level: .atom,
                                        operators: a.operators + b.operators + 1, type: .double), to: wanted)
            case .pow:
                let a = hoistIfLong(render(lhs, as: .double)), b = hoistIfLong(render(rhs, as: .double))
                return convert(Rendered(text: "Self.mathPow(\(a.text), \(b.text))", level: .atom,
                                        operators: a.operators + b.operators + 1, type: .double), to: wanted)
            case .add: return binary("+", .additive, lhs, rhs, operands: wanted)
            case .subtract: return binary("-", .additive, lhs, rhs, operands: wanted)
            case .multiply: return binary("*", .multiplicative, lhs, rhs, operands: wanted)
            case .divide: return binary("/", .multiplicative, lhs, rhs, operands: wanted)
            case .less: return comparison("<", lhs, rhs)
            case .lessEqual: return comparison("<=", lhs, rhs)
            case .greater: return comparison(">", lhs, rhs)
            case .greaterEqual: return comparison(">=", lhs, rhs)
            case .equal: return comparison("==", lhs, rhs)
            case .notEqual: return comparison("!=", lhs, rhs)
            case .boolEqual: return binary("==", .comparison, lhs, rhs, operands: .bool)
            case .boolNotEqual: return binary("!=", .comparison, lhs, rhs, operands: .bool)
            case .and: return binary("&&", .and, lhs, rhs, operands: .bool)
            case .or: return binary("||", .or, lhs, rhs, operands: .bool)
            }
        case .select(let condition, let then, let otherwise):
            if expression.isWrittenAsIfChain {
                let name = fresh(expression.type == .bool ? "condition" : "x")
                statement(expression, into: name, as: wanted)
                return Rendered(text: name, level: .atom, operators: 0, type: wanted)
            }
            let test = parenthesized(render(condition, as: .bool), above: .ternary)
            let first = parenthesized(render(then, as: wanted), above: .ternary)
            let second = parenthesized(render(otherwise, as: wanted), above: .ternary)
            // Two literal branches would leave Swift to choose their type.
            let literal = first.isLiteral && second.isLiteral ? " as \(wanted.rawValue)" : ""
            let text = "(\(test.text) ? \(first.text)\(literal) : \(second.text))"
            let rendered = Rendered(text: text, level: .atom, operators: test.operators + first.operators + second.operators + 1,
                                    type: wanted)
            return top ? rendered : hoistIfLong(rendered)
        case .curve(let curve, let progress):
            let argument = identifier(for: render(progress, as: .double))
            return convert(Rendered(text: CurveSwiftSource.call(curve, argument: argument), level: .atom, operators: 1, type: .double),
                           to: wanted)
        case .call(let index, let arguments):
            guard index < functions.count else { return Rendered(text: "Double.nan", level: .atom, operators: 0, type: .double) }
            let callee = functions[index]
            var operators = 1
            let texts = arguments.enumerated().map { position, argument -> String in
                let type = position < callee.parameters.count ? callee.parameters[position] : .double
                let rendered = hoistIfLong(render(argument, as: type))
                operators += rendered.operators
                return rendered.text
            }
            let text = "Self.\(callee.name)(\(texts.joined(separator: ", ")))"
            return convert(Rendered(text: text, level: .atom, operators: operators, type: callee.result), to: wanted)
        }
    }

    /// The value as `type`: a literal as it is, anything else converted (exactly: CGFloat is a Double).
    private func convert(_ rendered: Rendered, to type: SwiftType) -> Rendered {
        if rendered.isLiteral {
            var literal = rendered
            literal.type = type
            return literal
        }
        guard rendered.type != type, type != .bool, rendered.type != .bool, type != .phase, rendered.type != .phase else { return rendered }
        return Rendered(text: "\(type.rawValue)(\(rendered.text))", level: .atom, operators: rendered.operators, type: type)
    }

    /// Whether the parenthesis after the callee's name closes at the end of the text.
    static func isOneCall(_ text: String) -> Bool {
        var depth = 0
        for (index, character) in text.enumerated() {
            if character == "(" { depth += 1 }
            if character == ")" {
                depth -= 1
                if depth == 0 { return index == text.count - 1 }
            }
        }
        return false
    }

    private mutating func comparison(_ op: String, _ lhs: Expr, _ rhs: Expr) -> Rendered {
        // Phases are compared as the enum's cases: `phase == .dragging`.
        if lhs.type == .phase || rhs.type == .phase { return binary(op, .comparison, lhs, rhs, operands: .phase) }
        // Compared in CGFloat when either side is a length, else in Double: the same comparison either way.
        let type: SwiftType = SwiftType(lhs.type) == .cgFloat || SwiftType(rhs.type) == .cgFloat ? .cgFloat : .double
        return binary(op, .comparison, lhs, rhs, operands: type)
    }

    private func prefix(_ op: String, _ inner: Rendered) -> Rendered {
        let operand = parenthesized(inner, above: .prefix, orEqual: false)
        // `-(-x)` must not become `--x`.
        let text = operand.text.hasPrefix(op) || operand.text.hasPrefix("-") ? "\(op)(\(operand.text))" : op + operand.text
        return Rendered(text: text, level: .prefix, operators: inner.operators + 1, type: inner.type)
    }

    private func postfix(_ inner: Rendered, _ member: String) -> Rendered {
        // A member binds tighter than a prefix operator: `-x.magnitude` is `-(x.magnitude)`.
        let operand = parenthesized(inner, above: .prefix, orEqual: false)
        return Rendered(text: operand.text + member, level: .atom, operators: inner.operators + 1, type: inner.type)
    }

    private mutating func binary(_ op: String, _ level: Level, _ lhs: Expr, _ rhs: Expr, operands: SwiftType) -> Rendered {
        // Left-associative: a right operand at the same level keeps its parentheses; comparisons do not chain.
        var left = parenthesized(hoistIfLong(render(lhs, as: operands)), above: level == .comparison ? .additive : level,
                                 orEqual: level != .comparison)
        var right = parenthesized(hoistIfLong(render(rhs, as: operands)), above: level, orEqual: false)
        // Swift warns that `x < nan` is always false when an input, a state or a local of the spec is named `nan`
        // (`nan`, `state.nan`): `(nan)` it is not.
        if level == .comparison {
            if left.text == "nan" || left.text.hasSuffix(".nan") { left.text = "(\(left.text))" }
            if right.text == "nan" || right.text.hasSuffix(".nan") { right.text = "(\(right.text))" }
        }
        let type: SwiftType = level <= .comparison ? .bool : operands
        return Rendered(text: "\(left.text) \(op) \(right.text)", level: level, operators: left.operators + right.operators + 1,
                        type: type)
    }

    /// Parenthesises an operand that binds more loosely than its context requires.
    private func parenthesized(_ rendered: Rendered, above level: Level, orEqual: Bool = true) -> Rendered {
        if rendered.level > level || (orEqual && rendered.level == level) { return rendered }
        var wrapped = rendered
        wrapped.text = "(\(rendered.text))"
        wrapped.level = .atom
        return wrapped
    }

    private mutating func hoistIfLong(_ rendered: Rendered) -> Rendered {
        guard rendered.operators > FunctionBody.operatorsPerExpression else { return rendered }
        let name = fresh(rendered.type == .bool ? "condition" : "x")
        append("let \(name): \(rendered.type.rawValue) = \(rendered.text)")
        return Rendered(text: name, level: .atom, operators: 0, type: rendered.type)
    }

    /// A plain identifier holding the value, hoisting it into a `let` unless it already is one.
    private mutating func identifier(for rendered: Rendered) -> String {
        if rendered.level == .atom, rendered.text.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }),
           let first = rendered.text.first, !first.isNumber {
            return rendered.text
        }
        let name = fresh("t")
        append("let \(name): Double = \(rendered.text)")
        return name
    }
}

/// A user's function as the generated file declares it: its Swift name and types.
package struct SwiftCallee {
    package let name: String
    package let parameters: [SwiftType]
    package let result: SwiftType
}

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
