import Testing
@testable import ReorderCLI

/// The spec runner's line diff (`difference(from:)`), line by line.
struct TextDiffTests {
    /// LCS of [a, b, c] and [a, c, b] is [a, c] (length 2): `b` leaves before `c` and comes
    /// back after it; the removed line is listed before the inserted one.
    @Test func aMovedLineIsRemovedThenInserted() {
        #expect(TextDiff.lines(expected: "a\nb\nc", actual: "a\nc\nb") == ["  a", "- b", "  c", "+ b"])
    }

    /// Equal texts: every line common, one "  " line each (3 lines, including the empty last one).
    @Test func equalTextsAreAllCommon() {
        #expect(TextDiff.lines(expected: "x\ny\n", actual: "x\ny\n") == ["  x", "  y", "  "])
    }

    /// Nothing in common: all of `expected` removed, then all of `actual` inserted.
    @Test func disjointTextsListBothSides() {
        #expect(TextDiff.lines(expected: "a\nb", actual: "c") == ["- a", "- b", "+ c"])
    }

    /// A long value (the old table refused 2,001 × 2,001 lines and listed both sides whole):
    /// one changed line in the middle is one `-` and one `+`, the other 2,000 lines common.
    @Test func longValuesStillGetALineDiff() {
        let a = (0...2_000).map { "line \($0)" }
        var b = a
        b[1_000] = "changed"
        let out = TextDiff.lines(expected: a.joined(separator: "\n"), actual: b.joined(separator: "\n"))
        #expect(out.count == 2_002)
        #expect(out[1_000] == "- line 1000")
        #expect(out[1_001] == "+ changed")
        #expect(out.filter { $0.hasPrefix("  ") }.count == 2_000)
    }
}
