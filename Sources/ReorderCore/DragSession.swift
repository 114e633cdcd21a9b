/// The drag-to-reorder state machine: a value type fed with touches and frame ticks.
///
/// States: `idle → pressing → dragging → dropping → idle`; cancel from any state. Every input
/// carries the simulated time (seconds; the session never reads a clock) and the policy whose
/// hooks decide what happens. Inputs that make no sense in the current state (a touch up while
/// idle, a touch down while dragging, a frame while idle, a non-finite time or point) are
/// ignored and return ``InputOutcome/ignored``; nothing changes.
///
/// Finger positions are **viewport** coordinates; content coordinates are viewport + ``offset``.
/// Events accumulate in ``events`` until the host takes them with ``takeEvents()``.
///
/// ```swift
/// let order = Order(sections: [(0..<100).map { Item("row \($0)") }])
/// var session = DragSession(order: order,
///                           layout: TableLayout(order: order, width: 375, rowHeight: 44),
///                           viewport: Size(width: 375, height: 667))
/// let policy = JXMovablePolicy()
/// session.touchDown(at: Point(x: 100, y: 22), time: 0, policy: policy)
/// session.frame(time: 1.0, policy: policy)        // 1 s later: the drag begins
/// session.touchMove(to: Point(x: 100, y: 120), time: 1.1, policy: policy)
/// session.frame(time: 1.1, policy: policy)        // row 0 exchanged with row 2
/// session.touchUp(time: 1.2, policy: policy)      // `end` event, drop animation
/// session.takeEvents().map(\.typeName)            // ["begin", "move", "end"]
/// ```
public struct DragSession: Sendable {
    /// The phase of the interaction.
    public enum State: String, Hashable, Sendable, CaseIterable {
        case idle, pressing, dragging, dropping
    }

    /// What an input did.
    public enum InputOutcome: Hashable, Sendable {
        /// The input is impossible in the current state (or malformed) and changed nothing.
        case ignored
        /// The input was handled; the state went from `from` to `to` (possibly the same).
        case handled(from: State, to: State)
    }

    /// One applied step, kept so a rollback or a reverting cancel can undo it in O(k).
    enum Step: Hashable, Sendable {
        case move(from: ItemPosition, to: ItemPosition)
        case exchange(ItemPosition, ItemPosition)
    }

    /// What a dragging snapshot is computed from, besides what is fixed for the drag.
    struct SnapshotBasis {
        var time: Double
        var finger: Point
        var offset: Point

        /// The same numbers, bit for bit (so `-0.0` and `0.0` differ, and NaN equals itself).
        ///
        /// The differing bits are gathered with `^` and `|` and tested once: written as five
        /// comparisons joined by `&&`, the comparison compiles (Swift 6.3, release) to a call
        /// of `memcmp` over the 40 bytes, which `perf` showed in every frame of a drag.
        func isIdentical(to other: SnapshotBasis) -> Bool {
            let differing = (time.bitPattern ^ other.time.bitPattern)
                | (finger.x.bitPattern ^ other.finger.x.bitPattern) | (finger.y.bitPattern ^ other.finger.y.bitPattern)
                | (offset.x.bitPattern ^ other.offset.x.bitPattern) | (offset.y.bitPattern ^ other.offset.y.bitPattern)
            return differing == 0
        }
    }

    /// An edge-scroll episode on one axis: the direction and the time the point entered.
    struct ScrollEpisode: Hashable, Sendable {
        var direction: Double
        var start: Double
    }

    /// What a dragging frame's edge scroll asked the policy, at the frame's time: each
    /// scrolling axis's zone and, on an axis whose zone the reference point is in, its depth and
    /// the speed. The scene drawn after the frame reports these (``scene(at:policy:)``) rather
    /// than asking `zone` and `speed` a second time for the same frame. Two axes in fixed
    /// fields: a frame allocates nothing.
    struct AskedZones: Sendable {
        var time: Double
        var vertical: Scene.EdgeZone?
        var horizontal: Scene.EdgeZone?

