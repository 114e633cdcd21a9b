/// Tree sessions: a ``Tree`` laid out as the rows of one section, its visible nodes in preorder.
///
/// The order's storage holds every node's item at the node's handle (``Order/init(tree:)``), and
/// its one section the visible rows, so a row's handle is its node's handle. A drag is a drag of
/// the rows as in any table, with three differences:
///
/// - **The lift carries the subtree**: the node's visible descendants leave the rows while it is
///   lifted (dnd-kit's `removeChildrenOf`, SortableTree.tsx lines 130-133), so no step can put it
///   into its own subtree; the snapshot carries ``TreeLift/carried`` nodes.
/// - **The depth comes from the finger's sideways travel** since the lift, by dnd-kit's
///   projection over the row the node is at now (``Tree/projection(of:overRow:dx:indent:maxDepth:)``),
///   clamped by `tree.max_depth`; the policy's `can_nest` may refuse a parent, and the depth then
///   falls back one level at a time to the shallowest the rows allow.
/// - **The drop moves the node within the whole tree** (collapsed children included) to the
///   projected parent, as dnd-kit's `handleDragEnd` does (``Tree/drop(_:projection:)``); the rows
///   are rebuilt from the tree. With no projection (the policy refused every depth) the drop
///   rolls back. A reverting cancel or a veto puts the rows back as they were at the lift.
///
/// ```swift
/// let tree = try Tree(["a", TreeNodeDescription(id: "b", children: ["b1", "b2"]), "c"])
/// let sim = DragSimulator(tree: tree, geometry: SessionGeometry(layout: .tree), policy: DefaultPolicy())
/// sim.drag(from: ItemPosition(section: 0, item: 1), to: ItemPosition(section: 0, item: 2))
/// sim.tree?.nested().map(\.description)   // ["a", "c", "b(b1, b2)"]
/// ```
extension DragSession {
    /// A session over the visible rows of `tree`, laid out by `layout` (made from
    /// ``Order/init(tree:)`` of the same tree).
    public init(tree: Tree, layout: any Layout, viewport: Size, offset: Point = .zero, frameRate: Double = 60) {
        self.init(order: Order(tree: tree), layout: layout, viewport: viewport, offset: offset, frameRate: frameRate)
        self.tree = tree
    }

    /// Whether this is a tree session: the one test of it. By pattern: `tree != nil` picks
    /// Optional's `!=` for an Equatable wrapped type (``Tree`` is one), which copies the tree
    /// into a tuple of two optionals to compare them (ten retains and releases, through the
    /// runtime's generic tuple witnesses); a frame that tested it so paid that each time.
    @inline(__always) var isTree: Bool {
        if case .some = tree { return true }
        return false
    }

    /// The node lifted with its subtree, while a tree node is dragged or dropping.
    public var treeLift: TreeLift? { phase.hasDrag ? phase.drag.tree?.lift : nil }

    /// Where the lifted node would land now (the policy's `tree` fields and `can_nest` applied
    /// at the last frame), nil outside a tree drag or when no depth is allowed there.
    public var treeProjection: TreeProjection? { phase.hasDrag ? phase.drag.tree?.projection : nil }

    /// Collapses or expands the node at visible row `row` (``Tree/toggle(_:)``): its subtree's
    /// rows leave or join the rows. Only while idle, and only in a tree session; a leaf only
    /// changes its flag.
    ///
    /// ```swift
    /// session.toggle(row: 1, time: 2)   // b collapses: rows a, b, c
    /// ```
    @discardableResult
    public mutating func toggle(row: Int, time t: Double) -> InputOutcome {
        guard t.isFinite, state == .idle, isTree, row >= 0, row < order.count(0) else { return .ignored }
        time = max(t, time)
        let h = order.handle(at: ItemPosition(section: 0, item: row))
        tree?.toggle(h)
        showTreeRows()
        return .handled(from: .idle, to: .idle)
    }

    /// The rows are the tree's visible nodes again (after a change of the tree, or to put back
    /// the rows of a lift); the layout follows. The order shares the tree's buffer of rows until
    /// a step changes it.
    mutating func showTreeRows() {
        guard let tree else { return }
        order.replaceSections([tree.visible])
        relayout()
    }

