/// Everything an adapter needs to draw one frame of a drag session: a pure function of the
/// session, the policy and the time (``DragSession/scene(at:policy:)``).
///
/// Frames are in **viewport** coordinates (what the screen shows; add ``offset`` for content
/// coordinates). `s:show()`, the playground page and `s:scene()` all draw from it.
///
/// ```swift
/// let order = Order(sections: [(0..<20).map { Item("row \($0)") }])
/// let session = DragSession(order: order, layout: TableLayout(order: order, width: 375, rowHeight: 44),
///                           viewport: Size(width: 375, height: 667))
/// let scene = session.scene(at: 0, policy: DefaultPolicy())
/// scene.cells.count          // 16: rows 0...15 show in 667 pt
/// scene.cells[1].frame       // [0.0, 44.0, 375.0, 44.0]
/// ```
public struct Scene: Hashable, Sendable {
    /// A section header that shows.
    public struct Header: Hashable, Sendable {
        public var section: Int
        public var title: String
        public var frame: Rect
    }

    /// A cell that shows.
    public struct Cell: Hashable, Sendable {
        public var position: ItemPosition
        public var id: String
        public var title: String
        /// Whether the item carries `finished = true` (a task board's done task).
        public var isFinished: Bool
        /// Where the cell is drawn now: its slot, or on its way there while it slides.
        public var frame: Rect
        /// Its slot in the layout.
        public var slot: Rect
        /// The slide's linear time fraction (`0..<1`) while it slides; nil at rest.
        public var slideProgress: Double?
        /// Whether this is the lifted item's own cell (drawn with the placeholder style).
        public var isPlaceholder: Bool
    }

    /// The lifted item's origin cell while a snapshot floats.
    public struct Placeholder: Hashable, Sendable {
        public var position: ItemPosition
        /// Where it is drawn now (it slides like any displaced cell).
        public var frame: Rect
        public var style: PlaceholderStyle
    }

    /// The floating snapshot.
    public struct Snapshot: Hashable, Sendable {
        public var id: String
        public var title: String
        /// Centre, scale, alpha, rotation, corner radius, shadow, lift and drop progress.
        public var state: SnapshotState
        /// The drawn frame, unrotated: `size × scale` around the centre.
        public var frame: Rect { state.frame }
    }

    /// One axis's edge zones as the policy gives them now.
    public struct EdgeZone: Hashable, Sendable {
        public var axis: Axis
        /// Depth of each zone (at the start and at the end of the axis), points; 0 when none.
        public var length: Double
        /// -1 when the reference point is in the start zone, +1 in the end zone, 0 in neither.
        public var direction: Double
        /// How far inside the zone the reference point is, points (0 outside).
        public var depth: Double
        /// The speed the policy gives for that depth now, points per second (0 outside).
        public var speed: Double
    }

    public var time: Double
    public var state: DragSession.State
    public var policyName: String
    public var viewport: Size
    public var contentSize: Size
    public var offset: Point
    public var maximumOffset: Point
    public var headers: [Header]
    /// In layout order.
    public var cells: [Cell]
    public var placeholder: Placeholder?
    public var snapshot: Snapshot?
    /// One entry per scrolling axis of the policy (vertical first).
    public var edgeZones: [EdgeZone]
}

extension DragSession {
    /// The scene at `time` (the session's time when nil), for `policy` (the one driving the
    /// session; its hooks give the edge zones and speeds).
    ///
    /// Calls the policy's `zone` hook once per scrolling axis, and `speed` when the reference
    /// point is in a zone during a drag; nothing else of the policy, and nothing changes.
    public func scene(at time: Double? = nil, policy: some DragPolicy) -> Scene {
        let t = time ?? self.time
        let visible = Rect(origin: offset, size: viewport)
        func shown(_ r: Rect) -> Rect { Rect(origin: r.origin - offset, size: r.size) }
        func intersects(_ r: Rect) -> Bool {
            r.size.height > 0 && r.maxY > visible.minY && r.minY < visible.maxY
                && r.maxX > visible.minX - 0.5 && r.minX < visible.maxX + 0.5
        }

        var headers: [Scene.Header] = []
        for s in 0..<layout.sectionCount {
            guard let h = layout.headerFrame(of: s), intersects(h) else { continue }
            let title = s < order.sectionTitles.count ? order.sectionTitles[s] : "section \(s + 1)"
            headers.append(Scene.Header(section: s, title: title, frame: shown(h)))
        }

        let lifted = snapshot != nil ? currentPosition : nil
        var cells: [Scene.Cell] = []
        var placeholder: Scene.Placeholder?
        for p in layout.positions(in: visible) {
            guard let slot = layout.frame(of: p), order.isValid(p) else { continue }
            let handle = order.handle(at: p)
            let item = order.item(handle: handle)
            let (drawn, progress) = drawnFrame(handle: handle, slot: slot, at: t)
            let isPlaceholder = p == lifted
            cells.append(Scene.Cell(position: p, id: item.id, title: item.title, isFinished: item.flag("finished"),
                                    frame: shown(drawn), slot: shown(slot), slideProgress: progress,
                                    isPlaceholder: isPlaceholder))
            if isPlaceholder, let snap = snapshot {
                placeholder = Scene.Placeholder(position: p, frame: shown(drawn), style: snap.placeholder)
            }
        }
        // The lifted item's cell may have scrolled away: the placeholder still has a frame.
        if placeholder == nil, let p = lifted, let snap = snapshot, let slot = layout.frame(of: p), order.isValid(p) {
            let drawn = drawnFrame(handle: order.handle(at: p), slot: slot, at: t).frame
            placeholder = Scene.Placeholder(position: p, frame: shown(drawn), style: snap.placeholder)
        }

        var sceneSnapshot: Scene.Snapshot?
        if let snap = snapshot, let p = currentPosition, order.isValid(p) {
            let item = order.item(at: p)
            sceneSnapshot = Scene.Snapshot(id: item.id, title: item.title, state: snap)
        }

        // While a drag is under way the session's captured fields rule; otherwise the policy's.
        let config = state == .idle ? policy.configuration : configuration
        var zones: [Scene.EdgeZone] = []
        if config.edgeScroll.enabled {
            let ctx = context(time: t)
            for axis in [Axis.vertical, .horizontal] where config.edgeScroll.axes.contains(axis: axis) {
                let length = viewport[axis]
                let raw = policy.edgeZone(ctx, axis: axis, viewportLength: length)
                let zone = raw.isFinite && raw > 0 && length > 0 ? raw : 0
                var entry = Scene.EdgeZone(axis: axis, length: zone, direction: 0, depth: 0, speed: 0)
                if zone > 0, state == .dragging, let snap = snapshot, let finger,
                   let (direction, depth) = Self.edgeDepth(axis, zone: zone, length: length,
                                                           reference: config.edgeScroll.reference,
                                                           snapshot: snap, finger: finger) {
                    entry.direction = direction
                    entry.depth = depth
                    let start = episode(axis).flatMap { $0.direction == direction ? $0.start : nil } ?? t
                    let v = policy.scrollSpeed(ctx, axis: axis, depth: depth, zone: zone, elapsed: max(0, t - start))
                    entry.speed = v.isFinite && v > 0 ? v : 0
                }
                zones.append(entry)
            }
        }

        return Scene(time: t, state: state, policyName: config.name, viewport: viewport,
                     contentSize: layout.contentSize, offset: offset, maximumOffset: maximumOffset,
                     headers: headers, cells: cells, placeholder: placeholder, snapshot: sceneSnapshot,
                     edgeZones: zones)
    }
}
