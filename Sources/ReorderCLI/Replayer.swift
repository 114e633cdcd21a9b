import Foundation
import ReorderCore
import ReorderLua
import ReorderPersistence
import ReorderScripting
import ReorderTrace

/// `reorder replay`: runs a recorded trace through a policy and reports the outcome.
public enum Replayer {
    /// What a replay ended with.
    public struct Outcome {
        public var policy: String
        public var inputs: Int
        public var time: Double
        public var state: String
        public var order: Order
        public var offset: Point
        /// A board's list offsets at the end (empty for tables and grids).
        public var listOffsets: [Double]
        /// The newest events (within ``DragEventLog``'s bound).
        public var events: [DragEvent]
        /// The events of the replay that are not in ``events`` (the oldest, dropped).
        public var droppedEvents: Int = 0
        /// A tree session's tree at the end (nil for other layouts).
        public var tree: Tree?

        /// What the policy reported: load warnings, hook failures, a switch-off, `print` lines
        /// (shown on standard error as they are collected).
        public var diagnostics: [PolicyDiagnostic]

        /// Whether the policy failed during the replay (a hook failed, or it was switched off):
        /// `reorder replay` then exits with 1.
        public var policyFailed: Bool { diagnostics.contains(where: \.isFailure) }
    }

    /// Replays `trace` with `policy` (nil: the trace's own, else `default`) on the trace's
    /// list (the demo list when it has no `session` line).
    public static func replay(_ trace: Trace, policy: String?, console: Console) throws(LuaError) -> Outcome {
        var inputs = trace.inputs.makeIterator()
        do {
            return try replay(header: trace.header, inputs: { inputs.next() }, policy: policy, tracePath: nil, console: console)
        } catch .script(let e) {
            throw e
        } catch {
            throw LuaError.script("\(error)")  // the inputs come from memory: no trace error
        }
    }

    /// Why a streamed replay stopped: its session could not be made, or a trace line is bad.
    ///
    /// ```swift
    /// do { _ = try Replayer.replay(TraceReader(path: "drag.jsonl"), policy: nil, console: .standard()) }
    /// catch { print(error) }   // drag.jsonl:3: time goes backwards: t = 0.5 after 1.0
    /// ```
    public enum ReplayError: Error, CustomStringConvertible {
        case script(LuaError)
        case trace(TraceFileError)
        /// The file (named as given) holds neither a `session` line nor an input.
        case empty(String)
        public var description: String {
            switch self {
            case .script(let e): return e.message
            case .trace(let e): return e.description
            case .empty(let path): return "\(path): the trace is empty: no session line and no input to replay"
            }
        }
    }

    /// Replays the trace `reader` reads, input by input as it reads them: memory does not grow
    /// with the length of the trace (inputs are not kept, only the session's events).
    ///
    /// ```swift
    /// let outcome = try Replayer.replay(TraceReader(path: "drag.jsonl"), policy: nil, console: .standard())
    /// ```
    public static func replay(_ reader: TraceReader, policy: String?, console: Console) throws(ReplayError) -> Outcome {
        let header: Trace.Header?
        do { header = try reader.header() } catch { throw .trace(error) }
        let outcome = try replay(header: header, inputs: { () throws(ReplayError) -> TraceInput? in
            do throws(TraceFileError) { return try reader.next() } catch { throw .trace(error) }
        }, policy: policy, tracePath: console.resolve(reader.displayPath), console: console)
        // An empty file is a mistake (a wrong path, a recording that never started), not a
        // replay of the demo list.
        if header == nil, outcome.inputs == 0 { throw .empty(reader.displayPath) }
        return outcome
    }

