/// A key a keyboard user presses on a focused item (`s:key(name)` in Lua, `"key"` in a trace).
///
/// Space or Enter lifts the focused item and drops a lifted one; the arrows, Home and End move
/// it; Escape cancels; Tab moves the focus to the next item while nothing is lifted;
/// Shift+Space (`"shift+space"`) selects or deselects the focused item while
/// nothing is lifted.
///
/// ```swift
/// KeyboardKey(rawValue: "space")         // .space
/// KeyboardKey(rawValue: "shift+space")   // .shiftSpace
/// KeyboardKey.down.step                  // .down
/// ```
public enum KeyboardKey: String, Hashable, Sendable, CaseIterable {
    case space, enter, up, down, left, right, home, end, escape, tab
    case shiftSpace = "shift+space"

    /// The most times one key may repeat (`s:key(name, n)`, a trace's `n`): each repeat is a
    /// step, and a policy whose `target` sends the item back and forth never reaches an edge,
    /// so the count itself bounds the work and the events of one input.
    public static let maximumRepeat = 1_000_000

    /// The step an arrow, Home or End makes; nil for the other keys.
    public var step: KeyboardStep? {
        switch self {
        case .up: return .up
        case .down: return .down
        case .left: return .left
        case .right: return .right
        case .home: return .home
        case .end: return .end
        case .space, .enter, .escape, .tab, .shiftSpace: return nil
        }
    }
}

/// One step of a keyboard drag, in the layout's own sense (``DragSession/keyboardSlot(_:from:)``):
///
/// - a table: `up`/`down` one row, across section boundaries (empty sections included);
///   `left`/`right` do nothing;
/// - a grid: `left`/`right` one cell, wrapping from line to line (and section to section);
///   `up`/`down` one line, the same column (the nearest cell on a shorter line);
/// - a horizontal grid (a strip), where a line is a column: `left`/`right` one
///   column, the same row (the nearest cell on a shorter column; a strip's one row makes that
///   the previous or next item), across sections; `up`/`down` one cell within the column, no
///   wrapping (a strip's `up`/`down` do nothing), as UIKit's spatial focus moves;
/// - a board: `up`/`down` one row in the list; `left`/`right` to the neighbouring list at the
///   same row, or its end when it is shorter;
/// - `home`/`end`: the first or last slot of the item's section, in one step.
///
/// ```swift
/// session.step(.down, count: 3, time: 1.0, policy: policy)   // three rows down, one announcement
/// ```
public enum KeyboardStep: String, Hashable, Sendable, CaseIterable {
    case up, down, left, right, home, end
}

/// A one-shot action a screen reader (or a menu) offers on an item: lift, steps and drop in
/// one input. Names as in Lua and traces: `move_up`, `move_down`, `move_to_start`,
/// `move_to_end`, `move_to_section N` (1-based) and `move_to_list NAME` (a section's title).
///
/// ```swift
/// KeyboardAction(name: "move_to_section 2")   // .moveToSection(1)
/// KeyboardAction.moveToList("Done").name      // "move_to_list Done"
/// ```
public enum KeyboardAction: Hashable, Sendable, CustomStringConvertible {
    case moveUp, moveDown, moveToStart, moveToEnd
    /// To the end of a section (0-based here, 1-based in its name).
    case moveToSection(Int)
    /// To the end of the section titled `NAME` (a board's list).
    case moveToList(String)

    /// The actions without an argument, with their names in Lua and traces and their menu
    /// labels.
    private static let plain: [(action: KeyboardAction, name: String, label: String)] = [
        (.moveUp, "move_up", "Move up"), (.moveDown, "move_down", "Move down"),
        (.moveToStart, "move_to_start", "Move to the start"), (.moveToEnd, "move_to_end", "Move to the end"),
    ]

    /// The name in Lua and traces.
    public var name: String {
        switch self {
        case .moveToSection(let s): return "move_to_section \(s + 1)"
        case .moveToList(let name): return "move_to_list \(name)"
        default: return Self.plain.first { $0.action == self }?.name ?? ""
        }
    }

    public var description: String { name }

    /// Parses a name: `move_up`, ..., `move_to_section 2` (a positive integer), `move_to_list
    /// Done` (any non-empty title after one space). Nil for anything else.
    public init?(name: String) {
        if let entry = Self.plain.first(where: { $0.name == name }) {
            self = entry.action
        } else if name.hasPrefix("move_to_section "), let n = Int(name.dropFirst("move_to_section ".count)), n >= 1 {
            self = .moveToSection(n - 1)
        } else if name.hasPrefix("move_to_list "), name.count > "move_to_list ".count {
            self = .moveToList(String(name.dropFirst("move_to_list ".count)))
        } else {
            return nil
        }
    }

