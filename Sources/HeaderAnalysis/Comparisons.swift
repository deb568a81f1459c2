import HeaderSource
import HeaderSyntax
import HeaderMath
import HeaderIR
import HeaderEval

/// Comparisons on abstract values: each outcome the path allows, constrained by it, and what a comparison
/// of a named value's own number with a constant says of that number.
extension SymbolicEvaluation {
    /// `d = lhs - rhs` against 0: decided when the path decides it, else both outcomes, each constrained.
    package mutating func compare(_ operation: BinaryOperation, _ lhs: LinearForm, _ rhs: LinearForm, on path: AnalysisPath,
                                  at range: SourceRange) -> [Outcome] {
        let d = LinearForm.comparing(lhs, rhs)
        let bounds = space.bounds(d, on: path)
        // For each outcome: the constraints that say it (form ≤ 0 or < 0), or nil when it cannot happen.
        var whenTrue: [(LinearForm, Bool)]?, whenFalse: [(LinearForm, Bool)]?
        switch operation {
        case .less:
            whenTrue = bounds.lower < 0 ? [(d, true)] : nil
            whenFalse = bounds.upper >= 0 ? [(-d, false)] : nil
        case .lessEqual:
            whenTrue = bounds.lower <= 0 ? [(d, false)] : nil
            whenFalse = bounds.upper > 0 ? [(-d, true)] : nil
        case .greater:
            whenTrue = bounds.upper > 0 ? [(-d, true)] : nil
            whenFalse = bounds.lower <= 0 ? [(d, false)] : nil
        case .greaterEqual:
            whenTrue = bounds.upper >= 0 ? [(-d, false)] : nil
            whenFalse = bounds.lower < 0 ? [(d, true)] : nil
        case .equal, .notEqual:
            let canBeZero = bounds.lower <= 0 && bounds.upper >= 0
            let canBeOther = bounds.lower < bounds.upper || bounds.lower != 0
            let zero: [(LinearForm, Bool)]? = canBeZero ? [(d, false), (-d, false)] : nil
            let other: [(LinearForm, Bool)]? = canBeOther ? [] : nil
            whenTrue = operation == .equal ? zero : other
            whenFalse = operation == .equal ? other : zero
        default:
            return []
        }
        // An outcome that real arithmetic rules out, floating point may still give: `(offset + 1) - offset`
        // is 1 in real arithmetic, and 0 at offsets past 2⁵³. It is possible where each constraint holds within
        // the rounding error (everywhere when that is unbounded), and then taken with no constraint: one that
        // close to the linear program's tolerance would be judged by the tolerance.
        var relaxedOutcome = false
        // The constraints as floating point may meet them: each within the rounding error of d on the path
        // (anywhere, where that is unbounded); nil where even that rules them out.
        var roundingError: LinearForm??
        func relaxed(_ constraints: [(LinearForm, Bool)]) -> [(LinearForm, Bool)]? {
            let error = roundingError ?? space.roundingError(d, on: path)
            roundingError = .some(error)
            guard let error else { return [] }
            for (form, _) in constraints where space.withinError(form, error, on: path).lower > 0 { return nil }
            return []
        }
        if d.rounds, whenTrue == nil || whenFalse == nil {
            relaxedOutcome = true
            let zero = [(d, false), (-d, false)]
            switch operation {
            case .less: if whenTrue == nil { whenTrue = relaxed([(d, true)]) } else { whenFalse = relaxed([(-d, false)]) }
            case .lessEqual: if whenTrue == nil { whenTrue = relaxed([(d, false)]) } else { whenFalse = relaxed([(-d, true)]) }
            case .greater: if whenTrue == nil { whenTrue = relaxed([(-d, true)]) } else { whenFalse = relaxed([(d, false)]) }
            case .greaterEqual: if whenTrue == nil { whenTrue = relaxed([(-d, false)]) } else { whenFalse = relaxed([(d, true)]) }
            case .equal:
                if whenTrue == nil { whenTrue = relaxed(zero) } else { whenFalse = [] }
            case .notEqual:
                if whenFalse == nil { whenFalse = relaxed(zero) } else { whenTrue = [] }
            default: break
            }
        }
        // Numbers that comparisons on the path ordered exactly (`Ordering`, `ExactBounds`) decide it whatever
        // their forms' rounding: `point >= target` under `target < high`, where `high` is that point.
        if let decided = orderedOutcome(operation, lhs, rhs, on: path) {
            if decided { whenFalse = nil } else { whenTrue = nil }
        }
        var outcomes: [Outcome] = []
        for (outcome, constraints) in [(false, whenFalse), (true, whenTrue)] {
            guard let constraints else { continue }
            var branch = path
            for (form, strict) in constraints where !form.isConstant { branch = space.adding(form, strict: strict, to: branch) }
            // A branch that only a boundary allows, where a strict condition shuts it, is not taken, unless
            // rounding can still take it: the constraints are of real forms, whose constants the analysis
            // rounds too (`x - 1e-17pt` with x = `offset + d - 0.5pt` keeps -0.5 as its constant), and
            // floating point can meet them where real arithmetic cannot (x is exactly `offset` at d = 0.5).
            if whenTrue != nil, whenFalse != nil, !space.isFeasible(branch) {
                guard d.rounds, relaxed(constraints) != nil else { continue }
                branch = path
                relaxedOutcome = true
            }
            noteExactBound(operation, outcome, lhs, rhs, on: &branch)
            noteOrdering(operation, outcome, lhs, rhs, on: &branch)
            noteCondition(range, outcome)
            outcomes.append((branch, .bool(outcome)))
        }
        // Both ways, on a condition of the offset that the constraints do not bound it by, that rounding alone
        // allows, or that is an equality of a rounded form (which floating point meets about the point where
        // real arithmetic does): where each is taken is not where its constraints allow.
        let roundedEquality = d.rounds && (operation == .equal || operation == .notEqual)
        if outcomes.count == 2, space.followsOffset(d), relaxedOutcome || roundedEquality || !space.tracksOffset(d) {
            return untracked(outcomes)
        }
        return partedWithoutEnd(outcomes, on: d)
    }

