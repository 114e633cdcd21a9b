import Foundation
import Testing
import ReorderCore
@testable import ReorderPlot

/// The pictures a user looks at, checked by their SVG structure.
@Suite struct PictureTests {
    /// 12 moves in 0.45 s (one every 0.0375 s, a fast flick down a list), recorded the way a
    /// session loop feeds the recorder; `sections` 2 gives the long `1:3 → 1:4` labels.
    func flick(sections: Int) -> DragTimeline {
        let perSection = 20
        let order = Order(sections: (0..<sections).map { s in (0..<perSection).map { Item("s\(s)i\($0)") } })
        var recorder = DragTimelineRecorder(policyName: "flick", viewport: Size(width: 375, height: 667), order: order)
        var current = order
        var at = ItemPosition(section: 0, item: 1)
        for k in 0...60 {
            let t = Double(k) / 60
            let y = t < 0.3 ? 66 : 66 + min(t - 0.3, 0.45) / 0.45 * 528
            recorder.recordFrame(time: t, phase: t < 0.3 ? .pressing : .dragging, finger: Point(x: 100, y: y),
                                 snapshotCenter: t < 0.3 ? nil : Point(x: 187.5, y: y), contentOffset: .zero)
            var events: [DragEvent] = []
            if k == 18 { events.append(.begin(position: at, time: t)) }
            recorder.recordEvents(events, orderAfter: current)
        }
        // The 12 moves at 0.3 + 0.0375 × (1...12) s, each one row down (events only: the
        // recorder takes events between frames as a session loop gives them).
        for m in 1...12 {
            let to = ItemPosition(section: 0, item: at.item + 1)
            current.move(from: at, to: to)
            recorder.recordEvents([.move(from: at, to: to, semantics: .move, time: 0.3 + 0.0375 * Double(m))],
                                  orderAfter: current)
            at = to
        }
        return recorder.timeline
    }

    struct Box { var x, y, width, height: Double }

    func boxes(_ root: XMLNode) -> [Box] {
        root.all("rect", class: "move-marker-label-box").map {
            Box(x: Double($0["x"] ?? "") ?? .nan, y: Double($0["y"] ?? "") ?? .nan,
                width: Double($0["width"] ?? "") ?? .nan, height: Double($0["height"] ?? "") ?? .nan)
        }
    }

    func intersect(_ a: Box, _ b: Box) -> Bool {
        a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
    }

    func box(_ n: XMLNode) -> Box {
        Box(x: Double(n["x"] ?? "") ?? .nan, y: Double(n["y"] ?? "") ?? .nan,
            width: Double(n["width"] ?? "") ?? .nan, height: Double(n["height"] ?? "") ?? .nan)
    }

    /// The pixel points of every series line (polyline points and path commands).
    func seriesPoints(_ root: XMLNode) -> [(x: Double, y: Double)] {
        root.descendants.filter { $0.classes.contains("series") }.flatMap { line -> [(x: Double, y: Double)] in
            let raw = line["points"] ?? (line["d"] ?? "").replacingOccurrences(of: "M", with: " ")
                .replacingOccurrences(of: "L", with: " ")
            return raw.split(separator: " ").compactMap { pair in
                let v = pair.split(separator: ",").compactMap { Double(String($0)) }
                return v.count == 2 ? (v[0], v[1]) : nil
            }
        }
    }

