import Foundation
import XCTest
@testable import HeaderKit

/// headerc's own `exp`, `expm1`, `sin`, `cos` and `pow` (fdlibm 5.3, the algorithm Java's StrictMath is
/// defined by): within 1 ulp of the true value over a million arguments each, hard cases included, measured
/// against the C library's 64-bit-significand (Float80) functions, which are 2^11 times finer than a
/// double's ulp, so the measure is off by at most about 0.001 ulp.
final class OwnedMathTests: XCTestCase {
    static let argumentsPerFunction = 1_000_000

    /// The error of `value` against `reference`, in units in the last place of the double nearest to it;
    /// 0 where both are the same infinity, or where the reference is past the largest double and the
    /// value is the infinity it rounds to.
    static func ulpError(_ value: Double, _ reference: Float80) -> Double {
        if value.isNaN || reference.isNaN { return value.isNaN && reference.isNaN ? 0 : .infinity }
        let largest = Float80(Double.greatestFiniteMagnitude) + Float80(Double.greatestFiniteMagnitude.ulp) / 2
        if reference.magnitude >= largest { return value.isInfinite && (value < 0) == (reference < 0) ? 0 : .infinity }
        if value.isInfinite { return .infinity }
        if reference == 0 { return value == 0 ? 0 : .infinity }
        let exponent = Swift.max(Int(reference.exponent), -1022)
        let ulp = Float80(sign: .plus, exponent: exponent - 52, significand: 1)
        return Double((Float80(value) - reference).magnitude / ulp)
    }

    struct Worst {
        var ulps = 0.0
        var argument = ""
        var count = 0

        mutating func note(_ error: Double, _ argument: @autoclosure () -> String) {
            count += 1
            if error > ulps {
                ulps = error
                self.argument = argument()
            }
        }
    }

    static func hardArguments(_ rng: inout SeededGenerator, count: Int, _ draw: (inout SeededGenerator, Int) -> Double) -> [Double] {
        (0..<count).map { draw(&rng, $0) }
    }

    /// A double of random sign, exponent and significand: every binade alike, subnormals included.
    static func anyDouble(_ rng: inout SeededGenerator) -> Double {
        var bits: UInt64
        repeat { bits = rng.next() } while Double(bitPattern: bits).isNaN || Double(bitPattern: bits).isInfinite
        return Double(bitPattern: bits)
    }

    static func uniform(_ rng: inout SeededGenerator, _ low: Double, _ high: Double) -> Double {
        low + (high - low) * (Double(rng.next() >> 11) * 0x1p-53)
    }

    static let specials: [Double] = [0, -0.0, 1, -1, .infinity, -.infinity, .nan, .leastNonzeroMagnitude, -.leastNonzeroMagnitude,
                                     .leastNormalMagnitude, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 0.5, -0.5, 2, -2]

    func testExpIsWithinOneUlp() {
        var rng = SeededGenerator(seed: 0xE4B0)
        var worst = Worst()
        for index in 0..<Self.argumentsPerFunction {
            let x: Double
            switch index % 8 {
            case 0: x = Self.uniform(&rng, -745.2, 709.8)
            case 1: x = Self.uniform(&rng, -1, 1)
            case 2: x = Self.uniform(&rng, -0x1p-28, 0x1p-28)
            case 3: x = 709.782712893384 + Self.uniform(&rng, -1e-9, 1e-9)
            case 4: x = -745.1332191019412 + Self.uniform(&rng, -1e-6, 1e-6)
            case 5: x = Self.anyDouble(&rng)
            case 6: x = Double(Int(rng.next() % 1_400)) * 0.6931471805599453 - 700 + Self.uniform(&rng, -1e-12, 1e-12)
            default: x = Self.specials[index / 8 % Self.specials.count]
            }
            worst.note(Self.ulpError(OwnedMath.exp(x), Foundation.exp(Float80(x))), "exp(\(x))")
        }
        report("exp", worst)
    }

