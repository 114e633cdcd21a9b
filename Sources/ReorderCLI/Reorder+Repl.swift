import ArgumentParser
import ReorderLua
import ReorderScripting

extension Reorder {
    /// `reorder repl [--policy P] [--layout table|grid|board|strip]`: the interactive Lua REPL (the default subcommand).
    struct Repl: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Start the Lua REPL with a session `s` on a demo list (the default).",
            discussion: "Piped input works without a terminal: no prompts, exit status 1 if any entry failed.")

        @OptionGroup var policy: PolicyOption<ReplPolicyHelp>

        @Option(name: .long, help: "The demo `s` starts on: table (a to-do list), grid (home buttons), board (task lists) or strip (a dozen tabs scrolling sideways).")
        var layout: String = "table"

        func validate() throws {
            guard DemoList.Demo(rawValue: layout) != nil else {
                throw ValidationError("--layout must be table, grid, board or strip, got '\(layout)'")
            }
        }

        func run() throws {
            let demo = DemoList.Demo(rawValue: layout) ?? .table
            let status = ReplDriver(console: .standard(), policy: policy.name, demo: demo).run()
            if status != 0 { throw ExitCode(status) }
        }
    }
}
