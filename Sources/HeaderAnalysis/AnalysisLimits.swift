import HeaderSource
import HeaderSyntax
import HeaderMath
import HeaderIR
import HeaderEval

/// The limits that keep the range analysis's cost bounded, in one place. None bears on soundness: past each,
/// the analysis merges paths into their hull, forgets a condition, or stops a search, which only widens
/// what it proves or leaves unsaid a warning it has no witness for. Everything else the analysis does
/// it does to completion. Together they keep its cost in proportion to the program it reads.
package enum AnalysisLimits {
    /// Paths one node may fan out to before they are merged into their hull: each comparison, `min`, `max`
    /// and `abs` doubles them, and a keyframes of n stops is n comparisons in a row.
    static let pathsFromOneNode = 24
    /// Paths a body may hold after a local before its locals are merged: locals that each split multiply.
    static let pathsInOneBody = 96
    /// The conditions a path keeps, its latest: each linear program is as large as the conditions that share
    /// variables with its question, and a path through a chain of named values gathers every one's.
    static let conditionsOnAPath = 32
    /// The largest named value (in nodes, with the values it reads) evaluated again under each reader's
    /// conditions: evaluating every value so would cost a chain of n values n².
    static let valueSizeUnderConditions = 64
    /// The settings of the bool inputs a body starts from: 2ⁿ for n bools. Past it, the other bools split
    /// the paths where they are read.
    static let startingSettings = 1 << 10
    /// How often a side of a state's range may grow to a finite bound before it is taken as unbounded: a
    /// state that grows by `delta` each round would grow forever. Each side grows at most this often and
    /// then once to an infinity, so the states' fixpoint takes at most 2 × (this + 1) rounds a state.
    static let finiteGrowthsOfAState = 6
    /// Pivots of the simplex before it gives up; a question it gives up on is answered unbounded (sound).
    static let simplexPivots = 5_000
    /// Expressions one analysis evaluates (each once on each path it is reached on) before it goes on with
    /// one path a node, as a multiple of the evaluations it would make if no node split: each body's nodes
    /// once for each setting of the bool inputs it starts from, a state's for each round of its fixpoint.
    /// The specs of the test suite need at most 1.9 times that; a product or a comparison whose left side
    /// splits evaluates its right side once for each way, which nesting (a function that calls another
    /// twice, expanded) can make thousands of times.
    static func evaluations(withoutSplits evaluations: Int) -> Int {
        let (budget, overflow) = evaluations.multipliedReportingOverflow(by: 4)
        return overflow ? Int.max : 2_000 &+ Swift.min(budget, Int.max - 2_000)
    }
    /// Settings of the inputs at which a witness is sought (the first ones of the defaults, each input's
    /// ends and each bool flipped), and the offsets tried at each: every setting costs a run of the
    /// interpreter at each offset.
    static let witnessSettings = 64
    static let witnessOffsets = 4096
}
