/// The imperative shell around a ``DragSession``: a simulated finger, a clock and a frame
/// ticker. The command line, the Lua session API, trace replay, fuzzing and benchmarks all
/// drive sessions through it.
///
/// Frames come at `k / frameRate` seconds of simulated time (k = 1, 2, ...), so runs are
/// deterministic bit for bit. Every input the session accepts is recorded in ``inputs`` as a
/// ``TraceInput``; ``apply(_:)`` replays one. Frames while idle are skipped (they would be
/// ignored) and not recorded.
///
/// The session's properties read through the simulator: `sim.order`, `sim.state`,
/// `sim.offset`, `sim.snapshot`, `sim.events`, `sim.currentPosition`, `sim.selectedIds`, ...
/// (``subscript(dynamicMember:)``); ``session`` is the whole value.
///
/// ```swift
/// let sim = DragSimulator(sections: [(1...100).map { Item("row \($0)") }],
///                         viewport: Size(width: 375, height: 667), policy: JXMovablePolicy())
/// sim.drag(from: ItemPosition(section: 0, item: 0), to: ItemPosition(section: 0, item: 3))
/// sim.order.ids[0].prefix(4)   // ["row 2", "row 3", "row 4", "row 1"]: one exchange per row passed
/// sim.events.map(\.typeName)   // ["begin", "move", "move", "move", "end"]
/// ```
@dynamicMemberLookup
public final class DragSimulator {
    /// The state machine.
    public var session: DragSession { checkNoInput(); return storedSession }
    /// The policy whose hooks run. Replace it between drags (the static fields of the policy
    /// are captured at each touch down).
    public var policy: any DragPolicy {
        get { storedPolicy }
        set { storedPolicy = newValue }
    }
    /// Simulated time, seconds.
    public private(set) var time: Double {
        get { storedTime }
        set { storedTime = newValue }
    }
    /// Frames per second (default 60).
    public var frameRate: Double {
        get { storedFrameRate }
        set {
            checkNoInput()
            // An invalid rate keeps the old one (the session and the frame grid still follow).
            if newValue.isFinite && newValue > 0 { storedFrameRate = newValue }
            storedSession.frameRate = storedFrameRate
            alignFrames()
        }
    }
    /// The inputs applied (and not ignored), in order: the newest, at least the last
    /// ``inputLimit`` (older ones are dropped in blocks and counted in ``droppedInputs``; a
    /// recording that needs every input gets them through ``addRecorder(_:)``).
    public var inputs: [TraceInput] { storedInputs }
    /// Inputs dropped from the front of ``inputs`` since the simulator began.
    public private(set) var droppedInputs = 0
    /// Every input recorded since the simulator began: ``droppedInputs`` plus those kept. An
    /// input's number in this count does not change when older ones are dropped.
    public var recordedInputCount: Int { droppedInputs + storedInputs.count }

    /// The inputs kept at least: 100,000 (about 14 minutes of a moving drag at 60 Hz, a move
    /// and a frame a frame; a few MB). The list holds up to twice that before the oldest go.
    public static let inputLimit = 100_000

    /// Code that sees every recorded input as it is recorded, by the number
    /// ``addRecorder(_:)`` gave it.
    var recorders: [Int: (TraceInput) -> Void] = [:]
    var nextRecorder = 0

    /// Calls `recorder` with every input recorded from now on (until
    /// ``removeRecorder(_:)``), however many the simulator keeps: how the REPL's `:record`
    /// writes a trace as it goes. Returns the number to remove it by.
    ///
    /// ```swift
    /// var trace: [TraceInput] = []
    /// let id = sim.addRecorder { trace.append($0) }
    /// sim.drag(from: ItemPosition(section: 0, item: 0), to: ItemPosition(section: 0, item: 3))
    /// sim.removeRecorder(id)
    /// ```
    public func addRecorder(_ recorder: @escaping (TraceInput) -> Void) -> Int {
        nextRecorder += 1
        recorders[nextRecorder] = recorder
        return nextRecorder
    }

