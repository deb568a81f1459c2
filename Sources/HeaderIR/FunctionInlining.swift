import HeaderSource
import HeaderSyntax
import HeaderMath

/// The program with every call of a user's function replaced by the function's body: each argument
/// bound to a local, then the body's locals, then its result, in the order a call computes them. Nothing
/// has side effects, so this computes what the call computes, operation for operation. The interpreter
/// runs this form (calls cost it nothing then) and the range analysis reads it, which analyses a
/// function's body at each call with that call's arguments.
///
/// A call in a branch of a choice (`k == 0pt ? 0pt : g(offset / k)`) is written out in the branch
/// instead, its arguments and the body's locals put where they are read, so that the analysis reads them
/// under the branch's condition, as it reads the same expression written without the call; a part larger
/// than `substitutionLimit` nodes is bound to a local as before, which is sound, only less precise.
extension Program {
    public func inliningCalls() -> Program {
        guard !functions.isEmpty else { return self }
        var program = Program(name: name, nameRange: nameRange, inputs: inputs,
                              states: states.map {
                                  Program.State(name: $0.name, nameRange: $0.nameRange, type: $0.type, initial: inlining($0.initial),
                                                next: inlining($0.next), documentation: $0.documentation)
                              },
                              values: values.map {
                                  Program.NamedValue(name: $0.name, nameRange: $0.nameRange, type: $0.type, body: inlining($0.body),
                                                     documentation: $0.documentation)
                              },
                              blocks: blocks,
                              outputs: outputs.map {
                                  Program.Output(block: $0.block, name: $0.name, nameRange: $0.nameRange, type: $0.type,
                                                 body: inlining($0.body), documentation: $0.documentation)
                              },
                              snaps: snaps.map {
                                  var snap = $0
                                  snap.settle = inlining($0.settle)
                                  snap.points = $0.points.map(inlining)
                                  snap.motion = $0.motion.map(inlining)
                                  return snap
                              },
                              animations: animations)
        program.keyframes = keyframes
        program.transitions = transitions.map {
            Program.Transition(target: $0.target, from: $0.from, start: $0.start, value: $0.value, curves: $0.curves,
                               durations: $0.durations.map(inlining))
        }
        return program
    }

    /// The body with its calls expanded (the body itself when it has none).
    public func inlining(_ body: Body) -> Body {
        var hasCalls = false
        for expression in body.locals + [body.result] {
            expression.forEachNode { if case .call = $0.kind { hasCalls = true } }
        }
        guard hasCalls else { return body }
        var inliner = Inliner(functions: functions)
        var renamed: [Expr] = []
        for (index, local) in body.locals.enumerated() {
            let expression = inliner.rewrite(local, parameters: [], locals: renamed)
            renamed.append(inliner.bind(expression, name: index < body.localNames.count ? body.localNames[index] : "x"))
        }
        let result = inliner.rewrite(body.result, parameters: [], locals: renamed)
        return Body(locals: inliner.locals, localNames: inliner.localNames, result: result, uses: body.uses)
    }
}

/// The locals of one body being expanded.
private struct Inliner {
    let functions: [Program.Function]
    var locals: [Expr] = []
    var localNames: [String] = []

    /// A leaf as it is; anything else a new local, read where it was.
    mutating func bind(_ expression: Expr, name: String) -> Expr {
        if expression.isLeaf { return expression }
        locals.append(expression)
        localNames.append(name)
        return Expr(.read(.local(locals.count - 1)), expression.type, expression.range)
    }

    /// The most nodes an argument or a local of a call in a branch may have to be written where it is read
    /// (each read a copy of it); a larger one is bound to a local.
    static let substitutionLimit = 64

    /// The expression with its parameters and locals replaced by what they stand for here, and its calls
    /// expanded; `inBranch` where it is computed only when a choice takes its branch.
    mutating func rewrite(_ expression: Expr, parameters: [Expr], locals map: [Expr], inBranch: Bool = false) -> Expr {
        switch expression.kind {
        case .constant, .boolConstant:
            return expression
        case .read(let read):
            switch read {
            case .local(let index): return index < map.count ? map[index] : expression
            case .parameter(let index):
                return index < parameters.count ? parameters[index] : .constant(.nan, at: expression.range)
            default: return expression
            }
        case .unary(let operation, let operand):
            return Expr(.unary(operation, rewrite(operand, parameters: parameters, locals: map, inBranch: inBranch)),
                        expression.type, expression.range)
        case .binary(let operation, let lhs, let rhs):
            let left = rewrite(lhs, parameters: parameters, locals: map, inBranch: inBranch)
            let right = rewrite(rhs, parameters: parameters, locals: map, inBranch: inBranch)
            return Expr(.binary(operation, left, right), expression.type, expression.range)
        case .select(let condition, let then, let otherwise):
            let test = rewrite(condition, parameters: parameters, locals: map, inBranch: inBranch)
            let first = rewrite(then, parameters: parameters, locals: map, inBranch: true)
            let second = rewrite(otherwise, parameters: parameters, locals: map, inBranch: true)
            return Expr(.select(test, first, second), expression.type, expression.range)
        case .curve(let curve, let progress):
            return Expr(.curve(curve, rewrite(progress, parameters: parameters, locals: map, inBranch: inBranch)),
                        expression.type, expression.range)
        case .call(let index, let arguments):
            guard index < functions.count else { return .constant(.nan, expression.type, at: expression.range) }
            let function = functions[index]
            // In a branch, a small part is written where it is read; anything else is computed once, first.
            func kept(_ value: Expr, name: String) -> Expr {
                if inBranch && value.nodeCount(upTo: Self.substitutionLimit) <= Self.substitutionLimit { return value }
                return bind(value, name: name)
            }
            var values: [Expr] = []
            for (position, argument) in arguments.enumerated() {
                let value = rewrite(argument, parameters: parameters, locals: map, inBranch: inBranch)
                values.append(kept(value, name: position < function.parameters.count ? function.parameters[position].name : "x"))
            }
            var inner: [Expr] = []
            for (position, local) in function.body.locals.enumerated() {
                let value = rewrite(local, parameters: values, locals: inner, inBranch: inBranch)
                inner.append(kept(value, name: position < function.body.localNames.count ? function.body.localNames[position] : "x"))
            }
            return retyped(rewrite(function.body.result, parameters: values, locals: inner, inBranch: inBranch), like: expression)
        }
    }

    /// The expanded call takes the call's type where both are numeric (a number and a length are the
    /// same Double).
    private func retyped(_ replacement: Expr, like node: Expr) -> Expr {
        var result = replacement
        if result.type != .bool, node.type != .bool { result.type = node.type }
        return result
    }
}

extension Expr {
    /// How many nodes the expression has, counting no further than just past `limit`.
    func nodeCount(upTo limit: Int) -> Int {
        var count = 0
        var pending = [self]
        while let node = pending.popLast(), count <= limit {
            count += 1
            switch node.kind {
            case .constant, .boolConstant, .read: break
            case .unary(_, let operand): pending.append(operand)
            case .binary(_, let lhs, let rhs): pending += [lhs, rhs]
            case .select(let condition, let then, let otherwise): pending += [condition, then, otherwise]
            case .curve(_, let progress): pending.append(progress)
            case .call(_, let arguments): pending += arguments
            }
        }
        return count
    }
}
