import HeaderSource
import HeaderSyntax
import HeaderMath
import HeaderIR

/// Emits a lowered program as one standalone Kotlin file: an `object <Header>Math` of pure functions that
/// compute, operation for operation, what the interpreter computes, so the results are bit-identical on
/// every JVM and on Android. As in the generated Swift, each named value and each output is a function
/// taking only what it reads, calling the functions of the named values it uses; `frame` computes every
/// named value once; a header with state has a `State` class and `advance`, the only function that
/// changes it. Everything is `Double` (Compose's `Float` and `Dp` are the caller's), bools `Boolean`.
/// The kernels and helpers the bodies call are private functions at the file's top level.
public struct KotlinEmitter {
    public let program: Program
    public let sourcePath: String
    public let objectName: String
    public let packageName: String?
    private let names: Names

    public init(program: Program, sourcePath: String, objectName: String? = nil, packageName: String? = nil) {
        self.program = program
        self.sourcePath = sourcePath
        self.objectName = objectName ?? program.name + "Math"
        self.packageName = packageName
        names = Names(program)
    }

    public func emit() -> String {
        var printer = CodePrinter()
        let file = sourcePath.split(separator: "/").last.map(String.init) ?? sourcePath
        printer.line(GeneratedText.banner(sourcePath: file))
        if let packageName {
            printer.line()
            printer.line("package \(packageName)")
        }
        printer.line()
        printer.line("/** The scroll-driven math of the header '\(KotlinEmitter.commentSafe(program.name))'. */")
        printer.block("object \(objectName)") { printer in
            emitFrameType(&printer)
            if program.isStateful { emitStateType(&printer) }
            if program.readsPhase {
                printer.line()
                printer.line("/** The scroll's phase, for the inputs of type `phase`: at rest, under the finger, or moving on after it lifted. */")
                printer.line("enum class \(KotlinSyntax.phaseType) { " + ScrollPhase.allCases.map { $0.name.uppercased() }.joined(separator: ", ") + " }")
            }
            emitAnimations(&printer)
            printer.line()
            emitFrameFunction(&printer)
            if program.isStateful {
                printer.line()
                emitAdvance(&printer)
            }
            if let body = program.timeDependence() {
                printer.line()
                emitReadsTime(&printer, body)
            }
            for (index, value) in program.values.enumerated() {
                if index == 0 { printer.line() }
                emitFunction(&printer, name: names.valueFunctions[index], documentation: value.documentation,
                             type: value.type, body: value.body)
            }
            for (index, output) in program.outputs.enumerated() {
                if index == 0 { printer.line() }
                emitFunction(&printer, name: names.outputFunctions[index], documentation: nil, type: output.type,
                             body: output.body)
            }
            for snap in program.snaps {
                printer.line()
                emitSettle(&printer, snap)
                if let motion = snap.motion {
                    printer.line()
                    emitMotion(&printer, snap, motion)
                }
            }
            for function in program.functions {
                printer.line()
                emitUserFunction(&printer, function)
            }
        }
        let (curves, helpers) = program.curvesAndHelpers(spelledBy: KotlinSyntax.self)
        let kernels = CurveKotlinSource.kernels(for: curves)
        let runtime = KotlinRuntime.lines(helpers: helpers, kernels: kernels.names)
        for lines in [runtime.helpers, runtime.kernels, kernels.lines] where !lines.isEmpty {
            printer.line()
            printer.lines(lines)
        }
        return printer.text
    }

    // MARK: Types

    private func emitFrameType(_ printer: inout CodePrinter) {
        printer.line("/** Every output of the header at one offset. */")
        let fields = program.blocks.indices.map { "val \(names.blockFields[$0]): Frame.\(names.blockTypes[$0])" }
        if fields.isEmpty {
            emptyClass(&printer, "Frame", body: true)
        } else {
            printer.argumentsOneALine("data class Frame(", fields, ") {")
        }
        printer.indent()
        for (index, block) in program.blocks.enumerated() {
            if index > 0 { printer.line() }
            documentation(&printer, block.documentation)
            let outputs = block.outputs.map { output -> String in
                let doc = program.outputs[output].documentation.map { "/** \(KotlinEmitter.commentSafe(oneLine($0))) */ " } ?? ""
                return "\(doc)val \(names.outputFields[output]): \(KotlinSyntax.type(program.outputs[output].type))"
            }
            if outputs.isEmpty {
                emptyClass(&printer, names.blockTypes[index], body: false)
            } else {
                printer.argumentsOneALine("data class \(names.blockTypes[index])(", outputs, ")")
            }
        }
        printer.dedent()
        printer.line("}")
    }

