/// Reordering without a pointer: keyboard dragging and one-shot actions.
///
/// A keyboard drag is a drag like a touch one, through the same hooks: ``lift(_:time:policy:)``
/// asks `can_move` and calls `on_begin`; each ``step(_:count:time:policy:)`` proposes the next
/// slot in the layout's own sense (``keyboardSlot(_:from:)``), which `target` may redirect or
/// refuse (then nothing moves and `blocked` is announced) and `semantics` turns into a move or
/// an exchange, followed by `on_move`; ``keyboardDrop(time:policy:)`` asks `on_end` (a veto rolls
/// back) and ``keyboardCancel(time:policy:)`` `on_cancel`. While it is lifted the session takes
/// no touch input (frames only), the snapshot sits on the item's cell, and after each step the
/// content scrolls to keep the item visible (`keyboard.reveal`, `keyboard.animate`).
///
/// Each event is announced: the policy's `announce` hook (or the built-in text) gives the text,
/// kept in ``announcements`` until ``takeAnnouncements()``.
///
/// ```swift
/// let order = Order(sections: [(1...15).map { Item("row \($0)") }], titles: ["Today"])
/// var session = DragSession(order: order, layout: TableLayout(order: order, width: 375, rowHeight: 44),
///                           viewport: Size(width: 375, height: 667))
/// let policy = DefaultPolicy()
/// session.focus(ItemPosition(section: 0, item: 8), time: 0)
/// session.key(.space, time: 0, policy: policy)               // lifts row 9
/// session.key(.up, count: 5, time: 0.1, policy: policy)      // row 9 to position 4
/// session.key(.space, time: 0.2, policy: policy)             // drops it
/// session.takeAnnouncements().compactMap(\.text).last        // "row 9 dropped at position 4 of 15 in Today."
/// ```
extension DragSession {
    // MARK: Reading

    /// The focused item (what Tab moves through; it follows a keyboard-lifted item).
    public var focus: ItemPosition? { keys.focus }

    /// Whether the drag under way was lifted by keyboard.
    public var isKeyboardDrag: Bool { phase.state == .dragging && phase.drag.isKeyboard }

    /// The keyboard drag under way, else nil.
    @inline(__always) var keyboardLift: KeyboardLift? {
        guard phase.state == .dragging, case .keyboard(let keyboard) = phase.drag.lift else { return nil }
        return keyboard
    }

    /// The announcements not yet taken (at most the last 1,000 to 2,000 when the host never
    /// takes them, each text at most ``KeyboardSpeech/maximumTextLength`` bytes).
    public var announcements: [KeyboardAnnouncement] { keys.announcements }

    /// How many untaken announcements are kept at least.
    public static let announcementLimit = 1_000

    /// Returns the announcements made since the last call, and forgets them.
    ///
    /// ```swift
    /// session.takeAnnouncements().compactMap(\.text)   // ["Standup moved to position 4 of 15."]
    /// ```
    public mutating func takeAnnouncements() -> [KeyboardAnnouncement] {
        defer { keys.announcements.removeAll(keepingCapacity: true) }
        return keys.announcements
    }

    // MARK: Inputs

    /// Takes a keyboard input at `t`: nil when `t` is not finite; otherwise the clock moves
    /// to `t` (never back), a drop animation under way completes, and the state is returned.
    mutating func acceptKeyboard(at t: Double) -> State? {
        guard t.isFinite else { return nil }
        time = max(t, time)
        askedZones = nil
        if state == .dropping { finishDrop() }
        return state
    }

    /// Sets the keyboard focus on an item and scrolls it into view, as little as needed and at
    /// once (as a browser scrolls a focused element into view; `keyboard.reveal` is for a moving
    /// item): Tab in a page reaches items beyond the viewport. Ignored during a drag or for a
    /// position that does not exist.
    ///
    /// ```swift
    /// session.focus(ItemPosition(section: 0, item: 8), time: 0)
    /// session.focus   // (0, 8), and row 9 shows
    /// ```
    @discardableResult
    public mutating func focus(_ position: ItemPosition, time t: Double) -> InputOutcome {
        guard order.isValid(position), state == .idle || state == .dropping,
              let before = acceptKeyboard(at: t) else { return .ignored }
        keys.focus = position
        reveal(position, animated: false, nearest: true)
        return .handled(from: before, to: state)
    }

