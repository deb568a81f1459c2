import HeaderSource
import HeaderSyntax
import HeaderMath
import HeaderIR

/// A function of the generated API, planned once from the `Program`: what it takes, what its comment says,
/// its statements and its result. A back end declares it in its own syntax (`declare` in each emitter).
struct APIFunction {
    enum Parameter {
        /// The API's state, which the function changes where `moved`; `labelled` where it follows the offset
        /// among the parameters of what it reads, unlabelled where the function is about the state.
        case state(moved: Bool, labelled: Bool = false)
        case offset
        /// A number the caller passes as `label` (`target`, `velocity`, `time`…), read inside as `name`.
        case number(label: String, name: String, type: ValueType)
        /// The inputs the function reads, in declaration order, each with its default.
        case inputs([Int])
        /// A parameter of a spec's own function, passed without a label; `binary32`: declared a Float.
        case positional(String, ValueType, binary32: Bool)
    }

    var name: String
    /// What its doc comment says, `code` in backticks, lines broken where the comment breaks them.
    var documentation: String?
    var parameters: [Parameter]
    /// The type of its result; nil for a function that only changes the state.
    var result: ValueType?
    /// The result is the language's own Float (a spec's function that declares it).
    var resultIsBinary32 = false
    var lines: [String] = []
    var returned: String?
    /// Whether its comment lists the documented inputs (`frame` and `advance`).
    var documentsInputs = false
    /// Whether a parameter the API keeps goes unread (Kotlin's compiler warns of it).
    var leavesParametersUnread = false
    /// A spec's own function: private to the file.
    var isPrivate = false
    /// A value computed once, with no parameters: a constant of the file where the language has them.
    var isConstant = false
    /// Whether it follows the function before it without a blank line (a named value's after another's).
    var followsPrevious = false
    /// The block whose part of the frame it builds (a large `frame`'s functions), which is its result.
    var returnsBlock: Int?

    /// Whether the function changes the state it is given.
    var movesState: Bool {
        parameters.contains { if case .state(moved: true, _) = $0 { return true } else { return false } }
    }
}

/// The functions every back end writes, planned once from the `Program`: which named values each computes
/// once and under which names, in what order its statements come, what each block's function of a large
/// `frame` takes. A back end declares the planned functions in its own syntax.
struct EmissionPlan<Syntax: EmissionSyntax> {
    typealias Writer = BodyPrinter<Syntax.Language>
    let program: Program
    let syntax: Syntax

    init(program: Program, syntax: Syntax) {
        self.program = program
        self.syntax = syntax
    }

    /// How a read is written inside a function that has the API's parameters; `values` names the named
    /// values already in locals, and the others are calls of their functions.
    func read(_ read: Read, values: [Int: String], inputs: [Int: String]) -> (String, ValueType) {
        switch read {
        case .offset: return ("offset", .length)
        case .input(let index): return (inputs[index] ?? syntax.notANumber, program.inputs[index].type)
        case .state(let index): return (syntax.stateField(index), program.states[index].type)
        case .value(let index): return (values[index] ?? syntax.call(value: index), program.values[index].type)
        case .delta, .time, .target, .velocity, .local, .parameter: return (syntax.notANumber, .number)
        }
    }

