import ArgumentParser

/// The `reorder` command: a REPL, a headless spec runner, scripts, trace replay and policy
/// checks for drag-to-reorder policies.
///
/// The executable's entry point is this type (`@main extension Reorder {}` in `reorder`).
/// Each subcommand lives in its own file (`Reorder+Test.swift`, ...); registering one is one
/// line in ``subcommandTypes``.
///
/// ```sh
/// reorder                              # the REPL on the demo list, policy `default`
/// reorder test Policies/ --tap
/// reorder replay drag.jsonl --policy jx_movable --json
/// ```
public struct Reorder: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "reorder",
        abstract: "Try, test and replay drag-to-reorder policies written in Lua.",
        discussion: """
            With no subcommand, starts the REPL with a session `s` on a demo list.
            See docs/REFERENCE.md for the Lua session API and the policy hooks.
            """,
        version: version,
        subcommands: subcommandTypes,
        defaultSubcommand: Repl.self)

    /// The version `--version` prints and the REPL's banner shows.
    public static let version = "0.1.0"

    /// Every subcommand, in the order `--help` lists them. Add yours here.
    static let subcommandTypes: [any ParsableCommand.Type] = [
        Repl.self,
        Test.self,
        Run.self,
        Replay.self,
        Check.self,
        Fields.self,
        Types.self,
        Init.self,
        Plot.self,
        Render.self,
        Bench.self,
        Fuzz.self,
        Play.self,
        SandboxWorker.self,
    ]

    public init() {}

    /// The entry point: the command line with `reorder test --coverage`'s optional value
    /// filled in (``Test/normalizingCoverage(_:)``), then parsed and run.
    public static func main() {
        main(Test.normalizingCoverage(Array(CommandLine.arguments.dropFirst())))
    }
}
