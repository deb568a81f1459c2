/// The rule of snapping, the one place it is written. A target outside the span of the snap points is
/// left alone: the header is then fully collapsed or expanded and the content scrolls freely. Inside,
/// a fling (faster than `flingVelocity`) settles on the first point at or beyond the target in its
/// direction, and a slower gesture on the nearest point, the lower one on a tie.
/// A NaN point is passed over, and a NaN first point leaves every target alone.
public enum SnapLowering {
    /// Points per second.
    public static let flingVelocity = 300.0

    static func settle(points: [Expr], into builder: inout BodyBuilder) -> Expr {
        let target = Expr(.read(.target), .length), velocity = Expr(.read(.velocity), .length)
        guard !points.isEmpty else { return target }
        let points = points.map { builder.bind($0, name: "point") }
        let first = points[0]
        let low = builder.bind(points.dropFirst().reduce(first) { builder.binary(.min, $0, $1) }, name: "low")
        let high = builder.bind(points.dropFirst().reduce(first) { builder.binary(.max, $0, $1) }, name: "high")
        let outside = builder.unary(.not, builder.binary(.and, builder.binary(.greater, target, low), builder.binary(.less, target, high)))

        // Inside the span, some point lies at or beyond the target either way, so the infinities never win.
        let above = points.map { builder.select(builder.binary(.greaterEqual, $0, target), $0, .constant(.infinity, .length)) }
        let up = above.dropFirst().reduce(above[0]) { builder.binary(.min, $0, $1) }
        let below = points.map { builder.select(builder.binary(.lessEqual, $0, target), $0, .constant(-.infinity, .length)) }
        let down = below.dropFirst().reduce(below[0]) { builder.binary(.max, $0, $1) }

        // The nearest point is the least by (distance, point), whichever point the search starts from.
        var nearest = first
        for point in points.dropFirst() {
            let distance = builder.bind(builder.unary(.abs, builder.binary(.subtract, point, target)), name: "distance")
            let best = builder.unary(.abs, builder.binary(.subtract, nearest, target))
            let closer = builder.binary(.or, builder.binary(.less, distance, best),
                                        builder.binary(.and, builder.binary(.equal, distance, best), builder.binary(.less, point, nearest)))
            nearest = builder.bind(builder.select(closer, point, nearest), name: "nearest")
        }

        let flingUp = builder.binary(.greaterEqual, velocity, .constant(flingVelocity))
        let flingDown = builder.binary(.lessEqual, velocity, .constant(-flingVelocity))
        var result = builder.select(outside, target, builder.select(flingUp, up, builder.select(flingDown, down, nearest)))
        result.type = .length
        return result
    }
}
