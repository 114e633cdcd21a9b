import Testing
@testable import ReorderCore

/// rbd's combine band and pragmatic's list-item and tree-item hitboxes, with pragmatic's tree
/// example's reducer. Peers' snapshots: see TreeTestSupport.swift.
@Suite struct TreeHitboxTests {
    // MARK: rbd: get-combine-impact.ts

    /// A 40 pt sibling: threshold 40 / 4 = 10 (line 26 `combineThresholdDivisor = 4`, line 58).
    /// At rest before the dragged item (lines 101-105): the dragged start strictly in (10, 30).
    @Test func restingSiblingCombinesOnTheStartStrictlyInsideTheBand() {
        let rows = [CombineCandidate(start: 0, size: 40, startedAfterDragged: false, isDisplaced: false)]
        func hit(_ start: Double) -> Int? { CombineBand.target(draggedStart: start, draggedEnd: start + 40, displacement: 40, candidates: rows) }
        #expect(hit(10) == nil)
        #expect(hit(10.01) == 0)
        #expect(hit(29.99) == 0)
        #expect(hit(30) == nil)
    }

    /// Started before and displaced forward by 40 (lines 94-99): the dragged end strictly in
    /// (0 + 40 + 10, 40 + 40 - 10) = (50, 70).
    @Test func siblingDisplacedForwardCombinesOnTheEndInTheShiftedBand() {
        let rows = [CombineCandidate(start: 0, size: 40, startedAfterDragged: false, isDisplaced: true)]
        func hit(_ end: Double) -> Int? { CombineBand.target(draggedStart: end - 40, draggedEnd: end, displacement: 40, candidates: rows) }
        #expect(hit(50) == nil)
        #expect(hit(50.5) == 0)
        #expect(hit(69.5) == 0)
        #expect(hit(70) == nil)
    }

    /// Started after, still displaced, i.e. in its own place (lines 78-83): the end in (90, 110)
    /// for a sibling at 80; no longer displaced, it moved back by 40 (lines 87-90): the start in
    /// (80 - 40 + 10, 120 - 40 - 10) = (50, 70).
    @Test func siblingsAfterTheItemUseTheirCurrentPlace() {
        let inPlace = [CombineCandidate(start: 80, size: 40, startedAfterDragged: true, isDisplaced: true)]
        #expect(CombineBand.target(draggedStart: 50, draggedEnd: 90, displacement: 40, candidates: inPlace) == nil)
        #expect(CombineBand.target(draggedStart: 51, draggedEnd: 91, displacement: 40, candidates: inPlace) == 0)
        #expect(CombineBand.target(draggedStart: 69, draggedEnd: 109, displacement: 40, candidates: inPlace) == 0)
        #expect(CombineBand.target(draggedStart: 70, draggedEnd: 110, displacement: 40, candidates: inPlace) == nil)
        let movedBack = [CombineCandidate(start: 80, size: 40, startedAfterDragged: true, isDisplaced: false)]
        #expect(CombineBand.target(draggedStart: 50, draggedEnd: 90, displacement: 40, candidates: movedBack) == nil)
        #expect(CombineBand.target(draggedStart: 50.5, draggedEnd: 90.5, displacement: 40, candidates: movedBack) == 0)
        #expect(CombineBand.target(draggedStart: 70, draggedEnd: 110, displacement: 40, candidates: movedBack) == nil)
    }

    /// rbd finds the first sibling in list order (line 54, `find`). A 20 pt row's band is 10 pt
    /// wide (5 to 15), its own quarter-lengths.
    @Test func theFirstSiblingInListOrderWins() {
        let rows = [CombineCandidate(start: 0, size: 20, startedAfterDragged: false, isDisplaced: false),
                    CombineCandidate(start: -100, size: 400, startedAfterDragged: false, isDisplaced: false)]
        #expect(CombineBand.target(draggedStart: 6, draggedEnd: 26, displacement: 20, candidates: rows) == 0)
        #expect(CombineBand.target(draggedStart: 15, draggedEnd: 35, displacement: 20, candidates: rows) == 1)
        #expect(CombineBand.target(draggedStart: 0, draggedEnd: 20, displacement: 20, candidates: []) == nil)
        #expect(CombineBand.thresholdDivisor == 4)
    }

    // MARK: pragmatic: attach-instruction-2.ts (list item)

    /// A row from 100, 40 tall: quarters end at 110 and begin at 130 (lines 16-28, both lines
    /// belong to the reorder zones).
    @Test func listItemQuartersWithCombine() {
        func op(_ y: Double, before: HitboxAvailability = .available, after: HitboxAvailability = .available,
                combine: HitboxAvailability = .available) -> HitboxResult<ListItemHitbox.Operation>? {
            ListItemHitbox.instruction(at: y, start: 100, size: 40, before: before, after: after, combine: combine)
        }
        #expect(op(110) == .init(instruction: .reorderBefore, blocked: false))
        #expect(op(110.01) == .init(instruction: .combine, blocked: false))
        #expect(op(129.99) == .init(instruction: .combine, blocked: false))
        #expect(op(130) == .init(instruction: .reorderAfter, blocked: false))
        // A side that is not available becomes combine (lines 132-138).
        #expect(op(105, before: .notAvailable) == .init(instruction: .combine, blocked: false))
        #expect(op(135, after: .notAvailable) == .init(instruction: .combine, blocked: false))
        // Blocked still takes its zone, and is shown blocked (lines 35-37, 149).
        #expect(op(120, combine: .blocked) == .init(instruction: .combine, blocked: true))
        #expect(op(105, before: .blocked) == .init(instruction: .reorderBefore, blocked: true))
    }

