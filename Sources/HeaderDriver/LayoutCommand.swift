import HeaderSource
import HeaderSyntax
import HeaderMath
import HeaderSema
import HeaderIR
import HeaderEval
import HeaderTools

extension Driver {
    /// `layout`: every block's drawn rectangle at each offset, in screen points (origin at the screen's
    /// top-left, y down), by the one layout model the pictures draw (`HeaderLayout`). The JSON's names are
    /// a contract (README, "layout").
    static func layout(_ options: LayoutOptions, _ outcome: inout Outcome) {
        let evaluation = options.evaluation
        guard let compilation = load(evaluation.file, checksSwiftNames: false, &outcome), let spec = compilation.spec,
              let program = compilation.program else { return }
        let interpreter = Interpreter(program: program)
        guard apply(evaluation.settings, to: interpreter, &outcome) else { return }
        let loaded = loadTrace(evaluation, program: program, &outcome)
        guard loaded.ok else { return }
        let trace = loaded.trace
        let table = EvalTable(spec: spec, interpreter: interpreter, offsets: evaluation.offsets, trace: trace, settleVelocity: nil)
        let layout = HeaderLayout.Evaluator(program: program, width: options.width, labels: false)
        // A trace may change the inputs row by row: each frame is laid out with those it was computed with.
        let inputs = { program.inputs.map { interpreter.inputValue($0.name) ?? $0.defaultValue } }
        var out = OutputBuffer(handingOnTo: outcome.standardOutputPieces)
        var layers: [HeaderLayout.Layer] = []
        switch evaluation.format {
        case .json, .csv:
            out.write("{\"header\": \(JSONString.quoted(program.name)), \"width\": \(LayoutText.number(options.width)), \"frames\": [")
            var isFirst = true
            table.forEachFrame { offset, values in
                out.write(isFirst ? "\n  " : ",\n  ")
                isFirst = false
                layout.layers(values: values, inputs: inputs(), offset: offset, canvasHeight: options.height, into: &layers)
                out.write("{\"offset\": \(LayoutText.number(offset)), \"layers\": [")
                out.write(layers.map(LayoutText.json).joined(separator: ", "))
                out.write("]}")
            }
            out.write(isFirst ? "]}\n" : "\n]}\n")
        case .table:
            out.write("\(program.name), a screen \(NumbersForPeople.text(options.width)) pt wide\n")
            table.forEachFrame { offset, values in
                out.write("\noffset \(offset)\n")
                layout.layers(values: values, inputs: inputs(), offset: offset, canvasHeight: options.height, into: &layers)
                let rows = layers.map(LayoutText.row)
                out.write(LayoutText.aligned([["block", "kind", "x", "y", "width", "height", "opacity", "clip"]] + rows))
            }
        }
        outcome.standardOutput = out.finish()
    }
}

/// How `layout` prints a layer: JSON with every number exact (shortest round trip; a number that is not
/// finite is `null`), and a table for people, rounded as `ranges` rounds.
enum LayoutText {
    static func number(_ value: Double) -> String { value.isFinite ? value.description : "null" }

    static func json(_ layer: HeaderLayout.Layer) -> String {
        var fields = [
            "\"block\": \(JSONString.quoted(layer.block))", "\"kind\": \"\(layer.kind.rawValue)\"",
            "\"x\": \(number(layer.x))", "\"y\": \(number(layer.y))", "\"width\": \(layer.width.map(number) ?? "null")",
            "\"height\": \(number(layer.height))", "\"opacity\": \(number(layer.opacity))",
        ]
        if let alignX = layer.alignX { fields.append("\"alignX\": \"\(alignX)\"") }
        if let clip = layer.clip {
            fields.append("\"clip\": {\"x\": \(number(clip.x)), \"y\": \(number(clip.y)), \"width\": \(number(clip.width)), \"height\": \(number(clip.height))}")
        } else {
            fields.append("\"clip\": null")
        }
        return "{" + fields.joined(separator: ", ") + "}"
    }

    static func row(_ layer: HeaderLayout.Layer) -> [String] {
        let short = NumbersForPeople.text as (Double) -> String
        let width = layer.width.map(short) ?? "(\(layer.alignX ?? "leading"))"
        let clip = layer.clip.map { "\(short($0.x)), \(short($0.y)), \(short($0.width)), \(short($0.height))" } ?? "-"
        return [layer.block, layer.kind.rawValue, short(layer.x), short(layer.y), width, short(layer.height), short(layer.opacity), clip]
    }

    /// Columns padded to their widest cell: names to the left, numbers to the right.
    static func aligned(_ rows: [[String]]) -> String {
        guard let first = rows.first else { return "" }
        var widths = first.map(\.count)
        for row in rows { for (index, cell) in row.enumerated() where index < widths.count { widths[index] = max(widths[index], cell.count) } }
        return rows.map { row in
            row.enumerated().map { index, cell in
                let pad = String(repeating: " ", count: widths[index] - cell.count)
                return index < 2 ? cell + pad : pad + cell
            }.joined(separator: "  ").replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
        }.joined(separator: "\n") + "\n"
    }
}
