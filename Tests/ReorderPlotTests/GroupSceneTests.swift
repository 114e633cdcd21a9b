import Testing
@testable import ReorderCore
import ReorderPlot

/// What a scene and its text show of a selection and a group drag.
@Suite struct GroupSceneTests {
    /// 8 rows of 44 pt in a 375 × 400 viewport; rows 2, 4, 6 selected; row 4 pressed and held
    /// through the 0.5 s press and the 0.25 s lift.
    static func lifted(_ mode: GroupMode) -> DragSimulator {
        var c = DefaultPolicy.standardConfiguration
        c.group.mode = mode
        let sim = DragSimulator(sections: [(1...8).map { Item("\($0)") }], viewport: Size(width: 375, height: 400),
                                policy: DefaultPolicy(configuration: c))
        for row in [1, 3, 5] { sim.select(ItemPosition(section: 0, item: row)) }
        sim.pressItem(ItemPosition(section: 0, item: 3))
        sim.hold(0.75)
        return sim
    }

    @Test func sceneCarriesCountBadgeStackAndGhosts() {
        let sim = Self.lifted(.stay)
        let scene = sim.session.scene(at: sim.time)
        // 3 items; snapshot.badge defaults to true; snapshot.stack = 2, at most the 2 others.
        #expect(scene.snapshot?.count == 3)
        #expect(scene.snapshot?.badge == true)
        #expect(scene.snapshot?.stack == 2)
        #expect(scene.cells.filter(\.isGhost).map(\.id) == ["2", "6"])
        #expect(scene.cells.filter(\.isSelected).map(\.id) == ["2", "4", "6"])
    }

    /// The stay group as `s:show()` prints it: the ghosts dim and marked, the snapshot `[4]]]`
    /// (two cards under it) with its badge `(3)` on row 4's line, centred at x = 187.5 of 375 pt
    /// (column 20 of 40, less half the label's 9 characters: column 16).
    @Test func textShowsGhostsStackAndBadge() {
        let sim = Self.lifted(.stay)
        let text = SceneText().render(sim.session.scene(at: sim.time, policy: sim.policy))
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines[1...9] == [
            "   +------------------------------------------+",
            " ^ | 1.1  1                                   |",
            " ^ | 1.2  * 2 (ghost)                         |",
            "   | 1.3  3                                   |",
            "   | 1.4  4          [4]]] (3)                |",
            "   | 1.5  5                                   |",
            "   | 1.6  * 6 (ghost)                         |",
            "   | 1.7  7                                   |",
            " v | 1.8  8                                   |",
        ])
        #expect(lines.last == "   snapshot [4] | group of 3 at 187.5,154 | scale 1.05 | alpha 0.98 | lifted")
    }

    /// Collapsed, 2 and 6 have left the list (6 rows), and the list closed up under the finger:
    /// "5" moved up to row 3 and the dragged "4" stepped onto row 4, where the finger is.
    @Test func textShowsTheCollapsedList() {
        let sim = Self.lifted(.collapse)
        let text = SceneText().render(sim.session.scene(at: sim.time, policy: sim.policy))
        let rows = text.split(separator: "\n").filter { $0.hasPrefix(" ^ | 1.") || $0.hasPrefix("   | 1.") || $0.hasPrefix(" v | 1.") }
        #expect(rows.count == 6)
        #expect(rows[2] == "   | 1.3  5                                   |")
        #expect(rows[3] == "   | 1.4  4          [4]]] (3)                |")
    }
}
