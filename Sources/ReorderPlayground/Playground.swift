import Foundation
import ReorderCore
import ReorderLua
import ReorderPersistence
import ReorderScripting
import ReorderPlot
import ReorderTrace

/// Where a reply goes.
public enum PlaygroundReply: Hashable, Sendable {
    /// To the client that sent the message.
    case sender(String)
    /// To every client (the sender included).
    case everyone(String)
}

/// The playground's host side: holds the session and handles the page's decoded messages; the
/// server only decodes, calls ``handle(_:client:)`` and sends the replies. A page's frame goes
/// from the decoded inputs to the session's simulator and back as one scene, with no Lua in
/// between but the policy's own hooks. Not thread-safe: the server keeps it inside one actor.
///
/// ```swift
/// let play = try Playground(options: .init(policy: "default", rows: 30))
/// let replies = play.handle(try PlaygroundProtocol.decode(#"{"v":4,"type":"hello"}"#), client: 1)
/// // [.sender(welcome), .sender(scene)]
/// ```
public final class Playground {
    /// What `reorder play` starts with.
    public struct Options: Sendable {
        /// A built-in name or a policy file path (nil: the layout demo's own policy).
        public var policy: String?
        public var layout: LayoutKind
        /// A table of this many rows ("1", "2", ...) instead of the demo list (at most
        /// ``maximumRows``).
        public var rows: Int?
        /// The demo: the layout's own, or the tab strip (`reorder play --layout strip`).
        public var demo: DemoList.Demo

        /// The most rows `rows` may ask for: the playground builds the whole list when it starts
        /// and again at every `reset`, while the pages wait, so far fewer than a session may
        /// hold (``SessionGeometry/Limits/items``).
        public static let maximumRows = 2_000_000

        public init(policy: String? = nil, layout: LayoutKind = .table, rows: Int? = nil, demo: DemoList.Demo? = nil) {
            self.policy = policy; self.layout = demo?.layout ?? layout; self.rows = rows
            self.demo = demo ?? DemoList.Demo(layout)
        }
    }

    /// Per-client clock: page time (seconds) minus session time.
    struct Clock {
        var base: Double
        var lastPageTime: Double
    }

    /// Makes the sessions (at the start, a policy switch, a reload, a reset, a replay). On the
    /// REPL's session it is the REPL's host, and a new session is put in its global too.
    public let host: ScriptingHost
    /// The REPL's global holding the session, when the playground is on the REPL's `s` (nil:
    /// the session is the playground's own, in no global).
    public let global: String?
    /// The session the pages drive.
    public private(set) var session: ScriptSession
    /// Where terminal messages go (reloads, policy errors).
    public var log: (String) -> Void
    /// The policy file given (absolute path), if any.
    public let file: String?
    /// The message of the last policy that failed to load (nil once a load succeeds).
    public private(set) var policyError: String?
    /// The list the playground started with, or the demo picked since (`reset`).
    var startOptions: SessionOptions
    /// The demo the list is (nil on a session someone else made, the REPL's): the page draws a
    /// tab strip as tabs, not as the grid it is built on.
    var demo: DemoList.Demo?
    var clocks: [Int: Clock] = [:]
    /// The recording under way: the number of the session's inputs when it began, and the
    /// trace's `session` line.
    var recording: (start: Int, header: Trace.Header)?
    /// A reload asked for during a drag: done when the session is idle again.
    public private(set) var reloadPending = false
    /// Events already sent.
    var eventsSent = 0
    /// Whether a trace is being replayed. The hub stops the replay before it passes on a
    /// page's input (docs/PLAYGROUND.md, "Replays"); ``handle(_:client:)`` called on its own
    /// refuses inputs meanwhile.
    public var isReplaying = false
    /// The keyboard block's answers from the policy (`instructions`, `actions`), and what they
    /// were asked for; nil once anything they may depend on changed (see ``apply(_:seq:)``).
    var keyboardAnswers: KeyboardAnswers?

    /// Whether the playground made the session (and may trim its input and event logs, which
    /// the REPL's `:record` and `s:events()` need when the session is the REPL's).
    var ownsSession: Bool { global == nil }

