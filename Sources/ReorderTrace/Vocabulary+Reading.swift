import ReorderCore
import ReorderPersistence

extension Vocabulary {
    /// An input that cannot be read: the field at fault (nil: the object as a whole) and what
    /// is wrong. A trace prefixes its line (`line 3: x: ...`), the playground the message's
    /// place (`frame.inputs[1].x: ...`).
    ///
    /// ```swift
    /// FieldError(field: "x", problem: "expected a number from -1e7 to 1e7 (got 2e+07)").description
    /// // "x: expected a number from -1e7 to 1e7 (got 2e+07)"
    /// ```
    public struct FieldError: Error, Hashable, Sendable, CustomStringConvertible {
        public var field: String?
        public var problem: String
        public init(field: String?, problem: String) { self.field = field; self.problem = problem }
        public var description: String { field.map { "\($0): \(problem)" } ?? problem }
    }

    /// What a field of `type` must be, as messages say after "expected".
    ///
    /// ```swift
    /// Vocabulary.expectation(.points)   // "a number from -1e7 to 1e7"
    /// ```
    public static func expectation(_ type: FieldType) -> String {
        switch type {
        case .seconds: return Limits.time.expectation
        case .points: return Limits.coordinate.expectation
        case .index: return Limits.position.expectation
        case .count: return Limits.repeatCount.expectation
        case .position: return "[section, row], 1-based"
        case .positions: return "a list of [section, row], 1-based"
        case .ids: return "a list of item ids"
        case .name(let names): return "one of " + ChoiceText.list(names)
        case .action: return actionExpectation
        }
    }


    /// Reads an input object (a trace line, an input of a page's message): its `type`, each
    /// field of that type within its bound, and `time` (or its old spelling `t`). With
    /// `strict` (traces), a key the type does not take is an error; without (the page's
    /// messages, which carry `v` and `seq`), it is ignored. `repeatCount` bounds a key's `n`
    /// (a page holds it to less than a trace).
    ///
    /// ```swift
    /// let o = try JSONParser.parse(Array(#"{"type":"key","key":"down","n":2,"t":1.5}"#.utf8))
    /// try Vocabulary.input(from: o, strict: true)   // .key(1.5, .down, 2)
    /// ```
    /// - Throws: ``FieldError`` naming the field and what it must be.
    package static func input(from object: JSONValue, strict: Bool,
                              repeatCount: NumberRange = Limits.repeatCount) throws(FieldError) -> TraceInput {
        guard case .object(let members) = object else {
            throw FieldError(field: nil, problem: "expected an object such as {\"type\":\"down\",\"x\":120,\"y\":210,\"time\":0.5}")
        }
        let kind = try self.kind(members)
        if strict {
            for m in members where m.key != "type" && m.key != time.name && aliases[m.key] != time.name
                && kind.field(m.key) == nil {
                let takes = (kind.fields.map(\.name) + [time.name]).joined(separator: ", ")
                throw FieldError(field: nil, problem: "\"\(kind.name)\" takes no \"\(EchoText.clip(m.key))\" (it takes \(takes))")
            }
        }
        var values: [Value?] = []
        values.reserveCapacity(kind.fields.count)
        for field in kind.fields {
            guard let raw = member(members, field.name), raw != .null else {
                if field.isOptional { values.append(nil); continue }
                throw FieldError(field: field.name, problem: "missing (expected \(expectation(field.type)))")
            }
            values.append(try value(raw, field, repeatCount: repeatCount))
        }
        let t = try timeValue(members)
        guard let input = Record(kind: kind, values: values, time: t).input else {
            throw FieldError(field: nil, problem: "cannot make a \(kind.name) input")
        }
        return input
    }

    /// The kind its `type` names.
    static func kind(_ members: [JSONMember]) throws(FieldError) -> Kind {
        let names = inputNamesText
        switch member(members, "type") {
        case .string(let name)?:
            guard let kind = input(name) else {
                throw FieldError(field: "type", problem: "unknown input \"\(EchoText.clip(name))\" (expected \(names))")
            }
            return kind
        case nil, .null?: throw FieldError(field: "type", problem: "missing (expected \(names))")
        case let other?: throw FieldError(field: "type", problem: "expected one of \(names) (got \(other.kindDescription))")
        }
    }

    /// The input names as a message lists them: written once, not at every input read (the
    /// page's decode spent half its time joining them).
    private static let inputNamesText = ChoiceText.list(inputs.map(\.name))

    /// `time`'s old spelling (``aliases``), found once rather than at every input read.
    private static let oldTimeName = aliases.first { $0.value == time.name }?.key ?? time.name

    /// `time`, or `t` in a trace or page of an older build; not both.
    package static func timeValue(_ members: [JSONMember]) throws(FieldError) -> Double {
        let old = oldTimeName
        let given = member(members, time.name), oldGiven = member(members, old)
        if given != nil && oldGiven != nil {
            throw FieldError(field: time.name, problem: "given twice, as \"\(time.name)\" and as its old spelling \"\(old)\"")
        }
        guard let raw = given ?? oldGiven, raw != .null else {
            throw FieldError(field: time.name, problem: "missing (expected \(expectation(time.type)))")
        }
        // Named as given, in the old spelling too.
        let field = given == nil ? Field(old, time.type, time.summary) : time
        guard case .number(let d) = try value(raw, field) else { throw FieldError(field: field.name, problem: "expected a number") }
        return d
    }

    /// A field's value, checked against its type and bound.
    static func value(_ raw: JSONValue, _ field: Field, repeatCount: NumberRange = Limits.repeatCount) throws(FieldError) -> Value {
        func fail(_ got: String? = nil) -> FieldError {
            let expected = field.type == .count ? repeatCount.expectation : expectation(field.type)
            return FieldError(field: field.name, problem: "expected \(expected)" + (got.map { " (got \($0))" } ?? ""))
        }
        func number(_ r: NumberRange) throws(FieldError) -> Double {
            guard case .number(let spelled) = raw else { throw fail(raw.kindDescription) }
            guard let d = Double(spelled), r.contains(d) else { throw fail(EchoText.clip(spelled)) }
            return d
        }
        func name() throws(FieldError) -> String {
            guard case .string(let s) = raw else { throw fail(raw.kindDescription) }
            return s
        }
        switch field.type {
        case .seconds: return .number(try number(Limits.time))
        case .points: return .number(try number(Limits.coordinate))
        case .index: return .whole(Int(try number(Limits.position)))
        case .count: return .whole(Int(try number(repeatCount)))
        case .name(let names):
            let s = try name()
            guard names.contains(s) else { throw fail("\"\(EchoText.clip(s))\"") }
            return .name(s)
        case .action:
            let s = try name()
            guard KeyboardAction(name: s) != nil else { throw fail("\"\(EchoText.clip(s))\"") }
            return .name(s)
        case .position, .positions, .ids:
            // Events only: nothing reads them back.
            throw fail()
        }
    }

    package static func member(_ members: [JSONMember], _ key: String) -> JSONValue? {
        for m in members where m.key == key { return m.value }
        return nil
    }
}
