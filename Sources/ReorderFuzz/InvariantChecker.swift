import ReorderCore

/// A broken invariant found after an input.
public struct FuzzViolation: Hashable, Sendable, CustomStringConvertible {
    /// Which invariant: used to keep shrinking on the same bug.
    public enum Invariant: String, Hashable, Sendable {
        /// An item was lost or duplicated, or a section appeared or vanished.
        case permutation
        /// An item the policy locks was lifted, or (strict locks) changed place.
        case lock
        /// A cancel that reverted, or a rollback, did not restore the press-begin order exactly.
        case restore
        /// The content offset left `[0, content − viewport]` or is not finite.
        case offset
        /// A snapshot number is not finite.
        case snapshot
        /// A `move` event does not match the change of the order (or the order changed silently).
        case moveEvent = "move_event"
        /// The layout, the selection or the dragged item is out of step with the order.
        case engine
        /// A policy hook failed, or the policy was switched off after repeated failures (not
        /// checked with ``FuzzOptions/allowHookErrors``).
        case hookError = "hook_error"
        /// With the finger (and the snapshot) still and nothing scrolling, the dragged item
        /// stepped back to a place it had left, or stepped twice inside one section.
        case stability
        /// A tree session's tree broke (a node lost, added or twice, parents not a tree, a node
        /// under its own descendant), a drop gave a node a depth past `tree.max_depth`, or the
        /// rows are not the visible nodes (``TreeInvariantChecker``).
        case tree
    }

    public var invariant: Invariant
    public var message: String
    /// Index (0-based) of the input after which it was found.
    public var inputIndex: Int

    public init(invariant: Invariant, message: String, inputIndex: Int) {
        self.invariant = invariant; self.message = message; self.inputIndex = inputIndex
    }

    public var description: String { "\(invariant.rawValue) after input \(inputIndex + 1): \(message)" }
}

/// Checks the session after every input: what holds at any moment (``violations(of:)``), and
/// what the events say happened.
///
/// It keeps a shadow copy of the order: every `move` event is applied to the shadow with its
/// semantics, a rollback or reverting cancel resets the shadow to the press-begin order, and
/// after each input the shadow must equal the real order. So an order that changes without a
/// matching event, an event that names a change that did not happen, and a revert that does
/// not restore exactly are all caught.
///
/// ```swift
/// var checker = InvariantChecker(simulator: sim, locked: [], strictLocks: false)
/// sim.apply(.down(0, Point(x: 10, y: 10)))
/// checker.check(sim, inputIndex: 0)   // nil: all hold
/// ```
public struct InvariantChecker {
    let itemCount: Int
    let sectionCount: Int
    /// Handles of items the policy locks (can_move false at the start).
    public internal(set) var locked: Set<Int32>
    /// Whether locked items must never change place (policies that also refuse locked targets
    /// under exchange semantics, like JXMovableCellTableView).
    public let strictLocks: Bool
    var lockedPlaces: [Int32: ItemPosition] = [:]
    var shadow: Order
    var pressBeginOrder: Order?
    var draggedHandle: Int32?
    /// The group being dragged (ids in landing order), nil for a single drag.
    var groupItems: [String]?
    /// What target resolution depends on, after the last input, and what the dragged item did
    /// since it last changed: the places it held, and its steps inside one section.
    var stillBasis: StillBasis?
    var stillPlaces: [ItemPosition] = []
    var stillSectionSteps = 0

    /// The finger, the snapshot's content centre, the offset and a board's list scrolls: with
    /// all of them unchanged, target resolution sees the same reference point in the same
    /// content.
    struct StillBasis: Equatable {
        var finger: Point?
        var snapshotCenter: Point?
        var offset: Point
        var listOffsets: [Double]
    }

