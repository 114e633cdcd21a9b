import Foundation
import ReorderCore
import ReorderTestSupport
import Testing
@testable import ReorderCLI
@testable import ReorderTrace

/// Keyboard and action inputs in traces: written as docs/REFERENCE.md's trace
/// section shows, read back, refused when malformed, and replayed to the recorded outcome.
@Suite struct KeyboardTraceTests {
    @Test func writesAndReadsKeyboardLines() throws {
        let inputs: [TraceInput] = [
            .focus(0, ItemPosition(section: 0, item: 2)), .key(0, .space, 1), .key(0.5, .down, 3),
            .action(1, ItemPosition(section: 1, item: 0), .moveToSection(0)),
            .action(1, ItemPosition(section: 0, item: 4), .moveToList("Done")),
        ]
        let text = TraceCodec.encode(Trace(header: nil, inputs: inputs))
        // Positions 1-based as in Lua; `n` only when it is not 1.
        #expect(text == """
            {"type":"focus","section":1,"row":3,"time":0.0}
            {"type":"key","key":"space","time":0.0}
            {"type":"key","key":"down","n":3,"time":0.5}
            {"type":"action","section":2,"row":1,"action":"move_to_section 1","time":1.0}
            {"type":"action","section":1,"row":5,"action":"move_to_list Done","time":1.0}

            """)
        #expect(try TraceCodec.decode(text).inputs == inputs)
    }

    /// Shift+Space is the key "shift+space" in a trace, and a replay of a
    /// keyboard group drag gives the recorded order (Policies/spec/keyboard_group_spec.lua's
    /// collapse case: rows 2, 5, 9 of 12 selected, row 5 lifted and moved 6 down; outside the
    /// group 1 3 4 6 7 8 10 11 12, the block 2 5 9 after 12).
    @Test func shiftSpaceSelectsInATraceAndAGroupDragReplays() throws {
        var inputs: [TraceInput] = []
        for row in [1, 4, 8] { inputs += [.focus(0, ItemPosition(section: 0, item: row)), .key(0, .shiftSpace, 1)] }
        inputs += [.focus(0.1, ItemPosition(section: 0, item: 4)), .key(0.1, .space, 1), .key(0.2, .down, 6), .key(0.3, .space, 1)]
        let text = TraceCodec.encode(Trace(header: nil, inputs: inputs))
        #expect(text.contains(#"{"type":"key","key":"shift+space","time":0.0}"#))
        let decoded = try TraceCodec.decode(text).inputs
        #expect(decoded == inputs)
        let order = Order(sections: [(1...12).map { Item("\($0)") }])
        let sim = DragSimulator(order: order, layout: TableLayout(order: order, width: 375, rowHeight: 44),
                                viewport: Size(width: 375, height: 667), policy: DefaultPolicy())
        for input in decoded { sim.apply(input) }
        sim.settle()
        #expect(sim.order.ids == [["1", "3", "4", "6", "7", "8", "10", "11", "12", "2", "5", "9"]])
    }

    // The bounds are the vocabulary's (Vocabulary.Limits): `n` 1 to 1e6, a row 1 to the most
    // items a session holds (SessionGeometry.Limits.items, 1e7).
    @Test(arguments: [
        (#"{"t":0,"type":"key","key":"shift"}"#,
         #"line 1: key: expected one of space, enter, up, down, left, right, home, end, escape, tab or shift+space (got "shift")"#),
        (#"{"t":0,"type":"key","key":"up","n":0}"#, #"line 1: n: expected a whole number from 1 to 1000000 (got 0)"#),
        (#"{"t":0,"type":"focus","section":1}"#, #"line 1: row: missing (expected a whole number from 1 to 10000000)"#),
        (#"{"t":0,"type":"focus","section":1,"row":2.5}"#, #"line 1: row: expected a whole number from 1 to 10000000 (got 2.5)"#),
        (#"{"t":0,"type":"focus","section":1,"row":2,"x":3}"#, #"line 1: "focus" takes no "x" (it takes section, row, time)"#),
        (#"{"t":0,"type":"down","x":1,"y":2,"key":"up"}"#, #"line 1: "down" takes no "key" (it takes x, y, time)"#),
        (#"{"t":0,"type":"action","section":1,"row":1,"action":"fly"}"#,
         #"line 1: action: expected one of move_up, move_down, move_to_start, move_to_end, "move_to_section N" or "move_to_list NAME" (got "fly")"#),
    ])
    func refusesMalformedKeyboardLines(line: String, message: String) {
        #expect(throws: TraceError.self) { try TraceCodec.decode(line) }
        do { _ = try TraceCodec.decode(line) } catch { #expect(error.description == message) }
    }

    /// A keyboard session recorded in the REPL replays to exactly its order, offset and events.
    @Test func aRecordedKeyboardSessionReplaysIdentically() throws {
        let dir = try temporaryDirectory()
        let trace = dir.appendingPathComponent("keys.jsonl").path
        let out = OutputBuffer()
        let console = Console.buffered(input: """
            :record \(trace)
            s:focus(1, 3) s:key("space") s:key("down", 4) s:tick(5) s:key("space")
            s:perform(1, 2, "move_to_end")
            s:perform(1, 1, "move_to_section", 2)
            s:focus(2, 15) s:key("enter") s:key("up", 3) s:tick(10) s:key("escape")
            s:tick(30)
            :stop
            print(table.concat(s:order(), "|"))
            print(string.format("%.17g %.17g", s:offset()))
            """, output: out, currentDirectory: packageRoot.path)
        let status = ReplDriver(console: console).run()
        #expect(status == 0, "\(out.text)")
        let lines = out.text.split(separator: "\n").map(String.init)
        let decoded = try TraceCodec.decode(try String(contentsOfFile: trace, encoding: .utf8))
        #expect(decoded.inputs.contains { $0.typeName == "key" })
        #expect(decoded.inputs.contains { $0.typeName == "action" })
        let outcome = try Replayer.replay(decoded, policy: nil, console: .buffered(output: OutputBuffer(), currentDirectory: packageRoot.path))
        #expect(outcome.order.flattened.map(\.id).joined(separator: "|") == lines[lines.count - 2])
        #expect(String(format: "%.17g %.17g", outcome.offset.x, outcome.offset.y) == lines[lines.count - 1])
        // The demo list (Today, Later; 15 each): a drag of four steps, two one-shot actions
        // (one step each), a drag of three steps cancelled.
        #expect(outcome.events.map(\.typeName) == ["begin", "move", "move", "move", "move", "end",
                                                   "begin", "move", "end", "begin", "move", "end",
                                                   "begin", "move", "move", "move", "cancel"])
    }
}
