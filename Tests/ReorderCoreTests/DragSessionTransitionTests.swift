import Testing
@testable import ReorderCore

/// One test per transition of the state machine, and one per impossible input.
@Suite struct DragSessionTransitionTests {
    let policy = PlainPolicy()

    /// Ten 44 pt rows after a 30 pt header, in a 375×667 viewport.
    func session() -> DragSession {
        let order = Order(sections: [rowItems(10)])
        return DragSession(order: order, layout: TableLayout(order: order, width: 375, rowHeight: 44, headerHeight: 30),
                           viewport: phone)
    }

    /// Row 1's centre: header 30 + 44 + 22.
    let row1 = Point(x: 100, y: 96)

    func dragging() -> DragSession {
        var s = session()
        s.touchDown(at: row1, time: 0, policy: policy)
        s.frame(time: 0.5, policy: policy)
        return s
    }

    @Test func idleToPressingOnAnItem() {
        var s = session()
        #expect(s.touchDown(at: row1, time: 0, policy: policy) == .handled(from: .idle, to: .pressing))
        #expect(s.state == .pressing)
        #expect(s.events == [])
        expectInvariants(s)
    }

    @Test func pressOnHeaderOrEmptySpaceOrOutsideDoesNothing() {
        var s = session()
        #expect(s.touchDown(at: Point(x: 100, y: 29.9), time: 0, policy: policy) == .handled(from: .idle, to: .idle))
        #expect(s.touchDown(at: Point(x: 100, y: 470), time: 0, policy: policy) == .handled(from: .idle, to: .idle))
        #expect(s.touchDown(at: Point(x: 100, y: 667), time: 0, policy: policy) == .handled(from: .idle, to: .idle))
        s.frame(time: 5, policy: policy)
        #expect(s.state == .idle)
        #expect(s.events == [])
    }

    @Test func pressingToDraggingAfterMinPressDuration() {
        var s = session()
        s.touchDown(at: row1, time: 0, policy: policy)
        #expect(s.frame(time: 0.4999, policy: policy) == .handled(from: .pressing, to: .pressing))
        #expect(s.frame(time: 0.5, policy: policy) == .handled(from: .pressing, to: .dragging))
        #expect(s.events == [.begin(position: pos(0, 1), time: 0.5)])
        #expect(s.originalPosition == pos(0, 1))
        #expect(s.currentPosition == pos(0, 1))
        #expect(s.snapshot?.center == Point(x: 187.5, y: 96))
        expectInvariants(s)
    }

    @Test func pressingToIdleWhenTheFingerWandersTooFar() {
        var s = session()
        s.touchDown(at: row1, time: 0, policy: policy)
        #expect(s.touchMove(to: Point(x: 106, y: 104), time: 0.2, policy: policy) == .handled(from: .pressing, to: .pressing))
        #expect(s.touchMove(to: Point(x: 100, y: 107), time: 0.3, policy: policy) == .handled(from: .pressing, to: .idle))
        s.frame(time: 1, policy: policy)
        #expect(s.state == .idle)
        #expect(s.events == [])
    }

    @Test func pressingToIdleOnAnEarlyTouchUp() {
        var s = session()
        s.touchDown(at: row1, time: 0, policy: policy)
        #expect(s.touchUp(time: 0.3, policy: policy) == .handled(from: .pressing, to: .idle))
        #expect(s.events == [])
    }

    @Test func pressingToIdleOnCancel() {
        var s = session()
        s.touchDown(at: row1, time: 0, policy: policy)
        #expect(s.cancel(time: 0.3, policy: policy) == .handled(from: .pressing, to: .idle))
        #expect(s.events == [])
    }

    @Test func pressingToIdleWithRefuse() {
        let order = Order(sections: [[Item("a"), Item("locked b")]])
        var s = DragSession(order: order, layout: TableLayout(order: order, width: 375, rowHeight: 44), viewport: phone)
        let locked = LockedPolicy()
        s.touchDown(at: Point(x: 10, y: 50), time: 0, policy: locked)
        #expect(s.frame(time: 0.5, policy: locked) == .handled(from: .pressing, to: .idle))
        #expect(s.events == [.refuse(position: pos(0, 1), time: 0.5)])
        #expect(s.snapshot == nil)
    }

    @Test func draggingToDroppingOnTouchUpThenIdle() {
        var s = dragging()
        #expect(s.touchUp(time: 1, policy: policy) == .handled(from: .dragging, to: .dropping))
        #expect(s.events.last == .end(from: pos(0, 1), to: pos(0, 1), time: 1))
        #expect(s.snapshot?.phase == .dropping)
        #expect(s.frame(time: 1.0625, policy: policy) == .handled(from: .dropping, to: .dropping))
        #expect(s.snapshot?.dropProgress == 0.5)
        #expect(s.frame(time: 1.125, policy: policy) == .handled(from: .dropping, to: .idle))
        #expect(s.snapshot == nil)
        expectInvariants(s)
    }

