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
        var helpers = Set<String>()
        var curves: [Curve] = []
        func collect(_ body: KotlinBody) {
            helpers.formUnion(body.helpers)
            curves += body.curves
        }
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
            emitFrameFunction(&printer, collect)
            if program.isStateful {
                printer.line()
                emitAdvance(&printer, collect)
            }
            for (index, value) in program.values.enumerated() {
                if index == 0 { printer.line() }
                emitFunction(&printer, name: names.valueFunctions[index], documentation: value.documentation,
                             type: value.type, body: value.body, collect)
            }
            for (index, output) in program.outputs.enumerated() {
                if index == 0 { printer.line() }
                emitFunction(&printer, name: names.outputFunctions[index], documentation: nil, type: output.type,
                             body: output.body, collect)
            }
            for snap in program.snaps {
                printer.line()
                emitSettle(&printer, snap, collect)
            }
            for function in program.functions {
                printer.line()
                emitUserFunction(&printer, function, collect)
            }
        }
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

    /// The arguments that pass a function's parameters on to a function that reads `uses`.
    private func arguments(_ uses: Uses, inputs: [Int: String]? = nil) -> [String] {
        var arguments: [String] = []
        if uses.offset { arguments.append("offset") }
        if uses.state { arguments.append("state") }
        for index in uses.inputs { arguments.append(inputs?[index] ?? names.inputParameters[index]) }
        return arguments
    }

    /// A call of a named value's function from a function that has the same parameters at hand.
    private func call(value index: Int) -> String {
        let name = names.valueFunctions[index]
        if program.values[index].body.isFixed { return name }
        return "\(name)(\(arguments(program.values[index].body.uses).joined(separator: ", ")))"
    }

    /// A scope with the function's parameters taken and, for a function that calls the functions of named
    /// values (`calls`), their names too: a local of that name would hide them.
    private func scope(for uses: Uses, calls: Bool = true) -> KotlinScope {
        var scope = calls ? names.functionScope : names.localScope
        for index in uses.inputs { scope.reserve(program.inputs[index].name) }
        return scope
    }

    private func parameterRead(_ read: Read, values: [Int: String]) -> String {
        switch read {
        case .offset: return "offset"
        case .input(let index): return names.inputParameters[index]
        case .state(let index): return "state.\(names.stateFields[index])"
        case .value(let index): return values[index] ?? call(value: index)
        case .delta, .target, .velocity, .local, .parameter: return "Double.NaN"
        }
    }

    /// Locals for the named values a body reads more than once, each computed by one call.
    private func valueLocals(_ body: Body, _ function: inout KotlinBody) -> [Int: String] {
        var locals: [Int: String] = [:]
        for index in body.valuesReadMoreThanOnce {
            let local = function.fresh(program.values[index].name)
            function.append("val \(local): \(KotlinSyntax.type(program.values[index].type)) = \(call(value: index))")
            locals[index] = local
        }
        return locals
    }

    /// One named value or output alone: the named values it reads are its functions' results.
    private func emitFunction(_ printer: inout CodePrinter, name: String, documentation: String?, type: ValueType, body: Body,
                              _ collect: (KotlinBody) -> Void) {
        self.documentation(&printer, documentation)
        let kotlinType = KotlinSyntax.type(type)
        if body.isFixed {
            var function = KotlinBody(functions: names.functions, scope: KotlinScope()) { _ in "Double.NaN" }
            printer.line("val \(name): \(kotlinType) = \(function.render(body))")
            collect(function)
            return
        }
        var prelude = KotlinBody(functions: names.functions, scope: scope(for: body.uses)) { _ in "Double.NaN" }
        let locals = valueLocals(body, &prelude)
        var function = KotlinBody(functions: names.functions, scope: prelude.scope) { parameterRead($0, values: locals) }
        for line in prelude.lines { function.append(line) }
        let result = function.render(body, name: function.fresh("value"))
        collect(function)
        let signature = "fun \(name)(\(parameters(body.uses).joined(separator: ", "))): \(kotlinType)"
        if function.lines.isEmpty, printer.fits("\(signature) = \(result)") {
            printer.line("\(signature) = \(result)")
            return
        }
        printer.block(signature) { printer in
            printer.lines(function.lines)
            printer.line("return \(result)")
        }
    }

    /// A function of the spec: a private member of the object, named as in the spec.
    private func emitUserFunction(_ printer: inout CodePrinter, _ function: Program.Function, _ collect: (KotlinBody) -> Void) {
        documentation(&printer, function.documentation)
        var scope = names.localScope
        let parameters = function.parameters.map { scope.fresh($0.name) }
        var body = KotlinBody(functions: names.functions, scope: scope) { read in
            guard case .parameter(let position) = read, position < parameters.count else { return "Double.NaN" }
            return parameters[position]
        }
        let result = body.render(function.body, name: body.fresh("value"))
        collect(body)
        let list = zip(parameters, function.parameters).map { "\($0): \(KotlinSyntax.type($1.type))" }
        // A parameter the body does not read (`func one(x) = 1`) is still the spec's: kotlinc would warn.
        var read = Set<Int>()
        for expression in function.body.locals + [function.body.result] {
            expression.forEachRead { if case .parameter(let position) = $0 { read.insert(position) } }
        }
        if read.count < function.parameters.count { printer.line("@Suppress(\"UNUSED_PARAMETER\")") }
        let signature = "private fun \(KotlinNames.identifier(function.name))(\(list.joined(separator: ", "))): \(KotlinSyntax.type(function.type))"
        if body.lines.isEmpty, printer.fits("\(signature) = \(result)") {
            printer.line("\(signature) = \(result)")
            return
        }
        printer.block(signature) { printer in
            printer.lines(body.lines)
            printer.line("return \(result)")
        }
    }

    /// Beyond this many named values and outputs, `frame` builds each block in a function of its own: the
    /// JVM limits a method to 64 KB of bytecode.
    static let largestSingleFrame = 96

    private func emitFrameFunction(_ printer: inout CodePrinter, _ collect: (KotlinBody) -> Void) {
        let uses = Uses.union(program.outputs.lazy.map(\.body.uses))
        let needed = program.valuesNeeded(by: program.outputs.map(\.body))
        printer.line("/**")
        printer.line(" * Every output at [offset], the scroll offset plus the top inset: 0 at rest, negative when pulled down.")
        if program.isStateful { printer.line(" * [state] is the state after [advance] to the same offset.") }
        parameterDocumentation(&printer, uses.inputs)
        printer.line(" */")
        let parameterList = parameters(uses, alwaysOffset: true, alwaysState: program.isStateful)
        // The API gives `frame` the offset, and a header with state the state, even where no output reads them.
        if !uses.offset || (program.isStateful && !uses.state) { printer.line("@Suppress(\"UNUSED_PARAMETER\")") }
        let signature = "fun frame(\(parameterList.joined(separator: ", "))): Frame"
        if needed.count + program.outputs.count > KotlinEmitter.largestSingleFrame {
            emitFrameByBlock(&printer, signature: signature, uses: uses, collect)
            return
        }
        printer.block(signature) { printer in
            var (function, _) = framePrelude(computing: needed, uses: uses)
            let values = program.outputs.map { function.render($0.body) }
            collect(function)
            printer.lines(function.lines)
            let blocks = program.blocks.indices.map { blockIndex -> String in
                let block = program.blocks[blockIndex]
                return "Frame.\(names.blockTypes[blockIndex])(\(block.outputs.map { values[$0] }.joined(separator: ", ")))"
            }
            printer.argumentsOneALine("return Frame(", blocks, ")")
        }
    }

    /// The start of `frame`: the named values of `values` computed once each, in evaluation order, as
    /// locals named after them.
    private func framePrelude(computing values: Set<Int>, uses: Uses) -> (KotlinBody, [Int: String]) {
        var scope = scope(for: uses, calls: false)
        var valueNames: [Int: String] = [:]
        for index in program.values.indices where values.contains(index) {
            valueNames[index] = scope.fresh(program.values[index].name)
        }
        var function = KotlinBody(functions: names.functions, scope: scope) { [valueNames] in parameterRead($0, values: valueNames) }
        computeValues(program.values.indices.filter(values.contains), named: valueNames, in: &function)
        return (function, valueNames)
    }

    private func computeValues(_ indices: [Int], named valueNames: [Int: String], in function: inout KotlinBody) {
        for index in indices {
            guard let name = valueNames[index] else { continue }
            let text = function.render(program.values[index].body, name: name)
            if text != name { function.append("val \(name): \(KotlinSyntax.type(program.values[index].type)) = \(text)") }
        }
    }

    /// `frame` for a large header: the named values several blocks read are computed once in `frame`;
    /// each block's own values and outputs in a private function that takes what it reads.
    private func emitFrameByBlock(_ printer: inout CodePrinter, signature: String, uses: Uses, _ collect: (KotlinBody) -> Void) {
        let partition = program.blockPartition()
        let (prelude, sharedNames) = framePrelude(computing: partition.shared, uses: uses)
        collect(prelude)
        var memberScope = names.memberScope
        var blockCalls: [String] = []
        var helperFunctions = printer.nested()
        for (blockIndex, block) in program.blocks.enumerated() {
            let helper = memberScope.fresh("frame" + names.blockTypes[blockIndex])
            let own = partition.own[blockIndex], sharedRead = partition.sharedRead[blockIndex]
            let blockUses = partition.uses[blockIndex]
            var scope = scope(for: blockUses, calls: false)
            var parameterNames: [Int: String] = [:]
            var parameterList = parameters(blockUses, withDefaults: false)
            var callArguments = arguments(blockUses)
            for index in sharedRead {
                let name = scope.fresh(program.values[index].name)
                parameterNames[index] = name
                parameterList.append("\(name): \(KotlinSyntax.type(program.values[index].type))")
                callArguments.append(sharedNames[index] ?? "Double.NaN")
            }
            blockCalls.append("\(helper)(\(callArguments.joined(separator: ", ")))")
            var valueNames = parameterNames
            for index in own { valueNames[index] = scope.fresh(program.values[index].name) }
            var function = KotlinBody(functions: names.functions, scope: scope) { parameterRead($0, values: valueNames) }
            computeValues(own, named: valueNames, in: &function)
            let outputs = block.outputs.map { function.render(program.outputs[$0].body) }
            collect(function)
            let type = names.blockTypes[blockIndex]
            helperFunctions.line()
            helperFunctions.block("private fun \(helper)(\(parameterList.joined(separator: ", "))): Frame.\(type)") { printer in
                printer.lines(function.lines)
                printer.line("return Frame.\(type)(\(outputs.joined(separator: ", ")))")
            }
        }
        printer.block(signature) { printer in
            printer.lines(prelude.lines)
            printer.argumentsOneALine("return Frame(", blockCalls, ")")
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
    private func emitAdvance(_ printer: inout CodePrinter, _ collect: (KotlinBody) -> Void) {
        let uses = program.advanceUses
        let readsDelta = program.states.contains { $0.next.reads(.delta) }
        printer.line("/**")
        printer.line(" * Moves [state] to [offset]: the first call starts from the initial values, each later one follows")
        printer.line(" * the change of offset since the previous call. Call it once a frame, before reading the outputs.")
        parameterDocumentation(&printer, uses.inputs)
        printer.line(" */")
        let parameterList = ["state: State", "offset: Double"] + parameters(Uses.inputs(uses.inputs))
        printer.block("fun advance(\(parameterList.joined(separator: ", ")))") { printer in
            var scope = scope(for: uses, calls: false)
            let last = scope.fresh("last"), delta = scope.fresh("delta")
            // The named values the next values read, through one another, computed once each.
            let fromInputs = program.statesStartingFromInputs
            let needed = program.valuesNeeded(by: program.states.map(\.next) + fromInputs.map { program.states[$0].initial })
            var valueNames: [Int: String] = [:]
            for index in program.values.indices where needed.contains(index) {
                valueNames[index] = scope.fresh(program.values[index].name)
            }
            var function = KotlinBody(functions: names.functions, scope: scope) { read in
                read == .delta ? delta : parameterRead(read, values: valueNames)
            }
            if readsDelta {
                function.append("val \(last) = state.\(names.lastOffsetField)")
                function.append("val \(delta): Double = if (\(last) == null) 0.0 else offset - \(last)")
            }
            computeValues(program.values.indices.filter(needed.contains), named: valueNames, in: &function)
            if !fromInputs.isEmpty {
                function.append("if (state.\(names.lastOffsetField) == null) {")
                function.indented { body in
                    for index in fromInputs {
                        let state = program.states[index]
                        let name = body.fresh("initial" + state.name.prefix(1).uppercased() + state.name.dropFirst())
                        body.append("state.\(names.stateFields[index]) = \(body.render(state.initial, name: name))")
                    }
                }
                function.append("}")
            }
            var stores: [String] = []
            for (index, state) in program.states.enumerated() {
                let name = function.fresh("next" + state.name.prefix(1).uppercased() + state.name.dropFirst())
                let text = function.render(state.next, name: name)
                if text != name { function.append("val \(name): \(KotlinSyntax.type(state.type)) = \(text)") }
                stores.append("state.\(names.stateFields[index]) = \(name)")
            }
            collect(function)
            printer.lines(function.lines)
            printer.lines(stores)
            printer.line("state.\(names.lastOffsetField) = offset")
        }
    }

    private func emitSettle(_ printer: inout CodePrinter, _ snap: Program.Snap, _ collect: (KotlinBody) -> Void) {
        let inside = snap.hasDefaultRule ? "the nearest point, or the next one after a fling (\(KotlinNames.literal(SnapLowering.flingVelocity)) pt/s)"
            : "the point that the snap's rule (its threshold, ties and fling) picks"
        if let moved = snap.state {
            documentation(&printer, snap.documentation ?? "Moves `\(program.states[moved].name)` to where it comes to rest when the scroll ends with `velocity` (points per second), and returns it: "
                          + (snap.hasCustomRule ? "the snap's rule decides." : "outside the points it keeps its value; inside, \(inside)."))
        } else {
            documentation(&printer, snap.documentation ?? "Where a scroll gesture that would end at `target` with `velocity` (points per second) comes to rest: "
                          + (snap.hasCustomRule ? "the snap's rule decides." : "outside the points, `target`; inside, \(inside)."))
        }
        var scope = scope(for: snap.settle.uses)
        scope.reserve("target")
        scope.reserve("velocity")
        scope.reserve("state")
        var prelude = KotlinBody(functions: names.functions, scope: scope) { _ in "Double.NaN" }
        let locals = valueLocals(snap.settle, &prelude)
        var function = KotlinBody(functions: names.functions, scope: prelude.scope) { read in
            switch read {
            case .target: return "target"
            case .velocity: return "velocity"
            default: return parameterRead(read, values: locals)
            }
        }
        for line in prelude.lines { function.append(line) }
        let result = function.render(snap.settle, name: function.fresh("settled"))
        collect(function)
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
        var functions: [String] = []
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
            functions = program.functions.map { KotlinNames.identifier($0.name) }
            members.formUnion(program.functions.map(\.name))
            functionScope = KotlinScope(taken: members.union(["offset", "state"]))
            // A local never takes a function's name, which a call would then mean.
            localScope = KotlinScope(taken: Set(program.functions.map(\.name)).union(["offset", "state"]))
            memberScope = KotlinScope(taken: members)
        }
    }

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
