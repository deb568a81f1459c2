import HeaderSource
import HeaderSyntax
import HeaderMath
import HeaderSema
import HeaderIR
import HeaderEval
import HeaderAnalysis
import HeaderCodeGen
import HeaderTools

extension Arguments {
    /// The sweep `plot` draws when none is given: from a pull of 100 pt to a scroll of 400 pt.
    static let defaultPlotSweep = "-100:400:2"

    /// plot FILE [--sweep FROM:TO:STEP] [--set INPUT=VALUE]... [-o plot.svg]
    /// render FILE --at LIST [--set INPUT=VALUE]... [-o strip.svg]
    /// preview FILE [--set INPUT=VALUE]... [-o preview.html | --watch [--port N]]
    static func parsePicture(_ command: String, _ arguments: [String]) -> Result<Command, UsageError> {
        var file: String?
        var offsets: [Double]?
        var settings: [InputSetting] = []
        var output: String?
        var watch = false
        var port: Int?
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            let takesValue = ["--sweep", "--at", "--set", "-o", "--output"].contains(argument)
                || (argument == "--port" && command == "preview")
            if takesValue {
                index += 1
                guard index < arguments.count else { return .failure(UsageError(message: "'\(argument)' needs a value")) }
            }
            let value = takesValue ? arguments[index] : ""
            switch argument {
            case "--sweep" where command == "plot", "--at" where command == "render":
                guard offsets == nil else { return .failure(UsageError(message: "'\(argument)' is given twice; give it once")) }
                switch argument == "--at" ? parseList(value) : parseSweep(value).map(Array.init) {
                case .failure(let error): return .failure(error)
                case .success(let list): offsets = list
                }
            case "--set":
                guard let equals = value.firstIndex(of: "="), equals != value.startIndex else {
                    return .failure(UsageError(message: "'--set' takes INPUT=VALUE, found '\(value)'"))
                }
                let name = String(value[..<equals])
                guard !settings.contains(where: { $0.name == name }) else {
                    return .failure(UsageError(message: "'--set \(name)' is given twice; set each input once"))
                }
                settings.append(InputSetting(name: name, value: String(value[value.index(after: equals)...])))
            case "-o", "--output":
                guard output == nil else {
                    return .failure(UsageError(message: "the output is given twice (with -o or --output); give it once"))
                }
                output = value
            case "--watch" where command == "preview":
                watch = true
            case "--port" where command == "preview":
                guard port == nil else { return .failure(UsageError(message: "'--port' is given twice; give it once")) }
                guard value.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(value), (0...65535).contains(number) else {
                    return .failure(UsageError(message: "'--port' takes a port from 0 to 65535, found '\(value)'"))
                }
                port = number
            default:
                if argument.hasPrefix("-"), argument.count > 1 {
                    let own = command == "plot" ? ["--sweep"] : command == "render" ? ["--at"] : ["--watch", "--port"]
                    return .failure(unknownOption(argument, for: command, among: own + ["--set", "-o", "--output"]))
                }
                guard file == nil else { return .failure(UsageError(message: "'\(command)' takes one file, found '\(argument)' as well")) }
                file = argument
            }
            index += 1
        }
        guard let file else { return .failure(UsageError(message: "'\(command)' needs a file")) }
        switch command {
        case "plot":
            let sweep = offsets ?? (try? parseSweep(defaultPlotSweep).get()).map(Array.init) ?? []
            return .success(.plot(PictureOptions(file: file, offsets: sweep, settings: settings, output: output)))
        case "render":
            guard let offsets else { return .failure(UsageError(message: "'render' needs offsets: --at -80,0,100,200")) }
            return .success(.render(PictureOptions(file: file, offsets: offsets, settings: settings, output: output)))
        default:
            let options = PictureOptions(file: file, offsets: [], settings: settings, output: output)
            guard watch else {
                guard port == nil else { return .failure(UsageError(message: "'--port' is for 'preview --watch'; add --watch")) }
                return .success(.preview(options))
            }
            guard output == nil else {
                return .failure(UsageError(message: "'preview --watch' serves the page instead of writing it; leave out -o"))
            }
            guard file != "-" else {
                return .failure(UsageError(message: "'preview --watch' watches a file; standard input cannot change"))
            }
            return .success(.watchPreview(PreviewWatchOptions(picture: options, port: port)))
        }
    }
}