    /// A playground on a session of its own.
    public init(options: Options, log: @escaping (String) -> Void = { _ in }) throws(LuaError) {
        let host = try ScriptingHost(output: log)
        self.host = host
        self.global = nil
        self.log = log
        var o = DemoList.options(demo: options.demo)
        if let n = options.rows, options.layout == .table {
            o.sections = [(1...max(1, n)).map { Item(String($0)) }]
            o.sectionTitles = []
            o.headerHeight = 0
        }
        var file: String?
        if let p = options.policy {
            switch PolicyReference(p).resolved(against: FileManager.default.currentDirectoryPath) {
            case .file(let absolute):
                let path = URL(fileURLWithPath: absolute).standardizedFileURL.path
                o.policy = .file(path)
                file = path
            case let other:   // a built-in name (a name the user writes is never a table)
                o.policy = other
            }
        }
        self.file = file
        startOptions = o
        demo = options.demo
        session = try host.makeSession(o)
        _ = curveSVG()   // the chart to keep showing if the file is broken before a page asks
    }

    /// A playground on a session someone else runs (the REPL's `s`): the page and the owner
    /// of `host` drive the same session, serialized by ``SharedPlayground``'s lock; after the
    /// owner ran, ``followHost()`` takes the session its global holds then.
    public init(host: ScriptingHost, global: String, log: @escaping (String) -> Void = { _ in }) throws(LuaError) {
        guard let s = host.session(global: global) else { throw LuaError.script("`\(global)` is not a session") }
        self.host = host
        self.global = global
        self.log = log
        session = s
        if case .file(let p) = s.options.policy { file = p } else { file = nil }
        startOptions = s.continuedOptions
        demo = nil
        eventsSent = s.events.count
        _ = curveSVG()   // the chart to keep showing if the file is broken before a page asks
    }

    /// The owner of the host ran (a REPL entry): the session is the one its global holds now
    /// (the same, or a new one assigned meanwhile; unchanged when the global holds none), and
    /// whatever the owner did to it is news to the keyboard block.
    public func followHost() {
        keyboardAnswers = nil
        guard let global, let s = host.session(global: global), s !== session else { return }
        session = s
        eventsSent = s.events.count
        recording = nil   // the session it began on is gone
    }

    /// Puts a new session with `options` in place (in the REPL's global too, on the REPL's).
    private func install(_ options: SessionOptions) throws(LuaError) {
        if let global {
            session = try host.setSession(global: global, options: options)
        } else {
            session = try host.makeSession(options)
        }
        eventsSent = 0
        keyboardAnswers = nil
    }

    /// Built-in policy names, then `"file"` when a file was given.
    public var policyChoices: [String] { LuaPolicy.builtinNames + (file != nil ? ["file"] : []) }

    /// The current policy's source as a reference string (built-in name or path).
    var policyReference: String {
        switch session.options.policy {
        case .builtin(let n): return n
        case .file(let p): return p
        case .table: return session.policyName
        }
    }

    // MARK: - Messages

    /// Handles one decoded message from `client`.
    public func handle(_ message: PlaygroundProtocol.Message, client: Int) -> [PlaygroundReply] {
        let seq = message.seq
        switch message.request {
        case .hello:
            clocks[client] = nil
            return [.sender(welcome(seq: seq)), .sender(sceneMessage(seq: seq))]
        case .scene:
            return [.sender(sceneMessage(seq: seq))]
        case .frame(let inputs, let t):
            return frame(inputs, at: t, client: client, seq: seq)
        case .policy(let name):
            return switchPolicy(name, seq: seq)
        case .record:
            return startRecording(seq: seq)
        case .stop:
            return stopRecording(seq: seq)
        case .demo(let name):
            return switchDemo(name, seq: seq)
        case .reset:
            guard session.simulator.state == .idle else { return [.sender(error("cannot reset during a drag", seq: seq))] }
            if let refused = installList(startOptions, seq: seq) { return refused }
            return [.everyone(sceneMessage(seq: seq))]
        case .replay:
            // The server runs replays (they take real time): see ``prepareReplay(_:)``.
            return [.sender(error("replay is handled by the server", seq: seq))]
        }
    }

