import ReorderCore

/// Random raw input streams for one scenario: touch down / move / up / cancel / frames at
/// random times and positions.
///
/// Gestures are built to reach the interesting states: presses that are very short, right at
/// the activation threshold, or seconds long; fingers that wander past the tolerance; glides,
/// jumps of many rows in one frame, dwelling in the edge zones (auto-scroll), points outside
/// the viewport; releases, cancels, and touches that arrive while a drop animates. Stray
/// inputs that make no sense in the current state are mixed in too. On a tree, rows are
/// collapsed and expanded between gestures (`toggle`), and half the glides travel sideways as
/// far as a few indents either way, so the projection changes the dragged node's depth.
///
/// ```swift
/// var rng = SplitMix64(seed: 1)
/// let trace = TraceGenerator(scenario: scenario, minPressDuration: 0.5)
///     .generate(using: &rng)   // [.down(0.25, ...), .frame(0.2666...), ...]
/// ```
public struct TraceGenerator: Sendable {
    public var scenario: FuzzScenario
    /// The policy's press duration, so that presses land on both sides of it.
    public var minPressDuration: Double
    /// The policy's tolerance, so that finger jitter lands on both sides of it.
    public var allowableMovement: Double
    /// Upper bound on the inputs of one trace.
    public var maxInputs: Int
    /// The share of gestures made with the keyboard (focus, lift, steps, drop or cancel) or as
    /// a one-shot action instead of a finger.
    public var keyboardShare = 0.25
    /// Whether gestures select random groups first and tap items during drags.
    public var groups: Bool = true

    public init(scenario: FuzzScenario, minPressDuration: Double = 0.5, allowableMovement: Double = 10,
                maxInputs: Int = 400) {
        self.scenario = scenario
        self.minPressDuration = minPressDuration.isFinite ? max(0, minPressDuration) : 0.5
        self.allowableMovement = allowableMovement.isFinite ? max(0, allowableMovement) : 10
        self.maxInputs = max(1, maxInputs)
    }

