import HeaderSource

/// A recursive-descent parser for `.header` specs. Each parse function opens with its production from
/// Grammar.md. On an error it reports, skips to the start of the next declaration or property
/// (panic mode), and goes on, so one run reports every error in a file.
public struct Parser {
    /// Deeper expressions are refused, so that no later recursive pass can exhaust the stack.
    public static let maximumDepth = 200
    /// A flat chain (`a + b + c + ...`) is not nesting, but every later pass recurses through its length:
    /// a longer one is refused.
    public static let maximumHeight = 10_000

    private let source: SourceFile
    /// Where tokens come from when the parser reads them as it goes: the whole list of a large spec is
    /// never held at once, so parsing works within the processor's caches. Nil when given all tokens.
    private var lexer: Lexer?
    /// The tokens read and still needed: `window[0]` is token number `windowStart`. It holds the previous
    /// token and looks ahead as far as `peek` does.
    private var window: [Token]
    private var windowStart = 0
    /// The number of the current token.
    private var index = 0
    private var diagnostics: Diagnostics
    /// The position of the last error, so that one bad token yields one message, not a cascade.
    private var lastErrorAt = -1
    /// Set when a too-deep expression was skipped; errors are muted until the next declaration or property.
    private var isRecoveringFromDeepExpression = false

    /// The farthest `peek` looks past the current token.
    private static let lookahead = 3

    private init(source: SourceFile, lexer: Lexer?, tokens: [Token], diagnostics: Diagnostics) {
        self.source = source
        self.lexer = lexer
        self.window = tokens
        self.diagnostics = diagnostics
        fillWindow()
    }

    public static func parse(_ source: SourceFile, into diagnostics: inout Diagnostics) -> SpecSyntax {
        Lexer.reportInvalidUTF8(in: source, into: &diagnostics)
        var parser = Parser(source: source, lexer: Lexer(source: source), tokens: [], diagnostics: diagnostics)
        let spec = parser.parseSpec()
        diagnostics = parser.diagnostics
        return spec
    }

    /// Parses tokens the caller has lexed already (the formatter, which asks the lexer for comments too).
    public static func parse(_ source: SourceFile, tokens: [Token], into diagnostics: inout Diagnostics) -> SpecSyntax {
        var tokens = tokens
        if tokens.last?.kind != .endOfFile {
            let end = source.bytes.count
            tokens.append(Token(kind: .endOfFile, range: SourceRange(end, end), startsLine: true, spaceBefore: true, spaceAfter: true))
        }
        var parser = Parser(source: source, lexer: nil, tokens: tokens, diagnostics: diagnostics)
        let spec = parser.parseSpec()
        diagnostics = parser.diagnostics
        return spec
    }

    // MARK: Declarations

    /// spec = "header" identifier { declaration }
    private mutating func parseSpec() -> SpecSyntax {
        var name: Identifier?
        if current.kind == .keyword(.header) {
            advance()
            name = expectIdentifier("the header's name after 'header'")
        } else {
            error("a spec starts with 'header Name'", at: current.range)
        }
        var declarations: [Declaration] = []
        while current.kind != .endOfFile {
            let before = index
            if let declaration = parseDeclaration() {
                declarations.append(declaration)
            }
            if index == before { advance() }
        }
        return SpecSyntax(name: name, declarations: declarations)
    }

    /// declaration = input | let | curve | state | snap | animation | function | block
    /// input       = "input" identifier [ ":" type ] [ "in" expression "..." expression ] "=" expression
    /// let         = "let" identifier [ ":" type ] "=" expression
    /// curve       = "curve" identifier "=" curve-expression
    /// animation   = "animation" identifier "=" curve-expression
    private mutating func parseDeclaration() -> Declaration? {
        isRecoveringFromDeepExpression = false
        let start = current
        if case .keyword = current.kind, peek(1).kind == .punctuation(.leftBrace) || startsStructuredBlock()
            || (peek(1).kind == .punctuation(.colon) && peek(2).kind == .punctuation(.leftBrace)) {
            // Any word can name a block, `header { height = ... }` and `header: group {` included.
            return parseBlock()
        }
        switch current.kind {
        case .keyword(.input):
            advance()
            guard let name = expectIdentifier("an input's name after 'input'") else { return recoverAtTopLevel() }
            let type = parseOptionalType()
            var bounds: (Expression, Expression)?
            if current.kind == .identifier, current.text == "in" {
                advance()
                let low = parseExpression()
                guard expect(.dotDotDot, "'...' between the bounds of input '\(name.name)'") else { return recoverAtTopLevel() }
                bounds = (low, parseExpression())
            }
            guard expect(.equal, "'=' and a default value after input '\(name.name)'") else { return recoverAtTopLevel() }
            let value = parseExpression()
            return .input(InputDeclaration(name: name, type: type, bounds: bounds, defaultValue: value, documentation: start.documentation,
                                           range: start.range.union(value.range)))
        case .keyword(.let):
            advance()
            guard let name = expectIdentifier("a name after 'let'") else { return recoverAtTopLevel() }
            let type = parseOptionalType()
            guard expect(.equal, "'=' after 'let \(name.name)'") else { return recoverAtTopLevel() }
            let value = parseExpression()
            return .value(ValueDeclaration(name: name, type: type, value: value, documentation: start.documentation,
                                           range: start.range.union(value.range)))
        case .keyword(.curve):
            advance()
            guard let name = expectIdentifier("a name after 'curve'") else { return recoverAtTopLevel() }
            guard expect(.equal, "'=' after 'curve \(name.name)'") else { return recoverAtTopLevel() }
            let value = parseExpression()
            return .curve(CurveDeclaration(name: name, value: value, documentation: start.documentation,
                                           range: start.range.union(value.range)))
        case .keyword(.animation):
            advance()
            guard let name = expectIdentifier("a name after 'animation'") else { return recoverAtTopLevel() }
            guard expect(.equal, "'=' and a spring after 'animation \(name.name)'") else { return recoverAtTopLevel() }
            let value = parseExpression()
            return .animation(AnimationDeclaration(name: name, value: value, documentation: start.documentation,
                                                   range: start.range.union(value.range)))
        case .keyword(.state):
            return parseState()
        case .keyword(.snap):
            return parseSnap()
        case .keyword(.func):
            return parseFunction()
        case .identifier where current.text == "transition" && peek(1).kind == .identifier && peek(2).kind == .punctuation(.leftBrace):
            return parseTransition()
        case .identifier:
            return parseBlock()
        case .keyword(.header):
            error("a spec has one 'header' line, at the top", at: current.range)
            advance()
            _ = expectIdentifier("a name")
            return nil
        default:
            error("expected a declaration ('input', 'let', 'func', 'curve', 'state', 'snap', 'animation' or a block such as 'cover {'), found \(current.kind)",
                  at: current.range)
            return recoverAtTopLevel()
        }
    }

