import Testing
@testable import ReorderCore

/// The home-button grid of the collection-view reference: itemSize ((375 − 50) / 4, 85),
/// minimumLineSpacing = minimumInteritemSpacing = 0.1.
func homeGrid(_ order: Order, width: Double = 375) -> GridLayout {
    GridLayout(order: order, width: width, itemSize: Size(width: (375 - 50) / 4, height: 85),
               interitemSpacing: 0.1, lineSpacing: 0.1)
}

/// Home-grid behaviour in Swift: move, centre distance, follow x and y, scale 1.05, no edge scroll.
final class HomeGridPolicy: DefaultPolicy {
    init() {
        var c = DefaultPolicy.standardConfiguration
        c.name = "home_grid"
        c.targetRule = .centerDistance
        c.follow = .xy
        c.edgeScroll.enabled = false
        c.snapshot.scale = 1.05
        super.init(configuration: c)
    }
}

@Suite struct GridLayoutTests {
    @Test func homeGridGeometry() {
        let grid = homeGrid(Order(sections: [rowItems(16)]))
        #expect(grid.columns == 4)
        // Full lines are justified: (375 − 4 × 81.25) / 3 between cells.
        #expect(grid.gap == 50.0 / 3)
        #expect(grid.frame(of: pos(0, 0)) == Rect(x: 0, y: 0, width: 81.25, height: 85))
        #expect(grid.frame(of: pos(0, 3)) == Rect(x: 3 * (81.25 + 50.0 / 3), y: 0, width: 81.25, height: 85))
        #expect(grid.frame(of: pos(0, 3))?.maxX == 375)
        #expect(grid.frame(of: pos(0, 4)) == Rect(x: 0, y: 85.1, width: 81.25, height: 85))
        #expect(grid.frame(of: pos(0, 16)) == nil)
        // 4 lines: 4 × 85 + 3 × 0.1.
        #expect(grid.contentSize == Size(width: 375, height: 4 * 85 + 3 * 0.1))
    }

    @Test func columnsFollowTheViewportWidth() {
        var grid = GridLayout(order: Order(sections: [rowItems(10)]), width: 375,
                              itemSize: Size(width: 100, height: 100), interitemSpacing: 10)
        #expect(grid.columns == 3)                       // 3 × 100 + 2 × 10 = 320 ≤ 375 < 430
        grid.setViewport(Size(width: 430, height: 600))
        #expect(grid.columns == 4)                       // exactly 4 × 100 + 3 × 10
        #expect(grid.gap == 10)
        #expect(grid.contentSize.height == 3 * 100)
        grid.setViewport(Size(width: 50, height: 600))
        #expect(grid.columns == 1)                       // never fewer than one
        #expect(grid.frame(of: pos(0, 9)) == Rect(x: 0, y: 900, width: 100, height: 100))
        let fixed = GridLayout(order: Order(sections: [rowItems(10)]), width: 375,
                               itemSize: Size(width: 50, height: 50), columns: 2)
        #expect(fixed.columns == 2)
        #expect(fixed.frame(of: pos(0, 3)) == Rect(x: 325, y: 50, width: 50, height: 50))
    }

    @Test func sectionsHeadersAndInsets() {
        let order = Order(sections: [rowItems(5, prefix: "a"), [], rowItems(2, prefix: "c")])
        let grid = GridLayout(order: order, width: 320, itemSize: Size(width: 100, height: 50),
                              interitemSpacing: 0, lineSpacing: 10,
                              sectionInsets: .init(top: 5, left: 10, bottom: 15, right: 10), headerHeight: 30)
        #expect(grid.columns == 3)
        #expect(grid.gap == 0)
        // Section 0: header 30, inset 5, 2 lines (50 + 10 + 50), inset 15 → 160.
        #expect(grid.frame(of: pos(0, 4)) == Rect(x: 110, y: 95, width: 100, height: 50))
        #expect(grid.headerFrame(of: 1) == Rect(x: 0, y: 160, width: 320, height: 30))
        // Section 1 is empty: header + insets = 50; section 2 starts at 210.
        #expect(grid.headerFrame(of: 2)?.minY == 210)
        #expect(grid.frame(of: pos(2, 1)) == Rect(x: 110, y: 245, width: 100, height: 50))
        #expect(grid.contentSize == Size(width: 320, height: 210 + 30 + 5 + 50 + 15))
        #expect(grid.position(at: Point(x: 50, y: 20)) == nil)     // a header
        #expect(grid.position(at: Point(x: 5, y: 40)) == nil)      // the left inset
        #expect(grid.position(at: Point(x: 50, y: 150)) == nil)    // bottom inset
        #expect(grid.position(at: Point(x: 50, y: 250)) == pos(2, 0))
    }

