import Foundation
import ReorderTestSupport
import Testing
@testable import ReorderCLI

/// The messages a new user meets when something small goes wrong: each says what is wrong and
/// what to do, in the tool's own words (not a library's), with the numbers as the tool writes
/// them everywhere else.
@Suite struct NewUserMessageTests {
    /// A word that is no command: the list of commands and a did-you-mean (the REPL, the default
    /// command, said "Unexpected argument 'frobnicate'" and showed its own usage); exit 64.
    @Test func anUnknownCommandListsTheCommands() throws {
        let commands = "commands: repl, test, run, replay, check, fields, types, init, plot, render, bench, fuzz, play (reorder --help)\n"
        let (status, out, err) = try runReorder(["frobnicate"])
        #expect(status == 64)
        #expect(out == "")
        #expect(err == "reorder: unknown command 'frobnicate'\n" + commands)
        let (status2, _, err2) = try runReorder(["tset", "."])
        #expect(status2 == 64)
        #expect(err2 == "reorder: unknown command 'tset' (did you mean 'test'?)\n" + commands)
        // Options of the REPL (the default command) still go to it.
        #expect(Reorder.unknownCommand(["--policy", "jx_movable"]) == nil)
        #expect(Reorder.unknownCommand(["help"]) == nil)
    }

    /// A negative number after an option is its value, and the option's own check says what is
    /// wrong with it (argument-parser took `-5` for an option: "Missing value for '--rows
    /// <rows>'"). A script's arguments after `run` stay as they are.
    @Test func aNegativeValueIsCheckedNotMissing() throws {
        #expect(Reorder.joiningNegativeValues(["bench", "--rows", "-5"]) == ["bench", "--rows=-5"])
        #expect(Reorder.joiningNegativeValues(["fuzz", "default", "--runs", "-3", "--seed", "-1"])
                == ["fuzz", "default", "--runs=-3", "--seed=-1"])
        #expect(Reorder.joiningNegativeValues(["run", "a.lua", "--foo", "-5"]) == ["run", "a.lua", "--foo", "-5"])
        let (status, _, err) = try runReorder(["bench", "--rows", "-5"])
        #expect(status == 64)
        // argument-parser refuses it (BenchRows' range), and the help it shows names the range.
        #expect(err.hasPrefix("""
            Error: The value '-5' is invalid for '--rows <rows>'
            Help:  --rows <rows>  Rows in the list (one section, 44 pt each; 1...100000000).

            """), "\(err)")
    }

    /// A `reorder.session` option misspelt gets a did-you-mean from the suggestion rule that
    /// policy fields use (NameSuggestion); one with nothing near still lists the options.
    @Test func aSessionOptionTypoGetsADidYouMean() {
        let out = lua("""
            print(select(2, pcall(reorder.session, { rows = 2, polciy = "kanban" })))
            print(select(2, pcall(reorder.session, { rows = 2, layout = "grid", grid = { colums = 3 } })))
            print(select(2, pcall(reorder.session, { rows = 2, colour = 1 })))
            """)
        #expect(out == """
            reorder.session: unknown option 'polciy' (did you mean 'policy'?)
            reorder.session: grid accepts item_width, item_height, spacing, line_spacing, columns, inset, inset_top, inset_left, inset_bottom, inset_right, direction; got key "colums" (did you mean 'columns'?)
            reorder.session: unknown option 'colour' (known: policy, sections, rows, titles, tree, layout, row_height, header_height, grid, board, viewport, frame_rate, restore)

            """)
    }

    /// `:policy` and `render` name the policy's problem without `reorder.session:`, which is a
    /// Lua function the user did not call.
    @Test func policyProblemsOfCommandsDoNotNameTheLuaFunction() throws {
        let dir = try temporaryDirectory(prefix: "reorder-messages", files: [
            "two.lua": "return {\n  name = 'two',\n  follow = 3,\n}\n",
            "drag.jsonl": "{\"t\":0,\"type\":\"down\",\"x\":100,\"y\":100}\n{\"t\":1,\"type\":\"up\"}\n",
        ])
        let (_, out) = repl(":policy nosuch.lua\n:policy jx_moveable\n:policy two.lua\n", directory: dir.path)
        #expect(out == """
            :policy: cannot read policy file '\(dir.path)/nosuch.lua': no such file
            :policy: no built-in policy named 'jx_moveable' (did you mean 'jx_movable'?)
            :policy: two.lua:3: follow: expected "y", "xy", "translation" or "main", got number 3

