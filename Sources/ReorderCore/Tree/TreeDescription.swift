/// One node of a tree as a caller describes it: an item (id and title), its children in order,
/// and whether it is collapsed. The nested shape of a session's `tree = {...}`: a string is a
/// leaf with that id, a table has `id`, an optional `title`, `children` and `collapsed`.
///
/// A nested value cannot hold a cycle, so a ``Tree`` built from descriptions is a tree by
/// construction; ``Tree/init(_:)`` checks the rest (ids non-empty and unique, depth and size
/// within ``Tree/Limits``).
///
/// ```swift
/// let roots: [TreeNodeDescription] = [
///     "a",
///     TreeNodeDescription(id: "b", children: ["b1", "b2"]),
///     "c",
/// ]
/// let tree = try Tree(roots)
/// tree.visibleIDs   // ["a", "b", "b1", "b2", "c"]
/// ```
public struct TreeNodeDescription: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The node's item: `id`, and `title` (the id when none was given).
    public var item: Item
    /// The children, in order; empty for a leaf.
    public var children: [TreeNodeDescription]
    /// Whether the children are hidden from the visible rows.
    public var collapsed: Bool

    /// A node with an explicit id and an optional title.
    public init(id: String, title: String? = nil, children: [TreeNodeDescription] = [], collapsed: Bool = false) {
        self.init(item: Item(id: id, title: title), children: children, collapsed: collapsed)
    }

    /// A node carrying an item as it is (extra fields included).
    public init(item: Item, children: [TreeNodeDescription] = [], collapsed: Bool = false) {
        self.item = item
        self.children = children
        self.collapsed = collapsed
    }

    /// A leaf given as a plain string: its id and title are the string.
    public init(_ id: String) {
        self.init(item: Item(id), children: [], collapsed: false)
    }

    public init(stringLiteral value: String) { self.init(value) }

    /// The node's id.
    public var id: String { item.id }

    /// `a`, `b(b1, b2)`, `+b(b1)` for a collapsed node: a compact form for messages and tests.
    public var description: String {
        let mark = collapsed ? "+" : ""
        if children.isEmpty { return mark + id }
        return mark + id + "(" + children.map(\.description).joined(separator: ", ") + ")"
    }
}

/// One node of a tree in preorder (the order of the flattened tree): the item, its depth (a
/// root has depth 0) and whether it is collapsed. A list of entries is the flat form of a tree
/// (each entry's parent is the nearest earlier entry one level up), as order files and
/// benchmarks build it.
///
/// ```swift
/// let tree = try Tree(entries: [
///     TreeEntry(item: Item("a"), depth: 0),
///     TreeEntry(item: Item("a1"), depth: 1),
///     TreeEntry(item: Item("b"), depth: 0),
/// ])
/// tree.parentID(of: "a1")   // "a"
/// ```
public struct TreeEntry: Hashable, Sendable {
    public var item: Item
    public var depth: Int
    public var collapsed: Bool

    public init(item: Item, depth: Int, collapsed: Bool = false) {
        self.item = item
        self.depth = depth
        self.collapsed = collapsed
    }
}
