import ReorderCore

/// `s:show()` for grids and boards: the viewport drawn as a character raster, each cell's or
/// list's text placed where its frame is (so a board's neighbouring lists peek in at the sides).
extension ScriptSession {
    /// Characters across the viewport.
    static let rasterWidth = 64

    /// One line of text: `spans` (content x ranges with their text) placed across the viewport.
    struct RasterLine {
        var spans: [(minX: Double, maxX: Double, text: String, style: String)] = []
        /// Set on a title line.
        var style = ""
    }

    /// The grid as text: one line per visible line of cells, a title line per visible section
    /// header, the placeholder and the floating snapshot.
    ///
    /// ```text
    /// grid_home | dragging | offset 0,0 (max 0,0) | t 0.95 s
    ///    +------------------------------------------------------------------+
    ///    | 1.1 Homework     1.2 Timetable   1.3 Notices      1.4 Attendanc  |
    ///    | 1.5 Library      1.6 Exams    [Grades] . . . .    1.8 Clubs      |
    ///    +------------------------------------------------------------------+
    ///    grid 4 columns of 81.25 x 85 pt | no scrolling (content fits)
    ///    snapshot [Grades] at 200,130 | scale 1.05 | alpha 1 | lifted
    /// ```
    func renderGrid(_ grid: GridLayout, color: Bool) -> String {
        let sim = simulator
        let offset = sim.offset
        let visible = Rect(origin: offset, size: sim.viewport)
        var lines: [(minY: Double, maxY: Double, line: RasterLine)] = []
        let placeholder = sim.snapshot != nil ? sim.currentPosition : nil
        var lastKey: (Int, Double)?
        for p in grid.positions(in: visible) {
            guard let f = grid.frame(of: p) else { continue }
            if lastKey?.0 != p.section, let h = grid.headerFrame(of: p.section), h.size.height > 0,
               h.maxY > visible.minY, h.minY < visible.maxY {
                var title = RasterLine(style: "1")
                title.spans.append((h.minX, h.maxX, "== " + sectionTitle(p.section) + " ==", ""))
                lines.append((h.minY, h.maxY, title))
            }
            if lastKey?.0 != p.section || lastKey?.1 != f.minY {
                lines.append((f.minY, f.maxY, RasterLine()))
                lastKey = (p.section, f.minY)
            }
            let (text, style) = cellText(p, placeholder: placeholder)
            lines[lines.count - 1].line.spans.append((f.minX, f.maxX, text, style))
        }
        var footer = "grid \(grid.columns) column\(grid.columns == 1 ? "" : "s") of \(fmt(grid.itemSize.width)) x \(fmt(grid.itemSize.height)) pt"
        footer += " | " + scrollFooter(axis: .vertical)
        return raster(lines, footer: [footer], color: color)
    }

