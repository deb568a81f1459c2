/// The names of the declarations generated code writes for a curve of its own (a `linear()` curve's
/// function, a cubic-bezier curve's solve table), the same in every back end (JavaScript puts `$` in
/// front). Each is a stable hash of what the declaration depends on, so that equal curves share one and
/// the name is the same in every run (FNV-1a over the bit patterns; unlike `hashValue`, not seeded per
/// process).
package enum CurveNames {
    package static func linearFunction(_ linear: PiecewiseLinear) -> String {
        "curveLinear_" + stableHash(linear.inputs + [.nan] + linear.outputs)
    }

    /// A cubic-bezier curve's table is named after the curve as the spec names it (`curveBezier_ease`); a
    /// table depends on its control points' x alone, so curves written out in place that differ only in y
    /// share one, named after those x.
    /// A name that reads as such a hash (16 hexadecimal digits) is not used: it could be another curve's.
    package static func bezierTable(_ bezier: CubicBezier) -> String {
        if let name = bezier.name, !(name.count == 16 && name.allSatisfy(\.isHexDigit)) { return "curveBezier_" + name }
        return "curveBezier_" + stableHash([bezier.x1, bezier.x2])
    }

    /// 16 hexadecimal digits of FNV-1a over the values' bit patterns.
    private static func stableHash(_ values: [Double]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for value in values {
            var bits = value.bitPattern
            for _ in 0..<8 {
                hash = (hash ^ (bits & 0xff)) &* 0x0000_0100_0000_01b3
                bits >>= 8
            }
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