    /// A page's frame: its inputs, then its tick at `t`, their page times (non-decreasing)
    /// mapped onto the session's clock for `client`; one scene in reply (``apply(_:seq:)``).
    func frame(_ inputs: [TraceInput], at t: Double, client: Int, seq: Int?) -> [PlaygroundReply] {
        guard !isReplaying else { return [.sender(error("a trace is being replayed; inputs are ignored until it ends", seq: seq))] }
        let sim = session.simulator
        let first = inputs.first?.time ?? t
        var clock = clocks[client] ?? Clock(base: first - sim.time, lastPageTime: first)
        if first < clock.lastPageTime {
            return [.sender(error("out of order: t \(first) is older than this client's last message (t \(clock.lastPageTime))", seq: seq))]
        }
        // Another client (or a replay, or a reload) moved the clock on: continue from there.
        if first - clock.base < sim.time { clock.base = first - sim.time }
        func onSession(_ pageTime: Double) -> Double {
            clock.lastPageTime = max(pageTime, clock.lastPageTime)
            return clock.lastPageTime - clock.base
        }
        var mapped: [TraceInput] = []
        mapped.reserveCapacity(inputs.count + 1)
        for input in inputs { mapped.append(input.retimed(onSession(input.time))) }
        mapped.append(.frame(onSession(t)))
        clocks[client] = clock
        return apply(mapped, seq: seq)
    }

    /// Applies inputs at session time, in order, and answers with one scene (to everyone; an
    /// idle frame that changed nothing only to the sender).
    ///
    /// ```swift
    /// let replies = playground.apply([.move(1.59, Point(x: 100, y: 130)), .frame(1.6)])
    /// // one .everyone(scene message) while dragging
    /// ```
    public func apply(_ inputs: [TraceInput], seq: Int? = nil) -> [PlaygroundReply] {
        let s = session
        let sim = s.simulator
        // The simulator logs every input unless told not to: only while recording a trace.
        if ownsSession { sim.isRecording = recording != nil }
        var changed = false
        for input in inputs {
            let outcome = sim.apply(input)
            switch input {
            case .frame: if outcome != .ignored { changed = true }
            case .down, .move, .up, .cancel, .pan, .toggle: changed = true
            // The focus, the selection or a keyboard step: the keyboard block asks again.
            case .focus, .key, .action, .select, .deselect, .tap: changed = true; keyboardAnswers = nil
            }
        }
        let reported = s.diagnostics.count
        s.collect()
        // An event moved an item or ended a drag: the keyboard block asks again.
        if s.events.count != eventsSent { keyboardAnswers = nil }
        var replies = diagnosticsReplies(s, since: reported)
        if !changed, s.events.count == eventsSent {
            // An idle frame: nothing changed; answer only the sender.
            return replies + [.sender(sceneMessage(seq: seq))]
        }
        replies.append(.everyone(sceneMessage(seq: seq)))
        if reloadPending, sim.state == .idle { replies += reload() }
        return replies
    }

    // MARK: - Policy

    func switchPolicy(_ name: String, seq: Int?) -> [PlaygroundReply] {
        guard session.simulator.state == .idle else { return [.sender(error("cannot switch the policy during a drag", seq: seq))] }
        let source: SessionOptions.PolicySource
        if name == "file" {
            guard let file else { return [.sender(error("no policy file was given to reorder play", seq: seq))] }
            source = .file(file)
        } else {
            guard LuaPolicy.builtinNames.contains(name) else {
                return [.sender(error("no built-in policy named '\(name)'", seq: seq))]
            }
            source = .builtin(name)
        }
        var o = session.continuedOptions
        o.policy = source
        do {
            try install(o)
        } catch {
            return [.sender(self.error(error.message, seq: seq))]
        }
        recording = nil
        return [.everyone(welcome(seq: seq)), .everyone(sceneMessage(seq: seq))]
    }

    /// Another demo list under the same policy (the policy picker keeps the list; this keeps
    /// the policy); `reset` comes back to it. Only while idle, and only on the playground's own
    /// session (the REPL's is the REPL's to change).
    func switchDemo(_ name: String, seq: Int?) -> [PlaygroundReply] {
        guard ownsSession else { return [.sender(error("the list is the REPL's session: change it there", seq: seq))] }
        guard session.simulator.state == .idle else { return [.sender(error("cannot switch the demo during a drag", seq: seq))] }
        guard let next = DemoList.Demo(rawValue: name) else {
            return [.sender(error("no demo named '\(name)' (\(ChoiceText.list(DemoList.Demo.names)))", seq: seq))]
        }
        let o = DemoList.options(demo: next)
        if let refused = installList(o, seq: seq) { return refused }
        startOptions = o
        demo = next
        return [.everyone(welcome(seq: seq)), .everyone(sceneMessage(seq: seq))]
    }

