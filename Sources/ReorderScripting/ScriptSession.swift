import ReorderCore
import ReorderLua
import ReorderPersistence
import ReorderPlot
import ReorderTrace

/// One `reorder.session{...}` object: a ``DragSimulator`` plus what the Lua API needs around
/// it (1-based positions, argument checks, the event log, text rendering).
///
/// Every method takes the Lua arguments after `self` and returns Lua results; a thrown
/// ``LuaError`` becomes a Lua error at the caller's line. From Swift, make one with
/// ``ScriptingHost/makeSession(_:)`` and drive its ``simulator``:
///
/// ```swift
/// let host = try ScriptingHost(output: { print($0, terminator: "") })
/// var options = DemoList.options(policy: .builtin("jx_movable"))
/// let session = try host.makeSession(options)
/// session.simulator.drag(from: ItemPosition(section: 0, item: 1), to: ItemPosition(section: 0, item: 8))
/// session.collect()
/// session.events.map(\.typeName)   // ["begin", "move", ..., "end"]
/// ```
public final class ScriptSession {
    public let id: Int64
    public let options: SessionOptions
    public let simulator: DragSimulator
    /// The events since creation (or the last `s:clear_events()`): the newest, within
    /// ``DragEventLog``'s bound; ``droppedEvents`` counts the others.
    public private(set) var events: [DragEvent] = []
    /// Keeps ``events`` within its bound.
    private var eventLog = DragEventLog()
    /// The simulator's count of dropped events at the last clear.
    private var simulatorDropsBefore = 0
    /// Events since creation (or the last clear) that are not in ``events``: dropped by this
    /// log, or by the session before they were collected.
    public var droppedEvents: Int { eventLog.dropped + simulator.droppedEvents - simulatorDropsBefore }
    /// `s:close()` was called: the host releases the session after the call.
    public private(set) var isClosed = false
    /// What the items take in the host (see ``itemBytes(_:)``), counted once at creation.
    let itemBytes: Int
    /// What the host last counted for this session (``heldBytes``).
    var accountedBytes = 0
    /// Messages from the policy (errors, fallbacks, prints) since creation: the last
    /// ``diagnosticLimit`` to twice that (each was written to the output as it came).
    public private(set) var diagnostics: [PolicyDiagnostic] = []
    /// How many of the policy's messages a session keeps at least: a policy that prints on
    /// every frame of a long run would otherwise fill the host (the policy's own VM keeps at
    /// most 1,000 between two drains, and a session drains after every call).
    public static let diagnosticLimit = 1_000
    /// Where diagnostics and `s:show()` go.
    let output: (String) -> Void
    let useColor: Bool
    /// Called when the session goes away (releases an inline policy's registry reference).
    var onRelease: (() -> Void)?
    /// The host that made it (for resolving paths).
    weak var host: ScriptingHost?
    /// A method is running (and possibly a policy hook inside it).
    private var busy = false

    init(id: Int64, options: SessionOptions, policy: any DragPolicy, order: Order, tree: Tree? = nil,
         output: @escaping (String) -> Void, useColor: Bool, itemBytes: Int? = nil) throws(LuaError) {
        self.id = id
        self.itemBytes = itemBytes ?? Self.itemBytes(order.items)
        self.options = options
        self.output = output
        self.useColor = useColor
        // Options parsed from Lua or a trace are checked already; this covers options built in
        // Swift, so no session is ever made on geometry the engine cannot run.
        do {
            try options.geometry.validate()
        } catch {
            throw LuaError.script("reorder.session: \(error.message)")
        }
        if let tree {
            simulator = DragSimulator(tree: tree, geometry: options.geometry, policy: policy)
        } else {
            let layout = options.makeLayout(order: order)
            simulator = DragSimulator(order: order, layout: layout, viewport: options.viewport, policy: policy,
                                      frameRate: options.frameRate)
        }
    }

    deinit { onRelease?() }

    /// The bytes a session takes in the host per item besides its strings: the `Item` itself,
    /// its place in the order and its slot in the layout. Measured: 10,000 sessions of 1,000
    /// plain items took about 1.4 GB, some 100 bytes an item with the rest of each session.
    static let itemOverhead = 96

    /// An estimate of what `sections` take in a session: ``itemOverhead`` per item, plus the
    /// heap storage of ids and titles longer than 15 bytes (shorter ones are stored inline),
    /// and of fields.
    static func itemBytes(_ sections: [[Item]]) -> Int {
        func heap(_ s: String) -> Int { s.utf8.count > 15 ? 32 + s.utf8.count : 0 }
        var total = 0
        for section in sections {
            total += 32
            for item in section {
                total += itemOverhead + heap(item.id)
                if item.title != item.id { total += heap(item.title) }
                for (k, v) in item.fields {
                    total += 48 + heap(k)
                    if case .string(let s) = v { total += heap(s) }
                }
            }
        }
        return total
    }

