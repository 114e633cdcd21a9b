import Testing
@testable import ReorderPlot

@Suite struct SVGNumberTests {
    @Test func formatsCompactly() {
        #expect(SVGNumber.format(12) == "12")
        #expect(SVGNumber.format(12.5) == "12.5")
        #expect(SVGNumber.format(3.14159) == "3.14")
        #expect(SVGNumber.format(2.005, decimals: 3) == "2.005")
        #expect(SVGNumber.format(0.999) == "1")
        #expect(SVGNumber.format(-0.001) == "0")
        #expect(SVGNumber.format(-7.25) == "-7.25")
        #expect(SVGNumber.format(0.05) == "0.05")
        #expect(SVGNumber.format(1200, decimals: 0) == "1200")
        #expect(SVGNumber.format(.nan) == "0")
        #expect(SVGNumber.format(.infinity) == "0")
    }

    @Test func exactValuesRoundTrip() {
        for v in [0.1, 1200, 1.0 / 3, 2.5e-7, -0.0, 123456789.125] {
            let text = SVGNumber.exact(v)
            #expect(Double(text) == v, "\(text)")
        }
        #expect(SVGNumber.exact(1200) == "1200")
        #expect(SVGNumber.exact(-0.0) == "0")
        #expect(SVGNumber.exactList([0, 0.5, 150]) == "0 0.5 150")
    }
}

@Suite struct SVGElementTests {
    @Test func rendersNestedElementsWithAttributesInOrder() {
        var g = SVGElement("g", ["class": "legend", "x": 1.5])
        g.append(SVGElement("text", ["y": 20], text: "jx & <co>"))
        g.append(SVGElement("line", ["x1": 0, "x2": 10.004]))
        #expect(g.render() == """
            <g class="legend" x="1.5">
              <text y="20">jx &amp; &lt;co&gt;</text>
              <line x1="0" x2="10"/>
            </g>

            """)
    }

    @Test func escapesAttributesAndDropsForbiddenCharacters() {
        #expect(SVGEscape.attribute("a\"b'c<d>&e") == "a&quot;b&apos;c&lt;d&gt;&amp;e")
        #expect(SVGEscape.text("a\"b\u{1}c") == "a\"bc")
        #expect(SVGEscape.attribute("line\nbreak") == "line&#10;break")
        #expect(SVGEscape.text("plain") == "plain")
    }

    @Test func setReplacesAnExistingAttribute() {
        var e = SVGElement("line", ["stroke": "red"])
        e.set("stroke", "blue")
        e.set("width", 2)
        #expect(e.render() == "<line stroke=\"blue\" width=\"2\"/>\n")
        #expect(e.attribute("width") == "2")
    }

    @Test func hostileNamesStillGiveWellFormedXML() throws {
        let name = "a&b<c>\"d'\u{7}e"
        var svg = SVGElement("svg", ["xmlns": "http://www.w3.org/2000/svg", "data-name": "\(name)"])
        svg.append(SVGElement("text", text: name))
        let root = try parseXML(svg.render())
        #expect(root["data-name"] == "a&b<c>\"d'e")
        #expect(root.all("text").first?.text == "a&b<c>\"d'e")
    }
}

@Suite struct ScaleTests {
    @Test func niceTicks() {
        #expect(NiceTicks(upTo: 1200).values == [0, 200, 400, 600, 800, 1000, 1200])
        #expect(NiceTicks(upTo: 150).values == [0, 50, 100, 150])
        #expect(NiceTicks(upTo: 166.75).values == [0, 50, 100, 150, 200])
        #expect(NiceTicks(upTo: 0.5).values == [0, 0.1, 0.2, 0.3, 0.4, 0.5])
        #expect(NiceTicks(upTo: 0.5).label(0.3) == "0.3")
        #expect(NiceTicks(upTo: 0).values == [0, 0.2, 0.4, 0.6, 0.8, 1])
        #expect(NiceTicks(from: 100, upTo: 1000).values == [0, 200, 400, 600, 800, 1000])
    }

    @Test func linearScaleMapsAndFlips() {
        let x = LinearScale(domain: 0...150, range: 60...560)
        #expect(x(75) == 310)
        let y = LinearScale(domain: 0...1000, range: 70...350, flipped: true)
        #expect(y(0) == 350)
        #expect(y(1000) == 70)
    }
}
