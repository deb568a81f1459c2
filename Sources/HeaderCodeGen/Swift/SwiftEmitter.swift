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
    private let names: APINames<SwiftNames>

    public init(program: Program, sourcePath: String, enumName: String? = nil) {
        self.program = program
        self.sourcePath = sourcePath
        self.enumName = enumName ?? program.name + "Math"
        names = APINames(program)
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
                emitAdvancingFrame(&printer)
            }
            for function in plan.functions(values: names.valueFunctions, outputs: names.outputFunctions, identifier: SwiftNames.identifier,
                                           functionScope: names.localScope) {
                if !function.followsPrevious { printer.line() }
                declare(function, &printer)
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
                    printer.line("var \(names.stateFields[index]): \(SwiftType(state.type).rawValue) = \(SwiftSyntax.literal(.number(initial), as: state.type))")
                } else {
                    printer.line("/// (Its initial value reads inputs: the first `advance` sets it from the inputs it is given.)")
                    printer.line("var \(names.stateFields[index]): \(SwiftType(state.type).rawValue) = 0")
                }
            }
            printer.line("/// The offset of the previous frame; nil before the first.")
            printer.line("var \(names.lastOffsetField): CGFloat? = nil")
        }
    }

    private func emitPhaseType(_ printer: inout CodePrinter) {
        printer.line()
        printer.line("/// The scroll's phase, for the inputs of type `phase`: at rest, under the finger (`isDragging`), or moving on")
        printer.line("/// after the finger lifted (`isDecelerating`).")
        printer.block("enum \(SwiftType.phase.rawValue): Equatable, Sendable") { printer in
            printer.line("case " + ScrollPhase.allCases.map(\.name).joined(separator: ", "))
        }
    }

    /// Springs as plain data, since the generated file imports Foundation only; a view builds its
    /// `Animation` from them.
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
            let fields = animation.springFields.map { "\($0.name): \(CurveSwiftSource.literal($0.value))" }.joined(separator: ", ")
            printer.line("static let \(SwiftNames.identifier(animation.name)) = SpringAnimation(\(fields))")
        }
    }

    // MARK: Functions

    /// A planned function as a static member of the enum.
    /// `frame` gives its own type (`returning`) and ends its body with `ending`, which builds it.
    private func declare(_ function: APIFunction, _ printer: inout CodePrinter, returning type: String? = nil,
                         ending: ((inout CodePrinter) -> Void)? = nil) {
        printer.documentation(function.documentation)
        let documented = plan.documentedInputs(of: function)
        if !documented.isEmpty {
            printer.lines(["/// - Parameters:"] + documented.map { "///   - \(GeneratedText.commentSafe($0.name)): \(GeneratedText.commentSafe($0.text))" })
        }
        if function.movesState, function.returned != nil { printer.line("@discardableResult") }
        // A large frame's block is not inlined: a function called once would be, and `frame` would again be
        // one function of thousands of values, which the optimizer takes far more than linear time over.
        if function.returnsBlock != nil { printer.line("@inline(never)") }
        let type = type ?? function.returnsBlock.map { "Frame." + names.blockTypes[$0] }
            ?? (function.resultIsBinary32 ? SwiftSyntax.binary32?.type : nil) ?? function.result.map { SwiftType($0).rawValue }
        if function.isConstant, let type, let returned = function.returned {
            printer.line("static let \(function.name): \(type) = \(returned)")
            return
        }
        let signature = "\(function.isPrivate ? "private " : "")static func \(function.name)(\(parameters(function.parameters, withDefaults: !function.isPrivate).joined(separator: ", ")))"
            + (type.map { " -> " + $0 } ?? "")
        printer.function(signature, oneLine: { "\(signature) { \($0) }" }, function.lines, function.returned, implicitReturn: true, ending: ending)
    }

    /// The parameters as Swift declares them, each input with its default (`withDefaults`).
    private func parameters(_ parameters: [APIFunction.Parameter], withDefaults: Bool = true) -> [String] {
        parameters.flatMap { parameter -> [String] in
            switch parameter {
            case .state(let moved, let labelled): return ["\(labelled ? "" : "_ ")state: \(moved ? "inout " : "")State"]
            case .offset: return ["offset: CGFloat"]
            case .number(let label, let name, let type): return ["\(label)\(name == label ? "" : " " + name): \(SwiftType(type).rawValue)"]
            case .positional(let name, let type, let binary32): return ["_ \(name): \(binary32 ? "Float" : SwiftType(type).rawValue)"]
            case .inputs(let indices):
                return indices.map { index in
                    let input = program.inputs[index], type = SwiftType(input.type)
                    return "\(names.inputParameters[index]): \(type.rawValue)" + (withDefaults ? " = \(SwiftSyntax.literal(input.defaultValue, as: input.type))" : "")
                }
            }
        }
    }

    private func emitFrameFunction(_ printer: inout CodePrinter) {
        var memberScope = names.memberScope
        let frame = plan.frame(alwaysTakesState: false, largestSingleFrame: SwiftEmitter.largestSingleFrame, values: names.valueFunctions) {
            names.blockTypes.map { memberScope.fresh("frame" + $0) }
        }
        for helper in frame.helpers {
            declare(helper, &printer)
            printer.line()
        }
        let labels = program.blocks.map { SwiftNames.label($0.name) }
        declare(frame.function, &printer, returning: "Frame") { printer in
            guard frame.helpers.isEmpty else {
                return printer.argumentsOneALine("return Frame(", zip(labels, frame.calls).map { "\($0): \($1)" }, ")")
            }
            printer.line("return Frame(")
            printer.indent()
            for (blockIndex, outputs) in frame.blocks.enumerated() {
                let comma = blockIndex == program.blocks.count - 1 ? "" : ","
                let oneLine = "\(labels[blockIndex]): \(plan.syntax.blockFrame(blockIndex, outputs))\(comma)"
                if printer.fits(oneLine) {
                    printer.line(oneLine)
                } else {
                    printer.argumentsOneALine("\(labels[blockIndex]): Frame.\(names.blockTypes[blockIndex])(", plan.syntax.outputArguments(blockIndex, outputs),
                                              ")\(comma)")
                }
            }
            printer.dedent()
            printer.line(")")
        }
    }

    /// Beyond this many named values and outputs, `frame` builds each block in a function of its own: one
    /// function with thousands of locals costs swiftc time that grows with their square.
    static let largestSingleFrame = 96

    /// The one-call form for a view that keeps the state itself: `advance`, then `frame`.
    private func emitAdvancingFrame(_ printer: inout CodePrinter) {
        let frameUses = Uses.union(program.outputs.lazy.map(\.body.uses)), advanceUses = program.advanceUses
        let both = Uses.inputs(Uses.union([advanceUses, frameUses]).inputs)
        var scope = names.scope(for: both, callsValues: false)
        let time = scope.fresh("time")
        func arguments(_ uses: Uses) -> String { plan.syntax.arguments(Uses.inputs(uses.inputs)).map { ", " + $0 }.joined() }
        var parameters: [APIFunction.Parameter] = [.offset, .state(moved: true, labelled: true)]
        if program.readsTime { parameters.append(.number(label: "time", name: time, type: .time)) }
        let documentation = "One call a frame: `advance(&state, offset:\(program.readsTime ? "time:" : ""))`, then `frame(offset:state:)` at the same offset."
        let lines = ["Self.advance(&state, offset: offset\(program.readsTime ? ", time: \(time)" : "")\(arguments(advanceUses)))",
                     "return Self.frame(offset: offset\(frameUses.state ? ", state: state" : "")\(arguments(frameUses)))"]
        declare(APIFunction(name: "frame", documentation: documentation, parameters: parameters + plan.parameters(both), result: nil, lines: lines),
                &printer, returning: "Frame")
    }

    private var plan: EmissionPlan<SwiftEmission> { EmissionPlan(program: program, syntax: SwiftEmission(program: program, names: names)) }
}
