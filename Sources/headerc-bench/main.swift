// Times headerc's hot paths and prints the figures: run with `swift run -c release headerc-bench`
// (`-- --no-swiftc` skips timing swiftc on generated specs of 100 and 1,000 blocks).
// It compares the interpreter, the generated Swift in Generated/ (headerc's own output) and a
// hand-written enum of the same math, the way an app developer would otherwise write it.
import Foundation
import HeaderKit

/// Keeps results alive so the optimizer cannot drop the work being timed.
nonisolated(unsafe) var sink = 0.0

func measure(_ name: String, count: Int, repeats: Int = 5, _ body: () -> Double) {
    var best = Double.infinity
    for _ in 0..<repeats {
        let start = DispatchTime.now().uptimeNanoseconds
        sink += body()
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start)
        best = min(best, elapsed / Double(count))
    }
    print(name.padding(toLength: 58, withPad: " ", startingAt: 0) + String(format: "%8.1f ns", best))
}

/// Seed 000's math as a developer writes it by hand: the baseline the generated enum must match.
enum HandWrittenProfileMath {
    static func frame(offset: CGFloat, safeAreaTop: CGFloat, textScale: Double) -> (CGFloat, Double, CGFloat, Double, Double, Double, CGFloat) {
        let collapsed = safeAreaTop + 44
        let travel = 190 - collapsed
        let progress: Double = travel > 0 ? Double(min(max(offset / travel, 0), 1)) : 1
        let height = max(190 - offset, min(collapsed, 190))
        let size = 88 * textScale
        return (height, progress, CGFloat(size), 1 - 0.45 * min(max(progress, 0), 1),
                1 - min(max((progress - 0.55) / 0.35, 0), 1), min(max((progress - 0.8) / 0.2, 0), 1),
                190 + CGFloat(size) / 2 + 12)
    }
}

let count = 1_000_000
var generator = SystemRandomNumberGenerator()
let xs = (0..<count).map { _ in Double.random(in: 0...1, using: &generator) }
let offsets = (0..<count).map { _ in Double.random(in: -300...700, using: &generator) }

print("headerc \(Arguments.version) benchmark, \(count) evaluations each, best of 5, per evaluation:")
print("")
print("cubicBezier")
let curves: [(String, Curve)] = [
    ("ease", Curve.preset(named: "ease") ?? .linear),
    ("m3EmphasizedDecelerate", Curve.preset(named: "m3EmphasizedDecelerate") ?? .linear),
    ("(1, 0, 0, 1)", CubicBezier(x1: 1, y1: 0, x2: 0, y2: 1).map(Curve.cubicBezier) ?? .linear),
    ("(0.3, -0.5, 0.7, 1.5)", CubicBezier(x1: 0.3, y1: -0.5, x2: 0.7, y2: 1.5).map(Curve.cubicBezier) ?? .linear),
]
for (name, curve) in curves {
    measure("  \(name), interpreted (Curve.value)", count: count) {
        var total = 0.0
        for x in xs { total += curve.value(at: x) }
        return total
    }
}
let compiled: [(String, (Double) -> Double)] = [
    ("ease", { BezierBenchMath.benchEase(x: $0) }),
    ("m3EmphasizedDecelerate", { BezierBenchMath.benchEmphasized(x: $0) }),
    ("(1, 0, 0, 1)", { BezierBenchMath.benchExtreme(x: $0) }),
    ("(0.3, -0.5, 0.7, 1.5)", { BezierBenchMath.benchOvershoot(x: $0) }),
]
for (name, function) in compiled {
    measure("  \(name), compiled Swift", count: count) {
        var total = 0.0
        for x in xs { total += function(x) }
        return total
    }
}

print("")
print("ProfileStretchy, one whole frame (7 outputs)")
let source = """
    header ProfileStretchy
    input safeAreaTop: pt = 0
    input textScale = 1
    let coverHeight = 190pt
    let collapsed = safeAreaTop + 44pt
    let travel = coverHeight - collapsed
    let progress = travel > 0 ? clamp(offset / travel, 0, 1) : 1
    let avatarSize = 88pt * textScale
    cover { height = max(coverHeight - offset, min(collapsed, coverHeight))  scrimOpacity = progress }
    avatar { size = avatarSize  scale = 1 - 0.45 * clamp(progress, 0, 1)  opacity = 1 - clamp((progress - 0.55) / 0.35, 0, 1) }
    title { opacity = clamp((progress - 0.8) / 0.2, 0, 1) }
    content { top = coverHeight + avatarSize / 2 + 12pt }
    """
if let spec = Compilation(path: "bench.header", text: source).spec {
    let interpreter = Interpreter(spec: spec)
    var buffer = [Double](repeating: 0, count: spec.outputs.count)
    measure("  interpreter (Interpreter.evaluate)", count: count) {
        var total = 0.0
        buffer.withUnsafeMutableBufferPointer { outputs in
            for offset in offsets {
                interpreter.evaluate(at: offset, into: outputs)
                total += outputs[0] + outputs[4]
            }
        }
        return total
    }
}
measure("  generated Swift (ProfileStretchyMath.frame)", count: count) {
    var total = 0.0
    for offset in offsets {
        let frame = ProfileStretchyMath.frame(offset: CGFloat(offset))
        total += Double(frame.cover.height) + frame.avatar.opacity
    }
    return total
}
measure("  hand-written enum", count: count) {
    var total = 0.0
    for offset in offsets {
        let frame = HandWrittenProfileMath.frame(offset: CGFloat(offset), safeAreaTop: 0, textScale: 1)
        total += Double(frame.0) + frame.4
    }
    return total
}

print("")
printScaling()
if !CommandLine.arguments.contains("--no-swiftc") {
    print("")
    printSwiftcBuildTimes()
}
print("")
print("(checksum \(sink))")