    /// Stops calling the recorder numbered `id`.
    public func removeRecorder(_ id: Int) { recorders[id] = nil }
    /// Whether inputs are appended to ``inputs``.
    public var isRecording: Bool {
        get { storedIsRecording }
        set { storedIsRecording = newValue }
    }
    // Module-internal storage behind the public properties read on every input: with no
    // access from outside the module, whole-module optimisation can prove their accesses
    // exclusive and drop the runtime exclusivity checks (`swift_beginAccess`) on them.
    //
    // Not the session's: an input mutates it in place across calls into the policy, which
    // could reach back into the simulator, so the compiler kept a runtime check (about 120
    // instructions per input). The simulator makes that check itself instead: every public
    // entry point that touches the session calls `checkNoInput()`, which traps while an input
    // is under way, as the runtime check did.
    @usableFromInline @exclusivity(unchecked) var storedSession: DragSession
    /// Whether an input is under way (its policy hooks may be running). Unchecked: the
    /// inlinable ``checkNoInput()`` reads it from other modules, so the compiler cannot prove
    /// its accesses exclusive and kept a runtime check per input (callgrind: `swift_beginAccess`
    /// from `perform`, 76 instructions an input); every access is a single load or store.
    @usableFromInline @exclusivity(unchecked) var isHandlingInput = false
    var storedFrameRate: Double
    /// Unchecked too: the only mutation is the append after each input, which calls no
    /// policy code, so no other access can overlap it (the compiler still kept a runtime
    /// check on it).
    @exclusivity(unchecked) var storedInputs: [TraceInput] = []
    var storedPolicy: any DragPolicy
    var storedTime: Double = 0
    var storedIsRecording = true
    /// Index of the next frame: it comes at `nextFrame / frameRate` seconds.
    var nextFrame = 1

    /// The most frames one call of the Lua session API may run (`s:hold`, `s:advance`,
    /// `s:move`, `s:tick`, a glide of `s:drag`), and the most ``settle()`` waits: enough for
    /// 4.6 hours at 60 Hz, and at most a few seconds of work.
    ///
    /// ```swift
    /// Double(DragSimulator.frameLimit) / 60   // 16666.7 s: the longest s:hold at 60 Hz
    /// ```
    public static let frameLimit = 1_000_000

    /// A simulator over any layout.
    public init(order: Order, layout: any Layout, viewport: Size, policy: any DragPolicy,
                frameRate: Double = 60, offset: Point = .zero) {
        let rate = frameRate.isFinite && frameRate > 0 ? frameRate : 60
        self.storedSession = DragSession(order: order, layout: layout, viewport: viewport, offset: offset, frameRate: rate)
        self.storedPolicy = policy
        self.storedFrameRate = rate
    }

    /// A simulator over a tree's visible rows (``DragSession/init(tree:layout:viewport:offset:frameRate:)``),
    /// laid out as `geometry` says (a `tree` layout is a table of rows).
    ///
    /// ```swift
    /// let tree = try Tree(["a", TreeNodeDescription(id: "b", children: ["b1"])])
    /// let sim = DragSimulator(tree: tree, geometry: SessionGeometry(layout: .tree), policy: DefaultPolicy())
    /// sim.order.ids   // [["a", "b", "b1"]]
    /// ```
    public init(tree: Tree, geometry: SessionGeometry, policy: any DragPolicy) {
        let rate = geometry.frameRate.isFinite && geometry.frameRate > 0 ? geometry.frameRate : 60
        self.storedSession = DragSession(tree: tree, layout: geometry.makeLayout(order: Order(tree: tree)),
                                         viewport: geometry.viewport, frameRate: rate)
        self.storedPolicy = policy
        self.storedFrameRate = rate
    }

    /// Traps when called while an input is under way: a policy hook must not use the simulator
    /// that is calling it (the session is in the middle of the input).
    @inlinable @inline(__always) func checkNoInput() {
        precondition(!isHandlingInput, "DragSimulator used from a policy hook while it handles an input")
    }

    /// A simulator over a table of `sections`.
    public convenience init(sections: [[Item]], viewport: Size, policy: any DragPolicy,
                            rowHeight: Double = 44, headerHeight: Double = 0, frameRate: Double = 60) {
        let order = Order(sections: sections)
        let layout = TableLayout(order: order, width: viewport.width, rowHeight: rowHeight, headerHeight: headerHeight)
        self.init(order: order, layout: layout, viewport: viewport, policy: policy, frameRate: frameRate)
    }

    // MARK: Reading

