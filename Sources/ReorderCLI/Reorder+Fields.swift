import ArgumentParser
import ReorderLua
import ReorderTrace

extension Reorder {
    /// `reorder fields [--hooks | --inputs | --events] [--markdown]`: the policy fields, from
    /// the one table that reads them (docs/POLICIES.md's field table is this command's
    /// `--markdown` output), or the inputs and events of traces and the playground, from the
    /// one ``Vocabulary`` that writes and reads them (the tables of docs/REFERENCE.md and
    /// docs/PLAYGROUND.md).
    ///
    /// ```sh
    /// reorder fields              # name, extends, api, min_press_duration, ...
    /// reorder fields --markdown   # the table of docs/POLICIES.md
    /// reorder fields --hooks --markdown   # its hooks table
    /// reorder fields --inputs     # down x y time, move x y time, ...
    /// reorder fields --events --markdown   # the events table of docs/REFERENCE.md
    /// ```
    struct Fields: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the fields a policy table may set (--markdown: the table of docs/POLICIES.md), or the fields of inputs and events.")

        @Flag(help: "Print the Markdown table of docs/POLICIES.md: what each field takes, its default and what it does.")
        var markdown = false

        @Flag(help: "The hooks only (with --markdown: the hooks table of docs/POLICIES.md: when each is called, its arguments, what it returns).")
        var hooks = false

        @Flag(help: "The inputs of traces and the playground instead: each type with its fields (with --markdown: the inputs table of docs/REFERENCE.md and docs/PLAYGROUND.md).")
        var inputs = false

        @Flag(help: "The events of s:events(), reorder replay and the playground instead (with --markdown: their table, with the text forms).")
        var events = false

        func validate() throws {
            if [hooks, inputs, events].filter({ $0 }).count > 1 {
                throw ValidationError("give one of --hooks, --inputs and --events")
            }
        }

        func run() throws {
            let console = Console.standard()
            func list(_ kinds: [Vocabulary.Kind]) -> String {
                kinds.map { ([$0.name] + $0.fields.map(\.name) + [Vocabulary.time.name]).joined(separator: " ") }
                    .joined(separator: "\n") + "\n"
            }
            if hooks {
                console.write(markdown ? PolicyGuide.hookTable : PolicyGuide.hookNames.joined(separator: "\n") + "\n")
            } else if inputs {
                console.write(markdown ? Vocabulary.inputTable : list(Vocabulary.inputs))
            } else if events {
                console.write(markdown ? Vocabulary.eventTable : list(Vocabulary.events))
            } else {
                console.write(markdown ? PolicyGuide.fieldTable : PolicyGuide.fieldNames.joined(separator: "\n") + "\n")
            }
        }
    }
}
