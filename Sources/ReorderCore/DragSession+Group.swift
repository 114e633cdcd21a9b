/// Group drags: lifting a selected item lifts the selection, which moves as one and
/// lands contiguously at the drop.
///
/// - `group.mode = "collapse"` (SortableJS MultiDrag): at the lift the other members fold into
///   the dragged item and leave the order, so the list closes up; the session *carries* them
///   until the drop. The order plus the carried items is a permutation at every input.
/// - `group.mode = "stay"` (the react-beautiful-dnd pattern): the others keep their slots
///   (drawn as ghosts); only the dragged item steps.
///
/// At the drop the group lands where the dragged item is, by SortableJS MultiDrag's rule
/// (`multiDragIndex = index(dragEl, ':not(.selected)')`, then every selected element is
/// inserted before `children[multiDragIndex]`, one after the other): the items that are not in
/// the group keep their order, and the group is inserted among them, as one block, just after
/// the last one that was before the dragged item in its section. `group.order = "relative"`
/// lands the members in their order at the press; `"active_first"` lands the dragged item,
/// then the others in selection order (dnd-kit's multiple-containers story). Members from
/// other sections (lists of a board) move into the dragged item's section.
///
/// A step into another section (a board's list) that the `target` hook refuses (`nil`) for any
/// member is not taken: a stayed member is asked from where it is now; a folded one from where
/// it was at the press, with `ctx.order` the order at the press (where it still is). Steps
/// inside the dragged item's section ask only for the dragged item, so a dragging frame does
/// the same work with a group as without (no per-member work, no allocation; the group's
/// `begin`, `add` and `end` events carry every member's position, and the session API works
/// out the positions after each `move` from them). The landing moves members of other sections
/// into the dragged item's without a step, so the drop asks each of those the same question
/// (to: where the dragged item is); one refusal rolls the drop back, and turns a committing
/// cancel into a reverting one: a policy's section rule holds for every item it moves.
///
/// `on_end` sees the landed order (`from`: where the dragged item was at the press, `to`: where
/// it landed); a veto, and a cancel that reverts, put back exactly the order and the selection
/// of the press.
///
/// ```swift
/// let sim = DragSimulator(sections: [(1...12).map { Item("\($0)") }],
///                         viewport: Size(width: 375, height: 667), policy: DefaultPolicy())
/// for row in [1, 4, 8] { sim.select(ItemPosition(section: 0, item: row)) }   // 2, 5, 9
/// sim.drag(from: ItemPosition(section: 0, item: 4), to: ItemPosition(section: 0, item: 8))
/// sim.order.ids[0]   // ["1", "3", "4", "6", "7", "8", "10", "11", "2", "5", "9", "12"]
/// ```
extension DragSession {
    /// A group drag under way.
    struct GroupDrag: Sendable {
        var mode: GroupMode
        /// Member handles in landing order (the dragged one included).
        var landing: [Int32]
        /// `mask[h]`: whether handle `h` is a member.
        var mask: [Bool]
        /// The arrangement at the press (restored by a veto or a reverting cancel).
        var pressSections: [[Int32]]
        /// The selection at the press.
        var pressSelection: SelectionSet
        /// Where the dragged item was at the press.
        var pressPosition: ItemPosition
        /// Each member's position at the press, by handle.
        var pressPositions: [Int32: ItemPosition]
        /// Whether the group has landed (after the drop's landing, or a cancel's commit).
        var landed = false

        @inline(__always) func contains(_ h: Int32) -> Bool {
            Int(h) >= 0 && Int(h) < mask.count && mask[Int(h)]
        }
        /// Whether the others are out of the order (folded into the dragged item).
        var isFolded: Bool { mode == .collapse && !landed }
    }

    /// What a scene draws of a group drag: how many items, the mode, and the ghosts' handles
    /// (`stay`: every member but the dragged one, still in its slot).
    public struct GroupInfo: Hashable, Sendable {
        public var count: Int
        public var mode: GroupMode
        public var ghosts: [Int32]
        public var ids: [String]
        /// The members out of the order (`collapse`, before the landing): carried by the drag.
        public var folded: [Int32]
    }

    /// The group being dragged (or dropping), else nil.
    public var groupInfo: GroupInfo? {
        guard let group, let dragged = draggedHandle else { return nil }
        let ghosts = group.mode == .stay && !group.landed ? group.landing.filter { $0 != dragged } : []
        return GroupInfo(count: group.landing.count, mode: group.mode, ghosts: ghosts,
                         ids: group.landing.map { order.item(handle: $0).id },
                         folded: group.isFolded ? group.landing.filter { $0 != dragged } : [])
    }

