import CLua
import CLuaShim
import ReorderCore

/// A hook function held in the registry, with where it was defined.
struct HookRef: Hashable {
    var ref: Int32
    /// Chunk name of the file that defined it (e.g. `kanban.lua`).
    var file: String
    /// Line of its `function` keyword.
    var line: Int
}

/// A field that is either a fixed value or a hook computing it.
enum Computed<Value: Hashable>: Hashable {
    case fixed(Value)
    case hook(HookRef)
}

/// The fields of one policy table (one level of an `extends` chain), validated.
/// `nil` means "not given here": the parent's value applies.
struct PolicyFields {
    var name: String?
    var extends: String?
    var api: Int?
    var minPressDuration: Double?
    var allowableMovement: Double?
    var semantics: Computed<Semantics>?
    var targetRule: TargetRule?
    var follow: FollowMode?
    var ignoresTouchesWhileDropping: Bool?
    // snapshot
    var scale: Double?
    var alpha: Double?
    var rotation: Double?
    var cornerRadius: Double?
    var shadowColor: Color?
    var shadowOffset: Size?
    var shadowOpacity: Double?
    var shadowRadius: Double?
    var placeholder: PlaceholderStyle?
    var liftDuration: Double?
    var liftCurve: AnimationCurve?
    var dropDuration: Double?
    var dropCurve: AnimationCurve?
    var displacementDuration: Double?
    var displacementCurve: AnimationCurve?
    // edge_scroll
    var edgeEnabled: Bool?
    var axes: ScrollAxes?
    var reference: EdgeReference?
    var zone: Computed<Double>?
    var speed: Computed<Double>?
    // hooks
    var canMove: HookRef?
    var target: HookRef?
    var onBegin: HookRef?
    var onMove: HookRef?
    var onEnd: HookRef?
    var onCancel: Computed<CancelResolution>?

    /// `child` over `self`: every field the child gives wins.
    func overlaid(by c: PolicyFields) -> PolicyFields {
        var r = self
        r.name = c.name ?? name
        r.extends = c.extends ?? extends
        r.api = c.api ?? api
        r.minPressDuration = c.minPressDuration ?? minPressDuration
        r.allowableMovement = c.allowableMovement ?? allowableMovement
        r.semantics = c.semantics ?? semantics
        r.targetRule = c.targetRule ?? targetRule
        r.follow = c.follow ?? follow
        r.ignoresTouchesWhileDropping = c.ignoresTouchesWhileDropping ?? ignoresTouchesWhileDropping
        r.scale = c.scale ?? scale
        r.alpha = c.alpha ?? alpha
        r.rotation = c.rotation ?? rotation
        r.cornerRadius = c.cornerRadius ?? cornerRadius
        r.shadowColor = c.shadowColor ?? shadowColor
        r.shadowOffset = c.shadowOffset ?? shadowOffset
        r.shadowOpacity = c.shadowOpacity ?? shadowOpacity
        r.shadowRadius = c.shadowRadius ?? shadowRadius
        r.placeholder = c.placeholder ?? placeholder
        r.liftDuration = c.liftDuration ?? liftDuration
        r.liftCurve = c.liftCurve ?? liftCurve
        r.dropDuration = c.dropDuration ?? dropDuration
        r.dropCurve = c.dropCurve ?? dropCurve
        r.displacementDuration = c.displacementDuration ?? displacementDuration
        r.displacementCurve = c.displacementCurve ?? displacementCurve
        r.edgeEnabled = c.edgeEnabled ?? edgeEnabled
        r.axes = c.axes ?? axes
        r.reference = c.reference ?? reference
        r.zone = c.zone ?? zone
        r.speed = c.speed ?? speed
        r.canMove = c.canMove ?? canMove
        r.target = c.target ?? target
        r.onBegin = c.onBegin ?? onBegin
        r.onMove = c.onMove ?? onMove
        r.onEnd = c.onEnd ?? onEnd
        r.onCancel = c.onCancel ?? onCancel
        return r
    }

