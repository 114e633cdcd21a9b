import ReorderCore

/// A chart of edge-scroll speed curves, one coloured line per policy.
///
/// Panel 1 draws speed (points per second) against the reference point's distance from
/// the viewport's edge, with each policy's zone border marked. Panel 2, present only when
/// some policy's speed changes with time in the zone, draws speed over time with the
/// reference point at the edge. The output is deterministic: the same policies and options
/// give the same bytes.
///
/// ```swift
/// let plot = SpeedPlot(policies: [("jx_movable", jx), ("mine", mine)],
///                      options: .init(viewport: Size(width: 375, height: 667), frameRate: 60))
/// try write(plot.render(), to: "curves.svg")
/// ```
public struct SpeedPlot {
    /// What the chart is sampled for, and how big it is drawn.
    public struct Options: Hashable, Sendable {
        /// The viewport whose edge zones are sampled (zones may depend on its length).
        public var viewport: Size
        /// Frames per second: passed to the policy as `ctx.frame_rate`, and the step of the
        /// speed-over-time samples.
        public var frameRate: Double
        /// Seconds in the zone at which the distance curve is sampled (after time ramps).
        public var steadyElapsed: Double = 5
        /// How far past the edge the distance curve goes, points (one 44-point row: far
        /// enough for Android's overshoot-driven speed to reach its cap).
        public var pastEdge: Double = 44
        /// Distance from the edge at which speed over time is sampled (negative: past the
        /// edge). Half a row past the edge, where every curve policy scrolls.
        public var timeDistance: Double = -22
        /// The longest time sampled for the speed-over-time panel.
        public var maxTime: Double = 5
        /// At most this many intervals per distance curve (one per point up to it).
        public var maxSamples: Int = 240
        /// Width of one plot area in pixels.
        public var plotWidth: Double = 520
        /// Height of one plot area in pixels.
        public var plotHeight: Double = 280
        /// The axis the sampled layout scrolls along: what `"main"` (`edge_scroll.axes`) means.
        /// Vertical (a list), or horizontal for a strip, where `default`'s curve is sampled
        /// along the viewport's width (`options.scrollAxis = .horizontal`).
        public var scrollAxis: Axis = .vertical

        public init(viewport: Size = Size(width: 375, height: 667), frameRate: Double = 60) {
            self.viewport = viewport
            self.frameRate = frameRate
        }
    }

    /// The sampled curves, in the order the policies were given.
    public let curves: [SpeedCurve]
    public let options: Options

    /// Samples every policy. Names are shown as given (they need not be unique).
    public init(policies: [(name: String, policy: any DragPolicy)], options: Options = Options()) {
        self.options = options
        self.curves = policies.map { SpeedCurve(name: $0.name, policy: $0.policy, options: options) }
    }

    /// `true` when the speed-over-time panel is drawn.
    public var hasTimePanel: Bool { curves.contains { $0.isTimeDependent } }

    /// The SVG document as text.
    public func render() -> String { svgText(svg()) }

