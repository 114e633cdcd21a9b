import Foundation
import ReorderCore
import ReorderPersistence

/// The tree lane of `reorder bench --layout tree`: a tree of `--rows` nodes against a flat list
/// of as many rows, the native `default` policy in both.
///
/// The tree (``TreeBench/entries(nodes:)``) is the same for a given size: four roots, each a
/// filler subtree whose nodes have at most ``fanOut`` children, no node deeper than
/// ``deepest``. In preorder: a root of filler; the *toggle* root, carrying a tenth of the nodes;
/// a root whose first child is the *lifted* node, carrying a hundredth, which sits at the middle
/// of the rows; the rest of the nodes under the last root. Every node is expanded, so the tree
/// shows as many rows as the flat list.
///
/// - **Frames**: ``BenchRunner``'s standard drag on each, drags alternating; in the tree the
///   press is on the lifted node (its subtree leaves the rows while it is lifted), in the flat
///   list on the row at the middle.
/// - **Lift and drop**: on a fresh tree each time, the frame in which the lifted node's drag
///   begins (its subtree leaves the rows) and the release three rows further down (the subtree
///   moves within the whole tree and the rows are rebuilt).
/// - **Collapse and expand**: the toggle root collapsed then expanded (a `toggle` input each).
///
/// Each figure is given as wall-clock and as the thread's CPU time (``ThreadCPUClock``).
///
/// ```swift
/// let lane = TreeBench(nodes: 1_000_000, clock: MonotonicClock.nanoseconds)
/// let figures = lane.run(options: BenchOptions(rows: 1_000_000), repeats: 5)
/// figures.text   // "tree lane: 1000000 nodes ..."
/// ```
public struct TreeBench {
    /// Nodes in the tree (and rows in the flat list).
    public var nodes: Int
    let clock: () -> UInt64

    /// The most children a filler node has: with 5, a subtree of 400,000 nodes reaches depth 8.
    static let fanOut = 5
    /// The deepest depth of any node in the generated tree (a root has depth 0).
    static let deepest = 8
    /// Lifts, drops, collapses and expands measured (each on a fresh tree for the lift and drop).
    public static let repeats = 5
    /// The least number of nodes a tree lane runs on: each of its four parts needs a few.
    public static let minimumNodes = 100

    public init(nodes: Int, clock: @escaping () -> UInt64) {
        self.nodes = max(Self.minimumNodes, nodes); self.clock = clock
    }

    /// The generated tree's shape: its nodes in preorder with their depths, and the preorder
    /// indices of the lifted node and of the toggled root.
    public struct Shape {
        public var entries: [TreeEntry]
        /// The preorder index (and handle) of the node that is lifted.
        public var lifted: Int
        /// The preorder index (and handle) of the root that is collapsed and expanded.
        public var toggled: Int
    }

    /// The nodes the lifted node carries: a hundredth of the tree.
    public static func liftedSize(nodes: Int) -> Int { max(1, nodes / 100) }
    /// The nodes the toggled root carries: a tenth of the tree.
    public static func toggledSize(nodes: Int) -> Int { max(1, nodes / 10) }

    /// The tree of `nodes` nodes (at least ``minimumNodes``), ids `n1`, `n2`, ... in preorder.
    public static func shape(nodes requested: Int) -> Shape {
        let n = max(minimumNodes, requested)
        var entries: [TreeEntry] = []
        entries.reserveCapacity(n)
        func emit(_ depth: Int) {
            entries.append(TreeEntry(item: Item("n\(entries.count + 1)"), depth: depth))
        }
        // A subtree of `size` nodes at `depth`: its root, then up to `fanOut` children sharing
        // the rest evenly; one level above `deepest` every remaining node is a leaf.
        func fill(_ size: Int, _ depth: Int) {
            emit(depth)
            var rest = size - 1
            guard rest > 0 else { return }
            if depth >= deepest - 1 {
                for _ in 0..<rest { emit(depth + 1) }
                return
            }
            let k = min(rest, fanOut)
            for i in 0..<k {
                let share = rest / (k - i)
                fill(share, depth + 1)
                rest -= share
            }
        }
        let lifted = liftedSize(nodes: n), toggled = toggledSize(nodes: n)
        // The lifted node at preorder n / 2: the first root's filler and the toggle root before it.
        let first = n / 2 - toggled - 1
        fill(first, 0)
        let toggledIndex = entries.count
        fill(toggled, 0)
        // The root of the lifted node, then the lifted node as its first child.
        emit(0)
        let liftedIndex = entries.count
        fill(lifted, 1)
        let remaining = n - entries.count
        // The rest as children of that root, so the rows below the lifted node are its siblings'.
        var rest = remaining
        let k = min(rest, fanOut)
        for i in 0..<k {
            let share = rest / (k - i)
            fill(share, 1)
            rest -= share
        }
        return Shape(entries: entries, lifted: liftedIndex, toggled: toggledIndex)
    }