    public init(simulator sim: DragSimulator, locked: Set<Int32>, strictLocks: Bool) {
        shadow = sim.order
        itemCount = sim.order.totalCount
        sectionCount = sim.order.sectionCount
        self.locked = locked
        self.strictLocks = strictLocks
        for s in 0..<shadow.sectionCount {
            for i in 0..<shadow.count(s) {
                let p = ItemPosition(section: s, item: i)
                if locked.contains(shadow.handle(at: p)) { lockedPlaces[shadow.handle(at: p)] = p }
            }
        }
    }

    /// The handles of the items `policy` refuses to lift at the start of `sim`.
    public static func lockedHandles(of sim: DragSimulator, probe policy: any DragPolicy) -> Set<Int32> {
        let ctx = sim.context
        var locked: Set<Int32> = []
        for s in 0..<sim.order.sectionCount {
            for i in 0..<sim.order.count(s) {
                let p = ItemPosition(section: s, item: i)
                if !policy.canMove(ctx, at: p) { locked.insert(sim.order.handle(at: p)) }
            }
        }
        return locked
    }

    /// Checks the state after input `inputIndex` (events are taken from the simulator).
    public mutating func check(_ sim: DragSimulator, inputIndex: Int) -> FuzzViolation? {
        func fail(_ i: FuzzViolation.Invariant, _ m: String) -> FuzzViolation {
            FuzzViolation(invariant: i, message: m, inputIndex: inputIndex)
        }
        let session = sim.session
        let order = session.order
        let events = sim.takeEvents()

        // Permutation: every handle once, sections unchanged.
        if order.sectionCount != sectionCount {
            return fail(.permutation, "\(order.sectionCount) sections, expected \(sectionCount)")
        }
        if order.storage.count != itemCount {
            return fail(.permutation, "\(order.storage.count) items stored, expected \(itemCount)")
        }
        if let problem = Self.permutationProblem(session) { return fail(.permutation, problem) }

        // Stability: with the reference point and the content still, no step back, and at most
        // one step inside a section (a step down into another section shifts it, so one more
        // may follow there).
        let basis = StillBasis(finger: sim.finger, snapshotCenter: sim.snapshot?.contentCenter, offset: sim.offset,
                               listOffsets: sim.layout.listOffsets)
        // A group folding at its lift or at a tap closes the list up under a still
        // finger: the content changed, so the still tracking starts again.
        let folded = events.contains { e in
            if case .group(let of, _, _, _) = e { return of == "begin" || of == "add" }
            return false
        }
        if sim.state != .dragging || basis != stillBasis || folded {
            // Where the dragged item was before this input's steps.
            var first: ItemPosition?
            for case .move(let from, _, _, _) in events { first = from; break }
            stillPlaces = (first ?? sim.currentPosition).map { [$0] } ?? []
            stillSectionSteps = 0
        }
        // A keyboard drag has no finger: its steps are keys, several in one input (`n`).
        stillBasis = sim.state == .dragging && !sim.session.isKeyboardDrag ? basis : nil
        if stillBasis != nil, !stillPlaces.isEmpty {
            for case .move(let from, let to, _, _) in events {
                if stillPlaces.contains(to) {
                    return fail(.stability, "with the finger still the dragged item stepped back from \(from.label) to \(to.label) (it was there before: \(stillPlaces.map(\.label).joined(separator: " -> ")))")
                }
                stillPlaces.append(to)
                if from.section == to.section {
                    stillSectionSteps += 1
                    if stillSectionSteps > 1 {
                        return fail(.stability, "with the finger still the dragged item stepped \(stillSectionSteps) times inside section \(to.section + 1): \(stillPlaces.map(\.label).joined(separator: " -> "))")
                    }
                }
            }
        }

        // Events against the shadow order. A one-shot action on a selected item lifts a group and
        // steps in one input; the shadow (taken from the order after the input at the group's
        // begin) cannot follow those steps, so they are not checked one by one: the group's
        // landing (end/cancel) or the rollback to the press order is.
        var lenientMoves = false
        for (k, event) in events.enumerated() {
            if case .group(let of, _, _, _) = event, of == "begin" {
                lenientMoves = events[(k + 1)...].contains { if case .move = $0 { return true } else { return false } }
            }
            if lenientMoves, case .move = event { continue }
            switch event {
            case .begin(let p, _):
                guard shadow.isValid(p) else { return fail(.moveEvent, "begin at \(p.label), which does not exist") }
                let h = shadow.handle(at: p)
                if locked.contains(h) { return fail(.lock, "locked item \(shadow.item(handle: h).id) was lifted at \(p.label)") }
                draggedHandle = h
                // Nothing changes while pressing: the order at `begin` is the press-begin order.
                pressBeginOrder = shadow
            case .move(let from, let to, let semantics, _):
                guard from != to else { return fail(.moveEvent, "move event from \(from.label) to itself") }
                guard shadow.isValid(from) else { return fail(.moveEvent, "move from \(from.label), which does not exist") }
                if let h = draggedHandle, shadow.handle(at: from) != h {
                    return fail(.moveEvent, "move from \(from.label), but the dragged item \(shadow.item(handle: h).id) is not there")
                }
                let ok: Bool
                switch semantics {
                case .move: ok = shadow.move(from: from, to: to)
                case .exchange:
                    if shadow.isValid(to), locked.contains(shadow.handle(at: to)), strictLocks {
                        return fail(.lock, "locked item \(shadow.item(at: to).id) was exchanged from \(to.label)")
                    }
                    ok = shadow.exchange(from, to)
                }
                if !ok { return fail(.moveEvent, "\(semantics) from \(from.label) to \(to.label) is not a valid step") }
            case .end(let from, let to, _):
                if groupItems != nil { shadow = order }   // the group landed before `end`
                if let h = draggedHandle {
                    guard shadow.isValid(to), shadow.handle(at: to) == h else {
                        return fail(.moveEvent, "end at \(to.label), but the dragged item is not there")
                    }
                    if let begin = pressBeginOrder, begin.position(ofHandle: h) != from {
                        return fail(.moveEvent, "end says the drag began at \(from.label), it began at \(begin.position(ofHandle: h).map { $0.label } ?? "nowhere")")
                    }
                }
                if groupItems == nil { pressBeginOrder = nil; draggedHandle = nil }
            case .rollback:
                guard let begin = pressBeginOrder else { return fail(.restore, "rollback without a drag") }
                if order.sections != begin.sections {
                    return fail(.restore, "rollback left \(order.ids), press-begin order was \(begin.ids)")
                }
                shadow = begin
                pressBeginOrder = nil; draggedHandle = nil; groupItems = nil
            case .cancel(let resolution, _):
                if resolution == .revert {
                    guard let begin = pressBeginOrder else { return fail(.restore, "revert without a drag") }
                    if order.sections != begin.sections {
                        return fail(.restore, "cancel (revert) left \(order.ids), press-begin order was \(begin.ids)")
                    }
                    shadow = begin
                } else if groupItems != nil {
                    shadow = order   // the group landed where the dragged item was
                }
                pressBeginOrder = nil; draggedHandle = nil; groupItems = nil
            case .refuse(let p, _):
                guard shadow.isValid(p) else { return fail(.moveEvent, "refuse at \(p.label), which does not exist") }
            case .combine(let from, let onto, _):
                // A combine puts every row back: the press order, the dragged item at `from`.
                guard let begin = pressBeginOrder else { return fail(.restore, "combine without a drag") }
                if order.sections != begin.sections {
                    return fail(.restore, "combine left \(order.ids), press-begin order was \(begin.ids)")
                }
                guard begin.isValid(onto), from != onto else {
                    return fail(.moveEvent, "combine onto \(onto.label), which is not another item")
                }
                if let h = draggedHandle, !(begin.isValid(from) && begin.handle(at: from) == h) {
                    return fail(.moveEvent, "combine from \(from.label), but the dragged item was not there")
                }
                shadow = begin
                pressBeginOrder = nil; draggedHandle = nil
            case .group(let of, let items, let positions, _):
                if let v = checkGroup(of: of, items: items, positions: positions, order: order, sim: sim) { return fail(v.0, v.1) }
            }
        }
        if shadow.sections != order.sections {
            return fail(.moveEvent, "order is \(order.ids) but the events say \(shadow.ids)")
        }

        // Strict locks: locked items stay where they were.
        if strictLocks {
            for (h, p) in lockedPlaces where !(order.isValid(p) && order.handle(at: p) == h) {
                return fail(.lock, "locked item \(order.item(handle: h).id) left \(p.label)")
            }
        }

        if let problem = Self.offsetProblem(session) { return fail(.offset, problem) }
        if let problem = Self.snapshotProblem(session) { return fail(.snapshot, problem) }
        var engine = Self.engineProblems(session)
        // The dragged item is where the session says it is (the `begin` event named it).
        if session.state == .dragging, let h = draggedHandle, let p = session.currentPosition,
           !(order.isValid(p) && order.handle(at: p) == h) {
            engine.append("dragged item \(order.item(handle: h).id) is not at \(p.label)")
        }
        if !engine.isEmpty { return fail(.engine, engine.joined(separator: "; ")) }
        return nil
    }
}

