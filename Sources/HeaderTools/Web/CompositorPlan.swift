import HeaderSyntax
import HeaderMath
import HeaderSema
import HeaderIR

/// What of a header the browser can move on its compositor, from the scroll alone: the outputs that CSS
/// computes from the offset as a scroll-driven animation (`ScrollKeyframes`), and the layers whose
/// place and opacity follow such an output while everything else about them holds still
/// (`CompositorLayer`). The web element gives those layers `@keyframes` on the scroll's timeline; it
/// draws every other layer itself, a frame at a time. Each output and layer that is not on the compositor
/// has the reason, for `compile --target web --report`.
package struct CompositorPlan {
    /// An output that is keyframes of the offset, as CSS writes them: the stops at scroll offsets, in
    /// order, their values, and the CSS easing of each segment (`easings[i]` runs from stop i to i + 1).
    package struct ScrollKeyframes: Equatable {
        package var offsets: [Double]
        package var values: [Double]
        package var easings: [String]
        /// The least and greatest value along the way (the curves' control points bound them).
        package var low: Double, high: Double
    }

    /// A layer drawn by the compositor: each of its place's coordinates and its opacity is fixed while the
    /// inputs are, or follows one scroll-driven output (an affine function of it, which CSS interpolates
    /// exactly as it interpolates the output).
    package struct CompositorLayer: Equatable {
        package var block: String
        package var x: String?, y: String?, opacity: String?
    }

    /// Scroll-driven outputs by qualified name.
    package var keyframes: [String: ScrollKeyframes] = [:]
    /// Compositor layers by block name.
    package var layers: [String: CompositorLayer] = [:]
    /// Why an output that changes with the scroll is not scroll-driven, by qualified name.
    package var outputReasons: [String: String] = [:]
    /// Why a layer is drawn on the main thread, by block name.
    package var layerReasons: [String: String] = [:]
    /// What reads each output, by qualified name (`Readers`); an output no layer reads has none.
    package var readers: [String: Readers] = [:]

    /// The layers that read an output, through the layout's registers, as the report needs them: that some
    /// layer does, the first of those drawn frame by frame (the page's included) by block name, and the kinds
    /// of those among them whose box's width or height reads it. Found in time linear in the layout, though a
    /// layer's place may read every block before it: `LayerAnalysis.propagateReads`.
    package struct Readers: Equatable {
        /// The blocks drawn frame by frame that read the output, the first `Readers.listed` by name, sorted.
        package var drawnByHand: [String] = []
        /// Whether more blocks drawn frame by frame read it than `drawnByHand` lists.
        package var moreDrawnByHand = false
        /// The kinds of the blocks drawn frame by frame whose box's size reads the output.
        package var sizedByHand: Set<BlockKind> = []

        /// How many blocks drawn frame by frame a reader names; beyond, the report says there are more.
        static let listed = 16

        mutating func merge(_ other: Readers) {
            if !other.drawnByHand.isEmpty {
                let names = Array(Set(drawnByHand + other.drawnByHand)).sorted()
                moreDrawnByHand = moreDrawnByHand || other.moreDrawnByHand || names.count > Self.listed
                drawnByHand = Array(names.prefix(Self.listed))
            } else {
                moreDrawnByHand = moreDrawnByHand || other.moreDrawnByHand
            }
            sizedByHand.formUnion(other.sizedByHand)
        }
    }
    /// Outputs that do not change while the inputs hold (they read neither the offset, a state nor the phase).
    package var fixedOutputs: Set<String> = []

    package init(program: Program, spec: CheckedSpec?, plan: LayoutPlan) {
        let phaseInputs = Set(program.inputs.indices.filter { program.inputs[$0].type == .phase })
        for output in program.outputs {
            let uses = output.body.uses
            if !uses.offset && !uses.state && phaseInputs.isDisjoint(with: uses.inputs) {
                fixedOutputs.insert(output.qualifiedName)
            } else if uses.state {
                outputReasons[output.qualifiedName] = "it reads a state, which the element advances along the scroll"
            } else if !phaseInputs.isDisjoint(with: uses.inputs) {
                outputReasons[output.qualifiedName] = "it reads the scroll's phase"
            }
        }
        if let spec {
            let valueBySlot = Dictionary(spec.values.map { ($0.slot, $0.expression) }) { first, _ in first }
            for output in spec.outputs where outputReasons[output.qualifiedName] == nil && !fixedOutputs.contains(output.qualifiedName) {
                switch Self.scrollKeyframes(output.expression, values: valueBySlot) {
                case .success(let keyframes): self.keyframes[output.qualifiedName] = keyframes
                case .failure(let reason): outputReasons[output.qualifiedName] = reason.text
                }
            }
        }
        var analysis = LayerAnalysis(plan: plan, program: program, fixed: fixedOutputs, keyframes: keyframes)
        for layer in plan.layers {
            if layer.kind == .page {
                layerReasons[layer.block] = "the page's top is the height of the spacer above it"
                continue
            }
            switch analysis.compositorLayer(layer) {
            case .success(let found): layers[layer.block] = found
            case .failure(let reason): layerReasons[layer.block] = reason.text
            }
        }
        readers = analysis.propagateReads(drawnByHand: { layers[$0] == nil })
    }

    package struct Reason: Error {
        package let text: String
        init(_ text: String) { self.text = text }
    }

    // MARK: Outputs as CSS keyframes

    /// The driver of keyframes as `clamp(scale × offset + shift, low, high)`.
    struct Driver {
        var scale: Double, shift: Double
        var low = -Double.infinity, high = Double.infinity
        var isClamped: Bool { low != -.infinity || high != .infinity }
    }

    /// Lengths CSS keeps to a fraction of a pixel; beyond, a value is drawn by the element.
    static let largestLength = 1e6

    /// `values`: each named value's expression by its slot.
    static func scrollKeyframes(_ expression: CheckedExpression, values: [Int: CheckedExpression]) -> Result<ScrollKeyframes, Reason> {
        guard case .keyframes(let keyframes) = expression.unlocated else {
            return .failure(Reason("it is not keyframes of the offset, which CSS could ease"))
        }
        guard let driver = Self.driver(keyframes.driver, values: values, depth: 0), driver.scale > 0, driver.scale.isFinite,
              driver.shift.isFinite else {
            return .failure(Reason("its keyframes are not driven by the offset times a positive constant plus a constant"))
        }
        if keyframes.extendsBefore || keyframes.extendsAfter {
            return .failure(Reason("its keyframes extend beyond their stops, which CSS keyframes do not"))
        }
        var positions: [Double] = [], values: [Double] = [], easings: [String] = []
        var low = Double.infinity, high = -Double.infinity
        for (index, stop) in keyframes.stops.enumerated() {
            guard case .constant(let position) = stop.position.unlocated, case .constant(let value) = stop.value.unlocated else {
                return .failure(Reason("a stop's position or value is not a constant"))
            }
            guard position >= driver.low, position <= driver.high else {
                return .failure(Reason("a stop lies outside the clamp of its driver"))
            }
            positions.append(position)
            values.append(value)
            if index > 0 {
                if Self.jumps(stop.curve) {
                    return .failure(Reason("its keyframes jump (a hold, steps(), or a linear() with a jump), and at a jump's "
                                           + "own offset CSS's arithmetic can land on the other side of it"))
                }
                guard let easing = Self.css(stop.curve) else {
                    return .failure(Reason("a stop's curve is a spring, which CSS cannot ease"))
                }
                easings.append(easing)
                let (curveLow, curveHigh) = Self.bounds(stop.curve)
                let from = values[index - 1], change = value - from
                for fraction in [curveLow, curveHigh] {
                    low = min(low, from + change * fraction)
                    high = max(high, from + change * fraction)
                }
            }
            low = min(low, value)
            high = max(high, value)
        }
        guard positions.count >= 2 else { return .failure(Reason("its keyframes have a single stop")) }
        let offsets = positions.map { ($0 - driver.shift) / driver.scale }
        guard zip(offsets, offsets.dropFirst()).allSatisfy({ $0 < $1 }) else {
            return .failure(Reason("two of its stops fall at one scroll offset"))
        }
        guard (offsets + values + [low, high]).allSatisfy({ $0.isFinite && $0.magnitude <= largestLength }) else {
            return .failure(Reason("its stops go beyond the \(Int(largestLength)) px that CSS lengths keep exactly"))
        }
        return .success(ScrollKeyframes(offsets: offsets, values: values, easings: easings, low: low, high: high))
    }

    /// The driver as an affine function of the offset with constant coefficients, through named values,
    /// `clamp` and `progress` (whose clamp keyframes do not see where every stop lies inside it).
    static func driver(_ expression: CheckedExpression, values: [Int: CheckedExpression], depth: Int) -> Driver? {
        guard depth < 64 else { return nil }
        func affine(_ expression: CheckedExpression) -> Driver? {
            guard let driver = driver(expression, values: values, depth: depth + 1), !driver.isClamped else { return nil }
            return driver
        }
        func constant(_ expression: CheckedExpression) -> Double? {
            guard case .constant(let value) = expression.unlocated else { return nil }
            return value
        }
        switch expression.unlocated {
        case .constant(let value): return Driver(scale: 0, shift: value)
        case .slot(CheckedSpec.offsetSlot): return Driver(scale: 1, shift: 0)
        case .slot(let slot):
            guard let value = values[slot] else { return nil }
            return driver(value, values: values, depth: depth + 1)
        case .negate(let inner):
            return affine(inner).map { Driver(scale: -$0.scale, shift: -$0.shift) }
        case .arithmetic(let operation, let a, let b):
            switch operation {
            case .add, .subtract:
                guard let a = affine(a), let b = affine(b) else { return nil }
                return operation == .add ? Driver(scale: a.scale + b.scale, shift: a.shift + b.shift)
                    : Driver(scale: a.scale - b.scale, shift: a.shift - b.shift)
            case .multiply:
                if let k = constant(b), let a = affine(a) { return Driver(scale: a.scale * k, shift: a.shift * k) }
                if let k = constant(a), let b = affine(b) { return Driver(scale: b.scale * k, shift: b.shift * k) }
                return nil
            case .divide:
                guard let k = constant(b), k != 0, let a = affine(a) else { return nil }
                return Driver(scale: a.scale / k, shift: a.shift / k)
            }
        case .builtin(.clamp, let arguments) where arguments.count == 3:
            guard let x = affine(arguments[0]), let low = constant(arguments[1]), let high = constant(arguments[2]), low <= high else {
                return nil
            }
            return Driver(scale: x.scale, shift: x.shift, low: low, high: high)
        case .builtin(.progress, let arguments) where arguments.count == 3:
            guard let x = affine(arguments[0]), let from = constant(arguments[1]), let to = constant(arguments[2]), to > from else {
                return nil
            }
            return Driver(scale: x.scale / (to - from), shift: (x.shift - from) / (to - from), low: 0, high: 1)
        default:
            return nil
        }
    }

    /// Whether the segment's curve jumps somewhere: a hold, `steps()`, or a `linear()` with two points at one
    /// input. Exactly at a jump the spec takes one side; a browser that reaches the offset through its own
    /// rounding (the timeline's progress, the keyframe's fraction) can take the other, so such keyframes
    /// are drawn by the element, which computes them as `eval` does.
    static func jumps(_ curve: SegmentCurve) -> Bool {
        guard case .curve(let curve) = curve else { return true }
        switch curve {
        case .steps: return true
        case .piecewiseLinear(let curve):
            return zip(zip(curve.inputs, curve.inputs.dropFirst()), zip(curve.outputs, curve.outputs.dropFirst()))
                .contains { $0.0 == $0.1 && $1.0 != $1.1 }
        case .linear, .cubicBezier, .spring, .composeCubicBezier: return false
        }
    }

    /// The curve as CSS's easing function, or nil for a spring and for Compose's Float curve, whose rounding
    /// CSS's `cubic-bezier()` does not have.
    static func css(_ curve: SegmentCurve) -> String? {
        guard case .curve(let curve) = curve else { return "steps(1, jump-end)" }
        switch curve {
        case .linear: return "linear"
        case .cubicBezier(let bezier):
            return "cubic-bezier(\([bezier.x1, bezier.y1, bezier.x2, bezier.y2].map(cssNumber).joined(separator: ", ")))"
        case .steps(let steps): return "steps(\(steps.count), \(steps.position.rawValue))"
        case .piecewiseLinear(let curve):
            let stops = zip(curve.outputs, curve.inputs).map { "\(cssNumber($0)) \(cssNumber($1 * 100))%" }
            return "linear(\(stops.joined(separator: ", ")))"
        case .spring, .composeCubicBezier: return nil
        }
    }

    /// The least and greatest fraction a segment's curve reaches between its ends.
    static func bounds(_ curve: SegmentCurve) -> (Double, Double) {
        guard case .curve(let curve) = curve else { return (0, 1) }
        switch curve {
        case .linear, .steps, .spring, .composeCubicBezier: return (0, 1)
        case .cubicBezier(let bezier): return (min(0, bezier.y1, bezier.y2), max(1, bezier.y1, bezier.y2))
        case .piecewiseLinear(let curve): return (curve.outputs.min() ?? 0, curve.outputs.max() ?? 1)
        }
    }

    /// A number as CSS reads it: Swift's shortest digits, without a trailing `.0`.
    static func cssNumber(_ x: Double) -> String {
        let text = (x == 0 ? 0 : x).description
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }
}

