import Foundation
import HeaderKit

/// Every cubic-bezier preset and the hard curves, each with its generated function from BezierBench.header.
nonisolated(unsafe) let benchCurves: [(name: String, points: (Double, Double, Double, Double), generated: (Double) -> Double)] = {
    let generated: [String: (Double) -> Double] = [
        "ease": { BezierBenchMath.benchEase(x: $0) },
        "easeIn": { BezierBenchMath.benchEaseIn(x: $0) },
        "easeOut": { BezierBenchMath.benchEaseOut(x: $0) },
        "easeInOut": { BezierBenchMath.benchEaseInOut(x: $0) },
        "caDefault": { BezierBenchMath.benchCaDefault(x: $0) },
        "caEaseIn": { BezierBenchMath.benchCaEaseIn(x: $0) },
        "caEaseOut": { BezierBenchMath.benchCaEaseOut(x: $0) },
        "caEaseInEaseOut": { BezierBenchMath.benchCaEaseInEaseOut(x: $0) },
        "m3Standard": { BezierBenchMath.benchM3Standard(x: $0) },
        "m3StandardAccelerate": { BezierBenchMath.benchM3StandardAccelerate(x: $0) },
        "m3StandardDecelerate": { BezierBenchMath.benchM3StandardDecelerate(x: $0) },
        "m3EmphasizedDecelerate": { BezierBenchMath.benchM3EmphasizedDecelerate(x: $0) },
        "m3EmphasizedAccelerate": { BezierBenchMath.benchM3EmphasizedAccelerate(x: $0) },
        "m3Legacy": { BezierBenchMath.benchM3Legacy(x: $0) },
        "m3LegacyAccelerate": { BezierBenchMath.benchM3LegacyAccelerate(x: $0) },
        "m3LegacyDecelerate": { BezierBenchMath.benchM3LegacyDecelerate(x: $0) },
    ]
    var list: [(name: String, points: (Double, Double, Double, Double), generated: (Double) -> Double)] = []
    for preset in Curve.presets {
        if case .cubicBezier(let b) = preset.curve, let function = generated[preset.name] {
            list.append((preset.name, (b.x1, b.y1, b.x2, b.y2), function))
        }
    }
    list.append(("(1,0,0,1)", (1, 0, 0, 1), { BezierBenchMath.benchExtreme(x: $0) }))
    list.append(("(0.99,0,0.01,1)", (0.99, 0, 0.01, 1), { BezierBenchMath.benchNearlyFlat(x: $0) }))
    list.append(("(0.3,-0.5,0.7,1.5)", (0.3, -0.5, 0.7, 1.5), { BezierBenchMath.benchOvershoot(x: $0) }))
    return list
}()

/// Time and worst error of each curve in the library (`Curve.value`, what eval runs) and in the
/// generated Swift; the error is against the Float80 reference over 20,000 inputs.
func printCurveFigures() {
    let count = 200_000
    var random = BenchRandom(seed: 0x2545_F491_4F6C_DD1D)
    let xs = (0..<count).map { _ in random.next() }
    let inputs = BezierReference.inputs(count: 20_000)
    print("cubicBezier over \(count) uniform x in [0, 1]; worst |error| over \(inputs.count) inputs against a Float80 reference")
    var generatedLines: [String] = []
    for (name, points, generated) in benchCurves {
        guard let bezier = CubicBezier(x1: points.0, y1: points.1, x2: points.2, y2: points.3) else { continue }
        let curve = Curve.cubicBezier(bezier)
        let reference = BezierReference(points.0, points.1, points.2, points.3)
        let exact = inputs.map { reference.value($0) }
        func worstError(_ function: (Double) -> Double) -> Double {
            var worst = 0.0
            for (x, expected) in zip(inputs, exact) {
                let error = Swift.abs(Double(Float80(function(x)) - expected))
                if !(error <= worst) { worst = error }
            }
            return worst
        }
        let library = nanoseconds(count: count) {
            var total = 0.0
            for x in xs { total += curve.value(at: x) }
            return total
        }
        let compiled = nanoseconds(count: count) {
            var total = 0.0
            for x in xs { total += generated(x) }
            return total
        }
        print(String(format: "cubicBezier %@ %.1f ns, worst error %.2g", name, library, worstError { curve.value(at: $0) }))
        generatedLines.append(String(format: "generated cubicBezier %@ %.1f ns, worst error %.2g", name, compiled, worstError(generated)))
    }
    generatedLines.forEach { print($0) }
}
