/// Writes a ``JSONValue`` as readable, diff-friendly JSON (two-space indent, one object member
/// per line, lists of scalars on one line, a final newline).
///
/// ```swift
/// JSONWriter.text(of: .object([JSONMember(key: "a", value: .array([.string("x"), .string("y")]))]))
/// // "{\n  \"a\": [\"x\", \"y\"]\n}\n"
/// ```
enum JSONWriter {
    static func text(of value: JSONValue) -> String {
        var out = ""
        write(value, indent: 0, into: &out)
        out += "\n"
        return out
    }

    private static func write(_ value: JSONValue, indent: Int, into out: inout String) {
        switch value {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n): out += n
        case .string(let s): writeString(s, into: &out)
        case .array(let elements):
            if elements.isEmpty { out += "[]"; return }
            if elements.allSatisfy(isFlat) {
                out += "["
                for (k, e) in elements.enumerated() {
                    if k > 0 { out += ", " }
                    write(e, indent: indent, into: &out)
                }
                out += "]"
            } else {
                out += "[\n"
                for (k, e) in elements.enumerated() {
                    out += String(repeating: " ", count: indent + 2)
                    write(e, indent: indent + 2, into: &out)
                    out += k + 1 < elements.count ? ",\n" : "\n"
                }
                out += String(repeating: " ", count: indent) + "]"
            }
        case .object(let members):
            if members.isEmpty { out += "{}"; return }
            out += "{\n"
            for (k, m) in members.enumerated() {
                out += String(repeating: " ", count: indent + 2)
                writeString(m.key, into: &out)
                out += ": "
                write(m.value, indent: indent + 2, into: &out)
                out += k + 1 < members.count ? ",\n" : "\n"
            }
            out += String(repeating: " ", count: indent) + "}"
        }
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

    private static func writeString(_ s: String, into out: inout String) {
        out += "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case "\u{00}"..."\u{1F}", "\u{7F}", "\u{2028}", "\u{2029}":
                out += "\\u" + String(u.value, radix: 16).leftPadded(to: 4)
            default: out.unicodeScalars.append(u)
            }
        }
        out += "\""
    }
}
