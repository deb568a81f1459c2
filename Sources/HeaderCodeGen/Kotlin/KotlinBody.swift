import HeaderSource
import HeaderSyntax
import HeaderMath
import HeaderIR

/// The statements of one generated Kotlin function: a body of the lowered program written node for node,
/// so that the JVM evaluates the same operations in the same order as the interpreter. Numbers and
/// lengths are `Double`, bools `Boolean`. The operations Kotlin spells differently from Swift are the
/// file's private helpers (`swiftMin`, `swiftMax`, `swiftRound`, `mathPow`), which compute exactly what
/// the interpreter computes; what a read means is the caller's to say.
package struct KotlinBody {
    package private(set) var lines: [String] = []
    package private(set) var scope: KotlinScope
    /// The file's helpers the rendered text calls, so the file defines just those.
    package private(set) var helpers: Set<String> = []
    package private(set) var curves: [Curve] = []
    private let readText: (Read) -> String
    private var localNames: [String] = []
    private var indentation = ""

    /// Above this many operators an operand is moved into its own `val`, which keeps lines readable and
    /// the compiler's nesting shallow however long the spec's expressions are.
    private static let operatorsPerExpression = 8

    /// The names of the user's functions, members of the generated object.
    private let functions: [String]

    package init(functions: [String] = [], scope: KotlinScope, readText: @escaping (Read) -> String) {
        self.functions = functions
        self.scope = scope
        self.readText = readText
    }

    package mutating func append(_ line: String) {
        lines.append(indentation + line)
    }

    package mutating func fresh(_ base: String) -> String { scope.fresh(base) }

    /// Writes the body's locals as `val`s and returns the result's text. A result that is a chain of
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

    /// `val name: Type = expression`, or for a chain of conditions `val name: Type` and an if-chain
    /// assigning it.
    package mutating func statement(_ expression: Expr, into name: String) {
        guard case .select = expression.kind, expression.isWrittenAsIfChain else {
            append("val \(name): \(KotlinBody.type(expression.type)) = \(render(expression, top: true).text)")
            return
        }
        // Every test is written before the chain, as the Swift emitter does: nothing has side effects.
        var tests: [String] = []
        var branches: [Expr] = []
        var current = expression
        while case .select(let condition, let then, let otherwise) = current.kind {
            tests.append(render(condition, top: true).text)
            branches.append(then)
            current = otherwise
        }
        append("val \(name): \(KotlinBody.type(expression.type))")
        for (index, test) in tests.enumerated() {
            append(index == 0 ? "if (\(test)) {" : "} else if (\(test)) {")
            branch(branches[index], into: name)
        }
        append("} else {")
        branch(current, into: name)
        append("}")
    }


    /// The lines that `body` adds, one level further in (the statements of the caller's own `if`).
    package mutating func indented(_ body: (inout KotlinBody) -> Void) {
        let outer = indentation
        indentation += "    "
        body(&self)
        indentation = outer
    }

    private mutating func branch(_ expression: Expr, into name: String) {
        let outer = indentation
        indentation += "    "
        append("\(name) = \(render(expression, top: true).text)")
        indentation = outer
    }

    // MARK: Expressions

    /// Kotlin's precedence levels for the operators the emitter writes, loosest first. Equality binds
    /// more loosely than comparison, unlike Swift's single level of comparisons.
    private enum Level: Int, Comparable {
        case ternary = 0, or, and, equality, relational, additive, multiplicative, prefix, atom
        static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    private struct Rendered {
        var text: String
        var level: Level
        var operators: Int
        var isBool = false
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

    private mutating func render(_ expression: Expr, top: Bool = false) -> Rendered {
        var rendered = renderNode(expression, top: top)
        rendered.isBool = expression.type == .bool
        return rendered
    }

    private mutating func renderNode(_ expression: Expr, top: Bool) -> Rendered {
        switch expression.kind {
        case .constant(let value) where expression.type == .phase:
            return Rendered(text: KotlinBody.phaseEntry(ScrollPhase(number: value) ?? .idle), level: .atom, operators: 0)
        case .constant(let value):
            let text = KotlinNames.literal(value)
            return Rendered(text: text, level: .atom, operators: 0)
        case .boolConstant(let value):
            return Rendered(text: value ? "true" : "false", level: .atom, operators: 0)
        case .read(let read):
            if case .local(let index) = read {
                return Rendered(text: index < localNames.count ? localNames[index] : "Double.NaN", level: .atom, operators: 0)
            }
            return Rendered(text: readText(read), level: .atom, operators: 0)
        case .unary(let operation, let operand):
            let inner = hoistIfLong(render(operand))
            switch operation {
            case .not: return prefix("!", inner)
            case .negate: return prefix("-", inner)
            case .abs: return call("Math.abs", [inner])
            case .sqrt: return call("Math.sqrt", [inner])
            case .floor: return call("Math.floor", [inner])
            case .ceil: return call("Math.ceil", [inner])
            case .round: return call("swiftRound", [inner])
            case .trunc: return call("mathTrunc", [inner])
            case .roundHalfUp: return call("mathRoundHalfUp", [inner])
            // Math.rint is IEEE's roundToIntegralTiesToEven: Swift's .toNearestOrEven, to the bit.
            case .roundHalfEven: return call("Math.rint", [inner])
            }
        case .binary(let operation, let lhs, let rhs):
            switch operation {
            case .min: return call("swiftMin", [hoistIfLong(render(lhs)), hoistIfLong(render(rhs))])
            case .max: return call("swiftMax", [hoistIfLong(render(lhs)), hoistIfLong(render(rhs))])
            case .pow: return call("mathPow", [hoistIfLong(render(lhs)), hoistIfLong(render(rhs))])
            case .div: return call("mathDiv", [hoistIfLong(render(lhs)), hoistIfLong(render(rhs))])
            case .fmin: return call("mathFmin", [hoistIfLong(render(lhs)), hoistIfLong(render(rhs))])
            case .fmax: return call("mathFmax", [hoistIfLong(render(lhs)), hoistIfLong(render(rhs))])
            case .add: return binary("+", .additive, lhs, rhs)
            case .subtract: return binary("-", .additive, lhs, rhs)
            case .multiply: return binary("*", .multiplicative, lhs, rhs)
            case .divide: return binary("/", .multiplicative, lhs, rhs)
            case .less: return binary("<", .relational, lhs, rhs)
            case .lessEqual: return binary("<=", .relational, lhs, rhs)
            case .greater: return binary(">", .relational, lhs, rhs)
            case .greaterEqual: return binary(">=", .relational, lhs, rhs)
            // `==` between values whose static type is Double is IEEE equality: NaN is unequal to itself,
            // -0.0 equals 0.0 (only a Double? or Any would compare as `equals` does).
            case .equal, .boolEqual: return binary("==", .equality, lhs, rhs)
            case .notEqual, .boolNotEqual: return binary("!=", .equality, lhs, rhs)
            case .and: return binary("&&", .and, lhs, rhs)
            case .or: return binary("||", .or, lhs, rhs)
            }
        case .select(let condition, let then, let otherwise):
            if expression.isWrittenAsIfChain {
                let name = fresh(expression.type == .bool ? "condition" : "x")
                statement(expression, into: name)
                return Rendered(text: name, level: .atom, operators: 0)
            }
            let test = render(condition)
            let first = render(then)
            let second = render(otherwise)
            let rendered = Rendered(text: "(if (\(test.text)) \(first.text) else \(second.text))", level: .atom,
                                    operators: test.operators + first.operators + second.operators + 1,
                                    isBool: expression.type == .bool)
            return top ? rendered : hoistIfLong(rendered)
        case .curve(let curve, let progress):
            curves.append(curve)
            let argument = hoistIfLong(render(progress))
            let text = CurveKotlinSource.call(curve, argument: argument.text)
            // An identity curve is its argument, which keeps its own precedence.
            if text == argument.text { return argument }
            return Rendered(text: text, level: .atom, operators: argument.operators + 1)
        case .call(let index, let arguments):
            let rendered = arguments.map { hoistIfLong(render($0)) }
            let name = index < functions.count ? functions[index] : "Double.NaN"
            return Rendered(text: "\(name)(\(rendered.map(\.text).joined(separator: ", ")))", level: .atom,
                            operators: rendered.reduce(1) { $0 + $1.operators }, isBool: expression.type == .bool)
        }
    }

    private mutating func call(_ helper: String, _ arguments: [Rendered]) -> Rendered {
        if !helper.hasPrefix("Math.") { helpers.insert(helper) }
        return Rendered(text: "\(helper)(\(arguments.map(\.text).joined(separator: ", ")))", level: .atom,
                        operators: arguments.reduce(1) { $0 + $1.operators })
    }

    private func prefix(_ op: String, _ inner: Rendered) -> Rendered {
        let operand = parenthesized(inner, above: .prefix, orEqual: false)
        // `-(-x)` must not become `--x`, the decrement operator.
        let text = operand.text.hasPrefix("-") ? "\(op)(\(operand.text))" : op + operand.text
        return Rendered(text: text, level: .prefix, operators: inner.operators + 1)
    }

    private mutating func binary(_ op: String, _ level: Level, _ lhs: Expr, _ rhs: Expr) -> Rendered {
        // Left-associative: a right operand at the same level keeps its parentheses. A comparison inside an
        // equality is parenthesised too, for the reader: `(a < b) == (c < d)`.
        let least: Level = level == .equality ? .relational : level
        let left = parenthesized(hoistIfLong(render(lhs)), above: least, orEqual: level != .equality)
        let right = parenthesized(hoistIfLong(render(rhs)), above: least, orEqual: false)
        return Rendered(text: "\(left.text) \(op) \(right.text)", level: level, operators: left.operators + right.operators + 1)
    }

    /// Parenthesises an operand that binds more loosely than its context requires.
    private func parenthesized(_ rendered: Rendered, above level: Level, orEqual: Bool = true) -> Rendered {
        if rendered.level > level || (orEqual && rendered.level == level) { return rendered }
        return Rendered(text: "(\(rendered.text))", level: .atom, operators: rendered.operators)
    }

    private mutating func hoistIfLong(_ rendered: Rendered) -> Rendered {
        guard rendered.operators > KotlinBody.operatorsPerExpression else { return rendered }
        let name = fresh(rendered.isBool ? "condition" : "x")
        append("val \(name): \(rendered.isBool ? "Boolean" : "Double") = \(rendered.text)")
        return Rendered(text: name, level: .atom, operators: 0)
    }
}
