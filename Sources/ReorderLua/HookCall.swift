import CLua
import ReorderCore

/// How the host calls one hook of a Lua policy: the arguments it pushes after `ctx`, how it
/// reads the results, and what answers when the hook is absent, when a call fails, and once the
/// policy is switched off.
///
/// ``LuaPolicy`` calls every hook through one path (`LuaPolicy.ask`), which does the rest the
/// same way for all: the switched-off check, the instruction budget and the frame meter, the
/// failure report (once per hook, with file, line, hook and message), the fallback, and the
/// switch-off after ``LuaPolicy/failureLimit`` failures in a row. A new hook is its ``Hook``
/// case, one conforming type here and the `DragPolicy` method that asks it; `can_select` is:
///
/// ```swift
/// enum CanSelect: ItemQuestion {
///     static var hook: Hook { .canSelect }
///     static func native(_ p: DefaultPolicy, _ ctx: PolicyContext, _ a: ItemPosition) -> Bool { p.canSelect(ctx, at: a) }
/// }
/// public func canSelect(_ ctx: PolicyContext, at position: ItemPosition) -> Bool { ask(Hooks.CanSelect.self, ctx, position) }
/// ```
///
/// The requirements are static, so the path is specialised for each hook and nothing is
/// dispatched at run time.
protocol HookCall {
    /// What the `DragPolicy` method passes on (0-based positions; pushed 1-based).
    associatedtype Arguments
    /// What the `DragPolicy` method returns.
    associatedtype Answer
    static var hook: Hook { get }
    /// How many results the call keeps on the stack for ``read(_:_:_:)``.
    static var results: Int32 { get }
    /// Pushes the arguments that follow `ctx`; returns how many.
    static func push(_ a: Arguments, to p: PolicyProgram) -> Int32
    /// The answer in the results (at -`results`...-1), or what is wrong with them.
    static func read(_ p: PolicyProgram, _ a: Arguments, _ ctx: PolicyContext) -> HookReading<Answer>
    /// The answer of a policy without the hook: the field's fixed value, or the documented
    /// default (docs/POLICIES.md).
    static func absent(_ a: Arguments, _ fixed: FixedValues) -> Answer
    /// The documented fallback of a failed call (docs/POLICIES.md, "When a hook fails").
    static func fallback(_ a: Arguments) -> Answer
    /// The answer of the native `default` that stands in once the policy is switched off.
    static func native(_ p: DefaultPolicy, _ ctx: PolicyContext, _ a: Arguments) -> Answer
}

/// The results of a hook call as read: the answer, or the message saying what the hook should
/// have returned (`expected a boolean, got string "yes"`).
enum HookReading<Answer> {
    case value(Answer)
    case wrong(String)

    /// "expected `what`, got" the value at `index`.
    static func expected(_ what: String, _ p: PolicyProgram, at index: Int32 = -1) -> HookReading {
        .wrong("expected \(what), got \(p.describe(at: index))")
    }
}

extension HookReading where Answer == Bool {
    /// The boolean on top of the stack (any other type is wrong).
    @inline(__always)
    static func boolean(_ p: PolicyProgram) -> HookReading {
        p.vm.type(at: -1) == LUA_TBOOLEAN ? .value(p.vm.boolean(at: -1)) : .expected("a boolean", p)
    }
}

extension HookCall where Answer == Void {
    static var results: Int32 { 0 }
    static func read(_ p: PolicyProgram, _ a: Arguments, _ ctx: PolicyContext) -> HookReading<Void> { .value(()) }
    static func absent(_ a: Arguments, _ fixed: FixedValues) {}
    static func fallback(_ a: Arguments) {}
}

/// A hook that answers yes or no: it returns a boolean; absent: yes; a failure: no, unless the
/// hook says otherwise (`on_end`'s failure lets the drop land).
protocol YesNoHook: HookCall where Answer == Bool {}

