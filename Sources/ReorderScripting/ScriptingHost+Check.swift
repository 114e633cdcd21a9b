import ReorderCore
import ReorderLua

extension ScriptingHost {
    /// What `reorder check` found in a policy.
    public struct PolicyReport: Sendable {
        /// The name the policy gives itself.
        public var name: String
        /// Problems found (empty: the policy is fine). A hook failure is two lines: the list it
        /// failed on with the policy's message, then `asked HOOK(ctx, ...)` and, for a slot with
        /// no item, why a drag asks it.
        public var problems: [String]
    }

    /// One list `reorder check` asks a policy's hooks about.
    struct CheckScenario {
        /// How a problem found on this list is introduced ("on the board demo (table items)").
        var label: String
        var options: SessionOptions
    }

    /// The lists `reorder check` tries: plain-string items (the to-do table, the home-button
    /// grid, the tab strip), table items (the task board: `ctx.item` returns `{ id, title,
    /// finished }`), and a table and a board with an empty section. A hook written for one kind
    /// of item, or for a slot that always holds one, fails on another.
    static var checkScenarios: [CheckScenario] {
        var empty = SessionOptions()
        empty.sections = [
            [Item(id: "a", title: "Alpha"), Item(id: "b", title: "Beta")],
            [],
            [Item(id: "c", title: "Gamma")],
        ]
        empty.sectionTitles = ["First", "Empty", "Last"]
        empty.headerHeight = 28
        var emptyList = DemoList.options(layout: .board)
        emptyList.sections[1] = []
        return [
            CheckScenario(label: "on the demo list (string items)", options: DemoList.options()),
            CheckScenario(label: "on the grid demo (string items)", options: DemoList.options(layout: .grid)),
            CheckScenario(label: "on the tab strip (a horizontal grid)", options: DemoList.options(demo: .strip)),
            CheckScenario(label: "on the board demo (table items)", options: DemoList.options(layout: .board)),
            CheckScenario(label: "on a table with an empty section", options: empty),
            CheckScenario(label: "on a board with an empty list", options: emptyList),
            CheckScenario(label: "on the outline demo (a tree)", options: DemoList.options(layout: .tree)),
        ]
    }

    /// Loads a policy as a session would and asks every hook it has what a drag can ask it,
    /// on each of ``checkScenarios`` (see ``PolicyQuestions``). Collects every load warning and
    /// each hook failure once, introduced by the list it failed on and followed by the question.
    public func checkPolicy(_ source: SessionOptions.PolicySource) throws(LuaError) -> PolicyReport {
        func load() throws(LuaError) -> any DragPolicy {
            do {
                switch source {
                case .builtin(let name): return try LuaPolicy(named: name)
                case .file(let path): return try LuaPolicy(path: path)
                case .table: return try makePolicy(source)
                }
            } catch {
                // Flattened: `reorder check` prints the whole text (position included).
                throw LuaError.script(error.description)
            }
        }
        let first = try load()
        var problems = first.drainDiagnostics().filter { $0.kind != .print }.map(\.message)
        var seen = Set(problems)
        for scenario in Self.checkScenarios {
            // A fresh policy per list: each hook's failures are reported per list.
            var questions = PolicyQuestions(policy: try load(), reload: load, options: scenario.options)
            _ = questions.policy.drainDiagnostics()
            try questions.askAll()
            for (message, question) in questions.found where !seen.contains(message) {
                seen.insert(message)
                problems.append("\(scenario.label): \(message)\n  asked \(question)")
            }
        }
        return PolicyReport(name: first.configuration.name, problems: problems)
    }
}

/// The questions a drag can put to a policy's hooks on one list, asked without a drag, each
/// with the arguments written as Lua sees them (1-based). Positions a drag proposes include
/// slots with no item: one past the last row of another section (a drag below its last row or
/// cell, a keyboard step or `move_to_section` into it), which in an empty section is row 1, and
/// a group drag asks `target` for every member, from its own section. The hooks asked:
///
/// - `can_move`, `can_select`, `can_add` and `instructions` at the first and last item of
///   every section;
/// - `target` and `semantics` from each of those items that `can_move` lets lift, to every
///   other of them and to the slot past the last row of every other section (`semantics` also
///   about the target `target` chose), and `combine` onto every other of those items;
/// - `on_begin`, `on_move` (into each other section, its order after the step), `on_end` and
///   `on_cancel` as a drag calls them;
/// - the edge `zone` on both axes, and `speed` at the zone's border (when `edge_scroll.inclusive`),
///   half-way, at the edge and 44 pt past it, half a frame and 1 s after entering;
/// - `actions` and `announce`, through a session: the actions offered, a keyboard drag's lift,
///   steps, cancel and drop, a one-shot
///   `move_to_section` into every other section, and a group of two lifted together;
/// - on a tree, `can_nest` of every node under every visible node outside its subtree (a
///   drop's parent is a visible row or one of its ancestors, all visible), with `ctx.tree`
///   the tree; and a keyboard drag that changes the depth (Right, Left).
///
/// After a switch-off (3 failures of a hook in a row) the policy is loaded again, so one bad
/// hook does not hide another.
struct PolicyQuestions {
    var policy: any DragPolicy
    let reload: () throws(LuaError) -> any DragPolicy
    let options: SessionOptions
    /// Each failure reported, with the question that made it.
    var found: [(message: String, question: String)] = []

