import Foundation
import Testing
@testable import ReorderScripting

/// Tree sessions as scripts see them: `reorder.session{ layout = "tree", tree = {...} }`,
/// `s:order()` (the visible ids), `s:tree()` (the nested shape), `s:toggle`, and a drag of a
/// subtree. Rows are 44 pt; `default` indents 32 pt a level.
@Suite struct TreeSessionAPITests {
    /// Prints a nested shape compactly: `b(b1 b2)`, a `+` before a collapsed node.
    static let shape = """
        local function shape(nodes)
          local out = {}
          for _, n in ipairs(nodes) do
            local s = (n.collapsed and "+" or "") .. n.id
            if n.children then s = s .. "(" .. shape(n.children) .. ")" end
            out[#out + 1] = s
          end
          return table.concat(out, " ")
        end

        """

    @Test func theRowsAreTheVisibleNodesAndTreeGivesTheShapeBack() {
        let out = lua(Self.shape + """
            local s = reorder.session{ layout = "tree",
              tree = { "a", { id = "b", children = { "b1", "b2" }, collapsed = false }, { id = "c", title = "Sea", children = { "c1" }, collapsed = true } } }
            print(table.concat(s:order(), " "))
            print(shape(s:tree()))
            print(s:tree()[3].title, s:tree()[1].title)
            s:toggle(1, 2)
            print(table.concat(s:order(), " "), shape(s:tree()))
            s:toggle(1, 3)
            print(table.concat(s:order(), " "), shape(s:tree()))
            """)
        // c's title differs from its id, so s:tree() carries it; a plain node has none.
        #expect(out == "a b b1 b2 c\na b(b1 b2) +c(c1)\nSea\tnil\na b c\ta +b(b1 b2) +c(c1)\na b c c1\ta +b(b1 b2) c(c1)\n")
    }

    @Test func aDragMovesTheSubtreeAndTheSidewaysTravelNests() {
        let out = lua(Self.shape + """
            local s = reorder.session{ layout = "tree", tree = { "a", { id = "b", children = { "b1", "b2" } }, "c" } }
            -- b (row 2) down over c (row 3): b and its children after c, a root.
            s:press_item(1, 2); s:hold(0.6)
            print(table.concat(s:order(), " "), s:snapshot().count)
            s:move_to_item(1, 3, 0.2); s:hold(0.1); s:release(); s:hold(1)
            print(table.concat(s:order(), " "), shape(s:tree()))
            -- c (row 2) 40 pt right: depth 0 + round(40 / 32) = 1 under a, the row above.
            s:press(187.5, 66); s:hold(0.6); s:move(227.5, 66, 0.2); s:hold(0.1); s:release(); s:hold(1)
            print(shape(s:tree()))
            """)
        #expect(out == "a b c\t3\na c b b1 b2\ta c b(b1 b2)\na(c) b(b1 b2)\n")
    }

    @Test func badTreesAreRefusedWithTheirPlace() {
        #expect(lua(#"reorder.session{ tree = { "a", { id = "b", children = { "a" } } } }"#)
                == "error: test:1: reorder.session: tree[2].children[1]: duplicate id \"a\" (first at tree[1]): ids must be unique\n")
        #expect(lua(#"reorder.session{ layout = "tree", rows = 3 }"#)
                == "error: test:1: reorder.session: layout \"tree\" needs its nodes: tree = { \"a\", { id = \"b\", children = { \"b1\" } } }\n")
        #expect(lua(#"reorder.session{ tree = { "a" }, rows = 3 }"#)
                == "error: test:1: reorder.session: give either tree (the nodes of a tree layout) or sections / rows, not both\n")
        #expect(lua(#"reorder.session{ tree = { { id = "a", collapsed = "yes" } } }"#)
                == "error: test:1: reorder.session: tree[1].collapsed must be a boolean, got string\n")
        #expect(lua(#"reorder.session{ rows = 2 }:toggle(1, 1)"#)
                == "error: test:1: s:toggle: only a tree session has a tree (this session's layout is table)\n")
    }

    /// `s:save` writes the whole tree (parents, collapsed nodes) and `restore` puts it back on
    /// the data's nodes: b1 moved under a and b collapsed come back; c, new in the data, is
    /// appended among the roots; b2, gone from the data, is dropped.
    @Test func saveAndRestoreKeepTheTree() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("reorder-tree-save-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("tree.json").path
        let out = lua(Self.shape + """
            local s = reorder.session{ layout = "tree", tree = { "a", { id = "b", children = { "b1", "b2" } } } }
            -- b1 (row 3) up over b (row 2): dnd-kit's projection keeps depth 1, under a, the row above.
            s:press_item(1, 3); s:hold(0.6); s:move_to_item(1, 2, 0.2); s:hold(0.1); s:release(); s:hold(1)
            s:toggle(1, 3)
            print(shape(s:tree()))
            s:save("\(file)", "outline")
            local r = reorder.session{ tree = { "a", { id = "b", children = { "b1" } }, "c" }, restore = { path = "\(file)", key = "outline" } }
            print(shape(r:tree()), table.concat(r:order(), " "))
            """)
        #expect(out == "a(b1) +b(b2)\na(b1) +b c\ta b1 b c\n")
    }
}
