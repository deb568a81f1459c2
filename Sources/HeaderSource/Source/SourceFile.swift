/// A spec's text with the table of where its lines start, so that byte offsets carried by tokens and
/// nodes become a line and a column only when a diagnostic is shown.
public struct SourceFile: Sendable {
    public let path: String
    public let text: String
    /// UTF-8 bytes of `text`; every `SourceRange` indexes into these.
    public let bytes: [UInt8]
    /// Where the file's bytes were not UTF-8; each such sequence reads as U+FFFD in `text`.
    public let invalidUTF8: [InvalidUTF8]
    /// Whether the file started with a byte order mark, which `bytes` and `text` leave out (so that offsets
    /// count from the first character); `headerc fmt` writes it back.
    public let hasByteOrderMark: Bool
    private let lineStarts: [Int]

    /// A sequence of bytes that is not UTF-8, which the lexer reports.
    public struct InvalidUTF8: Sendable, Hashable {
        /// Where the U+FFFD that stands for it is in `bytes`.
        public let range: SourceRange
        /// Where it was in the file, counting from 0, and the bytes themselves.
        public let fileOffset: Int
        public let fileBytes: [UInt8]
    }

    /// A file's bytes: a byte order mark at the start is skipped, and each sequence that is not UTF-8 is
    /// recorded (to be reported) and read as U+FFFD.
    public init(path: String, contents: [UInt8]) {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let skipped = contents.starts(with: bom) ? bom.count : 0
        var decoded: [UInt8] = []
        decoded.reserveCapacity(contents.count - skipped)
        var invalid: [InvalidUTF8] = []
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = contents[skipped...].makeIterator()
        var fileOffset = skipped
        decoding: while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                decoded.append(contentsOf: encoded)
                fileOffset += encoded.count
            case .error(let length):
                let start = decoded.count
                decoded.append(contentsOf: [0xEF, 0xBF, 0xBD])
                let end = min(contents.count, fileOffset + length)
                invalid.append(InvalidUTF8(range: SourceRange(start, decoded.count), fileOffset: fileOffset,
                                           fileBytes: Array(contents[fileOffset..<end])))
                fileOffset = end
            case .emptyInput:
                break decoding
            }
        }
        self.init(path: path, bytes: decoded, invalidUTF8: invalid, hasByteOrderMark: skipped > 0)
    }

    /// Text that is already a String: only a byte order mark at its start is dropped.
    public init(path: String, text: String) {
        let hasMark = text.unicodeScalars.first == "\u{FEFF}"
        let withoutMark = hasMark ? String(text.unicodeScalars.dropFirst()) : text
        self.init(path: path, bytes: Array(withoutMark.utf8), invalidUTF8: [], hasByteOrderMark: hasMark)
    }

    private init(path: String, bytes: [UInt8], invalidUTF8: [InvalidUTF8], hasByteOrderMark: Bool) {
        self.path = path
        self.hasByteOrderMark = hasByteOrderMark
        self.text = String(decoding: bytes, as: UTF8.self)
        self.bytes = bytes
        self.invalidUTF8 = invalidUTF8
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
    package static func lineBreakLength(in bytes: [UInt8], at index: Int) -> Int {
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

    package init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
}
