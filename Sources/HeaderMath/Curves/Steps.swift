/// Where the jumps of a `steps()` curve sit (css-easing-2 `<step-position>`).
public enum StepPosition: String, Sendable, Hashable, CaseIterable {
    case jumpStart = "jump-start"
    case jumpEnd = "jump-end"
    case jumpNone = "jump-none"
    case jumpBoth = "jump-both"

    /// Accepts the four keywords and the CSS aliases `start` (jump-start) and `end` (jump-end).
    public static func parse(_ s: String) -> StepPosition? {
        switch s {
        case "start": return .jumpStart
        case "end": return .jumpEnd
        default: return StepPosition(rawValue: s)
        }
    }
}

/// CSS `steps(count, position)`, evaluated with the before flag unset.
public struct Steps: Sendable, Hashable {
    public let count: Int
    public let position: StepPosition

    /// nil if `count < 1`, or `count < 2` for `jumpNone` (CSS makes those invalid), and above
    /// 2^52, where the count and the jump count would stop being exact doubles.
    public init?(count: Int, position: StepPosition) {
        guard count >= (position == .jumpNone ? 2 : 1), count <= 1 << 52 else { return nil }
        self.count = count
        self.position = position
    }

    /// Number of intervals the output is divided into.
    package var jumps: Int {
        switch position {
        case .jumpStart, .jumpEnd: return count
        case .jumpNone: return count - 1
        case .jumpBoth: return count + 1
        }
    }

    /// 1 where the first jump happens at x = 0, which the spec expresses as "current step + 1".
    package var offset: Double {
        position == .jumpStart || position == .jumpBoth ? 1 : 0
    }

    /// The CSS algorithm applied to the binary64 value given, so steps(10, jump-end) at 0.7 is
    /// floor(0.7 * 10) = 7 → 0.7. Outside [0, 1] it keeps stepping (no clamp), as CSS says.
    /// NaN gives NaN.
    public func value(at x: Double) -> Double {
        CurveKernels.curveSteps(x, Double(count), offset, Double(jumps))
    }
}