extension YesNoHook {
    static var results: Int32 { 1 }
    @inline(__always)
    static func read(_ p: PolicyProgram, _ a: Arguments, _ ctx: PolicyContext) -> HookReading<Bool> { .boolean(p) }
    static func absent(_ a: Arguments, _ fixed: FixedValues) -> Bool { true }
    static func fallback(_ a: Arguments) -> Bool { false }
}

/// A yes-or-no hook about one item (`can_move`, `can_select`, `can_add`):
/// `hook(ctx, section, row)`.
protocol ItemQuestion: YesNoHook where Arguments == ItemPosition {}

extension ItemQuestion {
    @inline(__always)
    static func push(_ a: ItemPosition, to p: PolicyProgram) -> Int32 { p.push(a); return 2 }
}

/// A hook answering one of a few names, or a field given as one of them (`semantics`,
/// `on_cancel`); absent and on failure: `otherwise`.
protocol ChoiceHook: HookCall where Answer: RawRepresentable<String> {
    /// The names, as a message lists them.
    static var expected: String { get }
    static var otherwise: Answer { get }
    /// The field's fixed value, when it is one.
    static func fixed(_ f: FixedValues) -> Answer?
}

extension ChoiceHook {
    static var results: Int32 { 1 }
    static func read(_ p: PolicyProgram, _ a: Arguments, _ ctx: PolicyContext) -> HookReading<Answer> {
        guard let name = p.vm.string(at: -1), let v = Answer(rawValue: name) else { return .expected(expected, p) }
        return .value(v)
    }
    static func absent(_ a: Arguments, _ fixed: FixedValues) -> Answer { Self.fixed(fixed) ?? otherwise }
    static func fallback(_ a: Arguments) -> Answer { otherwise }
}

/// A `from`, `to` pair of positions, pushed as `from_s, from_r, to_s, to_r`.
typealias Step = (from: ItemPosition, to: ItemPosition)

/// A hook whose arguments after `ctx` are two positions, `from_s, from_r, to_s, to_r` (a step's,
/// or the dragged item's and the one it would be dropped onto).
protocol StepHook: HookCall where Arguments == Step {}

extension StepHook {
    @inline(__always)
    static func push(_ a: Step, to p: PolicyProgram) -> Int32 { p.push(a.from); p.push(a.to); return 4 }
}

/// The hooks (docs/POLICIES.md, "Hooks"), one declaration each.
enum Hooks {
    enum CanMove: ItemQuestion {
        static var hook: Hook { .canMove }
        static func native(_ p: DefaultPolicy, _ ctx: PolicyContext, _ a: ItemPosition) -> Bool { p.canMove(ctx, at: a) }
    }

    enum CanSelect: ItemQuestion {
        static var hook: Hook { .canSelect }
        static func native(_ p: DefaultPolicy, _ ctx: PolicyContext, _ a: ItemPosition) -> Bool { p.canSelect(ctx, at: a) }
    }

    enum CanAdd: ItemQuestion {
        static var hook: Hook { .canAdd }
        static func native(_ p: DefaultPolicy, _ ctx: PolicyContext, _ a: ItemPosition) -> Bool { p.canAdd(ctx, at: a) }
    }

    /// `can_nest(ctx, item, parent)`: the ids of a lifted tree node and of the node it would go
    /// under; a boolean. Absent: yes; a failure: no.
    enum CanNest: YesNoHook {
        static var hook: Hook { .canNest }
        static func push(_ a: (item: String, parent: String), to p: PolicyProgram) -> Int32 {
            p.vm.push(a.item); p.vm.push(a.parent); return 2
        }
        static func native(_ p: DefaultPolicy, _ ctx: PolicyContext, _ a: (item: String, parent: String)) -> Bool {
            p.canNest(ctx, item: a.item, parent: a.parent)
        }
    }