        subscript(axis: Axis) -> Scene.EdgeZone? {
            get { axis == .vertical ? vertical : horizontal }
            set { if axis == .vertical { vertical = newValue } else { horizontal = newValue } }
        }
    }

    /// The phase and the data it alone needs (DragSession+Phase).
    var phase = Phase()
    /// The current order of the items.
    public internal(set) var order: Order
    /// The geometry, kept in step with ``order``.
    public internal(set) var layout: any Layout
    /// The visible size.
    public internal(set) var viewport: Size {
        get { display.viewport }
        set { display = PolicyContext.Shared(viewport: newValue, frameRate: display.frameRate, tree: nil) }
    }
    /// The content offset: the content point at the viewport's top-left.
    public internal(set) var offset: Point
    /// The frame rate the host ticks at (reported to policies as `ctx.frame_rate`).
    public var frameRate: Double {
        get { display.frameRate }
        set {
            display = PolicyContext.Shared(viewport: display.viewport, frameRate: newValue, tree: nil)
            if phase.hasDrag, let s = phase.drag.treeShared { phase.drag.treeShared = shared(tree: s.tree) }
        }
    }
    /// The viewport and the frame rate as every context of a flat session holds them (a tree
    /// session's hold its tree too: ``Drag/treeShared``).
    var display: PolicyContext.Shared
    /// The time of the last input handled (set in one place: ``accept(_:at:)``).
    public internal(set) var time: Double = 0
    /// Events not yet taken by the host (appended in one place: ``record(_:)``): the newest,
    /// within ``DragEventLog``'s bound (an input that makes more, a million keyboard steps say,
    /// or a host that never takes them, drops the oldest; ``droppedEvents`` counts them).
    public internal(set) var events: [DragEvent] = [] {
        didSet { eventLog.update(&events) }
    }
    /// Keeps ``events`` within its bound.
    var eventLog = DragEventLog()
    /// Events dropped untaken since the session began (see ``events``).
    public var droppedEvents: Int { eventLog.dropped }
    /// The policy's static fields, captured at touch down for the whole interaction (and kept
    /// after it: the displacement slides it started run on).
    var configuration = PolicyConfiguration(name: "default")
    /// The steps applied by the drag under way, so a rollback or a reverting cancel can undo
    /// them; emptied at each lift. A buffer of the session, not of the drag, so that it keeps
    /// its capacity from drag to drag: steps append without allocating.
    var undoLog: [Step] = []
    /// How fast the last frame's edge scroll moved each axis, points per second (+ towards the
    /// end; 0 where nothing moved: outside the zones, or at the end of the content): what a
    /// scene reports as ``Scene/EdgeZone/scrolled``. Set to zero by every frame, then by the
    /// edge scroll.
    var lastScroll = Point.zero
    /// The last dragging frame's answers from `zone` and `speed` (nil when the frame did not ask
    /// them all); any input clears it (``accept(_:at:)``, ``acceptKeyboard(at:)``).
    var askedZones: AskedZones?

    // Displacement: cells a step moved, sliding to their new slot (see DragSession+Displacement).
    var slides = Slides()
    /// Keyboard focus and announcements (see DragSession+Keyboard).
    var keys = KeyboardState()
    /// The selected items (DragSession+Group, Selection).
    var selection = SelectionSet()
    /// The tree of a tree session (DragSession+Tree): the order's rows are its visible nodes.
    public internal(set) var tree: Tree?

    /// A session over `order` laid out by `layout`, seen through a viewport of `viewport`
    /// scrolled to `offset` (clamped to the content).
    public init(order: Order, layout: any Layout, viewport: Size, offset: Point = .zero, frameRate: Double = 60) {
        self.order = order
        self.layout = layout
        self.display = PolicyContext.Shared(
            viewport: Size(width: max(viewport.width.isFinite ? viewport.width : 0, 0),
                           height: max(viewport.height.isFinite ? viewport.height : 0, 0)),
            frameRate: frameRate.isFinite && frameRate > 0 ? frameRate : 60, tree: nil)
        self.offset = .zero
        self.layout.setViewport(self.viewport)
        self.offset = clampedOffset(offset)
    }

