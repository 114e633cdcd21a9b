/// The per-frame work of a drag: edge auto-scroll, then target resolution.
extension DragSession {
    /// Scrolls each enabled axis by `speed × dt`, the speed asked of the policy.
    ///
    /// The reference point (finger, snapshot centre, or the snapshot's leading edge) is in
    /// viewport coordinates, so it stays put while the content moves under it. `depth` is how
    /// far it is inside the zone (0 at the inner border, `zone` at the edge, more past it).
    /// `elapsed` is measured at the middle of the frame interval since the episode began (the
    /// frame before the point entered), which makes integrated distances independent of the
    /// frame rate, exactly so for speeds linear in time.
    ///
    /// The hooks see `ctx`, which the scrolling keeps up to date (the offset; the content size
    /// and the offset the layout reports, a board's list scroll, when the layout scrolls part
    /// of itself).
    mutating func edgeScroll(dt: Double, policy: some DragPolicy,
                             context ctx: inout PolicyContext) {
        let config = configuration.edgeScroll
        guard config.enabled else {
            phase.drag.verticalEpisode = nil; phase.drag.horizontalEpisode = nil
            askedZones = nil
            return
        }
        // What the hooks answered, for the scene drawn after this frame; nil when an axis in a
        // zone was not asked its speed (a frame of no duration).
        var asked: AskedZones? = AskedZones(time: time)
        defer { askedZones = asked }
        // The snapshot's numbers one by one: reading the whole snapshot copied the whole drag.
        let center = phase.drag.snapshot.center, size = phase.drag.snapshot.size, scale = phase.drag.snapshot.scale
        let finger = phase.drag.finger
        // Read into a local: reading a getter of the whole session in the arguments of the
        // layout's mutating `scroll` made the compiler copy the session.
        let dragging = phase.drag.current
        // `resolved(scrollAxis:)` returns the axes as they are without `.main`; with it, they
        // resolve against the scroll axis read at the lift.
        let axes = config.axes.contains(.main) ? config.axes.resolved(scrollAxis: phase.drag.scrollAxis) : config.axes
        for axis in [Axis.vertical, .horizontal] {
            guard axes.contains(axis: axis) else { phase.drag.setEpisode(nil, axis); continue }
            let length = viewport[axis]
            let rawZone = policy.edgeZone(ctx, axis: axis, viewportLength: length)
            let zone = rawZone.isFinite && rawZone > 0 ? rawZone : 0
            asked?[axis] = Scene.EdgeZone(axis: axis, length: zone > 0 && length > 0 ? zone : 0, direction: 0, depth: 0, speed: 0)
            guard zone > 0, length > 0 else { phase.drag.setEpisode(nil, axis); continue }
            guard let (direction, depth) = Self.edgeDepth(axis, zone: zone, length: length, reference: config.reference,
                                                         center: center, size: size, scale: scale, finger: finger,
                                                         inclusive: config.inclusive)
            else { phase.drag.setEpisode(nil, axis); continue }
            asked?[axis]?.direction = direction
            asked?[axis]?.depth = depth
            // Read in place: a method of the drag's data, called through the storage, copied them.
            var episode = axis == .vertical ? phase.drag.verticalEpisode : phase.drag.horizontalEpisode
            if episode?.direction != direction {
                episode = ScrollEpisode(direction: direction, start: time - dt)
                phase.drag.setEpisode(episode, axis)
            }
            guard dt > 0, let start = episode?.start else {
                asked = nil
                continue
            }
            let elapsed = max(0, time - dt / 2 - start)
            let raw = policy.scrollSpeed(ctx, axis: axis, depth: depth, zone: zone, elapsed: elapsed)
            let speed = raw.isFinite && raw > 0 ? raw : 0
            asked?[axis]?.speed = speed
            guard speed > 0 else { continue }
            // A layout that scrolls part of itself (a board's list) takes the step; otherwise the
            // content offset moves. Either way ctx.offset follows, so its change is what moved.
            let delta = direction * speed * dt
            let before = ctx.offset[axis]
            guard !layout.scroll(axis, by: delta, at: finger + offset, dragging: dragging) else {
                ctx.content = layout.contentSize
                ctx.offset = layout.contextOffset(offset, dragging: dragging)
                lastScroll[axis] = (ctx.offset[axis] - before) / dt
                continue
            }
            var newOffset = offset
            newOffset[axis] = offset[axis] + delta
            let content = layout.contentSize
            offset = Self.clamped(newOffset, to: Point(x: max(0, content.width - viewport.width),
                                                       y: max(0, content.height - viewport.height)))
            ctx.offset = layout.contextOffset(offset, dragging: dragging)
            lastScroll[axis] = (ctx.offset[axis] - before) / dt
        }
    }

