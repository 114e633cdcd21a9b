import Testing
@testable import ReorderCore

/// The phases of a session (DragSession+Phase): each shows the data it holds, leaving it drops
/// them, and a copy of a session keeps its own.
@Suite struct DragSessionPhaseTests {
    /// Ten 44 pt rows in a 375 × 667 viewport, driven by `JXMovablePolicy`: a 1 s press, 0.25 s
    /// lift and drop (JXMovablePolicy.swift).
    static func session() -> DragSession {
        let order = Order(sections: [(0..<10).map { Item("row \($0)") }])
        return DragSession(order: order, layout: TableLayout(order: order, width: 375, rowHeight: 44),
                           viewport: Size(width: 375, height: 667))
    }

    @Test func eachPhaseShowsItsDataAndLeavingItDropsThem() {
        var session = Self.session()
        let policy = JXMovablePolicy()
        let row0 = ItemPosition(section: 0, item: 0)
        #expect(session.state == .idle && session.finger == nil && session.snapshot == nil)

        session.touchDown(at: Point(x: 100, y: 22), time: 0, policy: policy)
        #expect(session.state == .pressing)
        #expect(session.finger == Point(x: 100, y: 22))
        #expect(session.snapshot == nil && session.currentPosition == nil && session.dragBeganAt == nil)
        #expect(session.draggedItemSize == Size(width: 375, height: 44))   // the pressed row's cell

        session.frame(time: 1.0, policy: policy)   // the press has lasted 1 s
        #expect(session.state == .dragging)
        #expect(session.originalPosition == row0 && session.currentPosition == row0)
        #expect(session.dragBeganAt == 1.0)
        #expect(session.finger == Point(x: 100, y: 22))
        #expect(session.snapshot?.phase == .lifting && session.snapshot?.liftProgress == 0)

        session.touchUp(time: 1.1, policy: policy)
        #expect(session.state == .dropping)
        #expect(session.finger == nil)   // the finger is up
        #expect(session.snapshot?.phase == .dropping)
        #expect(session.currentPosition == row0 && session.dragBeganAt == 1.0)   // the drop lands on row 0's cell

        session.frame(time: 1.35, policy: policy)   // 0.25 s: the drop is over
        #expect(session.state == .idle)
        #expect(session.finger == nil && session.snapshot == nil)
        #expect(session.originalPosition == nil && session.currentPosition == nil && session.dragBeganAt == nil)
        #expect(session.draggedItemSize == .zero)
        #expect(session.takeEvents().map(\.typeName) == ["begin", "end"])
    }

    /// A copy taken during a drag is a value: the inputs of one leave the other's drag as it
    /// was (the phase and its data are stored in the session, a value).
    @Test func aCopyKeepsItsOwnDrag() {
        var session = Self.session()
        let policy = JXMovablePolicy()
        session.touchDown(at: Point(x: 100, y: 22), time: 0, policy: policy)
        session.frame(time: 1.0, policy: policy)
        session.frame(time: 1.5, policy: policy)   // the lift is over
        let copy = session
        let snapshot = session.snapshot

        // y = 200 is on row 4 (4 × 44 = 176 to 220): jx_movable exchanges rows 0 and 4.
        session.touchMove(to: Point(x: 100, y: 200), time: 1.6, policy: policy)
        session.frame(time: 1.6, policy: policy)
        #expect(session.finger == Point(x: 100, y: 200))
        #expect(session.currentPosition == ItemPosition(section: 0, item: 4))
        #expect(session.snapshot != snapshot)

        #expect(copy.state == .dragging)
        #expect(copy.finger == Point(x: 100, y: 22))
        #expect(copy.currentPosition == ItemPosition(section: 0, item: 0))
        #expect(copy.snapshot == snapshot)
        #expect(copy.order.ids[0][0] == "row 0")

        // The copy goes on on its own: its drop ends its drag, not the other's.
        var other = copy
        other.touchUp(time: 1.7, policy: policy)
        #expect(other.state == .dropping && other.currentPosition == ItemPosition(section: 0, item: 0))
        #expect(session.state == .dragging && session.currentPosition == ItemPosition(section: 0, item: 4))
        #expect(copy.state == .dragging)
    }
}