    /// The static configuration these fields describe (unset fields keep
    /// `PolicyConfiguration`'s defaults).
    func configuration(name: String) -> PolicyConfiguration {
        var c = PolicyConfiguration(name: name)
        if let v = minPressDuration { c.minPressDuration = v }
        if let v = allowableMovement { c.allowableMovement = v }
        if let v = targetRule { c.targetRule = v }
        if let v = follow { c.follow = v }
        if let v = ignoresTouchesWhileDropping { c.ignoresTouchesWhileDropping = v }
        if let v = scale { c.snapshot.scale = v }
        if let v = alpha { c.snapshot.alpha = v }
        if let v = rotation { c.snapshot.rotation = v }
        if let v = cornerRadius { c.snapshot.cornerRadius = v }
        if let v = shadowColor { c.snapshot.shadow.color = v }
        if let v = shadowOffset { c.snapshot.shadow.offset = v }
        if let v = shadowOpacity { c.snapshot.shadow.opacity = v }
        if let v = shadowRadius { c.snapshot.shadow.radius = v }
        if let v = placeholder { c.snapshot.placeholder = v }
        if let v = liftDuration { c.snapshot.lift.duration = v }
        if let v = liftCurve { c.snapshot.lift.curve = v }
        if let v = dropDuration { c.snapshot.drop.duration = v }
        if let v = dropCurve { c.snapshot.drop.curve = v }
        if let v = displacementDuration { c.displacement.duration = v }
        if let v = displacementCurve { c.displacement.curve = v }
        if let v = edgeEnabled { c.edgeScroll.enabled = v }
        if let v = axes { c.edgeScroll.axes = v }
        if let v = reference { c.edgeScroll.reference = v }
        return c
    }

    /// Where `hook` is defined, when this level gives it as a function (nil: absent, or a
    /// fixed value).
    func definition(of hook: Hook) -> HookRef? {
        func function<V>(_ c: Computed<V>?) -> HookRef? { if case .hook(let h)? = c { return h } else { return nil } }
        switch hook {
        case .canMove: return canMove
        case .target: return target
        case .semantics: return function(semantics)
        case .zone: return function(zone)
        case .speed: return function(speed)
        case .onBegin: return onBegin
        case .onMove: return onMove
        case .onEnd: return onEnd
        case .onCancel: return function(onCancel)
        }
    }

    /// Every hook reference held (to release them).
    var refs: [Int32] { Hook.allCases.compactMap { definition(of: $0)?.ref } }
}

/// The hooks a policy may define (docs/REFERENCE.md, "Policy hooks (summary)").
enum Hook: Int, CaseIterable {
    case canMove, target, semantics, zone, speed, onBegin, onMove, onEnd, onCancel

    /// The name in policy files and diagnostics.
    var name: String {
        switch self {
        case .canMove: "can_move"
        case .target: "target"
        case .semantics: "semantics"
        case .zone: "zone"
        case .speed: "speed"
        case .onBegin: "on_begin"
        case .onMove: "on_move"
        case .onEnd: "on_end"
        case .onCancel: "on_cancel"
        }
    }
}


/// Reads and validates one policy table, with messages such as
/// `kanban.lua: snapshot.shadow.opacity: expected a number, got string "high"`.
struct PolicyReader {
    let vm: LuaVM
    /// Chunk name of the file being read (`kanban.lua`).
    let file: String
    /// Warnings (unknown fields with did-you-mean), at most ``maximumUnknownFieldWarnings`` of
    /// them, then one that counts the rest.
    var warnings: [PolicyDiagnostic] {
        let rest = unknownFields - Self.maximumUnknownFieldWarnings
        guard rest > 0 else { return unknownFieldWarnings }
        return unknownFieldWarnings + [PolicyDiagnostic(
            kind: .warning, message: "\(file): and \(rest) more unknown field\(rest == 1 ? "" : "s")", file: file)]
    }
    private var unknownFieldWarnings: [PolicyDiagnostic] = []
    /// Unknown fields seen, reported or not.
    private var unknownFields = 0

    /// Unknown fields past this many are counted, not listed (a table of a million unknown
    /// keys costs one line, not a million).
    static let maximumUnknownFieldWarnings = 10
    /// A key or string value longer than this many characters is cut (with "…") in messages.
    static let maximumEchoLength = 64