    /// Two ways parted on a condition of the offset, each marked `untracked` when both reach the same infinite
    /// end of the offsets: the point where one gives way to the other is then bounded by no end of theirs, and
    /// change points read from ends would miss it (`offset / (1pt / k) < 1`, with k in 0...1, switches at
    /// 1 / k, anywhere from 1 up; the ways' offsets are all of them and those from 1 on).
    func partedWithoutEnd(_ outcomes: [Outcome], on form: LinearForm) -> [Outcome] {
        // A condition of the offset alone parts at a point (or at none).
        guard outcomes.count == 2, !outcomes[0].path.untracked || !outcomes[1].path.untracked, space.followsOffset(form),
              form.terms.contains(where: { $0.id != Self.offsetVariable })
        else { return outcomes }
        let offset = LinearForm.variable(Self.offsetVariable)
        let first = space.bounds(offset, on: outcomes[0].path), second = space.bounds(offset, on: outcomes[1].path)
        if first.infeasible || second.infeasible { return outcomes }
        guard (first.lower == -.infinity && second.lower == -.infinity) || (first.upper == .infinity && second.upper == .infinity)
        else { return outcomes }
        return untracked(outcomes)
    }

    /// The outcomes, each on its path marked `untracked`.
    func untracked(_ outcomes: [Outcome]) -> [Outcome] {
        outcomes.map { outcome in
            var path = outcome.path
            path.untracked = true
            return (path, outcome.value)
        }
    }

    /// A comparison of a named value's or a local's number with an exact constant bounds that number exactly.
    func noteExactBound(_ operation: BinaryOperation, _ outcome: Bool, _ lhs: LinearForm, _ rhs: LinearForm,
                                on path: inout AnalysisPath) {
        // value ◇ constant, or constant ◇ value read the other way round.
        var operation = operation
        let value: LinearForm, constant: Double
        if lhs.origin != nil, rhs.isConstant, !rhs.rounds {
            (value, constant) = (lhs, rhs.constant)
        } else if rhs.origin != nil, lhs.isConstant, !lhs.rounds {
            (value, constant) = (rhs, lhs.constant)
            switch operation {
            case .less: operation = .greater
            case .lessEqual: operation = .greaterEqual
            case .greater: operation = .less
            case .greaterEqual: operation = .lessEqual
            default: break
            }
        } else {
            return
        }
        guard let origin = value.origin else { return }
        var bounds = path.exactBounds[origin] ?? ExactBounds()
        func upper(_ limit: Double, strict: Bool) {
            if limit < bounds.upper || (limit == bounds.upper && strict) { (bounds.upper, bounds.upperStrict) = (limit, strict) }
        }
        func lower(_ limit: Double, strict: Bool) {
            if limit > bounds.lower || (limit == bounds.lower && strict) { (bounds.lower, bounds.lowerStrict) = (limit, strict) }
        }
        switch (operation, outcome) {
        case (.less, true), (.greaterEqual, false): upper(constant, strict: true)
        case (.lessEqual, true), (.greater, false): upper(constant, strict: false)
        case (.greater, true), (.lessEqual, false): lower(constant, strict: true)
        case (.greaterEqual, true), (.less, false): lower(constant, strict: false)
        case (.equal, true), (.notEqual, false):
            upper(constant, strict: false)
            lower(constant, strict: false)
        default: return
        }
        path.exactBounds[origin] = bounds
    }

