import Foundation
import PackagePlugin

/// Compiles every `.header` spec among a target's sources to Swift at build time: `Name.header` becomes
/// `NameMath.swift`, holding `enum NameMath`, in the plugin's work directory, which the build compiles with
/// the target. The enum is named after the file rather than the `header` line so that the output's name is
/// known without reading the spec; keep the two the same. A spec with an error fails the build, and
/// `headerc` prints its diagnostics as `file:line:col: error:` against the spec, where Xcode shows them.
@main
struct HeaderPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let specs = target.sourceFiles(withSuffix: "header").map(\.url)
        return try Self.commands(for: specs, headerc: context.tool(named: "headerc").url,
                                 workDirectory: context.pluginWorkDirectoryURL)
    }

    static func commands(for specs: [URL], headerc: URL, workDirectory: URL) throws -> [Command] {
        var commands: [Command] = []
        var specByEnum: [String: URL] = [:]
        for spec in specs {
            let enumName = spec.deletingPathExtension().lastPathComponent + "Math"
            if let other = specByEnum[enumName] {
                throw PluginError(message: "\(spec.path) and \(other.path) would both become \(enumName).swift; rename one")
            }
            specByEnum[enumName] = spec
            let output = workDirectory.appendingPathComponent("\(enumName).swift")
            commands.append(.buildCommand(
                displayName: "Compiling \(spec.lastPathComponent) to \(enumName).swift",
                executable: headerc,
                arguments: ["compile", spec.path, "-o", output.path, "--name", enumName],
                // headerc itself is an input, so a new headerc regenerates every spec.
                inputFiles: [spec, headerc],
                outputFiles: [output]
            ))
        }
        return commands
    }
}

struct PluginError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

// The same for a target of an Xcode project (this part is built by Xcode only).
extension HeaderPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let specs = target.inputFiles.map(\.url).filter { $0.pathExtension == "header" }
        return try Self.commands(for: specs, headerc: context.tool(named: "headerc").url,
                                 workDirectory: context.pluginWorkDirectoryURL)
    }
}
#endif
