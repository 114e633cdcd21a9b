import CLua
import CLuaShim

/// One Lua 5.4 state: a sandbox for a policy, or the trusted VM of the REPL, specs and scripts.
///
/// The VM owns its `lua_State` and closes it in `deinit`. It is confined to the thread that uses
/// it (it is deliberately not `Sendable`): create it where it is used. Lua code runs only
/// through protected calls, with an instruction budget per call and a memory cap per VM, so no
/// script can crash or hang the host.
///
/// ```swift
/// let vm = try LuaVM(options: .policy)
/// let values = try vm.run("return 1 + 2", chunkName: "sum.lua")   // [.integer(3)]
/// ```
public final class LuaVM {
    /// How a VM is made.
    public struct Options: Hashable, Sendable {
        /// Policies: only base (no `dofile`/`loadfile`; `load` of text strings only), `string`
        /// (no `dump`), `table`, `math`, `utf8`, `coroutine`, read-only, each function bounded
        /// per call and charged to the budget (docs/SANDBOX.md). Otherwise all standard libraries.
        public var sandboxed: Bool
        /// Lua VM instructions allowed per top-level call, shared by every coroutine of the VM
        /// and charged for work done in C; 0 = unlimited. In a sandbox the call also stops after
        /// `instructionBudget` × 100 ns of CPU time.
        public var instructionBudget: Int
        /// Bytes the VM may allocate; 0 = unlimited.
        public var memoryLimit: Int
        /// The budget is checked every this many instructions.
        public var hookInterval: Int
        /// Instructions a policy's hooks may use together in one frame of a drag (all hook calls
        /// that see the same `ctx.time`); 0 = unlimited. Going over it in ``framesOverBudget``
        /// of the last ``frameWindow`` frames switches the policy off (see ``LuaPolicy``).
        public var frameBudget: Int
        /// How many over-budget frames within the window switch the policy off (at least 1).
        public var framesOverBudget: Int
        /// The window of frames (those in which the policy's hooks ran) the over-budget frames
        /// are counted in, 1...64.
        public var frameWindow: Int
        /// Instructions a policy's hooks may use together in one drag (from `on_begin` to
        /// `on_end` / `on_cancel`); 0 = unlimited. Going over it switches the policy off.
        public var dragBudget: Int

        /// The default per-frame budget: half a hook call's budget, about 2 ms of Lua on the
        /// reference machine (docs/REFERENCE.md, "Sandbox limits"); a built-in policy's frame
        /// costs a few hundred instructions.
        public static let defaultFrameBudget = 500_000
        /// The default per-drag budget: 50 hook calls' worth, about 0.2 s of Lua.
        public static let defaultDragBudget = 50_000_000

        /// A VM's options. The frame and drag budgets concern the policy host (``LuaPolicy``),
        /// not the VM:
        ///
        /// ```swift
        /// var options = LuaVM.Options.policy
        /// options.frameBudget = 100_000          // stricter than the default 500,000
        /// let policy = try LuaPolicy(path: "mine.lua", options: options)
        /// ```
        public init(sandboxed: Bool, instructionBudget: Int, memoryLimit: Int, hookInterval: Int = 1000,
                    frameBudget: Int = Options.defaultFrameBudget, framesOverBudget: Int = 3, frameWindow: Int = 10,
                    dragBudget: Int = Options.defaultDragBudget) {
            self.sandboxed = sandboxed; self.instructionBudget = instructionBudget
            self.memoryLimit = memoryLimit; self.hookInterval = hookInterval
            self.frameBudget = frameBudget; self.framesOverBudget = framesOverBudget
            self.frameWindow = frameWindow; self.dragBudget = dragBudget
        }

        /// Defaults for a policy: a sandbox, 1,000,000 instructions per hook call (a few
        /// milliseconds: `while true do end` stops well within 10 ms) and an 8 MiB cap
        /// (a policy needs about 25 KB).
        public static let policy = Options(sandboxed: true, instructionBudget: 1_000_000, memoryLimit: 8 << 20)
        /// The user's own code (REPL, specs, scripts): all libraries, no budget, no cap.
        public static let trusted = Options(sandboxed: false, instructionBudget: 0, memoryLimit: 0)
    }

    /// Something a script printed or warned.
    public enum Output: Hashable, Sendable {
        case print(String)
        case warning(String)
        public var text: String {
            switch self { case .print(let s), .warning(let s): return s }
        }
    }

