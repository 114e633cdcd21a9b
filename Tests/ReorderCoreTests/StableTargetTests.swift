import Testing
@testable import ReorderCore

/// Targets that hold still with items of different sizes, and empty sections that can
/// be reached. Every expected order and step count below is worked out from the rule documented
/// in docs/REFERENCE.md ("Stable targets"): a step is taken only when, after it, the reference
/// point does not propose a position back on the side the dragged item came from; for a list,
/// that is when the point lies inside (or beyond) the dragged item's new slot.
@Suite struct StableTargetTests {
    /// A policy with one semantics and one target rule, no edge scrolling, an instant lift (the
    /// snapshot centre is the finger at once: `follow = y`) and the default press duration 0.5 s.
    final class RulePolicy: DefaultPolicy {
        let fixedSemantics: Semantics
        init(_ semantics: Semantics, _ rule: TargetRule) {
            fixedSemantics = semantics
            var c = DefaultPolicy.standardConfiguration
            c.name = "rule"
            c.targetRule = rule
            c.edgeScroll.enabled = false
            c.snapshot.lift = AnimationSpec(duration: 0)
            super.init(configuration: c)
        }
        override func semantics(_ ctx: PolicyContext, from: ItemPosition, to: ItemPosition) -> Semantics { fixedSemantics }
    }

    static func item(_ id: String, _ height: Double? = nil) -> Item {
        height.map { Item(id: id, fields: ["height": .number($0)]) } ?? Item(id)
    }

    /// The list: `{ "a", { id = "big", height = 200 }, "c", "d" }` of 44 pt rows. Rows:
    /// a 0..<44, big 44..<244, c 244..<288, d 288..<332 (332 pt of content in a 667 pt
    /// viewport: nothing can scroll, so no edge scroll either).
    static let tall = [item("a"), item("big", 200), item("c"), item("d")]

    static func table(_ sections: [[Item]], policy: any DragPolicy, headerHeight: Double = 0) -> DragSimulator {
        let order = Order(sections: sections)
        let layout = TableLayout(order: order, width: phone.width, rowHeight: 44, headerHeight: headerHeight)
        return DragSimulator(order: order, layout: layout, viewport: phone, policy: policy)
    }

    /// The built-in policies of the issue (uikit: move, jx_movable: exchange) and both rules.
    static let policies: [@Sendable () -> any DragPolicy] = [
        { UIKitPolicy() }, { JXMovablePolicy() }, { DefaultPolicy() },
        { RulePolicy(.move, .underFinger) }, { RulePolicy(.exchange, .underFinger) },
    ]

    /// Lifts the item at `p` (a hold of 1.25 s passes every press duration here) and forgets the
    /// events so far.
    static func lift(_ sim: DragSimulator, _ p: ItemPosition) {
        #expect(sim.pressItem(p))
        sim.hold(1.25)
        #expect(sim.state == .dragging)
        _ = sim.takeEvents()
    }

    static func moves(_ sim: DragSimulator) -> [DragEvent] {
        sim.takeEvents().filter { $0.typeName == "move" }
    }

    static let x = phone.width / 2

    // MARK: The hold: a 44 pt row over a 200 pt row

    /// The report: a lifted, finger held at y 110 (inside big). Before, every built-in
    /// policy stepped 60 times a second. Now: a's slot after the step would be 200..<244, and
    /// 110 lies behind it, so no step at all, and none during the hold.
    @Test(arguments: 0..<5) func smallRowHeldOverTallRowDoesNotStep(_ k: Int) {
        let sim = Self.table([Self.tall], policy: Self.policies[k]())
        Self.lift(sim, pos(0, 0))
        sim.move(to: Point(x: Self.x, y: 110))
        sim.hold(1)
        #expect(Self.moves(sim) == [])
        #expect(sim.order.ids == [["a", "big", "c", "d"]])
        expectInvariants(sim)
    }

    /// Ten finger positions across big (y 54, 74, ..., 234), each held 1 s after one jump there.
    /// a's slot after the step is 200..<244 (both semantics: the two rows are neighbours), so
    /// only y 214 and 234 step, once, on arrival; the hold adds nothing.
    @Test(arguments: 0..<5) func tenPositionsDownwardUnderFinger(_ k: Int) {
        for y in stride(from: 54.0, through: 234, by: 20) {
            let sim = Self.table([Self.tall], policy: Self.policies[k]())
            Self.lift(sim, pos(0, 0))
            sim.move(to: Point(x: Self.x, y: y))
            let arrival = Self.moves(sim).count
            sim.hold(1)
            let extra = Self.moves(sim).count
            #expect(arrival == (y >= 200 ? 1 : 0), "y \(y)")
            #expect(extra == 0, "y \(y)")
            #expect(sim.order.ids == (y >= 200 ? [["big", "a", "c", "d"]] : [["a", "big", "c", "d"]]), "y \(y)")
        }
    }