    /// state = "state" identifier [ ":" type ] "=" expression [ "in" expression "..." expression ] "{" "next" "=" expression "}"
    private mutating func parseState() -> Declaration? {
        let start = current
        advance()
        guard let name = expectIdentifier("a name after 'state'") else { return recoverAtTopLevel() }
        let type = parseOptionalType()
        guard expect(.equal, "'=' and an initial value after 'state \(name.name)'") else { return recoverAtTopLevel() }
        let initial = parseExpression()
        var bounds: (Expression, Expression)?
        if current.kind == .identifier, current.text == "in" {
            advance()
            let low = parseExpression()
            guard expect(.dotDotDot, "'...' between the bounds of state '\(name.name)'") else { return recoverAtTopLevel() }
            let high = parseExpression()
            bounds = (low, high)
        }
        guard expect(.leftBrace, "'{ next = ... }' after state '\(name.name)'") else { return recoverAtTopLevel() }
        let openBrace = previous
        guard current.kind == .identifier, current.text == "next" else {
            error("expected 'next = expression' in state '\(name.name)'", at: current.range)
            skipToClosingBrace()
            return nil
        }
        advance()
        guard expect(.equal, "'=' after 'next'") else { skipToClosingBrace(); return nil }
        let next = parseExpression()
        let end = current
        if !expectClosing(.rightBrace, opening: openBrace) { skipToClosingBrace() }
        return .state(StateDeclaration(name: name, type: type, initial: initial, bounds: bounds, next: next,
                                       documentation: start.documentation, range: start.range.union(end.range)))
    }

    /// transition = "transition" identifier "{" transition-clause { transition-clause } "}"
    /// transition-clause = ( "on" | "off" | "duration" | "curve" | "reverse" ) expression
    private mutating func parseTransition() -> Declaration? {
        let start = current
        advance()
        guard let name = expectIdentifier("a name after 'transition'") else { return recoverAtTopLevel() }
        guard expect(.leftBrace, "'{' and the transition's clauses after 'transition \(name.name)'") else { return recoverAtTopLevel() }
        let openBrace = previous
        var clauses: [String: Expression] = [:]
        while current.kind != .punctuation(.rightBrace), current.kind != .endOfFile {
            let word = current
            // `curve` is a keyword elsewhere; here it is a clause like the others.
            let text = word.kind == .keyword(.curve) ? "curve" : word.kind == .identifier ? word.text : ""
            guard Self.transitionClauseWords.contains(text) else {
                error("expected a clause of transition '\(name.name)' ('on', 'off', 'duration', 'curve' or 'reverse'), found \(word.kind)",
                      at: word.range)
                skipToClosingBrace()
                return nil
            }
            advance()
            if clauses[text] != nil { error("transition '\(name.name)' has two '\(text)' clauses", at: word.range) }
            clauses[text] = parseExpression()
        }
        let end = current
        if !expectClosing(.rightBrace, opening: openBrace) { skipToClosingBrace() }
        guard let on = clauses["on"] else {
            error("transition '\(name.name)' needs an 'on' clause: the condition that sets it off, as in 'on offset > 100pt'",
                  at: name.range)
            return nil
        }
        return .transition(TransitionDeclaration(name: name, on: on, off: clauses["off"], duration: clauses["duration"],
                                                 curve: clauses["curve"], reverse: clauses["reverse"],
                                                 documentation: start.documentation, range: start.range.union(end.range)))
    }

    static let transitionClauseWords: Set<String> = ["on", "off", "duration", "curve", "reverse"]

    /// function  = "func" identifier "(" [ parameter { "," parameter } [ "," ] ] ")" [ ":" type ] "=" expression
    /// parameter = identifier [ ":" type ]
    private mutating func parseFunction() -> Declaration? {
        let start = current
        advance()
        guard let name = expectIdentifier("a function's name after 'func'") else { return recoverAtTopLevel() }
        guard expect(.leftParen, "'(' and the parameters after 'func \(name.name)'") else { return recoverAtTopLevel() }
        let openParen = previous
        var parameters: [FunctionDeclaration.Parameter] = []
        while current.kind != .punctuation(.rightParen) {
            guard let parameter = expectIdentifier("a parameter's name in 'func \(name.name)(...)'") else { return recoverAtTopLevel() }
            parameters.append(.init(name: parameter, type: parseOptionalType()))
            guard current.kind == .punctuation(.comma) else { break }
            advance()
        }
        guard expectClosing(.rightParen, opening: openParen) else { return recoverAtTopLevel() }
        let resultType = parseOptionalType()
        guard expect(.equal, "'=' and the function's expression after 'func \(name.name)(...)'") else { return recoverAtTopLevel() }
        let body = parseExpression()
        return .function(FunctionDeclaration(name: name, parameters: parameters, resultType: resultType, body: body,
                                             documentation: start.documentation, range: start.range.union(body.range)))
    }