            """)
        let (status, _, err) = try runReorder(["render", "drag.jsonl", "--policy", "two.lua", "--out", "x.svg"], directory: dir)
        #expect(status == 1)
        #expect(err == "reorder render: two.lua:3: follow: expected \"y\", \"xy\", \"translation\" or \"main\", got number 3\n")
    }

    /// `reorder replay` writes times with 3 decimals and offsets with 2, as `s:show()` does
    /// (it printed `t 1.2333333333333334 s`). `default`'s drag of row 2 to row 5 at 60 Hz: the
    /// lift at the press duration (0.5 s), a step at 50/60 s (0.833), 1 s and 70/60 s (1.167),
    /// the drop at 85/60 s (1.417 s) after the 0.25 s animation; 112 inputs in all.
    @Test func replayWritesNumbersAsTheToolDoes() throws {
        let dir = try temporaryDirectory()
        let (status, _, _) = try runReorder([], input: ":record drag.jsonl\ns:drag(1, 2, 1, 5)\n:stop\n", directory: dir)
        #expect(status == 0)
        let (rstatus, out, err) = try runReorder(["replay", "drag.jsonl"], directory: dir)
        #expect(rstatus == 0, "\(err)")
        let lines = out.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("  1 ") && !$0.hasPrefix("  2 ") }
        #expect(lines == [
            "policy default, 112 inputs, t 1.417 s, state idle",
            "items:",
            "offset: 0, 0",
            "events:",
            "  begin 1.2 at 0.5",
            "  move 1.2 → 1.3 (move) at 0.833",
            "  move 1.3 → 1.4 (move) at 1",
            "  move 1.4 → 1.5 (move) at 1.167",
            "  end 1.2 → 1.5 at 1.167",
        ])
    }

    /// `:record` names a policy file relative to the trace's folder, so the folder replays
    /// anywhere; a trace whose policy file is not on this machine says to give `--policy`.
    @Test func aRecordedPolicyFileTravelsWithItsTrace() throws {
        let dir = try temporaryDirectory(prefix: "reorder-record", files: [
            "pinned.lua": "return { name = \"pinned\", min_press_duration = 0.3 }\n",
        ])
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("traces"), withIntermediateDirectories: true)
        let (status, _, _) = try runReorder(
            [], input: ":policy pinned.lua\n:record traces/drag.jsonl\ns:drag(1, 2, 1, 5)\n:stop\n", directory: dir)
        #expect(status == 0)
        let trace = try String(contentsOf: dir.appendingPathComponent("traces/drag.jsonl"), encoding: .utf8)
        #expect(trace.hasPrefix("{\"type\":\"session\",\"policy\":\"../pinned.lua\","))
        // From the trace's own folder and from elsewhere, the policy is found beside the trace.
        for (cwd, path) in [(dir.appendingPathComponent("traces"), "drag.jsonl"), (URL(fileURLWithPath: "/"), dir.path + "/traces/drag.jsonl")] {
            let (rstatus, out, err) = try runReorder(["replay", path], directory: cwd)
            #expect(rstatus == 0, "\(err)")
            #expect(out.hasPrefix("policy pinned, "))
        }
        // Elsewhere without the policy (another machine): what to do.
        let away = try temporaryDirectory()
        try (trace.replacingOccurrences(of: "\"../pinned.lua\"", with: "\"/home/alice/pinned.lua\""))
            .write(to: away.appendingPathComponent("drag.jsonl"), atomically: true, encoding: .utf8)
        let (mstatus, _, merr) = try runReorder(["replay", "drag.jsonl"], directory: away)
        #expect(mstatus == 1)
        #expect(merr == "reorder replay: cannot read policy file '/home/alice/pinned.lua': no such file (the trace's session line names it; give the policy with --policy FILE or a built-in name)\n")
        let (ostatus, out, _) = try runReorder(["replay", "drag.jsonl", "--policy", "default"], directory: away)
        #expect(ostatus == 0)
        #expect(out.hasPrefix("policy default, "))
        #expect(Replayer.recordedName("/home/alice/p/pinned.lua", trace: "/home/alice/p/traces/drag.jsonl") == "../pinned.lua")
        #expect(Replayer.recordedName("/home/alice/p/mine", trace: "/home/alice/p/drag.jsonl") == "./mine")
        #expect(Replayer.recordedName("/home/alice/pinned.lua", trace: "/tmp/drag.jsonl") == "/home/alice/pinned.lua")
        #expect(Replayer.recordedName("jx_movable", trace: "/tmp/drag.jsonl") == "jx_movable")
    }

    /// `reorder test` without a path, where there is no `Policies/` (any folder but this
    /// repository): what it looked for and what to run instead (it said `no such file or
    /// directory: Policies/`).
    @Test func testWithoutAPathOutsideTheRepositorySaysWhatToDo() throws {
        let dir = try temporaryDirectory()
        let out = OutputBuffer(), errors = OutputBuffer()
        let status = SpecRunner(paths: []).run(console: .buffered(output: out, errors: errors, currentDirectory: dir.path))
        #expect(status == 1)
        #expect(out.text == "")
        #expect(errors.text == "reorder test: no path given, and no Policies/ folder here to run by default (the built-in "
                + "policies' specs, in reorder's repository). Name the specs to run: `reorder test .` (every *_spec.lua "
                + "under this folder), `reorder test spec/` or `reorder test pinned_spec.lua`.\n")
    }
}
