import ArgumentParser
import ReorderLua
import ReorderScripting

extension Reorder {
    /// `reorder repl [--policy P] [--layout table|grid|board]`: the interactive Lua REPL (the default subcommand).
    struct Repl: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Start the Lua REPL with a session `s` on a demo list (the default).",
            discussion: "Piped input works without a terminal: no prompts, exit status 1 if any entry failed.")

        @OptionGroup var policy: PolicyOption<ReplPolicyHelp>

        @Option(name: .long, help: "The demo `s` starts on: table (a to-do list), grid (home buttons) or board (task lists).")
        var layout: String = "table"

        func validate() throws {
            guard SessionOptions.LayoutKind(rawValue: layout) != nil else {
                throw ValidationError("--layout must be table, grid or board, got '\(layout)'")
            }
        }

        func run() throws {
            let kind = SessionOptions.LayoutKind(rawValue: layout) ?? .table
            let status = ReplDriver(console: .standard(), policy: policy.name, layout: kind).run()
            if status != 0 { throw ExitCode(status) }
        }
    }
}