    /// Returns the events produced since the last call, and forgets them.
    public mutating func takeEvents() -> [DragEvent] {
        defer { events.removeAll(keepingCapacity: true) }
        return events
    }

    /// Records what happened, for the host to take: the one place events are added.
    mutating func record(_ event: DragEvent) {
        events.append(event)
    }

    /// The largest offset on each axis (content − viewport, never negative).
    public var maximumOffset: Point {
        let c = layout.contentSize
        return Point(x: max(0, c.width - viewport.width), y: max(0, c.height - viewport.height))
    }

    func clampedOffset(_ p: Point) -> Point {
        Self.clamped(p, to: maximumOffset)
    }

    /// `p` clamped to `[0, m]` on each axis (0 for a non-finite coordinate).
    @inline(__always) static func clamped(_ p: Point, to m: Point) -> Point {
        func clamp(_ v: Double, _ hi: Double) -> Double { v.isFinite ? min(max(v, 0), hi) : 0 }
        return Point(x: clamp(p.x, m.x), y: clamp(p.y, m.y))
    }

    /// Scrolls the content (clamped). Ignored while a drag is under way.
    @discardableResult
    public mutating func setOffset(_ p: Point) -> InputOutcome {
        guard state == .idle || state == .pressing else { return .ignored }
        offset = clampedOffset(p)
        return .handled(from: state, to: state)
    }

    /// Scrolls the parts of the layout that scroll on their own (a board's lists; see
    /// ``Layout/setListOffsets(_:)``), each clamped to its rows. Ignored while a drag is under way.
    ///
    /// ```swift
    /// let order = Order(sections: [(0..<30).map { Item("\($0)") }, []])
    /// let viewport = Size(width: 375, height: 667)
    /// var session = DragSession(order: order, layout: BoardLayout(order: order, viewport: viewport), viewport: viewport)
    /// session.setListOffsets([1e9, 10])
    /// session.layout.listOffsets   // [653.0, 0.0]: 30 rows of 44 pt less the 667 pt band
    /// ```
    @discardableResult
    public mutating func setListOffsets(_ offsets: [Double]) -> InputOutcome {
        guard state == .idle || state == .pressing else { return .ignored }
        layout.setListOffsets(offsets)
        return .handled(from: state, to: state)
    }

    /// Resizes the viewport (the layout follows). Ignored while a drag is under way.
    @discardableResult
    public mutating func setViewport(_ size: Size) -> InputOutcome {
        guard state == .idle, size.width.isFinite, size.height.isFinite else { return .ignored }
        viewport = Size(width: max(size.width, 0), height: max(size.height, 0))
        layout.setViewport(viewport)
        offset = clampedOffset(offset)
        return .handled(from: state, to: state)
    }

    /// Replaces the order (and rebuilds the layout). Only while idle.
    @discardableResult
    public mutating func setOrder(_ newOrder: Order) -> InputOutcome {
        guard state == .idle else { return .ignored }
        order = newOrder
        selection = SelectionSet()   // its handles named items of the old order
        layout.reload(from: newOrder)
        offset = clampedOffset(offset)
        return .handled(from: state, to: state)
    }