    /// What the session holds in the host, in bytes (an estimate, what ``ScriptingHost`` counts
    /// to decide when to collect dropped sessions): its items, its logs (events, inputs,
    /// diagnostics) and the VM of its policy (a policy file's or a built-in's; an inline
    /// policy lives in the script's own VM, which Lua's collector sees).
    public var heldBytes: Int {
        let inputs = simulator.recordedInputCount - simulator.droppedInputs
        let policy = (simulator.policy as? LuaPolicy)?.ownedVMBytes ?? 0
        return itemBytes + events.count * 2 * MemoryLayout<DragEvent>.stride
            + inputs * MemoryLayout<TraceInput>.stride + diagnostics.count * 256 + policy
    }

    /// The name the policy gives itself.
    public var policyName: String { simulator.policy.configuration.name }

    /// The options of a session that starts where this one is: the same options but for the
    /// order, which is this one's now (its items and section titles), and no order file to
    /// restore. A policy switch, a reload and the playground on the REPL's `s` start from them.
    ///
    /// ```swift
    /// var o = session.continuedOptions
    /// o.policy = .builtin("uikit")
    /// let next = try host.makeSession(o)   // the same order, another policy
    /// ```
    public var continuedOptions: SessionOptions {
        var o = options
        // A tree session continues with its tree as it is now (collapsed nodes included);
        // the flat rows are derived from it.
        if let tree = simulator.tree {
            o.tree = tree.nested()
        } else {
            o.sections = simulator.order.items
        }
        o.sectionTitles = simulator.order.sectionTitles
        o.restore = nil
        return o
    }

    // MARK: - Dispatch

    /// A session method as Lua calls it: the session and the arguments after `self`; the
    /// results to push.
    typealias Method = @Sendable (ScriptSession, Arguments) throws(LuaError) -> [LuaValue]

