/// A Lua value as it crosses between the scripting VM and Swift (arguments of `s:press(...)`,
/// results of `s:items()`, the options of `reorder.session{...}`).
///
/// Tables keep their pairs; `array` and `record` build the two common shapes.
///
/// ```swift
/// let row: ScriptValue = .array([.int(1), .int(3)])          // Lua: {1, 3}
/// let ev: ScriptValue = .record(["type": .string("move")])   // Lua: {type = "move"}
/// ```
public enum ScriptValue: Hashable, Sendable, CustomStringConvertible {
    case `nil`
    case bool(Bool)
    case int(Int64)
    case number(Double)
    case string(String)
    /// Key/value pairs in the order Lua's `next` gave them (or the order built).
    case table([Pair])
    /// A value that cannot leave the VM (a function, a userdata): its type name.
    case opaque(String)
    /// A table kept alive in the VM by a registry reference (an inline policy table).
    case reference(Int32)

    public struct Pair: Hashable, Sendable {
        public var key: ScriptValue
        public var value: ScriptValue
        public init(_ key: ScriptValue, _ value: ScriptValue) { self.key = key; self.value = value }
    }

    /// A Lua sequence `{v1, v2, ...}`.
    public static func array(_ values: [ScriptValue]) -> ScriptValue {
        .table(values.enumerated().map { Pair(.int(Int64($0.offset + 1)), $0.element) })
    }

    /// A Lua record `{k = v, ...}` (keys sorted, so results are deterministic).
    public static func record(_ fields: [String: ScriptValue]) -> ScriptValue {
        .table(fields.keys.sorted().compactMap { k in
            guard let v = fields[k], v != .nil else { return nil }
            return Pair(.string(k), v)
        })
    }

    /// The Lua type name (`"nil"`, `"boolean"`, `"number"`, `"string"`, `"table"`, ...).
    public var typeName: String {
        switch self {
        case .nil: return "nil"
        case .bool: return "boolean"
        case .int, .number: return "number"
        case .string: return "string"
        case .table, .reference: return "table"
        case .opaque(let t): return t
        }
    }

    /// The number, if this is a number.
    public var double: Double? {
        switch self {
        case .int(let i): return Double(i)
        case .number(let d): return d
        default: return nil
        }
    }

    /// The integer, if this is a number with an integral value.
    public var integer: Int? {
        switch self {
        case .int(let i): return Int(exactly: i)
        case .number(let d): return d.isFinite && d == d.rounded() && abs(d) < 9e15 ? Int(d) : nil
        default: return nil
        }
    }

    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// Field `key` of a table (`nil` when absent or not a table).
    public subscript(key: String) -> ScriptValue {
        guard case .table(let pairs) = self else { return .nil }
        for p in pairs where p.key == .string(key) { return p.value }
        return .nil
    }

    /// The sequence part `t[1], t[2], ...` up to the first nil, or nil when not a table.
    public var sequence: [ScriptValue]? {
        guard case .table(let pairs) = self else { return nil }
        var byIndex: [Int: ScriptValue] = [:]
        for p in pairs { if case .int(let i) = p.key, i >= 1, i <= Int64(pairs.count) { byIndex[Int(i)] = p.value } }
        var out: [ScriptValue] = []
        var i = 1
        while let v = byIndex[i] { out.append(v); i += 1 }
        return out
    }

    /// The string keys of a table.
    public var stringKeys: [String] {
        guard case .table(let pairs) = self else { return [] }
        return pairs.compactMap { $0.key.stringValue }
    }

    public var description: String {
        switch self {
        case .nil: return "nil"
        case .bool(let b): return b ? "true" : "false"
        case .int(let i): return String(i)
        case .number(let d): return ScriptValue.format(d)
        case .string(let s): return "\"\(s)\""
        case .table(let pairs):
            return "{" + pairs.map { "[\($0.key)] = \($0.value)" }.joined(separator: ", ") + "}"
        case .opaque(let t): return "<\(t)>"
        case .reference(let r): return "<table ref \(r)>"
        }
    }

    /// Lua's `%.14g` formatting of a float (what `tostring` prints).
    public static func format(_ d: Double) -> String {
        if d.isNaN { return "nan" }
        if d.isInfinite { return d < 0 ? "-inf" : "inf" }
        if d == d.rounded(), abs(d) < 1e15 { return String(Int64(d)) + ".0" }
        return String(d)
    }
}

