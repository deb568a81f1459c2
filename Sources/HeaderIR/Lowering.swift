import HeaderSource
import HeaderSyntax
import HeaderMath
import HeaderSema

/// Turns a checked spec into the lowered program. This file and `KeyframeLowering`/`SnapLowering`
/// hold the rules of the language (what a built-in, a keyframe list, a state or a snap computes);
/// everything after them only translates.
public enum Lowering {
    public static func lower(_ spec: CheckedSpec) -> Program {
        var context = Context(spec: spec)
        return context.program()
    }

    /// A lone checked expression (no slots, or slots that stay unresolved), folded: what the checker
    /// uses to decide whether an expression is a constant.
    public static func constantValue(of expression: CheckedExpression) -> Value? {
        var builder = BodyBuilder()
        // An unresolved slot reads as an input that no spec has: not a constant, which is all that matters here.
        var context = ExpressionLowering(slotRead: { _, range in Expr(.read(.input(-1)), .number, range) })
        let lowered = context.lower(expression, into: &builder)
        if let number = lowered.constantValue { return .number(number) }
        if let bool = lowered.boolValue { return .bool(bool) }
        return nil
    }

    /// Lowering with the whole spec in view: slots resolve to inputs, states, named values and constants.
    private struct Context {
        let spec: CheckedSpec
        /// For a value's slot, its index in `spec.values` (the evaluation order).
        var valueIndexBySlot: [Int: Int] = [:]
        var inputIndexBySlot: [Int: Int] = [:]
        var stateIndexBySlot: [Int: Int] = [:]
        /// Named values whose body folded to a constant are written in place where they are read.
        var constantValues: [Int: Expr] = [:]
        var valueUses: [Uses] = []

        init(spec: CheckedSpec) {
            self.spec = spec
            for (index, value) in spec.values.enumerated() { valueIndexBySlot[value.slot] = index }
            for (index, input) in spec.inputs.enumerated() { inputIndexBySlot[input.slot] = index }
            // A transition is four states of `Program.states`, its value last: its slot reads that one.
            var count = 0
            for state in spec.states {
                count += state.transition == nil ? 1 : TransitionLowering.Field.allCases.count
                stateIndexBySlot[state.slot] = count - 1
            }
        }

        private func read(_ slot: Int, at range: SourceRange) -> Expr {
            let type = spec.type(ofSlot: slot)
            if slot == CheckedSpec.offsetSlot { return Expr(.read(.offset), .length, range) }
            if slot == CheckedSpec.deltaSlot { return Expr(.read(.delta), .length, range) }
            if slot == CheckedSpec.timeSlot { return Expr(.read(.time), .time, range) }
            if let index = inputIndexBySlot[slot] { return Expr(.read(.input(index)), type, range) }
            if let index = stateIndexBySlot[slot] { return Expr(.read(.state(index)), type, range) }
            if let index = valueIndexBySlot[slot] {
                guard var constant = constantValues[index] else { return Expr(.read(.value(index)), type, range) }
                constant.range = range
                return constant
            }
            return .constant(.nan, type, at: range)
        }

        /// What a body's reads use, through the named values they read (already lowered, in order).
        private func uses(_ reads: [Read]) -> Uses {
            Uses(reads: reads) { valueUses[$0] }
        }

        private func lower(_ expression: CheckedExpression, type: ValueType? = nil, at range: SourceRange,
                           extra: (inout BodyBuilder, Expr) -> Expr = { $1 }) -> Body {
            lowerWithKeyframes(expression, type: type, at: range, extra: extra).body
        }

        /// The body, and the keyframes in it whose stops are tested in order.
        private func lowerWithKeyframes(_ expression: CheckedExpression, type: ValueType? = nil, at range: SourceRange,
                                        extra: (inout BodyBuilder, Expr) -> Expr = { $1 }) -> (body: Body, keyframes: [Program.Keyframes]) {
            var builder = BodyBuilder()
            var lowering = ExpressionLowering(slotRead: read, range: range)
            lowering.functionTypes = spec.functions.map(\.resultType)
            var result = lowering.lower(expression, into: &builder)
            result = extra(&builder, result)
            if let type, type != .bool, result.type != .bool { result.type = type }
            return (builder.finish(result, uses: uses), lowering.keyframes)
        }

