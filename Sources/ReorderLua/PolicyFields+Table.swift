import CLua
import CLuaShim
import ReorderCore

/// How one kind of value is read from a policy table, written back for Lua (`s:config()`) and
/// described in docs/POLICIES.md.
struct FieldKind<V: Hashable & Sendable>: Sendable {
    /// What the field takes, in the docs (`number, seconds, in 0...10`).
    let takes: String
    /// Reads the value on top of the stack (never nil), checking it; `path` names the field in
    /// messages. The caller restores the stack.
    let read: @Sendable (inout PolicyReader, _ path: String) throws(LuaError) -> V
    /// The value as a policy file would write it.
    let lua: @Sendable (V) -> LuaValue
    /// Checks a value a native policy's configuration holds, named `path` in the message (nil:
    /// every value of the type is allowed). ``PolicyConfiguration/validate()`` runs it.
    var check: (@Sendable (V, _ path: String) throws(ValidationError) -> Void)? = nil
}

/// One field of a policy table: its Lua path, what it takes and how it is checked, its
/// default, how `extends` merges it, its documentation and where it goes in
/// `PolicyConfiguration`. Reading, merging, building the configuration, the messages of
/// validation, `s:config()` and the field table of docs/POLICIES.md all come from
/// ``PolicyField/all``: adding a field is adding a descriptor there (and using the value in
/// the engine).
///
/// ```swift
/// PolicyField.value("snapshot.alpha", .number(Limits.alpha), \.snapshot.alpha,
///                   doc: "Opacity of the lifted snapshot.")
/// ```
public struct PolicyField: Sendable {
    /// How a file's value and its `extends` parent's combine.
    enum Merge: Sendable {
        /// The file's value when it gives one, else its parent's (and so on up to `default`).
        case inherited
        /// Only the file's own value counts (`name`, `extends`, `api`).
        case own
    }

    /// The path in a policy table: `"snapshot.shadow.opacity"`.
    let path: String
    /// What it takes, for the docs.
    let takes: String
    /// The value when no file of the chain gives it, for the docs.
    let defaultText: String
    /// What it does, for the docs.
    let doc: String
    let merge: Merge
    /// The hook, when the field may be a function.
    let hook: Hook?
    /// What the engine uses when the hook fails (docs).
    let fallback: String
    let read: @Sendable (inout PolicyReader, _ path: String) throws(LuaError) -> FieldValue
    /// Sets the value in a configuration (nil: the field is not part of `PolicyConfiguration`).
    let apply: (@Sendable (FieldValue, inout PolicyConfiguration) -> Void)?
    /// The value of a configuration as a policy file writes it (`s:config()`).
    let luaValue: (@Sendable (PolicyConfiguration) -> LuaValue)?
    /// Checks the value of a configuration built in Swift (a native policy's), as reading a
    /// file checks it: ``PolicyConfiguration/validate()`` (nil: nothing to check).
    var validate: (@Sendable (PolicyConfiguration) throws(ValidationError) -> Void)? = nil
    /// A hook's row of the hooks table of docs/POLICIES.md (nil for a plain field).
    var hookDoc: HookDoc? = nil

    /// The longest `description` a policy may give, in characters.
    public static let maximumDescriptionLength = 160

    /// The last component of the path (`"opacity"`).
    var key: Substring { path.split(separator: ".").last ?? Substring(path) }

    /// A static field stored at `keyPath` of `PolicyConfiguration` (its default is the
    /// configuration's).
    static func value<V>(_ path: String, _ kind: FieldKind<V>,
                         _ keyPath: WritableKeyPath<PolicyConfiguration, V> & Sendable, doc: String) -> PolicyField {
        let engineDefault = PolicyConfiguration(name: "")[keyPath: keyPath]
        var validate: (@Sendable (PolicyConfiguration) throws(ValidationError) -> Void)?
        if let check = kind.check {
            validate = { (c: PolicyConfiguration) throws(ValidationError) -> Void in try check(c[keyPath: keyPath], path) }
        }
        return PolicyField(
            path: path, takes: kind.takes, defaultText: "`" + PolicyField.literal(kind.lua(engineDefault)) + "`", doc: doc,
            merge: .inherited, hook: nil, fallback: "",
            read: { r, p throws(LuaError) in .value(try kind.read(&r, p)) },
            apply: { v, c in
                if case .value(let a) = v, let x = a as? V { c[keyPath: keyPath] = x }
            },
            luaValue: { c in kind.lua(c[keyPath: keyPath]) },
            validate: validate)
    }

    /// A field of the file itself (not inherited, not in the configuration's engine fields).
    static func own<V>(_ path: String, _ kind: FieldKind<V>, defaultText: String, doc: String,
                       luaValue: (@Sendable (PolicyConfiguration) -> LuaValue)? = nil) -> PolicyField {
        PolicyField(path: path, takes: kind.takes, defaultText: defaultText, doc: doc, merge: .own, hook: nil,
                    fallback: "", read: { r, p throws(LuaError) in .value(try kind.read(&r, p)) },
                    apply: nil, luaValue: luaValue)
    }

