/// A tree of items, stored flat so that a subtree is one contiguous range.
///
/// Nodes are addressed by a handle (an `Int32`, stable for the tree's life, like ``Order``'s)
/// or by id. The whole tree is kept in preorder, the order of dnd-kit's `flattenTree`: a node,
/// then its descendants, then its next sibling. With each node's subtree size, the subtree of
/// the node at preorder position `p` is the range `p ..< p + size`, so lifting, dropping,
/// collapsing and expanding a subtree move ranges of an array, never walk a nested value.
/// The visible rows (every node whose ancestors are all expanded, in preorder) are kept as well,
/// updated by each change.
///
/// ```swift
/// var tree = try Tree(["a", TreeNodeDescription(id: "b", children: ["b1", "b2"]), "c"])
/// tree.visibleIDs                       // ["a", "b", "b1", "b2", "c"]
/// if let b = tree.handle(of: "b") { tree.toggle(b) }   // collapse b
/// tree.visibleIDs                       // ["a", "b", "c"]
/// tree.nested().map(\.description)      // ["a", "+b(b1, b2)", "c"]
/// ```
public struct Tree: Sendable {
    /// The bounds every tree keeps.
    public enum Limits {
        /// The deepest depth a node may have (a root has depth 0): 64 levels are far past any
        /// outline a person reads, and keep every walk up the ancestors short.
        public static let depth = 63
        /// Nodes in one tree: as many as a session's items (``SessionGeometry/Limits/items``).
        public static var nodes: Int { SessionGeometry.Limits.items }
    }

    /// The item of each node, by handle.
    public private(set) var items: [Item]
    /// Whether each node is collapsed, by handle.
    @usableFromInline var collapsedFlags: [Bool]
    /// The parent of each node, by handle; -1 for a root.
    @usableFromInline var parents: [Int32]
    /// The depth of each node, by handle.
    @usableFromInline var depths: [Int32]
    /// The number of nodes in each node's subtree (itself included), by handle.
    @usableFromInline var sizes: [Int32]
    /// Every handle in preorder: the whole flattened tree.
    @usableFromInline var order: [Int32]
    /// Each handle's index in ``order``.
    @usableFromInline var positions: [Int32]
    /// The visible handles in preorder: the rows.
    @usableFromInline var visible: [Int32]
    /// Each id's handle.
    var handles: [String: Int32]
    /// Work done by the last change (``setCollapsed(_:_:)``, ``move(_:to:)``): per-node entries
    /// rewritten one at a time (preorder indices, depths, ancestors' sizes) and rows walked.
    /// Moves of whole ranges of an array (one memory move each) are not counted. Tests show a
    /// change costs what lies between its two places, not the size of the tree.
    package internal(set) var lastEditCost = 0

    /// A tree from its roots in the nested shape.
    ///
    /// Throws a ``ValidationError`` (field `tree`) naming the node by its place in the shape
    /// (`tree[2].children[1]`, 1-based as Lua writes it) for an empty or duplicate id, a node
    /// deeper than ``Limits/depth``, or more than ``Limits/nodes`` nodes.
    ///
    /// ```swift
    /// try Tree(["a", TreeNodeDescription(id: "a")])
    /// // throws "tree[2]: duplicate id \"a\" (first at tree[1]): ids must be unique"
    /// ```
    public init(_ roots: [TreeNodeDescription]) throws(ValidationError) {
        var entries: [TreeEntry] = []
        var tooDeep: Int?
        func flatten(_ nodes: [TreeNodeDescription], _ depth: Int) {
            for node in nodes where tooDeep == nil && entries.count <= Limits.nodes {
                if depth > Limits.depth { tooDeep = entries.count; return }
                entries.append(TreeEntry(item: node.item, depth: depth, collapsed: node.collapsed))
                flatten(node.children, depth + 1)
            }
        }
        flatten(roots, 0)
        let locate = { (k: Int) in Tree.path(ofPreorderIndex: k, in: roots) }
        if let k = tooDeep {
            throw ValidationError(field: "tree", message:
                "\(locate(k)): deeper than \(Limits.depth + 1) levels (a root has depth 0, the deepest allowed is \(Limits.depth))")
        }
        try self.init(validating: entries, locate: locate)
    }