    // MARK: Lift

    /// Called at the lift, after the `begin` event: when the dragged item is selected, the
    /// selection becomes the group (at most `group.max`: the dragged item and the first others
    /// in selection order). A selected item the policy will not let move (`can_move`) stays
    /// where it is (and selected): locked items never move.
    mutating func liftGroup(policy: some DragPolicy) {
        guard phase.state == .dragging, selection.contains(phase.drag.handle) else { return }
        let dragged = phase.drag.handle
        var members: [Int32] = [dragged]
        let limit = configuration.group.maxCount
        for h in selection.handles where h != dragged && members.count < limit { members.append(h) }
        startGroup(members: members, policy: policy)
        guard let g = group else { return }
        // Right after the lift nothing has stepped: a folded member is where the dragged item
        // is, a stayed one where it was at the press.
        let now = phase.drag.current
        let positions = g.landing.map { h in h == dragged || g.mode == .collapse ? now : (g.pressPositions[h] ?? now) }
        appendGroupEvent("begin", positions: positions)
    }

    /// Makes `members` (the dragged one first, the others in selection order) the group: keeps
    /// the press arrangement, gives the order sections of its own (so steps never copy a shared
    /// buffer), and folds the others in `collapse` mode. With `policy`, members it will not let
    /// move (`can_move`, asked where they were at the press) are left out.
    mutating func startGroup(members: [Int32], policy: (some DragPolicy)?) {
        guard phase.state == .dragging else { return }
        let dragged = phase.drag.handle
        var mask = [Bool](repeating: false, count: order.storage.count)
        for h in members { mask[Int(h)] = true }
        // The arrangement at the press: the current one with this drag's steps undone.
        var press = order
        for step in undoLog.reversed() {
            switch step {
            case .move(let from, let to): press.move(from: to, to: from)
            case .exchange(let a, let b): press.exchange(a, b)
            }
        }
        let pressSections = press.sections
        var pressPositions: [Int32: ItemPosition] = [:]
        pressPositions.reserveCapacity(members.count)
        var relative: [Int32] = []
        relative.reserveCapacity(members.count)
        for (s, sec) in pressSections.enumerated() {
            sec.withUnsafeBufferPointer { buf in
                for i in 0..<buf.count where mask[Int(buf[i])] {
                    relative.append(buf[i])
                    pressPositions[buf[i]] = ItemPosition(section: s, item: i)
                }
            }
        }
        if let policy, members.count > 1 {
            let ctx = context()
            var refused = false
            for h in members where h != dragged {
                guard let p = pressPositions[h], policy.canMove(ctx, at: p) else {
                    mask[Int(h)] = false; pressPositions[h] = nil; refused = true
                    continue
                }
            }
            if refused { relative.removeAll { !mask[Int($0)] } }
        }
        let landing = configuration.group.order == .relative ? relative : members.filter { mask[Int($0)] }
        let pressPosition = pressPositions[dragged] ?? phase.drag.original
        phase.drag.group = GroupDrag(mode: configuration.group.mode, landing: landing, mask: mask,
                                     pressSections: pressSections, pressSelection: selection,
                                     pressPosition: pressPosition, pressPositions: pressPositions)
        if configuration.group.mode == .collapse {
            if landing.count > 1 { fold(mask) }
        } else {
            // Fresh buffers, so the press arrangement stays untouched without a copy per step.
            order.replaceSections(order.sections.map { sec in sec.withUnsafeBufferPointer { Array($0) } })
        }
        undoLog.removeAll(keepingCapacity: true)
    }

    /// Takes the members marked in `out` but the dragged one out of the order: they travel with
    /// the dragged item. The dragged item's position follows.
    mutating func fold(_ out: [Bool]) {
        guard phase.state == .dragging else { return }
        let dragged = phase.drag.handle, at = phase.drag.current
        var current = at
        var sections: [[Int32]] = []
        sections.reserveCapacity(order.sectionCount)
        for (s, sec) in order.sections.enumerated() {
            var kept: [Int32] = []
            kept.reserveCapacity(sec.count)
            sec.withUnsafeBufferPointer { buf in
                for i in 0..<buf.count {
                    let h = buf[i]
                    if h != dragged && Int(h) < out.count && out[Int(h)] {
                        if s == current.section && i < at.item { current.item -= 1 }
                    } else {
                        kept.append(h)
                    }
                }
            }
            sections.append(kept)
        }
        order.replaceSections(sections)
        phase.drag.current = current
        phase.drag.original = current
        relayout()
    }

