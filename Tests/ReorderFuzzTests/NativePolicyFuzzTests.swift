import ReorderCore
import ReorderFuzz
import ReorderTestSupport
import Testing

// Fuzz campaigns over the native policies (engine only): tables, grids and boards, locks,
// rollbacks and keyboard inputs. Lua policies and the hostile corpus are fuzzed in
// ReorderHostileTests/LuaPolicyFuzzTests.swift.

@Suite("Fuzzing the native policies")
struct NativePolicyFuzzTests {
    static let runs = 100

    @Test(arguments: ["default", "jx_movable", "uikit"])
    func builtInNativePolicy(_ name: String) throws {
        let report = try Fuzzer.run(FuzzOptions(runs: Self.runs, seed: 2026)) {
            try #require(NativePolicies.named(name))
        }
        #expect(report.failure == nil, "\(report.failure.map { "\($0)\n\($0.trace)" } ?? "")")
        #expect(report.runs == Self.runs)
        #expect(report.movesApplied > 100)
        FuzzFigures.record(name, report)
    }

    @Test func lockedItemsNeverMoveUnderExchange() throws {
        let report = try Fuzzer.run(FuzzOptions(runs: Self.runs, seed: 2027, strictLocks: true)) { LockingJXPolicy() }
        #expect(report.failure == nil, "\(report.failure.map { "\($0)\n\($0.trace)" } ?? "")")
        FuzzFigures.record("jx_movable+locks", report)
    }

    @Test func lockedItemsAreNeverLiftedUnderMove() throws {
        let report = try Fuzzer.run(FuzzOptions(runs: Self.runs, seed: 2028)) { LockingUIKitPolicy() }
        #expect(report.failure == nil, "\(report.failure.map { "\($0)\n\($0.trace)" } ?? "")")
        FuzzFigures.record("uikit+locks", report)
    }
}

/// `default` dropping onto items: each rule with each preview. Its `combine` hook refuses one
/// pair in three (by the rows' sum), so the campaign crosses both answers.
final class CombiningPolicy: DefaultPolicy {
    private(set) var asked = 0
    init(_ rule: CombineRule, _ preview: DropPreview) {
        var c = DefaultPolicy.standardConfiguration
        c.name = "combining"
        c.combine.rule = rule
        c.combine.delay = 0.05
        c.dropPreview = preview
        super.init(configuration: c)
    }
    override func combine(_ ctx: PolicyContext, from: ItemPosition, onto: ItemPosition) -> Bool {
        asked += 1
        return (from.item + onto.item) % 3 != 0
    }
}

@Suite("Fuzzing drops onto items")
struct CombineFuzzTests {
    @Test(arguments: [CombineRule.band, .hitbox], [DropPreview.slide, .indicator])
    func combiningPolicy(_ rule: CombineRule, _ preview: DropPreview) throws {
        var made: [CombiningPolicy] = []
        let report = try Fuzzer.run(FuzzOptions(runs: NativePolicyFuzzTests.runs, seed: 3131)) {
            let p = CombiningPolicy(rule, preview)
            made.append(p)
            return p
        }
        #expect(report.failure == nil, "\(report.failure.map { "\($0)\n\($0.trace)" } ?? "")")
        #expect(report.runs == NativePolicyFuzzTests.runs)
        // The rule found items to combine with: the hook was asked.
        #expect(made.reduce(0) { $0 + $1.asked } > 0)
        FuzzFigures.record("combine \(rule.rawValue) \(preview.rawValue)", report)
    }
}

@Suite("Fuzzing grids and boards")
struct LayoutFuzzTests {
    static let runs = 40

    @Test(arguments: [FuzzLayout.grid, .board], ["default", "jx_movable", "uikit"])
    func nativePolicy(_ layout: FuzzLayout, _ name: String) throws {
        let report = try Fuzzer.run(FuzzOptions(runs: Self.runs, seed: 77, layout: layout)) {
            try #require(NativePolicies.named(name))
        }
        #expect(report.failure == nil, "\(report.failure.map { "\($0)\n\($0.trace)" } ?? "")")
        #expect(report.movesApplied > 0)
        FuzzFigures.record("\(layout) \(name)", report)
    }

    /// One random grid in three is horizontal, so every grid campaign above fuzzes
    /// strips and horizontal grids too: of 300 runs, 100 expected; the bounds are 5 standard
    /// deviations (sqrt(300 × 1/3 × 2/3) = 8.2) either way.
    @Test func oneRandomGridInThreeIsHorizontal() {
        var horizontal = 0
        for run in 0..<300 {
            var rng = SplitMix64.forRun(run, seed: 77)
            if FuzzScenario.random(layout: .grid, using: &rng).gridDirection == .horizontal { horizontal += 1 }
        }
        #expect(horizontal >= 59 && horizontal <= 141, "\(horizontal) of 300")
        // Tables and boards are never turned.
        var rng = SplitMix64(seed: 1)
        #expect(FuzzScenario.random(layout: .table, using: &rng).gridDirection == .vertical)
    }

