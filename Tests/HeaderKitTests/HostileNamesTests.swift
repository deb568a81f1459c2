import Foundation
import XCTest
@testable import HeaderKit

/// Names, proven: random specs whose every name (header, inputs, lets, states, blocks, typed properties,
/// curves, snaps, animations, and the enum's `--name`) is drawn from a pool of names that clash with
/// something (Swift keywords, the types, modules and members the generated code uses or declares, its
/// own locals and parameters, names differing only in case). Every spec that `check` accepts must
/// compile without a warning and agree with the interpreter bit for bit; every spec it refuses must be
/// refused for a name, with the name in the message, and still evaluate (eval never refuses for Swift).
final class HostileNamesTests: XCTestCase {
    static let pool: [String] = {
        let keywords = ["associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
                        "inout", "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public",
                        "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue",
                        "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return",
                        "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self",
                        "super", "throws", "true", "try", "_", "borrowing", "consuming", "nonisolated", "some", "any",
                        "package", "Type", "Protocol", "_const", "__owned", "__shared", "_borrowing", "_consuming", "_mutating",
                        "_forget", "_move", "_local", "discard", "consume", "copy", "each", "then", "macro", "actor", "async",
                        "get", "set", "willSet", "didSet", "mutating", "nonmutating", "override", "convenience", "dynamic",
                        "final", "lazy", "optional", "required", "weak", "unowned", "indirect", "prefix", "postfix", "infix",
                        "isolated", "sending", "distributed", "open", "left", "right", "none", "associativity", "precedence",
                        "Protocol", "Type", "unsafe", "rethrows", "safe"]
        let generated = ["Double", "CGFloat", "Bool", "Swift", "Foundation", "Equatable", "Sendable", "Frame", "State",
                         "SpringAnimation", "Optional", "Int", "String", "Array", "map", "magnitude", "squareRoot", "rounded",
                         "infinity", "bitPattern", "min", "max", "pow", "exp", "expm1", "sin", "cos", "abs", "frame", "advance",
                         "settle", "initialState", "animation", "lastOffset", "offset", "state", "delta", "target", "velocity",
                         "points", "settled", "driver", "position", "stop", "from", "low", "high", "nearest", "distance", "point",
                         "value", "x", "x2", "t", "t2", "condition", "nextSt0", "nextHeight", "response", "dampingFraction",
                         "duration", "bounce", "curveCubicBezier", "curveSteps", "curveLinearSegment", "curveSpringCritical",
                         "curveSolveCubic", "HostileMath", "Hostile", "Value", "Block", "cover", "Cover", "coverBlock",
                         "CoverBlock", "double", "cGFloat", "equatable", "sendable", "bool", "frame0", "stateValue", "zero",
                         "down", "up", "nan", "lo", "hi", "iteration", "slope", "newton", "middle", "u", "e", "k", "r"]
        return Array(Set(keywords + generated)).sorted()
    }()

    /// Names a declared curve would hide.
    static let functionNames: Set<String> = Set(Builtin.allCases.map(\.rawValue) + Curve.presets.map(\.name)
                                                  + ["cubicBezier", "steps", "linear", "spring", "hold"])

    /// Which names the language takes where (a Swift-only problem is not the language's business).
    struct Accepted {
        var declarations: [String] = []
        var blocks: [String] = []
        var properties: [String] = []
        var headers: [String] = []
    }

    static let accepted: Accepted = accepted(from: pool)

    /// The names of `pool` the language takes in each place.
    static func accepted(from pool: [String]) -> Accepted {
        func takes(_ text: String) -> Bool {
            Compilation(path: "probe.header", text: text, checksSwiftNames: false).spec != nil
        }
        var accepted = Accepted()
        for name in pool {
            if takes("header H\nlet \(name) = 1\ncurve c = easeIn\nb { top = \(name) * 1pt }\n"),
               takes("header H\ninput \(name): pt = 0\nb { top = \(name) }\n") {
                accepted.declarations.append(name)
            }
            if takes("header H\n\(name) { top = 1pt }\n") { accepted.blocks.append(name) }
            if takes("header H\nb { \(name): pt = 1pt }\n") { accepted.properties.append(name) }
            if takes("header \(name)\nb { top = 1pt }\n") { accepted.headers.append(name) }
        }
        return accepted
    }

    func testPoolReachesEveryCategory() {
        let accepted = Self.accepted
        print("hostile names: \(Self.pool.count) in the pool; the language takes \(accepted.declarations.count) as declarations, "
              + "\(accepted.blocks.count) as blocks, \(accepted.properties.count) as properties, \(accepted.headers.count) as headers")
        for name in ["Double", "lastOffset", "velocity", "points", "_const", "Self"] + ["self", "init", "default"] {
            XCTAssertTrue(accepted.declarations.contains(name) || accepted.blocks.contains(name), "\(name) is never drawn")
        }
    }