    /// Upwards: c (244..<288) lifted over big. c's slot after the step would be 44..<88, so only
    /// y 54 and 74 step; the hold adds nothing.
    @Test(arguments: 0..<5) func tenPositionsUpwardUnderFinger(_ k: Int) {
        for y in stride(from: 54.0, through: 234, by: 20) {
            let sim = Self.table([Self.tall], policy: Self.policies[k]())
            Self.lift(sim, pos(0, 2))
            sim.move(to: Point(x: Self.x, y: y))
            let arrival = Self.moves(sim).count
            sim.hold(1)
            #expect(arrival == (y < 88 ? 1 : 0), "y \(y)")
            #expect(Self.moves(sim) == [], "y \(y)")
            #expect(sim.order.ids == (y < 88 ? [["a", "c", "big", "d"]] : [["a", "big", "c", "d"]]), "y \(y)")
        }
    }

    /// A slow drag from a's centre down to y 230 over 1 s, then on to 300 over 1 s: a passes big
    /// once the finger reaches 200 (its slot is then 200..<244, under the finger), then c (slot
    /// 244..<288) and d (288..<332), one step each; move and exchange agree as every step is
    /// between neighbours.
    @Test(arguments: [Semantics.move, .exchange]) func slowDragDownAcrossTallRow(_ semantics: Semantics) {
        let sim = Self.table([Self.tall], policy: RulePolicy(semantics, .underFinger))
        Self.lift(sim, pos(0, 0))
        sim.move(to: Point(x: Self.x, y: 230), over: 1)
        #expect(Self.moves(sim).map(\.positions) == [[pos(0, 0), pos(0, 1)]])
        #expect(sim.order.ids == [["big", "a", "c", "d"]])
        sim.move(to: Point(x: Self.x, y: 300), over: 1)
        #expect(Self.moves(sim).map(\.positions) == [[pos(0, 1), pos(0, 2)], [pos(0, 2), pos(0, 3)]])
        #expect(sim.order.ids == [["big", "c", "d", "a"]])
        sim.hold(1)
        #expect(Self.moves(sim) == [])
        expectInvariants(sim)
    }

    /// Back up again (hysteresis): after the drag above, big 0..<200, c 200..<244, d 244..<288,
    /// a 288..<332. The finger goes up to y 150: a passes d (its slot at index 2 would be
    /// 244..<288) and c (200..<244), but not big: at index 0 its slot would be 0..<44. Nor at
    /// y 60. Only past big's far edge for a, y 20, does it step.
    @Test(arguments: [Semantics.move, .exchange]) func slowDragBackUpNeedsTheFarEdge(_ semantics: Semantics) {
        let sim = Self.table([Self.tall], policy: RulePolicy(semantics, .underFinger))
        Self.lift(sim, pos(0, 0))
        sim.move(to: Point(x: Self.x, y: 300), over: 1)
        #expect(sim.order.ids == [["big", "c", "d", "a"]])
        _ = sim.takeEvents()
        sim.move(to: Point(x: Self.x, y: 150), over: 1)
        #expect(Self.moves(sim).map(\.positions) == [[pos(0, 3), pos(0, 2)], [pos(0, 2), pos(0, 1)]])
        #expect(sim.order.ids == [["big", "a", "c", "d"]])
        sim.hold(1)
        sim.move(to: Point(x: Self.x, y: 60), over: 0.5)
        sim.hold(1)
        #expect(Self.moves(sim) == [])
        sim.move(to: Point(x: Self.x, y: 20), over: 0.5)
        #expect(Self.moves(sim).map(\.positions) == [[pos(0, 1), pos(0, 0)]])
        #expect(sim.order.ids == [["a", "big", "c", "d"]])
        expectInvariants(sim)
    }

    /// A tall row over short ones was already stable: big lifted onto c steps at once (its slot
    /// at index 2 would be 88..<288, which holds the finger at 260), and holds.
    @Test(arguments: 0..<5) func tallRowOverShortRowStepsAtOnce(_ k: Int) {
        let sim = Self.table([Self.tall], policy: Self.policies[k]())
        Self.lift(sim, pos(0, 1))
        sim.move(to: Point(x: Self.x, y: 260))
        #expect(Self.moves(sim).map(\.positions) == [[pos(0, 1), pos(0, 2)]])
        sim.hold(1)
        #expect(Self.moves(sim) == [])
        #expect(sim.order.ids == [["a", "c", "big", "d"]])
    }

