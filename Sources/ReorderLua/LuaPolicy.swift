import CLua
import CLuaShim
import ReorderCore

/// A drag policy written in Lua (docs/REFERENCE.md, "Policy hooks (summary)"), running in a sandbox of its own.
///
/// Static fields are read and validated once at load; hooks are called through registry
/// references with a reused `ctx`, 1-based positions, an instruction budget per call and a
/// memory cap per VM. A hook that errors, runs out of budget or returns a wrong type is
/// reported once (see ``drainDiagnostics()``) and its documented fallback is used; after 3
/// consecutive failures of one hook the policy switches itself off in favour of the native
/// `default` for the rest of the session.
///
/// During a drag the hooks' instructions are also added up per frame and per drag (see
/// ``LuaVM/Options/frameBudget`` and ``LuaVM/Options/dragBudget``): a policy whose hooks go over
/// the frame budget in 3 of the last 10 frames, or over the drag budget, is switched off the
/// same way, with a `disabled` diagnostic that names the budget and the figures.
///
/// ```swift
/// let policy = try LuaPolicy(named: "jx_movable")
/// policy.configuration.minPressDuration   // 1.0
/// let mine = try LuaPolicy(path: "Policies/kanban.lua")
/// try mine.reload()                       // after editing the file
/// ```
public final class LuaPolicy: DragPolicy {
    /// Where the policy comes from.
    public let source: PolicySource
    /// Options of the sandbox (budget, cap).
    public let options: LuaVM.Options
    private var program: PolicyProgram
    /// A reload waiting for the drag in progress to end.
    private var pending: PolicyProgram?
    private var dragging = false
    private var diagnostics: [PolicyDiagnostic] = []
    private var reported: Set<String> = []
    /// Consecutive failed calls of each hook, by `Hook.rawValue` (a success of that hook
    /// resets its count). Heap storage: a success costs one store, with no runtime
    /// exclusivity check (a dictionary property cost one per hook call).
    private let failureStreaks: UnsafeMutablePointer<Int>
    /// The per-frame and per-drag instruction accounts (heap storage, as `failureStreaks`).
    private let accounts: UnsafeMutablePointer<FrameMeter>
    private var pendingPrints = 0
    private var pendingWarnings = 0
    /// The native policy used once this one is switched off.
    private let fallback = DefaultPolicy()
    /// `true` once the policy switched itself off for the rest of the session.
    public var isDisabled: Bool { disabled }
    /// The storage of ``isDisabled``: private, so whole-module optimisation can drop the runtime
    /// exclusivity check that a public stored property costs on every hook call.
    private var disabled = false

    /// Consecutive failed hook calls that switch the policy off.
    public static let failureLimit = 3
    /// Highest scroll speed a hook may ask for, points per second (+infinity is clamped here).
    /// The upper end of `PolicyConfiguration.Limits.speed` (a literal: read on every speed call,
    /// it must not go through that static's lazy initialiser).
    public static let maximumSpeed = 1e9
    /// `print` lines kept between two drains (more are counted, not kept).
    public static let printLimit = 1000
    /// `warn` messages kept between two drains (more are counted, not kept), like `print`.
    public static let warningLimit = 1000
    /// The largest policy file read (4 MiB): a larger one is refused from its size, unread
    /// (`reorder check --lint` skips it too).
    public static let maximumFileSize = 4 << 20

    /// Loads a built-in policy (`default`, `uikit`, `jx_movable`, ...).
    public convenience init(named name: String, options: LuaVM.Options = .policy) throws(LuaError) {
        try self.init(source: .builtin(name), options: options)
    }

    /// Loads a policy file; its `extends` paths are relative to it.
    public convenience init(path: String, options: LuaVM.Options = .policy) throws(LuaError) {
        try self.init(source: .file(path), options: options)
    }

    /// Loads a built-in name, or a path when `reference` contains `/` or ends in `.lua`
    /// (``PolicySource/isPath(_:)``).
    public convenience init(reference: String, options: LuaVM.Options = .policy) throws(LuaError) {
        try self.init(source: PolicySource(reference), options: options)
    }

    /// Loads the policy `reference` names.
    public convenience init(_ reference: PolicyReference, options: LuaVM.Options = .policy) throws(LuaError) {
        try self.init(source: reference, options: options)
    }

