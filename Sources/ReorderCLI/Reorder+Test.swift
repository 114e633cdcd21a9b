import ArgumentParser
import ReorderLua

extension Reorder {
    /// `reorder test [PATH...] [--filter F] [--tap] [--junit FILE]`.
    struct Test: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Run *_spec.lua files (busted's describe/it/assert vocabulary) headlessly.",
            discussion: "Each file runs in a fresh Lua VM. The last line is `N passed, N failed` (`, N pending` when any); the exit status is 1 on any failure.")

        @Argument(help: "Spec files or folders to search for *_spec.lua (default: Policies/).")
        var paths: [String] = []

        @Option(name: .long, help: "Run only tests whose full name matches this Lua pattern.")
        var filter: String?

        @Flag(name: .long, help: "Print TAP (Test Anything Protocol) instead of the summary.")
        var tap = false

        @Option(name: .long, help: ArgumentHelp("Also write a JUnit XML report to FILE.", valueName: "file"))
        var junit: String?

        @Option(name: .long, help: "Seconds a spec file may run before it is stopped (0: no limit).")
        var timeout: Double = 60

        @Option(name: .long, help: ArgumentHelp(
            "Write LCOV coverage of the policy files the specs load to FILE (`--coverage` alone: lcov.info; a FILE after a space must end in .info) and print a summary per file.",
            valueName: "file"))
        var coverage: String?

        func run() throws {
            let runner = SpecRunner(paths: paths, filter: filter, tap: tap, junitPath: junit, timeout: timeout)
            let console = Console.standard()
            if coverage != nil { PolicyCoverage.enable() }
            let status = runner.run(console: console)
            if let coverage { try Self.writeCoverage(to: coverage, tap: tap, console: console) }
            if status != 0 { throw ExitCode(status) }
        }
    }
}
