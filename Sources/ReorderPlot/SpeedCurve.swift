import ReorderCore

/// The edge-scroll behaviour of one policy, sampled the way the engine would ask for it.
///
/// Distances are measured from the viewport's edge inwards: distance 0 is the edge itself
/// (depth = zone, the fastest point), distance `zone` is the zone's inner border (depth 0).
/// Every speed is exactly what the policy's `scrollSpeed` returned for the listed depth and
/// elapsed time, with the engine's clamp applied (non-finite or negative → 0).
///
/// ```swift
/// let curve = SpeedCurve(name: "jx_movable", policy: jx, options: SpeedPlot.Options())
/// curve.zone            // 150
/// curve.speeds.first    // 1200 (at the edge)
/// curve.speeds.last     // 0 (at the inner border)
/// ```
public struct SpeedCurve: Hashable, Sendable {
    /// The name shown in the legend.
    public var name: String
    /// The axis sampled: vertical, unless the policy scrolls only horizontally.
    public var axis: Axis
    /// `false` when the policy has edge scrolling switched off or a zone of 0 points.
    public var isEnabled: Bool
    /// The zone depth in points for the plot's viewport.
    public var zone: Double
    /// Depths into the zone, from `zone` (at the edge) down to 0 (inner border).
    public var depths: [Double]
    /// Distances from the edge, `zone - depth` for each depth.
    public var distances: [Double]
    /// Speed (points per second) at each depth, after `elapsed` seconds in the zone.
    public var speeds: [Double]
    /// The elapsed time at which `speeds` were sampled.
    public var elapsed: Double
    /// `true` when sampling found a speed that changes with elapsed time.
    public var isTimeDependent: Bool
    /// Elapsed times (whole frames) for the speed-over-time series.
    public var times: [Double]
    /// Speed at depth `timeDepth` for each of `times`.
    public var timeSpeeds: [Double]
    /// The depth at which `timeSpeeds` were sampled (the edge: depth = zone).
    public var timeDepth: Double

    /// Samples `policy` for the plot's viewport and frame rate.
    ///
    /// - Complexity: O(zone samples + frames in `options.maxTime`) policy calls.
    public init(name: String, policy: any DragPolicy, options: SpeedPlot.Options) {
        self.name = name
        let config = policy.configuration.edgeScroll
        axis = config.axes.contains(axis: .vertical) || !config.axes.contains(axis: .horizontal)
            ? .vertical : .horizontal
        elapsed = options.steadyElapsed
        let viewportLength = options.viewport[axis]
        let ctx0 = SpeedCurve.context(options: options, elapsed: 0)
        zone = SpeedCurve.clamp(policy.edgeZone(ctx0, axis: axis, viewportLength: viewportLength))
        isEnabled = config.enabled && !config.axes.isEmpty && zone > 0
        depths = []; distances = []; speeds = []; times = []; timeSpeeds = []
        timeDepth = zone
        isTimeDependent = false
        guard isEnabled else { return }

        let (axis, zone) = (self.axis, self.zone)
        func speed(depth: Double, elapsed: Double) -> Double {
            let ctx = SpeedCurve.context(options: options, elapsed: elapsed)
            return SpeedCurve.clamp(policy.scrollSpeed(ctx, axis: axis, depth: depth, zone: zone, elapsed: elapsed))
        }

        let n = max(1, min(options.maxSamples, Int(zone.rounded(.up))))
        for i in 0...n {
            // Exact end points: depth = zone at the edge, 0 at the inner border.
            let depth = i == 0 ? zone : i == n ? 0 : zone * Double(n - i) / Double(n)
            depths.append(depth)
            distances.append(zone - depth)
            speeds.append(speed(depth: depth, elapsed: elapsed))
        }

        // Speed over time at the edge, one sample per frame period (k / frame rate).
        let frameRate = options.frameRate > 0 && options.frameRate.isFinite ? options.frameRate : 60
        let frames = max(1, Int((options.maxTime * frameRate).rounded(.up)))
        // Time dependence is probed at the edge, mid-zone and a quarter in, against the
        // speeds after `elapsed` seconds.
        let probeDepths = [zone / 2, zone / 4]
        let steadyAtEdge = speeds[0]
        let steadyProbes = probeDepths.map { speed(depth: $0, elapsed: elapsed) }
        var dependent = false
        for k in 0...frames {
            let t = Double(k) / frameRate
            let v = speed(depth: zone, elapsed: t)
            times.append(t)
            timeSpeeds.append(v)
            if !dependent {
                dependent = v != steadyAtEdge
                    || zip(probeDepths, steadyProbes).contains { speed(depth: $0.0, elapsed: t) != $0.1 }
            }
        }
        isTimeDependent = dependent
    }

    /// The engine's clamp on policy results: finite and non-negative, else 0.
    static func clamp(_ v: Double) -> Double { v.isFinite && v > 0 ? v : 0 }

    /// The context a policy sees while the plot samples it: an empty list, the plot's
    /// viewport and frame rate, content ten viewports tall scrolled to its middle (so it
    /// could scroll either way), a 44-point row, and `elapsed` as both time and drag time.
    static func context(options: SpeedPlot.Options, elapsed: Double) -> PolicyContext {
        let v = options.viewport
        return PolicyContext(order: Order(sections: [[]]), viewport: v,
                             content: Size(width: v.width, height: v.height * 10),
                             offset: Point(x: 0, y: v.height * 4.5),
                             itemSize: Size(width: v.width, height: 44),
                             frameRate: options.frameRate, time: elapsed, dragTime: elapsed)
    }

    /// The largest speed in either series.
    var maxSpeed: Double { max(speeds.max() ?? 0, timeSpeeds.max() ?? 0) }

    /// The last elapsed time at which the speed at the edge still differs from its value at
    /// the end of the sampled time (when the time ramp is over), or 0.
    var settleTime: Double {
        guard isTimeDependent, let final = timeSpeeds.last else { return 0 }
        var last = 0.0
        for (t, v) in zip(times, timeSpeeds) where v != final { last = t }
        return last
    }
}
