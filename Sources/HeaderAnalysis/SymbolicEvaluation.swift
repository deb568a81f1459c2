import HeaderSource
import HeaderSyntax
import HeaderMath
import HeaderIR
import HeaderEval

/// Evaluates the lowered program on paths: each condition whose outcome the path does not decide splits
/// it in two, each side constrained by the condition, so that `min`, `max`, `clamp`, `abs`, keyframes and
/// conditionals are exact; affine arithmetic stays exact in affine forms; any other operation gives a
/// new variable bounded by what the path allows. Too many paths from one node are merged back into one,
/// their hull: sound, less precise.
package struct SymbolicEvaluation {
    package let program: Program
    package var space = VariableSpace()
    /// The analysis variable of each input with a range, and of each state.
    var inputVariables: [Int: Int] = [:]
    var stateVariables: [Int: Int] = [:]
    /// NaN or infinities that a state may hold (its variable covers the finite values).
    var stateSpecials: [Int: AbstractNumber] = [:]
    /// What `.target` and `.velocity` read while a snap's settle body is evaluated (`RangeAnalysis.settleRanges`
    /// and the states' fixpoint); nil elsewhere, where they are read as any number.
    var target: AbstractNumber?
    var velocity: AbstractNumber?
    static let offsetVariable = 0
    static let deltaVariable = 1
    /// The frame's time, which only a transition's update reads: one variable, made where it is first read.
    var timeVariable: Int?

    /// Where something can go wrong, by kind and source range.
    package var issues: [RangeIssue] = []
    private var issueKeys: Set<String> = []
    /// Input values, each by input index, at which a divisor that can be 0 is 0 with the other inputs at
    /// their defaults and the offset at 0: where a witness of it may lie inside the inputs' ranges.
    var zeroSettings: [[Int: Double]] = []
    /// Each comparison by its source range: the outcomes seen.
    package var conditions: [SourceRange: (canBeTrue: Bool, canBeFalse: Bool)] = [:]
    /// Off while a named value is evaluated under its reader's conditions: the program computes every named
    /// value at every frame, so what a comparison inside it gives there is not all it can give.
    var notesConditions = true

    /// Each named value's ways, by the bool inputs' values: see `valueOutcomes`.
    package struct ValueKey: Hashable {
        package let index: Int
        let boolInputs: [Int: Bool]
    }
    var unconditionedValues: [ValueKey: [Outcome]] = [:]
    var valueSizes: [Int] = []
    /// The bool inputs each named value reads, through the values it reads too.
    var valueBoolInputs: [Set<Int>] = []
    var nextOrigin = 0
    /// Expressions evaluated so far, each time on each path, and how many the analysis may evaluate before
    /// it goes on with one path a node (`AnalysisLimits.evaluations`).
    package var evaluations = 0
    package var evaluationBudget = Int.max
    /// Past the budget: each node's outcomes, and the outcomes that a node goes on from, are merged into
    /// their hull, so that no expression is evaluated again for each way of the one before it, and the
    /// space answers from its variables' intervals. What remains costs each node once for each node above
    /// it that had already split.
    var economical: Bool { evaluations > evaluationBudget }

    package init(program: Program) {
        self.program = program
        _ = space.add(AnalysisVariable(lower: -.infinity, upper: .infinity, followsOffset: true))
        _ = space.add(AnalysisVariable(lower: -.infinity, upper: .infinity, followsOffset: true))
        // Once for each value, since a value comes after the values it reads.
        for value in program.values { valueBoolInputs.append(boolInputsRead(by: value.body)) }
    }

    package typealias Outcome = (path: AnalysisPath, value: AbstractValue)

    // MARK: Bodies and reads

    package mutating func evaluate(_ body: Body, on start: AnalysisPath) -> [Outcome] {
        var paths = [start]
        for (index, local) in body.locals.enumerated() {
            var next: [AnalysisPath] = []
            for path in paths {
                for (reached, value) in evaluate(local, on: path) {
                    var stored = reached
                    stored.locals[index] = identified(value)
                    next.append(stored)
                }
            }
            if next.count > (economical ? 1 : AnalysisLimits.pathsInOneBody) { next = merge(next, locals: index + 1, into: start) }
            paths = next
        }
        var outcomes: [Outcome] = []
        for path in paths { outcomes += evaluate(body.result, on: path) }
        return outcomes
    }

    package mutating func read(_ read: Read, type: ValueType, on path: AnalysisPath) -> [Outcome] {
        switch read {
        case .offset: return [(path, .number(AbstractNumber(form: boxed(Self.offsetVariable))))]
        // The difference of two finite offsets, which overflows to an infinity when they are far apart.
        case .delta:
            return [(path, .number(AbstractNumber(form: boxed(Self.deltaVariable), positiveInfinity: true, negativeInfinity: true)))]
        case .target, .velocity:
            let number = read == .target ? target : velocity
            return [(path, number.map { restricted(.number($0), on: path) }
                        ?? .number(AbstractNumber(form: nil, nan: true, positiveInfinity: true, negativeInfinity: true)))]
        // A frame's time is any finite number: `eval --trace` refuses any other, and `--at` and `--sweep` give 0.
        case .time:
            let id = timeVariable ?? space.add(AnalysisVariable(lower: -.infinity, upper: .infinity, followsOffset: true))
            timeVariable = id
            return [(path, .number(AbstractNumber(form: boxed(id))))]
        // A parameter is read only inside a function's body, which the analysis sees expanded at each call.
        case .parameter:
            return [(path, .number(AbstractNumber(form: nil, nan: true, positiveInfinity: true, negativeInfinity: true)))]
        case .input(let index):
            if let bool = path.boolInputs[index] { return [(path, .bool(bool))] }
            // A bool input splits the path where it is first read: each value on a path of its own.
            if program.inputs.indices.contains(index), program.inputs[index].type == .bool {
                return [false, true].map { value in
                    var decided = path
                    decided.boolInputs[index] = value
                    return (decided, .bool(value))
                }
            }
            if let variable = inputVariables[index] { return [(path, .number(AbstractNumber(form: boxed(variable))))] }
            switch program.inputs.indices.contains(index) ? program.inputs[index].defaultValue : .number(.nan) {
            case .number(let value): return [(path, .number(AbstractNumber(constant: value)))]
            case .bool(let value): return [(path, .bool(value))]
            case .phase(let phase): return [(path, .number(AbstractNumber(constant: Double(phase.rawValue))))]
            }
        case .state(let index):
            var number = stateSpecials[index] ?? AbstractNumber(form: nil)
            number.form = stateVariables[index].map(boxed)
            return [(path, restricted(.number(number), on: path))]
        case .local(let index):
            return [(path, restricted(path.locals[index] ?? .number(AbstractNumber(constant: .nan)), on: path))]
        case .value(let index):
            if let known = path.values[index] { return [(path, restricted(known, on: path))] }
            guard program.values.indices.contains(index) else { return [(path, .number(AbstractNumber(constant: .nan)))] }
            return valueOutcomes(index, on: path)
        }
    }

    // MARK: Expressions

    package mutating func evaluate(_ expression: Expr, on path: AnalysisPath) -> [Outcome] {
        evaluations += 1
        if evaluations == evaluationBudget &+ 1 { space.answersFromIntervals = true }
        var outcomes: [Outcome]
        switch expression.kind {
        case .constant(let value):
            return [(path, .number(AbstractNumber(constant: value)))]
        case .boolConstant(let value):
            return [(path, .bool(value))]
        case .read(let read):
            return self.read(read, type: expression.type, on: path)
        case .unary(let operation, let operand):
            outcomes = []
            for (reached, value) in evaluate(operand, on: path) {
                outcomes += unary(operation, value, on: reached, at: expression.range)
            }
        case .binary(let operation, let lhs, let rhs):
            outcomes = []
            let fraction = operation == .divide ? Self.segmentFraction(lhs, rhs) : nil
            var lefts = evaluate(lhs, on: path)
            var taken = 0
            while taken < lefts.count {
                // Past the budget, the ways not yet taken go on as one.
                if economical, lefts.count - taken > 1 { lefts = Array(lefts[..<taken]) + merged(Array(lefts[taken...]), on: path) }
                let (afterLeft, left) = lefts[taken]
                taken += 1
                // `and` and `or` read both sides, but a decided left side decides (nothing has effects).
                if case .bool(let decided) = left, (operation == .and && !decided) || (operation == .or && decided) {
                    outcomes.append((afterLeft, .bool(decided)))
                    continue
                }
                for (afterRight, right) in evaluate(rhs, on: afterLeft) {
                    if let fraction, let bounded = boundedFraction(fraction, left, right, on: afterRight) {
                        outcomes.append((afterRight, bounded))
                        continue
                    }
                    outcomes += binary(operation, left, right, on: afterRight, at: expression.range)
                }
            }
        case .select(let condition, let then, let otherwise):
            outcomes = []
            var conditions = evaluate(condition, on: path)
            if economical, conditions.count > 2 { conditions = merged(conditions, on: path) }
            for (reached, value) in conditions {
                guard case .bool(let taken) = value else { continue }
                outcomes += evaluate(taken ? then : otherwise, on: reached)
            }
        case .curve(let curve, let progress):
            outcomes = []
            for (reached, value) in evaluate(progress, on: path) {
                guard case .number(let number) = value else { continue }
                outcomes.append((reached, .number(self.curve(curve, number, on: reached))))
            }
        case .call:
            // The analysis reads the program with its calls expanded (`inliningCalls`); one left is anything.
            let anything = AbstractValue.number(AbstractNumber(form: nil, nan: true, positiveInfinity: true, negativeInfinity: true))
            var either = path
            either.untracked = true
            outcomes = expression.type == .bool ? [(either, .bool(false)), (either, .bool(true))] : [(path, anything)]
        }
        if outcomes.count > (economical ? 1 : AnalysisLimits.pathsFromOneNode) { return merged(outcomes, on: path) }
        return outcomes
    }

    /// Outcomes of a node evaluated on the path, merged: a number's into their hull, a bool's into one
    /// outcome for each value it takes, each on the path they came from with what they all computed.
    mutating func merged(_ outcomes: [Outcome], on path: AnalysisPath) -> [Outcome] {
        let value = hull(outcomes)
        let base = remembering(outcomes.map(\.path), on: path)
        if case .bool = value {
            let values = Set(outcomes.compactMap { if case .bool(let b) = $0.value { return b } else { return nil } })
            // Merged, the paths forget the conditions that parted them.
            var either = base
            if values.count > 1 || outcomes.contains(where: \.path.untracked) { either.untracked = true }
            return values.sorted { !$0 && $1 }.map { (either, .bool($0)) }
        }
        var either = base
        if outcomes.count > 1 || outcomes.contains(where: \.path.untracked) { either.untracked = true }
        return [(either, value)]
    }

    /// A number as read on a path whose comparisons of it ruled out some kinds (`ExactBounds.kinds`).
    func restricted(_ value: AbstractValue, on path: AnalysisPath) -> AbstractValue {
        guard case .number(var number) = value, number.hasSpecials, let origin = number.origin,
              let kinds = path.exactBounds[origin]?.kinds, kinds != ExactBounds.Kind.all else { return value }
        if kinds & ExactBounds.Kind.finite == 0 {
            // Still that very number, for the comparisons of it still to come.
            number.specialOrigin = origin
            number.form = nil
        }
        if kinds & ExactBounds.Kind.nan == 0 { number.nan = false }
        if kinds & ExactBounds.Kind.positiveInfinity == 0 { number.positiveInfinity = false }
        if kinds & ExactBounds.Kind.negativeInfinity == 0 { number.negativeInfinity = false }
        return .number(number)
    }

    /// A variable as read: its floating-point number lies within its interval, and it is one number wherever
    /// it is read (its origin, below those of computations), so that a comparison of it bounds it exactly.
    func boxed(_ id: Int) -> LinearForm {
        var form = LinearForm.variable(id, within: space.variables[id].lower, space.variables[id].upper)
        form.origin = -1 - id
        return form
    }

    /// The form with what the comparisons taken on the path said of its very number within its
    /// floating-point bounds.
    package func known(_ form: LinearForm, on path: AnalysisPath) -> LinearForm {
        guard let origin = form.origin, let exact = path.exactBounds[origin] else { return form }
        return form.narrowed(to: exact.lower, exact.upper)
    }

    /// Bounds on the form's floating-point number on the path.
    func floatBounds(_ form: LinearForm, on path: AnalysisPath) -> FormBounds {
        let form = known(form, on: path)
        return space.floatBounds(form, real: space.bounds(form, on: path), on: path)
    }

    package mutating func record(_ kind: RangeIssue.Kind, at range: SourceRange) {
        let key = "\(kind)@\(range.start)-\(range.end)"
        guard !issueKeys.contains(key) else { return }
        issueKeys.insert(key)
        issues.append(RangeIssue(kind: kind, range: range))
    }

    /// For each ranged input the divisor's form follows, the value that makes the form 0, the other inputs
    /// at their defaults and the offset at 0, when that value lies within the input's range. Only candidates:
    /// a witness is what the interpreter then does there.
    mutating func noteZeroSettings(of divisor: LinearForm) {
        var inputOf: [Int: Int] = [:]
        for (input, id) in inputVariables { inputOf[id] = input }
        var defaults: [Int: Double] = [:]
        for (id, _) in divisor.terms {
            guard let input = inputOf[id] else { if id == Self.offsetVariable { continue } else { return } }
            guard case .number(let value) = program.inputs[input].defaultValue else { return }
            defaults[id] = value
        }
        for (id, coefficient) in divisor.terms {
            guard let input = inputOf[id], let range = program.inputs[input].range else { continue }
            var rest = divisor.constant
            for (other, a) in divisor.terms where other != id { rest += a * (defaults[other] ?? 0) }
            let value = -rest / coefficient
            guard value.isFinite, range.contains(value), value != defaults[id] else { continue }
            let setting = [input: value]
            if zeroSettings.count < AnalysisLimits.witnessSettings, !zeroSettings.contains(setting) { zeroSettings.append(setting) }
        }
        noteZeroInsideTheBox(of: divisor, inputOf: inputOf, defaults: defaults)
    }

    /// Where no one input makes the divisor 0 alone, several may together: from the defaults, each ranged
    /// input in turn moves to the value that makes the form 0 with the others where they are, or to the end
    /// of its range nearest it, so the point reaches the form's zero within the ranges whenever they hold one.
    private mutating func noteZeroInsideTheBox(of divisor: LinearForm, inputOf: [Int: Int], defaults: [Int: Double]) {
        var ranged: [(id: Int, input: Int, coefficient: Double, range: ClosedRange<Double>)] = []
        var value = divisor.constant
        for (id, coefficient) in divisor.terms {
            guard let input = inputOf[id] else { continue }
            if let range = program.inputs[input].range, coefficient != 0 {
                ranged.append((id, input, coefficient, range))
            } else {
                value += coefficient * (defaults[id] ?? 0)
            }
        }
        guard ranged.count > 1 else { return }
        var point: [Int: Double] = [:]
        for term in ranged {
            let start = Swift.min(Swift.max(defaults[term.id] ?? term.range.lowerBound, term.range.lowerBound), term.range.upperBound)
            point[term.input] = start
            value += term.coefficient * start
        }
        guard value.isFinite, value != 0 else { return }
        var moved: Set<Int> = []
        // An input held at an end may move again once another has moved: as many rounds as inputs at most.
        for _ in ranged.indices where value != 0 {
            var movedThisRound = false
            for term in ranged where value != 0 {
                guard let start = point[term.input] else { continue }
                // The value that makes the form 0 with the others where they are, or the end of the range nearest it.
                let zero = start - value / term.coefficient
                guard zero.isFinite else { return }
                let reached = Swift.min(Swift.max(zero, term.range.lowerBound), term.range.upperBound)
                guard reached != start else { continue }
                value += term.coefficient * (reached - start)
                point[term.input] = reached
                moved.insert(term.input)
                movedThisRound = true
            }
            if !movedThisRound { break }
        }
        // One input moved is a setting the search above has; a form that stays off 0 has no zero in the box.
        let scale = ranged.reduce(abs(divisor.constant)) { total, term in
            total + abs(term.coefficient) * Swift.max(abs(term.range.lowerBound), abs(term.range.upperBound))
        }
        guard moved.count > 1, abs(value) <= 1e-9 * Swift.max(scale, 1) else { return }
        guard zeroSettings.count < AnalysisLimits.witnessSettings, !zeroSettings.contains(point) else { return }
        zeroSettings.append(point)
    }

    mutating func noteCondition(_ range: SourceRange, _ outcome: Bool) {
        guard notesConditions else { return }
        var seen = conditions[range] ?? (false, false)
        if outcome { seen.canBeTrue = true } else { seen.canBeFalse = true }
        conditions[range] = seen
    }
}