    /// A comparison of two numbers that are each a named value's, a local's or a variable's own orders them
    /// exactly, whatever the rounding of their forms (the comparison itself rounds nothing).
    func noteOrdering(_ operation: BinaryOperation, _ outcome: Bool, _ lhs: LinearForm, _ rhs: LinearForm,
                      on path: inout AnalysisPath) {
        guard let a = lhs.origin, let b = rhs.origin else { return }
        switch (operation, outcome) {
        case (.less, true), (.greaterEqual, false): path.orderings.insert(Ordering(low: a, high: b, strict: true))
        case (.lessEqual, true), (.greater, false): path.orderings.insert(Ordering(low: a, high: b, strict: false))
        case (.greater, true), (.lessEqual, false): path.orderings.insert(Ordering(low: b, high: a, strict: true))
        case (.greaterEqual, true), (.less, false): path.orderings.insert(Ordering(low: b, high: a, strict: false))
        case (.equal, true), (.notEqual, false):
            path.orderings.insert(Ordering(low: a, high: b, strict: false))
            path.orderings.insert(Ordering(low: b, high: a, strict: false))
        default: return
        }
    }

    /// The outcome of `lhs ◇ rhs` when the path orders the two numbers exactly (`ordered`), else nil.
    func orderedOutcome(_ operation: BinaryOperation, _ lhs: LinearForm, _ rhs: LinearForm, on path: AnalysisPath) -> Bool? {
        let below = ordered(lhs, rhs, strictly: true, on: path), above = ordered(rhs, lhs, strictly: true, on: path)
        let atMost = below || ordered(lhs, rhs, strictly: false, on: path), atLeast = above || ordered(rhs, lhs, strictly: false, on: path)
        switch operation {
        case .less: return below ? true : atLeast ? false : nil
        case .lessEqual: return atMost ? true : above ? false : nil
        case .greater: return above ? true : atMost ? false : nil
        case .greaterEqual: return atLeast ? true : below ? false : nil
        case .equal: return atMost && atLeast ? true : below || above ? false : nil
        case .notEqual: return atMost && atLeast ? false : below || above ? true : nil
        default: return nil
        }
    }

    /// Whether the numbers of two forms are in order on the path (`a < b`, or with `strictly` false
    /// `a ≤ b`), exactly: two exact constants by their values, a number and a constant by what comparisons
    /// of the number said (`ExactBounds`), two numbers by their orderings.
    func ordered(_ a: LinearForm, _ b: LinearForm, strictly: Bool, on path: AnalysisPath) -> Bool {
        let aConstant = a.isConstant && !a.rounds, bConstant = b.isConstant && !b.rounds
        if aConstant, bConstant { return strictly ? a.constant < b.constant : a.constant <= b.constant }
        if let origin = a.origin, bConstant, let bounds = path.exactBounds[origin] {
            return bounds.upper < b.constant || (bounds.upper == b.constant && (!strictly || bounds.upperStrict))
        }
        if aConstant, let origin = b.origin, let bounds = path.exactBounds[origin] {
            return bounds.lower > a.constant || (bounds.lower == a.constant && (!strictly || bounds.lowerStrict))
        }
        guard let low = a.origin, let high = b.origin else { return false }
        if low == high { return !strictly }
        return path.orderings.contains(Ordering(low: low, high: high, strict: true))
            || (!strictly && path.orderings.contains(Ordering(low: low, high: high, strict: false)))
    }

    /// What the comparisons taken say of the number of this form itself, when it is a named value's or a local's.
    func exactBounds(_ form: LinearForm, on path: AnalysisPath) -> ExactBounds? {
        form.origin.flatMap { path.exactBounds[$0] }
    }

    /// Whether floating point can make the form's number 0 on the path, unless a comparison of that very
    /// number ruled 0 out.
    func mayRoundToZero(_ form: LinearForm, on path: AnalysisPath) -> Bool {
        !(exactBounds(form, on: path)?.excludesZero ?? false) && space.roundsToZero(form, on: path)
    }

    /// Whether floating point can make the form's number negative on the path, unless a comparison of that
    /// very number ruled it out.
    func mayRoundBelowZero(_ form: LinearForm, on path: AnalysisPath) -> Bool {
        !(exactBounds(form, on: path)?.excludesNegative ?? false) && space.roundsBelowZero(form, on: path)
    }
}
