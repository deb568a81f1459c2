import Foundation
import XCTest

/// Runs a child process to its end: the one place the tests drive `Process`. Standard output and error go
/// to files (a pipe that fills would stall a child that writes much), read back when it ends.
enum ProcessRunner {
    struct Result {
        var status: Int32
        /// Ended by a signal (`status` is then the signal's number).
        var crashed: Bool
        /// Outlived its timeout and was killed, by its own id.
        var timedOut: Bool
        var output: String
        var error: String
        var seconds: Double

        /// What it printed on both, standard output first.
        var combined: String { output + error }
    }

    /// Runs `executable` with `arguments` in `directory` (the current one when nil), with `environment`
    /// added to this process's, reading `input` (a file) or nothing.
    static func run(_ executable: URL, _ arguments: [String], in directory: URL? = nil,
                    environment: [String: String] = [:], input: URL? = nil, timeout: Double? = nil) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let manager = FileManager.default
        let stem = manager.temporaryDirectory.appendingPathComponent("headerc-process-\(UUID().uuidString)")
        let outputFile = stem.appendingPathExtension("out"), errorFile = stem.appendingPathExtension("err")
        _ = manager.createFile(atPath: outputFile.path, contents: nil)
        _ = manager.createFile(atPath: errorFile.path, contents: nil)
        defer {
            try? manager.removeItem(at: outputFile)
            try? manager.removeItem(at: errorFile)
        }
        let outputHandle = try FileHandle(forWritingTo: outputFile), errorHandle = try FileHandle(forWritingTo: errorFile)
        process.standardOutput = outputHandle
        process.standardError = errorHandle
        process.standardInput = try input.map { try FileHandle(forReadingFrom: $0) } ?? FileHandle.nullDevice
        let start = Date()
        try process.run()
        var timedOut = false
        if let timeout {
            while process.isRunning {
                if Date().timeIntervalSince(start) > timeout {
                    // SIGKILL, by the child's own id: SIGTERM may be ignored by a child of the test runner.
                    kill(process.processIdentifier, SIGKILL)
                    timedOut = true
                    break
                }
                usleep(10_000)
            }
        }
        process.waitUntilExit()
        try? outputHandle.close()
        try? errorHandle.close()
        return Result(status: process.terminationStatus, crashed: !timedOut && process.terminationReason == .uncaughtSignal,
                      timedOut: timedOut,
                      output: (try? String(contentsOf: outputFile, encoding: .utf8)) ?? "",
                      error: (try? String(contentsOf: errorFile, encoding: .utf8)) ?? "",
                      seconds: timedOut ? timeout ?? 0 : Date().timeIntervalSince(start))
    }

    /// Runs a shell command line (`/bin/sh -c`), its arguments as `$0`, `$1`, ...
    static func shell(_ script: String, _ arguments: [String] = [], in directory: URL? = nil,
                      timeout: Double? = nil) throws -> Result {
        try run(URL(fileURLWithPath: "/bin/sh"), ["-c", script] + arguments, in: directory, timeout: timeout)
    }

    /// The first executable named `name` on PATH or among `fallbacks`, or a skip that says what is not run.
    static func find(_ name: String, fallbacks: [String] = [], skipping what: String) throws -> URL {
        var candidates = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/\(name)" }
        candidates += fallbacks
        for candidate in candidates where FileManager.default.isExecutableFile(atPath: candidate) {
            return URL(fileURLWithPath: candidate)
        }
        throw XCTSkip("\(name) not found: \(what)")
    }
}
