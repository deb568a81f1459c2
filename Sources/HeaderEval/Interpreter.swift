import HeaderSource
import HeaderSyntax
import HeaderMath
import HeaderIR

/// Evaluates a spec at any offset by translating its lowered program, operation for operation, into
/// flat instruction lists over one register file of Doubles (bools as 1 and 0). A frame runs one list
/// with a switch per instruction: no closure, allocation or reference counting per operation. What
/// reads only the inputs, down to parts of an expression, runs once after they change, not at every
/// offset (see `InterpreterCode`).
public final class Interpreter {
    public let program: Program
    private let code: InterpreterCode
    /// The register file and the lists, copied once into memory of their own: a frame then touches no
    /// array (no retain, no exclusivity check). Every index in them was laid out by `InterpreterCode`.
    private let registers: UnsafeMutableBufferPointer<Double>
    private let inputsOnly: UnsafeMutableBufferPointer<Instruction>
    private let advance: UnsafeMutableBufferPointer<Instruction>
    private let perFrame: UnsafeMutableBufferPointer<Instruction>
    private let settleLists: [UnsafeMutableBufferPointer<Instruction>]
    private let motionLists: [UnsafeMutableBufferPointer<Instruction>?]
    private let curves: UnsafeMutableBufferPointer<Curve>
    private let firstOutput: Int
    private let isStateful: Bool
    private var inputsChanged = true
    private var previousOffset: Double?
    /// The time of the frames that follow, in milliseconds: what a transition's update reads. It stays as it
    /// is set (0 unless a trace gives it).
    public var time: Double = 0

    public init(program: Program) {
        self.program = program
        // Calls run expanded: the same operations in the same order, with no call to pay for.
        code = InterpreterCode(program.inliningCalls())
        func copy<Element>(_ array: [Element]) -> UnsafeMutableBufferPointer<Element> {
            // At least one element, so that even an empty list has a base address.
            let base = UnsafeMutablePointer<Element>.allocate(capacity: Swift.max(array.count, 1))
            base.initialize(from: array, count: array.count)
            return UnsafeMutableBufferPointer(start: base, count: array.count)
        }
        registers = copy(code.initialRegisters)
        inputsOnly = copy(code.inputsOnly)
        advance = copy(code.advance)
        perFrame = copy(code.perFrame)
        settleLists = code.settle.map { copy($0.instructions) }
        motionLists = code.motion.map { $0.map { copy($0.instructions) } }
        curves = copy(code.curves)
        firstOutput = code.layout.output(0)
        isStateful = program.isStateful
    }

    deinit {
        registers.deallocate()
        inputsOnly.deallocate()
        advance.deallocate()
        perFrame.deallocate()
        settleLists.forEach { $0.deallocate() }
        motionLists.forEach { $0?.deallocate() }
        _ = curves.deinitialize()
        curves.deallocate()
    }

    /// The current value of an input.
    public func inputValue(_ name: String) -> Value? {
        guard let index = program.inputs.firstIndex(where: { $0.name == name }) else { return nil }
        let raw = registers[code.layout.input(index)]
        switch program.inputs[index].type {
        case .bool: return .bool(raw != 0)
        case .phase: return .phase(ScrollPhase(number: raw) ?? .idle)
        default: return .number(raw)
        }
    }

