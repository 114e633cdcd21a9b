import Foundation
import ReorderTestSupport
import Testing

/// The examples of docs/POLICIES.md, loaded as written and asked what their comments and the
/// text around them say (the blocks are found by their ids, ``DocBlocks``).
@Suite struct PolicyExamplesTests {
    /// Writes `files` to a fresh folder and runs `reorder ARGUMENTS` there.
    static func run(_ arguments: [String], files: [String: String]) throws -> (Int32, String, String) {
        let dir = try temporaryDirectory()
        for (name, text) in files {
            try text.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return try runReorder(arguments, directory: dir)
    }

    /// The text of POLICIES.md's example `id` saved as `file`, which `reorder check` passes as
    /// the policy `name`.
    static func checkedExample(_ id: String, as file: String, named name: String) throws -> String {
        let text = try DocBlocks.block(id: id, in: "docs/POLICIES.md").lines.joined(separator: "\n") + "\n"
        let (checked, out, _) = try run(["check", file], files: [file: text])
        #expect(checked == 0)
        #expect(out == "ok \(file) (\(name))\n")
        return text
    }

    /// The first example: `extends = "default"` (every other field from `default`), a 0.3 s
    /// press, a 1.1 scale, a shadow of opacity 0.3 and radius 6, and a first row that stays put.
    @Test func theQuickPolicyDoesWhatItsCommentsSay() throws {
        let quick = try Self.checkedExample("quick", as: "quick.lua", named: "quick")
        let probe = """
            local s = reorder.session{ policy = "quick.lua", rows = 3 }
            local c = s:config()
            print(s:policy(), c.min_press_duration, c.snapshot.scale, c.snapshot.shadow.opacity, c.snapshot.shadow.radius)
            -- From `default` (POLICIES.md's field table): alpha 0.98, the shadow's offset (0, 3).
            print(c.snapshot.alpha, c.snapshot.shadow.offset.x, c.snapshot.shadow.offset.y)
            print(s:can_move(1, 1), s:can_move(1, 2), s:can_move(1, 3))
            -- Lifted after 0.3 s of press, where `default` waits 0.5 s.
            s:press_item(1, 2)
            s:hold(0.25)
            print(s:state())
            s:hold(0.1)
            print(s:state())
            """
        let (status, printed, err) = try Self.run(["run", "probe.lua"], files: ["quick.lua": quick, "probe.lua": probe])
        #expect(status == 0, "\(err)")
        #expect(printed == """
            quick\t0.3\t1.1\t0.3\t6.0
            0.98\t0.0\t3.0
            false\ttrue\ttrue
            pressing
            dragging

            """)
    }

    /// The localised `announce`: the drop in German, every other text the built-in one
    /// (REFERENCE.md, "Keyboard dragging", the table of built-in texts).
    @Test func theLocalisedAnnouncementSaysTheDrop() throws {
        let hook = try DocBlocks.block(id: "announce-de", in: "docs/POLICIES.md").lines.joined(separator: "\n")
        let policy = "return {\n  name = \"de\", extends = \"default\", api = 1,\n" + hook + "\n}\n"
        let probe = """
            local s = reorder.session{ policy = "de.lua", sections = { { "Milch", "Brot", "Eier" } }, titles = { "Einkauf" } }
            s:focus(1, 1)
            s:key("space")
            s:key("down")
            s:key("space")
            for _, text in ipairs(s:announcements()) do print(text) end
            print(table.concat(s:order(), " "))
            """
        let (checked, out, _) = try Self.run(["check", "de.lua"], files: ["de.lua": policy])
        #expect(checked == 0)
        #expect(out == "ok de.lua (de)\n")
        let (status, printed, err) = try Self.run(["run", "probe.lua"], files: ["de.lua": policy, "probe.lua": probe])
        #expect(status == 0, "\(err)")
        #expect(printed == """
            Lifted Milch, position 1 of 3 in Einkauf. Use the arrow keys to move, space to drop, escape to cancel.
            Milch moved to position 2 of 3.
            Milch abgelegt an Position 2 von 3 in Einkauf.
            Brot Milch Eier

            """)
    }

    /// "Rows in Done cannot move, and moves stay in their section", by the section's title: on
    /// three titled sections, Done's rows cannot be lifted; a drag of "a" towards section 2 takes
    /// the steps inside section 1 on its way and stops at its end (`false`: not at the target);
    /// one inside a section ends at its target; a group of a row of "To do" and one of "Doing"
    /// dragged inside "To do" would land the "Doing" row in "To do", so the drop asks `target`
    /// about it and rolls back (the order of the press, a `rollback` event).
    @Test func theDoneIsFinalPolicyDecidesByTitle() throws {
        let done = try Self.checkedExample("done-is-final", as: "done.lua", named: "done_is_final")
        let probe = """
            local function ids(s)
              local out = {}
              for _, section in ipairs(s:ids()) do out[#out + 1] = table.concat(section, " ") end
              return table.concat(out, " | ")
            end
            local function session()
              return reorder.session{ policy = "done.lua", sections = { { "a", "b", "c" }, { "d", "e" }, { "f", "g" } },
                                      titles = { "To do", "Doing", "Done" } }
            end
            local s = session()
            print(s:can_move(1, 1), s:can_move(2, 2), s:can_move(3, 1), s:can_move(3, 2))
            print(s:drag(1, 1, 2, 1), ids(s))
            print(s:drag(1, 1, 1, 3), ids(s))
            local g = session()
            g:select(1, 1)
            g:select(2, 1)
            g:drag(1, 1, 1, 3)
            local rolled_back = false
            for _, e in ipairs(g:events()) do rolled_back = rolled_back or e.type == "rollback" end
            print(ids(g), rolled_back)
            """
        let (status, printed, err) = try Self.run(["run", "probe.lua"], files: ["done.lua": done, "probe.lua": probe])
        #expect(status == 0, "\(err)")
        #expect(printed == """
            true\ttrue\tfalse\tfalse
            false\tb c a | d e | f g
            true\tc a b | d e | f g
            a b c | d e | f g\ttrue

            """)
    }
}
