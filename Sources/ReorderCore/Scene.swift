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
        /// Whether the item is selected, and whether it is a member of a `stay` group
        /// left in its slot while the group is dragged (drawn as a ghost).
        public var isSelected: Bool = false
        public var isGhost: Bool = false
        /// Whether the drop would land on this item now (a combine, `combine_rule`).
        public var isCombineTarget: Bool = false
        /// Its place in the outline, in a tree session (nil in any other).
        public var tree: TreeRow? = nil
    }

    /// A tree row's place in the outline: what a drawer needs to indent it (``depth`` ×
    /// ``Outline/indent``) and to draw its disclosure mark.
    ///
    /// ```swift
    /// session.scene().cells[1].tree   // depth 1, has children, not collapsed: "Review PR 42" under "Work"
    /// ```
    public struct TreeRow: Hashable, Sendable {
        /// The level the row is drawn at (a root's is 0): the node's depth, and for the lifted
        /// node's own row while it is dragged the depth the drop would give it (the projection's;
        /// dnd-kit's tree story draws the dragged row's ghost at `projected.depth`,
        /// SortableTree.tsx, the `depth` prop of each `SortableTreeItem`).
        public var depth: Int
        /// Whether the node has children (shown or collapsed, or carried with it while lifted).
        public var hasChildren: Bool
        /// Whether the node is collapsed; only a node with children is (dnd-kit's story draws
        /// a node collapsed when `collapsed && children.length`).
        public var isCollapsed: Bool
    }

    /// What a tree session's drawer needs besides each row's ``TreeRow``.
    ///
    /// ```swift
    /// session.scene().outline?.indent              // 50 under dndkit_tree
    /// session.scene().outline?.projection?.parent  // "Work": the drop would nest it under Work
    /// ```
    public struct Outline: Hashable, Sendable {
        /// Where a drop of the lifted node would put it now (the engine's projection, the
        /// policy's bounds and `can_nest` applied).
        public struct Projection: Hashable, Sendable {
            public var depth: Int
            /// The parent's id; nil for a root.
            public var parent: String?
        }
        /// Points per level (the policy's `tree.indent`): a row is drawn in by `depth × indent`.
        public var indent: Double
        /// While a node is dragged and a drop would land it: where. Nil at rest, and when the
        /// policy allows no depth where the node is (a drop there goes back).
        public var projection: Projection?
    }

    /// Where a drop will land under `drop_preview = "indicator"`: a line between rows, or an
    /// outline around the item the drop combines with (or exchanges with).
    ///
    /// ```swift
    /// session.scene().indicator?.kind    // .line
    /// session.scene().indicator?.frame   // [0.0, 132.0, 375.0, 0.0]: the line under row 2
    /// ```
    public struct DropIndicator: Hashable, Sendable {
        public enum Kind: String, Hashable, Sendable {
            /// A line where the item will be put.
            case line
            /// The item's frame outlined: the drop lands on it.
            case outline
        }
        public var kind: Kind
        /// The row it is drawn at: the line on its leading or trailing edge, or the row outlined
        /// (for a line one past a section's last row, that position).
        public var position: ItemPosition
        /// Viewport coordinates: a line's frame has no height (its y is the line's), an
        /// outline's is the row's.
        public var frame: Rect
        /// The nesting level the line is drawn at (its indent; 0 on a flat list).
        public var depth: Int
        /// The drop would do nothing here: the policy refuses what the tree-item hitbox asks
        /// for (pragmatic-drag-and-drop's `instruction-blocked`), drawn as blocked.
        public var blocked: Bool = false
    }

    /// The lifted item's origin cell while a snapshot floats.
    public struct Placeholder: Hashable, Sendable {
        public var position: ItemPosition
        /// Where it is drawn now (it slides like any displaced cell).
        public var frame: Rect
        /// How it looks now: `snapshot.placeholder`, or on the way there from
        /// `snapshot.lift.from.placeholder` and back to `snapshot.drop.to.placeholder`
        /// (``SnapshotStyle/placeholder(at:)``).
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
        /// How many items the snapshot carries (1, the group's size, or the lifted tree node and
        /// its descendants), whether a count badge is drawn on it (a group's: `snapshot.badge`; a
        /// tree node's: whenever it carries descendants, as dnd-kit's tree story shows
        /// `getChildCount(items, activeId) + 1` on the dragged clone, SortableTree.tsx line 232)
        /// and how many cards are stacked under it
        /// (`snapshot.stack`, at most the group's other items; none for a tree node).
        public var count: Int = 1
        public var badge: Bool = false
        public var stack: Int = 0
    }

    /// A press on its way to a lift (the session is `pressing`): what a page shows at once so
    /// that a hold is seen to be one (iOS's cell darkens on touch-down; the lift completes it).
    ///
    /// ```swift
    /// session.scene().press?.progress   // 0.5 half-way through `min_press_duration`
    /// ```
    public struct Press: Hashable, Sendable {
        /// The item pressed.
        public var position: ItemPosition
        /// Where the finger went down (viewport coordinates).
        public var point: Point
        /// How far the hold is: 0 at the touch, 1 when the drag begins.
        public var progress: Double
        /// The policy's `min_press_duration` (seconds) and `allowable_movement` (points): how
        /// long the finger must stay, and how far it may wander before the press fails.
        public var duration: Double
        public var allowableMovement: Double
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
        /// How fast the last frame actually scrolled this axis, points per second (+ towards the
        /// end, − towards the start): 0 outside the zones, at the end of the content (where the
        /// policy may still give a `speed`), and outside a drag.
        public var scrolled: Double = 0
    }

    /// A grid's shape (``GridLayout``).
    ///
    /// ```swift
    /// session.scene().grid?.columns   // 4: 93.75 pt cells across 375 pt
    /// ```
    public struct Grid: Hashable, Sendable {
        /// Cells per line: per row of a vertical grid, per column of a horizontal one.
        public var columns: Int
        public var itemSize: Size
        /// Which way the grid grows and scrolls.
        public var direction: GridLayout.Direction = .vertical
    }

    /// A board's pages and the lists that show (``BoardLayout``).
    ///
    /// ```swift
    /// let board = session.scene().board
    /// board?.lists.map(\.title)   // ["today", "next"]: the first list and its neighbour peeking in
    /// ```
    public struct Board: Hashable, Sendable {
        /// One list that shows, wholly or in part.
        public struct List: Hashable, Sendable {
            public var section: Int
            public var title: String
            /// Items in the list.
            public var count: Int
            /// Its column in viewport coordinates (header and rows, the whole viewport height).
            public var frame: Rect
            /// How far the list is scrolled down, and how far it can be, points.
            public var offset: Double
            public var maximumOffset: Double
        }

        /// The page nearest the offset (0-based) and the number of pages.
        public var page: Int
        public var pageCount: Int
        /// Height of the list titles above the rows, and of a row, points.
        public var headerHeight: Double
        public var rowHeight: Double
        /// The lists that show, left to right.
        public var lists: [List]
        /// The scroll of the list the drag is in (the dragged item's, else the current page's):
        /// what ``Layout/contextOffset(_:dragging:)`` reports as `y`.
        public var contextListOffset: Double
    }

    public var time: Double
    public var state: DragSession.State
    public var policyName: String
    public var viewport: Size
    public var contentSize: Size
    public var offset: Point
    public var maximumOffset: Point
    public var headers: [Header]
    /// The header of the section at the top of a vertically scrolling table or grid once its
    /// own header has scrolled above the viewport, pinned at the top as UITableView's plain
    /// style pins it, and pushed up by the next section's header as that one arrives (its
    /// frame's y is then negative). Drawn over the rows; the hit test knows nothing of it, so
    /// a press there reaches the row under it. Nil when the top section's header shows where
    /// it is, on boards and on horizontal layouts.
    ///
    /// ```swift
    /// session.scene().pinnedHeader?.title   // "Later", once "Later"'s rows fill the top
    /// ```
    public var pinnedHeader: Header?
    /// In layout order.
    public var cells: [Cell]
    public var placeholder: Placeholder?
    public var snapshot: Snapshot?
    /// One entry per scrolling axis of the policy (vertical first).
    public var edgeZones: [EdgeZone]
    /// Where the finger is (viewport coordinates) while it is down.
    public var finger: Point?
    /// Set when the layout is a grid.
    public var grid: Grid?
    /// Set when the layout is a board.
    public var board: Board?
    /// The item the drop would combine with now (`combine_rule`), nil when none.
    public var combineTarget: ItemPosition? = nil
    /// Where the drop will land, under `drop_preview = "indicator"`; nil otherwise.
    public var indicator: DropIndicator? = nil
    /// Set while pressing.
    public var press: Press? = nil
    /// Set in a tree session.
    public var outline: Outline? = nil
}

