import ReorderCore
import ReorderLua
import ReorderPersistence

/// The keyboard lanes of `reorder bench`: what one arrow key costs during a keyboard
/// drag, and what `move_to_end` costs on a list of a million rows, the scroll into view
/// included.
///
/// - **Keyboard step**: the standard table (`rows` rows of 44 pt, 375 × 667, scrolled to the
///   middle); drags of the row at the viewport's centre by keyboard: Space, 10 × Down, 10 × Up,
///   Space. Each arrow key is timed (one step: `target`, `semantics`, the move, `on_move`, the
///   reveal, the announcement). Keys come one frame period apart, as a person's would be
///   further apart still.
/// - **move_to_end**: one section of ``moveToEndRows`` rows; `move_to_end` on the first row,
///   then `move_to_start` on the last (putting it back), each timed whole: lift, the one step,
///   the scroll to the end, drop, announcements.
///
/// ```swift
/// let figures = KeyboardBench.run(policy: try LuaPolicy(named: "default"), native: DefaultPolicy(),
///                                 options: BenchOptions(rows: 1_000), clock: MonotonicClock.nanoseconds)
/// figures.step.p50         // e.g. 900 (ns)
/// figures.moveToEnd.p50    // e.g. 1_500_000 (ns)
/// ```
public enum KeyboardBench {
    /// Rows of the `move_to_end` lane.
    public static let moveToEndRows = 1_000_000
    /// Keyboard drags per policy (one more, unmeasured, warms up): 20 steps each.
    static let drags = 200
    /// `move_to_end` / `move_to_start` pairs per policy (one more warms up).
    static let jumps = 10

    /// The figures of both lanes, for the Lua policy and its native twin.
    public struct Figures: Hashable, Sendable {
        public var step: FrameStatistics
        public var stepNative: FrameStatistics?
        public var moveToEnd: FrameStatistics
        public var moveToEndNative: FrameStatistics?
        /// Rows of the `move_to_end` list.
        public var moveToEndRows: Int
    }

    public static func run(policy: any DragPolicy, native: (any DragPolicy)?, options: BenchOptions,
                           clock: @escaping () -> UInt64) -> Figures {
        Figures(step: steps(policy, options: options, clock: clock),
                stepNative: native.map { steps($0, options: options, clock: clock) },
                moveToEnd: jumps(policy, rows: options.keyboardRows, frameRate: options.frameRate, clock: clock),
                moveToEndNative: native.map { jumps($0, rows: options.keyboardRows, frameRate: options.frameRate, clock: clock) },
                moveToEndRows: options.keyboardRows)
    }

    /// The keyboard-step lane for one policy.
    static func steps(_ policy: any DragPolicy, options: BenchOptions, clock: () -> UInt64) -> FrameStatistics {
        let rows = max(1, options.rows)
        let order = Order(sections: [(0..<rows).map { Item("row \($0)") }])
        let viewport = BenchRunner.viewport
        let sim = DragSimulator(order: order, layout: TableLayout(order: order, width: viewport.width, rowHeight: BenchRunner.rowHeight),
                                viewport: viewport, policy: policy, frameRate: options.frameRate)
        // As the pointer lane (``BenchRunner``): the inputs are not kept (a trace would grow by
        // every key, which is not the step's cost).
        sim.isRecording = false
        let middle = Point(x: 0, y: max(0, Double(rows) * BenchRunner.rowHeight / 2 - viewport.height / 2))
        var samples: [UInt64] = []
        samples.reserveCapacity(drags * 20)
        var moved = 0
        for d in 0...drags {
            sim.settle()
            sim.setOffset(middle)
            guard let p = sim.session.position(atViewportPoint: Point(x: viewport.width / 2, y: viewport.height / 2)) else { break }
            sim.apply(.focus(sim.nextFrameTime, p))
            sim.apply(.key(sim.nextFrameTime, .space, 1))
            for k in 0..<20 {
                let key: KeyboardKey = k < 10 ? .down : .up
                let before = sim.currentPosition
                let t = sim.nextFrameTime
                let start = clock()
                sim.apply(.key(t, key, 1))
                let end = clock()
                if d > 0 {
                    samples.append(end &- start)
                    if sim.currentPosition != before { moved += 1 }
                }
                _ = sim.takeEvents()
                _ = sim.takeAnnouncements()
            }
            sim.apply(.key(sim.nextFrameTime, .space, 1))
            _ = sim.takeEvents()
            _ = sim.takeAnnouncements()
        }
        return statistics(samples, steps: moved)
    }