    /// Without combine: halves, the middle line after (list-item.ts lines 45-52); one side only
    /// everywhere (attach-instruction-2.ts lines 114-122); none → no instruction (line 125).
    @Test func listItemHalvesWithoutCombine() {
        func op(_ y: Double, before: HitboxAvailability = .available, after: HitboxAvailability = .available) -> ListItemHitbox.Operation? {
            ListItemHitbox.instruction(at: y, start: 100, size: 40, before: before, after: after, combine: .notAvailable)?.instruction
        }
        #expect(op(119.99) == .reorderBefore)
        #expect(op(120) == .reorderAfter)
        #expect(op(135, after: .notAvailable) == .reorderBefore)
        #expect(op(105, before: .notAvailable) == .reorderAfter)
        #expect(op(120, before: .notAvailable, after: .notAvailable) == nil)
    }

    // MARK: pragmatic: attach-instruction.ts (tree item)

    let row = Rect(x: 0, y: 100, width: 300, height: 40)

    /// Standard (lines 15-35): top quarter to 110 inclusive above, from 130 below, make-child between.
    /// The instruction for a finger at (x, y) over ``row`` at `level` in `mode`.
    func at(_ x: Double, _ y: Double, level: Int = 1, _ mode: TreeItemHitbox.Mode) -> TreeInstruction {
        TreeItemHitbox.instruction(finger: Point(x: x, y: y), row: row, level: level, mode: mode).instruction
    }

    @Test func treeItemStandard() {
        #expect(at(150, 110, .standard) == .reorderAbove)
        #expect(at(150, 110.01, .standard) == .makeChild)
        #expect(at(150, 129.99, .standard) == .makeChild)
        #expect(at(150, 130, .standard) == .reorderBelow)
    }

    /// Expanded (lines 62-73): the standard top quarter above, the rest make-child.
    @Test func treeItemExpanded() {
        #expect(at(150, 110, .expanded) == .reorderAbove)
        #expect(at(150, 110.01, .expanded) == .makeChild)
        #expect(at(150, 139, .expanded) == .makeChild)
    }

    /// Last in group at level 2 with 32 per level (lines 77-105): inset 64; left of it, above the
    /// centre (120) is above, on or below it reparent to floor(x / 32), never below 0.
    @Test func treeItemLastInGroup() {
        func t(_ x: Double, _ y: Double, level: Int = 2) -> TreeInstruction { at(x, y, level: level, .lastInGroup) }
        #expect(TreeItemHitbox.indentPerLevel == 32)   // constants.ts line 1
        #expect(t(63.99, 119.99) == .reorderAbove)
        #expect(t(63.99, 120) == .reparent(desiredLevel: 1))   // floor(63.99 / 32) = 1
        #expect(t(31.99, 125) == .reparent(desiredLevel: 0))   // floor(31.99 / 32) = 0
        #expect(t(-0.5, 125, level: 1) == .reparent(desiredLevel: 0))   // max(floor(-0.5 / 32), 0) = 0 (line 92)
        #expect(t(64, 125) == .makeChild)       // on the visible item: standard
        #expect(t(64, 135) == .reorderBelow)
        #expect(t(0, 105, level: 0) == .reorderAbove)   // level 0: inset 0, always standard
        #expect(t(0, 125, level: 0) == .makeChild)
    }

    /// A blocked instruction comes back blocked with what was desired (lines 123-139).
    @Test func treeItemBlockedInstructions() {
        let blocked = TreeItemHitbox.instruction(finger: Point(x: 150, y: 120), row: row, level: 1, mode: .standard,
                                                 blocked: [.makeChild])
        #expect(blocked == .init(instruction: .makeChild, blocked: true))
        let free = TreeItemHitbox.instruction(finger: Point(x: 150, y: 105), row: row, level: 1, mode: .standard,
                                              blocked: [.makeChild])
        #expect(free == .init(instruction: .reorderAbove, blocked: false))
        #expect(TreeInstruction.reparent(desiredLevel: 3).kind.rawValue == "reparent")
    }

    // MARK: pragmatic: the tree example

