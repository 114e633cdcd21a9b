/// The inputs of the state machine. Each returns what it did; impossible inputs are ignored.
extension DragSession {
    /// Tolerance for comparing simulated times (frames at k/60 s against sums of durations).
    static let timeEpsilon = 1e-9

    /// The inputs of the state machine, for ``accept(_:at:)``.
    enum Input {
        case touchDown, touchMove, touchUp, cancel, frame, pan
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
        case (.pan, .idle): return true
        case (.pan, _): return false
        }
    }

    /// Takes `input` at `t`, the one place the session's time is set: nil when the input is
    /// ignored (a non-finite time, or the state does not take it), else the state before it.
    /// The time is never earlier than the last input's.
    @inline(__always) mutating func accept(_ input: Input, at t: Double) -> State? {
        let current = state
        guard t.isFinite, accepts(input, in: current) else { return nil }
        // A keyboard drag takes only frames from the touch inputs (DragSession+Keyboard). The
        // input is a constant at each (inlined) call, so a frame does not test the lift here.
        if input != .frame && current == .dragging && phase.drag.isKeyboard { return nil }
        time = max(t, time)
        askedZones = nil   // a frame asks again; any other input may move what they answered
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
        phase.toPressing(Press(point: point, time: time, finger: point, position: position, offset: offset,
                               cellCenter: layout.frame(of: position)?.center ?? (point + offset)))
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
        if before == .pressing {
            activateIfDue(policy: policy)
            if phase.state == .pressing {
                let dx = point.x - phase.press.point.x, dy = point.y - phase.press.point.y
                if (dx * dx + dy * dy).squareRoot() > configuration.allowableMovement {
                    phase.toIdle()
                    return .handled(from: before, to: .idle)
                }
                phase.press.finger = point
                return .handled(from: before, to: .pressing)
            }
            // A refused press went idle.
            guard phase.state == .dragging else { return .handled(from: before, to: phase.state) }
        }
        phase.drag.finger = point
        refreshSnapshot()
        return .handled(from: before, to: .dragging)
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
        if before == .pressing {
            activateIfDue(policy: policy)
            if state != .dragging {
                phase.toIdle()
                return .handled(from: before, to: .idle)
            }
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
            phase.toIdle()
        case .dragging:
            cancelDrag(cancelResolution(policy.onCancel(context(time: time)), policy: policy))
        case .dropping:
            finishDrop()
        }
        return .handled(from: before, to: state)
    }

    /// The content under `point` (viewport coordinates) scrolls by `delta` points (+ towards
    /// the content's end), clamped to the content: a wheel, a trackpad, or a finger that moved
    /// off its press before the hold, as UIScrollView's pan gesture scrolls the table under a
    /// long-press recognizer that failed. Each axis goes to the layout first (a board's lists
    /// scroll down on their own: the list under the point), else moves the content offset.
    /// Only while idle; ignored when nothing moves (at the end of the content).
    ///
    /// ```swift
    /// let order = Order(sections: [(0..<30).map { Item("\($0)") }])
    /// var s = DragSession(order: order, layout: TableLayout(order: order, width: 375, rowHeight: 44),
    ///                     viewport: Size(width: 375, height: 667))
    /// s.pan(by: Point(x: 0, y: 100), at: Point(x: 10, y: 10), time: 0.5)    // s.offset (0, 100)
    /// s.pan(by: Point(x: 0, y: -500), at: Point(x: 10, y: 10), time: 0.6)   // s.offset (0, 0): clamped
    /// s.pan(by: Point(x: 0, y: -10), at: Point(x: 10, y: 10), time: 0.7)    // .ignored: nothing moves
    /// ```
    @discardableResult
    public mutating func pan(by delta: Point, at point: Point, time t: Double) -> InputOutcome {
        guard point.x.isFinite, point.y.isFinite, delta.x.isFinite, delta.y.isFinite,
              let before = accept(.pan, at: t) else { return .ignored }
        let content = point + offset
        var moved = false
        var target = offset
        for axis in [Axis.vertical, .horizontal] where delta[axis] != 0 {
            let lists = layout.listOffsets
            if layout.scroll(axis, by: delta[axis], at: content, dragging: nil) {
                moved = moved || layout.listOffsets != lists
            } else {
                target[axis] += delta[axis]
            }
        }
        let clamped = clampedOffset(target)
        if clamped != offset { offset = clamped; moved = true }
        return moved ? .handled(from: before, to: before) : .ignored
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
            if phase.drag.isKeyboard { keyboardFrame(); break }
            let now = time
            let dt = phase.drag.beginFrame(at: now)
            // ctx.over_since: when the finger came over the viewport (the frame's start), nil
            // while it is outside.
            let over = Self.isOver(phase.drag.finger, viewport)
            if over {
                if phase.drag.fingerOverAt == nil { phase.drag.fingerOverAt = now - dt }
            } else if phase.drag.fingerOverAt != nil {
                phase.drag.fingerOverAt = nil
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
                phase.drag.verticalEpisode = nil
                phase.drag.horizontalEpisode = nil
                resolveTarget(policy: policy)
            }
            // `isTree` first: a flat session's frame does not read (copy) the drag's tree part.
            if isTree && phase.drag.tree != nil {
                expandCombineTargetIfDue()
                // Under the tree-item hitbox the instruction, not the projection, places the node.
                if !usesTreeHitbox { updateTreeProjection(policy: policy) }
            }
        case .dropping:
            updateDrop()
        }
        return .handled(from: before, to: state)
    }

    // MARK: Transitions

    /// Begins the drag if the press has lasted long enough (asking `canMove` first).
    @inline(__always) mutating func activateIfDue(policy: some DragPolicy) {
        // Tested here: the pressing inputs before the press is due call nothing.
        guard phase.state == .pressing,
              time - phase.press.time + Self.timeEpsilon >= configuration.minPressDuration else { return }
        activate(policy: policy)
    }

    /// Begins the drag of a press that is due (``activateIfDue(policy:)``).
    mutating func activate(policy: some DragPolicy) {
        let press = phase.press
        let position = press.position
        guard policy.canMove(context(), at: position) else {
            record(.refuse(position: position, time: time))
            phase.toIdle()
            return
        }
        // Keep the log's buffer from drag to drag: steps then append without allocating.
        undoLog.removeAll(keepingCapacity: true)
        let cell = layout.frame(of: position) ?? Rect(origin: press.cellCenter, size: .zero)
        beginDrag(at: position, cell: cell, lift: .touch(press), finger: press.finger, policy: policy)
        policy.onBegin(context(), at: position)
    }

    /// The lift shared by a touch and a keyboard drag: the dragging phase, its data from the
    /// cell's frame, the lifting snapshot, the `begin` event, and the selection lifted with the
    /// item. The caller has asked `canMove` and calls `onBegin` after.
    mutating func beginDrag(at position: ItemPosition, cell: Rect, lift: Lift, finger: Point, policy: some DragPolicy) {
        let liftFrom = cell.center - offset
        let style = configuration.snapshot
        let snapshot = SnapshotState(phase: .lifting, center: liftFrom, contentCenter: cell.center,
                                     size: cell.size, scale: style.liftFrom.scale, alpha: style.liftFrom.alpha, rotation: 0,
                                     cornerRadius: style.cornerRadius, shadow: style.shadow,
                                     placeholder: style.placeholder, liftProgress: 0, dropProgress: 0)
        phase.toDragging(Drag(lift: lift, original: position, current: position, handle: order.handle(at: position),
                              beganAt: time, lastFrameTime: time, liftFrom: liftFrom, scrollAxis: layout.scrollAxis,
                              finger: finger, snapshot: snapshot))
        updateSnapshot()
        record(.begin(position: position, time: time))
        if isTree {
            liftSubtree()               // a tree node lifts its subtree
        } else {
            liftGroup(policy: policy)   // a selected item lifts the selection
        }
    }

    /// The finger lifted during a drag: ask `onEnd`, commit or roll back, start the drop. A
    /// drag that combines ends in a `combine` event instead (`on_end` is asked with the item back
    /// where it began, and cannot veto: nothing moved); with the indicator the item first takes
    /// its one step to the destination. Returns how it ended: the `end`, `rollback` or `combine` event (nil
    /// without a drag).
    @discardableResult
    mutating func endDrag(policy: some DragPolicy) -> DragEvent? {
        guard phase.state == .dragging else { phase.toIdle(); return nil }
        if phase.drag.group != nil { return endGroupDrag(policy: policy) }
        if let landed = endTreeLanding(policy: policy) {
            record(landed)
            beginDrop()
            return landed
        }
        if let combined = endCombine(policy: policy) { return combined }
        landAtDestination(policy: policy)
        let ending = phase.drag.tree != nil ? treeEnding(policy: policy)
            : endOrRollback(policy: policy, from: phase.drag.original, to: phase.drag.current) { $0.revertSteps() }
        record(ending)
        beginDrop()
        return ending
    }

    /// How a drop from `from` to `to` ends: `on_end` asked (unless the drop is not `allowed`,
    /// when it is not asked) says yes: the `end` event; no: `undo` puts the items back as they
    /// were at the lift, and the `rollback` event. The caller records it.
    mutating func endOrRollback(policy: some DragPolicy, from: ItemPosition, to: ItemPosition, allowed: Bool = true,
                                undo: (inout DragSession) -> Void) -> DragEvent {
        if allowed && policy.onEnd(context(), from: from, to: to) { return .end(from: from, to: to, time: time) }
        undo(&self)
        return .rollback(time: time)
    }

    /// A cancel during a drag, which `onCancel` resolved: revert the steps (a group to its
    /// press) or keep them (a group lands where the dragged item is), the `cancel` event (and
    /// the group's), and the drop begins.
    mutating func cancelDrag(_ resolution: CancelResolution) {
        let grouped = group != nil
        if grouped {
            cancelGroup(resolution)
        } else if phase.drag.tree != nil {
            cancelTreeDrag(resolution)
        } else if resolution == .revert {
            revertSteps()
        }
        record(.cancel(resolution: resolution, time: time))
        if grouped && resolution == .commit, let p = currentPosition {   // where it landed
            appendGroupEvent("cancel", positions: landedPositions(at: p))
        }
        beginDrop()
    }

    /// Undoes every applied step, newest first: the order is back to the press-begin state.
    mutating func revertSteps() {
        while let step = undoLog.popLast() { undo(step) }
        if phase.hasDrag { phase.drag.current = phase.drag.original }
        offset = clampedOffset(offset)   // the content may be shorter again
    }
}
