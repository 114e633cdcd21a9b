import ReorderCore
import ReorderLua

/// What to run: the table, the frame rate, how many drags.
public struct BenchOptions: Hashable, Sendable {
    /// Rows of the single-section table (44 pt each, viewport 375 × 667).
    public var rows: Int
    /// Frames per second of the simulated display.
    public var frameRate: Double
    /// Measured drags per policy (one more, unmeasured, warms up). 0: enough for about
    /// ``targetFrames`` dragging frames.
    public var drags: Int
    /// Hook calls, loads and reloads timed by ``ReorderLua/PolicyBenchmark``.
    public var policyBenchmark: PolicyBenchmark.Options
    /// Rows of the keyboard lane's `move_to_end` list (``KeyboardBench``); 0 skips the
    /// keyboard lanes.
    public var keyboardRows = KeyboardBench.moveToEndRows
    /// Rows selected before each drag (the pressed one among them, the others evenly
    /// spaced), so that every drag lifts a group of this size; 0: single-item drags.
    public var groupSize: Int = 0
    /// Row heights in points, repeated down the list (row k is `rowHeights[k % count]` high,
    /// given as the item's own `height`): a table of rows of different sizes. Empty: every row
    /// 44 pt with no `height` field (the layout's uniform fast path).
    public var rowHeights: [Double] = []

    /// The most rows `rows` may be: the benchmark lays out the engine's list itself, not a
    /// session's (which holds at most ``SessionGeometry/Limits/items``), to time a frame on
    /// lists far longer than any app shows.
    public static let maximumRows = 100_000_000

    /// Dragging frames aimed at per policy when `drags` is 0 (enough for a stable p99).
    public static let targetFrames = 20_000

    public init(rows: Int = 1_000, frameRate: Double = 60, drags: Int = 0,
                policyBenchmark: PolicyBenchmark.Options = PolicyBenchmark.Options(iterations: 100_000)) {
        self.rows = rows; self.frameRate = frameRate; self.drags = drags; self.policyBenchmark = policyBenchmark
    }
}

/// Runs the standard drag with a policy in Lua and with its native equivalent, and times and
/// counts the heap allocations of every dragging frame. (Hook calls, load, reload and VM memory
/// are measured by ``ReorderLua/PolicyBenchmark``; ``BenchCommand`` puts both together.)
///
/// The standard drag, on one section of `rows` rows of 44 pt (or of ``BenchOptions/rowHeights``)
/// in a 375 × 667 viewport scrolled to
/// the middle of the list: press the row under the viewport's centre; hold for the policy's
/// press duration and lift; glide 0.5 s into the bottom edge (20 pt from it) and stay 2 s
/// (edge scroll down); glide 0.5 s to 20 pt from the top and stay 2 s (edge scroll up); glide
/// back to the centre; release; let the drop finish. Lua and native drags alternate, so a
/// noisy machine weighs on both alike. Time is simulated (frames at k / frame rate); only the
/// cost of each frame is read from `clock`.
///
/// ```swift
/// let runner = BenchRunner(policy: try LuaPolicy(named: "jx_movable"), native: JXMovablePolicy(),
///                          options: BenchOptions(rows: 1_000), clock: MonotonicClock.nanoseconds)
/// let frames = runner.run()
/// frames.lua.p50     // e.g. 640 (ns)
/// ```
public final class BenchRunner {
    /// The policy under test (in Lua).
    public let policy: any DragPolicy
    /// Its native Swift equivalent, if any.
    public let native: (any DragPolicy)?
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

    public init(policy: any DragPolicy, native: (any DragPolicy)?, options: BenchOptions, clock: @escaping () -> UInt64) {
        self.policy = policy; self.native = native; self.options = options; self.clock = clock
    }

    /// One policy's simulator and samples.
    final class Lane {
        let simulator: DragSimulator
        var samples: [UInt64] = []
        var allocations: UInt64 = 0
        var allocatingFrames = 0
        var steadyFrames = 0
        var steps = 0
        /// The samples of the frames that made a step (what a keyboard step is compared with).
        var stepSamples: [UInt64] = []
        /// The row to press at each drag (scrolled to the viewport's centre first); nil: the
        /// row under the centre with the list scrolled to its middle.
        var pressRow: ((DragSimulator) -> Int?)?
        init(simulator: DragSimulator) { self.simulator = simulator }
    }

