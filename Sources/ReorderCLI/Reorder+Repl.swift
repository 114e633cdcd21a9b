import ArgumentParser

extension Reorder {
    /// `reorder repl [--policy P]`: the interactive Lua REPL (the default subcommand).
    struct Repl: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Start the Lua REPL with a session `s` on a demo list (the default).",
            discussion: "Piped input works without a terminal: no prompts, exit status 1 if any entry failed.")

        @Option(name: .long, help: "The policy of `s`: a built-in name or a .lua file.")
        var policy: String = "default"

        func run() throws {
            let status = ReplDriver(console: .standard(), policy: policy).run()
            if status != 0 { throw ExitCode(status) }
        }
    }
}
