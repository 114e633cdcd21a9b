import ReorderCore

/// Checks a tree session after every input, as ``InvariantChecker`` checks a list: what holds
/// of the tree at any moment, and what a drop may change.
///
/// - The tree is sound and holds the nodes it began with (``ReorderCore/Tree/invariantViolations(maxDepth:before:)``):
///   every node kept once, parents form a tree, so no node is under its own descendant, depths
///   within ``ReorderCore/Tree/Limits/depth``.
/// - A node whose depth changed (a dropped node and its subtree) is at most `tree.max_depth`
///   deep. (Nodes the tree began with deeper than that may stay where they are.)
/// - The rows are the visible nodes, each once: exactly them while idle, and while a node is
///   lifted the visible nodes less the lifted node's visible descendants.
/// - A node `can_move` refuses is never lifted; the offset stays within the content and the
///   snapshot's numbers are finite (as for lists).
///
/// ```swift
/// var checker = TreeInvariantChecker(simulator: sim, locked: [], maxDepth: 63)
/// sim.apply(.toggle(0, ItemPosition(section: 0, item: 1)))
/// checker.check(sim, inputIndex: 0)   // nil: all hold
/// ```
public struct TreeInvariantChecker {
    /// The tree at the start.
    let initial: Tree
    /// Handles of nodes the policy locks (can_move false at the start).
    public internal(set) var locked: Set<Int32>
    /// The policy's `tree.max_depth` (``ReorderCore/TreeConfiguration/maxDepthLevel``).
    public let maxDepth: Int
    /// Each node's depth after the last input, by handle.
    var depths: [Int]

    /// A checker of `sim`'s tree (nil when `sim` is not a tree session).
    public init?(simulator sim: DragSimulator, locked: Set<Int32>, maxDepth: Int) {
        guard let tree = sim.tree else { return nil }
        initial = tree
        self.locked = locked
        self.maxDepth = maxDepth
        depths = (0..<Int32(tree.count)).map(tree.depth)
    }

    /// Checks the state after input `inputIndex` (events are taken from the simulator).
    public mutating func check(_ sim: DragSimulator, inputIndex: Int) -> FuzzViolation? {
        func fail(_ i: FuzzViolation.Invariant, _ m: String) -> FuzzViolation {
            FuzzViolation(invariant: i, message: m, inputIndex: inputIndex)
        }
        let session = sim.session
        _ = sim.takeEvents()
        guard let tree = session.tree else { return fail(.tree, "the session has no tree any more") }
        if let problem = tree.invariantViolations(before: initial).first { return fail(.tree, problem) }
        for h in 0..<Int32(tree.count) where tree.depth(h) != depths[Int(h)] {
            if tree.depth(h) > maxDepth {
                return fail(.tree, "node \(tree.id(h)) was given depth \(tree.depth(h)), past tree.max_depth \(maxDepth) (it was at \(depths[Int(h)]))")
            }
            depths[Int(h)] = tree.depth(h)
        }
        let lift = session.treeLift
        if let lift, locked.contains(lift.handle) { return fail(.lock, "locked node \(tree.id(lift.handle)) was lifted") }
        // The rows: the visible nodes, less those the lifted node carries until it lands (the
        // tree does not change during a drag; at the landing the rows are the tree's again).
        let rows = session.order.sections.first ?? []
        guard session.order.sectionCount == 1 else { return fail(.tree, "\(session.order.sectionCount) sections of rows, expected 1") }
        let hidden = lift?.hiddenRows ?? 0
        let carrying = hidden > 0 && rows.count == tree.visibleCount - hidden
        guard rows.count == tree.visibleCount || carrying else {
            return fail(.tree, "\(rows.count) rows, the tree shows \(tree.visibleCount) (\(tree.visibleIDs.joined(separator: ", ")))")
        }
        var seen = Set<Int32>()
        for h in rows {
            guard tree.contains(h) else { return fail(.tree, "row of unknown node \(h)") }
            guard seen.insert(h).inserted else { return fail(.tree, "node \(tree.id(h)) is on two rows") }
            guard tree.isVisible(h) else { return fail(.tree, "node \(tree.id(h)) is on a row under a collapsed parent") }
            if carrying, let lift, h != lift.handle, tree.isInSubtree(h, of: lift.handle) {
                return fail(.tree, "node \(tree.id(h)) is on a row while \(tree.id(lift.handle)), its ancestor, is lifted")
            }
        }
        if sim.state == .idle, rows != (0..<tree.visibleCount).map(tree.handle(atRow:)) {
            return fail(.tree, "the rows \(rows.map(tree.id)) are not the tree's visible nodes \(tree.visibleIDs) while idle")
        }
        if let problem = InvariantChecker.offsetProblem(session) { return fail(.offset, problem) }
        if let problem = InvariantChecker.snapshotProblem(session) { return fail(.snapshot, problem) }
        return nil
    }
}