/// How a layer's numbers depend on the scroll, read from the layout plan's expressions.
private struct LayerAnalysis {
    enum Dependence: Equatable {
        /// The same while the inputs and the element's size hold.
        case fixed
        /// An affine function of a scroll-driven output; `range` is the output's own where the expression
        /// is the output itself.
        case follows(String, range: ClosedRange<Double>?)
        /// Anything else.
        case moving(String)
    }

    let plan: LayoutPlan
    let program: Program
    let fixed: Set<String>
    let keyframes: [String: CompositorPlan.ScrollKeyframes]
    let outputNames: [String: String]
    let phaseInputs: Set<Int>
    var registerDependence: [Int: Dependence] = [:]

    init(plan: LayoutPlan, program: Program, fixed: Set<String>, keyframes: [String: CompositorPlan.ScrollKeyframes]) {
        self.plan = plan
        self.program = program
        self.fixed = fixed
        self.keyframes = keyframes
        var names: [String: String] = [:]
        for output in program.outputs { names[output.block + "\u{0}" + output.name] = output.qualifiedName }
        outputNames = names
        phaseInputs = Set(plan.inputNames.indices.filter { index in program.inputs.indices.contains(index) && program.inputs[index].type == .phase })
    }

    func outputName(_ block: Int, _ key: String) -> String? {
        guard plan.blockNames.indices.contains(block) else { return nil }
        return outputNames[plan.blockNames[block] + "\u{0}" + key]
    }