    /// A printer for a function of `bodies`: first the lines that read its inputs, then `first` (which names
    /// its locals in the scope it is given), then the named values it needs, each computed once into a local
    /// named after it (where the language calls values' functions and `callsValues`, only those read more
    /// than once, each by one call), or the values of `chosen` alone (a large `frame`'s shared ones); `extra`
    /// writes the reads of the function's own parameters. Returns the printer and the names of the values in
    /// locals.
    func writer(for bodies: [Body], scope: Syntax.Language.Scope, callsValues: Bool = true,
                computing chosen: Set<Int>? = nil, first: (inout Syntax.Language.Scope) -> [String] = { _ in [] },
                extra: @escaping (Read) -> (String, ValueType)? = { _ in nil }) -> (Writer, [Int: String]) {
        var scope = scope
        let calls = callsValues && syntax.callsValueFunctions && chosen == nil
        let needed = chosen ?? program.valuesNeeded(by: bodies)
        let readInputs = calls ? Uses.union(bodies.map(\.uses)).inputs
            : Uses.union(bodies.map(\.uses) + needed.map { program.values[$0].body.uses }).inputs
        let (inputLines, inputNames) = syntax.readInputs(readInputs, scope: &scope)
        let firstLines = first(&scope)
        var names: [Int: String] = [:], computed: [Int] = []
        for index in calls ? bodies.flatMap(\.valuesReadMoreThanOnce) : program.values.indices.filter(needed.contains) where names[index] == nil {
            names[index] = scope.fresh(program.values[index].name)
            computed.append(index)
        }
        var writer = Writer(functions: syntax.functions, scope: scope) { [names] read in
            extra(read) ?? self.read(read, values: names, inputs: inputNames)
        }
        for line in inputLines + firstLines { writer.append(line) }
        for index in computed where calls {
            if let name = names[index] { writer.append(syntax.constant(name, type: program.values[index].type, value: syntax.call(value: index))) }
        }
        if !calls { computeValues(computed, named: names, in: &writer) }
        return (writer, names)
    }

    /// A constant for each named value of `indices` (in evaluation order), under the names given.
    func computeValues(_ indices: [Int], named names: [Int: String], in writer: inout Writer) {
        for index in indices {
            guard let name = names[index] else { continue }
            let type = program.values[index].type
            let (text, binary32) = writer.renderValue(program.values[index].body, as: type, name: name)
            if binary32, let float = Syntax.Language.binary32 {
                writer.append(float.constant(name, text))
                writer.binary32Reads.insert(.value(index))
            } else if text != name {
                writer.append(syntax.constant(name, type: type, value: text))
            }
        }
    }

    // MARK: The API's functions

    /// The functions after `frame`, in the order every back end declares them: `advance` and `readsTime`
    /// for a header with state; the function of each named value, then of each output, for a language that
    /// has them, under the names `values` and `outputs` give; each snap's settling and motion; the spec's
    /// functions, each starting from `functionScope`. `identifier` writes a spec name as the language declares it.
    func functions(values: [String], outputs: [String], identifier: (String) -> String, functionScope: Syntax.Language.Scope) -> [APIFunction] {
        var functions = program.isStateful ? [advance()] : []
        if let body = program.timeDependence() { functions.append(readsTime(body)) }
        if syntax.callsValueFunctions {
            for (index, value) in program.values.enumerated() {
                functions.append(valueFunction(name: values[index], documentation: value.documentation, type: value.type, body: value.body))
                functions[functions.count - 1].followsPrevious = index > 0
            }
            for (index, output) in program.outputs.enumerated() {
                functions.append(valueFunction(name: outputs[index], documentation: nil, type: output.type, body: output.body))
                functions[functions.count - 1].followsPrevious = index > 0
            }
        }
        for snap in program.snaps {
            let settle = SwiftNames.settleFunction(snap.name, count: program.snaps.count)
            functions.append(self.settle(snap, name: identifier(settle)))
            if let body = snap.motion { functions.append(motion(snap, body, settle: settle)) }
        }
        return functions + program.functions.map { userFunction($0, name: identifier($0.name), scope: functionScope) }
    }

    /// The function of a named value or an output, alone: the named values it reads are its functions'
    /// results (for the languages that have them).
    func valueFunction(name: String, documentation: String?, type: ValueType, body: Body) -> APIFunction {
        var (writer, _) = self.writer(for: [body], scope: syntax.scope(for: body.uses, callsValues: true))
        let returned = writer.render(body, as: type, name: nil)
        return APIFunction(name: name, documentation: documentation, parameters: parameters(body.uses), result: type,
                           lines: writer.lines, returned: returned, isConstant: body.isFixed)
    }

