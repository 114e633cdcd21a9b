import Testing
@testable import ReorderCore

/// Dropping onto an item in a drag session (`combine_rule`, `combine_delay`, `drop_preview`,
/// the `combine` hook). Rows are 40 pt, so react-beautiful-dnd's band of a row from `top` is
/// `(top + 10, top + 30)` (get-combine-impact.ts line 58: threshold = size / 4), and
/// pragmatic's list-item hitbox is before up to `top + 10`, after from `top + 30`
/// (attach-instruction-2.ts lines 16-28). The finger presses a row's centre and the snapshot
/// follows it at once (no lift animation), so the dragged item's edges are the finger ± 20.
@Suite struct CombineSessionTests {
    final class CombinePolicy: DefaultPolicy {
        /// Pairs (dragged item, item under it) the `combine` hook refuses, by id.
        let refused: Set<[String]>
        /// Proposed rows the `target` hook refuses.
        let refusedTargets: Set<Int>
        init(_ rule: CombineRule, preview: DropPreview = .slide, delay: Double = 0,
             refused: Set<[String]> = [], refusedTargets: Set<Int> = []) {
            self.refused = refused
            self.refusedTargets = refusedTargets
            super.init(configuration: Self.configuration(rule, preview: preview, delay: delay))
        }
        /// `default` with the rule, preview and delay, no edge scroll, and no lift animation (the
        /// snapshot follows the finger at once).
        static func configuration(_ rule: CombineRule, preview: DropPreview, delay: Double) -> PolicyConfiguration {
            var c = DefaultPolicy.standardConfiguration
            c.name = "combine"
            c.edgeScroll.enabled = false
            c.snapshot.lift = AnimationSpec(duration: 0)
            c.combine.rule = rule
            c.combine.delay = delay
            c.dropPreview = preview
            return c
        }
        override func combine(_ ctx: PolicyContext, from: ItemPosition, onto: ItemPosition) -> Bool {
            !refused.contains([ctx.item(at: from).id, ctx.item(at: onto).id])
        }
        override func target(_ ctx: PolicyContext, from: ItemPosition, proposed: ItemPosition) -> ItemPosition? {
            refusedTargets.contains(proposed.item) ? nil : proposed
        }
        /// The `on_end` calls, (from, to).
        private(set) var ends: [[ItemPosition]] = []
        override func onEnd(_ ctx: PolicyContext, from: ItemPosition, to: ItemPosition) -> Bool {
            ends.append([from, to])
            return !vetoes
        }
        /// Whether `on_end` vetoes every drop.
        var vetoes = false
    }

    static let x = phone.width / 2

    /// Six 40 pt rows r0...r5, r0 lifted (its centre, y = 20, pressed), the events so far taken.
    static func lifted(_ policy: CombinePolicy) -> DragSimulator {
        let sim = tableSimulator([rowItems(6)], policy: policy, rowHeight: 40)
        #expect(sim.pressItem(pos(0, 0)))
        sim.hold(0.75)
        #expect(sim.state == .dragging)
        _ = sim.takeEvents()
        return sim
    }

    static func ids(_ sim: DragSimulator) -> [String] { sim.session.order.sections[0].map { sim.session.order.item(handle: $0).id } }

    @Test func bandCombinesWhenTheTrailingEdgeIsInsideTheNextRowsMiddleHalf() {
        let sim = Self.lifted(CombinePolicy(.band))
        // Trailing edge 45 + 20 = 65, inside r1's band (50, 70); the finger is over r1, but
        // combining is checked first and no step is taken (get-drag-impact/index.ts 72-91).
        sim.move(to: Point(x: Self.x, y: 45))
        sim.tick()
        #expect(sim.session.scene().combineTarget == pos(0, 1))
        #expect(sim.session.scene().cells[1].isCombineTarget)
        #expect(sim.takeEvents().isEmpty)
        sim.release()
        #expect(sim.takeEvents().map(\.typeName) == ["combine"])
        sim.settle()
        #expect(Self.ids(sim) == ["r0", "r1", "r2", "r3", "r4", "r5"])
        expectInvariants(sim)
    }

