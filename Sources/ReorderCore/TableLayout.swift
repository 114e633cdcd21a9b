/// A table: sections stacked vertically, each a header followed by rows.
///
/// Rows are all `rowHeight` high unless some item carries a `height` field (a finite,
/// non-negative `.number`); then every row has its own height, kept in per-section prefix sums.
/// Heights belong to items: when the session moves items the heights travel with them.
///
/// - Complexity: frame lookup O(1); hit testing O(log sections + log rows) (O(1) per section
///   with uniform heights); a move of k rows inside a section updates O(k) prefix sums; a move
///   or exchange across sections updates O(rows after the position) prefix sums plus
///   O(sections), the same cost as the array operation in ``Order``.
///
/// ```swift
/// let order = Order(sections: [[Item("a"), Item(id: "b", fields: ["height": .number(80)])]])
/// let table = TableLayout(order: order, width: 320, rowHeight: 44, headerHeight: 28)
/// table.frame(of: ItemPosition(section: 0, item: 1))   // [0.0, 72.0, 320.0, 80.0]
/// table.position(at: Point(x: 0, y: 27.5))             // nil: the header
/// table.contentSize                                     // 320x152
/// ```
public struct TableLayout: Layout, Hashable {
    /// Geometry of one section's rows.
    struct Rows: Hashable, Sendable {
        var count: Int
        /// Per-row heights (nil when every row is `rowHeight` high).
        var heights: [Double]?
        /// Prefix sums of `heights`, `count + 1` entries, `tops[0] == 0`.
        var tops: [Double]?
    }

    /// Width of every row and header (the viewport width).
    public private(set) var width: Double
    /// The height of rows without a `height` field.
    public let rowHeight: Double
    /// Height of each section's header.
    public private(set) var headerHeights: [Double]
    var rows: [Rows]
    /// `sectionTops[s]` is the top of section `s`'s header; the last entry is the content height.
    var sectionTops: [Double]
    /// Whether rows have individual heights.
    public let hasVariableHeights: Bool
    /// Work done by the last layout update (prefix sums and section tops rewritten). Tests use
    /// it to show that a k-row move costs O(k).
    package private(set) var lastUpdateCost = 0

    /// Builds the layout of `order`.
    ///
    /// - Parameters:
    ///   - headerHeight: the height of every section header (0: no headers).
    ///   - headerHeights: per-section header heights; missing entries use `headerHeight`.
    public init(order: Order, width: Double, rowHeight: Double = 44, headerHeight: Double = 0,
                headerHeights: [Double] = []) {
        self.width = Self.sanitize(width)
        self.rowHeight = Self.sanitize(rowHeight)
        let fallback = Self.sanitize(headerHeight)
        self.headerHeights = (0..<order.sectionCount).map { s in
            s < headerHeights.count ? Self.sanitize(headerHeights[s]) : fallback
        }
        var variable = false
        outer: for section in order.sections {
            for h in section where Self.customHeight(order.item(handle: h)) != nil {
                variable = true
                break outer
            }
        }
        self.hasVariableHeights = variable
        self.rows = []
        self.sectionTops = []
        rebuild(from: order)
    }

    /// A non-negative finite length (anything else is 0).
    static func sanitize(_ v: Double) -> Double { v.isFinite && v > 0 ? v : 0 }

    /// The item's own height, if it has a valid one.
    static func customHeight(_ item: Item) -> Double? {
        if case .number(let h)? = item.fields["height"], h.isFinite, h >= 0 { return h }
        return nil
    }

    mutating func rebuild(from order: Order) {
        rows = order.sections.map { section in
            guard hasVariableHeights else { return Rows(count: section.count, heights: nil, tops: nil) }
            var heights = [Double]()
            heights.reserveCapacity(section.count)
            for h in section { heights.append(Self.customHeight(order.item(handle: h)) ?? rowHeight) }
            var r = Rows(count: section.count, heights: heights, tops: nil)
            r.tops = Self.prefixSums(heights)
            return r
        }
        while headerHeights.count < rows.count { headerHeights.append(0) }
        if headerHeights.count > rows.count { headerHeights.removeLast(headerHeights.count - rows.count) }
        sectionTops = [0]
        recomputeSectionTops(from: 0)
    }

    static func prefixSums(_ heights: [Double]) -> [Double] {
        var tops = [Double]()
        tops.reserveCapacity(heights.count + 1)
        var y = 0.0
        tops.append(0)
        for h in heights { y += h; tops.append(y) }
        return tops
    }

    /// Height of the rows of section `s`.
    func rowsHeight(_ s: Int) -> Double {
        if let tops = rows[s].tops { return tops[rows[s].count] }
        return Double(rows[s].count) * rowHeight
    }

    /// Top of the first row of section `s`.
    @inline(__always) func rowsTop(_ s: Int) -> Double { sectionTops[s] + headerHeights[s] }

    /// Top of row `i` of section `s` (i may equal the count: the bottom of the rows).
    @inline(__always) func rowTop(_ s: Int, _ i: Int) -> Double {
        if let tops = rows[s].tops { return rowsTop(s) + tops[i] }
        return rowsTop(s) + Double(i) * rowHeight
    }