    /// A tree from its nodes in preorder with their depths (the flat form).
    ///
    /// Throws a ``ValidationError`` (field `tree`) naming the entry (`tree: entry 3`, 1-based) for an
    /// empty or duplicate id, a first entry deeper than 0, an entry more than one level deeper
    /// than the one before it, a depth past ``Limits/depth``, or too many entries.
    ///
    /// ```swift
    /// try Tree(entries: [TreeEntry(item: Item("a"), depth: 1)])
    /// // throws "tree: entry 1: depth 1 must be 0 (the first node is a root)"
    /// ```
    public init(entries: [TreeEntry]) throws(ValidationError) {
        try self.init(validating: entries, locate: { "tree: entry \($0 + 1)" })
    }

    /// The one validator and builder: every initializer comes through here.
    init(validating entries: [TreeEntry], locate: (Int) -> String) throws(ValidationError) {
        let n = entries.count
        if n > Limits.nodes {
            throw ValidationError(field: "tree", message: "tree: too many nodes: more than \(Limits.nodes)")
        }
        var handles: [String: Int32] = [:]
        handles.reserveCapacity(n)
        var parents = [Int32](repeating: -1, count: n)
        var depths = [Int32](repeating: 0, count: n)
        // The last node seen at each depth: the parent of a node at depth d is the last at d - 1.
        var lastAt: [Int32] = []
        for (k, entry) in entries.enumerated() {
            let d = entry.depth
            if entry.item.id.isEmpty {
                throw ValidationError(field: "tree", message: "\(locate(k)): empty id (a node's id is a non-empty string)")
            }
            if let first = handles[entry.item.id] {
                throw ValidationError(field: "tree", message:
                    "\(locate(k)): duplicate id \"\(entry.item.id)\" (first at \(locate(Int(first)))): ids must be unique")
            }
            if k == 0 && d != 0 {
                throw ValidationError(field: "tree", message: "\(locate(k)): depth \(d) must be 0 (the first node is a root)")
            }
            if d < 0 || d > lastAt.count {
                throw ValidationError(field: "tree", message:
                    "\(locate(k)): depth \(d) must be from 0 to \(lastAt.count) (at most one deeper than the node before it)")
            }
            if d > Limits.depth {
                throw ValidationError(field: "tree", message:
                    "\(locate(k)): deeper than \(Limits.depth + 1) levels (a root has depth 0, the deepest allowed is \(Limits.depth))")
            }
            handles[entry.item.id] = Int32(k)
            depths[k] = Int32(d)
            parents[k] = d == 0 ? -1 : lastAt[d - 1]
            lastAt.removeSubrange(d...)
            lastAt.append(Int32(k))
        }
        // Handles are given in preorder, so a child's handle is after its parent's: one backward
        // pass adds every subtree's size into its parent.
        var sizes = [Int32](repeating: 1, count: n)
        for k in stride(from: n - 1, through: 0, by: -1) where parents[k] >= 0 {
            sizes[Int(parents[k])] += sizes[k]
        }
        self.items = entries.map(\.item)
        self.collapsedFlags = entries.map(\.collapsed)
        self.parents = parents
        self.depths = depths
        self.sizes = sizes
        self.order = (0..<Int32(n)).map { $0 }
        self.positions = self.order
        self.visible = []
        self.handles = handles
        self.visible = visibleHandles(from: 0, to: n)
    }

    /// `tree[2].children[1]`: where the `k`-th node in preorder sits in the nested shape.
    static func path(ofPreorderIndex k: Int, in roots: [TreeNodeDescription]) -> String {
        var remaining = k
        var parts: [Int] = []
        func find(_ nodes: [TreeNodeDescription]) -> Bool {
            for (i, node) in nodes.enumerated() {
                if remaining == 0 { parts.append(i + 1); return true }
                remaining -= 1
                parts.append(i + 1)
                if find(node.children) { return true }
                parts.removeLast()
            }
            return false
        }
        _ = find(roots)
        guard let first = parts.first else { return "tree" }
        return "tree[\(first)]" + parts.dropFirst().map { ".children[\($0)]" }.joined()
    }

    // MARK: - Nodes

    /// The number of nodes, collapsed ones included.
    @inlinable public var count: Int { order.count }
    /// The number of visible rows.
    @inlinable public var visibleCount: Int { visible.count }

