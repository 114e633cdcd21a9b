import Foundation
import ReorderCore
import ReorderTestSupport
import Testing
@testable import ReorderScripting

/// The keyboard part of the session API (docs/REFERENCE.md, "Keyboard dragging").
@Suite struct KeyboardAPITests {
    /// `s:show()` marks the keyboard-lifted item under the scene (1-based `section.row`), and
    /// the focus when nothing is lifted.
    @Test func showMarksTheKeyboardLiftedItem() {
        let out = lua("""
            local s = reorder.session{ sections = { {"a", "Standup", "c", "d"} }, titles = { "Today" } }
            s:focus(1, 2)
            s:show()
            s:key("space") s:key("down", 2)
            s:show()
            """)
        #expect(out.contains("keyboard: focus on Standup at 1.2\n"), "\(out)")
        #expect(out.hasSuffix("keyboard: lifted Standup at 1.4\n"), "\(out)")
    }

    /// Argument errors name the method and what was expected.
    @Test func badArgumentsAreClearErrors() {
        let out = lua("""
            local s = reorder.session{ sections = { {"a", "b"} } }
            print(pcall(s.key, s, "shift"))
            print(pcall(s.key, s, "down", 0))
            print(pcall(s.perform, s, 1, 1, "fly"))
            print(pcall(s.focus, s, 3, 1))
            """)
        #expect(out.contains(#"s:key: argument #1 (key) must be one of "space", "enter", "up", "down", "left", "right", "home", "end", "escape", "tab", "shift+space", got "shift""#), "\(out)")
        #expect(out.contains("s:key: argument #2 (n) must be from 1 to 1000000, got 0"), "\(out)")
        #expect(out.contains(#"s:perform: unknown action "fly" (move_up, move_down, move_to_start, move_to_end, "move_to_section N", "move_to_list NAME")"#), "\(out)")
        #expect(out.contains("s:focus: section 3 out of range (1 section)"), "\(out)")
    }

    /// `s:perform` says whether the item moved: a policy whose `target` keeps moves in their
    /// section (docs/POLICIES.md: nil is "no step") refuses `move_to_section 2`, which lifts
    /// and cancels (false, the order unchanged); `move_down` within the section moves (true).
    @Test func performIsFalseWhenThePolicyRefuses() {
        let out = lua("""
            local s = reorder.session{ sections = { {"a", "b"}, {"c"} }, policy = {
              name = "stay", api = 1,
              target = function(ctx, fs, fr, ts, tr) if ts ~= fs then return nil end return ts, tr end } }
            print(s:perform(1, 1, "move_to_section", 2), table.concat(s:order(), ","))
            print(s:perform(1, 1, "move_down"), table.concat(s:order(), ","))
            print(s:perform(1, 1, "move_up"))
            """)
        #expect(out == "false\ta,b,c\ntrue\tb,a,c\nfalse\n", "\(out)")
    }

    /// `s:config()` spells the keyboard fields as a policy file does.
    @Test func configHasTheKeyboardFields() {
        #expect(lua("""
            local c = reorder.session{ rows = 2, policy = { keyboard = { reveal = "center" } } }:config()
            print(c.keyboard.reveal, c.keyboard.animate)
            """) == "center\ttrue\n")
    }
}
