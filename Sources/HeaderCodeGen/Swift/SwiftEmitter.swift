import HeaderSource
import HeaderSyntax
import HeaderMath
import HeaderIR

/// Emits a lowered program as standalone Swift: a `nonisolated enum <Header>Math` of pure functions
/// that compute, operation for operation, what the interpreter computes, so the results are
/// bit-identical. Each named value and each output is a function taking only what it reads, calling the
/// functions of the named values it uses; `frame` computes every named value once; a header with
/// state has `advance`, the only function that changes the state. Everything is computed in Double;
/// lengths cross the API as CGFloat, which is a Double underneath.
public struct SwiftEmitter {
    public let program: Program
    public let sourcePath: String
    public let enumName: String
    private let names: Names

    public init(program: Program, sourcePath: String, enumName: String? = nil) {
        self.program = program
        self.sourcePath = sourcePath
        self.enumName = enumName ?? program.name + "Math"
        names = Names(program)
    }

    public func emit() -> String {
        var printer = CodePrinter()
        // The file name alone, so that the output does not depend on the directory `compile` runs in.
        let file = sourcePath.split(separator: "/").last.map(String.init) ?? sourcePath
        printer.line(GeneratedText.banner(sourcePath: file))
        printer.line()
        printer.line("import Foundation")
        // The curves the file evaluates and headerc's own math it calls (`Self.mathPow`), for its kernels.
        let (curves, helpers) = program.curvesAndHelpers(spelledBy: SwiftSyntax.self)
        let math = Set(helpers.map { String($0.dropFirst("Self.".count)) })
        for line in CurveSwiftSource.imports(for: curves) { printer.line(line) }
        printer.line()
        printer.line("/// The scroll-driven math of the header '\(GeneratedText.commentSafe(program.name))'.")
        printer.block("nonisolated enum \(enumName)") { printer in
            emitFrameType(&printer)
            if program.isStateful { emitStateType(&printer) }
            if program.readsPhase { emitPhaseType(&printer) }
            emitAnimations(&printer)
            printer.line()
            emitFrameFunction(&printer)
            if program.isStateful {
                printer.line()
                emitAdvance(&printer)
                printer.line()
                emitAdvancingFrame(&printer)
                if let body = program.timeDependence() {
                    printer.line()
                    emitReadsTime(&printer, body)
                }
            }
            // Named values, then outputs, each a group of functions that their doc comments set apart.
            for (index, value) in program.values.enumerated() {
                if index == 0 { printer.line() }
                emitFunction(&printer, name: names.valueFunctions[index], documentation: value.documentation,
                             type: value.type, body: value.body)
            }
            for (index, output) in program.outputs.enumerated() {
                if index == 0 { printer.line() }
                emitFunction(&printer, name: names.outputFunctions[index], documentation: nil, type: output.type, body: output.body)
            }
            for function in program.functions {
                printer.line()
                emitUserFunction(&printer, function, name: SwiftNames.identifier(function.name))
            }
            for snap in program.snaps {
                printer.line()
                emitSettle(&printer, snap)
                if let motion = snap.motion {
                    printer.line()
                    emitMotion(&printer, snap, motion)
                }
            }
            let kernels = CurveSwiftSource.kernels(for: curves, math: math)
            if !kernels.isEmpty {
                printer.line()
                for line in kernels { printer.raw(line) }
            }
        }
        return printer.text
    }

    // MARK: Types

    private func emitFrameType(_ printer: inout CodePrinter) {
        printer.line("/// Every output of the header at one offset.")
        printer.block("struct Frame: Equatable, Sendable") { printer in
            for (index, block) in program.blocks.enumerated() {
                printer.documentation(block.documentation)
                printer.line("var \(names.blockFields[index]): \(names.blockTypes[index])")
            }
            // The nested structs follow one another: their declarations set them apart.
            for (index, block) in program.blocks.enumerated() {
                if index == 0 { printer.line() }
                printer.block("struct \(names.blockTypes[index]): Equatable, Sendable") { printer in
                    for output in block.outputs {
                        printer.documentation(program.outputs[output].documentation)
                        printer.line("var \(names.outputFields[output]): \(SwiftType(program.outputs[output].type).rawValue)")
                    }
                }
            }
        }
    }

