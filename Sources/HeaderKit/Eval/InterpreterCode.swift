/// One instruction of the interpreter: `destination = a op b` on registers, or a jump to the
/// instruction `b`. Sixteen bytes, so that a frame's list streams through the cache.
struct Instruction {
    enum Opcode: UInt8 {
        case add, subtract, multiply, divide, min, max
        case less, lessEqual, greater, greaterEqual, equal, notEqual
        case negate, move
        /// Jumps to `b` when register `a` is 0 (false).
        case jumpIfFalse
        case jump
        /// The rarer operations, through `Semantics`: `operation` says which.
        case binary, unary
        /// `destination = curves[b](a)`.
        case curve
    }

    var opcode: Opcode
    var operation: UInt8 = 0
    var destination: Int32
    var a: Int32
    var b: Int32

    var binaryOperation: BinaryOperation { BinaryOperation.allCases[Int(operation)] }
    var unaryOperation: UnaryOperation { UnaryOperation.allCases[Int(operation)] }
}

/// Where everything lives in the register file: the offset, its change, a snap's target and velocity,
/// the inputs, states, named values and outputs, then scratch registers, then the constants.
struct RegisterLayout {
    let offset = 0
    let delta = 1
    let target = 2
    let velocity = 3
    let inputCount: Int, stateCount: Int, valueCount: Int, outputCount: Int

    func input(_ index: Int) -> Int { 4 + index }
    func state(_ index: Int) -> Int { 4 + inputCount + index }
    /// Where the states' new values wait until all are computed.
    func nextState(_ index: Int) -> Int { 4 + inputCount + stateCount + index }
    func value(_ index: Int) -> Int { 4 + inputCount + 2 * stateCount + index }
    func output(_ index: Int) -> Int { 4 + inputCount + 2 * stateCount + valueCount + index }
    var fixedCount: Int { 4 + inputCount + 2 * stateCount + valueCount + outputCount }
}

/// The program translated into instruction lists: what reads only inputs (run when they change), the
/// state update, the rest of a frame, and one list per snap.
struct InterpreterCode {
    let layout: RegisterLayout
    private(set) var inputsOnly: [Instruction] = []
    private(set) var advance: [Instruction] = []
    private(set) var perFrame: [Instruction] = []
    private(set) var settle: [(instructions: [Instruction], result: Int)] = []
    private(set) var curves: [Curve] = []
    private(set) var initialRegisters: [Double]

    private var constantRegisters: [UInt64: Int] = [:]
    private var constants: [Double] = []
    /// The first register above the fixed ones; scratch registers are taken from here, in stack order.
    private var scratchBase = 0
    private var scratchTop = 0
    private var scratchHigh = 0
    private var localRegisters: [Int] = []

    init(_ program: Program) {
        layout = RegisterLayout(inputCount: program.inputs.count, stateCount: program.states.count,
                                valueCount: program.values.count, outputCount: program.outputs.count)
        initialRegisters = [Double](repeating: 0, count: layout.fixedCount)
        for (index, input) in program.inputs.enumerated() {
            switch input.defaultValue {
            case .number(let number): initialRegisters[layout.input(index)] = number
            case .bool(let bool): initialRegisters[layout.input(index)] = bool ? 1 : 0
            }
        }
        scratchBase = initialRegisters.count
        scratchTop = scratchBase
        scratchHigh = scratchBase

        var inputsOnly: [Instruction] = [], perFrame: [Instruction] = [], advance: [Instruction] = []
        for (index, value) in program.values.enumerated() {
            let readsOnlyInputs = !value.body.uses.offset && !value.body.uses.state
            if readsOnlyInputs {
                emit(value.body, into: layout.value(index), list: &inputsOnly)
            } else {
                emit(value.body, into: layout.value(index), list: &perFrame)
            }
        }
        for (index, output) in program.outputs.enumerated() {
            if !output.body.uses.offset && !output.body.uses.state {
                emit(output.body, into: layout.output(index), list: &inputsOnly)
            } else {
                emit(output.body, into: layout.output(index), list: &perFrame)
            }
        }
        for (index, state) in program.states.enumerated() {
            emit(state.next, into: layout.nextState(index), list: &advance)
        }
        for index in program.states.indices {
            advance.append(Instruction(opcode: .move, destination: Int32(layout.state(index)),
                                       a: Int32(layout.nextState(index)), b: 0))
        }
        var settle: [(instructions: [Instruction], result: Int)] = []
        for snap in program.snaps {
            var list: [Instruction] = []
            // The result keeps its own register, so each snap's answer survives the next snap's code.
            let result = scratch()
            emit(snap.settle, into: result, list: &list)
            settle.append((list, result))
        }
        // Constants were numbered as they came, below zero; they go above the scratch registers.
        initialRegisters += [Double](repeating: 0, count: scratchHigh - scratchBase)
        let constantBase = initialRegisters.count
        initialRegisters += constants
        func place(_ list: inout [Instruction]) {
            for index in list.indices {
                if list[index].a < 0 { list[index].a = Int32(constantBase) - 1 - list[index].a }
                if list[index].b < 0, list[index].opcode != .jump, list[index].opcode != .jumpIfFalse, list[index].opcode != .curve {
                    list[index].b = Int32(constantBase) - 1 - list[index].b
                }
            }
        }
        place(&inputsOnly)
        place(&perFrame)
        place(&advance)
        for index in settle.indices { place(&settle[index].instructions) }
        self.inputsOnly = inputsOnly
        self.perFrame = perFrame
        self.advance = advance
        self.settle = settle
    }

