import Testing
@testable import ReorderCore

/// A tree laid out as rows and dragged through the session: the subtree lifts with its node,
/// the depth comes from the finger's sideways travel (dnd-kit's projection, utilities.ts
/// lines 12-61), and the drop moves the node within the whole tree (SortableTree.tsx
/// `handleDragEnd`, lines 268-287). Rows are 44 pt in a 375 × 667 viewport; `default` indents
/// 32 pt a level.
@Suite struct TreeSessionTests {
    /// a, b(b1, b2), c, d.
    static func roots() -> [TreeNodeDescription] {
        ["a", TreeNodeDescription(id: "b", children: ["b1", "b2"]), "c", "d"]
    }

    static func simulator(_ roots: [TreeNodeDescription] = roots(), policy: any DragPolicy = DefaultPolicy()) throws -> DragSimulator {
        DragSimulator(tree: try Tree(roots), geometry: SessionGeometry(layout: .tree), policy: policy)
    }

    /// Presses row `row`, holds past the press and the lift, moves `dx` sideways over `over`'s
    /// row, and releases.
    static func drag(_ sim: DragSimulator, row: Int, over: Int, dx: Double) {
        let start = Point(x: 187.5, y: Double(row) * 44 + 22)
        sim.press(at: start)
        sim.hold(0.6)
        sim.move(to: Point(x: start.x + dx, y: Double(over) * 44 + 22), over: 0.2)
        sim.hold(0.1)
        sim.release()
        sim.settle()
    }

    static func shape(_ sim: DragSimulator) -> [String] { sim.tree?.nested().map(\.description) ?? [] }

    @Test func theRowsAreTheVisibleNodes() throws {
        let sim = try Self.simulator(["a", TreeNodeDescription(id: "b", children: ["b1"], collapsed: true), "c"])
        #expect(sim.order.ids == [["a", "b", "c"]])
        #expect(sim.order.storage.map(\.id) == ["a", "b", "b1", "c"])   // every node, at its handle
        // The layout is a table of the rows.
        #expect(sim.layout.contentSize == Size(width: 375, height: 3 * 44))
    }

    @Test func liftingANodeLiftsItsSubtree() throws {
        let sim = try Self.simulator()
        sim.pressItem(ItemPosition(section: 0, item: 1))
        sim.hold(0.6)
        #expect(sim.state == .dragging)
        // b1 and b2 leave the rows; the lift carries b and both.
        #expect(sim.order.ids == [["a", "b", "c", "d"]])
        #expect(sim.treeLift?.carried == 3)
        #expect(sim.treeLift?.hiddenRows == 2)
        sim.cancel()
        sim.settle()
        // A reverting cancel puts the rows back, descendants included.
        #expect(sim.order.ids == [["a", "b", "b1", "b2", "c", "d"]])
        #expect(Self.shape(sim) == ["a", "b(b1, b2)", "c", "d"])
    }

    @Test func aSubtreeMovesWholeAndComesBackUnderItsNode() throws {
        let sim = try Self.simulator()
        // b over c, no sideways travel: moved down, b is after c; the row above (c) allows
        // depth 0...1, the row below (d) at least 0: depth 0 + round(0 / 32) = 0, a root.
        Self.drag(sim, row: 1, over: 2, dx: 0)
        #expect(Self.shape(sim) == ["a", "c", "b(b1, b2)", "d"])
        #expect(sim.order.ids == [["a", "c", "b", "b1", "b2", "d"]])
        #expect(sim.events.map(\.typeName) == ["begin", "move", "end"])
        guard case .end(let from, let to, _)? = sim.events.last else { Issue.record("no end event"); return }
        #expect(from == ItemPosition(section: 0, item: 1))
        #expect(to == ItemPosition(section: 0, item: 2))
    }