    /// A hook: a function only (`takes` is its signature).
    static func hook(_ path: String, _ hook: Hook, takes: String, returning: String? = nil, defaultText: String,
                     fallback: String, doc: String, _ hookDoc: HookDoc) -> PolicyField {
        PolicyField(path: path, takes: "`" + takes + "`" + (returning.map { " returning " + $0 } ?? ""), defaultText: defaultText, doc: doc, merge: .inherited, hook: hook,
                    fallback: fallback,
                    read: { r, p throws(LuaError) in
                        guard r.vm.type(at: -1) == LUA_TFUNCTION else { throw r.fail(p, "a function", at: -1) }
                        return .hook(r.makeHook())
                    },
                    apply: nil, luaValue: nil, hookDoc: hookDoc.signed(path, takes))
    }

    /// A field that is a fixed value of `kind` or a function computing it.
    static func hook<V>(_ path: String, _ hook: Hook, _ kind: FieldKind<V>, function: String, returning: String,
                        defaultText: String, fallback: String, doc: String, _ hookDoc: HookDoc) -> PolicyField {
        PolicyField(path: path, takes: kind.takes + ", or `" + function + "` returning " + returning,
                    defaultText: defaultText, doc: doc,
                    merge: .inherited, hook: hook, fallback: fallback,
                    read: { r, p throws(LuaError) in
                        if r.vm.type(at: -1) == LUA_TFUNCTION { return .hook(r.makeHook()) }
                        return .value(try kind.read(&r, p))
                    },
                    apply: nil, luaValue: nil, hookDoc: hookDoc.signed(path, function))
    }

    /// The position in ``all`` of each path.
    static let indices: [String: Int] = Dictionary(uniqueKeysWithValues: all.enumerated().map { ($0.element.path, $0.offset) })

    /// The path of each hook's field.
    static let paths: [Hook: String] = Dictionary(uniqueKeysWithValues: all.compactMap { f in f.hook.map { ($0, f.path) } })
}

/// A hook's row of the hooks table of docs/POLICIES.md: when the engine calls it, what its
/// arguments are and what it returns (the signature comes from the descriptor).
struct HookDoc: Sendable {
    /// `can_move(ctx, section, row)`, filled in by the descriptor.
    var signature = ""
    let called: String
    let arguments: String
    let returns: String

    init(called: String, arguments: String, returns: String) {
        self.called = called; self.arguments = arguments; self.returns = returns
    }

    /// This row with the signature `path(args)` from `function(args)`.
    func signed(_ path: String, _ function: String) -> HookDoc {
        var d = self
        d.signature = path + function.dropFirst("function".count)
        return d
    }
}

// MARK: - Kinds

extension FieldKind where V == Double {
    /// A finite number within `range` (`unit` for the docs: "seconds", "points").
    static func number(_ range: NumberRange, unit: String = "") -> FieldKind {
        FieldKind(takes: "number\(unit.isEmpty ? "" : ", " + unit), \(range)",
                  read: { r, p throws(LuaError) in try r.number(p, in: range) },
                  lua: { .number($0) },
                  check: { v, p throws(ValidationError) in try Validator.check(v, p, in: range) })
    }

    /// A number within `range` where a function is also accepted (the message says so).
    static func numberOrFunction(_ range: NumberRange, unit: String) -> FieldKind {
        FieldKind(takes: "number, \(unit), \(range)",
                  read: { r, p throws(LuaError) in
                      guard let d = r.vm.number(at: -1), range.contains(d) else {
                          throw r.fail(p, "a number \(range) or a function", at: -1)
                      }
                      return d
                  },
                  lua: { .number($0) })
    }
}

extension FieldKind where V == Bool {
    static let boolean = FieldKind(
        takes: "boolean",
        read: { r, p throws(LuaError) in
            guard r.vm.type(at: -1) == LUA_TBOOLEAN else { throw r.fail(p, "a boolean", at: -1) }
            return r.vm.boolean(at: -1)
        },
        lua: { .boolean($0) })
}

extension FieldKind where V == String {
    static let string = FieldKind(
        takes: "string",
        read: { r, p throws(LuaError) in
            guard let s = r.vm.string(at: -1) else { throw r.fail(p, "a string", at: -1) }
            return s
        },
        lua: { .string($0) })
}

extension FieldKind where V == String {
    /// `description`: one line of at most ``PolicyField/maximumDescriptionLength`` characters
    /// (a picker shows it beside the policy's name).
    static let line = FieldKind(
        takes: "string, one line of at most \(PolicyField.maximumDescriptionLength) characters",
        read: { r, p throws(LuaError) in
            guard let s = r.vm.string(at: -1) else { throw r.fail(p, "a string", at: -1) }
            guard s.count <= PolicyField.maximumDescriptionLength, !s.contains(where: \.isNewline) else {
                throw r.fail(p, "one line of at most \(PolicyField.maximumDescriptionLength) characters", at: -1)
            }
            return s
        },
        lua: { .string($0) })
}

