import HeaderSource
import HeaderSyntax
import HeaderMath
import HeaderIR
import HeaderEval

/// Where a warning happens: the spec evaluated at candidate points, the inputs at their defaults first,
/// then at the ends of their ranges (and bools flipped); at each setting, the offsets nearest 0 first:
/// the program's constants and their negatives, the ends of the offsets of the analysis's paths (and the
/// whole offsets beside them), the ends of the offsets between which each output changes, a few far ones,
/// and at the defaults every whole offset from -1000 to 1000 too; at most `AnalysisLimits.witnessOffsets` of them, so that
/// the search costs a bounded number of frames however large the spec.
package struct WitnessSearch {
    package struct Witness {
        package let value: Double
        /// "at offset 200 with the defaults"
        package let place: String
        package let offset: Double
        /// Every input's value, in declaration order.
        package let inputs: [Value]
        /// The node whose value shows it (for a warning about an operand).
        package var operand: Expr
        /// For a fault: what it harmed there.
        package var harm: Harmed? = nil
        /// For a fault: the operation's operands there, in order.
        package var operands: [Double] = []
    }

    /// An output or a state that a fault left NaN or infinite, and how a warning says so.
    package struct Harmed {
        package let text: String
        package var output: Int? = nil
        package var state: Int? = nil
    }

    package let program: Program
    private let settings: [[Value]]
    /// The offsets tried at the defaults: every candidate.
    private let offsets: [Double]
    /// The offsets tried at every other setting: where the program's values turn (its constants, the ends of
    /// the analysis's paths, where its outputs start and stop changing), not every whole offset, so that a
    /// setting costs a few hundred frames. On a path a value is affine in the offset, but for the results of
    /// nonlinear operations, so its extremes are at its path's ends.
    private let turningOffsets: [Double]
    /// The outputs whose values are watched, and for each setting, what each one does.
    private let watched: [Int]
    private var frames: [Int: [Int: Summary]] = [:]
    private var faultTables: [Int: [SourceRange: [(index: Int, operands: [Double], harm: Harm)]]] = [:]


    package init(program: Program, analysis: RangeAnalysis, watching outputs: [Int]) {
        self.program = program
        watched = outputs
        settings = Self.settings(program, analysis)
        var turning: Set<Double> = [0]
        for far in [1e4, 1e6, 1e9] { turning.formUnion([far, -far]) }
        for body in program.values.map(\.body) + program.outputs.map(\.body) {
            for root in body.locals + [body.result] {
                root.forEachNode { node in
                    if let value = node.constantValue, value.isFinite {
                        turning.insert(value)
                        turning.insert(-value)
                    }
                }
            }
        }
        for output in analysis.outputs {
            guard let changes = output.changes else { continue }
            for end in [changes.from, changes.to] where end.isFinite { turning.insert(end) }
        }
        // A path's end may be strict: the whole offsets beside it too.
        for end in analysis.pathOffsetEnds { turning.formUnion([end, (end - 1).rounded(.down), (end + 1).rounded(.up)]) }
        // Nearest the rest position first, and of two at one distance the one scrolled up.
        func nearestFirst(_ candidates: Set<Double>) -> [Double] {
            Array(candidates.sorted { (abs($0), $0 < 0 ? 1 : 0) < (abs($1), $1 < 0 ? 1 : 0) }.prefix(AnalysisLimits.witnessOffsets))
        }
        offsets = nearestFirst(turning.union((-1000...1000).map(Double.init)))
        turningOffsets = nearestFirst(turning)
    }

    /// The settings of the inputs a witness is sought at, in order: the defaults, then each input at the ends of
    /// its range and each bool flipped (`AnalysisLimits.witnessSettings` of them at most), then the settings
    /// inside the ranges where a divisor is 0 (`RangeAnalysis.zeroSettings`). Each is every input's value, in
    /// declaration order.
    static func settings(_ program: Program, _ analysis: RangeAnalysis) -> [[Value]] {
        var options: [[Value]] = []
        for input in program.inputs {
            var values = [input.defaultValue]
            switch input.defaultValue {
            case .bool(let value): values.append(.bool(!value))
            case .phase(let value): values += ScrollPhase.allCases.filter { $0 != value }.map(Value.phase)
            case .number(let value):
                if let range = input.range {
                    for bound in [range.lowerBound, range.upperBound] where bound != value { values.append(.number(bound)) }
                }
            }
            options.append(values)
        }
        var settings: [[Value]] = [[]]
        for values in options {
            settings = settings.flatMap { prefix in values.map { prefix + [$0] } }
            if settings.count > AnalysisLimits.witnessSettings { settings = Array(settings.prefix(AnalysisLimits.witnessSettings)) }
        }
        // Then the inputs inside their ranges where a divisor is 0, the others at their defaults.
        for overrides in analysis.zeroSettings {
            var setting = program.inputs.map(\.defaultValue)
            for (input, value) in overrides where setting.indices.contains(input) { setting[input] = .number(value) }
            if !settings.contains(setting) { settings.append(setting) }
        }
        return settings
    }

    /// Sets every input of the interpreter's program to the setting's value.
    static func set(_ setting: [Value], on interpreter: Interpreter) {
        for (index, value) in setting.enumerated() where interpreter.program.inputs.indices.contains(index) {
            interpreter.setInput(interpreter.program.inputs[index].name, to: value)
        }
    }

    /// The lowest value below 0 (else, with `aboveOne`, the highest above 1) that the output takes at one
    /// setting, the first setting that has one, at the first offset where it does; on a side where the
    /// output is unbounded, the first value past the limit instead.
    mutating func outputExtreme(_ output: Int, aboveOne: Bool, proven: RangeAnalysis.ProvenRange) -> Witness? {
        for setting in settings.indices {
            guard let seen = summaries(setting)[output] else { return nil }
            let below = proven.min.isFinite ? seen.lowest : seen.firstBelowZero
            let above = proven.max.isFinite ? seen.highest : seen.firstAboveOne
            if let (value, index) = below ?? (aboveOne ? above : nil) {
                return Witness(value: value, place: place(setting, offsetsTried(at: setting)[index]), offset: offsetsTried(at: setting)[index], inputs: settings[setting],
                               operand: program.outputs[output].body.result)
            }
        }
        return nil
    }

    /// The first point where the output is NaN, else infinite.
    mutating func outputSpecial(_ output: Int) -> Witness? {
        for setting in settings.indices {
            guard let seen = summaries(setting)[output] else { return nil }
            if let (value, index) = seen.firstNaN ?? seen.firstInfinite {
                return Witness(value: value, place: place(setting, offsetsTried(at: setting)[index]), offset: offsetsTried(at: setting)[index], inputs: settings[setting],
                               operand: program.outputs[output].body.result)
            }
        }
        return nil
    }

    /// What a fault made of the frame where it happened: the outputs and the states that are NaN or an
    /// infinity there, with their values.
    package struct Harm {
        package let outputs: [(index: Int, value: Double)]
        package let states: [(index: Int, value: Double)]
    }

    /// The first point where the interpreter runs the node, it faults there, and `harmed` finds in the frame
    /// an output or a state it names as harmed (a fault whose result the program replaces or discards
    /// harms nothing): a division by 0, `sqrt` of a negative number, `pow` of a negative base with an
    /// exponent that is not whole. A node that the program does not reach at a point (a division under a
    /// guard that is false, a keyframe segment between stops that meet) shows nothing there. The witness's
    /// `harm` says what was harmed.
    package mutating func operand(_ kind: RangeIssue.Kind, _ node: Expr, harmed: (Harm) -> Harmed?) -> Witness? {
        let shown: Expr
        switch node.kind {
        case .binary(_, let lhs, let rhs): shown = kind == .divisionByZero ? rhs : lhs
        case .unary(_, let operand): shown = operand
        default: return nil
        }
        for setting in settings.indices {
            for seen in faultTable(setting)[node.range] ?? [] {
                guard let harm = harmed(seen.harm) else { continue }
                let value = kind == .divisionByZero ? seen.operands.last : seen.operands.first
                var witness = Witness(value: value ?? .nan, place: place(setting, offsetsTried(at: setting)[seen.index]),
                                      offset: offsetsTried(at: setting)[seen.index], inputs: settings[setting], operand: shown)
                witness.harm = harm
                witness.operands = seen.operands
                return witness
            }
        }
        return nil
    }

    /// Where each operation that can fault does, for one setting, by the interpreter, each offset from the
    /// states' initial values: the first offset, and the first where the frame has a NaN or an infinity in
    /// an output or a state, each with the operands and what is not finite.
    private mutating func faultTable(_ setting: Int) -> [SourceRange: [(index: Int, operands: [Double], harm: Harm)]] {
        if let known = faultTables[setting] { return known }
        let interpreter = Interpreter(program: program)
        Self.set(settings[setting], on: interpreter)
        var table: [SourceRange: [(index: Int, operands: [Double], harm: Harm)]] = [:]
        var harmful: Set<SourceRange> = []
        for (offsetIndex, offset) in offsetsTried(at: setting).enumerated() {
            interpreter.resetState()
            let (outputs, faults) = interpreter.faults(at: offset)
            guard !faults.isEmpty else { continue }
            let states = interpreter.stateValues
            let harm = Harm(outputs: outputs.indices.compactMap { index in
                                let value = outputs[index].storedNumber
                                return value.isFinite ? nil : (index, value)
                            },
                            states: states.indices.compactMap { states[$0].isFinite ? nil : ($0, states[$0]) })
            let harms = !harm.outputs.isEmpty || !harm.states.isEmpty
            for fault in faults where !harmful.contains(fault.range) {
                // The first place it happens, then the first where it may have harmed something.
                if table[fault.range] == nil || harms {
                    table[fault.range, default: []].append((offsetIndex, fault.operands, harm))
                }
                if harms { harmful.insert(fault.range) }
            }
        }
        faultTables[setting] = table
        return table
    }

    /// What a watched output does over the offsets at one setting: each value with the index of the
    /// first offset where the output takes it.
    private struct Summary {
        /// The lowest value below 0, and the highest above 1.
        var lowest: (Double, Int)?
        var highest: (Double, Int)?
        /// The first value below 0, and above 1.
        var firstBelowZero: (Double, Int)?
        var firstAboveOne: (Double, Int)?
        var firstNaN: (Double, Int)?
        var firstInfinite: (Double, Int)?

        mutating func see(_ value: Double, at index: Int) {
            if value.isNaN {
                if firstNaN == nil { firstNaN = (value, index) }
                return
            }
            if value.isInfinite, firstInfinite == nil { firstInfinite = (value, index) }
            if value < 0 {
                if firstBelowZero == nil { firstBelowZero = (value, index) }
                if lowest.map({ value < $0.0 }) ?? true { lowest = (value, index) }
            }
            if value > 1 {
                if firstAboveOne == nil { firstAboveOne = (value, index) }
                if highest.map({ value > $0.0 }) ?? true { highest = (value, index) }
            }
        }
    }

    /// Each watched output's summary over every offset for one setting, each offset from the states'
    /// initial values: the frames pass by, only the summaries are kept.
    private mutating func summaries(_ setting: Int) -> [Int: Summary] {
        if let known = frames[setting] { return known }
        let interpreter = Interpreter(program: program)
        Self.set(settings[setting], on: interpreter)
        var seen = [Summary](repeating: Summary(), count: watched.count)
        for (offsetIndex, offset) in offsetsTried(at: setting).enumerated() {
            interpreter.resetState()
            let frame = interpreter.frame(at: offset)
            for (column, output) in watched.enumerated() {
                let value: Double
                value = (frame.indices.contains(output) ? frame[output] : .number(.nan)).storedNumber
                seen[column].see(value, at: offsetIndex)
            }
        }
        let table = Dictionary(zip(watched, seen)) { first, _ in first }
        frames[setting] = table
        return table
    }

    /// The offsets tried at a setting: every candidate at the defaults, where the values turn at the others.
    private func offsetsTried(at setting: Int) -> [Double] {
        setting == 0 ? offsets : turningOffsets
    }

    /// "at offset 200 with the defaults", "at offset 0 with textScale = 4 and reduceMotion = true".
    private func place(_ setting: Int, _ offset: Double) -> String {
        "at offset \(RangeWarnings.format(offset))\(Self.inputs(settings[setting], of: program))"
    }

    /// " with the defaults", " with textScale = 4 and reduceMotion = true", or nothing for a program without
    /// inputs: the inputs of a setting that differ from their defaults.
    static func inputs(_ setting: [Value], of program: Program) -> String {
        var changed: [String] = []
        for (index, value) in setting.enumerated() where program.inputs.indices.contains(index) {
            let input = program.inputs[index]
            // To the bit: -0.0 where the default is 0 is a setting of its own, and is named.
            if case .number(let number) = value, case .number(let fallback) = input.defaultValue {
                guard number.bitPattern != fallback.bitPattern else { continue }
            } else {
                guard value != input.defaultValue else { continue }
            }
            switch value {
            case .number(let number): changed.append("\(input.name) = \(RangeWarnings.format(number))")
            case .bool(let bool): changed.append("\(input.name) = \(bool)")
            case .phase(let phase): changed.append("\(input.name) = \(phase.name)")
            }
        }
        let inputs: String
        switch changed.count {
        case 0: inputs = program.inputs.isEmpty ? "" : " with the defaults"
        case 1: inputs = " with \(changed[0])"
        default: inputs = " with " + changed.dropLast().joined(separator: ", ") + " and " + (changed.last ?? "")
        }
        return inputs
    }
}
