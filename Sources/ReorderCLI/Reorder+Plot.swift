import ArgumentParser

extension Reorder {
    /// `reorder plot POLICY... [--out FILE.svg] [--viewport WxH] [--frame-rate F]`.
    struct Plot: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Compare edge-scroll curves: a table on the terminal, or an SVG chart with --out.",
            discussion: """
                Speed (pt/s) against the reference point's distance from the edge, one line per policy, \
                zone borders marked; a second panel shows speed over time when a policy ramps up. \
                Built-in names and .lua files can be mixed:
                  reorder plot jx_movable default my.lua --out curves.svg
                """)

        @Argument(help: "Policies: built-in names or .lua files.")
        var policies: [String]

        @Option(name: .long, help: "The SVG file to write (default: print a table).")
        var out: String?

        @Option(name: .long, help: "Viewport in points, WIDTHxHEIGHT (default 375x667).")
        var viewport: String?

        @Option(name: .long, help: "Frames per second given to the policies (default 60).")
        var frameRate: Double?

        func run() throws {
            let status = Plotter.plot(policies, out: out, viewport: viewport, frameRate: frameRate, console: .standard())
            if status != 0 { throw ExitCode(status) }
        }
    }
}
