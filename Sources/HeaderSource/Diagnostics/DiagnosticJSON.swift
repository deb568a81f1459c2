/// Diagnostics as JSON, for editors and other tools (`headerc check --format json`):
///
///     {"diagnostics": [
///       {"file": "a.header", "severity": "error", "message": "...", "line": 3, "column": 5,
///        "endLine": 3, "endColumn": 9, "notes": [{"message": "...", "file": "a.header", "line": 1, ...}]}
///     ]}
///
/// Lines and columns are 1-based and count Characters, as in the text form; the end is the position just
/// after the range, so an empty range ends where it starts. One diagnostic a line, in the order given.
public enum DiagnosticJSON {
    public static func document(_ files: [(source: SourceFile, diagnostics: [Diagnostic])]) -> String {
        var entries: [String] = []
        for (source, diagnostics) in files {
            for diagnostic in diagnostics {
                var entry = "{" + fields(source, diagnostic.severity.rawValue, diagnostic.message, diagnostic.range)
                entry += ", \"notes\": ["
                entry += diagnostic.notes.map { "{" + fields(source, nil, $0.message, $0.range) + "}" }
                    .joined(separator: ", ")
                entry += "]}"
                entries.append(entry)
            }
        }
        if entries.isEmpty { return "{\"diagnostics\": []}\n" }
        return "{\"diagnostics\": [\n  " + entries.joined(separator: ",\n  ") + "\n]}\n"
    }

    private static func fields(_ source: SourceFile, _ severity: String?, _ message: String, _ range: SourceRange) -> String {
        let start = source.location(of: range.start)
        let end = source.location(of: range.end)
        var out = "\"file\": \(JSONString.quoted(source.path)), "
        if let severity { out += "\"severity\": \(JSONString.quoted(severity)), " }
        out += "\"message\": \(JSONString.quoted(message)), "
        out += "\"line\": \(start.line), \"column\": \(start.column), \"endLine\": \(end.line), \"endColumn\": \(end.column)"
        return out
    }
}
