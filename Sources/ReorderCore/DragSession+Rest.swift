/// When a drag is at rest: the frames of a still hold that change nothing.
extension DragSession {
    /// Whether the next frame, with no input before it, would change nothing, on the premise
    /// that a hook asked the same question answers the same (``DragPolicy/clockReads``):
    ///
    /// - a drag is under way (no press timer pending, no drop animating) and the last input was
    ///   a frame, so the finger has not moved since the target was last resolved;
    /// - the lift animation is over, so the snapshot only follows the finger and the offset;
    /// - the target rule proposes no step (else the `target` hook is asked every frame), and no
    ///   combine waits out `combine_delay` or a tree's `tree.expand_after`;
    /// - each axis with an edge-scroll episode already sits at the end it scrolls towards, on
    ///   a layout that scrolls no part of itself (a board's lists), so the scroll moves nothing.
    ///
    /// Then the frames until the finger moves again leave the order, the offset, the snapshot
    /// and the events as they are; ``DragSimulator/hold(_:)`` skips them.
    ///
    /// ```swift
    /// let sim = DragSimulator(sections: [(0..<30).map { Item("\($0)") }],
    ///                         viewport: Size(width: 375, height: 667), policy: DefaultPolicy())
    /// sim.pressItem(ItemPosition(section: 0, item: 5))
    /// sim.tick(30)                 // 0.5 s: the drag begins, the lift runs
    /// sim.session.isAtRest         // false: the lift is 0.25 s long
    /// sim.tick(16)
    /// sim.session.isAtRest         // true: row 5's centre lies outside the 120 pt zones
    /// ```
    public var isAtRest: Bool {
        guard phase.state == .dragging, phase.drag.lastFrameTime == time else { return false }
        guard Self.progress(from: phase.drag.beganAt, now: time, duration: configuration.snapshot.lift.duration) >= 1,
              let basis = phase.drag.snapshotBasis,
              basis.isIdentical(to: SnapshotBasis(time: time, finger: phase.drag.finger, offset: offset))
        else { return false }
        guard proposal() == nil, phase.drag.glide == nil, !awaitsLandingTime else { return false }
        guard configuration.edgeScroll.enabled else { return true }
        for axis in [Axis.vertical, .horizontal] {
            guard let e = phase.drag.episode(axis) else { continue }
            guard layout.listOffsets.isEmpty else { return false }
            let atEnd = e.direction < 0 ? offset[axis] <= 0 : offset[axis] >= maximumOffset[axis]
            guard atEnd else { return false }
        }
        return true
    }
}

extension DragSession {
    /// The frames of a still hold up to `time` (seconds) were skipped: the next frame's `ctx.dt`
    /// is then one frame period, `period`, as it would be after ticking through them.
    ///
    /// ```swift
    /// session.skippedFramesAtRest(until: 10.0, period: 1.0 / 60)
    /// ```
    public mutating func skippedFramesAtRest(until time: Double, period: Double) {
        if phase.hasDrag { phase.drag.lastFrameTime = time - period }
    }
}

extension DragSession {
    /// Whether a frame still to come changes the landing by time alone: a combine waiting out
    /// `combine_delay`, or a collapsed tree node under a combine waiting out `tree.expand_after`.
    var awaitsLandingTime: Bool {
        let l = phase.drag.landing
        guard l.candidate >= 0 else { return false }
        guard let onto = l.combine else { return true }
        return closedNode(at: onto) != nil
    }
}
