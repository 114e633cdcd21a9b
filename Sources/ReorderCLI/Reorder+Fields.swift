import ArgumentParser
import ReorderLua

extension Reorder {
    /// `reorder fields [--markdown]`: the policy fields, from the one table that reads them
    /// (docs/POLICIES.md's field table is this command's `--markdown` output).
    ///
    /// ```sh
    /// reorder fields              # name, extends, api, min_press_duration, ...
    /// reorder fields --markdown   # the table of docs/POLICIES.md
    /// reorder fields --hooks --markdown   # its hooks table
    /// ```
    struct Fields: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the fields a policy table may set (--markdown: the table of docs/POLICIES.md).")

        @Flag(help: "Print the Markdown table of docs/POLICIES.md: what each field takes, its default and what it does.")
        var markdown = false

        @Flag(help: "The hooks only (with --markdown: the hooks table of docs/POLICIES.md: when each is called, its arguments, what it returns).")
        var hooks = false

        func run() throws {
            let console = Console.standard()
            if hooks {
                console.write(markdown ? PolicyGuide.hookTable : PolicyGuide.hookNames.joined(separator: "\n") + "\n")
            } else {
                console.write(markdown ? PolicyGuide.fieldTable : PolicyGuide.fieldNames.joined(separator: "\n") + "\n")
            }
        }
    }
}