    /// The layout after a wholesale change of the order, the offset clamped to it; slides
    /// under way end (their buffers are kept: the next step appends without allocating).
    mutating func relayout() {
        layout.reload(from: order)
        offset = clampedOffset(offset)
        slides.byHandle.removeAll(keepingCapacity: true)
        slides.started.removeAll(keepingCapacity: true)
        slides.head = 0
        slides.pending.removeAll(keepingCapacity: true)
        if phase.state == .dragging { updateSnapshot() }
    }

    // MARK: Steps

    /// Whether every member accepts the step to `target` (the `target` hook answers non-nil);
    /// `crossing`: only the members in another section than `target`'s are asked (the landing).
    func groupAllows(_ target: ItemPosition, policy: some DragPolicy, crossing: Bool = false) -> Bool {
        guard let group, !group.landed, let dragged = draggedHandle, group.landing.count > 1 else { return true }
        if group.mode == .collapse {
            var pressOrder = order
            pressOrder.replaceSections(group.pressSections)
            var ctx = context()
            ctx.order = pressOrder
            for h in group.landing where h != dragged {
                guard let from = group.pressPositions[h], !crossing || from.section != target.section else { continue }
                if policy.target(ctx, from: from, proposed: target) == nil { return false }
            }
            return true
        }
        let ctx = context()
        for (s, sec) in order.sections.enumerated() where !crossing || s != target.section {
            for (i, h) in sec.enumerated() where h != dragged && group.contains(h) {
                if policy.target(ctx, from: ItemPosition(section: s, item: i), proposed: target) == nil { return false }
            }
        }
        return true
    }

    /// Whether the landing may take every member where the dragged item is: each member it
    /// would move into another section accepts (see the type's notes).
    func groupMayLand(policy: some DragPolicy) -> Bool {
        guard let p = currentPosition else { return true }
        return groupAllows(p, policy: policy, crossing: true)
    }

    /// Appends a `group` event (`of`: the event it belongs to) with every member's position
    /// (`positions` when the caller knows them; else found in one pass over the order).
    mutating func appendGroupEvent(_ of: String, positions known: [ItemPosition]? = nil) {
        guard let group, let current = currentPosition else { return }
        if let known {
            record(.group(of: of, items: group.landing.map { order.item(handle: $0).id }, positions: known, time: time))
            return
        }
        var where_: [Int32: ItemPosition] = [:]
        where_.reserveCapacity(group.landing.count)
        for (s, sec) in order.sections.enumerated() {
            for (i, h) in sec.enumerated() where group.contains(h) { where_[h] = ItemPosition(section: s, item: i) }
        }
        let positions = group.landing.map { where_[$0] ?? current }
        record(.group(of: of, items: group.landing.map { order.item(handle: $0).id }, positions: positions, time: time))
    }

    // MARK: Tap (a second touch adds an item)

    /// A second touch on the item at `position` while dragging: when the policy's
    /// `can_add` allows it (UIKit's `itemsForAddingTo`), `can_move` too, and the group is below `group.max`, the
    /// item joins the drag (and the selection); a `collapse` group folds it in. A refusal is a
    /// `refuse` event. Ignored outside a drag, and on the dragged item or a member.
    ///
    /// ```swift
    /// sim.pressItem(ItemPosition(section: 0, item: 4)); sim.hold(0.75)
    /// sim.tap(ItemPosition(section: 0, item: 8))   // "9" joins the drag
    /// ```
    @discardableResult
    public mutating func tap(_ position: ItemPosition, time t: Double, policy: some DragPolicy) -> InputOutcome {
        // A tree node carries its subtree; it gathers no group.
        guard t.isFinite, state == .dragging, !isTree, order.isValid(position) else { return .ignored }
        time = max(time, t)
        askedZones = nil
        let dragged = phase.drag.handle
        let h = order.handle(at: position)
        guard h != dragged, !(group?.contains(h) ?? false) else { return .ignored }
        guard (group?.landing.count ?? 1) < configuration.group.maxCount, policy.canAdd(context(), at: position),
              policy.canMove(context(), at: position) else {
            record(.refuse(position: position, time: time))
            return .handled(from: .dragging, to: .dragging)
        }
        if group == nil { startGroup(members: [dragged], policy: Optional<DefaultPolicy>.none) }
        guard var g = group else { return .ignored }
        g.mask[Int(h)] = true
        _ = selection.insert(dragged, storageCount: order.storage.count)
        _ = selection.insert(h, storageCount: order.storage.count)
        // Where it was at the press: it has not moved since (only the dragged item steps).
        let pressed = Self.position(of: h, in: g.pressSections) ?? position
        g.pressPositions[h] = pressed
        if configuration.group.order == .relative {
            let at = g.landing.firstIndex { (g.pressPositions[$0] ?? pressed) > pressed } ?? g.landing.count
            g.landing.insert(h, at: at)
        } else {
            g.landing.append(h)
        }
        phase.drag.group = g
        if g.mode == .collapse {
            var out = [Bool](repeating: false, count: order.storage.count)
            out[Int(h)] = true
            fold(out)
        }
        appendGroupEvent("add")
        return .handled(from: .dragging, to: .dragging)
    }

