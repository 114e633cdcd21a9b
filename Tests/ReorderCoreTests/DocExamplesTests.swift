import Testing
@testable import ReorderCore

/// The examples in the doc comments, run as written.
@Suite struct DocExamplesTests {
    @Test func dragSessionExample() {
        let order = Order(sections: [(0..<100).map { Item("row \($0)") }])
        var session = DragSession(order: order,
                                  layout: TableLayout(order: order, width: 375, rowHeight: 44),
                                  viewport: Size(width: 375, height: 667))
        let policy = JXMovablePolicy()
        session.touchDown(at: Point(x: 100, y: 22), time: 0, policy: policy)
        session.frame(time: 1.0, policy: policy)
        session.touchMove(to: Point(x: 100, y: 120), time: 1.1, policy: policy)
        session.frame(time: 1.1, policy: policy)
        #expect(session.order.ids[0].prefix(3) == ["row 2", "row 1", "row 0"])
        session.touchUp(time: 1.2, policy: policy)
        #expect(session.takeEvents().map(\.typeName) == ["begin", "move", "end"])
        #expect(session.events == [])
    }

    @Test func dragSimulatorExample() {
        let sim = DragSimulator(sections: [(1...100).map { Item("row \($0)") }],
                                viewport: Size(width: 375, height: 667), policy: JXMovablePolicy())
        #expect(sim.drag(from: ItemPosition(section: 0, item: 0), to: ItemPosition(section: 0, item: 3)))
        #expect(sim.order.ids[0].prefix(4) == ["row 2", "row 3", "row 4", "row 1"])
        #expect(sim.events.map(\.typeName) == ["begin", "move", "move", "move", "end"])
    }

    /// docs/ADAPTERS.md's loop, whose block is the code between the two marker lines
    /// (`DocBlockLedgerTests.theAdapterLoopIsThisTest` compares them).
    @Test func adapterLoopExample() throws {
        var scenes: [Scene] = []
        func draw(_ scene: Scene) { scenes.append(scene) }
        // docs/ADAPTERS.md: begin
        let order = Order(sections: [(1...50).map { Item("row \($0)") }])
        var session = DragSession(order: order,
                                  layout: TableLayout(order: order, width: 375, rowHeight: 44),
                                  viewport: Size(width: 375, height: 667))
        let policy = DefaultPolicy()          // or LuaPolicy(path: "pinned.lua") from ReorderLua

        // The touch goes in at once: the engine times the press (0.5 s for `default`).
        session.touchDown(at: Point(x: 100, y: 66), time: 0, policy: policy)   // on "row 2"
        var time = 0.0
        func tick() {                         // the display link: one frame, then draw its scene
            time += 1.0 / 60
            session.frame(time: time, policy: policy)
            let scene = session.scene(at: time, policy: policy)
            draw(scene)
        }
        for _ in 0..<45 { tick() }            // the press, then the lift
        session.touchMove(to: Point(x: 100, y: 200), time: time, policy: policy)
        tick()
        session.touchUp(time: time, policy: policy)
        for _ in 0..<20 { tick() }            // the drop animation
        let events = session.takeEvents()     // for the data source: begin, move ..., end
        // docs/ADAPTERS.md: end
        #expect(scenes.count == 66)
        #expect(events.map(\.typeName) == ["begin", "move", "end"])
        #expect(session.order.ids[0].prefix(6) == ["row 1", "row 3", "row 4", "row 5", "row 2", "row 6"])
        let lifted = try #require(scenes[45].snapshot)
        #expect(lifted.title == "row 2")
        #expect(lifted.state.scale == 1.05)
        #expect(scenes.last?.snapshot == nil)
    }

    @Test func layoutExamples() {
        let order = Order(sections: [(0..<100).map { Item("row \($0)") }])
        let table = TableLayout(order: order, width: 375, rowHeight: 44)
        #expect(table.position(at: Point(x: 10, y: 88)) == ItemPosition(section: 0, item: 2))
        #expect(table.frame(of: ItemPosition(section: 0, item: 2))?.description == "[0.0, 88.0, 375.0, 44.0]")

        let o2 = Order(sections: [[Item("a"), Item(id: "b", fields: ["height": .number(80)])]])
        let t2 = TableLayout(order: o2, width: 320, rowHeight: 44, headerHeight: 28)
        #expect(t2.frame(of: ItemPosition(section: 0, item: 1))?.description == "[0.0, 72.0, 320.0, 80.0]")
        #expect(t2.position(at: Point(x: 0, y: 27.5)) == nil)
        #expect(t2.contentSize.description == "320.0x152.0")
    }

