import Foundation
import HeaderSource
import HeaderSyntax
import HeaderSema
import HeaderDriver

/// One client's session, on the worker thread: the lifecycle, the open documents and the dispatch of
/// each message to its feature (`Features.swift`).
final class Session {
    struct Document {
        var version: Int
        var text: DocumentText
        /// For `text` as it is now; nil after a change until something asks.
        var analysis: DocumentAnalysis?
    }

    private let inbox: Inbox
    private let output: ([UInt8]) -> Void
    private var initialized = false
    private var shutdownRequested = false
    var encoding = PositionEncoding.utf16
    var documents: [String: Document] = [:]
    /// When each changed document's diagnostics are due.
    private var pending: [String: Date] = [:]

    init(inbox: Inbox, output: @escaping ([UInt8]) -> Void) {
        self.inbox = inbox
        self.output = output
    }

    /// Handles messages until `exit` or the end of input; returns the process's exit code.
    func run() -> Int32 {
        while true {
            switch inbox.next(before: pending.values.min()) {
            case .frame(.unreadable(let reason), _):
                respond(nil, error: RequestError(code: .parseError, message: reason))
            case .frame(.message(let bytes), let arrived):
                if let code = handle(bytes, arrived: arrived) { return code }
            case .timeout:
                break
            case .end:
                return shutdownRequested ? 0 : 1
            }
            publishDue()
        }
    }

    // MARK: messages