    /// Recomputes `sectionTops[s+1...]`; returns the number of entries written.
    @discardableResult
    mutating func recomputeSectionTops(from s: Int) -> Int {
        if sectionTops.count != rows.count + 1 {
            sectionTops = [Double](repeating: 0, count: rows.count + 1)
        }
        var written = 0
        var i = max(s, 0)
        while i < rows.count {
            sectionTops[i + 1] = rowsTop(i) + rowsHeight(i)
            written += 1
            i += 1
        }
        return written
    }

    // MARK: Layout

    public var contentSize: Size { Size(width: width, height: sectionTops.last ?? 0) }
    public var sectionCount: Int { rows.count }
    public func count(_ section: Int) -> Int {
        section >= 0 && section < rows.count ? rows[section].count : 0
    }

    /// The height of the item at a valid position.
    public func height(of p: ItemPosition) -> Double {
        rows[p.section].heights?[p.item] ?? rowHeight
    }

    public func frame(of p: ItemPosition) -> Rect? {
        guard isValid(p) else { return nil }
        return Rect(x: 0, y: rowTop(p.section, p.item), width: width, height: height(of: p))
    }

    public func headerFrame(of section: Int) -> Rect? {
        guard section >= 0, section < rows.count else { return nil }
        return Rect(x: 0, y: sectionTops[section], width: width, height: headerHeights[section])
    }

    public func position(at point: Point) -> ItemPosition? {
        positionCountingSteps(at: point).position
    }

    /// Hit testing, also reporting how many comparisons it took (tests assert O(log n)).
    package func positionCountingSteps(at point: Point) -> (position: ItemPosition?, steps: Int) {
        var steps = 0
        guard point.x >= 0, point.x < width, point.y >= 0, !rows.isEmpty,
              point.y < sectionTops[rows.count] else { return (nil, 0) }
        // The last section whose top is <= y (sections may be empty and share a top).
        var lo = 0, hi = rows.count - 1
        while lo < hi {
            steps += 1
            let mid = (lo + hi + 1) / 2
            if sectionTops[mid] <= point.y { lo = mid } else { hi = mid - 1 }
        }
        let s = lo
        guard point.y >= rowsTop(s), rows[s].count > 0 else { return (nil, steps) }
        guard let i = rowIndex(s, y: point.y, steps: &steps) else { return (nil, steps) }
        return (ItemPosition(section: s, item: i), steps)
    }

