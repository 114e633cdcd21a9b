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