    func testExpm1IsWithinOneUlp() {
        var rng = SeededGenerator(seed: 0xE4B1)
        var worst = Worst()
        for index in 0..<Self.argumentsPerFunction {
            let x: Double
            switch index % 8 {
            case 0: x = Self.uniform(&rng, -40, 709.8)
            case 1: x = Self.uniform(&rng, -1, 1)
            case 2: x = Self.uniform(&rng, -1e-5, 1e-5)
            case 3: x = Self.uniform(&rng, -0x1p-54, 0x1p-54)
            case 4: x = 709.782712893384 + Self.uniform(&rng, -1e-9, 1e-9)
            case 5: x = Self.anyDouble(&rng)
            case 6: x = Self.uniform(&rng, 0.34, 1.04) * (rng.chance(0.5) ? 1 : -1)
            default: x = Self.specials[index / 8 % Self.specials.count]
            }
            worst.note(Self.ulpError(OwnedMath.expm1(x), Foundation.expm1(Float80(x))), "expm1(\(x))")
        }
        report("expm1", worst)
    }

    /// Arguments for sin and cos: ordinary ones, ones next to multiples of π/2 (where the result is tiny and
    /// the reduction must be exact), the edges of fdlibm's medium reduction (2^19 π/2, 2^20 π/2), huge ones
    /// (Payne-Hanek reduction) and subnormals.
    static func trigonometricArgument(_ rng: inout SeededGenerator, _ index: Int) -> Double {
        switch index % 8 {
        case 0: return uniform(&rng, -10, 10)
        case 1: return uniform(&rng, -1e-3, 1e-3)
        case 2:
            let k = Double(rng.next() % 1_000_000) + 1
            let near = (k * Double.pi / 2)
            var x = near
            for _ in 0..<Int(rng.next() % 4) { x = rng.chance(0.5) ? x.nextUp : x.nextDown }
            return rng.chance(0.5) ? x : -x
        case 3: return 0x1p19 * Double.pi / 2 * uniform(&rng, 0.99, 1.01)
        case 4: return 0x1p20 * Double.pi / 2 * uniform(&rng, 0.99, 1.01)
        case 5: return anyDouble(&rng)
        case 6: return uniform(&rng, -1e22, 1e22)
        default: return specials[index / 8 % specials.count]
        }
    }

    func testSinIsWithinOneUlp() {
        var rng = SeededGenerator(seed: 0x5140)
        var worst = Worst()
        for index in 0..<Self.argumentsPerFunction {
            let x = Self.trigonometricArgument(&rng, index)
            worst.note(Self.ulpError(OwnedMath.sin(x), Foundation.sin(Float80(x))), "sin(\(x))")
        }
        report("sin", worst)
    }

    func testCosIsWithinOneUlp() {
        var rng = SeededGenerator(seed: 0xC050)
        var worst = Worst()
        for index in 0..<Self.argumentsPerFunction {
            let x = Self.trigonometricArgument(&rng, index)
            worst.note(Self.ulpError(OwnedMath.cos(x), Foundation.cos(Float80(x))), "cos(\(x))")
        }
        report("cos", worst)
    }

    /// acos on each of fdlibm's three pieces (|x| < 0.5, x > 0.5, x < -0.5), near their seams and ends,
    /// tiny arguments, and any double (mostly |x| > 1, which gives NaN).
    static func acosArgument(_ rng: inout SeededGenerator, _ index: Int) -> Double {
        switch index % 6 {
        case 0, 1: return uniform(&rng, -1, 1)
        case 2: return (rng.next() % 2 == 0 ? 0.5 : -0.5) + uniform(&rng, -1e-9, 1e-9)
        case 3: return (rng.next() % 2 == 0 ? 1 : -1) * (1 - uniform(&rng, 0, 1e-6))
        case 4: return uniform(&rng, -1e-8, 1e-8) * (rng.next() % 2 == 0 ? 1 : 1e-10)
        default: return anyDouble(&rng)
        }
    }

    func testAcosIsWithinOneUlp() {
        var rng = SeededGenerator(seed: 0xAC05)
        var worst = Worst()
        for index in 0..<Self.argumentsPerFunction {
            let x = Self.acosArgument(&rng, index)
            worst.note(Self.ulpError(OwnedMath.acos(x), Foundation.acos(Float80(x))), "acos(\(x))")
        }
        for x in Self.specials { worst.note(Self.ulpError(OwnedMath.acos(x), Foundation.acos(Float80(x))), "acos(\(x))") }
        report("acos", worst)
    }

