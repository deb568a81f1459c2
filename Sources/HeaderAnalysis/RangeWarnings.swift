import HeaderSource
import HeaderSyntax
import HeaderMath
import HeaderIR
import HeaderEval

/// The warnings `check` gives from the range analysis: an opacity or a progress that leaves 0...1, a size
/// that goes below 0, a divisor that can be 0, a square root of a negative number, a power of a negative
/// base with a fractional exponent, an output that can be NaN or infinite. Each names a witness, the
/// offset and input values where it happens, found by running the interpreter at candidate points: an
/// output's value as it gives it, an operation's fault as it runs it (`Interpreter.faults(at:)`), so that
/// a division the program does not reach is no witness. A warning whose witness is not found is not given.
public enum RangeWarnings {
    /// A warning with its witness: at `offset` with `inputs` (in declaration order, states at their initial
    /// values), the output `output` (or, for an operand, the node at `operandRange`) is `value`. A state's
    /// warning has a `trace` instead, the offsets followed in order from the initial state (as `eval --at`
    /// goes), `offset` its last; other warnings have none. A snap's warning names the snap: `offset` is then
    /// the target and `velocity` the gesture's speed, and `value` is what `Interpreter.settle` gives there.
    public struct Warning: Sendable {
        public let diagnostic: Diagnostic
        public let offset: Double
        public var trace: [Double] = []
        /// With a `trace` that follows time, each frame's time in milliseconds (`eval --trace`'s `time` column).
        public var times: [Double] = []
        public let inputs: [Value]
        public let output: Int?
        public let operandRange: SourceRange?
        public let value: Double
        public var snap: Int? = nil
        public var velocity = 0.0
        /// For a fault (a division by zero, a square root of a negative number, a pow of a negative base):
        /// the output or the state it leaves NaN or infinite at the witness, which the warning names.
        public var harmedOutput: Int? = nil
        public var harmedState: Int? = nil
    }

    /// Properties whose last word names a fraction that SwiftUI or the reader takes within 0...1.
    static let unitWords: Set<String> = ["opacity", "progress"]
    /// Properties whose last word names a size, which cannot be drawn below 0.
    static let nonNegativeWords: Set<String> = ["height", "width", "size", "blur", "radius", "scale"]

    public static func diagnose(_ program: Program, analysis: RangeAnalysis, source: SourceFile) -> [Diagnostic] {
        warnings(program, analysis: analysis, source: source).map(\.diagnostic)
    }

