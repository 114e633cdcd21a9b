import ReorderCore
import ReorderFuzz
import ReorderTestSupport
import Testing

// The in-process fuzz tests of ReorderFuzz that need only the engine (native policies): the
// generator, shrinking, and campaigns over tables, grids and boards. Fuzzing Lua policies and
// the hostile corpus stays in ReorderHostileTests.

/// A JXMovableCellTableView policy that locks items (`finished`, `locked`, `movable = false`);
/// its target hook skips locked rows, so locked items never move at all.
final class LockingJXPolicy: JXMovablePolicy, @unchecked Sendable {
    override func canMove(_ ctx: PolicyContext, at position: ItemPosition) -> Bool {
        Self.movable(ctx.item(at: position))
    }
    static func movable(_ item: Item) -> Bool {
        !item.flag("finished") && !item.flag("locked") && item.fields["movable"] != .bool(false)
    }
    /// An exchange with no item (an append to another section, an empty section) is a move:
    /// the rows after the dragged one shift up, so with a locked one among them it is refused.
    /// (Keyboard steps reach such appends often: the fuzzer found this with them.)
    override func target(_ ctx: PolicyContext, from: ItemPosition, proposed: ItemPosition) -> ItemPosition? {
        guard let t = super.target(ctx, from: from, proposed: proposed) else { return nil }
        if !ctx.order.isValid(t) {
            for i in (from.item + 1)..<max(from.item + 1, ctx.count(from.section))
            where !Self.movable(ctx.item(at: ItemPosition(section: from.section, item: i))) { return nil }
        }
        return t
    }
}

/// UIKit's policy with locks: locked items cannot be lifted (they may still shift by one
/// when another item moves past them, as in UIKit).
final class LockingUIKitPolicy: UIKitPolicy, @unchecked Sendable {
    override func canMove(_ ctx: PolicyContext, at position: ItemPosition) -> Bool {
        LockingJXPolicy.movable(ctx.item(at: position))
    }
}

/// A planted bug: it locks items but lets exchanges displace them (its target hook does not
/// skip locked rows), so "locked items never move" fails and the fuzzer must find it.
final class LeakyLockPolicy: JXMovablePolicy, @unchecked Sendable {
    override func canMove(_ ctx: PolicyContext, at position: ItemPosition) -> Bool {
        LockingJXPolicy.movable(ctx.item(at: position))
    }
    override func target(_ ctx: PolicyContext, from: ItemPosition, proposed: ItemPosition) -> ItemPosition? { proposed }
}

@Suite("Fuzzing machinery")
struct FuzzMachineryTests {
    @Test func splitMixMatchesTheReferenceStream() {
        var rng = SplitMix64(seed: 0)
        // The first outputs of Vigna's reference splitmix64.c from state 0.
        #expect(rng.next() == 0xE220_A839_7B1D_CDAF)
        #expect(rng.next() == 0x6E78_9E6A_A1B9_65F4)
        #expect(rng.next() == 0x06C4_5D18_8009_454F)
    }

    @Test func deltaDebuggingKeepsOnlyWhatTheFailureNeeds() {
        var tests = 0
        let small = DeltaDebugging.minimize(Array(0..<100)) { c in tests += 1; return c.contains(17) && c.contains(42) }
        #expect(small == [17, 42])
        #expect(tests < 200)
        #expect(DeltaDebugging.minimize([5]) { _ in true } == [5])
    }

    @Test func theSameSeedGivesTheSameTraces() {
        func trace(_ run: Int, _ seed: UInt64) -> [TraceInput] {
            var rng = SplitMix64.forRun(run, seed: seed)
            let scenario = FuzzScenario.random(layout: .table, using: &rng)
            return TraceGenerator(scenario: scenario).generate(using: &rng)
        }
        #expect(trace(3, 99) == trace(3, 99))
        #expect(trace(3, 99) != trace(4, 99))
        #expect(trace(3, 99) != trace(3, 98))
        let t = trace(5, 7)
        #expect(!t.isEmpty && t.count <= 400)
        // Time never goes backwards in a generated trace.
        #expect(zip(t, t.dropFirst()).allSatisfy { $0.time <= $1.time })
        #expect(t.allSatisfy { $0.time.isFinite && ($0.point.map { $0.x.isFinite && $0.y.isFinite } ?? true) })
    }

    /// The fuzzer finds a planted bug and shrinks it to a short trace that still shows it.
    @Test func aPlantedLockLeakIsFoundAndShrunk() throws {
        let report = try Fuzzer.run(FuzzOptions(runs: 300, seed: 11, strictLocks: true)) { LeakyLockPolicy() }
        let failure = try #require(report.failure)
        #expect(failure.violation.invariant == .lock)
        #expect(failure.trace.count < failure.originalLength)
        #expect(failure.trace.count <= 12, "shrunk trace: \(failure.trace)")
        // Replaying the shrunk trace shows the same violation; the correct policy does not.
        let again = Fuzzer.check(scenario: failure.scenario, trace: failure.trace, policy: LeakyLockPolicy(),
                                 probe: LeakyLockPolicy(), strictLocks: true)
        #expect(again.violation?.invariant == .lock)
        let fixed = Fuzzer.check(scenario: failure.scenario, trace: failure.trace, policy: LockingJXPolicy(),
                                 probe: LockingJXPolicy(), strictLocks: true)
        #expect(fixed.violation == nil)
    }
}

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

    /// One random grid in three is horizontal (issue 21), so every grid campaign above fuzzes
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

/// UIKit's policy whose `onEnd` vetoes every other drop: rollbacks must restore exactly.
final class VetoingPolicy: UIKitPolicy, @unchecked Sendable {
    var drops = 0
    override func onEnd(_ ctx: PolicyContext, from: ItemPosition, to: ItemPosition) -> Bool {
        drops += 1
        return drops % 2 == 0
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

/// Keyboard dragging and one-shot actions in the fuzzer's streams (issue 18).
@Suite("Fuzzing keyboard inputs")
struct KeyboardFuzzTests {
    /// The generator mixes focus, key and action inputs into its streams (a quarter of the
    /// gestures), with times that never go backwards. (100 runs: issue 19's group selections
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
