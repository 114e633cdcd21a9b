import ReorderCore
import ReorderLua
import ReorderScripting
import ReorderTestSupport
import Testing

/// The Lua session API on absurd geometry and durations: every case is an error naming the
/// option or argument and its range, in bounded time, never a trap (exit 132) or a hang.
@Suite struct SessionLimitTests {

    /// What `pcall(function() <call> end)` reports, from a fresh host.
    func failure(_ call: String) -> String {
        lua("local ok, e = pcall(function() \(call) end) print(ok, e)")
    }

    @Test(arguments: [
        // The traps: a tiny grid cell, a huge viewport, fractional columns, a huge frame rate.
        ("reorder.session{ rows = 5, layout = 'grid', grid = { item_width = 1e-300 } }",
         "grid.item_width: 1e-300 is out of range (1 <= grid.item_width <= 100000)"),
        ("reorder.session{ rows = 5, layout = 'grid', viewport = { 1e300, 667 } }",
         "viewport.width: 1e+300 is out of range (0 < viewport.width <= 100000)"),
        ("reorder.session{ rows = 5, layout = 'grid', grid = { columns = 0.5 } }",
         "grid.columns must be a whole number from 1 to 100000, got 0.5"),
        ("reorder.session{ rows = 5, frame_rate = 1e300 }",
         "frame_rate: 1e+300 is out of range (1 <= frame_rate <= 1000)"),
        ("reorder.session{ rows = 5, frame_rate = 0.5 }",
         "frame_rate: 0.5 is out of range (1 <= frame_rate <= 1000)"),
        // Zero and negative heights.
        ("reorder.session{ rows = 5, row_height = 0 }", "row_height: 0 is out of range (0 < row_height <= 100000)"),
        ("reorder.session{ rows = 5, header_height = -1 }", "header_height: -1 is out of range (0 <= header_height <= 100000)"),
        ("reorder.session{ rows = 5, row_height = 1/0 }", "row_height: inf is out of range (0 < row_height <= 100000)"),
        ("reorder.session{ sections = { { { id = 'a', height = -3 } } } }",
         "item 'a' (section 1, row 1): height: -3 is out of range (0 <= height <= 100000)"),
        ("reorder.session{ rows = 5, row_height = 'tall' }", "row_height must be a number, got string"),
    ])
    func absurdGeometryIsAnError(_ call: String, _ message: String) {
        #expect(failure(call) == "false\ttest:1: reorder.session: \(message)\n")
    }

