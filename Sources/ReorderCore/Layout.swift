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
/// heights). Grids and boards conform the same way.
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
}

extension Layout {
    /// Whether `position` names an item of this layout.
    public func isValid(_ position: ItemPosition) -> Bool {
        position.section >= 0 && position.section < sectionCount
            && position.item >= 0 && position.item < count(position.section)
    }
}