    /// The `move_to_end` lane for one policy.
    static func jumps(_ policy: any DragPolicy, rows: Int, frameRate: Double, clock: () -> UInt64) -> FrameStatistics {
        let rows = max(2, rows)
        let order = Order(sections: [(0..<rows).map { Item("row \($0)") }])
        let viewport = BenchRunner.viewport
        let sim = DragSimulator(order: order, layout: TableLayout(order: order, width: viewport.width, rowHeight: BenchRunner.rowHeight),
                                viewport: viewport, policy: policy, frameRate: frameRate)
        sim.isRecording = false
        var samples: [UInt64] = []
        var moved = 0
        for j in 0...jumps {
            for (action, from) in [(KeyboardAction.moveToEnd, 0), (.moveToStart, rows - 1)] {
                let t = sim.nextFrameTime
                let start = clock()
                sim.apply(.action(t, ItemPosition(section: 0, item: from), action))
                let end = clock()
                if j > 0 {
                    samples.append(end &- start)
                    if sim.takeEvents().contains(where: { $0.typeName == "move" }) { moved += 1 }
                }
                _ = sim.takeEvents()
                _ = sim.takeAnnouncements()
            }
        }
        return statistics(samples, steps: moved)
    }

    static func statistics(_ samples: [UInt64], steps: Int) -> FrameStatistics {
        let sorted = samples.sorted()
        return FrameStatistics(frames: sorted.count, p50: BenchRunner.percentile(sorted, 0.5),
                               p99: BenchRunner.percentile(sorted, 0.99), allocationsPerFrame: nil,
                               allocatingFrames: nil, steps: steps)
    }
}

extension KeyboardBench.Figures {
    /// The report's lines for people.
    var text: String {
        func ns(_ v: Double) -> String {
            v >= 1_000_000 ? "\(NumberText.fixed(v / 1e6, 2)) ms" : v >= 1_000 ? "\(NumberText.fixed(v / 1e3, 2)) µs" : "\(NumberText.fixed(v, 0)) ns"
        }
        func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s : s + String(repeating: " ", count: n - s.count) }
        func line(_ label: String, _ s: FrameStatistics?) -> String {
            guard let s else { return "  \(pad(label, 22))(no native equivalent)\n" }
            return "  \(pad(label, 22))\(pad(ns(s.p50), 12))\(pad(ns(s.p99), 12))\(s.frames)\n"
        }
        return line("keyboard step, Lua", step) + line("keyboard step, native", stepNative)
            + line("move_to_end, Lua", moveToEnd) + line("move_to_end, native", moveToEndNative)
            + "  (a keyboard step: one arrow key; move_to_end: on \(moveToEndRows) rows, lift to drop, the scroll included)\n"
    }
}

extension KeyboardBench.Figures {
    /// The JSON member `keyboard`: `step` and `move_to_end` lanes (as `lua`/`native`), rows.
    var json: JSONValue {
        let number = JSONValue.integral
        func lane(_ s: FrameStatistics?) -> JSONValue {
            guard let s else { return .null }
            return .members([("ns_p50", number(s.p50)), ("ns_p99", number(s.p99)),
                             ("samples", number(Double(s.frames))), ("steps", number(Double(s.steps)))])
        }
        return .members([
            ("step", .members([("lua", lane(step)), ("native", lane(stepNative))])),
            ("move_to_end", .members([("rows", number(Double(moveToEndRows))), ("lua", lane(moveToEnd)),
                                      ("native", lane(moveToEndNative))])),
        ])
    }
}
