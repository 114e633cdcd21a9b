/// The geometry of a list: where each item and header sits in content coordinates, and which
/// item lies under a point.
///
/// A layout is kept in step with the ``Order`` it describes: sizes belong to items, so when the
/// session moves or exchanges items it tells the layout with ``didMove(from:to:)`` /
/// ``didExchange(_:_:)``. Content coordinates have their origin at the top-left of the content;
/// a viewport point becomes a content point by adding the content offset.
///
/// Ranges are half-open: a cell owns its first pixel row (`minY`) and not its `maxY`, which
/// belongs to whatever follows. Implementations: ``TableLayout`` (sections, headers, per-row
/// heights), ``GridLayout`` (flow of equal cells) and ``BoardLayout`` (lists side by side, each
/// scrolling on its own). The requirements from ``proposedPosition(at:dragging:)`` on have
/// defaults that suit a single scroll view; a board overrides them.
///
/// ```swift
/// let order = Order(sections: [(0..<100).map { Item("row \($0)") }])
/// let table = TableLayout(order: order, width: 375, rowHeight: 44)
/// table.position(at: Point(x: 10, y: 88))   // (0, 2)
/// table.frame(of: ItemPosition(section: 0, item: 2))   // [0.0, 88.0, 375.0, 44.0]
/// ```
public protocol Layout: Sendable {
    /// The size of everything that can be scrolled to.
    var contentSize: Size { get }
    /// The axis the content grows and scrolls along (see the default). A drag reads it once,
    /// at the lift, for its whole length (`follow` and `edge_scroll.axes` = `"main"`).
    var scrollAxis: Axis { get }
    /// Number of sections the layout knows.
    var sectionCount: Int { get }
    /// Number of items in `section` (0 for a section that does not exist).
    func count(_ section: Int) -> Int
    /// The frame of an item in content coordinates, or nil for an invalid position.
    func frame(of position: ItemPosition) -> Rect?
    /// The frame of a section's header (possibly zero-height), or nil for an invalid section.
    func headerFrame(of section: Int) -> Rect?
    /// The item whose frame contains `point` (content coordinates), or nil for headers, gaps
    /// and empty space.
    func position(at point: Point) -> ItemPosition?
    /// The items whose frames intersect `rect` (content coordinates), in order.
    func positions(in rect: Rect) -> [ItemPosition]
    /// The viewport changed size (grids recompute their columns, tables their width).
    mutating func setViewport(_ viewport: Size)
    /// The item at `from` was removed and inserted at `to` (as ``Order/move(from:to:)``).
    mutating func didMove(from: ItemPosition, to: ItemPosition)
    /// The items at `a` and `b` swapped places (as ``Order/exchange(_:_:)``).
    mutating func didExchange(_ a: ItemPosition, _ b: ItemPosition)
    /// Rebuilds everything from `order` (used after a wholesale rearrangement).
    mutating func reload(from order: Order)
    /// Where a drag heads with the finger at `point` (see the default).
    func proposedPosition(at point: Point, dragging: ItemPosition) -> ItemPosition?
    /// Whether every item is known to have the same size (see the default).
    var hasUniformItemSizes: Bool { get }
    /// Edge scrolling the layout does itself (see the default).
    mutating func scroll(_ axis: Axis, by delta: Double, at point: Point, dragging: ItemPosition?) -> Bool
    /// The offset a released drag settles at (see the default).
    func snappedOffset(_ offset: Point, viewport: Size) -> Point?
    /// Broken invariants of the layout's own state.
    func layoutViolations() -> [String]
    /// The part of an item's frame that shows in a `viewport` scrolled to `offset`, in
    /// viewport coordinates, or nil.
    func visibleFrame(of position: ItemPosition, offset: Point, viewport: Size) -> Rect?
    /// The offset a policy sees as `ctx.offset` when the content offset is `offset` (see the
    /// default).
    func contextOffset(_ offset: Point, dragging: ItemPosition?) -> Point
    /// The vertical offsets of the parts that scroll on their own (a board's lists; see the
    /// default).
    var listOffsets: [Double] { get }
    /// Scrolls the parts that scroll on their own (see the default).
    mutating func setListOffsets(_ offsets: [Double])
}

