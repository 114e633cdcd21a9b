/// Compact, deterministic number formatting for SVG output (no Foundation, no locale).
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
        guard value.isFinite else { return "0" }
        let places = min(max(decimals, 0), 9)
        var scale: Int64 = 1
        for _ in 0..<places { scale *= 10 }
        let scaled = (value.magnitude * Double(scale)).rounded(.toNearestOrAwayFromZero)
        // Beyond 2^53 the decimals are meaningless anyway; fall back to the shortest form.
        guard scaled < 9.0e15 else { return exact(value) }
        let n = Int64(scaled)
        if n == 0 { return "0" }
        var text = String(n / scale)
        let fraction = n % scale
        if fraction != 0 {
            var digits = String(fraction)
            digits = String(repeating: "0", count: places - digits.count) + digits
            while digits.last == "0" { digits.removeLast() }
            text += "." + digits
        }
        return value < 0 ? "-" + text : text
    }

    /// The shortest text that reads back as exactly `value` (Swift's round-trip
    /// description), with a trailing `.0` dropped: `1200.0` → `"1200"`, `0.1` → `"0.1"`.
    public static func exact(_ value: Double) -> String {
        if value == 0 { return "0" }   // also turns -0 into 0
        var s = value.description
        if s.hasSuffix(".0") { s.removeLast(2) }
        return s
    }

    /// Values separated by single spaces, each written with ``exact(_:)``.
    public static func exactList(_ values: [Double]) -> String {
        values.map(exact).joined(separator: " ")
    }
}
