import HeaderSource

/// Turns a spec's bytes into tokens. It never throws: what it cannot read becomes an `.invalid` token after
/// a diagnostic, so the parser sees one bad token and carries on.
public struct Lexer {
    private let source: SourceFile
    private let bytes: [UInt8]
    private var position = 0
    private var pendingDocumentation: [String] = []
    private var sawLineBreak = true
    /// Whether the current line has had a token or a comment on it, so a comment after code is not taken
    /// as documentation for what follows.
    private var lineHasContent = false
    /// The ranges of the comments skipped, in order, when `tokenize(_:into:comments:)` asks for them.
    private var commentRanges: [SourceRange]?

    /// Where a U+FFFD stands for bytes that were not UTF-8, already reported.
    private let invalidUTF8Starts: Set<Int>

    public init(source: SourceFile) {
        self.source = source
        self.bytes = source.bytes
        self.invalidUTF8Starts = Set(source.invalidUTF8.map(\.range.start))
    }

    public static func tokenize(_ source: SourceFile, into diagnostics: inout Diagnostics) -> [Token] {
        reportInvalidUTF8(in: source, into: &diagnostics)
        var lexer = Lexer(source: source)
        var tokens: [Token] = []
        while true {
            let token = lexer.next(&diagnostics)
            tokens.append(token)
            if token.kind == .endOfFile { return tokens }
        }
    }

    /// The tokens, and the range of every comment (from `//` to the end of its line, or `/*` to its `*/`),
    /// which the tokens skip; the formatter puts them back.
    public static func tokenize(_ source: SourceFile, into diagnostics: inout Diagnostics,
                                comments: inout [SourceRange]) -> [Token] {
        reportInvalidUTF8(in: source, into: &diagnostics)
        var lexer = Lexer(source: source)
        lexer.commentRanges = []
        var tokens: [Token] = []
        while true {
            let token = lexer.next(&diagnostics)
            tokens.append(token)
            if token.kind == .endOfFile { break }
        }
        comments = lexer.commentRanges ?? []
        return tokens
    }

    /// Reported wherever they are, comments included: a replaced byte would otherwise change a doc comment
    /// silently, or, in `headerc fmt`, the file.
    static func reportInvalidUTF8(in source: SourceFile, into diagnostics: inout Diagnostics) {
        for invalid in source.invalidUTF8 where !diagnostics.isSaturated {
            let shown = invalid.fileBytes.map { "0x" + String($0, radix: 16, uppercase: true) }.joined(separator: " ")
            diagnostics.error("invalid UTF-8 at byte \(invalid.fileOffset) of the file (\(shown)); a spec is UTF-8 text",
                              at: invalid.range)
        }
    }

