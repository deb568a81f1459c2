// swift-tools-version:6.0
import PackageDescription

// One target per stage of the pipeline, each depending only on the stages before it (ARCHITECTURE.md):
// the compiler refuses an import that points the other way. `HeaderKit` is the library users import; it
// re-exports every stage.
let source: Target.Dependency = "HeaderSource", syntax: Target.Dependency = "HeaderSyntax"
let math: Target.Dependency = "HeaderMath", sema: Target.Dependency = "HeaderSema", ir: Target.Dependency = "HeaderIR"
let eval: Target.Dependency = "HeaderEval", analysis: Target.Dependency = "HeaderAnalysis"
let codeGen: Target.Dependency = "HeaderCodeGen", tools: Target.Dependency = "HeaderTools"

let package = Package(
    name: "headerc",
    products: [
        .executable(name: "headerc", targets: ["headerc"]),
        .library(name: "HeaderKit", targets: ["HeaderKit"]),
        .plugin(name: "HeaderPlugin", targets: ["HeaderPlugin"]),
    ],
    targets: [
        .target(name: "HeaderSource"),
        .target(name: "HeaderSyntax", dependencies: [source]),
        .target(name: "HeaderMath"),
        .target(name: "HeaderSema", dependencies: [source, syntax, math]),
        .target(name: "HeaderIR", dependencies: [source, syntax, math, sema]),
        .target(name: "HeaderEval", dependencies: [source, syntax, math, ir]),
        .target(name: "HeaderAnalysis", dependencies: [source, syntax, math, ir, eval], exclude: ["README.md"]),
        // Its `Runtime/` folders (what generated code carries) are real files, held as constants by
        // Shared/RuntimeTexts.swift, which RuntimeEmbeddingTests checks is made from them.
        .target(name: "HeaderCodeGen", dependencies: [source, syntax, math, ir],
                exclude: ["Swift/Runtime", "JavaScript/Runtime", "Kotlin/Runtime"]),
        // Its `Runtime/` files (the web element's JavaScript) are real files, held as constants by
        // Web/EmbeddedRuntime.swift, which RuntimeEmbeddingTests checks is made from them.
        .target(name: "HeaderTools", dependencies: [source, syntax, math, sema, ir, eval, codeGen], exclude: ["Runtime"]),
        .target(name: "HeaderDriver", dependencies: [source, syntax, math, sema, ir, eval, analysis, codeGen, tools]),
        .target(name: "HeaderLanguageServer", dependencies: [source, syntax, math, sema, ir, analysis, tools, "HeaderDriver"]),
        .target(name: "HeaderKit", dependencies: [source, syntax, math, sema, ir, eval, analysis, codeGen, tools, "HeaderDriver",
                                                  "HeaderLanguageServer"]),
        .executableTarget(name: "headerc", dependencies: ["HeaderKit"]),
        .executableTarget(
            name: "headerc-bench",
            dependencies: ["HeaderKit"],
            exclude: ["Specs", "Kotlin", "Regenerate.md"]
        ),
        .testTarget(name: "HeaderKitTests", dependencies: ["HeaderKit"], exclude: ["Support/NeovimSession.lua"]),
        // Compiles the `.header` specs among a target's sources to Swift at build time (Examples/PluginDemo).
        .plugin(name: "HeaderPlugin", capability: .buildTool(), dependencies: ["headerc"]),
    ]
)
