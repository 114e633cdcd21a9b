import Foundation
import ReorderCore
import ReorderTestSupport
import Testing
@testable import ReorderCLI
@testable import ReorderTrace

/// A trace's `session` line is checked as `reorder.session{...}` checks its options (one
/// validator, ReorderCore's Validation.swift). Before, it accepted duplicate ids (replay then
/// printed `a, b, a`), zero or negative row height, viewport and header height, zero grid
/// geometry and a board inset wider than the board, with exit 0 and no message.
@Suite struct TraceHeaderValidationTests {
    /// The error decoding a trace whose first line is `{"type":"session",<fields>}` and whose
    /// second line is a press.
    func error(_ fields: String) -> TraceError? {
        let text = "{\"type\":\"session\",\(fields)}\n{\"t\":0,\"type\":\"down\",\"x\":10,\"y\":10}\n"
        do {
            _ = try TraceCodec.decode(text)
            return nil
        } catch {
            return error
        }
    }

    static let ab = "\"sections\":[[\"a\",\"b\"]]"

    @Test func duplicateIdsAreRefused() {
        #expect(error("\"sections\":[[\"a\",\"b\",\"a\"]]")
                == TraceError(line: 1, message: "duplicate item id 'a' (section 1, row 3): ids must be unique"))
        // Across sections, and an object item with the id of a plain one.
        #expect(error("\"sections\":[[\"a\"],[{\"id\":\"a\",\"title\":\"A\"}]]")
                == TraceError(line: 1, message: "duplicate item id 'a' (section 2, row 1): ids must be unique"))
    }

    @Test(arguments: [
        ("\"row_height\":0", "row_height: 0 is out of range (0 < row_height <= 100000)"),
        ("\"row_height\":-44", "row_height: -44 is out of range (0 < row_height <= 100000)"),
        ("\"header_height\":-28", "header_height: -28 is out of range (0 <= header_height <= 100000)"),
        ("\"viewport\":{\"width\":0,\"height\":667}", "viewport.width: 0 is out of range (0 < viewport.width <= 100000)"),
        ("\"viewport\":{\"width\":375,\"height\":-1}", "viewport.height: -1 is out of range (0 < viewport.height <= 100000)"),
        ("\"viewport\":{\"width\":1e300,\"height\":667}", "viewport.width: 1e+300 is out of range (0 < viewport.width <= 100000)"),
        ("\"frame_rate\":1e300", "frame_rate: 1e+300 is out of range (1 <= frame_rate <= 1000)"),
        ("\"frame_rate\":0", "frame_rate: 0 is out of range (1 <= frame_rate <= 1000)"),
    ])
    func heightsViewportAndFrameRate(_ field: String, _ message: String) {
        #expect(error(Self.ab + "," + field) == TraceError(line: 1, message: message))
    }

    @Test(arguments: [
        ("\"layout\":\"grid\",\"grid\":{\"item_width\":0}", "grid.item_width: 0 is out of range (1 <= grid.item_width <= 100000)"),
        ("\"layout\":\"grid\",\"grid\":{\"item_height\":1e-300}", "grid.item_height: 1e-300 is out of range (1 <= grid.item_height <= 100000)"),
        ("\"layout\":\"grid\",\"grid\":{\"columns\":0}", "grid.columns must be a whole number from 1 to 100000, got 0"),
        ("\"layout\":\"grid\",\"grid\":{\"columns\":2.5}", "grid.columns must be a whole number from 1 to 100000, got 2.5"),
        ("\"layout\":\"grid\",\"grid\":{\"spacing\":-1}", "grid.spacing: -1 is out of range (0 <= grid.spacing <= 100000)"),
        ("\"layout\":\"grid\",\"grid\":{\"inset_top\":1e6}", "grid.inset_top: 1000000 is out of range (0 <= grid.inset_top <= 100000)"),
        ("\"layout\":\"board\",\"board\":{\"inset\":400}", "board.inset must be less than the viewport width (375), got 400"),
        ("\"layout\":\"board\",\"board\":{\"inset\":-5}", "board.inset: -5 is out of range (0 <= board.inset <= 100000)"),
        ("\"layout\":\"board\",\"board\":{\"spacing\":1e300}", "board.spacing: 1e+300 is out of range (0 <= board.spacing <= 100000)"),
    ])
    func gridAndBoardGeometry(_ field: String, _ message: String) {
        #expect(error(Self.ab + "," + field) == TraceError(line: 1, message: message))
    }

    @Test func otherHeaderErrorsAreUnchanged() {
        #expect(error(Self.ab + ",\"layout\":\"spiral\"")
                == TraceError(line: 1, message: "\"layout\" must be \"table\", \"grid\", \"board\" or \"tree\""))
        #expect(error(Self.ab + ",\"grid\":{\"size\":3}") == TraceError(line: 1, message: "unknown grid field \"size\""))
        #expect(error("\"sections\":[[{\"id\":\"a\",\"height\":1e300}]]")
                == TraceError(line: 1, message: "item 'a' (section 1, row 1): height: 1e+300 is out of range (0 <= height <= 100000)"))
    }

    @Test func aValidHeaderStillDecodesAndRoundTrips() throws {
        var header = Trace.Header(policy: "kanban", sections: [[Item("a"), Item("b")], [Item("c")]])
        header.layout = .board
        header.board = ["inset": 50, "spacing": 10]
        header.headerHeight = 44
        header.frameRate = 120
        let text = TraceCodec.encode(Trace(header: header, inputs: [.down(0, Point(x: 10, y: 60)), .up(0.5)]))
        let decoded = try TraceCodec.decode(text)
        #expect(decoded.header?.geometry == header.geometry)
        #expect(decoded.header?.sections == header.sections)
        #expect(decoded.inputs == [.down(0, Point(x: 10, y: 60)), .up(0.5)])
    }

    /// `reorder replay` of a trace with duplicate ids: refused with the file and line, before
    /// any input is replayed (it printed `1: a, b, a` and exited 0).
    @Test func replayRefusesDuplicateIdsWithFileAndLine() throws {
        let dir = try temporaryDirectory()
        try "{\"type\":\"session\",\"sections\":[[\"a\",\"b\",\"a\"]]}\n{\"t\":0,\"type\":\"down\",\"x\":10,\"y\":10}\n"
            .write(to: dir.appendingPathComponent("dup.jsonl"), atomically: true, encoding: .utf8)
        let out = OutputBuffer(), err = OutputBuffer()
        let console = Console.buffered(input: "", output: out, errors: err, currentDirectory: dir.path)
        let status = Replayer.run(tracePath: "dup.jsonl", policy: nil, json: false, console: console)
        #expect(status == 1)
        #expect(out.text == "")
        #expect(err.text == "reorder replay: dup.jsonl:1: duplicate item id 'a' (section 1, row 3): ids must be unique\n")
    }

    /// A bad policy named on a trace's session line: the policy's own
    /// `FILE:LINE` and what is wrong, without the name of the Lua function the session API
    /// gives it (`reorder.session:`), as `reorder --policy` reports it.
    @Test func aBadPolicyOnTheSessionLineIsReportedAtItsLine() throws {
        let dir = try temporaryDirectory()
        try "return {\n  name = \"bad\",\n  edge_scroll = { axes = \"diagonal\" },\n}\n"
            .write(to: dir.appendingPathComponent("bad.lua"), atomically: true, encoding: .utf8)
        try "{\"type\":\"session\",\"policy\":\"bad.lua\",\"sections\":[[\"a\",\"b\"]]}\n{\"t\":0,\"type\":\"down\",\"x\":10,\"y\":10}\n"
            .write(to: dir.appendingPathComponent("t.jsonl"), atomically: true, encoding: .utf8)
        let out = OutputBuffer(), err = OutputBuffer()
        let console = Console.buffered(input: "", output: out, errors: err, currentDirectory: dir.path)
        let status = Replayer.run(tracePath: "t.jsonl", policy: nil, json: false, console: console)
        #expect(status == 1)
        #expect(out.text == "")
        // bad.lua line 3 sets edge_scroll.axes (docs/POLICIES.md: "vertical", "horizontal", "both").
        #expect(err.text == "reorder replay: bad.lua:3: edge_scroll.axes: expected \"vertical\", \"horizontal\", \"both\" or \"main\", got string \"diagonal\"\n")
    }
}
