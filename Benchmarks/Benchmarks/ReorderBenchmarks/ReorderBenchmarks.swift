import Benchmark
import ReorderCore
import ReorderLua

// Data is built outside the measured closures (and kept alive by them), so neither building
// nor freeing a million items is measured. Per-operation benchmarks run `.kilo` iterations
// per sample: read their time per 1000 operations.
//
// Names have no spaces or slashes: package-benchmark 1.38.1 writes threshold files under the
// name with those replaced by `_` but reads them under the name as given.
//
// Thresholds (Thresholds/*.p90.json, written by `benchmark thresholds update`) gate malloc
// counts tightly (they are exact; package-benchmark's own harness adds ~16-18 per sample) and
// wall-clock time loosely: this 2-core machine is shared and its timings vary 2x from run to
// run, so only a regression of more than 2.5x (an O(n) where O(1) belongs) fails. Instruction
// counts are not available to package-benchmark here (no perf events); callgrind gives them
// (BENCHMARKS.md). See BENCHMARKS.md for how to run, check and update.

/// Drag benchmarks: one second of edge scroll (120 frames at 120 Hz) on a list of `rows`.
func edgeScrollSecond(_ benchmark: Benchmark, order: Order, layout: TableLayout, policy: any DragPolicy) {
    let sim = DragSimulator(order: order, layout: layout, viewport: Size(width: 375, height: 667),
                            policy: policy, frameRate: 120)
    sim.isRecording = false
    sim.setOffset(Point(x: 0, y: max(0, layout.contentSize.height / 2 - 333)))
    sim.press(at: Point(x: 187.5, y: 333))
    sim.hold(1.25)
    sim.move(to: Point(x: 187.5, y: 647))
    sim.tick(1)   // the first exchange copies the shared order once; not measured
    _ = sim.takeEvents()
    benchmark.startMeasurement()
    sim.hold(1)
    benchmark.stopMeasurement()
    blackHole(sim.offset)
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal],
        maxDuration: .seconds(2),
        thresholds: [
            .wallClock: BenchmarkThresholds(relative: [.p90: 150.0]),
            .mallocCountTotal: BenchmarkThresholds(relative: [.p90: 5.0], absolute: [.p90: 2]),
        ])
    let perOperation = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal],
        scalingFactor: .kilo, maxDuration: .seconds(2),
        thresholds: Benchmark.defaultConfiguration.thresholds)

    let sizes = [1_000, 100_000, 1_000_000]
    let orders = Dictionary(uniqueKeysWithValues: sizes.map { n in
        (n, Order(sections: [(0..<n).map { Item(String($0)) }]))
    })
    let tables = orders.mapValues { TableLayout(order: $0, width: 375, rowHeight: 44) }
    guard let million = orders[1_000_000], let millionTable = tables[1_000_000] else { return }
    let millionWithHeights = Order(sections: [(0..<1_000_000).map {
        Item(id: String($0), fields: ["height": .number(Double(30 + $0 % 3 * 7))])
    }])
    let variableTable = TableLayout(order: millionWithHeights, width: 375)

    // MARK: Hit testing: O(1) per section with uniform rows, O(log n) with own heights.

    for n in sizes {
        guard let table = tables[n] else { continue }
        Benchmark("TableLayout_hit_test,_\(n)_uniform_rows", configuration: perOperation) { benchmark in
            let height = table.contentSize.height
            var y = 0.0
            for _ in benchmark.scaledIterations {
                y += height * 0.100_003_7
                if y >= height { y -= height }
                blackHole(table.position(at: Point(x: 10, y: y)))
            }
        }
    }

    Benchmark("TableLayout_hit_test,_1000000_rows_with_own_heights", configuration: perOperation) { benchmark in
        let height = variableTable.contentSize.height
        var y = 0.0
        for _ in benchmark.scaledIterations {
            y += height * 0.100_003_7
            if y >= height { y -= height }
            blackHole(variableTable.position(at: Point(x: 10, y: y)))
        }
    }

    // MARK: A move of k rows: O(k), whatever the list's length.

    for k in [10, 1_000] {
        Benchmark("Order.move_\(k)_rows_in_1000000", configuration: perOperation) { benchmark in
            var order = million
            order.move(from: ItemPosition(section: 0, item: 1), to: ItemPosition(section: 0, item: 0))   // own copy
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                order.move(from: ItemPosition(section: 0, item: 500_000), to: ItemPosition(section: 0, item: 500_000 + k))
            }
            benchmark.stopMeasurement()
            blackHole(order)
        }
    }

    Benchmark("TableLayout.didMove_10_rows_in_1000000_with_own_heights", configuration: perOperation) { benchmark in
        var table = variableTable
        table.didMove(from: ItemPosition(section: 0, item: 1), to: ItemPosition(section: 0, item: 0))   // own copy
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            table.didMove(from: ItemPosition(section: 0, item: 500_000), to: ItemPosition(section: 0, item: 500_010))
        }
        benchmark.stopMeasurement()
        blackHole(table)
    }

    // MARK: Frame cost: 120 frames of a jx_movable drag scrolling the edge, native and Lua.

    for n in [1_000, 1_000_000] {
        guard let order = orders[n], let table = tables[n] else { continue }
        Benchmark("Drag,_120_edge-scroll_frames,_jx_movable_native,_\(n)_rows") { benchmark in
            edgeScrollSecond(benchmark, order: order, layout: table, policy: JXMovablePolicy())
        }
        Benchmark("Drag,_120_edge-scroll_frames,_jx_movable_Lua,_\(n)_rows") { benchmark in
            guard let policy = try? LuaPolicy(named: "jx_movable") else { return }
            edgeScrollSecond(benchmark, order: order, layout: table, policy: policy)
        }
    }
    blackHole(millionTable)

    // MARK: Policy load and reload.

    Benchmark("LuaPolicy_load_jx_movable") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try? LuaPolicy(named: "jx_movable"))
        }
    }

    Benchmark("LuaPolicy_reload_jx_movable") { benchmark in
        guard let policy = try? LuaPolicy(named: "jx_movable") else { return }
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            try? policy.reload()
        }
        benchmark.stopMeasurement()
        blackHole(policy)
    }
}
