/// Renders diagnostics the way the Swift compiler does: a `file:line:col: severity: message` line that
/// editors parse, then the source line and a caret run under the range.
public struct DiagnosticRenderer: Sendable {
    public let source: SourceFile

    public init(source: SourceFile) {
        self.source = source
    }

    public func render(_ diagnostic: Diagnostic) -> String {
        var out = block(diagnostic.severity.rawValue, diagnostic.message, diagnostic.range)
        for note in diagnostic.notes {
            out += block("note", note.message, note.range)
        }
        return out
    }

    public func render(_ diagnostics: [Diagnostic]) -> String {
        diagnostics.map(render).joined()
    }

    private func block(_ severity: String, _ message: String, _ range: SourceRange) -> String {
        let start = source.location(of: range.start)
        var out = "\(source.path):\(start.line):\(start.column): \(severity): \(message)\n"
        let line = source.lineText(start.line)
        // A huge line is shown around the caret only, so one bad byte does not print a megabyte.
        let characters = Array(line)
        let end = source.location(of: range.end)
        let caretStart = start.column - 1
        let caretEnd = end.line == start.line ? max(caretStart + 1, end.column - 1) : max(caretStart + 1, characters.count)
        let window = 120
        let from = characters.count > window ? max(0, min(caretStart - window / 2, characters.count - window)) : 0
        let to = min(characters.count, from + window)
        var shown = ""
        for character in characters[from..<max(from, to)] {
            if character == "\t" {
                shown.append(" ")
            } else {
                shown.append(character.isPrintableForDiagnostics ? character : "?")
            }
        }
        out += shown + "\n"
        let padding = String(repeating: " ", count: max(0, caretStart - from))
        let carets = String(repeating: "^", count: max(1, min(caretEnd, to) - caretStart))
        out += padding + carets + "\n"
        return out
    }
}

extension Character {
    /// Tabs become one space wide and control characters are masked, so the caret stays under its column;
    /// so is U+FFFD, what unreadable bytes became, which would print three bytes for each.
    fileprivate var isPrintableForDiagnostics: Bool {
        guard let scalar = unicodeScalars.first else { return false }
        return scalar.value >= 0x20 && scalar.value != 0x7F && scalar.value != 0xFFFD
    }
}
