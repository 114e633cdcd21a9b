import Benchmark
import ReorderCore

let benchmarks: @Sendable () -> Void = {
    Benchmark("Order.move 10 rows in 1M") { benchmark in
        var order = Order(sections: [(0..<1_000_000).map { Item(String($0)) }])
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            order.move(from: ItemPosition(section: 0, item: 500_000), to: ItemPosition(section: 0, item: 500_010))
        }
    }
}