    static func replay(header: Trace.Header?, inputs next: () throws(ReplayError) -> TraceInput?, policy: String?,
                       tracePath: String?, console: Console) throws(ReplayError) -> Outcome {
        let session: ScriptSession
        // The host lives as long as the replay: the session's diagnostics go through it.
        let host: ScriptingHost
        do {
            host = try diagnosticsHost(console)
            session = try makeSession(for: Trace(header: header, inputs: []), policy: policy, tracePath: tracePath,
                                      host: host, console: console)
        } catch {
            // The policy came from the trace's session line (or --policy), not from Lua code.
            throw .script(error.outsideLua)
        }
        let sim = session.simulator
        // The replay keeps no copy of its inputs: memory stays flat however long the trace.
        sim.isRecording = false
        var count = 0
        while let input = try next() {
            sim.apply(input)
            count += 1
        }
        session.collect()
        return withExtendedLifetime(host) {
            Outcome(policy: PolicyDiagnostic.label(of: sim.policy), inputs: count, time: sim.time,
                    state: sim.state.rawValue, order: sim.order, offset: sim.offset,
                    listOffsets: sim.layout.listOffsets, events: session.events,
                    droppedEvents: session.droppedEvents, tree: sim.tree, diagnostics: session.diagnostics)
        }
    }

    /// The scripting host of a command that replays a trace without Lua code (`replay`,
    /// `render`): its sessions' policy diagnostics go to standard error, one line each
    /// (``ReorderLua/PolicyDiagnostic/line(policy:)``). Keep it as long as the session.
    static func diagnosticsHost(_ console: Console) throws(LuaError) -> ScriptingHost {
        let host = try ScriptingHost(output: console.writeError, useColor: false)
        host.baseDirectory = console.currentDirectory
        return host
    }

    /// The session a trace was recorded on, before its inputs: its list, layout, viewport,
    /// frame rate, offset and (a board's) list offsets, with `policy` (nil: the trace's own,
    /// found as ``recordedPolicy(_:tracePath:console:)`` finds it, else `default`). When the
    /// trace's own policy file is not there, the error says to give one with `--policy`.
    public static func makeSession(for trace: Trace, policy: String?, tracePath: String? = nil, host: ScriptingHost,
                                   console: Console) throws(LuaError) -> ScriptSession {
        var options = trace.header.map(SessionOptions.init) ?? DemoList.options()
        let recorded = (policy == nil ? trace.header?.policy : nil).map { recordedPolicy($0, tracePath: tracePath, console: console) }
        let reference = recorded ?? console.policy(policy ?? "default")
        options.policy = reference
        let session: ScriptSession
        do {
            session = try host.makeSession(options)
        } catch {
            // A trace recorded elsewhere names a file this machine lacks: say how to replay it.
            guard case .file(let path)? = recorded, !FileManager.default.fileExists(atPath: path) else { throw error.outsideLua }
            var e = error.outsideLua
            e.message += " (the trace's session line names it; give the policy with --policy FILE or a built-in name)"
            throw e
        }
        if let offset = trace.header?.offset, offset != .zero { session.simulator.setOffset(offset) }
        if let lists = trace.header?.listOffsets, !lists.isEmpty { session.simulator.setListOffsets(lists) }
        return session
    }

    /// The policy a trace's `session` line names: a built-in name, or a file. A relative path
    /// is looked for next to the trace first (`:record` writes it so, see
    /// ``recordedName(_:trace:)``), then in the working directory (a trace written by hand).
    static func recordedPolicy(_ name: String, tracePath: String?, console: Console) -> PolicyReference {
        guard let tracePath, case .file(let path) = PolicyReference(name), !path.hasPrefix("/"), !path.hasPrefix("~/")
        else { return console.policy(name) }
        let beside = PolicyReference.resolve(path, against: PathText.folder(of: console.resolve(tracePath)))
        return FileManager.default.fileExists(atPath: beside) ? .file(beside) : console.policy(name)
    }

    /// How a trace written to the absolute `tracePath` names the policy `name` (a built-in name,
    /// or an absolute file path): a file relative to the trace's folder when the two share a
    /// folder below the root, so the trace replays wherever the folder is copied; `./NAME`
    /// when the relative path would read as a built-in name.
    ///
    /// ```swift
    /// Replayer.recordedName("/home/alice/p/pinned.lua", trace: "/home/alice/p/traces/drag.jsonl")   // "../pinned.lua"
    /// ```
    static func recordedName(_ name: String, trace tracePath: String) -> String {
        guard name.hasPrefix("/"), let relative = PathText.relative(name, from: PathText.folder(of: tracePath)) else { return name }
        return PolicyReference.isPath(relative) ? relative : "./" + relative
    }