    /// The methods of a session object (`s:press(...)`, ...): the one list of them, each with its
    /// Lua name, its parameters after `self` and its results in lua-language-server's notation
    /// (`""`: none), what it does in a few words (``EditorKit/definitions`` declares each so),
    /// and what runs. ``ScriptingHost`` registers each once per VM as a host function in the
    /// sessions' metatable.
    static let methods: [(name: String, params: String, returns: String, doc: String, run: Method)] = [
        ("press", "x: number, y: number", "", "touch down at a viewport point (points)",
         { s, a throws(LuaError) in try s.luaPress(a) }),
        ("press_item", "section: integer, row: integer", "", "touch down at the centre of the item's cell (1-based)",
         { s, a throws(LuaError) in try s.luaPressItem(a) }),
        ("hold", "seconds: number", "", "time passes with the finger still",
         { s, a throws(LuaError) in try s.luaHold(a) }),
        ("move", "x: number, y: number, seconds?: number", "", "the finger glides to (x, y) (points) over `seconds` (default 0)",
         { s, a throws(LuaError) in try s.luaMove(a) }),
        ("move_to_item", "section: integer, row: integer, seconds?: number", "", "glides to the item's cell centre",
         { s, a throws(LuaError) in try s.luaMoveToItem(a) }),
        ("release", "", "", "touch up",
         { s, a throws(LuaError) in try s.luaRelease(a) }),
        ("cancel", "", "", "the system cancels the touch",
         { s, a throws(LuaError) in try s.luaCancel(a) }),
        ("advance", "seconds: number", "", "time passes; due frames run",
         { s, a throws(LuaError) in try s.luaAdvance(a) }),
        ("tick", "frames?: integer", "", "runs frames (default 1)",
         { s, a throws(LuaError) in try s.luaTick(a) }),
        ("drag", "from_s: integer, from_r: integer, to_s: integer, to_r: integer, seconds?: number", "boolean", "a whole drag; true if the item ended at the target",
         { s, a throws(LuaError) in try s.luaDrag(a) }),
        ("scroll", "x: number, y: number", "", "sets the content offset (points) while idle",
         { s, a throws(LuaError) in try s.luaScroll(a) }),
        ("items", "", "table[]", "the items of each section, as given",
         { s, a throws(LuaError) in try s.luaItems(a) }),
        ("order", "", "table", "all items, sections concatenated",
         { s, a throws(LuaError) in try s.luaOrder(a) }),
        ("ids", "", "string[][]", "each section's item ids, in order",
         { s, a throws(LuaError) in try s.luaIds(a) }),
        ("offset", "", "number, number", "the content offset x, y (points)",
         { s, a throws(LuaError) in try s.luaOffset(a) }),
        ("snapshot", "", "table?", "the lifted snapshot, or nil",
         { s, a throws(LuaError) in try s.luaSnapshot(a) }),
        ("state", "", "\"idle\"|\"pressing\"|\"dragging\"|\"dropping\"", "the drag's state",
         { s, a throws(LuaError) in try s.luaState(a) }),
        ("events", "", "table[]", "the events since the session began, the newest (a first { type = \"dropped\", count = N } when older ones went)",
         { s, a throws(LuaError) in try s.luaEvents(a) }),
        ("clear_events", "", "", "forgets the events so far",
         { s, a throws(LuaError) in try s.luaClearEvents(a) }),
        ("time", "", "number", "simulated seconds",
         { s, a throws(LuaError) in try s.luaTime(a) }),
        ("policy", "", "string", "the policy's name",
         { s, a throws(LuaError) in try s.luaPolicy(a) }),
        ("inputs", "", "table[]", "the raw inputs so far, the newest (a first { type = \"dropped\", count = N } when older ones went)",
         { s, a throws(LuaError) in try s.luaInputs(a) }),
        ("page", "", "integer, integer", "a board's page nearest the offset (1-based) and the number of pages",
         { s, a throws(LuaError) in try s.luaPage(a) }),
        ("list_offset", "list: integer", "number", "how far a board's list is scrolled down, points",
         { s, a throws(LuaError) in try s.luaListOffset(a) }),
        ("scene", "", "table", "what an adapter draws now",
         { s, a throws(LuaError) in try s.luaScene(a) }),
        ("show", "", "", "prints the viewport as text",
         { s, a throws(LuaError) in try s.luaShow(a) }),
        ("render", "", "string", "the viewport as text",
         { s, a throws(LuaError) in try s.luaRender(a) }),
        ("id", "", "integer", "identifies the session in its VM",
         { s, a throws(LuaError) in try s.luaId(a) }),
        ("config", "", "reorder.Policy", "the policy's static fields",
         { s, a throws(LuaError) in try s.luaConfig(a) }),
        ("zone", "axis?: reorder.Axis", "number", "the policy's edge zone now, points",
         { s, a throws(LuaError) in try s.luaZone(a) }),
        ("speed", "depth: number, zone: number, elapsed: number, axis?: reorder.Axis", "number", "the policy's scroll speed, points per second",
         { s, a throws(LuaError) in try s.luaSpeed(a) }),
        ("can_move", "section: integer, row: integer", "boolean", "asks the policy",
         { s, a throws(LuaError) in try s.luaCanMove(a) }),
        ("target", "from_s: integer, from_r: integer, to_s: integer, to_r: integer", "integer?, integer?", "asks the policy where a proposed drop goes",
         { s, a throws(LuaError) in try s.luaTarget(a) }),
        ("semantics", "from_s: integer, from_r: integer, to_s: integer, to_r: integer", "reorder.Semantics", "asks the policy",
         { s, a throws(LuaError) in try s.luaSemantics(a) }),
        ("save", "path: string, key?: string", "", "writes the order to an order file under `key` (default \"default\")",
         { s, a throws(LuaError) in try s.luaSave(a) }),
        // Keyboard dragging and one-shot actions (ScriptSession+Keyboard.swift).
        ("focus", "section?: integer, row?: integer", "integer?, integer?", "sets the keyboard focus (not during a drag), scrolling the item into view; with no arguments, returns it",
         { s, a throws(LuaError) in try s.luaFocus(a) }),
        ("key", "name: string, n?: integer", "boolean", "a key on the focused item (\"space\", \"up\", \"tab\", ...), `n` times; true if it did something",
         { s, a throws(LuaError) in try s.luaKey(a) }),
        ("actions", "section: integer, row: integer", "string[]", "the one-shot actions offered for the item",
         { s, a throws(LuaError) in try s.luaActions(a) }),
        ("perform", "section: integer, row: integer, name: string, arg?: string|integer", "boolean", "a one-shot action: lift, steps and drop in one input; true if the item moved",
         { s, a throws(LuaError) in try s.luaPerform(a) }),
        ("announcements", "", "string[]", "what was said since the last call",
         { s, a throws(LuaError) in try s.luaAnnouncements(a) }),
        ("instructions", "section: integer, row: integer", "string", "what a screen reader reads when the item is focused",
         { s, a throws(LuaError) in try s.luaInstructions(a) }),
        // Selection and group drags (ScriptSession+Group.swift).
        ("select", "section: integer, row: integer", "boolean", "selects the item (while idle) when `can_select` and `group.max` allow it",
         { s, a throws(LuaError) in try s.luaSelect(a) }),
        ("deselect", "section: integer, row: integer", "boolean", "deselects the item (while idle); false when it was not selected",
         { s, a throws(LuaError) in try s.luaDeselect(a) }),
        ("selection", "", "integer[][]", "the selected items' positions ({ section, row } each), in the order they were selected",
         { s, a throws(LuaError) in try s.luaSelection(a) }),
        ("tap", "section: integer, row: integer", "boolean", "a second touch on an item during a drag; true if it joined the drag",
         { s, a throws(LuaError) in try s.luaTap(a) }),
        ("close", "", "", "releases the session at once (its policy's VM, items and logs); later calls raise an error",
         { s, a throws(LuaError) in try s.luaClose(a) }),
        // Tree sessions (ScriptSession+Tree.swift).
        ("tree", "", "table[]", "a tree session's tree, nested as it was given (collapsed nodes included)",
         { s, a throws(LuaError) in try s.luaTree(a) }),
        ("toggle", "section: integer, row: integer", "", "collapses or expands the tree node at visible row `row` (a tree session, while idle)",
         { s, a throws(LuaError) in try s.luaToggle(a) }),
    ]