    /// The handle of the node with this id.
    public func handle(of id: String) -> Int32? { handles[id] }
    /// Whether `h` is a handle of this tree.
    @inlinable public func contains(_ h: Int32) -> Bool { h >= 0 && Int(h) < items.count }
    /// The node's item.
    @inlinable public func item(_ h: Int32) -> Item { items[Int(h)] }
    /// The node's id.
    @inlinable public func id(_ h: Int32) -> String { items[Int(h)].id }
    /// The node's depth (a root has depth 0).
    @inlinable public func depth(_ h: Int32) -> Int { Int(depths[Int(h)]) }
    /// The node's parent, nil for a root.
    @inlinable public func parent(_ h: Int32) -> Int32? { parents[Int(h)] < 0 ? nil : parents[Int(h)] }
    /// Whether the node is collapsed (its children hidden). A leaf may be collapsed too: the
    /// flag is kept, and matters once it has children.
    @inlinable public func isCollapsed(_ h: Int32) -> Bool { collapsedFlags[Int(h)] }
    /// The number of nodes in the node's subtree, itself and collapsed descendants included:
    /// what a lift of it carries (dnd-kit's `getChildCount(items, id) + 1`).
    @inlinable public func subtreeSize(_ h: Int32) -> Int { Int(sizes[Int(h)]) }
    /// Whether the node has children.
    @inlinable public func hasChildren(_ h: Int32) -> Bool { sizes[Int(h)] > 1 }
    /// The node's index in the whole flattened tree (preorder).
    @inlinable public func preorderIndex(_ h: Int32) -> Int { Int(positions[Int(h)]) }
    /// The node at an index of the whole flattened tree.
    @inlinable public func handle(atPreorderIndex i: Int) -> Int32 { order[i] }

    /// Whether `h` is `ancestor` or lies in its subtree.
    @inlinable public func isInSubtree(_ h: Int32, of ancestor: Int32) -> Bool {
        let p = positions[Int(h)], a = positions[Int(ancestor)]
        return p >= a && p < a + sizes[Int(ancestor)]
    }

    /// The parent's id, nil for a root or an unknown id.
    public func parentID(of id: String) -> String? {
        guard let h = handles[id], let p = parent(h) else { return nil }
        return self.id(p)
    }

    /// The children of `parent` (the roots for nil), in order.
    ///
    /// - Complexity: O(number of children): a walk from child to child by subtree size.
    public func children(of parent: Int32?) -> [Int32] {
        var result: [Int32] = []
        forEachChild(of: parent) { result.append($0); return true }
        return result
    }

    /// Calls `body` with each child of `parent` (the roots for nil) in order until it returns false.
    @inlinable func forEachChild(of parent: Int32?, _ body: (Int32) -> Bool) {
        var i: Int, end: Int
        if let p = parent {
            i = Int(positions[Int(p)]) + 1
            end = Int(positions[Int(p)] + sizes[Int(p)])
        } else {
            i = 0
            end = order.count
        }
        while i < end {
            let c = order[i]
            if !body(c) { return }
            i += Int(sizes[Int(c)])
        }
    }

    /// The node's index among its siblings (dnd-kit's `FlattenedItem.index`).
    public func index(of h: Int32) -> Int {
        var k = 0
        forEachChild(of: parent(h)) { c in
            if c == h { return false }
            k += 1
            return true
        }
        return k
    }

    /// The node's ancestor at `depth` (itself when its depth is `depth`); nil when deeper than it.
    public func ancestor(of h: Int32, atDepth depth: Int) -> Int32? {
        var a = h
        while Int(depths[Int(a)]) > depth {
            guard let p = parent(a) else { return nil }
            a = p
        }
        return Int(depths[Int(a)]) == depth ? a : nil
    }

    /// The levels below the node: 0 for a leaf, 1 when its deepest descendant is a child.
    ///
    /// - Complexity: O(subtree size).
    public func height(_ h: Int32) -> Int {
        let start = Int(positions[Int(h)])
        let base = depths[Int(h)]
        var deepest = base
        for i in start..<(start + Int(sizes[Int(h)])) { deepest = max(deepest, depths[Int(order[i])]) }
        return Int(deepest - base)
    }

    // MARK: - Rows

    /// The handle of visible row `r` (0-based).
    @inlinable public func handle(atRow r: Int) -> Int32 { visible[r] }

    /// The visible row of the node, nil when an ancestor is collapsed.
    ///
    /// - Complexity: O(log rows): the rows are in preorder, so a binary search by preorder index.
    public func row(of h: Int32) -> Int? {
        let r = firstRow(atOrAfterPreorderIndex: Int(positions[Int(h)]))
        return r < visible.count && visible[r] == h ? r : nil
    }

