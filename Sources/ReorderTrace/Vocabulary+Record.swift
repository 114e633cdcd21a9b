import ReorderCore
import ReorderPersistence

extension Vocabulary {
    /// A field's value.
    public enum Value: Hashable, Sendable {
        /// Seconds or points.
        case number(Double)
        /// A whole number as written: a 1-based section or row, a count.
        case whole(Int)
        /// A name: a key, an action, a semantics, ...
        case name(String)
        /// A position (0-based here, written 1-based).
        case position(ItemPosition)
        case positions([ItemPosition])
        case ids([String])
    }

    /// One input or event in the vocabulary's terms: its kind, one value per field of the kind
    /// (nil: an optional field left out at its default) and its time. Every form (JSON, Lua,
    /// text) is written from a record, and an input read from JSON becomes one first.
    ///
    /// ```swift
    /// let r = Vocabulary.Record(TraceInput.key(2, .down, 3))
    /// r.kind.name       // "key"
    /// r.values          // [.name("down"), .whole(3)]
    /// r.input           // .key(2, .down, 3)
    /// ```
    public struct Record: Hashable, Sendable {
        public let kind: Kind
        /// One per field of ``kind``, in its order.
        public let values: [Value?]
        public let time: Double

        public init(kind: Kind, values: [Value?], time: Double) {
            self.kind = kind; self.values = values; self.time = time
        }

        /// The value of the field `name`, or nil.
        public func value(_ name: String) -> Value? {
            guard let i = kind.fields.firstIndex(where: { $0.name == name }) else { return nil }
            return values[i]
        }

        /// An input as its record.
        public init(_ input: TraceInput) {
            typealias I = Inputs
            func item(_ p: ItemPosition) -> [Value?] { [.whole(p.section + 1), .whole(p.item + 1)] }
            switch input {
            case .down(let t, let p): self.init(kind: I.down, values: [.number(p.x), .number(p.y)], time: t)
            case .move(let t, let p): self.init(kind: I.move, values: [.number(p.x), .number(p.y)], time: t)
            case .up(let t): self.init(kind: I.up, values: [], time: t)
            case .cancel(let t): self.init(kind: I.cancel, values: [], time: t)
            case .frame(let t): self.init(kind: I.frame, values: [], time: t)
            case .focus(let t, let p): self.init(kind: I.focus, values: item(p), time: t)
            case .key(let t, let k, let n):
                self.init(kind: I.key, values: [.name(k.rawValue), n == defaultCount ? nil : .whole(n)], time: t)
            case .action(let t, let p, let a): self.init(kind: I.action, values: item(p) + [.name(a.name)], time: t)
            case .select(let t, let p): self.init(kind: I.select, values: item(p), time: t)
            case .deselect(let t, let p): self.init(kind: I.deselect, values: item(p), time: t)
            case .tap(let t, let p): self.init(kind: I.tap, values: item(p), time: t)
            case .toggle(let t, let p): self.init(kind: I.toggle, values: item(p), time: t)
            case .pan(let t, let p, let d):
                self.init(kind: I.pan, values: [.number(p.x), .number(p.y), .number(d.x), .number(d.y)], time: t)
            }
        }

        /// An event as its record.
        public init(_ event: DragEvent) {
            typealias E = Events
            switch event {
            case .begin(let p, let t): self.init(kind: E.begin, values: [.position(p)], time: t)
            case .move(let f, let to, let s, let t):
                self.init(kind: E.move, values: [.position(f), .position(to), .name(s.rawValue)], time: t)
            case .end(let f, let to, let t): self.init(kind: E.end, values: [.position(f), .position(to)], time: t)
            case .cancel(let r, let t): self.init(kind: E.cancel, values: [.name(r.rawValue)], time: t)
            case .rollback(let t): self.init(kind: E.rollback, values: [], time: t)
            case .refuse(let p, let t): self.init(kind: E.refuse, values: [.position(p)], time: t)
            case .combine(let f, let onto, let t): self.init(kind: E.combine, values: [.position(f), .position(onto)], time: t)
            case .group(let of, let items, let ps, let t):
                self.init(kind: E.group, values: [.name(of), .ids(items), .positions(ps)], time: t)
            }
        }

