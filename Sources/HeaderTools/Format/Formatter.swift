import HeaderSource
import HeaderSyntax
import HeaderMath
import HeaderIR
import HeaderEval
import HeaderCodeGen

/// `headerc fmt`: lays a spec out one way. Indentation is 4 spaces a level; binary operators, `=`, `?` and a
/// conditional's `:` have a space on each side; each declaration and property starts a line; the stops of
/// `keyframes` and the points of `snap` go one a line, or all on one line, as written; line breaks inside
/// an expression stay where they are, its continuation lines one level deeper; at most one blank line in a
/// row, none at the start of the file, after an opening brace or before a closing one; no trailing spaces;
/// one line break at the end; every line break outside block comments of the kind of the source's first
/// (`\n`, `\r\n` or `\r`); a byte order mark kept. Tokens are written as they are spelled, in their order,
/// and every comment stays where it is relative to them: after code on the same line, or on a line of its
/// own.
///
/// The result is checked before it is returned: it must parse to the same spec with the same documentation
/// and the same comments, or the spec is left as it was.
public enum Formatter {
    public struct Result: Sendable {
        /// The formatted text; nil when the spec has a syntax error, reported in `diagnostics`.
        public let text: String?
        public let diagnostics: Diagnostics
        /// Whether `text` differs from the file as read, its byte order mark included: what `--check`
        /// reports and `--in-place` writes.
        public let changesFile: Bool
    }

    public static func format(_ source: SourceFile) -> Result {
        var diagnostics = Diagnostics()
        var comments: [SourceRange] = []
        let tokens = Lexer.tokenize(source, into: &diagnostics, comments: &comments)
        let syntax = Parser.parse(source, tokens: tokens, into: &diagnostics)
        guard !diagnostics.hasErrors else { return Result(text: nil, diagnostics: diagnostics, changesFile: false) }
        let roles = LayoutRoles(syntax: syntax, tokens: tokens, source: source)
        var layout = Layout(source: source, tokens: tokens, comments: comments, roles: roles)
        let text = layout.run()
        guard FormatVerification.sameSpec(source, syntax: syntax, comments: comments, formatted: text) else {
            diagnostics.error("headerc fmt could not lay this spec out without changing what it says, so it is left as it is; please report this",
                              at: SourceRange(0, 0))
            return Result(text: nil, diagnostics: diagnostics, changesFile: false)
        }
        // (A file with bytes that are not UTF-8 has stopped at its diagnostics, so `bytes` is the file.)
        let file = (source.hasByteOrderMark ? [0xEF, 0xBB, 0xBF] : []) + source.bytes
        return Result(text: text, diagnostics: diagnostics, changesFile: Array(text.utf8) != file)
    }
}

/// Writes the tokens and comments out line by line.
private struct Layout {
    let source: SourceFile
    let tokens: [Token]
    let comments: [SourceRange]
    let roles: LayoutRoles

    private var out = ""
    private var started = false
    private var lineIndent = 0
    /// Open brackets, with the indentation of the line each opened on.
    private var open: [(isBrace: Bool, lineIndent: Int)] = []
    private var previous: Int?
    private var previousWasComment = false
    private var nextComment = 0
    /// The source's first line break: `\n`, `\r\n` or `\r` alone.
    private let lineEnding: String

    init(source: SourceFile, tokens: [Token], comments: [SourceRange], roles: LayoutRoles) {
        self.source = source
        self.tokens = tokens
        self.comments = comments
        self.roles = roles
        let bytes = source.bytes
        // The first line break outside comments decides, as comments keep theirs.
        var firstBreak: Range<Int>?
        var comment = 0
        var index = 0
        while index < bytes.count, firstBreak == nil {
            if comment < comments.count, comments[comment].start <= index {
                index = max(index, comments[comment].end)
                comment += 1
                continue
            }
            let length = SourceFile.lineBreakLength(in: bytes, at: index)
            if length > 0 { firstBreak = index..<(index + length) }
            index += 1
        }
        lineEnding = firstBreak.map { String(decoding: bytes[$0], as: UTF8.self) } ?? "\n"
        // A byte order mark stays: `SourceFile` leaves it out of `bytes`, and says whether the file had one.
        if source.hasByteOrderMark { out = "\u{FEFF}" }
    }

    mutating func run() -> String {
        var gapStart = 0
        for index in tokens.indices {
            let token = tokens[index]
            let hadComments = writeGap(from: gapStart, to: token.range.start, before: index)
            if token.kind == .endOfFile { break }
            writeToken(index, hadComments: hadComments)
            gapStart = token.range.end
        }
        out += lineEnding
        return out
    }

    // MARK: Trivia

    /// The line breaks the source has between the last comment (or token) written and the next token.
    private var pendingBreaks = 0
    /// Whether the last thing written is a `//` comment, which a line break must follow.
    private var lastCommentIsLine = false

