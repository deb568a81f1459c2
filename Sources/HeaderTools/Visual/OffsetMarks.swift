import HeaderSource
import HeaderSyntax
import HeaderMath
import HeaderIR
import HeaderEval
import HeaderCodeGen

/// The offsets worth marking on a plot, read from the lowered program under the current inputs: where an
/// output's formula switches (its keyframe stops, and any other test of the offset, or of a named value
/// that moves with it, against a value that does not), and each snap's points. A test of a named value
/// (`keyframes(progress) { 0.55: ... }`) is placed where that value, sampled along `offsets`, crosses it.
package struct OffsetMarks {
    /// For each output, the offsets where its formula switches, ascending.
    package var stops: [[Double]] = []
    /// Every snap point, ascending, each once.
    var snapPoints: [Double] = []

    /// `interpreter` is run along `offsets` from the start of its path (it is reset before and after).
    package init(program: Program, interpreter: Interpreter, offsets: [Double]) {
        // The tests and points inside the spec's functions are read where each function is called.
        let program = program.inliningCalls()
        var evaluator = ConstantEvaluator(program: program, interpreter: interpreter)
        let valueTests = program.values.map { evaluator.valueTests(in: $0.body) }
        let outputTests = program.outputs.map { evaluator.valueTests(in: $0.body) }
        let sampled = Set((valueTests + outputTests).joined().map(\.value))
        let samples = Self.samples(of: sampled, program: program, interpreter: interpreter, offsets: offsets)
        func crossings(_ tests: [(value: Int, operation: BinaryOperation, position: Double)]) -> [Double] {
            tests.flatMap { Self.crossings(samples[$0.value] ?? [], offsets: offsets, operation: $0.operation, position: $0.position) }
        }
        var valueStops: [[Double]] = []
        for (index, value) in program.values.enumerated() {
            var found = evaluator.offsetTests(in: value.body) + crossings(valueTests[index])
            for read in value.body.uses.values where read < valueStops.count { found += valueStops[read] }
            valueStops.append(found)
        }
        stops = program.outputs.enumerated().map { index, output in
            var found = evaluator.offsetTests(in: output.body) + crossings(outputTests[index])
            for read in output.body.uses.values where read < valueStops.count { found += valueStops[read] }
            return Array(Set(found.filter(\.isFinite))).sorted()
        }
        var points: [Double] = []
        // A snap of a state has points of that state, not offsets.
        for snap in program.snaps where snap.state == nil {
            points += snap.points.compactMap { evaluator.evaluate($0.result, in: $0) }
        }
        snapPoints = Array(Set(points.filter(\.isFinite))).sorted()
    }

    /// Each of `values` at each offset, the interpreter going along the offsets from the start.
    private static func samples(of values: Set<Int>, program: Program, interpreter: Interpreter,
                                offsets: [Double]) -> [Int: [Double]] {
        guard !values.isEmpty else { return [:] }
        interpreter.resetState()
        defer { interpreter.resetState() }
        var samples: [Int: [Double]] = [:]
        for offset in offsets {
            _ = interpreter.frame(at: offset)
            for index in values { samples[index, default: []].append(interpreter.value(named: program.values[index].name) ?? .nan) }
        }
        return samples
    }

    /// Where the test `value <operation> position` changes its answer between two samples, by linear
    /// interpolation between them.
    private static func crossings(_ values: [Double], offsets: [Double], operation: BinaryOperation, position: Double) -> [Double] {
        func holds(_ value: Double) -> Bool { Semantics.binary(operation, value, position) != 0 }
        var found: [Double] = []
        for k in 1..<max(min(values.count, offsets.count), 1) {
            let (before, after) = (values[k - 1], values[k])
            guard before.isFinite, after.isFinite, holds(before) != holds(after) else { continue }
            let fraction = after == before ? 1 : min(max((position - before) / (after - before), 0), 1)
            found.append(offsets[k - 1] + fraction * (offsets[k] - offsets[k - 1]))
        }
        return found
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

    /// The tests in a body of a named value that moves with the offset against a position that does not:
    /// `value < p` as (value, less, p), `p < value` turned around as (value, greater, p).
    func valueTests(in body: Body) -> [(value: Int, operation: BinaryOperation, position: Double)] {
        let turned: [BinaryOperation: BinaryOperation] = [.less: .greater, .lessEqual: .greaterEqual, .greater: .less,
                                                          .greaterEqual: .lessEqual]
        var found: [(Int, BinaryOperation, Double)] = []
        for expression in body.locals + [body.result] {
            expression.forEachNode { node in
                guard case .binary(let operation, let lhs, let rhs) = node.kind, let reverse = turned[operation] else { return }
                if case .read(.value(let index)) = lhs.kind, moves(index), let position = evaluate(rhs, in: body) {
                    found.append((index, operation, position))
                } else if case .read(.value(let index)) = rhs.kind, moves(index), let position = evaluate(lhs, in: body) {
                    found.append((index, reverse, position))
                }
            }
        }
        return found
    }

    private func moves(_ index: Int) -> Bool {
        index < program.values.count && (program.values[index].body.uses.offset || program.values[index].body.uses.state)
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
                return interpreter.inputValue(program.inputs[index].name)?.storedNumber
            case .value(let index):
                guard index < program.values.count, !program.values[index].body.uses.offset,
                      !program.values[index].body.uses.state else { return nil }
                let value = program.values[index]
                return evaluate(value.body.result, in: value.body, depth: depth + 1)
            case .local(let index):
                guard index < body.locals.count else { return nil }
                return evaluate(body.locals[index], in: body, depth: depth + 1)
            case .offset, .delta, .time, .state, .target, .velocity, .parameter: return nil
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
        case .call:
            return nil
        }
    }
}