// MARK: - What holds at any moment

extension InvariantChecker {
    /// Every broken invariant of `session` that holds whatever the inputs were, described;
    /// empty when all hold:
    ///
    /// - every item of the order's storage is present exactly once: in the order, or carried
    ///   by a `collapse` group's drag;
    /// - the offset is within `[0, content − viewport]` on both axes;
    /// - every snapshot number is finite;
    /// - the layout has the order's shape, and its own state is sound (a board's list offsets);
    /// - the selection names items of the order, each once.
    ///
    /// ```swift
    /// #expect(InvariantChecker.violations(of: sim.session) == [])
    /// ```
    public static func violations(of session: DragSession) -> [String] {
        [permutationProblem(session), offsetProblem(session), snapshotProblem(session)].compactMap { $0 }
            + engineProblems(session)
    }

    /// The first item stored but missing from the order and the group's carried items, or
    /// found twice, or an unknown handle; nil when the order is a permutation.
    static func permutationProblem(_ session: DragSession) -> String? {
        let order = session.order
        let itemCount = order.storage.count
        var seen = [Bool](repeating: false, count: itemCount)
        var n = 0
        // A collapse group's folded items are carried by the drag, out of the order.
        for h in session.groupInfo?.folded ?? [] where Int(h) >= 0 && Int(h) < itemCount {
            if seen[Int(h)] { return "folded item \(order.item(handle: h).id) carried twice" }
            seen[Int(h)] = true
            n += 1
        }
        for section in order.sections {
            for h in section {
                guard h >= 0, Int(h) < itemCount else { return "unknown handle \(h)" }
                if seen[Int(h)] { return "item \(order.item(handle: h).id) appears twice" }
                seen[Int(h)] = true
                n += 1
            }
        }
        if n != itemCount, let missing = seen.firstIndex(of: false) {
            return "item \(order.item(handle: Int32(missing)).id) is missing"
        }
        return nil
    }

