import Foundation
import ReorderCore

/// Measures what a Lua policy costs: each hook call (median nanoseconds, with the native
/// `default` policy's cost of the same call for comparison), loading and reloading (median
/// milliseconds), the VM's memory after load, and how long a runaway hook runs before its
/// budget stops it. `reorder bench` prints it; run it in a release build.
///
/// ```swift
/// let report = try PolicyBenchmark.run(policy: "jx_movable")
/// print(report)          // a table of ns per hook call, load/reload ms, memory
/// ```
public enum PolicyBenchmark {
    public struct Options: Hashable, Sendable {
        /// Hook calls per run.
        public var iterations: Int
        /// Runs per hook (the median is reported).
        public var runs: Int
        /// Loads (and reloads) timed.
        public var loads: Int
        /// Rows of the list the context describes.
        public var rows: Int
        public init(iterations: Int = 200_000, runs: Int = 5, loads: Int = 50, rows: Int = 1000) {
            self.iterations = iterations; self.runs = runs; self.loads = loads; self.rows = rows
        }
        /// Small counts, for tests.
        public static let quick = Options(iterations: 2000, runs: 3, loads: 3, rows: 100)
    }

    /// The cost of one hook.
    public struct HookFigure: Codable, Hashable, Sendable {
        /// `can_move`, `target`, ...
        public var hook: String
        /// Median nanoseconds per call through `LuaPolicy`.
        public var nanoseconds: Double
        /// The same call on the native `DefaultPolicy`, nanoseconds.
        public var nativeNanoseconds: Double
    }

    public struct Report: Codable, Hashable, Sendable, CustomStringConvertible {
        public var policy: String
        public var iterations: Int
        public var runs: Int
        public var hooks: [HookFigure]
        /// Median milliseconds to create the policy (VM, libraries, `extends` chain, validation).
        public var loadMilliseconds: Double
        /// Median milliseconds of `reload()`.
        public var reloadMilliseconds: Double
        /// Bytes the policy's VM holds after load (after a full collection).
        public var memoryAfterLoad: Int
        /// The VM's memory cap, bytes.
        public var memoryLimit: Int
        /// Instructions a hook call may run.
        public var instructionBudget: Int
        /// Milliseconds a `while true do end` hook ran before the budget stopped it (median).
        public var runawayMilliseconds: Double

        public var description: String {
            let f = NumberText.fixed
            var lines = ["policy \(policy): median of \(runs) runs of \(iterations) calls",
                         "hook         lua ns   native ns"]
            for h in hooks {
                lines.append(h.hook.padding(toLength: 10, withPad: " ", startingAt: 0) +
                             f(h.nanoseconds, 1).leftPad(9) + f(h.nativeNanoseconds, 1).leftPad(12))
            }
            lines.append("load \(f(loadMilliseconds, 3)) ms, reload \(f(reloadMilliseconds, 3)) ms")
            lines.append("VM memory after load \(memoryAfterLoad) bytes (cap \(memoryLimit))")
            lines.append("runaway hook stopped after \(f(runawayMilliseconds, 2)) ms (budget \(instructionBudget) instructions)")
            return lines.joined(separator: "\n")
        }
    }

