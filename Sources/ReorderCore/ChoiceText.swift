/// A list of choices as messages and docs write it: `a, b or c`.
///
/// ```swift
/// ChoiceText.list(["table", "grid", "board"])              // "table, grid or board"
/// ChoiceText.list(LayoutKind.allCases.map(\.rawValue), quote: "\"")   // "\"table\", \"grid\" or \"board\""
/// ```
public enum ChoiceText {
    /// `items` (each between `quote`s) joined by commas, the last by "or".
    public static func list(_ items: [String], quote: String = "") -> String {
        let q = items.map { quote + $0 + quote }
        return q.count <= 2 ? q.joined(separator: " or ") : q.dropLast().joined(separator: ", ") + " or " + (q.last ?? "")
    }
}
