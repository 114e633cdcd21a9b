import Testing
@testable import ReorderCore

/// The one validator (Validation.swift) and the checked Double → Int conversion.
@Suite struct ValidationTests {
    /// The message of the error `body` throws (nil when it does not throw).
    func message(_ body: () throws(ValidationError) -> Void) -> String? {
        do {
            try body()
            return nil
        } catch {
            return error.message
        }
    }

    func geometry(_ change: (inout SessionGeometry) -> Void) -> String? {
        var g = SessionGeometry()
        change(&g)
        return message { () throws(ValidationError) in try g.validate() }
    }

    // MARK: The doc comments' examples, as written

    @Test func docExamples() {
        let rowHeight = NumberRange(above: 0, upTo: 100_000)
        #expect(rowHeight.contains(44) && !rowHeight.contains(0))
        #expect(rowHeight.describe("row_height") == "0 < row_height <= 100000")
        #expect(NumberRange(0, 1).description == "in 0...1")
        #expect(ValidationError.outOfRange("row_height", 0, SessionGeometry.Limits.rowHeight).message
                == "row_height: 0 is out of range (0 < row_height <= 100000)")
        #expect(SessionGeometry.Limits.grid["columns"]?.isWhole == true)
        #expect(PolicyConfiguration.Limits.duration.description == "in 0...10")
        #expect(!PolicyConfiguration.Limits.scale.contains(0))
        #expect(Int(clamping: 2.9, to: 0...10) == 2)
        #expect(Int(clamping: 1e300, to: 1...1 << 20) == 1_048_576)
        #expect(Int(clamping: -.infinity, to: 0...5) == 0)
        #expect(Int(clamping: .nan, to: 0...5) == 0)
        let g = GridLayout(order: Order(sections: [rowItems(3)]), width: 375, itemSize: Size(width: 1e-300, height: 85))
        #expect(g.columns == GridLayout.maximumColumns)
    }

    // MARK: Int(clamping:to:)

    @Test func clampingConversionTruncatesAndClamps() {
        // Rounds toward zero like Int(_:), inside the range.
        #expect(Int(clamping: 2.9, to: 0...10) == 2)
        #expect(Int(clamping: -2.9, to: -10...10) == -2)
        // Outside: the nearest bound. 1e300 and infinities would trap in Int(_:).
        #expect(Int(clamping: 1e300, to: 1...(1 << 20)) == 1 << 20)
        #expect(Int(clamping: -1e300, to: 0...5) == 0)
        #expect(Int(clamping: .infinity, to: 0...5) == 5)
        #expect(Int(clamping: -.infinity, to: 0...5) == 0)
        // NaN: the lower bound.
        #expect(Int(clamping: .nan, to: 3...5) == 3)
        // 2^63 is past Int.max (2^63 - 1): clamped, not trapped.
        #expect(Int(clamping: 9_223_372_036_854_775_808.0, to: 0...Int.max) == Int.max)
        #expect(Int(clamping: -9_223_372_036_854_775_808.0, to: Int.min...0) == Int.min)
        // The largest Double below 2^63 converts exactly: 2^63 - 1024.
        #expect(Int(clamping: 9_223_372_036_854_774_784.0, to: 0...Int.max) == 9_223_372_036_854_774_784)
    }

    // MARK: NumberRange

    @Test func rangesDescribeThemselves() {
        let open = NumberRange(above: 0, upTo: 100_000)
        #expect(open.describe("row_height") == "0 < row_height <= 100000")
        #expect(open.description == "> 0 and <= 100000")
        #expect(!open.contains(0) && open.contains(0.001) && open.contains(100_000) && !open.contains(100_000.5))
        let closed = NumberRange(0, 1)
        #expect(closed.description == "in 0...1")
        #expect(closed.contains(0) && closed.contains(1) && !closed.contains(.nan) && !closed.contains(-0.1))
        let whole = NumberRange(1, 100_000, whole: true)
        #expect(whole.contains(3) && !whole.contains(2.5))
        #expect(PolicyConfiguration.Limits.rotation.description == "in -2π...2π")
        #expect(PolicyConfiguration.Limits.rotation.contains(2 * .pi) && !PolicyConfiguration.Limits.rotation.contains(6.3))
    }

    @Test func numbersAreWrittenExactly() {
        #expect(ValidationError.format(375) == "375")
        #expect(ValidationError.format(-0.0) == "0")
        #expect(ValidationError.format(2.5) == "2.5")
        #expect(ValidationError.format(1e300) == "1e+300")
        #expect(ValidationError.format(1e-300) == "1e-300")
        #expect(ValidationError.format(.nan) == "nan")
        #expect(ValidationError.format(-.infinity) == "-inf")
    }

    // MARK: Session geometry

    @Test func theDefaultsAndTheDemoGeometriesPass() {
        #expect(geometry { _ in } == nil)
        // The fuzzer's and the demos' geometries (FuzzScenario.random, DemoList).
        #expect(geometry { $0.layout = .grid; $0.grid = ["item_width": 81.25, "item_height": 85, "spacing": 0.1,
                                                         "line_spacing": 0.1, "columns": 4] } == nil)
        #expect(geometry { $0.layout = .board; $0.board = ["inset": 50, "spacing": 10]; $0.headerHeight = 44 } == nil)
        #expect(geometry { $0.frameRate = 120; $0.viewport = Size(width: 1024, height: 90) } == nil)
    }

    @Test func heightsOutOfRange() {
        // The example message, word for word.
        #expect(geometry { $0.rowHeight = 0 } == "row_height: 0 is out of range (0 < row_height <= 100000)")
        #expect(geometry { $0.rowHeight = -44 } == "row_height: -44 is out of range (0 < row_height <= 100000)")
        #expect(geometry { $0.rowHeight = .infinity } == "row_height: inf is out of range (0 < row_height <= 100000)")
        #expect(geometry { $0.headerHeight = -1 } == "header_height: -1 is out of range (0 <= header_height <= 100000)")
        #expect(geometry { $0.headerHeight = 1e300 } == "header_height: 1e+300 is out of range (0 <= header_height <= 100000)")
        // The bounds themselves are allowed.
        #expect(geometry { $0.rowHeight = 100_000; $0.headerHeight = 0 } == nil)
    }

    @Test func viewportAndFrameRateOutOfRange() {
        #expect(geometry { $0.viewport = Size(width: 0, height: 667) }
                == "viewport.width: 0 is out of range (0 < viewport.width <= 100000)")
        #expect(geometry { $0.viewport = Size(width: 375, height: 1e300) }
                == "viewport.height: 1e+300 is out of range (0 < viewport.height <= 100000)")
        #expect(geometry { $0.frameRate = 1e300 } == "frame_rate: 1e+300 is out of range (1 <= frame_rate <= 1000)")
        #expect(geometry { $0.frameRate = 0 } == "frame_rate: 0 is out of range (1 <= frame_rate <= 1000)")
        #expect(geometry { $0.frameRate = .nan } == "frame_rate: nan is out of range (1 <= frame_rate <= 1000)")
        #expect(geometry { $0.frameRate = 1000 } == nil)
    }

    @Test func gridGeometryOutOfRange() {
        #expect(geometry { $0.grid = ["item_width": 0] }
                == "grid.item_width: 0 is out of range (1 <= grid.item_width <= 100000)")
        #expect(geometry { $0.grid = ["item_height": 1e-300] }
                == "grid.item_height: 1e-300 is out of range (1 <= grid.item_height <= 100000)")
        #expect(geometry { $0.grid = ["spacing": -1] } == "grid.spacing: -1 is out of range (0 <= grid.spacing <= 100000)")
        #expect(geometry { $0.grid = ["inset_left": 2e5] }
                == "grid.inset_left: 200000 is out of range (0 <= grid.inset_left <= 100000)")
        // Whole-number ranges read as reorder.session always wrote them.
        #expect(geometry { $0.grid = ["columns": 2.5] } == "grid.columns must be a whole number from 1 to 100000, got 2.5")
        #expect(geometry { $0.grid = ["columns": 0] } == "grid.columns must be a whole number from 1 to 100000, got 0")
        #expect(geometry { $0.grid = ["colums": 3] } == "grid accepts item_width, item_height, spacing, line_spacing, "
                + "columns, inset, inset_top, inset_left, inset_bottom, inset_right; got key \"colums\"")
    }

    @Test func boardInsetWiderThanTheBoard() {
        #expect(geometry { $0.layout = .board; $0.board = ["inset": 375] }
                == "board.inset must be less than the viewport width (375), got 375")
        #expect(geometry { $0.layout = .board; $0.board = ["inset": 1e300] }
                == "board.inset: 1e+300 is out of range (0 <= board.inset <= 100000)")
        #expect(geometry { $0.layout = .board; $0.board = ["spacing": -10] }
                == "board.spacing: -10 is out of range (0 <= board.spacing <= 100000)")
        #expect(geometry { $0.layout = .board; $0.board = ["inset": 374.5] } == nil)
    }

    // MARK: Items

    @Test func duplicateIdsAndItemHeights() {
        func items(_ sections: [[Item]]) -> String? {
            message { () throws(ValidationError) in try Validator.validate(sections: sections) }
        }
        #expect(items([[Item("a"), Item("b")], [Item("a")]])
                == "duplicate item id 'a' (section 2, row 1): ids must be unique")
        // An id given as a table and as a string is the same id.
        #expect(items([[Item(id: "m", title: "Mail"), Item("m")]])
                == "duplicate item id 'm' (section 1, row 2): ids must be unique")
        #expect(items([[Item("a"), Item(id: "b", fields: ["height": .number(1e300)])]])
                == "item 'b' (section 1, row 2): height: 1e+300 is out of range (0 <= height <= 100000)")
        #expect(items([[Item(id: "b", fields: ["height": .number(-1)])]])
                == "item 'b' (section 1, row 1): height: -1 is out of range (0 <= height <= 100000)")
        // A height that is not a number is an ordinary field; empty lists are fine.
        #expect(items([[Item(id: "b", fields: ["height": .string("tall")])], []]) == nil)
        #expect(items([]) == nil)
    }

    // MARK: No trap on geometry that bypasses the validator (Swift API)

    @Test func gridLayoutNeverTraps() {
        let order = Order(sections: [rowItems(30)])
        // A tiny cell: (375 / 1e-300) columns fit, clamped to GridLayout.maximumColumns (the
        // conversion trapped in computeColumns, GridLayout.swift:93).
        let tiny = LayoutKind.grid.makeLayout(order: order, viewport: phone, grid: ["item_width": 1e-300])
        #expect((tiny as? GridLayout)?.columns == GridLayout.maximumColumns)
        // A huge viewport: 1e300 / 85 columns, clamped the same way.
        let huge = LayoutKind.grid.makeLayout(order: order, viewport: Size(width: 1e300, height: 667))
        #expect((huge as? GridLayout)?.columns == GridLayout.maximumColumns)
        // Fractional and huge fixed columns: truncated (2.5 → 2) and clamped.
        #expect((LayoutKind.grid.makeLayout(order: order, viewport: phone, grid: ["columns": 2.5]) as? GridLayout)?.columns == 2)
        #expect((LayoutKind.grid.makeLayout(order: order, viewport: phone, grid: ["columns": 1e300]) as? GridLayout)?.columns
                == GridLayout.maximumColumns)
        // Hit tests with far-away points on every layout.
        for kind in LayoutKind.allCases {
            let layout = kind.makeLayout(order: order, viewport: phone)
            for p in [Point(x: 1e300, y: 1e300), Point(x: -1e300, y: -1e300), Point(x: 1.7e308, y: 5)] {
                _ = layout.position(at: p)
                _ = layout.proposedPosition(at: p, dragging: pos(0, 0))
                _ = layout.positions(in: Rect(x: p.x, y: p.y, width: 1e300, height: 1e300))
            }
        }
        // A far-away point on a 4-column grid is in the last column (3), row nil: off the cells.
        let grid = LayoutKind.grid.makeLayout(order: order, viewport: phone, grid: ["item_width": 85, "columns": 4])
        #expect(grid.position(at: Point(x: 1e300, y: 10)) == nil)
        #expect((grid as? GridLayout)?.column(atX: 1e300) == 3)
    }

    @Test func settleNeverTrapsOnAHugeFrameRate() {
        // Int(60 * frameRate) trapped in settle() (DragSimulator.swift:276).
        let sim = tableSimulator([rowItems(5)], policy: DefaultPolicy(), frameRate: 1e300)
        sim.settle()
        #expect(sim.state == .idle)
        #expect(sim.frameRate == 1e300)
    }

    /// Refuses every target: a drag glides until its 30 s deadline.
    final class StuckPolicy: DefaultPolicy {
        override func target(_ ctx: PolicyContext, from: ItemPosition, proposed: ItemPosition) -> ItemPosition? { nil }
    }

    @Test func aDragWithGlidesShorterThanAFrameEnds() {
        // Glides of 1e-300 s ran no frame and advanced the clock by 1e-300 s each: the 30 s
        // deadline was never reached (a hang). Each glide now lasts at least a frame period.
        let sim = tableSimulator([rowItems(100)], policy: DefaultPolicy())
        #expect(sim.drag(from: pos(0, 0), to: pos(0, 89), over: 1e-300))
        #expect(sim.order.ids[0][89] == "r0")
        expectInvariants(sim)
        let stuck = tableSimulator([rowItems(100)], policy: StuckPolicy())
        #expect(!stuck.drag(from: pos(0, 0), to: pos(0, 89), over: 1e-300))
        #expect(stuck.state == .idle)
        // The drag ran to its deadline: press 0.5 s + lift 0.25 s + 30 s of glides (at 60 Hz,
        // one frame each), then the drop (0.25 s).
        #expect(stuck.time >= 30.75 && stuck.time < 32)
        #expect(stuck.order.ids[0] == rowItems(100).map(\.id))
    }

    @Test func colourComponentsOutOfRangeAreClamped() {
        #expect(Color(red: .nan, green: 2, blue: -1).hex == "#00ff00")
    }
}
