import Foundation
import XCTest
@testable import HeaderKit

/// Names, proven for the JavaScript module: random specs whose every name is drawn from JavaScript's
/// reserved words, the globals and Object.prototype members a module meets, and the module's own exports,
/// parameters and locals. Every spec the language takes must load in `node` and agree with the
/// interpreter; one the module refuses must be refused for a name it names.
final class JavaScriptNamesTests: XCTestCase {
    static let pool: [String] = {
        let reserved = ["await", "break", "case", "catch", "class", "const", "continue", "debugger", "default", "delete", "do",
                        "else", "enum", "export", "extends", "false", "finally", "for", "function", "if", "import", "in",
                        "instanceof", "new", "null", "return", "super", "switch", "this", "throw", "true", "try", "typeof",
                        "var", "void", "while", "with", "yield", "let", "static", "implements", "interface", "package",
                        "private", "protected", "public", "arguments", "eval", "undefined", "NaN", "Infinity", "async", "of",
                        "get", "set", "from", "as", "target"]
        let globals = ["Math", "Object", "Number", "BigInt", "Array", "JSON", "globalThis", "window", "process", "require",
                       "module", "exports", "constructor", "prototype", "__proto__", "toString", "valueOf",
                       "hasOwnProperty", "isPrototypeOf", "length", "name", "call", "apply", "bind"]
        let own = ["offset", "inputs", "state", "velocity", "delta", "header", "outputs", "frame", "advance",
                   "initialState", "settle", "settleCover", "animations", "lastOffset", "lastOffset2", "x", "x2", "value",
                   "value2", "settled", "point", "low", "high", "nearest", "distance", "condition", "nextHeight", "whole",
                   "fallback", "a", "b", "t", "u", "lo", "hi", "iteration", "slope", "newton", "middle", "step", "f", "r",
                   "current", "count", "jumps", "span", "rise", "slow", "fast", "half", "decay", "damped", "ratio",
                   "omega", "cover", "Cover", "abs", "min", "max", "pow", "sqrt", "floor", "ceil", "round", "block",
                   "property", "type", "range", "response", "bounce", "duration", "dampingFraction"]
        return Array(Set(reserved + globals + own)).sorted()
    }()

    func testHostileNamesLoadAndAgree() throws {
        _ = try NodeHarness.findNode()
        let count = ProcessInfo.processInfo.environment["HEADERC_JS_HOSTILE_COUNT"].flatMap(Int.init) ?? 600
        let accepted = HostileNamesTests.accepted(from: Self.pool)
        print("JavaScript hostile names: \(Self.pool.count) in the pool; the language takes \(accepted.declarations.count) "
              + "as declarations, \(accepted.blocks.count) as blocks, \(accepted.properties.count) as properties")
        for name in ["class", "__proto__", "constructor", "arguments", "Math", "offset2", "x"] where Self.pool.contains(name) {
            XCTAssertTrue(accepted.declarations.contains(name) || accepted.blocks.contains(name), "\(name) is never drawn")
        }
        var generator = SpecGenerator(seed: 0x4A53_4E41, allowExtend: DifferentialHarness.extendParses, hostileNameRate: 0)
        var rng = SeededGenerator(seed: 0x6A73_6E6D)
        var cases: [NodeHarness.Case] = []
        var refused = 0, renamed = 0
        for index in 0..<count {
            let generated = generator.generate(index: index)
            guard let (text, drawn) = HostileNamesTests.rename(generated.text, index: index, rng: &rng, accepted: accepted) else { continue }
            renamed += 1
            let compilation = Compilation(path: "hostile\(index).header", text: text, checksSwiftNames: false)
            guard let spec = compilation.spec, let program = compilation.program else {
                XCTFail("spec \(index) is refused by the language:\n\(text)\n" + DifferentialHarness.render(compilation))
                continue
            }
            var diagnostics = Diagnostics()
            JavaScriptNames.validate(program, into: &diagnostics)
            if diagnostics.hasErrors {
                refused += 1
                for error in diagnostics.errors {
                    XCTAssertTrue(drawn.contains { error.message.contains("'\($0)'") }, "spec \(index): \(error.message)")
                }
                continue
            }
            var settingRNG = SeededGenerator(seed: UInt64(index) &* 0x9E37_79B9_7F4A_7C15)
            cases.append(NodeHarness.Case(label: "hostile \(index)", program: program, spec: spec, text: text,
                                          offsets: DifferentialHarness.offsets(extra: []),
                                          settings: DifferentialHarness.settings(for: spec, &settingRNG)))
        }
        XCTAssertGreaterThanOrEqual(renamed, count * 9 / 10)
        let report = try NodeHarness.run(cases, label: "hostile")
        print("JavaScript hostile names: \(renamed) specs, \(cases.count) run, \(refused) refused by name; \(report.summary)")
        for failure in report.failures.prefix(10) { XCTFail(failure) }
        XCTAssertEqual(report.exactMismatches, 0)
        XCTAssertGreaterThan(report.exactCompared, 10_000)
    }

    /// Two snaps whose settle functions would share a name are refused, naming both; `eval` still takes them.
    func testSettleFunctionsThatWouldShareANameAreRefused() {
        let text = "header H\nsnap rest { 0pt, 100pt }\nsnap Rest { 0pt }\nb { top = 1pt }\n"
        let compilation = Compilation(path: "h.header", text: text, checksSwiftNames: false)
        guard let program = compilation.program else { return XCTFail(DifferentialHarness.render(compilation)) }
        var diagnostics = Diagnostics()
        JavaScriptNames.validate(program, into: &diagnostics)
        XCTAssertEqual(diagnostics.errors.map(\.message),
                       ["snaps 'rest' and 'Rest' would both become the JavaScript function 'settleRest'; rename one"])
    }

    /// What the module's names are made of: identifiers never reserved, keys safe for `__proto__`.
    func testNamesAvoidReservedWordsAndPrototypeKeys() {
        var scope = JavaScriptScope(taken: ["offset"])
        XCTAssertEqual(scope.fresh("class"), "class2")
        XCTAssertEqual(scope.fresh("offset"), "offset2")
        XCTAssertEqual(scope.fresh("class"), "class3")
        XCTAssertEqual(scope.fresh("height"), "height")
        XCTAssertEqual(JavaScriptNames.key("__proto__"), "[\"__proto__\"]")
        XCTAssertEqual(JavaScriptNames.member("state", "__proto__"), "state[\"__proto__\"]")
        XCTAssertEqual(JavaScriptNames.member("state", "class"), "state.class")
        XCTAssertEqual(JavaScriptNames.string("a\"b\\c\u{2028}"), "\"a\\\"b\\\\c\\u2028\"")
    }
}