    /// Called at the lift, after the `begin` event: a tree node's visible descendants leave the
    /// rows; they travel with it until the drop.
    mutating func liftSubtree() {
        guard phase.state == .dragging, let tree, let lift = tree.lift(phase.drag.handle) else { return }
        phase.drag.tree = TreeDrag(lift: lift, liftX: phase.drag.finger.x, keyboard: phase.drag.isKeyboard)
        phase.drag.treeShared = shared(tree: TreeContext(tree: tree, projection: nil))
        if lift.hiddenRows > 0 {
            var rows = order.sections[0]
            rows.removeSubrange((lift.row + 1)...(lift.row + lift.hiddenRows))
            order.replaceSections([rows])
            relayout()
        }
    }

    /// The finger's sideways travel since the lift that the projection reads: a touch drag's
    /// horizontal travel, a keyboard drag's Left and Right presses (one indent each).
    var treeOffset: Double {
        guard let t = phase.drag.tree else { return 0 }
        return t.offset(fingerX: phase.drag.finger.x)
    }

    /// The projection where the lifted node is now, with the policy's bounds and `can_nest`:
    /// while `can_nest` refuses the projected parent, one level shallower, down to the lowest
    /// depth the row below allows (nil when none is allowed).
    func resolvedTreeProjection(policy: some DragPolicy) -> TreeProjection? {
        guard let tree, let t = phase.drag.tree else { return nil }
        let config = configuration.tree
        guard var p = tree.projection(of: t.lift, overRow: phase.drag.current.item, dx: treeOffset,
                                      indent: config.indent, maxDepth: config.maxDepthLevel) else { return nil }
        let item = tree.id(t.lift.handle)
        // The context only when there is a parent to ask about.
        var asked: PolicyContext? = nil
        while let parent = p.parent {
            let ctx = asked ?? context()
            asked = ctx
            if policy.canNest(ctx, item: item, parent: tree.id(parent)) { break }
            guard p.depth > p.minDepth else { return nil }
            p.depth -= 1
            p.parent = p.depth == 0 ? nil : p.previous.flatMap { tree.ancestor(of: $0, atDepth: p.depth - 1) }
        }
        return p
    }

    /// Brings the drag's projection up to date (each dragging frame, each depth key): asked of
    /// the policy again only when the row or the number of indents travelled changed.
    mutating func updateTreeProjection(policy: some DragPolicy) {
        // Called every frame: one read of the drag's plain values (a computed property of the
        // drag, or a write through the phase, would copy the whole drag), one write when the key
        // changed.
        guard phase.state == .dragging, var t = phase.drag.tree else { return }
        let steps = Tree.roundHalfUp(t.offset(fingerX: phase.drag.finger.x) / configuration.tree.indent)
        let key = TreeDrag.Key(row: phase.drag.current.item, steps: steps.isFinite ? steps : 0)
        guard key != t.key, let tree else { return }
        t.key = key
        t.projection = resolvedTreeProjection(policy: policy)
        phase.drag.treeShared = shared(tree: TreeContext(tree: tree, projection: t.projection))
        phase.drag.tree = t
    }

    /// The finger lifted during a tree drag: the projection (asked again), `on_end`, then the
    /// node moves within the whole tree and the rows are rebuilt; a veto, or no projection,
    /// rolls back. Returns the `end` or `rollback` event for ``endDrag(policy:)`` to record.
    mutating func treeEnding(policy: some DragPolicy) -> DragEvent {
        let from = phase.drag.original
        guard let p = resolvedTreeProjection(policy: policy),
              policy.onEnd(context(), from: from, to: phase.drag.current) else {
            restoreTreeRows()
            return .rollback(time: time)
        }
        return .end(from: from, to: landTree(p), time: time)
    }

    /// A cancel during a tree drag: revert to the rows of the lift, or land where the last
    /// frame's projection says (a commit with no projection reverts).
    mutating func cancelTreeDrag(_ resolution: CancelResolution) {
        if resolution == .commit, usesTreeHitbox {
            if let (i, target) = committedTreeInstruction() { landTree(i, target: target) } else { restoreTreeRows() }
        } else if resolution == .commit, let p = phase.drag.tree?.projection {
            landTree(p)
        } else {
            restoreTreeRows()
        }
    }

