import HeaderSource
import HeaderSyntax
import HeaderMath

/// The checked, resolved form of a spec: names are slots, types are known, constants are folded.
/// `Lowering` turns it into the program that every back end translates.
public struct CheckedSpec: Sendable {
    public let name: String
    public let nameRange: SourceRange
    /// Slot 0 is the scroll offset and slot 1 its change since the previous offset (read only by states);
    /// the inputs follow in declaration order, then the states, then the values.
    public let inputs: [CheckedInput]
    public let states: [CheckedState]
    /// Named values in an order where each comes after everything it uses.
    public let values: [CheckedValue]
    public let blocks: [CheckedBlock]
    public let snaps: [CheckedSnap]
    public let animations: [CheckedAnimation]
    public let slotCount: Int
    /// The user's functions, by declaration order: `.call` names them by index.
    public var functions: [CheckedFunction] = []

    public static let offsetSlot = 0
    public static let deltaSlot = 1
    /// In a snap's `rule` only: where the gesture would end (the target), and its velocity.
    public static let targetSlot = -1
    public static let velocitySlot = -2
    /// In a state's `next` (and a transition's conditions) only, where nothing declared has the name: the frame's
    /// time in milliseconds.
    public static let timeSlot = -3

    public var outputs: [CheckedOutput] { blocks.flatMap(\.properties) }
    public var isStateful: Bool { !states.isEmpty }

    /// The type of every slot, indexed by slot; the offset and its delta are lengths.
    public let slotTypes: [ValueType]

    package init(name: String, nameRange: SourceRange, inputs: [CheckedInput], states: [CheckedState], values: [CheckedValue], blocks: [CheckedBlock], snaps: [CheckedSnap], animations: [CheckedAnimation], slotCount: Int, slotTypes: [ValueType]) {
        self.name = name
        self.nameRange = nameRange
        self.inputs = inputs
        self.states = states
        self.values = values
        self.blocks = blocks
        self.snaps = snaps
        self.animations = animations
        self.slotCount = slotCount
        self.slotTypes = slotTypes
    }

    public func type(ofSlot slot: Int) -> ValueType {
        slot >= 0 && slot < slotTypes.count ? slotTypes[slot] : .length
    }
}

public struct CheckedInput: Sendable {
    /// Where the name is declared, for diagnostics about the generated code.
    public let nameRange: SourceRange
    public let name: String
    public let type: ValueType
    /// Whether it is a Float (Grammar.md, "Float"): a binary32 value held as its Double.
    public var isFloat = false
    public let defaultValue: Value
    /// `in low...high`: the values the analysis of ranges assumes (a promise, not a clamp).
    public let range: ClosedRange<Double>?
    public let documentation: String?
    public let slot: Int
}

public struct CheckedValue: Sendable {
    /// Where the name is declared, for diagnostics about the generated code.
    public let nameRange: SourceRange
    public let name: String
    public let type: ValueType
    /// Whether it is a Float (Grammar.md, "Float"): a binary32 value held as its Double.
    public var isFloat = false
    public let expression: CheckedExpression
    public let documentation: String?
    public let slot: Int
}

/// A value carried from one offset to the next: it starts at `initial` and, at each new offset, becomes
/// `next` (which may read its previous value and `delta`, the change of offset), kept within `bounds`.
public struct CheckedState: Sendable {
    /// Where the name is declared, for diagnostics about the generated code.
    public let nameRange: SourceRange
    public let name: String
    public let type: ValueType
    public let initial: CheckedExpression
    public let bounds: (low: CheckedExpression, high: CheckedExpression)?
    public let next: CheckedExpression
    public let documentation: String?
    public let slot: Int
    /// For a transition, what it is made of; `initial` and `next` are then unused (`Lowering` gives its update).
    public var transition: CheckedTransition? = nil
}

/// `transition name { ... }`, checked: its conditions (bools, read as a state's `next` reads), each
/// direction's duration (a constant, or inputs and named values of inputs) and curve.
public struct CheckedTransition: Sendable {
    public let on: CheckedExpression
    /// Nil: back towards 0 once `on` no longer holds.
    public let off: CheckedExpression?
    /// Milliseconds, towards 1 and back towards 0.
    public let durationOn: CheckedExpression
    public let durationOff: CheckedExpression
    public let curveOn: Curve
    public let curveOff: Curve
}

