/// The one number formatter of the package: every message, report, plot and file that writes a
/// `Double` as text goes through one of these forms (no Foundation, no locale).
///
/// ```swift
/// NumberText.plain(375)              // "375"       (messages: whole numbers without a fraction)
/// NumberText.plain(2.5)              // "2.5"
/// NumberText.luaFloat(375)           // "375.0"     (what Lua's tostring prints for a float)
/// NumberText.exact(1200)             // "1200"      (round-trips: Double("1200") == 1200)
/// NumberText.rounded(3.14159, decimals: 2)   // "3.14"
/// ```
public enum NumberText {
    /// Whole numbers below 10^15 without a fraction (`375`, `0`, also for `-0`), others
    /// exactly as Swift writes them (`2.5`, `1e+300`, `nan`, `inf`, `-inf`).
    public static func plain(_ d: Double) -> String {
        if d.isNaN { return "nan" }
        if d.isInfinite { return d > 0 ? "inf" : "-inf" }
        if d == d.rounded() && abs(d) < 1e15 { return String(Int64(d)) }
        return d.description
    }

    /// A float as Lua's `%.14g` `tostring` shows it: whole numbers below 10^15 with `.0`
    /// (`375.0`), others as ``plain(_:)`` (`2.5`, `1e+300`, `nan`, `-inf`).
    public static func luaFloat(_ d: Double) -> String {
        d.isFinite && d == d.rounded() && abs(d) < 1e15 ? plain(d) + ".0" : plain(d)
    }

    /// The shortest text that reads back as exactly `d` (Swift's round-trip description),
    /// with a trailing `.0` dropped: `1200.0` → `"1200"`, `0.1` → `"0.1"`, `-0` → `"0"`.
    public static func exact(_ d: Double) -> String {
        if d == 0 { return "0" }
        var s = d.description
        if s.hasSuffix(".0") { s.removeLast(2) }
        return s
    }

    /// `v` with exactly `digits` decimals, trailing zeros kept (`612.4, 0` → `"612"`,
    /// `0.00006, 4` → `"0.0001"`, `-2.5, 1` → `"-2.5"`): report columns. Past 10^15 the
    /// digits are not all exact anyway: Swift's description. Non-finite: `nan`, `inf`, `-inf`.
    public static func fixed(_ v: Double, _ digits: Int) -> String {
        guard v.isFinite else { return plain(v) }
        guard abs(v) < 1e15 else { return v.description }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let r = (abs(v) * scale).rounded()
        let whole = Int(clamping: r / scale, to: 0...Int.max), frac = Int(clamping: r - Double(whole) * scale, to: 0...Int.max)
        var s = (v < 0 && r > 0 ? "-" : "") + String(whole)
        if digits > 0 {
            let f = String(frac)
            s += "." + String(repeating: "0", count: digits - f.count) + f
        }
        return s
    }

    /// `d` rounded half away from zero to `decimals` places (0...9), trailing zeros and a
    /// trailing dot removed, never `-0`: `3.14159` → `"3.14"`, `-0.001` → `"0"`, `12.0` →
    /// `"12"`. Beyond 9·10^15 in units of the last place the decimals mean nothing: ``exact(_:)``.
    /// Non-finite values are `nan`, `inf`, `-inf`.
    public static func rounded(_ d: Double, decimals: Int) -> String {
        guard d.isFinite else { return plain(d) }
        let places = min(max(decimals, 0), 9)
        var scale: Int64 = 1
        for _ in 0..<places { scale *= 10 }
        let scaled = (d.magnitude * Double(scale)).rounded(.toNearestOrAwayFromZero)
        guard scaled < 9.0e15 else { return exact(d) }
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
        return d < 0 ? "-" + text : text
    }
}
