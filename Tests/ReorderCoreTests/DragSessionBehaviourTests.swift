import Testing
@testable import ReorderCore

@Suite struct DragSessionBehaviourTests {
    let letters = "abcdefghij".map { Item(String($0)) }

    /// Lifts row 0 and jumps the finger onto row 3 in a single frame.
    func threeRowJump(_ semantics: Semantics) -> DragSimulator {
        let sim = tableSimulator([letters], policy: PlainPolicy(semantics: semantics))
        sim.pressItem(pos(0, 0))
        sim.hold(0.5)
        sim.moveToItem(pos(0, 3))
        expectInvariants(sim)
        return sim
    }

    @Test func threeRowJumpUnderMove() {
        let sim = threeRowJump(.move)
        #expect(sim.order.ids == [["b", "c", "d", "a", "e", "f", "g", "h", "i", "j"]])
        #expect(sim.takeEvents() == [.begin(position: pos(0, 0), time: 0.5),
                                     .move(from: pos(0, 0), to: pos(0, 3), semantics: .move, time: 0.5)])
        #expect(sim.currentPosition == pos(0, 3))
    }

    @Test func threeRowJumpUnderExchange() {
        let sim = threeRowJump(.exchange)
        #expect(sim.order.ids == [["d", "b", "c", "a", "e", "f", "g", "h", "i", "j"]])
        #expect(sim.takeEvents().last == .move(from: pos(0, 0), to: pos(0, 3), semantics: .exchange, time: 0.5))
    }

    @Test func crossSectionExchangeSwapsTwoItems() {
        let sim = tableSimulator([[Item("a"), Item("b"), Item("c")], [Item("d"), Item("e")]],
                                 policy: JXMovablePolicy(), headerHeight: 30)
        sim.pressItem(pos(0, 0))
        sim.hold(1.25)
        sim.moveToItem(pos(1, 1))
        #expect(sim.order.ids == [["e", "b", "c"], ["d", "a"]])
        sim.release()
        sim.settle()
        #expect(sim.state == .idle)
        #expect(sim.order.ids == [["e", "b", "c"], ["d", "a"]])
        #expect(sim.takeEvents().map(\.typeName) == ["begin", "move", "end"])
        expectInvariants(sim)
    }

    @Test func crossSectionMoveRemovesAndInserts() {
        let sim = tableSimulator([[Item("a"), Item("b"), Item("c")], [Item("d"), Item("e")]],
                                 policy: PlainPolicy(), headerHeight: 30)
        sim.pressItem(pos(0, 0))
        sim.hold(0.5)
        sim.moveToItem(pos(1, 1))
        #expect(sim.order.ids == [["b", "c"], ["d", "a", "e"]])
        expectInvariants(sim)
    }

    @Test func cancelWithRevertRestoresThePressBeginOrder() {
        let sim = tableSimulator([letters, rowItems(3)], policy: DefaultPolicy(), headerHeight: 20)
        let before = sim.order
        sim.pressItem(pos(0, 2))
        sim.hold(0.75)
        for target in [pos(0, 6), pos(1, 1), pos(0, 0), pos(0, 9)] {
            sim.moveToItem(target, over: 0.2)
            expectInvariants(sim)
        }
        #expect(sim.order != before)
        sim.cancel()
        #expect(sim.order == before)
        #expect(sim.events.last == .cancel(resolution: .revert, time: sim.time))
        sim.settle()
        #expect(sim.state == .idle)
        #expect(sim.order == before)
        expectInvariants(sim)
    }

    @Test func jxCancelCommits() {
        let sim = tableSimulator([letters], policy: JXMovablePolicy())
        sim.pressItem(pos(0, 0))
        sim.hold(1.25)
        sim.moveToItem(pos(0, 1))
        sim.cancel()
        #expect(sim.order.ids[0].prefix(3) == ["b", "a", "c"])
        #expect(sim.events.last == .cancel(resolution: .commit, time: sim.time))
    }

    @Test func vetoedEndRollsBack() {
        let sim = tableSimulator([letters], policy: VetoPolicy(), frameRate: 120)
        let before = sim.order
        sim.pressItem(pos(0, 1))
        sim.hold(0.75)
        sim.moveToItem(pos(0, 4), over: 0.25)
        #expect(sim.order.ids[0].prefix(5) == ["a", "c", "d", "e", "b"])
        sim.release()
        #expect(sim.order == before)
        #expect(sim.currentPosition == pos(0, 1))
        let types = sim.takeEvents().map(\.typeName)
        #expect(types == ["begin", "move", "move", "move", "rollback"])
        // The snapshot drops from the finger (row 4's centre, y 198) back onto the original
        // cell (row 1's centre, y 66): half way after half the 0.25 s ease-in-out drop.
        sim.tick(15)
        #expect(sim.snapshot.map { abs($0.center.y - 132) < 1e-6 } == true)
        sim.tick(15)
        #expect(sim.state == .idle)
        sim.settle()
        #expect(sim.state == .idle && sim.order == before)
    }

    @Test func aPressThatMoves11PointsFailsUnderDefault() {
        let sim = tableSimulator([letters], policy: DefaultPolicy())
        sim.press(at: Point(x: 100, y: 66))
        sim.hold(0.25)
        sim.move(to: Point(x: 111, y: 66))
        #expect(sim.state == .idle)
        sim.hold(1)
        #expect(sim.state == .idle)
        #expect(sim.events == [])
        // 10 points is still within the tolerance.
        sim.press(at: Point(x: 100, y: 66))
        sim.hold(0.25)
        sim.move(to: Point(x: 100, y: 76))
        sim.hold(0.25)
        #expect(sim.state == .dragging)
    }

    @Test func refusedItemsEmitRefuseAndNothingElse() {
        let sim = tableSimulator([[Item("a"), Item("locked b"), Item("c")]], policy: LockedPolicy())
        let before = sim.order
        sim.pressItem(pos(0, 1))
        sim.hold(1)
        #expect(sim.state == .idle)
        #expect(sim.snapshot == nil)
        #expect(sim.events == [.refuse(position: pos(0, 1), time: 0.5)])
        #expect(sim.order == before)
    }

    @Test func jxSkipsTargetsThatCannotMove() {
        final class JXLocked: JXMovablePolicy {
            override func canMove(_ ctx: PolicyContext, at position: ItemPosition) -> Bool {
                !ctx.item(at: position).id.hasPrefix("locked")
            }
        }
        let sim = tableSimulator([[Item("a"), Item("locked b"), Item("c")]], policy: JXLocked())
        sim.pressItem(pos(0, 0))
        sim.hold(1.25)
        sim.moveToItem(pos(0, 1))
        #expect(sim.order.ids == [["a", "locked b", "c"]])
        sim.moveToItem(pos(0, 2))
        #expect(sim.order.ids == [["c", "locked b", "a"]])
    }

    @Test func policyTargetsOutOfRangeAreSkipped() {
        final class Wild: DefaultPolicy {
            var answer: ItemPosition?
            override func target(_ ctx: PolicyContext, from: ItemPosition, proposed: ItemPosition) -> ItemPosition? { answer }
        }
        let wild = Wild()
        let sim = tableSimulator([letters, [Item("x")]], policy: wild)
        let before = sim.order
        sim.pressItem(pos(0, 0))
        sim.hold(0.75)
        for bad in [pos(0, 10), pos(0, -1), pos(2, 0), pos(-1, 0), pos(1, 2), pos(0, Int.max)] {
            wild.answer = bad
            sim.moveToItem(pos(0, 5))
            sim.moveToItem(pos(0, 3))
            #expect(sim.order == before, "\(bad)")
            expectInvariants(sim)
        }
        // Appending at the end of another section is a valid move.
        wild.answer = pos(1, 1)
        sim.moveToItem(pos(0, 5))
        #expect(sim.order.ids[1] == ["x", "a"])
        expectInvariants(sim)
    }

    @Test func jxLiftAnimatesTheCentreToTheFingerOverQuarterSecond() {
        let sim = tableSimulator([letters], policy: JXMovablePolicy(), frameRate: 120)
        sim.press(at: Point(x: 300, y: 30))   // row 0, 8 pt below its centre
        sim.hold(1)
        #expect(sim.snapshot?.center == Point(x: 187.5, y: 22))
        #expect(sim.snapshot?.liftProgress == 0)
        #expect(sim.snapshot?.shadow == Shadow(color: .gray, offset: Size(width: -5, height: 0), opacity: 0.4, radius: 5))
        #expect(sim.snapshot?.placeholder == .hidden)
        sim.hold(0.125)
        // Half way in time, half way on an ease-in-out curve.
        #expect(sim.snapshot.map { abs($0.center.y - 26) < 1e-6 } == true)
        sim.hold(0.125)
        #expect(sim.snapshot?.center == Point(x: 187.5, y: 30))
        #expect(sim.snapshot?.phase == .lifted)
        sim.move(to: Point(x: 10, y: 40))
        #expect(sim.snapshot?.center == Point(x: 187.5, y: 40))
    }

    @Test func followModes() {
        func lifted(_ follow: FollowMode) -> DragSimulator {
            final class P: DefaultPolicy {}
            var c = DefaultPolicy.standardConfiguration
            c.follow = follow
            c.edgeScroll.enabled = false
            let sim = tableSimulator([letters], policy: P(configuration: c))
            sim.press(at: Point(x: 300, y: 30))
            sim.hold(0.75)
            sim.move(to: Point(x: 250, y: 100))
            return sim
        }
        #expect(lifted(.y).snapshot?.center == Point(x: 187.5, y: 100))
        #expect(lifted(.xy).snapshot?.center == Point(x: 250, y: 100))
        #expect(lifted(.translation).snapshot?.center == Point(x: 137.5, y: 92))
        let s = lifted(.xy).snapshot
        #expect(s?.scale == 1.05 && s?.alpha == 0.98)
    }

    /// A table whose scroll axis turns horizontal once a step has moved an item: a layout whose
    /// answer changes (the built-in ones never do).
    struct TurningTable: Layout {
        var table: TableLayout
        var turned = false
        var contentSize: Size { table.contentSize }
        var scrollAxis: Axis { turned ? .horizontal : .vertical }
        var sectionCount: Int { table.sectionCount }
        func count(_ section: Int) -> Int { table.count(section) }
        func frame(of position: ItemPosition) -> Rect? { table.frame(of: position) }
        func headerFrame(of section: Int) -> Rect? { table.headerFrame(of: section) }
        func position(at point: Point) -> ItemPosition? { table.position(at: point) }
        func positions(in rect: Rect) -> [ItemPosition] { table.positions(in: rect) }
        mutating func setViewport(_ viewport: Size) { table.setViewport(viewport) }
        mutating func didMove(from: ItemPosition, to: ItemPosition) { table.didMove(from: from, to: to); turned = true }
        mutating func didExchange(_ a: ItemPosition, _ b: ItemPosition) { table.didExchange(a, b); turned = true }
        mutating func reload(from order: Order) { table.reload(from: order) }
        func proposedPosition(at point: Point, dragging: ItemPosition) -> ItemPosition? {
            table.proposedPosition(at: point, dragging: dragging)
        }
        var hasUniformItemSizes: Bool { table.hasUniformItemSizes }
    }

    /// `follow = "main"` resolves against the scroll axis the layout gave at the lift, for the
    /// whole drag (Layout.scrollAxis's contract); the next drag reads it again.
    @Test func followMainReadsTheScrollAxisAtTheLift() {
        final class P: DefaultPolicy {}
        var c = DefaultPolicy.standardConfiguration
        c.follow = .main
        c.edgeScroll.enabled = false
        let order = Order(sections: [letters])
        let layout = TurningTable(table: TableLayout(order: order, width: phone.width, rowHeight: 44))
        let sim = DragSimulator(order: order, layout: layout, viewport: phone, policy: P(configuration: c))
        sim.press(at: Point(x: 300, y: 30))
        sim.hold(0.75)
        // The finger over row 2 (88-132 pt): one step, after which the layout answers horizontal.
        sim.move(to: Point(x: 250, y: 100))
        #expect(sim.currentPosition == pos(0, 2))
        #expect(sim.layout.scrollAxis == .horizontal)
        // Still along y, as read at the lift: x at the cell's centre (375 / 2), y the finger's.
        // (Along x it would be (240, 22): the finger's x, the pressed cell's centre y.)
        sim.move(to: Point(x: 240, y: 110))
        #expect(sim.snapshot?.center == Point(x: 187.5, y: 110))
        sim.release()
        sim.settle()
        // The next drag lifts with the horizontal answer: x follows the finger, y stays at the
        // pressed cell's centre (row 0 of the new order: 22 pt).
        sim.press(at: Point(x: 300, y: 30))
        sim.hold(0.75)
        sim.move(to: Point(x: 240, y: 35))
        #expect(sim.snapshot?.center == Point(x: 240, y: 22))
        expectInvariants(sim)
    }

    @Test func centerDistanceRule() {
        final class Nearest: DefaultPolicy {
            init() {
                var c = DefaultPolicy.standardConfiguration
                c.targetRule = .centerDistance
                c.follow = .xy
                c.edgeScroll.enabled = false
                c.snapshot.lift = AnimationSpec(duration: 0)
                c.snapshot.scale = 1
                super.init(configuration: c)
            }
        }
        // 100 pt wide viewport: rows are 100 wide, so centres within 50 pt count.
        let sim = tableSimulator([letters], policy: Nearest(), rowHeight: 30, viewport: Size(width: 100, height: 300))
        sim.pressItem(pos(0, 0))
        sim.hold(0.5)
        // Snapshot centre (50, 95): row 3 centre (50, 105) is 10 away, row 2 (50, 75) 20.
        sim.move(to: Point(x: 50, y: 95))
        #expect(sim.currentPosition == pos(0, 3))
        // Far to the side: (150, 105) is 100 from row 3's centre: no target.
        sim.move(to: Point(x: 150, y: 200))
        #expect(sim.currentPosition == pos(0, 3))
    }
}
