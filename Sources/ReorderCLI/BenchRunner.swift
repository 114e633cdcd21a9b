import CAllocationCounter
import ReorderCore

/// The policy a benchmark measures, and how to load, reload and weigh it.
///
/// `reorder bench` builds one from a Lua policy (``BenchSubject/lua(_:)``); its native twin,
/// when the built-in has one, comes from ``ReorderCore/NativePolicies``.
///
/// ```swift
/// let subject = try BenchSubject.lua("jx_movable")
/// subject.name          // "jx_movable"
/// subject.nativeName    // "jx_movable": compared with JXMovablePolicy
/// ```
public struct BenchSubject {
    /// The name shown in reports.
    public var name: String
    /// The built-in name of the native equivalent, if any.
    public var nativeName: String?
    /// Loads a fresh instance (timed for `load_ms`).
    public var load: () throws -> any DragPolicy
    /// Reloads an instance made by ``load`` (timed for `reload_ms`); nil when it cannot reload.
    public var reload: ((any DragPolicy) throws -> Void)?
    /// Bytes of the policy's VM after load (nil when it has none).
    public var vmBytes: (any DragPolicy) -> Int?

    public init(name: String, nativeName: String?, load: @escaping () throws -> any DragPolicy,
                reload: ((any DragPolicy) throws -> Void)?, vmBytes: @escaping (any DragPolicy) -> Int?) {
        self.name = name; self.nativeName = nativeName; self.load = load; self.reload = reload; self.vmBytes = vmBytes
    }
}

/// What to run: the table, the frame rate, how many drags.
public struct BenchOptions: Hashable, Sendable {
    /// Rows of the single-section table (44 pt each, viewport 375 × 667).
    public var rows: Int
    /// Frames per second of the simulated display.
    public var frameRate: Double
    /// Measured drags per policy (one more, unmeasured, warms up). 0: enough for about
    /// ``targetFrames`` dragging frames.
    public var drags: Int
    /// Loads and reloads timed for the medians of `load_ms` / `reload_ms`.
    public var loads: Int
    /// Calls per batch when timing one hook (the median of 15 batches is reported).
    public var hookCalls: Int

    /// Dragging frames aimed at per policy when `drags` is 0 (enough for a stable p99).
    public static let targetFrames = 20_000

    public init(rows: Int = 1_000, frameRate: Double = 60, drags: Int = 0, loads: Int = 20, hookCalls: Int = 2_000) {
        self.rows = rows; self.frameRate = frameRate; self.drags = drags; self.loads = loads; self.hookCalls = hookCalls
    }
}

/// Runs the standard drag with a policy in Lua and with its native equivalent, and measures.
///
/// The standard drag, on one section of `rows` rows of 44 pt in a 375 × 667 viewport scrolled to
/// the middle of the list: press the row under the viewport's centre; hold for the policy's
/// press duration and lift; glide 0.5 s into the bottom edge (20 pt from it) and stay 2 s
/// (edge scroll down); glide 0.5 s to 20 pt from the top and stay 2 s (edge scroll up); glide
/// back to the centre; release; let the drop finish. Lua and native drags alternate, so a
/// noisy machine weighs on both alike. Time is simulated (frames at k / frame rate); only the
/// cost of each frame is read from `clock`.
///
/// ```swift
/// let runner = BenchRunner(subject: try .lua("jx_movable"), options: BenchOptions(rows: 1_000),
///                          clock: MonotonicClock.nanoseconds)
/// let report = try runner.run()
/// report.lua.p50     // e.g. 640 (ns)
/// ```
public final class BenchRunner {
    public let subject: BenchSubject
    public let options: BenchOptions
    /// Monotonic nanoseconds.
    let clock: () -> UInt64
    /// Called with the fraction done (0...1) after each drag.
    public var progress: ((Double) -> Void)?

    static let viewport = Size(width: 375, height: 667)
    static let rowHeight = 44.0
    /// How far from an edge the finger stays while edge-scrolling, points.
    static let edgeInset = 20.0
    static let glide = 0.5
    static let stay = 2.0

    public init(subject: BenchSubject, options: BenchOptions, clock: @escaping () -> UInt64) {
        self.subject = subject; self.options = options; self.clock = clock
    }

    /// One policy's simulator and samples.
    final class Lane {
        let simulator: DragSimulator
        var samples: [UInt64] = []
        var allocations: UInt64 = 0
        var allocatingFrames = 0
        var steadyFrames = 0
        var steps = 0
        init(simulator: DragSimulator) { self.simulator = simulator }
    }