    /// Moves the lifted node where `p` says and shows the new rows; returns the row the drop
    /// settles on: the node's, or its nearest visible ancestor's when it went under a collapsed
    /// node.
    @discardableResult
    mutating func landTree(_ p: TreeProjection) -> ItemPosition {
        // The hooks' context shares the tree's arrays: let it go before the move changes them,
        // or the move would copy every array of the tree first.
        phase.drag.treeShared = nil
        guard var t = phase.drag.tree, tree != nil else { return phase.drag.current }
        let h = t.lift.handle
        // The lift and the projection were made of the tree as it is (it does not change during
        // a drag), so the move is valid; a failure would leave the tree as it was.
        t.place = tree?.announcement(of: t.lift, projection: p)
        try? tree?.drop(t.lift, projection: p)
        t.projection = p
        t.landed = true
        phase.drag.tree = t
        undoLog.removeAll(keepingCapacity: true)
        showTreeRows()
        let row = treeRow(showing: h)
        phase.drag.current = ItemPosition(section: 0, item: row)
        return phase.drag.current
    }

    /// Puts back the rows of the lift, descendants included.
    mutating func restoreTreeRows() {
        guard var t = phase.drag.tree else { return }
        undoLog.removeAll(keepingCapacity: true)
        t.landed = true
        phase.drag.treeShared = nil
        phase.drag.tree = t
        showTreeRows()
        phase.drag.current = phase.drag.original
    }

    /// Left and Right during a keyboard drag of a tree node: the sideways offset moves one
    /// indent per press while the projection allows (dnd-kit's `sortableTreeKeyboardCoordinates`,
    /// keyboardCoordinates.ts lines 53-68: Left while the depth is above the lower bound, Right
    /// while it is below the upper one); a press at the bound does nothing. The new place is
    /// announced (`move`).
    ///
    /// ```swift
    /// session.key(.right, time: 1, policy: policy)   // "b2 was nested under b1."
    /// ```
    mutating func treeDepthKey(_ key: TreeDepthKey, count: Int, time t: Double, policy: some DragPolicy) -> InputOutcome {
        guard isKeyboardDrag, phase.drag.tree != nil, let before = acceptKeyboard(at: t) else { return .ignored }
        updateTreeProjection(policy: policy)
        let start = phase.drag.tree?.projection
        for _ in 0..<max(1, count) {
            guard let p = phase.drag.tree?.projection,
                  let step = p.keyboardOffset(key, indent: configuration.tree.indent) else { break }
            phase.drag.tree?.keyOffset += step
            updateTreeProjection(policy: policy)
        }
        if phase.drag.tree?.projection != start, let now = currentPosition {
            announce(.move, at: now, previous: now, policy: policy)
        }
        return .handled(from: before, to: state)
    }

    /// The place an announcement names: after a drop, where it landed; during a drag, where
    /// the projection would put it; nil outside a tree drag.
    func treePlace(dropped: Bool) -> KeyboardAnnouncement.TreePlace? {
        guard phase.hasDrag, let t = phase.drag.tree else { return nil }
        if dropped { return t.landed ? treePlace(t.place) : nil }
        guard let p = t.projection, let tree else { return nil }
        return treePlace(tree.announcement(of: t.lift, projection: p))
    }

    /// An announcement (``Tree/announcement(of:projection:)``) by the titles of the nodes it
    /// names (handles outlive a move: the titles are the same after the drop).
    func treePlace(_ announcement: TreeAnnouncement?) -> KeyboardAnnouncement.TreePlace? {
        guard let tree else { return nil }
        func title(_ h: Int32) -> String {
            let item = tree.item(h)
            return item.title.isEmpty ? item.id : item.title
        }
        switch announcement {
        case .nested(let under)?: return .nested(under: title(under))
        case .after(let sibling)?: return .after(title(sibling))
        case .before(let next)?: return .before(title(next))
        case nil: return nil
        }
    }