    mutating func compositorLayer(_ layer: LayoutPlan.Layer) -> Result<CompositorPlan.CompositorLayer, CompositorPlan.Reason> {
        var fields: [(String, LayoutExpression)] = [("width", layer.width), ("height", layer.height), ("blur", layer.blur),
                                                    ("corner radius", layer.cornerRadius), ("font size", layer.fontSize),
                                                    ("visibility", layer.hidden), ("scrim", layer.scrimOpacity)]
        if let clip = layer.clip { fields += [("clip", clip.x), ("clip", clip.y), ("clip", clip.width), ("clip", clip.height)] }
        for (name, expression) in fields {
            switch dependence(expression) {
            case .fixed: continue
            case .follows(let output, _): return .failure(.init("its \(name) follows \(output) with the scroll, which lays it out again"))
            case .moving(let why): return .failure(.init("its \(name) changes with the scroll (\(why))"))
            }
        }
        var found = CompositorPlan.CompositorLayer(block: layer.block)
        for (name, expression) in [("x", layer.x), ("y", layer.y), ("opacity", layer.opacity)] {
            switch dependence(expression) {
            case .fixed: continue
            case .follows(let output, _):
                if name == "x" { found.x = output } else if name == "y" { found.y = output } else { found.opacity = output }
            case .moving(let why): return .failure(.init("its \(name == "opacity" ? "opacity" : "place") changes with the scroll (\(why))"))
            }
        }
        if let x = found.x, let y = found.y, x != y {
            return .failure(.init("its x follows \(x) and its y \(y): one CSS translate cannot follow two timelines"))
        }
        return .success(found)
    }

