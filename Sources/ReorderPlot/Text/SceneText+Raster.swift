import ReorderCore

/// Grids and boards: the viewport as a character raster, each cell's or list's text placed
/// where its frame is (so a board's neighbouring lists peek in at the sides).
extension SceneText {
    /// One line of text: `spans` (viewport x ranges with their text) placed across the viewport.
    struct RasterLine {
        var spans: [(minX: Double, maxX: Double, text: String, style: String)] = []
        /// Set on a title line.
        var style = ""
    }

    /// The grid: one line per visible line of cells, a title line per visible section header
    /// (before its first visible cell), the placeholder and the floating snapshot.
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
    func renderGrid(_ scene: Scene, _ grid: Scene.Grid) -> String {
        if grid.direction == .horizontal { return renderHorizontalGrid(scene, grid) }
        var lines: [(minY: Double, maxY: Double, line: RasterLine)] = []
        var lastKey: (Int, Double)?
        for c in scene.cells {
            let p = c.position, f = c.slot
            if lastKey?.0 != p.section, let h = scene.headers.first(where: { $0.section == p.section }) {
                var title = RasterLine(style: "1")
                title.spans.append((h.frame.minX, h.frame.maxX, "== " + h.title + " ==", ""))
                lines.append((h.frame.minY, h.frame.maxY, title))
            }
            if lastKey?.0 != p.section || lastKey?.1 != f.minY {
                lines.append((f.minY, f.maxY, RasterLine()))
                lastKey = (p.section, f.minY)
            }
            let (text, style) = cellText(c, scene)
            lines[lines.count - 1].line.spans.append((f.minX, f.maxX, text, style))
        }
        var footer = "grid \(grid.columns) column\(grid.columns == 1 ? "" : "s") of \(Self.number(grid.itemSize.width)) x \(Self.number(grid.itemSize.height)) pt"
        footer += " | " + Self.scrollFooter(offset: scene.offset.y, maximum: scene.maximumOffset.y)
        return raster(scene, lines, footer: [footer])
    }

    /// The board: the lists that show side by side, their titles, one line per row height of
    /// the viewport, the page and each visible list's own scroll.
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
    func renderBoard(_ scene: Scene, _ board: Scene.Board) -> String {
        let viewport = scene.viewport
        var lines: [(minY: Double, maxY: Double, line: RasterLine)] = []
        if board.headerHeight > 0 {
            var title = RasterLine(style: "1")
            for list in board.lists {
                title.spans.append((list.frame.minX, list.frame.maxX, "== \(list.title) (\(list.count)) ==", ""))
            }
            lines.append((0, board.headerHeight, title))
        }
        // One line per row height of the band below the titles: each list shows the row at
        // the line's middle.
        let step = board.rowHeight > 0 ? board.rowHeight : 44
        var y = board.headerHeight
        while y < viewport.height {
            let bottom = min(y + step, viewport.height)
            var line = RasterLine()
            let mid = (y + bottom) / 2
            for list in board.lists {
                if let c = scene.cells.first(where: { $0.position.section == list.section && $0.slot.minY <= mid && mid < $0.slot.maxY }) {
                    let (text, style) = cellText(c, scene)
                    line.spans.append((c.slot.minX, c.slot.maxX, text, style))
                }
            }
            lines.append((y, bottom, line))
            y = bottom
        }
        var footer = ["page \(board.page + 1)/\(board.pageCount)"]
        let scrolls = board.lists.map { "\($0.title) \(Self.number($0.offset))/\(Self.number($0.maximumOffset))" }
        if !scrolls.isEmpty { footer.append("list scroll " + scrolls.joined(separator: ", ")) }
        var zones: [String] = []
        for axis in Axis.allCases {
            guard let z = scene.edgeZones.first(where: { $0.axis == axis }), z.length > 0 else { continue }
            zones.append(axis == .horizontal ? "< \(Self.number(z.length)) pt >" : "^ \(Self.number(z.length)) pt v")
        }
        footer.append(zones.isEmpty ? "edge scroll off" : "zones " + zones.joined(separator: ", "))
        return raster(scene, lines, footer: [footer.joined(separator: " | ")])
    }

    /// `1.2 Grades`, or the placeholder look for the dragged item's cell.
    func cellText(_ c: Scene.Cell, _ scene: Scene) -> (String, String) {
        let p = c.position
        let label = "\(p.section + 1).\(p.item + 1) "
        if c.isPlaceholder, let style = scene.placeholder?.style ?? scene.snapshot?.state.placeholder {
            switch style {
            case .hidden: return (String(repeating: ". ", count: 12), "2")
            case .visible: return (label + c.title, "2")
            case .color(let color): return (String(repeating: "#", count: 8) + " " + color.hex, "2")
            }
        }
        // `*` marks a selected item; a stay group's ghosts are dim.
        return (label + (c.isSelected ? "*" : "") + c.title + (c.isFinished ? " (finished)" : "") + (c.isGhost ? " (ghost)" : ""),
                c.isGhost ? "2" : "")
    }

    /// Draws `lines` (viewport y ranges) through the viewport, with the snapshot on the line
    /// under its centre, a heading and the footer lines.
    func raster(_ scene: Scene, _ lines: [(minY: Double, maxY: Double, line: RasterLine)], footer: [String]) -> String {
        let viewport = scene.viewport
        let width = Self.rasterWidth
        /// The character column of viewport x.
        func column(_ x: Double) -> Int {
            guard viewport.width > 0 else { return 0 }
            let c = (x / viewport.width * Double(width)).rounded()
            return c.isFinite ? Int(clamping: c, to: -1_000_000...1_000_000) : 0
        }
        var out = [heading(scene)]
        out.append("   +" + String(repeating: "-", count: width + 2) + "+")
        // The line the snapshot floats over.
        var snapshotLine: Int?
        if let snap = scene.snapshot {
            // The content centre, as the lines are laid out (it is `center` unless the content
            // scrolled since the snapshot last moved).
            let y = snap.state.contentCenter.y - scene.offset.y
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
            if i == snapshotLine, let snap = scene.snapshot {
                let label = Array(Self.snapshotLabel(snap, clipTitle: false))
                var col = column(snap.state.contentCenter.x - scene.offset.x) - label.count / 2
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
        if let line = snapshotFooter(scene, clipTitle: false) { out.append(line) }
        return out.joined(separator: "\n") + "\n"
    }
}
