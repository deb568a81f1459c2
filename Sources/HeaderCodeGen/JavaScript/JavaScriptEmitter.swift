import HeaderSource
import HeaderSyntax
import HeaderMath
import HeaderIR

/// Emits a lowered program as a standalone ES module that computes, operation for operation, what the
/// interpreter computes: `frame(offset, inputs)` returns every output keyed as `eval` names it
/// (`"cover.height"`), `outputs` and `inputs` describe them, a header with state has `initialState()`
/// and `advance(state, offset, inputs)`, and each snap a `settle` function, as in the generated Swift.
/// Every function computes the named values it needs once, as locals, in evaluation order.
public struct JavaScriptEmitter {
    public let program: Program
    public let sourcePath: String

    public init(program: Program, sourcePath: String) {
        self.program = program
        self.sourcePath = sourcePath
    }

    public func emit() -> String {
        var lines: [String] = []
        let file = sourcePath.split(separator: "/").last.map(String.init) ?? sourcePath
        lines.append(GeneratedText.banner(sourcePath: file))
        lines.append("// The scroll-driven math of the header '\(GeneratedText.commentSafe(program.name))', as an ES module.")
        lines.append("")
        lines.append("export const header = \(JavaScriptNames.string(program.name));")
        lines.append("")
        lines += outputsTable() + [""] + inputsTable()
        if !program.animations.isEmpty { lines += [""] + animationsTable() }
        if program.isStateful { lines += [""] + initialState() }
        lines.append("")
        lines += frame()
        let functionScope = JavaScriptScope(taken: Set(program.functions.map(\.name)))
        for function in plan.functions(values: [], outputs: [], identifier: { $0 }, functionScope: functionScope) {
            lines += [""] + declare(function)
        }
        var (curves, helpers) = program.curvesAndHelpers(spelledBy: JavaScriptSyntax.self)
        if !program.inputs.isEmpty { helpers.insert("$input") }
        if program.readsPhase { helpers.insert("$phase") }
        let helperLines = JavaScriptRuntime.helpers.lines(for: helpers)
        if !helperLines.isEmpty { lines += [""] + helperLines }
        let kernels = CurveJavaScriptSource.kernels(for: curves)
        if !kernels.isEmpty { lines += [""] + kernels }
        let math = JavaScriptRuntime.mathLines(for: helpers.union(CurveJavaScriptSource.mathFunctions(for: curves)))
        if !math.isEmpty { lines += [""] + math }
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: Tables

    private func outputsTable() -> [String] {
        table("// Every output, in eval's order: its key in a frame, its block and property, and its type.", "outputs", program.outputs.map { output in
            [("name", output.qualifiedName), ("block", output.block), ("property", output.name), ("type", output.type.displayName)]
                .map { ($0.0, JavaScriptNames.string($0.1)) }
        })
    }

    private func inputsTable() -> [String] {
        table("// Every input: its name (the key in `inputs`), type, default and declared range ([low, high] or null).", "inputs",
              program.inputs.map { input in
            let range = input.range.map { "[\(literal($0.lowerBound)), \(literal($0.upperBound))]" }
            return [("name", JavaScriptNames.string(input.name)), ("type", JavaScriptNames.string(input.type.displayName)),
                    ("default", JavaScriptSyntax.literal(input.defaultValue, as: input.type)), ("range", range ?? "null")]
        })
    }

    /// An exported frozen array of frozen records, one a line.
    private func table(_ comment: String, _ name: String, _ rows: [[(String, String)]]) -> [String] {
        [comment, "export const \(name) = Object.freeze(["]
            + rows.map { "  Object.freeze({ \($0.map { "\($0.0): \($0.1)" }.joined(separator: ", ")) })," } + ["]);"]
    }

    /// Springs as data, in both of SwiftUI's forms, as the generated Swift has them.
    private func animationsTable() -> [String] {
        var lines = ["// Springs for a view to animate with: `response` and `dampingFraction`, or `duration` and `bounce`."]
        lines.append("export const animations = Object.freeze({")
        for animation in program.animations {
            let fields = animation.springFields.map { "\($0.name): \(JavaScriptNames.literal($0.value))" }.joined(separator: ", ")
            lines.append("  \(JavaScriptNames.key(animation.name)): Object.freeze({ \(fields) }),")
        }
        lines.append("});")
        return lines
    }

    // MARK: Functions

    private var lastOffsetKey: String { JavaScriptEmitter.lastOffsetKey(of: program) }

    /// The key of the state's record of the last offset: `lastOffset`, unless a state has that name.
    package static func lastOffsetKey(of program: Program) -> String {
        var stateNames = JavaScriptScope(taken: Set(program.states.map(\.name)))
        return stateNames.fresh("lastOffset")
    }

    private func initialState() -> [String] {
        // A state whose initial value reads inputs is set from them by the first `advance`.
        var fields = program.states.map { "\(JavaScriptNames.key($0.name)): \(JavaScriptNames.literal($0.constantInitial ?? 0))" }
        fields.append("\(lastOffsetKey): null")
        return ["// The state before the first frame: each state at its initial value, and no previous offset.",
                "export function initialState() {",
                "  return { \(fields.joined(separator: ", ")) };",
                "}"]
    }

    private var plan: EmissionPlan<JavaScriptEmission> {
        EmissionPlan(program: program, syntax: JavaScriptEmission(program: program, lastOffset: JavaScriptNames.member("state", lastOffsetKey)))
    }

    /// A planned function: exported, its parameters the API's with `inputs` (an object of inputs by name)
    /// after them, and a time last; a spec's own function is the module's, its parameters positional.
    private func declare(_ function: APIFunction) -> [String] {
        var parameters: [String] = [], time: [String] = []
        for parameter in function.parameters {
            switch parameter {
            case .state: parameters.append("state")
            case .offset: parameters.append("offset")
            case .number("time", let name, _): time.append("\(name) = 0")
            case .number(_, let name, _), .positional(let name, _, _): parameters.append(name)
            case .inputs: break
            }
        }
        if !function.isPrivate { parameters += ["inputs = {}"] + time }
        var lines = (function.documentation ?? "").split(whereSeparator: { $0 == "\n" || $0 == "\r" })
            .map { "// " + GeneratedText.commentSafe(String($0)) }
        if function.documentsInputs { lines.append("// `inputs` holds inputs by name; a missing one takes its default.") }
        if function.movesState, function.returned == nil { lines.append("// It moves `state` in place and returns it.") }
        lines.append("\(function.isPrivate ? "" : "export ")function \(function.name)(\(parameters.joined(separator: ", "))) {")
        lines += function.lines.map { "  " + $0 }
        if let returned = function.returned ?? (function.movesState ? "state" : nil) { lines.append("  return \(returned);") }
        return lines + ["}"]
    }

    private func frame() -> [String] {
        var (function, _) = plan.writer(for: program.outputs.map(\.body), scope: plan.syntax.scope(for: Uses(), callsValues: false), callsValues: false)
        let values = program.outputs.map { function.render($0.body, as: $0.type, name: nil) }
        var lines = plan.frameDocumentation(takesState: program.isStateful).split(separator: "\n").map { "// " + $0 }
        lines.append("// `inputs` holds inputs by name; a missing one takes its default.")
        if program.isStateful {
            lines.append("// By default `state` is the first frame's: `advance(initialState(), offset, inputs)`.")
            lines.append("export function frame(offset, inputs = {}, state = advance(initialState(), offset, inputs)) {")
        } else {
            lines.append("export function frame(offset, inputs = {}) {")
        }
        lines += function.lines.map { "  " + $0 }
        lines.append("  return {")
        for (output, value) in zip(program.outputs, values) {
            lines.append("    \(JavaScriptNames.string(output.qualifiedName)): \(value),")
        }
        lines.append("  };")
        lines.append("}")
        return lines
    }

    private func literal(_ number: Double) -> String { JavaScriptNames.literal(number) }
}
