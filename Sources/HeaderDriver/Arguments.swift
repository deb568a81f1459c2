import HeaderSource
import HeaderSyntax
import HeaderMath
import HeaderSema
import HeaderIR
import HeaderEval
import HeaderAnalysis
import HeaderCodeGen
import HeaderTools

/// The command line, parsed into what to do. A mistake here is a usage error: exit code 2, one line.
public enum Command: Equatable, Sendable {
    /// `headerc` alone: the usage goes to standard error and the exit code is 2, since nothing was done.
    case usage
    case help(topic: String?)
    case version
    case check(files: [String])
    case eval(EvalOptions)
    case layout(LayoutOptions)
    case compile(CompileOptions)
    /// `check --format json`: the diagnostics of every file as one JSON document, for tools.
    case checkJSON(files: [String])
    case format(FormatOptions)
    case ranges(RangesOptions)
    /// `driver`: the scroll driver of one language, a file of its own beside the generated code.
    case scrollDriver(DriverOptions)
    /// `plot` and `render`: pictures of the evaluated numbers.
    case plot(PictureOptions)
    case render(PictureOptions)
    case preview(PictureOptions)
    /// `preview --watch`: the page served and kept up to date, which the executable runs itself (it serves
    /// until interrupted, where a command's outcome is gathered).
    case watchPreview(PreviewWatchOptions)
    /// `lsp`: the language server, which the executable runs itself (it streams, where a command's
    /// outcome is gathered).
    case languageServer
}

/// `driver [--target swift|js|kotlin] [-o FILE]`
public struct DriverOptions: Equatable, Sendable {
    public enum Target: String, Equatable, Sendable, CaseIterable { case swift, js, kotlin }
    public var target: Target = .swift
    public var output: String?
}

/// `ranges FILE [--format table|json]`
public struct RangesOptions: Equatable, Sendable {
    public enum Format: String, Sendable { case table, json }
    public var file: String
    public var format: Format
}

/// `plot FILE [--sweep A:B:S]`, `render FILE --at LIST` and `preview FILE`, each with `--set` and `-o`.
public struct PictureOptions: Equatable, Sendable {
    public var file: String
    public var offsets: [Double]
    public var settings: [InputSetting]
    public var output: String?
}

/// `fmt FILE... [--check | --in-place]`
public struct FormatOptions: Equatable, Sendable {
    public enum Mode: Equatable, Sendable {
        /// Prints the formatted text.
        case print
        /// Names the files that would change; exit code 1 if any.
        case check
        /// Rewrites the files that would change.
        case inPlace
    }
    public var files: [String]
    public var mode: Mode
}

public struct EvalOptions: Equatable, Sendable {
    public enum Format: String, Sendable, CaseIterable { case table, csv, json }
    public var file: String
    public var offsets: Offsets
    public var settings: [InputSetting]
    public var format: Format
    /// With `--settle`: for each offset, where a gesture ending there with this velocity should come to rest.
    public var settleVelocity: Double?
    /// With `--trace FILE`: the offsets and the inputs along them come from that CSV (see `Trace`).
    public var trace: String?
}

/// `--set name=value`, the value still as text: its type is the input's, known once the spec is checked.
/// `layout`: eval's offsets, trace and inputs, on a screen `width` points wide (`height` tall for the page).
public struct LayoutOptions: Equatable, Sendable {
    public var evaluation: EvalOptions
    public var width: Double
    public var height: Double
}

public struct InputSetting: Equatable, Sendable {
    public var name: String
    public var value: String
}

public struct CompileOptions: Equatable, Sendable {
    /// What `compile` emits: Swift (the default), a JavaScript module, a Kotlin file, or a web element's module.
    public enum Target: String, Equatable, Sendable, CaseIterable { case swift, js, kotlin, web }
    public var file: String
    public var output: String?
    public var enumName: String?
    public var target: Target = .swift
    /// `--package`: the Kotlin file's package.
    public var packageName: String?
    /// Whether the range analysis's warnings, as `check` prints them, go to standard error too.
    public var rangeWarnings = false
    /// `--report` (web): where each output is applied, printed instead of the module.
    public var report = false
}

