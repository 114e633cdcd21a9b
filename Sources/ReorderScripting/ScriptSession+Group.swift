import ReorderCore
import ReorderLua

/// Selection and group drags in the session API (issue 19).
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
    func luaSelect(_ a: Arguments) throws(LuaError) -> [LuaValue] {
        try a.count(2)
        let p = try position(a, 1)
        guard simulator.state == .idle else {
            throw a.error("cannot select while a drag is under way (state \(simulator.state.rawValue)); a tap adds to a drag: s:tap(section, row)")
        }
        return [.boolean(simulator.select(p))]
    }

    /// `s:deselect(section, row)` -> whether the item was selected.
    func luaDeselect(_ a: Arguments) throws(LuaError) -> [LuaValue] {
        try a.count(2)
        let p = try position(a, 1)
        guard simulator.state == .idle else {
            throw a.error("cannot deselect while a drag is under way (state \(simulator.state.rawValue))")
        }
        return [.boolean(simulator.deselect(p))]
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

    /// The events for Lua: a `group` event is folded into the `begin`, `move` or `end` just
    /// before it (as `items` and `positions`, 1-based); an `add` stays an event of its own.
    static func eventValues(_ events: [DragEvent]) -> [LuaValue] {
        var out: [LuaValue] = []
        out.reserveCapacity(events.count)
        for e in events {
            if case .group(let of, let items, let positions, _) = e, of != "add",
               case .table(var fields)? = out.last, fields[.string("type")] == .string(of == "cancel" ? "cancel" : of) {
                fields[.string("items")] = .array(items.map { .string($0) })
                fields[.string("positions")] = .array(positions.map(positionValue))
                out[out.count - 1] = .table(fields)
                continue
            }
            out.append(eventValue(e))
        }
        return out
    }
}
