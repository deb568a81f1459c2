import HeaderSource
import HeaderSyntax
import HeaderMath
import HeaderSema
import HeaderIR
import HeaderEval
import HeaderAnalysis
import HeaderCodeGen
import HeaderTools

/// `ranges FILE [--format table|json]`: what the range analysis proves of each output.
extension Driver {
    package static func ranges(_ options: RangesOptions, _ outcome: inout Outcome) {
        guard let compilation = load(options.file, checksSwiftNames: false, &outcome), let program = compilation.program else { return }
        let analysis = RangeAnalysis.analyze(program)
        switch options.format {
        case .json: outcome.standardOutput = RangesReport.json(analysis, source: compilation.source)
        case .table: outcome.standardOutput = RangesReport.table(analysis, source: compilation.source)
        }
    }
}

/// The analysis's results as text: a table for people, JSON for tools.
package enum RangesReport {
    package static func json(_ analysis: RangeAnalysis, source: SourceFile) -> String {
        func number(_ value: Double) -> String {
            value.isFinite ? "\(value)" : "null"
        }
        var entries: [String] = []
        // Each snap's settled value follows the outputs, as `settle.<name>` (`eval --settle`'s column).
        for output in analysis.outputs + analysis.settles {
            var fields: [String] = []
            if output.type == .bool {
                fields.append("\"true\": \(output.canBeTrue)")
                fields.append("\"false\": \(output.canBeFalse)")
            } else {
                let empty = output.range.min > output.range.max
                fields.append("\"min\": \(empty ? "null" : number(output.range.min))")
                fields.append("\"max\": \(empty ? "null" : number(output.range.max))")
                fields.append("\"nan\": \(output.range.nan)")
                fields.append("\"infinite\": \(output.range.infinite)")
            }
            if let changes = output.changes {
                // For tools, the last offset of the constant part below and the first of the constant part
                // above: one double outside where it starts and stops changing, which either side's value may
                // take (Grammar.md, "Ranges").
                fields.append("\"changesFrom\": \(number(changes.from.nextDown))")
                fields.append("\"changesTo\": \(number(changes.to.nextUp))")
            }
            entries.append("    \(JSONString.quoted(output.name)): {\(fields.joined(separator: ", "))}")
        }
        let conditions = analysis.conditions.map { condition -> String in
            let location = source.location(of: condition.range.start)
            return "    {\"line\": \(location.line), \"column\": \(location.column), "
                + "\"condition\": \(JSONString.quoted(source.text(of: condition.range))), \"always\": \(condition.value)}"
        }
        let conditionList = conditions.isEmpty ? "[]" : "[\n" + conditions.joined(separator: ",\n") + "\n  ]"
        return "{\n  \"outputs\": {\n" + entries.joined(separator: ",\n") + "\n  },\n  \"conditions\": " + conditionList + "\n}\n"
    }

    /// For people: each bound to 12 significant digits, as it reads (`-230`, where the bound proven for
    /// floating point is -230.0000000000013), and each offset where an output changes the same way, or 0
    /// within 1e-9 of it (`10`, where floating point may change from 9.999999999999519); the JSON has every
    /// number to the bit.
    package static func table(_ analysis: RangeAnalysis, source: SourceFile) -> String {
        func number(_ value: Double) -> String { NumbersForPeople.text(value) }
        func end(_ value: Double) -> String { NumbersForPeople.text(abs(value) < 1e-9 ? 0 : value) }
        var rows: [[String]] = [["output", "min", "max", "NaN", "infinite", "changes between offsets"]]
        for output in analysis.outputs + analysis.settles {
            let changes = output.changes.map { "\(end($0.from)) and \(end($0.to))" } ?? "never"
            if output.type == .bool {
                let values = [output.canBeFalse ? "false" : nil, output.canBeTrue ? "true" : nil].compactMap { $0 }
                rows.append([output.name, values.first ?? "-", values.last ?? "-", "no", "no", changes])
            } else {
                let empty = output.range.min > output.range.max
                rows.append([output.name, empty ? "-" : number(output.range.min), empty ? "-" : number(output.range.max),
                             output.range.nan ? "yes" : "no", output.range.infinite ? "yes" : "no", changes])
            }
        }
        var widths = [Int](repeating: 0, count: rows[0].count)
        for row in rows { for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) } }
        var out = ""
        for row in rows {
            let cells = row.enumerated().map { index, cell in
                index == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[index] - cell.count)
            }
            out += cells.joined(separator: "  ") + "\n"
        }
        if !analysis.conditions.isEmpty {
            out += "\nconditions that never change:\n"
            for condition in analysis.conditions {
                let location = source.location(of: condition.range.start)
                out += "  \(location.line):\(location.column)  \(source.text(of: condition.range)) is always \(condition.value)\n"
            }
        }
        return out
    }
}