    /// Benchmarks the policy `reference` (a built-in name or a path).
    public static func run(policy reference: String, options: Options = Options()) throws(LuaError) -> Report {
        let policy = try LuaPolicy(reference: reference)
        let native = DefaultPolicy()
        let rows = max(options.rows, 10)
        let order = Order(sections: [(0..<rows).map { Item("row \($0)") }])
        var ctx = PolicyContext(order: order, viewport: Size(width: 375, height: 667),
                                content: Size(width: 375, height: Double(rows) * 44), offset: Point(x: 0, y: 0),
                                itemSize: Size(width: 375, height: 44), frameRate: 60, time: 0, dragTime: 0)
        let a = ItemPosition(section: 0, item: 3), b = ItemPosition(section: 0, item: 5)
        var sink = 0.0

        func measure(_ body: (Int) -> Double) -> Double {
            var samples: [Double] = []
            let clock = ContinuousClock()
            for _ in 0..<max(options.runs, 1) {
                let start = clock.now
                for i in 0..<options.iterations { sink += body(i) }
                let d = clock.now - start
                samples.append(seconds(d) * 1e9 / Double(max(options.iterations, 1)))
            }
            return median(samples)
        }

        typealias Call = (any DragPolicy, Int) -> Double
        let calls: [(String, Call)] = [
            ("can_move", { p, i in p.canMove(ctx, at: ItemPosition(section: 0, item: i % 10)) ? 1 : 0 }),
            ("target", { p, _ in Double(p.target(ctx, from: a, proposed: b)?.item ?? 0) }),
            ("semantics", { p, _ in p.semantics(ctx, from: a, to: b) == .move ? 1 : 0 }),
            ("zone", { p, _ in p.edgeZone(ctx, axis: .vertical, viewportLength: 667) }),
            ("speed", { p, i in p.scrollSpeed(ctx, axis: .vertical, depth: Double(i % 150), zone: 150, elapsed: 0.5) }),
            ("on_move", { p, _ in p.onMove(ctx, from: a, to: b); return 0 }),
        ]
        policy.onBegin(ctx, at: a)
        var figures: [HookFigure] = []
        for (name, call) in calls {
            // The time changes every frame in a real drag: so it does here.
            let lua = measure { i in ctx.time = Double(i) / 60; return call(policy, i) }
            let nat = measure { i in ctx.time = Double(i) / 60; return call(native, i) }
            figures.append(HookFigure(hook: name, nanoseconds: lua, nativeNanoseconds: nat))
        }
        _ = policy.onEnd(ctx, from: a, to: b)
        // Switched off, its figures would be the native default's.
        if policy.isDisabled {
            let why = policy.drainDiagnostics().first(where: \.isFailure).map { " (\($0.message))" } ?? ""
            throw LuaError(kind: .runtime, message: "policy '\(policy.ownName)' was switched off while its hook calls "
                           + "were timed\(why); the figures would be default's: not measured")
        }

        let clock = ContinuousClock()
        var loads: [Double] = [], reloads: [Double] = []
        var memory = 0
        for _ in 0..<max(options.loads, 1) {
            let start = clock.now
            let p = try LuaPolicy(reference: reference)
            loads.append(seconds(clock.now - start) * 1000)
            p.vm.collectGarbage()
            memory = p.vm.memoryUsed
            let r = clock.now
            try p.reload()
            reloads.append(seconds(clock.now - r) * 1000)
        }

        // A runaway hook: how long until the budget stops it.
        var runaway: [Double] = []
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("reorder-bench-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("runaway.lua").path
        if (try? "return { can_move = function() while true do end end }".write(toFile: path, atomically: true, encoding: .utf8)) != nil {
            for _ in 0..<max(options.runs, 1) {
                let p = try LuaPolicy(path: path)
                let start = clock.now
                sink += p.canMove(ctx, at: a) ? 1 : 0
                runaway.append(seconds(clock.now - start) * 1000)
            }
        }
        if sink.isNaN { print("") }   // keeps the calls observable
        return Report(policy: policy.configuration.name, iterations: options.iterations, runs: options.runs,
                      hooks: figures, loadMilliseconds: median(loads), reloadMilliseconds: median(reloads),
                      memoryAfterLoad: memory, memoryLimit: policy.options.memoryLimit,
                      instructionBudget: policy.options.instructionBudget, runawayMilliseconds: median(runaway))
    }

    static func seconds(_ d: Duration) -> Double {
        let c = d.components
        return Double(c.seconds) + Double(c.attoseconds) * 1e-18
    }

    static func median(_ xs: [Double]) -> Double {
        guard !xs.isEmpty else { return 0 }
        let s = xs.sorted()
        return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }
}

private extension String {
    func leftPad(_ n: Int) -> String { count >= n ? self : String(repeating: " ", count: n - count) + self }
}
