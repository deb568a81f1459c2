import HeaderSource
import HeaderSyntax
import HeaderMath
import HeaderIR

/// What a module of `compile --target js` carries besides its own code, from the files of `Runtime/`: the
/// operations JavaScript spells otherwise than Swift (`helpers.mjs`), the curve kernels (`curves.mjs`) and
/// headerc's own math (`math.mjs`), each declaration with those it reads.
package enum JavaScriptRuntime {
    package static let helpers = RuntimeLibrary(RuntimeTexts.javaScriptHelpers, level: 0)
    package static let curves = RuntimeLibrary(RuntimeTexts.javaScriptCurves, level: 0)
    package static let math = RuntimeLibrary(RuntimeTexts.javaScriptMath, level: 0)

    /// The math declarations `names` need, under a line that credits the algorithm.
    package static func mathLines(for names: Set<String>) -> [String] {
        let lines = math.lines(for: names)
        guard !lines.isEmpty else { return [] }
        return ["// headerc's own exp, expm1, sin, cos and pow: fdlibm 5.3 (Copyright (C) 1993 Sun Microsystems, Inc.;",
                "// freely usable with this notice), the algorithm of Java's StrictMath, with C's pow(1, y) = 1 and",
                "// pow(-1, ±Infinity) = 1. Only IEEE operations: the same bits in every engine and on every platform.", ""] + lines
    }
}
