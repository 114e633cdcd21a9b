import Testing
@testable import ReorderPersistence

/// The one JSON writer's two styles, and the number helpers trace lines and reports use.
struct JSONWriterTests {
    static let sample = JSONValue.members([
        ("a", .array([.string("x"), .number("1")])),
        ("b", .members([("c", .null), ("d", .bool(true))])),
        ("e", .array([])),
    ])

    @Test func compactIsOneLineWithoutSpaces() {
        #expect(JSONWriter.compact(Self.sample) == #"{"a":["x",1],"b":{"c":null,"d":true},"e":[]}"#)
        #expect(JSONWriter.compact(.object([])) == "{}")
    }

    /// The document style of order files is unchanged: two-space indent, flat lists on one line.
    @Test func documentsKeepTheirLayout() {
        #expect(JSONWriter.text(of: Self.sample) == """
            {
              "a": ["x", 1],
              "b": {
                "c": null,
                "d": true
              },
              "e": []
            }

            """)
    }

    /// Both styles escape strings alike: quote, backslash, controls (`\n` short, U+0001 as
    /// \u0001), DEL and U+2028.
    @Test func stringsAreEscapedAlikeInBothStyles() {
        let s = "q\"b\\n\n\u{1}\u{7F}\u{2028}é"
        let expected = #""q\"b\\n\n\u0001\u007f\u2028é""#
        #expect(JSONWriter.quoted(s) == expected)
        #expect(JSONWriter.compact(.string(s)) == expected)
    }

    /// `double`: Swift's round-trip spelling (`120.0`), `integral`: whole numbers bare (`120`);
    /// both `null` for what JSON cannot hold.
    @Test func numbersFromDoubles() {
        #expect(JSONValue.double(120) == .number("120.0"))
        #expect(JSONValue.double(0.1) == .number("0.1"))
        #expect(JSONValue.double(1e-5) == .number("1e-05"))
        #expect(JSONValue.double(.infinity) == .null)
        #expect(JSONValue.integral(640) == .number("640"))
        #expect(JSONValue.integral(2.5) == .number("2.5"))
        #expect(JSONValue.integral(.nan) == .null)
    }

    /// What the compact writer writes, the parser reads back to the same value.
    @Test func compactRoundTripsThroughTheParser() throws {
        let text = JSONWriter.compact(Self.sample)
        #expect(try JSONParser.parse(Array(text.utf8)) == Self.sample)
    }

    /// Written as text: non-ASCII strings whole, the same escapes as the value styles (DEL
    /// too), a `Double` in Swift's round-trip spelling (`3.0`, `-0.0`, `1e+16`, NaN as null), an
    /// `Int` as digits.
    @Test func writingAsTextEscapesAndSpellsNumbersAsTheValueStyles() throws {
        var w = JSONWriter()
        w.object { w in
            w.field("plain", "Grades")
            w.field("accents", "Café → Tee")
            w.field("escaped", "q\"\\\n\u{1}\u{7F}\u{2028}")
            w.field("int", 3)
            w.field("whole") { w in w.array { w in for d in [3.0, -0.0, 120, 9_007_199_254_740_992, 1e16, 0.5, 1e-5, .nan] { w.number(d) } } }
        }
        #expect(w.text == #"{"plain":"Grades","accents":"Café → Tee","escaped":"q\"\\\n\u0001\u007f\u2028","int":3,"#
                + #""whole":[3.0,-0.0,120.0,9007199254740992.0,1e+16,0.5,1e-05,null]}"#)
        // The same number as JSONValue.double spells it, whole or not, near 2^53 and 10^16.
        for d in [3.0, -0.0, 123_456_789_012_345, 9_007_199_254_740_991, 9_007_199_254_740_994, 9.999_999_999_999_998e15, 0.1, -7.25] {
            var n = JSONWriter()
            n.number(d)
            #expect(n.text == JSONWriter.compact(.double(d)), "\(d)")
        }
        #expect(try JSONParser.parse(w.bytes) == JSONParser.parse(Array(w.text.utf8)))
    }
}
