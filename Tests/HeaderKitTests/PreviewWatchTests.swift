import Foundation
import XCTest
@testable import HeaderKit

/// `preview --watch`: the request heads and routes as plain values; the server as a process, asked over raw
/// sockets for paths it must not serve; and the page in headless Chromium (over the DevTools pipe), which
/// must show a changed spec within a second where the user had left it, and a broken one's errors over the
/// last good values.
final class PreviewWatchTests: XCTestCase {
    /// The spec the tests edit: `cover.height` is `max(base - offset, 44) + gap`.
    static func spec(base: String) -> String {
        """
        header Watched

        input gap: pt in 0pt...100pt = 10pt

        let base = \(base)

        cover {
            height = max(base - offset, 44pt) + gap
        }

        """
    }

    private func head(_ text: String) -> HTTPRequestHead? {
        if case .head(let head) = HTTPRequestHead.parse(Array(text.utf8)) { return head }
        return nil
    }

    func testRequestHeadsAndRoutes() throws {
        let port = 8470
        let page = try XCTUnwrap(head("GET / HTTP/1.1\r\nHost: 127.0.0.1:8470\r\nAccept: */*\r\n\r\n"))
        XCTAssertEqual(page.method, "GET")
        XCTAssertEqual(page.target, "/")
        XCTAssertEqual(page.field("accept"), "*/*")
        XCTAssertEqual(PreviewRoute.route(page, port: port), .page)
        XCTAssertEqual(HTTPRequestHead.parse(Array("GET / HTTP/1.1\r\nHost: x".utf8)), .incomplete)
        let routes: [(String, PreviewRoute)] = [
            ("GET /spec?version=12 HTTP/1.1", .updates(after: 12)),
            ("GET /spec HTTP/1.1", .updates(after: nil)),
            ("GET /spec?version=-1 HTTP/1.1", .updates(after: nil)),
            ("GET /?x=1 HTTP/1.1", .page),
            ("GET /../etc/passwd HTTP/1.1", .notFound),
            ("GET /%2e%2e/ HTTP/1.1", .notFound),
            ("GET /%2E%2E%2F HTTP/1.1", .notFound),
            ("GET //etc/passwd HTTP/1.1", .notFound),
            ("GET http://127.0.0.1:8470/ HTTP/1.1", .notFound),
            ("GET /index.html HTTP/1.1", .notFound),
            ("GET /spec/ HTTP/1.1", .notFound),
            ("POST / HTTP/1.1", .methodNotAllowed),
            ("DELETE /spec HTTP/1.1", .methodNotAllowed),
        ]
        for (line, expected) in routes {
            let parsed = try XCTUnwrap(head(line + "\r\nHost: localhost:8470\r\n\r\n"), line)
            XCTAssertEqual(PreviewRoute.route(parsed, port: port), expected, line)
        }
        // Another site's name for 127.0.0.1 is not this server's.
        let rebound = try XCTUnwrap(head("GET / HTTP/1.1\r\nHost: example.com:8470\r\n\r\n"))
        guard case .badRequest = PreviewRoute.route(rebound, port: port) else { return XCTFail("a foreign Host is served") }
        for garbled in ["GARBAGE\r\n\r\n", "GET /\r\n\r\n", "GET / HTTP/9\r\n\r\n", "G@T / HTTP/1.1\r\n\r\n",
                        "GET / HTTP/1.1\r\nno colon\r\n\r\n", "GET /\u{7f} HTTP/1.1\r\n\r\n", "GET /é HTTP/1.1\r\n\r\n"] {
            guard case .invalid = HTTPRequestHead.parse(Array(garbled.utf8)) else { return XCTFail("\(garbled.debugDescription) was read") }
        }
        let long = "GET /" + String(repeating: "a", count: HTTPRequestHead.maximumLength) + " HTTP/1.1\r\n"
        guard case .invalid = HTTPRequestHead.parse(Array(long.utf8)) else { return XCTFail("a head past the limit was read") }
    }

    func testStateKeepsTheLastGoodPage() {
        var state = PreviewWatchState(name: "Watched")
        state.record(page: "<html><body>one</body></html>", diagnostics: "")
        XCTAssertEqual(state.version, 1)
        XCTAssertEqual(state.good, 1)
        XCTAssertNil(state.answer(.updates(after: 1)), "an update asked after the version now waits")
        state.record(page: nil, diagnostics: "Watched.header:5:20: error: unknown name 'missing'\n")
        XCTAssertEqual(state.version, 2)
        XCTAssertEqual(state.good, 1)
        let update = state.answer(.updates(after: 1))
        let json = try? JSONSerialization.jsonObject(with: Data(update?.body ?? [])) as? [String: Any]
        XCTAssertEqual(json?["version"] as? Int, 2)
        XCTAssertEqual(json?["good"] as? Int, 1)
        XCTAssertEqual(json?["diagnostics"] as? String, "Watched.header:5:20: error: unknown name 'missing'\n")
        let page = String(decoding: state.answer(.page)?.body ?? [], as: UTF8.self)
        XCTAssertTrue(page.hasPrefix("<html><body>one"), page)
        XCTAssertTrue(page.contains("error: unknown name &apos;missing&apos;\n</pre>"), "the page shows the error, escaped, its lines kept")
        XCTAssertEqual(state.answer(.notFound)?.status, 404)
        XCTAssertEqual(state.answer(.methodNotAllowed)?.status, 405)
    }

