/// Where a drag would land now when a policy combines (`combine_rule`) or shows an indicator
/// (`drop_preview = "indicator"`): the item it would be dropped onto, or the place it would be
/// put at the drop.
struct Landing: Sendable {
    /// The item the drop combines with now: the rule found it and its `combine_delay` has passed.
    var combine: ItemPosition? = nil
    /// The item the rule finds (its handle; -1 for none) and the time it was first found: the
    /// delay counts from then, and starts again when the rule finds another item.
    var candidate: Int32 = -1
    var candidateSince = 0.0
    /// With the indicator: where the drop puts the item and how (nil: where it is).
    var destination: ItemPosition? = nil
    var semantics: Semantics = .move
    /// With the indicator: the row the line is drawn at, and whether on its trailing side.
    var lineRow: ItemPosition? = nil
    var lineAfter = false
    /// In a tree under the tree-item hitbox (DragSession+TreeCombine): the instruction asked
    /// now (nil: none), the node it was asked over (its handle; -1 for none) and its row.
    var treeInstruction: HitboxResult<TreeInstruction>? = nil
    var treeTarget: Int32 = -1
    var treeRow = ItemPosition(section: 0, item: 0)

    /// Nothing found: the drop lands the item where it is.
    static let none = Landing()
}

/// Dropping onto an item, and the indicator preview (DragSession+Frame calls in here instead of
/// its own step when either is on).
///
/// react-beautiful-dnd's rule (`combine_rule = "band"`, ``CombineBand``) tests the dragged
/// item's edges against the middle band of the sibling under them, *where the sibling is drawn
/// now*. The session's slots are those places: a step moves the dragged item into a sibling's
/// slot and the siblings it passes one slot back, which is rbd's displacement (a sibling that
/// started after the item and is "displaced" stays put; one that is not moved back by the
/// item's size; and the other way round before it). So a sibling after the dragged item's slot
/// tests the item's trailing edge against its slot's band, and one before it the leading edge,
/// both unshifted: rbd's four cases (get-combine-impact.ts lines 78-105) with the shift already
/// in the slot.
extension DragSession {
    /// Whether a frame's target goes through ``resolveLanding(policy:context:)``: a touch drag
    /// of one item under a policy that combines or shows the indicator. A group drag and a
    /// keyboard drag step as usual.
    @inline(__always) var usesLanding: Bool {
        (configuration.combine.rule != .none || configuration.dropPreview == .indicator) && phase.drag.group == nil
    }

    /// The combine target, or the indicator's destination, for this frame; with the slide
    /// preview, the step the rule asks for is taken.
    mutating func resolveLanding(policy: some DragPolicy, context ctx: consuming PolicyContext) {
        let current = phase.drag.current
        if usesTreeHitbox {
            resolveTreeHitbox(policy: policy, context: ctx)
            return
        }
        if configuration.combine.rule == .hitbox {
            resolveHitbox(current, policy: policy, context: ctx)
            return
        }
        // rbd checks combining before reordering (get-drag-impact/index.ts lines 72-91), and
        // while it combines leaves the displacement as it was (lines 112-115): no step.
        // In a tree the combine makes a child: `can_nest` and `tree.max_depth` are asked too.
        if configuration.combine.rule == .band, let onto = bandTarget(dragging: current),
           !isTree ? policy.combine(ctx, from: current, onto: onto)
                       : treeAllows(.makeChild, target: order.handle(at: onto), row: onto, policy: policy, context: ctx) {
            hold(onto)
            return
        }
        phase.drag.landing.combine = nil
        phase.drag.landing.candidate = -1
        let proposed = proposedTarget(dragging: current)
        if configuration.dropPreview == .indicator {
            if proposed == current { clearDestination(); return }
            guard let (current, proposed) = proposal(),
                  let (target, semantics) = step(towards: proposed, from: current, policy: policy, context: ctx)
            else { return }
            setDestination(target, semantics: semantics, from: current)
            return
        }
        stepToProposal(policy: policy, context: consume ctx)
    }

