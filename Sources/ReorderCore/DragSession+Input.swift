/// The inputs of the state machine. Each returns what it did; impossible inputs are ignored.
extension DragSession {
    /// Tolerance for comparing simulated times (frames at k/60 s against sums of durations).
    static let timeEpsilon = 1e-9

    /// The time an input is handled at: never earlier than the last input. Nil for a
    /// non-finite time.
    func inputTime(_ t: Double) -> Double? {
        guard t.isFinite else { return nil }
        return max(t, time)
    }

    /// A finger touches down at `point` (viewport coordinates).
    ///
    /// On an item: the press begins (`pressing`). On a header, empty space or outside the
    /// viewport: nothing happens.
    /// Ignored while pressing or dragging, and while dropping when the policy ignores touches
    /// during the drop (otherwise the drop completes at once and the press begins).
    @discardableResult
    public mutating func touchDown(at point: Point, time t: Double, policy: some DragPolicy) -> InputOutcome {
        guard let t = inputTime(t), point.x.isFinite, point.y.isFinite else { return .ignored }
        switch state {
        case .idle: break
        case .pressing, .dragging: return .ignored
        case .dropping:
            guard !configuration.ignoresTouchesWhileDropping else { return .ignored }
            finishDrop()
        }
        let before = state
        time = t
        let inViewport = point.x >= 0 && point.x < viewport.width && point.y >= 0 && point.y < viewport.height
        guard inViewport, let position = layout.position(at: point + offset), order.isValid(position) else {
            return .handled(from: before, to: .idle)
        }
        configuration = policy.configuration
        state = .pressing
        finger = point
        pressPoint = point
        pressTime = t
        pressPosition = position
        pressOffset = offset
        cellCenterAtPress = layout.frame(of: position)?.center ?? (point + offset)
        return .handled(from: before, to: .pressing)
    }

    /// The finger moves to `point` (viewport coordinates).
    ///
    /// Pressing: if the press has lasted `minPressDuration` the drag begins first; otherwise a
    /// finger more than `allowableMovement` from where it went down fails the press (idle, no
    /// event). Dragging: the snapshot follows; targets are resolved on the next ``frame(time:policy:)``.
    @discardableResult
    public mutating func touchMove(to point: Point, time t: Double, policy: some DragPolicy) -> InputOutcome {
        guard let t = inputTime(t), point.x.isFinite, point.y.isFinite else { return .ignored }
        let before = state
        switch state {
        case .idle, .dropping:
            return .ignored
        case .pressing:
            time = t
            activateIfDue(policy: policy)
            if state == .pressing {
                let dx = point.x - pressPoint.x, dy = point.y - pressPoint.y
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
            time = t
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
        guard let t = inputTime(t) else { return .ignored }
        let before = state
        switch state {
        case .idle, .dropping:
            return .ignored
        case .pressing:
            time = t
            activateIfDue(policy: policy)
            if state != .dragging {
                resetInteraction()
                return .handled(from: before, to: state)
            }
        case .dragging:
            time = t
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
        guard let t = inputTime(t) else { return .ignored }
        let before = state
        switch state {
        case .idle:
            return .ignored
        case .pressing:
            time = t
            resetInteraction()
        case .dragging:
            time = t
            let resolution = policy.onCancel(context(time: t))
            if resolution == .revert { revertSteps() }
            events.append(.cancel(resolution: resolution, time: t))
            beginDrop()
        case .dropping:
            time = t
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
        guard let t = inputTime(t) else { return .ignored }
        let before = state
        switch state {
        case .idle:
            return .ignored
        case .pressing:
            time = t
            activateIfDue(policy: policy)
        case .dragging:
            time = t
            let dt = max(0, t - lastFrameTime)
            lastFrameTime = t
            refreshSnapshot()
            if configuration.edgeScroll.enabled {
                // Edge scrolling asks for the zone every frame; its context serves the target
                // hooks too, as nothing it describes changes in between (it follows the
                // scrolling, and the snapshot's size is fixed for the drag).
                var ctx = context()
                edgeScroll(dt: dt, policy: policy, context: &ctx)
                refreshSnapshot()
                resolveTarget(policy: policy, context: consume ctx)
            } else {
                verticalEpisode = nil
                horizontalEpisode = nil
                resolveTarget(policy: policy)
            }
        case .dropping:
            time = t
            updateDrop()
        }
        return .handled(from: before, to: state)
    }

    // MARK: Transitions

    /// Begins the drag if the press has lasted long enough (asking `canMove` first).
    mutating func activateIfDue(policy: some DragPolicy) {
        guard state == .pressing, let position = pressPosition,
              time - pressTime + Self.timeEpsilon >= configuration.minPressDuration else { return }
        guard policy.canMove(context(), at: position) else {
            events.append(.refuse(position: position, time: time))
            resetInteraction()
            return
        }
        state = .dragging
        originalPosition = position
        currentPosition = position
        draggedHandle = order.handle(at: position)
        dragBeganAt = time
        lastFrameTime = time
        // Keep the log's buffer from drag to drag: steps then append without allocating.
        undoLog.removeAll(keepingCapacity: true)
        verticalEpisode = nil
        horizontalEpisode = nil
        let cell = layout.frame(of: position) ?? Rect(origin: cellCenterAtPress, size: .zero)
        liftFrom = cell.center - offset
        let style = configuration.snapshot
        snapshot = SnapshotState(phase: .lifting, center: liftFrom, contentCenter: cell.center,
                                 size: cell.size, scale: 1, alpha: 1, rotation: 0,
                                 cornerRadius: style.cornerRadius, shadow: style.shadow,
                                 placeholder: style.placeholder, liftProgress: 0, dropProgress: 0)
        updateSnapshot()
        events.append(.begin(position: position, time: time))
        policy.onBegin(context(), at: position)
    }

    /// The finger lifted during a drag: ask `onEnd`, commit or roll back, start the drop.
    mutating func endDrag(policy: some DragPolicy) {
        guard let from = originalPosition, let to = currentPosition else { resetInteraction(); return }
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
        while let step = undoLog.popLast() {
            switch step {
            case .move(let from, let to):
                if order.move(from: to, to: from) { layout.didMove(from: to, to: from) }
            case .exchange(let a, let b):
                if order.exchange(a, b) { layout.didExchange(a, b) }
            }
        }
        currentPosition = originalPosition
    }

    /// Back to idle, forgetting the interaction.
    mutating func resetInteraction() {
        state = .idle
        finger = nil
        pressPosition = nil
        originalPosition = nil
        currentPosition = nil
        draggedHandle = nil
        dragBeganAt = nil
        snapshot = nil
        snapshotBasis = nil
        dropFrom = nil
        dropOffsetTo = nil
        undoLog.removeAll(keepingCapacity: true)
        verticalEpisode = nil
        horizontalEpisode = nil
    }
}
