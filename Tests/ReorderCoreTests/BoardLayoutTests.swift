import Testing
import ReorderFuzz
@testable import ReorderCore

/// Three lists "today", "next", "later" of `n` tasks each (ids t0.., n0.., l0..).
func boardOrder(_ n: Int = 20) -> Order {
    Order(sections: [rowItems(n, prefix: "t"), rowItems(n, prefix: "n"), rowItems(n, prefix: "l")],
          titles: ["today", "next", "later"])
}

/// 375 × 667 board: lists 325 wide, 10 apart, a 40 pt title, 60 pt rows.
func board(_ order: Order) -> BoardLayout {
    BoardLayout(order: order, viewport: phone, inset: 50, spacing: 10, rowHeight: 60, headerHeight: 40)
}

/// A board policy: move, follow x and y, both axes from the finger, zone 75 pt on each side
/// (horizontal) and 100 pt (vertical); speed `k × depth` pt/s, constant in time unless `ramp`.
final class BoardPolicy: DefaultPolicy {
    let ramp: Bool
    var veto = false
    init(ramp: Bool = false, lift: Double = 0.25, axes: ScrollAxes = .both) {
        self.ramp = ramp
        var c = DefaultPolicy.standardConfiguration
        c.name = "board"
        c.follow = .xy
        c.edgeScroll.axes = axes
        c.edgeScroll.reference = .finger
        c.snapshot.lift = AnimationSpec(duration: lift)
        super.init(configuration: c)
    }
    override func edgeZone(_ ctx: PolicyContext, axis: Axis, viewportLength: Double) -> Double {
        axis == .horizontal ? 75 : 100
    }
    override func scrollSpeed(_ ctx: PolicyContext, axis: Axis, depth: Double, zone: Double, elapsed: Double) -> Double {
        (axis == .horizontal ? 10 : 20) * depth * (ramp ? 2 * elapsed : 1)
    }
    override func onEnd(_ ctx: PolicyContext, from: ItemPosition, to: ItemPosition) -> Bool { !veto }
}

@Suite struct BoardLayoutTests {
    @Test func geometry() {
        let b = board(boardOrder())
        #expect(b.listWidth == 325 && b.pageWidth == 335)
        #expect(b.contentSize == Size(width: 50 + 3 * 325 + 2 * 10, height: 667))
        #expect(b.frame(of: pos(0, 0)) == Rect(x: 25, y: 40, width: 325, height: 60))
        #expect(b.frame(of: pos(2, 3)) == Rect(x: 695, y: 220, width: 325, height: 60))
        #expect(b.headerFrame(of: 1) == Rect(x: 360, y: 0, width: 325, height: 40))
        // Pages: list k centred at offset k × 335; the last one ends at the content's end.
        #expect(b.pageOffset(1) == 335 && b.pageOffset(2) == 670)
        #expect(b.pageOffset(2) == b.contentSize.width - 375)
        #expect(b.maximumListOffset(0) == 20 * 60 - 627)
    }

    @Test func snapsToTheNearestPage() {
        let b = board(boardOrder())
        let v = phone
        #expect(b.snappedOffset(Point(x: 167, y: 0), viewport: v) == Point(x: 0, y: 0))
        #expect(b.snappedOffset(Point(x: 167.5, y: 0), viewport: v) == Point(x: 335, y: 0))
        #expect(b.snappedOffset(Point(x: 502, y: 0), viewport: v) == Point(x: 335, y: 0))
        #expect(b.snappedOffset(Point(x: 503, y: 0), viewport: v) == Point(x: 670, y: 0))
        #expect(b.snappedOffset(Point(x: 5000, y: 0), viewport: v) == Point(x: 670, y: 0))
        #expect(TableLayout(order: boardOrder(), width: 375).snappedOffset(Point(x: 1, y: 2), viewport: v) == nil)
    }