    init(policy: any DragPolicy, reload: @escaping () throws(LuaError) -> any DragPolicy, options: SessionOptions) {
        self.policy = policy
        self.reload = reload
        self.options = options
    }

    /// Asks `body` of the policy; what it reported is put down to `question`.
    mutating func ask(_ question: @autoclosure () -> String, _ body: (any DragPolicy) -> Void) throws(LuaError) {
        body(policy)
        var disabled = false
        for d in policy.drainDiagnostics() {
            switch d.kind {
            case .print: continue
            case .disabled: disabled = true
            case .hookError, .warning: found.append((d.message, question()))
            }
        }
        if disabled {
            policy = try reload()
            _ = policy.drainDiagnostics()
        }
    }

    /// `(s, r)` as Lua sees it, with why a drag asks about a slot with no item.
    static func slot(_ p: ItemPosition, in order: Order) -> (text: String, why: String?) {
        let text = "\(p.section + 1), \(p.item + 1)"
        guard !order.isValid(p) else { return (text, nil) }
        if order.count(p.section) == 0 {
            return (text, "section \(p.section + 1) is empty, and a drag into it proposes row 1; ctx.item(\(text)) is nil")
        }
        return (text, "row \(p.item + 1) is past the last row of section \(p.section + 1), which a drag below that row "
                + "proposes (to append); ctx.item(\(text)) is nil")
    }

    static func context(_ order: Order, _ options: SessionOptions) -> PolicyContext {
        let viewport = options.geometry.viewport
        let itemSize = Size(width: viewport.width, height: options.geometry.rowHeight)
        return PolicyContext(order: order, viewport: viewport, content: Size(width: viewport.width, height: 1376),
                             offset: .zero, itemSize: itemSize, frameRate: options.geometry.frameRate, time: 1, dragTime: 0)
    }

    mutating func askAll() throws(LuaError) {
        let options = self.options
        let tree = options.tree.flatMap { try? Tree($0) }
        func context(_ order: Order) -> PolicyContext {
            var c = Self.context(order, options)
            c.tree = tree.map { TreeContext(tree: $0, projection: nil) }
            return c
        }
        let order = tree.map(Order.init(tree:)) ?? Order(sections: options.sections, titles: options.sectionTitles)
        let ctx = context(order)
        let sections = 0..<order.sectionCount
        let ends = sections.flatMap { s in
            order.count(s) == 0 ? [] : Set([0, order.count(s) - 1]).sorted().map { ItemPosition(section: s, item: $0) }
        }
        let appends = sections.map { ItemPosition(section: $0, item: order.count($0)) }

        var movable: [ItemPosition] = []
        for p in ends {
            let at = Self.slot(p, in: order).text
            var lifts = false
            try ask("can_move(ctx, \(at))") { lifts = $0.canMove(ctx, at: p) }
            if lifts { movable.append(p) }
            try ask("can_select(ctx, \(at))") { _ = $0.canSelect(ctx, at: p) }
            try ask("can_add(ctx, \(at))") { _ = $0.canAdd(ctx, at: p) }
            try ask("instructions(ctx, \(at))") { _ = $0.instructions(ctx, at: p) }
        }

        for from in movable {
            let f = Self.slot(from, in: order).text
            for to in ends + appends where to != from && (order.isValid(to) || to.section != from.section) {
                let (t, why) = Self.slot(to, in: order)
                let note = why.map { ": \($0)" } ?? ""
                var chosen: ItemPosition?
                try ask("target(ctx, \(f), \(t))\(note)") { chosen = $0.target(ctx, from: from, proposed: to) }
                try ask("semantics(ctx, \(f), \(t))\(note)") { _ = $0.semantics(ctx, from: from, to: to) }
                if order.isValid(to) {
                    try ask("combine(ctx, \(f), \(t))\(note)") { _ = $0.combine(ctx, from: from, onto: to) }
                }
                if let c = chosen, c != to, c != from, order.isValid(c) || c.section != from.section && c.item == order.count(c.section) {
                    let (ct, cwhy) = Self.slot(c, in: order)
                    try ask("semantics(ctx, \(f), \(ct)): the slot `target` chose\(cwhy.map { "; \($0)" } ?? "")") {
                        _ = $0.semantics(ctx, from: from, to: c)
                    }
                }
            }
        }

        if let from = movable.first {
            let f = Self.slot(from, in: order).text
            // A drag's lifecycle: a step into each other section (`ctx` holds the order after
            // the step, as in a drag), a drop there, a drop where it began, a cancel.
            for to in appends where to.section != from.section {
                var after = order
                _ = after.move(from: from, to: to)
                let landed = ItemPosition(section: to.section, item: after.count(to.section) - 1)
                let l = Self.slot(landed, in: after).text
                try ask("on_begin(ctx, \(f))") { $0.onBegin(ctx, at: from) }
                try ask("on_move(ctx, \(f), \(l)): a step to the end of section \(to.section + 1)") {
                    $0.onMove(context(after), from: from, to: landed)
                }
                try ask("on_end(ctx, \(f), \(l)): a drop at the end of section \(to.section + 1)") {
                    _ = $0.onEnd(context(after), from: from, to: landed)
                }
            }
            try ask("on_begin(ctx, \(f))") { $0.onBegin(ctx, at: from) }
            try ask("on_end(ctx, \(f), \(f)): a drop where the drag began") { _ = $0.onEnd(ctx, from: from, to: from) }
            try ask("on_begin(ctx, \(f))") { $0.onBegin(ctx, at: from) }
            try ask("on_cancel(ctx)") { _ = $0.onCancel(ctx) }
        }

        let inclusive = policy.configuration.edgeScroll.inclusive
        for axis in Axis.allCases {
            let length = axis == .vertical ? ctx.viewport.height : ctx.viewport.width
            var zone = 0.0
            try ask("zone(ctx, \"\(axis.rawValue)\", \(NumberText.plain(length)))") {
                zone = $0.edgeZone(ctx, axis: axis, viewportLength: length)
            }
            let z = max(zone, 1)
            for depth in (inclusive ? [0] : []) + [z / 2, z, z + 44] {
                for elapsed in [ctx.dt / 2, 1] {
                    let args = [depth, z, elapsed].map(NumberText.plain).joined(separator: ", ")
                    try ask("speed(ctx, \(args), \"\(axis.rawValue)\", \(NumberText.plain(ctx.dt)))") {
                        _ = $0.scrollSpeed(ctx, axis: axis, depth: depth, zone: z, elapsed: elapsed)
                    }
                }
            }
        }

        if let tree {
            for item in 0..<Int32(tree.count) {
                let id = tree.id(item)
                for r in 0..<tree.visibleCount {
                    let parent = tree.handle(atRow: r)
                    guard !tree.isInSubtree(parent, of: item) else { continue }
                    let p = tree.id(parent)
                    try ask("can_nest(ctx, \"\(EchoText.clip(id))\", \"\(EchoText.clip(p))\")") { _ = $0.canNest(ctx, item: id, parent: p) }
                }
            }
        }

        try askByKeyboard(order: order, movable: movable, tree: tree)
    }

