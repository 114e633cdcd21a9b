/// Dropping onto a tree node, and pragmatic-drag-and-drop's tree-item hitbox as a tree model.
///
/// - **A combine in a tree** (`combine_rule = "band"`, rbd's band over the rows as they slide)
///   makes the dragged node, with its subtree, the *first* child of the node it lands on, and
///   opens that node: the make-child rule of pragmatic's tree example
///   (`examples/data/tree-legacy.ts` lines 136-145 and 247-250). The `combine` hook is asked per
///   pair, `can_nest` for the new parent, and `tree.max_depth` bounds it.
/// - **The tree-item hitbox** (`combine_rule = "hitbox"` in a tree session) replaces dnd-kit's
///   projection: the finger's place in the row under it asks for reorder-above, reorder-below,
///   make-child or reparent (``TreeItemHitbox``, each row's mode by ``Tree/hitboxMode(of:asCollapsed:)``),
///   and the drop applies it as the example's reducer does (``Tree/apply(_:moving:target:)``).
///   Rows do not slide: the scene shows the indicator (a line at the instruction's depth, the
///   target outlined for make-child), an instruction the policy refuses shown as blocked.
///   Over the dragged node itself only reparent counts (tree-item.tsx lines 298-302); over no
///   row, the last instruction stays (the example's targets are sticky, line 354).
/// - **Opening under a combine**: a collapsed node with children that stays the combine target
///   for `tree.expand_after` seconds (after `combine_delay`) opens under the drag, its rows
///   joining the lifted rows (tree-item.tsx lines 279-290: 500 ms).
///
/// ```swift
/// var c = PolicyConfiguration(name: "tree_hitbox")
/// c.combine.rule = .hitbox
/// let sim = DragSimulator(tree: try Tree(["a", "b"]), geometry: SessionGeometry(layout: .tree),
///                         policy: DefaultPolicy(configuration: c))
/// sim.press(at: Point(x: 100, y: 22))
/// sim.hold(0.6)
/// sim.move(to: Point(x: 100, y: 66), over: 0.2)   // b's middle half: make-child
/// sim.release()
/// sim.tree?.nested().map(\.description)           // ["b(a)"]
/// ```
extension DragSession {
    /// Whether a frame's landing is pragmatic's tree-item hitbox: a touch drag of one node in a
    /// tree session under `combine_rule = "hitbox"`.
    @inline(__always) var usesTreeHitbox: Bool {
        isTree && configuration.combine.rule == .hitbox && phase.drag.group == nil && !phase.drag.isKeyboard
    }

    /// The tree-item hitbox over the row under the finger: the instruction, blocked when the
    /// policy refuses it (``treeAllows(_:target:row:policy:context:)``); a make-child that is
    /// allowed is a combine, held `combine_delay` before it takes.
    mutating func resolveTreeHitbox(policy: some DragPolicy, context ctx: borrowing PolicyContext) {
        guard let tree, let lifted = phase.drag.tree?.lift.handle else { return }
        let finger = clamped(phase.drag.finger) + offset
        // Sticky: over no row the last instruction stays.
        guard let row = layout.position(at: finger), row.section == 0, order.isValid(row),
              let frame = layout.frame(of: row) else { return }
        let target = order.handle(at: row)
        let asked = TreeItemHitbox.instruction(
            finger: finger, row: frame, level: tree.depth(target), indentPerLevel: configuration.tree.indent,
            mode: tree.hitboxMode(of: target, asCollapsed: target == lifted)).instruction
        if target == lifted, asked.kind != .reparent {
            clearLanding()
            phase.drag.tree?.projection = nil
            return
        }
        let landing = phase.drag.landing
        // The hooks are asked again only when the target or the instruction changed.
        let blocked: Bool
        if landing.treeTarget == target, let last = landing.treeInstruction, last.instruction == asked {
            blocked = last.blocked
        } else {
            blocked = !treeAllows(asked, target: target, row: row, policy: policy, context: ctx)
        }
        phase.drag.landing.treeInstruction = HitboxResult(instruction: asked, blocked: blocked)
        phase.drag.landing.treeTarget = target
        phase.drag.landing.treeRow = row
        if asked == .makeChild && !blocked {
            hold(row)
        } else {
            phase.drag.landing.combine = nil
            phase.drag.landing.candidate = -1
        }
        let projection = hitboxProjection()
        phase.drag.tree?.projection = projection
    }

