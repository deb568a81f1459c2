import HeaderSource
import HeaderSyntax
import HeaderMath
import HeaderIR

/// What generated Swift carries besides its own code: the library's kernels, the very text headerc computes
/// with (OwnedMathKernels.swift, OwnedRounding.swift and CurveKernels.swift in HeaderMath), and where a
/// cubic-bezier curve keeps its table (`Runtime/CurveBezierTable.swift`). Each sits inside the generated enum
/// as it sits inside its own, one level in, made `private`.
package enum SwiftRuntime {
    package static let math = RuntimeLibrary(RuntimeTexts.swiftOwnedMath + "\n" + RuntimeTexts.swiftOwnedRounding, level: 4,
                                     rewrite: privateDeclaration)
    package static let curves = RuntimeLibrary(RuntimeTexts.swiftCurveKernels, level: 4, rewrite: privateDeclaration)
    package static let bezierTableStorage = RuntimeLibrary(RuntimeTexts.swiftCurveBezierTable, level: 4)

    /// A library declaration (`@inline(__always) package static func …`) as generated code declares it
    /// (`private static func …`).
    package static func privateDeclaration(_ line: String) -> String {
        var rest = line.drop { $0 == " " }
        let indentation = line.prefix(line.count - rest.count)
        for modifier in ["@inline(__always) ", "package ", "public ", "private "] where rest.hasPrefix(modifier) {
            rest = rest.dropFirst(modifier.count)
        }
        return indentation + "private " + rest
    }
}