    /// A key on the focused item: Space or Enter lifts it (idle) or drops it (lifted); the
    /// arrows, Home and End step `count` times; Escape cancels; Tab moves the focus `count`
    /// items on (idle, stopping at the last item). Keys that do nothing in the state are ignored.
    ///
    /// ```swift
    /// session.key(.space, time: 0, policy: policy)          // lift the focused item
    /// session.key(.down, count: 2, time: 0.2, policy: policy)
    /// session.key(.escape, time: 0.4, policy: policy)       // back where it was
    /// ```
    @discardableResult
    public mutating func key(_ key: KeyboardKey, count: Int = 1, time t: Double, policy: some DragPolicy) -> InputOutcome {
        guard t.isFinite else { return .ignored }
        let lifted = isKeyboardDrag
        switch key {
        case .space, .enter:
            if lifted { return keyboardDrop(time: t, policy: policy) }
            guard let f = keys.focus else { return .ignored }
            return lift(f, time: t, policy: policy)
        case .escape:
            return lifted ? keyboardCancel(time: t, policy: policy) : .ignored
        case .tab:
            guard !lifted, state == .idle || state == .dropping, let f = keys.focus ?? firstPosition,
                  let before = acceptKeyboard(at: t) else { return .ignored }
            var p = f
            for _ in 0..<max(1, count) { guard let next = nextPosition(after: p) else { break }; p = next }
            keys.focus = keys.focus == nil ? f : p
            if let focus = keys.focus { reveal(focus, animated: false, nearest: true) }
            return .handled(from: before, to: state)
        case .up, .down, .left, .right, .home, .end:
            // In a tree, Left and Right change the lifted node's depth.
            if lifted, isTree, key == .left || key == .right {
                return treeDepthKey(key == .left ? .left : .right, count: count, time: t, policy: policy)
            }
            guard lifted, let step = key.step else { return .ignored }
            return self.step(step, count: count, time: t, policy: policy)
        case .shiftSpace:
            return toggleSelection(time: t, policy: policy)
        }
    }

    /// Shift+Space: selects the focused item (as ``select(_:time:policy:)``:
    /// `can_select` and `group.max` decide) or deselects it, and says so (`select`,
    /// `deselect`, with the selection's size). Ignored during a drag or without a focus.
    ///
    /// ```swift
    /// session.focus(ItemPosition(section: 0, item: 1), time: 0)
    /// session.key(.shiftSpace, time: 0, policy: policy)   // "Standup selected, 1 item selected."
    /// ```
    @discardableResult
    public mutating func toggleSelection(time t: Double, policy: some DragPolicy) -> InputOutcome {
        guard !isKeyboardDrag, let f = keys.focus, order.isValid(f), let before = acceptKeyboard(at: t),
              before == .idle else { return .ignored }
        let selected = selection.contains(order.handle(at: f))
        let outcome = selected ? deselect(f, time: t) : select(f, time: t, policy: policy)
        guard outcome != .ignored else { return .ignored }
        announce(selected ? .deselect : .select, at: f, from: f, policy: policy)
        return .handled(from: before, to: state)
    }

    /// Lifts the item at `position` by keyboard (it becomes the focus). `can_move` refusing it
    /// gives a `refuse` event and announcement, and the session stays idle.
    ///
    /// ```swift
    /// session.lift(ItemPosition(section: 0, item: 8), time: 0, policy: policy)
    /// session.isKeyboardDrag   // true (false when can_move refused)
    /// ```
    @discardableResult
    public mutating func lift(_ position: ItemPosition, time t: Double, policy: some DragPolicy) -> InputOutcome {
        lift(position, time: t, policy: policy, announced: true)
    }

    /// ``lift(_:time:policy:)``; a one-shot action's lift is not `announced` (only its outcome is).
    mutating func lift(_ position: ItemPosition, time t: Double, policy: some DragPolicy, announced: Bool) -> InputOutcome {
        guard order.isValid(position), state == .idle || state == .dropping,
              let before = acceptKeyboard(at: t) else { return .ignored }
        configuration = policy.configuration
        keys.focus = position
        guard policy.canMove(context(), at: position) else {
            record(.refuse(position: position, time: time))
            announce(.refuse, at: position, from: position, policy: policy)
            return .handled(from: before, to: state)
        }
        undoLog.removeAll(keepingCapacity: true)
        let shape = currentShape
        reveal(position, animated: false)
        let cell = layout.frame(of: position) ?? Rect(origin: offset, size: .zero)
        // No finger: the snapshot rests where the cell is.
        beginDrag(at: position, cell: cell, lift: .keyboard(KeyboardLift(shape: shape)), finger: cell.center - offset,
                  policy: policy)
        if phase.state == .dragging, phase.drag.tree != nil { updateTreeProjection(policy: policy) }
        let now = currentPosition ?? position   // a collapsing group folds: the item may shift
        if now != position {
            keys.focus = now
            reveal(now, animated: false)
            refreshSnapshot()
        }
        policy.onBegin(context(), at: position)
        if announced { announce(.lift, at: now, from: position, policy: policy) }
        return .handled(from: before, to: state)
    }