    /// snap = "snap" [ "state" ] identifier "{" expression { [ "," ] expression } "}" { snap-clause }
    /// snap-clause = "threshold" expression | "ties" ( "up" | "down" ) | "fling" expression | "rule" expression
    ///             | "motion" curve-expression | "duration" expression
    private mutating func parseSnap() -> Declaration? {
        let start = current
        advance()
        var stateKeyword: SourceRange?
        if current.kind == .keyword(.state) {
            stateKeyword = current.range
            advance()
        }
        guard let name = expectIdentifier(stateKeyword == nil ? "a name after 'snap'" : "the name of the state after 'snap state'") else {
            return recoverAtTopLevel()
        }
        guard expect(.leftBrace, "'{' and the snap points after 'snap \(name.name)'") else { return recoverAtTopLevel() }
        let openBrace = previous
        var points: [Expression] = []
        while current.kind != .punctuation(.rightBrace), current.kind != .endOfFile {
            let before = index
            points.append(parseExpression())
            if current.kind == .punctuation(.comma) { advance() }
            if index == before { advance() }
        }
        let closingBrace = current.range
        var end = current.range
        _ = expectClosing(.rightBrace, opening: openBrace)
        var rule = SnapRule()
        // A clause's word is a name elsewhere: here it is one only when no `{` follows, which would make it a block.
        while current.kind == .identifier, Self.snapClauseWords.contains(current.text), peek(1).kind != .punctuation(.leftBrace) {
            let word = current
            advance()
            if rule.words.contains(where: { $0.word == word.text }) {
                error("snap '\(name.name)' has two '\(word.text)' clauses", at: word.range)
            }
            rule.words.append((word.text, word.range))
            switch word.text {
            case "ties":
                guard current.kind == .identifier, let ties = SnapRule.Ties(rawValue: current.text) else {
                    error("expected 'up' or 'down' after 'ties', found \(current.kind == .identifier ? "'\(current.text)'" : current.kind.description)",
                          at: current.range)
                    return recoverAtTopLevel()
                }
                rule.ties = (ties, current.range)
                end = current.range
                advance()
            default:
                let value = parseExpression()
                switch word.text {
                case "threshold": rule.threshold = value
                case "rule": rule.rule = value
                case "motion": rule.motion = value
                case "duration": rule.duration = value
                default: rule.fling = value
                }
                end = value.range
            }
        }
        return .snap(SnapDeclaration(name: name, stateKeyword: stateKeyword, points: points, rule: rule, closingBrace: closingBrace,
                                     documentation: start.documentation, range: start.range.union(end)))
    }

    static let snapClauseWords: Set<String> = ["threshold", "ties", "fling", "rule", "motion", "duration"]

    /// block = name [ ":" kind { clause } ] "{" { property } "}"
    /// name  = identifier | keyword
    private mutating func parseBlock() -> Declaration? {
        let start = current
        let name = Identifier(name: current.text, range: current.range)
        advance()
        var structure: BlockStructureSyntax?
        if current.kind == .punctuation(.colon) {
            advance()
            guard let parsed = parseStructure(of: name) else { return recoverAtTopLevel() }
            structure = parsed
        }
        guard current.kind == .punctuation(.leftBrace) else {
            if current.kind == .punctuation(.equal) {
                error("a named value is declared with 'let': 'let \(name.name) = ...'", at: name.range)
            } else {
                error("expected '{' after block name '\(name.name)', found \(current.kind)", at: current.range)
            }
            return recoverAtTopLevel()
        }
        let openBrace = current
        advance()
        var properties: [PropertyDeclaration] = []
        var previousProperty: PropertyDeclaration?
        while current.kind != .punctuation(.rightBrace), current.kind != .endOfFile {
            if current.startsLine, isDeclarationKeyword(current.kind),
               peek(1).kind != .punctuation(.equal), peek(1).kind != .punctuation(.colon) {
                // A declaration keyword at the start of a line most likely means the '}' was forgotten.
                break
            }
            if current.startsLine, current.kind == .identifier, peek(1).kind == .punctuation(.leftBrace) || startsStructuredBlock() {
                // `avatar {` at the start of a line is the next block: no property is followed by `{`.
                let line = source.location(of: openBrace.range.start).line
                error("expected '}' to close block '\(name.name)' (its '{' is at line \(line)) before block '\(current.text)'",
                      at: missingTokenRange, notes: [Diagnostic.Note(message: "'{' of block '\(name.name)' opened here", range: openBrace.range)])
                return .block(BlockDeclaration(name: name, properties: properties, documentation: start.documentation,
                                               range: start.range.union(previous.range), structure: structure))
            }
            let before = index
            if let previous = previousProperty, !current.startsLine, !startsProperty(),
               case .name(let name) = previous.value.kind, name.name == "if" {
                // `opacity = if offset > 0 { 1 } else { 0 }`, as Swift writes it: a name `if` and then more.
                error("there is no 'if' in an expression: write 'condition ? value : otherwise', as in 'offset > 0 ? 1 : 0'",
                      at: name.range)
                // The property is dropped: its value is not the name `if`.
                if properties.last?.range == previous.range { properties.removeLast() }
                skipRestOfLineWithItsBraces()
                previousProperty = nil
                continue
            }
            if let previous = previousProperty, !current.startsLine, !startsProperty() {
                // `top = 1pt x }`: the value of `top` is over, and what follows on its line is no property.
                error("unexpected \(spelled(current)) after the value of property '\(previous.name.name)'", at: current.range)
                skipToNextLineInBlock()
                previousProperty = nil
                continue
            }
            previousProperty = parseProperty()
            if let property = previousProperty { properties.append(property) }
            if index == before { advance() }
        }
        let end = current
        _ = expectClosing(.rightBrace, opening: openBrace)
        return .block(BlockDeclaration(name: name, properties: properties, documentation: start.documentation,
                                       range: start.range.union(end.range), structure: structure))
    }

    /// Whether the current token starts `name: kind`, a block that declares its structure: a property's
    /// type after its colon is `pt`, `px`, `number`, `bool` or `phase`, never a kind, and is followed by `=`.
    private func startsStructuredBlock() -> Bool {
        guard current.kind == .identifier || current.kind.isKeyword, peek(1).kind == .punctuation(.colon),
              peek(2).kind == .identifier, ValueType(rawValue: peek(2).text) == nil, peek(2).text != "px", peek(2).text != TypeAnnotation.floatWord else { return false }
        return peek(3).kind != .punctuation(.equal) && peek(3).kind != .punctuation(.slash)
    }

