import HeaderSource
import HeaderSyntax
import HeaderMath
import HeaderIR

/// What the emission plan asks of a body printer (`BodyPrinter`, whatever its language).
package protocol BodyWriting {
    associatedtype Scope: FreshNames
    var lines: [String] { get }
    var scope: Scope { get }
    /// Adds a line of the caller's own, at the body's indentation.
    mutating func append(_ line: String)
    mutating func fresh(_ base: String) -> String
    /// Writes the body's locals as statements and returns its result's text, as `type`; a result that is a
    /// chain of conditions is assigned to `name` (or a fresh name) by an if-chain.
    mutating func render(_ body: Body, as type: ValueType, name: String?) -> String
    /// The lines that `body` adds, one level further in (the statements of the caller's own `if`).
    mutating func indented(_ body: (inout Self) -> Void)
}

/// The few things the plan needs a back end to spell: its printer, its scopes, a constant, and how a
/// function reads the API's parameters and calls a named value's function.
package protocol EmissionSyntax {
    associatedtype Writer: BodyWriting
    /// A printer over `scope` whose reads are written as `read` says (a text and the type it has).
    func writer(scope: Writer.Scope, read: @escaping (Read) -> (String, ValueType)) -> Writer
    /// A scope with the parameters of a function that reads `uses` taken, and, for a function that calls
    /// the functions of named values (`callsValues`), the names a local would hide.
    func scope(for uses: Uses, callsValues: Bool) -> Writer.Scope
    func constant(_ name: String, type: ValueType, value: String) -> String
    func assignment(_ name: String, value: String) -> String
    func inputParameter(_ index: Int) -> String
    /// A state, read from the API's `state` parameter.
    func stateField(_ index: Int) -> String
    /// A call of a named value's function from a function that has the same parameters at hand.
    func call(value index: Int) -> String
    var notANumber: String { get }
}