    /// `combine(ctx, from_s, from_r, onto_s, onto_r)`: may the dragged item be dropped onto the
    /// other; absent: yes; a failure: no (the pair reorders as if combining were off).
    enum Combine: StepHook, YesNoHook {
        static var hook: Hook { .combine }
        static func native(_ p: DefaultPolicy, _ ctx: PolicyContext, _ a: Step) -> Bool { p.combine(ctx, from: a.from, onto: a.to) }
    }

    /// `target(ctx, from_s, from_r, to_s, to_r)`: a position or nil (no move now). A position
    /// must be an item, or one past the last row of another section (a move there).
    enum Target: StepHook {
        static var hook: Hook { .target }
        static var results: Int32 { 2 }
        @inline(__always)
        static func read(_ p: PolicyProgram, _ a: Step, _ ctx: PolicyContext) -> HookReading<ItemPosition?> {
            let vm = p.vm
            if vm.type(at: -2) == LUA_TNIL && vm.type(at: -1) == LUA_TNIL { return .value(nil) }
            guard vm.type(at: -2) == LUA_TNUMBER, vm.type(at: -1) == LUA_TNUMBER,
                  let s = vm.integer(at: -2), let r = vm.integer(at: -1) else {
                return .wrong("expected two integers (section, row) or nil, got \(p.describe(at: -2)), \(p.describe(at: -1))")
            }
            let sections = ctx.sections
            let inRange = s >= 1 && s <= sections && r >= 1 &&
                (r <= ctx.count(s - 1) || (s - 1 != a.from.section && r == ctx.count(s - 1) + 1))
            guard inRange else { return .wrong("target \(s), \(r) is out of range (\(sections) sections)") }
            return .value(ItemPosition(section: s - 1, item: r - 1))
        }
        static func absent(_ a: Step, _ fixed: FixedValues) -> ItemPosition? { a.to }
        static func fallback(_ a: Step) -> ItemPosition? { nil }
        static func native(_ p: DefaultPolicy, _ ctx: PolicyContext, _ a: Step) -> ItemPosition? {
            p.target(ctx, from: a.from, proposed: a.to)
        }
    }

    enum Semantics: ChoiceHook, StepHook {
        static var hook: Hook { .semantics }
        static var expected: String { "\"move\" or \"exchange\"" }
        static var otherwise: ReorderCore.Semantics { .move }
        static func fixed(_ f: FixedValues) -> ReorderCore.Semantics? { f.semantics }
        static func native(_ p: DefaultPolicy, _ ctx: PolicyContext, _ a: Step) -> ReorderCore.Semantics {
            p.semantics(ctx, from: a.from, to: a.to)
        }
    }

    enum OnCancel: ChoiceHook {
        static var hook: Hook { .onCancel }
        static var expected: String { "\"revert\" or \"commit\"" }
        static var otherwise: CancelResolution { .revert }
        static func fixed(_ f: FixedValues) -> CancelResolution? { f.onCancel }
        static func push(_ a: Void, to p: PolicyProgram) -> Int32 { 0 }
        static func native(_ p: DefaultPolicy, _ ctx: PolicyContext, _ a: Void) -> CancelResolution { p.onCancel(ctx) }
    }

    /// `zone(ctx, axis, viewport_length)`: a finite number >= 0.
    enum Zone: HookCall {
        static var hook: Hook { .zone }
        static var results: Int32 { 1 }
        @inline(__always)
        static func push(_ a: (axis: Axis, viewportLength: Double), to p: PolicyProgram) -> Int32 {
            p.push(a.axis); p.push(a.viewportLength); return 2
        }
        @inline(__always)
        static func read(_ p: PolicyProgram, _ a: (axis: Axis, viewportLength: Double), _ ctx: PolicyContext) -> HookReading<Double> {
            guard let v = p.vm.number(at: -1) else { return .expected("a number", p) }
            return v.isFinite && v >= 0 ? .value(v) : .expected("a finite number >= 0", p)
        }
        static func absent(_ a: (axis: Axis, viewportLength: Double), _ fixed: FixedValues) -> Double { fixed.zone ?? 0 }
        static func fallback(_ a: (axis: Axis, viewportLength: Double)) -> Double { 0 }
        static func native(_ p: DefaultPolicy, _ ctx: PolicyContext, _ a: (axis: Axis, viewportLength: Double)) -> Double {
            p.edgeZone(ctx, axis: a.axis, viewportLength: a.viewportLength)
        }
    }

