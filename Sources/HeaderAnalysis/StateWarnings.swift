import HeaderSource
import HeaderSyntax
import HeaderMath
import HeaderIR
import HeaderEval

/// The warning about a state that runs off: a state whose values the analysis finds unbounded (its `next`
/// can take it ever further and no bounds keep it), read by an output that then leaves what it must be
/// (an opacity or progress outside 0...1, a size below 0). `WitnessSearch` cannot show it: a witness there
/// is one frame, where the state holds its initial value. So the witness here is a trace, the offsets
/// `eval --at` follows from the initial state, run in the interpreter.
enum StateWarnings {
    /// The offsets a trace moves by, smallest first, so that the witness is the first step that shows it.
    static let steps: [Double] = [1, 10, 50, 100, 200, 500, 1000, 10_000, 100_000]
    /// How many times a trace goes back and forth, for a state that counts every step whatever its sign.
    static let swings = 8

    /// A trace of offsets from rest, each frame's time (all 0 for a search at time 0), and the bad value it ends with.
    struct Witness {
        let trace: [Double]
        let times: [Double]
        let value: Double
    }

    /// The states each output reads, directly or through the named values it reads, in one pass over the
    /// program: a named value comes after the values it reads.
    static func statesRead(in program: Program) -> [Set<Int>] {
        var byValue: [Set<Int>] = []
        func states(of body: Body) -> Set<Int> {
            var found: Set<Int> = []
            for root in body.locals + [body.result] {
                root.forEachRead { read in if case .state(let index) = read { found.insert(index) } }
            }
            for value in body.uses.values where byValue.indices.contains(value) { found.formUnion(byValue[value]) }
            return found
        }
        for value in program.values { byValue.append(states(of: value.body)) }
        return program.outputs.map { states(of: $0.body) }
    }

    /// The states that can run off: unbounded on a side after the analysis's fixpoint.
    static func runaways(_ analysis: RangeAnalysis) -> Set<Int> {
        Set(analysis.stateRanges.indices.filter { !analysis.stateRanges[$0].lower.isFinite || !analysis.stateRanges[$0].upper.isFinite })
    }

    /// For each output, the first trace from offset 0, the inputs at their defaults, after which `bad` holds
    /// of it: one step each way by each of `steps`, then back and forth, then on and on in one direction.
    /// Each trace is run once for all the outputs, so the search costs a bounded number of frames however
    /// many outputs read a state.
    static func witnesses(_ outputs: [(output: Int, bad: (Double) -> Bool)], interpreter: Interpreter) -> [Int: Witness] {
        var traces: [[Double]] = []
        for step in steps { traces += [[0, step], [0, -step]] }
        for step in steps {
            for sign in [1.0, -1] {
                traces.append([0] + (0..<swings).flatMap { _ in [sign * step, 0] })
                traces.append((0...swings).map { sign * step * Double($0) })
            }
        }
        return firstBad(outputs, along: traces.map { ($0, $0.map { _ in 0 }) }, interpreter: interpreter)
    }

    /// For each output, the first of `traces` (offsets and each frame's time, from rest) after which `bad` holds of it.
    private static func firstBad(_ outputs: [(output: Int, bad: (Double) -> Bool)], along traces: [(offsets: [Double], times: [Double])],
                                 interpreter: Interpreter) -> [Int: Witness] {
        var found: [Int: Witness] = [:]
        for (offsets, times) in traces where found.count < outputs.count {
            interpreter.resetState()
            var values: [Value] = []
            for (offset, time) in zip(offsets, times) {
                interpreter.time = time
                values = interpreter.frame(at: offset)
            }
            for (output, bad) in outputs where found[output] == nil {
                if values.indices.contains(output), case .number(let value) = values[output], bad(value) {
                    found[output] = Witness(trace: offsets, times: times, value: value)
                }
            }
        }
        interpreter.time = 0
        return found
    }

    /// Where the frame's time moves a value (a transition under way, a state that reads `time`): what no frame at
    /// time 0 shows. A trace with times: from rest at 0, to an offset at time 0 (which sets a run off), then held
    /// there at a later time, for each of `steps` either way and each of `times`, the inputs at their defaults.
    /// Each trace is run once for all the outputs, a bounded number of frames however many outputs there are.
    static let times: [Double] = [8, 16, 33, 50, 75, 100, 150, 200, 250, 300, 400, 500, 600, 800, 1000, 1500, 2000, 3000, 5000]

    static func timedWitnesses(_ outputs: [(output: Int, bad: (Double) -> Bool)], interpreter: Interpreter) -> [Int: Witness] {
        var traces: [(offsets: [Double], times: [Double])] = []
        for step in steps {
            for offset in [step, -step] { traces += times.map { ([0, offset, offset], [0, 0, $0]) } }
        }
        return firstBad(outputs, along: traces, interpreter: interpreter)
    }

    /// `state height = 260pt in 0pt...260pt`: the state's declaration with bounds, from what the analysis
    /// found of its values (a finite end kept) and its initial value, or `low...high` where neither says.
    static func boundedDeclaration(_ state: Program.State, _ range: (lower: Double, upper: Double)) -> String {
        let unit = state.type.literalSuffix
        func text(_ value: Double) -> String { RangeWarnings.format(value) + unit }
        // An initial value that reads inputs is left as written ("…"): only its declaration has its text.
        let initial = state.constantInitial ?? 0
        let low = range.lower.isFinite ? range.lower : Swift.min(0, initial)
        let high = range.upper.isFinite ? range.upper : initial
        let bounds = high > low ? "\(text(low))...\(text(high))" : "low...high"
        return "state \(state.name) = \(state.constantInitial.map(text) ?? "…") in \(bounds)"
    }
}
