/// A grid: a flow layout of equal cells, like `UICollectionViewFlowLayout`, scrolling
/// vertically (the default) or horizontally (``Direction/horizontal``).
///
/// Each section is a header followed by its items in lines of ``columns`` cells, surrounded by
/// the section's ``Insets``. The number of columns comes from the viewport width (as many
/// `itemSize.width` cells as fit with at least `interitemSpacing` between them) unless it is
/// fixed. Like the flow layout, full lines are justified: the room left over is shared between
/// the gaps, so the first cell touches the left inset and the last one the right inset. Every
/// line uses that same gap, so cells line up in columns down the whole section.
///
/// **Horizontal** grids are the same layout turned, as the flow layout's
/// `scrollDirection = .horizontal`: a "line" is a column of cells filled top to bottom (as many
/// `itemSize.height` cells as fit the viewport *height*), columns follow one another to the
/// right `lineSpacing` apart, and the content grows to the right. A section's header is a band
/// `headerHeight` wide at its left; sections follow to the right. Insets keep their sides:
/// `left` is before the section's first column, `top` above its cells. A strip is the case where
/// one cell fits the height: one item per column, a row of items scrolling sideways.
///
/// Points in the gaps between cells, in headers and in insets hit nothing.
///
/// - Complexity: frame lookup O(1); hit testing O(log sections) to find the section and O(1)
///   inside it; `positions(in:)` O(log sections + result); a move inside a section changes no
///   geometry (cells are equal), a move across sections recomputes O(sections) section tops.
///   The same in both directions: the horizontal grid computes in turned coordinates and turns
///   points and frames at its boundary.
///
/// ```swift
/// // The home-button grid of the collection-view reference: 4 columns of 81.25 × 85 pt.
/// let order = Order(sections: [(1...12).map { Item("b\($0)") }])
/// let grid = GridLayout(order: order, width: 375, itemSize: Size(width: (375 - 50) / 4, height: 85),
///                       interitemSpacing: 0.1, lineSpacing: 0.1)
/// grid.columns                                          // 4
/// grid.frame(of: ItemPosition(section: 0, item: 5))     // [97.916..., 85.1, 81.25, 85.0]
/// grid.position(at: Point(x: 100, y: 90))               // (0, 5)
///
/// // A tab strip: 80 × 44 pt tabs in a 44 pt high viewport, one per column.
/// let strip = GridLayout(order: order, width: 44, itemSize: Size(width: 80, height: 44), direction: .horizontal)
/// strip.frame(of: ItemPosition(section: 0, item: 2))    // [160.0, 0.0, 80.0, 44.0]
/// strip.contentSize                                     // 960x44
/// ```
public struct GridLayout: Layout, Hashable {
    /// Margins around a section's cells (inside its header).
    public struct Insets: Hashable, Sendable {
        public var top: Double, left: Double, bottom: Double, right: Double
        public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
            self.top = top; self.left = left; self.bottom = bottom; self.right = right
        }
        public static let zero = Insets()

