import Foundation
import HeaderKit

/// `headerc check` (the front end, the range analysis and its warnings' witnesses) on a header written
/// as app code is (`Specs/NavigationBarHider.header`: 175 lines, 49 declarations, dozens of guards, three
/// states): the CPU time of the best of five runs, with how many lines, conditionals and warnings it has.
func printRealHeaderFigures() {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let path = root.appendingPathComponent("Sources/headerc-bench/Specs/NavigationBarHider.header").path
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
        print("NavigationBarHider: \(path) not found")
        return
    }
    var best = Double.infinity, warnings = 0
    for _ in 0..<5 {
        let start = clock()
        let compilation = Compilation(path: path, text: text)
        if let program = compilation.program {
            let analysis = RangeAnalysis.analyze(program)
            warnings = RangeWarnings.diagnose(program, analysis: analysis, source: compilation.source).count
        } else {
            print("NavigationBarHider: does not check")
            return
        }
        best = Swift.min(best, Double(clock() - start) / Double(CLOCKS_PER_SEC))
    }
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
    let conditionals = text.components(separatedBy: " ? ").count - 1
    print("NavigationBarHider (\(lines) lines, \(conditionals) conditionals, \(warnings) warnings)")
    print(String(format: "check with range warnings, NavigationBarHider %.3f s CPU", best))
}