    /// A Swift function callable from Lua: arguments are at stack indices 1...`top`; it pushes
    /// its results and returns their count. A thrown error becomes a Lua error at the caller's
    /// position. It must not call Lua (`pcall`, `run`) on this VM.
    public typealias HostFunction = (LuaVM) throws -> Int32

    public let options: Options
    /// The state. Internal: only this module touches Lua.
    package let L: OpaquePointer
    let shim: UnsafeMutablePointer<rs_vm>
    /// Where `print` and warnings go. Default: standard output.
    public var output: (Output) -> Void = { Swift.print($0.text) }
    private var hostFunctions: [HostFunction] = []

    /// Makes a VM and opens its libraries.
    /// - Throws: `LuaError` (`.memory`) when the state cannot be created.
    public init(options: Options = .trusted) throws(LuaError) {
        self.options = options
        let printFn: rs_text_fn = { owner, text, len in
            guard let owner, let text else { return }
            let vm = Unmanaged<LuaVM>.fromOpaque(owner).takeUnretainedValue()
            let s = String(decoding: UnsafeRawBufferPointer(start: text, count: len), as: UTF8.self)
            vm.output(.print(s))
        }
        let warnFn: rs_text_fn = { owner, text, len in
            guard let owner, let text else { return }
            let vm = Unmanaged<LuaVM>.fromOpaque(owner).takeUnretainedValue()
            let s = String(decoding: UnsafeRawBufferPointer(start: text, count: len), as: UTF8.self)
            vm.output(.warning(s))
        }
        let hostFn: rs_host_fn = { owner, _, op in
            guard let owner else { return 0 }
            let vm = Unmanaged<LuaVM>.fromOpaque(owner).takeUnretainedValue()
            return vm.callHost(Int(op))
        }
        // The owner pointer is set after init (self is not available yet): see below.
        guard let state = rs_newstate(options.memoryLimit, Int64(options.instructionBudget),
                                      Int32(clamping: options.hookInterval), nil, printFn, warnFn, hostFn),
              let vmPtr = rs_getvm(state) else {
            throw LuaError(kind: .memory, message: "cannot create a Lua state")
        }
        self.L = state
        self.shim = vmPtr
        vmPtr.pointee.owner = Unmanaged.passUnretained(self).toOpaque()
        let status = rs_openlibs(state, options.sandboxed ? 1 : 0)
        if status != LUA_OK {
            let e = popError(status: status)
            throw e
        }
    }

    deinit {
        rs_close(L)
    }

    // MARK: - Statistics

    /// Bytes the VM holds now.
    public var memoryUsed: Int { shim.pointee.used }
    /// The most bytes the VM ever held.
    public var memoryPeak: Int { shim.pointee.peak }
    /// How many calls the instruction budget stopped.
    public var budgetStops: Int { Int(shim.pointee.budget_errors) }
    /// Instructions charged to this VM since it was made: every hook interval run, every
    /// coroutine resume and every charge for work done in C. Never reset; read it before and
    /// after calls to measure what they used; the per-frame and per-drag budgets of
    /// ``LuaPolicy`` add these up.
    ///
    /// ```swift
    /// let before = vm.instructionsCharged
    /// try vm.run("for i = 1, 10000 do end")
    /// let used = vm.instructionsCharged - before   // about 10,000 (one FORLOOP an iteration)
    /// ```
    public var instructionsCharged: Int { Int(shim.pointee.charged) }
    /// Runs a full garbage collection.
    public func collectGarbage() { _ = rs_gc(L, LUA_GCCOLLECT, 0) }

    // MARK: - Loading and calling

    /// Compiles `source` and pushes the chunk as a function. In a sandbox only text is accepted.
    /// - Parameter chunkName: shown in messages and tracebacks, e.g. `"kanban.lua"`.
    public func load(_ source: String, chunkName: String) throws(LuaError) {
        var s = source
        let status = s.withUTF8 { buf in
            buf.withMemoryRebound(to: CChar.self) { c in
                rs_load(L, c.baseAddress, c.count, "@" + chunkName, options.sandboxed ? 1 : 0)
            }
        }
        if status != LUA_OK { throw popError(status: status) }
    }