    /// Milliseconds of one measured change: wall clock and the thread's CPU time.
    public struct Timing: Hashable, Sendable {
        public var milliseconds: [Double] = []
        public var cpuMilliseconds: [Double] = []
    }

    /// What the lane measures.
    public struct Figures {
        public var nodes: Int
        public var liftedNodes: Int
        public var toggledNodes: Int
        /// The deepest depth in the generated tree.
        public var depth: Int
        public var treeFrames: FrameStatistics
        public var flatFrames: FrameStatistics
        public var lift = Timing()
        public var drop = Timing()
        public var collapse = Timing()
        public var expand = Timing()
        /// The nodes the last lift carried (the lifted subtree's size, when it worked).
        public var carried = 0
        /// The rows the last collapse took away (the toggled subtree's descendants).
        public var hiddenByCollapse = 0
    }

    /// Runs the three parts: lift, drop, collapse and expand `repeats` times, then the frames.
    public func run(options: BenchOptions, repeats: Int) -> Figures {
        let shape = Self.shape(nodes: nodes)
        let depth = shape.entries.map(\.depth).max() ?? 0
        var figures = Figures(nodes: shape.entries.count, liftedNodes: Self.liftedSize(nodes: nodes),
                              toggledNodes: Self.toggledSize(nodes: nodes), depth: depth,
                              treeFrames: FrameStatistics(frames: 0, p50: 0, p99: 0, steps: 0),
                              flatFrames: FrameStatistics(frames: 0, p50: 0, p99: 0, steps: 0))
        for _ in 0..<max(1, repeats) {
            guard let sim = simulator(shape, policy: GroupBench.policy(.collapse)) else { break }
            changes(sim, shape: shape, into: &figures)
        }
        frames(shape, options: options, into: &figures)
        return figures
    }

    /// A simulator over a fresh tree of `shape` (nil if the shape were refused).
    func simulator(_ shape: Shape, policy: any DragPolicy, frameRate: Double = 60) -> DragSimulator? {
        guard let tree = try? Tree(entries: shape.entries) else { return nil }
        let sim = DragSimulator(tree: tree, geometry: SessionGeometry(layout: .tree, frameRate: frameRate), policy: policy)
        sim.isRecording = false
        return sim
    }

    /// Times `body` on the wall clock and the thread's CPU clock into `timing`.
    func time(_ timing: inout Timing, _ body: () -> Void) {
        let cpu = ThreadCPUClock.nanoseconds()
        let start = clock()
        body()
        let end = clock()
        let cpuEnd = ThreadCPUClock.nanoseconds()
        timing.milliseconds.append(Double(end &- start) / 1e6)
        timing.cpuMilliseconds.append(Double(cpuEnd &- cpu) / 1e6)
    }

    /// One lift and drop of the lifted node, then one collapse and expand of the toggled root.
    func changes(_ sim: DragSimulator, shape: Shape, into figures: inout Figures) {
        let lifted = Int32(shape.lifted), toggled = Int32(shape.toggled)
        guard let row = sim.tree?.row(of: lifted) else { return }
        BenchRunner.centre(sim, onRow: row)
        guard sim.pressItem(ItemPosition(section: 0, item: row)) else { return }
        // Frames until the drag begins; the one in which it does is the lift.
        var guardFrames = 600
        while sim.state == .pressing && guardFrames > 0 {
            var timing = Timing()
            time(&timing) { sim.tick() }
            if sim.state == .dragging {
                figures.lift.milliseconds += timing.milliseconds
                figures.lift.cpuMilliseconds += timing.cpuMilliseconds
                figures.carried = sim.treeLift?.carried ?? 0
            }
            guardFrames -= 1
        }
        guard sim.state == .dragging else { sim.cancel(); return }
        sim.tick(20)
        guard let start = sim.visibleCenter(of: ItemPosition(section: 0, item: row)) else { return }
        sim.move(to: Point(x: start.x, y: start.y + 3 * SessionGeometry().rowHeight))
        _ = sim.takeEvents()
        time(&figures.drop) { sim.release() }
        sim.settle()
        _ = sim.takeEvents()

        guard let toggleRow = sim.tree?.row(of: toggled) else { return }
        let before = sim.order.count(0)
        time(&figures.collapse) { sim.toggle(ItemPosition(section: 0, item: toggleRow)) }
        figures.hiddenByCollapse = before - sim.order.count(0)
        time(&figures.expand) { sim.toggle(ItemPosition(section: 0, item: toggleRow)) }
    }