    /// Runs `method` (named `name`) with Lua arguments `a`, then collects events and diagnostics.
    func call(_ name: String, _ method: Method, _ a: Arguments) throws(LuaError) -> [LuaValue] {
        // An inline policy's hook runs inside this session's call; calling the same session from
        // there would touch the engine in the middle of its own update.
        if busy {
            throw LuaError.script("s:\(name): this session is running a policy hook; a hook cannot call its own session (read ctx instead)")
        }
        busy = true
        defer { busy = false }
        defer { collect() }
        return try method(self, a)
    }

    /// What `tostring(s)` shows.
    var summary: String {
        if busy { return "reorder.session(\(id), busy)" }
        let o = simulator.order
        return "reorder.session(\(policyName), \(o.sectionCount) section\(o.sectionCount == 1 ? "" : "s"), \(o.totalCount) items, \(simulator.state.rawValue))"
    }

    /// Forgets the events so far (as `s:clear_events()`): a long-running host (the playground)
    /// keeps only what it has not sent yet.
    public func clearEvents() {
        events.removeAll()
        eventLog = DragEventLog()
        simulatorDropsBefore = simulator.droppedEvents
    }

    /// Takes new events and diagnostics from the simulator and the policy.
    public func collect() {
        events.append(contentsOf: simulator.takeEvents())
        eventLog.update(&events)
        let new = simulator.policy.drainDiagnostics()
        if !new.isEmpty {
            diagnostics.append(contentsOf: new)
            if diagnostics.count > 2 * Self.diagnosticLimit { diagnostics.removeFirst(diagnostics.count - Self.diagnosticLimit) }
            let label = PolicyDiagnostic.label(of: simulator.policy)
            for d in new { output(d.line(policy: label) + "\n") }
        }
    }

    /// `seconds` of simulated time, refused when they are more frames than one call may run
    /// at this session's frame rate (``DragSimulator/frameLimit``): a call always ends within
    /// a bounded amount of work.
    func frames(_ a: Arguments, _ seconds: Double) throws(LuaError) -> Double {
        let rate = simulator.frameRate
        let frames = (seconds * rate).rounded(.up)
        guard frames <= Double(DragSimulator.frameLimit) else {
            let most = Double(DragSimulator.frameLimit) / rate
            throw a.error("\(ValidationError.format(seconds)) seconds at \(ValidationError.format(rate)) Hz is "
                          + "\(ValidationError.format(frames)) frames; one call runs at most \(DragSimulator.frameLimit) "
                          + "frames (\(ValidationError.format(most.rounded(.down))) seconds at this frame rate)")
        }
        return seconds
    }

    /// A 1-based `section, row` pair at argument `i`, checked against the current order: an
    /// item, or with `slot` also the row past the last of a section (row 1 of an empty one),
    /// which a drag proposes to `target` when it goes below a section's last row.
    func position(_ a: Arguments, _ i: Int, slot: Bool = false) throws(LuaError) -> ItemPosition {
        let s = try a.integer(i, "section"), r = try a.integer(i + 1, "row")
        let order = simulator.order
        guard s >= 1, s <= order.sectionCount else {
            throw a.error("section \(s) out of range (\(order.sectionCount) section\(order.sectionCount == 1 ? "" : "s"))")
        }
        let n = order.count(s - 1)
        guard r >= 1, r <= (slot ? n + 1 : n) else {
            let also = slot ? "; a target may also be row \(n + 1), past the last" : ""
            throw a.error("row \(r) out of range (section \(s) has \(n) row\(n == 1 ? "" : "s")\(also))")
        }
        return ItemPosition(section: s - 1, item: r - 1)
    }

