import Foundation
import PackagePlugin

/// Compiles every `.header` spec among a target's sources to Swift at build time: `Name.header` becomes
/// `NameMath.swift`, holding `enum NameMath` (`stretchy-image.header` gives `StretchyImageMath`), in the
/// plugin's work directory, which the build compiles with
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
            let fileName = spec.deletingPathExtension().lastPathComponent
            guard let typeName = typeName(forFileName: fileName) else {
                throw PluginError(message: "\(spec.path): a Swift type name cannot be made of the file name '\(fileName)'; "
                                  + "rename the file to letters and digits that start with a letter, such as StretchyImage.header")
            }
            let enumName = typeName + "Math"
            if let other = specByEnum[enumName] {
                throw PluginError(message: "\(spec.path) and \(other.path) would both become \(enumName).swift; rename one")
            }
            specByEnum[enumName] = spec
            let output = workDirectory.appendingPathComponent("\(enumName).swift")
            commands.append(.buildCommand(
                displayName: "Compiling \(spec.lastPathComponent) to \(enumName).swift",
                executable: headerc,
                // `--range-warnings`: the warnings `headerc check` gives show in the build too.
                arguments: ["compile", spec.path, "-o", output.path, "--name", enumName, "--range-warnings"],
                // headerc itself is an input, so a new headerc regenerates every spec.
                inputFiles: [spec, headerc],
                outputFiles: [output]
            ))
        }
        return commands
    }

    /// The file name camel-cased: split at every character that is not an ASCII letter or digit, each part
    /// with its first letter in upper case (`stretchy-image` and `stretchy_image` give `StretchyImage`,
    /// `ProfileStretchy` stays as it is). Nil when nothing is left or it starts with a digit.
    static func typeName(forFileName fileName: String) -> String? {
        let parts = fileName.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
        let name = parts.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        guard let first = name.first, first.isLetter else { return nil }
        return name
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
