import Foundation
import XCTest
@testable import HeaderDemo

/// What AppleMusicProfile.header gives without following a scroll: its spring and the state's start.
final class AppleMusicProfileTests: XCTestCase {
    func testSpring() {
        // animation heightSpring = spring(response: 0.35, dampingFraction: 0.8)
        XCTAssertEqual(AppleMusicProfileMath.heightSpring.response, 0.35)
        XCTAssertEqual(AppleMusicProfileMath.heightSpring.dampingFraction, 0.8)
    }

    func testStateStartsAtTheInitialValue() {
        // state height = 260pt in 120pt...320pt
        XCTAssertEqual(AppleMusicProfileMath.State().height, 260)
    }
}
