import Foundation
import ReorderTestSupport
import Testing
@testable import ReorderCLI
@testable import ReorderTrace
@testable import ReorderLua
@testable import ReorderScripting
import ReorderCore

/// `reorder repl --layout grid|board`: the REPL starts on the home-button grid or the task board.
@Suite struct LayoutDemoTests {
    func repl(_ input: String, layout: SessionOptions.LayoutKind, policy: String? = nil) -> (Int32, String) {
        let out = OutputBuffer()
        let console = Console.buffered(input: input, output: out, currentDirectory: packageRoot.path)
        let status = ReplDriver(console: console, policy: policy, layout: layout).run()
        return (status, out.text)
    }

    @Test func gridDemoIsTheHomeButtonGrid() {
        let (status, out) = repl("""
            s:policy()
            #s:order()
            s:drag(1, 2, 1, 11)
            s:order()[11]
            s:show()
            """, layout: .grid)
        #expect(status == 0, "\(out)")
        let lines = out.split(separator: "\n").map(String.init)
        #expect(Array(lines.prefix(4)) == ["\"grid_home\"", "14", "true", "\"Grades\""])
        #expect(out.contains("grid_home | idle | offset 0,0 (max 0,0)"))
        #expect(out.contains("| 1.1 Homework     1.2 Timetable   1.3 Notices      1.4 Attendanc  |"))
        #expect(out.contains("grid 4 columns of 81.25 x 85 pt | no scrolling (content fits)"))
    }

    @Test func boardDemoIsTheTaskBoard() {
        let (status, out) = repl("""
            s:policy()
            s:page()
            s:press_item(1, 1)
            s:hold(0.5)
            s:state()
            s:events()[1].type
            s:show()
            """, layout: .board)
        #expect(status == 0, "\(out)")
        let lines = out.split(separator: "\n").map(String.init)
        #expect(Array(lines.prefix(4)) == ["\"kanban\"", "1\t3", "\"idle\"", "\"refuse\""])   // "Standup" is finished
        #expect(out.contains("== today (16) =="))
        #expect(out.contains("1.1 Standup (finished)"))
        #expect(out.contains("page 1/3 | list scroll today 0/81, next 0/0 | zones < 60 pt >, ^ 150 pt v"))
    }

    @Test func anExplicitPolicyWins() {
        let (status, out) = repl("s:policy()\n", layout: .grid, policy: "uikit")
        #expect(status == 0)
        #expect(out == "\"uikit\"\n")
    }

    /// A drag recorded on the board replays on the same board (its geometry is in the trace).
    @Test func recordedBoardDragReplays() throws {
        let dir = try temporaryDirectory()
        let trace = dir.appendingPathComponent("board.jsonl").path
        let (status, out) = repl("""
            :record \(trace)
            s:press_item(1, 2) s:hold(0.75) s:move(370, 300) s:hold(0.4) s:move(200, 300, 0.1) s:release() s:advance(0.3)
            :stop
            ids = {} for i, item in ipairs(s:order()) do ids[i] = item.id end
            print(table.concat(ids, "|"))
            print(s:offset())
            """, layout: .board)
        #expect(status == 0, "\(out)")
        let lines = out.split(separator: "\n").map(String.init)
        let decoded = try TraceCodec.decode(try String(contentsOfFile: trace, encoding: .utf8))
        #expect(decoded.header?.layout == .board)
        #expect(decoded.header?.board == ["inset": 50, "spacing": 10])
        #expect(decoded.header?.headerHeight == 44)
        let outcome = try Replayer.replay(decoded, policy: nil,
                                          console: .buffered(output: OutputBuffer(), currentDirectory: packageRoot.path))
        #expect(outcome.order.flattened.map(\.id).joined(separator: "|") == lines[lines.count - 2])
        #expect(lines[lines.count - 1] == "335.0\t0.0")   // 1100 pt/s for 0.4 s, snapped to page 2
        #expect(outcome.offset == Point(x: 335, y: 0))
    }

