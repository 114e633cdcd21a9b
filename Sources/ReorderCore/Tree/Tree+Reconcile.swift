/// Restoring a saved tree onto the data's current nodes, by id.
extension Tree {
    /// The outcome of ``Tree/reconciled(with:)``: the restored tree and what did not match.
    ///
    /// ```swift
    /// let data = try Tree(["a", TreeNodeDescription(id: "b", children: ["b1"]), "new"])
    /// let r = data.reconciled(with: [TreeNodeDescription(id: "b", children: ["a", "gone"])])
    /// r.tree.nested().map(\.description)   // ["b(a, b1)", "new"]
    /// r.newIDs        // ["b1", "new"]
    /// r.vanishedIDs   // ["gone"]
    /// ```
    public struct Reconciliation: Sendable, Equatable {
        /// The restored tree: the data's nodes (items as the data has them), each once.
        public var tree: Tree
        /// Ids of the data's nodes the saved tree did not place, in the data's preorder.
        public var newIDs: [String]
        /// Saved ids no node of the data carries, in the file's preorder.
        public var vanishedIDs: [String]
        /// Saved ids repeated after their first place, in the file's preorder; ignored.
        public var duplicateIDs: [String]
        /// Why the saved arrangement could not be used (it would nest the data deeper than
        /// ``Tree/Limits/depth``); the tree is then the data's own. Nil when it was used.
        public var refusal: String?
    }

    /// Restores a saved tree (the nested shape, ids with children and `collapsed`) onto this
    /// tree, which holds the data's current nodes in the data's own arrangement.
    ///
    /// The rules:
    /// 1. **Saved nodes** the data still has keep their saved parent, their saved place among
    ///    its children and their saved `collapsed` flag; their item (title, fields) is the data's.
    /// 2. **Removed nodes** (a saved id no data node carries, or one repeated after its first
    ///    place) are dropped, and **their children are promoted**: they take the removed node's
    ///    place in its parent, in their saved order. A folder deleted since the save does not
    ///    take the nodes it held with it, since the data still has them.
    /// 3. **Added nodes** (data nodes the saved tree does not place) go under their parent in
    ///    the data, **appended** after the children it has in the result, in the data's order
    ///    (a root of the data is appended after the roots). An added node's own added children
    ///    come with it, so a subtree new since the save arrives whole; its `collapsed` flag is
    ///    the data's.
    ///
    /// The result is always the data's nodes, each once: nothing is lost or duplicated. When
    /// the saved nesting would put a node deeper than ``Tree/Limits/depth``, the data's own tree
    /// is returned and ``Reconciliation/refusal`` says why.
    ///
    /// ```swift
    /// // Data: a(a1, a2), n;  saved: a2, x(a1, a), where x is gone
    /// let data = try Tree([TreeNodeDescription(id: "a", children: ["a1", "a2"]), "n"])
    /// let saved: [TreeNodeDescription] = ["a2", TreeNodeDescription(id: "x", children: ["a1", "a"])]
    /// data.reconciled(with: saved).tree.nested().map(\.description)   // ["a2", "a1", "a", "n"]
    /// ```
    /// - Complexity: O(n + m) for n data nodes and m saved nodes (hashing ids).
    public func reconciled(with saved: [TreeNodeDescription]) -> Reconciliation {
        let n = items.count
        var claimed = [Bool](repeating: false, count: n)
        var collapsed = collapsedFlags
        var children = [[Int32]](repeating: [], count: n)
        var roots: [Int32] = []
        var vanished: [String] = []
        var duplicates: [String] = []
        // Walks the saved nodes under one result parent (nil: the roots); a node that claims no
        // data node hands its children to the same parent (rule 2). The saved shape is as deep
        // as its JSON's nesting bound allows, so the recursion is bounded.
        func place(_ nodes: [TreeNodeDescription], under parent: Int32?) {
            for node in nodes {
                guard let h = handles[node.id] else {
                    vanished.append(node.id)
                    place(node.children, under: parent)
                    continue
                }
                guard !claimed[Int(h)] else {
                    duplicates.append(node.id)
                    place(node.children, under: parent)
                    continue
                }
                claimed[Int(h)] = true
                collapsed[Int(h)] = node.collapsed
                if let parent { children[Int(parent)].append(h) } else { roots.append(h) }
                place(node.children, under: h)
            }
        }
        place(saved, under: nil)
        // Rule 3, in the data's preorder: an added node's data parent is either claimed (so in
        // the result) or added before it, so it is always in the result already.
        var newIDs: [String] = []
        for h in order where !claimed[Int(h)] {
            newIDs.append(items[Int(h)].id)
            if let p = parent(h) { children[Int(p)].append(h) } else { roots.append(h) }
        }
        // The result in preorder, by an explicit stack (the saved nesting may be deep).
        var entries: [TreeEntry] = []
        entries.reserveCapacity(n)
        var stack: [(Int32, Int)] = roots.reversed().map { ($0, 0) }
        while let (h, depth) = stack.popLast() {
            entries.append(TreeEntry(item: items[Int(h)], depth: depth, collapsed: collapsed[Int(h)]))
            for c in children[Int(h)].reversed() { stack.append((c, depth + 1)) }
        }
        do {
            let tree = try Tree(entries: entries)
            return Reconciliation(tree: tree, newIDs: newIDs, vanishedIDs: vanished, duplicateIDs: duplicates)
        } catch {
            return Reconciliation(tree: self, newIDs: [], vanishedIDs: [], duplicateIDs: [],
                                  refusal: "the saved tree nests its nodes deeper than \(Limits.depth + 1) levels")
        }
    }
}
