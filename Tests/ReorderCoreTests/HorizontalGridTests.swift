import Testing
@testable import ReorderCore

/// Horizontal grids: `UICollectionViewFlowLayout` with `scrollDirection =
/// .horizontal`. Columns fill top to bottom, then the next column to the right; the content
/// grows to the right; sections follow to the right with their header band at their left.
@Suite struct HorizontalGridTests {
    /// The strip of the issue: 12 cells of 80 × 80 pt in a 375 × 100 viewport.
    static func strip(_ n: Int = 12) -> GridLayout {
        GridLayout(order: Order(sections: [rowItems(n)]), width: 100, itemSize: Size(width: 80, height: 80),
                   direction: .horizontal)
    }

    /// Two cells per column: 60 × 40 pt cells, 0.1 pt between the cells of a column, 0.3 pt
    /// between columns, a 100 pt high viewport: floor((100 + 0.1) / (40 + 0.1)) = 2 rows,
    /// justified: the gap is (100 − 2 × 40) / 1 = 20 pt.
    static func twoLines(_ sections: [[Item]] = [rowItems(23), rowItems(9, prefix: "s")],
                         height: Double = 100, headerHeight: Double = 0) -> GridLayout {
        GridLayout(order: Order(sections: sections), width: height, itemSize: Size(width: 60, height: 40),
                   interitemSpacing: 0.1, lineSpacing: 0.3, headerHeight: headerHeight, direction: .horizontal)
    }

    @Test func aStripIsOneCellPerColumn() {
        let strip = Self.strip()
        // One 80 pt cell fits 100 pt (two need 160): one row; a single cell has no gap.
        #expect(strip.columns == 1)
        #expect(strip.gap == 0)
        #expect(strip.itemSize == Size(width: 80, height: 80))
        for i in 0..<12 {
            #expect(strip.frame(of: pos(0, i)) == Rect(x: Double(i) * 80, y: 0, width: 80, height: 80))
        }
        // 12 × 80 = 960 wide; as high as the viewport (100 > 80).
        #expect(strip.contentSize == Size(width: 960, height: 100))
        #expect(strip.position(at: Point(x: 240, y: 10)) == pos(0, 3))
        #expect(strip.position(at: Point(x: 239.9, y: 79.9)) == pos(0, 2))
        #expect(strip.position(at: Point(x: 240, y: 80)) == nil)      // below the cells
        #expect(strip.position(at: Point(x: 960, y: 10)) == nil)      // past the content's end
        #expect(strip.headerFrame(of: 0) == Rect(x: 0, y: 0, width: 0, height: 100))
    }

    @Test func columnsFillTopToBottomThenRight() {
        let grid = Self.twoLines()
        #expect(grid.columns == 2)
        #expect(grid.gap == 20)
        // Item 0 top-left, item 1 below it (40 + 20), item 2 starts the next column (60 + 0.3).
        #expect(grid.frame(of: pos(0, 0)) == Rect(x: 0, y: 0, width: 60, height: 40))
        #expect(grid.frame(of: pos(0, 1)) == Rect(x: 0, y: 60, width: 60, height: 40))
        #expect(grid.frame(of: pos(0, 2)) == Rect(x: 60.3, y: 0, width: 60, height: 40))
        #expect(grid.frame(of: pos(0, 22)) == Rect(x: 11 * 60.3, y: 0, width: 60, height: 40))
        // Section 0: 12 columns (23 cells), 12 × 60 + 11 × 0.3 = 723.3; section 1 follows: 5
        // columns, 5 × 60 + 4 × 0.3 = 301.2.
        #expect(grid.frame(of: pos(1, 0))?.minX == 723.3)
        #expect(grid.contentSize == Size(width: 723.3 + 301.2, height: 100))
    }

