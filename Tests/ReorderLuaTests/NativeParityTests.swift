import Testing
import ReorderCore
@testable import ReorderLua

/// The Lua `jx_movable` gives exactly the same orders, offsets, snapshot states and events as
/// ReorderCore's native `JXMovablePolicy` (and the Lua `default` as the native `DefaultPolicy`)
/// over the engine's drag scenarios: each scenario is played once natively to record its
/// inputs, then both policies replay them in lock step, compared after every input.
@Suite struct NativeParityTests {
    struct Scenario: Sendable, CustomStringConvertible {
        var name: String
        var sections: [[String]]
        var headerHeight: Double = 0
        var frameRate: Double = 60
        var play: @Sendable (DragSimulator) -> Void
        var description: String { name }
    }

    static func rows(_ n: Int) -> [String] { (1...n).map { "row \($0)" } }
    static let letters = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"]
    static func p(_ s: Int, _ i: Int) -> ItemPosition { ItemPosition(section: s, item: i) }

    static let scenarios: [Scenario] = [
        Scenario(name: "three-row jump", sections: [letters]) { sim in
            sim.pressItem(p(0, 0)); sim.hold(1.05)
            _ = sim.moveToItem(p(0, 3), over: 0)
            sim.tick(3); sim.release(); sim.settle()
        },
        Scenario(name: "glide down and back up", sections: [letters], frameRate: 120) { sim in
            _ = sim.drag(from: p(0, 1), to: p(0, 7), over: 0.6)
            _ = sim.drag(from: p(0, 7), to: p(0, 0), over: 0.4)
        },
        Scenario(name: "cross-section exchange with headers", sections: [["a", "b", "c"], ["d", "e"]], headerHeight: 30) { sim in
            _ = sim.drag(from: p(0, 0), to: p(1, 1), over: 0.5)
        },
        Scenario(name: "cancel commits", sections: [letters]) { sim in
            sim.pressItem(p(0, 0)); sim.hold(1.1)
            _ = sim.moveToItem(p(0, 4), over: 0.3)
            sim.cancel(); sim.settle()
        },
        Scenario(name: "short press is a scroll", sections: [letters]) { sim in
            sim.pressItem(p(0, 2)); sim.hold(0.4)
            sim.move(to: Point(x: 100, y: 300), over: 0.2)
            sim.release(); sim.settle()
        },
        Scenario(name: "edge scroll down at 60 Hz", sections: [rows(100)]) { sim in
            sim.pressItem(p(0, 0)); sim.hold(1.0)
            sim.move(to: Point(x: 187.5, y: 647))
            sim.hold(0.25); sim.tick(90)
            sim.move(to: Point(x: 187.5, y: 300), over: 0.3)
            sim.release(); sim.settle()
        },
        Scenario(name: "edge scroll down and up at 120 Hz", sections: [rows(200)], frameRate: 120) { sim in
            sim.pressItem(p(0, 3)); sim.hold(1.0)
            sim.move(to: Point(x: 187.5, y: 660), over: 0.2)
            sim.tick(240)
            sim.move(to: Point(x: 187.5, y: 5), over: 0.2)
            sim.tick(120)
            sim.release(); sim.settle()
        },
        Scenario(name: "release while scrolling, then a second drag", sections: [rows(60), rows(5)]) { sim in
            sim.pressItem(p(0, 10)); sim.hold(1.0)
            sim.move(to: Point(x: 50, y: 640), over: 0.1)
            sim.tick(30); sim.release(); sim.settle()
            _ = sim.drag(from: p(0, 20), to: p(0, 22), over: 0.3)
        },
    ]

    /// Replays `inputs` under both policies and compares after each one.
    @discardableResult
    func compare(_ scenario: Scenario, _ inputs: [TraceInput], native: any DragPolicy, lua: LuaPolicy) -> (moves: Int, maxOffset: Double) {
        let items = scenario.sections.map { $0.map(Item.init) }
        let viewport = Size(width: 375, height: 667)
        let a = DragSimulator(sections: items, viewport: viewport, policy: native,
                              headerHeight: scenario.headerHeight, frameRate: scenario.frameRate)
        let b = DragSimulator(sections: items, viewport: viewport, policy: lua,
                              headerHeight: scenario.headerHeight, frameRate: scenario.frameRate)
        var moves = 0, maxOffset = 0.0
        for (i, input) in inputs.enumerated() {
            let oa = a.apply(input), ob = b.apply(input)
            let ea = a.takeEvents(), eb = b.takeEvents()
            guard oa == ob, a.state == b.state, a.order == b.order, a.offset == b.offset,
                  a.snapshot == b.snapshot, ea == eb else {
                Issue.record("\(scenario.name): diverged at input \(i) \(input): \(a.state)/\(b.state) \(a.order.ids)/\(b.order.ids) \(a.offset)/\(b.offset)")
                return (moves, maxOffset)
            }
            moves += ea.filter { $0.typeName == "move" }.count
            maxOffset = max(maxOffset, a.offset.y)
        }
        #expect(lua.drainDiagnostics() == [], "\(scenario.name)")
        return (moves, maxOffset)
    }