    /// Renames a generated spec's names to hostile ones: declarations everywhere they are read, blocks and
    /// typed properties where they are declared.
    static func rename(_ text: String, index: Int, rng: inout SeededGenerator,
                       accepted: Accepted = HostileNamesTests.accepted) -> (text: String, drawn: [String])? {
        let source = SourceFile(path: "h.header", text: text)
        var diagnostics = Diagnostics()
        let tokens = Lexer.tokenize(source, into: &diagnostics)
        let syntax = Parser.parse(source, tokens: tokens, into: &diagnostics)
        guard !diagnostics.hasErrors else { return nil }
        // A block named by a keyword (`header { ... }`) is not an identifier and keeps its name: no other
        // block may be given it.
        var used = Set(syntax.declarations.compactMap { declaration -> String? in
            if case .block(let block) = declaration { return block.name.name }
            return nil
        })
        var drawn: [String] = []
        func draw(_ candidates: [String]) -> String? {
            for _ in 0..<8 {
                var name = rng.pick(candidates)
                // Now and then a name that differs from one already drawn only in its first letter's case.
                if let previous = drawn.last, rng.chance(0.15) {
                    let first = previous.prefix(1)
                    let flipped = (first == first.uppercased() ? first.lowercased() : first.uppercased()) + previous.dropFirst()
                    if candidates.contains(flipped) { name = flipped }
                }
                if used.insert(name).inserted {
                    drawn.append(name)
                    return name
                }
            }
            return nil
        }
        var everywhere: [String: String] = [:]
        var atRange: [SourceRange: String] = [:]
        if let name = syntax.name, let new = draw(accepted.headers) { atRange[name.range] = new }
        for declaration in syntax.declarations {
            switch declaration {
            case .input(let input): everywhere[input.name.name] = draw(accepted.declarations)
            case .value(let value): everywhere[value.name.name] = draw(accepted.declarations)
            // A curve hides a built-in function or preset of its name: the language's rule, not Swift's.
            case .curve(let curve): everywhere[curve.name.name] = draw(accepted.declarations.filter { !Self.functionNames.contains($0) })
            case .state(let state): everywhere[state.name.name] = draw(accepted.declarations)
            case .transition(let transition): everywhere[transition.name.name] = draw(accepted.declarations)
            case .snap(let snap): everywhere[snap.name.name] = draw(accepted.declarations)
            case .animation(let animation): everywhere[animation.name.name] = draw(accepted.declarations)
            // A function keeps its name in every back end, which refuses the names it reserves: not renamed here.
            case .function: break
            case .block(let block):
                atRange[block.name.range] = draw(accepted.blocks)
                // A property of the block's own never takes the name of a layout property it sets (`x`).
                let set = Set(block.properties.filter { $0.type == nil }.map(\.name.name))
                for property in block.properties where property.type != nil {
                    atRange[property.name.range] = draw(accepted.properties.filter { !set.contains($0) })
                }
            }
        }
        var bytes = Array(text.utf8)
        var replacements: [(SourceRange, String)] = []
        for token in tokens where token.kind == .identifier {
            if let new = atRange[token.range] {
                replacements.append((token.range, new))
            } else if let new = everywhere[token.text] {
                replacements.append((token.range, new))
            }
        }
        for (range, new) in replacements.sorted(by: { $0.0.start > $1.0.start }) {
            bytes.replaceSubrange(range.start..<range.end, with: Array(new.utf8))
        }
        return (String(decoding: bytes, as: UTF8.self), drawn)
    }