    /// Calls the function below `nargs` arguments on the stack, protected, with a fresh budget
    /// (`budget` instructions, or the VM's default). Leaves `nresults` results
    /// (`LUA_MULTRET` = -1: all) on the stack; on error pops the message and throws.
    public func pcall(nargs: Int32, nresults: Int32, budget: Int? = nil) throws(LuaError) {
        let status = rs_pcall(L, nargs, nresults, Int64(budget ?? 0))
        if status != LUA_OK { throw popError(status: status) }
    }

    /// Loads and runs a chunk, returning its results converted to `LuaValue`s.
    @discardableResult
    public func run(_ source: String, chunkName: String = "=(string)") throws(LuaError) -> [LuaValue] {
        let base = top
        try load(source, chunkName: chunkName)
        try pcall(nargs: 0, nresults: LUA_MULTRET)
        var out: [LuaValue] = []
        if top > base {
            for i in (base + 1)...top { out.append(value(at: i)) }
        }
        setTop(base)
        return out
    }

    /// Pops the error message left by a failed call and turns it into a `LuaError`.
    package func popError(status: Int32) -> LuaError {
        let raw = string(at: -1) ?? "(error object is a \(typeName(at: -1)) value)"
        pop(1)
        let kind: LuaError.Kind
        if shim.pointee.last_exhausted != 0 && status != LUA_ERRSYNTAX { kind = .budget }
        else if status == LUA_ERRSYNTAX { kind = .syntax }
        else if status == LUA_ERRMEM || raw == "not enough memory" { kind = .memory }
        else { kind = .runtime }
        shim.pointee.last_exhausted = 0
        return LuaError(kind: kind, luaMessage: raw)
    }

    // MARK: - Host functions

    /// Registers a Swift function and returns its handle for `pushHostFunction`.
    public func register(_ fn: @escaping HostFunction) -> Int32 {
        hostFunctions.append(fn)
        return Int32(hostFunctions.count - 1)
    }

    /// Pushes a Lua function that calls the registered host function `handle`.
    public func pushHostFunction(_ handle: Int32) { rs_push_host_function(L, handle) }

    /// Registers and pushes a Swift function in one step.
    public func pushFunction(_ fn: @escaping HostFunction) { pushHostFunction(register(fn)) }

    private func callHost(_ op: Int) -> Int32 {
        guard op >= 0, op < hostFunctions.count else { return 0 }
        do {
            return try hostFunctions[op](self)
        } catch let e as LuaError {
            push(e.description)
            return -1
        } catch {
            push("\(error)")
            return -1
        }
    }

    // MARK: - Stack (allocating pushes lift the memory cap: the host's own values never fail)

    /// Index of the top of the stack (number of values).
    public var top: Int32 { lua_gettop(L) }
    public func setTop(_ n: Int32) { lua_settop(L, n) }
    public func pop(_ n: Int32) { rs_pop(L, n) }
    public func pushNil() { lua_pushnil(L) }
    public func push(_ b: Bool) { lua_pushboolean(L, b ? 1 : 0) }
    public func push(_ i: Int) { lua_pushinteger(L, lua_Integer(i)) }
    public func push(_ d: Double) { lua_pushnumber(L, d) }
    public func push(_ s: String) {
        rs_lift(L)
        var s = s
        s.withUTF8 { b in
            b.withMemoryRebound(to: CChar.self) { c in _ = lua_pushlstring(L, c.baseAddress, c.count) }
        }
        rs_unlift(L)
    }
    /// Pushes a copy of the value at `index`.
    public func pushValue(at index: Int32) { lua_pushvalue(L, index) }
    public func newTable(arrayCount: Int32 = 0, fieldCount: Int32 = 0) {
        rs_lift(L); lua_createtable(L, arrayCount, fieldCount); rs_unlift(L)
    }
    /// `t[key] = top` without metamethods (pops the value); `t` at `index`.
    public func rawSet(at index: Int32, field key: String) {
        rs_lift(L); rs_rawsetfield(L, index, key); rs_unlift(L)
    }
    /// `t[i] = top` without metamethods (pops the value).
    public func rawSet(at index: Int32, index i: Int) {
        rs_lift(L); lua_rawseti(L, index, lua_Integer(i)); rs_unlift(L)
    }
    /// Pushes `t[key]` without metamethods and returns its type.
    @discardableResult
    public func rawGet(at index: Int32, field key: String) -> Int32 { rs_rawgetfield(L, index, key) }
    /// Pushes `t[i]` without metamethods and returns its type.
    @discardableResult
    public func rawGet(at index: Int32, index i: Int) -> Int32 { lua_rawgeti(L, index, lua_Integer(i)) }
    /// Sets global `name` to the top value (pops it). Raw: globals have no metamethods here.
    public func setGlobal(_ name: String) {
        lua_rawgeti(L, rs_registryindex(), lua_Integer(LUA_RIDX_GLOBALS))
        lua_rotate(L, -2, 1)
        rawSet(at: -2, field: name)
        pop(1)
    }
    /// Pushes global `name` (raw).
    @discardableResult
    public func getGlobal(_ name: String) -> Int32 {
        lua_rawgeti(L, rs_registryindex(), lua_Integer(LUA_RIDX_GLOBALS))
        let t = rawGet(at: -1, field: name)
        lua_rotate(L, -2, 1)
        pop(1)
        return t
    }

