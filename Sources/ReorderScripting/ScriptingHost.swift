import CLua
import Foundation
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
/// The API is one set of host functions on the VM (``LuaVM/register(_:)``, as a policy's
/// `ctx.item`): each reads its arguments off the Lua stack and pushes its results; an error it
/// throws is raised in C at the caller's line. Sessions are full userdata with one metatable
/// whose `__index` holds the methods (``ScriptSession/methods``) and whose `__gc` releases them.
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
    /// The folder of the spec file running (absolute; `reorder test` sets it per file): a
    /// relative policy path of `reorder.session{...}` names a file there first, so a spec
    /// names the policy next to it as `policy = "pinned.lua"` wherever `reorder test` runs.
    public var specDirectory: String?

    private var sessions: [Int64: ScriptSession] = [:]
    /// Sessions whose Lua object was collected, or that were closed; released outside Lua's
    /// collector (see `flushReleased`).
    private var released: [ScriptSession] = []

    /// What the sessions not yet released hold in the host, in bytes, as each counts itself
    /// (``ScriptSession/heldBytes``: items, logs, its policy's VM), updated after every call
    /// of a session method. Lua's collector sees a session as a few bytes of userdata; this
    /// count is what the host collects on (``sessionCollectionStep``).
    public private(set) var sessionBytes = 0
    /// ``sessionBytes`` after the last collection this host ran.
    private var sessionBytesAfterCollection = 0

    /// How much the sessions' memory may grow between two full collections of this VM
    /// (64 MiB): when a new session, or a call of a session method, brings ``sessionBytes``
    /// more than this past what was left after the last one, the host runs Lua's collector
    /// (a full cycle, whose finalizers release the sessions no longer referenced). Sessions a
    /// script drops therefore hold at most this much (and one session) before they go.
    public static let sessionCollectionStep = 64 << 20
    private var nextSessionId: Int64 = 1
    /// Registry reference of the sessions' metatable.
    private var sessionMetatable: Int32 = LUA_NOREF

    /// Makes the VM and loads the session API; with `specs`, also the spec runner's Lua half
    /// (``Prelude/spec``, ``Prelude/specOutput``), which runs Debian's busted from this VM.
    public init(output: @escaping (String) -> Void, useColor: Bool = false, specs: Bool = false) throws(LuaError) {
        vm = try LuaVM(options: .trusted)
        self.output = output
        self.useColor = useColor
        vm.output = { [weak self] o in
            switch o {
            case .print(let s): self?.output(s + "\n")
            case .warning(let s): self?.output("Lua warning: \(s)\n")
            }
        }
        installAPI()
        for prelude in specs ? [Prelude.core, .spec, .specOutput] : [.core] {
            guard let source = prelude.source else { throw LuaError.script("the build embedded no prelude \(prelude.file).lua") }
            try run(source, chunkName: prelude.chunkName)
        }
    }

    deinit {
        // Finalizers run when the VM closes, after this host is gone: unhook them first.
        if sessionMetatable != LUA_NOREF {
            vm.pushRef(sessionMetatable)
            vm.pushNil()
            vm.rawSet(at: -2, field: "__gc")
            vm.pop(1)
        }
        released.removeAll()
        sessions.removeAll()
    }

    // MARK: - The API's host functions

    /// Registers a host function that reaches this host (weakly: the VM outlives no host).
    private func hostFunction(_ body: @escaping (ScriptingHost, LuaVM) throws(LuaError) -> Int32) -> Int32 {
        vm.register { [weak self] vm throws(LuaError) -> Int32 in
            guard let self else { throw LuaError.script("reorder: the host is gone") }
            return try body(self, vm)
        }
    }

    /// Sets `reorder.<name>` to a host function: how a runner around the VM (the spec runner)
    /// gives its Lua half access to the host. The function reads its arguments at stack indices
    /// 1...top and pushes its results; a thrown error is raised at the caller's line.
    ///
    /// ```swift
    /// host.define("_emit") { vm in
    ///     console.write(vm.string(at: 1) ?? "")
    ///     return 0
    /// }
    /// ```
    public func define(_ name: String, _ body: @escaping (LuaVM) throws(LuaError) -> Int32) {
        vm.getGlobal("reorder")
        vm.pushHostFunction(vm.register { vm throws(LuaError) -> Int32 in try body(vm) })
        vm.rawSet(at: -2, field: name)
        vm.pop(1)
    }

    /// Pushes `values` and returns their count (what a host function returns).
    private static func push(_ values: [LuaValue], on vm: LuaVM) throws(LuaError) -> Int32 {
        for v in values { try vm.push(v) }
        return Int32(values.count)
    }

    /// The arguments at stack indices `first...top`.
    private static func arguments(_ vm: LuaVM, from first: Int32) -> [LuaValue] {
        first <= vm.top ? (first...vm.top).map { vm.value(at: $0) } : []
    }

    /// The session `self` at stack index 1, or nil when it is not a session userdata.
    private func sessionId(at index: Int32) -> Int64? {
        guard vm.type(at: index) == LUA_TUSERDATA, let p = lua_touserdata(vm.L, index),
              lua_getmetatable(vm.L, index) != 0 else { return nil }
        vm.pushRef(sessionMetatable)
        let same = lua_rawequal(vm.L, -1, -2) != 0
        vm.pop(2)
        return same ? p.load(as: Int64.self) : nil
    }

    /// The session metatable (methods in `__index`, `__gc`, `__tostring`, `__name`) and the
    /// `reorder` table's host functions (`session`, `_write`, `policies`, `demo`).
    private func installAPI() {
        vm.newTable()
        let meta = vm.top
        vm.newTable(fieldCount: Int32(ScriptSession.methods.count))
        for entry in ScriptSession.methods {
            let name = entry.name, method = entry.run
            vm.pushHostFunction(hostFunction { host, vm throws(LuaError) in
                guard let id = host.sessionId(at: 1) else {
                    throw LuaError.script("s:\(name): call it with a colon (s:\(name)(...)) on a session")
                }
                guard let session = host.sessions[id] else { throw LuaError.script("s:\(name): this session is closed") }
                let args = Arguments(method: name, values: Self.arguments(vm, from: 2))
                defer { host.afterCall(session) }
                return try Self.push(try session.call(name, method, args), on: vm)
            })
            vm.rawSet(at: -2, field: name)
        }
        vm.rawSet(at: meta, field: "__index")
        // `local s <close> = reorder.session{...}`: closed when the variable goes out of scope.
        vm.pushHostFunction(hostFunction { host, vm throws(LuaError) in
            if let id = host.sessionId(at: 1), let s = host.sessions.removeValue(forKey: id) {
                host.released.append(s)
                host.flushReleased()
            }
            return 0
        })
        vm.rawSet(at: meta, field: "__close")
        vm.pushHostFunction(hostFunction { host, vm throws(LuaError) in
            if let id = host.sessionId(at: 1), let s = host.sessions.removeValue(forKey: id) { host.released.append(s) }
            return 0
        })
        vm.rawSet(at: meta, field: "__gc")
        vm.pushHostFunction(hostFunction { host, vm throws(LuaError) in
            guard let id = host.sessionId(at: 1) else { throw LuaError.script("reorder.session: __tostring of something else") }
            vm.push(host.sessions[id]?.summary ?? "reorder.session(\(id), closed)")
            return 1
        })
        vm.rawSet(at: meta, field: "__tostring")
        vm.push("reorder.session")
        vm.rawSet(at: meta, field: "__name")
        sessionMetatable = vm.ref()

        vm.newTable()
        vm.pushHostFunction(hostFunction { host, vm throws(LuaError) in
            guard vm.type(at: 1) == LUA_TTABLE else {
                throw LuaError.script("bad argument #1 to 'session' (table expected, got \(vm.top >= 1 ? vm.typeName(at: 1) : "no value"))")
            }
            try host.pushNewSession(optionsAt: 1)
            return 1
        })
        vm.rawSet(at: -2, field: "session")
        vm.pushHostFunction(hostFunction { host, vm throws(LuaError) in
            var text = ""
            for i in 1...max(vm.top, 1) where i <= vm.top {
                guard let s = vm.string(at: i) ?? Self.numberText(vm, at: i) else {
                    throw LuaError.script("reorder._write: argument #\(i) must be a string or a number, got \(vm.typeName(at: i))")
                }
                text += s
            }
            host.output(text)
            return 0
        })
        vm.rawSet(at: -2, field: "_write")
        vm.pushHostFunction(hostFunction { _, vm throws(LuaError) in
            try Self.push([.array(LuaPolicy.builtinNames.map { .string($0) })], on: vm)
        })
        vm.rawSet(at: -2, field: "policies")
        vm.pushHostFunction(hostFunction { _, vm throws(LuaError) in
            try Self.push([try Self.demo(Self.arguments(vm, from: 1))], on: vm)
        })
        vm.rawSet(at: -2, field: "demo")
        vm.setGlobal("reorder")
    }

    /// A number as Lua's `tostring` writes it (`1`, `0.5`, `1e+300`), or nil for a non-number.
    private static func numberText(_ vm: LuaVM, at index: Int32) -> String? {
        guard vm.type(at: index) == LUA_TNUMBER else { return nil }
        vm.pushValue(at: index)
        defer { vm.pop(1) }
        // On a number lua_tolstring converts the copy in place; with the cap lifted (host
        // functions run so) it cannot fail short of the process running out of memory.
        var len = 0
        guard let p = lua_tolstring(vm.L, -1, &len) else { return nil }
        return String(decoding: UnsafeRawBufferPointer(start: p, count: len), as: UTF8.self)
    }

    /// `reorder.demo([policy [, layout]])`: the options of the REPL's demo list (a table),
    /// home-button grid (`"grid"`), task board (`"board"`) or tab strip (`"strip"`, a horizontal
    /// grid).
    private static func demo(_ args: [LuaValue]) throws(LuaError) -> LuaValue {
        var demo = DemoList.Demo.table
        switch args.count > 1 ? args[1] : .nil {
        case .nil: break
        case .string(let l):
            guard let kind = DemoList.Demo(rawValue: l) else {
                throw LuaError.script("reorder.demo: layout must be \(ChoiceText.list(DemoList.Demo.names, quote: "\"")), got \"\(l)\"")
            }
            demo = kind
        case let other: throw LuaError.script("reorder.demo: the layout must be a string, got \(other.typeName)")
        }
        var options = DemoList.options(demo: demo)
        switch args.first ?? .nil {
        case .nil: break
        case .string(let p): options.policy = SessionOptions.PolicySource(p)
        case let other: throw LuaError.script("reorder.demo: the policy must be a name or a path, got \(other.typeName)")
        }
        return options.luaValue
    }

    /// Reads the options table at `index` (an inline `policy` table is kept by a registry
    /// reference, not copied), makes the session and pushes its userdata.
    private func pushNewSession(optionsAt index: Int32) throws(LuaError) {
        var fields: [LuaValue: LuaValue] = [:]
        var policyRef: Int32?
        let t = lua_absindex(vm.L, index)
        vm.pushNil()
        while lua_next(vm.L, t) != 0 {
            let key = vm.value(at: -2, depth: 0)
            if key == .string("policy"), vm.type(at: -1) == LUA_TTABLE, policyRef == nil {
                vm.pushValue(at: -1)
                policyRef = vm.ref()
            } else {
                fields[key] = vm.value(at: -1)
            }
            vm.pop(1)
        }
        let options: SessionOptions
        do {
            options = try SessionOptions(.table(fields), policyTable: policyRef)
        } catch {
            if let policyRef { vm.unref(policyRef) }
            throw error
        }
        do {
            try pushSession(makeSession(options, ownsPolicyTable: true))
        } catch {
            if let policyRef { vm.unref(policyRef) }
            throw error
        }
    }

    /// After a session method ran: a closed session is released, the session's size counted
    /// again (its policy's VM and logs may have grown), and Lua's collector run when the
    /// sessions have grown by ``sessionCollectionStep`` since the last collection.
    private func afterCall(_ session: ScriptSession) {
        if session.isClosed, sessions.removeValue(forKey: session.id) != nil { released.append(session) }
        account(session)
        flushReleased()
        collectIfNeeded()
    }

    /// Brings ``sessionBytes`` up to date with what `session` holds now.
    private func account(_ session: ScriptSession) {
        let now = session.heldBytes
        sessionBytes += now - session.accountedBytes
        session.accountedBytes = now
    }

    /// Runs a full collection (releasing the sessions it finds unreferenced) when the sessions
    /// would hold more than ``sessionCollectionStep`` past what they held after the last one,
    /// counting `adding` bytes about to be taken by a new session.
    private func collectIfNeeded(adding: Int = 0) {
        guard sessionBytes + adding > sessionBytesAfterCollection + Self.sessionCollectionStep else { return }
        vm.collectGarbage()
        flushReleased()
        sessionBytesAfterCollection = sessionBytes
    }

    /// Keeps `session` and pushes its userdata.
    private func pushSession(_ session: ScriptSession) throws(LuaError) {
        guard lua_checkstack(vm.L, 2) != 0 else { throw LuaError.script("reorder.session: the Lua stack is full") }
        rs_lift(vm.L)
        let p = lua_newuserdatauv(vm.L, MemoryLayout<Int64>.size, 0)
        rs_unlift(vm.L)
        guard let p else { throw LuaError(kind: .memory, message: "not enough memory") }
        p.storeBytes(of: session.id, as: Int64.self)
        vm.pushRef(sessionMetatable)
        lua_setmetatable(vm.L, -2)
        sessions[session.id] = session
        account(session)
    }

    // MARK: - Running Lua

    /// Runs a chunk of Lua source. A Lua error comes with its position and traceback.
    public func run(_ source: String, chunkName: String) throws(LuaError) {
        flushReleased()
        let base = vm.top
        defer { vm.setTop(base) }
        var s = source
        let status = s.withUTF8 { buf in
            buf.withMemoryRebound(to: CChar.self) { c in
                luaL_loadbufferx(vm.L, c.baseAddress, c.count, chunkName, "t")
            }
        }
        if status != LUA_OK { throw vm.popError(status: status) }
        try vm.pcall(nargs: 0, nresults: 0)
    }

    /// Runs a Lua file (as `dofile`), with `arguments` in the global `arg` (`arg[0]` = path).
    ///
    /// The file is read as every input file is (see ``ScriptingHost/readSource(_:kind:)``): a
    /// regular file of at most 16 MiB of UTF-8 Lua source.
    public func runFile(_ path: String, arguments: [String] = []) throws(LuaError) {
        let source = try Self.readSource(path, kind: "script")
        var arg: [LuaValue: LuaValue] = [.integer(0): .string(path)]
        for (i, a) in arguments.enumerated() { arg[.integer(i + 1)] = .string(a) }
        try vm.push(.table(arg))
        vm.setGlobal("arg")
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
    /// // LuaError "logs: is a directory, not a file"
    /// ```
    /// - Throws: ``LuaError`` naming the file and what is wrong with it.
    public static func readSource(_ path: String, kind: String) throws(LuaError) -> String {
        var bytes: [UInt8]
        do {
            bytes = try InputFile.read(path, kind: kind, limit: maximumSourceSize, utf8: false)
        } catch {
            throw LuaError.script(error.description)
        }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        // "\27Lua": the signature of a precompiled chunk (LUA_SIGNATURE).
        if bytes.starts(with: [0x1B, 0x4C, 0x75, 0x61]) {
            throw LuaError.script("\(path): a precompiled (binary) Lua chunk; binary chunks are not accepted, give the Lua source")
        }
        do {
            try InputFile.checkUTF8(bytes, path: path)
        } catch {
            throw LuaError.script(error.description)
        }
        if bytes.first == UInt8(ascii: "#") {
            // A "#!" line: blanked, its newline kept so line numbers stay the file's.
            let end = bytes.firstIndex(of: 0x0A) ?? bytes.count
            bytes.removeSubrange(0..<end)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Calls a global function (dotted names allowed: `"reorder.inspect"`) with `args` and
    /// returns its results.
    ///
    /// ```swift
    /// try host.call("reorder.inspect", [.array([.integer(1)])])   // [.string("{ 1 }")]
    /// ```
    @discardableResult
    public func call(_ function: String, _ args: [LuaValue]) throws(LuaError) -> [LuaValue] {
        flushReleased()
        let base = vm.top
        defer { vm.setTop(base) }
        let path = function.split(separator: ".").map(String.init)
        vm.getGlobal(path.first ?? "")
        for name in path.dropFirst() {
            guard vm.type(at: -1) == LUA_TTABLE else { throw LuaError.script("\(function): not found") }
            vm.rawGet(at: -1, field: name)
            lua_rotate(vm.L, -2, 1)   // the table above the field, then dropped
            vm.pop(1)
        }
        guard vm.type(at: -1) == LUA_TFUNCTION else { throw LuaError.script("\(function): not a function") }
        for a in args { try vm.push(a) }
        try vm.pcall(nargs: Int32(args.count), nresults: LUA_MULTRET)
        return vm.top > base ? ((base + 1)...vm.top).map { vm.value(at: $0) } : []
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
            let r = try call("reorder._repl_eval", [.string(source), .boolean(final)])
            switch r.first?.stringValue {
            case "ok": return .ok(r.count > 1 ? r[1].stringValue : nil)
            case "incomplete": return .incomplete
            default: return .error(r.count > 1 ? (r[1].stringValue ?? "error") : "error")
            }
        } catch {
            return .error(error.description)
        }
    }

    /// A handle that stops the VM's running Lua code from another thread (a watchdog): the code
    /// fails at its next instruction-count check, and so does every later call until
    /// ``clearStop()``.
    ///
    /// The handle only writes the VM's atomic stop flag, which the count hook reads; use it
    /// only while the host is alive (``Watchdog`` guards that).
    public struct StopHandle: @unchecked Sendable {
        let state: OpaquePointer
        public func stop() { reorder_scripting_stop(state) }
        /// Stops the running Lua code once: it fails with "stopped by the watchdog" at its next
        /// instruction-count check, an error `pcall` catches; later code runs on.
        public func stopOnce() { reorder_scripting_stop_once(state) }
    }

    public var stopHandle: StopHandle { StopHandle(state: vm.L) }

    /// Lets Lua run again after a stop.
    public func clearStop() { reorder_scripting_clear_stop(vm.L) }

    /// Whether a stop (Ctrl-C during ``evaluate(_:final:interruptible:)``, a ``StopHandle``)
    /// is pending: Swift loops the session API runs (a long `s:hold`) ask it between frames.
    public var isStopRequested: Bool { reorder_scripting_stop_requested(vm.L) != 0 }


    /// The session object held by global `name` (e.g. the REPL's `s`), if any.
    public func session(global name: String) -> ScriptSession? {
        vm.getGlobal(name)
        defer { vm.pop(1) }
        return sessionId(at: -1).flatMap { sessions[$0] }
    }

    /// The session with a given id (`s:id()`).
    public func session(id: Int64) -> ScriptSession? { sessions[id] }

    /// Makes a session with `options` and stores it in global `name` (the REPL's `s`, the
    /// playground's session), replacing what was there.
    ///
    /// ```swift
    /// try host.setSession(global: "s", options: DemoList.options(layout: .grid))
    /// ```
    @discardableResult
    public func setSession(global name: String, options: SessionOptions) throws(LuaError) -> ScriptSession {
        flushReleased()
        let session = try makeSession(options)
        try pushSession(session)
        vm.setGlobal(name)
        return session
    }

    // MARK: - Policies

    /// Makes the policy a session asks for: a built-in or a file runs in a sandbox of its own
    /// (``LuaPolicy``); an inline table runs in this VM. Relative file paths resolve against
    /// ``baseDirectory``.
    func makePolicy(_ source: SessionOptions.PolicySource) throws(LuaError) -> any DragPolicy {
        let top = vm.top
        defer { vm.setTop(top) }
        if case .table(let ref) = source, vm.pushRef(ref) != LUA_TTABLE {
            throw LuaError.script("reorder.session: the inline policy table is gone")
        }
        do {
            switch source {
            case .builtin(let name): return try LuaPolicy(named: name)
            case .file(let path): return try LuaPolicy(path: path)
            case .table: return try LuaPolicy(tableAt: vm.top, in: vm, chunkName: "inline policy", baseDirectory: baseDirectory)
            }
        } catch {
            throw LuaError.script("reorder.session: \(error)")
        }
    }

    // MARK: - Sessions

    /// A session driven from Swift (replay, benchmarks): the same policies, layout and checks as
    /// `reorder.session{...}`, without a Lua object.
    public func makeSession(_ options: SessionOptions) throws(LuaError) -> ScriptSession {
        try makeSession(options, ownsPolicyTable: false)
    }

    /// With `ownsPolicyTable`, an inline policy's registry reference passes to the session
    /// (which releases it); otherwise the session takes a reference of its own to the table.
    func makeSession(_ options: SessionOptions, ownsPolicyTable: Bool) throws(LuaError) -> ScriptSession {
        var options = options
        if case .file(let path) = options.policy {
            options.policy = .file(resolvePolicyFile(path))
        }
        var ownRef: Int32?
        if case .table(let ref) = options.policy, !ownsPolicyTable {
            vm.pushRef(ref)
            let copy = vm.ref()
            options.policy = .table(copy)
            ownRef = copy
        }
        do {
            return try makeSession(checked: options)
        } catch {
            if let ownRef { vm.unref(ownRef) }
            throw error
        }
    }

    private func makeSession(checked options: SessionOptions) throws(LuaError) -> ScriptSession {
        // Before the new session takes its memory, the dropped ones may have to go.
        flushReleased()
        var tree: Tree?
        if let roots = options.tree {
            do {
                tree = try Tree(roots)
            } catch {
                throw LuaError.script("reorder.session: \(error.message)")
            }
        }
        let itemBytes = ScriptSession.itemBytes(tree.map { [$0.items] } ?? options.sections)
        collectIfNeeded(adding: itemBytes)
        let policy = try makePolicy(options.policy)
        if let path = options.restore, let data = tree {
            // Saved nodes under their saved parents, added ones under their data parent,
            // removed ones dropped with their children promoted (Tree.reconciled(with:)).
            let (restored, warnings) = OrderStore(path: resolve(path)).restore(data, key: options.restoreKey)
            tree = restored
            for w in warnings { output("reorder.session: restore: \(w)\n") }
        }
        var order = tree.map(Order.init(tree:)) ?? Order(sections: options.sections, titles: options.sectionTitles)
        if let path = options.restore, tree == nil {
            // Saved items in saved order, new ones where the data put them, vanished ones dropped;
            // an unreadable file is reported and the data's own order is used.
            let (restored, warnings) = OrderStore(path: resolve(path)).restore(order, key: options.restoreKey)
            order = restored
            for w in warnings { output("reorder.session: restore: \(w)\n") }
        }
        let id = nextSessionId
        let session = try ScriptSession(id: id, options: options, policy: policy, order: order, tree: tree,
                                        output: { [weak self] in self?.output($0) }, useColor: useColor,
                                        itemBytes: options.restore == nil ? itemBytes : nil)
        session.host = self
        // Ctrl-C or a watchdog stops a long s:hold between frames, the clock at the last one run.
        session.simulator.stopRequested = { [weak self] in self?.isStopRequested ?? false }
        if case .table(let ref) = options.policy {
            let vm = self.vm
            session.onRelease = { vm.unref(ref) }
        }
        nextSessionId += 1
        // The policy's load warnings (an unknown field) are shown now, not at the first call.
        session.collect()
        return session
    }

    /// Replaces the session in global `name` by a new one with `policy` (nil: the same source,
    /// loaded afresh) on the current order of the old one (or the demo list when `name` holds
    /// no session: the demo of layout `demo`). Used by the REPL's start, `:policy` and `:reload`.
    @discardableResult
    public func replaceSession(global name: String, policy: SessionOptions.PolicySource?,
                               demo: SessionOptions.LayoutKind = .table) throws(LuaError) -> ScriptSession {
        try replaceSession(global: name, policy: policy, demo: DemoList.Demo(demo))
    }

    /// ``replaceSession(global:policy:demo:)`` with any built-in demo, the tab strip included.
    @discardableResult
    public func replaceSession(global name: String, policy: SessionOptions.PolicySource?,
                               demo: DemoList.Demo) throws(LuaError) -> ScriptSession {
        var options: SessionOptions
        if let old = session(global: name) {
            options = old.continuedOptions
        } else {
            options = DemoList.options(demo: demo)
        }
        if let policy { options.policy = policy }
        return try setSession(global: name, options: options)
    }

    /// `path` made absolute against ``baseDirectory`` (unchanged when absolute or no base).
    public func resolve(_ path: String) -> String {
        PolicyReference.resolve(path, against: baseDirectory)
    }

    /// A policy file's path made absolute: in ``specDirectory`` when the file is there (a spec
    /// naming the policy next to it), else against ``baseDirectory``.
    ///
    /// ```swift
    /// host.specDirectory = "/w/newcomer"
    /// host.resolvePolicyFile("pinned.lua")   // "/w/newcomer/pinned.lua" when that file exists
    /// ```
    public func resolvePolicyFile(_ path: String) -> String {
        if let specDirectory, !path.hasPrefix("/"), !path.hasPrefix("~/") {
            let beside = PolicyReference.resolve(path, against: specDirectory)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: beside, isDirectory: &isDirectory), !isDirectory.boolValue { return beside }
        }
        return resolve(path)
    }

    /// Releases sessions whose Lua objects were collected or that were closed (never from
    /// inside Lua's collector: from the host's own entry points and host functions).
    private func flushReleased() {
        guard !released.isEmpty else { return }
        for s in released { sessionBytes -= s.accountedBytes }
        released.removeAll()
    }
}
