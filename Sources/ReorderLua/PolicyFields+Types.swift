import ReorderCore

/// The policy table and `ctx` as lua-language-server (LuaLS) annotations, generated from the one
/// table of policy fields (``PolicyField/all``); `reorder types` writes them with the session
/// API and the spec globals (`ReorderScripting`'s `EditorKit`).
///
/// ```swift
/// print(PolicyTypes.definitions)
/// // ---@class reorder.Policy
/// // ---@field name? string # The policy's name in diagnostics and `s:policy()`. ...
/// ```
public enum PolicyTypes {
    /// The parameters hooks take: LuaLS type and what it means, with its unit. `from_*` and
    /// `to_*` mean something else in each hook that takes them (``parameterDoc(_:of:)``).
    static let parameters: [String: (type: String, doc: String)] = [
        "ctx": ("reorder.Ctx", "the drag's context"),
        "section": ("integer", "section, 1-based"),
        "row": ("integer", "row in the section, 1-based"),
        "event": ("table", "the keyboard event: type, item, section, row, count, default, ..."),
        "offered": ("string[]", "the action names the policy's can_move and target allow"),
        "from_s": ("integer", "the dragged item's section, 1-based"),
        "from_r": ("integer", "the dragged item's row, 1-based"),
        "to_s": ("integer", "a section, 1-based"),
        "to_r": ("integer", "a row, 1-based"),
        "onto_s": ("integer", "the section of the item the dragged one would be dropped onto, 1-based"),
        "onto_r": ("integer", "the row of the item the dragged one would be dropped onto, 1-based"),
        "axis": ("reorder.Axis", "\"vertical\" or \"horizontal\""),
        "viewport_length": ("number", "the viewport's length along the axis, points"),
        "depth": ("number", "how far the reference point is inside the zone, points"),
        "zone": ("number", "the zone's depth, points"),
        "elapsed": ("number", "seconds since the reference point entered the zone"),
        "dt": ("number", "the frame's period, seconds (`ctx.dt`)"),
        "item": ("string", "the lifted tree node's id"),
        "parent": ("string", "the id of the node it would go under"),
    ]

    /// What a parameter means in one hook: the positions of `target` and `semantics` are a
    /// proposed step, those of `on_move` the step taken, those of `on_end` the whole drag
    /// (docs/POLICIES.md, the hooks table).
    static func parameterDoc(_ name: String, of hook: Hook) -> String {
        let positions: (from: String, to: String)?
        switch hook {
        case .target: positions = ("where the dragged item is now", "the proposed position")
        case .combine: positions = ("where the dragged item is now", "the item it would be dropped onto")
        case .semantics: positions = ("where the dragged item is now", "the step's target, as `target` decided it")
        case .onMove: positions = ("where the step took the item from", "where the step put it")
        case .onEnd: positions = ("where the drag began", "where the item is dropped")
        default: positions = nil
        }
        switch (name, positions) {
        case ("from_s", let p?): return "section of \(p.from), 1-based"
        case ("from_r", let p?): return "row of \(p.from), 1-based"
        case ("to_s", let p?): return "section of \(p.to), 1-based"
        case ("to_r", let p?): return "row of \(p.to), 1-based"
        default: return parameters[name]?.doc ?? ""
        }
    }

    /// What each hook returns (LuaLS), and in which unit.
    static func returns(_ hook: Hook) -> (type: String?, doc: String) {
        switch hook {
        case .canMove: return ("boolean", "whether the item may be lifted")
        case .canSelect: return ("boolean", "whether the item may be selected for a group drag")
        case .canAdd: return ("boolean", "whether the item may join the drag in progress")
        case .canNest: return ("boolean", "whether the tree node may go under the parent")
        case .combine: return ("boolean", "whether the dragged item may be dropped onto the other")
        case .target: return ("integer?, integer?", "section, row (1-based), or nil for no step now")
        case .semantics: return ("reorder.Semantics", "\"move\" or \"exchange\"")
        case .zone: return ("number", "the zone's depth, points")
        case .speed: return ("number", "points per second")
        case .onBegin, .onMove: return (nil, "nothing")
        case .onEnd: return ("boolean", "false rolls the order back")
        case .onCancel: return ("reorder.CancelResolution", "\"revert\" or \"commit\"")
        case .announce: return ("string?", "the text to say, or nil to say nothing")
        case .actions: return ("string[]", "the action names offered")
        case .instructions: return ("string", "what a screen reader reads on focus")
        }
    }

    /// The hook's function type, from the signature the field table documents
    /// (`function(ctx, depth, zone, elapsed, axis)`).
    static func functionType(_ field: PolicyField) -> String? {
        guard let hook = field.hook, let signature = signature(field.takes) else { return nil }
        let params = signature.map { "\($0): \(parameters[$0]?.type ?? "any")" }.joined(separator: ", ")
        let result = returns(hook).type.map { ": " + $0 } ?? ""
        return "fun(\(params))\(result)"
    }