    public static func warnings(_ program: Program, analysis: RangeAnalysis, source: SourceFile) -> [Warning] {
        // The program as `analyze` read it: each call expanded.
        let program = program.inliningCalls()
        // The outputs whose proven range asks for a witness: the search keeps their values alone.
        func leavesUnit(_ word: String, _ proven: RangeAnalysis.ProvenRange) -> Bool {
            unitWords.contains(word) && (proven.min < 0 || proven.max > 1)
        }
        func fallsBelowZero(_ word: String, _ proven: RangeAnalysis.ProvenRange) -> Bool {
            nonNegativeWords.contains(word) && proven.min < 0
        }
        let watched = program.outputs.indices.filter { index in
            let proven = analysis.outputs[index].range, word = lastWord(program.outputs[index].name)
            return leavesUnit(word, proven) || fallsBelowZero(word, proven) || proven.nan || proven.infinite
        }
        let deadStopWarnings = deadStops(program, analysis).map { stop in
            Warning(diagnostic: Diagnostic(.warning, stop.message, at: stop.range), offset: .nan, inputs: [], output: nil, operandRange: nil,
                    value: .nan)
        }
        // Where each issue is: which named value's or output's body holds it. An output that reads one is
        // NaN or infinite because of it, and the issue's own warning says so (or, for division by the literal
        // 0, the checker's).
        let located = locate(analysis.issues, in: program)
        let snapWarnings = rulesLeavingTheirPoints(program, analysis)
        guard !watched.isEmpty || !located.isEmpty else { return snapWarnings + deadStopWarnings }
        var search = WitnessSearch(program: program, analysis: analysis, watching: watched)
        var diagnostics: [Warning] = []
        func warn(_ message: String, at range: SourceRange, _ notes: [Diagnostic.Note], _ witness: WitnessSearch.Witness, output: Int?) {
            diagnostics.append(Warning(diagnostic: Diagnostic(.warning, message, at: range, notes: notes), offset: witness.offset,
                                       inputs: witness.inputs, output: output, operandRange: output == nil ? witness.operand.range : nil,
                                       value: witness.value))
        }
        let places = located.flatMap(\.1)
        let explainedValues = readingValues(Set(places.compactMap(\.value)), program)
        var explainedOutputs = Set(places.compactMap(\.output))
        // An output that reads a state whose next holds an issue is explained by it too.
        let explainedStates = Set(places.compactMap(\.state))
        let runaways = StateWarnings.runaways(analysis)
        // The states each output reads, worked out once, where an issue or a runaway state asks for them.
        let statesRead = explainedStates.isEmpty && runaways.isEmpty ? [] : StateWarnings.statesRead(in: program)
        explainedOutputs.formUnion(statesRead.indices.filter { !statesRead[$0].isDisjoint(with: explainedStates) })
        var warnedOutputs: Set<Int> = []
        for index in watched {
            let output = program.outputs[index]
            let proven = analysis.outputs[index]
            let explained = explainedOutputs.contains(index) || output.body.uses.values.contains(where: explainedValues.contains)
            let word = lastWord(output.name)
            let range = output.body.result.range
            let notes = unrangedNotes(program, output.body.uses)
            if leavesUnit(word, proven.range),
               let witness = search.outputExtreme(index, aboveOne: true, proven: proven.range) {
                let verb = witness.value < 0 ? "falls" : "rises"
                let advice = word == "opacity"
                    ? "SwiftUI clamps opacity: write clamp(..., 0, 1) to say so"
                    : "a progress runs from 0 to 1: write clamp(..., 0, 1) to keep it there"
                warn("'\(output.qualifiedName)' \(verb) to \(format(witness.value)) (\(witness.place)); \(advice)", at: range, notes, witness,
                     output: index)
                warnedOutputs.insert(index)
            } else if fallsBelowZero(word, proven.range), let witness = search.outputExtreme(index, aboveOne: false, proven: proven.range) {
                warn("'\(output.qualifiedName)' falls to \(format(witness.value)) (\(witness.place)); a \(word) below 0 is not drawn: write max(..., 0) to say so",
                     at: range, notes, witness, output: index)
                warnedOutputs.insert(index)
            }
            if proven.range.nan || proven.range.infinite, !explained, let witness = search.outputSpecial(index) {
                let what = witness.value.isNaN ? "NaN" : "infinite"
                warn("'\(output.qualifiedName)' is \(what) (\(witness.place))", at: range, notes, witness, output: index)
            }
        }
        // An output that leaves its range only once a state has run off, which no single frame shows.
        var candidates: [(output: Int, state: Int, bad: (Double) -> Bool)] = []
        for index in watched where !warnedOutputs.contains(index) && statesRead.indices.contains(index) {
            let output = program.outputs[index], proven = analysis.outputs[index].range, word = lastWord(output.name)
            let unit = leavesUnit(word, proven)
            guard unit || fallsBelowZero(word, proven),
                  let state = statesRead[index].intersection(runaways).min(),
                  program.states.indices.contains(state) else { continue }
            candidates.append((index, state, unit ? { $0 < 0 || $0 > 1 } : { $0 < 0 }))
        }
        let stateWitnesses = candidates.isEmpty ? [:]
            : StateWarnings.witnesses(candidates.map { ($0.output, $0.bad) }, interpreter: Interpreter(program: program))
        var warnedStates: Set<Int> = []
        for candidate in candidates where !warnedStates.contains(candidate.state) {
            guard let witness = stateWitnesses[candidate.output] else { continue }
            warnedStates.insert(candidate.state)
            let output = program.outputs[candidate.output], declaration = program.states[candidate.state]
            let verb = witness.value < 0 ? "falls" : "rises"
            let trace = witness.trace.map(format).joined(separator: ", ")
            let bounded = StateWarnings.boundedDeclaration(declaration, analysis.stateRanges[candidate.state])
            let message = "state '\(declaration.name)' runs off: nothing keeps it within bounds, and '\(output.qualifiedName)' \(verb) to "
                + "\(format(witness.value)) (along offsets \(trace)\(program.inputs.isEmpty ? "" : " with the defaults")); declare its bounds, as in '\(bounded)', or clamp its next"
            let note = Diagnostic.Note(message: "'\(output.qualifiedName)' reads it here", range: output.body.result.range)
            var warning = Warning(diagnostic: Diagnostic(.warning, message, at: declaration.nameRange, notes: [note]),
                                  offset: witness.trace.last ?? 0, inputs: program.inputs.map(\.defaultValue), output: candidate.output,
                                  operandRange: nil, value: witness.value)
            warning.trace = witness.trace
            diagnostics.append(warning)
        }
        // An output that leaves its range only part-way through something that time moves (a transition's run, a
        // state that reads the time), which no frame at time 0 shows.
        if program.readsTime {
            var timed: [(output: Int, bad: (Double) -> Bool)] = []
            // Not an output whose state's warning (a runaway, at time 0) is given already.
            let explainedByState = Set(candidates.filter { warnedStates.contains($0.state) }.map(\.output))
            for index in watched where !warnedOutputs.contains(index) && !explainedByState.contains(index) {
                let proven = analysis.outputs[index].range, word = lastWord(program.outputs[index].name)
                if leavesUnit(word, proven) { timed.append((index, { $0 < 0 || $0 > 1 })) } else if fallsBelowZero(word, proven) { timed.append((index, { $0 < 0 })) }
            }
            let witnesses = timed.isEmpty ? [:] : StateWarnings.timedWitnesses(timed, interpreter: Interpreter(program: program))
            for (index, _) in timed {
                guard let witness = witnesses[index] else { continue }
                let output = program.outputs[index], word = lastWord(output.name)
                let verb = witness.value < 0 ? "falls" : "rises"
                let place = "along offsets \(witness.trace.map(format).joined(separator: ", ")) at times "
                    + "\(witness.times.map(format).joined(separator: ", ")) ms\(program.inputs.isEmpty ? "" : " with the defaults")"
                let advice = unitWords.contains(word)
                    ? (word == "opacity" ? "SwiftUI clamps opacity: write clamp(..., 0, 1) to say so" : "a progress runs from 0 to 1: write clamp(..., 0, 1) to keep it there")
                    : "a \(word) below 0 is not drawn: write max(..., 0) to say so"
                var warning = Warning(diagnostic: Diagnostic(.warning, "'\(output.qualifiedName)' \(verb) to \(format(witness.value)) (\(place)); \(advice)",
                                                             at: output.body.result.range, notes: unrangedNotes(program, output.body.uses)),
                                      offset: witness.trace.last ?? 0, inputs: program.inputs.map(\.defaultValue), output: index,
                                      operandRange: nil, value: witness.value)
                (warning.trace, warning.times) = (witness.trace, witness.times)
                diagnostics.append(warning)
                warnedOutputs.insert(index)
            }
        }
        // Each place the issue stands in until one shows it: the first call of a function whose body faults
        // may be one that never does.
        for (issue, candidates) in located {
            for place in candidates {
                let (node, body) = (place.node, place.body)
                // Division by the literal 0 is the checker's warning.
                if issue.kind == .divisionByZero, case .binary(_, _, let divisor) = node.kind, divisor.constantValue != nil { continue }
                // What the fault can harm: the output it is in, the outputs that read the named value it is in,
                // or the state whose next it is in and the outputs that read that state. A fault whose result the
                // spec replaces or discards (`x != x ? 0 : x`, `fmax`) harms none of them, and is no warning.
                // Asked only of the outputs a faulting frame has NaN or infinite.
                let state = place.state
                var reading: Set<Int>?
                func reaches(_ index: Int) -> Bool {
                    if let output = place.output { return index == output }
                    if let value = place.value {
                        let values = reading ?? readingValues([value], program)
                        reading = values
                        return program.outputs[index].body.uses.values.contains(where: values.contains)
                    }
                    if let state { return statesRead.indices.contains(index) && statesRead[index].contains(state) }
                    return false
                }
                func named(_ value: Double) -> String { value.isNaN ? "NaN" : "infinite" }
                guard let witness = search.operand(issue.kind, node, harmed: { harm in
                    if let (index, value) = harm.outputs.first(where: { reaches($0.index) }) {
                        return WitnessSearch.Harmed(text: "'\(program.outputs[index].qualifiedName)' is \(named(value))", output: index)
                    }
                    if let state, let (_, value) = harm.states.first(where: { $0.index == state }) {
                        return WitnessSearch.Harmed(text: "state '\(program.states[state].name)' is \(named(value))", state: state)
                    }
                    return nil
                }) else { continue }
                let harm = witness.harm.map { ", and \($0.text) there" } ?? ""
                let notes = unrangedNotes(program, body.uses)
                // An operand as written, on one line (the message is one line whatever it spans); a constant, which
                // has no place of its own in the lowered program, by its role.
                func written(_ operand: Expr, _ role: String) -> String {
                    if case .constant = operand.kind { return role }
                    return "'" + source.text(of: operand.range).split(whereSeparator: \.isWhitespace).joined(separator: " ") + "'"
                }
                let message: String
                switch issue.kind {
                case .divisionByZero:
                    message = "division by zero: \(written(witness.operand, "the divisor")) is 0 (\(witness.place))\(harm)"
                case .squareRootOfNegative:
                    message = "square root of a negative number: \(written(witness.operand, "the operand")) is \(format(witness.value)) (\(witness.place)), and sqrt gives NaN\(harm)"
                case .powerOfNegative:
                    var exponent = ""
                    if case .binary(_, _, let rhs) = node.kind, witness.operands.count == 2 {
                        let name = written(rhs, "")
                        exponent = " and the exponent\(name.isEmpty ? "" : " " + name) is \(format(witness.operands[1]))"
                    }
                    message = "pow of a negative base with a fractional exponent: \(written(witness.operand, "the base")) is \(format(witness.value))\(exponent) (\(witness.place)), and pow gives NaN\(harm)"
                }
                warn(message, at: issue.range, notes, witness, output: nil)
                diagnostics[diagnostics.count - 1].harmedOutput = witness.harm?.output
                diagnostics[diagnostics.count - 1].harmedState = witness.harm?.state
                break
            }
        }
        return diagnostics + snapWarnings + deadStopWarnings
    }