    public init(source: PolicySource, options: LuaVM.Options = .policy) throws(LuaError) {
        self.source = source
        self.options = options
        let box = OutputBox()
        program = try PolicyProgram.load(source: source, options: options, output: { box.target?.receive($0) })
        program.outputBox = box
        failureStreaks = Self.makeStreaks()
        accounts = Self.makeAccounts(options)
        box.target = self
        diagnostics += program.warnings
    }

    /// A policy from the table at `index` of a trusted VM (a spec's inline
    /// `policy = { extends = "uikit", ... }`): its functions run in that VM with the policy
    /// budget; its `extends` resolves from `baseDirectory` (or the working directory).
    public init(tableAt index: Int32, in vm: LuaVM, chunkName: String = "inline policy",
                baseDirectory: String? = nil) throws(LuaError) {
        self.source = .table(LUA_NOREF)
        self.options = vm.options
        program = try PolicyProgram.load(tableAt: index, in: vm, chunkName: chunkName, baseDirectory: baseDirectory)
        failureStreaks = Self.makeStreaks()
        accounts = Self.makeAccounts(vm.options)
        diagnostics += program.warnings
    }

    /// The static fields. A reload staged during a drag is applied here once the drag is over.
    public var configuration: PolicyConfiguration {
        applyPendingIfIdle()
        return isDisabled ? fallback.configuration : program.configuration
    }

    /// The name the policy gives itself, also once it is switched off (``configuration`` is
    /// then `default`'s): diagnostics are labelled with it.
    public var ownName: String { program.configuration.name }

    /// The policy's own one-line `description` (nil when the file gives none; it is not
    /// inherited through `extends`).
    ///
    /// ```swift
    /// try LuaPolicy(named: "uikit").summary   // "UIKit's own reordering (UITableView, UICollectionView)"
    /// ```
    public var summary: String? { program.fields.value("description") }

    /// The VM running the hooks (for statistics and benchmarks).
    public var vm: LuaVM { program.vm }
    /// The memory of the VM this policy owns, in bytes (0 for an inline policy, which lives in
    /// its caller's VM): what a host counts as the policy's.
    public var ownedVMBytes: Int { program.ownsVM ? program.vm.memoryUsed : 0 }

    /// How many hook calls have read the clock in `ctx` (`time`, `drag_time`, `frame_rate`);
    /// while it grows, a still hold runs every frame (``DragPolicy/clockReads``).
    public var clockReads: Int { program.clockReads }

    /// The policy's file name as Lua names it (`kanban.lua`).
    public var file: String { program.file }

    private static func makeStreaks() -> UnsafeMutablePointer<Int> {
        let p = UnsafeMutablePointer<Int>.allocate(capacity: Hook.allCases.count)
        p.initialize(repeating: 0, count: Hook.allCases.count)
        return p
    }

    private static func makeAccounts(_ options: LuaVM.Options) -> UnsafeMutablePointer<FrameMeter> {
        let p = UnsafeMutablePointer<FrameMeter>.allocate(capacity: 1)
        p.initialize(to: FrameMeter(options: options))
        return p
    }

    deinit {
        failureStreaks.deallocate()
        accounts.deinitialize(count: 1)
        accounts.deallocate()
        program.outputBox?.target = nil
        pending?.outputBox?.target = nil
    }

    // MARK: - Reload

    /// Reloads the policy from its source. On failure the old policy stays and the error is
    /// reported (and thrown). During a drag the new one takes effect at the next drag.
    public func reload() throws(LuaError) {
        guard !source.isTable else {
            throw LuaError(kind: .file, message: "a policy given as a table cannot be reloaded")
        }
        let box = OutputBox()
        let fresh: PolicyProgram
        do {
            fresh = try PolicyProgram.load(source: source, options: options, output: { box.target?.receive($0) })
        } catch {
            diagnostics.append(PolicyDiagnostic(kind: .warning, message: "reload failed, keeping the loaded policy: \(error)",
                                                file: error.file, line: error.line))
            throw error
        }
        box.target = self
        fresh.outputBox = box
        diagnostics += fresh.warnings
        pending?.outputBox?.target = nil
        pending = fresh
        applyPendingIfIdle()
    }

    /// `true` while a reload waits for the current drag to end.
    public var hasPendingReload: Bool { pending != nil }

