/// The inputs of the state machine. Each returns what it did; impossible inputs are ignored.
extension DragSession {
    /// Tolerance for comparing simulated times (frames at k/60 s against sums of durations).
    static let timeEpsilon = 1e-9

    /// The inputs of the state machine, for ``accept(_:at:)``.
    enum Input {
        case touchDown, touchMove, touchUp, cancel, frame
    }

    /// Whether `input` makes sense in the current state.
    @inline(__always) func accepts(_ input: Input, in state: State) -> Bool {
        switch (input, state) {
        case (.touchDown, .idle): return true
        case (.touchDown, .dropping): return !configuration.ignoresTouchesWhileDropping
        case (.touchDown, _): return false
        case (.touchMove, .pressing), (.touchMove, .dragging), (.touchUp, .pressing), (.touchUp, .dragging): return true
        case (.touchMove, _), (.touchUp, _): return false
        case (.cancel, .idle), (.frame, .idle): return false
        case (.cancel, _), (.frame, _): return true
        }
    }

    /// Takes `input` at `t`, the one place the session's time is set: nil when the input is
    /// ignored (a non-finite time, or the state does not take it), else the state before it.
    /// The time is never earlier than the last input's.
    @inline(__always) mutating func accept(_ input: Input, at t: Double) -> State? {
        let current = state
        guard t.isFinite, accepts(input, in: current) else { return nil }
        // A keyboard drag takes only frames from the touch inputs (DragSession+Keyboard). The
        // input is a constant at each (inlined) call, so a frame does not test the flag here.
        if input != .frame && keys.lifted && current == .dragging { return nil }
        time = max(t, time)
        return current
    }

    /// A finger touches down at `point` (viewport coordinates).
    ///
    /// On an item: the press begins (`pressing`). On a header, empty space or outside the
    /// viewport: nothing happens.
    /// Ignored while pressing or dragging, and while dropping when the policy ignores touches
    /// during the drop (otherwise the drop completes at once and the press begins).
    @discardableResult
    public mutating func touchDown(at point: Point, time t: Double, policy: some DragPolicy) -> InputOutcome {
        guard point.x.isFinite, point.y.isFinite, let dropping = accept(.touchDown, at: t) else { return .ignored }
        if dropping == .dropping { finishDrop() }
        let before = state
        let inViewport = point.x >= 0 && point.x < viewport.width && point.y >= 0 && point.y < viewport.height
        guard inViewport, let position = layout.position(at: point + offset), order.isValid(position) else {
            return .handled(from: before, to: .idle)
        }
        configuration = policy.configuration
        finger = point
        press = Press(point: point, time: time, position: position, offset: offset,
                      cellCenter: layout.frame(of: position)?.center ?? (point + offset))
        beginPhase(.pressing)
        return .handled(from: before, to: .pressing)
    }

    /// The finger moves to `point` (viewport coordinates).
    ///
    /// Pressing: if the press has lasted `minPressDuration` the drag begins first; otherwise a
    /// finger more than `allowableMovement` from where it went down fails the press (idle, no
    /// event). Dragging: the snapshot follows; targets are resolved on the next ``frame(time:policy:)``.
    @discardableResult
    public mutating func touchMove(to point: Point, time t: Double, policy: some DragPolicy) -> InputOutcome {
        guard point.x.isFinite, point.y.isFinite, let before = accept(.touchMove, at: t) else { return .ignored }
        switch before {
        case .idle, .dropping:
            return .ignored
        case .pressing:
            activateIfDue(policy: policy)
            if state == .pressing, let press {
                let dx = point.x - press.point.x, dy = point.y - press.point.y
                if (dx * dx + dy * dy).squareRoot() > configuration.allowableMovement {
                    resetInteraction()
                    return .handled(from: before, to: .idle)
                }
                finger = point
                return .handled(from: before, to: state)
            }
            if state == .dragging {
                finger = point
                refreshSnapshot()
            }
            return .handled(from: before, to: state)
        case .dragging:
            finger = point
            refreshSnapshot()
            return .handled(from: before, to: state)
        }
    }

    /// The finger lifts.
    ///
    /// Pressing: the press ends without a drag (a tap), unless it had lasted long enough, in
    /// which case the drag begins and ends at once. Dragging: the policy's `onEnd` decides;
    /// `true` commits (`end` event), `false` rolls back to the press-begin order (`rollback`
    /// event). Then the snapshot drops onto the item's cell (`dropping`).
    @discardableResult
    public mutating func touchUp(time t: Double, policy: some DragPolicy) -> InputOutcome {
        guard let before = accept(.touchUp, at: t) else { return .ignored }
        switch before {
        case .idle, .dropping:
            return .ignored
        case .pressing:
            activateIfDue(policy: policy)
            if state != .dragging {
                resetInteraction()
                return .handled(from: before, to: state)
            }
        case .dragging:
            break
        }
        endDrag(policy: policy)
        return .handled(from: before, to: state)
    }

    /// The system cancels the touch.
    ///
    /// Pressing: back to idle, no event. Dragging: the policy's `onCancel` says whether the
    /// order reverts to the press-begin state or keeps the current one (`cancel` event), then
    /// the snapshot drops. Dropping: the drop completes at once.
    @discardableResult
    public mutating func cancel(time t: Double, policy: some DragPolicy) -> InputOutcome {
        guard let before = accept(.cancel, at: t) else { return .ignored }
        switch before {
        case .idle:
            return .ignored
        case .pressing:
            resetInteraction()
        case .dragging:
            let resolution = policy.onCancel(context(time: time))
            if group != nil { cancelGroup(resolution) } else if resolution == .revert { revertSteps() }   // issue 19
            events.append(.cancel(resolution: resolution, time: time))
            if group != nil && resolution == .commit, let p = drag?.current {   // issue 19: where it landed
                appendGroupEvent("cancel", positions: landedPositions(at: p))
            }
            beginDrop()
        case .dropping:
            finishDrop()
        }
        return .handled(from: before, to: state)
    }