    private func emitStateType(_ printer: inout CodePrinter) {
        printer.line()
        printer.line("/** What the header carries from one offset to the next: `State()` is the state before the first frame; `advance` moves it. */")
        var fields = program.states.indices.map { index -> String in
            let state = program.states[index]
            let doc = state.documentation.map { "/** \(KotlinEmitter.commentSafe(oneLine($0))) */ " } ?? ""
            // A state whose initial value reads inputs is set from them by the first `advance`.
            return "\(doc)var \(names.stateFields[index]): \(KotlinSyntax.type(state.type)) = \(KotlinNames.literal(state.constantInitial ?? 0))"
        }
        fields.append("/** The offset of the previous frame; null before the first. */ var \(names.lastOffsetField): Double? = null")
        printer.argumentsOneALine("data class State(", fields, ")")
    }

    /// A class with no properties, which Kotlin does not let be a `data class`: equal to every other of its
    /// kind and printed as a data class would print it. `body`: its `{` stays open for nested classes.
    private func emptyClass(_ printer: inout CodePrinter, _ name: String, body: Bool) {
        printer.line("class \(name) {")
        printer.indent()
        printer.line("override fun equals(other: Any?): Boolean = other is \(name)")
        printer.line("override fun hashCode(): Int = 0")
        printer.line("override fun toString(): String = \"\(name)()\"")
        printer.dedent()
        if !body { printer.line("}") }
    }

    /// Springs as plain data, for a view to animate with.
    private func emitAnimations(_ printer: inout CodePrinter) {
        guard !program.animations.isEmpty else { return }
        printer.line()
        printer.line("/** A spring for a view to animate with: `response` and `dampingFraction`, or `duration` and `bounce`. */")
        printer.line("data class SpringAnimation(val response: Double, val dampingFraction: Double, val duration: Double, val bounce: Double)")
        for animation in program.animations {
            printer.line()
            documentation(&printer, animation.documentation)
            let spring = animation.spring
            let fields = [spring.response, spring.dampingRatio, spring.response, spring.bounce].map(KotlinNames.literal)
            printer.line("val \(KotlinNames.identifier(animation.name)): SpringAnimation = SpringAnimation(\(fields.joined(separator: ", ")))")
        }
    }

    // MARK: Functions

    /// The parameters of a function that reads `uses`, in the API's order: offset, state, then the inputs
    /// in declaration order, each with its default.
    private func parameters(_ uses: Uses, alwaysOffset: Bool = false, alwaysState: Bool = false, withDefaults: Bool = true) -> [String] {
        var parameters: [String] = []
        if uses.offset || alwaysOffset { parameters.append("offset: Double") }
        if uses.state || alwaysState { parameters.append("state: State") }
        for index in uses.inputs {
            let input = program.inputs[index]
            let defaultValue = withDefaults ? " = \(literal(input.defaultValue))" : ""
            parameters.append("\(names.inputParameters[index]): \(KotlinSyntax.type(input.type))\(defaultValue)")
        }
        return parameters
    }

    /// One named value or output alone: the named values it reads are its functions' results.
    private func emitFunction(_ printer: inout CodePrinter, name: String, documentation: String?, type: ValueType, body: Body) {
        self.documentation(&printer, documentation)
        let kotlinType = KotlinSyntax.type(type)
        if body.isFixed {
            var function = KotlinBody(functions: names.functions, scope: KotlinScope()) { _ in ("Double.NaN", .number) }
            printer.line("val \(name): \(kotlinType) = \(function.render(body))")
            return
        }
        var function = plan.function(of: body, scope: names.scope(for: body.uses, program: program, callsValues: true))
        let result = function.render(body, name: function.fresh("value"))
        let signature = "fun \(name)(\(parameters(body.uses).joined(separator: ", "))): \(kotlinType)"
        printer.function(signature, oneLine: "\(signature) = \(result)", function.lines, result)
    }

