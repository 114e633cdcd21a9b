import Testing
@testable import ReorderCore

/// Moving subtrees: destinations, refusals, and every move of every small forest against a
/// plain remove-and-insert on nested values.
@Suite struct TreeEditTests {
    @Test func movesASubtreeWithItsCollapsedDescendants() throws {
        var tree = try Tree(["a", "b", TreeNodeDescription(id: "c", children: ["c1", TreeNodeDescription(id: "c2", children: ["c2x"], collapsed: true)])])
        let before = tree
        try tree.move(try node(tree, "c"), to: TreeDestination(parent: try node(tree, "a"), index: 0))
        #expect(shape(tree) == ["a(c(c1, +c2(c2x)))", "b"])
        #expect(tree.visibleIDs == ["a", "c", "c1", "c2", "b"])
        #expect(tree.depth(try node(tree, "c2x")) == 3)
        #expect(tree.invariantViolations(before: before) == [])
        // Back to the roots, first.
        try tree.move(try node(tree, "c"), to: TreeDestination(parent: nil, index: 0))
        #expect(shape(tree) == ["c(c1, +c2(c2x))", "a", "b"])
        // Under a collapsed node: the subtree leaves the rows, the node stays collapsed.
        tree.toggle(try node(tree, "a"))
        try tree.move(try node(tree, "c"), to: TreeDestination(parent: try node(tree, "a"), index: 0))
        #expect(tree.visibleIDs == ["a", "b"])
        #expect(shape(tree) == ["+a(c(c1, +c2(c2x)))", "b"])
        tree.toggle(try node(tree, "a"))
        #expect(tree.visibleIDs == ["a", "c", "c1", "c2", "b"])
        #expect(tree.invariantViolations(before: before) == [])
    }

