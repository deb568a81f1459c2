import HeaderSource
import HeaderSyntax
import HeaderMath
import HeaderSema

/// The lowered program: what a spec means, with every rule of the language already applied, so that a
/// back end only translates it. Keyframes are chains of `select`s over their segments, the built-ins
/// that are not one IEEE operation are spelled with those that are (`clamp` is `min(max(x, low), high)`),
/// `min` and `max` are pairs, the state update is one body a state and snapping is a body of its own.
/// Every node carries its type. The interpreter, the Swift emitter and any later back end consume it.
public struct Program: Sendable {
    public let name: String
    public let nameRange: SourceRange
    public let inputs: [Input]
    public let states: [State]
    /// Named values in an order where each comes after everything it reads.
    public let values: [NamedValue]
    public let blocks: [Block]
    /// Every block's outputs, block after block, in declaration order: `eval`'s columns.
    public let outputs: [Output]
    public var snaps: [Snap]
    public let animations: [Animation]
    /// The named values' and outputs' keyframes that test their stops in order, as written: where each
    /// stop's test stands, for the warnings about stops the driver never reaches.
    public var keyframes: [Keyframes] = []
    /// The user's functions, in declaration order: `.call` names them by index. Each body reads its
    /// parameters (`.parameter`) and constants only; the back ends emit each as a function of its own.
    public var functions: [Function] = []
    /// The transitions, each four of `states` (`TransitionLowering`), for the analysis: what they are by
    /// construction.
    public var transitions: [Transition] = []

    public var isStateful: Bool { !states.isEmpty }
    /// Whether advancing the states reads the frame's time (a transition's do): `advance` then takes it.
    public var readsTime: Bool { states.contains { $0.next.reads(.time) } }
    /// Whether an input is the scroll's phase: the back ends then declare their phase enum.
    public var readsPhase: Bool { inputs.contains { $0.type == .phase } }

    public struct Keyframes: Sendable {
        public struct Stop: Sendable {
            public let range: SourceRange
            /// The position when it is written as a constant.
            public let position: Double?
        }
        public let stops: [Stop]
        public let extendsBefore: Bool
    }

    /// A spring declared as an animation, for the app's own animations: the back ends expose it as data.
    public struct Animation: Sendable {
        public let name: String
        public let nameRange: SourceRange
        public let spring: SpringCurve
        public let documentation: String?
    }

    public struct Input: Sendable {
        public let name: String
        public let nameRange: SourceRange
        /// `.phase` for the scroll's phase: the body reads it as the number `ScrollPhase.rawValue` (0, 1, 2),
        /// compared only with `.equal` and `.notEqual` to constants typed `.phase` or another phase input,
        /// which each back end writes as its own enum (Swift's and Kotlin's `ScrollPhase`, JavaScript's strings).
        public let type: ValueType
        public let defaultValue: Value
        /// `in low...high`: the values the analysis of ranges assumes the input takes. It is a promise,
        /// not a clamp: evaluation takes any value. Nil for a bool or an input declared without one.
        public let range: ClosedRange<Double>?
        public let documentation: String?
    }

    /// A value carried from one offset to the next. At the first offset of a trace it is `initial` and
    /// the change of offset (`delta`) is 0; at every offset, all states then take their `next` bodies,
    /// each computed from the previous values of all states (and the named values that read no state),
    /// before any is stored.
    public struct State: Sendable {
        public let name: String
        public let nameRange: SourceRange
        public let type: ValueType
        /// Reads constants, inputs and the named values of inputs only: its value before the first offset.
        public let initial: Body
        /// The new value, bounds applied; `.state` reads the previous values here.
        public let next: Body
        public let documentation: String?

        /// The initial value when it is a constant (the generated `State`'s default), else nil.
        public var constantInitial: Double? { initial.locals.isEmpty ? initial.result.constantValue : nil }
    }

    /// A transition's states, by index in `states`, and what its runs are made of.
    public struct Transition: Sendable {
        public let target: Int, from: Int, start: Int, value: Int
        /// Towards 1, then back towards 0.
        public let curves: [Curve]
        /// Each direction's duration in milliseconds, of constants, inputs and named values of inputs.
        public let durations: [Body]
    }