    private func emitStateType(_ printer: inout CodePrinter) {
        printer.line()
        printer.line("/// What the header carries from one offset to the next; start from `State()` and move it with `advance`.")
        printer.block("struct State: Equatable, Sendable") { printer in
            for (index, state) in program.states.enumerated() {
                printer.documentation(state.documentation)
                if let initial = state.constantInitial {
                    printer.line("var \(names.stateFields[index]): \(SwiftType(state.type).rawValue) = \(literal(.number(initial), SwiftType(state.type)))")
                } else {
                    printer.line("/// (Its initial value reads inputs: the first `advance` sets it from the inputs it is given.)")
                    printer.line("var \(names.stateFields[index]): \(SwiftType(state.type).rawValue) = 0")
                }
            }
            printer.line("/// The offset of the previous frame; nil before the first.")
            printer.line("var \(names.lastOffsetField): CGFloat? = nil")
        }
    }

    /// Springs as plain data, since the generated file imports Foundation only; a view builds its
    /// `Animation` from them.
    private func emitPhaseType(_ printer: inout CodePrinter) {
        printer.line()
        printer.line("/// The scroll's phase, for the inputs of type `phase`: at rest, under the finger (`isDragging`), or moving on")
        printer.line("/// after the finger lifted (`isDecelerating`).")
        printer.block("enum \(SwiftType.phase.rawValue): Equatable, Sendable") { printer in
            printer.line("case " + ScrollPhase.allCases.map(\.name).joined(separator: ", "))
        }
    }

    private func emitAnimations(_ printer: inout CodePrinter) {
        guard !program.animations.isEmpty else { return }
        printer.line()
        printer.line("/// A spring for a view to animate with, in both of SwiftUI's forms:")
        printer.line("/// `.spring(response:dampingFraction:)` and `Spring(duration:bounce:)`.")
        printer.block("struct SpringAnimation: Equatable, Sendable") { printer in
            printer.line("var response: Double")
            printer.line("var dampingFraction: Double")
            printer.line("var duration: Double")
            printer.line("var bounce: Double")
        }
        for animation in program.animations {
            printer.line()
            printer.documentation(animation.documentation)
            let spring = animation.spring
            let fields = [("response", spring.response), ("dampingFraction", spring.dampingRatio),
                          ("duration", spring.response), ("bounce", spring.bounce)]
                .map { "\($0.0): \(CurveSwiftSource.literal($0.1))" }.joined(separator: ", ")
            printer.line("static let \(SwiftNames.identifier(animation.name)) = SpringAnimation(\(fields))")
        }
    }

    // MARK: Functions

    /// The parameters of a function that reads `uses`, in the API's order: offset, state, then the inputs
    /// in declaration order, each with its default.
    private func parameters(_ uses: Uses, alwaysOffset: Bool = false, withDefaults: Bool = true) -> [String] {
        var parameters: [String] = []
        if uses.offset || alwaysOffset { parameters.append("offset: CGFloat") }
        if uses.state { parameters.append("state: State") }
        for index in uses.inputs {
            let input = program.inputs[index]
            let defaultValue = withDefaults ? " = \(literal(input.defaultValue, SwiftType(input.type)))" : ""
            parameters.append("\(names.inputParameters[index]): \(SwiftType(input.type).rawValue)\(defaultValue)")
        }
        return parameters
    }

