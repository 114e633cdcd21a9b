import Foundation
import ReorderCore
import ReorderScripting
import ReorderTestSupport
import Testing
@testable import ReorderCLI
@testable import ReorderTrace

/// Tree sessions in traces: the `session` line carries `"layout":"tree"` and the nested tree,
/// a `toggle` input is recorded and replayed, and a recorded drag that nests a node replays to
/// the same events and tree.
@Suite struct TreeTraceTests {
    static let treeSession = #"s = reorder.session{ layout = "tree", tree = { "a", { id = "b", title = "Bee", children = { "b1" } }, "c" } }"#

    /// The REPL's `:record` on a tree session; `reorder replay` of the file. c (row 4) is dragged
    /// up over b1 (row 3) with no sideways travel: in the rows after the move (a, b, c, b1) `prev`
    /// is b at depth 0 and `next` b1 at depth 1, so dnd-kit's projection (utilities.ts
    /// `getProjection`: min = next.depth = 1, max = prev.depth + 1 = 1) nests c under b, first.
    @Test func aRecordedTreeDragReplaysToTheSameEventsAndTree() throws {
        let dir = try temporaryDirectory(prefix: "tree-record")
        defer { try? FileManager.default.removeItem(at: dir) }
        let trace = dir.appendingPathComponent("tree.jsonl").path
        let out = OutputBuffer()
        let console = Console.buffered(input: """
            \(Self.treeSession)
            :record \(trace)
            s:toggle(1, 2) s:toggle(1, 2)
            s:press_item(1, 4) s:hold(0.6) s:move_to_item(1, 3, 0.3) s:hold(0.1) s:release() s:hold(1)
            :stop
            t = {} for _, e in ipairs(s:events()) do t[#t + 1] = string.format("%s@%.17g", e.type, e.time) end
            print(table.concat(t, " "))
            print(table.concat(s:order(), " "))
            """, output: out, currentDirectory: dir.path)
        let status = ReplDriver(console: console).run()
        #expect(status == 0, "\(out.text)")
        let lines = out.text.split(separator: "\n").map(String.init)
        let text = try String(contentsOfFile: trace, encoding: .utf8)
        // The header holds the tree as it was when recording began, items whole.
        #expect(text.hasPrefix(#"{"type":"session","policy":"default","layout":"tree","tree":["a",{"id":"b","title":"Bee","children":["b1"]},"c"],"row_height":44.0,"#), "\(text.prefix(200))")
        let decoded = try TraceCodec.decode(text)
        #expect(decoded.inputs.filter { $0.typeName == "toggle" }.count == 2)
        let console2 = Console.buffered(output: OutputBuffer(), currentDirectory: dir.path)
        let outcome = try Replayer.replay(decoded, policy: nil, console: console2)
        #expect(outcome.tree?.nested().map(\.description) == ["a", "b(c, b1)"])
        #expect(outcome.order.flattened.map(\.id).joined(separator: " ") == lines[lines.count - 1])
        #expect(lines[lines.count - 1] == "a b c b1")
        let replayed = outcome.events.map { "\($0.typeName)@\(String(format: "%.17g", $0.time))" }.joined(separator: " ")
        #expect(replayed == lines[lines.count - 2])
        #expect(outcome.events.map(\.typeName).first == "begin" && outcome.events.map(\.typeName).last == "end")
        // Replayed with recording on, the session writes the same file, byte for byte.
        let host = try Replayer.diagnosticsHost(console2)
        let session = try Replayer.makeSession(for: Trace(header: decoded.header, inputs: []), policy: nil, host: host, console: console2)
        let header = Trace.Header(recording: session, policy: decoded.header?.policy)
        for input in decoded.inputs { session.simulator.apply(input) }
        #expect(TraceCodec.encode(Trace(header: header, inputs: session.simulator.inputs)) == text)
        // `reorder replay` prints the tree.
        let (rstatus, rout, _) = try runReorder(["replay", "tree.jsonl"], directory: dir)
        #expect(rstatus == 0)
        #expect(rout.contains("\nitems:\n  1: a, b, c, b1\ntree: a, b(c, b1)\n"), "\(rout)")
        let (jstatus, jout, _) = try runReorder(["replay", "tree.jsonl", "--json"], directory: dir)
        #expect(jstatus == 0)
        #expect(jout.contains(#""items":[["a","b","c","b1"]],"tree":["a",{"id":"b","children":["c","b1"]}],"offset""#), "\(jout)")
    }

    @Test func aTreeHeaderRoundTrips() throws {
        var h = Trace.Header(policy: "default", sections: [], geometry: SessionGeometry(layout: .tree))
        h.tree = [TreeNodeDescription(item: Item(id: "a", title: "A", fields: ["n": .number(2)]), children: ["a1"], collapsed: true), "b"]
        let line = TraceCodec.encode(header: h)
        #expect(line.contains(#""layout":"tree","tree":[{"id":"a","title":"A","n":2.0,"children":["a1"],"collapsed":true},"b"]"#), "\(line)")
        let back = try TraceCodec.decode(line + "\n").header
        #expect(back?.tree == h.tree)
        #expect(back?.layout == .tree)
        #expect(back?.sections == [])
    }

    /// A tree header that is not one is refused on its line, naming what was wrong.
    @Test(arguments: [
        (#"{"type":"session","layout":"tree","sections":[["a"]]}"#,
         #"line 1: a session of layout "tree" needs "tree": ["a", {"id": "b", "children": [...]}, ...]"#),
        (#"{"type":"session","layout":"tree","tree":["a"],"sections":[["a"]]}"#,
         #"line 1: a session of layout "tree" gives its nodes in "tree", not "sections""#),
        (#"{"type":"session","tree":["a"],"sections":[["a"]]}"#,
         #"line 1: "tree" is the tree layout's: give "layout": "tree" with it"#),
        (#"{"type":"session","layout":"tree","tree":["a",{"id":"b","children":[3]}]}"#,
         #"line 1: tree[2].children[1] must be a string or an object with an "id""#),
        (#"{"type":"session","layout":"tree","tree":["a",{"id":"b","children":["a"]}]}"#,
         #"line 1: tree[2].children[1]: duplicate id "a" (first at tree[1]): ids must be unique"#),
        (#"{"type":"session","layout":"tree","tree":[{"id":"b","collapsed":1}]}"#,
         #"line 1: tree[1].collapsed must be a boolean, got a number"#),
        (#"{"type":"session","layout":"leaf","sections":[]}"#,
         #"line 1: "layout" must be "table", "grid", "board" or "tree""#),
    ])
    func badTreeHeadersAreRefused(line: String, message: String) {
        do {
            _ = try TraceCodec.decode(line + "\n")
            Issue.record("decoded \(line)")
        } catch {
            #expect(error.description == message)
        }
    }

    /// `reorder replay` names the file and line of a bad tree header.
    @Test func replayNamesTheFileAndLine() throws {
        let dir = try temporaryDirectory(prefix: "tree-trace", files: [
            "tree.jsonl": #"{"type":"session","layout":"tree","tree":["a","a"]}"# + "\n",
        ])
        defer { try? FileManager.default.removeItem(at: dir) }
        let (status, out, err) = try runReorder(["replay", "tree.jsonl"], directory: dir)
        #expect(status == 1)
        #expect(out == "")
        #expect(err == "reorder replay: tree.jsonl:1: tree[2]: duplicate id \"a\" (first at tree[1]): ids must be unique\n")
    }
}