    /// Lists own `[listX, listX + width)`, rows `[top, bottom)` with each list's own scroll
    /// applied; titles, the gaps between lists and the margins hit nothing.
    @Test(arguments: [0.0, 0.1 * 3, 77.7, 573])
    func hitTestingIsExactAtBoundaries(scroll: Double) {
        var b = board(boardOrder())
        b.setListOffset(1, scroll)
        #expect(b.listOffsets[1] == scroll)
        for s in 0..<3 {
            for i in 0..<20 {
                let p = pos(s, i)
                let f = b.frame(of: p)!
                let visibleTop = max(f.minY, 40), visibleBottom = min(f.maxY, 667)
                guard visibleTop < visibleBottom else {
                    #expect(b.position(at: Point(x: f.midX, y: f.midY)) != p)
                    continue
                }
                #expect(b.position(at: Point(x: f.minX, y: visibleTop)) == p)
                #expect(b.position(at: Point(x: f.maxX.nextDown, y: visibleBottom.nextDown)) == p)
                #expect(b.position(at: Point(x: f.maxX, y: visibleTop)) == nil)          // the gap
                #expect(b.position(at: Point(x: f.minX.nextDown, y: visibleTop)) == nil) // the gap or margin
                if f.minY >= 40 { #expect(b.position(at: Point(x: f.midX, y: f.minY.nextDown)) != p) }
                if f.maxY < 667 { #expect(b.position(at: Point(x: f.midX, y: f.maxY)) != p) }
            }
        }
        #expect(b.position(at: Point(x: 100, y: 39.99)) == nil)   // a title
        #expect(b.position(at: Point(x: 100, y: 667)) == nil)     // below the viewport
    }

    @Test func proposesAppendsBelowTheLastRowAndInEmptyLists() {
        let order = Order(sections: [rowItems(3, prefix: "t"), [], rowItems(2, prefix: "l")])
        let b = board(order)
        // Below list 0's last row (rows end at 40 + 180).
        #expect(b.proposedPosition(at: Point(x: 100, y: 400), dragging: pos(0, 0)) == pos(0, 2))
        #expect(b.proposedPosition(at: Point(x: 100, y: 400), dragging: pos(2, 0)) == pos(0, 3))
        // Anywhere in the empty list's band.
        #expect(b.proposedPosition(at: Point(x: 400, y: 41), dragging: pos(0, 1)) == pos(1, 0))
        #expect(b.proposedPosition(at: Point(x: 700, y: 100), dragging: pos(0, 1)) == pos(2, 1))   // a row
        #expect(b.proposedPosition(at: Point(x: 700, y: 300), dragging: pos(0, 1)) == pos(2, 2))   // append
        // Titles and gaps propose nothing.
        #expect(b.proposedPosition(at: Point(x: 400, y: 20), dragging: pos(0, 1)) == nil)
        #expect(b.proposedPosition(at: Point(x: 355, y: 100), dragging: pos(0, 1)) == nil)
    }

    @Test func positionsInRectMatchABruteForceScan() {
        var b = BoardLayout(order: Order(sections: [rowItems(30, prefix: "a"), [], rowItems(7, prefix: "c"),
                                                     rowItems(40, prefix: "d")]),
                            viewport: phone, inset: 40, spacing: 8, rowHeight: 44, headerHeight: 30)
        b.setListOffset(0, 123.4)
        b.setListOffset(3, 1000)
        var rng = SplitMix64(seed: 11)
        for _ in 0..<300 {
            let rect = Rect(x: rng.double(in: -50...1500), y: rng.double(in: -50...700),
                            width: rng.double(in: 0.5...500), height: rng.double(in: 0.5...700))
            var expected: [ItemPosition] = []
            for s in 0..<b.sectionCount {
                for i in 0..<b.count(s) {
                    let f = b.frame(of: pos(s, i))!
                    let top = max(f.minY, rect.minY, 30), bottom = min(f.maxY, rect.maxY, 667)
                    if f.maxX > rect.minX && f.minX < rect.maxX && top < bottom { expected.append(pos(s, i)) }
                }
            }
            #expect(b.positions(in: rect) == expected, "rect \(rect)")
        }
    }

    /// A task dragged from "today" into "later": removed from the first, inserted at the row
    /// under the finger in the second; "next", passed on the way, is unchanged.
    @Test func dragAcrossListsWithHorizontalEdgeScroll() {
        let order = boardOrder(5)
        let sim = DragSimulator(order: order, layout: board(order), viewport: phone, policy: BoardPolicy())
        #expect(sim.drag(from: pos(0, 1), to: pos(2, 2)))
        #expect(sim.order.ids == [["t0", "t2", "t3", "t4"], ["n0", "n1", "n2", "n3", "n4"],
                                  ["l0", "l1", "t1", "l2", "l3", "l4"]])
        // The item entered "later" (row 2 under the finger) while the board was scrolling at
        // about 321 pt: the release snapped to the nearest page, the middle one.
        #expect(sim.offset == Point(x: 335, y: 0))
        let moves = sim.takeEvents().compactMap { e -> String? in
            if case .move(let from, let to, _, _) = e { return "\(from)->\(to)" } else { return nil }
        }
        // The glide towards (374, 190) crosses row 2 of "today", then "next" and "later" at row 2.
        #expect(moves == ["(0, 1)->(0, 2)", "(0, 2)->(1, 2)", "(1, 2)->(2, 2)"])
        expectInvariants(sim)
    }

