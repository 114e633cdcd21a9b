import ArgumentParser
import ReorderLua

/// What `--policy` says in one command's help.
protocol PolicyOptionHelp {
    /// The help line of `--policy`, including the command's default.
    static var text: String { get }
}

/// `--policy P`: the one declaration of the flag, a built-in name or a `.lua` file
/// (``PolicyReference``), used by every command that takes it through `@OptionGroup`.
///
/// ```swift
/// struct Replay: ParsableCommand {
///     @OptionGroup var policy: PolicyOption<TracePolicyHelp>
///     func run() { print(policy.name ?? "the trace's") }
/// }
/// ```
struct PolicyOption<Help: PolicyOptionHelp>: ParsableArguments {
    @Option(name: .customLong("policy"), help: ArgumentHelp(Help.text, valueName: "policy"))
    var name: String?

    init() {}
}

/// `reorder replay` and `reorder render`: the trace names its policy.
enum TracePolicyHelp: PolicyOptionHelp {
    static let text = "The policy: a built-in name or a .lua file (default: the trace's, else `default`)."
}

/// What the commands that read a recorded trace take first: the trace file, and `--policy` to
/// replay it under another policy than its own.
///
/// ```swift
/// struct Replay: ParsableCommand {
///     @OptionGroup var input: TraceArguments
///     func run() { print(input.trace, input.policy.name ?? "the trace's") }
/// }
/// ```
struct TraceArguments: ParsableArguments {
    @Argument(help: "The trace file (.jsonl).")
    var trace: String

    @OptionGroup var policy: PolicyOption<TracePolicyHelp>

    init() {}
}

/// `reorder repl`: each demo has a policy of its own.
enum ReplPolicyHelp: PolicyOptionHelp {
    static let text = "The policy of `s`: a built-in name or a .lua file (default: the demo's own: default, grid_home or kanban)."
}

/// `reorder bench`: jx_movable unless told (written as ArgumentParser writes a default).
enum BenchPolicyHelp: PolicyOptionHelp {
    static let defaultName = "jx_movable"
    static let text = "The policy: a built-in name or a .lua file. (default: \(defaultName))"
}
