import HeaderSyntax
import HeaderEval

/// A `LayoutPlan` as straight-line code over one array of doubles, for laying out frame after frame: each
/// distinct expression of the plan is one instruction, whose result has a slot of its own; a property read
/// is resolved to its index in the frame's outputs once. The operations are the plan's, on the same
/// doubles in the same order, so the layers are the ones the preview's JavaScript computes, to the bit.
package struct CompiledLayout {
    enum Code: UInt8 {
        case add, subtract, multiply, divide, maximum, minimum, select, less, lessOrEqual
        /// The output `a` where it holds a finite number, else slot `b`.
        case output
        /// 1 where the output `a` holds a finite number, else 0.
        case hasOutput
        /// 1 where the output `a` is the bool `b` (1 for true), else 0.
        case outputFlag
        /// The input `a` where it is a finite number, else 0.
        case input
        case offset, canvasHeight, canvasWidth
        /// 1 where the box of slots a...d meets what shows of a layer at or after `e`, else 0.
        case overlapsShown
    }

    struct Instruction {
        var code: Code
        var a: Int32 = 0, b: Int32 = 0, c: Int32 = 0, d: Int32 = 0, e: Int32 = 0
    }

    struct LayerSlots {
        var block: String
        var kind: BlockKind
        var widthFromContent: Bool
        var alignX: String?
        var x, y, width, height, opacity, blur, cornerRadius, fontSize, hidden, scrimOpacity, showsLabel, labelY: Int32
        var clip: (x: Int32, y: Int32, width: Int32, height: Int32)?
    }

    /// Slots 0..<constants.count hold the constants; instruction i writes slot constants.count + i.
    private var constants: [Double] = []
    private var instructions: [Instruction] = []
    private var layers: [LayerSlots] = []
    /// What shows of each layer (shown, x0, y0, x1, y1), for `overlapsShown`.
    private var shownRects: [(Int32, Int32, Int32, Int32, Int32)] = []

    private var constantSlots: [UInt64: Int32] = [:]
    private var expressionSlots: [LayoutExpression: Int32] = [:]
    private var registerSlots: [Int32] = []
    private let outputIndex: [[String: Int]]

    /// `outputIndex` gives each block's outputs by property name, in the order of the plan's `blockNames`.
    /// Where `geometryOnly`, only what `layout` prints is computed: place, size, opacity and clip.
    package init(_ plan: LayoutPlan, outputIndex: [[String: Int]], geometryOnly: Bool) {
        self.outputIndex = outputIndex
        for register in plan.registers { registerSlots.append(slot(register)) }
        shownRects = geometryOnly ? [] : plan.shownRects.map { (slot($0.shown), slot($0.x0), slot($0.y0), slot($0.x1), slot($0.y1)) }
        let none = slot(.constant(0))
        layers = plan.layers.map { layer in
            func field(_ expression: LayoutExpression, always: Bool = false) -> Int32 {
                geometryOnly && !always ? none : slot(expression)
            }
            return LayerSlots(
                block: layer.block, kind: layer.kind, widthFromContent: layer.widthFromContent, alignX: layer.alignX,
                x: field(layer.x, always: true), y: field(layer.y, always: true), width: field(layer.width, always: true),
                height: field(layer.height, always: true), opacity: field(layer.opacity, always: true), blur: field(layer.blur),
                cornerRadius: field(layer.cornerRadius), fontSize: field(layer.fontSize), hidden: field(layer.hidden),
                scrimOpacity: field(layer.scrimOpacity), showsLabel: field(layer.showsLabel), labelY: field(layer.labelY),
                clip: layer.clip.map { (slot($0.x), slot($0.y), slot($0.width), slot($0.height)) })
        }
        if geometryOnly { prune() } else { finalize() }
    }

    /// How much work a frame is: the instructions, and the constants put in place.
    package var size: (instructions: Int, constants: Int) { (instructions.count, constants.count) }

    // MARK: Compiling

    private mutating func constant(_ value: Double) -> Int32 {
        if let slot = constantSlots[value.bitPattern] { return slot }
        let slot = Int32(constants.count)
        constants.append(value)
        constantSlots[value.bitPattern] = slot
        return slot
    }

    private mutating func emit(_ instruction: Instruction) -> Int32 {
        instructions.append(instruction)
        return Int32(instructions.count - 1) | Self.computedBit
    }

    /// Computed slots are numbered apart from the constants until the constants are all known.
    private static let computedBit: Int32 = 1 << 30

    private mutating func slot(_ expression: LayoutExpression) -> Int32 {
        switch expression {
        case .constant(let value): return constant(value)
        case .register(let index): return registerSlots.indices.contains(index) ? registerSlots[index] : constant(.nan)
        default: break
        }
        if let slot = expressionSlots[expression] { return slot }
        let made: Int32
        switch expression {
        case .constant, .register: return constant(.nan)
        case .offset: made = emit(Instruction(code: .offset))
        case .canvasHeight: made = emit(Instruction(code: .canvasHeight))
        case .canvasWidth: made = emit(Instruction(code: .canvasWidth))
        case .input(let index): made = emit(Instruction(code: .input, a: Int32(index)))
        case .property(let block, let key, let otherwise):
            let fallback = slot(otherwise)
            guard let index = outputIndex.indices.contains(block) ? outputIndex[block][key] : nil else { return fallback }
            made = emit(Instruction(code: .output, a: Int32(index), b: fallback))
        case .hasProperty(let block, let keys):
            let indices = outputIndex.indices.contains(block) ? keys.compactMap { outputIndex[block][$0] } : []
            made = hasAny(indices)
        case .flag(let block, let key, let value):
            guard let index = outputIndex.indices.contains(block) ? outputIndex[block][key] : nil else { return constant(0) }
            made = emit(Instruction(code: .outputFlag, a: Int32(index), b: value ? 1 : 0))
        case .add(let a, let b): made = binary(.add, a, b)
        case .subtract(let a, let b): made = binary(.subtract, a, b)
        case .multiply(let a, let b): made = binary(.multiply, a, b)
        case .divide(let a, let b): made = binary(.divide, a, b)
        case .maximum(let a, let b): made = binary(.maximum, a, b)
        case .minimum(let a, let b): made = binary(.minimum, a, b)
        case .less(let a, let b): made = binary(.less, a, b)
        case .lessOrEqual(let a, let b): made = binary(.lessOrEqual, a, b)
        case .select(let condition, let then, let otherwise):
            let (c, t, o) = (slot(condition), slot(then), slot(otherwise))
            made = emit(Instruction(code: .select, a: c, b: t, c: o))
        case .overlapsShown(let x0, let y0, let x1, let y1, let from):
            let (a, b, c, d) = (slot(x0), slot(y0), slot(x1), slot(y1))
            made = emit(Instruction(code: .overlapsShown, a: a, b: b, c: c, d: d, e: Int32(from)))
        }
        expressionSlots[expression] = made
        return made
    }

    private mutating func binary(_ code: Code, _ a: LayoutExpression, _ b: LayoutExpression) -> Int32 {
        let (left, right) = (slot(a), slot(b))
        return emit(Instruction(code: code, a: left, b: right))
    }

    private mutating func hasAny(_ indices: [Int]) -> Int32 {
        guard let first = indices.first else { return constant(0) }
        var result = emit(Instruction(code: .hasOutput, a: Int32(first)))
        for index in indices.dropFirst() {
            let next = emit(Instruction(code: .hasOutput, a: Int32(index)))
            result = emit(Instruction(code: .select, a: result, b: constant(1), c: next))
        }
        return result
    }

    /// Keeps the instructions that what is read needs, in order, and numbers every slot for good.
    private mutating func prune() {
        var needed = [Bool](repeating: false, count: instructions.count)
        func mark(_ slot: Int32) {
            if slot & Self.computedBit != 0 { needed[Int(slot & ~Self.computedBit)] = true }
        }
        for layer in layers {
            [layer.x, layer.y, layer.width, layer.height, layer.opacity, layer.blur, layer.cornerRadius, layer.fontSize, layer.hidden,
             layer.scrimOpacity, layer.showsLabel, layer.labelY].forEach(mark)
            if let clip = layer.clip { [clip.x, clip.y, clip.width, clip.height].forEach(mark) }
        }
        for rect in shownRects { [rect.0, rect.1, rect.2, rect.3, rect.4].forEach(mark) }
        // An instruction reads only earlier slots: one pass back to front marks all it needs. (An output's or
        // an input's index is no slot, and never carries the computed bit.)
        for index in instructions.indices.reversed() where needed[index] {
            let instruction = instructions[index]
            [instruction.a, instruction.b, instruction.c, instruction.d].forEach(mark)
        }
        var renumbered = [Int32](repeating: -1, count: instructions.count)
        var kept: [Instruction] = []
        for (index, instruction) in instructions.enumerated() where needed[index] {
            renumbered[index] = Int32(kept.count)
            kept.append(instruction)
        }
        let base = Int32(constants.count)
        func final(_ slot: Int32) -> Int32 {
            slot & Self.computedBit == 0 ? slot : base + renumbered[Int(slot & ~Self.computedBit)]
        }
        finish(kept, final)
    }

    private mutating func finish(_ kept: [Instruction], _ final: (Int32) -> Int32) {
        instructions = kept.map { instruction in
            var instruction = instruction
            switch instruction.code {
            case .output: instruction.b = final(instruction.b)
            case .hasOutput, .outputFlag, .input, .offset, .canvasHeight, .canvasWidth: break
            case .overlapsShown: (instruction.a, instruction.b, instruction.c, instruction.d) = (final(instruction.a), final(instruction.b),
                                                                                                final(instruction.c), final(instruction.d))
            case .select: (instruction.a, instruction.b, instruction.c) = (final(instruction.a), final(instruction.b), final(instruction.c))
            default: (instruction.a, instruction.b) = (final(instruction.a), final(instruction.b))
            }
            return instruction
        }
        layers = layers.map { layer in
            var layer = layer
            for path in [\LayerSlots.x, \.y, \.width, \.height, \.opacity, \.blur, \.cornerRadius, \.fontSize, \.hidden, \.scrimOpacity,
                         \.showsLabel, \.labelY] as [WritableKeyPath<LayerSlots, Int32>] {
                layer[keyPath: path] = final(layer[keyPath: path])
            }
            layer.clip = layer.clip.map { (final($0.x), final($0.y), final($0.width), final($0.height)) }
            return layer
        }
        shownRects = shownRects.map { (final($0.0), final($0.1), final($0.2), final($0.3), final($0.4)) }
    }

    /// Numbers the slots for good with every instruction kept (where nothing is pruned).
    private mutating func finalize() {
        let base = Int32(constants.count)
        finish(instructions) { slot in slot & Self.computedBit == 0 ? slot : base + (slot & ~Self.computedBit) }
    }

    // MARK: Evaluating

    /// One frame's layers, written over `result`, whose storage is reused from frame to frame: empty, or
    /// what this layout wrote last (only the numbers are written again).
    package func evaluate(values frame: [Value], inputs: [Value], offset: Double, canvasWidth: Double, canvasHeight: Double,
                          into result: inout [HeaderLayout.Layer]) {
        if result.count != layers.count || result.first?.block != layers.first?.block || result.last?.block != layers.last?.block {
            result = layers.map { HeaderLayout.Layer(block: $0.block, kind: $0.kind, x: 0, y: 0, width: nil, height: 0) }
            for (index, planned) in layers.enumerated() { result[index].alignX = planned.alignX }
        }
        let count = constants.count + instructions.count
        withUnsafeTemporaryAllocation(of: Double.self, capacity: max(count, 1)) { slots in
            constants.withUnsafeBufferPointer { constants in
                for index in constants.indices { slots[index] = constants[index] }
            }
            frame.withUnsafeBufferPointer { frame in
                inputs.withUnsafeBufferPointer { inputs in
                    instructions.withUnsafeBufferPointer { instructions in
                        run(instructions, slots: slots, frame: frame, inputs: inputs, offset: offset, size: (canvasWidth, canvasHeight))
                    }
                }
            }
            layers.withUnsafeBufferPointer { layers in
                result.withUnsafeMutableBufferPointer { result in
                    for index in layers.indices {
                        let planned = layers[index]
                        func read(_ slot: Int32) -> Double { slots[Int(slot)] }
                        result[index].x = read(planned.x)
                        result[index].y = read(planned.y)
                        result[index].width = planned.widthFromContent ? nil : read(planned.width)
                        result[index].height = read(planned.height)
                        result[index].opacity = read(planned.opacity)
                        result[index].blur = read(planned.blur)
                        result[index].cornerRadius = read(planned.cornerRadius)
                        result[index].fontSize = read(planned.fontSize)
                        result[index].hidden = read(planned.hidden) != 0
                        result[index].scrimOpacity = read(planned.scrimOpacity)
                        result[index].clip = planned.clip.map { (read($0.x), read($0.y), read($0.width), read($0.height)) }
                        result[index].showsLabel = read(planned.showsLabel) != 0
                        result[index].labelY = read(planned.labelY)
                    }
                }
            }
        }
    }

    private func run(_ instructions: UnsafeBufferPointer<Instruction>, slots: UnsafeMutableBufferPointer<Double>,
                     frame: UnsafeBufferPointer<Value>, inputs: UnsafeBufferPointer<Value>, offset: Double,
                     size: (width: Double, height: Double)) {
        var target = constants.count
        func number(_ index: Int) -> Double? {
            guard index < frame.count, case .number(let number) = frame[index], number.isFinite else { return nil }
            return number
        }
        for instruction in instructions {
            let a = Int(instruction.a), b = Int(instruction.b)
            let value: Double
            switch instruction.code {
            case .add: value = slots[a] + slots[b]
            case .subtract: value = slots[a] - slots[b]
            case .multiply: value = slots[a] * slots[b]
            case .divide: value = slots[a] / slots[b]
            case .maximum: value = Swift.max(slots[a], slots[b])
            case .minimum: value = Swift.min(slots[a], slots[b])
            case .select: value = slots[a] != 0 ? slots[b] : slots[Int(instruction.c)]
            case .less: value = slots[a] < slots[b] ? 1 : 0
            case .lessOrEqual: value = slots[a] <= slots[b] ? 1 : 0
            case .output: value = number(a) ?? slots[b]
            case .hasOutput: value = number(a) == nil ? 0 : 1
            case .outputFlag:
                if a < frame.count, case .bool(let bool) = frame[a] { value = bool == (b == 1) ? 1 : 0 } else { value = 0 }
            case .input:
                if a < inputs.count, case .number(let number) = inputs[a], number.isFinite { value = number } else { value = 0 }
            case .offset: value = offset
            case .canvasHeight: value = size.height
            case .canvasWidth: value = size.width
            case .overlapsShown:
                let (x0, y0, x1, y1) = (slots[a], slots[b], slots[Int(instruction.c)], slots[Int(instruction.d)])
                value = shownRects.dropFirst(Int(instruction.e)).contains { rect in
                    slots[Int(rect.0)] != 0 && slots[Int(rect.1)] < x1 && x0 < slots[Int(rect.3)]
                        && slots[Int(rect.2)] < y1 && y0 < slots[Int(rect.4)]
                } ? 1 : 0
            }
            slots[target] = value
            target += 1
        }
    }
}
