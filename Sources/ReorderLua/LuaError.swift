/// An error raised by Lua code or by loading it, with its position when Lua gave one.
///
/// ```swift
/// do { try vm.run("error('boom')", chunkName: "x.lua") }
/// catch let e as LuaError { print(e) }   // x.lua:1: boom
/// ```
public struct LuaError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Kind: String, Hashable, Sendable {
        /// The chunk does not compile.
        case syntax
        /// A runtime error (`error(...)`, a bad index, a bad argument, ...).
        case runtime
        /// The VM's memory cap was reached.
        case memory
        /// The call ran out of its instruction budget.
        case budget
        /// A value of the wrong type was returned or given.
        case type
        /// A file could not be read, or a policy could not be found.
        case file
        /// A policy's static fields are invalid.
        case validation
    }
    public var kind: Kind
    /// Chunk (file) name as Lua shows it, e.g. `kanban.lua`; nil when unknown.
    public var file: String?
    /// 1-based line; nil when unknown.
    public var line: Int?
    /// The message without the `file:line:` prefix.
    public var message: String
    /// Lua's `stack traceback:` lines (nil for memory errors, which skip the handler).
    public var traceback: String?
    /// Further errors found with this one (a policy with two bad fields reports both), each
    /// printed on a line of its own after this one.
    public var others: [LuaError] = []
    /// The policy hook the error was raised in (`"can_move"`, `"on_begin"`, ...); nil outside
    /// a hook. ``LuaPolicy`` sets it when it reports a failed hook call.
    public var hook: String?

    /// ```swift
    /// LuaError(kind: .runtime, file: "mine.lua", line: 12, message: "boom", hook: "can_move")
    /// // description: "mine.lua:12: boom"
    /// ```
    public init(kind: Kind, file: String? = nil, line: Int? = nil, message: String, traceback: String? = nil,
                hook: String? = nil) {
        self.kind = kind; self.file = file; self.line = line; self.message = message; self.traceback = traceback
        self.hook = hook
    }

    /// `file:line: message` (or less, when the position is unknown), then each of ``others``
    /// on a line of its own.
    public var description: String {
        let head: String
        switch (file, line) {
        case let (f?, l?): head = "\(f):\(l): \(message)"
        case let (f?, nil): head = "\(f): \(message)"
        default: head = message
        }
        return ([head] + others.map(\.description)).joined(separator: "\n")
    }

    /// Parses a Lua error string `chunk:line: message\nstack traceback:\n...`.
    init(kind: Kind, luaMessage raw: String) {
        var text = raw
        var trace: String? = nil
        let marker = Array("\nstack traceback:\n".utf8)
        let u = Array(raw.utf8)
        if u.count >= marker.count {
            for i in 0...(u.count - marker.count) where u[i] == marker[0] && Array(u[i..<(i + marker.count)]) == marker {
                text = String(decoding: u[..<i], as: UTF8.self)
                trace = String(decoding: u[(i + marker.count)...], as: UTF8.self)
                break
            }
        }
        self.init(kind: kind, message: text, traceback: trace)
        if let (file, line, rest) = LuaError.splitPosition(text) {
            self.file = file; self.line = line; self.message = rest
        }
    }

    /// Splits `name:12: rest` at the first `:<digits>:`.
    static func splitPosition(_ s: String) -> (String, Int, String)? {
        let u = Array(s.utf8)
        var i = 0
        while i < u.count {
            if u[i] == UInt8(ascii: ":") && i > 0 {
                var j = i + 1
                while j < u.count, u[j] >= UInt8(ascii: "0"), u[j] <= UInt8(ascii: "9") { j += 1 }
                if j > i + 1, j < u.count, u[j] == UInt8(ascii: ":") {
                    let file = String(decoding: u[0..<i], as: UTF8.self)
                    guard let line = Int(String(decoding: u[(i + 1)..<j], as: UTF8.self)) else { return nil }
                    var k = j + 1
                    if k < u.count, u[k] == UInt8(ascii: " ") { k += 1 }
                    return (file, line, String(decoding: u[k...], as: UTF8.self))
                }
            }
            if u[i] == UInt8(ascii: "\n") { return nil }
            i += 1
        }
        return nil
    }
}