    /// `announce` (and the hooks a keyboard drag calls) through a session on the list: a lift,
    /// a step down and up, a cancel; a lift, a step to the section's end and a drop; a one-shot
    /// `move_to_section` into every other section; two items of different sections selected and
    /// lifted together into a third section (or the first's end).
    mutating func askByKeyboard(order: Order, movable: [ItemPosition], tree: Tree? = nil) throws(LuaError) {
        guard let from = movable.first else { return }
        let f = "\(from.section + 1), \(from.item + 1)"
        let options = self.options
        func session(_ policy: any DragPolicy) -> DragSimulator {
            if let tree { return DragSimulator(tree: tree, geometry: options.geometry, policy: policy) }
            return DragSimulator(order: order, layout: options.makeLayout(order: order), viewport: options.viewport,
                                 policy: policy, frameRate: options.frameRate)
        }
        if tree != nil {
            try ask("the hooks of a keyboard drag of \(f) on the tree (can_nest and announce among them): lift, down, right, left, drop") {
                let sim = session($0)
                sim.focus(from)
                for key in [KeyboardKey.space, .down, .right, .left, .space] { sim.key(key) }
            }
        }
        try ask("actions(ctx, \(f), offered): the one-shot actions offered for it") {
            _ = session($0).keyboardActions(at: from)
        }
        try ask("the hooks of a keyboard drag of \(f) (announce among them): lift, down, up, escape") {
            let sim = session($0)
            sim.focus(from)
            for key in [KeyboardKey.space, .down, .up, .escape] { sim.key(key) }
        }
        try ask("the hooks of a keyboard drag of \(f) (announce among them): lift, end, drop") {
            let sim = session($0)
            sim.focus(from)
            for key in [KeyboardKey.space, .end, .space] { sim.key(key) }
        }
        for s in 0..<order.sectionCount where s != from.section {
            try ask("the hooks of a keyboard move_to_section \(s + 1) of \(f): target is asked about the slot past its last row") {
                session($0).perform(.moveToSection(s), at: from)
            }
        }
        guard let other = movable.first(where: { $0.section != from.section }) else { return }
        let o = "\(other.section + 1), \(other.item + 1)"
        let into = (0..<order.sectionCount).first { $0 != from.section && $0 != other.section } ?? from.section
        try ask("the hooks of a group drag of \(f) and \(o) into section \(into + 1): target is asked for each member") {
            let sim = session($0)
            sim.focus(other)
            sim.key(.shiftSpace)
            sim.focus(from)
            sim.key(.shiftSpace)
            if into == from.section { sim.perform(.moveToEnd, at: from) } else { sim.perform(.moveToSection(into), at: from) }
        }
    }
}