    /// An axis name at argument `i` (`"vertical"` when absent).
    func axis(_ a: Arguments, _ i: Int) throws(LuaError) -> Axis {
        switch a.value(i) {
        case .nil: return .vertical
        case .string(let s):
            guard let axis = Axis(rawValue: s) else { throw a.error("argument #\(i) (axis) must be \"vertical\" or \"horizontal\", got \"\(s)\"") }
            return axis
        case let other: throw a.error("argument #\(i) (axis) must be a string, got \(other.typeName)")
        }
    }

    // MARK: - Values for Lua

    static func placeholderValue(_ p: PlaceholderStyle) -> LuaValue {
        switch p {
        case .hidden: return .string("hidden")
        case .visible: return .string("visible")
        case .color(let c): return .string(c.hex)
        }
    }

    static func shadowValue(_ s: Shadow) -> LuaValue {
        .record(["color": .string(s.color.hex),
                 "offset": .record(["x": .number(s.offset.width), "y": .number(s.offset.height)]),
                 "opacity": .number(s.opacity), "radius": .number(s.radius)])
    }

    /// The static fields as a policy file spells them (``PolicyField/luaValue(of:)``).
    static func configurationValue(_ c: PolicyConfiguration) -> LuaValue {
        PolicyField.luaValue(of: c)
    }

    static func itemValue(_ item: Item) -> LuaValue {
        if item.isPlain { return .string(item.id) }
        var fields: [String: LuaValue] = ["id": .string(item.id), "title": .string(item.title)]
        for (k, v) in item.fields {
            switch v {
            case .string(let s): fields[k] = .string(s)
            case .number(let d): fields[k] = d == d.rounded() && abs(d) < 9e15 ? .integer(Int(d)) : .number(d)
            case .bool(let b): fields[k] = .boolean(b)
            }
        }
        return .record(fields)
    }

    static func itemsValue(_ order: Order) -> LuaValue {
        .array(order.items.map { .array($0.map(itemValue)) })
    }

    static func positionValue(_ p: ItemPosition) -> LuaValue {
        .array([.integer(p.section + 1), .integer(p.item + 1)])
    }

    /// `{type = "move", from = {1, 2}, to = {1, 3}, semantics = "move", time = 1.25}` and so on:
    /// the event as the ``Vocabulary`` writes it.
    public static func eventValue(_ e: DragEvent) -> LuaValue { recordValue(Vocabulary.Record(e)) }

    /// An input or event as a Lua table: `type`, its fields and `time`, as every form of the
    /// ``Vocabulary`` names them; positions 1-based (`{1, 2}`; a `section` and a `row` as
    /// integers), counts as integers.
    static func recordValue(_ r: Vocabulary.Record) -> LuaValue {
        var fields: [String: LuaValue] = ["type": .string(r.kind.name), Vocabulary.time.name: .number(r.time)]
        for (field, value) in zip(r.kind.fields, r.values) {
            if let value { fields[field.name] = luaValue(value) }
        }
        return .record(fields)
    }

    /// A field's value in Lua.
    static func luaValue(_ value: Vocabulary.Value) -> LuaValue {
        switch value {
        case .number(let d): return .number(d)
        case .whole(let n): return .integer(n)
        case .name(let s): return .string(s)
        case .position(let p): return positionValue(p)
        case .positions(let ps): return .array(ps.map(positionValue))
        case .ids(let ids): return .array(ids.map { .string($0) })
        }
    }

    static func snapshotValue(_ s: SnapshotState) -> LuaValue {
        return .record([
            "phase": .string(s.phase.rawValue),
            "x": .number(s.center.x), "y": .number(s.center.y),
            "content_x": .number(s.contentCenter.x), "content_y": .number(s.contentCenter.y),
            "width": .number(s.size.width), "height": .number(s.size.height),
            "scale": .number(s.scale), "alpha": .number(s.alpha), "rotation": .number(s.rotation),
            "corner_radius": .number(s.cornerRadius),
            "shadow": shadowValue(s.shadow),
            "placeholder": placeholderValue(s.placeholder),
            "lift": .number(s.liftProgress), "drop": .number(s.dropProgress),
        ])
    }

    /// `{type = "move", x = 187.5, y = 300, time = 1.0}`: the input as the ``Vocabulary`` writes it.
    static func inputValue(_ input: TraceInput) -> LuaValue { recordValue(Vocabulary.Record(input)) }
}

