import Foundation
import XCTest

/// Compiles Swift sources with the toolchain's swiftc into one executable and runs it: how tests check
/// that generated code builds and computes what the interpreter computes.
struct SwiftCompilerHarness {
    let swiftc: URL

    init() throws {
        swiftc = try Self.findSwiftc()
    }

    /// `SWIFTC`, else the swiftc beside the running test's toolchain, else one on PATH, or a skip.
    static func findSwiftc() throws -> URL {
        let fileManager = FileManager.default
        var candidates: [String] = []
        if let path = ProcessInfo.processInfo.environment["SWIFTC"] { candidates.append(path) }
        if let executable = try? fileManager.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            candidates.append(URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent("swiftc").path)
        }
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            candidates.append("\(directory)/swiftc")
        }
        candidates += ["/opt/swift/usr/bin/swiftc", "/usr/bin/swiftc"]
        for candidate in candidates where fileManager.isExecutableFile(atPath: candidate) {
            return URL(fileURLWithPath: candidate)
        }
        throw XCTSkip("swiftc not found: the generated Swift is not built")
    }

    /// What `build` gives: the program's standard output, or why there is none.
    struct Run {
        var output = ""
        var failure: String?
        var buildSeconds = 0.0
    }

    /// Builds `sources` (file name to text) into one program with the given flags and runs it once.
    func build(sources: [String: String], flags: [String] = ["-O"], input: String = "") throws -> Run {
        let (directory, files) = try write(sources)
        var result = Run()
        let binary = directory.appendingPathComponent("program").path
        let build = try ProcessRunner.run(swiftc, flags + files + ["-o", binary], in: directory)
        result.buildSeconds = build.seconds
        guard build.status == 0 else {
            // Kept, for a person to look at; the run's scratch folder names it.
            result.failure = "swiftc failed (kept \(directory.path)):\n\(build.combined.prefix(8_000))"
            return result
        }
        let inputFile = directory.appendingPathComponent("stdin")
        try input.write(to: inputFile, atomically: true, encoding: .utf8)
        let run = try ProcessRunner.run(URL(fileURLWithPath: binary), [], in: directory, input: inputFile)
        result.output = run.output
        if run.status != 0 { result.failure = "the program exited with \(run.status): \(run.error.prefix(2_000))" }
        if result.failure == nil { try? FileManager.default.removeItem(at: directory) }
        return result
    }

    /// Builds `sources` with the given flags and returns the program's standard output.
    func run(sources: [String: String], flags: [String] = ["-O"], input: String = "") throws -> String {
        let result = try build(sources: sources, flags: flags, input: input)
        if let failure = result.failure { XCTFail(failure) }
        return result.output
    }

    /// Type-checks `sources` with the given flags; returns swiftc's diagnostics, empty when there are none.
    func typecheck(sources: [String: String], flags: [String]) throws -> (status: Int32, diagnostics: String) {
        let (directory, files) = try write(sources)
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try ProcessRunner.run(swiftc, ["-typecheck"] + flags + files, in: directory)
        return (result.status, result.error)
    }

    /// Runs swiftc itself with `arguments` in `directory`; its output and errors together.
    func compile(_ arguments: [String], in directory: URL) throws -> (status: Int32, output: String) {
        let result = try ProcessRunner.run(swiftc, arguments, in: directory)
        return (result.status, result.combined)
    }

    /// Writes the sources into a fresh work directory, in a stable order.
    private func write(_ sources: [String: String]) throws -> (URL, [String]) {
        let directory = try TestScratch.directory("swiftc-\(UUID().uuidString)")
        var files: [String] = []
        for (name, text) in sources.sorted(by: { $0.key < $1.key }) {
            let url = directory.appendingPathComponent(name)
            try text.write(to: url, atomically: true, encoding: .utf8)
            files.append(url.path)
        }
        return (directory, files)
    }
}
