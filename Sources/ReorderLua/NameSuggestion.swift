/// The did-you-mean of every message that names something unknown: a policy field, a built-in
/// policy, a `reorder.session` option, a command. One rule for all of them (the nearest known
/// name by edit distance, when it is close), the one that checks policy fields.
///
/// ```swift
/// NameSuggestion.nearest(to: "polciy", among: ["policy", "sections", "rows"])   // "policy"
/// NameSuggestion.nearest(to: "colour", among: ["policy", "sections", "rows"])   // nil
/// ```
public enum NameSuggestion {
    /// The name of `known` nearest to `name`, when it is close enough to be a slip.
    public static func nearest(to name: String, among known: [String]) -> String? {
        PolicyReader.suggestion(for: name, among: known)
    }
}
