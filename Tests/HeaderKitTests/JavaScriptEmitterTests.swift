import Foundation
import XCTest
@testable import HeaderKit

/// The JavaScript module must compute what `eval` computes, bit for bit, values through `pow` and the
/// springs included (headerc's own math functions, which the module carries). Every module runs in
/// `node` (the tests skip without it).
final class JavaScriptEmitterTests: XCTestCase {
    static let examples = ["ProfileStretchy", "StickyParallax", "StretchyImage", "AppleMusicProfile"]

    /// Every example at every offset of a sweep and under several input settings, against the numbers
    /// that `eval --format csv` prints (Swift's shortest round-trip text, which reads back to the same bits).
    func testExamplesGiveEvalsCSV() throws {
        let node = try NodeHarness.findNode()
        let directory = try DifferentialHarness.makeDirectory("js-examples")
        let sweep = "-320:720:0.5"
        var checked = 0
        for name in Self.examples {
            let path = PackagePaths.url("Examples/\(name).header").path
            let module = directory.appendingPathComponent("\(name).mjs").path
            let compiled = Driver.run(["compile", "--target", "js", path, "-o", module])
            XCTAssertEqual(compiled.exitCode, 0, compiled.standardError)
            let program = try XCTUnwrap(Compilation(path: path, text: try PackagePaths.text("Examples/\(name).header")).program)
            var settings: [[(String, String)]] = [[]]
            let names = program.inputs.map(\.name)
            if names.contains("safeAreaTop") { settings.append([("safeAreaTop", "47")]) }
            if names.contains("safeAreaTop"), names.contains("textScale") {
                settings.append([("safeAreaTop", "59"), ("textScale", "1.35")])
            }
            for setting in settings {
                let arguments = ["eval", path, "--sweep", sweep, "--format", "csv"] + setting.flatMap { ["--set", "\($0.0)=\($0.1)"] }
                let eval = Driver.run(arguments)
                XCTAssertEqual(eval.exitCode, 0, eval.standardError)
                let rows = eval.standardOutput.split(separator: "\n").map { $0.split(separator: ",").map(String.init) }
                let header = try XCTUnwrap(rows.first)
                XCTAssertEqual(Array(header.dropFirst()), program.outputs.map(\.qualifiedName))
                let inputs = "{" + setting.map { "\(JavaScriptNames.string($0.0)): \($0.1)" }.joined(separator: ", ") + "}"
                let script = """
                    import * as header from \(JavaScriptNames.string(URL(fileURLWithPath: module).absoluteString));
                    const inputs = \(inputs);
                    const state = header.initialState ? header.initialState() : null;
                    const lines = [];
                    for (const offset of JSON.parse(process.argv[2])) {
                      if (state) header.advance(state, offset, inputs);
                      const frame = state ? header.frame(offset, inputs, state) : header.frame(offset, inputs);
                      lines.push(header.outputs.map((output) => {
                        const value = frame[output.name];
                        if (typeof value === "boolean") return String(value);
                        const view = new DataView(new ArrayBuffer(8));
                        view.setFloat64(0, value);
                        return view.getBigUint64(0).toString(16);
                      }).join(","));
                    }
                    console.log(lines.join("\\n"));
                    """
                let scriptURL = directory.appendingPathComponent("run-\(name).mjs")
                try script.write(to: scriptURL, atomically: true, encoding: .utf8)
                let offsets = rows.dropFirst().map { $0[0] }
                let (status, output) = try DifferentialHarness.run(node, [scriptURL.path, "[" + offsets.joined(separator: ",") + "]"],
                                                                 in: directory)
                XCTAssertEqual(status, 0, output)
                let lines = output.split(separator: "\n")
                XCTAssertEqual(lines.count, rows.count - 1)
                for (row, line) in zip(rows.dropFirst(), lines) {
                    for (text, bits) in zip(row.dropFirst(), line.split(separator: ",")) {
                        if text == "true" || text == "false" {
                            XCTAssertEqual(String(bits), text, "\(name) at \(row[0])")
                        } else {
                            let expected = try XCTUnwrap(Double(text))
                            let got = Double(bitPattern: UInt64(bits, radix: 16) ?? 0)
                            XCTAssertTrue(got.bitPattern == expected.bitPattern || got.isNaN && expected.isNaN,
                                          "\(name) \(setting) at offset \(row[0]): node \(got), eval \(text)")
                        }
                        checked += 1
                    }
                }
            }
        }
        print("JavaScript examples: \(checked) values of eval --format csv reproduced by node, bit for bit")
        XCTAssertGreaterThan(checked, 4 * 2000)
    }

