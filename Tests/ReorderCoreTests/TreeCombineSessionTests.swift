import Testing
@testable import ReorderCore

/// Dropping onto tree nodes, `tree.expand_after`, and pragmatic-drag-and-drop's tree-item hitbox
/// as a session's tree model. Rows are 44 pt in a 375 × 667 viewport (row r spans
/// `44r ..< 44r + 44`), so a row's hitbox quarters are 11 pt (attach-instruction.ts lines
/// 22-34: `quarterOfHeight = height / 4`, both lines included) and its centre is `44r + 22`
/// (lines 8-13). The tree indents 32 pt a level, the tree example's `indentPerLevel`
/// (examples/pieces/tree-legacy/constants.ts line 1). The snapshot follows the finger at once
/// (no lift animation), so a dragged row spans the finger ± 22.
@Suite struct TreeCombineSessionTests {
    final class TreeCombinePolicy: DefaultPolicy {
        /// Ids the `combine` hook refuses as targets, and `can_nest` as parents.
        let refusedTargets: Set<String>
        let refusedParents: Set<String>
        init(_ rule: CombineRule, delay: Double = 0, expandAfter: Double = 0.5, maxDepth: Double = 63,
             refusedTargets: Set<String> = [], refusedParents: Set<String> = []) {
            self.refusedTargets = refusedTargets
            self.refusedParents = refusedParents
            // As pragmatic_tree for the hitbox; the band model slides, as rbd does.
            var c = CombineSessionTests.CombinePolicy.configuration(rule, preview: rule == .hitbox ? .indicator : .slide,
                                                                    delay: delay)
            c.tree.expandAfter = expandAfter
            c.tree.maxDepth = maxDepth
            super.init(configuration: c)
        }
        override func combine(_ ctx: PolicyContext, from: ItemPosition, onto: ItemPosition) -> Bool {
            !refusedTargets.contains(ctx.item(at: onto).id)
        }
        override func canNest(_ ctx: PolicyContext, item: String, parent: String) -> Bool {
            !refusedParents.contains(parent)
        }
        /// What `on_cancel` answers.
        var cancelResolution = CancelResolution.revert
        override func onCancel(_ ctx: PolicyContext) -> CancelResolution { cancelResolution }
    }

    static func simulator(_ roots: [TreeNodeDescription], _ policy: TreeCombinePolicy) throws -> DragSimulator {
        DragSimulator(tree: try Tree(roots), geometry: SessionGeometry(layout: .tree), policy: policy)
    }

    /// Presses row `row`'s centre and holds past the press (0.5 s) into the drag; the events so
    /// far taken.
    static func lift(_ sim: DragSimulator, row: Int) {
        sim.press(at: Point(x: 187.5, y: Double(row) * 44 + 22))
        sim.hold(0.6)
        #expect(sim.state == .dragging)
        _ = sim.takeEvents()
    }

    static func shape(_ sim: DragSimulator) -> [String] { sim.tree?.nested().map(\.description) ?? [] }
    static func rows(_ sim: DragSimulator) -> [String] { sim.order.ids.first ?? [] }

    /// a, f (collapsed: f1, f2), c.
    static let folder: [TreeNodeDescription] = ["a", TreeNodeDescription(id: "f", children: ["f1", "f2"], collapsed: true), "c"]

    // MARK: Combining in the projection model (rbd's band)

    @Test func aBandCombineMakesTheNodeTheFirstChildAndOpensTheTarget() throws {
        let sim = try Self.simulator(Self.folder, TreeCombinePolicy(.band))
        Self.lift(sim, row: 0)
        // The finger at 45: a's trailing edge 67 lies inside f's band (44 + 11, 88 − 11)
        // (get-combine-impact.ts lines 58 and 78-83); combining is checked first, no step.
        sim.move(to: Point(x: 187.5, y: 45))
        #expect(sim.session.scene().combineTarget == pos(0, 1))
        #expect(sim.takeEvents().isEmpty)
        sim.release()
        sim.settle()
        // tree-legacy.ts lines 139-145: `isOpen: true, children: [newItem, ...item.children]`.
        #expect(Self.shape(sim) == ["f(a, f1, f2)", "c"])
        #expect(Self.rows(sim) == ["f", "a", "f1", "f2", "c"])
        guard case .end(let from, let to, _)? = sim.events.last else { Issue.record("no end"); return }
        #expect(from == pos(0, 0))
        #expect(to == pos(0, 1))   // a's row under f
        #expect(sim.tree?.invariantViolations() == [])
    }