    /// The list of `options` under the session's policy (`reset`, `demo`); a recording under
    /// way ends. Nil once installed, else the error to send.
    private func installList(_ options: SessionOptions, seq: Int?) -> [PlaygroundReply]? {
        var o = options
        o.policy = session.options.policy
        do {
            try install(o)
        } catch {
            return [.sender(self.error(error.message, seq: seq))]
        }
        recording = nil
        return nil
    }

    /// Reloads the policy from its source, keeping the order. During a drag the reload waits
    /// for the drag to end. A policy that fails to load leaves the last good one in force and
    /// reports `file:line: message` to the terminal and every client.
    public func reload() -> [PlaygroundReply] {
        let s = session
        guard s.simulator.state == .idle else {
            reloadPending = true
            return []
        }
        reloadPending = false
        // Load first on its own: a broken file must not replace the session.
        if case .file(let path) = s.options.policy {
            do {
                _ = try LuaPolicy(path: path)
            } catch {
                let message = error.description
                policyError = message
                log("reorder play: \(message) (the last good policy stays)\n")
                return [.everyone(policyErrorMessage(message))]
            }
        }
        do {
            try install(s.continuedOptions)
        } catch {
            policyError = error.message
            log("reorder play: \(error.message) (the last good policy stays)\n")
            return [.everyone(policyErrorMessage(error.message))]
        }
        policyError = nil
        log("reorder play: reloaded \(policyReference)\n")
        return [.everyone(welcome(seq: nil)), .everyone(sceneMessage(seq: nil))]
    }

    // MARK: - Traces

    func startRecording(seq: Int?) -> [PlaygroundReply] {
        let s = session
        guard s.simulator.state == .idle else { return [.sender(error("start recording while no drag is under way", seq: seq))] }
        let sim = s.simulator
        sim.isRecording = true
        recording = (sim.recordedInputCount, Trace.Header(recording: s, policy: policyReference))
        return [.sender(status("recording", seq: seq))]
    }

    func stopRecording(seq: Int?) -> [PlaygroundReply] {
        let s = session
        guard let (start, header) = recording else {
            return [.sender(error("not recording", seq: seq))]
        }
        let sim = s.simulator
        sim.isRecording = false
        recording = nil
        // `start` counts every input recorded; the simulator may have dropped the oldest kept.
        let all = sim.inputs, first = max(0, start - sim.droppedInputs)
        let inputs = first <= all.count ? Array(all[first...]) : []
        return [.sender(Self.hostMessage(.trace, seq: seq) { w in
            w.field("inputs", inputs.count)
            w.field("text", TraceCodec.encode(Trace(header: header, inputs: inputs)))
        })]
    }

    /// Decodes a trace and puts its session in place; the server then feeds its inputs with
    /// ``apply(_:seq:)`` at their times. Returns the inputs, or the error to send.
    public func prepareReplay(_ text: String) -> Result<[TraceInput], PlaygroundProtocol.DecodeError> {
        guard session.simulator.state == .idle else { return .failure(.init(message: "cannot replay during a drag")) }
        let trace: Trace
        do { trace = try TraceCodec.decode(text) } catch {
            return .failure(.init(message: "replay.trace: \(error)"))
        }
        if let problem = Self.replayProblem(trace.inputs) { return .failure(.init(message: "replay.trace: \(problem)")) }
        var o = trace.header.map(SessionOptions.init) ?? session.continuedOptions
        o.restore = nil
        if let p = trace.header?.policy { o.policy = SessionOptions.PolicySource(p) }
        do {
            try install(o)
        } catch {
            return .failure(.init(message: error.message))
        }
        let s = session
        if let offset = trace.header?.offset, offset != .zero { s.simulator.setOffset(offset) }
        if let lists = trace.header?.listOffsets, !lists.isEmpty { s.simulator.setListOffsets(lists) }
        clocks.removeAll()
        recording = nil   // the session it began on is gone
        return .success(trace.inputs)
    }

