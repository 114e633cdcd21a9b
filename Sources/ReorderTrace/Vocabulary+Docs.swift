import ReorderCore

extension Vocabulary {
    /// The inputs table of docs/REFERENCE.md and docs/PLAYGROUND.md (`reorder fields --inputs
    /// --markdown`): one row per input, its fields with their types and bounds.
    public static var inputTable: String {
        var out = "| `type` | Fields besides `time` | What it is | Example |\n|---|---|---|---|\n"
        for kind in inputs {
            out += "| `\(kind.name)` | \(fieldCell(kind)) | \(kind.summary) | `\(json(example(kind)))` |\n"
        }
        out += "\n" + timeLine("input")
        return out
    }

    /// The events table of docs/REFERENCE.md and docs/PLAYGROUND.md (`reorder fields --events
    /// --markdown`): one row per event, its fields and its text form.
    public static var eventTable: String {
        var out = "| `type` | Fields besides `time` | What happened | Example | Its text form |\n|---|---|---|---|---|\n"
        for kind in events {
            let e = example(kind)
            out += "| `\(kind.name)` | \(fieldCell(kind)) | \(kind.summary) | `\(json(e))` | `\(text(of: e))` |\n"
        }
        out += "\n" + timeLine("event")
        return out
    }

    /// An example of `kind` for the docs (and the tests that check every kind): x 120, y 210,
    /// section 1, row 3, `n` 2, the first name of a list, time 1.25 s, ...
    ///
    /// ```swift
    /// Vocabulary.json(Vocabulary.example(Vocabulary.Inputs.down))   // {"type":"down","x":120.0,"y":210.0,"time":1.25}
    /// ```
    public static func example(_ kind: Kind) -> Record {
        var points = [120.0, 210.0].makeIterator(), indexes = [1, 3].makeIterator()
        var positions = [ItemPosition(section: 0, item: 1), ItemPosition(section: 0, item: 4)].makeIterator()
        let values: [Value?] = kind.fields.map { f in
            switch f.type {
            case .seconds: return .number(0.5)
            case .points: return .number(points.next() ?? 0)
            case .index: return .whole(indexes.next() ?? 1)
            case .count: return .whole(2)
            case .name(let names): return .name(names.first ?? "")
            case .action: return .name(KeyboardAction.moveToSection(1).name)
            case .position: return .position(positions.next() ?? ItemPosition(section: 0, item: 0))
            case .positions: return .positions([ItemPosition(section: 0, item: 1), ItemPosition(section: 0, item: 2)])
            case .ids: return .ids(["b", "c"])
            }
        }
        return Record(kind: kind, values: values, time: 1.25)
    }

    /// `time`, said once under each table.
    static func timeLine(_ what: String) -> String {
        let old = aliases.filter { $0.value == time.name }.keys.sorted().map { "`\($0)`" }.joined(separator: ", ")
        return "Every \(what) has `\(time.name)`: \(time.summary), \(expectation(time.type))"
            + (what == "input" && !old.isEmpty ? " (\(old), its old spelling, is still read)" : "") + ".\n"
    }

    static func fieldCell(_ kind: Kind) -> String {
        guard !kind.fields.isEmpty else { return "" }
        return kind.fields.map { f in
            let what: String
            switch f.type {
            case .name(let names): what = names.map { "`\($0)`" }.joined(separator: ", ")
            case .action: what = (actionNames + actionPatterns).map { "`\($0)`" }.joined(separator: ", ")
            default: what = expectation(f.type)
            }
            return "`\(f.name)`\(f.isOptional ? "?" : ""): \(f.summary) (\(what))"
        }.joined(separator: "; ")
    }
}
