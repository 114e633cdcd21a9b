import Testing
import ReorderCore
@testable import ReorderPlot

/// `s:show()`'s text, drawn from a `Scene` (the REPL transcripts check the same text through
/// the session API; these check the renderer on its own).
@Suite struct SceneTextTests {
    func pad(_ s: String, _ n: Int) -> String { s + String(repeating: " ", count: n - s.count) }

    /// Five 44 pt rows in a 375 × 200 viewport under `default`: its zone is min(25 % of 200,
    /// 120) = 50 pt (DefaultPolicy.zoneFraction, maximumZone), so the row whose middle is
    /// above 50 (row 1, at 22) gets `^` and those below 200 − 50 = 150 (rows 4 and 5, at 154
    /// and 198) get `v`; 5 × 44 = 220 pt of content scroll by at most 20.
    @Test func aTableIsOneLinePerRowWithZoneMarks() {
        let order = Order(sections: [["a", "b", "c", "d", "e"].map { Item($0) }])
        let session = DragSession(order: order, layout: TableLayout(order: order, width: 375, rowHeight: 44),
                                  viewport: Size(width: 375, height: 200))
        let text = SceneText().render(session.scene(policy: DefaultPolicy()))
        let border = "   +" + String(repeating: "-", count: 42) + "+"
        let rows = zip(["^", " ", " ", "v", "v"], ["a", "b", "c", "d", "e"].enumerated()).map { mark, item in
            " \(mark) | " + pad("1.\(item.offset + 1)  \(item.element)", 40) + " |"
        }
        #expect(text == (["default | idle | offset 0,0 (max 0,20) | t 0 s", border] + rows
                         + [border, "   zones 50 pt (^ top, v bottom) | scroll 0/20 [----------------]"])
            .joined(separator: "\n") + "\n")
    }

    @Test func colorPaintsTheHeadingBoldAndTheMarksYellow() {
        let order = Order(sections: [["a"].map { Item($0) }])
        let session = DragSession(order: order, layout: TableLayout(order: order, width: 375, rowHeight: 44),
                                  viewport: Size(width: 375, height: 200))
        let lines = SceneText(color: true).render(session.scene(policy: DefaultPolicy())).split(separator: "\n")
        #expect(lines[0] == "\u{1B}[1mdefault | idle | offset 0,0 (max 0,0) | t 0 s\u{1B}[0m")
        // Row 1's middle, 22 pt, is in the 50 pt top zone.
        #expect(lines[2] == " \u{1B}[33m^\u{1B}[0m | " + pad("1.1  a", 40) + " |")
    }

    /// Eight items in a 375 pt wide grid of 93.75 × 85 pt cells: 4 columns, two lines; each
    /// cell's text starts at the character column of its x, round(x / 375 × 64) = 0, 16, 32,
    /// 48, and stops one column short of the next cell.
    @Test func aGridIsARasterWithItsShapeInTheFooter() {
        let order = Order(sections: [["a", "b", "c", "d", "e", "f", "g", "h"].map { Item($0) }])
        let grid = GridLayout(order: order, width: 375, itemSize: Size(width: 93.75, height: 85))
        let session = DragSession(order: order, layout: grid, viewport: Size(width: 375, height: 200))
        let scene = session.scene(policy: DefaultPolicy())
        #expect(scene.grid?.columns == 4)
        #expect(scene.grid?.itemSize == Size(width: 93.75, height: 85))
        let text = SceneText().render(scene)
        func line(_ first: Int, _ titles: [String]) -> String {
            var chars = [Character](repeating: " ", count: 64)
            for (k, t) in titles.enumerated() {
                for (j, ch) in "1.\(first + k) \(t)".enumerated() { chars[16 * k + j] = ch }
            }
            return "   | " + String(chars) + " |"
        }
        let border = "   +" + String(repeating: "-", count: 66) + "+"
        #expect(text == ["default | idle | offset 0,0 (max 0,0) | t 0 s", border,
                         line(1, ["a", "b", "c", "d"]), line(5, ["e", "f", "g", "h"]), border,
                         "   grid 4 columns of 93.75 x 85 pt | no scrolling (content fits)"]
            .joined(separator: "\n") + "\n")
    }

    /// A board of two 10-row lists in a 375 × 667 viewport (inset 40: lists 335 pt wide at x
    /// 20 and 20 + 335 + 10 = 365): the first list shows whole, the second peeks in at the
    /// right; the footer gives the page, each visible list's scroll and the zones.
    @Test func aBoardShowsTheListsThatPeekIn() throws {
        let order = Order(sections: [(1...10).map { Item("a\($0)") }, (1...10).map { Item("b\($0)") }],
                          titles: ["today", "next"])
        let board = BoardLayout(order: order, viewport: Size(width: 375, height: 667), spacing: 10, headerHeight: 30)
        let session = DragSession(order: order, layout: board, viewport: Size(width: 375, height: 667))
        let scene = session.scene(policy: DefaultPolicy())
        let b = try #require(scene.board)
        #expect(b.page == 0)
        #expect(b.pageCount == 2)
        #expect(b.lists.map(\.section) == [0, 1])
        #expect(b.lists.map(\.frame.minX) == [20, 365])
        let text = SceneText().render(scene)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // The title line: "== today (10) ==" from column round(20 / 375 × 64) = 3.
        #expect(lines[2].hasPrefix("   |    == today (10) =="))
        #expect(lines[3].hasPrefix("   |    1.1 a1"))
        #expect(lines.contains("   page 1/2 | list scroll today 0/0, next 0/0 | zones ^ 120 pt v"))
    }
}
