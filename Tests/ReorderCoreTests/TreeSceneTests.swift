import Testing
@testable import ReorderCore

/// What the scene of a tree session gives a drawer: each row's depth, whether it has children
/// and is collapsed, the indent, the projection while a node is dragged, and the count the
/// snapshot carries. Rows are 44 pt in a 375 × 667 viewport; `default` indents 32 pt a level
/// (TreeConfiguration).
@Suite struct TreeSceneTests {
    /// a, b(b1, b2), c(c1) collapsed, d: rows a, b, b1, b2, c, d.
    static func simulator() throws -> DragSimulator {
        let roots: [TreeNodeDescription] = ["a", TreeNodeDescription(id: "b", children: ["b1", "b2"]),
                                             TreeNodeDescription(id: "c", children: ["c1"], collapsed: true), "d"]
        return DragSimulator(tree: try Tree(roots), geometry: SessionGeometry(layout: .tree), policy: DefaultPolicy())
    }

    static func scene(_ sim: DragSimulator) -> Scene { sim.session.scene(at: sim.time, policy: sim.policy) }

    /// Lifts row `row` at its centre and moves `dx` sideways, staying on the row.
    static func lift(_ sim: DragSimulator, row: Int, dx: Double) {
        let start = Point(x: 187.5, y: Double(row) * 44 + 22)
        sim.press(at: start)
        sim.hold(0.6)
        sim.move(to: Point(x: start.x + dx, y: start.y), over: 0.1)
        sim.tick()
    }

    @Test func eachRowCarriesItsDepthChildrenAndCollapse() throws {
        let scene = Self.scene(try Self.simulator())
        #expect(scene.cells.map(\.id) == ["a", "b", "b1", "b2", "c", "d"])
        #expect(scene.cells.map { $0.tree?.depth } == [0, 0, 1, 1, 0, 0])
        #expect(scene.cells.map { $0.tree?.hasChildren } == [false, true, false, false, true, false])
        #expect(scene.cells.map { $0.tree?.isCollapsed } == [false, false, false, false, true, false])
        // The frames are the table's: a drawer indents by depth × indent itself.
        #expect(scene.cells[2].frame == Rect(x: 0, y: 88, width: 375, height: 44))
        #expect(scene.outline == Scene.Outline(indent: 32, projection: nil))
        #expect(scene.snapshot == nil)
    }

    /// A leaf collapsed by the tree's description is not drawn collapsed (nothing to show).
    @Test func aCollapsedLeafIsDrawnAsALeaf() throws {
        let sim = DragSimulator(tree: try Tree([TreeNodeDescription(id: "a", collapsed: true)]),
                                geometry: SessionGeometry(layout: .tree), policy: DefaultPolicy())
        let row = Self.scene(sim).cells.first?.tree
        #expect(row == Scene.TreeRow(depth: 0, hasChildren: false, isCollapsed: false))
    }

    /// b2 (row 3, depth 1) moved 40 pt right over its own row: 1 + round(40 / 32) = 2, within
    /// the row above's bound b1.depth + 1 = 2: its row is drawn at depth 2, under b1.
    @Test func theLiftedRowIsDrawnAtTheProjectedDepth() throws {
        let sim = try Self.simulator()
        Self.lift(sim, row: 3, dx: 40)
        let scene = Self.scene(sim)
        #expect(scene.state == .dragging)
        let b2 = scene.cells.first { $0.id == "b2" }
        #expect(b2?.isPlaceholder == true)
        #expect(b2?.tree?.depth == 2)
        #expect(scene.outline?.projection == Scene.Outline.Projection(depth: 2, parent: "b1"))
        // A leaf carries itself alone: no count badge.
        #expect(scene.snapshot?.count == 1)
        #expect(scene.snapshot?.badge == false)
    }

    /// b lifted carries b1 and b2 (they leave the rows): the snapshot counts 3 with a badge, as
    /// dnd-kit's story shows `getChildCount + 1` on the dragged clone. With no sideways travel
    /// b stays a root.
    @Test func theLiftedSubtreesCountIsOnTheSnapshot() throws {
        let sim = try Self.simulator()
        Self.lift(sim, row: 1, dx: 0)
        let scene = Self.scene(sim)
        #expect(scene.cells.map(\.id) == ["a", "b", "c", "d"])
        #expect(scene.cells[1].tree == Scene.TreeRow(depth: 0, hasChildren: true, isCollapsed: false))
        #expect(scene.snapshot?.count == 3)
        #expect(scene.snapshot?.badge == true)
        #expect(scene.snapshot?.stack == 0)
        #expect(scene.outline?.projection == Scene.Outline.Projection(depth: 0, parent: nil))
    }

    /// A flat list's scene has no tree part.
    @Test func aTableHasNoOutline() {
        let sim = DragSimulator(sections: [["x", "y"].map { Item($0) }], viewport: Size(width: 375, height: 667),
                                policy: DefaultPolicy())
        let scene = Self.scene(sim)
        #expect(scene.outline == nil)
        #expect(scene.cells.allSatisfy { $0.tree == nil })
    }
}