    /// `func name(parameters)[: type] = body`, lowered once; its calls are `.call` nodes.
    public struct Function: Sendable {
        public struct Parameter: Sendable {
            public let name: String
            public let nameRange: SourceRange
            /// A parameter declared without a type takes a number or a length: `.number` here (both are
            /// Doubles to every back end).
            public let type: ValueType
            /// Declared a Float: every argument is one (Grammar.md, "Float").
            public let isFloat: Bool
        }
        public let name: String
        public let nameRange: SourceRange
        public let parameters: [Parameter]
        public let type: ValueType
        /// The result is declared a Float: the body gives one.
        public let resultIsFloat: Bool
        public let body: Body
        public let documentation: String?
    }

    public struct NamedValue: Sendable {
        public let name: String
        public let nameRange: SourceRange
        public let type: ValueType
        public let body: Body
        public let documentation: String?
    }

    public struct Block: Sendable {
        public let name: String
        public let nameRange: SourceRange
        /// The indices of its outputs in `Program.outputs`.
        public let outputs: Range<Int>
        public let documentation: String?
        /// What the block is and where it sits (indices into `Program.blocks`); nil where it declares none.
        public var structure: BlockStructure? = nil
    }

    public struct Output: Sendable {
        public let block: String
        public let name: String
        public let nameRange: SourceRange
        public let type: ValueType
        public let body: Body
        public let documentation: String?

        /// `block.property`, the column name in eval's output.
        public var qualifiedName: String { "\(block).\(name)" }
    }

    /// Where a scroll gesture comes to rest: a body of `.target` and `.velocity` (and inputs and
    /// named values, never the offset or a state).
    public struct Snap: Sendable {
        public let name: String
        public let pointCount: Int
        public var settle: Body
        public let documentation: String?
        /// Whether `settle` is the default rule (no `threshold`, `ties`, `fling` or `rule` clause), which the
        /// generated code's comments spell out.
        public var hasDefaultRule = true
        /// Whether a `rule` clause decides where a gesture comes to rest (for every target).
        public var hasCustomRule = false
        /// `snap state name { ... }`: the index in `Program.states` of the state it moves. Its target is then
        /// that state's value when the scroll ends, and the settled value becomes the state's value.
        /// Nil for a snap of the scroll.
        public var state: Int?
        /// Each point on its own (reading inputs and named values only), for the analysis: the span of the
        /// points is where the rule decides, and where its result should lie.
        public var points: [Body] = []
        /// `motion`: the scroll's offset at a time after the finger lifted (`MotionLowering`), a body that reads
        /// `.offset` as where the finger lifted, `.velocity` as the release velocity (points per second),
        /// `.target` as where the snap settles and `.time` as the milliseconds since the release, and inputs and
        /// named values of inputs. Nil where the scroll view decelerates by itself.
        public var motion: Body?
        /// Whether the motion is a spring run from the release velocity (else a curve over a duration).
        public var motionIsSpring = false
    }
}

/// Straight-line code: `locals` in order (each may read the earlier ones), then the result.
public struct Body: Sendable {
    public var locals: [Expr]
    /// A name for each local that says what it holds (`low`, `start`), for back ends that name them.
    public var localNames: [String]
    public var result: Expr
    /// What the body reads, directly or through the named values it reads.
    public var uses: Uses

    public init(locals: [Expr], localNames: [String], result: Expr, uses: Uses) {
        self.locals = locals
        self.localNames = localNames
        self.result = result
        self.uses = uses
    }

    /// Whether any of its expressions reads `read` directly (not through a named value).
    public func reads(_ read: Read) -> Bool {
        var found = false
        for expression in locals + [result] where !found {
            expression.forEachRead { if $0 == read { found = true } }
        }
        return found
    }
}

/// What a body depends on: a function that computes it needs these as parameters.
public struct Uses: Sendable, Hashable {
    public var offset = false
    public var state = false
    /// Input indices, ascending.
    public var inputs: [Int] = []
    /// Named values read directly, by index in `Program.values`.
    public var values: [Int] = []

    public init() {}

