import HeaderSource
import HeaderSyntax
import HeaderMath

/// Resolves names, checks types, orders the named values and folds constants, producing the `CheckedSpec`
/// that both the interpreter and the emitter consume. It reports every problem it finds into one
/// `Diagnostics`, and keeps going after an error without piling further errors on the same mistake.
///
/// One job a file: this one holds the state and the order of the passes; `Checker+Names` declares and
/// resolves names and orders named values, `Checker+Declarations` checks each kind of declaration,
/// `Checker+Expressions` types expressions, `Checker+Calls` checks calls and keyframes, and
/// `Checker+Curves` curves. The state is internal so that those files share it; the module calls only
/// `check(_:into:)`.
public struct Checker {
    /// What a name in an expression refers to.
    package enum Symbol {
        case offset
        case input(Int)
        case value(Int)
        case curve(Int)
        case state(Int)
        case function(Int)
    }

    /// A checked expression with its type. `flexible` marks a number made only of unit-less literals,
    /// which may stand where a length is expected (`max(0, -offset)`, `height = 190`).
    package struct Typed {
        package var expression: CheckedExpression
        package var type: ValueType
        var flexible: Bool = false
        /// A Float: a binary32 value, held as the Double it is exactly (Grammar.md, "Float").
        var binary32: Bool = false
    }

    package enum Progress { case unchecked, checking, failed, done(Typed) }

    package var diagnostics: Diagnostics
    /// Folds a lone constant expression by the lowered program's rules (see `Folding`).
    package let constantValue: ConstantFolder
    package var symbols: [String: (symbol: Symbol, range: SourceRange)] = [:]
    package var inputs: [InputDeclaration] = []
    package var values: [ValueDeclaration] = []
    package var curves: [CurveDeclaration] = []
    var stateDeclarations: [StateDeclaration] = []
    /// The transitions, by the index of the state whose slot each takes.
    var transitions: [Int: TransitionDeclaration] = [:]
    var valueProgress: [Progress] = []
    /// Inputs whose default did not check; their uses say nothing more, so one mistake gives one error.
    var failedInputs: Set<Int> = []
    var curveProgress: [Curve??] = []
    var curveChecking: Set<Int> = []
    /// The values being checked, innermost last, to name a cycle when one closes.
    var checkingStack: [Int] = []
    var orderedValues: [CheckedValue] = []
    /// Set while checking a state's initial value, bounds and update, which are evaluated before the named
    /// values that read states and so may read only those that do not; `delta` may be read in the update only.
    var stateContext: (name: String, allowsDelta: Bool)?
    /// Set while checking a snap's `rule`: the type of its `target` (a length, or the type of the state it
    /// moves), which with `velocity` it may read.
    var snapRuleTarget: ValueType?
    /// The name of the first snap of the scroll: the one the scroll comes to rest by, and so the one that may
    /// say how it moves there.
    var firstScrollSnap: String?
    /// Set just before checking an operand of a comparison (or an input's default): the only place a phase
    /// may stand. `check` takes it down as it starts, so that it holds for that operand alone.
    var phaseOperand = false
    /// What each named value reads of the scroll, once worked out (see `scrollReads(of:)`).
    var valueScrollReads: [Int: ScrollReads] = [:]
    /// Each state's type, once known: see `stateType`.
    var stateTypes: [Int: ValueType] = [:]
    /// The user's functions (see `Checker+Functions`).
    package var functions: [FunctionDeclaration] = []
    /// Each function's body, checked once it has been checked for a call (or on its own).
    var functionBodies: [CheckedExpression?] = []
    /// Each function's result for the parameter types of a call (see `FunctionInstance`); nil when it failed.
    var functionInstances: [FunctionInstance: Typed?] = [:]
    /// The functions whose bodies are being checked, innermost last, to name a recursion when one closes.
    var functionStack: [Int] = []
    /// While a function's body is checked: its parameters by name, as that call types them.
    var parameterScope: (function: Int, parameters: [String: Typed])?
    /// Each checked function's size once its calls are expanded, for `maximumExpandedSize`.
    var functionSizes: [Int: Int] = [:]
    var functionReturnsBool: Set<Int> = []

    /// Named values and curves are checked recursively through their uses; a chain longer than this is
    /// refused, so that no spec can exhaust the stack.
    static let maximumChainLength = 256
    /// `min` and `max` become a chain of pairs, one level deeper per argument.
    static let maximumArguments = 64

