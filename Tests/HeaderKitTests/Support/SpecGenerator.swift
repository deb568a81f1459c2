import Foundation
@testable import HeaderKit

/// One generated spec and what a test needs to drive it.
struct GeneratedSpec {
    enum ValueKind: Equatable { case number, length, bool, phase }

    struct Input {
        let name: String
        let type: ValueKind
        /// `in low...high`, for most number and length inputs.
        var range: ClosedRange<Double>? = nil
    }

    var index: Int
    var text: String
    var inputs: [Input]
    /// Offsets worth evaluating at for this spec: every length constant it mentions, its stop positions
    /// on length drivers, and their neighbouring doubles.
    var interestingOffsets: [Double]
    var isStateful: Bool
    var snapNames: [String]
}

/// Generates random valid `.header` specs, typed by construction: every expression is generated for the
/// type it must have, so the checker accepts it, and what is generated covers every construct of the
/// language (see `DifferentialTests`).
struct SpecGenerator {
    enum Kind: Equatable { case number, length, bool }

    /// An expression's text and how tightly it binds: 0 conditional, 1 or, 2 and, 3 comparison,
    /// 4 additive, 5 multiplicative, 6 prefix, 7 atom.
    struct Ex {
        var text: String
        var prec: Int
    }

    private var rng: SeededGenerator
    /// Input ranges are drawn from a stream of their own, so that the rest of each spec is what it was
    /// before specs had them.
    private var rangeRNG: SeededGenerator
    /// So are trunc, roundHalfUp, roundHalfEven, div, fmin and fmax, each in place of the built-in or the
    /// `/` it stands beside: the draws of the main stream, and so the rest of each spec, stay as they were.
    private var builtinRNG: SeededGenerator
    /// Whether `keyframes(driver, extend: mode)` is accepted by the parser in this build.
    let allowExtend: Bool
    /// A small share of specs name things with words that are awkward in Swift (`abs`, `t`, `e1`...).
    let hostileNameRate: Double

    // Per-spec state.
    private var lengthNames: [String] = []
    private var numberNames: [String] = []
    private var boolNames: [String] = []
    private var curveNames: [String] = []
    /// Inputs and states: names that are never constants, for stop positions that move.
    private var variableLengthNames: [String] = []
    private var variableNumberNames: [String] = []
    private var inStateContext = false
    private var allowDelta = false
    private var nodes = 0
    private var nodeBudget = 400
    private var keyframesDepth = 0
    private var lengthConstants: Set<Double> = []
    private var usedNames: Set<String> = []
    private var useHostileNames = false
    /// Functions are drawn from a stream of their own, so that a spec without them is what it was before
    /// specs had them.
    private var functionRNG: SeededGenerator
    /// The state forms (a named value a state's next reads, an initial value of inputs) are drawn from a
    /// stream of their own too, so that a stateful spec without them is what it was before.
    private var stateRNG: SeededGenerator
    /// And so are pixels: a density input and a block that converts lengths to pixels and back.
    private var unitRNG: SeededGenerator
    /// And a snap's `rule` expression and the snaps of states (see `ruleExpression`).
    private var snapRNG: SeededGenerator
    /// And curves' parameters at the checker's bound, drawn after the curve the main stream draws.
    private var extremeRNG: SeededGenerator
    /// The states of the spec being drawn, for the snaps that move one.
    private var stateKinds: [(name: String, kind: Kind)] = []
    /// And the scroll's phase: a phase input, a block that compares it, and a state that moves only while dragging.
    private var phaseRNG: SeededGenerator
    /// And an initial value of inputs through pow or a curve, which only `advance` computes.
    private var initialMathRNG: SeededGenerator
    /// And transitions, which follow the frame's time (see `transitionLines`).
    private var transitionRNG: SeededGenerator
    /// And the motion of the first snap of the scroll after the finger lifts (see `motionClause`).
    private var motionRNG: SeededGenerator
    /// And states that read the frame's time (see `clockLines`).
    private var clockRNG: SeededGenerator
    /// And `fround`, around a quotient now and then, as Float arithmetic rounds each operation.
    private var floatRNG: SeededGenerator
    /// And Floats declared as such (see `binary32Lines`).
    private var binary32RNG: SeededGenerator
    /// The functions declared so far (a body calls only earlier ones, so none is recursive).
    private var functions: [(name: String, parameters: [Kind], result: Kind)] = []
    /// What stands for the offset: `offset`, or in a function's body its first parameter, a length.
    private var offsetText = "offset"
    /// Whether `rng` is the functions' stream just now (see `onFunctionStream`).
    private var onFunctions = false

    static let presets: [String] = Curve.presets.map(\.name)

    init(seed: UInt64, allowExtend: Bool, hostileNameRate: Double = 0.05) {
        rng = SeededGenerator(seed: seed)
        rangeRNG = SeededGenerator(seed: seed ^ 0x5241_4E47_4553)
        builtinRNG = SeededGenerator(seed: seed ^ 0x524F_554E_4453)
        functionRNG = SeededGenerator(seed: seed ^ 0x46_554E_4354)
        stateRNG = SeededGenerator(seed: seed ^ 0x53_5441_5445)
        unitRNG = SeededGenerator(seed: seed ^ 0x50_4958_454C)
        snapRNG = SeededGenerator(seed: seed ^ 0x53_4E41_5053)
        phaseRNG = SeededGenerator(seed: seed ^ 0x50_4841_5345)
        initialMathRNG = SeededGenerator(seed: seed ^ 0x49_4E49_5449_414C)
        transitionRNG = SeededGenerator(seed: seed ^ 0x54_5241_4E53_4954)
        motionRNG = SeededGenerator(seed: seed ^ 0x4D_4F54_494F_4E)
        clockRNG = SeededGenerator(seed: seed ^ 0x43_4C4F_434B)
        floatRNG = SeededGenerator(seed: seed ^ 0x46_4C4F_4154)
        binary32RNG = SeededGenerator(seed: seed ^ 0x42_494E_4152_5933_32)
        extremeRNG = SeededGenerator(seed: seed ^ 0x45_5854_5245)
        self.allowExtend = allowExtend
        self.hostileNameRate = hostileNameRate
    }

    // MARK: Specs