    /// What is wrong with a replay's inputs (nil: nothing), besides what the trace reader
    /// checks of every input (its fields within the ``Vocabulary``'s bounds): a key's repeat
    /// count within the page's own ``PlaygroundProtocol/maximumKeyRepeat``, and the whole within
    /// ``PlaygroundProtocol/maximumReplayInputs`` inputs over at most
    /// ``PlaygroundProtocol/maximumReplayDuration`` seconds. An input is named by its place
    /// among the trace's inputs, from 1.
    static func replayProblem(_ inputs: [TraceInput]) -> String? {
        typealias P = PlaygroundProtocol
        if inputs.count > P.maximumReplayInputs {
            return "at most \(P.maximumReplayInputs) inputs, got \(inputs.count)"
        }
        for (i, input) in inputs.enumerated() {
            if case .key(_, _, let n) = input, let problem = P.keyRepeatProblem(n) { return "input \(i + 1).n: \(problem)" }
        }
        if let first = inputs.first?.time, let last = inputs.last?.time, last - first > P.maximumReplayDuration {
            return "the inputs span \(last - first) s (time \(first) to \(last)); a replay lasts at most "
                + "\(NumberText.fixed(P.maximumReplayDuration, 0)) s"
        }
        return nil
    }

    /// Ends a replay stopped before its end: its drag in flight is cancelled and settled at
    /// once (a cancel, and a second one for the drop it starts), at the session's time; every
    /// page gets the scene (echoing `seq`, the `stop` message's).
    func endReplay(seq: Int?) -> [PlaygroundReply] {
        isReplaying = false
        let s = session
        let sim = s.simulator
        for _ in 0..<2 where sim.state != .idle { _ = sim.apply(.cancel(sim.time)) }
        let reported = s.diagnostics.count
        s.collect()
        return diagnosticsReplies(s, since: reported) + [.everyone(sceneMessage(seq: seq))]
    }

    // MARK: - Outgoing messages

    func error(_ message: String, seq: Int?) -> String { Self.errorMessage(message, seq: seq) }

    /// An `error` message (for the server's own refusals).
    public static func errorMessage(_ message: String, seq: Int?) -> String {
        hostMessage(.error, seq: seq) { $0.field("message", message) }
    }

    func status(_ text: String, seq: Int?) -> String {
        Self.hostMessage(.status, seq: seq) { $0.field("status", text) }
    }

    func policyErrorMessage(_ message: String) -> String {
        Self.hostMessage(.policyError) { $0.field("message", message) }
    }

    /// A message to the page: `{"v": version, "type": type, "seq": seq}` (the `seq` of the
    /// message it answers, when it answers one), then the fields `body` writes.
    static func hostMessage(_ type: PlaygroundProtocol.HostMessage, seq: Int? = nil,
                            _ body: (inout JSONWriter) -> Void) -> String {
        var w = JSONWriter()
        w.object { w in
            w.field("v", PlaygroundProtocol.version)
            w.field("type", type.rawValue)
            if let seq { w.field("seq", seq) }
            body(&w)
        }
        return w.text
    }

    /// `welcome`: the policies to pick from, the current one, the layout, the edge-scroll chart.
    public func welcome(seq: Int?) -> String {
        let s = session
        return Self.hostMessage(.welcome, seq: seq) { w in
            w.field("policies") { w in w.array { w in for p in policyChoices { w.string(p) } } }
            w.field("descriptions") { w in w.array { w in for d in policyDescriptions() { w.string(d) } } }
            w.field("policy", s.policyName)
            w.field("source", policyReference)
            if let file { w.field("file", file) }
            w.field("layout", s.options.layout.rawValue)
            if let demo { w.field("demo", demo.rawValue) }
            // The demos a page may switch to (``switchDemo``), on the playground's own session.
            if ownsSession {
                w.field("demos") { w in w.array { w in for d in DemoList.Demo.allCases { w.string(d.rawValue) } } }
                w.field("demo_titles") { w in w.array { w in for d in DemoList.Demo.allCases { w.string(d.title) } } }
            }
            if let policyError { w.field("policy_error", policyError) }
            w.field("curve_svg", curveSVG())
            // What the policy reported so far (its load warnings, a hook that failed), for a
            // page that joins now; `print` lines only as they come (``diagnosticsReplies``).
            w.field("diagnostics") { $0.value(Self.diagnosticsJSON(s.diagnostics.filter { $0.kind != .print }, of: s)) }
        }
    }

    /// The policy diagnostics `s` collected since it had `count` (the terminal has shown them
    /// through the host's output), as one `diagnostics` message to every page.
    func diagnosticsReplies(_ s: ScriptSession, since count: Int) -> [PlaygroundReply] {
        guard s.diagnostics.count > count else { return [] }
        return [.everyone(Self.hostMessage(.diagnostics) { w in
            w.field("diagnostics") { $0.value(Self.diagnosticsJSON(s.diagnostics[count...], of: s)) }
        })]
    }