    /// The vertical `sectionsHeadersAndInsets` case turned: every number is the vertical one
    /// with x and y swapped (header band 30 pt wide at the left, insets turned).
    @Test func sectionsFollowToTheRightWithInsetsTurned() {
        let order = Order(sections: [rowItems(5, prefix: "a"), [], rowItems(2, prefix: "c")])
        let grid = GridLayout(order: order, width: 320, itemSize: Size(width: 50, height: 100),
                              interitemSpacing: 0, lineSpacing: 10,
                              sectionInsets: .init(top: 10, left: 5, bottom: 10, right: 15), headerHeight: 30,
                              direction: .horizontal)
        // (320 − 10 − 10) / 100 = 3 rows, no gap.
        #expect(grid.columns == 3)
        #expect(grid.sectionInsets == .init(top: 10, left: 5, bottom: 10, right: 15))
        // Item 4: column 1, row 1: x = 30 (header) + 5 (left) + 60, y = 10 (top) + 100.
        #expect(grid.frame(of: pos(0, 4)) == Rect(x: 95, y: 110, width: 50, height: 100))
        // Section 0: 30 + 5 + (50 + 10 + 50) + 15 = 160 wide; section 1 is empty: 30 + 5 + 15.
        #expect(grid.headerFrame(of: 1) == Rect(x: 160, y: 0, width: 30, height: 320))
        #expect(grid.headerFrame(of: 2)?.minX == 210)
        #expect(grid.frame(of: pos(2, 1)) == Rect(x: 245, y: 110, width: 50, height: 100))
        #expect(grid.contentSize == Size(width: 210 + 30 + 5 + 50 + 15, height: 320))
        #expect(grid.position(at: Point(x: 20, y: 50)) == nil)     // a header band
        #expect(grid.position(at: Point(x: 40, y: 5)) == nil)      // the top inset
        #expect(grid.position(at: Point(x: 150, y: 50)) == nil)    // right inset
        #expect(grid.position(at: Point(x: 250, y: 50)) == pos(2, 0))
    }

    /// Every cell owns exactly `[minX, maxX) × [minY, maxY)` of a two-line horizontal grid,
    /// with 0.1 and 0.3 pt spacings (not representable) and 20 pt justified gaps.
    /// At 101.3 pt the gap is 21.3 pt; both heights are under the 120.2 pt three rows need.
    @Test(arguments: [100.0, 101.3])
    func hitTestingIsExactAtEveryItemsFirstAndLastPoint(height: Double) {
        let grid = Self.twoLines(height: height, headerHeight: 12)
        #expect(grid.columns == 2)
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
    }

    @Test func positionsInRectMatchABruteForceScan() {
        let grid = Self.twoLines([rowItems(30), rowItems(3, prefix: "x"), rowItems(11, prefix: "y")], headerHeight: 20)
        expectPositionsInRectMatchAScan(grid, seed: 21, x: -50...1500, y: -50...150, width: 0.5...600, height: 0.5...120)
    }

    /// Past the last cell of a section's last column: that section's end (an append from
    /// another section), as the vertical grid's last line.
    @Test func theLastColumnsEmptySlotsProposeTheSectionsEnd() {
        let grid = Self.twoLines()
        // Item 22 is alone in column 11 (22 = 11 × 2 + 0); the slot below it is empty.
        let empty = Point(x: 11 * 60.3 + 10, y: 70)
        #expect(grid.position(at: empty) == nil)
        #expect(grid.proposedPosition(at: empty, dragging: pos(0, 3)) == pos(0, 22))
        #expect(grid.proposedPosition(at: empty, dragging: pos(1, 0)) == pos(0, 23))
        // The 20 pt gap between the rows is no slot.
        #expect(grid.proposedPosition(at: Point(x: 11 * 60.3 + 10, y: 50), dragging: pos(0, 3)) == nil)
    }

