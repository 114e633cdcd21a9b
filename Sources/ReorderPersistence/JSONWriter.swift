/// Writes JSON as UTF-8: the one JSON writer of the package.
///
/// Written straight as text (no tree in between: the playground writes a scene for every
/// input message) with ``object(_:)``, ``array(_:)`` and `field`; or from a
/// ``JSONValue`` in one of two styles: compact one-line records (trace lines, JSON reports: no
/// spaces, no newline) and readable, diff-friendly documents (order files: two-space indent,
/// one object member per line, lists of scalars on one line, a final newline).
///
/// Every string is escaped alike: `"`, `\`, every control character (`\n`, `\r`, `\t`, `\b`,
/// `\f` short, the others as `\u00XX`), DEL and U+2028/U+2029 (line separators that break
/// JavaScript readers). A `Double` is written as Swift spells it, so it reads back exactly
/// (`120.0`, `0.1`, `1e-05`), an `Int` as its digits; a number JSON cannot hold (NaN, an
/// infinity) as `null`.
///
/// ```swift
/// var w = JSONWriter()
/// w.object { w in w.field("v", 4); w.field("time", 1.5); w.field("at") { $0.array { $0.number(120) } } }
/// w.text   // {"v":4,"time":1.5,"at":[120.0]}
///
/// let v = JSONValue.object([JSONMember(key: "a", value: .array([.string("x"), .string("y")]))])
/// JSONWriter.text(of: v)       // "{\n  \"a\": [\"x\", \"y\"]\n}\n"
/// JSONWriter.compact(v)        // "{\"a\":[\"x\",\"y\"]}"
/// ```
package struct JSONWriter {
    /// The UTF-8 bytes written so far.
    package private(set) var bytes: [UInt8] = []
    private var needsComma = false

    package init(capacity: Int = 256) { bytes.reserveCapacity(capacity) }

    /// The JSON written so far, as a string.
    package var text: String { String(decoding: bytes, as: UTF8.self) }

    // MARK: Writing as text

    package mutating func object(_ body: (inout JSONWriter) -> Void) {
        comma(); bytes.append(UInt8(ascii: "{")); needsComma = false
        body(&self)
        bytes.append(UInt8(ascii: "}")); needsComma = true
    }

    package mutating func array(_ body: (inout JSONWriter) -> Void) {
        comma(); bytes.append(UInt8(ascii: "[")); needsComma = false
        body(&self)
        bytes.append(UInt8(ascii: "]")); needsComma = true
    }

    /// A member of the object being written: its key, then what `body` writes.
    package mutating func field(_ key: String, _ body: (inout JSONWriter) -> Void) {
        comma()
        Self.appendString(key, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
        body(&self)
        needsComma = true
    }

    /// A `Double` as Swift spells it (`120.0`, `0.1`, `1e-05`: it reads back exactly), `null`
    /// when it is not finite.
    package mutating func number(_ d: Double) {
        comma(); Self.appendNumber(d, to: &bytes); needsComma = true
    }

    package mutating func integer(_ n: Int) {
        comma(); Self.appendInteger(n, to: &bytes); needsComma = true
    }

    package mutating func string(_ s: String) {
        comma(); Self.appendString(s, to: &bytes); needsComma = true
    }

    package mutating func bool(_ b: Bool) {
        comma(); bytes.append(contentsOf: (b ? "true" : "false").utf8); needsComma = true
    }

    package mutating func null() {
        comma(); bytes.append(contentsOf: "null".utf8); needsComma = true
    }

    /// A value, compact (numbers as they are spelled in it).
    package mutating func value(_ v: JSONValue) {
        comma(); Self.writeCompact(v, into: &bytes); needsComma = true
    }

    // Shorthands for fields.
    package mutating func field(_ key: String, _ d: Double) { field(key) { $0.number(d) } }
    package mutating func field(_ key: String, _ n: Int) { field(key) { $0.integer(n) } }
    package mutating func field(_ key: String, _ s: String) { field(key) { $0.string(s) } }
    package mutating func field(_ key: String, _ b: Bool) { field(key) { $0.bool(b) } }

    private mutating func comma() { if needsComma { bytes.append(UInt8(ascii: ",")) } }

    // MARK: Writing a value

    /// The document as UTF-8 bytes.
    package static func bytes(of value: JSONValue) -> [UInt8] {
        var out: [UInt8] = []
        write(value, indent: 0, into: &out)
        out.append(0x0A)
        return out
    }

    /// The document as a string.
    package static func text(of value: JSONValue) -> String { String(decoding: bytes(of: value), as: UTF8.self) }

    /// `value` on one line with no spaces and no final newline (a JSON Lines record).
    package static func compact(_ value: JSONValue) -> String {
        var out: [UInt8] = []
        writeCompact(value, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// A JSON string literal of `s`.
    package static func quoted(_ s: String) -> String {
        var out: [UInt8] = []
        appendString(s, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    private static func writeCompact(_ value: JSONValue, into out: inout [UInt8]) {
        switch value {
        case .array(let elements):
            out.append(UInt8(ascii: "["))
            for (k, e) in elements.enumerated() {
                if k > 0 { out.append(UInt8(ascii: ",")) }
                writeCompact(e, into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (k, m) in members.enumerated() {
                if k > 0 { out.append(UInt8(ascii: ",")) }
                appendString(m.key, to: &out)
                out.append(UInt8(ascii: ":"))
                writeCompact(m.value, into: &out)
            }
            out.append(UInt8(ascii: "}"))
        case .null, .bool, .number, .string:
            write(value, indent: 0, into: &out)
        }
    }

    private static func write(_ value: JSONValue, indent: Int, into out: inout [UInt8]) {
        switch value {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .number(let n): out.append(contentsOf: n.utf8)
        case .string(let s): appendString(s, to: &out)
        case .array(let elements):
            if elements.isEmpty { out.append(contentsOf: "[]".utf8); return }
            if elements.allSatisfy(isFlat) {
                out.append(UInt8(ascii: "["))
                for (k, e) in elements.enumerated() {
                    if k > 0 { out.append(contentsOf: ", ".utf8) }
                    write(e, indent: indent, into: &out)
                }
                out.append(UInt8(ascii: "]"))
            } else {
                out.append(contentsOf: "[\n".utf8)
                for (k, e) in elements.enumerated() {
                    spaces(indent + 2, into: &out)
                    write(e, indent: indent + 2, into: &out)
                    out.append(contentsOf: (k + 1 < elements.count ? ",\n" : "\n").utf8)
                }
                spaces(indent, into: &out)
                out.append(UInt8(ascii: "]"))
            }
        case .object(let members):
            if members.isEmpty { out.append(contentsOf: "{}".utf8); return }
            out.append(contentsOf: "{\n".utf8)
            for (k, m) in members.enumerated() {
                spaces(indent + 2, into: &out)
                appendString(m.key, to: &out)
                out.append(contentsOf: ": ".utf8)
                write(m.value, indent: indent + 2, into: &out)
                out.append(contentsOf: (k + 1 < members.count ? ",\n" : "\n").utf8)
            }
            spaces(indent, into: &out)
            out.append(UInt8(ascii: "}"))
        }
    }

    private static func spaces(_ n: Int, into out: inout [UInt8]) {
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: n))
    }

    /// Scalars and empty containers; a list made only of them goes on one line (so an order
    /// is written one section per line).
    private static func isFlat(_ v: JSONValue) -> Bool {
        switch v {
        case .object(let m): return m.isEmpty
        case .array(let e): return e.isEmpty
        default: return true
        }
    }

    // MARK: Scalars

    /// Swift's round-trip spelling of `d` (``JSONValue/double(_:)``'s), or `null`. Whole values
    /// below 2^53 are written from their digits, as `description` writes them (`120.0`, `-0.0`),
    /// without building a string: a scene holds a hundred numbers, most of them whole points.
    private static func appendNumber(_ d: Double, to out: inout [UInt8]) {
        guard d.isFinite else { out.append(contentsOf: "null".utf8); return }
        if d == d.rounded(), d.magnitude < 0x1p53, d.magnitude < 1e16 {
            if d == 0, d.sign == .minus { out.append(UInt8(ascii: "-")) }
            appendInteger(Int(d), to: &out)
            out.append(contentsOf: ".0".utf8)
        } else {
            var s = d.description
            s.withUTF8 { out.append(contentsOf: $0) }
        }
    }

    private static func appendInteger(_ v: Int, to out: inout [UInt8]) {
        if v == 0 { out.append(UInt8(ascii: "0")); return }
        if v < 0 { out.append(UInt8(ascii: "-")) }
        var n = v.magnitude
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            while n > 0 {
                buffer[count] = UInt8(ascii: "0") + UInt8(n % 10)
                n /= 10
                count += 1
            }
            for i in stride(from: count - 1, through: 0, by: -1) { out.append(buffer[i]) }
        }
    }

    /// A JSON string literal. Most strings need no escape: their bytes go in one copy
    /// (appending a `String.UTF8View` goes byte by byte, which cost more than the rest of a
    /// scene's writing).
    private static func appendString(_ s: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var s = s
        s.withUTF8 { u in
            var plain = true
            for b in u where b < 0x20 || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") || b == 0x7F || b == 0xE2 {
                plain = false
                break
            }
            if plain { out.append(contentsOf: u); return }
            var k = 0
            while k < u.count {
                let b = u[k]
                switch b {
                case UInt8(ascii: "\""): out.append(contentsOf: "\\\"".utf8)
                case UInt8(ascii: "\\"): out.append(contentsOf: "\\\\".utf8)
                case 0x0A: out.append(contentsOf: "\\n".utf8)
                case 0x0D: out.append(contentsOf: "\\r".utf8)
                case 0x09: out.append(contentsOf: "\\t".utf8)
                case 0x08: out.append(contentsOf: "\\b".utf8)
                case 0x0C: out.append(contentsOf: "\\f".utf8)
                case 0x00..<0x20, 0x7F: unicodeEscape(UInt32(b), into: &out)
                case 0xE2 where k + 2 < u.count && u[k + 1] == 0x80 && (u[k + 2] == 0xA8 || u[k + 2] == 0xA9):
                    unicodeEscape(u[k + 2] == 0xA8 ? 0x2028 : 0x2029, into: &out)
                    k += 2
                default: out.append(b)
                }
                k += 1
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    private static func unicodeEscape(_ v: UInt32, into out: inout [UInt8]) {
        out.append(contentsOf: ("\\u" + String(v, radix: 16).leftPadded(to: 4)).utf8)
    }
}
