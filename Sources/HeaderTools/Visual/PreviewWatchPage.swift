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
        """
        (() => {
          // The page comes back where it was: the offset and inputs are the page's own fragment's.
          history.scrollRestoration = "manual";
          const good = \(good);
          let seen = \(version);
          const panel = document.getElementById("diagnostics");
          document.body.dataset.specVersion = String(seen);
          function showDiagnostics(text) {
            panel.textContent = text;
            panel.hidden = text === "";
          }
          // The fragment the page starts from: its inputs as they are set now, and the offsets the state went
          // along (the fragment's, then the one shown now, when the page has moved since).
          function fragmentNow() {
            const fragment = new URLSearchParams(location.hash.slice(1));
            const trace = (fragment.get("offset") ?? "0").split(",").filter((text) => text !== "");
            const offset = document.body.dataset.offset;
            if (offset !== undefined && trace[trace.length - 1] !== offset) trace.push(offset);
            fragment.set("offset", trace.join(","));
            // A scroll's end happened once, before: the offset it came to rest at is the one kept.
            fragment.delete("ended");
            fragment.delete("velocity");
            for (const field of document.querySelectorAll("#controls input[name]")) {
              fragment.set(field.name, field.type === "checkbox" ? String(field.checked) : field.value);
            }
            return fragment.toString();
          }
          // A newer version: the page again where it is, or the diagnostics. True once the page reloads.
          function handle(update) {
            seen = update.version;
            document.body.dataset.specVersion = String(seen);
            if (update.good !== good) {
              history.replaceState(null, "", "#" + fragmentNow());
              location.reload();
              return true;
            }
            showDiagnostics(update.diagnostics);
            return false;
          }
          // The long poll, one request held at a time. It runs in a worker where the browser has them: a
          // request the page itself holds open keeps a headless browser's virtual time from running, so a
          // screenshot with --virtual-time-budget would never be taken; a worker's does not.
          const poll = (post) => async function follow(url, version) {
            for (;;) {
              let update;
              try {
                const response = await fetch(url + "?version=" + version, { cache: "no-store" });
                update = await response.json();
              } catch {
                await new Promise((resolve) => setTimeout(resolve, \(retryMilliseconds)));
                continue;
              }
              version = update.version;
              if (post(update)) return;
            }
          };
          const url = new URL("/spec", location.href).href;
          let worker = null;
          try {
            const source = `const follow = (${poll.toString()})((update) => { postMessage(update); return false; });\n`
              + `follow(${JSON.stringify(url)}, ${seen});`;
            worker = new Worker(URL.createObjectURL(new Blob([source], { type: "text/javascript" })));
            worker.onmessage = (event) => { if (handle(event.data)) worker.terminate(); };
            worker.onerror = () => { worker.terminate(); poll(handle)(url, seen); };
          } catch {
            poll(handle)(url, seen);
          }
        })();
        """
    }
}