extension DragSession {
    /// The scene at `time` (the session's time when nil), for `policy` (the one driving the
    /// session; its hooks give the edge zones and speeds).
    ///
    /// Calls the policy's `zone` hook once per scrolling axis, and `speed` when the reference
    /// point is in a zone during a drag; nothing else of the policy, and nothing changes. Right
    /// after a dragging frame (no input since, `time` the frame's), it reports what that frame
    /// asked and calls no hook: a hook is asked once a frame.
    public func scene(at time: Double? = nil, policy: some DragPolicy) -> Scene {
        makeScene(at: time, policy: policy)
    }

    /// The scene at `time` without asking any policy: ``Scene/edgeZones`` is empty. For
    /// drawings that need no zones (a drag's timeline), so drawing never runs a policy hook
    /// (a failing hook counts towards its switch-off, and a drawing must not change that).
    ///
    /// ```swift
    /// session.scene().edgeZones   // []
    /// ```
    public func scene(at time: Double? = nil) -> Scene {
        makeScene(at: time, policy: nil)
    }

    private func makeScene(at time: Double?, policy: (any DragPolicy)?) -> Scene {
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
            headers.append(Scene.Header(section: s, title: sectionTitle(s), frame: shown(h)))
        }

        let lifted = snapshot != nil ? currentPosition : nil
        // The group's ghosts (stay mode), and the selection.
        let groupNow = groupInfo
        let ghosts = Set(groupNow?.ghosts ?? [])
        let (combineTarget, indicator) = landingIndicator()
        var cells: [Scene.Cell] = []
        var placeholder: Scene.Placeholder?
        // The origin cell's look now (a colour may animate over the lift and the drop).
        let placeholderStyle = snapshot.map { configuration.snapshot.placeholder(at: $0) }
        for p in layout.positions(in: visible) {
            guard let slot = layout.frame(of: p), order.isValid(p) else { continue }
            let handle = order.handle(at: p)
            let item = order.item(handle: handle)
            let (drawn, progress) = drawnFrame(handle: handle, slot: slot, at: t)
            let isPlaceholder = p == lifted
            cells.append(Scene.Cell(position: p, id: item.id, title: item.title, isFinished: item.flag("finished"),
                                    frame: shown(drawn), slot: shown(slot), slideProgress: progress,
                                    isPlaceholder: isPlaceholder, isSelected: selection.contains(handle),
                                    isGhost: ghosts.contains(handle), isCombineTarget: p == combineTarget,
                                    tree: treeRow(handle, lifted: isPlaceholder)))
            if isPlaceholder, let style = placeholderStyle {
                placeholder = Scene.Placeholder(position: p, frame: shown(drawn), style: style)
            }
        }
        // The lifted item's cell may have scrolled away: the placeholder still has a frame.
        if placeholder == nil, let p = lifted, let style = placeholderStyle, let slot = layout.frame(of: p), order.isValid(p) {
            let drawn = drawnFrame(handle: order.handle(at: p), slot: slot, at: t).frame
            placeholder = Scene.Placeholder(position: p, frame: shown(drawn), style: style)
        }

