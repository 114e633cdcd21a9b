import Foundation
import ReorderCore
import ReorderPersistence
import Testing
@testable import ReorderCLI

/// `reorder bench --layout tree`: the generated tree has the shape the lane promises, and the
/// lane lifts, drops, collapses and expands what it says (timings are measured separately and
/// reported in BENCHMARKS.md; only counts are checked here).
@Suite struct TreeBenchTests {
    @Test func theTreeHasTheShapeTheLaneNames() throws {
        // 200,000 nodes (the benchmark's 1,000,000 take long in a debug build), the first root
        // with 200,000 / 2 - 20,000 - 1 = 79,999 of them. The shares are large enough to reach
        // the deepest depth the generator allows, 8 (at 100,000 nodes they reach only 7).
        let shape = TreeBench.shape(nodes: 200_000)
        let tree = try Tree(entries: shape.entries)
        #expect(tree.count == 200_000)
        #expect(shape.entries.map(\.depth).max() == TreeBench.deepest)
        // The lifted node is at the middle of the preorder (and, every node expanded, of the
        // rows), carries a hundredth of the nodes, and sits under a root.
        #expect(shape.lifted == 100_000)
        #expect(tree.row(of: Int32(shape.lifted)) == 100_000)
        #expect(tree.subtreeSize(Int32(shape.lifted)) == 2_000)
        #expect(tree.depth(Int32(shape.lifted)) == 1)
        // The toggled root (after the first root's 79,999 nodes) carries a tenth.
        #expect(shape.toggled == 79_999)
        #expect(tree.subtreeSize(Int32(shape.toggled)) == 20_000)
        #expect(tree.depth(Int32(shape.toggled)) == 0)
        #expect(tree.visibleCount == tree.count)
        // The same size gives the same tree.
        #expect(TreeBench.shape(nodes: 200_000).entries == shape.entries)
    }

    @Test func theLaneLiftsDropsAndTogglesTheSubtrees() throws {
        // A fake clock: every reading 1 ns later (no timing is asserted).
        final class Ticks: @unchecked Sendable { var n: UInt64 = 0 }
        let ticks = Ticks()
        let lane = TreeBench(nodes: 10_000, clock: { ticks.n += 1; return ticks.n })
        let figures = lane.run(options: BenchOptions(rows: 10_000, drags: 1), repeats: 2)
        #expect(figures.nodes == 10_000)
        #expect(figures.lift.milliseconds.count == 2 && figures.drop.milliseconds.count == 2)
        #expect(figures.collapse.milliseconds.count == 2 && figures.expand.milliseconds.count == 2)
        // The lift carries the node and its 99 descendants; the collapse hides the toggled
        // root's 999 descendants.
        #expect(figures.carried == 100)
        #expect(figures.hiddenByCollapse == 999)
        // One measured drag in each: the same number of dragging frames (the standard drag's
        // glides and stays), and steps in both.
        #expect(figures.treeFrames.frames == figures.flatFrames.frames)
        #expect(figures.treeFrames.frames >= 3 * 30 + 2 * 120)
        #expect(figures.treeFrames.steps > 0 && figures.flatFrames.steps > 0)
        let json = try JSONParser.parse(Array(figures.json.utf8))
        #expect(json["lifted_nodes"] == .number("100"))
        #expect(json["toggled_nodes"] == .number("1000"))
    }
}