public struct UsageError: Error, Equatable, Sendable {
    public let message: String
}

public enum Arguments {
    /// A sweep longer than this is almost certainly a typo in its step.
    public static let maximumSweepLength = 10_000_000
    /// The most offsets `eval`'s table lays out: it holds every row to size its columns.
    public static let maximumTableLength = 100_000

    public static func parse(_ arguments: [String]) -> Result<Command, UsageError> {
        guard let first = arguments.first else { return .success(.usage) }
        let rest = Array(arguments.dropFirst())
        switch first {
        case "--help", "-h": return .success(.help(topic: nil))
        case "--version": return .success(.version)
        case "help":
            guard rest.count <= 1 else { return .failure(UsageError(message: "'help' takes at most one command")) }
            if let topic = rest.first, !commands.contains(topic) {
                return .failure(UsageError(message: "unknown command '\(topic)'; the commands are \(commandList)"))
            }
            return .success(.help(topic: rest.first))
        case "check":
            if rest.contains("--help") { return .success(.help(topic: "check")) }
            return parseCheck(rest)
        case "eval":
            if rest.contains("--help") { return .success(.help(topic: "eval")) }
            return parseEval(rest).map(Command.eval)
        case "layout":
            if rest.contains("--help") { return .success(.help(topic: "layout")) }
            return parseLayout(rest).map(Command.layout)
        case "compile":
            if rest.contains("--help") { return .success(.help(topic: "compile")) }
            return parseCompile(rest).map(Command.compile)
        case "fmt":
            if rest.contains("--help") { return .success(.help(topic: "fmt")) }
            return parseFormat(rest).map(Command.format)
        case "ranges":
            if rest.contains("--help") { return .success(.help(topic: "ranges")) }
            return parseRanges(rest).map(Command.ranges)
        case "driver":
            if rest.contains("--help") { return .success(.help(topic: "driver")) }
            return parseDriver(rest).map(Command.scrollDriver)
        case "lsp":
            if rest.contains("--help") { return .success(.help(topic: "lsp")) }
            guard rest.isEmpty else { return .failure(UsageError(message: "'lsp' takes no arguments; it speaks on standard input and output")) }
            return .success(.languageServer)
        case "plot", "render", "preview":
            if rest.contains("--help") { return .success(.help(topic: first)) }
            return parsePicture(first, rest)
        default:
            if first.hasPrefix("-") {
                let hint = Suggestions.closest(to: first, among: ["--help", "--version"]).map { "; did you mean '\($0)'?" }
                return .failure(UsageError(message: "unknown option '\(first)'\(hint ?? "; try 'headerc --help'")"))
            }
            return .failure(UsageError(message: "unknown command '\(first)'; the commands are \(commandList)"))
        }
    }

    package static let commands = ["check", "eval", "layout", "compile", "driver", "fmt", "ranges", "plot", "render", "preview", "lsp"]

    /// An option a command does not take, with the nearest one it does take (by edit distance, as for names
    /// in a spec): `unknown option '--fromat' for 'eval'; did you mean '--format'?`.
    static func unknownOption(_ argument: String, for command: String, among options: [String]) -> UsageError {
        let hint = Suggestions.closest(to: argument, among: options + ["--help"]).map { "; did you mean '\($0)'?" } ?? ""
        return UsageError(message: "unknown option '\(argument)' for '\(command)'\(hint)")
    }
    static let commandList = "check, eval, compile, fmt, ranges, plot, render, preview and lsp"

