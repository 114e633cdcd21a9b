import ReorderCore

/// The words every input and event is written in: their names, their fields, each field's
/// type, unit and bound, and their text form. Trace files, the playground's protocol,
/// `s:inputs()`, `s:events()`, `reorder replay` (text and `--json`), `reorder render`'s labels
/// and the tables of docs/REFERENCE.md and docs/PLAYGROUND.md (`reorder fields --inputs
/// --markdown`, `--events`) are all written and read from this one declaration, so the same
/// input or event has the same name, fields and positions wherever it appears.
///
/// Positions are 1-based wherever they are written (`"section": 1, "row": 3`, `"at": [1, 3]`),
/// as in Lua; the engine's ``ItemPosition`` is 0-based, and the conversion happens only here.
///
/// ```swift
/// Vocabulary.input("key")?.fields.map(\.name)   // ["key", "n"]
/// Vocabulary.event("move")?.text                // "move {from to} ({semantics}) at {time}"
/// let record = Vocabulary.Record(DragEvent.begin(position: ItemPosition(section: 0, item: 1), time: 1))
/// Vocabulary.text(of: record)                   // "begin 1.2 at 1"
/// ```
public enum Vocabulary {
    /// What a field holds: its type where it is written (JSON, Lua), its unit and its bound.
    public enum FieldType: Hashable, Sendable {
        /// Seconds of simulated time: a number within ``Limits/time``.
        case seconds
        /// Viewport points: a number within ``Limits/coordinate``.
        case points
        /// A 1-based section or row: a whole number within ``Limits/position``.
        case index
        /// How many times: a whole number within ``Limits/repeatCount``.
        case count
        /// A position, 1-based `[section, row]`.
        case position
        /// A list of positions, 1-based `[section, row]` each.
        case positions
        /// A list of item ids (strings).
        case ids
        /// One of a fixed list of names (a string).
        case name([String])
        /// A one-shot action's name (``KeyboardAction/init(name:)``): one of ``actionNames``,
        /// `"move_to_section N"` or `"move_to_list NAME"`.
        case action
    }

    /// A field of an input or event besides `type` and `time`.
    public struct Field: Hashable, Sendable {
        /// The name as every form writes it (`"x"`, `"section"`, `"from"`).
        public let name: String
        public let type: FieldType
        /// Whether it may be left out (``defaultCount`` for `n`): written only when it is not
        /// the default.
        public let isOptional: Bool
        /// What it is, for the docs table.
        public let summary: String

        init(_ name: String, _ type: FieldType, optional: Bool = false, _ summary: String) {
            self.name = name; self.type = type; self.isOptional = optional; self.summary = summary
        }
    }

    /// An input or event: its `type` name, its fields (besides `type` and `time`), what it is
    /// and its text form.
    public struct Kind: Hashable, Sendable {
        /// The `type` name.
        public let name: String
        /// The fields besides `type` and `time`, in the order they are written.
        public let fields: [Field]
        /// What it is, for the docs table.
        public let summary: String
        /// An event's text form (nil for an input): `{name}` is a field's value (or `{time}`);
        /// `{from to}`, two positions, is a step (``step(_:_:)``: `"1.2 → 1.5"`); `{items
        /// positions}` pairs the two lists' elements (`"2 1.5, 5 1.6"`).
        public let text: String?

        init(_ name: String, _ fields: [Field], _ summary: String, text: String? = nil) {
            self.name = name; self.fields = fields; self.summary = summary; self.text = text
        }

        /// The field named `name`, or nil.
        public func field(_ name: String) -> Field? { fields.first { $0.name == name } }
    }

    /// The field every input and event has: when it happened, seconds of simulated time (the
    /// page's clock in a page's message).
    public static let time = Field("time", .seconds, "when it happens, seconds (never decreasing)")

    /// Old spellings still read (traces recorded before, and pages of older builds, write
    /// them): `t` for `time`. Never written.
    public static let aliases: [String: String] = ["t": "time"]

    /// `n` when it is left out.
    public static let defaultCount = 1

    /// The bounds of the fields' numbers (ReorderCore's ``TraceInput/Limits``, where the
    /// engine's own checks read them too).
    ///
    /// ```swift
    /// Vocabulary.Limits.time.contains(1e10)   // false
    /// ```
    public typealias Limits = TraceInput.Limits

    static let section = Field("section", .index, "the item's section, 1-based")
    static let row = Field("row", .index, "the item's row in its section, 1-based")
    static let x = Field("x", .points, "viewport points")
    static let y = Field("y", .points, "viewport points")

