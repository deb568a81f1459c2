import HeaderSyntax

/// What a product or a quotient of two types is, or why it is refused. Points (`pt`) and device pixels
/// (`px`) are both lengths but never mix: a density (`px/pt`, pixels per point) turns one into the other,
/// as units of measure do in F#: `56pt * density` is pixels, `168px / density` points, `px / pt` a density.
/// `/` and `div` share the quotient's rule, `*` the product's.
package enum Units {
    package enum Outcome {
        case type(ValueType)
        case refused(String)
    }

    package static func product(_ lhs: ValueType, _ rhs: ValueType) -> Outcome {
        switch (lhs, rhs) {
        case (.number, _): return .type(rhs)
        case (_, .number): return .type(lhs)
        case (.length, .density), (.density, .length): return .type(.pixels)
        case (.length, .length): return .refused("cannot multiply two lengths; one side must be a plain number")
        default:
            return .refused("cannot multiply a \(lhs.displayName) by a \(rhs.displayName); one side must be a plain number (points times a density give pixels)")
        }
    }

    package static func quotient(_ lhs: ValueType, _ rhs: ValueType) -> Outcome {
        switch (lhs, rhs) {
        case _ where lhs == rhs: return .type(.number)
        case (_, .number): return .type(lhs)
        case (.pixels, .density): return .type(.length)
        case (.pixels, .length): return .type(.density)
        case (.number, .length): return .refused("cannot divide a number by a length")
        case (.number, _): return .refused("cannot divide a number by a \(rhs.displayName)")
        case (.length, .pixels): return .refused("cannot divide points by pixels; pixels divided by points give a density (px/pt)")
        case (.length, .density): return .refused("cannot divide points by a density; multiply them to get pixels, as in 'x * density'")
        default: return .refused("cannot divide a \(lhs.displayName) by a \(rhs.displayName)")
        }
    }

    /// Whether two types are points and pixels, which a conversion through a density would reconcile.
    package static func mixesPointsAndPixels(_ lhs: ValueType, _ rhs: ValueType) -> Bool {
        (lhs == .length && rhs == .pixels) || (lhs == .pixels && rhs == .length)
    }
}

extension Checker {
    /// How to turn points into pixels and back, naming the spec's density input when it has one.
    func conversionHint() -> String {
        let density = inputs.first { $0.type?.type == .density }?.name.name
        guard let density else {
            return "convert through a density: declare 'input density: px/pt = 3', then points * density are pixels and pixels / density points"
        }
        return "convert with '\(density)': points * \(density) are pixels, pixels / \(density) points"
    }
}
