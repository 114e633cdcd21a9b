import Foundation
import Testing
@testable import ReorderLua

/// The benchmark API (used by `reorder bench`). Figures are printed, never asserted: set
/// `REORDER_BENCH=1` and run in release for the full counts:
/// `REORDER_BENCH=1 swift test -c release --filter PolicyBenchmarkTests`.
@Suite struct PolicyBenchmarkTests {
    @Test func reportsEveryHookLoadReloadMemoryAndRunaway() throws {
        let full = ProcessInfo.processInfo.environment["REORDER_BENCH"] == "1"
        for name in full ? ["jx_movable", "default", "rbd_autoscroll"] : ["jx_movable"] {
            let r = try PolicyBenchmark.run(policy: name, options: full ? PolicyBenchmark.Options() : .quick)
            #expect(r.policy == name)
            #expect(r.hooks.map(\.hook) == ["can_move", "target", "semantics", "zone", "speed", "on_move"])
            #expect(r.hooks.allSatisfy { $0.nanoseconds > 0 && $0.nativeNanoseconds > 0 })
            #expect(r.loadMilliseconds > 0 && r.reloadMilliseconds > 0)
            #expect(r.memoryAfterLoad > 10_000 && r.memoryAfterLoad < r.memoryLimit)
            #expect(r.runawayMilliseconds > 0)
            #expect(r.instructionBudget == 1_000_000)
            print(r)
        }
    }
}