    /// rbd's combine target: the sibling under the dragged item's leading edge (before its slot)
    /// or under its trailing edge (after it) whose band holds that edge; nil when none does.
    func bandTarget(dragging current: ItemPosition) -> ItemPosition? {
        let axis = phase.drag.scrollAxis
        let snap = phase.drag.snapshot
        // rbd tests the dragged item's border box, unscaled (the lift's scale is a transform).
        let half = snap.size[axis] / 2
        let leading = snap.contentCenter[axis] - half, trailing = snap.contentCenter[axis] + half
        func point(_ along: Double) -> Point {
            var p = snap.contentCenter
            p[axis] = along
            return p
        }
        var rows: [(position: ItemPosition, candidate: CombineCandidate)] = []
        for (edge, after) in [(leading, false), (trailing, true)] {
            guard let p = layout.position(at: point(edge)), p.section == current.section,
                  after ? p.item > current.item : p.item < current.item,
                  let slot = layout.frame(of: p) else { continue }
            rows.append((p, CombineCandidate(start: slot.origin[axis], size: slot.size[axis],
                                             startedAfterDragged: after, isDisplaced: after)))
        }
        // rbd finds the first in list order (get-combine-impact.ts line 54): before, then after.
        guard let i = CombineBand.target(draggedStart: leading, draggedEnd: trailing, displacement: snap.size[axis],
                                         candidates: rows.map(\.candidate)) else { return nil }
        return rows[i].position
    }

    /// pragmatic's list-item hitbox over the row under the finger: before or after it (a step
    /// with the slide preview, the destination with the indicator), or onto it. A side whose
    /// step the `target` hook refuses is not available, nor is a combine the `combine` hook
    /// refuses (attach-instruction-2.ts lines 132-138: an unavailable side becomes combine).
    mutating func resolveHitbox(_ current: ItemPosition, policy: some DragPolicy, context ctx: consuming PolicyContext) {
        let finger = clamped(phase.drag.finger) + offset
        guard let row = layout.position(at: finger), order.isValid(row), let frame = layout.frame(of: row) else { return }
        guard row != current else { clearLanding(); return }
        let axis = phase.drag.scrollAxis
        let sameSection = row.section == current.section
        // Where the item goes to land before or after `row` (a move removes it first).
        let before = ItemPosition(section: row.section, item: sameSection && row.item > current.item ? row.item - 1 : row.item)
        let after = ItemPosition(section: row.section, item: sameSection && row.item < current.item ? row.item + 1 : row.item + (sameSection ? 0 : 1))
        var available: (before: HitboxAvailability, after: HitboxAvailability, combine: HitboxAvailability) =
            (.available, .available, .available)
        var chosen: (target: ItemPosition, semantics: Semantics, after: Bool)?
        // Each pass makes one operation unavailable, so this ends within three.
        while chosen == nil, let asked = ListItemHitbox.instruction(
            at: finger[axis], start: frame.origin[axis], size: frame.size[axis],
            before: available.before, after: available.after, combine: available.combine) {
            let side: ItemPosition
            switch asked.instruction {
            case .combine:
                if policy.combine(ctx, from: current, onto: row) { hold(row); return }
                available.combine = .notAvailable
                continue
            case .reorderBefore: side = before
            case .reorderAfter: side = after
            }
            // The item is already there: nothing to do, and the side is available.
            if side == current { clearLanding(); return }
            if let (target, semantics) = step(towards: side, from: current, policy: policy, context: ctx) {
                chosen = (target, semantics, asked.instruction == .reorderAfter)
            } else if asked.instruction == .reorderBefore {
                available.before = .notAvailable
            } else {
                available.after = .notAvailable
            }
        }
        guard let (target, semantics, lineAfter) = chosen else { clearLanding(); return }
        phase.drag.landing.combine = nil
        phase.drag.landing.candidate = -1
        if configuration.dropPreview == .indicator {
            setDestination(target, semantics: semantics, from: current)
            phase.drag.landing.lineRow = row
            phase.drag.landing.lineAfter = lineAfter
            return
        }
        let content = ctx.content
        _ = consume ctx
        take(from: current, to: target, semantics: semantics, policy: policy, content: content)
    }

    /// The rule finds `onto`: it becomes the combine target once it has held `combine_delay`.
    mutating func hold(_ onto: ItemPosition) {
        let handle = order.handle(at: onto)
        if phase.drag.landing.candidate != handle {
            phase.drag.landing.candidate = handle
            phase.drag.landing.candidateSince = time
        }
        let held = time - phase.drag.landing.candidateSince + Self.timeEpsilon >= configuration.combine.delay
        phase.drag.landing.combine = held ? onto : nil
        if held { clearDestination() }
    }

