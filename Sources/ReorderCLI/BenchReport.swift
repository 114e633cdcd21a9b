import ReorderCore
import ReorderLua
import ReorderPersistence

/// Statistics of one policy's dragging frames.
public struct FrameStatistics: Hashable, Sendable {
    /// Frames measured (dragging frames of every drag but the warm-up).
    public var frames: Int
    /// Median nanoseconds per frame (a frame = the touch move and the engine's frame step).
    public var p50: Double
    /// 99th percentile, nanoseconds.
    public var p99: Double
    /// Heap allocations per steady-state frame (frames after the lift, warm-up drag
    /// excluded); nil when allocations cannot be counted on this platform.
    public var allocationsPerFrame: Double?
    /// Frames that allocated at all.
    public var allocatingFrames: Int?
    /// Rows the dragged item moved over (steps applied), summed over the measured drags.
    public var steps: Int
    /// Median nanoseconds of the frames that made a step (0 when none did): what one keyboard
    /// step (``KeyboardBench``) compares with.
    public var stepFrameP50: Double = 0
}

/// The figures of one `reorder bench` run.
public struct BenchReport: Hashable, Sendable {
    public var policy: String
    public var rows: Int
    public var frameRate: Double
    public var lua: FrameStatistics
    /// Nil when the policy has no native equivalent.
    public var native: FrameStatistics?
    /// Hook calls, load, reload and VM memory (``ReorderLua/PolicyBenchmark``).
    public var policyFigures: PolicyBenchmark.Report
    /// The keyboard lanes (``KeyboardBench``); nil when skipped.
    public var keyboard: KeyboardBench.Figures?
    /// What the policy reported during the measured drags (load warnings, a hook that failed):
    /// `diagnostics` in ``json``, as `reorder replay --json` gives them.
    public var diagnostics: [PolicyDiagnostic] = []

    /// Nanoseconds per call of each hook, by its Lua name.
    public var hookNanoseconds: [String: Double] {
        Dictionary(policyFigures.hooks.map { ($0.hook, $0.nanoseconds) }, uniquingKeysWith: { a, _ in a })
    }
    /// Median milliseconds to load the policy into a fresh VM.
    public var loadMilliseconds: Double { policyFigures.loadMilliseconds }
    /// Median milliseconds of `reload()`.
    public var reloadMilliseconds: Double { policyFigures.reloadMilliseconds }
    /// Bytes of the policy's VM after load (after a full collection).
    public var vmBytes: Int { policyFigures.memoryAfterLoad }

    /// Lua p50 / native p50.
    public var ratioP50: Double? { native.map { lua.p50 / $0.p50 } }
    /// Nanoseconds in one frame at ``frameRate``.
    public var frameBudget: Double { 1e9 / frameRate }
    /// Lua p50 as a fraction of the frame budget.
    public var budgetFractionP50: Double { lua.p50 / frameBudget }
    /// The worse of the Lua and native allocation rates (nil when not counted).
    public var allocationsPerFrame: Double? {
        guard let l = lua.allocationsPerFrame else { return nil }
        return max(l, native?.allocationsPerFrame ?? 0)
    }

    public init(policy: String, rows: Int, frameRate: Double, lua: FrameStatistics, native: FrameStatistics?,
                policyFigures: PolicyBenchmark.Report) {
        self.policy = policy; self.rows = rows; self.frameRate = frameRate; self.lua = lua; self.native = native
        self.policyFigures = policyFigures
    }
}

