import HeaderSource
import HeaderSyntax
import HeaderMath

/// The program with every call of a user's function replaced by the function's body: each argument
/// bound to a local, then the body's locals, then its result, in the order a call computes them. Nothing
/// has side effects, so this computes what the call computes, operation for operation. The interpreter
/// runs this form (calls cost it nothing then) and the range analysis reads it, which analyses a
/// function's body at each call with that call's arguments.
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
                                  return snap
                              },
                              animations: animations)
        program.keyframes = keyframes
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

    /// The expression with its parameters and locals replaced by what they stand for here, and its calls expanded.
    mutating func rewrite(_ expression: Expr, parameters: [Expr], locals map: [Expr]) -> Expr {
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
            return Expr(.unary(operation, rewrite(operand, parameters: parameters, locals: map)), expression.type, expression.range)
        case .binary(let operation, let lhs, let rhs):
            let left = rewrite(lhs, parameters: parameters, locals: map)
            let right = rewrite(rhs, parameters: parameters, locals: map)
            return Expr(.binary(operation, left, right), expression.type, expression.range)
        case .select(let condition, let then, let otherwise):
            let test = rewrite(condition, parameters: parameters, locals: map)
            let first = rewrite(then, parameters: parameters, locals: map)
            let second = rewrite(otherwise, parameters: parameters, locals: map)
            return Expr(.select(test, first, second), expression.type, expression.range)
        case .curve(let curve, let progress):
            return Expr(.curve(curve, rewrite(progress, parameters: parameters, locals: map)), expression.type, expression.range)
        case .call(let index, let arguments):
            guard index < functions.count else { return .constant(.nan, expression.type, at: expression.range) }
            let function = functions[index]
            var values: [Expr] = []
            for (position, argument) in arguments.enumerated() {
                let value = rewrite(argument, parameters: parameters, locals: map)
                let name = position < function.parameters.count ? function.parameters[position].name : "x"
                values.append(bind(value, name: name))
            }
            var inner: [Expr] = []
            for (position, local) in function.body.locals.enumerated() {
                let value = rewrite(local, parameters: values, locals: inner)
                inner.append(bind(value, name: position < function.body.localNames.count ? function.body.localNames[position] : "x"))
            }
            return retyped(rewrite(function.body.result, parameters: values, locals: inner), like: expression)
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