    /// Which edge the reference point is in, and how deep: `direction` -1 towards the start,
    /// +1 towards the end; nil when it is in neither zone. With `inclusive`, a point exactly on
    /// the inner border (depth 0) is in the zone.
    @inline(__always) static func edgeDepth(_ axis: Axis, zone: Double, length: Double, reference: EdgeReference,
                                            center: Point, size: Size, scale: Double, finger: Point,
                                            inclusive: Bool = false) -> (direction: Double, depth: Double)? {
        let towardsStart: Double, towardsEnd: Double
        switch reference {
        case .finger: towardsStart = finger[axis]; towardsEnd = finger[axis]
        case .center: towardsStart = center[axis]; towardsEnd = center[axis]
        case .leadingEdge:
            let half = size[axis] * scale / 2
            towardsStart = center[axis] - half; towardsEnd = center[axis] + half
        }
        let depthStart = zone - towardsStart
        let depthEnd = towardsEnd - (length - zone)
        if (depthEnd > 0 || (inclusive && depthEnd == 0)) && depthEnd >= depthStart { return (1, depthEnd) }
        if depthStart > 0 || (inclusive && depthStart == 0) { return (-1, depthStart) }
        return nil
    }

    /// The target the rule proposes for the current finger / snapshot, if any, while the
    /// dragged item is at `current`.
    func proposedTarget(dragging current: ItemPosition) -> ItemPosition? {
        switch configuration.targetRule {
        case .underFinger:
            // With `snapshot.clamp`, at the clamped point (JXMovableCellTableView.m:195).
            return layout.proposedPosition(at: clamped(phase.drag.finger) + offset, dragging: current)
        case .centerDistance:
            let contentCenter = phase.drag.snapshot.contentCenter
            let visible = Rect(origin: offset, size: viewport)
            // Half the snapshot's bounds width: the reference compares with
            // `snapshotView.bounds.size.width / 2`, and bounds ignore the lift's scale transform.
            let limit = phase.drag.snapshot.size.width / 2
            var best: ItemPosition?
            var bestDistance = Double.infinity
            for p in layout.positions(in: visible) {
                guard let c = layout.frame(of: p)?.center else { continue }
                let dx = c.x - contentCenter.x, dy = c.y - contentCenter.y
                let d = (dx * dx + dy * dy).squareRoot()
                if d <= limit && d < bestDistance { best = p; bestDistance = d }
            }
            return best
        }
    }

    /// The proposal of the target rule, when it is a step: the dragged item's position and an
    /// existing position, or one past the end of another section (append).
    @inline(__always) func proposal() -> (current: ItemPosition, proposed: ItemPosition)? {
        let current = phase.drag.current
        guard let proposed = proposedTarget(dragging: current), proposed != current,
              order.isValid(proposed)
                || (proposed.section != current.section && proposed.section >= 0
                    && proposed.section < order.sectionCount && proposed.item == order.count(proposed.section))
        else { return nil }
        guard configuration.swapThreshold >= 1 || passesSwapThreshold(proposed, from: current) else { return nil }
        return (current, proposed)
    }