    /// Moves the keyboard-lifted item `count` steps (1 when less): each proposes the next slot
    /// (``keyboardSlot(_:from:)``) to `target`; a refused one stops the steps and is announced
    /// as `blocked`, the edge of the layout stops them silently. The steps taken are announced
    /// once (`move`, the final position), and the content scrolls to show the item.
    ///
    /// ```swift
    /// session.step(.end, time: 1, policy: policy)   // to the last row of the section, one step
    /// ```
    @discardableResult
    public mutating func step(_ step: KeyboardStep, count: Int = 1, time t: Double, policy: some DragPolicy) -> InputOutcome {
        guard isKeyboardDrag, let before = acceptKeyboard(at: t) else { return .ignored }
        let steps = step == .home || step == .end ? 1 : max(1, count)
        let start = currentPosition
        var refused: ItemPosition?
        for _ in 0..<steps {
            guard let current = currentPosition, let proposed = keyboardSlot(step, from: current) else { break }
            guard takeKeyboardStep(from: current, proposed: proposed, policy: policy) else { refused = proposed; break }
        }
        if phase.drag.tree != nil { updateTreeProjection(policy: policy) }
        if let start, let now = currentPosition {
            if now != start {
                reveal(now, animated: configuration.keyboard.animate)
                announce(.move, at: now, previous: start, policy: policy)
            }
            if let refused { announce(.blocked, at: now, previous: now, target: refused, policy: policy) }
        }
        return .handled(from: before, to: state)
    }

    /// Drops the keyboard-lifted item: `on_end` commits (`end`, announced `drop`) or vetoes
    /// (the order rolls back, `rollback`); the focus stays on the item.
    ///
    /// ```swift
    /// session.keyboardDrop(time: 1.5, policy: policy)
    /// session.takeEvents().last?.typeName   // "end" ("rollback" when on_end said false)
    /// ```
    @discardableResult
    public mutating func keyboardDrop(time t: Double, policy: some DragPolicy) -> InputOutcome {
        guard isKeyboardDrag, let before = acceptKeyboard(at: t) else { return .ignored }
        finishKeyboardScroll()
        let count = group?.landing.count ?? 1
        let ending = endDrag(policy: policy)
        if phase.hasDrag {
            let p = phase.drag.current
            keys.focus = p
            let kind: KeyboardAnnouncement.Kind
            if case .rollback = ending { kind = .rollback } else { kind = .drop }
            announce(kind, at: p, from: phase.drag.group?.pressPosition ?? phase.drag.original, groupCount: count,
                     policy: policy)
            revealAtDrop(p)
        }
        return .handled(from: before, to: state)
    }

    /// Cancels the keyboard drag: `on_cancel` reverts (the default) or commits the order as it
    /// is (`cancel` event and announcement); the focus stays on the item.
    ///
    /// ```swift
    /// session.keyboardCancel(time: 1.5, policy: policy)
    /// session.takeAnnouncements().last?.text   // "Movement cancelled. Standup returned to position 9."
    /// ```
    @discardableResult
    public mutating func keyboardCancel(time t: Double, policy: some DragPolicy) -> InputOutcome {
        guard isKeyboardDrag, let before = acceptKeyboard(at: t) else { return .ignored }
        finishKeyboardScroll()
        let resolution = cancelResolution(policy.onCancel(context(time: time)), policy: policy)
        let count = group?.landing.count ?? 1
        cancelDrag(resolution)
        if phase.hasDrag {
            let p = phase.drag.current
            keys.focus = p
            announce(.cancel, at: p, from: phase.drag.group?.pressPosition ?? phase.drag.original, resolution: resolution,
                     groupCount: count, policy: policy)
            revealAtDrop(p)
        }
        return .handled(from: before, to: state)
    }

