/// Evaluates a checked spec at any offset. The spec is compiled once into closures over a register file
/// (one register per slot), so that evaluating a frame does no name look-up, no dictionary access and no
/// allocation: a sweep of a million offsets is practical.
public final class Interpreter {
    public typealias Registers = UnsafeMutablePointer<Double>
    typealias NumberCode = (Registers) -> Double
    typealias BoolCode = (Registers) -> Bool

    /// A named value or output: numbers are stored as they are, bools as 1 or 0.
    private enum Code {
        case number(NumberCode)
        case bool(BoolCode)

        func run(_ registers: Registers) -> Double {
            switch self {
            case .number(let code): return code(registers)
            case .bool(let code): return code(registers) ? 1 : 0
            }
        }
    }

    private struct StateCode {
        let slot: Int
        let initial: NumberCode
        let next: NumberCode
        let bounds: (low: NumberCode, high: NumberCode)?
    }

    public let spec: CheckedSpec
    private let values: [(slot: Int, code: Code)]
    private let outputs: [Code]
    private let states: [StateCode]
    private let snaps: [[NumberCode]]
    /// One register per slot, then one per state for the values being updated.
    private let registers: Registers
    private let stateScratch: Int
    private var previousOffset: Double?

    public init(spec: CheckedSpec) {
        self.spec = spec
        stateScratch = spec.slotCount
        registers = .allocate(capacity: spec.slotCount + spec.states.count)
        registers.initialize(repeating: 0, count: spec.slotCount + spec.states.count)
        values = spec.values.map { ($0.slot, Interpreter.compileValue($0.expression, spec)) }
        outputs = spec.outputs.map { Interpreter.compileValue($0.expression, spec) }
        states = spec.states.map { state in
            StateCode(slot: state.slot, initial: Interpreter.compileNumber(state.initial),
                      next: Interpreter.compileNumber(state.next),
                      bounds: state.bounds.map { (Interpreter.compileNumber($0.low), Interpreter.compileNumber($0.high)) })
        }
        snaps = spec.snaps.map { $0.points.map(Interpreter.compileNumber) }
        for input in spec.inputs { set(input.slot, input.defaultValue) }
    }

    /// The current value of an input.
    public func inputValue(_ name: String) -> Value? {
        guard let input = spec.inputs.first(where: { $0.name == name }) else { return nil }
        return input.type == .bool ? .bool(registers[input.slot] != 0) : .number(registers[input.slot])
    }

    /// Where a scroll gesture that would end at `offset` with `velocity` (points per second, positive
    /// towards larger offsets) should come to rest, given the snap points of `spec.snaps[snap]`.
    public func settle(snap: Int, offset: Double, velocity: Double) -> Double {
        guard snap < snaps.count else { return offset }
        // Snap points may read named values of the inputs, which must reflect the inputs set since the last frame.
        for value in values { registers[value.slot] = value.code.run(registers) }
        let points = snaps[snap].map { $0(registers) }
        return Snapping.settle(target: offset, velocity: velocity, points: points)
    }

    deinit {
        registers.deallocate()
    }

    /// Sets an input by name; false when the spec has no such input or the value has the wrong type.
    @discardableResult
    public func setInput(_ name: String, to value: Value) -> Bool {
        guard let input = spec.inputs.first(where: { $0.name == name }) else { return false }
        switch (input.type, value) {
        case (.bool, .bool), (.number, .number), (.length, .number):
            set(input.slot, value)
            return true
        default:
            return false
        }
    }

    /// Forgets the path so far: the next frame starts the states from their initial values.
    public func resetState() {
        previousOffset = nil
    }

    /// Evaluates one frame, advancing the states along the trace, and returns the outputs in declaration order.
    public func frame(at offset: Double) -> [Value] {
        let count = outputs.count
        return [Double](unsafeUninitializedCapacity: count) { buffer, initialized in
            evaluate(at: offset, into: buffer)
            initialized = count
        }.enumerated().map { index, raw in
            spec.outputs[index].type == .bool ? .bool(raw != 0) : .number(raw)
        }
    }

    /// The allocation-free path: writes each output (bools as 1 or 0) into `outputs`, which must hold
    /// one element per output.
    public func evaluate(at offset: Double, into buffer: UnsafeMutableBufferPointer<Double>) {
        registers[CheckedSpec.offsetSlot] = offset
        if !states.isEmpty { advanceStates(to: offset) }
        for value in values { registers[value.slot] = value.code.run(registers) }
        for index in 0..<Swift.min(outputs.count, buffer.count) {
            buffer[index] = outputs[index].run(registers)
        }
    }

