import Foundation
import ReorderCore
import Testing
@testable import ReorderCLI
@testable import ReorderTrace

@Suite struct TraceCodecTests {
    @Test func writesTheDocumentedLines() {
        let trace = Trace(header: nil, inputs: [
            .down(0, Point(x: 120, y: 210)), .frame(1.0 / 60), .move(0.5, Point(x: 120.5, y: 300)),
            .up(0.75), .cancel(0.75),
        ])
        #expect(TraceCodec.encode(trace) == """
            {"type":"down","x":120.0,"y":210.0,"time":0.0}
            {"type":"frame","time":0.016666666666666666}
            {"type":"move","x":120.5,"y":300.0,"time":0.5}
            {"type":"up","time":0.75}
            {"type":"cancel","time":0.75}

            """)
    }

    /// The session line, byte for byte as the encoder wrote it before it went through the one
    /// JSON writer (string concatenation: members in this order, numbers as Swift's `\(d)`,
    /// booleans bare, `"`, newline and U+0001 escaped as `\"`, `\n`, `\u0001`).
    @Test func writesTheSessionLineByteForByte() {
        var header = Trace.Header(policy: "jx_movable", sections: [
            [Item("a"), Item(id: "m", title: "Mail", fields: ["finished": .bool(true), "height": .number(80)])],
            [Item("q\"\n\u{1}")],
        ])
        header.layout = .board
        header.titles = ["One", "Two"]
        header.rowHeight = 44
        header.headerHeight = 28
        header.board = ["spacing": 10, "inset": 50]
        header.viewport = Size(width: 375, height: 667)
        header.frameRate = 60
        header.offset = Point(x: 0, y: 96.5)
        header.listOffsets = [0, 120.5]
        #expect(TraceCodec.encode(header: header) == #"{"type":"session","policy":"jx_movable","layout":"board","#
            + #""sections":[["a",{"id":"m","title":"Mail","finished":true,"height":80.0}],["q\"\n\u0001"]],"#
            + #""titles":["One","Two"],"row_height":44.0,"header_height":28.0,"board":{"inset":50.0,"spacing":10.0},"#
            + #""viewport":{"width":375.0,"height":667.0},"frame_rate":60.0,"offset":{"x":0.0,"y":96.5},"#
            + #""list_offsets":[0.0,120.5]}"#)
    }

    @Test func roundTripsEveryBit() throws {
        var inputs: [TraceInput] = [.down(0.1, Point(x: 1.0 / 3, y: 2.0 / 7))]
        var t = 0.1
        for i in 1...200 {
            t += 1.0 / 60
            inputs.append(i % 3 == 0 ? .frame(t) : .move(t, Point(x: Double(i) * 0.1, y: 1e-7 * Double(i))))
        }
        inputs.append(.up(t))
        var header = Trace.Header(policy: "jx_movable", sections: [[Item("a"), Item(id: "m", title: "Mail", fields: ["finished": .bool(true), "height": .number(80)])], [Item("c")]])
        header.titles = ["One", "Two"]
        header.offset = Point(x: 0, y: 96.5)
        header.grid = ["item_width": 85, "item_height": 85, "spacing": 0.5]
        header.board = ["inset": 50, "spacing": 10]
        let decoded = try TraceCodec.decode(TraceCodec.encode(Trace(header: header, inputs: inputs)))
        #expect(decoded.inputs == inputs)
        #expect(decoded.header?.sections == header.sections)
        #expect(decoded.header?.titles == ["One", "Two"])
        #expect(decoded.header?.offset == Point(x: 0, y: 96.5))
        #expect(decoded.header?.policy == "jx_movable")
        #expect(decoded.header?.grid == ["item_width": 85, "item_height": 85, "spacing": 0.5])
        #expect(decoded.header?.board == ["inset": 50, "spacing": 10])
    }

    @Test func readsTheExampleFromTheDesign() throws {
        let trace = try TraceCodec.decode("{\"t\":0.0,\"type\":\"down\",\"x\":120,\"y\":210}\n\n{\"t\":1,\"type\":\"up\"}\n")
        #expect(trace.inputs == [.down(0, Point(x: 120, y: 210)), .up(1)])
        #expect(trace.header == nil)
    }

    /// Each bad line is reported with its number, the field and what it must be (the bounds
    /// are Vocabulary.Limits': x, y within ±1e7, time 0 to 1e9).
    @Test(arguments: [
        ("{\"t\":0,\"type\":\"down\",\"x\":1,\"y\":2}\n{\"t\":0.1,\"type\":\"move\",\"x\":1}", 2, "y: missing (expected a number from -1e7 to 1e7)"),
        ("{\"t\":0,\"type\":\"down\",\"x\":\"a\",\"y\":2}", 1, "x: expected a number from -1e7 to 1e7 (got a string)"),
        ("{\"t\":0,\"type\":\"hover\"}", 1, "type: unknown input \"hover\" (expected down, move, up, cancel, frame, focus, key, action, select, deselect, tap, toggle or pan)"),
        ("{\"t\":1,\"type\":\"frame\"}\n{\"t\":0.5,\"type\":\"up\"}", 2, "time goes backwards: time = 0.5 after 1.0"),
        ("{\"type\":\"up\"}", 1, "time: missing (expected a number from 0 to 1e9)"),
        ("{\"t\":-1,\"type\":\"up\"}", 1, "t: expected a number from 0 to 1e9 (got -1)"),
        ("{\"time\":-1,\"type\":\"up\"}", 1, "time: expected a number from 0 to 1e9 (got -1)"),
        ("{\"t\":1,\"time\":1,\"type\":\"up\"}", 1, "time: given twice, as \"time\" and as its old spelling \"t\""),
        ("[1,2]", 1, "expected a JSON object such as {\"type\":\"down\",\"x\":120,\"y\":210,\"time\":0.0}"),
        ("{\"t\":0,\"type\":\"up\",\"x\":3}", 1, "\"up\" takes no \"x\" (it takes time)"),
        ("{\"t\":0,\"type\":\"key\",\"key\":\"up\",\"z\":3}", 1, "\"key\" takes no \"z\" (it takes key, n, time)"),
        ("{\"t\":0,\"type\":\"up\"}\n{\"type\":\"session\",\"sections\":[]}", 2, "a \"session\" record may only be the first line"),
        ("{\"t\":0,\"type\":5}", 1, "type: expected one of down, move, up, cancel, frame, focus, key, action, select, deselect, tap, toggle or pan (got a number)"),
    ])
    func reportsBadLines(text: String, line: Int, message: String) {
        #expect(throws: TraceError(line: line, message: message)) { try TraceCodec.decode(text) }
    }

    /// Text that is not JSON is named so; a number past a double's range is out of its field's
    /// bound like any other.
    @Test func reportsInvalidJSONAndHugeNumbers() {
        for (text, message) in [("{\"t\":0,", "not valid JSON"),
                                ("{\"t\":1e999,\"type\":\"up\"}", "t: expected a number from 0 to 1e9 (got 1e999)")] {
            do {
                _ = try TraceCodec.decode("{\"t\":0,\"type\":\"frame\"}\n" + text)
                Issue.record("no error for \(text)")
            } catch {
                #expect(error.line == 2)
                #expect(error.message.hasPrefix(message))
            }
        }
    }

    /// A board's list offsets are written when some list is scrolled, and read back exactly.
    @Test func boardListOffsetsRoundTrip() throws {
        var header = Trace.Header(policy: "kanban", sections: [[Item("a")], [Item("b")], []])
        header.layout = .board
        header.listOffsets = [0, 120.5, 1.0 / 3]
        let text = TraceCodec.encode(Trace(header: header, inputs: []))
        #expect(text.hasSuffix(#","offset":{"x":0.0,"y":0.0},"list_offsets":[0.0,120.5,0.3333333333333333]}"# + "\n"))
        #expect(try TraceCodec.decode(text).header?.listOffsets == [0, 120.5, 1.0 / 3])
        // Lists at the top, or a layout without lists: no field, and nothing read back.
        header.listOffsets = [0, 0, 0]
        #expect(!TraceCodec.encode(Trace(header: header, inputs: [])).contains("list_offsets"))
        #expect(try TraceCodec.decode(TraceCodec.encode(Trace(header: header, inputs: []))).header?.listOffsets == [])
        header.layout = .table
        header.listOffsets = [5, 5, 5]
        #expect(!TraceCodec.encode(Trace(header: header, inputs: [])).contains("list_offsets"))
    }

    /// A bad `list_offsets` names its line and what was expected.
    @Test(arguments: [
        (#""list_offsets":[1]"#, #""list_offsets" must be a list of 2 numbers, one per list, got 1"#),
        (#""list_offsets":{"a":1}"#, #""list_offsets" must be a list of 2 numbers, one per list"#),
        (#""list_offsets":[0,"a"]"#, #""list_offsets" must be a list of 2 numbers, one per list: list 2 is not a number"#),
        (#""list_offsets":[true,0]"#, #""list_offsets" must be a list of 2 numbers, one per list: list 1 is not a number"#),
        (#""list_offsets":[0,-1]"#,
         #""list_offsets" must be a list of 2 numbers, one per list: list 2 must be finite and not negative, got -1.0"#),
        (#""layout":"table","list_offsets":[0,1]"#,
         #""list_offsets" is only for "layout": "board" (this session's layout is "table")"#),
    ])
    func malformedListOffsets(field: String, message: String) {
        var layout = #""layout":"board","#
        if field.contains("\"layout\"") { layout = "" }
        let text = "\n" + #"{"type":"session","sections":[["a"],["b"]],"# + layout + field + "}\n"
            + #"{"t":0,"type":"up"}"#
        #expect(throws: TraceError(line: 2, message: message)) { try TraceCodec.decode(text) }
    }
}
