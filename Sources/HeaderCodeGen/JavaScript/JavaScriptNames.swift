import HeaderSource
import HeaderSyntax
import HeaderMath
import HeaderIR

/// How spec names become JavaScript names, in one place. Spec names are ASCII letters, digits and `_`,
/// so they never contain `$`: every name the module declares at its top level for itself (its helpers
/// and curve kernels) starts with `$` and cannot meet a spec name. Spec names appear only as locals
/// inside the exported functions, where a scope steers them around JavaScript's reserved words, the
/// globals the module reads, and the functions' own parameters. Outputs, inputs and states are
/// reached by strings (`"cover.height"`, `inputs["safeAreaTop"]`, `state["height"]`), never as
/// identifiers.
public enum JavaScriptNames {
    /// Words an ES module cannot bind: the reserved words of strict mode, `arguments` and `eval`, and the
    /// globals that generated function bodies read (a local of that name would hide them).
    package static let reserved: Set<String> = [
        "await", "break", "case", "catch", "class", "const", "continue", "debugger", "default", "delete", "do",
        "else", "enum", "export", "extends", "false", "finally", "for", "function", "if", "import", "in",
        "instanceof", "new", "null", "return", "super", "switch", "this", "throw", "true", "try", "typeof", "var",
        "void", "while", "with", "yield", "let", "static", "implements", "interface", "package", "private",
        "protected", "public", "arguments", "eval", "undefined", "NaN", "Infinity",
    ]

    /// The globals the module's helpers read, which a function of the module's top level would hide.
    static let moduleGlobals: Set<String> = ["Math", "Object", "Number", "Float64Array", "BigInt", "DataView",
                                                     "ArrayBuffer", "Uint8Array", "Uint16Array", "Uint32Array", "Int32Array", "Array", "globalThis"]

    /// The exported function of a snap: `settle` when the header has one snap, else `settle` + its name.
    package static func settleFunction(_ snap: String, count: Int) -> String {
        SwiftNames.settleFunction(snap, count: count)
    }

    /// A property key in an object literal: the name itself, except `__proto__`, which a literal would
    /// take as the prototype; written computed, it is an ordinary own property.
    package static func key(_ name: String) -> String {
        name == "__proto__" ? "[\(string(name))]" : name
    }

    /// A property read: `state.height`, or `state["__proto__"]`, which reads the own property.
    package static func member(_ object: String, _ name: String) -> String {
        name == "__proto__" ? "\(object)[\(string(name))]" : "\(object).\(name)"
    }

    /// A JavaScript string literal; spec names and keys are ASCII, but anything else is escaped too.
    package static func string(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            default:
                if scalar.value < 0x20 || scalar.value > 0x7E {
                    for unit in String(scalar).utf16 {
                        let hex = String(unit, radix: 16)
                        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                    }
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// A number literal that JavaScript reads back as exactly `x`: Swift's shortest round-trip digits,
    /// which JavaScript rounds correctly (it reads the first 20 significant digits exactly, and there are
    /// at most 17). Negatives, -0 included, are in parentheses so the text can go anywhere an operand can.
    /// A NaN is `NaN`: JavaScript keeps no NaN payload, and both sides print any NaN as `nan`.
    package static func literal(_ x: Double) -> String {
        if x.isNaN { return "NaN" }
        if x.isInfinite { return x < 0 ? "(-Infinity)" : "Infinity" }
        var text: String
        if x == x.rounded(), x.magnitude < 9_007_199_254_740_992 {
            text = String(Int64(x.magnitude))
        } else {
            text = x.magnitude.description
        }
        if x.sign == .minus { text = "(-\(text))" }
        return text
    }

    /// The settle functions of several snaps must have distinct names (`cover` and `Cover` would both be
    /// `settleCover`); every other name the module exports is fixed, and spec names never reach its top level.
    public static func validate(_ program: Program, into diagnostics: inout Diagnostics) {
        // The spec's functions are the module's own functions, by their names: those must be free.
        var exported: Set<String> = ["header", "outputs", "inputs", "animations", "frame", "advance", "initialState"]
        exported.formUnion(program.snaps.map { settleFunction($0.name, count: program.snaps.count) })
        if program.snaps.contains(where: { $0.motion != nil }) { exported.insert("motion") }
        if program.timeDependence() != nil { exported.insert("readsTime") }
        for function in program.functions {
            if reserved.contains(function.name) || moduleGlobals.contains(function.name) {
                diagnostics.error("function '\(function.name)' cannot keep its name in the generated JavaScript, where '\(function.name)' is reserved; rename it",
                                  at: function.nameRange)
            } else if exported.contains(function.name) {
                diagnostics.error("function '\(function.name)' would clash with the generated JavaScript's export '\(function.name)'; rename it",
                                  at: function.nameRange)
            }
        }
        guard program.snaps.count > 1 else { return }
        var seen: [String: String] = [:]
        for snap in program.snaps {
            let name = settleFunction(snap.name, count: program.snaps.count)
            if let other = seen[name] {
                diagnostics.error("snaps '\(other)' and '\(snap.name)' would both become the JavaScript function '\(name)'; rename one",
                                  at: program.nameRange)
            }
            seen[name] = snap.name
        }
    }
}

/// Hands out JavaScript identifiers inside one function: each new to the function, never reserved.
package struct JavaScriptScope {
    private var taken: Set<String>
    private var nextNumber: [String: Int] = [:]

    package init(taken: Set<String> = []) {
        self.taken = taken.union(JavaScriptNames.reserved)
    }

    /// `base` itself when it is free, else `base2`, `base3`, …
    package mutating func fresh(_ base: String) -> String {
        var candidate = base
        var number = nextNumber[base, default: 1]
        while taken.contains(candidate) {
            number += 1
            candidate = "\(base)\(number)"
        }
        nextNumber[base] = number
        taken.insert(candidate)
        return candidate
    }
}
