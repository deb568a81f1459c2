import Foundation

/// The head of an HTTP/1.1 request (RFC 9112 §3): `method SP request-target SP HTTP-version CRLF`, then
/// `field-name ":" OWS field-value OWS CRLF` lines, then an empty line. Only what the preview server
/// reads is kept; a body is never read, since the server answers GET only and closes every connection.
package struct HTTPRequestHead: Equatable, Sendable {
    package var method: String
    package var target: String
    package var version: String
    /// Field names lowercased, in order.
    package var fields: [(name: String, value: String)]

    package static func == (left: HTTPRequestHead, right: HTTPRequestHead) -> Bool {
        left.method == right.method && left.target == right.target && left.version == right.version
            && left.fields.map(\.name) == right.fields.map(\.name) && left.fields.map(\.value) == right.fields.map(\.value)
    }

    package func field(_ name: String) -> String? {
        fields.first { $0.name == name }?.value
    }

    /// The longest head read; a longer one is refused (a browser's is well under 2 KB).
    package static let maximumLength = 8192

    package enum Parse: Equatable, Sendable {
        /// The empty line that ends the head has not arrived yet.
        case incomplete
        /// Not a request this server can read: answered 400.
        case invalid(String)
        case head(HTTPRequestHead)
    }

    /// Reads the head at the start of `bytes`. Lines end in CRLF; a bare LF is taken too (RFC 9112 §2.2).
    package static func parse(_ bytes: [UInt8]) -> Parse {
        guard let end = headEnd(bytes) else {
            return bytes.count > maximumLength ? .invalid("the request's head is longer than \(maximumLength) bytes") : .incomplete
        }
        guard end <= maximumLength else { return .invalid("the request's head is longer than \(maximumLength) bytes") }
        // Control characters other than the line ends, and bytes past ASCII, have no place in a head this
        // server answers.
        guard bytes[..<end].allSatisfy({ $0 == 9 || $0 == 10 || $0 == 13 || (32..<127).contains($0) }) else {
            return .invalid("the request's head has a byte that is not printable ASCII")
        }
        // Split as bytes: as Characters, CRLF is one grapheme, and no "\n" would be found in it.
        var lines = bytes[..<end].split(separator: 10, omittingEmptySubsequences: false).map { line in
            String(decoding: line.last == 13 ? line.dropLast() : line, as: UTF8.self)
        }
        while lines.last == "" { lines.removeLast() }
        guard let requestLine = lines.first else { return .invalid("the request line is missing") }
        let parts = requestLine.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3 else { return .invalid("the request line is not 'METHOD TARGET HTTP/1.1'") }
        let (method, target, version) = (parts[0], parts[1], parts[2])
        let tokenCharacters = Set("!#$%&'*+-.^_`|~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
        guard !method.isEmpty, method.allSatisfy({ tokenCharacters.contains($0) }) else { return .invalid("the method is not a token") }
        guard !target.isEmpty, !target.contains("\t") else { return .invalid("the request target is empty") }
        guard version == "HTTP/1.1" || version == "HTTP/1.0" else { return .invalid("the version is not HTTP/1.1 or HTTP/1.0") }
        var fields: [(name: String, value: String)] = []
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { return .invalid("a header line has no ':'") }
            let name = String(line[..<colon])
            guard !name.isEmpty, name.allSatisfy({ tokenCharacters.contains($0) }) else { return .invalid("a header's name is not a token") }
            let value = line[line.index(after: colon)...].trimmingCharacters(in: CharacterSet(charactersIn: " \t"))
            fields.append((name.lowercased(), value))
        }
        return .head(HTTPRequestHead(method: method, target: target, version: version, fields: fields))
    }

    /// Where the head ends: the index just past its empty line.
    private static func headEnd(_ bytes: [UInt8]) -> Int? {
        var index = 0
        while index < bytes.count {
            if bytes[index] == 10 {
                if index + 1 < bytes.count, bytes[index + 1] == 10 { return index + 2 }
                if index + 2 < bytes.count, bytes[index + 1] == 13, bytes[index + 2] == 10 { return index + 3 }
            }
            index += 1
        }
        return nil
    }
}

/// An HTTP/1.1 response, closed after it is sent: the server keeps no connection alive.
package struct HTTPResponse: Equatable, Sendable {
    package var status: Int
    var contentType: String
    package var body: [UInt8]
    var extraFields: [String] = []

    package init(status: Int, contentType: String = "text/plain; charset=utf-8", body: String, extraFields: [String] = []) {
        self.status = status
        self.contentType = contentType
        self.body = Array(body.utf8)
        self.extraFields = extraFields
    }

    package static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 400: "Bad Request"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 503: "Service Unavailable"
        default: "Status"
        }
    }

    package var bytes: [UInt8] {
        var head = "HTTP/1.1 \(status) \(HTTPResponse.reason(status))\r\n"
        head += "Content-Type: \(contentType)\r\nContent-Length: \(body.count)\r\n"
        // The page is made anew for every version of the spec: no cache may keep an old one, and nothing it
        // sends may be read as another type or framed by another site.
        head += "Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nX-Frame-Options: DENY\r\nConnection: close\r\n"
        for field in extraFields { head += field + "\r\n" }
        return Array((head + "\r\n").utf8) + body
    }
}

/// What the preview server answers a request with, decided from its head alone (no socket, no file):
/// the page at `/`, the update channel at `/spec?version=N`, and nothing else.
package enum PreviewRoute: Equatable, Sendable {
    case page
    /// The spec's state once its version is no longer `after` (at once when nil).
    case updates(after: Int?)
    case notFound
    case methodNotAllowed
    case badRequest(String)

    /// `port` is the one the server listens on: a Host other than the loopback's at that port is refused,
    /// so that a page of another site, reaching this port through a name that resolves to 127.0.0.1, cannot
    /// read the preview.
    package static func route(_ head: HTTPRequestHead, port: Int) -> PreviewRoute {
        let allowedHosts = ["127.0.0.1:\(port)", "localhost:\(port)"]
        if head.version == "HTTP/1.1" || head.field("host") != nil {
            guard let host = head.field("host"), allowedHosts.contains(host.lowercased()) else {
                return .badRequest("the Host is not 127.0.0.1:\(port)")
            }
        }
        // The target is compared as it was sent, never decoded or normalised: `/%2e%2e/`, `//x` and
        // `http://host/` name no path the server has, so they are 404s, and no file is ever looked up by it.
        let path: Substring, query: Substring
        if let question = head.target.firstIndex(of: "?") {
            path = head.target[..<question]
            query = head.target[head.target.index(after: question)...]
        } else {
            path = head.target[...]
            query = ""
        }
        let route: PreviewRoute
        switch path {
        case "/": route = .page
        case "/spec": route = .updates(after: version(in: query))
        default: return .notFound
        }
        return head.method == "GET" ? route : .methodNotAllowed
    }

    /// `version=N` in a query, N a non-negative decimal of at most 18 digits.
    private static func version(in query: Substring) -> Int? {
        for pair in query.split(separator: "&") where pair.hasPrefix("version=") {
            let digits = pair.dropFirst("version=".count)
            guard !digits.isEmpty, digits.count <= 18, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            return Int(digits)
        }
        return nil
    }
}