    /// kind   = identifier (the checker resolves it: group, image, material, bar, circle, box, text, page)
    /// clause = "in" name | "at" alignment | "above" name | "below" name | "after" name | "before" name | "behind" name | "center" "on" edge
    ///        | "padding" "(" side ":" expression { "," side ":" expression } ")"
    ///        | "frame" "(" ("width" | "height") ":" expression { "," ... } ")"
    ///        | "clipped" [ "to" name ] | "scale" "from" alignment
    private mutating func parseStructure(of block: Identifier) -> BlockStructureSyntax? {
        guard current.kind == .identifier else {
            error("expected what block '\(block.name)' is after ':', one of \(BlockKind.allCases.map(\.rawValue).joined(separator: ", ")); found \(current.kind)",
                  at: current.range)
            return nil
        }
        let kind = Identifier(name: current.text, range: current.range)
        advance()
        var clauses: [BlockStructureSyntax.Clause] = []
        while current.kind != .punctuation(.leftBrace), current.kind != .endOfFile {
            let word = current
            guard word.kind == .identifier, BlockStructureSyntax.clauseWords.contains(word.text) else {
                let words = BlockStructureSyntax.clauseWords.sorted().map { "'\($0)'" }.joined(separator: ", ")
                error("expected a clause of block '\(block.name)' (\(words)) or '{', found \(spelled(word))", at: word.range)
                return nil
            }
            advance()
            func name(_ what: String) -> Identifier? {
                guard current.kind == .identifier || current.kind.isKeyword else {
                    error("expected \(what) after '\(word.text)', found \(current.kind)", at: current.range)
                    return nil
                }
                defer { advance() }
                return Identifier(name: current.text, range: current.range)
            }
            func alignment() -> LayoutAlignment? {
                let names = LayoutAlignment.allCases.map(\.rawValue).joined(separator: ", ")
                guard current.kind == .identifier, let alignment = LayoutAlignment(rawValue: current.text) else {
                    error("expected an alignment after '\(word.text)' (\(names)), found \(spelled(current))", at: current.range)
                    return nil
                }
                advance()
                return alignment
            }
            func labelled(_ labels: Set<String>) -> [(String, SourceRange, Expression)]? {
                guard let open = current.kind == .punctuation(.leftParen) ? current : nil else {
                    error("expected '(' after '\(word.text)', as in '\(word.text)(\(labels.sorted()[0]): 20pt)'", at: missingTokenRange)
                    return nil
                }
                advance()
                var items: [(String, SourceRange, Expression)] = []
                while current.kind != .punctuation(.rightParen), current.kind != .endOfFile {
                    guard current.kind == .identifier, labels.contains(current.text), peek(1).kind == .punctuation(.colon) else {
                        let names = labels.sorted().map { "'\($0):'" }.joined(separator: ", ")
                        error("expected one of \(names) in '\(word.text)(...)', found \(spelled(current))", at: current.range)
                        return nil
                    }
                    let label = current
                    advance()
                    advance()
                    items.append((label.text, label.range, parseExpression()))
                    guard current.kind == .punctuation(.comma) else { break }
                    advance()
                }
                guard expectClosing(.rightParen, opening: open) else { return nil }
                return items
            }
            let clause: BlockStructureSyntax.Clause.Kind
            switch word.text {
            case "in":
                guard let container = name("the name of the block it sits in") else { return nil }
                clause = .container(container)
            case "above", "below":
                guard let other = name("the name of the block it stacks on") else { return nil }
                clause = word.text == "above" ? .above(other) : .below(other)
            case "after", "before":
                guard let other = name("the name of the block it sits beside") else { return nil }
                clause = word.text == "after" ? .after(other) : .before(other)
            case "behind":
                guard let other = name("the name of the block it is drawn under") else { return nil }
                clause = .behind(other)
            case "at":
                guard let alignment = alignment() else { return nil }
                clause = .alignment(alignment)
            case "scale":
                guard current.kind == .identifier, current.text == "from" else {
                    error("expected 'from' and the point it scales about after 'scale', as in 'scale from bottomLeading'", at: current.range)
                    return nil
                }
                advance()
                guard let alignment = alignment() else { return nil }
                clause = .scaleFrom(alignment)
            case "center":
                let edges = LayoutEdge.allCases.map(\.rawValue).joined(separator: ", ")
                guard current.kind == .identifier, current.text == "on" else {
                    error("expected 'on' and an edge after 'center', as in 'center on bottom'", at: current.range)
                    return nil
                }
                advance()
                guard current.kind == .identifier, let edge = LayoutEdge(rawValue: current.text) else {
                    error("expected an edge after 'center on' (\(edges)), found \(spelled(current))", at: current.range)
                    return nil
                }
                advance()
                clause = .centerOn(edge)
            case "clipped":
                if current.kind == .identifier, current.text == "to" {
                    advance()
                    guard let other = name("the name of the block it is clipped to") else { return nil }
                    clause = .clipped(to: other)
                } else {
                    clause = .clipped(to: nil)
                }
            case "padding":
                guard let items = labelled(Set(BlockStructureSyntax.paddingEdges.keys)) else { return nil }
                clause = .padding(items.map { (edge: $0.0, range: $0.1, value: $0.2) })
            default:
                guard let items = labelled(["width", "height"]) else { return nil }
                clause = .frame(items.map { (dimension: $0.0, range: $0.1, value: $0.2) })
            }
            clauses.append(BlockStructureSyntax.Clause(kind: clause, word: word.text, range: word.range.union(previous.range)))
        }
        return BlockStructureSyntax(kind: kind, clauses: clauses, range: kind.range.union(previous.range))
    }