    /// Writes the comments between two tokens, each on the line it was on relative to its neighbours, and
    /// leaves `pendingBreaks` for the token after them. Returns whether there was any comment.
    private mutating func writeGap(from start: Int, to end: Int, before index: Int) -> Bool {
        pendingBreaks = 0
        lastCommentIsLine = false
        var position = start
        var any = false
        while nextComment < comments.count, comments[nextComment].start < end {
            let comment = comments[nextComment]
            nextComment += 1
            pendingBreaks += lineBreaks(from: position, to: comment.start)
            let text = commentText(comment)
            if !started {
                out += text
                started = true
            } else if pendingBreaks == 0 {
                out += " " + text
            } else {
                newLines(clampedBreaks(pendingBreaks, closing: false))
                lineIndent = commentIndent(before: index)
                out += String(repeating: " ", count: 4 * lineIndent) + text
            }
            previousWasComment = true
            lastCommentIsLine = source.text(of: SourceRange(comment.start, min(comment.start + 2, comment.end))) == "//"
            pendingBreaks = 0
            position = comment.end
            any = true
        }
        pendingBreaks += lineBreaks(from: position, to: end)
        return any
    }

    private mutating func writeToken(_ index: Int, hadComments: Bool) {
        let token = tokens[index]
        var breaks = pendingBreaks
        switch roles.breaks[index] {
        case .preserve: break
        case .always: breaks = max(breaks, 1)
        case .never: if !hadComments { breaks = 0 }
        }
        if lastCommentIsLine { breaks = max(breaks, 1) }
        if !started {
            breaks = 0
        }
        if breaks > 0 {
            newLines(clampedBreaks(breaks, closing: isCloser(token)))
            lineIndent = indent(of: index)
            out += String(repeating: " ", count: 4 * lineIndent)
        } else if started {
            out += previousWasComment ? space(afterCommentBefore: index) : space(before: index)
        }
        out += source.text(of: token.range)
        started = true
        previous = index
        previousWasComment = false
        switch token.kind {
        case .punctuation(.leftParen): open.append((false, lineIndent))
        case .punctuation(.leftBrace): open.append((true, lineIndent))
        case .punctuation(.rightParen), .punctuation(.rightBrace): _ = open.popLast()
        default: break
        }
    }

    // MARK: Lines

    private mutating func newLines(_ count: Int) {
        out += String(repeating: lineEnding, count: count)
    }

    /// At most one blank line; none right after an opening brace or before a closing one.
    private func clampedBreaks(_ breaks: Int, closing: Bool) -> Int {
        let afterOpening = previous.map { tokens[$0].kind == .punctuation(.leftBrace) && !previousWasComment } ?? false
        return closing || afterOpening ? min(breaks, 1) : min(breaks, 2)
    }

    /// The indentation of a line that starts with token `index`.
    private func indent(of index: Int) -> Int {
        if isCloser(tokens[index]), let bracket = open.last { return bracket.lineIndent }
        guard let bracket = open.last else { return roles.startsStatement[index] ? 0 : 1 }
        if !bracket.isBrace { return bracket.lineIndent + 1 }
        return bracket.lineIndent + (roles.startsStatement[index] ? 1 : 2)
    }

    /// A comment on a line of its own is indented as the line after it, or, above a closing bracket, as
    /// what the brackets hold.
    private func commentIndent(before index: Int) -> Int {
        if isCloser(tokens[index]), let bracket = open.last { return bracket.lineIndent + 1 }
        return indent(of: index)
    }

    private func isCloser(_ token: Token) -> Bool {
        token.kind == .punctuation(.rightBrace) || token.kind == .punctuation(.rightParen)
    }

    // MARK: Spaces

    /// The space between the previous token and token `index` on one line.
    private func space(before index: Int) -> String {
        guard let previous else { return "" }
        let before = tokens[previous].kind, after = tokens[index].kind
        let tightPrefix = roles.prefixOperators.contains(previous)
            && (before == .punctuation(.minus) || before == .punctuation(.plus) || before == .punctuation(.bang))
        switch after {
        case .punctuation(.comma), .punctuation(.rightParen), .punctuation(.percent): return ""
        default: break
        }
        if before == .punctuation(.leftParen) { return "" }
        // A range's `...` is tight on both sides, a parenthesis after it too: `0pt...(x)`.
        if before == .punctuation(.dotDotDot) || after == .punctuation(.dotDotDot) { return "" }
        if after == .punctuation(.leftParen) { return roles.callParentheses.contains(index) || tightPrefix ? "" : " " }
        if after == .punctuation(.colon) && !roles.conditionalColons.contains(index) { return "" }
        if tightPrefix { return "" }
        if roles.tightOperators.contains(index) || roles.tightOperators.contains(previous) { return "" }
        if before == .punctuation(.leftBrace) && after == .punctuation(.rightBrace) { return "" }
        return " "
    }

    /// The space between an inline comment and token `index` after it on its line: one, but none before
    /// what is written against what it follows (`1 /* a */,`).
    private func space(afterCommentBefore index: Int) -> String {
        switch tokens[index].kind {
        case .punctuation(.comma), .punctuation(.rightParen): return ""
        default: return " "
        }
    }

    // MARK: Text

    private func lineBreaks(from start: Int, to end: Int) -> Int {
        LineBreaks.count(in: source.bytes, from: start, to: end)
    }

    /// A comment as written, without spaces at the ends of its lines (nor the `\r` of the `\r\n` after a
    /// `//` comment, which its range takes).
    private func commentText(_ range: SourceRange) -> String {
        LineBreaks.trimmingTrailingSpaces(source.text(of: range))
    }
}
