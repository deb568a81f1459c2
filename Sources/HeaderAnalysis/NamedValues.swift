import HeaderSource
import HeaderSyntax
import HeaderMath
import HeaderIR
import HeaderEval

/// Named values on a path: read under the reader's conditions when small, else evaluated once and joined
/// to each reader's, and the bool settings a body starts from.
extension SymbolicEvaluation {
    /// A named value read on a path that has not computed it. A small one (at most `AnalysisLimits.valueSizeUnderConditions`
    /// nodes, with the values it reads) is evaluated under the path's conditions, as precise as can be
    /// (`travel > 0 ? ratio : 1` proves `ratio = offset / travel` does not divide by 0). A larger one is
    /// evaluated once, on a path that no condition has narrowed, and remembered: each reader joins its
    /// ways to its own conditions (a way they rule out is dropped). Evaluating it under each reader's
    /// conditions would cost the size of everything it reads at every reader: a chain of n values would
    /// cost n² (and more, each splitting). What a path remembers of it is the value alone, so that nothing
    /// grows with the chain.
    mutating func valueOutcomes(_ index: Int, on path: AnalysisPath) -> [Outcome] {
        // Either way, the reader goes on with its own locals and the value remembered.
        func remembering(_ value: AbstractValue, on reached: AnalysisPath) -> Outcome {
            var stored = reached
            stored.locals = path.locals
            stored.values[index] = value
            return (stored, value)
        }
        if !path.constraints.isEmpty, valueSize(index) <= AnalysisLimits.valueSizeUnderConditions {
            var inner = path
            inner.locals = [:]
            let noting = notesConditions
            notesConditions = false
            defer { notesConditions = noting }
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
                kept.untracked = reached.untracked
                return (kept, identified(value))
            }
            unconditionedValues[key] = ways
        }
        var outcomes: [Outcome] = []
        for (way, value) in ways {
            var joined = path
            joined.exactBounds.merge(way.exactBounds) { current, _ in current }
            if way.untracked { joined.untracked = true }
            // The bools the way decided that the path had not (the path's own agree with the way's).
            if way.boolInputs.count > decided.count { joined.boolInputs.merge(way.boolInputs) { current, _ in current } }
            if !way.constraints.isEmpty {
                joined.constraints += way.constraints
                joined.strict += way.strict
                let excess = joined.constraints.count - AnalysisLimits.conditionsOnAPath
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
    mutating func bodyOutcomes(_ index: Int, on start: AnalysisPath) -> [Outcome] {
        let outcomes = evaluate(program.values[index].body, on: start)
        if outcomes.count > AnalysisLimits.pathsFromOneNode, outcomes.allSatisfy({ if case .number = $0.value { true } else { false } }) {
            var merged = start
            merged.untracked = true
            return [(merged, hull(outcomes))]
        }
        return outcomes
    }

    /// The nodes of a named value's body and of the values it reads, through them, counted up to just past
    /// `AnalysisLimits.valueSizeUnderConditions`: once for each value, since a value comes after the values it reads.
    mutating func valueSize(_ index: Int) -> Int {
        if valueSizes.isEmpty {
            let cap = AnalysisLimits.valueSizeUnderConditions + 1
            for value in program.values {
                var size = value.body.nodeCount
                for read in value.body.uses.values where valueSizes.indices.contains(read) { size += valueSizes[read] }
                valueSizes.append(min(size, cap))
            }
        }
        return valueSizes.indices.contains(index) ? valueSizes[index] : Int.max
    }

    /// The bool inputs a named value reads, directly or through the values it reads.
    func boolInputsRead(by index: Int) -> Set<Int> {
        valueBoolInputs.indices.contains(index) ? valueBoolInputs[index] : Set(program.inputs.indices)
    }

    /// The bool inputs a body reads, directly or through the named values it reads (those before it only,
    /// while `valueBoolInputs` fills).
    func boolInputsRead(by body: Body) -> Set<Int> {
        var read = Set(body.uses.inputs.filter { program.inputs.indices.contains($0) && program.inputs[$0].type == .bool })
        for other in body.uses.values where valueBoolInputs.indices.contains(other) { read.formUnion(valueBoolInputs[other]) }
        return read
    }

    /// How many paths `starts(for:)` gives, without making them: the same doubling, to the same limit.
    func startCount(for body: Body) -> Int {
        var count = 1
        for _ in boolInputsRead(by: body) where count < AnalysisLimits.startingSettings { count *= 2 }
        return count
    }

    /// Paths to start a body from: one for each setting of the bool inputs it reads, so that a bool splits
    /// a path once, before its conditions multiply the paths (split where it is read, the paths of every
    /// setting would meet at one node, and be merged past `AnalysisLimits.pathsFromOneNode`). Past `AnalysisLimits.startingSettings` settings, the
    /// other bools split the paths where they are read.
    package func starts(for body: Body) -> [AnalysisPath] {
        var starts = [AnalysisPath()]
        for index in boolInputsRead(by: body).sorted() where starts.count < AnalysisLimits.startingSettings {
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

    /// The value with its form marked as one computation's number (see `LinearForm.origin`). A form that is
    /// already one (a read, or the side `min` or `max` took) keeps its origin: it is that very number, so what
    /// comparisons say of either holds of both (`high = max(first, point)` and `point` where it took `point`).
    mutating func identified(_ value: AbstractValue) -> AbstractValue {
        guard case .number(var number) = value, number.origin == nil else { return value }
        if number.form != nil {
            number.form?.origin = nextOrigin
        } else if number.hasSpecials {
            number.specialOrigin = nextOrigin
        } else {
            return value
        }
        nextOrigin += 1
        return .number(number)
    }

    /// Forgets the named values evaluated so far: a state's range has grown, and values that read it change.
    mutating func forgetValues() {
        unconditionedValues.removeAll()
    }
}
