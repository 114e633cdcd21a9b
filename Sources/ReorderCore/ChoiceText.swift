/// A list of choices as messages and docs write it: `a, b or c`.
///
/// ```swift
/// ChoiceText.list(["table", "grid", "board"])              // "table, grid or board"
/// ChoiceText.list(LayoutKind.allCases.map(\.rawValue), quote: "\"")   // "\"table\", \"grid\", \"board\" or \"tree\""
/// ```
public enum ChoiceText {
    /// `items` (each between `quote`s) joined by commas, the last by "or".
    public static func list(_ items: [String], quote: String = "") -> String {
        let q = items.map { quote + $0 + quote }
        return q.count <= 2 ? q.joined(separator: " or ") : q.dropLast().joined(separator: ", ") + " or " + (q.last ?? "")
    }
}

/// A closed set of values and their policy names: one table read both ways (a name to its
/// value when a policy or a trace is parsed, a value to its name when it is written) and
/// listed for messages and docs.
///
/// ```swift
/// let axes = NamedValues<ScrollAxes>([("vertical", .vertical), ("horizontal", .horizontal)])
/// axes["vertical"]            // .vertical
/// axes.name(of: .horizontal)  // "horizontal"
/// axes.names                  // ["vertical", "horizontal"]
/// ```
struct NamedValues<Value: Equatable & Sendable>: Sendable {
    let entries: [(name: String, value: Value)]
    init(_ entries: [(name: String, value: Value)]) { self.entries = entries }
    var names: [String] { entries.map(\.name) }
    subscript(name: String) -> Value? { entries.first { $0.name == name }?.value }
    func name(of value: Value) -> String? { entries.first { $0.value == value }?.name }
}
