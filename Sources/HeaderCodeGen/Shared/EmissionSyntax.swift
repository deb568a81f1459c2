import HeaderSource
import HeaderSyntax
import HeaderMath
import HeaderIR

/// What the plan needs a back end to spell: its printer and scopes, how a function reads the API's
/// parameters, the state and the named values, and its few statements.
protocol EmissionSyntax {
    /// How the language writes a body.
    associatedtype Language: BodySyntax
    /// The spec's functions, as a body calls them.
    var functions: [Callee] { get }
    /// A scope with the parameters of a function that reads `uses` taken, and, for a function that calls
    /// the functions of named values (`callsValues`), the names a local would hide.
    func scope(for uses: Uses, callsValues: Bool) -> Language.Scope
    /// Whether each named value has a function of its own, which other functions call (else every function
    /// computes the values it needs itself).
    var callsValueFunctions: Bool { get }
    /// The lines at a function's start that make the inputs of `indices` readable, and the name of each.
    func readInputs(_ indices: [Int], scope: inout Language.Scope) -> (lines: [String], names: [Int: String])
    /// The name inside a function of the parameter the caller passes as `label`.
    func parameterName(_ label: String, scope: inout Language.Scope) -> String
    /// The lines that put the change of offset since the previous frame (0 at the first) into `name`.
    func delta(_ name: String, scope: inout Language.Scope) -> [String]
    /// The opening of an `if` whose lines run at the first frame, when the state has no previous offset.
    var firstCall: String { get }
    /// The statement that records the frame's offset in the state.
    var recordOffset: String { get }
    func constant(_ name: String, type: ValueType, value: String) -> String
    func assignment(_ name: String, value: String) -> String
    /// A state, read from the API's `state` parameter.
    func stateField(_ index: Int) -> String
    /// A call of a named value's function from a function that has the same parameters at hand.
    func call(value index: Int) -> String
    var notANumber: String { get }
}

/// What a language whose frame has a type of its own, with a part for each block, spells of it.
protocol BlockFrameSyntax: EmissionSyntax {
    /// The arguments that pass a function's parameters on to a function that reads `uses`.
    func arguments(_ uses: Uses) -> [String]
    /// An argument for the parameter labelled `label`.
    func argument(_ label: String, _ value: String) -> String
    /// A call of one of the file's functions.
    func call(_ function: String, _ arguments: [String]) -> String
    /// The part of the frame of block `block`, from its outputs' values.
    func blockFrame(_ block: Int, _ outputs: [String]) -> String
}
