/// The offsets worth marking on a plot, read from the lowered program under the current inputs: where an
/// output's formula switches on the offset (its keyframe stops on the offset, and any other test of the
/// offset against a value that does not move with it), and each snap's points.
struct OffsetMarks {
    /// For each output, the offsets where its formula switches, ascending.
    var stops: [[Double]] = []
    /// Every snap point, ascending, each once.
    var snapPoints: [Double] = []

    init(program: Program, interpreter: Interpreter) {
        var evaluator = ConstantEvaluator(program: program, interpreter: interpreter)
        var valueStops: [[Double]] = []
        for value in program.values {
            var found = evaluator.offsetTests(in: value.body)
            for index in value.body.uses.values where index < valueStops.count { found += valueStops[index] }
            valueStops.append(found)
        }
        stops = program.outputs.map { output in
            var found = evaluator.offsetTests(in: output.body)
            for index in output.body.uses.values where index < valueStops.count { found += valueStops[index] }
            return Array(Set(found.filter(\.isFinite))).sorted()
        }
        var points: [Double] = []
        for snap in program.snaps { points += evaluator.snapPoints(in: snap.settle) }
        snapPoints = Array(Set(points.filter(\.isFinite))).sorted()
    }
}

/// Evaluates the parts of a body that depend on nothing but the inputs and the named values that do not
/// move with the offset, with the operations of `Semantics`.
private struct ConstantEvaluator {
    let program: Program
    let interpreter: Interpreter

    /// The positions `p` of every `offset < p` or `offset <= p` in the body that can be evaluated.
    mutating func offsetTests(in body: Body) -> [Double] {
        var found: [Double] = []
        for expression in body.locals + [body.result] {
            expression.forEachNode { node in
                guard case .binary(let operation, let lhs, let rhs) = node.kind,
                      [.less, .lessEqual, .greater, .greaterEqual].contains(operation) else { return }
                if case .read(.offset) = lhs.kind, let position = evaluate(rhs, in: body) { found.append(position) }
                if case .read(.offset) = rhs.kind, let position = evaluate(lhs, in: body) { found.append(position) }
            }
        }
        return found
    }

    /// A snap's points: the `point` of each `point >= target ? point : infinity` in its settle body (the
    /// lowering's search for the first point beyond the target, which names every point once).
    func snapPoints(in body: Body) -> [Double] {
        var found: [Double] = []
        for expression in body.locals + [body.result] {
            expression.forEachNode { node in
                guard case .select(let condition, let then, let otherwise) = node.kind,
                      case .binary(.greaterEqual, _, let target) = condition.kind, case .read(.target) = target.kind,
                      otherwise.constantValue == .infinity, let value = evaluate(then, in: body) else { return }
                found.append(value)
            }
        }
        return found
    }

    /// The value of an expression that reads no offset, state, target or velocity; nil for one that does.
    func evaluate(_ expression: Expr, in body: Body, depth: Int = 0) -> Double? {
        guard depth < 64 else { return nil }
        switch expression.kind {
        case .constant(let value): return value
        case .boolConstant(let value): return value ? 1 : 0
        case .read(let read):
            switch read {
            case .input(let index):
                guard index < program.inputs.count else { return nil }
                switch interpreter.inputValue(program.inputs[index].name) {
                case .number(let number)?: return number
                case .bool(let bool)?: return bool ? 1 : 0
                case nil: return nil
                }
            case .value(let index):
                guard index < program.values.count, !program.values[index].body.uses.offset,
                      !program.values[index].body.uses.state else { return nil }
                let value = program.values[index]
                return evaluate(value.body.result, in: value.body, depth: depth + 1)
            case .local(let index):
                guard index < body.locals.count else { return nil }
                return evaluate(body.locals[index], in: body, depth: depth + 1)
            case .offset, .delta, .state, .target, .velocity: return nil
            }
        case .unary(let operation, let operand):
            return evaluate(operand, in: body, depth: depth + 1).map { Semantics.unary(operation, $0) }
        case .binary(let operation, let lhs, let rhs):
            guard let a = evaluate(lhs, in: body, depth: depth + 1), let b = evaluate(rhs, in: body, depth: depth + 1) else { return nil }
            return Semantics.binary(operation, a, b)
        case .select(let condition, let then, let otherwise):
            guard let test = evaluate(condition, in: body, depth: depth + 1) else { return nil }
            return evaluate(test != 0 ? then : otherwise, in: body, depth: depth + 1)
        case .curve(let curve, let progress):
            return evaluate(progress, in: body, depth: depth + 1).map(curve.value(at:))
        }
    }
}
