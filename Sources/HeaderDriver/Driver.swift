import HeaderSource
import HeaderSyntax
import HeaderMath
import HeaderSema
import HeaderIR
import HeaderEval
import HeaderAnalysis
import HeaderCodeGen
import HeaderTools
import Foundation

/// Runs one command line and says what to print and which exit code to return. The executable only
/// passes its arguments in and writes the result out, so every command is testable in-process.
public struct Driver {
    public struct Outcome: Sendable {
        public var standardOutput = ""
        public var standardError = ""
        public var exitCode: Int32 = 0
        /// What `-` reads: the caller's `StandardInput.read`, taken on the caller's thread, since a
        /// task-local cannot be bound on the thread the command runs on.
        var readStandardInput: @Sendable () -> Data = { Data() }
        /// Where a command that prints as it goes (eval's CSV and JSON) hands its output, piece by piece,
        /// before `standardOutput` (which then holds the rest); nil to gather it all in `standardOutput`.
        package var standardOutputPieces: (@Sendable (String) -> Void)?
        /// What the command built (its compilation), handed back instead of freed on the way out. The
        /// executable exits without freeing it, as a compiler driver does: for a large spec, freeing every
        /// node walks memory that has long left the processor's caches, and costs a quarter of the run,
        /// while the system reclaims the whole heap at exit at once. In-process callers free it with the
        /// outcome.
        public var keptUntilExit: [any Sendable] = []
    }

    /// Every stage recurses through expressions, as deep as the parser allows (`Parser.maximumHeight`):
    /// a flat chain of 10,000 operators is 10,000 levels, which the main thread's 8 MB do not hold in a
    /// debug build. The command runs on a thread whose stack is sized for the bound, about 25 KB a level.
    package static let stackSize = 256 << 20

    /// Runs a command. With `standardOutputPieces`, a command that prints as it goes (eval's CSV and JSON)
    /// hands it its output in pieces, in order, and the outcome's `standardOutput` holds what comes after.
    public static func run(_ arguments: [String], standardOutputPieces: (@Sendable (String) -> Void)? = nil) -> Outcome {
        final class Work: @unchecked Sendable {
            let arguments: [String]
            /// Task-local values stay on the calling thread, so what `-` reads is taken here and passed on
            /// (a test's spec, in-process).
            let readStandardInput = StandardInput.read
            let standardOutputPieces: (@Sendable (String) -> Void)?
            var outcome = Outcome()
            init(_ arguments: [String], _ pieces: (@Sendable (String) -> Void)?) {
                self.arguments = arguments
                standardOutputPieces = pieces
            }
            func run() {
                outcome = Driver.runOnThisThread(arguments, readStandardInput: readStandardInput,
                                                 standardOutputPieces: standardOutputPieces)
            }
        }
        let work = Work(arguments, standardOutputPieces)
        onCommandStack { work.run() }
        return work.outcome
    }

    /// Runs `body` on a thread of `stackSize`, as every command runs, and waits for it to end.
    package static func onCommandStack(_ body: @escaping @Sendable () -> Void) {
        #if canImport(Glibc)
        final class Body: @unchecked Sendable {
            let run: @Sendable () -> Void
            init(_ run: @escaping @Sendable () -> Void) { self.run = run }
        }
        // pthread rather than Thread, to learn when the stack cannot be had (a strict overcommit policy,
        // a low ulimit) and run here instead of waiting for a thread that never starts.
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        var thread = pthread_t()
        let context = Unmanaged.passRetained(Body(body))
        let created = pthread_attr_setstacksize(&attributes, stackSize) == 0
            && pthread_create(&thread, &attributes, { pointer in
                guard let pointer else { return nil }
                Unmanaged<Body>.fromOpaque(pointer).takeRetainedValue().run()
                return nil
            }, context.toOpaque()) == 0
        if created {
            pthread_join(thread, nil)
        } else {
            context.release()
            body()
        }
        #else
        final class Done: @unchecked Sendable { let semaphore = DispatchSemaphore(value: 0) }
        let done = Done()
        let thread = Thread {
            body()
            done.semaphore.signal()
        }
        thread.stackSize = stackSize
        thread.start()
        done.semaphore.wait()
        #endif
    }

