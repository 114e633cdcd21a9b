import ReorderCore
import ReorderTrace

/// A picture of a recorded run: finger, snapshot and content offset over time (and, on a board
/// whose list scrolled, that list's own scroll), the session's phases shaded, a marker at each
/// `move` (labelled from → to, 1-based as in Lua, numbered per drag), and small drawings of
/// the list at the begin, after each move and at the end. A run of several drags shows each as
/// its own episode: a bracket per drag above the plot, and the lists grouped by drag.
///
/// Positions are in viewport coordinates with y growing downwards, as on the screen: the
/// chart's position axis grows downwards too whenever it shows y.
///
/// ```swift
/// let svg = TimelinePlot(timeline: recorder.timeline).render()
/// ```
public struct TimelinePlot {
    /// Sizes of the drawing.
    public struct Options: Hashable, Sendable {
        public var plotWidth: Double = 600
        public var plotHeight: Double = 300
        /// Rows drawn per list; longer lists show a window around the dragged item.
        public var maxListRows: Int = 12
        /// Lists drawn at most per drag; beyond it the middle moves are left out (and counted).
        public var maxLists: Int = 16
        /// Drags whose lists are drawn at most; beyond it the middle drags are left out (and
        /// counted).
        public var maxDrags: Int = 8
        public init() {}
    }

    public let timeline: DragTimeline
    public let options: Options

    public init(timeline: DragTimeline, options: Options = Options()) {
        self.timeline = timeline
        self.options = options
    }

    /// Fill colours of the shaded phases.
    static let phaseColors: [(DragTimeline.Phase, String)] = [
        (.pressing, "#f6c48f"), (.dragging, "#a9cbe8"), (.dropping, "#b5dfa9"),
    ]
    static let fingerColor = "#0072b2", snapshotColor = "#d55e00", offsetColor = "#009e73"
    static let listOffsetColor = "#cc79a7"
    static let moveColor = "#7a1f5c"

    /// The largest magnitude drawn, in points and in seconds. A trace may hold any finite
    /// number (a finger at 1e308 pt): beyond this, drawn values are clamped (the subtitle says
    /// so; the `data-` attributes keep the exact values), so every axis and tick stays finite.
    ///
    /// ```swift
    /// TimelinePlot(timeline: farAway).render()   // subtitle ends "values past ±1000000000 clamped"
    /// ```
    public static let plotLimit = 1e9

    /// `v` clamped to ±``plotLimit``.
    static func fit(_ v: Double) -> Double { min(max(v, -plotLimit), plotLimit) }

    /// Whether some drawn value is past ±``plotLimit`` (and is drawn clamped).
    var isClamped: Bool {
        func past(_ v: Double?) -> Bool { v.map { abs($0) > Self.plotLimit } ?? false }
        return timeline.frames.contains { f in
            past(f.time) || past(f.finger?.x) || past(f.finger?.y) || past(f.snapshotCenter?.x)
                || past(f.snapshotCenter?.y) || past(f.contentOffset.x) || past(f.contentOffset.y) || past(f.listOffset)
        } || timeline.events.contains { past($0.time) }
    }

    /// The SVG document as text.
    public func render() -> String { svgText(svg()) }

    /// A position as the user reads it: 1-based row, with the section when there are several.
    func label(_ p: ItemPosition) -> String {
        multiSection ? p.label : "\(p.item + 1)"
    }

    private var multiSection: Bool { (timeline.orders.first?.sectionCount ?? 1) > 1 }