    /// Where the instruction a drop would apply now puts the lifted node, as a projection (the
    /// depth and parent; no sideways range, so both bounds are the depth): what `ctx.projection`
    /// and the scene report under the tree-item hitbox. Nil when a drop would do nothing.
    func hitboxProjection() -> TreeProjection? {
        guard let tree, let (instruction, target) = committedTreeInstruction(),
              let (parent, depth) = tree.placement(of: instruction, target: target) else { return nil }
        return TreeProjection(overRow: phase.drag.landing.treeRow.item, depth: depth, minDepth: depth, maxDepth: depth,
                              upperDepth: depth, parent: parent, previous: nil, next: nil)
    }

    /// Whether the policy lets the lifted node go where `instruction` over `target` (at `row`)
    /// puts it: within `tree.max_depth` with its subtree, `can_nest` for its new parent, and the
    /// `combine` hook for make-child.
    func treeAllows(_ instruction: TreeInstruction, target: Int32, row: ItemPosition, policy: some DragPolicy,
                    context ctx: borrowing PolicyContext) -> Bool {
        guard let tree, let lift = phase.drag.tree?.lift, let (parent, depth) = tree.placement(of: instruction, target: target)
        else { return false }
        guard depth + lift.height <= configuration.tree.maxDepthLevel else { return false }
        if instruction == .makeChild, !policy.combine(ctx, from: phase.drag.current, onto: row) { return false }
        if let parent, !policy.canNest(ctx, item: tree.id(lift.handle), parent: tree.id(parent)) { return false }
        return true
    }

    /// After a frame's landing: the collapsed node under the combine opens once it has been the
    /// combine target `tree.expand_after` seconds (counted from when the rule found it, past
    /// `combine_delay`).
    mutating func expandCombineTargetIfDue() {
        // Called every frame: the combine is tested first.
        guard phase.state == .dragging, let onto = phase.drag.landing.combine, let h = closedNode(at: onto) else { return }
        let due = phase.drag.landing.candidateSince + configuration.combine.delay + configuration.tree.expandAfter
        guard time + Self.timeEpsilon >= due else { return }
        expandDuringDrag(h, at: onto)
    }

    /// The node at row `onto` when it is collapsed and has children: one a combine held over
    /// it opens after `tree.expand_after`. Nil for any other row and outside a tree session.
    /// The tree is read in place (binding it copies it: a retain and a release of each array).
    func closedNode(at onto: ItemPosition) -> Int32? {
        guard isTree, order.isValid(onto) else { return nil }
        let h = order.handle(at: onto)
        guard self.tree?.contains(h) == true, self.tree?.hasChildren(h) == true, self.tree?.isCollapsed(h) == true
        else { return nil }
        return h
    }

    /// Opens `h` (at row `onto` of the rows as they are) while a node is lifted: its visible
    /// descendants join the rows just after it, the lift is taken again of the changed tree
    /// (its row moves down when `h` is above it), and the steps taken so far become one move
    /// from the new lift row to where the node is drawn, so a revert still lands on the rows of
    /// the lift.
    mutating func expandDuringDrag(_ h: Int32, at onto: ItemPosition) {
        guard var t = phase.drag.tree, var changed = tree else { return }
        let before = changed.visibleCount
        changed.setCollapsed(h, false)
        guard let r = changed.row(of: h), let lift = changed.lift(t.lift.handle) else { return }
        tree = changed
        let k = changed.visibleCount - before
        var rows = order.sections[0]
        rows.insert(contentsOf: (r + 1 ..< r + 1 + k).map { changed.handle(atRow: $0) }, at: onto.item + 1)
        let now = phase.drag.current.item > onto.item ? phase.drag.current.item + k : phase.drag.current.item
        order.replaceSections([rows])
        relayout()
        let from = ItemPosition(section: 0, item: lift.row), to = ItemPosition(section: 0, item: now)
        undoLog.removeAll(keepingCapacity: true)
        if from != to { undoLog.append(.move(from: from, to: to)) }
        phase.drag.original = from
        phase.drag.current = to
        if phase.drag.landing.treeRow.item > onto.item { phase.drag.landing.treeRow.item += k }
        t.lift = lift
        t.key = nil
        phase.drag.tree = t
    }

