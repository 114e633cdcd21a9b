import ReorderCore
import ReorderFuzz
import ReorderTestSupport
import Testing

/// Fuzzing trees: random trees, traces with toggles and sideways travel, and the tree
/// invariants checked after every input. Counted in runs and inputs, not time.
@Suite("Fuzzing trees")
struct TreeFuzzTests {
    static let runs = 60

    /// A fixed seed's campaign on `default` keeps every invariant, and its traces reach what a
    /// tree drag does: toggles, drags (`move` events) and drops that change a node's parent.
    @Test func aFixedSeedTreeCampaignKeepsTheInvariants() throws {
        let report = try Fuzzer.run(FuzzOptions(runs: Self.runs, seed: 31, layout: .tree)) { DefaultPolicy() }
        #expect(report.failure == nil, "\(report.failure.map { "\($0)\n\($0.trace)" } ?? "")")
        #expect(report.runs == Self.runs)
        #expect(report.movesApplied > 0)

        var toggles = 0, reparented = 0, depthChanged = 0
        for run in 0..<Self.runs {
            var rng = SplitMix64.forRun(run, seed: 31)
            let scenario = FuzzScenario.random(layout: .tree, using: &rng)
            let trace = TraceGenerator(scenario: scenario).generate(using: &rng)
            toggles += trace.filter { $0.typeName == "toggle" }.count
            let sim = scenario.makeSimulator(policy: DefaultPolicy())
            let before = try #require(sim.tree)
            for input in trace { sim.apply(input) }
            let after = try #require(sim.tree)
            for h in 0..<Int32(before.count) {
                let id = before.id(h)
                guard let now = after.handle(of: id) else { continue }
                if before.parentID(of: id) != after.parentID(of: id) { reparented += 1 }
                if before.depth(h) != after.depth(now) { depthChanged += 1 }
            }
        }
        #expect(toggles > 0)
        #expect(reparented > 0)
        #expect(depthChanged > 0)
    }

    /// A tree scenario's rows are its visible nodes; its header round-trips through the fuzz
    /// trace's scenario (the same tree).
    @Test func aRandomTreeScenarioIsATree() throws {
        var rng = SplitMix64.forRun(2, seed: 31)
        let scenario = FuzzScenario.random(layout: .tree, using: &rng)
        let roots = try #require(scenario.tree)
        let tree = try Tree(roots)
        #expect(scenario.sections.map { $0.map(\.id) } == [tree.visibleIDs])
        #expect(scenario.order.ids == [tree.visibleIDs])
        #expect(tree.invariantViolations() == [])
        #expect(try FuzzScenario(tree: roots, geometry: scenario.geometry) == scenario)
    }

    /// The checker fails a drop deeper than `tree.max_depth`: with a bound of 0 a drop that
    /// nests c under b (dnd-kit's projection over b1's row: min = max = 1) is a violation.
    @Test func theCheckerFailsADropPastTheDepthBound() throws {
        let tree = try Tree(["a", TreeNodeDescription(id: "b", children: ["b1"]), "c"])
        let sim = DragSimulator(tree: tree, geometry: SessionGeometry(layout: .tree), policy: DefaultPolicy())
        guard var checker = TreeInvariantChecker(simulator: sim, locked: [], maxDepth: 0) else {
            Issue.record("no checker for a tree session")
            return
        }
        #expect(sim.drag(from: ItemPosition(section: 0, item: 3), to: ItemPosition(section: 0, item: 2)))
        #expect(sim.tree?.nested().map(\.description) == ["a", "b(c, b1)"])
        let found = checker.check(sim, inputIndex: 0)
        let v = try #require(found)
        #expect(v.invariant == .tree)
        #expect(v.message == "node c was given depth 1, past tree.max_depth 0 (it was at 0)")
    }

    /// The checker fails a locked node lifted.
    @Test func theCheckerFailsALockedNodeLifted() throws {
        let tree = try Tree(["a", TreeNodeDescription(id: "b", children: ["b1"])])
        let sim = DragSimulator(tree: tree, geometry: SessionGeometry(layout: .tree), policy: DefaultPolicy())
        let b = try #require(tree.handle(of: "b"))
        guard var checker = TreeInvariantChecker(simulator: sim, locked: [b], maxDepth: 63) else {
            Issue.record("no checker for a tree session")
            return
        }
        sim.apply(.down(0, Point(x: 100, y: 66)))
        _ = sim.advance(0.8)
        let found = checker.check(sim, inputIndex: 1)
        let v = try #require(found)
        #expect(v.invariant == .lock)
        #expect(v.message == "locked node b was lifted")
    }
}