    /// The SVG document as an element tree.
    public func svg() -> SVGElement {
        let o = options
        let left = 78.0
        let axes = drawnAxes
        let drags = timeline.drags
        func letter(_ a: Axis) -> String { a == .vertical ? "y" : "x" }
        let range = Self.fit(timeline.timeRange.lowerBound)...Self.fit(timeline.timeRange.upperBound)
        let xTicks = NiceTicks(from: range.lowerBound, upTo: range.upperBound > range.lowerBound ? range.upperBound : range.lowerBound + 1)

        // Series along the drawn axis; a nil sample breaks the line.
        func series(_ name: String, _ color: String, dash: String?, _ value: (DragTimeline.Frame) -> Double?) -> ChartPanel.Series {
            var segments: [[(x: Double, y: Double)]] = [[]]
            var times: [Double] = [], values: [Double] = []
            for f in timeline.frames {
                if let v = value(f) {
                    segments[segments.count - 1].append((Self.fit(f.time), Self.fit(v)))
                    times.append(f.time); values.append(v)
                } else if !(segments.last?.isEmpty ?? true) {
                    segments.append([])
                }
            }
            if segments.count > 1, segments.last?.isEmpty == true { segments.removeLast() }
            return .init(name: name, color: color, dash: dash, segments: segments,
                         data: [SVGAttribute("data-time", "\(SVGNumber.exactList(times))"),
                                SVGAttribute("data-value", "\(SVGNumber.exactList(values))")])
        }
        // Drawn back to front: the finger last, on top of the snapshot it usually overlaps;
        // with two axes the second one is dotted and its names end in its letter.
        var lines: [ChartPanel.Series] = []
        for (k, a) in axes.enumerated() {
            let suffix = axes.count > 1 ? " " + letter(a) : ""
            var offset = series("content offset" + suffix, Self.offsetColor, dash: k == 0 ? "6 3" : "2 3") { $0.contentOffset[a] }
            var snapshot = series("snapshot centre" + suffix, Self.snapshotColor, dash: k == 0 ? nil : "1 3") { $0.snapshotCenter?[a] }
            var finger = series("finger" + suffix, Self.fingerColor, dash: k == 0 ? nil : "1 3") { $0.finger?[a] }
            snapshot.width = 4
            for i in [0, 1, 2] {
                let axisData = SVGAttribute("data-axis", "\(a.rawValue)")
                switch i {
                case 0: offset.data.append(axisData)
                case 1: snapshot.data.append(axisData)
                default: finger.data.append(axisData)
                }
            }
            lines += [offset, snapshot, finger]
        }
        // A board's list scroll (vertical, the content offset's y stays 0 there), when a list
        // the drag was in scrolled at all.
        var extra: [ChartPanel.Series] = []
        if hasListScroll {
            var list = series("list scroll", Self.listOffsetColor, dash: "4 2") { $0.listOffset }
            list.data.append(SVGAttribute("data-axis", "\(Axis.vertical.rawValue)"))
            extra.append(list)
        }
        lines = extra + lines
        let allValues = lines.flatMap { $0.segments.flatMap { $0.map(\.y) } }
        let lo = min(0, allValues.min() ?? 0), hi = max(allValues.max() ?? 1, lo + 1)
        let yTicks = NiceTicks(from: lo, upTo: hi)

        // A viewport's y grows downwards: so does the chart's position axis when it shows y.
        let down = axes.contains(.vertical)
        let direction = down ? ", down as on screen" : ""
        var chart = ChartPanel(
            id: "drag-timeline", title: "Drag timeline: policy \(timeline.policyName)"
                + (drags.count > 1 ? ", \(drags.count) drags" : ""),
            subtitle: "viewport \(SVGNumber.format(timeline.viewport.width)) × \(SVGNumber.format(timeline.viewport.height)) pt; "
                + (axes.count > 1 ? "x solid, y dotted" : "positions on the \(axes[0].rawValue) axis")
                + ", viewport coordinates; rows 1-based as in Lua"
                + (isClamped ? "; values past ±\(SVGNumber.exact(Self.plotLimit)) clamped" : ""),
            left: left, top: 0, width: o.plotWidth, height: o.plotHeight,
            xLabel: "time (s)",
            yLabel: (axes.count > 1 ? "position (pt" : "\(letter(axes[0])) position (pt") + direction + ")",
            xTicks: xTicks, yTicks: yTicks)
        chart.yDown = down
        chart.series = lines
        chart.bands = phaseBands()
        let moves = timeline.moves
        for d in drags {
            for (k, i) in d.moves.enumerated() {
                let m = moves[i]
                chart.markers.append(.init(
                    x: Self.fit(m.time), label: Vocabulary.step(label(m.from), label(m.to)), color: Self.moveColor, dash: nil,
                    cssClass: "move-marker",
                    data: [SVGAttribute("data-from", "\(m.from.section + 1),\(m.from.item + 1)"),
                           SVGAttribute("data-to", "\(m.to.section + 1),\(m.to.item + 1)"),
                           SVGAttribute("data-semantics", "\(m.semantics.rawValue)"),
                           SVGAttribute("data-time", "\(SVGNumber.exact(m.time))"),
                           SVGAttribute("data-drag", "\(d.number)"),
                           SVGAttribute("data-number", "\(k + 1)")],
                    shortLabel: "\(k + 1)"))
            }
        }
        if drags.count > 1 {
            for (k, d) in drags.enumerated() {
                let end = d.end ?? (k + 1 < drags.count ? drags[k + 1].begin : timeline.timeRange.upperBound)
                chart.spans.append(.init(
                    start: Self.fit(d.begin), end: Self.fit(max(end, d.begin)), fill: "none",
                    label: "drag \(d.number): \(d.moves.count) move\(d.moves.count == 1 ? "" : "s")",
                    cssClass: "drag-span",
                    data: [SVGAttribute("data-drag", "\(d.number)"), SVGAttribute("data-begin", "\(SVGNumber.exact(d.begin))"),
                           SVGAttribute("data-end", d.end.map { "\(SVGNumber.exact($0))" } ?? "")],
                    shortLabel: "\(d.number)"))
            }
        }
        for e in timeline.events {
            let name: String
            switch e {
            case .cancel: name = "cancel"
            case .rollback: name = "rollback"
            case .refuse: name = "refuse"
            case .combine: name = "combine"
            default: continue
            }
            chart.markers.append(.init(x: Self.fit(e.time), label: name, color: Palette.muted, dash: "2 2",
                                       cssClass: "event-marker",
                                       data: [SVGAttribute("data-type", "\(name)"),
                                              SVGAttribute("data-time", "\(SVGNumber.exact(e.time))")]))
        }

        chart.top = 16 + chart.headerHeight
        let top = chart.top

        // The lists, in rows under the chart.
        let listsTop = top + o.plotHeight + 80
        let legendX = left + o.plotWidth + 28
        let moveEntry = drags.count > 1 ? "move (from → to), numbered per drag" : "move (from → to)"
        let width = legendX + 34 + max(136, estimatedTextWidth(moveEntry, fontSize: 12)) + 12
        let (lists, listsHeight) = listDrawings(left: 24, top: listsTop, width: width - 48, drags: drags)
        let height = listsTop + listsHeight + 20

        var svg = svgDocument(width: width, height: height, title: "Drag timeline: \(timeline.policyName)")
        svg.append(chart.render())
        // Legend: finger, snapshot, offset for each axis in turn, then the list scroll.
        let axisLines = lines.dropFirst(extra.count)
        let legendOrder = stride(from: axisLines.startIndex, to: axisLines.endIndex, by: 3)
            .flatMap { axisLines[$0..<min($0 + 3, axisLines.endIndex)].reversed() } + extra
        // Where the finger and the snapshot coincide (a lifted snapshot follows the finger),
        // the thin finger line lies on the wide snapshot line: the legend shows that look too.
        let overlap = axisLines.count >= 3
            && axisLines[axisLines.startIndex + 1].segments.contains { !$0.isEmpty }
            && axisLines[axisLines.startIndex + 2].segments.contains { !$0.isEmpty }
        svg.append(legend(x: legendX, top: top, series: legendOrder, overlap: overlap, moveEntry: moveEntry))
        svg.append(lists)
        return svg
    }