    /// What a menu shows: "Move up", "Move down", "Move to the start", "Move to the end",
    /// "Move to Today" (the section's name, see ``KeyboardTexts/sectionName(_:in:)``).
    public func label(in order: Order) -> String {
        switch self {
        case .moveToSection(let s): return "Move to \(KeyboardTexts.sectionName(s, in: order))"
        case .moveToList(let name): return "Move to \(name)"
        default: return Self.plain.first { $0.action == self }?.label ?? ""
        }
    }
}

/// How a keyboard drag keeps the moved item visible (`keyboard.reveal`, `keyboard.animate`).
///
/// ```swift
/// var c = PolicyConfiguration(name: "calm")
/// c.keyboard.reveal = .center     // keep the moved row in the middle
/// c.keyboard.animate = false      // and jump there
/// ```
public struct KeyboardConfiguration: Hashable, Sendable {
    /// Where the scroll puts an item that is not wholly visible.
    public enum Reveal: String, Hashable, Sendable, CaseIterable {
        /// Scroll as little as needed (the item ends at the nearer edge).
        case nearest
        /// Centre the item (as far as the content allows).
        case center
    }
    public var reveal: Reveal = .nearest
    /// Whether the scroll glides (with the duration and curve of `displacement`) or jumps.
    /// A drop or a cancel completes a glide under way; a one-shot action always jumps.
    public var animate: Bool = true
    public init() {}
}

/// What a policy says for a keyboard event (``DragPolicy/announce(_:event:)``): the built-in
/// text (made only when it is read: an announcement nobody reads costs no string work), a text
/// of its own, or nothing.
///
/// ```swift
/// func announce(_ ctx: PolicyContext, event: KeyboardAnnouncement) -> KeyboardSpeech {
///     event.kind == .move ? .silence : .builtIn
/// }
/// ```
public enum KeyboardSpeech: Hashable, Sendable {
    case builtIn
    case text(String)
    case silence
}

