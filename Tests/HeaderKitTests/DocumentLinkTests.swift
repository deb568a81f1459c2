import Foundation
import XCTest
@testable import HeaderKit

/// The documentation's links lead somewhere: every relative link or image in README.md, CONTRIBUTING.md,
/// Grammar.md, Editors/README.md and the guides under docs/ names a file or folder that exists, and every
/// `#anchor` into a Markdown file names one of its headings, as GitHub makes a heading's anchor. And the
/// README stays a first look, at most 200 lines: the detail lives in the guides it links to.
final class DocumentLinkTests: XCTestCase {
    /// A link as written: the document it is in (relative to the package root), its line, and its target.
    private struct Link {
        let document: String
        let line: Int
        let target: String
    }

    func testReadmeIsAtMost200Lines() throws {
        let text = try PackagePaths.text("README.md")
        var lines = text.utf8.filter { $0 == UInt8(ascii: "\n") }.count
        if !text.isEmpty && !text.hasSuffix("\n") { lines += 1 }
        XCTAssertLessThanOrEqual(lines, 200, "README.md has \(lines) lines: move the detail into a guide under docs/ and link to it")
    }

    func testRelativeLinksAndAnchorsResolve() throws {
        let links = try documents().flatMap { try Self.links(in: $0) }
        XCTAssertGreaterThanOrEqual(links.count, 20, "too few relative links found: does the link pattern still match?")
        var anchorsChecked = 0
        for link in links {
            let place = "\(link.document):\(link.line): '\(link.target)'"
            let (path, anchor) = Self.split(link.target)
            let file = path.isEmpty ? PackagePaths.url(link.document)
                : PackagePaths.url(link.document).deletingLastPathComponent().appendingPathComponent(path)
            guard FileManager.default.fileExists(atPath: file.path) else {
                XCTFail("\(place) leads nowhere: \(file.standardizedFileURL.path) does not exist")
                continue
            }
            guard let anchor, file.pathExtension == "md" else { continue }
            anchorsChecked += 1
            let text = try String(contentsOf: file, encoding: .utf8)
            let slugs = Self.headingSlugs(in: text)
            XCTAssertTrue(slugs.contains(anchor), "\(place): no heading of \(file.lastPathComponent) has the anchor '#\(anchor)'")
        }
        XCTAssertGreaterThanOrEqual(anchorsChecked, 5, "too few anchors found to check")
    }

    func testSlugsAreGitHubs() {
        XCTAssertEqual(Self.slug("What `swift test` runs"), "what-swift-test-runs")
        XCTAssertEqual(Self.slug("Where each block is: `layout`"), "where-each-block-is-layout")
        XCTAssertEqual(Self.slug("The scroll's phase"), "the-scrolls-phase")
        XCTAssertEqual(Self.headingSlugs(in: "## Curves\n```\n# not a heading\n```\n### Curves\n"), ["curves", "curves-1"])
    }

    /// The documents whose links are checked, relative to the package root.
    private func documents() -> [String] {
        let guides = (FileManager.default.enumerator(atPath: PackagePaths.url("docs").path)?.allObjects ?? [])
            .compactMap { $0 as? String }
            .filter { $0.hasSuffix(".md") }
            .sorted()
            .map { "docs/" + $0 }
        XCTAssertFalse(guides.isEmpty, "no guide found under docs/")
        return ["README.md", "CONTRIBUTING.md", "Grammar.md", "Editors/README.md"] + guides
    }

    /// Every `](target)` of a document outside code (fenced blocks and `code spans`) whose target is not
    /// a web or mail address.
    private static func links(in document: String) throws -> [Link] {
        let pattern = try NSRegularExpression(pattern: #"\]\(([^)\s]+)\)"#)
        let text = try PackagePaths.text(document)
        var links: [Link] = []
        for line in proseLines(of: text) {
            let prose = line.text.replacingOccurrences(of: "`[^`]*`", with: "", options: .regularExpression)
            for match in pattern.matches(in: prose, range: NSRange(prose.startIndex..., in: prose)) {
                guard let range = Range(match.range(at: 1), in: prose) else { continue }
                let target = String(prose[range])
                if ["http://", "https://", "mailto:"].contains(where: { target.hasPrefix($0) }) { continue }
                links.append(Link(document: document, line: line.number, target: target))
            }
        }
        return links
    }

    /// A target's path (empty for an anchor in the same document) and its anchor, if any.
    private static func split(_ target: String) -> (path: String, anchor: String?) {
        guard let hash = target.firstIndex(of: "#") else { return (target.removingPercentEncoding ?? target, nil) }
        let path = String(target[..<hash])
        let anchor = String(target[target.index(after: hash)...])
        return (path.removingPercentEncoding ?? path, anchor.isEmpty ? nil : anchor)
    }

    /// Each line outside fenced code blocks, with its 1-based number.
    private static func proseLines(of text: String) -> [(number: Int, text: String)] {
        var lines: [(number: Int, text: String)] = []
        var inFence = false
        for (index, line) in text.components(separatedBy: "\n").enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                inFence.toggle()
            } else if !inFence {
                lines.append((number: index + 1, text: line))
            }
        }
        return lines
    }

    /// The anchors GitHub gives the headings of a Markdown text; a repeated one gets `-1`, `-2`, ….
    private static func headingSlugs(in text: String) -> Set<String> {
        var slugs = Set<String>()
        var seen: [String: Int] = [:]
        for line in proseLines(of: text) {
            let hashes = line.text.prefix { $0 == "#" }.count
            guard (1...6).contains(hashes), line.text.dropFirst(hashes).first == " " else { continue }
            let anchor = Self.slug(String(line.text.dropFirst(hashes)))
            let count = seen[anchor, default: 0]
            seen[anchor] = count + 1
            slugs.insert(count == 0 ? anchor : "\(anchor)-\(count)")
        }
        return slugs
    }

    /// A heading's anchor as GitHub makes it: lowercased, each space a `-`, and every character but letters,
    /// digits, `-` and `_` dropped.
    private static func slug(_ heading: String) -> String {
        var slug = ""
        for character in heading.trimmingCharacters(in: .whitespacesAndNewlines).lowercased() {
            if character == " " {
                slug.append("-")
            } else if character.isLetter || character.isNumber || character == "-" || character == "_" {
                slug.append(character)
            }
        }
        return slug
    }
}
