/// Checks that tests (and fuzzers) run after every step.
extension DragSession {
    /// Every broken invariant, described; empty when all hold.
    ///
    /// - every item present at press begin is present exactly once (the order is a permutation
    ///   of its storage);
    /// - the layout has the order's shape, and its own state is sound (a board's list offsets);
    /// - the offset is within `[0, content − viewport]` on both axes;
    /// - the stored state is the one the phase data describe;
    /// - every snapshot number is finite;
    /// - while dragging, the dragged item is at ``currentPosition``.
    ///
    /// ```swift
    /// #expect(session.invariantViolations() == [])
    /// ```
    public func invariantViolations() -> [String] {
        var problems = groupAwareOrderViolations() + selectionViolations()   // issue 19
        if layout.sectionCount != order.sectionCount {
            problems.append("layout has \(layout.sectionCount) sections, order \(order.sectionCount)")
        } else {
            for s in 0..<order.sectionCount where layout.count(s) != order.count(s) {
                problems.append("section \(s): layout has \(layout.count(s)) items, order \(order.count(s))")
            }
        }
        problems += layout.layoutViolations()
        let m = maximumOffset
        if !(offset.x >= 0 && offset.x <= m.x && offset.y >= 0 && offset.y <= m.y) {
            problems.append("offset \(offset) outside [0, \(m)]")
        }
        if state != phaseOfData { problems.append("state \(state), but the phase data say \(phaseOfData)") }
        if let s = snapshot, !s.isFinite { problems.append("snapshot has a non-finite number: \(s)") }
        if state == .dragging || state == .dropping {
            if snapshot == nil { problems.append("\(state) without a snapshot") }
            if let p = drag?.current, let h = drag?.handle {
                if !order.isValid(p) || order.handle(at: p) != h {
                    problems.append("dragged item is not at \(p)")
                }
            } else {
                problems.append("\(state) without a dragged item")
            }
        }
        if state == .idle && snapshot != nil { problems.append("idle with a snapshot") }
        return problems
    }
}
