import Testing
@testable import ReorderCore

@Suite struct EdgeScrollTests {
    /// `ctx.over_since` and `ctx.outside` (pragmatic-drag-and-drop's engagement):
    /// the drag time at the start of the dragging frame in which the finger came over the
    /// viewport (frame start = the frame's time - its dt), nil while it is outside; outside is
    /// the half-open hit test [0, 375) × [0, 667). Times are binary fractions (exact).
    @Test func contextKnowsWhenTheFingerCameOverTheViewport() {
        var c = DefaultPolicy.standardConfiguration
        c.edgeScroll.enabled = false
        let policy = DefaultPolicy(configuration: c)
        let order = Order(sections: [rowItems(30)])
        var s = DragSession(order: order, layout: TableLayout(order: order, width: 375, rowHeight: 44), viewport: phone)
        s.touchDown(at: Point(x: 100, y: 22), time: 0, policy: policy)
        #expect(s.context().overSince == nil && !s.context().outside)     // pressing
        s.frame(time: 0.5, policy: policy)                                 // the drag begins at 0.5
        #expect(s.state == .dragging)
        #expect(s.context().overSince == nil && !s.context().outside)     // no dragging frame yet
        s.frame(time: 0.53125, policy: policy)                             // starts at 0.5: drag time 0
        #expect(s.context().overSince == 0)
        s.frame(time: 0.5625, policy: policy)
        #expect(s.context().overSince == 0)                                // still the first
        for (point, outside) in [(Point(x: -10, y: 300), true), (Point(x: 375, y: 300), true),
                                 (Point(x: 100, y: 667), true), (Point(x: 374.5, y: 666.5), false),
                                 (Point(x: 0, y: 0), false)] {
            s.touchMove(to: point, time: 0.5625, policy: policy)
            #expect(s.context().outside == outside, "\(point)")
        }
        s.touchMove(to: Point(x: -10, y: 300), time: 0.5625, policy: policy)
        s.frame(time: 0.59375, policy: policy)
        #expect(s.context().overSince == nil)                              // outside: the engagement ends
        s.touchMove(to: Point(x: 100, y: 300), time: 0.625, policy: policy)
        s.frame(time: 0.625, policy: policy)                               // dt 0.03125: starts at 0.59375
        #expect(s.context().overSince == 0.09375)                          // 0.59375 - 0.5
        #expect(!s.context().outside)
        s.frame(time: 0.65625, policy: policy)
        #expect(s.context().overSince == 0.09375)
        s.touchUp(time: 0.65625, policy: policy)                           // the drop: no finger
        #expect(s.context().overSince == nil && !s.context().outside)
    }

    /// A dragging frame's hooks see the context `context()` gives after the frame, with the
    /// frame's interval as `dt` (the frame builds it from its own finger test: `frameContext`).
    /// Same drag and times as `contextKnowsWhenTheFingerCameOverTheViewport`, with edge
    /// scrolling on (a zero zone: nothing scrolls) so that the frame asks for the zone: the
    /// finger over the viewport from the first dragging frame (over since 0.5 - 0.5 = 0), out
    /// on the left and on the right edge (half-open: x = 375 is outside), back over in the frame
    /// at 0.625 whose interval starts at 0.59375 (over since 0.09375).
    @Test func aFramesHooksSeeTheContextWithTheFramesInterval() {
        final class ZoneRecorder: NativePolicy {
            var seen: [(overSince: Double?, outside: Bool, dt: Double, dragTime: Double)] = []
            convenience init() { self.init(configuration: DefaultPolicy.standardConfiguration) }
            override func edgeZone(_ ctx: PolicyContext, axis: Axis, viewportLength: Double) -> Double {
                seen.append((ctx.overSince, ctx.outside, ctx.dt, ctx.dragTime))
                return 0
            }
        }
        let policy = ZoneRecorder()
        policy.configuration.edgeScroll.enabled = true
        let order = Order(sections: [rowItems(30)])
        var s = DragSession(order: order, layout: TableLayout(order: order, width: 375, rowHeight: 44), viewport: phone)
        s.touchDown(at: Point(x: 100, y: 22), time: 0, policy: policy)
        s.frame(time: 0.5, policy: policy)                                 // the lift: no dragging frame yet
        #expect(s.state == .dragging && policy.seen.isEmpty)
        // (move to, frame time, over since, outside); every frame's interval is 0.03125.
        let steps: [(Point?, Double, Double?, Bool)] = [
            (nil, 0.53125, 0, false),
            (Point(x: -10, y: 300), 0.5625, nil, true),
            (Point(x: 375, y: 300), 0.59375, nil, true),
            (Point(x: 100, y: 300), 0.625, 0.09375, false),
            (nil, 0.65625, 0.09375, false),
        ]
        for (move, t, overSince, outside) in steps {
            if let move { s.touchMove(to: move, time: t, policy: policy) }
            policy.seen.removeAll()
            s.frame(time: t, policy: policy)
            #expect(!policy.seen.isEmpty, "\(t)")
            let after = s.context()
            for ctx in policy.seen {
                #expect(ctx.overSince == overSince && ctx.outside == outside, "\(t)")
                #expect(ctx.overSince == after.overSince && ctx.outside == after.outside, "\(t)")
                #expect(ctx.dt == 0.03125 && ctx.dragTime == t - 0.5, "\(t)")
            }
        }
    }