        /// A transition's four states (`TransitionLowering`): its target, the value and time its run started,
        /// each named after it and apart from every other state, then its value under its own name; and the
        /// transition as the analysis sees it.
        private func transitionStates(_ state: CheckedState, _ transition: CheckedTransition,
                                      names: inout Set<String>) -> (states: [Program.State], transition: Program.Transition?) {
            let range = state.nameRange
            guard let valueIndex = stateIndexBySlot[state.slot] else { return ([], nil) }
            let first = valueIndex - (TransitionLowering.Field.allCases.count - 1)
            func previous(_ field: Int, _ type: ValueType = .number) -> Expr { Expr(.read(.state(first + field)), type, range) }
            let fields: [(TransitionLowering.Field, String, ValueType, String)] = [
                (.target, "Target", .number, "1 while it runs or rests towards 1, 0 towards 0, -1 before the first frame."),
                (.from, "From", .number, "The value where its run started."),
                (.start, "Start", .time, "The time its run started, in milliseconds."),
            ]
            var states: [Program.State] = []
            for (field, suffix, type, documentation) in fields + [(.value, "", .number, "")] {
                let next = lower(.constant(0), type: type, at: range) { builder, _ in
                    var lowering = ExpressionLowering(slotRead: read, range: range)
                    lowering.functionTypes = spec.functions.map(\.resultType)
                    let parts = TransitionLowering.Parts(
                        target: previous(0), from: previous(1), start: previous(2, .time),
                        on: lowering.lower(transition.on, into: &builder), off: transition.off.map { lowering.lower($0, into: &builder) },
                        durationOn: lowering.lower(transition.durationOn, into: &builder),
                        durationOff: lowering.lower(transition.durationOff, into: &builder),
                        curveOn: transition.curveOn, curveOff: transition.curveOff, time: Expr(.read(.time), .time, range), range: range)
                    return TransitionLowering.next(field, parts, into: &builder)
                }
                var name = state.name
                if field != .value {
                    name = state.name + suffix
                    var counter = 2
                    while names.contains(Context.getterKey(name)) { name = state.name + suffix + String(counter); counter += 1 }
                    names.insert(Context.getterKey(name))
                }
                let initial = Body(locals: [], localNames: [], result: .constant(field == .target ? -1 : 0, type, at: range), uses: Uses())
                states.append(Program.State(name: name, nameRange: range, type: type, initial: initial, next: next,
                                            documentation: field == .value ? state.documentation : documentation))
            }
            let durations = [transition.durationOn, transition.durationOff].map { lower($0, type: .time, at: range) }
            return (states, Program.Transition(target: first, from: first + 1, start: first + 2, value: valueIndex,
                                               curves: [transition.curveOn, transition.curveOff], durations: durations))
        }

        /// A state's name with its first letter upper-cased: two names alike but for that letter are one JVM
        /// getter in Kotlin (`getFrameTarget()`), so the names made here keep apart from every other this way.
        static func getterKey(_ name: String) -> String { name.prefix(1).uppercased() + name.dropFirst() }