    /// Lua type at `index` (`LUA_TNIL`, `LUA_TNUMBER`, ...).
    public func type(at index: Int32) -> Int32 { lua_type(L, index) }
    public func typeName(at index: Int32) -> String { String(cString: rs_typename(L, index)) }
    public func isInteger(at index: Int32) -> Bool { rs_isinteger(L, index) != 0 }
    /// The integer at `index` when it is one (an integral float counts), else nil.
    public func integer(at index: Int32) -> Int? {
        var ok: Int32 = 0
        let v = lua_tointegerx(L, index, &ok)
        return ok != 0 && lua_type(L, index) == LUA_TNUMBER ? Int(v) : nil
    }
    /// The number at `index` when it is a number (strings are not converted), else nil.
    public func number(at index: Int32) -> Double? {
        guard lua_type(L, index) == LUA_TNUMBER else { return nil }
        return lua_tonumberx(L, index, nil)
    }
    /// The string at `index` when it is a string (numbers are not converted), else nil.
    public func string(at index: Int32) -> String? {
        var len = 0
        guard let p = rs_tostring(L, index, &len) else { return nil }
        return String(decoding: UnsafeRawBufferPointer(start: p, count: len), as: UTF8.self)
    }
    public func boolean(at index: Int32) -> Bool { lua_toboolean(L, index) != 0 }

    // MARK: - References

    /// Pops the top value into the registry and returns a reference to it.
    public func ref() -> Int32 {
        rs_lift(L); defer { rs_unlift(L) }
        return luaL_ref(L, rs_registryindex())
    }
    public func unref(_ r: Int32) { luaL_unref(L, rs_registryindex(), r) }
    /// Pushes the value of a reference and returns its type.
    @discardableResult
    public func pushRef(_ r: Int32) -> Int32 { lua_rawgeti(L, rs_registryindex(), lua_Integer(r)) }

    // MARK: - Values

    /// A deep copy of the value at `index` (tables read raw, to `depth` levels; functions and
    /// other values as `.opaque`).
    public func value(at index: Int32, depth: Int = 16) -> LuaValue {
        switch lua_type(L, index) {
        case LUA_TNIL, LUA_TNONE: return .nil
        case LUA_TBOOLEAN: return .boolean(boolean(at: index))
        case LUA_TNUMBER:
            if isInteger(at: index) { return .integer(Int(lua_tointegerx(L, index, nil))) }
            return .number(lua_tonumberx(L, index, nil))
        case LUA_TSTRING: return .string(string(at: index) ?? "")
        case LUA_TTABLE:
            guard depth > 0 else { return .opaque("table") }
            let t = lua_absindex(L, index)
            var out: [LuaValue: LuaValue] = [:]
            lua_pushnil(L)
            while lua_next(L, t) != 0 {
                let k = value(at: -2, depth: 0)
                out[k] = value(at: -1, depth: depth - 1)
                pop(1)
            }
            return .table(out)
        default:
            return .opaque(typeName(at: index))
        }
    }

    /// Pushes a `LuaValue` (`.opaque` pushes nil). A table key that Lua refuses (`.nil`, a NaN
    /// number, or `.opaque`, which would be nil) is an error, thrown before anything is pushed:
    ///
    /// ```swift
    /// try vm.push(.table([.string("id"): .string("mail")]))    // pushes {id = "mail"}
    /// try vm.push(.table([.nil: .integer(1)]))                 // throws "table key is nil"
    /// ```
    /// - Throws: ``LuaError`` (`.type`) for such a key; (`.memory`) when the Lua stack cannot
    ///   grow for a value nested that deep.
    public func push(_ v: LuaValue) throws(LuaError) {
        try Self.checkKeys(v, depth: 0)
        let base = top
        do {
            try pushChecked(v)
        } catch {
            setTop(base)
            throw error
        }
    }

