import HeaderSource
import HeaderSyntax
import HeaderMath
import HeaderIR

/// The statements of one generated JavaScript function: a body of the lowered program written node for
/// node, so that JavaScript evaluates the same operations in the same order as the interpreter. Numbers
/// and lengths are JavaScript numbers (IEEE doubles), bools are booleans. The operations JavaScript
/// spells differently from Swift are module helpers (`$min`, `$max`, `$round`, and headerc's own `$mathPow`)
/// that compute exactly what the interpreter computes; what a read means is the caller's to say.
package struct JavaScriptBody {
    package private(set) var lines: [String] = []
    package private(set) var scope: JavaScriptScope
    /// The module helpers the rendered text calls, so the module defines just those.
    package private(set) var helpers: Set<String> = []
    package private(set) var curves: [Curve] = []
    private let readText: (Read) -> String
    private var localNames: [String] = []
    private var indentation = ""

    /// Above this many operators an operand is moved into its own `const`, which keeps lines readable and
    /// the parser's nesting shallow however long the spec's expressions are.
    private static let operatorsPerExpression = 8

    /// The names of the user's functions, which the module declares as they are named in the spec.
    private let functions: [String]

    package init(functions: [String] = [], scope: JavaScriptScope, readText: @escaping (Read) -> String) {
        self.functions = functions
        self.scope = scope
        self.readText = readText
    }

    package mutating func append(_ line: String) {
        lines.append(indentation + line)
    }

    package mutating func fresh(_ base: String) -> String { scope.fresh(base) }

    /// Writes the body's locals as `const`s and returns the result's text. A result that is a chain of
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

    /// `const name = expression;`, or for a chain of conditions `let name;` and an if-chain assigning it.
    package mutating func statement(_ expression: Expr, into name: String) {
        guard case .select = expression.kind, expression.isWrittenAsIfChain else {
            append("const \(name) = \(render(expression, top: true).text);")
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
        append("let \(name);")
        for (index, test) in tests.enumerated() {
            append(index == 0 ? "if (\(test)) {" : "} else if (\(test)) {")
            branch(branches[index], into: name)
        }
        append("} else {")
        branch(current, into: name)
        append("}")
    }


    /// The lines that `body` adds, one level further in (the statements of the caller's own `if`).
    package mutating func indented(_ body: (inout JavaScriptBody) -> Void) {
        let outer = indentation
        indentation += "  "
        body(&self)
        indentation = outer
    }

    private mutating func branch(_ expression: Expr, into name: String) {
        let outer = indentation
        indentation += "  "
        append("\(name) = \(render(expression, top: true).text);")
        indentation = outer
    }

    // MARK: Expressions

    /// JavaScript's precedence levels for the operators the emitter writes, loosest first. Equality binds
    /// more loosely than the relational operators, unlike Swift's single level of comparisons.
    private enum Level: Int, Comparable {
        case ternary = 0, or, and, equality, relational, additive, multiplicative, prefix, atom
        static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    private struct Rendered {
        var text: String
        var level: Level
        var operators: Int
    }

    private mutating func render(_ expression: Expr, top: Bool = false) -> Rendered {
        switch expression.kind {
        case .constant(let value) where expression.type == .phase:
            // A phase is its name, as the module's inputs take it: `phase === "dragging"`.
            return Rendered(text: JavaScriptNames.string((ScrollPhase(number: value) ?? .idle).name), level: .atom, operators: 0)
        case .constant(let value):
            let text = JavaScriptNames.literal(value)
            return Rendered(text: text, level: .atom, operators: 0)
        case .boolConstant(let value):
            return Rendered(text: value ? "true" : "false", level: .atom, operators: 0)
        case .read(let read):
            if case .local(let index) = read {
                return Rendered(text: index < localNames.count ? localNames[index] : "NaN", level: .atom, operators: 0)
            }
            return Rendered(text: readText(read), level: .atom, operators: 0)
        case .unary(let operation, let operand):
            let inner = hoistIfLong(render(operand))
            switch operation {
            case .not: return prefix("!", inner)
            case .negate: return prefix("-", inner)
            case .abs: return call("$abs", [inner])
            case .sqrt: return call("$sqrt", [inner])
            case .floor: return call("$floor", [inner])
            case .ceil: return call("$ceil", [inner])
            case .round: return call("$round", [inner])
            case .trunc: return call("$trunc", [inner])
            case .roundHalfUp: return call("$roundHalfUp", [inner])
            case .roundHalfEven: return call("$roundHalfEven", [inner])
            }
        case .binary(let operation, let lhs, let rhs):
            switch operation {
            case .min: return call("$min", [hoistIfLong(render(lhs)), hoistIfLong(render(rhs))])
            case .max: return call("$max", [hoistIfLong(render(lhs)), hoistIfLong(render(rhs))])
            case .pow: return call("$mathPow", [hoistIfLong(render(lhs)), hoistIfLong(render(rhs))])
            case .div: return call("$div", [hoistIfLong(render(lhs)), hoistIfLong(render(rhs))])
            case .fmin: return call("$fmin", [hoistIfLong(render(lhs)), hoistIfLong(render(rhs))])
            case .fmax: return call("$fmax", [hoistIfLong(render(lhs)), hoistIfLong(render(rhs))])
            case .add: return binary("+", .additive, lhs, rhs)
            case .subtract: return binary("-", .additive, lhs, rhs)
            case .multiply: return binary("*", .multiplicative, lhs, rhs)
            case .divide: return binary("/", .multiplicative, lhs, rhs)
            case .less: return binary("<", .relational, lhs, rhs)
            case .lessEqual: return binary("<=", .relational, lhs, rhs)
            case .greater: return binary(">", .relational, lhs, rhs)
            case .greaterEqual: return binary(">=", .relational, lhs, rhs)
            // Strict equality on numbers is IEEE equality: NaN is unequal to itself, -0 equals 0.
            case .equal, .boolEqual: return binary("===", .equality, lhs, rhs)
            case .notEqual, .boolNotEqual: return binary("!==", .equality, lhs, rhs)
            case .and: return binary("&&", .and, lhs, rhs)
            case .or: return binary("||", .or, lhs, rhs)
            }
        case .select(let condition, let then, let otherwise):
            if expression.isWrittenAsIfChain {
                let name = fresh(expression.type == .bool ? "condition" : "x")
                statement(expression, into: name)
                return Rendered(text: name, level: .atom, operators: 0)
            }
            let test = parenthesized(render(condition), above: .ternary)
            let first = parenthesized(render(then), above: .ternary)
            let second = parenthesized(render(otherwise), above: .ternary)
            let rendered = Rendered(text: "(\(test.text) ? \(first.text) : \(second.text))", level: .atom,
                                    operators: test.operators + first.operators + second.operators + 1)
            return top ? rendered : hoistIfLong(rendered)
        case .curve(let curve, let progress):
            curves.append(curve)
            let argument = hoistIfLong(render(progress))
            let text = CurveJavaScriptSource.call(curve, argument: argument.text)
            // An identity curve is its argument, which keeps its own precedence.
            if text == argument.text { return argument }
            return Rendered(text: text, level: .atom, operators: argument.operators + 1)
        case .call(let index, let arguments):
            let rendered = arguments.map { hoistIfLong(render($0)) }
            let name = index < functions.count ? functions[index] : "NaN"
            return Rendered(text: "\(name)(\(rendered.map(\.text).joined(separator: ", ")))", level: .atom,
                            operators: rendered.reduce(1) { $0 + $1.operators })
        }
    }

    private mutating func call(_ helper: String, _ arguments: [Rendered]) -> Rendered {
        helpers.insert(helper)
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
        // equality is parenthesised too, for the reader: `(a < b) === (c < d)`.
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
        guard rendered.operators > JavaScriptBody.operatorsPerExpression else { return rendered }
        let name = fresh("x")
        append("const \(name) = \(rendered.text);")
        return Rendered(text: name, level: .atom, operators: 0)
    }
}
