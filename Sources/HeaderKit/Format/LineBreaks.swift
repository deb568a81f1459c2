/// Line breaks as the lexer reads them, so that the formatter keeps every token on the same side of every
/// line break (a `(` that starts a line is not a call). `\n` and `\r\n` end a line; a lone `\r` does too
/// if the lexer says so, which it is asked once.
enum LineBreaks {
    static let loneCarriageReturnEndsLine: Bool = {
        var diagnostics = Diagnostics()
        let tokens = Lexer.tokenize(SourceFile(path: "", text: "a\rb"), into: &diagnostics)
        return tokens.count > 1 && tokens[1].startsLine
    }()

    /// How many lines end between two byte offsets.
    static func count(in bytes: [UInt8], from start: Int, to end: Int) -> Int {
        guard start < end else { return 0 }
        var count = 0
        for index in max(0, start)..<min(end, bytes.count) {
            if bytes[index] == UInt8(ascii: "\n") {
                count += 1
            } else if bytes[index] == UInt8(ascii: "\r"), loneCarriageReturnEndsLine,
                      index + 1 >= bytes.count || bytes[index + 1] != UInt8(ascii: "\n") {
                count += 1
            }
        }
        return count
    }

    /// The lines of a text.
    static func lines(_ text: String) -> [Substring] {
        text.split(omittingEmptySubsequences: false, whereSeparator: isLineBreak)
    }

    /// The text without spaces, tabs or lone `\r`s (when they do not end lines) at the ends of its lines,
    /// its line breaks as they are.
    static func trimmingTrailingSpaces(_ text: String) -> String {
        var out = ""
        var pending = ""
        for character in text {
            if isLineBreak(character) {
                pending = ""
                out.append(character)
            } else if character == " " || character == "\t" || character == "\r" {
                pending.append(character)
            } else {
                out += pending
                pending = ""
                out.append(character)
            }
        }
        return out
    }

    static func isLineBreak(_ character: Character) -> Bool {
        character == "\n" || character == "\r\n" || (character == "\r" && loneCarriageReturnEndsLine)
    }
}