    /// What reads each output (`CompositorPlan.Readers`). Each layer hands what it is to the expressions of
    /// its fields: every field for the blocks drawn frame by frame, the width and height (not what they
    /// fall back to, taken only where a value is not a finite number) for the kinds of sized boxes. Each
    /// register gathers what the expressions that name it were handed, and, as registers read only the
    /// ones before them, hands it on once, from the last to the first: linear in the layout.
    func propagateReads(drawnByHand: (String) -> Bool) -> [String: CompositorPlan.Readers] {
        var found: [String: CompositorPlan.Readers] = [:]
        // What each register was handed; a register reached by any walk has an entry.
        var gathered = [CompositorPlan.Readers?](repeating: nil, count: plan.registers.count)
        // `sized`: the walk of a width or height, which leaves out fallbacks; else every field's.
        func walk(_ root: LayoutExpression, _ readers: CompositorPlan.Readers, sized: Bool) {
            var expressions = [root]
            func record(_ name: String?) {
                guard let name else { return }
                found[name, default: CompositorPlan.Readers()].merge(readers)
            }
            while let expression = expressions.popLast() {
                switch expression {
                case .register(let index):
                    guard gathered.indices.contains(index) else { continue }
                    var entry = gathered[index] ?? CompositorPlan.Readers()
                    entry.merge(readers)
                    gathered[index] = entry
                case .property(let block, let key, let otherwise):
                    let name = outputName(block, key)
                    record(name)
                    if !sized || name == nil { expressions.append(otherwise) }
                case .hasProperty(let block, let keys):
                    for key in keys { record(outputName(block, key)) }
                case .flag(let block, let key, _):
                    record(outputName(block, key))
                default:
                    expressions += expression.operands
                }
            }
        }
        for layer in plan.layers {
            var fields = [layer.x, layer.y, layer.width, layer.height, layer.opacity, layer.blur, layer.cornerRadius, layer.fontSize,
                          layer.hidden, layer.scrimOpacity]
            if let clip = layer.clip { fields += [clip.x, clip.y, clip.width, clip.height] }
            let byHand = drawnByHand(layer.block)
            for field in fields {
                walk(field, CompositorPlan.Readers(drawnByHand: byHand ? [layer.block] : []), sized: false)
            }
            if byHand {
                for field in [layer.width, layer.height] { walk(field, CompositorPlan.Readers(sizedByHand: [layer.kind]), sized: true) }
            }
        }
        // A sized walk only follows what the walk of every field follows too, so a register with an entry was
        // reached by the latter: its expression is walked with the names, and again sized with the kinds.
        for index in plan.registers.indices.reversed() {
            guard let entry = gathered[index] else { continue }
            let expression = plan.registers[index]
            walk(expression, CompositorPlan.Readers(drawnByHand: entry.drawnByHand, moreDrawnByHand: entry.moreDrawnByHand), sized: false)
            if !entry.sizedByHand.isEmpty { walk(expression, CompositorPlan.Readers(sizedByHand: entry.sizedByHand), sized: true) }
        }
        return found
    }

