import ReorderCore
import ReorderLua

/// The options of `reorder.session{...}`, parsed and checked (every range by ReorderCore's
/// ``Validator``: `row_height: 0 is out of range (0 < row_height <= 100000)`).
///
/// ```lua
/// reorder.session{ policy = "jx_movable", sections = { {"a", "b"}, {"c"} },
///                  row_height = 44, header_height = 28, viewport = { width = 375, height = 667 } }
/// reorder.session{ rows = 20 }   -- one section of items "1", "2", ..., "20"
/// ```
@dynamicMemberLookup
public struct SessionOptions: Sendable {
    /// Where the policy comes from (ReorderLua's one ``ReorderLua/PolicySource``; an inline
    /// table is kept in the scripting VM by its registry reference).
    public typealias PolicySource = ReorderLua.PolicySource

    /// `"table"`, `"grid"` or `"board"` (ReorderCore's ``LayoutKind``).
    public typealias LayoutKind = ReorderCore.LayoutKind

    public var policy: PolicySource = .builtin("default")
    public var sections: [[Item]] = []
    /// `tree = {...}` (layout `"tree"`): the roots in the nested shape; the rows are the tree's
    /// visible nodes and ``sections`` stays empty.
    public var tree: [TreeNodeDescription]?
    public var sectionTitles: [String] = []
    /// `layout`, `row_height`, `header_height`, `grid = {...}`, `board = {...}`, `viewport`,
    /// `frame_rate` (read and written through these options' own members: `options.viewport`).
    public var geometry = SessionGeometry()
    /// `restore = path` or `restore = { path = ..., key = ... }`: a persisted order to apply at
    /// creation (see ``ScriptSession`` `save`). The key names one order among several in the
    /// same file (one per user role, say: `s:save(path, "teacher")` then
    /// `restore = { path = path, key = "teacher" }`).
    public var restore: String?
    /// The key within the order file (default `"default"`, as `s:save(path)` uses).
    public var restoreKey: String = "default"

    public init() {}

    public subscript<T>(dynamicMember key: WritableKeyPath<SessionGeometry, T>) -> T {
        get { geometry[keyPath: key] }
        set { geometry[keyPath: key] = newValue }
    }

    /// Every option name `reorder.session` accepts.
    public static let known = ["policy", "sections", "rows", "titles", "tree"] + SessionGeometry.optionNames + ["restore"]

