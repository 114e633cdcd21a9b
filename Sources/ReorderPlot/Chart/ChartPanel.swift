/// One rectangular chart: axes with ticks and labels, optional shaded bands and vertical
/// markers, and line series. Both plots are built from panels.
struct ChartPanel {
    /// A line: data points plus attributes that carry the exact values for readers.
    /// A series with gaps has several segments and is drawn as one `path`; otherwise it is
    /// one `polyline`.
    struct Series {
        var name: String
        var color: String
        var dash: String?
        var segments: [[(x: Double, y: Double)]]
        /// Extra attributes on the polyline (e.g. `data-depth` with the exact depths).
        var data: [SVGAttribute] = []
        var cssClass = "series"
        /// Stroke width when not the panel's default of 2.
        var width: Double?
    }

    /// A shaded interval along x.
    struct Band {
        var start: Double
        var end: Double
        var fill: String
        var label: String
        var cssClass: String
        var data: [SVGAttribute] = []
        /// Writes the label inside the band, at the bottom.
        var showsLabel = false
        /// As a span (``ChartPanel/spans``): shown instead of `label` when the full label would
        /// run into the next span's.
        var shortLabel: String?
    }

    /// A vertical line at `x`, optionally labelled in the label lane above the plot.
    struct Marker {
        var x: Double
        var label: String?
        var color: String
        var dash: String?
        var cssClass: String
        var data: [SVGAttribute] = []
        /// Shown instead of `label` when the full label would overlap its neighbours.
        var shortLabel: String?
        /// The line's tooltip, when not `label`.
        var tooltip: String?
    }

    /// Where a marker's label went: its text, its row in the lane (0 next to the plot) and
    /// the x of its box's left edge.
    struct LabelPlacement: Hashable {
        var text: String
        var row: Int
        var start: Double
        var width: Double
    }

    /// Rows of marker labels in the lane above the plot; a label that fits in none is
    /// shortened, then left to its line's tooltip.
    static let labelRows = 5
    /// The smallest text a chart draws (CSS px at 1:1): tick labels, marker labels, details.
    static let smallFontSize = 11.0
    static let labelFontSize = smallFontSize
    /// Height of one row of the label lane: the label's box (font size + 2) and a gap.
    static let labelRowHeight = 16.0
    /// Horizontal room kept between two labels of one row.
    static let labelGap = 4.0
    /// The title and subtitle above the label lane.
    static let titleHeight = 44.0

    var id: String
    var title: String
    var subtitle: String?
    /// The plot area in SVG pixels (axes and labels are drawn outside it).
    var left: Double, top: Double, width: Double, height: Double
    var xLabel: String
    var yLabel: String
    var xTicks: NiceTicks
    var yTicks: NiceTicks
    var series: [Series] = []
    var bands: [Band] = []
    var markers: [Marker] = []
    /// Intervals along x drawn as brackets in the top row of the label lane (the drags of a
    /// timeline with several), labelled at their start; in x order, not overlapping. Their
    /// `fill` and `showsLabel` are not used.
    var spans: [Band] = []
    /// The y axis grows downwards, as a viewport's y does (the lowest tick at the top).
    var yDown = false

    var xScale: LinearScale {
        LinearScale(domain: xTicks.lower...xTicks.upper, range: left...(left + width))
    }
    var yScale: LinearScale {
        LinearScale(domain: yTicks.lower...yTicks.upper, range: top...(top + height), flipped: !yDown)
    }

    /// Height of the label lane between the subtitle and the plot area (0 without labels).
    var laneHeight: Double {
        let rows = labelRowsUsed(labelPlacements()) + (spans.isEmpty ? 0 : 1)
        return rows > 0 ? Double(rows) * Self.labelRowHeight + 2 : 0
    }

    /// Rows of the lane the placed labels take (the spans' row comes above them).
    func labelRowsUsed(_ placed: [Int: LabelPlacement]) -> Int {
        (placed.values.map(\.row).max() ?? -1) + 1
    }

    /// From the top of the panel's title to the top of its plot area: set `top` to the
    /// panel's place + this, once the markers and the x axis are set.
    var headerHeight: Double { Self.titleHeight + laneHeight }

