import ReorderCore

/// The layouts the fuzzer can build sessions on (ReorderCore's ``LayoutKind``).
public typealias FuzzLayout = LayoutKind

/// A list to fuzz on: its items (some locked), geometry, viewport and frame rate.
///
/// Items are named `s<section>r<row>` by their starting place, so a violation message can say
/// which item went missing. Some carry the fields built-in policies lock on (`finished` for
/// `kanban`, `locked`, `movable = false`) and some a `height`.
///
/// ```swift
/// var rng = SplitMix64(seed: 7)
/// let scenario = FuzzScenario.random(layout: .table, using: &rng)
/// let sim = scenario.makeSimulator(policy: DefaultPolicy())
/// ```
@dynamicMemberLookup
public struct FuzzScenario: Hashable, Sendable, CustomStringConvertible {
    /// The items of each section; on a tree, the one section of its visible rows at the start.
    public var sections: [[Item]]
    /// A tree scenario's tree (layout `tree`), in the nested shape; nil for the other layouts.
    /// Its nodes are named `n<k>` by their preorder index (1-based).
    public var tree: [TreeNodeDescription]?
    /// Layout, heights, grid and board options, viewport and frame rate (read and written
    /// through this value's own members: `scenario.viewport`).
    public var geometry: SessionGeometry

    public init(layout: FuzzLayout = .table, sections: [[Item]], viewport: Size = Size(width: 375, height: 667),
                rowHeight: Double = 44, headerHeight: Double = 0, frameRate: Double = 60,
                grid: [String: Double] = [:], board: [String: Double] = [:]) {
        self.sections = sections
        geometry = SessionGeometry(layout: layout, rowHeight: rowHeight, headerHeight: headerHeight, grid: grid,
                                   board: board, viewport: viewport, frameRate: frameRate)
    }

    public init(sections: [[Item]], geometry: SessionGeometry) {
        self.sections = sections
        self.geometry = geometry
    }

    public subscript<T>(dynamicMember key: WritableKeyPath<SessionGeometry, T>) -> T {
        get { geometry[keyPath: key] }
        set { geometry[keyPath: key] = newValue }
    }

    /// The layout of `order`, built as the Lua session API builds it from the same options, so
    /// that `reorder replay` reproduces a fuzz trace exactly.
    public func makeLayout(order: Order) -> any Layout { geometry.makeLayout(order: order) }

    /// Checks the items and the geometry with ReorderCore's ``Validator``, as
    /// `reorder.session{...}` and a trace's `session` line are checked.
    ///
    /// ```swift
    /// var scenario = FuzzScenario(sections: [[Item("a"), Item("a")]])
    /// try scenario.validate()   // throws "duplicate item id 'a' (section 1, row 2): ids must be unique"
    /// ```
    public func validate() throws(ValidationError) {
        if let tree { _ = try Tree(tree) } else { try Validator.validate(sections: sections) }
        try geometry.validate()
    }

    /// A tree scenario on `roots`: its rows (``sections``) are the tree's visible nodes.
    ///
    /// ```swift
    /// let s = try FuzzScenario(tree: ["a", TreeNodeDescription(id: "b", children: ["b1"], collapsed: true)],
    ///                          geometry: SessionGeometry(layout: .tree))
    /// s.sections.map { $0.map(\.id) }   // [["a", "b"]]
    /// ```
    public init(tree roots: [TreeNodeDescription], geometry: SessionGeometry) throws(ValidationError) {
        let tree = try Tree(roots)
        self.init(sections: [tree.visibleIDs.compactMap { tree.handle(of: $0).map(tree.item) }], geometry: geometry)
        self.tree = roots
    }

    /// The order the session starts with (a tree's: its visible rows).
    public var order: Order {
        if let tree, let t = try? Tree(tree) { return Order(tree: t) }
        return Order(sections: sections)
    }

    /// A fresh simulator on this scenario, not recording (the fuzzer keeps its own trace).
    public func makeSimulator(policy: any DragPolicy) -> DragSimulator {
        let sim: DragSimulator
        if let roots = tree, let t = try? Tree(roots) {
            sim = DragSimulator(tree: t, geometry: geometry, policy: policy)
        } else {
            let order = self.order
            sim = DragSimulator(order: order, layout: makeLayout(order: order), viewport: geometry.viewport, policy: policy,
                                frameRate: geometry.frameRate)
        }
        sim.isRecording = false
        return sim
    }

