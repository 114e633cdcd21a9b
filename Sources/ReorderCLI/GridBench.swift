import Foundation
import ReorderCore

/// `reorder bench --grid`: a vertical grid against the same grid turned horizontal.
///
/// Both lanes hold `items` cells of 80 × 60 pt (turned: 60 × 80), four to a line, in a
/// 375 × 667 pt viewport (turned: 667 × 375), so every number of one is the other's with x and
/// y swapped. Two figures per lane:
///
/// - **hit testing**: nanoseconds per `position(at:)` over a fixed set of pseudo-random content
///   points (the same points turned), in rounds alternating between the lanes;
/// - **a dragging frame**: the standard drag of `reorder bench` turned with the lane (press the
///   centre of a viewport scrolled to the middle, hold and lift, glide into the far edge and
///   stay 2 s, glide to the near edge and stay 2 s, glide back, release), under the native
///   `default` following the finger in x and y and edge-scrolling on both axes; drags
///   alternate between the lanes.
///
/// ```swift
/// let report = GridBench(options: GridBench.Options(items: 1_000_000), clock: MonotonicClock.nanoseconds).run()
/// report.text   // "grid bench: 1000000 items ... hit test ns/call ... ratio h/v ..."
/// ```
public final class GridBench {
    public struct Options: Hashable, Sendable {
        public var items: Int
        public var frameRate: Double
        /// Measured drags per lane (one more, unmeasured, warms up); 0: enough for about 20,000
        /// dragging frames per lane.
        public var drags: Int
        /// Points per hit-testing round, and rounds per lane.
        public var hitPoints: Int
        public var hitRounds: Int

        public init(items: Int = 1_000_000, frameRate: Double = 60, drags: Int = 0, hitPoints: Int = 50_000,
                    hitRounds: Int = 21) {
            self.items = items; self.frameRate = frameRate; self.drags = drags
            self.hitPoints = hitPoints; self.hitRounds = hitRounds
        }
    }

    /// One lane's figures.
    public struct Lane: Hashable, Sendable {
        public var direction: GridLayout.Direction
        /// Nanoseconds per hit test, one per round.
        public var hitRounds: [Double]
        public var frames: FrameStatistics
        /// Median of ``hitRounds``.
        public var hitMedian: Double {
            let s = hitRounds.sorted()
            return s.isEmpty ? 0 : s[s.count / 2]
        }
        /// The fastest round: the least disturbed by other processes on a busy machine.
        public var hitMinimum: Double { hitRounds.min() ?? 0 }
    }

    /// Both lanes.
    public struct Report: Hashable, Sendable {
        public var items: Int
        public var frameRate: Double
        public var vertical: Lane
        public var horizontal: Lane
        /// Whether both lanes found the same cells at the same points (turned): the sums of the
        /// items hit are equal.
        public var hitsAgree: Bool

        /// A table, horizontal / vertical ratios last.
        public var text: String {
            func f(_ v: Double) -> String { String(format: "%.1f", v) }
            func r(_ h: Double, _ v: Double) -> String { v > 0 ? String(format: "%.3f", h / v) : "-" }
            let v = vertical, h = horizontal
            var out = "grid bench: \(items) items of 80 x 60 pt, 4 per line, viewport 375 x 667 (turned: 667 x 375), \(NumberText.plain(frameRate)) Hz\n"
            out += "native default, follow xy, edge scroll on both axes; lanes alternate\n"
            out += "                        vertical   horizontal   ratio h/v\n"
            out += "hit test ns/call (min)  " + [f(v.hitMinimum), f(h.hitMinimum), r(h.hitMinimum, v.hitMinimum)].map(pad).joined() + "\n"
            out += "hit test ns/call (med)  " + [f(v.hitMedian), f(h.hitMedian), r(h.hitMedian, v.hitMedian)].map(pad).joined() + "\n"
            out += "frame p50 ns            " + [f(v.frames.p50), f(h.frames.p50), r(h.frames.p50, v.frames.p50)].map(pad).joined() + "\n"
            out += "frame p99 ns            " + [f(v.frames.p99), f(h.frames.p99), r(h.frames.p99, v.frames.p99)].map(pad).joined() + "\n"
            out += "frames measured         " + ["\(v.frames.frames)", "\(h.frames.frames)", ""].map(pad).joined() + "\n"
            out += "steps                   " + ["\(v.frames.steps)", "\(h.frames.steps)", ""].map(pad).joined() + "\n"
            out += "hits agree              \(hitsAgree ? "yes" : "NO: the lanes found different cells")\n"
            return out
        }

        private func pad(_ s: String) -> String { s + String(repeating: " ", count: max(1, 11 - s.count)) }
    }

    static let cell = Size(width: 80, height: 60)
    static let viewport = Size(width: 375, height: 667)
    static let edgeInset = 20.0
    static let glide = 0.5
    static let stay = 2.0

    public let options: Options
    let clock: () -> UInt64

    public init(options: Options, clock: @escaping () -> UInt64) {
        self.options = options
        self.clock = clock
    }

    /// `p` turned for `direction` (the identity for vertical).
    static func turn(_ p: Point, _ direction: GridLayout.Direction) -> Point {
        direction == .vertical ? p : Point(x: p.y, y: p.x)
    }

    static func turn(_ s: Size, _ direction: GridLayout.Direction) -> Size {
        direction == .vertical ? s : Size(width: s.height, height: s.width)
    }

    /// The native `default` with the snapshot following x and y and edge scrolling on both
    /// axes: the same work in both lanes.
    static func policy() -> DefaultPolicy {
        var c = DefaultPolicy.standardConfiguration
        c.name = "default_xy_both"
        c.follow = .xy
        c.edgeScroll.axes = .both
        return DefaultPolicy(configuration: c)
    }