    /// Runs everything and returns the figures.
    public func run() throws -> BenchReport {
        let rows = max(1, options.rows)
        let rate = options.frameRate.isFinite && options.frameRate > 0 ? options.frameRate : 60
        let luaPolicy = try subject.load()
        let nativePolicy = subject.nativeName.flatMap(NativePolicies.named)
        let order = Order(sections: [(0..<rows).map { Item("row \($0 + 1)") }])
        let layout = TableLayout(order: order, width: Self.viewport.width, rowHeight: Self.rowHeight)
        func lane(_ policy: any DragPolicy) -> Lane {
            let sim = DragSimulator(order: order, layout: layout, viewport: Self.viewport, policy: policy, frameRate: rate)
            sim.isRecording = false
            return Lane(simulator: sim)
        }
        let lua = lane(luaPolicy)
        let native = nativePolicy.map(lane)
        let framesPerDrag = Int(((luaPolicy.configuration.snapshot.lift.duration + 3 * Self.glide + 2 * Self.stay) * rate).rounded(.up)) + 1
        let drags = options.drags > 0 ? options.drags : max(3, (BenchOptions.targetFrames + framesPerDrag - 1) / framesPerDrag)
        for l in [lua] + (native.map { [$0] } ?? []) { l.samples.reserveCapacity((drags + 1) * (framesPerDrag + 16)) }
        let counting = rac_is_available() != 0
        let hookWork = 2
        let total = Double(drags + 1 + hookWork)
        for d in 0...drags {
            if let native { drag(native, measured: d > 0, counting: counting) }
            drag(lua, measured: d > 0, counting: counting)
            progress?(Double(d + 1) / total)
        }
        let hooks = hookNanoseconds(luaPolicy, context: lua.simulator.context, rows: rows)
        progress?(Double(drags + 2) / total)
        let (load, reload) = try loadTimes()
        progress?(1)
        return BenchReport(policy: subject.name, rows: rows, frameRate: rate,
                           lua: statistics(lua, counting: counting),
                           native: native.map { statistics($0, counting: counting) },
                           hookNanoseconds: hooks, loadMilliseconds: load, reloadMilliseconds: reload,
                           vmBytes: subject.vmBytes(luaPolicy))
    }

    // MARK: The standard drag

    /// One standard drag on `lane`; records its dragging frames when `measured`.
    func drag(_ lane: Lane, measured: Bool, counting: Bool) {
        let sim = lane.simulator
        sim.settle()
        _ = sim.takeEvents()
        let v = Self.viewport
        let middle = max(0, (sim.layout.contentSize.height - v.height) / 2)
        sim.setOffset(Point(x: 0, y: middle))
        let centre = Point(x: v.width / 2, y: v.height / 2)
        sim.press(at: centre)
        let config = sim.policy.configuration
        // Hold still through the press and the lift.
        run(lane, frames: frameCount(config.minPressDuration + config.snapshot.lift.duration), measured: measured,
            counting: counting) { _ in centre }
        guard sim.state == .dragging else { sim.cancel(); sim.settle(); return }
        let bottom = Point(x: centre.x, y: v.height - Self.edgeInset)
        let top = Point(x: centre.x, y: Self.edgeInset)
        glide(lane, from: centre, to: bottom, measured: measured, counting: counting)
        run(lane, frames: frameCount(Self.stay), measured: measured, counting: counting) { _ in bottom }
        glide(lane, from: bottom, to: top, measured: measured, counting: counting)
        run(lane, frames: frameCount(Self.stay), measured: measured, counting: counting) { _ in top }
        glide(lane, from: top, to: centre, measured: measured, counting: counting)
        sim.release()
        sim.settle()
        _ = sim.takeEvents()
    }

    func frameCount(_ seconds: Double) -> Int {
        max(1, Int((seconds * options.frameRate).rounded(.up)))
    }

    func glide(_ lane: Lane, from a: Point, to b: Point, measured: Bool, counting: Bool) {
        let n = frameCount(Self.glide)
        run(lane, frames: n, measured: measured, counting: counting) { k in
            let f = Double(k + 1) / Double(n)
            return Point(x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f)
        }
    }

