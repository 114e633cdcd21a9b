import Testing
import ReorderCore
@testable import ReorderPlot

/// A zone hook answering 1e300 pt (finite and non-negative: the engine accepts it).
final class HugeZonePolicy: NativePolicy {
    convenience init() { self.init(configuration: PolicyConfiguration(name: "huge")) }
    override func edgeZone(_ ctx: PolicyContext, axis: Axis, viewportLength: Double) -> Double { 1e300 }
    override func scrollSpeed(_ ctx: PolicyContext, axis: Axis, depth: Double, zone: Double, elapsed: Double) -> Double { depth }
}

/// Plots of absurd but finite data: no Double → Int trap, every drawn number finite.
/// Before: `reorder render` of a trace with 1e308 coordinates trapped in NiceTicks
/// ("infinite or NaN", LinearScale.swift:63), and a 1e300 pt zone in SpeedCurve.
@Suite struct PlotLimitTests {
    @Test func ticksOfNonFiniteEndsAreTheUnitTicks() {
        // -inf reads as 0 and NaN as lower + 1: the ticks of 0...1.
        #expect(NiceTicks(from: -.infinity, upTo: .nan).values == NiceTicks(upTo: 1).values)
        #expect(NiceTicks(upTo: 1).values == [0, 0.2, 0.4, 0.6, 0.8, 1])
        #expect(NiceTicks(from: .nan, upTo: .infinity).values == NiceTicks(upTo: 1).values)
    }

    @Test func ticksOfHugeValuesAreFiniteAndFew() {
        // A one-unit span at 1e300 is far below the precision of 1e300: the step grows to
        // 10^285 (1e300 / 10^285 = 10^15 steps, the largest index used), so a tick or two.
        let high = NiceTicks(from: 1e300, upTo: 1e300)
        #expect(high.values.allSatisfy { $0.isFinite })
        #expect((1...3).contains(high.values.count))
        #expect(high.upper >= 1e300 * (1 - 1e-12))
        #expect(high.decimals == 0)
        // 0 to 1e308 in steps of 2 × 10^307: six ticks, the last at 10^308.
        let wide = NiceTicks(upTo: 1e308)
        #expect(wide.values.count == 6)
        #expect(wide.values.allSatisfy { $0.isFinite })
        #expect(abs(wide.upper - 1e308) <= 1e308 * 1e-12)
        // The lowest tick at or below the lower end, always.
        let low = NiceTicks(from: -1.7e308, upTo: -1.7e308)
        #expect(low.values.allSatisfy { $0.isFinite } && low.lower <= -1.7e308 * (1 - 1e-12))
    }

    /// A drag whose finger went to ±1e308 and whose times reach 1e300 s.
    func farAwayTimeline() -> DragTimeline {
        let order = Order(sections: [["a", "b", "c"].map(Item.init)])
        var recorder = DragTimelineRecorder(policyName: "far", viewport: Size(width: 375, height: 667), order: order)
        let fingers = [Point(x: 100, y: 20), Point(x: 1e308, y: 1e308), Point(x: -1e308, y: -1.7e308)]
        for (k, finger) in fingers.enumerated() {
            recorder.recordFrame(time: k == 2 ? 1e300 : Double(k), phase: .dragging, finger: finger,
                                 snapshotCenter: finger, contentOffset: .zero)
        }
        recorder.recordEvents([.begin(position: ItemPosition(section: 0, item: 0), time: 0)], orderAfter: order)
        return recorder.timeline
    }

    @Test func farAwayValuesAreDrawnClampedAndSaidSo() throws {
        let plot = TimelinePlot(timeline: farAwayTimeline())
        #expect(plot.isClamped)
        let svg = plot.render()
        #expect(!svg.contains("nan") && !svg.contains("inf"))
        let root = try parseXML(svg)
        #expect(svg.contains("values past ±1000000000 clamped"))
        // The data attributes keep the exact values.
        let series = try #require(root.element(id: "drag-timeline")).descendants.filter { $0.classes.contains("series") }
        // Both axes moved: the vertical one (the primary on a tie) first, named with its letter.
        #expect(series.map { $0["data-name"] ?? "" } == ["content offset y", "snapshot centre y", "finger y",
                                                         "content offset x", "snapshot centre x", "finger x"])
        let finger = try #require(series.first { $0["data-name"] == "finger y" })
        #expect(finger.numbers("data-value") == [20, 1e308, -1.7e308])
        #expect(finger.numbers("data-time") == [0, 1, 1e300])
        // The known drag draws nothing clamped and says nothing about it.
        #expect(!TimelinePlot(timeline: knownTimeline()).isClamped)
        #expect(!TimelinePlot(timeline: knownTimeline()).render().contains("clamped"))
    }

    @Test func aHugeZoneIsSampledWithinTheBudget() {
        let options = SpeedPlot.Options()
        let curve = SpeedCurve(name: "huge", policy: HugeZonePolicy(), options: options)
        #expect(curve.zone == 1e300)
        // maxSamples (240) depths in the zone plus the edge, and 44 past it (one per point).
        #expect(curve.depths.count == options.maxSamples + 1 + 44)
        #expect(curve.depths.allSatisfy { $0.isFinite })
        let svg = SpeedPlot(policies: [(name: "huge", policy: HugeZonePolicy())]).render()
        #expect(!svg.contains("nan") && !svg.contains("inf"))
    }
}