    /// The inputs, one by one (``inputs`` lists them).
    public enum Inputs {
        public static let down = Kind("down", [x, y], "a finger touches the screen")
        public static let move = Kind("move", [x, y], "the finger moves")
        public static let up = Kind("up", [], "the finger lifts")
        public static let cancel = Kind("cancel", [], "the touch is cancelled (the system took it)")
        public static let frame = Kind("frame", [], "a display frame: animations and edge scrolling advance")
        public static let focus = Kind("focus", [section, row],
                                       "the keyboard focus moves to the item (it scrolls into view, as `s:focus`)")
        public static let key = Kind("key", [Field("key", .name(KeyboardKey.allCases.map(\.rawValue)), "the key"),
                                             Field("n", .count, optional: true, "how many times (1 when left out)")],
                                     "a key on the focused item (as `s:key`)")
        public static let action = Kind("action", [section, row, Field("action", .action, "the action's name")],
                                        "a one-shot action on the item (as `s:perform`)")
        public static let select = Kind("select", [section, row], "selects the item (as `s:select`; while idle)")
        public static let deselect = Kind("deselect", [section, row], "deselects the item (as `s:deselect`; while idle)")
        public static let tap = Kind("tap", [section, row],
                                     "a second finger taps the item during a drag: it joins the drag when `can_add` allows (as `s:tap`)")
        public static let toggle = Kind("toggle", [section, row],
                                        "collapses or expands the tree node at the row (as `s:toggle`; a tree session, while idle)")
        public static let pan = Kind("pan", [x, y, Field("dx", .points, "how far the content scrolls right, points (− left)"),
                                             Field("dy", .points, "how far the content scrolls down, points (− up)")],
                                     "the content under (`x`, `y`) scrolls by (`dx`, `dy`), clamped: a wheel, a trackpad, or a finger that moved off its press before the hold, and its coast after the lift (while idle; on a board the list under the point scrolls down)")
    }

    /// The events, one by one (``events`` lists them).
    public enum Events {
        public static let begin = Kind("begin", [Field("at", .position, "where the item was lifted")],
                                       "a drag began: the item was lifted", text: "begin {at} at {time}")
        public static let move = Kind("move", [Field("from", .position, "where the item was"),
                                               Field("to", .position, "where it is now"),
                                               Field("semantics", .name(Semantics.allCases.map(\.rawValue)),
                                                     "`move` (the items between shift) or `exchange` (the two swap)")],
                                      "one step of the dragged item", text: "move {from to} ({semantics}) at {time}")
        public static let end = Kind("end", [Field("from", .position, "where the drag began"),
                                             Field("to", .position, "where the item landed")],
                                     "the drop was committed", text: "end {from to} at {time}")
        public static let cancel = Kind("cancel", [Field("resolution", .name(CancelResolution.allCases.map(\.rawValue)),
                                                         "`revert` (the order at the press) or `commit` (the order kept)")],
                                        "the drag was cancelled", text: "cancel ({resolution}) at {time}")
        public static let rollback = Kind("rollback", [], "`on_end` vetoed the drop: the order is back as it was at the press",
                                          text: "rollback at {time}")
        public static let refuse = Kind("refuse", [Field("at", .position, "the item pressed")],
                                        "a press on an item the policy does not let move", text: "refuse {at} at {time}")
        public static let combine = Kind("combine", [Field("from", .position, "the dragged item, where it was at the press"),
                                                     Field("onto", .position, "the item it was dropped onto")],
                                         "the drop landed on an item (`combine_rule`): every row is back as it was at the press, and the app decides what the two make",
                                         text: "combine {from} onto {onto} at {time}")
        /// The fields of a group drag's members, which `s:events()` also puts on the `begin`,
        /// `move`, `end` or `cancel` of a group drag.
        public static let members = [Field("items", .ids, "the group's item ids, in landing order"),
                                     Field("positions", .positions, "where each of them is")]
        public static let group = Kind("group", [Field("of", .name(["begin", "end", "cancel", "add"]),
                                                       "the event it belongs to, or `add`: an item joined")] + members,
                                       "a group drag's members, right after the `begin`, `end` or committing `cancel` it belongs to, or an item added by a tap",
                                       text: "group ({of}) {items positions} at {time}")
    }

    /// Every input a session takes, in the order the docs list them.
    public static let inputs: [Kind] = [
        Inputs.down, Inputs.move, Inputs.up, Inputs.cancel, Inputs.frame, Inputs.focus, Inputs.key, Inputs.action,
        Inputs.select, Inputs.deselect, Inputs.tap, Inputs.toggle, Inputs.pan,
    ]

    /// Every event a session reports, in the order the docs list them.
    public static let events: [Kind] = [
        Events.begin, Events.move, Events.end, Events.cancel, Events.rollback, Events.refuse, Events.group,
        Events.combine,
    ]

    /// The input named `name` (an old spelling is not a name), or nil.
    public static func input(_ name: String) -> Kind? { inputs.first { $0.name == name } }

    /// The event named `name`, or nil.
    public static func event(_ name: String) -> Kind? { events.first { $0.name == name } }

    /// The fixed action names (``KeyboardAction``'s without an argument).
    public static let actionNames = [KeyboardAction.moveUp, .moveDown, .moveToStart, .moveToEnd].map(\.name)
    /// The actions with an argument, as their names are spelled.
    public static let actionPatterns = ["move_to_section N", "move_to_list NAME"]

    /// What an `action` field must be, as messages say after "expected".
    public static let actionExpectation = "one of " + ChoiceText.list(actionNames + actionPatterns.map { "\"\($0)\"" })
}
