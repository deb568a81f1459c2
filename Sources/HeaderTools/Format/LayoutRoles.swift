import HeaderSource
import HeaderSyntax
import HeaderMath
import HeaderIR
import HeaderEval
import HeaderCodeGen

/// What the formatter needs to know about each token that the tokens alone do not say, read off the parsed
/// spec: where statements start, which braces hold one item a line, and which `-`, `(` and `:` are which.
package struct LayoutRoles {
    /// Whether a line break goes before a token.
    package enum Break {
        /// As the source has it (inside expressions).
        case preserve
        /// Always: declarations, properties, `next`, the stops and points of a list laid out a line each,
        /// and the braces that close those.
        case always
        /// Never, unless a comment is in the way: an opening brace, and what closes a list written on one line.
        case never
    }

    private(set) var breaks: [Break]
    /// Declarations, properties, `next`, and the items of a list laid out a line each: what a line at
    /// the level of its braces starts with; any other line is a continuation, one level deeper.
    private(set) var startsStatement: [Bool]
    /// Prefix operators (`-`, `+`, `!`, `not`), and the signs of percentages (`-10%` in `linear()`), which
    /// are not operators: `- 10%` is no percentage.
    private(set) var prefixOperators: Set<Int> = []
    /// A `(` that opens a call's arguments (or `keyframes(`), written against what it follows.
    private(set) var callParentheses: Set<Int> = []
    private(set) var conditionalColons: Set<Int> = []
    /// A `-` inside a CSS step position such as `jump-end`, which the parser reads as a subtraction, and
    /// the `/` of the type `px/pt`.
    private(set) var tightOperators: Set<Int> = []

    private let tokens: [Token]
    private let source: SourceFile
    private var indexByStart: [Int: Int] = [:]
    private var indexByEnd: [Int: Int] = [:]

    package init(syntax: SpecSyntax, tokens: [Token], source: SourceFile) {
        self.tokens = tokens
        self.source = source
        breaks = Array(repeating: .preserve, count: tokens.count)
        startsStatement = Array(repeating: false, count: tokens.count)
        for (index, token) in tokens.enumerated() where token.kind != .endOfFile {
            indexByStart[token.range.start] = index
            indexByEnd[token.range.end] = index
        }
        // A sign before a number and `%` is a percentage's, wherever it is (the parser also takes, and
        // drops, positions after a keyframes driver, which the syntax tree does not hold): in a spec that
        // parses, no `-` or `+` that is an operator stands there.
        for index in tokens.indices.dropLast(2)
        where (tokens[index].kind == .punctuation(.minus) || tokens[index].kind == .punctuation(.plus))
            && tokens[index + 1].kind == .number && tokens[index + 2].kind == .punctuation(.percent) {
            prefixOperators.insert(index)
        }
        if let first = tokens.first, first.kind == .keyword(.header) { startsStatement[0] = true }
        if let last = tokens.indices.last { startsStatement[last] = true }
        for declaration in syntax.declarations { visit(declaration) }
        // A density's type, `: px/pt` or `: float px/pt`, is one word (a colon of a conditional is followed by
        // an expression).
        for index in tokens.indices.dropFirst().dropLast(2) {
            let afterFloat = index >= 2 && tokens[index - 1].kind == .identifier && tokens[index - 1].text == TypeAnnotation.floatWord
            let colon = afterFloat ? index - 2 : index - 1
            guard tokens[colon].kind == .punctuation(.colon), !conditionalColons.contains(colon),
                  tokens[index].kind == .identifier, tokens[index].text == "px",
                  tokens[index + 1].kind == .punctuation(.slash),
                  tokens[index + 2].kind == .identifier, tokens[index + 2].text == "pt" else { continue }
            tightOperators.insert(index + 1)
        }
    }

    // MARK: Declarations

    private mutating func visit(_ declaration: Declaration) {
        switch declaration {
        case .input(let input):
            statement(at: input.range.start)
            if let bounds = input.bounds {
                visit(bounds.low)
                visit(bounds.high)
            }
            visit(input.defaultValue)
        case .value(let value):
            statement(at: value.range.start)
            visit(value.value)
        case .curve(let curve):
            statement(at: curve.range.start)
            visit(curve.value)
        case .animation(let animation):
            statement(at: animation.range.start)
            visit(animation.value)
        case .function(let function):
            statement(at: function.range.start)
            // `func name(x, y)`: the parameters' parenthesis hugs the name, as a call's does.
            if let name = indexByStart[function.name.range.start], name + 1 < tokens.count { callParentheses.insert(name + 1) }
            visit(function.body)
        case .block(let block):
            statement(at: block.range.start)
            guard let name = indexByStart[block.name.range.start], let close = indexByEnd[block.range.end] else { return }
            var open = name + 1
            if let structure = block.structure {
                // `name: kind clause... {`: the clauses stay on the block's line, `padding(` hugs its word.
                for clause in structure.clauses {
                    switch clause.kind {
                    case .padding(let items):
                        if let word = indexByStart[clause.range.start] { callParentheses.insert(word + 1) }
                        items.forEach { visit($0.value) }
                    case .frame(let items):
                        if let word = indexByStart[clause.range.start] { callParentheses.insert(word + 1) }
                        items.forEach { visit($0.value) }
                    default: break
                    }
                }
                guard let brace = firstToken(atOrAfter: structure.range.end) else { return }
                open = brace
            }
            breaks[open] = .never
            for property in block.properties {
                statement(at: property.range.start)
                visit(property.value)
            }
            // `cover {}` stays on one line.
            let isEmpty = block.properties.isEmpty && !hasTrivia(between: open, and: close)
            breaks[close] = isEmpty ? .never : .always
        case .state(let state):
            statement(at: state.range.start)
            visit(state.initial)
            if let bounds = state.bounds {
                visit(bounds.low)
                visit(bounds.high)
            }
            visit(state.next)
            guard let open = firstToken(atOrAfter: (state.bounds?.high ?? state.initial).range.end),
                  let close = indexByEnd[state.range.end] else { return }
            breaks[open] = .never
            if open + 1 < close { statement(at: tokens[open + 1].range.start) }
            breaks[close] = .always
        case .transition(let transition):
            statement(at: transition.range.start)
            guard let name = indexByStart[transition.name.range.start], let close = indexByEnd[transition.range.end] else { return }
            breaks[name + 1] = .never
            // One clause a line: each starts at its word, the token before its expression.
            let clauses = [transition.on, transition.off, transition.duration, transition.curve, transition.reverse].compactMap { $0 }
            for clause in clauses {
                if let first = indexByStart[clause.range.start], first > 0 { statement(at: tokens[first - 1].range.start) }
                visit(clause)
            }
            breaks[close] = .always
        case .snap(let snap):
            statement(at: snap.range.start)
            guard let name = indexByStart[snap.name.range.start], let close = indexByEnd[snap.closingBrace.end] else { return }
            list(open: name + 1, close: close, items: snap.points.map(\.range.start))
            snap.points.forEach { visit($0) }
            // The rule's clauses follow the `}` on its line.
            for (_, range) in snap.rule.words {
                if let word = indexByStart[range.start] { breaks[word] = .never }
            }
            if let threshold = snap.rule.threshold { visit(threshold) }
            if let fling = snap.rule.fling { visit(fling) }
            if let rule = snap.rule.rule { visit(rule) }
            if let motion = snap.rule.motion { visit(motion) }
            if let duration = snap.rule.duration { visit(duration) }
        }
    }

    /// The braces of a snap's points or a keyframes' stops: one item a line, or all on one line, as written.
    private mutating func list(open: Int, close: Int, items: [Int]) {
        breaks[open] = .never
        let oneLine = !containsLineBreak(from: tokens[open].range.end, to: tokens[close].range.start)
        for item in items {
            if oneLine {
                if let index = indexByStart[item] { breaks[index] = .never }
            } else {
                statement(at: item)
            }
        }
        breaks[close] = oneLine ? .never : .always
    }

    // MARK: Expressions

    private mutating func visit(_ expression: Expression) {
        switch expression.kind {
        case .number, .bool, .name, .error:
            break
        case .unary(_, let operand):
            if let index = indexByStart[expression.range.start] { prefixOperators.insert(index) }
            visit(operand)
        case .binary(let op, let left, let right):
            // `jump-end` as written: two bare names around a `-` with no space on either side.
            if op == .subtract, let index = firstToken(atOrAfter: left.range.end), index > 0, index + 1 < tokens.count,
               case .name(let first) = left.kind, case .name(let second) = right.kind,
               StepPosition(rawValue: "\(first.name)-\(second.name)") != nil,
               tokens[index - 1].range == left.range, tokens[index + 1].range == right.range,
               left.range.end == tokens[index].range.start, tokens[index].range.end == right.range.start {
                tightOperators.insert(index)
            }
            visit(left)
            visit(right)
        case .conditional(let condition, let then, let otherwise):
            if let colon = firstToken(atOrAfter: then.range.end) { conditionalColons.insert(colon) }
            visit(condition)
            visit(then)
            visit(otherwise)
        case .call(let callee, let arguments):
            if let parenthesis = firstToken(atOrAfter: callee.range.end) { callParentheses.insert(parenthesis) }
            visit(callee)
            for argument in arguments {
                visit(argument.value)
                argument.positions.forEach { visit($0) }
            }
        case .keyframes(let driver, let options, let stops):
            visit(driver)
            for option in options { visit(option.value) }
            for stop in stops {
                visit(stop.position)
                visit(stop.value)
                if let curve = stop.curve { visit(curve) }
            }
            guard let keyword = indexByStart[expression.range.start], let close = indexByEnd[expression.range.end],
                  let closeParenthesis = matchingParenthesis(keyword + 1) else { return }
            callParentheses.insert(keyword + 1)
            list(open: closeParenthesis + 1, close: close, items: stops.map(\.range.start))
        }
    }

    // MARK: Tokens

    private mutating func statement(at offset: Int) {
        guard let index = indexByStart[offset] else { return }
        startsStatement[index] = true
        breaks[index] = .always
    }

    /// The first token starting at or after a byte offset: the operator after a left operand, the `(`
    /// after a callee.
    private func firstToken(atOrAfter offset: Int) -> Int? {
        var low = 0
        var high = tokens.count - 1
        while low < high {
            let middle = (low + high) / 2
            if tokens[middle].range.start < offset { low = middle + 1 } else { high = middle }
        }
        return tokens.indices.contains(low) && tokens[low].range.start >= offset ? low : nil
    }

    private func matchingParenthesis(_ open: Int) -> Int? {
        guard tokens.indices.contains(open), tokens[open].kind == .punctuation(.leftParen) else { return nil }
        var depth = 0
        for index in open..<tokens.count {
            switch tokens[index].kind {
            case .punctuation(.leftParen): depth += 1
            case .punctuation(.rightParen):
                depth -= 1
                if depth == 0 { return index }
            default: break
            }
        }
        return nil
    }

    private func hasTrivia(between open: Int, and close: Int) -> Bool {
        tokens[open].range.end != tokens[close].range.start
            && source.text(of: SourceRange(tokens[open].range.end, tokens[close].range.start))
                .contains { !$0.isWhitespace }
    }

    private func containsLineBreak(from start: Int, to end: Int) -> Bool {
        LineBreaks.count(in: source.bytes, from: start, to: end) > 0
    }
}
