/// A spec's text with the table of where its lines start, so that byte offsets carried by tokens and
/// nodes become a line and a column only when a diagnostic is shown.
public struct SourceFile: Sendable {
    public let path: String
    public let text: String
    /// UTF-8 bytes of `text`; every `SourceRange` indexes into these.
    public let bytes: [UInt8]
    private let lineStarts: [Int]

    public init(path: String, text: String) {
        self.path = path
        self.text = text
        self.bytes = Array(text.utf8)
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
        self.lineStarts = starts
    }

    /// A line ends at `\n`, at `\r\n` and at a `\r` alone (as old Mac files have it), everywhere: in the
    /// lexer, in the line table and in the lines that diagnostics show. This is the length of the line
    /// break at `index`: 0 where there is none.
    static func lineBreakLength(in bytes: [UInt8], at index: Int) -> Int {
        guard index >= 0, index < bytes.count else { return 0 }
        switch bytes[index] {
        case UInt8(ascii: "\n"): return 1
        case UInt8(ascii: "\r"): return index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "\n") ? 2 : 1
        default: return 0
        }
    }

    /// The 1-based line and column of a byte offset; the column counts Characters, as editors do.
    public func location(of offset: Int) -> SourceLocation {
        let clamped = max(0, min(offset, bytes.count))
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= clamped { low = mid } else { high = mid - 1 }
        }
        let lineStart = lineStarts[low]
        let prefix = String(decoding: bytes[lineStart..<clamped], as: UTF8.self)
        return SourceLocation(line: low + 1, column: prefix.count + 1)
    }

    /// The text of a 1-based line, without its line break.
    public func lineText(_ line: Int) -> String {
        guard line >= 1, line <= lineStarts.count else { return "" }
        let start = lineStarts[line - 1]
        var end = start
        while end < bytes.count, SourceFile.lineBreakLength(in: bytes, at: end) == 0 { end += 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    public func text(of range: SourceRange) -> String {
        let start = max(0, min(range.start, bytes.count))
        let end = max(start, min(range.end, bytes.count))
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}

/// A half-open range of UTF-8 byte offsets into a `SourceFile`.
public struct SourceRange: Sendable, Hashable {
    public var start: Int
    public var end: Int

    public init(_ start: Int, _ end: Int) {
        self.start = start
        self.end = max(start, end)
    }

    /// The smallest range covering both.
    public func union(_ other: SourceRange) -> SourceRange {
        SourceRange(min(start, other.start), max(end, other.end))
    }
}

public struct SourceLocation: Sendable, Hashable {
    public let line: Int
    public let column: Int
}
