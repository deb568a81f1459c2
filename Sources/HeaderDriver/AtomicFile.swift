import HeaderSource
import HeaderSyntax
import HeaderMath
import HeaderSema
import HeaderIR
import HeaderEval
import HeaderAnalysis
import HeaderCodeGen
import HeaderTools
import Foundation

/// Writes the output of `compile -o` without harming what is there.
///
/// - A regular file, or a missing one, is replaced atomically: the text goes to a temporary file in the same
///   directory, which then replaces the target by a rename, so readers see the old content or the new, never
///   a part. The existing file's mode (and, where allowed, its owner) is kept.
/// - A symbolic link is followed: its target is replaced as above and the link stays a link.
/// - A device or a FIFO (`/dev/null`, `/dev/stdout`, a pipe) is written straight through: renaming a file
///   over a device would replace the device itself with a regular file.
package enum AtomicFile {
    package struct WriteError: Error, LocalizedError {
        package let reason: String
        package var errorDescription: String? { reason }
    }

    /// What a path names, after following symbolic links.
    private enum Target {
        case missing(path: String)
        case regular(path: String, info: stat)
        case directory
        case special(path: String)
    }

    private static let maximumLinkHops = 40

    package static func write(_ text: String, to path: String) throws {
        let bytes = Array(text.utf8)
        switch try resolve(path) {
        case .directory:
            throw WriteError(reason: "it is a directory")
        case .special(let path):
            try writeThrough(bytes, to: path)
        case .missing(let path):
            try replace(path, with: bytes, keeping: nil)
        case .regular(let path, let info):
            try replace(path, with: bytes, keeping: info)
        }
    }

    /// Whether two paths name one file (the same device and inode, after following links): a hard link, a
    /// symbolic link or another spelling of a path all count. False when either cannot be examined.
    static func isSameFile(_ first: String, _ second: String) -> Bool {
        var a = stat(), b = stat()
        guard stat(first, &a) == 0, stat(second, &b) == 0 else { return false }
        return a.st_dev == b.st_dev && a.st_ino == b.st_ino
    }

    /// Whether a path names (after following links) a device, a FIFO or a socket: something that is read as a
    /// stream, with no size to read up to and only once.
    static func isSpecialFile(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        let type = info.st_mode & fileTypeMask
        return type != regularFileType && type != directoryType
    }

    /// Follows symbolic links, as far as they go, to the path that is to be written.
    private static func resolve(_ path: String) throws -> Target {
        // What the system reaches through every link comes first: `/dev/stdout` into a pipe is a link to
        // `/proc/self/fd/1`, whose own link reads `pipe:[1234]`, a name that no directory holds, but which
        // opens as the pipe. A device, FIFO or socket found this way is written through, by the path given.
        var reached = stat()
        if stat(path, &reached) == 0 {
            switch reached.st_mode & fileTypeMask {
            case regularFileType: break
            case directoryType: return .directory
            default: return .special(path: path)
            }
        }
        var current = path
        for _ in 0..<maximumLinkHops {
            var info = stat()
            guard lstat(current, &info) == 0 else {
                let error = errno
                guard error == ENOENT else { throw WriteError(reason: String(cString: strerror(error))) }
                guard isDirectory(directory(of: current)) else { throw WriteError(reason: "its directory does not exist") }
                return .missing(path: current)
            }
            switch info.st_mode & fileTypeMask {
            case symbolicLinkType:
                guard let destination = readLink(current) else {
                    throw WriteError(reason: "its symbolic link cannot be read, or its target is not UTF-8")
                }
                current = destination.hasPrefix("/") ? destination : directory(of: current) + "/" + destination
            case regularFileType:
                return .regular(path: current, info: info)
            case directoryType:
                return .directory
            default:
                return .special(path: current)
            }
        }
        throw WriteError(reason: "too many levels of symbolic links")
    }

    /// Writes a temporary file beside `path` and renames it over `path`.
    private static func replace(_ path: String, with bytes: [UInt8], keeping existing: stat?) throws {
        let name = path.split(separator: "/").last.map(String.init) ?? "output"
        let temporary = directory(of: path) + "/.\(name).headerc-\(UUID().uuidString).tmp"
        // A new file gets the usual 0666 less the umask; an existing file's mode is restored below.
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, existing == nil ? 0o666 : 0o600)
        guard descriptor >= 0 else {
            let error = errno
            throw WriteError(reason: error == EACCES ? "the directory is not writable" : String(cString: strerror(error)))
        }
        var renamed = false
        defer { if !renamed { unlink(temporary) } }
        do {
            defer { close(descriptor) }
            if let existing {
                // Owner first: changing it may clear the set-id bits that the mode then restores. Only root may
                // give a file away, so a failure here leaves the file to its writer, as any editor does.
                _ = fchown(descriptor, existing.st_uid, existing.st_gid)
                guard fchmod(descriptor, existing.st_mode & 0o7777) == 0 else { throw currentError() }
            }
            try writeAll(bytes, to: descriptor)
            guard fsync(descriptor) == 0 else { throw currentError() }
        }
        guard rename(temporary, path) == 0 else { throw currentError() }
        renamed = true
    }

    /// Opens an existing device or FIFO and writes to it, without truncating or replacing it.
    private static func writeThrough(_ bytes: [UInt8], to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else { throw currentError() }
        defer { close(descriptor) }
        try writeAll(bytes, to: descriptor)
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) throws {
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { buffer in
                Foundation.write(descriptor, buffer.baseAddress, buffer.count)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw currentError()
            }
            written += count
        }
    }

    private static func readLink(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count >= 0 else { return nil }
        // A target that is not UTF-8 would come back as another name; refusing it is safer than guessing.
        return String(validating: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & fileTypeMask == directoryType
    }

    private static func currentError() -> WriteError {
        WriteError(reason: String(cString: strerror(errno)))
    }

    private static let fileTypeMask: mode_t = 0o170000
    private static let symbolicLinkType: mode_t = 0o120000
    private static let regularFileType: mode_t = 0o100000
    private static let directoryType: mode_t = 0o040000
}
