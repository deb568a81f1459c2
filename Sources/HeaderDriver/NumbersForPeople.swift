import HeaderSyntax

/// How the tables for people write a number (`eval`'s, `ranges`', `layout`'s): to 12 significant digits,
/// as it reads (`1` for 0.9999999999999998, `350` for 350.0, `0` for -0.0, `+inf`); CSV and JSON keep
/// every number to the bit.
enum NumbersForPeople {
    static func text(_ value: Double) -> String {
        if value.isNaN { return "nan" }
        if value == .infinity { return "+inf" }
        if value == -.infinity { return "-inf" }
        if value == value.rounded() && abs(value) < 1e15 { return String(Int(value)) }
        let rounded = String(format: "%.12g", value)
        return rounded == "-0" ? "0" : rounded
    }

    static func text(_ value: Value) -> String {
        if case .number(let number) = value { return text(number) }
        return value.printed
    }
}