    @Test func draggingToDroppingOnCancel() {
        var s = dragging()
        #expect(s.cancel(time: 1, policy: policy) == .handled(from: .dragging, to: .dropping))
        #expect(s.events.last == .cancel(resolution: .revert, time: 1))
    }

    @Test func droppingToIdleOnCancel() {
        var s = dragging()
        s.touchUp(time: 1, policy: policy)
        #expect(s.cancel(time: 1.01, policy: policy) == .handled(from: .dropping, to: .idle))
        #expect(s.snapshot == nil)
    }

    @Test func touchUpAfterTheDurationWithoutFramesBeginsAndEnds() {
        var s = session()
        s.touchDown(at: row1, time: 0, policy: policy)
        #expect(s.touchUp(time: 0.7, policy: policy) == .handled(from: .pressing, to: .dropping))
        #expect(s.events == [.begin(position: pos(0, 1), time: 0.7), .end(from: pos(0, 1), to: pos(0, 1), time: 0.7)])
    }

    // MARK: Impossible inputs

    @Test func touchUpWhileIdleIsIgnored() {
        var s = session()
        #expect(s.touchUp(time: 1, policy: policy) == .ignored)
        #expect(s.state == .idle && s.events == [] && s.time == 0)
    }

    @Test func touchMoveWhileIdleIsIgnored() {
        var s = session()
        #expect(s.touchMove(to: row1, time: 1, policy: policy) == .ignored)
        #expect(s.state == .idle && s.finger == nil)
    }

    @Test func frameWhileIdleIsIgnored() {
        var s = session()
        #expect(s.frame(time: 1, policy: policy) == .ignored)
        #expect(s.state == .idle && s.snapshot == nil)
    }

    @Test func cancelWhileIdleIsIgnored() {
        var s = session()
        #expect(s.cancel(time: 1, policy: policy) == .ignored)
        #expect(s.events == [])
    }

    @Test func touchDownWhilePressingIsIgnored() {
        var s = session()
        s.touchDown(at: row1, time: 0, policy: policy)
        #expect(s.touchDown(at: Point(x: 10, y: 300), time: 0.1, policy: policy) == .ignored)
        #expect(s.finger == row1)
        s.frame(time: 0.5, policy: policy)
        #expect(s.originalPosition == pos(0, 1))
    }

    @Test func touchDownWhileDraggingIsIgnored() {
        var s = dragging()
        let before = s.order
        #expect(s.touchDown(at: Point(x: 10, y: 300), time: 0.6, policy: policy) == .ignored)
        #expect(s.state == .dragging && s.order == before && s.finger == row1)
    }

    @Test func touchesWhileDroppingAreIgnored() {
        var s = dragging()
        s.touchUp(time: 1, policy: policy)
        #expect(s.touchDown(at: row1, time: 1.01, policy: policy) == .ignored)
        #expect(s.touchMove(to: row1, time: 1.01, policy: policy) == .ignored)
        #expect(s.touchUp(time: 1.01, policy: policy) == .ignored)
        #expect(s.state == .dropping)
    }

    @Test func touchDownWhileDroppingCompletesTheDropWhenThePolicyAllows() {
        final class Eager: DefaultPolicy {
            init() {
                var c = DefaultPolicy.standardConfiguration
                c.ignoresTouchesWhileDropping = false
                super.init(configuration: c)
            }
        }
        let eager = Eager()
        var s = session()
        s.touchDown(at: row1, time: 0, policy: eager)
        s.frame(time: 0.5, policy: eager)
        s.touchUp(time: 0.6, policy: eager)
        #expect(s.touchDown(at: row1, time: 0.61, policy: eager) == .handled(from: .idle, to: .pressing))
    }

    @Test func malformedInputsAreIgnored() {
        var s = dragging()
        #expect(s.touchMove(to: Point(x: .nan, y: 3), time: 0.6, policy: policy) == .ignored)
        #expect(s.touchMove(to: Point(x: 3, y: .infinity), time: 0.6, policy: policy) == .ignored)
        #expect(s.frame(time: .nan, policy: policy) == .ignored)
        #expect(s.touchUp(time: -.infinity, policy: policy) == .ignored)
        #expect(s.state == .dragging && s.finger == row1)
        expectInvariants(s)
    }

    @Test func timeNeverGoesBackwards() {
        var s = dragging()
        #expect(s.frame(time: 0.2, policy: policy) == .handled(from: .dragging, to: .dragging))
        #expect(s.time == 0.5)
        #expect(s.touchUp(time: 0.1, policy: policy) == .handled(from: .dragging, to: .dropping))
        #expect(s.events.last == .end(from: pos(0, 1), to: pos(0, 1), time: 0.5))
    }
}
