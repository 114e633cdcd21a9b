import Foundation
import Testing
@testable import ReorderCLI
@testable import ReorderLua

/// `reorder repl --layout grid|board`: the REPL starts on the home-button grid or the task board.
@Suite struct LayoutDemoTests {
    func repl(_ input: String, layout: SessionOptions.LayoutKind, policy: String? = nil) -> (Int32, String) {
        let out = OutputBuffer()
        let console = Console.buffered(input: input, output: out, currentDirectory: packageRoot.path)
        let status = ReplDriver(console: console, policy: policy, layout: layout).run()
        return (status, out.text)
    }

    @Test func gridDemoIsTheHomeButtonGrid() {
        let (status, out) = repl("""
            s:policy()
            #s:order()
            s:drag(1, 2, 1, 11)
            s:order()[11]
            s:show()
            """, layout: .grid)
        #expect(status == 0, "\(out)")
        let lines = out.split(separator: "\n").map(String.init)
        #expect(Array(lines.prefix(4)) == ["\"grid_home\"", "14", "true", "\"Grades\""])
        #expect(out.contains("grid_home | idle | offset 0,0 (max 0,0)"))
        #expect(out.contains("| 1.1 Homework     1.2 Timetable   1.3 Notices      1.4 Attendanc  |"))
        #expect(out.contains("grid 4 columns of 81.25 x 85 pt | no scrolling (content fits)"))
    }

    @Test func boardDemoIsTheTaskBoard() {
        let (status, out) = repl("""
            s:policy()
            s:page()
            s:press_item(1, 1)
            s:hold(0.5)
            s:state()
            s:events()[1].type
            s:show()
            """, layout: .board)
        #expect(status == 0, "\(out)")
        let lines = out.split(separator: "\n").map(String.init)
        #expect(Array(lines.prefix(4)) == ["\"kanban\"", "1\t3", "\"idle\"", "\"refuse\""])   // "Standup" is finished
        #expect(out.contains("== today (16) =="))
        #expect(out.contains("1.1 Standup (finished)"))
        #expect(out.contains("page 1/3 | list scroll today 0/81, next 0/0 | zones < 60 pt >, ^ 150 pt v"))
    }

    @Test func anExplicitPolicyWins() {
        let (status, out) = repl("s:policy()\n", layout: .grid, policy: "uikit")
        #expect(status == 0)
        #expect(out == "\"uikit\"\n")
    }
}
