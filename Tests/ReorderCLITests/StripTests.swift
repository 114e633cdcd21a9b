import Foundation
import ReorderTestSupport
import Testing
@testable import ReorderCLI
@testable import ReorderTrace
@testable import ReorderScripting
import ReorderCore

/// Horizontal grids outside the engine: the `strip` demo, `s:show()`, and traces
/// that record the direction (old traces, without it, read as vertical grids).
@Suite struct StripTests {
    func repl(_ input: String, demo: DemoList.Demo) -> (Int32, String) {
        let out = OutputBuffer()
        let console = Console.buffered(input: input, output: out, currentDirectory: packageRoot.path)
        let status = ReplDriver(console: console, demo: demo).run()
        return (status, out.text)
    }

    /// `reorder repl --layout strip`: a dozen 80 × 44 pt tabs on a 375 × 44 pt viewport under
    /// `default`; the content is 12 × 80 = 960 pt wide, so it scrolls 960 − 375 = 585 pt.
    @Test func stripDemoIsATabStrip() {
        let (status, out) = repl("""
            s:policy()
            #s:order()
            s:scene().cells[3].frame.x
            s:drag(1, 2, 1, 4)
            table.concat(s:order(), ",", 1, 5)
            s:show()
            """, demo: .strip)
        #expect(status == 0, "\(out)")
        let lines = out.split(separator: "\n").map(String.init)
        // Item 3 starts at 2 × 80; the drag moves "Calendar" (2) to place 4.
        #expect(Array(lines.prefix(5)) == ["\"default\"", "12", "160.0", "true", "\"Mail,News,Docs,Calendar,Maps\""])
        #expect(out.contains("default | idle | offset 0,0 (max 585,0)"))
        // 64 characters across 375 pt: a tab is 80 / 375 × 64 = 13.65 columns.
        #expect(out.contains("| 1.1 Mail      1.2 News     1.3 Docs      1.4 Calendar  1.5 Maps  |"), "\(out)")
        #expect(out.contains("horizontal grid, 1 row of 80 x 44 pt | scroll x 0/585 [----------------]"))
    }

    /// A drag recorded on the strip: the session line says `"direction":"horizontal"`, and the
    /// replay builds the same strip and ends with the same order.
    @Test func recordedStripDragReplays() throws {
        let dir = try temporaryDirectory()
        let trace = dir.appendingPathComponent("strip.jsonl").path
        let (status, out) = repl("""
            :record \(trace)
            s:press_item(1, 1) s:hold(0.75) s:move(290, 22, 0.2) s:release() s:advance(0.3)
            :stop
            print(table.concat(s:order(), "|"))
            """, demo: .strip)
        #expect(status == 0, "\(out)")
        let text = try String(contentsOfFile: trace, encoding: .utf8)
        #expect(text.contains(#""grid":{"direction":"horizontal","item_height":44.0,"item_width":80.0}"#), "\(text)")
        let decoded = try TraceCodec.decode(text)
        #expect(decoded.header?.gridDirection == .horizontal)
        let outcome = try Replayer.replay(decoded, policy: nil,
                                          console: .buffered(output: OutputBuffer(), currentDirectory: packageRoot.path))
        let lines = out.split(separator: "\n").map(String.init)
        // Mail (x 0...80) carried to x = 290, on tab 4 (240...320): moved to place 4.
        #expect(lines.last == "Calendar|News|Docs|Mail|Maps|Music|Photos|Notes|Weather|Shop|Chat|Wiki")
        #expect(outcome.order.flattened.map(\.id).joined(separator: "|") == lines.last)
    }

    /// A vertical grid's session line is written as before (no direction), and a line without
    /// one reads as vertical; a bad direction is an error naming the field.
    @Test func traceHeadersWithoutADirectionAreVertical() throws {
        var header = Trace.Header(policy: "grid_home", sections: [[Item("a"), Item("b")]])
        header.layout = .grid
        header.grid = ["item_width": 80]
        let vertical = TraceCodec.encode(header: header)
        #expect(vertical.contains(#""grid":{"item_width":80.0}"#))
        #expect(!vertical.contains("direction"))
        #expect(try TraceCodec.decode(vertical + "\n").header?.gridDirection == .vertical)
        // A horizontal grid with no lengths still writes its direction.
        header.grid = [:]
        header.gridDirection = .horizontal
        let horizontal = TraceCodec.encode(header: header)
        #expect(horizontal.contains(#""grid":{"direction":"horizontal"}"#))
        #expect(try TraceCodec.decode(horizontal + "\n").header?.gridDirection == .horizontal)
        let bad = #"{"type":"session","layout":"grid","sections":[["a"]],"grid":{"direction":"diagonal"}}"#
        #expect(throws: TraceError(line: 1, message: #""grid"."direction" must be "vertical" or "horizontal""#)) {
            try TraceCodec.decode(bad + "\n")
        }
    }

    @Test func replRejectsAnUnknownDemo() throws {
        let (status, _, err) = try runReorder(["repl", "--layout", "spiral"])
        #expect(status != 0)
        // argument-parser's message, from DemoList.Demo's cases (the option's ExpressibleByArgument type).
        #expect(err.hasPrefix("Error: The value 'spiral' is invalid for '--layout <layout>'. Please provide one of 'table', 'grid', 'board', 'strip' or 'tree'.\n"), "\(err)")
    }
}
