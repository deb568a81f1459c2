// What the fuzzer does with one input, in one place: `Fuzz/FuzzMain.swift` calls it from libFuzzer, and
// `FuzzCorpusTests` calls it on every file of the seed and crash corpora, so a crash found once stays a
// regression test. The fuzzer compiles this file into one module with the library's sources (see
// `Fuzz/run.sh`, which defines HEADERKIT_FUZZ_BUILD); the test target imports the library instead.
//
// It calls only the library's public entry points: Compilation, DiagnosticRenderer, Interpreter
// (frame, resetState, settle, setInput), SwiftEmitter, JavaScriptEmitter, RangeAnalysis and RangeWarnings, plus the names, types and count of the checked
// spec's inputs and snaps.
#if !HEADERKIT_FUZZ_BUILD
import HeaderKit
#endif

enum FuzzSteps {
    /// Offsets every accepted spec is evaluated at, fresh from its initial state each time.
    static let offsets: [Double] = [-0.0, 0, 50, 1e300, -1e300, -120.5, .infinity, -.infinity, .nan]
    /// A scroll path for specs with state: down, back up, overscroll, far down.
    static let trace: [Double] = [0, 40, 10, -30, 200]
    static let settleOffsets: [Double] = [-50, -0.0, 0, 25, 1e300, .nan]
    static let settleVelocities: [Double] = [0, 299, -299, 300, -1000, 1e300, .nan]

    /// Runs every stage on `bytes`, read as UTF-8 with invalid sequences replaced, as `headerc` reads a file.
    /// Traps (so libFuzzer reports a crash) when the library breaks one of its promises.
    static func run(_ bytes: UnsafeRawBufferPointer) {
        run(text: String(decoding: bytes, as: UTF8.self))
    }

    static func run(text: String) {
        let path = "fuzz.header"
        let compilation = Compilation(path: path, text: text)
        let diagnostics = compilation.diagnostics
        // The spec is accepted exactly when there is no error, and errors stay capped.
        check((compilation.spec == nil) == diagnostics.hasErrors, "spec is nil exactly when there are errors")
        check(diagnostics.errors.count <= Diagnostics.errorLimit + 1, "errors are capped")
        let rendered = DiagnosticRenderer(source: compilation.source).render(diagnostics.sorted)
        check(diagnostics.all.isEmpty == rendered.isEmpty, "every diagnostic renders")
        guard let spec = compilation.spec else { return }

        let interpreter = Interpreter(spec: spec)
        let outputCount = interpreter.frame(at: 0).count
        for offset in offsets {
            interpreter.resetState()
            check(interpreter.frame(at: offset).count == outputCount, "every frame has one value per output")
        }

        // A path of offsets, twice from the initial state: the interpreter must not remember anything else.
        interpreter.resetState()
        let first = trace.map(interpreter.frame(at:))
        interpreter.resetState()
        let second = trace.map(interpreter.frame(at:))
        check(first.elementsEqual(second, by: sameBits), "a trace replayed after resetState() gives the same bits")

        let snapCount = spec.snaps.count
        settleEverywhere(interpreter, snapCount: snapCount)

        // Every input at an extreme value (booleans flipped), then the same again.
        check(!interpreter.setInput("no input has this name", to: .number(1)), "an unknown input is refused")
        for (index, input) in spec.inputs.enumerated() {
            let value: Value
            switch input.type {
            case .bool: value = .bool(index % 2 == 0)
            case .phase: value = .phase(ScrollPhase.allCases[index % 3])
            case .number, .length, .pixels, .density, .time: value = .number([1e300, -0.0, -1e300, 0.5, .nan][index % 5])
            }
            check(interpreter.setInput(input.name, to: value), "an input takes a value of its type")
        }
        interpreter.resetState()
        for offset in trace { _ = interpreter.frame(at: offset) }
        settleEverywhere(interpreter, snapCount: snapCount)

        let swift = SwiftEmitter(spec: spec, sourcePath: path, enumName: nil).emit()
        check(!swift.isEmpty, "the emitter writes something")

        // The range analysis, and check's warnings with their witnesses; the JavaScript module.
        if let program = compilation.program {
            let javaScript = JavaScriptEmitter(program: program, sourcePath: path).emit()
            check(!javaScript.isEmpty, "the JavaScript emitter writes something")
            let analysis = RangeAnalysis.analyze(program)
            check(analysis.outputs.count == program.outputs.count, "the analysis proves a range for every output")
            let warnings = RangeWarnings.diagnose(program, analysis: analysis, source: compilation.source)
            check(DiagnosticRenderer(source: compilation.source).render(warnings).isEmpty == warnings.isEmpty, "every range warning renders")
        }
    }

    private static func settleEverywhere(_ interpreter: Interpreter, snapCount: Int) {
        for snap in 0..<snapCount {
            for offset in settleOffsets {
                for velocity in settleVelocities {
                    _ = interpreter.settle(snap: snap, offset: offset, velocity: velocity)
                }
            }
        }
    }

    /// Frames compared bit for bit, so that NaN equals itself and -0.0 differs from 0.
    private static func sameBits(_ a: [Value], _ b: [Value]) -> Bool {
        a.elementsEqual(b) { x, y in
            switch (x, y) {
            case let (.number(p), .number(q)): return p.bitPattern == q.bitPattern
            case let (.bool(p), .bool(q)): return p == q
            default: return false
            }
        }
    }

    private static func check(_ condition: Bool, _ promise: StaticString) {
        if !condition { fatalError("broken promise: \(promise)") }
    }
}