        /// The same margins with the axes swapped (top <-> left, bottom <-> right).
        var turned: Insets { Insets(top: left, left: top, bottom: right, right: bottom) }
    }

    /// The way the content grows and scrolls (`grid = { direction = "horizontal" }` in Lua).
    ///
    /// ```swift
    /// GridLayout.Direction(rawValue: "horizontal")   // .horizontal
    /// ```
    public enum Direction: String, Hashable, Sendable, CaseIterable {
        /// Lines of cells left to right, lines stacked downwards (the default).
        case vertical
        /// Columns of cells top to bottom, columns following to the right.
        case horizontal
    }

    /// Which way the grid grows and scrolls.
    public let direction: Direction
    /// The size of every cell.
    public var itemSize: Size { direction == .vertical ? cell : Size(width: cell.height, height: cell.width) }
    /// The least gap between two cells of a line (horizontal grids: of a column).
    public let interitemSpacing: Double
    /// The gap between two lines (horizontal grids: between two columns).
    public let lineSpacing: Double
    /// Margins of every section's cells.
    public var sectionInsets: Insets { direction == .vertical ? insets : insets.turned }
    /// Height of each section's header (horizontal grids: the width of the band at its left).
    public private(set) var headerHeights: [Double]
    /// The fixed number of columns, or nil to compute it from the width.
    public let fixedColumns: Int?
    /// The most columns a grid has when they are fitted to the width (2^20; a fixed count from
    /// the session options is at most 100000).
    ///
    /// ```swift
    /// let g = GridLayout(order: order, width: 375, itemSize: Size(width: 1e-300, height: 85))
    /// g.columns == GridLayout.maximumColumns   // true: clamped, not an Int overflow
    /// ```
    public static let maximumColumns = 1 << 20
    /// The viewport length the lines were fitted to: its width (horizontal grids: its height).
    public private(set) var width: Double
    /// Cells per line (horizontal grids: cells per column, i.e. rows).
    public private(set) var columns: Int = 1
    /// The gap actually used between two cells of a line (justified).
    public private(set) var gap: Double = 0
    /// The cell and the insets in flow coordinates: `width`/`left`/`right` along a line,
    /// `height`/`top`/`bottom` across lines. The public ones turned for a horizontal grid.
    let cell: Size
    let insets: Insets
    var counts: [Int]
    /// `sectionTops[s]` is the top of section `s`'s header (horizontal grids: its left); the
    /// last entry is the content height (width).
    var sectionTops: [Double] = [0]
    /// Work done by the last layout update (section tops rewritten); tests show a move inside a
    /// section costs nothing here.
    package private(set) var lastUpdateCost = 0

    /// Builds the grid of `order` for a viewport `width` wide (for a horizontal grid, pass the
    /// viewport's height: the length the columns are filled along).
    ///
    /// - Parameters:
    ///   - columns: a fixed number of cells per line (nil or < 1: as many as fit the width).
    ///   - headerHeight: the height of every section header (0: no headers).
    ///   - direction: `.horizontal` turns the grid (see the type's documentation).
    public init(order: Order, width: Double, itemSize: Size, interitemSpacing: Double = 0,
                lineSpacing: Double = 0, sectionInsets: Insets = .zero, headerHeight: Double = 0,
                headerHeights: [Double] = [], columns: Int? = nil, direction: Direction = .vertical) {
        let clean = TableLayout.sanitize
        self.direction = direction
        let size = Size(width: clean(itemSize.width), height: clean(itemSize.height))
        self.cell = direction == .vertical ? size : Size(width: size.height, height: size.width)
        self.interitemSpacing = clean(interitemSpacing)
        self.lineSpacing = clean(lineSpacing)
        let margins = Insets(top: clean(sectionInsets.top), left: clean(sectionInsets.left),
                             bottom: clean(sectionInsets.bottom), right: clean(sectionInsets.right))
        self.insets = direction == .vertical ? margins : margins.turned
        let fallback = clean(headerHeight)
        self.headerHeights = (0..<order.sectionCount).map { s in
            s < headerHeights.count ? clean(headerHeights[s]) : fallback
        }
        self.fixedColumns = columns.flatMap { $0 >= 1 ? $0 : nil }
        self.width = clean(width)
        self.counts = order.sections.map(\.count)
        computeColumns()
        recomputeSectionTops(from: 0)
    }

    /// `r` in the other coordinates: flow <-> content for a horizontal grid, itself for a
    /// vertical one (turning is its own inverse).
    @inline(__always) func turn(_ r: Rect) -> Rect {
        direction == .vertical ? r : Rect(x: r.minY, y: r.minX, width: r.size.height, height: r.size.width)
    }
    @inline(__always) func turn(_ p: Point) -> Point {
        direction == .vertical ? p : Point(x: p.y, y: p.x)
    }

    // From here to `MARK: Layout` everything is in flow coordinates: x along a line, y across
    // lines (for a horizontal grid, x is the content's y and y its x).

    /// Columns and gap for the current width.
    mutating func computeColumns() {
        let available = max(0, width - insets.left - insets.right)
        let w = cell.width
        if let fixed = fixedColumns {
            columns = fixed
        } else if w + interitemSpacing > 0 {
            let fit = ((available + interitemSpacing) / (w + interitemSpacing)).rounded(.down)
            columns = fit.isFinite ? Int(clamping: fit, to: 1...Self.maximumColumns) : 1
        } else {
            columns = 1
        }
        gap = columns > 1 ? max(interitemSpacing, (available - Double(columns) * w) / Double(columns - 1)) : 0
    }

    /// Lines needed for `n` cells.
    @inline(__always) func lines(_ n: Int) -> Int { n == 0 ? 0 : (n - 1) / columns + 1 }

    /// Height of section `s` below its header: insets plus its lines.
    func bodyHeight(_ s: Int) -> Double {
        let l = lines(counts[s])
        let cells = l == 0 ? 0 : Double(l) * cell.height + Double(l - 1) * lineSpacing
        return insets.top + cells + insets.bottom
    }

    /// Top of the first line of section `s`.
    @inline(__always) func cellsTop(_ s: Int) -> Double { sectionTops[s] + headerHeights[s] + insets.top }
    /// Left of column `c`.
    @inline(__always) func columnX(_ c: Int) -> Double { insets.left + Double(c) * (cell.width + gap) }
    /// Top of line `l` of section `s`.
    @inline(__always) func lineY(_ s: Int, _ l: Int) -> Double { cellsTop(s) + Double(l) * (cell.height + lineSpacing) }

    @discardableResult
    mutating func recomputeSectionTops(from s: Int) -> Int {
        if sectionTops.count != counts.count + 1 { sectionTops = [Double](repeating: 0, count: counts.count + 1) }
        var written = 0
        var i = max(s, 0)
        while i < counts.count {
            sectionTops[i + 1] = sectionTops[i] + headerHeights[i] + bodyHeight(i)
            written += 1
            i += 1
        }
        return written
    }

    /// The last section whose top is <= y (sections may be empty and share a top).
    func section(atY y: Double) -> Int {
        var lo = 0, hi = counts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if sectionTops[mid] <= y { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// The column whose cell starts at or left of `x` (clamped to the columns), exact against
    /// ``columnX(_:)``.
    func column(atX x: Double) -> Int {
        let pitch = cell.width + gap
        let guess = pitch > 0 ? ((x - insets.left) / pitch).rounded(.down) : 0
        var c = guess.isFinite ? min(Int(clamping: guess, to: 0...Int.max), columns - 1) : 0
        while c > 0 && columnX(c) > x { c -= 1 }
        while c < columns - 1 && columnX(c + 1) <= x { c += 1 }
        return c
    }

    /// The line of section `s` whose cell starts at or above `y` (clamped to `0..<lines`).
    func line(_ s: Int, atY y: Double, lines n: Int) -> Int {
        let pitch = cell.height + lineSpacing
        let guess = pitch > 0 ? ((y - cellsTop(s)) / pitch).rounded(.down) : 0
        var l = guess.isFinite ? min(Int(clamping: guess, to: 0...Int.max), n - 1) : 0
        while l > 0 && lineY(s, l) > y { l -= 1 }
        while l < n - 1 && lineY(s, l + 1) <= y { l += 1 }
        return l
    }

    // MARK: Layout

    public var contentSize: Size {
        let cells = Double(columns) * cell.width + Double(max(columns - 1, 0)) * gap
        let across = max(width, insets.left + cells + insets.right), along = sectionTops.last ?? 0
        return direction == .vertical ? Size(width: across, height: along) : Size(width: along, height: across)
    }

    public var sectionCount: Int { counts.count }

    public func count(_ section: Int) -> Int {
        section >= 0 && section < counts.count ? counts[section] : 0
    }

    public func frame(of p: ItemPosition) -> Rect? {
        guard isValid(p) else { return nil }
        return turn(Rect(x: columnX(p.item % columns), y: lineY(p.section, p.item / columns),
                         width: cell.width, height: cell.height))
    }

    public func headerFrame(of section: Int) -> Rect? {
        guard section >= 0, section < counts.count else { return nil }
        let across = direction == .vertical ? contentSize.width : contentSize.height
        return turn(Rect(x: 0, y: sectionTops[section], width: across, height: headerHeights[section]))
    }

    public func position(at point: Point) -> ItemPosition? {
        flowPosition(at: turn(point))
    }

    /// The item at `point` in flow coordinates.
    @inline(__always) func flowPosition(at point: Point) -> ItemPosition? {
        guard let (s, l, c) = cell(at: point) else { return nil }
        let i = l * columns + c
        guard i < counts[s], point.x < columnX(c) + cell.width,
              point.y < lineY(s, l) + cell.height else { return nil }
        return ItemPosition(section: s, item: i)
    }

    /// Section, line and column of the cell slot at or up-left of `point` when the point is in a
    /// section's cell area (lines of its items, full width between the insets).
    func cell(at point: Point) -> (section: Int, line: Int, column: Int)? {
        guard !counts.isEmpty, point.x.isFinite, point.y.isFinite, point.y >= 0,
              point.y < sectionTops[counts.count], point.x >= insets.left else { return nil }
        let s = section(atY: point.y)
        let n = lines(counts[s])
        guard n > 0, point.y >= cellsTop(s), point.y < lineY(s, n - 1) + cell.height else { return nil }
        return (s, line(s, atY: point.y, lines: n), column(atX: point.x))
    }

    /// Under the finger; in a section's last line past its last cell (or anywhere in an empty
    /// section, its header included) the end of the section: its last item for the dragged
    /// item's own section, one past the end for another (an append, as collection-view
    /// interactive movement does; `(section, 0)` for an empty one).
    public func proposedPosition(at point: Point, dragging: ItemPosition) -> ItemPosition? {
        let point = turn(point)
        if let p = flowPosition(at: point) { return p }
        guard !counts.isEmpty, point.x.isFinite, point.y.isFinite, point.y >= 0,
              point.y < sectionTops[counts.count] else { return nil }
        let s = section(atY: point.y)
        let n = lines(counts[s])
        let bodyTop = sectionTops[s] + headerHeights[s]
        // An empty section's header is its place too: without insets it has no body to hover.
        guard point.y >= bodyTop || counts[s] == 0 else { return nil }
        if n > 0 {
            // Only the empty slots of the last line (not gaps, not insets).
            let l = lineY(s, n - 1)
            guard point.y >= l, point.y < l + cell.height, point.x >= insets.left else { return nil }
            let c = column(atX: point.x)
            guard point.x < columnX(c) + cell.width, (n - 1) * columns + c >= counts[s] else { return nil }
        }
        if s == dragging.section { return counts[s] > 0 ? ItemPosition(section: s, item: counts[s] - 1) : nil }
        return ItemPosition(section: s, item: counts[s])
    }

    /// Always: every cell is ``itemSize``.
    public var hasUniformItemSizes: Bool { true }

    public func positions(in rect: Rect) -> [ItemPosition] {
        let rect = turn(rect)
        var result: [ItemPosition] = []
        guard !counts.isEmpty, rect.size.width > 0, rect.size.height > 0,
              rect.minY < sectionTops[counts.count], rect.maxY > 0 else { return result }
        // Columns whose cells overlap [minX, maxX).
        let c0 = column(atX: max(rect.minX, insets.left))
        let firstColumn = columnX(c0) + cell.width > rect.minX ? c0 : c0 + 1
        var lastColumn = column(atX: rect.maxX)
        if columnX(lastColumn) >= rect.maxX { lastColumn -= 1 }
        guard firstColumn <= lastColumn, firstColumn < columns, lastColumn >= 0 else { return result }
        var s = section(atY: max(rect.minY, 0))
        while s < counts.count && sectionTops[s] < rect.maxY {
            let n = lines(counts[s])
            if n > 0 {
                var l = rect.minY > cellsTop(s) ? line(s, atY: rect.minY, lines: n) : 0
                if lineY(s, l) + cell.height <= rect.minY { l += 1 }
                while l < n && lineY(s, l) < rect.maxY {
                    for c in firstColumn...lastColumn {
                        let i = l * columns + c
                        if i < counts[s] { result.append(ItemPosition(section: s, item: i)) }
                    }
                    l += 1
                }
            }
            s += 1
        }
        return result
    }

    public mutating func setViewport(_ viewport: Size) {
        let w = TableLayout.sanitize(direction == .vertical ? viewport.width : viewport.height)
        guard w != width else { return }
        width = w
        computeColumns()
        lastUpdateCost = recomputeSectionTops(from: 0)
    }

    public mutating func didMove(from: ItemPosition, to: ItemPosition) {
        guard isValid(from), from.section != to.section else { lastUpdateCost = 0; return }
        guard to.section >= 0, to.section < counts.count, to.item >= 0, to.item <= counts[to.section] else { return }
        counts[from.section] -= 1
        counts[to.section] += 1
        lastUpdateCost = recomputeSectionTops(from: min(from.section, to.section))
    }

    public mutating func didExchange(_ a: ItemPosition, _ b: ItemPosition) {
        lastUpdateCost = 0   // equal cells: an exchange changes no geometry
    }

    public mutating func reload(from order: Order) {
        counts = order.sections.map(\.count)
        while headerHeights.count < counts.count { headerHeights.append(headerHeights.last ?? 0) }
        if headerHeights.count > counts.count { headerHeights.removeLast(headerHeights.count - counts.count) }
        lastUpdateCost = recomputeSectionTops(from: 0)
    }
}
