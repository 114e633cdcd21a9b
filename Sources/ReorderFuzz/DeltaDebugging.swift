/// Delta debugging (Zeller's ddmin): shrinks a failing input sequence to a short one that
/// still fails, by trying to drop chunks of it and keeping every reduction that still fails.
///
/// The result is 1-minimal for chunks of one element: removing any single element of it makes
/// the failure go away (or `maxTests` was reached first).
///
/// ```swift
/// let failing = Array(0..<100)
/// let small = DeltaDebugging.minimize(failing) { $0.contains(17) && $0.contains(42) }
/// // small == [17, 42]
/// ```
///
/// - Complexity: O(n²) runs of `fails` in the worst case, O(n log n) typically; bounded by
///   `maxTests`.
public enum DeltaDebugging {
    /// The shortest failing subsequence found by removing chunks of `input`.
    ///
    /// - Parameters:
    ///   - input: a sequence for which `fails` returns true.
    ///   - maxTests: stop after this many runs of `fails` and return the best so far.
    ///   - fails: whether a candidate subsequence (order preserved) still shows the failure.
    public static func minimize<T>(_ input: [T], maxTests: Int = 20_000, fails: ([T]) -> Bool) -> [T] {
        var current = input
        var granularity = 2
        var tests = 0
        while current.count >= 2 && tests < maxTests {
            let chunk = (current.count + granularity - 1) / granularity
            var reduced = false
            var start = 0
            // Try removing each chunk (testing the complement).
            while start < current.count && tests < maxTests {
                let end = min(start + chunk, current.count)
                let candidate = Array(current[..<start] + current[end...])
                tests += 1
                if !candidate.isEmpty && fails(candidate) {
                    current = candidate
                    granularity = max(granularity - 1, 2)
                    reduced = true
                    // Stay at the same start: the next chunk slid into place.
                } else {
                    start = end
                }
            }
            if !reduced {
                if chunk == 1 { break }
                granularity = min(granularity * 2, current.count)
            }
        }
        return current
    }
}
