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

    /// `scrolled` is the scroll the frame made, not the speed the policy gives: 100 rows of
    /// 44 pt (4400 − 667 = 3733 pt of scroll). Row 2 lifted at y 66, inside `default`'s 120 pt
    /// top zone, on an unscrolled list: a speed, no scroll. The finger 60 pt into the bottom
    /// zone after the 0.4 s ramp: 1500 × (60/120)² = 375 pt/s, the offset moving 375 / 60 =
    /// 6.25 pt a frame. At the end of the list: the speed still, no scroll.
    @Test func aZoneSaysHowFastTheLastFrameScrolled() throws {
        let sim = DragSimulator(sections: [(1...100).map { Item("r\($0)") }], viewport: Size(width: 375, height: 667),
                                policy: DefaultPolicy())
        _ = sim.pressItem(ItemPosition(section: 0, item: 1))
        _ = sim.hold(0.6)
        var zone = try #require(sim.session.scene(policy: sim.policy).edgeZones.first)
        #expect(sim.session.state == .dragging)
        #expect(zone.direction == -1 && zone.speed > 0)
        #expect(zone.scrolled == 0)
        sim.move(to: Point(x: 187.5, y: 667 - 60))
        sim.tick(30)
        let before = sim.session.offset.y
        sim.tick()
        zone = try #require(sim.session.scene(policy: sim.policy).edgeZones.first)
        #expect(abs(zone.speed - 375) < 1e-9)
        #expect(abs(zone.scrolled - (sim.session.offset.y - before) * 60) < 1e-9)
        #expect(abs(zone.scrolled - 375) < 1e-9)
        sim.tick(60 * 12)
        #expect(sim.session.offset.y == 4400 - 667)
        zone = try #require(sim.session.scene(policy: sim.policy).edgeZones.first)
        #expect(zone.direction == 1 && abs(zone.speed - 375) < 1e-9)
        #expect(zone.scrolled == 0)
        _ = sim.release()
        sim.settle()
        #expect(sim.session.scene(policy: sim.policy).edgeZones.first?.scrolled == 0)
    }

    /// Two sections of 20 rows under 28 pt headers: section 2's header at 28 + 20 × 44 = 908.
    /// Scrolled to 100, section 1's header (at 0) is above the top: pinned at y 0. At 890 the
    /// next header is 908 − 890 = 18 pt down, pushing the pinned one to 18 − 28 = −10. At 908
    /// section 2's own header is at the top: nothing is pinned; past it, section 2's is.
    @Test func theTopSectionsHeaderIsPinned() {
        let order = Order(sections: [(1...20).map { Item("a\($0)") }, (1...20).map { Item("b\($0)") }],
                          titles: ["Today", "Later"])
        var session = DragSession(order: order, layout: TableLayout(order: order, width: 375, rowHeight: 44, headerHeight: 28),
                                  viewport: Size(width: 375, height: 667))
        #expect(session.scene().pinnedHeader == nil)
        session.setOffset(Point(x: 0, y: 100))
        #expect(session.scene().pinnedHeader == Scene.Header(section: 0, title: "Today", frame: Rect(x: 0, y: 0, width: 375, height: 28)))
        session.setOffset(Point(x: 0, y: 890))
        #expect(session.scene().pinnedHeader?.frame == Rect(x: 0, y: -10, width: 375, height: 28))
        session.setOffset(Point(x: 0, y: 908))
        #expect(session.scene().pinnedHeader == nil)
        session.setOffset(Point(x: 0, y: 1000))
        #expect(session.scene().pinnedHeader?.title == "Later")
    }
}
