/// Evaluates the lowered program on paths: each condition whose outcome the path does not decide splits
/// it in two, each side constrained by the condition, so that `min`, `max`, `clamp`, `abs`, keyframes and
/// conditionals are exact; affine arithmetic stays exact in affine forms; any other operation gives a
/// new variable bounded by what the path allows. Too many paths from one node are merged back into one,
/// their hull: sound, less precise.
struct SymbolicEvaluation {
    let program: Program
    var space = VariableSpace()
    /// The analysis variable of each input with a range, and of each state.
    var inputVariables: [Int: Int] = [:]
    var stateVariables: [Int: Int] = [:]
    /// NaN or infinities that a state may hold (its variable covers the finite values).
    var stateSpecials: [Int: AbstractNumber] = [:]
    static let offsetVariable = 0
    static let deltaVariable = 1

    /// Where something can go wrong, by kind and source range.
    var issues: [RangeIssue] = []
    private var issueKeys: Set<String> = []
    /// Each comparison by its source range: the outcomes seen.
    var conditions: [SourceRange: (canBeTrue: Bool, canBeFalse: Bool)] = [:]

    /// Each named value's ways, by the bool inputs' values: see `valueOutcomes`.
    private struct ValueKey: Hashable {
        let index: Int
        let boolInputs: [Int: Bool]
    }
    private var unconditionedValues: [ValueKey: [Outcome]] = [:]
    private var valueSizes: [Int] = []
    /// The bool inputs each named value reads, through the values it reads too.
    private var valueBoolInputs: [Set<Int>] = []
    private var nextOrigin = 0
    /// The largest named value (in nodes, with what it reads) evaluated again under each reader's conditions.
    static let conditionedBudget = 64

    /// The settings of a body's bool inputs it starts from, at most: beyond, bools split where they are read.
    static let startLimit = 1 << 10
    /// Paths one node may fan out to before they are merged.
    static let fanOutLimit = 24
    /// Paths a body may hold before its locals are merged.
    static let pathLimit = 96

    init(program: Program) {
        self.program = program
        _ = space.add(AnalysisVariable(lower: -.infinity, upper: .infinity, followsOffset: true))
        _ = space.add(AnalysisVariable(lower: -.infinity, upper: .infinity, followsOffset: true))
        // Once for each value, since a value comes after the values it reads.
        for value in program.values { valueBoolInputs.append(boolInputsRead(by: value.body)) }
    }

    typealias Outcome = (path: AnalysisPath, value: AbstractValue)

    // MARK: Bodies and reads

