/// Where a lifted node would land, by dnd-kit's sortable-tree projection (its tree story,
/// `stories/3 - Examples/Tree/utilities.ts`, `getProjection`): the depth from the finger's
/// sideways travel, clamped by the rows above and below, and the parent that depth implies.
///
/// With the lifted node moved to the row it is over, `previous` is the row above it and `next`
/// the row below (in the lifted rows, as they would be after the move):
/// `depth = depth at lift + round(dx / indent)`, clamped to at most ``maxDepth``
/// (`previous.depth + 1`, or 0 with no row above) and at least ``minDepth`` (`next.depth`, or 0
/// with no row below); `round` is JavaScript's `Math.round` (a half rounds toward +∞).
///
/// ```swift
/// let tree = try Tree(["a", "b"])
/// if let b = tree.handle(of: "b"), let lift = tree.lift(b),
///    let p = tree.projection(of: lift, overRow: 1, dx: 25, indent: 50) {
///     p.depth                          // 1: round(25 / 50) = round(0.5) = 1, and a allows 0 + 1
///     p.parent.map { tree.id($0) }     // "a"
/// }
/// ```
public struct TreeProjection: Hashable, Sendable {
    /// The row of the lifted rows the node is over (where it would be).
    public var overRow: Int
    /// The depth it would take.
    public var depth: Int
    /// dnd-kit's lower bound: the depth of the row below, 0 with none.
    public var minDepth: Int
    /// dnd-kit's upper bound: one deeper than the row above, 0 with none.
    public var maxDepth: Int
    /// The upper bound in force: ``maxDepth``, lowered by a tree's `max_depth` when one is given
    /// (so that the node's deepest descendant stays within it).
    public var upperDepth: Int
    /// The parent it would take (nil at depth 0).
    public var parent: Int32?
    /// The row above it after the move, nil at the top.
    public var previous: Int32?
    /// The row below it after the move, nil at the bottom.
    public var next: Int32?
}

/// Left and Right while a tree node is lifted: one indent shallower or deeper.
public enum TreeDepthKey: Hashable, Sendable {
    case left, right
}

/// What a screen reader says about a projected drop, as dnd-kit's tree story words it
/// (`SortableTree.tsx`, `getMovementAnnouncement`): "X was nested under P", "X was moved after
/// S", "X was moved before Y".
public enum TreeAnnouncement: Hashable, Sendable {
    /// The node becomes the first child of this node.
    case nested(under: Int32)
    /// The node follows this sibling.
    case after(Int32)
    /// The node is first, before this node.
    case before(Int32)
}

extension TreeProjection {
    /// How far a Left or Right key moves the finger's sideways offset, as dnd-kit's
    /// `sortableTreeKeyboardCoordinates` does: Left by `-indent` while ``depth`` is above
    /// ``minDepth``, Right by `+indent` while it is below ``upperDepth``; nil (the key does
    /// nothing) at the bound.
    ///
    /// ```swift
    /// projection.keyboardOffset(.right, indent: 50)   // 50, or nil at the deepest depth
    /// ```
    public func keyboardOffset(_ key: TreeDepthKey, indent: Double) -> Double? {
        switch key {
        case .left: return depth > minDepth ? -indent : nil
        case .right: return depth < upperDepth ? indent : nil
        }
    }
}

extension Tree {
    /// JavaScript's `Math.round`: the nearest whole number, a half toward +∞ (`2.5` → 3,
    /// `-2.5` → -2). Computed from the floor and the exact fraction, so `0.49999999999999994`
    /// rounds to 0 (where `floor(x + 0.5)` would give 1).
    ///
    /// ```swift
    /// Tree.roundHalfUp(-0.5)   // -0.0
    /// ```
    public static func roundHalfUp(_ x: Double) -> Double {
        let f = x.rounded(.down)
        return x - f >= 0.5 ? f + 1 : f
    }

