/// One raw input of a session, as recorded in a trace and replayed by ``DragSimulator/apply(_:)``.
///
/// Times are seconds of simulated time; points are viewport coordinates. The JSON Lines form
/// (`{"t":0.0,"type":"down","x":120,"y":210}`) is written and read by the command line.
///
/// ```swift
/// let input = TraceInput.down(0, Point(x: 120, y: 210))
/// input.typeName   // "down"
/// input.time       // 0.0
/// ```
public enum TraceInput: Hashable, Sendable, CustomStringConvertible {
    case down(Double, Point)
    case move(Double, Point)
    case up(Double)
    case cancel(Double)
    case frame(Double)
    /// Keyboard focus on an item (`{"type":"focus","section":1,"row":3}`, 1-based in the trace).
    case focus(Double, ItemPosition)
    /// A key on the focused item, `count` times for the arrows and Tab
    /// (`{"type":"key","key":"down","n":2}`; `n` is written when it is not 1).
    case key(Double, KeyboardKey, Int)
    /// A one-shot action on an item (`{"type":"action","section":1,"row":3,"action":"move_to_end"}`).
    case action(Double, ItemPosition, KeyboardAction)
    /// Group drags: select or deselect the item at a position (0-based; the trace
    /// writes `"section"` and `"row"` 1-based), and a second touch on an item during a drag
    /// (`tap`: it asks `can_add`).
    case select(Double, ItemPosition)
    case deselect(Double, ItemPosition)
    case tap(Double, ItemPosition)
    /// A tree session: collapses or expands the node at a visible row (0-based; the trace
    /// writes `"section"` and `"row"` 1-based).
    case toggle(Double, ItemPosition)
    /// The content under a viewport point scrolls by a distance, points (`{"type":"pan","x":120,
    /// "y":300,"dx":0,"dy":88}`: + towards the content's end), clamped: a mouse wheel, a
    /// trackpad, or a finger that moved off its press before the hold (UIScrollView's pan)
    /// and its coast after the lift (the playground's momentum).
    /// While idle only (``DragSession/pan(by:at:time:)``).
    case pan(Double, Point, Point)

    /// When the input happens.
    public var time: Double {
        switch self {
        case .down(let t, _), .move(let t, _), .up(let t), .cancel(let t), .frame(let t): return t
        case .focus(let t, _), .key(let t, _, _), .action(let t, _, _): return t
        case .select(let t, _), .deselect(let t, _), .tap(let t, _), .toggle(let t, _): return t
        case .pan(let t, _, _): return t
        }
    }

    /// The finger position of `down` and `move`.
    public var point: Point? {
        switch self {
        case .down(_, let p), .move(_, let p): return p
        case .up, .cancel, .frame, .key, .focus, .action, .select, .deselect, .tap, .toggle, .pan: return nil
        }
    }

    /// The item of `focus`, `action`, `select`, `deselect` and `tap` (0-based).
    public var position: ItemPosition? {
        switch self {
        case .focus(_, let p), .action(_, let p, _): return p
        case .select(_, let p), .deselect(_, let p), .tap(_, let p), .toggle(_, let p): return p
        default: return nil
        }
    }

    /// `"down"`, `"move"`, `"up"`, `"frame"`, ... (the trace's `type` field).
    public var typeName: String {
        switch self {
        case .down: return "down"
        case .move: return "move"
        case .up: return "up"
        case .cancel: return "cancel"
        case .frame: return "frame"
        case .focus: return "focus"
        case .key: return "key"
        case .action: return "action"
        case .select: return "select"
        case .deselect: return "deselect"
        case .tap: return "tap"
        case .toggle: return "toggle"
        case .pan: return "pan"
        }
    }

    /// Builds an input from a trace's fields; nil when `type` is unknown or a point is missing.
    public init?(typeName: String, time: Double, point: Point? = nil, position: ItemPosition? = nil) {
        switch typeName {
        case "select": guard let p = position else { return nil }; self = .select(time, p)
        case "deselect": guard let p = position else { return nil }; self = .deselect(time, p)
        case "tap": guard let p = position else { return nil }; self = .tap(time, p)
        case "toggle": guard let p = position else { return nil }; self = .toggle(time, p)
        case "down": guard let p = point else { return nil }; self = .down(time, p)
        case "move": guard let p = point else { return nil }; self = .move(time, p)
        case "up": self = .up(time)
        case "cancel": self = .cancel(time)
        case "frame": self = .frame(time)
        default: return nil
        }
    }

    public var description: String {
        switch self {
        case .focus(let t, let p): return "focus(\(t), \(p.label))"
        case .key(let t, let k, let n): return n == 1 ? "key(\(t), \(k.rawValue))" : "key(\(t), \(k.rawValue) x\(n))"
        case .action(let t, let p, let a): return "action(\(t), \(p.label), \(a.name))"
        case .pan(let t, let p, let d): return "pan(\(t), \(p) by \(d))"
        default: break
        }
        if let p = point { return "\(typeName)(\(time), \(p))" }
        if let p = position { return "\(typeName)(\(time), \(p))" }
        return "\(typeName)(\(time))"
    }
}

extension TraceInput {
    /// The documented bounds of the numbers an input holds, checked wherever one is read (a
    /// trace line, a page's message; `Vocabulary` in ReorderTrace reads them from here):
    /// whatever a file or a page says, the work an input asks for is bounded.
    ///
    /// ```swift
    /// TraceInput.Limits.repeatCount.expectation   // "a whole number from 1 to 1000000"
    /// TraceInput.Limits.time.expectation          // "a number from 0 to 1e9"
    /// ```
    public enum Limits {
        /// `time`: seconds of simulated time from 0 to 1e9 (31 years of a page's clock, which
        /// starts at its load): the session's clock, the frame grid (`time × frame rate` as an
        /// integer) and a replay's schedule stay exact and in range.
        public static let time = NumberRange(0, 1e9, upperText: "1e9")
        /// `x`, `y`: viewport points within ±1e7, far past any screen and small enough that a
        /// point plus an offset stays exact.
        public static let coordinate = NumberRange(-1e7, 1e7, lowerText: "-1e7", upperText: "1e7")
        /// `section` and `row` (1-based): whole numbers up to the most items a session holds.
        public static let position = NumberRange(1, Double(SessionGeometry.Limits.items), whole: true)
        /// `n` of a `key` input: ``KeyboardKey/maximumRepeat``.
        public static let repeatCount = NumberRange(1, Double(KeyboardKey.maximumRepeat), whole: true)
    }
}