    /// Diagnostics as the page gets them (``ReorderLua/PolicyDiagnostic/json(_:policy:)``),
    /// labelled with the policy's own name.
    static func diagnosticsJSON(_ list: some Collection<PolicyDiagnostic>, of s: ScriptSession) -> JSONValue {
        PolicyDiagnostic.json(Array(list), policy: PolicyDiagnostic.label(of: s.simulator.policy))
    }

    /// The built-in policies' one-line descriptions (their `description` fields), loaded once.
    static let builtinDescriptions: [String: String] = {
        var out: [String: String] = [:]
        for name in LuaPolicy.builtinNames { out[name] = (try? LuaPolicy(named: name))?.summary }
        return out
    }()

    /// `welcome`'s `descriptions`: each of ``policyChoices``'s one-line description, "" for one
    /// without (the file's is read again at each welcome: it may have been edited).
    func policyDescriptions() -> [String] {
        policyChoices.map { name in
            if name == "file" { return file.flatMap { (try? LuaPolicy(path: $0))?.summary } ?? "" }
            return Self.builtinDescriptions[name] ?? ""
        }
    }

    /// The policy's edge-scroll chart (`reorder plot`'s SVG), sampled on a fresh instance.
    /// When the file no longer loads (a broken edit), the chart of the last good load of the
    /// same file: that policy is the one still in force.
    func curveSVG() -> String {
        let s = session
        let key = "\(s.options.policy)"
        let policy: any DragPolicy
        do {
            switch s.options.policy {
            case .builtin(let n): policy = try LuaPolicy(named: n)
            case .file(let p): policy = try LuaPolicy(path: p)
            case .table: return ""
            }
        } catch {
            if let last = lastGoodCurve, last.key == key { return last.svg }
            return ""
        }
        // No edge scroll: no chart (the page says so rather than drawing an empty plot).
        guard policy.configuration.edgeScroll.enabled else {
            lastGoodCurve = (key, "")
            return ""
        }
        var options = SpeedPlot.Options(viewport: s.simulator.viewport, frameRate: s.options.frameRate)
        // The page shows the chart at its own size, so its text stays 11 px (SpeedPlot's
        // smallest): 360 px of plot is as narrow as its panel titles allow (478 px in all).
        options.plotWidth = 360
        options.plotHeight = 150
        options.wrapsLegend = true   // a long legend line (JX's clamp) would widen the chart past its column
        options.scrollAxis = s.simulator.layout.scrollAxis   // a strip: default's curve along x
        let svg = SpeedPlot(policies: [(s.policyName, policy)], options: options).render()
        lastGoodCurve = (key, svg)
        return svg
    }

    /// The last chart drawn, and the policy source it was drawn for.
    var lastGoodCurve: (key: String, svg: String)?

    /// `scene`: the scene now and the events since the last scene sent.
    public func sceneMessage(seq: Int?) -> String {
        let s = session
        let scene = s.scene()
        let events = s.events
        let new = eventsSent <= events.count ? Array(events[eventsSent...]) : []
        eventsSent = events.count
        if ownsSession, events.count > 1000 {
            s.clearEvents()
            eventsSent = 0
        }
        return Self.hostMessage(.scene, seq: seq) { w in
            w.field("scene") { scene.write(to: &$0) }
            Self.writeEvents(new, to: &w)
            if recording != nil { w.field("recording", true) }
            if isReplaying { w.field("replaying", true) }
            w.field("keyboard") { writeKeyboard(s.simulator, to: &$0) }
        }
    }

    /// What the keyboard block asked the policy: the focused item's (else the first item's)
    /// instructions and, while idle or dropping, its actions, for a focus and a state.
    struct KeyboardAnswers {
        var focus: ItemPosition?
        var state: DragSession.State
        var instructions: String
        var actions: [(name: String, label: String)]
    }

