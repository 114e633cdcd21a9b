import Testing
@testable import ReorderCore

/// The scene model: Bézier curves, displaced cells sliding, interrupted slides, the snapshot
/// and the edge zones as an adapter draws them.
@Suite struct SceneTests {
    // MARK: Bézier curves

    /// cubic-bezier(0.2, 0, 0, 1) (react-beautiful-dnd's outOfTheWay curve) at parameter s = 0.5:
    /// x = 3(1-s)²s·0.2 + 3(1-s)s²·0 + s³ = 0.075 + 0.125 = 0.2, y = 3(1-s)s²·1 + s³ = 0.375 + 0.125 = 0.5.
    @Test func bezierSolvesForTime() {
        let rbd = AnimationCurve.cubicBezier(x1: 0.2, y1: 0, x2: 0, y2: 1)
        #expect(abs(rbd.value(at: 0.2) - 0.5) < 1e-9)
        #expect(rbd.value(at: 0) == 0)
        #expect(rbd.value(at: 1) == 1)
        #expect(rbd.value(at: -3) == 0)   // clamped
        #expect(rbd.value(at: 7) == 1)
    }

    /// CSS `ease` = cubic-bezier(0.25, 0.1, 0.25, 1) at s = 0.5:
    /// x = 3·0.25·0.5·0.25 + 3·0.5·0.25·0.25 + 0.125 = 0.3125,
    /// y = 3·0.25·0.5·0.1 + 3·0.5·0.25·1 + 0.125 = 0.5375.
    @Test func cssEaseAtItsMidParameter() {
        let ease = AnimationCurve.cubicBezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1)
        #expect(abs(ease.value(at: 0.3125) - 0.5375) < 1e-9)
    }

    /// Control points on the diagonal at thirds make x(s) = s and y(s) = s: the line.
    @Test func bezierOnTheDiagonalIsLinear() {
        let line = AnimationCurve.cubicBezier(x1: 1.0 / 3, y1: 1.0 / 3, x2: 2.0 / 3, y2: 2.0 / 3)
        for t in [0.1, 0.37, 0.5, 0.93] { #expect(abs(line.value(at: t) - t) < 1e-9) }
    }

    /// x1 = 1, x2 = 0 makes dx/ds = 0 at both ends (Newton stalls there); bisection still finds
    /// the parameter: by symmetry x(0.5) = 0.5 and y = 3·0.25·0.5·0 + 3·0.5·0.25·1 + 0.125 = 0.5.
    @Test func bezierWithFlatEndsFallsBackToBisection() {
        let c = AnimationCurve.cubicBezier(x1: 1, y1: 0, x2: 0, y2: 1)
        #expect(abs(c.value(at: 0.5) - 0.5) < 1e-9)
        // Monotonic in between.
        #expect(c.value(at: 0.3) < c.value(at: 0.4))
    }

    @Test func bezierControlPointsOutsideTimeAreRefused() {
        #expect(AnimationCurve(x1: 1.5, y1: 0, x2: 0, y2: 1) == nil)
        #expect(AnimationCurve(x1: 0.2, y1: 0, x2: -0.1, y2: 1) == nil)
        #expect(AnimationCurve(x1: 0.2, y1: .nan, x2: 0, y2: 1) == nil)
        // y may leave 0...1 (overshoot), as in CSS.
        #expect(AnimationCurve(x1: 0.2, y1: -0.5, x2: 0.3, y2: 1.6) != nil)
        #expect(AnimationCurve(rawValue: "ease_in_out") == .easeInOut)
        #expect(AnimationCurve.cubicBezier(x1: 0.2, y1: 0, x2: 0, y2: 1).controlPoints == [0.2, 0, 0, 1])
    }

    // MARK: Displacement

    /// Ten 44 pt rows, no edge scroll, instant lift, displacement as given.
    func session(displacement: AnimationSpec) -> (DragSession, DefaultPolicy) {
        var c = DefaultPolicy.standardConfiguration
        c.edgeScroll.enabled = false
        c.snapshot.lift = AnimationSpec(duration: 0)
        c.displacement = displacement
        let policy = DefaultPolicy(configuration: c)
        let order = Order(sections: ["abcdefghij".map { Item(String($0)) }])
        let s = DragSession(order: order, layout: TableLayout(order: order, width: 375, rowHeight: 44),
                            viewport: phone)
        return (s, policy)
    }

    /// Presses row 0 at t = 0, lifts at 0.5 and moves the finger onto row 1 (y 66) at 0.5:
    /// one step, a 0 → 1, at t = 0.5.
    func stepAOntoB(_ s: inout DragSession, _ policy: DefaultPolicy) {
        s.touchDown(at: Point(x: 100, y: 22), time: 0, policy: policy)
        s.frame(time: 0.5, policy: policy)
        s.touchMove(to: Point(x: 100, y: 66), time: 0.5, policy: policy)
        s.frame(time: 0.5, policy: policy)
        #expect(s.order.ids == [["b", "a", "c", "d", "e", "f", "g", "h", "i", "j"]])
        #expect(s.takeEvents().last == .move(from: pos(0, 0), to: pos(0, 1), semantics: .move, time: 0.5))
    }

    func cell(_ scene: Scene, _ id: String) -> Scene.Cell? { scene.cells.first { $0.id == id } }

    /// b moves from slot 1 (y 44) to slot 0 (y 0) over 0.25 s (dnd-kit's and Android's
    /// 250 ms), linear: at t = 0.625, half the duration, it is drawn at 44 + (0 - 44) × 0.5 = 22;
    /// the placeholder (a, slot 0 → 1) at 0 + 44 × 0.5 = 22 too. At t = 0.75 both are at rest.
    /// (Times are binary fractions so the arithmetic is exact.)
    @Test func displacedCellAtHalfTheDuration() {
        var (s, policy) = session(displacement: AnimationSpec(duration: 0.25, curve: .linear))
        stepAOntoB(&s, policy)
        let half = s.scene(at: 0.625, policy: policy)
        let b = cell(half, "b")
        #expect(b?.frame == Rect(x: 0, y: 22, width: 375, height: 44))
        #expect(b?.slot == Rect(x: 0, y: 0, width: 375, height: 44))
        #expect(abs((b?.slideProgress ?? -1) - 0.5) < 1e-12)
        #expect(half.placeholder?.position == pos(0, 1))
        #expect(half.placeholder?.frame == Rect(x: 0, y: 22, width: 375, height: 44))
        #expect(cell(half, "a")?.isPlaceholder == true)
        // c did not move: at rest.
        #expect(cell(half, "c")?.frame == Rect(x: 0, y: 88, width: 375, height: 44))
        #expect(cell(half, "c")?.slideProgress == nil)

        let done = s.scene(at: 0.75, policy: policy)
        #expect(cell(done, "b")?.frame == Rect(x: 0, y: 0, width: 375, height: 44))
        #expect(cell(done, "b")?.slideProgress == nil)
        #expect(done.placeholder?.frame == Rect(x: 0, y: 44, width: 375, height: 44))
    }

    /// Under react-beautiful-dnd's 0.2 s cubic-bezier(0.2, 0, 0, 1), at t = 0.54 the linear
    /// fraction is 0.04 / 0.2 = 0.2 (to rounding), which the curve maps to 0.5 (see bezierSolvesForTime):
    /// b is drawn at 44 - 44 × 0.5 = 22.
    @Test func displacementFollowsABezierCurve() {
        var (s, policy) = session(displacement: AnimationSpec(duration: 0.2, curve: .cubicBezier(x1: 0.2, y1: 0, x2: 0, y2: 1)))
        stepAOntoB(&s, policy)
        let y = cell(s.scene(at: 0.54, policy: policy), "b")?.frame.minY ?? -1
        #expect(abs(y - 22) < 1e-6)
    }

    /// At t = 0.625 b is half-way up (y 22) when the finger goes back onto row 0: the step a 1 → 0
    /// sends b back to slot 1 (y 44), starting from where it is drawn, 22. At t = 0.75, half the
    /// new slide: 22 + (44 - 22) × 0.5 = 33 (not 0 + 44 × 0.5 = 22, which a slide restarted from
    /// the old slot would give). The placeholder was at 22 going down; now it goes back up to 0:
    /// 22 + (0 - 22) × 0.5 = 11.
    @Test func interruptedSlideRestartsFromWhereTheCellIsDrawn() {
        var (s, policy) = session(displacement: AnimationSpec(duration: 0.25, curve: .linear))
        stepAOntoB(&s, policy)
        s.touchMove(to: Point(x: 100, y: 22), time: 0.625, policy: policy)
        s.frame(time: 0.625, policy: policy)
        #expect(s.order.ids == [["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"]])
        let start = s.scene(at: 0.625, policy: policy)
        #expect(cell(start, "b")?.frame.minY == 22)
        let mid = s.scene(at: 0.75, policy: policy)
        #expect(cell(mid, "b")?.frame.minY == 33)
        #expect(mid.placeholder?.frame.minY == 11)
        #expect(cell(s.scene(at: 0.875, policy: policy), "b")?.frame.minY == 44)
    }

    /// Duration 0: cells jump (no slide recorded).
    @Test func zeroDurationDoesNotSlide() {
        var (s, policy) = session(displacement: AnimationSpec(duration: 0))
        stepAOntoB(&s, policy)
        #expect(cell(s.scene(at: 0.5, policy: policy), "b")?.frame.minY == 0)
        #expect(s.slides.byHandle.isEmpty)
    }

    /// An exchange of rows 0 and 3 (a jump of the finger) slides the two items only: d from
    /// slot 3 (y 132) to slot 0, a's placeholder from slot 0 to slot 3; b and c stay.
    @Test func exchangeSlidesTheTwoItems() {
        let (_, base) = session(displacement: AnimationSpec(duration: 0.25, curve: .linear))
        let policy = ExchangePolicy(configuration: base.configuration)
        var (s, _) = session(displacement: AnimationSpec(duration: 0.25, curve: .linear))
        s.touchDown(at: Point(x: 100, y: 22), time: 0, policy: policy)
        s.frame(time: 0.5, policy: policy)
        s.touchMove(to: Point(x: 100, y: 154), time: 0.5, policy: policy)
        s.frame(time: 0.5, policy: policy)
        #expect(s.order.ids == [["d", "b", "c", "a", "e", "f", "g", "h", "i", "j"]])
        let half = s.scene(at: 0.625, policy: policy)
        #expect(cell(half, "d")?.frame.minY == 66)        // 132 → 0, half-way
        #expect(half.placeholder?.frame.minY == 66)        // 0 → 132, half-way
        #expect(cell(half, "b")?.slideProgress == nil)
        #expect(cell(half, "c")?.slideProgress == nil)
    }

    // MARK: Snapshot and edge zones

    /// The default policy lifts to scale 1.05 and alpha 0.98 over 0.25 s ease-in-out; at
    /// t = 0.5 + 0.25 it is fully lifted, its centre at the finger's y and the cell's x
    /// (follow "y"): frame 375 × 1.05 = 393.75 wide, 44 × 1.05 = 46.2 high around (187.5, 300).
    /// The finger at y 300 is outside both 120 pt zones (min(25 % of 667, 120)).
    @Test func snapshotAndZonesOfTheDefaultPolicy() {
        let policy = DefaultPolicy()
        let order = Order(sections: [(0..<100).map { Item("row \($0)") }])
        var s = DragSession(order: order, layout: TableLayout(order: order, width: 375, rowHeight: 44), viewport: phone)
        s.touchDown(at: Point(x: 100, y: 22), time: 0, policy: policy)
        s.frame(time: 0.5, policy: policy)
        s.touchMove(to: Point(x: 100, y: 300), time: 0.75, policy: policy)
        s.frame(time: 0.75, policy: policy)
        let scene = s.scene(policy: policy)
        let snap = scene.snapshot
        #expect(snap?.id == "row 0")               // the lifted item
        #expect(scene.placeholder?.position == pos(0, 6))   // y 300 is in row 6 (264..<308)
        #expect(snap?.state.phase == .lifted)
        #expect(snap?.state.scale == 1.05)
        #expect(snap?.state.alpha == 0.98)
        #expect(abs((snap?.frame.size.width ?? 0) - 393.75) < 1e-9)
        #expect(abs((snap?.frame.size.height ?? 0) - 46.2) < 1e-9)
        #expect(snap?.state.center == Point(x: 187.5, y: 300))
        #expect(scene.edgeZones.count == 1)
        #expect(scene.edgeZones.first?.length == 120)
        #expect(scene.edgeZones.first?.speed == 0)
        #expect(scene.contentSize == Size(width: 375, height: 4400))
        #expect(scene.cells.first?.position == pos(0, 0))
        #expect(scene.cells.count == 16)          // rows 0...15 intersect 0..<667
    }

    /// In the bottom zone at depth 60 of 120 (finger at y 667 - 60 = 607), once the 0.4 s ramp
    /// is over: 1500 × (60 / 120)² = 375 pt/s, direction +1.
    @Test func edgeZoneSpeedInTheBottomZone() {
        var c = DefaultPolicy.standardConfiguration
        c.snapshot.lift = AnimationSpec(duration: 0)
        let policy = DefaultPolicy(configuration: c)
        let order = Order(sections: [(0..<100).map { Item("row \($0)") }])
        var s = DragSession(order: order, layout: TableLayout(order: order, width: 375, rowHeight: 44), viewport: phone)
        s.touchDown(at: Point(x: 100, y: 22), time: 0, policy: policy)
        s.frame(time: 0.5, policy: policy)
        s.touchMove(to: Point(x: 100, y: 607), time: 0.5, policy: policy)
        var t = 0.5
        for _ in 0..<60 { t += 1.0 / 60; s.frame(time: t, policy: policy) }
        let zone = s.scene(policy: policy).edgeZones.first
        #expect(zone?.direction == 1)
        #expect(zone?.depth == 60)
        #expect(zone?.speed == 375)
    }

    /// The example in Scene's doc comment, as written.
    @Test func sceneDocExample() {
        let order = Order(sections: [(0..<20).map { Item("row \($0)") }])
        let session = DragSession(order: order, layout: TableLayout(order: order, width: 375, rowHeight: 44),
                                  viewport: Size(width: 375, height: 667))
        let scene = session.scene(at: 0, policy: DefaultPolicy())
        #expect(scene.cells.count == 16)   // rows 0...15 intersect 0..<667 (15 × 44 = 660)
        #expect(scene.cells[1].frame == Rect(x: 0, y: 44, width: 375, height: 44))
        #expect(AnimationCurve.easeInOut.value(at: 0.5) == 0.5)
    }

    // MARK: The origin cell's colour

    /// The cookbook's origin cell (seed 001): `cell.backgroundColor` white -> black inside the
    /// lift's 0.25 s block, black -> white inside the drop's. Ease-in-out is 4p³ below 0.5 and
    /// 1 - (2 - 2p)³ / 2 above: e(0.25) = 0.0625, e(0.5) = 0.5, e(0.75) = 0.9375, so each
    /// channel is 1 - e on the way in (0.9375, 0.5, 0.0625) and e on the way out; all binary
    /// fractions, so the comparisons are exact.
    @Test func theOriginCellsColourAnimatesOverTheLiftAndTheDrop() {
        let white = Color(red: 1, green: 1, blue: 1)
        func grey(_ v: Double) -> PlaceholderStyle { .color(Color(red: v, green: v, blue: v)) }
        var c = DefaultPolicy.standardConfiguration
        c.edgeScroll.enabled = false
        c.snapshot.placeholder = .color(.black)
        c.snapshot.liftFrom.placeholder = white
        c.snapshot.dropTo.placeholder = white
        let policy = DefaultPolicy(configuration: c)
        let order = Order(sections: ["abcdefghij".map { Item(String($0)) }])
        var s = DragSession(order: order, layout: TableLayout(order: order, width: 375, rowHeight: 44), viewport: phone)
        s.touchDown(at: Point(x: 100, y: 22), time: 0, policy: policy)
        s.frame(time: 0.5, policy: policy)                // the drag begins: lift p = 0
        #expect(s.scene().placeholder?.style == grey(1))
        for (t, v) in [(0.5625, 0.9375), (0.625, 0.5), (0.6875, 0.0625), (0.75, 0.0)] {
            s.frame(time: t, policy: policy)
            #expect(s.scene().placeholder?.style == grey(v), "lift at \(t)")
        }
        s.frame(time: 2, policy: policy)
        #expect(s.scene().placeholder?.style == .color(.black))   // lifted: black
        // The session's snapshot keeps the static style; the scene draws the animated one.
        #expect(s.snapshot?.placeholder == .color(.black))
        s.touchUp(time: 2, policy: policy)
        for (t, v) in [(2.0625, 0.0625), (2.125, 0.5), (2.1875, 0.9375)] {
            s.frame(time: t, policy: policy)
            #expect(s.scene().placeholder?.style == grey(v), "drop at \(t)")
        }
        s.frame(time: 2.25, policy: policy)
        #expect(s.state == .idle)
        #expect(s.scene().placeholder == nil)

        // A drop half-way through the lift starts from the colour reached (0.5) and goes to
        // white: 0.5 + (1 - 0.5) × e(0.5) = 0.75 half-way through the drop.
        s.touchDown(at: Point(x: 100, y: 22), time: 10, policy: policy)
        s.frame(time: 10.5, policy: policy)
        s.frame(time: 10.625, policy: policy)
        #expect(s.scene().placeholder?.style == grey(0.5))
        s.touchUp(time: 10.625, policy: policy)
        s.frame(time: 10.75, policy: policy)
        #expect(s.scene().placeholder?.style == grey(0.75))
    }

    /// Without the end colours (every policy but the cookbook) the placeholder is its static
    /// style from the lift's first frame to the drop's last, as before the fields.
    @Test func withoutEndColoursThePlaceholderIsStatic() {
        var c = DefaultPolicy.standardConfiguration
        c.snapshot.placeholder = .color(.black)
        let policy = DefaultPolicy(configuration: c)
        let order = Order(sections: ["abcdefghij".map { Item(String($0)) }])
        var s = DragSession(order: order, layout: TableLayout(order: order, width: 375, rowHeight: 44), viewport: phone)
        s.touchDown(at: Point(x: 100, y: 22), time: 0, policy: policy)
        for t in [0.5, 0.625] {
            s.frame(time: t, policy: policy)
            #expect(s.scene().placeholder?.style == .color(.black))
        }
        s.touchUp(time: 0.625, policy: policy)
        s.frame(time: 0.75, policy: policy)
        #expect(s.state == .dropping)
        #expect(s.scene().placeholder?.style == .color(.black))
        // A colour at the ends with a non-colour placeholder style changes nothing either.
        c.snapshot.placeholder = .visible
        c.snapshot.liftFrom.placeholder = .black
        #expect(c.snapshot.placeholder(at: s.snapshot!) == s.snapshot!.placeholder)
    }
}
