import Foundation
import HeaderKit

/// `headerc lsp` as an editor sees it, through pipes: for a 1,000-block spec and each example, the time from
/// a change to its published diagnostics (the debounce, `LanguageServer.debounce`, taken off: what remains is
/// the server's work), and a hover's round trip. Best of five.
func printLanguageServerFigures() {
    let binary = Bundle.main.bundleURL.appendingPathComponent("headerc")
    guard FileManager.default.isExecutableFile(atPath: binary.path) else {
        print("lsp: no headerc beside the benchmark (swift build -c release --product headerc), skipped")
        return
    }
    var specs = [("1000 blocks", scalingSpec(blocks: 1000))]
    let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples")
    for name in ["AppleMusicProfile", "ProfileStretchy", "StickyParallax", "StretchyImage"] {
        if let text = try? String(contentsOf: examples.appendingPathComponent("\(name).header"), encoding: .utf8) {
            specs.append((name, text))
        }
    }
    // The same work in process, without the pipes and the JSON: what a change costs the server itself.
    let big = scalingSpec(blocks: 1000)
    let inProcess = timed(repeats: 5) { DocumentAnalysis(path: "big.header", text: big) }.building
    let frontEnd = timed(repeats: 5) { Compilation(path: "big.header", text: big) }.building
    print(String(format: "lsp 1000 blocks in process: diagnostics %.1f ms (of which the front end %.1f ms)", inProcess * 1000, frontEnd * 1000))
    do {
        let server = try BenchClient(binary)
        _ = server.request("initialize", ["capabilities": [String: Any]()])
        server.notify("initialized", [:])
        for (index, (name, text)) in specs.enumerated() {
            let uri = "file:///bench/\(index).header"
            server.notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "header", "version": 0, "text": text]])
            server.waitForDiagnostics(uri, version: 0)
            var best = Double.infinity
            for version in 1...5 {
                // A whole new text each time (an added space at the end), so nothing is cached; the client's
                // own encoding of it is done before the clock starts.
                let change = server.frame("textDocument/didChange", ["textDocument": ["uri": uri, "version": version],
                                                                     "contentChanges": [["text": text + String(repeating: " ", count: version)]]])
                let start = DispatchTime.now().uptimeNanoseconds
                server.send(change)
                server.waitForDiagnostics(uri, version: version)
                best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 - LanguageServer.debounce)
            }
            var hover = Double.infinity
            for _ in 0..<5 {
                let start = DispatchTime.now().uptimeNanoseconds
                _ = server.request("textDocument/hover", ["textDocument": ["uri": uri], "position": ["line": 4, "character": 5]])
                hover = min(hover, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            }
            print(String(format: "lsp %@: change to diagnostics %.1f ms (after the %.0f ms debounce), hover %.2f ms",
                         name, best * 1000, LanguageServer.debounce * 1000, hover * 1000))
        }
        _ = server.request("shutdown", [:])
        server.notify("exit", [:])
    } catch {
        print("lsp: \(error)")
    }
}

/// A blocking client: each call reads the server's messages until the one it waits for.
private final class BenchClient {
    private let process = Process()
    private let input = Pipe(), output = Pipe()
    private var buffer: [UInt8] = []
    private var nextID = 1

    init(_ binary: URL) throws {
        process.executableURL = binary
        process.arguments = ["lsp"]
        process.standardInput = input
        process.standardOutput = output
        try process.run()
    }

    func notify(_ method: String, _ params: [String: Any]) {
        send(["jsonrpc": "2.0", "method": method, "params": params])
    }

    func request(_ method: String, _ params: [String: Any]) -> [String: Any] {
        let id = nextID
        nextID += 1
        send(["jsonrpc": "2.0", "id": id, "method": method, "params": params])
        return read { $0["id"] as? Int == id }
    }

    func waitForDiagnostics(_ uri: String, version: Int) {
        _ = read {
            guard $0["method"] as? String == "textDocument/publishDiagnostics", let params = $0["params"] as? [String: Any] else { return false }
            return params["uri"] as? String == uri && params["version"] as? Int == version
        }
    }

    func frame(_ method: String, _ params: [String: Any]) -> Data {
        guard let body = try? JSONSerialization.data(withJSONObject: ["jsonrpc": "2.0", "method": method, "params": params]) else {
            return Data()
        }
        return Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }

    func send(_ framed: Data) {
        input.fileHandleForWriting.write(framed)
    }

    private func send(_ message: [String: Any]) {
        guard let body = try? JSONSerialization.data(withJSONObject: message) else { return }
        send(Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
    }

    private func read(until matches: ([String: Any]) -> Bool) -> [String: Any] {
        while true {
            while let message = takeMessage() {
                if matches(message) { return message }
            }
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { return [:] }
            buffer += data
        }
    }

    private func takeMessage() -> [String: Any]? {
        let separator: [UInt8] = [13, 10, 13, 10]
        guard buffer.count >= 4, let end = (0...(buffer.count - 4)).first(where: { Array(buffer[$0..<$0 + 4]) == separator }) else { return nil }
        let header = String(decoding: buffer[..<end], as: UTF8.self)
        guard let length = Int(header.replacingOccurrences(of: "Content-Length: ", with: "")), buffer.count >= end + 4 + length else { return nil }
        let body = Data(buffer[(end + 4)..<(end + 4 + length)])
        buffer.removeFirst(end + 4 + length)
        return (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:]
    }
}
