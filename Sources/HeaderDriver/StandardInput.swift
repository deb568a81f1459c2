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
        if AtomicFile.isSpecialFile(path) { return readStream(path, &outcome) }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            return unreadable(path, !exists ? "no such file" : isDirectory.boolValue ? "it is a directory" : "it cannot be read",
                              &outcome)
        }
        // Bytes, not a decoded string, so that invalid UTF-8 is reported where it is.
        return SourceFile(path: path, contents: [UInt8](data))
    }

    /// The most a stream is read for one spec: far beyond any header (10,000 blocks are 3 MB), short of
    /// taking all memory from `/dev/zero`.
    static let maximumStreamBytes = 256 << 20

    /// Reads a pipe, a FIFO or a device (`headerc check <(make-spec)`, `/dev/stdin`) to its end, once: it
    /// cannot be sized, and a FIFO opened twice would wait for a writer that has gone.
    private static func readStream(_ path: String, _ outcome: inout Outcome) -> SourceFile? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return unreadable(path, "it cannot be read", &outcome) }
        defer { try? handle.close() }
        var contents: [UInt8] = []
        while true {
            let chunk: Data?
            do { chunk = try handle.read(upToCount: 1 << 20) } catch { return unreadable(path, "it cannot be read", &outcome) }
            guard let chunk, !chunk.isEmpty else { break }
            contents += chunk
            if contents.count > maximumStreamBytes {
                return unreadable(path, "it goes on past \(maximumStreamBytes >> 20) MB", &outcome)
            }
        }
        return SourceFile(path: path, contents: contents)
    }

    /// Says why a FILE cannot be read, and fails the command.
    private static func unreadable(_ path: String, _ reason: String, _ outcome: inout Outcome) -> SourceFile? {
        outcome.standardError += "headerc: cannot read '\(path)': \(reason)\n"
        outcome.exitCode = 1
        return nil
    }
}