    /// Runs of the same non-idle phase, each from its first frame to the next run's first frame.
    func phaseBands() -> [ChartPanel.Band] {
        var bands: [ChartPanel.Band] = []
        let frames = timeline.frames
        var i = 0
        while i < frames.count {
            let phase = frames[i].phase
            var j = i
            while j + 1 < frames.count && frames[j + 1].phase == phase { j += 1 }
            let end = j + 1 < frames.count ? frames[j + 1].time : frames[j].time
            if phase != .idle, let fill = Self.phaseColors.first(where: { $0.0 == phase })?.1 {
                bands.append(.init(start: Self.fit(frames[i].time), end: Self.fit(end), fill: fill, label: phase.rawValue,
                                   cssClass: "phase phase-\(phase.rawValue)",
                                   data: [SVGAttribute("data-phase", "\(phase.rawValue)"),
                                          SVGAttribute("data-start", "\(SVGNumber.exact(frames[i].time))"),
                                          SVGAttribute("data-end", "\(SVGNumber.exact(end))")]))
            }
            i = j + 1
        }
        return bands
    }

    /// Whether a frame records a board list scrolled away from the top.
    var hasListScroll: Bool {
        timeline.frames.contains { ($0.listOffset ?? 0) != 0 }
    }

    /// Which axes have lines: the timeline's own, and the other one too when anything moved
    /// along it (a grid, a board, a finger that wandered sideways, a board list that scrolled).
    var drawnAxes: [Axis] {
        let primary = timeline.axis
        let other: Axis = primary == .vertical ? .horizontal : .vertical
        func span(_ values: [Double]) -> Double { (values.max() ?? 0) - (values.min() ?? 0) }
        let f = timeline.frames
        let moved = max(span(f.compactMap { $0.finger?[other] }), span(f.compactMap { $0.snapshotCenter?[other] }),
                        span(f.map { $0.contentOffset[other] }))
        // The list scroll is a vertical length: drawn against the y axis.
        return moved > 0.5 || (other == .vertical && hasListScroll) ? [primary, other] : [primary]
    }