    /// The row of the node, or of its nearest visible ancestor.
    func treeRow(showing h: Int32) -> Int {
        guard let tree else { return 0 }
        var a = h
        while true {
            if let r = tree.row(of: a) { return r }
            guard let p = tree.parent(a) else { return 0 }
            a = p
        }
    }
}

extension DragSession {
    /// What a tree drag keeps: the lift, the finger's x at the lift, a keyboard drag's sideways
    /// offset, and the projection last resolved. Plain values only (see ``place``).
    struct TreeDrag: Sendable {
        /// The row and the whole indents travelled that ``projection`` was resolved for.
        struct Key: Hashable, Sendable {
            var row: Int
            var steps: Double
        }
        var lift: TreeLift
        var liftX: Double
        /// A keyboard drag: the offset is ``keyOffset``, else the finger's travel from ``liftX``.
        var keyboard: Bool
        var keyOffset: Double = 0
        var key: Key? = nil
        var projection: TreeProjection? = nil
        /// Where the drop put it, for its announcement (set at the landing, before the move). By
        /// handles, so that the TreeDrag holds nothing but plain values: it is read every frame,
        /// and a reference or a String in it made each read copy and destroy it through the
        /// runtime's value witnesses (the hooks' context is the drag's ``Drag/treeShared``).
        var place: TreeAnnouncement? = nil
        /// The node has landed (or gone back): the rows are the tree's again.
        var landed = false

        /// The sideways travel the projection reads (``DragSession/treeOffset``).
        @inline(__always) func offset(fingerX: Double) -> Double { keyboard ? keyOffset : fingerX - liftX }
    }
}

/// What a policy hook sees of a tree session: the tree (as it was at the lift during a drag: it
/// changes only at the drop) and the projection of the node being dragged, in the `target` hook
/// the projection at the proposed row (`ctx.projection()`).
///
/// ```swift
/// if let p = ctx.tree?.projection, p.depth > 2 { return nil }   // no deeper than 2
/// ```
public final class TreeContext: Sendable {
    public let tree: Tree
    public let projection: TreeProjection?

    public init(tree: Tree, projection: TreeProjection?) {
        self.tree = tree
        self.projection = projection
    }
}

extension DragSession {
    /// The tree part of a hook's context, with the drag's projection (nil outside a tree session).
    func treeContext() -> TreeContext? {
        // The drag's is nil once the node has landed (landTree, restoreTreeRows).
        if phase.hasDrag, let c = phase.drag.treeShared { return c.tree }
        guard case .some(let tree) = tree else { return nil }
        return TreeContext(tree: tree, projection: phase.hasDrag ? phase.drag.tree?.projection : nil)
    }

    /// What a tree session's context shares: the drag's until the landing, else made now.
    func treeShared() -> PolicyContext.Shared {
        if phase.hasDrag, let c = phase.drag.treeShared { return c }
        return shared(tree: treeContext())
    }

    /// The viewport and frame rate with `tree`, as a context shares them.
    func shared(tree: TreeContext?) -> PolicyContext.Shared {
        PolicyContext.Shared(viewport: viewport, frameRate: frameRate, tree: tree)
    }

    /// `ctx` for the `target` hook asked about `proposed`: its projection is the one at that row
    /// (with the policy's bounds; `can_nest` is not asked for a proposal).
    func treeContext(proposing proposed: ItemPosition) -> TreeContext? {
        guard let tree, phase.hasDrag, let t = phase.drag.tree else { return nil }
        let config = configuration.tree
        let p = proposed.section == 0
            ? tree.projection(of: t.lift, overRow: proposed.item, dx: treeOffset, indent: config.indent,
                              maxDepth: config.maxDepthLevel)
            : nil
        return TreeContext(tree: tree, projection: p)
    }
}

extension Order {
    /// The order of a tree session: every node's item stored at its handle, the one section
    /// the visible rows.
    ///
    /// ```swift
    /// let tree = try Tree([TreeNodeDescription(id: "b", children: ["b1"], collapsed: true), "c"])
    /// Order(tree: tree).ids   // [["b", "c"]]
    /// ```
    public init(tree: Tree) {
        self.init(sections: [tree.items])
        replaceSections([tree.visible])
    }
}