    @Test(arguments: scenarios)
    func jxMovable(_ scenario: Scenario) throws {
        let recorder = DragSimulator(sections: scenario.sections.map { $0.map(Item.init) },
                                     viewport: Size(width: 375, height: 667), policy: JXMovablePolicy(),
                                     headerHeight: scenario.headerHeight, frameRate: scenario.frameRate)
        scenario.play(recorder)
        let (moves, maxOffset) = compare(scenario, recorder.inputs, native: JXMovablePolicy(), lua: try LuaPolicy(named: "jx_movable"))
        expectNotVacuous(scenario, inputs: recorder.inputs.count, moves: moves, maxOffset: maxOffset)
    }

    /// The scenarios really move items and scroll, so the comparison compared something: every
    /// scenario but the short press moves an item, and exactly the three that drag into an edge
    /// scroll the list.
    func expectNotVacuous(_ scenario: Scenario, inputs: Int, moves: Int, maxOffset: Double) {
        #expect(inputs > 3, "\(scenario.name): \(inputs) inputs")
        #expect((moves > 0) == (scenario.name != "short press is a scroll"), "\(scenario.name): \(moves) moves")
        let scrolls = ["edge scroll down at 60 Hz", "edge scroll down and up at 120 Hz",
                       "release while scrolling, then a second drag"].contains(scenario.name)
        #expect((maxOffset > 0) == scrolls, "\(scenario.name): offset \(maxOffset)")
    }

    @Test(arguments: scenarios)
    func defaultPolicy(_ scenario: Scenario) throws {
        let recorder = DragSimulator(sections: scenario.sections.map { $0.map(Item.init) },
                                     viewport: Size(width: 375, height: 667), policy: DefaultPolicy(),
                                     headerHeight: scenario.headerHeight, frameRate: scenario.frameRate)
        scenario.play(recorder)
        let (moves, maxOffset) = compare(scenario, recorder.inputs, native: DefaultPolicy(), lua: try LuaPolicy(named: "default"))
        expectNotVacuous(scenario, inputs: recorder.inputs.count, moves: moves, maxOffset: maxOffset)
    }

    /// Seeded random traces: presses anywhere, long and short holds, glides and jumps, releases
    /// and cancels; together they move items and scroll under both policies.
    @Test func randomTraces() throws {
        var rng = SplitMix64(seed: 0x9E37_79B9_7F4A_7C15)
        func next() -> Double { rng.unit() }
        var moves: [String: Int] = [:], maxOffset: [String: Double] = [:]
        for run in 0..<12 {
            var inputs: [TraceInput] = []
            var t = 0.0
            for _ in 0..<6 {
                t += 0.05 + next() * 0.5
                inputs.append(.down(t, Point(x: next() * 375, y: next() * 667)))
                // Seven presses in ten are held still past both policies' press durations (1 s for
                // jx_movable, 0.5 s for default: 70 frames), so they lift; the others are short
                // holds. (A move during the press ends it as a scroll: with moves at random
                // frames from the start, no press ever lifted.)
                let still = next() < 0.7 ? 70 : Int(next() * 40)
                for _ in 0..<still { t += 1.0 / 60; inputs.append(.frame(t)) }
                let steps = Int(next() * 120)
                for _ in 0..<steps {
                    t += 1.0 / 60
                    if next() < 0.3 { inputs.append(.move(t, Point(x: next() * 400 - 10, y: next() * 700 - 20))) }
                    inputs.append(.frame(t))
                }
                t += next() * 0.2
                inputs.append(next() < 0.8 ? .up(t) : .cancel(t))
                for _ in 0..<20 { t += 1.0 / 60; inputs.append(.frame(t)) }
            }
            let scenario = Scenario(name: "random \(run)", sections: [Self.rows(40), Self.rows(8)], headerHeight: 22) { _ in }
            for (policy, name) in [(JXMovablePolicy() as any DragPolicy, "jx_movable"), (DefaultPolicy(), "default")] {
                let (m, o) = compare(scenario, inputs, native: policy, lua: try LuaPolicy(named: name))
                moves[name, default: 0] += m
                maxOffset[name] = max(maxOffset[name, default: 0], o)
            }
        }
        // Not vacuous: the random presses lift, move and scroll under both policies.
        for name in ["jx_movable", "default"] {
            #expect(moves[name, default: 0] > 0, "\(name): no move in the random traces")
            #expect(maxOffset[name, default: 0] > 0, "\(name): no scroll in the random traces")
        }
    }
}