        var sceneSnapshot: Scene.Snapshot?
        if let snap = snapshot, let p = currentPosition, order.isValid(p) {
            let item = order.item(at: p)
            sceneSnapshot = Scene.Snapshot(id: item.id, title: item.title, state: snap)
            if let g = groupNow, g.count > 1 {
                sceneSnapshot?.count = g.count
                sceneSnapshot?.badge = configuration.snapshot.badge
                sceneSnapshot?.stack = min(Int(configuration.snapshot.stack), g.count - 1)
            } else if let carried = treeLift?.carried, carried > 1 {
                sceneSnapshot?.count = carried
                sceneSnapshot?.badge = true
            }
        }

        // While a drag is under way the session's captured fields rule; otherwise the policy's.
        let config = state == .idle ? (policy?.configuration ?? configuration) : configuration
        var zones: [Scene.EdgeZone] = []
        if config.edgeScroll.enabled, policy != nil, state == .dragging, let asked = askedZones, asked.time == t {
            // The frame at this time asked the hooks, and no input came since: its answers.
            for axis in [Axis.vertical, .horizontal] {
                guard var entry = asked[axis] else { continue }
                entry.scrolled = lastScroll[axis]
                zones.append(entry)
            }
        } else if config.edgeScroll.enabled, let policy {
            let ctx = context(time: t)
            let axes = config.edgeScroll.axes.resolved(scrollAxis: layout.scrollAxis)
            for axis in [Axis.vertical, .horizontal] where axes.contains(axis: axis) {
                let length = viewport[axis]
                let raw = policy.edgeZone(ctx, axis: axis, viewportLength: length)
                let zone = raw.isFinite && raw > 0 && length > 0 ? raw : 0
                var entry = Scene.EdgeZone(axis: axis, length: zone, direction: 0, depth: 0, speed: 0)
                if zone > 0, state == .dragging, let snap = snapshot, let finger,
                   let (direction, depth) = Self.edgeDepth(axis, zone: zone, length: length,
                                                           reference: config.edgeScroll.reference,
                                                           center: snap.center, size: snap.size, scale: snap.scale,
                                                           finger: finger,
                                                           inclusive: config.edgeScroll.inclusive) {
                    entry.direction = direction
                    entry.depth = depth
                    let start = phase.drag.episode(axis).flatMap { $0.direction == direction ? $0.start : nil } ?? t
                    let v = policy.scrollSpeed(ctx, axis: axis, depth: depth, zone: zone, elapsed: max(0, t - start))
                    entry.speed = v.isFinite && v > 0 ? v : 0
                }
                if state == .dragging { entry.scrolled = lastScroll[axis] }
                zones.append(entry)
            }
        }

