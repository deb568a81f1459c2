import HeaderSource
import HeaderSyntax
import HeaderMath
import HeaderSema

/// Builds one `Body`: every node is folded as it is made, when its operands are constants, by
/// `Semantics` (so a folded constant has the bits the interpreter would compute), and operands read
/// more than once are bound to locals, computed once.
package struct BodyBuilder {
    package private(set) var locals: [Expr] = []
    private var localNames: [String] = []

    // MARK: Nodes, folded

    package func unary(_ operation: UnaryOperation, _ operand: Expr, at range: SourceRange) -> Expr {
        let type: ValueType
        switch operation {
        case .not: type = .bool
        case .sqrt, .exp, .expm1, .sin, .cos: type = .number
        default: type = operand.type
        }
        if let value = operand.constantValue { return .constant(Semantics.unary(operation, value), type, at: range) }
        if let value = operand.boolValue, operation == .not { return .bool(!value, at: range) }
        return Expr(.unary(operation, operand), type, range)
    }

    package func binary(_ operation: BinaryOperation, _ lhs: Expr, _ rhs: Expr, at range: SourceRange) -> Expr {
        let type = BodyBuilder.resultType(operation, lhs.type, rhs.type)
        if let a = lhs.constantValue, let b = rhs.constantValue {
            let value = Semantics.binary(operation, a, b)
            return operation.yieldsBool ? .bool(value != 0, at: range) : .constant(value, type, at: range)
        }
        if let a = lhs.boolValue, let b = rhs.boolValue {
            return .bool(Semantics.binary(operation, a ? 1 : 0, b ? 1 : 0) != 0, at: range)
        }
        // Identities that hold to the bit: x - 0, x + (-0), x * 1 and x / 1 are x (-0 - 0 is -0).
        if let b = rhs.constantValue {
            switch operation {
            case .subtract where b == 0 && b.sign == .plus, .add where b == 0 && b.sign == .minus,
                 .multiply where b == 1, .divide where b == 1:
                var same = lhs
                same.type = type
                same.range = range
                return same
            default: break
            }
        }
        // Nothing has side effects, so a constant that decides `and` or `or` decides it on either side.
        switch (operation, lhs.boolValue, rhs.boolValue) {
        case (.and, false, _), (.and, _, false): return .bool(false, at: range)
        case (.or, true, _), (.or, _, true): return .bool(true, at: range)
        case (.and, true, _), (.or, false, _): return rhs
        case (.and, _, true), (.or, _, false): return lhs
        default: return Expr(.binary(operation, lhs, rhs), type, range)
        }
    }

    package func select(_ condition: Expr, _ then: Expr, _ otherwise: Expr, at range: SourceRange) -> Expr {
        if let decided = condition.boolValue { return decided ? then : otherwise }
        if then.isSameLeaf(as: otherwise) { return then }
        let type = then.type == otherwise.type ? then.type : (then.type == .bool ? .bool : .length)
        return Expr(.select(condition, then, otherwise), type, range)
    }

    package func curve(_ curve: Curve, _ progress: Expr, at range: SourceRange) -> Expr {
        if case .linear = curve { return progress }
        if let value = progress.constantValue { return .constant(curve.value(at: value), at: range) }
        return Expr(.curve(curve, progress), .number, range)
    }

    // MARK: Locals

    /// The expression itself when it is a constant or a read, else a local holding it.
    package mutating func bind(_ expression: Expr, name: String = "x") -> Expr {
        if expression.isLeaf { return expression }
        locals.append(expression)
        localNames.append(name)
        return Expr(.read(.local(locals.count - 1)), expression.type, expression.range)
    }

    /// The finished body: locals that nothing reads any more (folding decided the branch that read them)
    /// are dropped, and a local read once is written where it is read.
    package func finish(_ result: Expr, uses: ([Read]) -> Uses) -> Body {
        var counts = [Int](repeating: 0, count: locals.count)
        var reads: [Read] = []
        func count(_ expression: Expr) {
            expression.forEachRead { read in
                if case .local(let index) = read { counts[index] += 1 } else { reads.append(read) }
            }
        }
        count(result)
        // Later locals read earlier ones only, so one backward pass sees every reader first.
        for index in locals.indices.reversed() where counts[index] > 0 { count(locals[index]) }
        var renumbered = [Int?](repeating: nil, count: locals.count)
        var kept: [Expr] = []
        var keptNames: [String] = []
        var inlined = [Expr?](repeating: nil, count: locals.count)
        // Nothing to rewrite when every local is kept where it was: a large body is then not copied.
        let unchanged = counts.allSatisfy { $0 > 1 }
        func rewrite(_ expression: Expr) -> Expr {
            if unchanged { return expression }
            return expression.mapReads { read, type, range in
                guard case .local(let index) = read else { return nil }
                if let inline = inlined[index] { return inline }
                return renumbered[index].map { Expr(.read(.local($0)), type, range) }
            }
        }
        for (index, local) in locals.enumerated() where counts[index] > 0 {
            let rewritten = rewrite(local)
            if counts[index] == 1 {
                inlined[index] = rewritten
            } else {
                renumbered[index] = kept.count
                kept.append(rewritten)
                keptNames.append(localNames[index])
            }
        }
        return Body(locals: kept, localNames: keptNames, result: rewrite(result), uses: uses(reads))
    }

    // MARK: Types

    /// The type of an arithmetic result, by the units' rules (`Units`): a length times or over a number is
    /// a length, a length over a length a number, points times a density pixels; the checker has refused
    /// every other mix. A plain number beside a unit takes the unit (a literal that stood for it).
    package static func resultType(_ operation: BinaryOperation, _ lhs: ValueType, _ rhs: ValueType) -> ValueType {
        if operation.yieldsBool { return .bool }
        switch operation {
        case .divide, .div:
            if case .type(let quotient) = Units.quotient(lhs, rhs) { return quotient }
            return .number
        case .multiply:
            if case .type(let product) = Units.product(lhs, rhs) { return product }
            return lhs == .number ? rhs : lhs
        case .pow: return .number
        default: return lhs == .number ? rhs : lhs
        }
    }
}