    /// The offset, when it is outside `[0, content − viewport]` or not finite.
    static func offsetProblem(_ session: DragSession) -> String? {
        let o = session.offset
        let content = session.layout.contentSize
        let maxX = max(0, content.width - session.viewport.width), maxY = max(0, content.height - session.viewport.height)
        if o.x.isFinite && o.y.isFinite && o.x >= 0 && o.y >= 0 && o.x <= maxX && o.y <= maxY { return nil }
        return "offset \(o) outside [0, (\(maxX), \(maxY))]"
    }

    /// The snapshot, when one of its numbers is not finite.
    static func snapshotProblem(_ session: DragSession) -> String? {
        guard let s = session.snapshot else { return nil }
        let numbers = [s.center.x, s.center.y, s.contentCenter.x, s.contentCenter.y, s.size.width, s.size.height,
                       s.scale, s.alpha, s.rotation, s.cornerRadius, s.shadow.offset.width, s.shadow.offset.height,
                       s.shadow.opacity, s.shadow.radius, s.liftProgress, s.dropProgress,
                       s.shadow.color.red, s.shadow.color.green, s.shadow.color.blue, s.shadow.color.alpha]
        guard let bad = numbers.first(where: { !$0.isFinite }) else { return nil }
        return "snapshot has \(bad): \(s)"
    }

