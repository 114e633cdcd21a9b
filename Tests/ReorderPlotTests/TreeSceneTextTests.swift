import Testing
@testable import ReorderCore
import ReorderPlot

/// What `s:show()` prints of a tree session: rows indented two characters a level, each with
/// its disclosure mark, the lifted node's count, and where its drop would land.
@Suite struct TreeSceneTextTests {
    /// a, b(b1, b2), c(c1) collapsed, d under `default` (32 pt a level), no edge scroll.
    static func simulator() throws -> DragSimulator {
        var c = DefaultPolicy.standardConfiguration
        c.edgeScroll.enabled = false
        let roots: [TreeNodeDescription] = ["a", TreeNodeDescription(id: "b", children: ["b1", "b2"]),
                                             TreeNodeDescription(id: "c", children: ["c1"], collapsed: true), "d"]
        return DragSimulator(tree: try Tree(roots), geometry: SessionGeometry(layout: .tree),
                             policy: DefaultPolicy(configuration: c))
    }

    static func lines(_ sim: DragSimulator) -> [String] {
        SceneText().render(sim.session.scene(at: sim.time, policy: sim.policy)).split(separator: "\n").map(String.init)
    }

    @Test func rowsAreIndentedWithTheirDisclosureMarks() throws {
        let lines = Self.lines(try Self.simulator())
        #expect(Array(lines[2...7]) == [
            "   | 1.1    a                                 |",
            "   | 1.2  ▾ b                                 |",
            "   | 1.3      b1                              |",
            "   | 1.4      b2                              |",
            "   | 1.5  ▸ c                                 |",
            "   | 1.6    d                                 |",
        ])
    }

    /// b lifted with b1 and b2 and moved 40 pt right over its own row: 0 + round(40 / 32) = 1,
    /// within a's bound (0 + 1): it would nest under a, its row drawn one level in; the
    /// snapshot carries 3.
    @Test func aDraggedNodeShowsItsCountAndWhereItWouldLand() throws {
        let sim = try Self.simulator()
        sim.press(at: Point(x: 187.5, y: 66))
        sim.hold(0.6)
        sim.move(to: Point(x: 227.5, y: 66), over: 0.1)
        sim.tick()
        let lines = Self.lines(sim)
        // The snapshot's label, 7 characters, centred at column 375 / 2 of 40 → 20, less 3.
        #expect(Array(lines[2...5]) == [
            "   | 1.1    a                                 |",
            "   | 1.2    ▾ b       [b] (3)                 |",
            "   | 1.3  ▸ c                                 |",
            "   | 1.4    d                                 |",
        ])
        #expect(lines.last == "   drop: nests under a, depth 1")
        #expect(lines.contains { $0.hasPrefix("   snapshot [b] | carries 3 at ") })
    }
}
