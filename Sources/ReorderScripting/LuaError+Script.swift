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
}