    /// A 20 pt row (244..<264) lifted over big: its slot at index 1 would be 44..<64, so y 150
    /// holds still and y 50 steps once.
    @Test(arguments: 0..<5) func twentyPointRowOverTallRow(_ k: Int) {
        let sim = Self.table([[Self.item("a"), Self.item("big", 200), Self.item("tiny", 20), Self.item("d")]],
                             policy: Self.policies[k]())
        Self.lift(sim, pos(0, 2))
        sim.move(to: Point(x: Self.x, y: 150))
        sim.hold(1)
        #expect(Self.moves(sim) == [])
        sim.move(to: Point(x: Self.x, y: 50))
        sim.hold(1)
        #expect(Self.moves(sim).map(\.positions) == [[pos(0, 2), pos(0, 1)]])
        #expect(sim.order.ids == [["a", "tiny", "big", "d"]])
    }

    // MARK: center_distance

    /// `center_distance`, a lifted (snapshot centre = finger, instantly). Centres before a step:
    /// a 22, big 144, c 266, d 310; the rule proposes the nearest (all within half the 375 pt
    /// width). After a→1 (either semantics): big 100, a 222, c 266. After a→2 under move:
    /// big 100, c 222, a 266; under exchange (c and a swap): c 22, big 144, a 266.
    /// - y 54, 74: a is nearest, nothing proposed.
    /// - y 94...154: big proposed; after the step big (100) is nearer than a (222): refused.
    /// - y 174, 194: big proposed; after the step a is nearest: one step.
    /// - y 214, 234: c proposed (nearer than big). Under move, after a→2 c (222) is nearer than
    ///   a (266): refused (a slow drag would have passed big first, at y 161). Under exchange a
    ///   (266) is nearer than big (144): one step.
    @Test(arguments: [Semantics.move, .exchange]) func tenPositionsCenterDistance(_ semantics: Semantics) {
        let far = semantics == .exchange ? 1 : 0
        let expected: [Double: Int] = [54: 0, 74: 0, 94: 0, 114: 0, 134: 0, 154: 0, 174: 1, 194: 1, 214: far, 234: far]
        for y in stride(from: 54.0, through: 234, by: 20) {
            let sim = Self.table([Self.tall], policy: RulePolicy(semantics, .centerDistance))
            Self.lift(sim, pos(0, 0))
            sim.move(to: Point(x: Self.x, y: y))
            #expect(Self.moves(sim).count == expected[y], "y \(y)")
            sim.hold(1)
            #expect(Self.moves(sim) == [], "y \(y)")
        }
    }

    /// A slow `center_distance` drag down to y 300: a passes big once the finger is past 161
    /// (midway between big's centre 100 and a's 222 after the step), then c and d.
    @Test func slowCenterDistanceDrag() {
        let sim = Self.table([Self.tall], policy: RulePolicy(.move, .centerDistance))
        Self.lift(sim, pos(0, 0))
        sim.move(to: Point(x: Self.x, y: 300), over: 1)
        #expect(Self.moves(sim).count == 3)
        #expect(sim.order.ids == [["big", "c", "d", "a"]])
        sim.hold(1)
        #expect(Self.moves(sim) == [])
    }

    // MARK: Equal sizes: exactly as before

    /// Rows that all carry `height = 44` take the checked path; a glide across them gives the
    /// same events, to the step, as the same rows without heights (where the check is skipped,
    /// the behaviour every existing spec and trace pins).
    @Test(arguments: [Semantics.move, .exchange]) func equalRowsWithHeightsMatchUniformRows(_ semantics: Semantics) {
        func run(_ items: [Item]) -> [DragEvent] {
            let sim = Self.table([items, Array(items.prefix(3)).map { Item(id: $0.id + "'", fields: $0.fields) }],
                                 policy: RulePolicy(semantics, .underFinger), headerHeight: 28)
            #expect(sim.pressItem(pos(0, 1)))
            sim.hold(0.75)
            sim.move(to: Point(x: Self.x, y: 520), over: 1.5)
            sim.move(to: Point(x: Self.x, y: 5), over: 1.5)
            sim.hold(1)
            return sim.takeEvents()
        }
        let plain = (0..<8).map { Item("r\($0)") }
        let sized = (0..<8).map { Item(id: "r\($0)", fields: ["height": .number(44)]) }
        let expected = run(plain)
        #expect(expected.filter { $0.typeName == "move" }.count > 8)
        #expect(run(sized) == expected)
    }

    // MARK: Empty sections