    /// A function of the spec: a private member of the object, named as in the spec.
    private func emitUserFunction(_ printer: inout CodePrinter, _ function: Program.Function) {
        documentation(&printer, function.documentation)
        var scope = names.localScope
        let parameters = function.parameters.map { scope.fresh($0.name) }
        var body = KotlinBody(functions: names.functions, scope: scope) { read in
            guard case .parameter(let position) = read, position < parameters.count else { return ("Double.NaN", .number) }
            return (parameters[position], function.parameters[position].type)
        }
        let result = body.render(function.body, name: body.fresh("value"))
        let list = zip(parameters, function.parameters).map { "\($0): \(KotlinSyntax.type($1.type))" }
        // A parameter the body does not read (`func one(x) = 1`) is still the spec's: kotlinc would warn.
        var read = Set<Int>()
        for expression in function.body.locals + [function.body.result] {
            expression.forEachRead { if case .parameter(let position) = $0 { read.insert(position) } }
        }
        if read.count < function.parameters.count { printer.line("@Suppress(\"UNUSED_PARAMETER\")") }
        let signature = "private fun \(KotlinNames.identifier(function.name))(\(list.joined(separator: ", "))): \(KotlinSyntax.type(function.type))"
        printer.function(signature, oneLine: "\(signature) = \(result)", body.lines, result)
    }

    /// Beyond this many named values and outputs, `frame` builds each block in a function of its own: the
    /// JVM limits a method to 64 KB of bytecode.
    static let largestSingleFrame = 96

    private func emitFrameFunction(_ printer: inout CodePrinter) {
        let uses = Uses.union(program.outputs.lazy.map(\.body.uses))
        let needed = program.valuesNeeded(by: program.outputs.map(\.body))
        let byBlock = needed.count + program.outputs.count > KotlinEmitter.largestSingleFrame
        let partition = byBlock ? program.blockPartition() : nil
        let computed = partition?.shared ?? needed
        printer.line("/**")
        printer.line(" * Every output at [offset], the scroll offset plus the top inset: 0 at rest, negative when pulled down.")
        if program.isStateful { printer.line(" * [state] is the state after [advance] to the same offset.") }
        parameterDocumentation(&printer, uses.inputs)
        printer.line(" */")
        let parameterList = parameters(uses, alwaysOffset: true, alwaysState: program.isStateful)
        // The API gives `frame` the offset, and a header with state the state, even where no output reads them.
        if !uses.offset || (program.isStateful && !uses.state) { printer.line("@Suppress(\"UNUSED_PARAMETER\")") }
        var (function, sharedNames) = plan.prelude(computing: computed, scope: names.scope(for: uses, program: program, callsValues: false))
        var blocks: [String] = []
        var helperFunctions = printer.nested()
        if let partition {
            var memberScope = names.memberScope
            for (blockIndex, block) in plan.blockFunctions(partition).enumerated() {
                let helper = memberScope.fresh("frame" + names.blockTypes[blockIndex])
                let list = parameters(block.uses, withDefaults: false)
                    + block.shared.map { "\($0.name): \(KotlinSyntax.type(program.values[$0.index].type))" }
                blocks.append("\(helper)(\((syntax.arguments(block.uses) + block.shared.map { sharedNames[$0.index] ?? "Double.NaN" }).joined(separator: ", ")))")
                let type = names.blockTypes[blockIndex]
                helperFunctions.line()
                helperFunctions.block("private fun \(helper)(\(list.joined(separator: ", "))): Frame.\(type)") { printer in
                    printer.lines(block.lines)
                    printer.line("return Frame.\(type)(\(block.outputs.joined(separator: ", ")))")
                }
            }
        } else {
            let values = program.outputs.map { function.render($0.body) }
            blocks = program.blocks.indices.map { blockIndex -> String in
                "Frame.\(names.blockTypes[blockIndex])(\(program.blocks[blockIndex].outputs.map { values[$0] }.joined(separator: ", ")))"
            }
        }
        printer.block("fun frame(\(parameterList.joined(separator: ", "))): Frame") { printer in
            printer.lines(function.lines)
            printer.argumentsOneALine("return Frame(", blocks, ")")
        }
        printer.append(helperFunctions.text)
    }

