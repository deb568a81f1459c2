import Foundation
import HeaderKit

/// `headerc check` (the front end, the range analysis and its warnings' witnesses) on headers written as
/// app code is: `Specs/NavigationBarHider.header` (175 lines, 49 declarations, dozens of guards, three
/// states) and the real apps' headers of `Tests/Specs/apps` (Wikipedia iOS, exyte's ScalingHeader,
/// react-native-collapsible-tab-view, Expo's parallax template, Jetsnack, and Jetsnack again in Kotlin's
/// Float), each rewritten from its app's code. For each, the CPU time of the best of five runs, with how many lines, conditionals and warnings
/// it has.
func printRealHeaderFigures() {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let apps = root.appendingPathComponent("Tests/Specs/apps")
    let appFiles = ((try? FileManager.default.contentsOfDirectory(atPath: apps.path)) ?? [])
        .filter { $0.hasSuffix(".header") }.sorted().map { apps.appendingPathComponent($0).path }
    for path in [root.appendingPathComponent("Sources/headerc-bench/Specs/NavigationBarHider.header").path] + appFiles {
        printCheckFigures(path)
    }
}

private func printCheckFigures(_ path: String) {
    let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
        print("\(name): \(path) not found")
        return
    }
    var best = Double.infinity, warnings = 0
    for _ in 0..<5 {
        let start = clock()
        let compilation = Compilation(path: path, text: text)
        guard let program = compilation.program else {
            print("\(name): does not check")
            return
        }
        let analysis = RangeAnalysis.analyze(program)
        warnings = RangeWarnings.diagnose(program, analysis: analysis, source: compilation.source).count
        best = Swift.min(best, Double(clock() - start) / Double(CLOCKS_PER_SEC))
    }
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
    let conditionals = text.components(separatedBy: " ? ").count - 1
    print("\(name) (\(lines) lines, \(conditionals) conditionals, \(warnings) warnings)")
    print("check with range warnings, \(name) " + String(format: "%.3f s CPU", best))
}