    private static func runOnThisThread(_ arguments: [String], readStandardInput: @escaping @Sendable () -> Data,
                                        standardOutputPieces: (@Sendable (String) -> Void)?) -> Outcome {
        var outcome = Outcome()
        outcome.readStandardInput = readStandardInput
        outcome.standardOutputPieces = standardOutputPieces
        switch Arguments.parse(arguments) {
        case .failure(let error):
            outcome.standardError = "headerc: \(error.message)\n"
            outcome.exitCode = 2
        case .success(.usage):
            outcome.standardError = HelpText.text(for: nil)
            outcome.exitCode = 2
        case .success(.help(let topic)):
            outcome.standardOutput = HelpText.text(for: topic)
        case .success(.version):
            outcome.standardOutput = "headerc \(Headerc.version)\n"
        case .success(.check(let files)):
            check(files, &outcome)
        case .success(.layout(let options)):
            layout(options, &outcome)
        case .success(.eval(let options)):
            eval(options, &outcome)
        case .success(.compile(let options)):
            compile(options, &outcome)
        case .success(.checkJSON(let files)):
            checkJSON(files, &outcome)
        case .success(.format(let options)):
            format(options, &outcome)
        case .success(.ranges(let options)):
            ranges(options, &outcome)
        case .success(.scrollDriver(let options)):
            // The driver of one language, each written from the Swift one (Grammar.md, "The motion after release").
            switch options.target {
            case .swift: write(RuntimeTexts.swiftScrollDriver, to: options.output, &outcome)
            case .js: write(RuntimeTexts.javaScriptScrollDriver, to: options.output, &outcome)
            case .kotlin: write(RuntimeTexts.kotlinScrollDriver, to: options.output, &outcome)
            }
        case .success(.plot(let options)):
            picture(options, &outcome) { program, interpreter, rows in
                PlotSVG(program: program, offsets: options.offsets, rows: rows, marks: OffsetMarks(program: program, interpreter: interpreter, offsets: options.offsets),
                        inputs: program.inputs.map { ($0.name, interpreter.inputValue($0.name) ?? $0.defaultValue) }).render()
            }
        case .success(.render(let options)):
            picture(options, &outcome) { program, interpreter, rows in
                let inputs = program.inputs.map { interpreter.inputValue($0.name) ?? $0.defaultValue }
                return FilmstripSVG(program: program, offsets: options.offsets, rows: rows, inputs: inputs).render()
            }
        case .success(.preview(let options)):
            preview(options, &outcome)
        case .success(.watchPreview):
            usageError("'preview --watch' runs in the headerc executable, which serves until interrupted", &outcome)
        case .success(.languageServer):
            usageError("'lsp' runs in the headerc executable, over standard input and output", &outcome)
        }
        return outcome
    }

    private static func check(_ files: [String], _ outcome: inout Outcome) {
        for file in files {
            guard let compilation = load(file, checksKotlinNames: true, &outcome) else { continue }
            if compilation.spec == nil { outcome.exitCode = 1 }
            var warnings = rangeWarnings(compilation)
            // Once per spec: the blocks whose structure the pictures guess, and the line that declares each.
            if let program = compilation.program, let note = HeaderLayout.guessNote(for: program) { warnings.append(note) }
            outcome.standardError += DiagnosticRenderer(source: compilation.source).render(warnings)
        }
    }

    /// `check`'s warnings of the range analysis, after the spec's own diagnostics (`compile --range-warnings`).
    private static func printRangeWarnings(_ compilation: Compilation, _ outcome: inout Outcome) {
        outcome.standardError += DiagnosticRenderer(source: compilation.source).render(rangeWarnings(compilation))
    }

    /// What the range analysis warns of in a spec that checked.
    package static func rangeWarnings(_ compilation: Compilation) -> [Diagnostic] {
        guard let program = compilation.program else { return [] }
        return RangeWarnings.diagnose(program, analysis: RangeAnalysis.analyze(program), source: compilation.source)
    }

