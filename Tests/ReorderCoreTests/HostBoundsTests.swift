import Testing
@testable import ReorderCore

/// What the host keeps for a policy or a run is bounded: echoed text, trace numbers, sections
/// (EchoText.swift, TraceInput.Limits, Validation.swift).
@Suite struct HostBoundsTests {
    // MARK: Echoed text

    @Test func echoedTextShowsControlCharactersAndIsCut() {
        // NUL, tab, newline, ESC, DEL, a C1 control (U+0085) and a right-to-left override.
        #expect(EchoText.clip("do\u{0}wn") == "do\\u{0}wn")
        #expect(EchoText.clip("a\tb\nc\r") == "a\\tb\\nc\\r")
        #expect(EchoText.clip("\u{1B}[31mred") == "\\u{1B}[31mred")
        #expect(EchoText.clip("x\u{7F}\u{85}y") == "x\\u{7F}\\u{85}y")
        #expect(EchoText.clip("abc\u{202E}fed") == "abc\\u{202E}fed")
        // 64 characters (EchoText.maximumLength) and "…"; exactly 64 is not cut.
        #expect(EchoText.clip(String(repeating: "é", count: 70)) == String(repeating: "é", count: 64) + "…")
        #expect(EchoText.clip(String(repeating: "k", count: 64)) == String(repeating: "k", count: 64))
        // Bytes of a file: invalid UTF-8 shows as U+FFFD, a NUL as its escape.
        #expect(EchoText.clip([0x61, 0x00, 0xFF, 0x62][...]) == "a\\u{0}\u{FFFD}b")
    }

    @Test func duplicateIdsAreEchoedEscaped() {
        let sections = [[Item("a\u{0}b"), Item("a\u{0}b")]]
        #expect(throws: ValidationError(field: "sections", message:
            "duplicate item id 'a\\u{0}b' (section 1, row 2): ids must be unique")) {
            try Validator.validate(sections: sections)
        }
    }

    @Test func sectionsAreBounded() {
        // SessionGeometry.Limits.sections = 100,000: one more is refused by count.
        let sections = [[Item]](repeating: [], count: SessionGeometry.Limits.sections + 1)
        #expect(throws: ValidationError(field: "sections", message: "too many sections: 100001 (at most 100000)")) {
            try Validator.validate(sections: sections)
        }
        #expect(throws: Never.self) { try Validator.validate(sections: Array(sections.dropLast())) }
    }

    @Test func traceLimitsSayWhatTheyTake() {
        #expect(TraceInput.Limits.repeatCount.expectation == "a whole number from 1 to 1000000")
        #expect(TraceInput.Limits.position.expectation == "a whole number from 1 to 10000000")
        #expect(TraceInput.Limits.time.expectation == "a number from 0 to 1000000000")
        #expect(NumberRange(above: 0, upTo: 10).expectation == "a number > 0 and <= 10")
        #expect(!TraceInput.Limits.repeatCount.contains(1e9) && TraceInput.Limits.repeatCount.contains(1e6))
    }
}
