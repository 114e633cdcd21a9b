/// A line diff for failure messages: `-` lines only in `expected`, `+` lines only in `actual`,
/// two spaces for lines in both (longest common subsequence).
///
/// ```swift
/// TextDiff.lines(expected: "{\n  \"a\",\n  \"b\"\n}", actual: "{\n  \"b\",\n  \"a\"\n}")
/// ```
enum TextDiff {
    static func lines(expected: String, actual: String) -> [String] {
        let a = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let b = actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // Very long values: fall back to listing both (the table is O(n·m)).
        guard a.count * b.count <= 4_000_000 else {
            return a.map { "- " + $0 } + b.map { "+ " + $0 }
        }
        var lcs = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                lcs[i][j] = a[i] == b[j] ? lcs[i + 1][j + 1] + 1 : max(lcs[i + 1][j], lcs[i][j + 1])
            }
        }
        var out: [String] = []
        var i = 0, j = 0
        while i < a.count || j < b.count {
            if i < a.count, j < b.count, a[i] == b[j] {
                out.append("  " + a[i]); i += 1; j += 1
            } else if i < a.count, j == b.count || lcs[i + 1][j] >= lcs[i][j + 1] {
                out.append("- " + a[i]); i += 1
            } else {
                out.append("+ " + b[j]); j += 1
            }
        }
        return out
    }
}
