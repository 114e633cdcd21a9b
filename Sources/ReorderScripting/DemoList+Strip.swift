import ReorderCore
import ReorderLua

extension DemoList {
    /// The built-in demos: one per layout, and the tab strip (a horizontal grid).
    ///
    /// ```swift
    /// DemoList.Demo(rawValue: "strip")?.layout   // .grid
    /// DemoList.options(demo: .strip).gridDirection   // .horizontal
    /// ```
    public enum Demo: String, Hashable, Sendable, CaseIterable {
        /// The to-do list (a table).
        case table
        /// The home-button grid.
        case grid
        /// The task board.
        case board
        /// A tab strip: a dozen 80 × 44 pt tabs in a 375 × 44 pt viewport, scrolling sideways.
        case strip
        /// An outline: the to-dos under a few projects (a tree).
        case tree

        /// The layout the demo is built on.
        public var layout: LayoutKind {
            switch self {
            case .table: return .table
            case .grid, .strip: return .grid
            case .board: return .board
            case .tree: return .tree
            }
        }

        /// The demo of a layout.
        public init(_ layout: LayoutKind) {
            switch layout {
            case .table: self = .table
            case .grid: self = .grid
            case .board: self = .board
            case .tree: self = .tree
            }
        }

        /// How the REPL's banner names it.
        public var title: String {
            switch self {
            case .table: return "demo list"
            case .grid: return "home-button grid"
            case .board: return "task board"
            case .strip: return "tab strip"
            case .tree: return "outline"
            }
        }

        /// `table`, `grid`, `board`, `strip` (for messages: ``ChoiceText/list(_:quote:)``).
        public static let names = allCases.map(\.rawValue)
    }

    /// The tabs of the strip demo: a browser's dozen open tabs.
    public static let tabs = [
        "Mail", "Calendar", "News", "Docs", "Maps", "Music", "Photos", "Notes", "Weather", "Shop", "Chat", "Wiki",
    ]

    /// Session options for a demo. The strip: the twelve ``tabs`` of 80 × 44 pt in one line of a
    /// horizontal grid (`grid = { direction = "horizontal", item_width = 80, item_height = 44 }`)
    /// on a 375 × 44 pt viewport, under `default` (the content is 960 pt wide: it scrolls).
    ///
    /// ```lua
    /// local s = reorder.session(reorder.demo(nil, "strip"))
    /// ```
    public static func options(demo: Demo, policy: SessionOptions.PolicySource? = nil) -> SessionOptions {
        guard demo == .strip else { return options(layout: demo.layout, policy: policy) }
        var o = SessionOptions()
        o.policy = policy ?? .builtin("default")
        o.layout = .grid
        o.gridDirection = .horizontal
        o.sections = [tabs.map(Item.init)]
        o.grid = ["item_width": 80, "item_height": 44]
        o.viewport = Size(width: 375, height: 44)
        return o
    }
}
