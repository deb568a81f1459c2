import XCTest
@testable import HeaderKit

/// The change points `ranges` gives, and the witnesses of `check`'s warnings as printed, over generated specs
/// of two seeds no other test draws: an output is the same at every offset below its first change point
/// and at every offset above its second (NaN as NaN), and one that never changes is the same at every
/// offset; every warning's witness, pasted as `eval --set` and `--at` read it, is the one found and shows
/// what the warning says (`RangeWarningReproduction`). Change points are those of `ranges --format json`,
/// one double outward of the table's. `HEADERC_CHANGE_SEEDS` (comma-separated, decimal or 0x-hex) sweeps
/// other seeds.
final class ChangePointSoundnessTests: XCTestCase {
    static let seeds: [UInt64] = {
        let fixed: [UInt64] = [0x4348_414E_4745_5331, 0x4348_414E_4745_5332]
        guard let text = ProcessInfo.processInfo.environment["HEADERC_CHANGE_SEEDS"] else { return fixed }
        let parsed = text.split(separator: ",").compactMap { part -> UInt64? in
            let digits = part.trimmingCharacters(in: .whitespaces)
            return digits.hasPrefix("0x") ? UInt64(digits.dropFirst(2), radix: 16) : UInt64(digits)
        }
        return parsed.isEmpty ? fixed : parsed
    }()
    static let specsPerSeed = 1_000

    /// What the sweep of a spec counted, and the failures it found, kept to be reported on the test's own thread.
    struct Tally {
        var specs = 0, outputs = 0, compared = 0, warnings = 0, stateful = 0
        var failures: [String] = []
    }

    func testChangePointsAndPrintedWitnessesHold() throws {
        // The specs are drawn in order, then swept on both cores, each with random draws of its own.
        let seeds = Self.seeds
        let specs = seeds.flatMap { seed in
            var generator = SpecGenerator(seed: seed, allowExtend: DifferentialHarness.extendParses)
            return (0..<Self.specsPerSeed).map { (seed: seed, generated: generator.generate(index: $0)) }
        }
        var total = Tally()
        for tally in Concurrently.map(specs, Self.sweep) {
            total.specs += tally.specs; total.outputs += tally.outputs; total.compared += tally.compared
            total.warnings += tally.warnings; total.stateful += tally.stateful
            for failure in tally.failures { XCTFail(failure) }
        }
        XCTAssertGreaterThanOrEqual(total.specs, 900 * seeds.count)
        XCTAssertGreaterThan(total.compared, 50_000 * seeds.count)
        XCTAssertGreaterThan(total.warnings, 100 * seeds.count)
        print("change points: \(total.specs) specs of seeds \(seeds.map { String($0, radix: 16) }), \(total.outputs) outputs at 3 settings, \(total.compared) values outside their change points as claimed (\(total.stateful) specs with states, each frame from the initial state); \(total.warnings) warnings' printed witnesses pasted and reproduced")
    }

    private static func sweep(_ spec: (seed: UInt64, generated: GeneratedSpec)) -> Tally {
        let (seed, generated) = spec
        var tally = Tally()
        var random = SeededGenerator(seed: 0x4348_414E_4745_5333 ^ seed ^ UInt64(generated.index + 1) &* 0x9E37_79B9_7F4A_7C15)
        do {
            let compilation = Compilation(path: "spec\(generated.index).header", text: generated.text)
            if let program = compilation.program {
                tally.specs += 1
                tally.warnings += try RangeWarningReproduction.check(generated.text, path: "seed \(seed) spec\(generated.index).header")
                // A spec with states is compared frame by frame from the initial state, as `eval --at` gives
                // each offset alone.
                if !program.states.isEmpty { tally.stateful += 1 }
                let analysis = RangeAnalysis.analyze(program)
                let interpreter = Interpreter(program: program)
                var offsets = generated.interestingOffsets.filter(\.isFinite) + [0, -0.0, 1e6, -1e6, 1e15, -1e15, 1e300, -1e300]
                for _ in 0..<20 { offsets.append(random.double(in: -600...600)) }
                for output in analysis.outputs {
                    guard let changes = output.changes else { continue }
                    for end in [changes.from, changes.to, changes.from.nextDown, changes.to.nextUp] where end.isFinite {
                        offsets += [end, end.nextDown, end.nextUp, end - 1, end + 1, end - 1e-9 * Swift.max(1, abs(end)), end + 1e-9 * Swift.max(1, abs(end))]
                    }
                }
                offsets = offsets.filter(\.isFinite)
                for round in 0..<3 {
                    // The defaults, then two settings of every ranged input at random (its ends now and then).
                    var setting: [String] = []
                    for input in program.inputs {
                        guard round > 0 else { interpreter.setInput(input.name, to: input.defaultValue); continue }
                        switch input.defaultValue {
                        case .bool:
                            let value = random.chance(0.5)
                            interpreter.setInput(input.name, to: .bool(value))
                            setting.append("\(input.name)=\(value)")
                        case .phase:
                            let phase = random.pick(ScrollPhase.allCases)
                            interpreter.setInput(input.name, to: .phase(phase))
                            setting.append("\(input.name)=\(phase.name)")
                        case .number:
                            guard let range = input.range else { continue }
                            let value = random.chance(0.3) ? random.pick([range.lowerBound, range.upperBound]) : random.double(in: range)
                            interpreter.setInput(input.name, to: .number(value))
                            setting.append("\(input.name)=\(value)")
                        }
                    }
                    func frame(_ offset: Double) -> [Value] {
                        interpreter.resetState()
                        return interpreter.frame(at: offset)
                    }
                    let frames = offsets.map { ($0, frame($0)) }
                    for (index, proven) in analysis.outputs.enumerated() {
                        tally.outputs += 1
                        func fail(_ what: String) {
                            tally.failures.append("seed \(seed) spec \(generated.index): \(proven.name) \(what) with \(setting), proven to change between \(String(describing: proven.changes))\n\(generated.text)")
                        }
                        guard let changes = proven.changes else {
                            // Never changes: the same at every offset.
                            let first = frames[0].1[index]
                            for (offset, values) in frames where !Self.same(values[index], first) {
                                fail("is \(values[index]) at offset \(offset) and \(first) at \(frames[0].0)")
                                break
                            }
                            tally.compared += frames.count
                            continue
                        }
                        // As `ranges --format json` gives them (`changesFrom`, `changesTo`, one double outward): below
                        // the first, the value at it; above the second, the value at it.
                        let (from, to) = (changes.from.nextDown, changes.to.nextUp)
                        let atFrom = from.isFinite ? frame(from)[index] : nil
                        let atTo = to.isFinite ? frame(to)[index] : nil
                        for (offset, values) in frames {
                            if let atFrom, offset < from, !Self.same(values[index], atFrom) {
                                fail("is \(values[index]) at offset \(offset), below \(from), where it is \(atFrom)")
                                break
                            }
                            if let atTo, offset > to, !Self.same(values[index], atTo) {
                                fail("is \(values[index]) at offset \(offset), above \(to), where it is \(atTo)")
                                break
                            }
                            tally.compared += 1
                        }
                    }
                }
            }
        } catch {
            tally.failures.append("seed \(seed): \(error)")
        }
        return tally
    }

    /// The same value: numbers equal (0 and -0.0 alike) or both NaN, bools and phases equal.
    static func same(_ a: Value, _ b: Value) -> Bool {
        if case .number(let x) = a, case .number(let y) = b { return x == y || (x.isNaN && y.isNaN) }
        return a == b
    }
}
