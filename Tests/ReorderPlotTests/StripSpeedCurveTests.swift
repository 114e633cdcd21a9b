import ReorderCore
import Testing
@testable import ReorderPlot

/// `reorder play --layout strip` charts `default`'s curve along the strip: `edge_scroll.axes =
/// "main"` is the axis the plotted layout scrolls along (`SpeedPlot.Options.scrollAxis`).
@Suite struct StripSpeedCurveTests {
    /// The strip's 375 × 44 pt viewport. Along x default's zone is min(25 % of 375, 120) =
    /// 93.75 pt (DefaultPolicy: ZONE_FRACTION 0.25, maximumZone 120); sampled vertically, as
    /// before `scrollAxis`, it was the 44 pt height's 11 pt. At the edge (depth = zone) and
    /// after the ramp the speed is 1500 pt/s either way.
    @Test func mainIsTheStripsAxis() {
        var options = SpeedPlot.Options(viewport: Size(width: 375, height: 44), frameRate: 60)
        options.scrollAxis = .horizontal
        let strip = SpeedCurve(name: "default", policy: DefaultPolicy(), options: options)
        #expect(strip.axis == .horizontal)
        #expect(strip.zone == 93.75)
        #expect(strip.speedAtEdge == 1500)

        options.scrollAxis = .vertical
        let list = SpeedCurve(name: "default", policy: DefaultPolicy(), options: options)
        #expect(list.axis == .vertical)
        #expect(list.zone == 11)
    }
}
