/// react-beautiful-dnd's combine rule (`@hello-pangea/dnd`,
/// `src/state/get-drag-impact/get-combine-impact.ts`): the dragged item combines with a sibling
/// when its edge lies strictly inside the sibling's middle band, `(start + size/4, end − size/4)`,
/// the band shifted by the displacement the sibling has now. rbd checks combining before
/// reordering, and while combining leaves the displacement as it was.
///
/// Which edge and which shift depend on where the sibling started and whether it is displaced
/// (a sibling that started after the dragged item is "displaced" while it still holds its
/// place, rbd's lift effect):
///
/// | started     | displaced | edge tested | band shifted by |
/// |-------------|-----------|-------------|-----------------|
/// | after item  | yes       | end         | 0               |
/// | after item  | no        | start       | −displacement   |
/// | before item | yes       | end         | +displacement   |
/// | before item | no        | start       | 0               |
///
/// ```swift
/// let rows = [CombineCandidate(start: 0, size: 40, startedAfterDragged: false, isDisplaced: false)]
/// CombineBand.target(draggedStart: 11, draggedEnd: 51, displacement: 40, candidates: rows)   // 0
/// CombineBand.target(draggedStart: 10, draggedEnd: 50, displacement: 40, candidates: rows)   // nil: 10 is on the band's edge
/// ```
public enum CombineBand {
    /// rbd's `combineThresholdDivisor` (get-combine-impact.ts line 26): the band leaves a
    /// quarter of the sibling's size at each end.
    public static let thresholdDivisor = 4.0

    /// The index in `candidates` of the first sibling the dragged item combines with (rbd's
    /// `find` over the siblings without the dragged one, in list order), nil when none.
    ///
    /// - Parameters:
    ///   - draggedStart: the dragged item's leading-side edge now, along the list's axis (its top).
    ///   - draggedEnd: its trailing-side edge (its bottom).
    ///   - displacement: how far a displaced sibling moves (rbd's `displaceBy`: the dragged
    ///     item's size with its margins).
    public static func target(draggedStart: Double, draggedEnd: Double, displacement: Double,
                              candidates: [CombineCandidate]) -> Int? {
        candidates.firstIndex { c in
            let threshold = c.size / thresholdDivisor
            let shift: Double
            let edge: Double
            switch (c.startedAfterDragged, c.isDisplaced) {
            case (true, true): shift = 0; edge = draggedEnd
            case (true, false): shift = -displacement; edge = draggedStart
            case (false, true): shift = displacement; edge = draggedEnd
            case (false, false): shift = 0; edge = draggedStart
            }
            return edge > c.start + shift + threshold && edge < c.start + c.size + shift - threshold
        }
    }
}

/// A sibling as rbd's combine rule sees it: its resting place along the axis, and its state.
public struct CombineCandidate: Hashable, Sendable {
    /// Its start (top) at rest, before any displacement.
    public var start: Double
    /// Its size along the axis.
    public var size: Double
    /// Whether it started after the dragged item (rbd's `didStartAfterCritical`).
    public var startedAfterDragged: Bool
    /// Whether the previous impact lists it as displaced.
    public var isDisplaced: Bool

    public init(start: Double, size: Double, startedAfterDragged: Bool, isDisplaced: Bool) {
        self.start = start
        self.size = size
        self.startedAfterDragged = startedAfterDragged
        self.isDisplaced = isDisplaced
    }
}
