import HeaderSource

/// The parsed spec, before names are resolved or types checked. Every node carries its source range.
public struct SpecSyntax: Sendable {
    public var name: Identifier?
    public var declarations: [Declaration]
}

public struct Identifier: Sendable, Hashable {
    public let name: String
    public let range: SourceRange
}

public enum Declaration: Sendable {
    case input(InputDeclaration)
    case value(ValueDeclaration)
    case curve(CurveDeclaration)
    case block(BlockDeclaration)
    case state(StateDeclaration)
    case snap(SnapDeclaration)
    case animation(AnimationDeclaration)
    case function(FunctionDeclaration)
    case transition(TransitionDeclaration)
}

/// `transition name { on condition [off condition] [duration d] [curve c] [reverse c] }`: a number that runs
/// from 0 to 1 over time once `on` holds, and back once `off` holds (Grammar.md, "Transitions").
public struct TransitionDeclaration: Sendable {
    public let name: Identifier
    public let on: Expression
    /// Nil: the transition runs back once `on` no longer holds.
    public let off: Expression?
    /// Nil: each curve's own duration, which only a spring has.
    public let duration: Expression?
    /// Towards 1; nil for `linear`.
    public let curve: Expression?
    /// Back towards 0; nil for the same curve as towards 1.
    public let reverse: Expression?
    public let documentation: String?
    public let range: SourceRange
}

/// `func name(parameter[: type], ...)[: type] = expression`: a pure function of its parameters, written
/// once and called wherever a built-in can be.
public struct FunctionDeclaration: Sendable {
    public struct Parameter: Sendable {
        public let name: Identifier
        /// Nil: the parameter takes a number or a length, whichever each call passes.
        public let type: TypeAnnotation?
    }
    public let name: Identifier
    public let parameters: [Parameter]
    public let resultType: TypeAnnotation?
    public let body: Expression
    public let documentation: String?
    public let range: SourceRange
}

/// `animation name = spring(...)`: a spring that a view uses to animate changes, emitted as data.
public struct AnimationDeclaration: Sendable {
    public let name: Identifier
    public let value: Expression
    public let documentation: String?
    public let range: SourceRange
}

/// `input name[: type] [in low...high] = default`
public struct InputDeclaration: Sendable {
    public let name: Identifier
    public let type: TypeAnnotation?
    /// `in low...high`: the values the analysis of ranges assumes the input takes.
    public let bounds: (low: Expression, high: Expression)?
    public let defaultValue: Expression
    public let documentation: String?
    public let range: SourceRange
}

/// `let name[: type] = expression`
public struct ValueDeclaration: Sendable {
    public let name: Identifier
    public let type: TypeAnnotation?
    public let value: Expression
    public let documentation: String?
    public let range: SourceRange
}

/// `curve name = curve-expression`
public struct CurveDeclaration: Sendable {
    public let name: Identifier
    public let value: Expression
    public let documentation: String?
    public let range: SourceRange
}

/// `name[: kind clause...] { property... }`
public struct BlockDeclaration: Sendable {
    public let name: Identifier
    public let properties: [PropertyDeclaration]
    public let documentation: String?
    public let range: SourceRange
    /// What the block is and where it sits (`avatar: circle in cover at bottomLeading`); nil where the
    /// block declares no structure.
    public var structure: BlockStructureSyntax? = nil
}

/// `name[: type] = expression` inside a block.
public struct PropertyDeclaration: Sendable {
    public let name: Identifier
    public let type: TypeAnnotation?
    public let value: Expression
    public let documentation: String?
    public let range: SourceRange
}

/// `state name[: type] = initial in low...high { next = expression }`
public struct StateDeclaration: Sendable {
    public let name: Identifier
    public let type: TypeAnnotation?
    public let initial: Expression
    public let bounds: (low: Expression, high: Expression)?
    public let next: Expression
    public let documentation: String?
    public let range: SourceRange

