import Foundation
import XCTest
@testable import HeaderKit

/// The Kotlin file must compute what `eval` computes, bit for bit, on the JVM: the differential test's
/// random specs and specs full of names Kotlin reserves, each built with `kotlinc` (Debian's 1.3.31 here;
/// the tests skip, saying so, without it) and run with `java`. The examples, along `eval`'s sweep, and
/// every other spec of the tests go through the JVM in `SpecFileTests`'s one Kotlin build.
final class KotlinEmitterTests: XCTestCase {
    /// How many of the differential test's random specs go through kotlinc (`HEADERC_KOTLIN_COUNT`, up to
    /// `DifferentialHarness.count`): kotlinc takes about a second for every hundred lines.
    static var randomCount: Int {
        ProcessInfo.processInfo.environment["HEADERC_KOTLIN_COUNT"].flatMap(Int.init) ?? 300
    }

    /// The differential test's random specs (every construct, curve kind, spring, `pow`, state and snap)
    /// at its offsets and input settings: no value may differ, those through `pow` and the springs included.
    func testRandomSpecsMatchTheInterpreter() throws {
        _ = try KotlinHarness.findKotlinc()
        let seed = DifferentialHarness.seed
        var cases: [NodeHarness.Case] = []
        for (generated, spec, compilation) in DifferentialHarness.generatedSpecs(count: min(Self.randomCount, DifferentialHarness.count), seed: seed) {
            guard let spec, let program = compilation.program else { continue }
            var rng = SeededGenerator(seed: seed ^ UInt64(generated.index + 1) &* 0x9E37_79B9_7F4A_7C15)
            cases.append(NodeHarness.Case(label: "spec \(generated.index)", program: program, spec: spec, text: generated.text,
                                          offsets: DifferentialHarness.offsets(extra: generated.interestingOffsets),
                                          settings: DifferentialHarness.settings(for: spec, &rng)))
        }
        let report = try KotlinHarness.run(cases, label: "random-\(seed)")
        print("Kotlin differential (seed \(seed)): \(report.summary)")
        for failure in report.failures.prefix(10) { XCTFail(failure) }
        for warning in report.warnings.prefix(10) { XCTFail("kotlinc warns: \(warning)") }
        XCTAssertEqual(report.mismatches, 0)
        XCTAssertEqual(report.casesRun, cases.count)
        XCTAssertGreaterThan(report.transcendentalCompared, 1_000)
    }

