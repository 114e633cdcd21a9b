import ReorderCore
import ReorderLua

/// The list the REPL starts on (and `reorder replay` uses for traces without a `session` line):
/// two sections of fifteen to-dos, "Today" and "Later", with 28 pt headers and 44 pt rows in a
/// 375 × 667 viewport (an iPhone 8 screen, the size most of the reference documents show).
///
/// ```lua
/// local s = reorder.session(reorder.demo("jx_movable"))
/// ```
public enum DemoList {
    public static let titles = ["Today", "Later"]
    public static let today = [
        "Inbox zero", "Standup", "Review PR 42", "Write spec", "Lunch with Ana", "Fix flaky test",
        "Call dentist", "Plan sprint", "Pay rent", "Gym", "Read paper", "Groceries", "Reply to Sam",
        "Update README", "Water plants",
    ]
    public static let later = [
        "Book flights", "Tax return", "Learn Lua", "Clean garage", "Renew passport", "Backup photos",
        "Paint fence", "Visit grandma", "Sell old bike", "Fix bike light", "Try new cafe", "Sort emails",
        "Birthday gift", "Car service", "Plan holiday",
    ]

    /// Session options for the demo list under `policy`.
    public static func options(policy: SessionOptions.PolicySource = .builtin("default")) -> SessionOptions {
        var o = phone(.table, policy)
        o.sections = [today.map(Item.init), later.map(Item.init)]
        o.sectionTitles = titles
        o.headerHeight = 28
        return o
    }

    /// What every demo shares: `policy` on `layout` in the 375 × 667 viewport, rows 44 pt.
    static func phone(_ layout: SessionOptions.LayoutKind, _ policy: SessionOptions.PolicySource) -> SessionOptions {
        var o = SessionOptions()
        o.policy = policy
        o.layout = layout
        o.rowHeight = 44
        o.viewport = Size(width: 375, height: 667)
        return o
    }
}

extension DemoList {
    /// The home-screen buttons of the collection-view reference (a school app's home page:
    /// students and teachers each keep their own order).
    public static let homeButtons = [
        "Homework", "Grades", "Timetable", "Notices", "Attendance", "Library", "Exams", "Clubs",
        "Messages", "Canteen", "School bus", "Settings", "Calendar", "Photos",
    ]
    /// The task board's lists and tasks (a finished task cannot be lifted).
    public static let boardTitles = ["today", "next", "later"]
    public static let boardTasks: [[(String, Bool)]] = [
        [("Standup", true), ("Review PR 42", false), ("Write spec", false), ("Lunch with Ana", false),
         ("Fix flaky test", false), ("Call dentist", true), ("Plan sprint", false), ("Pay rent", false),
         ("Gym", false), ("Read paper", false), ("Groceries", false), ("Reply to Sam", false),
         ("Update README", false), ("Water plants", false), ("Inbox zero", false), ("Backup laptop", false)],
        [("Book flights", false), ("Tax return", false), ("Learn Lua", true), ("Clean garage", false),
         ("Renew passport", false), ("Backup photos", false)],
        [("Paint fence", false), ("Visit grandma", false), ("Sell old bike", false), ("Fix bike light", false)],
    ]

    /// The outline demo: the to-dos under three projects, one of them collapsed.
    public static let outline: [TreeNodeDescription] = [
        TreeNodeDescription(id: "Work", children: [
            TreeNodeDescription(id: "Review PR 42", children: ["Read the diff", "Run the tests"]),
            "Write spec", "Plan sprint",
        ]),
        TreeNodeDescription(id: "Home", children: ["Pay rent", "Water plants", "Groceries"]),
        TreeNodeDescription(id: "Later", children: ["Book flights", "Tax return", "Learn Lua"], collapsed: true),
        "Inbox zero",
    ]

    /// Session options for the demo of a layout: the to-do table (`default`), the home-button
    /// grid (`grid_home`: 4 columns of (375 − 50) / 4 × 85 pt, 0.1 pt spacing, as the reference
    /// sets its flow layout) or the task board (`kanban`: lists 325 pt wide, 10 pt apart, 44 pt
    /// titles and rows).
    ///
    /// ```lua
    /// local s = reorder.session(reorder.demo("grid_home", "grid"))
    /// ```
    public static func options(layout: SessionOptions.LayoutKind, policy: SessionOptions.PolicySource? = nil) -> SessionOptions {
        switch layout {
        case .table:
            return options(policy: policy ?? .builtin("default"))
        case .grid:
            var o = phone(.grid, policy ?? .builtin("grid_home"))
            o.sections = [homeButtons.map(Item.init)]
            o.grid = ["item_width": (375 - 50) / 4, "item_height": 85, "spacing": 0.1, "line_spacing": 0.1]
            return o
        case .tree:
            var o = phone(.tree, policy ?? .builtin("default"))
            o.tree = outline
            return o
        case .board:
            var o = phone(.board, policy ?? .builtin("kanban"))
            o.sections = boardTasks.map { list in
                list.map { title, finished in
                    Item(id: title, title: title, fields: finished ? ["finished": .bool(true)] : [:])
                }
            }
            o.sectionTitles = boardTitles
            o.headerHeight = 44
            o.board = ["inset": 50, "spacing": 10]
            return o
        }
    }
}

extension SessionOptions {
    /// The options as the Lua table `reorder.session` accepts (the inverse of `init(_:)`). An
    /// inline policy table lives in the VM, not in a value: it is left out (see
    /// ``ScriptingHost/setSession(global:options:)`` to make a session with it).
    ///
    /// ```swift
    /// DemoList.options(layout: .grid).luaValue["layout"]   // .string("grid")
    /// ```
    public var luaValue: LuaValue {
        var fields: [String: LuaValue] = [:]
        switch policy {
        case .builtin(let n): fields["policy"] = .string(n)
        case .file(let p): fields["policy"] = .string(p)
        case .table: break
        }
        if let tree {
            fields["tree"] = .array(tree.map(ScriptSession.treeNodeValue))
        } else {
            fields["sections"] = .array(sections.map { .array($0.map(ScriptSession.itemValue)) })
        }
        if !sectionTitles.isEmpty { fields["titles"] = .array(sectionTitles.map { .string($0) }) }
        fields["layout"] = .string(geometry.layout.rawValue)
        fields["row_height"] = .number(geometry.rowHeight)
        fields["header_height"] = .number(geometry.headerHeight)
        var grid = geometry.grid.mapValues { LuaValue.number($0) }
        if geometry.gridDirection != .vertical { grid["direction"] = .string(geometry.gridDirection.rawValue) }
        if !grid.isEmpty { fields["grid"] = .record(grid) }
        if !geometry.board.isEmpty { fields["board"] = .record(geometry.board.mapValues { .number($0) }) }
        fields["viewport"] = .record(["width": .number(geometry.viewport.width), "height": .number(geometry.viewport.height)])
        fields["frame_rate"] = .number(geometry.frameRate)
        if let r = restore { fields["restore"] = .record(["path": .string(r), "key": .string(restoreKey)]) }
        return .record(fields)
    }
}