    /// The differential test's random specs (every construct, curve kind, state and snap) at its offsets
    /// and input settings.
    func testRandomSpecsMatchTheInterpreter() throws {
        _ = try NodeHarness.findNode()
        let seed = DifferentialHarness.seed
        var cases: [NodeHarness.Case] = []
        for (generated, spec, compilation) in DifferentialHarness.generatedSpecs(count: DifferentialHarness.count, seed: seed) {
            guard let spec, let program = compilation.program else { continue }
            var rng = SeededGenerator(seed: seed ^ UInt64(generated.index + 1) &* 0x9E37_79B9_7F4A_7C15)
            cases.append(NodeHarness.Case(label: "spec \(generated.index)", program: program, spec: spec, text: generated.text,
                                          offsets: DifferentialHarness.offsets(extra: generated.interestingOffsets),
                                          settings: DifferentialHarness.settings(for: spec, &rng)))
        }
        let report = try NodeHarness.run(cases, label: "random-\(seed)")
        print("JavaScript differential (seed \(seed), \(cases.count) specs): \(report.summary)")
        for failure in report.failures.prefix(10) { XCTFail(failure) }
        XCTAssertEqual(report.exactMismatches, 0)
        // Through pow and the springs too: headerc's own math functions, the same bits in node as in eval.
        XCTAssertEqual(report.transcendentalDiffering, 0, report.worstDescription)
        XCTAssertGreaterThan(report.exactCompared, 100_000)
        XCTAssertGreaterThan(report.transcendentalCompared, 10_000)
    }