    private func applyPendingIfIdle() {
        guard !dragging, let p = pending else { return }
        program.outputBox?.target = nil
        program = p
        pending = nil
        reported = []
        failureStreaks.update(repeating: 0, count: Hook.allCases.count)
        accounts.pointee.end()
        disabled = false
    }

    // MARK: - Diagnostics

    fileprivate func receive(_ output: LuaVM.Output) {
        switch output {
        case .print(let text):
            pendingPrints += 1
            if pendingPrints > Self.printLimit { return }
            let line = text.utf8.count > 1000 ? String(decoding: Array(text.utf8.prefix(1000)), as: UTF8.self) + "…" : text
            diagnostics.append(PolicyDiagnostic(kind: .print, message: line, file: program.file))
        case .warning(let text):
            pendingWarnings += 1
            if pendingWarnings > Self.warningLimit { return }
            let line = text.utf8.count > 1000 ? String(decoding: Array(text.utf8.prefix(1000)), as: UTF8.self) + "…" : text
            diagnostics.append(PolicyDiagnostic(kind: .warning, message: "\(program.file): warning: \(line)", file: program.file))
        }
    }

    public func drainDiagnostics() -> [PolicyDiagnostic] {
        var out = diagnostics
        if pendingPrints > Self.printLimit {
            out.append(PolicyDiagnostic(kind: .warning, message: "\(program.file): \(pendingPrints - Self.printLimit) more print lines dropped",
                                        file: program.file))
        }
        if pendingWarnings > Self.warningLimit {
            out.append(PolicyDiagnostic(kind: .warning, message: "\(program.file): \(pendingWarnings - Self.warningLimit) more warnings dropped",
                                        file: program.file))
        }
        diagnostics = []
        pendingPrints = 0
        pendingWarnings = 0
        return out
    }

    /// Records a failed hook call: reported once per hook; 3 failed calls in a row of one hook
    /// switch the policy off (other hooks succeeding in between do not reset the count, so a
    /// `target` that loops every frame cannot slow every frame of the session).
    private func failed(_ hook: Hook, _ ref: HookRef, _ error: LuaError) {
        failureStreaks[hook.rawValue] += 1
        let streak = failureStreaks[hook.rawValue]
        if !reported.contains(hook.name) {
            reported.insert(hook.name)
            let file = error.file ?? ref.file
            let line = error.line ?? ref.line
            var e = error
            e.file = file; e.line = line; e.hook = hook.name
            diagnostics.append(PolicyDiagnostic(kind: .hookError, message: "\(file):\(line): \(hook.name): \(e.message)",
                                                file: file, line: line, hook: e.hook, traceback: e.traceback))
        }
        if streak >= Self.failureLimit && !isDisabled {
            disabled = true
            diagnostics.append(PolicyDiagnostic(kind: .disabled,
                message: "\(program.file): policy '\(program.configuration.name)' switched off after \(Self.failureLimit) consecutive failures; using default for the rest of this session",
                file: program.file, hook: hook.name))
        }
    }

    /// Charges the hook call that began when the VM had charged `before` instructions to the
    /// frame at `time` and to the drag (only during a drag), and switches the policy off when
    /// that breaks a budget.
    @inline(__always) private func meter(_ p: PolicyProgram, time: Double, since before: Int64, _ hook: Hook) {
        guard accounts.pointee.active else { return }
        let verdict = accounts.pointee.record(time: time, used: p.vm.shim.pointee.charged &- before)
        if verdict != .withinBudget { overBudget(verdict, hook, time: time) }
    }

    /// Switches the policy off for a broken frame or drag budget and reports it.
    private func overBudget(_ verdict: FrameMeter.Verdict, _ hook: Hook, time: Double) {
        guard !isDisabled else { return }
        let m = accounts.pointee
        let time = (time * 1000).rounded() / 1000   // to the millisecond: "t = 1.05 s", not 1.0500000000000003
        let what: String
        switch verdict {
        case .withinBudget: return
        case .frames(let frames, let window, let used):
            what = "its hooks used more than the per-frame budget of \(Self.grouped(m.frameBudget)) instructions "
                + "in \(frames) of the last \(window) frames (\(Self.grouped(used)) in the frame at t = \(time) s, "
                + "last hook \(hook.name))"
        case .drag(let used):
            what = "its hooks used \(Self.grouped(used)) instructions in this drag, over the per-drag budget of "
                + "\(Self.grouped(m.dragBudget)) (last hook \(hook.name) at t = \(time) s)"
        }
        disabled = true
        diagnostics.append(PolicyDiagnostic(kind: .disabled,
            message: "\(program.file): policy '\(program.configuration.name)' switched off: \(what); using default for the rest of this session",
            file: program.file, hook: hook.name))
    }

