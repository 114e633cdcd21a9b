/// How the other members of a group behave while one of them is dragged (`group.mode`).
public enum GroupMode: String, Hashable, Sendable, CaseIterable {
    /// As SortableJS's MultiDrag plugin: the others fold into the dragged item and leave their
    /// slots, so the list closes up (they are out of the order until the drop).
    case collapse
    /// As the react-beautiful-dnd multi-drag pattern: the others stay in their slots, drawn as
    /// ghosts, and nothing jumps until the drop.
    case stay
}

/// The order a group lands in (`group.order`).
public enum GroupOrder: String, Hashable, Sendable, CaseIterable {
    /// The members' order at the press (SortableJS MultiDrag: "the items will unfold into
    /// their original order").
    case relative
    /// The dragged item first, then the others in the order they were selected (dnd-kit's
    /// multiple-containers story).
    case activeFirst = "active_first"
}

/// The static fields of a group drag (`group = { mode = ..., order = ..., max = N }` and
/// `group.keep_selection`).
///
/// ```swift
/// var c = PolicyConfiguration(name: "mine")
/// c.group.mode = .stay
/// c.group.order = .activeFirst
/// c.group.max = 50
/// ```
public struct GroupConfiguration: Hashable, Sendable {
    public var mode: GroupMode = .collapse
    public var order: GroupOrder = .relative
    /// The most items a group (and the selection) may hold; a whole number.
    public var max: Double = 1_000_000
    /// Whether the selection is kept after a committed drop (else it is cleared).
    public var keepSelection: Bool = false
    public init() {}

    /// ``max`` as a count (at least 1).
    public var maxCount: Int { Swift.max(1, Int(Swift.min(max, 1e9))) }
}

extension PolicyConfiguration.Limits {
    /// `group.max`: `1...10000000` items.
    public static let groupMax = NumberRange(1, 10_000_000, whole: true)
    /// `snapshot.stack`: `0...8` cards drawn under a group's snapshot.
    public static let stack = NumberRange(0, 8, whole: true)
}