    /// Whether the target rule's reference point lies in the swap zone of `proposed`
    /// (`swap_threshold` t < 1): at least `length × (1 − t) / 2` into the target from the side
    /// the dragged item comes from, along the axis of the step (vertical between lines of a
    /// grid or rows of a table, horizontal within a grid line or across a board's lists, i.e.
    /// when the two cells overlap vertically). SortableJS's `_getSwapDirection` without
    /// `invertSwap`. A proposal with no item (an empty section, an append) has no zone.
    func passesSwapThreshold(_ proposed: ItemPosition, from current: ItemPosition) -> Bool {
        guard let target = layout.frame(of: proposed), let dragged = layout.frame(of: current) else { return true }
        let point: Point
        switch configuration.targetRule {
        case .underFinger: point = clamped(phase.drag.finger) + offset
        case .centerDistance: point = phase.drag.snapshot.contentCenter
        }
        let axis: Axis = dragged.minY < target.maxY && target.minY < dragged.maxY ? .horizontal : .vertical
        let start = target.origin[axis], length = target.size[axis]
        let depth = length * (1 - configuration.swapThreshold) / 2
        return dragged.origin[axis] < start ? point[axis] >= start + depth : point[axis] <= start + length - depth
    }

    /// The step the policy makes of a proposal: its target and semantics, or nil for none.
    func step(towards proposed: ItemPosition, from current: ItemPosition, policy: some DragPolicy,
              context ctx: borrowing PolicyContext) -> (target: ItemPosition, semantics: Semantics)? {
        if isTree {
            // A tree drag's `target` sees the projection at the proposed row.
            var proposing = copy ctx
            proposing.tree = treeContext(proposing: proposed)
            guard let target = policy.target(proposing, from: current, proposed: proposed), target != current else { return nil }
            return (target, policy.semantics(proposing, from: current, to: target))
        }
        guard let target = policy.target(ctx, from: current, proposed: proposed), target != current else { return nil }
        return (target, policy.semantics(ctx, from: current, to: target))
    }

    /// Resolves the target, passes it through the policy and applies it (one step per frame).
    ///
    /// The `target` and `semantics` hooks see `ctx`, which is gone before the order changes:
    /// a context shares the order's storage, and changing it then would copy the section.
    ///
    /// The context is handed on with `consume`, and this and ``stepToProposal(policy:context:)``
    /// are always inlined: a consuming parameter passed on without `consume` is copied, and a
    /// call that is not inlined takes the context (several hundred bytes) by copying it; `perf`
    /// showed both, a `memmove` and a retain and release of each of the context's buffers, as
    /// a fifth of a frame.
    @inline(__always)
    mutating func resolveTarget(policy: some DragPolicy, context ctx: consuming PolicyContext) {
        if usesLanding { resolveLanding(policy: policy, context: consume ctx); return }
        stepToProposal(policy: policy, context: consume ctx)
    }

    /// The target rule's step, through the policy, taken (DragSession+Combine takes it too,
    /// when nothing combines).
    @inline(__always)
    mutating func stepToProposal(policy: some DragPolicy, context ctx: consuming PolicyContext) {
        guard let (current, proposed) = proposal(),
              let (target, semantics) = step(towards: proposed, from: current, policy: policy, context: ctx)
        else { return }
        // The context's content size is the layout's now (the edge scroll keeps it up to date).
        let content = ctx.content
        _ = consume ctx
        take(from: current, to: target, semantics: semantics, policy: policy, content: content)
    }

    /// ``resolveTarget(_:policy:context:)`` with a context made only when there is a proposal.
    mutating func resolveTarget(policy: some DragPolicy) {
        if usesLanding { resolveLanding(policy: policy, context: context()); return }
        guard let (current, proposed) = proposal(),
              let (target, semantics) = step(towards: proposed, from: current, policy: policy, context: context())
        else { return }
        take(from: current, to: target, semantics: semantics, policy: policy, content: layout.contentSize)
    }

