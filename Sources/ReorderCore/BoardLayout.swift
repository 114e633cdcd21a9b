/// A board: lists side by side, one page wide each, paged horizontally; each list scrolls
/// vertically on its own (the task board of the LongPressMoveCellDemo reference).
///
/// Each section of the ``Order`` is a list. A list is the viewport width minus ``inset`` wide,
/// so its neighbours peek in; lists are ``spacing`` apart and the board has `inset / 2` of
/// margin at both ends, so page `k` (content offset `x = k × pageWidth`) shows list `k`
/// centred, the first page starts at 0 and the last one ends at the content's end. Above each
/// list sits its title (``headerHeight``, not scrolled); below, its rows, laid out as a table's
/// section (row heights as in ``TableLayout``).
///
/// **Coordinates.** The board is exactly one viewport high. Its content coordinates are the
/// board's with every list's own vertical offset already applied: a row's frame moves up as
/// its list scrolls down, rows scrolled out of the list's visible band (below the title, above
/// the viewport's bottom) are not hit. So the session's usual viewport + offset conversion holds,
/// its offset only ever moves along x, and vertical edge scrolling goes to the dragged item's
/// list through ``scroll(_:by:at:dragging:)``. On release the board snaps to the nearest page
/// (``snappedOffset(_:viewport:)``); the session animates the snap with the drop.
///
/// - Complexity: frame lookup O(1); hit testing O(1) to find the list, then as a table's section
///   (O(1) with uniform heights, O(log rows) otherwise); a move inside a list is O(k) as in a
///   table, a move across lists O(rows after the positions + lists).
///
/// ```swift
/// let order = Order(sections: [["a", "b"], ["c"], []].map { $0.map(Item.init) })
/// var board = BoardLayout(order: order, viewport: Size(width: 375, height: 667),
///                         inset: 50, spacing: 10, rowHeight: 60)
/// board.pageWidth                                       // 335
/// board.frame(of: ItemPosition(section: 1, item: 0))    // [360.0, 0.0, 325.0, 60.0]
/// board.proposedPosition(at: Point(x: 700, y: 300),
///                        dragging: ItemPosition(section: 0, item: 0))   // (2, 0): append
/// board.snappedOffset(Point(x: 200, y: 0), viewport: Size(width: 375, height: 667))   // (335.0, 0.0)
/// ```
public struct BoardLayout: Layout, Hashable {
    /// The viewport the board fills.
    public private(set) var viewport: Size
    /// How much narrower than the viewport a list is (half of it on each side shows the
    /// neighbours).
    public let inset: Double
    /// The gap between two lists.
    public let spacing: Double
    /// The height of each list's title, above its rows.
    public let headerHeight: Double
    /// Row geometry: one table section per list (header 0, list width).
    public private(set) var rows: TableLayout
    /// Each list's own vertical scroll offset.
    public private(set) var listOffsets: [Double]

    /// Builds the board of `order` in `viewport`.
    public init(order: Order, viewport: Size, inset: Double = 40, spacing: Double = 0,
                rowHeight: Double = 44, headerHeight: Double = 0) {
        let clean = TableLayout.sanitize
        self.viewport = Size(width: clean(viewport.width), height: clean(viewport.height))
        self.inset = min(clean(inset), self.viewport.width)
        self.spacing = clean(spacing)
        self.headerHeight = clean(headerHeight)
        self.rows = TableLayout(order: order, width: max(0, self.viewport.width - self.inset), rowHeight: rowHeight)
        self.listOffsets = [Double](repeating: 0, count: order.sectionCount)
    }

    /// Width of one list.
    public var listWidth: Double { max(0, viewport.width - inset) }
    /// Distance between the left edges of two neighbouring lists: one page.
    public var pageWidth: Double { listWidth + spacing }
    /// Left edge of list `s`.
    @inline(__always) public func listX(_ s: Int) -> Double { inset / 2 + Double(s) * pageWidth }
    /// Height of the band where a list's rows show (below its title).
    public var visibleListHeight: Double { max(0, viewport.height - headerHeight) }
    /// Height of all of list `s`'s rows.
    public func rowsHeight(_ s: Int) -> Double { rows.rowsHeight(s) }
    /// The largest vertical offset of list `s`.
    public func maximumListOffset(_ s: Int) -> Double { max(0, rowsHeight(s) - visibleListHeight) }
    /// Number of pages (one per list, at least one).
    public var pageCount: Int { max(1, rows.sectionCount) }

    /// The page whose offset is nearest to `x` (0-based).
    public func page(nearest x: Double) -> Int {
        guard pageWidth > 0, x.isFinite else { return 0 }
        let k = (x / pageWidth).rounded(.toNearestOrAwayFromZero)
        return k.isFinite ? min(Int(clamping: k, to: 0...Int.max), pageCount - 1) : 0
    }

    /// The content offset x of page `k`.
    public func pageOffset(_ k: Int) -> Double {
        let maxX = max(0, contentSize.width - viewport.width)
        return min(max(Double(k) * pageWidth, 0), maxX)
    }

