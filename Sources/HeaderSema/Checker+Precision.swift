import HeaderSource
import HeaderSyntax
import HeaderMath

/// Floats: values computed in binary32, as Kotlin's and Swift's `Float`, held as the Doubles they are
/// exactly. As in Swift, a Float and a Double never meet without a conversion (`toFloat`, `toDouble`); a
/// unit-less literal takes the precision of what it meets, rounded once to binary32. Every operation on
/// Floats is the Double operation rounded to binary32 (`fround`), which is the Float operation to the bit
/// for `+`, `-`, `*`, `/` and `sqrt`; the lowered program, the back ends and the range analysis see only
/// that `fround`.
extension Checker {
    /// `expression`, a Double, rounded to binary32.
    func roundedToFloat(_ expression: CheckedExpression) -> CheckedExpression {
        fold(.builtin(.fround, [expression]))
    }

    /// `typed` where a Float is wanted: a Float as it is, a constant (a literal, `56pt`, or a named value
    /// that is one) rounded once to binary32; nil for any other Double.
    func adaptedToFloat(_ typed: Typed) -> Typed? {
        if typed.binary32 { return typed }
        guard case .constant = typed.expression.unlocated else { return nil }
        var adapted = typed
        adapted.expression = roundedToFloat(typed.expression)
        adapted.binary32 = true
        return adapted
    }

    /// The operands at one precision: all Doubles, or all Floats where one is (a literal adapting); nil, with
    /// an error naming the conversions to write, where a Float meets a Double. `what` names the operation.
    mutating func atOnePrecision(_ operands: [Typed], _ ranges: [SourceRange], _ what: String, at range: SourceRange) -> [Typed]? {
        guard operands.contains(where: \.binary32) else { return operands }
        var adapted: [Typed] = []
        for (index, operand) in operands.enumerated() {
            guard let float = adaptedToFloat(operand) else {
                let place = index < ranges.count ? ranges[index] : range
                diagnostics.error("\(what) mixes a Float and a Double: write 'toFloat(...)' around the Double to compute in Float, or 'toDouble(...)' around the Float to compute in Double (Kotlin's toFloat() and toDouble())",
                                  at: range, notes: [.init(message: "this operand is a Double", range: place)])
                return nil
            }
            adapted.append(float)
        }
        return adapted
    }

    /// `typed` as a declaration that writes its type (`: pt`, `: float pt`) takes it: of that type, at that
    /// precision; nil, with an error, where it is not.
    mutating func conform(_ typed: Typed, to annotation: TypeAnnotation, _ range: SourceRange, _ what: String) -> Typed? {
        guard conform(typed, to: annotation.type, range, what) else { return nil }
        return conformPrecision(typed, to: annotation, range, what)
    }

    /// `typed` at the precision an annotation (`: float pt`, `: pt`) gives it; nil, with an error saying
    /// which conversion to write, where it has the other.
    mutating func conformPrecision(_ typed: Typed, to annotation: TypeAnnotation, _ range: SourceRange, _ what: String) -> Typed? {
        if annotation.isFloat {
            if let float = adaptedToFloat(typed) { return float }
            diagnostics.error("\(what) is declared '\(annotation.text)', a Float, and is given a Double; write 'toFloat(...)' around it (Kotlin's toFloat())",
                              at: range)
            return nil
        }
        guard typed.binary32, typed.type.isNumeric else { return typed }
        diagnostics.error("\(what) is declared '\(annotation.text)', a Double, and is given a Float; write 'toDouble(...)' around it (Kotlin's toDouble()), or declare it '\(TypeAnnotation.spelling(annotation.type, isFloat: true))'",
                          at: range)
        return nil
    }

    /// A Float where only Doubles are computed (a curve, keyframes, `mix`, `progress`, `div`, a state): an
    /// error saying what to write instead. True where `typed` is a Float.
    mutating func refuseFloat(_ typed: Typed, _ range: SourceRange, in what: String, hint: String = "") -> Bool {
        guard typed.binary32 else { return false }
        diagnostics.error("\(what) computes in Double and is given a Float; write 'toDouble(...)' around it\(hint)", at: range)
        return true
    }
}
