import HeaderSource
import HeaderSyntax
import HeaderMath
import HeaderSema
import HeaderIR
import HeaderEval
import HeaderAnalysis
import HeaderCodeGen
import HeaderTools

/// The frames of `headerc eval`, in the three formats: a table for people, CSV and JSON for tools.
/// Numbers are Swift's shortest round-trip description of the Double, so that tools read back exactly.
/// CSV and JSON are written row by row as each offset is evaluated, so that a sweep of millions of
/// offsets runs in bounded memory; the table holds its rows to size its columns (and is refused for more
/// than `Arguments.maximumTableLength` offsets).
package struct EvalTable {
    package let spec: CheckedSpec
    package let columns: [String]
    package let inputs: [(name: String, value: Value)]
    private let interpreter: Interpreter
    private let offsets: Offsets
    /// With `--trace`: its rows replace the offsets, and its inputs come first among the columns.
    private let trace: Trace?
    private let settleVelocity: Double?

    package init(spec: CheckedSpec, interpreter: Interpreter, offsets: Offsets, trace: Trace? = nil, settleVelocity: Double?) {
        self.spec = spec
        self.trace = trace
        var columns = (trace?.hasTime == true ? ["time"] : []) + (trace?.inputs ?? []) + spec.outputs.map(\.qualifiedName)
        if settleVelocity != nil { columns += spec.snaps.map { "settle.\($0.name)" } }
        self.columns = columns
        self.interpreter = interpreter
        self.offsets = offsets
        self.settleVelocity = settleVelocity
        // The trace's inputs are columns of their own, row by row.
        self.inputs = spec.inputs.filter { !(trace?.inputs.contains($0.name) ?? false) }
            .map { input in (input.name, interpreter.inputValue(input.name) ?? input.defaultValue) }
    }

    /// Evaluates the offsets in order (a spec with state follows them), a trace's row setting its inputs
    /// first, and hands over each offset, the trace's input values there (none without a trace) and the frame.
    private func forEachStep(_ body: (Double, [Value], [Value]) -> Void) {
        if let trace {
            var gesture = ScrollGesture(interpreter: interpreter)
            for step in trace.rows {
                for (name, value) in zip(trace.inputs, step.values) { interpreter.setInput(name, to: value) }
                let offset = gesture.frame(time: step.time, given: step.offset, touching: step.touching).offset
                interpreter.time = step.time
                body(offset, (trace.hasTime ? [.number(step.time)] : []) + step.values, interpreter.frame(at: offset))
            }
        } else {
            for offset in offsets { body(offset, [], interpreter.frame(at: offset)) }
        }
    }

    /// Each offset and its frame's outputs (`layout` lays them out).
    package func forEachFrame(_ body: (Double, [Value]) -> Void) {
        forEachStep { offset, _, frame in body(offset, frame) }
    }

    /// Each offset and its row: what comes before the outputs (a trace's inputs), the frame, then where
    /// each snap settles.
    private func forEachRow(_ body: (Double, [Value]) -> Void) {
        forEachStep { offset, leading, frame in
            var values = leading + frame
            if let velocity = settleVelocity {
                values += spec.snaps.indices.map { .number(interpreter.settleNow(snap: $0, offset: offset, velocity: velocity)) }
            }
            body(offset, values)
        }
    }

    package func csv(to out: inout OutputBuffer) {
        out.write("offset," + columns.joined(separator: ",") + "\n")
        forEachRow { offset, values in
            out.write(offset.description)
            for value in values {
                out.write(",")
                out.write(value.printed)
            }
            out.write("\n")
        }
    }

    package func json(to out: inout OutputBuffer) {
        func number(_ value: Double) -> String { value.isFinite ? value.description : "null" }
        func json(_ value: Value) -> String {
            switch value {
            case .number(let value): return number(value)
            case .bool(let bool): return bool ? "true" : "false"
            case .phase(let phase): return JSONString.quoted(phase.name)
            }
        }
        let quotedColumns = columns.map(JSONString.quoted)
        out.write("{\"header\": \(JSONString.quoted(spec.name)), \"inputs\": {")
        out.write(inputs.map { "\(JSONString.quoted($0.name)): \(json($0.value))" }.joined(separator: ", "))
        out.write("}, \"frames\": [")
        var isFirst = true
        forEachRow { offset, values in
            out.write(isFirst ? "\n  {" : ",\n  {")
            isFirst = false
            out.write("\"offset\": \(number(offset))")
            for (column, value) in zip(quotedColumns, values) {
                out.write(", \(column): \(json(value))")
            }
            out.write("}")
        }
        out.write(isFirst ? "]}\n" : "\n]}\n")
    }

    package func text() -> String {
        let header = ["offset"] + columns
        var body: [[String]] = []
        // For people: numbers as `ranges` prints them (NumbersForPeople); CSV and JSON keep every bit.
        forEachRow { offset, values in body.append([NumbersForPeople.text(offset)] + values.map(NumbersForPeople.text)) }
        var widths = header.map(\.count)
        for row in body {
            for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) }
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { index, cell in
                String(repeating: " ", count: widths[index] - cell.count) + cell
            }.joined(separator: "  ") + "\n"
        }
        var out = "\(spec.name)"
        if !inputs.isEmpty {
            out += " (" + inputs.map { "\($0.name) = \(NumbersForPeople.text($0.value))" }.joined(separator: ", ") + ")"
        }
        out += "\n" + line(header)
        for row in body { out += line(row) }
        return out
    }
}

/// Output gathered in pieces of about 64 KB, each handed on when full (to be written out by the
/// executable), or, without a place to hand them, all kept (in-process callers read `standardOutput`).
package struct OutputBuffer {
    package private(set) var text = ""
    private let handOn: (@Sendable (String) -> Void)?
    private static let pieceSize = 1 << 16

    package init(handingOnTo handOn: (@Sendable (String) -> Void)?) { self.handOn = handOn }

    package mutating func write(_ piece: String) {
        text += piece
        if let handOn, text.utf8.count >= OutputBuffer.pieceSize {
            handOn(text)
            text = ""
        }
    }

    /// What is left, for the caller's standard output.
    package mutating func finish() -> String {
        defer { text = "" }
        return text
    }
}
