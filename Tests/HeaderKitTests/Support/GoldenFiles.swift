import Foundation
import XCTest
@testable import HeaderKit

/// Files whose text a test compares byte for byte with what headerc makes now, and the one way to
/// regenerate them: `HEADERC_REGENERATE_GOLDEN=1 swift test --filter GoldenTests` writes what headerc
/// makes over each, for review as a diff (`Tests/Golden/README.md`).
enum GoldenFiles {
    static var regenerating: Bool { ProcessInfo.processInfo.environment["HEADERC_REGENERATE_GOLDEN"] == "1" }

    /// `headerc compile SPEC --target TARGET`, through the driver as the command runs it (its name checks
    /// included), on the spec at a path inside the package.
    static func compile(_ path: String, target: String) -> Driver.Outcome {
        inPackageRoot(["compile", path, "--target", target])
    }

    /// `headerc check SPEC [--format json]` as the command runs it.
    static func check(_ path: String, json: Bool = false) -> Driver.Outcome {
        inPackageRoot(["check", path] + (json ? ["--format", "json"] : []))
    }

    /// Runs a command from the package's root, so that what it prints names the spec by its path in the
    /// package, wherever the tests run.
    private static func inPackageRoot(_ arguments: [String]) -> Driver.Outcome {
        let manager = FileManager.default
        let previous = manager.currentDirectoryPath
        _ = manager.changeCurrentDirectoryPath(PackagePaths.root.path)
        defer { _ = manager.changeCurrentDirectoryPath(previous) }
        return Driver.run(arguments)
    }

    /// Compares `text` with the golden file at `golden` (a path in the package), or writes it there when
    /// regenerating.
    static func assertCurrent(_ text: String, golden: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let url = PackagePaths.url(golden)
        if regenerating {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            if (try? String(contentsOf: url, encoding: .utf8)) != text {
                try text.write(to: url, atomically: true, encoding: .utf8)
                print("regenerated \(golden)")
            }
            return
        }
        guard let committed = try? String(contentsOf: url, encoding: .utf8) else {
            XCTFail("\(golden) is missing: HEADERC_REGENERATE_GOLDEN=1 swift test --filter GoldenTests writes it", file: file, line: line)
            return
        }
        if committed != text {
            let (ours, theirs) = (text.split(separator: "\n", omittingEmptySubsequences: false),
                                  committed.split(separator: "\n", omittingEmptySubsequences: false))
            let first = zip(ours, theirs).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(ours.count, theirs.count)
            XCTFail("\(golden):\(first + 1): stale; headerc now gives '\(first < ours.count ? ours[first] : "<end>")' "
                    + "where the file has '\(first < theirs.count ? theirs[first] : "<end>")'; "
                    + "HEADERC_REGENERATE_GOLDEN=1 swift test --filter GoldenTests regenerates it", file: file, line: line)
        }
    }
}
