import ReorderCore

/// The edge-scroll behaviour of one policy, sampled the way the engine asks for it.
///
/// Distances are measured from the viewport's edge inwards: distance `zone` is the zone's
/// inner border (depth 0), distance 0 is the edge itself (depth = zone), and negative
/// distances are past the edge (depth > zone), where a snapshot's centre or leading edge can
/// go and where Android's ItemTouchHelper does all its scrolling.
///
/// Every speed is exactly what the policy's `scrollSpeed` returned for the listed depth and
/// elapsed time, with the engine's clamp applied (non-finite or negative → 0). Each series is
/// sampled inside one simulated drag (`onBegin` … `onEnd`), in order, so policies that keep
/// per-drag state in `ctx.state` behave as in a real drag: the distance series is a drag
/// that has been in the zone for `steadyElapsed` seconds, the time series a drag that begins
/// with the reference point at `timeDistance` from the edge.
///
/// ```swift
/// let curve = SpeedCurve(name: "jx_movable", policy: JXMovablePolicy(), options: SpeedPlot.Options())
/// curve.zone          // 150
/// curve.speedAtEdge   // 1024: snapshot.clamp keeps the centre 22 pt inside (depth 128)
/// curve.speeds.first  // 1024: however far past the edge the finger goes
/// curve.speeds.last   // 0: at the inner border
/// ```
public struct SpeedCurve: Hashable, Sendable {
    /// The name shown in the legend.
    public var name: String
    /// The deepest the reference point gets when `snapshot.clamp` keeps the snapshot inside
    /// (jx_movable: 128 of its 150 pt zone), or nil. Deeper samples take its speed.
    public var clampDepth: Double?
    /// The axis sampled: vertical, unless the policy scrolls only horizontally (or along
    /// `"main"` on a plot of a strip, ``SpeedPlot/Options/scrollAxis``).
    public var axis: Axis
    /// `false` when the policy has edge scrolling switched off or a zone of 0 points.
    public var isEnabled: Bool
    /// The zone depth in points for the plot's viewport.
    public var zone: Double
    /// Depths, from `zone + pastEdge` (past the edge) through `zone` (the edge) down to 0
    /// (the inner border).
    public var depths: [Double]
    /// Distances from the edge, `zone - depth` for each depth (negative past the edge).
    public var distances: [Double]
    /// Speed (points per second) at each depth, after `elapsed` seconds in the zone.
    public var speeds: [Double]
    /// The elapsed time at which `speeds` were sampled.
    public var elapsed: Double
    /// `true` when sampling found a speed that changes with elapsed time.
    public var isTimeDependent: Bool
    /// Elapsed times (one per frame period) for the speed-over-time series.
    public var times: [Double]
    /// Speed at depth `timeDepth` for each of `times`.
    public var timeSpeeds: [Double]
    /// The depth at which `timeSpeeds` were sampled: `zone - timeDistance` when the options
    /// give a distance, else ``peakDepth(depths:speeds:)``, the shallowest depth at which the
    /// distance curve reaches its top speed (where a time ramp shows in full).
    public var timeDepth: Double
    /// What the policy reported while being sampled (hook errors, fallbacks, prints).
    public var diagnostics: [PolicyDiagnostic]