        var grid: Scene.Grid?
        if let g = layout as? GridLayout { grid = Scene.Grid(columns: g.columns, itemSize: g.itemSize, direction: g.direction) }
        var board: Scene.Board?
        if let b = layout as? BoardLayout { board = sceneBoard(b) }

        var press: Scene.Press?
        if state == .pressing {
            let p = phase.press
            let hold = configuration.minPressDuration
            let progress = hold > 0 ? min(max((t - p.time) / hold, 0), 1) : 1
            press = Scene.Press(position: p.position, point: p.point, progress: progress, duration: hold,
                                allowableMovement: configuration.allowableMovement)
        }

        return Scene(time: t, state: state, policyName: config.name, viewport: viewport,
                     contentSize: layout.contentSize, offset: offset, maximumOffset: maximumOffset,
                     headers: headers, pinnedHeader: pinnedHeader(topCell: cells.first), cells: cells, placeholder: placeholder, snapshot: sceneSnapshot,
                     edgeZones: zones, finger: finger, grid: grid, board: board,
                     combineTarget: combineTarget, indicator: indicator, press: press,
                     outline: tree.map { _ in sceneOutline(indent: config.tree.indent) })
    }

    /// A tree row's ``Scene/TreeRow``; nil outside a tree session. The lifted node's row is
    /// drawn at the projected depth while one is resolved.
    private func treeRow(_ h: Int32, lifted: Bool) -> Scene.TreeRow? {
        guard let tree, tree.contains(h) else { return nil }
        var depth = tree.depth(h)
        if lifted, let p = treeProjection { depth = p.depth }
        let children = tree.hasChildren(h)
        return Scene.TreeRow(depth: depth, hasChildren: children, isCollapsed: children && tree.isCollapsed(h))
    }

    /// ``Scene/outline`` of a tree session.
    private func sceneOutline(indent: Double) -> Scene.Outline {
        var outline = Scene.Outline(indent: indent)
        if state == .dragging, let tree, let p = treeProjection {
            outline.projection = Scene.Outline.Projection(depth: p.depth, parent: p.parent.map { tree.id($0) })
        }
        return outline
    }

    /// Section `s`'s title, or "section N" when the order has none.
    private func sectionTitle(_ s: Int) -> String {
        s < order.sectionTitles.count ? order.sectionTitles[s] : "section \(s + 1)"
    }

    /// ``Scene/pinnedHeader``: the header of `topCell`'s section when it has scrolled above the
    /// viewport, at the top or pushed up by the next section's header.
    private func pinnedHeader(topCell: Scene.Cell?) -> Scene.Header? {
        guard layout.scrollAxis == .vertical, !(layout is BoardLayout), let s = topCell?.position.section,
              let own = layout.headerFrame(of: s), own.size.height > 0, own.minY < offset.y else { return nil }
        var y = 0.0
        if let next = layout.headerFrame(of: s + 1) { y = min(0, next.minY - offset.y - own.size.height) }
        return Scene.Header(section: s, title: sectionTitle(s),
                            frame: Rect(x: own.minX - offset.x, y: y, width: own.size.width, height: own.size.height))
    }

    /// The board part of the scene: pages, and the lists whose column overlaps the viewport.
    private func sceneBoard(_ b: BoardLayout) -> Scene.Board {
        var lists: [Scene.Board.List] = []
        for s in 0..<b.sectionCount where b.listX(s) < offset.x + viewport.width && b.listX(s) + b.listWidth > offset.x {
            lists.append(Scene.Board.List(section: s, title: sectionTitle(s), count: b.count(s),
                                          frame: Rect(x: b.listX(s) - offset.x, y: 0, width: b.listWidth,
                                                      height: viewport.height),
                                          offset: b.listOffsets[s], maximumOffset: b.maximumListOffset(s)))
        }
        return Scene.Board(page: b.page(nearest: offset.x), pageCount: b.pageCount, headerHeight: b.headerHeight,
                           rowHeight: b.rows.rowHeight, lists: lists,
                           contextListOffset: b.contextOffset(offset, dragging: currentPosition).y)
    }
}