    static let topKeys = ["name", "extends", "api", "min_press_duration", "allowable_movement", "semantics",
                          "target_rule", "follow", "ignore_touches_while_dropping", "snapshot", "edge_scroll",
                          "displacement", "can_move", "target", "on_begin", "on_move", "on_end", "on_cancel"]
    static let snapshotKeys = ["scale", "alpha", "rotation", "corner_radius", "shadow", "placeholder", "lift", "drop"]
    static let shadowKeys = ["color", "offset", "opacity", "radius"]
    static let animationKeys = ["duration", "curve"]
    static let edgeKeys = ["enabled", "axes", "reference", "zone", "speed"]

    init(vm: LuaVM, file: String) { self.vm = vm; self.file = file }

    func fail(_ path: String, _ expected: String, at index: Int32) -> LuaError {
        LuaError(kind: .validation, file: file, message: "\(path): expected \(expected), got \(describe(at: index))")
    }

    /// `string "high"`, `number 0.5`, `boolean true`, `nil`, `table`, `function`.
    func describe(at index: Int32) -> String {
        switch vm.type(at: index) {
        case LUA_TSTRING: return "string \"\(Self.clip(vm.string(at: index) ?? ""))\""
        case LUA_TNUMBER:
            if let i = vm.integer(at: index), vm.isInteger(at: index) { return "number \(i)" }
            return "number \(Self.format(vm.number(at: index) ?? .nan))"
        case LUA_TBOOLEAN: return "boolean \(vm.boolean(at: index))"
        default: return vm.typeName(at: index)
        }
    }

    static func format(_ d: Double) -> String {
        if d.isNaN { return "nan" }
        if d.isInfinite { return d > 0 ? "inf" : "-inf" }
        if d == d.rounded(), abs(d) < 1e15 { return String(Int(d)) + ".0" }
        return String(d)
    }

    /// Warns about keys of the table at `index` that are not in `known` (the first
    /// ``maximumUnknownFieldWarnings`` of the file, each key cut to ``maximumEchoLength``).
    mutating func checkKeys(at index: Int32, known: [String], path: String) {
        let t = lua_absindex(vm.L, index)
        lua_pushnil(vm.L)
        while lua_next(vm.L, t) != 0 {
            defer { vm.pop(1) }
            let where_ = path.isEmpty ? "" : path + "."
            let message: String
            if vm.type(at: -2) == LUA_TSTRING, let k = vm.string(at: -2) {
                if known.contains(k) { continue }
                message = "unknown field '\(where_)\(Self.clip(k))'"
                    + (Self.suggestion(for: k, among: known).map { " (did you mean '\(where_)\($0)'?)" } ?? "")
            } else if !(known.contains("1") && vm.integer(at: -2) != nil) {
                message = "unknown field [\(describe(at: -2))] in \(path.isEmpty ? "the policy table" : path)"
            } else {
                continue
            }
            unknownFields += 1
            if unknownFields <= Self.maximumUnknownFieldWarnings {
                unknownFieldWarnings.append(PolicyDiagnostic(kind: .warning, message: "\(file): \(message)", file: file))
            }
        }
    }

    /// `s` cut to ``maximumEchoLength`` characters, with "…" when cut.
    static func clip(_ s: String) -> String {
        guard s.utf8.count > maximumEchoLength else { return s }
        var out = ""
        for c in s.prefix(maximumEchoLength) { out.append(c) }
        return out.count < s.count ? out + "…" : out
    }

    /// The known key nearest to `key` by edit distance, when it is close. Bounded work: keys
    /// longer than ``maximumEchoLength`` bytes get no suggestion, and the distance stops as
    /// soon as it passes the largest one that could be suggested.
    static func suggestion(for key: String, among known: [String]) -> String? {
        let a = Array(key.utf8)
        guard a.count <= maximumEchoLength else { return nil }
        var best: (String, Int)?
        for k in known where k != "1" && k != "2" {
            let b = Array(k.utf8)
            let limit = min(max(2, k.count / 3), (best?.1 ?? Int.max) - 1)
            if let d = editDistance(a, b, atMost: limit) { best = (k, d) }
        }
        return best?.0
    }