    /// The parameters of a function that reads `uses`, in the API's order: the offset, the state, the inputs.
    func parameters(_ uses: Uses, offset: Bool = false, state: Bool = false) -> [APIFunction.Parameter] {
        (uses.offset || offset ? [.offset] : []) + (uses.state || state ? [.state(moved: false, labelled: true)] : [])
            + (uses.inputs.isEmpty ? [] : [.inputs(uses.inputs)])
    }

    /// The inputs a function's comment documents (where it `documentsInputs`): each documented one it
    /// takes, by name, with its documentation on one line.
    func documentedInputs(of function: APIFunction) -> [(name: String, text: String)] {
        guard function.documentsInputs else { return [] }
        return function.parameters.flatMap { parameter -> [(name: String, text: String)] in
            guard case .inputs(let indices) = parameter else { return [] }
            return indices.compactMap { index in
                program.inputs[index].documentation.flatMap { $0.isEmpty ? nil : (program.inputs[index].name, GeneratedText.oneLine($0)) }
            }
        }
    }

    /// `frame`'s comment, which every back end's `frame` has.
    func frameDocumentation(takesState: Bool) -> String {
        "Every output at `offset`, the scroll offset plus the top inset: 0 at rest, negative when pulled down."
            + (takesState ? "\n`state` is the state after `advance` to the same offset." : "")
    }

    /// `advance`, the only function that changes the state: a state whose initial value reads inputs takes
    /// it from those given to the first call; then every state's next value is computed from the previous
    /// ones, and all are stored.
    func advance() -> APIFunction {
        let uses = program.advanceUses
        var scope = syntax.scope(for: uses, callsValues: false)
        let time = syntax.parameterName("time", scope: &scope)
        let fromInputs = program.statesStartingFromInputs
        let bodies = program.states.map(\.next) + fromInputs.map { program.states[$0].initial }
        var delta = ""
        var (writer, _) = self.writer(for: bodies, scope: scope, callsValues: false, first: { scope in
            delta = scope.fresh("delta")
            return program.states.contains { $0.next.reads(.delta) } ? syntax.delta(delta, scope: &scope) : []
        }) { $0 == .delta ? (delta, .length) : $0 == .time ? (time, .time) : nil }
        if !fromInputs.isEmpty {
            writer.append(syntax.firstCall)
            writer.indented { body in
                for index in fromInputs {
                    let state = program.states[index]
                    let name = body.fresh("initial" + state.name.prefix(1).uppercased() + state.name.dropFirst())
                    body.append(syntax.assignment(syntax.stateField(index), value: body.render(state.initial, as: state.type, name: name)))
                }
            }
            writer.append("}")
        }
        var stores: [String] = []
        for (index, state) in program.states.enumerated() {
            let name = writer.fresh("next" + state.name.prefix(1).uppercased() + state.name.dropFirst())
            let text = writer.render(state.next, as: state.type, name: name)
            if text != name { writer.append(syntax.constant(name, type: state.type, value: text)) }
            stores.append(syntax.assignment(syntax.stateField(index), value: name))
        }
        let documentation = "Moves `state` to `offset`: the first call starts from the initial values, each later one follows\n"
            + "the change of offset since the previous call. Call it once a frame, before reading the outputs."
            + (program.readsTime ? "\n`\(time)` is the frame's time in milliseconds, which the transitions follow; it never goes back." : "")
        var parameters: [APIFunction.Parameter] = [.state(moved: true), .offset]
        if program.readsTime { parameters.append(.number(label: "time", name: time, type: .time)) }
        return APIFunction(name: "advance", documentation: documentation, parameters: parameters + self.parameters(Uses.inputs(uses.inputs)),
                           result: nil, lines: writer.lines + stores + [syntax.recordOffset], documentsInputs: true)
    }