    @Test func aRefusedCombineSlidesAsWithoutCombining() throws {
        // can_nest refuses f as a parent: the band finds f, the combine is not offered, and the
        // finger over f's row steps as the projection model does.
        let sim = try Self.simulator(Self.folder, TreeCombinePolicy(.band, refusedParents: ["f"]))
        Self.lift(sim, row: 0)
        sim.move(to: Point(x: 187.5, y: 45))
        #expect(sim.session.scene().combineTarget == nil)
        sim.release()
        sim.settle()
        #expect(Self.shape(sim) == ["+f(f1, f2)", "a", "c"])
        // A combine the `combine` hook refuses is refused the same way.
        let hooked = try Self.simulator(Self.folder, TreeCombinePolicy(.band, refusedTargets: ["f"]))
        Self.lift(hooked, row: 0)
        hooked.move(to: Point(x: 187.5, y: 45))
        #expect(hooked.session.scene().combineTarget == nil)
    }

    @Test func maxDepthBoundsACombine() throws {
        // max_depth 0: no node may become a child, so no combine is offered.
        let sim = try Self.simulator(Self.folder, TreeCombinePolicy(.band, maxDepth: 0))
        Self.lift(sim, row: 0)
        sim.move(to: Point(x: 187.5, y: 45))
        #expect(sim.session.scene().combineTarget == nil)
    }

    @Test func aCollapsedTargetOpensAfterExpandAfterCountedInFrames() throws {
        let sim = try Self.simulator(Self.folder, TreeCombinePolicy(.band, delay: 0.1, expandAfter: 0.5))
        Self.lift(sim, row: 0)
        // The band finds f at the frame of the move, t = 0.6 (frame 36); the combine takes
        // after combine_delay (0.1 s) and f opens expand_after (0.5 s) later: t = 1.2, frame 72.
        sim.move(to: Point(x: 187.5, y: 45))
        #expect(sim.time == 0.6)
        sim.tick(5)     // frame 41, t ≈ 0.683: the delay still runs
        #expect(sim.session.scene().combineTarget == nil)
        sim.tick()      // frame 42, t = 0.7: the combine takes
        #expect(sim.session.scene().combineTarget == pos(0, 1))
        sim.tick(29)    // frame 71: still collapsed
        #expect(Self.rows(sim) == ["a", "f", "c"])
        sim.tick()      // frame 72, t = 1.2: f opens under the drag
        #expect(abs(sim.time - 1.2) < 1e-9)
        #expect(Self.rows(sim) == ["a", "f", "f1", "f2", "c"])
        #expect(sim.tree?.isCollapsed(try #require(sim.tree?.handle(of: "f"))) == false)
        // The combine holds on f (its row did not move); the drop makes a its first child.
        sim.release()
        sim.settle()
        #expect(Self.shape(sim) == ["f(a, f1, f2)", "c"])
    }

    @Test func aHoldOverACollapsedTargetOpensItAtTheDueFrame() throws {
        // A still hold skips frames at rest, but not while an expand is due.
        let sim = try Self.simulator(Self.folder, TreeCombinePolicy(.band, expandAfter: 0.5))
        Self.lift(sim, row: 0)
        sim.move(to: Point(x: 187.5, y: 45))
        sim.hold(0.45)
        #expect(Self.rows(sim) == ["a", "f", "c"])
        sim.hold(0.05)
        #expect(Self.rows(sim) == ["a", "f", "f1", "f2", "c"])
    }