    /// Hovering below the last row of another list appends; the veto restores both lists.
    @Test func appendAndVetoedEnd() {
        let order = Order(sections: [rowItems(3, prefix: "t"), rowItems(2, prefix: "n"), []])
        let policy = BoardPolicy()
        let sim = DragSimulator(order: order, layout: board(order), viewport: phone, policy: policy)
        sim.pressItem(pos(0, 0))
        sim.hold(0.75)
        sim.move(to: Point(x: 290, y: 500))
        #expect(sim.currentPosition == pos(0, 2))      // below its own list's last row: the end
        // Board x 370 is list 1, inside the right zone; a glide of 0 s runs one frame with
        // dt = 0, so nothing scrolls. Below list 1's last row: appended.
        sim.move(to: Point(x: 370, y: 500))
        #expect(sim.currentPosition == pos(1, 2))
        #expect(sim.offset.x == 0)
        policy.veto = true
        let before = sim.order.ids
        sim.release()
        sim.settle()
        #expect(before == [["t1", "t2"], ["n0", "n1", "t0"], []])
        #expect(sim.order.ids == [["t0", "t1", "t2"], ["n0", "n1"], []])
        #expect(sim.takeEvents().map(\.typeName) == ["begin", "move", "move", "rollback"])
        expectInvariants(sim)
    }

    /// Vertical edge scroll moves the dragged item's list, never the board's y; horizontal
    /// moves the pages. Both at once (bottom-right corner) scroll the same distances at 60 and
    /// 120 Hz, exactly for speeds linear in time.
    @Test(arguments: [false, true])
    func bothAxesAreFrameRateIndependent(ramp: Bool) {
        func run(_ rate: Double) -> (x: Double, lists: Double) {
            let order = boardOrder(40)
            let sim = DragSimulator(order: order, layout: board(order), viewport: phone,
                                    policy: BoardPolicy(ramp: ramp), frameRate: rate)
            sim.pressItem(pos(0, 2))
            sim.hold(0.75)
            sim.move(to: Point(x: 345, y: 627))          // 45 pt into the right zone, 60 into the bottom
            sim.hold(0.5)
            expectInvariants(sim)
            #expect(sim.offset.y == 0)
            let b = sim.layout as? BoardLayout
            // The item changes lists as the board scrolls (at a frame that depends on the rate);
            // the vertical distance, shared between the lists it was in, does not.
            return (sim.offset.x, b?.listOffsets.reduce(0, +) ?? -1)
        }
        let a = run(60), b = run(120)
        // Constant speeds: 450 pt/s across, 1200 pt/s down, for 0.5 s. With the ramp (2 × elapsed):
        // ∫ v × 2t dt over the episode's 0.5 s = v × 0.25.
        let expectedX = ramp ? 450 * 0.25 : 450 * 0.5
        #expect(abs(a.x - expectedX) < 1e-9 && abs(b.x - expectedX) < 1e-9, "\(a.x) \(b.x)")
        let expectedLists = ramp ? 1200 * 0.25 : 1200 * 0.5
        #expect(abs(a.lists - expectedLists) < 1e-9 && abs(b.lists - expectedLists) < 1e-9, "\(a.lists) \(b.lists)")
    }

    /// `axes = "horizontal"`: only the pages move, however deep the finger is in the bottom zone.
    @Test func horizontalOnly() {
        let order = boardOrder(40)
        let sim = DragSimulator(order: order, layout: board(order), viewport: phone,
                                policy: BoardPolicy(axes: .horizontal))
        sim.pressItem(pos(0, 2))
        sim.hold(0.75)
        sim.move(to: Point(x: 345, y: 660))
        sim.hold(0.5)
        #expect(abs(sim.offset.x - 225) < 1e-9)
        #expect((sim.layout as? BoardLayout)?.listOffsets == [0, 0, 0])
        expectInvariants(sim)
    }

