/// The four layouts, and how each is built from the geometry options of the Lua session API
/// (`reorder.session{ layout =, row_height =, header_height =, grid = {...}, board = {...} }`).
///
/// The session API, trace replay and the fuzzer all build layouts here, so a recorded or fuzzed
/// trace replays on exactly the geometry it was made on.
///
/// ```swift
/// let order = Order(sections: [(1...16).map { Item(String($0)) }])
/// let grid = LayoutKind.grid.makeLayout(order: order, viewport: Size(width: 375, height: 667),
///                                       grid: ["item_width": 81.25, "item_height": 85])
/// ```
public enum LayoutKind: String, Hashable, Sendable, CaseIterable {
    /// ``TableLayout``: sections stacked vertically, headers, uniform or per-item row heights.
    case table
    /// ``GridLayout``: a flow layout of fixed-size items, columns from the viewport width.
    case grid
    /// ``BoardLayout``: one list per section side by side, a page each, horizontal paging.
    case board
    /// A ``Tree``'s visible nodes as the rows of one ``TableLayout`` section, each drawn
    /// `depth × tree.indent` points in (a session's `tree = {...}`; see DragSession+Tree).
    case tree

    /// The layout of `order`.
    ///
    /// `grid` keys: `item_width`, `item_height` (85), `spacing` (0), `line_spacing` (`spacing`),
    /// `inset` and `inset_top`/`_left`/`_bottom`/`_right` (0), `columns` (fit the width).
    /// `board` keys: `inset` (40), `spacing` (10). Unknown keys are the caller's to reject.
    /// `gridDirection` is `grid.direction`: a horizontal grid fits its columns to the viewport's
    /// height and grows to the right.
    public func makeLayout(order: Order, viewport: Size, rowHeight: Double = 44, headerHeight: Double = 0,
                           grid: [String: Double] = [:], board: [String: Double] = [:],
                           gridDirection: GridLayout.Direction = .vertical) -> any Layout {
        switch self {
        case .table, .tree:
            return TableLayout(order: order, width: viewport.width, rowHeight: rowHeight, headerHeight: headerHeight)
        case .grid:
            let all = grid["inset"] ?? 0
            let insets = GridLayout.Insets(top: grid["inset_top"] ?? all, left: grid["inset_left"] ?? all,
                                           bottom: grid["inset_bottom"] ?? all, right: grid["inset_right"] ?? all)
            return GridLayout(order: order, width: gridDirection == .vertical ? viewport.width : viewport.height,
                              itemSize: Size(width: grid["item_width"] ?? 85, height: grid["item_height"] ?? 85),
                              interitemSpacing: grid["spacing"] ?? 0,
                              lineSpacing: grid["line_spacing"] ?? grid["spacing"] ?? 0,
                              sectionInsets: insets, headerHeight: headerHeight,
                              columns: grid["columns"].map { Int(clamping: $0, to: 0...GridLayout.maximumColumns) },
                              direction: gridDirection)
        case .board:
            return BoardLayout(order: order, viewport: viewport, inset: board["inset"] ?? 40,
                               spacing: board["spacing"] ?? 10, rowHeight: rowHeight, headerHeight: headerHeight)
        }
    }
}
