import Foundation

/// A policy as a user names it on the command line, in a trace header, in `extends` or in the
/// playground: a built-in name (`jx_movable`) or a path (`policies/mine.lua`). The one rule:
/// a reference that contains `/` or ends in `.lua` is a path; anything else is a built-in name.
///
/// ```swift
/// PolicyReference("jx_movable")            // .builtin("jx_movable")
/// PolicyReference("mine.lua")              // .file("mine.lua")
/// PolicyReference("policies/mine")         // .file("policies/mine")
/// PolicyReference("mine.lua").resolved(against: "/home/me")   // .file("/home/me/mine.lua")
/// ```
public enum PolicyReference: Hashable, Sendable, CustomStringConvertible {
    /// A built-in policy of `Policies/`, by name.
    case builtin(String)
    /// A policy file, as given (relative paths are resolved with ``resolved(against:home:)``).
    case file(String)

    /// A built-in name, or a path when ``isPath(_:)``.
    public init(_ text: String) {
        self = Self.isPath(text) ? .file(text) : .builtin(text)
    }

    /// The one "is it a path?" rule: `text` contains `/` or ends in `.lua`.
    public static func isPath(_ text: String) -> Bool {
        text.contains("/") || text.hasSuffix(".lua")
    }

    /// The name or the path, as given.
    public var description: String {
        switch self {
        case .builtin(let name): return name
        case .file(let path): return path
        }
    }

    /// True for a ``file(_:)``.
    public var isFile: Bool {
        if case .file = self { return true }
        return false
    }

    /// The same reference with a relative path made absolute (see ``resolve(_:against:home:)``);
    /// a built-in name is unchanged.
    public func resolved(against directory: String?, home: String? = nil) -> PolicyReference {
        switch self {
        case .builtin: return self
        case .file(let path): return .file(Self.resolve(path, against: directory, home: home))
        }
    }

    /// The one path resolver: `path` unchanged when absolute, `~/…` against `home` when given,
    /// otherwise appended to `directory` (unchanged when there is none).
    ///
    /// ```swift
    /// PolicyReference.resolve("a.lua", against: "/w")            // "/w/a.lua"
    /// PolicyReference.resolve("~/a.lua", against: "/w", home: "/h")   // "/h/a.lua"
    /// PolicyReference.resolve("/x/a.lua", against: "/w")         // "/x/a.lua"
    /// ```
    public static func resolve(_ path: String, against directory: String?, home: String? = nil) -> String {
        if path.hasPrefix("/") { return path }
        if path.hasPrefix("~/"), let home { return home + path.dropFirst(1) }
        guard let directory, !directory.isEmpty else { return path }
        return (directory as NSString).appendingPathComponent(path)
    }
}

extension PolicySource {
    /// The source a reference names.
    public init(_ reference: PolicyReference) {
        switch reference {
        case .builtin(let name): self = .builtin(name)
        case .file(let path): self = .file(path)
        }
    }
}
