import HeaderSource
import HeaderSyntax
import HeaderMath
import HeaderIR
import HeaderEval

/// One way through the program: the conditions taken, the bools that inputs hold on it, and what has
/// already been computed on it (named values, the current body's locals).
package struct AnalysisPath: Sendable {
    /// The fields live in one copy-on-write box: the evaluation copies a path at every fork and at every
    /// outcome it returns, and one retain is cheaper than one for each of the six containers.
    private final class Storage: @unchecked Sendable {
        var constraints: [LinearForm] = []
        var strict: [Bool] = []
        var boolInputs: [Int: Bool] = [:]
        var values: [Int: AbstractValue] = [:]
        var locals: [Int: AbstractValue] = [:]
        var exactBounds: [Int: ExactBounds] = [:]
        var orderings: Set<Ordering> = []
        var untracked = false

        init() {}

        init(copying other: Storage) {
            constraints = other.constraints
            strict = other.strict
            boolInputs = other.boolInputs
            values = other.values
            locals = other.locals
            exactBounds = other.exactBounds
            orderings = other.orderings
            untracked = other.untracked
        }
    }

    private var storage = Storage()

    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(copying: storage) }
    }

    var constraints: [LinearForm] {
        get { storage.constraints }
        _modify { makeUnique(); yield &storage.constraints }
    }
    /// Whether each constraint is strict, `form < 0`: the linear program sees its closure, and the
    /// questions that a boundary decides (can a divisor be 0, can a branch be taken) tighten it.
    package var strict: [Bool] {
        get { storage.strict }
        _modify { makeUnique(); yield &storage.strict }
    }
    var boolInputs: [Int: Bool] {
        get { storage.boolInputs }
        _modify { makeUnique(); yield &storage.boolInputs }
    }
    package var values: [Int: AbstractValue] {
        get { storage.values }
        _modify { makeUnique(); yield &storage.values }
    }
    package var locals: [Int: AbstractValue] {
        get { storage.locals }
        _modify { makeUnique(); yield &storage.locals }
    }
    /// What the comparisons taken said of a named value's or a local's floating-point number itself, by
    /// its form's `origin`: exact, where the constraints hold of the real forms only.
    var exactBounds: [Int: ExactBounds] {
        get { storage.exactBounds }
        _modify { makeUnique(); yield &storage.exactBounds }
    }
    /// Whether the path parted from another on a condition of the offset that its constraints do not keep
    /// (of a rounded, curved or special number, or merged): the offsets its constraints allow are where it
    /// may be taken, not where it alone is, so that a value of its own may be met anywhere among them.
    var untracked: Bool {
        get { storage.untracked }
        _modify { makeUnique(); yield &storage.untracked }
    }
    /// What the comparisons taken said of the order of two such numbers, each by its origin.
    var orderings: Set<Ordering> {
        get { storage.orderings }
        _modify { makeUnique(); yield &storage.orderings }
    }
}

/// One floating-point number below another (`low < high`, or with `strict` false `low ≤ high`), each by its
/// form's origin, as a comparison of the two found it.
package struct Ordering: Hashable, Sendable {
    package let low: Int
    package let high: Int
    package let strict: Bool
}

/// Bounds on one floating-point number, each strict or not.
package struct ExactBounds: Sendable {
    package var lower = -Double.infinity, lowerStrict = false
    package var upper = Double.infinity, upperStrict = false
    /// Which kinds of number it can be on the path, as comparisons of it found (`Kind`): a comparison that
    /// an infinity decides (`r < 0.01` is false at +inf) leaves the other way to the finite numbers.
    package var kinds = Kind.all

    /// The kinds of a number, a bit each.
    package enum Kind {
        package static let finite: UInt8 = 1, nan: UInt8 = 2, positiveInfinity: UInt8 = 4, negativeInfinity: UInt8 = 8
        package static let all: UInt8 = 15

        package static func of(_ number: AbstractNumber) -> UInt8 {
            (number.form != nil ? finite : 0) | (number.nan ? nan : 0) | (number.positiveInfinity ? positiveInfinity : 0)
                | (number.negativeInfinity ? negativeInfinity : 0)
        }
    }

    var excludesZero: Bool { lower > 0 || (lower == 0 && lowerStrict) || upper < 0 || (upper == 0 && upperStrict) }
    var excludesNegative: Bool { lower >= 0 }
}

/// The extremes of a form on a path.
package struct FormBounds {
    package var lower: Double
    package var upper: Double
    /// No point of the path's constraints exists: the path cannot be taken.
    var infeasible = false
}