    /// A row half hidden under its list's title is pressed where it shows.
    @Test func pressingARowHalfUnderTheTitle() {
        let order = boardOrder(20)
        let sim = DragSimulator(order: order, layout: board(order), viewport: phone, policy: BoardPolicy())
        sim.pressItem(pos(0, 0))
        sim.hold(0.75)
        sim.move(to: Point(x: 200, y: 660))           // 93 pt deep: 1860 pt/s
        sim.hold(0.25)                                  // 465 pt, then back out of the zone
        sim.move(to: Point(x: 200, y: 400))
        sim.release()
        sim.settle()
        let b = sim.layout as? BoardLayout
        #expect(abs((b?.listOffsets[0] ?? 0) - 465) < 1e-9)
        // Row 7 spans 40 + 420 − 465 = −5 ... 55: only its last 15 pt show below the 40 pt title.
        #expect(sim.visibleCenter(of: pos(0, 7)) == Point(x: 187.5, y: 47.5))
        #expect(sim.pressItem(pos(0, 7)))
        sim.hold(0.5)
        #expect(sim.originalPosition == pos(0, 7))
        // Row 6 is wholly under the title: it cannot be pressed.
        #expect(sim.visibleCenter(of: pos(0, 6)) == nil)
    }

    @Test func verticalScrollIsClampedToTheList() {
        let order = boardOrder(12)   // 720 pt of rows in a 627 pt band: 93 pt of scroll
        let sim = DragSimulator(order: order, layout: board(order), viewport: phone, policy: BoardPolicy())
        sim.pressItem(pos(0, 0))
        sim.hold(0.75)
        sim.move(to: Point(x: 200, y: 660))
        sim.hold(2)
        let b = sim.layout as? BoardLayout
        #expect(b?.listOffsets == [93, 0, 0])
        #expect(sim.offset == .zero)
        #expect(sim.currentPosition == pos(0, 11))     // the finger is over the last row
        expectInvariants(sim)
    }

    /// On release the offset glides to the nearest page with the drop (0.25 s ease-in-out) and
    /// lands exactly on it.
    @Test func releaseSnapsToTheNearestPageWithTheDrop() {
        let order = boardOrder(5)
        let sim = DragSimulator(order: order, layout: board(order), viewport: phone, policy: BoardPolicy())
        sim.pressItem(pos(0, 0))
        sim.hold(0.75)
        sim.move(to: Point(x: 370, y: 300))            // 70 deep: 700 pt/s
        sim.hold(0.3)                                   // 210 pt
        #expect(abs(sim.offset.x - 210) < 1e-9)
        sim.move(to: Point(x: 200, y: 300))            // out of the zone
        sim.release()
        #expect(sim.state == .dropping)
        sim.advance(0.15)                               // 9 frames: 60 % of the drop
        let eased = AnimationCurve.easeInOut.value(at: 0.6)
        #expect(abs(sim.offset.x - (210 + (335 - 210) * eased)) < 1e-9)
        sim.settle()
        #expect(sim.state == .idle)
        #expect(sim.offset == Point(x: 335, y: 0))
        expectInvariants(sim)
    }

    @Test func randomDragsKeepTheInvariants() {
        var rng = SplitMix64(seed: 3)
        for round in 0..<20 {
            let order = Order(sections: [rowItems(Int(rng.next() % 15), prefix: "a"), rowItems(Int(rng.next() % 15), prefix: "b"),
                                         rowItems(Int(rng.next() % 15), prefix: "c")])
            let policy = BoardPolicy(ramp: round % 2 == 0)
            policy.veto = round % 3 == 0
            let sim = DragSimulator(order: order, layout: board(order), viewport: phone, policy: policy)
            sim.press(at: Point(x: rng.double(in: 0...375), y: rng.double(in: 0...667)))
            sim.hold(0.6)
            for _ in 0..<30 {
                sim.move(to: Point(x: rng.double(in: -20...395), y: rng.double(in: -20...687)), over: 0.05)
                #expect(InvariantChecker.violations(of: sim.session) == [], "round \(round)")
            }
            if round % 4 == 1 { sim.cancel() } else { sim.release() }
            sim.settle()
            #expect(InvariantChecker.violations(of: sim.session) == [], "round \(round)")
            #expect(sim.order.totalCount == order.totalCount)
            let b = sim.layout as? BoardLayout
            // Every drag ends on a page (and nothing else moves the offset here).
            #expect(b.map { $0.pageOffset($0.page(nearest: sim.offset.x)) } == sim.offset.x)
        }
    }
}