    @Test func refusesANodeIntoItsOwnSubtree() throws {
        var tree = try Tree([TreeNodeDescription(id: "a", children: ["a1"]), "b"])
        let a = try node(tree, "a")
        #expect(throws: ValidationError(field: "tree", message:
            "\"a\" cannot go under \"a1\": a node cannot go into its own subtree")) {
            try tree.move(a, to: TreeDestination(parent: try node(tree, "a1"), index: 0))
        }
        #expect(throws: ValidationError(field: "tree", message:
            "\"a\" cannot go under \"a\": a node cannot go into its own subtree")) {
            try tree.move(a, to: TreeDestination(parent: a, index: 0))
        }
        #expect(shape(tree) == ["a(a1)", "b"])
    }

    /// The index counts the parent's children without the moved node: a, b, c moving c allows 0...2.
    @Test func refusesAnIndexPastTheChildren() throws {
        var tree = try Tree(["a", "b", "c"])
        #expect(throws: ValidationError(field: "tree", message: "index 3 under the roots must be from 0 to 2")) {
            try tree.move(try node(tree, "c"), to: TreeDestination(parent: nil, index: 3))
        }
        #expect(throws: ValidationError(field: "tree", message: "index -1 under \"a\" must be from 0 to 0")) {
            try tree.move(try node(tree, "c"), to: TreeDestination(parent: try node(tree, "a"), index: -1))
        }
        try tree.move(try node(tree, "a"), to: TreeDestination(parent: nil, index: 2))
        #expect(shape(tree) == ["b", "c", "a"])
    }

    /// A chain reaching depth 62 and a node with a child (height 1): under the chain's last node
    /// the child would be at 62 + 1 + 1 = 64 > 63.
    @Test func refusesAMovePastTheDepthLimit() throws {
        var chain = TreeNodeDescription("n62")
        for k in stride(from: 61, through: 0, by: -1) { chain = TreeNodeDescription(id: "n\(k)", children: [chain]) }
        var tree = try Tree([chain, TreeNodeDescription(id: "x", children: ["y"])])
        #expect(throws: ValidationError(field: "tree", message: "\"x\" at depth 63 would put a node deeper than 63")) {
            try tree.move(try node(tree, "x"), to: TreeDestination(parent: try node(tree, "n62"), index: 0))
        }
        try tree.move(try node(tree, "y"), to: TreeDestination(parent: try node(tree, "n62"), index: 0))
        #expect(tree.depth(try node(tree, "y")) == 63)
        #expect(tree.invariantViolations() == [])
    }

    /// 1,000 roots of 99 children each (100,000 nodes): a change rewrites what lies between its
    /// two places, not the tree (the step count of ``Tree/lastEditCost``).
    @Test func aChangeCostsTheDistanceNotTheTree() throws {
        var entries: [TreeEntry] = []
        for r in 0..<1000 {
            entries.append(TreeEntry(item: Item("r\(r)"), depth: 0))
            for c in 0..<99 { entries.append(TreeEntry(item: Item("r\(r).\(c)"), depth: 1)) }
        }
        var tree = try Tree(entries: entries)
        #expect(tree.count == 100_000)
        // r500 (100 nodes at preorder 50,000) after r501: it moves to 50,100, and the indices
        // 50,000 ..< 50,200 are rewritten: 200; no depth changes, no ancestors, rows moved whole.
        try tree.move(try node(tree, "r500"), to: TreeDestination(parent: nil, index: 501))
        #expect(tree.lastEditCost == 200)
        #expect(tree.visibleIDs[50_000] == "r501" && tree.visibleIDs[50_100] == "r500")
        // Collapsing walks nothing; expanding walks the 99 rows it brings back.
        let r0 = try node(tree, "r0")
        tree.setCollapsed(r0, true)
        #expect(tree.lastEditCost == 0)
        #expect(tree.visibleCount == 100_000 - 99)
        tree.setCollapsed(r0, false)
        #expect(tree.lastEditCost == 99)
        // r0.5 (preorder 6) to r999's first child (r999 at 99,900, its first child then at
        // 99,900 once r0.5 leaves): indices 6 ..< 99,901 rewritten, 99,895, plus r0's and
        // r999's sizes: 99,897.
        try tree.move(try node(tree, "r0.5"), to: TreeDestination(parent: try node(tree, "r999"), index: 0))
        #expect(tree.lastEditCost == 99_897)
        // Into a collapsed node: the rows leave, and nothing is walked to bring them back.
        tree.setCollapsed(try node(tree, "r3"), true)
        try tree.move(try node(tree, "r2"), to: TreeDestination(parent: try node(tree, "r3"), index: 0))
        // r0 now holds 99 nodes, so r2 (100 nodes) is at 199 and r3 at 299. r2 goes between r3
        // and r3's first child: r3 moves to 199, r2's nodes to 200 ..< 300, indices 199 ..< 300
        // rewritten (101), 100 depths deepen, r3's size grows (1): 202.
        #expect(tree.lastEditCost == 202)
        #expect(tree.invariantViolations() == [])
    }

    @Test func destinationsBeforeAndAfterCountWithoutTheMovedNode() throws {
        let tree = try Tree(["a", "b", "c", "d"])
        let a = try node(tree, "a"), c = try node(tree, "c")
        // Without a, c is at index 1: before it is 1, after it 2.
        #expect(tree.destination(before: c, moving: a) == TreeDestination(parent: nil, index: 1))
        #expect(tree.destination(after: c, moving: a) == TreeDestination(parent: nil, index: 2))
        let d = try node(tree, "d")
        #expect(tree.destination(before: c, moving: d) == TreeDestination(parent: nil, index: 2))
    }

    /// Every move of every node of every forest of up to 5 nodes (every collapse) to every
    /// parent outside its subtree at every index: the nested result is the plain
    /// remove-then-insert, and every invariant holds.
    @Test func everySmallMoveMatchesRemoveAndInsert() throws {
        try everySmallTree(1...5) { variant, tree in
            for moved in variant.flattened().map(\.id) {
                let h = try node(tree, moved)
                var removed = variant
                guard let subtree = removed.remove(moved) else { Issue.record("no \(moved)"); continue }
                let parents: [String?] = [nil] + removed.flattened().map(\.id)
                for parent in parents {
                    let count = removed.childCount(of: parent)
                    for index in 0...count {
                        var expected = removed
                        expected.insert(subtree, under: parent, at: index)
                        var actual = tree
                        try actual.move(h, to: TreeDestination(parent: parent.flatMap { tree.handle(of: $0) }, index: index))
                        #expect(actual.nested() == expected.descriptions, "\(variant.descriptions.map(\.description)) \(moved) → \(parent ?? "root") #\(index)")
                        #expect(actual.invariantViolations(before: tree) == [])
                    }
                }
            }
        }
    }
}

extension NaiveTree {
    /// Removes the node (with its subtree) and returns it.
    mutating func remove(_ id: String) -> Node? {
        func take(_ nodes: inout [Node]) -> Node? {
            if let i = nodes.firstIndex(where: { $0.id == id }) { return nodes.remove(at: i) }
            for k in nodes.indices { if let found = take(&nodes[k].children) { return found } }
            return nil
        }
        return take(&roots)
    }

    func childCount(of parent: String?) -> Int {
        guard let parent else { return roots.count }
        return flattenedNodes().first { $0.id == parent }?.children.count ?? 0
    }

    mutating func insert(_ node: Node, under parent: String?, at index: Int) {
        guard let parent else { roots.insert(node, at: index); return }
        func put(_ nodes: inout [Node]) -> Bool {
            for k in nodes.indices {
                if nodes[k].id == parent { nodes[k].children.insert(node, at: index); return true }
                if put(&nodes[k].children) { return true }
            }
            return false
        }
        _ = put(&roots)
    }
}