    /// The SVG document as an element tree.
    public func svg() -> SVGElement {
        let o = options
        let left = 78.0, top = 70.0, panelGap = 110.0
        let enabled = curves.enumerated().filter { $0.element.isEnabled }
        let maxZone = enabled.map(\.element.zone).max() ?? 1
        let maxSpeed = enabled.map(\.element.maxSpeed).max() ?? 0
        let pastEdge = max(0, o.pastEdge)
        let xTicks = NiceTicks(from: -pastEdge, upTo: maxZone)
        let yTicks = NiceTicks(upTo: maxSpeed > 0 ? maxSpeed : 1)
        let hz = SVGNumber.format(o.frameRate, decimals: 3)
        let viewport = "\(SVGNumber.format(o.viewport.width)) × \(SVGNumber.format(o.viewport.height)) pt"

        var distance = ChartPanel(
            id: "speed-by-distance", title: "Edge-scroll speed against distance from the edge",
            subtitle: "viewport \(viewport), \(hz) Hz, after \(SVGNumber.format(o.steadyElapsed)) s in the zone; dashed: zone borders",
            left: left, top: top, width: o.plotWidth, height: o.plotHeight,
            xLabel: "distance of the reference point from the edge (pt)",
            yLabel: "scroll speed (pt/s)", xTicks: xTicks, yTicks: yTicks)
        for (i, c) in enabled {
            distance.series.append(.init(
                name: c.name, color: Palette.color(i), dash: Palette.dash(i),
                segments: [zip(c.distances, c.speeds).map { ($0, $1) }],
                data: [SVGAttribute("data-axis", "\(c.axis.rawValue)"),
                       SVGAttribute("data-zone", "\(SVGNumber.exact(c.zone))"),
                       SVGAttribute("data-elapsed", "\(SVGNumber.exact(c.elapsed))"),
                       SVGAttribute("data-distance", "\(SVGNumber.exactList(c.distances))"),
                       SVGAttribute("data-depth", "\(SVGNumber.exactList(c.depths))"),
                       SVGAttribute("data-speed", "\(SVGNumber.exactList(c.speeds))")]))
        }
        // One dashed border per distinct zone, labelled once with every policy that has it (two
        // policies with a 120 pt zone share a line and a label, not two stacked "120 pt").
        for group in Self.zoneGroups(enabled.map { ($0.offset, $0.element) }) {
            let names = group.map(\.1.name)
            let zone = group[0].1.zone
            let color = group.count == 1 ? Palette.color(group[0].0) : Palette.ink
            let size = "\(SVGNumber.format(zone, decimals: 1)) pt"
            distance.markers.append(.init(
                x: zone, label: group.count == 1 ? size : "\(size): " + names.joined(separator: ", "), color: color,
                dash: "4 3", cssClass: "zone-border",
                data: [SVGAttribute("data-name", "\(names.joined(separator: ", "))"),
                       SVGAttribute("data-zone", "\(SVGNumber.exact(zone))")],
                shortLabel: group.count == 1 ? nil : "\(size): \(names.count) policies"))
        }

        if pastEdge > 0 {
            distance.bands.append(.init(start: xTicks.lower, end: 0, fill: "#d9d9d9", label: "past the edge",
                                        cssClass: "past-edge", showsLabel: true))
        }
        distance.markers.append(.init(x: 0, label: "edge", color: Palette.ink, dash: nil, cssClass: "edge"))

        var panels = [distance]
        if hasTimePanel {
            let d = o.timeDistance
            let timePlace = d == 0 ? "at the edge (depth = zone)"
                : d < 0 ? "\(SVGNumber.format(-d)) pt past the edge (depth = zone + \(SVGNumber.format(-d)) pt)"
                : "\(SVGNumber.format(d)) pt inside the edge (depth = zone − \(SVGNumber.format(d)) pt)"
            let settle = enabled.map(\.element.settleTime).max() ?? 0
            let tTicks = NiceTicks(upTo: min(o.maxTime, max(0.5, settle * 1.25)))
            let tMax = tTicks.upper
            var time = ChartPanel(
                id: "speed-over-time", title: "Edge-scroll speed over time in the zone",
                subtitle: "drag begins \(timePlace); a sample every 1/\(hz) s",
                left: left, top: top + o.plotHeight + panelGap, width: o.plotWidth, height: o.plotHeight,
                xLabel: "time since the reference point entered the zone (s)",
                yLabel: "scroll speed (pt/s)", xTicks: tTicks, yTicks: yTicks)
            for (i, c) in enabled {
                let count = c.times.firstIndex { $0 > tMax + 1e-9 } ?? c.times.count
                let ts = Array(c.times.prefix(count)), vs = Array(c.timeSpeeds.prefix(count))
                time.series.append(.init(
                    name: c.name, color: Palette.color(i), dash: Palette.dash(i),
                    segments: [zip(ts, vs).map { ($0, $1) }],
                    data: [SVGAttribute("data-axis", "\(c.axis.rawValue)"),
                           SVGAttribute("data-depth", "\(SVGNumber.exact(c.timeDepth))"),
                           SVGAttribute("data-zone", "\(SVGNumber.exact(c.zone))"),
                           SVGAttribute("data-time", "\(SVGNumber.exactList(ts))"),
                           SVGAttribute("data-speed", "\(SVGNumber.exactList(vs))"),
                           SVGAttribute("data-time-dependent", c.isTimeDependent ? "true" : "false")]))
            }
            panels.append(time)
        }

        // Legend to the right of the panels.
        let legendX = left + o.plotWidth + 28
        let details = curves.map(legendDetail)
        let longest = zip(curves, details).map {
            max(estimatedTextWidth($0.name, fontSize: 12), estimatedTextWidth($1, fontSize: 10))
        }.max() ?? 0
        let width = legendX + 34 + max(longest, 120) + 16
        let height = top + Double(panels.count) * o.plotHeight + Double(panels.count - 1) * panelGap + 60

        var svg = svgDocument(width: width, height: height,
                              title: "Edge-scroll speed: " + curves.map(\.name).joined(separator: ", "))
        for p in panels { svg.append(p.render()) }
        var legend = SVGElement("g", ["class": "legend", "font-size": 12, "fill": "\(Palette.ink)"])
        legend.append(SVGElement("text", ["class": "legend-title", "x": .init(legendX), "y": .init(top - 10),
                                          "font-weight": "bold"], text: "policies"))
        for (i, c) in curves.enumerated() {
            let y = top + 12 + Double(i) * 34
            var entry = SVGElement("g", ["class": "legend-entry", "data-name": "\(c.name)"])
            var swatch = SVGElement("line", ["x1": .init(legendX), "y1": .init(y), "x2": .init(legendX + 26), "y2": .init(y),
                                             "stroke": c.isEnabled ? "\(Palette.color(i))" : "#bbbbbb",
                                             "stroke-width": 3])
            if let d = Palette.dash(i) { swatch.set("stroke-dasharray", "\(d)") }
            entry.append(swatch)
            entry.append(SVGElement("text", ["class": "legend-name", "x": .init(legendX + 34), "y": .init(y + 4)], text: c.name))
            entry.append(SVGElement("text", ["class": "legend-detail", "x": .init(legendX + 34), "y": .init(y + 17),
                                             "font-size": 10, "fill": "\(Palette.muted)"], text: details[i]))
            legend.append(entry)
        }
        svg.append(legend)
        return svg
    }