    /// The projection of a lifted node over row `overRow` of the lifted rows with the finger
    /// `dx` points right of where it was at the lift, rows indented `indent` points a level.
    ///
    /// `maxDepth` (a tree's `max_depth`) lowers the upper bound so that no node of the lifted
    /// subtree goes deeper than it. Nil when no depth fits (the bounds cross: the row below is
    /// deeper than `maxDepth` allows), when `overRow` is not a lifted row, or when `dx` or
    /// `indent` is not a finite number (`indent` must be above 0).
    ///
    /// - Complexity: O(depth).
    public func projection(of lift: TreeLift, overRow o: Int, dx: Double, indent: Double,
                           maxDepth: Int? = nil) -> TreeProjection? {
        guard o >= 0, o < lift.rowCount, dx.isFinite, indent.isFinite, indent > 0 else { return nil }
        func at(_ r: Int) -> Int32? { r >= 0 && r < lift.rowCount ? lift.handle(atRow: r, in: self) : nil }
        // dnd-kit moves the node to the over row (`arrayMove`) and reads its neighbours there:
        // moving down, the over row ends up above it; moving up, below it.
        let a = lift.row
        let previous = o > a ? at(o) : at(o - 1)
        let next = o < a ? at(o) : at(o + 1)
        // Far past any depth, and small enough to add to one safely.
        let steps = Int(max(-1e6, min(1e6, Tree.roundHalfUp(dx / indent))))
        let projected = lift.depth + steps
        let maxD = previous.map { depth($0) + 1 } ?? 0
        let minD = next.map { depth($0) } ?? 0
        var upper = maxD
        if let m = maxDepth { upper = min(upper, m - lift.height) }
        if upper < minD { return nil }
        // utilities.ts: the upper bound is tested first (`>=`), then the lower (`<`).
        let d = projected >= upper ? upper : (projected < minD ? minD : projected)
        // The parent at depth d is the row above's ancestor one level up (the row above itself
        // when d is one deeper). dnd-kit finds it as the parent of the nearest earlier row of
        // depth d; in preorder that row is the row above's ancestor at depth d, since every row
        // between an ancestor and the row above descends from it.
        let parent = d == 0 ? nil : previous.flatMap { ancestor(of: $0, atDepth: d - 1) }
        return TreeProjection(overRow: o, depth: d, minDepth: minD, maxDepth: maxD, upperDepth: upper,
                              parent: parent, previous: previous, next: next)
    }

    /// The whole-tree index just past which the node lands: dnd-kit moves it within the whole
    /// flattened tree (`handleDragEnd`'s `arrayMove(flattenTree(items), activeIndex, overIndex)`),
    /// so moving down it lands just after the over node, moving up (or staying) just before it.
    func landingCut(of lift: TreeLift, overRow: Int) -> Int {
        let active = preorderIndex(lift.handle)
        let over = preorderIndex(lift.handle(atRow: overRow, in: self))
        return active < over ? over + 1 : over
    }

    /// Where the drop of a projection puts the node, as dnd-kit's `handleDragEnd` does: the
    /// projected parent, at the place the move within the whole flattened tree (collapsed
    /// children included) gives it. Under a collapsed parent it lands first when it comes from
    /// above and last when it comes from below; the parent stays collapsed.
    ///
    /// ```swift
    /// try tree.move(lift.handle, to: tree.dropDestination(of: lift, projection: p))
    /// ```
    public func dropDestination(of lift: TreeLift, projection p: TreeProjection) -> TreeDestination {
        let cut = landingCut(of: lift, overRow: p.overRow)
        var k = 0
        forEachChild(of: p.parent) { c in
            if c == lift.handle { return true }
            if Int(positions[Int(c)]) >= cut { return false }
            k += 1
            return true
        }
        return TreeDestination(parent: p.parent, index: k)
    }

    /// Drops a lifted node where its projection says (``dropDestination(of:projection:)``).
    public mutating func drop(_ lift: TreeLift, projection p: TreeProjection) throws(ValidationError) {
        try move(lift.handle, to: dropDestination(of: lift, projection: p))
    }

    /// The announcement for a projection, as dnd-kit's story computes it: from the node just
    /// before the landing place in the whole flattened tree (a collapsed row's last hidden
    /// descendant when the node comes from below), nested under it when the projection is
    /// deeper, else after its ancestor at the projected depth; before the row below when
    /// nothing precedes it. Nil when the node would be alone.
    public func announcement(of lift: TreeLift, projection p: TreeProjection) -> TreeAnnouncement? {
        let cut = landingCut(of: lift, overRow: p.overRow)
        guard cut > 0 else { return p.next.map { .before($0) } }
        let before = order[cut - 1]
        if p.depth > depth(before) { return .nested(under: before) }
        return ancestor(of: before, atDepth: p.depth).map { .after($0) }
    }
}
