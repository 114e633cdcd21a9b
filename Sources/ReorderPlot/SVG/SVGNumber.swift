import ReorderCore

/// Compact, deterministic number formatting for SVG output (ReorderCore's ``NumberText``: no
/// Foundation, no locale).
///
/// Coordinates are rounded to a fixed number of decimals and written without trailing
/// zeros; data values meant to be read back exactly use ``exact(_:)``.
///
/// ```swift
/// SVGNumber.format(12.0)        // "12"
/// SVGNumber.format(3.14159)     // "3.14"
/// SVGNumber.format(-0.001)      // "0"
/// SVGNumber.format(0.5, decimals: 3)   // "0.5"
/// SVGNumber.exact(0.1)          // "0.1" (round-trips: Double("0.1") == 0.1)
/// ```
public enum SVGNumber {
    /// Decimals kept for coordinates: a hundredth of a point is far below a pixel.
    public static let defaultDecimals = 2

    /// `value` rounded half away from zero to `decimals` places (0...9), trailing zeros and
    /// a trailing dot removed, never `-0`. Non-finite values are written as `0`.
    public static func format(_ value: Double, decimals: Int = defaultDecimals) -> String {
        value.isFinite ? NumberText.rounded(value, decimals: decimals) : "0"
    }

    /// The shortest text that reads back as exactly `value` (Swift's round-trip
    /// description), with a trailing `.0` dropped: `1200.0` → `"1200"`, `0.1` → `"0.1"`.
    public static func exact(_ value: Double) -> String { NumberText.exact(value) }

    /// Values separated by single spaces, each written with ``exact(_:)``.
    public static func exactList(_ values: [Double]) -> String {
        values.map(exact).joined(separator: " ")
    }
}
