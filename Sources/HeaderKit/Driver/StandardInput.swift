import Foundation

/// What `-` as a FILE reads. A task-local, so that a test can hand the in-process driver a spec as its
/// standard input: `StandardInput.$read.withValue({ Data(text.utf8) }) { Driver.run(["check", "-"]) }`.
public enum StandardInput {
    /// The name that diagnostics and generated files give a spec read from standard input.
    public static let displayName = "<stdin>"

    @TaskLocal public static var read: @Sendable () -> Data = { FileHandle.standardInput.readDataToEndOfFile() }
}

extension Driver {
    /// Reads a spec from a file, or from standard input for `-`; nil, after saying why, when it cannot be read.
    static func readSource(_ path: String, _ outcome: inout Outcome) -> SourceFile? {
        if path == "-" {
            return SourceFile(path: StandardInput.displayName, contents: [UInt8](outcome.readStandardInput()))
        }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            let reason = !exists ? "no such file" : isDirectory.boolValue ? "it is a directory" : "it cannot be read"
            outcome.standardError += "headerc: cannot read '\(path)': \(reason)\n"
            outcome.exitCode = 1
            return nil
        }
        // Bytes, not a decoded string, so that invalid UTF-8 is reported where it is.
        return SourceFile(path: path, contents: [UInt8](data))
    }
}