    /// The dense flick's move labels sit in the lane above the plot: no box meets another, the
    /// plot area, or any point of a curve (before, they were drawn over the snapshot's line).
    @Test(arguments: [1, 2])
    func denseMoveLabelsStayOffTheCurves(sections: Int) throws {
        let root = try parseXML(TimelinePlot(timeline: flick(sections: sections)).render())
        let area = box(try #require(root.all("rect", class: "plot-area").first))
        let found = boxes(root)
        #expect(found.count == 12)   // every move labelled (per-drag numbers when full labels do not fit)
        for b in found {
            #expect(!intersect(b, area), "a label box meets the plot area")
            #expect(b.y + b.height <= area.y)
        }
        let points = seriesPoints(root)
        #expect(points.count > 100)
        for p in points { #expect(p.y >= area.y && p.y <= area.y + area.height) }
        for b in found {
            #expect(!points.contains { $0.x >= b.x && $0.x <= b.x + b.width && $0.y >= b.y && $0.y <= b.y + b.height })
        }
    }

    /// A viewport's y grows downwards: the chart's position axis too, the lowest tick at the top.
    @Test func theTimelinesYAxisPointsDownAsTheViewportsDoes() throws {
        let root = try parseXML(TimelinePlot(timeline: knownTimeline()).render())
        let axis = try #require(root.all("g").first { $0["data-axis"] == "y" })
        #expect(axis["data-direction"] == "down")
        let ticks = axis.all("text", class: "tick-label")
        // knownTimeline's values run 0...216 pt: ticks 0, 50, ... 250, top to bottom.
        #expect(ticks.map(\.text) == ["0", "50", "100", "150", "200", "250"])
        let ys = ticks.compactMap { Double($0["y"] ?? "") }
        #expect(ys == ys.sorted())
        #expect(ys.first.map { $0 < (ys.last ?? 0) } == true)
        // The finger starts at y = 66 and moves down to 216: its line goes down the page.
        let finger = try #require(root.all("polyline", class: "series").first { $0["data-name"] == "finger" })
        let pts = (finger["points"] ?? "").split(separator: " ").compactMap { Double($0.split(separator: ",").last ?? "") }
        let area = box(try #require(root.all("rect", class: "plot-area").first))
        // y = 66 of 0...250 over the plot's height, from its top.
        #expect(pts.first == area.y + 66.0 / 250 * area.height)
        #expect((pts.last ?? 0) > (pts.first ?? 0))
    }

    /// Two drags: each its own episode, with its own bracket, move numbers from 1, and lists
    /// under its own heading.
    @Test func twoDragsAreTwoEpisodes() throws {
        let one = knownTimeline()
        var two = one
        // The same drag again 2 s later.
        let shift = 2.0
        two.frames += one.frames.map { var f = $0; f.time += shift; return f }
        two.events += one.events.map { e in
            switch e {
            case .begin(let p, let t): return .begin(position: p, time: t + shift)
            case .move(let a, let b, let s, let t): return .move(from: a, to: b, semantics: s, time: t + shift)
            case .end(let a, let b, let t): return .end(from: a, to: b, time: t + shift)
            default: return e
            }
        }
        two.orders += one.orders.map { var o = $0; o.time += shift; return o }
        #expect(two.drags.map(\.moves) == [0..<3, 3..<6])
        #expect(two.drags.map(\.orders) == [0..<5, 5..<10])
        #expect(two.drags.map(\.begin) == [0.5, 2.5])
        #expect(two.drags.map(\.end) == [1.5, 3.5])
        let root = try parseXML(TimelinePlot(timeline: two).render())
        let spans = root.all("g", class: "drag-span")
        #expect(spans.map { $0["data-drag"] } == ["1", "2"])
        #expect(spans.map { $0["data-begin"] } == ["0.5", "2.5"])
        #expect(spans.map { $0["data-end"] } == ["1.5", "3.5"])
        #expect(root.all("text", class: "drag-span-label").map(\.text) == ["drag 1: 3 moves", "drag 2: 3 moves"])
        let markers = root.all("line", class: "move-marker")
        #expect(markers.map { $0["data-drag"] } == ["1", "1", "1", "2", "2", "2"])
        #expect(markers.map { $0["data-number"] } == ["1", "2", "3", "1", "2", "3"])
        #expect(root.all("text", class: "lists-drag").map(\.text)
                == ["drag 1: 0.5–1.5 s, 3 moves", "drag 2: 2.5–3.5 s, 3 moves"])
        #expect(root.all("text", class: "list-caption").map(\.text)
                == ["begin", "move 1", "move 2", "move 3", "end", "begin", "move 1", "move 2", "move 3", "end"])
        // Both drags' lists below their headings: drag 2's heading under drag 1's last list.
        let headings = root.all("text", class: "lists-drag").compactMap { Double($0["y"] ?? "") }
        let firstLists = root.all("g", class: "list-snapshot").prefix(5)
        let lowest = firstLists.flatMap { $0.all("rect") }.compactMap { Double($0["y"] ?? "") }.max() ?? .infinity
        #expect(headings.count == 2 && headings[1] > lowest)
        // One drag: no brackets, no headings.
        let single = try parseXML(TimelinePlot(timeline: one).render())
        #expect(single.all("g", class: "drag-span").isEmpty)
        #expect(single.all("text", class: "lists-drag").isEmpty)
    }

    @Test(arguments: [1, 2])
    func twelveMovesInAFewTenthsOfASecondGiveLabelsThatDoNotOverlap(sections: Int) throws {
        let timeline = flick(sections: sections)
        #expect(timeline.moves.count == 12)
        let root = try parseXML(TimelinePlot(timeline: timeline).render())
        let markers = root.all("line", class: "move-marker")
        #expect(markers.count == 12)
        // Every marker keeps its full label as a tooltip, whether or not it fits above the plot.
        #expect(markers.allSatisfy { $0.children.first?.name == "title" })
        let labels = root.all("text", class: "move-marker-label")
        let found = boxes(root)
        #expect(found.count == labels.count)
        #expect(labels.count >= 4)   // at least the first of each of the 4 label rows
        for i in found.indices {
            for j in found.indices where j > i {
                #expect(!intersect(found[i], found[j]), "label \(labels[i].text) overlaps \(labels[j].text)")
            }
        }
        // Each box is at least as wide as its text's estimate (so the drawn text stays inside).
        for (box, label) in zip(found, labels) {
            #expect(box.width >= estimatedTextWidth(label.text, fontSize: ChartPanel.labelFontSize))
            #expect(Double(label["x"] ?? "") == box.x + 1)
        }
    }

    @Test func estimatedWidthsAreThoseOfTheWiderFont() {
        // DejaVu Sans: digits 0.636 em, space 0.318 em, → 0.838 em: rounded up to 0.64, 0.32, 0.84.
        #expect(abs(estimatedTextWidth("12 → 13", fontSize: 10) - 40.4) < 1e-9)
        #expect(abs(estimatedTextWidth("1:3 → 1:4", fontSize: 10) - (4 * 6.4 + 2 * 3.2 + 2 * 3.2 + 8.4)) < 1e-9)
    }

    @Test func whereFingerAndSnapshotCoincideTheLegendShowsThatLook() throws {
        let root = try parseXML(TimelinePlot(timeline: knownTimeline()).render())
        let legend = try #require(root.all("g", class: "legend").first)
        let names = legend.all("g", class: "legend-entry").map { $0["data-name"] ?? "" }
        #expect(names == ["finger", "snapshot centre", "content offset", "finger on snapshot",
                          "pressing", "dragging", "dropping", "move"])
        let overlap = try #require(legend.all("g", class: "legend-entry").first { $0["data-name"] == "finger on snapshot" })
        // The snapshot's wide orange line under the finger's blue one, as the series are drawn.
        let lines = overlap.all("line")
        #expect(lines.map { $0["stroke"] } == [TimelinePlot.snapshotColor, TimelinePlot.fingerColor])
        #expect(lines.map { $0["stroke-width"] } == ["4", "2"])
        let snapshot = try #require(root.all("polyline", class: "series").first { $0["data-name"] == "snapshot centre" })
        #expect(snapshot["stroke-width"] == "4")
    }

    @Test func noOverlapEntryWithoutASnapshot() throws {
        var t = knownTimeline()
        t.frames = t.frames.map { var f = $0; f.snapshotCenter = nil; return f }
        let root = try parseXML(TimelinePlot(timeline: t).render())
        let legend = try #require(root.all("g", class: "legend").first)
        let names = legend.all("g", class: "legend-entry").map { $0["data-name"] ?? "" }
        // Every entry but "finger on snapshot" (the series are drawn, the snapshot's empty).
        #expect(names == ["finger", "snapshot centre", "content offset", "pressing", "dragging", "dropping", "move"])
    }

    @Test func policiesWithTheSameZoneShareOneBorderAndOneLabel() throws {
        let p = SpeedPlot(policies: [(name: "jx", policy: LinearTestPolicy()), (name: "ramp", policy: RampTestPolicy()),
                                     (name: "mine", policy: LinearTestPolicy())],
                          options: .init(viewport: Size(width: 375, height: 667), frameRate: 60))
        let root = try parseXML(p.render())
        let panel = try #require(root.element(id: "speed-by-distance"))
        let borders = panel.all("line", class: "zone-border")
        // LinearTestPolicy: 150 pt; RampTestPolicy: 25 % of 667 = 166.75 pt.
        #expect(borders.map { $0["data-zone"] } == ["150", "166.75"])
        #expect(borders.map { $0["data-name"] } == ["jx, mine", "ramp"])
        // One label per border; its tooltip and the legend say whose zone it is.
        #expect(panel.all("text", class: "zone-border-label").map(\.text) == ["150 pt", "166.8 pt"])
        #expect(borders.map { $0.children.first?.allText } == ["150 pt: jx, mine", "166.8 pt: ramp"])
        // Two distance curves still drawn for the two linear policies.
        #expect(panel.all("polyline", class: "series").count == 3)
    }

    /// A ramp that gives 0 on the edge is sampled where it reaches its top, so the time panel
    /// draws it; sampled past the edge (a fixed `timeDistance`), the line is flat and the legend
    /// does not claim a ramp.
    @Test func theTimePanelDrawsEachRampWhereItShows() throws {
        let policies: [(name: String, policy: any DragPolicy)] = [(name: "edge-zero", policy: NotOnTheEdgeRampTestPolicy())]
        let root = try parseXML(SpeedPlot(policies: policies).render())
        let line = try #require(root.element(id: "speed-over-time")?.all("polyline", class: "series").first)
        // 900 from half the 160 pt zone: the first one-point sample at or past depth 80 is 80.
        #expect(line["data-depth"] == "80")
        let speeds = line.numbers("data-speed")
        #expect(speeds.first == 0)
        #expect(speeds[12] == 450)   // frame 12 of the 400 ms ramp: 900 x 0.2 / 0.4
        #expect(speeds.last == 900)
        #expect(root.all("text", class: "legend-detail").map(\.text) == [
            "zone 160 pt, 0 pt/s at the edge, up to 900, time ramp", "over time: 80 pt inside the edge"])
        // One curve: a short subtitle, which fits the playground's chart (a 360 px plot: 78 + 360
        // + 40 = 478 px wide, shown at its own size); several curves point to the legend.
        let subtitle = try #require(root.element(id: "speed-over-time")).all("text", class: "panel-subtitle").map(\.text)
        #expect(subtitle == ["where its speed first reaches its top; a sample every 1/60 s"])
        #expect(78 + estimatedTextWidth(subtitle[0], fontSize: ChartPanel.smallFontSize) <= 78 + 360 + 40)

        var options = SpeedPlot.Options()
        options.timeDistance = -22
        let past = try parseXML(SpeedPlot(policies: policies, options: options).render())
        let flat = try #require(past.element(id: "speed-over-time")?.all("polyline", class: "series").first)
        #expect(flat["data-depth"] == "182")
        #expect(flat.numbers("data-speed").allSatisfy { $0 == 0 })
        #expect(past.all("text", class: "legend-detail").map(\.text) == [
            "zone 160 pt, 0 pt/s at the edge, up to 900", "over time: 22 pt past the edge: no change drawn there"])
    }

    /// Two policies with the same curves: the second is dashed over the first and the legend
    /// says so, so neither hides the other.
    @Test func identicalCurvesAreToldApart() throws {
        let root = try parseXML(SpeedPlot(policies: [(name: "jx", policy: LinearTestPolicy()),
                                                     (name: "ramp", policy: RampTestPolicy()),
                                                     (name: "copy", policy: RampTestPolicy())]).render())
        for id in ["speed-by-distance", "speed-over-time"] {
            let lines = try #require(root.element(id: id)).all("polyline", class: "series")
            #expect(lines.map { $0["data-name"] } == ["jx", "ramp", "copy"])
            #expect(lines.map { $0["data-same-as"] } == [nil, nil, "ramp"])
            #expect(lines.map { $0["stroke-dasharray"] } == [nil, nil, "6 6"])
        }
        let copy = try #require(root.all("g", class: "legend-entry").first { $0["data-name"] == "copy" })
        #expect(copy.all("text", class: "legend-more").map(\.text).last == "same curves as ramp, dashed over them")
    }

    /// The edge's label and a 1 pt zone's border label (ItemTouchHelper's) both show, apart.
    @Test func theEdgeAndA1PtZoneAreLabelledApart() throws {
        let root = try parseXML(SpeedPlot(policies: [(name: "android", policy: OutOfBoundsTestPolicy()),
                                                     (name: "jx", policy: LinearTestPolicy())]).render())
        let panel = try #require(root.element(id: "speed-by-distance"))
        #expect(panel.all("text", class: "edge-label").map(\.text) == ["edge"])
        #expect(panel.all("text", class: "zone-border-label").map(\.text) == ["1 pt", "150 pt"])
        let all = panel.all("rect").filter { $0.classes.contains { $0.hasSuffix("-label-box") } }.map(box)
        #expect(all.count == 3)
        for i in all.indices { for j in all.indices where j > i { #expect(!intersect(all[i], all[j])) } }
    }

    @Test func aCurveThatScrollsOnlyPastTheEdgeSaysSo() throws {
        let p = SpeedPlot(policies: [(name: "android", policy: OutOfBoundsTestPolicy())],
                          options: .init(viewport: Size(width: 375, height: 667), frameRate: 60))
        let root = try parseXML(p.render())
        // Past the edge by up to 44 pt (SpeedPlot.Options.pastEdge): depth 1 + 44 = 45, speed
        // (45 − 1) / 44 × 1200 = 1200 pt/s at most.
        #expect(root.all("text", class: "legend-detail").map(\.text) == [
            "out-of-bounds scroll: none until past the edge, then up to 1200 pt/s"])
    }
}

