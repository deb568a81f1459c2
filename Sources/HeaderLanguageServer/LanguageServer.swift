import Foundation
import HeaderSource
import HeaderDriver

/// `headerc lsp`: a Language Server Protocol (3.17) server over standard input and output.
///
/// The main thread reads and frames messages (`MessageReader`); one worker thread, with the stack the
/// driver's commands get (`Driver.stackSize`, for deeply nested expressions), handles them in order and
/// publishes diagnostics once a document has been still for `debounce`. Bad traffic is answered as the
/// protocol says (a parse error with a null id, an invalid request, an unknown method) and the server goes on.
public enum LanguageServer {
    /// How long after a change diagnostics wait for the next one; the last version wins.
    package static let debounce: TimeInterval = 0.15

    /// Serves until `exit`, or the end of input: the exit code is 0 after `shutdown`, 1 otherwise.
    public static func serve() -> Never {
        let inbox = Inbox()
        let worker = Thread {
            let session = Session(inbox: inbox, output: { writeAll($0, to: 1) })
            exit(session.run())
        }
        worker.stackSize = Driver.stackSize
        worker.start()
        var reader = MessageReader()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            reader.append(chunk[0..<count])
            while let frame = reader.next() { inbox.push(frame) }
        }
        while let frame = reader.next(atEnd: true) { inbox.push(frame) }
        inbox.end()
        while true { sleep(60) }
    }

    /// Writes bytes to a file descriptor to the end.
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
        var rest = bytes[...]
        while !rest.isEmpty {
            let count = rest.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return
            }
            rest = rest.dropFirst(count)
        }
    }
}

/// The frames read so far, handed from the reading thread to the worker; and the requests cancelled while
/// they waited, noted as they arrive so that the worker can skip them.
final class Inbox: @unchecked Sendable {
    private let condition = NSCondition()
    /// Each frame with when it arrived: a change's debounce counts from then, so that the time spent reading
    /// the change itself falls within it.
    private var frames: [(frame: MessageReader.Frame, arrived: Date)] = []
    private var head = 0
    private var ended = false
    private var cancelled = Set<RequestID>()
    static let maximumCancelled = 4096

    func push(_ frame: MessageReader.Frame) {
        if case .message(let bytes) = frame, let id = Inbox.cancelledID(bytes) {
            condition.lock()
            // A cancellation that comes after its answer is never asked for; past a bound they are forgotten.
            if cancelled.count >= Inbox.maximumCancelled { cancelled.removeAll() }
            cancelled.insert(id)
            condition.unlock()
        }
        let arrived = Date()
        condition.lock()
        frames.append((frame, arrived))
        condition.signal()
        condition.unlock()
    }

    func end() {
        condition.lock()
        ended = true
        condition.signal()
        condition.unlock()
    }

    enum Event {
        case frame(MessageReader.Frame, arrived: Date)
        case timeout
        case end
    }

    /// The next frame; `.timeout` once `deadline` passes with none; `.end` when input has ended and
    /// every frame is taken.
    func next(before deadline: Date?) -> Event {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if head < frames.count {
                let (frame, arrived) = frames[head]
                head += 1
                if head > 1024, head * 2 > frames.count {
                    frames.removeFirst(head)
                    head = 0
                }
                return .frame(frame, arrived: arrived)
            }
            if ended { return .end }
            if let deadline {
                if deadline <= Date() { return .timeout }
                _ = condition.wait(until: deadline)
            } else {
                condition.wait()
            }
        }
    }

    /// Whether a request was cancelled; it is forgotten once asked.
    func takeCancelled(_ id: RequestID) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        return cancelled.remove(id) != nil
    }

    /// The id a `$/cancelRequest` names. Only small messages are read here: a cancellation is a few dozen
    /// bytes, and the worker parses the rest. (The method may arrive as `$\/cancelRequest`: JSON may escape a slash.)
    private static func cancelledID(_ bytes: [UInt8]) -> RequestID? {
        guard bytes.count < 512, String(decoding: bytes, as: UTF8.self).contains("cancelRequest"),
              let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any],
              object["method"] as? String == "$/cancelRequest",
              let params = object["params"] as? [String: Any] else { return nil }
        return RequestID(params["id"])
    }
}

/// A request's id: the protocol allows an integer or a string.
enum RequestID: Hashable {
    case number(Int)
    case string(String)

    init?(_ value: Any?) {
        if let text = value as? String {
            self = .string(text)
        } else if let number = value as? NSNumber, let exact = Int(exactly: number.doubleValue) {
            self = .number(exact)
        } else {
            return nil
        }
    }

    var json: Any {
        switch self {
        case .number(let value): return value
        case .string(let value): return value
        }
    }
}

/// JSON-RPC's and the protocol's error codes.
enum ErrorCode: Int {
    case parseError = -32700, invalidRequest = -32600, methodNotFound = -32601, invalidParams = -32602
    case internalError = -32603, serverNotInitialized = -32002, requestCancelled = -32800
}

/// A request the server refuses, with the code and message of its error response.
struct RequestError: Error {
    let code: ErrorCode
    let message: String
}
