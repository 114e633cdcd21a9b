// swift-tools-version: 6.1
import PackageDescription
import class Foundation.NSString

// SwiftPM names a path dependency after its folder, which differs between clones.
let parentIdentity = ((#filePath as NSString).deletingLastPathComponent as NSString)
    .deletingLastPathComponent.components(separatedBy: "/").last?.lowercased() ?? "reorder"

// Benchmarks live in their own package so the plain `swift build` / `swift test` of the
// project never builds package-benchmark. How to run them and check or update the committed
// thresholds (Thresholds/): see BENCHMARKS.md.
let package = Package(
    name: "reorder-benchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "ReorderBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "ReorderCore", package: parentIdentity),
                .product(name: "ReorderLua", package: parentIdentity),
            ],
            path: "Benchmarks/ReorderBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