    /// What a body that makes `reads` depends on, a named value's reads taken through it (`valueUses`).
    public init(reads: [Read], valueUses: (Int) -> Uses) {
        var inputs = Set<Int>(), values = Set<Int>()
        for read in reads {
            switch read {
            case .offset, .delta: offset = true
            case .state: state = true
            case .input(let index): inputs.insert(index)
            case .value(let index):
                values.insert(index)
                let through = valueUses(index)
                offset = offset || through.offset
                state = state || through.state
                inputs.formUnion(through.inputs)
            case .local, .target, .velocity, .parameter, .time: break
            }
        }
        self.inputs = inputs.sorted()
        self.values = values.sorted()
    }

    public var isConstant: Bool { !offset && !state && inputs.isEmpty }
}

/// A typed expression node.
public struct Expr: Sendable {
    public var kind: Kind
    public var type: ValueType
    /// Where the source expression it computes is written; a node that lowering makes to implement a
    /// construct (a keyframes' chain of selects, clamp's min and max) has the construct's range.
    public var range: SourceRange

    public init(_ kind: Kind, _ type: ValueType, _ range: SourceRange) {
        self.kind = kind
        self.type = type
        self.range = range
    }

    public indirect enum Kind: Sendable {
        case constant(Double)
        case boolConstant(Bool)
        case read(Read)
        case unary(UnaryOperation, Expr)
        case binary(BinaryOperation, Expr, Expr)
        /// `condition ? then : otherwise`; only the branch taken matters.
        case select(Expr, Expr, Expr)
        /// The curve at a progress; `linear` never appears (it is the progress itself).
        case curve(Curve, Expr)
        /// `Program.functions[index]` applied to the arguments, which are computed first, in order.
        case call(Int, [Expr])
    }

    public static func constant(_ value: Double, _ type: ValueType = .number, at range: SourceRange) -> Expr {
        Expr(.constant(value), type, range)
    }
    public static func bool(_ value: Bool, at range: SourceRange) -> Expr { Expr(.boolConstant(value), .bool, range) }

    public var constantValue: Double? {
        if case .constant(let value) = kind { return value }
        return nil
    }

    public var boolValue: Bool? {
        if case .boolConstant(let value) = kind { return value }
        return nil
    }

    public var isLeaf: Bool {
        switch kind {
        case .constant, .boolConstant, .read: return true
        default: return false
        }
    }
}

public enum Read: Sendable, Hashable {
    case offset
    /// The change of offset since the previous frame; read only while advancing the states.
    case delta
    /// The frame's time in milliseconds; read only while advancing the states of a transition.
    case time
    case input(Int)
    /// A state: its previous value while advancing, its advanced value everywhere else.
    case state(Int)
    case value(Int)
    case local(Int)
    /// Where a scroll gesture would end, and how fast it goes (points per second), in a snap's body.
    case target
    case velocity
    /// A parameter of the function whose body this is, by position.
    case parameter(Int)
}

public enum UnaryOperation: String, Sendable, CaseIterable {
    case negate, not, abs, sqrt, floor, ceil, round
    /// Toward zero; to nearest with halves toward +infinity; to nearest with halves to even.
    case trunc, roundHalfUp, roundHalfEven
    /// To the nearest binary32 (ties to even), as a Double: what a Float holds (Grammar.md, "fround").
    case fround
    /// headerc's own fdlibm `exp`, `expm1`, `sin` and `cos` (`OwnedMath`), which no spec writes: a snap's spring
    /// motion is made of them (`MotionLowering`).
    case exp, expm1, sin, cos
}

public enum BinaryOperation: String, Sendable, CaseIterable {
    case add, subtract, multiply, divide
    /// `b < a ? b : a` and `b >= a ? b : a`: Swift's `min` and `max`, NaN and signed zeros included.
    case min, max
    case pow
    case less, lessEqual, greater, greaterEqual, equal, notEqual
    /// Between bools.
    case and, or, boolEqual, boolNotEqual
    /// The quotient truncated toward zero (`OwnedMath.div`); IEEE 754's minimumNumber and maximumNumber,
    /// which ignore a NaN and order -0 below +0.
    case div, fmin, fmax

    public var yieldsBool: Bool {
        switch self {
        case .add, .subtract, .multiply, .divide, .min, .max, .pow: return false
        case .div, .fmin, .fmax: return false
        default: return true
        }
    }
}