    /// Names Kotlin reserves (hard, soft and modifier keywords), the types and helpers the generated file
    /// names, its API and its locals: every spec `check` accepts builds without a warning and agrees with
    /// the interpreter; every one it refuses is refused for a drawn name.
    func testHostileNamesBuildOrAreRefusedByName() throws {
        _ = try KotlinHarness.findKotlinc()
        // The names Kotlin takes in backticks or around which the emitter steers come four times for every
        // name `check` refuses (a type or helper the generated code reads), so most specs are accepted.
        let steered = Set(KotlinNames.keywords).union([
            "offset", "state", "target", "velocity", "delta", "last", "value", "settled", "x", "x2", "condition", "lastOffset",
            "nextHeight", "Cover", "cover", "CoverBlock", "getClass", "class", "isOpen", "getX", "X", "frameCover",
            "response", "bounce", "duration", "copy", "component1", "equals", "hashCode", "toString",
            "doubleArrayOf", "println", "NaN", "POSITIVE_INFINITY", "toRawBits", "fromBits", "Companion", "INSTANCE",
        ]).sorted()
        let refusable = KotlinNames.shadowedTypes.union(KotlinNames.generatedNames).sorted()
        let pool = steered + steered + steered + steered + refusable
        let accepted = HostileNamesTests.accepted(from: pool)
        let count = ProcessInfo.processInfo.environment["HEADERC_KOTLIN_HOSTILE_COUNT"].flatMap(Int.init) ?? 900
        var generator = SpecGenerator(seed: 0x4B4F_544C, allowExtend: DifferentialHarness.extendParses, hostileNameRate: 0)
        var rng = SeededGenerator(seed: 0x6B6F_746C)
        var cases: [NodeHarness.Case] = []
        var refused = 0, renamed = 0
        for index in 0..<count {
            let generated = generator.generate(index: index)
            guard let (text, drawn) = HostileNamesTests.rename(generated.text, index: index, rng: &rng, accepted: accepted) else { continue }
            // A typed property renamed to a property the block already sets is the renaming's mistake, not a name's.
            let forEval = Compilation(path: "hostile\(index).header", text: text, checksSwiftNames: false)
            guard forEval.spec != nil else {
                if ProcessInfo.processInfo.environment["HEADERC_PRINT_REFUSALS"] != nil {
                    print("unchecked \(index): \(forEval.diagnostics.errors.map(\.message))")
                }
                continue
            }
            renamed += 1
            let checked = Compilation(source: SourceFile(path: "hostile\(index).header", text: text), checksSwiftNames: false,
                                      checksKotlinNames: true)
            guard let spec = checked.spec, let program = checked.program else {
                refused += 1
                if ProcessInfo.processInfo.environment["HEADERC_PRINT_REFUSALS"] != nil {
                    print("refused \(index): \(checked.diagnostics.errors.map(\.message))")
                }
                for error in checked.diagnostics.errors {
                    let named = drawn.contains { name in ["'\(name)'", ".\(name)'", "'\(name)."].contains { error.message.contains($0) } }
                    XCTAssertTrue(named, "spec \(index): an error that names no drawn name: \(error.message)\n\(text)")
                }
                continue
            }
            cases.append(NodeHarness.Case(label: "hostile \(index)", program: program, spec: spec, text: text,
                                          offsets: [-100, -0.0, 0, 1e-9, 50, 146, 300, .nan], settings: []))
        }
        let report = try KotlinHarness.run(cases, label: "hostile")
        print("Kotlin hostile names: \(renamed) specs, \(cases.count) accepted, \(refused) refused by name; \(report.summary)")
        for failure in report.failures.prefix(10) { XCTFail(failure) }
        for warning in report.warnings.prefix(10) { XCTFail("kotlinc warns: \(warning)") }
        XCTAssertEqual(report.mismatches, 0)
        XCTAssertEqual(report.casesRun, cases.count)
        // About half of the specs are accepted (604 of 1,250 with this seed; 900 by default).
        XCTAssertGreaterThanOrEqual(cases.count, 400)
    }