    /// Nothing to combine with and nowhere else to go: the drop lands the item where it is.
    mutating func clearLanding() {
        phase.drag.landing = .none
    }

    private mutating func clearDestination() {
        phase.drag.landing.destination = nil
        phase.drag.landing.lineRow = nil
    }

    /// The indicator's destination, its line drawn on the side of `target` the item lands: after
    /// the row when a move takes it further down the section, else before it.
    private mutating func setDestination(_ target: ItemPosition, semantics: Semantics, from current: ItemPosition) {
        phase.drag.landing.destination = target
        phase.drag.landing.semantics = semantics
        let after = semantics == .move && target.section == current.section && target.item > current.item
        phase.drag.landing.lineRow = target
        phase.drag.landing.lineAfter = after
    }

    /// The drop of a drag that combines: every row goes back to its place (rbd's drop of a
    /// combine, get-drop-impact.ts), `on_end` is asked with nothing moved (the drag is over for
    /// the policy: its per-drag state ends there; its answer changes nothing), and the `combine`
    /// event names the two items in that order. Nil when the drag does not combine now.
    mutating func endCombine(policy: some DragPolicy) -> DragEvent? {
        guard phase.state == .dragging, var onto = phase.drag.landing.combine else { return nil }
        // Where the target was at the press: undo the steps on its position, newest first.
        for step in undoLog.reversed() {
            switch step {
            case .move(let from, let to): onto = Self.position(onto, after: .move, from: to, to: from)
            case .exchange(let a, let b): onto = Self.position(onto, after: .exchange, from: a, to: b)
            }
        }
        revertSteps()
        let from = phase.drag.original
        _ = policy.onEnd(context(), from: from, to: from)
        let event = DragEvent.combine(from: from, onto: onto, time: time)
        phase.drag.landing = .none
        record(event)
        beginDrop()
        return event
    }

    /// With the indicator, the drop takes the one step to the destination first (through
    /// `take`, so `on_move` and a `move` event come before the `end`).
    mutating func landAtDestination(policy: some DragPolicy) {
        guard phase.state == .dragging, let target = phase.drag.landing.destination else { return }
        let current = phase.drag.current, semantics = phase.drag.landing.semantics
        phase.drag.landing = .none
        guard target != current else { return }
        let content = layout.contentSize
        take(from: current, to: target, semantics: semantics, policy: policy, content: content)
    }

    /// What the scene shows of the landing: the combine target, and the indicator (an outline
    /// of the combine target, or a line where the item will land).
    func landingIndicator() -> (combine: ItemPosition?, indicator: Scene.DropIndicator?) {
        guard phase.state == .dragging, usesLanding else { return (nil, nil) }
        if usesTreeHitbox { return treeHitboxIndicator() }
        let landing = phase.drag.landing
        if let onto = landing.combine, order.isValid(onto) {
            guard configuration.dropPreview == .indicator, let f = viewportFrame(of: onto) else { return (onto, nil) }
            return (onto, Scene.DropIndicator(kind: .outline, position: onto, frame: f, depth: 0))
        }
        guard configuration.dropPreview == .indicator, let row = landing.lineRow else { return (nil, nil) }
        // An exchange lands on the item it swaps with: outlined.
        if landing.semantics == .exchange, let target = landing.destination, let f = viewportFrame(of: target) {
            return (nil, Scene.DropIndicator(kind: .outline, position: target, frame: f, depth: 0))
        }
        if let f = viewportFrame(of: row) {
            let y = landing.lineAfter ? f.maxY : f.minY
            return (nil, Scene.DropIndicator(kind: .line, position: row, frame: Rect(x: f.minX, y: y, width: f.size.width, height: 0), depth: 0))
        }
        // One past the end of a section: after its last row.
        if row.item > 0, let f = viewportFrame(of: ItemPosition(section: row.section, item: row.item - 1)) {
            return (nil, Scene.DropIndicator(kind: .line, position: row, frame: Rect(x: f.minX, y: f.maxY, width: f.size.width, height: 0), depth: 0))
        }
        return (nil, nil)
    }
}