    /// Runs the drags (Lua and native alternating) and returns each lane's statistics.
    public func run() -> (lua: FrameStatistics, native: FrameStatistics?) {
        let rows = max(1, options.rows)
        let heights = options.rowHeights
        let order = Order(sections: [(0..<rows).map { k in
            heights.isEmpty ? Item("row \(k + 1)")
                : Item(id: "row \(k + 1)", fields: ["height": .number(heights[k % heights.count])])
        }])
        let layout = TableLayout(order: order, width: Self.viewport.width, rowHeight: Self.rowHeight)
        func lane(_ policy: any DragPolicy) -> Lane {
            let sim = DragSimulator(order: order, layout: layout, viewport: Self.viewport, policy: policy, frameRate: rate)
            sim.isRecording = false
            return Lane(simulator: sim)
        }
        let lua = lane(policy)
        let nativeLane = native.map(lane)
        let framesPerDrag = self.framesPerDrag
        let drags = dragCount()
        for l in [lua] + (nativeLane.map { [$0] } ?? []) { l.samples.reserveCapacity((drags + 1) * (framesPerDrag + 16)) }
        let counting = AllocationCounter.isAvailable
        for d in 0...drags {
            if let nativeLane { drag(nativeLane, measured: d > 0, counting: counting) }
            drag(lua, measured: d > 0, counting: counting)
            progress?(Double(d + 1) / Double(drags + 1))
        }
        return (statistics(lua, counting: counting), nativeLane.map { statistics($0, counting: counting) })
    }

    /// The frame rate of the simulators: ``BenchOptions/frameRate`` when it is a positive number, else 60.
    var rate: Double { options.frameRate.isFinite && options.frameRate > 0 ? options.frameRate : 60 }

    /// Frames in one standard drag with ``policy`` (an upper bound, for reserving samples).
    var framesPerDrag: Int {
        Int(clamping: ((policy.configuration.snapshot.lift.duration + 3 * Self.glide + 2 * Self.stay) * rate).rounded(.up),
                   to: 0...DragSimulator.frameLimit) + 1
    }

    /// Measured drags per lane: ``BenchOptions/drags``, or enough for about
    /// ``BenchOptions/targetFrames`` dragging frames.
    func dragCount() -> Int {
        options.drags > 0 ? options.drags : max(3, (BenchOptions.targetFrames + framesPerDrag - 1) / framesPerDrag)
    }

    // MARK: The standard drag

    /// One standard drag on `lane`; records its dragging frames when `measured`.
    func drag(_ lane: Lane, measured: Bool, counting: Bool) {
        let sim = lane.simulator
        sim.settle()
        _ = sim.takeEvents()
        let v = Self.viewport
        if let row = lane.pressRow?(sim) {
            Self.centre(sim, onRow: row)
        } else {
            sim.setOffset(Point(x: 0, y: max(0, (sim.layout.contentSize.height - v.height) / 2)))
        }
        let centre = Point(x: v.width / 2, y: v.height / 2)
        if options.groupSize > 0, let pressed = sim.layout.position(at: centre + sim.offset) {
            GroupBench.selectGroup(sim, size: options.groupSize, pressed: pressed)
        }
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

    /// Scrolls so that row `row` of section 0 is at the viewport's centre (as far as the
    /// content allows).
    static func centre(_ sim: DragSimulator, onRow row: Int) {
        let viewport = sim.viewport
        guard let f = sim.layout.frame(of: ItemPosition(section: 0, item: row)) else { return }
        let top = (f.minY + f.maxY) / 2 - viewport.height / 2
        sim.setOffset(Point(x: 0, y: max(0, min(top, sim.layout.contentSize.height - viewport.height))))
    }

    func frameCount(_ seconds: Double) -> Int {
        Int(clamping: (seconds * options.frameRate).rounded(.up), to: 1...DragSimulator.frameLimit)
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
            if steady { AllocationCounter.start() }
            let start = clock()
            sim.apply(.move(t, p))
            sim.apply(.frame(t))
            let end = clock()
            if steady {
                let n = AllocationCounter.stop()
                lane.allocations += n
                if n > 0 { lane.allocatingFrames += 1 }
                lane.steadyFrames += 1
            }
            lane.samples.append(end &- start)
            if sim.currentPosition != before { lane.steps += 1; lane.stepSamples.append(end &- start) }
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
            steps: lane.steps,
            stepFrameP50: Self.percentile(lane.stepSamples.sorted(), 0.50))
    }

    /// The nearest-rank percentile of sorted samples (0 when there are none).
    static func percentile(_ sorted: [UInt64], _ q: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        let rank = Int(clamping: (q * Double(sorted.count)).rounded(.up), to: 1...sorted.count)
        return Double(sorted[min(max(rank, 1), sorted.count) - 1])
    }
}