    func layout(_ order: Order, _ direction: GridLayout.Direction) -> GridLayout {
        GridLayout(order: order, width: Self.viewport.width, itemSize: Self.turn(Self.cell, direction),
                   interitemSpacing: 0.1, lineSpacing: 0.1, direction: direction)
    }

    public func run() -> Report {
        let n = max(1, options.items)
        let order = Order(sections: [(0..<n).map { Item("c\($0 + 1)") }])
        let directions: [GridLayout.Direction] = [.vertical, .horizontal]
        let layouts = directions.map { layout(order, $0) }

        // Hit testing: the same points in vertical content coordinates, turned for the other lane.
        var rng = SplitMix64(seed: 21)
        let height = layouts[0].contentSize.height
        let points = (0..<max(1, options.hitPoints)).map { _ in
            Point(x: rng.double(in: 0...Self.viewport.width), y: rng.double(in: 0...height))
        }
        let turned = points.map { Self.turn($0, .horizontal) }
        var hits: [[Double]] = [[], []]
        var sums = [0, 0]
        for round in 0...max(1, options.hitRounds) {
            for (k, grid) in layouts.enumerated() {
                let set = k == 0 ? points : turned
                var sum = 0
                let start = clock()
                for p in set { sum &+= grid.position(at: p)?.item ?? -1 }
                let end = clock()
                sums[k] = sum
                if round > 0 { hits[k].append(Double(end &- start) / Double(set.count)) }
            }
        }

        // Frames.
        let rate = options.frameRate.isFinite && options.frameRate > 0 ? options.frameRate : 60
        let sims = directions.enumerated().map { k, d -> DragSimulator in
            let sim = DragSimulator(order: order, layout: layouts[k], viewport: Self.turn(Self.viewport, d),
                                    policy: Self.policy(), frameRate: rate)
            sim.isRecording = false
            return sim
        }
        let config = Self.policy().configuration
        let framesPerDrag = Int(((config.minPressDuration + config.snapshot.lift.duration + 3 * Self.glide + 2 * Self.stay) * rate).rounded(.up)) + 1
        let drags = options.drags > 0 ? options.drags : max(3, (20_000 + framesPerDrag - 1) / framesPerDrag)
        var samples: [[UInt64]] = [[], []]
        var steps = [0, 0]
        for d in 0...drags {
            for k in 0..<2 {
                drag(sims[k], directions[k], measured: d > 0, samples: &samples[k], steps: &steps[k])
            }
        }
        func lane(_ k: Int) -> Lane {
            let sorted = samples[k].sorted()
            let stats = FrameStatistics(frames: sorted.count, p50: BenchRunner.percentile(sorted, 0.5),
                                        p99: BenchRunner.percentile(sorted, 0.99), allocationsPerFrame: nil,
                                        allocatingFrames: nil, steps: steps[k])
            return Lane(direction: directions[k], hitRounds: hits[k], frames: stats)
        }
        return Report(items: n, frameRate: rate, vertical: lane(0), horizontal: lane(1), hitsAgree: sums[0] == sums[1])
    }

    /// The standard drag in vertical coordinates, turned for `direction`.
    func drag(_ sim: DragSimulator, _ direction: GridLayout.Direction, measured: Bool,
              samples: inout [UInt64], steps: inout Int) {
        sim.settle()
        _ = sim.takeEvents()
        let v = Self.viewport
        let along = direction == .vertical ? sim.layout.contentSize.height : sim.layout.contentSize.width
        sim.setOffset(Self.turn(Point(x: 0, y: max(0, (along - v.height) / 2)), direction))
        // The centre of a cell near the viewport's centre (the centre itself may be in a gap),
        // in the lane's viewport coordinates, and turned back for the script.
        let middle = Self.turn(Point(x: v.width / 2, y: v.height / 2), direction) + sim.offset
        let around = Rect(x: middle.x - 60, y: middle.y - 60, width: 120, height: 120)
        guard let cell = sim.layout.positions(in: around).first, let frame = sim.layout.frame(of: cell) else { return }
        let pressed = frame.center - sim.offset
        let centre = Self.turn(pressed, direction)
        let far = Point(x: centre.x, y: v.height - Self.edgeInset), near = Point(x: centre.x, y: Self.edgeInset)
        sim.press(at: pressed)
        let config = sim.policy.configuration
        func frames(_ seconds: Double) -> Int { Int(clamping: (seconds * sim.frameRate).rounded(.up), to: 1...DragSimulator.frameLimit) }
        func run(_ count: Int, _ finger: (Int) -> Point) {
            for k in 0..<count {
                let t = sim.nextFrameTime
                let p = Self.turn(finger(k), direction)
                let timed = measured && sim.state == .dragging
                let before = sim.currentPosition
                let start = clock()
                sim.apply(.move(t, p))
                sim.apply(.frame(t))
                let end = clock()
                if timed {
                    samples.append(end &- start)
                    if sim.currentPosition != before { steps += 1 }
                }
                if !sim.events.isEmpty { _ = sim.takeEvents() }
            }
        }
        func glide(_ a: Point, _ b: Point) {
            let n = frames(Self.glide)
            run(n) { k in
                let f = Double(k + 1) / Double(n)
                return Point(x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f)
            }
        }
        run(frames(config.minPressDuration + config.snapshot.lift.duration)) { _ in centre }
        guard sim.state == .dragging else { sim.cancel(); sim.settle(); return }
        glide(centre, far)
        run(frames(Self.stay)) { _ in far }
        glide(far, near)
        run(frames(Self.stay)) { _ in near }
        glide(near, centre)
        sim.release()
        sim.settle()
        _ = sim.takeEvents()
    }
}