    @Test func theSidewaysTravelGivesTheDepth() throws {
        let sim = try Self.simulator(["a", TreeNodeDescription(id: "b", children: ["b1", "b2"]), "d"])
        // d (row 4, under b2 at depth 1) moved 40 pt right: 0 + round(40 / 32) = 1, within
        // max = b2's depth + 1 = 2 and min = 0 (no row below); the parent at depth 1 is b2's
        // ancestor at depth 0, b. d lands after b2, b's last child.
        Self.drag(sim, row: 4, over: 4, dx: 40)
        #expect(Self.shape(sim) == ["a", "b(b1, b2, d)"])
        // From depth 1, 80 pt further right: 1 + round(80 / 32) = 4, clamped to max = 2 (under b2).
        Self.drag(sim, row: 4, over: 4, dx: 80)
        #expect(Self.shape(sim) == ["a", "b(b1, b2(d))"])
        // 15 pt left rounds to 0 steps (round(-0.47) = 0): d stays under b2.
        Self.drag(sim, row: 4, over: 4, dx: -15)
        #expect(Self.shape(sim) == ["a", "b(b1, b2(d))"])
        // 16 pt left is half a level: round(-0.5) = 0 (JavaScript's Math.round, a half
        // towards +∞): still under b2. 17 pt left: round(-0.53) = -1, depth 1, after b2.
        Self.drag(sim, row: 4, over: 4, dx: -16)
        #expect(Self.shape(sim) == ["a", "b(b1, b2(d))"])
        Self.drag(sim, row: 4, over: 4, dx: -17)
        #expect(Self.shape(sim) == ["a", "b(b1, b2, d)"])
    }

    @Test func maxDepthBoundsTheWholeSubtree() throws {
        var config = DefaultPolicy.standardConfiguration
        config.tree.maxDepth = 1
        let sim = try Self.simulator(["a", TreeNodeDescription(id: "b", children: ["b1"])],
                                     policy: NativePolicy(configuration: config))
        // a over b1's row: rows b, b1, a; a moved 100 pt right would be 0 + round(3.1) = 3,
        // max = b1's depth + 1 = 2, max_depth 1 (a is a leaf: height 0): depth 1, under b.
        Self.drag(sim, row: 0, over: 2, dx: 100)
        #expect(Self.shape(sim) == ["b(b1, a)"])
        // b (height 1) cannot go under anything: max_depth 1 − height 1 = 0.
        Self.drag(sim, row: 0, over: 0, dx: 100)
        #expect(Self.shape(sim) == ["b(b1, a)"])
    }

    /// `can_nest` refuses b as a parent: the node goes one level shallower.
    final class NoNestingUnderB: NativePolicy {
        var asked: [String] = []
        override func canNest(_ ctx: PolicyContext, item: String, parent: String) -> Bool {
            asked.append("\(item)>\(parent)")
            return parent != "b"
        }
    }

    @Test func canNestMakesARefusedNodeShallower() throws {
        let policy = NoNestingUnderB(configuration: DefaultPolicy.standardConfiguration)
        let sim = try Self.simulator(["a", TreeNodeDescription(id: "b", children: ["b1", "b2"]), "d"], policy: policy)
        // d as in theSidewaysTravelGivesTheDepth: depth 1 under b, refused: depth 0, a root.
        Self.drag(sim, row: 4, over: 4, dx: 40)
        #expect(Self.shape(sim) == ["a", "b(b1, b2)", "d"])
        #expect(policy.asked.last == "d>b")
        // 80 pt right: 0 + round(2.5) = 3, clamped to 2: under b2, allowed.
        Self.drag(sim, row: 4, over: 4, dx: 80)
        #expect(Self.shape(sim) == ["a", "b(b1, b2(d))"])
        #expect(policy.asked.last == "d>b2")
    }

    @Test func aDropUnderACollapsedNodeLandsFirstFromAbove() throws {
        let sim = try Self.simulator(["a", TreeNodeDescription(id: "b", children: ["b1"], collapsed: true), "c"])
        // a over b, 32 pt right: rows b, a, c; max = b's depth + 1 = 1: depth 1 under b.
        // Coming from above, a lands before b1 in the whole flattening: b's first child, and b
        // stays collapsed (the drop settles on b's row).
        Self.drag(sim, row: 0, over: 1, dx: 32)
        #expect(Self.shape(sim) == ["+b(a, b1)", "c"])
        #expect(sim.order.ids == [["b", "c"]])
        guard case .end(let from, let to, _)? = sim.events.last else { Issue.record("no end event"); return }
        #expect(from == ItemPosition(section: 0, item: 0))
        #expect(to == ItemPosition(section: 0, item: 0))   // b's row: a is hidden under it
        // c (row 1) up over b, 32 pt right: rows c, b, with nothing above c: max = 0, a root
        // before b.
        Self.drag(sim, row: 1, over: 0, dx: 32)
        #expect(Self.shape(sim) == ["c", "+b(a, b1)"])
    }

