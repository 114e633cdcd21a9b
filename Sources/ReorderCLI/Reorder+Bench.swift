import ArgumentParser
import Foundation
import ReorderCore
import ReorderLua

extension Reorder {
    /// `reorder bench [--policy P] [--rows N] [--frame-rate F] [--json]`.
    struct Bench: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Measure what a policy costs per frame, in Lua and as native Swift.",
            discussion: """
                Runs a standard drag (press, hold, glide into the bottom edge and scroll, glide to the \
                top edge and scroll, glide back, release) with the policy in Lua and, for built-ins that \
                have one (default, jx_movable, uikit), with the native Swift equivalent. Reports the median \
                and p99 nanoseconds per dragging frame, their ratio, the share of the frame budget, heap \
                allocations per steady-state frame, nanoseconds per hook call, load and reload times and \
                the VM's memory after load. Build with -c release for meaningful figures.
                """)

        @Option(name: .long, help: "The policy: a built-in name or a .lua file.")
        var policy = "jx_movable"

        @Option(name: .long, help: "Rows in the list (one section, 44 pt each).")
        var rows = 1_000

        @Option(name: .long, help: "Frames per second of the simulated display.")
        var frameRate: Double = 60

        @Option(name: .long, help: "Measured drags per policy (default: enough for about 20,000 dragging frames).")
        var drags = 0

        @Flag(name: .long, help: "Print one JSON object instead of text.")
        var json = false

        func validate() throws {
            guard rows >= 1, rows <= 100_000_000 else { throw ValidationError("--rows must be between 1 and 100000000, got \(rows)") }
            guard frameRate.isFinite, frameRate >= 1, frameRate <= 1_000 else {
                throw ValidationError("--frame-rate must be between 1 and 1000 frames per second, got \(frameRate)")
            }
            guard drags >= 0 else { throw ValidationError("--drags must be 0 or more, got \(drags)") }
        }

        func run() throws {
            let options = BenchOptions(rows: rows, frameRate: frameRate, drags: drags)
            let status = BenchCommand.run(policy: policy, options: options, json: json, console: .standard(),
                                          progressOnTerminal: isatty(2) == 1)
            if status != 0 { throw ExitCode(status) }
        }
    }
}

/// Monotonic nanoseconds: the one clock `reorder` reads, only to time benchmarks. The engine
/// itself runs on simulated time.
///
/// ```swift
/// let start = MonotonicClock.nanoseconds()
/// // ... work ...
/// let elapsed = MonotonicClock.nanoseconds() - start
/// ```
public enum MonotonicClock {
    public static func nanoseconds() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
    }
}

extension BenchSubject {
    /// A Lua policy by built-in name or file path; its native twin is the built-in of the same
    /// name in ``ReorderCore/NativePolicies`` (none for files).
    ///
    /// ```swift
    /// let subject = try BenchSubject.lua("jx_movable")   // compared with JXMovablePolicy
    /// ```
    public static func lua(_ reference: String) throws -> BenchSubject {
        let first = try LuaPolicy(reference: reference)
        let isPath = reference.contains("/") || reference.hasSuffix(".lua")
        var loaded: LuaPolicy? = first
        return BenchSubject(
            name: isPath ? first.configuration.name : reference,
            nativeName: !isPath && NativePolicies.names.contains(reference) ? reference : nil,
            load: {
                // The first load was made to check the reference; hand it out once.
                if let p = loaded { loaded = nil; return p }
                return try LuaPolicy(reference: reference)
            },
            reload: { policy in try (policy as? LuaPolicy)?.reload() },
            vmBytes: { policy in (policy as? LuaPolicy)?.vm.memoryUsed })
    }
}

/// The logic of `reorder bench`, with injected output.
///
/// ```swift
/// let buffer = OutputBuffer()
/// BenchCommand.run(policy: "jx_movable", options: BenchOptions(rows: 1_000), json: true,
///                  console: .buffered(output: buffer))
/// buffer.text   // {"policy":"jx_movable","rows":1000,...}
/// ```
public enum BenchCommand {
    /// Runs the benchmark and prints the report; returns the exit status (1 when the policy
    /// cannot be loaded). Progress goes to standard error when `progressOnTerminal` and the run
    /// lasts more than a second.
    @discardableResult
    public static func run(policy: String, options: BenchOptions, json: Bool, console: Console,
                           progressOnTerminal: Bool = false,
                           clock: @escaping () -> UInt64 = MonotonicClock.nanoseconds) -> Int32 {
        let subject: BenchSubject
        do {
            subject = try BenchSubject.lua(policy)
        } catch {
            console.writeError("reorder bench: \(error)\n")
            return 1
        }
        let runner = BenchRunner(subject: subject, options: options, clock: clock)
        let started = clock()
        var shown = false
        if progressOnTerminal {
            runner.progress = { fraction in
                guard clock() &- started > 1_000_000_000 || shown else { return }
                shown = true
                console.writeError("\rreorder bench: \(policy), \(options.rows) rows: \(Int(fraction * 100)) %")
            }
        }
        let report: BenchReport
        do {
            report = try runner.run()
        } catch {
            if shown { console.writeError("\r\u{1B}[K") }
            console.writeError("reorder bench: \(error)\n")
            return 1
        }
        if shown { console.writeError("\r\u{1B}[K") }
        console.write(json ? report.json + "\n" : report.text)
        return 0
    }
}