    /// A drag of hours: more frames than one call may run at the session's rate. A hold or an
    /// advance skips the frames of a drag at rest, so they take a day.
    @Test func callsThatRunTooManyFramesAreRefused() {
        let out = lua("""
            local s = reorder.session{ rows = 30 }
            s:press_item(1, 2)
            print(pcall(s.hold, s, 86400))
            print(pcall(s.advance, s, 20000))
            print(pcall(s.move, s, 100, 100, 16667))
            print(pcall(s.drag, s, 1, 1, 1, 5, 86400))
            print(pcall(s.tick, s, 1000001))
            print(pcall(s.hold, s, 1e300))
            print(s:state(), #s:order(), s:time(), #s:inputs())
            local fast = reorder.session{ rows = 30, frame_rate = 1000 }
            print(pcall(fast.hold, fast, 1001))
            print(#fast:inputs())
            """)
        // 86400 s × 60 Hz = 5184000 frames; 1000000 frames at 60 Hz = 16666.7 s. Row 2 is
        // pressed at y = 66, inside default's 120 pt top zone with the list at its top: once
        // lifted, the drag is at rest, so the hold and the advance end (86400 + 20000 s).
        // Frames run, each recorded: the hold's 60 (the drag at rest from the 45th, 16 at rest
        // by the 60th, DragSimulator.restFramesBeforeSkip) and its last; the advance's 16 at rest
        // and its last; with the press, 1 + 61 + 17 = 79. The refused calls run none, and a hold
        // while idle skips every frame (none recorded).
        #expect(out == """
            true
            true
            false\ts:move: 16667 seconds at 60 Hz is 1000020 frames; one call runs at most 1000000 frames (16666 seconds at this frame rate)
            false\ts:drag: 86400 seconds at 60 Hz is 5184000 frames; one call runs at most 1000000 frames (16666 seconds at this frame rate)
            false\ts:tick: frames must be from 0 to 1000000, got 1000001
            false\ts:hold: argument #1 (seconds) must be from 0 to 86400 seconds, got 1e+300
            dragging\t30\t106400.0\t79
            true
            0

            """)
    }

    @Test func showAfterAFarAwayMoveDoesNotTrap() {
        // The raster's columns converted the snapshot's x × width to Int: with `follow = "xy"`
        // a finger at x = 1e300 puts the snapshot there, and s:show() trapped.
        let out = lua("""
            local s = reorder.session{ rows = 30, policy = { follow = "xy" } }
            s:press_item(1, 2) s:hold(1) s:move(1e300, 1e300)
            s:show()
            print(s:snapshot().x)
            local g = reorder.session{ rows = 30, layout = "grid", policy = { follow = "xy" } }
            g:press_item(1, 2) g:hold(1) g:move(-1e300, 1e300)
            g:show()
            print(s:state(), g:state(), #s:order(), #g:order())
            """)
        #expect(out.contains("\n1e+300\n"))
        #expect(out.hasSuffix("dragging\tdragging\t30\t30\n"))
    }

    /// An inline policy with a huge press is refused at once, and the largest allowed values
    /// still end a drag in a bounded number of frames (press, lift and drop 10 s each; settle
    /// waits up to 60 s of simulated time for the drop).
    @Test func theLargestAllowedDurationsStillFinishADrag() throws {
        final class Output: @unchecked Sendable { var text = "" }
        let output = Output()
        let host = try ScriptingHost(output: { output.text += $0 })
        try host.run("""
            local s = reorder.session{ rows = 8, policy = { min_press_duration = 10,
              snapshot = { lift = { duration = 10 }, drop = { duration = 10 } } } }
            print(s:drag(1, 1, 1, 5), s:state(), table.concat(s:order(), ","), #s:inputs())
            print(pcall(function() return reorder.session{ rows = 3, policy = { min_press_duration = 1e300 } } end))
            """, chunkName: "t")
        // Row 1 moved to row 5 (move semantics): 2, 3, 4, 5 shift up. The inputs, each recorded:
        // the press; 600 frames of the 10 s press and 600 of the 10 s lift at 60 Hz; the glide, a
        // move and a frame per frame period until the item is at row 5 (27 of each); the release;
        // the 600 frames of the 10 s drop: 1 + 600 + 600 + 54 + 1 + 600 = 1856.
        #expect(output.text == """
            true\tidle\t2,3,4,5,1,6,7,8\t1856
            false\t[string "t"]:4: reorder.session: inline policy: min_press_duration: expected a number in 0...10, got number 1e+300

            """)
    }

    /// A policy written inline in a script runs in the script's own VM, which has no budget of its
    /// own (`LuaVM.Options.trusted`, 0), so each hook call brings the policy budget,
    /// `LuaVM.Options.policy.instructionBudget` = 1,000,000. The budget error names that number:
    /// it said "(0 instructions)" when the message printed the VM's budget instead of the call's.
    @Test func aRunawayInlineHookNamesTheBudgetItRanOutOf() {
        let out = lua("""
            local s = reorder.session{ rows = 4, policy = { name = "inl", extends = "default", api = 1,
              can_move = function() while true do end end } }
            s:press_item(1, 2)
            s:hold(1)
            -- can_move failed, so its fallback (false, docs/POLICIES.md's hooks table) refused the
            -- lift: still idle, nothing moved (`rows = 4` names the items 1 to 4)
            print(s:state(), table.concat(s:order(), ","))
            """)
        #expect(out == """
            [policy inl] error: test:2: can_move: instruction budget exceeded (1000000 instructions)
            idle\t1,2,3,4

            """, "\(out)")
    }
}