    /// Sets an input by name; false when the spec has no such input or the value has the wrong type.
    @discardableResult
    public func setInput(_ name: String, to value: Value) -> Bool {
        guard let index = program.inputs.firstIndex(where: { $0.name == name }) else { return false }
        switch (program.inputs[index].type, value) {
        case (.bool, .bool(let bool)):
            registers[code.layout.input(index)] = bool ? 1 : 0
        case (.phase, .phase(let phase)):
            registers[code.layout.input(index)] = Double(phase.rawValue)
        case (let type, .number(let number)) where type.isNumeric:
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
        run(settleLists[snap])
        return registers[code.settle[snap].result]
    }

    /// Where the scroll is `elapsed` milliseconds after the finger lifted at `from` with `velocity`, on its way to
    /// `target` by the motion of `program.snaps[snap]` (Grammar.md, "The motion after release"); nil where that snap
    /// has none. The frame's offset and time are as they were.
    public func motion(snap: Int, from: Double, velocity: Double, target: Double, elapsed: Double) -> Double? {
        guard code.motion.indices.contains(snap), let list = motionLists[snap], let result = code.motion[snap]?.result else { return nil }
        refreshInputs()
        let (offset, time) = (registers[code.layout.offset], registers[code.layout.time])
        defer { (registers[code.layout.offset], registers[code.layout.time]) = (offset, time) }
        (registers[code.layout.offset], registers[code.layout.time]) = (from, elapsed)
        registers[code.layout.target] = target
        registers[code.layout.velocity] = velocity
        run(list)
        return registers[result]
    }

    /// Where `program.snaps[snap]` would come to rest if the scroll ended now, at `offset`, with `velocity`:
    /// a snap of the scroll settles the offset; `snap state` settles its state's value after the last frame,
    /// which stays as it is (see `settleState`).
    public func settleNow(snap: Int, offset: Double, velocity: Double) -> Double {
        settle(snap: snap, offset: movedState(snap).map { registers[code.layout.state($0)] } ?? offset, velocity: velocity)
    }

    /// `snap state`: moves the state to where it comes to rest as the scroll ends with `velocity`, as the
    /// generated `settle(&state, velocity:)` does, and returns its new value; the next frame advances from
    /// it. Nil for a snap of the scroll.
    @discardableResult
    public func settleState(snap: Int, velocity: Double) -> Double? {
        guard let moved = movedState(snap) else { return nil }
        let settled = settle(snap: snap, offset: registers[code.layout.state(moved)], velocity: velocity)
        registers[code.layout.state(moved)] = settled
        return settled
    }

    /// The state that `program.snaps[snap]` moves, nil for a snap of the scroll (or no such snap).
    private func movedState(_ snap: Int) -> Int? {
        program.snaps.indices.contains(snap) ? program.snaps[snap].state : nil
    }

    /// The states' values as the last frame left them, in declaration order.
    public var stateValues: [Double] {
        program.states.indices.map { registers[code.layout.state($0)] }
    }

    /// Evaluates one frame, advancing the states along the trace, and returns the outputs in declaration order.
    public func frame(at offset: Double) -> [Value] {
        step(to: offset)
        return outputs()
    }

    /// The outputs as the last run of the per-frame code left them, in declaration order.
    private func outputs() -> [Value] {
        program.outputs.indices.map { index in
            let raw = registers[code.layout.output(index)]
            return program.outputs[index].type == .bool ? .bool(raw != 0) : .number(raw)
        }
    }

    /// The outputs at the last frame's offset with the states as they are, not advanced: after `settleState`,
    /// what the generated `frame(offset:state:)` gives after `settle(&state, velocity:)`.
    public func redraw() -> [Value] {
        refreshInputs()
        run(perFrame)
        return outputs()
    }

    /// The allocation-free path: writes each output (bools as 1 or 0) into `buffer`, which should hold
    /// one element per output.
    public func evaluate(at offset: Double, into buffer: UnsafeMutableBufferPointer<Double>) {
        step(to: offset)
        guard let base = buffer.baseAddress, let outputs = registers.baseAddress else { return }
        base.update(from: outputs + firstOutput, count: Swift.min(program.outputs.count, buffer.count))
    }

    /// The named value or state `name` after the last frame, for tests and tools.
    public func value(named name: String) -> Double? {
        if let index = program.values.firstIndex(where: { $0.name == name }) { return registers[code.layout.value(index)] }
        if let index = program.states.firstIndex(where: { $0.name == name }) { return registers[code.layout.state(index)] }
        return nil
    }

    /// An operation that faulted as a frame ran it: a division by 0, `sqrt` of a negative number, `pow` of a
    /// negative base with a finite exponent that is not whole. `operands` are what it was given (for a
    /// division, the numerator and the divisor).
    public struct Fault: Sendable {
        public let range: SourceRange
        public let operands: [Double]
    }

    /// Evaluates one frame as `frame(at:)` does (the input-only code run again), and returns with its outputs
    /// the operations that faulted on the way, each where it is written, first time only: what the program
    /// did, not what an expression would give where it stands (a division under a guard that is false is not
    /// run, and keyframes whose stops meet jump).
    public func faults(at offset: Double) -> (outputs: [Value], faults: [Fault]) {
        var recorder = FaultRecorder()
        inputsChanged = false
        recorder.sites = code.faultSites[.inputsOnly] ?? [:]
        run(inputsOnly, &recorder)
        recorder.sites = code.faultSites[.advance] ?? [:]
        stepStates(to: offset, &recorder)
        recorder.sites = code.faultSites[.perFrame] ?? [:]
        run(perFrame, &recorder)
        return (outputs(), recorder.faults)
    }

    private func refreshInputs() {
        guard inputsChanged else { return }
        inputsChanged = false
        var none = NoProbe()
        run(inputsOnly, &none)
    }

    private func step(to offset: Double) {
        refreshInputs()
        var none = NoProbe()
        stepStates(to: offset, &none)
        run(perFrame, &none)
    }

    /// Sets the offset and advances the states to it.
    private func stepStates<Probe: InstructionProbe>(to offset: Double, _ probe: inout Probe) {
        registers[code.layout.offset] = offset
        guard isStateful else { return }
        registers[code.layout.time] = time
        if let previousOffset {
            registers[code.layout.delta] = offset - previousOffset
        } else {
            registers[code.layout.delta] = 0
            for index in program.states.indices { registers[code.layout.state(index)] = registers[code.layout.initialState(index)] }
        }
        previousOffset = offset
        run(advance, &probe)
    }

    private func run(_ list: UnsafeMutableBufferPointer<Instruction>) {
        var none = NoProbe()
        run(list, &none)
    }

    private func run<Probe: InstructionProbe>(_ list: UnsafeMutableBufferPointer<Instruction>, _ probe: inout Probe) {
        guard let instructions = list.baseAddress, let curves = curves.baseAddress, let registers = registers.baseAddress else { return }
        Interpreter.execute(instructions, list.count, curves, registers, &probe)
    }

    /// The dispatch loop. Register and jump indices were laid out by `InterpreterCode`, which keeps
    /// every one of them inside the register file and the list. The probe sees each instruction before it
    /// runs (for frames, `NoProbe`, which the compiler removes).
    private static func execute<Probe: InstructionProbe>(_ instructions: UnsafeMutablePointer<Instruction>, _ count: Int,
                                                          _ curves: UnsafeMutablePointer<Curve>, _ r: UnsafeMutablePointer<Double>,
                                                          _ probe: inout Probe) {
        var pc = 0
        while pc < count {
            let i = instructions[pc]
            probe.willRun(i, at: pc, r)
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
            case .clamp: r[d] = Swift.min(Swift.max(r[a], r[b]), r[Int(i.c)])
            case .multiplyAdd: r[d] = r[a] + r[b] * r[Int(i.c)]
            case .multiplySubtract: r[d] = r[a] - r[b] * r[Int(i.c)]
            case .subtractDivide: r[d] = (r[a] - r[b]) / r[Int(i.c)]
            case .jumpIfFalse: if r[a] == 0 { pc = b }
            case .jump: pc = b
            case .jumpUnlessLess: if !(r[a] < r[b]) { pc = Int(i.c) }
            case .jumpUnlessLessEqual: if !(r[a] <= r[b]) { pc = Int(i.c) }
            case .jumpUnlessGreater: if !(r[a] > r[b]) { pc = Int(i.c) }
            case .jumpUnlessGreaterEqual: if !(r[a] >= r[b]) { pc = Int(i.c) }
            case .binary: r[d] = Semantics.binary(i.binaryOperation, r[a], r[b])
            case .unary: r[d] = Semantics.unary(i.unaryOperation, r[a])
            case .curve: r[d] = curves[b].value(at: r[a])
            }
        }
    }
}