    /// One trace.
    public func generate(using rng: inout SplitMix64) -> [TraceInput] {
        var b = Builder(rate: scenario.frameRate, limit: maxInputs)
        let contentHeight = Self.contentHeight(scenario)
        let layout = scenario.makeLayout(order: scenario.order)
        let gestures = rng.int(in: 1...5)
        let isTree = scenario.tree != nil
        for _ in 0..<gestures where !b.full {
            // On a tree, a collapse or expand now and then (some while a drag is under way,
            // which the session ignores). Drawn only on trees: other layouts' traces of a
            // seed stay those they were.
            if isTree && rng.chance(0.3) {
                for _ in 0..<rng.int(in: 1...3) where !b.full {
                    b.add(.toggle(b.t, itemPosition(&rng)))
                    b.frame()
                }
            }
            // Keyboard dragging and one-shot actions are mixed in.
            if rng.chance(keyboardShare) { keyboardGesture(&b, &rng); continue }
            // Noise while idle (ignored by a correct session).
            if rng.chance(0.15) {
                switch rng.int(in: 0...3) {
                case 0: b.add(.up(b.t))
                case 1: b.add(.cancel(b.t))
                case 2: b.add(.move(b.t, point(&rng, contentHeight)))
                default: b.frame()
                }
            }
            // A random selection (some positions may not exist: ignored), at times a
            // deselect, so that many presses lift a group.
            var selected: Point?
            if groups && rng.chance(0.4) {
                for k in 0..<rng.int(in: 1...6) where !b.full {
                    let p = itemPosition(&rng)
                    b.add(.select(b.t, p))
                    // Mostly the press is on a selected item (its cell when nothing has moved
                    // or scrolled yet; else another item), so that the group is lifted.
                    if k == 0, let f = layout.frame(of: p), f.midY < scenario.viewport.height { selected = f.center }
                }
                if rng.chance(0.2) { b.add(.deselect(b.t, itemPosition(&rng))) }
            }
            b.wait(rng.double(in: 0...0.2))
            let start = selected.flatMap { rng.chance(0.8) ? $0 : nil }
                ?? (rng.chance(0.85) ? itemPoint(&rng, contentHeight) : point(&rng, contentHeight))
            b.add(.down(b.t, start))
            var finger = start

            // The press.
            let press: Double
            switch rng.int(in: 0...3) {
            case 0: press = rng.double(in: 0...(0.5 * minPressDuration))                    // very short
            case 1: press = max(0, minPressDuration + Double(rng.int(in: -2...2)) / scenario.frameRate)
            default: press = minPressDuration + rng.double(in: 0...(rng.chance(0.2) ? 4 : 0.6))   // long
            }
            let framesDuringPress = rng.chance(0.8)
            let pressEnd = b.t + press
            while b.t + 1 / scenario.frameRate <= pressEnd && !b.full {
                if framesDuringPress { b.frame() } else { b.wait(1 / scenario.frameRate) }
                if rng.chance(0.1) {
                    let reach = rng.chance(0.8) ? allowableMovement * 0.6 : allowableMovement * 3
                    finger = Point(x: start.x + rng.double(in: -reach...reach), y: start.y + rng.double(in: -reach...reach))
                    b.add(.move(b.t, finger))
                }
            }
            b.wait(max(0, pressEnd - b.t))
            if rng.chance(0.5) { b.frame() }

            // The drag.
            let segments = rng.chance(0.15) ? 0 : rng.int(in: 1...10)
            for _ in 0..<segments where !b.full {
                switch rng.int(in: 0...9) {
                case 0...3:   // glide over some frames (on a tree, often sideways: a depth change)
                    var target = point(&rng, contentHeight)
                    if isTree && rng.chance(0.5) {
                        target = Point(x: finger.x + rng.double(in: -200...200), y: finger.y + rng.double(in: -60...60))
                    }
                    let frames = rng.int(in: 1...30)
                    for k in 1...frames where !b.full {
                        let f = Double(k) / Double(frames)
                        finger = Point(x: finger.x + (target.x - finger.x) * f, y: finger.y + (target.y - finger.y) * f)
                        b.frameAfterMove(finger)
                    }
                case 4...5:   // jump many rows in one frame
                    finger = itemPoint(&rng, contentHeight)
                    b.frameAfterMove(finger)
                case 6...7:   // dwell in an edge zone (or past it): auto-scroll, paging on a board
                    let h = scenario.viewport.height, w = scenario.viewport.width
                    if rng.chance(scenario.layout == .table ? 0.1 : 0.4) {
                        finger = Point(x: rng.chance(0.5) ? rng.double(in: -40...40) : rng.double(in: (w - 40)...(w + 40)), y: finger.y)
                    } else {
                        finger = Point(x: finger.x, y: rng.chance(0.5) ? rng.double(in: -40...60) : rng.double(in: (h - 60)...(h + 40)))
                    }
                    b.add(.move(b.t, finger))
                    for _ in 0..<rng.int(in: 1...(rng.chance(0.2) ? 240 : 40)) where !b.full { b.frame() }
                case 8:       // the host skipped frames; or a second touch taps an item
                    if groups && rng.chance(0.5) {
                        b.add(.tap(b.t, itemPosition(&rng)))
                        b.frame()
                    } else {
                        b.wait(rng.double(in: 0.05...1.5))
                        b.frame()
                    }
                default:      // moves without frames in between
                    for _ in 0..<rng.int(in: 1...5) where !b.full {
                        finger = point(&rng, contentHeight)
                        b.add(.move(b.t, finger))
                        b.wait(rng.double(in: 0...0.01))
                    }
                }
            }

            // The end of the gesture.
            switch rng.int(in: 0...19) {
            case 0...12: b.add(.up(b.t))
            case 13...17: b.add(.cancel(b.t))
            default: break   // the finger stays down; the next down is ignored
            }
            let settle = rng.int(in: 0...40)
            for _ in 0..<settle where !b.full { b.frame() }
        }
        return b.inputs
    }

