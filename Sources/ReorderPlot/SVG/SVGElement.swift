import ReorderCore

/// One element of an SVG document: a name, attributes in the order they were added, and
/// children (elements or text).
///
/// The writer is deliberately small: it knows nothing about SVG semantics, only how to
/// escape and lay out XML deterministically, so the same chart always gives the same bytes.
///
/// ```swift
/// var g = SVGElement("g", ["class": "legend"])
/// g.append(SVGElement("text", ["x": 10, "y": 20], text: "jx_movable & co"))
/// g.render()   // <g class="legend">\n  <text x="10" y="20">jx_movable &amp; co</text>\n</g>\n
/// ```
public struct SVGElement: Hashable, Sendable {
    /// The tag name, e.g. `"polyline"`.
    public var name: String
    /// Attributes in insertion order (the order is kept in the output).
    public var attributes: [SVGAttribute]
    public var children: [SVGNode]

    /// An element with attributes given as a literal list, e.g. `["x": 1, "class": "tick"]`.
    public init(_ name: String, _ attributes: KeyValuePairs<String, SVGValue> = [:],
                children: [SVGNode] = []) {
        self.name = name
        self.attributes = attributes.map { SVGAttribute($0.key, $0.value) }
        self.children = children
    }

    /// An element whose only child is `text` (escaped on output).
    public init(_ name: String, _ attributes: KeyValuePairs<String, SVGValue> = [:], text: String) {
        self.init(name, attributes, children: [.text(text)])
    }

    /// Adds (or replaces) an attribute.
    public mutating func set(_ name: String, _ value: SVGValue) {
        if let i = attributes.firstIndex(where: { $0.name == name }) {
            attributes[i].value = value.text
        } else {
            attributes.append(SVGAttribute(name, value))
        }
    }

    /// The value of an attribute, or nil.
    public func attribute(_ name: String) -> String? {
        attributes.first(where: { $0.name == name })?.value
    }

    /// Appends a child element.
    public mutating func append(_ child: SVGElement) { children.append(.element(child)) }
    /// Appends child elements.
    public mutating func append(contentsOf elements: [SVGElement]) {
        children.append(contentsOf: elements.map(SVGNode.element))
    }

    /// The element as XML text, two spaces of indentation per level, one element per line.
    /// Elements that hold only text are written on one line.
    public func render() -> String {
        var out = ""
        render(into: &out, depth: 0)
        return out
    }

    /// Appends the element's XML to `out`, indented `depth` levels.
    public func render(into out: inout String, depth: Int) {
        let indent = String(repeating: "  ", count: depth)
        out += indent
        out += "<"
        out += name
        for a in attributes {
            out += " "
            out += a.name
            out += "=\""
            out += SVGEscape.attribute(a.value)
            out += "\""
        }
        if children.isEmpty {
            out += "/>\n"
            return
        }
        let textOnly = children.allSatisfy { if case .text = $0 { return true } else { return false } }
        if textOnly {
            out += ">"
            for case .text(let t) in children { out += SVGEscape.text(t) }
            out += "</\(name)>\n"
            return
        }
        out += ">\n"
        for child in children {
            switch child {
            case .element(let e): e.render(into: &out, depth: depth + 1)
            case .text(let t): out += indent + "  " + SVGEscape.text(t) + "\n"
            }
        }
        out += indent + "</\(name)>\n"
    }
}

/// A child of an element.
public enum SVGNode: Hashable, Sendable {
    case element(SVGElement)
    case text(String)
}

/// One attribute: its name and its value as written (before escaping).
public struct SVGAttribute: Hashable, Sendable {
    public var name: String
    public var value: String
    public init(_ name: String, _ value: SVGValue) { self.name = name; self.value = value.text }
}

/// An attribute value: text, or a number written compactly by ``SVGNumber``.
///
/// Literals work directly: `["x": 12.5, "class": "axis", "width": 3]`.
public struct SVGValue: Hashable, Sendable, ExpressibleByStringLiteral,
    ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral, ExpressibleByStringInterpolation {
    /// The value as it will be written (before escaping).
    public var text: String
    public init(_ text: String) { self.text = text }
    /// A coordinate or length, rounded to `SVGNumber.defaultDecimals` decimals.
    public init(_ number: Double) { self.text = SVGNumber.format(number) }
    public init(_ number: Int) { self.text = String(number) }
    public init(stringLiteral value: String) { self.text = value }
    public init(floatLiteral value: Double) { self.init(value) }
    public init(integerLiteral value: Int) { self.init(value) }
}

/// XML escaping for attribute values and text: ``XMLEscape``, the one escaper of the package,
/// under the name this module has always used.
///
/// ```swift
/// SVGEscape.attribute("a<b & \"c\"")   // a&lt;b &amp; &quot;c&quot;
/// ```
public typealias SVGEscape = XMLEscape