    mutating func dependence(_ expression: LayoutExpression) -> Dependence {
        switch expression {
        case .constant, .canvasWidth, .canvasHeight: return .fixed
        case .input(let index): return phaseInputs.contains(index) ? .moving("the scroll's phase") : .fixed
        case .offset: return .moving("it moves with the page")
        case .register(let index):
            if let known = registerDependence[index] { return known }
            guard plan.registers.indices.contains(index) else { return .moving("an unknown register") }
            let found = dependence(plan.registers[index])
            registerDependence[index] = found
            return found
        case .property(let block, let key, let otherwise):
            guard let name = outputName(block, key) else { return dependence(otherwise) }
            if fixed.contains(name) { return Self.combine(.fixed, dependence(otherwise)) }
            // Keyframes of constants are always finite numbers: the fallback is never taken.
            if let keyframes = keyframes[name] { return .follows(name, range: keyframes.low...keyframes.high) }
            return .moving("\(name) is not scroll-driven")
        case .hasProperty(let block, let keys):
            for key in keys {
                guard let name = outputName(block, key) else { continue }
                if !fixed.contains(name) && keyframes[name] == nil { return .moving("\(name) is not scroll-driven") }
            }
            return .fixed
        case .flag(let block, let key, _):
            guard let name = outputName(block, key), !fixed.contains(name) else { return .fixed }
            return .moving("\(name) changes with the scroll")
        case .add(let a, let b), .subtract(let a, let b):
            return Self.combine(dependence(a), dependence(b))
        case .multiply(let a, let b):
            let (a, b) = (dependence(a), dependence(b))
            if a == .fixed { return Self.forgetRange(b) }
            if b == .fixed { return Self.forgetRange(a) }
            return Self.combine(a, b, sameOutputIsAffine: false)
        case .divide(let a, let b):
            let (a, b) = (dependence(a), dependence(b))
            if b == .fixed { return Self.forgetRange(a) }
            return Self.combine(a, b, sameOutputIsAffine: false)
        case .minimum(let a, let b), .maximum(let a, let b):
            // `min(v, c)` is `v` where v never exceeds c (and `max` likewise): the clamp of an opacity to 0...1.
            let isMinimum: Bool
            if case .minimum = expression { isMinimum = true } else { isMinimum = false }
            let (first, second) = (dependence(a), dependence(b))
            for (value, bound) in [(first, b), (second, a)] {
                guard case .follows(_, let range?) = value, case .constant(let c) = bound else { continue }
                if isMinimum ? range.upperBound <= c : range.lowerBound >= c { return value }
            }
            return Self.combine(first, second, sameOutputIsAffine: false)
        case .select(let condition, let then, let otherwise):
            let condition = dependence(condition)
            guard condition == .fixed else { return Self.combine(condition, .moving("a choice that changes with the scroll")) }
            let (a, b) = (dependence(then), dependence(otherwise))
            if a == b { return a }
            return Self.combine(a, b)
        case .less(let a, let b), .lessOrEqual(let a, let b):
            return Self.combine(dependence(a), dependence(b), sameOutputIsAffine: false)
        case .overlapsShown:
            return .moving("what shows of other layers")
        }
    }

