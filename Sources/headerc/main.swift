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

// eval's CSV and JSON are written as they are made, so that a long sweep never sits in memory whole.
let outcome = Driver.run(Array(CommandLine.arguments.dropFirst()), standardOutputPieces: { writeAll($0, to: 1) })
writeAll(outcome.standardOutput, to: 1)
writeAll(outcome.standardError, to: 2)
exit(outcome.exitCode)