    /// The keyboard block's `instructions` and `actions`: asked of the policy only when the
    /// focus or the state differ from the last ones asked, or something they may depend on
    /// changed since (``keyboardAnswers`` is cleared then); otherwise the last answers.
    func keyboardAnswers(_ sim: DragSimulator, focus: ItemPosition?) -> KeyboardAnswers {
        let state = sim.state
        if let last = keyboardAnswers, last.focus == focus, last.state == state { return last }
        let order = sim.order
        var answers = KeyboardAnswers(focus: focus, state: state, instructions: KeyboardTexts.instructions, actions: [])
        if let f = focus {
            answers.instructions = sim.instructions(at: f) ?? KeyboardTexts.instructions
            if state == .idle || state == .dropping {
                answers.actions = sim.keyboardActions(at: f).map { ($0.name, $0.label(in: order)) }
            }
        } else if order.sectionCount > 0 && order.count(0) > 0 {
            answers.instructions = sim.instructions(at: ItemPosition(section: 0, item: 0)) ?? KeyboardTexts.instructions
        }
        keyboardAnswers = answers
        return answers
    }

    /// The keyboard part of a scene message: the focus (1-based, as the cells' `at`),
    /// whether the focused item is lifted by keyboard, what was said since the last message,
    /// the focused item's instructions, while idle its actions (`name`, `label`), and the
    /// sections' sizes (for Tab past the rows drawn).
    func writeKeyboard(_ sim: DragSimulator, to w: inout JSONWriter) {
        let session = sim.session
        let said = sim.takeAnnouncements().compactMap(\.text)
        let focus = session.focus.flatMap { session.order.isValid($0) ? $0 : nil }
        let answers = keyboardAnswers(sim, focus: focus)
        w.object { w in
            if let f = focus {
                w.field("focus") { Vocabulary.write(f, to: &$0) }
                w.field("instructions", answers.instructions)
                w.field("actions") { w in
                    w.array { w in
                        for a in answers.actions { w.object { $0.field("name", a.name); $0.field("label", a.label) } }
                    }
                }
            } else {
                w.field("instructions", answers.instructions)
            }
            w.field("lifted", session.isKeyboardDrag)
            // The sections' sizes: Tab and Shift+Tab go on past the rows drawn (the page asks
            // for the next or previous item in order, and the focus scrolls it into view).
            w.field("sizes") { w in
                w.array { w in for s in 0..<session.order.sectionCount { w.integer(session.order.count(s)) } }
            }
            w.field("announcements") { w in w.array { w in for text in said { w.string(text) } } }
        }
    }

    /// A scene message's `events`, as every form writes them (``Vocabulary``: `reorder replay
    /// --json` writes the same objects), and `event_texts`, their text forms, which the page
    /// logs as `reorder replay` prints them.
    static func writeEvents(_ events: [DragEvent], to w: inout JSONWriter) {
        let records = events.map(Vocabulary.Record.init)
        w.field("events") { w in w.array { w in for r in records { Vocabulary.write(r, to: &w) } } }
        w.field("event_texts") { w in w.array { w in for r in records { w.string(Vocabulary.text(of: r)) } } }
    }

    /// The whole order, state and offset as JSON (`GET /state`, for tests and tools).
    public func stateJSON() -> String {
        let s = session
        let sim = s.simulator
        var w = JSONWriter()
        w.object { w in
            w.field("policy", s.policyName)
            w.field("state", sim.state.rawValue)
            w.field("time", sim.time)
            w.field("offset") { $0.array { $0.number(sim.offset.x); $0.number(sim.offset.y) } }
            w.field("order") { w in
                w.array { w in for section in sim.order.ids { w.array { w in for id in section { w.string(id) } } } }
            }
            if let policyError { w.field("policy_error", policyError) }
        }
        return w.text
    }
}

extension TraceInput {
    /// The same input at another time (the page's time mapped onto the session's clock).
    func retimed(_ t: Double) -> TraceInput {
        switch self {
        case .down(_, let p): return .down(t, p)
        case .move(_, let p): return .move(t, p)
        case .up: return .up(t)
        case .cancel: return .cancel(t)
        case .frame: return .frame(t)
        case .focus(_, let p): return .focus(t, p)
        case .key(_, let k, let n): return .key(t, k, n)
        case .action(_, let p, let a): return .action(t, p, a)
        case .select(_, let p): return .select(t, p)
        case .deselect(_, let p): return .deselect(t, p)
        case .tap(_, let p): return .tap(t, p)
        case .toggle(_, let p): return .toggle(t, p)
        case .pan(_, let p, let d): return .pan(t, p, d)
        }
    }
}