    /// A display frame at `time`.
    ///
    /// Pressing: the drag begins once the press has lasted `minPressDuration`. Dragging: the
    /// lift animation advances, then (1) each enabled axis edge-scrolls, then (2) the target is
    /// resolved and applied. Dropping: the drop animation advances; at its end the session is idle.
    @discardableResult
    public mutating func frame(time t: Double, policy: some DragPolicy) -> InputOutcome {
        guard let before = accept(.frame, at: t) else { return .ignored }
        lastScroll = .zero
        switch before {
        case .idle:
            return .ignored
        case .pressing:
            activateIfDue(policy: policy)
        case .dragging:
            if keys.lifted { keyboardFrame(); break }
            let now = time
            let dt = hasDrag ? dragData.beginFrame(at: now) : 0
            // ctx.over_since: when the finger came over the viewport (the frame's start), nil
            // while it is outside.
            var over = false
            if let finger { over = Self.isOver(finger, viewport) }
            if over {
                if fingerOverAt == nil { fingerOverAt = now - dt }
            } else if fingerOverAt != nil {
                fingerOverAt = nil
            }
            refreshSnapshot()
            if configuration.edgeScroll.enabled {
                // Edge scrolling asks for the zone every frame; its context serves the target
                // hooks too, as nothing it describes changes in between (it follows the
                // scrolling, and the snapshot's size is fixed for the drag). It is context()
                // with ctx.dt = dt, from the finger test above.
                var ctx = frameContext(dt: dt, over: over)
                edgeScroll(dt: dt, policy: policy, context: &ctx)
                refreshSnapshot()
                resolveTarget(policy: policy, context: consume ctx)
            } else {
                verticalEpisode = nil
                horizontalEpisode = nil
                resolveTarget(policy: policy)
            }
        case .dropping:
            updateDrop()
        }
        return .handled(from: before, to: state)
    }

    // MARK: Transitions

    /// Begins the drag if the press has lasted long enough (asking `canMove` first).
    mutating func activateIfDue(policy: some DragPolicy) {
        guard state == .pressing, let press,
              time - press.time + Self.timeEpsilon >= configuration.minPressDuration else { return }
        let position = press.position
        guard policy.canMove(context(), at: position) else {
            events.append(.refuse(position: position, time: time))
            resetInteraction()
            return
        }
        // Keep the log's buffer from drag to drag: steps then append without allocating.
        undoLog.removeAll(keepingCapacity: true)
        let cell = layout.frame(of: position) ?? Rect(origin: press.cellCenter, size: .zero)
        beginDrag(at: position, cell: cell, policy: policy)
        policy.onBegin(context(), at: position)
    }

    /// The lift shared by a touch and a keyboard drag: the drag's data from the cell's frame,
    /// the dragging phase, the lifting snapshot, the `begin` event, and the selection lifted
    /// with the item (issue 19). The caller has asked `canMove` and calls `onBegin` after.
    mutating func beginDrag(at position: ItemPosition, cell: Rect, policy: some DragPolicy) {
        let liftFrom = cell.center - offset
        drag = Drag(original: position, current: position, handle: order.handle(at: position), beganAt: time,
                    lastFrameTime: time, liftFrom: liftFrom, snapshotBasis: nil, scrollAxis: layout.scrollAxis)
        beginPhase(.dragging)
        verticalEpisode = nil
        horizontalEpisode = nil
        fingerOverAt = nil
        let style = configuration.snapshot
        snapshot = SnapshotState(phase: .lifting, center: liftFrom, contentCenter: cell.center,
                                 size: cell.size, scale: style.liftFrom.scale, alpha: style.liftFrom.alpha, rotation: 0,
                                 cornerRadius: style.cornerRadius, shadow: style.shadow,
                                 placeholder: style.placeholder, liftProgress: 0, dropProgress: 0)
        updateSnapshot()
        events.append(.begin(position: position, time: time))
        liftGroup(policy: policy)   // issue 19: a selected item lifts the selection
    }

    /// The finger lifted during a drag: ask `onEnd`, commit or roll back, start the drop.
    mutating func endDrag(policy: some DragPolicy) {
        guard let from = drag?.original, let to = drag?.current else { resetInteraction(); return }
        if group != nil { endGroupDrag(policy: policy); return }   // issue 19
        if policy.onEnd(context(), from: from, to: to) {
            events.append(.end(from: from, to: to, time: time))
        } else {
            revertSteps()
            events.append(.rollback(time: time))
        }
        beginDrop()
    }

    /// Undoes every applied step, newest first: the order is back to the press-begin state.
    mutating func revertSteps() {
        while let step = undoLog.popLast() { undo(step) }
        if let original = drag?.original { drag?.current = original }
        offset = clampedOffset(offset)   // the content may be shorter again
    }

    /// Back to idle, forgetting the interaction.
    mutating func resetInteraction() {
        press = nil
        drag = nil
        drop = nil
        beginPhase(.idle)
        finger = nil
        snapshot = nil
        clampSize = nil
        undoLog.removeAll(keepingCapacity: true)
        verticalEpisode = nil
        horizontalEpisode = nil
        fingerOverAt = nil
        keys.lifted = false
        keys.scroll = nil
        group = nil   // issue 19
    }
}
