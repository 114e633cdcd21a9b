#if canImport(FoundationXML)
import FoundationXML
#endif
import Foundation

/// A parsed XML element, for checking SVG output as a reader would see it.
final class XMLNode {
    let name: String
    let attributes: [String: String]
    var children: [XMLNode] = []
    var text = ""
    init(name: String, attributes: [String: String]) { self.name = name; self.attributes = attributes }

    subscript(_ attribute: String) -> String? { attributes[attribute] }

    /// Every descendant (depth first, document order), this node excluded.
    var descendants: [XMLNode] { children.flatMap { [$0] + $0.descendants } }

    func all(_ name: String, class cls: String? = nil) -> [XMLNode] {
        descendants.filter { $0.name == name && (cls == nil || $0.classes.contains(cls ?? "")) }
    }

    /// The first descendant with this `id`.
    func element(id: String) -> XMLNode? { descendants.first { $0["id"] == id } }

    var classes: [String] { (self["class"] ?? "").split(separator: " ").map(String.init) }

    /// Text of this node and its descendants.
    var allText: String { text + children.map(\.allText).joined() }

    /// A space-separated list of numbers in an attribute.
    func numbers(_ attribute: String) -> [Double] {
        (self[attribute] ?? "").split(separator: " ").compactMap { Double(String($0)) }
    }
}

enum XMLTreeError: Error { case malformed(String) }

/// Parses `text` with Foundation's XMLParser; throws on any well-formedness error.
func parseXML(_ text: String) throws -> XMLNode {
    final class Delegate: NSObject, XMLParserDelegate {
        var stack: [XMLNode] = []
        var root: XMLNode?
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
                    qualifiedName: String?, attributes: [String: String] = [:]) {
            let node = XMLNode(name: name, attributes: attributes)
            stack.last?.children.append(node)
            if root == nil { root = node }
            stack.append(node)
        }
        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            stack.removeLast()
        }
        func parser(_ parser: XMLParser, foundCharacters string: String) {
            stack.last?.text += string
        }
    }
    let parser = XMLParser(data: Data(text.utf8))
    let delegate = Delegate()
    parser.delegate = delegate
    guard parser.parse(), let root = delegate.root else {
        throw XMLTreeError.malformed(parser.parserError.map { "\($0)" } ?? "no root element")
    }
    return root
}
