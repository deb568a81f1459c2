import Foundation
import XCTest

/// Compiles Swift sources with the toolchain's swiftc into one executable and runs it: how tests check
/// that generated code builds and computes what the interpreter computes.
struct SwiftCompilerHarness {
    let swiftc: URL

    init() throws {
        let candidates = [
            ProcessInfo.processInfo.environment["SWIFTC"],
            "/opt/swift/usr/bin/swiftc",
            "/usr/bin/swiftc",
        ].compactMap { $0 }
        guard let path = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw XCTSkip("swiftc not found")
        }
        swiftc = URL(fileURLWithPath: path)
    }

    /// Builds `sources` (file name to text) with the given flags and returns the program's standard output.
    func run(sources: [String: String], flags: [String] = ["-O"], input: String = "") throws -> String {
        let (directory, files) = try write(sources)
        defer { try? FileManager.default.removeItem(at: directory) }
        let binary = directory.appendingPathComponent("program").path
        let build = try execute(swiftc, flags + files + ["-o", binary], in: directory)
        guard build.status == 0 else {
            XCTFail("swiftc failed:\n\(build.error)")
            return ""
        }
        return try execute(URL(fileURLWithPath: binary), [], in: directory, input: input).output
    }

    /// Type-checks `sources` with the given flags; returns swiftc's diagnostics, empty when there are none.
    func typecheck(sources: [String: String], flags: [String]) throws -> (status: Int32, diagnostics: String) {
        let (directory, files) = try write(sources)
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try execute(swiftc, ["-typecheck"] + flags + files, in: directory)
        return (result.status, result.error)
    }

    /// Writes the sources into a fresh temporary directory, in a stable order.
    private func write(_ sources: [String: String]) throws -> (URL, [String]) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("headerc-swiftc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var files: [String] = []
        for (name, text) in sources.sorted(by: { $0.key < $1.key }) {
            let url = directory.appendingPathComponent(name)
            try text.write(to: url, atomically: true, encoding: .utf8)
            files.append(url.path)
        }
        return (directory, files)
    }

    private func execute(_ executable: URL, _ arguments: [String], in directory: URL,
                         input: String = "") throws -> (status: Int32, output: String, error: String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let output = directory.appendingPathComponent("stdout-\(UUID().uuidString)")
        let error = directory.appendingPathComponent("stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        _ = FileManager.default.createFile(atPath: error.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = try FileHandle(forWritingTo: error)
        let inputFile = directory.appendingPathComponent("stdin-\(UUID().uuidString)")
        try input.write(to: inputFile, atomically: true, encoding: .utf8)
        process.standardInput = try FileHandle(forReadingFrom: inputFile)
        try process.run()
        process.waitUntilExit()
        return (process.terminationStatus,
                (try? String(contentsOf: output, encoding: .utf8)) ?? "",
                (try? String(contentsOf: error, encoding: .utf8)) ?? "")
    }
}