    /// A property of the session: `sim.order` is `sim.session.order`. Inlinable so that a caller
    /// in another module gets it specialised for its key path: the generic body applies an
    /// opaque key path, which copies the whole session (every stored reference retained and
    /// released) on each read. Specialised, a stored property is read in place, but a computed
    /// one whose getter is not inlinable is still applied to a copy (a key-path application
    /// consumes its root): the ones a host reads every frame are written out below.
    ///
    /// ```swift
    /// sim.state              // .idle
    /// sim.order.ids[0][0]    // "row 1"
    /// ```
    @inlinable
    public subscript<Value>(dynamicMember keyPath: KeyPath<DragSession, Value>) -> Value {
        checkNoInput()
        return storedSession[keyPath: keyPath]
    }

    // The properties a host reads every frame, written out: in the session's own module each
    // is a direct read, with no copy of the session (objdump of `reorder bench`'s frame loop
    // showed DragSession's value-witness copy around `snapshot` and `currentPosition` when
    // they were read through the subscript).

    /// The phase of the interaction (``DragSession/state``).
    public var state: DragSession.State { checkNoInput(); return storedSession.state }
    /// The lifted snapshot while dragging or dropping (``DragSession/snapshot``).
    public var snapshot: SnapshotState? { checkNoInput(); return storedSession.snapshot }
    /// Where the dragged item is now (``DragSession/currentPosition``).
    public var currentPosition: ItemPosition? { checkNoInput(); return storedSession.currentPosition }
    /// The scroll offset (``DragSession/offset``).
    public var offset: Point { checkNoInput(); return storedSession.offset }
    /// Events not yet taken (``DragSession/events``).
    public var events: [DragEvent] { checkNoInput(); return storedSession.events }

    /// What a policy hook would see now.
    public var context: PolicyContext { checkNoInput(); return storedSession.context(time: time) }
    /// Returns the events produced since the last call, and forgets them.
    public func takeEvents() -> [DragEvent] { checkNoInput(); return storedSession.takeEvents() }
    /// The time of the next frame.
    public var nextFrameTime: Double { Double(nextFrame) / frameRate }

    // MARK: Raw inputs

    /// Applies one raw input at its own time (replay). Time never goes backwards: an input
    /// older than the clock is applied at the clock's time.
    @discardableResult
    public func apply(_ input: TraceInput) -> DragSession.InputOutcome {
        let outcome = perform(input)
        alignFrames()
        return outcome
    }

    /// Applies an input without re-aligning the frame grid.
    ///
    /// Frames and moves, the inputs of every dragging frame, are matched first and run with
    /// only their time and point: the keyboard cases' payloads (`KeyboardAction` carries a
    /// list name) make `TraceInput` costly to copy and to switch over as a whole.
    @discardableResult
    func perform(_ input: TraceInput) -> DragSession.InputOutcome {
        if case .frame(let t0) = input {
            return handle(at: t0, { s, t, policy in s.frame(time: t, policy: policy) }, recorded: { .frame($0) })
        }
        if case .move(let t0, let p) = input {
            return handle(at: t0, { s, t, policy in s.touchMove(to: p, time: t, policy: policy) },
                          recorded: { .move($0, p) })
        }
        return performOther(input)
    }

    /// Runs one input at `inputTime` (never earlier than the clock): `body` gives it to the
    /// session, `recorded` is what ``inputs`` records for it at the time it ran.
    @inline(__always)
    func handle(at inputTime: Double, _ body: (inout DragSession, Double, any DragPolicy) -> DragSession.InputOutcome,
                recorded: (Double) -> TraceInput) -> DragSession.InputOutcome {
        let t = inputTime.isFinite ? max(inputTime, time) : time
        checkNoInput()
        isHandlingInput = true
        let outcome = body(&storedSession, t, storedPolicy)
        isHandlingInput = false
        time = t
        if isRecording && outcome != .ignored { record(recorded(t)) }
        return outcome
    }

    /// Keeps `input` in ``inputs`` (dropping the oldest half past twice ``inputLimit``) and
    /// hands it to the recorders.
    func record(_ input: TraceInput) {
        storedInputs.append(input)
        if storedInputs.count > 2 * Self.inputLimit {
            let cut = storedInputs.count - Self.inputLimit
            storedInputs.removeFirst(cut)
            droppedInputs += cut
        }
        if !recorders.isEmpty { for r in recorders.values { r(input) } }
    }

