import Testing
@testable import ReorderCore

/// What the scene carries for the drawings (s:show()'s text, reorder render's timeline): the
/// finger, a grid's shape, a board's lists, and the policy-free scene.
@Suite struct SceneDrawingFieldsTests {
    @Test func theFingerIsInTheSceneWhileItIsDown() {
        let order = Order(sections: [(1...20).map { Item("r\($0)") }])
        var session = DragSession(order: order, layout: TableLayout(order: order, width: 375, rowHeight: 44),
                                  viewport: Size(width: 375, height: 667))
        let policy = DefaultPolicy()
        #expect(session.scene(policy: policy).finger == nil)
        _ = session.touchDown(at: Point(x: 100, y: 66), time: 0, policy: policy)
        #expect(session.scene(policy: policy).finger == Point(x: 100, y: 66))
        _ = session.touchUp(time: 0.05, policy: policy)
        #expect(session.scene(policy: policy).finger == nil)
    }

    /// Without a policy no hook runs: the zones are left out, everything else is the same.
    @Test func thePolicyFreeSceneHasNoZones() {
        let order = Order(sections: [(1...20).map { Item("r\($0)") }])
        let session = DragSession(order: order, layout: TableLayout(order: order, width: 375, rowHeight: 44),
                                  viewport: Size(width: 375, height: 667))
        var withPolicy = session.scene(policy: DefaultPolicy())
        let without = session.scene()
        // default's vertical zone: min(25 % of 667, 120) = 120 pt.
        #expect(withPolicy.edgeZones.map(\.length) == [120])
        #expect(without.edgeZones.isEmpty)
        withPolicy.edgeZones = []
        #expect(withPolicy == without)
        #expect(without.grid == nil && without.board == nil)
    }

    /// Board: lists 375 − 40 = 335 pt wide at x 20 and 20 + 335 + 10 = 365 (inset 40, spacing
    /// 10); list 2 scrolled by 100 of its 30 × 44 − 667 = 653 pt; page 1 of 2.
    @Test func aBoardSceneListsTheVisibleListsWithTheirScroll() throws {
        let order = Order(sections: [(1...30).map { Item("a\($0)") }, (1...30).map { Item("b\($0)") }])
        var board = BoardLayout(order: order, viewport: Size(width: 375, height: 667), spacing: 10)
        board.setListOffset(1, 100)
        let session = DragSession(order: order, layout: board, viewport: Size(width: 375, height: 667))
        let b = try #require(session.scene().board)
        #expect(b.page == 0 && b.pageCount == 2)
        #expect(b.lists.map(\.frame) == [Rect(x: 20, y: 0, width: 335, height: 667), Rect(x: 365, y: 0, width: 335, height: 667)])
        #expect(b.lists.map(\.offset) == [0, 100])
        #expect(b.lists.map(\.maximumOffset) == [653, 653])
        #expect(b.lists.map(\.count) == [30, 30])
        #expect(b.contextListOffset == 0)   // no drag: the current page's list, list 1
    }
}
