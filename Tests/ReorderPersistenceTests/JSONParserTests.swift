import Testing
@testable import ReorderPersistence

private func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue { try JSONParser.parse(Array(text.utf8)) }

@Suite struct JSONParserTests {
    @Test func parsesValuesKeepingOrderAndSpelling() throws {
        let v = try parse(#" {"b": [1, -0.5e+3, true, false, null], "a": "x\"\\\/\b\f\n\r\t\u00e9\ud83e\uddea"} "#)
        #expect(v == .object([
            JSONMember(key: "b", value: .array([.number("1"), .number("-0.5e+3"), .bool(true), .bool(false), .null])),
            JSONMember(key: "a", value: .string("x\"\\/\u{8}\u{c}\n\r\té🧪")),
        ]))
    }

    @Test func skipsAByteOrderMark() throws {
        #expect(try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array("[]".utf8)) == .array([]))
    }

    @Test(arguments: [
        ("", "line 1, column 1: expected a JSON value, found the end of the file"),
        ("[1,]", "line 1, column 4: expected a JSON value, found ']'"),
        ("[1 2]", "line 1, column 4: expected ',' or ']' after a list element, found '2'"),
        ("{\"a\" 1}", "line 1, column 6: expected ':' after the key \"a\", found '1'"),
        ("{\"a\": 1,\n}", "line 2, column 1: expected a string key, found '}'"),
        ("{a: 1}", "line 1, column 2: expected a string key or '}', found 'a'"),
        ("{\"a\": 1, \"a\": 2}", "line 1, column 10: duplicate key \"a\" in an object"),
        // A key is echoed as every input is (EchoText): the NUL and the escape show.
        (#"{"a\u0000\u001b": 1, "a\u0000\u001b": 2}"#, #"line 1, column 22: duplicate key "a\u{0}\u{1B}" in an object"#),
        ("[\"abc", "line 1, column 2: unterminated string (opened here)"),
        ("[\"a\nb\"]", "line 1, column 4: a raw control character (a line break) in a string; write it escaped"),
        ("[\"\\x\"]", "line 1, column 3: invalid escape '\\x' in a string"),
        ("[\"\\ud800\"]", "line 1, column 3: \\u escape is a lone high surrogate"),
        ("[\"\\udc00\"]", "line 1, column 3: \\u escape is a lone low surrogate"),
        ("[\"\\u12g4\"]", "line 1, column 7: expected 4 hexadecimal digits after \\u, found 'g'"),
        ("[01]", "line 1, column 3: a number cannot have a leading zero"),
        ("[1.]", "line 1, column 4: expected a digit after '.', found ']'"),
        ("[1e]", "line 1, column 4: expected a digit in the exponent, found ']'"),
        ("[-]", "line 1, column 3: expected a digit, found ']'"),
        ("[tru]", "line 1, column 2: expected a JSON value, found 't'"),
        ("{} x", "line 1, column 4: expected the end of the file after the JSON value, found 'x'"),
        ("[\"é\" é]", "line 1, column 6: expected ',' or ']' after a list element, found 'é'"),
        ("[\t\u{1}]", "line 1, column 3: expected a JSON value, found the control character U+0001"),
    ])
    func reportsWhereAndWhat(text: String, message: String) {
        #expect(throws: (any Error).self) { try parse(text) }
        do { _ = try parse(text) } catch { #expect(error.description == message) }
    }

    @Test func refusesDeepNestingInsteadOfOverflowingTheStack() {
        let deep = String(repeating: "[", count: 100_000)
        do { _ = try parse(deep); Issue.record("expected an error") } catch {
            #expect(error.description == "line 1, column 513: lists and objects nested deeper than 512 levels")
        }
        #expect(throws: Never.self) { try parse(String(repeating: "[", count: 512) + String(repeating: "]", count: 512)) }
    }

    @Test func writerOutputParsesBackToTheSameValue() throws {
        let v = JSONValue.object([
            JSONMember(key: "version", value: .number("1")),
            JSONMember(key: "s", value: .string("q\"\\\n\u{1}\u{7f}\u{2028}é")),
            JSONMember(key: "o", value: .object([JSONMember(key: "k", value: .array([.array([.string("a")]), .array([])]))])),
            JSONMember(key: "e", value: .object([])),
        ])
        let text = JSONWriter.text(of: v)
        #expect(text == """
            {
              "version": 1,
              "s": "q\\"\\\\\\n\\u0001\\u007f\\u2028é",
              "o": {
                "k": [
                  ["a"],
                  []
                ]
              },
              "e": {}
            }

            """)
        #expect(try parse(text) == v)
    }

    @Test func utf8CheckFindsTheFirstBadByte() {
        #expect(UTF8Check.firstInvalidOffset(in: Array("héllo 🧪".utf8)) == nil)
        #expect(UTF8Check.firstInvalidOffset(in: [0x61, 0x62, 0xFF, 0x63]) == 2)
        #expect(UTF8Check.firstInvalidOffset(in: Array("é".utf8) + [0xC3]) == 2)  // truncated sequence
    }
}