extension Layout {
    /// The axis the content grows and scrolls along: vertical by default, horizontal for a
    /// horizontal grid (a strip). Policies name it `"main"` (`follow`, `edge_scroll.axes`).
    public var scrollAxis: Axis { .vertical }

    /// The position a drag should head for with the finger at `point` (content coordinates)
    /// while the dragged item is at `dragging`. Default: the item under the point. Layouts with
    /// room past their last item (a grid's last line, a board's list) may propose the end of a
    /// section: its last index for the dragged item's own section, one past the end for another.
    public func proposedPosition(at point: Point, dragging: ItemPosition) -> ItemPosition? {
        position(at: point)
    }

    /// Whether every item is known to have the same size. Then every step is stable as it is
    /// (the dragged item's new slot is the one under the reference point), and the session does
    /// not check it. The default, `false`, has the session check every step (see
    /// ``DragSession`` "Stable targets"); ``TableLayout`` and ``BoardLayout`` answer `true`
    /// when no row has its own height, ``GridLayout`` always (its cells are equal).
    ///
    /// ```swift
    /// let order = Order(sections: [[Item("a"), Item(id: "big", fields: ["height": .number(200)])]])
    /// TableLayout(order: order, width: 320).hasUniformItemSizes   // false
    /// ```
    public var hasUniformItemSizes: Bool { false }

    /// Edge scrolling by `delta` points along `axis`, with the reference point at `point`
    /// (content coordinates) and the dragged item at `dragging`. Returns `true` when the layout
    /// scrolled something of its own (a board's list); `false` (the default) lets the session
    /// move its content offset.
    public mutating func scroll(_ axis: Axis, by delta: Double, at point: Point, dragging: ItemPosition?) -> Bool {
        false
    }

    /// Where the content offset should settle when a drag ends at `offset` (paging); nil (the
    /// default) keeps it.
    public func snappedOffset(_ offset: Point, viewport: Size) -> Point? {
        nil
    }

    /// Broken invariants of the layout's own state (empty by default).
    public func layoutViolations() -> [String] {
        []
    }

    /// The frame in viewport coordinates clipped to the viewport (nil when nothing of it
    /// shows). A board also clips away its titles band, where rows scrolled up are hidden.
    public func visibleFrame(of position: ItemPosition, offset: Point, viewport: Size) -> Rect? {
        guard var f = frame(of: position) else { return nil }
        f.origin = f.origin - offset
        let minX = max(f.minX, 0), maxX = min(f.maxX, viewport.width)
        let minY = max(f.minY, 0), maxY = min(f.maxY, viewport.height)
        guard minX < maxX, minY < maxY else { return nil }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// What a policy sees as `ctx.offset` when the content offset is `offset` and the dragged
    /// (or pressed) item is at `dragging`: `offset` itself (the default, a single scroll view).
    /// A board answers with its x and the vertical scroll of the list the policy works in.
    ///
    /// ```swift
    /// let order = Order(sections: [(0..<50).map { Item("row \($0)") }])
    /// let table = TableLayout(order: order, width: 375, rowHeight: 44)
    /// table.contextOffset(Point(x: 0, y: 88), dragging: nil)   // (0.0, 88.0)
    /// ```
    public func contextOffset(_ offset: Point, dragging: ItemPosition?) -> Point {
        offset
    }

    /// The vertical offsets of the parts of the layout that scroll on their own, one per
    /// section: empty by default (everything scrolls with the content offset); a board's
    /// ``BoardLayout/listOffsets``.
    public var listOffsets: [Double] { [] }

    /// Scrolls the parts of the layout that scroll on their own (each clamped as the layout
    /// clamps its own scrolling); does nothing by default. A board takes one offset per list,
    /// in order; missing ones are left as they are, extra ones ignored.
    ///
    /// ```swift
    /// var table = TableLayout(order: Order(sections: [[Item("a")]]), width: 375, rowHeight: 44)
    /// table.setListOffsets([100])
    /// table.listOffsets   // []: a table has no lists of its own
    /// ```
    public mutating func setListOffsets(_ offsets: [Double]) {}

    /// Whether `position` names an item of this layout.
    public func isValid(_ position: ItemPosition) -> Bool {
        position.section >= 0 && position.section < sectionCount
            && position.item >= 0 && position.item < count(position.section)
    }
}