    /// A one-shot action on the item at `position`: lift, the steps, drop, in one input. Only
    /// the outcome is announced (`drop`, `rollback`, `refuse`, or `blocked`, when the one step
    /// is refused: the drag is then cancelled). Ignored when the action has no slot to go to
    /// (`move_up` on the first row, a section or list that does not exist).
    ///
    /// ```swift
    /// session.perform(.moveToEnd, at: ItemPosition(section: 0, item: 0), time: 2, policy: policy)
    /// session.takeAnnouncements().last?.text   // "row 1 dropped at position 15 of 15 in Today."
    /// ```
    @discardableResult
    public mutating func perform(_ action: KeyboardAction, at position: ItemPosition, time t: Double,
                                 policy: some DragPolicy) -> InputOutcome {
        guard order.isValid(position), state == .idle || state == .dropping, t.isFinite,
              actionSlot(action, from: position) != nil else { return .ignored }
        let before = state
        _ = lift(position, time: t, policy: policy, announced: false)
        guard isKeyboardDrag else {
            return .handled(from: before, to: state)
        }
        // A collapsing group folds at the lift, so the item may have shifted; the slot is the
        // action's from where it is now (the fuzzer found an item lost otherwise).
        let from = currentPosition ?? position
        var refused: ItemPosition?
        if let proposed = actionSlot(action, from: from),
           !takeKeyboardStep(from: from, proposed: proposed, policy: policy) {
            refused = proposed
        }
        if let refused {
            announce(.blocked, at: from, previous: from, target: refused, policy: policy)
            cancelDrag(cancelResolution(policy.onCancel(context(time: time)), policy: policy))
            return .handled(from: before, to: state)
        }
        keyboardDrop(time: t, policy: policy)
        return .handled(from: before, to: state)
    }

    /// The one-shot actions offered for the item at `position` (none during a drag): those with
    /// a slot to go to that `can_move` and `target` allow, in the order `move_up`, `move_down`,
    /// `move_to_start`, `move_to_end`, then one per other section (`move_to_list NAME` for a
    /// titled section of a board, else `move_to_section N`); then the policy's `actions` hook
    /// has the last word.
    ///
    /// ```swift
    /// session.keyboardActions(at: ItemPosition(section: 0, item: 0), policy: policy).map(\.name)
    /// // ["move_down", "move_to_end", "move_to_section 2"] (two sections, row 1 of the first)
    /// ```
    public func keyboardActions(at position: ItemPosition, policy: some DragPolicy) -> [KeyboardAction] {
        guard order.isValid(position), state == .idle || state == .dropping else { return [] }
        let ctx = context()
        guard policy.canMove(ctx, at: position) else { return policy.actions(ctx, at: position, offered: []) }
        var candidates: [KeyboardAction] = [.moveUp, .moveDown, .moveToStart, .moveToEnd]
        let board = layout is BoardLayout
        for s in 0..<order.sectionCount where s != position.section {
            let title = s < order.sectionTitles.count ? order.sectionTitles[s] : ""
            candidates.append(board && !title.isEmpty ? .moveToList(title) : .moveToSection(s))
        }
        var offered: [KeyboardAction] = []
        for a in candidates {
            guard let slot = actionSlot(a, from: position), let target = policy.target(ctx, from: position, proposed: slot),
                  target != position else { continue }
            offered.append(a)
        }
        return policy.actions(ctx, at: position, offered: offered)
    }

    // MARK: Slots

