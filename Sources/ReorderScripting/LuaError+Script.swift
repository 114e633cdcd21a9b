import ReorderLua

extension LuaError {
    /// An error of the session API found on the host side (a bad argument, an unreadable
    /// file): the whole text is the message, with no position of its own. Raised from a host
    /// function, Lua puts the caller's `file:line:` in front.
    ///
    /// ```swift
    /// throw LuaError.script("s:press: expected 2 arguments, got 1")
    /// ```
    public static func script(_ message: String) -> LuaError { LuaError(kind: .runtime, message: message) }

    /// The error as a command reports it when the policy or option came from the command line
    /// or a trace, not from a `reorder.session{...}` call: without the `reorder.session: `
    /// prefix that names the Lua function, which the user never wrote.
    ///
    /// ```swift
    /// LuaError.script("reorder.session: bad.lua:3: edge_scroll.axes: ...").outsideLua.description
    /// // "bad.lua:3: edge_scroll.axes: ..."
    /// ```
    public var outsideLua: LuaError {
        var e = self
        let prefix = "reorder.session: "
        if file == nil, e.message.hasPrefix(prefix) { e.message.removeFirst(prefix.count) }
        return e
    }
}
