import Foundation
import ReorderCore
import Testing
@testable import ReorderCLI
@testable import ReorderTrace

/// `select`, `deselect` and `tap` lines (1-based `section`, `row`), written and read
/// back exactly, and bad ones named.
@Suite struct GroupTraceTests {
    @Test func writesAndReadsSelectDeselectTap() throws {
        let inputs: [TraceInput] = [
            .select(0, ItemPosition(section: 0, item: 1)), .deselect(0.25, ItemPosition(section: 1, item: 0)),
            .down(0.5, Point(x: 120, y: 210)), .tap(1.25, ItemPosition(section: 0, item: 8)),
        ]
        let text = TraceCodec.encode(Trace(header: nil, inputs: inputs))
        #expect(text == """
            {"type":"select","section":1,"row":2,"time":0.0}
            {"type":"deselect","section":2,"row":1,"time":0.25}
            {"type":"down","x":120.0,"y":210.0,"time":0.5}
            {"type":"tap","section":1,"row":9,"time":1.25}

            """)
        #expect(try TraceCodec.decode(text).inputs == inputs)
    }

    @Test(arguments: [
        (#"{"t":0,"type":"select","row":2}"#, #"section: missing (expected a whole number from 1 to 10000000)"#),
        (#"{"t":0,"type":"tap","section":0,"row":2}"#, #"section: expected a whole number from 1 to 10000000 (got 0)"#),
        (#"{"t":0,"type":"select","section":1,"row":2.5}"#, #"row: expected a whole number from 1 to 10000000 (got 2.5)"#),
        (#"{"t":0,"type":"select","section":1,"row":2,"x":3}"#, #""select" takes no "x" (it takes section, row, time)"#),
        (#"{"t":0,"type":"down","x":1,"y":2,"row":2}"#, #""down" takes no "row" (it takes x, y, time)"#),
    ])
    func badLinesAreNamed(line: String, message: String) {
        #expect(throws: TraceError(line: 1, message: message)) { try TraceCodec.decode(line + "\n") }
    }

    /// A replayed trace with a selection reproduces the group drag: rows 2 and 5 selected, 5
    /// pressed, held, dropped (no move): with 2 folded the finger is over "6", so "5" steps
    /// there (1 3 4 6 [5] 7 8); the others before it are 1 3 4 6: 1 3 4 6 2 5 7 8.
    @Test func replaysAGroupDrag() throws {
        let text = """
            {"type":"session","policy":"default","layout":"table","sections":[["1","2","3","4","5","6","7","8"]],"row_height":44.0,"header_height":0.0,"viewport":{"width":375.0,"height":667.0},"frame_rate":60.0,"offset":{"x":0.0,"y":0.0}}
            {"t":0.0,"type":"select","section":1,"row":2}
            {"t":0.0,"type":"select","section":1,"row":5}
            {"t":0.0,"type":"down","x":100,"y":198}
            {"t":0.5,"type":"frame"}
            {"t":0.55,"type":"frame"}
            {"t":0.6,"type":"up"}

            """
        let trace = try TraceCodec.decode(text)
        let order = Order(sections: [(1...8).map { Item("\($0)") }])
        let sim = DragSimulator(order: order, layout: TableLayout(order: order, width: 375, rowHeight: 44),
                                viewport: Size(width: 375, height: 667), policy: DefaultPolicy())
        for input in trace.inputs { sim.apply(input) }
        sim.settle()
        #expect(sim.order.ids == [["1", "3", "4", "6", "2", "5", "7", "8"]])
    }
}