    /// A `rule` clause that can come to rest outside the snap's points, where the analysis cannot rule it out
    /// (`SnapWarnings.mayLeavePoints`) and the interpreter shows it (`SnapWarnings.witness`).
    private static func rulesLeavingTheirPoints(_ program: Program, _ analysis: RangeAnalysis) -> [Warning] {
        var warnings: [Warning] = []
        var settings: [[Value]]?
        for (index, snap) in program.snaps.enumerated() where snap.hasCustomRule {
            guard analysis.settles.indices.contains(index), analysis.settlePoints.indices.contains(index),
                  SnapWarnings.mayLeavePoints(analysis.settles[index].range, analysis.settlePoints[index]) else { continue }
            let tried = settings ?? WitnessSearch.settings(program, analysis)
            settings = tried
            guard let witness = SnapWarnings.witness(program, snap: index, settings: tried) else { continue }
            let diagnostic = Diagnostic(.warning, SnapWarnings.message(program, snap: index, witness), at: snap.settle.result.range)
            var warning = Warning(diagnostic: diagnostic, offset: witness.target, inputs: witness.inputs, output: nil, operandRange: nil,
                                  value: witness.value)
            (warning.snap, warning.velocity) = (index, witness.velocity)
            warnings.append(warning)
        }
        return warnings
    }

