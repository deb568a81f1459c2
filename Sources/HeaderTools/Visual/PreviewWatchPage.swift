import Foundation

/// What `preview --watch` adds to the preview page: a panel for the spec's diagnostics, and a script that
/// long-polls `/spec?version=N` and, when a newer spec has checked, reloads the page with the offset, the
/// inputs and the offsets the state went along written into its fragment, which the page reads when it
/// starts. Everything else is `PreviewHTML`'s page, unchanged, so that what a watched page shows is what
/// `preview -o` writes.
package enum PreviewWatchPage {
    /// How long the page waits before asking again after the server did not answer (it stopped, say).
    static let retryMilliseconds = 500

    /// `page` (a `PreviewHTML`) with the panel and the script before its `</body>`. The module inside it
    /// has every `</` escaped, so its last `</body>` is the document's own.
    /// - version: the spec's version now; good: the version the page was made from (0: none has checked);
    ///   diagnostics: what `check` prints for the version now, empty when it checked.
    package static func page(_ page: String, version: Int, good: Int, diagnostics: String) -> String {
        let additions = self.additions(version: version, good: good, diagnostics: diagnostics)
        guard let end = page.range(of: "</body>", options: .backwards) else { return page + additions }
        return page.replacingCharacters(in: end.lowerBound..<end.lowerBound, with: additions)
    }

    /// The page served while no version of the spec has checked yet: its diagnostics, waiting for one that does.
    package static func waitingPage(name: String, version: Int, diagnostics: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <title>\(SVGText.escape(name)): headerc preview</title>
        </head>
        <body>
        <p>Waiting for \(SVGText.escape(name)) to check; the page updates when it does.</p>
        \(additions(version: version, good: 0, diagnostics: diagnostics))</body>
        </html>

        """
    }

    private static func additions(version: Int, good: Int, diagnostics: String) -> String {
        """
        <pre id="diagnostics" style="position: fixed; left: 12px; right: 12px; bottom: 12px; max-height: 40vh; overflow: auto; margin: 0; padding: 10px 14px; background: #fff5f5; color: #c92a2a; border: 1px solid #ffa8a8; border-radius: 6px; font: 12px ui-monospace, monospace; white-space: pre-wrap; z-index: 10;"\(diagnostics.isEmpty ? " hidden" : "")>\(escapeLines(diagnostics))</pre>
        <script>
        \(script(version: version, good: good))
        </script>

        """
    }

    /// The diagnostics as the text of a `<pre>`: escaped line by line, since the escape turns a line's end,
    /// a control character to XML, into "?".
    private static func escapeLines(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { SVGText.escape(String($0)) }.joined(separator: "\n")
    }

    private static func script(version: Int, good: Int) -> String {
        "const previewWatch = { good: \(good), version: \(version), retryMilliseconds: \(retryMilliseconds) };\n"
            + EmbeddedRuntime.previewWatchJS
    }
}
