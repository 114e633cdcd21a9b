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
    }

    /// A vertical line at `x`, optionally labelled near the top of the plot.
    struct Marker {
        var x: Double
        var label: String?
        var color: String
        var dash: String?
        var cssClass: String
        var data: [SVGAttribute] = []
        /// Shown instead of `label` when the full label would overlap its neighbours.
        var shortLabel: String?
    }

    /// Rows of marker labels below the plot's top edge.
    static let labelRows = 4
    static let labelFontSize = 10.0

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

    var xScale: LinearScale {
        LinearScale(domain: xTicks.lower...xTicks.upper, range: left...(left + width))
    }
    var yScale: LinearScale {
        LinearScale(domain: yTicks.lower...yTicks.upper, range: top...(top + height), flipped: true)
    }

    func render() -> SVGElement {
        let xs = xScale, ys = yScale
        var g = SVGElement("g", ["class": "panel", "id": "\(id)"])
        g.append(SVGElement("text", ["class": "panel-title", "x": .init(left), "y": .init(top - 26),
                                     "font-size": 14, "font-weight": "bold", "fill": "\(Palette.ink)"],
                            text: title))
        if let subtitle {
            g.append(SVGElement("text", ["class": "panel-subtitle", "x": .init(left), "y": .init(top - 10),
                                         "font-size": 11, "fill": "\(Palette.muted)"], text: subtitle))
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
                                                  "y": .init(top + height - 8), "font-size": 10,
                                                  "text-anchor": "middle", "fill": "\(Palette.muted)"], text: b.label))
                }
            }
            g.append(bg)
        }

        // Grid and axes.
        var grid = SVGElement("g", ["class": "grid", "stroke": "\(Palette.grid)", "stroke-width": 1])
        var xAxis = SVGElement("g", ["class": "axis", "data-axis": "x", "font-size": 11,
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
        var yAxis = SVGElement("g", ["class": "axis", "data-axis": "y", "font-size": 11,
                                     "fill": "\(Palette.ink)", "text-anchor": "end"])
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
            // Labels go left to right into the first row where they do not overlap the previous
            // label; a label that fits nowhere is shortened, then left to the line's tooltip.
            var rowEnds = [Double](repeating: -Double.infinity, count: Self.labelRows)
            var placed = [Int: (text: String, row: Int, start: Double)]()
            let byX = markers.indices.sorted { (markers[$0].x, $0) < (markers[$1].x, $1) }
            for i in byX {
                let m = markers[i], x = xs(m.x)
                placing: for text in [m.label, m.shortLabel].compactMap({ $0 }) {
                    let w = estimatedTextWidth(text, fontSize: Self.labelFontSize)
                    // Right of the line, or left of it near the plot's right edge.
                    let start = x + 3 + w <= left + width + 20 ? x + 3 : x - 3 - w
                    for row in 0..<Self.labelRows where start >= rowEnds[row] + 4 {
                        rowEnds[row] = start + w
                        placed[i] = (text, row, start)
                        break placing
                    }
                }
            }
            for m in markers {
                let x = xs(m.x)
                var line = SVGElement("line", ["class": "\(m.cssClass)", "x1": .init(x), "y1": .init(top),
                                               "x2": .init(x), "y2": .init(top + height),
                                               "stroke": "\(m.color)", "stroke-width": 1])
                if let d = m.dash { line.set("stroke-dasharray", "\(d)") }
                line.attributes.append(contentsOf: m.data)
                if let label = m.label {
                    line.children.append(.element(SVGElement("title", text: label)))
                }
                mg.append(line)
            }
            // The labels over every line, each on a white box of its estimated size, so a
            // neighbour's line never runs through a label's text.
            for (i, m) in markers.enumerated() {
                guard let (text, row, start) = placed[i] else { continue }
                let baseline = top + 12 + Double(row) * 12
                let w = estimatedTextWidth(text, fontSize: Self.labelFontSize)
                mg.append(SVGElement("rect", ["class": "\(m.cssClass)-label-box", "x": .init(start - 1),
                                              "y": .init(baseline - Self.labelFontSize), "width": .init(w + 2),
                                              "height": .init(Self.labelFontSize + 2), "fill": "#ffffff",
                                              "fill-opacity": 0.85]))
                mg.append(SVGElement("text", ["class": "\(m.cssClass)-label", "x": .init(start),
                                              "y": .init(baseline), "fill": "\(m.color)"], text: text))
            }
            g.append(mg)
        }

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
