import Foundation
import Testing
import ReorderFuzz
import ReorderCore
@testable import ReorderLua

/// Every bad policy of the hostile corpus (Tests/ReorderHostileTests/Corpus) either is refused
/// at load with a message naming its file, or survives real drags: the host does not crash,
/// the order stays a permutation, memory stays under the cap.
@Suite struct CorpusSmokeTests {
    static var corpus: [URL] {
        let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("ReorderHostileTests/Corpus")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return names.filter { $0.hasSuffix(".lua") }.sorted().map { dir.appendingPathComponent($0) }
    }

    @Test func everyBadPolicyIsRefusedOrSurvivesDrags() throws {
        let files = Self.corpus
        #expect(files.count >= 40)
        for url in files {
            let clock = ContinuousClock(), started = clock.now
            defer { if ProcessInfo.processInfo.environment["REORDER_CORPUS_TIMES"] == "1" { print("CORPUS \(clock.now - started) \(url.lastPathComponent)") } }
            let policy: LuaPolicy
            do {
                policy = try LuaPolicy(path: url.path)
            } catch {
                #expect(error.description.hasPrefix(url.lastPathComponent) || error.file != nil || error.kind == .budget
                        || error.kind == .memory, "\(url.lastPathComponent): \(error)")
                continue
            }
            let items = [(1...30).map { Item("row \($0)") }, [Item(id: "done", title: "Done", fields: ["finished": .bool(true)])]]
            let sim = DragSimulator(sections: items, viewport: Size(width: 375, height: 667), policy: policy)
            let before = Set(sim.order.flattened.map(\.id))
            _ = sim.drag(from: ItemPosition(section: 0, item: 0), to: ItemPosition(section: 0, item: 5), over: 0.3)
            sim.pressItem(ItemPosition(section: 0, item: 2)); sim.hold(1.1)
            sim.move(to: Point(x: 100, y: 660), over: 0.1); sim.tick(20)
            sim.cancel(); sim.settle()
            _ = sim.drag(from: ItemPosition(section: 0, item: 3), to: ItemPosition(section: 1, item: 0), over: 0.2)
            let after = sim.order.flattened.map(\.id)
            #expect(after.count == before.count && Set(after) == before, "\(url.lastPathComponent)")
            #expect(InvariantChecker.violations(of: sim.session) == [], "\(url.lastPathComponent)")
            #expect(policy.vm.memoryPeak <= policy.options.memoryLimit, "\(url.lastPathComponent)")
            _ = policy.drainDiagnostics()
        }
    }
}
