import Testing
import ReorderCore
@testable import ReorderPlot

/// A known drag, recorded by hand the way a session loop feeds the recorder: "b" is pressed
/// at 0 s, lifted at 0.5 s, moved 2 → 3 → 4 → 5 while the list scrolls 30 pt, released at
/// 1.5 s and dropped by 1.75 s.
func knownTimeline() -> DragTimeline {
    let order = Order(sections: [["a", "b", "c", "d", "e", "f"].map(Item.init)])
    var recorder = DragTimelineRecorder(policyName: "test", viewport: Size(width: 375, height: 200), order: order)
    var current = order
    let p = { (i: Int) in ItemPosition(section: 0, item: i) }
    var moved = 0
    for k in 0...105 {
        let t = Double(k) / 60
        let phase: DragTimeline.Phase = t < 0.5 ? .pressing : t < 1.5 ? .dragging : t < 1.75 ? .dropping : .idle
        let fingerY = t < 0.5 ? 66 : min(66 + (t - 0.5) * 150, 216)
        let offset = t < 1 ? 0 : min((t - 1) * 60, 30)
        recorder.recordFrame(time: t, phase: phase, finger: phase == .pressing || phase == .dragging ? Point(x: 100, y: fingerY) : nil,
                             snapshotCenter: phase == .dragging || phase == .dropping ? Point(x: 187.5, y: fingerY) : nil,
                             contentOffset: Point(x: 0, y: offset))
        var events: [DragEvent] = []
        if k == 30 { events.append(.begin(position: p(1), time: t)) }
        if [45, 60, 75].contains(k) {
            current.move(from: p(1 + moved), to: p(2 + moved))
            events.append(.move(from: p(1 + moved), to: p(2 + moved), semantics: .move, time: t))
            moved += 1
        }
        if k == 90 { events.append(.end(from: p(1), to: p(4), time: t)) }
        recorder.recordEvents(events, orderAfter: current)
    }
    return recorder.timeline
}

@Suite struct TimelinePlotTests {
    @Test func recorderKeepsFramesEventsAndLists() {
        let t = knownTimeline()
        #expect(t.frames.count == 106)
        #expect(t.axis == .vertical)
        #expect(t.moves.map(\.to.item) == [2, 3, 4])
        #expect(t.orders.map(\.kind) == ["begin", "move", "move", "move", "end"])
        #expect(t.orders.map { $0.itemTitles.joined() } == ["abcdef", "acbdef", "acdbef", "acdebf", "acdebf"])
        #expect(t.orders.map { $0.dragged?.item } == [1, 2, 3, 4, 4])
    }

    @Test func aMarkerForEveryMoveLabelledFromTo() throws {
        let root = try parseXML(TimelinePlot(timeline: knownTimeline()).render())
        let markers = root.all("line", class: "move-marker")
        #expect(markers.count == 3)
        #expect(markers.map { $0["data-from"] } == ["1,2", "1,3", "1,4"])
        #expect(markers.map { $0["data-to"] } == ["1,3", "1,4", "1,5"])
        #expect(markers.map { $0["data-time"] } == ["0.75", "1", "1.25"])
        #expect(root.all("text", class: "move-marker-label").map(\.text) == ["2 → 3", "3 → 4", "4 → 5"])
    }

    @Test func threeSeriesWithTheRecordedValues() throws {
        let root = try parseXML(TimelinePlot(timeline: knownTimeline()).render())
        let series = try #require(root.element(id: "drag-timeline")).descendants.filter { $0.classes.contains("series") }
        #expect(series.map { $0["data-name"] } == ["content offset", "snapshot centre", "finger"])
        let finger = series[2]
        #expect(finger.numbers("data-time").count == 90)   // pressing + dragging frames
        #expect(finger.numbers("data-value").first == 66)
        let lastFinger: Double = 66 + (89.0 / 60 - 0.5) * 150   // the last frame with a finger down
        #expect(finger.numbers("data-value").last == lastFinger)
        #expect(series[1].numbers("data-time").first == 0.5)
        #expect(series[0].numbers("data-value").last == 30)
        #expect(root.all("text", class: "axis-label").map(\.text) == ["time (s)", "y position (pt, down as on screen)"])
    }

