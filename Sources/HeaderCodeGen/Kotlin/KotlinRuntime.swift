import HeaderSource
import HeaderSyntax
import HeaderMath
import HeaderIR

/// What a file of `compile --target kotlin` carries at its top level besides its own code, from
/// `Runtime/Runtime.kt`: the helpers (the operations Kotlin spells otherwise than Swift, and headerc's own math),
/// printed first, and the curve kernels (`curve…`), printed after them; each declaration with those it reads.
package enum KotlinRuntime {
    package static let library = RuntimeLibrary(RuntimeTexts.kotlinRuntime, level: 0)

    static func isKernel(_ piece: RuntimeLibrary.Piece) -> Bool { piece.name.hasPrefix("curve") }

    /// The helpers `names` and `kernels` need, then the kernels.
    static func lines(helpers names: Set<String>, kernels: Set<String>) -> (helpers: [String], kernels: [String]) {
        let helperLines = library.lines(for: names.union(library.reads(for: kernels)), included: { !isKernel($0) })
        return (helperLines, library.lines(for: kernels, included: isKernel))
    }
}