    /// The next token; after the end of the file, the end of the file again.
    package mutating func next(_ diagnostics: inout Diagnostics) -> Token {
        let spaceBefore = skipTrivia(&diagnostics)
        let startsLine = sawLineBreak
        let documentation = pendingDocumentation.isEmpty ? nil : pendingDocumentation.joined(separator: "\n")
        pendingDocumentation = []
        sawLineBreak = false
        lineHasContent = true
        let start = position
        guard let byte = peek() else {
            return Token(kind: .endOfFile, range: SourceRange(start, start), startsLine: true, spaceBefore: true, spaceAfter: true)
        }
        func make(_ kind: Token.Kind, text: String = "", number: Double = 0, unit: ValueType = .number) -> Token {
            Token(kind: kind, range: SourceRange(start, position), text: text, number: number, unit: unit,
                  documentation: documentation, startsLine: startsLine, spaceBefore: spaceBefore, spaceAfter: spaceFollows())
        }
        if byte.isIdentifierHead || nonASCIILetter(at: position) != nil {
            var firstNonASCII: (scalar: Unicode.Scalar, range: SourceRange)?
            while let next = peek() {
                if next.isIdentifierBody {
                    position += 1
                } else if let letter = nonASCIILetter(at: position) {
                    if firstNonASCII == nil {
                        firstNonASCII = (letter.scalar, SourceRange(position, position + letter.length))
                    }
                    position += letter.length
                } else {
                    break
                }
            }
            let name = String(decoding: bytes[start..<position], as: UTF8.self)
            if let (scalar, range) = firstNonASCII {
                // Still a name, so that its declaration and its uses agree and nothing else cascades from it.
                let code = "U+" + String(String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4))
                diagnostics.error("names are ASCII: '\(name)' has '\(scalar)' (\(code)); use the letters a to z and A to Z, digits and '_'",
                                  at: range)
                return make(.identifier, text: name)
            }
            if let keyword = Keyword(rawValue: name) { return make(.keyword(keyword), text: name) }
            return make(.identifier, text: name)
        }
        if byte.isDigit {
            let number = lexNumber(start: start, &diagnostics)
            return make(number.kind, text: number.spelling, number: number.value, unit: number.unit)
        }
        if byte == UInt8(ascii: "."), start > 0, bytes[start - 1].isIdentifierBody, let next = peek(1), next.isIdentifierHead {
            position += 1
            return make(.punctuation(.dot), text: ".")
        }
        if let punctuation = lexPunctuation() {
            return make(.punctuation(punctuation), text: punctuation.rawValue)
        }
        // One token for a run of unreadable bytes, so binary input yields a few diagnostics, not millions;
        // `.5` is one token too, so it is one error.
        position += 1
        if byte == UInt8(ascii: "."), let next = peek(), next.isDigit {
            while let digit = peek(), digit.isDigit { position += 1 }
        }
        while let next = peek(), next >= 0x80 || (next < 0x20 && !next.isWhitespace) { position += 1 }
        let text = source.text(of: SourceRange(start, position))
        let shown = text.unicodeScalars.first.map { $0.isASCII && $0.value >= 0x20 ? "'\($0)'" : "U+\(String($0.value, radix: 16, uppercase: true))" } ?? "byte"
        if byte == UInt8(ascii: ".") {
            diagnostics.error("unexpected '.'; write a number as '0.5', and a range as 'a...b'", at: SourceRange(start, position))
        } else if byte == UInt8(ascii: ";") {
            diagnostics.error("unexpected ';': a line of a spec ends without one; delete it", at: SourceRange(start, position))
        } else if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]") {
            diagnostics.error("unexpected \(shown): a list is written in braces, as in 'snap cover { 0pt, 146pt }'", at: SourceRange(start, position))
        } else if invalidUTF8Starts.contains(start) {
            // Reported as invalid UTF-8 already.
        } else {
            diagnostics.error("unexpected character \(shown)", at: SourceRange(start, position))
        }
        return make(.invalid, text: text)
    }

    /// number = digits [ "." digits ] [ ("e" | "E") [ "+" | "-" ] digits ] [ "pt" | "px" | "ms" | "s" ]
    private mutating func lexNumber(start: Int, _ diagnostics: inout Diagnostics)
        -> (kind: Token.Kind, spelling: String, value: Double, unit: ValueType) {
        while let next = peek(), next.isDigit { position += 1 }
        if peek() == UInt8(ascii: "."), let after = peek(1), after.isDigit {
            position += 1
            while let next = peek(), next.isDigit { position += 1 }
        }
        if let e = peek(), e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            var look = 1
            if let sign = peek(1), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { look = 2 }
            if let digit = peek(look), digit.isDigit {
                position += look
                while let next = peek(), next.isDigit { position += 1 }
            }
        }
        let spelling = String(decoding: bytes[start..<position], as: UTF8.self)
        var value = Double(spelling) ?? .infinity
        var unit = ValueType.number
        if let next = peek(), next.isIdentifierHead {
            let unitStart = position
            while let letter = peek(), letter.isIdentifierBody { position += 1 }
            let unitName = String(decoding: bytes[unitStart..<position], as: UTF8.self)
            if unitName == "pt" {
                unit = .length
            } else if unitName == "px" {
                unit = .pixels
            } else if unitName == "ms" {
                unit = .time
            } else if unitName == "s" {
                // Durations are milliseconds: `0.3s` is the decimal 300, rounded once (not 0.3 rounded, times 1000).
                unit = .time
                value = Double(spelling + "e3") ?? .infinity
            } else {
                diagnostics.error("unknown unit '\(unitName)'; lengths are written in points, as '\(spelling)pt', or in device pixels, as '\(spelling)px', durations as '\(spelling)ms' or '\(spelling)s'",
                                  at: SourceRange(unitStart, position))
                return (.invalid, spelling, value, .number)
            }
        }
        if !value.isFinite {
            diagnostics.error("number '\(spelling)' is too large", at: SourceRange(start, position))
            return (.invalid, spelling, value, unit)
        }
        return (.number, spelling, value, unit)
    }

    private mutating func lexPunctuation() -> Punctuation? {
        // Longest match first, so "<=" is not read as "<" then "=".
        for length in [3, 2, 1] where position + length <= bytes.count {
            let text = String(decoding: bytes[position..<(position + length)], as: UTF8.self)
            if let punctuation = Punctuation(rawValue: text), punctuation != .dot {
                position += length
                return punctuation
            }
        }
        return nil
    }

    /// Skips whitespace and comments, collecting comment lines that stand on their own lines as documentation
    /// for the next token. Returns whether anything was skipped.
    private mutating func skipTrivia(_ diagnostics: inout Diagnostics) -> Bool {
        let start = position
        while let byte = peek() {
            if byte.isLineBreak {
                position += SourceFile.lineBreakLength(in: bytes, at: position)
                sawLineBreak = true
                // A blank line cuts a comment off from the declaration below it.
                if !lineHasContent { pendingDocumentation = [] }
                lineHasContent = false
            } else if byte.isWhitespace {
                position += 1
            } else if byte == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "/") {
                let ownLine = !lineHasContent
                let commentStart = position
                position += 2
                let textStart = position
                while let next = peek(), !next.isLineBreak { position += 1 }
                commentRanges?.append(SourceRange(commentStart, position))
                var text = String(decoding: bytes[textStart..<position], as: UTF8.self)
                if text.hasPrefix("/") { text.removeFirst() }
                if text.hasPrefix(" ") { text.removeFirst() }
                if ownLine { pendingDocumentation.append(text) } else { pendingDocumentation = [] }
                lineHasContent = true
            } else if byte == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") {
                let ownLine = !lineHasContent
                let commentStart = position
                let text = skipBlockComment(&diagnostics)
                commentRanges?.append(SourceRange(commentStart, position))
                if ownLine, let text { pendingDocumentation.append(text) } else { pendingDocumentation = [] }
                lineHasContent = true
            } else {
                break
            }
        }
        return position > start || start == 0
    }

    /// Block comments nest, as in Swift, so code with a comment in it can be commented out.
    private mutating func skipBlockComment(_ diagnostics: inout Diagnostics) -> String? {
        let start = position
        position += 2
        var depth = 1
        while depth > 0 {
            guard let byte = peek() else {
                diagnostics.error("unterminated '/*' comment", at: SourceRange(start, start + 2))
                return nil
            }
            if byte == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") {
                depth += 1
                position += 2
            } else if byte == UInt8(ascii: "*"), peek(1) == UInt8(ascii: "/") {
                depth -= 1
                position += 2
            } else {
                if byte.isLineBreak { sawLineBreak = true }
                position += 1
            }
        }
        let commentLines = lines(from: start + 2, to: position - 2).map { line -> String in
            var text = Substring(line).drop { $0 == " " || $0 == "\t" }
            if text.hasPrefix("*") { text = text.dropFirst() }
            if text.hasPrefix(" ") { text = text.dropFirst() }
            return String(text)
        }
        let trimmed = commentLines.drop { $0.isEmpty }.reversed().drop { $0.isEmpty }.reversed()
        return trimmed.joined(separator: "\n")
    }

    /// The lines of `bytes[start..<end]`, split at every kind of line break.
    private func lines(from start: Int, to end: Int) -> [String] {
        var lines: [String] = []
        var lineStart = start
        var index = start
        while index < end {
            let length = SourceFile.lineBreakLength(in: bytes, at: index)
            if length > 0 {
                lines.append(String(decoding: bytes[lineStart..<index], as: UTF8.self))
                index += length
                lineStart = index
            } else {
                index += 1
            }
        }
        lines.append(String(decoding: bytes[lineStart..<max(lineStart, end)], as: UTF8.self))
        return lines
    }

    /// A letter outside ASCII (`é`, `π`) starting at `index`, and its length in bytes: names cannot have
    /// one, and the lexer says so instead of calling it an unexpected character.
    private func nonASCIILetter(at index: Int) -> (scalar: Unicode.Scalar, length: Int)? {
        guard index < bytes.count, bytes[index] >= 0xC0 else { return nil }
        let length = bytes[index] >= 0xF0 ? 4 : bytes[index] >= 0xE0 ? 3 : 2
        guard index + length <= bytes.count,
              let scalar = String(decoding: bytes[index..<(index + length)], as: UTF8.self).unicodeScalars.first,
              scalar != "\u{FFFD}", scalar.properties.isAlphabetic else { return nil }
        return (scalar, length)
    }

    private func peek(_ ahead: Int = 0) -> UInt8? {
        position + ahead < bytes.count ? bytes[position + ahead] : nil
    }

    private func spaceFollows() -> Bool {
        guard let byte = peek() else { return true }
        return byte.isWhitespace || byte == UInt8(ascii: "/") && (peek(1) == UInt8(ascii: "/") || peek(1) == UInt8(ascii: "*"))
    }
}

extension UInt8 {
    fileprivate var isDigit: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9") }
    fileprivate var isLetter: Bool {
        (self >= UInt8(ascii: "a") && self <= UInt8(ascii: "z")) || (self >= UInt8(ascii: "A") && self <= UInt8(ascii: "Z"))
    }
    fileprivate var isIdentifierHead: Bool { isLetter || self == UInt8(ascii: "_") }
    fileprivate var isIdentifierBody: Bool { isIdentifierHead || isDigit }
    fileprivate var isLineBreak: Bool { self == UInt8(ascii: "\n") || self == UInt8(ascii: "\r") }
    fileprivate var isWhitespace: Bool {
        self == UInt8(ascii: " ") || self == UInt8(ascii: "\t") || self == UInt8(ascii: "\r") || self == UInt8(ascii: "\n")
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
