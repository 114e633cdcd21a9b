/// Maps a data interval onto a pixel interval, linearly.
///
/// ```swift
/// let x = LinearScale(domain: 0...150, range: 60...560)
/// x(75)   // 310
/// ```
public struct LinearScale: Hashable, Sendable {
    public var domainLower: Double
    public var domainUpper: Double
    /// Pixel coordinate of `domainLower` (may be greater than `rangeEnd` for a y axis).
    public var rangeStart: Double
    public var rangeEnd: Double

    /// A scale from `domain` to `range`. An empty domain is widened to one unit so that
    /// every value still maps somewhere finite.
    public init(domain: ClosedRange<Double>, range: ClosedRange<Double>, flipped: Bool = false) {
        domainLower = domain.lowerBound
        domainUpper = domain.upperBound > domain.lowerBound ? domain.upperBound : domain.lowerBound + 1
        rangeStart = flipped ? range.upperBound : range.lowerBound
        rangeEnd = flipped ? range.lowerBound : range.upperBound
    }

    /// The pixel coordinate of `value`.
    public func callAsFunction(_ value: Double) -> Double {
        rangeStart + (value - domainLower) / (domainUpper - domainLower) * (rangeEnd - rangeStart)
    }
}

/// "Nice" axis ticks: steps of 1, 2 or 5 times a power of ten.
///
/// ```swift
/// let t = NiceTicks(upTo: 1200)
/// t.values      // [0, 200, 400, 600, 800, 1000, 1200]
/// t.label(400)  // "400"
/// ```
public struct NiceTicks: Hashable, Sendable {
    /// The tick values, from `lower` to the first tick at or above the requested maximum.
    public var values: [Double]
    /// Decimals needed to write every tick exactly.
    public var decimals: Int

    /// Ticks from `lower` covering `upper`, about `count` of them. A non-positive span gets
    /// the ticks of a one-unit span.
    /// Non-finite ends are read as 0 (lower) and one more than the lower end (upper); a span
    /// too small for the lower end's magnitude gets a coarser step, so the ticks are always
    /// finite and at most about a thousand.
    public init(from lower: Double = 0, upTo upper: Double, count: Int = 6) {
        let lower = lower.isFinite ? lower : 0
        let upper = upper.isFinite ? upper : lower + 1
        let span = upper > lower && (upper - lower).isFinite ? upper - lower : 1
        let rough = span / Double(max(count, 1))
        // step = mantissa × 10^exponent, found without logarithms so it is exact.
        var exponent = 0
        while Self.power(exponent + 1) <= rough { exponent += 1 }
        while Self.power(exponent) > rough && exponent > -9 { exponent -= 1 }
        let base = Self.power(exponent)
        var mantissa = 10
        for m in [1, 2, 5] where Double(m) * base >= rough {
            mantissa = m
            break
        }
        if mantissa == 10 { mantissa = 1; exponent += 1 }
        // The lower end as a whole number of steps must fit exactly (below 2^53): past that the
        // span is below the precision of the lower end, and the step grows to match.
        while abs(lower / (Double(mantissa) * Self.power(exponent))) > Self.maximumIndex && exponent < 300 {
            mantissa = 1
            exponent += 1
        }
        decimals = max(0, -exponent)
        var vals: [Double] = []
        var i = 0
        let first = (lower / (Double(mantissa) * Self.power(exponent))).rounded(.down)
        let start = Int(clamping: first, to: -Int(Self.maximumIndex)...Int(Self.maximumIndex))
        while true {
            let v = Self.value(start + i, mantissa: mantissa, exponent: exponent)
            vals.append(v)
            if v >= lower + span - 1e-9 * span || i > 1000 { break }
            i += 1
        }
        values = vals
    }

    /// The smallest tick, the largest tick.
    public var lower: Double { values.first ?? 0 }
    public var upper: Double { values.last ?? 1 }

    /// A tick's label, with exactly the decimals the step needs.
    public func label(_ value: Double) -> String { SVGNumber.format(value, decimals: decimals) }

    /// The largest tick index (in steps from 0) used: 10^15, exact in a `Double`.
    static let maximumIndex = 1e15

    /// 10^e, exact for e ≥ 0 and correctly rounded for e < 0.
    static func power(_ e: Int) -> Double {
        var p = 1.0
        for _ in 0..<abs(e) { p *= 10 }
        return e >= 0 ? p : 1 / p
    }

    /// `index × mantissa × 10^exponent`, computed so that 0.1-steps give 0.3, not 0.30000000000000004.
    static func value(_ index: Int, mantissa: Int, exponent: Int) -> Double {
        let units = Double(index * mantissa)
        return exponent >= 0 ? units * power(exponent) : units / power(-exponent)
    }
}