    mutating func generate(index: Int) -> GeneratedSpec {
        lengthNames = []; numberNames = []; boolNames = []; curveNames = []
        variableLengthNames = []; variableNumberNames = []
        inStateContext = false; allowDelta = false; nodes = 0; keyframesDepth = 0
        lengthConstants = [0, 44, 100, 146, 190]
        usedNames = []
        functions = []
        stateKinds = []
        offsetText = "offset"
        useHostileNames = rng.chance(hostileNameRate)
        // Mostly modest specs, some large and deep ones.
        nodeBudget = rng.chance(0.08) ? 70 : 18
        let maxDepth = rng.chance(0.3) ? 12 : 3 + rng.below(6)

        var lines: [String] = ["header Spec\(index)", ""]
        var inputs: [GeneratedSpec.Input] = []
        var inputRanges: [String: ClosedRange<Double>] = [:]

        // Inputs of all three types, some annotated and some inferred.
        for i in 0..<rng.below(5) {
            let kind: Kind = rng.pick([.length, .length, .number, .number, .bool])
            let name = freshName(kind == .bool ? "flag\(i)" : kind == .length ? "inLen\(i)" : "inNum\(i)")
            let line: String
            switch kind {
            case .length:
                let value = rng.pick(["0", "20", "47.5", "0.5", "-3"])
                line = rng.chance(0.5) ? "input \(name): pt = \(value)" : "input \(name) = \(value)pt"
                lengthNames.append(name)
                variableLengthNames.append(name)
                if let v = Double(value) { lengthConstants.insert(v) }
                inputs.append(.init(name: name, type: .length))
            case .number:
                let value = rng.pick(["1", "1.5", "0", "-2", "0.25"])
                line = rng.chance(0.4) ? "input \(name): number = \(value)" : "input \(name) = \(value)"
                numberNames.append(name)
                variableNumberNames.append(name)
                inputs.append(.init(name: name, type: .number))
            case .bool:
                let value = rng.pick(["true", "false"])
                line = rng.chance(0.3) ? "input \(name): bool = \(value)" : "input \(name) = \(value)"
                boolNames.append(name)
                inputs.append(.init(name: name, type: .bool))
            }
            if rng.chance(0.3) { lines.append("/// The input \(name).") }
            lines.append(withRange(line, name: name, kind: kind, ranges: &inputRanges))
        }

        // Declared curves, one sometimes shadowing a preset's name, one sometimes naming another.
        for i in 0..<rng.below(3) {
            // Only the first may take a preset's name, and its own value must not name that preset.
            let name = i == 0 && rng.chance(0.2) ? "snappy" : freshName("curve\(i)")
            usedNames.insert(name)
            var value = !curveNames.isEmpty && rng.chance(0.2) ? rng.pick(curveNames) : curveText(forApplication: false)
            while value == name { value = curveText(forApplication: false) }
            lines.append("curve \(name) = \(value)")
            curveNames.append(name)
        }

        let functionLines = functionRNG.chance(0.35) ? onFunctionStream { $0.generateFunctions(maxDepth: maxDepth) } : []
        lines += functionLines

        // States (a value carried along the trace) in a few specs. They read offset, inputs and states only.
        var stateLines: [String] = []
        let isStateful = rng.chance(0.12)
        if isStateful {
            // A named value of the offset and inputs that the states' next may read (it reads no state). Only
            // the next values drawn on the state stream see it, so the main stream draws what it drew before.
            var preState: (name: String, kind: Kind)?
            if stateRNG.chance(0.5) {
                let (name, kind, value) = onStream(\.stateRNG) { generator -> (String, Kind, Ex) in
                    let kind: Kind = generator.rng.chance(0.7) ? .length : .number
                    let name = generator.freshName(kind == .length ? "preLen" : "preNum")
                    return (name, kind, generator.expr(kind, depth: 1 + generator.rng.below(3)))
                }
                stateLines.append("let \(name) = \(value.text)")
                preState = (name, kind)
            }
            let lengthInputs = inputs.filter { $0.type == .length }.map(\.name)
            let numberInputs = inputs.filter { $0.type == .number }.map(\.name)
            var stateDecls: [(String, Kind)] = []
            for i in 0..<(1 + rng.below(2)) {
                let kind: Kind = rng.chance(0.75) ? .length : .number
                stateDecls.append((freshName("st\(i)"), kind))
            }
            stateKinds = stateDecls.map { (name: $0.0, kind: $0.1) }
            // All states are visible in every state's next and bounds.
            for (name, kind) in stateDecls {
                if kind == .length { lengthNames.append(name); variableLengthNames.append(name) } else { numberNames.append(name); variableNumberNames.append(name) }
            }
            inStateContext = true
            for (name, kind) in stateDecls {
                var initial = kind == .length ? rng.pick(["260pt", "0pt", "120pt", "-10pt"]) : rng.pick(["0", "1", "0.5"])
                // Sometimes the initial value reads an input.
                let initialInputs = kind == .length ? lengthInputs : numberInputs
                if !initialInputs.isEmpty, stateRNG.chance(0.35) {
                    let input = stateRNG.pick(initialInputs)
                    initial = stateRNG.chance(0.5) ? input : kind == .length ? "\(input) * 2 + 10pt" : "1 - \(input)"
                } else if !initialInputs.isEmpty, initialMathRNG.chance(0.5) {
                    // Or through what only `advance` then computes: headerc's own pow, a curve's kernel.
                    let input = initialMathRNG.pick(initialInputs)
                    let number = kind == .length ? "abs(\(input) / 1pt)" : "abs(\(input))"
                    let form = initialMathRNG.chance(0.5) ? "pow(\(number) + 1, 0.5)" : "easeInOut(clamp(\(number) / 100, 0, 1))"
                    initial = kind == .length ? "\(form) * 10pt" : form
                }
                var line = "state \(name)"
                // A number state is always annotated: unannotated, its uses are typed as lengths
                // (see DifferentialHarness.testUnannotatedNumberStateIsANumber).
                if kind == .number || rng.chance(0.3) { line += kind == .length ? ": pt" : ": number" }
                line += " = \(initial)"
                if rng.chance(0.7) {
                    allowDelta = false
                    let (low, high) = kind == .length
                        ? rng.pick([("120pt", "320pt"), ("0pt", "100pt"), ("-50pt", "50pt")])
                        : rng.pick([("0", "1"), ("-1", "1")])
                    if rng.chance(0.2) {
                        // Bounds may be expressions of inputs and the offset.
                        // min(high, ...) keeps constant bounds in order and is never NaN: Swift's
                        // min(high, nan) is high, where min(nan, high) would be nan (sqrt(-116) folds to nan).
                        let bound = expr(kind, depth: 2)
                        let lowEx = call("min", [Ex(text: high, prec: 7), bound])
                        line += " in \(lowEx.text)...\(high)"
                    } else {
                        line += " in \(low)...\(high)"
                    }
                }
                allowDelta = true
                var next: Ex
                if kind == .length && rng.chance(0.5) {
                    next = Ex(text: "\(name) - delta", prec: 4)
                } else {
                    next = expr(kind, depth: 1 + rng.below(4))
                }
                // Sometimes the next value is drawn again on the state stream, where the named value above is
                // a name it may read.
                if let preState, stateRNG.chance(0.6) {
                    let drawn = onStream(\.stateRNG) { generator -> Ex in
                        let (savedLengths, savedNumbers) = (generator.lengthNames, generator.numberNames)
                        defer { (generator.lengthNames, generator.numberNames) = (savedLengths, savedNumbers) }
                        if preState.kind == .length { generator.lengthNames.append(preState.name) } else { generator.numberNames.append(preState.name) }
                        return generator.expr(kind, depth: 1 + generator.rng.below(3))
                    }
                    // It reads the named value at least once: added, or scaled by it where the kinds differ.
                    let left = drawn.prec < 4 ? "(\(drawn.text))" : drawn.text
                    let term = preState.kind == kind ? preState.name : kind == .length ? "1pt * \(preState.name)" : "\(preState.name) / 1pt"
                    next = Ex(text: "\(left) + \(term)", prec: 4)
                }
                allowDelta = false
                line += " {\n    next = \(next.text)\n}"
                stateLines.append(line)
            }
            inStateContext = false
        }

        // Named values: generated in dependency order (each reads only earlier ones), printed shuffled, so
        // lets read lets declared both before and after them.
        var letLines: [String] = []
        let letCount = rng.below(6)
        for i in 0..<letCount {
            let kind: Kind = rng.pick([.length, .length, .number, .number, .bool])
            let name = hostileOrPlain(kind == .bool ? "cond\(i)" : kind == .length ? "len\(i)" : "num\(i)")
            var annotation = ""
            var value: Ex
            if kind == .length && rng.chance(0.1) {
                annotation = ": pt"
                value = flexibleLiteral()
            } else {
                value = expr(kind, depth: rng.below(maxDepth + 1))
                if rng.chance(0.25) {
                    annotation = kind == .length ? ": pt" : kind == .number ? ": number" : ": bool"
                }
            }
            var line = "let \(name)\(annotation) = \(value.text)"
            if rng.chance(0.2) { line = "/// Value \(i).\n" + line }
            letLines.append(line)
            switch kind {
            case .length: lengthNames.append(name)
            case .number: numberNames.append(name)
            case .bool: boolNames.append(name)
            }
        }
        shuffle(&letLines)

        // Snap points: lengths that do not follow the scroll.
        var snapLines: [String] = []
        var snapNames: [String] = []
        if rng.chance(0.1) {
            let count = 1 + rng.below(2)
            for i in 0..<count {
                let name = freshName("rest\(i)")
                var points: [String] = []
                for _ in 0..<(1 + rng.below(4)) {
                    let inputLengths = inputs.filter { $0.type == .length }.map(\.name)
                    if !inputLengths.isEmpty && rng.chance(0.3) {
                        points.append(rng.pick(inputLengths) + " + \(rng.pick(["44pt", "0pt", "100pt"]))")
                    } else {
                        points.append(rng.pick(["0pt", "44pt", "100pt", "146pt", "-20pt", "300pt"]))
                    }
                }
                // The rule's clauses: a threshold (a constant fraction or a number input), the tie direction, a fling
                // speed. Drawn from a generator of their own, seeded by the spec and the snap, so that the
                // specs drawn after them stay the ones other tests name by index.
                var ruleRNG = SeededGenerator(seed: UInt64(truncatingIfNeeded: index) &* 0x9E37_79B9 &+ UInt64(i))
                var rule = ""
                let numberInputs = inputs.filter { $0.type == .number }.map(\.name)
                if ruleRNG.chance(0.4) {
                    let fraction = ruleRNG.pick(["0.3", "0.5", "0", "1", "0.25"])
                    rule += " threshold " + (!numberInputs.isEmpty && ruleRNG.chance(0.3) ? ruleRNG.pick(numberInputs) : fraction)
                }
                if ruleRNG.chance(0.3) { rule += ruleRNG.chance(0.5) ? " ties up" : " ties down" }
                if ruleRNG.chance(0.3) {
                    rule += " fling " + (!numberInputs.isEmpty && ruleRNG.chance(0.3) ? "100 + 400 * " + ruleRNG.pick(numberInputs)
                                                                                       : ruleRNG.pick(["500", "100", "0", "1e6"]))
                }
                // Sometimes a rule of its own instead, drawn on the snaps' stream.
                if snapRNG.chance(0.3) { rule = " rule " + ruleExpression(.length, inputs: inputs) }
                if i == 0, motionRNG.chance(0.6) { rule += motionClause(inputs: inputs) }
                snapLines.append("snap \(name) { \(points.joined(separator: ", ")) }" + rule)
                snapNames.append(name)
            }
        }
        // A snap that moves a state, with the default rule, clauses or a rule of its own.
        if !stateKinds.isEmpty, snapRNG.chance(0.35) {
            let (name, kind) = snapRNG.pick(stateKinds)
            let pool = kind == .length ? ["0pt", "44pt", "100pt", "-20pt", "300pt"] : ["0", "1", "0.5", "-1", "2"]
            let points = (0..<(1 + snapRNG.below(3))).map { _ in snapRNG.pick(pool) }
            var rule = ""
            switch snapRNG.below(3) {
            case 0: break
            case 1: rule = " threshold " + snapRNG.pick(["0.3", "0.5", "1"]) + (snapRNG.chance(0.5) ? " ties up" : "")
            default: rule = " rule " + ruleExpression(kind, inputs: inputs)
            }
            snapLines.append("snap state \(name) { \(points.joined(separator: ", ")) }" + rule)
            snapNames.append(name)
        }
        if rng.chance(0.1) {
            let spring = rng.pick(["spring(response: 0.35, dampingFraction: 0.8)", "spring(duration: 0.5, bounce: 0.3)",
                                   "spring(duration: 0.4, bounce: -0.4)", "smooth", "bouncy"])
            snapLines.append("animation \(freshName("anim"))= \(spring)")
        }

        // Blocks and their properties.
        var blockLines: [String] = []
        let blockCount = 1 + rng.below(3)
        var blockNamesUsed: Set<String> = []
        for b in 0..<blockCount {
            var blockName = rng.pick(["cover", "avatar", "title", "backdrop", "content", "bar", "header", "image", "b\(b)"])
            if blockNamesUsed.contains(blockName) { blockName = "b\(b)" }
            blockNamesUsed.insert(blockName)
            var properties: [String] = []
            var propertyNames: Set<String> = []
            for p in 0..<(1 + rng.below(3)) {
                let kind: Kind = rng.pick([.length, .length, .number, .number, .bool])
                var (name, annotation) = propertyName(kind, index: p)
                if propertyNames.contains(name) {
                    name = "extra\(p)"
                    annotation = kind == .length ? ": pt" : kind == .number ? ": number" : ": bool"
                }
                propertyNames.insert(name)
                let value: Ex
                if kind == .length && rng.chance(0.05) {
                    value = flexibleLiteral()
                } else {
                    value = expr(kind, depth: rng.below(maxDepth + 1))
                }
                let doc = rng.chance(0.15) ? "    /// Property \(p).\n" : ""
                properties.append("\(doc)    \(name)\(annotation) = \(value.text)")
            }
            blockLines.append("\(blockName) {\n\(properties.joined(separator: "\n"))\n}")
        }

        // Pixels beside points: a density, lengths turned into pixels, pixels back into points, a density
        // of two of them.
        if unitRNG.chance(0.15) {
            let (density, densityValue, block) = onStream(\.unitRNG) { generator -> (String, String, String) in
                let density = generator.freshName("density")
                let value = generator.rng.pick(["2", "3", "2.625", "1.5"])
                let a = generator.expr(.length, depth: 1 + generator.rng.below(3)).text
                let b = generator.expr(.length, depth: 1 + generator.rng.below(3)).text
                var properties = ["    toPx: px = (\(a)) * \(density)",
                                  "    back: pt = ((\(a)) * \(density) + 3px) / \(density)",
                                  "    perPoint: px/pt = ((\(b)) * \(density) + 1px) / ((\(a)) + 1pt)"]
                if generator.rng.chance(0.5) {
                    properties.append("    rounded: px = roundHalfUp(mix(0px, (\(b)) * \(density), 0.5))")
                }
                return (density, value, "\(generator.freshName("pixels")) {\n\(properties.joined(separator: "\n"))\n}")
            }
            lines.append("input \(density): px/pt in 1...4 = \(densityValue)")
            inputs.append(.init(name: density, type: .number))
            inputRanges[density] = 1...4
            blockLines.append(block)
        }

        // The scroll's phase: an input compared with the three phases and another phase input, and (half
        // the time) a state that follows the offset only while dragging.
        var hasPhaseState = false
        if phaseRNG.chance(0.15) {
            // Its expressions may draw from the other streams (a call, a built-in, a range): they are put back,
            // so that the specs after it are drawn as before.
            let others = (functionRNG, builtinRNG, rangeRNG, stateRNG, unitRNG)
            defer { (functionRNG, builtinRNG, rangeRNG, stateRNG, unitRNG) = others }
            let drawn = onStream(\.phaseRNG) { generator -> (inputs: [String], state: String?, block: String) in
                let phases = ScrollPhase.allCases.map(\.name)
                let phase = generator.freshName("gesture"), previous = generator.freshName("lastGesture")
                let a = generator.expr(.length, depth: 1 + generator.rng.below(3)).text
                let b = generator.expr(.length, depth: 1 + generator.rng.below(3)).text
                let declared = ["input \(phase): phase = \(generator.rng.pick(phases))",
                                "input \(previous): phase = \(generator.rng.pick(phases))"]
                var properties = ["    during: pt = \(phase) == \(generator.rng.pick(phases)) ? (\(a)) : (\(b))",
                                  "    moving: bool = \(generator.rng.pick(phases)) != \(phase) or \(phase) == \(previous)"]
                var state: String?
                if generator.rng.chance(0.5) {
                    let held = generator.freshName("held")
                    state = "state \(held): pt = 0 {\n    next = \(phase) == dragging ? \(held) + delta : \(held)\n}"
                    properties.append("    kept: pt = \(held)")
                }
                return (declared, state, "\(generator.freshName("phased")) {\n\(properties.joined(separator: "\n"))\n}")
            }
            lines += drawn.inputs
            for line in drawn.inputs { inputs.append(.init(name: String(line.split(separator: " ")[1].dropLast()), type: .phase)) }
            if let state = drawn.state {
                stateLines.append(state)
                hasPhaseState = true
            }
            blockLines.append(drawn.block)
        }

        var hasTransition = false
        if transitionRNG.chance(0.12) {
            let (declarations, block) = transitionLines(inputs: inputs)
            stateLines += declarations
            blockLines.append(block)
            hasTransition = true
        }

        var hasClock = false
        if clockRNG.chance(0.1) {
            let (declarations, block) = clockLines(inputs: inputs)
            stateLines += declarations
            blockLines.append(block)
            hasClock = true
        }

        if binary32RNG.chance(0.15) {
            let drawn = binary32Lines()
            lines += drawn.inputs
            for line in drawn.inputs {
                let name = String(line.split(separator: " ")[1].dropLast())
                inputs.append(.init(name: name, type: .number))
                inputRanges[name] = 0.5...3
            }
            letLines += drawn.declarations
            blockLines.append(drawn.block)
        }

        lines += stateLines + letLines + snapLines + [""] + blockLines
        var offsets: [Double] = []
        for value in lengthConstants.sorted() where value.isFinite {
            offsets += [value, value.nextUp, value.nextDown, -value]
        }
        return GeneratedSpec(index: index, text: lines.joined(separator: "\n") + "\n", inputs: inputs.map {
            GeneratedSpec.Input(name: $0.name, type: $0.type, range: inputRanges[$0.name])
        }, interestingOffsets: offsets, isStateful: isStateful || hasPhaseState || hasTransition || hasClock, snapNames: snapNames)
    }

