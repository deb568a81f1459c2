import HeaderSource
import HeaderSyntax

/// `div(a, b)`, the quotient truncated toward zero, takes its units as `a / b` does: a length over a
/// length is a plain number (how many times b fits in a), a length over a number is a length.
extension Checker {
    mutating func checkIntegerDivision(_ typed: [Typed], _ arguments: [Argument], _ range: SourceRange) -> Typed? {
        guard typed.count == 2, arguments.count == 2 else { return nil }
        let dividend = typed[0], divisor = typed[1]
        let type: ValueType
        switch Units.quotient(dividend.type, divisor.type) {
        case .type(let quotient): type = quotient
        case .refused(let message):
            let hint = dividend.type == .number ? "; divide a length by a length for a plain number, as in 'div(offset, 100pt)'" : ""
            diagnostics.error("'div' \(message)\(hint)",
                              at: arguments[1].value.range)
            return nil
        }
        if case .constant(let value) = divisor.expression, value == 0 {
            diagnostics.warning("div(a, 0) divides by zero: it is an infinity, or NaN when a is 0", at: arguments[1].value.range)
        }
        return Typed(expression: fold(.builtin(.div, [dividend.expression, divisor.expression])), type: type,
                     flexible: dividend.flexible && divisor.flexible)
    }
}
