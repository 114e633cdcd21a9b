import Dispatch
import Foundation
import ReorderCore
import ReorderLua
import Testing

/// The corpus's runaways and escapes with coverage on: the coverage line hook
/// shares the VM's one hook function with the instruction budget's count hook, so each must
/// still be stopped by the budget, report the failing hook, fall back as documented, and return
/// within the corpus's runaway bound.
@Suite("Budget with coverage on", .serialized)
struct CoverageBudgetTests {
    /// Wall seconds a stopped runaway may take with coverage on (see below).
    static let runawayBound = 3.0

    static func entries() throws -> [CorpusEntry] {
        try CorpusEntry.all().filter { ($0.kind == "runaway" || $0.name == "escape_debug_sethook") && !$0.loadFails && !$0.loadMayFail && $0.hook != nil }
    }

    @Test func runawaysStopWithCoverageOn() throws {
        let entries = try Self.entries()
        // 13 runaways at least: the nine endless_loop_* hooks, the coroutine sprays, ...
        #expect(entries.count >= 12)
        PolicyCoverage.enable()
        defer { PolicyCoverage.disable() }
        for entry in entries {
            let policy = try CorpusTests.load(entry)
            guard let hook = entry.hook else { continue }
            _ = policy.drainDiagnostics()
            let (fallback, seconds) = CorpusTests.callOnce(hook, policy)
            #expect(fallback, "\(entry): the fallback with coverage on")
            // A budget the line hook disabled would let `while true do end` run for ever. With
            // the line hook on, each of the 1,000,000 instructions of `while true do end` (a
            // backward jump) is also a line event: stopped by the budget after 0.2-0.85 s of
            // wall time in a debug build on the loaded 2-core machine (printed below), past the
            // corpus's 0.5 s bound, hence a bound of its own.
            #expect(seconds < Self.runawayBound, "\(entry): \(seconds) s with coverage on")
            let errors = policy.drainDiagnostics().filter { $0.kind == .hookError }
            print("coverage figures: \(entry.fileName) \(String(format: "%.3f", seconds)) s: \(errors.first?.message ?? "-")")
            #expect(errors.count == 1, "\(entry): \(errors)")
            // Those only the instruction budget can stop (the others hit a library limit first).
            if entry.name.hasPrefix("endless_loop") || entry.name.hasPrefix("budget_") {
                #expect(errors.first?.message.contains("instruction budget exceeded") == true, "\(entry): \(errors)")
            }
        }
        // The line hook counted the runaways' lines: coverage was really on.
        let covered = PolicyCoverage.files().filter { f in entries.contains { f.path.hasSuffix($0.fileName) } }
        #expect(covered.count == entries.count)
        #expect(covered.allSatisfy { $0.linesHit > 0 })
    }
}
