import Foundation
import XCTest

/// `headerc preview SPEC --watch --port 0` running as a process, its address read from what it prints,
/// and raw HTTP requests to it over a socket of the test's own (written here, not borrowed from the server).
final class WatchedPreview {
    private let process = Process()
    private let output = Pipe()
    let port: Int
    var url: String { "http://127.0.0.1:\(port)/" }

    init(spec: URL, arguments: [String] = []) throws {
        process.executableURL = try LanguageServerClient.binary()
        process.arguments = ["preview", spec.path, "--watch", "--port", "0"] + arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // "Serving SPEC at http://127.0.0.1:PORT/ (Ctrl-C stops)"
        let descriptor = output.fileHandleForReading.fileDescriptor
        var printed: [UInt8] = []
        let deadline = Date().addingTimeInterval(30)
        var found: Int?
        while found == nil, deadline.timeIntervalSinceNow > 0 {
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, 200) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = chunk.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            printed += chunk[..<count]
            let text = String(decoding: printed, as: UTF8.self)
            if let range = text.range(of: #"http://127\.0\.0\.1:([0-9]+)/"#, options: .regularExpression) {
                found = Int(text[range].dropFirst("http://127.0.0.1:".count).dropLast())
            }
        }
        guard let found else {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            throw DevToolsError(description: "preview --watch printed no address: \(String(decoding: printed, as: UTF8.self))")
        }
        port = found
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    /// SIGINT, as Ctrl-C sends it; the exit status, or nil when it had not ended after 10 s (then killed).
    func interrupt() -> Int32? {
        kill(process.processIdentifier, SIGINT)
        let start = Date()
        while process.isRunning, Date().timeIntervalSince(start) < 10 { usleep(10_000) }
        guard !process.isRunning else {
            kill(process.processIdentifier, SIGKILL)
            return nil
        }
        return process.terminationReason == .exit ? process.terminationStatus : -process.terminationStatus
    }

    var isRunning: Bool { process.isRunning }

    /// Sends `request` as it is and reads the answer to the server's close (or `timeout`).
    func raw(_ request: String, timeout: Double = 5) throws -> String {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw DevToolsError(description: "no socket") }
        defer { Foundation.close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port)).bigEndian
        address.sin_addr.s_addr = in_addr_t(0x7f00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw DevToolsError(description: "cannot connect to port \(port)") }
        let bytes = Array(request.utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { break }
            sent += count
        }
        var answer: [UInt8] = []
        let deadline = Date().addingTimeInterval(timeout)
        while deadline.timeIntervalSinceNow > 0 {
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, 100) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            answer += chunk[..<count]
        }
        return String(decoding: answer, as: UTF8.self)
    }

    /// The status of the answer to `request`, nil when there is none.
    func status(of request: String) throws -> Int? {
        let answer = try raw(request)
        guard answer.hasPrefix("HTTP/1.1 "), answer.count >= 12 else { return nil }
        return Int(answer.dropFirst(9).prefix(3))
    }

    /// `GET target`, with this server's Host.
    func get(_ target: String) -> String {
        "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n"
    }
}
