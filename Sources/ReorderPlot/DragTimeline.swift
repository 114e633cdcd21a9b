import ReorderCore

/// A recorded drag, frame by frame: what ``TimelinePlot`` draws.
///
/// Positions are in **viewport** coordinates (what the screen shows), so the finger and the
/// snapshot can be compared directly; the content offset says how far the list scrolled (on a
/// board, whose lists scroll on their own, each frame's ``Frame/listOffset`` too).
/// Build one with ``DragTimelineRecorder`` while a session runs.
///
/// ```swift
/// var recorder = DragTimelineRecorder(policyName: "jx_movable", viewport: viewport, order: order)
/// recorder.recordFrame(time: 0, phase: .pressing, finger: Point(x: 100, y: 22),
///                      snapshotCenter: nil, contentOffset: .zero)
/// recorder.recordEvents(session.drainEvents(), orderAfter: session.order)
/// let svg = TimelinePlot(timeline: recorder.timeline).render()
/// ```
public struct DragTimeline: Hashable, Sendable {
    /// The session's state during a frame (docs/REFERENCE.md).
    public enum Phase: String, Hashable, Sendable, CaseIterable {
        case idle, pressing, dragging, dropping
    }

    /// One sample of the session.
    public struct Frame: Hashable, Sendable {
        public var time: Double
        public var phase: Phase
        /// The finger in viewport coordinates, or nil when no finger is down.
        public var finger: Point?
        /// The lifted snapshot's centre in viewport coordinates, or nil when nothing is lifted.
        public var snapshotCenter: Point?
        /// The top-left of the viewport in content coordinates.
        public var contentOffset: Point
        /// On a board, the vertical scroll of the list the drag is in (the dragged item's,
        /// else the current page's; see ``Layout/contextOffset(_:dragging:)``); nil for layouts
        /// whose lists do not scroll on their own.
        public var listOffset: Double?

        public init(time: Double, phase: Phase, finger: Point?, snapshotCenter: Point?, contentOffset: Point,
                    listOffset: Double? = nil) {
            self.time = time; self.phase = phase; self.finger = finger
            self.snapshotCenter = snapshotCenter; self.contentOffset = contentOffset
            self.listOffset = listOffset
        }
    }

    /// One row of a list drawing: a section header (lists of several sections) or an item.
    public enum ListRow: Hashable, Sendable {
        case header(section: Int, title: String)
        case item(ItemPosition, title: String)
    }

    /// The list as it was at one moment of the drag: a window of rows around the dragged
    /// item (the whole list when it is short), so a million-row list costs no more than a
    /// short one.
    public struct OrderSnapshot: Hashable, Sendable {
        /// What happened: `"begin"`, `"move"`, `"end"`, `"cancel"` or `"rollback"`.
        public var kind: String
        public var time: Double
        /// Consecutive rows of the list as drawn: headers (when there are several sections)
        /// and items, in order.
        public var rows: [ListRow]
        /// Rows of the whole list before and after `rows`.
        public var rowsBefore: Int
        public var rowsAfter: Int
        /// Where the dragged item is in this snapshot (0-based), if known.
        public var dragged: ItemPosition?
        /// Sections in the whole list.
        public var sectionCount: Int

        public init(kind: String, time: Double, rows: [ListRow], rowsBefore: Int = 0, rowsAfter: Int = 0,
                    dragged: ItemPosition?, sectionCount: Int = 1) {
            self.kind = kind; self.time = time; self.rows = rows
            self.rowsBefore = rowsBefore; self.rowsAfter = rowsAfter; self.dragged = dragged
            self.sectionCount = sectionCount
        }

        /// The window of `order` around `dragged`: `radius` rows each side (more on one side
        /// near an end), headers included when the order has several sections.
        ///
        /// - Complexity: O(radius + number of sections).
        public init(kind: String, time: Double, order: Order, dragged: ItemPosition?, radius: Int) {
            let multi = order.sectionCount > 1
            let headers = multi ? 1 : 0
            var total = 0, draggedRow = 0
            for s in 0..<order.sectionCount {
                if let d = dragged, d.section == s { draggedRow = total + headers + d.item }
                total += headers + order.count(s)
            }
            let width = 2 * max(radius, 0) + 1
            var lo = max(0, draggedRow - max(radius, 0))
            let hi = min(total, lo + width)
            lo = max(0, hi - width)
            var rows: [ListRow] = []
            rows.reserveCapacity(hi - lo)
            var row = 0
            for s in 0..<order.sectionCount where row < hi {
                let size = headers + order.count(s)
                defer { row += size }
                if row + size <= lo { continue }
                if multi, row >= lo {
                    rows.append(.header(section: s, title: s < order.sectionTitles.count ? order.sectionTitles[s] : "section \(s + 1)"))
                }
                let first = max(0, lo - row - headers), last = min(order.count(s), hi - row - headers)
                if first < last {
                    for i in first..<last {
                        let p = ItemPosition(section: s, item: i)
                        rows.append(.item(p, title: order.item(at: p).title))
                    }
                }
            }
            self.init(kind: kind, time: time, rows: rows, rowsBefore: lo, rowsAfter: total - hi, dragged: dragged,
                      sectionCount: order.sectionCount)
        }

