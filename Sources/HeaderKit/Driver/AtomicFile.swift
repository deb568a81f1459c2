import Foundation

/// Writes a file so that readers see the old content or the new, never a part: the text goes to a
/// temporary file in the same directory, which then replaces the target by a rename.
enum AtomicFile {
    struct WriteError: Error, LocalizedError {
        let reason: String
        var errorDescription: String? { reason }
    }

    static func write(_ text: String, to path: String) throws {
        let target = URL(fileURLWithPath: path)
        let directory = target.deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw WriteError(reason: "its directory does not exist")
        }
        if FileManager.default.fileExists(atPath: target.path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw WriteError(reason: "it is a directory")
        }
        let temporary = directory.appendingPathComponent(".\(target.lastPathComponent).headerc-\(UUID().uuidString).tmp")
        guard FileManager.default.createFile(atPath: temporary.path, contents: Data(text.utf8)) else {
            throw WriteError(reason: "the directory is not writable")
        }
        guard rename(temporary.path, target.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw WriteError(reason: reason)
        }
    }
}