extension FieldKind where V == Int {
    /// `api`: the integer ``ReorderLuaVersion/api``.
    static let api = FieldKind(
        takes: "integer, \(ReorderLuaVersion.api)",
        read: { r, p throws(LuaError) in
            guard let api = r.vm.integer(at: -1) else { throw r.fail(p, "an integer", at: -1) }
            guard api == ReorderLuaVersion.api else {
                throw LuaError(kind: .validation, file: r.file,
                               message: "\(p): unsupported api version \(api) (this host speaks api \(ReorderLuaVersion.api))")
            }
            return api
        },
        lua: { .integer($0) })
}

extension FieldKind {
    /// One of `names` (a string); `extra` is added to the names a message lists (`"a function"`).
    static func choice(_ names: [String], extra: [String] = [], parse: @escaping @Sendable (String) -> V?,
                       name: @escaping @Sendable (V) -> String) -> FieldKind {
        let list = PolicyReader.quotedList(names + extra)
        return FieldKind(takes: PolicyField.docList(names),
                         read: { r, p throws(LuaError) in
                             guard let s = r.vm.string(at: -1), let v = parse(s) else { throw r.fail(p, list, at: -1) }
                             return v
                         },
                         lua: { .string(name($0)) })
    }
}

extension FieldKind where V: RawRepresentable<String> {
    /// One of the raw values `names`.
    static func choice(_ names: [String], extra: [String] = []) -> FieldKind {
        choice(names, extra: extra, parse: { V(rawValue: $0) }, name: { $0.rawValue })
    }
}

extension FieldKind where V == AnimationCurve {
    /// A named curve or the four control points of a CSS cubic Bézier.
    static let curve = FieldKind(
        takes: PolicyField.docList(AnimationCurve.names, last: "`{ x1, y1, x2, y2 }` (a CSS cubic Bézier) with x1, x2 in 0...1"),
        read: { r, p throws(LuaError) in try r.curve(p) },
        lua: { c in
            guard let points = c.controlPoints else { return .string(c.rawValue) }
            return .array(points.map { .number($0) })
        })
}

extension FieldKind where V == Color {
    static let color = FieldKind.choice(["#rrggbb", "#rrggbbaa"], parse: { Color(hex: $0) }, name: { $0.hex })
}

extension FieldKind where V == Color? {
    /// `"none"` or a colour: the origin cell's colour at one end of the lift or the drop.
    static let placeholderEnd = FieldKind.choice(["none", "#rrggbb", "#rrggbbaa"], parse: { name -> Color?? in
        name == "none" ? .some(nil) : Color(hex: name).map { .some($0) }
    }, name: { $0?.hex ?? "none" })
}

extension FieldKind where V == PlaceholderStyle {
    static let placeholder = FieldKind.choice(["hidden", "visible", "#rrggbb"], parse: { name -> PlaceholderStyle? in
        switch name {
        case "hidden": return .hidden
        case "visible": return .visible
        default: return Color(hex: name).map { .color($0) }
        }
    }, name: { p in
        switch p {
        case .hidden: return "hidden"
        case .visible: return "visible"
        case .color(let c): return c.hex
        }
    })
}

extension FieldKind where V == ScrollAxes {
    static let axes = FieldKind.choice(ScrollAxes.names, parse: { ScrollAxes(name: $0) }, name: { $0.name })
}

extension FieldKind where V == Size {
    /// `{ x = 0, y = -3 }` or `{ 0, -3 }`, each within `range` (a missing one is 0).
    static func offset(_ range: NumberRange) -> FieldKind {
        FieldKind(takes: "`{ x = X, y = Y }` or `{ X, Y }`, points, each \(range)",
                  read: { r, p throws(LuaError) in try r.offset(p, in: range) },
                  lua: { .table([.string("x"): .number($0.width), .string("y"): .number($0.height)]) },
                  check: { v, p throws(ValidationError) in
                      try Validator.check(v.width, p + ".x", in: range)
                      try Validator.check(v.height, p + ".y", in: range)
                  })
    }
}

extension LuaValue {
    /// A Lua sequence `{v1, v2, ...}`.
    static func array(_ values: [LuaValue]) -> LuaValue {
        .table(Dictionary(uniqueKeysWithValues: values.enumerated().map { (.integer($0.offset + 1), $0.element) }))
    }
}

// MARK: - The table