    private func legend(x: Double, top: Double, series: [ChartPanel.Series], overlap: Bool, moveEntry: String) -> SVGElement {
        var g = SVGElement("g", ["class": "legend", "font-size": 12, "fill": "\(Palette.ink)"])
        var y = top + 12
        for s in series {
            var e = SVGElement("g", ["class": "legend-entry", "data-name": "\(s.name)"])
            // Drawn as wide as the series (the snapshot's line is wider than the others).
            var line = SVGElement("line", ["x1": .init(x), "y1": .init(y), "x2": .init(x + 26), "y2": .init(y),
                                           "stroke": "\(s.color)", "stroke-width": .init(s.width ?? 2)])
            if let dash = s.dash { line.set("stroke-dasharray", "\(dash)") }
            e.append(line)
            e.append(SVGElement("text", ["class": "legend-name", "x": .init(x + 34), "y": .init(y + 4)], text: s.name))
            g.append(e)
            y += 22
        }
        if overlap {
            var e = SVGElement("g", ["class": "legend-entry", "data-name": "finger on snapshot"])
            e.append(SVGElement("line", ["x1": .init(x), "y1": .init(y), "x2": .init(x + 26), "y2": .init(y),
                                         "stroke": "\(Self.snapshotColor)", "stroke-width": 4]))
            e.append(SVGElement("line", ["x1": .init(x), "y1": .init(y), "x2": .init(x + 26), "y2": .init(y),
                                         "stroke": "\(Self.fingerColor)", "stroke-width": 2]))
            e.append(SVGElement("text", ["class": "legend-name", "x": .init(x + 34), "y": .init(y + 4)],
                                text: "finger on snapshot"))
            g.append(e)
            y += 22
        }
        y += 6
        for (phase, color) in Self.phaseColors {
            var e = SVGElement("g", ["class": "legend-entry", "data-name": "\(phase.rawValue)"])
            e.append(SVGElement("rect", ["x": .init(x), "y": .init(y - 7), "width": 26, "height": 14,
                                         "fill": "\(color)", "fill-opacity": 0.35, "stroke": "\(color)"]))
            e.append(SVGElement("text", ["class": "legend-name", "x": .init(x + 34), "y": .init(y + 4)], text: phase.rawValue))
            g.append(e)
            y += 22
        }
        var e = SVGElement("g", ["class": "legend-entry", "data-name": "move"])
        e.append(SVGElement("line", ["x1": .init(x + 13), "y1": .init(y - 8), "x2": .init(x + 13), "y2": .init(y + 8),
                                     "stroke": "\(Self.moveColor)"]))
        e.append(SVGElement("text", ["class": "legend-name", "x": .init(x + 34), "y": .init(y + 4)], text: moveEntry))
        g.append(e)
        return g
    }