/// Something a keyboard drag says (`announce(ctx, event)` in Lua): the event, with the item,
/// where it is, its section and the counts the texts need. Positions are 0-based.
///
/// ```swift
/// // "Lifted Standup, position 9 of 15 in Today. Use the arrow keys to move, space to drop, escape to cancel."
/// announcement.defaultText
/// ```
public struct KeyboardAnnouncement: Hashable, Sendable {
    /// The event. `refuse`: the item may not be lifted (`can_move` said no).
    ///
    /// `select`, `deselect`: Shift+Space selected or deselected the item.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        case lift, move, blocked, drop, cancel, rollback, refuse, select, deselect
    }
    public var kind: Kind
    /// The item's title (its id when it has none).
    public var item: String
    /// Where the item is after the event.
    public var position: ItemPosition
    /// Items in its section now.
    public var count: Int
    /// The name of its section (``KeyboardTexts/sectionName(_:in:)``).
    public var sectionName: String
    /// Where the drag began, that section's count and name at the event.
    public var from: ItemPosition
    public var fromCount: Int
    public var fromSectionName: String
    /// Where the item was before this event (a move's previous slot; else `position`).
    public var previous: ItemPosition
    /// A refused slot (`blocked`), else nil.
    public var target: ItemPosition?
    /// A cancel's resolution, else nil.
    public var resolution: CancelResolution?
    /// The items of a group drag (1 for a single item); for `select` and
    /// `deselect`, the items selected after it.
    public var groupCount: Int = 1
    /// What the policy said (``text``).
    public var speech: KeyboardSpeech = .builtIn
    public var time: Double
    /// A tree drag's `move` and `drop`: where the node goes among the others (dnd-kit's tree
    /// story words it so), else nil.
    public var treePlace: TreePlace?

    /// Where a tree node goes, by the titles of the nodes it names (``TreeAnnouncement``).
    public enum TreePlace: Hashable, Sendable {
        /// The first child of this node.
        case nested(under: String)
        /// Just after this sibling.
        case after(String)
        /// First, before this node.
        case before(String)
    }

    /// The text said: the policy's, or the built-in one; nil when the policy says nothing.
    public var text: String? {
        switch speech {
        case .builtIn: return defaultText
        case .text(let s): return s
        case .silence: return nil
        }
    }

    /// The built-in text (@hello-pangea/dnd's style, naming the item and its section).
    ///
    /// - lift: "Lifted Standup, position 9 of 15 in Today. Use the arrow keys to move, space to
    ///   drop, escape to cancel."
    /// - move: "Standup moved to position 4 of 15." (" in Tomorrow" added when the step changed
    ///   the section)
    /// - blocked: "Standup cannot move there."
    /// - drop: "Standup dropped at position 4 of 15 in Today."
    /// - cancel: "Movement cancelled. Standup returned to position 9." (a policy that commits
    ///   on cancel: "Movement cancelled. Standup stays at position 4 of 15 in Today.")
    /// - rollback: "Drop refused. Standup returned to position 9."
    /// - refuse: "Standup cannot be moved."
    ///
    /// A group drag counts the items instead of naming one: "3 items lifted, Standup
    /// at position 5 of 10 in Today. Use the arrow keys...", "3 items moved to position 4 of
    /// 10.", "3 items cannot move there.", "3 items dropped at position 2 of 12 in Today.",
    /// "Movement cancelled. 3 items returned to position 5.", "Drop refused. 3 items returned
    /// to position 5." (positions are the dragged item's). Shift+Space: "Standup selected, 3
    /// items selected." / "Standup deselected, 2 items selected."
    public var defaultText: String {
        let row = position.item + 1
        // dnd-kit's tree story (SortableTree.tsx lines 314-371): "moved" and "nested" while
        // it moves, "dropped" at the drop.
        if let place = treePlace, kind == .move || kind == .drop {
            let verb = kind == .drop ? "dropped" : "moved"
            switch place {
            case .nested(let parent): return "\(item) was \(kind == .drop ? "dropped" : "nested") under \(parent)."
            case .after(let sibling): return "\(item) was \(verb) after \(sibling)."
            case .before(let next): return "\(item) was \(verb) before \(next)."
            }
        }
        if kind == .select || kind == .deselect {
            let n = groupCount == 0 ? "no items" : groupCount == 1 ? "1 item" : "\(groupCount) items"
            return "\(item) \(kind == .select ? "selected" : "deselected"), \(n) selected."
        }
        // A group drag counts its items where a single drag names the item ("3 items stay"
        // against "Standup stays"); the positions are the dragged item's either way.
        let group = groupCount > 1
        let subject = group ? "\(groupCount) items" : item
        switch kind {
        case .lift:
            let lifted = group ? "\(subject) lifted, \(item) at position" : "Lifted \(item), position"
            return "\(lifted) \(row) of \(count) in \(sectionName). " + KeyboardTexts.howTo
        case .move:
            let place = previous.section != position.section ? " in \(sectionName)" : ""
            return "\(subject) moved to position \(row) of \(count)\(place)."
        case .blocked:
            return "\(subject) cannot move there."
        case .drop:
            return "\(subject) dropped at position \(row) of \(count) in \(sectionName)."
        case .cancel:
            if resolution == .commit {
                return "Movement cancelled. \(subject) \(group ? "stay" : "stays") at position \(row) of \(count) in \(sectionName)."
            }
            return "Movement cancelled. \(subject) returned to position \(from.item + 1)."
        case .rollback:
            return "Drop refused. \(subject) returned to position \(from.item + 1)."
        case .refuse:
            return "\(item) cannot be moved."
        case .select, .deselect:
            return ""   // (answered above)
        }
    }
}

/// The built-in texts of keyboard dragging.
public enum KeyboardTexts {
    /// The second sentence of the lift text.
    public static let howTo = "Use the arrow keys to move, space to drop, escape to cancel."

    /// What a screen reader reads when an item is focused (`instructions`).
    public static let instructions = "Press space or enter to lift. " + howTo

    /// A section's name: its title; untitled, "the list" when it is the only section, else
    /// "section N" (1-based).
    ///
    /// ```swift
    /// KeyboardTexts.sectionName(0, in: Order(sections: [[]], titles: ["Today"]))   // "Today"
    /// KeyboardTexts.sectionName(1, in: Order(sections: [[], []]))                  // "section 2"
    /// ```
    public static func sectionName(_ s: Int, in order: Order) -> String {
        if s >= 0, s < order.sectionTitles.count, !order.sectionTitles[s].isEmpty { return order.sectionTitles[s] }
        return order.sectionCount == 1 ? "the list" : "section \(s + 1)"
    }
}

/// What a session keeps for keyboard users between drags (a keyboard drag's own data are in
/// its phase: ``DragSession/KeyboardLift``).
struct KeyboardState: Sendable {
    /// The focused item (what Tab moves through).
    var focus: ItemPosition?
    /// Announcements not yet taken.
    var announcements: [KeyboardAnnouncement] = []
}

/// How keyboard steps go on a layout (``DragSession/keyboardSlot(_:from:)``).
enum KeyboardShape: Hashable, Sendable {
    case table
    case grid(columns: Int)
    /// A horizontal grid: `rows` cells per column (1 for a strip).
    case horizontalGrid(rows: Int)
    case board
}

/// A reveal's glide: the content offset and a board's list offsets, from and to.
struct KeyboardScroll: Sendable {
    var from: Point
    var to: Point
    var fromLists: [Double]
    var toLists: [Double]
    var start: Double
}