    /// ``perform(_:)`` for every input but frames and moves.
    func performOther(_ input: TraceInput) -> DragSession.InputOutcome {
        switch input {
        case .down(let t0, let p):
            return handle(at: t0, { s, t, policy in s.touchDown(at: p, time: t, policy: policy) }, recorded: { .down($0, p) })
        case .move(let t0, let p):
            return handle(at: t0, { s, t, policy in s.touchMove(to: p, time: t, policy: policy) }, recorded: { .move($0, p) })
        case .up(let t0):
            return handle(at: t0, { s, t, policy in s.touchUp(time: t, policy: policy) }, recorded: { .up($0) })
        case .cancel(let t0):
            return handle(at: t0, { s, t, policy in s.cancel(time: t, policy: policy) }, recorded: { .cancel($0) })
        case .frame(let t0):
            return handle(at: t0, { s, t, policy in s.frame(time: t, policy: policy) }, recorded: { .frame($0) })
        case .focus(let t0, let p):
            return handle(at: t0, { s, t, _ in s.focus(p, time: t) }, recorded: { .focus($0, p) })
        case .key(let t0, let k, let n):
            return handle(at: t0, { s, t, policy in s.key(k, count: n, time: t, policy: policy) }, recorded: { .key($0, k, n) })
        case .action(let t0, let p, let a):
            return handle(at: t0, { s, t, policy in s.perform(a, at: p, time: t, policy: policy) },
                          recorded: { .action($0, p, a) })
        case .select(let t0, let p):
            return handle(at: t0, { s, t, policy in s.select(p, time: t, policy: policy) }, recorded: { .select($0, p) })
        case .deselect(let t0, let p):
            return handle(at: t0, { s, t, _ in s.deselect(p, time: t) }, recorded: { .deselect($0, p) })
        case .tap(let t0, let p):
            return handle(at: t0, { s, t, policy in s.tap(p, time: t, policy: policy) }, recorded: { .tap($0, p) })
        case .toggle(let t0, let p):
            return handle(at: t0, { s, t, _ in p.section == 0 ? s.toggle(row: p.item, time: t) : .ignored },
                          recorded: { .toggle($0, p) })
        case .pan(let t0, let p, let d):
            return handle(at: t0, { s, t, _ in s.pan(by: d, at: p, time: t) }, recorded: { .pan($0, p, d) })
        }
    }

    /// Moves the frame grid past the current time.
    func alignFrames() {
        let k = (time * frameRate).rounded(.down)
        if k.isFinite && k < 1e15 { nextFrame = max(1, Int(k)) } else { return }
        while nextFrameTime <= time { nextFrame += 1 }
    }

    /// Runs the next frame (skipped while idle) and advances the clock to it.
    func runNextFrame() {
        checkNoInput()
        let t = nextFrameTime
        nextFrame += 1
        time = max(time, t)
        if storedSession.state != .idle { perform(.frame(t)) }
    }

    // MARK: Gestures

    /// Touches down at a viewport point.
    @discardableResult
    public func press(at point: Point) -> DragSession.InputOutcome { apply(.down(time, point)) }

    /// Touches down at the centre of the visible part of an item's cell (the cell's centre when
    /// it is wholly on screen). Returns false when the position does not exist or the cell is
    /// off screen.
    @discardableResult
    public func pressItem(_ position: ItemPosition) -> Bool {
        guard let p = visibleCenter(of: position) else { return false }
        press(at: p)
        return true
    }

    /// The centre of the part of an item's cell inside the viewport (and, on a board, below the
    /// list titles), or nil.
    public func visibleCenter(of position: ItemPosition) -> Point? {
        checkNoInput()
        guard let f = storedSession.layout.visibleFrame(of: position, offset: storedSession.offset,
                                                        viewport: storedSession.viewport) else { return nil }
        return Point(x: (f.minX + f.maxX) / 2, y: (f.minY + f.maxY) / 2)
    }

    /// Asked every ``stopCheckInterval`` frames of ``hold(_:)`` and ``advance(_:)``: true stops
    /// them after the last frame run (Ctrl-C in the REPL, a spec's watchdog). Nil: never.
    public var stopRequested: (() -> Bool)?