    /// Small drawings of the list at each snapshot, wrapped into rows of columns; with
    /// several drags, one group per drag under its own heading, moves numbered per drag.
    private func listDrawings(left: Double, top: Double, width: Double, drags: [DragTimeline.Drag]) -> (SVGElement, Double) {
        let colWidth = 104.0, gap = 10.0, cell = 15.0, captionHeight = 30.0, headingHeight = 20.0
        let small = ChartPanel.smallFontSize
        var g = SVGElement("g", ["class": "lists", "font-size": .init(small), "fill": "\(Palette.ink)"])
        g.append(SVGElement("text", ["class": "lists-title", "x": .init(left), "y": .init(top - 12), "font-size": 13,
                                     "font-weight": "bold"], text: "The list at the begin, after each move, and at the end"
                                        + (drags.count > 1 ? ", drag by drag" : "")))
        let perRow = Int(clamping: (width + gap) / (colWidth + gap), to: 1...10_000)
        let maxRows = max(3, options.maxListRows)
        let longest = timeline.orders.map { $0.rowsBefore + $0.rows.count + $0.rowsAfter }.max() ?? 0
        let columnHeight = captionHeight + Double(min(longest, maxRows) + (longest > maxRows ? 2 : 0)) * cell + 16
        // The global move index of each `move` drawing (the recorder draws one per move event).
        var moveIndex = [Int: Int]()
        var k = 0
        for (i, s) in timeline.orders.enumerated() where s.kind == "move" { moveIndex[i] = k; k += 1 }
        let moves = timeline.moves

        // Which drags to draw: all, or the first and last ones around an ellipsis.
        let groups: [DragTimeline.Drag?]
        if drags.count > 1 {
            if drags.count > options.maxDrags {
                let head = options.maxDrags / 2, tail = max(1, options.maxDrags - head - 1)
                groups = drags.prefix(head).map { $0 } + [nil] + drags.suffix(tail).map { $0 }
            } else {
                groups = drags
            }
        } else {
            groups = [DragTimeline.Drag(number: 1, begin: timeline.timeRange.lowerBound, end: nil,
                                        moves: 0..<moves.count, orders: 0..<timeline.orders.count)]
        }
        var y = top
        for group in groups {
            guard let drag = group else {
                g.append(SVGElement("text", ["class": "lists-skipped-drags", "x": .init(left), "y": .init(y + 12),
                                             "fill": "\(Palette.muted)"],
                                    text: "… \(drags.count - (groups.count - 1)) more drags"))
                y += headingHeight
                continue
            }
            if drags.count > 1 {
                let span = "\(SVGNumber.format(drag.begin, decimals: 3))"
                    + (drag.end.map { "–\(SVGNumber.format($0, decimals: 3))" } ?? "") + " s"
                let count = "\(drag.moves.count) move\(drag.moves.count == 1 ? "" : "s")"
                g.append(SVGElement("text", ["class": "lists-drag", "x": .init(left), "y": .init(y + 12),
                                             "font-weight": "bold", "data-drag": "\(drag.number)"],
                                    text: "drag \(drag.number): \(span), \(count)"))
                y += headingHeight
            }
            // Which snapshots to draw: all, or the first and last ones around an ellipsis.
            let all = drag.orders.map { ($0, timeline.orders[$0]) }
            var shown: [(Int, DragTimeline.OrderSnapshot)?] = all.map { $0 }
            if all.count > options.maxLists {
                let head = options.maxLists / 2, tail = options.maxLists - head - 1
                shown = all.prefix(head).map { $0 } + [nil] + all.suffix(tail).map { $0 }
            }
            for (n, entry) in shown.enumerated() {
                let x = left + Double(n % perRow) * (colWidth + gap)
                let cy0 = y + Double(n / perRow) * (columnHeight + 10)
                guard let (index, snap) = entry else {
                    let skipped = all.count - (shown.count - 1)
                    g.append(SVGElement("text", ["class": "lists-skipped", "x": .init(x + colWidth / 2), "y": .init(cy0 + 60),
                                                 "text-anchor": "middle", "fill": "\(Palette.muted)"],
                                        text: "… \(skipped) more"))
                    continue
                }
                var mover: DragTimeline.Move?
                var number: Int?
                if let gi = moveIndex[index], gi < moves.count {
                    mover = moves[gi]
                    number = gi - drag.moves.lowerBound + 1
                }
                g.append(listColumn(snap, x: x, y: cy0, width: colWidth, cell: cell, captionHeight: captionHeight,
                                    maxRows: maxRows, move: mover, number: number))
            }
            let rowsOfColumns = shown.isEmpty ? 0 : (shown.count + perRow - 1) / perRow
            y += Double(rowsOfColumns) * (columnHeight + 10)
        }
        return (g, y - top)
    }