    /// Applies a step to the order and the layout, when it is valid for the order: within a
    /// section a move's target must be an existing index; across sections it may also be one
    /// past the end (append). Returns whether it was applied.
    mutating func apply(_ step: Step) -> Bool {
        switch step {
        case .move(let current, let target):
            let valid = target.section == current.section
                ? order.isValid(target)
                : target.section >= 0 && target.section < order.sectionCount
                    && target.item >= 0 && target.item <= order.count(target.section)
            guard valid, order.move(from: current, to: target) else { return false }
            layout.didMove(from: current, to: target)
        case .exchange(let current, let target):
            guard order.isValid(target), order.exchange(current, target) else { return false }
            layout.didExchange(current, target)
        }
        return true
    }

    /// Undoes an applied step.
    mutating func undo(_ step: Step) {
        switch step {
        case .move(let from, let to):
            if order.move(from: to, to: from) { layout.didMove(from: to, to: from) }
        case .exchange(let a, let b):
            if order.exchange(a, b) { layout.didExchange(a, b) }
        }
    }

    /// Whether a step holds still: after it, the reference point must not propose a position
    /// back on the side the dragged item came from (in the order of positions).
    ///
    /// When the dragged item and the items it passes have the same size the new slot is the
    /// one under the point, so nothing is proposed and every step holds; a layout whose items
    /// all share one size skips the check. With sizes that differ (a 44 pt row over a 200 pt
    /// one) the point can still lie on the item just passed, which would propose the way back
    /// on the next frame: such a step waits until the point lies inside (or beyond) the
    /// dragged item's new slot. Going back then needs the point to cross the far edge of the
    /// item passed: hysteresis by construction. Proposals further on (a step into the section
    /// below shifts it up) are kept, so a still point makes at most one step inside a section.
    /// The caller skips it for a layout whose items share one size.
    mutating func holdsStill(_ step: Step, from current: ItemPosition, to target: ItemPosition) -> Bool {
        // A step across a board's lists may clamp the scroll of the list it leaves; undoing it
        // does not scroll back, so the scrolls are put back as they were.
        let listOffsets = current.section != target.section ? layout.listOffsets : []
        guard apply(step) else { return true }
        phase.drag.current = target
        let next = proposal()?.proposed
        phase.drag.current = current
        undo(step)
        if !listOffsets.isEmpty { layout.setListOffsets(listOffsets) }
        guard let next, next != target else { return true }
        return current < target ? next > target : next < target
    }

    /// Applies a step the policy made (when it is valid for the order and holds still),
    /// records it for undo, and tells the policy (`on_move`).
    ///
    /// An exchange with no item (one past the end of another section: an empty section or an
    /// append) is a move. `content` is the layout's content size before the step.
    @inline(__always) mutating func take(from current: ItemPosition, to target: ItemPosition,
                                         semantics proposed: Semantics, policy: some DragPolicy, content: Size) {
        let semantics: Semantics = proposed == .exchange && !order.isValid(target) ? .move : proposed
        let step: Step = semantics == .move ? .move(from: current, to: target) : .exchange(current, target)
        // A step into another section must suit every member of a group.
        guard phase.drag.group == nil || target.section == current.section || groupAllows(target, policy: policy)
        else { return }
        // The check is skipped (every step holds) when all items share one size; tested here, so
        // such a layout's steps do not call into it.
        guard layout.hasUniformItemSizes || holdsStill(step, from: current, to: target) else { return }
        collectDisplaced(from: current, to: target, semantics: semantics)
        guard apply(step) else { return }
        // A step across a grid's sections can take a line off the content: the offset stays
        // within it (the fuzzer found offsets past the end after an edge scroll). The offset is
        // already clamped to the content before the step (every write of it clamps), so with
        // the same content size clamping again would change nothing: skipped then.
        if layout.contentSize != content { offset = clampedOffset(offset) }
        undoLog.append(step)
        phase.drag.current = target
        startSlides(from: current, to: target, semantics: semantics)
        record(.move(from: current, to: target, semantics: semantics, time: time))
        policy.onMove(context(), from: current, to: target)
    }
}
