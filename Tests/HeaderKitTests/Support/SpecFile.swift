import Foundation
@testable import HeaderKit

/// A spec file of `Tests/Specs`: the spec's text and the expectations written inside it as `// expect`
/// comments (the syntax is in `Tests/Specs/README.md`). Parsing never throws: a line that starts with
/// `// expect` and does not parse is kept as a problem, which the runner reports at its line.
struct SpecFile {
    /// The path from the package's root: `Tests/Specs/values/arithmetic.header`.
    let path: String
    let text: String
    var values: [ValueExpectation] = []
    var settles: [SettleExpectation] = []
    var diagnostics: [DiagnosticExpectation] = []
    var ranges: [RangeExpectation] = []
    var generated: [GeneratedExpectation] = []
    var layouts: [LayoutExpectation] = []
    var problems: [(line: Int, message: String)] = []

    /// `NAME = VALUE` in an input setting.
    struct Setting: Equatable {
        let name: String
        let value: Value
    }

    /// `// expect at 0, 40, 10 with k = 3: bar.offsetY = -30, bar.opacity = 1`: after following the
    /// offsets in order from a fresh state, with those inputs (the others at their defaults), each output
    /// named has that value at the last offset.
    struct ValueExpectation {
        let line: Int
        let offsets: [Double]
        let settings: [Setting]
        let outputs: [(name: String, value: Value)]
        /// `// expect trace 0 phase=dragging, 40 dragStart=0, 80 phase=idle: ...`: the inputs each row of the
        /// trace sets (as a row of `eval --trace` does), one list an offset; each keeps its value until a later
        /// row changes it. Empty for `expect at`, whose inputs hold along the whole trace.
        var rows: [[Setting]] = []
        /// A trace's offsets as written: nil for `-`, the scroll where it was left (or on its snap's motion), as an
        /// empty cell of `eval --trace`. `offsets` holds 0 there.
        var givenOffsets: [Double?] = []
    }

    /// `// expect settle cover at 120 velocity 400 with k = 3: 146`; for a `snap state`, `at` gives the offsets
    /// of a trace (`at 0, 50, 70`) and the target is the state's value after it.
    struct SettleExpectation {
        let line: Int
        let snap: String
        let targets: [Double]
        var target: Double { targets.last ?? 0 }
        let velocity: Double
        let settings: [Setting]
        let value: Double
    }

    /// `// expect error 3:5: unknown name 'nope'`: a diagnostic of that severity at that line and column
    /// whose message contains the text.
    struct DiagnosticExpectation {
        let line: Int
        let severity: Diagnostic.Severity
        let position: (line: Int, column: Int)
        let message: String
    }

    /// `// expect range cover.height: 44...inf` (and `, nan`, `, infinite`, `, changes 0...146`,
    /// `, changes covering 0...146`, `, constant`); for a bool output `false...true`, `true` or `false`.
    struct RangeExpectation {
        let line: Int
        let output: String
        let min: Double?, max: Double?
        let canBeTrue: Bool?, canBeFalse: Bool?
        let nan: Bool
        let infinite: Bool
        /// nil: not stated; `.some(nil)`: `constant`, it never changes.
        let changes: (from: Double, to: Double)??
        /// `changes covering FROM...TO`: offsets where it truly changes, which the proven ones must hold
        /// however wide they are (where the analysis cannot say them exactly).
        var covered: (from: Double, to: Double)? = nil
    }

    /// `// expect layout at 0, 40 with k = 3: avatar x=20 y=146 width=88 clip=none; title x=195 alignX=center`:
    /// after following the offsets, each block named is drawn so (`headerc layout`'s fields, on a screen 390
    /// pt wide and 844 tall); `order=content,cover` gives the layers back to front. Numbers within 1e-9 pt.
    struct LayoutExpectation {
        let line: Int
        let offsets: [Double]
        let settings: [Setting]
        /// Per block, the fields it names: `x`, `y`, `width` (a number or `none`), `height`, `opacity`,
        /// `kind`, `alignX` and `clip` (`none` or `x,y,width,height`).
        let blocks: [(block: String, fields: [(key: String, value: String)])]
        let order: [String]?
    }

