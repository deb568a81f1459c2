/// The value of one node of the lowered program at one offset and one setting of the inputs (the states at
/// their initial values, as at the first offset of a trace), by the operations of `Semantics`: what
/// shows that a divisor, a square root's or a power's operand reaches the value the analysis warns of.
/// Outputs themselves are shown by the interpreter.
struct WitnessEvaluation {
    let program: Program
    let offset: Double
    let inputs: [Double]
    private var values: [Int: Double] = [:]

    init(program: Program, offset: Double, inputs: [Double]) {
        self.program = program
        self.offset = offset
        self.inputs = inputs
    }

    /// The node's value where it stands in `body`: the body's locals are computed first.
    mutating func value(of node: Expr, in body: Body) -> Double {
        var locals: [Double] = []
        for local in body.locals { locals.append(value(local, locals)) }
        return value(node, locals)
    }

    private mutating func value(_ expression: Expr, _ locals: [Double]) -> Double {
        switch expression.kind {
        case .constant(let value): return value
        case .boolConstant(let value): return value ? 1 : 0
        case .read(let read):
            switch read {
            case .offset: return offset
            case .delta: return 0
            case .input(let index): return inputs.indices.contains(index) ? inputs[index] : .nan
            case .state(let index): return program.states.indices.contains(index) ? program.states[index].initial : .nan
            case .local(let index): return locals.indices.contains(index) ? locals[index] : .nan
            case .target, .velocity: return .nan
            case .value(let index):
                if let known = values[index] { return known }
                guard program.values.indices.contains(index) else { return .nan }
                let body = program.values[index].body
                let computed = value(of: body.result, in: body)
                values[index] = computed
                return computed
            }
        case .unary(let operation, let operand):
            return Semantics.unary(operation, value(operand, locals))
        case .binary(let operation, let lhs, let rhs):
            return Semantics.binary(operation, value(lhs, locals), value(rhs, locals))
        case .select(let condition, let then, let otherwise):
            return value(condition, locals) != 0 ? value(then, locals) : value(otherwise, locals)
        case .curve(let curve, let progress):
            return curve.value(at: value(progress, locals))
        }
    }
}
