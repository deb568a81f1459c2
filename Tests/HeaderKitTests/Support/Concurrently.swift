import Foundation

/// Work a test spreads over the cores (CI's machines have two), in the order it was given.
enum Concurrently {
    /// `transform` of each element, `workers` at a time, each worker taking the next element left; the
    /// results in the elements' order. `transform` runs off the test's thread; XCTest records an assertion
    /// that fails there against the running test.
    static func map<Element: Sendable, Result>(_ elements: [Element], workers: Int = 2, _ transform: @Sendable (Element) -> Result) -> [Result] {
        let slots = Slots<Result>(count: elements.count)
        DispatchQueue.concurrentPerform(iterations: Swift.min(workers, elements.count)) { _ in
            while let index = slots.take() { slots.set(index, transform(elements[index])) }
        }
        return slots.filled
    }

    private final class Slots<Result>: @unchecked Sendable {
        private let lock = NSLock()
        private var results: [Result?]
        private var next = 0
        init(count: Int) { results = Array(repeating: nil, count: count) }
        func take() -> Int? {
            lock.lock(); defer { lock.unlock() }
            guard next < results.count else { return nil }
            next += 1
            return next - 1
        }
        func set(_ index: Int, _ result: Result) { lock.lock(); results[index] = result; lock.unlock() }
        var filled: [Result] { lock.lock(); defer { lock.unlock() }; return results.compactMap { $0 } }
    }
}