    /// `speed(ctx, depth, zone, elapsed, axis, dt)`: a number (``LuaPolicy`` clamps it). `dt`
    /// is `ctx.dt`, given as an argument so that a speed per display frame (pixels / dt) reads
    /// no field of `ctx` (a read of a number of `ctx` that changed is a call into the host).
    enum Speed: HookCall {
        typealias Arguments = (axis: Axis, depth: Double, zone: Double, elapsed: Double, dt: Double)
        static var hook: Hook { .speed }
        static var results: Int32 { 1 }
        @inline(__always)
        static func push(_ a: Arguments, to p: PolicyProgram) -> Int32 {
            p.push(a.depth); p.push(a.zone); p.push(a.elapsed); p.push(a.axis); p.push(a.dt)
            return 5
        }
        @inline(__always)
        static func read(_ p: PolicyProgram, _ a: Arguments, _ ctx: PolicyContext) -> HookReading<Double> {
            guard let v = p.vm.number(at: -1) else { return .expected("a number", p) }
            return .value(v)
        }
        static func absent(_ a: Arguments, _ fixed: FixedValues) -> Double { fixed.speed ?? 0 }
        static func fallback(_ a: Arguments) -> Double { 0 }
        static func native(_ p: DefaultPolicy, _ ctx: PolicyContext, _ a: Arguments) -> Double {
            p.scrollSpeed(ctx, axis: a.axis, depth: a.depth, zone: a.zone, elapsed: a.elapsed)
        }
    }

    enum OnBegin: HookCall {
        static var hook: Hook { .onBegin }
        static func push(_ a: ItemPosition, to p: PolicyProgram) -> Int32 { p.push(a); return 2 }
        static func native(_ p: DefaultPolicy, _ ctx: PolicyContext, _ a: ItemPosition) { p.onBegin(ctx, at: a) }
    }

    enum OnMove: StepHook {
        static var hook: Hook { .onMove }
        static func native(_ p: DefaultPolicy, _ ctx: PolicyContext, _ a: Step) { p.onMove(ctx, from: a.from, to: a.to) }
    }

    /// `on_end(ctx, from_s, from_r, to_s, to_r)`: false vetoes the drop; absent or failed: true.
    enum OnEnd: StepHook, YesNoHook {
        static var hook: Hook { .onEnd }
        static func fallback(_ a: Step) -> Bool { true }
        static func native(_ p: DefaultPolicy, _ ctx: PolicyContext, _ a: Step) -> Bool { p.onEnd(ctx, from: a.from, to: a.to) }
    }

    /// `announce(ctx, event)`: a string is said, nil says nothing; the built-in text when the
    /// hook is absent or fails (a non-string, non-nil result is a failure).
    enum Announce: HookCall {
        static var hook: Hook { .announce }
        static var results: Int32 { 1 }
        static func push(_ e: KeyboardAnnouncement, to p: PolicyProgram) -> Int32 { LuaPolicy.pushEvent(e, p.vm); return 1 }
        static func read(_ p: PolicyProgram, _ e: KeyboardAnnouncement, _ ctx: PolicyContext) -> HookReading<KeyboardSpeech> {
            if p.vm.type(at: -1) == LUA_TNIL { return .value(.silence) }
            var length = 0
            guard p.vm.type(at: -1) == LUA_TSTRING, let text = lua_tolstring(p.vm.L, -1, &length) else {
                return .expected("a string or nil", p)
            }
            // Read in place and cut to the bound: a 3 MiB text costs a copy of 1,000 bytes.
            return .value(text.withMemoryRebound(to: UInt8.self, capacity: length) {
                KeyboardSpeech.clipped(utf8: UnsafeBufferPointer(start: $0, count: length))
            })
        }
        static func absent(_ e: KeyboardAnnouncement, _ fixed: FixedValues) -> KeyboardSpeech { .builtIn }
        static func fallback(_ e: KeyboardAnnouncement) -> KeyboardSpeech { .builtIn }
        static func native(_ p: DefaultPolicy, _ ctx: PolicyContext, _ e: KeyboardAnnouncement) -> KeyboardSpeech {
            p.announce(ctx, event: e)
        }
    }

