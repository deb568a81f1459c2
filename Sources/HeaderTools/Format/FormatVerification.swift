import HeaderSource
import HeaderSyntax
import HeaderMath
import HeaderIR
import HeaderEval
import HeaderCodeGen

/// The formatter's promise, checked on every run: the formatted text parses, without errors, to the same
/// spec (every declaration, expression, number, name and operator, and the same documentation) and has the
/// same comments in the same order. Spaces and tabs at the ends of lines do not count.
package enum FormatVerification {
    static func sameSpec(_ source: SourceFile, syntax: SpecSyntax, comments: [SourceRange], formatted: String) -> Bool {
        let output = SourceFile(path: source.path, text: formatted)
        var diagnostics = Diagnostics()
        var outputComments: [SourceRange] = []
        let tokens = Lexer.tokenize(output, into: &diagnostics, comments: &outputComments)
        let reparsed = Parser.parse(output, tokens: tokens, into: &diagnostics)
        guard !diagnostics.hasErrors else { return false }
        return SyntaxFingerprint.of(syntax) == SyntaxFingerprint.of(reparsed)
            && comments.map { normalizedComment(source.text(of: $0)) } == outputComments.map { normalizedComment(output.text(of: $0)) }
    }

    /// A comment's text with `\n` line breaks and nothing at the ends of its lines that
    /// `LineBreaks.trimmingTrailingSpaces` takes away.
    package static func normalizedComment(_ text: String) -> String {
        LineBreaks.lines(LineBreaks.trimmingTrailingSpaces(text)).joined(separator: "\n")
    }
}