    mutating func evaluate(_ body: Body, on start: AnalysisPath) -> [Outcome] {
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
            if next.count > Self.pathLimit { next = merge(next, locals: index + 1, into: start) }
            paths = next
        }
        var outcomes: [Outcome] = []
        for path in paths { outcomes += evaluate(body.result, on: path) }
        return outcomes
    }

    /// Fewer paths for many: the paths that agree on every bool local become one, where each number local
    /// up to `locals` is the hull of its values on them.
    private mutating func merge(_ paths: [AnalysisPath], locals: Int, into start: AnalysisPath) -> [AnalysisPath] {
        var groups: [[Bool?]: [AnalysisPath]] = [:]
        var order: [[Bool?]] = []
        for path in paths {
            let key = (0..<locals).map { index -> Bool? in
                if case .bool(let bool)? = path.locals[index] { return bool }
                return nil
            }
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(path)
        }
        return order.map { key in
            let members = groups[key] ?? []
            var merged = remembering(members, on: start)
            for index in 0..<locals {
                if let bool = key[index] {
                    merged.locals[index] = .bool(bool)
                } else {
                    merged.locals[index] = hull(members.compactMap { path in path.locals[index].map { (path, $0) } })
                }
            }
            return merged
        }
    }

    /// One value for the values of several paths: a new variable over their hull, or a bool's outcome.
    mutating func hull(_ outcomes: [Outcome]) -> AbstractValue {
        var lower = Double.infinity, upper = -Double.infinity
        var result = AbstractNumber(form: nil)
        var followsOffset = false
        var bools: Set<Bool> = []
        for (path, value) in outcomes {
            switch value {
            case .bool(let bool): bools.insert(bool)
            case .number(let number):
                result.nan = result.nan || number.nan
                result.positiveInfinity = result.positiveInfinity || number.positiveInfinity
                result.negativeInfinity = result.negativeInfinity || number.negativeInfinity
                guard let form = number.form else { continue }
                let bounds = floatBounds(form, on: path)
                if bounds.infeasible { continue }
                lower = min(lower, bounds.lower)
                upper = max(upper, bounds.upper)
                followsOffset = followsOffset || space.followsOffset(form)
            }
        }
        // Only ever asked of numbers: bools are merged by keeping their paths apart.
        if !bools.isEmpty { return .bool(bools.contains(true)) }
        if lower <= upper {
            result.form = .variable(space.add(AnalysisVariable(lower: lower, upper: upper, followsOffset: followsOffset)),
                                    within: lower, upper)
        }
        return .number(result)
    }

    private mutating func read(_ read: Read, type: ValueType, on path: AnalysisPath) -> [Outcome] {
        switch read {
        case .offset: return [(path, .number(AbstractNumber(form: boxed(Self.offsetVariable))))]
        // The difference of two finite offsets, which overflows to an infinity when they are far apart.
        case .delta:
            return [(path, .number(AbstractNumber(form: boxed(Self.deltaVariable), positiveInfinity: true, negativeInfinity: true)))]
        case .target, .velocity: return [(path, .number(AbstractNumber(form: nil, nan: true, positiveInfinity: true, negativeInfinity: true)))]
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

    /// A named value read on a path that has not computed it. A small one (at most `conditionedBudget`
    /// nodes, with the values it reads) is evaluated under the path's conditions, as precise as can be
    /// (`travel > 0 ? ratio : 1` proves `ratio = offset / travel` does not divide by 0). A larger one is
    /// evaluated once, on a path that no condition has narrowed, and remembered: each reader joins its
    /// ways to its own conditions (a way they rule out is dropped). Evaluating it under each reader's
    /// conditions would cost the size of everything it reads at every reader: a chain of n values would
    /// cost n² (and more, each splitting). What a path remembers of it is the value alone, so that nothing
    /// grows with the chain.
    private mutating func valueOutcomes(_ index: Int, on path: AnalysisPath) -> [Outcome] {
        // Either way, the reader goes on with its own locals and the value remembered.
        func remembering(_ value: AbstractValue, on reached: AnalysisPath) -> Outcome {
            var stored = reached
            stored.locals = path.locals
            stored.values[index] = value
            return (stored, value)
        }
        if !path.constraints.isEmpty, valueSize(index) <= Self.conditionedBudget {
            var inner = path
            inner.locals = [:]
            return bodyOutcomes(index, on: inner).map { reached, value in remembering(identified(value), on: reached) }
        }
        // The value depends on the bools it reads alone: its ways are shared by every setting of the others.
        let decided = path.boolInputs.filter { boolInputsRead(by: index).contains($0.key) }
        let key = ValueKey(index: index, boolInputs: decided)
        let ways: [Outcome]
        if let cached = unconditionedValues[key] {
            ways = cached
        } else {
            var start = AnalysisPath()
            start.boolInputs = decided
            ways = bodyOutcomes(index, on: start).map { reached, value in
                var kept = AnalysisPath()
                kept.constraints = reached.constraints
                kept.strict = reached.strict
                kept.boolInputs = reached.boolInputs
                kept.exactBounds = reached.exactBounds
                return (kept, identified(value))
            }
            unconditionedValues[key] = ways
        }
        var outcomes: [Outcome] = []
        for (way, value) in ways {
            var joined = path
            joined.exactBounds.merge(way.exactBounds) { current, _ in current }
            // The bools the way decided that the path had not (the path's own agree with the way's).
            if way.boolInputs.count > decided.count { joined.boolInputs.merge(way.boolInputs) { current, _ in current } }
            if !way.constraints.isEmpty {
                joined.constraints += way.constraints
                joined.strict += way.strict
                let excess = joined.constraints.count - VariableSpace.constraintLimit
                if excess > 0 {
                    joined.constraints.removeFirst(excess)
                    joined.strict.removeFirst(excess)
                }
                if ways.count > 1, !path.constraints.isEmpty, !space.isFeasible(joined) { continue }
            }
            outcomes.append(remembering(value, on: joined))
        }
        return outcomes
    }

    /// A named value's body evaluated on a path. Too many ways are merged here rather than by the reading
    /// node, so that the hull is what the path remembers and a value read many times is not merged again.
    private mutating func bodyOutcomes(_ index: Int, on start: AnalysisPath) -> [Outcome] {
        let outcomes = evaluate(program.values[index].body, on: start)
        if outcomes.count > Self.fanOutLimit, outcomes.allSatisfy({ if case .number = $0.value { true } else { false } }) {
            return [(start, hull(outcomes))]
        }
        return outcomes
    }

    /// The nodes of a named value's body and of the values it reads, through them, counted up to just past
    /// `conditionedBudget`: once for each value, since a value comes after the values it reads.
    private mutating func valueSize(_ index: Int) -> Int {
        if valueSizes.isEmpty {
            let cap = Self.conditionedBudget + 1
            for value in program.values {
                var size = 0
                for root in value.body.locals + [value.body.result] { root.forEachNode { _ in size += 1 } }
                for read in value.body.uses.values where valueSizes.indices.contains(read) { size += valueSizes[read] }
                valueSizes.append(min(size, cap))
            }
        }
        return valueSizes.indices.contains(index) ? valueSizes[index] : Int.max
    }

    /// The bool inputs a named value reads, directly or through the values it reads.
    private func boolInputsRead(by index: Int) -> Set<Int> {
        valueBoolInputs.indices.contains(index) ? valueBoolInputs[index] : Set(program.inputs.indices)
    }

    /// The bool inputs a body reads, directly or through the named values it reads (those before it only,
    /// while `valueBoolInputs` fills).
    private func boolInputsRead(by body: Body) -> Set<Int> {
        var read = Set(body.uses.inputs.filter { program.inputs.indices.contains($0) && program.inputs[$0].type == .bool })
        for other in body.uses.values where valueBoolInputs.indices.contains(other) { read.formUnion(valueBoolInputs[other]) }
        return read
    }

    /// Paths to start a body from: one for each setting of the bool inputs it reads, so that a bool splits
    /// a path once, before its conditions multiply the paths (split where it is read, the paths of every
    /// setting would meet at one node, and be merged past `fanOutLimit`). Past `startLimit` settings, the
    /// other bools split the paths where they are read.
    func starts(for body: Body) -> [AnalysisPath] {
        var starts = [AnalysisPath()]
        for index in boolInputsRead(by: body).sorted() where starts.count < Self.startLimit {
            starts = starts.flatMap { path in
                [false, true].map { value in
                    var path = path
                    path.boolInputs[index] = value
                    return path
                }
            }
        }
        return starts
    }

    /// The value with its form marked as one computation's number (see `LinearForm.origin`).
    private mutating func identified(_ value: AbstractValue) -> AbstractValue {
        guard case .number(var number) = value, number.form != nil else { return value }
        number.form?.origin = nextOrigin
        nextOrigin += 1
        return .number(number)
    }

    /// Forgets the named values evaluated so far: a state's range has grown, and values that read it change.
    mutating func forgetValues() {
        unconditionedValues.removeAll()
    }

    // MARK: Expressions

    mutating func evaluate(_ expression: Expr, on path: AnalysisPath) -> [Outcome] {
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
            for (afterLeft, left) in evaluate(lhs, on: path) {
                // `and` and `or` read both sides, but a decided left side decides (nothing has effects).
                if case .bool(let decided) = left, (operation == .and && !decided) || (operation == .or && decided) {
                    outcomes.append((afterLeft, .bool(decided)))
                    continue
                }
                for (afterRight, right) in evaluate(rhs, on: afterLeft) {
                    outcomes += binary(operation, left, right, on: afterRight, at: expression.range)
                }
            }
        case .select(let condition, let then, let otherwise):
            outcomes = []
            for (reached, value) in evaluate(condition, on: path) {
                guard case .bool(let taken) = value else { continue }
                outcomes += evaluate(taken ? then : otherwise, on: reached)
            }
        case .curve(let curve, let progress):
            outcomes = []
            for (reached, value) in evaluate(progress, on: path) {
                guard case .number(let number) = value else { continue }
                outcomes.append((reached, .number(self.curve(curve, number, on: reached))))
            }
        }
        if outcomes.count > Self.fanOutLimit {
            let merged = hull(outcomes)
            let base = remembering(outcomes.map(\.path), on: path)
            if case .bool = merged {
                let values = Set(outcomes.compactMap { if case .bool(let b) = $0.value { return b } else { return nil } })
                return values.sorted { !$0 && $1 }.map { (base, .bool($0)) }
            }
            return [(base, merged)]
        }
        return outcomes
    }

    /// The path the merged ones came from, with the named values that all of them computed, each as its
    /// hull: merging must not make them computed again (each again would fan out, and be merged again).
    private mutating func remembering(_ paths: [AnalysisPath], on start: AnalysisPath) -> AnalysisPath {
        var merged = start
        guard let first = paths.first else { return merged }
        for index in first.values.keys.sorted() where start.values[index] == nil {
            let outcomes = paths.compactMap { path in path.values[index].map { (path, $0) } }
            guard outcomes.count == paths.count else { continue }
            let bools = outcomes.compactMap { if case .bool(let b) = $0.1 { return b } else { return nil } }
            if bools.isEmpty {
                merged.values[index] = hull(outcomes)
            } else if bools.count == outcomes.count, Set(bools).count == 1, let bool = bools.first {
                // A bool that differs between the paths stays to be computed again: one value cannot say both.
                merged.values[index] = .bool(bool)
            }
        }
        return merged
    }

    /// A number as read on a path whose comparisons of it ruled out some kinds (`ExactBounds.kinds`).
    private func restricted(_ value: AbstractValue, on path: AnalysisPath) -> AbstractValue {
        guard case .number(var number) = value, number.hasSpecials, let origin = number.form?.origin,
              let kinds = path.exactBounds[origin]?.kinds, kinds != ExactBounds.Kind.all else { return value }
        if kinds & ExactBounds.Kind.finite == 0 { number.form = nil }
        if kinds & ExactBounds.Kind.nan == 0 { number.nan = false }
        if kinds & ExactBounds.Kind.positiveInfinity == 0 { number.positiveInfinity = false }
        if kinds & ExactBounds.Kind.negativeInfinity == 0 { number.negativeInfinity = false }
        return .number(number)
    }

    /// A variable as read: its floating-point number lies within its interval, and it is one number wherever
    /// it is read (its origin, below those of computations), so that a comparison of it bounds it exactly.
    private func boxed(_ id: Int) -> LinearForm {
        var form = LinearForm.variable(id, within: space.variables[id].lower, space.variables[id].upper)
        form.origin = -1 - id
        return form
    }

    /// The form with what the comparisons taken on the path said of its very number within its
    /// floating-point bounds.
    func known(_ form: LinearForm, on path: AnalysisPath) -> LinearForm {
        guard let origin = form.origin, let exact = path.exactBounds[origin] else { return form }
        return form.narrowed(to: exact.lower, exact.upper)
    }

    /// Bounds on the form's floating-point number on the path.
    func floatBounds(_ form: LinearForm, on path: AnalysisPath) -> FormBounds {
        let form = known(form, on: path)
        return space.floatBounds(form, real: space.bounds(form, on: path), on: path)
    }

    private mutating func curve(_ curve: Curve, _ progress: AbstractNumber, on path: AnalysisPath) -> AbstractNumber {
        var result = AbstractNumber(form: nil, nan: progress.nan)
        for special in [Double.infinity, -.infinity] where special > 0 ? progress.positiveInfinity : progress.negativeInfinity {
            let value = curve.value(at: special)
            result = union(result, AbstractNumber(constant: value))
        }
        guard let form = progress.form else { return result }
        let bounds = floatBounds(form, on: path)
        guard !bounds.infeasible else { return result }
        // An unbounded progress along a sloped end leaves that side unbounded too.
        let range = CurveRange.range(of: curve, over: bounds.lower, bounds.upper)
        // The kernels that solve and sum in floating point are within 1e-13 of the true curve (CurvePrecisionTests
        // holds them to it), and so within twice that of one another: a value near an end can pass the kernel's
        // own value there (`ease` gives 1.0000000000000002 just below 1). That is the variable's rounding error:
        // its real bounds stay the curve's, so what they decide stays decided. Steps and the identity are exact.
        var error = 0.0
        switch curve {
        case .linear, .steps: break
        case .cubicBezier, .piecewiseLinear, .spring:
            let scale = Swift.max(1, abs(range.lower), abs(range.upper))
            error = scale.isFinite ? 2e-13 * scale : 0
        }
        var lower = range.lower - error, upper = range.upper + error
        if case .cubicBezier(let bezier) = curve {
            // A Bézier's kernel goes on along a line outside 0...1, in roundings that keep order, so its values at
            // the ends bound it there; within, it keeps its sum within the hull of the control points' y. So
            // `ease` gives 0...1 to the bit wherever its progress lies.
            var ends: [Double] = []
            if bounds.lower < 0 { ends += [curve.value(at: bounds.lower), 0] }
            if bounds.upper > 1 { ends += [curve.value(at: bounds.upper), 1] }
            let inner = (lower: Swift.max(bounds.lower, 0), upper: Swift.min(bounds.upper, 1))
            if inner.lower <= inner.upper {
                let within = CurveRange.range(of: curve, over: inner.lower, inner.upper)
                ends += [Swift.max(within.lower - error, bezier.yLow), Swift.min(within.upper + error, bezier.yHigh)]
            }
            if let low = ends.min(), let high = ends.max() { (lower, upper) = (Swift.max(lower, low), Swift.min(upper, high)) }
        }
        if case .spring(let spring) = curve {
            // A spring's kernel never gives below 0, nor above 1 where it does not overshoot, as the true spring.
            lower = Swift.max(lower, 0)
            if case .underdamped = spring.motion {} else { upper = Swift.min(upper, 1) }
        }
        let id = space.add(AnalysisVariable(lower: range.lower, upper: range.upper, followsOffset: space.followsOffset(form)))
        result.form = .variable(id, within: lower, upper, error: error)
        // A curve unbounded on a side goes there along a line, which floating point takes to an infinity at a
        // progress that is still finite (5e307 along a slope of 4).
        if range.lower == -.infinity { result.negativeInfinity = true }
        if range.upper == .infinity { result.positiveInfinity = true }
        return result
    }

    /// Two possibilities as one number, on one path: their forms must agree or become a variable.
    mutating func union(_ a: AbstractNumber, _ b: AbstractNumber) -> AbstractNumber {
        var result = AbstractNumber(form: a.form ?? b.form, nan: a.nan || b.nan, positiveInfinity: a.positiveInfinity || b.positiveInfinity,
                                    negativeInfinity: a.negativeInfinity || b.negativeInfinity)
        if let f = a.form, let g = b.form {
            let fb = space.floatBounds(f, real: space.boxBounds(f), on: AnalysisPath())
            let gb = space.floatBounds(g, real: space.boxBounds(g), on: AnalysisPath())
            let (lower, upper) = (min(fb.lower, gb.lower), max(fb.upper, gb.upper))
            result.form = .variable(space.add(AnalysisVariable(lower: lower, upper: upper,
                                                               followsOffset: space.followsOffset(f) || space.followsOffset(g))),
                                    within: lower, upper)
        }
        return result
    }

    mutating func record(_ kind: RangeIssue.Kind, at range: SourceRange) {
        let key = "\(kind)@\(range.start)-\(range.end)"
        guard !issueKeys.contains(key) else { return }
        issueKeys.insert(key)
        issues.append(RangeIssue(kind: kind, range: range))
    }

    mutating func noteCondition(_ range: SourceRange, _ outcome: Bool) {
        var seen = conditions[range] ?? (false, false)
        if outcome { seen.canBeTrue = true } else { seen.canBeFalse = true }
        conditions[range] = seen
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