    /// Samples `policy` for the plot's viewport and frame rate.
    ///
    /// - Complexity: O(distance samples + 3 × frames in `options.maxTime`) policy calls.
    public init(name: String, policy: any DragPolicy, options: SpeedPlot.Options) {
        self.name = name
        let config = policy.configuration.edgeScroll
        // `"main"` is the axis the plot's layout scrolls along (vertical but for a strip).
        let axes = config.axes.resolved(scrollAxis: options.scrollAxis)
        axis = axes.contains(axis: .vertical) || !axes.contains(axis: .horizontal)
            ? .vertical : .horizontal
        elapsed = options.steadyElapsed
        let viewportLength = options.viewport[axis]
        let order = SpeedCurve.sampleOrder(options)
        func context(_ elapsed: Double) -> PolicyContext {
            SpeedCurve.context(options: options, order: order, elapsed: elapsed)
        }
        let ctx0 = context(0)
        zone = SpeedCurve.clamp(policy.edgeZone(ctx0, axis: axis, viewportLength: viewportLength))
        isEnabled = config.enabled && !config.axes.isEmpty && zone > 0
        depths = []; distances = []; speeds = []; times = []; timeSpeeds = []
        timeDepth = zone - (options.timeDistance ?? 0)
        isTimeDependent = false
        diagnostics = []
        defer { diagnostics = policy.drainDiagnostics() }
        guard isEnabled else { return }

        let (axis, zone) = (self.axis, self.zone)
        let dragged = ItemPosition(section: 0, item: 0)
        clampDepth = SpeedCurve.clampDepth(policy.configuration, axis: axis, zone: zone, options: options)
        let deepest = clampDepth ?? .infinity
        func speed(depth: Double, elapsed: Double) -> Double {
            let ctx = context(elapsed)
            // `snapshot.clamp` holds the reference point at `clampDepth`, however far the finger goes.
            let d = min(depth, deepest)
            return SpeedCurve.clamp(policy.scrollSpeed(ctx, axis: axis, depth: d, zone: zone, elapsed: elapsed))
        }

        // Drag 1: the distance curve, `elapsed` seconds into the zone.
        depths = SpeedCurve.depthSamples(zone: zone, pastEdge: max(0, options.pastEdge), maxSamples: options.maxSamples)
        distances = depths.map { zone - $0 }
        policy.onBegin(context(elapsed), at: dragged)
        speeds = depths.map { speed(depth: $0, elapsed: elapsed) }
        if options.timeDistance == nil { timeDepth = Self.peakDepth(depths: depths, speeds: speeds) ?? zone }
        let timeDepth = self.timeDepth
        let steadyAtTimeDepth = speed(depth: timeDepth, elapsed: elapsed)
        let probeDepths = [zone / 2, zone / 4]
        let steadyProbes = probeDepths.map { speed(depth: $0, elapsed: elapsed) }
        _ = policy.onEnd(context(elapsed), from: dragged, to: dragged)

        // Drag 2: speed over time, one sample per frame period, the drag beginning in the
        // zone. Time dependence is also probed mid-zone and a quarter in.
        let frameRate = options.frameRate > 0 && options.frameRate.isFinite ? options.frameRate : 60
        let frames = Int(clamping: (max(options.maxTime, 0) * frameRate).rounded(.up), to: 1...DragSimulator.frameLimit)
        policy.onBegin(ctx0, at: dragged)
        var dependent = false
        for k in 0...frames {
            let t = Double(k) / frameRate
            let v = speed(depth: timeDepth, elapsed: t)
            times.append(t)
            timeSpeeds.append(v)
            if !dependent {
                dependent = v != steadyAtTimeDepth
                    || zip(probeDepths, steadyProbes).contains { speed(depth: $0.0, elapsed: t) != $0.1 }
            }
        }
        _ = policy.onEnd(context(times.last ?? 0), from: dragged, to: dragged)
        isTimeDependent = dependent
    }

    /// The shallowest of `depths` at which `speeds` reach their largest value (nil when no
    /// speed is above 0): where the speed-over-time series shows a time ramp in full.
    /// pragmatic_autoscroll's 900 pt/s starts at half its zone (depth 83.375 of 166.75),
    /// where its edge gives 0 (a pointer on the bottom edge is not over the list).
    ///
    /// ```swift
    /// SpeedCurve.peakDepth(depths: [3, 2, 1, 0], speeds: [900, 900, 450, 0])   // 2
    /// ```
    public static func peakDepth(depths: [Double], speeds: [Double]) -> Double? {
        guard let top = speeds.max(), top > 0 else { return nil }
        return zip(depths, speeds).filter { $0.1 == top }.map(\.0).min()
    }

    /// Depths from `zone + pastEdge` down to 0, about one point apart, with the edge (`zone`)
    /// and both ends exact.
    static func depthSamples(zone: Double, pastEdge: Double, maxSamples: Int) -> [Double] {
        let budget = max(2, maxSamples)
        let inZone = Int(clamping: zone.rounded(.up), to: 1...budget)
        let past = pastEdge > 0 ? Int(clamping: pastEdge.rounded(.up), to: 1...max(1, budget / 2)) : 0
        var out: [Double] = []
        out.reserveCapacity(inZone + past + 1)
        for j in 0..<past {
            out.append(j == 0 ? zone + pastEdge : zone + pastEdge * Double(past - j) / Double(past))
        }
        for i in 0...inZone {
            out.append(i == 0 ? zone : i == inZone ? 0 : zone * Double(inZone - i) / Double(inZone))
        }
        return out
    }

    /// The deepest the edge-scroll reference can get into the zone when `snapshot.clamp` keeps
    /// the snapshot's centre inside the viewport (on an axis the snapshot follows), or nil
    /// when nothing holds it back. The plot's rows are 44 pt high and as wide as the viewport.
    ///
    /// - `half` (JXMovableCellTableView's `limitSnapshotCenterY`): the centre stays half a row
    ///   inside, so with the centre as the reference the depth is at most `zone - 22`
    ///   (150 - 22 = 128 for jx_movable: 128 / 150 × 20 pt a frame = 1024 pt/s at 60 Hz);
    /// - `center`: the centre stays inside, at most `zone`;
    /// - the leading edge reaches half the scaled snapshot further.
    ///
    /// The finger, as a reference, is not clamped (the engine measures the finger itself).
    ///
    /// ```swift
    /// SpeedCurve.clampDepth(JXMovablePolicy.standardConfiguration, axis: .vertical, zone: 150,
    ///                       options: SpeedPlot.Options())   // 128
    /// ```
    public static func clampDepth(_ c: PolicyConfiguration, axis: Axis, zone: Double, options: SpeedPlot.Options) -> Double? {
        let follows = c.follow.singleAxis(scrollAxis: options.scrollAxis)
        guard follows == nil || follows == axis else { return nil }
        let length = axis == .vertical ? 44 : options.viewport.width
        let inset: Double
        switch c.snapshot.clamp {
        case .none: return nil
        case .center: inset = 0
        case .half: inset = length / 2
        }
        switch c.edgeScroll.reference {
        case .finger: return nil
        case .center: return max(0, zone - inset)
        case .leadingEdge: return max(0, zone - inset + length * c.snapshot.scale / 2)
        }
    }