    /// One named value or output alone: the named values it reads are its functions' results.
    private func emitFunction(_ printer: inout CodePrinter, name: String, documentation: String?, type: ValueType, body: Body) {
        printer.documentation(documentation)
        let swiftType = SwiftType(type)
        if body.isFixed {
            var function = SwiftBody(functions: names.functions, scope: SwiftScope(), readText: { _ in ("nan", .number) })
            printer.line("static let \(name): \(swiftType.rawValue) = \(function.render(body, as: type))")
            return
        }
        var function = plan.function(of: body, scope: names.scope(for: body.uses))
        let result = function.render(body, as: type)
        let signature = "static func \(name)(\(parameters(body.uses).joined(separator: ", "))) -> \(swiftType.rawValue)"
        printer.function(signature, oneLine: "\(signature) { \(result) }", function.lines, result, implicitReturn: true)
    }

    /// A function of the spec: private, named as in the spec, its parameters unlabelled.
    private func emitUserFunction(_ printer: inout CodePrinter, _ function: Program.Function, name: String) {
        printer.documentation(function.documentation)
        var scope = SwiftScope()
        let parameterNames = function.parameters.map { scope.fresh($0.name) }
        var body = SwiftBody(functions: names.functions, scope: scope) { read in
            guard case .parameter(let position) = read, position < parameterNames.count else { return ("nan", .number) }
            return (parameterNames[position], function.parameters[position].type)
        }
        let result = body.render(function.body, as: function.type)
        let parameters = zip(parameterNames, function.parameters).map { "_ \($0): \(SwiftType($1.type).rawValue)" }
        let signature = "private static func \(name)(\(parameters.joined(separator: ", "))) -> \(SwiftType(function.type).rawValue)"
        printer.function(signature, oneLine: "\(signature) { \(result) }", body.lines, result, implicitReturn: true)
    }

    private func emitFrameFunction(_ printer: inout CodePrinter) {
        let uses = Uses.union(program.outputs.lazy.map(\.body.uses))
        // The named values the outputs need, through one another, in evaluation order.
        let needed = program.valuesNeeded(by: program.outputs.map(\.body))
        printer.line("/// Every output at `offset`, the scroll offset plus the top inset: 0 at rest, negative when pulled down.")
        if uses.state { printer.line("/// `state` is the state after `advance` to the same offset.") }
        emitParameterDocumentation(&printer, uses.inputs)
        let signature = "static func frame(\(parameters(uses, alwaysOffset: true).joined(separator: ", "))) -> Frame"
        if needed.count + program.outputs.count > SwiftEmitter.largestSingleFrame {
            emitFrameByBlock(&printer, signature: signature, uses: uses)
            return
        }
        printer.block(signature) { printer in
            var (function, _) = plan.prelude(computing: needed, scope: names.scope(for: uses))
            let values = program.outputs.map { function.render($0.body, as: $0.type) }
            printer.lines(function.lines)
            printer.line("return Frame(")
            printer.indent()
            for (blockIndex, block) in program.blocks.enumerated() {
                let type = names.blockTypes[blockIndex]
                let comma = blockIndex == program.blocks.count - 1 ? "" : ","
                let label = SwiftNames.label(block.name)
                let arguments = block.outputs.map { "\(SwiftNames.label(program.outputs[$0].name)): \(values[$0])" }
                let oneLine = "\(label): Frame.\(type)(\(arguments.joined(separator: ", ")))\(comma)"
                if printer.fits(oneLine) {
                    printer.line(oneLine)
                } else {
                    printer.argumentsOneALine("\(label): Frame.\(type)(", arguments, ")\(comma)")
                }
            }
            printer.dedent()
            printer.line(")")
        }
    }

    /// Beyond this many named values and outputs, `frame` builds each block in a function of its own: one
    /// function with thousands of locals costs swiftc time that grows with their square.
    static let largestSingleFrame = 96