    /// The curves grouped by zone (exactly equal zones together), in order of first appearance.
    static func zoneGroups(_ curves: [(Int, SpeedCurve)]) -> [[(Int, SpeedCurve)]] {
        var groups: [[(Int, SpeedCurve)]] = []
        for entry in curves {
            if let k = groups.firstIndex(where: { $0[0].1.zone == entry.1.zone }) { groups[k].append(entry) } else { groups.append([entry]) }
        }
        return groups
    }

    /// The grey line under a legend name: zone, top speed, time ramp, axis.
    ///
    /// A curve that is still at the edge and scrolls only once the reference point is past it
    /// (Android's ItemTouchHelper: the speed grows with how far the dragged view is out of
    /// bounds) says so, rather than "0 pt/s at the edge", which reads as "never scrolls".
    private func legendDetail(_ c: SpeedCurve) -> String {
        guard c.isEnabled else { return "no edge scroll" }
        let atEdge = c.speedAtEdge
        let top = c.speeds.max() ?? 0
        let inside = zip(c.distances, c.speeds).filter { $0.0 >= 0 }.map(\.1).max() ?? 0
        var parts: [String]
        if inside == 0 && top > 0 {
            parts = ["out-of-bounds scroll: none until past the edge, then up to \(SVGNumber.format(top, decimals: 0)) pt/s"]
        } else {
            parts = ["zone \(SVGNumber.format(c.zone, decimals: 1)) pt",
                     "\(SVGNumber.format(atEdge, decimals: 0)) pt/s at the edge"]
            if top > atEdge { parts.append("up to \(SVGNumber.format(top, decimals: 0))") }
        }
        if let note = c.clampNote { parts.append(note) }
        if c.isTimeDependent { parts.append("time ramp") }
        if c.axis == .horizontal { parts.append("horizontal") }
        if c.hasHookFailures { parts.insert("hook failed, fallback speeds", at: 0) }
        return parts.joined(separator: ", ")
    }
}
