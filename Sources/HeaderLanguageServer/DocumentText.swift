import HeaderSource

/// How a client counts characters in a line: LSP's default is UTF-16 code units; a client may offer
/// UTF-8 bytes or Unicode scalars at `initialize`.
package enum PositionEncoding: String, Sendable {
    case utf8 = "utf-8", utf16 = "utf-16", utf32 = "utf-32"

    func width(of scalar: Unicode.Scalar) -> Int {
        switch self {
        case .utf8: return UTF8.width(scalar)
        case .utf16: return UTF16.width(scalar)
        case .utf32: return 1
        }
    }
}

/// A position as the protocol has it: a 0-based line and a character offset in the negotiated encoding.
package struct Position: Equatable, Sendable {
    package var line: Int
    package var character: Int

    package init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }
}

/// An open document's bytes and where its lines start, to turn the protocol's positions into the byte
/// offsets every `SourceRange` holds and back. Lines end as `SourceFile`'s do: at LF, CR LF and a CR alone.
package struct DocumentText: Sendable {
    package private(set) var bytes: [UInt8]
    private var lineStarts: [Int] = [0]

    package init(_ text: String) {
        bytes = Array(text.utf8)
        indexLines()
    }

    package var text: String { String(decoding: bytes, as: UTF8.self) }

    private mutating func indexLines() {
        var starts = [0]
        var index = 0
        while index < bytes.count {
            let length = SourceFile.lineBreakLength(in: bytes, at: index)
            if length > 0 {
                index += length
                starts.append(index)
            } else {
                index += 1
            }
        }
        lineStarts = starts
    }

    /// Where a line's text ends, before its line break.
    private func lineEnd(_ line: Int) -> Int {
        guard line + 1 < lineStarts.count else { return bytes.count }
        var end = lineStarts[line + 1]
        if end > 0, bytes[end - 1] == 10 { end -= 1 }
        if end > lineStarts[line], bytes[end - 1] == 13 { end -= 1 }
        return end
    }

    /// The byte offset of a position. A line past the end is the end of the text; a character past the end
    /// of its line is the line's end (as the protocol says); one inside a character's encoding is its start.
    package func offset(of position: Position, in encoding: PositionEncoding) -> Int {
        guard position.line >= 0 else { return 0 }
        guard position.line < lineStarts.count else { return bytes.count }
        let start = lineStarts[position.line], end = lineEnd(position.line)
        var offset = start, units = 0
        var iterator = bytes[start..<end].makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        while units < position.character {
            guard case .valid(let encoded) = parser.parseScalar(from: &iterator) else { break }
            let scalar = Unicode.UTF8.decode(encoded)
            units += encoding.width(of: scalar)
            if units > position.character { break }
            offset += encoded.count
        }
        return min(offset, end)
    }

    /// The position of a byte offset.
    package func position(of offset: Int, in encoding: PositionEncoding) -> Position {
        let clamped = max(0, min(offset, bytes.count))
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= clamped { low = mid } else { high = mid - 1 }
        }
        let start = lineStarts[low]
        var units = 0
        for scalar in String(decoding: bytes[start..<min(clamped, lineEnd(low))], as: UTF8.self).unicodeScalars {
            units += encoding.width(of: scalar)
        }
        return Position(line: low, character: units)
    }

    /// The position after the last character.
    package func endPosition(in encoding: PositionEncoding) -> Position {
        position(of: bytes.count, in: encoding)
    }

    /// Replaces the text between two positions (`didChange` with a range).
    package mutating func replace(from: Position, to: Position, with text: String, in encoding: PositionEncoding) {
        let start = offset(of: from, in: encoding)
        let end = max(start, offset(of: to, in: encoding))
        bytes.replaceSubrange(start..<end, with: Array(text.utf8))
        indexLines()
    }
}
