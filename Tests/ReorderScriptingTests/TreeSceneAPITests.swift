import Foundation
import ReorderCore
import ReorderTestSupport
import Testing
@testable import ReorderScripting

/// `s:scene()` of a tree session: the same fields the playground's scene has.
@Suite struct TreeSceneAPITests {
    /// a, b(b1, b2) under `default` (indent 32); b lifted at its centre (y 66) and moved 40 pt
    /// right: 0 + round(40 / 32) = 1, within a's bound (0 + 1): under a, its row at depth 1; the
    /// snapshot carries b, b1 and b2.
    @Test func theSceneGivesDepthsTheOutlineAndTheCount() {
        let out = lua("""
            local s = reorder.session{ layout = "tree", tree = { "a", { id = "b", children = { "b1", "b2" } } } }
            local sc = s:scene()
            for _, c in ipairs(sc.cells) do io.write(c.id, " ", c.depth, " ", tostring(c.children), " ", tostring(c.collapsed), "\\n") end
            print(sc.outline.indent, sc.outline.projection)
            s:press(187.5, 66) s:hold(0.6) s:move(227.5, 66, 0.1)
            sc = s:scene()
            print(#sc.cells, sc.cells[2].id, sc.cells[2].depth, sc.outline.projection.depth, sc.outline.projection.parent)
            print(sc.snapshot.count, sc.snapshot.badge)
            """)
        #expect(out == """
            a 0 nil nil
            b 0 true nil
            b1 1 nil nil
            b2 1 nil nil
            32.0\tnil
            2\tb\t1\t1\ta
            3\ttrue

            """)
    }
}
