/// A grid: a vertical flow layout of equal cells, like `UICollectionViewFlowLayout`.
///
/// Each section is a header followed by its items in lines of ``columns`` cells, surrounded by
/// the section's ``Insets``. The number of columns comes from the viewport width (as many
/// `itemSize.width` cells as fit with at least `interitemSpacing` between them) unless it is
/// fixed. Like the flow layout, full lines are justified: the room left over is shared between
/// the gaps, so the first cell touches the left inset and the last one the right inset. Every
/// line uses that same gap, so cells line up in columns down the whole section.
///
/// Points in the gaps between cells, in headers and in insets hit nothing.
///
/// - Complexity: frame lookup O(1); hit testing O(log sections) to find the section and O(1)
///   inside it; `positions(in:)` O(log sections + result); a move inside a section changes no
///   geometry (cells are equal), a move across sections recomputes O(sections) section tops.
///
/// ```swift
/// // The home-button grid of the collection-view reference: 4 columns of 81.25 × 85 pt.
/// let order = Order(sections: [(1...12).map { Item("b\($0)") }])
/// let grid = GridLayout(order: order, width: 375, itemSize: Size(width: (375 - 50) / 4, height: 85),
///                       interitemSpacing: 0.1, lineSpacing: 0.1)
/// grid.columns                                          // 4
/// grid.frame(of: ItemPosition(section: 0, item: 5))     // [97.916..., 85.1, 81.25, 85.0]
/// grid.position(at: Point(x: 100, y: 90))               // (0, 5)
/// ```
public struct GridLayout: Layout, Hashable {
    /// Margins around a section's cells (inside its header).
    public struct Insets: Hashable, Sendable {
        public var top: Double, left: Double, bottom: Double, right: Double
        public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
            self.top = top; self.left = left; self.bottom = bottom; self.right = right
        }
        public static let zero = Insets()
    }

    /// The size of every cell.
    public let itemSize: Size
    /// The least horizontal gap between two cells of a line.
    public let interitemSpacing: Double
    /// The vertical gap between two lines.
    public let lineSpacing: Double
    /// Margins of every section's cells.
    public let sectionInsets: Insets
    /// Height of each section's header.
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
    /// The viewport width the columns were computed for.
    public private(set) var width: Double
    /// Cells per line.
    public private(set) var columns: Int = 1
    /// The horizontal gap actually used between two cells of a line (justified).
    public private(set) var gap: Double = 0
    var counts: [Int]
    /// `sectionTops[s]` is the top of section `s`'s header; the last entry is the content height.
    var sectionTops: [Double] = [0]
    /// Work done by the last layout update (section tops rewritten); tests show a move inside a
    /// section costs nothing here.
    package private(set) var lastUpdateCost = 0

    /// Builds the grid of `order` for a viewport `width` wide.
    ///
    /// - Parameters:
    ///   - columns: a fixed number of columns (nil or < 1: as many as fit the width).
    ///   - headerHeight: the height of every section header (0: no headers).
    public init(order: Order, width: Double, itemSize: Size, interitemSpacing: Double = 0,
                lineSpacing: Double = 0, sectionInsets: Insets = .zero, headerHeight: Double = 0,
                headerHeights: [Double] = [], columns: Int? = nil) {
        let clean = TableLayout.sanitize
        self.itemSize = Size(width: clean(itemSize.width), height: clean(itemSize.height))
        self.interitemSpacing = clean(interitemSpacing)
        self.lineSpacing = clean(lineSpacing)
        self.sectionInsets = Insets(top: clean(sectionInsets.top), left: clean(sectionInsets.left),
                                    bottom: clean(sectionInsets.bottom), right: clean(sectionInsets.right))
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

    /// Columns and gap for the current width.
    mutating func computeColumns() {
        let available = max(0, width - sectionInsets.left - sectionInsets.right)
        let w = itemSize.width
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
        let cells = l == 0 ? 0 : Double(l) * itemSize.height + Double(l - 1) * lineSpacing
        return sectionInsets.top + cells + sectionInsets.bottom
    }

    /// Top of the first line of section `s`.
    @inline(__always) func cellsTop(_ s: Int) -> Double { sectionTops[s] + headerHeights[s] + sectionInsets.top }
    /// Left of column `c`.
    @inline(__always) func columnX(_ c: Int) -> Double { sectionInsets.left + Double(c) * (itemSize.width + gap) }
    /// Top of line `l` of section `s`.
    @inline(__always) func lineY(_ s: Int, _ l: Int) -> Double { cellsTop(s) + Double(l) * (itemSize.height + lineSpacing) }

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
        let pitch = itemSize.width + gap
        let guess = pitch > 0 ? ((x - sectionInsets.left) / pitch).rounded(.down) : 0
        var c = guess.isFinite ? min(Int(clamping: guess, to: 0...Int.max), columns - 1) : 0
        while c > 0 && columnX(c) > x { c -= 1 }
        while c < columns - 1 && columnX(c + 1) <= x { c += 1 }
        return c
    }

    /// The line of section `s` whose cell starts at or above `y` (clamped to `0..<lines`).
    func line(_ s: Int, atY y: Double, lines n: Int) -> Int {
        let pitch = itemSize.height + lineSpacing
        let guess = pitch > 0 ? ((y - cellsTop(s)) / pitch).rounded(.down) : 0
        var l = guess.isFinite ? min(Int(clamping: guess, to: 0...Int.max), n - 1) : 0
        while l > 0 && lineY(s, l) > y { l -= 1 }
        while l < n - 1 && lineY(s, l + 1) <= y { l += 1 }
        return l
    }

    // MARK: Layout

    public var contentSize: Size {
        let cells = Double(columns) * itemSize.width + Double(max(columns - 1, 0)) * gap
        return Size(width: max(width, sectionInsets.left + cells + sectionInsets.right),
                    height: sectionTops.last ?? 0)
    }

    public var sectionCount: Int { counts.count }

    public func count(_ section: Int) -> Int {
        section >= 0 && section < counts.count ? counts[section] : 0
    }

    public func frame(of p: ItemPosition) -> Rect? {
        guard isValid(p) else { return nil }
        return Rect(x: columnX(p.item % columns), y: lineY(p.section, p.item / columns),
                    width: itemSize.width, height: itemSize.height)
    }

    public func headerFrame(of section: Int) -> Rect? {
        guard section >= 0, section < counts.count else { return nil }
        return Rect(x: 0, y: sectionTops[section], width: contentSize.width, height: headerHeights[section])
    }

    public func position(at point: Point) -> ItemPosition? {
        guard let (s, l, c) = cell(at: point) else { return nil }
        let i = l * columns + c
        guard i < counts[s], point.x < columnX(c) + itemSize.width,
              point.y < lineY(s, l) + itemSize.height else { return nil }
        return ItemPosition(section: s, item: i)
    }

    /// Section, line and column of the cell slot at or up-left of `point` when the point is in a
    /// section's cell area (lines of its items, full width between the insets).
    func cell(at point: Point) -> (section: Int, line: Int, column: Int)? {
        guard !counts.isEmpty, point.x.isFinite, point.y.isFinite, point.y >= 0,
              point.y < sectionTops[counts.count], point.x >= sectionInsets.left else { return nil }
        let s = section(atY: point.y)
        let n = lines(counts[s])
        guard n > 0, point.y >= cellsTop(s), point.y < lineY(s, n - 1) + itemSize.height else { return nil }
        return (s, line(s, atY: point.y, lines: n), column(atX: point.x))
    }

    /// Under the finger; in a section's last line past its last cell (or anywhere in an empty
    /// section, its header included) the end of the section: its last item for the dragged
    /// item's own section, one past the end for another (an append, as collection-view
    /// interactive movement does; `(section, 0)` for an empty one).
    public func proposedPosition(at point: Point, dragging: ItemPosition) -> ItemPosition? {
        if let p = position(at: point) { return p }
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
            guard point.y >= l, point.y < l + itemSize.height, point.x >= sectionInsets.left else { return nil }
            let c = column(atX: point.x)
            guard point.x < columnX(c) + itemSize.width, (n - 1) * columns + c >= counts[s] else { return nil }
        }
        if s == dragging.section { return counts[s] > 0 ? ItemPosition(section: s, item: counts[s] - 1) : nil }
        return ItemPosition(section: s, item: counts[s])
    }

    /// Always: every cell is ``itemSize``.
    public var hasUniformItemSizes: Bool { true }

    public func positions(in rect: Rect) -> [ItemPosition] {
        var result: [ItemPosition] = []
        guard !counts.isEmpty, rect.size.width > 0, rect.size.height > 0,
              rect.minY < sectionTops[counts.count], rect.maxY > 0 else { return result }
        // Columns whose cells overlap [minX, maxX).
        let c0 = column(atX: max(rect.minX, sectionInsets.left))
        let firstColumn = columnX(c0) + itemSize.width > rect.minX ? c0 : c0 + 1
        var lastColumn = column(atX: rect.maxX)
        if columnX(lastColumn) >= rect.maxX { lastColumn -= 1 }
        guard firstColumn <= lastColumn, firstColumn < columns, lastColumn >= 0 else { return result }
        var s = section(atY: max(rect.minY, 0))
        while s < counts.count && sectionTops[s] < rect.maxY {
            let n = lines(counts[s])
            if n > 0 {
                var l = rect.minY > cellsTop(s) ? line(s, atY: rect.minY, lines: n) : 0
                if lineY(s, l) + itemSize.height <= rect.minY { l += 1 }
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
        let w = TableLayout.sanitize(viewport.width)
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