    @Test func aCombineAsksOnEndWithNothingMovedAndCannotBeVetoed() {
        let policy = CombinePolicy(.band)
        policy.vetoes = true   // which a combine cannot have: nothing moved
        let sim = Self.lifted(policy)
        sim.move(to: Point(x: Self.x, y: 65))   // a step first: r0 to row 1
        sim.tick()
        sim.move(to: Point(x: Self.x, y: 35))   // back onto r1, now in slot 0
        sim.tick()
        sim.release()
        #expect(policy.ends == [[pos(0, 0), pos(0, 0)]])
        #expect(sim.takeEvents().map(\.typeName) == ["move", "combine"])
        #expect(Self.ids(sim) == ["r0", "r1", "r2", "r3", "r4", "r5"])
    }

    @Test func theBandExcludesItsEnds() throws {
        let sim = Self.lifted(CombinePolicy(.band))
        // Trailing edge 30 + 20 = 50: on the band's start, not inside it (`>` in
        // get-combine-impact.ts); the finger is still over r0, so no step either.
        sim.move(to: Point(x: Self.x, y: 30))
        sim.tick()
        #expect(sim.session.scene().combineTarget == nil)
        sim.release()
        let events = sim.takeEvents()
        #expect(events == [.end(from: pos(0, 0), to: pos(0, 0), time: try #require(events.first.map(timeOf)))])
    }

    @Test func aDisplacedSiblingIsTestedWhereItIsDrawnAndTheDropPutsEveryRowBack() {
        let sim = Self.lifted(CombinePolicy(.band))
        // Trailing edge 85: past r1's band (50, 70), the finger over r1: a step, r0 to slot 1.
        sim.move(to: Point(x: Self.x, y: 65))
        sim.tick()
        #expect(sim.takeEvents().map(\.typeName) == ["move"])
        #expect(Self.ids(sim) == ["r1", "r0", "r2", "r3", "r4", "r5"])
        // Back up: the leading edge 35 - 20 = 15 lies in r1's band where r1 is drawn now, slot
        // 0: (10, 30) (rbd's "started after, not displaced": shifted back by the item's size).
        sim.move(to: Point(x: Self.x, y: 35))
        sim.tick()
        #expect(sim.session.scene().combineTarget == pos(0, 0))
        #expect(sim.takeEvents().isEmpty)
        sim.release()
        // The combine names r1 where it was at the press, and the rows are back (get-drop-impact.ts).
        let events = sim.takeEvents()
        #expect(events.count == 1)
        if case .combine(let from, let onto, _)? = events.first {
            #expect(from == pos(0, 0))
            #expect(onto == pos(0, 1))
        } else {
            Issue.record("expected a combine, got \(events)")
        }
        #expect(Self.ids(sim) == ["r0", "r1", "r2", "r3", "r4", "r5"])
        expectInvariants(sim)
    }

    @Test func theCombineHookRefusesAPairWhichThenReorders() {
        // Refused both ways round: after the step r1 is drawn in slot 0 and the leading edge,
        // 25, lies in its band (10, 30), which asks again.
        let sim = Self.lifted(CombinePolicy(.band, refused: [["r0", "r1"]]))
        sim.move(to: Point(x: Self.x, y: 45))
        sim.tick()
        #expect(sim.session.scene().combineTarget == nil)
        #expect(sim.takeEvents().map(\.typeName) == ["move"])
        #expect(Self.ids(sim) == ["r1", "r0", "r2", "r3", "r4", "r5"])
    }

    @Test func theCombineTakesAfterItsDelay() {
        let sim = Self.lifted(CombinePolicy(.band, delay: 0.6))
        sim.move(to: Point(x: Self.x, y: 45))
        sim.tick()
        let start = sim.time
        // 0.5 s later the target is still pending: no combine, no step.
        sim.hold(0.5)
        #expect(sim.time - start < 0.6)
        #expect(sim.session.scene().combineTarget == nil)
        #expect(sim.takeEvents().isEmpty)
        sim.hold(0.15)
        #expect(sim.time - start >= 0.6)
        #expect(sim.session.scene().combineTarget == pos(0, 1))
    }

    @Test func theHitboxCombinesInTheMiddleHalfAndStepsFromTheQuarters() {
        let sim = Self.lifted(CombinePolicy(.hitbox))
        // r1 spans 40..80: 60 is in its middle half (50, 70).
        sim.move(to: Point(x: Self.x, y: 60))
        sim.tick()
        #expect(sim.session.scene().combineTarget == pos(0, 1))
        // 72: r1's last quarter, after r1: the step r0 to row 1.
        sim.move(to: Point(x: Self.x, y: 72))
        sim.tick()
        #expect(sim.session.scene().combineTarget == nil)
        #expect(sim.takeEvents().map(\.typeName) == ["move"])
        #expect(Self.ids(sim) == ["r1", "r0", "r2", "r3", "r4", "r5"])
        // 90: r2's first quarter (80...90, its line included), before r2: where r0 is already.
        sim.move(to: Point(x: Self.x, y: 90))
        sim.tick()
        #expect(sim.takeEvents().isEmpty)
        #expect(sim.session.scene().combineTarget == nil)
    }

