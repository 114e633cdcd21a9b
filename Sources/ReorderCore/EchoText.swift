/// How a message shows text that came from input (a trace's type or field name, an item id, a
/// policy's key): cut to a bounded length, and with every character that a terminal would not
/// show as itself written as an escape, so a NUL, an escape sequence or a right-to-left override
/// in a file can neither hide in nor rewrite the line that reports it.
///
/// ```swift
/// EchoText.clip("do\u{0}wn")                          // "do\\u{0}wn"
/// EchoText.clip("a\tb\n")                             // "a\\tb\\n"
/// EchoText.clip(String(repeating: "k", count: 70))    // 64 "k" and "…"
/// ```
public enum EchoText {
    /// The most characters of an input's text a message shows.
    public static let maximumLength = 64

    /// `text` cut to `limit` characters (with "…" when cut), control and bidirectional
    /// formatting characters escaped: `\t`, `\n`, `\r`, and `\u{HEX}` (Lua 5.4's and Swift's
    /// notation) for the others (C0, DEL, C1, U+061C, U+200E-U+200F, U+202A-U+202E,
    /// U+2066-U+2069).
    public static func clip(_ text: String, limit: Int = maximumLength) -> String {
        var out = ""
        var shown = 0
        for c in text {
            if shown == limit { return out + "…" }
            shown += 1
            guard c.unicodeScalars.contains(where: needsEscape) else { out.append(c); continue }
            for u in c.unicodeScalars { append(u, to: &out) }
        }
        return out
    }

    /// ``clip(_:limit:)`` of bytes read from a file: invalid UTF-8 shows as U+FFFD. Reads at
    /// most four bytes per character shown, so a long line costs no more than a short one.
    public static func clip(_ bytes: ArraySlice<UInt8>, limit: Int = maximumLength) -> String {
        clip(String(decoding: bytes.prefix(4 * (limit + 1)), as: UTF8.self), limit: limit)
    }

    static func needsEscape(_ u: Unicode.Scalar) -> Bool {
        switch u.value {
        case 0..<0x20, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    static func append(_ u: Unicode.Scalar, to out: inout String) {
        switch u {
        case "\t": out += "\\t"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        default:
            if needsEscape(u) { out += "\\u{" + String(u.value, radix: 16, uppercase: true) + "}" } else { out.unicodeScalars.append(u) }
        }
    }
}
