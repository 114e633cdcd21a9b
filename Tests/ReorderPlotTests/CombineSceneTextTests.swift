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
}