    /// What `snapshot.clamp` does to the curve, for legends: `"snapshot clamped 22 pt inside,
    /// max 1024 pt/s"` (jx_movable at 60 Hz), or nil when the clamp holds nothing back.
    public var clampNote: String? {
        guard isEnabled, let d = clampDepth, let deepest = depths.first, d < deepest else { return nil }
        let top = max(speeds.max() ?? 0, timeSpeeds.max() ?? 0)
        let inside = zone - d
        let place = inside > 0 ? "\(SVGNumber.format(inside, decimals: 1)) pt inside"
                               : "\(SVGNumber.format(-inside, decimals: 1)) pt past the edge"
        return "snapshot clamped \(place), max \(SVGNumber.format(top, decimals: 0)) pt/s"
    }

    /// The engine's clamp on policy results: finite and non-negative, else 0.
    static func clamp(_ v: Double) -> Double { v.isFinite && v > 0 ? v : 0 }

    /// Rows of the list a sampled policy sees (its `ctx.item(1, 1)` is the dragged one).
    static func rowCount(_ options: SpeedPlot.Options) -> Int {
        let rows = (options.viewport.height * 10 / 44).rounded(.up)
        return rows.isFinite ? Int(clamping: rows, to: 1...10_000) : 1
    }

    /// The context a policy sees while the plot samples it `elapsed` seconds into a drag
    /// (see ``context(options:order:elapsed:)``), for checking a curve against its policy.
    ///
    /// ```swift
    /// let ctx = SpeedCurve.sampleContext(options: .init(), elapsed: 5)
    /// policy.scrollSpeed(ctx, axis: .vertical, depth: 150, zone: 150, elapsed: 5)
    /// ```
    public static func sampleContext(options: SpeedPlot.Options, elapsed: Double) -> PolicyContext {
        context(options: options, order: sampleOrder(options), elapsed: elapsed)
    }

    /// The list of ``context(options:order:elapsed:)``.
    static func sampleOrder(_ options: SpeedPlot.Options) -> Order {
        Order(sections: [(1...rowCount(options)).map { Item("row \($0)") }])
    }

    /// The context a policy sees while the plot samples it: a list of 44-point rows ten
    /// viewports tall ("row 1", "row 2", ...) scrolled to its middle, so it could scroll
    /// either way; the plot's viewport and frame rate; `elapsed` as both time and drag time.
    static func context(options: SpeedPlot.Options, order: Order, elapsed: Double) -> PolicyContext {
        let v = options.viewport
        let height = Double(order.count(0)) * 44
        return PolicyContext(order: order, viewport: v,
                             content: Size(width: v.width, height: height),
                             offset: Point(x: 0, y: max(0, (height - v.height) / 2)),
                             itemSize: Size(width: v.width, height: 44),
                             frameRate: options.frameRate, time: elapsed, dragTime: elapsed)
    }

    /// The speed with the reference point at the edge (depth = zone), after `elapsed`
    /// seconds in the zone; 0 when edge scrolling is off.
    public var speedAtEdge: Double {
        depths.firstIndex(of: zone).map { speeds[$0] } ?? 0
    }

    /// `true` when a hook failed while sampling (or the policy switched itself off): some
    /// speeds are the documented fallbacks, not the policy's own.
    public var hasHookFailures: Bool {
        diagnostics.contains { $0.kind == .hookError || $0.kind == .disabled }
    }

    /// The largest speed in either series.
    var maxSpeed: Double { max(speeds.max() ?? 0, timeSpeeds.max() ?? 0) }

    /// The largest speed at or inside the edge (what the legend reports as "max").
    var maxSpeedInZone: Double {
        zip(distances, speeds).filter { $0.0 >= 0 }.map(\.1).max() ?? 0
    }

    /// The speed-over-time samples up to `tMax` seconds: what the time panel draws.
    func drawnTimeSeries(upTo tMax: Double) -> (times: [Double], speeds: [Double]) {
        let count = times.firstIndex { $0 > tMax + 1e-9 } ?? times.count
        return (Array(times.prefix(count)), Array(timeSpeeds.prefix(count)))
    }

    /// The last elapsed time at which the time series still differs from its final value,
    /// or 0.
    var settleTime: Double {
        guard isTimeDependent, let final = timeSpeeds.last else { return 0 }
        var last = 0.0
        for (t, v) in zip(times, timeSpeeds) where v != final { last = t }
        return last
    }
}