    /// Every cell owns exactly `[minX, maxX) × [minY, maxY)`, including at boundaries that are
    /// not representable (0.1 spacing, 50/3 gaps), and the gaps hit nothing.
    @Test(arguments: [375.0, 320.0, 414.0, 1024.0])
    func hitTestingIsExactAtBoundaries(width: Double) {
        let grid = homeGrid(Order(sections: [rowItems(23), rowItems(9, prefix: "s")]), width: width)
        for s in 0..<2 {
            for i in 0..<grid.count(s) {
                let p = pos(s, i)
                guard let f = grid.frame(of: p) else { Issue.record("no frame for \(p)"); continue }
                #expect(grid.position(at: f.origin) == p)
                #expect(grid.position(at: Point(x: f.maxX.nextDown, y: f.maxY.nextDown)) == p)
                #expect(grid.position(at: Point(x: f.minX.nextDown, y: f.midY)) != p)
                #expect(grid.position(at: Point(x: f.maxX, y: f.midY)) != p)
                #expect(grid.position(at: Point(x: f.midX, y: f.maxY)) != p)
                #expect(grid.position(at: Point(x: f.midX, y: f.minY.nextDown)) != p)
            }
        }
        // The gap right of the first cell, and the spacing below the first line.
        #expect(grid.position(at: Point(x: 81.25, y: 10)) == nil)
        #expect(grid.position(at: Point(x: 10, y: 85.05)) == nil)
        // Past the last cell of the last line.
        let last = grid.frame(of: pos(1, 8))!
        #expect(grid.position(at: Point(x: last.maxX + grid.gap + 1, y: last.midY)) == nil)
    }

    /// A grid without gaps: a shared edge belongs to the right / lower cell.
    @Test func sharedEdgesBelongToTheFollowingCell() {
        let grid = GridLayout(order: Order(sections: [rowItems(8)]), width: 325,
                              itemSize: Size(width: 81.25, height: 85), columns: 4)
        #expect(grid.gap == 0)
        #expect(grid.position(at: Point(x: 81.25, y: 0)) == pos(0, 1))
        #expect(grid.position(at: Point(x: 81.25.nextDown, y: 0)) == pos(0, 0))
        #expect(grid.position(at: Point(x: 0, y: 85)) == pos(0, 4))
        #expect(grid.position(at: Point(x: 0, y: 85.nextDown)) == pos(0, 0))
        #expect(grid.position(at: Point(x: 325, y: 0)) == nil)
        #expect(grid.position(at: Point(x: 0, y: 170)) == nil)
    }

    @Test func positionsInRectMatchABruteForceScan() {
        let order = Order(sections: [rowItems(30), rowItems(3, prefix: "x"), rowItems(11, prefix: "y")])
        let grid = GridLayout(order: order, width: 375, itemSize: Size(width: 81.25, height: 85),
                              interitemSpacing: 0.1, lineSpacing: 12, headerHeight: 20)
        expectPositionsInRectMatchAScan(grid, seed: 7, x: -50...400, y: -50...1500, width: 0.5...300, height: 0.5...600)
    }

    /// A million cells: a hit deep down is found by arithmetic (and agrees with the frame).
    @Test func millionCells() {
        let order = Order(sections: [rowItems(1_000_000)])
        let grid = homeGrid(order)
        let f = grid.frame(of: pos(0, 999_998))!
        #expect(f.minY == 249_999 * 85.1)
        #expect(grid.position(at: Point(x: f.midX, y: f.midY)) == pos(0, 999_998))
        #expect(grid.position(at: f.origin) == pos(0, 999_998))
        #expect(grid.positions(in: Rect(origin: Point(x: 0, y: f.minY), size: phone)).count == 4)   // the last line
        let g = grid.frame(of: pos(0, 999_960))!
        let visible = grid.positions(in: Rect(origin: Point(x: 0, y: g.minY), size: phone))
        #expect(visible.count == 4 * 8 && visible.first == pos(0, 999_960))   // 667 / 85.1: 8 lines
    }

    @Test func proposesTheEndOfASectionPastItsLastCell() {
        let order = Order(sections: [rowItems(6), rowItems(2, prefix: "b"), []])
        let grid = GridLayout(order: order, width: 400, itemSize: Size(width: 100, height: 100), headerHeight: 10)
        // Section 0: line 1 holds items 4 and 5; slots 6 and 7 are empty.
        #expect(grid.proposedPosition(at: Point(x: 250, y: 150), dragging: pos(0, 1)) == pos(0, 5))
        #expect(grid.proposedPosition(at: Point(x: 250, y: 150), dragging: pos(1, 0)) == pos(0, 6))
        #expect(grid.proposedPosition(at: Point(x: 150, y: 150), dragging: pos(1, 0)) == pos(0, 5))
        // The empty section 2 (header at 320..<330): its body is only insets (zero here), so its
        // header is its place and proposes its first cell (empty sections are targets,
        // as UITableView proposes (section, 0)).
        #expect(grid.proposedPosition(at: Point(x: 50, y: 325), dragging: pos(0, 0)) == pos(2, 0))
        // Headers of sections with cells propose nothing.
        #expect(grid.proposedPosition(at: Point(x: 50, y: 5), dragging: pos(1, 0)) == nil)
    }

