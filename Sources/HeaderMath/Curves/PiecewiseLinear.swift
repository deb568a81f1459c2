/// CSS `linear(...)`: straight segments through a list of stops, each stop an output with zero,
/// one or two input positions (fractions: 50% is 0.5).
public struct PiecewiseLinear: Sendable, Hashable {
    /// The control points after the spec's fixing-up: inputs never decrease, the first is set,
    /// the last is set, and runs of missing inputs are spread evenly. At least two points.
    public let inputs: [Double]
    public let outputs: [Double]

    /// css-easing-2 "create a linear easing function". nil with fewer than two stops, a stop with
    /// more than two inputs, or any non-finite number.
    public init?(stops: [(output: Double, inputs: [Double])]) {
        guard stops.count >= 2 else { return nil }
        var inputs: [Double?] = []
        var outputs: [Double] = []
        // nil stands for "no largest input yet" (the spec's negative infinity).
        var largest: Double?
        for (index, stop) in stops.enumerated() {
            guard stop.output.isFinite, stop.inputs.count <= 2,
                  stop.inputs.allSatisfy({ $0.isFinite }) else { return nil }
            let output = stop.output + 0
            if let first = stop.inputs.first {
                let input = max(first, largest ?? first) + 0
                inputs.append(input)
                outputs.append(output)
                largest = input
                if stop.inputs.count == 2 {
                    let extra = max(stop.inputs[1], input) + 0
                    inputs.append(extra)
                    outputs.append(output)
                    largest = extra
                }
            } else if index == 0 {
                inputs.append(0)
                outputs.append(output)
                largest = 0
            } else if index == stops.count - 1 {
                inputs.append(max(1, largest ?? 1))
                outputs.append(output)
            } else {
                inputs.append(nil)
                outputs.append(output)
            }
        }
        // Every run of missing inputs sits between two known ones: the first and last points are
        // always known. Spread the run evenly between them, in the reference's order of operations.
        var filled: [Double] = []
        filled.reserveCapacity(inputs.count)
        var index = 0
        while index < inputs.count {
            if let input = inputs[index] {
                filled.append(input)
                index += 1
                continue
            }
            var end = index
            while end < inputs.count, inputs[end] == nil { end += 1 }
            guard let before = filled.last, end < inputs.count, let after = inputs[end] else { return nil }
            let span = Double(end - (index - 1))
            for k in index..<end {
                filled.append(before + (after - before) * Double(k - (index - 1)) / span)
            }
            index = end
        }
        self.inputs = filled
        self.outputs = outputs
    }

    /// css-easing-2 "calculate linear easing output progress": the segment is the one after the
    /// last point whose input is <= x, clamped to the first and last segments, which therefore
    /// extrapolate. A segment of zero width gives its end output. NaN gives NaN.
    ///
    /// The search is written as "the first point after the start whose input is > x", the same
    /// comparisons as the if-chain that generated code writes, so the two pick the same segment.
    public func value(at x: Double) -> Double {
        if x.isNaN { return x }
        let last = inputs.count - 1
        var segment = last - 1
        var k = 1
        while k < last {
            if x < inputs[k] {
                segment = k - 1
                break
            }
            k += 1
        }
        return Self.evaluate(x, segment: segment, inputs: inputs, outputs: outputs)
    }

    package static func evaluate(_ x: Double, segment: Int, inputs: [Double], outputs: [Double]) -> Double {
        let span = inputs[segment + 1] - inputs[segment]
        if span == 0 { return outputs[segment + 1] }
        return CurveKernels.curveLinearSegment(x, inputs[segment], outputs[segment], span,
                                               outputs[segment + 1] - outputs[segment])
    }
}
