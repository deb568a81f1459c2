import HeaderSource
import HeaderSyntax
import HeaderMath
import HeaderSema
import HeaderIR
import HeaderEval
import HeaderAnalysis
import HeaderCodeGen
import HeaderTools

/// The front end in one call: parse and check a source file.
public struct Compilation: Sendable {
    public let source: SourceFile
    /// The parsed spec, kept for tools that want the tree; keeping it also means its thousands of nodes
    /// are freed together with the rest, when the caller is done, not in the middle of the front end.
    public let syntax: SpecSyntax
    public let diagnostics: Diagnostics
    /// The checked spec, or nil when there was an error.
    public let spec: CheckedSpec?
    /// Its lowered program, the input of every back end.
    public let program: Program?

    /// `checksSwiftNames`: whether names the Swift emitter cannot take are errors (for `check` and
    /// `compile`; `eval` emits nothing and never refuses a spec for them). `enumName` is `compile --name`.
    /// `checksKotlinNames`: the same for the Kotlin emitter (`check`, which reports what any back end
    /// would refuse, and `compile --target kotlin`); with it, `enumName` names the Kotlin object.
    public init(source: SourceFile, checksSwiftNames: Bool = true, checksKotlinNames: Bool = false, enumName: String? = nil) {
        self.source = source
        var diagnostics = Diagnostics()
        let syntax = Parser.parse(source, into: &diagnostics)
        // The checker runs even after a syntax error, so that one run reports the mistakes of both kinds.
        var spec = Checker.check(syntax, into: &diagnostics, constantValue: Lowering.constantValue(of:))
        var program: Program?
        if let checked = spec {
            let lowered = Lowering.lower(checked)
            program = lowered
            if checksSwiftNames {
                SwiftNames.validate(lowered, enumName: enumName, into: &diagnostics)
            }
            if checksKotlinNames {
                KotlinNames.validate(lowered, into: &diagnostics)
            }
            if diagnostics.hasErrors { spec = nil; program = nil }
        }
        self.syntax = syntax
        self.program = program
        self.diagnostics = diagnostics
        self.spec = spec
    }

    public init(path: String, text: String, checksSwiftNames: Bool = true) {
        self.init(source: SourceFile(path: path, text: text), checksSwiftNames: checksSwiftNames)
    }
}