    /// The Kotlin file's math functions (StrictMath's, fdlibm 5.3 by the JVM's contract, and `mathPow`'s
    /// C cases) give `OwnedMath`'s bits on the hard arguments of `OwnedMathTests`: the condition on which
    /// the Kotlin back end may call StrictMath at all.
    func testStrictMathGivesTheLibrarysBits() throws {
        let kotlinc = try KotlinHarness.findKotlinc(), java = try KotlinHarness.findJava()
        var rng = SeededGenerator(seed: 0x4B4D_5448)
        let count = 200_000
        let exps = (0..<count).map { $0 % 2 == 0 ? rng.double(in: -745.2...709.8) : OwnedMathTests.anyDouble(&rng) } + OwnedMathTests.specials
        let trigs = (0..<count).map { OwnedMathTests.trigonometricArgument(&rng, $0) }
        let expm1s = (0..<count).map { $0 % 2 == 0 ? rng.double(in: -1e-5...1e-5) : OwnedMathTests.anyDouble(&rng) } + OwnedMathTests.specials
        let acoss = (0..<count).map { OwnedMathTests.acosArgument(&rng, $0) } + OwnedMathTests.specials
        var pows = (0..<count).map { _ in (rng.double(in: 0...1_000), rng.double(in: -6...6)) }
        pows += (0..<count).map { _ in (OwnedMathTests.anyDouble(&rng), rng.chance(0.5) ? Double(rng.below(41)) - 20 : OwnedMathTests.anyDouble(&rng)) }
        pows += OwnedMathTests.specials.flatMap { x in OwnedMathTests.specials.map { (x, $0) } }
        let directory = try DifferentialHarness.makeDirectory("kotlin-math")
        defer { try? FileManager.default.removeItem(at: directory) }
        func write(_ values: [Double], _ name: String) throws {
            var data = Data(capacity: values.count * 8)
            for value in values { withUnsafeBytes(of: value.bitPattern.bigEndian) { data.append(contentsOf: $0) } }
            try data.write(to: directory.appendingPathComponent(name))
        }
        try write(exps, "exp.in"); try write(trigs, "trig.in"); try write(expm1s, "expm1.in"); try write(acoss, "acos.in")
        try write(pows.map(\.0), "powx.in"); try write(pows.map(\.1), "powy.in")
        let helpers = KotlinRuntime.library.lines(for: ["mathExp", "mathSin", "mathCos", "mathAcos", "mathExpm1", "mathPow"])
        let main = ["import java.io.*", helpers.joined(separator: "\n"), """
            fun read(name: String): DoubleArray {
                val input = DataInputStream(BufferedInputStream(FileInputStream(name)))
                val values = DoubleArray((File(name).length() / 8).toInt()) { Double.fromBits(input.readLong()) }
                input.close()
                return values
            }

            fun main() {
                val out = DataOutputStream(BufferedOutputStream(FileOutputStream("out.bin")))
                for (x in read("exp.in")) out.writeLong(mathExp(x).toRawBits())
                for (x in read("trig.in")) out.writeLong(mathSin(x).toRawBits())
                for (x in read("trig.in")) out.writeLong(mathCos(x).toRawBits())
                for (x in read("acos.in")) out.writeLong(mathAcos(x).toRawBits())
                for (x in read("expm1.in")) out.writeLong(mathExpm1(x).toRawBits())
                val xs = read("powx.in")
                val ys = read("powy.in")
                for (i in xs.indices) out.writeLong(mathPow(xs[i], ys[i]).toRawBits())
                out.close()
            }
            """]
        try main.joined(separator: "\n\n").write(to: directory.appendingPathComponent("Math.kt"), atomically: true, encoding: .utf8)
        // The runtime file as a file, in the same build: its private declarations are its own.
        try FileManager.default.copyItem(at: PackagePaths.url("Sources/HeaderCodeGen/Kotlin/Runtime/Runtime.kt"),
                                         to: directory.appendingPathComponent("Runtime.kt"))
        let build = try DifferentialHarness.run(kotlinc, ["Math.kt", "Runtime.kt", "-include-runtime", "-d", "math.jar"], in: directory)
        XCTAssertEqual(build.status, 0, build.output)
        let run = try DifferentialHarness.run(java, ["-jar", "math.jar"], in: directory)
        XCTAssertEqual(run.status, 0, run.output)
        let data = try Data(contentsOf: directory.appendingPathComponent("out.bin"))
        var words = [UInt64](repeating: 0, count: data.count / 8)
        _ = words.withUnsafeMutableBytes { data.copyBytes(to: $0) }
        let got = words.map { Double(bitPattern: UInt64(bigEndian: $0)) }
        var expected: [(String, Double)] = exps.map { ("exp", OwnedMath.exp($0)) }
        expected += trigs.map { ("sin", OwnedMath.sin($0)) } + trigs.map { ("cos", OwnedMath.cos($0)) }
        expected += acoss.map { ("acos", OwnedMath.acos($0)) }
        expected += expm1s.map { ("expm1", OwnedMath.expm1($0)) } + pows.map { ("pow", OwnedMath.pow($0.0, $0.1)) }
        XCTAssertEqual(got.count, expected.count)
        var differing: [String: Int] = [:]
        for (value, (function, want)) in zip(got, expected) where !(value.bitPattern == want.bitPattern || value.isNaN && want.isNaN) {
            differing[function, default: 0] += 1
        }
        print("Kotlin's math functions (StrictMath) against OwnedMath over \(expected.count) arguments: \(differing.values.reduce(0, +)) differ")
        XCTAssertEqual(differing, [:])
    }