    /// Two parts of one sum (or the two sides of a fixed choice): affine in one output where each is.
    // Static, as `forgetRange`: a method of `self` called with `dependence(…)` as an argument would have
    // `self`, and so `registerDependence`, copied for each call, which costs time that grows with the square.
    static func combine(_ a: Dependence, _ b: Dependence, sameOutputIsAffine: Bool = true) -> Dependence {
        switch (a, b) {
        case (.moving, _): return a
        case (_, .moving): return b
        case (.fixed, .fixed): return .fixed
        case (.fixed, .follows(let name, _)), (.follows(let name, _), .fixed):
            return sameOutputIsAffine ? .follows(name, range: nil) : .moving("a curve of \(name) CSS cannot follow")
        case (.follows(let first, _), .follows(let second, _)):
            if first == second && sameOutputIsAffine { return .follows(first, range: nil) }
            return .moving(first == second ? "a curve of \(first) CSS cannot follow" : "both \(first) and \(second)")
        }
    }

    static func forgetRange(_ dependence: Dependence) -> Dependence {
        if case .follows(let name, _) = dependence { return .follows(name, range: nil) }
        return dependence
    }
}

extension LayoutExpression {
    /// The expressions it is made of, in order.
    var operands: [LayoutExpression] {
        switch self {
        case .constant, .offset, .input, .canvasHeight, .canvasWidth, .register, .hasProperty, .flag: return []
        case .property(_, _, let otherwise): return [otherwise]
        case .add(let a, let b), .subtract(let a, let b), .multiply(let a, let b), .divide(let a, let b), .maximum(let a, let b),
             .minimum(let a, let b), .less(let a, let b), .lessOrEqual(let a, let b):
            return [a, b]
        case .select(let condition, let then, let otherwise): return [condition, then, otherwise]
        case .overlapsShown(let x0, let y0, let x1, let y1, _): return [x0, y0, x1, y1]
        }
    }
}
