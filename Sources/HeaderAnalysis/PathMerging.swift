import HeaderSource
import HeaderSyntax
import HeaderMath
import HeaderIR
import HeaderEval

/// Paths merged into one: too many from one node or in one body become their hull, a new variable, and
/// the named values they all computed stay computed.
extension SymbolicEvaluation {
    /// Fewer paths for many: the paths that agree on every bool local become one, where each number local
    /// up to `locals` is the hull of its values on them.
    mutating func merge(_ paths: [AnalysisPath], locals: Int, into start: AnalysisPath) -> [AnalysisPath] {
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

    /// The path the merged ones came from, with the named values that all of them computed, each as its
    /// hull: merging must not make them computed again (each again would fan out, and be merged again).
    mutating func remembering(_ paths: [AnalysisPath], on start: AnalysisPath) -> AnalysisPath {
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

    /// Two possibilities as one number, on one path: their forms must agree or become a variable.
    package mutating func union(_ a: AbstractNumber, _ b: AbstractNumber) -> AbstractNumber {
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
}