    @Test func aTwoDimensionalDragDrawsBothAxes() throws {
        let order = Order(sections: [(1...8).map { Item("\($0)") }])
        var r = DragTimelineRecorder(policyName: "grid", viewport: Size(width: 375, height: 667), order: order)
        for k in 0...10 {
            let t = Double(k) / 10
            let p = Point(x: 40 + 10 * t * 10, y: 40 + 5 * t * 10)
            r.recordFrame(time: t, phase: .dragging, finger: p, snapshotCenter: p, contentOffset: .zero)
        }
        let root = try parseXML(TimelinePlot(timeline: r.timeline).render())
        let series = root.descendants.filter { $0.classes.contains("series") }
        #expect(series.map { $0["data-name"] } == ["content offset x", "snapshot centre x", "finger x",
                                                   "content offset y", "snapshot centre y", "finger y"])
        #expect(series.last?.numbers("data-value").last == 90)
        #expect(root.all("text", class: "legend-name").prefix(6).map(\.text)
                == ["finger x", "snapshot centre x", "content offset x", "finger y", "snapshot centre y", "content offset y"])
        #expect(root.all("text", class: "axis-label").map(\.text) == ["time (s)", "position (pt, down as on screen)"])
    }

    @Test func phasesAreShaded() throws {
        let root = try parseXML(TimelinePlot(timeline: knownTimeline()).render())
        let bands = root.all("rect", class: "phase")
        #expect(bands.map { $0["data-phase"] } == ["pressing", "dragging", "dropping"])
        #expect(bands.map { $0["data-start"] } == ["0", "0.5", "1.5"])
        #expect(bands.map { $0["data-end"] } == ["0.5", "1.5", "1.75"])
    }

    @Test func listsAtBeginEachMoveAndEnd() throws {
        let root = try parseXML(TimelinePlot(timeline: knownTimeline()).render())
        let lists = root.all("g", class: "list-snapshot")
        #expect(lists.map { $0["data-kind"] } == ["begin", "move", "move", "move", "end"])
        #expect(root.all("text", class: "list-caption").map(\.text) == ["begin", "move 1", "move 2", "move 3", "end"])
        #expect(root.all("text", class: "list-move").map(\.text) == ["at 2", "2 → 3", "3 → 4", "4 → 5", "at 5"])
        #expect(root.all("text", class: "list-time").map(\.text) == ["0.5 s", "0.75 s", "1 s", "1.25 s", "1.5 s"])
        let end = lists[4]
        #expect(end.all("text", class: "cell-title").map(\.text) == ["a", "c", "d", "e", "b", "f"])
        let dragged = end.all("rect", class: "dragged")
        #expect(dragged.count == 1)
    }

    @Test func longListsShowAWindowAroundTheDraggedItem() throws {
        let order = Order(sections: [(1...100).map { Item("row \($0)") }])
        var r = DragTimelineRecorder(policyName: "long", viewport: Size(width: 375, height: 667), order: order)
        r.recordFrame(time: 0, phase: .dragging, finger: Point(x: 1, y: 1), snapshotCenter: nil, contentOffset: .zero)
        r.recordEvents([.begin(position: ItemPosition(section: 0, item: 49), time: 0)], orderAfter: order)
        let root = try parseXML(TimelinePlot(timeline: r.timeline).render())
        let titles = root.all("text", class: "cell-title").map(\.text)
        #expect(titles.count == 12)
        #expect(titles.first == "row 44")
        #expect(root.all("text", class: "list-more").map(\.text) == ["⋮ 43 above", "⋮ 45 below"])
    }

    @Test func snapshotsKeepAWindowOfRowsAroundTheDraggedItem() {
        let order = Order(sections: [["a", "b", "c"].map(Item.init), ["d", "e", "f", "g"].map(Item.init)], titles: ["one"])
        let s = DragTimeline.OrderSnapshot(kind: "move", time: 0, order: order, dragged: ItemPosition(section: 1, item: 2), radius: 2)
        #expect(s.rows == [.header(section: 1, title: "section 2"),
                           .item(ItemPosition(section: 1, item: 0), title: "d"), .item(ItemPosition(section: 1, item: 1), title: "e"),
                           .item(ItemPosition(section: 1, item: 2), title: "f"), .item(ItemPosition(section: 1, item: 3), title: "g")])
        #expect((s.rowsBefore, s.rowsAfter, s.sectionCount) == (4, 0, 2))
        let first = DragTimeline.OrderSnapshot(kind: "begin", time: 0, order: order, dragged: ItemPosition(section: 0, item: 0), radius: 1)
        #expect(first.rows == [.header(section: 0, title: "one"), .item(ItemPosition(section: 0, item: 0), title: "a"),
                               .item(ItemPosition(section: 0, item: 1), title: "b")])
        #expect((first.rowsBefore, first.rowsAfter) == (0, 6))
    }

    @Test func aMillionRowsKeepOnlyTheWindow() {
        let order = Order(sections: [(0..<1_000_000).map { Item("\($0)") }])
        var moved = order
        var r = DragTimelineRecorder(policyName: "big", viewport: Size(width: 375, height: 667), order: order)
        let p = { (i: Int) in ItemPosition(section: 0, item: i) }
        r.recordEvents([.begin(position: p(500_000), time: 0)], orderAfter: order)
        for k in 0..<10 {
            moved.move(from: p(500_000 + k), to: p(500_001 + k))
            r.recordEvents([.move(from: p(500_000 + k), to: p(500_001 + k), semantics: .move, time: Double(k))], orderAfter: moved)
        }
        let orders = r.timeline.orders
        #expect(orders.count == 11)
        #expect(orders.allSatisfy { $0.rows.count == 41 })
        #expect(orders.last?.rowsBefore == 499_990)
        #expect(orders.last?.itemTitles[20] == "500000")
    }

    @Test func multiSectionLabelsIncludeTheSection() throws {
        let order = Order(sections: [["a", "b"].map(Item.init), ["c"].map(Item.init)], titles: ["today", "later"])
        var after = order
        after.move(from: ItemPosition(section: 0, item: 1), to: ItemPosition(section: 1, item: 0))
        var r = DragTimelineRecorder(policyName: "board", viewport: Size(width: 375, height: 667), order: order)
        r.recordFrame(time: 0, phase: .dragging, finger: Point(x: 1, y: 1), snapshotCenter: nil, contentOffset: .zero)
        r.recordEvents([.begin(position: ItemPosition(section: 0, item: 1), time: 0)], orderAfter: order)
        r.recordEvents([.move(from: ItemPosition(section: 0, item: 1), to: ItemPosition(section: 1, item: 0), semantics: .move, time: 0.1)],
                       orderAfter: after)
        let root = try parseXML(TimelinePlot(timeline: r.timeline).render())
        // 1-based section.row, as `reorder replay` and s:show() write it.
        #expect(root.all("text", class: "move-marker-label").map(\.text) == ["1.2 → 2.1"])
        #expect(root.all("text", class: "list-section").map(\.text) == ["today", "later", "today", "later"])
    }

    @Test func severalMovesInOneStepAreRebuiltInBetween() {
        let order = Order(sections: [["a", "b", "c", "d"].map(Item.init)])
        var after = order
        let p = { (i: Int) in ItemPosition(section: 0, item: i) }
        after.exchange(p(0), p(1)); after.exchange(p(1), p(3))
        var r = DragTimelineRecorder(policyName: "x", viewport: Size(width: 1, height: 1), order: order)
        r.recordEvents([.begin(position: p(0), time: 0),
                        .move(from: p(0), to: p(1), semantics: .exchange, time: 0),
                        .move(from: p(1), to: p(3), semantics: .exchange, time: 0)], orderAfter: after)
        #expect(r.timeline.orders.map { $0.itemTitles.joined() } == ["abcd", "bacd", "bdca"])
    }

    @Test func rollbackShowsTheRestoredList() {
        let order = Order(sections: [["a", "b", "c"].map(Item.init)])
        var moved = order
        let p = { (i: Int) in ItemPosition(section: 0, item: i) }
        moved.move(from: p(0), to: p(2))
        var r = DragTimelineRecorder(policyName: "x", viewport: Size(width: 1, height: 1), order: order)
        r.recordEvents([.begin(position: p(0), time: 0)], orderAfter: order)
        r.recordEvents([.move(from: p(0), to: p(2), semantics: .move, time: 0.2)], orderAfter: moved)
        r.recordEvents([.end(from: p(0), to: p(2), time: 0.4), .rollback(time: 0.4)], orderAfter: order)
        #expect(r.timeline.orders.map(\.kind) == ["begin", "move", "end", "rollback"])
        #expect(r.timeline.orders.map { $0.itemTitles.joined() } == ["abc", "bca", "bca", "abc"])
        #expect(r.timeline.orders.map { $0.dragged?.item } == [0, 2, 2, 0])
    }

    @Test func outputIsDeterministic() {
        #expect(TimelinePlot(timeline: knownTimeline()).render() == TimelinePlot(timeline: knownTimeline()).render())
    }
}
