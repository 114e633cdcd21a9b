import ReorderCore

/// The parts of docs/POLICIES.md generated from the policy field table (``PolicyField/all``);
/// a test checks the committed guide against them, and `reorder fields --markdown` prints them.
///
/// ```swift
/// print(PolicyGuide.fieldTable)
/// // | field | takes | default | with `extends` | when the hook fails | what it does |
/// // |---|---|---|---|---|---|
/// // | `name` | string | the file name without `.lua` | this file only | | The policy's name ... |
/// ```
public enum PolicyGuide {
    /// The Markdown table of every policy field, one row each, in reading order.
    public static var fieldTable: String {
        var lines = ["| field | takes | default | with `extends` | when the hook fails | what it does |",
                     "|---|---|---|---|---|---|"]
        for f in PolicyField.all {
            let merge = f.merge == .inherited ? "inherited" : "this file only"
            let cells = ["`\(f.path)`", f.takes, f.defaultText, merge, f.fallback, f.doc]
            lines.append("| " + cells.map(escape).joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The Markdown table of the hooks (`reorder fields --hooks --markdown`): one row per field
    /// that may be a function, in reading order, from its descriptor.
    public static var hookTable: String {
        var lines = ["| hook | called | arguments | returns |", "|---|---|---|---|"]
        for d in PolicyField.all.compactMap(\.hookDoc) {
            let cells = ["`\(d.signature)`", d.called, d.arguments, d.returns]
            lines.append("| " + cells.map(escape).joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The hooks' paths, one per line (`reorder fields --hooks`).
    public static var hookNames: [String] { PolicyField.all.filter { $0.hookDoc != nil }.map(\.path) }

    /// The field names, one per line (`reorder fields`).
    public static var fieldNames: [String] { PolicyField.all.map(\.path) }

    /// `|` in a cell would end it.
    private static func escape(_ s: String) -> String {
        String(s.flatMap { $0 == "|" ? ["\\", "|"] : [$0] })
    }
}
