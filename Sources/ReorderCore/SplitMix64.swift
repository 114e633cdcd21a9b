/// A small, fast, seeded random number generator (SplitMix64): the same seed gives the same
/// stream on every platform and every run, which is what makes a fuzz failure replayable.
///
/// ```swift
/// var rng = SplitMix64(seed: 42)
/// let roll = Int.random(in: 1...6, using: &rng)   // always the same for seed 42
/// ```
public struct SplitMix64: RandomNumberGenerator, Hashable, Sendable {
    public private(set) var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A generator for run `index` of a fuzz campaign seeded with `seed`: runs are independent,
    /// so run 517 can be replayed without generating runs 0...516.
    public static func forRun(_ index: Int, seed: UInt64) -> SplitMix64 {
        var mixer = SplitMix64(seed: seed ^ (UInt64(truncatingIfNeeded: index) &* 0xD6E8_FEB8_6659_FD93))
        return SplitMix64(seed: mixer.next())
    }

    /// A double in `0..<1` with 53 random bits (the same on every platform, unlike
    /// `Double.random(in:using:)`, whose algorithm the standard library may change).
    public mutating func unit() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// A double in `range`.
    public mutating func double(in range: ClosedRange<Double>) -> Double {
        range.lowerBound + unit() * (range.upperBound - range.lowerBound)
    }

    /// An integer in `range`, by rejection (no modulo bias), stable across platforms.
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        let span = UInt64(bitPattern: Int64(range.upperBound) &- Int64(range.lowerBound)) &+ 1
        if span == 0 { return Int(truncatingIfNeeded: next()) }
        let limit = UInt64.max - UInt64.max % span
        var x = next()
        while x >= limit { x = next() }
        return range.lowerBound &+ Int(truncatingIfNeeded: x % span)
    }

    /// `true` with probability `p`.
    public mutating func chance(_ p: Double) -> Bool { unit() < p }

    /// One element of a non-empty array.
    public mutating func pick<T>(_ choices: [T]) -> T {
        choices[int(in: 0...(choices.count - 1))]
    }
}
