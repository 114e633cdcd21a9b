import ArgumentParser

extension Reorder {
    /// `reorder check POLICY...`, `reorder check --lint [FILE...]`.
    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Load and validate policies (built-in names or .lua files) without running a drag; --lint: run luacheck on policy files.")

        @Argument(help: "Policies to check (with --lint: .lua files or folders; default: the current folder).")
        var policies: [String] = []

        @Flag(name: .long, help: "Lint with luacheck (package lua-check) and the `reorder` std: accidental globals, unused variables, shadowing, as file:line:col.")
        var lint = false

        func validate() throws {
            if !lint && policies.isEmpty { throw ValidationError("Missing expected argument '<policies> ...'") }
        }

        func run() throws {
            let console = Console.standard()
            let status = lint ? PolicyLinter.run(policies, console: console) : PolicyChecker.run(policies, console: console)
            if status != 0 { throw ExitCode(status) }
        }
    }
}