    /// Geometry.swift's examples: ``Point`` and ``Size`` read and written by axis, zero, sum and
    /// difference, all from ``AxisPair``.
    @Test func geometryExamples() {
        let finger = Point(x: 120, y: 210)
        #expect(finger[.vertical] == 210)
        #expect(finger[.horizontal] == 120)
        #expect((finger - Point(x: 20, y: 10)).description == "(100.0, 200.0)")
        #expect(finger + .zero == finger)
        let viewport = Size(width: 375, height: 667)
        #expect(viewport[.horizontal] == 375)
        #expect(viewport[.vertical] == 667)
        var p = Point(x: 3, y: 4)
        p[.vertical] += 1
        #expect(p.description == "(3.0, 5.0)")
        p[.horizontal] = -1
        #expect(p == Point(x: -1, y: 5))
        #expect((Size.zero + Size(width: 2, height: 1)).description == "2.0x1.0")
        #expect(Size(width: 5, height: 3) - Size(width: 2, height: 1) == Size(width: 3, height: 2))
        #expect(Point.zero == Point(x: 0, y: 0))
        #expect(Rect(origin: .zero, size: .zero) == Rect.zero)
    }

    @Test func policyExamples() {
        #expect(UIKitPolicy().configuration.name == "uikit")
        #expect(NativePolicies.names == ["default", "jx_movable", "uikit"])
        #expect(NativePolicies.named("jx_movable") is JXMovablePolicy)
        #expect(TraceInput.down(0, Point(x: 120, y: 210)).typeName == "down")
        #expect(TraceInput(typeName: "move", time: 1, point: Point(x: 1, y: 2)) == .move(1, Point(x: 1, y: 2)))
        #expect(TraceInput(typeName: "down", time: 1) == nil)
        #expect(TraceInput(typeName: "jump", time: 1) == nil)
    }

    /// A step of a drag on a million-row table mutates the section in place: no O(n) copy.
    @Test func sessionStepsDoNotCopyTheOrder() {
        let order = Order(sections: [rowItems(1_000_000)])
        var session = DragSession(order: order, layout: TableLayout(order: order, width: 375, rowHeight: 44),
                                  viewport: phone)
        let policy = PlainPolicy()
        session.setOffset(Point(x: 0, y: 44 * 500_000))
        session.touchDown(at: Point(x: 10, y: 22), time: 0, policy: policy)
        session.frame(time: 0.5, policy: policy)
        #expect(session.currentPosition == pos(0, 500_000))
        func address() -> UnsafeRawPointer? {
            session.order.sections[0].withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        }
        session.touchMove(to: Point(x: 10, y: 22 + 3 * 44), time: 0.6, policy: policy)
        session.frame(time: 0.6, policy: policy)   // first step: the press-time copy shared with `order` goes
        let before = address()
        session.touchMove(to: Point(x: 10, y: 22 + 6 * 44), time: 0.7, policy: policy)
        session.frame(time: 0.7, policy: policy)
        #expect(session.currentPosition == pos(0, 500_006))
        #expect(address() == before)
        #expect(session.order.item(at: pos(0, 500_006)).id == "r500000")
    }

    /// TableLayout.proposedPosition(at:dragging:) and Layout.hasUniformItemSizes.
    @Test func emptySectionAndUniformSizeExamples() {
        let order = Order(sections: [[Item("a")], [], [Item("d")]])
        let table = TableLayout(order: order, width: 320, rowHeight: 44, headerHeight: 28)
        #expect(table.headerFrame(of: 1) == Rect(x: 0, y: 72, width: 320, height: 28))
        #expect(table.proposedPosition(at: Point(x: 10, y: 80), dragging: ItemPosition(section: 0, item: 0))
                == ItemPosition(section: 1, item: 0))
        let tall = Order(sections: [[Item("a"), Item(id: "big", fields: ["height": .number(200)])]])
        #expect(!TableLayout(order: tall, width: 320).hasUniformItemSizes)
        #expect(TableLayout(order: order, width: 320).hasUniformItemSizes)
    }
}
