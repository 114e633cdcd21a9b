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

        @Option(name: .long, help: ArgumentHelp("The demo `s` starts on: " + DemoList.Demo.choices + "."))
        var layout: DemoList.Demo = .table

        func run() throws {
            let status = ReplDriver(console: .standard(), policy: policy.name, demo: layout).run()
            if status != 0 { throw ExitCode(status) }
        }
    }
}
