import HeaderSource
import HeaderSyntax
import HeaderMath
import HeaderIR

/// Accumulates generated source with scoped indentation (four spaces a level).
package struct CodePrinter {
    package private(set) var text = ""
    private var level = 0

    package mutating func line(_ content: String = "") {
        text += content.isEmpty ? "\n" : String(repeating: "    ", count: level) + content + "\n"
    }

    /// A line already indented for the enum's body.
    package mutating func raw(_ content: String) {
        text += content.isEmpty ? "\n" : String(repeating: "    ", count: max(0, level - 1)) + content + "\n"
    }

    package mutating func lines(_ contents: [String]) {
        for content in contents { line(content) }
    }

    /// An empty printer at this one's indentation, for text that is placed after it is written.
    package func nested() -> CodePrinter {
        var printer = CodePrinter()
        printer.level = level
        return printer
    }

    /// Text from a nested printer, as it is.
    package mutating func append(_ nestedText: String) {
        text += nestedText
    }

    /// Whether `content` fits on one line at the current indentation.
    func fits(_ content: String) -> Bool {
        level * 4 + content.count <= CodePrinter.lineWidth
    }

    package static let lineWidth = 120

    package mutating func indent() { level += 1 }
    mutating func dedent() { level = max(0, level - 1) }

    package mutating func block(_ header: String, _ body: (inout CodePrinter) -> Void) {
        line(header + " {")
        indent()
        body(&self)
        dedent()
        line("}")
    }

    /// `opening`, then one argument a line, indented, with commas between, then `closing`: a call too
    /// long for one line.
    mutating func argumentsOneALine(_ opening: String, _ arguments: [String], _ closing: String) {
        line(opening)
        indent()
        for (index, argument) in arguments.enumerated() {
            line(argument + (index == arguments.count - 1 ? "" : ","))
        }
        dedent()
        line(closing)
    }

    /// A function whose body is `lines`, then `result`: `oneLine(result)` where there are no lines and it
    /// fits, else a block that returns the result (gives it, where the language lets a lone expression do so).
    /// A function without a result is a block of its lines and what `ending` adds.
    package mutating func function(_ signature: String, oneLine: (String) -> String, _ lines: [String], _ result: String?,
                                   implicitReturn: Bool = false, ending: ((inout CodePrinter) -> Void)? = nil) {
        if let result, lines.isEmpty, fits(oneLine(result)) {
            line(oneLine(result))
            return
        }
        block(signature) { printer in
            printer.lines(lines)
            if let result { printer.line(lines.isEmpty && implicitReturn ? result : "return " + result) }
            ending?(&printer)
        }
    }

    /// A doc comment from the spec, in `///` lines, or with `block`, as KDoc: `/** text */` for one line, else
    /// a `*` line each. Each line is cleaned so that nothing in it can end the comment.
    package mutating func documentation(_ documentation: String?, block: Bool = false) {
        guard let documentation, !documentation.isEmpty else { return }
        let lines = documentation.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r" })
            .map { block ? GeneratedText.blockCommentSafe(String($0)) : GeneratedText.commentSafe(String($0)) }
        guard block else { return self.lines(lines.map { $0.isEmpty ? "///" : "/// " + $0 }) }
        guard lines.count > 1 else { return line("/** \(lines[0]) */") }
        self.lines(["/**"] + lines.map { $0.isEmpty ? " *" : " * " + $0 } + [" */"])
    }
}