    /// The first row whose node's preorder index is `i` or later (the row count when none).
    @usableFromInline func firstRow(atOrAfterPreorderIndex i: Int) -> Int {
        var lo = 0, hi = visible.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if Int(positions[Int(visible[mid])]) < i { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// Whether every ancestor of the node is expanded.
    public func isVisible(_ h: Int32) -> Bool {
        var a = parents[Int(h)]
        while a >= 0 {
            if collapsedFlags[Int(a)] { return false }
            a = parents[Int(a)]
        }
        return true
    }

    /// The ids of the visible rows, in order (a session's `s:order()`).
    public var visibleIDs: [String] { visible.map { items[Int($0)].id } }

    /// The visible handles between two preorder indices, skipping collapsed subtrees.
    func visibleHandles(from start: Int, to end: Int) -> [Int32] {
        var result: [Int32] = []
        var i = start
        while i < end {
            let h = order[i]
            result.append(h)
            i += collapsedFlags[Int(h)] ? Int(sizes[Int(h)]) : 1
        }
        return result
    }

    // MARK: - Flattened forms

    /// The whole tree flattened in preorder, collapsed children included (dnd-kit's
    /// `flattenTree`): each node with its depth, parent and index among its siblings.
    public var flattened: [TreeRow] { rows(visibleOnly: false) }

    /// The visible rows with their depth, parent and index among siblings (dnd-kit's
    /// `removeChildrenOf(flattenTree(items), collapsedIds)`).
    public var visibleRows: [TreeRow] { rows(visibleOnly: true) }

    private func rows(visibleOnly: Bool) -> [TreeRow] {
        var result: [TreeRow] = []
        result.reserveCapacity(visibleOnly ? visible.count : order.count)
        // The next sibling index at each depth along the current path.
        var nextIndex: [Int] = []
        var i = 0
        while i < order.count {
            let h = order[i]
            let d = Int(depths[Int(h)])
            if nextIndex.count > d + 1 { nextIndex.removeSubrange((d + 1)...) }
            if nextIndex.count == d { nextIndex.append(0) }
            result.append(TreeRow(handle: h, id: items[Int(h)].id, depth: d, parent: parent(h), index: nextIndex[d]))
            nextIndex[d] += 1
            i += visibleOnly && collapsedFlags[Int(h)] ? Int(sizes[Int(h)]) : 1
        }
        return result
    }

    /// The tree in the nested shape it was described in (a session's `s:tree()`).
    public func nested() -> [TreeNodeDescription] {
        // Built bottom-up over the preorder: a finished node is appended to its parent's
        // children on the stack when the walk leaves it.
        var stack: [TreeNodeDescription] = [TreeNodeDescription(id: "")]
        var depthOnStack: [Int] = [-1]
        func close(downTo depth: Int) {
            while let last = depthOnStack.last, last >= depth {
                let done = stack.removeLast()
                depthOnStack.removeLast()
                stack[stack.count - 1].children.append(done)
            }
        }
        for h in order {
            let d = Int(depths[Int(h)])
            close(downTo: d)
            stack.append(TreeNodeDescription(item: items[Int(h)], collapsed: collapsedFlags[Int(h)]))
            depthOnStack.append(d)
        }
        close(downTo: 0)
        return stack[0].children
    }
}

/// One row of a flattened tree: a node with its depth, parent and index among its siblings
/// (the fields dnd-kit's `FlattenedItem` adds to a tree item).
///
/// ```swift
/// let tree = try Tree([TreeNodeDescription(id: "a", children: ["a1"])])
/// tree.flattened[1]   // TreeRow(handle: 1, id: "a1", depth: 1, parent: 0, index: 0)
/// ```
public struct TreeRow: Hashable, Sendable {
    public var handle: Int32
    public var id: String
    public var depth: Int
    /// The parent's handle, nil for a root.
    public var parent: Int32?
    /// The index among the parent's children.
    public var index: Int

    public init(handle: Int32, id: String, depth: Int, parent: Int32?, index: Int) {
        self.handle = handle
        self.id = id
        self.depth = depth
        self.parent = parent
        self.index = index
    }
}

extension Tree: Equatable {
    /// Two trees are equal when they have the same nodes (items) in the same preorder at the same
    /// depths with the same collapsed flags: the same nested shape, whatever the handles.
    public static func == (a: Tree, b: Tree) -> Bool {
        guard a.count == b.count else { return false }
        for i in 0..<a.order.count {
            let x = Int(a.order[i]), y = Int(b.order[i])
            if a.items[x] != b.items[y] || a.depths[x] != b.depths[y] || a.collapsedFlags[x] != b.collapsedFlags[y] {
                return false
            }
        }
        return true
    }
}
