/// SplitMix64: small, fast and the same on every platform, so that a seed names one sequence of random
/// inputs (specs, traces, mutations) on every run and machine.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in 0..<bound (bound > 0).
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    /// Uniform in [0, 1).
    mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }

    mutating func double(in range: ClosedRange<Double>) -> Double {
        range.lowerBound + unit() * (range.upperBound - range.lowerBound)
    }

    mutating func chance(_ probability: Double) -> Bool { unit() < probability }

    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
}
