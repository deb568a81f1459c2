import Foundation
import HeaderSource
import HeaderSyntax
import HeaderSema
import HeaderIR

/// `eval --trace FILE`: a path the scroll takes, as CSV. The first line names the columns, `offset` first
/// and then inputs of the spec (`offset,dragging,dragStart`); each line after it is one frame, its offset
/// and the inputs' values there, written as `--set` writes them. Blank lines are passed over. The frames
/// are followed in order, so a spec with state follows the path, and an input keeps its row's value until
/// a later row changes it: what an app passes as the gesture goes on. A `time` column gives each frame's time
/// in milliseconds, which may not go backwards; a spec with a transition needs it (Grammar.md, "Transitions").
/// A `touch` column (`down`, `up`) says where the finger is, and an empty offset that the scroll is where it was
/// left: after the finger lifts, on its snap's motion (`ScrollGesture`, Grammar.md "The motion after release").
package struct Trace {
    package struct Row {
        /// Where the frame puts the scroll; nil (an empty cell) where the scroll is where it was left, or on its
        /// snap's motion after the finger lifted.
        package let offset: Double?
        /// The frame's time in milliseconds: the `time` column's, 0 without one.
        package var time: Double = 0
        /// Whether the finger is down: the `touch` column's (`down` or `up`), nil without one.
        package var touching: Bool? = nil
        /// One value an input column.
        package let values: [Value]
    }

    /// The inputs the columns after `offset` set, by name, in order.
    package let inputs: [String]
    package let rows: [Row]
    /// Whether the trace has a `time` column.
    package var hasTime = false

    /// The trace, or a message that names the line (`FILE:3: ...`).
    package static func parse(_ source: SourceFile, for program: Program) -> Result<Trace, UsageError> {
        let path = source.path
        var lines = source.text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
            .enumerated().map { (number: $0.offset + 1, text: $0.element.trimmingCharacters(in: .whitespaces)) }
            .filter { !$0.text.isEmpty }
        guard !lines.isEmpty else {
            return .failure(UsageError(message: "\(path): the trace is empty; its first line names the columns, as in 'offset,\(program.inputs.first?.name ?? "input")'"))
        }
        let header = lines.removeFirst()
        let names = fields(header.text)
        guard names.first == "offset" else {
            return .failure(UsageError(message: "\(path):\(header.number): the first column is 'offset', found '\(names.first ?? "")'"))
        }
        // Each input's column, by position in a row.
        var columns: [(input: Program.Input, position: Int)] = []
        // The column of the frames' times: `time`, unless it names an input of a spec with no transition.
        let timeIsInput = !program.readsTime && program.inputs.contains { $0.name == "time" }
        var timeColumn: Int?
        // The finger's column: `touch`, unless it names an input of a spec whose snaps have no motion.
        let readsMotion = program.snaps.contains { $0.motion != nil }
        let touchIsInput = !readsMotion && program.inputs.contains { $0.name == "touch" }
        var touchColumn: Int?
        for (position, name) in names.enumerated().dropFirst() {
            if name == "touch", !touchIsInput {
                guard touchColumn == nil else {
                    return .failure(UsageError(message: "\(path):\(header.number): the column 'touch' is given twice"))
                }
                touchColumn = position
                continue
            }
            if name == "time", !timeIsInput {
                guard timeColumn == nil else {
                    return .failure(UsageError(message: "\(path):\(header.number): the column 'time' is given twice"))
                }
                timeColumn = position
                continue
            }
            guard let input = program.inputs.first(where: { $0.name == name }) else {
                let known = program.inputs.map(\.name)
                let hint = Suggestions.closest(to: name, among: known).map { "; did you mean '\($0)'?" }
                    ?? (known.isEmpty ? "; it has none" : "; its inputs are \(known.joined(separator: ", "))")
                return .failure(UsageError(message: "\(path):\(header.number): '\(program.name)' has no input '\(name)'\(hint)"))
            }
            guard !columns.contains(where: { $0.input.name == name }) else {
                return .failure(UsageError(message: "\(path):\(header.number): the column '\(name)' is given twice"))
            }
            columns.append((input, position))
        }
        if program.readsTime, timeColumn == nil {
            return .failure(UsageError(message: "\(path):\(header.number): '\(program.name)' follows time (a transition, or a state that reads 'time'): add a column 'time' of milliseconds, as in 'offset,time' and rows like '40,16.7'"))
        }
        var rows: [Row] = []
        var previousTime = -Double.infinity
        rows.reserveCapacity(lines.count)
        for line in lines {
            let cells = fields(line.text)
            guard cells.count == names.count else {
                return .failure(UsageError(message: "\(path):\(line.number): \(cells.count) value\(cells.count == 1 ? "" : "s"), and the first line names \(names.count) columns"))
            }
            // An empty offset: the scroll is where it was left (or on its motion), which the first row cannot say.
            let offset = Arguments.parseNumber(cells[0])
            guard offset != nil || (cells[0].isEmpty && !rows.isEmpty) else {
                let empty = cells[0].isEmpty ? "the first row needs an offset; an empty one means the scroll is where the row before left it"
                    : "the offset must be a finite number, found '\(cells[0])' (or empty, where the scroll stays where it was left or follows its motion)"
                return .failure(UsageError(message: "\(path):\(line.number): \(empty)"))
            }
            var touching: Bool? = nil
            if let touchColumn {
                switch cells[touchColumn] {
                case "down": touching = true
                case "up": touching = false
                case let cell:
                    return .failure(UsageError(message: "\(path):\(line.number): the touch is 'down' (the finger is on the screen) or 'up', found '\(cell)'"))
                }
            }
            var time = 0.0
            if let timeColumn {
                guard let value = Arguments.parseNumber(cells[timeColumn], unit: "ms") else {
                    return .failure(UsageError(message: "\(path):\(line.number): the time must be a finite number of milliseconds, found '\(cells[timeColumn])'"))
                }
                guard value >= previousTime else {
                    return .failure(UsageError(message: "\(path):\(line.number): the time goes back from \(previousTime) to \(value); each row's time is at or after the row before's"))
                }
                (time, previousTime) = (value, value)
            }
            var values: [Value] = []
            for (input, position) in columns {
                let cell = cells[position]
                guard let value = Driver.parseInputValue(cell, type: input.type) else {
                    if input.type == .phase {
                        return .failure(UsageError(message: "\(path):\(line.number): \(Driver.phaseRefusal(input.name, cell))"))
                    }
                    return .failure(UsageError(message: "\(path):\(line.number): input '\(input.name)' is a \(input.type.displayName); '\(cell)' is not"))
                }
                values.append(value)
            }
            rows.append(Row(offset: offset, time: time, touching: touching, values: values))
        }
        guard !rows.isEmpty else {
            return .failure(UsageError(message: "\(path): the trace has no rows after the line that names its columns"))
        }
        return .success(Trace(inputs: columns.map(\.input.name), rows: rows, hasTime: timeColumn != nil))
    }

    private static func fields(_ line: String) -> [String] {
        line.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
    }
}