        /// The input this record of an input stands for; nil when a value is missing or of
        /// another type (a record read from JSON has been checked: never nil).
        public var input: TraceInput? {
            func whole(_ i: Int) -> Int? { if case .whole(let n)? = values[i] { return n }; return nil }
            func number(_ i: Int) -> Double? { if case .number(let d)? = values[i] { return d }; return nil }
            func name(_ i: Int) -> String? { if case .name(let s)? = values[i] { return s }; return nil }
            func point() -> Point? {
                guard let x = number(0), let y = number(1) else { return nil }
                return Point(x: x, y: y)
            }
            func item() -> ItemPosition? {
                guard let s = whole(0), let r = whole(1) else { return nil }
                return ItemPosition(section: s - 1, item: r - 1)
            }
            let t = time
            typealias I = Inputs
            switch kind.name {
            case I.down.name: return point().map { .down(t, $0) }
            case I.move.name: return point().map { .move(t, $0) }
            case I.up.name: return .up(t)
            case I.cancel.name: return .cancel(t)
            case I.frame.name: return .frame(t)
            case I.focus.name: return item().map { .focus(t, $0) }
            case I.key.name:
                guard let key = name(0).flatMap(KeyboardKey.init(rawValue:)) else { return nil }
                return .key(t, key, values[1] == nil ? defaultCount : whole(1) ?? defaultCount)
            case I.action.name:
                guard let p = item(), let action = name(2).flatMap(KeyboardAction.init(name:)) else { return nil }
                return .action(t, p, action)
            case I.select.name: return item().map { .select(t, $0) }
            case I.deselect.name: return item().map { .deselect(t, $0) }
            case I.tap.name: return item().map { .tap(t, $0) }
            case I.toggle.name: return item().map { .toggle(t, $0) }
            case I.pan.name:
                guard let p = point(), let dx = number(2), let dy = number(3) else { return nil }
                return .pan(t, p, Point(x: dx, y: dy))
            default: return nil
            }
        }

        /// The event this record of an event stands for; nil when a value is missing or of
        /// another type.
        public var event: DragEvent? {
            func position(_ i: Int) -> ItemPosition? { if case .position(let p)? = values[i] { return p }; return nil }
            func name(_ i: Int) -> String? { if case .name(let s)? = values[i] { return s }; return nil }
            let t = time
            typealias E = Events
            switch kind.name {
            case E.begin.name: return position(0).map { .begin(position: $0, time: t) }
            case E.move.name:
                guard let f = position(0), let to = position(1), let s = name(2).flatMap(Semantics.init(rawValue:)) else { return nil }
                return .move(from: f, to: to, semantics: s, time: t)
            case E.end.name:
                guard let f = position(0), let to = position(1) else { return nil }
                return .end(from: f, to: to, time: t)
            case E.cancel.name: return name(0).flatMap(CancelResolution.init(rawValue:)).map { .cancel(resolution: $0, time: t) }
            case E.rollback.name: return .rollback(time: t)
            case E.refuse.name: return position(0).map { .refuse(position: $0, time: t) }
            case E.combine.name:
                guard let f = position(0), let onto = position(1) else { return nil }
                return .combine(from: f, onto: onto, time: t)
            case E.group.name:
                guard let of = name(0), case .ids(let ids)? = values[1], case .positions(let ps)? = values[2] else { return nil }
                return .group(of: of, items: ids, positions: ps, time: t)
            default: return nil
            }
        }
    }

    // MARK: - JSON

