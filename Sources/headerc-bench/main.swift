// Times headerc's hot paths and prints the figures: run with `swift run -c release headerc-bench`
// (`-- --no-swiftc` skips building generated specs of 100 and 1,000 blocks with swiftc, about two
// minutes, which also skips the 1,000-block native timing). Every figure a script reads is one line of its own:
//   cubicBezier NAME N ns, worst error E           (the library, as eval uses it)
//   generated cubicBezier NAME N ns, worst error E (the generated Swift in Generated/)
//   ratio generated/hand-written R
//   ratio interpreter/native R
//   ratio interpreter/native (1000 blocks) R
//   math NAME headerc N ns, C library M ns        (headerc's own exp, expm1, sin, cos, pow beside glibc's)
//   ratio generated/hand-written (Kotlin) R      (the generated Kotlin on the JVM; `-- --no-kotlinc` skips it)
// followed by the check time of a real header, the scaling lines and the language server's figures
//   lsp NAME: change to diagnostics N ms (after the 150 ms debounce), hover M ms
// (`-- --lsp-only` prints only these). `-- --frames-only` prints only the
// frame figures (for profiling the interpreter under valgrind's callgrind), `-- --scaling-only` only the
// scaling lines, `-- --kotlin-only` only the Kotlin frame figures, `-- --math-only` only the math functions',
// `-- --curves-only` only the cubicBezier lines, `-- --layout-only` only `layout`'s figures:
//   layout --format json N blocks (11 offsets) T s, and their ratio 1000/100
//   layout of one frame NAME N ns, the frame's evaluation M ns, ratio R
import Foundation
import HeaderKit

/// Keeps results alive so the optimizer cannot drop the work being timed.
nonisolated(unsafe) var sink = 0.0

/// The best time per evaluation over `repeats` runs of `body`, which performs `count` evaluations and
/// returns a sum of their results (added to `sink`).
func nanoseconds(count: Int, repeats: Int = 7, _ body: () -> Double) -> Double {
    var best = Double.infinity
    for _ in 0..<repeats {
        let start = DispatchTime.now().uptimeNanoseconds
        sink += body()
        best = Swift.min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / Double(count))
    }
    return best
}

let skipsSwiftc = CommandLine.arguments.contains("--no-swiftc")
let framesOnly = CommandLine.arguments.contains("--frames-only")
if CommandLine.arguments.contains("--curves-only") {
    printCurveFigures()
    exit(0)
}
if CommandLine.arguments.contains("--math-only") {
    printMathFigures()
    exit(0)
}
if CommandLine.arguments.contains("--kotlin-only") {
    printKotlinFigures()
    exit(0)
}
if CommandLine.arguments.contains("--lsp-only") {
    printLanguageServerFigures()
    exit(0)
}
if CommandLine.arguments.contains("--layout-only") {
    printLayoutFigures()
    exit(0)
}
if CommandLine.arguments.contains("--scaling-only") {
    printRealHeaderFigures()
    printScaling()
    exit(0)
}
print("headerc \(Headerc.version) benchmark: times are per evaluation, best of several runs")
if !framesOnly {
    print("")
    printCurveFigures()
    print("")
    printMathFigures()
}
print("")
printProfileStretchyFigures()
if !framesOnly && !CommandLine.arguments.contains("--no-kotlinc") {
    print("")
    printKotlinFigures()
}
print("")
printThousandBlockFigures(buildsNative: !skipsSwiftc && !framesOnly)
if !framesOnly {
    print("")
    printRealHeaderFigures()
    print("")
    printScaling()
    print("")
    printLayoutFigures()
    print("")
    printLanguageServerFigures()
}
if !skipsSwiftc && !framesOnly {
    print("")
    printSwiftcBuildTimes()
}
print("")
print("(checksum \(sink))")