    /// The named value `name` after the last frame, for tests and tools.
    public func value(named name: String) -> Double? {
        if let value = spec.values.first(where: { $0.name == name }) { return registers[value.slot] }
        if let state = spec.states.first(where: { $0.name == name }) { return registers[state.slot] }
        return nil
    }

    /// The first frame starts each state at its initial value with a delta of 0; every later frame applies
    /// `next` to the previous value with the change of offset, then keeps it within the bounds.
    private func advanceStates(to offset: Double) {
        if let previousOffset {
            registers[CheckedSpec.deltaSlot] = offset - previousOffset
        } else {
            registers[CheckedSpec.deltaSlot] = 0
            for state in states { registers[state.slot] = state.initial(registers) }
        }
        previousOffset = offset
        // Every state's update reads the previous values of all states, so they are computed first.
        for (index, state) in states.enumerated() {
            var next = state.next(registers)
            if let bounds = state.bounds {
                next = Swift.min(Swift.max(next, bounds.low(registers)), bounds.high(registers))
            }
            registers[stateScratch + index] = next
        }
        for (index, state) in states.enumerated() { registers[state.slot] = registers[stateScratch + index] }
    }

    private func set(_ slot: Int, _ value: Value) {
        switch value {
        case .number(let number): registers[slot] = number
        case .bool(let bool): registers[slot] = bool ? 1 : 0
        }
    }

    // MARK: Compilation to closures

    private static func compileValue(_ expression: CheckedExpression, _ spec: CheckedSpec) -> Code {
        spec.isBool(expression) ? .bool(compileBool(expression)) : .number(compileNumber(expression))
    }

    static func compileNumber(_ expression: CheckedExpression) -> NumberCode {
        switch expression {
        case .constant(let value):
            return { _ in value }
        case .slot(let slot):
            return { $0[slot] }
        case .negate(let operand):
            let operand = compileNumber(operand)
            return { -operand($0) }
        case .arithmetic(let op, let lhs, let rhs):
            return compileArithmetic(op, lhs, rhs)
        case .conditional(let condition, let then, let otherwise):
            let condition = compileBool(condition), then = compileNumber(then), otherwise = compileNumber(otherwise)
            return { condition($0) ? then($0) : otherwise($0) }
        case .builtin(let builtin, let arguments):
            let codes = arguments.map(compileNumber)
            // The function is chosen here, once, rather than switched on at every call.
            let function = builtin.function
            switch codes.count {
            case 1:
                let a = codes[0]
                return { function(a($0), 0, 0) }
            case 2:
                let a = codes[0], b = codes[1]
                return { function(a($0), b($0), 0) }
            default:
                let a = codes[0], b = codes[1], c = codes[2]
                return { function(a($0), b($0), c($0)) }
            }
        case .curve(let curve, let progress):
            let progress = compileNumber(progress)
            if case .linear = curve { return progress }
            return { curve.value(at: progress($0)) }
        case .keyframes(let keyframes):
            return compileKeyframes(keyframes)
        case .boolConstant, .not, .comparison, .boolEquality, .logical:
            let code = compileBool(expression)
            return { code($0) ? 1 : 0 }
        }
    }