    /// Compose's `CubicBezierEasing.transform` written as Compose writes it (androidx Easing.kt at 252d0904,
    /// Bezier.kt at 028952b9, ui-util MathHelpers.kt at 11bff464), in Kotlin's Float, run on the JVM against
    /// the library's curve in Float (`ComposeCubicBezier`, which the interpreter and every back end evaluate),
    /// on a sweep of Float fractions, for Compose's own easings and curves drawn at random. With `acos` and
    /// `cos` as fdlibm computes them (StrictMath, and headerc's own), every value is the same to the bit.
    /// With `kotlin.math`'s, the platform's (here HotSpot's `Math.cos`, not fdlibm; on a device, bionic's),
    /// a last-bit difference in `cos` can move a root that cancels, at fractions below 1e-12: rarely.
    func testComposeCubicBezierEasingIsReproduced() throws {
        let kotlinc = try KotlinHarness.findKotlinc(), java = try KotlinHarness.findJava()
        var rng = SeededGenerator(seed: 0xC0B1_E2E5)
        var curves: [CubicBezier] = [(0.4, 0, 0.2, 1), (0, 0, 0.2, 1), (0.4, 0, 1, 1), (0.2, 0, 0, 1), (0.05, 0.7, 0.1, 1),
                                     (0.3, 0, 0.8, 0.15), (0.34, 1.56, 0.64, 1), (0.5, 0.5, 0.5, 0.5), (1, 0, 0, 1), (0, 1, 1, 0)]
            .compactMap { CubicBezier(x1: $0.0, y1: $0.1, x2: $0.2, y2: $0.3) }
        for _ in 0..<30 {
            if let bezier = CubicBezier(x1: rng.unit(), y1: rng.double(in: -1...2), x2: rng.unit(), y2: rng.double(in: -1...2)) { curves.append(bezier) }
        }
        let composeCurves = curves.map(ComposeCubicBezier.init)
        // Every 4,096th of the way, then random Floats: random bits below 1's, so small fractions come as often as large.
        var fractions = (1..<4096).map { Double(Float($0) / 4096) } + [0, 1, -0.25, 1.5, Double(Float.ulpOfOne), Double(1 - Float.ulpOfOne / 2)]
        for _ in 0..<4_000 { fractions.append(Double(Float(bitPattern: UInt32(rng.below(0x3F80_0000))))) }
        let directory = try DifferentialHarness.makeDirectory("kotlin-compose-easing")
        defer { try? FileManager.default.removeItem(at: directory) }
        var input = ""
        for curve in composeCurves { input += "\(curve.x1) \(curve.y1) \(curve.x2) \(curve.y2)\n" }
        try input.write(to: directory.appendingPathComponent("curves.txt"), atomically: true, encoding: .utf8)
        try fractions.map { String(Float($0).bitPattern) }.joined(separator: "\n")
            .write(to: directory.appendingPathComponent("fractions.txt"), atomically: true, encoding: .utf8)
        try Self.composeEasing.write(to: directory.appendingPathComponent("Compose.kt"), atomically: true, encoding: .utf8)
        let build = try DifferentialHarness.run(kotlinc, ["Compose.kt", "-include-runtime", "-d", "compose.jar"], in: directory)
        XCTAssertEqual(build.status, 0, build.output)
        let run = try DifferentialHarness.run(java, ["-jar", "compose.jar"], in: directory)
        XCTAssertEqual(run.status, 0, run.output)
        let words = run.output.split(whereSeparator: \.isNewline).compactMap { UInt32($0) }
        let count = composeCurves.count * fractions.count
        XCTAssertEqual(words.count, 2 * count)
        var differing: [[String]] = [[], []], largestFraction = 0.0
        for (index, word) in words.enumerated() {
            let curve = composeCurves[index % count / fractions.count], fraction = fractions[index % fractions.count]
            let got = Curve.composeCubicBezier(curve).value(at: fraction), want = Float(bitPattern: word)
            if !(Double(want).bitPattern == got.bitPattern || want.isNaN && got.isNaN) {
                if index >= count { largestFraction = max(largestFraction, fraction) }
                differing[index / count].append("cubicBezier(\(curve.x1), \(curve.y1), \(curve.x2), \(curve.y2)) at \(fraction): Compose \(want), headerc \(got)")
            }
        }
        print("Compose's CubicBezierEasing on the JVM against headerc's curve in Float, \(count) values: \(differing[0].count) differ with fdlibm's acos and cos, \(differing[1].count) with the JVM's Math")
        XCTAssertEqual(differing[0].prefix(10), [])
        XCTAssertLessThanOrEqual(differing[1].count, count / 10_000, differing[1].prefix(10).joined(separator: "\n"))
        XCTAssertLessThan(largestFraction, 1e-12, differing[1].joined(separator: "\n"))
    }