    /// How many frames a hold runs between two questions to ``stopRequested``.
    public static let stopCheckInterval = 64

    /// Consecutive frames at rest (``DragSession/isAtRest``, the policy's hooks not reading
    /// the clock) after which a hold skips to its last frame: more than a policy's frame window
    /// (10 frames by default), so a hook over its per-frame budget at rest is still switched
    /// off as ticking would.
    public static let restFramesBeforeSkip = 16

    /// Time passes with the finger still: ``advance(_:)``.
    ///
    /// Frames that cannot change anything are skipped: all of them while idle, and those of a
    /// drag at rest (``DragSession/isAtRest``) once it has been at rest for
    /// ``restFramesBeforeSkip`` frames; the last frame of the hold then runs (and is recorded).
    /// The events, order, offset and snapshot are those of ticking through every frame, so a
    /// day's hold costs a few frames:
    ///
    /// ```swift
    /// let sim = DragSimulator(sections: [(0..<30).map { Item("\($0)") }],
    ///                         viewport: Size(width: 375, height: 667), policy: DefaultPolicy())
    /// sim.pressItem(ItemPosition(section: 0, item: 5))
    /// sim.hold(86_400)             // true: it ran to the end
    /// sim.time                     // 86400.0
    /// sim.inputs.count             // 62: the press, frames 1...60 (the drag begins at the 30th
    ///                              // and is at rest from the 45th, 16 at rest by the 60th), and
    ///                              // the last one (t = 86400)
    /// ```
    ///
    /// Returns false when it stopped early, the clock at the last frame run: ``stopRequested``
    /// said so, or ``frameLimit`` frames ran without the drag coming to rest.
    @discardableResult
    public func hold(_ seconds: Double) -> Bool { advance(seconds) }

    /// Time passes; every frame due runs, but for those a still hold skips (see ``hold(_:)``).
    /// Returns false when it stopped early (the clock at the last frame run).
    @discardableResult
    public func advance(_ seconds: Double) -> Bool {
        checkNoInput()
        guard seconds.isFinite, seconds > 0 else { return true }
        let end = time + seconds
        let limit = end + DragSession.timeEpsilon
        var run = 0, resting = 0
        while nextFrameTime <= limit {
            if run % Self.stopCheckInterval == 0, run > 0, let stopRequested, stopRequested() { return false }
            if run >= Self.frameLimit { return false }
            if storedSession.state == .idle {
                // Frames while idle are ignored: jump past the last one due.
                let last = lastFrameIndex(upTo: limit)
                time = max(time, Double(last) / frameRate)
                nextFrame = last + 1
                continue
            }
            if resting >= Self.restFramesBeforeSkip, storedSession.state == .dragging {
                // At rest: the frames in between change nothing; the last one runs.
                nextFrame = lastFrameIndex(upTo: limit)
                storedSession.skippedFramesAtRest(until: nextFrameTime, period: 1 / frameRate)
                resting = 0
            }
            let reads = storedPolicy.clockReads
            runNextFrame()
            run += 1
            if storedSession.isAtRest && storedPolicy.clockReads == reads { resting += 1 } else { resting = 0 }
        }
        time = max(time, end)
        return true
    }

    /// The index of the last frame at or before `limit` (at least ``nextFrame``).
    func lastFrameIndex(upTo limit: Double) -> Int {
        var k = nextFrame
        let estimate = (limit * frameRate).rounded(.down)
        if estimate.isFinite, estimate < 1e15, Int(estimate) > k { k = Int(estimate) }
        while Double(k + 1) / frameRate <= limit { k += 1 }
        while k > nextFrame && Double(k) / frameRate > limit { k -= 1 }
        return k
    }

    /// Runs `frames` frames.
    public func tick(_ frames: Int = 1) {
        for _ in 0..<max(frames, 0) { runNextFrame() }
    }

    /// The finger glides linearly to `point` (viewport) over `seconds`: one move and one frame
    /// per frame period, the last one exactly at `point`. With 0 seconds: one move and one
    /// frame at the current time.
    public func move(to point: Point, over seconds: Double = 0) {
        glide(to: point, over: seconds, until: nil)
    }

