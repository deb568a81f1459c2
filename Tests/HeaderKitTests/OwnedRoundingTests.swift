import XCTest
@testable import HeaderKit

/// `OwnedMath.roundHalfUp` and `OwnedMath.div` against their definitions, checked with operations that
/// decide them exactly (a fused multiply-add's sign, Sterbenz-exact differences), on arguments drawn to
/// hit the hard cases: halves, whole quotients reached by rounding, zeros, huge and tiny values.
final class OwnedRoundingTests: XCTestCase {
    private func argument(_ rng: inout SeededGenerator) -> Double {
        switch rng.below(5) {
        case 0: return rng.pick([0.5, -0.5, 1.5, -2.5, 0.49999999999999994, -0.49999999999999994, 0x1p52 - 0.5, -(0x1p52 - 0.5), 0.1, 3, -7, 1e300, .leastNonzeroMagnitude])
        case 1: return Double(Int(rng.below(2_000_001)) - 1_000_000) / Double(rng.pick([1, 2, 4, 10, 3]))
        case 2: return Double(bitPattern: rng.next())
        default: return (rng.unit() * 2 - 1) * Double(sign: .plus, exponent: Int(rng.below(120)) - 60, significand: 1)
        }
    }

    /// The whole number nearest x, halves toward +infinity: x - r lies in -0.5..<0.5, computed exactly
    /// (below 2^52 r is within a factor of two of x, or x - r is x, or x + 1 for x in -1 ... -0.5).
    func testRoundHalfUpIsTheNearestWholeNumberHalvesUp() {
        var rng = SeededGenerator(seed: 0x524F_554E_44)
        var checked = 0
        for _ in 0..<200_000 {
            let x = argument(&rng)
            let r = OwnedMath.roundHalfUp(x)
            guard x.isFinite, x.magnitude < 0x1p52 else {
                XCTAssert(x.isNaN ? r.isNaN : r.bitPattern == x.bitPattern, "\(x)")
                continue
            }
            XCTAssertEqual(r, r.rounded(.towardZero), "\(x)")
            XCTAssert(x - r >= -0.5 && x - r < 0.5, "roundHalfUp(\(x)) = \(r)")
            // A zero is +0, as the Int of Kotlin's roundToInt() and the Long of Java's Math.round are.
            if r == 0 { XCTAssertEqual(r.sign, .plus, "\(x)") }
            checked += 1
        }
        XCTAssertGreaterThan(checked, 100_000)
    }

    /// div(a, b) is q with a - q·b zero or of a's sign and a - (q ± 1)·b of the other (the fused
    /// multiply-add rounds once, which keeps a sign and a zero: the exact value is a multiple of 2^-1074),
    /// wherever a / b is below 2^52; a / b itself from there on.
    func testDivIsTheTruncatedExactQuotient() {
        var rng = SeededGenerator(seed: 0x4449_56)
        var checked = 0, notTruncOfQuotient = 0
        for _ in 0..<200_000 {
            let b = argument(&rng)
            var a = argument(&rng)
            if rng.chance(0.4), b.isFinite, b != 0 {
                // A multiple of b, or a neighbour of one: quotients that round onto whole numbers.
                a = Double(Int(rng.below(2_000_001)) - 1_000_000) * b
                a = rng.pick([a, a.nextUp, a.nextDown])
            }
            let q = OwnedMath.div(a, b), quotient = a / b
            guard quotient.magnitude < 0x1p52, b.isFinite else {
                XCTAssert(quotient.isNaN ? q.isNaN : q.bitPattern == quotient.bitPattern, "div(\(a), \(b))")
                continue
            }
            XCTAssertEqual(q, q.rounded(.towardZero), "div(\(a), \(b))")
            // A zero is +0, as an Int quotient is.
            if q == 0 { XCTAssertEqual(q.sign, .plus, "div(\(a), \(b))") }
            let remainder = a.addingProduct(-q, b)
            XCTAssert(remainder == 0 || remainder.sign == a.sign, "div(\(a), \(b)) = \(q): remainder \(remainder)")
            let beyond = q + (quotient.sign == .minus ? -1 : 1)
            let past = a.addingProduct(-beyond, b)
            XCTAssert(past != 0 && past.sign != a.sign, "div(\(a), \(b)) = \(q) is not the largest: \(past)")
            if q != quotient.rounded(.towardZero) { notTruncOfQuotient += 1 }
            checked += 1
        }
        XCTAssertGreaterThan(checked, 100_000)
        // The cases where trunc(a / b) is wrong are among them.
        XCTAssertGreaterThan(notTruncOfQuotient, 1_000)
    }
}
