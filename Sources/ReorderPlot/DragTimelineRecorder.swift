import ReorderCore

/// Fills a ``DragTimeline`` while a session runs: call ``recordFrame(time:phase:finger:snapshotCenter:contentOffset:)``
/// once per frame and ``recordEvents(_:orderAfter:)`` with the events of each step and the
/// order after it.
///
/// The list drawings are taken from the session's own order where it is unambiguous (the
/// last step of a batch); when several moves come in one step the intermediate lists are
/// rebuilt by applying each move's semantics to the previous list.
///
/// ```swift
/// var recorder = DragTimelineRecorder(policyName: "uikit", viewport: viewport, order: order)
/// recorder.recordEvents([.begin(position: ItemPosition(section: 0, item: 1), time: 0.5)], orderAfter: order)
/// recorder.timeline.orders.count   // 1
/// ```
public struct DragTimelineRecorder: Sendable {
    /// Rows kept each side of the dragged item in every list drawing.
    public var listRadius = 20
    private var recorded: DragTimeline
    private var working: Order
    private var draggedHandle: Int32?
    private var axisChosen = false

    /// A recorder for a drag of `order`, seen through `viewport`.
    public init(policyName: String, viewport: Size, order: Order) {
        recorded = DragTimeline(policyName: policyName, viewport: viewport)
        working = order
    }

    /// What was recorded so far. Unless ``setAxis(_:)`` fixed it, the axis is the one along
    /// which the content scrolled most, else the finger moved most (vertical on a tie).
    public var timeline: DragTimeline {
        var t = recorded
        if !axisChosen { t.axis = Self.busiestAxis(t.frames) }
        return t
    }

    /// Fixes the axis drawn instead of choosing the one with most motion.
    public mutating func setAxis(_ axis: Axis) {
        recorded.axis = axis
        axisChosen = true
    }

    /// Adds one frame. `listOffset` is a board's scroll of the list the drag is in (nil for
    /// other layouts). With `replacingSameTime`, a frame at the time of the previous one
    /// replaces it.
    public mutating func recordFrame(time: Double, phase: DragTimeline.Phase, finger: Point?,
                                     snapshotCenter: Point?, contentOffset: Point, listOffset: Double? = nil,
                                     replacingSameTime: Bool = false) {
        let frame = DragTimeline.Frame(time: time, phase: phase, finger: finger, snapshotCenter: snapshotCenter,
                                       contentOffset: contentOffset, listOffset: listOffset)
        if replacingSameTime, let last = recorded.frames.last, last.time == time {
            recorded.frames[recorded.frames.count - 1] = frame
        } else {
            recorded.frames.append(frame)
        }
    }

    /// Adds the events of one step; `orderAfter` is the session's order after the step.
    public mutating func recordEvents(_ events: [DragEvent], orderAfter: Order) {
        guard !events.isEmpty else { working = orderAfter; return }
        let firstNew = recorded.orders.count
        var lastDrawnFromWorking: Int?
        for event in events {
            recorded.events.append(event)
            switch event {
            case .begin(let p, let t):
                // Lifting does not change the order: the list before this step is the list at begin.
                draggedHandle = working.isValid(p) ? working.handle(at: p) : nil
                append("begin", t, working, dragged: p)
                lastDrawnFromWorking = recorded.orders.count - 1
            case .move(let from, let to, let semantics, let t):
                switch semantics {
                case .move: working.move(from: from, to: to)
                case .exchange: working.exchange(from, to)
                }
                append("move", t, working, dragged: to)
                lastDrawnFromWorking = recorded.orders.count - 1
            case .end(_, let to, let t):
                append("end", t, working, dragged: to)
                lastDrawnFromWorking = recorded.orders.count - 1
            case .cancel(_, let t):
                working = orderAfter
                append("cancel", t, working, dragged: draggedPosition(in: working))
                lastDrawnFromWorking = nil
            case .rollback(let t):
                working = orderAfter
                append("rollback", t, working, dragged: draggedPosition(in: working))
                lastDrawnFromWorking = nil
            case .combine(_, _, let t):
                // Every row is back in its place, as at the press.
                working = orderAfter
                append("combine", t, working, dragged: draggedPosition(in: working))
                lastDrawnFromWorking = nil
            case .refuse:
                break
            case .group(let of, _, _, _):
                // A group folds at its lift and lands at the drop, wholesale.
                if of != "move" { working = orderAfter }
            }
        }
        // The session's own order is the truth for the last list of the step.
        if let i = lastDrawnFromWorking, i >= firstNew, i == recorded.orders.count - 1 {
            let old = recorded.orders[i]
            recorded.orders[i] = .init(kind: old.kind, time: old.time, order: orderAfter, dragged: old.dragged,
                                       radius: listRadius)
        }
        working = orderAfter
    }

    private func draggedPosition(in order: Order) -> ItemPosition? {
        guard let h = draggedHandle, Int(h) < order.storage.count else { return nil }
        return order.position(ofHandle: h)
    }

    private mutating func append(_ kind: String, _ time: Double, _ order: Order, dragged: ItemPosition?) {
        recorded.orders.append(.init(kind: kind, time: time, order: order, dragged: dragged, radius: listRadius))
    }

    /// The axis along which the content scrolled most, else the finger moved most; vertical on a tie.
    static func busiestAxis(_ frames: [DragTimeline.Frame]) -> Axis {
        func span(_ values: [Double]) -> Double { (values.max() ?? 0) - (values.min() ?? 0) }
        let ox = span(frames.map(\.contentOffset.x)), oy = span(frames.map(\.contentOffset.y))
        if ox != oy { return ox > oy ? .horizontal : .vertical }
        let fx = span(frames.compactMap { $0.finger?.x }), fy = span(frames.compactMap { $0.finger?.y })
        return fx > fy ? .horizontal : .vertical
    }
}
