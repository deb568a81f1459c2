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
    private let names: APINames<KotlinNames>

    public init(program: Program, sourcePath: String, objectName: String? = nil, packageName: String? = nil) {
        self.program = program
        self.sourcePath = sourcePath
        self.objectName = objectName ?? program.name + "Math"
        self.packageName = packageName
        names = APINames(program)
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
        printer.line("/** The scroll-driven math of the header '\(GeneratedText.blockCommentSafe(program.name))'. */")
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
            for function in plan.functions(values: names.valueFunctions, outputs: names.outputFunctions, identifier: KotlinNames.identifier,
                                           functionScope: names.localScope) {
                if !function.followsPrevious { printer.line() }
                declare(function, &printer)
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
            printer.documentation(block.documentation, block: true)
            let outputs = block.outputs.map { output -> String in
                let doc = program.outputs[output].documentation.map { "/** \(GeneratedText.blockCommentSafe(GeneratedText.oneLine($0))) */ " } ?? ""
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
            let doc = state.documentation.map { "/** \(GeneratedText.blockCommentSafe(GeneratedText.oneLine($0))) */ " } ?? ""
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
            printer.documentation(animation.documentation, block: true)
            let fields = animation.springFields.map { KotlinNames.literal($0.value) }.joined(separator: ", ")
            printer.line("val \(KotlinNames.identifier(animation.name)): SpringAnimation = SpringAnimation(\(fields))")
        }
    }

    // MARK: Functions

    /// A planned function as a member of the object. `frame` gives its own type (`returning`) and ends its
    /// body with `ending`, which builds it.
    private func declare(_ function: APIFunction, _ printer: inout CodePrinter, returning type: String? = nil,
                         ending: ((inout CodePrinter) -> Void)? = nil) {
        let documentation = (function.documentation.map { [$0] } ?? []) + plan.documentedInputs(of: function).map { "@param \($0.name) \($0.text)" }
        printer.documentation(documentation.joined(separator: "\n"), block: true)
        if function.leavesParametersUnread { printer.line("@Suppress(\"UNUSED_PARAMETER\")") }
        let type = type ?? function.returnsBlock.map { "Frame." + names.blockTypes[$0] }
            ?? (function.resultIsBinary32 ? KotlinSyntax.binary32?.type : nil) ?? function.result.map(KotlinSyntax.type)
        if function.isConstant, let type, let returned = function.returned {
            printer.line("val \(function.name): \(type) = \(returned)")
            return
        }
        let signature = "\(function.isPrivate ? "private " : "")fun \(function.name)(\(parameters(function.parameters, withDefaults: !function.isPrivate).joined(separator: ", ")))"
            + (type.map { ": " + $0 } ?? "")
        printer.function(signature, oneLine: { "\(signature) = \($0)" }, function.lines, function.returned, ending: ending)
    }

    /// The parameters as Kotlin declares them, each input with its default (`withDefaults`).
    private func parameters(_ parameters: [APIFunction.Parameter], withDefaults: Bool = true) -> [String] {
        parameters.flatMap { parameter -> [String] in
            switch parameter {
            case .state: return ["state: State"]
            case .offset: return ["offset: Double"]
            case .number(_, let name, let type), .positional(let name, let type, false): return ["\(name): \(KotlinSyntax.type(type))"]
            case .positional(let name, _, true): return ["\(name): Float"]
            case .inputs(let indices):
                return indices.map { index in
                    let input = program.inputs[index]
                    return "\(names.inputParameters[index]): \(KotlinSyntax.type(input.type))" + (withDefaults ? " = \(KotlinSyntax.literal(input.defaultValue, as: input.type))" : "")
                }
            }
        }
    }

    /// Beyond this many named values and outputs, `frame` builds each block in a function of its own: the
    /// JVM limits a method to 64 KB of bytecode.
    static let largestSingleFrame = 96

    private func emitFrameFunction(_ printer: inout CodePrinter) {
        // The API gives `frame` the offset, and a header with state the state, even where no output reads them.
        var memberScope = names.memberScope
        let frame = plan.frame(alwaysTakesState: true, largestSingleFrame: KotlinEmitter.largestSingleFrame, values: names.valueFunctions) {
            names.blockTypes.map { memberScope.fresh("frame" + $0) }
        }
        let blocks = frame.helpers.isEmpty ? frame.blocks.enumerated().map { syntax.blockFrame($0, $1) } : frame.calls
        declare(frame.function, &printer, returning: "Frame") { $0.argumentsOneALine("return Frame(", blocks, ")") }
        for helper in frame.helpers {
            printer.line()
            declare(helper, &printer)
        }
    }

    private var syntax: KotlinEmission { KotlinEmission(program: program, names: names) }
    private var plan: EmissionPlan<KotlinEmission> { EmissionPlan(program: program, syntax: syntax) }
}