extension PolicyField {
    /// Every field of a policy table, in the order of docs/POLICIES.md (and of reading).
    static let all: [PolicyField] = [
        .own("name", .string, defaultText: "the file name without `.lua`",
             doc: "The policy's name in diagnostics and `s:policy()`.", luaValue: { .string($0.name) }),
        .own("extends", .string, defaultText: "`\"default\"` (none for `default` itself)",
             doc: "The policy this one builds on: a built-in name, or a path relative to this file. Fields this file does not give come from it."),
        .own("api", .api, defaultText: "none",
             doc: "The policy API version this file is written for."),
        .own("description", .line, defaultText: "none",
             doc: "What the policy is, in one line: `reorder play` shows it beside the name in its policy picker."),
        .value("min_press_duration", .number(Limits.minPressDuration, unit: "seconds"), \.minPressDuration,
               doc: "How long the finger must stay down before the item lifts."),
        .value("allowable_movement", .number(Limits.allowableMovement, unit: "points"), \.allowableMovement,
               doc: "How far the finger may wander during the press; further, and the press is not a drag."),
        .hook("semantics", .semantics, FieldKind<Semantics>.choice(["move", "exchange"], extra: ["a function"]),
              function: "function(ctx, from_s, from_r, to_s, to_r)", returning: "one of them",
              defaultText: "`\"move\"`", fallback: "`\"move\"`",
              doc: "What a step does: `move` removes the item and inserts it at the target; `exchange` swaps the two; an exchange with no item (an empty section, or one past the end of another section) is a move.",
              HookDoc(called: "before each step",
                      arguments: "as `target`, the target already decided",
                      returns: "`\"move\"` or `\"exchange\"`")),
        .value("target_rule", .choice(["under_finger", "center_distance"]), \.targetRule,
               doc: "How the proposed target is found: the item under the finger, or the nearest item whose centre is within half the snapshot's width of the snapshot's centre."),
        .value("swap_threshold", .number(Limits.swapThreshold), \.swapThreshold,
               doc: "The share of a proposed target's length, centred on it, in which the reference point (the finger, or the snapshot's centre under `center_distance`) makes the step, as SortableJS's `swapThreshold`: the point must pass `length · (1 − swap_threshold) / 2` into the target from the side it comes from (along the axis of the step). `1`: as soon as the target proposes itself. Going back starts from the other side, so a lower value is a hysteresis band (see \"Swap threshold\")."),
        .value("follow", .choice(["y", "xy", "translation", "main"]), \.follow,
               doc: "How the snapshot follows the finger: vertically only, in both axes (centred on the finger plus the grab offset), by the finger's translation since the press, or along the layout's scroll axis only (`\"main\"`: as `\"y\"` on tables, boards and vertical grids, along x on a horizontal grid or strip; `default` follows `\"main\"`)."),
        .value("ignore_touches_while_dropping", .boolean, \.ignoresTouchesWhileDropping,
               doc: "Whether touches are ignored while the drop animation runs."),
        .value("snapshot.scale", .number(Limits.scale), \.snapshot.scale,
               doc: "Scale of the lifted snapshot, once fully lifted."),
        .value("snapshot.alpha", .number(Limits.alpha), \.snapshot.alpha,
               doc: "Opacity of the lifted snapshot."),
        .value("snapshot.rotation", .number(Limits.rotation, unit: "radians"), \.snapshot.rotation,
               doc: "Rotation of the lifted snapshot."),
        .value("snapshot.corner_radius", .number(Limits.cornerRadius, unit: "points"), \.snapshot.cornerRadius,
               doc: "Corner radius of the lifted snapshot."),
        .value("snapshot.shadow.color", .color, \.snapshot.shadow.color,
               doc: "Shadow colour."),
        .value("snapshot.shadow.offset", .offset(Limits.shadowOffset), \.snapshot.shadow.offset,
               doc: "Shadow offset (y down); a file that gives it gives both numbers."),
        .value("snapshot.shadow.opacity", .number(Limits.shadowOpacity), \.snapshot.shadow.opacity,
               doc: "Shadow opacity; 0 draws no shadow."),
        .value("snapshot.shadow.radius", .number(Limits.shadowRadius, unit: "points"), \.snapshot.shadow.radius,
               doc: "Shadow blur radius."),
        .value("snapshot.placeholder", .placeholder, \.snapshot.placeholder,
               doc: "How the origin cell looks while its item is lifted: hidden, visible as it was, or filled with a colour (which can fade in from `snapshot.lift.from.placeholder` and out to `snapshot.drop.to.placeholder`)."),
        .value("snapshot.clamp", .choice(["none", "center", "half"]), \.snapshot.clamp,
               doc: "How the snapshot's centre is kept inside the viewport on the axes it follows the finger: not at all, within the viewport, or half the snapshot's unscaled size inside (JXMovableCellTableView's `limitSnapshotCenterY`). The edge-scroll reference and the target under the finger use the clamped point."),
        .value("snapshot.lift.duration", .number(Limits.duration, unit: "seconds"), \.snapshot.lift.duration,
               doc: "How long the lift animation takes (the drag begins when the press ends)."),
        .value("snapshot.lift.curve", .curve, \.snapshot.lift.curve,
               doc: "Timing curve of the lift."),
        .value("snapshot.lift.from.scale", .number(Limits.scale), \.snapshot.liftFrom.scale,
               doc: "The snapshot's scale when the lift begins; it animates to `snapshot.scale`."),
        .value("snapshot.lift.from.alpha", .number(Limits.alpha), \.snapshot.liftFrom.alpha,
               doc: "The snapshot's opacity when the lift begins; it animates to `snapshot.alpha` (the cookbook fades in from 0)."),
        .value("snapshot.lift.from.placeholder", .placeholderEnd, \.snapshot.liftFrom.placeholder,
               doc: "The origin cell's colour when the lift begins (its own colour, e.g. a table cell's white): with a colour `snapshot.placeholder`, the cell's fill goes from it to that colour over the lift, with the lift's curve (the cookbook's `cell.backgroundColor` white to black). `\"none\"`: `snapshot.placeholder` from the start."),
        .value("snapshot.drop.duration", .number(Limits.duration, unit: "seconds"), \.snapshot.drop.duration,
               doc: "How long the drop animation takes."),
        .value("snapshot.drop.curve", .curve, \.snapshot.drop.curve,
               doc: "Timing curve of the drop."),
        .value("snapshot.drop.to.scale", .number(Limits.scale), \.snapshot.dropTo.scale,
               doc: "The snapshot's scale when the drop ends."),
        .value("snapshot.drop.to.alpha", .number(Limits.alpha), \.snapshot.dropTo.alpha,
               doc: "The snapshot's opacity when the drop ends (the cookbook fades out to 0)."),
        .value("snapshot.drop.to.placeholder", .placeholderEnd, \.snapshot.dropTo.placeholder,
               doc: "The origin cell's colour when the drop ends: with a colour `snapshot.placeholder`, the cell's fill goes from the colour it has to this one over the drop, with the drop's curve (the cookbook's black back to white). `\"none\"`: `snapshot.placeholder` until the drop ends."),
        .value("edge_scroll.enabled", .boolean, \.edgeScroll.enabled,
               doc: "Whether a drag near an edge scrolls the content."),
        .value("edge_scroll.axes", .axes, \.edgeScroll.axes,
               doc: "Which axes scroll: `\"horizontal\"` for a strip or a horizontal grid (`grid = { direction = \"horizontal\" }`), `\"both\"` for content wider and higher than the viewport, `\"main\"` for the layout's scroll axis (vertical on tables, boards and vertical grids, horizontal on a horizontal grid or strip; `default` scrolls `\"main\"`). Each axis has its own zone, speed and `elapsed`."),
        .value("edge_scroll.reference", .choice(["finger", "center", "leading_edge"]), \.edgeScroll.reference,
               doc: "The point whose distance from the edge drives the scroll: the finger, the snapshot's centre, or the snapshot's edge nearest the edge approached."),
        .value("edge_scroll.inclusive", .boolean, \.edgeScroll.inclusive,
               doc: "Whether the zone's inner border is in the zone: the speed hook is also asked at depth 0 exactly (react-beautiful-dnd and pragmatic-drag-and-drop scroll there); off, the point must be strictly inside."),
        .hook("edge_scroll.zone", .zone, FieldKind<Double>.numberOrFunction(Limits.zone, unit: "points"),
              function: "function(ctx, axis, viewport_length)", returning: "one",
              defaultText: "`default`: min(25 % of the viewport, 120)", fallback: "`0` (no zone)",
              doc: "How deep the band along each edge is in which scrolling happens.",
              HookDoc(called: "each dragging frame, per scrolling axis",
                      arguments: "`axis` is `\"vertical\"` or `\"horizontal\"`; `viewport_length` the viewport's height or width, points",
                      returns: "the zone's depth, points (finite, `>= 0`; `0`: no zone)")),
        .hook("edge_scroll.speed", .speed, FieldKind<Double>.numberOrFunction(Limits.speed, unit: "points per second"),
              function: "function(ctx, depth, zone, elapsed, axis, dt)",
              returning: "one (clamped to 0...1e9; NaN or a negative speed is reported and gives 0)",
              defaultText: "`default`: 1500 · r² · min(elapsed / 0.4, 1), r = min(depth / zone, 1)", fallback: "`0`",
              doc: "Scroll speed for a reference point `depth` points into a `zone`-deep band, `elapsed` seconds after it entered (see the picture).",
              HookDoc(called: "each dragging frame in which the reference point is in a zone",
                      arguments: "see the picture below; `dt` is `ctx.dt` (a speed per display frame, `pixels / dt`, then reads no field of `ctx`)",
                      returns: "points per second (`0`: no scrolling)")),
        .value("displacement.duration", .number(Limits.duration, unit: "seconds"), \.displacement.duration,
               doc: "How long cells a step moves take to slide to their new slot (an interrupted slide restarts from where the cell is drawn); 0: they jump."),
        .value("displacement.curve", .curve, \.displacement.curve,
               doc: "Timing curve of the slide."),
        .hook("can_move", .canMove, takes: "function(ctx, section, row)", returning: "a boolean",
              defaultText: "every item can move", fallback: "`false`",
              doc: "Whether the item may be lifted (asked at the press).",
              HookDoc(called: "when the press has lasted `min_press_duration`",
                      arguments: "the pressed item's position",
                      returns: "`true` to let it be lifted (`false`: a `refuse` event, no drag)")),
        .hook("target", .target, takes: "function(ctx, from_s, from_r, to_s, to_r)", returning: "`section, row` or `nil`",
              defaultText: "the proposed position", fallback: "`nil`",
              doc: "Where a proposed step goes: a position, or nil for no step now.",
              HookDoc(called: "each frame in which `target_rule` proposes a position other than the item's (one past the end of another section proposes appending to it)",
                      arguments: "where the item is now, the proposed position",
                      returns: "the position to step to (it may differ from the proposal), or `nil` for no step now")),
        .hook("on_begin", .onBegin, takes: "function(ctx, section, row)", defaultText: "none", fallback: "nothing",
              doc: "Called when a drag begins; `ctx.state` is a fresh table.",
              HookDoc(called: "when the item lifts (the drag begins)",
                      arguments: "its position",
                      returns: "nothing")),
        .hook("on_move", .onMove, takes: "function(ctx, from_s, from_r, to_s, to_r)", defaultText: "none",
              fallback: "nothing", doc: "Called after each step.",
              HookDoc(called: "after each step",
                      arguments: "the step's positions",
                      returns: "nothing")),
        .hook("on_end", .onEnd, takes: "function(ctx, from_s, from_r, to_s, to_r)", returning: "a boolean",
              defaultText: "`true`", fallback: "`true`",
              doc: "Called at the drop (`from`: where the drag began); `false` rolls the order back to the press.",
              HookDoc(called: "at the drop",
                      arguments: "where the drag began, where the item is",
                      returns: "`false` to roll the order back to the press")),
        .hook("on_cancel", .onCancel, FieldKind<CancelResolution>.choice(["revert", "commit"], extra: ["a function"]),
              function: "function(ctx)", returning: "one of them", defaultText: "`\"revert\"`", fallback: "`\"revert\"`",
              doc: "What a cancelled drag does: `revert` to the order at the press, or `commit` the order as it is.",
              HookDoc(called: "when the system cancels the touch, or Escape cancels a keyboard drag",
                      arguments: "",
                      returns: "`\"revert\"` or `\"commit\"`")),
        // Keyboard dragging and one-shot actions.
        .value("keyboard.reveal", .choice(["nearest", "center"]), \.keyboard.reveal,
               doc: "Where a keyboard drag scrolls the moved item when it is not wholly visible: as little as needed, or to the centre (a board pages to the item's list and scrolls the list)."),
        .value("keyboard.animate", .boolean, \.keyboard.animate,
               doc: "Whether that scroll glides (with `displacement`'s duration and curve) or jumps; a one-shot action, a drop and a cancel always jump."),
        .hook("announce", .announce, takes: "function(ctx, event)", returning: "a string, or nil to say nothing",
              defaultText: "the built-in texts (`event.default`)", fallback: "the built-in text",
              doc: "What a keyboard drag says. `event.type` is `lift`, `move`, `blocked`, `drop`, `cancel`, `rollback`, `refuse`, or `select`/`deselect` (Shift+Space); `event.item`, `section`, `row`, `count`, `section_name`, `from_section`, `from_row`, `from_count`, `from_section_name`, `previous_section`, `previous_row`, `to_section`/`to_row` (`blocked`), `resolution` (`cancel`), `group` (the items of a group drag, 1 alone; the selection's size for `select`/`deselect`) and `default` (the built-in text).",
              HookDoc(called: "at each event of a keyboard drag or one-shot action (`lift`, `move`, `blocked`, `drop`, `cancel`, `rollback`, `refuse`) and at Shift+Space (`select`, `deselect`)",
                      arguments: "`event`: its `type`, the item, positions, names and counts (see the field)",
                      returns: "the text to speak, or `nil` for silence")),
        .hook("actions", .actions, takes: "function(ctx, section, row, offered)", returning: "a list of action names",
              defaultText: "`offered`: those `can_move` and `target` allow", fallback: "`offered`",
              doc: "The one-shot actions offered for an item (`move_up`, `move_down`, `move_to_start`, `move_to_end`, `move_to_section N`, `move_to_list NAME`).",
              HookDoc(called: "when an item's actions are asked for (`s:actions`, the page's actions menu)",
                      arguments: "the item's position; `offered`: the actions `can_move` and `target` allow",
                      returns: "a list of action names")),
        .hook("instructions", .instructions, FieldKind<String>.string, function: "function(ctx, section, row)",
              returning: "one", defaultText: "`\"\(KeyboardTexts.instructions)\"`", fallback: "the built-in text",
              doc: "What a screen reader reads when an item is focused.",
              HookDoc(called: "when an item gets the keyboard focus (`s:focus`, Tab in the page)",
                      arguments: "the focused item's position",
                      returns: "the text a screen reader reads")),
        // Selection and group drags (DragSession+Group).
        .value("group.mode", .choice(["collapse", "stay"]), \.group.mode,
               doc: "How the other items of a group behave while one is dragged: `collapse` folds them into the dragged item and the list closes up (SortableJS MultiDrag); `stay` leaves them in their slots as ghosts (react-beautiful-dnd's pattern)."),
        .value("group.order", .choice(["relative", "active_first"]), \.group.order,
               doc: "The order a group lands in, contiguously where the dragged item is dropped: `relative` keeps their order at the press (SortableJS); `active_first` puts the dragged item first, then the others in selection order (dnd-kit)."),
        .value("group.max", .number(Limits.groupMax, unit: "items"), \.group.max,
               doc: "The most items the selection and a group hold (`s:select` and a tap refuse more)."),
        .value("group.keep_selection", .boolean, \.group.keepSelection,
               doc: "Whether the selection is kept after a committed drop (else cleared); a veto or a reverting cancel always puts back the selection of the press."),
        .value("snapshot.badge", .boolean, \.snapshot.badge,
               doc: "Whether a group's snapshot carries a badge with the number of items."),
        .value("snapshot.stack", .number(Limits.stack, unit: "cards"), \.snapshot.stack,
               doc: "How many cards are drawn stacked under a group's snapshot (at most the group's other items)."),
        .hook("can_select", .canSelect, takes: "function(ctx, section, row)", returning: "a boolean",
              defaultText: "every item can be selected", fallback: "`false`",
              doc: "Whether the item may be selected (`s:select`, Shift- or Cmd-click in the playground).",
              HookDoc(called: "when the item is selected (`s:select`, a Shift- or Cmd-click)",
                      arguments: "the item's position",
                      returns: "`true` to let it join the selection")),
        .hook("can_add", .canAdd, takes: "function(ctx, section, row)", returning: "a boolean",
              defaultText: "every item can join", fallback: "`false`",
              doc: "Whether the item may join the drag under way when it is tapped (a second touch, `s:tap`), as UIKit's `itemsForAddingTo`.",
              HookDoc(called: "when an item is tapped during a drag (a second touch, `s:tap`)",
                      arguments: "the tapped item's position",
                      returns: "`true` to add it to the group (`false`: a `refuse` event)")),
        // Tree sessions (DragSession+Tree, docs/TREES.md).
        .value("tree.indent", .number(Limits.treeIndent, unit: "points"), \.tree.indent,
               doc: "How far each level of a tree is drawn in, and the sideways travel of the finger that makes a dragged node one level deeper or shallower (dnd-kit's projection: `depth at lift + round(dx / indent)`, clamped by the rows above and below)."),
        .value("tree.max_depth", .number(Limits.treeMaxDepth, unit: "levels"), \.tree.maxDepth,
               doc: "The deepest depth a drop may give a node (a root has depth 0), its whole subtree included: a node whose subtree is 2 levels high goes no deeper than `max_depth - 2`."),
        .value("tree.expand_after", .number(Limits.duration, unit: "seconds"), \.tree.expandAfter,
               doc: "How long a collapsed node with children must stay the combine target (after `combine_delay`) before it opens under the drag, its children joining the rows (pragmatic-drag-and-drop's tree example: 0.5 s)."),
        .hook("can_nest", .canNest, takes: "function(ctx, item, parent)", returning: "a boolean",
              defaultText: "any node may go under any other", fallback: "`false`",
              doc: "Whether a dragged tree node may go under a parent; a refusal makes it one level shallower (down to the shallowest depth the rows allow; when none is allowed the drop rolls back).",
              HookDoc(called: "in a tree session, each dragging frame in which the row or the sideways travel changed, and at the drop, while the projected depth has a parent",
                      arguments: "the lifted node's id, the id of the node it would go under",
                      returns: "`true` to let it go under that parent")),
        // Dropping onto an item, and the indicator (DragSession+Combine).
        .value("combine_rule", .choice(CombineRule.allCases.map(\.rawValue)), \.combine.rule,
               doc: "Whether a drop can land on an item, and how the item is found: `\"none\"`, never; `\"band\"`, react-beautiful-dnd's rule (the dragged item's edge strictly inside the middle half of the sibling under it, where that sibling is drawn now; checked before reordering, and nothing steps while it holds); `\"hitbox\"`, pragmatic-drag-and-drop's list-item hitbox (the finger in a row's first quarter is before it, in its last quarter after it, in its middle half on it; a side `target` refuses becomes on it). A drop onto an item puts every row back as it was at the press and reports a `combine` event (`on_end` is asked with the item where it began; its answer changes nothing). In a tree session a drop onto a node makes the dragged node (with its subtree) the node's first child and opens it, and `\"hitbox\"` is pragmatic-drag-and-drop's tree-item hitbox instead of the sideways projection: the finger's place in the row asks to go above it, below it, in it, or (left of a last child's indent) after an ancestor, shown by the indicator (docs/TREES.md). Touch drags of one item only."),
        .value("combine_delay", .number(Limits.duration, unit: "seconds"), \.combine.delay,
               doc: "How long the rule must keep finding the same item before the drop would land on it (react-beautiful-dnd's users ask for about 0.6 s); another item starts the wait again."),
        .value("drop_preview", .choice(DropPreview.allCases.map(\.rawValue)), \.dropPreview,
               doc: "How the place a drop will land is shown: `\"slide\"`, the item takes its new slot as the drag goes and the rows slide; `\"indicator\"`, nothing moves until the drop, a line shows where the item will go and an outline the item it will land on (pragmatic-drag-and-drop's drop indicator); the drop takes the one step. Touch drags of one item only (a group or a keyboard drag slides). The tree-item hitbox (`combine_rule = \"hitbox\"` in a tree) always shows the indicator: its instructions name a depth that sliding rows cannot show."),
        .hook("combine", .combine, takes: "function(ctx, from_s, from_r, onto_s, onto_r)", returning: "a boolean",
              defaultText: "every pair can combine", fallback: "`false`",
              doc: "Whether the dragged item may be dropped onto this item, when `combine_rule` finds it (per pair: a folder takes files, a file takes none); in a tree, whether it may become the node's first child (refused under the tree-item hitbox, make-child is shown blocked).",
              HookDoc(called: "each dragging frame in which `combine_rule` finds an item", arguments: "where the dragged item is now, the item found", returns: "`true` to let the drop land on it (`false`: the pair reorders as if combining were off)")),
    ]

