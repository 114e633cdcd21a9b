import ArgumentParser

extension Reorder {
    /// `reorder replay trace.jsonl [--policy P] [--json]`.
    struct Replay: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Replay a recorded trace (JSON Lines) and print the final items, offset and events.",
            discussion: "Record traces in the REPL with :record FILE ... :stop.")

        @Argument(help: "The trace file (.jsonl).")
        var trace: String

        @Option(name: .long, help: "The policy: a built-in name or a .lua file (default: the trace's, else `default`).")
        var policy: String?

        @Flag(name: .long, help: "Print one JSON object instead of text.")
        var json = false

        func run() throws {
            let status = Replayer.run(tracePath: trace, policy: policy, json: json, console: .standard())
            if status != 0 { throw ExitCode(status) }
        }
    }
}
