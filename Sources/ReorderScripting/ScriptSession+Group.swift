import ReorderCore
import ReorderLua
import ReorderTrace

/// Selection and group drags in the session API.
///
/// ```lua
/// local s = reorder.session{ rows = 12, policy = { extends = "default", group = { mode = "stay" } } }
/// s:select(1, 2); s:select(1, 5); s:select(1, 9)
/// s:selection()            --> { {1, 2}, {1, 5}, {1, 9} }
/// s:drag(1, 5, 1, 11)      -- lifts the three; they land together
/// s:press_item(1, 3); s:hold(0.75)
/// s:tap(1, 7)              --> true when can_add lets row 7 join the drag
/// ```
extension ScriptSession {
    /// `s:select(section, row)` -> whether the item was selected (`can_select` and `group.max`
    /// may refuse; refused while a drag is under way: use `s:tap`).
    func luaSelect(_ a: Arguments) throws(LuaError) -> [LuaValue] { try changeSelection(a, select: true) }

    /// `s:deselect(section, row)` -> whether the item was selected.
    func luaDeselect(_ a: Arguments) throws(LuaError) -> [LuaValue] { try changeSelection(a, select: false) }

    /// Selects or deselects the item at the arguments' position, while idle only.
    private func changeSelection(_ a: Arguments, select: Bool) throws(LuaError) -> [LuaValue] {
        try a.count(2)
        let p = try position(a, 1)
        guard simulator.state == .idle else {
            let hint = select ? "; a tap adds to a drag: s:tap(section, row)" : ""
            throw a.error("cannot \(select ? "select" : "deselect") while a drag is under way (state \(simulator.state.rawValue))\(hint)")
        }
        return [.boolean(select ? simulator.select(p) : simulator.deselect(p))]
    }

    /// `s:selection()` -> the selected positions `{ {section, row}, ... }` in selection order.
    func luaSelection(_ a: Arguments) throws(LuaError) -> [LuaValue] {
        try a.count(0)
        return [.array(simulator.selectedPositions.map(ScriptSession.positionValue))]
    }

    /// `s:tap(section, row)`: a second touch on an item during a drag -> whether it joined.
    func luaTap(_ a: Arguments) throws(LuaError) -> [LuaValue] {
        try a.count(2)
        let p = try position(a, 1)
        guard simulator.state == .dragging else {
            throw a.error("s:tap adds an item to a drag under way; the session is \(simulator.state.rawValue)")
        }
        let before = simulator.groupInfo?.count ?? 1
        simulator.tap(p)
        return [.boolean((simulator.groupInfo?.count ?? 1) > before)]
    }

    /// The events for Lua: a `group` event is folded into the `begin`, `end` or `cancel` just
    /// before it (as `items` and `positions`, 1-based); an `add` stays an event of its own. A
    /// `move` of a group drag gets the same fields, worked out from the last group event and
    /// the steps since (the engine records none per step: a frame does no per-member work):
    /// the items at the dragged item's place (it, and a `collapse` group's folded ones) go with
    /// it, the others shift as the step shifts them.
    static func eventValues(_ events: [DragEvent]) -> [LuaValue] {
        var out: [LuaValue] = []
        out.reserveCapacity(events.count)
        var items: [String]?
        var positions: [ItemPosition] = []
        func attach(_ v: LuaValue, _ items: [String], _ positions: [ItemPosition]) -> LuaValue {
            guard case .table(var fields) = v else { return v }
            // The group event's member fields, as the vocabulary names them.
            let values: [Vocabulary.Value] = [.ids(items), .positions(positions)]
            for (field, value) in zip(Vocabulary.Events.members, values) {
                fields[.string(field.name)] = luaValue(value)
            }
            return .table(fields)
        }
        for e in events {
            switch e {
            case .group(let of, let its, let ps, _):
                items = its
                positions = ps
                if of != "add", let last = out.last, case .table(let fields) = last, fields[.string("type")] == .string(of) {
                    out[out.count - 1] = attach(last, its, ps)
                } else {
                    out.append(eventValue(e))
                }
                if of == "end" || of == "cancel" { items = nil }
            case .move(let from, let to, let semantics, _):
                if let its = items {
                    positions = positions.map { shifted($0, from: from, to: to, semantics: semantics) }
                    out.append(attach(eventValue(e), its, positions))
                } else {
                    out.append(eventValue(e))
                }
            case .rollback, .cancel:
                items = nil
                out.append(eventValue(e))
            default:
                out.append(eventValue(e))
            }
        }
        return out
    }

    /// Where an item at `p` is after a step of the dragged item from `from` to `to`.
    static func shifted(_ p: ItemPosition, from: ItemPosition, to: ItemPosition, semantics: Semantics) -> ItemPosition {
        if p == from { return to }
        var q = p
        switch semantics {
        case .exchange:
            if p == to { return from }
        case .move:
            if from.section == to.section {
                guard p.section == from.section else { return p }
                if from.item < to.item, p.item > from.item, p.item <= to.item { q.item -= 1 }
                if to.item < from.item, p.item >= to.item, p.item < from.item { q.item += 1 }
            } else {
                if p.section == from.section, p.item > from.item { q.item -= 1 }
                if p.section == to.section, p.item >= to.item { q.item += 1 }
            }
        }
        return q
    }
}
