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
    /// The parameters of the exported functions, which spec names must not take as locals.
    private static let parameterNames: Set<String> = ["offset", "inputs", "state", "target", "velocity", "from", "elapsed"]

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
        if program.isStateful { lines += [""] + advance() }
        if let body = program.timeDependence() { lines += [""] + readsTime(body) }
        for snap in program.snaps {
            lines += [""] + settle(snap)
            if let body = snap.motion { lines += [""] + motion(snap, body) }
        }
        for function in program.functions { lines += [""] + userFunction(function) }
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
        var lines = ["// Every output, in eval's order: its key in a frame, its block and property, and its type."]
        lines.append("export const outputs = Object.freeze([")
        for output in program.outputs {
            let fields = [("name", JavaScriptNames.string(output.qualifiedName)), ("block", JavaScriptNames.string(output.block)),
                          ("property", JavaScriptNames.string(output.name)), ("type", JavaScriptNames.string(output.type.displayName))]
            lines.append("  Object.freeze({ \(fields.map { "\($0.0): \($0.1)" }.joined(separator: ", ")) }),")
        }
        lines.append("]);")
        return lines
    }

    private func inputsTable() -> [String] {
        var lines = ["// Every input: its name (the key in `inputs`), type, default and declared range ([low, high] or null)."]
        lines.append("export const inputs = Object.freeze([")
        for input in program.inputs {
            let range = input.range.map { "[\(literal($0.lowerBound)), \(literal($0.upperBound))]" }
            let fields = [("name", JavaScriptNames.string(input.name)), ("type", JavaScriptNames.string(input.type.displayName)),
                          ("default", literal(input.defaultValue)), ("range", range ?? "null")]
            lines.append("  Object.freeze({ \(fields.map { "\($0.0): \($0.1)" }.joined(separator: ", ")) }),")
        }
        lines.append("]);")
        return lines
    }

    /// Springs as data, in both of SwiftUI's forms, as the generated Swift has them.
    private func animationsTable() -> [String] {
        var lines = ["// Springs for a view to animate with: `response` and `dampingFraction`, or `duration` and `bounce`."]
        lines.append("export const animations = Object.freeze({")
        for animation in program.animations {
            let spring = animation.spring
            let fields = [("response", spring.response), ("dampingFraction", spring.dampingRatio),
                          ("duration", spring.response), ("bounce", spring.bounce)]
                .map { "\($0.0): \(JavaScriptNames.literal($0.1))" }.joined(separator: ", ")
            lines.append("  \(JavaScriptNames.key(animation.name)): Object.freeze({ \(fields) }),")
        }
        lines.append("});")
        return lines
    }

    // MARK: Functions

    /// The key of the state's record of the last offset: `lastOffset`, unless a state has that name.
    private var lastOffsetKey: String {
        let names = Set(program.states.map(\.name))
        var candidate = "lastOffset", number = 1
        while names.contains(candidate) {
            number += 1
            candidate = "lastOffset\(number)"
        }
        return candidate
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

    /// A function's opening: the inputs that `bodies` read, then the named values they need (through one
    /// another) computed once each, in evaluation order. `read` says how the change of offset, the target
    /// and the velocity are written.
    private func prelude(for bodies: [Body], scope: JavaScriptScope, read: @escaping (Read) -> String? = { _ in nil }) -> JavaScriptBody {
        var scope = scope
        let needed = program.valuesNeeded(by: bodies)
        var inputNames: [Int: String] = [:]
        var first: [String] = []
        for index in Uses.union(bodies.map(\.uses) + needed.map { program.values[$0].body.uses }).inputs {
            let input = program.inputs[index], name = scope.fresh(input.name)
            inputNames[index] = name
            let reader = input.type == .phase ? "$phase" : "$input"
            first.append("const \(name) = \(reader)(inputs, \(JavaScriptNames.string(input.name)), \(literal(input.defaultValue)));")
        }
        return plan.prelude(computing: needed, scope: scope, first: first) { request in
            if case .input(let index) = request { return (inputNames[index] ?? "NaN", program.inputs[index].type) }
            return read(request).map { ($0, .number) }
        }.0
    }

    /// What the plan asks of JavaScript: every value a function needs is a local of its own, never a call.
    private struct Syntax: EmissionSyntax {
        let program: Program
        func writer(scope: JavaScriptScope, read: @escaping (Read) -> (String, ValueType)) -> JavaScriptBody {
            JavaScriptBody(functions: Callee.list(program.functions.map(\.name), program.functions), scope: scope, readText: read)
        }
        /// Every function starts from this one: the exported functions' parameters and the spec's functions,
        /// which a local of that name would hide, are taken.
        func scope(for uses: Uses, callsValues: Bool) -> JavaScriptScope {
            JavaScriptScope(taken: JavaScriptEmitter.parameterNames.union(program.functions.map(\.name)))
        }
        func constant(_ name: String, type: ValueType, value: String) -> String { JavaScriptSyntax.constant(name, type: type, value: value) }
        func assignment(_ name: String, value: String) -> String { JavaScriptSyntax.assignment(name, value: value) }
        func inputParameter(_ index: Int) -> String { "NaN" }
        func stateField(_ index: Int) -> String { JavaScriptNames.member("state", program.states[index].name) }
        func call(value index: Int) -> String { "NaN" }
        var notANumber: String { "NaN" }
    }

    private var plan: EmissionPlan<Syntax> { EmissionPlan(program: program, syntax: Syntax(program: program)) }

    private func frame() -> [String] {
        var function = prelude(for: program.outputs.map(\.body), scope: plan.syntax.scope(for: Uses(), callsValues: false))
        let values = program.outputs.map { function.render($0.body) }
        var lines = ["// Every output at `offset`, the scroll offset plus the top inset: 0 at rest, negative when pulled down.",
                     "// `inputs` holds inputs by name; a missing one takes its default."]
        if program.isStateful {
            lines.append("// `state` is the state after `advance` to the same offset (by default, the first frame's).")
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

    /// Every state's next value is computed from the previous ones, then all are stored.
    private func advance() -> [String] {
        var scope = plan.syntax.scope(for: Uses(), callsValues: false)
        let delta = scope.fresh("delta")
        let time = scope.fresh("time")
        let last = JavaScriptNames.member("state", lastOffsetKey)
        let readsDelta = program.states.contains { $0.next.reads(.delta) }
        let fromInputs = program.statesStartingFromInputs.map { program.states[$0] }
        var function = prelude(for: program.states.map(\.next) + fromInputs.map(\.initial), scope: scope) {
            $0 == .delta ? delta : $0 == .time ? time : nil
        }
        let stores = plan.advance(&function, firstCall: "if (\(last) == null) {")
        var lines = ["// Moves `state` to `offset` and returns it: from the initial values at the first call, then by the",
                     "// change of offset since the previous call. Call it once a frame, before `frame`."]
        if program.readsTime {
            lines += ["// `\(time)` is the frame's time in milliseconds, which the transitions follow; it never goes back.",
                      "export function advance(state, offset, inputs = {}, \(time) = 0) {"]
        } else {
            lines.append("export function advance(state, offset, inputs = {}) {")
        }
        if readsDelta { lines.append("  const \(delta) = \(last) == null ? 0 : offset - \(last);") }
        lines += function.lines.map { "  " + $0 }
        lines += stores.map { "  " + $0 }
        lines += ["  \(last) = offset;", "  return state;", "}"]
        return lines
    }

    /// `readsTime(state, offset, inputs)`: whether `advance` there now reads the frame's time (`Program.timeDependence`).
    private func readsTime(_ body: Body) -> [String] {
        var scope = plan.syntax.scope(for: Uses(), callsValues: false)
        let delta = scope.fresh("delta")
        let last = JavaScriptNames.member("state", lastOffsetKey)
        var function = prelude(for: [body], scope: scope) { $0 == .delta ? delta : nil }
        let result = function.render(body, name: function.fresh("reads"))
        var lines = ["// Whether `advance(state, offset, inputs, time)` reads the time along the way its states take there now. While",
                     "// the scroll stands, a frame where it does not, and that changes no state, leaves the states at rest.",
                     "export function readsTime(state, offset, inputs = {}) {"]
        if body.reads(.delta) { lines.append("  const \(delta) = \(last) == null ? 0 : offset - \(last);") }
        lines += function.lines.map { "  " + $0 }
        lines += ["  return \(result);", "}"]
        return lines
    }

    /// A function of the spec, by its own name, private to the module.
    private func userFunction(_ function: Program.Function) -> [String] {
        var scope = JavaScriptScope(taken: Set(program.functions.map(\.name)))
        let parameters = function.parameters.map { scope.fresh($0.name) }
        var body = JavaScriptBody(functions: Callee.list(program.functions.map(\.name), program.functions), scope: scope) { read in
            guard case .parameter(let position) = read, position < parameters.count else { return ("NaN", .number) }
            return (parameters[position], function.parameters[position].type)
        }
        let result = body.render(function.body)
        var lines = (function.documentation ?? "").split(whereSeparator: { $0 == "\n" || $0 == "\r" })
            .map { "// " + GeneratedText.commentSafe(String($0)) }
        lines.append("function \(function.name)(\(parameters.joined(separator: ", "))) {")
        lines += body.lines.map { "  " + $0 }
        lines += ["  return \(result);", "}"]
        return lines
    }

    private func settle(_ snap: Program.Snap) -> [String] {
        var function = prelude(for: [snap.settle], scope: plan.syntax.scope(for: Uses(), callsValues: false)) { read in
            switch read {
            case .target: return "target"
            case .velocity: return "velocity"
            case .value: return nil
            default: return "NaN"
            }
        }
        let result = function.render(snap.settle, name: function.fresh("settled"))
        let name = JavaScriptNames.settleFunction(snap.name, count: program.snaps.count)
        // Two lines: the first ends with "inside, " + `insideStart`.
        let insideStart = snap.hasDefaultRule ? "the nearest point, or the" : "the point that the snap's rule"
        let insideEnd = snap.hasDefaultRule ? "// next one in the gesture's direction after a fling (\(JavaScriptNames.literal(SnapLowering.flingVelocity)) pt/s)."
            : "// (its threshold, ties and fling) picks."
        var lines: [String]
        if let moved = snap.state {
            let field = JavaScriptNames.member("state", program.states[moved].name)
            lines = ["// Moves the state '\(GeneratedText.commentSafe(program.states[moved].name))' to where it comes to rest when the scroll ends with"]
            lines += snap.hasCustomRule ? ["// `velocity` (points per second), and returns it: the snap's rule decides."]
                : ["// `velocity` (points per second), and returns it: outside its points it keeps its value; inside, \(insideStart)", insideEnd]
            lines += ["export function \(name)(state, velocity, inputs = {}) {"] + (snap.settle.reads(.target) ? ["  const target = \(field);"] : [])
            lines += function.lines.map { "  " + $0 }
            lines += ["  \(field) = \(result);", "  return \(field);", "}"]
        } else {
            lines = ["// Where a scroll gesture that would end at `target` with `velocity` (points per second) comes to rest"]
            lines += snap.hasCustomRule ? ["// for the snap '\(GeneratedText.commentSafe(snap.name))': its rule decides."]
                : ["// for the snap '\(GeneratedText.commentSafe(snap.name))': outside its points, `target`; inside, \(insideStart)", insideEnd]
            lines += ["export function \(name)(target, velocity, inputs = {}) {"]
            lines += function.lines.map { "  " + $0 }
            lines += ["  return \(result);", "}"]
        }
        return lines
    }

    private func motion(_ snap: Program.Snap, _ body: Body) -> [String] {
        var function = prelude(for: [body], scope: plan.syntax.scope(for: Uses(), callsValues: false)) { read in
            switch read {
            case .offset: return "from"
            case .velocity: return "velocity"
            case .target: return "target"
            case .time: return "elapsed"
            case .value: return nil
            default: return "NaN"
            }
        }
        let result = function.render(body, name: function.fresh("position"))
        let summary = MotionLowering.summary(snap, settle: JavaScriptNames.settleFunction(snap.name, count: program.snaps.count))
        var lines = summary.split(separator: "\n").map { "// " + GeneratedText.commentSafe(String($0)) }
        lines += ["export function motion(from, velocity, target, elapsed, inputs = {}) {"]
        lines += function.lines.map { "  " + $0 }
        lines += ["  return \(result);", "}"]
        return lines
    }

    private func literal(_ value: Value) -> String {
        switch value {
        case .bool(let bool): return bool ? "true" : "false"
        case .number(let number): return JavaScriptNames.literal(number)
        case .phase(let phase): return JavaScriptNames.string(phase.name)
        }
    }

    private func literal(_ number: Double) -> String { JavaScriptNames.literal(number) }
}
