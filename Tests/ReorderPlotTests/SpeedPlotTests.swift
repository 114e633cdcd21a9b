import Testing
import ReorderCore
@testable import ReorderPlot

@Suite struct SpeedPlotTests {
    let linear = LinearTestPolicy()
    let ramp = RampTestPolicy()
    let off = OffTestPolicy()

    func plot(_ policies: [(String, any DragPolicy)], frameRate: Double = 60) throws -> XMLNode {
        let p = SpeedPlot(policies: policies.map { (name: $0.0, policy: $0.1) },
                          options: .init(viewport: Size(width: 375, height: 667), frameRate: frameRate))
        return try parseXML(p.render())
    }

    @Test func distancePanelHasOneSeriesPerEnabledPolicyWithThePolicysSpeeds() throws {
        let root = try plot([("linear", linear), ("ramp", ramp), ("off", off)])
        #expect(root.name == "svg")
        let panel = try #require(root.element(id: "speed-by-distance"))
        let series = panel.all("polyline", class: "series")
        #expect(series.map { $0["data-name"] } == ["linear", "ramp"])

        let jx = series[0]
        #expect(jx["data-zone"] == "150")
        #expect(jx["data-elapsed"] == "5")
        let depths = jx.numbers("data-depth"), speeds = jx.numbers("data-speed")
        #expect(depths.count == 151)
        #expect(speeds.count == 151)
        #expect(depths.first == 150)
        #expect(depths.last == 0)
        #expect(speeds.first == speed(of: linear, depth: 150, zone: 150, elapsed: 5))
        #expect(speeds.first == 1200)
        #expect(speeds.last == speed(of: linear, depth: 0, zone: 150, elapsed: 5))
        #expect(speeds.last == 0)
        #expect(jx.numbers("data-distance").first == 0)
        #expect(jx.numbers("data-distance").last == 150)

        // 25 % of 667 pt = 166.75 pt zone, full 900 pt/s at the edge after the ramp.
        let r = series[1]
        let rz = 166.75
        #expect(r["data-zone"] == "166.75")
        #expect(r.numbers("data-depth").first == rz)
        #expect(r.numbers("data-speed").first == speed(of: ramp, depth: rz, zone: rz, elapsed: 5))
        #expect(r.numbers("data-speed").first == 900)
        #expect(r.numbers("data-speed").last == speed(of: ramp, depth: 0, zone: rz, elapsed: 5))
        // every point, not only the ends
        for (d, v) in zip(r.numbers("data-depth"), r.numbers("data-speed")) {
            #expect(v == speed(of: ramp, depth: d, zone: rz, elapsed: 5))
        }
    }

    @Test func polylinePixelsMatchTheDataThroughTheAxes() throws {
        let p = SpeedPlot(policies: [(name: "linear", policy: linear)])
        let root = try parseXML(p.render())
        let line = try #require(root.element(id: "speed-by-distance")?.all("polyline", class: "series").first)
        let pts = (line["points"] ?? "").split(separator: " ").map { $0.split(separator: ",").compactMap { Double(String($0)) } }
        #expect(pts.count == 151)
        // x axis 0...150 over 78...598, y axis 0...1200 over 350...70.
        #expect(pts.first == [78, 70])
        #expect(pts.last == [598, 350])
    }

    @Test func zoneBordersAreMarkedPerPolicy() throws {
        let root = try plot([("linear", linear), ("ramp", ramp), ("off", off)])
        let borders = try #require(root.element(id: "speed-by-distance")).all("line", class: "zone-border")
        #expect(borders.map { $0["data-name"] } == ["linear", "ramp"])
        #expect(borders.map { $0["data-zone"] } == ["150", "166.75"])
    }

    @Test func legendNamesEveryPolicyAndSaysWhichHaveNoEdgeScroll() throws {
        let root = try plot([("linear", linear), ("ramp", ramp), ("off", off)])
        let legend = try #require(root.all("g", class: "legend").first)
        #expect(legend.all("text", class: "legend-name").map(\.text) == ["linear", "ramp", "off"])
        #expect(legend.all("text", class: "legend-detail").map(\.text) == [
            "zone 150 pt, max 1200 pt/s", "zone 166.8 pt, max 900 pt/s, time ramp", "no edge scroll"])
    }

    @Test func axesAreLabelledWithUnits() throws {
        let root = try plot([("linear", linear), ("ramp", ramp)])
        let labels = root.all("text", class: "axis-label").map(\.text)
        #expect(labels == ["distance of the reference point from the edge (pt)", "scroll speed (pt/s)",
                           "time since the reference point entered the zone (s)", "scroll speed (pt/s)"])
        let yTicks = try #require(root.element(id: "speed-by-distance")?.all("g").first { $0["data-axis"] == "y" })
        #expect(yTicks.all("text", class: "tick-label").map(\.text) == ["0", "200", "400", "600", "800", "1000", "1200"])
    }

    @Test func timePanelAppearsOnlyWhenASpeedDependsOnTime() throws {
        let flat = try plot([("linear", linear)])
        #expect(flat.element(id: "speed-over-time") == nil)

        let root = try plot([("linear", linear), ("ramp", ramp)])
        let panel = try #require(root.element(id: "speed-over-time"))
        let series = panel.all("polyline", class: "series")
        #expect(series.map { $0["data-name"] } == ["linear", "ramp"])
        #expect(series.map { $0["data-time-dependent"] } == ["false", "true"])
        let r = series[1]
        let times = r.numbers("data-time"), speeds = r.numbers("data-speed")
        #expect(times.first == 0)
        #expect(speeds.first == 0)   // the ramp starts at rest
        #expect(speeds.first == speed(of: ramp, depth: 166.75, zone: 166.75, elapsed: 0))
        // the ramp settles at 0.4 s, so the time axis ends at the nice tick above 0.5 s: 0.5 s
        #expect(times.last == 0.5)
        #expect(speeds.last == speed(of: ramp, depth: 166.75, zone: 166.75, elapsed: 0.5))
        #expect(speeds.count == 31)   // 60 Hz frames from 0 to 0.5 s
        #expect(speeds[12] == 900 * ((12.0 / 60) / 0.4))
        #expect(series[0].numbers("data-speed").allSatisfy { $0 == 1200 })
    }

    @Test func frameRateReachesThePolicyAndTheTimeSamples() throws {
        let root = try plot([("linear", linear), ("ramp", ramp)], frameRate: 120)
        let series = try #require(root.element(id: "speed-by-distance")).all("polyline", class: "series")
        #expect(series[0].numbers("data-speed").first == 2400)   // 20 pt per frame at 120 Hz
        let t = try #require(root.element(id: "speed-over-time")).all("polyline", class: "series")[1]
        #expect(t.numbers("data-time").count == 61)
        #expect(t.numbers("data-time")[1] == 1.0 / 120)
    }

    @Test func misbehavingSpeedsAreClampedAsTheEngineDoes() throws {
        let curve = SpeedCurve(name: "broken", policy: BrokenTestPolicy(), options: .init())
        #expect(curve.speeds.first == 0)   // NaN
        #expect(curve.speeds.allSatisfy { $0 == 0 })   // negative
        _ = try parseXML(SpeedPlot(policies: [(name: "broken", policy: BrokenTestPolicy())]).render())
    }

    @Test func outputIsDeterministic() {
        let make = { SpeedPlot(policies: [(name: "linear", policy: self.linear), (name: "ramp", policy: self.ramp)]).render() }
        #expect(make() == make())
    }
}
