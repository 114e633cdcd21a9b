import Foundation
import Testing
@testable import ReorderCore

/// A default policy that logs every hook call, in order (`name@section.row`, 0-based).
final class HookLogPolicy: DefaultPolicy {
    var log: [String] = []
    var refuse: Set<ItemPosition> = []
    var veto = false
    override func canMove(_ ctx: PolicyContext, at p: ItemPosition) -> Bool {
        log.append("can_move \(p.label)")
        return true
    }
    override func target(_ ctx: PolicyContext, from: ItemPosition, proposed: ItemPosition) -> ItemPosition? {
        log.append("target \(from.label)->\(proposed.label)")
        return refuse.contains(proposed) ? nil : proposed
    }
    override func semantics(_ ctx: PolicyContext, from: ItemPosition, to: ItemPosition) -> Semantics {
        log.append("semantics"); return .move
    }
    override func onBegin(_ ctx: PolicyContext, at p: ItemPosition) { log.append("on_begin \(p.label)") }
    override func onMove(_ ctx: PolicyContext, from: ItemPosition, to: ItemPosition) {
        log.append("on_move \(from.label)->\(to.label)")
    }
    override func onEnd(_ ctx: PolicyContext, from: ItemPosition, to: ItemPosition) -> Bool {
        log.append("on_end \(from.label)->\(to.label)"); return !veto
    }
    override func onCancel(_ ctx: PolicyContext) -> CancelResolution { log.append("on_cancel"); return .revert }
}

@Suite("Keyboard dragging")
struct KeyboardDragTests {
    func sim(_ policy: any DragPolicy, sections: [[Item]] = [rowItems(15), rowItems(2, prefix: "t")],
             titles: [String] = ["Today", "Tomorrow"]) -> DragSimulator {
        let order = Order(sections: sections, titles: titles)
        return DragSimulator(order: order, layout: TableLayout(order: order, width: phone.width, rowHeight: 44),
                             viewport: phone, policy: policy)
    }

