import Foundation
import ReorderTestSupport
import Testing

/// `reorder fuzz` through the real binary: exit statuses, messages, files written or not.
@Suite("reorder fuzz end to end")
struct FuzzEndToEndTests {
    @Test func aCleanRunExitsZero() throws {
        let (status, out, err) = try runReorder(["fuzz", "uikit", "--runs", "5", "--seed", "1"])
        #expect(status == 0, "\(err)")
        #expect(out.hasPrefix("5 runs, "))
        #expect(out.hasSuffix(": no violation (seed 1)\n"), "\(out)")
    }

    @Test func aViolationExitsOneAndItsTraceReplays() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try """
            return {
              name = "leaky", extends = "jx_movable", api = 1,
              can_move = function(ctx, section, row)
                local item = ctx.item(section, row)
                return not (type(item) == "table" and (item.locked or item.finished))
              end,
              target = function(ctx, from_s, from_r, to_s, to_r) return to_s, to_r end,
            }
            """.write(to: dir.appendingPathComponent("leaky.lua"), atomically: true, encoding: .utf8)
        let (status, out, _) = try runReorder(["fuzz", "leaky.lua", "--strict-locks", "--runs", "300", "--seed", "11",
                                               "--out", "found.jsonl"], directory: dir)
        #expect(status == 1)
        #expect(out.contains("VIOLATION"), "\(out)")
        let trace = dir.appendingPathComponent("found.jsonl").path
        #expect(out.contains("  replay: reorder replay \(trace) --policy leaky.lua\n"), "\(out)")
        let (replayStatus, replayOut, replayErr) = try runReorder(["replay", trace, "--policy", "leaky.lua"], directory: dir)
        #expect(replayStatus == 0, "\(replayErr)")
        #expect(replayOut.hasPrefix("policy leaky"), "\(replayOut)")
    }

    /// `--layout tree` fuzzes trees: a `can_nest` that always fails is found once a drag asks it
    /// (a `hook_error`), shrunk, and written as a trace whose session line holds the tree; the
    /// trace replays on that tree and shows the same failure.
    @Test func aTreeViolationIsWrittenAsATreeTraceThatReplays() throws {
        let dir = try temporaryDirectory(prefix: "tree-fuzz", files: ["nestfail.lua": """
            return {
              name = "nestfail", extends = "default", api = 1,
              can_nest = function(ctx, item, parent) return item:nope() end,
            }
            """])
        defer { try? FileManager.default.removeItem(at: dir) }
        let (status, out, _) = try runReorder(["fuzz", "nestfail.lua", "--layout", "tree", "--runs", "50", "--seed", "3",
                                               "--out", "found.jsonl"], directory: dir)
        #expect(status == 1)
        #expect(out.contains("hook_error after input "), "\(out)")
        #expect(out.contains("nestfail.lua:3: can_nest: attempt to call a nil value (method 'nope')"), "\(out)")
        let text = try String(contentsOf: dir.appendingPathComponent("found.jsonl"), encoding: .utf8)
        #expect(text.hasPrefix(#"{"type":"session","policy":"nestfail.lua","layout":"tree","tree":["#), "\(text.prefix(120))")
        let (replayStatus, replayOut, replayErr) = try runReorder(["replay", "found.jsonl"], directory: dir)
        #expect(replayStatus == 1)
        #expect(replayOut.contains("\ntree: "), "\(replayOut)")
        #expect(replayErr.contains("nestfail.lua:3: can_nest: attempt to call a nil value (method 'nope')"), "\(replayErr)")
    }

    @Test(arguments: [
        (["fuzz", "default", "--layout", "hexagon"], "hexagon"),
        (["fuzz", "default", "--runs", "0"], "--runs must be at least 1, got 0"),
        (["fuzz", "default", "--seed", "abc"], "abc"),
        (["fuzz", "default", "--seed", "-3"], "--seed"),
        (["fuzz", "default", "--frobnicate"], "--frobnicate"),
        (["fuzz"], "POLICY"),
        (["fuzz", "default", "--sandbox"], "--sandbox"),
        (["fuzz", "--sandbox", "--runs", "0"], "--runs must be at least 1, got 0"),
        (["fuzz", "default", "--cases", "5"], "--cases counts the differential cases of --sandbox"),
        (["fuzz", "--sandbox", "--cases=-1"], "--cases must be at least 0, got -1"),
    ])
    func badOptionsAreUsageErrors(_ arguments: [String], _ mentioned: String) throws {
        let (status, out, err) = try runReorder(arguments)
        #expect(status == 64, "\(arguments): \(status) \(out) \(err)")
        #expect(err.lowercased().contains(mentioned.lowercased()), "\(arguments): \(err)")
        #expect(out.isEmpty)
    }

    @Test func aPolicyThatDoesNotLoadWritesNothing() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try "return { name = \"bad\", api = 1, min_press_duration = \"slow\" }\n"
            .write(to: dir.appendingPathComponent("bad.lua"), atomically: true, encoding: .utf8)
        for policy in ["bad.lua", "missing.lua", "no_such_builtin"] {
            let (status, out, err) = try runReorder(["fuzz", policy, "--runs", "3", "--out", "t.jsonl"], directory: dir)
            #expect(status == 1, "\(policy)")
            #expect(err.hasPrefix("reorder fuzz: "), "\(policy): \(err)")
            #expect(out.isEmpty)
            #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("t.jsonl").path))
        }
    }
}