// MARK: - Wire format (see CLuaShim/include/scripting.h)

extension ScriptValue {
    private enum Tag: UInt8 {
        case nilValue = 0, falseValue, trueValue, int, double, string, table, end, opaque, reference
    }

    /// Encodes a counted list of values.
    static func encodeList(_ values: [ScriptValue]) -> [UInt8] {
        var out: [UInt8] = []
        appendUInt32(&out, UInt32(values.count))
        for v in values { v.encode(into: &out) }
        return out
    }

    func encode(into out: inout [UInt8]) {
        switch self {
        case .nil: out.append(Tag.nilValue.rawValue)
        case .bool(let b): out.append(b ? Tag.trueValue.rawValue : Tag.falseValue.rawValue)
        case .int(let i):
            out.append(Tag.int.rawValue)
            withUnsafeBytes(of: i) { out.append(contentsOf: $0) }
        case .number(let d):
            out.append(Tag.double.rawValue)
            withUnsafeBytes(of: d) { out.append(contentsOf: $0) }
        case .string(let s):
            out.append(Tag.string.rawValue)
            let bytes = Array(s.utf8)
            ScriptValue.appendUInt32(&out, UInt32(bytes.count))
            out.append(contentsOf: bytes)
        case .table(let pairs):
            out.append(Tag.table.rawValue)
            for p in pairs {
                p.key.encode(into: &out)
                p.value.encode(into: &out)
            }
            out.append(Tag.end.rawValue)
        case .opaque(let t):
            out.append(Tag.opaque.rawValue)
            let bytes = Array(t.utf8)
            ScriptValue.appendUInt32(&out, UInt32(bytes.count))
            out.append(contentsOf: bytes)
        case .reference(let r):
            out.append(Tag.reference.rawValue)
            withUnsafeBytes(of: r) { out.append(contentsOf: $0) }
        }
    }

    private static func appendUInt32(_ out: inout [UInt8], _ v: UInt32) {
        withUnsafeBytes(of: v) { out.append(contentsOf: $0) }
    }

    /// Decodes a counted list; malformed input yields what could be read.
    static func decodeList(_ buffer: UnsafeRawBufferPointer) -> [ScriptValue] {
        var reader = Reader(buffer: buffer)
        guard let count: UInt32 = reader.read() else { return [] }
        var values: [ScriptValue] = []
        for _ in 0..<count {
            guard let v = reader.value(depth: 0) else { break }
            values.append(v)
        }
        return values
    }

    private struct Reader {
        let buffer: UnsafeRawBufferPointer
        var offset = 0

        mutating func read<T: BitwiseCopyable>() -> T? {
            guard offset + MemoryLayout<T>.size <= buffer.count else { return nil }
            let value = buffer.loadUnaligned(fromByteOffset: offset, as: T.self)
            offset += MemoryLayout<T>.size
            return value
        }

        mutating func bytesString() -> String? {
            guard let n: UInt32 = read(), offset + Int(n) <= buffer.count else { return nil }
            let s = String(decoding: UnsafeRawBufferPointer(rebasing: buffer[offset..<(offset + Int(n))]), as: UTF8.self)
            offset += Int(n)
            return s
        }

        mutating func value(depth: Int) -> ScriptValue? {
            guard depth < 100, let raw: UInt8 = read(), let tag = Tag(rawValue: raw) else { return nil }
            switch tag {
            case .nilValue: return .nil
            case .falseValue: return .bool(false)
            case .trueValue: return .bool(true)
            case .int: return (read() as Int64?).map { .int($0) }
            case .double: return (read() as Double?).map { .number($0) }
            case .string: return bytesString().map { .string($0) }
            case .opaque: return bytesString().map { .opaque($0) }
            case .reference: return (read() as Int32?).map { .reference($0) }
            case .end: return nil
            case .table:
                var pairs: [Pair] = []
                while true {
                    guard offset < buffer.count else { return nil }
                    if buffer[offset] == Tag.end.rawValue { offset += 1; break }
                    guard let k = value(depth: depth + 1), let v = value(depth: depth + 1) else { return nil }
                    pairs.append(Pair(k, v))
                }
                return .table(pairs)
            }
        }
    }
}