    /// Glides to the centre of an item's cell as seen in the viewport now. Returns false when
    /// the position does not exist.
    @discardableResult
    public func moveToItem(_ position: ItemPosition, over seconds: Double = 0) -> Bool {
        checkNoInput()
        guard let f = storedSession.viewportFrame(of: position) else { return false }
        move(to: f.center, over: seconds)
        return true
    }

    /// The glide behind ``move(to:over:)``; stops early when `stop` says so after a frame.
    func glide(to point: Point, over seconds: Double, until stop: (() -> Bool)?) {
        checkNoInput()
        guard point.x.isFinite, point.y.isFinite else { return }
        guard seconds.isFinite, seconds > 0 else {
            perform(.move(time, point))
            perform(.frame(time))
            alignFrames()
            return
        }
        let start = storedSession.finger ?? point
        let t0 = time
        let end = t0 + seconds
        var arrived = false
        while nextFrameTime <= end + DragSession.timeEpsilon {
            let t = nextFrameTime
            nextFrame += 1
            let fraction = t >= end - DragSession.timeEpsilon ? 1 : min(max((t - t0) / seconds, 0), 1)
            let p = fraction == 1 ? point : DragSession.lerp(start, point, fraction)
            arrived = fraction == 1
            time = max(time, t)
            if storedSession.state != .idle {
                perform(.move(t, p))
                perform(.frame(t))
            }
            if let stop, stop() { return }
        }
        if !arrived {
            time = max(time, end)
            if storedSession.state != .idle { perform(.move(end, point)) }
        }
        time = max(time, end)
    }

    /// The finger lifts.
    @discardableResult
    public func release() -> DragSession.InputOutcome { apply(.up(time)) }

    /// The system cancels the touch.
    @discardableResult
    public func cancel() -> DragSession.InputOutcome { apply(.cancel(time)) }

    /// Runs frames until the drop animation is over (at most a minute of simulated time, and
    /// at most ``frameLimit`` frames).
    public func settle() {
        checkNoInput()
        var guardFrames = Int(clamping: 60 * frameRate, to: 0...Self.frameLimit)
        while storedSession.state == .dropping && guardFrames > 0 { runNextFrame(); guardFrames -= 1 }
    }

    /// A whole drag: press the item at `from`, hold for the press duration and the lift, glide
    /// towards the cell at `to` (scrolling the edge when it is off screen, `seconds` per glide,
    /// at least one frame period) until the dragged item is at `to`, release, and let the drop
    /// finish.
    ///
    /// Returns true when the dragged item ends at `to` (false when the press was refused, the
    /// policy kept it from getting there within 30 s of simulated time, or `onEnd` vetoed).
    @discardableResult
    public func drag(from: ItemPosition, to: ItemPosition, over seconds: Double = 0.5) -> Bool {
        settle()
        guard storedSession.state == .idle, storedSession.order.isValid(from), storedSession.order.isValid(to),
              pressItem(from) else { return false }
        let configuration = storedPolicy.configuration
        hold(configuration.minPressDuration)
        guard storedSession.state == .dragging, let handle = storedSession.draggedHandle else {
            if storedSession.state == .pressing { release() }
            return false
        }
        hold(configuration.snapshot.lift.duration)
        let deadline = time + 30
        // At least one frame period per glide: a shorter glide runs no frame, so nothing could
        // scroll or settle between glides and 30 s would take ~30 / seconds of them (a glide of
        // 1e-300 s never reached the deadline).
        let glideTime = max(seconds.isFinite && seconds > 0 ? seconds : 0.5, 1 / frameRate)
        while storedSession.state == .dragging && storedSession.currentPosition != to && time < deadline {
            guard let f = storedSession.viewportFrame(of: to) else { break }
            let v = storedSession.viewport
            let target = Point(x: min(max(f.midX, 1), max(v.width - 1, 1)),
                               y: min(max(f.midY, 1), max(v.height - 1, 1)))
            glide(to: target, over: glideTime) { [unowned self] in self.storedSession.currentPosition == to }
        }
        release()
        settle()
        return storedSession.order.isValid(to) && storedSession.order.handle(at: to) == handle
    }

    /// Scrolls the content (clamped) while no drag is under way. Not part of a trace.
    @discardableResult
    public func setOffset(_ offset: Point) -> DragSession.InputOutcome {
        checkNoInput()
        return storedSession.setOffset(offset)
    }