    private func isDeclarationKeyword(_ kind: Token.Kind) -> Bool {
        switch kind {
        case .keyword(.input), .keyword(.let), .keyword(.curve), .keyword(.state), .keyword(.snap), .keyword(.header),
             .keyword(.animation), .keyword(.func): return true
        default: return false
        }
    }

    /// Whether the current token starts `name =` or `name:`, a property (a keyword can name one).
    private func startsProperty() -> Bool {
        guard current.kind == .identifier || current.kind.isKeyword else { return false }
        return peek(1).kind == .punctuation(.equal) || peek(1).kind == .punctuation(.colon)
    }

    /// A token as a message quotes it: a name or number as written, anything else by its kind.
    private func spelled(_ token: Token) -> String {
        switch token.kind {
        case .identifier, .number: return "'\(source.text(of: token.range))'"
        default: return token.kind.description
        }
    }

    /// property = name [ ":" type ] "=" expression
    private mutating func parseProperty() -> PropertyDeclaration? {
        isRecoveringFromDeepExpression = false
        let start = current
        let isName = current.kind == .identifier || startsProperty()
        guard isName else {
            error("expected a property such as 'height = ...', found \(current.kind)", at: current.range)
            skipToNextLineInBlock()
            return nil
        }
        let name = Identifier(name: current.text, range: current.range)
        advance()
        let type = parseOptionalType()
        guard expect(.equal, "'=' after property '\(name.name)'") else {
            skipToNextLineInBlock()
            return nil
        }
        let value = parseExpression()
        return PropertyDeclaration(name: name, type: type, value: value, documentation: start.documentation,
                                   range: start.range.union(value.range))
    }

    /// type = "pt" | "px" | "px" "/" "pt" | "ms" | "number" | "bool" | "phase" | "float" [ "pt" | "px" | "px" "/" "pt" | "number" ]
    private mutating func parseOptionalType() -> TypeAnnotation? {
        guard current.kind == .punctuation(.colon) else { return nil }
        advance()
        var floatWord: SourceRange?
        if current.kind == .identifier, current.text == TypeAnnotation.floatWord {
            floatWord = current.range
            advance()
        }
        let token = current
        guard token.kind == .identifier, let type = ValueType(rawValue: token.text) else {
            // `float` alone is a number in binary32.
            if let floatWord { return TypeAnnotation(type: .number, isFloat: true, range: floatWord) }
            // `opacity: 1`, as CSS and Swift's labels write it: here a value comes after '='.
            let habit = token.kind == .number || token.kind == .punctuation(.minus) || token.kind == .keyword(.true)
                || token.kind == .keyword(.false)
            let hint = habit ? "; a value is set with '=', as in 'opacity = 1' (':' gives a type: 'opacity: number = 1')" : ""
            error("expected a type ('pt', 'px', 'px/pt', 'ms', 'number', 'bool', 'phase' or 'float'), found \(token.kind)\(hint)", at: token.range)
            return nil
        }
        if floatWord != nil, type != .number, type != .length, type != .pixels {
            error("a \(type.displayName) has no 'float' form: 'float' goes before 'pt', 'px', 'px/pt' or nothing (a number)", at: token.range)
            advance()
            return nil
        }
        var end = token.range
        advance()
        var written = type
        // A density is pixels per point: `px/pt`, three tokens.
        if type == .pixels, current.kind == .punctuation(.slash), peek(1).kind == .identifier, peek(1).text == "pt" {
            advance()
            end = current.range
            advance()
            written = .density
        }
        return TypeAnnotation(type: written, isFloat: floatWord != nil, range: (floatWord ?? token.range).union(end))
    }

    // MARK: Expressions

    private enum Precedence: Int, Comparable {
        case or = 1, and, comparison, additive, multiplicative
        static func < (lhs: Precedence, rhs: Precedence) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The binary operators, one table driving one precedence-climbing loop.
    private func binaryOperator(_ token: Token) -> (BinaryOperator, Precedence)? {
        switch token.kind {
        case .keyword(.or), .punctuation(.pipePipe): return (.or, .or)
        case .keyword(.and), .punctuation(.ampAmp): return (.and, .and)
        case .punctuation(.less): return (.less, .comparison)
        case .punctuation(.lessEqual): return (.lessEqual, .comparison)
        case .punctuation(.greater): return (.greater, .comparison)
        case .punctuation(.greaterEqual): return (.greaterEqual, .comparison)
        case .punctuation(.equalEqual): return (.equal, .comparison)
        case .punctuation(.bangEqual): return (.notEqual, .comparison)
        case .punctuation(.plus), .punctuation(.minus):
            // As in Swift, `a -b` and `a +b` are two expressions: a space before the sign and none after
            // makes it a prefix.
            if token.spaceBefore && !token.spaceAfter { return nil }
            return token.kind == .punctuation(.plus) ? (.add, .additive) : (.subtract, .additive)
        case .punctuation(.star): return (.multiply, .multiplicative)
        case .punctuation(.slash): return (.divide, .multiplicative)
        default: return nil
        }
    }

    /// expression = or [ "?" expression ":" expression ]
    public mutating func parseExpression() -> Expression {
        let condition = parseBinary(above: nil)
        guard current.kind == .punctuation(.question) else { return condition }
        let question = current
        advance()
        depth += 1
        defer { depth -= 1 }
        if depth > Parser.maximumDepth { return refuseDeepExpression(at: question, insideBracket: false) }
        let then = parseExpression()
        guard expect(.colon, "':' and the value when the condition is false") else { return node(.error, condition.range) }
        let otherwise = parseExpression()
        return node(.conditional(condition, then, otherwise), condition.range.union(otherwise.range))
    }

