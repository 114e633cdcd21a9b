import ArgumentParser
import Foundation
import ReorderCore
import ReorderLua

extension Reorder {
    /// `reorder bench [--policy P] [--rows N] [--frame-rate F] [--layout table|grid|tree] [--json]`.
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

        @OptionGroup var policy: PolicyOption<BenchPolicyHelp>

        @Option(name: .long, help: ArgumentHelp("Rows in the list (one section, 44 pt each; \(BenchRows.rangeText)).", valueName: "rows"))
        var rows = BenchRows(unchecked: 1_000)

        @Option(name: .long, help: ArgumentHelp("Row heights in points, repeated down the list (e.g. 44,200,20): a table of rows of different sizes. Default: every row 44 pt.", valueName: "h1,h2,..."))
        var rowHeights: String?

        @Option(name: .long, help: "Frames per second of the simulated display.")
        var frameRate: Double = 60

        @Option(name: .long, help: "Measured drags per policy (default: enough for about 20,000 dragging frames).")
        var drags: Int?

        @Option(name: .long, help: "Calls per timing run of each hook (5 runs; default 100000). Fewer for quick runs or under valgrind.")
        var hookIterations = 100_000

        @Option(name: .long, help: "Rows of the keyboard lane's move_to_end list (0: no keyboard lanes).")
        var keyboardRows = KeyboardBench.moveToEndRows

        @Flag(name: .long, help: "Print one JSON object instead of text.")
        var json = false

        @Option(name: .long, help: ArgumentHelp("What to drag in: table (the default: the policy's lanes), grid (as --grid) or tree: a tree of --rows nodes, depth up to \(TreeBench.deepest), against a flat list of as many rows (native default: the dragging frame with a hundredth of the nodes lifted, lifting and dropping that subtree, collapsing and expanding a tenth of the nodes; at least \(TreeBench.minimumNodes) nodes).", valueName: "table|grid|tree"))
        var layout = BenchLayout.table

        @Flag(name: .long, help: "Instead: a vertical grid of --rows cells against the same grid turned horizontal (hit testing and a dragging frame, native default following x and y, both edge-scroll axes, lanes alternating).")
        var grid = false
        @Option(name: .long, help: "Also measure group drags: lifting and dropping this many selected rows among --rows, and the dragging frame with them against the frame without.")
        var group: Int?

        func validate() throws {
            guard SessionGeometry.Limits.frameRate.contains(frameRate) else {
                throw ValidationError("--frame-rate: expected \(SessionGeometry.Limits.frameRate.expectation) frames per second, got \(ValidationError.format(frameRate))")
            }
            if let drags, drags < 0 { throw ValidationError("--drags must be 0 or more, got \(drags)") }
            guard keyboardRows == 0 || (keyboardRows >= 2 && keyboardRows <= BenchOptions.maximumRows) else {
                throw ValidationError("--keyboard-rows must be 0 or between 2 and \(BenchOptions.maximumRows), got \(keyboardRows)")
            }
            if let group, group < 1 || group > rows.value {
                throw ValidationError("--group must be between 1 and --rows (\(rows)), got \(group)")
            }
            if grid && layout == .tree { throw ValidationError("--grid and --layout tree are two different lanes: give one") }
            guard hookIterations >= 1 else { throw ValidationError("--hook-iterations must be at least 1, got \(hookIterations)") }
            _ = try heights()
        }

        /// `--row-heights` as numbers: each within the item `height` range, 0 < h.
        func heights() throws -> [Double] {
            guard let rowHeights else { return [] }
            return try rowHeights.split(separator: ",", omittingEmptySubsequences: false).map { part in
                let text = part.trimmingCharacters(in: .whitespaces)
                guard let h = Double(text), h > 0, SessionGeometry.Limits.itemHeight.contains(h) else {
                    throw ValidationError("--row-heights: expected numbers in (0, \(NumberText.plain(SessionGeometry.Limits.itemHeight.upper))] separated by commas, got '\(text)'")
                }
                return h
            }
        }

