import HeaderSource
import HeaderSyntax
import HeaderMath
import HeaderIR
import HeaderEval

/// What each output of a program can be, proven for every offset and every input within its range (a
/// number or length input without one at its default, a bool at both values): an interval, whether it
/// can be NaN or infinite, and between which offsets it changes. The bounds hold of the floating-point
/// numbers the program gives, to the bit: the analysis reasons in real arithmetic, path by path (see
/// `SymbolicEvaluation`), widens what it finds by what rounding can do, and keeps beside it the bounds that
/// doing each operation on its operands' ends in floating point gives (`LinearForm.floatLower`), taking the
/// tighter of the two.
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
    /// Each snap's settled value, `settle.<name>`, in the order of `Program.snaps`: for every input within its
    /// range, every velocity (NaN and the infinities included) and every target within the hull of the points'
    /// proven ranges. A target outside the span of the points is left alone, so these are the targets the rule
    /// decides, and what it returns for the others is the target itself, within that hull too.
    public let settles: [OutputRange]
    /// The hull of each snap's points' proven ranges, with whether a point can be NaN or infinite.
    public let settlePoints: [ProvenRange]
    public let conditions: [DecidedCondition]
    /// Every comparison the analysis met, by where it is written (a keyframe's tests are written at
    /// their stops): whether it can be true, and whether it can be false.
    let outcomes: [SourceRange: (canBeTrue: Bool, canBeFalse: Bool)]
    public let issues: [RangeIssue]
    /// The finite ends of the offsets of the outputs' paths that change: on a path each value is affine in the
    /// offset (but for results of nonlinear operations), so its extremes lie at these ends, where a witness is
    /// sought first (`WitnessSearch`).
    let pathOffsetEnds: [Double]
    /// Input values inside the ranges at which a divisor can be 0 (`SymbolicEvaluation.zeroSettings`).
    let zeroSettings: [[Int: Double]]
    /// Each state's values as the fixpoint leaves them (an infinite end where `next` can take it ever
    /// further), for the warning about a state that runs off (`StateWarnings`).
    let stateRanges: [(lower: Double, upper: Double)]
    /// The expressions evaluated, each once for each path it was reached on, and what the analysis could
    /// evaluate before it went on with one path a node (`AnalysisLimits.evaluations`).
    package let evaluations: (made: Int, budget: Int)

    public static func analyze(_ program: Program) -> RangeAnalysis {
        // A function's body is analysed where it is called, with that call's arguments.
        let program = program.inliningCalls()
        var evaluation = SymbolicEvaluation(program: program)
        evaluation.evaluationBudget = evaluationBudget(program, evaluation)
        // Bool inputs split the paths a body starts from (`SymbolicEvaluation.starts(for:)`).
        // A phase is its raw value, 0, 1 or 2, to the analysis: a number within 0...2, each value of it tried.
        for (index, input) in program.inputs.enumerated() where input.type != .bool {
            if let range = input.range ?? (input.type == .phase ? 0...Double(ScrollPhase.allCases.count - 1) : nil) {
                evaluation.inputVariables[index] = evaluation.space.add(
                    AnalysisVariable(lower: range.lowerBound, upper: range.upperBound, followsOffset: false))
            }
        }
        if !program.snaps.isEmpty {
            // What the app passes: any double, NaN and the infinities included.
            let velocity = evaluation.space.add(AnalysisVariable(lower: -.infinity, upper: .infinity, followsOffset: false))
            evaluation.velocity = AbstractNumber(form: evaluation.boxed(velocity), nan: true, positiveInfinity: true, negativeInfinity: true)
        }
        stateRanges(program, &evaluation)
        var outputs: [OutputRange] = []
        var ends: Set<Double> = []
        for output in program.outputs {
            var outcomes: [SymbolicEvaluation.Outcome] = []
            for start in evaluation.starts(for: output.body) { outcomes += evaluation.evaluate(output.body, on: start) }
            // An output that reads neither the offset nor a state (which the offset moves) is the same at every
            // offset, however its paths part on the inputs.
            let readsOffset = output.body.uses.offset || output.body.uses.state
            outputs.append(summary(output.qualifiedName, output.type, outcomes, evaluation, &ends, readsOffset: readsOffset))
        }
        var settles: [OutputRange] = [], settlePoints: [ProvenRange] = []
        for snap in program.snaps {
            let points = hull(of: snap.points, &evaluation)
            settlePoints.append(ProvenRange(min: points.lower, max: points.upper, nan: points.specials.nan,
                                            infinite: points.specials.positiveInfinity || points.specials.negativeInfinity))
            // The targets the rule decides lie strictly between the lowest and the highest point: finite, within
            // the hull of the points' finite values, or past it on a side where a point can be infinite.
            let lower = points.specials.negativeInfinity ? -.infinity : points.lower
            let upper = points.specials.positiveInfinity ? .infinity : points.upper
            var outcomes: [SymbolicEvaluation.Outcome] = []
            if lower <= upper, lower < .infinity, upper > -.infinity {
                let target = evaluation.space.add(AnalysisVariable(lower: lower, upper: upper, followsOffset: false))
                outcomes = settleOutcomes(snap, target: AbstractNumber(form: evaluation.boxed(target)), &evaluation)
            }
            // A settled value does not read the offset: it never changes between offsets.
            settles.append(summary("settle.\(snap.name)", .length, outcomes, evaluation, &ends, readsOffset: false))
        }
        let conditions = evaluation.conditions
            .filter { $0.value.canBeTrue != $0.value.canBeFalse }
            .map { DecidedCondition(range: $0.key, value: $0.value.canBeTrue) }
            .sorted { ($0.range.start, $0.range.end) < ($1.range.start, $1.range.end) }
        let stateRanges = program.states.indices.map { index -> (lower: Double, upper: Double) in
            guard let id = evaluation.stateVariables[index], evaluation.space.variables.indices.contains(id) else { return (-.infinity, .infinity) }
            return (evaluation.space.variables[id].lower, evaluation.space.variables[id].upper)
        }
        return RangeAnalysis(outputs: outputs, settles: settles, settlePoints: settlePoints, conditions: conditions,
                             outcomes: evaluation.conditions, issues: evaluation.issues, pathOffsetEnds: ends.sorted(),
                             zeroSettings: evaluation.zeroSettings, stateRanges: stateRanges,
                             evaluations: (evaluation.evaluations, evaluation.evaluationBudget))
    }

    /// What the analysis may evaluate (`AnalysisLimits.evaluations`): each named value's and output's body
    /// once for each setting it starts from, each state's as often for each round of the fixpoint.
    private static func evaluationBudget(_ program: Program, _ evaluation: SymbolicEvaluation) -> Int {
        let rounds = 2 * (AnalysisLimits.finiteGrowthsOfAState + 1) * program.states.count + 1
        var unsplit = 0
        for body in program.values.map(\.body) + program.outputs.map(\.body) {
            unsplit += evaluation.startCount(for: body) * body.nodeCount
        }
        for state in program.states {
            unsplit += evaluation.startCount(for: state.initial) * state.initial.nodeCount
            unsplit += evaluation.startCount(for: state.next) * state.next.nodeCount * rounds
        }
        // A snap's points and settle body once, and a state's snap for each round of that state's fixpoint too.
        for snap in program.snaps {
            for point in snap.points { unsplit += evaluation.startCount(for: point) * point.nodeCount }
            unsplit += evaluation.startCount(for: snap.settle) * snap.settle.nodeCount * (snap.state == nil ? 1 : rounds + 1)
        }
        return AnalysisLimits.evaluations(withoutSplits: unsplit)
    }

    /// A transition's states, known by construction, so that the fixpoint never evaluates their updates (each
    /// carries the transition's conditions, which may split into many paths). The target is -1, 0 or 1; the
    /// start a time, finite. Where every run's fraction is within 0...1 (no duration can be +infinity, the one
    /// that can make a ratio of infinities NaN) and each curve keeps 0...1 within 0...1, the value and where a
    /// run starts are within 0...1, rounding and all: `from + c * (to - from)` with `to` 0 or 1, `from` and `c`
    /// within 0...1 is `from - c * from` towards 0, where `c * from` rounds to at most `from`, and towards 1
    /// `from` plus `c * (1 - from)`, where `1 - from` is exact from 0.5 up and within half an ulp of 2⁻⁵³
    /// below, so the sum rounds to at most 1. Elsewhere a reversal mid-way can carry an overshoot further at
    /// each turn, without bound: any number, NaN and the infinities too.
    private static func transitionRanges(_ program: Program, _ evaluation: inout SymbolicEvaluation)
        -> [Int: (lower: Double, upper: Double, specials: AbstractNumber?)] {
        var known: [Int: (lower: Double, upper: Double, specials: AbstractNumber?)] = [:]
        for transition in program.transitions {
            known[transition.target] = (-1, 1, nil)
            known[transition.start] = (-.infinity, .infinity, nil)
            let durations = hull(of: transition.durations, &evaluation)
            evaluation.forgetValues()
            let bounded = !durations.specials.positiveInfinity && transition.curves.allSatisfy { curve in
                let range = CurveRange.range(of: curve, over: 0, 1)
                return range.lower >= 0 && range.upper <= 1
            }
            let anything = AbstractNumber(form: nil, nan: true, positiveInfinity: true, negativeInfinity: true)
            for state in [transition.from, transition.value] {
                known[state] = bounded ? (0, 1, nil) : (-.infinity, .infinity, anything)
            }
        }
        return known
    }

    /// Each state's values: from its initial value, the hull of what `next` can give from the values so
    /// far, and of what a snap that moves the state can settle on from a target at any of them, until nothing
    /// grows; a side that has grown `AnalysisLimits.finiteGrowthsOfAState` times and grows again is unbounded.
    /// Each round that is not the last makes a side grow, so the rounds end.
    private static func stateRanges(_ program: Program, _ evaluation: inout SymbolicEvaluation) {
        for (index, state) in program.states.enumerated() {
            let start = initialRange(state, &evaluation)
            evaluation.stateSpecials[index] = start.specials
            evaluation.stateVariables[index] = evaluation.space.add(
                AnalysisVariable(lower: start.lower, upper: start.upper, followsOffset: true))
        }
        guard !program.states.isEmpty else { return }
        let known = transitionRanges(program, &evaluation)
        for (index, range) in known {
            guard let id = evaluation.stateVariables[index] else { continue }
            evaluation.space.variables[id].lower = range.lower
            evaluation.space.variables[id].upper = range.upper
            evaluation.stateSpecials[index] = range.specials
        }
        var snapsOfState: [Int: [Program.Snap]] = [:]
        for snap in program.snaps { if let state = snap.state { snapsOfState[state, default: []].append(snap) } }
        var growths = Array(repeating: (lower: 0, upper: 0), count: program.states.count)
        var grew = true
        while grew {
            grew = false
            for (index, state) in program.states.enumerated() where known[index] == nil {
                guard let id = evaluation.stateVariables[index] else { continue }
                var outcomes: [SymbolicEvaluation.Outcome] = []
                for start in evaluation.starts(for: state.next) { outcomes += evaluation.evaluate(state.next, on: start) }
                // A snap that moves the state: when the scroll ends, the state takes the settled value for a target
                // at its own value, and frames read that until the next advance applies its bounds.
                for snap in snapsOfState[index] ?? [] {
                    var target = evaluation.stateSpecials[index] ?? AbstractNumber(form: nil)
                    target.form = evaluation.boxed(id)
                    outcomes += settleOutcomes(snap, target: target, &evaluation)
                }
                var variable = evaluation.space.variables[id]
                var specials = evaluation.stateSpecials[index] ?? AbstractNumber(form: nil)
                for outcome in outcomes {
                    guard let bounds = finiteBounds(of: outcome, &evaluation, specials: &specials) else { continue }
                    if bounds.lower < variable.lower {
                        variable.lower = growths[index].lower >= AnalysisLimits.finiteGrowthsOfAState ? -.infinity : bounds.lower
                        growths[index].lower += 1
                        grew = true
                    }
                    if bounds.upper > variable.upper {
                        variable.upper = growths[index].upper >= AnalysisLimits.finiteGrowthsOfAState ? .infinity : bounds.upper
                        growths[index].upper += 1
                        grew = true
                    }
                }
                evaluation.space.variables[id] = variable
                // A state that can now be NaN or infinite changes what the states that read it give, as a bound that grew.
                let before = evaluation.stateSpecials[index] ?? AbstractNumber(form: nil)
                if (specials.nan, specials.positiveInfinity, specials.negativeInfinity)
                    != (before.nan, before.positiveInfinity, before.negativeInfinity) { grew = true }
                evaluation.stateSpecials[index] = specials
                evaluation.forgetValues()
            }
        }
    }

    /// The finite bounds of an outcome's number on its path, or nil when it is not a number, has no finite
    /// part or cannot happen; its NaN and infinities are added to `specials`.
    private static func finiteBounds(of outcome: SymbolicEvaluation.Outcome, _ evaluation: inout SymbolicEvaluation,
                                     specials: inout AbstractNumber) -> (lower: Double, upper: Double)? {
        guard case .number(let number) = outcome.value else { return nil }
        specials.nan = specials.nan || number.nan
        specials.positiveInfinity = specials.positiveInfinity || number.positiveInfinity
        specials.negativeInfinity = specials.negativeInfinity || number.negativeInfinity
        guard let form = number.form else { return nil }
        let bounds = evaluation.floatBounds(form, on: outcome.path)
        return bounds.infeasible ? nil : (bounds.lower, bounds.upper)
    }

    /// The values a state starts from: its constant, or the hull of what its initial value (which reads
    /// inputs and their named values only) can be, with whether it can be NaN or infinite.
    private static func initialRange(_ state: Program.State, _ evaluation: inout SymbolicEvaluation)
        -> (lower: Double, upper: Double, specials: AbstractNumber?) {
        if let constant = state.constantInitial {
            guard constant.isNaN || constant.isInfinite else { return (constant, constant, nil) }
        }
        var (lower, upper, specials) = hull(of: [state.initial], &evaluation)
        evaluation.forgetValues()
        // Only NaN or an infinity: the finite part is empty, which a variable cannot be; any value is sound.
        if !(lower <= upper) { (lower, upper) = (-.infinity, .infinity) }
        return (lower, upper, specials)
    }

    /// The hull of the finite values that bodies of inputs and named values can give (empty, lower > upper,
    /// when they give none), with whether they can be NaN or infinite.
    private static func hull(of bodies: [Body], _ evaluation: inout SymbolicEvaluation)
        -> (lower: Double, upper: Double, specials: AbstractNumber) {
        var lower = Double.infinity, upper = -Double.infinity
        var specials = AbstractNumber(form: nil)
        for body in bodies {
            for start in evaluation.starts(for: body) {
                for outcome in evaluation.evaluate(body, on: start) {
                    guard let bounds = finiteBounds(of: outcome, &evaluation, specials: &specials) else { continue }
                    lower = Swift.min(lower, bounds.lower)
                    upper = Swift.max(upper, bounds.upper)
                }
            }
        }
        return (lower, upper, specials)
    }

    /// A snap's settle body on every path, its target reading `target` (its velocity reads any number). Its
    /// comparisons are not listed among the conditions that never change: they are the rule's own, written
    /// where the snap is, and what they decide is over the targets given here, not all a gesture can give.
    private static func settleOutcomes(_ snap: Program.Snap, target: AbstractNumber,
                                       _ evaluation: inout SymbolicEvaluation) -> [SymbolicEvaluation.Outcome] {
        let (notes, before) = (evaluation.notesConditions, evaluation.target)
        (evaluation.notesConditions, evaluation.target) = (false, target)
        defer { (evaluation.notesConditions, evaluation.target) = (notes, before) }
        var outcomes: [SymbolicEvaluation.Outcome] = []
        for start in evaluation.starts(for: snap.settle) { outcomes += evaluation.evaluate(snap.settle, on: start) }
        return outcomes
    }

    /// What an output is on a path where it does not follow the offset: a bool, a constant, or a form of the
    /// inputs and states alone, with whether it can be NaN or infinite too (numbers by their bits, so that
    /// NaN is one value).
    private enum SteadyValue: Hashable {
        case bool(Bool)
        case constant(UInt64, specials: Int)
        case form(constant: UInt64, terms: [Int], coefficients: [UInt64], specials: Int)

        init(_ number: AbstractNumber) {
            let specials = (number.nan ? 1 : 0) | (number.positiveInfinity ? 2 : 0) | (number.negativeInfinity ? 4 : 0)
            guard let form = number.form else { self = .constant(Double.nan.bitPattern, specials: specials); return }
            let constant = (form.constant + 0).bitPattern
            self = form.isConstant ? .constant(constant, specials: specials)
                : .form(constant: constant, terms: form.terms.map(\.id), coefficients: form.terms.map { ($0.coefficient + 0).bitPattern },
                        specials: specials)
        }
    }

    private static func summary(_ name: String, _ type: ValueType, _ outcomes: [SymbolicEvaluation.Outcome],
                                _ evaluation: SymbolicEvaluation, _ ends: inout Set<Double>, readsOffset: Bool = true) -> OutputRange {
        let space = evaluation.space
        var range = ProvenRange(min: .infinity, max: -.infinity)
        var canBeTrue = false, canBeFalse = false
        // Each path that can be taken, with the steady value it gives (by its index in `steady`), or nil
        // where the value follows the offset.
        var taken: [(path: AnalysisPath, steady: Int?)] = []
        var steady: [SteadyValue: Int] = [:]
        func seen(_ value: SteadyValue?, on path: AnalysisPath) {
            guard let value else { return taken.append((path, nil)) }
            let index = steady[value] ?? steady.count
            steady[value] = index
            taken.append((path, index))
        }
        for (path, value) in outcomes {
            switch value {
            case .bool(let bool):
                if bool { canBeTrue = true } else { canBeFalse = true }
                seen(.bool(bool), on: path)
            case .number(let number):
                range.nan = range.nan || number.nan
                range.infinite = range.infinite || number.positiveInfinity || number.negativeInfinity
                if let form = number.form {
                    let bounds = evaluation.floatBounds(form, on: path)
                    if bounds.infeasible { continue }
                    range.min = Swift.min(range.min, bounds.lower)
                    range.max = Swift.max(range.max, bounds.upper)
                    if space.followsOffset(form) { seen(nil, on: path); continue }
                }
                // A number that can be more than one thing on a path (a constant or NaN, +inf or -inf, as
                // `1pt / (offset * 0)` is by the sign of the zero) can change between its path's offsets.
                let kinds = (number.form != nil ? 1 : 0) + (number.nan ? 1 : 0) + (number.positiveInfinity ? 1 : 0)
                    + (number.negativeInfinity ? 1 : 0)
                if kinds > 1, readsOffset { seen(nil, on: path); continue }
                seen(SteadyValue(number), on: path)
            }
        }
        range.min = clean(range.min, .down)
        range.max = clean(range.max, .up)
        return OutputRange(name: name, type: type, range: range, canBeTrue: canBeTrue, canBeFalse: canBeFalse,
                           changes: !readsOffset ? nil : evaluation.economical && (range.min < range.max || (canBeTrue && canBeFalse))
                               // Past the budget, merged paths forget the conditions on the offset that parted
                               // them: where the output changes is then unknown.
                               ? (-.infinity, .infinity)
                               : changingOffsets(taken, steadyValues: steady.count, space, &ends))
    }

    /// The offsets outside which an output is constant: every offset of a path whose value follows the
    /// offset, and each end of a path where a different value can take over, that is, an end within the
    /// offsets of another value. One value on every path never changes, however the paths part, and paths
    /// that part on the inputs alone have no finite end.
    private static func changingOffsets(_ taken: [(path: AnalysisPath, steady: Int?)], steadyValues: Int,
                                        _ space: VariableSpace, _ ends: inout Set<Double>) -> (from: Double, to: Double)? {
        let varies = taken.contains { $0.steady == nil || $0.path.untracked }
        guard varies || steadyValues > 1 else { return nil }
        var from = Double.infinity, to = -Double.infinity
        // The offsets of each path, and their hull for each steady value.
        var offsets: [(lower: Double, upper: Double, steady: Int?)] = []
        var hulls = Array(repeating: (lower: Double.infinity, upper: -Double.infinity), count: steadyValues)
        for (path, steady) in taken {
            // A path whose constraints do not say where it is taken may meet the others anywhere within them.
            let value = path.untracked ? nil : steady
            let offset = space.offsetsAsFloatingPointMeets(path)
            if offset.infeasible { continue }
            for end in [offset.lower, offset.upper] where end.isFinite { ends.insert(end) }
            offsets.append((offset.lower, offset.upper, value))
            if let value {
                hulls[value] = (Swift.min(hulls[value].lower, offset.lower), Swift.max(hulls[value].upper, offset.upper))
            } else {
                from = Swift.min(from, offset.lower)
                to = Swift.max(to, offset.upper)
            }
        }
        let varying = (lower: from, upper: to)
        // How many values' hulls hold an end: those that start at or before it less those that stop before
        // it, by halving the sorted ends. The end's own value's hull is one of them.
        let held = hulls.filter { $0.lower <= $0.upper }
        let lowers = held.map(\.lower).sorted(), uppers = held.map(\.upper).sorted()
        func count(_ sorted: [Double], below limit: Double, orAt: Bool) -> Int {
            var (low, high) = (0, sorted.count)
            while low < high {
                let middle = (low + high) / 2
                if sorted[middle] < limit || (orAt && sorted[middle] == limit) { low = middle + 1 } else { high = middle }
            }
            return low
        }
        func takenOver(at end: Double) -> Bool {
            if varying.lower <= end && end <= varying.upper { return true }
            return count(lowers, below: end, orAt: true) - count(uppers, below: end, orAt: false) > 1
        }
        for (lower, upper, value) in offsets {
            guard value != nil else { continue }
            for end in [lower, upper] where end.isFinite && (end < from || end > to) && takenOver(at: end) {
                from = Swift.min(from, end)
                to = Swift.max(to, end)
            }
        }
        // Values that differ on paths with no finite end between them part on a condition the paths could not
        // keep (one that rounding may decide either way, say): where they change is unknown.
        return from <= to ? (clean(from, .down), clean(to, .up)) : (-.infinity, .infinity)
    }

    /// A bound as printed: within 1e-13 of it, a number with 12 significant digits (or 0) is taken when that
    /// widens the range (`.down` for a lower bound or the offset where an output starts changing, `.up` for an
    /// upper one or where it stops), so that it never narrows: a lower bound of 0.3235374321849094 is not
    /// printed as 0.323537432185, which the value that attains it would pass. Any other bound is kept to the
    /// bit.
    package static func clean(_ value: Double, _ direction: FloatingPointRoundingRule) -> Double {
        guard value.isFinite, value != 0 else { return value + 0 }
        // An integer is already clean: most bounds are, and formatting is the analysis's costliest step.
        if value == value.rounded(), abs(value) < 1e12 { return value }
        guard let round = abs(value) < 1e-13 ? 0 : roundNumber(near: value) else { return value }
        let widens = direction == .down ? round <= value : direction == .up ? round >= value : true
        return widens && abs(round - value) <= 1e-13 * Swift.max(1, abs(value)) ? round + 0 : value
    }

    /// The number with 12 significant digits nearest the value: what a bound within rounding of it is taken for.
    private static func roundNumber(near value: Double) -> Double? {
        Double(String(format: "%.12g", value))
    }
}

/// Something that can go wrong at a place in the source.
public struct RangeIssue: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        case divisionByZero
        case squareRootOfNegative
        case powerOfNegative
    }

    public let kind: Kind
    public let range: SourceRange
}
