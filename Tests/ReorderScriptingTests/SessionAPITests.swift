import Foundation
import ReorderCore
import ReorderTestSupport
import Testing
@testable import ReorderScripting

/// The Lua session API (docs/REFERENCE.md) as scripts see it.
@Suite struct SessionAPITests {

    /// A policy with exact, simple rules: 0.5 s press, move semantics, no edge scroll.
    let simple = "{ min_press_duration = 0.5, semantics = 'move', edge_scroll = { enabled = false } }"

    /// `s:config()` spells fields as a policy file does
    /// (`ignore_touches_while_dropping`, not a Swift-flavoured `ignores_...`), from
    /// the field table; an inline policy's value comes back as given.
    @Test func configSpellsFieldsAsPolicyFilesDo() {
        let out = lua("""
            local s = reorder.session{ rows = 2, policy = { ignore_touches_while_dropping = false,
              snapshot = { shadow = { offset = { 1, 2 } } } } }
            local c = s:config()
            print(c.ignore_touches_while_dropping, c.ignores_touches_while_dropping, c.name)
            print(c.snapshot.shadow.offset.x, c.snapshot.shadow.offset.y, table.concat(c.displacement.curve, " "))
            """)
        // name: an inline table without `name` is "inline"; offset {1, 2} is x = 1, y = 2; the
        // displacement curve is default.lua's cubic-bezier { 0.25, 1, 0.5, 1 }.
        #expect(out == "false\tnil\tinline\n1.0\t2.0\t0.25 1.0 0.5 1.0\n")
    }

