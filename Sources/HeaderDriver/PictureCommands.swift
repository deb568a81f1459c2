import HeaderSource
import HeaderSyntax
import HeaderMath
import HeaderSema
import HeaderIR
import HeaderEval
import HeaderAnalysis
import HeaderCodeGen
import HeaderTools

extension Driver {
    /// `plot` and `render`: the spec evaluated by the interpreter along the offsets (in order, as `eval`
    /// goes), under the `--set` inputs, and drawn by `draw`; printed, or written atomically with `-o`.
    package static func picture(_ options: PictureOptions, _ outcome: inout Outcome,
                        draw: (Program, Interpreter, [[Value]]) -> String) {
        guard let (interpreter, _) = evaluator(options, &outcome) else { return }
        let rows = options.offsets.map { interpreter.frame(at: $0) }
        write(draw(interpreter.program, interpreter, rows), options, &outcome)
    }

    /// `preview`: the JavaScript module inside one HTML file, its inputs starting at `--set`'s values.
    package static func preview(_ options: PictureOptions, _ outcome: inout Outcome) {
        guard let (interpreter, compilation) = evaluator(options, &outcome) else { return }
        let program = interpreter.program
        guard javaScriptTakesNames(of: program, compilation, &outcome) else { return }
        let module = JavaScriptEmitter(program: program, sourcePath: compilation.source.path).emit()
        let starting = program.inputs.map { interpreter.inputValue($0.name) ?? $0.defaultValue }
        write(PreviewHTML(program: program, module: module, inputValues: starting).render(), options, &outcome)
    }

    /// Whether the JavaScript module can take the program's names (`compile --target js` and `preview`
    /// alike); otherwise the clashes are reported as a spec's errors are, with exit status 1.
    static func javaScriptTakesNames(of program: Program, _ compilation: Compilation, _ outcome: inout Outcome) -> Bool {
        var diagnostics = Diagnostics()
        JavaScriptNames.validate(program, into: &diagnostics)
        guard diagnostics.hasErrors else { return true }
        outcome.standardError += DiagnosticRenderer(source: compilation.source).render(diagnostics.sorted)
        outcome.exitCode = 1
        return false
    }

    /// The spec's interpreter with the `--set` inputs applied, and its compilation; nil after reporting why
    /// there is none.
    package static func evaluator(_ options: PictureOptions, _ outcome: inout Outcome) -> (Interpreter, Compilation)? {
        if let output = options.output, AtomicFile.isSameFile(options.file, output) {
            usageError("the output '\(output)' is the spec '\(options.file)' itself; writing it would replace the spec", &outcome)
            return nil
        }
        // Nothing here is Swift, so names Swift could not take are no reason to refuse the spec.
        guard let compilation = load(options.file, checksSwiftNames: false, &outcome),
              let program = compilation.program else { return nil }
        let interpreter = Interpreter(program: program)
        guard apply(options.settings, to: interpreter, &outcome) else { return nil }
        return (interpreter, compilation)
    }

    package static func write(_ text: String, _ options: PictureOptions, _ outcome: inout Outcome) {
        write(text, to: options.output, &outcome)
    }

    /// Prints `text`, or writes it to `output` atomically, saying why when it cannot.
    package static func write(_ text: String, to output: String?, _ outcome: inout Outcome) {
        guard let path = output else {
            outcome.standardOutput = text
            return
        }
        do {
            try AtomicFile.write(text, to: path)
        } catch {
            outcome.standardError += "headerc: cannot write '\(path)': \(error.localizedDescription)\n"
            outcome.exitCode = 1
        }
    }
}
