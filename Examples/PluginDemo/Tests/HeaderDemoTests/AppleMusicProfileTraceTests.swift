import Foundation
import XCTest
@testable import HeaderDemo

/// AppleMusicProfile's header follows the direction of the scroll: next = height - delta, kept within
/// 120...320, and p = (height - 120) / 200. Values worked out by hand along one trace.
final class AppleMusicProfileTraceTests: XCTestCase {
    func testTrace() {
        var state = AppleMusicProfileMath.State()
        func step(_ offset: CGFloat) -> AppleMusicProfileMath.Frame {
            AppleMusicProfileMath.advance(&state, offset: offset)
            return AppleMusicProfileMath.frame(offset: offset, state: state)
        }
        // First frame: delta is 0, height stays 260, p = 0.7.
        var frame = step(0)
        XCTAssertEqual(frame.header.height, 260)
        XCTAssertEqual(frame.avatar.size, 92, accuracy: 1e-12)      // 50 + 60 * 0.7
        XCTAssertEqual(frame.title.fontSize, 23, accuracy: 1e-12)   // 16 + 10 * 0.7
        XCTAssertEqual(frame.cover.blur, 2.4, accuracy: 1e-12)      // 8 * (1 - 0.7)
        // Down 100: 260 - 100 = 160, p = 0.2.
        frame = step(100)
        XCTAssertEqual(frame.header.height, 160)
        XCTAssertEqual(frame.avatar.size, 62, accuracy: 1e-12)
        XCTAssertEqual(frame.cover.blur, 6.4, accuracy: 1e-12)
        // Down 150 more: 160 - 150 = 10, kept at 120, p = 0.
        frame = step(250)
        XCTAssertEqual(frame.header.height, 120)
        XCTAssertEqual(frame.avatar.size, 50)
        XCTAssertEqual(frame.title.fontSize, 16)
        XCTAssertEqual(frame.cover.blur, 8)
        // Up 200 wherever the page is: 120 + 200 = 320, p = 1.
        frame = step(50)
        XCTAssertEqual(frame.header.height, 320)
        XCTAssertEqual(frame.avatar.size, 110)
        XCTAssertEqual(frame.title.fontSize, 26)
        XCTAssertEqual(frame.cover.blur, 0)
    }
}