// MARK: - The methods (one per name in `ScriptSession.methods`)

extension ScriptSession {
    func luaPress(_ a: Arguments) throws(LuaError) -> [LuaValue] {
        try a.count(2)
        simulator.press(at: Point(x: try a.number(1, "x"), y: try a.number(2, "y")))
        return []
    }

    func luaPressItem(_ a: Arguments) throws(LuaError) -> [LuaValue] {
        try a.count(2)
        let p = try position(a, 1)
        simulator.pressItem(p)
        return []
    }

    func luaHold(_ a: Arguments) throws(LuaError) -> [LuaValue] {
        try a.count(1)
        try pass(a, try a.duration(1, "seconds"))
        return []
    }

    /// `s:hold` and `s:advance`: any duration up to a day, as the frames of a still drag are
    /// skipped (``DragSimulator/hold(_:)``); a hold that stops early (Ctrl-C, a watchdog, or
    /// ``DragSimulator/frameLimit`` frames without coming to rest) is an error, the clock at
    /// the last frame run.
    func pass(_ a: Arguments, _ seconds: Double) throws(LuaError) {
        let stopped = simulator.stopRequested?() ?? false
        guard !stopped, simulator.hold(seconds) else {
            let at = ValidationError.format(simulator.time)
            if stopped || simulator.stopRequested?() == true {
                throw a.error("interrupted at t = \(at) s")
            }
            throw a.error("ran \(DragSimulator.frameLimit) frames without the drag coming to rest; stopped at t = \(at) s "
                          + "(a step is proposed every frame, a scroll is under way, or the policy's hooks read ctx.time)")
        }
    }

    func luaMove(_ a: Arguments) throws(LuaError) -> [LuaValue] {
        try a.count(2, 3)
        let point = Point(x: try a.number(1, "x"), y: try a.number(2, "y"))
        simulator.move(to: point, over: try frames(a, try a.duration(3, "seconds", default: 0)))
        return []
    }

    func luaMoveToItem(_ a: Arguments) throws(LuaError) -> [LuaValue] {
        try a.count(2, 3)
        let p = try position(a, 1)
        simulator.moveToItem(p, over: try frames(a, try a.duration(3, "seconds", default: 0)))
        return []
    }

    func luaRelease(_ a: Arguments) throws(LuaError) -> [LuaValue] {
        try a.count(0)
        simulator.release()
        return []
    }

    func luaCancel(_ a: Arguments) throws(LuaError) -> [LuaValue] {
        try a.count(0)
        simulator.cancel()
        return []
    }

    func luaAdvance(_ a: Arguments) throws(LuaError) -> [LuaValue] {
        try a.count(1)
        try pass(a, try a.duration(1, "seconds"))
        return []
    }

    func luaTick(_ a: Arguments) throws(LuaError) -> [LuaValue] {
        try a.count(0, 1)
        let frames = try a.integer(1, "frames", default: 1)
        guard frames >= 0, frames <= DragSimulator.frameLimit else {
            throw a.error("frames must be from 0 to \(DragSimulator.frameLimit), got \(frames)")
        }
        simulator.tick(frames)
        return []
    }

    func luaDrag(_ a: Arguments) throws(LuaError) -> [LuaValue] {
        try a.count(4, 5)
        let from = try position(a, 1)
        let to = try position(a, 3)
        let seconds = try frames(a, try a.duration(5, "seconds", default: 0.5))
        return [.boolean(simulator.drag(from: from, to: to, over: seconds))]
    }

    func luaScroll(_ a: Arguments) throws(LuaError) -> [LuaValue] {
        try a.count(2)
        let p = Point(x: try a.number(1, "x"), y: try a.number(2, "y"))
        if simulator.setOffset(p) == .ignored {
            throw a.error("cannot scroll while a drag is under way (state \(simulator.state.rawValue))")
        }
        return []
    }

    func luaItems(_ a: Arguments) throws(LuaError) -> [LuaValue] {
        try a.count(0)
        return [ScriptSession.itemsValue(simulator.order)]
    }

    func luaOrder(_ a: Arguments) throws(LuaError) -> [LuaValue] {
        try a.count(0)
        // A tree's rows by id: its nodes' other fields are in s:tree().
        if simulator.tree != nil { return [.array(simulator.order.flattened.map { .string($0.id) })] }
        return [.array(simulator.order.flattened.map(ScriptSession.itemValue))]
    }

    func luaIds(_ a: Arguments) throws(LuaError) -> [LuaValue] {
        try a.count(0)
        return [.array(simulator.order.items.map { .array($0.map { .string($0.id) }) })]
    }