    /// tree-item.tsx lines 479-490 and tree-legacy.tsx lines 248-257: open with children →
    /// expanded; else the last of its group → last in group; else standard.
    @Test func modesOfTheExampleTree() throws {
        let tree = try Tree(pragmaticExampleTree)
        let modes = tree.visibleIDs.map { id in tree.handle(of: id).map { tree.hitboxMode(of: $0) } }
        #expect(tree.visibleIDs == ["1", "1.1", "1.1.1", "1.1.2", "1.2", "2", "2.1", "2.1.1", "2.1.2"])
        #expect(modes == [.expanded, .expanded, .standard, .lastInGroup, .lastInGroup, .expanded, .expanded,
                          .standard, .lastInGroup])
        var closed = tree
        closed.toggle(try node(tree, "2"))
        #expect(closed.hitboxMode(of: try node(tree, "2")) == .lastInGroup)
        #expect(closed.hitboxMode(of: try node(tree, "1")) == .expanded)
    }

    /// tree-legacy.ts `insertChild` (lines 136-157): first child, and the target opens.
    @Test func makeChildInsertsFirstAndOpens() throws {
        var tree = try Tree(pragmaticExampleTree)
        tree.toggle(try node(tree, "2.1"))
        #expect(try tree.apply(.makeChild, moving: try node(tree, "1.2"), target: try node(tree, "2.1")))
        #expect(shape(tree) == ["1(1.1(1.1.1, 1.1.2))", "2(2.1(1.2, 2.1.1, 2.1.2))"])
        #expect(tree.visibleIDs.contains("2.1.1"))
        // Onto an empty node: it gains its first child.
        #expect(try tree.combine(try node(tree, "1.1.2"), onto: try node(tree, "2.1.1")))
        #expect(shape(tree) == ["1(1.1(1.1.1))", "2(2.1(1.2, 2.1.1(1.1.2), 2.1.2))"])
        #expect(tree.invariantViolations() == [])
    }

    /// tree-legacy.ts lines 218-228: after the target's ancestor at the desired level
    /// (`getPathToItem(target)[desiredLevel]`).
    @Test func reparentGoesAfterTheAncestorAtTheLevel() throws {
        let start = try Tree(pragmaticExampleTree)
        var tree = start
        // 2.1.2 outdented from its own row: path [2, 2.1]; level 0 → after 2.
        #expect(try tree.apply(.reparent(desiredLevel: 0), moving: try node(tree, "2.1.2"), target: try node(tree, "2.1.2")))
        #expect(shape(tree) == ["1(1.1(1.1.1, 1.1.2), 1.2)", "2(2.1(2.1.1))", "2.1.2"])
        tree = start
        #expect(try tree.apply(.reparent(desiredLevel: 1), moving: try node(tree, "2.1.2"), target: try node(tree, "2.1.2")))
        #expect(shape(tree) == ["1(1.1(1.1.1, 1.1.2), 1.2)", "2(2.1(2.1.1), 2.1.2)"])
        tree = start
        #expect(try tree.apply(.reparent(desiredLevel: 1), moving: try node(tree, "1.2"), target: try node(tree, "2.1.2")))
        #expect(shape(tree) == ["1(1.1(1.1.1, 1.1.2))", "2(2.1(2.1.1, 2.1.2), 1.2)"])
        tree = start
        // The node itself as the ancestor: it stays.
        #expect(try tree.apply(.reparent(desiredLevel: 0), moving: try node(tree, "2"), target: try node(tree, "2.1.2")) == false)
        #expect(tree == start)
        #expect(throws: ValidationError(field: "tree", message:
            "reparent to level 1: the levels of \"1.2\"'s ancestors are 0 to 0")) {
            try tree.apply(.reparent(desiredLevel: 1), moving: try node(tree, "2"), target: try node(tree, "1.2"))
        }
        #expect(throws: ValidationError(field: "tree", message:
            "reparent to level 0: the levels of \"1\"'s ancestors are none (it is a root)")) {
            try tree.apply(.reparent(desiredLevel: 0), moving: try node(tree, "2"), target: try node(tree, "1"))
        }
    }

    /// tree-legacy.ts lines 231-245: nothing onto itself; above and below among the target's siblings.
    @Test func reorderAboveAndBelow() throws {
        let start = try Tree(pragmaticExampleTree)
        var tree = start
        #expect(try tree.apply(.reorderAbove, moving: try node(tree, "2"), target: try node(tree, "1.1.2")))
        #expect(shape(tree) == ["1(1.1(1.1.1, 2(2.1(2.1.1, 2.1.2)), 1.1.2), 1.2)"])
        tree = start
        #expect(try tree.apply(.reorderBelow, moving: try node(tree, "1.1.1"), target: try node(tree, "1.1.2")))
        #expect(shape(tree) == ["1(1.1(1.1.2, 1.1.1), 1.2)", "2(2.1(2.1.1, 2.1.2))"])
        tree = start
        #expect(try tree.apply(.makeChild, moving: try node(tree, "1.2"), target: try node(tree, "1.2")) == false)
        #expect(tree == start)
        #expect(throws: ValidationError(field: "tree", message:
            "\"1\" cannot go next to or under \"1.1.1\": a node cannot go into its own subtree")) {
            try tree.apply(.reorderAbove, moving: try node(tree, "1"), target: try node(tree, "1.1.1"))
        }
    }
}
