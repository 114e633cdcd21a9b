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
        /// edge), the same for every policy; nil (the default): each policy where its
        /// distance curve first reaches its top speed (``SpeedCurve/peakDepth(depths:speeds:)``),
        /// so every time ramp shows in full (pragmatic_autoscroll gives 0 on the edge and
        /// past it, 900 pt/s from half its zone in).
        public var timeDistance: Double?
        /// The longest time sampled for the speed-over-time panel.
        public var maxTime: Double = 5
        /// At most this many intervals per distance curve (one per point up to it).
        public var maxSamples: Int = 240
        /// Width of one plot area in pixels.
        public var plotWidth: Double = 520
        /// Height of one plot area in pixels.
        public var plotHeight: Double = 280
        /// Whether a legend line longer than the plot is broken after a comma into more lines,
        /// so the legend never makes the drawing wider than its plots: the playground's column
        /// is the plot's width (JX's clamp note made its chart 602 px against `default`'s 478).
        /// Off by default: `reorder plot` keeps one line per fact.
        public var wrapsLegend = false
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

    /// The SVG document as an element tree: the panels one above the other, the legend
    /// under them, at most ``maxWidth`` wide with the default plot width, so a page that
    /// shows it at its own size keeps every text at 11 px or more (``ChartPanel/smallFontSize``).
    public func svg() -> SVGElement {
        let o = options
        let left = 78.0, gap = 64.0
        let enabled = curves.enumerated().filter { $0.element.isEnabled }
        let maxZone = enabled.map(\.element.zone).max() ?? 1
        let maxSpeed = enabled.map(\.element.maxSpeed).max() ?? 0
        let pastEdge = max(0, o.pastEdge)
        let xTicks = NiceTicks(from: -pastEdge, upTo: maxZone)
        let yTicks = NiceTicks(upTo: maxSpeed > 0 ? maxSpeed : 1)
        let hz = SVGNumber.format(o.frameRate, decimals: 3)
        let viewport = "\(SVGNumber.format(o.viewport.width)) × \(SVGNumber.format(o.viewport.height)) pt"
        let sameDistance = Self.sameAsEarlier(enabled.map { ($0.offset, $0.element.speeds) })

        // Both panels plot speed over the same height, width and left margin.
        func speedPanel(_ id: String, _ title: String, _ subtitle: String, xLabel: String, _ xTicks: NiceTicks) -> ChartPanel {
            ChartPanel(id: id, title: title, subtitle: subtitle, left: left, top: 0, width: o.plotWidth, height: o.plotHeight,
                       xLabel: xLabel, yLabel: "scroll speed (pt/s)", xTicks: xTicks, yTicks: yTicks)
        }
        var distance = speedPanel(
            "speed-by-distance", "Edge-scroll speed against distance from the edge",
            "viewport \(viewport), \(hz) Hz, after \(SVGNumber.format(o.steadyElapsed)) s in the zone; dashed: zone borders",
            xLabel: "distance of the reference point from the edge (pt)", xTicks)
        for (i, c) in enabled {
            distance.series.append(Self.line(i, c, x: c.distances, speeds: c.speeds, sameAs: sameDistance[i].map { curves[$0].name },
                data: [SVGAttribute("data-zone", "\(SVGNumber.exact(c.zone))"),
                       SVGAttribute("data-elapsed", "\(SVGNumber.exact(c.elapsed))"),
                       SVGAttribute("data-distance", "\(SVGNumber.exactList(c.distances))"),
                       SVGAttribute("data-depth", "\(SVGNumber.exactList(c.depths))"),
                       SVGAttribute("data-speed", "\(SVGNumber.exactList(c.speeds))")]))
        }
        // One dashed border per distinct zone, labelled once (two policies with a 120 pt zone
        // share a line and a label, not two stacked "120 pt"); the legend says whose zone it
        // is, the line's tooltip names them too.
        for group in Self.zoneGroups(enabled.map { ($0.offset, $0.element) }) {
            let names = group.map(\.1.name)
            let zone = group[0].1.zone
            let color = group.count == 1 ? Palette.color(group[0].0) : Palette.ink
            let size = "\(SVGNumber.format(zone, decimals: 1)) pt"
            distance.markers.append(.init(
                x: zone, label: size, color: color, dash: "4 3", cssClass: "zone-border",
                data: [SVGAttribute("data-name", "\(names.joined(separator: ", "))"),
                       SVGAttribute("data-zone", "\(SVGNumber.exact(zone))")],
                tooltip: "\(size): " + names.joined(separator: ", ")))
        }

        if pastEdge > 0 {
            distance.bands.append(.init(start: xTicks.lower, end: 0, fill: "#d9d9d9", label: "past the edge",
                                        cssClass: "past-edge", showsLabel: true))
        }
        distance.markers.append(.init(x: 0, label: "edge", color: Palette.ink, dash: nil, cssClass: "edge"))
        distance.top = 16 + distance.headerHeight

        var panels = [distance]
        var sameTime = [Int: Int]()
        if hasTimePanel {
            let d = o.timeDistance
            let timePlace = d.map { d in
                "drag begins " + (d == 0 ? "at the edge (depth = zone)"
                    : d < 0 ? "\(SVGNumber.format(-d)) pt past the edge (depth = zone + \(SVGNumber.format(-d)) pt)"
                    : "\(SVGNumber.format(d)) pt inside the edge (depth = zone − \(SVGNumber.format(d)) pt)")
            } ?? (enabled.count == 1 ? "where its speed first reaches its top"   // one curve: short enough for the playground's 478 px chart
                  : "each policy where its speed first reaches its top (\"over time\" in the legend)")
            let settle = enabled.map(\.element.settleTime).max() ?? 0
            let tTicks = NiceTicks(upTo: min(o.maxTime, max(0.5, settle * 1.25)))
            var time = speedPanel(
                "speed-over-time", "Edge-scroll speed over time in the zone", "\(timePlace); a sample every 1/\(hz) s",
                xLabel: "time since the reference point entered the zone (s)", tTicks)
            let drawn = enabled.map { ($0.offset, $0.element.drawnTimeSeries(upTo: tTicks.upper)) }
            sameTime = Self.sameAsEarlier(drawn.map { ($0.0, $0.1.speeds) })
            for ((i, c), (_, series)) in zip(enabled, drawn) {
                time.series.append(Self.line(i, c, x: series.times, speeds: series.speeds, sameAs: sameTime[i].map { curves[$0].name },
                    data: [SVGAttribute("data-depth", "\(SVGNumber.exact(c.timeDepth))"),
                           SVGAttribute("data-zone", "\(SVGNumber.exact(c.zone))"),
                           SVGAttribute("data-time", "\(SVGNumber.exactList(series.times))"),
                           SVGAttribute("data-speed", "\(SVGNumber.exactList(series.speeds))"),
                           SVGAttribute("data-time-dependent", c.isTimeDependent ? "true" : "false")]))
            }
            time.top = distance.top + o.plotHeight + gap + time.headerHeight
            panels.append(time)
        }

        // The legend under the panels: a swatch, the name, then grey lines of details.
        let legendTop = (panels.last?.top ?? 0) + o.plotHeight + gap
        let small = ChartPanel.smallFontSize, lineHeight = small + 3
        // A wrapped line fits the room the plot leaves right of the swatch (width below).
        let room = o.plotWidth + 40 - 34 - 16
        let lines = curves.indices.map { i in
            let given = legendLines(curves[i], tMax: panels.count > 1 ? panels[1].xTicks.upper : nil,
                                    sameDistance: sameDistance[i].map { curves[$0].name },
                                    sameTime: sameTime[i].map { curves[$0].name })
            return o.wrapsLegend ? given.flatMap { Self.wrapped($0, width: room, fontSize: small) } : given
        }
        let longest = zip(curves, lines).map { c, details in
            ([estimatedTextWidth(c.name, fontSize: 12)] + details.map { estimatedTextWidth($0, fontSize: small) }).max() ?? 0
        }.max() ?? 0
        let width = max(left + o.plotWidth + 40, left + 34 + longest + 16)
        var legend = SVGElement("g", ["class": "legend", "font-size": 12, "fill": "\(Palette.ink)"])
        legend.append(SVGElement("text", ["class": "legend-title", "x": .init(left), "y": .init(legendTop),
                                          "font-weight": "bold"], text: "policies"))
        var y = legendTop + 20
        for (i, c) in curves.enumerated() {
            var entry = SVGElement("g", ["class": "legend-entry", "data-name": "\(c.name)"])
            var swatch = SVGElement("line", ["x1": .init(left), "y1": .init(y - 4), "x2": .init(left + 26), "y2": .init(y - 4),
                                             "stroke": c.isEnabled ? "\(Palette.color(i))" : "#bbbbbb",
                                             "stroke-width": 3])
            if let d = Palette.dash(i) { swatch.set("stroke-dasharray", "\(d)") }
            entry.append(swatch)
            entry.append(SVGElement("text", ["class": "legend-name", "x": .init(left + 34), "y": .init(y)], text: c.name))
            for (k, detail) in lines[i].enumerated() {
                entry.append(SVGElement("text", ["class": k == 0 ? "legend-detail" : "legend-detail legend-more",
                                                 "x": .init(left + 34), "y": .init(y + Double(k + 1) * lineHeight),
                                                 "font-size": .init(small), "fill": "\(Palette.muted)"], text: detail))
            }
            legend.append(entry)
            y += 18 + Double(lines[i].count) * lineHeight
        }
        let height = y + 8

        var svg = svgDocument(width: width, height: height,
                              title: "Edge-scroll speed: " + curves.map(\.name).joined(separator: ", "))
        for p in panels { svg.append(p.render()) }
        svg.append(legend)
        return svg
    }

    /// `line` broken after its commas into lines of at most `width` pixels (as
    /// ``estimatedTextWidth(_:fontSize:)`` guesses them); a part longer than that stays whole.
    ///
    /// ```swift
    /// SpeedPlot.wrapped("zone 120 pt, 1024 pt/s at the edge", width: 1, fontSize: 11)
    /// // ["zone 120 pt,", "1024 pt/s at the edge"]
    /// ```
    static func wrapped(_ line: String, width: Double, fontSize: Double) -> [String] {
        var out: [String] = []
        var current = ""
        for part in line.split(separator: ", ").map(String.init) {
            let joined = current.isEmpty ? part : current + ", " + part
            if current.isEmpty || estimatedTextWidth(joined, fontSize: fontSize) <= width {
                current = joined
            } else {
                out.append(current + ",")
                current = part
            }
        }
        out.append(current)
        return out
    }

    /// The widest drawing with the default plot width (and legends no longer than the
    /// built-in policies'): a README column on GitHub is about 830 CSS px, so the chart is
    /// shown at its own size there.
    public static let maxWidth = 800.0

    /// For each entry, the first earlier entry with exactly the same samples (identical
    /// curves, which would hide each other), keyed by curve index.
    static func sameAsEarlier(_ entries: [(Int, [Double])]) -> [Int: Int] {
        var out = [Int: Int]()
        for (k, e) in entries.enumerated() {
            if let first = entries[..<k].first(where: { $0.1 == e.1 && out[$0.0] == nil }) { out[e.0] = first.0 }
        }
        return out
    }

    /// The `i`th curve's line in a panel: its colour and dash, the points (`x`, speed), its
    /// axis then `data`. A curve identical to an earlier one (`sameAs`) is drawn with long
    /// gaps, so the earlier one shows through (the legend says which it is the same as).
    static func line(_ i: Int, _ c: SpeedCurve, x: [Double], speeds: [Double], sameAs: String?,
                     data: [SVGAttribute]) -> ChartPanel.Series {
        var line = ChartPanel.Series(name: c.name, color: Palette.color(i), dash: Palette.dash(i),
                                     segments: [zip(x, speeds).map { ($0, $1) }],
                                     data: [SVGAttribute("data-axis", "\(c.axis.rawValue)")] + data)
        if let sameAs {
            line.dash = "6 6"
            line.data.append(SVGAttribute("data-same-as", "\(sameAs)"))
        }
        return line
    }

    /// The curves grouped by zone (exactly equal zones together), in order of first appearance.
    static func zoneGroups(_ curves: [(Int, SpeedCurve)]) -> [[(Int, SpeedCurve)]] {
        var groups: [[(Int, SpeedCurve)]] = []
        for entry in curves {
            if let k = groups.firstIndex(where: { $0[0].1.zone == entry.1.zone }) { groups[k].append(entry) } else { groups.append([entry]) }
        }
        return groups
    }

    /// The grey lines under a legend name: zone, top speed and time ramp, then (when the
    /// time panel is drawn) where its time series is sampled, and which curves are the same
    /// as an earlier one's.
    ///
    /// A curve that is still at the edge and scrolls only once the reference point is past it
    /// (Android's ItemTouchHelper: the speed grows with how far the dragged view is out of
    /// bounds) says so, rather than "0 pt/s at the edge", which reads as "never scrolls".
    /// "time ramp" is said only of a ramp the time panel draws.
    private func legendLines(_ c: SpeedCurve, tMax: Double?, sameDistance: String?, sameTime: String?) -> [String] {
        guard c.isEnabled else { return ["no edge scroll"] }
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
        let ramp = tMax.map { Set(c.drawnTimeSeries(upTo: $0).speeds).count > 1 } ?? false
        if ramp { parts.append("time ramp") }
        if c.axis == .horizontal { parts.append("horizontal") }
        if c.hasHookFailures { parts.insert("hook failed, fallback speeds", at: 0) }
        var lines = [parts.joined(separator: ", ")]
        if tMax != nil {
            let d = c.zone - c.timeDepth
            let place = d == 0 ? "at the edge"
                : d < 0 ? "\(SVGNumber.format(-d, decimals: 1)) pt past the edge"
                : "\(SVGNumber.format(d, decimals: 1)) pt inside the edge"
            var more = "over time: \(place)"
            if c.isTimeDependent && !ramp { more += ": no change drawn there" }
            lines.append(more)
        }
        if let name = sameDistance, sameTime == name {
            lines.append("same curves as \(name), dashed over them")
        } else {
            if let name = sameDistance { lines.append("distance curve same as \(name), dashed over it") }
            if let name = sameTime { lines.append("time curve same as \(name), dashed over it") }
        }
        return lines
    }
}