    @Test func aSideTheTargetHookRefusesBecomesCombine() {
        // Row 1 is refused as a target: after r1 (r0 to row 1) is not available, so r1's last
        // quarter combines (attach-instruction-2.ts lines 132-138).
        let sim = Self.lifted(CombinePolicy(.hitbox, refusedTargets: [1]))
        sim.move(to: Point(x: Self.x, y: 75))
        sim.tick()
        #expect(sim.session.scene().combineTarget == pos(0, 1))
        #expect(sim.takeEvents().isEmpty)
    }

    @Test func withoutCombineTheHitboxSplitsTheRowInHalves() {
        // Combining r0 onto r1 refused: 55 is before r1's middle line (60), before r1: no move;
        // 65 is after it: r0 to row 1 (list-item.ts lines 45-52).
        let sim = Self.lifted(CombinePolicy(.hitbox, refused: [["r0", "r1"]]))
        sim.move(to: Point(x: Self.x, y: 55))
        sim.tick()
        #expect(sim.takeEvents().isEmpty)
        sim.move(to: Point(x: Self.x, y: 65))
        sim.tick()
        #expect(sim.takeEvents().map(\.typeName) == ["move"])
    }

    @Test func theIndicatorShowsALineAndTheDropTakesTheOneStep() throws {
        let sim = Self.lifted(CombinePolicy(.hitbox, preview: .indicator))
        // 115: r2's last quarter (110...120): after r2, the line on r2's bottom edge, y = 120.
        sim.move(to: Point(x: Self.x, y: 115))
        sim.tick()
        let scene = sim.session.scene()
        #expect(scene.indicator == Scene.DropIndicator(kind: .line, position: pos(0, 2),
                                                       frame: Rect(x: 0, y: 120, width: 375, height: 0), depth: 0))
        #expect(sim.takeEvents().isEmpty)
        #expect(Self.ids(sim) == ["r0", "r1", "r2", "r3", "r4", "r5"])
        // 100: r2's middle: the target outlined.
        sim.move(to: Point(x: Self.x, y: 100))
        sim.tick()
        #expect(sim.session.scene().indicator?.kind == .outline)
        #expect(sim.session.scene().indicator?.frame == Rect(x: 0, y: 80, width: 375, height: 40))
        // 85: before r2: r0 goes to row 1, the line on r2's top edge.
        sim.move(to: Point(x: Self.x, y: 85))
        sim.tick()
        #expect(sim.session.scene().indicator?.frame == Rect(x: 0, y: 80, width: 375, height: 0))
        sim.release()
        let events = sim.takeEvents()
        let t = try #require(events.first.map(timeOf))
        #expect(events == [.move(from: pos(0, 0), to: pos(0, 1), semantics: .move, time: t),
                           .end(from: pos(0, 0), to: pos(0, 1), time: t)])
        #expect(Self.ids(sim) == ["r1", "r0", "r2", "r3", "r4", "r5"])
        expectInvariants(sim)
    }

    @Test func theIndicatorWithoutCombineFollowsTheTargetRule() {
        let sim = Self.lifted(CombinePolicy(.none, preview: .indicator))
        // Over r3 (120..160): the item would move to row 3, past r3, so the line is under it.
        sim.move(to: Point(x: Self.x, y: 130))
        sim.tick()
        #expect(sim.session.scene().indicator?.frame == Rect(x: 0, y: 160, width: 375, height: 0))
        // Back over its own row: no destination, no line.
        sim.move(to: Point(x: Self.x, y: 20))
        sim.tick()
        #expect(sim.session.scene().indicator == nil)
        sim.release()
        #expect(sim.takeEvents().map(\.typeName) == ["end"])
        #expect(Self.ids(sim) == ["r0", "r1", "r2", "r3", "r4", "r5"])
    }
}

/// An event's time.
func timeOf(_ e: DragEvent) -> Double {
    switch e {
    case .begin(_, let t), .move(_, _, _, let t), .end(_, _, let t), .cancel(_, let t), .rollback(let t),
         .refuse(_, let t), .group(_, _, _, let t), .combine(_, _, let t):
        return t
    }
}
