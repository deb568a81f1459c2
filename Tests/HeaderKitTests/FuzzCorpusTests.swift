import Foundation
import XCTest
import HeaderKit

/// Every seed of the fuzzer (`Fuzz/corpus`) and every input it has found to break headerc
/// (`Tests/FuzzCorpus`), through the fuzzer's own steps in-process: a crash found once stays a test.
final class FuzzCorpusTests: XCTestCase {
    private func files(in relative: String) throws -> [URL] {
        let directory = PackagePaths.url(relative)
        return try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension != "md" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    /// A crash ends the test process, so found inputs are named before they run (there are few of them);
    /// `Fuzz/run.sh 1 FILE` then runs one under the sanitizers.
    private func runAll(_ files: [URL], announce: Bool) throws {
        for file in files {
            let data = try Data(contentsOf: file)
            if announce { print("FuzzCorpusTests: \(file.lastPathComponent)") }
            data.withUnsafeBytes { FuzzSteps.run($0) }
        }
    }

    func testSeedCorpus() throws {
        let seeds = try files(in: "Fuzz/corpus")
        XCTAssertGreaterThan(seeds.count, 100, "the seed corpus is in Fuzz/corpus")
        let accepted = try seeds.filter { Compilation(path: $0.path, text: try String(contentsOf: $0, encoding: .utf8)).spec != nil }
        // Both kinds matter: rejected seeds reach the diagnostics, accepted ones the interpreter and emitter.
        XCTAssertGreaterThan(accepted.count, 40)
        XCTAssertGreaterThan(seeds.count - accepted.count, 40)
        try runAll(seeds, announce: false)
    }

    func testFoundInputs() throws {
        try runAll(try files(in: "Tests/FuzzCorpus"), announce: true)
    }
}