/// `ctx.offset` on a board: x is the board's, y the scroll of the list the policy works in.
@Suite struct BoardContextOffsetTests {
    /// A vertical-only ``BoardPolicy`` that writes down the `ctx.offset` of its hooks.
    final class OffsetRecorder: DefaultPolicy {
        var pressed: [Point] = []
        var speeds: [Point] = []
        var targets: [Point] = []
        init() {
            var c = DefaultPolicy.standardConfiguration
            c.name = "offset_recorder"
            c.follow = .xy
            c.edgeScroll.axes = .vertical
            c.edgeScroll.reference = .finger
            super.init(configuration: c)
        }
        override func canMove(_ ctx: PolicyContext, at position: ItemPosition) -> Bool {
            pressed.append(ctx.offset)
            return true
        }
        override func edgeZone(_ ctx: PolicyContext, axis: Axis, viewportLength: Double) -> Double { 100 }
        override func scrollSpeed(_ ctx: PolicyContext, axis: Axis, depth: Double, zone: Double, elapsed: Double) -> Double {
            speeds.append(ctx.offset)
            return 20 * depth
        }
        override func target(_ ctx: PolicyContext, from: ItemPosition, proposed: ItemPosition) -> ItemPosition? {
            targets.append(ctx.offset)
            return proposed
        }
    }

    /// With no drag, the list of the page nearest the offset.
    @Test func idleSeesTheCurrentPagesList() {
        let order = boardOrder(40)
        let sim = DragSimulator(order: order, layout: board(order), viewport: phone, policy: OffsetRecorder())
        sim.setListOffsets([120, 300, 0])
        #expect(sim.layout.listOffsets == [120, 300, 0])
        #expect(sim.context.offset == Point(x: 0, y: 120))
        sim.setOffset(Point(x: 335, y: 0))
        #expect(sim.context.offset == Point(x: 335, y: 300))
        sim.setOffset(Point(x: 550, y: 0))          // nearer page 2 (670) than page 1 (335)
        #expect(sim.context.offset == Point(x: 550, y: 0))
        #expect(sim.offset == Point(x: 550, y: 0))   // the session's own offset keeps y = 0
    }

    /// Every speed call sees the dragged item's list as it was before the frame's step; the
    /// target hooks after the step see it scrolled.
    @Test func hooksSeeTheDraggedListsScroll() {
        let order = boardOrder(40)                  // 2400 pt of rows in a 627 pt band
        let recorder = OffsetRecorder()
        let sim = DragSimulator(order: order, layout: board(order), viewport: phone, policy: recorder)
        sim.setListOffsets([120, 300, 0])
        #expect(sim.pressItem(pos(0, 5)))
        sim.hold(0.75)
        #expect(sim.state == .dragging)
        #expect(recorder.pressed == [Point(x: 0, y: 120)])
        sim.move(to: Point(x: 200, y: 660))          // 93 pt deep: 1860 pt/s
        var before = sim.layout.listOffsets[0]
        for _ in 0..<20 {
            let speedCalls = recorder.speeds.count, targetCalls = recorder.targets.count
            sim.tick(1)
            let list = sim.currentPosition?.section ?? -1
            #expect(list == 0)
            let after = sim.layout.listOffsets[0]
            #expect(recorder.speeds.count == speedCalls + 1)
            #expect(recorder.speeds.last == Point(x: 0, y: before))
            if recorder.targets.count > targetCalls { #expect(recorder.targets.last == Point(x: 0, y: after)) }
            #expect(after > before)
            before = after
        }
        #expect(recorder.targets.count >= 10)        // 31 pt a frame over 60 pt rows
        #expect(sim.layout.listOffsets[1] == 300)    // the other lists stay put
        #expect(!recorder.speeds.contains { $0.y == 300 })
        expectInvariants(sim)
    }

    /// A table's hooks see the content offset itself, scrolled by the edge scroll.
    @Test func tablesSeeTheContentOffset() {
        let recorder = OffsetRecorder()
        let sim = tableSimulator([rowItems(100)], policy: recorder)
        #expect(sim.pressItem(pos(0, 2)))
        sim.hold(0.75)
        sim.move(to: Point(x: 100, y: 660))
        var before = sim.offset
        for _ in 0..<10 {
            sim.tick(1)
            #expect(recorder.speeds.last == before)
            before = sim.offset
        }
        #expect(sim.offset.y > 0)
        #expect(sim.layout.listOffsets == [])
    }

    /// List offsets are clamped to each list's rows; while a drag is under way they are not set.
    @Test func setListOffsetsClampsAndWaitsForIdle() {
        let order = boardOrder(40)
        let sim = DragSimulator(order: order, layout: board(order), viewport: phone, policy: OffsetRecorder())
        sim.setListOffsets([1e9, -5, .nan, 7])
        #expect(sim.layout.listOffsets == [1773, 0, 0])
        sim.setListOffsets([10])
        #expect(sim.layout.listOffsets == [10, 0, 0])
        sim.pressItem(pos(0, 3))
        sim.hold(0.75)
        #expect(sim.setListOffsets([0, 0, 0]) == .ignored)
        #expect(sim.layout.listOffsets == [10, 0, 0])
    }
}
