/// The front end in one call: parse and check a source file.
public struct Compilation: Sendable {
    public let source: SourceFile
    public let diagnostics: Diagnostics
    /// The checked spec, or nil when there was an error.
    public let spec: CheckedSpec?

    public init(source: SourceFile) {
        self.source = source
        var diagnostics = Diagnostics()
        let syntax = Parser.parse(source, into: &diagnostics)
        // The checker runs even after a syntax error, so that one run reports the mistakes of both kinds.
        var spec = Checker.check(syntax, into: &diagnostics)
        if let checked = spec {
            SwiftNames.validate(checked, into: &diagnostics)
            if diagnostics.hasErrors { spec = nil }
        }
        self.diagnostics = diagnostics
        self.spec = spec
    }

    public init(path: String, text: String) {
        self.init(source: SourceFile(path: path, text: text))
    }
}