    /// `frame` for a large header: the named values that several blocks read are computed once in
    /// `frame`; each block's own values and outputs in a private function that takes what it reads.
    private func emitFrameByBlock(_ printer: inout CodePrinter, signature: String, uses: Uses) {
        let partition = program.blockPartition()
        // `frame` computes the shared values; the calls pass them on by the names it gives them.
        let (prelude, sharedNames) = plan.prelude(computing: partition.shared, scope: names.scope(for: uses))
        var memberScope = names.memberScope
        var blockArguments: [String] = []
        for (blockIndex, block) in plan.blockFunctions(partition).enumerated() {
            let helper = memberScope.fresh("frame" + names.blockTypes[blockIndex])
            var parameterList = parameters(block.uses, withDefaults: false)
            var arguments = plan.syntax.arguments(block.uses)
            for (index, internalName) in block.shared {
                let label = names.valueFunctions[index]
                parameterList.append("\(label == internalName ? "" : label + " ")\(internalName): \(SwiftType(program.values[index].type).rawValue)")
                arguments.append("\(label): \(sharedNames[index] ?? "nan")")
            }
            blockArguments.append("\(SwiftNames.label(program.blocks[blockIndex].name)): Self.\(helper)(\(arguments.joined(separator: ", ")))")
            printer.line()
            let type = names.blockTypes[blockIndex]
            let outputs = zip(program.blocks[blockIndex].outputs, block.outputs).map { "\(SwiftNames.label(program.outputs[$0].name)): \($1)" }
            // Not inlined: a function called once would be, and `frame` would again be one function of
            // thousands of values, which the optimizer takes far more than linear time over.
            printer.line("@inline(never)")
            printer.block("private static func \(helper)(\(parameterList.joined(separator: ", "))) -> Frame.\(type)") { printer in
                printer.lines(block.lines)
                printer.line("return Frame.\(type)(\(outputs.joined(separator: ", ")))")
            }
        }
        printer.block(signature) { printer in
            printer.lines(prelude.lines)
            printer.argumentsOneALine("return Frame(", blockArguments, ")")
        }
    }

    private func emitParameterDocumentation(_ printer: inout CodePrinter, _ inputs: [Int]) {
        let documented = inputs.filter { program.inputs[$0].documentation?.isEmpty == false }
        guard !documented.isEmpty else { return }
        printer.line("/// - Parameters:")
        for index in documented {
            let text = (program.inputs[index].documentation ?? "").split(whereSeparator: { $0 == "\n" || $0 == "\r" })
                .map { GeneratedText.commentSafe(String($0)) }.joined(separator: " ")
            printer.line("///   - \(GeneratedText.commentSafe(program.inputs[index].name)): \(text)")
        }
    }

    /// The state update: every state's next value is computed from the previous ones, then all are stored.
    private func emitAdvance(_ printer: inout CodePrinter) {
        let uses = program.advanceUses
        let readsDelta = program.states.contains { $0.next.reads(.delta) }
        printer.line("/// Moves `state` to `offset`: the first call starts from the initial values, each later one follows")
        printer.line("/// the change of offset since the previous call. Call it once a frame, before reading the outputs.")
        if program.readsTime { printer.line("/// `time` is the frame's time in milliseconds, which the transitions follow; it never goes back.") }
        emitParameterDocumentation(&printer, uses.inputs)
        var scope = names.scope(for: uses)
        var parameters = ["_ state: inout State", "offset: CGFloat"]
        let time = timeParameter(&scope)
        if let parameter = time.parameter { parameters.append(parameter) }
        parameters += self.parameters(Uses.inputs(uses.inputs))
        printer.block("static func advance(\(parameters.joined(separator: ", ")))") { printer in
            let delta = scope.fresh("delta")
            var function = plan.syntax.writer(scope: scope) { read in
                read == .delta ? (delta, .length) : read == .time ? (time.name, .time) : plan.read(read, values: [:])
            }
            if readsDelta {
                function.append("let \(delta): CGFloat = state.\(names.lastOffsetField).map { offset - $0 } ?? 0")
            }
            let stores = plan.advance(&function, firstCall: "if state.\(names.lastOffsetField) == nil {")
            printer.lines(function.lines)
            printer.lines(stores)
            printer.line("state.\(names.lastOffsetField) = offset")
        }
    }