    /// One drawing of the list: caption (what happened, when, where the item went) and a window
    /// of rows around the dragged item.
    private func listColumn(_ snap: DragTimeline.OrderSnapshot, x: Double, y: Double, width colWidth: Double, cell: Double,
                            captionHeight: Double, maxRows: Int, move: DragTimeline.Move?, number: Int?) -> SVGElement {
        var col = SVGElement("g", ["class": "list-snapshot", "data-kind": "\(snap.kind)",
                                   "data-time": "\(SVGNumber.exact(snap.time))"])
        // Line 1: what happened (bold) and when; line 2: where the dragged item went.
        var caption = snap.kind
        var detail = snap.dragged.map { "at \(label($0))" } ?? ""
        if let number {
            caption = "move \(number)"
            if let mv = move { detail = Vocabulary.step(label(mv.from), label(mv.to)) }
        }
        col.append(SVGElement("text", ["class": "list-caption", "x": .init(x), "y": .init(y + 10),
                                       "font-weight": "bold"], text: caption))
        col.append(SVGElement("text", ["class": "list-time", "x": .init(x + colWidth), "y": .init(y + 10),
                                       "text-anchor": "end", "fill": "\(Palette.muted)"],
                              text: "\(SVGNumber.format(snap.time, decimals: 3)) s"))
        col.append(SVGElement("text", ["class": "list-move", "x": .init(x), "y": .init(y + 23),
                                       "fill": "\(snap.kind == "move" ? Self.moveColor : Palette.muted)"],
                              text: detail))
        // A window of rows around the dragged item.
        let rows = snap.rows
        let draggedRow = rows.firstIndex { if case .item(let p, _) = $0 { return p == snap.dragged } else { return false } }
        var start = 0
        if rows.count > maxRows {
            start = min(max(0, (draggedRow ?? 0) - maxRows / 2), rows.count - maxRows)
        }
        let end = min(rows.count, start + maxRows)
        let above = snap.rowsBefore + start, below = snap.rowsAfter + rows.count - end
        var cy = y + captionHeight
        if above > 0 {
            col.append(SVGElement("text", ["class": "list-more", "x": .init(x + colWidth / 2), "y": .init(cy + 11),
                                           "text-anchor": "middle", "fill": "\(Palette.muted)"], text: "⋮ \(above) above"))
            cy += cell
        }
        for row in rows[start..<end] {
            switch row {
            case .header(_, let title):
                col.append(SVGElement("text", ["class": "list-section", "x": .init(x + 2), "y": .init(cy + 11),
                                               "font-style": "italic", "fill": "\(Palette.muted)"],
                                      text: Self.truncate(title, to: 15)))
            case .item(let p, let title):
                let dragged = p == snap.dragged
                col.append(SVGElement("rect", ["class": dragged ? "cell dragged" : "cell", "x": .init(x),
                                               "y": .init(cy), "width": .init(colWidth), "height": .init(cell),
                                               "fill": dragged ? "#cfe3f3" : "#ffffff",
                                               "stroke": dragged ? "\(Self.fingerColor)" : "#c8c8c8"]))
                col.append(SVGElement("text", ["class": "cell-row", "x": .init(x + 3), "y": .init(cy + 11.5),
                                               "fill": "\(Palette.muted)"], text: "\(p.item + 1)"))
                var text = SVGElement("text", ["class": "cell-title", "x": .init(x + 26), "y": .init(cy + 11.5)],
                                      text: Self.truncate(title, to: 11))
                if dragged { text.set("font-weight", "bold") }
                col.append(text)
            }
            cy += cell
        }
        if below > 0 {
            col.append(SVGElement("text", ["class": "list-more", "x": .init(x + colWidth / 2), "y": .init(cy + 11),
                                           "text-anchor": "middle", "fill": "\(Palette.muted)"],
                                  text: "⋮ \(below) below"))
        }
        return col
    }

    /// At most `n` characters, the last one an ellipsis when cut.
    static func truncate(_ s: String, to n: Int) -> String {
        s.count <= n ? s : String(s.prefix(max(0, n - 1))) + "…"
    }
}
