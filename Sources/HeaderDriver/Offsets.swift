import HeaderSource
import HeaderSyntax
import HeaderMath
import HeaderSema
import HeaderIR
import HeaderEval
import HeaderAnalysis
import HeaderCodeGen
import HeaderTools

/// The offsets of `--at` or `--sweep`, in order. A sweep is kept as its three numbers and yields its
/// offsets one by one, so that `eval --sweep 0:9999999:1` never holds ten million of them at once.
public struct Offsets: Sequence, Equatable, Sendable {
    fileprivate enum Storage: Equatable, Sendable {
        case list([Double])
        /// FROM + i × STEP for i in 0...last, `to` itself at `last` when the steps land on it.
        case sweep(from: Double, to: Double, step: Double, last: Int, landsOnTo: Bool)
    }

    private let storage: Storage

    public init(_ list: [Double]) { storage = .list(list) }

    package init(sweepFrom from: Double, to: Double, step: Double, last: Int, landsOnTo: Bool) {
        storage = .sweep(from: from, to: to, step: step, last: last, landsOnTo: landsOnTo)
    }

    /// How many offsets there are at most (a sweep's last one may fall past TO, and is then left out).
    public var maximumCount: Int {
        switch storage {
        case .list(let list): return list.count
        case .sweep(_, _, _, let last, _): return last + 1
        }
    }

    public struct Iterator: IteratorProtocol {
        fileprivate let storage: Storage
        fileprivate var index = 0

        public mutating func next() -> Double? {
            switch storage {
            case .list(let list):
                guard index < list.count else { return nil }
                defer { index += 1 }
                return list[index]
            case .sweep(let from, let to, let step, let last, let landsOnTo):
                while index <= last {
                    defer { index += 1 }
                    if index == last, landsOnTo { return to }
                    let offset = from + Double(index) * step
                    // A sweep that does not land on TO ends short of it by most of a step; this only guards the rule.
                    if step > 0 ? offset <= to : offset >= to { return offset }
                }
                return nil
            }
        }
    }

    public func makeIterator() -> Iterator { Iterator(storage: storage) }

    public var underestimatedCount: Int {
        switch storage {
        case .list(let list): return list.count
        case .sweep: return 0
        }
    }
}