    /// The top of a label row's box: row 0 sits just above the plot area.
    func labelRowTop(_ row: Int) -> Double {
        top - 2 - Double(row + 1) * Self.labelRowHeight
    }

    /// Places the marker labels in the lane above the plot, right to left: each goes into the
    /// row nearest the plot where its box meets no other label's box (with `labelGap` to
    /// spare), no other label's connector (the line from a label down to the plot) runs
    /// through it, and its own connector runs through no label below it; failing that, the
    /// nearest row where its box meets no other box (its white box then hides the connectors
    /// behind it). Right to left, a label that runs over its right neighbour's line climbs
    /// above that neighbour's label, and its own connector passes left of the labels below it
    /// (they start right of their lines). Labels never meet each other or the plot area.
    /// When a full label would not fit, every marker that has a short label shows it instead
    /// (the moves of a dense drag read 1, 2, 3 ... rather than a mix), and a label that still
    /// fits nowhere is left to its line's tooltip. A label that fits
    /// in no row is tried shortened, then left out (its line keeps the full label as a
    /// tooltip). Nothing is placed over the plot area, so no label covers a curve.
    ///
    /// - Complexity: O(markers × rows × log markers).
    func labelPlacements() -> [Int: LabelPlacement] {
        let full = labelPlacements(short: false)
        let wanted = markers.indices.filter { markers[$0].label != nil }
        if wanted.allSatisfy({ full[$0] != nil }) { return full }
        return labelPlacements(short: true)
    }

    private func labelPlacements(short: Bool) -> [Int: LabelPlacement] {
        let xs = xScale
        // Per row: the boxes placed (sorted, disjoint) and the connectors crossing it (sorted).
        var boxes = [[(lo: Double, hi: Double)]](repeating: [], count: Self.labelRows)
        var connectors = [[Double]](repeating: [], count: Self.labelRows)
        func firstIndex<T>(_ a: [T], _ below: (T) -> Bool) -> Int {
            var lo = 0, hi = a.count
            while lo < hi { let mid = (lo + hi) / 2; if below(a[mid]) { lo = mid + 1 } else { hi = mid } }
            return lo
        }
        func boxFree(_ row: Int, _ lo: Double, _ hi: Double) -> Bool {
            let b = boxes[row]
            let i = firstIndex(b) { $0.lo < hi + Self.labelGap }
            return i == 0 || b[i - 1].hi + Self.labelGap <= lo
        }
        func noConnector(_ row: Int, _ lo: Double, _ hi: Double) -> Bool {
            let c = connectors[row]
            let i = firstIndex(c) { $0 < lo - 1 }
            return i == c.count || c[i] > hi + 1
        }
        func inside(_ x: Double, row: Int) -> Bool {
            let b = boxes[row]
            let i = firstIndex(b) { $0.lo <= x + 1 }
            return i > 0 && b[i - 1].hi + 1 >= x
        }
        var placed = [Int: LabelPlacement]()
        let byX = markers.indices.sorted { (markers[$0].x, $0) > (markers[$1].x, $1) }
        for i in byX {
            let m = markers[i], x = xs(m.x)
            guard x.isFinite else { continue }
            let texts = short && m.shortLabel != nil ? [m.shortLabel] : [m.label]
            placing: for text in texts.compactMap({ $0 }) {
                let w = estimatedTextWidth(text, fontSize: Self.labelFontSize)
                // Right of the line, or left of it near the plot's right edge.
                let start = x + 3 + w <= left + width + 20 ? x + 3 : x - 3 - w
                let lo = start - 1, hi = start + w + 1
                // First a row where no connector runs behind the label; else one where its
                // white box hides a neighbour's connector for a moment.
                let rows = (0..<Self.labelRows).filter { row in
                    boxFree(row, lo, hi) && noConnector(row, lo, hi) && !(0..<row).contains { inside(x, row: $0) }
                } + (0..<Self.labelRows).filter { boxFree($0, lo, hi) }
                if let row = rows.first {
                    let b = boxes[row]
                    boxes[row].insert((lo, hi), at: firstIndex(b) { $0.lo < lo })
                    for below in 0..<row {
                        let c = connectors[below]
                        connectors[below].insert(x, at: firstIndex(c) { $0 < x })
                    }
                    placed[i] = LabelPlacement(text: text, row: row, start: start, width: w)
                    break placing
                }
            }
        }
        return placed
    }

