import ArgumentParser

extension Reorder {
    /// `reorder replay trace.jsonl [--policy P] [--json]`.
    struct Replay: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Replay a recorded trace (JSON Lines) and print the final items, offset and events.",
            discussion: "Record traces in the REPL with :record FILE ... :stop.")

        @OptionGroup var input: TraceArguments

        @Flag(name: .long, help: "Print one JSON object instead of text.")
        var json = false

        func run() throws {
            let status = Replayer.run(tracePath: input.trace, policy: input.policy.name, json: json, console: .standard())
            if status != 0 { throw ExitCode(status) }
        }
    }
}
