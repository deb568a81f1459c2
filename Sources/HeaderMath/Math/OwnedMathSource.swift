/// The text of headerc's math functions for generated Swift: the declarations `names` need, with those
/// they call, each once, in `OwnedMath.declarations`' order.
extension OwnedMath {
    package static func swiftSource(for names: Set<String>) -> [String] {
        var needed = Set<String>()
        var pending = Array(names)
        let byName = Dictionary((declarations + roundingDeclarations).map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        while let name = pending.popLast() {
            guard let declaration = byName[name], needed.insert(name).inserted else { continue }
            pending += declaration.dependencies
        }
        var lines: [String] = []
        for declaration in declarations + roundingDeclarations where needed.contains(declaration.name) {
            if !lines.isEmpty { lines.append("") }
            // Each source is already indented to sit inside the generated enum.
            lines += declaration.source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
        return lines
    }
}