    func render() -> SVGElement {
        let xs = xScale, ys = yScale
        var g = SVGElement("g", ["class": "panel", "id": "\(id)"])
        let lane = laneHeight
        g.append(SVGElement("text", ["class": "panel-title", "x": .init(left), "y": .init(top - lane - 26),
                                     "font-size": 14, "font-weight": "bold", "fill": "\(Palette.ink)"],
                            text: title))
        if let subtitle {
            g.append(SVGElement("text", ["class": "panel-subtitle", "x": .init(left), "y": .init(top - lane - 10),
                                         "font-size": .init(Self.smallFontSize), "fill": "\(Palette.muted)"], text: subtitle))
        }
        g.append(SVGElement("rect", ["class": "plot-area", "x": .init(left), "y": .init(top),
                                     "width": .init(width), "height": .init(height),
                                     "fill": "#ffffff", "stroke": "#bbbbbb"]))

        if !bands.isEmpty {
            var bg = SVGElement("g", ["class": "bands"])
            for b in bands {
                let x0 = xs(max(b.start, xTicks.lower)), x1 = xs(min(b.end, xTicks.upper))
                var r = SVGElement("rect", ["class": "\(b.cssClass)", "x": .init(x0), "y": .init(top),
                                            "width": .init(max(0, x1 - x0)), "height": .init(height),
                                            "fill": "\(b.fill)", "fill-opacity": 0.35],
                                   children: [.element(SVGElement("title", text: b.label))])
                r.attributes.append(contentsOf: b.data)
                bg.append(r)
                if b.showsLabel {
                    bg.append(SVGElement("text", ["class": "\(b.cssClass)-label", "x": .init((x0 + x1) / 2),
                                                  "y": .init(top + height - 8), "font-size": .init(Self.smallFontSize),
                                                  "text-anchor": "middle", "fill": "\(Palette.muted)"], text: b.label))
                }
            }
            g.append(bg)
        }

        // Grid and axes.
        var grid = SVGElement("g", ["class": "grid", "stroke": "\(Palette.grid)", "stroke-width": 1])
        var xAxis = SVGElement("g", ["class": "axis", "data-axis": "x", "font-size": .init(Self.smallFontSize),
                                     "fill": "\(Palette.ink)", "text-anchor": "middle"])
        xAxis.append(SVGElement("line", ["x1": .init(left), "y1": .init(top + height),
                                         "x2": .init(left + width), "y2": .init(top + height),
                                         "stroke": "\(Palette.ink)"]))
        for v in xTicks.values {
            let x = xs(v)
            if v != xTicks.lower {
                grid.append(SVGElement("line", ["x1": .init(x), "y1": .init(top), "x2": .init(x), "y2": .init(top + height)]))
            }
            xAxis.append(SVGElement("line", ["class": "tick", "x1": .init(x), "y1": .init(top + height),
                                             "x2": .init(x), "y2": .init(top + height + 5), "stroke": "\(Palette.ink)"]))
            xAxis.append(SVGElement("text", ["class": "tick-label", "x": .init(x), "y": .init(top + height + 18)],
                                    text: xTicks.label(v)))
        }
        xAxis.append(SVGElement("text", ["class": "axis-label", "x": .init(left + width / 2),
                                         "y": .init(top + height + 38), "font-size": 12], text: xLabel))
        var yAxis = SVGElement("g", ["class": "axis", "data-axis": "y", "font-size": .init(Self.smallFontSize),
                                     "fill": "\(Palette.ink)", "text-anchor": "end",
                                     "data-direction": yDown ? "down" : "up"])
        yAxis.append(SVGElement("line", ["x1": .init(left), "y1": .init(top), "x2": .init(left),
                                         "y2": .init(top + height), "stroke": "\(Palette.ink)"]))
        for v in yTicks.values {
            let y = ys(v)
            if v != yTicks.lower {
                grid.append(SVGElement("line", ["x1": .init(left), "y1": .init(y), "x2": .init(left + width), "y2": .init(y)]))
            }
            yAxis.append(SVGElement("line", ["class": "tick", "x1": .init(left - 5), "y1": .init(y),
                                             "x2": .init(left), "y2": .init(y), "stroke": "\(Palette.ink)"]))
            yAxis.append(SVGElement("text", ["class": "tick-label", "x": .init(left - 8), "y": .init(y + 4)],
                                    text: yTicks.label(v)))
        }
        let yLabelX = left - 52, yLabelY = top + height / 2
        yAxis.append(SVGElement("text", ["class": "axis-label", "x": .init(yLabelX), "y": .init(yLabelY),
                                         "font-size": 12, "text-anchor": "middle",
                                         "transform": "rotate(-90 \(SVGNumber.format(yLabelX)) \(SVGNumber.format(yLabelY)))"],
                                text: yLabel))
        g.append(grid)
        g.append(xAxis)
        g.append(yAxis)

        if !markers.isEmpty {
            var mg = SVGElement("g", ["class": "markers", "font-size": .init(Self.labelFontSize)])
            let placed = labelPlacements()
            for (i, m) in markers.enumerated() {
                let x = xs(m.x)
                var line = SVGElement("line", ["class": "\(m.cssClass)", "x1": .init(x), "y1": .init(top),
                                               "x2": .init(x), "y2": .init(top + height),
                                               "stroke": "\(m.color)", "stroke-width": 1])
                if let d = m.dash { line.set("stroke-dasharray", "\(d)") }
                line.attributes.append(contentsOf: m.data)
                if let tip = m.tooltip ?? m.label {
                    line.children.append(.element(SVGElement("title", text: tip)))
                }
                mg.append(line)
                // The line's continuation up through the lane to its label.
                if let p = placed[i] {
                    var connector = SVGElement("line", ["class": "\(m.cssClass)-connector", "x1": .init(x),
                                                        "y1": .init(labelRowTop(p.row) + Self.labelFontSize + 2),
                                                        "x2": .init(x), "y2": .init(top),
                                                        "stroke": "\(m.color)", "stroke-width": 1])
                    if let d = m.dash { connector.set("stroke-dasharray", "\(d)") }
                    mg.append(connector)
                }
            }
            for (i, m) in markers.enumerated() {
                guard let p = placed[i] else { continue }
                let boxTop = labelRowTop(p.row)
                mg.append(SVGElement("rect", ["class": "\(m.cssClass)-label-box", "x": .init(p.start - 1),
                                              "y": .init(boxTop), "width": .init(p.width + 2),
                                              "height": .init(Self.labelFontSize + 2), "fill": "#ffffff"]))
                mg.append(SVGElement("text", ["class": "\(m.cssClass)-label", "x": .init(p.start),
                                              "y": .init(boxTop + Self.labelFontSize - 1), "fill": "\(m.color)"],
                                     text: p.text))
            }
            g.append(mg)
        }
        if !spans.isEmpty { g.append(renderSpans(row: labelRowsUsed(labelPlacements()))) }

        var sg = SVGElement("g", ["class": "series-group", "fill": "none", "stroke-width": 2,
                                  "stroke-linejoin": "round", "stroke-linecap": "round"])
        for s in series {
            func pixel(_ p: (x: Double, y: Double)) -> String {
                SVGNumber.format(xs(p.x)) + "," + SVGNumber.format(ys(p.y))
            }
            var line: SVGElement
            if s.segments.count == 1, let points = s.segments.first {
                line = SVGElement("polyline", ["class": "\(s.cssClass)", "data-name": "\(s.name)", "stroke": "\(s.color)",
                                               "points": "\(points.map(pixel).joined(separator: " "))"])
            } else {
                let d = s.segments.filter { !$0.isEmpty }.map { seg in
                    "M" + seg.map(pixel).joined(separator: " L")
                }.joined(separator: " ")
                line = SVGElement("path", ["class": "\(s.cssClass)", "data-name": "\(s.name)", "stroke": "\(s.color)",
                                           "d": "\(d)"])
            }
            if let d = s.dash { line.set("stroke-dasharray", "\(d)") }
            if let w = s.width { line.set("stroke-width", .init(w)) }
            line.attributes.append(contentsOf: s.data)
            line.children.append(.element(SVGElement("title", text: s.name)))
            sg.append(line)
            for seg in s.segments where seg.count == 1 {
                let p = seg[0]
                sg.append(SVGElement("circle", ["class": "\(s.cssClass)-dot", "cx": .init(xs(p.x)), "cy": .init(ys(p.y)),
                                                "r": 2.5, "fill": "\(s.color)", "stroke": "none"]))
            }
        }
        g.append(sg)
        return g
    }
}

