import Foundation

/// What a profile view reads from the generated `ProfileStretchyMath` for its cover, made public so that
/// the `header-demo` executable can print it (the generated enums are internal to this module).
public struct ProfileCover: Equatable, Sendable {
    public var height: Double
    public var scrimOpacity: Double

    public init(offset: Double, safeAreaTop: Double = 0) {
        let frame = ProfileStretchyMath.frame(offset: CGFloat(offset), safeAreaTop: CGFloat(safeAreaTop), textScale: 1)
        height = Double(frame.cover.height)
        scrimOpacity = frame.cover.scrimOpacity
    }
}
