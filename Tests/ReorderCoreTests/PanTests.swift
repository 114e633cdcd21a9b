import Testing
@testable import ReorderCore

/// `pan`: the wheel, a trackpad or a finger off its press scrolls the content the host owns,
/// clamped, only while idle; on a board the list under the point scrolls down on its own.
@Suite struct PanTests {
    /// 30 rows of 44 pt in 667 pt: the content is 1320 pt, so the offset runs 0...653.
    func table() -> DragSession {
        let order = Order(sections: [rowItems(30)])
        return DragSession(order: order, layout: TableLayout(order: order, width: 375, rowHeight: 44),
                           viewport: Size(width: 375, height: 667))
    }

    /// The doc comment's example, as written.
    @Test func panScrollsByTheDistanceClampedToTheContent() {
        var s = table()
        #expect(s.pan(by: Point(x: 0, y: 100), at: Point(x: 10, y: 10), time: 0.5) == .handled(from: .idle, to: .idle))
        #expect(s.offset == Point(x: 0, y: 100))
        #expect(s.pan(by: Point(x: 0, y: -500), at: Point(x: 10, y: 10), time: 0.6) == .handled(from: .idle, to: .idle))
        #expect(s.offset == Point(x: 0, y: 0))
        #expect(s.pan(by: Point(x: 0, y: -10), at: Point(x: 10, y: 10), time: 0.7) == .ignored)
        // 1320 − 667 = 653: the end.
        s.pan(by: Point(x: 0, y: 1e6), at: Point(x: 10, y: 10), time: 0.8)
        #expect(s.offset == Point(x: 0, y: 653))
        // A table does not scroll sideways (content 375 pt wide in 375): nothing moves.
        #expect(s.pan(by: Point(x: 50, y: 0), at: Point(x: 10, y: 10), time: 0.9) == .ignored)
        #expect(s.offset == Point(x: 0, y: 653))
    }

    /// A press, a drag and a drop own the finger: a pan then is ignored and the offset stays.
    @Test func panIsIgnoredOutsideIdle() {
        var s = table()
        let policy = DefaultPolicy()
        s.touchDown(at: Point(x: 100, y: 66), time: 0, policy: policy)
        #expect(s.state == .pressing)
        #expect(s.pan(by: Point(x: 0, y: 100), at: Point(x: 100, y: 66), time: 0.1) == .ignored)
        s.frame(time: 0.6, policy: policy)
        #expect(s.state == .dragging)
        #expect(s.pan(by: Point(x: 0, y: 100), at: Point(x: 100, y: 66), time: 0.7) == .ignored)
        #expect(s.offset == .zero)
    }

    @Test func nonFiniteNumbersAreIgnored() {
        var s = table()
        #expect(s.pan(by: Point(x: 0, y: .nan), at: Point(x: 10, y: 10), time: 0.5) == .ignored)
        #expect(s.pan(by: Point(x: 0, y: 10), at: Point(x: .infinity, y: 10), time: 0.5) == .ignored)
        #expect(s.offset == .zero)
    }

    /// Board (inset 40, spacing 10): lists 335 pt wide at x 20 and 365; a pan at x 100 scrolls
    /// list 1 down, one at x 370 list 2; the content offset's y stays 0. Each list holds 30 rows
    /// of 44 pt under the titles band, so it scrolls up to 653 pt (BoardLayout's doc example).
    @Test func onABoardThePanScrollsTheListUnderThePoint() {
        let order = Order(sections: [rowItems(30, prefix: "a"), rowItems(30, prefix: "b")])
        let viewport = Size(width: 375, height: 667)
        var s = DragSession(order: order, layout: BoardLayout(order: order, viewport: viewport, spacing: 10), viewport: viewport)
        s.pan(by: Point(x: 0, y: 120), at: Point(x: 100, y: 300), time: 0.1)
        #expect(s.layout.listOffsets == [120, 0])
        s.pan(by: Point(x: 0, y: 1e6), at: Point(x: 370, y: 300), time: 0.2)
        #expect(s.layout.listOffsets == [120, 653])
        #expect(s.offset.y == 0)
        // Sideways the pages move (the content offset's x), clamped to the last page's.
        s.pan(by: Point(x: 1e6, y: 0), at: Point(x: 100, y: 300), time: 0.3)
        #expect(s.offset.x == s.maximumOffset.x)
        #expect(s.offset.x > 0)
    }

    /// The scene carries the press on its way to a lift: 0.2 s into default's 0.5 s hold is
    /// 40 %, with default's 10 pt allowable movement (PolicyConfiguration's defaults).
    @Test func theSceneCarriesThePressWhilePressing() throws {
        var s = table()
        let policy = DefaultPolicy()
        #expect(s.scene(policy: policy).press == nil)
        s.touchDown(at: Point(x: 100, y: 66), time: 1, policy: policy)
        let press = try #require(s.scene(at: 1.2, policy: policy).press)
        #expect(press.position == pos(0, 1))
        #expect(press.point == Point(x: 100, y: 66))
        #expect(abs(press.progress - 0.4) < 1e-12)
        #expect(press.duration == 0.5)
        #expect(press.allowableMovement == 10)
        s.frame(time: 1.5, policy: policy)
        #expect(s.state == .dragging)
        #expect(s.scene(policy: policy).press == nil)
    }

    /// Through the simulator a pan is recorded as a trace input and replays to the same offset.
    @Test func aPanIsRecordedAndReplays() {
        let sim = DragSimulator(sections: [rowItems(30)], viewport: Size(width: 375, height: 667), policy: DefaultPolicy())
        sim.isRecording = true
        sim.apply(.pan(0.5, Point(x: 10, y: 10), Point(x: 0, y: 88)))
        #expect(sim.session.offset == Point(x: 0, y: 88))
        #expect(sim.inputs == [.pan(0.5, Point(x: 10, y: 10), Point(x: 0, y: 88))])
        let again = DragSimulator(sections: [rowItems(30)], viewport: Size(width: 375, height: 667), policy: DefaultPolicy())
        for i in sim.inputs { again.apply(i) }
        #expect(again.session.offset == Point(x: 0, y: 88))
    }
}
