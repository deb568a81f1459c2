import Foundation
import HeaderSource
import HeaderTools

/// `preview FILE --watch [--port N]`: the preview page served on 127.0.0.1, updated as the spec changes.
public struct PreviewWatchOptions: Equatable, Sendable {
    public var picture: PictureOptions
    /// The one port to listen on (0: any free one); nil: the first free one from `defaultPort`.
    public var port: Int?

    /// The first port tried without `--port`, and how many after it.
    public static let defaultPort = 8470
    public static let portsTried = 20
}

/// A file's identity and last change as `stat` reports them: a save in place changes its time or size, and
/// a save that renames a new file over it changes its inode as well.
package struct SpecFingerprint: Equatable, Sendable {
    var device: UInt64, inode: UInt64, size: Int64, seconds: Int, nanoseconds: Int

    /// nil when the file cannot be looked at (it is gone, say, between an editor's delete and write).
    package static func of(_ path: String) -> SpecFingerprint? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return SpecFingerprint(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
                               seconds: info.st_mtim.tv_sec, nanoseconds: info.st_mtim.tv_nsec)
    }
}

/// The spec as the server shows it: its version (one more at every change seen), the page of the last
/// version that checked, and what `check` says of the version now. Plain data, so that what a request is
/// answered with can be tested without a socket.
package struct PreviewWatchState: Sendable {
    package private(set) var version = 0
    /// The version `page` was made from; 0 while none has checked.
    package private(set) var good = 0
    package private(set) var page: String?
    package private(set) var diagnostics = ""
    package private(set) var name: String

    package init(name: String) { self.name = name }

    /// A new version: its page when it checked (the last good page stays otherwise), and its diagnostics.
    package mutating func record(page newPage: String?, diagnostics newDiagnostics: String) {
        version += 1
        if let newPage {
            page = newPage
            good = version
        }
        diagnostics = newDiagnostics
    }

    /// The answer to `route`; nil for an update asked after the version now, which waits for the next.
    package func answer(_ route: PreviewRoute) -> HTTPResponse? {
        switch route {
        case .page:
            let html = page.map { PreviewWatchPage.page($0, version: version, good: good, diagnostics: diagnostics) }
                ?? PreviewWatchPage.waitingPage(name: name, version: version, diagnostics: diagnostics)
            return HTTPResponse(status: 200, contentType: "text/html; charset=utf-8", body: html)
        case .updates(let after):
            if after == version { return nil }
            return updateResponse
        case .notFound:
            return HTTPResponse(status: 404, body: "not found\n")
        case .methodNotAllowed:
            return HTTPResponse(status: 405, body: "only GET is answered\n", extraFields: ["Allow: GET"])
        case .badRequest(let why):
            return HTTPResponse(status: 400, body: "bad request: \(why)\n")
        }
    }

    /// `{"version": N, "good": G, "diagnostics": "..."}`: the page reloads when `good` is not its own.
    var updateResponse: HTTPResponse {
        let text = (try? JSONSerialization.data(withJSONObject: ["diagnostics": diagnostics], options: []))
            .flatMap { String(data: $0, encoding: .utf8) } ?? "{\"diagnostics\":\"\"}"
        // The object's one member, with the two numbers added in front.
        let body = "{\"version\":\(version),\"good\":\(good)," + text.dropFirst()
        return HTTPResponse(status: 200, contentType: "application/json", body: body)
    }
}

extension Driver {
    /// One version of the watched spec: the page `preview` would write, or nil, and what `check` prints of it
    /// (`preview`'s errors, as it reports them).
    static func previewBuild(_ options: PictureOptions) -> (page: String?, diagnostics: String) {
        var outcome = Outcome()
        var unwritten = options
        unwritten.output = nil
        preview(unwritten, &outcome)
        return (outcome.exitCode == 0 ? outcome.standardOutput : nil, outcome.exitCode == 0 ? "" : outcome.standardError)
    }
}