    /// What a policy hook sees at `time` (the session's time when nil).
    ///
    /// `ctx.offset` is the content offset as the layout reports it to policies
    /// (``Layout/contextOffset(_:dragging:)``): on a board its y is the vertical scroll of the
    /// dragged (or pressed) item's list, else of the current page's list.
    ///
    /// The session builds at most one per frame for its hooks, plus one after a step for
    /// `on_move`, and lets it go before the order changes. Do not keep one across inputs (it
    /// shares the order's storage, and keeping it would make the next move copy the whole
    /// section).
    public func context(time: Double? = nil) -> PolicyContext {
        let t = time ?? self.time
        let dt = frameRate > 0 && frameRate.isFinite ? 1 / frameRate : 0
        switch phase.state {
        case .idle:
            return makeContext(time: t, dt: dt, engagement: .nan, dragging: nil, itemSize: .zero, dragTime: 0)
        case .pressing:
            let position = phase.press.position
            return makeContext(time: t, dt: dt, engagement: .nan, dragging: position,
                               itemSize: layout.frame(of: position)?.size ?? .zero, dragTime: 0)
        case .dragging:
            // ctx.outside, else ctx.over_since, in one number (PolicyContext.engagement).
            var engagement = Double.nan
            if !Self.isOver(phase.drag.finger, viewport) {
                engagement = -1
            } else if let at = phase.drag.fingerOverAt {
                engagement = max(0, at - phase.drag.beganAt)
            }
            return makeContext(time: t, dt: dt, engagement: engagement, dragging: phase.drag.current,
                               itemSize: phase.drag.snapshot.size, dragTime: max(0, t - phase.drag.beganAt))
        case .dropping:
            // A drop has no finger: neither over nor outside.
            return makeContext(time: t, dt: dt, engagement: .nan, dragging: phase.drag.current,
                               itemSize: phase.drag.snapshot.size, dragTime: max(0, t - phase.drag.beganAt))
        }
    }

    /// A dragging frame's context at the session's time: `dt` is the frame's interval, and
    /// `over` whether the finger is over the viewport, which the frame has just tested (and
    /// after which it set the drag's `fingerOverAt`). The same context as `context()` with `dt`
    /// set, without testing the finger again or dividing for a `dt` it replaces.
    @inline(__always) func frameContext(dt: Double, over: Bool) -> PolicyContext {
        var engagement = -1.0
        if over {
            engagement = .nan
            if let at = phase.drag.fingerOverAt { engagement = max(0, at - phase.drag.beganAt) }
        }
        return makeContext(time: time, dt: dt, engagement: engagement, dragging: phase.drag.current,
                           itemSize: phase.drag.snapshot.size, dragTime: max(0, time - phase.drag.beganAt))
    }

    /// The context of the phase's numbers: the dragged (or pressed) item's position and size,
    /// and the time since the drag began.
    @inline(__always) private func makeContext(time t: Double, dt: Double, engagement: Double, dragging: ItemPosition?,
                                               itemSize: Size, dragTime: Double) -> PolicyContext {
        let content = layout.contentSize
        let shown = layout.contextOffset(offset, dragging: dragging)
        return PolicyContext(order: order, shared: isTree ? treeShared() : display, content: content, offset: shown,
                             itemSize: itemSize, time: t, dragTime: dragTime, dt: dt, engagement: engagement)
    }

    /// Whether `p` (viewport coordinates) is over a viewport of `size`: half-open, `[0, width)
    /// × [0, height)`, as a browser's hit test (`elementFromPoint`) finds the container.
    @inline(__always) static func isOver(_ p: Point, _ size: Size) -> Bool {
        p.x >= 0 && p.x < size.width && p.y >= 0 && p.y < size.height
    }

    /// The size of the dragged (or pressed) item's cell; zero when there is none.
    public var draggedItemSize: Size {
        switch phase.state {
        case .idle: return .zero
        case .pressing: return layout.frame(of: phase.press.position)?.size ?? .zero
        case .dragging, .dropping: return phase.drag.snapshot.size
        }
    }

    /// The frame of an item in viewport coordinates.
    public func viewportFrame(of p: ItemPosition) -> Rect? {
        guard var f = layout.frame(of: p) else { return nil }
        f.origin = f.origin - offset
        return f
    }

    /// The item under a viewport point, if any.
    public func position(atViewportPoint p: Point) -> ItemPosition? {
        layout.position(at: p + offset)
    }
}