    /// The one-call form for a view that keeps the state itself: `advance`, then `frame`.
    private func emitAdvancingFrame(_ printer: inout CodePrinter) {
        let frameUses = Uses.union(program.outputs.lazy.map(\.body.uses))
        let advanceUses = program.advanceUses
        let both = Uses.inputs(Uses.union([advanceUses, frameUses]).inputs)
        func arguments(_ inputs: [Int]) -> String {
            inputs.map { ", \(SwiftNames.label(program.inputs[$0].name)): \(names.inputParameters[$0])" }.joined()
        }
        var scope = names.scope(for: both)
        let time = timeParameter(&scope)
        let timeArgument = time.parameter == nil ? "" : ", time: \(time.name)"
        printer.line("/// One call a frame: `advance(&state, offset:\(program.readsTime ? "time:" : ""))`, then `frame(offset:state:)` at the same offset.")
        let parameters = ["offset: CGFloat", "state: inout State"] + [time.parameter].compactMap { $0 } + self.parameters(both)
        printer.block("static func frame(\(parameters.joined(separator: ", "))) -> Frame") { printer in
            printer.line("Self.advance(&state, offset: offset\(timeArgument)\(arguments(advanceUses.inputs)))")
            printer.line("return Self.frame(offset: offset\(frameUses.state ? ", state: state" : "")\(arguments(frameUses.inputs)))")
        }
    }

    /// `readsTime(_:offset:...)`: whether `advance` there now reads the frame's time (`Program.timeDependence`).
    private func emitReadsTime(_ printer: inout CodePrinter, _ body: Body) {
        printer.line("/// Whether `advance(&state, offset:time:)` reads the time along the way the states take there now. While the")
        printer.line("/// scroll stands, a frame where it does not, and that changes no state, leaves the states at rest.")
        var scope = names.scope(for: body.uses)
        let delta = scope.fresh("delta")
        var function = plan.function(of: body, scope: scope) { $0 == .delta ? (delta, .length) : nil }
        if body.reads(.delta) { function.append("let \(delta): CGFloat = state.\(names.lastOffsetField).map { offset - $0 } ?? 0") }
        let parameters = ["_ state: State", "offset: CGFloat"] + self.parameters(Uses.inputs(body.uses.inputs))
        printer.block("static func readsTime(\(parameters.joined(separator: ", "))) -> Bool") { printer in
            let result = function.render(body, as: .bool, name: function.fresh("reads"))
            printer.lines(function.lines)
            printer.line("return \(result)")
        }
    }

    /// The frame's time, for a header with a transition: labelled `time`, and named so inside unless an input
    /// has that name. Its parameter is nil for a header without one.
    private func timeParameter(_ scope: inout SwiftScope) -> (parameter: String?, name: String) {
        let name = scope.fresh("time")
        guard program.readsTime else { return (nil, name) }
        return (name == "time" ? "time: Double" : "time \(name): Double", name)
    }

