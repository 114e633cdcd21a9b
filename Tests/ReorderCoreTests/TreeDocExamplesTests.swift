import Testing
@testable import ReorderCore

/// The examples in the tree model's doc comments, run as written.
@Suite struct TreeDocExamplesTests {
    @Test func treeExample() throws {
        var tree = try Tree(["a", TreeNodeDescription(id: "b", children: ["b1", "b2"]), "c"])
        #expect(tree.visibleIDs == ["a", "b", "b1", "b2", "c"])
        if let b = tree.handle(of: "b") { tree.toggle(b) }
        #expect(tree.visibleIDs == ["a", "b", "c"])
        #expect(tree.nested().map(\.description) == ["a", "+b(b1, b2)", "c"])
    }

    @Test func descriptionAndEntryExamples() throws {
        let roots: [TreeNodeDescription] = ["a", TreeNodeDescription(id: "b", children: ["b1", "b2"]), "c"]
        #expect(try Tree(roots).visibleIDs == ["a", "b", "b1", "b2", "c"])
        let tree = try Tree(entries: [
            TreeEntry(item: Item("a"), depth: 0),
            TreeEntry(item: Item("a1"), depth: 1),
            TreeEntry(item: Item("b"), depth: 0),
        ])
        #expect(tree.parentID(of: "a1") == "a")
        let flat = try Tree([TreeNodeDescription(id: "a", children: ["a1"])])
        #expect(flat.flattened[1] == TreeRow(handle: 1, id: "a1", depth: 1, parent: 0, index: 0))
    }

    @Test func moveExample() throws {
        var tree = try Tree(["a", "b", TreeNodeDescription(id: "c", children: ["c1"])])
        if let c = tree.handle(of: "c") {
            try tree.move(c, to: TreeDestination(parent: tree.handle(of: "a"), index: 0))
        }
        #expect(tree.nested().map(\.description) == ["a(c(c1))", "b"])
    }

    @Test func liftAndProjectionExamples() throws {
        let tree = try Tree(["a", TreeNodeDescription(id: "b", children: ["b1", "b2"]), "c"])
        let b = try #require(tree.handle(of: "b"))
        let lift = try #require(tree.lift(b))
        #expect(lift.carried == 3)
        #expect((0..<lift.rowCount).map { tree.id(lift.handle(atRow: $0, in: tree)) } == ["a", "b", "c"])

        let flat = try Tree(["a", "b"])
        let handleB = try #require(flat.handle(of: "b"))
        let liftB = try #require(flat.lift(handleB))
        let p = try #require(flat.projection(of: liftB, overRow: 1, dx: 25, indent: 50))
        #expect(p.depth == 1)
        #expect(p.parent.map { flat.id($0) } == "a")
        #expect(Tree.roundHalfUp(-0.5) == 0)
    }

    @Test func hitboxAndCombineExamples() throws {
        let rows = [CombineCandidate(start: 0, size: 40, startedAfterDragged: false, isDisplaced: false)]
        #expect(CombineBand.target(draggedStart: 11, draggedEnd: 51, displacement: 40, candidates: rows) == 0)
        #expect(CombineBand.target(draggedStart: 10, draggedEnd: 50, displacement: 40, candidates: rows) == nil)
        #expect(ListItemHitbox.instruction(at: 15, start: 0, size: 40)?.instruction == .combine)
        #expect(ListItemHitbox.instruction(at: 10, start: 0, size: 40)?.instruction == .reorderBefore)
        let row = Rect(x: 0, y: 0, width: 300, height: 40)
        #expect(TreeItemHitbox.instruction(finger: Point(x: 40, y: 30), row: row, level: 2, mode: .lastInGroup).instruction
                == .reparent(desiredLevel: 1))

        var tree = try Tree(["a", "b"])
        if let a = tree.handle(of: "a"), let b = tree.handle(of: "b") {
            #expect(try tree.apply(.makeChild, moving: a, target: b))
        }
        #expect(tree.nested().map(\.description) == ["b(a)"])
        var folders = try Tree(["a", TreeNodeDescription(id: "folder", collapsed: true)])
        if let a = folders.handle(of: "a"), let folder = folders.handle(of: "folder") {
            try folders.combine(a, onto: folder)
        }
        #expect(folders.nested().map(\.description) == ["folder(a)"])
    }

    @Test func errorExamples() {
        #expect(throws: ValidationError(field: "tree", message: "tree[2]: duplicate id \"a\" (first at tree[1]): ids must be unique")) {
            try Tree(["a", TreeNodeDescription(id: "a")])
        }
        #expect(throws: ValidationError(field: "tree", message: "tree: entry 1: depth 1 must be 0 (the first node is a root)")) {
            try Tree(entries: [TreeEntry(item: Item("a"), depth: 1)])
        }
    }
}