    func testHostileNamesCompileOrAreRefusedByName() throws {
        let swiftc = try DifferentialHarness.findSwiftc()
        let count = ProcessInfo.processInfo.environment["HEADERC_HOSTILE_COUNT"].flatMap(Int.init) ?? 900
        var generator = SpecGenerator(seed: 0x4E41_4D45, allowExtend: DifferentialHarness.extendParses, hostileNameRate: 0)
        var rng = SeededGenerator(seed: 0x686F_7374)
        var cases: [DifferentialHarness.DiffCase] = []
        var refused = 0, renamedSpecs = 0
        var enumNames = Set<String>()
        for index in 0..<count {
            let generated = generator.generate(index: index)
            guard let (text, drawn) = Self.rename(generated.text, index: index, rng: &rng) else { continue }
            renamedSpecs += 1
            // Now and then the enum itself gets a hostile name, as `compile --name` would give it.
            var enumName: String?
            if rng.chance(0.1) {
                // Long enough not to be one of the test driver's own locals (`r`, `f`, `state`…).
                // and not a type the driver uses (`String`, `Double`): those get `Math` after them.
                let name = rng.pick(Self.pool.filter { $0.count > 5 })
                let candidate = name + (rng.chance(0.5) && name.first?.isLowercase == true ? "" : "Math")
                if !enumNames.contains(candidate), candidate != "settings", candidate != "offsets" { enumName = candidate }
            }
            let checked = Compilation(source: SourceFile(path: "hostile\(index).header", text: text), enumName: enumName)
            let forEval = Compilation(path: "hostile\(index).header", text: text, checksSwiftNames: false)
            guard let spec = checked.spec else {
                refused += 1
                XCTAssertNotNil(forEval.spec, "spec \(index) is refused for more than its names:\n\(text)\n"
                                + DifferentialHarness.render(forEval))
                for error in checked.diagnostics.errors {
                    let named = (drawn + [enumName].compactMap { $0 }).contains { name in
                        ["'\(name)'", ".\(name)'", "'\(name)."].contains { error.message.contains($0) }
                    }
                    XCTAssertTrue(named, "spec \(index): an error that names no clash: \(error.message)\n\(text)")
                }
                continue
            }
            if let enumName { enumNames.insert(enumName) }
            cases.append(DifferentialHarness.DiffCase(index: index, text: text, spec: spec,
                                                    offsets: DifferentialHarness.offsets(extra: []),
                                                    settings: [], enumName: enumName))
        }
        print("hostile names: \(renamedSpecs) specs, \(cases.count) accepted and compiled, \(refused) refused by name")
        XCTAssertGreaterThanOrEqual(renamedSpecs, count * 9 / 10)
        let report = try DifferentialHarness.runDifferential(cases, swiftc: swiftc, label: "hostile-names", optimize: false)
        for failure in report.buildFailures.prefix(10) { XCTFail(failure) }
        for failure in report.mismatchReports.prefix(10) { XCTFail(failure) }
        for warning in report.warnings.prefix(10) { XCTFail("swiftc warns: \(warning)") }
        XCTAssertEqual(report.mismatchCount, 0)
        XCTAssertGreaterThan(report.framesCompared, 0)
        print("hostile names: \(report.valuesCompared) values compared, built in \(Int(report.buildSeconds)) s")
    }
}

/// A header large enough that `frame` builds each block in a function of its own: the values several
/// blocks read are computed once in `frame` and passed on, each block's own values in its function.
final class LargeHeaderTests: XCTestCase {
    /// 40 blocks and 41 named values, past the 96 above which `frame` builds each block in a function of its own.
    static let largeHeader: String = {
        var lines = ["header Large", "input safeAreaTop: pt = 0", "input textScale = 1", "input reduceMotion = false",
                     "state height = 260pt in 120pt...320pt { next = height - delta }",
                     "let shared = clamp(offset / (190pt - safeAreaTop), 0, 1)", "let sharedToo = height / 320pt",
                     // A Float that several blocks read, which `frame` holds in Swift's and Kotlin's Float.
                     "let sharedFloat = toFloat(shared) * 2"]
        for index in 0..<40 {
            lines += ["let own\(index) = \(index)pt * textScale + shared * 10pt",
                      "b\(index) {",
                      "    height = max(own\(index) - offset, 44pt + safeAreaTop)",
                      "    opacity = reduceMotion ? 1 : 1 - shared * sharedToo",
                      "    drift: float = sharedFloat * \(index) + 1",
                      "    top = keyframes(offset) { 0: 0pt, 100pt: own\(index) via easeInOut, 200pt: 20pt via hold }",
                      "}"]
        }
        lines.append("snap rest { 0pt, 190pt - safeAreaTop }")
        return lines.joined(separator: "\n") + "\n"
    }()

    func testLargeHeaderBuiltBlockByBlockAgrees() throws {
        let swiftc = try DifferentialHarness.findSwiftc()
        let text = Self.largeHeader
        let spec = try XCTUnwrap(Compilation(path: "large.header", text: text).spec)
        let swift = SwiftEmitter(spec: spec, sourcePath: "large.header").emit()
        XCTAssertTrue(swift.contains("private static func frameB0(offset: CGFloat, safeAreaTop: CGFloat, textScale: Double, reduceMotion: Bool, shared: Double, sharedToo: Double, sharedFloat: Double) -> Frame.B0"),
                      "each block is built by a function that takes the shared values")
        var rng = SeededGenerator(seed: 40)
        let diffCase = DifferentialHarness.DiffCase(index: 0, text: text, spec: spec, offsets: DifferentialHarness.offsets(extra: [50, 150]),
                                                  settings: DifferentialHarness.settings(for: spec, &rng))
        let report = try DifferentialHarness.runDifferential([diffCase], swiftc: swiftc, label: "large")
        for failure in report.buildFailures { XCTFail(failure) }
        for failure in report.mismatchReports { XCTFail(failure) }
        XCTAssertEqual(report.mismatchCount, 0)
        XCTAssertGreaterThan(report.framesCompared, 0)
    }
}
