import Testing
@testable import ReorderCore

/// `Tree.reconciled(with:)`: a saved tree (ids, children, `collapsed`) put back onto the data's
/// nodes. Each expected tree is worked out from the rules in the method's documentation:
/// saved nodes under their saved parent in saved order, removed ones dropped with their children
/// promoted into their place, added ones appended under their data parent in data order.
@Suite struct TreeReconcileTests {
    static func shape(_ t: Tree) -> [String] { t.nested().map(\.description) }

    @Test func theSavedArrangementComesBackWhenNothingChanged() throws {
        let data = try Tree(["a", TreeNodeDescription(id: "b", children: ["b1", "b2"]), "c"])
        let saved: [TreeNodeDescription] = [TreeNodeDescription(id: "c", children: ["a"], collapsed: true),
                                            TreeNodeDescription(id: "b", children: ["b2", "b1"])]
        let r = data.reconciled(with: saved)
        #expect(Self.shape(r.tree) == ["+c(a)", "b(b2, b1)"])
        #expect(r.tree.visibleIDs == ["c", "b", "b2", "b1"])
        #expect(r.newIDs == [] && r.vanishedIDs == [] && r.duplicateIDs == [] && r.refusal == nil)
        #expect(r.tree.invariantViolations(before: data) == [])
    }

    /// An added node goes last under its data parent; an added root last among the roots; an
    /// added subtree comes whole (n2 under n1, both new).
    @Test func addedNodesAreAppendedWhereTheirParentIs() throws {
        let data = try Tree([TreeNodeDescription(id: "a", children: ["a1", "x", "a2"]),
                             TreeNodeDescription(id: "n1", children: ["n2"]), "b"])
        let saved: [TreeNodeDescription] = ["b", TreeNodeDescription(id: "a", children: ["a2", "a1"])]
        let r = data.reconciled(with: saved)
        #expect(Self.shape(r.tree) == ["b", "a(a2, a1, x)", "n1(n2)"])
        #expect(r.newIDs == ["x", "n1", "n2"])
        #expect(r.tree.invariantViolations(before: data) == [])
    }

    /// An added node whose data parent the save moved follows the parent to its saved place.
    @Test func anAddedChildFollowsItsMovedParent() throws {
        let data = try Tree(["a", TreeNodeDescription(id: "b", children: ["new"])])
        let saved: [TreeNodeDescription] = [TreeNodeDescription(id: "a", children: ["b"])]
        #expect(Self.shape(data.reconciled(with: saved).tree) == ["a(b(new))"])
    }

    /// A removed folder's children take its place in its parent, in their saved order; its
    /// nested removed folder's children too.
    @Test func removedNodesAreDroppedAndTheirChildrenPromoted() throws {
        let data = try Tree(["p", "k1", "k2", "k3", "z"])
        let saved: [TreeNodeDescription] = [
            TreeNodeDescription(id: "p", children: [
                "k1", TreeNodeDescription(id: "gone", children: ["k3", TreeNodeDescription(id: "gone2", children: ["k2"])]),
            ]),
            "z",
        ]
        let r = data.reconciled(with: saved)
        #expect(Self.shape(r.tree) == ["p(k1, k3, k2)", "z"])
        #expect(r.vanishedIDs == ["gone", "gone2"])
        #expect(r.newIDs == [])
    }

    /// The worked example of the method's documentation.
    @Test func theDocumentedExample() throws {
        let data = try Tree([TreeNodeDescription(id: "a", children: ["a1", "a2"]), "n"])
        let saved: [TreeNodeDescription] = ["a2", TreeNodeDescription(id: "x", children: ["a1", "a"])]
        #expect(Self.shape(data.reconciled(with: saved).tree) == ["a2", "a1", "a", "n"])
        let data2 = try Tree(["a", TreeNodeDescription(id: "b", children: ["b1"]), "new"])
        let r = data2.reconciled(with: [TreeNodeDescription(id: "b", children: ["a", "gone"])])
        #expect(Self.shape(r.tree) == ["b(a, b1)", "new"])
        #expect(r.newIDs == ["b1", "new"])
        #expect(r.vanishedIDs == ["gone"])
    }

    /// A repeated id keeps its first place; the repeat is dropped as a removed node is (its
    /// children promoted), so nothing is placed twice.
    @Test func aRepeatedIDKeepsItsFirstPlace() throws {
        let data = try Tree(["a", "b", "c"])
        let saved: [TreeNodeDescription] = [TreeNodeDescription(id: "b", children: ["a"]),
                                            TreeNodeDescription(id: "a", children: ["c"])]
        let r = data.reconciled(with: saved)
        #expect(Self.shape(r.tree) == ["b(a)", "c"])
        #expect(r.duplicateIDs == ["a"])
        #expect(r.tree.invariantViolations(before: data) == [])
    }

    /// The items are the data's (titles and fields), whatever the file says; the collapsed flag
    /// is the file's for a saved node and the data's for an added one.
    @Test func itemsAreTheDatasAndCollapsedTheFiles() throws {
        let data = try Tree([TreeNodeDescription(id: "a", title: "Alpha", children: ["a1"], collapsed: true),
                             TreeNodeDescription(id: "n", children: ["n1"], collapsed: true)])
        let r = data.reconciled(with: [TreeNodeDescription(id: "a", children: ["a1"])])
        #expect(r.tree.item(r.tree.handle(of: "a") ?? -1).title == "Alpha")
        #expect(Self.shape(r.tree) == ["a(a1)", "+n(n1)"])
    }

    /// A saved nesting that, with an added subtree, would pass the tree's depth bound gives the
    /// data's own tree back and says why.
    @Test func tooDeepANestingKeepsTheDatasTree() throws {
        let depth = Tree.Limits.depth
        var chain = TreeNodeDescription(id: "c\(depth)")
        for d in stride(from: depth - 1, through: 0, by: -1) { chain = TreeNodeDescription(id: "c\(d)", children: [chain]) }
        // The data has c63 as a root with a child; saved under the chain, the child would be at 64.
        var roots: [TreeNodeDescription] = (0..<depth).map { TreeNodeDescription(id: "c\($0)") }
        roots.append(TreeNodeDescription(id: "c\(depth)", children: ["deep"]))
        let data = try Tree(roots)
        let r = data.reconciled(with: [chain])
        #expect(r.refusal == "the saved tree nests its nodes deeper than 64 levels")
        #expect(r.tree == data)
    }
}
