/// A value of the language at run time. Lengths and numbers are both Doubles.
public enum Value: Sendable, Hashable {
    case number(Double)
    case bool(Bool)
    /// An input of type `phase`; the lowered program and the interpreter hold it as its `rawValue`.
    case phase(ScrollPhase)

    /// The Double that the interpreter's registers hold for it: a bool as 1 or 0, a phase as its `rawValue`.
    public var storedNumber: Double {
        switch self {
        case .number(let number): return number
        case .bool(let bool): return bool ? 1 : 0
        case .phase(let phase): return Double(phase.rawValue)
        }
    }

    /// The value as `eval` and the pictures print it: a number as Swift prints a Double (the shortest
    /// text that reads back to the same bits), a bool as `true` or `false`.
    public var printed: String {
        switch self {
        case .number(let number): return number.description
        case .bool(let bool): return bool ? "true" : "false"
        case .phase(let phase): return phase.name
        }
    }
}

/// The scroll's phase, the values of a `phase` input: at rest, under the finger, or moving on after the
/// finger lifted. Its names are the language's (`idle`, `dragging`, `decelerating`); a back end holds a
/// phase as its `rawValue` (0, 1, 2) in the lowered program and presents it as its own enum at the API.
public enum ScrollPhase: Int, Sendable, Hashable, CaseIterable {
    case idle, dragging, decelerating

    /// The name a spec, `eval --set` and a trace write it with.
    public var name: String {
        switch self {
        case .idle: return "idle"
        case .dragging: return "dragging"
        case .decelerating: return "decelerating"
        }
    }

    public init?(name: String) {
        guard let phase = ScrollPhase.allCases.first(where: { $0.name == name }) else { return nil }
        self = phase
    }

    /// The phase a lowered constant or a register holds, if it is one.
    public init?(number: Double) {
        guard number == number.rounded(), let raw = Int(exactly: number), let phase = ScrollPhase(rawValue: raw) else { return nil }
        self = phase
    }

    /// `'idle', 'dragging' or 'decelerating'`, for messages.
    public static let namesInProse = "'idle', 'dragging' or 'decelerating'"
}
