/// Evaluates a spec at any offset by translating its lowered program, operation for operation, into
/// flat instruction lists over one register file of Doubles (bools as 1 and 0). A frame runs one list
/// with a switch per instruction: no closure, allocation or reference counting per operation. What
/// reads only the inputs runs once after they change, not at every offset.
public final class Interpreter {
    public let spec: CheckedSpec
    public let program: Program
    private let code: InterpreterCode
    private var registers: [Double]
    private var inputsChanged = true
    private var previousOffset: Double?

    public convenience init(spec: CheckedSpec) {
        self.init(spec: spec, program: Lowering.lower(spec))
    }

    public init(spec: CheckedSpec, program: Program) {
        self.spec = spec
        self.program = program
        code = InterpreterCode(program)
        registers = code.initialRegisters
    }

    /// The current value of an input.
    public func inputValue(_ name: String) -> Value? {
        guard let index = program.inputs.firstIndex(where: { $0.name == name }) else { return nil }
        let raw = registers[code.layout.input(index)]
        return program.inputs[index].type == .bool ? .bool(raw != 0) : .number(raw)
    }

    /// Sets an input by name; false when the spec has no such input or the value has the wrong type.
    @discardableResult
    public func setInput(_ name: String, to value: Value) -> Bool {
        guard let index = program.inputs.firstIndex(where: { $0.name == name }) else { return false }
        switch (program.inputs[index].type, value) {
        case (.bool, .bool(let bool)):
            registers[code.layout.input(index)] = bool ? 1 : 0
        case (.number, .number(let number)), (.length, .number(let number)):
            registers[code.layout.input(index)] = number
        default:
            return false
        }
        inputsChanged = true
        return true
    }

    /// Forgets the path so far: the next frame starts the states from their initial values.
    public func resetState() {
        previousOffset = nil
    }

    /// Where a scroll gesture that would end at `offset` with `velocity` (points per second, positive
    /// towards larger offsets) should come to rest, given the snap points of `program.snaps[snap]`.
    public func settle(snap: Int, offset: Double, velocity: Double) -> Double {
        guard snap >= 0, snap < code.settle.count else { return offset }
        refreshInputs()
        registers[code.layout.target] = offset
        registers[code.layout.velocity] = velocity
        run(code.settle[snap].instructions)
        return registers[code.settle[snap].result]
    }

    /// Evaluates one frame, advancing the states along the trace, and returns the outputs in declaration order.
    public func frame(at offset: Double) -> [Value] {
        step(to: offset)
        return program.outputs.indices.map { index in
            let raw = registers[code.layout.output(index)]
            return program.outputs[index].type == .bool ? .bool(raw != 0) : .number(raw)
        }
    }

    /// The allocation-free path: writes each output (bools as 1 or 0) into `buffer`, which should hold
    /// one element per output.
    public func evaluate(at offset: Double, into buffer: UnsafeMutableBufferPointer<Double>) {
        step(to: offset)
        let first = code.layout.output(0)
        for index in 0..<Swift.min(program.outputs.count, buffer.count) {
            buffer[index] = registers[first + index]
        }
    }

    /// The named value or state `name` after the last frame, for tests and tools.
    public func value(named name: String) -> Double? {
        if let index = program.values.firstIndex(where: { $0.name == name }) { return registers[code.layout.value(index)] }
        if let index = program.states.firstIndex(where: { $0.name == name }) { return registers[code.layout.state(index)] }
        return nil
    }

    private func refreshInputs() {
        guard inputsChanged else { return }
        inputsChanged = false
        run(code.inputsOnly)
    }

    private func step(to offset: Double) {
        refreshInputs()
        registers[code.layout.offset] = offset
        if program.isStateful {
            if let previousOffset {
                registers[code.layout.delta] = offset - previousOffset
            } else {
                registers[code.layout.delta] = 0
                for (index, state) in program.states.enumerated() { registers[code.layout.state(index)] = state.initial }
            }
            previousOffset = offset
            run(code.advance)
        }
        run(code.perFrame)
    }

    private func run(_ instructions: [Instruction]) {
        instructions.withUnsafeBufferPointer { instructions in
            code.curves.withUnsafeBufferPointer { curves in
                registers.withUnsafeMutableBufferPointer { registers in
                    Interpreter.execute(instructions, curves, registers)
                }
            }
        }
    }

    /// The dispatch loop. Register and jump indices were laid out by `InterpreterCode`, which keeps
    /// every one of them inside the register file and the list.
    private static func execute(_ instructions: UnsafeBufferPointer<Instruction>, _ curves: UnsafeBufferPointer<Curve>,
                                _ r: UnsafeMutableBufferPointer<Double>) {
        var pc = 0
        let count = instructions.count
        while pc < count {
            let i = instructions[pc]
            pc += 1
            let d = Int(i.destination), a = Int(i.a), b = Int(i.b)
            switch i.opcode {
            case .add: r[d] = r[a] + r[b]
            case .subtract: r[d] = r[a] - r[b]
            case .multiply: r[d] = r[a] * r[b]
            case .divide: r[d] = r[a] / r[b]
            case .min: r[d] = Swift.min(r[a], r[b])
            case .max: r[d] = Swift.max(r[a], r[b])
            case .less: r[d] = r[a] < r[b] ? 1 : 0
            case .lessEqual: r[d] = r[a] <= r[b] ? 1 : 0
            case .greater: r[d] = r[a] > r[b] ? 1 : 0
            case .greaterEqual: r[d] = r[a] >= r[b] ? 1 : 0
            case .equal: r[d] = r[a] == r[b] ? 1 : 0
            case .notEqual: r[d] = r[a] != r[b] ? 1 : 0
            case .negate: r[d] = -r[a]
            case .move: r[d] = r[a]
            case .jumpIfFalse: if r[a] == 0 { pc = b }
            case .jump: pc = b
            case .binary: r[d] = Semantics.binary(i.binaryOperation, r[a], r[b])
            case .unary: r[d] = Semantics.unary(i.unaryOperation, r[a])
            case .curve: r[d] = curves[b].value(at: r[a])
            }
        }
    }
}
