import Foundation
import HeaderKit

/// Writes to a file descriptor to the end. (A reader that has gone, as after `| head`, ends the process
/// with SIGPIPE before a write can fail.)
func writeAll(_ text: String, to descriptor: Int32) {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
        let count = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
        if count < 0 {
            if errno == EINTR { continue }
            exit(1)
        }
        bytes = bytes.dropFirst(count)
    }
}

let arguments = Array(CommandLine.arguments.dropFirst())
// The language server streams both ways for as long as the editor runs; every other command is one outcome.
if case .success(.languageServer) = Arguments.parse(arguments) {
    LanguageServer.serve()
}
// So does `preview --watch`, until Ctrl-C.
if case .success(.watchPreview(let options)) = Arguments.parse(arguments) {
    exit(Driver.watchPreview(options, print: { writeAll($0, to: 1) }, printError: { writeAll($0, to: 2) }))
}

// eval's CSV and JSON are written as they are made, so that a long sweep never sits in memory whole.
let outcome = Driver.run(arguments, standardOutputPieces: { writeAll($0, to: 1) })
writeAll(outcome.standardOutput, to: 1)
writeAll(outcome.standardError, to: 2)
exit(outcome.exitCode)