    /// The slot a step proposes for the item at `p`, or nil at the edge of the layout (see
    /// ``KeyboardStep``). A slot in another section may be one past its end (an append).
    ///
    /// Grids: with `c` columns, `up` from index `i` is `i − c`; from the first line, the
    /// previous section's last line (counting the item as arrived), the same column:
    /// `min((m / c) · c + i mod c, m)` for `m` items there. `down` is `min(i + c, n − 1)` when a
    /// line follows in the section, else the next section's first line: `min(i mod c, m)`.
    ///
    /// ```swift
    /// // A table of sections [15 rows, 2 rows]: down from the last row of the first section.
    /// session.keyboardSlot(.down, from: ItemPosition(section: 0, item: 14))   // (1, 0)
    /// session.keyboardSlot(.up, from: ItemPosition(section: 1, item: 0))      // (0, 15): an append
    /// ```
    public func keyboardSlot(_ step: KeyboardStep, from p: ItemPosition) -> ItemPosition? {
        guard order.isValid(p) else { return nil }
        let s = p.section, i = p.item, n = order.count(s), sections = order.sectionCount
        switch step {
        case .home: return i > 0 ? ItemPosition(section: s, item: 0) : nil
        case .end: return i < n - 1 ? ItemPosition(section: s, item: n - 1) : nil
        default: break
        }
        func previousSectionEnd() -> ItemPosition? {
            s > 0 ? ItemPosition(section: s - 1, item: order.count(s - 1)) : nil
        }
        func nextSectionStart() -> ItemPosition? {
            s + 1 < sections ? ItemPosition(section: s + 1, item: 0) : nil
        }
        // Grids step across lines of `k` cells (a grid's rows, a horizontal grid's columns) in
        // the same way, keeping the place in the line; past the first or last line, into the
        // neighbouring section's last or first line.
        func previousLine(_ k: Int) -> ItemPosition? {
            if i >= k { return ItemPosition(section: s, item: i - k) }
            guard s > 0 else { return nil }
            let m = order.count(s - 1)
            return ItemPosition(section: s - 1, item: min((m / k) * k + i % k, m))
        }
        func nextLine(_ k: Int) -> ItemPosition? {
            if i / k < (n - 1) / k { return ItemPosition(section: s, item: min(i + k, n - 1)) }
            guard s + 1 < sections else { return nil }
            return ItemPosition(section: s + 1, item: min(i % k, order.count(s + 1)))
        }
        let shape = keyboardLift?.shape ?? currentShape
        if shape == .board {
            switch step {
            case .up: return i > 0 ? ItemPosition(section: s, item: i - 1) : nil
            case .down: return i < n - 1 ? ItemPosition(section: s, item: i + 1) : nil
            case .left: return s > 0 ? ItemPosition(section: s - 1, item: min(i, order.count(s - 1))) : nil
            case .right: return s + 1 < sections ? ItemPosition(section: s + 1, item: min(i, order.count(s + 1))) : nil
            case .home, .end: return nil
            }
        }
        if case .horizontalGrid(let rows) = shape {
            // A line is a column of `r` cells; left/right cross columns (and
            // sections) at the same row, up/down stay within the column.
            let r = max(1, rows)
            switch step {
            case .up: return i % r > 0 ? ItemPosition(section: s, item: i - 1) : nil
            case .down: return i % r < r - 1 && i + 1 < n ? ItemPosition(section: s, item: i + 1) : nil
            case .left: return previousLine(r)
            case .right: return nextLine(r)
            case .home, .end: return nil
            }
        }
        if case .grid(let columns) = shape {
            let c = max(1, columns)
            switch step {
            case .left: return i > 0 ? ItemPosition(section: s, item: i - 1) : previousSectionEnd()
            case .right: return i < n - 1 ? ItemPosition(section: s, item: i + 1) : nextSectionStart()
            case .up: return previousLine(c)
            case .down: return nextLine(c)
            case .home, .end: return nil
            }
        }
        switch step {
        case .up: return i > 0 ? ItemPosition(section: s, item: i - 1) : previousSectionEnd()
        case .down: return i < n - 1 ? ItemPosition(section: s, item: i + 1) : nextSectionStart()
        case .left, .right, .home, .end: return nil
        }
    }

    /// The layout's kind now (casts the layout).
    var currentShape: KeyboardShape {
        if let grid = layout as? GridLayout {
            return grid.direction == .horizontal ? .horizontalGrid(rows: grid.columns) : .grid(columns: grid.columns)
        }
        return layout is BoardLayout ? .board : .table
    }

    /// The slot a one-shot action heads for: a step's, or the end of another section.
    func actionSlot(_ action: KeyboardAction, from p: ItemPosition) -> ItemPosition? {
        switch action {
        case .moveUp: return keyboardSlot(.up, from: p)
        case .moveDown: return keyboardSlot(.down, from: p)
        case .moveToStart: return keyboardSlot(.home, from: p)
        case .moveToEnd: return keyboardSlot(.end, from: p)
        case .moveToSection(let s):
            guard s >= 0, s < order.sectionCount, s != p.section else { return nil }
            return ItemPosition(section: s, item: order.count(s))
        case .moveToList(let name):
            guard let s = order.sectionTitles.firstIndex(of: name), s < order.sectionCount, s != p.section else { return nil }
            return ItemPosition(section: s, item: order.count(s))
        }
    }

