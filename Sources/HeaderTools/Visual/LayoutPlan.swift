import HeaderSyntax
import HeaderCodeGen

/// One number of a frame's layout, as an expression of the frame's outputs. `HeaderLayout` writes the
/// layout of a spec's blocks once, as these; `layout` and the filmstrip evaluate them compiled
/// (`CompiledLayout`), and the preview page runs them printed as JavaScript (`LayoutPlan.javaScript`), so
/// all draw by one definition. Every operation
/// is one that Swift and JavaScript do alike on doubles (`maximum` and `minimum` are Swift's `max` and
/// `min`, written out in the page), so the page's geometry is the filmstrip's, to the bit.
package indirect enum LayoutExpression: Hashable {
    case constant(Double)
    case offset
    /// An input's value, by its index in the program's inputs (`LayoutPlan.inputNames`); 0 where it is no finite number.
    case input(Int)
    case canvasHeight
    /// The screen's width: `layout --width`, the preview's phone, the web element's own width.
    case canvasWidth
    /// An earlier register of the plan.
    case register(Int)
    /// The block's property where it holds a finite number, else `otherwise`.
    case property(block: Int, key: String, otherwise: LayoutExpression)
    /// 1 where one of the block's properties holds a finite number, else 0.
    case hasProperty(block: Int, keys: [String])
    /// 1 where the block's property is the bool `value`, else 0.
    case flag(block: Int, key: String, value: Bool)
    case add(LayoutExpression, LayoutExpression)
    case subtract(LayoutExpression, LayoutExpression)
    case multiply(LayoutExpression, LayoutExpression)
    case divide(LayoutExpression, LayoutExpression)
    /// Swift's `max(a, b)`: `b >= a ? b : a`.
    case maximum(LayoutExpression, LayoutExpression)
    /// Swift's `min(a, b)`: `b < a ? b : a`.
    case minimum(LayoutExpression, LayoutExpression)
    /// `then` where `condition` is not 0, else `otherwise`.
    case select(LayoutExpression, then: LayoutExpression, otherwise: LayoutExpression)
    /// 1 where `a < b`, else 0 (so 0 where either is NaN).
    case less(LayoutExpression, LayoutExpression)
    /// 1 where `a <= b`, else 0.
    case lessOrEqual(LayoutExpression, LayoutExpression)
    /// 1 where the box meets what shows of a layer drawn at or after `from` (`LayoutPlan.shownRects`),
    /// edges that only touch aside, else 0.
    case overlapsShown(x0: LayoutExpression, y0: LayoutExpression, x1: LayoutExpression, y1: LayoutExpression, from: Int)
}

extension LayoutExpression {
    /// The expression with each operation on constants done: Swift's arithmetic on doubles is the page's.
    package var folded: LayoutExpression {
        func fold(_ a: LayoutExpression, _ b: LayoutExpression, _ make: (LayoutExpression, LayoutExpression) -> LayoutExpression,
                  _ operation: (Double, Double) -> Double) -> LayoutExpression {
            let (a, b) = (a.folded, b.folded)
            if case .constant(let x) = a, case .constant(let y) = b { return .constant(operation(x, y)) }
            return make(a, b)
        }
        switch self {
        // `x × 1` and `x - (+0)` are `x` for every double, NaN, infinities and -0 included.
        case .multiply(let a, .constant(1)), .multiply(.constant(1), let a): return a.folded
        case .subtract(let a, .constant(let zero)) where zero.bitPattern == 0: return a.folded
        case .constant, .offset, .canvasHeight, .canvasWidth, .register, .hasProperty, .flag, .input: return self
        case .property(let block, let key, let otherwise): return .property(block: block, key: key, otherwise: otherwise.folded)
        case .add(let a, let b): return fold(a, b, LayoutExpression.add, +)
        case .subtract(let a, let b): return fold(a, b, LayoutExpression.subtract, -)
        case .multiply(let a, let b): return fold(a, b, LayoutExpression.multiply, *)
        case .divide(let a, let b): return fold(a, b, LayoutExpression.divide, /)
        case .maximum(let a, let b): return fold(a, b, LayoutExpression.maximum) { Swift.max($0, $1) }
        case .minimum(let a, let b): return fold(a, b, LayoutExpression.minimum) { Swift.min($0, $1) }
        case .select(let condition, let then, let otherwise):
            let condition = condition.folded
            if case .constant(let value) = condition { return value != 0 ? then.folded : otherwise.folded }
            return .select(condition, then: then.folded, otherwise: otherwise.folded)
        case .less(let a, let b): return fold(a, b, LayoutExpression.less) { $0 < $1 ? 1 : 0 }
        case .lessOrEqual(let a, let b): return fold(a, b, LayoutExpression.lessOrEqual) { $0 <= $1 ? 1 : 0 }
        case .overlapsShown(let x0, let y0, let x1, let y1, let from):
            return .overlapsShown(x0: x0.folded, y0: y0.folded, x1: x1.folded, y1: y1.folded, from: from)
        }
    }
}

