import HeaderSource
import HeaderSyntax
import HeaderMath
import HeaderSema

/// The rule of snapping, the one place it is written. A target outside the span of the snap points is
/// left alone: the header is then fully collapsed or expanded and the content scrolls freely. Inside,
/// a fling (at least `flingVelocity`, or the snap's `fling`) settles on the first point at or beyond the
/// target in its direction, and a slower gesture on the nearest point, the lower one on a tie (the upper
/// with `ties up`). With a `threshold` t, a slower gesture settles instead on the upper of the points
/// around the target once it has gone more than t of the way from the lower one (at t exactly, on the
/// lower, or with `ties up` on the upper).
/// A NaN point is passed over, and a NaN first point leaves every target alone. A `rule` replaces all of
/// it: its expression of the target and the velocity is where the gesture rests, for every target (the
/// points then say where it should rest, which the analysis checks).
public enum SnapLowering {
    /// Points per second.
    public static let flingVelocity = 300.0

    /// A snap's clauses, lowered: nil for the default rule's part.
    package struct Rule {
        let threshold: Expr?
        let tiesUp: Bool
        let fling: Expr?
        /// `rule expression`, which decides alone, for every target.
        let custom: Expr?

        package init(threshold: Expr?, tiesUp: Bool, fling: Expr?, custom: Expr? = nil) {
            (self.threshold, self.tiesUp, self.fling, self.custom) = (threshold, tiesUp, fling, custom)
        }

        package var isDefault: Bool { threshold == nil && !tiesUp && fling == nil && custom == nil }
    }

    /// `type` is the target's and the result's: a length for the scroll, a state's type for `snap state`.
    package static func settle(points: [Expr], rule: Rule, type: ValueType = .length, at range: SourceRange,
                               into builder: inout BodyBuilder) -> Expr {
        let target = Expr(.read(.target), type, range), velocity = Expr(.read(.velocity), .length, range)
        if var custom = rule.custom {
            custom.type = type
            return custom
        }
        guard !points.isEmpty else { return target }
        let points = points.map { builder.bind($0, name: "point") }
        let first = points[0]
        let low = builder.bind(points.dropFirst().reduce(first) { builder.binary(.min, $0, $1, at: range) }, name: "low")
        let high = builder.bind(points.dropFirst().reduce(first) { builder.binary(.max, $0, $1, at: range) }, name: "high")
        let inside = builder.binary(.and, builder.binary(.greater, target, low, at: range), builder.binary(.less, target, high, at: range),
                                    at: range)
        let outside = builder.unary(.not, inside, at: range)

        // Inside the span, some point lies at or beyond the target either way, so the infinities never win.
        let above = points.map {
            builder.select(builder.binary(.greaterEqual, $0, target, at: range), $0, .constant(.infinity, .length, at: range), at: range)
        }
        var up = above.dropFirst().reduce(above[0]) { builder.binary(.min, $0, $1, at: range) }
        let below = points.map {
            builder.select(builder.binary(.lessEqual, $0, target, at: range), $0, .constant(-.infinity, .length, at: range), at: range)
        }
        var down = below.dropFirst().reduce(below[0]) { builder.binary(.max, $0, $1, at: range) }

        // The nearest point is the least by (distance, point), whichever point the search starts from.
        var nearest = first
        for point in points.dropFirst() {
            let distance = builder.bind(builder.unary(.abs, builder.binary(.subtract, point, target, at: range), at: range),
                                        name: "distance")
            let best = builder.unary(.abs, builder.binary(.subtract, nearest, target, at: range), at: range)
            let wins = builder.binary(rule.tiesUp ? .greater : .less, point, nearest, at: range)
            let tie = builder.binary(.and, builder.binary(.equal, distance, best, at: range), wins, at: range)
            let closer = builder.binary(.or, builder.binary(.less, distance, best, at: range), tie, at: range)
            nearest = builder.bind(builder.select(closer, point, nearest, at: range), name: "nearest")
        }

        // Between the points around the target: the lower one up to the threshold's fraction of the way.
        var slow = nearest
        if let threshold = rule.threshold {
            (up, down) = (builder.bind(up, name: "upper"), builder.bind(down, name: "lower"))
            let gone = builder.binary(.subtract, target, down, at: range)
            let limit = builder.binary(.multiply, builder.binary(.subtract, up, down, at: range), threshold, at: range)
            slow = builder.select(builder.binary(rule.tiesUp ? .less : .lessEqual, gone, limit, at: range), down, up, at: range)
        }

        let speed = rule.fling.map { builder.bind($0, name: "fling") }
        let flingUp = builder.binary(.greaterEqual, velocity, speed ?? .constant(flingVelocity, at: range), at: range)
        let flingDown = builder.binary(.lessEqual, velocity, speed.map { builder.unary(.negate, $0, at: range) } ?? .constant(-flingVelocity, at: range),
                                       at: range)
        let inSpan = builder.select(flingUp, up, builder.select(flingDown, down, slow, at: range), at: range)
        var result = builder.select(outside, target, inSpan, at: range)
        result.type = type
        return result
    }
}