    /// Refuses the keys `lua_rawset` would raise on ("table index is nil" / "is NaN"): outside a
    /// protected call that error would abort the process.
    private static func checkKeys(_ v: LuaValue, depth: Int) throws(LuaError) {
        guard case .table(let t) = v else { return }
        for (k, val) in t {
            switch k {
            case .nil: throw LuaError(kind: .type, message: "table key is nil (Lua tables cannot hold a nil key)")
            case .opaque(let name): throw LuaError(kind: .type, message: "table key is a \(name), which cannot be pushed (it would be nil)")
            case .number(let d) where d.isNaN: throw LuaError(kind: .type, message: "table key is NaN (Lua tables cannot hold a NaN key)")
            default: break
            }
            try checkKeys(k, depth: depth + 1)
            try checkKeys(val, depth: depth + 1)
        }
    }

    private func pushChecked(_ v: LuaValue) throws(LuaError) {
        // Every level needs three slots (table, key, value); lua_checkstack never raises.
        guard lua_checkstack(L, 3) != 0 else { throw LuaError(kind: .memory, message: "value nested too deeply to push") }
        switch v {
        case .nil, .opaque: pushNil()
        case .boolean(let b): push(b)
        case .integer(let i): push(i)
        case .number(let d): push(d)
        case .string(let s): push(s)
        case .table(let t):
            // The sequence 1...n goes to the array part in order, the other keys in a fixed
            // order (Swift's dictionary order differs between runs): a table pushed twice is
            // built the same way, so Lua's `pairs` visits it in the same order every run.
            var n = 0
            while t[.integer(n + 1)] != nil { n += 1 }
            let rest = t.keys.filter { k in
                guard case .integer(let i) = k else { return true }
                return i < 1 || i > n
            }.sorted(by: LuaVM.keyOrder)
            newTable(arrayCount: Int32(clamping: n), fieldCount: Int32(clamping: rest.count))
            for i in 0..<n {
                try pushChecked(t[.integer(i + 1)] ?? .nil)
                rawSet(at: -2, index: i + 1)
            }
            for k in rest {
                try pushChecked(k); try pushChecked(t[k] ?? .nil)
                rs_lift(L); lua_rawset(L, -3); rs_unlift(L)
            }
        }
    }

    /// Numbers before strings before the rest; numbers and strings by value, the rest by text.
    private static func keyOrder(_ a: LuaValue, _ b: LuaValue) -> Bool {
        func rank(_ v: LuaValue) -> Int {
            switch v {
            case .integer, .number: return 0
            case .string: return 1
            default: return 2
            }
        }
        if rank(a) != rank(b) { return rank(a) < rank(b) }
        switch (a, b) {
        case let (.string(x), .string(y)): return x < y
        case let (.integer(x), .integer(y)): return x < y
        default:
            func number(_ v: LuaValue) -> Double? {
                switch v { case .integer(let i): return Double(i); case .number(let d): return d; default: return nil }
            }
            if let x = number(a), let y = number(b) { return x < y }
            return a.description < b.description
        }
    }
}

/// A Lua value copied out of (or into) a VM.
///
/// ```swift
/// LuaValue.table([.string("id"): .string("mail")])
/// ```
public indirect enum LuaValue: Hashable, Sendable, CustomStringConvertible {
    case `nil`
    case boolean(Bool)
    case integer(Int)
    case number(Double)
    case string(String)
    case table([LuaValue: LuaValue])
    /// A function, userdata or thread (its type name), or a table deeper than the copy went.
    case opaque(String)

    public var description: String {
        switch self {
        case .nil: return "nil"
        case .boolean(let b): return b ? "true" : "false"
        case .integer(let i): return String(i)
        case .number(let d): return String(d)
        case .string(let s): return "\"\(s)\""
        case .table(let t): return "{" + t.map { "[\($0.key)] = \($0.value)" }.sorted().joined(separator: ", ") + "}"
        case .opaque(let n): return n
        }
    }
}
