import Foundation

/// What each output of a program can be, proven for every offset and every input within its range (a
/// number or length input without one at its default, a bool at both values): an interval, whether it
/// can be NaN or infinite, and between which offsets it changes. The analysis reasons in real
/// arithmetic, path by path (see `SymbolicEvaluation`); floating point can land a rounding error
/// beyond a proven bound.
public struct RangeAnalysis: Sendable {
    /// Where the finite values lie (`min` is -infinity when they are unbounded below, and the range is
    /// empty, `min > max`, when there are none), and whether NaN or an infinity can occur too.
    public struct ProvenRange: Sendable, Equatable {
        public var min: Double
        public var max: Double
        public var nan: Bool
        public var infinite: Bool

        public init(min: Double, max: Double, nan: Bool = false, infinite: Bool = false) {
            self.min = min
            self.max = max
            self.nan = nan
            self.infinite = infinite
        }

        public func contains(_ value: Double) -> Bool {
            if value.isNaN { return nan }
            if value.isInfinite { return infinite }
            return value >= min && value <= max
        }
    }

    public struct OutputRange: Sendable {
        public let name: String
        public let type: ValueType
        /// For a number or a length.
        public let range: ProvenRange
        /// For a bool, the values it can take.
        public let canBeTrue: Bool
        public let canBeFalse: Bool
        /// The offsets outside which it is constant, when it follows the offset at all.
        public let changes: (from: Double, to: Double)?
    }

    /// A comparison whose outcome never changes.
    public struct DecidedCondition: Sendable {
        public let range: SourceRange
        public let value: Bool
    }

    public let outputs: [OutputRange]
    public let conditions: [DecidedCondition]
    /// Every comparison the analysis met, by where it is written (a keyframe's tests are written at
    /// their stops): whether it can be true, and whether it can be false.
    let outcomes: [SourceRange: (canBeTrue: Bool, canBeFalse: Bool)]
    public let issues: [RangeIssue]

    public static func analyze(_ program: Program) -> RangeAnalysis {
        var evaluation = SymbolicEvaluation(program: program)
        var starts = [AnalysisPath()]
        for (index, input) in program.inputs.enumerated() {
            if input.type == .bool, starts.count < 1 << 10 {
                starts = starts.flatMap { path in
                    [false, true].map { value in
                        var path = path
                        path.boolInputs[index] = value
                        return path
                    }
                }
            } else if let range = input.range {
                evaluation.inputVariables[index] = evaluation.space.add(
                    AnalysisVariable(lower: range.lowerBound, upper: range.upperBound, followsOffset: false))
            }
        }
        stateRanges(program, &evaluation, starts)
        var outputs: [OutputRange] = []
        for output in program.outputs {
            var outcomes: [SymbolicEvaluation.Outcome] = []
            for start in starts { outcomes += evaluation.evaluate(output.body, on: start) }
            outputs.append(summary(output, outcomes, evaluation.space))
        }
        let conditions = evaluation.conditions
            .filter { $0.value.canBeTrue != $0.value.canBeFalse }
            .map { DecidedCondition(range: $0.key, value: $0.value.canBeTrue) }
            .sorted { ($0.range.start, $0.range.end) < ($1.range.start, $1.range.end) }
        return RangeAnalysis(outputs: outputs, conditions: conditions, outcomes: evaluation.conditions, issues: evaluation.issues)
    }

    /// Each state's values: from its initial value, the hull of what `next` can give from the values so
    /// far, until nothing grows; a side still growing after a few rounds is unbounded.
    private static func stateRanges(_ program: Program, _ evaluation: inout SymbolicEvaluation, _ starts: [AnalysisPath]) {
        for (index, state) in program.states.enumerated() {
            evaluation.stateVariables[index] = evaluation.space.add(
                AnalysisVariable(lower: state.initial, upper: state.initial, followsOffset: true))
        }
        guard !program.states.isEmpty else { return }
        for round in 0..<12 {
            var grew = false
            for (index, state) in program.states.enumerated() {
                guard let id = evaluation.stateVariables[index] else { continue }
                var outcomes: [SymbolicEvaluation.Outcome] = []
                for start in starts { outcomes += evaluation.evaluate(state.next, on: start) }
                var variable = evaluation.space.variables[id]
                var specials = evaluation.stateSpecials[index] ?? AbstractNumber(form: nil)
                for (path, value) in outcomes {
                    guard case .number(let number) = value else { continue }
                    specials.nan = specials.nan || number.nan
                    specials.positiveInfinity = specials.positiveInfinity || number.positiveInfinity
                    specials.negativeInfinity = specials.negativeInfinity || number.negativeInfinity
                    guard let form = number.form else { continue }
                    let bounds = evaluation.space.bounds(form, on: path)
                    if bounds.infeasible { continue }
                    if bounds.lower < variable.lower {
                        variable.lower = round >= 6 ? -.infinity : bounds.lower
                        grew = true
                    }
                    if bounds.upper > variable.upper {
                        variable.upper = round >= 6 ? .infinity : bounds.upper
                        grew = true
                    }
                }
                evaluation.space.variables[id] = variable
                evaluation.stateSpecials[index] = specials
                evaluation.forgetValues()
            }
            if !grew { return }
        }
    }