    enum Target: String { case swift, js, kotlin }

    /// `// expect swift contains: static let travel` (also `js` and `kotlin`).
    struct GeneratedExpectation {
        let line: Int
        let target: Target
        let text: String
    }

    /// Whether the spec is meant to be accepted: it expects no error.
    var expectsAcceptance: Bool { !diagnostics.contains { $0.severity == .error } }

    init(path: String, text: String) {
        self.path = path
        self.text = text
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, raw) in lines.enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            guard line.hasPrefix("// expect") else { continue }
            let body = line.dropFirst("// expect".count)
            guard body.first == " " else {
                problems.append((index + 1, "'// expect' must be followed by a space"))
                continue
            }
            if let message = parse(String(body.dropFirst()), line: index + 1) {
                problems.append((index + 1, message))
            }
        }
    }

    /// Parses one expectation; nil when it parsed, else what is wrong with it.
    private mutating func parse(_ body: String, line: Int) -> String? {
        let (head, rest) = Self.splitAtColon(body)
        guard let rest else { return "an expectation needs ':' before what it expects" }
        let words = head.split(separator: " ", maxSplits: 1).map(String.init)
        switch words.first {
        case "at":
            guard words.count == 2 else { return "'expect at' needs offsets" }
            let (offsetsText, settings) = Self.splitSettings(words[1])
            guard let settings = Self.parseSettings(settings) else { return "cannot read the inputs after 'with'" }
            let offsets = offsetsText.split(separator: ",").map { Self.number($0.trimmingCharacters(in: .whitespaces)) }
            guard !offsets.isEmpty, offsets.allSatisfy({ $0 != nil }) else { return "cannot read the offsets '\(offsetsText)'" }
            var outputs: [(String, Value)] = []
            for item in rest.split(separator: ",") {
                let parts = item.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                guard parts.count == 2, parts[0].contains("."), let value = Self.value(parts[1]) else {
                    return "cannot read '\(item.trimmingCharacters(in: .whitespaces))': write block.property = value"
                }
                outputs.append((parts[0], value))
            }
            values.append(ValueExpectation(line: line, offsets: offsets.compactMap { $0 }, settings: settings, outputs: outputs))
        case "layout":
            guard words.count == 2, words[1].hasPrefix("at ") else { return "write 'expect layout at OFFSETS [with NAME = VALUE]: BLOCK key=value ...; ...'" }
            let (offsetsText, settings) = Self.splitSettings(String(words[1].dropFirst(3)))
            guard let settings = Self.parseSettings(settings) else { return "cannot read the inputs after 'with'" }
            let offsets = offsetsText.split(separator: ",").map { Self.number($0.trimmingCharacters(in: .whitespaces)) }
            guard !offsets.isEmpty, offsets.allSatisfy({ $0 != nil }) else { return "cannot read the offsets '\(offsetsText)'" }
            var blocks: [(String, [(String, String)])] = []
            var order: [String]?
            for item in rest.split(separator: ";") {
                let parts = item.split(separator: " ").map(String.init)
                guard let first = parts.first else { continue }
                if first.hasPrefix("order=") {
                    order = first.dropFirst("order=".count).split(separator: ",").map(String.init)
                    continue
                }
                var fields: [(String, String)] = []
                for field in parts.dropFirst() {
                    let pair = field.split(separator: "=", maxSplits: 1).map(String.init)
                    guard pair.count == 2, ["x", "y", "width", "height", "opacity", "kind", "alignX", "clip"].contains(pair[0]) else {
                        return "cannot read '\(field)' of block '\(first)': write x=, y=, width=, height=, opacity=, kind=, alignX= or clip="
                    }
                    fields.append((pair[0], pair[1]))
                }
                blocks.append((first, fields))
            }
            layouts.append(LayoutExpectation(line: line, offsets: offsets.compactMap { $0 }, settings: settings, blocks: blocks, order: order))
        case "trace":
            // trace OFFSET [NAME=VALUE ...], OFFSET [NAME=VALUE ...], ...: block.property = value, ...
            guard words.count == 2 else { return "'expect trace' needs rows, as in 'expect trace 0 phase=dragging, 40: ...'" }
            var offsets: [Double?] = []
            var rows: [[Setting]] = []
            for row in words[1].split(separator: ",") {
                let parts = row.split(separator: " ").map(String.init)
                guard let first = parts.first, first == "-" || Self.number(first) != nil else {
                    return "cannot read the row '\(row.trimmingCharacters(in: .whitespaces))': write OFFSET [NAME=VALUE ...]"
                }
                let offset = first == "-" ? nil : Self.number(first)
                var settings: [Setting] = []
                for item in parts.dropFirst() {
                    // `touch=down` and `touch=up`: the trace's touch column, as a bool (down is true).
                    if item == "touch=down" || item == "touch=up" {
                        settings.append(Setting(name: "touch", value: .bool(item == "touch=down")))
                        continue
                    }
                    let pair = item.split(separator: "=", maxSplits: 1).map(String.init)
                    guard pair.count == 2, !pair[0].isEmpty, let value = Self.value(pair[1]) else {
                        return "cannot read '\(item)' in the row '\(row.trimmingCharacters(in: .whitespaces))': write NAME=VALUE, no spaces"
                    }
                    settings.append(Setting(name: pair[0], value: value))
                }
                offsets.append(offset)
                rows.append(settings)
            }
            guard let outputs = Self.outputs(rest) else { return "cannot read the values after ':': write block.property = value" }
            values.append(ValueExpectation(line: line, offsets: offsets.map { $0 ?? 0 }, settings: [], outputs: outputs, rows: rows,
                                           givenOffsets: offsets))
        case "settle":
            // settle NAME at TARGET velocity VELOCITY [with ...], or at OFFSET, OFFSET, ... for a snap of a state
            guard words.count == 2 else { return "'expect settle' needs a snap" }
            let (main, settingText) = Self.splitSettings(words[1])
            let usage = "write 'expect settle SNAP at TARGET velocity VELOCITY [with NAME = VALUE]: VALUE'"
            guard let atRange = main.range(of: " at "), let velocityRange = main.range(of: " velocity "),
                  atRange.upperBound <= velocityRange.lowerBound else { return usage }
            let snap = main[..<atRange.lowerBound].trimmingCharacters(in: .whitespaces)
            let targets = main[atRange.upperBound..<velocityRange.lowerBound].split(separator: ",").map {
                Self.number($0.trimmingCharacters(in: .whitespaces))
            }
            guard !snap.isEmpty, !snap.contains(" "), !targets.isEmpty, !targets.contains(where: { $0 == nil }),
                  let velocity = Self.number(main[velocityRange.upperBound...].trimmingCharacters(in: .whitespaces)),
                  let value = Self.number(rest.trimmingCharacters(in: .whitespaces)),
                  let settings = Self.parseSettings(settingText) else { return usage }
            settles.append(SettleExpectation(line: line, snap: snap, targets: targets.compactMap { $0 }, velocity: velocity,
                                             settings: settings, value: value))
        case "error", "warning":
            guard words.count == 2 else { return "'expect \(words[0])' needs LINE:COLUMN" }
            let position = words[1].split(separator: ":").map { Int($0) }
            guard position.count == 2, let lineNumber = position[0], let column = position[1] else {
                return "cannot read the position '\(words[1])': write LINE:COLUMN"
            }
            // The message goes on after the position's own colon: `error 3:5: message`.
            let message = rest.trimmingCharacters(in: .whitespaces)
            guard !message.isEmpty else { return "an expected diagnostic needs (part of) its message" }
            diagnostics.append(DiagnosticExpectation(line: line, severity: words[0] == "error" ? .error : .warning,
                                                     position: (lineNumber, column), message: message))
        case "range":
            guard words.count == 2 else { return "'expect range' needs an output" }
            var items = rest.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            guard !items.isEmpty else { return "'expect range' needs MIN...MAX" }
            let interval = items.removeFirst()
            var min: Double?, max: Double?, canBeTrue: Bool?, canBeFalse: Bool?
            switch interval {
            case "true": (canBeTrue, canBeFalse) = (true, false)
            case "false": (canBeTrue, canBeFalse) = (false, true)
            case "false...true": (canBeTrue, canBeFalse) = (true, true)
            default:
                let ends = interval.components(separatedBy: "...")
                guard ends.count == 2, let low = Self.number(ends[0]), let high = Self.number(ends[1]) else {
                    return "cannot read the interval '\(interval)': write MIN...MAX (inf for an unbounded side)"
                }
                (min, max) = (low, high)
            }
            var nan = false, infinite = false
            var changes: (from: Double, to: Double)??
            var covered: (from: Double, to: Double)?
            for item in items {
                if item == "nan" { nan = true } else if item == "infinite" { infinite = true } else if item == "constant" {
                    changes = .some(nil)
                } else if item.hasPrefix("changes covering ") {
                    let ends = item.dropFirst("changes covering ".count).components(separatedBy: "...")
                    guard ends.count == 2, let from = Self.number(ends[0]), let to = Self.number(ends[1]) else {
                        return "cannot read '\(item)': write changes covering FROM...TO"
                    }
                    covered = (from, to)
                } else if item.hasPrefix("changes ") {
                    let ends = item.dropFirst("changes ".count).components(separatedBy: "...")
                    guard ends.count == 2, let from = Self.number(ends[0]), let to = Self.number(ends[1]) else {
                        return "cannot read '\(item)': write changes FROM...TO"
                    }
                    changes = .some((from, to))
                } else {
                    return "unknown range fact '\(item)': nan, infinite, constant or changes FROM...TO"
                }
            }
            ranges.append(RangeExpectation(line: line, output: words[1], min: min, max: max, canBeTrue: canBeTrue,
                                           canBeFalse: canBeFalse, nan: nan, infinite: infinite, changes: changes, covered: covered))
        case "swift", "js", "kotlin":
            guard words.count == 2, words[1] == "contains", let target = Target(rawValue: words[0]) else {
                return "write 'expect \(words[0]) contains: TEXT'"
            }
            let text = rest.hasPrefix(" ") ? String(rest.dropFirst()) : rest
            guard !text.isEmpty else { return "'contains' needs a text" }
            generated.append(GeneratedExpectation(line: line, target: target, text: text))
        default:
            return "unknown expectation '\(words.first ?? "")': at, trace, settle, layout, error, warning, range, swift, js or kotlin"
        }
        return nil
    }

    /// `error 3:5: message` splits after the position, at the colon that follows a space-free `L:C`.
    private static func splitAtColon(_ body: String) -> (String, String?) {
        let words = body.split(separator: " ", maxSplits: 1)
        if let first = words.first, first == "error" || first == "warning", words.count == 2 {
            let rest = words[1]
            let end = rest.firstIndex(of: " ") ?? rest.endIndex
            guard end > rest.startIndex, rest[rest.index(before: end)] == ":" else { return (body, nil) }
            let position = rest[..<rest.index(before: end)]
            return ("\(first) \(position)", String(rest[end...]))
        }
        guard let colon = body.firstIndex(of: ":") else { return (body, nil) }
        return (String(body[..<colon]).trimmingCharacters(in: .whitespaces), String(body[body.index(after: colon)...]))
    }

    /// `0, 40 with k = 3, on = true` gives the offsets' text and the settings' text.
    private static func splitSettings(_ text: String) -> (String, String) {
        guard let range = text.range(of: " with ") else { return (text.trimmingCharacters(in: .whitespaces), "") }
        return (String(text[..<range.lowerBound]).trimmingCharacters(in: .whitespaces), String(text[range.upperBound...]))
    }

    /// `bar.offsetY = -40, bar.alpha = 0.5`.
    private static func outputs(_ text: String) -> [(String, Value)]? {
        var outputs: [(String, Value)] = []
        for item in text.split(separator: ",") {
            let parts = item.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, parts[0].contains("."), let value = Self.value(parts[1]) else { return nil }
            outputs.append((parts[0], value))
        }
        return outputs
    }

    private static func parseSettings(_ text: String) -> [Setting]? {
        guard !text.trimmingCharacters(in: .whitespaces).isEmpty else { return [] }
        var settings: [Setting] = []
        for item in text.split(separator: ",") {
            let parts = item.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, !parts[0].isEmpty, let value = value(parts[1]) else { return nil }
            settings.append(Setting(name: parts[0], value: value))
        }
        return settings
    }

    /// A number as Swift's `Double(_:)` reads it (`120`, `-0.0`, `0.1`, `1e300`, `0x1p-3`), `inf`, `-inf`,
    /// `nan`, with an optional `pt`.
    static func number(_ text: String) -> Double? {
        var text = text.trimmingCharacters(in: .whitespaces)
        if text.hasSuffix("pt") { text.removeLast(2) }
        switch text {
        case "inf", "+inf": return .infinity
        case "-inf": return -.infinity
        case "nan": return .nan
        default: return Double(text)
        }
    }

    static func value(_ text: String) -> Value? {
        switch text.trimmingCharacters(in: .whitespaces) {
        case "true": return .bool(true)
        case "false": return .bool(false)
        case let name where ScrollPhase(name: name) != nil: return ScrollPhase(name: name).map(Value.phase)
        default: return number(text).map(Value.number)
        }
    }

    /// The same value to the bit; any NaN is any NaN (IEEE 754 leaves its sign and payload open).
    static func same(_ a: Value, _ b: Value) -> Bool {
        switch (a, b) {
        case (.bool(let x), .bool(let y)): return x == y
        case (.number(let x), .number(let y)): return x.bitPattern == y.bitPattern || x.isNaN && y.isNaN
        case (.phase(let x), .phase(let y)): return x == y
        default: return false
        }
    }

    static func same(_ a: Double, _ b: Double) -> Bool { a.bitPattern == b.bitPattern || a.isNaN && b.isNaN }

    /// A value as the expectations write it: `120.0`, `-0.0`, `nan`, `true`.
    static func describe(_ value: Value) -> String {
        switch value {
        case .bool(let bool): return "\(bool)"
        case .number(let number): return describe(number)
        case .phase(let phase): return phase.name
        }
    }

    static func describe(_ number: Double) -> String {
        number.isNaN ? "nan" : number == .infinity ? "inf" : number == -.infinity ? "-inf" : "\(number)"
    }

    /// Every `.header` file under `Tests/Specs`, and the examples (which expect their seeds' geometry), by path.
    static func all() throws -> [SpecFile] {
        var paths: [String] = []
        for folder in ["Tests/Specs", "Examples"] {
            let root = PackagePaths.url(folder)
            guard let walker = FileManager.default.enumerator(atPath: root.path) else { continue }
            for case let path as String in walker where path.hasSuffix(".header") && !path.contains("/") || folder == "Tests/Specs" && path.hasSuffix(".header") {
                paths.append("\(folder)/\(path)")
            }
        }
        return try paths.sorted().map { SpecFile(path: $0, text: try PackagePaths.text($0)) }
    }
}