    static func position(of h: Int32, in sections: [[Int32]]) -> ItemPosition? {
        for (s, sec) in sections.enumerated() {
            if let i = sec.firstIndex(of: h) { return ItemPosition(section: s, item: i) }
        }
        return nil
    }

    // MARK: Drop, cancel

    /// Lands the group at the dragged item (see the type's notes); returns where the dragged
    /// item is then.
    @discardableResult
    mutating func landGroup() -> ItemPosition? {
        guard phase.hasDrag else { return nil }
        let p = phase.drag.current, dragged = phase.drag.handle
        guard var g = phase.drag.group, !g.landed else { return p }
        var sections = order.sections
        order.replaceSections([])          // the only reference left is `sections`: no copy below
        var final = p
        for s in sections.indices {
            let old = sections[s]
            var kept: [Int32] = []
            kept.reserveCapacity(old.count + (s == p.section ? g.landing.count : 0))
            old.withUnsafeBufferPointer { buf in
                for i in 0..<buf.count {
                    let h = buf[i]
                    // The block goes where the dragged item is: after the others before it.
                    if s == p.section && i == p.item {
                        final = ItemPosition(section: s, item: kept.count + (g.landing.firstIndex(of: dragged) ?? 0))
                        kept.append(contentsOf: g.landing)
                        continue
                    }
                    if g.contains(h) { continue }
                    kept.append(h)
                }
            }
            sections[s] = kept
        }
        order.replaceSections(sections)
        g.landed = true
        phase.drag.group = g
        phase.drag.current = final
        relayout()
        return final
    }

    /// Where the landed block's items are, the dragged one at `dragged`.
    func landedPositions(at dragged: ItemPosition) -> [ItemPosition] {
        guard let group, let handle = draggedHandle, let k = group.landing.firstIndex(of: handle) else { return [] }
        return group.landing.indices.map { ItemPosition(section: dragged.section, item: dragged.item - k + $0) }
    }

    /// Puts back the order and the selection of the press.
    mutating func restoreGroup() {
        guard phase.hasDrag, var g = phase.drag.group else { return }
        order.replaceSections(g.pressSections)
        selection = g.pressSelection
        g.landed = true
        phase.drag.group = g
        phase.drag.original = g.pressPosition
        phase.drag.current = g.pressPosition
        undoLog.removeAll(keepingCapacity: true)
        relayout()
    }

    /// The finger lifted during a group drag: land, ask `on_end`, keep or restore, drop.
    /// Returns the `end` or `rollback` event (nil without a group).
    mutating func endGroupDrag(policy: some DragPolicy) -> DragEvent? {
        let allowed = groupMayLand(policy: policy)
        guard let g = group, let to = landGroup() else { phase.toIdle(); return nil }
        let ending = endOrRollback(policy: policy, from: g.pressPosition, to: to, allowed: allowed) { $0.restoreGroup() }
        record(ending)
        if case .end = ending {
            appendGroupEvent("end", positions: landedPositions(at: to))
            if !configuration.group.keepSelection { selection.removeAll() }
        }
        beginDrop()
        return ending
    }

    /// What a cancel that `on_cancel` resolved as `asked` does: a commit that would land a member
    /// in another section that refuses it (``groupMayLand(policy:)``) reverts; without a group,
    /// `asked`.
    func cancelResolution(_ asked: CancelResolution, policy: some DragPolicy) -> CancelResolution {
        asked == .commit && group != nil && !groupMayLand(policy: policy) ? .revert : asked
    }

    /// A cancel during a group drag: revert to the press, or land where the dragged item is.
    mutating func cancelGroup(_ resolution: CancelResolution) {
        if resolution == .revert {
            restoreGroup()
        } else {
            landGroup()
            if !configuration.group.keepSelection { selection.removeAll() }
        }
    }
}
