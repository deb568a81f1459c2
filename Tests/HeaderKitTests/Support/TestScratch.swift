import Foundation
import XCTest

/// The folder under the system's temporary directory that holds every work directory the tests make with
/// `DifferentialHarness.makeDirectory` (generated Swift, JavaScript modules, preview pages, plots), one for the
/// run: `headerc-tests-run-<pid>`. It is removed when the test bundle finishes, unless a test failed, when it
/// is kept and named so that what the failing test wrote can be looked at.
enum TestScratch {
    static func directory(_ label: String) throws -> URL {
        let directory = root.appendingPathComponent(label)
        try? FileManager.default.removeItem(at: directory)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// Made, and its remover registered, on first use.
    private static let root: URL = {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("headerc-tests-run-\(ProcessInfo.processInfo.processIdentifier)")
        XCTestObservationCenter.shared.addTestObserver(Remover(root: url))
        return url
    }()

    private final class Remover: NSObject, XCTestObservation, @unchecked Sendable {
        let root: URL
        var failed = false
        init(root: URL) { self.root = root }

        func testCase(_ testCase: XCTestCase, didFailWithDescription description: String, inFile filePath: String?, atLine lineNumber: Int) {
            failed = true
        }

        func testBundleDidFinish(_ testBundle: Bundle) {
            if failed {
                print("test work directories kept after a failure: \(root.path)")
            } else {
                try? FileManager.default.removeItem(at: root)
            }
        }
    }
}