extension Uses {
    /// Everything any of `uses` uses, in one pass, so that the union of many costs linear time.
    public static func union<S: Sequence>(_ uses: S) -> Uses where S.Element == Uses {
        var result = Uses()
        var inputs = Set<Int>(), values = Set<Int>()
        for use in uses {
            result.offset = result.offset || use.offset
            result.state = result.state || use.state
            inputs.formUnion(use.inputs)
            values.formUnion(use.values)
        }
        result.inputs = inputs.sorted()
        result.values = values.sorted()
        return result
    }
}

extension Expr {
    /// Whether both are the same constant (to the bit) or the same read.
    func isSameLeaf(as other: Expr) -> Bool {
        switch (kind, other.kind) {
        case (.constant(let a), .constant(let b)): return a.bitPattern == b.bitPattern
        case (.boolConstant(let a), .boolConstant(let b)): return a == b
        case (.read(let a), .read(let b)): return a == b
        default: return false
        }
    }

    /// Calls `body` for every node, parents before children, left to right: the one traversal of an
    /// expression, which every other walk over the program uses.
    public func forEachNode(_ body: (Expr) -> Void) {
        var pending = [self]
        while let expression = pending.popLast() {
            body(expression)
            switch expression.kind {
            case .constant, .boolConstant, .read: break
            case .unary(_, let operand), .curve(_, let operand): pending.append(operand)
            case .binary(_, let lhs, let rhs):
                pending.append(rhs)
                pending.append(lhs)
            case .select(let condition, let then, let otherwise):
                pending.append(otherwise)
                pending.append(then)
                pending.append(condition)
            case .call(_, let arguments):
                pending.append(contentsOf: arguments.reversed())
            }
        }
    }

    /// Calls `body` for every read in the expression, left to right.
    public func forEachRead(_ body: (Read) -> Void) {
        forEachNode { if case .read(let read) = $0.kind { body(read) } }
    }

    /// The expression with each read that `transform` answers replaced by its answer.
    func mapReads(_ transform: (Read, ValueType, SourceRange) -> Expr?) -> Expr {
        switch kind {
        case .constant, .boolConstant: return self
        case .read(let read): return transform(read, type, range) ?? self
        case .unary(let operation, let operand): return Expr(.unary(operation, operand.mapReads(transform)), type, range)
        case .curve(let curve, let operand): return Expr(.curve(curve, operand.mapReads(transform)), type, range)
        case .binary(let operation, let lhs, let rhs):
            return Expr(.binary(operation, lhs.mapReads(transform), rhs.mapReads(transform)), type, range)
        case .select(let condition, let then, let otherwise):
            return Expr(.select(condition.mapReads(transform), then.mapReads(transform), otherwise.mapReads(transform)), type, range)
        case .call(let function, let arguments):
            return Expr(.call(function, arguments.map { $0.mapReads(transform) }), type, range)
        }
    }
}