    /// Lifts row 0, then holds the finger 20 pt above the bottom edge; returns how far the
    /// content scrolls in the following second.
    func scrolledInOneSecond(policy: any DragPolicy, frameRate: Double) -> (distance: Double, sim: DragSimulator) {
        let sim = tableSimulator([rowItems(100)], policy: policy, frameRate: frameRate)
        sim.pressItem(pos(0, 0))
        sim.hold(policy.configuration.minPressDuration)
        #expect(sim.state == .dragging)
        sim.move(to: Point(x: 187.5, y: 647))
        sim.hold(policy.configuration.snapshot.lift.duration)
        expectInvariants(sim)
        let before = sim.offset.y
        let frames = Int(frameRate)
        for _ in 0..<frames {
            sim.tick(1)
            expectInvariants(sim)
        }
        return (sim.offset.y - before, sim)
    }

    /// JXMovableCellTableView: the finger 20 pt from the bottom; limitSnapshotCenterY
    /// (JXMovableCellTableView.m:290-295) keeps the centre 22 pt inside, so it is 128 pt deep in
    /// the 150 pt zone → 128/150 × 20 pt per display frame (m:339, once per CADisplayLink frame,
    /// m:320-324): 1024 pt per second at 60 Hz, 2048 at 120 Hz.
    @Test(arguments: [60.0, 120.0])
    func jxScrolls128Over150Times20PointsPerFrame(frameRate: Double) {
        let (distance, sim) = scrolledInOneSecond(policy: JXMovablePolicy(), frameRate: frameRate)
        let expected = 128.0 / 150 * 20 * frameRate
        #expect(abs(distance - expected) < 1e-9, "scrolled \(distance)")
        #expect(sim.snapshot.map { abs($0.center.y - (667 - 22)) < 1e-9 } == true)
        #expect(sim.snapshot.map { abs($0.contentCenter.y - (667 - 22 + sim.offset.y)) < 1e-9 } == true)
        #expect(sim.finger == Point(x: 187.5, y: 647))
    }

    /// `snapshot.clamp = "half"`: the row under the finger is looked up at the clamped point
    /// (JXMovableCellTableView.m:195), and a finger past the edge scrolls no faster than one
    /// on the clamp line.
    @Test func jxLooksUpTheTargetAtTheClampedPoint() {
        let sim = tableSimulator([rowItems(100)], policy: JXMovablePolicy())
        sim.pressItem(pos(0, 5))
        sim.hold(1.25)
        // 10 pt past the top: the centre stays at y 22, over row 0 (0...44).
        sim.move(to: Point(x: 187.5, y: -10))
        #expect(sim.snapshot?.center.y == 22)
        #expect(sim.order.ids[0].first == "r5")
        expectInvariants(sim)
    }