    /// `readsTime`: whether `advance` there now reads the frame's time (`Program.timeDependence`).
    func readsTime(_ body: Body) -> APIFunction {
        var delta = ""
        var (writer, _) = self.writer(for: [body], scope: syntax.scope(for: body.uses, callsValues: true), first: { scope in
            delta = scope.fresh("delta")
            return body.reads(.delta) ? syntax.delta(delta, scope: &scope) : []
        }) { $0 == .delta ? (delta, .length) : nil }
        let returned = writer.render(body, as: .bool, name: writer.fresh("reads"))
        let documentation = "Whether `advance` at `offset` reads the time along the way the states take there now. While the scroll\n"
            + "stands, a frame where it does not, and that changes no state, leaves the states at rest."
        return APIFunction(name: "readsTime", documentation: documentation,
                           parameters: [.state(moved: false), .offset] + parameters(Uses.inputs(body.uses.inputs)), result: .bool,
                           lines: writer.lines, returned: returned,
                           leavesParametersUnread: !body.uses.offset || !(body.uses.state || body.reads(.delta)))
    }

    /// A snap's settling: where the scroll comes to rest (or, for a snap that moves a state, where the state does).
    func settle(_ snap: Program.Snap, name: String) -> APIFunction {
        var scope = syntax.scope(for: snap.settle.uses, callsValues: true)
        let movedType = snap.state.map { program.states[$0].type } ?? .length
        let target = syntax.parameterName("target", scope: &scope), velocity = syntax.parameterName("velocity", scope: &scope)
        var (writer, _) = self.writer(for: [snap.settle], scope: scope, first: { _ in
            guard let moved = snap.state, snap.settle.reads(.target) else { return [] }
            return [syntax.constant(target, type: movedType, value: syntax.stateField(moved))]
        }) { read in read == .target ? (target, movedType) : read == .velocity ? (velocity, .length) : nil }
        var returned = writer.render(snap.settle, as: movedType, name: writer.fresh("settled"))
        let inside = snap.hasDefaultRule ? "the nearest point, or the next one after a fling (\(Int(SnapLowering.flingVelocity)) pt/s)"
            : "the point that the snap's rule (its threshold, ties and fling) picks"
        let rule = snap.hasCustomRule ? "The snap's rule decides where." : nil
        var documentation: String
        var parameters: [APIFunction.Parameter] = [.number(label: "velocity", name: velocity, type: .length)]
        if let moved = snap.state {
            documentation = snap.documentation ?? "Moves `\(program.states[moved].name)` to where it comes to rest when the scroll ends with `velocity`\n(points per second)."
            documentation += "\n" + (rule ?? "Outside the points it keeps its value; inside, \(inside).") + " Returns the new value."
            parameters.insert(.state(moved: true), at: 0)
            writer.append(syntax.assignment(syntax.stateField(moved), value: returned))
            returned = syntax.stateField(moved)
        } else {
            documentation = snap.documentation ?? "Where a scroll gesture that would end at `target` with `velocity` (points per second) should come\nto rest."
            documentation += "\n" + (rule ?? "Outside the points it is `target`; inside, \(inside).")
            parameters.insert(.number(label: "target", name: target, type: .length), at: 0)
        }
        return APIFunction(name: name, documentation: documentation, parameters: parameters + self.parameters(snap.settle.uses),
                           result: movedType, lines: writer.lines, returned: returned,
                           leavesParametersUnread: !snap.settle.reads(.velocity) || (snap.state == nil && !snap.settle.reads(.target)))
    }

