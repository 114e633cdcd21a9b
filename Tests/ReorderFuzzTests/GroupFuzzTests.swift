import ReorderCore
import ReorderFuzz
import Testing

/// Fuzzing group drags: the generator selects random groups and taps items during
/// drags; the checker holds the order to a permutation (folded items carried), the group to one
/// block in the policy's order after a drop, and cancel and veto to the press order.
@Suite("Fuzzing group drags")
struct GroupFuzzTests {
    /// `default` with group fields, locking like the other fuzz policies (`finished`, `locked`,
    /// `movable = false`): a locked item is never lifted, alone or with a group.
    final class GroupPolicy: DefaultPolicy, @unchecked Sendable {
        override func canMove(_ ctx: PolicyContext, at position: ItemPosition) -> Bool {
            LockingJXPolicy.movable(ctx.item(at: position))
        }
    }

    static func policy(_ mode: GroupMode, _ order: GroupOrder) -> GroupPolicy {
        var c = DefaultPolicy.standardConfiguration
        c.group.mode = mode
        c.group.order = order
        return GroupPolicy(configuration: c)
    }

    /// The generator makes select, deselect and tap inputs (and none under strict locks).
    @Test func generatorSelectsAndTaps() {
        var rng = SplitMix64(seed: 9)
        let scenario = FuzzScenario.random(layout: .table, using: &rng)
        var kinds: Set<String> = []
        var g = TraceGenerator(scenario: scenario)
        for _ in 0..<20 { for i in g.generate(using: &rng) { kinds.insert(i.typeName) } }
        #expect(kinds.isSuperset(of: ["select", "deselect", "tap"]))
        g.groups = false
        var none: Set<String> = []
        for _ in 0..<20 { for i in g.generate(using: &rng) { none.insert(i.typeName) } }
        #expect(none.isDisjoint(with: ["select", "deselect", "tap"]))
    }

    @Test(arguments: [FuzzLayout.table, .grid, .board], [GroupMode.collapse, .stay])
    func campaign(_ layout: FuzzLayout, _ mode: GroupMode) throws {
        for order in [GroupOrder.relative, .activeFirst] {
            let report = try Fuzzer.run(FuzzOptions(runs: 40, seed: 1900, layout: layout)) { Self.policy(mode, order) }
            #expect(report.failure == nil, "\(layout) \(mode) \(order): \(report.failure.map { "\($0)\n\($0.trace)" } ?? "")")
            #expect(report.movesApplied > 0)
        }
    }

    /// Groups really are lifted in a campaign: replaying the generated traces shows `group`
    /// events that begin and end.
    @Test func campaignsLiftGroups() {
        var rng = SplitMix64(seed: 31)
        var begins = 0, ends = 0
        for _ in 0..<30 {
            let scenario = FuzzScenario.random(layout: .table, using: &rng)
            let trace = TraceGenerator(scenario: scenario).generate(using: &rng)
            let order = Order(sections: scenario.sections)
            let sim = DragSimulator(order: order, layout: scenario.makeLayout(order: order), viewport: scenario.viewport,
                                    policy: Self.policy(.collapse, .relative), frameRate: scenario.frameRate)
            for input in trace {
                sim.apply(input)
                for case .group(let of, _, _, _) in sim.takeEvents() {
                    if of == "begin" { begins += 1 } else if of == "end" { ends += 1 }
                }
            }
        }
        #expect(begins > 5)
        #expect(ends > 0)
    }
}