    private static func eval(_ options: EvalOptions, _ outcome: inout Outcome) {
        // Nothing is emitted, so names that Swift could not take are no reason to refuse the spec.
        guard let compilation = load(options.file, checksSwiftNames: false, &outcome), let spec = compilation.spec,
              let program = compilation.program else { return }
        let interpreter = Interpreter(program: program)
        guard apply(options.settings, to: interpreter, &outcome) else { return }
        if options.settleVelocity != nil, spec.snaps.isEmpty {
            usageError("'--settle' needs a spec with a 'snap' declaration", &outcome)
            return
        }
        let loaded = loadTrace(options, program: program, &outcome)
        guard loaded.ok else { return }
        let trace = loaded.trace
        let table = EvalTable(spec: spec, interpreter: interpreter, offsets: options.offsets, trace: trace,
                              settleVelocity: options.settleVelocity)
        var out = OutputBuffer(handingOnTo: outcome.standardOutputPieces)
        switch options.format {
        case .csv: table.csv(to: &out)
        case .json: table.json(to: &out)
        case .table: out.write(table.text())
        }
        outcome.standardOutput = out.finish()
    }

    /// The trace of `--trace`, if any, checked against the spec and the `--set` inputs; `ok` false after
    /// reporting why it cannot be used.
    static func loadTrace(_ options: EvalOptions, program: Program, _ outcome: inout Outcome) -> (trace: Trace?, ok: Bool) {
        var trace: Trace?
        if let path = options.trace {
            guard let source = readSource(path, &outcome) else { return (nil, false) }
            switch Trace.parse(source, for: program) {
            case .failure(let error):
                usageError(error.message, &outcome)
                return (nil, false)
            case .success(let parsed): trace = parsed
            }
            if let both = options.settings.first(where: { trace?.inputs.contains($0.name) == true }) {
                usageError("input '\(both.name)' is set by --set and by a column of the trace; give it in one place", &outcome)
                return (nil, false)
            }
            if options.format == .table, let count = trace?.rows.count, count > Arguments.maximumTableLength {
                usageError("a table of \(count) offsets is too long to lay out; use --format csv (or json), which prints each offset as it goes", &outcome)
                return (nil, false)
            }
        }
        return (trace, true)
    }

    /// Sets each `--set` input; false, with a usage error, for an unknown input or a value of the wrong type.
    package static func apply(_ settings: [InputSetting], to interpreter: Interpreter, _ outcome: inout Outcome) -> Bool {
        let spec = interpreter.program
        for setting in settings {
            let name = setting.name, text = setting.value
            guard let input = spec.inputs.first(where: { $0.name == name }) else {
                let names = spec.inputs.map(\.name)
                let hint = Suggestions.closest(to: name, among: names).map { "; did you mean '\($0)'?" }
                    ?? (names.isEmpty ? "; it has none" : "; its inputs are \(names.joined(separator: ", "))")
                usageError("'\(spec.name)' has no input '\(name)'\(hint)", &outcome)
                return false
            }
            guard let value = parseInputValue(text, type: input.type) else {
                let suffix = input.type.literalSuffix
                let number = !suffix.isEmpty && text.hasSuffix(suffix) ? String(text.dropLast(suffix.count)) : text
                if input.type == .phase {
                    usageError(phaseRefusal(name, text), &outcome)
                } else if input.type != .bool, let parsed = Double(number), !parsed.isFinite {
                    usageError("input '\(name)' must be finite, found '\(text)'", &outcome)
                } else if input.type == .bool {
                    usageError("input '\(name)' is a bool, which takes true or false; '\(text)' is neither", &outcome)
                } else {
                    usageError("input '\(name)' is a \(input.type.displayName); '\(text)' is not", &outcome)
                }
                return false
            }
            interpreter.setInput(name, to: value)
        }
        return true
    }

    /// A usage mistake is one line, so the spec's warnings, already rendered, give way to it.
    static func usageError(_ message: String, _ outcome: inout Outcome) {
        outcome.standardError = "headerc: \(message)\n"
        outcome.exitCode = 2
    }