    /// or             = and { ( "or" | "||" ) and }
    /// and            = comparison { ( "and" | "&&" ) comparison }
    /// comparison     = additive [ ( "<" | "<=" | ">" | ">=" | "==" | "!=" ) additive ]
    /// additive       = multiplicative { ( "+" | "-" ) multiplicative }
    /// multiplicative = unary { ( "*" | "/" ) unary }
    /// One loop by precedence climbing stands for these five levels; a comparison does not chain.
    private mutating func parseBinary(above minimum: Precedence?) -> Expression {
        var left = parseUnary()
        while let (op, precedence) = binaryOperator(current), minimum.map({ precedence > $0 }) ?? true {
            advance()
            let right = precedence == .comparison ? parseBinary(above: .comparison) : parseBinary(above: precedence)
            left = node(.binary(op, left, right), left.range.union(right.range))
            if precedence == .comparison, let (next, nextPrecedence) = binaryOperator(current), nextPrecedence == .comparison {
                error("comparisons do not chain: write 'a \(op.rawValue) b and b \(next.rawValue) c'", at: current.range)
                advance()
                _ = parseBinary(above: .comparison)
            }
        }
        return left
    }

    /// unary = ( "-" | "+" | "not" | "!" ) unary | postfix
    private mutating func parseUnary() -> Expression {
        let token = current
        let op: UnaryOperator?
        switch token.kind {
        case .punctuation(.minus): op = .negate
        case .punctuation(.plus): op = .plus
        case .keyword(.not), .punctuation(.bang): op = .not
        default: op = nil
        }
        guard let op else { return parsePostfix() }
        advance()
        depth += 1
        defer { depth -= 1 }
        if depth > Parser.maximumDepth { return refuseDeepExpression(at: token, insideBracket: false) }
        let operand = parseUnary()
        return node(.unary(op, operand), token.range.union(operand.range))
    }

    private var depth = 0

    /// postfix = primary { "(" [ argument { "," argument } ] ")" }
    private mutating func parsePostfix() -> Expression {
        var expression = parsePrimary()
        if current.kind == .punctuation(.dot) { return refuseMemberAccess(expression) }
        // A call's '(' must be on the callee's line, so a parenthesised expression on the next line starts anew.
        while current.kind == .punctuation(.leftParen), !current.startsLine {
            let open = current
            advance()
            let (arguments, isComplete) = parseArguments(closing: open)
            let end = previous.range
            // A list cut short by an error is not checked: its missing arguments would be a second error.
            guard isComplete else {
                expression = Expression(.error, expression.range.union(end))
                continue
            }
            expression = node(.call(callee: expression, arguments: arguments), expression.range.union(end))
        }
        return expression
    }

    /// `banner.height`: there is no member access, and a block's properties are outputs that no expression
    /// reads. Said once for the whole `a.b.c`, with the way to share a value.
    private mutating func refuseMemberAccess(_ base: Expression) -> Expression {
        var range = base.range
        var members: [String] = []
        while current.kind == .punctuation(.dot) {
            advance()
            guard !current.startsLine, current.kind == .identifier || current.kind.isKeyword else { break }
            members.append(current.text)
            range = range.union(current.range)
            advance()
        }
        let written = source.text(of: range)
        var hint = ""
        if case .name(let block) = base.kind, let member = members.last {
            let name = block.name + member.prefix(1).uppercased() + member.dropFirst()
            hint = " ('let \(name) = ...') and use '\(name)'"
        }
        error("'\(written)': an expression cannot read a block's property; declare the value with 'let'\(hint) wherever it is needed",
              at: range)
        return Expression(.error, range)
    }

    /// argument = [ identifier ":" ] ( expression { position } | position { position } expression )
    /// position = [ "+" | "-" ] number "%"
    ///
    /// Whether the list was read to its `)`: false after an error that cut it short.
    private mutating func parseArguments(closing open: Token) -> (arguments: [Argument], isComplete: Bool) {
        depth += 1
        defer { depth -= 1 }
        if depth > Parser.maximumDepth {
            _ = refuseDeepExpression(at: open, insideBracket: true)
            return ([], false)
        }
        var arguments: [Argument] = []
        if current.kind == .punctuation(.rightParen) {
            advance()
            return (arguments, true)
        }
        while true {
            var label: Identifier?
            if current.kind == .identifier, peek(1).kind == .punctuation(.colon) {
                label = Identifier(name: current.text, range: current.range)
                advance()
                advance()
            }
            // CSS takes a linear() stop's positions before its value as well as after: `50% 0.5`.
            var positions = parsePositions()
            let positionsFirst = !positions.isEmpty
            let value = parseExpression()
            let after = parsePositions()
            if positionsFirst, let stray = after.first {
                error("a stop's positions go together, before or after its value", at: stray.range)
            }
            positions += after
            arguments.append(Argument(label: label, value: value, positions: positions))
            if current.kind == .punctuation(.comma) {
                advance()
                continue
            }
            if !expectClosing(.rightParen, opening: open) {
                skipPast(.rightParen)
                return (arguments, false)
            }
            return (arguments, true)
        }
    }

    /// { position }: percentages such as `75%`, `-10%` or `+10%` (the sign against the number, as in CSS),
    /// each as a fraction.
    private mutating func parsePositions() -> [Expression] {
        var positions: [Expression] = []
        while true {
            var sign = 1.0
            var ahead = 0
            if current.kind == .punctuation(.minus) || current.kind == .punctuation(.plus), !current.spaceAfter {
                sign = current.kind == .punctuation(.minus) ? -1 : 1
                ahead = 1
            }
            guard peek(ahead).kind == .number, peek(ahead + 1).kind == .punctuation(.percent) else { return positions }
            let start = current
            for _ in 0..<ahead { advance() }
            let number = current
            advance()
            let percent = current
            advance()
            positions.append(Expression(.number(sign * number.number / 100, unit: .number, isInteger: false),
                                        start.range.union(percent.range)))
        }
    }

