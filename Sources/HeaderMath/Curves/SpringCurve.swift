import Foundation

/// A SwiftUI-style spring used as a 0...1 progress curve: unit mass released at 0 towards 1 with
/// no initial velocity, with time scaled so that x = 1 is the moment it has settled to 1e-3.
///
/// Mapping (tools/curves/README.md): omega0 = 2 pi / response; zeta = 1 - bounce for bounce >= 0
/// and 1 / (1 + bounce) below 0. The settling time is the envelope bound
/// ln(sqrt(1 + (zeta omega0 / omega_d)^2) / 1e-3) / (zeta omega0) when zeta < 1, and the last
/// time with |position - 1| > 1e-3 otherwise (the motion is then monotone).
public struct SpringCurve: Sendable, Hashable {
    /// Seconds for one undamped period (SwiftUI's `response`, or `duration`).
    public let response: Double
    /// zeta: below 1 it overshoots, 1 is critical, above 1 it creeps.
    public let dampingRatio: Double
    /// Seconds from release until the spring stays within 1e-3 of 1; x = 1 maps here.
    public let settlingTime: Double

    /// How `value(at:)` evaluates, with the constants its kernel takes.
    package enum Motion: Sendable, Hashable {
        case underdamped(decay: Double, damped: Double, ratio: Double)
        case critical(omega: Double)
        case overdamped(r1: Double, r2: Double, half: Double)
    }

    package let motion: Motion

    /// SwiftUI's `bounce` for this spring, the inverse of `init(duration:bounce:)`'s mapping: 1 - zeta up
    /// to critical damping, 1 / zeta - 1 beyond it. Every back end writes it into its animations.
    public var bounce: Double {
        dampingRatio <= 1 ? 1 - dampingRatio : 1 / dampingRatio - 1
    }

    static let settleTolerance = 1e-3

    /// SwiftUI `Spring(duration:bounce:)`. nil unless duration > 0 and -1 < bounce < 1 (finite),
    /// or if the resulting spring has no finite settling time.
    public init?(duration: Double, bounce: Double) {
        guard bounce > -1, bounce < 1 else { return nil }
        self.init(response: duration, dampingFraction: bounce >= 0 ? 1 - bounce : 1 / (1 + bounce))
    }

    /// SwiftUI `Spring(response:dampingRatio:)` / `.spring(response:dampingFraction:)`. nil unless
    /// both are finite and > 0, or if the resulting spring has no finite settling time.
    public init?(response: Double, dampingFraction: Double) {
        guard response.isFinite, response > 0, dampingFraction.isFinite, dampingFraction > 0 else { return nil }
        let omega = 2 * Double.pi / response
        let zeta = dampingFraction
        let decay = zeta * omega
        let motion: Motion
        let settle: Double
        if zeta < 1 {
            let damped = omega * ((1 - zeta) * (1 + zeta)).squareRoot()
            let ratio = decay / damped
            motion = .underdamped(decay: decay, damped: damped, ratio: ratio)
            settle = Foundation.log((1 + ratio * ratio).squareRoot() / Self.settleTolerance) / decay
        } else {
            if zeta == 1 {
                motion = .critical(omega: omega)
            } else {
                // r1 = -decay + root loses everything to cancellation for large zeta; this form
                // of the same number does not.
                let root = omega * ((zeta - 1) * (zeta + 1)).squareRoot()
                let r1 = -omega / (zeta + ((zeta - 1) * (zeta + 1)).squareRoot())
                let r2 = -decay - root
                motion = .overdamped(r1: r1, r2: r2, half: decay / (r1 - r2))
            }
            guard let found = Self.lastTimeAboveTolerance(motion, timeScale: 1 / omega) else { return nil }
            settle = found
        }
        guard omega.isFinite, decay.isFinite, settle.isFinite, settle > 0 else { return nil }
        self.response = response
        self.dampingRatio = zeta
        self.settlingTime = settle
        self.motion = motion
    }

    /// Position at `t` seconds (not a progress), for t in [0, settlingTime] and beyond.
    package static func position(_ motion: Motion, at t: Double) -> Double {
        // The kernels take progress and a time scale; progress 0.5 of 2t is time t without
        // hitting their clamps at 0 and 1.
        switch motion {
        case let .underdamped(decay, damped, ratio):
            return CurveKernels.curveSpringUnderdamped(0.5, 2 * t, decay, damped, ratio)
        case let .critical(omega):
            return CurveKernels.curveSpringCritical(0.5, 2 * t, omega)
        case let .overdamped(r1, r2, half):
            return CurveKernels.curveSpringOverdamped(0.5, 2 * t, r1, r2, half)
        }
    }

    /// For the monotone (zeta >= 1) motions: the time where 1 - position falls to the tolerance,
    /// by doubling then bisecting down to adjacent doubles. Both loops have fixed bounds.
    static func lastTimeAboveTolerance(_ motion: Motion, timeScale: Double) -> Double? {
        func above(_ t: Double) -> Bool { 1 - position(motion, at: t) > settleTolerance }
        var lo = 0.0
        var hi = timeScale
        var doublings = 0
        while above(hi) {
            lo = hi
            hi *= 2
            doublings += 1
            if doublings > 2_000 || !hi.isFinite { return nil }
        }
        for _ in 0..<2_000 {
            let middle = lo + 0.5 * (hi - lo)
            if !(middle > lo && middle < hi) { break }
            if above(middle) { lo = middle } else { hi = middle }
        }
        return hi
    }

    /// Position at time x * settlingTime for 0 < x < 1; exactly 0 for x <= 0 and 1 for x >= 1;
    /// NaN for NaN.
    public func value(at x: Double) -> Double {
        switch motion {
        case let .underdamped(decay, damped, ratio):
            return CurveKernels.curveSpringUnderdamped(x, settlingTime, decay, damped, ratio)
        case let .critical(omega):
            return CurveKernels.curveSpringCritical(x, settlingTime, omega)
        case let .overdamped(r1, r2, half):
            return CurveKernels.curveSpringOverdamped(x, settlingTime, r1, r2, half)
        }
    }
}
