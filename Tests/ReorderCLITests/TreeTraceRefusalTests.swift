import Foundation
import ReorderCore
import ReorderTestSupport
import Testing
@testable import ReorderCLI
@testable import ReorderTrace

/// A tree session has no trace: a `session` line holds sections of items, not a tree's parents
/// and collapsed nodes (``LayoutKind/traced``). Each way into a tree trace is an error naming
/// what was given, where a tree would otherwise have been replayed or fuzzed as a plain table.
@Suite struct TreeTraceRefusalTests {
    static let treeHeader = "{\"type\":\"session\",\"sections\":[[\"a\",\"b\"]],\"layout\":\"tree\"}\n"
        + "{\"t\":0,\"type\":\"down\",\"x\":10,\"y\":10}\n"

    /// The trace decoder, which `reorder replay`, `reorder render` and the playground's replay
    /// all read headers with.
    @Test func aTreeHeaderIsRefusedOnItsLine() {
        #expect(throws: TraceError(line: 1, message: #""layout": "tree" cannot be replayed: trees are not written into trace headers; "layout" must be "table", "grid" or "board""#)) {
            try TraceCodec.decode(Self.treeHeader)
        }
    }

    @Test func replayAndRenderNameTheFileAndLine() throws {
        let dir = try temporaryDirectory(prefix: "tree-trace", files: ["tree.jsonl": Self.treeHeader])
        defer { try? FileManager.default.removeItem(at: dir) }
        let message = #"tree.jsonl:1: "layout": "tree" cannot be replayed: trees are not written into trace headers; "layout" must be "table", "grid" or "board""#
        let (status, out, err) = try runReorder(["replay", "tree.jsonl"], directory: dir)
        #expect(status == 1)
        #expect(out == "")
        #expect(err == "reorder replay: \(message)\n")
        let (rstatus, _, rerr) = try runReorder(["render", "tree.jsonl", "--out", "tree.svg"], directory: dir)
        #expect(rstatus == 1)
        #expect(rerr.contains(message), "\(rerr)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("tree.svg").path))
    }

    /// `--layout tree` once fuzzed the tree's layout as a plain table.
    @Test func fuzzRefusesTreesAndSaysWhichLayoutsItFuzzes() throws {
        let (status, out, err) = try runReorder(["fuzz", "default", "--layout", "tree", "--runs", "1"])
        #expect(status == 64)
        #expect(out.isEmpty)
        #expect(err.hasPrefix("Error: --layout tree: trees are not fuzzed (a violation is written as a trace, and trees are not written into trace headers); the fuzzed layouts are table, grid or board\n"), "\(err)")
    }

    /// `:record` in a tree session would write its visible rows as a table's.
    @Test func recordRefusesATreeSessionAndWritesNothing() throws {
        let dir = try temporaryDirectory(prefix: "reorder-record")
        defer { try? FileManager.default.removeItem(at: dir) }
        let (status, out) = repl("""
            s = reorder.session{ layout = "tree", tree = { "a", { id = "b", children = { "b1" } } } }
            :record tree.jsonl

            """, directory: dir.path)
        #expect(status == 1)
        #expect(out.split(separator: "\n").map(String.init).contains(":record: a tree session cannot be recorded: trees are not written into trace headers"), "\(out)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("tree.jsonl").path))
    }
}
