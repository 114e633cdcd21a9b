import Testing
import ReorderCore

/// The one number formatter (NumberText.swift). Expected texts: Swift's
/// shortest round-trip `description` of each value, and the forms the replaced copies wrote
/// (ValidationError.format, PolicyFields.format, SpecRunner's fmtSeconds, SVGNumber.format).
@Suite struct NumberTextTests {
    @Test func plainWritesWholeNumbersWithoutAFraction() {
        #expect(NumberText.plain(375) == "375")
        #expect(NumberText.plain(-0.0) == "0")
        #expect(NumberText.plain(2.5) == "2.5")
        #expect(NumberText.plain(999_999_999_999_999) == "999999999999999")
        // 10^15 is past the whole-number cut: Swift's description.
        #expect(NumberText.plain(1e15) == "1000000000000000.0")
        #expect(NumberText.plain(1e300) == "1e+300")
        #expect(NumberText.plain(.nan) == "nan")
        #expect(NumberText.plain(.infinity) == "inf")
        #expect(NumberText.plain(-.infinity) == "-inf")
    }

    /// Lua 5.4 prints `tostring(375.0)` as `375.0` and `tostring(2.5)` as `2.5`.
    @Test func luaFloatKeepsTheFractionOfWholeFloats() {
        #expect(NumberText.luaFloat(375) == "375.0")
        #expect(NumberText.luaFloat(-2) == "-2.0")
        #expect(NumberText.luaFloat(2.5) == "2.5")
        #expect(NumberText.luaFloat(.nan) == "nan")
        #expect(NumberText.luaFloat(-.infinity) == "-inf")
    }

    @Test func exactRoundTrips() {
        #expect(NumberText.exact(1200) == "1200")
        #expect(NumberText.exact(0.1) == "0.1")
        #expect(NumberText.exact(-0.0) == "0")
        #expect(NumberText.exact(1e15) == "1000000000000000")
        #expect(Double(NumberText.exact(0.1 + 0.2)) == 0.1 + 0.2)
    }

    /// Half away from zero on the scaled value: 0.125 × 100 is exactly 12.5, so 0.13; 2.675 is
    /// stored as 2.67499999999999982236431605997495353221893310546875, but 2.675 × 100 rounds to
    /// exactly 267.5 in double arithmetic, so 2.68 (as SVGNumber.format wrote it before).
    @Test func roundedKeepsAtMostTheDecimalsAsked() {
        #expect(NumberText.rounded(3.14159, decimals: 2) == "3.14")
        #expect(NumberText.rounded(0.125, decimals: 2) == "0.13")
        #expect(NumberText.rounded(-0.125, decimals: 2) == "-0.13")
        #expect(NumberText.rounded(2.675, decimals: 2) == "2.68")
        #expect(NumberText.rounded(12, decimals: 2) == "12")
        #expect(NumberText.rounded(-0.001, decimals: 2) == "0")
        #expect(NumberText.rounded(0.05, decimals: 3) == "0.05")
        #expect(NumberText.rounded(1.5, decimals: 0) == "2")
        #expect(NumberText.rounded(1e20, decimals: 2) == "1e+20")
        #expect(NumberText.rounded(.nan, decimals: 2) == "nan")
    }
}
