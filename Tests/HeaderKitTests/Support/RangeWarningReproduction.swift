import XCTest
@testable import HeaderKit

/// Whether every warning of the range analysis on a spec shows in the interpreter at its witness: an output
/// warning's value is what the frame gives there (at the end of its trace, for a state that runs off), to the bit; a division's, a square root's or a power's
/// warning is a fault that the interpreter meets as it runs the frame, at that very operation.
enum RangeWarningReproduction {
    /// How many faults' warnings had what they harmed checked, over every call, from whichever thread.
    static var harmsChecked: Int { harmsLock.lock(); defer { harmsLock.unlock() }; return harmsCount }
    nonisolated(unsafe) private static var harmsCount = 0
    private static let harmsLock = NSLock()

    /// The warnings checked (dead keyframe stops, which have no point to show, aside); a failure for each
    /// that does not reproduce.
    @discardableResult
    static func check(_ text: String, path: String, file: StaticString = #filePath, line: UInt = #line) throws -> Int {
        let compilation = Compilation(path: path, text: text)
        guard let program = compilation.program else { return 0 }
        let found = RangeWarnings.warnings(program, analysis: RangeAnalysis.analyze(program), source: compilation.source)
        var checked = 0
        for warning in found where !warning.offset.isNaN {
            checked += 1
            let interpreter = Interpreter(program: program)
            // The witness as the message prints it, pasted as `eval --set` and `--at` would read it: it must be
            // the one found, to the bit.
            guard let printed = printedWitness(warning.diagnostic.message, program) else {
                XCTFail("\(path): \(warning.diagnostic.message): no witness to read in the message", file: file, line: line)
                continue
            }
            for (index, value) in printed.inputs.enumerated() where warning.inputs.indices.contains(index) {
                XCTAssertTrue(SpecFile.same(value, warning.inputs[index]),
                              "\(path): \(warning.diagnostic.message): '\(program.inputs[index].name)' reads back as \(value), found at \(warning.inputs[index])",
                              file: file, line: line)
            }
            let offsets = warning.snap != nil ? [warning.offset] : warning.trace.isEmpty ? [warning.offset] : warning.trace
            XCTAssertEqual(printed.offsets.map(\.bitPattern), offsets.map(\.bitPattern),
                           "\(path): \(warning.diagnostic.message): the offsets read back as \(printed.offsets)", file: file, line: line)
            for (index, value) in printed.inputs.enumerated() where program.inputs.indices.contains(index) {
                interpreter.setInput(program.inputs[index].name, to: value)
            }
            interpreter.resetState()
            // A snap's warning is where its rule settles a gesture: the target, the velocity and the value given.
            if let snap = warning.snap {
                let value = interpreter.settle(snap: snap, offset: warning.offset, velocity: warning.velocity)
                XCTAssertTrue(value.bitPattern == warning.value.bitPattern || (value.isNaN && warning.value.isNaN),
                              "\(path): \(warning.diagnostic.message): the interpreter settles on \(value)", file: file, line: line)
                continue
            }
            // A state's warning follows its trace from the initial state, at its times where it has them; the others are one frame.
            XCTAssertEqual(printed.times.map(\.bitPattern), warning.times.map(\.bitPattern),
                           "\(path): \(warning.diagnostic.message): the times read back as \(printed.times)", file: file, line: line)
            for (index, offset) in warning.trace.dropLast().enumerated() {
                if warning.times.indices.contains(index) { interpreter.time = warning.times[index] }
                _ = interpreter.frame(at: offset)
            }
            if let last = warning.times.last { interpreter.time = last }
            let (outputs, faults) = interpreter.faults(at: warning.trace.last ?? warning.offset)
            let message = "\(path): \(warning.diagnostic.message)"
            if let output = warning.output {
                guard outputs.indices.contains(output), case .number(let value) = outputs[output] else {
                    XCTFail("\(message): not a number", file: file, line: line)
                    continue
                }
                XCTAssertTrue(value.bitPattern == warning.value.bitPattern || (value.isNaN && warning.value.isNaN),
                              "\(message): the interpreter gives \(value)", file: file, line: line)
            } else {
                guard let fault = faults.first(where: { $0.range == warning.diagnostic.range }) else {
                    XCTFail("\(message): the interpreter runs no such fault there", file: file, line: line)
                    continue
                }
                let shown = warning.diagnostic.message.hasPrefix("division by zero") ? fault.operands.last : fault.operands.first
                XCTAssertEqual(shown?.bitPattern, warning.value.bitPattern, "\(message): the operand is \(shown ?? .nan)", file: file, line: line)
                // And what it harmed, which the warning names, is NaN or infinite there.
                if let output = warning.harmedOutput {
                    let value = outputs.indices.contains(output) ? outputs[output].storedNumber : 0
                    XCTAssertFalse(value.isFinite, "\(message): '\(program.outputs[output].qualifiedName)' is \(value)", file: file, line: line)
                    XCTAssertTrue(warning.diagnostic.message.contains("'\(program.outputs[output].qualifiedName)' is "), message, file: file, line: line)
                } else if let state = warning.harmedState {
                    let value = interpreter.stateValues.indices.contains(state) ? interpreter.stateValues[state] : 0
                    XCTAssertFalse(value.isFinite, "\(message): state '\(program.states[state].name)' is \(value)", file: file, line: line)
                } else {
                    XCTFail("\(message): the warning names nothing it harmed", file: file, line: line)
                }
                harmsLock.lock(); harmsCount += 1; harmsLock.unlock()
            }
        }
        return checked
    }

