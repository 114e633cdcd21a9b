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

    /// Loads a built-in policy (`default`, `uikit`, `jx_movable`, ...).
    public convenience init(named name: String, options: LuaVM.Options = .policy) throws(LuaError) {
        try self.init(source: .builtin(name), options: options)
    }

    /// Loads a policy file; its `extends` paths are relative to it.
    public convenience init(path: String, options: LuaVM.Options = .policy) throws(LuaError) {
        try self.init(source: .file(path), options: options)
    }

    /// Loads a built-in name, or a path when `reference` contains `/` or ends in `.lua`
    /// (``PolicyReference``).
    public convenience init(reference: String, options: LuaVM.Options = .policy) throws(LuaError) {
        try self.init(source: PolicySource(PolicyReference(reference)), options: options)
    }

    /// Loads the policy `reference` names.
    public convenience init(_ reference: PolicyReference, options: LuaVM.Options = .policy) throws(LuaError) {
        try self.init(source: PolicySource(reference), options: options)
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

    @inline(__always) private func succeeded(_ hook: Hook) {
        failureStreaks[hook.rawValue] = 0
    }

    private func typeError(_ ref: HookRef, expected: String, at index: Int32) -> LuaError {
        let reader = PolicyReader(vm: program.vm, file: ref.file)
        return LuaError(kind: .type, file: ref.file, line: ref.line, message: "expected \(expected), got \(reader.describe(at: index))")
    }

    // MARK: - DragPolicy
    //
    // The hot path reads the program's hook references as plain integers (`HookRefs`); the
    // `HookRef` with its file and line is looked up only when a call fails.

    /// Where a hook was defined, for a diagnostic.
    private func definition(_ hook: Hook, in p: PolicyProgram) -> HookRef {
        p.fields.definition(of: hook) ?? HookRef(ref: LUA_NOREF, file: p.file, line: 0)
    }

    private func failed(_ hook: Hook, in p: PolicyProgram, _ error: LuaError) {
        failed(hook, definition(hook, in: p), error)
    }

    private func typeError(_ hook: Hook, in p: PolicyProgram, expected: String, at index: Int32) -> LuaError {
        typeError(definition(hook, in: p), expected: expected, at: index)
    }

    public func canMove(_ ctx: PolicyContext, at position: ItemPosition) -> Bool {
        applyPendingIfIdle()
        if isDisabled { return fallback.canMove(ctx, at: position) }
        let p = program
        let ref = p.hooks.canMove
        guard ref != LUA_NOREF else { return true }
        let base = p.vm.top
        defer { p.vm.setTop(base) }
        let before = p.vm.shim.pointee.charged
        let error = p.call(ref, ctx, ints: (position.section + 1, position.item + 1, 0, 0), nints: 2, nresults: 1)
        meter(p, time: ctx.time, since: before, .canMove)
        if let e = error {
            failed(.canMove, in: p, e); return false
        }
        guard p.vm.type(at: -1) == LUA_TBOOLEAN else {
            failed(.canMove, in: p, typeError(.canMove, in: p, expected: "a boolean", at: -1)); return false
        }
        succeeded(.canMove)
        return p.vm.boolean(at: -1)
    }

    public func target(_ ctx: PolicyContext, from: ItemPosition, proposed: ItemPosition) -> ItemPosition? {
        if isDisabled { return fallback.target(ctx, from: from, proposed: proposed) }
        let p = program
        let ref = p.hooks.target
        guard ref != LUA_NOREF else { return proposed }
        let base = p.vm.top
        defer { p.vm.setTop(base) }
        let before = p.vm.shim.pointee.charged
        let error = p.call(ref, ctx, ints: (from.section + 1, from.item + 1, proposed.section + 1, proposed.item + 1),
                           nints: 4, nresults: 2)
        meter(p, time: ctx.time, since: before, .target)
        if let e = error {
            failed(.target, in: p, e); return nil
        }
        let vm = p.vm
        if vm.type(at: -2) == LUA_TNIL && vm.type(at: -1) == LUA_TNIL { succeeded(.target); return nil }
        guard vm.type(at: -2) == LUA_TNUMBER, vm.type(at: -1) == LUA_TNUMBER,
              let s = vm.integer(at: -2), let r = vm.integer(at: -1) else {
            let hook = definition(.target, in: p)
            let what = "two integers (section, row) or nil, got \(PolicyReader(vm: vm, file: hook.file).describe(at: -2)), "
                + PolicyReader(vm: vm, file: hook.file).describe(at: -1)
            failed(.target, hook, LuaError(kind: .type, file: hook.file, line: hook.line, message: "expected \(what)"))
            return nil
        }
        // In range: an existing row, or one past the end of another section (a move there).
        let sections = ctx.sections
        let inRange = s >= 1 && s <= sections && r >= 1 &&
            (r <= ctx.count(s - 1) || (s - 1 != from.section && r == ctx.count(s - 1) + 1))
        guard inRange else {
            let hook = definition(.target, in: p)
            failed(.target, hook, LuaError(kind: .type, file: hook.file, line: hook.line,
                                           message: "target \(s), \(r) is out of range (\(sections) sections)"))
            return nil
        }
        succeeded(.target)
        return ItemPosition(section: s - 1, item: r - 1)
    }

    public func semantics(_ ctx: PolicyContext, from: ItemPosition, to: ItemPosition) -> Semantics {
        if isDisabled { return fallback.semantics(ctx, from: from, to: to) }
        let p = program
        return choice(.semantics, p.hooks.semantics, p.fixed.semantics, in: p, ctx,
                      ints: (from.section + 1, from.item + 1, to.section + 1, to.item + 1), nints: 4,
                      otherwise: .move, expected: "\"move\" or \"exchange\"")
    }

    /// A field given as one of a few names, or a hook returning one (`semantics`, `on_cancel`):
    /// the fixed name, or the hook's answer; `otherwise` when absent or when the hook fails.
    private func choice<V: RawRepresentable<String>>(_ hook: Hook, _ ref: Int32, _ fixed: V?, in p: PolicyProgram,
                                                    _ ctx: PolicyContext, ints: (Int, Int, Int, Int), nints: Int32,
                                                    otherwise: V, expected: String) -> V {
        guard ref != LUA_NOREF else { return fixed ?? otherwise }
        let base = p.vm.top
        defer { p.vm.setTop(base) }
        let before = p.vm.shim.pointee.charged
        let error = p.call(ref, ctx, ints: ints, nints: nints, nresults: 1)
        meter(p, time: ctx.time, since: before, hook)
        if let e = error {
            failed(hook, in: p, e); return otherwise
        }
        guard let name = p.vm.string(at: -1), let v = V(rawValue: name) else {
            failed(hook, in: p, typeError(hook, in: p, expected: expected, at: -1)); return otherwise
        }
        succeeded(hook)
        return v
    }

    public func edgeZone(_ ctx: PolicyContext, axis: Axis, viewportLength: Double) -> Double {
        if isDisabled { return fallback.edgeZone(ctx, axis: axis, viewportLength: viewportLength) }
        let p = program
        let ref = p.hooks.zone
        guard ref != LUA_NOREF else { return p.fixed.zone ?? 0 }
        // zone(ctx, axis, viewport_length)
        return number(.zone, ref, in: p, ctx, numbers: (viewportLength, 0, 0), nnumbers: 1, axis: axis, axisFirst: true,
                      finiteNonNegative: true) ?? 0
    }

    public func scrollSpeed(_ ctx: PolicyContext, axis: Axis, depth: Double, zone: Double, elapsed: Double) -> Double {
        if isDisabled { return fallback.scrollSpeed(ctx, axis: axis, depth: depth, zone: zone, elapsed: elapsed) }
        let p = program
        let ref = p.hooks.speed
        guard ref != LUA_NOREF else { return p.fixed.speed ?? 0 }
        // speed(ctx, depth, zone, elapsed, axis, dt): dt is ctx.dt, given as an argument so that
        // a speed per display frame (pixels / dt) reads no field of ctx (each read of ctx's
        // numbers after they changed is a call into the host, issue 13's frame figure)
        guard let v = number(.speed, ref, in: p, ctx, numbers: (depth, zone, elapsed), nnumbers: 3, axis: axis,
                             axisFirst: false, last: ctx.dt, finiteNonNegative: false) else { return 0 }
        // Clamped to be finite and non-negative (docs/REFERENCE.md); NaN or a negative speed is
        // reported once, as the policy most likely meant something else.
        if v.isNaN || v < 0 {
            let key = "speed value"
            if !reported.contains(key) {
                reported.insert(key)
                let ref = definition(.speed, in: p)
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

    /// Calls a hook that returns a number (`zone`, `speed`); nil when it fails (reported).
    @inline(__always)
    private func number(_ hook: Hook, _ ref: Int32, in p: PolicyProgram, _ ctx: PolicyContext,
                        numbers: (Double, Double, Double), nnumbers: Int32, axis: Axis, axisFirst: Bool,
                        last: Double? = nil, finiteNonNegative: Bool) -> Double? {
        let base = p.vm.top
        defer { p.vm.setTop(base) }
        let before = p.vm.shim.pointee.charged
        let error = p.call(ref, ctx, ints: (0, 0, 0, 0), nints: 0, numbers: numbers, nnumbers: nnumbers,
                           axis: axis, axisFirst: axisFirst, last: last, nresults: 1)
        meter(p, time: ctx.time, since: before, hook)
        if let e = error {
            failed(hook, in: p, e); return nil
        }
        guard let v = p.vm.number(at: -1) else {
            failed(hook, in: p, typeError(hook, in: p, expected: "a number", at: -1)); return nil
        }
        if finiteNonNegative && !(v.isFinite && v >= 0) {
            failed(hook, in: p, typeError(hook, in: p, expected: "a finite number >= 0", at: -1)); return nil
        }
        succeeded(hook)
        return v
    }

    public func onBegin(_ ctx: PolicyContext, at position: ItemPosition) {
        applyPendingIfIdle()
        dragging = true
        if isDisabled { return fallback.onBegin(ctx, at: position) }
        accounts.pointee.begin()
        let p = program
        p.resetState()
        let ref = p.hooks.onBegin
        guard ref != LUA_NOREF else { return }
        let base = p.vm.top
        defer { p.vm.setTop(base) }
        let before = p.vm.shim.pointee.charged
        let error = p.call(ref, ctx, ints: (position.section + 1, position.item + 1, 0, 0), nints: 2, nresults: 0)
        meter(p, time: ctx.time, since: before, .onBegin)
        if let e = error {
            failed(.onBegin, in: p, e)
        } else { succeeded(.onBegin) }
    }

    public func onMove(_ ctx: PolicyContext, from: ItemPosition, to: ItemPosition) {
        if isDisabled { return fallback.onMove(ctx, from: from, to: to) }
        let p = program
        let ref = p.hooks.onMove
        guard ref != LUA_NOREF else { return }
        let base = p.vm.top
        defer { p.vm.setTop(base) }
        let before = p.vm.shim.pointee.charged
        let error = p.call(ref, ctx, ints: (from.section + 1, from.item + 1, to.section + 1, to.item + 1), nints: 4, nresults: 0)
        meter(p, time: ctx.time, since: before, .onMove)
        if let e = error {
            failed(.onMove, in: p, e)
        } else { succeeded(.onMove) }
    }

    public func onEnd(_ ctx: PolicyContext, from: ItemPosition, to: ItemPosition) -> Bool {
        defer { endDrag() }
        if isDisabled { return fallback.onEnd(ctx, from: from, to: to) }
        let p = program
        let ref = p.hooks.onEnd
        guard ref != LUA_NOREF else { return true }
        let base = p.vm.top
        defer { p.vm.setTop(base) }
        let before = p.vm.shim.pointee.charged
        let error = p.call(ref, ctx, ints: (from.section + 1, from.item + 1, to.section + 1, to.item + 1), nints: 4, nresults: 1)
        meter(p, time: ctx.time, since: before, .onEnd)
        if let e = error {
            failed(.onEnd, in: p, e); return true
        }
        guard p.vm.type(at: -1) == LUA_TBOOLEAN else {
            failed(.onEnd, in: p, typeError(.onEnd, in: p, expected: "a boolean", at: -1)); return true
        }
        succeeded(.onEnd)
        return p.vm.boolean(at: -1)
    }

    public func onCancel(_ ctx: PolicyContext) -> CancelResolution {
        defer { endDrag() }
        if isDisabled { return fallback.onCancel(ctx) }
        let p = program
        return choice(.onCancel, p.hooks.onCancel, p.fixed.onCancel, in: p, ctx, ints: (0, 0, 0, 0), nints: 0,
                      otherwise: .revert, expected: "\"revert\" or \"commit\"")
    }

    // Issue 19: `can_select` and `can_add`, as `can_move` (a failure answers false).
    public func canSelect(_ ctx: PolicyContext, at position: ItemPosition) -> Bool {
        applyPendingIfIdle()
        if isDisabled { return fallback.canSelect(ctx, at: position) }
        return askBoolean(.canSelect, program.hooks.canSelect, ctx, at: position)
    }

    public func canAdd(_ ctx: PolicyContext, at position: ItemPosition) -> Bool {
        if isDisabled { return fallback.canAdd(ctx, at: position) }
        return askBoolean(.canAdd, program.hooks.canAdd, ctx, at: position)
    }

    private func askBoolean(_ hook: Hook, _ ref: Int32, _ ctx: PolicyContext, at position: ItemPosition) -> Bool {
        let p = program
        guard ref != LUA_NOREF else { return true }
        let base = p.vm.top
        defer { p.vm.setTop(base) }
        let before = p.vm.shim.pointee.charged
        let error = p.call(ref, ctx, ints: (position.section + 1, position.item + 1, 0, 0), nints: 2, nresults: 1)
        meter(p, time: ctx.time, since: before, hook)
        if let e = error {
            failed(hook, in: p, e); return false
        }
        guard p.vm.type(at: -1) == LUA_TBOOLEAN else {
            failed(hook, in: p, typeError(hook, in: p, expected: "a boolean", at: -1)); return false
        }
        succeeded(hook)
        return p.vm.boolean(at: -1)
    }

    private func endDrag() {
        dragging = false
        accounts.pointee.end()
        if !isDisabled { program.resetState() }
        applyPendingIfIdle()
    }

    // MARK: - Keyboard (issue 18)

    /// `announce(ctx, event)`: a string is said, nil says nothing; the built-in text when the
    /// hook is absent or fails (a non-string, non-nil result is a failure).
    public func announce(_ ctx: PolicyContext, event: KeyboardAnnouncement) -> KeyboardSpeech {
        if isDisabled { return fallback.announce(ctx, event: event) }
        let p = program
        let ref = p.hooks.announce
        guard ref != LUA_NOREF else { return .builtIn }
        let base = p.vm.top
        defer { p.vm.setTop(base) }
        let before = p.vm.shim.pointee.charged
        let error = p.call(ref, ctx, ints: (0, 0), nints: 0, push: { vm in Self.pushEvent(event, vm); return 1 }, nresults: 1)
        meter(p, time: ctx.time, since: before, .announce)
        if let e = error { failed(.announce, in: p, e); return .builtIn }
        if p.vm.type(at: -1) == LUA_TNIL { succeeded(.announce); return .silence }
        guard p.vm.type(at: -1) == LUA_TSTRING, let text = p.vm.string(at: -1) else {
            failed(.announce, in: p, typeError(.announce, in: p, expected: "a string or nil", at: -1))
            return .builtIn
        }
        succeeded(.announce)
        return .text(text)
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
        set("group", e.groupCount)   // issue 19
        set("default", e.defaultText)
    }

    /// `actions(ctx, section, row, offered)`: a list of action names replacing `offered`;
    /// `offered` when the hook is absent or fails (an unknown name is a failure).
    public func actions(_ ctx: PolicyContext, at position: ItemPosition, offered: [KeyboardAction]) -> [KeyboardAction] {
        if isDisabled { return fallback.actions(ctx, at: position, offered: offered) }
        let p = program
        let ref = p.hooks.actions
        guard ref != LUA_NOREF else { return offered }
        let base = p.vm.top
        defer { p.vm.setTop(base) }
        let before = p.vm.shim.pointee.charged
        let error = p.call(ref, ctx, ints: (position.section + 1, position.item + 1), nints: 2, push: { vm in
            vm.newTable(arrayCount: Int32(clamping: offered.count))
            for (i, a) in offered.enumerated() { vm.push(a.name); vm.rawSet(at: -2, index: i + 1) }
            return 1
        }, nresults: 1)
        meter(p, time: ctx.time, since: before, .actions)
        if let e = error { failed(.actions, in: p, e); return offered }
        let vm = p.vm
        guard vm.type(at: -1) == LUA_TTABLE else {
            failed(.actions, in: p, typeError(.actions, in: p, expected: "a list of action names", at: -1)); return offered
        }
        var out: [KeyboardAction] = []
        var i = 1
        while i <= 1000, vm.rawGet(at: -1, index: i) != LUA_TNIL {
            guard let name = vm.string(at: -1), let action = KeyboardAction(name: name) else {
                let got = PolicyReader(vm: vm, file: program.file).describe(at: -1)
                let hook = definition(.actions, in: p)
                failed(.actions, hook, LuaError(kind: .type, file: hook.file, line: hook.line,
                                                message: "actions[\(i)]: expected an action name (move_up, move_down, move_to_start, move_to_end, \"move_to_section N\", \"move_to_list NAME\"), got \(got)"))
                return offered
            }
            vm.pop(1)
            out.append(action)
            i += 1
        }
        succeeded(.actions)
        return out
    }

    /// `instructions`: the fixed text, or the hook's (`instructions(ctx, section, row)`); the
    /// built-in text when absent or when the hook fails.
    public func instructions(_ ctx: PolicyContext, at position: ItemPosition) -> String {
        if isDisabled { return fallback.instructions(ctx, at: position) }
        let p = program
        let ref = p.hooks.instructions
        guard ref != LUA_NOREF else { return p.fixed.instructions ?? KeyboardTexts.instructions }
        let base = p.vm.top
        defer { p.vm.setTop(base) }
        let before = p.vm.shim.pointee.charged
        let error = p.call(ref, ctx, ints: (position.section + 1, position.item + 1), nints: 2, push: { _ in 0 }, nresults: 1)
        meter(p, time: ctx.time, since: before, .instructions)
        if let e = error { failed(.instructions, in: p, e); return KeyboardTexts.instructions }
        guard p.vm.type(at: -1) == LUA_TSTRING, let text = p.vm.string(at: -1) else {
            failed(.instructions, in: p, typeError(.instructions, in: p, expected: "a string", at: -1))
            return KeyboardTexts.instructions
        }
        succeeded(.instructions)
        return text
    }
}

/// A back-reference from a VM's output closure to its policy (the policy owns the VM). The
/// policy clears it when it goes or drops the program; not `weak`, because a weak reference
/// gives the policy a side table, which slows every retain and release of it (per hook call).
final class OutputBox {
    unowned(unsafe) var target: LuaPolicy?
}