    func luaOffset(_ a: Arguments) throws(LuaError) -> [LuaValue] {
        try a.count(0)
        return [.number(simulator.offset.x), .number(simulator.offset.y)]
    }

    func luaSnapshot(_ a: Arguments) throws(LuaError) -> [LuaValue] {
        try a.count(0)
        guard let snapshot = simulator.snapshot else { return [.nil] }
        var value = ScriptSession.snapshotValue(snapshot)
        // How many items it carries: a lifted tree node's subtree, a group, or the item alone.
        let count = simulator.treeLift?.carried ?? simulator.groupInfo?.count ?? 1
        if case .table(var fields) = value {
            fields[.string("count")] = .integer(count)
            value = .table(fields)
        }
        return [value]
    }

    func luaState(_ a: Arguments) throws(LuaError) -> [LuaValue] {
        try a.count(0)
        return [.string(simulator.state.rawValue)]
    }

    func luaEvents(_ a: Arguments) throws(LuaError) -> [LuaValue] {
        try a.count(0)
        return [.array(Self.droppedNote(droppedEvents) + ScriptSession.eventValues(events))]
    }

    /// The first entry of `s:events()` and `s:inputs()` when the oldest were dropped:
    /// `{ type = "dropped", count = N }`.
    static func droppedNote(_ count: Int) -> [LuaValue] {
        count > 0 ? [.record(["type": .string("dropped"), "count": .integer(count)])] : []
    }

    func luaClearEvents(_ a: Arguments) throws(LuaError) -> [LuaValue] {
        try a.count(0)
        clearEvents()
        return []
    }

    /// `s:close()`: the session is released at once (its policy's VM, its items, its logs);
    /// every later call says it is closed. Also the `__close` of `local s <close> = ...`.
    func luaClose(_ a: Arguments) throws(LuaError) -> [LuaValue] {
        try a.count(0)
        isClosed = true
        return []
    }

    func luaTime(_ a: Arguments) throws(LuaError) -> [LuaValue] {
        try a.count(0)
        return [.number(simulator.time)]
    }

    func luaPolicy(_ a: Arguments) throws(LuaError) -> [LuaValue] {
        try a.count(0)
        return [.string(policyName)]
    }

    func luaInputs(_ a: Arguments) throws(LuaError) -> [LuaValue] {
        try a.count(0)
        return [.array(Self.droppedNote(simulator.droppedInputs) + simulator.inputs.map(ScriptSession.inputValue))]
    }

    func luaPage(_ a: Arguments) throws(LuaError) -> [LuaValue] {
        // s:page() -> the board's page nearest the offset (1-based) and the number of pages.
        try a.count(0)
        guard let board = simulator.layout as? BoardLayout else {
            throw a.error("only a board has pages (this session's layout is \(options.layout.rawValue))")
        }
        return [.integer(board.page(nearest: simulator.offset.x) + 1), .integer(board.pageCount)]
    }

    func luaListOffset(_ a: Arguments) throws(LuaError) -> [LuaValue] {
        // s:list_offset(list) -> how far a board's list is scrolled down, points.
        try a.count(1)
        guard let board = simulator.layout as? BoardLayout else {
            throw a.error("only a board's lists scroll on their own (this session's layout is \(options.layout.rawValue))")
        }
        let list = try a.integer(1, "list")
        guard list >= 1, list <= board.listOffsets.count else {
            throw a.error("list \(list) out of range (\(board.listOffsets.count) lists)")
        }
        return [.number(board.listOffsets[list - 1])]
    }

    func luaScene(_ a: Arguments) throws(LuaError) -> [LuaValue] {
        try a.count(0)
        return [sceneValue(scene())]
    }

    func luaShow(_ a: Arguments) throws(LuaError) -> [LuaValue] {
        try a.count(0)
        output(SceneText(color: useColor).render(scene()) + keyboardLine())
        return []
    }

    func luaRender(_ a: Arguments) throws(LuaError) -> [LuaValue] {
        try a.count(0)
        return [.string(SceneText().render(scene()))]
    }

    func luaId(_ a: Arguments) throws(LuaError) -> [LuaValue] {
        return [.integer(Int(id))]
    }

    func luaConfig(_ a: Arguments) throws(LuaError) -> [LuaValue] {
        try a.count(0)
        return [ScriptSession.configurationValue(simulator.policy.configuration)]
    }

    func luaZone(_ a: Arguments) throws(LuaError) -> [LuaValue] {
        try a.count(0, 1)
        let axis = try self.axis(a, 1)
        let length = simulator.viewport[axis]
        return [.number(simulator.policy.edgeZone(simulator.context, axis: axis, viewportLength: length))]
    }

