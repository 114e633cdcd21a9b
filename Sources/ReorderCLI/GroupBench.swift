import Foundation
import ReorderCore

/// The group lane of `reorder bench --group N`: lifting and dropping a group of `N`
/// selected rows among `rows`, and the dragging frame with that group against the same frame
/// without one.
///
/// Lift and drop: one table of `rows` rows; `N` rows selected evenly (every `rows / N`-th, the
/// pressed row among them); the press at the viewport's centre in the middle of the list; the
/// frame in which the drag begins (the group is gathered, and folded in `collapse` mode) is the
/// lift, the release (the group lands, `on_end`, the layout follows) is the drop. Each mode is
/// measured `repeats` times on a fresh simulator.
///
/// Frames: ``BenchRunner``'s standard drag with the native policy, with and without the group
/// selected before each drag (``BenchOptions/groupSize``).
///
/// ```swift
/// let lane = GroupBench(rows: 1_000_000, groupSize: 10_000, clock: MonotonicClock.nanoseconds)
/// let figures = lane.liftAndDrop(mode: .collapse, repeats: 3)
/// figures.liftMilliseconds.max()   // e.g. 9.4
/// ```
public struct GroupBench {
    public var rows: Int
    public var groupSize: Int
    let clock: () -> UInt64

    public init(rows: Int, groupSize: Int, clock: @escaping () -> UInt64) {
        self.rows = max(1, rows); self.groupSize = max(1, min(groupSize, rows)); self.clock = clock
    }

    /// Lift and drop times, milliseconds, one per repeat.
    public struct LiftAndDrop: Hashable, Sendable {
        public var mode: GroupMode
        public var liftMilliseconds: [Double]
        public var dropMilliseconds: [Double]
        /// The same, as CPU time of the thread (what the work costs when the machine is shared:
        /// time spent waiting for a core is not counted).
        public var liftCPUMilliseconds: [Double] = []
        public var dropCPUMilliseconds: [Double] = []
        /// How many items the last drop landed as one block (the group's size, when it worked).
        public var landed: Int
    }

    /// The policy: the default one with `group.mode = mode`.
    static func policy(_ mode: GroupMode) -> DefaultPolicy {
        var c = DefaultPolicy.standardConfiguration
        c.group.mode = mode
        c.edgeScroll.enabled = false
        return DefaultPolicy(configuration: c)
    }

    /// The default policy with `group.mode = mode`, edge scrolling as `default` does (the
    /// standard drag's frames).
    static func policyWithScroll(_ mode: GroupMode) -> DefaultPolicy {
        var c = DefaultPolicy.standardConfiguration
        c.group.mode = mode
        return DefaultPolicy(configuration: c)
    }

    /// Selects `size` rows evenly, `pressed` among them (outside any measurement).
    static func selectGroup(_ sim: DragSimulator, size: Int, pressed: ItemPosition) {
        let n = sim.order.count(pressed.section)
        guard size > 1, n > 0 else { sim.select(pressed); return }
        let stride = max(1, n / size)
        sim.select(pressed)
        var k = 0, chosen = 1
        while chosen < size && k < n {
            if k != pressed.item, sim.select(ItemPosition(section: pressed.section, item: k)) { chosen += 1 }
            k += stride
        }
    }

    public func liftAndDrop(mode: GroupMode, repeats: Int) -> LiftAndDrop {
        var result = LiftAndDrop(mode: mode, liftMilliseconds: [], dropMilliseconds: [], landed: 0)
        let order = Order(sections: [(0..<rows).map { Item("row \($0 + 1)") }])
        let viewport = Size(width: 375, height: 667)
        for _ in 0..<max(1, repeats) {
            let layout = TableLayout(order: order, width: viewport.width, rowHeight: 44)
            let sim = DragSimulator(order: order, layout: layout, viewport: viewport, policy: Self.policy(mode))
            sim.isRecording = false
            sim.setOffset(Point(x: 0, y: max(0, (sim.layout.contentSize.height - viewport.height) / 2)))
            let centre = Point(x: viewport.width / 2, y: viewport.height / 2)
            guard let pressed = sim.layout.position(at: centre + sim.offset) else { break }
            Self.selectGroup(sim, size: groupSize, pressed: pressed)
            sim.press(at: centre)
            // Frames until the drag begins; the one in which it does is the lift.
            var guardFrames = 600
            while sim.state == .pressing && guardFrames > 0 {
                let cpu = ThreadCPUClock.nanoseconds()
                let start = clock()
                sim.tick()
                let end = clock()
                let cpuEnd = ThreadCPUClock.nanoseconds()
                if sim.state == .dragging {
                    result.liftMilliseconds.append(Double(end &- start) / 1e6)
                    result.liftCPUMilliseconds.append(Double(cpuEnd &- cpu) / 1e6)
                }
                guardFrames -= 1
            }
            guard sim.state == .dragging else { break }
            sim.tick(20)
            // Three rows down, then the drop.
            sim.move(to: Point(x: centre.x, y: centre.y + 3 * 44))
            _ = sim.takeEvents()
            let cpu = ThreadCPUClock.nanoseconds()
            let start = clock()
            sim.release()
            let end = clock()
            let cpuEnd = ThreadCPUClock.nanoseconds()
            result.dropMilliseconds.append(Double(end &- start) / 1e6)
            result.dropCPUMilliseconds.append(Double(cpuEnd &- cpu) / 1e6)
            for case .group(let of, let items, _, _) in sim.takeEvents() where of == "end" { result.landed = items.count }
        }
        return result
    }

    /// The report's text.
    static func text(_ figures: [LiftAndDrop], frames: (single: FrameStatistics, group: FrameStatistics)?,
                     rows: Int, groupSize: Int) -> String {
        func ms(_ v: [Double]) -> String {
            guard let lo = v.min(), let hi = v.max() else { return "n/a" }
            let median = v.sorted()[v.count / 2]
            return "median \(NumberText.fixed(median, 2)) ms, max \(NumberText.fixed(hi, 2)) ms, min \(NumberText.fixed(lo, 2)) ms"
        }
        var out = "\ngroup lane: \(groupSize) selected among \(rows) rows\n"
        for f in figures {
            out += "  \(f.mode.rawValue): lift \(ms(f.liftMilliseconds)); drop \(ms(f.dropMilliseconds)); landed \(f.landed) as one block\n"
            out += "  \(f.mode.rawValue), thread CPU time: lift \(ms(f.liftCPUMilliseconds)); drop \(ms(f.dropCPUMilliseconds))\n"
        }
        if let frames {
            let s = frames.single, g = frames.group
            out += "  dragging frame, native default, single item: p50 \(NumberText.fixed(s.p50, 0)) ns, p99 \(NumberText.fixed(s.p99, 0)) ns"
                + allocationText(s) + "\n"
            out += "  dragging frame, native default, with the group: p50 \(NumberText.fixed(g.p50, 0)) ns, p99 \(NumberText.fixed(g.p99, 0)) ns"
                + allocationText(g) + "\n"
            if s.p50 > 0 && s.p99 > 0 {
                out += "  group / single: p50 \(NumberText.fixed(g.p50 / s.p50, 2))x, p99 \(NumberText.fixed(g.p99 / s.p99, 2))x\n"
            }
        }
        return out
    }

    static func allocationText(_ f: FrameStatistics) -> String {
        guard let a = f.allocationsPerFrame else { return ", allocations \(AllocationCounter.unavailableReason)" }
        return ", \(NumberText.fixed(a, 3)) allocations per steady frame (\(f.allocatingFrames ?? 0) frames allocated), \(f.frames) frames, \(f.steps) steps"
    }
}
