import Foundation
import XCTest

/// Opens pages in headless Chromium (`chromium-headless-shell`; `.ci/run` installs it), for the tests of
/// the preview page.
enum ChromiumHarness {
    /// The browser, or a skip that says the page is not opened.
    static func find() throws -> URL {
        try ProcessRunner.find("chromium-headless-shell",
                               fallbacks: ["/usr/bin/chromium-headless-shell", "/usr/lib/chromium-headless-shell/chromium-headless-shell"],
                               skipping: "the preview is not opened (apt-get install chromium-headless-shell)")
    }

    /// The page's DOM once its scripts have run, opened at `fragment`.
    static func dumpDOM(_ page: URL, fragment: String, chromium: URL) throws -> String {
        let url = page.absoluteString + "#" + fragment
        let result = try ProcessRunner.run(chromium, ["--no-sandbox", "--disable-gpu", "--virtual-time-budget=3000", "--dump-dom", url],
                                           in: page.deletingLastPathComponent())
        XCTAssertEqual(result.status, 0, result.combined)
        return result.output
    }
}