    /// Arithmetic with a constant or slot operand reads it directly instead of calling a closure for it,
    /// the commonest shapes in real specs; the operation itself is the same IEEE one either way.
    private static func compileArithmetic(_ op: ArithmeticOperator, _ lhs: CheckedExpression,
                                          _ rhs: CheckedExpression) -> NumberCode {
        switch (lhs, rhs) {
        case (.slot(let a), .slot(let b)):
            switch op {
            case .add: return { $0[a] + $0[b] }
            case .subtract: return { $0[a] - $0[b] }
            case .multiply: return { $0[a] * $0[b] }
            case .divide: return { $0[a] / $0[b] }
            }
        case (.slot(let a), .constant(let b)):
            switch op {
            case .add: return { $0[a] + b }
            case .subtract: return { $0[a] - b }
            case .multiply: return { $0[a] * b }
            case .divide: return { $0[a] / b }
            }
        case (.constant(let a), .slot(let b)):
            switch op {
            case .add: return { a + $0[b] }
            case .subtract: return { a - $0[b] }
            case .multiply: return { a * $0[b] }
            case .divide: return { a / $0[b] }
            }
        case (_, .constant(let b)):
            let lhs = compileNumber(lhs)
            switch op {
            case .add: return { lhs($0) + b }
            case .subtract: return { lhs($0) - b }
            case .multiply: return { lhs($0) * b }
            case .divide: return { lhs($0) / b }
            }
        case (.constant(let a), _):
            let rhs = compileNumber(rhs)
            switch op {
            case .add: return { a + rhs($0) }
            case .subtract: return { a - rhs($0) }
            case .multiply: return { a * rhs($0) }
            case .divide: return { a / rhs($0) }
            }
        default:
            let lhs = compileNumber(lhs), rhs = compileNumber(rhs)
            switch op {
            case .add: return { lhs($0) + rhs($0) }
            case .subtract: return { lhs($0) - rhs($0) }
            case .multiply: return { lhs($0) * rhs($0) }
            case .divide: return { lhs($0) / rhs($0) }
            }
        }
    }

    static func compileBool(_ expression: CheckedExpression) -> BoolCode {
        switch expression {
        case .boolConstant(let value):
            return { _ in value }
        case .not(let operand):
            let operand = compileBool(operand)
            return { !operand($0) }
        case .comparison(let op, let lhs, let rhs):
            let lhs = compileNumber(lhs), rhs = compileNumber(rhs)
            switch op {
            case .less: return { lhs($0) < rhs($0) }
            case .lessEqual: return { lhs($0) <= rhs($0) }
            case .greater: return { lhs($0) > rhs($0) }
            case .greaterEqual: return { lhs($0) >= rhs($0) }
            case .equal: return { lhs($0) == rhs($0) }
            case .notEqual: return { lhs($0) != rhs($0) }
            }
        case .boolEquality(let isEqual, let lhs, let rhs):
            let lhs = compileBool(lhs), rhs = compileBool(rhs)
            return isEqual ? { lhs($0) == rhs($0) } : { lhs($0) != rhs($0) }
        case .logical(let op, let lhs, let rhs):
            let lhs = compileBool(lhs), rhs = compileBool(rhs)
            return op == .and ? { lhs($0) && rhs($0) } : { lhs($0) || rhs($0) }
        case .conditional(let condition, let then, let otherwise):
            let condition = compileBool(condition), then = compileBool(then), otherwise = compileBool(otherwise)
            return { condition($0) ? then($0) : otherwise($0) }
        case .slot(let slot):
            return { $0[slot] != 0 }
        default:
            let code = compileNumber(expression)
            return { code($0) != 0 }
        }
    }

    /// Mirrors the if-chain the emitter writes: hold (or extend) before the first stop, find the segment
    /// whose end lies beyond x, hold (or extend) after the last.
    private static func compileKeyframes(_ keyframes: CheckedKeyframes) -> NumberCode {
        let driver = compileNumber(keyframes.driver)
        let positions = keyframes.stops.map { compileNumber($0.position) }
        let values = keyframes.stops.map { compileNumber($0.value) }
        let curves = keyframes.stops.map(\.curve)
        let last = keyframes.stops.count - 1
        let extendsBefore = keyframes.extendsBefore
        // Past the last stop a hold segment has made its jump, so extending it keeps the last value.
        var extendsAfter = keyframes.extendsAfter
        if case .hold = curves[curves.count - 1] { extendsAfter = false }
        func segment(_ index: Int, _ x: Double, _ registers: Registers) -> Double {
            let from = values[index - 1](registers)
            switch curves[index] {
            case .hold:
                return from
            case .curve(let curve):
                let start = positions[index - 1](registers)
                let t = (x - start) / (positions[index](registers) - start)
                let to = values[index](registers)
                if case .linear = curve { return from + (to - from) * t }
                return from + (to - from) * curve.value(at: t)
            }
        }
        if last == 0 { return values[0] }
        return { registers in
            let x = driver(registers)
            if !extendsBefore, x <= positions[0](registers) { return values[0](registers) }
            for index in 1...last where x < positions[index](registers) {
                return segment(index, x, registers)
            }
            return extendsAfter ? segment(last, x, registers) : values[last](registers)
        }
    }
}
