/// One message about a spec, as plain data; `DiagnosticRenderer` turns it into text.
public struct Diagnostic: Sendable, Hashable {
    public enum Severity: String, Sendable, Hashable {
        case error, warning, note
    }

    public let severity: Severity
    public let message: String
    public let range: SourceRange
    /// Secondary messages that point elsewhere, such as where a name was first declared.
    public let notes: [Note]

    public struct Note: Sendable, Hashable {
        public let message: String
        public let range: SourceRange

        public init(message: String, range: SourceRange) {
            self.message = message
            self.range = range
        }
    }

    public init(_ severity: Severity, _ message: String, at range: SourceRange, notes: [Note] = []) {
        self.severity = severity
        self.message = message
        self.range = range
        self.notes = notes
    }
}

/// The one sink that every stage reports into.
public struct Diagnostics: Sendable {
    public private(set) var all: [Diagnostic] = []

    public init() {}

    public var hasErrors: Bool { all.contains { $0.severity == .error } }
    public var errors: [Diagnostic] { all.filter { $0.severity == .error } }
    public var warnings: [Diagnostic] { all.filter { $0.severity == .warning } }

    /// Past this many errors a file is most likely not a spec at all; the rest would only bury the first ones.
    public static let errorLimit = 50
    private var errorCount = 0
    private var warningCount = 0

    /// Whether further errors are dropped; a stage can then skip the work of composing them.
    public var isSaturated: Bool { errorCount >= Diagnostics.errorLimit }

    /// A message quotes names and numbers from the spec; a megabyte-long one is cut.
    static let messageLimit = 400

    private static func bounded(_ message: String) -> String {
        message.count <= messageLimit ? message : String(message.prefix(messageLimit)) + "…"
    }

    public mutating func error(_ message: String, at range: SourceRange, notes: [Diagnostic.Note] = []) {
        let message = Diagnostics.bounded(message)
        errorCount += 1
        if errorCount == Diagnostics.errorLimit + 1 {
            all.append(Diagnostic(.error, "too many errors: only the first \(Diagnostics.errorLimit) are shown, and checking stops here; more were cut",
                                  at: range))
        }
        guard errorCount <= Diagnostics.errorLimit else { return }
        all.append(Diagnostic(.error, message, at: range, notes: notes))
    }

    public mutating func warning(_ message: String, at range: SourceRange, notes: [Diagnostic.Note] = []) {
        guard warningCount < Diagnostics.errorLimit else { return }
        warningCount += 1
        all.append(Diagnostic(.warning, Diagnostics.bounded(message), at: range, notes: notes))
    }

    /// Diagnostics in source order, errors before warnings at the same place, so output is stable.
    public var sorted: [Diagnostic] {
        all.enumerated().sorted { lhs, rhs in
            if lhs.element.range.start != rhs.element.range.start {
                return lhs.element.range.start < rhs.element.range.start
            }
            return lhs.offset < rhs.offset
        }.map(\.element)
    }
}

extension Diagnostics {
    /// Adds `note` to every diagnostic reported since `all` held `count` of them: where a function's body
    /// is checked for one call, its errors say which call.
    package mutating func addNote(_ note: Diagnostic.Note, toThoseAfter count: Int) {
        guard count < all.count else { return }
        for index in count..<all.count {
            let old = all[index]
            all[index] = Diagnostic(old.severity, old.message, at: old.range, notes: old.notes + [note])
        }
    }
}