    /// Keyframe stops that their driver never reaches: the test at a later stop (`driver < position`) is
    /// never false, or never made at all though the keyframes are evaluated; the first stop's
    /// (`driver <= position`) never true. What the analysis proves of every offset and input is the
    /// evidence: there is no point to show. Keyframes searched by halving (more than
    /// `KeyframeLowering.linearSearchLimit` stops) do not test every stop on every way, and are left out.
    private static func deadStops(_ program: Program, _ analysis: RangeAnalysis) -> [(message: String, range: SourceRange)] {
        var found: [(String, SourceRange)] = []
        for keyframes in program.keyframes {
            let stops = keyframes.stops
            let evaluated = analysis.outcomes[stops[0].range] != nil || analysis.outcomes[stops[1].range] != nil
            guard evaluated else { continue }
            for (index, stop) in stops.enumerated() {
                let outcome = analysis.outcomes[stop.range]
                let position = stop.position.map(format) ?? "its position"
                if index == 0 {
                    if !keyframes.extendsBefore, outcome.map({ !$0.canBeTrue }) ?? false {
                        found.append(("this keyframe stop is never reached: its driver stays above \(position)", stop.range))
                    }
                } else if !(outcome?.canBeFalse ?? false) {
                    found.append(("this keyframe stop is never reached: its driver stays below \(position)", stop.range))
                }
            }
        }
        return found.sorted { $0.1.start < $1.1.start }
    }