/// The functions every back end writes, planned once from the `Program`: which named values each computes
/// once and under which names, in what order its statements come, what each block's function of a large
/// `frame` takes. A back end prints the plan's statements inside its own declarations.
package struct EmissionPlan<Syntax: EmissionSyntax> {
    package typealias Writer = Syntax.Writer
    package let program: Program
    package let syntax: Syntax

    package init(program: Program, syntax: Syntax) {
        self.program = program
        self.syntax = syntax
    }

    /// How a read is written inside a function that has the API's parameters; `values` names the named
    /// values already in locals, and the others are calls of their functions.
    package func read(_ read: Read, values: [Int: String]) -> (String, ValueType) {
        switch read {
        case .offset: return ("offset", .length)
        case .input(let index): return (syntax.inputParameter(index), program.inputs[index].type)
        case .state(let index): return (syntax.stateField(index), program.states[index].type)
        case .value(let index): return (values[index] ?? syntax.call(value: index), program.values[index].type)
        case .delta, .time, .target, .velocity, .local, .parameter: return (syntax.notANumber, .number)
        }
    }

    /// A printer for a function of `body` alone: the named values it reads more than once are computed
    /// first, each by one call, into locals; `extra` writes the reads the API's parameters do not cover
    /// (the target, the velocity).
    package func function(of body: Body, scope: Writer.Scope,
                          extra: @escaping (Read) -> (String, ValueType)? = { _ in nil }) -> Writer {
        var prelude = syntax.writer(scope: scope) { [syntax] _ in (syntax.notANumber, .number) }
        var locals: [Int: String] = [:]
        for index in body.valuesReadMoreThanOnce {
            let local = prelude.fresh(program.values[index].name)
            prelude.append(syntax.constant(local, type: program.values[index].type, value: syntax.call(value: index)))
            locals[index] = local
        }
        var writer = syntax.writer(scope: prelude.scope) { read in extra(read) ?? self.read(read, values: locals) }
        for line in prelude.lines { writer.append(line) }
        return writer
    }

    /// A printer that starts with the lines `first`, then computes the named values of `values` once each,
    /// in evaluation order, as locals named after them; and those names.
    package func prelude(computing values: Set<Int>, scope: Writer.Scope, first: [String] = [],
                         extra: @escaping (Read) -> (String, ValueType)? = { _ in nil }) -> (Writer, [Int: String]) {
        var scope = scope
        var names: [Int: String] = [:]
        for index in program.values.indices where values.contains(index) {
            names[index] = scope.fresh(program.values[index].name)
        }
        var writer = syntax.writer(scope: scope) { [names] read in extra(read) ?? self.read(read, values: names) }
        for line in first { writer.append(line) }
        computeValues(program.values.indices.filter(values.contains), named: names, in: &writer)
        return (writer, names)
    }

    /// A constant for each named value of `indices` (in evaluation order), under the names given.
    package func computeValues(_ indices: [Int], named names: [Int: String], in writer: inout Writer) {
        for index in indices {
            guard let name = names[index] else { continue }
            let type = program.values[index].type
            let text = writer.render(program.values[index].body, as: type, name: name)
            if text != name { writer.append(syntax.constant(name, type: type, value: text)) }
        }
    }

    /// One block of a large header's `frame`, in a function of its own.
    package struct BlockFunction {
        package var uses: Uses
        /// The named values that `frame` computes for several blocks and passes in: index and parameter name.
        package var shared: [(index: Int, name: String)]
        package var lines: [String]
        /// Each output of the block, in order.
        package var outputs: [String]
    }

    /// A large header's `frame` by block: the named values several blocks read are computed once in `frame`
    /// (`prelude(computing: partition.shared, …)`); each block's own values and outputs in its function.
    package func blockFunctions(_ partition: Program.BlockPartition) -> [BlockFunction] {
        program.blocks.indices.map { blockIndex in
            let uses = partition.uses[blockIndex]
            var scope = syntax.scope(for: uses, callsValues: false)
            var names: [Int: String] = [:]
            var shared: [(index: Int, name: String)] = []
            for index in partition.sharedRead[blockIndex] {
                names[index] = scope.fresh(program.values[index].name)
                shared.append((index, names[index] ?? ""))
            }
            let own = partition.own[blockIndex]
            for index in own { names[index] = scope.fresh(program.values[index].name) }
            var writer = syntax.writer(scope: scope) { [names] read in self.read(read, values: names) }
            computeValues(own, named: names, in: &writer)
            let outputs = program.blocks[blockIndex].outputs.map {
                writer.render(program.outputs[$0].body, as: program.outputs[$0].type, name: nil)
            }
            return BlockFunction(uses: uses, shared: shared, lines: writer.lines, outputs: outputs)
        }
    }

    /// The statements of `advance` after the change of offset: a state whose initial value reads inputs
    /// takes it from those given to the first call (under `firstCall`, the language's `if` of that), then
    /// every state's next value is computed from the previous ones. Returns the stores, which come last.
    package func advance(_ writer: inout Writer, firstCall: String) -> [String] {
        let fromInputs = program.statesStartingFromInputs
        if !fromInputs.isEmpty {
            writer.append(firstCall)
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
        return stores
    }
}

extension BodyPrinter: BodyWriting {
    package mutating func render(_ body: Body, as type: ValueType, name: String?) -> String { render(body, as: Optional(type), name: name) }
}

extension Program {
    /// Every body a back end prints: the named values, the outputs, each state's next value and (where it
    /// reads inputs) its initial one, each snap's settling and motion, the spec's functions.
    package var printedBodies: [Body] {
        values.map(\.body) + outputs.map(\.body) + states.map(\.next) + statesStartingFromInputs.map { states[$0].initial }
            + snaps.map(\.settle) + snaps.compactMap(\.motion) + functions.map(\.body)
    }

    /// The curves the printed bodies evaluate, and the runtime's helpers that `Syntax` spells their operations with.
    package func curvesAndHelpers<Syntax: BodySyntax>(spelledBy syntax: Syntax.Type) -> (curves: [Curve], helpers: Set<String>) {
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
