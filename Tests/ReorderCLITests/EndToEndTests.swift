import Foundation
import ReorderTestSupport
import Testing
@testable import ReorderCLI

/// The real `reorder` binary, as a user runs it.
@Suite(.serialized) struct EndToEndTests {
    @Test func pipedREPLWorksWithoutATerminal() throws {
        let (status, out, err) = try runReorder([], input: "s:drag(1, 2, 1, 9)\ns:order()[9]\n#s:events()\n")
        #expect(status == 0)
        #expect(err == "")
        #expect(out == "true\n\"Standup\"\n9\n")   // no banner, no prompts
    }

    @Test func pipedREPLExitsOneOnAnError() throws {
        let (status, out, _) = try runReorder(["repl", "--policy", "jx_movable"], input: "s:policy()\nerror('x')\n")
        #expect(status == 1)
        // The error, then Lua's traceback: `error` called from the chunk typed.
        #expect(out == "\"jx_movable\"\nstdin:1: x\nstack traceback:\n\t[C]: in function 'error'\n\tstdin:1: in main chunk\n")
    }

    @Test func showHasNoColourWhenPiped() throws {
        let (_, out, _) = try runReorder([], input: "s:press_item(1, 1) s:hold(1) s:show()\n")
        #expect(!out.contains("\u{1B}["))
        #expect(out.contains("snapshot [Inbox zero] at 187.5,50"))
    }

    @Test func testCommandOnFixtures() throws {
        let (status, out, _) = try runReorder(["test", "Tests/ReorderCLITests/Fixtures/specs"])
        #expect(status == 1)
        #expect(out.hasSuffix("\n7 passed, 4 failed, 2 pending\n"))
    }

    /// Lua's own LUA_PATH_5_4 / LUA_CPATH_5_4 pointed at an empty folder: no busted, and the
    /// command names the Debian package and exits 1.
    @Test func testCommandWithoutBusted() throws {
        let dir = try temporaryDirectory()
        let (status, out, err) = try runReorder(["test"], environment: [
            "LUA_PATH_5_4": dir.path + "/?.lua", "LUA_CPATH_5_4": dir.path + "/?.so",
        ])
        #expect(status == 1)
        #expect(out == "")
        #expect(err.hasSuffix("Install Debian's package: apt-get install lua-busted\n"), "\(err)")
    }

    @Test func testCommandDefaultsToPolicies() throws {
        let (status, out, _) = try runReorder(["test"])
        #expect(status == 0, "\(out)")
        #expect(out.contains("Policies/spec/jx_movable_spec.lua"))
        #expect(out.hasSuffix(" passed, 0 failed\n"))
    }

    @Test func runScriptWithArguments() throws {
        let dir = try temporaryDirectory()
        let script = dir.appendingPathComponent("demo.lua")
        try """
            local s = reorder.session{ policy = arg[1], sections = { {"a", "b", "c"} } }
            s:drag(1, 1, 1, 3)
            print(table.concat(s:order(), " "))
            error("stop here")
            """.write(to: script, atomically: true, encoding: .utf8)
        let (status, out, err) = try runReorder(["run", "demo.lua", "uikit"], directory: dir)
        #expect(status == 1)
        #expect(out == "b c a\n")
        // The message, then Lua's traceback as lua.c prints it: `error` is a C
        // function called from line 4 of the main chunk (lua5.4 demo.lua prints the same frames
        // plus its own "[C]: in ?" for the C code that called the chunk).
        #expect(err == """
            reorder run: demo.lua:4: stop here
            stack traceback:
            \t[C]: in function 'error'
            \tdemo.lua:4: in main chunk

            """)
    }

    @Test func recordThenReplayWithJSON() throws {
        let dir = try temporaryDirectory()
        let (status, out, _) = try runReorder([], input: """
            :policy cookbook
            :record drag.jsonl
            s:drag(1, 5, 1, 2)
            :stop
            print(table.concat(s:items()[1], "|"))
            """, directory: dir)
        #expect(status == 0)
        let recorded = out.split(separator: "\n").last.map(String.init) ?? ""
        let (rstatus, json, rerr) = try runReorder(["replay", "drag.jsonl", "--json"], directory: dir)
        #expect(rstatus == 0, "\(rerr)")
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        let items = object?["items"] as? [[String]]
        #expect(items?.first?.joined(separator: "|") == recorded)
        #expect(object?["policy"] as? String == "cookbook")
        #expect(object?["state"] as? String == "idle")
        let events = object?["events"] as? [[String: Any]]
        #expect(events?.first?["type"] as? String == "begin")
        #expect(events?.last?["type"] as? String == "end")
    }

    @Test func replayReportsTheBadLine() throws {
        let dir = try temporaryDirectory()
        try "{\"t\":0,\"type\":\"down\",\"x\":10,\"y\":30}\n{\"t\":0.1,\"type\":\"move\",\"x\":10}\n"
            .write(to: dir.appendingPathComponent("bad.jsonl"), atomically: true, encoding: .utf8)
        let (status, out, err) = try runReorder(["replay", "bad.jsonl", "--policy", "uikit"], directory: dir)
        #expect(status == 1)
        #expect(out == "")
        #expect(err == "reorder replay: bad.jsonl:2: y: missing (expected a number from -1e7 to 1e7)\n")
    }

    /// An empty trace is an error, not a replay of the demo list.
    @Test func anEmptyTraceIsAnError() throws {
        let dir = try temporaryDirectory()
        try "".write(to: dir.appendingPathComponent("empty.jsonl"), atomically: true, encoding: .utf8)
        let (status, out, err) = try runReorder(["replay", "empty.jsonl"], directory: dir)
        #expect(status == 1)
        #expect(out == "")
        #expect(err == "reorder replay: empty.jsonl: the trace is empty: no session line and no input to replay\n")
    }

    @Test func checkReportsProblems() throws {
        let (status, out, _) = try runReorder(["check", "jx_movable", "Tests/ReorderCLITests/Fixtures/policies/broken.lua"])
        #expect(status == 1)
        #expect(out == """
            ok jx_movable (jx_movable)
            cannot load Tests/ReorderCLITests/Fixtures/policies/broken.lua:
              broken.lua:3: min_press_duration: expected a number, got string "long"

            """)
        let (okStatus, okOut, _) = try runReorder(["check", "default", "uikit", "Tests/ReorderCLITests/Fixtures/policies/scrolly.lua"])
        #expect(okStatus == 0)
        #expect(okOut.split(separator: "\n").count == 3)
    }

    @Test func helpListsTheSubcommands() throws {
        let (status, out, _) = try runReorder(["--help"])
        #expect(status == 0)
        for sub in ["repl", "test", "run", "replay", "check"] { #expect(out.contains("  \(sub)")) }
    }
}
