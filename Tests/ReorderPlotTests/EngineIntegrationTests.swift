import Testing
import ReorderCore
@testable import ReorderPlot

/// The plots against the engine's own policies and simulator.
@Suite struct EngineIntegrationTests {
    @Test func nativeCurvesStartAndEndAtThePolicysSpeeds() throws {
        let names = ["jx_movable", "default", "uikit"]
        let policies = try names.map { (name: $0, policy: try #require(NativePolicies.named($0))) }
        let plot = SpeedPlot(policies: policies)
        let root = try parseXML(plot.render())
        let series = try #require(root.element(id: "speed-by-distance")).all("polyline", class: "series")
        let enabled = plot.curves.filter(\.isEnabled).map(\.name)
        #expect(series.map { $0["data-name"] } == enabled)
        #expect(enabled == names)
        for s in series {
            let policy = try #require(policies.first { $0.name == s["data-name"] }).policy
            let zone = try #require(Double(s["data-zone"] ?? ""))
            let depths = s.numbers("data-depth"), speeds = s.numbers("data-speed")
            #expect(depths.first == zone + 44)
            #expect(depths[44] == zone)
            #expect(depths.last == 0)
            // snapshot.clamp (JX) holds the reference at clampDepth: deeper samples take its speed.
            let deepest = SpeedCurve.clampDepth(policy.configuration, axis: .vertical, zone: zone,
                                                options: SpeedPlot.Options()) ?? .infinity
            #expect(speeds.first == speed(of: policy, depth: min(zone + 44, deepest), zone: zone, elapsed: 5))
            #expect(speeds[44] == speed(of: policy, depth: min(zone, deepest), zone: zone, elapsed: 5))
            #expect(speeds.last == speed(of: policy, depth: 0, zone: zone, elapsed: 5))
        }
        // JX at the edge: the centre clamped 22 pt inside, 128 / 150 x 20 pt per frame at 60 Hz.
        #expect(series.first?.numbers("data-speed")[44] == 1024)
        #expect(series.first?["data-zone"] == "150")
        let def = try #require(series.first { $0["data-name"] == "default" })
        #expect(def["data-zone"] == "120")                         // min(25 % of 667, 120)
        #expect(def.numbers("data-speed").first == 1500)
        #expect(def.numbers("data-speed")[44] == 1500)
        // default ramps over 0.4 s, so the time panel is there and starts at rest.
        let time = try #require(root.element(id: "speed-over-time")).all("polyline", class: "series")
        let defTime = try #require(time.first { $0["data-name"] == "default" })
        #expect(defTime.numbers("data-speed").first == 0)
        #expect(defTime.numbers("data-speed").last == 1500)
    }

    /// A JX drag from row 2 to row 12 of 30 in a 300 pt viewport: it must edge-scroll.
    func recordedDrag() -> (inputs: [TraceInput], events: [DragEvent], order: Order) {
        let sections = [(1...30).map { Item("row \($0)") }]
        let sim = DragSimulator(sections: sections, viewport: Size(width: 375, height: 300), policy: JXMovablePolicy())
        sim.drag(from: ItemPosition(section: 0, item: 1), to: ItemPosition(section: 0, item: 11))
        return (sim.inputs, sim.takeEvents(), sim.order)
    }

    @Test func timelineOfASimulatedTraceHasAMarkerForEveryMove() throws {
        let (inputs, events, finalOrder) = recordedDrag()
        let moves = events.compactMap { e -> (ItemPosition, ItemPosition, Double)? in
            if case let .move(from, to, _, t) = e { return (from, to, t) } else { return nil }
        }
        #expect(moves.count >= 10)

        let sim = DragSimulator(sections: [(1...30).map { Item("row \($0)") }],
                                viewport: Size(width: 375, height: 300), policy: JXMovablePolicy())
        let timeline = DragTimeline.record(inputs, on: sim, policyName: "jx_movable")
        #expect(timeline.events == events)
        #expect(timeline.orders.map(\.kind) == ["begin"] + Array(repeating: "move", count: moves.count) + ["end"])
        #expect(timeline.orders.last?.itemTitles == finalOrder.items[0].map(\.title))
        #expect(timeline.axis == .vertical)
        #expect((timeline.frames.map(\.contentOffset.y).max() ?? 0) > 0)

        let root = try parseXML(TimelinePlot(timeline: timeline).render())
        let markers = root.all("line", class: "move-marker")
        #expect(markers.count == moves.count)
        #expect(markers.map { $0["data-from"] } == moves.map { "\($0.0.section + 1),\($0.0.item + 1)" })
        #expect(markers.map { $0["data-to"] } == moves.map { "\($0.1.section + 1),\($0.1.item + 1)" })
        #expect(markers.map { Double($0["data-time"] ?? "") } == moves.map { $0.2 })
        #expect(Set(root.all("rect", class: "phase").compactMap { $0["data-phase"] }) == ["pressing", "dragging", "dropping"])
        let pressing = try #require(root.all("rect", class: "phase").first)
        #expect(pressing["data-phase"] == "pressing")
        #expect(pressing["data-start"] == SVGNumber.exact(inputs[0].time))
        #expect(Double(pressing["data-end"] ?? "") == inputs[0].time + 1.0)   // JX's 1 s long press
    }

    @Test func recordingCanStartAtTheLastPress() throws {
        let (inputs, _, _) = recordedDrag()
        let twice = inputs + inputs.map { input -> TraceInput in
            switch input {
            case .down(let t, let p): return .down(t + 100, p)
            case .move(let t, let p): return .move(t + 100, p)
            case .up(let t): return .up(t + 100)
            case .cancel(let t): return .cancel(t + 100)
            case .frame(let t): return .frame(t + 100)
            case .focus(let t, let p): return .focus(t + 100, p)
            case .key(let t, let k, let n): return .key(t + 100, k, n)
            case .action(let t, let p, let a): return .action(t + 100, p, a)
            case .select(let t, let p): return .select(t + 100, p)
            case .deselect(let t, let p): return .deselect(t + 100, p)
            case .tap(let t, let p): return .tap(t + 100, p)
            case .toggle(let t, let p): return .toggle(t + 100, p)
            case .pan(let t, let p, let d): return .pan(t + 100, p, d)
            }
        }
        let start = try #require(DragTimeline.lastPress(in: twice))
        #expect(start == inputs.count)
        let sim = DragSimulator(sections: [(1...30).map { Item("row \($0)") }],
                                viewport: Size(width: 375, height: 300), policy: JXMovablePolicy())
        let timeline = DragTimeline.record(twice, on: sim, policyName: "jx_movable", recordingFrom: start)
        #expect(timeline.frames.first.map { $0.time >= 100 } == true)
        #expect(timeline.events.first.map { if case .begin = $0 { true } else { false } } == true)
    }
}

@Suite struct SpeedCurveDocTests {
    /// The example in ``SpeedCurve``'s documentation.
    @Test func documentedJXFigures() {
        let curve = SpeedCurve(name: "jx_movable", policy: JXMovablePolicy(), options: SpeedPlot.Options())
        #expect(curve.zone == 150)
        // limitSnapshotCenterY (JXMovableCellTableView.m:290-295, snapshot.clamp = .half) keeps
        // the centre, the reference, 22 pt inside: depth <= 128, 128 x 20 pt per 60 Hz frame / 150
        // (m:339) = 1024 pt/s at the edge and past it (it was 1200 and 1552 before the clamp).
        #expect(curve.clampDepth == 128)
        #expect(curve.speedAtEdge == 1024)
        #expect(curve.speeds.first == 1024)
        #expect(curve.speeds.last == 0)
        #expect(curve.clampNote == "snapshot clamped 22 pt inside, max 1024 pt/s")
    }

    /// On a board the content offset's y stays 0 while the dragged item's list scrolls: the
    /// timeline draws that list's scroll as a line of its own, sample for sample.
    @Test func aBoardDrawsTheDraggedListsScroll() throws {
        let order = Order(sections: [(0..<40).map { Item("t\($0)") }, (0..<5).map { Item("n\($0)") }])
        let viewport = Size(width: 375, height: 667)
        func simulator() -> DragSimulator {
            DragSimulator(order: order, layout: BoardLayout(order: order, viewport: viewport, inset: 50, spacing: 10,
                                                           rowHeight: 60, headerHeight: 40),
                          viewport: viewport, policy: JXMovablePolicy())
        }
        let live = simulator()
        live.pressItem(ItemPosition(section: 0, item: 1))
        live.hold(1.2)
        live.move(to: Point(x: 187, y: 640), over: 0.1)
        live.hold(0.5)
        live.release()
        live.settle()
        let scrolled = live.layout.listOffsets[0]
        #expect(scrolled > 0)
        #expect(live.offset.y == 0)

        let replayed = simulator()
        let timeline = DragTimeline.record(live.inputs, on: replayed, policyName: "jx_movable")
        #expect(replayed.layout.listOffsets == live.layout.listOffsets)
        #expect(timeline.frames.first?.listOffset == 0)
        #expect(timeline.frames.last?.listOffset == scrolled)
        let root = try parseXML(TimelinePlot(timeline: timeline).render())
        let series = root.descendants.filter { $0.classes.contains("series") }
        let list = try #require(series.first { $0["data-name"] == "list scroll" })
        #expect(list.numbers("data-value") == timeline.frames.compactMap(\.listOffset))
        #expect(list.numbers("data-value").last == scrolled)
        #expect(root.all("text", class: "legend-name").map(\.text).contains("list scroll"))
        #expect(root.all("text", class: "axis-label").map(\.text).last == "y position (pt, down as on screen)")

        // A table keeps its three lines per axis and no list scroll.
        let table = DragSimulator(sections: [(0..<40).map { Item("r\($0)") }], viewport: viewport, policy: JXMovablePolicy())
        let tableTimeline = DragTimeline.record(live.inputs, on: table, policyName: "jx_movable")
        #expect(tableTimeline.frames.allSatisfy { $0.listOffset == nil })
        let tableRoot = try parseXML(TimelinePlot(timeline: tableTimeline).render())
        #expect(!tableRoot.descendants.contains { $0["data-name"] == "list scroll" })
    }
}