/// The SVG files under docs/ as a reader sees them.
@Suite struct DocsPictureTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let pictures = ["docs/curves.svg", "docs/curves-120.svg", "docs/images/edge-scroll.svg", "docs/stable-targets.svg"]

    func load(_ path: String) throws -> XMLNode {
        try parseXML(String(contentsOf: Self.repository.appendingPathComponent(path), encoding: .utf8))
    }

    /// Every text with its font size as drawn: its own or its nearest ancestor's (CSS's
    /// initial 16 px when none says).
    func texts(_ node: XMLNode, inherited: Double = 16) -> [(text: String, size: Double)] {
        let size = Double(node["font-size"] ?? "") ?? inherited
        let own = node.name == "text" ? [(node.allText, size)] : []
        return own + node.children.flatMap { texts($0, inherited: size) }
    }

    /// A README column on GitHub is wider than SpeedPlot.maxWidth (800 CSS px): a picture no
    /// wider is shown at its own size, where 11 px text stays 11 px.
    @Test(arguments: pictures)
    func noTextUnder11PxAtTheSizeShown(path: String) throws {
        let root = try load(path)
        let width = try #require(Double(root["width"] ?? ""))
        #expect(width <= SpeedPlot.maxWidth)
        let all = texts(root)
        #expect(!all.isEmpty)
        for t in all { #expect(t.size >= ChartPanel.smallFontSize, "\(path): '\(t.text)' at \(t.size) px") }
    }

    /// edge-scroll.svg: "simulated time" clear of the "this frame" tick (they touched).
    @Test func simulatedTimeClearsTheThisFrameTick() throws {
        let root = try load("docs/images/edge-scroll.svg")
        let label = try #require(root.all("text").first { $0.allText == "simulated time" })
        let frame = try #require(root.all("text").first { $0.allText == "this frame" })
        let tick = try #require(root.all("line").first { $0["x1"] == frame["x"] && $0["x2"] == frame["x"] })
        // The label's box: end-anchored at x, 12 px text from baseline − 12 to baseline + 3.
        let size = try #require(Double(label["font-size"] ?? ""))
        let right = try #require(Double(label["x"] ?? "")), baseline = try #require(Double(label["y"] ?? ""))
        let leftEdge = right - estimatedTextWidth("simulated time", fontSize: size)
        let x = try #require(Double(tick["x1"] ?? ""))
        let top = min(Double(tick["y1"] ?? "") ?? 0, Double(tick["y2"] ?? "") ?? 0)
        let clearSideways = x + 2 < leftEdge
        let clearAbove = baseline + 3 < top
        #expect(clearSideways || clearAbove, "the tick at x \(x) meets the label \(leftEdge)...\(right)")
    }
}

