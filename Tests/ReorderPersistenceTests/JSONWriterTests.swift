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
}
