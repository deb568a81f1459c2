// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "headerc",
    products: [
        .executable(name: "headerc", targets: ["headerc"]),
        .library(name: "HeaderKit", targets: ["HeaderKit"]),
        .plugin(name: "HeaderPlugin", targets: ["HeaderPlugin"]),
    ],
    targets: [
        .target(name: "HeaderKit", exclude: ["Analysis/README.md"]),
        .executableTarget(name: "headerc", dependencies: ["HeaderKit"]),
        .executableTarget(
            name: "headerc-bench",
            dependencies: ["HeaderKit"],
            exclude: ["Specs", "Regenerate.md"]
        ),
        .testTarget(name: "HeaderKitTests", dependencies: ["HeaderKit"]),
        // Compiles the `.header` specs among a target's sources to Swift at build time (Examples/PluginDemo).
        .plugin(name: "HeaderPlugin", capability: .buildTool(), dependencies: ["headerc"]),
    ]
)
