/// A node lifted with its subtree: its visible descendants leave the rows while it is lifted
/// (dnd-kit's `removeChildrenOf(flattenedTree, [activeId, ...])`, pragmatic's collapse of an
/// open item on drag start) and come back under it at the drop. So no drop can put a node into
/// its own subtree.
///
/// The lift does not copy the rows: the lifted rows are the tree's visible rows with the
/// descendants' range skipped, so lifting a node that carries 10,000 others costs a binary
/// search and one walk over its subtree (for ``height``).
///
/// ```swift
/// let tree = try Tree(["a", TreeNodeDescription(id: "b", children: ["b1", "b2"]), "c"])
/// if let b = tree.handle(of: "b"), let lift = tree.lift(b) {
///     lift.carried                                                           // 3: b, b1 and b2
///     (0..<lift.rowCount).map { tree.id(lift.handle(atRow: $0, in: tree)) }   // ["a", "b", "c"]
/// }
/// ```
public struct TreeLift: Hashable, Sendable {
    /// The lifted node.
    public let handle: Int32
    /// Its row, in the visible rows and in the lifted rows alike.
    public let row: Int
    /// Its depth at the lift.
    public let depth: Int
    /// The nodes it carries, itself and every descendant (collapsed ones included): what the
    /// snapshot shows (dnd-kit's `getChildCount(items, activeId) + 1`).
    public let carried: Int
    /// The visible rows that leave the list with it (its visible descendants).
    public let hiddenRows: Int
    /// The levels below it (0 for a leaf): how much deeper than its own depth the subtree reaches.
    public let height: Int
    /// The rows while it is lifted.
    public let rowCount: Int

    /// The node at row `r` of the lifted rows of `tree` (the tree the lift was made from).
    @inlinable public func handle(atRow r: Int, in tree: Tree) -> Int32 {
        tree.handle(atRow: r <= row ? r : r + hiddenRows)
    }
}

extension Tree {
    /// Lifts a visible node; nil when it is hidden (an ancestor is collapsed).
    ///
    /// - Complexity: O(log rows + subtree size).
    public func lift(_ h: Int32) -> TreeLift? {
        guard let r = row(of: h) else { return nil }
        let end = firstRow(atOrAfterPreorderIndex: preorderIndex(h) + subtreeSize(h))
        let hidden = end - r - 1
        return TreeLift(handle: h, row: r, depth: depth(h), carried: subtreeSize(h), hiddenRows: hidden,
                        height: height(h), rowCount: visibleCount - hidden)
    }
}
