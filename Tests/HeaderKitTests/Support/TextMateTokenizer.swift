import Foundation

/// A small TextMate grammar engine, enough to test `Editors/header.tmLanguage.json` the way editors run
/// it: at each position the rule whose match starts first wins (the earlier rule on a tie); `match`
/// rules scope their match and its captures; `begin`/`end` rules scope everything up to the end, across
/// lines, with their own patterns inside (the end wins a tie); `include` takes `#name` from the repository
/// and `$self`; `$1` in a name is the first capture's text. Regular expressions run on ICU rather than
/// Oniguruma, so the grammar keeps to what both read alike.
struct TextMateTokenizer {
    struct GrammarError: Error, CustomStringConvertible {
        let description: String
    }

    private indirect enum Rule {
        case match(NSRegularExpression, name: String?, captures: [Int: String])
        case region(begin: NSRegularExpression, end: NSRegularExpression, name: String?, patterns: [String], beginCaptures: [Int: String])
        case include(String)
    }

    private var rules: [String: [Rule]] = [:]
    let scopeName: String

    init(json: Data) throws {
        guard let grammar = try JSONSerialization.jsonObject(with: json) as? [String: Any],
              let scopeName = grammar["scopeName"] as? String,
              let top = grammar["patterns"] as? [[String: Any]] else {
            throw GrammarError(description: "a grammar needs scopeName and patterns")
        }
        self.scopeName = scopeName
        rules["$self"] = try top.map(Self.rule)
        for (key, value) in grammar["repository"] as? [String: [String: Any]] ?? [:] {
            if let patterns = value["patterns"] as? [[String: Any]], value["begin"] == nil {
                rules["#" + key] = try patterns.map(Self.rule)
            } else {
                rules["#" + key] = [try Self.rule(value)]
            }
        }
    }

    private static func regex(_ pattern: String) throws -> NSRegularExpression {
        do {
            return try NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines])
        } catch {
            throw GrammarError(description: "bad regular expression \(pattern): \(error)")
        }
    }

    private static func rule(_ object: [String: Any]) throws -> Rule {
        if let include = object["include"] as? String { return .include(include) }
        let name = object["name"] as? String
        func captures(_ key: String) -> [Int: String] {
            var captures: [Int: String] = [:]
            for (key, value) in object[key] as? [String: [String: Any]] ?? [:] {
                if let index = Int(key), let name = value["name"] as? String { captures[index] = name }
            }
            return captures
        }
        if let match = object["match"] as? String {
            return .match(try regex(match), name: name, captures: captures("captures"))
        }
        if let begin = object["begin"] as? String, let end = object["end"] as? String {
            // Nested patterns are named by an index into a table built on first use.
            let patterns = (object["patterns"] as? [[String: Any]] ?? []).compactMap { $0["include"] as? String }
            return .region(begin: try regex(begin), end: try regex(end), name: name, patterns: patterns,
                           beginCaptures: captures("beginCaptures"))
        }
        throw GrammarError(description: "a rule needs match, begin and end, or include: \(object)")
    }

    private func flattened(_ key: String, depth: Int = 0) -> [Rule] {
        guard depth < 20 else { return [] }
        return (rules[key] ?? []).flatMap { rule -> [Rule] in
            if case .include(let target) = rule { return flattened(target, depth: depth + 1) }
            return [rule]
        }
    }

    /// The scopes of every character (UTF-16 unit) of every line, outermost first, the grammar's own
    /// scope name left out.
    func scopes(of text: String) -> [[[String]]] {
        var stack: [(end: NSRegularExpression, name: String?, patterns: [Rule])] = []
        var result: [[[String]]] = []
        for line in text.components(separatedBy: "\n") {
            let string = line as NSString
            var scopes = Array(repeating: [String](), count: string.length)
            var position = 0
            func paint(_ range: NSRange, _ name: String) {
                for index in range.location..<min(range.location + range.length, scopes.count) { scopes[index].append(name) }
            }
            func substituted(_ name: String, _ match: NSTextCheckingResult) -> String {
                var out = name
                for group in (1..<match.numberOfRanges).reversed() where match.range(at: group).location != NSNotFound {
                    out = out.replacingOccurrences(of: "$\(group)", with: string.substring(with: match.range(at: group)))
                }
                return out
            }
            while position <= string.length {
                let candidates = stack.last?.patterns ?? flattened("$self")
                var best: (match: NSTextCheckingResult, rule: Rule?)?
                let searchRange = NSRange(location: position, length: string.length - position)
                let options: NSRegularExpression.MatchingOptions = [.withTransparentBounds, .withoutAnchoringBounds]
                if let region = stack.last, let end = region.end.firstMatch(in: line, options: options, range: searchRange) {
                    best = (end, nil)
                }
                for rule in candidates {
                    let expression: NSRegularExpression
                    switch rule {
                    case .match(let regex, _, _): expression = regex
                    case .region(let begin, _, _, _, _): expression = begin
                    case .include: continue
                    }
                    guard let match = expression.firstMatch(in: line, options: options, range: searchRange) else { continue }
                    if best == nil || match.range.location < (best?.match.range.location ?? Int.max) { best = (match, rule) }
                }
                guard let (match, rule) = best else { break }
                // Inside a region, everything up to the match is the region's.
                let regionNames = stack.compactMap(\.name)
                for index in position..<min(match.range.location + match.range.length, scopes.count) {
                    scopes[index] = regionNames
                }
                switch rule {
                case nil:
                    stack.removeLast()
                case .match(_, let name, let captures)?:
                    if let name { paint(match.range, substituted(name, match)) }
                    for (group, captureName) in captures.sorted(by: { $0.key < $1.key })
                    where group < match.numberOfRanges && match.range(at: group).location != NSNotFound {
                        paint(match.range(at: group), substituted(captureName, match))
                    }
                case .region(_, let end, let name, let patterns, let beginCaptures)?:
                    if let name { paint(match.range, name) }
                    for (group, captureName) in beginCaptures.sorted(by: { $0.key < $1.key })
                    where group < match.numberOfRanges && match.range(at: group).location != NSNotFound {
                        paint(match.range(at: group), substituted(captureName, match))
                    }
                    stack.append((end, name, patterns.flatMap { flattened($0) }))
                case .include?:
                    break
                }
                position = match.range.length == 0 ? match.range.location + 1 : match.range.location + match.range.length
            }
            // What a region still open at the end of the line has not painted is its.
            let regionNames = stack.compactMap(\.name)
            if !regionNames.isEmpty {
                for index in scopes.indices where scopes[index].isEmpty { scopes[index] = regionNames }
            }
            result.append(scopes)
        }
        return result
    }
}
