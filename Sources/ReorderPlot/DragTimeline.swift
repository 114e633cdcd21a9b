import ReorderCore

/// A recorded drag, frame by frame: what ``TimelinePlot`` draws.
///
/// Positions are in **viewport** coordinates (what the screen shows), so the finger and the
/// snapshot can be compared directly; the content offset says how far the list scrolled.
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
    /// The session's state during a frame (DESIGN.md section 3).
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

        public init(time: Double, phase: Phase, finger: Point?, snapshotCenter: Point?, contentOffset: Point) {
            self.time = time; self.phase = phase; self.finger = finger
            self.snapshotCenter = snapshotCenter; self.contentOffset = contentOffset
        }
    }

    /// The list as it was at one moment of the drag.
    public struct OrderSnapshot: Hashable, Sendable {
        /// What happened: `"begin"`, `"move"`, `"end"`, `"cancel"` or `"rollback"`.
        public var kind: String
        public var time: Double
        /// Item titles, per section.
        public var sections: [[String]]
        public var sectionTitles: [String]
        /// Where the dragged item is in this snapshot (0-based), if known.
        public var dragged: ItemPosition?

        public init(kind: String, time: Double, sections: [[String]], sectionTitles: [String] = [],
                    dragged: ItemPosition?) {
            self.kind = kind; self.time = time; self.sections = sections
            self.sectionTitles = sectionTitles; self.dragged = dragged
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
             .rollback(let t), .refuse(_, let t):
            return t
        }
    }
}
