/// The geometry a session is built on: the layout and its options, the viewport and the frame
/// rate.
///
/// The Lua session API's options, a trace's `session` line and a fuzz scenario each hold one,
/// and each builds its layout here, so a recorded or fuzzed trace replays on exactly the
/// geometry it was made on. Types that hold one forward its properties by dynamic member
/// lookup (`scenario.viewport`, `header.frameRate`).
///
/// ```swift
/// var geometry = SessionGeometry(layout: .grid, grid: ["item_width": 81.25, "item_height": 85])
/// geometry.frameRate = 120
/// let layout = geometry.makeLayout(order: Order(sections: [(1...16).map { Item(String($0)) }]))
/// ```
public struct SessionGeometry: Hashable, Sendable {
    /// `table`, `grid` or `board`.
    public var layout: LayoutKind
    /// Row height of tables and board lists, points.
    public var rowHeight: Double
    /// Section header (board list title) height, points.
    public var headerHeight: Double
    /// `grid = { item_width, item_height, spacing, line_spacing, columns, inset, inset_top,
    /// inset_left, inset_bottom, inset_right }` (for the grid layout; see ``GridLayout``).
    /// Missing: 85 × 85 pt cells, no spacing, no insets, columns from the viewport width.
    public var grid: [String: Double]
    /// `grid = { direction = "horizontal" }`: which way a grid grows and scrolls (the one grid
    /// option that is not a length; see ``GridLayout/Direction``). Vertical by default.
    public var gridDirection: GridLayout.Direction = .vertical
    /// `board = { inset, spacing }` (for the board layout; see ``BoardLayout``): a list is the
    /// viewport width minus `inset` wide (default 40), lists are `spacing` apart (default 10).
    /// Rows use `rowHeight`, list titles `headerHeight`.
    public var board: [String: Double]
    public var viewport: Size
    public var frameRate: Double

    public init(layout: LayoutKind = .table, rowHeight: Double = 44, headerHeight: Double = 0,
                grid: [String: Double] = [:], board: [String: Double] = [:],
                viewport: Size = Size(width: 375, height: 667), frameRate: Double = 60) {
        self.layout = layout; self.rowHeight = rowHeight; self.headerHeight = headerHeight
        self.grid = grid; self.board = board; self.viewport = viewport; self.frameRate = frameRate
    }

    /// The layout of `order` on this geometry.
    public func makeLayout(order: Order) -> any Layout {
        layout.makeLayout(order: order, viewport: viewport, rowHeight: rowHeight, headerHeight: headerHeight,
                          grid: grid, board: board, gridDirection: gridDirection)
    }
}
