import ReorderCore
import ReorderFuzz
import ReorderTestSupport
import Testing

/// The fuzzer itself: shrinking, reproducible seeds, and a planted bug found and shrunk.
@Suite("Fuzzing machinery")
struct FuzzMachineryTests {
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