    private func emitSettle(_ printer: inout CodePrinter, _ snap: Program.Snap) {
        let inside = snap.hasDefaultRule ? "the nearest point, or the next one after a fling (\(SwiftSyntax.literal(SnapLowering.flingVelocity)) pt/s)"
            : "the point that the snap's rule (its threshold, ties and fling) picks"
        var scope = names.scope(for: snap.settle.uses)
        let target = scope.fresh("target"), velocity = scope.fresh("velocity")
        let resultType = snap.state.map { program.states[$0].type } ?? .length
        var function = plan.function(of: snap.settle, scope: scope) { read in
            read == .target ? (target, resultType) : read == .velocity ? (velocity, .length) : nil
        }
        var parameters = ["velocity\(velocity == "velocity" ? "" : " " + velocity): CGFloat"]
        if let moved = snap.state {
            let field = "state.\(names.stateFields[moved])"
            printer.documentation(snap.documentation ?? "Moves `\(GeneratedText.commentSafe(program.states[moved].name))` to where it comes to rest when the scroll ends with `velocity`.")
            printer.line(snap.hasCustomRule ? "/// The snap's rule decides where. Returns the new value."
                         : "/// Outside the points it keeps its value; inside, \(inside). Returns the new value.")
            parameters.insert("_ state: inout State", at: 0)
            if snap.settle.reads(.target) { function.append("let \(target): \(SwiftType(resultType).rawValue) = \(field)") }
        } else {
            printer.documentation(snap.documentation ?? "Where a scroll gesture that would end at `target` should come to rest.")
            printer.line(snap.hasCustomRule ? "/// The snap's rule decides where." : "/// Outside the points it is `target`; inside, \(inside).")
            parameters.insert("target\(target == "target" ? "" : " " + target): CGFloat", at: 0)
        }
        parameters += self.parameters(snap.settle.uses)
        let name = SwiftNames.settleFunction(snap.name, count: program.snaps.count)
        if snap.state != nil { printer.line("@discardableResult") }
        printer.block("static func \(SwiftNames.identifier(name))(\(parameters.joined(separator: ", "))) -> \(SwiftType(resultType).rawValue)") { printer in
            let result = function.render(snap.settle, as: resultType, name: function.fresh("settled"))
            printer.lines(function.lines)
            if let moved = snap.state { printer.line("state.\(names.stateFields[moved]) = \(result)") }
            printer.line("return \(result)")
        }
    }

    /// `motion(from:velocity:target:elapsed:...)`: where the scroll is a time after the finger lifted.
    private func emitMotion(_ printer: inout CodePrinter, _ snap: Program.Snap, _ body: Body) {
        var uses = body.uses
        uses.offset = false
        var scope = names.scope(for: uses)
        let from = scope.fresh("from"), velocity = scope.fresh("velocity"), target = scope.fresh("target"), elapsed = scope.fresh("elapsed")
        var function = plan.function(of: body, scope: scope) { read in
            switch read {
            case .offset: return (from, .length)
            case .velocity: return (velocity, .length)
            case .target: return (target, .length)
            case .time: return (elapsed, .time)
            default: return nil
            }
        }
        printer.documentation(MotionLowering.summary(snap, settle: SwiftNames.settleFunction(snap.name, count: program.snaps.count)))
        func labelled(_ label: String, _ name: String, _ type: String) -> String { "\(label)\(name == label ? "" : " " + name): \(type)" }
        let parameters = [labelled("from", from, "CGFloat"), labelled("velocity", velocity, "CGFloat"), labelled("target", target, "CGFloat"),
                          labelled("elapsed", elapsed, "Double")] + self.parameters(uses)
        printer.block("static func motion(\(parameters.joined(separator: ", "))) -> CGFloat") { printer in
            let result = function.render(body, as: .length, name: function.fresh("position"))
            printer.lines(function.lines)
            printer.line("return \(result)")
        }
    }

    // MARK: Names and types

    /// Every Swift name the file declares for the spec's own names, worked out once.
    private struct Names {
        var inputParameters: [String] = []
        var valueFunctions: [String] = []
        var outputFunctions: [String] = []
        var outputFields: [String] = []
        var blockFields: [String] = []
        var blockTypes: [String] = []
        var stateFields: [String] = []
        /// The spec's functions, by their own names.
        var functions: [Callee] = []
        var lastOffsetField = "lastOffset"
        /// The names every function has taken before its own: its fixed parameters.
        let functionScope = SwiftScope(taken: ["offset", "state"])
        /// The enum's members, so that a private helper takes a name of its own.
        var memberScope = SwiftScope()