/// A spec's layout: registers computed in order (each may read the ones before), and the layers, in the
/// order they are drawn, each field an expression of the registers and the outputs.
package struct LayoutPlan {
    package struct Layer {
        package var block: String
        package var kind: BlockKind
        package var x, y, width, height: LayoutExpression
        /// A line of text: its width is what it says, and `x` its alignment point (`alignX`).
        package var widthFromContent: Bool
        package var alignX: String?
        package var opacity, blur, cornerRadius, fontSize, hidden, scrimOpacity: LayoutExpression
        /// The rectangle the layer is drawn within, where it is clipped.
        package var clip: ClipRect?
        /// 1 where the block's name is written on the layer, and the top of its box.
        var showsLabel: LayoutExpression = .constant(0)
        var labelY: LayoutExpression = .constant(0)
    }

    package struct ClipRect {
        package var x, y, width, height: LayoutExpression
    }

    /// What shows of a layer: `shown` 1 where anything does, within x0...x1 and y0...y1.
    package struct Rect {
        package var shown, x0, y0, x1, y1: LayoutExpression
    }

    /// The blocks the plan reads, by index, in declaration order.
    package var blockNames: [String] = []
    /// The inputs the plan reads (`.input`), by index.
    package var inputNames: [String] = []
    package var registers: [LayoutExpression] = []
    package var layers: [Layer] = []
    /// What shows of each layer, in drawing order, for `overlapsShown`; complete once the first
    /// `shownRectsReady` registers are computed.
    var shownRects: [Rect] = []
    var shownRectsReady = 0

    private var registerOf: [LayoutExpression: Int] = [:]

    /// A value the plan computes once and reads where needed: an operation on constants is done here (the
    /// same operation on the same doubles as the page would do), a leaf is read where it stands, and the
    /// same expression twice is one register.
    package mutating func kept(_ expression: LayoutExpression) -> LayoutExpression {
        let expression = expression.folded
        switch expression {
        case .constant, .offset, .canvasHeight, .canvasWidth, .register, .input: return expression
        default:
            if let index = registerOf[expression] { return .register(index) }
            registers.append(expression)
            registerOf[expression] = registers.count - 1
            return .register(registers.count - 1)
        }
    }

    // MARK: JavaScript

    /// `function layoutLayers(blocks, offset, inputs)`, for the preview page: `blocks` is the frame's outputs
    /// grouped by block (`[{ name, properties }]`), `inputs` the inputs by name; the canvas is `layoutHeight` tall. It returns the layers
    /// as `evaluate` does, with `hidden` and `showsLabel` 1 or 0, `clip` only where the layer is clipped, and
    /// `widthFromContent` and `alignX` for a line of text.
    package func javaScript() -> String {
        func block(_ index: Int) -> String {
            "P[\(JavaScriptNames.string(blockNames.indices.contains(index) ? blockNames[index] : ""))]"
        }
        func text(_ expression: LayoutExpression) -> String {
            switch expression {
            case .constant(let number): return JavaScriptNames.literal(number)
            case .offset: return "offset"
            case .canvasHeight: return "layoutHeight"
            case .canvasWidth: return "layoutWidth"
            case .input(let index):
                return "layoutInput(inputs, \(JavaScriptNames.string(inputNames.indices.contains(index) ? inputNames[index] : "")))"
            case .register(let index): return "r\(index)"
            case .property(let index, let key, let otherwise):
                return "layoutNumber(\(block(index)), \(JavaScriptNames.string(key)), \(text(otherwise)))"
            case .hasProperty(let index, let keys):
                return "layoutHas(\(block(index)), [\(keys.map(JavaScriptNames.string).joined(separator: ", "))])"
            case .flag(let index, let key, let expected):
                return "layoutFlag(\(block(index)), \(JavaScriptNames.string(key)), \(expected))"
            case .add(let a, let b): return "(\(text(a)) + \(text(b)))"
            case .subtract(let a, let b): return "(\(text(a)) - \(text(b)))"
            case .multiply(let a, let b): return "(\(text(a)) * \(text(b)))"
            case .divide(let a, let b): return "(\(text(a)) / \(text(b)))"
            case .maximum(let a, let b): return "layoutMax(\(text(a)), \(text(b)))"
            case .minimum(let a, let b): return "layoutMin(\(text(a)), \(text(b)))"
            case .select(let condition, let then, let otherwise): return "(\(text(condition)) !== 0 ? \(text(then)) : \(text(otherwise)))"
            case .less(let a, let b): return "(\(text(a)) < \(text(b)) ? 1 : 0)"
            case .lessOrEqual(let a, let b): return "(\(text(a)) <= \(text(b)) ? 1 : 0)"
            case .overlapsShown(let x0, let y0, let x1, let y1, let from):
                return "layoutOverlaps(\(text(x0)), \(text(y0)), \(text(x1)), \(text(y1)), shown, \(from))"
            }
        }
        func shownRectsLine() -> String {
            "  const shown = [" + shownRects.map { rect in
                "[" + [rect.shown, rect.x0, rect.y0, rect.x1, rect.y1].map(text).joined(separator: ", ") + "]"
            }.joined(separator: ", ") + "];"
        }
        var lines = [
            "const layoutNumber = (p, key, otherwise) => p !== undefined && typeof p[key] === \"number\" && Number.isFinite(p[key]) ? p[key] : otherwise;",
            "const layoutHas = (p, keys) => keys.some((key) => layoutNumber(p, key, null) !== null) ? 1 : 0;",
            "const layoutFlag = (p, key, value) => p !== undefined && p[key] === value ? 1 : 0;",
            "const layoutMax = (a, b) => b >= a ? b : a;",
            "const layoutInput = (inputs, name) => typeof inputs[name] === \"number\" && Number.isFinite(inputs[name]) ? inputs[name] : 0;",
            "const layoutMin = (a, b) => b < a ? b : a;",
            "function layoutOverlaps(x0, y0, x1, y1, rects, from) {",
            "  for (let i = from; i < rects.length; i++) {",
            "    const [shown, a0, b0, a1, b1] = rects[i];",
            "    if (shown !== 0 && a0 < x1 && x0 < a1 && b0 < y1 && y0 < b1) return 1;",
            "  }",
            "  return 0;",
            "}",
            "function layoutLayers(blocks, offset, inputs) {",
            "  const P = Object.create(null);",
            "  for (const { name, properties } of blocks) P[name] = properties;",
        ]
        for (index, register) in registers.enumerated() {
            if index == shownRectsReady { lines.append(shownRectsLine()) }
            lines.append("  const r\(index) = \(text(register));")
        }
        if shownRectsReady >= registers.count { lines.append(shownRectsLine()) }
        lines.append("  return [")
        for layer in layers {
            var fields = [
                "block: \(JavaScriptNames.string(layer.block))", "kind: \"\(layer.kind.rawValue)\"",
                "x: \(text(layer.x))", "y: \(text(layer.y))", "width: \(text(layer.width))", "height: \(text(layer.height))",
                "opacity: \(text(layer.opacity))", "blur: \(text(layer.blur))", "cornerRadius: \(text(layer.cornerRadius))",
                "fontSize: \(text(layer.fontSize))", "hidden: \(text(layer.hidden))", "scrimOpacity: \(text(layer.scrimOpacity))",
            ]
            fields += ["showsLabel: \(text(layer.showsLabel))", "labelY: \(text(layer.labelY))"]
            if layer.widthFromContent { fields.append("widthFromContent: true, alignX: \"\(layer.alignX ?? "leading")\"") }
            if let clip = layer.clip {
                fields.append("clip: { x: \(text(clip.x)), y: \(text(clip.y)), width: \(text(clip.width)), height: \(text(clip.height)) }")
            }
            lines.append("    { \(fields.joined(separator: ", ")) },")
        }
        lines.append("  ];")
        lines.append("}")
        return lines.joined(separator: "\n")
    }
}