    /// Writes `record` as one JSON object: `type`, the fields in the kind's order (an optional
    /// one only when it is not the default), then `time`. Positions are written 1-based,
    /// numbers exactly (``JSONWriter``).
    ///
    /// ```swift
    /// var w = JSONWriter()
    /// Vocabulary.write(Vocabulary.Record(TraceInput.down(0.5, Point(x: 120, y: 210))), to: &w)
    /// w.text   // {"type":"down","x":120.0,"y":210.0,"time":0.5}
    /// ```
    /// `more` writes members before `type` (a page's message puts `v` and `seq` there).
    package static func write(_ record: Record, to w: inout JSONWriter, more: ((inout JSONWriter) -> Void)? = nil) {
        func position(_ w: inout JSONWriter, _ p: ItemPosition) { write(p, to: &w) }
        w.object { w in
            more?(&w)
            w.field("type", record.kind.name)
            for (field, value) in zip(record.kind.fields, record.values) {
                guard let value else { continue }
                w.field(field.name) { w in
                    switch value {
                    case .number(let d): w.number(d)
                    case .whole(let n): w.integer(n)
                    case .name(let s): w.string(s)
                    case .position(let p): position(&w, p)
                    case .positions(let ps): w.array { w in for p in ps { position(&w, p) } }
                    case .ids(let ids): w.array { w in for id in ids { w.string(id) } }
                    }
                }
            }
            w.field(Vocabulary.time.name, record.time)
        }
    }

    /// A position as every JSON form writes it: 1-based `[section, row]`.
    package static func write(_ p: ItemPosition, to w: inout JSONWriter) {
        w.array { $0.integer(p.section + 1); $0.integer(p.item + 1) }
    }

    /// `record` as a one-line JSON object (``write(_:to:)``).
    package static func json(_ record: Record) -> String {
        var w = JSONWriter()
        write(record, to: &w)
        return w.text
    }

    // MARK: - Text

    /// An event's text form, from its kind's ``Kind/text``: positions `section.row` (1-based),
    /// the time in seconds with 3 decimals, as `s:show()` writes times. An input (it has no
    /// text form) is written as its type and time.
    ///
    /// ```swift
    /// let p = ItemPosition(section: 0, item: 1), q = ItemPosition(section: 0, item: 4)
    /// Vocabulary.text(of: .init(DragEvent.move(from: p, to: q, semantics: .move, time: 1.4166)))
    /// // "move 1.2 → 1.5 (move) at 1.417"
    /// ```
    public static func text(of record: Record) -> String {
        guard let template = record.kind.text else { return "\(record.kind.name) at \(timeText(record.time))" }
        var out = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            out += rest[..<open]
            let names = rest[rest.index(after: open)..<close].split(separator: " ").map(String.init)
            out += placeholder(names, of: record)
            rest = rest[rest.index(after: close)...]
        }
        return out + rest
    }

    /// A time as text forms write it: seconds with at most 3 decimals (`1.417`, `2`).
    public static func timeText(_ t: Double) -> String { NumberText.rounded(t, decimals: 3) }

    /// A value as text forms write it.
    static func valueText(_ v: Value) -> String {
        switch v {
        case .number(let d): return NumberText.rounded(d, decimals: 2)
        case .whole(let n): return String(n)
        case .name(let s): return s
        case .position(let p): return p.label
        case .positions(let ps): return ps.map(\.label).joined(separator: ", ")
        case .ids(let ids): return ids.joined(separator: ", ")
        }
    }

    /// A step from one place to another, as text forms and plots write it: `1.2 → 1.5`.
    public static func step(_ from: String, _ to: String) -> String { "\(from) → \(to)" }

    /// `{time}`, `{field}`, `{from to}` (a step) or `{items positions}` (two lists' elements
    /// side by side).
    private static func placeholder(_ names: [String], of record: Record) -> String {
        if names == [time.name] { return timeText(record.time) }
        let values = names.map { record.value($0) }
        if values.count == 2, case .position(let from)? = values[0], case .position(let to)? = values[1] {
            return step(from.label, to.label)
        }
        if values.count == 2, case .ids(let ids)? = values[0], case .positions(let ps)? = values[1] {
            return zip(ids, ps).map { "\($0) \($1.label)" }.joined(separator: ", ")
        }
        return values.compactMap { $0.map(valueText) }.joined(separator: " ")
    }
}
