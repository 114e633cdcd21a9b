import ReorderCore

/// Horizontal grids and strips: the raster with one line per row of cells across the whole
/// viewport (cells are drawn row by row, whatever column they are in), the section titles on a
/// line of their own at the left of each section, and the horizontal scroll.
extension SceneText {
    /// The horizontal grid (``GridLayout/Direction/horizontal``), a tab strip for instance:
    ///
    /// ```text
    /// default | dragging | offset 0,0 (max 585,0) | t 1.05 s
    ///    +------------------------------------------------------------------+
    ///    | 1.1 Mail     1.2 Calendar  1.3 News   [Maps]    1.5 Maps         |
    ///    +------------------------------------------------------------------+
    ///    horizontal grid, 1 row of 80 x 44 pt | scroll x 0/585 [----------------] | zones < 93.75 pt >
    ///    snapshot [Docs] at 240,22 | scale 1.05 | alpha 0.98 | lifted
    /// ```
    func renderHorizontalGrid(_ scene: Scene, _ grid: Scene.Grid) -> String {
        var lines: [(minY: Double, maxY: Double, line: RasterLine)] = []
        // Header bands with a width (a horizontal grid's `header_height`) carry a title.
        let titled = scene.headers.filter { $0.frame.size.width > 0 && !$0.title.isEmpty }
        if !titled.isEmpty {
            // Far above the rows, so the snapshot never floats on the titles' line.
            var title = RasterLine(style: "1")
            for h in titled.sorted(by: { $0.frame.minX < $1.frame.minX }) {
                title.spans.append((h.frame.minX, scene.viewport.width, "== " + h.title + " ==", ""))
            }
            lines.append((-1e12, -1e12 + 1, title))
        }
        // One raster line per row (cells of one row share their top to the bit).
        var rows: [Double: Int] = [:]
        var rowLines: [(minY: Double, maxY: Double, line: RasterLine)] = []
        for c in scene.cells.sorted(by: { $0.slot.minX < $1.slot.minX }) {
            let f = c.slot
            let index: Int
            if let i = rows[f.minY] { index = i } else {
                index = rowLines.count
                rows[f.minY] = index
                rowLines.append((f.minY, f.maxY, RasterLine()))
            }
            let (text, style) = cellText(c, scene)
            rowLines[index].line.spans.append((f.minX, f.maxX, text, style))
        }
        lines += rowLines.sorted { $0.minY < $1.minY }
        let rowsText = "\(grid.columns) row\(grid.columns == 1 ? "" : "s")"
        var footer = ["horizontal grid, \(rowsText) of \(Self.number(grid.itemSize.width)) x \(Self.number(grid.itemSize.height)) pt"]
        let scroll = Self.scrollFooter(offset: scene.offset.x, maximum: scene.maximumOffset.x)
        footer.append(scroll.hasPrefix("scroll ") ? "scroll x " + scroll.dropFirst("scroll ".count) : scroll)
        var zones: [String] = []
        for axis in [Axis.horizontal, .vertical] {
            guard let z = scene.edgeZones.first(where: { $0.axis == axis }), z.length > 0 else { continue }
            zones.append(axis == .horizontal ? "< \(Self.number(z.length)) pt >" : "^ \(Self.number(z.length)) pt v")
        }
        footer.append(zones.isEmpty ? "edge scroll off" : "zones " + zones.joined(separator: ", "))
        return raster(scene, lines, footer: [footer.joined(separator: " | ")])
    }
}