    func testServesOnlyThePageAndItsUpdates() throws {
        let directory = try TestScratch.directory("preview-watch-paths")
        let spec = directory.appendingPathComponent("Watched.header")
        try Self.spec(base: "200pt").write(to: spec, atomically: true, encoding: .utf8)
        // A file beside the spec that a path walking out of the page would reach.
        try "secret".write(to: directory.appendingPathComponent("secret.txt"), atomically: true, encoding: .utf8)
        let server = try WatchedPreview(spec: spec)
        XCTAssertEqual(try server.status(of: server.get("/")), 200)
        let host = "Host: 127.0.0.1:\(server.port)\r\n"
        let requests: [(String, Int)] = [
            (server.get("/../etc/passwd"), 404), (server.get("/%2e%2e/"), 404), (server.get("/%2E%2E%2F"), 404),
            (server.get("/%2e%2e/secret.txt"), 404), (server.get("/secret.txt"), 404), (server.get("/Watched.header"), 404),
            (server.get("//etc/passwd"), 404), (server.get("http://127.0.0.1:\(server.port)/"), 404),
            (server.get("http://127.0.0.1:\(server.port)/../etc/passwd"), 404), (server.get("/favicon.ico"), 404),
            ("POST / HTTP/1.1\r\n\(host)Content-Length: 0\r\n\r\n", 405),
            ("GARBAGE\r\n\r\n", 400), ("GET /\r\n\r\n", 400), ("\u{1}\u{2}\u{3}\r\n\r\n", 400),
            ("GET / HTTP/1.1\r\nHost: example.com\r\n\r\n", 400),
        ]
        for (request, expected) in requests {
            let answer = try server.raw(request)
            XCTAssertTrue(answer.hasPrefix("HTTP/1.1 \(expected) "), "\(request.debugDescription): \(answer.prefix(80))")
            XCTAssertFalse(answer.contains("secret") || answer.contains("root:"), request.debugDescription)
            // It goes on serving.
            XCTAssertEqual(try server.status(of: server.get("/")), 200, "after \(request.debugDescription)")
        }
        // Random traffic, ended by an empty line so that each is a whole head: each gets a 400 or 404 (never
        // the page, or a crash), and the server answers after all of them.
        var random = SeededGenerator(seed: 0x5eed_0f_7e57)
        let pieces = ["GET", " ", "/", "..", "%2e", "%00", "\r\n", ":", "Host", "HTTP/1.1", "\u{0}", "\u{ff}", "é", "?version=", "9"]
        for _ in 0..<150 {
            let request = (0..<random.below(12)).map { _ in random.pick(pieces) }.joined() + "\r\n\r\n"
            let status = try server.status(of: request)
            XCTAssertTrue(status == 400 || status == 404 || status == 405, "\(request.debugDescription): \(String(describing: status))")
        }
        XCTAssertEqual(try server.status(of: server.get("/")), 200, "after the random traffic")
        // A connection that sends half a head and goes, and one that sends nothing, harm no other.
        _ = try server.raw("GET / HT", timeout: 0.3)
        XCTAssertEqual(try server.status(of: server.get("/spec")), 200)
        let update = try server.raw(server.get("/spec"))
        XCTAssertTrue(update.contains(#"{"version":1,"good":1,"diagnostics":""}"#), update)
        XCTAssertEqual(server.interrupt(), 0, "Ctrl-C stops it cleanly")
    }

    /// A headless screenshot of the watched page with a virtual time budget is taken: the long poll runs
    /// in a worker, whose held request does not stop virtual time, where one the page held did (the
    /// screenshot never came).
    func testAHeadlessScreenshotOfTheWatchedPageIsTaken() throws {
        let chromium = try ChromiumHarness.find()
        let directory = try TestScratch.directory("preview-watch-screenshot")
        let spec = directory.appendingPathComponent("Watched.header")
        try Self.spec(base: "200pt").write(to: spec, atomically: true, encoding: .utf8)
        let server = try WatchedPreview(spec: spec)
        let picture = directory.appendingPathComponent("watched.png")
        let result = try ProcessRunner.run(chromium, ["--no-sandbox", "--disable-gpu", "--virtual-time-budget=2000",
                                                      "--window-size=1280,800", "--screenshot=\(picture.path)", server.url],
                                           in: directory, timeout: 30)
        XCTAssertFalse(result.timedOut, "the screenshot was not taken within 30 s")
        let png = try Data(contentsOf: picture)
        XCTAssertEqual(Array(png.prefix(4)), [0x89, 0x50, 0x4E, 0x47], "a PNG")
        XCTAssertGreaterThan(png.count, 10_000)
        XCTAssertEqual(server.interrupt(), 0, "Ctrl-C stops it cleanly")
    }

    func testThePageFollowsTheSpecWhereTheUserLeftIt() throws {
        let chromium = try ChromiumHarness.find()
        let directory = try TestScratch.directory("preview-watch-page")
        let spec = directory.appendingPathComponent("Watched.header")
        try Self.spec(base: "200pt").write(to: spec, atomically: true, encoding: .utf8)
        let server = try WatchedPreview(spec: spec)
        let browser = try DevToolsPipe(chromium: chromium)
        defer { browser.close() }
        try browser.open(server.url)

        let cell = #"document.querySelector('td.value[data-output="cover.height"]')?.textContent ?? null"#
        let offset = "document.body.dataset.offset ?? null"
        func wait(for expression: String, toBe expected: String, within seconds: Double) throws -> Double {
            let start = Date()
            var last: Any?
            while Date().timeIntervalSince(start) < seconds {
                last = try browser.evaluate(expression)
                if last as? String == expected { return Date().timeIntervalSince(start) }
                usleep(10_000)
            }
            XCTFail("\(expression) is \(String(describing: last)), not \(expected), after \(seconds) s")
            return seconds
        }
        // At rest: max(200 - 0, 44) + 10.
        _ = try wait(for: cell, toBe: "210", within: 10)
        // The user scrolls to 60 and sets the gap to 25 with its slider: max(200 - 60, 44) + 25.
        try browser.evaluate("""
            (() => {
              const field = document.querySelector('#controls input[name="gap"]');
              field.value = "25";
              field.dispatchEvent(new Event("input"));
              document.getElementById("header").scroller.scrollTop = 600 + 60;
              return true;
            })()
            """)
        _ = try wait(for: offset, toBe: "60", within: 5)
        _ = try wait(for: cell, toBe: "165", within: 5)

        // Saved as editors do, a new file renamed over the old: max(260 - 60, 44) + 25.
        let written = Date()
        try Self.spec(base: "260pt").write(to: spec, atomically: true, encoding: .utf8)
        _ = try wait(for: cell, toBe: "225", within: 5)
        let seconds = Date().timeIntervalSince(written)
        XCTAssertLessThan(seconds, 1.0, "the page showed the new value \(seconds) s after the save")
        XCTAssertEqual(try browser.evaluate(offset) as? String, "60", "the offset is kept")
        XCTAssertEqual(try browser.evaluate(#"document.querySelector('#controls input[name="gap"]').value"#) as? String, "25",
                       "the input is kept")

        // Saved in place with an error: it is shown, and the last good values stay.
        let handle = try FileHandle(forWritingTo: spec)
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: Data(Self.spec(base: "300pt + missing").utf8))
        try handle.close()
        let diagnostics = "document.getElementById('diagnostics').hidden ? null : document.getElementById('diagnostics').textContent"
        let shownAfter = try waitUntil(within: 5) {
            (try browser.evaluate(diagnostics) as? String)?.contains("Watched.header:5:20: error: unknown name 'missing'") == true
        }
        XCTAssertLessThan(shownAfter, 1.0, "the error showed \(shownAfter) s after the save")
        XCTAssertEqual(try browser.evaluate(cell) as? String, "225", "the last good values stay")
        XCTAssertEqual(try browser.evaluate(offset) as? String, "60")
        // Opened again while the spec has errors: the last good page, with the errors over it, lines and carets.
        try browser.evaluate("document.body.dataset.ready = 'reloading', location.reload(), true")
        _ = try waitUntil(within: 5) { (try browser.evaluate("document.body?.dataset.ready ?? null") as? String) == "true" }
        let shown = try XCTUnwrap(try browser.evaluate(diagnostics) as? String)
        XCTAssertTrue(shown.contains("Watched.header:5:20: error: unknown name 'missing'\nlet base = 300pt + missing\n"), shown)
        XCTAssertEqual(try browser.evaluate(cell) as? String, "225")
        XCTAssertEqual(try browser.evaluate(offset) as? String, "60")

        // Mended in place: the errors go, and max(180 - 60, 44) + 25 shows.
        try Self.spec(base: "180pt").write(to: spec, atomically: false, encoding: .utf8)
        _ = try wait(for: cell, toBe: "145", within: 5)
        XCTAssertEqual(try browser.evaluate("document.getElementById('diagnostics').hidden") as? Bool, true)
        XCTAssertEqual(try browser.evaluate(offset) as? String, "60")
        XCTAssertEqual(server.interrupt(), 0, "Ctrl-C stops it cleanly")
    }

    /// Seconds until `condition` holds (or a failure after `seconds`).
    private func waitUntil(within seconds: Double, _ condition: () throws -> Bool) throws -> Double {
        let start = Date()
        while Date().timeIntervalSince(start) < seconds {
            if try condition() { return Date().timeIntervalSince(start) }
            usleep(10_000)
        }
        XCTFail("not within \(seconds) s")
        return seconds
    }
}