    private init(diagnostics: Diagnostics, constantValue: @escaping ConstantFolder) {
        self.diagnostics = diagnostics
        self.constantValue = constantValue
    }

    /// `constantValue` folds an expression of constants, or says it is not one (see `Folding`).
    public static func check(_ syntax: SpecSyntax, into diagnostics: inout Diagnostics,
                             constantValue: @escaping ConstantFolder) -> CheckedSpec? {
        var checker = Checker(diagnostics: diagnostics, constantValue: constantValue)
        let spec = checker.run(syntax)
        diagnostics = checker.diagnostics
        return diagnostics.hasErrors ? nil : spec
    }

    package func fold(_ expression: CheckedExpression) -> CheckedExpression {
        Folding.fold(expression, with: constantValue)
    }

    // The slot layout of `CheckedSpec`: offset, delta, then inputs, states and values.
    func inputSlot(_ index: Int) -> Int { 2 + index }
    func stateSlot(_ index: Int) -> Int { 2 + inputs.count + index }
    var firstValueSlot: Int { stateSlot(stateDeclarations.count) }

    private mutating func run(_ syntax: SpecSyntax) -> CheckedSpec? {
        declareSymbols(syntax)
        refusePhaseFunctions()
        var checkedInputs: [CheckedInput] = []
        for (index, input) in inputs.enumerated() {
            if let checked = checkInput(input, slot: inputSlot(index)) {
                checkedInputs.append(checked)
            } else {
                failedInputs.insert(index)
            }
        }
        for index in values.indices { _ = checkValue(index) }
        for index in curves.indices { _ = checkNamedCurve(index) }
        checkFunctionNames(syntax)
        let checkedStates = stateDeclarations.enumerated().compactMap { index, state in
            transitions[index].map { checkTransition($0, slot: stateSlot(index)) } ?? checkState(state, slot: stateSlot(index))
        }
        var blocks: [CheckedBlock] = []
        var blockDeclarations: [BlockDeclaration] = []
        var snaps: [CheckedSnap] = []
        var animations: [CheckedAnimation] = []
        var animationNames: [String: SourceRange] = [:]
        var blockNames: [String: SourceRange] = [:]
        // A snap of the scroll and a snap of a state share the names of the generated settle functions.
        var snapNames: [String: SourceRange] = [:]
        firstScrollSnap = syntax.declarations.lazy.compactMap { declaration -> String? in
            guard case .snap(let snap) = declaration, snap.stateKeyword == nil else { return nil }
            return snap.name.name
        }.first
        for declaration in syntax.declarations {
            switch declaration {
            case .block(let block):
                guard claim(block.name, "block", in: &blockNames) else { continue }
                blocks.append(checkBlock(block))
                blockDeclarations.append(block)
            case .snap(let snap):
                guard claim(snap.name, "snap", in: &snapNames) else { continue }
                snaps.append(checkSnap(snap))
            case .animation(let animation):
                guard claim(animation.name, "animation", in: &animationNames) else { continue }
                if let checked = checkAnimation(animation) { animations.append(checked) }
            default:
                break
            }
        }
        checkStructures(blockDeclarations, blocks: &blocks)
        checkUncalledFunctions()
        if blocks.isEmpty, !diagnostics.hasErrors {
            diagnostics.warning("the header has no blocks, so it has no outputs",
                                at: syntax.name?.range ?? SourceRange(0, 0))
        }
        var slotTypes = [ValueType](repeating: .length, count: firstValueSlot + values.count)
        for input in checkedInputs { slotTypes[input.slot] = input.type }
        for state in checkedStates { slotTypes[state.slot] = state.type }
        for value in orderedValues { slotTypes[value.slot] = value.type }
        var spec = CheckedSpec(name: syntax.name?.name ?? "Header", nameRange: syntax.name?.range ?? SourceRange(0, 0), inputs: checkedInputs, states: checkedStates,
                           values: orderedValues, blocks: blocks, snaps: snaps, animations: animations,
                           slotCount: firstValueSlot + values.count, slotTypes: slotTypes)
        spec.functions = checkedFunctions()
        return spec
    }
}

/// What an expression reads of the scroll, directly or through named values: whether it follows the
/// offset, and the first state it reads (for the messages of the rules that depend on it).
struct ScrollReads {
    var offset = false
    var state: String?
}