    @Test func lockedItemsNeverMoveOnGridsAndBoards() throws {
        for layout in [FuzzLayout.grid, .board] {
            let report = try Fuzzer.run(FuzzOptions(runs: Self.runs, seed: 79, layout: layout, strictLocks: true)) { LockingJXPolicy() }
            #expect(report.failure == nil, "\(layout): \(report.failure.map { "\($0)\n\($0.trace)" } ?? "")")
        }
    }
}

@Suite("Fuzzing rollbacks")
struct RollbackFuzzTests {
    @Test func rollbacksRestoreExactly() throws {
        var policies: [VetoingPolicy] = []
        let report = try Fuzzer.run(FuzzOptions(runs: 80, seed: 31)) {
            let p = VetoingPolicy()
            policies.append(p)
            return p
        }
        #expect(report.failure == nil, "\(report.failure.map { "\($0)\n\($0.trace)" } ?? "")")
        // The traces did reach drops, and half of them were vetoed.
        #expect(policies.reduce(0) { $0 + $1.drops } > 20)
        FuzzFigures.record("uikit+veto", report)
    }
}

/// Keyboard dragging and one-shot actions in the fuzzer's streams.
@Suite("Fuzzing keyboard inputs")
struct KeyboardFuzzTests {
    /// The generator mixes focus, key and action inputs into its streams (a quarter of the
    /// gestures), with times that never go backwards. (100 runs: the group selections
    /// fill the streams too; 40 runs then held only 8 focuses.)
    @Test func theStreamsHoldKeyboardInputs() {
        var keys = 0, actions = 0, focuses = 0, counted = 0
        for run in 0..<100 {
            var rng = SplitMix64.forRun(run, seed: 5)
            let scenario = FuzzScenario.random(layout: .table, using: &rng)
            let t = TraceGenerator(scenario: scenario).generate(using: &rng)
            #expect(zip(t, t.dropFirst()).allSatisfy { $0.time <= $1.time })
            for input in t {
                switch input {
                case .key(_, _, let n): keys += 1; if n > 1 { counted += 1 }
                case .action: actions += 1
                case .focus: focuses += 1
                default: break
                }
            }
        }
        #expect(keys > 50 && actions > 0 && focuses > 10 && counted > 5, "\(keys) keys, \(actions) actions, \(focuses) focuses, \(counted) by n")
        // Without a share, no keyboard input.
        var rng = SplitMix64.forRun(0, seed: 5)
        var plain = TraceGenerator(scenario: FuzzScenario.random(layout: .table, using: &rng))
        plain.keyboardShare = 0
        #expect(!plain.generate(using: &rng).contains { ["key", "focus", "action"].contains($0.typeName) })
    }

    /// Campaigns on the three layouts with keyboard inputs keep every invariant (permutation,
    /// events against the shadow order, restore on cancel and rollback, locks, offset) and
    /// move items by keyboard.
    @Test(arguments: [FuzzLayout.table, .grid, .board])
    func keyboardCampaignsHoldTheInvariants(_ layout: FuzzLayout) throws {
        let report = try Fuzzer.run(FuzzOptions(runs: 60, seed: 18, layout: layout)) { DefaultPolicy() }
        #expect(report.failure == nil, "\(report.failure.map { "\($0)\n\($0.trace)" } ?? "")")
        let locked = try Fuzzer.run(FuzzOptions(runs: 60, seed: 19, layout: layout, strictLocks: true)) { LockingJXPolicy() }
        #expect(locked.failure == nil, "\(locked.failure.map { "\($0)\n\($0.trace)" } ?? "")")
    }

    /// A trace of keyboard inputs alone moves items, and the checker follows every step.
    @Test func aKeyboardOnlyTraceMovesItemsUnderTheChecker() {
        let scenario = FuzzScenario(sections: [(0..<20).map { Item("r\($0)") }])
        let trace: [TraceInput] = [
            .focus(0, ItemPosition(section: 0, item: 0)), .key(0, .space, 1), .key(0.1, .down, 3),
            .frame(1.0 / 6), .key(0.2, .space, 1),
            .action(1, ItemPosition(section: 0, item: 1), .moveToEnd),
        ]
        let result = Fuzzer.check(scenario: scenario, trace: trace, policy: DefaultPolicy(), probe: DefaultPolicy(), strictLocks: false)
        #expect(result.violation == nil)
        // Three steps by key, one by the action.
        #expect(result.moves == 4)
    }
}