    /// Levenshtein distance of `a` and `b` (in UTF-8 bytes).
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.utf8), b = Array(b.utf8)
        return editDistance(a, b, atMost: max(a.count, b.count)) ?? max(a.count, b.count)
    }

    /// Levenshtein distance of `a` and `b` when it is at most `limit`, else nil; stops as soon
    /// as a whole row is over the limit (so at most `min(a, b) + 1` rows past the point where
    /// the strings part).
    static func editDistance(_ a: [UInt8], _ b: [UInt8], atMost limit: Int) -> Int? {
        guard limit >= 0, abs(a.count - b.count) <= limit else { return nil }
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var prev = Array(0...b.count)
        var cur = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            cur[0] = i
            var rowMin = i
            for j in 1...b.count {
                cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                rowMin = min(rowMin, cur[j])
            }
            if rowMin > limit { return nil }
            swap(&prev, &cur)
        }
        return prev[b.count] <= limit ? prev[b.count] : nil
    }

    // MARK: typed fields (the value is pushed with rawGet and popped by the caller's defer)

    /// A number within `range`, one of the documented ranges of ReorderCore's
    /// ``PolicyConfiguration/Limits`` (`snapshot.alpha: expected a number in 0...1, got number 1.5`).
    func number(_ t: Int32, _ key: String, _ path: String, in range: NumberRange) throws(LuaError) -> Double? {
        vm.rawGet(at: t, field: key); defer { vm.pop(1) }
        if vm.type(at: -1) == LUA_TNIL { return nil }
        guard let d = vm.number(at: -1) else { throw fail(path, "a number", at: -1) }
        guard d.isFinite else { throw fail(path, "a finite number", at: -1) }
        if !range.contains(d) { throw fail(path, "a number \(range)", at: -1) }
        return d
    }

    func string(_ t: Int32, _ key: String, _ path: String) throws(LuaError) -> String? {
        vm.rawGet(at: t, field: key); defer { vm.pop(1) }
        if vm.type(at: -1) == LUA_TNIL { return nil }
        guard let s = vm.string(at: -1) else { throw fail(path, "a string", at: -1) }
        return s
    }

    func bool(_ t: Int32, _ key: String, _ path: String) throws(LuaError) -> Bool? {
        vm.rawGet(at: t, field: key); defer { vm.pop(1) }
        if vm.type(at: -1) == LUA_TNIL { return nil }
        guard vm.type(at: -1) == LUA_TBOOLEAN else { throw fail(path, "a boolean", at: -1) }
        return vm.boolean(at: -1)
    }

    /// One of `names` (listed in the message when the value is not one of them).
    func choice<V>(_ t: Int32, _ key: String, _ path: String, _ parse: (String) -> V?, names: [String]) throws(LuaError) -> V? {
        vm.rawGet(at: t, field: key); defer { vm.pop(1) }
        if vm.type(at: -1) == LUA_TNIL { return nil }
        let list = Self.quotedList(names)
        guard let s = vm.string(at: -1) else { throw fail(path, list, at: -1) }
        guard let v = parse(s) else { throw fail(path, list, at: -1) }
        return v
    }

    static func quotedList(_ names: [String]) -> String {
        let q = names.map { $0.hasPrefix("a ") ? $0 : "\"\($0)\"" }
        return q.count <= 2 ? q.joined(separator: " or ") : q.dropLast().joined(separator: ", ") + " or " + (q.last ?? "")
    }

    /// A function field: referenced in the registry.
    func hook(_ t: Int32, _ key: String, _ path: String) throws(LuaError) -> HookRef? {
        vm.rawGet(at: t, field: key)
        if vm.type(at: -1) == LUA_TNIL { vm.pop(1); return nil }
        guard vm.type(at: -1) == LUA_TFUNCTION else {
            let e = fail(path, "a function", at: -1); vm.pop(1); throw e
        }
        return makeHook()
    }

    /// References the function on top (pops it).
    func makeHook() -> HookRef {
        var ar = lua_Debug()
        vm.pushValue(at: -1)
        var line = 0
        if lua_getinfo(vm.L, ">S", &ar) != 0 { line = Int(ar.linedefined) }
        return HookRef(ref: vm.ref(), file: file, line: max(line, 0))
    }

    /// A value that is a fixed choice/number or a function.
    func computed<V>(_ t: Int32, _ key: String, _ path: String, expected: String,
                     fixed: () throws(LuaError) -> V?) throws(LuaError) -> Computed<V>? {
        vm.rawGet(at: t, field: key)
        switch vm.type(at: -1) {
        case LUA_TNIL: vm.pop(1); return nil
        case LUA_TFUNCTION: return .hook(makeHook())
        default:
            vm.pop(1)
            guard let v = try fixed() else { return nil }
            return .fixed(v)
        }
    }

    /// Pushes the sub-table `key` (nil when absent) and returns whether it is a table.
    func subtable(_ t: Int32, _ key: String, _ path: String) throws(LuaError) -> Bool {
        vm.rawGet(at: t, field: key)
        if vm.type(at: -1) == LUA_TNIL { vm.pop(1); return false }
        guard vm.type(at: -1) == LUA_TTABLE else {
            let e = fail(path, "a table", at: -1); vm.pop(1); throw e
        }
        return true
    }

    // MARK: the policy table

    /// Reads the policy table at `index`.
    mutating func read(at index: Int32) throws(LuaError) -> PolicyFields {
        let t = lua_absindex(vm.L, index)
        var f = PolicyFields()
        checkKeys(at: t, known: Self.topKeys, path: "")
        f.name = try string(t, "name", "name")
        f.extends = try string(t, "extends", "extends")
        if vm.rawGet(at: t, field: "api") != LUA_TNIL {
            defer { vm.pop(1) }
            guard let api = vm.integer(at: -1) else { throw fail("api", "an integer", at: -1) }
            guard api == ReorderLuaVersion.api else {
                throw LuaError(kind: .validation, file: file,
                               message: "api: unsupported api version \(api) (this host speaks api \(ReorderLuaVersion.api))")
            }
            f.api = api
        } else { vm.pop(1) }
        f.minPressDuration = try number(t, "min_press_duration", "min_press_duration", in: Limits.minPressDuration)
        f.allowableMovement = try number(t, "allowable_movement", "allowable_movement", in: Limits.allowableMovement)
        f.semantics = try computed(t, "semantics", "semantics", expected: "") { () throws(LuaError) -> Semantics? in
            try choice(t, "semantics", "semantics", Semantics.init(rawValue:), names: ["move", "exchange"] + ["a function"])
        }
        f.targetRule = try choice(t, "target_rule", "target_rule", TargetRule.init(rawValue:),
                                  names: ["under_finger", "center_distance"])
        f.follow = try choice(t, "follow", "follow", FollowMode.init(rawValue:), names: ["y", "xy", "translation"])
        f.ignoresTouchesWhileDropping = try bool(t, "ignore_touches_while_dropping", "ignore_touches_while_dropping")

        if try subtable(t, "snapshot", "snapshot") {
            let s = vm.top
            defer { vm.pop(1) }
            checkKeys(at: s, known: Self.snapshotKeys, path: "snapshot")
            f.scale = try number(s, "scale", "snapshot.scale", in: Limits.scale)
            f.alpha = try number(s, "alpha", "snapshot.alpha", in: Limits.alpha)
            f.rotation = try number(s, "rotation", "snapshot.rotation", in: Limits.rotation)
            f.cornerRadius = try number(s, "corner_radius", "snapshot.corner_radius", in: Limits.cornerRadius)
            f.placeholder = try choice(s, "placeholder", "snapshot.placeholder", { name -> PlaceholderStyle? in
                switch name {
                case "hidden": return .hidden
                case "visible": return .visible
                default: return Color(hex: name).map { .color($0) }
                }
            }, names: ["hidden", "visible", "#rrggbb"])
            if try subtable(s, "shadow", "snapshot.shadow") {
                let h = vm.top
                defer { vm.pop(1) }
                checkKeys(at: h, known: Self.shadowKeys, path: "snapshot.shadow")
                f.shadowColor = try choice(h, "color", "snapshot.shadow.color", Color.init(hex:), names: ["#rrggbb", "#rrggbbaa"])
                f.shadowOpacity = try number(h, "opacity", "snapshot.shadow.opacity", in: Limits.shadowOpacity)
                f.shadowRadius = try number(h, "radius", "snapshot.shadow.radius", in: Limits.shadowRadius)
                if try subtable(h, "offset", "snapshot.shadow.offset") {
                    let o = vm.top
                    defer { vm.pop(1) }
                    checkKeys(at: o, known: ["x", "y", "1", "2"], path: "snapshot.shadow.offset")
                    let x = try number(o, "x", "snapshot.shadow.offset.x", in: Limits.shadowOffset)
                    let y = try number(o, "y", "snapshot.shadow.offset.y", in: Limits.shadowOffset)
                    vm.rawGet(at: o, index: 1)
                    let x1 = vm.number(at: -1)
                    let t1 = vm.type(at: -1)
                    if t1 != LUA_TNIL, x1 == nil || !(x1?.isFinite ?? false) { let e = fail("snapshot.shadow.offset[1]", "a finite number", at: -1); vm.pop(1); throw e }
                    if let v = x1, !Limits.shadowOffset.contains(v) { let e = fail("snapshot.shadow.offset[1]", "a number \(Limits.shadowOffset)", at: -1); vm.pop(1); throw e }
                    vm.pop(1)
                    vm.rawGet(at: o, index: 2)
                    let y1 = vm.number(at: -1)
                    let t2 = vm.type(at: -1)
                    if t2 != LUA_TNIL, y1 == nil || !(y1?.isFinite ?? false) { let e = fail("snapshot.shadow.offset[2]", "a finite number", at: -1); vm.pop(1); throw e }
                    if let v = y1, !Limits.shadowOffset.contains(v) { let e = fail("snapshot.shadow.offset[2]", "a number \(Limits.shadowOffset)", at: -1); vm.pop(1); throw e }
                    vm.pop(1)
                    f.shadowOffset = Size(width: x ?? x1 ?? 0, height: y ?? y1 ?? 0)
                }
            }
            for (key, isLift) in [("lift", true), ("drop", false)] {
                if try subtable(s, key, "snapshot.\(key)") {
                    let a = vm.top
                    defer { vm.pop(1) }
                    checkKeys(at: a, known: Self.animationKeys, path: "snapshot.\(key)")
                    let d = try number(a, "duration", "snapshot.\(key).duration", in: Limits.duration)
                    let c = try curve(a, "snapshot.\(key).curve")
                    if isLift { f.liftDuration = d; f.liftCurve = c } else { f.dropDuration = d; f.dropCurve = c }
                }
            }
        }

        (f.displacementDuration, f.displacementCurve) = try animation(t, "displacement")

        if try subtable(t, "edge_scroll", "edge_scroll") {
            let e = vm.top
            defer { vm.pop(1) }
            checkKeys(at: e, known: Self.edgeKeys, path: "edge_scroll")
            f.edgeEnabled = try bool(e, "enabled", "edge_scroll.enabled")
            f.axes = try choice(e, "axes", "edge_scroll.axes", ScrollAxes.init(name:), names: ["vertical", "horizontal", "both"])
            f.reference = try choice(e, "reference", "edge_scroll.reference", EdgeReference.init(rawValue:),
                                     names: ["finger", "center", "leading_edge"])
            f.zone = try computed(e, "zone", "edge_scroll.zone", expected: "") { () throws(LuaError) -> Double? in
                try numberOrFunction(e, "zone", "edge_scroll.zone", in: Limits.zone)
            }
            f.speed = try computed(e, "speed", "edge_scroll.speed", expected: "") { () throws(LuaError) -> Double? in
                try numberOrFunction(e, "speed", "edge_scroll.speed", in: Limits.speed)
            }
        }

        f.canMove = try hook(t, "can_move", "can_move")
        f.target = try hook(t, "target", "target")
        f.onBegin = try hook(t, "on_begin", "on_begin")
        f.onMove = try hook(t, "on_move", "on_move")
        f.onEnd = try hook(t, "on_end", "on_end")
        f.onCancel = try computed(t, "on_cancel", "on_cancel", expected: "") { () throws(LuaError) -> CancelResolution? in
            try choice(t, "on_cancel", "on_cancel", CancelResolution.init(rawValue:), names: ["revert", "commit", "a function"])
        }
        return f
    }

    /// A number within `range`, or (the caller handles it) a function.
    private func numberOrFunction(_ t: Int32, _ key: String, _ path: String, in range: NumberRange) throws(LuaError) -> Double? {
        vm.rawGet(at: t, field: key); defer { vm.pop(1) }
        guard let d = vm.number(at: -1), range.contains(d) else {
            throw fail(path, "a number \(range) or a function", at: -1)
        }
        return d
    }
}

/// The documented ranges of the static fields (ReorderCore's, shared with the native checks).
typealias Limits = PolicyConfiguration.Limits