    /// `readsTime` is false only where the time does not matter: over the generated specs whose states read
    /// the time, along each one's offsets and frame times, wherever it says a step does not read the time,
    /// `advance` from the same state at any other time gives every state of the spec's own the same bits;
    /// and where such a step also changed none of the web element's rest keys (`WebElement.restKeys`), a
    /// step after it at the same offset changes nothing (Grammar.md, "State"; a transition's states follow
    /// their own rule).
    func testReadsTimeIsFalseOnlyWhereTheTimeDoesNotMatter() throws {
        let node = try NodeHarness.findNode()
        let directory = try DifferentialHarness.makeDirectory("js-reads-time")
        var imports: [String] = []
        for (generated, _, compilation) in DifferentialHarness.generatedSpecs(count: 1000, seed: DifferentialHarness.seed) {
            guard let program = compilation.program, program.timeDependence() != nil else { continue }
            let name = "spec\(generated.index)"
            let offsets = DifferentialHarness.offsets(extra: generated.interestingOffsets)
            let times = DifferentialHarness.frameTimes(offsets.count, for: generated.text)
            try JavaScriptEmitter(program: program, sourcePath: name + ".header").emit()
                .write(to: directory.appendingPathComponent(name + ".mjs"), atomically: true, encoding: .utf8)
            func list(_ numbers: [Double]) -> String { "[" + numbers.map(JavaScriptNames.literal).joined(separator: ", ") + "]" }
            // A transition's states follow a rule of their own: it runs until its value is its target.
            let transitionStates = program.transitions.flatMap { [$0.value, $0.target, $0.from, $0.start] }
                .map { JavaScriptNames.string(program.states[$0].name) }
            let restKeys = WebElement.restKeys(of: program).map(JavaScriptNames.string).joined(separator: ", ")
            imports.append("[\"\(name)\", await import(\"./\(name).mjs\"), \(list(offsets)), \(list(times)), [\(transitionStates.joined(separator: ", "))], [\(restKeys)]]")
        }
        XCTAssertGreaterThan(imports.count, 50, "specs whose states read the time")
        let script = """
            const specs = [\(imports.joined(separator: ",\n"))];
            let quiet = 0, reading = 0, rested = 0; const failures = [];
            for (const [name, spec, offsets, times, transitionStates, restKeys] of specs) {
              const state = spec.initialState();
              offsets.forEach((offset, step) => {
                const before = Object.assign({}, state);
                const reads = spec.readsTime(before, offset, {});
                spec.advance(state, offset, {}, times[step]);
                if (reads) { reading++; return; }
                quiet++;
                for (const other of [times[step] + 16, times[step] + 1e6, 0, -1e15, 1e300]) {
                  const moved = spec.advance(Object.assign({}, before), offset, {}, other);
                  for (const key of Object.keys(state)) {
                    if (transitionStates.includes(key)) continue;
                    if (!Object.is(moved[key], state[key])) failures.push(`${name} step ${step} at ${offset}: ${key} is ${state[key]} at ${times[step]} ms, ${moved[key]} at ${other} ms`);
                  }
                }
                // A quiet step that changed none of the element's rest keys is where the page's states rest:
                // a frame after it, where the page stands, changes nothing.
                if (restKeys.some((key) => !Object.is(before[key], state[key]))) return;
                rested++;
                const again = spec.advance(Object.assign({}, state), offset, {}, times[step] + 16);
                for (const key of Object.keys(state)) {
                  if (transitionStates.includes(key)) continue;
                  if (!Object.is(again[key], state[key])) failures.push(`${name} step ${step} at ${offset}: at rest, ${key} goes from ${state[key]} to ${again[key]}`);
                }
              });
            }
            console.log(JSON.stringify({ quiet, reading, rested, failures: failures.slice(0, 10) }));
            """
        try script.write(to: directory.appendingPathComponent("check.mjs"), atomically: true, encoding: .utf8)
        let result = try DifferentialHarness.run(node, ["check.mjs"], in: directory)
        XCTAssertEqual(result.status, 0, result.output)
        let report = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any], result.output)
        XCTAssertEqual(report["failures"] as? [String], [])
        XCTAssertGreaterThan(report["quiet"] as? Int ?? 0, 500, "steps where the time is off the way")
        XCTAssertGreaterThan(report["reading"] as? Int ?? 0, 1000, "steps that read it")
        XCTAssertGreaterThan(report["rested"] as? Int ?? 0, 100, "steps after which the page's states rest")
        print("readsTime: \(imports.count) specs, \(report["quiet"] ?? 0) steps that do not read the time (advance gives the same bits at five other times), \(report["reading"] ?? 0) that do, \(report["rested"] ?? 0) after which they rest")
    }

    /// The modules checked in under docs/js are the emitter's current output, byte for byte, so that a
    /// change to the emitter shows up there as a diff (README, "Using the generated JavaScript").
    func testCheckedInModulesAreCurrent() throws {
        for spec in ["Examples/ProfileStretchy", "Examples/AppleMusicProfile", "Examples/StickyParallax",
                     "Sources/headerc-bench/Specs/BezierBench"] {
            let path = spec + ".header"
            let program = try XCTUnwrap(Compilation(path: path, text: try PackagePaths.text(path)).program)
            let name = spec.split(separator: "/").last.map(String.init) ?? spec
            XCTAssertEqual(JavaScriptEmitter(program: program, sourcePath: path).emit(), try PackagePaths.text("docs/js/\(name).mjs"),
                           "docs/js/\(name).mjs is stale: regenerate it with headerc compile --target js \(path) -o docs/js/\(name).mjs")
        }
    }

    // MARK: The command line

    func testCompileTargetJS() throws {
        let image = PackagePaths.url("Examples/StretchyImage.header").path
        let printed = Driver.run(["compile", "--target", "js", image])
        XCTAssertEqual(printed.exitCode, 0, printed.standardError)
        XCTAssertTrue(printed.standardOutput.hasPrefix("// Generated by headerc \(Headerc.version) from StretchyImage.header"))
        for line in ["export function frame(offset, inputs = {}) {", "export const outputs = Object.freeze([",
                     "export const inputs = Object.freeze([", "    \"image.height\": "] {
            XCTAssertTrue(printed.standardOutput.contains(line), line)
        }
        XCTAssertFalse(printed.standardOutput.contains("import "), "the module imports nothing")
        XCTAssertEqual(Driver.run(["compile", image, "--target", "swift"]).standardOutput, Driver.run(["compile", image]).standardOutput)

        let directory = try DifferentialHarness.makeDirectory("js-cli")
        let out = directory.appendingPathComponent("image.mjs").path
        let written = Driver.run(["compile", image, "--target", "js", "-o", out])
        XCTAssertEqual(written.exitCode, 0, written.standardError)
        XCTAssertEqual(try String(contentsOfFile: out, encoding: .utf8), printed.standardOutput)

        for (arguments, message) in [
            (["compile", image, "--target", "java"], "headerc: unknown target 'java'; use swift, js, kotlin or web\n"),
            (["compile", image, "--target", "js", "--target", "js"], "headerc: '--target' is given twice; give it once\n"),
            (["compile", image, "--target", "js", "--name", "Image"], "headerc: '--name' names the Swift enum; a JavaScript module has none\n"),
            (["compile", image, "--target"], "headerc: '--target' needs a value\n"),
        ] {
            let outcome = Driver.run(arguments)
            XCTAssertEqual(outcome.exitCode, 2, "\(arguments)")
            XCTAssertEqual(outcome.standardError, message)
        }
    }

    /// The package's spec at `path` compiled by `compile --target js` into a module in a scratch directory.
    private func compiledModule(_ path: String, into label: String) throws -> URL {
        let module = try DifferentialHarness.makeDirectory(label).appendingPathComponent("module.mjs")
        let compiled = Driver.run(["compile", "--target", "js", PackagePaths.url(path).path, "-o", module.path])
        XCTAssertEqual(compiled.exitCode, 0, compiled.standardError)
        return module
    }

    /// `inputs` carries each input's declared range (StickyParallax.header: `safeAreaTop: pt in
    /// 0pt...100pt = 0`, `textScale in 0.5...4 = 1`, `reduceMotion = false` with none), read by node
    /// from the module itself.
    func testInputsCarryTheirDeclaredRanges() throws {
        let module = try compiledModule("Examples/StickyParallax.header", into: "js-inputs-module")
        let printed = try Self.runNode("""
            const m = await import(\(JSONString.quoted(module.absoluteString)));
            console.log(JSON.stringify(m.inputs));
            """, label: "inputs")
        XCTAssertEqual(printed.trimmingCharacters(in: .whitespacesAndNewlines), """
            [{"name":"safeAreaTop","type":"length","default":0,"range":[0,100]},\
            {"name":"textScale","type":"number","default":1,"range":[0.5,4]},\
            {"name":"reduceMotion","type":"bool","default":false,"range":null}]
            """)
    }

    /// A phase input takes one of the three strings; any other value is refused with a RangeError that names
    /// the input, not taken for some phase. Dragging from 20 to 40 hides the bar by 20/40 = 0.5 of 40: -20.
    func testPhaseInputsAreTheThreeStrings() throws {
        let module = try compiledModule("Tests/Specs/state/navigation-bar-hider.header", into: "js-phase-module")
        let printed = try Self.runNode("""
            const m = await import(\(JSONString.quoted(module.absoluteString)));
            const s = m.initialState();
            for (const o of [20, 40]) m.advance(s, o, { phase: "dragging", dragStart: 20 });
            console.log(m.frame(40, { phase: "dragging", dragStart: 20 }, s)["bar.offsetY"]);
            try { m.advance(s, 50, { phase: "draging" }); console.log("taken"); }
            catch (error) { console.log(error instanceof RangeError, error.message); }
            """, label: "phase")
        XCTAssertEqual(printed.trimmingCharacters(in: .whitespacesAndNewlines), """
            -20
            true input 'phase' is a phase, "idle", "dragging" or "decelerating"; found draging
            """)
    }

    /// Swift's names are not the module's business: a spec Swift refuses still compiles to JavaScript, and
    /// one the module refuses is refused with the message and exit status of any spec error.
    func testEachTargetRefusesOnlyItsOwnNames() throws {
        let directory = try DifferentialHarness.makeDirectory("js-names")
        let swiftOnly = directory.appendingPathComponent("swift-only.header")
        try "header H\nlet Double = 2\nb { top = Double * 1pt }\n".write(to: swiftOnly, atomically: true, encoding: .utf8)
        XCTAssertEqual(Driver.run(["compile", swiftOnly.path]).exitCode, 1)
        let js = Driver.run(["compile", "--target", "js", swiftOnly.path])
        XCTAssertEqual(js.exitCode, 0, js.standardError)
        XCTAssertTrue(js.standardOutput.contains("const Double = 2;") || js.standardOutput.contains("\"b.top\": 2"), js.standardOutput)

        let snaps = directory.appendingPathComponent("snaps.header")
        try "header H\nsnap rest { 0pt }\nsnap Rest { 10pt }\nb { top = 1pt }\n".write(to: snaps, atomically: true, encoding: .utf8)
        let refused = Driver.run(["compile", "--target", "js", snaps.path])
        XCTAssertEqual(refused.exitCode, 1)
        XCTAssertTrue(refused.standardError.contains("snaps.header:1:8: error: snaps 'rest' and 'Rest' would both become the JavaScript function 'settleRest'"),
                      refused.standardError)
        XCTAssertEqual(refused.standardOutput, "")
    }

    // MARK: Curves and the Math library

    /// Each curve kernel in JavaScript against the library, bit for bit, the springs (through headerc's own
    /// exp, expm1, sin and cos) included.
    func testCurveKernelsMatchTheLibrary() throws {
        var curves: [Curve] = Curve.presets.map(\.curve)
        var rng = SeededGenerator(seed: 0x4B45_524E)
        for _ in 0..<60 {
            if let bezier = CubicBezier(x1: rng.unit(), y1: rng.double(in: -1...2), x2: rng.unit(), y2: rng.double(in: -1...2)) {
                curves.append(.cubicBezier(bezier))
            }
        }
        // Near the inflection solver's curves: x1 close to 1, x2 close to 0.
        for _ in 0..<10 {
            if let bezier = CubicBezier(x1: 1 - rng.unit() * 0.01, y1: rng.unit(), x2: rng.unit() * 0.01, y2: rng.unit()) {
                curves.append(.cubicBezier(bezier))
            }
        }
        for count in [1, 2, 3, 7, 10] {
            for position in StepPosition.allCases { if let steps = Steps(count: count, position: position) { curves.append(.steps(steps)) } }
        }
        for _ in 0..<10 {
            let stops = (0..<(2 + rng.below(5))).map { _ in
                (output: rng.double(in: -0.5...1.5), inputs: rng.chance(0.5) ? [rng.double(in: -0.2...1.2)] : [Double]())
            }
            if let linear = PiecewiseLinear(stops: stops) { curves.append(.piecewiseLinear(linear)) }
        }
        for (duration, bounce) in [(0.5, 0.0), (0.35, 0.2), (1.2, 0.6), (0.4, -0.5), (0.8, -0.9), (0.3, 0.95)] {
            if let spring = SpringCurve(duration: duration, bounce: bounce) { curves.append(.spring(spring)) }
        }
        // Compose's curve in Float, of every cubic-bezier above: its Float arithmetic, fastCbrt's bits and acos.
        curves += curves.compactMap { curve in
            guard case .cubicBezier(let bezier) = curve else { return nil }
            return .composeCubicBezier(ComposeCubicBezier(bezier))
        }
        var xs: [Double] = [-.infinity, -1e300, -2, -0.5, -1e-300, -0.0, 0, .leastNonzeroMagnitude, 1e-9, 0.5, 1 - 0x1p-53, 1, 1 + 0x1p-52, 2, 1e300,
                            .infinity, .nan, 0.7, 0.1, 0.3]
        for _ in 0..<2_000 { xs.append(rng.double(in: -0.25...1.25)) }
        for _ in 0..<1_000 { xs.append(rng.unit()) }

        var script = CurveJavaScriptSource.kernels(for: curves)
        script += JavaScriptRuntime.mathLines(for: CurveJavaScriptSource.mathFunctions(for: curves))
        script.append("const curves = [")
        for curve in curves { script.append("  (x) => \(CurveJavaScriptSource.call(curve, argument: "x")),") }
        script.append("];")
        script += Self.bitsPrinter(inputs: xs, call: "curve(x)", loop: "for (const curve of curves)")
        let output = try Self.runNode(script.joined(separator: "\n"), label: "kernels")
        let words = output.split(separator: "\n")
        XCTAssertEqual(words.count, curves.count * xs.count)
        var springs = 0, exact = 0
        for (index, word) in words.enumerated() where index < curves.count * xs.count {
            let curve = curves[index / xs.count], x = xs[index % xs.count]
            let got = Double(bitPattern: UInt64(word, radix: 16) ?? 0), want = curve.value(at: x)
            XCTAssertTrue(got.bitPattern == want.bitPattern || got.isNaN && want.isNaN, "\(curve) at \(x): node \(got), library \(want)")
            if CurveJavaScriptSource.isTranscendental(curve) { springs += 1 } else { exact += 1 }
        }
        print("JavaScript curve kernels: \(exact) values of cubic-bezier, steps and linear() and \(springs) of springs and Compose's Float curve, bit for bit")
    }

    /// headerc's own exp, sin, cos, acos, expm1 and pow as the module carries them, in `node`, against the
    /// library's (`OwnedMath`), bit for bit, on the hard arguments of `OwnedMathTests`.
    func testOwnedMathGivesTheLibrarysBits() throws {
        var rng = SeededGenerator(seed: 0x756C_7073)
        let count = 100_000
        let expArguments = (0..<count).map { index -> Double in
            index % 2 == 0 ? rng.double(in: -745.2...709.8) : OwnedMathTests.anyDouble(&rng)
        } + OwnedMathTests.specials
        let trigArguments = (0..<count).map { OwnedMathTests.trigonometricArgument(&rng, $0) }
        let expm1Arguments = (0..<count).map { index -> Double in
            index % 3 == 0 ? rng.double(in: -1e-5...1e-5) : index % 3 == 1 ? rng.double(in: -40...709.8) : OwnedMathTests.anyDouble(&rng)
        } + OwnedMathTests.specials
        var powPairs = (0..<count).map { _ in (rng.double(in: 0...1_000), rng.double(in: -6...6)) }
        powPairs += (0..<count).map { _ in (OwnedMathTests.anyDouble(&rng), rng.chance(0.5) ? Double(rng.below(41)) - 20 : OwnedMathTests.anyDouble(&rng)) }
        powPairs += (0..<2_000).map { _ in (rng.double(in: -50...50), Double(rng.below(13)) - 6) }
        powPairs += OwnedMathTests.specials.flatMap { x in OwnedMathTests.specials.map { (x, $0) } }
        let acosArguments = (0..<count).map { OwnedMathTests.acosArgument(&rng, $0) } + OwnedMathTests.specials
        var script = JavaScriptRuntime.mathLines(for: ["$mathExp", "$mathSin", "$mathCos", "$mathAcos", "$mathExpm1", "$mathPow"])
        script += Self.bitsPrinter(inputs: expArguments, call: "$mathExp(x)")
        script += Self.bitsPrinter(inputs: trigArguments, call: "$mathSin(x)")
        script += Self.bitsPrinter(inputs: trigArguments, call: "$mathCos(x)")
        script += Self.bitsPrinter(inputs: acosArguments, call: "$mathAcos(x)")
        script += Self.bitsPrinter(inputs: expm1Arguments, call: "$mathExpm1(x)")
        script += Self.bitsPrinter(inputs: powPairs.map(\.0), call: "$mathPow(x, ys[i])", extra: powPairs.map(\.1))
        let words = try Self.runNode(script.joined(separator: "\n"), label: "owned-math").split(separator: "\n")
            .map { Double(bitPattern: UInt64($0, radix: 16) ?? 0) }
        var expected: [(String, Double)] = expArguments.map { ("exp", OwnedMath.exp($0)) }
        expected += trigArguments.map { ("sin", OwnedMath.sin($0)) } + trigArguments.map { ("cos", OwnedMath.cos($0)) }
        expected += acosArguments.map { ("acos", OwnedMath.acos($0)) }
        expected += expm1Arguments.map { ("expm1", OwnedMath.expm1($0)) } + powPairs.map { ("pow", OwnedMath.pow($0.0, $0.1)) }
        XCTAssertEqual(words.count, expected.count)
        var differing: [String: Int] = [:]
        for (got, (function, want)) in zip(words, expected) where !(got.bitPattern == want.bitPattern || got.isNaN && want.isNaN) {
            differing[function, default: 0] += 1
        }
        print("JavaScript's owned math against the library over \(expected.count) arguments: \(differing.values.reduce(0, +)) differ")
        XCTAssertEqual(differing, [:])
    }

    /// Number literals read back as the same bits in JavaScript: random bit patterns, subnormals, -0,
    /// the extremes and values that need all 17 digits.
    func testLiteralsReadBackExactly() throws {
        var rng = SeededGenerator(seed: 0x4C49_5445)
        var values: [Double] = [0, -0.0, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude,
                                Double.leastNormalMagnitude.nextDown, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 0.1,
                                1.0 / 3, -6.274305822267499, 9_007_199_254_740_992, Double(9_007_199_254_740_994).nextUp,
                                -9_007_199_254_740_991, 1e21, 1e-7, 0x1p70 + 0x1p18, .infinity, -.infinity]
        for _ in 0..<5_000 {
            let value = Double(bitPattern: rng.next())
            if !value.isNaN { values.append(value) }
        }
        for _ in 0..<2_000 { values.append(rng.double(in: -1e6...1e6).rounded() / 64) }
        let script = ["const values = [", values.map { "  \(JavaScriptNames.literal($0))," }.joined(separator: "\n"), "];"]
            + Self.bitsPrinter(inputs: [], call: "x", loop: nil, source: "values")
        let words = try Self.runNode(script.joined(separator: "\n"), label: "literals").split(separator: "\n")
        XCTAssertEqual(words.count, values.count)
        for (word, value) in zip(words, values) {
            XCTAssertEqual(UInt64(word, radix: 16), value.bitPattern, "\(value) written \(JavaScriptNames.literal(value))")
        }
    }

    /// Swift's `rounded()`, `min` and `max` as the module computes them, against Swift's own, over halves,
    /// signed zeros, NaN and the edges of exactness.
    func testRoundMinAndMaxAreSwifts() throws {
        let helpers = JavaScriptRuntime.helpers.lines(for: ["$round", "$min", "$max"])
        var xs: [Double] = [0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999999999999994, -0.49999999999999994, -0.3, 0.3, -0.0, 0,
                            4_503_599_627_370_495.5, -4_503_599_627_370_495.5, 4_503_599_627_370_497, 1e300, .infinity,
                            -.infinity, .nan, .leastNonzeroMagnitude, -.leastNonzeroMagnitude]
        var rng = SeededGenerator(seed: 7)
        for _ in 0..<2_000 { xs.append((rng.double(in: -100...100) * 2).rounded() / 2 + (rng.chance(0.3) ? 0.25 : 0)) }
        let pairs = xs.flatMap { x in [(x, 0.0), (x, -0.0), (0.0, x), (-0.0, x), (x, .nan), (.nan, x), (x, 1.5)] }
        var script = helpers
        script += Self.bitsPrinter(inputs: xs, call: "$round(x)")
        script += Self.bitsPrinter(inputs: pairs.map(\.0), call: "$min(x, ys[i])", extra: pairs.map(\.1))
        script += Self.bitsPrinter(inputs: pairs.map(\.0), call: "$max(x, ys[i])", extra: pairs.map(\.1))
        let words = try Self.runNode(script.joined(separator: "\n"), label: "round").split(separator: "\n")
        let expected = xs.map { $0.rounded() } + pairs.map { Swift.min($0.0, $0.1) } + pairs.map { Swift.max($0.0, $0.1) }
        XCTAssertEqual(words.count, expected.count)
        for (index, (word, want)) in zip(words, expected).enumerated() {
            let got = Double(bitPattern: UInt64(word, radix: 16) ?? 0)
            XCTAssertTrue(got.bitPattern == want.bitPattern || got.isNaN && want.isNaN, "value \(index): node \(got), Swift \(want)")
        }
    }

    // MARK: Helpers

    /// Lines that print, for each input (and `ys[i]` beside it), the bit pattern of `call` in hexadecimal.
    static func bitsPrinter(inputs: [Double], call: String, extra: [Double]? = nil, loop: String? = nil,
                            source: String? = nil) -> [String] {
        func array(_ values: [Double]) -> String {
            "[" + values.map { "\"\(String($0.bitPattern, radix: 16))\"" }.joined(separator: ",") + "].map(fromBits)"
        }
        var lines = ["{",
                     "  const view = new DataView(new ArrayBuffer(8));",
                     "  const fromBits = (hex) => { view.setBigUint64(0, BigInt(\"0x\" + hex)); return view.getFloat64(0); };",
                     "  const bits = (x) => { view.setFloat64(0, x); return view.getBigUint64(0).toString(16); };",
                     "  const xs = \(source ?? array(inputs));"]
        if let extra { lines.append("  const ys = \(array(extra));") }
        lines.append("  const out = [];")
        if let loop { lines.append("  \(loop)") }
        lines.append("  for (let i = 0; i < xs.length; i += 1) { const x = xs[i]; out.push(bits(\(call))); }")
        lines.append("  process.stdout.write(out.join(\"\\n\") + \"\\n\");")
        lines.append("}")
        return lines
    }

    static func runNode(_ script: String, label: String) throws -> String {
        let node = try NodeHarness.findNode()
        let directory = try DifferentialHarness.makeDirectory("js-\(label)")
        let file = directory.appendingPathComponent("\(label).mjs")
        try script.write(to: file, atomically: true, encoding: .utf8)
        let (status, output) = try DifferentialHarness.run(node, [file.path], in: directory)
        XCTAssertEqual(status, 0, output)
        return output
    }
}