    /// Runs `frames` frames, the finger at `finger(k)` for frame k: a touch move, then the frame.
    /// A frame that begins in the dragging state is timed (and its allocations counted when
    /// `counting` and the lift is over).
    func run(_ lane: Lane, frames: Int, measured: Bool, counting: Bool, finger: (Int) -> Point) {
        let sim = lane.simulator
        for k in 0..<frames {
            let t = sim.nextFrameTime
            let p = finger(k)
            let dragging = sim.state == .dragging
            guard measured && dragging else {
                sim.apply(.move(t, p))
                sim.apply(.frame(t))
                continue
            }
            let steady = counting && (sim.snapshot?.liftProgress ?? 0) >= 1
            let before = sim.currentPosition
            if steady { rac_reset(); rac_enable(1) }
            let start = clock()
            sim.apply(.move(t, p))
            sim.apply(.frame(t))
            let end = clock()
            if steady {
                rac_enable(0)
                let n = rac_count()
                lane.allocations += n
                if n > 0 { lane.allocatingFrames += 1 }
                lane.steadyFrames += 1
            }
            lane.samples.append(end &- start)
            if sim.currentPosition != before { lane.steps += 1 }
            // The host takes the frame's events (outside the measurement, as a UI would after
            // rendering); taking them keeps the session's event buffer from growing.
            if !sim.events.isEmpty { _ = sim.takeEvents() }
        }
    }

    func statistics(_ lane: Lane, counting: Bool) -> FrameStatistics {
        let sorted = lane.samples.sorted()
        return FrameStatistics(
            frames: sorted.count,
            p50: Self.percentile(sorted, 0.50),
            p99: Self.percentile(sorted, 0.99),
            allocationsPerFrame: counting && lane.steadyFrames > 0 ? Double(lane.allocations) / Double(lane.steadyFrames) : nil,
            allocatingFrames: counting ? lane.allocatingFrames : nil,
            steps: lane.steps)
    }

    /// The nearest-rank percentile of sorted samples (0 when there are none).
    static func percentile(_ sorted: [UInt64], _ q: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        let rank = Int((q * Double(sorted.count)).rounded(.up))
        return Double(sorted[min(max(rank, 1), sorted.count) - 1])
    }

    // MARK: Hooks, load, reload

    /// Nanoseconds per call of each hook, called directly with a context of the bench's table:
    /// the median of 15 batches of `hookCalls` calls.
    func hookNanoseconds(_ policy: any DragPolicy, context ctx: PolicyContext, rows: Int) -> [String: Double] {
        let a = ItemPosition(section: 0, item: rows / 2)
        let b = ItemPosition(section: 0, item: min(rows - 1, rows / 2 + 1))
        let length = Self.viewport.height
        let calls: [(String, () -> Void)] = [
            ("can_move", { _ = policy.canMove(ctx, at: a) }),
            ("target", { _ = policy.target(ctx, from: a, proposed: b) }),
            ("semantics", { _ = policy.semantics(ctx, from: a, to: b) }),
            ("zone", { _ = policy.edgeZone(ctx, axis: .vertical, viewportLength: length) }),
            ("speed", { _ = policy.scrollSpeed(ctx, axis: .vertical, depth: 75, zone: 150, elapsed: 0.5) }),
            ("on_begin", { policy.onBegin(ctx, at: a) }),
            ("on_move", { policy.onMove(ctx, from: a, to: b) }),
            ("on_end", { _ = policy.onEnd(ctx, from: a, to: b) }),
            ("on_cancel", { _ = policy.onCancel(ctx) }),
        ]
        var result: [String: Double] = [:]
        let n = max(1, options.hookCalls)
        for (name, call) in calls {
            var batches: [UInt64] = []
            for _ in 0..<15 {
                let start = clock()
                for _ in 0..<n { call() }
                batches.append(clock() &- start)
            }
            batches.sort()
            result[name] = Double(batches[batches.count / 2]) / Double(n)
        }
        _ = policy.drainDiagnostics()
        return result
    }

    /// Median milliseconds of a fresh load and of a reload.
    func loadTimes() throws -> (load: Double, reload: Double?) {
        let n = max(1, options.loads)
        var loads: [UInt64] = [], reloads: [UInt64] = []
        var last: (any DragPolicy)?
        for _ in 0..<n {
            let start = clock()
            let p = try subject.load()
            loads.append(clock() &- start)
            last = p
        }
        if let reload = subject.reload, let p = last {
            for _ in 0..<n {
                let start = clock()
                try reload(p)
                reloads.append(clock() &- start)
            }
        }
        func median(_ v: [UInt64]) -> Double { Double(v.sorted()[v.count / 2]) / 1e6 }
        return (median(loads), reloads.isEmpty ? nil : median(reloads))
    }
}