    /// ranges FILE [--format table|json]
    private static func parseDriver(_ arguments: [String]) -> Result<DriverOptions, UsageError> {
        var options = DriverOptions()
        var given: Set<String> = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            guard ["-o", "--output", "--target"].contains(argument) else {
                if argument.hasPrefix("-"), argument != "-" { return .failure(unknownOption(argument, for: "driver", among: ["--target", "-o"])) }
                return .failure(UsageError(message: "'driver' takes no file: it writes the scroll driver of a language, '\(argument)' is not an option"))
            }
            index += 1
            guard index < arguments.count else { return .failure(UsageError(message: "'\(argument)' needs a value")) }
            let key = argument == "--output" ? "-o" : argument
            guard given.insert(key).inserted else { return .failure(UsageError(message: "'\(argument)' is given twice; give it once")) }
            if key == "--target" {
                guard let target = DriverOptions.Target(rawValue: arguments[index]) else {
                    return .failure(UsageError(message: "unknown target '\(arguments[index])'; use swift, js or kotlin"))
                }
                options.target = target
            } else {
                options.output = arguments[index]
            }
            index += 1
        }
        return .success(options)
    }

    private static func parseRanges(_ arguments: [String]) -> Result<RangesOptions, UsageError> {
        var file: String?
        var format: RangesOptions.Format?
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--format" {
                index += 1
                guard index < arguments.count else { return .failure(UsageError(message: "'--format' needs a value")) }
                guard format == nil else { return .failure(UsageError(message: "'--format' is given twice; give it once")) }
                guard let parsed = RangesOptions.Format(rawValue: arguments[index]) else {
                    return .failure(UsageError(message: "unknown format '\(arguments[index])'; use table or json"))
                }
                format = parsed
            } else if argument.hasPrefix("-"), argument != "-" {
                return .failure(unknownOption(argument, for: "ranges", among: ["--format"]))
            } else {
                guard file == nil else { return .failure(UsageError(message: "'ranges' takes one file, found '\(argument)' as well")) }
                file = argument
            }
            index += 1
        }
        guard let file else { return .failure(UsageError(message: "'ranges' needs a file")) }
        return .success(RangesOptions(file: file, format: format ?? .table))
    }

    /// check FILE... [--format text|json]
    private static func parseCheck(_ arguments: [String]) -> Result<Command, UsageError> {
        var files: [String] = []
        var json = false
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--format" {
                index += 1
                guard index < arguments.count else { return .failure(UsageError(message: "'--format' needs a value")) }
                switch arguments[index] {
                case "text": json = false
                case "json": json = true
                default: return .failure(UsageError(message: "unknown format '\(arguments[index])'; use text or json"))
                }
            } else if argument.hasPrefix("-"), argument != "-" {
                return .failure(unknownOption(argument, for: "check", among: ["--format"]))
            } else {
                files.append(argument)
            }
            index += 1
        }
        guard !files.isEmpty else { return .failure(UsageError(message: "'check' needs at least one file")) }
        if let error = standardInputTwice(files) { return .failure(error) }
        return .success(json ? .checkJSON(files: files) : .check(files: files))
    }

    /// fmt FILE... [--check | --in-place]
    private static func parseFormat(_ arguments: [String]) -> Result<FormatOptions, UsageError> {
        var files: [String] = []
        var mode = FormatOptions.Mode.print
        for argument in arguments {
            switch argument {
            case "--check", "--in-place":
                let flagMode: FormatOptions.Mode = argument == "--check" ? .check : .inPlace
                guard mode == .print || mode == flagMode else {
                    return .failure(UsageError(message: "'fmt' takes --check or --in-place, not both"))
                }
                mode = flagMode
            default:
                if argument.hasPrefix("-"), argument != "-" {
                    return .failure(unknownOption(argument, for: "fmt", among: ["--check", "--in-place"]))
                }
                files.append(argument)
            }
        }
        guard !files.isEmpty else { return .failure(UsageError(message: "'fmt' needs at least one file")) }
        if let error = standardInputTwice(files) { return .failure(error) }
        if mode == .inPlace, files.contains("-") {
            return .failure(UsageError(message: "'fmt --in-place' cannot rewrite standard input; leave out --in-place"))
        }
        return .success(FormatOptions(files: files, mode: mode))
    }

    /// Standard input can be read once.
    private static func standardInputTwice(_ files: [String]) -> UsageError? {
        files.filter { $0 == "-" }.count > 1 ? UsageError(message: "'-' (standard input) can be given once") : nil
    }

    /// layout FILE (--at LIST | --sweep FROM:TO:STEP | --trace CSV) [--set NAME=VALUE]... [--width W] [--height H]
    ///        [--format table|json]
    private static func parseLayout(_ arguments: [String]) -> Result<LayoutOptions, UsageError> {
        var rest: [String] = []
        var sizes: [String: Double] = [:]
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            guard argument == "--width" || argument == "--height" else {
                // A format other than table or json is eval's alone.
                if argument == "--format", index + 1 < arguments.count, arguments[index + 1] == "csv" {
                    return .failure(UsageError(message: "'layout' prints a table or json; use --format table or --format json"))
                }
                if argument == "--settle" { return .failure(unknownOption(argument, for: "layout", among: layoutOptions)) }
                rest.append(argument)
                index += 1
                continue
            }
            guard index + 1 < arguments.count else { return .failure(UsageError(message: "'\(argument)' needs a value")) }
            guard sizes[argument] == nil else { return .failure(UsageError(message: "'\(argument)' is given twice; give it once")) }
            let text = arguments[index + 1]
            guard let size = parseNumber(text), size.isFinite, size > 0, size <= maximumScreenSize else {
                return .failure(UsageError(message: "'\(argument)' takes a length in points above 0 and at most \(Int(maximumScreenSize)), found '\(text)'"))
            }
            sizes[argument] = size
            index += 2
        }
        return parseEval(rest, command: "layout").map {
            LayoutOptions(evaluation: $0, width: sizes["--width"] ?? HeaderLayout.width, height: sizes["--height"] ?? HeaderLayout.screenHeight)
        }
    }

    static let layoutOptions = ["--at", "--sweep", "--trace", "--set", "--width", "--height", "--format"]
    /// The largest screen `layout` lays out: wider than any display, small enough that sums stay exact.
    static let maximumScreenSize = 100_000.0

    private static func parseEval(_ arguments: [String], command: String = "eval") -> Result<EvalOptions, UsageError> {
        var file: String?
        var offsets: Offsets?
        var settings: [InputSetting] = []
        var format: EvalOptions.Format?
        var settle: Double?
        var trace: String?
        var index = 0
        func value(_ flag: String) -> Result<String, UsageError> {
            index += 1
            guard index < arguments.count else { return .failure(UsageError(message: "'\(flag)' needs a value")) }
            return .success(arguments[index])
        }
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--at":
                guard offsets == nil, trace == nil else { return .failure(UsageError(message: "give the offsets once, with --at, --sweep or --trace")) }
                switch value(argument) {
                case .failure(let error): return .failure(error)
                case .success(let list):
                    switch parseList(list) {
                    case .failure(let error): return .failure(error)
                    case .success(let list): offsets = Offsets(list)
                    }
                }
            case "--sweep":
                guard offsets == nil, trace == nil else { return .failure(UsageError(message: "give the offsets once, with --at, --sweep or --trace")) }
                switch value(argument) {
                case .failure(let error): return .failure(error)
                case .success(let text):
                    switch parseSweep(text) {
                    case .failure(let error): return .failure(error)
                    case .success(let list): offsets = list
                    }
                }
            case "--trace":
                guard offsets == nil, trace == nil else { return .failure(UsageError(message: "give the offsets once, with --at, --sweep or --trace")) }
                switch value(argument) {
                case .failure(let error): return .failure(error)
                case .success(let path): trace = path
                }
            case "--set":
                switch value(argument) {
                case .failure(let error): return .failure(error)
                case .success(let text):
                    guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
                        return .failure(UsageError(message: "'--set' takes INPUT=VALUE, found '\(text)'"))
                    }
                    let name = String(text[..<equals])
                    guard !settings.contains(where: { $0.name == name }) else {
                        return .failure(UsageError(message: "'--set \(name)' is given twice; set each input once"))
                    }
                    settings.append(InputSetting(name: name, value: String(text[text.index(after: equals)...])))
                }
            case "--format":
                guard format == nil else { return .failure(UsageError(message: "'--format' is given twice; give it once")) }
                switch value(argument) {
                case .failure(let error): return .failure(error)
                case .success(let text):
                    guard let parsed = EvalOptions.Format(rawValue: text) else {
                        return .failure(UsageError(message: "unknown format '\(text)'; use table, csv or json"))
                    }
                    format = parsed
                }
            case "--settle":
                guard settle == nil else { return .failure(UsageError(message: "'--settle' is given twice; give it once")) }
                switch value(argument) {
                case .failure(let error): return .failure(error)
                case .success(let text):
                    guard let velocity = parseNumber(text) else {
                        return .failure(UsageError(message: "'--settle' takes a velocity in points per second, found '\(text)'"))
                    }
                    settle = velocity
                }
            default:
                if argument.hasPrefix("-"), argument.count > 1, parseNumber(argument) == nil {
                    return .failure(command == "eval" ? unknownOption(argument, for: "eval", among: ["--at", "--sweep", "--trace", "--set", "--format", "--settle"])
                                    : unknownOption(argument, for: command, among: layoutOptions))
                }
                guard file == nil else { return .failure(UsageError(message: "'\(command)' takes one file, found '\(argument)' as well")) }
                file = argument
            }
            index += 1
        }
        guard let file else { return .failure(UsageError(message: "'\(command)' needs a file")) }
        if let trace {
            guard !(file == "-" && trace == "-") else { return .failure(UsageError(message: "'-' (standard input) can be given once")) }
            return .success(EvalOptions(file: file, offsets: Offsets([]), settings: settings, format: format ?? .table,
                                        settleVelocity: settle, trace: trace))
        }
        guard let offsets else { return .failure(UsageError(message: "'\(command)' needs offsets: --at -50,0,100, --sweep 0:300:10 or --trace FILE")) }
        // CSV and JSON print each offset as it is evaluated; the table must see every row for its widths.
        if format ?? .table == .table, offsets.maximumCount > maximumTableLength {
            return .failure(UsageError(message: "a table of \(offsets.maximumCount) offsets is too long to lay out; "
                                       + "use --format csv (or json), which prints each offset as it goes"))
        }
        return .success(EvalOptions(file: file, offsets: offsets, settings: settings, format: format ?? .table,
                                   settleVelocity: settle))
    }

    private static func parseCompile(_ arguments: [String]) -> Result<CompileOptions, UsageError> {
        var options = CompileOptions(file: "", output: nil, enumName: nil)
        var targetGiven = false
        var file: String?
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "-o", "--output", "--name", "--target", "--package":
                index += 1
                guard index < arguments.count else { return .failure(UsageError(message: "'\(argument)' needs a value")) }
                if argument == "--target" {
                    guard !targetGiven else { return .failure(UsageError(message: "'--target' is given twice; give it once")) }
                    guard let target = CompileOptions.Target(rawValue: arguments[index]) else {
                        return .failure(UsageError(message: "unknown target '\(arguments[index])'; use swift, js, kotlin or web"))
                    }
                    options.target = target
                    targetGiven = true
                } else if argument == "--name" {
                    guard options.enumName == nil else {
                        return .failure(UsageError(message: "'--name' is given twice; give it once"))
                    }
                    // A type name, or for the web target the element's tag, checked once the target is known.
                    options.enumName = arguments[index]
                } else if argument == "--package" {
                    guard options.packageName == nil else {
                        return .failure(UsageError(message: "'--package' is given twice; give it once"))
                    }
                    let name = arguments[index]
                    let parts = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
                    guard parts.allSatisfy(isKotlinPackagePart) else {
                        return .failure(UsageError(message: "'--package' takes a Kotlin package name such as com.example.header, found '\(name)'"))
                    }
                    options.packageName = name
                } else {
                    guard options.output == nil else {
                        return .failure(UsageError(message: "the output is given twice (with -o or --output); give it once"))
                    }
                    options.output = arguments[index]
                }
            case "--report":
                guard !options.report else { return .failure(UsageError(message: "'--report' is given twice; give it once")) }
                options.report = true
            case "--range-warnings":
                guard !options.rangeWarnings else {
                    return .failure(UsageError(message: "'--range-warnings' is given twice; give it once"))
                }
                options.rangeWarnings = true
            default:
                if argument.hasPrefix("-"), argument.count > 1 {
                    return .failure(unknownOption(argument, for: "compile", among: ["-o", "--output", "--name", "--target", "--package", "--range-warnings", "--report"]))
                }
                guard file == nil else { return .failure(UsageError(message: "'compile' takes one file, found '\(argument)' as well")) }
                file = argument
            }
            index += 1
        }
        guard let file else { return .failure(UsageError(message: "'compile' needs a file")) }
        if options.target == .js, options.enumName != nil {
            return .failure(UsageError(message: "'--name' names the Swift enum; a JavaScript module has none"))
        }
        if let name = options.enumName {
            if options.target == .web, !WebElement.isElementName(name) {
                return .failure(UsageError(message: "'--name' takes a custom element's name for --target web, lower case with a hyphen such as profile-header, found '\(name)'"))
            }
            if options.target != .web, !SwiftNames.isPlainIdentifier(name) {
                return .failure(UsageError(message: "'--name' takes a Swift type name, found '\(name)'"))
            }
        }
        if options.report, options.target != .web {
            return .failure(UsageError(message: "'--report' says where a web element applies each output; give it with --target web"))
        }
        if options.target != .kotlin, options.packageName != nil {
            return .failure(UsageError(message: "'--package' names the Kotlin file's package; give it with --target kotlin"))
        }
        options.file = file
        return .success(options)
    }

    /// One dot-separated part of a Kotlin package name: an ASCII identifier that is not a keyword.
    private static func isKotlinPackagePart(_ part: String) -> Bool {
        guard let first = part.unicodeScalars.first, first == "_" || ("a"..."z").contains(first) || ("A"..."Z").contains(first)
        else { return false }
        return part.unicodeScalars.allSatisfy { $0 == "_" || ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
            && !KotlinNames.keywords.contains(part)
    }

    /// A finite number, as Swift's Double reads it; an optional unit (`pt` unless told) is allowed.
    public static func parseNumber(_ text: String, unit: String = "pt") -> Double? {
        let trimmed = text.hasSuffix(unit) ? String(text.dropLast(unit.count)) : text
        guard let value = Double(trimmed), value.isFinite else { return nil }
        return value
    }

    static func parseList(_ text: String) -> Result<[Double], UsageError> {
        var offsets: [Double] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let value = parseNumber(part.trimmingCharacters(in: " ")) else {
                return .failure(UsageError(message: "'--at' takes finite numbers separated by commas, found '\(part)'"))
            }
            offsets.append(value)
        }
        return .success(offsets)
    }

    /// FROM:TO:STEP: the offsets FROM + i * STEP for i = 0, 1, ..., never past TO, each computed from FROM
    /// so that rounding does not accumulate along a long sweep. When the steps land on TO (the number of
    /// steps from FROM to TO is a whole number to within 1e-12 of itself), the last offset is TO exactly:
    /// `0:0.3:0.1` is 0, 0.1, 0.2, 0.3, where 3 * 0.1 would be 0.30000000000000004, past TO.
    static func parseSweep(_ text: String) -> Result<Offsets, UsageError> {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map { parseNumber(String($0)) }
        guard parts.count == 3, let from = parts[0], let to = parts[1], let step = parts[2] else {
            return .failure(UsageError(message: "'--sweep' takes FROM:TO:STEP, as in 0:300:10, found '\(text)'"))
        }
        guard step != 0, (to - from) / step >= 0 || from == to else {
            return .failure(UsageError(message: "'--sweep' needs a step that goes from \(from) towards \(to)"))
        }
        let steps = (to - from) / step
        let whole = steps.rounded()
        let landsOnTo = abs(steps - whole) <= 1e-12 * max(1, whole)
        let count = landsOnTo ? whole : steps.rounded(.down)
        guard count.isFinite, count < Double(maximumSweepLength) else {
            return .failure(UsageError(message: "'--sweep \(text)' gives more than \(maximumSweepLength) offsets"))
        }
        return .success(Offsets(sweepFrom: from, to: to, step: step, last: Int(count), landsOnTo: landsOnTo))
    }
}

extension StringProtocol {
    fileprivate func trimmingCharacters(in set: Character) -> String {
        String(drop { $0 == set }.reversed().drop { $0 == set }.reversed())
    }
}
