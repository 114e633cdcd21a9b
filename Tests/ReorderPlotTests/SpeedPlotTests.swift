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
        // 44 one-point steps past the edge, then 150 inside the zone.
        #expect(depths.count == 195)
        #expect(speeds.count == 195)
        #expect(depths.first == 194)
        #expect(depths[44] == 150)
        #expect(depths.last == 0)
        #expect(speeds.first == speed(of: linear, depth: 194, zone: 150, elapsed: 5))
        let pastEdgeSpeed: Double = 194.0 / 150 * 1200
        #expect(speeds.first == pastEdgeSpeed)
        #expect(speeds[44] == 1200)   // at the edge: 20 pt per frame at 60 Hz
        #expect(speeds.last == speed(of: linear, depth: 0, zone: 150, elapsed: 5))
        #expect(speeds.last == 0)
        #expect(jx.numbers("data-distance").first == -44)
        #expect(jx.numbers("data-distance")[44] == 0)
        #expect(jx.numbers("data-distance").last == 150)

        // 25 % of 667 pt = 166.75 pt zone, full 900 pt/s at the edge after the ramp.
        let r = series[1]
        let rz = 166.75
        #expect(r["data-zone"] == "166.75")
        #expect(r.numbers("data-depth").first == rz + 44)
        #expect(r.numbers("data-speed").first == speed(of: ramp, depth: rz + 44, zone: rz, elapsed: 5))
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
        #expect(pts.count == 195)
        // x axis -50...150 over 78...598; y axis 0...2000 over 358...78: the plot's top is 16
        // (margin) + 44 (title and subtitle) + 18 (one row of labels, "150 pt" and "edge",
        // 16 pt + 2) = 78.
        let firstX: Double = 78 + 6.0 / 200 * 520, firstY: Double = 358 - 1552.0 / 2000 * 280
        let edgeX: Double = 78 + 50.0 / 200 * 520, edgeY: Double = 358 - 1200.0 / 2000 * 280
        #expect(pts.first == [firstX, firstY])
        #expect(pts[44] == [edgeX, edgeY])
        #expect(pts.last == [598, 358])
    }

    @Test func zoneBordersAndTheEdgeAreMarked() throws {
        let root = try plot([("linear", linear), ("ramp", ramp), ("off", off)])
        let panel = try #require(root.element(id: "speed-by-distance"))
        let borders = panel.all("line", class: "zone-border")
        #expect(borders.map { $0["data-name"] } == ["linear", "ramp"])
        #expect(borders.map { $0["data-zone"] } == ["150", "166.75"])
        #expect(panel.all("line", class: "edge").count == 1)
        #expect(panel.all("text", class: "past-edge-label").map(\.text) == ["past the edge"])
    }

    @Test func legendNamesEveryPolicyAndSaysWhichHaveNoEdgeScroll() throws {
        let root = try plot([("linear", linear), ("ramp", ramp), ("off", off)])
        let legend = try #require(root.all("g", class: "legend").first)
        #expect(legend.all("text", class: "legend-name").map(\.text) == ["linear", "ramp", "off"])
        #expect(legend.all("text", class: "legend-detail").map(\.text) == [
            "zone 150 pt, 1200 pt/s at the edge, up to 1552", "over time: 44 pt past the edge",
            "zone 166.8 pt, 900 pt/s at the edge, time ramp", "over time: 82.9 pt inside the edge",
            "no edge scroll"])
    }

    @Test func axesAreLabelledWithUnits() throws {
        let root = try plot([("linear", linear), ("ramp", ramp)])
        let labels = root.all("text", class: "axis-label").map(\.text)
        #expect(labels == ["distance of the reference point from the edge (pt)", "scroll speed (pt/s)",
                           "time since the reference point entered the zone (s)", "scroll speed (pt/s)"])
        let panel = try #require(root.element(id: "speed-by-distance"))
        let x = try #require(panel.all("g").first { $0["data-axis"] == "x" })
        #expect(x.all("text", class: "tick-label").map(\.text) == ["-50", "0", "50", "100", "150", "200"])
        let y = try #require(panel.all("g").first { $0["data-axis"] == "y" })
        #expect(y.all("text", class: "tick-label").map(\.text) == ["0", "500", "1000", "1500", "2000"])
    }

    @Test func timePanelAppearsOnlyWhenASpeedDependsOnTime() throws {
        let flat = try plot([("linear", linear)])
        #expect(flat.element(id: "speed-over-time") == nil)

        let root = try plot([("linear", linear), ("ramp", ramp)])
        let panel = try #require(root.element(id: "speed-over-time"))
        let series = panel.all("polyline", class: "series")
        #expect(series.map { $0["data-name"] } == ["linear", "ramp"])
        #expect(series.map { $0["data-time-dependent"] } == ["false", "true"])
        // each where its distance curve first reaches its top: linear's grows to the deepest
        // sample (150 + 44 past the edge); ramp's 900 from half its zone, 83.375 pt: the first
        // sample at or past it is 166.75 x 84 / 167 (one-point steps over 167 intervals)
        let rampDepth: Double = 166.75 * 84 / 167
        #expect(series.map { $0["data-depth"] } == ["194", "\(SVGNumber.exact(rampDepth))"])
        let r = series[1]
        let times = r.numbers("data-time"), speeds = r.numbers("data-speed")
        #expect(times.first == 0)
        #expect(speeds.first == 0)   // the ramp starts at rest
        #expect(speeds.first == speed(of: ramp, depth: rampDepth, zone: 166.75, elapsed: 0))
        // the ramp settles at 0.4 s, so the time axis ends at the nice tick above 0.5 s: 0.5 s
        #expect(times.last == 0.5)
        #expect(speeds.last == speed(of: ramp, depth: rampDepth, zone: 166.75, elapsed: 0.5))
        #expect(speeds.count == 31)   // 60 Hz frames from 0 to 0.5 s
        let atFrame12: Double = 900 * ((12.0 / 60) / 0.4)
        #expect(speeds[12] == atFrame12)
        let linearDeepest: Double = 194.0 / 150 * 1200
        #expect(series[0].numbers("data-speed").allSatisfy { $0 == linearDeepest })
    }

    @Test func frameRateReachesThePolicyAndTheTimeSamples() throws {
        let root = try plot([("linear", linear), ("ramp", ramp)], frameRate: 120)
        let series = try #require(root.element(id: "speed-by-distance")).all("polyline", class: "series")
        #expect(series[0].numbers("data-speed")[44] == 2400)   // 20 pt per frame at 120 Hz
        let t = try #require(root.element(id: "speed-over-time")).all("polyline", class: "series")[1]
        #expect(t.numbers("data-time").count == 61)
        #expect(t.numbers("data-time")[1] == 1.0 / 120)
    }

    @Test func eachSeriesIsSampledInsideOneDrag() {
        let policy = DragCountingPolicy()
        let curve = SpeedCurve(name: "counting", policy: policy, options: .init())
        // one drag for the distance curve, one for the time curve
        #expect(policy.begins == 2)
        #expect(policy.ends == 2)
        // the speed is the number of calls since the drag began, so each series counts from 1
        #expect(curve.speeds.first == 1)
        #expect(curve.timeSpeeds.first == 1)
        #expect(curve.isTimeDependent)
    }

    @Test func misbehavingSpeedsAreClampedAsTheEngineDoes() throws {
        let curve = SpeedCurve(name: "broken", policy: BrokenTestPolicy(), options: .init())
        #expect(curve.speeds[curve.depths.firstIndex(of: 40) ?? 0] == 0)   // NaN at the edge
        #expect(curve.speeds.allSatisfy { $0 == 0 })                        // negative elsewhere
        _ = try parseXML(SpeedPlot(policies: [(name: "broken", policy: BrokenTestPolicy())]).render())
    }

    @Test func depthSamplesKeepTheEdgeAndEndsExact() {
        let d = SpeedCurve.depthSamples(zone: 0.3, pastEdge: 0.7, maxSamples: 240)
        #expect(d == [1, 0.3, 0])
        let e = SpeedCurve.depthSamples(zone: 1000, pastEdge: 0, maxSamples: 10)
        #expect(e.count == 11)
        #expect(e.first == 1000)
        #expect(e.last == 0)
    }

    @Test func outputIsDeterministic() {
        let make = { SpeedPlot(policies: [(name: "linear", policy: self.linear), (name: "ramp", policy: self.ramp)]).render() }
        #expect(make() == make())
    }

    /// The doc comment's example: a width of 1 px puts every comma-separated part on a line of
    /// its own, the comma kept at the end of each line but the last; a line that fits stays whole.
    @Test func wrappedBreaksAfterCommasAtTheWidth() {
        #expect(SpeedPlot.wrapped("zone 120 pt, 1024 pt/s at the edge", width: 1, fontSize: 11)
                == ["zone 120 pt,", "1024 pt/s at the edge"])
        #expect(SpeedPlot.wrapped("zone 120 pt, 1024 pt/s at the edge", width: 1000, fontSize: 11)
                == ["zone 120 pt, 1024 pt/s at the edge"])
        // "a, b, c" at 11 px: "a, b" is 11 × (0.6 + 0.32 + 0.32 + 0.6) = 20.24 px (ChartPanel's
        // estimate), "a, b, c" 33.44 px: a 21 px width breaks before "c" only.
        #expect(SpeedPlot.wrapped("a, b, c", width: 21, fontSize: 11) == ["a, b,", "c"])
    }

    /// With `wrapsLegend` (the playground's chart) no legend line is wider than the plot, so a
    /// long clamp note does not widen the drawing past the plots' own width.
    @Test func aWrappedLegendKeepsTheDrawingAtThePlotsWidth() throws {
        var o = SpeedPlot.Options(viewport: Size(width: 375, height: 667), frameRate: 60)
        o.plotWidth = 120
        let name = "p"
        let wide = SpeedPlot(policies: [(name: name, policy: linear)], options: o).render()
        o.wrapsLegend = true
        let narrow = SpeedPlot(policies: [(name: name, policy: linear)], options: o).render()
        func width(_ svg: String) -> Double? {
            guard let r = svg.range(of: "width=\"") else { return nil }
            return Double(svg[r.upperBound...].prefix { $0 != "\"" })
        }
        let w = try #require(width(narrow)), ww = try #require(width(wide))
        #expect(ww > w)
        #expect(narrow.contains("legend-detail"))
    }
}
