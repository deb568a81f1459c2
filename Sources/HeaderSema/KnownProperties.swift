import HeaderSource
import HeaderSyntax
import HeaderMath

/// The properties the checker knows, with their types, so that a misspelt one is caught. A property whose
/// last word is a known one (`scrimOpacity`, `backdropHeight`) takes that type; any other name needs an
/// explicit type: `drift: pt = ...`.
public enum KnownProperties {
    public static let types: [String: ValueType] = [
        "height": .length, "width": .length, "size": .length, "top": .length, "bottom": .length,
        "leading": .length, "trailing": .length, "padding": .length, "spacing": .length,
        "offsetX": .length, "offsetY": .length, "x": .length, "y": .length,
        "minHeight": .length, "maxHeight": .length, "minWidth": .length, "maxWidth": .length,
        "cornerRadius": .length, "blur": .length, "fontSize": .length, "lineWidth": .length,
        "shadowRadius": .length, "inset": .length, "radius": .length,
        "scale": .number, "scaleX": .number, "scaleY": .number, "opacity": .number, "rotation": .number,
        "progress": .number, "brightness": .number, "saturation": .number, "zIndex": .number,
        "visible": .bool, "hidden": .bool, "interactive": .bool, "accessibilityHidden": .bool,
    ]

    /// The type of a property named `name`, from the name itself or from its last camel-case word.
    public static func type(of name: String) -> ValueType? {
        if let type = types[name] { return type }
        guard let lastUpper = name.lastIndex(where: \.isUppercase), lastUpper != name.startIndex else { return nil }
        let word = name[lastUpper...]
        let lowered = word.prefix(1).lowercased() + word.dropFirst()
        return types[lowered]
    }
}
