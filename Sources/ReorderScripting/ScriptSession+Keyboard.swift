import ReorderCore
import ReorderLua

/// The keyboard part of the session API: `s:focus`, `s:key`, `s:actions`,
/// `s:perform`, `s:announcements`, `s:instructions`.
///
/// ```lua
/// local s = reorder.session{ sections = { {"a", "b", "c"} }, titles = {"Today"} }
/// s:focus(1, 3)
/// s:key("space"); s:key("up"); s:key("space")
/// s:announcements()[3]   -- "c dropped at position 2 of 3 in Today."
/// s:perform(1, 2, "move_to_end")
/// ```
extension ScriptSession {
    /// `s:focus(section, row)` sets the keyboard focus and scrolls the item into view (refused during a drag);
    /// `s:focus()` returns it: `section, row`, or nil.
    func luaFocus(_ a: Arguments) throws(LuaError) -> [LuaValue] {
        try a.count(0, 2)
        if a.value(1) == .nil {
            guard let f = simulator.session.focus else { return [.nil] }
            return [.integer(f.section + 1), .integer(f.item + 1)]
        }
        let p = try position(a, 1)
        if simulator.focus(p) == .ignored {
            throw a.error("cannot move the focus during a drag (state \(simulator.state.rawValue))")
        }
        return []
    }

    /// `s:key(name [, n])`: a key on the focused item, `n` times for the arrows and Tab;
    /// true when it did something, false when the state ignores it.
    func luaKey(_ a: Arguments) throws(LuaError) -> [LuaValue] {
        try a.count(1, 2)
        guard case .string(let name) = a.value(1), let key = KeyboardKey(rawValue: name) else {
            let names = KeyboardKey.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            throw a.error("argument #1 (key) must be one of \(names), got \(a.value(1))")
        }
        let n = try a.integer(2, "n", default: 1)
        guard n >= 1, n <= KeyboardKey.maximumRepeat else {
            throw a.error("argument #2 (n) must be from 1 to \(KeyboardKey.maximumRepeat), got \(n)")
        }
        return [.boolean(simulator.key(key, count: n) != .ignored)]
    }

    /// `s:actions(section, row)`: the names of the one-shot actions offered for an item.
    func luaActions(_ a: Arguments) throws(LuaError) -> [LuaValue] {
        try a.count(2)
        let p = try position(a, 1)
        return [.array(simulator.keyboardActions(at: p).map { .string($0.name) })]
    }

    /// `s:perform(section, row, name [, arg])`: a one-shot action (`"move_to_section", 2` is
    /// `"move_to_section 2"`); true when the item moved, false when the action did nothing or
    /// the policy refused it.
    func luaPerform(_ a: Arguments) throws(LuaError) -> [LuaValue] {
        try a.count(3, 4)
        let p = try position(a, 1)
        guard case .string(var name) = a.value(3) else {
            throw a.error("argument #3 (action) must be a string, got \(a.value(3).typeName)")
        }
        switch a.value(4) {
        case .nil: break
        case .string(let s): name += " " + s
        case let v:
            guard let n = v.integerValue else { throw a.error("argument #4 must be a section number or a list name, got \(v)") }
            name += " \(n)"
        }
        guard let action = KeyboardAction(name: name) else {
            throw a.error("unknown action \"\(name)\" (move_up, move_down, move_to_start, move_to_end, \"move_to_section N\", \"move_to_list NAME\")")
        }
        guard simulator.perform(action, at: p) != .ignored else { return [.boolean(false)] }
        // A step the policy refuses ends the one-shot lift with a cancel (the item is back
        // where it was): the action did not happen, though the lift and the cancel did.
        if case .cancel? = simulator.events.last { return [.boolean(false)] }
        return [.boolean(true)]
    }

    /// `s:announcements()`: the texts said since the last call (a policy's nil says nothing).
    func luaAnnouncements(_ a: Arguments) throws(LuaError) -> [LuaValue] {
        try a.count(0)
        return [.array(simulator.takeAnnouncements().compactMap { $0.text.map(LuaValue.string) })]
    }

    /// `s:instructions(section, row)`: what a screen reader reads when the item is focused.
    func luaInstructions(_ a: Arguments) throws(LuaError) -> [LuaValue] {
        try a.count(2)
        let p = try position(a, 1)
        return [.string(simulator.instructions(at: p) ?? KeyboardTexts.instructions)]
    }

    /// The line `s:show()` adds under the scene: the keyboard-lifted item (and the focus).
    func keyboardLine() -> String {
        let session = simulator.session
        if session.isKeyboardDrag, let p = session.currentPosition {
            let item = session.order.item(at: p)
            return "keyboard: lifted \(item.title) at \(p.label)\n"
        }
        if let f = session.focus, session.order.isValid(f) {
            return "keyboard: focus on \(session.order.item(at: f).title) at \(f.label)\n"
        }
        return ""
    }
}
