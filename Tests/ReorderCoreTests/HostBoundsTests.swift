import Testing
@testable import ReorderCore

/// A default policy whose `target` sends the item back and forth between rows 1 and 2 (the
/// proposal from row 1 goes to row 2, any other to row 1): a key's steps never reach an edge.
final class BouncingPolicy: DefaultPolicy {
    override func target(_ ctx: PolicyContext, from: ItemPosition, proposed: ItemPosition) -> ItemPosition? {
        from.item == 0 ? ItemPosition(section: from.section, item: 1) : ItemPosition(section: from.section, item: 0)
    }
}

/// A default policy that says `text` for every keyboard event.
final class TalkativePolicy: DefaultPolicy {
    let text: String
    init(text: String) { self.text = text; super.init() }
    override func announce(_ ctx: PolicyContext, event: KeyboardAnnouncement) -> KeyboardSpeech { .text(text) }
}

/// What the host keeps for a policy or a run is bounded: echoed text, event and input logs,
/// announcement texts, trace numbers, sections (EchoText.swift, DragEventLog.swift,
/// KeyboardSpeech+Length.swift, DragSimulator's input log, TraceInput.Limits, Validation.swift).
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

    // MARK: Events

    @Test func eventLogKeepsTheNewestWithinItsWeight() {
        var events: [DragEvent] = []
        var log = DragEventLog()
        for i in 0..<250_000 {
            events.append(.rollback(time: Double(i)))
            log.update(&events)
        }
        // DragEventLog.limit = 100,000: at 200,001 events the oldest 100,001 went; 49,999 more
        // came since (the doc comment's example).
        #expect(events.count == 149_999)
        #expect(log.dropped == 100_001)
        #expect(events.first == .rollback(time: 100_001))
        #expect(events.last == .rollback(time: 249_999))
    }

    /// A group event weighs one per item it lists, a move of a group drag one more per item:
    /// what `s:events()` lists for them.
    @Test func groupEventsWeighTheirItems() {
        var events: [DragEvent] = []
        var log = DragEventLog()
        let items = (0..<10_000).map { "i\($0)" }
        let positions = [ItemPosition](repeating: ItemPosition(section: 0, item: 0), count: items.count)
        events.append(.begin(position: ItemPosition(section: 0, item: 0), time: 0))
        events.append(.group(of: "begin", items: items, positions: positions, time: 0))
        log.update(&events)
        // 1 + 10,001 so far; each move weighs 10,001: past 200,000 at the 19th move.
        for k in 0..<19 {
            events.append(.move(from: ItemPosition(section: 0, item: k), to: ItemPosition(section: 0, item: k + 1),
                                semantics: .move, time: Double(k)))
            log.update(&events)
        }
        // 1 + 10,001 + 19 × 10,001 = 200,021 > 200,000: dropped down to at most 100,000: the
        // begin (1), the group event (10,001) and 10 moves (190,019 − 10 × 10,001 = 90,009; nine
        // leave 100,010) went.
        #expect(log.dropped == 12)
        #expect(events.count == 9)
        #expect(events.allSatisfy { $0.typeName == "move" })
    }

    /// One key repeated 300,000 times with a policy that bounces the item: the session keeps
    /// its newest events (at most twice DragEventLog.limit) and counts the others.
    @Test func aBouncingKeyKeepsItsNewestEvents() {
        let s = tableSimulator([rowItems(3)], policy: BouncingPolicy())
        s.focus(pos(0, 0))
        s.key(.space)
        s.key(.down, count: 300_000)
        // begin + 300,000 moves = 300,001 events, each weighing 1: at 200,001 the oldest
        // 100,001 went (DragEventLog.limit = 100,000), then 100,000 more came.
        #expect(s.events.count == 200_000)
        #expect(s.droppedEvents == 100_001)
        #expect(s.events.last?.typeName == "move")
        // The drop's `end` is the 200,001st kept: the oldest 100,001 go again.
        s.key(.space)
        let taken = s.takeEvents()
        #expect(taken.count == 100_000 && taken.last?.typeName == "end")
        // Taken: the count of those dropped stays, the list starts afresh.
        #expect(s.events.isEmpty && s.droppedEvents == 200_002)
        expectInvariants(s)
    }

    // MARK: Inputs

    @Test func inputsKeepTheNewestAndRecordersSeeAll() {
        let s = tableSimulator([rowItems(30)], policy: DefaultPolicy())
        var seen = 0
        let id = s.addRecorder { _ in seen += 1 }
        s.pressItem(pos(0, 3))
        s.hold(0.6)   // lifted: every frame is recorded from now on
        let before = s.recordedInputCount
        s.tick(250_000)
        // DragSimulator.inputLimit = 100,000: at 200,001 kept the oldest 100,001 went.
        #expect(s.recordedInputCount == before + 250_000)
        #expect(s.droppedInputs == 100_001)
        #expect(s.inputs.count == s.recordedInputCount - 100_001)
        #expect(seen == s.recordedInputCount)
        s.removeRecorder(id)
        s.release()
        #expect(seen == s.recordedInputCount - 1)
        #expect(s.inputs.last?.typeName == "up")
    }

    // MARK: Announcements

    @Test func announcementTextsAreCutAtTheirBound() {
        let s = tableSimulator([rowItems(5)], policy: TalkativePolicy(text: String(repeating: "a", count: 5000)))
        s.focus(pos(0, 1))
        s.key(.space)
        let said = s.takeAnnouncements().compactMap(\.text)
        // KeyboardSpeech.maximumTextLength = 1000 bytes in all: "… (4020 bytes cut)" is 20
        // bytes ("…" is 3), so 980 "a" are kept and 4,020 cut.
        #expect(said == [String(repeating: "a", count: 980) + "… (4020 bytes cut)"])
        #expect(said[0].utf8.count == KeyboardSpeech.maximumTextLength)
    }

    @Test func aCutNeverSplitsACharacter() {
        // "a" then 1,000 "é" of two bytes (2,001 bytes): 980 bytes would end inside an "é", so
        // 979 are kept ("a" and 489 "é") and 1,022 cut.
        #expect(KeyboardSpeech.clipped("a" + String(repeating: "é", count: 1000))
                == .text("a" + String(repeating: "é", count: 489) + "… (1022 bytes cut)"))
        let short = String(repeating: "é", count: 500)
        #expect(KeyboardSpeech.clipped(short) == .text(short))
    }
}