        func run() throws {
            if layout == .tree {
                let options = BenchOptions(rows: rows.value, frameRate: frameRate, drags: drags ?? 0)
                let figures = TreeBench(nodes: rows.value, clock: MonotonicClock.nanoseconds)
                    .run(options: options, repeats: TreeBench.repeats)
                print(json ? figures.json : figures.text, terminator: json ? "\n" : "")
                return
            }
            if grid || layout == .grid {
                let bench = GridBench(options: GridBench.Options(items: rows.value, frameRate: frameRate, drags: drags ?? 0),
                                      clock: MonotonicClock.nanoseconds)
                print(bench.run().text, terminator: "")
                return
            }
            var options = BenchOptions(rows: rows.value, frameRate: frameRate, drags: drags ?? 0,
                                       policyBenchmark: PolicyBenchmark.Options(iterations: hookIterations))
            options.rowHeights = try heights()
            options.keyboardRows = keyboardRows
            let status = BenchCommand.run(policy: policy.name ?? BenchPolicyHelp.defaultName, options: options, json: json, console: .standard(),
                                          progressOnTerminal: isatty(2) == 1)
            if status != 0 { throw ExitCode(status) }
            if let group { BenchCommand.runGroup(size: group, options: options, console: .standard()) }
        }
    }
}

/// `reorder bench --layout`: the lanes to run.
enum BenchLayout: String, CaseIterable, ExpressibleByArgument {
    case table, grid, tree
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
    public static func run(policy reference: String, options: BenchOptions, json: Bool, console: Console,
                           progressOnTerminal: Bool = false,
                           clock: @escaping () -> UInt64 = MonotonicClock.nanoseconds) -> Int32 {
        let policy = console.policy(reference)
        let lua: LuaPolicy
        do {
            lua = try LuaPolicy(policy)
        } catch {
            console.writeError("reorder bench: \(error)\n")
            return 1
        }
        // The native twin: the built-in of the same name, when there is one.
        let native = policy.isFile ? nil : NativePolicies.named(reference)
        let runner = BenchRunner(policy: lua, native: native, options: options, clock: clock)
        let started = clock()
        var shown = false
        func show(_ fraction: Double) {
            guard progressOnTerminal, shown || clock() &- started > 1_000_000_000 else { return }
            shown = true
            console.writeError("\rreorder bench: \(reference), \(options.rows) rows: \(Int(clamping: fraction * 100, to: 0...100)) %")
        }
        // Frames take about 80 % of a run; hook calls, loads and reloads the rest.
        runner.progress = { show($0 * 0.8) }
        let frames = runner.run()
        // The keyboard lanes: a step, and move_to_end on a long list.
        let keyboard = options.keyboardRows > 0
            ? KeyboardBench.run(policy: lua, native: native, options: options, clock: clock) : nil
        // What the policy reported, shown as every command shows it; a policy switched off
        // during the drags was not measured (`default` answered for it): refuse the figures.
        let label = PolicyDiagnostic.label(of: lua)
        let diagnostics = lua.drainDiagnostics()
        if shown, !diagnostics.isEmpty { console.writeError("\r\u{1B}[K") }
        for d in diagnostics { console.writeError(d.line(policy: label) + "\n") }
        if lua.isDisabled {
            console.writeError("reorder bench: policy '\(label)' was switched off during the drags; "
                               + "the figures would be default's: not measured\n")
            return 1
        }
        show(0.8)
        let figures: PolicyBenchmark.Report
        do {
            var o = options.policyBenchmark
            o.rows = options.rows
            figures = try PolicyBenchmark.run(policy: policy.description, options: o)
        } catch {
            if shown { console.writeError("\r\u{1B}[K") }
            console.writeError("reorder bench: \(error)\n")
            return 1
        }
        if shown { console.writeError("\r\u{1B}[K") }
        var report = BenchReport(policy: label, rows: max(1, options.rows), frameRate: options.frameRate,
                                 lua: frames.lua, native: frames.native, policyFigures: figures)
        report.keyboard = keyboard
        report.diagnostics = diagnostics
        console.write(json ? report.json + "\n" : report.text)
        return 0
    }

    /// The group lane: lift and drop in both modes (3 times each), then the standard
    /// drag's frames with the native `default` policy, single item and with the group.
    public static func runGroup(size: Int, options: BenchOptions, console: Console,
                                clock: @escaping () -> UInt64 = MonotonicClock.nanoseconds) {
        let lane = GroupBench(rows: options.rows, groupSize: size, clock: clock)
        let figures = [GroupMode.collapse, .stay].map { lane.liftAndDrop(mode: $0, repeats: 3) }
        var single = options, grouped = options
        single.groupSize = 0
        grouped.groupSize = size
        var frames: (single: FrameStatistics, group: FrameStatistics)?
        let s = BenchRunner(policy: GroupBench.policyWithScroll(.collapse), native: nil, options: single, clock: clock).run().lua
        let g = BenchRunner(policy: GroupBench.policyWithScroll(.collapse), native: nil, options: grouped, clock: clock).run().lua
        frames = (s, g)
        console.write(GroupBench.text(figures, frames: frames, rows: options.rows, groupSize: size))
    }
}