    /// `actions(ctx, section, row, offered)`: a list of action names replacing `offered`;
    /// `offered` when the hook is absent or fails (an unknown name is a failure).
    enum Actions: HookCall {
        typealias Arguments = (at: ItemPosition, offered: [KeyboardAction])
        /// The longest list read.
        static let maximumCount = 1000
        static var hook: Hook { .actions }
        static var results: Int32 { 1 }
        static func push(_ a: Arguments, to p: PolicyProgram) -> Int32 {
            p.push(a.at)
            p.vm.newTable(arrayCount: Int32(clamping: a.offered.count))
            for (i, action) in a.offered.enumerated() { p.vm.push(action.name); p.vm.rawSet(at: -2, index: i + 1) }
            return 3
        }
        static func read(_ p: PolicyProgram, _ a: Arguments, _ ctx: PolicyContext) -> HookReading<[KeyboardAction]> {
            let vm = p.vm
            guard vm.type(at: -1) == LUA_TTABLE else { return .expected("a list of action names", p) }
            var out: [KeyboardAction] = []
            var i = 1
            while i <= maximumCount, vm.rawGet(at: -1, index: i) != LUA_TNIL {
                guard let name = vm.string(at: -1), let action = KeyboardAction(name: name) else {
                    return .wrong("actions[\(i)]: expected an action name (move_up, move_down, move_to_start, move_to_end, "
                                  + "\"move_to_section N\", \"move_to_list NAME\"), got \(p.describe(at: -1))")
                }
                vm.pop(1)
                out.append(action)
                i += 1
            }
            return .value(out)
        }
        static func absent(_ a: Arguments, _ fixed: FixedValues) -> [KeyboardAction] { a.offered }
        static func fallback(_ a: Arguments) -> [KeyboardAction] { a.offered }
        static func native(_ p: DefaultPolicy, _ ctx: PolicyContext, _ a: Arguments) -> [KeyboardAction] {
            p.actions(ctx, at: a.at, offered: a.offered)
        }
    }

    /// `instructions`: the fixed text, or the hook's (`instructions(ctx, section, row)`); the
    /// built-in text when absent or when the hook fails.
    enum Instructions: HookCall {
        static var hook: Hook { .instructions }
        static var results: Int32 { 1 }
        static func push(_ a: ItemPosition, to p: PolicyProgram) -> Int32 { p.push(a); return 2 }
        static func read(_ p: PolicyProgram, _ a: ItemPosition, _ ctx: PolicyContext) -> HookReading<String> {
            guard p.vm.type(at: -1) == LUA_TSTRING, let text = p.vm.string(at: -1) else { return .expected("a string", p) }
            return .value(text)
        }
        static func absent(_ a: ItemPosition, _ fixed: FixedValues) -> String { fixed.instructions ?? KeyboardTexts.instructions }
        static func fallback(_ a: ItemPosition) -> String { KeyboardTexts.instructions }
        static func native(_ p: DefaultPolicy, _ ctx: PolicyContext, _ a: ItemPosition) -> String { p.instructions(ctx, at: a) }
    }
}
