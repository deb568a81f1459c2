import HeaderSource
import HeaderSyntax
import HeaderMath
import HeaderIR

/// One instruction of the interpreter: `destination = a op b` (or `op(a, b, c)`) on registers, or a
/// jump. Twenty bytes, so that a frame's list streams through the cache.
package struct Instruction {
    package enum Opcode: UInt8 {
        case add, subtract, multiply, divide, min, max
        case less, lessEqual, greater, greaterEqual, equal, notEqual
        case negate, move
        /// `min(max(a, b), c)`: the lowered `clamp`.
        case clamp
        /// `a + b * c`, `a - b * c` and `(a - b) / c`, each rounded twice like the operations they fuse.
        case multiplyAdd, multiplySubtract, subtractDivide
        /// Jumps to `b` when register `a` is 0 (false).
        case jumpIfFalse
        case jump
        /// Jump to `c` unless `a < b` (`<=`, `>`, `>=`): a comparison and the branch on it, NaN included.
        case jumpUnlessLess, jumpUnlessLessEqual, jumpUnlessGreater, jumpUnlessGreaterEqual
        /// The rarer operations, through `Semantics`: `operation` says which.
        case binary, unary
        /// `destination = curves[b](a)`.
        case curve

        package var jumps: Bool {
            switch self {
            case .jump, .jumpIfFalse, .jumpUnlessLess, .jumpUnlessLessEqual, .jumpUnlessGreater, .jumpUnlessGreaterEqual: return true
            default: return false
            }
        }

        /// Whether `b` and `c` name registers (rather than an instruction or a curve, or nothing).
        var readsB: Bool { self != .jump && self != .jumpIfFalse && self != .curve }
        var readsC: Bool { [.clamp, .multiplyAdd, .multiplySubtract, .subtractDivide].contains(self) }
    }

    var opcode: Opcode
    package var operation: UInt8 = 0
    package var destination: Int32
    package var a: Int32
    package var b: Int32
    package var c: Int32 = 0

    var binaryOperation: BinaryOperation { BinaryOperation.allCases[Int(operation)] }
    var unaryOperation: UnaryOperation { UnaryOperation.allCases[Int(operation)] }
}

/// Where everything lives in the register file: the offset, its change, a snap's target and velocity,
/// the inputs, states, named values and outputs, then scratch registers, then the constants and the
/// registers of what the input-only code computes for the other lists.
package struct RegisterLayout {
    package let offset = 0
    package let delta = 1
    package let target = 2
    package let velocity = 3
    /// The frame's time in milliseconds, which a transition's update reads.
    package let time = 4
    let inputCount: Int, stateCount: Int, valueCount: Int, outputCount: Int

    package func input(_ index: Int) -> Int { 5 + index }
    package func state(_ index: Int) -> Int { 5 + inputCount + index }
    /// Where the states' new values wait until all are computed.
    func nextState(_ index: Int) -> Int { 5 + inputCount + stateCount + index }
    package func value(_ index: Int) -> Int { 5 + inputCount + 2 * stateCount + index }
    package func output(_ index: Int) -> Int { 5 + inputCount + 2 * stateCount + valueCount + index }
    /// A state's initial value, which the input-only code computes: a trace starts from it.
    package func initialState(_ index: Int) -> Int { 5 + inputCount + 2 * stateCount + valueCount + outputCount + index }
    var fixedCount: Int { 5 + inputCount + 3 * stateCount + valueCount + outputCount }
}