    /// States that read the frame's time, drawn on a generator of their own: one keeps the time at which a condition of
    /// the scroll last held (or stays where it is), another the time itself, sometimes scaled or rounded to a Float;
    /// outputs read how long ago, plainly and as a fade.
    /// Floats (Grammar.md, "Float"): a Float input, Floats of Double expressions, Float arithmetic with
    /// constants adapting, the built-ins of Floats, a Float function (Compose's lerp), a Float named value,
    /// Compose's cubic-bezier easing, and Floats back into Doubles. Its expressions may draw from the other streams: they are put back.
    private mutating func binary32Lines() -> (inputs: [String], declarations: [String], block: String) {
        let others = (functionRNG, builtinRNG, rangeRNG, stateRNG, unitRNG, floatRNG)
        defer { (functionRNG, builtinRNG, rangeRNG, stateRNG, unitRNG, floatRNG) = others }
        return onStream(\.binary32RNG) { generator in
            let scale = generator.freshName("floatGain"), lerp = generator.freshName("lerpFloat"), share = generator.freshName("share")
            let a = generator.expr(.length, depth: 1 + generator.rng.below(3)).text
            let b = generator.expr(.number, depth: 1 + generator.rng.below(3)).text
            let input = "input \(scale): float in 0.5...3 = \(generator.rng.pick(["1", "1.5", "2.625", "0.7"]))"
            let declarations = ["func \(lerp)(a: float pt, b: float pt, t: float): float pt = (1 - t) * a + t * b",
                                "let \(share): float = toFloat((\(a)) / 100pt)"]
            let fa = share, fb = "toFloat(\(b))"
            // Compose's CubicBezierEasing: a preset the spec has not made another curve, or control points drawn.
            let presets = ["m3Legacy", "easeOut", "ease", "m3EmphasizedDecelerate", "m3StandardAccelerate"].filter { !generator.curveNames.contains($0) }
            let x = ["0", "0.05", "0.2", "0.4", "0.5", "1"], y = ["-0.5", "0", "0.7", "1", "1.56"]
            let drawn = "cubicBezier(\(generator.rng.pick(x)), \(generator.rng.pick(y)), \(generator.rng.pick(x)), \(generator.rng.pick(y)))"
            let curve = presets.isEmpty || generator.rng.chance(0.4) ? drawn : generator.rng.pick(presets)
            var properties = ["    eased: float = \(curve)(\(fa))",
                              "    easedPixel: number = roundHalfUp(\(curve)(clamp(\(fa) * \(scale), 0, 1)) * 300 * \(scale))",
                              "    sum: float = \(fa) + \(fb) * 0.1",
                              "    ratio: float = \(fa) / (\(fb) + \(scale))",
                              "    root: float = sqrt(abs(\(fa) * \(scale)))",
                              "    power: float = pow(abs(\(fb)), \(generator.rng.pick(["0.5", "2", "1.5"])))",
                              "    chosen: float = \(fa) < \(fb) ? min(\(fa), \(scale)) : floor(\(fb) * 3)",
                              "    lerped: float pt = \(lerp)(10pt, 56pt, \(fa))",
                              "    pixel: number = roundHalfUp(\(fa) * 100 * \(scale))",
                              "    back: pt = toDouble(\(fa)) * (\(a))",
                              "    same: bool = \(fa) * 3 == \(fb)",
                              "    whole: number = trunc(\(fb) * 1000) + toDouble(clamp(-\(fa), 0, 1))"]
            generator.shuffle(&properties)
            let kept = Array(properties.prefix(3 + generator.rng.below(properties.count - 2)))
            return ([input], declarations, "\(generator.freshName("floats")) {\n\(kept.joined(separator: "\n"))\n}")
        }
    }

