import CLua
import CLuaShim
import ReorderCore
import ReorderLua
import ReorderPersistence

/// The trusted Lua VM behind the REPL, `reorder run` and spec files, with the session API of
/// docs/REFERENCE.md loaded: `reorder.session{...}` and the `s:press(...)` family.
///
/// The VM runs the user's own code (all standard libraries); policies named by the scripts
/// still run in sandboxes of their own. `print` and `io.write` go to `output`. Confine a host
/// to one thread.
///
/// ```swift
/// var text = ""
/// let host = try ScriptingHost(output: { text += $0 })
/// try host.run("""
///     local s = reorder.session{ sections = { {"a", "b", "c"} } }
///     s:drag(1, 1, 1, 3)
///     print(table.concat(s:order(), " "))
///     """, chunkName: "demo.lua")
/// text   // "b c a\n"
/// ```
public final class ScriptingHost {
    /// The VM (trusted: no sandbox, no budget, no cap).
    public let vm: LuaVM
    /// Where `print`, `io.write`, `s:show()` and policy diagnostics go.
    public var output: (String) -> Void
    /// Whether `s:show()` uses ANSI colour.
    public var useColor: Bool
    /// Directory against which relative policy paths are resolved (nil: the working directory).
    public var baseDirectory: String?

    private var sessions: [Int64: ScriptSession] = [:]
    /// Sessions whose Lua object was collected; released outside Lua (see `flushReleased`).
    private var released: [ScriptSession] = []
    private var nextSessionId: Int64 = 1

    /// Functions `reorder.NAME(...)` implemented by the host.
    static let hostFunctions = ["policies", "demo"]

    /// Makes the VM and loads the session API; with `specs`, also the busted vocabulary.
    public init(output: @escaping (String) -> Void, useColor: Bool = false, specs: Bool = false) throws(ScriptError) {
        do {
            vm = try LuaVM(options: .trusted)
        } catch {
            throw ScriptError("cannot create a Lua VM: \(error)")
        }
        self.output = output
        self.useColor = useColor
        vm.output = { [weak self] o in
            switch o {
            case .print(let s): self?.output(s + "\n")
            case .warning(let s): self?.output("Lua warning: \(s)\n")
            }
        }
        let status = reorder_scripting_open(vm.L, Unmanaged.passUnretained(self).toOpaque(), scriptingCallback,
                                            ScriptingHost.hostFunctions.joined(separator: " "))
        if status != LUA_OK {
            let message = vm.string(at: -1) ?? "unknown error"
            vm.pop(1)
            throw ScriptError("cannot load the session API: \(message)")
        }
        for prelude in specs ? [Prelude.core, .busted] : [.core] {
            guard let source = prelude.source else { throw ScriptError("the build embedded no prelude \(prelude.file).lua") }
            try run(source, chunkName: prelude.chunkName)
        }
    }

    deinit {
        reorder_scripting_detach(vm.L)
        released.removeAll()
        sessions.removeAll()
    }

    // MARK: - Running Lua

    /// Runs a chunk of Lua source.
    public func run(_ source: String, chunkName: String) throws(ScriptError) {
        flushReleased()
        var out = reorder_sbuf(data: nil, length: 0, capacity: 0)
        defer { reorder_sbuf_free(&out) }
        var s = source
        let status = s.withUTF8 { buf in
            buf.withMemoryRebound(to: CChar.self) { c in
                reorder_scripting_dostring(vm.L, c.baseAddress, c.count, chunkName, &out)
            }
        }
        if status != LUA_OK { throw ScriptError(ScriptingHost.text(out)) }
    }

    /// Runs a Lua file (as `dofile`), with `arguments` in the global `arg` (`arg[0]` = path).
    ///
    /// The file is read as every input file is (see ``ScriptingHost/readSource(_:kind:)``): a
    /// regular file of at most 16 MiB of UTF-8 Lua source.
    public func runFile(_ path: String, arguments: [String] = []) throws(ScriptError) {
        let source = try Self.readSource(path, kind: "script")
        var argTable: [ScriptValue.Pair] = [.init(.int(0), .string(path))]
        for (i, a) in arguments.enumerated() { argTable.append(.init(.int(Int64(i + 1)), .string(a))) }
        _ = try call("reorder._set_global", [.string("arg"), .table(argTable)])
        try run(source, chunkName: "@" + path)
    }