        mutating func program() -> Program {
            var values: [Program.NamedValue] = []
            var keyframes: [Program.Keyframes] = []
            for (index, value) in spec.values.enumerated() {
                let (body, found) = lowerWithKeyframes(value.expression, type: value.type, at: value.nameRange)
                keyframes += found
                valueUses.append(body.uses)
                if body.locals.isEmpty, body.result.constantValue != nil || body.result.boolValue != nil {
                    constantValues[index] = body.result
                }
                values.append(Program.NamedValue(name: value.name, nameRange: value.nameRange, type: value.type, body: body,
                                                 documentation: value.documentation))
            }
            var names = Set(spec.states.map { Context.getterKey($0.name) })
            var transitions: [Program.Transition] = []
            let states = spec.states.flatMap { state -> [Program.State] in
                if let transition = state.transition {
                    let lowered = transitionStates(state, transition, names: &names)
                    if let transition = lowered.transition { transitions.append(transition) }
                    return lowered.states
                }
                let next = lower(state.next, type: state.type, at: state.nameRange) { builder, next in
                    guard let bounds = state.bounds else { return next }
                    var lowering = ExpressionLowering(slotRead: read, range: state.nameRange)
                    lowering.functionTypes = spec.functions.map(\.resultType)
                    let low = lowering.lower(bounds.low, into: &builder), high = lowering.lower(bounds.high, into: &builder)
                    return builder.binary(.min, builder.binary(.max, next, low, at: state.nameRange), high, at: state.nameRange)
                }
                let initial = lower(state.initial, type: state.type, at: state.nameRange)
                return [Program.State(name: state.name, nameRange: state.nameRange, type: state.type, initial: initial,
                                      next: next, documentation: state.documentation)]
            }
            var outputs: [Program.Output] = []
            var blocks: [Program.Block] = []
            for block in spec.blocks {
                let first = outputs.count
                for output in block.properties {
                    let (body, found) = lowerWithKeyframes(output.expression, type: output.type, at: output.nameRange)
                    keyframes += found
                    outputs.append(Program.Output(block: block.name, name: output.name, nameRange: output.nameRange,
                                                  type: output.type, body: body, documentation: output.documentation))
                }
                blocks.append(Program.Block(name: block.name, nameRange: block.nameRange, outputs: first..<outputs.count,
                                            documentation: block.documentation, structure: block.structure))
            }
            let snaps = spec.snaps.map { snap -> Program.Snap in
                let targetType = snap.state.map { spec.states[$0].type } ?? .length
                // A rule reads the gesture's target (of the snap's type) and velocity (points per second).
                let context = self
                let ruleRead: (Int, SourceRange) -> Expr = { slot, range in
                    switch slot {
                    case CheckedSpec.targetSlot: return Expr(.read(.target), targetType, range)
                    case CheckedSpec.velocitySlot: return Expr(.read(.velocity), .number, range)
                    default: return context.read(slot, at: range)
                    }
                }
                var builder = BodyBuilder()
                var lowering = ExpressionLowering(slotRead: ruleRead, range: snap.nameRange)
                lowering.functionTypes = spec.functions.map(\.resultType)
                let points = snap.points.map { lowering.lower($0, into: &builder) }
                let rule = SnapLowering.Rule(threshold: snap.threshold.map { lowering.lower($0, into: &builder) }, tiesUp: snap.tiesUp,
                                             fling: snap.fling.map { lowering.lower($0, into: &builder) },
                                             custom: snap.rule.map { lowering.lower($0, into: &builder) })
                let result = SnapLowering.settle(points: points, rule: rule, type: targetType, at: snap.nameRange, into: &builder)
                var lowered = Program.Snap(name: snap.name, pointCount: points.count, settle: builder.finish(result, uses: uses),
                                           documentation: snap.documentation)
                lowered.hasDefaultRule = rule.isDefault
                lowered.hasCustomRule = snap.rule != nil
                lowered.state = snap.state.flatMap { stateIndexBySlot[spec.states[$0].slot] }
                lowered.points = snap.points.map { lower($0, at: snap.nameRange) }
                if let motion = snap.motion {
                    var builder = BodyBuilder()
                    var lowering = ExpressionLowering(slotRead: read, range: snap.nameRange)
                    lowering.functionTypes = spec.functions.map(\.resultType)
                    var duration = motion.duration.map { lowering.lower($0, into: &builder) }
                    duration?.type = .time
                    let position = MotionLowering.position(curve: motion.curve, duration: duration, at: snap.nameRange, into: &builder)
                    lowered.motion = builder.finish(position, uses: uses)
                    lowered.motionIsSpring = motion.duration == nil
                }
                return lowered
            }
            var program = Program(name: spec.name, nameRange: spec.nameRange,
                           inputs: spec.inputs.map {
                               Program.Input(name: $0.name, nameRange: $0.nameRange, type: $0.type, defaultValue: $0.defaultValue,
                                             range: $0.range, documentation: $0.documentation)
                           },
                           states: states, values: values, blocks: blocks, outputs: outputs, snaps: snaps,
                           animations: spec.animations.map {
                               Program.Animation(name: $0.name, nameRange: $0.nameRange, spring: $0.spring, documentation: $0.documentation)
                           })
            program.keyframes = keyframes
            program.transitions = transitions
            program.functions = spec.functions.map { function in
                var builder = BodyBuilder()
                var lowering = ExpressionLowering(slotRead: read, range: function.nameRange)
                lowering.parameterTypes = function.parameters.map(\.type)
                lowering.functionTypes = spec.functions.map(\.resultType)
                var result = lowering.lower(function.body, into: &builder)
                if function.resultType != .bool, result.type != .bool { result.type = function.resultType }
                return Program.Function(name: function.name, nameRange: function.nameRange,
                                        parameters: function.parameters.map {
                                            Program.Function.Parameter(name: $0.name, nameRange: $0.nameRange, type: $0.type, isFloat: $0.isFloat)
                                        },
                                        type: function.resultType, resultIsFloat: function.resultIsFloat, body: builder.finish(result, uses: uses),
                                        documentation: function.documentation)
            }
            return program
        }
    }
}

