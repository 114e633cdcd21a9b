import Foundation
import ReorderCore
import Testing
@testable import ReorderCLI

/// `reorder bench --grid`: the two lanes do the same work turned (timings are measured
/// separately and reported in BENCHMARKS.md; only counts are checked here).
@Suite struct GridBenchTests {
    @Test func theLanesAreTheSameDragTurned() {
        // A fake clock: every reading 1 ns later (no timing is asserted).
        final class Ticks: @unchecked Sendable { var n: UInt64 = 0 }
        let ticks = Ticks()
        let bench = GridBench(options: GridBench.Options(items: 2_000, drags: 1, hitPoints: 500, hitRounds: 2),
                              clock: { ticks.n += 1; return ticks.n })
        let report = bench.run()
        #expect(report.hitsAgree)
        #expect(report.vertical.hitRounds.count == 2 && report.horizontal.hitRounds.count == 2)
        // 1 drag at 60 Hz: the press and lift frames that are dragging, 3 glides of 30 frames
        // and 2 stays of 120: the same count in both lanes, and the same steps.
        #expect(report.vertical.frames.frames == report.horizontal.frames.frames)
        #expect(report.vertical.frames.frames >= 3 * 30 + 2 * 120)
        #expect(report.vertical.frames.steps == report.horizontal.frames.steps)
        #expect(report.vertical.frames.steps > 0)
        #expect(report.text.contains("hits agree              yes"))
    }
}
