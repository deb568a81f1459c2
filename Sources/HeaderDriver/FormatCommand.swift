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

extension Driver {
    /// `fmt FILE... [--check | --in-place]`. A file with a syntax error gets its diagnostics, exit code 1,
    /// and is left as it is; the other files are still formatted.
    package static func format(_ options: FormatOptions, _ outcome: inout Outcome) {
        for file in options.files {
            guard let source = readSource(file, &outcome) else { continue }
            let result = Formatter.format(source)
            guard let formatted = result.text else {
                outcome.standardError += DiagnosticRenderer(source: source).render(result.diagnostics.sorted)
                outcome.exitCode = 1
                continue
            }
            let changed = result.changesFile
            switch options.mode {
            case .print:
                outcome.standardOutput += formatted
            case .check:
                if changed {
                    outcome.standardOutput += "\(source.path)\n"
                    outcome.exitCode = 1
                }
            case .inPlace:
                guard changed else { continue }
                do {
                    try AtomicFile.write(formatted, to: regularFile(file))
                } catch {
                    outcome.standardError += "headerc: cannot write '\(file)': \(error.localizedDescription)\n"
                    outcome.exitCode = 1
                }
            }
        }
    }

    /// The file a path names, through symbolic links; rewriting by rename is only for regular files, never
    /// a device such as /dev/stdin.
    private static func regularFile(_ path: String) throws -> String {
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        let attributes = try FileManager.default.attributesOfItem(atPath: resolved)
        guard attributes[.type] as? FileAttributeType == .typeRegular else {
            throw AtomicFile.WriteError(reason: "it is not a regular file")
        }
        return resolved
    }
}
