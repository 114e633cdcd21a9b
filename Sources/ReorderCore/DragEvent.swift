/// Something the session did that a host, a log or a spec can observe.
///
/// Positions are 0-based; the Lua API reports them 1-based.
public enum DragEvent: Hashable, Sendable {
    /// A drag began at `position` (the item was lifted).
    case begin(position: ItemPosition, time: Double)
    /// One applied step: the dragged item went from `from` to `to` with `semantics`.
    case move(from: ItemPosition, to: ItemPosition, semantics: Semantics, time: Double)
    /// The drag ended (drop committed): the item began at `from` and ended at `to`.
    case end(from: ItemPosition, to: ItemPosition, time: Double)
    /// The drag was cancelled; `resolution` says whether the order was reverted or kept.
    case cancel(resolution: CancelResolution, time: Double)
    /// `on_end` vetoed the drop: the order is back to the press-begin state.
    case rollback(time: Double)
    /// The drag ended on an item (a combine, `combine_rule`): the dragged item, at `from`, was
    /// dropped onto the item at `onto`. The order is back as it was at the press (every row
    /// back in its place, react-beautiful-dnd's drop of a combine), and both positions are in
    /// it: what to do with the two is the app's to decide.
    case combine(from: ItemPosition, onto: ItemPosition, time: Double)
    /// A press on an item the policy will not let move (a "shake" hint).
    case refuse(position: ItemPosition, time: Double)
    /// A group drag: right after the `begin`, `end` or committing `cancel` it belongs
    /// to (`of`), or an item added mid-drag (`of` = `"add"`), the group's items (ids, in landing
    /// order) and where each is now (a folded item of a `collapse` group is where the dragged
    /// one is). Steps record none (the session API works the positions out after each `move`).
    case group(of: String, items: [String], positions: [ItemPosition], time: Double)

    /// The event's type name as in the Lua API: `"begin"`, `"move"`, ...
    public var typeName: String {
        switch self {
        case .begin: return "begin"
        case .move: return "move"
        case .end: return "end"
        case .cancel: return "cancel"
        case .rollback: return "rollback"
        case .refuse: return "refuse"
        case .combine: return "combine"
        case .group: return "group"
        }
    }
}
