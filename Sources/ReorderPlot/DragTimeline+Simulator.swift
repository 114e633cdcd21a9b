import ReorderCore

extension DragTimeline.Phase {
    /// The phase of a session state.
    public init(_ state: DragSession.State) {
        switch state {
        case .idle: self = .idle
        case .pressing: self = .pressing
        case .dragging: self = .dragging
        case .dropping: self = .dropping
        }
    }
}

extension DragTimelineRecorder {
    /// Records the session as it is now (one frame) and the events it produced since the last
    /// call (on a board, with the scroll of the dragged item's list). A sample at the same time
    /// as the previous one replaces it (a move and the frame
    /// that follows it at the same instant give one sample, the later state).
    public mutating func record(_ session: DragSession, events: [DragEvent]) {
        record(session.scene(), events: events, orderAfter: session.order)
    }

    /// Records one frame drawn from `scene` (phase, finger, snapshot centre, offset, a board's
    /// list scroll) and the events of the step that led to it; `orderAfter` is the session's
    /// order after the step. A sample at the same time as the previous one replaces it.
    ///
    /// ```swift
    /// recorder.record(session.scene(), events: session.drainEvents(), orderAfter: session.order)
    /// ```
    public mutating func record(_ scene: Scene, events: [DragEvent], orderAfter: Order) {
        recordFrame(time: scene.time, phase: DragTimeline.Phase(scene.state), finger: scene.finger,
                    snapshotCenter: scene.snapshot?.state.center, contentOffset: scene.offset,
                    listOffset: scene.board?.contextListOffset, replacingSameTime: true)
        recordEvents(events, orderAfter: orderAfter)
    }
}

extension DragTimeline {
    /// Feeds `inputs` to `simulator` one at a time, as `reorder replay` does, and records the
    /// session after each. Inputs before `recordingFrom` are applied without being recorded
    /// (to draw only the last drag of a longer run).
    ///
    /// The simulator's pending events are taken (and dropped) first; the ones the inputs
    /// produce are taken as they come, so read the outcome from the returned timeline.
    ///
    /// ```swift
    /// let sim = DragSimulator(sections: [["a", "b", "c"].map(Item.init)],
    ///                         viewport: Size(width: 375, height: 667), policy: UIKitPolicy())
    /// let timeline = DragTimeline.record(trace.inputs, on: sim, policyName: "uikit")
    /// timeline.moves.count
    /// ```
    public static func record(_ inputs: [TraceInput], on simulator: DragSimulator, policyName: String,
                              recordingFrom start: Int = 0) -> DragTimeline {
        _ = simulator.takeEvents()
        let first = min(max(start, 0), inputs.count)
        for input in inputs[..<first] { simulator.apply(input) }
        _ = simulator.takeEvents()
        var recorder = DragTimelineRecorder(policyName: policyName, viewport: simulator.viewport, order: simulator.order)
        for input in inputs[first...] {
            simulator.apply(input)
            recorder.record(simulator.session, events: simulator.takeEvents())
        }
        return recorder.timeline
    }

    /// The index of the last `down` in `inputs` (where the last drag began), or nil.
    public static func lastPress(in inputs: [TraceInput]) -> Int? {
        inputs.lastIndex { if case .down = $0 { return true } else { return false } }
    }
}