extension BenchReport {
    /// The report as one JSON object (a dotted key below is a nested object):
    /// `rows`, `frame_rate`, `lua.frame_ns_p50`, `lua.frame_ns_p99`, `native.frame_ns_p50`,
    /// `native.frame_ns_p99`, `ratio_p50`, `budget_fraction_p50`, `allocs_per_frame`,
    /// `hook_ns` (by hook name), `load_ms`, `reload_ms`, `vm_bytes`, plus `policy`, frame
    /// counts and per-policy allocation rates, and the policy's `diagnostics`. Unknown figures
    /// are `null`.
    ///
    /// ```swift
    /// report.json   // {"policy":"jx_movable","rows":1000,"frame_rate":60,"lua":{"frame_ns_p50":640,...},...}
    /// ```
    public var json: String {
        let number = JSONValue.integral
        func lane(_ s: FrameStatistics?) -> JSONValue {
            guard let s else { return .null }
            return .members([
                ("frame_ns_p50", number(s.p50)), ("frame_ns_p99", number(s.p99)),
                ("frames", number(Double(s.frames))), ("steps", number(Double(s.steps))),
                ("step_frame_ns_p50", number(s.stepFrameP50)),
                ("allocs_per_frame", s.allocationsPerFrame.map(number) ?? .null),
            ])
        }
        let hooks = policyFigures.hooks.map { ($0.hook, number($0.nanoseconds)) }
        return JSONWriter.compact(.members([
            ("policy", .string(policy)),
            ("rows", number(Double(rows))),
            ("frame_rate", number(frameRate)),
            ("lua", lane(lua)),
            ("native", lane(native)),
            ("ratio_p50", ratioP50.map(number) ?? .null),
            ("budget_fraction_p50", number(budgetFractionP50)),
            ("allocs_per_frame", allocationsPerFrame.map(number) ?? .null),
            ("hook_ns", .members(hooks)),
            ("load_ms", number(loadMilliseconds)),
            ("reload_ms", number(reloadMilliseconds)),
            ("vm_bytes", number(Double(vmBytes))),
            ("keyboard", keyboard?.json ?? .null),
            ("diagnostics", PolicyDiagnostic.json(diagnostics, policy: policy)),
        ]))
    }

    /// The report for people: one figure per line.
    public var text: String {
        func ns(_ v: Double) -> String {
            v >= 1_000_000 ? "\(NumberText.fixed(v / 1e6, 2)) ms" : v >= 1_000 ? "\(NumberText.fixed(v / 1e3, 2)) µs" : "\(NumberText.fixed(v, 0)) ns"
        }
        func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s : s + String(repeating: " ", count: n - s.count) }
        var out = "reorder bench: policy \(policy), \(rows) rows, \(NumberText.fixed(frameRate, 0)) Hz\n"
        out += "  \(pad("", 22))\(pad("p50", 12))\(pad("p99", 12))frames\n"
        out += "  \(pad("frame, Lua", 22))\(pad(ns(lua.p50), 12))\(pad(ns(lua.p99), 12))\(lua.frames)\n"
        if let native {
            out += "  \(pad("frame, native Swift", 22))\(pad(ns(native.p50), 12))\(pad(ns(native.p99), 12))\(native.frames)\n"
        } else {
            out += "  frame, native Swift   (no native equivalent)\n"
        }
        out += "  \(pad("frame with a step", 22))Lua \(ns(lua.stepFrameP50))\(native.map { ", native \(ns($0.stepFrameP50))" } ?? "") (p50)\n"
        if let r = ratioP50 { out += "  \(pad("Lua / native (p50)", 22))\(NumberText.fixed(r, 2))×\n" }
        out += "  \(pad("frame budget (p50)", 22))\(NumberText.fixed(budgetFractionP50 * 100, 4)) % of \(ns(frameBudget))\n"
        if let a = lua.allocationsPerFrame {
            var line = "Lua \(NumberText.fixed(a, 3))"
            if let n = native?.allocationsPerFrame { line += ", native \(NumberText.fixed(n, 3))" }
            out += "  \(pad("heap allocations", 22))\(line) per steady-state frame\n"
        } else {
            out += "  heap allocations      \(AllocationCounter.unavailableReason)\n"
        }
        out += "  hook call             Lua         native default\n"
        for h in policyFigures.hooks {
            out += "    \(pad(h.hook, 20))\(pad(ns(h.nanoseconds), 12))\(ns(h.nativeNanoseconds))\n"
        }
        out += "  \(pad("load", 22))\(NumberText.fixed(loadMilliseconds, 3)) ms\n"
        out += "  \(pad("reload", 22))\(NumberText.fixed(reloadMilliseconds, 3)) ms\n"
        out += "  \(pad("VM after load", 22))\(NumberText.fixed(Double(vmBytes) / 1024, 1)) KiB (\(vmBytes) bytes, cap \(policyFigures.memoryLimit))\n"
        if let keyboard { out += keyboard.text }
        return out
    }
}
