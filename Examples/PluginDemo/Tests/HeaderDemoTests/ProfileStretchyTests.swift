import Foundation
import XCTest
@testable import HeaderDemo

/// The Swift that HeaderPlugin generated from ProfileStretchy.header at build time, against values worked
/// out by hand from the spec's formulas: coverHeight = 190, collapsed = safeAreaTop + 44,
/// travel = 190 - collapsed, progress = clamp(offset / travel, 0, 1).
final class ProfileStretchyTests: XCTestCase {
    func testAtRest() {
        let frame = ProfileStretchyMath.frame(offset: 0, safeAreaTop: 0, textScale: 1)
        XCTAssertEqual(frame.cover.height, 190)          // max(190 - 0, min(44, 190))
        XCTAssertEqual(frame.cover.scrimOpacity, 0)      // progress 0
        XCTAssertEqual(frame.avatar.size, 88)            // 88 * 1
        XCTAssertEqual(frame.avatar.scale, 1)            // 1 - 0.45 * 0
        XCTAssertEqual(frame.avatar.opacity, 1)          // 1 - clamp((0 - 0.55) / 0.35, 0, 1)
        XCTAssertEqual(frame.title.opacity, 0)           // clamp((0 - 0.8) / 0.2, 0, 1)
        XCTAssertEqual(frame.content.top, 246)           // 190 + 88 / 2 + 12
    }

    func testScrolledFiftyPoints() {
        let frame = ProfileStretchyMath.frame(offset: 50, safeAreaTop: 0, textScale: 1)
        XCTAssertEqual(frame.cover.height, 140)          // max(190 - 50, min(44, 190))
        // progress = 50 / 146
        XCTAssertEqual(frame.cover.scrimOpacity, 0.3424657534246575, accuracy: 1e-15)
        XCTAssertEqual(frame.avatar.scale, 0.8458904109589041, accuracy: 1e-15)   // 1 - 0.45 * 50 / 146
        XCTAssertEqual(frame.avatar.opacity, 1)          // progress below 0.55
        XCTAssertEqual(frame.title.opacity, 0)           // progress below 0.8
    }

    func testPulledDownStretchesTheCover() {
        let frame = ProfileStretchyMath.frame(offset: -100, safeAreaTop: 0, textScale: 1)
        XCTAssertEqual(frame.cover.height, 290)          // 190 + 100
        XCTAssertEqual(frame.cover.scrimOpacity, 0)      // progress clamped to 0
        XCTAssertEqual(frame.avatar.scale, 1)
    }

    func testFullyCollapsedWithASafeArea() {
        // collapsed = 47 + 44 = 91, travel = 99: at 300 the cover is the bar.
        let frame = ProfileStretchyMath.frame(offset: 300, safeAreaTop: 47, textScale: 1)
        XCTAssertEqual(frame.cover.height, 91)           // max(190 - 300, min(91, 190))
        XCTAssertEqual(frame.cover.scrimOpacity, 1)
        XCTAssertEqual(frame.avatar.scale, 0.55, accuracy: 1e-15)  // 1 - 0.45
        XCTAssertEqual(frame.avatar.opacity, 0)          // 1 - clamp(0.45 / 0.35, 0, 1)
        XCTAssertEqual(frame.title.opacity, 1, accuracy: 1e-15)   // clamp(0.2 / 0.2, 0, 1)
    }

    func testTextScaleGrowsTheAvatar() {
        let frame = ProfileStretchyMath.frame(offset: 0, safeAreaTop: 0, textScale: 1.5)
        XCTAssertEqual(frame.avatar.size, 132)           // 88 * 1.5
        XCTAssertEqual(frame.content.top, 268)           // 190 + 132 / 2 + 12
    }

    func testThePublicWrapperReadsTheGeneratedEnum() {
        XCTAssertEqual(ProfileCover(offset: 50), ProfileCover(offset: 50, safeAreaTop: 0))
        XCTAssertEqual(ProfileCover(offset: 50).height, 140)
        XCTAssertEqual(ProfileCover(offset: 0, safeAreaTop: 100).height, 190)  // max(190, min(144, 190))
        XCTAssertEqual(ProfileCover(offset: 100, safeAreaTop: 100).height, 144)  // max(90, 144)
    }
}
