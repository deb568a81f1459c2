// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "headerc",
    products: [
        .executable(name: "headerc", targets: ["headerc"]),
        .library(name: "HeaderKit", targets: ["HeaderKit"]),
    ],
    targets: [
        .target(name: "HeaderKit"),
        .executableTarget(name: "headerc", dependencies: ["HeaderKit"]),
        .executableTarget(
            name: "headerc-bench",
            dependencies: ["HeaderKit"],
            exclude: ["Specs", "Regenerate.md"]
        ),
        .testTarget(name: "HeaderKitTests", dependencies: ["HeaderKit"]),
    ]
)