    func testPowIsWithinOneUlp() {
        var rng = SeededGenerator(seed: 0x9090)
        var worst = Worst()
        for index in 0..<Self.argumentsPerFunction {
            let x: Double, y: Double
            switch index % 10 {
            case 0: (x, y) = (Self.uniform(&rng, 0, 10), Self.uniform(&rng, -50, 50))
            case 1: (x, y) = (Self.uniform(&rng, 0, 100), Double(Int(rng.next() % 41)) - 20)
            case 2: (x, y) = (Self.uniform(&rng, 0, 100), (Double(Int(rng.next() % 41)) - 20) + 0.5)
            case 3: (x, y) = (-Self.uniform(&rng, 0, 10), Double(Int(rng.next() % 61)) - 30)
            case 4: (x, y) = (1 + Self.uniform(&rng, -1e-9, 1e-9), Self.uniform(&rng, -1e10, 1e10))
            case 5:
                // Results near the largest double: x^y with y ln x close to 709.78.
                let base = Self.uniform(&rng, 1.5, 1e6)
                (x, y) = (base, 709.78 / Foundation.log(base) * Self.uniform(&rng, 0.999, 1.0001))
            case 6:
                // Results among the subnormals: y ln x between -745 and -708.
                let base = Self.uniform(&rng, 1e-3, 0.9)
                (x, y) = (base, Self.uniform(&rng, -745, -708) / Foundation.log(base))
            case 7: (x, y) = (Self.anyDouble(&rng).magnitude, Self.uniform(&rng, -2, 2))
            case 8: (x, y) = (Self.uniform(&rng, 0, 2), Self.anyDouble(&rng))
            default: (x, y) = (Self.specials[index / 10 % Self.specials.count], Self.specials[index / 160 % Self.specials.count])
            }
            let value = OwnedMath.pow(x, y)
            // C's cases, which headerc follows (pow(1, y) = 1, pow(-1, ±inf) = 1), before the reference's own.
            let reference: Float80 = x == 1 || (x == -1 && y.isInfinite) ? 1 : Foundation.pow(Float80(x), Float80(y))
            worst.note(Self.ulpError(value, reference), "pow(\(x), \(y))")
        }
        report("pow", worst)
    }

    /// The special cases headerc's pow shares with C, worked out from C99's Annex F.
    func testPowSpecialCases() {
        XCTAssertEqual(OwnedMath.pow(1, .nan), 1)
        XCTAssertEqual(OwnedMath.pow(-1, .infinity), 1)
        XCTAssertEqual(OwnedMath.pow(-1, -.infinity), 1)
        XCTAssertEqual(OwnedMath.pow(.nan, 0), 1)
        XCTAssertEqual(OwnedMath.pow(.nan, -0.0), 1)
        XCTAssertTrue(OwnedMath.pow(-8, 1.0 / 3).isNaN)
        XCTAssertEqual(OwnedMath.pow(-2, 3), -8)
        XCTAssertEqual(OwnedMath.pow(2, 0.5), 2.0.squareRoot())
        XCTAssertEqual(OwnedMath.pow(-0.0, -1), -.infinity)
        XCTAssertEqual(OwnedMath.pow(0, -1), .infinity)
        XCTAssertEqual(OwnedMath.pow(10, 2), 100)
        XCTAssertEqual(OwnedMath.pow(2, -1074), .leastNonzeroMagnitude)
        XCTAssertEqual(OwnedMath.pow(2, 1024), .infinity)
        XCTAssertEqual(OwnedMath.exp(0), 1)
        XCTAssertEqual(OwnedMath.expm1(-0.0).sign, .minus)
        XCTAssertEqual(OwnedMath.sin(-0.0).sign, .minus)
        XCTAssertEqual(OwnedMath.cos(0), 1)
        XCTAssertTrue(OwnedMath.sin(.infinity).isNaN)
        XCTAssertEqual(OwnedMath.exp(-.infinity), 0)
    }

    private func report(_ function: String, _ worst: Worst) {
        print(String(format: "OwnedMath.%@: %d arguments, worst error %.4f ulp at %@", function, worst.count, worst.ulps, worst.argument))
        XCTAssertGreaterThanOrEqual(worst.count, Self.argumentsPerFunction)
        XCTAssertLessThanOrEqual(worst.ulps, 1, "\(function): \(worst.argument)")
    }

