import HeaderSource

/// What a block is on the screen (Grammar.md, "Structure"): the kind a block declares after its name,
/// `avatar: circle`. The raw values are the words of the language and the `kind` field of `layout --format json`.
public enum BlockKind: String, Sendable, Hashable, CaseIterable {
    /// A frame that holds other blocks and draws nothing itself: the header's own frame.
    case group
    /// An area that fills its container's width: an image, a gradient, a colour.
    case image
    /// A translucent veil that fills its container: a blur material, a scrim.
    case material
    /// A bar across the container's width, 44 pt tall unless it says otherwise.
    case bar
    /// A circle whose diameter is `size`.
    case circle
    /// A plain rectangle.
    case box
    /// A line of text, as wide as what it says: its `x` is its alignment point.
    case text
    /// The scrolling page under the header: `top` is where it starts in the page.
    case page

    /// Whether the kind fills its container's width unless its width is given.
    public var fillsWidth: Bool { ![.circle, .text].contains(self) }
}

/// A point of a rectangle, as SwiftUI's `Alignment` names them: where a block sits in its container
/// (`at bottomLeading`) and the point it scales about (`scale from bottomLeading`).
public enum LayoutAlignment: String, Sendable, Hashable, CaseIterable {
    case topLeading, top, topTrailing, leading, center, trailing, bottomLeading, bottom, bottomTrailing

    /// 0 for the leading side, 0.5 for the centre, 1 for the trailing side.
    public var horizontalFraction: Double {
        switch self {
        case .topLeading, .leading, .bottomLeading: return 0
        case .top, .center, .bottom: return 0.5
        case .topTrailing, .trailing, .bottomTrailing: return 1
        }
    }

    /// 0 for the top, 0.5 for the centre, 1 for the bottom.
    public var verticalFraction: Double {
        switch self {
        case .topLeading, .top, .topTrailing: return 0
        case .leading, .center, .trailing: return 0.5
        case .bottomLeading, .bottom, .bottomTrailing: return 1
        }
    }

    /// The word `layout --format json` gives a line of text's alignment point: `leading`, `center` or `trailing`.
    public var horizontalWord: String {
        switch horizontalFraction {
        case 0: return "leading"
        case 1: return "trailing"
        default: return "center"
        }
    }
}

/// An edge of a rectangle: for paddings and for `center on`.
public enum LayoutEdge: String, Sendable, Hashable, CaseIterable {
    case top, bottom, leading, trailing

    public var isVertical: Bool { self == .top || self == .bottom }
}

/// A length the layout reads that no scroll moves: a constant plus inputs, each times a factor
/// (`padding(top: 260pt + safeAreaTop)`), in points.
public struct LayoutLength: Sendable, Hashable {
    public struct Term: Sendable, Hashable {
        /// The input's index in the program's inputs.
        public var input: Int
        public var factor: Double

        public init(input: Int, factor: Double) {
            self.input = input
            self.factor = factor
        }
    }

    public var constant: Double
    public var terms: [Term]

    public init(_ constant: Double, terms: [Term] = []) {
        self.constant = constant
        self.terms = terms
    }

    public var isZero: Bool { constant == 0 && terms.isEmpty }
}

/// The space a padding leaves inside a container, in points, as `padding(leading: 20pt, bottom: 10pt)` gives it.
public struct LayoutInsets: Sendable, Hashable {
    public var top = LayoutLength(0), bottom = LayoutLength(0), leading = LayoutLength(0), trailing = LayoutLength(0)

    public init() {}

    public subscript(edge: LayoutEdge) -> LayoutLength {
        get {
            switch edge {
            case .top: return top
            case .bottom: return bottom
            case .leading: return leading
            case .trailing: return trailing
            }
        }
        set {
            switch edge {
            case .top: top = newValue
            case .bottom: bottom = newValue
            case .leading: leading = newValue
            case .trailing: trailing = newValue
            }
        }
    }
}

/// A block's structure with its names resolved and its constants folded: what the layout model reads
/// (`HeaderTools/Layout`). Block references are indices into the program's blocks.
public struct BlockStructure: Sendable, Hashable {
    /// Stacked against another block's edge, as a `VStack` stacks: `above b` puts its bottom on b's top.
    public enum Stacking: Sendable, Hashable {
        case above(Int), below(Int)

        public var block: Int {
            switch self {
            case .above(let block), .below(let block): return block
            }
        }
    }

    /// Side by side with another block, as an `HStack` sets them: `after b` puts its leading edge on b's
    /// trailing edge.
    public enum Beside: Sendable, Hashable {
        case after(Int), before(Int)

        public var block: Int {
            switch self {
            case .after(let block), .before(let block): return block
            }
        }
    }