    private func parameterDocumentation(_ printer: inout CodePrinter, _ inputs: [Int]) {
        for index in inputs {
            guard let text = program.inputs[index].documentation, !text.isEmpty else { continue }
            printer.line(" * @param \(program.inputs[index].name) \(KotlinEmitter.commentSafe(oneLine(text)))")
        }
    }

    /// The state update: every state's next value is computed from the previous ones, then all are stored.
    private func emitAdvance(_ printer: inout CodePrinter) {
        let uses = program.advanceUses
        printer.line("/**")
        printer.line(" * Moves [state] to [offset]: the first call starts from the initial values, each later one follows")
        printer.line(" * the change of offset since the previous call. Call it once a frame, before reading the outputs.")
        var scope = names.scope(for: uses, program: program, callsValues: false)
        // An input of that name keeps it, and the time takes another.
        let time = scope.fresh("time")
        if program.readsTime { printer.line(" * [\(time)] is the frame's time in milliseconds, which the transitions follow; it never goes back.") }
        parameterDocumentation(&printer, uses.inputs)
        printer.line(" */")
        let parameterList = ["state: State", "offset: Double"] + (program.readsTime ? ["\(time): Double"] : []) + parameters(Uses.inputs(uses.inputs))
        printer.block("fun advance(\(parameterList.joined(separator: ", ")))") { printer in
            let last = scope.fresh("last"), delta = scope.fresh("delta")
            // The named values the next values read, through one another, computed once each.
            let fromInputs = program.statesStartingFromInputs
            let needed = program.valuesNeeded(by: program.states.map(\.next) + fromInputs.map { program.states[$0].initial })
            var (function, _) = plan.prelude(computing: needed, scope: scope) {
                $0 == .delta ? (delta, .length) : $0 == .time ? (time, .time) : nil
            }
            if program.states.contains(where: { $0.next.reads(.delta) }) {
                printer.line("val \(last) = state.\(names.lastOffsetField)")
                printer.line("val \(delta): Double = if (\(last) == null) 0.0 else offset - \(last)")
            }
            let stores = plan.advance(&function, firstCall: "if (state.\(names.lastOffsetField) == null) {")
            printer.lines(function.lines)
            printer.lines(stores)
            printer.line("state.\(names.lastOffsetField) = offset")
        }
    }

    /// `readsTime(state, offset, ...)`: whether `advance` there now reads the frame's time (`Program.timeDependence`).
    private func emitReadsTime(_ printer: inout CodePrinter, _ body: Body) {
        documentation(&printer, "Whether `advance(state, offset, time)` reads the time along the way the states take there now. While\n"
                      + "the scroll stands, a frame where it does not, and that changes no state, leaves the states at rest.")
        var scope = names.scope(for: body.uses, program: program, callsValues: true)
        let last = scope.fresh("last"), delta = scope.fresh("delta")
        var function = plan.function(of: body, scope: scope) { $0 == .delta ? (delta, .length) : nil }
        let result = function.render(body, name: function.fresh("reads"))
        let parameterList = ["state: State", "offset: Double"] + parameters(Uses.inputs(body.uses.inputs))
        // Where the way the states take reads neither the offset nor a state, the API keeps both.
        if !body.uses.offset || !(body.uses.state || body.reads(.delta)) { printer.line("@Suppress(\"UNUSED_PARAMETER\")") }
        printer.block("fun readsTime(\(parameterList.joined(separator: ", "))): Boolean") { printer in
            if body.reads(.delta) {
                printer.line("val \(last) = state.\(names.lastOffsetField)")
                printer.line("val \(delta): Double = if (\(last) == null) 0.0 else offset - \(last)")
            }
            printer.lines(function.lines)
            printer.line("return \(result)")
        }
    }

