import Foundation

/// cubic-bezier in Float80 by bisection on t, independent of the library's solver (the same method as
/// CurvePrecisionTests, which checks it against tools/curves/ref.py): below x = 0.5 it compares x(t)
/// with x; above, 1 - x(t) written as its own Bernstein sum, so that both ends keep relative accuracy.
struct BezierReference {
    let x1: Float80, y1: Float80, x2: Float80, y2: Float80

    init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        (self.x1, self.y1, self.x2, self.y2) = (Float80(x1), Float80(y1), Float80(x2), Float80(y2))
    }

    /// y at x in [0, 1].
    func value(_ input: Double) -> Float80 {
        let x = Float80(input)
        if x <= 0 || x >= 1 { return x <= 0 ? 0 : 1 }
        // (1, y1, 0, y2) is x = 1/2 + 4 (t - 1/2)^3 exactly; bisection cannot resolve t where x'(1/2) = 0.
        if x1 == 1 && x2 == 0 {
            let d = (x - 0.5) / 4
            return y(0.5 + (d < 0 ? -Foundation.cbrt(-d) : Foundation.cbrt(d)))
        }
        var lo: Float80 = 0, hi: Float80 = 1
        let complement = x > 0.5
        let target = complement ? 1 - x : x
        for _ in 0..<66 {
            let t = (lo + hi) / 2
            let s = 1 - t
            let below = complement
                ? s * s * s + 3 * s * s * t * (1 - x1) + 3 * s * t * t * (1 - x2) > target
                : 3 * s * s * t * x1 + 3 * s * t * t * x2 + t * t * t < target
            if below { lo = t } else { hi = t }
        }
        return y((lo + hi) / 2)
    }

    private func y(_ t: Float80) -> Float80 {
        let s = 1 - t
        return 3 * s * s * t * y1 + 3 * s * t * t * y2 + t * t * t
    }

    /// Inputs where solvers struggle as well as ordinary ones: uniform random, and clusters near 0, 1/2
    /// and 1 in decades down to 1e-300.
    static func inputs(count: Int) -> [Double] {
        var random = BenchRandom(seed: 0x9E37_79B9_7F4A_7C15)
        var xs = (0..<count / 2).map { _ in random.next() }
        while xs.count < count {
            let d = Foundation.pow(10, -300 * random.next() * random.next()) * (0.5 + random.next())
            xs += [d, 1 - d, 0.5 + d, 0.5 - d].filter { $0 > 0 && $0 < 1 }
        }
        return Array(xs.prefix(count))
    }
}

/// A fixed-seed generator, so that every run (and the native runner built with swiftc) draws the same inputs.
struct BenchRandom {
    var state: UInt64
    init(seed: UInt64) { state = seed }

    /// Uniform in [0, 1).
    mutating func next() -> Double {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Double(state >> 11) * 0x1p-53
    }
}
