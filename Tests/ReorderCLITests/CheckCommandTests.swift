import Foundation
import ReorderTestSupport
import Testing
@testable import ReorderCLI

/// `reorder check` asks a policy about string items, table items, every layout
/// and an empty section, so a hook written for one kind of item is caught before a drag.
@Suite struct CheckCommandTests {
    static func check(_ source: String, named file: String = "pinned.lua") throws -> (Int32, String) {
        let dir = try temporaryDirectory()
        try source.write(to: dir.appendingPathComponent(file), atomically: true, encoding: .utf8)
        let out = OutputBuffer()
        let status = PolicyChecker.run([file], console: .buffered(output: out, currentDirectory: dir.path))
        return (status, out.text)
    }

    /// The first wave's README example: `ctx.item(...)` is a table on the board, which has no
    /// `sub` method. `check` used to say `ok`; the board's first row is where can_move fails.
    @Test func aHookThatOnlyWorksOnStringItemsIsReported() throws {
        let (status, out) = try Self.check("""
            local function pinned(ctx, section, row)
              return ctx.item(section, row):sub(1, 1) == "!"
            end
            return {
              name = "pinned", extends = "default", api = 1,
              can_move = function(ctx, section, row) return not pinned(ctx, section, row) end,
            }
            """)
        #expect(status == 1)
        #expect(out == """
            problems in pinned.lua (pinned):
              on the board demo (table items): pinned.lua:2: can_move: attempt to call a nil value (method 'sub')
                asked can_move(ctx, 1, 1)

            """)
    }

    /// The README's example as it was before it handled a slot with no item: a drag below the
    /// last row of another section asks `target` about the row past it, where `ctx.item` is nil
    /// (`reorder fuzz` found it in 4 runs; `check` used to say `ok`). The demo list's section 2
    /// has 15 rows, so the slot is row 16.
    @Test func aTargetThatAssumesAnItemIsAskedAboutTheSlotPastTheLast() throws {
        let (status, out) = try Self.check("""
            local function pinned(ctx, section, row)
              local item = ctx.item(section, row)
              local title = type(item) == "table" and item.title or item
              return title:sub(1, 1) == "!"
            end
            return {
              name = "pinned", extends = "default", api = 1,
              can_move = function(ctx, section, row) return not pinned(ctx, section, row) end,
              target = function(ctx, from_s, from_r, to_s, to_r)
                if pinned(ctx, to_s, to_r) then return nil end
                return to_s, to_r
              end,
            }
            """)
        #expect(status == 1)
        #expect(out == """
            problems in pinned.lua (pinned):
              on the demo list (string items): pinned.lua:4: target: attempt to index a nil value (local 'title')
                asked target(ctx, 1, 1, 2, 16): row 16 is past the last row of section 2, which a drag below that row proposes (to append); ctx.item(2, 16) is nil

            """)
        let (status2, out2) = try Self.check(
            "return { target = function(ctx, fs, fr, ts, tr) assert(ctx.item(ts, tr) ~= nil) return ts, tr end }\n",
            named: "one.lua")
        #expect(status2 == 1)
        #expect(out2 == """
            problems in one.lua (one):
              on the demo list (string items): one.lua:1: target: assertion failed!
                asked target(ctx, 1, 1, 2, 16): row 16 is past the last row of section 2, which a drag below that row proposes (to append); ctx.item(2, 16) is nil

            """)
    }

    /// An empty section: the slot a drag into it proposes is row 1, which has no item. Only
    /// the table with an empty section has one (the policy passes on the demo lists).
    @Test func anEmptySectionsFirstSlotIsAsked() throws {
        let (status, out) = try Self.check("""
            return {
              name = "firsts", extends = "default", api = 1,
              target = function(ctx, fs, fr, ts, tr)
                if tr == 1 then assert(ctx.item(ts, 1), "no first item") end
                return ts, tr
              end,
            }
            """, named: "firsts.lua")
        #expect(status == 1)
        #expect(out == """
            problems in firsts.lua (firsts):
              on a table with an empty section: firsts.lua:4: target: no first item
                asked target(ctx, 1, 1, 2, 1): section 2 is empty, and a drag into it proposes row 1; ctx.item(2, 1) is nil

            """)
    }

    /// The hooks a drag calls around its steps are asked too: `on_move` with the order after a
    /// step to the end of another section (where the row after the landed item is none), and
    /// `announce` through a keyboard drag (the cancel of lift, down, up, escape).
    @Test func theHooksAroundADragAreAsked() throws {
        let (status, out) = try Self.check("""
            return {
              name = "life",
              on_begin = function(ctx, s, r) ctx.state.moves = {} end,
              on_move = function(ctx, fs, fr, ts, tr) table.insert(ctx.state.moves, ctx.item(ts, tr + 1).title) end,
            }
            """, named: "life.lua")
        #expect(status == 1)
        #expect(out == """
            problems in life.lua (life):
              on the demo list (string items): life.lua:4: on_move: attempt to index a nil value
                asked on_move(ctx, 1, 1, 2, 16): a step to the end of section 2

            """)
        let (status2, out2) = try Self.check("""
            return {
              name = "speech",
              announce = function(ctx, e) if e.type == "cancel" then error("no cancel text") end return e.default end,
            }
            """, named: "speech.lua")
        #expect(status2 == 1)
        #expect(out2 == """
            problems in speech.lua (speech):
              on the demo list (string items): speech.lua:3: announce: no cancel text
                asked the hooks of a keyboard drag of 1, 1 (announce among them): lift, down, up, escape

            """)
    }

    /// The README's example as it is now reads the title of either kind of item.
    @Test func theReadmeExamplePasses() throws {
        let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "Save this as `pinned.lua`:\n\n```lua\n"))
        let end = try #require(readme.range(of: "\n```", range: start.upperBound..<readme.endIndex))
        let (status, out) = try Self.check(String(readme[start.upperBound..<end.lowerBound]))
        #expect(status == 0)
        #expect(out == "ok pinned.lua (pinned)\n")
    }

    /// A hook that walks every section trips over an empty one (`ctx.item(s, 1)` is nil there).
    @Test func anEmptySectionIsAsked() throws {
        let (status, out) = try Self.check("""
            return {
              name = "firsts", extends = "default", api = 1,
              target = function(ctx, fs, fr, ts, tr)
                for s = 1, ctx.sections() do
                  local first = ctx.item(s, 1)
                  if (type(first) == "table" and first.title or first):len() == 0 then return nil end
                end
                return ts, tr
              end,
            }
            """, named: "firsts.lua")
        #expect(status == 1)
        #expect(out.contains("  on a table with an empty section: "))
        #expect(out.contains("firsts.lua:6:"))
    }

    /// Every built-in passes on every list.
    /// `reorder check pinned` with `pinned.lua` in the current folder says which
    /// file was meant (the real binary, run in that folder), and the exit status is 1.
    @Test func aBareNameOfAFileInTheFolderGetsADidYouMean() throws {
        let dir = try temporaryDirectory()
        try "return { name = 'pinned' }".write(to: dir.appendingPathComponent("pinned.lua"), atomically: true, encoding: .utf8)
        let (status, out, _) = try runReorder(["check", "pinned"], directory: dir)
        #expect(status == 1)
        #expect(out == "cannot load pinned:\n  no built-in policy named 'pinned' (did you mean the file 'pinned.lua'?)\n")
        // A field error names the line that sets it; both bad fields are listed.
        try "return {\n  name = 'two',\n  edge_scroll = { axes = 'up',\n    reference = 1 },\n}\n"
            .write(to: dir.appendingPathComponent("two.lua"), atomically: true, encoding: .utf8)
        let (status2, out2, _) = try runReorder(["check", "two.lua"], directory: dir)
        #expect(status2 == 1)
        #expect(out2 == """
            cannot load two.lua:
              two.lua:3: edge_scroll.axes: expected "vertical", "horizontal", "both" or "main", got string "up"
              two.lua:4: edge_scroll.reference: expected "finger", "center" or "leading_edge", got number 1

            """)
    }

    @Test func everyBuiltInPasses() {
        let out = OutputBuffer()
        let names = ["default", "uikit", "jx_movable", "cookbook", "grid_home", "drag_drop_table", "kanban",
                     "swift_reorder", "rbd_autoscroll", "pragmatic_autoscroll", "android_touch_helper"]
        let status = PolicyChecker.run(names, console: .buffered(output: out))
        #expect(status == 0)
        #expect(out.text == names.map { "ok \($0) (\($0))\n" }.joined())
    }

    /// A tree policy's `can_nest` is asked about every node under every visible node outside its
    /// subtree, on the outline demo: the first node, Work, under the last row, Inbox zero, fails.
    @Test func aTreeHookIsAskedOnTheOutline() throws {
        let (status, out) = try Self.check("""
            return {
              name = "nest", extends = "default", api = 1,
              can_nest = function(ctx, item, parent)
                if parent == "Inbox zero" then return parent:nope() end
                return true
              end,
            }
            """, named: "nest.lua")
        #expect(status == 1)
        #expect(out == """
            problems in nest.lua (nest):
              on the outline demo (a tree): nest.lua:4: can_nest: attempt to call a nil value (method 'nope')
                asked can_nest(ctx, "Work", "Inbox zero")

            """)
    }
}