    /// The register of a constant, as -1 - its index among the constants until they are placed; keyed by
    /// its bits, so that -0.0 and each NaN keep their own.
    private mutating func constantRegister(_ value: Double) -> Int {
        if let register = constantRegisters[value.bitPattern] { return register }
        constants.append(value)
        constantRegisters[value.bitPattern] = -constants.count
        return -constants.count
    }

    private mutating func scratch() -> Int {
        scratchTop += 1
        scratchHigh = Swift.max(scratchHigh, scratchTop)
        return scratchTop - 1
    }

    /// A body's locals take scratch registers for the length of the body; its result goes to `destination`.
    private mutating func emit(_ body: Body, into destination: Int, list: inout [Instruction]) {
        let mark = scratchTop
        localRegisters = []
        for local in body.locals {
            let register = scratch()
            emit(local, into: register, list: &list)
            localRegisters.append(register)
        }
        emit(body.result, into: destination, list: &list)
        scratchTop = mark
    }

    private func register(of read: Read) -> Int {
        switch read {
        case .offset: return layout.offset
        case .delta: return layout.delta
        case .target: return layout.target
        case .velocity: return layout.velocity
        case .input(let index): return layout.input(index)
        case .state(let index): return layout.state(index)
        case .value(let index): return layout.value(index)
        case .local(let index): return localRegisters[index]
        }
    }

    /// The register that holds the expression's value: a read or constant where it already is, else
    /// a scratch register computed into.
    private mutating func operand(_ expression: Expr, list: inout [Instruction]) -> Int {
        switch expression.kind {
        case .read(let read): return register(of: read)
        case .constant(let value): return constantRegister(value)
        case .boolConstant(let value): return constantRegister(value ? 1 : 0)
        default:
            let register = scratch()
            emit(expression, into: register, list: &list)
            return register
        }
    }

    private mutating func emit(_ expression: Expr, into destination: Int, list: inout [Instruction]) {
        let d = Int32(destination)
        let mark = scratchTop
        defer { scratchTop = mark }
        switch expression.kind {
        case .constant, .boolConstant, .read:
            list.append(Instruction(opcode: .move, destination: d, a: Int32(operand(expression, list: &list)), b: 0))
        case .unary(let operation, let operandExpression):
            let a = Int32(operand(operandExpression, list: &list))
            if operation == .negate {
                list.append(Instruction(opcode: .negate, destination: d, a: a, b: 0))
            } else {
                let code = UInt8(UnaryOperation.allCases.firstIndex(of: operation) ?? 0)
                list.append(Instruction(opcode: .unary, operation: code, destination: d, a: a, b: 0))
            }
        case .binary(let operation, let lhs, let rhs):
            let a = Int32(operand(lhs, list: &list)), b = Int32(operand(rhs, list: &list))
            let opcode: Instruction.Opcode
            switch operation {
            case .add: opcode = .add
            case .subtract: opcode = .subtract
            case .multiply: opcode = .multiply
            case .divide: opcode = .divide
            case .min: opcode = .min
            case .max: opcode = .max
            case .less: opcode = .less
            case .lessEqual: opcode = .lessEqual
            case .greater: opcode = .greater
            case .greaterEqual: opcode = .greaterEqual
            case .equal, .boolEqual: opcode = .equal
            case .notEqual, .boolNotEqual: opcode = .notEqual
            case .pow, .and, .or: opcode = .binary
            }
            let code = UInt8(BinaryOperation.allCases.firstIndex(of: operation) ?? 0)
            list.append(Instruction(opcode: opcode, operation: code, destination: d, a: a, b: b))
        case .select(let condition, let then, let otherwise):
            let c = Int32(operand(condition, list: &list))
            let branch = list.count
            list.append(Instruction(opcode: .jumpIfFalse, destination: 0, a: c, b: 0))
            emit(then, into: destination, list: &list)
            let skip = list.count
            list.append(Instruction(opcode: .jump, destination: 0, a: 0, b: 0))
            list[branch].b = Int32(list.count)
            emit(otherwise, into: destination, list: &list)
            list[skip].b = Int32(list.count)
        case .curve(let curve, let progress):
            let a = Int32(operand(progress, list: &list))
            curves.append(curve)
            list.append(Instruction(opcode: .curve, destination: d, a: a, b: Int32(curves.count - 1)))
        }
    }
}
