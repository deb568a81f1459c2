import HeaderSource
import HeaderSyntax
import HeaderMath
import HeaderIR
import HeaderEval
import HeaderCodeGen

/// Line breaks as the lexer reads them (`SourceFile.lineBreakLength`), so that the formatter keeps every
/// token on the same side of every line break (a `(` that starts a line is not a call): `\n`, `\r\n`, and
/// `\r` alone.
package enum LineBreaks {
    /// How many lines end between two byte offsets.
    package static func count(in bytes: [UInt8], from start: Int, to end: Int) -> Int {
        guard start < end else { return 0 }
        var count = 0
        for index in max(0, start)..<min(end, bytes.count) {
            // A `\r\n` is counted at its `\n`.
            if bytes[index] == UInt8(ascii: "\n") {
                count += 1
            } else if bytes[index] == UInt8(ascii: "\r"), index + 1 >= bytes.count || bytes[index + 1] != UInt8(ascii: "\n") {
                count += 1
            }
        }
        return count
    }

    /// The lines of a text.
    package static func lines(_ text: String) -> [Substring] {
        text.split(omittingEmptySubsequences: false, whereSeparator: isLineBreak)
    }

    /// The text without spaces or tabs at the ends of its lines, its line breaks as they are.
    static func trimmingTrailingSpaces(_ text: String) -> String {
        var out = ""
        var pending = ""
        for character in text {
            if isLineBreak(character) {
                // Between a lone `\r` and a `\n` the spaces stay: without them the two breaks would be one `\r\n`.
                if character == "\n", out.last == "\r" { out += pending }
                pending = ""
                out.append(character)
            } else if character == " " || character == "\t" {
                pending.append(character)
            } else {
                out += pending
                pending = ""
                out.append(character)
            }
        }
        return out
    }

    /// `"\r\n"` is one Character.
    package static func isLineBreak(_ character: Character) -> Bool {
        character == "\n" || character == "\r\n" || character == "\r"
    }
}