    /// The drop of a tree drag that lands on a node (a combine held in the projection model) or
    /// under the tree-item hitbox: `on_end`, then the tree changes by the instruction and the
    /// rows are rebuilt; a veto, or no instruction (none asked, blocked, or a make-child still
    /// within `combine_delay`), rolls back. Nil when the projection lands the drop instead.
    mutating func endTreeLanding(policy: some DragPolicy) -> DragEvent? {
        guard phase.drag.tree != nil else { return nil }
        let instruction: (TreeInstruction, Int32)?
        if usesTreeHitbox {
            instruction = committedTreeInstruction()
        } else if let onto = phase.drag.landing.combine, order.isValid(onto) {
            instruction = (.makeChild, order.handle(at: onto))
        } else {
            return nil
        }
        phase.drag.landing = .none
        let from = phase.drag.original
        guard let (i, target) = instruction, policy.onEnd(context(), from: from, to: phase.drag.current) else {
            restoreTreeRows()
            return .rollback(time: time)
        }
        return .end(from: from, to: landTree(i, target: target), time: time)
    }

    /// The tree-item instruction a drop (or a committing cancel) would apply now, with its target.
    func committedTreeInstruction() -> (TreeInstruction, Int32)? {
        let l = phase.drag.landing
        guard let r = l.treeInstruction, !r.blocked, r.instruction != .makeChild || l.combine != nil else { return nil }
        return (r.instruction, l.treeTarget)
    }

    /// Applies a tree-item instruction to the lifted node and shows the new rows; returns the row
    /// the drop settles on (the node's, or its nearest visible ancestor's).
    @discardableResult
    mutating func landTree(_ instruction: TreeInstruction, target: Int32) -> ItemPosition {
        guard var t = phase.drag.tree, tree != nil else { return phase.drag.current }
        let h = t.lift.handle
        // The hitbox only names rows of the lifted rows (never inside the lifted subtree) and
        // reparent levels above the target, so the move is valid; a failure leaves the tree.
        _ = try? tree?.apply(instruction, moving: h, target: target)
        t.landed = true
        phase.drag.tree = t
        undoLog.removeAll(keepingCapacity: true)
        showTreeRows()
        phase.drag.current = ItemPosition(section: 0, item: treeRow(showing: h))
        return phase.drag.current
    }

    /// What the scene shows of a tree-item instruction: a line at the target row's top
    /// (reorder-above) or bottom (reorder-below, reparent) at the instruction's depth, or the
    /// target outlined (make-child, once it holds); blocked when the policy refuses it.
    func treeHitboxIndicator() -> (combine: ItemPosition?, indicator: Scene.DropIndicator?) {
        let l = phase.drag.landing
        guard let tree, let r = l.treeInstruction, tree.contains(l.treeTarget), order.isValid(l.treeRow),
              let f = viewportFrame(of: l.treeRow) else { return (nil, nil) }
        let level = tree.depth(l.treeTarget)
        let line = { (y: Double, depth: Int) in
            Scene.DropIndicator(kind: .line, position: l.treeRow, frame: Rect(x: f.minX, y: y, width: f.size.width, height: 0),
                                depth: depth, blocked: r.blocked)
        }
        switch r.instruction {
        case .reorderAbove: return (nil, line(f.minY, level))
        case .reorderBelow: return (nil, line(f.maxY, level))
        case .reparent(let desired): return (nil, line(f.maxY, desired))
        case .makeChild:
            guard r.blocked || l.combine != nil else { return (nil, nil) }
            return (l.combine, Scene.DropIndicator(kind: .outline, position: l.treeRow, frame: f, depth: level, blocked: r.blocked))
        }
    }
}

extension Tree {
    /// The parent (nil for a root) and depth a node takes when `instruction` over `target` is
    /// applied (``apply(_:moving:target:)``); nil for a reparent level `target` has no
    /// ancestor at.
    ///
    /// ```swift
    /// let tree = try Tree([TreeNodeDescription(id: "b", children: ["b1"])])
    /// if let b1 = tree.handle(of: "b1") {
    ///     tree.placement(of: .reorderBelow, target: b1)?.depth            // 1: b1's sibling
    ///     tree.placement(of: .reparent(desiredLevel: 0), target: b1)?.depth   // 0: after b
    /// }
    /// ```
    public func placement(of instruction: TreeInstruction, target: Int32) -> (parent: Int32?, depth: Int)? {
        guard contains(target) else { return nil }
        let parent: Int32?
        switch instruction {
        case .reorderAbove, .reorderBelow: parent = self.parent(target)
        case .makeChild: parent = target
        case .reparent(let level):
            guard level >= 0, level < depth(target), let anchor = ancestor(of: target, atDepth: level) else { return nil }
            parent = self.parent(anchor)
        }
        return (parent, parent.map { depth($0) + 1 } ?? 0)
    }
}
