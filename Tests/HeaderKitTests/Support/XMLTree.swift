import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// An XML document as a tree of elements, parsed by Foundation's XMLParser: nil for a document that is
/// not well-formed.
final class XMLTree {
    let name: String
    let attributes: [String: String]
    var children: [XMLTree] = []
    var text = ""

    init(name: String, attributes: [String: String]) {
        self.name = name
        self.attributes = attributes
    }

    static func parse(_ text: String) -> XMLTree? {
        let delegate = TreeBuilder()
        let parser = XMLParser(data: Data(text.utf8))
        parser.delegate = delegate
        guard parser.parse() else { return nil }
        return delegate.root
    }

    /// Every element below this one (itself included) that satisfies `predicate`, in document order.
    func all(_ predicate: (XMLTree) -> Bool) -> [XMLTree] {
        var found = predicate(self) ? [self] : []
        for child in children { found += child.all(predicate) }
        return found
    }

    func all(named name: String, class className: String? = nil) -> [XMLTree] {
        all { $0.name == name && (className == nil || $0.attributes["class"] == className) }
    }

    func double(_ attribute: String) -> Double? { attributes[attribute].flatMap(Double.init) }

    private final class TreeBuilder: NSObject, XMLParserDelegate {
        var root: XMLTree?
        var stack: [XMLTree] = []

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            let element = XMLTree(name: elementName, attributes: attributes)
            if let parent = stack.last { parent.children.append(element) } else { root = element }
            stack.append(element)
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
            stack.removeLast()
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            stack.last?.text += string
        }
    }
}
