import Testing
@testable import ReorderCore

/// What the hooks see of a tree during a drag is made once per projection, not once per hook
/// call: the tree does not change until the drop, so the frames between two changes of the
/// row or of the whole indents travelled share one ``TreeContext`` (object identity counts the
/// contexts made, no timing). Rows are 44 pt, `default` indents 32 pt a level.
@Suite struct TreeContextReuseTests {
    @Test func framesWithTheSameProjectionShareOneContext() throws {
        let tree = try Tree(["a", TreeNodeDescription(id: "b", children: ["b1", "b2"]), "c", "d"])
        let sim = DragSimulator(tree: tree, geometry: SessionGeometry(layout: .tree), policy: DefaultPolicy())
        // Press d (row 5: a, b, b1, b2, c, d), hold past the press and the lift.
        sim.press(at: Point(x: 187.5, y: 5 * 44 + 22))
        sim.hold(0.6)
        #expect(sim.state == .dragging)
        let first = try #require(sim.session.context().tree)
        // Ten frames without a move: the same context in every hook call.
        sim.tick(10)
        #expect(sim.session.context().tree === first)
        #expect(sim.session.context().tree === sim.session.context().tree)
        // 40 pt right: round(40 / 32) = 1 indent, d nested under c. A new projection, so one new
        // context, carrying it.
        sim.move(to: Point(x: 187.5 + 40, y: 5 * 44 + 22))
        sim.tick()
        let nested = try #require(sim.session.context().tree)
        #expect(nested !== first)
        #expect(nested.projection?.depth == 1)
        #expect(nested.projection?.parent == tree.handle(of: "c"))
        sim.tick(5)
        #expect(sim.session.context().tree === nested)
        // After the drop the hooks see the tree as it is now (d under c), not the lift's.
        sim.release()
        let dropped = try #require(sim.session.context().tree)
        #expect(dropped !== nested)
        #expect(dropped.tree.parentID(of: "d") == "c")
        sim.settle()
        #expect(sim.tree?.nested().map(\.description) == ["a", "b(b1, b2)", "c(d)"])
    }
}