extension ChartPanel {
    /// The spans' brackets in lane row `row`: a line from start to end with end ticks, the
    /// label on a white box at its start (the short label when the full one would reach the
    /// next span's start).
    func renderSpans(row: Int) -> SVGElement {
        let xs = xScale
        let boxTop = labelRowTop(row), base = boxTop + Self.labelFontSize + 3
        var g = SVGElement("g", ["class": "spans", "font-size": .init(Self.labelFontSize), "fill": "\(Palette.ink)"])
        for (k, s) in spans.enumerated() {
            let x0 = xs(s.start), x1 = max(xs(s.end), x0 + 1)
            let limit = k + 1 < spans.count ? xs(spans[k + 1].start) - Self.labelGap : left + width + 20
            let full = estimatedTextWidth(s.label, fontSize: Self.labelFontSize)
            let text = x0 + 3 + full <= limit ? s.label : s.shortLabel ?? s.label
            let w = estimatedTextWidth(text, fontSize: Self.labelFontSize)
            var e = SVGElement("g", ["class": "\(s.cssClass)"])
            e.attributes.append(contentsOf: s.data)
            // The bracket under the label: a line from start to end, its ends turned up.
            let points = [(x0, base - 5), (x0, base), (x1, base), (x1, base - 5)]
                .map { SVGNumber.format($0.0) + "," + SVGNumber.format($0.1) }.joined(separator: " ")
            e.append(SVGElement("polyline", ["class": "\(s.cssClass)-bracket", "fill": "none", "stroke": "\(Palette.ink)",
                                             "stroke-width": 1,
                                             "points": "\(points)"]))
            e.append(SVGElement("rect", ["class": "\(s.cssClass)-label-box", "x": .init(x0 + 2), "y": .init(boxTop - 1),
                                         "width": .init(w + 2), "height": .init(Self.labelFontSize + 2), "fill": "none"]))
            e.append(SVGElement("text", ["class": "\(s.cssClass)-label", "x": .init(x0 + 3),
                                         "y": .init(boxTop + Self.labelFontSize - 2)], text: text))
            g.append(e)
        }
        return g
    }
}