    func luaSpeed(_ a: Arguments) throws(LuaError) -> [LuaValue] {
        try a.count(3, 4)
        let depth = try a.number(1, "depth"), zone = try a.number(2, "zone"), elapsed = try a.number(3, "elapsed")
        let axis = try self.axis(a, 4)
        let v = simulator.policy.scrollSpeed(simulator.context, axis: axis, depth: depth, zone: zone, elapsed: elapsed)
        return [.number(v.isFinite ? max(v, 0) : 0)]
    }

    func luaCanMove(_ a: Arguments) throws(LuaError) -> [LuaValue] {
        try a.count(2)
        return [.boolean(simulator.policy.canMove(simulator.context, at: try position(a, 1)))]
    }

    func luaTarget(_ a: Arguments) throws(LuaError) -> [LuaValue] {
        try a.count(4)
        let from = try position(a, 1)
        let proposed = try position(a, 3, slot: true)
        guard let t = simulator.policy.target(simulator.context, from: from, proposed: proposed) else { return [.nil] }
        return [.integer(t.section + 1), .integer(t.item + 1)]
    }

    func luaSemantics(_ a: Arguments) throws(LuaError) -> [LuaValue] {
        try a.count(4)
        let from = try position(a, 1)
        let to = try position(a, 3, slot: true)
        return [.string(simulator.policy.semantics(simulator.context, from: from, to: to).rawValue)]
    }

    func luaSave(_ a: Arguments) throws(LuaError) -> [LuaValue] {
        try a.count(1, 2)
        guard let path = a.value(1).stringValue else {
            throw a.error("argument #1 (path) must be a string, got \(a.value(1).typeName)")
        }
        let key: String
        switch a.value(2) {
        case .nil: key = "default"
        case .string(let k): key = k
        case let other: throw a.error("argument #2 (key) must be a string, got \(other.typeName)")
        }
        guard simulator.state == .idle else {
            throw a.error("cannot save while the session is \(simulator.state.rawValue) (release first)")
        }
        do {
            let store = OrderStore(path: host?.resolve(path) ?? path)
            // A tree session saves its whole tree (parents and collapsed nodes), not its rows.
            if let tree = simulator.tree { try store.save(tree: tree, key: key) } else { try store.save(simulator.order, key: key) }
        } catch {
            throw a.error(error.description)
        }
        return []
    }
}

/// Checked access to a method's Lua arguments (1-based, after `self`).
struct Arguments {
    let method: String
    let values: [LuaValue]

    func error(_ message: String) -> LuaError { LuaError.script("s:\(method): \(message)") }

    func count(_ n: Int) throws(LuaError) { try count(n, n) }

    func count(_ lo: Int, _ hi: Int) throws(LuaError) {
        // Trailing nils are absent arguments.
        var n = values.count
        while n > 0 && values[n - 1] == .nil { n -= 1 }
        if n > hi || n < lo {
            let expected = lo == hi ? "\(lo)" : "\(lo) to \(hi)"
            throw error("expected \(expected) argument\(hi == 1 ? "" : "s"), got \(n)")
        }
    }

    func value(_ i: Int) -> LuaValue { i <= values.count ? values[i - 1] : .nil }

    func number(_ i: Int, _ name: String) throws(LuaError) -> Double {
        let v = value(i)
        guard let d = v.double else {
            throw error("argument #\(i) (\(name)) must be a number, got \(v.typeName)")
        }
        guard d.isFinite else { throw error("argument #\(i) (\(name)) must be finite, got \(v)") }
        return d
    }

    func integer(_ i: Int, _ name: String) throws(LuaError) -> Int {
        let v = value(i)
        guard v.double != nil else {
            throw error("argument #\(i) (\(name)) must be a number, got \(v.typeName)")
        }
        guard let n = v.integerValue else { throw error("argument #\(i) (\(name)) must be a whole number, got \(v)") }
        return n
    }

    func integer(_ i: Int, _ name: String, default d: Int) throws(LuaError) -> Int {
        value(i) == .nil ? d : try integer(i, name)
    }

    func duration(_ i: Int, _ name: String) throws(LuaError) -> Double {
        let d = try number(i, name)
        guard d >= 0, d <= 86_400 else { throw error("argument #\(i) (\(name)) must be from 0 to 86400 seconds, got \(LuaValue.number(d))") }
        return d
    }

    func duration(_ i: Int, _ name: String, default d: Double) throws(LuaError) -> Double {
        value(i) == .nil ? d : try duration(i, name)
    }
}