    /// Reads, replays and prints. Returns the exit status. The trace is read as it is
    /// replayed (the `TraceReader` overload of `replay`).
    public static func run(tracePath: String, policy: String?, json: Bool, console: Console) -> Int32 {
        do {
            let reader: TraceReader
            do {
                reader = try TraceReader(path: console.resolve(tracePath), displayPath: tracePath)
            } catch {
                throw ReplayError.trace(error)
            }
            let outcome = try replay(reader, policy: policy, console: console)
            console.write(json ? jsonReport(outcome) + "\n" : textReport(outcome))
            // The outcome is not the policy's own when a fallback answered: fail, visibly.
            return outcome.policyFailed ? 1 : 0
        } catch {
            console.writeError("reorder replay: \(error)\n")
            return 1
        }
    }

    /// Reads and decodes a whole trace file; on failure reports `reorder COMMAND: ...` (with
    /// the line for a malformed trace) and returns nil.
    static func loadTrace(_ tracePath: String, command: String, console: Console) -> Trace? {
        do {
            return try TraceReader(path: console.resolve(tracePath), displayPath: tracePath).readAll()
        } catch {
            console.writeError("reorder \(command): \(error)\n")
            return nil
        }
    }

    static func textReport(_ o: Outcome) -> String {
        // Times and offsets as `s:show()` writes them (3 and 2 decimals); --json has them exact.
        func length(_ v: Double) -> String { NumberText.rounded(v, decimals: 2) }
        var out = "policy \(o.policy), \(o.inputs) inputs, t \(Vocabulary.timeText(o.time)) s, state \(o.state)\n"
        out += "items:\n"
        for (s, section) in o.order.items.enumerated() {
            let title = s < o.order.sectionTitles.count ? " (\(o.order.sectionTitles[s]))" : ""
            out += "  \(s + 1)\(title): " + section.map(\.id).joined(separator: ", ") + "\n"
        }
        // A tree's nesting, in TreeNodeDescription's compact form: `a(a1), +b(b1)`.
        if let tree = o.tree { out += "tree: " + tree.nested().map(\.description).joined(separator: ", ") + "\n" }
        out += "offset: \(length(o.offset.x)), \(length(o.offset.y))\n"
        out += "events:\n"
        if o.droppedEvents > 0 { out += "  (\(o.droppedEvents) earlier events dropped: a replay keeps its newest)\n" }
        if o.events.isEmpty { out += "  (none)\n" }
        for e in o.events { out += "  " + Vocabulary.text(of: Vocabulary.Record(e)) + "\n" }
        return out
    }

    /// The `--json` report: one object, numbers exact, events as the ``Vocabulary`` writes them.
    static func jsonReport(_ o: Outcome) -> String {
        var w = JSONWriter(capacity: 256 + 64 * o.events.count)
        w.object { w in
            w.field("policy", o.policy)
            w.field("inputs", o.inputs)
            w.field("time", o.time)
            w.field("state", o.state)
            w.field("items") { w in
                w.array { w in for section in o.order.items { w.array { w in for item in section { w.string(item.id) } } } }
            }
            if let tree = o.tree { w.field("tree") { $0.value(ItemJSON.tree(tree.nested(), idsOnly: true)) } }
            w.field("offset") { w in w.object { w in w.field("x", o.offset.x); w.field("y", o.offset.y) } }
            // Only when some were dropped: an ordinary replay's report is as it always was.
            if o.droppedEvents > 0 { w.field("dropped_events", o.droppedEvents) }
            w.field("events") { w in w.array { w in for e in o.events { Vocabulary.write(Vocabulary.Record(e), to: &w) } } }
            w.field("diagnostics") { $0.value(PolicyDiagnostic.json(o.diagnostics, policy: o.policy)) }
        }
        return w.text
    }
}