    @Test func theViewportHeightFitsTheRows() {
        var grid = Self.twoLines()
        // 200 pt: floor((200 + 0.1) / 40.1) = 4 rows; 23 cells in 6 columns.
        grid.setViewport(Size(width: 375, height: 200))
        #expect(grid.columns == 4)
        #expect(grid.width == 200)
        #expect(grid.frame(of: pos(0, 4)) == Rect(x: 60.3, y: 0, width: 60, height: 40))
        #expect(grid.frame(of: pos(1, 0))?.minX == 6 * 60 + 5 * 0.3)
        // A wider viewport alone changes nothing: the columns are fitted to the height.
        grid.setViewport(Size(width: 1000, height: 200))
        #expect(grid.columns == 4)
        // Built from the session options, a horizontal grid takes the viewport's height.
        let built = LayoutKind.grid.makeLayout(order: Order(sections: [rowItems(12)]), viewport: Size(width: 375, height: 100),
                                               grid: ["item_width": 80, "item_height": 80], gridDirection: .horizontal)
        #expect(built.frame(of: pos(0, 11)) == Rect(x: 880, y: 0, width: 80, height: 80))
        #expect(built.contentSize == Size(width: 960, height: 100))
    }

    /// Any horizontal grid is the vertical grid with sizes, insets and the viewport turned:
    /// every frame, header and hit mirrors across the diagonal (random shapes, seed 2121).
    @Test func aHorizontalGridIsTheVerticalOneTurned() {
        var rng = SplitMix64(seed: 2121)
        for _ in 0..<40 {
            let sections = (0..<Int(rng.double(in: 1...4))).map { s in rowItems(Int(rng.double(in: 0...30)), prefix: "s\(s)r") }
            let order = Order(sections: sections)
            let w = rng.double(in: 20...150), h = rng.double(in: 20...150)
            let insets = GridLayout.Insets(top: rng.double(in: 0...20), left: rng.double(in: 0...20),
                                           bottom: rng.double(in: 0...20), right: rng.double(in: 0...20))
            let turnedInsets = GridLayout.Insets(top: insets.left, left: insets.top, bottom: insets.right, right: insets.bottom)
            let spacing = rng.double(in: 0...12), lineSpacing = rng.double(in: 0...12), header = rng.double(in: 0...30)
            let across = rng.double(in: 100...700)
            let horizontal = GridLayout(order: order, width: across, itemSize: Size(width: w, height: h),
                                        interitemSpacing: spacing, lineSpacing: lineSpacing, sectionInsets: insets,
                                        headerHeight: header, direction: .horizontal)
            let vertical = GridLayout(order: order, width: across, itemSize: Size(width: h, height: w),
                                      interitemSpacing: spacing, lineSpacing: lineSpacing, sectionInsets: turnedInsets,
                                      headerHeight: header)
            func turn(_ r: Rect?) -> Rect? { r.map { Rect(x: $0.minY, y: $0.minX, width: $0.size.height, height: $0.size.width) } }
            #expect(horizontal.columns == vertical.columns)
            #expect(horizontal.contentSize == Size(width: vertical.contentSize.height, height: vertical.contentSize.width))
            for s in 0..<order.sectionCount {
                #expect(horizontal.headerFrame(of: s) == turn(vertical.headerFrame(of: s)))
                for i in 0..<order.count(s) {
                    #expect(horizontal.frame(of: pos(s, i)) == turn(vertical.frame(of: pos(s, i))))
                }
            }
            for _ in 0..<50 {
                let p = Point(x: rng.double(in: -10...2000), y: rng.double(in: -10...across + 10))
                #expect(horizontal.position(at: p) == vertical.position(at: Point(x: p.y, y: p.x)))
                #expect(horizontal.proposedPosition(at: p, dragging: pos(0, 0))
                        == vertical.proposedPosition(at: Point(x: p.y, y: p.x), dragging: pos(0, 0)))
            }
        }
    }

    /// A million cells in a strip: the frame and the hit are arithmetic, far to the right.
    @Test func millionCellStrip() {
        let strip = Self.strip(1_000_000)
        let f = strip.frame(of: pos(0, 999_999))
        #expect(f == Rect(x: 999_999 * 80, y: 0, width: 80, height: 80))
        #expect(strip.position(at: Point(x: 999_999 * 80 + 1, y: 1)) == pos(0, 999_999))
        #expect(strip.positions(in: Rect(x: 80_000, y: 0, width: 375, height: 100)).map(\.item) == Array(1000...1004))
    }

    /// The move and exchange of the issue on the strip, in Swift: the finger jumps from item 1
    /// onto item 4 within one frame (the Lua spec pins the same through the session API).
    @Test(arguments: [(Semantics.move, ["r1", "r2", "r3", "r0"]), (.exchange, ["r3", "r1", "r2", "r0"])])
    func aJumpFromItemOneOntoItemFour(semantics: Semantics, expected: [String]) {
        let order = Order(sections: [rowItems(12)])
        let layout = Self.strip()
        let policy = PlainPolicy(semantics: semantics)
        var session = DragSession(order: order, layout: layout, viewport: Size(width: 375, height: 100))
        session.touchDown(at: Point(x: 40, y: 40), time: 0, policy: policy)
        session.frame(time: 1, policy: policy)
        #expect(session.state == .dragging)
        // Item 4's centre: 3 × 80 + 40.
        session.touchMove(to: Point(x: 280, y: 40), time: 1.01, policy: policy)
        session.frame(time: 1.01, policy: policy)
        #expect(Array(session.order.items[0].prefix(5).map(\.id)) == expected + ["r4"])
        #expect(session.currentPosition == pos(0, 3))
        expectInvariants(session)
    }
}

