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
    /// `check --format json`: every file's diagnostics in one JSON document on standard output. The exit
    /// code is check's: 1 when any file has an error or cannot be read (which is said on standard error).
    static func checkJSON(_ files: [String], _ outcome: inout Outcome) {
        var results: [(source: SourceFile, diagnostics: [Diagnostic])] = []
        for file in files {
            guard let source = readSource(file, &outcome) else { continue }
            let compilation = Compilation(source: source, checksKotlinNames: true)
            outcome.keptUntilExit.append(compilation)
            results.append((source, compilation.diagnostics.sorted + rangeWarnings(compilation)))
            if compilation.spec == nil { outcome.exitCode = 1 }
        }
        outcome.standardOutput = DiagnosticJSON.document(results)
    }
}