    /// Compose's easing as Compose's sources write it; where Compose throws for want of a root, this prints
    /// the fraction, as headerc gives it.
    static let composeEasing = """
        import java.io.File
        import kotlin.math.abs
        import kotlin.math.sqrt

        const val Tau = Math.PI * 2.0
        const val Epsilon = 1e-7
        const val FloatEpsilon = 8.3446500e-7f

        // kotlin.math's acos and cos, which Compose calls, or fdlibm's (StrictMath).
        var fdlibm = true
        fun acos(x: Double) = if (fdlibm) StrictMath.acos(x) else kotlin.math.acos(x)
        fun cos(x: Double) = if (fdlibm) StrictMath.cos(x) else kotlin.math.cos(x)

        fun Double.closeTo(b: Double) = abs(this - b) < Epsilon
        fun Double.fastCoerceIn(a: Double, b: Double) = (if (this < a) a else this).let { if (it > b) b else it }
        fun Float.fastCoerceIn(a: Float, b: Float) = (if (this < a) a else this).let { if (it > b) b else it }

        fun fastCbrt(x: Float): Float {
            val v = x.toRawBits().toLong() and 0x1ffffffffL
            var estimate = Float.fromBits(0x2a510554 + (v / 3).toInt())
            estimate -= (estimate - x / (estimate * estimate)) * (1.0f / 3.0f)
            estimate -= (estimate - x / (estimate * estimate)) * (1.0f / 3.0f)
            return estimate
        }

        fun clampValidRootInUnitRange(r: Float): Float = if (r < 0.0f) {
            if (r >= -FloatEpsilon) 0.0f else Float.NaN
        } else if (r > 1.0f) {
            if (r <= 1.0f + FloatEpsilon) 1.0f else Float.NaN
        } else {
            r
        }

        fun evaluateCubic(p1: Float, p2: Float, t: Float): Float {
            val a = 1.0f / 3.0f + (p1 - p2)
            val b = (p2 - 2.0f * p1)
            val c = p1
            return 3.0f * ((a * t + b) * t + c) * t
        }

        fun findFirstCubicRoot(p0: Float, p1: Float, p2: Float, p3: Float): Float {
            var a = 3.0 * (p0 - 2.0 * p1 + p2)
            var b = 3.0 * (p1 - p0)
            var c = p0.toDouble()
            val d = -p0 + 3.0 * (p1 - p2) + p3
            if (d.closeTo(0.0)) {
                if (a.closeTo(0.0)) {
                    if (b.closeTo(0.0)) return Float.NaN
                    return clampValidRootInUnitRange((-c / b).toFloat())
                } else {
                    val q = sqrt(b * b - 4.0 * a * c)
                    val a2 = 2.0 * a
                    val root = clampValidRootInUnitRange(((q - b) / a2).toFloat())
                    if (!root.isNaN()) return root
                    return clampValidRootInUnitRange(((-b - q) / a2).toFloat())
                }
            }
            a /= d
            b /= d
            c /= d
            val o3 = (3.0 * b - a * a) / 9.0
            val q2 = (2.0 * a * a * a - 9.0 * a * b + 27.0 * c) / 54.0
            val discriminant = q2 * q2 + o3 * o3 * o3
            val a3 = a / 3.0
            if (discriminant < 0.0) {
                val mp33 = -(o3 * o3 * o3)
                val r = sqrt(mp33)
                val t = -q2 / r
                val cosPhi = t.fastCoerceIn(-1.0, 1.0)
                val phi = acos(cosPhi)
                val t1 = 2.0f * fastCbrt(r.toFloat())
                var root = clampValidRootInUnitRange((t1 * cos(phi / 3.0) - a3).toFloat())
                if (!root.isNaN()) return root
                root = clampValidRootInUnitRange((t1 * cos((phi + Tau) / 3.0) - a3).toFloat())
                if (!root.isNaN()) return root
                return clampValidRootInUnitRange((t1 * cos((phi + 2.0 * Tau) / 3.0) - a3).toFloat())
            } else if (discriminant == 0.0) {
                val u1 = -fastCbrt(q2.toFloat())
                val root = clampValidRootInUnitRange(2.0f * u1 - a3.toFloat())
                if (!root.isNaN()) return root
                return clampValidRootInUnitRange(-u1 - a3.toFloat())
            }
            val sd = sqrt(discriminant)
            val u1 = fastCbrt((-q2 + sd).toFloat())
            val v1 = fastCbrt((q2 + sd).toFloat())
            return clampValidRootInUnitRange((u1 - v1 - a3).toFloat())
        }

        fun transform(a: Float, b: Float, c: Float, d: Float, fraction: Float): Float {
            return if (fraction > 0f && fraction < 1f) {
                val t = findFirstCubicRoot(0.0f - fraction, a - fraction, c - fraction, 1.0f - fraction)
                if (t.isNaN()) return fraction
                evaluateCubic(b, d, t).fastCoerceIn(0f, 1f)
            } else {
                fraction
            }
        }

        fun main() {
            val fractions = File("fractions.txt").readLines().map { Float.fromBits(it.toLong().toInt()) }
            val out = StringBuilder()
            for (strict in listOf(true, false)) {
                fdlibm = strict
                for (line in File("curves.txt").readLines()) {
                    if (line.isBlank()) continue
                    val (a, b, c, d) = line.split(" ").map { it.toDouble().toFloat() }
                    for (fraction in fractions) out.append(transform(a, b, c, d, fraction).toRawBits().toLong() and 0xffffffffL).append('\\n')
                }
            }
            print(out)
        }
        """