    @Test func movesInsideASectionCostNothing() {
        let order = Order(sections: [rowItems(100), rowItems(10, prefix: "b"), rowItems(10, prefix: "c")])
        var grid = homeGrid(order)
        grid.didMove(from: pos(0, 1), to: pos(0, 90))
        #expect(grid.lastUpdateCost == 0)
        grid.didMove(from: pos(1, 1), to: pos(2, 0))
        #expect(grid.lastUpdateCost == 2)   // the tops of sections 1 and 2
        #expect(grid.count(1) == 9 && grid.count(2) == 11)
    }

    /// The reference's drag: the button at index 1 dragged onto index 10 under `move`.
    @Test(arguments: [60.0, 120.0])
    func homeGridDragMovesTheButton(frameRate: Double) {
        let order = Order(sections: [(1...16).map { Item("b\($0)") }])
        let sim = DragSimulator(order: order, layout: homeGrid(order), viewport: phone,
                                policy: HomeGridPolicy(), frameRate: frameRate)
        sim.pressItem(pos(0, 1))
        sim.hold(0.5)
        #expect(sim.state == .dragging)
        sim.hold(0.25)
        // Follows x and y: the snapshot centre is the finger.
        sim.move(to: Point(x: 200, y: 200), over: 0.2)
        #expect(sim.snapshot?.center == Point(x: 200, y: 200))
        expectInvariants(sim)
        let target = sim.layout.frame(of: pos(0, 10))!.center
        sim.move(to: target, over: 0.5)
        expectInvariants(sim)
        #expect(sim.currentPosition == pos(0, 10))
        sim.release()
        sim.settle()
        #expect(sim.order.ids[0] == ["b1", "b3", "b4", "b5", "b6", "b7", "b8", "b9", "b10", "b11", "b2",
                                     "b12", "b13", "b14", "b15", "b16"])
        expectInvariants(sim)
    }

    /// A grid wider than the viewport (8 fixed columns of 100 pt) scrolls its content offset on
    /// both axes at once, the same distances at 60 and 120 Hz (speeds linear in time).
    @Test func bothAxesScrollAWideGridFrameRateIndependently() {
        func run(_ rate: Double) -> Point {
            let order = Order(sections: [rowItems(200)])
            let grid = GridLayout(order: order, width: 375, itemSize: Size(width: 100, height: 100), columns: 8)
            let sim = DragSimulator(order: order, layout: grid, viewport: phone, policy: BoardPolicy(ramp: true),
                                    frameRate: rate)
            #expect(sim.layout.contentSize == Size(width: 800, height: 2500))
            sim.pressItem(pos(0, 1))
            sim.hold(0.75)
            sim.move(to: Point(x: 345, y: 627))   // 45 pt into the right zone, 60 into the bottom
            sim.hold(0.5)
            expectInvariants(sim)
            return sim.offset
        }
        // ∫ 450 × 2t dt and ∫ 1200 × 2t dt over 0.5 s.
        for offset in [run(60), run(120)] {
            #expect(abs(offset.x - 112.5) < 1e-9 && abs(offset.y - 300) < 1e-9, "\(offset)")
        }
    }

    /// Centre distance uses half the snapshot's unscaled width (the reference compares with
    /// `bounds.size.width / 2`, which the 1.05 scale transform does not change).
    @Test func centerDistanceUsesTheBoundsWidth() {
        let order = Order(sections: [rowItems(8)])
        let sim = DragSimulator(order: order, layout: homeGrid(order), viewport: phone, policy: HomeGridPolicy())
        sim.pressItem(pos(0, 0))
        sim.hold(0.75)
        let c = sim.layout.frame(of: pos(0, 1))!.center
        // 41 pt left of cell 1's centre: within 81.25 × 1.05 / 2 = 42.66, not within 40.625.
        sim.move(to: Point(x: c.x - 41, y: c.y))
        #expect(sim.currentPosition == pos(0, 0))
        sim.move(to: Point(x: c.x - 40.5, y: c.y))
        #expect(sim.currentPosition == pos(0, 1))
    }
}