    private mutating func clockLines(inputs: [GeneratedSpec.Input]) -> (declarations: [String], block: String) {
        var scratch = self
        scratch.rng = clockRNG
        defer {
            clockRNG = scratch.rng
            usedNames = scratch.usedNames
        }
        let of = { (type: GeneratedSpec.ValueKind) in inputs.filter { $0.type == type && !$0.name.hasPrefix("density") }.map(\.name) }
        scratch.lengthNames = of(.length) + stateKinds.filter { $0.kind == .length }.map(\.name)
        scratch.numberNames = of(.number) + stateKinds.filter { $0.kind == .number }.map(\.name)
        scratch.boolNames = of(.bool)
        (scratch.inStateContext, scratch.allowDelta, scratch.nodes, scratch.offsetText) = (true, true, 0, "offset")
        let stamp = scratch.freshName("stamp"), now = scratch.freshName("now")
        let condition = scratch.expr(.bool, depth: 1 + scratch.rng.below(3)).text
        let reading = scratch.rng.pick(["time", "time", "fround(time / 1ms) * 1ms", "time * 0.5 + 16ms", "floor(time / 1ms) * 1ms"])
        // The clock runs at every frame, or only while a condition of its own holds: a frame where neither
        // state reads the time (`readsTime` false) then leaves both where they are.
        let running = scratch.rng.chance(0.5) ? "time" : "(\(scratch.expr(.bool, depth: 1 + scratch.rng.below(3)).text)) ? time : \(now)"
        let declarations = ["state \(stamp): ms = -1ms {\n    next = (\(condition)) ? \(reading) : \(stamp)\n}",
                            "state \(now): ms = 0ms {\n    next = \(running)\n}"]
        let block = "\(scratch.freshName("clock")) {\n    \(stamp)Since: number = (\(now) - \(stamp)) / 100ms\n"
            + "    \(stamp)Fade: number = clamp((\(now) - \(stamp)) / 250ms, 0, 1)\n}"
        return (declarations, block)
    }

    /// ` motion ...` for the first snap of the scroll, drawn on a generator of its own: a spring by itself (from the
    /// release velocity, damped below, at and above critical), or any curve over a duration that the inputs may set,
    /// so that their extremes (NaN, the infinities, negatives) reach it.
    private mutating func motionClause(inputs: [GeneratedSpec.Input]) -> String {
        var scratch = self
        scratch.rng = motionRNG
        defer {
            motionRNG = scratch.rng
            usedNames = scratch.usedNames
        }
        if scratch.rng.chance(0.5) {
            let springs = ["bouncy", "smooth", "snappy"].filter { !scratch.curveNames.contains($0) }
                + ["spring(response: 0.4, dampingFraction: 0.3)", "spring(response: 0.3, dampingFraction: 1)",
                   "spring(response: 0.5, dampingFraction: 1.8)", "spring(duration: 0.4, bounce: 0.2)"]
            return " motion " + scratch.rng.pick(springs)
        }
        let of = { (type: GeneratedSpec.ValueKind) in inputs.filter { $0.type == type && !$0.name.hasPrefix("density") }.map(\.name) }
        var durations = ["0ms", "16ms", "300ms", "0.6s", "1e-3ms", "2.5s", "-5ms"]
        if let flag = of(.bool).first { durations.append("\(flag) ? 0ms : 250ms") }
        if let number = of(.number).first { durations.append("\(number) * 100ms") }
        return " motion " + scratch.curveText(forApplication: false) + " duration " + scratch.rng.pick(durations)
    }

