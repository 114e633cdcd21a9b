/// A line diff for failure messages: `-` lines only in `expected`, `+` lines only in `actual`,
/// two spaces for lines in both. The edit script is the standard library's
/// `difference(from:)` (Myers), so long values cost O((n+m)·d), not an n·m table.
///
/// ```swift
/// TextDiff.lines(expected: "{\n  \"a\",\n  \"b\"\n}", actual: "{\n  \"b\",\n  \"a\"\n}")
/// // ["  {", "-   \"a\",", "    \"b\",", "+   \"a\",", "  }"]
/// ```
enum TextDiff {
    static func lines(expected: String, actual: String) -> [String] {
        let a = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let b = actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var removed = Set<Int>(), inserted = Set<Int>()
        for change in b.difference(from: a) {
            switch change {
            case .remove(let offset, _, _): removed.insert(offset)
            case .insert(let offset, _, _): inserted.insert(offset)
            }
        }
        // Walk both sides: a removed line of `a` first, then an inserted line of `b`, else the
        // two lines are the same line of the common subsequence.
        var out: [String] = []
        out.reserveCapacity(a.count + inserted.count)
        var i = 0, j = 0
        while i < a.count || j < b.count {
            if i < a.count, removed.contains(i) {
                out.append("- " + a[i]); i += 1
            } else if j < b.count, inserted.contains(j) {
                out.append("+ " + b[j]); j += 1
            } else {
                out.append("  " + a[i]); i += 1; j += 1
            }
        }
        return out
    }
}