    /// `default`: zone min(25 % × 667, 120) = 120; the finger 20 pt from the edge is 100 deep:
    /// 1500 × (100/120)² = 1041.67 pt/s once the 0.4 s ramp is over. Frame-rate independent.
    @Test func defaultIsFrameRateIndependent() {
        let a = scrolledInOneSecond(policy: DefaultPolicy(), frameRate: 60).distance
        let b = scrolledInOneSecond(policy: DefaultPolicy(), frameRate: 120).distance
        let full = 1500.0 * (100.0 / 120) * (100.0 / 120)
        // The episode began when the finger reached the zone at 0.5 s; the measured second
        // starts after the 0.25 s lift, so it still holds the last 0.15 s of the 0.4 s ramp,
        // which loses full × 0.15² / (2 × 0.4).
        let expected = full * (1 - 0.15 * 0.15 / 0.8)
        #expect(abs(a - expected) < 1e-6, "60 Hz: \(a)")
        #expect(abs(b - expected) < 1e-6, "120 Hz: \(b)")
    }

    /// The time ramp: a fresh episode at constant depth scrolls v × (T − 0.2 s) in T ≥ 0.4 s,
    /// the same at 60 and 120 Hz (midpoint sampling of `elapsed`).
    @Test(arguments: [60.0, 120.0])
    func defaultRampIntegratesExactly(frameRate: Double) {
        let sim = tableSimulator([rowItems(100)], policy: DefaultPolicy(), frameRate: frameRate)
        sim.pressItem(pos(0, 5))
        sim.hold(0.5 + 0.25)
        #expect(sim.offset.y == 0)
        sim.move(to: Point(x: 100, y: 647))   // its frame (dt = 0) starts the episode
        let start = sim.offset.y
        sim.tick(Int(frameRate) - 1)           // T = 1 − 1/rate seconds of scrolling
        let v = 1500.0 * (100.0 / 120) * (100.0 / 120)
        #expect(abs((sim.offset.y - start) - v * (1 - 1 / frameRate - 0.2)) < 1e-6)
    }

    @Test func offsetIsClampedAtTheEnd() {
        let sim = tableSimulator([rowItems(100)], policy: JXMovablePolicy())
        sim.pressItem(pos(0, 0))
        sim.hold(1.25)
        sim.move(to: Point(x: 187.5, y: 666))
        sim.hold(10)
        #expect(sim.offset.y == 4400 - 667)
        expectInvariants(sim)
        // Back to the top edge: scrolls up to 0 and stays there.
        sim.move(to: Point(x: 187.5, y: 1))
        sim.hold(10)
        #expect(sim.offset.y == 0)
        expectInvariants(sim)
    }

