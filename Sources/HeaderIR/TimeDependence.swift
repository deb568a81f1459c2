import HeaderSource
import HeaderSyntax
import HeaderMath
import HeaderSema

extension Program {
    /// Whether advancing the states at an offset reads the frame's time, along the way each `next` takes from
    /// the states, the offset and the inputs it is given; nil where no state of the spec's own reads the time
    /// (a transition's states are followed by their own rule: a transition runs until its value is its target).
    ///
    /// A frame that neither reads the time nor changes a state leaves the states where they are for every
    /// later frame at the same offset: each `next` then takes the same way through the same values, and the
    /// time, the one thing that differs, is not on it. So a running header follows the states frame by frame
    /// while the scroll stands only until such a frame (Grammar.md, "State").
    ///
    /// The body is true where a read of the time is on the way: a choice counts its condition, and only the
    /// branch that condition takes; every other operation counts each operand.
    public func timeDependence() -> Body? {
        let transitionStates = Set(transitions.flatMap { [$0.value, $0.target, $0.from, $0.start] })
        let clocked = states.indices.filter { !transitionStates.contains($0) && states[$0].next.reads(.time) }
        guard !clocked.isEmpty else { return nil }
        var builder = BodyBuilder()
        var result = Expr.bool(false, at: nameRange)
        for index in clocked {
            let next = states[index].next
            var locals: [Expr] = []
            var dependence: [Expr] = []
            func renumbered(_ expression: Expr) -> Expr {
                expression.mapReads { read, _, _ in
                    guard case .local(let local) = read, local < locals.count else { return nil }
                    return locals[local]
                }
            }
            func readsTime(_ expression: Expr) -> Expr {
                let range = expression.range
                func either(_ parts: [Expr]) -> Expr {
                    parts.map(readsTime).reduce(.bool(false, at: range)) { builder.binary(.or, $0, $1, at: range) }
                }
                switch expression.kind {
                case .read(.time): return .bool(true, at: range)
                case .read(.local(let local)): return local < dependence.count ? dependence[local] : .bool(false, at: range)
                case .read, .constant, .boolConstant: return .bool(false, at: range)
                case .unary(_, let operand): return readsTime(operand)
                case .binary(_, let lhs, let rhs): return either([lhs, rhs])
                case .curve(_, let progress): return readsTime(progress)
                case .call(_, let arguments): return either(arguments)
                case .select(let condition, let then, let otherwise):
                    let (whenTrue, whenFalse) = (readsTime(then), readsTime(otherwise))
                    let test = renumbered(condition)
                    let taken = switch (whenTrue.boolValue, whenFalse.boolValue) {
                    case (true, false): test
                    case (false, true): builder.unary(.not, test, at: range)
                    default: builder.select(test, whenTrue, whenFalse, at: range)
                    }
                    return builder.binary(.or, readsTime(condition), taken, at: range)
                }
            }
            for (position, local) in next.locals.enumerated() {
                let name = position < next.localNames.count ? next.localNames[position] : "x"
                locals.append(builder.bind(renumbered(local), name: name))
                dependence.append(builder.bind(readsTime(local), name: name + "ReadsTime"))
            }
            result = builder.binary(.or, result, readsTime(next.result), at: nameRange)
        }
        return builder.finish(result) { reads in Uses(reads: reads) { self.values[$0].body.uses } }
    }
}