    package init(name: Identifier, type: TypeAnnotation?, initial: Expression, bounds: (low: Expression, high: Expression)?,
                 next: Expression, documentation: String?, range: SourceRange) {
        self.name = name
        self.type = type
        self.initial = initial
        self.bounds = bounds
        self.next = next
        self.documentation = documentation
        self.range = range
    }
}

/// `snap name { point... }`: where a scroll gesture may come to rest, with the clauses of its rule after
/// the points (`threshold 0.3`, `ties up`, `fling 500`).
public struct SnapDeclaration: Sendable {
    public let name: Identifier
    /// `snap state name { ... }`: the `state` word, when the snap moves the state `name` rather than the scroll.
    public var stateKeyword: SourceRange?
    public let points: [Expression]
    public let rule: SnapRule
    /// The `}` after the points.
    public let closingBrace: SourceRange
    public let documentation: String?
    public let range: SourceRange
}

/// How a snap chooses among its points; each clause left out keeps the default rule's part.
public struct SnapRule: Sendable {
    public enum Ties: String, Sendable { case up, down }
    /// `threshold t`: a slow gesture between two points settles on the upper one once it has gone more than
    /// the fraction t of the way from the lower one, instead of on the nearest.
    public var threshold: Expression?
    /// `ties up` or `ties down` (the default): which of two points wins a tie.
    public var ties: (value: Ties, range: SourceRange)?
    /// `fling v`: the speed in points per second from which a gesture settles on the next point in its
    /// direction (300 when left out).
    public var fling: Expression?
    /// `rule expression`: where a gesture comes to rest, for every target, an expression of
    /// `target` and `velocity`; it decides alone, in place of the default rule and its clauses.
    public var rule: Expression?
    /// `motion curve`: how the scroll moves to where it comes to rest once the finger lifts (a spring from the
    /// release velocity, or the curve over `duration`); nil: the scroll view's own deceleration.
    public var motion: Expression?
    /// `duration d`: the time the motion takes, for a curve (or a spring stretched to it).
    public var duration: Expression?
    /// Each clause's word, in the order written.
    public var words: [(word: String, range: SourceRange)] = []

    public init() {}
}

public struct TypeAnnotation: Sendable, Hashable {
    public let type: ValueType
    /// `float pt`: computed in binary32, as Kotlin's and Swift's `Float` (Grammar.md, "Float").
    public let isFloat: Bool
    public let range: SourceRange

    public init(type: ValueType, isFloat: Bool = false, range: SourceRange) {
        self.type = type
        self.isFloat = isFloat
        self.range = range
    }

    /// The type as written: `pt`, `float px/pt`.
    public var text: String { Self.spelling(type, isFloat: isFloat) }

    /// The word before a type that makes it a Float's (`float pt`), and a type alone (`float`).
    public static let floatWord = "float"

    /// A type as a declaration writes it: `pt`, `float`, `float px/pt`.
    public static func spelling(_ type: ValueType, isFloat: Bool) -> String {
        isFloat ? (type == .number ? floatWord : floatWord + " " + type.rawValue) : type.rawValue
    }
}

/// The types of the language. Lengths are points (`pt`); `px` are device pixels, kept apart from
/// points by their own type; a density (`px/pt`, pixels per point) converts between them; numbers are
/// plain. A `phase` is the scroll's phase (`ScrollPhase`), for inputs only, compared with `==` and `!=`.
public enum ValueType: String, Sendable, Hashable, CaseIterable {
    case number
    case length = "pt"
    case bool
    case pixels = "px"
    case density = "px/pt"
    case phase
    /// A duration, in milliseconds (`600ms`, `0.3s`).
    case time = "ms"

    public var displayName: String {
        switch self {
        case .number: return "number"
        case .length: return "length"
        case .bool: return "bool"
        case .pixels: return "length in pixels (px)"
        case .density: return "density (px/pt)"
        case .phase: return "phase"
        case .time: return "duration (ms)"
        }
    }

    /// Whether it is a number with a unit or none: everything but a bool and a phase.
    public var isNumeric: Bool { self != .bool && self != .phase }