    /// `scrimOpacity` → "opacity", `fontSize` → "size".
    static func lastWord(_ name: String) -> String {
        guard let index = name.lastIndex(where: \.isUppercase) else { return name }
        return name[index...].lowercased()
    }

    /// Notes for the inputs without a range that a warning's body reads: only their default was analysed.
    private static func unrangedNotes(_ program: Program, _ uses: Uses) -> [Diagnostic.Note] {
        uses.inputs.compactMap { index -> Diagnostic.Note? in
            guard program.inputs.indices.contains(index) else { return nil }
            let input = program.inputs[index]
            guard input.type != .bool, input.range == nil, case .number(let value) = input.defaultValue else { return nil }
            return Diagnostic.Note(message: "'\(input.name)' has no range, so only its default, \(format(value)), is analysed; declare the values it takes with 'in low...high'",
                                   range: input.nameRange)
        }
    }

    /// The named values in `values` and those that read one of them, directly or through other named
    /// values: one pass, since a named value comes after the values it reads.
    private static func readingValues(_ values: Set<Int>, _ program: Program) -> Set<Int> {
        guard !values.isEmpty else { return [] }
        var reading = values
        for (index, value) in program.values.enumerated() where !reading.contains(index) {
            if value.body.uses.values.contains(where: reading.contains) { reading.insert(index) }
        }
        return reading
    }

    /// Where an issue stands: the node it is about, the body it stands in, and whose body that is.
    private typealias Place = (node: Expr, body: Body, value: Int?, output: Int?, state: Int?)

    /// For each issue, every place it stands, in the program's order: one in the spec's own text, or one a
    /// call of a function, whose body each call inlines with its own arguments. One walk of the program,
    /// whatever the number of issues.
    private static func locate(_ issues: [RangeIssue], in program: Program) -> [(RangeIssue, [Place])] {
        guard !issues.isEmpty else { return [] }
        let wanted = Set(issues.map(\.range))
        var found: [RangeIssue: [Place]] = [:]
        let bodies = program.values.indices.map { (program.values[$0].body, $0 as Int?, nil as Int?, nil as Int?) }
            + program.outputs.indices.map { (program.outputs[$0].body, nil as Int?, $0 as Int?, nil as Int?) }
            + program.states.indices.map { (program.states[$0].next, nil as Int?, nil as Int?, $0 as Int?) }
        for (body, value, output, state) in bodies {
            for root in body.locals + [body.result] {
                root.forEachNode { node in
                    guard wanted.contains(node.range) else { return }
                    let kind: RangeIssue.Kind
                    switch node.kind {
                    case .binary(.divide, _, _): kind = .divisionByZero
                    case .binary(.div, _, _): kind = .divisionByZero
                    case .unary(.sqrt, _): kind = .squareRootOfNegative
                    case .binary(.pow, _, _): kind = .powerOfNegative
                    default: return
                    }
                    let issue = RangeIssue(kind: kind, range: node.range)
                    found[issue, default: []].append((node, body, value, output, state))
                }
            }
        }
        return issues.compactMap { issue in found[issue].map { (issue, $0) } }
    }

    /// A number as `eval --set` and `--at` read it back to the bit: `-0.0` where it is negative zero.
    package static func format(_ value: Double) -> String {
        if value == 0, value.sign == .minus { return "-0.0" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return "\(value)"
    }
}
