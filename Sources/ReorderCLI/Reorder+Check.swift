import ArgumentParser

extension Reorder {
    /// `reorder check POLICY...`.
    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Load and validate policies (built-in names or .lua files) without running a drag.")

        @Argument(help: "Policies to check.")
        var policies: [String]

        func run() throws {
            let status = PolicyChecker.run(policies, console: .standard())
            if status != 0 { throw ExitCode(status) }
        }
    }
}
