/// Where a scroll comes to rest near a header's snap points. The generated Swift spells the same rule
/// with the points unrolled.
public enum Snapping {
    /// A gesture faster than this (points per second) is a fling: it settles on the next snap point in
    /// its direction instead of the nearest one.
    public static let flingVelocity = 300.0

    /// A target outside the span of the snap points is left alone: the header is then fully collapsed or
    /// expanded, and the content scrolls freely. Inside, a slow gesture settles on the nearest point (the
    /// lower one on a tie) and a fling on the first point at or beyond the target in its direction.
    public static func settle(target: Double, velocity: Double, points: [Double]) -> Double {
        guard let low = points.min(), let high = points.max(), target > low, target < high else { return target }
        if velocity >= flingVelocity {
            return points.filter { $0 >= target }.min() ?? target
        }
        if velocity <= -flingVelocity {
            return points.filter { $0 <= target }.max() ?? target
        }
        var best = low
        for point in points where Swift.abs(point - target) < Swift.abs(best - target) || (Swift.abs(point - target) == Swift.abs(best - target) && point < best) {
            best = point
        }
        return best
    }
}
