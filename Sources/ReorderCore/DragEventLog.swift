/// The bound on a list of events a host keeps: a session's untaken events (``DragSession/events``)
/// and a script session's log (`s:events()`). Whatever a run does (a million frames, a key
/// repeated a million times, a policy that sends an item back and forth), the list keeps its
/// newest events: once it weighs more than twice ``limit``, the oldest are dropped until it
/// weighs ``limit`` (so an append stays O(1) amortised), and ``dropped`` counts them.
///
/// An event weighs 1; a `group` event, which lists every item of the group, and a `move` of a
/// group drag, which the session API lists with the group's items and positions
/// (``DragEvent/group(of:items:positions:time:)``), weigh one more per item. So a log of a
/// group drag of 10,000 items is bounded as tightly, listed, as one of single moves. The
/// newest event is always kept.
///
/// ```swift
/// var events: [DragEvent] = []
/// var log = DragEventLog()
/// for i in 0..<250_000 {
///     events.append(.rollback(time: Double(i)))
///     log.update(&events)
/// }
/// events.count   // 149999: at 200,001 events the oldest 100,001 went; 49,999 came since
/// log.dropped    // 100001
/// ```
public struct DragEventLog: Hashable, Sendable {
    /// The weight of the events kept after a drop (at most twice this before one):
    /// 100,000 plain events, a few MB.
    public static let limit = 100_000

    /// Events dropped from the front since the log began.
    public private(set) var dropped = 0
    /// How many events of the list have been weighed, and what they weigh.
    private var weighed = 0
    private var weight = 0
    /// The items of the group drag under way after the events weighed (0: none), as the
    /// session API follows it: from a `group` event to the `end`, `cancel` or `rollback`.
    private var groupSize = 0
    /// Each kept event's weight, oldest first (what a drop takes off).
    private var weights: [Int] = []

    public init() {}

    /// Weighs the next event of the stream (and follows the group drag under way).
    private mutating func weigh(_ event: DragEvent) -> Int {
        switch event {
        case .group(let of, let items, _, _):
            groupSize = of == "end" || of == "cancel" ? 0 : items.count
            return 1 + items.count
        case .move:
            return 1 + groupSize
        case .rollback, .cancel:
            groupSize = 0
            return 1
        case .begin, .end, .refuse, .combine:
            return 1
        }
    }

    /// Takes note of the events appended to `events` since the last call (a list that got
    /// shorter was taken or cleared: it is weighed afresh) and drops the oldest when the list
    /// weighs more than twice ``limit``. Call it after every change of the list.
    public mutating func update(_ events: inout [DragEvent]) {
        if events.count < weighed { weighed = 0; weight = 0; weights.removeAll(keepingCapacity: true) }
        while weighed < events.count {
            let w = weigh(events[weighed])
            weights.append(w)
            weight += w
            weighed += 1
        }
        guard weight > 2 * Self.limit else { return }
        var cut = 0
        while weight > Self.limit && cut < events.count - 1 {
            weight -= weights[cut]
            cut += 1
        }
        events.removeFirst(cut)
        weights.removeFirst(cut)
        weighed = events.count
        dropped += cut
    }
}
