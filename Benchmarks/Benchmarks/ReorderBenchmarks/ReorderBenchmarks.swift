import Benchmark
import ReorderCore

// Data is built outside the measured closures (and kept alive by them), so neither building
// nor freeing a million items is measured. Per-operation benchmarks run `.kilo` iterations
// per sample: read the time as nanoseconds per 1000 operations.

let benchmarks: @Sendable () -> Void = {
    let million = Order(sections: [(0..<1_000_000).map { Item(String($0)) }])
    let millionWithHeights = Order(sections: [(0..<1_000_000).map {
        Item(id: String($0), fields: ["height": .number(Double(30 + $0 % 3 * 7))])
    }])
    let uniformTable = TableLayout(order: million, width: 375, rowHeight: 44)
    let variableTable = TableLayout(order: millionWithHeights, width: 375)
    let perOperation = Benchmark.Configuration(metrics: [.wallClock, .throughput, .mallocCountTotal],
                                               scalingFactor: .kilo, maxDuration: .seconds(2))

    Benchmark("Order.move 10 rows in 1M", configuration: perOperation) { benchmark in
        var order = million
        order.move(from: ItemPosition(section: 0, item: 1), to: ItemPosition(section: 0, item: 0))   // own copy
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            order.move(from: ItemPosition(section: 0, item: 500_000), to: ItemPosition(section: 0, item: 500_010))
        }
        benchmark.stopMeasurement()
    }

    Benchmark("TableLayout hit test, 1M uniform rows", configuration: perOperation) { benchmark in
        var y = 0.0
        for _ in benchmark.scaledIterations {
            y += 4_400_037.0
            if y >= 44_000_000 { y -= 44_000_000 }
            blackHole(uniformTable.position(at: Point(x: 10, y: y)))
        }
    }

    Benchmark("TableLayout hit test, 1M rows with own heights", configuration: perOperation) { benchmark in
        let height = variableTable.contentSize.height
        var y = 0.0
        for _ in benchmark.scaledIterations {
            y += 3_700_013.0
            if y >= height { y -= height }
            blackHole(variableTable.position(at: Point(x: 10, y: y)))
        }
    }

    Benchmark("TableLayout.didMove 10 rows in 1M with own heights", configuration: perOperation) { benchmark in
        var table = variableTable
        table.didMove(from: ItemPosition(section: 0, item: 1), to: ItemPosition(section: 0, item: 0))   // own copy
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            table.didMove(from: ItemPosition(section: 0, item: 500_000), to: ItemPosition(section: 0, item: 500_010))
        }
        benchmark.stopMeasurement()
    }

    Benchmark("DragSimulator: 1 s of jx_movable edge scroll at 120 Hz, 1M rows",
              configuration: .init(metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(3))) { benchmark in
        let sim = DragSimulator(order: million, layout: uniformTable, viewport: Size(width: 375, height: 667),
                                policy: JXMovablePolicy(), frameRate: 120)
        sim.isRecording = false
        sim.pressItem(ItemPosition(section: 0, item: 0))
        sim.hold(1.25)
        sim.move(to: Point(x: 187.5, y: 647))
        sim.tick(1)   // the first exchange copies the shared order once; not measured
        benchmark.startMeasurement()
        sim.hold(1)
        benchmark.stopMeasurement()
        blackHole(sim.offset)
    }
}