    /// The row of section `s` containing `y`, if any (y must be at or below the rows' top).
    func rowIndex(_ s: Int, y: Double, steps: inout Int) -> Int? {
        let n = rows[s].count
        guard n > 0, y >= rowTop(s, 0), y < rowTop(s, n) else { return nil }
        if rows[s].tops == nil {
            guard rowHeight > 0 else { return nil }
            let guess = ((y - rowsTop(s)) / rowHeight).rounded(.down)
            var i = guess.isFinite ? min(Int(clamping: guess, to: 0...Int.max), n - 1) : 0
            // Correct the division's rounding against the exact boundaries used by `frame(of:)`.
            while i > 0 && rowTop(s, i) > y { i -= 1; steps += 1 }
            while i < n - 1 && rowTop(s, i + 1) <= y { i += 1; steps += 1 }
            steps += 1
            return i
        }
        // The last row whose top is <= y (zero-height rows are never hit).
        var lo = 0, hi = n - 1
        while lo < hi {
            steps += 1
            let mid = (lo + hi + 1) / 2
            if rowTop(s, mid) <= y { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// The row under the finger; over an empty section's header (its rows take no room) that
    /// section's first row, `(section, 0)`, as `UITableView` proposes for an empty section. The
    /// dragged row's own section is never empty.
    ///
    /// ```swift
    /// let order = Order(sections: [[Item("a")], [], [Item("d")]])
    /// let table = TableLayout(order: order, width: 320, rowHeight: 44, headerHeight: 28)
    /// // Section 1's header spans y 72..<100.
    /// table.proposedPosition(at: Point(x: 10, y: 80), dragging: ItemPosition(section: 0, item: 0))   // (1, 0)
    /// ```
    public func proposedPosition(at point: Point, dragging: ItemPosition) -> ItemPosition? {
        if let p = position(at: point) { return p }
        guard point.x >= 0, point.x < width, point.y >= 0, !rows.isEmpty, point.y < sectionTops[rows.count] else {
            return nil
        }
        var lo = 0, hi = rows.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if sectionTops[mid] <= point.y { lo = mid } else { hi = mid - 1 }
        }
        guard rows[lo].count == 0, lo != dragging.section else { return nil }
        return ItemPosition(section: lo, item: 0)
    }

    public var hasUniformItemSizes: Bool { !hasVariableHeights }

    public func positions(in rect: Rect) -> [ItemPosition] {
        var result: [ItemPosition] = []
        guard !rows.isEmpty, rect.size.width > 0, rect.size.height > 0,
              rect.maxX > 0, rect.minX < width else { return result }
        let top = max(rect.minY, 0)
        let bottom = rect.maxY
        guard top < sectionTops[rows.count], bottom > 0 else { return result }
        var lo = 0, hi = rows.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if sectionTops[mid] <= top { lo = mid } else { hi = mid - 1 }
        }
        var s = lo
        var steps = 0
        while s < rows.count && sectionTops[s] < bottom {
            Self.appendRows(of: s, count: rows[s].count, from: top, to: bottom, into: &result,
                            rowTop: { rowTop(s, $0) }, row: { rowIndex(s, y: $0, steps: &steps) })
            s += 1
        }
        return result
    }

    /// Appends to `result` the rows of section `s` that meet the band `top..<bottom` (their
    /// span `rowTop(i)..<rowTop(i + 1)` overlaps it), starting at the row `row(top)` finds: the
    /// first row when the band begins above the rows, none when it begins below them. A table's
    /// section and a board's list (``BoardLayout/positions(in:)``) both list their rows so, each
    /// in its own coordinates: `rowTop(i)` is where row `i` begins (`rowTop(count)`: where the
    /// rows end) and `row(y)` is the row whose span holds `y`.
    @inline(__always)
    static func appendRows(of s: Int, count: Int, from top: Double, to bottom: Double,
                           into result: inout [ItemPosition],
                           rowTop: (Int) -> Double, row: (Double) -> Int?) {
        guard count > 0 else { return }
        var i = top < rowTop(0) ? 0 : row(top) ?? count
        while i < count && rowTop(i) < bottom {
            // Zero-height rows at the top edge intersect nothing.
            if rowTop(i + 1) > top { result.append(ItemPosition(section: s, item: i)) }
            i += 1
        }
    }

    public mutating func setViewport(_ viewport: Size) {
        width = Self.sanitize(viewport.width)
    }

    public mutating func didMove(from: ItemPosition, to: ItemPosition) {
        guard isValid(from) else { return }
        var cost = 0
        if from.section == to.section {
            guard isValid(to), from.item != to.item, hasVariableHeights else { lastUpdateCost = 0; return }
            let s = from.section
            let lo = min(from.item, to.item), hi = max(from.item, to.item)
            rows[s].heights?.withUnsafeMutableBufferPointer { h in
                let moved = h[from.item]
                if from.item < to.item {
                    for i in from.item..<to.item { h[i] = h[i + 1] }
                } else {
                    var i = from.item
                    while i > to.item { h[i] = h[i - 1]; i -= 1 }
                }
                h[to.item] = moved
            }
            cost = refreshTops(s, from: lo, through: hi)
        } else {
            guard to.section >= 0, to.section < rows.count, to.item >= 0,
                  to.item <= rows[to.section].count else { return }
            let h = height(of: from)
            rows[from.section].count -= 1
            rows[to.section].count += 1
            if hasVariableHeights {
                rows[from.section].heights?.remove(at: from.item)
                rows[to.section].heights?.insert(h, at: to.item)
                rows[from.section].tops?.removeLast()
                rows[to.section].tops?.append(0)
                cost += refreshTops(from.section, from: from.item, through: rows[from.section].count - 1)
                cost += refreshTops(to.section, from: to.item, through: rows[to.section].count - 1)
            }
            cost += recomputeSectionTops(from: min(from.section, to.section))
        }
        lastUpdateCost = cost
    }

    public mutating func didExchange(_ a: ItemPosition, _ b: ItemPosition) {
        guard isValid(a), isValid(b), a != b, hasVariableHeights else { lastUpdateCost = 0; return }
        let ha = height(of: a), hb = height(of: b)
        rows[a.section].heights?[a.item] = hb
        rows[b.section].heights?[b.item] = ha
        var cost = 0
        if a.section == b.section {
            cost = refreshTops(a.section, from: min(a.item, b.item), through: max(a.item, b.item))
        } else {
            cost += refreshTops(a.section, from: a.item, through: rows[a.section].count - 1)
            cost += refreshTops(b.section, from: b.item, through: rows[b.section].count - 1)
            cost += recomputeSectionTops(from: min(a.section, b.section))
        }
        lastUpdateCost = cost
    }

    /// Recomputes `tops[lo+1 ... hi+1]` of section `s` from `tops[lo]` after rows `lo...hi`
    /// changed height or order. Returns the entries written.
    mutating func refreshTops(_ s: Int, from lo: Int, through hi: Int) -> Int {
        guard lo <= hi, let heights = rows[s].heights else { return 0 }
        var written = 0
        rows[s].tops?.withUnsafeMutableBufferPointer { tops in
            heights.withUnsafeBufferPointer { h in
                var i = lo
                while i <= hi { tops[i + 1] = tops[i] + h[i]; i += 1; written += 1 }
            }
        }
        return written
    }

    public mutating func reload(from order: Order) {
        rebuild(from: order)
        lastUpdateCost = order.totalCount
    }
}
