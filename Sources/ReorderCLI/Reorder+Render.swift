import ArgumentParser

extension Reorder {
    /// `reorder render TRACE.jsonl [--policy P] --out FILE.svg`.
    struct Render: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Draw a recorded trace as an SVG timeline of its drag.",
            discussion: """
                Finger, snapshot and content offset over time, the pressing / dragging / dropping \
                phases shaded, a marker at each move (from -> to), and the list at the begin, after \
                each move and at the end. Record traces in the REPL with :record FILE ... :stop; \
                in the REPL, :render FILE draws the last drag of `s`.
                """)

        @OptionGroup var input: TraceArguments

        @Option(name: .long, help: "The SVG file to write.")
        var out: String

        func run() throws {
            let status = Plotter.render(tracePath: input.trace, policy: input.policy.name, out: out, console: .standard())
            if status != 0 { throw ExitCode(status) }
        }
    }
}