    /// The board as text: the lists visible in the viewport side by side (neighbours peek in at
    /// the sides), their titles, one line per row height of the viewport, the page and each
    /// visible list's own scroll.
    ///
    /// ```text
    /// kanban | dragging | offset 50.69,0 (max 670,0) | t 1.05 s
    ///    +------------------------------------------------------------------+
    ///    | == today (15) ==                                     == next (7) |
    ///    | 1.1 Standup (finished)                               2.1 Book fl |
    ///    | 1.2 Write spec                                       2.2 Tax ret |
    ///    | 1.4 Fix flaky test                                [Review PR 42] |
    ///    +------------------------------------------------------------------+
    ///    page 1/3 | list scroll today 0/37, next 0/0 | zones < 60 pt >, ^ 150 pt v
    ///    snapshot [Review PR 42] at 365,200 | scale 1 | alpha 1 | lifted
    /// ```
    func renderBoard(_ board: BoardLayout, color: Bool) -> String {
        let sim = simulator
        let offset = sim.offset
        let viewport = sim.viewport
        let placeholder = sim.snapshot != nil ? sim.currentPosition : nil
        let visibleLists = (0..<board.sectionCount).filter { s in
            board.listX(s) < offset.x + viewport.width && board.listX(s) + board.listWidth > offset.x
        }
        var lines: [(minY: Double, maxY: Double, line: RasterLine)] = []
        if board.headerHeight > 0 {
            var title = RasterLine(style: "1")
            for s in visibleLists {
                guard let h = board.headerFrame(of: s) else { continue }
                title.spans.append((h.minX, h.maxX, "== \(sectionTitle(s)) (\(board.count(s))) ==", ""))
            }
            lines.append((0, board.headerHeight, title))
        }
        // One line per row height of the band below the titles: each list shows the row at
        // the line's middle.
        let step = board.rows.rowHeight > 0 ? board.rows.rowHeight : 44
        var y = board.headerHeight
        while y < viewport.height {
            let bottom = min(y + step, viewport.height)
            var line = RasterLine()
            let mid = (y + bottom) / 2
            for s in visibleLists {
                let x = board.listX(s)
                if let p = board.position(at: Point(x: x, y: mid)), let f = board.frame(of: p) {
                    let (text, style) = cellText(p, placeholder: placeholder)
                    line.spans.append((f.minX, f.maxX, text, style))
                }
            }
            lines.append((y, bottom, line))
            y = bottom
        }
        var footer = ["page \(board.page(nearest: offset.x) + 1)/\(board.pageCount)"]
        let scrolls = visibleLists.map { s in
            "\(sectionTitle(s)) \(fmt(board.listOffsets[s]))/\(fmt(board.maximumListOffset(s)))"
        }
        if !scrolls.isEmpty { footer.append("list scroll " + scrolls.joined(separator: ", ")) }
        var zones: [String] = []
        let configuration = sim.policy.configuration
        if configuration.edgeScroll.enabled {
            for axis in Axis.allCases where configuration.edgeScroll.axes.contains(axis: axis) {
                let z = sim.policy.edgeZone(sim.context, axis: axis, viewportLength: viewport[axis])
                if z.isFinite && z > 0 { zones.append(axis == .horizontal ? "< \(fmt(z)) pt >" : "^ \(fmt(z)) pt v") }
            }
        }
        footer.append(zones.isEmpty ? "edge scroll off" : "zones " + zones.joined(separator: ", "))
        return raster(lines, footer: [footer.joined(separator: " | ")], color: color)
    }

    /// Title of section `s` (its given title, else "section N").
    func sectionTitle(_ s: Int) -> String {
        let titles = simulator.order.sectionTitles
        return s < titles.count ? titles[s] : "section \(s + 1)"
    }

    /// `1.2 Grades`, or the placeholder look for the dragged item's cell.
    func cellText(_ p: ItemPosition, placeholder: ItemPosition?) -> (String, String) {
        let item = simulator.order.item(at: p)
        let label = "\(p.section + 1).\(p.item + 1) "
        if p == placeholder, let snap = simulator.snapshot {
            switch snap.placeholder {
            case .hidden: return (String(repeating: ". ", count: 12), "2")
            case .visible: return (label + item.title, "2")
            case .color(let c): return (String(repeating: "#", count: 8) + " " + c.hex, "2")
            }
        }
        return (label + item.title + (item.flag("finished") ? " (finished)" : ""), "")
    }

    /// The scroll position along `axis` as the table view prints it.
    func scrollFooter(axis: Axis) -> String {
        let maxOffset = simulator.session.maximumOffset
        let o = simulator.offset
        guard maxOffset[axis] > 0 else { return "no scrolling (content fits)" }
        let bar = 16
        let filled = Int(clamping: (o[axis] / maxOffset[axis] * Double(bar)).rounded(), to: 0...bar)
        return "scroll \(fmt(o[axis]))/\(fmt(maxOffset[axis])) [" + String(repeating: "#", count: filled)
            + String(repeating: "-", count: bar - filled) + "]"
    }

