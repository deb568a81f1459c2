import HeaderSource
import HeaderSyntax
import HeaderMath
import HeaderSema

/// Questions every back end asks of a lowered program, answered once here so that the emitters lay out
/// the same functions for the same program.
extension Program {
    /// The named values that `bodies` read, directly or through one another.
    public func valuesNeeded(by bodies: [Body]) -> Set<Int> {
        var needed = Set<Int>()
        var pending = bodies.flatMap(\.uses.values)
        while let index = pending.popLast() {
            if needed.insert(index).inserted { pending += values[index].body.uses.values }
        }
        return needed
    }

    /// The states whose initial value reads inputs, which the first `advance` sets from the inputs it is
    /// given (the others start from their constant, the generated `State`'s default).
    public var statesStartingFromInputs: [Int] {
        states.indices.filter { states[$0].constantInitial == nil }
    }

    /// What the state update reads: every state's `next` (its bounds included) and initial value.
    public var advanceUses: Uses {
        Uses.union(states.flatMap { [$0.next.uses, $0.initial.uses] })
    }

    /// How `frame` builds a large header block by block: the named values that several blocks need, which
    /// `frame` computes once and passes on, and for each block the values only it needs, in evaluation
    /// order, and the shared ones it reads.
    public struct BlockPartition {
        public var shared: Set<Int>
        public var own: [[Int]]
        public var sharedRead: [[Int]]
        /// What each block's own bodies read themselves (the shared values bring their reads with them).
        public var uses: [Uses]
    }

    public func blockPartition() -> BlockPartition {
        var readers = [Int](repeating: 0, count: values.count)
        var blockValues: [[Int]] = []
        for block in blocks {
            let needed = valuesNeeded(by: block.outputs.map { outputs[$0].body })
            for index in needed { readers[index] += 1 }
            blockValues.append(needed.sorted())
        }
        let shared = Set(blockValues.joined().filter { readers[$0] > 1 })
        var partition = BlockPartition(shared: shared, own: [], sharedRead: [], uses: [])
        for (blockIndex, block) in blocks.enumerated() {
            let own = blockValues[blockIndex].filter { !shared.contains($0) }
            partition.own.append(own)
            partition.sharedRead.append(blockValues[blockIndex].filter { shared.contains($0) })
            var blockUses = Uses()
            var inputs = Set<Int>()
            for body in block.outputs.map({ outputs[$0].body }) + own.map({ values[$0].body }) {
                for expression in body.locals + [body.result] {
                    expression.forEachRead { read in
                        switch read {
                        case .offset: blockUses.offset = true
                        case .state: blockUses.state = true
                        case .input(let index): inputs.insert(index)
                        default: break
                        }
                    }
                }
            }
            blockUses.inputs = inputs.sorted()
            partition.uses.append(blockUses)
        }
        return partition
    }
}

extension Program {
    /// The same program with its named values as its outputs, in order: what the range analysis proves of
    /// an output it then proves of each value (the language server's hover).
    package var valuesAsOutputs: Program {
        Program(name: name, nameRange: nameRange, inputs: inputs, states: states, values: values, blocks: [],
                outputs: values.map {
                    Output(block: "", name: $0.name, nameRange: $0.nameRange, type: $0.type, body: $0.body,
                           documentation: $0.documentation)
                },
                snaps: snaps, animations: animations)
    }
}

extension Body {
    /// The nodes of the locals and the result, a call as one node with its arguments.
    public var nodeCount: Int {
        var count = 0
        for root in locals + [result] { root.forEachNode { _ in count += 1 } }
        return count
    }
}

extension Body {
    /// A body that depends on nothing (no offset, state, input or named value, and no locals): a back end
    /// computes it once, as a `static let` or a property.
    public var isFixed: Bool {
        uses.isConstant && locals.isEmpty && uses.values.isEmpty
    }

    /// The named values the body reads more than once, in `uses.values`' order: a back end computes each
    /// once, in a local, before the body.
    public var valuesReadMoreThanOnce: [Int] {
        var counts: [Int: Int] = [:]
        for expression in locals + [result] {
            expression.forEachRead { if case .value(let index) = $0 { counts[index, default: 0] += 1 } }
        }
        return uses.values.filter { counts[$0, default: 0] > 1 }
    }
}