/// What sees each instruction of a list before it runs.
package protocol InstructionProbe {
    mutating func willRun(_ instruction: Instruction, at index: Int, _ registers: UnsafeMutablePointer<Double>)
}

/// Sees nothing: a frame's own loop.
package struct NoProbe: InstructionProbe {
    @inline(__always)
    package func willRun(_ instruction: Instruction, at index: Int, _ registers: UnsafeMutablePointer<Double>) {}
}

/// Records the operations of `sites` that fault as they run.
package struct FaultRecorder: InstructionProbe {
    var sites: [Int: SourceRange] = [:]
    package private(set) var faults: [Interpreter.Fault] = []
    private var seen: Set<SourceRange> = []

    package mutating func willRun(_ instruction: Instruction, at index: Int, _ r: UnsafeMutablePointer<Double>) {
        guard !sites.isEmpty, let range = sites[index], !seen.contains(range) else { return }
        let a = r[Int(instruction.a)], b = instruction.opcode.readsB ? r[Int(instruction.b)] : 0
        let operands: [Double]
        let faulted: Bool
        switch instruction.opcode {
        case .divide:
            operands = [a, b]
            faulted = b == 0
        case .subtractDivide:
            let divisor = r[Int(instruction.c)]
            operands = [a - b, divisor]
            faulted = divisor == 0
        case .unary:
            operands = [a]
            faulted = a < 0
        case .binary where instruction.binaryOperation == .div:
            operands = [a, b]
            faulted = b == 0
        case .binary:
            operands = [a, b]
            faulted = a < 0 && b.isFinite && b != b.rounded()
        default:
            return
        }
        guard faulted else { return }
        seen.insert(range)
        faults.append(Interpreter.Fault(range: range, operands: operands))
    }
}
