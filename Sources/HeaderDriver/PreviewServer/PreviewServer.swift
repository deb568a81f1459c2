import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Synchronization
import HeaderSource

/// Set by SIGINT or SIGTERM; the server's loop ends when it sees it.
private let interruption = Atomic<Bool>(false)

/// The server of `preview --watch`: one thread, one `poll` loop over a listening socket bound to
/// 127.0.0.1 and the connections it accepts. Every connection carries one request and is closed after its
/// answer; `/spec?version=N` is held until the spec's version is no longer N (or `holdSeconds` pass).
/// Between polls the spec's `stat` is compared with the last one, every `watchInterval`.
package final class PreviewServer {
    /// How often the spec is looked at.
    static let watchInterval = 0.15
    /// How long an update is held before it is answered with the version unchanged (the page asks again).
    static let holdSeconds = 20.0
    /// How long a connection may take to send its request's head.
    static let headSeconds = 10.0
    /// Connections open at once; one past them is closed unanswered.
    static let maximumConnections = 64

    private struct Connection {
        var input: [UInt8] = []
        var output: [UInt8] = []
        var written = 0
        /// Waiting for a version after this one.
        var holding: Int?
        var deadline: Double
    }

    private let options: PreviewWatchOptions
    private let listener: Int32
    package let port: Int
    private var connections: [Int32: Connection] = [:]
    private var state: PreviewWatchState
    private var fingerprint: SpecFingerprint?

    /// Listens, or says why it cannot.
    package init(_ options: PreviewWatchOptions) throws(PreviewServerError) {
        self.options = options
        let candidates = options.port.map { [$0] }
            ?? Array(PreviewWatchOptions.defaultPort..<(PreviewWatchOptions.defaultPort + PreviewWatchOptions.portsTried))
        var opened: (Int32, Int)?
        var lastError = ""
        for candidate in candidates {
            switch PreviewServer.openListener(port: candidate) {
            case .success(let pair): opened = pair
            case .failure(let error): lastError = error.message
            }
            if opened != nil { break }
        }
        guard let (listener, port) = opened else {
            throw PreviewServerError(message: options.port == nil
                ? "no free port on 127.0.0.1 from \(PreviewWatchOptions.defaultPort) to \(PreviewWatchOptions.defaultPort + PreviewWatchOptions.portsTried - 1) (\(lastError)); choose one with --port"
                : "cannot listen on 127.0.0.1:\(options.port ?? 0): \(lastError)")
        }
        self.listener = listener
        self.port = port
        let name = URL(fileURLWithPath: options.picture.file).deletingPathExtension().lastPathComponent
        state = PreviewWatchState(name: name)
        fingerprint = SpecFingerprint.of(options.picture.file)
        rebuild()
    }

    /// Serves until SIGINT or SIGTERM, then closes every socket; `announce` gets the page's address first.
    package func serve(announce: (String) -> Void, report: (String) -> Void) {
        signal(SIGPIPE, SIG_IGN)
        signal(SIGINT) { _ in interruption.store(true, ordering: .relaxed) }
        signal(SIGTERM) { _ in interruption.store(true, ordering: .relaxed) }
        announce("http://127.0.0.1:\(port)/")
        if !state.diagnostics.isEmpty { report(state.diagnostics) }
        var lastLook = Self.now()
        while !interruption.load(ordering: .relaxed) {
            var descriptors = [pollfd(fd: listener, events: Int16(POLLIN), revents: 0)]
            for (descriptor, connection) in connections {
                let events = connection.output.isEmpty ? POLLIN : POLLOUT
                descriptors.append(pollfd(fd: descriptor, events: Int16(events), revents: 0))
            }
            let ready = poll(&descriptors, nfds_t(descriptors.count), Int32(Self.watchInterval * 1000))
            if ready > 0 {
                for entry in descriptors where entry.revents != 0 {
                    if entry.fd == listener { acceptConnection() } else { service(entry.fd, revents: entry.revents) }
                }
            }
            let now = Self.now()
            if now - lastLook >= Self.watchInterval {
                lastLook = now
                let seen = SpecFingerprint.of(options.picture.file)
                if seen != fingerprint {
                    fingerprint = seen
                    rebuild()
                    if !state.diagnostics.isEmpty { report(state.diagnostics) }
                    answerHeld()
                }
            }
            expire(now)
        }
        for descriptor in connections.keys { close(descriptor) }
        connections = [:]
        close(listener)
    }

    private func rebuild() {
        let build = Driver.previewBuild(options.picture)
        state.record(page: build.page, diagnostics: build.diagnostics)
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    private func acceptConnection() {
        let descriptor = accept(listener, nil, nil)
        guard descriptor >= 0 else { return }
        guard connections.count < Self.maximumConnections else {
            close(descriptor)
            return
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        connections[descriptor] = Connection(deadline: Self.now() + Self.headSeconds)
    }

    private func service(_ descriptor: Int32, revents: Int16) {
        guard var connection = connections[descriptor] else { return }
        if !connection.output.isEmpty {
            let count = connection.output[connection.written...].withUnsafeBytes {
                send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if count < 0 {
                if errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR { drop(descriptor) }
                return
            }
            connection.written += count
            if connection.written >= connection.output.count {
                // Everything is sent. What the client sent past its head is read away before the close: closing
                // with unread bytes would send a reset, which can lose the answer on the client's side.
                shutdown(descriptor, Int32(SHUT_WR))
                var rest = [UInt8](repeating: 0, count: 4096)
                while rest.withUnsafeMutableBytes({ recv(descriptor, $0.baseAddress, $0.count, 0) }) > 0 {}
                drop(descriptor)
                return
            }
            connections[descriptor] = connection
            return
        }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        if count == 0 || (count < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
            drop(descriptor)
            return
        }
        guard count > 0, connection.holding == nil else { return }
        connection.input += buffer[..<count]
        switch HTTPRequestHead.parse(connection.input) {
        case .incomplete:
            connections[descriptor] = connection
        case .invalid(let why):
            respond(descriptor, connection, HTTPResponse(status: 400, body: "bad request: \(why)\n"))
        case .head(let head):
            let route = PreviewRoute.route(head, port: port)
            if let response = state.answer(route) {
                respond(descriptor, connection, response)
            } else if case .updates(let after) = route {
                connection.holding = after
                connection.deadline = Self.now() + Self.holdSeconds
                connections[descriptor] = connection
            }
        }
    }

    private func respond(_ descriptor: Int32, _ connection: Connection, _ response: HTTPResponse) {
        var connection = connection
        connection.output = response.bytes
        connection.written = 0
        connection.holding = nil
        connection.deadline = Self.now() + Self.headSeconds
        connections[descriptor] = connection
    }

    private func answerHeld() {
        for (descriptor, connection) in connections where connection.holding != nil {
            respond(descriptor, connection, state.updateResponse)
        }
    }

    private func expire(_ now: Double) {
        for (descriptor, connection) in connections where connection.deadline < now {
            if connection.holding != nil {
                respond(descriptor, connection, state.updateResponse)
            } else if connection.output.isEmpty && !connection.input.isEmpty {
                respond(descriptor, connection, HTTPResponse(status: 408, body: "the request's head did not arrive in time\n"))
            } else {
                drop(descriptor)
            }
        }
    }

    private func drop(_ descriptor: Int32) {
        close(descriptor)
        connections[descriptor] = nil
    }

    /// A socket listening on 127.0.0.1 at `port` (0: one the system chooses), and the port it got.
    private static func openListener(port: Int) -> Result<(Int32, Int), PreviewServerError> {
        guard (0...65535).contains(port) else { return .failure(PreviewServerError(message: "\(port) is not a port")) }
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return .failure(PreviewServerError(message: String(cString: strerror(errno)))) }
        var yes: Int32 = 1
        _ = setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port)).bigEndian
        address.sin_addr.s_addr = in_addr_t(0x7f00_0001).bigEndian
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(descriptor, 64) == 0 else {
            let message = String(cString: strerror(errno))
            close(descriptor)
            return .failure(PreviewServerError(message: message))
        }
        var chosen = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &chosen) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        return .success((descriptor, Int(UInt16(bigEndian: chosen.sin_port))))
    }
}

package struct PreviewServerError: Error, Sendable {
    package var message: String
}

extension Driver {
    /// `preview FILE --watch`: serves until interrupted; the exit code (0 after SIGINT, 1 when it cannot listen).
    package static func watchPreview(_ options: PreviewWatchOptions, print: (String) -> Void, printError: (String) -> Void) -> Int32 {
        let server: PreviewServer
        do {
            server = try PreviewServer(options)
        } catch {
            printError("headerc: \(error.message)\n")
            return 1
        }
        server.serve(announce: { print("Serving \(options.picture.file) at \($0) (Ctrl-C stops)\n") }, report: printError)
        return 0
    }
}