    /// primary = number | "true" | "false" | identifier | "(" expression ")" | keyframes
    private mutating func parsePrimary() -> Expression {
        let token = current
        switch token.kind {
        case .number:
            advance()
            let isInteger = token.text.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
            return Expression(.number(token.number, unit: token.unit, isInteger: isInteger), token.range)
        case .keyword(.true), .keyword(.false):
            advance()
            return Expression(.bool(token.kind == .keyword(.true)), token.range)
        case .identifier:
            advance()
            return Expression(.name(Identifier(name: token.text, range: token.range)), token.range)
        case .punctuation(.leftParen):
            advance()
            depth += 1
            defer { depth -= 1 }
            if depth > Parser.maximumDepth { return refuseDeepExpression(at: token, insideBracket: true) }
            let inner = parseExpression()
            if !expectClosing(.rightParen, opening: token) { skipPast(.rightParen) }
            return Expression(inner.kind, token.range.union(previous.range), depth: inner.depth,
                              nesting: inner.nesting)
        case .keyword(.keyframes):
            return parseKeyframes()
        case .invalid:
            advance()
            return Expression(.error, token.range)
        default:
            error("expected a value, found \(token.kind)", at: token.range)
            return Expression(.error, token.range)
        }
    }

    /// keyframes = "keyframes" "(" expression [ "," "extend" ":" ( "before" | "after" | "both" | "none" ) ] ")"
    ///             "{" { stop [ "," ] } "}"
    /// stop      = expression ":" expression [ "via" ( curve-expression | "hold" ) ]
    /// The parser reads any labelled arguments after the driver and any expression after `via`; the checker
    /// takes `extend` only, and a curve or `hold`, naming what it found otherwise.
    private mutating func parseKeyframes() -> Expression {
        let start = current
        advance()
        guard current.kind == .punctuation(.leftParen) else {
            error("expected '(' and the driver after 'keyframes', as in 'keyframes(offset) { 0: 1, 100: 0 }'", at: current.range)
            return Expression(.error, start.range)
        }
        let open = current
        advance()
        let (arguments, isComplete) = parseArguments(closing: open)
        // After an error in the arguments, the stops are still read (so that their braces do not confuse
        // the block around them), but the keyframes are not checked.
        guard current.kind == .punctuation(.leftBrace) else {
            if isComplete { error("expected '{' and the stops after 'keyframes(...)'", at: current.range) }
            return Expression(.error, start.range)
        }
        let openBrace = current
        advance()
        depth += 1
        defer { depth -= 1 }
        if depth > Parser.maximumDepth { return refuseDeepExpression(at: openBrace, insideBracket: true) }
        var stops: [KeyframeStop] = []
        var stopsFailed = false
        while current.kind != .punctuation(.rightBrace), current.kind != .endOfFile {
            let before = index
            let position = parseExpression()
            if current.kind == .punctuation(.percent) {
                // CSS's `0%` and `100%`: here a stop is where the driver is, a number or a length.
                error("a stop's position is where the driver is, a number or a length, not a percentage: write '0:' and '1:' for a progress from 0 to 1, or lengths such as '120pt:'",
                      at: position.range.union(current.range))
                advance()
                if current.kind == .punctuation(.colon) { advance() }
                _ = parseExpression()
                stopsFailed = true
                if current.kind == .punctuation(.comma) { advance() }
                continue
            }
            guard expect(.colon, "':' between a stop's position and its value") else {
                stopsFailed = true
                skipToNextLineInBlock()
                if index == before { advance() }
                continue
            }
            let value = parseExpression()
            var curve: Expression?
            if current.kind == .keyword(.via) {
                advance()
                curve = parseExpression()
            }
            stops.append(KeyframeStop(position: position, value: value, curve: curve,
                                      range: position.range.union(curve?.range ?? value.range)))
            if current.kind == .punctuation(.comma) { advance() }
            if index == before { advance() }
        }
        let end = current
        _ = expectClosing(.rightBrace, opening: openBrace)
        // A stop that could not be read is reported already: the keyframes are not checked without it.
        guard isComplete, !stopsFailed else { return Expression(.error, start.range.union(end.range)) }
        guard let driver = arguments.first else {
            error("'keyframes' needs a driver, as in 'keyframes(offset)'", at: open.range)
            return Expression(.error, start.range.union(end.range))
        }
        // A label or a percentage on the driver would otherwise be read past and dropped.
        if driver.label != nil || !driver.positions.isEmpty {
            error("the driver of 'keyframes' is an expression alone, as in 'keyframes(offset)': no label and no percentage",
                  at: driver.range)
            return Expression(.error, start.range.union(end.range))
        }
        return node(.keyframes(driver: driver.value, options: Array(arguments.dropFirst()), stops: stops),
                    start.range.union(end.range))
    }

    // MARK: Helpers

    /// Builds a node unless it would be nested more than `maximumDepth` levels, or the tree would be higher
    /// than `maximumHeight`. A binary operator's left operand is not nested in it, so a flat chain
    /// `a + b + c + ...` is not refused as nesting; its length is bounded by the height.
    private mutating func node(_ kind: Expression.Kind, _ range: SourceRange) -> Expression {
        let children = kind.children
        let depth = 1 + (children.map(\.depth).max() ?? 0)
        let nesting: Int
        if case .binary(_, let lhs, let rhs) = kind {
            nesting = max(lhs.nesting, rhs.nesting + 1)
        } else {
            nesting = 1 + (children.map(\.nesting).max() ?? 0)
        }
        guard nesting <= Parser.maximumDepth, depth <= Parser.maximumHeight else {
            // Above a refused expression the error has been reported once already.
            if children.contains(where: { if case .error = $0.kind { return true } else { return false } }) {
                return Expression(.error, range)
            }
            if nesting > Parser.maximumDepth {
                error("expression is too deeply nested (more than \(Parser.maximumDepth) levels)", at: range)
            } else {
                error("expression is too long (more than \(Parser.maximumHeight) operations, each applied to the result of the one before)",
                      at: range)
            }
            return Expression(.error, range)
        }
        return Expression(kind, range, depth: depth, nesting: nesting)
    }