    /// `names` for the docs: `` `"a"`, `"b"` or `"c"` `` (`last` ends the list instead of the
    /// last name when given).
    static func docList(_ names: [String], last: String? = nil) -> String {
        ChoiceText.list(names.map { "`\"\($0)\"`" } + (last.map { [$0] } ?? []))
    }

    /// A value as a Lua literal (`0.25`, `"ease_in_out"`, `{ x = 0, y = -3 }`).
    static func literal(_ v: LuaValue) -> String {
        switch v {
        case .nil: return "nil"
        case .boolean(let b): return b ? "true" : "false"
        case .integer(let i): return String(i)
        case .number(let d): return ValidationError.format(d)
        case .string(let s): return "\"\(s)\""
        case .opaque(let n): return n
        case .table(let t):
            let count = t.count
            if (1...max(count, 1)).allSatisfy({ t[.integer($0)] != nil }), count > 0 {
                return "{ " + (1...count).compactMap { t[.integer($0)].map(literal) }.joined(separator: ", ") + " }"
            }
            let pairs = t.compactMap { k, v -> (String, String)? in
                if case .string(let s) = k { return (s, literal(v)) } else { return nil }
            }.sorted { $0.0 < $1.0 }
            return "{ " + pairs.map { "\($0.0) = \($0.1)" }.joined(separator: ", ") + " }"
        }
    }

