import Foundation
import XCTest

/// Headless Chromium driven over the DevTools protocol on `--remote-debugging-pipe`: the browser reads
/// commands on its file descriptor 3 and writes answers and events on 4, each a JSON object ended by a NUL.
/// A shell started with the two pipes as its standard input and output moves them to 3 and 4 for the
/// browser, since `Process` hands a child no other descriptor. Everything is read synchronously, with
/// deadlines, so a browser that hangs fails the test instead of stalling it.
final class DevToolsPipe {
    private let process = Process()
    private let commands = Pipe()
    private let answers = Pipe()
    private var buffer: [UInt8] = []
    private var nextID = 1
    private var session: String?

    /// Chromium's profile for this session, removed when it closes.
    private let profile = FileManager.default.temporaryDirectory.appendingPathComponent("headerc-devtools-\(UUID().uuidString)")

    /// `arguments` are passed on to the browser (`--allow-file-access-from-files`, for a module a page
    /// loads from a file).
    init(chromium: URL, arguments: [String] = []) throws {
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", #"exec "$0" "$@" 3<&0 4>&1 </dev/null >/dev/null"#, chromium.path,
                             "--no-sandbox", "--disable-gpu", "--headless", "--remote-debugging-pipe",
                             "--user-data-dir=" + profile.path] + arguments + ["about:blank"]
        process.standardInput = commands
        process.standardOutput = answers
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    deinit { close() }

    func close() {
        defer { try? FileManager.default.removeItem(at: profile) }
        guard process.isRunning else { return }
        _ = try? send("Browser.close", [:], inSession: false, timeout: 5)
        let start = Date()
        while process.isRunning, Date().timeIntervalSince(start) < 5 { usleep(20_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    /// Opens `url` in a new page and talks to that page from then on.
    func open(_ url: String) throws {
        let created = try send("Target.createTarget", ["url": url], inSession: false)
        let target = try XCTUnwrap(created["targetId"] as? String, "no target: \(created)")
        let attached = try send("Target.attachToTarget", ["targetId": target, "flatten": true], inSession: false)
        session = try XCTUnwrap(attached["sessionId"] as? String, "no session: \(attached)")
    }

    /// The value of a JavaScript expression in the page (nil when it throws or is undefined).
    @discardableResult
    func evaluate(_ expression: String) throws -> Any? {
        let result = try send("Runtime.evaluate", ["expression": expression, "returnByValue": true])
        return (result["result"] as? [String: Any])?["value"]
    }

    /// Sends one command and waits for its answer's `result`; events on the way are passed over.
    @discardableResult
    func send(_ method: String, _ parameters: [String: Any], inSession: Bool = true, timeout: Double = 10) throws -> [String: Any] {
        let id = nextID
        nextID += 1
        var message: [String: Any] = ["id": id, "method": method, "params": parameters]
        if inSession, let session { message["sessionId"] = session }
        var data = try JSONSerialization.data(withJSONObject: message)
        data.append(0)
        try commands.fileHandleForWriting.write(contentsOf: data)
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let object = try read(until: deadline, waitingFor: method)
            guard object["id"] as? Int == id else { continue }
            if let error = object["error"] { throw DevToolsError(description: "\(method): \(error)") }
            return object["result"] as? [String: Any] ?? [:]
        }
    }

    private func read(until deadline: Date, waitingFor method: String) throws -> [String: Any] {
        let descriptor = answers.fileHandleForReading.fileDescriptor
        while true {
            if let end = buffer.firstIndex(of: 0) {
                let body = Data(buffer[..<end])
                buffer.removeFirst(end + 1)
                if let object = try JSONSerialization.jsonObject(with: body) as? [String: Any] { return object }
                continue
            }
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { throw DevToolsError(description: "no answer to \(method) in time") }
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, Int32(left * 1000) + 1) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = chunk.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { throw DevToolsError(description: "the browser closed its pipe waiting for \(method)") }
            buffer += chunk[..<count]
        }
    }
}

struct DevToolsError: Error, CustomStringConvertible {
    var description: String
}
