import Testing
import ReorderCore
@testable import ReorderPlot

/// Issue 16 item 9: the pictures a user looks at, checked by their SVG structure.
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
        let names = root.all("g", class: "legend-entry").map { $0["data-name"] ?? "" }
        #expect(!names.contains("finger on snapshot"))
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
        #expect(panel.all("text", class: "zone-border-label").map(\.text) == ["150 pt: jx, mine", "166.8 pt"])
        // Two distance curves still drawn for the two linear policies.
        #expect(panel.all("polyline", class: "series").count == 3)
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

/// ItemTouchHelper's shape: a 1 pt zone, nothing inside the edge, then speed growing with how
/// far the reference point is out of bounds (here linearly to 1200 pt/s at 44 pt past).
final class OutOfBoundsTestPolicy: DragPolicy {
    let configuration = PolicyConfiguration(name: "out-of-bounds")
    func edgeZone(_ ctx: PolicyContext, axis: Axis, viewportLength: Double) -> Double { 1 }
    func scrollSpeed(_ ctx: PolicyContext, axis: Axis, depth: Double, zone: Double, elapsed: Double) -> Double {
        max(0, depth - zone) / 44 * 1200
    }
}