    @Test func aRevertingCancelAfterAnExpandKeepsTheTargetOpen() throws {
        let sim = try Self.simulator(["a", "b", TreeNodeDescription(id: "f", children: ["f1"], collapsed: true), "c"],
                                     TreeCombinePolicy(.band, expandAfter: 0))
        Self.lift(sim, row: 0)
        // Down over b first (a step: b, a, f, c), then a's trailing edge into f's band (rows
        // 88...132, band (99, 121)): the finger at 89, edge 111.
        sim.move(to: Point(x: 187.5, y: 66))
        #expect(Self.rows(sim) == ["b", "a", "f", "c"])
        sim.move(to: Point(x: 187.5, y: 89))
        #expect(sim.session.scene().combineTarget == pos(0, 2))
        // expand_after 0: f opens in the same frame; a is drawn at row 1 still.
        #expect(Self.rows(sim) == ["b", "a", "f", "f1", "c"])
        sim.cancel()
        sim.settle()
        // The rows of the lift, with f open: the expand is kept, the step undone.
        #expect(Self.shape(sim) == ["a", "b", "f(f1)", "c"])
        #expect(Self.rows(sim) == ["a", "b", "f", "f1", "c"])
    }

    // MARK: pragmatic's tree-item hitbox

    /// a, b (open: b1, b2), c: rows a 0, b 1, b1 2, b2 3, c 4.
    static let open: [TreeNodeDescription] = ["a", TreeNodeDescription(id: "b", children: ["b1", "b2"]), "c"]

    /// Lifts `row`, moves the finger to `(x, y)`, and returns the indicator shown there.
    static func hover(_ sim: DragSimulator, row: Int, x: Double = 187.5, y: Double) -> Scene.DropIndicator? {
        lift(sim, row: row)
        sim.move(to: Point(x: x, y: y))
        return sim.session.scene().indicator
    }

    static func drop(_ sim: DragSimulator) {
        sim.release()
        sim.settle()
    }

    @Test func theTopQuarterReordersAboveAndRowsDoNotSlide() throws {
        let sim = try Self.simulator(Self.open, TreeCombinePolicy(.hitbox))
        // c over a's top quarter (y 11 is on the quarter line: above, attach-instruction.ts
        // line 26): a line at a's top, at a's depth 0.
        let i = Self.hover(sim, row: 4, y: 11)
        #expect(i?.kind == .line)
        #expect(i?.frame == Rect(x: 0, y: 0, width: 375, height: 0))
        #expect(i?.depth == 0)
        #expect(i?.blocked == false)
        #expect(Self.rows(sim) == ["a", "b", "b1", "b2", "c"])   // nothing slid
        #expect(sim.takeEvents().isEmpty)
        Self.drop(sim)
        #expect(Self.shape(sim) == ["c", "a", "b(b1, b2)"])
        #expect(sim.takeEvents().map(\.typeName) == ["end"])
    }

    @Test func theBottomQuarterReordersBelowAtTheTargetsDepth() throws {
        let sim = try Self.simulator(Self.open, TreeCombinePolicy(.hitbox))
        // a over b1's bottom quarter: b1's row 88...132, y 121 is on the line (below, line 31).
        let i = Self.hover(sim, row: 0, y: 121)
        #expect(i?.frame == Rect(x: 0, y: 132, width: 375, height: 0))
        #expect(i?.depth == 1)
        // The projection a hook and the scene read: where the instruction puts a (b's child).
        let p = sim.session.treeProjection
        #expect(p?.depth == 1)
        #expect(p.flatMap { $0.parent }.map { sim.tree?.id($0) } == "b")
        Self.drop(sim)
        #expect(Self.shape(sim) == ["b(b1, a, b2)", "c"])
    }

    @Test func theMiddleMakesTheFirstChildAndAnOpenNodeTakesAllButItsTopQuarter() throws {
        // c (a last root, level 0: the standard hitbox) under a's middle half.
        var sim = try Self.simulator(Self.open, TreeCombinePolicy(.hitbox))
        var i = Self.hover(sim, row: 2, y: 22)   // b1 over a's middle
        #expect(i?.kind == .outline)
        #expect(i?.frame == Rect(x: 0, y: 0, width: 375, height: 44))
        #expect(sim.session.scene().combineTarget == pos(0, 0))
        Self.drop(sim)
        #expect(Self.shape(sim) == ["a(b1)", "b(b2)", "c"])
        // b is open with children (expanded, attach-instruction.ts lines 62-73): its bottom
        // quarter is make-child too; the tree example puts the node first (tree-legacy.ts 144).
        sim = try Self.simulator(Self.open, TreeCombinePolicy(.hitbox))
        i = Self.hover(sim, row: 4, y: 87)
        #expect(i?.kind == .outline)
        #expect(i?.position == pos(0, 1))
        Self.drop(sim)
        #expect(Self.shape(sim) == ["a", "b(c, b1, b2)"])
    }