    /// The parameter names of the `function(...)` a field's `takes` text shows.
    static func signature(_ takes: String) -> [String]? {
        guard let start = takes.range(of: "function("), let end = takes[start.upperBound...].firstIndex(of: ")") else { return nil }
        return takes[start.upperBound..<end].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// A field's LuaLS type, from what it takes: `number`, `integer`, `boolean`, `string`, string
    /// literals for a choice (`"move"|"exchange"`), a table shape, and the hook's function type.
    ///
    /// ```swift
    /// PolicyTypes.luaType(of: "follow")   // "\"y\"|\"xy\"|\"translation\""
    /// ```
    public static func luaType(of path: String) -> String? {
        PolicyField.all.first { $0.path == path }.map(luaType)
    }

    static func luaType(_ field: PolicyField) -> String {
        var parts: [String] = []
        func add(_ t: String) { if !parts.contains(t) { parts.append(t) } }
        let takes = field.takes
        for word in ["number", "integer", "boolean", "string"] where takes.hasPrefix(word) { add(word) }
        // Backquoted pieces: "literal", { tables }, function(...).
        let pieces = takes.split(separator: "`", omittingEmptySubsequences: false)
        for (i, piece) in pieces.enumerated() where i % 2 == 1 {
            if piece.hasPrefix("\"") {
                add(piece.contains("#") ? "string" : String(piece))
            } else if piece.hasPrefix("{") {
                add(piece.contains("x1") ? "number[]" : "{ x: number, y: number }|number[]")
            } else if piece.hasPrefix("function(") {
                if let f = functionType(field) { add(f) }
            }
        }
        return parts.isEmpty ? "any" : parts.joined(separator: "|")
    }

    /// The class holding the fields under `prefix` (`"snapshot.shadow"`): `reorder.Policy.snapshot.shadow`.
    static func className(_ prefix: String) -> String {
        prefix.isEmpty ? "reorder.Policy" : "reorder.Policy." + prefix
    }

    /// A one-line description: the field's doc, what it takes (units, ranges), for a hook its
    /// parameters and result with units, its default.
    static func description(_ field: PolicyField) -> String {
        var text = field.doc + " Takes: " + field.takes.replacingOccurrences(of: "`", with: "") + "."
        if let hook = field.hook, let names = signature(field.takes) {
            let params = names.map { "\($0): \(parameterDoc($0, of: hook))" }.joined(separator: "; ")
            text += " Parameters: \(params). Returns: \(returns(hook).doc)."
        }
        text += " Default: " + field.defaultText.replacingOccurrences(of: "`", with: "") + "."
        return text.replacingOccurrences(of: "\n", with: " ")
    }

    /// The annotations of the policy table (one class per table of fields), the aliases its
    /// types use, and `ctx`.
    public static var definitions: String {
        var out = """
            ---@alias reorder.Axis "vertical"|"horizontal"
            ---@alias reorder.Semantics "move"|"exchange"
            ---@alias reorder.CancelResolution "revert"|"commit"

            ---A `{ width, height }` pair, points.
            ---@class reorder.Size
            ---@field width number
            ---@field height number

            ---A `{ x, y }` point, points.
            ---@class reorder.Point
            ---@field x number
            ---@field y number

            ---The context every hook gets first (read-only; `ctx.state` is the hook's own scratch table).
            ---@class reorder.Ctx
            ---@field item fun(section: integer, row: integer): string|table|nil # the item at a position (1-based): a string, or a read-only table with `id`, `title` and its other fields; nil for no item
            ---@field count fun(section: integer): integer # the number of items in a section (1-based)
            ---@field sections fun(): integer # the number of sections
            ---@field node fun(section: integer, row: integer): { id: string, depth: integer, parent: string|nil, children: integer, collapsed: boolean }|nil # a tree session's node at a row (1-based); nil for no node or outside a tree session
            ---@field projection fun(): { depth: integer, parent: string|nil, min_depth: integer, max_depth: integer }|nil # where the dragged tree node would land (in `target`: at the proposed row); nil outside a tree drag
            ---@field section_title fun(section: integer): string|nil # the section's title (1-based); nil for a section without one
            ---@field viewport reorder.Size # points
            ---@field content reorder.Size # points
            ---@field item_size reorder.Size # points
            ---@field offset reorder.Point # the content offset, points (on a board, `y` is the scroll of the dragged item's list)
            ---@field frame_rate number # frames per second
            ---@field time number # seconds since the session began
            ---@field drag_time number # seconds since the drag began
            ---@field dt number # this frame's interval, seconds
            ---@field over_since number|nil # the drag time at the start of the frame the finger last came over the viewport; nil while it is outside
            ---@field outside boolean # whether the finger is outside the viewport during a drag (half-open: on the right or bottom edge is outside)
            ---@field state table # a scratch table for one drag, empty at `on_begin`


            """
        // The tables of fields: "" (the policy), "snapshot", "snapshot.shadow", ...
        var tables: [String] = [""]
        for f in PolicyField.all {
            let parts = f.path.split(separator: ".").map(String.init)
            for n in 1..<max(parts.count, 1) {
                let prefix = parts[0..<n].joined(separator: ".")
                if !tables.contains(prefix) { tables.append(prefix) }
            }
        }
        for table in tables {
            out += table.isEmpty ? "---A policy: the table a policy file returns (docs/POLICIES.md).\n" : "---The `\(table)` table of a policy.\n"
            out += "---@class \(className(table))\n"
            for f in PolicyField.all {
                let parts = f.path.split(separator: ".").map(String.init)
                let parent = parts.dropLast().joined(separator: ".")
                guard parent == table, let key = parts.last else { continue }
                out += "---@field \(key)? \(luaType(f)) # \(description(f))\n"
            }
            // Sub-tables of this table.
            for sub in tables where !sub.isEmpty && sub.split(separator: ".").dropLast().joined(separator: ".") == table {
                if let key = sub.split(separator: ".").last, !PolicyField.all.contains(where: { $0.path == sub }) {
                    out += "---@field \(key)? \(className(sub))\n"
                }
            }
            out += "\n"
        }
        return out
    }
}