    /// The static configuration as a policy file spells it, built from ``all``: what
    /// `s:config()` returns.
    ///
    /// ```swift
    /// let v = PolicyField.luaValue(of: PolicyConfiguration(name: "mine"))
    /// // .table(["name": "mine", "min_press_duration": 0.5, ..., "snapshot": .table(["scale": 1.05, ...])])
    /// ```
    public static func luaValue(of c: PolicyConfiguration) -> LuaValue {
        var root: [LuaValue: LuaValue] = [:]
        func insert(_ parts: ArraySlice<Substring>, _ value: LuaValue, into t: inout [LuaValue: LuaValue]) {
            guard let first = parts.first else { return }
            let key = LuaValue.string(String(first))
            if parts.count == 1 { t[key] = value; return }
            var sub: [LuaValue: LuaValue] = [:]
            if case .table(let existing)? = t[key] { sub = existing }
            insert(parts.dropFirst(), value, into: &sub)
            t[key] = .table(sub)
        }
        for f in all {
            guard let lua = f.luaValue else { continue }
            insert(ArraySlice(f.path.split(separator: ".")), lua(c), into: &root)
        }
        return .table(root)
    }
}

extension PolicyConfiguration {
    /// Checks every static field of this configuration against the range its descriptor in
    /// ``PolicyField/all`` gives, as loading a policy file checks it: the validator of native
    /// policies (a configuration built in Swift never passes the Lua reader). The fields and
    /// their ranges come from the one table, so a new number field is checked as soon as it
    /// has its descriptor.
    ///
    /// ```swift
    /// var c = PolicyConfiguration(name: "slow")
    /// c.minPressDuration = 1e300
    /// try c.validate()
    /// // throws "min_press_duration: 1e+300 is out of range (0 <= min_press_duration <= 10)"
    /// ```
    public func validate() throws(ValidationError) {
        for field in PolicyField.all {
            try field.validate?(self)
        }
    }
}