    // MARK: Steps

    /// Passes one proposed slot through `target` and `semantics` and applies it (as a touch
    /// drag's step: displaced cells slide, the step is logged for undo, `move` event, `on_move`).
    /// Returns false when the policy refuses it (nil, or the item's own position).
    mutating func takeKeyboardStep(from current: ItemPosition, proposed: ItemPosition, policy: some DragPolicy) -> Bool {
        // The context is a temporary of this call: gone before the order changes (a context
        // shares the order's storage; changing it then would copy the section).
        guard phase.state == .dragging,
              let (target, proposedSemantics) = step(towards: proposed, from: current, policy: policy, context: context())
        else { return false }
        let semantics: Semantics = proposedSemantics == .exchange && !order.isValid(target) ? .move : proposedSemantics
        let step: Step = semantics == .move ? .move(from: current, to: target) : .exchange(current, target)
        // A step into another section must suit every member of a group.
        guard phase.drag.group == nil || target.section == current.section || groupAllows(target, policy: policy)
        else { return false }
        collectDisplaced(from: current, to: target, semantics: semantics)
        guard apply(step) else { return false }
        offset = clampedOffset(offset)
        undoLog.append(step)
        phase.drag.current = target
        keys.focus = target
        startSlides(from: current, to: target, semantics: semantics)
        record(.move(from: current, to: target, semantics: semantics, time: time))
        policy.onMove(context(), from: current, to: target)
        placeVirtualFinger()
        refreshSnapshot()
        return true
    }

    /// A frame of a keyboard drag: the reveal's glide and the lift advance; the snapshot sits on
    /// the item's cell.
    mutating func keyboardFrame() {
        phase.drag.lastFrameTime = time
        if let glide = phase.drag.glide {
            let spec = configuration.displacement
            let p = Self.progress(from: glide.start, now: time, duration: spec.duration)
            let e = spec.curve.value(at: p)
            offset = clampedOffset(Self.lerp(glide.from, glide.to, e))
            if !glide.toLists.isEmpty {
                layout.setListOffsets(zip(glide.fromLists, glide.toLists).map { Self.lerp($0, $1, e) })
            }
            if p >= 1 { phase.drag.glide = nil }
        }
        placeVirtualFinger()
        refreshSnapshot()
    }

    /// Shows the dropped item (a one-shot action's jump, or the place a rollback returned it
    /// to): the drop animates towards its cell with the offset already there (no page snap).
    mutating func revealAtDrop(_ p: ItemPosition) {
        reveal(p, animated: false)
        if phase.state == .dropping {
            phase.drop.offsetFrom = offset
            phase.drop.offsetTo = nil
        }
    }

    /// The snapshot of a keyboard drag follows a point on the item's cell centre (viewport).
    mutating func placeVirtualFinger() {
        guard phase.state == .dragging, let f = layout.frame(of: phase.drag.current) else { return }
        phase.drag.finger = f.center - offset
    }

    /// Completes a reveal's glide at once.
    mutating func finishKeyboardScroll() {
        guard phase.state == .dragging, let glide = phase.drag.glide else { return }
        offset = clampedOffset(glide.to)
        if !glide.toLists.isEmpty { layout.setListOffsets(glide.toLists) }
        phase.drag.glide = nil
        placeVirtualFinger()
        refreshSnapshot()
    }

    // MARK: Visibility