    /// `1234567` → `"1,234,567"`.
    static func grouped(_ n: Int64) -> String {
        let digits = String(n.magnitude)
        var out = ""
        for (i, c) in digits.reversed().enumerated() {
            if i > 0 && i % 3 == 0 { out.append(",") }
            out.append(c)
        }
        return (n < 0 ? "-" : "") + String(out.reversed())
    }

    // MARK: - The hook path
    //
    // Every hook call goes through `ask`; what differs from hook to hook is declared once in
    // its `HookCall` (HookCall.swift). The hot path reads the program's hook references as
    // plain integers (`HookRefs`); the `HookRef` with its file and line is looked up only when
    // a call fails.

    /// Asks the hook `H` declares: the native `default`'s answer once switched off; the fixed
    /// value or documented default when the policy has no such hook; otherwise the call, under
    /// the budget and metered, with a failure reported once and answered by `H`'s fallback.
    @inline(__always)
    private func ask<H: HookCall>(_: H.Type, _ ctx: PolicyContext, _ arguments: H.Arguments) -> H.Answer {
        if disabled { return H.native(fallback, ctx, arguments) }
        let p = program
        let ref = p.hooks[H.hook]
        guard ref != LUA_NOREF else { return H.absent(arguments, p.fixed) }
        let L = p.L
        let base = lua_gettop(L)
        defer { lua_settop(L, base) }
        let before = p.vm.shim.pointee.charged
        let error = p.call(H.self, ref, ctx, arguments)
        meter(p, time: ctx.time, since: before, H.hook)
        if let error {
            failed(H.hook, in: p, error)
            return H.fallback(arguments)
        }
        switch H.read(p, arguments, ctx) {
        case .value(let answer):
            failureStreaks[H.hook.rawValue] = 0
            return answer
        case .wrong(let message):
            failed(H.hook, in: p, LuaError(kind: .type, message: message))
            return H.fallback(arguments)
        }
    }

    /// Where a hook was defined, for a diagnostic.
    private func definition(_ hook: Hook, in p: PolicyProgram) -> HookRef {
        p.fields.definition(of: hook) ?? HookRef(ref: LUA_NOREF, file: p.file, line: 0)
    }

    private func failed(_ hook: Hook, in p: PolicyProgram, _ error: LuaError) {
        failed(hook, definition(hook, in: p), error)
    }

    // MARK: - DragPolicy

    public func canMove(_ ctx: PolicyContext, at position: ItemPosition) -> Bool {
        applyPendingIfIdle()
        return ask(Hooks.CanMove.self, ctx, position)
    }

    public func target(_ ctx: PolicyContext, from: ItemPosition, proposed: ItemPosition) -> ItemPosition? {
        ask(Hooks.Target.self, ctx, (from, proposed))
    }

    public func semantics(_ ctx: PolicyContext, from: ItemPosition, to: ItemPosition) -> Semantics {
        ask(Hooks.Semantics.self, ctx, (from, to))
    }

    public func edgeZone(_ ctx: PolicyContext, axis: Axis, viewportLength: Double) -> Double {
        ask(Hooks.Zone.self, ctx, (axis, viewportLength))
    }

    /// The hook's speed, clamped to be finite and non-negative (docs/REFERENCE.md): NaN or a
    /// negative speed is reported once (the policy most likely meant something else) and taken
    /// as 0; above ``maximumSpeed`` it is cut.
    public func scrollSpeed(_ ctx: PolicyContext, axis: Axis, depth: Double, zone: Double, elapsed: Double) -> Double {
        let v = ask(Hooks.Speed.self, ctx, (axis, depth, zone, elapsed, ctx.dt))
        if v.isNaN || v < 0 {
            let key = "speed value"
            if !reported.contains(key) {
                reported.insert(key)
                let ref = definition(.speed, in: program)
                let shown = v.isNaN ? "nan" : "\(v)"
                diagnostics.append(PolicyDiagnostic(kind: .warning,
                    message: "\(ref.file):\(ref.line): speed: returned \(shown); a speed must be a number >= 0 (taken as 0)",
                    file: ref.file, line: ref.line, hook: Hook.speed.name))
            }
            return 0
        }
        if v == 0 { return 0 }
        return min(v, Self.maximumSpeed)
    }