    /// The standard drag on the tree (pressing the lifted node) and on the flat list,
    /// alternating.
    func frames(_ shape: Shape, options: BenchOptions, into figures: inout Figures) {
        var single = options
        single.rows = shape.entries.count
        single.groupSize = 0
        let policy = GroupBench.policyWithScroll(.collapse)
        let runner = BenchRunner(policy: policy, native: nil, options: single, clock: clock)
        guard let treeSim = simulator(shape, policy: policy, frameRate: runner.rate) else { return }
        let flat = Order(sections: [shape.entries.map(\.item)])
        let flatSim = DragSimulator(order: flat, layout: SessionGeometry(layout: .table).makeLayout(order: flat),
                                    viewport: SessionGeometry().viewport, policy: policy, frameRate: runner.rate)
        flatSim.isRecording = false
        let treeLane = BenchRunner.Lane(simulator: treeSim)
        let lifted = Int32(shape.lifted)
        treeLane.pressRow = { $0.tree?.row(of: lifted) }
        let flatLane = BenchRunner.Lane(simulator: flatSim)
        flatLane.pressRow = { _ in shape.lifted }
        let drags = runner.dragCount()
        let counting = AllocationCounter.isAvailable
        for d in 0...drags {
            runner.drag(flatLane, measured: d > 0, counting: counting)
            runner.drag(treeLane, measured: d > 0, counting: counting)
        }
        figures.treeFrames = runner.statistics(treeLane, counting: counting)
        figures.flatFrames = runner.statistics(flatLane, counting: counting)
    }
}

extension TreeBench.Figures {
    /// Tree p50 / flat p50.
    public var ratioP50: Double? { flatFrames.p50 > 0 ? treeFrames.p50 / flatFrames.p50 : nil }

    static func median(_ v: [Double]) -> Double? { v.isEmpty ? nil : v.sorted()[v.count / 2] }

    /// The figures as one JSON object: `nodes`, `lifted_nodes`, `toggled_nodes`, `depth`,
    /// `tree` and `flat` (`frame_ns_p50`, `frame_ns_p99`, `frames`, `steps`, `allocs_per_frame`),
    /// `ratio_p50`, and `lift`, `drop`, `collapse`, `expand` (`ms_median`, `ms_max`,
    /// `cpu_ms_median`, `cpu_ms_max`, `ms`: every run).
    ///
    /// ```swift
    /// figures.json   // {"nodes":1000000,"lifted_nodes":10000,...,"lift":{"ms_median":3.1,...},...}
    /// ```
    public var json: String {
        let number = JSONValue.integral
        func lane(_ s: FrameStatistics) -> JSONValue {
            .members([
                ("frame_ns_p50", number(s.p50)), ("frame_ns_p99", number(s.p99)),
                ("frames", number(Double(s.frames))), ("steps", number(Double(s.steps))),
                ("allocs_per_frame", s.allocationsPerFrame.map(number) ?? .null),
            ])
        }
        func timing(_ t: TreeBench.Timing) -> JSONValue {
            .members([
                ("ms_median", Self.median(t.milliseconds).map(number) ?? .null),
                ("ms_max", t.milliseconds.max().map(number) ?? .null),
                ("cpu_ms_median", Self.median(t.cpuMilliseconds).map(number) ?? .null),
                ("cpu_ms_max", t.cpuMilliseconds.max().map(number) ?? .null),
                ("ms", .array(t.milliseconds.map(number))),
            ])
        }
        return JSONWriter.compact(.members([
            ("nodes", number(Double(nodes))),
            ("lifted_nodes", number(Double(liftedNodes))),
            ("toggled_nodes", number(Double(toggledNodes))),
            ("depth", number(Double(depth))),
            ("tree", lane(treeFrames)),
            ("flat", lane(flatFrames)),
            ("ratio_p50", ratioP50.map(number) ?? .null),
            ("carried", number(Double(carried))),
            ("lift", timing(lift)),
            ("drop", timing(drop)),
            ("collapse", timing(collapse)),
            ("expand", timing(expand)),
        ]))
    }

    /// The figures for people.
    public var text: String {
        func ms(_ t: TreeBench.Timing) -> String {
            guard let m = Self.median(t.milliseconds), let hi = t.milliseconds.max(),
                  let c = Self.median(t.cpuMilliseconds), let chi = t.cpuMilliseconds.max() else { return "n/a" }
            return "median \(NumberText.fixed(m, 2)) ms, max \(NumberText.fixed(hi, 2)) ms "
                + "(thread CPU: median \(NumberText.fixed(c, 2)) ms, max \(NumberText.fixed(chi, 2)) ms)"
        }
        var out = "reorder bench: tree lane, \(nodes) nodes (depth up to \(depth)), native default\n"
        for (name, s) in [("tree", treeFrames), ("flat list", flatFrames)] {
            out += "  dragging frame, \(name): p50 \(NumberText.fixed(s.p50, 0)) ns, p99 \(NumberText.fixed(s.p99, 0)) ns"
                + GroupBench.allocationText(s) + "\n"
        }
        if let r = ratioP50 { out += "  tree / flat (p50): \(NumberText.fixed(r, 2))x\n" }
        out += "  lift of \(liftedNodes) nodes (carried \(carried)): \(ms(lift))\n"
        out += "  drop of \(liftedNodes) nodes: \(ms(drop))\n"
        out += "  collapse of \(toggledNodes) nodes (\(hiddenByCollapse) rows hidden): \(ms(collapse))\n"
        out += "  expand of \(toggledNodes) nodes: \(ms(expand))\n"
        return out
    }
}