public struct CheckedAnimation: Sendable {
    public let nameRange: SourceRange
    public let name: String
    public let spring: SpringCurve
    public let documentation: String?
}

public struct CheckedSnap: Sendable {
    public let name: String
    public let nameRange: SourceRange
    public let points: [CheckedExpression]
    /// The rule's clauses (`SnapRule`): a number, or nil for the default rule's part.
    public let threshold: CheckedExpression?
    public let tiesUp: Bool
    public let fling: CheckedExpression?
    /// `rule expression`: where a gesture comes to rest, for every target, reading `targetSlot` and
    /// `velocitySlot`; it replaces the default rule and its clauses.
    public var rule: CheckedExpression?
    /// The index of the state a `snap state` moves (its target is that state's value), nil for the scroll.
    public var state: Int?
    /// `motion curve [duration d]`: how the scroll moves to where it comes to rest once the finger lifts.
    public var motion: CheckedMotion?
    public let documentation: String?
}

/// A snap's motion after the finger lifts (Grammar.md, "The motion after release"): a spring run by time from
/// the release velocity when `duration` is nil, else the curve over the duration (milliseconds, a constant or
/// inputs and named values of inputs).
public struct CheckedMotion: Sendable {
    public let curve: Curve
    public let duration: CheckedExpression?
}

public struct CheckedBlock: Sendable {
    /// Where the name is declared, for diagnostics about the generated code.
    public let nameRange: SourceRange
    public let name: String
    public let properties: [CheckedOutput]
    public let documentation: String?
    /// What the block is and where it sits, its names resolved (indices into `CheckedSpec.blocks`); nil
    /// where it declares none.
    public var structure: BlockStructure?

    package init(nameRange: SourceRange, name: String, properties: [CheckedOutput], documentation: String?) {
        self.nameRange = nameRange
        self.name = name
        self.properties = properties
        self.documentation = documentation
    }
}

public struct CheckedOutput: Sendable {
    /// Where the name is declared, for diagnostics about the generated code.
    public let nameRange: SourceRange
    public let block: String
    public let name: String
    public let type: ValueType
    /// Whether it is a Float (Grammar.md, "Float"): a binary32 value held as its Double.
    public var isFloat = false
    public let expression: CheckedExpression
    public let documentation: String?

    package init(nameRange: SourceRange, block: String, name: String, type: ValueType, isFloat: Bool = false, expression: CheckedExpression,
                 documentation: String?) {
        self.nameRange = nameRange
        self.block = block
        self.name = name
        self.type = type
        self.isFloat = isFloat
        self.expression = expression
        self.documentation = documentation
    }

    /// `block.property`, the column name in eval's output.
    public var qualifiedName: String { "\(block).\(name)" }
}

