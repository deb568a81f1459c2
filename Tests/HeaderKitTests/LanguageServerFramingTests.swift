import XCTest
@testable import HeaderKit

/// The server's framing and positions in process: the same stream cut into any chunks gives the same
/// messages, and positions in each encoding land on the bytes worked out by hand.
final class LanguageServerFramingTests: XCTestCase {
    private func framed(_ body: String) -> [UInt8] {
        Array("Content-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8)
    }

    func testAnyChunkingGivesTheSameMessages() {
        let bodies = ["{\"a\":1}", "{\"text\":\"Content-Length: 3 🎉\"}", "{}", String(repeating: "x", count: 3000),
                      "{\"b\":2}"]
        // The same messages, the first with a length that says too much: it still ends at the next header.
        let streams = [bodies.flatMap(framed), Array("Content-Length: 999\r\n\r\n\(bodies[0])".utf8) + bodies.dropFirst().flatMap(framed)]
        var generator = SystemRandomNumberGenerator()
        for round in 0..<40 {
            let stream = streams[round % 2]
            var reader = MessageReader()
            var frames: [MessageReader.Frame] = []
            var rest = stream[...]
            while !rest.isEmpty {
                let size = Int.random(in: 1...200, using: &generator)
                reader.append(rest.prefix(size))
                rest = rest.dropFirst(size)
                while let frame = reader.next() { frames.append(frame) }
            }
            XCTAssertEqual(frames, bodies.map { .message(Array($0.utf8)) })
        }
    }

    func testWrongLengthsRecoverAtTheNextHeader() {
        var reader = MessageReader()
        // Too long: the body ends where the next header starts. Too short: the rest is skipped.
        reader.append(Array("Content-Length: 99\r\n\r\n{\"a\":1}".utf8) + framed("{\"b\":2}")
                      + Array("Content-Length: 3\r\n\r\n{\"c\":3}".utf8) + framed("{\"d\":4}")
                      + Array("Content-Type: x\r\n\r\n".utf8) + framed("{\"e\":5}"))
        var frames: [MessageReader.Frame] = []
        while let frame = reader.next() { frames.append(frame) }
        // The header with no length is answered (unreadable), then the next message is read.
        let noLength = MessageReader.Frame.unreadable("the header 'Content-Type: x' does not give a usable Content-Length")
        XCTAssertEqual(frames, [MessageReader.Frame.message(Array("{\"a\":1}".utf8)), .message(Array("{\"b\":2}".utf8)),
                                .message(Array("{\"c".utf8)), .message(Array("{\"d\":4}".utf8)),
                                noLength, .message(Array("{\"e\":5}".utf8))])
        var unreadable = MessageReader()
        unreadable.append(Array("Content-Length: 99999999999999999999\r\n\r\n".utf8) + framed("{}"))
        XCTAssertEqual(unreadable.next().map { if case .unreadable = $0 { return true } else { return false } }, true)
        XCTAssertEqual(unreadable.next(), .message(Array("{}".utf8)))
        // A length that is no number, where a header is due, is that header too: answered, not skipped.
        var letters = MessageReader()
        letters.append(Array("Content-Length: abc\r\n\r\n".utf8) + framed("{}"))
        XCTAssertEqual(letters.next().map { if case .unreadable(let why) = $0 { return why.contains("abc") } else { return false } }, true)
        XCTAssertEqual(letters.next(), .message(Array("{}".utf8)))
    }

    func testPositionsInEachEncoding() {
        // "a🎉b\r\nxé\ry": 🎉 is 4 bytes, 2 UTF-16 units, 1 scalar; é is 2 bytes and 1 unit.
        var text = DocumentText("a🎉b\r\nxé\ry")
        XCTAssertEqual(text.offset(of: Position(line: 0, character: 3), in: .utf16), 5, "b")
        XCTAssertEqual(text.offset(of: Position(line: 0, character: 2), in: .utf32), 5)
        XCTAssertEqual(text.offset(of: Position(line: 0, character: 5), in: .utf8), 5)
        XCTAssertEqual(text.offset(of: Position(line: 0, character: 2), in: .utf16), 1, "inside the emoji: its start")
        XCTAssertEqual(text.offset(of: Position(line: 0, character: 99), in: .utf16), 6, "past the end: the line's end")
        XCTAssertEqual(text.offset(of: Position(line: 1, character: 2), in: .utf16), 11, "after é")
        XCTAssertEqual(text.offset(of: Position(line: 2, character: 1), in: .utf16), 13)
        XCTAssertEqual(text.offset(of: Position(line: 9, character: 0), in: .utf16), 13)
        XCTAssertEqual(text.offset(of: Position(line: -1, character: -4), in: .utf16), 0)
        XCTAssertEqual(text.position(of: 5, in: .utf16), Position(line: 0, character: 3))
        XCTAssertEqual(text.position(of: 11, in: .utf8), Position(line: 1, character: 3))
        XCTAssertEqual(text.endPosition(in: .utf16), Position(line: 2, character: 1))
        text.replace(from: Position(line: 0, character: 1), to: Position(line: 1, character: 1), with: "👍", in: .utf16)
        XCTAssertEqual(text.text, "a👍é\ry")
    }
}
