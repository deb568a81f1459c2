// swift-tools-version:6.0
import PackageDescription

// SwiftPM names a package that is a path dependency after its folder, and a clone of headerc may sit in a
// folder of any name, so the name this demo uses for headerc is worked out from where the demo is: two
// folders up, the last component of that path.
let headercPath = "../.."
let headercPackage = Context.packageDirectory.split(separator: "/").dropLast(2).last.map(String.init) ?? "headerc"

let package = Package(
    name: "PluginDemo",
    dependencies: [
        .package(path: headercPath),
    ],
    targets: [
        // The specs are sources of this target; HeaderPlugin compiles each to `<Name>Math.swift` at build time.
        .target(
            name: "HeaderDemo",
            plugins: [.plugin(name: "HeaderPlugin", package: headercPackage)]
        ),
        .executableTarget(name: "header-demo", dependencies: ["HeaderDemo"]),
        .testTarget(name: "HeaderDemoTests", dependencies: ["HeaderDemo"]),
    ]
)