    /// Draws `lines` (content y ranges) through the viewport, with the snapshot on the line
    /// under its centre, a heading and the footer lines.
    func raster(_ lines: [(minY: Double, maxY: Double, line: RasterLine)], footer: [String], color: Bool) -> String {
        let sim = simulator
        let viewport = sim.viewport
        let offset = sim.offset
        let width = Self.rasterWidth
        func paint(_ s: String, _ code: String) -> String { color && !code.isEmpty ? "\u{1B}[\(code)m\(s)\u{1B}[0m" : s }
        /// The character column of content x.
        func column(_ x: Double) -> Int {
            guard viewport.width > 0 else { return 0 }
            let c = ((x - offset.x) / viewport.width * Double(width)).rounded()
            return c.isFinite ? Int(clamping: c, to: -1_000_000...1_000_000) : 0
        }
        let maxOffset = sim.session.maximumOffset
        var out = [paint("\(policyName) | \(sim.state.rawValue) | offset \(fmt(offset.x)),\(fmt(offset.y)) (max \(fmt(maxOffset.x)),\(fmt(maxOffset.y))) | t \(fmt(sim.time, digits: 3)) s", "1")]
        out.append("   +" + String(repeating: "-", count: width + 2) + "+")
        // The line the snapshot floats over.
        var snapshotLine: Int?
        if let snap = sim.snapshot {
            let y = snap.contentCenter.y
            snapshotLine = lines.firstIndex { $0.minY <= y && y < $0.maxY }
            if snapshotLine == nil {
                // Between lines (a grid's spacing) or outside them: the line whose middle is nearest.
                snapshotLine = lines.indices.min { a, b in
                    abs((lines[a].minY + lines[a].maxY) / 2 - y) < abs((lines[b].minY + lines[b].maxY) / 2 - y)
                }
            }
        }
        if lines.isEmpty { out.append("   | " + String(repeating: " ", count: width) + " |") }
        for (i, entry) in lines.enumerated() {
            var chars = [Character](repeating: " ", count: width)
            var styles = [String](repeating: entry.line.style, count: width)
            for span in entry.line.spans {
                // A span cut by the left edge shows the start of its text (a list peeking in
                // from the left reads "2.1 Bo", not the tail of its rows).
                let start = max(column(span.minX), 0), end = column(span.maxX)
                let text = Array(span.text)
                // Cells and lists keep one blank column on their right, so neighbours stay apart.
                var c = start
                while c < min(end - 1, width) {
                    let k = c - start
                    if k < text.count { chars[c] = text[k]; styles[c] = span.style.isEmpty ? entry.line.style : span.style }
                    c += 1
                }
            }
            if i == snapshotLine, let snap = sim.snapshot, let p = sim.currentPosition {
                let label = Array("[" + String(sim.order.item(at: p).title.prefix(16)) + "]")
                var col = column(snap.contentCenter.x) - label.count / 2
                col = min(max(col, 0), max(width - label.count, 0))
                for (j, ch) in label.enumerated() where col + j < width { chars[col + j] = ch; styles[col + j] = "7" }
            }
            // Runs of one style, painted.
            var line = ""
            var run = "", runStyle = styles.first ?? ""
            for (ch, st) in zip(chars, styles) {
                if st != runStyle { line += paint(run, runStyle); run = ""; runStyle = st }
                run.append(ch)
            }
            line += paint(run, runStyle)
            out.append("   | \(line) |")
        }
        out.append("   +" + String(repeating: "-", count: width + 2) + "+")
        for f in footer { out.append("   " + f) }
        if let snap = sim.snapshot, let p = sim.currentPosition {
            out.append("   snapshot [\(String(sim.order.item(at: p).title.prefix(16)))] at \(fmt(snap.center.x)),\(fmt(snap.center.y)) | scale \(fmt(snap.scale)) | alpha \(fmt(snap.alpha)) | \(snap.phase.rawValue)")
        }
        return out.joined(separator: "\n") + "\n"
    }
}