    /// `motion`: where the scroll is a time after the finger lifted, on its way to the settled target.
    func motion(_ snap: Program.Snap, _ body: Body, settle: String) -> APIFunction {
        var uses = body.uses
        uses.offset = false
        var scope = syntax.scope(for: uses, callsValues: true)
        var numbers: [APIFunction.Parameter] = []
        var names: [Read: String] = [:]
        for (label, read, type) in [("from", Read.offset, ValueType.length), ("velocity", .velocity, .length),
                                    ("target", .target, .length), ("elapsed", .time, .time)] {
            names[read] = syntax.parameterName(label, scope: &scope)
            numbers.append(.number(label: label, name: names[read] ?? label, type: type))
        }
        var (writer, _) = self.writer(for: [body], scope: scope, extra: { read in
            names[read].map { ($0, read == .time ? ValueType.time : .length) }
        })
        let returned = writer.render(body, as: .length, name: writer.fresh("position"))
        return APIFunction(name: "motion", documentation: MotionLowering.summary(snap, settle: settle), parameters: numbers + parameters(uses),
                           result: .length, lines: writer.lines, returned: returned, leavesParametersUnread: !body.reads(.velocity))
    }

    /// One of the spec's functions: private to the file, its parameters positional.
    func userFunction(_ function: Program.Function, name: String, scope: Syntax.Language.Scope) -> APIFunction {
        var scope = scope
        let names = function.parameters.map { scope.fresh($0.name) }
        var writer = Writer(functions: syntax.functions, scope: scope) { [syntax] read in
            guard case .parameter(let position) = read, position < names.count else { return (syntax.notANumber, .number) }
            return (names[position], function.parameters[position].type)
        }
        let binary32 = Syntax.Language.binary32 != nil
        if binary32 {
            for (position, parameter) in function.parameters.enumerated() where parameter.isFloat { writer.binary32Reads.insert(.parameter(position)) }
        }
        let floatResult = function.resultIsFloat ? writer.renderBinary32Result(function.body) : nil
        let returned = floatResult ?? writer.render(function.body, as: function.type, name: nil)
        var read = Set<Int>()
        for expression in function.body.locals + [function.body.result] {
            expression.forEachRead { if case .parameter(let position) = $0 { read.insert(position) } }
        }
        return APIFunction(name: name, documentation: function.documentation,
                           parameters: zip(names, function.parameters).map { .positional($0, $1.type, binary32: binary32 && $1.isFloat) },
                           result: function.type, resultIsBinary32: floatResult != nil,
                           lines: writer.lines, returned: returned, leavesParametersUnread: read.count < function.parameters.count, isPrivate: true)
    }
}

extension EmissionPlan where Syntax: BlockFrameSyntax {
    /// `frame`, planned: its function, whose last statement (each language's own) builds the frame from
    /// `blocks`, each block's outputs in order; for a large header, the functions that build each block
    /// (`helpers`), whose calls are `calls`.
    struct Frame {
        var function: APIFunction
        var blocks: [[String]] = []
        var helpers: [APIFunction] = []
        var calls: [String] = []
    }

