import ArgumentParser
import ReorderLua

extension Reorder {
    /// `reorder test [PATH...] [--filter F] [--tags T] [--exclude-tags T] [--shuffle] [--seed N]
    /// [-o HANDLER] [--tap] [--junit FILE] [--watch]`.
    struct Test: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Run *_spec.lua files on busted (Debian's lua-busted) headlessly, with the reorder module loaded.",
            discussion: """
                The specs run on Debian's busted and luassert (apt-get install lua-busted) in one Lua VM \
                that has `reorder.session{...}`. The default output is one line per spec file with a mark per \
                test, the failures, and the last line `N passed, N failed` (`, N pending` when any); the exit \
                status is 1 on any failure. busted's own handlers work with -o (json, utfTerminal, TAP, junit).
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

        @Flag(name: .long, help: "Print TAP (Test Anything Protocol) instead of the summary.")
        var tap = false

        @Option(name: .long, help: ArgumentHelp("Also write a JUnit XML report to FILE.", valueName: "file"))
        var junit: String?

        @Option(name: .long, help: "Seconds a spec file may run before its running test is stopped (0: no limit).")
        var timeout: Double = 60

        @Option(name: .long, help: ArgumentHelp(
            "Write LCOV coverage of the policy files the specs load to FILE (`--coverage` alone: lcov.info; a FILE after a space must end in .info) and print a summary per file.",
            valueName: "file"))
        var coverage: String?

        @Flag(name: .long, help: "Run, then rerun the affected spec files whenever a spec or policy file changes (Ctrl-C ends).")
        var watch = false

        func run() throws {
            var runner = SpecRunner(paths: paths, filter: filter, tap: tap, junitPath: junit, timeout: timeout)
            runner.tags = tags
            runner.excludeTags = excludeTags
            runner.shuffle = shuffle
            runner.seed = seed
            runner.output = output
            if watch {
                SpecWatcher(runner: runner).run(console: .standard())
                return
            }
            let console = Console.standard()
            if coverage != nil { PolicyCoverage.enableEverywhere(true) }
            let status = runner.run(console: console)
            if let coverage { try Self.writeCoverage(to: coverage, tap: tap, console: console) }
            if status != 0 { throw ExitCode(status) }
        }
    }
}