        /// The titles of the item rows, in order.
        public var itemTitles: [String] {
            rows.compactMap { if case let .item(_, title) = $0 { return title } else { return nil } }
        }
    }

    /// One applied step, as the `move` event reported it.
    public struct Move: Hashable, Sendable {
        public var time: Double
        public var from: ItemPosition
        public var to: ItemPosition
        public var semantics: Semantics
    }

    /// The policy that ran the drag (shown in the title).
    public var policyName: String
    public var viewport: Size
    /// The axis drawn: the one the list scrolled along (or the finger moved along most).
    public var axis: Axis
    public var frames: [Frame]
    /// Every event the session emitted, in order.
    public var events: [DragEvent]
    /// The list at the begin, after each move, and at the end.
    public var orders: [OrderSnapshot]

    public init(policyName: String, viewport: Size, axis: Axis = .vertical, frames: [Frame] = [],
                events: [DragEvent] = [], orders: [OrderSnapshot] = []) {
        self.policyName = policyName; self.viewport = viewport; self.axis = axis
        self.frames = frames; self.events = events; self.orders = orders
    }

    /// The `move` events, in order.
    public var moves: [Move] {
        events.compactMap {
            if case let .move(from, to, semantics, time) = $0 {
                return Move(time: time, from: from, to: to, semantics: semantics)
            }
            return nil
        }
    }

    /// One drag of the timeline: from a `begin` event up to the next one.
    public struct Drag: Hashable, Sendable {
        /// 1-based, in time order.
        public var number: Int
        /// When it began (its `begin` event; the timeline's start for moves before any).
        public var begin: Double
        /// When it ended or was cancelled, if it did.
        public var end: Double?
        /// Its moves: indices into ``DragTimeline/moves``.
        public var moves: Range<Int>
        /// Its list drawings: indices into ``DragTimeline/orders`` (from its `begin` snapshot).
        public var orders: Range<Int>
    }

    /// The drags, in order: a trace with two drags draws each as its own episode.
    ///
    /// ```swift
    /// timeline.drags.map(\.moves.count)   // [3, 2]: moves per drag
    /// ```
    public var drags: [Drag] {
        var out: [Drag] = []
        var moveCount = 0
        for e in events {
            switch e {
            case .begin(_, let t):
                if let last = out.indices.last { out[last].moves = out[last].moves.lowerBound..<moveCount }
                out.append(Drag(number: out.count + 1, begin: t, end: nil, moves: moveCount..<moveCount, orders: 0..<0))
            case .move:
                if out.isEmpty {
                    out.append(Drag(number: 1, begin: timeRange.lowerBound, end: nil, moves: 0..<0, orders: 0..<0))
                }
                moveCount += 1
            case .end(_, _, let t), .cancel(_, let t):
                if let last = out.indices.last, out[last].end == nil { out[last].end = t }
            default:
                break
            }
        }
        if let last = out.indices.last { out[last].moves = out[last].moves.lowerBound..<moveCount }
        // The list drawings: each `begin` snapshot opens the next drag's (drawings before the
        // first `begin` go with the first drag, any past the last drag with the last).
        var starts = orders.indices.filter { orders[$0].kind == "begin" }
        if !starts.isEmpty { starts[0] = 0 } else if !orders.isEmpty { starts = [0] }
        for k in out.indices where k < starts.count {
            let end = k + 1 < starts.count && k + 1 < out.count ? starts[k + 1] : orders.count
            out[k].orders = starts[k]..<end
        }
        return out
    }

    /// Time of the first and last frame or event (0...0 when empty).
    public var timeRange: ClosedRange<Double> {
        let times = frames.map(\.time) + events.map(\.time)
        guard let lo = times.min(), let hi = times.max() else { return 0...0 }
        return lo...hi
    }
}

extension DragEvent {
    /// When the event happened.
    public var time: Double {
        switch self {
        case .begin(_, let t), .move(_, _, _, let t), .end(_, _, let t), .cancel(_, let t),
             .rollback(let t), .refuse(_, let t), .group(_, _, _, let t), .combine(_, _, let t):
            return t
        }
    }
}
