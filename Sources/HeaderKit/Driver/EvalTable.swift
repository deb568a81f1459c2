/// The frames of `headerc eval`, in the three formats: a table for people, CSV and JSON for tools.
/// Numbers are Swift's shortest round-trip description of the Double, so that tools read back exactly.
struct EvalTable {
    let spec: CheckedSpec
    let columns: [String]
    let inputs: [(name: String, value: Value)]
    let rows: [(offset: Double, values: [Value])]

    init(spec: CheckedSpec, interpreter: Interpreter, offsets: [Double], settleVelocity: Double?) {
        self.spec = spec
        var columns = spec.outputs.map(\.qualifiedName)
        if settleVelocity != nil { columns += spec.snaps.map { "settle.\($0.name)" } }
        self.columns = columns
        var rows: [(Double, [Value])] = []
        rows.reserveCapacity(offsets.count)
        for offset in offsets {
            var values = interpreter.frame(at: offset)
            if let velocity = settleVelocity {
                values += spec.snaps.indices.map { .number(interpreter.settle(snap: $0, offset: offset, velocity: velocity)) }
            }
            rows.append((offset, values))
        }
        self.rows = rows
        self.inputs = spec.inputs.map { input in (input.name, interpreter.inputValue(input.name) ?? input.defaultValue) }
    }

    static func format(_ value: Value) -> String {
        switch value {
        case .number(let number): return number.description
        case .bool(let bool): return bool ? "true" : "false"
        }
    }

    func csv() -> String {
        var out = "offset," + columns.joined(separator: ",") + "\n"
        for row in rows {
            out += row.offset.description
            for value in row.values {
                out += ","
                out += EvalTable.format(value)
            }
            out += "\n"
        }
        return out
    }

    func json() -> String {
        func number(_ value: Double) -> String { value.isFinite ? value.description : "null" }
        func json(_ value: Value) -> String {
            switch value {
            case .number(let value): return number(value)
            case .bool(let bool): return bool ? "true" : "false"
            }
        }
        var out = "{\"header\": \(JSONString.quoted(spec.name)), \"inputs\": {"
        out += inputs.map { "\(JSONString.quoted($0.name)): \(json($0.value))" }.joined(separator: ", ")
        out += "}, \"frames\": ["
        for (index, row) in rows.enumerated() {
            out += index == 0 ? "\n  {" : ",\n  {"
            out += "\"offset\": \(number(row.offset))"
            for (column, value) in zip(columns, row.values) {
                out += ", \(JSONString.quoted(column)): \(json(value))"
            }
            out += "}"
        }
        out += rows.isEmpty ? "]}\n" : "\n]}\n"
        return out
    }

    func text() -> String {
        let header = ["offset"] + columns
        let body = rows.map { [$0.offset.description] + $0.values.map(EvalTable.format) }
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
            out += " (" + inputs.map { "\($0.name) = \(EvalTable.format($0.value))" }.joined(separator: ", ") + ")"
        }
        out += "\n" + line(header)
        for row in body { out += line(row) }
        return out
    }

}