/// pragmatic_autoscroll's shape: 0 on the edge and past it (the pointer is not over the list),
/// full speed from half the zone in, a 400 ms ramp.
final class NotOnTheEdgeRampTestPolicy: NativePolicy {
    convenience init() { self.init(configuration: PolicyConfiguration(name: "edge-zero ramp")) }
    override func edgeZone(_ ctx: PolicyContext, axis: Axis, viewportLength: Double) -> Double { 160 }
    override func scrollSpeed(_ ctx: PolicyContext, axis: Axis, depth: Double, zone: Double, elapsed: Double) -> Double {
        depth >= zone ? 0 : min(1, depth / (zone / 2)) * 900 * min(1, elapsed / 0.4)
    }
}

/// ItemTouchHelper's shape: a 1 pt zone, nothing inside the edge, then speed growing with how
/// far the reference point is out of bounds (here linearly to 1200 pt/s at 44 pt past).
final class OutOfBoundsTestPolicy: NativePolicy {
    convenience init() { self.init(configuration: PolicyConfiguration(name: "out-of-bounds")) }
    override func edgeZone(_ ctx: PolicyContext, axis: Axis, viewportLength: Double) -> Double { 1 }
    override func scrollSpeed(_ ctx: PolicyContext, axis: Axis, depth: Double, zone: Double, elapsed: Double) -> Double {
        max(0, depth - zone) / 44 * 1200
    }
}