    /// What an output is on one path when that does not follow the offset there: a bool, or a number
    /// of the same form (and the same NaN and infinities) on every path where it is this key.
    private enum SteadyValue: Hashable {
        case bool(Bool)
        case number(constant: Double, ids: [Int], coefficients: [Double], nan: Bool, positiveInfinity: Bool, negativeInfinity: Bool)
    }

    private static func summary(_ output: Program.Output, _ outcomes: [SymbolicEvaluation.Outcome],
                                _ space: VariableSpace) -> OutputRange {
        var range = ProvenRange(min: .infinity, max: -.infinity)
        var canBeTrue = false, canBeFalse = false
        // The offsets of each path: of those whose value follows the offset, and of the others by value.
        var varying: (lower: Double, upper: Double)?
        var steady: [SteadyValue: [(lower: Double, upper: Double)]] = [:]
        func seen(_ value: SteadyValue?, on path: AnalysisPath) {
            let offset = space.bounds(.variable(SymbolicEvaluation.offsetVariable), on: path)
            if offset.infeasible { return }
            if let value {
                steady[value, default: []].append((offset.lower, offset.upper))
            } else {
                varying = (Swift.min(varying?.lower ?? .infinity, offset.lower), Swift.max(varying?.upper ?? -.infinity, offset.upper))
            }
        }
        for (path, value) in outcomes {
            switch value {
            case .bool(let bool):
                if bool { canBeTrue = true } else { canBeFalse = true }
                seen(.bool(bool), on: path)
            case .number(let number):
                range.nan = range.nan || number.nan
                range.infinite = range.infinite || number.positiveInfinity || number.negativeInfinity
                var steadyValue: SteadyValue? = .number(constant: 0, ids: [], coefficients: [], nan: number.nan,
                                                     positiveInfinity: number.positiveInfinity, negativeInfinity: number.negativeInfinity)
                if let form = number.form {
                    let bounds = space.bounds(form, on: path)
                    if bounds.infeasible { continue }
                    range.min = Swift.min(range.min, bounds.lower)
                    range.max = Swift.max(range.max, bounds.upper)
                    steadyValue = space.followsOffset(form) ? nil
                        : .number(constant: form.constant, ids: form.terms.map(\.id), coefficients: form.terms.map(\.coefficient),
                                  nan: number.nan, positiveInfinity: number.positiveInfinity, negativeInfinity: number.negativeInfinity)
                }
                seen(steadyValue, on: path)
            }
        }
        range.min = clean(range.min, .down)
        range.max = clean(range.max, .up)
        let changes = changingOffsets(varying: varying, steady: steady)
        return OutputRange(name: output.qualifiedName, type: output.type, range: range, canBeTrue: canBeTrue, canBeFalse: canBeFalse,
                           changes: changes)
    }

    /// The offsets outside which an output is constant: every offset of a path whose value follows the
    /// offset, and each end of a path where a different value can take over, that is, an end within the
    /// offsets of another value. One value on every path never changes, however the paths part, and paths
    /// that part on the inputs alone have no finite end.
    private static func changingOffsets(varying: (lower: Double, upper: Double)?,
                                        steady: [SteadyValue: [(lower: Double, upper: Double)]]) -> (from: Double, to: Double)? {
        guard varying != nil || steady.count > 1 else { return nil }
        var from = varying?.lower ?? .infinity, to = varying?.upper ?? -.infinity
        var others: [(value: SteadyValue?, hull: (lower: Double, upper: Double))] = steady.map { value, offsets in
            (value, offsets.reduce((lower: Double.infinity, upper: -Double.infinity)) { (Swift.min($0.lower, $1.lower), Swift.max($0.upper, $1.upper)) })
        }
        if let varying { others.append((nil, varying)) }
        // Past a few dozen values, every end counts: coarser, and linear.
        let everyEnd = others.count > 64
        for (value, offsets) in steady {
            for end in offsets.flatMap({ [$0.lower, $0.upper] }) where end.isFinite && (end < from || end > to) {
                let takenOver = everyEnd || others.contains { other, hull in other != value && hull.lower <= end && end <= hull.upper }
                if takenOver {
                    from = Swift.min(from, end)
                    to = Swift.max(to, end)
                }
            }
        }
        return from <= to ? (clean(from, .toNearestOrEven), clean(to, .toNearestOrEven)) : nil
    }

    /// A bound the linear program found within its own rounding error (a few units in the 15th digit) of a
    /// number with 12 significant digits, or of 0, is that number when that widens the range (`.down` for a
    /// lower bound, `.up` for an upper one, either way for an offset where an output starts or stops
    /// changing); any other bound is kept to the bit. Never narrowing is what keeps
    /// a bound that is not round, `0.3235374321849094`, from being printed as `0.323537432185` and passed by
    /// the very value that attains it.
    static func clean(_ value: Double, _ direction: FloatingPointRoundingRule) -> Double {
        guard value.isFinite, value != 0 else { return value + 0 }
        // An integer is already clean: most bounds are, and formatting is the analysis's costliest step.
        if value == value.rounded(), abs(value) < 1e12 { return value }
        let widens = { (candidate: Double) in
            direction == .down ? candidate <= value : direction == .up ? candidate >= value : true
        }
        if abs(value) < 1e-13 { return widens(0) ? 0 : value }
        guard let rounded = Double(String(format: "%.12g", value)), widens(rounded) else { return value }
        return abs(rounded - value) <= 1e-13 * Swift.max(1, abs(value)) ? rounded : value
    }
}