    /// Recording after a list was scrolled keeps the list's scroll in the trace: the replay
    /// starts from the same lists and ends with the same order, offset and list offsets.
    @Test func recordedBoardDragFromAScrolledListReplays() throws {
        let dir = try temporaryDirectory()
        let trace = dir.appendingPathComponent("scrolled.jsonl").path
        let (status, out) = repl("""
            s:press_item(1, 2) s:hold(0.75) s:move(187, 640) s:hold(0.3) s:move(187, 300, 0.1) s:release() s:advance(0.3)
            print(s:list_offset(1), s:list_offset(2), s:list_offset(3))
            :record \(trace)
            s:press(187, 200) s:hold(0.75) s:move(187, 640) s:hold(0.2) s:move(370, 400) s:hold(0.3) s:move(200, 400, 0.1) s:release() s:advance(0.3)
            :stop
            ids = {} for i, item in ipairs(s:order()) do ids[i] = item.id end
            print(table.concat(ids, "|"))
            print(s:offset())
            print(s:list_offset(1), s:list_offset(2), s:list_offset(3))
            """, layout: .board)
        #expect(status == 0, "\(out)")
        let lines = out.split(separator: "\n").map(String.init)
        let numbers = { (line: String) in line.split(separator: "\t").compactMap { Double(String($0)) } }
        let atRecord = numbers(lines[0])
        #expect(atRecord.count == 3 && atRecord[0] > 0, "\(out)")
        let decoded = try TraceCodec.decode(try String(contentsOfFile: trace, encoding: .utf8))
        #expect(decoded.header?.listOffsets == atRecord)
        let console = Console.buffered(output: OutputBuffer(), currentDirectory: packageRoot.path)
        let outcome = try Replayer.replay(decoded, policy: nil, console: console)
        #expect(outcome.order.flattened.map(\.id).joined(separator: "|") == lines[lines.count - 3])
        #expect("\(outcome.offset.x)\t\(outcome.offset.y)" == lines[lines.count - 2])
        #expect(outcome.listOffsets == numbers(lines[lines.count - 1]))
        #expect(outcome.listOffsets != atRecord)           // the recorded drag scrolled too
        // From unscrolled lists (a trace without the field) the same inputs end elsewhere.
        var unscrolled = decoded
        unscrolled.header?.listOffsets = []
        let diverged = try Replayer.replay(unscrolled, policy: nil, console: console)
        #expect(diverged.order != outcome.order || diverged.listOffsets != outcome.listOffsets)
    }

    /// A Lua policy's speed hook sees, as `ctx.offset.y`, the scroll of the list being dragged
    /// in (the board's own offset stays at y = 0), before each frame's step.
    @Test func luaSpeedHookSeesTheDraggedListsScroll() {
        let (status, out) = repl("""
            seen = {}
            o = reorder.demo(nil, "board")
            o.policy = { extends = "kanban", edge_scroll = { axes = "vertical",
              speed = function(ctx, depth, zone, elapsed, axis) seen[#seen + 1] = ctx.offset.y; return 600 end } }
            b = reorder.session(o)
            b:press_item(1, 2) b:hold(0.75) b:move(187, 640)
            mismatches, calls = 0, 0
            for i = 1, 12 do
              local before, n = b:list_offset(1), #seen
              b:tick(1)
              calls = calls + #seen - n
              if #seen > n and seen[#seen] ~= before then mismatches = mismatches + 1 end
            end
            print(calls, mismatches, b:list_offset(1) > 0, select(2, b:offset()))
            """, layout: .board)
        #expect(status == 0, "\(out)")
        #expect(out.split(separator: "\n").last == "12\t0\ttrue\t0.0")
    }

    @Test func gridGeometryRoundTripsThroughTheTraceHeader() throws {
        var header = Trace.Header(policy: "grid_home", sections: [[Item("a"), Item("b")]])
        header.layout = .grid
        header.grid = ["item_width": 81.25, "item_height": 85, "spacing": 0.1]
        let text = TraceCodec.encode(Trace(header: header, inputs: []))
        #expect(text.contains(#""grid":{"item_height":85.0,"item_width":81.25,"spacing":0.1}"#))
        #expect(try TraceCodec.decode(text).header?.grid == header.grid)
        #expect(try TraceCodec.decode(text).header?.geometry == header.geometry)
        #expect(throws: TraceError(line: 1, message: #""layout" must be "table", "grid", "board" or "tree""#)) {
            try TraceCodec.decode(#"{"type":"session","sections":[],"layout":"hex"}"#)
        }
        #expect(throws: TraceError.self) {
            try TraceCodec.decode(#"{"type":"session","sections":[],"grid":{"size":3}}"#)
        }
    }
}