    /// No back end and no part of the library calls the platform's pow, exp, expm1, sin, cos or acos: the
    /// library's sources, and the generated Swift, JavaScript and Kotlin of a spec that uses every spring,
    /// pow, and Compose's curve in Float.
    func testNothingCallsThePlatformsMath() throws {
        let pattern = try NSRegularExpression(pattern: #"(Foundation\.|Darwin\.|Glibc\.|Math\.|StrictMath\.|kotlin\.math\.|\b)(pow|exp|expm1|sin|cos|acos)\("#)
        func calls(_ text: String) -> [String] {
            text.split(separator: "\n").filter { line in
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                guard !trimmed.hasPrefix("//"), !trimmed.hasPrefix("*"), !trimmed.hasPrefix("/*") else { return false }
                // What a line says after `//` is a comment, and a string on one line (`"pow(base, exponent)"`,
                // a signature for people) is text: neither is a call.
                let code = (line.components(separatedBy: "//").first ?? String(line))
                    .replacingOccurrences(of: #"/\*.*?\*/"#, with: "", options: .regularExpression)
                let string = code.replacingOccurrences(of: #""[^"]*""#, with: "\"\"", options: .regularExpression)
                return pattern.firstMatch(in: string, range: NSRange(string.startIndex..., in: string)) != nil
            }.map(String.init)
        }
        // Every library target (Sources/Header*); the benchmark calls the C library on purpose, to compare.
        let sources = PackagePaths.url("Sources")
        let targets = try FileManager.default.contentsOfDirectory(atPath: sources.path).filter { $0.hasPrefix("Header") }.sorted()
        XCTAssertGreaterThanOrEqual(targets.count, 10, "the library's targets are not where this test looks")
        var offending: [String] = []
        for target in targets {
            let library = sources.appendingPathComponent(target)
            guard let walker = FileManager.default.enumerator(atPath: library.path) else { continue }
            for case let file as String in walker where file.hasSuffix(".swift") {
                let text = try String(contentsOf: library.appendingPathComponent(file), encoding: .utf8)
                // OwnedMath's own functions are the ones called `exp(` and so on.
                offending += calls(text).filter { !$0.contains("OwnedMath.") && !$0.contains("math") && !$0.contains("StrictMath.") }
                    .map { "\(target)/\(file): \($0)" }
            }
        }
        XCTAssertEqual(offending, [], "library code calls a platform math function")
        let text = """
            header Every
            input k = 2
            curve wobbly = spring(response: 0.5, dampingFraction: 0.3)
            curve critical = spring(response: 0.5, dampingFraction: 1)
            curve slow = spring(response: 0.5, dampingFraction: 2)
            b {
                scale = pow(k, offset / 100pt)
                opacity = wobbly(clamp(offset / 100pt, 0, 1)) + critical(clamp(offset / 100pt, 0, 1)) + slow(clamp(offset / 100pt, 0, 1))
                eased: float = m3Legacy(toFloat(offset / 100pt))
            }
            """
        let program = try XCTUnwrap(Compilation(path: "every.header", text: text).program)
        let swift = SwiftEmitter(program: program, sourcePath: "every.header").emit()
        let javaScript = JavaScriptEmitter(program: program, sourcePath: "every.header").emit()
        let kotlin = KotlinEmitter(program: program, sourcePath: "every.header").emit()
        XCTAssertEqual(calls(swift).filter { !$0.contains("math") }, [])
        XCTAssertEqual(calls(javaScript).filter { !$0.contains("$math") }, [])
        // The JVM's StrictMath is fdlibm 5.3 by contract, which the Kotlin tests check bit for bit.
        XCTAssertEqual(calls(kotlin).filter { !$0.contains("math") && !$0.contains("StrictMath.") }, [])
        XCTAssertTrue(swift.contains("private static func mathPow("))
        XCTAssertTrue(javaScript.contains("function $mathPow("))
        XCTAssertTrue(swift.contains("private static func mathAcos(") && javaScript.contains("function $mathAcos(") && kotlin.contains("fun mathAcos("))
    }
}
