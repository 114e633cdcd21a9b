import Foundation
import ReorderTestSupport
import Testing
@testable import ReorderCLI
@testable import ReorderTrace
@testable import ReorderLua

@Suite struct ReplTests {
    @Test func expressionsPrintValuesStatementsDoNot() {
        let (status, out) = repl("""
            1 + 1
            x = { b = 2, a = { 1, 2 }, [3] = "c" }
            x
            return 1, "two", nil
            =#s:order()
            """)
        #expect(status == 0)
        #expect(out == """
            2
            { [3] = "c", a = { 1, 2 }, b = 2 }
            1\t"two"\tnil
            30

            """)
    }

    @Test func incompleteInputContinuesOnTheNextLine() {
        let (status, out) = repl("""
            local function twice(x)
              return 2 * x
            end print(twice(21))
            for i = 1, 2 do
              print(i)
            end
            """)
        #expect(status == 0)
        #expect(out == "42\n1\n2\n")
    }

    @Test func anUnfinishedExpressionContinues() {
        let (status, out) = repl("1 +\n2\n")
        #expect(status == 0)
        #expect(out == "3\n")
    }

    @Test func statementsThenAnExpressionPrintTheExpression() {
        let (status, out) = repl("""
            s:press_item(1, 1)  s:hold(0.5)  s:events()[#s:events()].type
            x = 1; x + 1
            a.b
            """)
        #expect(status == 1)
        // An error is followed by Lua's traceback as lua.c's REPL prints it,
        // up to the chunk typed (the REPL's own frames below it are not shown).
        #expect(out == "\"begin\"\n2\nstdin:1: attempt to index a nil value (global 'a')\nstack traceback:\n\tstdin:1: in main chunk\n")
    }

    /// REFERENCE promises that statements followed by an expression print the
    /// expression, with this very example. When the last entry is a method call, the whole line
    /// is also a valid statement list, so the split must be tried even then; a split is taken
    /// only where the tail is an expression on its own, so a block's `end` is never cut.
    @Test func statementsThenATrailingCallPrintTheCall() {
        let (status, out) = repl("""
            s:press_item(1, 1) s:hold(0.5) s:state()
            s:release()  #s:events()   -- a comment is not an expression
            for i = 1, 2 do x = i end
            x
            """)
        #expect(status == 0)
        // The state after a 0.5 s hold under `default` (min_press_duration 0.5): "dragging";
        // the events of the press: begin, then the release's end = 2; the loop prints nothing.
        #expect(out == "\"dragging\"\n2\n2\n")
    }

    /// The README's tour writes `:policy jx_movable        -- same list, ...`: a trailing comment
    /// after a command is ignored, as after Lua input.
    @Test func aCommandMayEndWithAComment() {
        let (status, out) = repl(":policy jx_movable   -- JX's rules\ns:policy()\n")
        #expect(status == 0)
        #expect(out == "s: policy jx_movable\n\"jx_movable\"\n")
    }

    /// An item table captured from `ctx.item` prints its contents (it printed
    /// `{ finished = nil, id = nil, title = nil }` while `.title` read "Mail").
    @Test func anItemFromCtxPrintsItsFields() {
        let (status, out) = repl("""
            p = reorder.session{ sections = { { { id = "mail", title = "Mail", finished = true }, "b" } }, policy = { extends = "default", can_move = function(ctx, s, r) captured = ctx.item(s, r) return true end } }
            p:press_item(1, 1) p:hold(0.6)
            captured
            captured.title
            """)
        #expect(status == 0)
        #expect(out == "{ finished = true, id = \"mail\", title = \"Mail\" }\n\"Mail\"\n")
    }

    /// The diagnostics of a policy that was switched off are labelled with its
    /// own name, not `default`'s (which answers for it afterwards).
    @Test func aSwitchedOffPolicyKeepsItsLabel() {
        let (status, out) = repl("""
            p = reorder.session{ rows = 5, policy = { name = "flaky", extends = "default", can_move = function() error("boom") end } }
            for i = 1, 3 do p:press_item(1, 1) p:hold(0.6) p:release() p:advance(1) end
            """)
        #expect(status == 0)
        let labels = out.split(separator: "\n").map { $0.prefix { $0 != "]" } + "]" }
        // One report of the error, one of the switch-off: both name `flaky`.
        #expect(labels == ["[policy flaky]", "[policy flaky]"])
        #expect(out.contains("switched off after 3 consecutive failures"))
    }

    @Test func aCommandEndsAnUnfinishedEntry() {
        let (status, out) = repl("for i = 1, 2 do\n:policy uikit\ns:policy()\n")
        #expect(status == 1)
        #expect(out == "stdin:1: 'end' expected near <eof>\ns: policy uikit\n\"uikit\"\n")
    }

    @Test func errorsArePrintedAndSetTheExitStatus() {
        let (status, out) = repl("""
            s:press_item(3, 1)
            1 +
            = 2
            :nope
            print("still here")
            """)
        #expect(status == 1)
        #expect(out == """
            stdin:1: s:press_item: section 3 out of range (2 sections)
            stack traceback:
            \t[C]: in method 'press_item'
            \tstdin:1: in main chunk
            stdin:2: unexpected symbol near '='
            unknown command :nope (try :help)
            still here

            """)
    }

    @Test func unfinishedEntryAtEndOfInputIsAnError() {
        let (status, out) = repl("for i = 1, 2 do\n")
        #expect(status == 1)
        #expect(out == "stdin:1: 'end' expected near <eof>\n")
    }

    @Test func theDemoSessionIsReady() {
        let (status, out) = repl("""
            s:state()
            s:policy()
            #s:items(), #s:items()[1], #s:items()[2]
            s:items()[1][2], s:items()[2][1]
            """)
        #expect(status == 0)
        #expect(out == "\"idle\"\n\"default\"\n2\t15\t15\n\"Standup\"\t\"Book flights\"\n")
    }

    @Test func policyCommandKeepsTheOrder() {
        let (status, out) = repl("""
            s:drag(1, 1, 1, 3)
            :policy Tests/ReorderCLITests/Fixtures/policies/scrolly.lua
            s:policy()
            table.concat(s:items()[1], ",", 1, 3)
            :policy
            :reload
            :policy no_such_policy
            s:policy()
            """)
        #expect(status == 1)
        #expect(out == """
            true
            s: policy scrolly
            "scrolly"
            "Standup,Review PR 42,Inbox zero"
            policy of s: scrolly (\(packageRoot.path)/Tests/ReorderCLITests/Fixtures/policies/scrolly.lua)
            s: policy scrolly reloaded
            :policy: no built-in policy named 'no_such_policy' (built-ins: android_touch_helper, cookbook, default, dndkit_tree, drag_drop_table, grid_home, jx_movable, kanban, pragmatic_autoscroll, pragmatic_tree, rbd_autoscroll, rbd_combine, swift_reorder, uikit)
            "scrolly"

            """)
    }

    @Test func helpListsTheCommands() {
        let (_, out) = repl(":help\n")
        for command in [":policy NAME|FILE", ":reload", ":show", ":record FILE", ":stop", ":quit"] {
            #expect(out.contains(command))
        }
    }

    @Test func quitStopsReading() {
        let (status, out) = repl("print(1)\n:quit\nprint(2)\n")
        #expect(status == 0)
        #expect(out == "1\n")
    }

    /// A recorded drag replays to exactly the recorded final order, offset and events.
    @Test func replayingARecordedTraceReproducesTheOrder() throws {
        let dir = try temporaryDirectory()
        let trace = dir.appendingPathComponent("drag.jsonl").path
        let (status, out) = repl("""
            :policy Tests/ReorderCLITests/Fixtures/policies/scrolly.lua
            s:drag(1, 2, 1, 5)
            :record \(trace)
            s:drag(1, 3, 2, 10)
            s:press_item(2, 1) s:hold(0.4) s:move(180, 20, 0.7) s:cancel()
            :stop
            print(table.concat(s:order(), "|"))
            print(s:offset())
            """)
        #expect(status == 0)
        let lines = out.split(separator: "\n").map(String.init)
        let recordedOrder = lines[lines.count - 2]
        let recordedOffset = lines[lines.count - 1]
        #expect(lines.contains { $0.hasPrefix("wrote ") && $0.hasSuffix(" inputs to \(trace)") })

        let decoded = try TraceCodec.decode(try String(contentsOfFile: trace, encoding: .utf8))
        #expect(decoded.header?.policy?.hasSuffix("scrolly.lua") == true)
        // The trace starts from the order at :record (after the first drag).
        #expect(decoded.header?.sections[0][4].id == "Standup")
        let outcome = try Replayer.replay(decoded, policy: nil, console: .buffered(output: OutputBuffer(), currentDirectory: packageRoot.path))
        #expect(outcome.order.flattened.map(\.id).joined(separator: "|") == recordedOrder)
        #expect(String(format: "%.1f\t%.14g", outcome.offset.x, outcome.offset.y) == recordedOffset)
        #expect(outcome.events.first?.typeName == "begin")
        #expect(outcome.events.last?.typeName == "cancel")
        #expect(outcome.offset.y > 0)   // the drag scrolled: edge scrolling was replayed too
    }

    /// A grid records and replays too (the trace carries its layout options; the board's case
    /// is in LayoutDemoTests).
    @Test(arguments: ["grid"])
    func replayingAGridTrace(layout: String) throws {
        let dir = try temporaryDirectory()
        let trace = dir.appendingPathComponent("\(layout).jsonl").path
        let out = OutputBuffer()
        let console = Console.buffered(input: """
            :record \(trace)
            s:drag(1, 2, 1, 5)
            :stop
            ids = {} for i, it in ipairs(s:order()) do ids[i] = type(it) == "table" and it.id or it end
            print(table.concat(ids, "|"))
            """, output: out, currentDirectory: packageRoot.path)
        let status = ReplDriver(console: console, layout: layout == "grid" ? .grid : .board).run()
        #expect(status == 0, "\(out.text)")
        let recordedOrder = out.text.split(separator: "\n").last.map(String.init)
        let decoded = try TraceCodec.decode(try String(contentsOfFile: trace, encoding: .utf8))
        #expect(decoded.header?.layout.rawValue == layout)
        let outcome = try Replayer.replay(decoded, policy: nil, console: .buffered(output: OutputBuffer(), currentDirectory: packageRoot.path))
        #expect(outcome.order.flattened.map(\.id).joined(separator: "|") == recordedOrder)
        #expect(outcome.events.contains { $0.typeName == "end" })
    }

    @Test func recordNeedsAnIdleSessionAndAFile() {
        let (status, out) = repl(":record\ns:press_item(1, 1)\ns:hold(2)\n:record /tmp/x.jsonl\n:stop\n")
        #expect(status == 1)
        #expect(out == """
            :record: give a file name, e.g. :record drag.jsonl
            :record: `s` is dragging; release or cancel first
            :stop: not recording

            """)
    }

    /// A policy file named on the command line that does not exist is
    /// reported in the command's words, not as a `reorder.session` error, and nothing runs.
    @Test func aMissingPolicyFileOnTheCommandLineIsReportedPlainly() throws {
        let dir = try temporaryDirectory()
        let out = OutputBuffer(), errors = OutputBuffer()
        let console = Console.buffered(input: "print('not reached')\n", output: out, errors: errors, currentDirectory: dir.path)
        let status = ReplDriver(console: console, policy: "nope.lua").run()
        #expect(status == 1)
        #expect(errors.text == "reorder: nope.lua: no such file\n")
        #expect(out.text == "")
    }
}
