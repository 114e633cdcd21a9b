import Foundation
import ReorderCore
import ReorderFuzz
import ReorderLua
import Testing

/// Many sessions, each with its own policy VM, driven in parallel from several threads.
///
/// Each thread makes its own `LuaPolicy` instances (a VM is confined to the thread that uses
/// it) and runs a short seeded fuzz campaign on them, built-in and hostile policies mixed, so
/// budgets, memory caps, diagnostics and the engine run side by side. Run it under the thread
/// sanitizer: `swift test --sanitize=thread --filter ConcurrencyTests`.
@Suite("Concurrency")
struct ConcurrencyTests {
    static let threads = 8
    static let policiesPerThread = 4
    static let runsPerPolicy = 6

    /// Results of the threads, written under a lock.
    final class Results: @unchecked Sendable {   // every access holds `lock`
        private let lock = NSLock()
        private var inputs = 0
        private var failures: [String] = []
        func add(inputs n: Int) { lock.lock(); inputs += n; lock.unlock() }
        func fail(_ s: String) { lock.lock(); failures.append(s); lock.unlock() }
        var snapshot: (inputs: Int, failures: [String]) { lock.lock(); defer { lock.unlock() }; return (inputs, failures) }
    }

    static let references = ["default", "uikit", "jx_movable", "cookbook", "drag_drop_table",
                             "swift_reorder", "rbd_autoscroll", "pragmatic_autoscroll", "android_touch_helper"]
    static let hostile = ["endless_loop_target", "memory_bomb_growing_table", "runtime_error_speed",
                          "escape_shared_globals", "endless_loop_in_coroutine", "wrong_type_on_move"]

    /// Runs `body` on `count` threads at once and waits for all of them.
    static func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
        let group = DispatchGroup()
        for i in 0..<count {
            group.enter()
            let thread = Thread {
                body(i)
                group.leave()
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
        group.wait()
    }

    @Test func manySessionsWithTheirOwnVMsInParallel() throws {
        let corpus = try CorpusEntry.all()
        let hostilePaths = Self.hostile.compactMap { name in corpus.first { $0.name == name }?.url.path }
        #expect(hostilePaths.count == Self.hostile.count)
        let available = Self.references.filter { (try? LuaPolicy(named: $0)) != nil }
        #expect(available == Self.references)
        let results = Results()
        Self.onThreads(Self.threads) { thread in
            for k in 0..<Self.policiesPerThread {
                let index = thread * Self.policiesPerThread + k
                let useHostile = index % 3 == 2
                let reference = useHostile ? hostilePaths[index % hostilePaths.count] : available[index % available.count]
                do {
                    // Hostile policies fail on purpose: this checks the host, not the policies.
                    let report = try Fuzzer.run(FuzzOptions(runs: Self.runsPerPolicy, seed: UInt64(100 + index), maxInputs: 200,
                                                            allowHookErrors: true)) {
                        try LuaPolicy(reference: reference)
                    }
                    results.add(inputs: report.inputsExecuted)
                    if let f = report.failure { results.fail("\(reference): \(f)") }
                } catch {
                    results.fail("\(reference): \(error)")
                }
            }
        }
        let (inputs, failures) = results.snapshot
        #expect(failures == [])
        #expect(inputs > 1000)
        print("concurrency figures: \(Self.threads) threads, \(Self.threads * Self.policiesPerThread) policies, \(inputs) inputs")
    }

    /// The same traces give the same orders whether sessions run alone or side by side.
    @Test func parallelSessionsAreDeterministic() throws {
        var rng = SplitMix64(seed: 5)
        let scenario = FuzzScenario.random(layout: .table, using: &rng)
        let trace = TraceGenerator(scenario: scenario, minPressDuration: 0.5, maxInputs: 300).generate(using: &rng)
        func replay(_ name: String) throws -> [[String]] {
            let sim = scenario.makeSimulator(policy: try LuaPolicy(named: name))
            for input in trace { sim.apply(input) }
            return sim.order.ids
        }
        let alone = try Self.references.prefix(4).map { try replay($0) }
        let parallel = Results()
        final class Orders: @unchecked Sendable {   // every access holds `lock`
            let lock = NSLock()
            var byIndex: [Int: [[String]]] = [:]
        }
        let orders = Orders()
        let names = Array(Self.references.prefix(4))
        Self.onThreads(8) { i in
            do {
                let sim = scenario.makeSimulator(policy: try LuaPolicy(named: names[i % 4]))
                for input in trace { sim.apply(input) }
                orders.lock.lock(); orders.byIndex[i] = sim.order.ids; orders.lock.unlock()
            } catch {
                parallel.fail("\(error)")
            }
        }
        #expect(parallel.snapshot.failures == [])
        for i in 0..<8 { #expect(orders.byIndex[i] == alone[i % 4]) }
    }
}
