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
        var finger: Point?
        var offset: Point

        /// The same numbers, bit for bit (so `-0.0` and `0.0` differ, and NaN equals itself).
        func isIdentical(to other: SnapshotBasis) -> Bool {
            func same(_ a: Double, _ b: Double) -> Bool { a.bitPattern == b.bitPattern }
            func same(_ a: Point?, _ b: Point?) -> Bool {
                switch (a, b) {
                case (nil, nil): return true
                case let (a?, b?): return same(a.x, b.x) && same(a.y, b.y)
                default: return false
                }
            }
            return same(time, other.time) && same(finger, other.finger)
                && same(offset.x, other.offset.x) && same(offset.y, other.offset.y)
        }
    }

    /// An edge-scroll episode on one axis: the direction and the time the point entered.
    struct ScrollEpisode: Hashable, Sendable {
        var direction: Double
        var start: Double
    }

    /// What the press recorded when the finger went down on an item. It lives until the session
    /// is idle again: the drag and the drop still follow from where the press began.
    struct Press: Sendable {
        /// Where the finger went down (viewport) and when.
        var point: Point
        var time: Double
        /// The item under the finger.
        var position: ItemPosition
        /// The content offset at the press.
        var offset: Point
        /// Cell centre (content) at the press: the `y` follow mode keeps its x.
        var cellCenter: Point
    }

    /// What a drag keeps from its beginning to the end of its drop.
    struct Drag: Sendable {
        /// Where the dragged item was when the drag began, and where it is now.
        var original: ItemPosition
        var current: ItemPosition
        /// The dragged item's handle (it follows the item through every step).
        var handle: Int32
        /// The time the drag began.
        var beganAt: Double
        /// The time of the last dragging frame (the edge scroll's `dt`).
        var lastFrameTime: Double
        /// Cell centre (viewport) when the drag began: where the lift starts.
        var liftFrom: Point
        /// The time, finger and offset the snapshot was last computed for (nil: not computed
        /// this drag). Nothing else it depends on changes during a drag.
        var snapshotBasis: SnapshotBasis?
        /// The layout's scroll axis (``Layout/scrollAxis``), read once at the lift: `follow =
        /// "main"` and `edge_scroll.axes = "main"` resolve against it every frame, and asking
        /// the layout is a witness call through its existential.
        var scrollAxis: Axis

        /// What ``DragSession/dragData`` holds outside a drag (never read then).
        static let none = Drag(original: ItemPosition(section: 0, item: 0), current: ItemPosition(section: 0, item: 0),
                               handle: -1, beganAt: 0, lastFrameTime: 0, liftFrom: .zero, snapshotBasis: nil,
                               scrollAxis: .vertical)
    }

    /// What the drop animates from.
    struct Drop: Sendable {
        /// When the drop began, and the snapshot it began with.
        var start: Double
        var from: SnapshotState?
        /// The offset when the drop began, and where a paged layout snaps it (nil: no snap).
        var offsetFrom: Point
        var offsetTo: Point?
    }

    /// The current state: which phase data the session holds.
    ///
    /// The phases nest: a drag keeps its press (the snapshot follows from the press point), a
    /// drop keeps its drag (it lands on the dragged item's cell). So the state is the deepest
    /// phase present. It is stored, set only where a phase begins or the interaction resets
    /// (``beginPhase(_:)``), and checked against the data by ``invariantViolations()``:
    /// derived on every read, its optional-payload tag tests (outlined calls) were the largest
    /// cost the grouped phase data added to the dragging frame (issue 13).
    public private(set) var state: State = .idle

    /// The state the phase data describe: the deepest phase present.
    var phaseOfData: State {
        if drop != nil { return .dropping }
        if drag != nil { return .dragging }
        if press != nil { return .pressing }
        return .idle
    }

    /// Records that a phase began (or, with `.idle`, that the interaction was reset): the one
    /// place ``state`` is set, right after the phase data are.
    mutating func beginPhase(_ phase: State) {
        state = phase
    }
    /// The current order of the items.
    public internal(set) var order: Order
    /// The geometry, kept in step with ``order``.
    public internal(set) var layout: any Layout
    /// The visible size.
    public internal(set) var viewport: Size
    /// The content offset: the content point at the viewport's top-left.
    public internal(set) var offset: Point
    /// The frame rate the host ticks at (reported to policies as `ctx.frame_rate`).
    public var frameRate: Double
    /// The time of the last input handled (set in one place: ``accept(_:at:)``).
    public internal(set) var time: Double = 0
    /// The lifted snapshot while dragging or dropping, else nil.
    public internal(set) var snapshot: SnapshotState?
    /// Events not yet taken by the host.
    public internal(set) var events: [DragEvent] = []
    /// Where the finger is (viewport coordinates) while it is down.
    public internal(set) var finger: Point?
    /// Where the dragged item was when the drag began.
    public var originalPosition: ItemPosition? { hasDrag ? dragData.original : nil }
    /// Where the dragged item is now.
    public var currentPosition: ItemPosition? { hasDrag ? dragData.current : nil }
    /// The time the current drag began (nil when no drag is under way).
    public var dragBeganAt: Double? { hasDrag ? dragData.beganAt : nil }

    /// The phase data: nil outside the phase (see ``state``).
    var press: Press?
    /// The drag's phase data, kept in ``dragData`` while ``hasDrag``. Not a stored optional:
    /// `Drag?` has no spare bits, and each read of a stored one went through an outlined tag
    /// test (a call), about eleven a dragging frame (issue 13). The frame's own reads go to
    /// ``dragData`` in place (``currentPosition``, ``dragBeganAt``): this getter copies the
    /// whole `Drag` into an optional.
    var drag: Drag? {
        @inline(__always) get { hasDrag ? dragData : nil }
        @inline(__always) set {
            if let newValue { dragData = newValue; hasDrag = true } else { hasDrag = false }
        }
    }
    /// The storage behind ``drag``: meaningful only while ``hasDrag``.
    var dragData = Drag.none
    var hasDrag = false
    var drop: Drop?
    /// The policy's static fields, captured at touch down for the whole interaction (and kept
    /// after it: the displacement slides it started run on).
    var configuration = PolicyConfiguration(name: "default")
    /// The steps applied this drag, so a rollback or a reverting cancel can undo them. Kept
    /// outside ``Drag`` so its buffer survives from drag to drag: steps append without allocating.
    var undoLog: [Step] = []
    /// The edge-scroll episode on each axis while dragging, nil outside the zones. Kept beside
    /// the phase data: edge scrolling reads and writes them every frame, and through
    /// `drag?.` the compiler copied the whole session there (twice a frame).
    var verticalEpisode: ScrollEpisode?
    var horizontalEpisode: ScrollEpisode?
    /// The session time at the start of the dragging frame in which the finger last came over
    /// the viewport (nil while it is outside, and outside a drag): `ctx.over_since`. Set by a
    /// compare per dragging frame and a store when it changes, beside the episodes for the
    /// same reason.
    var fingerOverAt: Double?
    /// How fast the last frame's edge scroll moved each axis, points per second (+ towards the
    /// end; 0 where nothing moved: outside the zones, or at the end of the content): what a
    /// scene reports as ``Scene/EdgeZone/scrolled``. Set to zero by every frame, then by the
    /// edge scroll.
    var lastScroll = Point.zero

    /// The snapshot's size while dragging, from its first lift step on (nil before it and
    /// outside a drag): nothing changes it after that step, so `snapshot.clamp` reads it here,
    /// a plain load, instead of through the optional snapshot three times a frame.
    var clampSize: Size?

    // Displacement: cells a step moved, sliding to their new slot (see DragSession+Displacement).
    var slides = Slides()
    /// Keyboard dragging: the focus, a keyboard lift, a reveal's glide, announcements (see
    /// DragSession+Keyboard).
    var keys = KeyboardState()
    // Issue 19 (DragSession+Group, Selection): the selected items, and the group being dragged.
    var selection = SelectionSet()
    var group: GroupDrag?

    /// A session over `order` laid out by `layout`, seen through a viewport of `viewport`
    /// scrolled to `offset` (clamped to the content).
    public init(order: Order, layout: any Layout, viewport: Size, offset: Point = .zero, frameRate: Double = 60) {
        self.order = order
        self.layout = layout
        self.viewport = Size(width: max(viewport.width.isFinite ? viewport.width : 0, 0),
                             height: max(viewport.height.isFinite ? viewport.height : 0, 0))
        self.offset = .zero
        self.frameRate = frameRate.isFinite && frameRate > 0 ? frameRate : 60
        self.layout.setViewport(self.viewport)
        self.offset = clampedOffset(offset)
    }

    /// Returns the events produced since the last call, and forgets them.
    public mutating func takeEvents() -> [DragEvent] {
        defer { events.removeAll(keepingCapacity: true) }
        return events
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
        selection = SelectionSet()   // issue 19: its handles named items of the old order
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
        // Locals, no closures over self (a closure capturing the session made the compiler
        // copy it). ctx.outside, else ctx.over_since, in one number (PolicyContext.engagement).
        var engagement = Double.nan
        if let began = dragBeganAt {
            if let f = finger, !Self.isOver(f, viewport) {
                engagement = -1
            } else if let at = fingerOverAt {
                engagement = max(0, at - began)
            }
        }
        return makeContext(time: t, dt: frameRate > 0 && frameRate.isFinite ? 1 / frameRate : 0,
                           engagement: engagement)
    }

    /// A dragging frame's context at the session's time: `dt` is the frame's interval, and
    /// `over` whether the finger is over the viewport, which the frame has just tested (and
    /// after which it set ``fingerOverAt``). The same context as `context()` with `dt` set,
    /// without testing the finger again or dividing for a `dt` it replaces.
    func frameContext(dt: Double, over: Bool) -> PolicyContext {
        var engagement = Double.nan
        if let began = dragBeganAt {
            if over {
                // The frame set fingerOverAt when the finger is over.
                if let at = fingerOverAt { engagement = max(0, at - began) }
            } else if finger != nil {
                engagement = -1
            }
        }
        return makeContext(time: time, dt: dt, engagement: engagement)
    }

    @inline(__always) private func makeContext(time t: Double, dt: Double, engagement: Double) -> PolicyContext {
        // No `??` over self: its autoclosure captures the session, and the compiler copied the
        // layout existential (or the whole session) for it.
        let dragging = draggedOrPressedPosition
        return PolicyContext(order: order, viewport: viewport, content: layout.contentSize,
                             offset: layout.contextOffset(offset, dragging: dragging),
                             itemSize: draggedItemSize, frameRate: frameRate, time: t,
                             dragTime: dragBeganAt.map { max(0, t - $0) } ?? 0, dt: dt, engagement: engagement)
    }

    /// Whether `p` (viewport coordinates) is over a viewport of `size`: half-open, `[0, width)
    /// × [0, height)`, as a browser's hit test (`elementFromPoint`) finds the container.
    @inline(__always) static func isOver(_ p: Point, _ size: Size) -> Bool {
        p.x >= 0 && p.x < size.width && p.y >= 0 && p.y < size.height
    }

    /// The size of the dragged (or pressed) item's cell; zero when there is none.
    public var draggedItemSize: Size {
        if let s = snapshot { return s.size }
        if let p = draggedOrPressedPosition, let f = layout.frame(of: p) { return f.size }
        return .zero
    }

    /// The dragged item's position, else the pressed one.
    @inline(__always) var draggedOrPressedPosition: ItemPosition? {
        if hasDrag { return dragData.current }
        if let press { return press.position }
        return nil
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
