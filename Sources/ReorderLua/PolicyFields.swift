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

/// One field's value as read from a policy table: a fixed value of the field's type, or a
/// function (a hook).
enum FieldValue {
    case value(any Sendable)
    case hook(HookRef)
}

/// The fields of one policy table (one level of an `extends` chain), validated, by Lua path
/// (`"snapshot.scale"`). A path without a value is "not given here": the parent's applies.
///
/// What each path holds, how it is read, merged and applied is in ``PolicyField/all``.
struct PolicyFields {
    /// By position in ``PolicyField/all`` (an array, not a dictionary by path: a load reads
    /// every field, and hashing each path cost about a fifth of a reload).
    private var values = [FieldValue?](repeating: nil, count: PolicyField.all.count)

    subscript(index: Int) -> FieldValue? {
        get { values[index] }
        set { values[index] = newValue }
    }

    subscript(path: String) -> FieldValue? {
        PolicyField.indices[path].flatMap { values[$0] }
    }

    /// The fixed value at `path` when it is given as a value of type `V` (nil: absent, a
    /// function, or another type).
    func value<V>(_ path: String, as type: V.Type = V.self) -> V? {
        if case .value(let v)? = self[path] { return v as? V }
        return nil
    }

    var name: String? { value("name") }
    var extends: String? { value("extends") }

    /// `child` over `self`, field by field as each descriptor's ``PolicyField/Merge`` says.
    func overlaid(by child: PolicyFields) -> PolicyFields {
        var r = PolicyFields()
        for (i, f) in PolicyField.all.enumerated() {
            switch f.merge {
            case .inherited: r.values[i] = child.values[i] ?? values[i]
            case .own: r.values[i] = child.values[i]
            }
        }
        return r
    }

    /// The static configuration these fields describe (unset fields keep
    /// `PolicyConfiguration`'s defaults).
    func configuration(name: String) -> PolicyConfiguration {
        var c = PolicyConfiguration(name: name)
        for (i, f) in PolicyField.all.enumerated() {
            if let apply = f.apply, let v = values[i] { apply(v, &c) }
        }
        return c
    }

    /// Where `hook` is defined, when this level gives it as a function (nil: absent, or a
    /// fixed value).
    func definition(of hook: Hook) -> HookRef? {
        guard let path = PolicyField.paths[hook], case .hook(let h)? = self[path] else { return nil }
        return h
    }

    /// Every hook reference held (to release them).
    var refs: [Int32] { Hook.allCases.compactMap { definition(of: $0)?.ref } }
}

/// The hooks a policy may define (docs/POLICIES.md). Each has a descriptor in
/// ``PolicyField/all`` that names its field.
enum Hook: Int, CaseIterable, Sendable {
    case canMove, target, semantics, zone, speed, onBegin, onMove, onEnd, onCancel
    case announce, actions, instructions
    /// Selection and group drags.
    case canSelect, canAdd
    /// Tree sessions.
    case canNest
    /// Dropping onto an item.
    case combine

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
        case .announce: "announce"
        case .actions: "actions"
        case .instructions: "instructions"
        case .canSelect: "can_select"
        case .canAdd: "can_add"
        case .canNest: "can_nest"
        case .combine: "combine"
        }
    }
}

/// The documented ranges of the static fields (ReorderCore's, shared with the native checks).
typealias Limits = PolicyConfiguration.Limits