    @Test func aDropUnderACollapsedNodeLandsLastFromBelow() throws {
        let sim = try Self.simulator(["a", TreeNodeDescription(id: "b", children: ["b1"], collapsed: true), "c", "d"])
        // d over c's row, 64 pt right: moving up, rows a, b, d, c: previous b (depth 0), next
        // c: depth min(0 + 2, 1) = 1 under b. The whole flattening puts d before c, after b1:
        // b's last child.
        Self.drag(sim, row: 3, over: 2, dx: 64)
        #expect(Self.shape(sim) == ["a", "+b(b1, d)", "c"])
        #expect(sim.order.ids == [["a", "b", "c"]])
    }

    @Test func toggleCollapsesAndExpandsARow() throws {
        let sim = try Self.simulator()
        #expect(sim.toggle(ItemPosition(section: 0, item: 1)) == .handled(from: .idle, to: .idle))
        #expect(sim.order.ids == [["a", "b", "c", "d"]])
        #expect(Self.shape(sim) == ["a", "+b(b1, b2)", "c", "d"])
        #expect(sim.inputs.last == .toggle(sim.time, ItemPosition(section: 0, item: 1)))
        sim.toggle(ItemPosition(section: 0, item: 1))
        #expect(sim.order.ids == [["a", "b", "b1", "b2", "c", "d"]])
        // Past the rows, and in another section: ignored.
        #expect(sim.toggle(ItemPosition(section: 0, item: 6)) == .ignored)
        #expect(sim.toggle(ItemPosition(section: 1, item: 0)) == .ignored)
        // While dragging: ignored.
        sim.pressItem(ItemPosition(section: 0, item: 0))
        sim.hold(0.6)
        #expect(sim.toggle(ItemPosition(section: 0, item: 1)) == .ignored)
    }

    @Test func aTableSessionHasNoTreeAndIgnoresToggle() {
        let sim = DragSimulator(sections: [[Item("a"), Item("b")]], viewport: Size(width: 375, height: 667),
                                policy: DefaultPolicy())
        #expect(sim.tree == nil)
        #expect(sim.toggle(ItemPosition(section: 0, item: 0)) == .ignored)
    }

    /// Left and Right change a keyboard-lifted node's depth by one within the projection's bounds
    /// (keyboardCoordinates.ts lines 53-68), and the announcements use dnd-kit's words
    /// (SortableTree.tsx lines 314-371).
    @Test func leftAndRightChangeTheDepthAndAreAnnounced() throws {
        let sim = try Self.simulator(["a", "b"])
        sim.focus(ItemPosition(section: 0, item: 1))
        sim.key(.space)
        _ = sim.takeAnnouncements()
        // b over its own row: a above (max 0 + 1 = 1), nothing below (min 0); Right: depth 1
        // under a; a second Right is at the bound and says nothing.
        sim.key(.right)
        #expect(sim.treeProjection?.depth == 1)
        sim.key(.right)
        #expect(sim.takeAnnouncements().compactMap(\.text) == ["b was nested under a."])
        sim.key(.space)
        #expect(sim.takeAnnouncements().compactMap(\.text) == ["b was dropped under a."])
        sim.settle()
        #expect(Self.shape(sim) == ["a(b)"])
        // Lifted again at depth 1: Left to depth 0, after a.
        sim.focus(ItemPosition(section: 0, item: 1))
        sim.key(.space)
        sim.key(.left)
        sim.key(.left)   // at min 0: nothing
        sim.key(.space)
        sim.settle()
        #expect(sim.takeAnnouncements().compactMap(\.text).suffix(2) == ["b was moved after a.", "b was dropped after a."])
        #expect(Self.shape(sim) == ["a", "b"])
    }
}