    /// A header large enough that `frame` builds each block in a private function, passing the shared
    /// values on, as the generated Swift does.
    func testLargeHeaderBuiltBlockByBlockAgrees() throws {
        _ = try KotlinHarness.findKotlinc()
        let compilation = Compilation(path: "large.header", text: LargeHeaderTests.largeHeader)
        let spec = try XCTUnwrap(compilation.spec), program = try XCTUnwrap(compilation.program)
        let kotlin = KotlinEmitter(program: program, sourcePath: "large.header").emit()
        XCTAssertTrue(kotlin.contains("private fun frameB0(offset: Double, safeAreaTop: Double, textScale: Double, reduceMotion: Boolean, shared: Double, sharedToo: Double, sharedFloat: Double): Frame.B0"),
                      kotlin)
        var rng = SeededGenerator(seed: 40)
        let diffCase = NodeHarness.Case(label: "large", program: program, spec: spec, text: LargeHeaderTests.largeHeader,
                                        offsets: DifferentialHarness.offsets(extra: [50, 150]), settings: DifferentialHarness.settings(for: spec, &rng))
        let report = try KotlinHarness.run([diffCase], label: "large")
        for failure in report.failures.prefix(5) { XCTFail(failure) }
        for warning in report.warnings.prefix(5) { XCTFail("kotlinc warns: \(warning)") }
        XCTAssertEqual(report.mismatches, 0)
        XCTAssertEqual(report.casesRun, 1)
    }

