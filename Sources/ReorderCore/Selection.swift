/// The selected items of a session: item handles in the order they were selected,
/// and a membership mask over the order's storage. It follows items, not positions, so it
/// survives every reorder.
struct SelectionSet: Sendable, Hashable {
    /// Handles in selection order.
    private(set) var handles: [Int32] = []
    /// `mask[h]`: whether handle `h` is selected (empty until the first selection).
    private(set) var mask: [Bool] = []

    var isEmpty: Bool { handles.isEmpty }
    var count: Int { handles.count }

    @inline(__always) func contains(_ h: Int32) -> Bool {
        Int(h) >= 0 && Int(h) < mask.count && mask[Int(h)]
    }

    /// Adds `h` (last in selection order); false when it is already selected.
    mutating func insert(_ h: Int32, storageCount: Int) -> Bool {
        guard Int(h) >= 0, Int(h) < storageCount else { return false }
        if mask.count != storageCount { mask = [Bool](repeating: false, count: storageCount); for x in handles { mask[Int(x)] = true } }
        guard !mask[Int(h)] else { return false }
        mask[Int(h)] = true
        handles.append(h)
        return true
    }

    /// Removes `h`; false when it was not selected. O(k).
    mutating func remove(_ h: Int32) -> Bool {
        guard contains(h), let i = handles.firstIndex(of: h) else { return false }
        mask[Int(h)] = false
        handles.remove(at: i)
        return true
    }

    mutating func removeAll() {
        for h in handles where Int(h) < mask.count { mask[Int(h)] = false }
        handles.removeAll(keepingCapacity: true)
    }
}

/// Selection: `s:select`, `s:deselect`, `s:selection`.
extension DragSession {
    /// Selects the item at `position` when the policy's `can_select` allows it and the selection
    /// is below the policy's `group.max`. Only while idle (a press, a drag or a drop under way
    /// ignores it; a drag adds items with ``tap(_:policy:)``).
    ///
    /// ```swift
    /// var session = DragSession(order: order, layout: layout, viewport: viewport)
    /// session.select(ItemPosition(section: 0, item: 1), policy: DefaultPolicy())
    /// session.selectedIds   // ["2"]
    /// ```
    @discardableResult
    public mutating func select(_ position: ItemPosition, time t: Double? = nil, policy: some DragPolicy) -> InputOutcome {
        guard state == .idle, order.isValid(position) else { return .ignored }
        if let t, t.isFinite { time = max(time, t) }
        let h = order.handle(at: position)
        guard !selection.contains(h), selection.count < policy.configuration.group.maxCount,
              policy.canSelect(context(), at: position) else { return .ignored }
        _ = selection.insert(h, storageCount: order.storage.count)
        return .handled(from: state, to: state)
    }

    /// Deselects the item at `position` (idle only).
    @discardableResult
    public mutating func deselect(_ position: ItemPosition, time t: Double? = nil) -> InputOutcome {
        guard state == .idle, order.isValid(position) else { return .ignored }
        if let t, t.isFinite { time = max(time, t) }
        guard selection.remove(order.handle(at: position)) else { return .ignored }
        return .handled(from: state, to: state)
    }

    /// Clears the selection (idle only).
    public mutating func clearSelection() {
        guard state == .idle else { return }
        selection.removeAll()
    }

    /// The ids of the selected items, in selection order.
    public var selectedIds: [String] { selection.handles.map { order.item(handle: $0).id } }

    /// Whether the item with `handle` is selected.
    public func isSelected(handle: Int32) -> Bool { selection.contains(handle) }

    /// The positions of the selected items in selection order (a folded member of a `collapse`
    /// group: the dragged item's position). O(n).
    public var selectedPositions: [ItemPosition] {
        let where_ = positionsByHandle()
        let dragged = currentPosition
        return selection.handles.compactMap { where_[$0] ?? dragged }
    }

    /// Every handle's position in the current order (one pass).
    func positionsByHandle() -> [Int32: ItemPosition] {
        var out: [Int32: ItemPosition] = [:]
        let group = self.group
        guard !selection.isEmpty || group != nil else { return out }
        for (s, sec) in order.sections.enumerated() {
            for (i, h) in sec.enumerated() where selection.contains(h) || (group?.contains(h) ?? false) {
                out[h] = ItemPosition(section: s, item: i)
            }
        }
        return out
    }
}

/// Selection and group inputs of the simulator, recorded like the touches.
extension DragSimulator {
    /// Selects the item at `position` (see ``DragSession/select(_:time:policy:)``); returns
    /// whether it was selected.
    ///
    /// ```swift
    /// sim.select(ItemPosition(section: 0, item: 1))   // true
    /// ```
    @discardableResult
    public func select(_ position: ItemPosition) -> Bool { apply(.select(time, position)) != .ignored }

    /// Deselects the item at `position`; returns whether it was selected.
    @discardableResult
    public func deselect(_ position: ItemPosition) -> Bool { apply(.deselect(time, position)) != .ignored }

    /// A second touch on the item at `position` during a drag (see
    /// ``DragSession/tap(_:time:policy:)``).
    @discardableResult
    public func tap(_ position: ItemPosition) -> DragSession.InputOutcome { apply(.tap(time, position)) }

}
