/// Finds the line where a policy file sets a field, from the file's text: a policy table is
/// a value when it is read, so its keys carry no line of their own.
///
/// The text is first blanked of comments and string contents (newlines kept), so a comment
/// such as `-- snapshot.scale = 2` does not count. Then each component of the path is looked
/// for as `NAME =` (not `==`, not after a `.`) at the brace depth it must have: `scale` of
/// `snapshot.scale` one level deeper than `snapshot`, after it and before its table closes.
/// The search starts at the chunk's last top-level `return {` (the policy table), or at the
/// start when that finds nothing (a table built in a local first). When only a prefix is
/// found (`snapshot = s`, its fields set elsewhere), its line is given.
///
/// ```swift
/// let text = "return {\n  name = 'x',\n  snapshot = {\n    scale = 0,\n  },\n}\n"
/// FieldLocator(text).line(of: "snapshot.scale")   // 4
/// ```
struct FieldLocator {
    private let bytes: [UInt8]

    init(_ source: String) { bytes = Self.blanked(Array(source.utf8)) }

    /// The 1-based line of the field at `path` (`"snapshot.shadow.offset"`; a `[n]` suffix of a
    /// component is ignored), nil when even its first component is not found.
    func line(of path: String) -> Int? {
        let parts = path.split(separator: ".").map { part -> [UInt8] in
            Array((part.firstIndex(of: "[").map { part[..<$0] } ?? part).utf8)
        }
        for start in [lastTopLevelReturnTable(), 0].compactMap({ $0 }) {
            if let at = find(parts, from: start) { return line(at: at) }
        }
        return nil
    }

    /// Where the deepest component of `parts` found starts (depths counted from `start`).
    private func find(_ parts: [[UInt8]], from start: Int) -> Int? {
        var position = start
        var found: Int?
        for part in parts {
            // Each component is a key of the table that follows the previous one (the first:
            // of the table that starts at `start`).
            guard let at = find(part, from: position, depth: 1, afterKey: found != nil) else { break }
            found = at
            position = at + part.count
        }
        return found
    }

    /// The first `name =` at brace depth `want` (counted from `from`) inside the first table
    /// that opens after `from`. `afterKey`: `from` is just past a key, so a `,` or `;` before
    /// any `{` means its value is not a table (nothing inside it to find).
    private func find(_ name: [UInt8], from: Int, depth want: Int, afterKey: Bool) -> Int? {
        var depth = 0
        var entered = false
        var i = from
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "{") {
                depth += 1; entered = true
            } else if b == UInt8(ascii: "}") {
                depth -= 1
                if depth < 0 || (entered && depth == 0) { return nil }
            } else if afterKey, !entered, b == UInt8(ascii: ",") || b == UInt8(ascii: ";") {
                return nil
            } else if depth == want, b == name.first, matches(name, at: i) {
                return i
            }
            i += 1
        }
        return nil
    }

    /// `name` at `i` as a whole identifier (not after `.`), followed by `=` that is not `==`.
    private func matches(_ name: [UInt8], at i: Int) -> Bool {
        guard i + name.count <= bytes.count, Array(bytes[i..<(i + name.count)]) == name else { return false }
        if i > 0, Self.isIdentifier(bytes[i - 1]) || bytes[i - 1] == UInt8(ascii: ".") { return false }
        var j = i + name.count
        if j < bytes.count, Self.isIdentifier(bytes[j]) { return false }
        while j < bytes.count, bytes[j] == 32 || bytes[j] == 9 || bytes[j] == 10 || bytes[j] == 13 { j += 1 }
        guard j < bytes.count, bytes[j] == UInt8(ascii: "=") else { return false }
        return j + 1 >= bytes.count || bytes[j + 1] != UInt8(ascii: "=")
    }

    /// The `{` of the last `return {` at brace depth 0.
    private func lastTopLevelReturnTable() -> Int? {
        let word = Array("return".utf8)
        var depth = 0
        var result: Int?
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "{") { depth += 1 } else if b == UInt8(ascii: "}") { depth -= 1 } else if depth == 0, b == word[0],
                i + word.count <= bytes.count, Array(bytes[i..<(i + word.count)]) == word,
                i == 0 || !Self.isIdentifier(bytes[i - 1]) {
                var j = i + word.count
                while j < bytes.count, bytes[j] == 32 || bytes[j] == 9 || bytes[j] == 10 || bytes[j] == 13 { j += 1 }
                if j < bytes.count, bytes[j] == UInt8(ascii: "{") { result = j }
            }
            i += 1
        }
        return result
    }

    private func line(at offset: Int) -> Int {
        1 + bytes[..<offset].reduce(0) { $0 + ($1 == 10 ? 1 : 0) }
    }

    static func isIdentifier(_ b: UInt8) -> Bool {
        (b >= 48 && b <= 57) || (b >= 65 && b <= 90) || (b >= 97 && b <= 122) || b == 95
    }

    /// `text` with comments and the insides of strings replaced by spaces (newlines kept).
    static func blanked(_ text: [UInt8]) -> [UInt8] {
        var out = text
        var i = 0
        func blank(_ from: Int, _ to: Int) {
            for k in from..<min(to, out.count) where out[k] != 10 { out[k] = 32 }
        }
        /// The level of a long bracket `[==[` at `at`, or nil.
        func longBracket(at: Int) -> Int? {
            guard at < text.count, text[at] == UInt8(ascii: "[") else { return nil }
            var j = at + 1, level = 0
            while j < text.count, text[j] == UInt8(ascii: "=") { level += 1; j += 1 }
            return j < text.count && text[j] == UInt8(ascii: "[") ? level : nil
        }
        /// The index just past the `]==]` closing a long bracket of `level` opened before `from`.
        func closeLong(_ level: Int, from: Int) -> Int {
            var j = from
            while j < text.count {
                if text[j] == UInt8(ascii: "]") {
                    var k = j + 1, l = 0
                    while k < text.count, text[k] == UInt8(ascii: "="), l < level { l += 1; k += 1 }
                    if l == level, k < text.count, text[k] == UInt8(ascii: "]") { return k + 1 }
                }
                j += 1
            }
            return text.count
        }
        while i < text.count {
            let b = text[i]
            if b == UInt8(ascii: "-"), i + 1 < text.count, text[i + 1] == UInt8(ascii: "-") {
                if let level = longBracket(at: i + 2) {
                    let end = closeLong(level, from: i + 4 + level)
                    blank(i, end); i = end
                } else {
                    var j = i
                    while j < text.count, text[j] != 10 { j += 1 }
                    blank(i, j); i = j
                }
            } else if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
                var j = i + 1
                while j < text.count, text[j] != b, text[j] != 10 { j += text[j] == UInt8(ascii: "\\") ? 2 : 1 }
                blank(i + 1, j); i = j + 1
            } else if let level = longBracket(at: i) {
                let end = closeLong(level, from: i + 2 + level)
                blank(i + 2 + level, end - 2 - level); i = end
            } else {
                i += 1
            }
        }
        return out
    }
}
