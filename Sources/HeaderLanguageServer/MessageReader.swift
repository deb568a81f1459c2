import Foundation

/// Splits the bytes a client sends into messages: each is a header block (`Content-Length: N`, optionally
/// `Content-Type`, each line ending in CR LF, an empty line after them) and N bytes of JSON.
///
/// A header with no usable length is reported and dropped; bytes before a header (the rest of a message
/// whose length said too little) are skipped; a body cut short by the next header (a length that said too
/// much) ends where that header starts. The cut is safe: `Content-Length: 12` followed by a raw CR LF cannot
/// be part of a JSON text, whose strings may not hold a raw line break.
package struct MessageReader {
    package enum Frame: Equatable {
        case message([UInt8])
        /// A header that cannot be read; the server answers it with a parse error.
        case unreadable(String)
    }

    /// The longest body taken: past it a length is treated as unreadable, never as memory to reserve.
    package static let maximumLength = 256 << 20

    private var buffer: [UInt8] = []
    /// Where unread bytes start in `buffer`; the consumed prefix is dropped once it is large.
    private var start = 0
    /// How far the body of the header at `start` has been searched for a following header, so that a body
    /// arriving in many pieces is searched once, not once a piece.
    private var searched: (header: Int, upTo: Int)?

    package init() {}

    package mutating func append(_ bytes: some Sequence<UInt8>) {
        if start > 1 << 16, start > buffer.count / 2 {
            buffer.removeFirst(start)
            start = 0
            searched = nil
        }
        buffer.append(contentsOf: bytes)
    }

    /// The next complete frame, or nil until more bytes arrive. With `atEnd`, what is left is a body cut
    /// short by the end of input: it is handed on as it is, to fail as JSON.
    package mutating func next(atEnd: Bool = false) -> Frame? {
        // Where a header is due, a header line whose length is not a number (`Content-Length: abc`) is still
        // that header, to be answered; elsewhere only a length of digits starts one (see `headerStart`).
        let due = MessageReader.startsWithHeaderName(buffer, at: start) ? start : nil
        guard let header = due ?? MessageReader.headerStart(in: buffer, from: start) else {
            // Nothing here is a header: keep only a tail that may become one.
            let keep = min(buffer.count - start, 64)
            start = buffer.count - keep
            return nil
        }
        start = header
        guard let end = MessageReader.find([13, 10, 13, 10], in: buffer, from: start) else { return nil }
        let headerText = String(decoding: buffer[start..<end], as: UTF8.self)
        var length: Int?
        for line in headerText.split(separator: "\r\n", omittingEmptySubsequences: true) {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].lowercased() == "content-length" else { continue }
            length = Int(parts[1].trimmingCharacters(in: .whitespaces))
        }
        let bodyStart = end + 4
        guard let length, length >= 0, length <= MessageReader.maximumLength else {
            start = bodyStart
            return .unreadable("the header '\(headerText.prefix(80))' does not give a usable Content-Length")
        }
        let available = buffer.count - bodyStart
        // A header may straddle the pieces: the search starts again a header's length before where it ended.
        var from = bodyStart
        if let searched, searched.header == start { from = max(bodyStart, searched.upTo - 40) }
        let limit = bodyStart + min(available, length)
        let cut = MessageReader.headerStart(in: buffer, from: from, before: limit)
        searched = (start, limit)
        if let cut {
            start = cut
            return .message(Array(buffer[bodyStart..<cut]))
        }
        guard available >= length else {
            if atEnd {
                start = buffer.count
                return available > 0 ? .message(Array(buffer[bodyStart...])) : nil
            }
            return nil
        }
        start = bodyStart + length
        return .message(Array(buffer[bodyStart..<start]))
    }

    /// Where the first `Content-Length:` header line (its name, digits, CR LF) starts, at or after `from`.
    static func headerStart(in bytes: [UInt8], from: Int, before limit: Int? = nil) -> Int? {
        let name = Array("content-length:".utf8)
        let end = min(limit ?? bytes.count, bytes.count)
        var index = from
        while index + name.count <= end {
            var matches = true
            for (offset, expected) in name.enumerated() where lowercased(bytes[index + offset]) != expected {
                matches = false
                break
            }
            if matches {
                var cursor = index + name.count
                while cursor < bytes.count, bytes[cursor] == 32 || bytes[cursor] == 9 { cursor += 1 }
                let digits = cursor
                while cursor < bytes.count, bytes[cursor] >= 48, bytes[cursor] <= 57 { cursor += 1 }
                if cursor >= bytes.count, limit == nil { return index }
                if cursor > digits, cursor + 1 < bytes.count, bytes[cursor] == 13, bytes[cursor + 1] == 10 { return index }
                // A header still arriving: wait for it rather than skip it.
                if limit == nil, cursor + 1 >= bytes.count { return index }
            }
            index += 1
        }
        return nil
    }

    /// Whether the bytes at `index` start a header line, `Content-Length:` or `Content-Type:` in any case.
    static func startsWithHeaderName(_ bytes: [UInt8], at index: Int) -> Bool {
        ["content-length:", "content-type:"].contains { name in
            let name = Array(name.utf8)
            guard index + name.count <= bytes.count else { return false }
            return zip(bytes[index..<index + name.count], name).allSatisfy { lowercased($0) == $1 }
        }
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= 65 && byte <= 90 ? byte + 32 : byte
    }

    private static func find(_ needle: [UInt8], in bytes: [UInt8], from: Int) -> Int? {
        guard needle.count <= bytes.count else { return nil }
        var index = from
        while index + needle.count <= bytes.count {
            if bytes[index] == needle[0], Array(bytes[index..<index + needle.count]) == needle { return index }
            index += 1
        }
        return nil
    }
}