    @Test func rowsMakeItemsNamedOneToN() {
        #expect(lua("local s = reorder.session{ rows = 4 } print(reorder.inspect(s:items()), #s:order())")
                == "{ { \"1\", \"2\", \"3\", \"4\" } }\t4\n")
    }

    /// `s:ids()`: per section, a string item as itself and a table item by its `id`; after a
    /// drag of "a" (section 1, row 1) onto "d" (section 2, row 2), default moves (shifts) it
    /// there: section 1 keeps "b", section 2 becomes c, a, d.
    @Test func idsArePerSectionAndFollowTheOrder() {
        let out = lua("""
            local s = reorder.session{ sections = { { "a", { id = "b", title = "Bee" } }, { "c", "d" } } }
            print(reorder.inspect(s:ids()))
            s:drag(1, 1, 2, 2)
            print(reorder.inspect(s:ids()))
            print(pcall(s.ids, s, 1))
            """)
        #expect(out == """
            { { "a", "b" }, { "c", "d" } }
            { { "b" }, { "c", "a", "d" } }
            false\ts:ids: expected 0 arguments, got 1

            """, "\(out)")
    }

    @Test func dragMovesAndReportsEventsOneBased() {
        let out = lua("""
            local s = reorder.session{ policy = \(simple), sections = { {"a", "b", "c"}, {"d", "e"} } }
            print(s:drag(1, 1, 1, 3))
            print(table.concat(s:order(), " "), s:state())
            for _, e in ipairs(s:events()) do
              if e.type == "move" then print(e.type, e.from[1], e.from[2], e.to[1], e.to[2], e.semantics)
              elseif e.type == "begin" then print(e.type, e.at[1], e.at[2], e.time)
              else print(e.type, e.from[1], e.from[2], e.to[1], e.to[2]) end
            end
            """)
        #expect(out == """
            true
            b c a d e\tidle
            begin\t1\t1\t0.5
            move\t1\t1\t1\t2\tmove
            move\t1\t2\t1\t3\tmove
            end\t1\t1\t1\t3

            """)
    }

    @Test func itemsKeepTheirFields() {
        let out = lua("""
            local s = reorder.session{ sections = { { {id = "mail", title = "Mail", finished = true, n = 2}, "x" } } }
            print(reorder.inspect(s:items()))
            """)
        #expect(out == "{ { { finished = true, id = \"mail\", n = 2, title = \"Mail\" }, \"x\" } }\n")
    }

    @Test func stepByStepGesture() {
        let out = lua("""
            local s = reorder.session{ policy = \(simple), rows = 20 }
            s:press_item(1, 2)
            print(s:state(), s:snapshot())
            s:hold(0.5)
            print(s:state(), s:snapshot() ~= nil)
            s:move_to_item(1, 4, 0.25)
            s:release()
            s:advance(1)
            print(s:state(), table.concat(s:order(), ","):sub(1, 9))
            print(s:offset())
            """)
        #expect(out == "pressing\tnil\ndragging\ttrue\nidle\t1,3,4,2,5\n0.0\t0.0\n")
    }

    @Test func argumentErrorsAreClearLuaErrors() {
        let cases: [(String, String)] = [
            ("s:press_item(3, 1)", "test:1: s:press_item: section 3 out of range (2 sections)"),
            ("s:press_item(1, 4)", "test:1: s:press_item: row 4 out of range (section 1 has 3 rows)"),
            ("s:press_item(1.5, 1)", "test:1: s:press_item: argument #1 (section) must be a whole number, got 1.5"),
            ("s:press(1)", "test:1: s:press: expected 2 arguments, got 1"),
            ("s:press('a', 2)", "test:1: s:press: argument #1 (x) must be a number, got string"),
            ("s:hold(-1)", "test:1: s:hold: argument #1 (seconds) must be from 0 to 86400 seconds, got -1.0"),
            ("s:move(1, 0/0)", "test:1: s:move: argument #2 (y) must be finite, got nan"),
            ("s.release()", "test:1: s:release: call it with a colon (s:release(...)) on a session"),
            ("s:drag(1, 1, 2, 9)", "test:1: s:drag: row 9 out of range (section 2 has 2 rows)"),
            ("reorder.session{ rows = 2, colour = 1 }", "test:1: reorder.session: unknown option 'colour' (known: policy, sections, rows, titles, tree, layout, row_height, header_height, grid, board, viewport, frame_rate, restore)"),
            ("reorder.session{ rows = 2, layout = 'grid', grid = { item_size = 3 } }", "test:1: reorder.session: grid accepts item_width, item_height, spacing, line_spacing, columns, inset, inset_top, inset_left, inset_bottom, inset_right, direction; got key \"item_size\""),
            ("reorder.session{ rows = 2, layout = 'grid', grid = { direction = 'diagonal' } }", "test:1: reorder.session: grid.direction must be \"vertical\" or \"horizontal\", got \"diagonal\""),
            ("reorder.session{ rows = 2, layout = 'grid', grid = { direction = 1 } }", "test:1: reorder.session: grid.direction must be \"vertical\" or \"horizontal\", got number"),
            ("reorder.session{ rows = 2, layout = 'grid', grid = { columns = 2.5 } }", "test:1: reorder.session: grid.columns must be a whole number from 1 to 100000, got 2.5"),
            ("reorder.session{ rows = 2, layout = 'grid', grid = { columns = 1e300 } }", "test:1: reorder.session: grid.columns must be a whole number from 1 to 100000, got 1e+300"),
            ("reorder.session{ rows = 2, layout = 'board', board = { inset = 400 } }", "test:1: reorder.session: board.inset must be less than the viewport width (375), got 400"),
            ("s:page()", "test:1: s:page: only a board has pages (this session's layout is table)"),
            ("reorder.session{ sections = { {'a', 'a'} } }", "test:1: reorder.session: duplicate item id 'a' (section 1, row 2): ids must be unique"),
            ("reorder.session{ }", "test:1: reorder.session: give the items: sections = { {\"a\", \"b\"}, {\"c\"} } or rows = N"),
            ("reorder.session{ rows = 2, layout = 'spiral' }", "test:1: reorder.session: layout must be \"table\", \"grid\", \"board\" or \"tree\", got \"spiral\""),
            ("reorder.session{ rows = 2, viewport = { width = 0, height = 5 } }", "test:1: reorder.session: viewport must be { width = W, height = H } with positive numbers, got width = 0, height = 5"),
            ("reorder.session{ sections = { { {title = 3} } } }", "test:1: reorder.session: item at section 1, row 1 needs an id (or a title): { id = \"mail\", title = \"Mail\" }"),
            ("reorder.session{ rows = 2, policy = 'no_such_policy' }", "test:1: reorder.session: no built-in policy named 'no_such_policy' (built-ins: android_touch_helper, cookbook, default,"),
        ]
        for (call, message) in cases {
            let out = lua("local s = reorder.session{ sections = { {'a', 'b', 'c'}, {'d', 'e'} } }\nlocal ok, e = pcall(function() \(call) end) print(e)")
            #expect(out.hasPrefix(message.replacingOccurrences(of: "test:1:", with: "test:2:")), "\(call)")
        }
    }

    /// `s:target` and `s:semantics` take the slot a drag proposes below a section's last row:
    /// row 2 of a one-row section, row 1 of an empty one (where `ctx.item` is nil); one further
    /// is out of range, and the message names the slot that is allowed.
    @Test func targetIsAskedAboutTheSlotPastTheLastRow() {
        let out = lua("""
            local s = reorder.session{ sections = { { "a" }, { "b" }, {} }, policy = {
              target = function(ctx, fs, fr, ts, tr)
                if ctx.item(ts, tr) == nil then return ts, tr end
                return nil
              end,
              semantics = function(ctx, fs, fr, ts, tr) return ctx.item(ts, tr) and "exchange" or "move" end,
            } }
            print(s:target(1, 1, 2, 2))
            print(s:target(1, 1, 3, 1))
            print(s:target(1, 1, 2, 1))
            print(s:semantics(1, 1, 2, 2), s:semantics(1, 1, 2, 1))
            print(select(2, pcall(s.target, s, 1, 1, 2, 3)))
            print(select(2, pcall(s.target, s, 1, 1, 3, 2)))
            print(select(2, pcall(s.target, s, 1, 2, 2, 1)))
            """)
        #expect(out == """
            2	2
            3	1
            nil
            move	exchange
            s:target: row 3 out of range (section 2 has 1 row; a target may also be row 2, past the last)
            s:target: row 2 out of range (section 3 has 0 rows; a target may also be row 1, past the last)
            s:target: row 2 out of range (section 1 has 1 row)

            """)
    }

    @Test func inlinePolicyVetoRollsBack() {
        let out = lua("""
            local s = reorder.session{ policy = { min_press_duration = 0.5, on_end = function() return false end },
                                       sections = { {"a", "b", "c"} } }
            print(s:drag(1, 1, 1, 3), table.concat(s:order(), " "))
            local ev = s:events()
            print(ev[#ev].type)
            """)
        #expect(out == "false\ta b c\nrollback\n")
    }

    @Test func saveAndRestoreByItemId() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("reorder-save-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let file = dir.appendingPathComponent("orders.json").path
        let out = lua("""
            local s = reorder.session{ policy = \(simple), sections = { {"a", "b", "c"} } }
            s:drag(1, 3, 1, 1)
            s:save("\(file)", "admin")
            -- "b" vanished: saved items in saved order, vanished ones dropped.
            local r = reorder.session{ sections = { {"a", "c"} }, restore = { path = "\(file)", key = "admin" } }
            print(table.concat(r:order(), " "))
            local fresh = reorder.session{ sections = { {"a", "c"} }, restore = "\(file)" }
            print(table.concat(fresh:order(), " "))
            """)
        #expect(out == "c a\na c\n")
    }

    @Test func showDrawsTheViewport() {
        let out = lua("""
            local s = reorder.session{ policy = { min_press_duration = 0.5, semantics = "move",
                                                  snapshot = { placeholder = "hidden" },
                                                  edge_scroll = { zone = 50, speed = function() return 0 end } },
                                       sections = { {"a", "b", "c", "d"} }, titles = { "Letters" }, header_height = 28,
                                       viewport = { width = 200, height = 160 } }
            s:press_item(1, 2) s:hold(0.6) s:move(100, 120, 0.2)
            s:show()
            """)
        #expect(out == """
            inline | dragging | offset 0,0 (max 0,44) | t 0.8 s
               +------------------------------------------+
             ^ | == Letters ==                            |
               | 1.1  a                                   |
               | 1.2  c                                   |
             v | 1.3  . . . . . . . [b] . . .             |
               +------------------------------------------+
               zones 50 pt (^ top, v bottom) | scroll 0/44 [----------------]
               snapshot [b] at 100,120 | scale 1.05 | alpha 0.98 | lifted

            """)
    }

    /// An inline policy's hook that calls its own session gets an error (and the hook's
    /// fallback is used) instead of corrupting the engine.
    @Test func aHookCannotCallItsOwnSession() {
        let out = lua("""
            s = reorder.session{ policy = { min_press_duration = 0.5,
                                            can_move = function(ctx, sec, row) return #s:order() > 0 end },
                                 rows = 3 }
            s:press_item(1, 1)
            s:hold(1)
            print(s:state(), s:events()[1].type)
            """)
        #expect(out.contains("[policy inline] error: test:2: can_move: s:order: this session is running a policy hook; a hook cannot call its own session (read ctx instead)"))
        #expect(out.hasSuffix("idle\trefuse\n"))
    }

    @Test func printAndIoWriteGoToTheHost() {
        #expect(lua("print(1, 'a', nil) io.write('x', 2, '\\n')") == "1\ta\tnil\nx2\n")
    }
}

/// Runs Lua `source` with the session API in a fresh trusted host; returns what it printed,
/// or what it printed and then `error: MESSAGE` if it raised.
func lua(_ source: String) -> String {
    var text = ""
    do {
        let host = try ScriptingHost(output: { text += $0 })
        try host.run(source, chunkName: "=test")
    } catch {
        text += "error: \(error.description)\n"
    }
    return text
}