    @Test func elapsedResetsWhenThePointLeavesTheZone() {
        final class Recorder: DefaultPolicy {
            var elapsed: [Double] = []
            override func scrollSpeed(_ ctx: PolicyContext, axis: Axis, depth: Double, zone: Double, elapsed: Double) -> Double {
                self.elapsed.append(elapsed)
                return 0
            }
        }
        let recorder = Recorder()
        let sim = tableSimulator([rowItems(100)], policy: recorder)
        sim.pressItem(pos(0, 5))
        sim.hold(0.75)
        // The move's own frame comes at the same time as the hold's last one (dt = 0): the
        // episode starts there and the speed is first asked on the next frame.
        sim.move(to: Point(x: 100, y: 600))
        sim.tick(3)
        sim.move(to: Point(x: 100, y: 300))
        sim.tick(2)
        sim.move(to: Point(x: 100, y: 600))
        sim.tick(1)
        let dt = 1.0 / 60
        let expected = [dt / 2, 1.5 * dt, 2.5 * dt, dt / 2]
        #expect(recorder.elapsed.count == 4)
        for (got, want) in zip(recorder.elapsed, expected) { #expect(abs(got - want) < 1e-12) }
    }

    /// `edge_scroll.inclusive`: a finger exactly on the inner border (depth 0) is in the zone
    /// and the speed hook is asked there (rbd's `distance === startScrollingFrom` gives 1 px,
    /// pragmatic's `isWithin` is inclusive); without it nothing is asked on the border.
    @Test(arguments: [false, true])
    func theInnerBorderIsInTheZoneOnlyWhenInclusive(inclusive: Bool) {
        final class Border: DefaultPolicy {
            var depths: [Double] = []
            var dts: [Double] = []
            override func scrollSpeed(_ ctx: PolicyContext, axis: Axis, depth: Double, zone: Double, elapsed: Double) -> Double {
                depths.append(depth); dts.append(ctx.dt)
                return 60
            }
        }
        var c = DefaultPolicy.standardConfiguration
        c.edgeScroll.inclusive = inclusive
        let policy = Border(configuration: c)
        let sim = tableSimulator([rowItems(100)], policy: policy, frameRate: 120)
        sim.pressItem(pos(0, 5))
        sim.hold(0.75)
        sim.move(to: Point(x: 100, y: 667 - 120))   // default's zone: min(25 % of 667, 120) = 120
        sim.tick(4)
        if inclusive {
            #expect(policy.depths == [0, 0, 0, 0])
            #expect(policy.dts.count == 4)
            for dt in policy.dts { #expect(abs(dt - 1.0 / 120) < 1e-12) }   // ctx.dt: the frame's interval
            #expect(abs(sim.offset.y - 4 * 60.0 / 120) < 1e-9)            // 60 pt/s for 4 frames of 1/120 s
        } else {
            #expect(policy.depths.isEmpty)
            #expect(sim.offset.y == 0)
        }
    }

    @Test func misbehavingSpeedsAndZonesScrollNothing() {
        final class Broken: DefaultPolicy {
            var speed = Double.nan
            var zone = 100.0
            override func edgeZone(_ ctx: PolicyContext, axis: Axis, viewportLength: Double) -> Double { zone }
            override func scrollSpeed(_ ctx: PolicyContext, axis: Axis, depth: Double, zone: Double, elapsed: Double) -> Double { speed }
        }
        let broken = Broken()
        let sim = tableSimulator([rowItems(100)], policy: broken)
        sim.pressItem(pos(0, 1))
        sim.hold(0.75)
        sim.move(to: Point(x: 100, y: 660))
        for bad: Double in [.nan, -Double.infinity, -50] {
            broken.speed = bad
            sim.tick(5)
            #expect(sim.offset.y == 0)
        }
        broken.speed = .infinity
        sim.tick(1)
        #expect(sim.offset.y == 0)
        broken.speed = 600
        broken.zone = .nan
        sim.tick(1)
        #expect(sim.offset.y == 0)
        broken.zone = 100
        sim.tick(6)
        #expect(abs(sim.offset.y - 60) < 1e-9)
        expectInvariants(sim)
    }

    @Test func leadingEdgeReference() {
        final class Leading: DefaultPolicy {
            init() {
                var c = DefaultPolicy.standardConfiguration
                c.edgeScroll.reference = .leadingEdge
                c.snapshot.lift = AnimationSpec(duration: 0)
                c.snapshot.scale = 1
                super.init(configuration: c)
            }
            var depths: [Double] = []
            override func edgeZone(_ ctx: PolicyContext, axis: Axis, viewportLength: Double) -> Double { 100 }
            override func scrollSpeed(_ ctx: PolicyContext, axis: Axis, depth: Double, zone: Double, elapsed: Double) -> Double {
                depths.append(depth); return 0
            }
        }
        let p = Leading()
        let sim = tableSimulator([rowItems(100)], policy: p)
        sim.pressItem(pos(0, 1))
        sim.hold(0.5)
        // Snapshot centre 560, 44 pt high: its bottom edge 582 is 15 pt into the zone [567, 667).
        sim.move(to: Point(x: 100, y: 560))
        sim.tick(1)
        #expect(p.depths == [15])
    }
}