    /// `compile --target kotlin` takes `--package` and `--name`, refuses a bad package, and refuses names
    /// Kotlin cannot take where Swift can, naming them; `check` reports the same.
    func testCompileTargetKotlin() throws {
        let directory = try DifferentialHarness.makeDirectory("kotlin-cli")
        defer { try? FileManager.default.removeItem(at: directory) }
        let spec = directory.appendingPathComponent("a.header")
        try "header A\ninput when: pt = 2\ncover {\n    height = when * 3\n}\n".write(to: spec, atomically: true, encoding: .utf8)
        let compiled = Driver.run(["compile", "--target", "kotlin", "--package", "com.example.header", "--name", "Cover", spec.path])
        XCTAssertEqual(compiled.exitCode, 0, compiled.standardError)
        XCTAssertTrue(compiled.standardOutput.contains("package com.example.header\n"))
        XCTAssertTrue(compiled.standardOutput.contains("object Cover {"))
        XCTAssertTrue(compiled.standardOutput.contains("fun frame(offset: Double, `when`: Double = 2.0): Frame"), compiled.standardOutput)
        let badPackage = Driver.run(["compile", "--target", "kotlin", "--package", "com.when.x", spec.path])
        XCTAssertEqual(badPackage.exitCode, 2)
        XCTAssertTrue(badPackage.standardError.contains("'--package' takes a Kotlin package name"), badPackage.standardError)
        let packageForSwift = Driver.run(["compile", "--package", "a", spec.path])
        XCTAssertEqual(packageForSwift.exitCode, 2)
        // `Math` and `Boolean` would hide what the generated Kotlin reads; Swift takes them.
        try "header B\ninput Math: pt = 2\nlet Boolean = Math * 2\ncover {\n    height = Boolean\n}\n"
            .write(to: spec, atomically: true, encoding: .utf8)
        let refused = Driver.run(["compile", "--target", "kotlin", spec.path])
        XCTAssertEqual(refused.exitCode, 1)
        XCTAssertTrue(refused.standardError.contains("'Math' would hide the Kotlin type"), refused.standardError)
        XCTAssertTrue(refused.standardError.contains("'Boolean' would hide the Kotlin type"), refused.standardError)
        XCTAssertEqual(Driver.run(["compile", spec.path]).exitCode, 0)
        let check = Driver.run(["check", spec.path])
        XCTAssertEqual(check.exitCode, 1)
        XCTAssertTrue(check.standardError.contains("'Math' would hide the Kotlin type"), check.standardError)
        // `settle(target, velocity, …)`: an input of those names, read by the snap, would be a second parameter of the name.
        try "header T\ninput target: pt = 10pt\nsnap rest { 0pt, target }\nb {\n    height = max(target - offset, 0pt)\n}\n"
            .write(to: spec, atomically: true, encoding: .utf8)
        let settleClash = Driver.run(["compile", "--target", "kotlin", spec.path])
        XCTAssertEqual(settleClash.exitCode, 1)
        XCTAssertTrue(settleClash.standardError.contains("an input named 'target' would clash with the 'target' parameter of the Kotlin settle function"),
                      settleClash.standardError)
        // Two properties of one block whose JVM getters would be one: getX().
        try "header C\ncover {\n    x: pt = 1pt\n    X: pt = 2pt\n}\n".write(to: spec, atomically: true, encoding: .utf8)
        let clash = Driver.run(["compile", "--target", "kotlin", spec.path])
        XCTAssertEqual(clash.exitCode, 1)
        XCTAssertTrue(clash.standardError.contains("would both have the JVM getter getX()"), clash.standardError)
    }
}
