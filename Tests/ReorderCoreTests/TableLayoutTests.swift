import Testing
@testable import ReorderCore

@Suite struct TableLayoutTests {
    @Test func uniformRowsFramesAndContent() {
        let order = Order(sections: [rowItems(100)])
        let t = TableLayout(order: order, width: 375, rowHeight: 44)
        #expect(t.contentSize == Size(width: 375, height: 4400))
        #expect(t.frame(of: pos(0, 0)) == Rect(x: 0, y: 0, width: 375, height: 44))
        #expect(t.frame(of: pos(0, 99)) == Rect(x: 0, y: 4356, width: 375, height: 44))
        #expect(t.frame(of: pos(0, 100)) == nil)
        #expect(t.frame(of: pos(1, 0)) == nil)
        #expect(t.position(at: Point(x: 0, y: 0)) == pos(0, 0))
        #expect(t.position(at: Point(x: 374.9, y: 43.999)) == pos(0, 0))
        #expect(t.position(at: Point(x: 10, y: 44)) == pos(0, 1))
        #expect(t.position(at: Point(x: 10, y: 4399.99)) == pos(0, 99))
        #expect(t.position(at: Point(x: 10, y: 4400)) == nil)
        #expect(t.position(at: Point(x: 375, y: 10)) == nil)
        #expect(t.position(at: Point(x: -0.01, y: 10)) == nil)
        #expect(t.position(at: Point(x: 10, y: -0.01)) == nil)
    }

    /// Sections with headers and per-row heights: every first and last pixel is exact.
    @Test func variableHeightsAreExactAtEveryBoundary() {
        func item(_ id: String, _ h: Double?) -> Item {
            Item(id: id, fields: h.map { ["height": .number($0)] } ?? [:])
        }
        let order = Order(sections: [
            [item("a", 30), item("b", nil), item("c", 50.5)],
            [],
            [item("d", 0), item("e", 10.25), item("f", nil)],
        ])
        let t = TableLayout(order: order, width: 320, rowHeight: 44, headerHeights: [20, 16, 8])
        // Header 0: [0, 20); a [20, 50); b [50, 94); c [94, 144.5); header 1 [144.5, 160.5);
        // header 2 [160.5, 168.5); d zero height at 168.5; e [168.5, 178.75); f [178.75, 222.75).
        #expect(t.hasVariableHeights)
        #expect(t.contentSize == Size(width: 320, height: 222.75))
        #expect(t.headerFrame(of: 0) == Rect(x: 0, y: 0, width: 320, height: 20))
        #expect(t.headerFrame(of: 1) == Rect(x: 0, y: 144.5, width: 320, height: 16))
        #expect(t.headerFrame(of: 2) == Rect(x: 0, y: 160.5, width: 320, height: 8))
        #expect(t.headerFrame(of: 3) == nil)
        let expected: [(ItemPosition, Double, Double)] = [
            (pos(0, 0), 20, 30), (pos(0, 1), 50, 44), (pos(0, 2), 94, 50.5),
            (pos(2, 1), 168.5, 10.25), (pos(2, 2), 178.75, 44),
        ]
        for (p, y, h) in expected {
            #expect(t.frame(of: p) == Rect(x: 0, y: y, width: 320, height: h))
            #expect(t.position(at: Point(x: 5, y: y)) == p, "first pixel of \(p)")
            #expect(t.position(at: Point(x: 5, y: (y + h).nextDown)) == p, "last pixel of \(p)")
        }
        #expect(t.frame(of: pos(2, 0)) == Rect(x: 0, y: 168.5, width: 320, height: 0))
        // Headers and the pixel rows just before them.
        for (s, top, h) in [(0, 0.0, 20.0), (1, 144.5, 16.0), (2, 160.5, 8.0)] {
            #expect(t.position(at: Point(x: 5, y: top)) == nil, "first pixel of header \(s)")
            #expect(t.position(at: Point(x: 5, y: (top + h).nextDown)) == nil, "last pixel of header \(s)")
        }
        #expect(t.position(at: Point(x: 5, y: 144.5.nextDown)) == pos(0, 2))
        #expect(t.position(at: Point(x: 5, y: 222.75)) == nil)
        #expect(t.position(at: Point(x: 5, y: 222.75.nextDown)) == pos(2, 2))
    }