    private static func compile(_ options: CompileOptions, _ outcome: inout Outcome) {
        if let output = options.output, AtomicFile.isSameFile(options.file, output) {
            usageError("the output '\(output)' is the spec '\(options.file)' itself; writing it would replace the spec",
                       &outcome)
            return
        }
        let text: String
        switch options.target {
        case .swift:
            guard let compilation = load(options.file, enumName: options.enumName, &outcome),
                  let program = compilation.program else { return }
            text = SwiftEmitter(program: program, sourcePath: compilation.source.path, enumName: options.enumName).emit()
            if options.rangeWarnings { printRangeWarnings(compilation, &outcome) }
        case .js:
            // Names Swift could not take are no reason to refuse a JavaScript module; its own are checked.
            guard let compilation = load(options.file, checksSwiftNames: false, &outcome),
                  let program = compilation.program else { return }
            guard javaScriptTakesNames(of: program, compilation, &outcome) else { return }
            text = JavaScriptEmitter(program: program, sourcePath: compilation.source.path).emit()
            if options.rangeWarnings { printRangeWarnings(compilation, &outcome) }
        case .kotlin:
            guard let compilation = load(options.file, checksSwiftNames: false, checksKotlinNames: true,
                                         enumName: options.enumName, &outcome),
                  let program = compilation.program else { return }
            text = KotlinEmitter(program: program, sourcePath: compilation.source.path, objectName: options.enumName,
                                 packageName: options.packageName).emit()
            if options.rangeWarnings { printRangeWarnings(compilation, &outcome) }
        case .web:
            guard let compilation = load(options.file, checksSwiftNames: false, &outcome),
                  let program = compilation.program else { return }
            guard javaScriptTakesNames(of: program, compilation, &outcome) else { return }
            let element = WebElement(program: program, spec: compilation.spec, module: JavaScriptEmitter(program: program, sourcePath: compilation.source.path).emit(),
                                     tag: options.enumName)
            if options.rangeWarnings { printRangeWarnings(compilation, &outcome) }
            if options.report {
                outcome.standardOutput = element.reportText
                return
            }
            // `-o DIR`: the module goes into that folder as TAG.mjs, the folder made where it is missing.
            guard let directory = options.output else {
                outcome.standardOutput = element.render()
                return
            }
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), !isDirectory.boolValue {
                usageError("'-o \(directory)' is a file; --target web writes TAG.mjs into a folder", &outcome)
                return
            }
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            } catch {
                outcome.standardError += "headerc: cannot make the folder '\(directory)': \(error.localizedDescription)\n"
                outcome.exitCode = 1
                return
            }
            write(element.render(), to: (directory as NSString).appendingPathComponent("\(element.tag).mjs"), &outcome)
            return
        }
        write(text, to: options.output, &outcome)
    }

    /// What `--set` and a trace say of a phase input given something else.
    static func phaseRefusal(_ name: String, _ text: String) -> String {
        let hint = Suggestions.closest(to: text, among: ScrollPhase.allCases.map(\.name)).map { "; did you mean '\($0)'?" } ?? ""
        return "input '\(name)' is a phase, which takes idle, dragging or decelerating; '\(text)' is none of them\(hint)"
    }

    static func parseInputValue(_ text: String, type: ValueType) -> Value? {
        switch type {
        case .phase:
            return ScrollPhase(name: text).map(Value.phase)
        case .bool:
            switch text {
            case "true": return .bool(true)
            case "false": return .bool(false)
            default: return nil
            }
        case .number, .density:
            guard !text.hasSuffix("pt"), !text.hasSuffix("px") else { return nil }
            return Arguments.parseNumber(text).map(Value.number)
        case .length:
            return Arguments.parseNumber(text).map(Value.number)
        case .pixels:
            // Pixels are written `12px` or `12`; `12pt` is a length in points, which they are not.
            guard !text.hasSuffix("pt") else { return nil }
            return Arguments.parseNumber(text, unit: "px").map(Value.number)
        case .time:
            // Milliseconds, written `600ms` or `600`.
            guard !text.hasSuffix("pt"), !text.hasSuffix("px") else { return nil }
            return Arguments.parseNumber(text, unit: "ms").map(Value.number)
        }
    }

    /// Reads (`-`: standard input), parses and checks a file, printing its diagnostics; nil when the file
    /// cannot be read.
    static func load(_ path: String, checksSwiftNames: Bool = true, checksKotlinNames: Bool = false, enumName: String? = nil,
                     _ outcome: inout Outcome) -> Compilation? {
        guard let source = readSource(path, &outcome) else { return nil }
        let compilation = Compilation(source: source, checksSwiftNames: checksSwiftNames, checksKotlinNames: checksKotlinNames,
                                      enumName: enumName)
        outcome.keptUntilExit.append(compilation)
        outcome.standardError += DiagnosticRenderer(source: compilation.source).render(compilation.diagnostics.sorted)
        if compilation.spec == nil { outcome.exitCode = 1 }
        return compilation
    }
}