    /// The same hooks as a touch drag, in the same order: can_move, on_begin; per step target,
    /// semantics, on_move; on_end at the drop.
    @Test func aKeyboardDragCallsTheTouchHooks() {
        let policy = HookLogPolicy()
        let s = sim(policy)
        s.focus(pos(0, 8))
        s.key(.space)
        s.key(.up, count: 2)
        s.key(.space)
        #expect(policy.log == ["can_move 1.9", "on_begin 1.9",
                               "target 1.9->1.8", "semantics", "on_move 1.9->1.8",
                               "target 1.8->1.7", "semantics", "on_move 1.8->1.7",
                               "on_end 1.9->1.7"])
        #expect(s.takeEvents().map(\.typeName) == ["begin", "move", "move", "end"])
        #expect(s.order.ids[0][6] == "r8")
        #expect(s.session.focus == pos(0, 6))
        expectInvariants(s)
    }

    /// Focus scrolls the item into view, as little as needed (the page's Tab past the rows
    /// drawn relies on it). No headers, rows of 44 pt on a 667 pt viewport: Today's rows at
    /// 44 i, Tomorrow's at 660 + 44 i, content 748 pt. Tomorrow's 2nd row (704...748) needs
    /// 748 - 667 = 81; Today's 1st (0...44) back to 0; Tomorrow's 1st (660...704) 704 - 667 = 37.
    /// Tab from Today's 15th (616...660, in view: no scroll) to Tomorrow's 1st: 37 again.
    @Test func focusScrollsTheItemIntoView() {
        let s = sim(DefaultPolicy())
        #expect(s.offset.y == 0)
        s.focus(pos(1, 1))
        #expect(s.offset.y == 81)
        s.focus(pos(0, 0))
        #expect(s.offset.y == 0)
        s.focus(pos(1, 0))
        #expect(s.offset.y == 37)
        s.focus(pos(0, 14))
        #expect(s.offset.y == 37)   // 616...660 lies in 37...704: no scroll
        s.focus(pos(0, 0))
        s.focus(pos(0, 14))
        #expect(s.offset.y == 0)    // 616...660 lies in 0...667
        s.key(.tab)
        #expect(s.session.focus == pos(1, 0))
        #expect(s.offset.y == 37)
        expectInvariants(s)
    }

    /// A refused step stops the steps of one key: `down` by 5 from row 1 with row 4 refused
    /// takes two steps (to 2, 3), announces the move and then `blocked`.
    @Test func aRefusedStepStopsAndIsAnnounced() {
        let policy = HookLogPolicy()
        policy.refuse = [pos(0, 3)]
        let s = sim(policy)
        s.focus(pos(0, 0))
        s.key(.space)
        _ = s.takeAnnouncements()
        s.key(.down, count: 5)
        #expect(s.takeAnnouncements().compactMap(\.text) == ["r0 moved to position 3 of 15.", "r0 cannot move there."])
        #expect(s.session.currentPosition == pos(0, 2))
        #expect(s.state == .dragging)
    }

    @Test func aVetoedDropRollsBackAndFocusReturns() {
        let policy = HookLogPolicy()
        policy.veto = true
        let s = sim(policy)
        s.focus(pos(0, 8))
        s.key(.space); s.key(.down, count: 7)   // six steps to 1.15, the seventh into Tomorrow: 2.1
        #expect(s.session.currentPosition == pos(1, 0))
        s.key(.enter)
        #expect(s.order.ids == [(0..<15).map { "r\($0)" }, ["t0", "t1"]])
        #expect(s.takeEvents().last?.typeName == "rollback")
        #expect(s.takeAnnouncements().last?.text == "Drop refused. r8 returned to position 9.")
        #expect(s.session.focus == pos(0, 8))
        expectInvariants(s)
    }

    /// Exchange semantics under the keyboard: a step swaps the two items.
    @Test func exchangeSemanticsSwap() {
        let s = sim(ExchangePolicy())
        s.focus(pos(0, 0))
        s.key(.space); s.key(.end); s.key(.space)
        // r0 and r14 swapped; the rest in place.
        #expect(s.order.ids[0].first == "r14" && s.order.ids[0].last == "r0")
        #expect(s.order.ids[0][1...13] == ArraySlice((1...13).map { "r\($0)" }))
    }

    /// Touches are ignored while an item is lifted by keyboard; frames advance the lift.
    @Test func touchesAreIgnoredDuringAKeyboardDrag() {
        let s = sim(DefaultPolicy())
        s.focus(pos(0, 2))
        s.key(.space)
        #expect(s.apply(.down(s.time, Point(x: 10, y: 10))) == .ignored)
        #expect(s.apply(.up(s.time)) == .ignored)
        #expect(s.apply(.cancel(s.time)) == .ignored)
        s.tick(30)   // 0.5 s: the 0.25 s lift is over, the snapshot sits on row 3's cell
        let snap = s.snapshot
        #expect(snap?.liftProgress == 1)
        #expect(snap?.center == Point(x: 187.5, y: 2 * 44 + 22))
        expectInvariants(s)
        s.key(.escape)
        s.tick(30)
        #expect(s.state == .idle)
        #expect(s.snapshot == nil)
        // After the keyboard drag a touch drag works again.
        #expect(s.drag(from: pos(0, 0), to: pos(0, 1)))
    }

    /// A pinned item refuses the lift: `refuse` event and announcement, no drag, no actions.
    @Test func aPinnedItemRefuses() {
        let s = sim(LockedPolicy(), sections: [[Item("locked pin"), Item("a"), Item("b")]], titles: ["Today"])
        s.focus(pos(0, 0))
        s.key(.space)
        #expect(s.state == .idle)
        #expect(s.takeEvents().map(\.typeName) == ["refuse"])
        #expect(s.takeAnnouncements().compactMap(\.text) == ["locked pin cannot be moved."])
        #expect(s.keyboardActions(at: pos(0, 0)) == [])
        #expect(s.perform(.moveDown, at: pos(0, 0)) != .ignored)
        #expect(s.order.ids == [["locked pin", "a", "b"]])
    }

    /// Grid steps (4 columns of 81.25 pt in 375 pt with 0.1 spacing, grid_home_spec's grid).
    @Test func gridStepsWrapAndMoveByARow() {
        let order = Order(sections: [rowItems(10), rowItems(3, prefix: "b")])
        let grid = GridLayout(order: order, width: 375, itemSize: Size(width: (375 - 50) / 4, height: 85),
                              interitemSpacing: 0.1, lineSpacing: 0.1)
        #expect(grid.columns == 4)
        let session = DragSession(order: order, layout: grid, viewport: phone)
        // index 5 (line 1, column 1): up 5 - 4 = 1; down 5 + 4 = 9 (line 2); from the last
        // line, down goes to section 2, column 9 mod 4 = 1.
        #expect(session.keyboardSlot(.up, from: pos(0, 5)) == pos(0, 1))
        #expect(session.keyboardSlot(.down, from: pos(0, 5)) == pos(0, 9))
        #expect(session.keyboardSlot(.down, from: pos(0, 9)) == pos(1, 1))
        // index 7 (line 1, column 3): down min(11, 9) = 9, the nearest cell of the short line.
        #expect(session.keyboardSlot(.down, from: pos(0, 7)) == pos(0, 9))
        // From section 2's first line up: section 1 has 10 items; with the item arrived, 11:
        // the last line starts at (10 / 4) x 4 = 8, column 2 -> min(8 + 2, 10) = 10 (an append).
        #expect(session.keyboardSlot(.up, from: pos(1, 2)) == pos(0, 10))
        #expect(session.keyboardSlot(.left, from: pos(0, 4)) == pos(0, 3))     // wraps to line 0
        #expect(session.keyboardSlot(.left, from: pos(1, 0)) == pos(0, 10))    // to the end of section 1
        #expect(session.keyboardSlot(.right, from: pos(0, 9)) == pos(1, 0))
        #expect(session.keyboardSlot(.up, from: pos(0, 2)) == nil)             // the first line of the first section
    }

    /// Horizontal grid steps: a line is a column of 2 cells (HorizontalGridTests.twoLines,
    /// sections of 23 and 9). `left`/`right` cross columns as a grid's `up`/`down` cross rows,
    /// with `r` = 2 for `c`; `up`/`down` stay within the column.
    @Test func horizontalGridStepsCrossColumnsAndStayInAColumn() {
        let items = [rowItems(23), rowItems(9, prefix: "s")]
        let order = Order(sections: items)
        let grid = HorizontalGridTests.twoLines(items)
        #expect(grid.columns == 2)
        let session = DragSession(order: order, layout: grid, viewport: Size(width: 375, height: 100))
        // index 5 (column 2, row 1): left 5 - 2 = 3, right 5 + 2 = 7.
        #expect(session.keyboardSlot(.left, from: pos(0, 5)) == pos(0, 3))
        #expect(session.keyboardSlot(.right, from: pos(0, 5)) == pos(0, 7))
        // index 21 (column 10, row 1): right min(23, 22) = 22, the nearest cell of the short last column.
        #expect(session.keyboardSlot(.right, from: pos(0, 21)) == pos(0, 22))
        // From the last column, right goes to section 2's first column, row 22 mod 2 = 0.
        #expect(session.keyboardSlot(.right, from: pos(0, 22)) == pos(1, 0))
        // From section 2's first column left: 23 items, 24 with the item arrived; the last column
        // starts at (23 / 2) x 2 = 22, row 1 -> min(22 + 1, 23) = 23 (an append).
        #expect(session.keyboardSlot(.left, from: pos(1, 1)) == pos(0, 23))
        #expect(session.keyboardSlot(.left, from: pos(0, 1)) == nil)            // the first column of the first section
        #expect(session.keyboardSlot(.right, from: pos(1, 8)) == nil)           // the last column of the last section
        // Up and down stay within the column: 5 is row 1, 4 is row 0; 22 is alone in its column.
        #expect(session.keyboardSlot(.up, from: pos(0, 5)) == pos(0, 4))
        #expect(session.keyboardSlot(.up, from: pos(0, 4)) == nil)
        #expect(session.keyboardSlot(.down, from: pos(0, 4)) == pos(0, 5))
        #expect(session.keyboardSlot(.down, from: pos(0, 5)) == nil)
        #expect(session.keyboardSlot(.down, from: pos(0, 22)) == nil)
    }

    /// `move_to_end` on 1,000,000 rows: one step, one `on_move`, and the row scrolled into view
    /// (1,000,000 x 44 = 44,000,000; less the 667 pt viewport: 43,999,333). The step's work
    /// does not grow with the list: it slides only the cells within a viewport of the visible
    /// area (y from -667 to 1334 at offset 0: rows 0 to 30, 31 cells). The time is `reorder
    /// bench`'s keyboard lane.
    @Test func moveToEndOnAMillionRows() {
        let policy = HookLogPolicy()
        let s = sim(policy, sections: [(0..<1_000_000).map { Item("r\($0)") }], titles: [])
        #expect(s.perform(.moveToEnd, at: pos(0, 0)) != .ignored)
        #expect(s.session.slides.byHandle.count == 31)
        #expect(policy.log == ["can_move 1.1", "on_begin 1.1", "target 1.1->1.1000000", "semantics",
                               "on_move 1.1->1.1000000", "on_end 1.1->1.1000000"])
        #expect(s.order.item(at: pos(0, 999_999)).id == "r0")
        #expect(s.order.item(at: pos(0, 0)).id == "r1")
        #expect(s.offset == Point(x: 0, y: 43_999_333))
        #expect(s.takeAnnouncements().compactMap(\.text) == ["r0 dropped at position 1000000 of 1000000 in the list."])
    }

    /// A host that never takes the announcements keeps a bounded number. 1,500 lifts and
    /// cancels say 3,000 things: the 2,001st finds 2,000 kept and drops the oldest 1,000
    /// (1,001 kept after it), the 3,000th leaves 1,001 + 999 = 2,000, the newest last.
    @Test func untakenAnnouncementsAreBounded() {
        let s = sim(PlainPolicy())
        s.focus(pos(0, 1))
        for _ in 0..<1_500 { s.key(.space); s.key(.escape) }
        let said = s.session.announcements
        #expect(said.count == 2_000)
        #expect(said.last?.text == "Movement cancelled. r1 returned to position 2.")
        #expect(said.first?.kind == .lift)
    }

    /// Keyboard inputs are recorded and replay to the same order, offset and events.
    @Test func keyboardInputsReplayIdentically() {
        let a = sim(DefaultPolicy())
        a.focus(pos(0, 3)); a.key(.space); a.key(.down, count: 12); a.tick(20); a.key(.space)
        a.tick(20)
        a.perform(.moveToSection(1), at: pos(0, 0))
        a.key(.tab, count: 3)
        a.key(.enter); a.key(.up); a.key(.escape)
        let eventsA = a.takeEvents()
        let b = sim(DefaultPolicy())
        for input in a.inputs { b.apply(input) }
        #expect(b.inputs == a.inputs)
        #expect(b.order == a.order)
        #expect(b.offset.x.bitPattern == a.offset.x.bitPattern && b.offset.y.bitPattern == a.offset.y.bitPattern)
        #expect(b.takeEvents() == eventsA)
        #expect(a.inputs.contains { if case .key(_, .down, 12) = $0 { true } else { false } })
        #expect(a.inputs.contains { if case .action(_, _, .moveToSection(1)) = $0 { true } else { false } })
    }
}