public indirect enum CheckedExpression: Sendable {
    case constant(Double)
    case boolConstant(Bool)
    case slot(Int)
    case negate(CheckedExpression)
    case not(CheckedExpression)
    case arithmetic(ArithmeticOperator, CheckedExpression, CheckedExpression)
    case comparison(ComparisonOperator, CheckedExpression, CheckedExpression)
    /// `==` and `!=` between booleans.
    case boolEquality(isEqual: Bool, CheckedExpression, CheckedExpression)
    case logical(LogicalOperator, CheckedExpression, CheckedExpression)
    case conditional(CheckedExpression, CheckedExpression, CheckedExpression)
    case builtin(Builtin, [CheckedExpression])
    case curve(Curve, CheckedExpression)
    case keyframes(CheckedKeyframes)
    /// The expression written at `range`: the checker wraps every node that is not a constant, so that
    /// the lowered program can say where each of its nodes comes from.
    case located(CheckedExpression, SourceRange)

    /// A function's parameter, by position, in its body.
    case parameter(Int)
    /// A call of the user's function `CheckedSpec.functions[index]`, its arguments in order.
    case call(Int, [CheckedExpression])

    /// The node marked with where it is written; a constant stays bare, so that the checker's tests for
    /// constants see it.
    package func located(at range: SourceRange) -> CheckedExpression {
        switch self {
        case .constant, .boolConstant, .located: return self
        default: return .located(self, range)
        }
    }

    /// The node without its location.
    public var unlocated: CheckedExpression {
        var expression = self
        while case .located(let inner, _) = expression { expression = inner }
        return expression
    }

    public var isConstant: Bool {
        switch self {
        case .constant, .boolConstant: return true
        default: return false
        }
    }

    /// The slots this expression reads directly.
    public func forEachSlot(_ body: (Int) -> Void) {
        switch unlocated {
        case .located: break
        case .constant, .boolConstant: break
        case .slot(let slot): body(slot)
        case .parameter: break
        case .call(_, let arguments):
            for argument in arguments { argument.forEachSlot(body) }
        case .negate(let operand), .not(let operand), .curve(_, let operand): operand.forEachSlot(body)
        case .arithmetic(_, let lhs, let rhs), .comparison(_, let lhs, let rhs),
             .boolEquality(_, let lhs, let rhs), .logical(_, let lhs, let rhs):
            lhs.forEachSlot(body)
            rhs.forEachSlot(body)
        case .conditional(let condition, let then, let otherwise):
            condition.forEachSlot(body)
            then.forEachSlot(body)
            otherwise.forEachSlot(body)
        case .builtin(_, let arguments):
            for argument in arguments { argument.forEachSlot(body) }
        case .keyframes(let keyframes):
            keyframes.driver.forEachSlot(body)
            for stop in keyframes.stops {
                stop.position.forEachSlot(body)
                stop.value.forEachSlot(body)
            }
        }
    }
}

/// `func name(parameters)[: type] = body`, checked: the body reads its parameters (`.parameter`) and
/// constants only, and is the same whatever units a call passes.
public struct CheckedFunction: Sendable {
    public struct Parameter: Sendable {
        public let name: String
        public let nameRange: SourceRange
        /// The annotated type; a parameter without one takes a number or a length (`.number` then).
        public let type: ValueType
        public let isAnnotated: Bool
        /// Declared a Float (`t: float`).
        public let isFloat: Bool
    }
    public let name: String
    public let nameRange: SourceRange
    public let parameters: [Parameter]
    /// The annotated type, else `.bool` for a bool body and `.number` for one that is a number or a length.
    public let resultType: ValueType
    /// The result is declared a Float (`: float pt`).
    public let resultIsFloat: Bool
    public let body: CheckedExpression
    public let documentation: String?
}

public enum ArithmeticOperator: String, Sendable {
    case add = "+", subtract = "-", multiply = "*", divide = "/"
}

public enum ComparisonOperator: String, Sendable {
    case less = "<", lessEqual = "<=", greater = ">", greaterEqual = ">=", equal = "==", notEqual = "!="
}

public enum LogicalOperator: String, Sendable {
    case and = "&&", or = "||"
}

/// A property that follows a driver through stops. Between two stops the value moves from one to the
/// other along the later stop's curve; before the first and after the last it is held, or extended along
/// the end segment when asked.
public struct CheckedKeyframes: Sendable {
    public struct Stop: Sendable {
        public let position: CheckedExpression
        public let value: CheckedExpression
        /// How the value arrives at this stop from the previous one.
        public let curve: SegmentCurve
        /// Where the stop is written.
        public let range: SourceRange
    }

    public let driver: CheckedExpression
    public let stops: [Stop]
    public let extendsBefore: Bool
    public let extendsAfter: Bool

    package init(driver: CheckedExpression, stops: [Stop], extendsBefore: Bool, extendsAfter: Bool) {
        self.driver = driver
        self.stops = stops
        self.extendsBefore = extendsBefore
        self.extendsAfter = extendsAfter
    }
}

public enum SegmentCurve: Sendable, Hashable {
    case curve(Curve)
    /// The previous stop's value is kept until this stop's position, then the value jumps.
    case hold
}
