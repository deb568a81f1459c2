/// A runtime file (`Swift/Runtime/`, `JavaScript/Runtime/`, `Kotlin/Runtime/`, or the library's own kernels in
/// HeaderMath) cut into the pieces generated code carries: each top-level declaration with the `//` and `/* */`
/// comments above it. A generated file takes the pieces it names and every piece they read, each once, in the
/// file's order, so that what each piece depends on is read from its code, never listed by hand.
///
/// The file is read by its lines. A declaration starts on a line at the file's indentation (`level`), after any
/// modifiers, with `func`, `fun`, `function`, `let`, `val`, `var`, `const`, `struct` or `class` and its name;
/// `#if`, `#else` and `#endif` go with the declaration that follows them, and consecutive declarations of one
/// name (a type written once per platform) are one piece. What describes the file and not the generated code
/// never travels: a line indented less than `level` (the `extension` around library kernels), `// MARK:`
/// headings, and `///` or `/** … */` documentation, which also end the comments a declaration takes from above.
package struct RuntimeLibrary: Sendable {
    package struct Piece: Sendable {
        package let name: String
        /// Every name the piece declares (a layout of several constants declares several).
        package let declares: [String]
        /// The lines as the file has them, indentation included.
        package let lines: [String]
        /// The identifiers its code reads, comments left out.
        package let identifiers: Set<String>
    }

    package let pieces: [Piece]
    private let pieceByName: [String: Int]

    /// `rewrite` changes a declaration's first line as generated code needs it (Swift's library kernels are
    /// `package static`, their generated copies `private static`).
    package init(_ text: String, level: Int, rewrite: (String) -> String = { $0 }) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let indentation = String(repeating: " ", count: level)
        func isBlank(_ line: String) -> Bool { line.allSatisfy { $0 == " " } }
        func topLevel(_ line: String) -> Substring? {
            guard line.hasPrefix(indentation) else { return nil }
            let rest = line.dropFirst(level)
            return rest.first == " " ? nil : rest
        }
        // Lines that never travel: documentation, and lines outside the file's level.
        var barrier = [Bool](repeating: false, count: lines.count)
        var inDocumentation = false
        for (index, line) in lines.enumerated() {
            let top = topLevel(line)
            if inDocumentation {
                barrier[index] = true
                if line.contains("*/") { inDocumentation = false }
            } else if let top, top.hasPrefix("/**") {
                barrier[index] = true
                inDocumentation = !top.contains("*/")
            } else if let top, top.hasPrefix("///") || top.hasPrefix("// MARK:") {
                barrier[index] = true
            } else if !isBlank(line) && top == nil && !line.hasPrefix(indentation) {
                barrier[index] = true
            }
        }
        func attaches(_ index: Int) -> Bool {
            let line = lines[index]
            if isBlank(line) { return true }
            guard !barrier[index], let top = topLevel(line) else {
                // A block comment's inner lines (` * …`) sit one space in.
                return !barrier[index] && line.dropFirst(level).hasPrefix(" *")
            }
            return top.hasPrefix("//") || top.hasPrefix("/*") || top.hasPrefix("#if") || top.hasPrefix("#else")
        }
        // Where each piece starts: its declaration, or the comments above it. A declaration with no blank line
        // between it (or its comments) and the code above it belongs to that code's piece.
        var starts: [(line: Int, name: String)] = []
        var lastName: String?
        for index in lines.indices where !barrier[index] {
            guard let top = topLevel(lines[index]), let name = Self.declaredName(top) else { continue }
            defer { lastName = name }
            var start = index, crossedBlank = false
            while start > 0, attaches(start - 1) {
                start -= 1
                if isBlank(lines[start]) { crossedBlank = true }
            }
            let followsCode = start > 0 && !barrier[start - 1]
            if name == lastName || (followsCode && !crossedBlank) { continue }
            while start < index, isBlank(lines[start]) { start += 1 }
            starts.append((start, name))
        }
        var pieces: [Piece] = []
        for (position, start) in starts.enumerated() {
            var end = position + 1 < starts.count ? starts[position + 1].line : lines.count
            if let cut = (start.line..<end).first(where: { barrier[$0] }) { end = cut }
            var body = Array(lines[start.line..<end])
            // Comments after a piece's last line of code head what follows it, not the piece.
            while let last = body.last, isBlank(last) || topLevel(last)?.hasPrefix("//") == true { body.removeLast() }
            var declares: [String] = []
            for (offset, line) in body.enumerated() {
                guard let top = topLevel(line), let name = Self.declaredName(top) else { continue }
                if !declares.contains(name) { declares.append(name) }
                body[offset] = rewrite(line)
            }
            let identifiers = Self.identifiers(inCode: body).subtracting(declares)
            pieces.append(Piece(name: start.name, declares: declares, lines: body, identifiers: identifiers))
        }
        self.pieces = pieces
        var byName: [String: Int] = [:]
        for (index, piece) in pieces.enumerated() {
            for name in piece.declares where byName[name] == nil { byName[name] = index }
        }
        pieceByName = byName
    }

    /// Every name the file declares, which a spec's names must not take in generated code.
    package var declaredNames: [String] { pieces.flatMap(\.declares) }

    /// Whether the file declares `name`.
    package func declares(_ name: String) -> Bool { pieceByName[name] != nil }

    /// The pieces `names` need and those they read, each once, in the file's order; only those `included`
    /// when a file holds two kinds that generated code places apart.
    package func pieces(for names: Set<String>, included: (Piece) -> Bool = { _ in true }) -> [Piece] {
        var needed = Set<Int>()
        var pending = names.compactMap { pieceByName[$0] }
        while let index = pending.popLast() {
            guard needed.insert(index).inserted else { continue }
            pending += pieces[index].identifiers.compactMap { pieceByName[$0] }
        }
        return needed.sorted().map { pieces[$0] }.filter(included)
    }

    /// The lines of `pieces(for:included:)`, a blank line between pieces.
    package func lines(for names: Set<String>, included: (Piece) -> Bool = { _ in true }) -> [String] {
        var lines: [String] = []
        for piece in pieces(for: names, included: included) {
            if !lines.isEmpty { lines.append("") }
            lines += piece.lines
        }
        return lines
    }

    /// The identifiers `pieces(for: names)` read, for the pieces of another file they call.
    package func reads(for names: Set<String>) -> Set<String> {
        pieces(for: names).reduce(into: Set<String>()) { $0.formUnion($1.identifiers) }
    }

    private static let modifiers: Set<Substring> = ["private", "public", "package", "internal", "fileprivate", "static", "export",
                                                   "final", "@inline(__always)", "nonisolated"]
    private static let introducers: Set<Substring> = ["func", "fun", "function", "let", "val", "var", "const", "struct", "class"]

    /// The name a line declares at the file's level, if it starts a declaration.
    private static func declaredName(_ line: Substring) -> String? {
        var words = line.split(separator: " ", omittingEmptySubsequences: true)[...]
        while let first = words.first, modifiers.contains(first) { words = words.dropFirst() }
        guard let introducer = words.first, introducers.contains(introducer), let rest = words.dropFirst().first else { return nil }
        let name = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" }
        return name.isEmpty ? nil : String(name)
    }

    /// The identifiers of `lines` outside their comments.
    private static func identifiers(inCode lines: [String]) -> Set<String> {
        var names = Set<String>()
        var inComment = false
        for line in lines {
            var current = ""
            var characters = line[...]
            while let character = characters.first {
                if inComment {
                    if characters.hasPrefix("*/") { inComment = false; characters = characters.dropFirst(2) } else { characters = characters.dropFirst() }
                    continue
                }
                if characters.hasPrefix("//") { break }
                if characters.hasPrefix("/*") { inComment = true; characters = characters.dropFirst(2); continue }
                if character.isLetter || character.isNumber || character == "_" || character == "$" {
                    current.append(character)
                } else {
                    if let first = current.first, !first.isNumber { names.insert(current) }
                    current = ""
                }
                characters = characters.dropFirst()
            }
            if let first = current.first, !first.isNumber { names.insert(current) }
        }
        return names
    }
}