    /// The sections `{ "a", "b", "c" }, {}, { "d" }` with 28 pt headers: section 1's
    /// header is at 160..<188, section 2's at 188..<216. a held over section 1's header moves in
    /// as its first row (0-based (1, 0); Lua (2, 1)), one step, under move and exchange alike
    /// (exchange with nothing is a move). Then over the gap below (section 2's header, now
    /// 188..<216 still: a's 44 pt left section 0 and joined section 1): nothing more.
    @Test(arguments: 0..<5) func emptyMiddleSection(_ k: Int) {
        let sim = Self.table([[Self.item("a"), Self.item("b"), Self.item("c")], [], [Self.item("d")]],
                             policy: Self.policies[k](), headerHeight: 28)
        Self.lift(sim, pos(0, 0))
        sim.move(to: Point(x: Self.x, y: 170))
        sim.hold(1)
        #expect(Self.moves(sim) == [.move(from: pos(0, 0), to: pos(1, 0), semantics: .move, time: 1.25)])
        sim.move(to: Point(x: Self.x, y: 200))
        sim.hold(1)
        #expect(Self.moves(sim) == [])
        #expect(sim.order.ids == [["b", "c"], ["a"], ["d"]])
        sim.release()
        sim.settle()
        #expect(sim.order.ids == [["b", "c"], ["a"], ["d"]])
        expectInvariants(sim)
    }

    /// An empty first section `{}, { "a", "b" }, { "c" }`: header 0 at 0..<28; c (172..<216)
    /// lifted to y 10 becomes section 0's first row.
    @Test(arguments: 0..<5) func emptyFirstSection(_ k: Int) {
        let sim = Self.table([[], [Self.item("a"), Self.item("b")], [Self.item("c")]],
                             policy: Self.policies[k](), headerHeight: 28)
        Self.lift(sim, pos(2, 0))
        sim.move(to: Point(x: Self.x, y: 10))
        sim.hold(1)
        #expect(Self.moves(sim).map(\.positions) == [[pos(2, 0), pos(0, 0)]])
        #expect(sim.order.ids == [["c"], ["a", "b"], []])
    }

    /// An empty last section `{ "a", "b" }, { "c" }, {}`: header 2 at 188..<216; a lifted to
    /// y 200 becomes its first row.
    @Test(arguments: 0..<5) func emptyLastSection(_ k: Int) {
        let sim = Self.table([[Self.item("a"), Self.item("b")], [Self.item("c")], []],
                             policy: Self.policies[k](), headerHeight: 28)
        Self.lift(sim, pos(0, 0))
        sim.move(to: Point(x: Self.x, y: 200))
        sim.hold(1)
        #expect(Self.moves(sim).map(\.positions) == [[pos(0, 0), pos(2, 0)]])
        #expect(sim.order.ids == [["b"], ["c"], ["a"]])
    }

    /// Without headers an empty section takes no room: nothing to hover, nothing proposed (the
    /// row under the finger is proposed as before).
    @Test func emptySectionWithoutHeaderHasNoPlace() {
        let order = Order(sections: [[Item("a")], [], [Item("d")]])
        let table = TableLayout(order: order, width: 320, rowHeight: 44)
        #expect(table.proposedPosition(at: Point(x: 10, y: 50), dragging: pos(0, 0)) == pos(2, 0))
        let headed = TableLayout(order: order, width: 320, rowHeight: 44, headerHeight: 28)
        // Headers: 0..<28, 72..<100 (section 1, empty), 100..<128; d at 128..<172.
        #expect(headed.proposedPosition(at: Point(x: 10, y: 80), dragging: pos(0, 0)) == pos(1, 0))
        #expect(headed.proposedPosition(at: Point(x: 10, y: 110), dragging: pos(0, 0)) == nil)
        #expect(headed.proposedPosition(at: Point(x: 10, y: 10), dragging: pos(0, 0)) == nil)
    }

    /// A grid with headers: an empty section's header is its place, as in a table. Two 100 pt
    /// cells per line of a 200 pt wide grid, 30 pt headers: section 0 (a, b, c) 0..<230,
    /// section 1 (empty) 230..<260, section 2 (d) 260..<390.
    @Test(arguments: [Semantics.move, .exchange]) func gridEmptySectionHeader(_ semantics: Semantics) {
        let order = Order(sections: [[Item("a"), Item("b"), Item("c")], [], [Item("d")]])
        let viewport = Size(width: 200, height: 600)
        let grid = GridLayout(order: order, width: 200, itemSize: Size(width: 100, height: 100), headerHeight: 30)
        #expect(grid.headerFrame(of: 1) == Rect(x: 0, y: 230, width: 200, height: 30))
        let sim = DragSimulator(order: order, layout: grid, viewport: viewport, policy: RulePolicy(semantics, .underFinger))
        Self.lift(sim, pos(0, 0))
        sim.move(to: Point(x: 50, y: 240))
        sim.hold(1)
        #expect(Self.moves(sim) == [.move(from: pos(0, 0), to: pos(1, 0), semantics: .move, time: 1.25)])
        #expect(sim.order.ids == [["b", "c"], ["a"], ["d"]])
        expectInvariants(sim)
    }
}

extension DragEvent {
    /// A move's from and to, else empty.
    var positions: [ItemPosition] {
        if case .move(let from, let to, _, _) = self { return [from, to] }
        return []
    }
}