    /// Scrolls a board's lists, one offset per list in order, each clamped to its rows (see
    /// ``DragSession/setListOffsets(_:)``); nothing happens on layouts without lists of their
    /// own. Ignored while a drag is under way.
    ///
    /// ```swift
    /// let order = Order(sections: [(0..<30).map { Item("\($0)") }, []])
    /// let viewport = Size(width: 375, height: 667)
    /// let sim = DragSimulator(order: order, layout: BoardLayout(order: order, viewport: viewport),
    ///                         viewport: viewport, policy: JXMovablePolicy())
    /// sim.setListOffsets([200, 0])
    /// sim.layout.listOffsets   // [200.0, 0.0]
    /// ```
    @discardableResult
    public func setListOffsets(_ offsets: [Double]) -> DragSession.InputOutcome {
        checkNoInput()
        return storedSession.setListOffsets(offsets)
    }
}

// MARK: Trees

extension DragSimulator {
    /// Collapses or expands the tree node at a visible row (a `toggle` input); see
    /// ``DragSession/toggle(row:time:)``.
    ///
    /// ```swift
    /// sim.toggle(ItemPosition(section: 0, item: 1))
    /// sim.inputs.last?.typeName   // "toggle"
    /// ```
    @discardableResult
    public func toggle(_ position: ItemPosition) -> DragSession.InputOutcome { apply(.toggle(time, position)) }
}

// MARK: Keyboard

extension DragSimulator {
    /// Sets the keyboard focus (recorded as a `focus` input).
    ///
    /// ```swift
    /// sim.focus(ItemPosition(section: 0, item: 2))
    /// sim.inputs.last?.typeName   // "focus"
    /// ```
    @discardableResult
    public func focus(_ position: ItemPosition) -> DragSession.InputOutcome { apply(.focus(time, position)) }

    /// A key on the focused item, `count` times for the arrows and Tab (a `key` input); see
    /// ``DragSession/key(_:count:time:policy:)``.
    ///
    /// ```swift
    /// let sim = DragSimulator(sections: [(1...15).map { Item("row \($0)") }],
    ///                         viewport: Size(width: 375, height: 667), policy: DefaultPolicy())
    /// sim.focus(ItemPosition(section: 0, item: 8))
    /// sim.key(.space); sim.key(.up, count: 5); sim.key(.space)
    /// sim.order.ids[0][3]   // "row 9"
    /// ```
    @discardableResult
    public func key(_ key: KeyboardKey, count: Int = 1) -> DragSession.InputOutcome { apply(.key(time, key, count)) }

    /// A one-shot action (an `action` input); see ``DragSession/perform(_:at:time:policy:)``.
    ///
    /// ```swift
    /// sim.perform(.moveToEnd, at: ItemPosition(section: 0, item: 0))
    /// sim.takeEvents().map(\.typeName)   // ["begin", "move", "end"]
    /// ```
    @discardableResult
    public func perform(_ action: KeyboardAction, at position: ItemPosition) -> DragSession.InputOutcome {
        apply(.action(time, position, action))
    }

    /// The actions offered for an item now.
    ///
    /// ```swift
    /// sim.keyboardActions(at: ItemPosition(section: 0, item: 0)).map(\.name)   // ["move_down", "move_to_end"]
    /// ```
    public func keyboardActions(at position: ItemPosition) -> [KeyboardAction] {
        checkNoInput()
        return storedSession.keyboardActions(at: position, policy: storedPolicy)
    }

    /// The instructions a screen reader reads for the item at `position` (nil for no item).
    ///
    /// ```swift
    /// sim.instructions(at: ItemPosition(section: 0, item: 0))
    /// // "Press space or enter to lift. Use the arrow keys to move, space to drop, escape to cancel."
    /// ```
    public func instructions(at position: ItemPosition) -> String? {
        checkNoInput()
        guard storedSession.order.isValid(position) else { return nil }
        return storedPolicy.instructions(storedSession.context(time: time), at: position)
    }

    /// Returns the announcements made since the last call, and forgets them.
    ///
    /// ```swift
    /// sim.takeAnnouncements().compactMap(\.text)   // ["Lifted row 3, position 3 of 15 in Today. ..."]
    /// ```
    public func takeAnnouncements() -> [KeyboardAnnouncement] {
        checkNoInput()
        return storedSession.takeAnnouncements()
    }
}
