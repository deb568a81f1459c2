import HeaderSource
import HeaderSyntax
import HeaderMath
import HeaderIR
import HeaderEval

/// The warning about a snapping rule that can come to rest outside its points: a `rule` clause decides where
/// a gesture whose target lies inside the span of the points settles, and it can put it past them. The
/// analysis's settled range (`RangeAnalysis.settles`) past the hull of the points' ranges is only the
/// question; the witness is a target, a velocity and the inputs at which the interpreter, for a target
/// strictly between the lowest and the highest point at those inputs, settles outside them.
enum SnapWarnings {
    struct Witness {
        let target: Double
        let velocity: Double
        let inputs: [Value]
        /// The settled value, and the lowest and highest point at those inputs.
        let value: Double
        let low: Double
        let high: Double
    }

    /// Velocities tried, slow ones first: still, the default fling's speed each way and past it, then the
    /// rule's own constants (`rule`'s speeds) and what no gesture gives but the app may pass.
    static let velocities: [Double] = [0, 1, -1, 300, -300, 1000, -1000, 1e6, -1e6]
    static let oddVelocities: [Double] = [.infinity, -.infinity, .nan]
    /// Where inside the span targets are tried, as fractions of the way from the lowest point.
    static let fractions: [Double] = [0.5, 0.25, 0.75, 0.1, 0.9, 0.01, 0.99]
    /// The rule's constants taken as candidate targets and velocities, at most: each costs a run of the rule
    /// at every setting.
    static let constantsTried = 32

    /// Whether the settled range can leave the hull of the points' ranges: only then is a witness sought.
    static func mayLeavePoints(_ settled: RangeAnalysis.ProvenRange, _ points: RangeAnalysis.ProvenRange) -> Bool {
        settled.nan || settled.infinite || (settled.min <= settled.max && (settled.min < points.min || settled.max > points.max))
    }

    /// The first target, velocity and setting at which the interpreter settles snap `snap` outside its points,
    /// the target strictly inside their span: settings in the order given, then velocities, then targets.
    static func witness(_ program: Program, snap: Int, settings: [[Value]]) -> Witness? {
        guard program.snaps.indices.contains(snap) else { return nil }
        let rule = Interpreter(program: program)
        // Each point as a snap's settle body of its own, which reads no target: the interpreter gives its value.
        var pointsProgram = program
        pointsProgram.snaps = program.snaps[snap].points.map { point in
            var alone = program.snaps[snap]
            alone.settle = point
            (alone.points, alone.state) = ([], nil)
            return alone
        }
        let points = Interpreter(program: pointsProgram)
        var constants: [Double] = []
        let settle = program.snaps[snap].settle
        for root in settle.locals + [settle.result] {
            root.forEachNode { node in
                if let value = node.constantValue, value.isFinite, constants.count < constantsTried, !constants.contains(value) {
                    constants.append(value)
                }
            }
        }
        let velocities = velocities + constants.flatMap { [$0, -$0] } + oddVelocities
        for setting in settings {
            WitnessSearch.set(setting, on: rule)
            WitnessSearch.set(setting, on: points)
            let values = pointsProgram.snaps.indices.map { points.settle(snap: $0, offset: 0, velocity: 0) }.filter { !$0.isNaN }
            guard let low = values.min(), let high = values.max(), low < high else { continue }
            for velocity in velocities {
                for target in targets(low, high, values, constants) {
                    let value = rule.settle(snap: snap, offset: target, velocity: velocity)
                    if !(value >= low && value <= high) {
                        return Witness(target: target, velocity: velocity, inputs: setting, value: value, low: low, high: high)
                    }
                }
            }
        }
        return nil
    }

    /// Targets strictly inside the span low...high, each once: fractions of the way, beside each point, and the
    /// rule's constants and the whole numbers beside them.
    private static func targets(_ low: Double, _ high: Double, _ points: [Double], _ constants: [Double]) -> [Double] {
        var candidates = fractions.map { low + (high - low) * $0 }
        for point in points { candidates += [point - 1, point + 1, point.nextDown, point.nextUp] }
        for constant in constants { candidates += [constant, constant - 1, constant + 1, constant.nextDown, constant.nextUp] }
        var seen: Set<Double> = []
        return candidates.filter { $0 > low && $0 < high && $0.isFinite && seen.insert($0).inserted }
    }

    /// "snap 'bar' can come to rest at 595, outside its points 0...190 (target 95, velocity 0)", the inputs that
    /// differ from their defaults named as other warnings name them.
    static func message(_ program: Program, snap: Int, _ witness: Witness) -> String {
        let name = program.snaps.indices.contains(snap) ? program.snaps[snap].name : ""
        let format = RangeWarnings.format
        return "snap '\(name)' can come to rest at \(format(witness.value)), outside its points \(format(witness.low))...\(format(witness.high)) "
            + "(target \(format(witness.target)), velocity \(format(witness.velocity))\(WitnessSearch.inputs(witness.inputs, of: program)))"
    }
}
