import HeaderSource

public struct Token: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case identifier
        case number
        case keyword(Keyword)
        case punctuation(Punctuation)
        /// Text the lexer could not read; the lexer has already reported it.
        case invalid
        case endOfFile
    }

    public let kind: Kind
    public let range: SourceRange
    /// The identifier's name, or the number's spelling without its unit.
    public let text: String
    /// For numbers: the value, and whether it carried the `pt` unit.
    public let number: Double
    /// `.length` after `pt`, `.pixels` after `px`, else `.number`.
    public let unit: ValueType
    public var hasPointUnit: Bool { unit == .length }
    /// The comment lines directly above this token (no blank line between), which document a declaration.
    public let documentation: String?
    /// Whether a line break separates this token from the previous one.
    public let startsLine: Bool
    /// Whitespace on either side decides whether `-` is infix or prefix, as in Swift: `a - b`, `a -b`.
    public let spaceBefore: Bool
    public let spaceAfter: Bool

    public init(kind: Kind, range: SourceRange, text: String = "", number: Double = 0, unit: ValueType = .number,
                documentation: String? = nil, startsLine: Bool = false, spaceBefore: Bool = false, spaceAfter: Bool = false) {
        self.kind = kind
        self.range = range
        self.text = text
        self.number = number
        self.unit = unit
        self.documentation = documentation
        self.startsLine = startsLine
        self.spaceBefore = spaceBefore
        self.spaceAfter = spaceAfter
    }
}

public enum Keyword: String, Sendable, Hashable, CaseIterable {
    case header, input, `let`, curve, state, snap, animation, `func`
    case `true`, `false`, and, or, not
    case keyframes, via
}

public enum Punctuation: String, Sendable, Hashable, CaseIterable {
    case leftBrace = "{", rightBrace = "}", leftParen = "(", rightParen = ")"
    case comma = ",", colon = ":", equal = "=", question = "?"
    case plus = "+", minus = "-", star = "*", slash = "/"
    case less = "<", lessEqual = "<=", greater = ">", greaterEqual = ">="
    case equalEqual = "==", bangEqual = "!="
    case ampAmp = "&&", pipePipe = "||", bang = "!"
    case dotDotDot = "...", percent = "%"
    /// Only between two names with no space (`banner.height`), which the parser refuses with a hint: the
    /// language has no member access.
    case dot = "."
}

extension Token.Kind {
    var isKeyword: Bool {
        if case .keyword = self { return true }
        return false
    }
}

extension Token.Kind: CustomStringConvertible {
    /// How the parser names a token in "expected ..., found ..." messages.
    public var description: String {
        switch self {
        case .identifier: return "a name"
        case .number: return "a number"
        case .keyword(let keyword): return "'\(keyword.rawValue)'"
        case .punctuation(let punctuation): return "'\(punctuation.rawValue)'"
        case .invalid: return "an invalid character"
        case .endOfFile: return "the end of the file"
        }
    }
}
