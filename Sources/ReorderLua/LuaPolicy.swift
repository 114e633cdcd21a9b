import CLua
import CLuaShim
import ReorderCore

/// A drag policy written in Lua (DESIGN.md section 4), running in a sandbox of its own.
///
/// Static fields are read and validated once at load; hooks are called through registry
/// references with a reused `ctx`, 1-based positions, an instruction budget per call and a
/// memory cap per VM. A hook that errors, runs out of budget or returns a wrong type is
/// reported once (see ``drainDiagnostics()``) and its documented fallback is used; after 3
/// consecutive failures of one hook the policy switches itself off in favour of the native
/// `default` for the rest of the session.
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
    /// Consecutive failed calls of each hook (a success of that hook resets its count).
    private var failureStreaks: [String: Int] = [:]
    private var pendingPrints = 0
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
    public static let maximumSpeed = 1e9
    /// `print` lines kept between two drains (more are counted, not kept).
    public static let printLimit = 1000

    /// Loads a built-in policy (`default`, `uikit`, `jx_movable`, ...).
    public convenience init(named name: String, options: LuaVM.Options = .policy) throws(LuaError) {
        try self.init(source: .builtin(name), options: options)
    }

    /// Loads a policy file; its `extends` paths are relative to it.
    public convenience init(path: String, options: LuaVM.Options = .policy) throws(LuaError) {
        try self.init(source: .file(path), options: options)
    }

    /// Loads a built-in name, or a path when `reference` contains `/` or ends in `.lua`.
    public convenience init(reference: String, options: LuaVM.Options = .policy) throws(LuaError) {
        let isPath = reference.contains("/") || reference.hasSuffix(".lua")
        try self.init(source: isPath ? .file(reference) : .builtin(reference), options: options)
    }

    public init(source: PolicySource, options: LuaVM.Options = .policy) throws(LuaError) {
        self.source = source
        self.options = options
        let box = OutputBox()
        program = try PolicyProgram.load(source: source, options: options, output: { box.target?.receive($0) })
        program.outputBox = box
        box.target = self
        diagnostics += program.warnings
    }

    /// A policy from the table at `index` of a trusted VM (a spec's inline
    /// `policy = { extends = "uikit", ... }`): its functions run in that VM with the policy
    /// budget; its `extends` resolves from `baseDirectory` (or the working directory).
    public init(tableAt index: Int32, in vm: LuaVM, chunkName: String = "inline policy",
                baseDirectory: String? = nil) throws(LuaError) {
        self.source = .table
        self.options = vm.options
        program = try PolicyProgram.load(tableAt: index, in: vm, chunkName: chunkName, baseDirectory: baseDirectory)
        diagnostics += program.warnings
    }

    /// The static fields. A reload staged during a drag is applied here once the drag is over.
    public var configuration: PolicyConfiguration {
        applyPendingIfIdle()
        return isDisabled ? fallback.configuration : program.configuration
    }

    /// The VM running the hooks (for statistics and benchmarks).
    public var vm: LuaVM { program.vm }

    /// The policy's file name as Lua names it (`kanban.lua`).
    public var file: String { program.file }

    deinit {
        program.outputBox?.target = nil
        pending?.outputBox?.target = nil
    }

    // MARK: - Reload

    /// Reloads the policy from its source. On failure the old policy stays and the error is
    /// reported (and thrown). During a drag the new one takes effect at the next drag.
    public func reload() throws(LuaError) {
        guard source != .table else {
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
        failureStreaks = [:]
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
            diagnostics.append(PolicyDiagnostic(kind: .warning, message: "\(program.file): warning: \(text)", file: program.file))
        }
    }

    public func drainDiagnostics() -> [PolicyDiagnostic] {
        var out = diagnostics
        if pendingPrints > Self.printLimit {
            out.append(PolicyDiagnostic(kind: .warning, message: "\(program.file): \(pendingPrints - Self.printLimit) more print lines dropped",
                                        file: program.file))
        }
        diagnostics = []
        pendingPrints = 0
        return out
    }

    /// Records a failed hook call: reported once per hook; 3 failed calls in a row of one hook
    /// switch the policy off (other hooks succeeding in between do not reset the count, so a
    /// `target` that loops every frame cannot slow every frame of the session).
    private func failed(_ hook: String, _ ref: HookRef, _ error: LuaError) {
        let streak = (failureStreaks[hook] ?? 0) + 1
        failureStreaks[hook] = streak
        if !reported.contains(hook) {
            reported.insert(hook)
            let file = error.file ?? ref.file
            let line = error.line ?? ref.line
            diagnostics.append(PolicyDiagnostic(kind: .hookError, message: "\(file):\(line): \(hook): \(error.message)",
                                                file: file, line: line, hook: hook, traceback: error.traceback))
        }
        if streak >= Self.failureLimit && !isDisabled {
            disabled = true
            diagnostics.append(PolicyDiagnostic(kind: .disabled,
                message: "\(program.file): policy '\(program.configuration.name)' switched off after \(Self.failureLimit) consecutive failures; using default for the rest of this session",
                file: program.file, hook: hook))
        }
    }

    @inline(__always) private func succeeded(_ hook: StaticString) {
        if !failureStreaks.isEmpty { failureStreaks["\(hook)"] = nil }
    }

    private func typeError(_ ref: HookRef, expected: String, at index: Int32) -> LuaError {
        let reader = PolicyReader(vm: program.vm, file: ref.file)
        return LuaError(kind: .type, file: ref.file, line: ref.line, message: "expected \(expected), got \(reader.describe(at: index))")
    }

    // MARK: - DragPolicy

    public func canMove(_ ctx: PolicyContext, at position: ItemPosition) -> Bool {
        applyPendingIfIdle()
        if isDisabled { return fallback.canMove(ctx, at: position) }
        guard let hook = program.fields.canMove else { return true }
        let p = program
        let base = p.vm.top
        defer { p.vm.setTop(base) }
        if let e = p.call(hook, ctx, ints: (position.section + 1, position.item + 1, 0, 0), nints: 2, nresults: 1) {
            failed("can_move", hook, e); return false
        }
        guard p.vm.type(at: -1) == LUA_TBOOLEAN else {
            failed("can_move", hook, typeError(hook, expected: "a boolean", at: -1)); return false
        }
        succeeded("can_move")
        return p.vm.boolean(at: -1)
    }

    public func target(_ ctx: PolicyContext, from: ItemPosition, proposed: ItemPosition) -> ItemPosition? {
        if isDisabled { return fallback.target(ctx, from: from, proposed: proposed) }
        guard let hook = program.fields.target else { return proposed }
        let p = program
        let base = p.vm.top
        defer { p.vm.setTop(base) }
        if let e = p.call(hook, ctx, ints: (from.section + 1, from.item + 1, proposed.section + 1, proposed.item + 1),
                          nints: 4, nresults: 2) {
            failed("target", hook, e); return nil
        }
        let vm = p.vm
        if vm.type(at: -2) == LUA_TNIL && vm.type(at: -1) == LUA_TNIL { succeeded("target"); return nil }
        guard vm.type(at: -2) == LUA_TNUMBER, vm.type(at: -1) == LUA_TNUMBER,
              let s = vm.integer(at: -2), let r = vm.integer(at: -1) else {
            let what = "two integers (section, row) or nil, got \(PolicyReader(vm: vm, file: hook.file).describe(at: -2)), "
                + PolicyReader(vm: vm, file: hook.file).describe(at: -1)
            failed("target", hook, LuaError(kind: .type, file: hook.file, line: hook.line, message: "expected \(what)"))
            return nil
        }
        // In range: an existing row, or one past the end of another section (a move there).
        let sections = ctx.sections
        let inRange = s >= 1 && s <= sections && r >= 1 &&
            (r <= ctx.count(s - 1) || (s - 1 != from.section && r == ctx.count(s - 1) + 1))
        guard inRange else {
            failed("target", hook, LuaError(kind: .type, file: hook.file, line: hook.line,
                                            message: "target \(s), \(r) is out of range (\(sections) sections)"))
            return nil
        }
        succeeded("target")
        return ItemPosition(section: s - 1, item: r - 1)
    }

    public func semantics(_ ctx: PolicyContext, from: ItemPosition, to: ItemPosition) -> Semantics {
        if isDisabled { return fallback.semantics(ctx, from: from, to: to) }
        switch program.fields.semantics {
        case nil: return .move
        case .fixed(let s)?: return s
        case .hook(let hook)?:
            let p = program
            let base = p.vm.top
            defer { p.vm.setTop(base) }
            if let e = p.call(hook, ctx, ints: (from.section + 1, from.item + 1, to.section + 1, to.item + 1), nints: 4, nresults: 1) {
                failed("semantics", hook, e); return .move
            }
            guard let name = p.vm.string(at: -1), let s = Semantics(rawValue: name) else {
                failed("semantics", hook, typeError(hook, expected: "\"move\" or \"exchange\"", at: -1)); return .move
            }
            succeeded("semantics")
            return s
        }
    }

    public func edgeZone(_ ctx: PolicyContext, axis: Axis, viewportLength: Double) -> Double {
        if isDisabled { return fallback.edgeZone(ctx, axis: axis, viewportLength: viewportLength) }
        switch program.fields.zone {
        case nil: return 0
        case .fixed(let z)?: return z
        case .hook(let hook)?:
            let p = program
            let base = p.vm.top
            defer { p.vm.setTop(base) }
            // zone(ctx, axis, viewport_length)
            if let e = p.call(hook, ctx, ints: (0, 0, 0, 0), nints: 0, numbers: (viewportLength, 0, 0), nnumbers: 1,
                              axis: axis, axisFirst: true, nresults: 1) {
                failed("zone", hook, e); return 0
            }
            guard let z = p.vm.number(at: -1) else {
                failed("zone", hook, typeError(hook, expected: "a number", at: -1)); return 0
            }
            guard z.isFinite, z >= 0 else {
                failed("zone", hook, typeError(hook, expected: "a finite number >= 0", at: -1)); return 0
            }
            succeeded("zone")
            return z
        }
    }

    public func scrollSpeed(_ ctx: PolicyContext, axis: Axis, depth: Double, zone: Double, elapsed: Double) -> Double {
        if isDisabled { return fallback.scrollSpeed(ctx, axis: axis, depth: depth, zone: zone, elapsed: elapsed) }
        switch program.fields.speed {
        case nil: return 0
        case .fixed(let v)?: return v
        case .hook(let hook)?:
            let p = program
            let base = p.vm.top
            defer { p.vm.setTop(base) }
            if let e = p.call(hook, ctx, ints: (0, 0, 0, 0), nints: 0, numbers: (depth, zone, elapsed), nnumbers: 3,
                              axis: axis, nresults: 1) {
                failed("speed", hook, e); return 0
            }
            guard let v = p.vm.number(at: -1) else {
                failed("speed", hook, typeError(hook, expected: "a number", at: -1)); return 0
            }
            succeeded("speed")
            // Clamped to be finite and non-negative (DESIGN.md section 4).
            if v.isNaN || v <= 0 { return 0 }
            return min(v, Self.maximumSpeed)
        }
    }

    public func onBegin(_ ctx: PolicyContext, at position: ItemPosition) {
        applyPendingIfIdle()
        dragging = true
        if isDisabled { return fallback.onBegin(ctx, at: position) }
        program.resetState()
        guard let hook = program.fields.onBegin else { return }
        let p = program
        let base = p.vm.top
        defer { p.vm.setTop(base) }
        if let e = p.call(hook, ctx, ints: (position.section + 1, position.item + 1, 0, 0), nints: 2, nresults: 0) {
            failed("on_begin", hook, e)
        } else { succeeded("on_begin") }
    }

    public func onMove(_ ctx: PolicyContext, from: ItemPosition, to: ItemPosition) {
        if isDisabled { return fallback.onMove(ctx, from: from, to: to) }
        guard let hook = program.fields.onMove else { return }
        let p = program
        let base = p.vm.top
        defer { p.vm.setTop(base) }
        if let e = p.call(hook, ctx, ints: (from.section + 1, from.item + 1, to.section + 1, to.item + 1), nints: 4, nresults: 0) {
            failed("on_move", hook, e)
        } else { succeeded("on_move") }
    }

    public func onEnd(_ ctx: PolicyContext, from: ItemPosition, to: ItemPosition) -> Bool {
        defer { endDrag() }
        if isDisabled { return fallback.onEnd(ctx, from: from, to: to) }
        guard let hook = program.fields.onEnd else { return true }
        let p = program
        let base = p.vm.top
        defer { p.vm.setTop(base) }
        if let e = p.call(hook, ctx, ints: (from.section + 1, from.item + 1, to.section + 1, to.item + 1), nints: 4, nresults: 1) {
            failed("on_end", hook, e); return true
        }
        guard p.vm.type(at: -1) == LUA_TBOOLEAN else {
            failed("on_end", hook, typeError(hook, expected: "a boolean", at: -1)); return true
        }
        succeeded("on_end")
        return p.vm.boolean(at: -1)
    }

    public func onCancel(_ ctx: PolicyContext) -> CancelResolution {
        defer { endDrag() }
        if isDisabled { return fallback.onCancel(ctx) }
        switch program.fields.onCancel {
        case nil: return .revert
        case .fixed(let r)?: return r
        case .hook(let hook)?:
            let p = program
            let base = p.vm.top
            defer { p.vm.setTop(base) }
            if let e = p.call(hook, ctx, ints: (0, 0, 0, 0), nints: 0, nresults: 1) {
                failed("on_cancel", hook, e); return .revert
            }
            guard let name = p.vm.string(at: -1), let r = CancelResolution(rawValue: name) else {
                failed("on_cancel", hook, typeError(hook, expected: "\"revert\" or \"commit\"", at: -1)); return .revert
            }
            succeeded("on_cancel")
            return r
        }
    }

    private func endDrag() {
        dragging = false
        if !isDisabled { program.resetState() }
        applyPendingIfIdle()
    }
}

/// A back-reference from a VM's output closure to its policy (the policy owns the VM). The
/// policy clears it when it goes or drops the program; not `weak`, because a weak reference
/// gives the policy a side table, which slows every retain and release of it (per hook call).
final class OutputBox {
    unowned(unsafe) var target: LuaPolicy?
}