    /// One or two transitions and a block that reads them, drawn on a copy of the generator whose main stream
    /// is the transitions' own, so that nothing else in the spec is drawn otherwise. Their conditions read the
    /// offset, the inputs and the states (what a state's `next` may read); their durations the inputs, so that
    /// the extremes of the input settings (NaN, the infinities, negatives) reach them; their curves are any
    /// the language has, a spring's own settling time too.
    private mutating func transitionLines(inputs: [GeneratedSpec.Input]) -> (declarations: [String], block: String) {
        var scratch = self
        scratch.rng = transitionRNG
        // A density is listed as a number, which it is not to the checker.
        let of = { (type: GeneratedSpec.ValueKind) in inputs.filter { $0.type == type && !$0.name.hasPrefix("density") }.map(\.name) }
        scratch.lengthNames = of(.length) + stateKinds.filter { $0.kind == .length }.map(\.name)
        scratch.numberNames = of(.number) + stateKinds.filter { $0.kind == .number }.map(\.name)
        scratch.boolNames = of(.bool)
        (scratch.inStateContext, scratch.allowDelta, scratch.nodes, scratch.offsetText) = (true, false, 0, "offset")
        var declarations: [String] = []
        var properties: [String] = []
        for _ in 0..<(1 + scratch.rng.below(2)) {
            let name = scratch.freshName("fade")
            var clauses = ["on " + scratch.expr(.bool, depth: 1 + scratch.rng.below(3)).text]
            if scratch.rng.chance(0.4) { clauses.append("off " + scratch.expr(.bool, depth: 1 + scratch.rng.below(3)).text) }
            if scratch.rng.chance(0.15) {
                // A spring for its own settling time, each way.
                // A preset only where no declared curve hides it.
                let springs = ["bouncy", "smooth", "snappy"].filter { !scratch.curveNames.contains($0) } + ["spring(duration: 0.4, bounce: 0.2)"]
                clauses.append("curve " + scratch.rng.pick(springs))
            } else {
                var durations = ["0ms", "16ms", "300ms", "0.6s", "1e-3ms", "600", "2.5s"]
                if let flag = of(.bool).first { durations.append("\(flag) ? 0ms : 250ms") }
                if let number = of(.number).first { durations.append("\(number) * 100ms") }
                clauses.append("duration " + scratch.rng.pick(durations))
                if scratch.rng.chance(0.6) { clauses.append("curve " + scratch.curveText(forApplication: false)) }
                if scratch.rng.chance(0.3) { clauses.append("reverse " + scratch.curveText(forApplication: false)) }
            }
            declarations.append("transition \(name) {\n" + clauses.map { "    " + $0 }.joined(separator: "\n") + "\n}")
            properties.append("    \(name)Level: number = \(name)")
            properties.append("    \(name)Lift: pt = \(name) * 20pt + offset")
        }
        transitionRNG = scratch.rng
        usedNames = scratch.usedNames
        return (declarations, "\(freshName("timed")) {\n\(properties.joined(separator: "\n"))\n}")
    }

    /// A snap's rule of the kind given: an expression of `target` (where the offset would stand), `velocity`
    /// and the inputs, drawn on a copy of the generator whose main stream is the snaps' stream, so that no
    /// other stream (functions, built-ins, states) and nothing else in the spec is drawn otherwise.
    private mutating func ruleExpression(_ kind: Kind, inputs: [GeneratedSpec.Input]) -> String {
        var scratch = self
        scratch.rng = snapRNG
        let of = { (type: GeneratedSpec.ValueKind) in inputs.filter { $0.type == type }.map(\.name) }
        scratch.lengthNames = of(.length) + (kind == .length ? ["target"] : [])
        scratch.numberNames = of(.number) + ["velocity"] + (kind == .number ? ["target"] : [])
        scratch.boolNames = of(.bool)
        scratch.variableLengthNames = kind == .length ? ["target"] : []
        scratch.variableNumberNames = ["velocity"]
        scratch.offsetText = kind == .length ? "target" : "(target * 1pt)"
        (scratch.inStateContext, scratch.allowDelta, scratch.nodes) = (false, false, 0)
        let text = scratch.expr(kind, depth: 1 + scratch.rng.below(3)).text
        snapRNG = scratch.rng
        return text
    }

    /// Runs `body` with `rng` drawing from `stream`, leaving the main stream and the node count as they
    /// were, so that everything else in the spec is drawn as if `body` had drawn nothing.
    private mutating func onStream<T>(_ stream: WritableKeyPath<SpecGenerator, SeededGenerator>,
                                      _ body: (inout SpecGenerator) -> T) -> T {
        var other = self[keyPath: stream]
        swap(&rng, &other)
        self[keyPath: stream] = other
        let savedNodes = nodes
        let result = body(&self)
        nodes = savedNodes
        other = self[keyPath: stream]
        swap(&rng, &other)
        self[keyPath: stream] = other
        return result
    }

    /// Runs `body` on the functions' stream of random numbers (see `onStream`), so that everything else in
    /// the spec is drawn as if there were no functions.
    private mutating func onFunctionStream<T>(_ body: (inout SpecGenerator) -> T) -> T {
        if onFunctions { return body(&self) }
        onFunctions = true
        defer { onFunctions = false }
        return onStream(\.functionRNG, body)
    }

    /// One to three functions, each of a length first (what stands for the offset in its body) and up to
    /// two more parameters of any type, typed or not; each body reads its parameters, constants and the
    /// functions before it.
    private mutating func generateFunctions(maxDepth: Int) -> [String] {
        var lines: [String] = []
        let saved = (lengthNames, numberNames, boolNames, variableLengthNames, variableNumberNames)
        for i in 0..<(1 + rng.below(3)) {
            let name = freshName("fn\(i)")
            var kinds: [Kind] = [.length]
            for _ in 0..<rng.below(3) { kinds.append(rng.pick([.length, .number, .number, .bool])) }
            var parameters: [String] = []
            lengthNames = []; numberNames = []; boolNames = []
            for (position, kind) in kinds.enumerated() {
                let parameter = "p\(position)"
                // A bool parameter is always typed; the others are typed half the time, else take what the call passes.
                let typed = kind == .bool || rng.chance(0.5)
                parameters.append(typed ? "\(parameter): \(kind == .length ? "pt" : kind == .number ? "number" : "bool")" : parameter)
                switch kind {
                case .length: lengthNames.append(parameter)
                case .number: numberNames.append(parameter)
                case .bool: boolNames.append(parameter)
                }
            }
            variableLengthNames = lengthNames
            variableNumberNames = numberNames
            offsetText = "p0"
            let result: Kind = rng.pick([.length, .number, .number, .bool])
            let body = expr(result, depth: 1 + rng.below(maxDepth))
            offsetText = "offset"
            let annotation = result != .bool && rng.chance(0.3) ? (result == .length ? ": pt" : ": number") : ""
            if rng.chance(0.2) { lines.append("/// Function \(i).") }
            lines.append("func \(name)(\(parameters.joined(separator: ", ")))\(annotation) = \(body.text)")
            functions.append((name, kinds, result))
        }
        (lengthNames, numberNames, boolNames, variableLengthNames, variableNumberNames) = saved
        return lines
    }

    /// A call of a declared function giving `kind`, its arguments of its parameters' kinds.
    private mutating func functionCall(_ kind: Kind, depth: Int) -> Ex? {
        let candidates = functions.filter { $0.result == kind }
        guard !candidates.isEmpty else { return nil }
        let function = rng.pick(candidates)
        // A length argument is never a unit-less literal: a parameter without a type would take it as a number.
        let arguments = function.parameters.map { parameter -> Ex in
            let argument = expr(parameter, depth: depth - 1)
            if parameter == .length, Double(argument.text) != nil || argument.text.hasPrefix("-") && Double(argument.text.dropFirst()) != nil {
                return Ex(text: argument.text + "pt", prec: 7)
            }
            return argument
        }
        return call(function.name, arguments)
    }

    /// `input name ... = default` with `in low...high` before the default, for most number and length
    /// inputs: the default, widened below and above by a few steps (sometimes by none).
    private mutating func withRange(_ line: String, name: String, kind: Kind, ranges: inout [String: ClosedRange<Double>]) -> String {
        guard kind != .bool, rangeRNG.chance(0.75), let equals = line.range(of: " = ", options: .backwards) else { return line }
        let valueText = line[equals.upperBound...].replacingOccurrences(of: "pt", with: "")
        guard let value = Double(valueText) else { return line }
        let steps: [Double] = kind == .length ? [0, 5, 50, 200] : [0, 0.5, 1, 3]
        let low = value - rangeRNG.pick(steps), high = value + rangeRNG.pick(steps)
        ranges[name] = low...high
        let unit = kind == .length && rangeRNG.chance(0.5) ? "pt" : ""
        return line[..<equals.lowerBound] + " in \(low)\(unit)...\(high)\(unit)" + line[equals.lowerBound...]
    }

    private mutating func shuffle(_ items: inout [String]) {
        guard items.count > 1 else { return }
        for i in stride(from: items.count - 1, to: 0, by: -1) {
            items.swapAt(i, rng.below(i + 1))
        }
    }

