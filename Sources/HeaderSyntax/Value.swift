/// A value of the language at run time. Lengths and numbers are both Doubles.
public enum Value: Sendable, Hashable {
    case number(Double)
    case bool(Bool)

    /// The value as `eval` and the pictures print it: a number as Swift prints a Double (the shortest
    /// text that reads back to the same bits), a bool as `true` or `false`.
    public var printed: String {
        switch self {
        case .number(let number): return number.description
        case .bool(let bool): return bool ? "true" : "false"
        }
    }
}