    @Test func visiblePositionsIntersectTheRect() {
        let order = Order(sections: [rowItems(3), rowItems(4, prefix: "s")])
        let t = TableLayout(order: order, width: 100, rowHeight: 10, headerHeight: 5)
        // Section 0: header [0,5), rows [5,35); section 1: header [35,40), rows [40,80).
        #expect(t.positions(in: Rect(x: 0, y: 0, width: 100, height: 5)) == [])
        #expect(t.positions(in: Rect(x: 0, y: 14, width: 100, height: 1)) == [pos(0, 0)])
        #expect(t.positions(in: Rect(x: 0, y: 15, width: 100, height: 30)) == [pos(0, 1), pos(0, 2), pos(1, 0)])
        #expect(t.positions(in: Rect(x: 0, y: 0, width: 100, height: 1000)).count == 7)
        #expect(t.positions(in: Rect(x: 200, y: 0, width: 100, height: 1000)) == [])
    }

    @Test func heightsTravelWithItems() {
        let order = Order(sections: [[Item(id: "tall", fields: ["height": .number(100)]), Item("a"), Item("b")]])
        var t = TableLayout(order: order, width: 100, rowHeight: 20)
        t.didMove(from: pos(0, 0), to: pos(0, 2))
        #expect(t.frame(of: pos(0, 0)) == Rect(x: 0, y: 0, width: 100, height: 20))
        #expect(t.frame(of: pos(0, 2)) == Rect(x: 0, y: 40, width: 100, height: 100))
        t.didExchange(pos(0, 2), pos(0, 0))
        #expect(t.frame(of: pos(0, 0)) == Rect(x: 0, y: 0, width: 100, height: 100))
        #expect(t.frame(of: pos(0, 1)) == Rect(x: 0, y: 100, width: 100, height: 20))
        #expect(t.contentSize.height == 140)
    }

    @Test func crossSectionMovesKeepSectionsConsistent() {
        let order = Order(sections: [[Item(id: "tall", fields: ["height": .number(100)]), Item("a")], [Item("b")]])
        var t = TableLayout(order: order, width: 100, rowHeight: 20, headerHeight: 10)
        t.didMove(from: pos(0, 0), to: pos(1, 1))
        #expect(t.count(0) == 1 && t.count(1) == 2)
        #expect(t.headerFrame(of: 1) == Rect(x: 0, y: 30, width: 100, height: 10))
        #expect(t.frame(of: pos(1, 1)) == Rect(x: 0, y: 60, width: 100, height: 100))
        #expect(t.contentSize.height == 160)
        t.didExchange(pos(1, 1), pos(0, 0))
        #expect(t.frame(of: pos(0, 0)) == Rect(x: 0, y: 10, width: 100, height: 100))
        #expect(t.headerFrame(of: 1) == Rect(x: 0, y: 110, width: 100, height: 10))
        #expect(t.frame(of: pos(1, 1)) == Rect(x: 0, y: 140, width: 100, height: 20))
    }

    /// A million rows: hit testing does a logarithmic number of comparisons, a 3-row move
    /// rewrites 4 prefix sums.
    @Test func millionRowsStayLogarithmic() {
        var items = rowItems(1_000_000)
        items[0] = Item(id: "first", fields: ["height": .number(60)])
        var order = Order(sections: [items])
        var t = TableLayout(order: order, width: 375, rowHeight: 44)
        #expect(t.hasVariableHeights)
        let y = 60 + 44 * 499_999.0 + 1
        let hit = t.positionCountingSteps(at: Point(x: 1, y: y))
        #expect(hit.position == pos(0, 500_000))
        #expect(hit.steps <= 21)
        let moved = order.move(from: pos(0, 500_000), to: pos(0, 500_003))
        #expect(moved)
        t.didMove(from: pos(0, 500_000), to: pos(0, 500_003))
        #expect(t.lastUpdateCost == 4)
        #expect(order.item(at: pos(0, 500_003)).id == "r500000")
        #expect(t.frame(of: pos(0, 999_999)) == Rect(x: 0, y: 60 + 44 * 999_998.0, width: 375, height: 44))

        let uniform = TableLayout(order: Order(sections: [rowItems(1_000_000)]), width: 375, rowHeight: 44)
        let u = uniform.positionCountingSteps(at: Point(x: 1, y: 44 * 765_432.0 + 43.5))
        #expect(u.position == pos(0, 765_432))
        #expect(u.steps <= 3)
    }
}
