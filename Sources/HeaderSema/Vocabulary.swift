import HeaderSource
import HeaderSyntax
import HeaderMath

/// The words of the language by kind, for editors: `Editors/header.tmLanguage.json` highlights each, and
/// `EditorGrammarTests` checks that it does. The lists come from the tables the lexer, checker and curves
/// use where there is one (keywords, built-ins, presets, step positions, types); the words that the
/// checker reads in one place only are listed here, and the tests check that the checker takes each.
public enum Vocabulary {
    /// The lexer's keywords.
    public static let keywords: [String] = Keyword.allCases.map(\.rawValue)
    /// Names that are there without being declared.
    public static let predefinedNames = ["offset", "delta"]
    /// Words that mean something in one place only: `in` and `next` in a state, `extend` in keyframes,
    /// `threshold`, `ties`, `fling` and `rule` after a snap's points, and `transition` with its clauses.
    public static let contextualKeywords = ["in", "next", "extend", "threshold", "ties", "fling", "rule",
                                            "transition", "on", "off", "duration", "reverse", "motion"]
    /// Names that a snap's `rule` reads (where the gesture would end, and its speed), hiding any declaration
    /// of the same name there; names like any other elsewhere.
    public static let ruleNames = ["target", "velocity"]
    /// `extend: before | after | both | none`, `via hold`, and `ties up | down`.
    public static let contextualConstants = ["before", "after", "both", "none", "hold", "up", "down"]
    public static let types: [String] = ValueType.allCases.map(\.rawValue)
    public static let floatWord = TypeAnnotation.floatWord
    /// The scroll's phases, the values of a `phase` input, where no declaration hides them.
    public static let phases: [String] = ScrollPhase.allCases.map(\.name)
    public static let builtins: [String] = Builtin.allCases.map(\.rawValue)
    public static let curvePresets: [String] = Curve.presets.map(\.name)
    public static let curveConstructors = ["cubicBezier", "steps", "linear", "spring"]
    /// CSS spellings, their camel-case forms, and the aliases `start` and `end`.
    public static let stepPositions: [String] = StepPosition.allCases.flatMap { [$0.rawValue, Curve.camelCase($0.rawValue)] }
        + ["start", "end"]
    /// The labels of `spring(...)`.
    public static let springLabels = ["duration", "bounce", "response", "dampingFraction"]
    /// What a block is (`avatar: circle`), the clauses that place it, the points it aligns and scales by,
    /// and the edges of `center on` and `padding(...)` (Grammar.md, "Structure").
    public static let blockKinds: [String] = BlockKind.allCases.map(\.rawValue)
    public static let structureClauses: [String] = BlockStructureSyntax.clauseWords.sorted()
    public static let alignments: [String] = LayoutAlignment.allCases.map(\.rawValue)
    public static let paddingSides: [String] = BlockStructureSyntax.paddingEdges.keys.sorted()
}
