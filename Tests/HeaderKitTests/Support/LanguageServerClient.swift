import Foundation
import XCTest

/// A language server client for tests: starts the built `headerc lsp`, frames what it sends with
/// `Content-Length` headers, and reads the server's messages on a thread of its own. Its framing is written
/// here again, not borrowed from the server, so that a mistake in one is not hidden by the other.
final class LanguageServerClient: @unchecked Sendable {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let condition = NSCondition()
    private var messages: [[String: Any]] = []
    private var buffer: [UInt8] = []
    private var ended = false
    private var nextID = 1

    /// The headerc executable next to the test bundle (swift test builds it), or in .build/debug.
    static func binary() throws -> URL {
        var candidates: [URL] = []
        #if os(macOS)
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            candidates.append(bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("headerc"))
        }
        #endif
        candidates.append(Bundle.main.bundleURL.appendingPathComponent("headerc"))
        candidates.append(Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("headerc"))
        candidates.append(PackagePaths.url(".build/debug/headerc"))
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw XCTSkip("no headerc binary found in \(candidates.map(\.path))")
        }
        return found
    }

    init() throws {
        process.executableURL = try LanguageServerClient.binary()
        process.arguments = ["lsp"]
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        output.fileHandleForReading.readabilityHandler = { [weak self] handle in
            self?.received(handle.availableData)
        }
        try process.run()
    }

    deinit {
        if process.isRunning { process.terminate() }
    }

    private func received(_ data: Data) {
        condition.lock()
        defer {
            condition.broadcast()
            condition.unlock()
        }
        if data.isEmpty {
            ended = true
            output.fileHandleForReading.readabilityHandler = nil
            return
        }
        buffer += data
        while let separator = LanguageServerClient.find([13, 10, 13, 10], in: buffer) {
            let header = String(decoding: buffer[..<separator], as: UTF8.self)
            guard let line = header.split(separator: "\r\n").first(where: { $0.hasPrefix("Content-Length: ") }),
                  let length = Int(line.dropFirst("Content-Length: ".count)) else {
                XCTFail("the server sent a header without a length: \(header)")
                buffer.removeAll()
                return
            }
            let start = separator + 4
            guard buffer.count >= start + length else { return }
            let body = Data(buffer[start..<start + length])
            buffer.removeFirst(start + length)
            if let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] {
                messages.append(object)
            } else {
                XCTFail("the server sent a body that is not a JSON object: \(String(decoding: body, as: UTF8.self))")
            }
        }
    }

    private static func find(_ needle: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= needle.count else { return nil }
        for index in 0...(bytes.count - needle.count) where Array(bytes[index..<index + needle.count]) == needle {
            return index
        }
        return nil
    }

    /// Sends bytes as they are, framing or not.
    func sendRaw(_ bytes: [UInt8]) {
        input.fileHandleForWriting.write(Data(bytes))
    }

    func frame(_ message: [String: Any]) -> [UInt8] {
        let body = (try? JSONSerialization.data(withJSONObject: message)) ?? Data()
        return Array("Content-Length: \(body.count)\r\n\r\n".utf8) + Array(body)
    }

    func notify(_ method: String, _ params: [String: Any]) {
        sendRaw(frame(["jsonrpc": "2.0", "method": method, "params": params]))
    }

    /// Sends a request and waits for its response (the whole message: `result` or `error`).
    @discardableResult
    func request(_ method: String, _ params: [String: Any] = [:], id: Any? = nil,
                 file: StaticString = #filePath, line: UInt = #line) -> [String: Any] {
        let id = id ?? { () -> Any in
            defer { nextID += 1 }
            return nextID
        }()
        sendRaw(frame(["jsonrpc": "2.0", "id": id, "method": method, "params": params]))
        return wait(file: file, line: line) { LanguageServerClient.same($0["id"], id) && $0["method"] == nil }
    }

    /// Waits (up to 20 s) for the first message, not yet taken, that `matches`, and takes it.
    func wait(file: StaticString = #filePath, line: UInt = #line, for matches: ([String: Any]) -> Bool) -> [String: Any] {
        let deadline = Date().addingTimeInterval(20)
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let index = messages.firstIndex(where: matches) { return messages.remove(at: index) }
            if ended || !condition.wait(until: deadline) {
                XCTFail("no such message from the server; it sent \(messages)", file: file, line: line)
                return [:]
            }
        }
    }

    /// The next diagnostics published for a document at a version.
    func diagnostics(for uri: String, version: Int?, file: StaticString = #filePath, line: UInt = #line) -> [[String: Any]] {
        let message = wait(file: file, line: line) {
            guard $0["method"] as? String == "textDocument/publishDiagnostics",
                  let params = $0["params"] as? [String: Any] else { return false }
            return params["uri"] as? String == uri && params["version"] as? Int == version
        }
        return (message["params"] as? [String: Any])?["diagnostics"] as? [[String: Any]] ?? []
    }

    /// Whether a message that `matches` has arrived and not been taken.
    func holds(_ matches: ([String: Any]) -> Bool) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        return messages.contains(where: matches)
    }

    static func same(_ lhs: Any?, _ rhs: Any) -> Bool {
        if let lhs = lhs as? String, let rhs = rhs as? String { return lhs == rhs }
        if let lhs = lhs as? Int, let rhs = rhs as? Int { return lhs == rhs }
        return false
    }

    /// Waits for the process to end and gives its exit code.
    func exitCode(within seconds: TimeInterval = 10) -> Int32? {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        return process.isRunning ? nil : process.terminationStatus
    }

    func closeInput() {
        try? input.fileHandleForWriting.close()
    }
}