    /// A keyboard gesture: a one-shot action on a random item (30 %), or focus, Space or Enter,
    /// up to 8 keys (arrows, Home, End, Tab, some by 2...20) with frames between, then Space,
    /// Enter, Escape or nothing (the item stays lifted; touches are then ignored). Positions
    /// are sometimes past the end of a section (ignored by a correct session).
    func keyboardGesture(_ b: inout Builder, _ rng: inout SplitMix64) {
        let order = scenario.order
        func position() -> ItemPosition {
            let s = rng.int(in: 0...max(0, order.sectionCount - 1))
            return ItemPosition(section: s, item: rng.int(in: 0...(order.count(s) + (rng.chance(0.05) ? 1 : -1)).clamped(0)))
        }
        b.wait(rng.double(in: 0...0.2))
        if rng.chance(0.3) {
            let action: KeyboardAction
            switch rng.int(in: 0...5) {
            case 0: action = .moveUp
            case 1: action = .moveDown
            case 2: action = .moveToStart
            case 3: action = .moveToEnd
            case 4: action = .moveToSection(rng.int(in: 0...order.sectionCount))
            default: action = .moveToList(rng.chance(0.5) ? "today" : "nowhere")
            }
            b.add(.action(b.t, position(), action))
        } else {
            b.add(.focus(b.t, position()))
            b.add(.key(b.t, rng.chance(0.5) ? .space : .enter, 1))
            let steps: [KeyboardKey] = [.up, .down, .left, .right, .home, .end, .tab]
            for _ in 0..<rng.int(in: 0...8) where !b.full {
                let key = steps[rng.int(in: 0...(steps.count - 1))]
                b.add(.key(b.t, key, rng.chance(0.2) ? rng.int(in: 2...20) : 1))
                for _ in 0..<rng.int(in: 0...5) where !b.full { b.frame() }
            }
            switch rng.int(in: 0...9) {
            case 0...5: b.add(.key(b.t, .space, 1))
            case 6: b.add(.key(b.t, .enter, 1))
            case 7...8: b.add(.key(b.t, .escape, 1))
            default: break
            }
        }
        for _ in 0..<rng.int(in: 0...30) where !b.full { b.frame() }
    }

    /// A random position among the scenario's items (section and row as at the start).
    func itemPosition(_ rng: inout SplitMix64) -> ItemPosition {
        let s = rng.int(in: 0...max(scenario.sections.count - 1, 0))
        let n = s < scenario.sections.count ? scenario.sections[s].count : 0
        return ItemPosition(section: s, item: rng.int(in: 0...max(n - 1, 0)))
    }

    /// A point on a random item's row (assuming the content is not scrolled; scrolled content
    /// just makes it another row), sometimes past the end of the content.
    func itemPoint(_ rng: inout SplitMix64, _ contentHeight: Double) -> Point {
        let w = scenario.viewport.width
        let h = min(scenario.viewport.height, max(contentHeight, 1))
        return Point(x: rng.double(in: 0...max(w - 1, 0)), y: rng.double(in: 0...max(h - 1, 0)))
    }

    /// Anywhere: mostly inside the viewport, often in the edge zones, sometimes far outside.
    func point(_ rng: inout SplitMix64, _ contentHeight: Double) -> Point {
        let w = scenario.viewport.width, h = scenario.viewport.height
        switch rng.int(in: 0...9) {
        case 0...4: return itemPoint(&rng, contentHeight)
        case 5...6: return Point(x: rng.double(in: 0...w), y: rng.chance(0.5) ? rng.double(in: 0...80) : rng.double(in: max(0, h - 80)...h))
        case 7...8: return Point(x: rng.double(in: -200...(w + 200)), y: rng.chance(0.5) ? rng.double(in: -3000...0) : rng.double(in: h...(h + 3000)))
        default: return Point(x: rng.double(in: -1e6...1e6), y: rng.double(in: -1e6...1e6))
        }
    }

    static func contentHeight(_ s: FuzzScenario) -> Double {
        s.makeLayout(order: s.order).contentSize.height
    }

    /// Accumulates inputs on the frame grid of the simulator (`k / rate` seconds).
    struct Builder {
        let rate: Double
        let limit: Int
        var inputs: [TraceInput] = []
        /// Current time.
        var t: Double = 0
        /// Index of the next frame.
        var nextFrame = 1

        init(rate: Double, limit: Int) { self.rate = rate; self.limit = limit }

        var full: Bool { inputs.count >= limit }

        mutating func add(_ input: TraceInput) { if !full { inputs.append(input) } }

        /// The next frame on the grid, and the clock moves to it.
        mutating func frame() {
            t = max(t, Double(nextFrame) / rate)
            nextFrame += 1
            while Double(nextFrame) / rate <= t { nextFrame += 1 }
            add(.frame(t))
        }

        mutating func frameAfterMove(_ p: Point) {
            let next = max(t, Double(nextFrame) / rate)
            add(.move(next, p))
            frame()
        }

        mutating func wait(_ seconds: Double) {
            t += max(0, seconds)
            while Double(nextFrame) / rate <= t { nextFrame += 1 }
        }
    }
}

extension Int {
    /// The value, at least `low`.
    fileprivate func clamped(_ low: Int) -> Int { Swift.max(self, low) }
}