    private func emitSettle(_ printer: inout CodePrinter, _ snap: Program.Snap) {
        let inside = snap.hasDefaultRule ? "the nearest point, or the next one after a fling (\(KotlinNames.literal(SnapLowering.flingVelocity)) pt/s)"
            : "the point that the snap's rule (its threshold, ties and fling) picks"
        if let moved = snap.state {
            documentation(&printer, snap.documentation ?? "Moves `\(program.states[moved].name)` to where it comes to rest when the scroll ends with `velocity` (points per second), and returns it: "
                          + (snap.hasCustomRule ? "the snap's rule decides." : "outside the points it keeps its value; inside, \(inside)."))
        } else {
            documentation(&printer, snap.documentation ?? "Where a scroll gesture that would end at `target` with `velocity` (points per second) comes to rest: "
                          + (snap.hasCustomRule ? "the snap's rule decides." : "outside the points, `target`; inside, \(inside)."))
        }
        var scope = names.scope(for: snap.settle.uses, program: program, callsValues: true)
        scope.reserve("target")
        scope.reserve("velocity")
        scope.reserve("state")
        var function = plan.function(of: snap.settle, scope: scope) { read in
            read == .target ? ("target", .length) : read == .velocity ? ("velocity", .length) : nil
        }
        let result = function.render(snap.settle, name: function.fresh("settled"))
        let parameterList = [snap.state == nil ? "target: Double" : "state: State", "velocity: Double"] + parameters(snap.settle.uses)
        let name = SwiftNames.settleFunction(snap.name, count: program.snaps.count)
        // A rule of the spec's own may leave the target or the velocity unread; the API keeps both.
        if !snap.settle.reads(.velocity) || (snap.state == nil && !snap.settle.reads(.target)) {
            printer.line("@Suppress(\"UNUSED_PARAMETER\")")
        }
        printer.block("fun \(KotlinNames.identifier(name))(\(parameterList.joined(separator: ", "))): Double") { printer in
            if let moved = snap.state, snap.settle.reads(.target) { printer.line("val target = state.\(names.stateFields[moved])") }
            printer.lines(function.lines)
            if let moved = snap.state {
                printer.line("state.\(names.stateFields[moved]) = \(result)")
                printer.line("return state.\(names.stateFields[moved])")
            } else {
                printer.line("return \(result)")
            }
        }
    }

    /// `motion(from, velocity, target, elapsed, ...)`: where the scroll is a time after the finger lifted.
    private func emitMotion(_ printer: inout CodePrinter, _ snap: Program.Snap, _ body: Body) {
        documentation(&printer, MotionLowering.summary(snap, settle: SwiftNames.settleFunction(snap.name, count: program.snaps.count)))
        var uses = body.uses
        uses.offset = false
        var scope = names.scope(for: uses, program: program, callsValues: true)
        for parameter in ["from", "velocity", "target", "elapsed"] { scope.reserve(parameter) }
        var function = plan.function(of: body, scope: scope) { read in
            switch read {
            case .offset: return ("from", .length)
            case .velocity: return ("velocity", .length)
            case .target: return ("target", .length)
            case .time: return ("elapsed", .time)
            default: return nil
            }
        }
        let result = function.render(body, name: function.fresh("position"))
        let parameterList = ["from: Double", "velocity: Double", "target: Double", "elapsed: Double"] + parameters(uses)
        // A curve over a duration leaves the velocity unread; the API keeps it.
        if !body.reads(.velocity) { printer.line("@Suppress(\"UNUSED_PARAMETER\")") }
        printer.block("fun motion(\(parameterList.joined(separator: ", "))): Double") { printer in
            printer.lines(function.lines)
            printer.line("return \(result)")
        }
    }

    /// What the plan asks of Kotlin: its printer, scopes and spellings.
    private struct Syntax: EmissionSyntax {
        let program: Program
        let names: Names
        func writer(scope: KotlinScope, read: @escaping (Read) -> (String, ValueType)) -> KotlinBody {
            KotlinBody(functions: names.functions, scope: scope, readText: read)
        }
        func scope(for uses: Uses, callsValues: Bool) -> KotlinScope { names.scope(for: uses, program: program, callsValues: callsValues) }
        func constant(_ name: String, type: ValueType, value: String) -> String { KotlinSyntax.constant(name, type: type, value: value) }
        func assignment(_ name: String, value: String) -> String { KotlinSyntax.assignment(name, value: value) }
        func inputParameter(_ index: Int) -> String { names.inputParameters[index] }
        func stateField(_ index: Int) -> String { "state.\(names.stateFields[index])" }
        var notANumber: String { KotlinSyntax.notANumber }
        func call(value index: Int) -> String {
            let body = program.values[index].body, name = names.valueFunctions[index]
            return body.isFixed ? name : "\(name)(\(arguments(body.uses).joined(separator: ", ")))"
        }
        /// The arguments that pass a function's parameters on to a function that reads `uses`.
        func arguments(_ uses: Uses) -> [String] {
            var arguments: [String] = []
            if uses.offset { arguments.append("offset") }
            if uses.state { arguments.append("state") }
            for index in uses.inputs { arguments.append(names.inputParameters[index]) }
            return arguments
        }
    }