    /// Scrolls so that the item at `p` shows (`keyboard.reveal`): the content offset of a table
    /// or a grid on both axes; on a board, the page of its list and that list's own scroll.
    /// `animated`: a glide over `displacement.duration` (frames advance it), else a jump.
    /// `nearest`: as little as needed whatever `keyboard.reveal` says (a focus, not a move).
    mutating func reveal(_ p: ItemPosition, animated: Bool, nearest: Bool = false) {
        guard let frame = layout.frame(of: p) else { return }
        let center = !nearest && configuration.keyboard.reveal == .center
        let keyboard = keyboardLift
        var to = keyboard?.glide?.to ?? offset
        // Only a board has list offsets of its own (a table or a grid: none to read, compare or
        // glide); a keyboard drag knows its layout's kind from the lift.
        let board = keyboard == nil || keyboard?.shape == .board ? layout as? BoardLayout : nil
        var lists = board?.listOffsets ?? []
        if let board {
            to.x = board.pageOffset(p.section)
            if p.section < lists.count {
                let band = board.visibleListHeight, top = board.headerHeight
                let current = lists[p.section]
                var next = current
                if center {
                    next = current + (frame.midY - (top + band / 2))
                } else if frame.minY < top {
                    next = current - (top - frame.minY)
                } else if frame.maxY > top + band {
                    next = current + min(frame.maxY - (top + band), frame.minY - top)
                }
                lists[p.section] = min(max(next, 0), board.maximumListOffset(p.section))
            }
        } else {
            for axis in [Axis.vertical, .horizontal] {
                let lo = axis == .vertical ? frame.minY : frame.minX
                let hi = axis == .vertical ? frame.maxY : frame.maxX
                let length = viewport[axis]
                if center {
                    to[axis] = (lo + hi) / 2 - length / 2
                } else if lo < to[axis] {
                    to[axis] = lo
                } else if hi > to[axis] + length {
                    to[axis] = min(hi - length, lo)
                }
            }
        }
        to = clampedOffset(to)
        let fromLists = board?.listOffsets ?? []
        let changed = to != offset || lists != fromLists
        let dragging = phase.state == .dragging
        guard changed else { if dragging { phase.drag.glide = nil }; return }
        if animated && configuration.displacement.duration > 0 {
            if dragging {
                phase.drag.glide = KeyboardScroll(from: offset, to: to, fromLists: fromLists,
                                                  toLists: fromLists.isEmpty ? [] : lists, start: time)
            }
        } else {
            if dragging { phase.drag.glide = nil }
            offset = to
            if !lists.isEmpty { layout.setListOffsets(lists) }
            placeVirtualFinger()
        }
    }

    // MARK: Announcements

    /// Records the announcement of `kind` for the item at `position` (a one-shot action says
    /// only its outcome): the policy's `announce` hook gives the text.
    mutating func announce(_ kind: KeyboardAnnouncement.Kind, at position: ItemPosition, from: ItemPosition? = nil,
                           previous: ItemPosition? = nil, target: ItemPosition? = nil,
                           resolution: CancelResolution? = nil, groupCount: Int? = nil, policy: some DragPolicy) {
        guard order.isValid(position) else { return }
        let origin = from ?? originalPosition ?? position
        let item = order.item(at: position)
        var event = KeyboardAnnouncement(
            kind: kind, item: item.title.isEmpty ? item.id : item.title, position: position,
            count: order.count(position.section), sectionName: KeyboardTexts.sectionName(position.section, in: order),
            from: origin, fromCount: order.count(origin.section),
            fromSectionName: KeyboardTexts.sectionName(origin.section, in: order),
            previous: previous ?? position, target: target, resolution: resolution, time: time)
        // A group drag counts its items; Shift+Space the selection's.
        event.groupCount = kind == .select || kind == .deselect ? selection.count : groupCount ?? group?.landing.count ?? 1
        if kind == .move || kind == .drop { event.treePlace = treePlace(dropped: kind == .drop) }
        event.speech = policy.announce(context(), event: event)
        // A text is kept to its bound (a Lua policy's is cut as it is read).
        if case .text(let text) = event.speech, text.utf8.count > KeyboardSpeech.maximumTextLength {
            event.speech = KeyboardSpeech.clipped(text)
        }
        // A host that never takes them keeps the last ``announcementLimit`` (dropped a
        // thousand at a time: an append stays O(1) amortised).
        if keys.announcements.count >= 2 * Self.announcementLimit {
            keys.announcements.removeFirst(keys.announcements.count - Self.announcementLimit)
        }
        keys.announcements.append(event)
    }

    // MARK: Focus order

    /// The first item, in order (nil when there is none).
    var firstPosition: ItemPosition? {
        for s in 0..<order.sectionCount where order.count(s) > 0 { return ItemPosition(section: s, item: 0) }
        return nil
    }

    /// The item after `p` in order, across sections (nil after the last).
    func nextPosition(after p: ItemPosition) -> ItemPosition? {
        if p.item + 1 < order.count(p.section) { return ItemPosition(section: p.section, item: p.item + 1) }
        var s = p.section + 1
        while s < order.sectionCount {
            if order.count(s) > 0 { return ItemPosition(section: s, item: 0) }
            s += 1
        }
        return nil
    }
}
