/// Colours and dash patterns for series, chosen to stay apart for colour-blind readers
/// (Okabe & Ito's palette first, then darker fallbacks) and on white and grey paper.
///
/// ```swift
/// Palette.color(0)   // "#0072b2"
/// Palette.dash(7)    // "6 3" (the second round of colours is dashed)
/// ```
public enum Palette {
    public static let colors = [
        "#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9", "#000000",
        "#8c564b", "#7f7f7f", "#17becf",
    ]

    /// The colour of series `index` (cycling).
    public static func color(_ index: Int) -> String { colors[index % colors.count] }

    /// The dash pattern of series `index`: solid for the first round of colours, then dashed,
    /// then dotted, so series stay distinguishable past ten.
    public static func dash(_ index: Int) -> String? {
        switch (index / colors.count) % 3 {
        case 0: return nil
        case 1: return "6 3"
        default: return "2 2"
        }
    }

    /// Ink for axes, ticks and text.
    public static let ink = "#222222"
    /// Light grid lines.
    public static let grid = "#e6e6e6"
    /// Secondary text.
    public static let muted = "#666666"
}