    /// The largest script or spec file read (16 MiB).
    public static let maximumSourceSize = 16 << 20

    /// The Lua source in the file at `path`, as `luaL_loadfile` would read it (a UTF-8 byte
    /// order mark and a first line starting with `#` are skipped, line numbers kept), after the
    /// checks every input file gets: a regular file (not a directory, FIFO or device), at most
    /// ``maximumSourceSize`` bytes, UTF-8 text, and not a precompiled chunk.
    ///
    /// ```swift
    /// try ScriptingHost.readSource("demo.lua", kind: "script")   // "print('hi')\n"
    /// // ScriptError "logs: is a directory, not a file"
    /// ```
    /// - Throws: ``ScriptError`` naming the file and what is wrong with it.
    public static func readSource(_ path: String, kind: String) throws(ScriptError) -> String {
        var bytes: [UInt8]
        do {
            bytes = try InputFile.read(path, kind: kind, limit: maximumSourceSize, utf8: false)
        } catch {
            throw ScriptError(error.description)
        }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        // "\27Lua": the signature of a precompiled chunk (LUA_SIGNATURE).
        if bytes.starts(with: [0x1B, 0x4C, 0x75, 0x61]) {
            throw ScriptError("\(path): a precompiled (binary) Lua chunk; binary chunks are not accepted, give the Lua source")
        }
        do {
            try InputFile.checkUTF8(bytes, path: path)
        } catch {
            throw ScriptError(error.description)
        }
        if bytes.first == UInt8(ascii: "#") {
            // A "#!" line: blanked, its newline kept so line numbers stay the file's.
            let end = bytes.firstIndex(of: 0x0A) ?? bytes.count
            bytes.removeSubrange(0..<end)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Calls a global function (dotted names allowed: `"reorder.inspect"`) with `args`.
    @discardableResult
    public func call(_ function: String, _ args: [ScriptValue]) throws(ScriptError) -> [ScriptValue] {
        flushReleased()
        var out = reorder_sbuf(data: nil, length: 0, capacity: 0)
        defer { reorder_sbuf_free(&out) }
        let encoded = ScriptValue.encodeList(args)
        let status = encoded.withUnsafeBufferPointer { buf in
            reorder_scripting_call(vm.L, function, buf.baseAddress, buf.count, &out)
        }
        if status != LUA_OK { throw ScriptError(ScriptingHost.text(out)) }
        guard let data = out.data else { return [] }
        return ScriptValue.decodeList(UnsafeRawBufferPointer(start: data, count: out.length))
    }

    /// What the REPL made of one chunk of input.
    public enum Evaluation: Hashable, Sendable {
        /// Ran; `text` is the readable form of the values it returned (nil: none).
        case ok(String?)
        /// The chunk is unfinished (`<eof>` expected): read another line and try again.
        case incomplete
        /// A syntax or runtime error.
        case error(String)
    }

    /// Evaluates REPL input: an expression prints its values, a statement runs. With `final`,
    /// unfinished input is an error instead of ``Evaluation/incomplete``. With `interruptible`,
    /// Ctrl-C (SIGINT) stops the code and the result is the error `interrupted`.
    public func evaluate(_ source: String, final: Bool = false, interruptible: Bool = false) -> Evaluation {
        if interruptible {
            reorder_scripting_interrupt_begin(vm.L)
            let result = evaluate(source, final: final, interruptible: false)
            return reorder_scripting_interrupt_end(vm.L) != 0 ? .error("interrupted") : result
        }
        do {
            let r = try call("reorder._repl_eval", [.string(source), .bool(final)])
            switch r.first?.stringValue {
            case "ok": return .ok(r.count > 1 ? r[1].stringValue : nil)
            case "incomplete": return .incomplete
            default: return .error(r.count > 1 ? (r[1].stringValue ?? "error") : "error")
            }
        } catch {
            return .error(error.message)
        }
    }

    /// A handle that stops the VM's running Lua code from another thread (a watchdog): the code
    /// fails at its next instruction-count check, and so does every later call until
    /// ``clearStop()``.
    ///
    /// The handle only writes two integers that the VM's count hook reads; use it only while the
    /// host is alive (``Watchdog`` guards that).
    public struct StopHandle: @unchecked Sendable {
        let state: OpaquePointer
        public func stop() { reorder_scripting_stop(state) }
    }

    public var stopHandle: StopHandle { StopHandle(state: vm.L) }

    /// Lets Lua run again after a stop.
    public func clearStop() { reorder_scripting_clear_stop(vm.L) }

    /// The session object held by global `name` (e.g. the REPL's `s`), if any.
    public func session(global name: String) -> ScriptSession? {
        guard let r = try? call("reorder._session_id", [.string(name)]), let id = r.first?.integer else { return nil }
        return sessions[Int64(id)]
    }

    /// The session with a given id (`s:id()`).
    public func session(id: Int64) -> ScriptSession? { sessions[id] }

    // MARK: - Policies

    /// Makes the policy a session asks for: a built-in or a file runs in a sandbox of its own
    /// (``LuaPolicy``); an inline table runs in this VM. Relative file paths resolve against
    /// ``baseDirectory``.
    func makePolicy(_ source: SessionOptions.PolicySource) throws(ScriptError) -> any DragPolicy {
        do {
            switch source {
            case .builtin(let name):
                return try LuaPolicy(named: name)
            case .file(let path):
                return try LuaPolicy(path: path)
            case .table(let ref):
                let top = vm.top
                defer { vm.setTop(top) }
                guard vm.pushRef(ref) == LUA_TTABLE else {
                    throw ScriptError("reorder.session: the inline policy table is gone")
                }
                return try LuaPolicy(tableAt: vm.top, in: vm, chunkName: "inline policy", baseDirectory: baseDirectory)
            }
        } catch let e as ScriptError {
            throw e
        } catch {
            throw ScriptError("reorder.session: \(error)")
        }
    }

    // MARK: - Callbacks from Lua

    fileprivate func handle(op: Int32, session: Int64, method: String, args: [ScriptValue]) throws(ScriptError) -> [ScriptValue] {
        switch Int(op) {
        case Int(REORDER_OP_SESSION_NEW):
            return [.int(try newSession(args.first ?? .nil))]
        case Int(REORDER_OP_SESSION_CALL):
            guard let s = sessions[session] else { throw ScriptError("s:\(method): this session is closed") }
            return try s.call(method, args)
        case Int(REORDER_OP_SESSION_FREE):
            if let s = sessions.removeValue(forKey: session) { released.append(s) }
            return []
        case Int(REORDER_OP_WRITE):
            if let text = args.first?.stringValue { output(text) }
            return []
        case Int(REORDER_OP_HOST_CALL):
            return try hostFunction(method, args)
        default:
            throw ScriptError("reorder: unknown host operation \(op)")
        }
    }

    private func hostFunction(_ name: String, _ args: [ScriptValue]) throws(ScriptError) -> [ScriptValue] {
        switch name {
        case "policies":
            return [.array(LuaPolicy.builtinNames.map { .string($0) })]
        case "demo":
            // reorder.demo([policy [, layout]]): the options of the REPL's demo list (a table),
            // home-button grid ("grid") or task board ("board").
            var layout = SessionOptions.LayoutKind.table
            switch args.count > 1 ? args[1] : .nil {
            case .nil: break
            case .string(let l):
                guard let kind = SessionOptions.LayoutKind(rawValue: l) else {
                    throw ScriptError("reorder.demo: layout must be \"table\", \"grid\" or \"board\", got \"\(l)\"")
                }
                layout = kind
            case let other: throw ScriptError("reorder.demo: the layout must be a string, got \(other.typeName)")
            }
            var options = DemoList.options(layout: layout)
            switch args.first ?? .nil {
            case .nil: break
            case .string(let p): options.policy = p.contains("/") || p.hasSuffix(".lua") ? .file(p) : .builtin(p)
            case let other: throw ScriptError("reorder.demo: the policy must be a name or a path, got \(other.typeName)")
            }
            return [options.scriptValue]
        default:
            throw ScriptError("reorder.\(name): unknown function")
        }
    }

    private func newSession(_ value: ScriptValue) throws(ScriptError) -> Int64 {
        let session = try makeSession(try SessionOptions(value))
        sessions[session.id] = session
        return session.id
    }

    /// A session driven from Swift (replay, benchmarks): the same policies, layout and checks as
    /// `reorder.session{...}`, without a Lua object.
    public func makeSession(_ options: SessionOptions) throws(ScriptError) -> ScriptSession {
        var options = options
        if case .file(let path) = options.policy, let base = baseDirectory, !path.hasPrefix("/") {
            options.policy = .file(base + "/" + path)
        }
        let policy = try makePolicy(options.policy)
        var order = Order(sections: options.sections, titles: options.sectionTitles)
        if let path = options.restore {
            // Saved items in saved order, new ones where the data put them, vanished ones dropped;
            // an unreadable file is reported and the data's own order is used.
            let (restored, warnings) = OrderStore(path: resolve(path)).restore(order, key: options.restoreKey)
            order = restored
            for w in warnings { output("reorder.session: restore: \(w)\n") }
        }
        let id = nextSessionId
        let session = try ScriptSession(id: id, options: options, policy: policy, order: order,
                                        output: { [weak self] in self?.output($0) }, useColor: useColor)
        session.host = self
        if case .table(let ref) = options.policy {
            let vm = self.vm
            session.onRelease = { reorder_scripting_unref(vm.L, ref) }
        }
        nextSessionId += 1
        return session
    }

    /// Replaces the session in global `name` by a new one with `policy` (nil: the same source,
    /// loaded afresh) on the current order of the old one (or the demo list when `name` holds
    /// no session: the demo of layout `demo`). Used by the REPL's start, `:policy` and `:reload`.
    @discardableResult
    public func replaceSession(global name: String, policy: SessionOptions.PolicySource?,
                               demo: SessionOptions.LayoutKind = .table) throws(ScriptError) -> ScriptSession {
        var options: SessionOptions
        if let old = session(global: name) {
            options = old.options
            options.sections = old.simulator.order.items
            options.sectionTitles = old.simulator.order.sectionTitles
            options.restore = nil
        } else {
            options = DemoList.options(layout: demo)
        }
        if let policy { options.policy = policy }
        try call("reorder._set_global_session", [.string(name), options.scriptValue])
        guard let new = session(global: name) else { throw ScriptError("could not create the session") }
        return new
    }

    /// `path` made absolute against ``baseDirectory`` (unchanged when absolute or no base).
    public func resolve(_ path: String) -> String {
        guard let base = baseDirectory, !path.hasPrefix("/") else { return path }
        return base.hasSuffix("/") ? base + path : base + "/" + path
    }

    /// Releases sessions whose Lua objects were collected (never from inside a Lua call).
    private func flushReleased() { released.removeAll() }

    static func text(_ buffer: reorder_sbuf) -> String {
        guard let data = buffer.data else { return "" }
        return String(decoding: UnsafeRawBufferPointer(start: data, count: buffer.length), as: UTF8.self)
    }
}

/// The C callback: decodes the arguments, runs the host, encodes the results or the error.
private let scriptingCallback: reorder_scripting_callback = { host, op, session, method, args, length, out in
    guard let host, let out else { return 1 }
    let h = Unmanaged<ScriptingHost>.fromOpaque(host).takeUnretainedValue()
    let name = method.map { String(cString: $0) } ?? ""
    let values = args.map { ScriptValue.decodeList(UnsafeRawBufferPointer(start: $0, count: length)) } ?? []
    do {
        let results = try h.handle(op: op, session: session, method: name, args: values)
        let bytes = ScriptValue.encodeList(results)
        return bytes.withUnsafeBytes { b in reorder_sbuf_append(out, b.baseAddress, b.count) == 0 ? 0 : 1 }
    } catch {
        let bytes = Array(((error as? ScriptError)?.message ?? "\(error)").utf8)
        _ = bytes.withUnsafeBytes { b in reorder_sbuf_append(out, b.baseAddress, b.count) }
        return 1
    }
}

extension ScriptingHost {
    /// What `reorder check` found in a policy.
    public struct PolicyReport: Sendable {
        /// The name the policy gives itself.
        public var name: String
        /// Problems found (empty: the policy is fine).
        public var problems: [String]
    }

    /// One list `reorder check` asks a policy's pure hooks about.
    struct CheckScenario {
        /// How a problem found on this list is introduced ("on the board demo (table items)").
        var label: String
        var options: SessionOptions
    }

    /// The lists `reorder check` tries: plain-string items (the to-do table and the home-button
    /// grid), table items (the task board: `ctx.item` returns `{ id, title, finished }`), and a
    /// table whose middle section is empty. A hook written for one kind of item fails on the other.
    static var checkScenarios: [CheckScenario] {
        var empty = SessionOptions()
        empty.sections = [
            [Item(id: "a", title: "Alpha"), Item(id: "b", title: "Beta")],
            [],
            [Item(id: "c", title: "Gamma")],
        ]
        empty.sectionTitles = ["First", "Empty", "Last"]
        empty.headerHeight = 28
        return [
            CheckScenario(label: "on the demo list (string items)", options: DemoList.options()),
            CheckScenario(label: "on the grid demo (string items)", options: DemoList.options(layout: .grid)),
            CheckScenario(label: "on the board demo (table items)", options: DemoList.options(layout: .board)),
            CheckScenario(label: "on a table with an empty section", options: empty),
        ]
    }

    /// Loads a policy as a session would and, without a drag, asks its pure hooks (`can_move`,
    /// `target`, `semantics`, the edge zone and speed) about each of ``checkScenarios``: every
    /// section's first and last item, a target in every section, both axes. Collects every
    /// warning and hook failure, each hook's first failure introduced by the list it failed on.
    public func checkPolicy(_ source: SessionOptions.PolicySource) throws(ScriptError) -> PolicyReport {
        func load() throws(ScriptError) -> any DragPolicy {
            do {
                switch source {
                case .builtin(let name): return try LuaPolicy(named: name)
                case .file(let path): return try LuaPolicy(path: path)
                case .table: return try makePolicy(source)
                }
            } catch let e as ScriptError {
                throw e
            } catch {
                throw ScriptError("\(error)")
            }
        }
        var policy = try load()
        var problems = policy.drainDiagnostics().filter { $0.kind != .print }.map(\.message)
        let name = policy.configuration.name
        for (k, scenario) in Self.checkScenarios.enumerated() {
            if k > 0 { policy = try load(); _ = policy.drainDiagnostics() }   // a fresh policy: failures per list
            for message in Self.ask(policy, on: scenario.options) where !problems.contains(where: { $0.hasSuffix(message) }) {
                problems.append("\(scenario.label): \(message)")
            }
        }
        return PolicyReport(name: name, problems: problems)
    }

    /// Asks `policy`'s pure hooks about the list of `options`; returns what it reported.
    static func ask(_ policy: any DragPolicy, on options: SessionOptions) -> [String] {
        let order = Order(sections: options.sections, titles: options.sectionTitles)
        let viewport = options.geometry.viewport
        let itemSize = Size(width: viewport.width, height: options.geometry.rowHeight)
        let ctx = PolicyContext(order: order, viewport: viewport, content: Size(width: viewport.width, height: 1376),
                                offset: .zero, itemSize: itemSize, frameRate: options.geometry.frameRate, time: 1, dragTime: 0)
        let filled = (0..<options.sections.count).filter { !options.sections[$0].isEmpty }
        let ends = filled.flatMap { s in Set([0, options.sections[s].count - 1]).sorted().map { ItemPosition(section: s, item: $0) } }
        for p in ends { _ = policy.canMove(ctx, at: p) }
        if let from = ends.first {
            for to in ends where to != from {
                _ = policy.target(ctx, from: from, proposed: to)
                _ = policy.semantics(ctx, from: from, to: to)
            }
        }
        for axis in Axis.allCases {
            let length = axis == .vertical ? viewport.height : viewport.width
            let zone = policy.edgeZone(ctx, axis: axis, viewportLength: length)
            _ = policy.scrollSpeed(ctx, axis: axis, depth: max(zone, 1) / 2, zone: max(zone, 1), elapsed: 0.5)
        }
        // A switch-off after repeated failures is a consequence of the failure already reported.
        return policy.drainDiagnostics().filter { $0.kind != .print && $0.kind != .disabled }.map(\.message)
    }
}
