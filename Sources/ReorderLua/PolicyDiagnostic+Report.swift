import ReorderCore
import ReorderPersistence

/// How every command shows a policy's diagnostics: one line of text, and one JSON object.
extension PolicyDiagnostic {
    /// The name a policy's diagnostics are labelled with: a Lua policy's own name, also once it
    /// is switched off and the native `default` answers for it.
    ///
    /// ```swift
    /// PolicyDiagnostic.label(of: try LuaPolicy(path: "bad.lua"))   // "bad"
    /// ```
    public static func label(of policy: any DragPolicy) -> String {
        (policy as? LuaPolicy)?.ownName ?? policy.configuration.name
    }

    /// The line a command shows the diagnostic as (on standard error, in the REPL, in a test's
    /// output, in the playground's terminal and page).
    ///
    /// ```swift
    /// let d = PolicyDiagnostic(kind: .hookError, message: "bad.lua:3: can_move: no moves today")
    /// d.line(policy: "bad")   // "[policy bad] error: bad.lua:3: can_move: no moves today"
    /// ```
    public func line(policy: String) -> String { "[policy \(policy)] \(self)" }

    /// Whether it says that the policy failed during the run: a hook failed (and its fallback
    /// answered), or the policy was switched off. Load warnings and `print` lines are not.
    ///
    /// ```swift
    /// PolicyDiagnostic(kind: .warning, message: "unknown field").isFailure   // false
    /// ```
    public var isFailure: Bool { kind == .hookError || kind == .disabled }

    /// The diagnostics as data: the `diagnostics` array of `--json` outputs and of the
    /// playground's messages, each `{"policy", "kind", "message", "file"?, "line"?, "hook"?,
    /// "text"}` (`text`: the line as ``line(policy:)`` shows it).
    package static func json(_ diagnostics: [PolicyDiagnostic], policy: String) -> JSONValue {
        .array(diagnostics.map { d in
            var members: [(String, JSONValue)] = [("policy", .string(policy)), ("kind", .string(d.kind.rawValue)),
                                                  ("message", .string(d.message))]
            if let file = d.file { members.append(("file", .string(file))) }
            if let line = d.line { members.append(("line", .number(String(line)))) }
            if let hook = d.hook { members.append(("hook", .string(hook))) }
            members.append(("text", .string(d.line(policy: policy))))
            return .members(members)
        })
    }
}