    /// The layout out of step with the order or unsound, and a selection naming an item twice
    /// or one the order does not hold.
    static func engineProblems(_ session: DragSession) -> [String] {
        let order = session.order, layout = session.layout
        var problems: [String] = []
        if layout.sectionCount != order.sectionCount {
            problems.append("layout has \(layout.sectionCount) sections, order \(order.sectionCount)")
        } else {
            for s in 0..<order.sectionCount where layout.count(s) != order.count(s) {
                problems.append("section \(s): layout has \(layout.count(s)) items, order \(order.count(s))")
            }
        }
        problems += layout.layoutViolations()
        // By id: the session shows the selection by ids (twice is told only when ids are unique).
        let ids = Set(order.storage.map(\.id))
        var selected = Set<String>()
        for id in session.selectedIds {
            if !ids.contains(id) { problems.append("selection holds \(id), which the order does not") }
            if !selected.insert(id).inserted && ids.count == order.storage.count {
                problems.append("selection holds \(id) twice")
            }
        }
        return problems
    }
}

// MARK: - Group drags

extension InvariantChecker {
    /// A `group` event: a lift or an add folds (collapse) wholesale, so the shadow takes the
    /// order; at the end the group must be contiguous, in the policy's order, where it says.
    mutating func checkGroup(of: String, items: [String], positions: [ItemPosition], order: Order,
                             sim: DragSimulator) -> (FuzzViolation.Invariant, String)? {
        guard items.count == positions.count, Set(items).count == items.count else {
            return (.moveEvent, "group event (\(of)) with \(items.count) items and \(positions.count) positions, or an item twice")
        }
        switch of {
        case "begin", "add":
            groupItems = items
            shadow = order
        case "move":
            break
        case "end", "cancel":
            groupItems = nil
            shadow = order
            guard let first = positions.first else { return (.moveEvent, "group end without items") }
            for (k, p) in positions.enumerated() {
                let expected = ItemPosition(section: first.section, item: first.item + k)
                guard p == expected, order.isValid(p), order.item(at: p).id == items[k] else {
                    return (.moveEvent, "group not contiguous after the drop: \(items) at \(positions.map(\.label))")
                }
            }
            // The policy's order: `relative` is the order at the press; `active_first` starts with
            // the dragged item.
            if let begin = pressBeginOrder {
                switch sim.policy.configuration.group.order {
                case .relative:
                    let pressed = items.compactMap { id in begin.flattenedPosition(ofId: id) }
                    if pressed != pressed.sorted() { return (.moveEvent, "group landed as \(items), not in its order at the press") }
                case .activeFirst:
                    if let h = draggedHandle, order.item(handle: h).id != items[0] {
                        return (.moveEvent, "group landed as \(items), the dragged item \(order.item(handle: h).id) not first")
                    }
                }
            }
            pressBeginOrder = nil; draggedHandle = nil
        default:
            return (.moveEvent, "group event of unknown kind \(of)")
        }
        return nil
    }
}

extension Order {
    /// The position of the item with `id` counted across sections (O(n)).
    func flattenedPosition(ofId id: String) -> Int? {
        var k = 0
        for s in sections {
            for h in s { if storage[Int(h)].id == id { return k }; k += 1 }
        }
        return nil
    }
}