/// The document element with the usual namespace, size and a white background.
func svgDocument(width: Double, height: Double, title: String) -> SVGElement {
    var svg = SVGElement("svg", ["xmlns": "http://www.w3.org/2000/svg", "width": .init(width),
                                 "height": .init(height),
                                 "viewBox": "0 0 \(SVGNumber.format(width)) \(SVGNumber.format(height))",
                                 "font-family": "Helvetica, Arial, sans-serif"])
    svg.append(SVGElement("title", text: title))
    svg.append(SVGElement("rect", ["class": "background", "x": 0, "y": 0, "width": .init(width),
                                   "height": .init(height), "fill": "#ffffff"]))
    return svg
}

/// A whole document as text, with the XML declaration.
func svgText(_ svg: SVGElement) -> String {
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + svg.render()
}

/// A rough text width for layout (SVG has no text metrics without a renderer).
///
/// Per character, the wider of Helvetica's and DejaVu Sans' advance (the fonts a browser and
/// `rsvg-convert` use): digits 0.64 em, a space 0.32 em, an arrow 0.84 em, other characters
/// 0.6 em (wide capitals more), so labels placed apart by it do not touch when drawn.
///
/// ```swift
/// estimatedTextWidth("12 → 13", fontSize: 10)   // 4 × 6.4 + 2 × 3.2 + 8.4 = 40.4
/// ```
func estimatedTextWidth(_ s: String, fontSize: Double) -> Double {
    var ems = 0.0
    for ch in s {
        switch ch {
        case "0"..."9": ems += 0.64
        case " ", ".", ",", ":", "i", "l", "j", "'", "|": ems += 0.32
        case "→", "←", "M", "W", "m", "w": ems += 0.84
        default: ems += ch.isUppercase ? 0.7 : 0.6
        }
    }
    return ems * fontSize
}
