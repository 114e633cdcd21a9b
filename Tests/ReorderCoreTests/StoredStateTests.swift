import Testing
@testable import ReorderCore

/// The stored `DragSession.state` follows the phase data through a whole interaction, and
/// `invariantViolations()` reports it when the two disagree.
@Suite struct StoredStateTests {
    @Test func stateFollowsThePhasesAndTheInvariantCatchesADisagreement() {
        let order = Order(sections: [(0..<10).map { Item("row \($0)") }])
        var session = DragSession(order: order, layout: TableLayout(order: order, width: 375, rowHeight: 44),
                                  viewport: Size(width: 375, height: 667))
        let policy = JXMovablePolicy()
        var seen: [DragSession.State] = [session.state]
        session.touchDown(at: Point(x: 100, y: 22), time: 0, policy: policy); seen.append(session.state)
        session.frame(time: 1.0, policy: policy); seen.append(session.state)
        #expect(session.invariantViolations() == [])
        session.touchUp(time: 1.1, policy: policy); seen.append(session.state)
        // The phases in order, as the type's doc says: idle → pressing → dragging → dropping.
        #expect(seen == [.idle, .pressing, .dragging, .dropping])
        #expect(session.state == session.phaseOfData)
        // Drop data removed behind the stored state's back: the invariant names both.
        session.drop = nil
        #expect(session.invariantViolations() == ["state dropping, but the phase data say dragging"])
    }
}
