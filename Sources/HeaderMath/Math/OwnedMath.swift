/// Platform-independent `exp`, `expm1`, `sin`, `cos`, `acos` and `pow`, ported to Swift from fdlibm 5.3 (Sun
/// Microsystems, 1993), the algorithm of Java's StrictMath (from the Java transliteration in OpenJDK's
/// FdLibm.java), and rounding, integer division, `fmin` and `fmax` built from exact operations, so that the
/// interpreter and the Swift code headerc generates return the same bits on every platform (glibc, Darwin's
/// libm and the rest differ in the last bit).
///
/// The functions are `OwnedMathKernels.swift` and `OwnedRounding.swift`: library code, and the very text
/// generated Swift carries (`SwiftRuntime`, which makes each declaration `private`), so the two perform the
/// same IEEE operations in the same order. Results equal Java's `StrictMath` bit for bit (NaN payloads aside)
/// except for `pow`'s C99 cases. JavaScript's and Kotlin's spellings are their runtimes' (`JavaScript/Runtime`,
/// `Kotlin/Runtime` in HeaderCodeGen).
public enum OwnedMath {
    public static func exp(_ x: Double) -> Double { mathExp(x) }
    public static func expm1(_ x: Double) -> Double { mathExpm1(x) }
    public static func sin(_ x: Double) -> Double { mathSin(x) }
    public static func cos(_ x: Double) -> Double { mathCos(x) }
    public static func acos(_ x: Double) -> Double { mathAcos(x) }
    /// fdlibm's pow with C99's (and IEEE 754-2008's) special cases where Java's differ: pow(1, y) = 1 for every y, NaN included; pow(-1, ±infinity) = 1.
    public static func pow(_ x: Double, _ y: Double) -> Double { mathPow(x, y) }

    /// The whole number nearest `x`, halves toward +infinity: Java's `Math.round`, Kotlin's `roundToInt()`
    /// and JavaScript's `Math.round` (2.5 is 3, -2.5 is -2), a zero +0 as the `Int` it stands for.
    public static func roundHalfUp(_ x: Double) -> Double { mathRoundHalfUp(x) }
    /// The quotient `a / b` truncated toward zero, as Kotlin's and Swift's `Int` `/`, of the exact quotient
    /// wherever `a / b` (rounded) is below 2⁵² in magnitude; from 2⁵² on, where every double is whole, and
    /// for NaN and the infinities, `a / b` itself.
    public static func div(_ a: Double, _ b: Double) -> Double { mathDiv(a, b) }
    /// C's `fmin` with IEEE 754-2019's minimumNumber rule for zeros: a NaN operand is ignored, -0 is below +0.
    public static func fmin(_ a: Double, _ b: Double) -> Double { mathFmin(a, b) }
    /// C's `fmax` with IEEE 754-2019's maximumNumber rule for zeros: a NaN operand is ignored, +0 is above -0.
    public static func fmax(_ a: Double, _ b: Double) -> Double { mathFmax(a, b) }
}
