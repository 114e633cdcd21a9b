import ReorderLua

/// Building and reading the ``LuaValue``s that cross the session API: arguments of
/// `s:press(...)`, results of `s:items()`, the options of `reorder.session{...}`.
///
/// ```swift
/// let row: LuaValue = .array([.integer(1), .integer(3)])        // Lua: {1, 3}
/// let ev: LuaValue = .record(["type": .string("move")])        // Lua: {type = "move"}
/// ev["type"].stringValue                                       // "move"
/// ```
extension LuaValue {
    /// A Lua sequence `{v1, v2, ...}`.
    public static func array(_ values: [LuaValue]) -> LuaValue {
        var t: [LuaValue: LuaValue] = [:]
        t.reserveCapacity(values.count)
        for (i, v) in values.enumerated() where v != .nil { t[.integer(i + 1)] = v }
        return .table(t)
    }

    /// A Lua record `{k = v, ...}` (nil fields left out).
    public static func record(_ fields: [String: LuaValue]) -> LuaValue {
        var t: [LuaValue: LuaValue] = [:]
        for (k, v) in fields where v != .nil { t[.string(k)] = v }
        return .table(t)
    }

    /// The Lua type name (`"nil"`, `"boolean"`, `"number"`, `"string"`, `"table"`, or an
    /// opaque value's own: `"function"`).
    public var typeName: String {
        switch self {
        case .nil: return "nil"
        case .boolean: return "boolean"
        case .integer, .number: return "number"
        case .string: return "string"
        case .table: return "table"
        case .opaque(let t): return t
        }
    }

    /// The number, if this is a number.
    public var double: Double? {
        switch self {
        case .integer(let i): return Double(i)
        case .number(let d): return d
        default: return nil
        }
    }

    /// The integer, if this is a number with an integral value (below 9e15 in magnitude).
    public var integerValue: Int? {
        switch self {
        case .integer(let i): return i
        case .number(let d): return d.isFinite && d == d.rounded() && abs(d) < 9e15 ? Int(d) : nil
        default: return nil
        }
    }

    /// The string, if this is a string.
    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// Field `key` of a table (`.nil` when absent or not a table).
    public subscript(key: String) -> LuaValue {
        guard case .table(let t) = self else { return .nil }
        return t[.string(key)] ?? .nil
    }

    /// The sequence part `t[1], t[2], ...` up to the first nil, or nil when not a table.
    public var sequence: [LuaValue]? {
        guard case .table(let t) = self else { return nil }
        var out: [LuaValue] = []
        while let v = t[.integer(out.count + 1)] { out.append(v) }
        return out
    }

    /// The string keys of a table, sorted.
    public var stringKeys: [String] {
        guard case .table(let t) = self else { return [] }
        return t.keys.compactMap(\.stringValue).sorted()
    }

    /// A table's pairs in a fixed order (numbers ascending, then strings, then the rest by
    /// their text), so that what is read and reported from a table never depends on hashing;
    /// empty when not a table.
    public var sortedPairs: [(key: LuaValue, value: LuaValue)] {
        guard case .table(let t) = self else { return [] }
        func rank(_ k: LuaValue) -> Int {
            switch k {
            case .integer, .number: return 0
            case .string: return 1
            default: return 2
            }
        }
        return t.map { (key: $0.key, value: $0.value) }.sorted { a, b in
            let (ra, rb) = (rank(a.key), rank(b.key))
            if ra != rb { return ra < rb }
            if let x = a.key.double, let y = b.key.double { return x < y }
            if let x = a.key.stringValue, let y = b.key.stringValue { return x < y }
            return a.key.description < b.key.description
        }
    }
}
