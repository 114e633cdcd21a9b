/// An error from the scripting layer: a Lua error (message with `file:line:` when Lua gave one),
/// or a host-side problem such as an unreadable file.
///
/// ```swift
/// do { try host.runFile("demo.lua") } catch { print(error.message) }
/// ```
public struct ScriptError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