    /// The offsets and every input's value that a warning's message names, as a person would paste them:
    /// `(at offset 200 with textScale = 4 and reduceMotion = true)`, `(along offsets 0, 500 with the
    /// defaults)`, `(target 95, velocity 0 with k = 3)`; the inputs not named at their defaults.
    static func printedWitness(_ message: String, _ program: Program) -> (offsets: [Double], times: [Double], inputs: [Value])? {
        let markers = ["(at offset ", "(along offsets ", "(target "]
        guard let marker = markers.first(where: { message.contains($0) }),
              let start = message.range(of: marker), let end = message[start.upperBound...].firstIndex(of: ")") else { return nil }
        var text = String(message[start.upperBound..<end])
        var inputs = program.inputs.map(\.defaultValue)
        if let with = text.range(of: " with ") {
            let settings = String(text[with.upperBound...])
            text = String(text[..<with.lowerBound])
            if settings != "the defaults" {
                for item in settings.replacingOccurrences(of: " and ", with: ", ").components(separatedBy: ", ") {
                    let parts = item.components(separatedBy: " = ")
                    guard parts.count == 2, let index = program.inputs.firstIndex(where: { $0.name == parts[0] }) else { return nil }
                    switch program.inputs[index].defaultValue {
                    case .number: guard let number = Double(parts[1]) else { return nil }; inputs[index] = .number(number)
                    case .bool: guard let bool = Bool(parts[1]) else { return nil }; inputs[index] = .bool(bool)
                    case .phase: guard let phase = ScrollPhase.allCases.first(where: { $0.name == parts[1] }) else { return nil }; inputs[index] = .phase(phase)
                    }
                }
            }
        }
        // A snap's witness is its target (the velocity is the warning's own).
        if marker == "(target " { text = text.components(separatedBy: ", velocity").first ?? text }
        // A trace through time: `along offsets 0, 150, 150 at times 0, 0, 300 ms`.
        var times: [Double] = []
        if let at = text.range(of: " at times "), text.hasSuffix(" ms") {
            let written = text[at.upperBound...].dropLast(3).components(separatedBy: ", ").map { Double($0) }
            guard written.allSatisfy({ $0 != nil }) else { return nil }
            times = written.compactMap { $0 }
            text = String(text[..<at.lowerBound])
        }
        let offsets = text.components(separatedBy: ", ").map { Double($0) }
        guard !offsets.isEmpty, offsets.allSatisfy({ $0 != nil }) else { return nil }
        return (offsets.compactMap { $0 }, times, inputs)
    }
}
