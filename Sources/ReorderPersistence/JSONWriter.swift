/// Writes a ``JSONValue`` as UTF-8 JSON, the one JSON writer of the package. Two styles:
/// readable, diff-friendly documents (order files: two-space indent, one object member per
/// line, lists of scalars on one line, a final newline) and compact one-line records (trace
/// lines, JSON reports: no spaces, no newline).
///
/// ```swift
/// let v = JSONValue.object([JSONMember(key: "a", value: .array([.string("x"), .string("y")]))])
/// JSONWriter.text(of: v)       // "{\n  \"a\": [\"x\", \"y\"]\n}\n"
/// JSONWriter.compact(v)        // "{\"a\":[\"x\",\"y\"]}"
/// ```
package enum JSONWriter {
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

    /// A JSON string literal of `s` (quotes and escapes as in documents).
    package static func quoted(_ s: String) -> String {
        var out: [UInt8] = []
        writeString(s, into: &out)
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
                writeString(m.key, into: &out)
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
        case .string(let s): writeString(s, into: &out)
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
                writeString(m.key, into: &out)
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

    /// Escapes `"`, `\`, control characters, DEL and U+2028/U+2029 (line separators that
    /// break JavaScript readers); everything else is written as UTF-8.
    private static func writeString(_ s: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        let u = Array(s.utf8)
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
        out.append(UInt8(ascii: "\""))
    }

    private static func unicodeEscape(_ v: UInt32, into out: inout [UInt8]) {
        out.append(contentsOf: ("\\u" + String(v, radix: 16).leftPadded(to: 4)).utf8)
    }
}
