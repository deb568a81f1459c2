import HeaderSource
import HeaderSyntax
import HeaderMath
import HeaderIR

/// How an emitter lays out a `select`, shared by the Swift and the JavaScript emitters so that both
/// write the same statements for the same program.
extension Expr {
    /// Whether this `select` reads better as an if-chain than as nested conditional expressions: a
    /// keyframes' chain of segments, or a choice with a curve in a branch, which an expression would
    /// bury in one line.
    var isWrittenAsIfChain: Bool {
        guard case .select(_, let then, let otherwise) = kind else { return false }
        if case .select = otherwise.kind { return true }
        return then.containsCurve || otherwise.containsCurve
    }

    private var containsCurve: Bool {
        var found = false
        forEachNode { if case .curve = $0.kind { found = true } }
        return found
    }
}
