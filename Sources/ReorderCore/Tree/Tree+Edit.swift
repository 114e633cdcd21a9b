/// Where a node goes: under `parent` (nil for the roots) at `index` among the parent's children
/// as they are without the moved node.
///
/// ```swift
/// TreeDestination(parent: nil, index: 0)                      // the first root
/// TreeDestination(parent: tree.handle(of: "b"), index: 2)     // b's third child
/// ```
public struct TreeDestination: Hashable, Sendable {
    public var parent: Int32?
    public var index: Int

    public init(parent: Int32?, index: Int) {
        self.parent = parent
        self.index = index
    }
}

/// Changes to a tree: collapsing, expanding and moving subtrees. Every change keeps the
/// preorder, the subtree sizes and the visible rows consistent (``Tree/invariantViolations()``).
extension Tree {
    /// Collapses or expands a node. The rows of its subtree leave or join the visible rows when
    /// the node itself is visible; a hidden node only changes its flag.
    ///
    /// - Complexity: O(visible rows of the subtree + log rows), plus moving the rows after it.
    ///
    /// ```swift
    /// if let b = tree.handle(of: "b") { tree.setCollapsed(b, true) }
    /// ```
    public mutating func setCollapsed(_ h: Int32, _ collapsed: Bool) {
        lastEditCost = 0
        guard collapsedFlags[Int(h)] != collapsed else { return }
        collapsedFlags[Int(h)] = collapsed
        guard sizes[Int(h)] > 1, let r = row(of: h) else { return }
        let start = Int(positions[Int(h)]) + 1
        let end = Int(positions[Int(h)] + sizes[Int(h)])
        if collapsed {
            visible.removeSubrange((r + 1)..<firstRow(atOrAfterPreorderIndex: end))
        } else {
            let rows = visibleHandles(from: start, to: end)
            lastEditCost = rows.count
            visible.insert(contentsOf: rows, at: r + 1)
        }
    }

    /// Collapses an expanded node, expands a collapsed one (a session's `s:toggle`).
    ///
    /// ```swift
    /// if let b = tree.handle(of: "b") { tree.toggle(b) }
    /// ```
    public mutating func toggle(_ h: Int32) { setCollapsed(h, !collapsedFlags[Int(h)]) }

    /// The number of children `parent` has (roots for nil), not counting `excluded`.
    func childCount(of parent: Int32?, excluding excluded: Int32? = nil) -> Int {
        var k = 0
        forEachChild(of: parent) { c in
            if c != excluded { k += 1 }
            return true
        }
        return k
    }

    /// Why `h` cannot go to `destination`, nil when it can.
    public func moveProblem(_ h: Int32, to destination: TreeDestination) -> String? {
        guard contains(h) else { return "unknown node \(h)" }
        if let p = destination.parent {
            guard contains(p) else { return "unknown parent \(p)" }
            if isInSubtree(p, of: h) {
                return "\"\(id(h))\" cannot go under \"\(id(p))\": a node cannot go into its own subtree"
            }
        }
        let available = childCount(of: destination.parent, excluding: h)
        if destination.index < 0 || destination.index > available {
            let under = destination.parent.map { "\"\(id($0))\"" } ?? "the roots"
            return "index \(destination.index) under \(under) must be from 0 to \(available)"
        }
        let newDepth = destination.parent.map { depth($0) + 1 } ?? 0
        if newDepth > depth(h), newDepth + height(h) > Limits.depth {
            return "\"\(id(h))\" at depth \(newDepth) would put a node deeper than \(Limits.depth)"
        }
        return nil
    }

    /// Moves `h` with its whole subtree (collapsed descendants included) to `destination`. The
    /// moved node keeps its collapsed flag; its descendants keep their order and flags.
    ///
    /// Throws a ``ValidationError`` (field `tree`) when the destination is under the node itself,
    /// the index is past the parent's children, or a node would go deeper than ``Limits/depth``.
    ///
    /// - Complexity: O(distance moved in preorder + subtree size + rows), each a move of a
    ///   range of an array: a subtree is contiguous in the preorder.
    ///
    /// ```swift
    /// var tree = try Tree(["a", "b", TreeNodeDescription(id: "c", children: ["c1"])])
    /// if let c = tree.handle(of: "c") {
    ///     try tree.move(c, to: TreeDestination(parent: tree.handle(of: "a"), index: 0))
    /// }
    /// tree.nested().map(\.description)   // ["a(c(c1))", "b"]
    /// ```
    public mutating func move(_ h: Int32, to destination: TreeDestination) throws(ValidationError) {
        if let problem = moveProblem(h, to: destination) {
            throw ValidationError(field: "tree", message: problem)
        }
        let s = Int(sizes[Int(h)])
        let a = Int(positions[Int(h)])
        // The insertion point in the current preorder: the index-th child of the new parent
        // (the moved node skipped), else the end of the parent's range.
        var t: Int
        if let p = destination.parent {
            t = Int(positions[Int(p)] + sizes[Int(p)])
        } else {
            t = order.count
        }
        var k = 0
        forEachChild(of: destination.parent) { c in
            if c == h { return true }
            if k == destination.index { t = Int(positions[Int(c)]); return false }
            k += 1
            return true
        }
        // The same point in the preorder without the moved range.
        let target = t > a ? t - s : t

        // Rows of the subtree leave the visible rows (they come back below if still visible).
        var movedRows: [Int32]? = nil
        if let r = row(of: h) {
            let end = firstRow(atOrAfterPreorderIndex: a + s)
            movedRows = Array(visible[r..<end])
            visible.removeSubrange(r..<end)
        }

        // Sizes: the old ancestors lose the subtree, the new ones gain it.
        var cost = 0
        var up = parents[Int(h)]
        while up >= 0 { sizes[Int(up)] -= Int32(s); up = parents[Int(up)]; cost += 1 }
        let newParent = destination.parent ?? -1
        up = newParent
        while up >= 0 { sizes[Int(up)] += Int32(s); up = parents[Int(up)]; cost += 1 }
        parents[Int(h)] = newParent

        // The range moves within the preorder; every index between the two places shifts.
        let block = Array(order[a..<(a + s)])
        order.removeSubrange(a..<(a + s))
        order.insert(contentsOf: block, at: target)
        let lo = min(a, target), hi = max(a, target) + s
        for i in lo..<hi { positions[Int(order[i])] = Int32(i) }
        cost += hi - lo

        let delta = Int32(destination.parent.map { depth($0) + 1 } ?? 0) - depths[Int(h)]
        if delta != 0 {
            for i in target..<(target + s) { depths[Int(order[i])] += delta }
            cost += s
        }

        if isVisible(h) {
            let rows: [Int32]
            if let movedRows {
                rows = movedRows
            } else {
                rows = visibleHandles(from: target, to: target + s)
                cost += rows.count
            }
            visible.insert(contentsOf: rows, at: firstRow(atOrAfterPreorderIndex: target))
        }
        lastEditCost = cost
    }

    /// The destination just before `target` among its siblings, as seen without `h`.
    public func destination(before target: Int32, moving h: Int32) -> TreeDestination {
        let p = parent(target)
        var k = index(of: target)
        if parent(h) == p, positions[Int(h)] < positions[Int(target)] { k -= 1 }
        return TreeDestination(parent: p, index: k)
    }

    /// The destination just after `target` among its siblings, as seen without `h`.
    public func destination(after target: Int32, moving h: Int32) -> TreeDestination {
        var d = destination(before: target, moving: h)
        d.index += 1
        return d
    }
}
