import Foundation
import ReorderCore
import ReorderLua
import ReorderPersistence
import Testing
@testable import ReorderCLI
@testable import ReorderPlayground
@testable import ReorderScripting
@testable import ReorderTrace

/// The same input or event has the same `type`, field names, values and 1-based positions in a
/// trace line, a page's message, `s:inputs()` / `s:events()` and `reorder replay` (`--json`
/// and text). One test per kind, driven from the ``Vocabulary``: a kind added there is tested
/// here without a line more.
struct SameWordsTests {
    /// A JSON value as Lua would hold it: objects and arrays as tables, a number spelled
    /// without a fraction or exponent as an integer.
    static func lua(_ v: JSONValue) -> LuaValue {
        switch v {
        case .null: return .nil
        case .bool(let b): return .boolean(b)
        case .number(let s): return Int(s).map(LuaValue.integer) ?? .number(Double(s) ?? .nan)
        case .string(let s): return .string(s)
        case .array(let a): return .table(Dictionary(uniqueKeysWithValues: a.enumerated().map { (.integer($0 + 1), lua($1)) }))
        case .object(let m): return .table(Dictionary(uniqueKeysWithValues: m.map { (.string($0.key), lua($0.value)) }))
        }
    }

    static func parse(_ text: String) throws -> JSONValue { try JSONParser.parse(Array(text.utf8)) }

    /// An input of each kind: a trace line, a page's frame carrying the same object, and
    /// `s:inputs()`'s table say the same. Positions are 1-based in all three (the record's
    /// `section` 2 is the engine's section 1).
    @Test(arguments: Vocabulary.inputs.map(\.name))
    func anInputIsWrittenAlikeEverywhere(_ name: String) throws {
        let kind = try #require(Vocabulary.input(name))
        let record = Vocabulary.example(kind)
        let input = try #require(record.input)

        // The trace line.
        let line = TraceCodec.encode(input)
        let object = try Self.parse(line)
        #expect(object["type"] == .string(name))
        #expect(object["time"] == .number("1.25"))
        for (field, value) in zip(kind.fields, record.values) {
            if case .whole(let n)? = value { #expect(object[field.name] == .number(String(n)), "\(field.name)") }
        }
        #expect(try TraceCodec.decode(line + "\n").inputs == [input])

        // The page sends the same object in a frame; the host reads the same input.
        let message = #"{"v":\#(PlaygroundProtocol.version),"type":"frame","time":2,"inputs":[\#(line)]}"#
        #expect(try PlaygroundProtocol.decode(message).request == .frame([input], 2))

        // s:inputs(): the same keys and values.
        #expect(ScriptSession.inputValue(input) == Self.lua(object))
    }

    /// An event of each kind: `reorder replay --json`, a scene message's `events` and
    /// `s:events()` say the same, and replay's text line is the page's `event_texts` entry.
    @Test(arguments: Vocabulary.events.map(\.name))
    func anEventIsWrittenAlikeEverywhere(_ name: String) throws {
        let kind = try #require(Vocabulary.event(name))
        let event = try #require(Vocabulary.example(kind).event)

        let outcome = Replayer.Outcome(policy: "default", inputs: 1, time: 2, state: "idle", order: Order(sections: [[Item("a")]]),
                                       offset: .zero, listOffsets: [], events: [event], diagnostics: [])
        let replayed = try Self.parse(Replayer.jsonReport(outcome))
        guard case .array(let replayEvents)? = replayed["events"] else { Issue.record("no events"); return }

        var w = JSONWriter()
        w.object { Playground.writeEvents([event], to: &$0) }
        let scene = try Self.parse(w.text)
        guard case .array(let pageEvents)? = scene["events"] else { Issue.record("no events"); return }
        #expect(pageEvents == replayEvents)
        #expect(replayEvents.first?["type"] == .string(name))

        // s:events() (a group event alone stays an event of its own).
        #expect(ScriptSession.eventValue(event) == Self.lua(replayEvents[0]))
        #expect(ScriptSession.eventValues([event]) == [Self.lua(replayEvents[0])])

        // The text form: replay's line is the page's.
        let text = Replayer.textReport(outcome)
        guard case .array(let texts)? = scene["event_texts"], case .string(let pageText)? = texts.first else {
            Issue.record("no event_texts"); return
        }
        #expect(text.contains("events:\n  \(pageText)\n"), "\(text)")
    }

    /// A real drag in the playground, recorded: the events the page got, `s:events()` and
    /// `reorder replay --json` of the recorded trace are the same events.
    @Test func aDragInThePlaygroundReplaysToTheSameEvents() throws {
        let play = try Playground(options: .init(policy: "default", rows: 30))
        _ = play.handle(try PlaygroundProtocol.decode(#"{"v":4,"type":"record","seq":1}"#), client: 1)
        var pageEvents: [JSONValue] = []
        func send(_ text: String) throws {
            for reply in play.handle(try PlaygroundProtocol.decode(text), client: 1) {
                guard case .everyone(let t) = reply, case .array(let events)? = try Self.parse(t)["events"] else { continue }
                pageEvents += events
            }
        }
        // Press row 2 (y 66), hold 0.6 s, move to row 5, release, let the drop settle.
        var t = 10.0
        try send(#"{"v":4,"type":"frame","time":\#(t),"inputs":[{"type":"down","x":100,"y":66,"time":\#(t)}]}"#)
        for _ in 0..<36 { t += 1.0 / 60; try send(#"{"v":4,"type":"frame","time":\#(t)}"#) }
        for k in 1...20 {
            t += 1.0 / 60
            try send(#"{"v":4,"type":"frame","time":\#(t),"inputs":[{"type":"move","x":100,"y":\#(66 + 6.6 * Double(k)),"time":\#(t)}]}"#)
        }
        try send(#"{"v":4,"type":"frame","time":\#(t),"inputs":[{"type":"up","time":\#(t)}]}"#)
        for _ in 0..<40 { t += 1.0 / 60; try send(#"{"v":4,"type":"frame","time":\#(t)}"#) }
        let session = play.session
        #expect(pageEvents.map { $0["type"] } == [.string("begin"), .string("move"), .string("move"), .string("move"), .string("end")])
        #expect(pageEvents.first?["at"] == .array([.number("1"), .number("2")]))
        #expect(session.events.map(ScriptSession.eventValue) == pageEvents.map(Self.lua))

        // Stop: the trace the page gets replays to the same events.
        let stop = play.handle(try PlaygroundProtocol.decode(#"{"v":4,"type":"stop","seq":2}"#), client: 1)
        guard case .sender(let reply)? = stop.first, case .string(let trace)? = try Self.parse(reply)["text"] else {
            Issue.record("no trace"); return
        }
        let outcome = try Replayer.replay(try TraceCodec.decode(trace), policy: nil, console: .buffered(output: OutputBuffer()))
        guard case .array(let replayEvents)? = try Self.parse(Replayer.jsonReport(outcome))["events"] else {
            Issue.record("no events"); return
        }
        #expect(replayEvents == pageEvents)
    }
}