    /// Top of row `i` of list `s` in the list (i may equal the count).
    @inline(__always) func localTop(_ s: Int, _ i: Int) -> Double {
        if let tops = rows.rows[s].tops { return tops[i] }
        return Double(i) * rows.rowHeight
    }

    /// Top of row `i` of list `s` on the board (its list's scroll applied).
    @inline(__always) func boardY(_ s: Int, _ i: Int) -> Double { headerHeight + localTop(s, i) - listOffsets[s] }

    /// The list whose column contains `x`, if any.
    public func list(atX x: Double) -> Int? {
        let n = rows.sectionCount
        guard n > 0, x.isFinite, pageWidth > 0 else { return nil }
        let guess = ((x - inset / 2) / pageWidth).rounded(.down)
        guard guess.isFinite else { return nil }
        var s = min(Int(clamping: guess, to: 0...Int.max), n - 1)
        while s > 0 && listX(s) > x { s -= 1 }
        while s < n - 1 && listX(s + 1) <= x { s += 1 }
        return x >= listX(s) && x < listX(s) + listWidth ? s : nil
    }

    /// The row of list `s` whose board frame contains `y` (exact against ``frame(of:)``).
    func row(_ s: Int, atY y: Double) -> Int? {
        let n = rows.count(s)
        guard n > 0, y >= boardY(s, 0), y < boardY(s, n) else { return nil }
        if rows.rows[s].tops == nil {
            let h = rows.rowHeight
            guard h > 0 else { return nil }
            let guess = ((y - boardY(s, 0)) / h).rounded(.down)
            var i = guess.isFinite ? min(Int(clamping: guess, to: 0...Int.max), n - 1) : 0
            while i > 0 && boardY(s, i) > y { i -= 1 }
            while i < n - 1 && boardY(s, i + 1) <= y { i += 1 }
            return i
        }
        var lo = 0, hi = n - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if boardY(s, mid) <= y { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// Whether `y` is inside the band where rows show.
    @inline(__always) func inRowBand(_ y: Double) -> Bool { y >= headerHeight && y < viewport.height }

    // MARK: Layout

    public var contentSize: Size {
        let n = rows.sectionCount
        let w = n == 0 ? viewport.width : inset + Double(n) * listWidth + Double(n - 1) * spacing
        return Size(width: max(w, viewport.width), height: viewport.height)
    }

    public var sectionCount: Int { rows.sectionCount }

    public func count(_ section: Int) -> Int { rows.count(section) }

    public func frame(of p: ItemPosition) -> Rect? {
        guard isValid(p) else { return nil }
        return Rect(x: listX(p.section), y: boardY(p.section, p.item), width: listWidth, height: rows.height(of: p))
    }

    public func headerFrame(of section: Int) -> Rect? {
        guard section >= 0, section < rows.sectionCount else { return nil }
        return Rect(x: listX(section), y: 0, width: listWidth, height: headerHeight)
    }

    public func position(at point: Point) -> ItemPosition? {
        guard point.y.isFinite, inRowBand(point.y), let s = list(atX: point.x),
              let i = row(s, atY: point.y) else { return nil }
        return ItemPosition(section: s, item: i)
    }

    /// The row under the finger; below a list's last row (or anywhere in an empty list's band)
    /// the end of that list: its last row for the dragged item's own list, one past the end of
    /// another (removed from the first list, appended to the second). Titles and the gaps
    /// between lists propose nothing.
    public func proposedPosition(at point: Point, dragging: ItemPosition) -> ItemPosition? {
        guard point.y.isFinite, inRowBand(point.y), let s = list(atX: point.x) else { return nil }
        if let i = row(s, atY: point.y) { return ItemPosition(section: s, item: i) }
        let n = rows.count(s)
        if n > 0 && point.y < boardY(s, 0) { return nil }
        if s == dragging.section { return n > 0 ? ItemPosition(section: s, item: n - 1) : nil }
        return ItemPosition(section: s, item: n)
    }

    /// When no row has its own height.
    public var hasUniformItemSizes: Bool { !rows.hasVariableHeights }

    public func positions(in rect: Rect) -> [ItemPosition] {
        var result: [ItemPosition] = []
        let n = rows.sectionCount
        guard n > 0, rect.size.width > 0, rect.size.height > 0, pageWidth > 0 else { return result }
        let top = max(rect.minY, headerHeight), bottom = min(rect.maxY, viewport.height)
        guard top < bottom else { return result }
        let first = ((rect.minX - inset / 2) / pageWidth).rounded(.down)
        var s = first.isFinite ? Int(clamping: first, to: 0...n) : 0
        while s < n && listX(s) < rect.maxX {
            if listX(s) + listWidth > rect.minX {
                TableLayout.appendRows(of: s, count: rows.count(s), from: top, to: bottom, into: &result,
                                       rowTop: { boardY(s, $0) }, row: { row(s, atY: $0) })
            }
            s += 1
        }
        return result
    }

    public mutating func setViewport(_ viewport: Size) {
        let clean = TableLayout.sanitize
        self.viewport = Size(width: clean(viewport.width), height: clean(viewport.height))
        rows.setViewport(Size(width: listWidth, height: self.viewport.height))
        clampListOffsets()
    }

    public mutating func didMove(from: ItemPosition, to: ItemPosition) {
        rows.didMove(from: from, to: to)
        if from.section != to.section { clampListOffset(from.section) }
    }

    public mutating func didExchange(_ a: ItemPosition, _ b: ItemPosition) {
        rows.didExchange(a, b)
        if a.section != b.section { clampListOffset(a.section); clampListOffset(b.section) }
    }

    public mutating func reload(from order: Order) {
        rows.reload(from: order)
        if listOffsets.count > order.sectionCount { listOffsets.removeLast(listOffsets.count - order.sectionCount) }
        while listOffsets.count < order.sectionCount { listOffsets.append(0) }
        clampListOffsets()
    }

    /// Vertical edge scrolling moves the dragged item's list (or the list under the point when
    /// there is no dragged item); horizontal scrolling is the session's (the pages).
    public mutating func scroll(_ axis: Axis, by delta: Double, at point: Point, dragging: ItemPosition?) -> Bool {
        guard axis == .vertical else { return false }
        guard let s = dragging?.section ?? list(atX: point.x), s >= 0, s < listOffsets.count else { return true }
        setListOffset(s, listOffsets[s] + delta)
        return true
    }

    /// The nearest page's offset (x); y unchanged.
    public func snappedOffset(_ offset: Point, viewport: Size) -> Point? {
        Point(x: pageOffset(page(nearest: offset.x)), y: offset.y)
    }

    /// The frame in viewport coordinates clipped to the viewport and to the rows' band (below
    /// the titles).
    public func visibleFrame(of position: ItemPosition, offset: Point, viewport: Size) -> Rect? {
        guard var f = frame(of: position) else { return nil }
        f.origin = f.origin - offset
        let minX = max(f.minX, 0), maxX = min(f.maxX, viewport.width)
        let minY = max(f.minY, headerHeight - offset.y, 0), maxY = min(f.maxY, viewport.height)
        guard minX < maxX, minY < maxY else { return nil }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    public func layoutViolations() -> [String] {
        var problems: [String] = []
        if listOffsets.count != rows.sectionCount {
            problems.append("board has \(listOffsets.count) list offsets for \(rows.sectionCount) lists")
        }
        for (s, o) in listOffsets.enumerated() where s < rows.sectionCount {
            if !(o >= 0 && o <= maximumListOffset(s)) {
                problems.append("list \(s) offset \(o) outside [0, \(maximumListOffset(s))]")
            }
        }
        return problems
    }

    /// The board's x and the vertical offset of the list a policy works in: the dragged (or
    /// pressed) item's list, else the list of the page nearest `offset.x`. The content offset's
    /// own y is always 0 on a board, so `ctx.offset.y` reports the list's scroll instead.
    ///
    /// ```swift
    /// let order = Order(sections: [(0..<30).map { Item("a\($0)") }, (0..<30).map { Item("b\($0)") }])
    /// var board = BoardLayout(order: order, viewport: Size(width: 375, height: 667), rowHeight: 44)
    /// board.setListOffset(1, 120)
    /// board.contextOffset(Point(x: 335, y: 0), dragging: nil)   // (335.0, 120.0): page 2's list
    /// board.contextOffset(Point(x: 335, y: 0), dragging: ItemPosition(section: 0, item: 3))   // (335.0, 0.0)
    /// ```
    public func contextOffset(_ offset: Point, dragging: ItemPosition?) -> Point {
        let s = dragging?.section ?? page(nearest: offset.x)
        guard s >= 0, s < listOffsets.count else { return offset }
        return Point(x: offset.x, y: listOffsets[s])
    }

    /// Scrolls list `s` to `offsets[s]` for each given offset (clamped to its rows); lists
    /// without an offset keep theirs, offsets past the last list are ignored.
    ///
    /// ```swift
    /// var board = BoardLayout(order: Order(sections: [(0..<30).map { Item("\($0)") }, []]),
    ///                         viewport: Size(width: 375, height: 667), rowHeight: 44)
    /// board.setListOffsets([100, 50])
    /// board.listOffsets   // [100.0, 0.0]: the empty list cannot scroll
    /// ```
    public mutating func setListOffsets(_ offsets: [Double]) {
        for (s, y) in offsets.enumerated() where s < listOffsets.count { setListOffset(s, y) }
    }

    /// Scrolls list `s` to `y` (clamped to its rows).
    public mutating func setListOffset(_ s: Int, _ y: Double) {
        guard s >= 0, s < listOffsets.count else { return }
        listOffsets[s] = y.isFinite ? min(max(y, 0), maximumListOffset(s)) : 0
    }

    mutating func clampListOffset(_ s: Int) { setListOffset(s, listOffsets[s]) }

    mutating func clampListOffsets() {
        for s in listOffsets.indices { clampListOffset(s) }
    }
}
