// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "reorder",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "reorder", targets: ["reorder"]),
        .library(name: "ReorderCore", targets: ["ReorderCore"]),
        .library(name: "ReorderLua", targets: ["ReorderLua"]),
        .library(name: "ReorderScripting", targets: ["ReorderScripting"]),
        .library(name: "ReorderTrace", targets: ["ReorderTrace"]),
    ],
    // `swift build --traits AllocationCounter`: `reorder bench` counts heap allocations per frame
    // (the malloc interposer of CAllocationCounter is linked into the reorder binary). Off by
    // default: the shipped binary does not replace malloc.
    traits: [
        .trait(name: "AllocationCounter",
               description: "Count heap allocations in `reorder bench` (links a malloc interposer into the binary)."),
        .default(enabledTraits: []),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // The playground's HTTP and WebSocket server (`reorder play`).
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        // Hummingbird's own dependency, named for the playground's one-thread event loop.
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.81.0"),
    ],
    targets: [
        // The engine: pure Swift, no Foundation, no Lua, no UI.
        .target(name: "ReorderCore"),

        // Lua 5.4 as a system library, and the one small C corner for what Swift cannot import
        // (macros, variadics) and for everything that may raise a Lua error.
        .systemLibrary(
            name: "CLua",
            pkgConfig: "lua5.4",
            providers: [.apt(["liblua5.4-dev"]), .brew(["lua"])]
        ),
        .target(name: "CLuaShim", dependencies: ["CLua"]),

        // Line editing for the REPL (Debian's libedit).
        .systemLibrary(
            name: "CEditLine",
            pkgConfig: "libedit",
            providers: [.apt(["libedit-dev"]), .brew(["libedit"])]
        ),

        // Lua VMs and policies: the only Swift modules that import CLua / CLuaShim are this one
        // and ReorderScripting.
        .target(
            name: "ReorderLua",
            dependencies: ["ReorderCore", "ReorderPersistence", "CLua", "CLuaShim"],
            plugins: ["EmbedPolicies"]
        ),

        // The session API (`reorder.session{...}`, `s:press(...)`), its preludes, and what the
        // REPL, `reorder run` and the spec runner need around a trusted VM.
        .target(
            name: "ReorderScripting",
            dependencies: ["ReorderCore", "ReorderLua", "ReorderPersistence", "ReorderPlot", "ReorderTrace", "CLua", "CLuaShim"],
            // Preludes/*.lua are embedded at build time (EmbedPreludes), not compiled.
            exclude: ["Preludes"],
            plugins: ["EmbedPreludes"]
        ),

        // Persisted order files: atomic writes, per-key storage, reconciliation by item id.
        .target(name: "ReorderPersistence", dependencies: ["ReorderCore"]),

        // The words inputs and events are written in (one declared vocabulary: names, fields,
        // bounds, text forms) and the trace format: what traces, the playground's protocol,
        // `s:inputs()`/`s:events()` and `reorder replay` read and write.
        .target(name: "ReorderTrace", dependencies: ["ReorderCore", "ReorderPersistence"]),

        // Drawing: SVG charts (scroll curves, drag timelines) and text (`s:show()`), from the scene. Pure Swift.
        .target(name: "ReorderPlot", dependencies: ["ReorderCore", "ReorderTrace"]),

        // Heap allocation counter for `reorder bench` (malloc interposer on glibc); only in a
        // build with the AllocationCounter trait.
        .target(name: "CAllocationCounter"),

        // Command logic with injected I/O, so tests run it in-process.
        .target(
            name: "ReorderCLI",
            dependencies: [
                "ReorderCore", "ReorderLua", "ReorderScripting", "ReorderPersistence", "ReorderPlot", "ReorderFuzz",
                "ReorderPlayground", "ReorderTrace",
                "CEditLine",
                .target(name: "CAllocationCounter", condition: .when(traits: ["AllocationCounter"])),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "reorder", dependencies: ["ReorderCLI"]),

        // Seeded property-based fuzzing of drag sessions: input generator, invariants, shrinking.
        .target(name: "ReorderFuzz", dependencies: ["ReorderCore"]),

        // Build-time embedding of text files into the binary as Swift string literals (one source,
        // no second copy): Policies/*.lua, the playground's page, the scripting preludes.
        .executableTarget(name: "Embedder"),
        .plugin(name: "EmbedPolicies", capability: .buildTool(), dependencies: ["Embedder"]),
        .plugin(name: "EmbedPreludes", capability: .buildTool(), dependencies: ["Embedder"]),

        // `reorder play`: a browser page driving a session over a WebSocket (Hummingbird 2). The
        // page (Page/*.html, *.css, *.js) is embedded at build time.
        .target(
            name: "ReorderPlayground",
            dependencies: [
                "ReorderCore", "ReorderLua", "ReorderScripting", "ReorderPlot", "ReorderPersistence", "ReorderTrace",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
            ],
            exclude: ["Page"],
            plugins: ["EmbedPage"]
        ),
        .plugin(name: "EmbedPage", capability: .buildTool(), dependencies: ["Embedder"]),
        .testTarget(
            name: "ReorderPlaygroundTests",
            dependencies: [
                "ReorderPlayground", "ReorderCore", "ReorderLua", "ReorderScripting", "ReorderTrace", "ReorderTestSupport",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HummingbirdWSTesting", package: "hummingbird-websocket"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
            ]
        ),

        // Helpers shared by the test targets (the package root, temporary directories, the built
        // binary, `lua(_:)`); only test targets depend on it.
        .target(
            name: "ReorderTestSupport",
            dependencies: ["ReorderCore", "ReorderLua", "ReorderScripting", "ReorderFuzz"],
            path: "Tests/ReorderTestSupport"
        ),

        // ReorderFuzz: its InvariantChecker checks a session after the inputs of a test.
        .testTarget(name: "ReorderCoreTests", dependencies: ["ReorderCore", "ReorderFuzz"]),
        // The engine-only fuzz tests: generator, shrinking, native-policy campaigns.
        .testTarget(name: "ReorderFuzzTests", dependencies: ["ReorderFuzz", "ReorderCore", "ReorderTestSupport"]),
        .testTarget(name: "ReorderLuaTests", dependencies: ["ReorderLua", "ReorderCore", "ReorderFuzz", "ReorderTestSupport"]),
        .testTarget(name: "ReorderScriptingTests", dependencies: ["ReorderScripting", "ReorderLua", "ReorderCore"]),
        .testTarget(name: "ReorderPersistenceTests", dependencies: ["ReorderPersistence", "ReorderCore"]),
        .testTarget(name: "ReorderTraceTests", dependencies: ["ReorderTrace", "ReorderCore", "ReorderPersistence"]),
        .testTarget(name: "ReorderPlotTests", dependencies: ["ReorderPlot", "ReorderCore"]),
        // Links CAllocationCounter itself, so the counter is tested in every build.
        .testTarget(
            name: "ReorderCLITests",
            dependencies: ["ReorderCLI", "ReorderLua", "ReorderScripting", "ReorderCore", "ReorderPlot", "ReorderTrace", "ReorderPlayground", "ReorderTestSupport", "CAllocationCounter"],
            exclude: ["Fixtures"]
        ),
        // Bad policies, fuzzing and concurrency: the host never crashes and never loses an item.
        .testTarget(
            name: "ReorderHostileTests",
            dependencies: ["ReorderLua", "ReorderScripting", "ReorderCore", "ReorderFuzz", "ReorderCLI", "ReorderPersistence", "ReorderTrace", "ReorderTestSupport"],
            resources: [.copy("Corpus")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
