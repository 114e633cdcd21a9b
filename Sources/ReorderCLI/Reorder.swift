import ArgumentParser
import Foundation
import ReorderLua

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
    /// filled in (``Test/normalizingCoverage(_:)``) and negative option values kept
    /// (``joiningNegativeValues(_:)``), then parsed and run; a first word that is no command is
    /// refused with the list of commands (``unknownCommand(_:)``).
    public static func main() {
        let arguments = joiningNegativeValues(Test.normalizingCoverage(Array(CommandLine.arguments.dropFirst())))
        if let problem = unknownCommand(arguments) {
            FileHandle.standardError.write(Data(problem.utf8))
            Foundation.exit(ExitStatus.usage)
        }
        main(arguments)
    }

    /// The names of the commands, in the order `--help` lists them (a hidden one, such as the
    /// sandbox fuzzer's worker, left out).
    static var commandNames: [String] { subcommandTypes.filter { $0.configuration.shouldDisplay }.map { $0._commandName } }

    /// What to say when the first word is not a command (nil when it is one, or an option):
    /// without it the REPL, the default command, took the word for its own argument
    /// ("Unexpected argument 'frobnicate'" and the REPL's usage).
    ///
    /// ```text
    /// reorder: unknown command 'tset' (did you mean 'test'?)
    /// commands: repl, test, run, replay, check, fields, types, init, plot, render, bench, fuzz, play (reorder --help)
    /// ```
    static func unknownCommand(_ arguments: [String]) -> String? {
        guard let first = arguments.first, !first.hasPrefix("-"), first != "help", !subcommandTypes.contains(where: { $0._commandName == first }) else { return nil }
        let near = NameSuggestion.nearest(to: first, among: commandNames).map { " (did you mean '\($0)'?)" } ?? ""
        return "reorder: unknown command '\(first)'\(near)\ncommands: \(commandNames.joined(separator: ", ")) (reorder --help)\n"
    }

    /// `--rows -5` read as `--rows=-5`: argument-parser takes a word starting with `-` for an
    /// option, so it said "Missing value for '--rows <rows>'" where the value is there and
    /// wrong. Each option the parser finds without a value, followed by a negative number, is
    /// joined to it; the command's own check then says what is wrong with the number.
    ///
    /// ```swift
    /// Reorder.joiningNegativeValues(["bench", "--rows", "-5"])   // ["bench", "--rows=-5"]
    /// ```
    static func joiningNegativeValues(_ arguments: [String]) -> [String] {
        var args = arguments
        for _ in args.indices {
            let message: String
            do { _ = try parseAsRoot(args); return args } catch { message = fullMessage(for: error) }
            guard let start = message.range(of: "Missing value for '"),
                  let name = message[start.upperBound...].split(separator: " ").first.map(String.init),
                  let i = args.firstIndex(of: name), i + 1 < args.count,
                  args[i + 1].hasPrefix("-"), Double(args[i + 1]) != nil
            else { return args }
            args[i] = name + "=" + args[i + 1]
            args.remove(at: i + 1)
        }
        return args
    }
}
