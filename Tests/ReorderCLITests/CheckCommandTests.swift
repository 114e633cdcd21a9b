import Foundation
import ReorderTestSupport
import Testing
@testable import ReorderCLI

/// Issue 16 item 1: `reorder check` asks a policy about string items, table items, every layout
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
        let lines = out.split(separator: "\n").map(String.init)
        #expect(lines.first == "problems in pinned.lua (pinned):")
        #expect(lines.count == 2)
        #expect(lines.last?.hasPrefix("  on the board demo (table items): ") == true)
        #expect(lines.last?.contains("pinned.lua:2:") == true)
        #expect(lines.last?.contains("attempt to call a nil value (method 'sub')") == true)
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
    /// Issue 16 item 5: `reorder check pinned` with `pinned.lua` in the current folder says which
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
}