    // MARK: Names

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
        var functionScope = KotlinScope()
        var localScope = KotlinScope()
        var memberScope = KotlinScope()

        init(_ program: Program) {
            inputParameters = program.inputs.map { KotlinNames.identifier($0.name) }
            let outputNames = Set(program.outputs.map { SwiftNames.outputFunction(block: $0.block, property: $0.name) })
            let valueNames = program.values.map { KotlinNames.valueFunction($0.name, outputFunctions: outputNames) }
            valueFunctions = valueNames.map(KotlinNames.identifier)
            outputFunctions = program.outputs.map { KotlinNames.identifier(SwiftNames.outputFunction(block: $0.block, property: $0.name)) }
            outputFields = program.outputs.map { KotlinNames.identifier($0.name) }
            let blockNames = Set(program.blocks.map(\.name))
            blockFields = program.blocks.map { KotlinNames.identifier($0.name) }
            blockTypes = program.blocks.map { KotlinNames.blockType($0.name, blockNames: blockNames) }
            stateFields = program.states.map { KotlinNames.identifier($0.name) }
            var stateScope = KotlinScope(taken: Set(program.states.map(\.name)))
            lastOffsetField = stateScope.fresh("lastOffset")
            // Locals never take the name of a member a body calls or reads, nor a parameter's.
            var members = Set(valueNames).union(outputNames).union(program.animations.map(\.name))
            members.formUnion(program.snaps.map { SwiftNames.settleFunction($0.name, count: program.snaps.count) })
            functions = Callee.list(program.functions.map { KotlinNames.identifier($0.name) }, program.functions)
            members.formUnion(program.functions.map(\.name))
            functionScope = KotlinScope(taken: members.union(["offset", "state"]))
            // A local never takes a function's name, which a call would then mean.
            localScope = KotlinScope(taken: Set(program.functions.map(\.name)).union(["offset", "state"]))
            memberScope = KotlinScope(taken: members)
        }

        /// A scope with the function's parameters taken and, for a function that calls the functions of
        /// named values (`callsValues`), their names too: a local of that name would hide them.
        func scope(for uses: Uses, program: Program, callsValues: Bool) -> KotlinScope {
            var scope = callsValues ? functionScope : localScope
            for index in uses.inputs { scope.reserve(program.inputs[index].name) }
            return scope
        }
    }

    private var syntax: Syntax { Syntax(program: program, names: names) }
    private var plan: EmissionPlan<Syntax> { EmissionPlan(program: program, syntax: syntax) }

    private func literal(_ value: Value) -> String {
        switch value {
        case .bool(let bool): return bool ? "true" : "false"
        case .number(let number): return KotlinNames.literal(number)
        case .phase(let phase): return KotlinSyntax.phaseEntry(phase)
        }
    }

    private func oneLine(_ text: String) -> String {
        text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }).joined(separator: " ")
    }

    /// A KDoc comment from the spec's documentation, one `*` line per line.
    private func documentation(_ printer: inout CodePrinter, _ text: String?) {
        guard let text, !text.isEmpty else { return }
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r" })
        if lines.count == 1 {
            printer.line("/** \(KotlinEmitter.commentSafe(String(text))) */")
            return
        }
        printer.line("/**")
        for line in lines {
            let cleaned = KotlinEmitter.commentSafe(String(line))
            printer.line(cleaned.isEmpty ? " *" : " * " + cleaned)
        }
        printer.line(" */")
    }

    /// Text from the spec inside a Kotlin block comment: Kotlin's block comments nest, so neither `*/`
    /// nor `/*` may appear; controls and line breaks are gone as in Swift's comments.
    static func commentSafe(_ text: String) -> String {
        GeneratedText.commentSafe(text).replacingOccurrences(of: "*/", with: "*\u{2215}")
            .replacingOccurrences(of: "/*", with: "\u{2215}*")
    }
}