        init(_ program: Program) {
            // One name, label and parameter both: a keyword in backticks is both (a label beside it would be extraneous).
            for input in program.inputs {
                inputParameters.append(SwiftNames.identifier(input.name))
            }
            let outputNames = Set(program.outputs.map { SwiftNames.outputFunction(block: $0.block, property: $0.name) })
            valueFunctions = program.values.map { SwiftNames.identifier(SwiftNames.valueFunction($0.name, outputFunctions: outputNames)) }
            outputFunctions = program.outputs.map { SwiftNames.identifier(SwiftNames.outputFunction(block: $0.block, property: $0.name)) }
            outputFields = program.outputs.map { SwiftNames.identifier($0.name) }
            let blockNames = Set(program.blocks.map(\.name))
            blockFields = program.blocks.map { SwiftNames.identifier($0.name) }
            blockTypes = program.blocks.map { SwiftNames.blockType($0.name, blockNames: blockNames) }
            stateFields = program.states.map { SwiftNames.identifier($0.name) }
            var stateScope = SwiftScope(taken: Set(program.states.map(\.name)))
            lastOffsetField = stateScope.fresh("lastOffset")
            var members = SwiftNames.generatedFunctions.union(program.animations.map(\.name))
            members.formUnion(program.values.map { SwiftNames.valueFunction($0.name, outputFunctions: outputNames) })
            members.formUnion(outputNames)
            members.formUnion(program.snaps.map { SwiftNames.settleFunction($0.name, count: program.snaps.count) })
            members.formUnion(program.functions.map(\.name))
            memberScope = SwiftScope(taken: members)
            functions = Callee.list(program.functions.map { "Self." + SwiftNames.identifier($0.name) }, program.functions)
        }

        /// A scope with the parameters of a function that reads `uses` taken.
        func scope(for uses: Uses) -> SwiftScope {
            var scope = functionScope
            for index in uses.inputs { scope.reserve(inputParameters[index]) }
            return scope
        }
    }

    private var plan: EmissionPlan<Syntax> { EmissionPlan(program: program, syntax: Syntax(program: program, names: names)) }

    /// What the plan asks of Swift: its typed printer, scopes and spellings.
    private struct Syntax: EmissionSyntax {
        let program: Program
        let names: Names
        func writer(scope: SwiftScope, read: @escaping (Read) -> (String, ValueType)) -> SwiftBody {
            SwiftBody(functions: names.functions, scope: scope, readText: read)
        }
        func scope(for uses: Uses, callsValues: Bool) -> SwiftScope { names.scope(for: uses) }
        func constant(_ name: String, type: ValueType, value: String) -> String { "let \(name): \(SwiftType(type).rawValue) = \(value)" }
        func assignment(_ name: String, value: String) -> String { "\(name) = \(value)" }
        func inputParameter(_ index: Int) -> String { names.inputParameters[index] }
        func stateField(_ index: Int) -> String { "state.\(names.stateFields[index])" }
        var notANumber: String { "nan" }
        func call(value index: Int) -> String {
            let body = program.values[index].body, name = names.valueFunctions[index]
            return body.isFixed ? "Self.\(name)" : "Self.\(name)(\(arguments(body.uses).joined(separator: ", ")))"
        }
        /// The labelled arguments that pass a function's parameters on to a function that reads `uses`.
        func arguments(_ uses: Uses) -> [String] {
            var arguments: [String] = []
            if uses.offset { arguments.append("offset: offset") }
            if uses.state { arguments.append("state: state") }
            for input in uses.inputs { arguments.append("\(SwiftNames.label(program.inputs[input].name)): \(names.inputParameters[input])") }
            return arguments
        }
    }

    /// A default value, as a person writes it (`= 0`), with every bit kept.
    private func literal(_ value: Value, _ type: SwiftType) -> String {
        switch value {
        case .bool(let bool): return bool ? "true" : "false"
        case .phase(let phase): return "." + phase.name
        case .number(let number):
            let text = SwiftSyntax.literal(number)
            return type == .cgFloat && !SwiftSyntax.isPlainLiteral(number) ? "CGFloat(\(text))" : text
        }
    }

}

extension Uses {
    package static func inputs(_ inputs: [Int]) -> Uses {
        var uses = Uses()
        uses.inputs = inputs
        return uses
    }
}