    @Test func leftOfALastChildsIndentBelowItsCentreReparents() throws {
        // b2 is b's last child at level 1: left of 32 × 1 and on or below its centre (3 · 44 +
        // 22 = 154), reparent to floor(x / 32) (attach-instruction.ts lines 77-99).
        var sim = try Self.simulator(Self.open, TreeCombinePolicy(.hitbox))
        var i = Self.hover(sim, row: 0, x: 10, y: 154)
        #expect(i?.kind == .line)
        #expect(i?.frame == Rect(x: 0, y: 176, width: 375, height: 0))
        #expect(i?.depth == 0)   // floor(10 / 32)
        #expect(sim.session.treeProjection?.depth == 0)
        #expect(sim.session.treeProjection?.parent == nil)
        Self.drop(sim)
        // After b2's ancestor at level 0, b (tree-legacy.ts lines 218-227).
        #expect(Self.shape(sim) == ["b(b1, b2)", "a", "c"])
        // Above the centre on the same side: reorder-above b2.
        sim = try Self.simulator(Self.open, TreeCombinePolicy(.hitbox))
        i = Self.hover(sim, row: 0, x: 10, y: 153)
        #expect(i?.frame == Rect(x: 0, y: 132, width: 375, height: 0))
        #expect(i?.depth == 1)
        Self.drop(sim)
        #expect(Self.shape(sim) == ["b(b1, a, b2)", "c"])
        // On the visible item (x ≥ 32): the standard hitbox, b2's middle is make-child.
        sim = try Self.simulator(Self.open, TreeCombinePolicy(.hitbox))
        i = Self.hover(sim, row: 0, x: 40, y: 154)
        #expect(i?.kind == .outline)
    }

    @Test func overItselfOnlyReparentCounts() throws {
        // b2 lifted, over its own row: its middle asks make-child, which the example drops
        // (tree-item.tsx lines 298-302): nothing shown, the drop rolls back.
        var sim = try Self.simulator(Self.open, TreeCombinePolicy(.hitbox))
        #expect(Self.hover(sim, row: 3, y: 150) == nil)
        Self.drop(sim)
        #expect(Self.shape(sim) == ["a", "b(b1, b2)", "c"])
        #expect(sim.takeEvents().map(\.typeName) == ["rollback"])
        // Left of its indent below its centre: reparent, b2 outdented after b.
        sim = try Self.simulator(Self.open, TreeCombinePolicy(.hitbox))
        #expect(Self.hover(sim, row: 3, x: 10, y: 160)?.depth == 0)
        Self.drop(sim)
        #expect(Self.shape(sim) == ["a", "b(b1)", "b2", "c"])
    }

    @Test func aRefusedInstructionIsShownBlockedAndItsDropDoesNothing() throws {
        // The combine hook refuses c: make-child over c is blocked (pragmatic's
        // `instruction-blocked`, attach-instruction.ts lines 123-139), outlined as blocked.
        let sim = try Self.simulator(Self.open, TreeCombinePolicy(.hitbox, refusedTargets: ["c"]))
        let i = Self.hover(sim, row: 0, y: 198)
        #expect(i?.kind == .outline)
        #expect(i?.blocked == true)
        #expect(sim.session.scene().combineTarget == nil)
        #expect(sim.session.treeProjection == nil)   // the drop would do nothing
        Self.drop(sim)
        #expect(Self.shape(sim) == ["a", "b(b1, b2)", "c"])
        #expect(sim.takeEvents().map(\.typeName) == ["rollback"])
        // can_nest refusing b blocks reorder-below b1 (its parent would be b).
        let nest = try Self.simulator(Self.open, TreeCombinePolicy(.hitbox, refusedParents: ["b"]))
        #expect(Self.hover(nest, row: 0, y: 121)?.blocked == true)
        Self.drop(nest)
        #expect(Self.shape(nest) == ["a", "b(b1, b2)", "c"])
    }