    public func onBegin(_ ctx: PolicyContext, at position: ItemPosition) {
        applyPendingIfIdle()
        dragging = true
        if !disabled {
            accounts.pointee.begin()
            program.resetState()
        }
        ask(Hooks.OnBegin.self, ctx, position)
    }

    public func onMove(_ ctx: PolicyContext, from: ItemPosition, to: ItemPosition) {
        ask(Hooks.OnMove.self, ctx, (from, to))
    }

    public func onEnd(_ ctx: PolicyContext, from: ItemPosition, to: ItemPosition) -> Bool {
        defer { endDrag() }
        return ask(Hooks.OnEnd.self, ctx, (from, to))
    }

    public func onCancel(_ ctx: PolicyContext) -> CancelResolution {
        defer { endDrag() }
        return ask(Hooks.OnCancel.self, ctx, ())
    }

    /// `can_select` and `can_add`, as `can_move` (a failure answers false).
    public func canSelect(_ ctx: PolicyContext, at position: ItemPosition) -> Bool {
        applyPendingIfIdle()
        return ask(Hooks.CanSelect.self, ctx, position)
    }

    public func canAdd(_ ctx: PolicyContext, at position: ItemPosition) -> Bool {
        ask(Hooks.CanAdd.self, ctx, position)
    }

    /// `can_nest`, as `can_move` (a failure answers false: the node goes one level shallower).
    public func canNest(_ ctx: PolicyContext, item: String, parent: String) -> Bool {
        ask(Hooks.CanNest.self, ctx, (item, parent))
    }

    /// `combine`, asked each frame the policy's `combine_rule` finds an item (a failure
    /// answers false: no combine).
    public func combine(_ ctx: PolicyContext, from: ItemPosition, onto: ItemPosition) -> Bool {
        ask(Hooks.Combine.self, ctx, (from, onto))
    }

    private func endDrag() {
        dragging = false
        accounts.pointee.end()
        if !isDisabled { program.resetState() }
        applyPendingIfIdle()
    }

    // MARK: - Keyboard

    public func announce(_ ctx: PolicyContext, event: KeyboardAnnouncement) -> KeyboardSpeech {
        ask(Hooks.Announce.self, ctx, event)
    }

    public func actions(_ ctx: PolicyContext, at position: ItemPosition, offered: [KeyboardAction]) -> [KeyboardAction] {
        ask(Hooks.Actions.self, ctx, (position, offered))
    }

    public func instructions(_ ctx: PolicyContext, at position: ItemPosition) -> String {
        ask(Hooks.Instructions.self, ctx, position)
    }

    /// The event table of `announce` (positions 1-based).
    static func pushEvent(_ e: KeyboardAnnouncement, _ vm: LuaVM) {
        vm.newTable(fieldCount: 20)
        func set(_ key: String, _ value: String) { vm.push(value); vm.rawSet(at: -2, field: key) }
        func set(_ key: String, _ value: Int) { vm.push(value); vm.rawSet(at: -2, field: key) }
        set("type", e.kind.rawValue)
        set("item", e.item)
        set("section", e.position.section + 1); set("row", e.position.item + 1)
        set("count", e.count); set("section_name", e.sectionName)
        set("from_section", e.from.section + 1); set("from_row", e.from.item + 1)
        set("from_count", e.fromCount); set("from_section_name", e.fromSectionName)
        set("previous_section", e.previous.section + 1); set("previous_row", e.previous.item + 1)
        if let t = e.target { set("to_section", t.section + 1); set("to_row", t.item + 1) }
        if let r = e.resolution { set("resolution", r.rawValue) }
        set("group", e.groupCount)
        set("default", e.defaultText)
    }
}

/// A back-reference from a VM's output closure to its policy (the policy owns the VM). The
/// policy clears it when it goes or drops the program; not `weak`, because a weak reference
/// gives the policy a side table, which slows every retain and release of it (per hook call).
final class OutputBox {
    unowned(unsafe) var target: LuaPolicy?
}