    public enum Clip: Sendable, Hashable {
        /// `clipped`: drawn only inside its own frame.
        case own
        /// `clipped to b`: drawn only inside what shows of block b.
        case block(Int)
    }

    public var kind: BlockKind
    /// `in b`: the block whose frame it is placed in; nil for the header's own frame (the screen).
    public var container: Int?
    /// `at`: the point of its frame put on the same point of its container's (inside the padding).
    public var alignment: LayoutAlignment = .top
    public var stacking: Stacking?
    public var beside: Beside?
    public var padding = LayoutInsets()
    /// `frame(width: ..., height: ...)`: a constant size, where no property gives one.
    public var frameWidth: Double?
    public var frameHeight: Double?
    /// `center on bottom`: the edges of its container (inside the padding) that its centre sits on, in
    /// place of its own edge: SwiftUI's `alignmentGuide(.bottom) { $0[VerticalAlignment.center] }`.
    public var centeredOn: Set<LayoutEdge> = []
    public var clip: Clip?
    /// `scale from`: the point `scale` scales about.
    public var scaleAnchor: LayoutAlignment = .center
    /// `behind b`: drawn just under block b, where declaration order would draw it over.
    public var behind: Int?

    public init(kind: BlockKind) {
        self.kind = kind
    }

    /// The blocks it is placed against: its container and the block it stacks on.
    public var placedAgainst: [Int] {
        [container, stacking?.block, beside?.block].compactMap { $0 }
    }
}

/// `name: kind clause... {`: a block's structure as written, before names are resolved.
public struct BlockStructureSyntax: Sendable {
    public struct Clause: Sendable {
        public enum Kind: Sendable {
            case container(Identifier)
            case alignment(LayoutAlignment)
            case above(Identifier), below(Identifier)
            case behind(Identifier)
            case after(Identifier), before(Identifier)
            case padding([(edge: String, range: SourceRange, value: Expression)])
            case frame([(dimension: String, range: SourceRange, value: Expression)])
            case centerOn(LayoutEdge)
            case clipped(to: Identifier?)
            case scaleFrom(LayoutAlignment)
        }
        public let kind: Kind
        /// The clause's first word, for diagnostics about it (`at`, `padding`...).
        public let word: String
        public let range: SourceRange
    }

    /// The kind's word as written, which the checker resolves (`BlockKind`), and where it stands.
    public let kind: Identifier
    public let clauses: [Clause]
    public let range: SourceRange
}

extension BlockStructureSyntax {
    /// The first word of each clause after a block's kind: these are names elsewhere.
    public static let clauseWords: Set<String> = ["in", "at", "above", "below", "after", "before", "behind", "padding", "frame", "center", "clipped", "scale"]
    /// The sides a padding can name: an edge, or two or four of them at once.
    public static let paddingEdges: [String: [LayoutEdge]] = [
        "top": [.top], "bottom": [.bottom], "leading": [.leading], "trailing": [.trailing],
        "horizontal": [.leading, .trailing], "vertical": [.top, .bottom], "all": LayoutEdge.allCases,
    ]
}

extension BlockKind {
    /// The properties the layout model reads (Grammar.md, "Structure"): where a block sits, how big it is,
    /// how it moves and scales, and how it is styled. Other properties are outputs only.
    public static let layoutProperties: Set<String> = [
        "top", "leading", "width", "height", "size", "offsetX", "offsetY", "scale", "scaleX", "scaleY",
        "opacity", "blur", "cornerRadius", "fontSize", "visible", "hidden", "scrimOpacity",
    ]

    /// Why a layout property makes no sense for this kind, or nil where it does.
    public func refusal(of property: String) -> String? {
        switch (self, property) {
        case (.page, "width"), (.page, "leading"), (.page, "size"), (.page, "scale"), (.page, "scaleX"), (.page, "scaleY"),
             (.page, "blur"), (.page, "cornerRadius"), (.page, "scrimOpacity"):
            return "the page scrolls under the header at its container's full width; it has 'top', 'height', offsets and 'opacity'"
        case (.text, "fontSize"): return nil
        case (_, "fontSize"): return "only a line of text has a font size"
        case (.text, "width"): return "a line of text is as wide as what it says; place it with 'at' and 'padding'"
        case (.circle, "width"), (.circle, "height"): return "a circle's diameter is its 'size'"
        case (.circle, "size"), (.box, "size"): return nil
        case (_, "size"): return "'size' is a circle's diameter or a square box's side; give 'height' (and 'width')"
        case (.text, "cornerRadius"), (.circle, "cornerRadius"): return "a \(rawValue == "text" ? "line of text" : "circle") has no corners"
        case (.text, "scrimOpacity"), (.circle, "scrimOpacity"), (.material, "scrimOpacity"):
            return "a scrim veils an area (an image, a group, a bar or a box); a material's own strength is its 'opacity'"
        default: return nil
        }
    }
}