/// The program translated into instruction lists: what reads only inputs (run when they change), the
/// state update, the rest of a frame, and one list per snap.
///
/// Every part of an expression that reads only inputs, constants and such parts is computed by the
/// input-only list into a register of its own, wherever it stands (`min(collapsed, 190)` inside a
/// height that also reads the offset): the other lists only read that register. The operations and
/// their order are the program's, so the bits are the same; they are just done less often.
package struct InterpreterCode {
    package let layout: RegisterLayout
    private(set) var inputsOnly: [Instruction] = []
    package private(set) var advance: [Instruction] = []
    private(set) var perFrame: [Instruction] = []
    package private(set) var settle: [(instructions: [Instruction], result: Int)] = []
    /// Each snap's motion after release, where it has one: a list of its own, as a settle function is.
    package private(set) var motion: [(instructions: [Instruction], result: Int)?] = []
    package private(set) var curves: [Curve] = []
    private(set) var initialRegisters: [Double]
    /// The operations that can fault (a division, `sqrt`, `pow`), by their index in the input-only, advance
    /// and per-frame lists, with where they are written: for `Interpreter.faults(at:)` to see them run.
    private(set) var faultSites: [List: [Int: SourceRange]] = [:]

    package enum List: Hashable { case inputsOnly, perFrame, advance, settle }
    private var settleList: [Instruction] = []

    /// Registers above the scratch ones, numbered -1 - index until they are placed: constants (keyed by
    /// their bits, so that -0.0 and each NaN keep their own) and the results of hoisted parts.
    private var constantRegisters: [UInt64: Int] = [:]
    private var constants: [Double] = []
    /// The first register above the fixed ones; scratch registers are taken from here, in stack order.
    private var scratchBase = 0
    private var scratchTop = 0
    private var scratchHigh = 0
    private var localRegisters: [Int] = []
    /// Whether each named value, and each local of the body being translated, reads only inputs.
    private var valueReadsOnlyInputs: [Bool] = []
    private var localReadsOnlyInputs: [Bool] = []

    package init(_ program: Program) {
        layout = RegisterLayout(inputCount: program.inputs.count, stateCount: program.states.count,
                                valueCount: program.values.count, outputCount: program.outputs.count)
        initialRegisters = [Double](repeating: 0, count: layout.fixedCount)
        for (index, input) in program.inputs.enumerated() {
            initialRegisters[layout.input(index)] = input.defaultValue.storedNumber
        }
        scratchBase = initialRegisters.count
        scratchTop = scratchBase
        scratchHigh = scratchBase
        valueReadsOnlyInputs = program.values.map { !$0.body.uses.offset && !$0.body.uses.state }

        // The named values that a state's update reads (they read no state) are computed before it.
        let readByStates = program.valuesNeeded(by: program.states.map(\.next))
        for (index, value) in program.values.enumerated() {
            let list: List = valueReadsOnlyInputs[index] ? .inputsOnly : readByStates.contains(index) ? .advance : .perFrame
            emit(value.body, into: layout.value(index), list: list)
        }
        for (index, output) in program.outputs.enumerated() {
            let readsOnlyInputs = !output.body.uses.offset && !output.body.uses.state
            emit(output.body, into: layout.output(index), list: readsOnlyInputs ? .inputsOnly : .perFrame)
        }
        for (index, state) in program.states.enumerated() {
            emit(state.initial, into: layout.initialState(index), list: .inputsOnly)
            emit(state.next, into: layout.nextState(index), list: .advance)
        }
        for index in program.states.indices {
            append(Instruction(opcode: .move, destination: Int32(layout.state(index)), a: Int32(layout.nextState(index)), b: 0),
                   to: .advance)
        }
        for snap in program.snaps {
            settleList = []
            // The result keeps its own register, so each snap's answer survives the next snap's code.
            let result = scratch()
            emit(snap.settle, into: result, list: .settle)
            settle.append((settleList, result))
            guard let body = snap.motion else {
                motion.append(nil)
                continue
            }
            settleList = []
            let position = scratch()
            emit(body, into: position, list: .settle)
            motion.append((settleList, position))
        }
        // The registers numbered below zero go above the scratch registers.
        initialRegisters += [Double](repeating: 0, count: scratchHigh - scratchBase)
        let constantBase = Int32(initialRegisters.count)
        initialRegisters += constants
        func place(_ list: inout [Instruction]) {
            for index in list.indices {
                let opcode = list[index].opcode
                if list[index].destination < 0 { list[index].destination = constantBase - 1 - list[index].destination }
                if list[index].a < 0 { list[index].a = constantBase - 1 - list[index].a }
                if opcode.readsB, list[index].b < 0 { list[index].b = constantBase - 1 - list[index].b }
                if opcode.readsC, list[index].c < 0 { list[index].c = constantBase - 1 - list[index].c }
            }
        }
        place(&inputsOnly)
        place(&perFrame)
        place(&advance)
        for index in settle.indices { place(&settle[index].instructions) }
        for index in motion.indices {
            guard var entry = motion[index] else { continue }
            place(&entry.instructions)
            motion[index] = entry
        }
    }

    // MARK: - lists and registers

    @discardableResult
    private mutating func append(_ instruction: Instruction, to list: List) -> Int {
        switch list {
        case .inputsOnly: inputsOnly.append(instruction); return inputsOnly.count - 1
        case .perFrame: perFrame.append(instruction); return perFrame.count - 1
        case .advance: advance.append(instruction); return advance.count - 1
        case .settle: settleList.append(instruction); return settleList.count - 1
        }
    }

    private func count(_ list: List) -> Int {
        switch list {
        case .inputsOnly: return inputsOnly.count
        case .perFrame: return perFrame.count
        case .advance: return advance.count
        case .settle: return settleList.count
        }
    }

    /// Points the jump at `index` of `list` to the end of the list.
    private mutating func patchJump(at index: Int, in list: List) {
        let target = Int32(count(list))
        switch list {
        case .inputsOnly: inputsOnly[index].setTarget(target)
        case .perFrame: perFrame[index].setTarget(target)
        case .advance: advance[index].setTarget(target)
        case .settle: settleList[index].setTarget(target)
        }
    }

    /// The register of a constant.
    private mutating func constantRegister(_ value: Double) -> Int {
        if let register = constantRegisters[value.bitPattern] { return register }
        constants.append(value)
        constantRegisters[value.bitPattern] = -constants.count
        return -constants.count
    }

    /// A register of its own for a part the input-only list computes.
    private mutating func hoistedRegister() -> Int {
        constants.append(0)
        return -constants.count
    }

    private mutating func scratch() -> Int {
        scratchTop += 1
        scratchHigh = Swift.max(scratchHigh, scratchTop)
        return scratchTop - 1
    }

    // MARK: - translation

    /// An expression with, at each node, whether it reads nothing but inputs and constants (directly or
    /// through values and locals), worked out once, from the leaves up: asking it of each node again as the
    /// translation went down cost the square of a long chain's length.
    private final class Node {
        let expression: Expr
        let readsOnlyInputs: Bool
        let children: [Node]
        var kind: Expr.Kind { expression.kind }

        init(_ expression: Expr, readsOnlyInputs: Bool, children: [Node]) {
            self.expression = expression
            self.readsOnlyInputs = readsOnlyInputs
            self.children = children
        }

        subscript(_ index: Int) -> Node { children[index] }
    }

    private func annotate(_ expression: Expr) -> Node {
        let children: [Node]
        let leafReadsOnlyInputs: Bool
        switch expression.kind {
        case .constant, .boolConstant:
            return Node(expression, readsOnlyInputs: true, children: [])
        case .read(let read):
            switch read {
            case .input: leafReadsOnlyInputs = true
            case .value(let index): leafReadsOnlyInputs = valueReadsOnlyInputs[index]
            case .local(let index): leafReadsOnlyInputs = localReadsOnlyInputs[index]
            case .offset, .delta, .time, .state, .target, .velocity, .parameter: leafReadsOnlyInputs = false
            }
            return Node(expression, readsOnlyInputs: leafReadsOnlyInputs, children: [])
        case .unary(_, let operand): children = [annotate(operand)]
        case .binary(_, let lhs, let rhs): children = [annotate(lhs), annotate(rhs)]
        case .select(let condition, let then, let otherwise): children = [annotate(condition), annotate(then), annotate(otherwise)]
        case .curve(_, let progress): children = [annotate(progress)]
        // The interpreter runs the program with its calls expanded (`inliningCalls`): none is left here.
        case .call: return Node(expression, readsOnlyInputs: false, children: [])
        }
        return Node(expression, readsOnlyInputs: children.allSatisfy(\.readsOnlyInputs), children: children)
    }

    /// Whether an operation of `list` should compute `node` itself (not a leaf, and not a part the
    /// input-only list computes instead).
    private func computesInline(_ node: Node, in list: List) -> Bool {
        !node.expression.isLeaf && (list == .inputsOnly || !node.readsOnlyInputs)
    }

    /// A body's locals take scratch registers for the length of the body (a leaf is read where it is;
    /// a local that reads only inputs gets a hoisted register); its result goes to `destination`.
    private mutating func emit(_ body: Body, into destination: Int, list: List) {
        let mark = scratchTop
        localRegisters = []
        localReadsOnlyInputs = []
        for local in body.locals {
            // Each local reads only the locals before it.
            let node = annotate(local)
            let register: Int
            if local.isLeaf || (node.readsOnlyInputs && list != .inputsOnly) {
                register = operand(node, list: list)
            } else {
                register = scratch()
                emit(node, into: register, list: list)
            }
            localRegisters.append(register)
            localReadsOnlyInputs.append(node.readsOnlyInputs)
        }
        emit(annotate(body.result), into: destination, list: list)
        scratchTop = mark
    }

    private func register(of read: Read) -> Int {
        switch read {
        case .offset: return layout.offset
        case .delta: return layout.delta
        case .time: return layout.time
        case .target: return layout.target
        case .velocity: return layout.velocity
        case .input(let index): return layout.input(index)
        case .state(let index): return layout.state(index)
        case .value(let index): return layout.value(index)
        case .local(let index): return localRegisters[index]
        case .parameter: return layout.offset
        }
    }

    /// The register that holds the node's value: a read or constant where it already is, a part that
    /// reads only inputs where the input-only list puts it, else a scratch register computed into.
    private mutating func operand(_ node: Node, list: List) -> Int {
        switch node.kind {
        case .read(let read): return register(of: read)
        case .constant(let value): return constantRegister(value)
        case .boolConstant(let value): return constantRegister(value ? 1 : 0)
        default:
            if list != .inputsOnly && node.readsOnlyInputs {
                let register = hoistedRegister()
                // Its temporaries are scratch registers: the input-only list never runs amid another list.
                emit(node, into: register, list: .inputsOnly)
                return register
            }
            let register = scratch()
            emit(node, into: register, list: list)
            return register
        }
    }

    private mutating func emit(_ node: Node, into destination: Int, list: List) {
        let d = Int32(destination)
        let mark = scratchTop
        defer { scratchTop = mark }
        if !computesInline(node, in: list) {
            append(Instruction(opcode: .move, destination: d, a: Int32(operand(node, list: list)), b: 0), to: list)
            return
        }
        let range = node.expression.range
        switch node.kind {
        case .constant, .boolConstant, .read:
            append(Instruction(opcode: .move, destination: d, a: Int32(operand(node, list: list)), b: 0), to: list)
        case .unary(let operation, _):
            let a = Int32(operand(node[0], list: list))
            if operation == .negate {
                append(Instruction(opcode: .negate, destination: d, a: a, b: 0), to: list)
            } else {
                let code = UInt8(UnaryOperation.allCases.firstIndex(of: operation) ?? 0)
                let index = append(Instruction(opcode: .unary, operation: code, destination: d, a: a, b: 0), to: list)
                if operation == .sqrt { faultSites[list, default: [:]][index] = range }
            }
        case .binary(let operation, _, _):
            let faults = operation == .divide || operation == .pow || operation == .div
            if let fused = fusedOperands(operation, node[0], node[1], list: list) {
                let index = append(Instruction(opcode: fused.opcode, destination: d, a: fused.a, b: fused.b, c: fused.c), to: list)
                if faults { faultSites[list, default: [:]][index] = range }
                return
            }
            let a = Int32(operand(node[0], list: list)), b = Int32(operand(node[1], list: list))
            let code = UInt8(BinaryOperation.allCases.firstIndex(of: operation) ?? 0)
            let index = append(Instruction(opcode: Self.opcode(of: operation), operation: code, destination: d, a: a, b: b), to: list)
            if faults { faultSites[list, default: [:]][index] = range }
        case .select:
            let condition = node[0]
            let branch: Int
            if case .binary(let comparison, _, _) = condition.kind, computesInline(condition, in: list),
               let opcode = Self.branchOpcode(comparison) {
                let a = Int32(operand(condition[0], list: list)), b = Int32(operand(condition[1], list: list))
                branch = append(Instruction(opcode: opcode, destination: 0, a: a, b: b), to: list)
            } else {
                let c = Int32(operand(condition, list: list))
                branch = append(Instruction(opcode: .jumpIfFalse, destination: 0, a: c, b: 0), to: list)
            }
            emit(node[1], into: destination, list: list)
            let skip = append(Instruction(opcode: .jump, destination: 0, a: 0, b: 0), to: list)
            patchJump(at: branch, in: list)
            emit(node[2], into: destination, list: list)
            patchJump(at: skip, in: list)
        case .curve(let curve, _):
            let a = Int32(operand(node[0], list: list))
            curves.append(curve)
            append(Instruction(opcode: .curve, destination: d, a: a, b: Int32(curves.count - 1)), to: list)
        case .call:
            append(Instruction(opcode: .move, destination: d, a: Int32(constantRegister(.nan)), b: 0), to: list)
        }
    }

    /// One instruction for two operations where the lowered code has them often: `clamp`, `a + b * c`
    /// (keyframe segments), `a - b * c` and `(a - b) / c`. Only the shapes written here, in this
    /// operand order, so that each operation sees the operands it would see alone.
    private mutating func fusedOperands(_ operation: BinaryOperation, _ lhs: Node, _ rhs: Node,
                                        list: List) -> (opcode: Instruction.Opcode, a: Int32, b: Int32, c: Int32)? {
        switch (operation, lhs.kind, rhs.kind) {
        case (.min, .binary(.max, _, _), _) where computesInline(lhs, in: list):
            return (.clamp, Int32(operand(lhs[0], list: list)), Int32(operand(lhs[1], list: list)), Int32(operand(rhs, list: list)))
        case (.add, _, .binary(.multiply, _, _)) where computesInline(rhs, in: list):
            return (.multiplyAdd, Int32(operand(lhs, list: list)), Int32(operand(rhs[0], list: list)), Int32(operand(rhs[1], list: list)))
        case (.subtract, _, .binary(.multiply, _, _)) where computesInline(rhs, in: list):
            return (.multiplySubtract, Int32(operand(lhs, list: list)), Int32(operand(rhs[0], list: list)), Int32(operand(rhs[1], list: list)))
        case (.divide, .binary(.subtract, _, _), _) where computesInline(lhs, in: list):
            return (.subtractDivide, Int32(operand(lhs[0], list: list)), Int32(operand(lhs[1], list: list)), Int32(operand(rhs, list: list)))
        default:
            return nil
        }
    }

    private static func opcode(of operation: BinaryOperation) -> Instruction.Opcode {
        switch operation {
        case .add: return .add
        case .subtract: return .subtract
        case .multiply: return .multiply
        case .divide: return .divide
        case .min: return .min
        case .max: return .max
        case .less: return .less
        case .lessEqual: return .lessEqual
        case .greater: return .greater
        case .greaterEqual: return .greaterEqual
        case .equal, .boolEqual: return .equal
        case .notEqual, .boolNotEqual: return .notEqual
        case .pow, .and, .or: return .binary
        case .div, .fmin, .fmax: return .binary
        }
    }

    private static func branchOpcode(_ comparison: BinaryOperation) -> Instruction.Opcode? {
        switch comparison {
        case .less: return .jumpUnlessLess
        case .lessEqual: return .jumpUnlessLessEqual
        case .greater: return .jumpUnlessGreater
        case .greaterEqual: return .jumpUnlessGreaterEqual
        default: return nil
        }
    }
}

extension Instruction {
    /// Sets where a jump goes: `b` for `jump` and `jumpIfFalse`, `c` for the compare-and-branch kinds.
    mutating func setTarget(_ target: Int32) {
        if opcode == .jump || opcode == .jumpIfFalse { b = target } else { c = target }
    }
}
