import ArgumentParser
import ReorderLua

extension Reorder {
    /// `reorder test [PATH...] [--filter F] [--tags T] [--exclude-tags T] [--shuffle] [--seed N]
    /// [-o HANDLER] [--tap] [--junit FILE] [--coverage [FILE] | --no-coverage] [--watch]`.
    struct Test: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Run *_spec.lua files on busted (Debian's lua-busted) headlessly, with the reorder module loaded.",
            discussion: """
                The specs run on Debian's busted and luassert (apt-get install lua-busted) in one Lua VM \
                that has `reorder.session{...}`. The default output is one line per spec file with a mark per \
                test, the failures, and the last line `N passed, N failed` (`, N pending` when any); the exit \
                status is 1 on any failure. busted's own handlers work with -o (json, utfTerminal, TAP, junit). \
                A .busted file in the working directory applies as under busted; -o, --tap and --junit win over \
                its output, and its coverage = true turns on reorder's LCOV coverage (--no-coverage: off). \
                --watch does the same on every run, each run's coverage written after it.
                """)

        @Argument(help: "Spec files or folders to search for *_spec.lua (default: Policies/).")
        var paths: [String] = []

        @Option(name: .long, help: "Run only tests whose full name matches this Lua pattern (busted's --filter).")
        var filter: String?

        @Option(name: .long, help: ArgumentHelp("Run only tests with this tag (#tag in the name; busted's --tags; repeatable, or comma-separated).", valueName: "tag"))
        var tags: [String] = []

        @Option(name: .customLong("exclude-tags"), help: ArgumentHelp("Skip tests with this tag (busted's --exclude-tags).", valueName: "tag"))
        var excludeTags: [String] = []

        @Flag(name: .long, help: "Run the files and the tests in random order (busted's --shuffle).")
        var shuffle = false

        @Option(name: .long, help: "The random seed of --shuffle (busted's --seed).")
        var seed: Int?

        @Option(name: [.customShort("o"), .long], help: ArgumentHelp("A busted output handler instead of reorder's (json, utfTerminal, plainTerminal, TAP, junit, gtest).", valueName: "handler"))
        var output: String?

        @Flag(name: .long, help: "Print TAP version 13 (Test Anything Protocol; the tally as a `#` diagnostic line) instead of the summary.")
        var tap = false

        @Option(name: .long, help: ArgumentHelp("Also write a JUnit XML report to FILE.", valueName: "file"))
        var junit: String?

        @Option(name: .long, help: "Seconds a spec file may run before its running test is stopped (0: no limit).")
        var timeout: Double = 60

        @Option(name: .long, help: ArgumentHelp(
            "Write LCOV coverage of the policy files the specs load to FILE (`--coverage` alone: lcov.info; a FILE after a space must end in .info) and print a summary per file.",
            valueName: "file"))
        var coverage: String?

        @Flag(name: .customLong("no-coverage"), help: "Do not count coverage even when the project's .busted sets coverage = true (busted's --no-coverage).")
        var noCoverage = false

        @Flag(name: .long, help: "Run, then rerun the affected spec files whenever a spec or policy file changes (Ctrl-C ends).")
        var watch = false

        func validate() throws {
            if coverage != nil && noCoverage { throw ValidationError("--coverage and --no-coverage contradict each other: give one") }
        }

        func run() throws {
            var runner = SpecRunner(paths: paths, filter: filter, tap: tap, junitPath: junit, timeout: timeout)
            runner.tags = tags
            runner.excludeTags = excludeTags
            runner.shuffle = shuffle
            runner.seed = seed
            runner.output = output
            runner.noCoverage = noCoverage
            let console = Console.standard()
            let counting = CoverageRun(file: coverage, tap: tap)
            runner.onCoverage = counting.request
            if watch {
                var watcher = SpecWatcher(runner: runner)
                watcher.coverage = counting
                watcher.run(console: console)
                return
            }
            let status = counting.around(console: console) { runner.run(console: console) }
            if counting.failed { throw ExitCode(1) }
            if status != 0 { throw ExitCode(status) }
        }
    }
}
