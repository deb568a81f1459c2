import Foundation
import HeaderKit

/// headerc's own math functions (fdlibm 5.3's, in `OwnedMath`) beside the C library's (glibc here), on the
/// arguments a spec gives them: a spring's exponent and angle, a power of a ratio.
func printMathFigures() {
    var random = BenchRandom(seed: 0x6D61_7468)
    let count = 1_000_000
    let exponents = (0..<count).map { _ in -20 * random.next() }
    let small = (0..<count).map { _ in -1 + 2 * random.next() }
    let angles = (0..<count).map { _ in 40 * random.next() }
    let bases = (0..<count).map { _ in 4 * random.next() }
    let powers = (0..<count).map { _ in -3 + 6 * random.next() }
    func time(_ values: [Double], _ function: (Double) -> Double) -> Double {
        nanoseconds(count: values.count, repeats: 5) {
            var total = 0.0
            for x in values { total += function(x) }
            return total
        }
    }
    func timePow(_ function: (Double, Double) -> Double) -> Double {
        nanoseconds(count: bases.count, repeats: 5) {
            var total = 0.0
            for index in bases.indices { total += function(bases[index], powers[index]) }
            return total
        }
    }
    print("headerc's math functions (fdlibm 5.3) beside the C library's, \(count) arguments each")
    let rows: [(String, Double, Double)] = [
        ("exp", time(exponents) { OwnedMath.exp($0) }, time(exponents) { Foundation.exp($0) }),
        ("expm1", time(small) { OwnedMath.expm1($0) }, time(small) { Foundation.expm1($0) }),
        ("sin", time(angles) { OwnedMath.sin($0) }, time(angles) { Foundation.sin($0) }),
        ("cos", time(angles) { OwnedMath.cos($0) }, time(angles) { Foundation.cos($0) }),
        ("pow", timePow { OwnedMath.pow($0, $1) }, timePow { Foundation.pow($0, $1) }),
    ]
    for (name, owned, platform) in rows {
        print(String(format: "math %@ headerc %.1f ns, C library %.1f ns", name, owned, platform))
    }
}
