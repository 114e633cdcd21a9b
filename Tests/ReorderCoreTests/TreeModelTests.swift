import Testing
@testable import ReorderCore

/// The tree value: building and validating, the flattened forms, the nested shape, collapsing,
/// lifting. Peers' snapshots: see TreeTestSupport.swift.
@Suite struct TreeModelTests {
    /// The session shape `tree = { "a", { id = "b", children = { "b1", "b2" }, collapsed = false }, "c" }`.
    let sample: [TreeNodeDescription] = ["a", TreeNodeDescription(id: "b", children: ["b1", "b2"]), "c"]

    @Test func buildsRowsAndFlattenedFormsFromTheNestedShape() throws {
        let tree = try Tree(sample)
        #expect(tree.count == 5)
        #expect(tree.visibleIDs == ["a", "b", "b1", "b2", "c"])
        // Handles in preorder; parents, depths and sibling indices as dnd-kit's `flatten`
        // (utilities.ts lines 79-91) gives them.
        #expect(tree.flattened == [
            TreeRow(handle: 0, id: "a", depth: 0, parent: nil, index: 0),
            TreeRow(handle: 1, id: "b", depth: 0, parent: nil, index: 1),
            TreeRow(handle: 2, id: "b1", depth: 1, parent: 1, index: 0),
            TreeRow(handle: 3, id: "b2", depth: 1, parent: 1, index: 1),
            TreeRow(handle: 4, id: "c", depth: 0, parent: nil, index: 2),
        ])
        #expect(tree.visibleRows == tree.flattened)
        #expect(tree.nested() == sample)
        #expect(shape(tree) == ["a", "b(b1, b2)", "c"])
        let b = try node(tree, "b")
        #expect(tree.children(of: b).map { tree.id($0) } == ["b1", "b2"])
        #expect(tree.children(of: nil).map { tree.id($0) } == ["a", "b", "c"])
        #expect(tree.subtreeSize(b) == 3)
        #expect(tree.height(b) == 1)
        #expect(tree.parentID(of: "b2") == "b")
        #expect(tree.parentID(of: "c") == nil)
        #expect(tree.index(of: try node(tree, "c")) == 2)
        #expect(tree.invariantViolations() == [])
    }

    @Test func collapsedChildrenAreInTheWholeFlatteningButNotInTheRows() throws {
        var described = sample
        described[1].collapsed = true
        let tree = try Tree(described)
        #expect(tree.visibleIDs == ["a", "b", "c"])
        #expect(tree.visibleRows.map(\.id) == ["a", "b", "c"])
        // c keeps its sibling index 2 (dnd-kit's index is within the whole tree).
        #expect(tree.visibleRows[2] == TreeRow(handle: 4, id: "c", depth: 0, parent: nil, index: 2))
        #expect(tree.flattened.map(\.id) == ["a", "b", "b1", "b2", "c"])
        #expect(tree.row(of: try node(tree, "b1")) == nil)
        #expect(tree.row(of: try node(tree, "c")) == 2)
        #expect(!tree.isVisible(try node(tree, "b2")))
        #expect(shape(tree) == ["a", "+b(b1, b2)", "c"])
        #expect(tree.nested() == described)
    }

    /// dnd-kit's story tree flattened (SortableTree.tsx lines 42-67, utilities.ts `flatten`),
    /// checked against the reference model row by row.
    @Test func dndKitStoryTreeFlattensAsTheStoryDoes() throws {
        let tree = try Tree(dndKitStoryTree)
        let expected = NaiveTreeFixtures.story.flattened()
        #expect(tree.flattened.map(\.id) == expected.map(\.id))
        #expect(tree.flattened.map(\.depth) == expected.map(\.depth))
        #expect(tree.flattened.map(\.index) == expected.map(\.index))
        #expect(tree.flattened.map { $0.parent.map { tree.id($0) } } == expected.map(\.parent))
        // Worked: Winter is Collections' fourth child; Order History My Account's second.
        #expect(tree.flattened[5] == TreeRow(handle: 5, id: "Winter", depth: 1, parent: 1, index: 3))
        #expect(tree.flattened[9] == TreeRow(handle: 9, id: "Order History", depth: 1, parent: 7, index: 1))
    }

    /// Lifting Collections: its four children leave the rows (utilities.ts `removeChildrenOf`,
    /// lines 195-211), and it carries 5 nodes (SortableTree.tsx line 232:
    /// `getChildCount(items, activeId) + 1`, countChildren counting 4 descendants).
    @Test func liftingANodeHidesItsDescendantsAndCarriesThem() throws {
        let tree = try Tree(dndKitStoryTree)
        let lift = try #require(tree.lift(try node(tree, "Collections")))
        #expect(lift.carried == 5)
        #expect(lift.hiddenRows == 4)
        #expect(lift.row == 1)
        #expect(lift.depth == 0)
        #expect(lift.height == 1)
        #expect(lift.rowCount == 6)
        let rows = (0..<lift.rowCount).map { tree.id(lift.handle(atRow: $0, in: tree)) }
        #expect(rows == ["Home", "Collections", "About Us", "My Account", "Addresses", "Order History"])
        #expect(rows == NaiveTree.removeChildren(NaiveTreeFixtures.story.flattened(), of: ["Collections"]).map(\.id))
    }

    /// A collapsed node's hidden descendants are carried too, and hide no further rows.
    @Test func liftingACollapsedNodeCarriesItsHiddenSubtree() throws {
        var described = dndKitStoryTree
        described[3].collapsed = true
        let tree = try Tree(described)
        let lift = try #require(tree.lift(try node(tree, "My Account")))
        #expect(lift.carried == 3)   // My Account, Addresses, Order History
        #expect(lift.hiddenRows == 0)
        #expect(lift.rowCount == tree.visibleCount)
        #expect(tree.lift(try node(tree, "Addresses")) == nil)   // hidden: cannot be lifted
    }

    @Test func duplicateIdsAreRefusedWithBothPlaces() throws {
        #expect(throws: ValidationError(field: "tree", message:
            "tree[2]: duplicate id \"a\" (first at tree[1]): ids must be unique")) {
            try Tree(["a", "a"])
        }
        #expect(throws: ValidationError(field: "tree", message:
            "tree[2].children[2]: duplicate id \"a\" (first at tree[1]): ids must be unique")) {
            try Tree(["a", TreeNodeDescription(id: "b", children: ["x", "a"])])
        }
    }

    @Test func emptyIdsAreRefused() throws {
        #expect(throws: ValidationError(field: "tree", message:
            "tree[2].children[1]: empty id (a node's id is a non-empty string)")) {
            try Tree(["a", TreeNodeDescription(id: "b", children: [""])])
        }
    }

    /// A chain of 64 nodes reaches depth 63 (``Tree/Limits/depth``); a 65th is one too deep.
    @Test func depthIsLimited() throws {
        func chain(_ n: Int) -> TreeNodeDescription {
            var node = TreeNodeDescription("n\(n - 1)")
            for k in stride(from: n - 2, through: 0, by: -1) { node = TreeNodeDescription(id: "n\(k)", children: [node]) }
            return node
        }
        let deepest = try Tree([chain(64)])
        #expect(deepest.depth(try node(deepest, "n63")) == 63)
        #expect(deepest.invariantViolations() == [])
        let path = "tree[1]" + String(repeating: ".children[1]", count: 64)
        #expect(throws: ValidationError(field: "tree", message:
            "\(path): deeper than 64 levels (a root has depth 0, the deepest allowed is 63)")) {
            try Tree([chain(65)])
        }
    }

    @Test func theFlatFormIsCheckedEntryByEntry() throws {
        let a = Item("a"), b = Item("b")
        #expect(throws: ValidationError(field: "tree", message: "tree: entry 1: depth 1 must be 0 (the first node is a root)")) {
            try Tree(entries: [TreeEntry(item: a, depth: 1)])
        }
        #expect(throws: ValidationError(field: "tree", message:
            "tree: entry 2: depth 2 must be from 0 to 1 (at most one deeper than the node before it)")) {
            try Tree(entries: [TreeEntry(item: a, depth: 0), TreeEntry(item: b, depth: 2)])
        }
        #expect(throws: ValidationError(field: "tree", message:
            "tree: entry 2: depth -1 must be from 0 to 1 (at most one deeper than the node before it)")) {
            try Tree(entries: [TreeEntry(item: a, depth: 0), TreeEntry(item: b, depth: -1)])
        }
        let flat = try Tree(entries: [TreeEntry(item: a, depth: 0, collapsed: true), TreeEntry(item: b, depth: 1)])
        #expect(shape(flat) == ["+a(b)"])
        #expect(flat == (try Tree([TreeNodeDescription(item: a, children: [TreeNodeDescription(item: b)], collapsed: true)])))
        #expect(try Tree([]).count == 0)
        #expect(try Tree([]).nested() == [])
    }

    @Test func collapsingAndExpandingKeepTheRowsInStep() throws {
        var tree = try Tree([
            TreeNodeDescription(id: "a", children: [
                TreeNodeDescription(id: "a1", children: ["a1x", "a1y"], collapsed: true),
                "a2",
            ]),
            "b",
        ])
        #expect(tree.visibleIDs == ["a", "a1", "a2", "b"])
        let a = try node(tree, "a"), a1 = try node(tree, "a1")
        tree.toggle(a)
        #expect(tree.visibleIDs == ["a", "b"])
        // Expanding a1 under the collapsed a changes only its flag.
        tree.toggle(a1)
        #expect(tree.visibleIDs == ["a", "b"])
        #expect(tree.invariantViolations() == [])
        tree.toggle(a)
        #expect(tree.visibleIDs == ["a", "a1", "a1x", "a1y", "a2", "b"])
        tree.setCollapsed(a1, true)
        #expect(tree.visibleIDs == ["a", "a1", "a2", "b"])
        // A leaf's flag is kept and shows in the nested shape; the rows do not change.
        tree.toggle(try node(tree, "b"))
        #expect(tree.visibleIDs == ["a", "a1", "a2", "b"])
        #expect(shape(tree) == ["a(+a1(a1x, a1y), a2)", "+b"])
        #expect(tree.invariantViolations() == [])
    }

    /// Every collapse of every forest of up to 6 nodes: rows, flattening and nested shape as the
    /// reference model computes them from the story's functions.
    @Test func everySmallForestMatchesTheReferenceModel() throws {
        try everySmallTree(0...6) { variant, tree in
            #expect(tree.visibleIDs == variant.visible().map(\.id))
            #expect(tree.flattened.map(\.index) == variant.flattened().map(\.index))
            #expect(tree.nested() == variant.descriptions)
            #expect(tree.invariantViolations() == [])
        }
        // Forests in preorder are depth sequences: Catalan(n) of them, 132 for 6 nodes.
        #expect(NaiveTree.forests(6).count == 132)
    }

    @Test func invariantsReportLostNodes() throws {
        let before = try Tree(sample)
        let after = try Tree(["a", "c"])
        #expect(after.invariantViolations(before: before) == ["node b was lost", "node b1 was lost", "node b2 was lost"])
        #expect(before.invariantViolations(maxDepth: 0) == [
            "node b1 has depth 1, outside 0...0", "node b2 has depth 1, outside 0...0",
        ])
    }
}

enum NaiveTreeFixtures {
    static let story = NaiveTree(roots: [
        .init(id: "Home"),
        .init(id: "Collections", children: [.init(id: "Spring"), .init(id: "Summer"), .init(id: "Fall"), .init(id: "Winter")]),
        .init(id: "About Us"),
        .init(id: "My Account", children: [.init(id: "Addresses"), .init(id: "Order History")]),
    ])
}
