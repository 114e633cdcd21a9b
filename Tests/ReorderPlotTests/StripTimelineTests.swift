import Foundation
import ReorderCore
import Testing
@testable import ReorderPlot

/// A drag along a strip is drawn against x: the timeline picks the axis the content
/// scrolled along, and its offset series is the horizontal offset.
@Suite struct StripTimelineTests {
    @Test func aStripDragIsDrawnAlongX() throws {
        let order = Order(sections: [(1...12).map { Item("\($0)") }])
        let layout = GridLayout(order: order, width: 100, itemSize: Size(width: 80, height: 80), direction: .horizontal)
        var c = JXMovablePolicy.standardConfiguration
        c.follow = .xy
        c.edgeScroll.axes = .horizontal
        let sim = DragSimulator(order: order, layout: layout, viewport: Size(width: 375, height: 100),
                                policy: JXMovablePolicy(configuration: c), frameRate: 60)
        // Press item 1, hold 1.25 s (JX's 1 s press and 0.25 s lift), put the finger 20 pt inside
        // the right edge and hold it there for 16 frames.
        var inputs: [TraceInput] = [.down(0, Point(x: 40, y: 40))]
        for k in 1...75 { inputs.append(.frame(Double(k) / 60)) }
        inputs.append(.move(76.0 / 60, Point(x: 355, y: 40)))
        for k in 76...91 { inputs.append(.frame(Double(k) / 60)) }
        let timeline = DragTimeline.record(inputs, on: sim, policyName: "strip")
        #expect(timeline.axis == .horizontal)
        // Each frame in the zone scrolls 110 / 150 × 20 pt (the snapshot's centre is clamped to
        // 375 − 40 = 335, 110 pt into the 150 pt zone): 16 frames, 234.67 pt.
        let expected = 16 * 110.0 / 150 * 20
        #expect(abs(sim.offset.x - expected) < 1e-9)
        let root = try parseXML(TimelinePlot(timeline: timeline).render())
        #expect(root.all("text", class: "axis-label").map(\.text) == ["time (s)", "x position (pt)"])
        let series = try #require(root.element(id: "drag-timeline")).descendants.filter { $0.classes.contains("series") }
        let offset = try #require(series.first { $0["data-name"] == "content offset" })
        #expect(offset.numbers("data-value").last.map { abs($0 - expected) < 1e-6 } == true)
    }
}