    private mutating func freshName(_ base: String) -> String {
        var name = base
        var n = 0
        while usedNames.contains(name) {
            n += 1
            name = "\(base)_\(n)"
        }
        usedNames.insert(name)
        return name
    }

    /// Names a generated function might also use for its temporaries, or Swift library names.
    static let hostileNames = ["t", "e", "k", "t1", "e1", "k1", "t2", "x", "r", "u", "lo", "hi", "step", "iteration",
                               "middle", "newton", "slope", "current", "count", "points", "target", "velocity", "best",
                               "low", "high", "abs", "exp", "sin", "cos", "expm1", "floorValue", "previousSt0", "lastOffset",
                               "value", "result", "nan",
                               "infinity", "magnitude", "squareRoot", "rounded", "frame0", "clamped", "mixed",
                               "progressFraction", "curveSteps", "curveLinearSegment", "settleValue"]

    /// Names of Swift types and modules the generated code spells; the checker may refuse them.
    static let swiftTypeNames = ["Self", "Frame", "State", "CGFloat", "Double", "Swift", "Foundation", "Bool", "Int", "String", "Array"]

    private mutating func hostileOrPlain(_ plain: String) -> String {
        if useHostileNames && rng.chance(0.5) {
            let candidate = rng.pick(Self.hostileNames)
            if !usedNames.contains(candidate) {
                usedNames.insert(candidate)
                return candidate
            }
        }
        return freshName(plain)
    }

    private mutating func propertyName(_ kind: Kind, index: Int) -> (String, String) {
        switch kind {
        case .length:
            if rng.chance(0.15) { return ("drift\(index)", ": pt") }
            return (rng.pick(["height", "width", "size", "top", "bottom", "offsetY", "offsetX", "blur", "cornerRadius",
                              "padding", "x", "y", "backdropHeight", "titleOffsetY", "minHeight", "fontSize"]), "")
        case .number:
            if rng.chance(0.15) { return ("ratio\(index)", ": number") }
            return (rng.pick(["scale", "opacity", "rotation", "progress", "zIndex", "scrimOpacity", "scaleX",
                              "brightness", "titleScale"]), "")
        case .bool:
            if rng.chance(0.15) { return ("flag\(index)", ": bool") }
            return (rng.pick(["visible", "hidden", "interactive", "titleHidden", "accessibilityHidden"]), "")
        }
    }

    // MARK: Expressions

    private func wrap(_ ex: Ex, _ minimum: Int) -> Ex {
        ex.prec >= minimum ? ex : Ex(text: "(\(ex.text))", prec: 7)
    }

    /// Parenthesises when needed, and now and then when not.
    private mutating func operand(_ ex: Ex, _ minimum: Int) -> Ex {
        if ex.prec < minimum || (ex.prec < 7 && rng.chance(0.1)) { return Ex(text: "(\(ex.text))", prec: 7) }
        return ex
    }

    mutating func expr(_ kind: Kind, depth: Int) -> Ex {
        nodes += 1
        if depth <= 0 || nodes > nodeBudget || rng.chance(0.12) { return leaf(kind) }
        // A call is drawn from the functions' stream, and the expression it replaces still from the main
        // one, so that the rest of the spec is what it would be without functions.
        let callsFunction = !functions.isEmpty && (onFunctions ? rng.chance(0.15) : functionRNG.chance(0.15))
        let plain: Ex
        switch kind {
        case .number: plain = numberExpr(depth)
        case .length: plain = lengthExpr(depth)
        case .bool: plain = boolExpr(depth)
        }
        guard callsFunction, let call = onFunctionStream({ $0.functionCall(kind, depth: depth) }) else { return plain }
        // The call claims the binding of what it replaces (at worst it gains parentheses), since callers
        // draw from the main stream or not by how tightly an operand binds.
        return Ex(text: call.text, prec: plain.prec)
    }

    private mutating func leaf(_ kind: Kind) -> Ex {
        switch kind {
        case .number:
            if !numberNames.isEmpty && rng.chance(0.4) { return Ex(text: rng.pick(numberNames), prec: 7) }
            if rng.chance(0.03) { return poison() }
            return numberLiteral()
        case .length:
            if rng.chance(0.4) { return Ex(text: allowDelta && rng.chance(0.3) ? "delta" : offsetText, prec: 7) }
            if !lengthNames.isEmpty && rng.chance(0.5) { return Ex(text: rng.pick(lengthNames), prec: 7) }
            return lengthLiteral()
        case .bool:
            if !boolNames.isEmpty && rng.chance(0.5) { return Ex(text: rng.pick(boolNames), prec: 7) }
            return Ex(text: rng.chance(0.5) ? "true" : "false", prec: 7)
        }
    }

    /// Number literals from plain to awkward: long decimals, values swiftc reads one ulp off through
    /// Float80, extremes and subnormals.
    private mutating func numberLiteralValue() -> (String, Double) {
        switch rng.below(10) {
        case 0, 1, 2:
            let v = rng.pick(["0", "1", "2", "0.5", "0.25", "0.1", "0.3", "1.5", "3", "10", "44", "100", "0.45", "0.35", "0.8"])
            return (v, Double(v)!)
        case 3, 4:
            let v = Double(rng.below(2000)) / 8
            return (Self.spell(v), v)
        case 5:
            let v = rng.unit() * 10
            return (Self.spell(v), v)
        case 6:
            let v = rng.pick(["6.274305822267499", "0.30000000000000004", "0.1", "1e-9", "123456.789012345678",
                              "2.5e-7", "9007199254740993", "0.49999999999999994", "4.35"])
            return (v, Double(v)!)
        case 7:
            let v = rng.pick(["1e300", "1.7976931348623157e308", "5e-324", "2.2250738585072014e-308", "1e-300", "1e15"])
            return (v, Double(v)!)
        default:
            let v = Double(rng.below(400))
            return (Self.spell(v), v)
        }
    }

    static func spell(_ v: Double) -> String {
        if v == v.rounded(), abs(v) < 1e15 { return String(Int(v)) }
        return v.description
    }

    private mutating func numberLiteral() -> Ex {
        let (text, _) = numberLiteralValue()
        return Ex(text: text, prec: 7)
    }

    private mutating func lengthLiteral() -> Ex {
        let (text, value) = numberLiteralValue()
        lengthConstants.insert(value)
        return Ex(text: text + "pt", prec: 7)
    }

    /// A unit-less literal where a length is expected, which the checker adapts.
    private mutating func flexibleLiteral() -> Ex {
        let (text, value) = numberLiteralValue()
        lengthConstants.insert(value)
        if rng.chance(0.2) { return Ex(text: "-" + text, prec: 6) }
        return Ex(text: text, prec: 7)
    }

    /// Infinite or NaN numbers built from constants, which folding leaves in place.
    private mutating func poison() -> Ex {
        Ex(text: rng.pick(["(1e308 * 10)", "(0 / 0)", "(1 / 0)", "(-1 / 0)", "sqrt(-1)", "pow(-8, 0.5)", "(1e300 * 1e300 - 1e300 * 1e300)"]),
           prec: 7)
    }

    private mutating func binary(_ lhs: Ex, _ op: String, _ rhs: Ex, _ prec: Int) -> Ex {
        // Left-associative: the left operand may be at the same level, the right must bind tighter.
        let left = operand(lhs, prec == 3 ? 4 : prec)
        let right = operand(rhs, prec + 1)
        return Ex(text: "\(left.text) \(op) \(right.text)", prec: prec)
    }

    private mutating func conditional(_ kind: Kind, _ depth: Int) -> Ex {
        let condition = operand(expr(.bool, depth: depth - 1), 1)
        var then = expr(kind, depth: depth - 1)
        var otherwise = expr(kind, depth: depth - 1)
        if kind == .length && rng.chance(0.15) {
            if rng.chance(0.5) { then = flexibleLiteral() } else { otherwise = flexibleLiteral() }
        }
        // A conditional in the else branch needs no parentheses; elsewhere, sometimes.
        return Ex(text: "\(condition.text) ? \(operand(then, 0).text) : \(operand(otherwise, 0).text)", prec: 0)
    }

