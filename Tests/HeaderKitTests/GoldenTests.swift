import HeaderKit
import XCTest

/// The generated Swift checked in under Sources/headerc-bench/Generated is headerc's current output, byte
/// for byte; a change to the emitter shows up there as a reviewable diff (see Regenerate.md).
final class GoldenTests: XCTestCase {
    private let goldens = [
        ("Examples/ProfileStretchy.header", "ProfileStretchyMath.swift"),
        ("Examples/StickyParallax.header", "StickyParallaxMath.swift"),
        ("Examples/AppleMusicProfile.header", "AppleMusicProfileMath.swift"),
        ("Sources/headerc-bench/Specs/BezierBench.header", "BezierBenchMath.swift"),
    ]

    func testGeneratedFilesAreCurrent() throws {
        for (specPath, golden) in goldens {
            let compilation = Compilation(path: specPath, text: try PackagePaths.text(specPath))
            let spec = try XCTUnwrap(compilation.spec, "\(specPath) does not check")
            let emitted = SwiftEmitter(spec: spec, sourcePath: specPath).emit()
            let committed = try PackagePaths.text("Sources/headerc-bench/Generated/\(golden)")
            XCTAssertEqual(emitted, committed, "\(golden) is stale: regenerate it as Sources/headerc-bench/Regenerate.md says")
        }
    }

    func testEmissionIsStable() throws {
        let specPath = "Examples/ProfileStretchy.header"
        let text = try PackagePaths.text(specPath)
        let first = try XCTUnwrap(Compilation(path: specPath, text: text).spec)
        let second = try XCTUnwrap(Compilation(path: specPath, text: text).spec)
        XCTAssertEqual(SwiftEmitter(spec: first, sourcePath: specPath).emit(), SwiftEmitter(spec: second, sourcePath: specPath).emit())
    }
}