    /// `frame` of every output at an offset, taking the state where an output reads it, or, with
    /// `alwaysTakesState`, wherever the header has one. Beyond `largestSingleFrame` named values and outputs,
    /// each block is built by a function of its own, named by `helperNames`; `frame` computes the named
    /// values several blocks read once and passes them in, labelled as `values` names their functions.
    func frame(alwaysTakesState: Bool, largestSingleFrame: Int, values: [String], helperNames: () -> [String]) -> Frame {
        let uses = Uses.union(program.outputs.lazy.map(\.body.uses))
        let takesState = uses.state || (alwaysTakesState && program.isStateful)
        let needed = program.valuesNeeded(by: program.outputs.map(\.body))
        let partition = needed.count + program.outputs.count > largestSingleFrame ? program.blockPartition() : nil
        var (writer, sharedNames) = self.writer(for: program.outputs.map(\.body), scope: syntax.scope(for: uses, callsValues: false),
                                                callsValues: false, computing: partition?.shared)
        var frame = Frame(function: APIFunction(name: "frame", documentation: frameDocumentation(takesState: takesState),
                                                parameters: parameters(uses, offset: true, state: takesState), result: nil,
                                                documentsInputs: true, leavesParametersUnread: !uses.offset || (takesState && !uses.state)))
        if let partition {
            for (blockIndex, name) in zip(program.blocks.indices, helperNames()) {
                let blockUses = partition.uses[blockIndex]
                var scope = syntax.scope(for: blockUses, callsValues: false)
                let (_, inputNames) = syntax.readInputs(blockUses.inputs, scope: &scope)
                var names: [Int: String] = [:]
                var shared: [APIFunction.Parameter] = [], arguments = syntax.arguments(blockUses)
                for index in partition.sharedRead[blockIndex] {
                    let name = scope.fresh(program.values[index].name)
                    names[index] = name
                    shared.append(.number(label: values[index], name: name, type: program.values[index].type))
                    // A value `frame` holds in a Float is passed on as the Double it is.
                    let argument = sharedNames[index].map { writer.numberText(of: .value(index), $0, as: program.values[index].type) }
                    arguments.append(syntax.argument(values[index], argument ?? syntax.notANumber))
                }
                for index in partition.own[blockIndex] { names[index] = scope.fresh(program.values[index].name) }
                var block = Writer(functions: syntax.functions, scope: scope) { [names] read in self.read(read, values: names, inputs: inputNames) }
                computeValues(partition.own[blockIndex], named: names, in: &block)
                let outputs = program.blocks[blockIndex].outputs.map { block.render(program.outputs[$0].body, as: program.outputs[$0].type, name: nil) }
                frame.helpers.append(APIFunction(name: name, documentation: nil, parameters: parameters(blockUses) + shared, result: nil,
                                                 lines: block.lines, returned: syntax.blockFrame(blockIndex, outputs), isPrivate: true,
                                                 returnsBlock: blockIndex))
                frame.calls.append(syntax.call(name, arguments))
            }
        } else {
            let outputs = program.outputs.map { writer.render($0.body, as: $0.type, name: nil) }
            frame.blocks = program.blocks.map { $0.outputs.map { outputs[$0] } }
        }
        frame.function.lines = writer.lines
        return frame
    }
}

extension Program {
    /// Every body a back end prints: the named values, the outputs, each state's next value and (where it
    /// reads inputs) its initial one, each snap's settling and motion, the spec's functions.
    var printedBodies: [Body] {
        values.map(\.body) + outputs.map(\.body) + states.map(\.next) + statesStartingFromInputs.map { states[$0].initial }
            + snaps.map(\.settle) + snaps.compactMap(\.motion) + functions.map(\.body)
    }

    /// The curves the printed bodies evaluate, and the runtime's helpers that `Syntax` spells their operations with.
    func curvesAndHelpers<Syntax: BodySyntax>(spelledBy syntax: Syntax.Type) -> (curves: [Curve], helpers: Set<String>) {
        var curves: [Curve] = []
        var helpers = Set<String>()
        for body in printedBodies {
            for expression in body.locals + [body.result] {
                expression.forEachNode { node in
                    let spelling: Spelling
                    switch node.kind {
                    case .curve(let curve, _): curves.append(curve); return
                    case .unary(let operation, _): spelling = Syntax.spelling(operation)
                    case .binary(let operation, _, _): spelling = Syntax.spelling(operation)
                    default: return
                    }
                    if case .call(let callee) = spelling, Syntax.isHelper(callee) { helpers.insert(callee) }
                }
            }
        }
        return (curves, helpers)
    }
}

extension Program.Animation {
    /// The spring as every back end's data gives it, in both of SwiftUI's forms, `.spring(response:dampingFraction:)`
    /// and `Spring(duration:bounce:)`, whose duration is the response.
    var springFields: [(name: String, value: Double)] {
        [("response", spring.response), ("dampingFraction", spring.dampingRatio), ("duration", spring.response), ("bounce", spring.bounce)]
    }
}

extension Uses {
    static func inputs(_ inputs: [Int]) -> Uses {
        var uses = Uses()
        uses.inputs = inputs
        return uses
    }
}