    /// The built-in drawn, or one of its kin: fmin for min, fmax for max, and the other roundings for
    /// floor, ceil and round.
    private mutating func kin(_ name: String) -> String {
        let kin: [String: [String]] = ["min": ["fmin"], "max": ["fmax"], "floor": ["trunc", "roundHalfUp", "roundHalfEven"],
                                       "ceil": ["trunc", "roundHalfUp", "roundHalfEven"], "round": ["trunc", "roundHalfUp", "roundHalfEven"]]
        guard let others = kin[name], builtinRNG.chance(0.5) else { return name }
        return builtinRNG.pick(others)
    }

    /// `lhs / rhs`, or its quotient truncated, `div(lhs, rhs)`. The division is written either way, and the
    /// call binds as loosely as it, so that the draws for parentheses are the same (a call may get some).
    private mutating func quotient(_ lhs: Ex, _ rhs: Ex) -> Ex {
        let division = binary(lhs, "/", rhs, 5)
        guard builtinRNG.chance(0.35) else {
            // As a Float computes it: the quotient rounded to binary32, said to bind as the division does, as `div`
            // is, so that the draws for parentheses around it stay as they were.
            return floatRNG.chance(0.12) ? Ex(text: call("fround", [division]).text, prec: division.prec) : division
        }
        return Ex(text: call("div", [lhs, rhs]).text, prec: division.prec)
    }

    private mutating func call(_ name: String, _ arguments: [Ex]) -> Ex {
        Ex(text: "\(name)(\(arguments.map(\.text).joined(separator: ", ")))", prec: 7)
    }

    /// Arguments sharing one type; with lengths, some may be bare literals, but never the first.
    private mutating func sharedArguments(_ kind: Kind, _ count: Int, _ depth: Int) -> [Ex] {
        (0..<count).map { i in
            if kind == .length && i > 0 && rng.chance(0.15) { return flexibleLiteral() }
            return expr(kind, depth: depth - 1)
        }
    }

    private mutating func numberExpr(_ depth: Int) -> Ex {
        switch rng.below(26) {
        case 0, 1: return binary(expr(.number, depth: depth - 1), rng.pick(["+", "-"]), expr(.number, depth: depth - 1), 4)
        case 2, 3:
            let lhs = expr(.number, depth: depth - 1), op = rng.pick(["*", "/"]), rhs = expr(.number, depth: depth - 1)
            return op == "/" ? quotient(lhs, rhs) : binary(lhs, op, rhs, 5)
        case 4: return quotient(expr(.length, depth: depth - 1), expr(.length, depth: depth - 1))
        case 5:
            // A division that hits zero at some offset.
            let zeroAt = lengthLiteral()
            let divisor = Ex(text: "\(offsetText) - \(zeroAt.text)", prec: 4)
            return quotient(expr(.length, depth: depth - 1), divisor)
        case 6: return Ex(text: "-" + operand(expr(.number, depth: depth - 1), 6).text, prec: 6)
        case 7, 8: return conditional(.number, depth)
        case 9: return call(kin(rng.pick(["min", "max"])), sharedArguments(.number, 2 + rng.below(3), depth))
        case 10: return call("clamp", sharedArguments(.number, 3, depth))
        case 11: return call("abs", [expr(.number, depth: depth - 1)])
        case 12:
            return call("mix", sharedArguments(.number, 2, depth) + [expr(.number, depth: depth - 1)])
        case 13:
            let kind: Kind = rng.chance(0.6) ? .length : .number
            if kind == .length && rng.chance(0.5) {
                // The usual shape: progress of the offset between two constants, sometimes equal ones.
                let from = lengthLiteral(), to = rng.chance(0.1) ? from : lengthLiteral()
                return call("progress", [Ex(text: offsetText, prec: 7), from, to])
            }
            return call("progress", sharedArguments(kind, 3, depth))
        case 14: return call("pow", [expr(.number, depth: depth - 1), expr(.number, depth: depth - 1)])
        case 15: return call("sqrt", [expr(.number, depth: depth - 1)])
        case 16: return call(kin(rng.pick(["floor", "ceil", "round"])), [expr(.number, depth: depth - 1)])
        case 17, 18, 19: return curveApplication(depth)
        case 20, 21: return keyframes(.number, depth)
        case 22: return Ex(text: "(\(expr(.number, depth: depth - 1).text))", prec: 7)
        case 23:
            // A length divided by a length: progress by hand, the common way to get a number.
            return binary(Ex(text: offsetText, prec: 7), "/", expr(.length, depth: depth - 1), 5)
        default:
            let op = rng.pick(["+", "-", "*", "/"])
            return binary(expr(.number, depth: depth - 1), op, leaf(.number), op == "+" || op == "-" ? 4 : 5)
        }
    }

    private mutating func lengthExpr(_ depth: Int) -> Ex {
        switch rng.below(22) {
        case 0, 1, 2:
            let op = rng.pick(["+", "-"])
            if rng.chance(0.15) {
                return rng.chance(0.5)
                    ? binary(expr(.length, depth: depth - 1), op, flexibleLiteral(), 4)
                    : binary(flexibleLiteral(), op, expr(.length, depth: depth - 1), 4)
            }
            return binary(expr(.length, depth: depth - 1), op, expr(.length, depth: depth - 1), 4)
        case 3, 4:
            return rng.chance(0.5)
                ? binary(expr(.length, depth: depth - 1), "*", expr(.number, depth: depth - 1), 5)
                : binary(expr(.number, depth: depth - 1), "*", expr(.length, depth: depth - 1), 5)
        case 5: return quotient(expr(.length, depth: depth - 1), expr(.number, depth: depth - 1))
        case 6: return Ex(text: "-" + operand(expr(.length, depth: depth - 1), 6).text, prec: 6)
        case 7, 8: return conditional(.length, depth)
        case 9, 10: return call(kin(rng.pick(["min", "max"])), sharedArguments(.length, 2 + rng.below(3), depth))
        case 11: return call("clamp", sharedArguments(.length, 3, depth))
        case 12: return call("abs", [expr(.length, depth: depth - 1)])
        case 13: return call("mix", sharedArguments(.length, 2, depth) + [expr(.number, depth: depth - 1)])
        case 14: return call(kin(rng.pick(["floor", "ceil", "round"])), [expr(.length, depth: depth - 1)])
        case 15, 16, 17: return keyframes(.length, depth)
        case 18: return Ex(text: "(\(expr(.length, depth: depth - 1).text))", prec: 7)
        case 19:
            // A curve scaling a length: 100pt * easeOut(progress(...)).
            return binary(lengthLiteral(), "*", curveApplication(depth), 5)
        default:
            return binary(expr(.length, depth: depth - 1), rng.pick(["+", "-"]), leaf(.length), 4)
        }
    }

    private mutating func boolExpr(_ depth: Int) -> Ex {
        switch rng.below(12) {
        case 0:
            return Ex(text: "not " + operand(expr(.bool, depth: depth - 1), 6).text, prec: 6)
        case 1:
            return Ex(text: "!" + operand(expr(.bool, depth: depth - 1), 6).text, prec: 6)
        case 2, 3:
            return binary(expr(.bool, depth: depth - 1), rng.pick(["and", "&&"]), expr(.bool, depth: depth - 1), 2)
        case 4:
            return binary(expr(.bool, depth: depth - 1), rng.pick(["or", "||"]), expr(.bool, depth: depth - 1), 1)
        case 5, 6, 7:
            let kind: Kind = rng.chance(0.6) ? .length : .number
            let op = rng.pick(["<", "<=", ">", ">=", "==", "!="])
            if kind == .length && rng.chance(0.3) {
                // The offset against a constant, which the offsets hit exactly.
                return binary(Ex(text: offsetText, prec: 7), op, rng.chance(0.5) ? lengthLiteral() : flexibleLiteral(), 3)
            }
            return binary(expr(kind, depth: depth - 1), op, expr(kind, depth: depth - 1), 3)
        case 8:
            return binary(expr(.bool, depth: depth - 1), rng.pick(["==", "!="]), expr(.bool, depth: depth - 1), 3)
        case 9, 10:
            return conditional(.bool, depth)
        default:
            return Ex(text: "(\(expr(.bool, depth: depth - 1).text))", prec: 7)
        }
    }

    // MARK: Curves

