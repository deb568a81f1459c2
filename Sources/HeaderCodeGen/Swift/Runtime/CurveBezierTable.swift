/// Where a cubic-bezier curve's solve table lives in generated Swift: built at first use, read on every call
/// without a lock or a call. On Apple's platforms the compiler reads a lazy static's once-token inline (the fast
/// path of dispatch_once), so a `static let` costs one load and a compare; elsewhere each read of a lazy static
/// calls `swift_once` in the runtime, about a tenth of a curve's time, so there the table's address is kept in
/// an atomic that starts at 0 (a constant, which needs no lazy initialisation) and is read inline. Both branches
/// build the table with the library's `curveBezierTable`, so the bits are the same.
///
/// This file is not compiled into headerc: generated code carries its declarations inside its enum, beside the
/// kernels of CurveKernels.swift (`RuntimeLibrary`; `///` comments stay here). The generated files that use it
/// are compiled by swiftc in the tests. After an edit, `HEADERC_REGENERATE_GOLDEN=1 swift test --filter
/// RuntimeEmbeddingTests` embeds the new text.

nonisolated enum GeneratedHeaderMath {
    // A cubic-bezier curve's solve table, built at its first use and kept as long as the program runs.
    #if canImport(Darwin)
    // A lazy static's once-token is read inline here: the table is built by the static's initialisation.
    private struct CurveBezierTable: @unchecked Swift.Sendable {
        // Written once, before the static is published, and never again.
        let table: Swift.UnsafeBufferPointer<Swift.Double>

        init(_ x1: Swift.Double, _ x2: Swift.Double) {
            table = curveBezierCopy(curveBezierTable(x1, x2))
        }
    }
    #else
    // A lazy static would call into the runtime on every read: the table's address is kept in an atomic
    // instead. The first use builds the table and publishes it with compare-and-exchange; a thread that
    // loses the race frees its copy and takes the winner's. The acquiring load sees the table whole.
    private struct CurveBezierTable: ~Swift.Copyable, Swift.Sendable {
        let x1: Swift.Double
        let x2: Swift.Double
        let address = Synchronization.Atomic<Swift.Int>(0)

        init(_ x1: Swift.Double, _ x2: Swift.Double) {
            self.x1 = x1
            self.x2 = x2
        }

        var table: Swift.UnsafeBufferPointer<Swift.Double> {
            let known = address.load(ordering: .acquiring)
            if known != 0 {
                return Swift.UnsafeBufferPointer(start: Swift.UnsafePointer<Swift.Double>(bitPattern: known), count: 2 * curveBezierSideSize)
            }
            return publish()
        }

        @inline(never)
        private func publish() -> Swift.UnsafeBufferPointer<Swift.Double> {
            let mine = curveBezierCopy(curveBezierTable(x1, x2))
            let (exchanged, winner) = address.compareExchange(expected: 0, desired: Swift.Int(bitPattern: mine.baseAddress), successOrdering: .acquiringAndReleasing, failureOrdering: .acquiring)
            if exchanged { return mine }
            mine.deallocate()
            return Swift.UnsafeBufferPointer(start: Swift.UnsafePointer<Swift.Double>(bitPattern: winner), count: mine.count)
        }
    }
    #endif

    // The table in memory of its own, written number by number: Thread Sanitizer sees these writes, which it
    // does not see in the bulk copy that `initialize(from:count:)` makes, so a test of the publication can
    // catch a missing ordering.
    private static func curveBezierCopy(_ built: [Swift.Double]) -> Swift.UnsafeBufferPointer<Swift.Double> {
        let storage = Swift.UnsafeMutablePointer<Swift.Double>.allocate(capacity: built.count)
        for index in 0..<built.count {
            (storage + index).initialize(to: built[index])
        }
        return Swift.UnsafeBufferPointer(start: storage, count: built.count)
    }
}
