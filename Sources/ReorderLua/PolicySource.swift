import Foundation

/// Where a policy's code comes from: a built-in name (`jx_movable`), a path
/// (`policies/mine.lua`), or a table in a trusted VM. It is also how a user names a policy on
/// the command line, in a trace header, in `extends` or in the playground (then it is never a
/// table), with one rule: a reference that contains `/` or ends in `.lua` is a path; anything
/// else is a built-in name. Used by ``LuaPolicy``, the session options of the scripting API and
/// every command that takes `--policy`.
///
/// ```swift
/// PolicySource("jx_movable")            // .builtin("jx_movable")
/// PolicySource("mine.lua")              // .file("mine.lua")
/// PolicySource("policies/mine")         // .file("policies/mine")
/// PolicySource("mine.lua").resolved(against: "/home/me")   // .file("/home/me/mine.lua")
/// PolicySource.builtin("jx_movable").description            // "jx_movable"
/// ```
public enum PolicySource: Hashable, Sendable, CustomStringConvertible {
    /// A built-in policy of `Policies/`, by name (`"jx_movable"`).
    case builtin(String)
    /// A policy file (`"policies/mine.lua"`), as given (relative paths are resolved with
    /// ``resolved(against:home:)``).
    case file(String)
    /// A table in a trusted `LuaVM` (specs: `policy = { extends = "uikit", ... }`), by its
    /// registry reference there; `LUA_NOREF` (-2) for a table read from the stack.
    case table(Int32)

    /// A built-in name, or a path when ``isPath(_:)``.
    public init(_ text: String) {
        self = Self.isPath(text) ? .file(text) : .builtin(text)
    }

    /// The one "is it a path?" rule: `text` contains `/` or ends in `.lua`.
    public static func isPath(_ text: String) -> Bool {
        text.contains("/") || text.hasSuffix(".lua")
    }

    /// The name, the path as given, or `(inline table)`.
    public var description: String {
        switch self {
        case .builtin(let name): return name
        case .file(let path): return path
        case .table: return "(inline table)"
        }
    }

    /// True for a ``file(_:)``.
    public var isFile: Bool {
        if case .file = self { return true }
        return false
    }

    /// True for a ``table(_:)``.
    public var isTable: Bool {
        if case .table = self { return true }
        return false
    }

    /// The same source with a relative path made absolute (see ``resolve(_:against:home:)``);
    /// a built-in name or a table is unchanged.
    public func resolved(against directory: String?, home: String? = nil) -> PolicySource {
        switch self {
        case .builtin, .table: return self
        case .file(let path): return .file(Self.resolve(path, against: directory, home: home))
        }
    }

    /// The one path resolver: `path` unchanged when absolute, `~/…` against `home` when given,
    /// otherwise appended to `directory` (unchanged when there is none).
    ///
    /// ```swift
    /// PolicySource.resolve("a.lua", against: "/w")            // "/w/a.lua"
    /// PolicySource.resolve("~/a.lua", against: "/w", home: "/h")   // "/h/a.lua"
    /// PolicySource.resolve("/x/a.lua", against: "/w")         // "/x/a.lua"
    /// ```
    public static func resolve(_ path: String, against directory: String?, home: String? = nil) -> String {
        if path.hasPrefix("/") { return path }
        if path.hasPrefix("~/"), let home { return home + path.dropFirst(1) }
        guard let directory, !directory.isEmpty else { return path }
        return (directory as NSString).appendingPathComponent(path)
    }
}

/// A policy as a user names it: the same type as ``PolicySource`` (a name a user writes is
/// never a table), under the name the command line and the playground have used.
///
/// ```swift
/// PolicyReference("mine.lua")   // .file("mine.lua")
/// ```
public typealias PolicyReference = PolicySource
