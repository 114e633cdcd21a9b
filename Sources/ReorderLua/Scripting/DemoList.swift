import ReorderCore

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
        var o = SessionOptions()
        o.policy = policy
        o.sections = [today.map(Item.init), later.map(Item.init)]
        o.sectionTitles = titles
        o.headerHeight = 28
        o.rowHeight = 44
        o.viewport = Size(width: 375, height: 667)
        return o
    }
}

extension SessionOptions {
    /// The options as the Lua table `reorder.session` accepts (the inverse of `init(_:)`).
    public var scriptValue: ScriptValue {
        var fields: [String: ScriptValue] = [:]
        switch policy {
        case .builtin(let n): fields["policy"] = .string(n)
        case .file(let p): fields["policy"] = .string(p)
        case .table(let r): fields["policy"] = .reference(r)
        }
        fields["sections"] = .array(sections.map { .array($0.map(ScriptSession.itemValue)) })
        if !sectionTitles.isEmpty { fields["titles"] = .array(sectionTitles.map { .string($0) }) }
        fields["layout"] = .string(layout.rawValue)
        fields["row_height"] = .number(rowHeight)
        fields["header_height"] = .number(headerHeight)
        if !grid.isEmpty { fields["grid"] = .record(grid.mapValues { .number($0) }) }
        fields["viewport"] = .record(["width": .number(viewport.width), "height": .number(viewport.height)])
        fields["frame_rate"] = .number(frameRate)
        if let r = restore { fields["restore"] = .record(["path": .string(r), "key": .string(restoreKey)]) }
        return .record(fields)
    }
}