/// Lowers the expressions of one body.
package struct ExpressionLowering {
    let slotRead: (Int, SourceRange) -> Expr
    /// The keyframes lowered so far whose stops are tested in order (see `Program.keyframes`).
    package var keyframes: [Program.Keyframes] = []
    /// Where the expression being lowered is written: the range every node made for it takes.
    package private(set) var range: SourceRange
    /// In a function's body, its parameters' types.
    var parameterTypes: [ValueType] = []
    /// The result type of each of the user's functions, for their calls.
    var functionTypes: [ValueType] = []

    package init(slotRead: @escaping (Int, SourceRange) -> Expr, range: SourceRange = SourceRange(0, 0)) {
        self.slotRead = slotRead
        self.range = range
    }

    package mutating func lower(_ expression: CheckedExpression, into builder: inout BodyBuilder) -> Expr {
        // A location is a wrapper around every node: unwrapped in a loop, it costs no recursion.
        var expression = expression
        let enclosing = range
        defer { range = enclosing }
        while case .located(let inner, let location) = expression {
            range = location
            expression = inner
        }
        return lowerNode(expression, at: range, into: &builder)
    }

    private mutating func lowerNode(_ expression: CheckedExpression, at range: SourceRange, into builder: inout BodyBuilder) -> Expr {
        switch expression {
        case .located:
            return .constant(.nan, at: range)
        case .constant(let value):
            return .constant(value, at: range)
        case .boolConstant(let value):
            return .bool(value, at: range)
        case .slot(let slot):
            return slotRead(slot, range)
        case .parameter(let position):
            return Expr(.read(.parameter(position)), position < parameterTypes.count ? parameterTypes[position] : .number, range)
        case .call(let function, let arguments):
            let operands = arguments.map { lower($0, into: &builder) }
            return Expr(.call(function, operands), function < functionTypes.count ? functionTypes[function] : .number, range)
        case .negate(let operand):
            return builder.unary(.negate, lower(operand, into: &builder), at: range)
        case .not(let operand):
            return builder.unary(.not, lower(operand, into: &builder), at: range)
        case .arithmetic(let op, let lhs, let rhs):
            let operation: BinaryOperation
            switch op {
            case .add: operation = .add
            case .subtract: operation = .subtract
            case .multiply: operation = .multiply
            case .divide: operation = .divide
            }
            return builder.binary(operation, lower(lhs, into: &builder), lower(rhs, into: &builder), at: range)
        case .comparison(let op, let lhs, let rhs):
            let operation: BinaryOperation
            switch op {
            case .less: operation = .less
            case .lessEqual: operation = .lessEqual
            case .greater: operation = .greater
            case .greaterEqual: operation = .greaterEqual
            case .equal: operation = .equal
            case .notEqual: operation = .notEqual
            }
            var (a, b) = (lower(lhs, into: &builder), lower(rhs, into: &builder))
            // A phase compared with a phase name: the name's constant is a phase too, so that a back end
            // writes it as its enum's case.
            if a.type == .phase || b.type == .phase {
                if a.constantValue != nil { a.type = .phase }
                if b.constantValue != nil { b.type = .phase }
            }
            return builder.binary(operation, a, b, at: range)
        case .boolEquality(let isEqual, let lhs, let rhs):
            return builder.binary(isEqual ? .boolEqual : .boolNotEqual, lower(lhs, into: &builder), lower(rhs, into: &builder),
                                  at: range)
        case .logical(let op, let lhs, let rhs):
            return builder.binary(op == .and ? .and : .or, lower(lhs, into: &builder), lower(rhs, into: &builder), at: range)
        case .conditional(let condition, let then, let otherwise):
            return builder.select(lower(condition, into: &builder), lower(then, into: &builder), lower(otherwise, into: &builder),
                                  at: range)
        case .builtin(let builtin, let arguments):
            let operands = arguments.map { lower($0, into: &builder) }
            return Self.builtin(builtin, operands, at: range, into: &builder)
        case .curve(let curve, let progress):
            return builder.curve(curve, lower(progress, into: &builder), at: range)
        case .keyframes(let keyframes):
            return KeyframeLowering.lower(keyframes, at: range, lowering: &self, into: &builder)
        }
    }

    /// What each built-in computes, in the operations of the program; every node it makes has the call's range.
    package static func builtin(_ builtin: Builtin, _ operands: [Expr], at range: SourceRange, into builder: inout BodyBuilder) -> Expr {
        let a = operands.first ?? .constant(.nan, at: range)
        let b = operands.count > 1 ? operands[1] : .constant(.nan, at: range)
        let c = operands.count > 2 ? operands[2] : .constant(.nan, at: range)
        switch builtin {
        case .min: return operands.dropFirst().reduce(a) { builder.binary(.min, $0, $1, at: range) }
        case .max: return operands.dropFirst().reduce(a) { builder.binary(.max, $0, $1, at: range) }
        case .clamp: return builder.binary(.min, builder.binary(.max, a, b, at: range), c, at: range)
        case .abs: return builder.unary(.abs, a, at: range)
        case .sqrt: return builder.unary(.sqrt, a, at: range)
        case .floor: return builder.unary(.floor, a, at: range)
        case .ceil: return builder.unary(.ceil, a, at: range)
        case .round: return builder.unary(.round, a, at: range)
        case .trunc: return builder.unary(.trunc, a, at: range)
        case .roundHalfUp: return builder.unary(.roundHalfUp, a, at: range)
        case .roundHalfEven: return builder.unary(.roundHalfEven, a, at: range)
        // The checker writes a conversion as what it computes (`Checker.converted`); these are that meaning.
        case .fround, .toFloat: return builder.unary(.fround, a, at: range)
        case .toDouble: return a
        case .div: return builder.binary(.div, a, b, at: range)
        case .fmin: return operands.dropFirst().reduce(a) { builder.binary(.fmin, $0, $1, at: range) }
        case .fmax: return operands.dropFirst().reduce(a) { builder.binary(.fmax, $0, $1, at: range) }
        case .pow: return builder.binary(.pow, a, b, at: range)
        case .mix:
            // a + (b - a) * t
            let from = builder.bind(a, name: "from")
            var result = builder.binary(.add, from,
                                        builder.binary(.multiply, builder.binary(.subtract, b, from, at: range), c, at: range),
                                        at: range)
            let unit = from.type == .number ? b.type : from.type
            if unit != .number { result.type = unit }
            return result
        case .progress:
            // min(max((x - from) / (to - from), 0), 1)
            let from = builder.bind(b, name: "from")
            let fraction = builder.binary(.divide, builder.binary(.subtract, a, from, at: range),
                                          builder.binary(.subtract, c, from, at: range), at: range)
            var result = builder.binary(.min, builder.binary(.max, fraction, .constant(0, at: range), at: range),
                                        .constant(1, at: range), at: range)
            result.type = .number
            return result
        }
    }
}