    /// Skips the rest of a too-deep expression without recursing. Inside a bracket it skips through the
    /// matching closer; otherwise to the end of the line, or to a closer that belongs to an outer construct.
    private mutating func refuseDeepExpression(at token: Token, insideBracket: Bool) -> Expression {
        error("expression is too deeply nested (more than \(Parser.maximumDepth) levels)", at: token.range)
        // What the enclosing levels find missing after the skip is part of the same mistake.
        isRecoveringFromDeepExpression = true
        var balance = insideBracket ? 1 : 0
        while current.kind != .endOfFile {
            switch current.kind {
            case .punctuation(.leftParen), .punctuation(.leftBrace):
                balance += 1
            case .punctuation(.rightParen), .punctuation(.rightBrace):
                if balance == 0 { return Expression(.error, token.range) }
                balance -= 1
                if balance == 0 && insideBracket {
                    advance()
                    return Expression(.error, token.range)
                }
            default:
                if balance == 0 && current.startsLine { return Expression(.error, token.range) }
            }
            advance()
        }
        return Expression(.error, token.range)
    }

    private var current: Token { peek(0) }

    /// A token ahead of the current one; the end of the file stands for anything past it.
    private func peek(_ ahead: Int) -> Token {
        let position = min(index + ahead - windowStart, window.count - 1)
        return window[max(position, 0)]
    }

    /// The token before the current one (the current one at the start).
    private var previous: Token { peek(index > 0 ? -1 : 0) }

    private mutating func advance() {
        guard index - windowStart < window.count - 1 else { return }
        index += 1
        fillWindow()
    }

    /// Reads tokens until `peek` can see as far as it looks, and forgets those before the previous one.
    /// Tokens the caller gave are all kept: the caller holds them anyway, and dropping the first of them
    /// moves all the rest, again and again, a cost that grows with the square of the file.
    private mutating func fillWindow() {
        guard lexer != nil else { return }
        while window.count - (index - windowStart) <= Parser.lookahead, window.last?.kind != .endOfFile,
              let token = lexer?.next(&diagnostics) {
            window.append(token)
        }
        let unneeded = index - 1 - windowStart
        if unneeded >= 256 {
            window.removeFirst(unneeded)
            windowStart += unneeded
        }
    }

    private mutating func expect(_ punctuation: Punctuation, _ what: String) -> Bool {
        if current.kind == .punctuation(punctuation) {
            advance()
            return true
        }
        error("expected \(what), found \(current.kind)", at: missingTokenRange)
        return false
    }

    /// Expects a closing bracket and names the opening one, as in "expected ')' to close '(' at line 2".
    private mutating func expectClosing(_ punctuation: Punctuation, opening: Token) -> Bool {
        if current.kind == .punctuation(punctuation) {
            advance()
            return true
        }
        error("expected '\(punctuation.rawValue)' to close the '\(opening.text)' opened at line \(source.location(of: opening.range.start).line), found \(current.kind)",
              at: current.kind == .endOfFile ? opening.range : missingTokenRange, notes: [Diagnostic.Note(message: "'\(opening.text)' opened here", range: opening.range)])
        return false
    }

    private mutating func expectIdentifier(_ what: String) -> Identifier? {
        guard current.kind == .identifier else {
            if case .keyword(let keyword) = current.kind {
                error("'\(keyword.rawValue)' is a keyword and cannot be used as a name", at: current.range)
            } else {
                error("expected \(what), found \(current.kind)", at: current.range)
            }
            return nil
        }
        let identifier = Identifier(name: current.text, range: current.range)
        advance()
        return identifier
    }

    private mutating func error(_ message: String, at range: SourceRange, notes: [Diagnostic.Note] = []) {
        // The lexer has reported an unreadable token already.
        guard range.start != lastErrorAt, !(current.kind == .invalid && current.range == range),
              !isRecoveringFromDeepExpression else { return }
        lastErrorAt = range.start
        diagnostics.error(message, at: range, notes: notes)
    }

    /// Where to report something missing: right after the previous token when the current one starts a
    /// new line, since the mistake is at the end of the line, not at the start of the next.
    private var missingTokenRange: SourceRange {
        guard current.startsLine, index > 0 else { return current.range }
        let end = previous.range.end
        return SourceRange(end, end)
    }

    /// Panic mode at the top level: skip to the next token that starts a line and can start a declaration.
    private mutating func recoverAtTopLevel() -> Declaration? {
        if !startsDeclaration() { advance() }
        while current.kind != .endOfFile, !startsDeclaration() { advance() }
        return nil
    }

    private func startsDeclaration() -> Bool {
        guard current.startsLine else { return false }
        switch current.kind {
        case .keyword(.input), .keyword(.let), .keyword(.curve), .keyword(.state), .keyword(.snap), .keyword(.animation),
             .keyword(.func): return true
        default:
            return peek(1).kind == .punctuation(.leftBrace) || startsStructuredBlock()
                || (peek(1).kind == .punctuation(.colon) && peek(2).kind == .punctuation(.leftBrace))
        }
    }

    /// Panic mode inside braces: skip to the next line, or to the closing brace, which is left for the
    /// block to close on (so `scale` alone before `}` does not take the `}` with it).
    private mutating func skipToNextLineInBlock() {
        if current.kind != .punctuation(.rightBrace) { advance() }
        while current.kind != .endOfFile, !current.startsLine, current.kind != .punctuation(.rightBrace) { advance() }
    }

    /// Panic mode after an `if` statement: the rest of its line, braces that open and close on it included,
    /// up to a `}` that closes what was open before it.
    private mutating func skipRestOfLineWithItsBraces() {
        var depth = 0
        while current.kind != .endOfFile, !current.startsLine {
            if current.kind == .punctuation(.leftBrace) { depth += 1 }
            if current.kind == .punctuation(.rightBrace) {
                if depth == 0 { return }
                depth -= 1
            }
            advance()
        }
    }

    private mutating func skipToClosingBrace() {
        while current.kind != .endOfFile, current.kind != .punctuation(.rightBrace) { advance() }
        advance()
    }

    private mutating func skipPast(_ punctuation: Punctuation) {
        while current.kind != .endOfFile, !current.startsLine, current.kind != .punctuation(punctuation) { advance() }
        if current.kind == .punctuation(punctuation) { advance() }
    }
}
