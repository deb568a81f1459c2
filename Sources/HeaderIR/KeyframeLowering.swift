import HeaderSource
import HeaderSyntax
import HeaderMath
import HeaderSema

/// The rule of keyframes, the one place it is written. With stops p0 < p1 < … at values v0, v1, …:
/// at or before p0 the value is v0 (or, with `extend: before`, the first segment continued); between
/// p(i-1) and p(i) (p(i) excluded) it is v(i-1) + (v(i) - v(i-1)) * curve((x - p(i-1)) / (p(i) - p(i-1)))
/// along stop i's curve, or v(i-1) for a `hold`; from the last stop on it is the last value (or, with
/// `extend: after`, the last segment continued, except after a hold, which has made its jump).
package enum KeyframeLowering {
    package static func lower(_ keyframes: CheckedKeyframes, at range: SourceRange, lowering: inout ExpressionLowering,
                      into builder: inout BodyBuilder) -> Expr {
        let stops = keyframes.stops
        guard let firstStop = stops.first else { return .constant(.nan, at: range) }
        if stops.count == 1 { return lowering.lower(firstStop.value, into: &builder) }
        if stops.count <= linearSearchLimit {
            lowering.keyframes.append(Program.Keyframes(stops: stops.map { stop in
                if case .constant(let position) = stop.position { return Program.Keyframes.Stop(range: stop.range, position: position) }
                return Program.Keyframes.Stop(range: stop.range, position: nil)
            }, extendsBefore: keyframes.extendsBefore))
        }
        let x = builder.bind(lowering.lower(keyframes.driver, into: &builder), name: "driver")
        let positions = stops.map { builder.bind(lowering.lower($0.position, into: &builder), name: "position") }
        let values = stops.map { builder.bind(lowering.lower($0.value, into: &builder), name: "stop") }
        var valueType = values[0].type
        // Plain numbers among lengths are literals that stood for the unit.
        if let unit = values.first(where: { $0.type.isNumeric && $0.type != .number })?.type { valueType = unit }

        // The nodes of a segment, and the test that picks it, are written where its stop is.
        func segment(_ index: Int, _ builder: inout BodyBuilder) -> Expr {
            let from = values[index - 1]
            guard case .curve(let curve) = stops[index].curve else { return from }
            let start = positions[index - 1]
            let here = stops[index].range
            let t = builder.binary(.divide, builder.binary(.subtract, x, start, at: here),
                                   builder.binary(.subtract, positions[index], start, at: here), at: here)
            let change = builder.binary(.subtract, values[index], from, at: here)
            var result = builder.binary(.add, from, builder.binary(.multiply, change, builder.curve(curve, t, at: here), at: here),
                                        at: here)
            result.type = valueType
            return result
        }

        let last = stops.count - 1
        var extendsAfter = keyframes.extendsAfter
        if case .hold = stops[last].curve { extendsAfter = false }
        let afterLast = extendsAfter ? segment(last, &builder) : values[last]
        var result: Expr
        if stops.count > KeyframeLowering.linearSearchLimit, positions.allSatisfy({ $0.constantValue != nil }) {
            result = search(1, last, fallback: afterLast, x: x, positions: positions, stops: stops, at: range, segment: segment,
                            builder: &builder)
        } else {
            // Built from the end: each test wraps the choices after it.
            result = afterLast
            for index in stride(from: last, through: 1, by: -1) {
                result = builder.select(builder.binary(.less, x, positions[index], at: stops[index].range), segment(index, &builder), result,
                                        at: range)
            }
        }
        if !keyframes.extendsBefore {
            result = builder.select(builder.binary(.lessEqual, x, positions[0], at: firstStop.range), values[0], result, at: range)
        }
        result.type = valueType
        return result
    }

    /// Up to this many stops, the segment is found by testing the stops in order; beyond, by halving.
    static let linearSearchLimit = 8

    /// The segment of the first stop in `low...high` whose position lies beyond x, else `fallback`,
    /// found by halving: with positions in order (the checker keeps constant ones so), x < p(middle)
    /// means the first such stop is middle or one before it, and otherwise one after it. NaN fails
    /// every test either way, as it does in order. Each segment is written once.
    private static func search(_ low: Int, _ high: Int, fallback: Expr, x: Expr, positions: [Expr],
                               stops: [CheckedKeyframes.Stop], at range: SourceRange,
                               segment: (Int, inout BodyBuilder) -> Expr, builder: inout BodyBuilder) -> Expr {
        guard low <= high else { return fallback }
        let middle = (low + high) / 2
        let before = search(low, middle - 1, fallback: segment(middle, &builder), x: x, positions: positions, stops: stops,
                            at: range, segment: segment, builder: &builder)
        let after = search(middle + 1, high, fallback: fallback, x: x, positions: positions, stops: stops, at: range,
                           segment: segment, builder: &builder)
        return builder.select(builder.binary(.less, x, positions[middle], at: stops[middle].range), before, after, at: range)
    }
}
