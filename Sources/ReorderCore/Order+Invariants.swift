/// Integrity checks of an order.
extension Order {
    /// Every broken invariant, described; empty when every stored item appears exactly once.
    ///
    /// - Complexity: O(n).
    ///
    /// ```swift
    /// #expect(order.invariantViolations() == [])
    /// ```
    public func invariantViolations() -> [String] {
        var seen = [Bool](repeating: false, count: storage.count)
        var problems: [String] = []
        for (s, section) in sections.enumerated() {
            for (i, h) in section.enumerated() {
                guard h >= 0, Int(h) < storage.count else {
                    problems.append("(\(s), \(i)) holds an unknown handle \(h)")
                    continue
                }
                if seen[Int(h)] { problems.append("item \(storage[Int(h)].id) appears twice") }
                seen[Int(h)] = true
            }
        }
        for (h, present) in seen.enumerated() where !present {
            problems.append("item \(storage[h].id) is missing")
        }
        return problems
    }
}
