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

    /// When the input happens.
    public var time: Double {
        switch self {
        case .down(let t, _), .move(let t, _), .up(let t), .cancel(let t), .frame(let t): return t
        case .focus(let t, _), .key(let t, _, _), .action(let t, _, _): return t
        }
    }

    /// The finger position of `down` and `move`.
    public var point: Point? {
        switch self {
        case .down(_, let p), .move(_, let p): return p
        case .up, .cancel, .frame, .focus, .key, .action: return nil
        }
    }

    /// The item of `focus` and `action` (0-based).
    public var position: ItemPosition? {
        switch self {
        case .focus(_, let p), .action(_, let p, _): return p
        default: return nil
        }
    }

    /// `"down"`, `"move"`, `"up"`, `"cancel"` or `"frame"` (the trace's `type` field).
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
        }
    }

    /// Builds an input from a trace's fields; nil when `type` is unknown or a point is missing.
    public init?(typeName: String, time: Double, point: Point? = nil) {
        switch typeName {
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
        default: break
        }
        if let p = point { return "\(typeName)(\(time), \(p))" }
        return "\(typeName)(\(time))"
    }
}