/// A step across a grid's sections can take a line off the content; the offset must stay
/// within it (`reorder fuzz default --layout grid --seed 9` found an offset 40 pt past the end).
@Suite struct GridContentShrinkTests {
    /// Two 100 × 50 pt columns in a 200 × 100 viewport: sections {a0, a1, a2} (2 lines) and {b0}
    /// (1 line): 150 pt of content, scrolled to its end (50). Moving a2 into section 1 leaves
    /// one line each: 100 pt, so the largest offset is 0.
    @Test(arguments: [GridLayout.Direction.vertical, .horizontal])
    func aStepThatShortensTheContentClampsTheOffset(direction: GridLayout.Direction) {
        let order = Order(sections: [[Item("a0"), Item("a1"), Item("a2")], [Item("b0")]])
        let vertical = direction == .vertical
        // The horizontal case is the same grid turned: 50 × 100 pt cells, two per column.
        let layout = GridLayout(order: order, width: vertical ? 200 : 200,
                                itemSize: vertical ? Size(width: 100, height: 50) : Size(width: 50, height: 100),
                                direction: direction)
        let viewport = vertical ? Size(width: 200, height: 100) : Size(width: 100, height: 200)
        func turn(_ x: Double, _ y: Double) -> Point { vertical ? Point(x: x, y: y) : Point(x: y, y: x) }
        let policy = PlainPolicy()
        var session = DragSession(order: order, layout: layout, viewport: viewport)
        session.setOffset(turn(0, 50))
        #expect(session.offset == turn(0, 50))
        // a2 at content (50, 75): viewport (50, 25).
        session.touchDown(at: turn(50, 25), time: 0, policy: policy)
        session.frame(time: 0.6, policy: policy)
        #expect(session.state == .dragging)
        // The empty slot right of b0: content (150, 125), viewport (150, 75): an append.
        session.touchMove(to: turn(150, 75), time: 0.7, policy: policy)
        session.frame(time: 0.7, policy: policy)
        #expect(session.order.items.map { $0.map(\.id) } == [["a0", "a1"], ["b0", "a2"]])
        #expect(session.layout.contentSize == (vertical ? Size(width: 200, height: 100) : Size(width: 100, height: 200)))
        #expect(session.offset == .zero)
        expectInvariants(session)
        session.touchUp(time: 0.8, policy: policy)
        session.frame(time: 1.2, policy: policy)
        #expect(session.state == .idle)
        #expect(session.order.items.map { $0.map(\.id) } == [["a0", "a1"], ["b0", "a2"]])
        expectInvariants(session)
    }
}
