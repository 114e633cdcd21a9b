import Testing
@testable import ReorderCore
import ReorderPlot

/// What `s:show()` prints of a drop onto an item and of the drop indicator.
@Suite struct CombineSceneTextTests {
    /// Six 40 pt rows, pragmatic's hitbox with the indicator, no edge scroll, row 1 lifted at its
    /// centre (y 20) and the finger moved to `y`.
    static func text(fingerAt y: Double) -> String {
        var c = DefaultPolicy.standardConfiguration
        c.edgeScroll.enabled = false
        c.combine.rule = .hitbox
        c.dropPreview = .indicator
        let sim = DragSimulator(sections: [(1...6).map { Item("\($0)") }], viewport: Size(width: 375, height: 400),
                                policy: DefaultPolicy(configuration: c), rowHeight: 40)
        sim.pressItem(ItemPosition(section: 0, item: 0))
        sim.hold(0.75)
        sim.move(to: Point(x: 187.5, y: y))
        sim.tick()
        return SceneText().render(sim.session.scene(at: sim.time, policy: sim.policy))
    }

    /// 115 is in row 3's last quarter (110...120): the line goes under row 3; the snapshot
    /// floats on row 3's line (its centre, 115, is in 80..<120), centred at column 20 less 1.
    @Test func theIndicatorLineStandsWhereTheItemWillLand() {
        let lines = Self.text(fingerAt: 115).split(separator: "\n").map(String.init)
        #expect(Array(lines[2...6]) == [
            "   | 1.1  1                                   |",
            "   | 1.2  2                                   |",
            "   | 1.3  3             [1]                   |",
            "   | ----- drop here -----                    |",
            "   | 1.4  4                                   |",
        ])
    }

    /// 100 is in row 3's middle half (90, 110): the drop lands on row 3.
    @Test func theItemADropLandsOnIsMarked() {
        let lines = Self.text(fingerAt: 100).split(separator: "\n").map(String.init)
        #expect(lines[4] == "   | 1.3  3 <- drop onto[1]                   |")
        #expect(!lines.contains { $0.contains("drop here") })
    }

    /// A policy whose `combine` hook refuses every pair.
    final class NoCombine: DefaultPolicy {
        override func combine(_ ctx: PolicyContext, from: ItemPosition, onto: ItemPosition) -> Bool { false }
    }

    /// A tree under the tree-item hitbox, `max_depth` 0 and no combine: a lifted at its centre,
    /// the finger moved to `y` (44 pt rows: a 0...44, b 44...88, b1 88...132, c 132...176).
    static func treeText(fingerAt y: Double) throws -> [String] {
        var c = DefaultPolicy.standardConfiguration
        c.edgeScroll.enabled = false
        c.combine.rule = .hitbox
        c.tree.maxDepth = 0
        let tree = try Tree(["a", TreeNodeDescription(id: "b", children: ["b1"]), "c"])
        let sim = DragSimulator(tree: tree, geometry: SessionGeometry(layout: .tree), policy: NoCombine(configuration: c))
        sim.press(at: Point(x: 187.5, y: 22))
        sim.hold(0.6)
        sim.move(to: Point(x: 187.5, y: y))
        return SceneText().render(sim.session.scene(at: sim.time, policy: sim.policy)).split(separator: "\n").map(String.init)
    }

    /// A refused instruction is drawn blocked: reorder-below b1 (y 125, its last quarter) would
    /// put a at depth 1, past max_depth 0, a line at depth 1; make-child on c (y 154, its
    /// middle half) is refused by the hook, the row outlined.
    @Test func aBlockedInstructionIsDrawnBlocked() throws {
        let line = try Self.treeText(fingerAt: 125)
        #expect(line.contains { $0.contains("----- blocked -----") })
        #expect(!line.contains { $0.contains("drop here") })
        let outline = try Self.treeText(fingerAt: 154)
        #expect(outline.contains { $0.contains("c <- blocked") })
    }
}