    /// What a value of this type is written with: `pt`, `px`, or nothing.
    public var literalSuffix: String {
        switch self {
        case .length: return "pt"
        case .pixels: return "px"
        case .time: return "ms"
        case .number, .bool, .density, .phase: return ""
        }
    }
}

public struct Expression: Sendable {
    public indirect enum Kind: Sendable {
        /// `isInteger`: written with digits only, no fraction or exponent (`2`, not `2.0`), as CSS's `<integer>`.
        /// `unit`: `.number` when written without one, `.length` for `pt`, `.pixels` for `px`.
        case number(Double, unit: ValueType, isInteger: Bool)
        case bool(Bool)
        case name(Identifier)
        case unary(UnaryOperator, Expression)
        case binary(BinaryOperator, Expression, Expression)
        case conditional(Expression, Expression, Expression)
        case call(callee: Expression, arguments: [Argument])
        case keyframes(driver: Expression, options: [Argument], stops: [KeyframeStop])
        /// Stands in for what could not be parsed; the parser has already reported it.
        case error
    }

    public let kind: Kind
    public let range: SourceRange
    /// The height of the tree below this node, which every later pass may recurse through; the parser keeps
    /// it within `Parser.maximumHeight`.
    public let depth: Int
    /// How deeply the node is nested, where the left operand of a binary operator is not nested in it, so
    /// that a flat chain `a + b + c + ...` is two levels however long; the parser refuses more than
    /// `Parser.maximumDepth`.
    public let nesting: Int

    public init(_ kind: Kind, _ range: SourceRange, depth: Int = 1, nesting: Int? = nil) {
        self.kind = kind
        self.range = range
        self.depth = depth
        self.nesting = nesting ?? depth
    }
}

extension Expression.Kind {
    /// The sub-expressions, in source order: the one statement of the tree's shape, so that what measures
    /// or walks a tree (the parser's bounds on its depth and nesting) does not list them again per kind.
    public var children: [Expression] {
        switch self {
        case .number, .bool, .name, .error:
            return []
        case .unary(_, let operand):
            return [operand]
        case .binary(_, let lhs, let rhs):
            return [lhs, rhs]
        case .conditional(let condition, let then, let otherwise):
            return [condition, then, otherwise]
        case .call(let callee, let arguments):
            return [callee] + arguments.flatMap { [$0.value] + $0.positions }
        case .keyframes(let driver, let options, let stops):
            var children = [driver] + options.flatMap { [$0.value] + $0.positions }
            for stop in stops { children += [stop.position, stop.value] + (stop.curve.map { [$0] } ?? []) }
            return children
        }
    }
}

/// A call argument: `[label:] value [position% [position%]]`, or the positions first as CSS allows
/// (`50% 0.5`); positions only mean something in `linear(...)`.
public struct Argument: Sendable {
    public let label: Identifier?
    public let value: Expression
    public let positions: [Expression]
    public var range: SourceRange {
        var range = label.map { $0.range.union(value.range) } ?? value.range
        if let last = positions.last { range = range.union(last.range) }
        return range
    }
}

/// `position: value [via curve]`
public struct KeyframeStop: Sendable {
    public let position: Expression
    public let value: Expression
    public let curve: Expression?
    public let range: SourceRange
}

public enum UnaryOperator: String, Sendable {
    case negate = "-"
    /// `+x` is `x`, as in Swift and CSS (`cubicBezier(+0.5, 0, 0.5, 1)`).
    case plus = "+"
    case not = "not"
}

public enum BinaryOperator: String, Sendable, CaseIterable {
    case add = "+", subtract = "-", multiply = "*", divide = "/"
    case less = "<", lessEqual = "<=", greater = ">", greaterEqual = ">="
    case equal = "==", notEqual = "!="
    case and = "and", or = "or"

    public var isComparison: Bool {
        switch self {
        case .less, .lessEqual, .greater, .greaterEqual, .equal, .notEqual: return true
        default: return false
        }
    }
}
