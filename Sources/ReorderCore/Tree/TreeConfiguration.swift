/// The static fields of a tree session (`tree = { indent = ..., max_depth = ..., expand_after = ... }`
/// in a policy).
///
/// `indent` is both how far each level is drawn in and the sideways travel that changes the
/// depth by one (dnd-kit's `indentationWidth`, SortableTree.tsx line 110: 50). `max_depth` is
/// the deepest depth a drop may give any node (a root has depth 0), the whole lifted subtree
/// included.
///
/// ```swift
/// var c = PolicyConfiguration(name: "outline")
/// c.tree.indent = 50
/// c.tree.maxDepth = 3
/// ```
public struct TreeConfiguration: Hashable, Sendable {
    /// Points per level. `default`: 32, pragmatic-drag-and-drop's tree example's
    /// `indentPerLevel` (examples/pieces/tree-legacy/constants.ts line 1): a phone row keeps
    /// most of its width at a few levels, and a thumb moves 32 pt sideways without meaning to
    /// scroll.
    public var indent: Double = 32
    /// The deepest depth a drop may give a node; a whole number. `default`: ``Tree/Limits/depth``
    /// (no bound but the tree's own).
    public var maxDepth: Double = Double(Tree.Limits.depth)
    /// Seconds a collapsed node with children must stay the combine target (after
    /// `combine_delay`) before it opens under the drag. `default`: 0.5, pragmatic-drag-and-drop's
    /// tree example (`examples/pieces/tree-legacy/tree-item.tsx` lines 279-290: "expand after
    /// 500ms if still merging").
    public var expandAfter: Double = 0.5
    public init() {}

    /// ``maxDepth`` as a level within the tree's own bound.
    public var maxDepthLevel: Int { Int(min(max(maxDepth, 0), Double(Tree.Limits.depth))) }
}

extension PolicyConfiguration.Limits {
    /// `tree.indent`: more than 0 and up to 1000 points a level.
    public static let treeIndent = NumberRange(above: 0, upTo: 1000)
    /// `tree.max_depth`: `0...63` (``Tree/Limits/depth``).
    public static let treeMaxDepth = NumberRange(0, Double(Tree.Limits.depth), whole: true)
}