    /// Handles one message; an exit code when it was `exit`.
    private func handle(_ bytes: [UInt8], arrived: Date) -> Int32? {
        guard let parsed = try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]) else {
            respond(nil, error: RequestError(code: .parseError, message: "the message is not JSON"))
            return nil
        }
        guard let message = parsed as? [String: Any] else {
            respond(nil, error: RequestError(code: .invalidRequest, message: "a message is a JSON object"))
            return nil
        }
        let hasID = message.keys.contains("id")
        let id = RequestID(message["id"])
        guard let method = message["method"] as? String else {
            // A response to a request the server never sent, or nothing at all.
            if !hasID || message.keys.contains("result") || message.keys.contains("error") { return nil }
            respond(id, error: RequestError(code: .invalidRequest, message: "a request names its method"))
            return nil
        }
        let params = message["params"] as? [String: Any] ?? [:]
        guard hasID else {
            return notification(method, params, arrived: arrived)
        }
        guard let id else {
            respond(nil, error: RequestError(code: .invalidRequest, message: "an id is an integer or a string"))
            return nil
        }
        if inbox.takeCancelled(id) {
            respond(id, error: RequestError(code: .requestCancelled, message: "the request was cancelled"))
            return nil
        }
        do {
            respond(id, result: try request(method, params))
        } catch let error as RequestError {
            respond(id, error: error)
        } catch {
            respond(id, error: RequestError(code: .internalError, message: "\(error)"))
        }
        return nil
    }

    private func request(_ method: String, _ params: [String: Any]) throws -> Any {
        if method == "initialize" {
            guard !initialized else { throw RequestError(code: .invalidRequest, message: "the server is already initialized") }
            initialized = true
            return initialize(params)
        }
        guard initialized else {
            throw RequestError(code: .serverNotInitialized, message: "the first request must be 'initialize'")
        }
        guard !shutdownRequested else {
            throw RequestError(code: .invalidRequest, message: "the server is shutting down; only 'exit' is taken")
        }
        switch method {
        case "shutdown":
            shutdownRequested = true
            return NSNull()
        case "textDocument/formatting": return try formatting(params)
        case "textDocument/hover": return try hover(params)
        case "textDocument/definition": return try definition(params)
        case "textDocument/references": return try references(params)
        case "textDocument/completion": return try completion(params)
        case "textDocument/documentSymbol": return try documentSymbols(params)
        case "textDocument/inlayHint": return try inlayHints(params)
        default:
            throw RequestError(code: .methodNotFound, message: "'\(method)' is not a method this server has")
        }
    }

    private func notification(_ method: String, _ params: [String: Any], arrived: Date) -> Int32? {
        switch method {
        case "exit":
            return shutdownRequested ? 0 : 1
        case "textDocument/didOpen":
            guard initialized, let document = params["textDocument"] as? [String: Any],
                  let uri = document["uri"] as? String, let text = document["text"] as? String else { return nil }
            documents[uri] = Document(version: document["version"] as? Int ?? 0, text: DocumentText(text))
            pending[uri] = nil
            publish(uri)
        case "textDocument/didChange":
            guard initialized, let document = params["textDocument"] as? [String: Any],
                  let uri = document["uri"] as? String, documents[uri] != nil,
                  let changes = params["contentChanges"] as? [[String: Any]],
                  // Taken out while it changes, so that its text is edited in place rather than copied.
                  var open = documents.removeValue(forKey: uri) else { return nil }
            for change in changes {
                guard let text = change["text"] as? String else { continue }
                if let given = change["range"], !(given is NSNull) {
                    // A range that cannot be read changes nothing, rather than everything.
                    guard let range = given as? [String: Any], let start = position(range["start"]),
                          let end = position(range["end"]) else { continue }
                    open.text.replace(from: start, to: end, with: text, in: encoding)
                } else {
                    open.text = DocumentText(text)
                }
            }
            open.version = document["version"] as? Int ?? open.version + 1
            open.analysis = nil
            documents[uri] = open
            pending[uri] = arrived.addingTimeInterval(LanguageServer.debounce)
        case "textDocument/didClose":
            guard let document = params["textDocument"] as? [String: Any], let uri = document["uri"] as? String,
                  documents.removeValue(forKey: uri) != nil else { return nil }
            pending[uri] = nil
            send(["jsonrpc": "2.0", "method": "textDocument/publishDiagnostics",
                  "params": ["uri": uri, "diagnostics": [Any]()]])
        default:
            // `initialized`, `$/cancelRequest` (noted as it arrived), `$/setTrace` and the rest: nothing to say.
            break
        }
        return nil
    }

    private func initialize(_ params: [String: Any]) -> Any {
        let general = (params["capabilities"] as? [String: Any])?["general"] as? [String: Any]
        let offered = (general?["positionEncodings"] as? [String] ?? []).compactMap(PositionEncoding.init(rawValue:))
        // Bytes are what the compiler counts; scalars are as cheap; UTF-16 is the protocol's default.
        encoding = offered.contains(.utf8) ? .utf8 : offered.contains(.utf32) ? .utf32 : .utf16
        return [
            "capabilities": [
                "positionEncoding": encoding.rawValue,
                "textDocumentSync": ["openClose": true, "change": 2],
                "documentFormattingProvider": true,
                "hoverProvider": true,
                "definitionProvider": true,
                "referencesProvider": true,
                "completionProvider": ["triggerCharacters": [String]()],
                "documentSymbolProvider": true,
                "inlayHintProvider": true,
            ] as [String: Any],
            "serverInfo": ["name": "headerc", "version": Headerc.version],
        ]
    }

    // MARK: documents

    /// The open document a request names, analysed.
    func document(_ params: [String: Any]) throws -> (uri: String, text: DocumentText, analysis: DocumentAnalysis) {
        guard let uri = (params["textDocument"] as? [String: Any])?["uri"] as? String else {
            throw RequestError(code: .invalidParams, message: "the request names no textDocument.uri")
        }
        guard var open = documents[uri] else {
            throw RequestError(code: .invalidParams, message: "'\(uri)' is not open; send textDocument/didOpen first")
        }
        if let analysis = open.analysis { return (uri, open.text, analysis) }
        let analysis = DocumentAnalysis(path: Session.path(of: uri), text: open.text.text)
        open.analysis = analysis
        documents[uri] = open
        return (uri, open.text, analysis)
    }

    /// The byte offset a request's `position` names.
    func offset(_ params: [String: Any], in text: DocumentText) throws -> Int {
        guard let position = position(params["position"]) else {
            throw RequestError(code: .invalidParams, message: "the request has no position")
        }
        return text.offset(of: position, in: encoding)
    }

    func position(_ value: Any?) -> Position? {
        guard let object = value as? [String: Any], let line = object["line"] as? Int,
              let character = object["character"] as? Int else { return nil }
        return Position(line: line, character: character)
    }

    func json(_ range: SourceRange, in text: DocumentText) -> [String: Any] {
        ["start": json(text.position(of: range.start, in: encoding)), "end": json(text.position(of: range.end, in: encoding))]
    }

    func json(_ position: Position) -> [String: Any] {
        ["line": position.line, "character": position.character]
    }

    /// The file a `file:` URI names, for the messages that quote it.
    static func path(of uri: String) -> String {
        guard let url = URL(string: uri), url.isFileURL else { return uri }
        return url.path
    }

    // MARK: diagnostics

    private func publishDue() {
        let now = Date()
        for (uri, deadline) in pending where deadline <= now {
            pending[uri] = nil
            publish(uri)
        }
    }

    private func publish(_ uri: String) {
        guard let open = documents[uri], let (_, text, analysis) = try? document(["textDocument": ["uri": uri]]) else { return }
        let diagnostics = analysis.diagnostics.map { diagnostic -> [String: Any] in
            var item: [String: Any] = [
                "range": json(diagnostic.range, in: text),
                "severity": diagnostic.severity == .error ? 1 : diagnostic.severity == .warning ? 2 : 3,
                "source": "headerc",
                "message": diagnostic.message,
            ]
            if !diagnostic.notes.isEmpty {
                item["relatedInformation"] = diagnostic.notes.map { note -> [String: Any] in
                    ["location": ["uri": uri, "range": json(note.range, in: text)], "message": note.message]
                }
            }
            return item
        }
        send(["jsonrpc": "2.0", "method": "textDocument/publishDiagnostics",
              "params": ["uri": uri, "version": open.version, "diagnostics": diagnostics] as [String: Any]])
    }

    // MARK: output

    private func respond(_ id: RequestID?, result: Any) {
        send(["jsonrpc": "2.0", "id": id?.json ?? NSNull(), "result": result])
    }

    private func respond(_ id: RequestID?, error: RequestError) {
        send(["jsonrpc": "2.0", "id": id?.json ?? NSNull(),
              "error": ["code": error.code.rawValue, "message": error.message] as [String: Any]])
    }

    private func send(_ message: [String: Any]) {
        guard let body = try? JSONSerialization.data(withJSONObject: message, options: [.withoutEscapingSlashes]) else { return }
        output(Array("Content-Length: \(body.count)\r\n\r\n".utf8) + Array(body))
    }
}