    private mutating func curveApplication(_ depth: Int) -> Ex {
        // The progress is usually the offset's progress through a range, so the curve sees 0...1 and beyond.
        let argument: Ex
        if rng.chance(0.5) {
            let from = lengthLiteral(), to = lengthLiteral()
            argument = rng.chance(0.7)
                ? call("progress", [Ex(text: offsetText, prec: 7), from, to])
                : binary(Ex(text: offsetText, prec: 7), "/", to, 5)
        } else {
            argument = expr(.number, depth: depth - 1)
        }
        if rng.chance(0.07) { return call("linear", [argument]) }
        let curve = curveText(forApplication: true)
        return Ex(text: "\(curve)(\(argument.text))", prec: 7)
    }

    /// A curve: a preset or declared name, or a constructor. Every constructor and every kind of spring.
    mutating func curveText(forApplication: Bool) -> String {
        switch rng.below(12) {
        case 0, 1:
            if !curveNames.isEmpty && rng.chance(0.5) { return rng.pick(curveNames) }
            return rng.pick(Self.presets)
        case 2, 3, 4:
            let (x1, y1, x2, y2) = rng.pick([
                ("0.2", "0", "0", "1"), ("0.25", "0.1", "0.25", "1"), ("0", "1", "0", "1"), ("1", "0", "0", "1"),
                ("0.3", "-0.5", "0.7", "1.5"), ("0", "-0.5", "1", "-0.5"), ("0.99", "0", "0.01", "1"), ("1", "0", "0", "1"),
                ("0", "0", "1", "1"), ("0.5", "0.5", "0.5", "0.5"), ("0.68", "-0.6", "0.32", "1.6"), ("0", "2", "1", "-1"),
                ("1", "-3", "0", "4"), ("0.999", "0.5", "0.001", "0.5"), ("0.42", "0", "1", "1"), ("1", "1", "0", "0"),
                ("0.05", "0.7", "0.1", "1"), ("0", "0", "0", "1"), ("1", "0", "1", "1"), ("0.5", "-10", "0.5", "10"),
            ])
            var drawn = "cubicBezier(\(x1), \(y1), \(x2), \(y2))"
            if rng.chance(0.3) {
                let r = { (rng: inout SeededGenerator) -> String in SpecGenerator.spell((rng.unit() * 1000).rounded() / 1000) }
                drawn = "cubicBezier(\(r(&rng)), \(SpecGenerator.spell((rng.unit() * 4 - 2) * 100 / 100)), \(r(&rng)), \(SpecGenerator.spell(rng.unit() * 3 - 1)))"
            }
            // At the checker's bound (`Curve.largestParameter`), where the curve's arithmetic must not overflow.
            if extremeRNG.chance(0.08) {
                let y = { (rng: inout SeededGenerator) -> String in rng.pick(["1000000", "-1000000", "999999.5", "-1e6", "0.5", "-3"]) }
                drawn = "cubicBezier(\(extremeRNG.pick(["0", "0.05", "0.5", "1"])), \(y(&extremeRNG)), "
                    + "\(extremeRNG.pick(["0", "0.8", "1"])), \(y(&extremeRNG)))"
            }
            return drawn
        case 5, 6:
            let position = rng.pick(["jump-start", "jump-end", "jump-none", "jump-both", "start", "end", "jumpStart",
                                     "jumpEnd", "jumpNone", "jumpBoth", ""])
            var count = rng.pick([1, 1, 2, 3, 4, 5, 10, 7, 1000])
            if position.lowercased().contains("none") && count < 2 { count = 2 }
            return position.isEmpty ? "steps(\(count))" : "steps(\(count), \(position))"
        case 7, 8:
            let stops = 2 + rng.below(5)
            var arguments: [String] = []
            for i in 0..<stops {
                var output = rng.pick(["0", "1", "0.5", "0.25", "-0.5", "1.2", "0.9", "0.1"])
                if extremeRNG.chance(0.04) { output = extremeRNG.pick(["1000000", "-1000000"]) }
                if i == 0 { output = rng.pick(["0", "0", "0.1", "-0.2"]) }
                if i == stops - 1 { output = rng.pick(["1", "1", "0.8", "1.5"]) }
                var stop = output
                if rng.chance(0.4) {
                    var position = rng.pick(["0", "10", "25", "50", "75", "100", "120", "40", "60", "30"])
                    if extremeRNG.chance(0.04) { position = extremeRNG.pick(["1000000", "-1000000"]) }
                    stop += " \(position)%"
                    if rng.chance(0.3) { stop += " \(rng.pick(["50", "80", "20", "100"]))%" }
                }
                arguments.append(stop)
            }
            return "linear(\(arguments.joined(separator: ", ")))"
        default:
            switch rng.below(7) {
            case 0: return "spring(duration: \(rng.pick(["0.5", "0.3", "1", "0.25"])), bounce: \(rng.pick(["0", "0.15", "0.3", "0.7", "-0.3", "-0.8", "0.95"])))"
            case 1: return "spring(response: \(rng.pick(["0.35", "0.55", "1"])), dampingFraction: \(rng.pick(["0.8", "0.5", "1", "1.5", "0.15", "3", "0.999", "1.001"])))"
            case 2: return "spring(\(rng.pick(["0.5", "0.4"])), \(rng.pick(["0.2", "-0.2", "0"])))"
            case 3: return "spring(response: 0.4)"
            case 4: return "spring(dampingFraction: \(rng.pick(["1", "2", "0.6"])))"
            case 5: return "spring(bounce: 0.4)"
            default: return rng.pick(["smooth", "snappy", "bouncy"])
            }
        }
    }

    // MARK: Keyframes

    private mutating func keyframes(_ kind: Kind, _ depth: Int) -> Ex {
        guard keyframesDepth < 3 else { return leaf(kind) }
        keyframesDepth += 1
        defer { keyframesDepth -= 1 }
        let lengthDriver = rng.chance(0.6)
        let driver: Ex
        if lengthDriver {
            driver = rng.chance(0.6) ? Ex(text: offsetText, prec: 7) : expr(.length, depth: min(depth - 1, 3))
        } else if rng.chance(0.5) {
            driver = call("progress", [Ex(text: offsetText, prec: 7), lengthLiteral(), lengthLiteral()])
        } else {
            driver = expr(.number, depth: min(depth - 1, 3))
        }
        var header = "keyframes(\(driver.text)"
        if allowExtend && rng.chance(0.5) {
            header += ", extend: \(rng.pick(["before", "after", "both", "none"]))"
        }
        header += ")"
        let count = 1 + rng.below(5)
        var positions: [Double] = lengthDriver
            ? (0..<count).map { _ in rng.pick([-100, -20, 0, 0, 20, 44, 50, 100, 146, 190, 300, 0.5, 1e6]) }
            : (0..<count).map { _ in rng.pick([-0.5, 0, 0, 0.25, 0.5, 0.75, 1, 1, 1.5, 0.1]) }
        positions.sort()
        var stops: [String] = []
        for (i, position) in positions.enumerated() {
            var positionText: String
            if lengthDriver {
                lengthConstants.insert(position)
                let spelled = Self.spell(position)
                positionText = rng.chance(0.3) ? spelled : spelled + "pt"
                if position < 0 { positionText = "-" + String(positionText.dropFirst()) }
                if rng.chance(0.07), !variableLengthNames.isEmpty {
                    // A stop that moves with an input or a state: no order is checked.
                    positionText = "(\(rng.pick(variableLengthNames)) + \(Self.spell(abs(position)))pt)"
                }
            } else {
                positionText = Self.spell(position)
                if rng.chance(0.05), !variableNumberNames.isEmpty { positionText = "(\(rng.pick(variableNumberNames)))" }
            }
            var value: Ex
            if rng.chance(0.12) && depth > 1 {
                value = keyframes(kind, depth - 1)
            } else if i > 0 && kind == .length && rng.chance(0.3) {
                value = flexibleLiteral()
            } else if rng.chance(0.5) {
                value = kind == .length ? lengthLiteral() : numberLiteral()
            } else {
                value = expr(kind, depth: min(depth - 1, 4))
            }
            var stop = "\(positionText): \(value.text)"
            if (i > 0 || rng.chance(0.05)) && rng.chance(0.7) {
                stop += " via " + (rng.chance(0.2) ? "hold" : curveText(forApplication: false))
            }
            stops.append(stop)
        }
        let separator = rng.pick([", ", "\n        ", ",\n        "])
        let body = separator.contains("\n") ? "{\n        \(stops.joined(separator: separator))\n    }" : "{ \(stops.joined(separator: separator)) }"
        return Ex(text: "\(header) \(body)", prec: 7)
    }
}
