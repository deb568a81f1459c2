import HeaderSource
import HeaderSyntax
import HeaderMath
import HeaderIR

/// How a language names what the generated API declares for the spec's names (`SwiftNames`,
/// `KotlinNames`): identifiers, a block's nested type, a named value's function, the spec's functions.
protocol APINaming {
    associatedtype Scope: FreshNames
    static func identifier(_ name: String) -> String
    static func blockType(_ name: String, blockNames: Set<String>) -> String
    static func valueFunction(_ name: String, outputFunctions: Set<String>) -> String
    /// One of the spec's functions as a body calls it.
    static func callee(_ function: String) -> String
    /// The names of the file's own API and runtime, which the spec's members keep away from.
    static var generatedMembers: Set<String> { get }
    /// Whether a local of a function could hide a member its body calls (Swift calls them through `Self.`).
    static var localsHideMembers: Bool { get }
    /// A scope with `taken` and `outer` taken; `outer`, the same for many scopes, is shared, not copied.
    static func scope(taken: Set<String>, outer: Set<String>) -> Scope
    static func reserve(_ name: String, in scope: inout Scope)
}

/// Every name the generated file declares for the spec's own names, claimed once.
struct APINames<Naming: APINaming> {
    let inputParameters: [String]
    let valueFunctions: [String]
    let outputFunctions: [String]
    let outputFields: [String]
    let blockFields: [String]
    let blockTypes: [String]
    let stateFields: [String]
    /// The spec's functions, as bodies call them.
    let functions: [Callee]
    /// The state's record of the previous frame's offset: `lastOffset`, unless a state has that name.
    let lastOffsetField: String
    /// The file's members, from which a private helper takes a name of its own (`memberScope`).
    let members: Set<String>
    private let inputNames: [String]
    private let functionNames: Set<String>

    init(_ program: Program) {
        inputNames = program.inputs.map(\.name)
        inputParameters = inputNames.map(Naming.identifier)
        let outputNames = program.outputs.map { SwiftNames.outputFunction(block: $0.block, property: $0.name) }
        let outputNameSet = Set(outputNames)
        let valueNames = program.values.map { Naming.valueFunction($0.name, outputFunctions: outputNameSet) }
        valueFunctions = valueNames.map(Naming.identifier)
        outputFunctions = outputNames.map(Naming.identifier)
        outputFields = program.outputs.map { Naming.identifier($0.name) }
        blockFields = program.blocks.map { Naming.identifier($0.name) }
        let blockNames = Set(program.blocks.map(\.name))
        blockTypes = program.blocks.map { Naming.blockType($0.name, blockNames: blockNames) }
        stateFields = program.states.map { Naming.identifier($0.name) }
        var stateScope = Naming.scope(taken: Set(program.states.map(\.name)), outer: [])
        lastOffsetField = stateScope.fresh("lastOffset")
        functionNames = Set(program.functions.map(\.name))
        functions = Callee.list(program.functions.map { Naming.callee(Naming.identifier($0.name)) }, program.functions)
        members = Naming.generatedMembers.union(valueNames).union(outputNames).union(program.animations.map(\.name))
            .union(program.snaps.map { SwiftNames.settleFunction($0.name, count: program.snaps.count) }).union(functionNames)
    }

    /// A scope with the parameters of a function that reads `uses` taken, and the names a local would hide:
    /// the spec's functions, and for a function that calls the functions of named values (`callsValues`), theirs.
    func scope(for uses: Uses, callsValues: Bool) -> Naming.Scope {
        var scope = Naming.scope(taken: ["offset", "state"], outer: !Naming.localsHideMembers ? [] : callsValues ? members : functionNames)
        for index in uses.inputs {
            Naming.reserve(inputNames[index], in: &scope)
            Naming.reserve(inputParameters[index], in: &scope)
        }
        return scope
    }

    /// The scope of one of the spec's functions, before its parameters.
    var localScope: Naming.Scope {
        Naming.scope(taken: Naming.localsHideMembers ? ["offset", "state"] : [], outer: Naming.localsHideMembers ? functionNames : [])
    }

    /// The scope a private helper of the file takes its name from.
    var memberScope: Naming.Scope { Naming.scope(taken: [], outer: members) }
}
