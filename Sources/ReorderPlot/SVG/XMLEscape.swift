/// The one XML escaper of the package, for attribute values and text: the SVG this module
/// writes, and the JUnit reports of `reorder test --junit`.
///
/// ```swift
/// XMLEscape.attribute("a<b & \"c\"")   // a&lt;b &amp; &quot;c&quot;
/// XMLEscape.text("1 < 2\n")            // 1 &lt; 2\n
/// ```
public enum XMLEscape {
    /// Escapes `&`, `<`, `>`, `"` and `'`, writes tab, newline and carriage return as
    /// character references (attribute-value normalization would turn them into spaces);
    /// drops characters XML 1.0 forbids (other controls, U+FFFE, U+FFFF), so any text gives a
    /// well-formed file.
    public static func attribute(_ s: String) -> String { escape(s, quotes: true) }
    /// Escapes `&`, `<` and `>`; keeps tab, newline and carriage return; drops characters XML
    /// 1.0 forbids.
    public static func text(_ s: String) -> String { escape(s, quotes: false) }

    private static func escape(_ s: String, quotes: Bool) -> String {
        var needs = false
        for u in s.unicodeScalars where u == "&" || u == "<" || u == ">" || u.value < 0x20
            || u.value == 0xFFFE || u.value == 0xFFFF || (quotes && (u == "\"" || u == "'")) {
            needs = true
            break
        }
        if !needs { return s }
        var out = String.UnicodeScalarView()
        for u in s.unicodeScalars {
            switch u {
            case "&": out.append(contentsOf: "&amp;".unicodeScalars)
            case "<": out.append(contentsOf: "&lt;".unicodeScalars)
            case ">": out.append(contentsOf: "&gt;".unicodeScalars)
            case "\"" where quotes: out.append(contentsOf: "&quot;".unicodeScalars)
            case "'" where quotes: out.append(contentsOf: "&apos;".unicodeScalars)
            case "\t", "\n", "\r":
                if quotes {
                    out.append(contentsOf: "&#\(u.value);".unicodeScalars)
                } else {
                    out.append(u)
                }
            default:
                if u.value < 0x20 || u.value == 0xFFFE || u.value == 0xFFFF { continue }
                out.append(u)
            }
        }
        return String(out)
    }
}