    /// A random scenario: 1 to 3 sections (2 to 4 lists on a board) of 0 to 40 items (rarely
    /// 200; empty sections too), an occasional item per kind locked, sometimes per-item heights
    /// (1 pt to two 667 pt viewports), headers, a small or odd viewport, 60 or 120 Hz; for grids
    /// a random item size, spacing and column count, and one grid in three horizontal (columns
    /// filled top to bottom, scrolling sideways; a strip when one cell fits the height).
    public static func random(layout: FuzzLayout, using rng: inout SplitMix64) -> FuzzScenario {
        if layout == .tree { return randomTree(using: &rng) }
        let sectionCount = layout == .board ? rng.pick([2, 3, 3, 4]) : rng.pick([1, 1, 1, 2, 3])
        let variableHeights = rng.chance(0.25)
        var sections: [[Item]] = []
        for s in 0..<sectionCount {
            let count = rng.chance(0.05) ? 200 : rng.pick([0, 1, 2, 3, 5, 8, 12, 20, 30, 40])
            var items: [Item] = []
            for r in 0..<count {
                var fields: [String: ItemValue] = [:]
                if rng.chance(0.08) { fields["finished"] = .bool(true) }
                if rng.chance(0.05) { fields["locked"] = .bool(true) }
                if rng.chance(0.04) { fields["movable"] = .bool(false) }
                if variableHeights { fields["height"] = .number(rng.pick([1, 20, 44, 44, 60, 120, 300, 1334])) }
                let id = "s\(s + 1)r\(r + 1)"   // 1-based, as users read positions
                items.append(fields.isEmpty ? Item(id) : Item(id: id, title: id, fields: fields))
            }
            sections.append(items)
        }
        if sections.allSatisfy(\.isEmpty) { sections[0] = (0..<5).map { Item("s1r\($0 + 1)") } }
        let viewport = rng.pick([Size(width: 375, height: 667), Size(width: 375, height: 667),
                                 Size(width: 320, height: 200), Size(width: 1024, height: 90),
                                 Size(width: 390, height: 844)])
        var grid: [String: Double] = [:], board: [String: Double] = [:]
        var direction = GridLayout.Direction.vertical
        switch layout {
        case .table, .tree: break
        case .grid:
            let side = rng.pick([85.0, 85, 60, 120, 200])
            grid = ["item_width": side, "item_height": rng.chance(0.7) ? side : rng.pick([40.0, 100]),
                    "spacing": rng.pick([0.0, 0, 8])]
            if rng.chance(0.3) { grid["columns"] = Double(rng.int(in: 1...5)) }
            // From a generator of its own (seeded by the main one's state, which it leaves as it
            // is): the vertical scenarios and traces of a seed stay those it gave before.
            var fork = SplitMix64(seed: rng.state ^ 0x2121_5752_1F00_D1CE)
            if fork.chance(1.0 / 3) { direction = .horizontal }
        case .board:
            board = ["inset": rng.pick([40.0, 40, 0, 100]), "spacing": rng.pick([10.0, 0])]
        }
        var scenario = FuzzScenario(layout: layout, sections: sections, viewport: viewport,
                                    rowHeight: rng.pick([44, 44, 30, 80]),
                                    headerHeight: sectionCount > 1 && rng.chance(0.6) ? 28 : 0,
                                    frameRate: rng.chance(0.8) ? 60 : 120, grid: grid, board: board)
        scenario.gridDirection = direction
        return scenario
    }

    /// A random tree: 1 to 40 nodes (rarely 200), each a child of a random node on the path
    /// of the one before it (so depths up to about 8, and many siblings), a node in five with
    /// children collapsed, an occasional node locked as a table's items are; a viewport and
    /// row height drawn as a table's.
    static func randomTree(using rng: inout SplitMix64) -> FuzzScenario {
        let count = rng.chance(0.05) ? 200 : rng.pick([1, 2, 3, 5, 8, 12, 20, 30, 40])
        var entries: [TreeEntry] = []
        var depth = 0
        for k in 0..<count {
            // A root first; then one deeper (a child of the node before), the same depth, or
            // back up to any depth on the path.
            depth = k == 0 ? 0 : rng.int(in: 0...min(depth + 1, 8))
            var fields: [String: ItemValue] = [:]
            if rng.chance(0.05) { fields["locked"] = .bool(true) }
            if rng.chance(0.04) { fields["movable"] = .bool(false) }
            let id = "n\(k + 1)"
            entries.append(TreeEntry(item: fields.isEmpty ? Item(id) : Item(id: id, title: id, fields: fields),
                                     depth: depth, collapsed: rng.chance(0.2)))
        }
        let viewport = rng.pick([Size(width: 375, height: 667), Size(width: 375, height: 667),
                                 Size(width: 320, height: 200), Size(width: 390, height: 844)])
        let geometry = SessionGeometry(layout: .tree, rowHeight: rng.pick([44, 44, 30, 80]), viewport: viewport,
                                       frameRate: rng.chance(0.8) ? 60 : 120)
        // Entries from depth 0, each at most one deeper than the one before: always a tree.
        guard let tree = try? Tree(entries: entries), let scenario = try? FuzzScenario(tree: tree.nested(), geometry: geometry) else {
            var one = FuzzScenario(sections: [[Item("n1")]], geometry: geometry)
            one.tree = ["n1"]
            return one
        }
        return scenario
    }

    public var description: String {
        let g = geometry
        if let tree {
            return "tree of \(sections.first?.count ?? 0) rows: \(tree.map(\.description).joined(separator: ", ")), viewport \(g.viewport), row \(g.rowHeight), \(g.frameRate) Hz"
        }
        var text = "\(g.layout) \(sections.map(\.count)) items, viewport \(g.viewport), row \(g.rowHeight), header \(g.headerHeight), \(g.frameRate) Hz"
        if !g.grid.isEmpty { text += ", grid \(g.grid.sorted { $0.key < $1.key })" }
        if g.layout == .grid && g.gridDirection != .vertical { text += ", \(g.gridDirection.rawValue)" }
        if !g.board.isEmpty { text += ", board \(g.board.sorted { $0.key < $1.key })" }
        return text
    }
}
