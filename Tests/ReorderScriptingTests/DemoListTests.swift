import ReorderCore
import Testing
@testable import ReorderScripting

/// The demos' session options (``DemoList``): each layout's demo on the phone screen the
/// reference documents show (375 × 667 pt, an iPhone 8), 44 pt rows, with its own policy
/// unless one is given.
@Suite struct DemoListTests {
    @Test func everyDemoIsOnThePhoneWithItsPolicy() {
        let expected: [(SessionOptions.LayoutKind, String)] = [
            (.table, "default"), (.grid, "grid_home"), (.tree, "default"), (.board, "kanban"),
        ]
        for (layout, policy) in expected {
            let o = DemoList.options(layout: layout)
            #expect(o.layout == layout)
            #expect(o.policy == .builtin(policy), "\(layout)")
            #expect(o.viewport == Size(width: 375, height: 667), "\(layout)")
            #expect(o.rowHeight == 44, "\(layout)")
            #expect(DemoList.options(layout: layout, policy: .builtin("uikit")).policy == .builtin("uikit"))
        }
        // What each adds: the to-do table's 28 pt headers over "Today" and "Later", 15 rows each;
        // the 14 home buttons; the outline's 4 roots; the board's 3 lists of 16, 6 and 4 tasks
        // under 44 pt titles.
        let table = DemoList.options(layout: .table)
        #expect(table.headerHeight == 28)
        #expect(table.sectionTitles == ["Today", "Later"])
        #expect(table.sections.map(\.count) == [15, 15])
        #expect(DemoList.options(layout: .grid).sections.map(\.count) == [14])
        #expect(DemoList.options(layout: .tree).tree?.count == 4)
        let board = DemoList.options(layout: .board)
        #expect(board.sections.map(\.count) == [16, 6, 4])
        #expect(board.headerHeight == 44)
        #expect(board.sectionTitles == ["today", "next", "later"])
    }
}
