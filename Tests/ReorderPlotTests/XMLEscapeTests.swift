import Testing
import ReorderPlot

/// The one XML escaper (XMLEscape.swift). Expected texts: the five predefined entities of XML
/// 1.0 (section 4.6), tab and newline as character references in attributes (attribute-value
/// normalization, section 3.3.3, would turn them into spaces), and the characters section 2.2
/// excludes dropped.
struct XMLEscapeTests {
    @Test func escapesEntitiesAndDropsWhatXMLForbids() {
        #expect(XMLEscape.attribute("a<b & \"c\" 'd'") == "a&lt;b &amp; &quot;c&quot; &apos;d&apos;")
        #expect(XMLEscape.attribute("1\n2\t3") == "1&#10;2&#9;3")
        #expect(XMLEscape.text("1 < 2\n'x'") == "1 &lt; 2\n'x'")
        // U+0001 and U+FFFF are not XML 1.0 characters: dropped.
        #expect(XMLEscape.text("a\u{1}b\u{FFFF}c") == "abc")
        #expect(XMLEscape.text("plain") == "plain")
    }
}