    @Test func aMakeChildOverACollapsedNodeOpensItAfterExpandAfter() throws {
        // pragmatic's tree example opens after 500 ms (tree-item.tsx lines 279-290). f's row
        // 44...88, its middle half make-child; the finger there from t = 0.6 (frame 36): f
        // opens at t = 1.1, frame 66.
        let sim = try Self.simulator(Self.folder, TreeCombinePolicy(.hitbox, expandAfter: 0.5))
        _ = Self.hover(sim, row: 0, y: 66)
        #expect(sim.session.scene().combineTarget == pos(0, 1))
        sim.tick(29)    // frame 65
        #expect(Self.rows(sim) == ["a", "f", "c"])
        sim.tick()      // frame 66
        #expect(abs(sim.time - 1.1) < 1e-9)
        #expect(Self.rows(sim) == ["a", "f", "f1", "f2", "c"])
        Self.drop(sim)
        #expect(Self.shape(sim) == ["f(a, f1, f2)", "c"])
    }

    @Test func anExpandAboveTheLiftedNodeMovesItsRow() throws {
        // d (row 2) over f (row 0); f opens: the rows f, f1, c, d, the lift row 3.
        let sim = try Self.simulator([TreeNodeDescription(id: "f", children: ["f1"], collapsed: true), "c", "d"],
                                     TreeCombinePolicy(.hitbox, expandAfter: 0))
        _ = Self.hover(sim, row: 2, y: 22)
        #expect(Self.rows(sim) == ["f", "f1", "c", "d"])
        #expect(sim.session.originalPosition == pos(0, 3))
        #expect(sim.session.treeLift?.row == 3)
        Self.drop(sim)
        #expect(Self.shape(sim) == ["f(d, f1)", "c"])
        guard case .end(let from, let to, _)? = sim.events.last else { Issue.record("no end"); return }
        #expect(from == pos(0, 3))
        #expect(to == pos(0, 1))
    }

    @Test func aMakeChildWaitsOutCombineDelay() throws {
        // Within combine_delay a make-child is not yet a combine: nothing outlined, and a drop
        // then does nothing.
        let sim = try Self.simulator(Self.open, TreeCombinePolicy(.hitbox, delay: 0.5))
        #expect(Self.hover(sim, row: 0, y: 198) == nil)
        Self.drop(sim)
        #expect(Self.shape(sim) == ["a", "b(b1, b2)", "c"])
    }

    @Test func aCommittingCancelAppliesTheInstruction() throws {
        let policy = TreeCombinePolicy(.hitbox)
        policy.cancelResolution = .commit
        let sim = try Self.simulator(Self.open, policy)
        _ = Self.hover(sim, row: 4, y: 11)
        sim.cancel()
        sim.settle()
        #expect(Self.shape(sim) == ["c", "a", "b(b1, b2)"])
    }

    /// The example in DragSession+TreeCombine's doc comment, as written.
    @Test func theDocExample() throws {
        var c = PolicyConfiguration(name: "tree_hitbox")
        c.combine.rule = .hitbox
        let sim = DragSimulator(tree: try Tree(["a", "b"]), geometry: SessionGeometry(layout: .tree),
                                policy: DefaultPolicy(configuration: c))
        sim.press(at: Point(x: 100, y: 22))
        sim.hold(0.6)
        sim.move(to: Point(x: 100, y: 66), over: 0.2)
        sim.release()
        #expect(sim.tree?.nested().map(\.description) == ["b(a)"])
    }

    /// The example of ``Tree/placement(of:target:)``, as written.
    @Test func thePlacementExample() throws {
        let tree = try Tree([TreeNodeDescription(id: "b", children: ["b1"])])
        let b1 = try #require(tree.handle(of: "b1"))
        #expect(tree.placement(of: .reorderBelow, target: b1)?.depth == 1)
        #expect(tree.placement(of: .reparent(desiredLevel: 0), target: b1)?.depth == 0)
        #expect(tree.placement(of: .reparent(desiredLevel: 1), target: b1) == nil)   // b1 has no ancestor at 1
        #expect(tree.placement(of: .makeChild, target: b1)?.parent == b1)
    }
}