    /// Parses the options table. Errors read `reorder.session: ...`. An inline policy table
    /// stays in the scripting VM: pass its registry reference as `policyTable` (a `policy`
    /// field in `value` must then be absent).
    ///
    /// ```swift
    /// let o = try SessionOptions(.record(["rows": .integer(3), "policy": .string("kanban")]))
    /// o.policy   // .builtin("kanban")
    /// ```
    public init(_ value: LuaValue, policyTable: Int32? = nil) throws(LuaError) {
        func fail(_ message: String) -> LuaError { LuaError.script("reorder.session: " + message) }
        guard case .table = value else {
            throw fail("expected a table of options, got \(value.typeName)")
        }
        for p in value.sortedPairs {
            guard let k = p.key.stringValue else {
                throw fail("option keys must be names, got \(p.key.typeName) key \(p.key)")
            }
            guard SessionOptions.known.contains(k) else {
                if let near = NameSuggestion.nearest(to: k, among: SessionOptions.known) {
                    throw fail("unknown option '\(EchoText.clip(k))' (did you mean '\(near)'?)")
                }
                throw fail("unknown option '\(EchoText.clip(k))' (known: \(SessionOptions.known.joined(separator: ", ")))")
            }
        }

        switch value["policy"] {
        case .nil: if let policyTable { policy = .table(policyTable) }
        case .string(let s):
            if s.isEmpty { throw fail("policy must not be empty") }
            policy = PolicySource(s)
        case let other: throw fail("policy must be a name, a path or a table, got \(other.typeName)")
        }

        let sectionsValue = value["sections"], rowsValue = value["rows"]
        if value["tree"] != .nil {
            if sectionsValue != .nil || rowsValue != .nil {
                throw fail("give either tree (the nodes of a tree layout) or sections / rows, not both")
            }
            let roots = try Self.parseTree(value["tree"])
            do {
                _ = try Tree(roots)
            } catch {
                throw fail(error.message)
            }
            tree = roots
            geometry.layout = .tree
        }
        switch (sectionsValue, rowsValue) {
        case (.nil, .nil) where tree != nil: break
        case (.nil, .nil):
            throw fail("give the items: sections = { {\"a\", \"b\"}, {\"c\"} } or rows = N")
        case (.nil, let rows):
            guard let n = rows.integerValue, n >= 0, n <= 10_000_000 else {
                throw fail("rows must be a whole number from 0 to 10000000, got \(rows)")
            }
            sections = [(0..<n).map { Item(String($0 + 1)) }]
        case (let secs, .nil):
            sections = try SessionOptions.parseSections(secs)
        default:
            throw fail("give either sections or rows, not both")
        }
        do {
            try Validator.validate(sections: sections)
        } catch {
            throw fail(error.message)
        }

        switch value["titles"] {
        case .nil: break
        case let t:
            guard let list = t.sequence, list.allSatisfy({ $0.stringValue != nil }) else {
                throw fail("titles must be a list of strings")
            }
            sectionTitles = list.compactMap(\.stringValue)
        }

        switch value["layout"] {
        case .nil: break
        case .string(let s):
            guard let kind = LayoutKind(rawValue: s) else {
                throw fail("layout must be \(ChoiceText.list(LayoutKind.allCases.map(\.rawValue), quote: "\"")), got \"\(s)\"")
            }
            if (kind == .tree) != (tree != nil) {
                throw fail(kind == .tree ? "layout \"tree\" needs its nodes: tree = { \"a\", { id = \"b\", children = { \"b1\" } } }"
                                         : "tree = {...} is the tree layout's; layout must be \"tree\" (or left out), got \"\(s)\"")
            }
            geometry.layout = kind
        case let other: throw fail("layout must be a string, got \(other.typeName)")
        }

        // Numbers here; their ranges are the validator's (below).
        func number(_ name: String, _ v: LuaValue) throws(LuaError) -> Double? {
            if v == .nil { return nil }
            guard let d = v.double else { throw fail("\(name) must be a number, got \(v.typeName)") }
            return d
        }
        if let h = try number("row_height", value["row_height"]) { geometry.rowHeight = h }
        if let h = try number("header_height", value["header_height"]) { geometry.headerHeight = h }
        if let f = try number("frame_rate", value["frame_rate"]) { geometry.frameRate = f }

        switch value["viewport"] {
        case .nil: break
        case let v:
            let w = v["width"] != .nil ? v["width"] : (v.sequence?.first ?? .nil)
            let h = v["height"] != .nil ? v["height"] : ((v.sequence?.count ?? 0) > 1 ? (v.sequence?[1] ?? .nil) : .nil)
            guard case .table = v, let width = w.double, let height = h.double,
                  width.isFinite, height.isFinite, width > 0, height > 0 else {
                throw fail("viewport must be { width = W, height = H } with positive numbers, got width = \(w), height = \(h)")
            }
            geometry.viewport = Size(width: width, height: height)
        }

        geometry.grid = try Self.lengths(value["grid"], "grid", known: Self.gridKeys + ["direction"],
                                         skipping: "direction", fail: fail)
        switch value["grid"]["direction"] {
        case .nil: break
        case .string(let s) where GridLayout.Direction(rawValue: s) != nil:
            geometry.gridDirection = GridLayout.Direction(rawValue: s) ?? .vertical
        case .string(let s):
            throw fail("grid.direction must be \"vertical\" or \"horizontal\", got \"\(s)\"")
        case let other:
            throw fail("grid.direction must be \"vertical\" or \"horizontal\", got \(other.typeName)")
        }
        geometry.board = try Self.lengths(value["board"], "board", known: Self.boardKeys, fail: fail)
        do {
            try geometry.validate()
        } catch {
            throw fail(error.message)
        }

        switch value["restore"] {
        case .nil: break
        case .string(let s): restore = s
        case let t where t["path"].stringValue != nil:
            for k in t.stringKeys where k != "path" && k != "key" {
                throw fail("restore accepts { path = ..., key = ... }, got key '\(k)'")
            }
            restore = t["path"].stringValue
            switch t["key"] {
            case .nil: break
            case .string(let k): restoreKey = k
            case let other: throw fail("restore.key must be a string, got \(other.typeName)")
            }
        case let other: throw fail("restore must be a path or { path = ..., key = ... }, got \(other.typeName)")
        }
    }

    /// The keys `grid = {...}` accepts.
    public static let gridKeys = SessionGeometry.gridKeys
    /// The keys `board = {...}` accepts.
    public static let boardKeys = SessionGeometry.boardKeys

    /// A table of numbers with known keys (nil: empty); their ranges are the validator's. The
    /// key `skipping` (a string option such as `grid.direction`) is the caller's to read.
    static func lengths(_ value: LuaValue, _ name: String, known: [String], skipping: String? = nil,
                        fail: (String) -> LuaError) throws(LuaError) -> [String: Double] {
        var result: [String: Double] = [:]
        switch value {
        case .nil: return result
        case .table:
            for p in value.sortedPairs {
                guard let k = p.key.stringValue, known.contains(k) else {
                    let near = p.key.stringValue.flatMap { NameSuggestion.nearest(to: $0, among: known) }
                    throw fail("\(name) accepts \(known.joined(separator: ", ")); got key \(p.key)"
                               + (near.map { " (did you mean '\($0)'?)" } ?? ""))
                }
                if k == skipping { continue }
                guard let d = p.value.double else {
                    throw fail("\(name).\(k) must be a number, got \(p.value.typeName)")
                }
                result[k] = d
            }
            return result
        case let other: throw fail("\(name) must be a table, got \(other.typeName)")
        }
    }

    /// The layout these options describe, over `order`.
    ///
    /// ```lua
    /// reorder.session{ rows = 16, layout = "grid", grid = { item_width = 81.25, item_height = 85 } }
    /// reorder.session{ sections = lists, layout = "board", board = { inset = 50, spacing = 10 } }
    /// ```
    public func makeLayout(order: Order) -> any Layout { geometry.makeLayout(order: order) }

    static func parseSections(_ value: LuaValue) throws(LuaError) -> [[Item]] {
        func fail(_ message: String) -> LuaError { LuaError.script("reorder.session: " + message) }
        guard case .table = value, let list = value.sequence else {
            throw fail("sections must be a list of lists of items, got \(value.typeName)")
        }
        var sections: [[Item]] = []
        for (s, sectionValue) in list.enumerated() {
            guard case .table = sectionValue, let rows = sectionValue.sequence else {
                throw fail("section \(s + 1) must be a list of items, got \(sectionValue.typeName)")
            }
            var items: [Item] = []
            for (r, itemValue) in rows.enumerated() {
                items.append(try parseItem(itemValue, where: "section \(s + 1), row \(r + 1)"))
            }
            sections.append(items)
        }
        return sections
    }

    /// The nested shape of `tree = {...}`: a string is a leaf with that id; a table has `id`,
    /// an optional `title`, `children` (a list of nodes) and `collapsed` (a boolean), and may
    /// carry other fields as an item does. Errors name the node as `tree[2].children[1]`.
    ///
    /// ```lua
    /// tree = { "a", { id = "b", children = { "b1", "b2" }, collapsed = true }, "c" }
    /// ```
    static func parseTree(_ value: LuaValue) throws(LuaError) -> [TreeNodeDescription] {
        func fail(_ message: String) -> LuaError { LuaError.script("reorder.session: " + message) }
        // Deeper than the tree's own bound is refused by Tree(_:); this bound only stops the
        // walk of a nested value before the host's stack could suffer from it.
        func nodes(_ value: LuaValue, _ place: String, _ depth: Int) throws(LuaError) -> [TreeNodeDescription] {
            guard case .table = value, let list = value.sequence else {
                throw fail("\(place) must be a list of nodes, got \(value.typeName)")
            }
            var result: [TreeNodeDescription] = []
            result.reserveCapacity(list.count)
            for (i, v) in list.enumerated() {
                let here = "\(place)[\(i + 1)]"
                guard case .table = v else {
                    result.append(TreeNodeDescription(item: try parseItem(v, where: here)))
                    continue
                }
                if depth > Tree.Limits.depth {
                    throw fail("\(here): deeper than \(Tree.Limits.depth + 1) levels (a root has depth 0, the deepest allowed is \(Tree.Limits.depth))")
                }
                var children: [TreeNodeDescription] = []
                if v["children"] != .nil { children = try nodes(v["children"], here + ".children", depth + 1) }
                var collapsed = false
                switch v["collapsed"] {
                case .nil: break
                case .boolean(let b): collapsed = b
                case let other: throw fail("\(here).collapsed must be a boolean, got \(other.typeName)")
                }
                var fields: [LuaValue: LuaValue] = [:]
                for p in v.sortedPairs where p.key != .string("children") && p.key != .string("collapsed") {
                    fields[p.key] = p.value
                }
                // A node of only an id is a plain item, as a string is.
                let only = fields.count == 1 ? fields[.string("id")]?.stringValue : nil
                var item: Item
                if let only { item = Item(only) } else { item = try parseItem(.table(fields), where: here) }
                result.append(TreeNodeDescription(item: item, children: children, collapsed: collapsed))
            }
            return result
        }
        return try nodes(value, "tree", 0)
    }

    /// An item from `"text"` or `{ id = ..., title = ..., other fields }`.
    static func parseItem(_ value: LuaValue, where place: String) throws(LuaError) -> Item {
        func fail(_ message: String) -> LuaError { LuaError.script("reorder.session: " + message) }
        switch value {
        case .string(let s): return Item(s)
        case .integer, .number: return Item(value.description)
        case .table:
            var id: String?
            var title: String?
            var fields: [String: ItemValue] = [:]
            for p in value.sortedPairs {
                guard let k = p.key.stringValue else {
                    throw fail("item at \(place): field names must be strings, got \(p.key)")
                }
                switch p.value {
                case .string(let s):
                    if k == "id" { id = s } else if k == "title" { title = s } else { fields[k] = .string(s) }
                case .integer(let i):
                    if k == "id" { id = String(i) } else { fields[k] = .number(Double(i)) }
                case .number(let d):
                    fields[k] = .number(d)
                case .boolean(let b):
                    fields[k] = .bool(b)
                default:
                    throw fail("item at \(place): field '\(k)' must be a string, number or boolean, got \(p.value.typeName)")
                }
            }
            guard let itemId = id ?? title else {
                throw fail("item at \(place) needs an id (or a title): { id = \"mail\", title = \"Mail\" }")
            }
            return Item(id: itemId, title: title ?? itemId, fields: fields)
        default:
            throw fail("item at \(place) must be a string or a table, got \(value.typeName)")
        }
    }
}
